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

Simultaneous choices (Aton's exchange decisions and cartouches, Ankh's Battle cards and Plague
bids: :meth:`netjer.core.state.State.simultaneous_window`) are made by every seat of the window
at once, so every seat that must still choose has its clock running; a seat's turn there ends
when it has made all its choices of the window (it pays its time and gets the increment), even
if the engine applies them later.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from netjer.i18n import N_, join_list
from netjer.i18n_sentences import Sentence

#: The turn-based deadlines offered, in seconds: 1 hour, 12 hours, 1 day, 3 days.
TURN_DEADLINES: tuple[int, ...] = (3600, 43200, 86400, 259200)
#: Bounds of a real-time bank and increment, in seconds.
MIN_BANK, MAX_BANK = 5.0, 3 * 3600.0
MAX_INCREMENT = 600.0
#: After a restart, a seat whose deadline passed while the server was down (or is about to
#: pass) still has this many seconds, or a quarter of its bank / turn deadline if that is
#: shorter, from the restart to act: time to reconnect.
RESTART_GRACE = 30.0
#: For a table without a clock: the times without a connection after which the seat to act
#: counts as gone, in seconds (0: never, the default): 5 minutes, 1 hour, 1 day.
GONE_AFTER: tuple[int, ...] = (0, 300, 3600, 86400)


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
        on_timeout: what happens to a seat whose time runs out, or that is gone (see
            :meth:`absence_limit`): ``"computer"`` (the heuristic agent plays for it until
            the person takes the seat back) or ``"out"`` (it loses the game; at a table of
            three or more the others play on and it is ranked last:
            :mod:`netjer.server.retired_seats`).
        gone_after: a table without a clock: seconds without a connection after which the
            seat to act counts as gone (one of :data:`GONE_AFTER`; 0: never).
    """

    mode: Mode = "none"
    bank: float = 0.0
    increment: float = 0.0
    per_turn: float = 0.0
    on_timeout: OnTimeout = "computer"
    gone_after: float = 0.0

    @property
    def active(self) -> bool:
        """Whether the table has clocks at all."""
        return self.mode != "none"

    @property
    def watched(self) -> bool:
        """Whether seats can time out or count as gone (a clock, or ``gone_after``)."""
        return self.active or self.gone_after > 0

    def absence_limit(self, state: ClockState, seat: int) -> float | None:
        """How long seat ``seat``, one that must act now, may have had no connection before
        it counts as gone (seconds; ``None``: never).

        Issue 13: "a seat with no connection for the deadline counts as gone".  The deadline
        is the turn deadline at a turn-based table, the seat's bank at the start of its turn
        at a real-time table, and ``gone_after`` at a table without a clock.  The absence
        counts from the seat's last connection, which may be before its turn began: a person
        who left long ago is gone as soon as their turn comes, without making the others
        wait a whole deadline more.
        """
        if self.mode == "turn":
            return self.per_turn
        if self.mode == "realtime":
            return state.remaining[seat]
        return self.gone_after if self.gone_after > 0 else None

    def check(self, seats: int) -> None:
        """Refuse settings out of range.

        Raises:
            ValueError: with the reason (a real-time bank outside 5 s to 3 h, an increment
                over 10 min, a turn deadline not offered).
        """
        if self.mode == "realtime":
            if not MIN_BANK <= self.bank <= MAX_BANK:
                message = N_("a real-time bank must be {low} to {high} seconds, got {bank}")
                raise ValueError(Sentence(message, low=f"{MIN_BANK:g}", high=f"{MAX_BANK:g}", bank=f"{self.bank:g}"))
            if not 0 <= self.increment <= MAX_INCREMENT:
                message = N_("the increment must be 0 to {high} seconds, got {increment}")
                raise ValueError(Sentence(message, high=f"{MAX_INCREMENT:g}", increment=f"{self.increment:g}"))
        elif self.mode == "turn" and self.per_turn not in TURN_DEADLINES:
            offered = join_list(str(d) for d in TURN_DEADLINES)
            message = N_("a turn deadline must be one of {offered} seconds, got {per_turn}")
            raise ValueError(Sentence(message, offered=offered, per_turn=f"{self.per_turn:g}"))
        if self.gone_after and (self.active or self.gone_after not in GONE_AFTER):
            offered = join_list(str(d) for d in GONE_AFTER)
            message = N_(
                "gone_after is for tables without a clock (a clock's deadline applies), one of {offered} seconds"
            )
            raise ValueError(Sentence(message, offered=offered))
        # ``out`` at a table of three or more retires the seat: the others play on
        # (netjer.server.retired_seats).

    def to_json(self) -> dict[str, Any]:
        """The settings as JSON data (what the table stores and the views show)."""
        return {
            "mode": self.mode,
            "bank": self.bank,
            "increment": self.increment,
            "per_turn": self.per_turn,
            "on_timeout": self.on_timeout,
            "gone_after": self.gone_after,
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
            gone_after=float(data.get("gone_after", 0.0)),
        )


def _seats(to: int | Iterable[int] | None) -> set[int]:
    """``to`` of :meth:`ClockState.hand_over` as a set of seats."""
    if to is None:
        return set()
    if isinstance(to, int):
        return {to}
    return set(to)


@dataclass
class ClockState:
    """The clocks of one table at a moment.

    Attributes:
        remaining: real-time: each seat's bank in seconds at the start of its current turn
            (for a running seat, the time since it started running is still to be taken off).
        running: the seats whose clocks run, each with when its turn began (seconds since
            the epoch).  One seat in turn; every seat that must still choose in a window of
            simultaneous choices (:meth:`netjer.core.state.State.simultaneous_window`);
            none while a computer acts, the game is over, a seat is still open, or the table
            has no clock.
        standin: per seat, whether the computer plays for it (its time ran out).
        out: per seat, whether it is out of the game (``on_timeout="out"``).
        away: per seat, whether its person left (no connection for the deadline: :meth:`leave`)
            rather than ran out of time, while the computer stands in or it is out.
        adjourned: the game is adjourned (by agreement, or nobody was at the table when a
            clock ran out: :mod:`netjer.server.endings`): no clock runs until everyone is back.
    """

    remaining: list[float]
    running: dict[int, float] = field(default_factory=dict)
    standin: list[bool] = field(default_factory=list)
    out: list[bool] = field(default_factory=list)
    adjourned: bool = False
    away: list[bool] = field(default_factory=list)

    @classmethod
    def new(cls, settings: ClockSettings, seats: int) -> ClockState:
        """Stopped clocks for a new table: every bank full, nobody stood in."""
        return cls(remaining=[settings.bank] * seats, standin=[False] * seats, out=[False] * seats)

    def copy(self) -> ClockState:
        """An independent copy."""
        return ClockState(
            list(self.remaining),
            dict(self.running),
            list(self.standin),
            list(self.out),
            self.adjourned,
            list(self.away),
        )

    @property
    def seat(self) -> int | None:
        """The first seat whose clock runs (the only one outside simultaneous choices), or ``None``."""
        return min(self.running) if self.running else None

    def to_json(self) -> str:
        """The state as a JSON text (what the table stores).  ``seat`` and ``since`` (the
        first running seat) are kept for readers of the one-clock form."""
        seat = self.seat
        data = {
            "remaining": self.remaining,
            "running": {str(s): t for s, t in sorted(self.running.items())},
            "seat": seat,
            "since": self.running[seat] if seat is not None else None,
        }
        # The newer keys only when they say something: the earlier form otherwise.
        extra: dict[str, Any] = {"adjourned": True} if self.adjourned else {}
        if any(self.away):
            extra["away"] = self.away
        return json.dumps({**data, "standin": self.standin, "out": self.out, **extra})

    @classmethod
    def from_json(cls, text: str | None, settings: ClockSettings, seats: int) -> ClockState:
        """The state stored by :meth:`to_json` (a new one if nothing is stored; the one-clock
        form of earlier versions, ``seat`` and ``since``, is read too)."""
        if not text:
            return cls.new(settings, seats)
        data = json.loads(text)
        if "running" in data:
            running = {int(s): float(t) for s, t in data["running"].items()}
        elif data.get("seat") is not None and data.get("since") is not None:
            running = {int(data["seat"]): float(data["since"])}
        else:
            running = {}
        return cls(
            remaining=[float(x) for x in data["remaining"]],
            running=running,
            standin=[bool(x) for x in data.get("standin", [False] * seats)],
            out=[bool(x) for x in data.get("out", [False] * seats)],
            adjourned=bool(data.get("adjourned", False)),
            away=[bool(x) for x in data.get("away", [])],  # empty: nobody left (the earlier form)
        )

    # --- reading ------------------------------------------------------------------------

    def deadline(self, settings: ClockSettings, seat: int | None = None) -> float | None:
        """When ``seat``'s running clock runs out (seconds since the epoch; default: the
        earliest of the running clocks), or ``None`` if it does not run."""
        if not settings.active:
            return None
        if seat is None:
            times = [t for s in self.running if (t := self.deadline(settings, s)) is not None]
            return min(times) if times else None
        since = self.running.get(seat)
        if since is None:
            return None
        if settings.mode == "realtime":
            return since + self.remaining[seat]
        return since + settings.per_turn

    def left(self, settings: ClockSettings, seat: int, now: float) -> float | None:
        """Seconds seat ``seat`` has left at ``now`` (never negative): its bank in real time,
        the time to the turn's deadline in turn-based play (``None`` for a seat not to act)."""
        if not settings.active:
            return None
        since = self.running.get(seat)
        if settings.mode == "realtime":
            if since is not None:
                return max(0.0, self.remaining[seat] - (now - since))
            return max(0.0, self.remaining[seat])
        if since is None:
            return None
        return max(0.0, since + settings.per_turn - now)

    # --- changing -----------------------------------------------------------------------

    def hand_over(self, settings: ClockSettings, to: int | Iterable[int] | None, now: float) -> None:
        """From ``now``, the clocks of seats ``to`` run (a seat, several seats choosing at
        once, or ``None``: no seat's clock runs).

        A seat whose clock ran and stops pays the time it used and gets the increment (its
        turn is over); a seat that starts begins its turn; a seat already running goes on
        (its turn continues).
        """
        if not settings.active:
            return
        wanted = _seats(to)
        for seat in [s for s in self.running if s not in wanted]:
            since = self.running.pop(seat)
            if settings.mode == "realtime":
                used = now - since
                self.remaining[seat] = max(0.0, self.remaining[seat] - used) + settings.increment
        for seat in wanted:
            self.running.setdefault(seat, now)

    def leave(self, settings: ClockSettings, seat: int, now: float) -> None:
        """Seat ``seat`` counts as gone (no connection for its deadline): its clock stops (a
        real-time bank pays the time used, without the increment) and the computer stands in
        (or it is out)."""
        since = self.running.pop(seat, None)
        if since is not None and settings.mode == "realtime":
            self.remaining[seat] = max(0.0, self.remaining[seat] - (now - since))
        if settings.on_timeout == "out":
            self.out[seat] = True
        else:
            self.standin[seat] = True
        if len(self.away) < len(self.remaining):
            self.away.extend([False] * (len(self.remaining) - len(self.away)))
        self.away[seat] = True

    def time_out(self, settings: ClockSettings, seat: int | None = None) -> int:
        """Seat ``seat``'s time has run out (default: the first running seat): its bank is
        empty, the computer stands in (or it is out), and its clock stops.  Returns the seat.

        Raises:
            ValueError: if that seat's clock is not running.
        """
        seat = self.seat if seat is None else seat
        if seat is None or seat not in self.running:
            raise ValueError("no clock is running" if seat is None else f"seat {seat}'s clock is not running")
        if settings.mode == "realtime":
            self.remaining[seat] = 0.0
        if settings.on_timeout == "out":
            self.out[seat] = True
        else:
            self.standin[seat] = True
        del self.running[seat]
        return seat

    def take_back(self, settings: ClockSettings, seat: int) -> None:
        """The person takes seat ``seat`` back from the computer.  In real time, a bank
        emptied by a timeout is refilled to the smaller of the bank and one minute, so that
        coming back is not an instant second timeout."""
        self.standin[seat] = False
        if seat < len(self.away):
            self.away[seat] = False
        if settings.mode == "realtime":
            self.remaining[seat] = max(self.remaining[seat], min(settings.bank, 60.0))
