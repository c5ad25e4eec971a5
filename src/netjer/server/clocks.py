"""Time controls of a web table: the settings chosen in the lobby and the clocks' state.

Two kinds of clock (as Board Game Arena offers them):

* **real-time**: each seat has a bank of seconds that runs down while it is the seat to act;
  at the end of each of its turns the increment is added (Fischer increment);
* **turn-based**: each turn must be played within a fixed deadline (1 h, 12 h, 1 day, 3 days).

A *turn* is the run of decisions a seat takes in a row: the engines split a compound move
(Ankh's "move your figures") into several decisions, and charging or crediting each of them
separately would give a player free time per click.  The clock of a seat starts when it
becomes the seat to act and stops when another seat (or nobody: the game is over) must act.

The state is plain data persisted with the table (``tables.clock_state``) in the same
transaction as the action that changed it, so a restart continues the clocks where they were.
Times are seconds since the epoch from an injectable clock (tests use a fake one); a server
outage is wall time like any other (see :data:`RESTART_GRACE`).

Simultaneous choices (Aton's cartouches, Ankh's Battle cards) are taken one seat at a time by
the engines (DESIGN.md, "The kernel contract"), so exactly one seat can act at any moment and
only its clock runs; a seat that must wait for the other's secret choice is not charged.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal

#: The turn-based deadlines offered, in seconds: 1 hour, 12 hours, 1 day, 3 days.
TURN_DEADLINES: tuple[int, ...] = (3600, 43200, 86400, 259200)
#: Bounds of a real-time bank and increment, in seconds.
MIN_BANK, MAX_BANK = 5.0, 3 * 3600.0
MAX_INCREMENT = 600.0
#: After a restart, a seat whose deadline passed while the server was down (or is about to
#: pass) still has this many seconds, or a quarter of its bank / turn deadline if that is
#: shorter, from the restart to act: time to reconnect.
RESTART_GRACE = 30.0


def restart_grace(settings: ClockSettings) -> float:
    """Seconds from a restart that a running clock has at least (see :data:`RESTART_GRACE`)."""
    budget = settings.bank if settings.mode == "realtime" else settings.per_turn
    return min(RESTART_GRACE, budget / 4)


Mode = Literal["none", "realtime", "turn"]
OnTimeout = Literal["computer", "out"]


@dataclass(frozen=True)
class ClockSettings:
    """A table's time control.

    Attributes:
        mode: ``"none"``, ``"realtime"`` or ``"turn"``.
        bank: real-time: seconds each seat starts with.
        increment: real-time: seconds added at the end of each of a seat's turns.
        per_turn: turn-based: seconds to play each turn (one of :data:`TURN_DEADLINES`).
        on_timeout: what happens to a seat whose time runs out: ``"computer"`` (the
            heuristic agent plays for it until the person takes the seat back) or ``"out"``
            (it loses the game: offered for two-seat tables only).
    """

    mode: Mode = "none"
    bank: float = 0.0
    increment: float = 0.0
    per_turn: float = 0.0
    on_timeout: OnTimeout = "computer"

    @property
    def active(self) -> bool:
        """Whether the table has clocks at all."""
        return self.mode != "none"

    def check(self, seats: int) -> None:
        """Refuse settings out of range.

        Raises:
            ValueError: with the reason (a real-time bank outside 5 s to 3 h, an increment
                over 10 min, a turn deadline not offered, ``out`` with more than two seats).
        """
        if self.mode == "realtime":
            if not MIN_BANK <= self.bank <= MAX_BANK:
                raise ValueError(f"a real-time bank must be {MIN_BANK:g} to {MAX_BANK:g} seconds, got {self.bank:g}")
            if not 0 <= self.increment <= MAX_INCREMENT:
                raise ValueError(f"the increment must be 0 to {MAX_INCREMENT:g} seconds, got {self.increment:g}")
        elif self.mode == "turn" and self.per_turn not in TURN_DEADLINES:
            offered = ", ".join(str(d) for d in TURN_DEADLINES)
            raise ValueError(f"a turn deadline must be one of {offered} seconds, got {self.per_turn:g}")
        if self.active and self.on_timeout == "out" and seats != 2:
            raise ValueError(
                "'out' (the seat whose time runs out loses) is offered for two-player tables; "
                "with more players the computer plays for a seat that runs out of time"
            )

    def to_json(self) -> dict[str, Any]:
        """The settings as JSON data (what the table stores and the views show)."""
        return {
            "mode": self.mode,
            "bank": self.bank,
            "increment": self.increment,
            "per_turn": self.per_turn,
            "on_timeout": self.on_timeout,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> ClockSettings:
        """Settings from :meth:`to_json`'s data (``None``: no clock)."""
        if not data:
            return cls()
        return cls(
            mode=data.get("mode", "none"),
            bank=float(data.get("bank", 0.0)),
            increment=float(data.get("increment", 0.0)),
            per_turn=float(data.get("per_turn", 0.0)),
            on_timeout=data.get("on_timeout", "computer"),
        )


@dataclass
class ClockState:
    """The clocks of one table at a moment.

    Attributes:
        remaining: real-time: each seat's bank in seconds at the start of its current turn
            (for the running seat, the time since ``since`` is still to be taken off).
        seat: the seat whose clock runs, or ``None`` (a computer seat acts, the game is over,
            a seat is still open, or the table has no clock).
        since: when ``seat``'s turn began (seconds since the epoch).
        standin: per seat, whether the computer plays for it (its time ran out).
        out: per seat, whether it is out of the game (``on_timeout="out"``).
    """

    remaining: list[float]
    seat: int | None = None
    since: float | None = None
    standin: list[bool] = field(default_factory=list)
    out: list[bool] = field(default_factory=list)

    @classmethod
    def new(cls, settings: ClockSettings, seats: int) -> ClockState:
        """Stopped clocks for a new table: every bank full, nobody stood in."""
        return cls(remaining=[settings.bank] * seats, standin=[False] * seats, out=[False] * seats)

    def copy(self) -> ClockState:
        """An independent copy."""
        return ClockState(list(self.remaining), self.seat, self.since, list(self.standin), list(self.out))

    def to_json(self) -> str:
        """The state as a JSON text (what the table stores)."""
        data = {"remaining": self.remaining, "seat": self.seat, "since": self.since}
        return json.dumps({**data, "standin": self.standin, "out": self.out})

    @classmethod
    def from_json(cls, text: str | None, settings: ClockSettings, seats: int) -> ClockState:
        """The state stored by :meth:`to_json` (a new one if nothing is stored)."""
        if not text:
            return cls.new(settings, seats)
        data = json.loads(text)
        return cls(
            remaining=[float(x) for x in data["remaining"]],
            seat=data.get("seat"),
            since=data.get("since"),
            standin=[bool(x) for x in data.get("standin", [False] * seats)],
            out=[bool(x) for x in data.get("out", [False] * seats)],
        )

    # --- reading ------------------------------------------------------------------------

    def deadline(self, settings: ClockSettings) -> float | None:
        """When the running seat's time runs out (seconds since the epoch), or ``None``."""
        if not settings.active or self.seat is None or self.since is None:
            return None
        if settings.mode == "realtime":
            return self.since + self.remaining[self.seat]
        return self.since + settings.per_turn

    def left(self, settings: ClockSettings, seat: int, now: float) -> float | None:
        """Seconds seat ``seat`` has left at ``now`` (never negative): its bank in real time,
        the time to the turn's deadline in turn-based play (``None`` for a seat not to act)."""
        if not settings.active:
            return None
        if settings.mode == "realtime":
            if seat == self.seat and self.since is not None:
                return max(0.0, self.remaining[seat] - (now - self.since))
            return max(0.0, self.remaining[seat])
        deadline = self.deadline(settings)
        if seat != self.seat or deadline is None:
            return None
        return max(0.0, deadline - now)

    # --- changing -----------------------------------------------------------------------

    def hand_over(self, settings: ClockSettings, to: int | None, now: float) -> None:
        """The turn passes to seat ``to`` (``None``: no seat's clock runs) at ``now``.

        The seat whose clock ran pays the time it used and gets the increment; ``to``'s
        clock starts.  Handing over to the seat already running changes nothing (its turn
        goes on).
        """
        if not settings.active or (to is not None and to == self.seat):
            return
        if self.seat is not None and self.since is not None and settings.mode == "realtime":
            used = now - self.since
            self.remaining[self.seat] = max(0.0, self.remaining[self.seat] - used) + settings.increment
        self.seat = to
        self.since = now if to is not None else None

    def time_out(self, settings: ClockSettings) -> int:
        """The running seat's time has run out: its bank is empty, the computer stands in
        (or it is out), and no clock runs.  Returns the seat.

        Raises:
            ValueError: if no clock is running.
        """
        seat = self.seat
        if seat is None:
            raise ValueError("no clock is running")
        if settings.mode == "realtime":
            self.remaining[seat] = 0.0
        if settings.on_timeout == "out":
            self.out[seat] = True
        else:
            self.standin[seat] = True
        self.seat = None
        self.since = None
        return seat

    def take_back(self, settings: ClockSettings, seat: int) -> None:
        """The person takes seat ``seat`` back from the computer.  In real time, a bank
        emptied by a timeout is refilled to the smaller of the bank and one minute, so that
        coming back is not an instant second timeout."""
        self.standin[seat] = False
        if settings.mode == "realtime":
            self.remaining[seat] = max(self.remaining[seat], min(settings.bank, 60.0))
