"""The tables' clocks at work (:class:`Timekeeper`): when a running clock runs out, or a
person who must act has had no connection for the table's deadline
(:meth:`~netjer.server.clocks.ClockSettings.absence_limit`), the table's setting decides: the
computer (the heuristic agent) plays for that seat until its person takes it back, or the seat
is out and loses.  A ticker looks every :data:`TICK_SECONDS`; every move looks first.  The
clocks' rules themselves (banks, increments, deadlines) are :mod:`netjer.server.clocks`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from netjer.i18n import N_
from netjer.server.audit import AuditTrail
from netjer.server.clocks import restart_grace
from netjer.server.db import ClockChanged, Store
from netjer.server.notify import Notifier
from netjer.server.presence import PresenceBoard
from netjer.server.retired_seats import lone_result, plays_on, with_retired
from netjer.server.runtime import STANDIN_AGENT, TableError, TableRuntime, span_words
from netjer.server.table_endings import NOBODY_HERE, OUT_PLAYS_ON, abandoned, adjourn

log = logging.getLogger("netjer.server")
#: Seconds between two looks at the running clocks.
TICK_SECONDS = 0.25


class ClockedTables(Protocol):
    """What the timekeeper asks of the table manager (:class:`~netjer.server.tables.TableManager`)."""

    tables: dict[str, TableRuntime]
    store: Store
    news: Notifier | None
    now: Callable[[], float]
    started_at: float
    audit: AuditTrail
    presence: PresenceBoard

    async def get(self, table_id: str) -> TableRuntime:
        """The live table ``table_id`` (loaded if need be)."""

    def moved_on(self, table_id: str, full: bool = False) -> None:
        """Another process changed the table first: catch up."""

    def broadcast(self, rt: TableRuntime) -> Awaitable[None]:
        """Send every listener of ``rt`` its view."""

    def wake(self, rt: TableRuntime) -> None:
        """Let ``rt``'s computer seat (or stand-in) think if it is its turn."""


class Timekeeper:
    """Applies the tables' timeouts and the leaving rule; tells each seat's time left.

    Args:
        tables: the table manager whose tables it watches.

    Attributes:
        ticker: the task looking at the clocks (None until :meth:`start`).
    """

    def __init__(self, tables: ClockedTables) -> None:
        self.tables = tables
        self.ticker: asyncio.Task[None] | None = None

    def due(self, rt: TableRuntime, seat: int | None = None) -> float | None:
        """When ``seat``'s running clock of ``rt`` runs out (default: the first of them to),
        grace after a restart included."""
        deadline = rt.clock.deadline(rt.clock_settings, seat)
        if deadline is None:
            return None
        return max(deadline, self.tables.started_at + restart_grace(rt.clock_settings))

    def gone(self, rt: TableRuntime, now: float) -> list[int]:
        """The persons who must act now and have had no connection for their deadline
        (:meth:`ClockSettings.absence_limit`): they count as gone."""
        settings = rt.clock_settings
        if not settings.watched or rt.finished or rt.clock.adjourned or any(s.waiting for s in rt.seats):
            return []
        if self.tables.news is not None:
            # Several processes: a seat's connections are counted by the process it is connected
            # to, so another process would see it gone; only the clocks decide there.
            return []
        if all(rt.connections.get(seat) for seat, info in enumerate(rt.seats) if info.is_human):
            return []  # everyone is here (the usual case: no need to work out who must act)
        gone = []
        for seat in sorted(rt.choosers()):
            if rt.computer_plays(seat) or rt.connections.get(seat):
                continue
            since = rt.absent_since.get(seat)
            limit = settings.absence_limit(rt.clock, seat)
            if since is not None and limit is not None and now >= since + limit:
                gone.append(seat)
        return gone

    async def expire(self, rt: TableRuntime) -> set[int]:
        """Apply the table's leaving rule to the seats whose running clocks ran out and to
        those that have had no connection for their deadline (:meth:`gone`); return the
        seats whose time ran out (empty if none)."""
        now = self.tables.now()
        due = self.due(rt)
        if (due is None or now < due) and not self.gone(rt, now):
            return set()
        adjourned = False
        left: list[int] = []
        async with rt.lock:
            now = self.tables.now()
            if rt.finished or rt.clock.adjourned:
                return set()
            expired = [seat for seat in sorted(rt.clock.running) if now >= (self.due(rt, seat) or now + 1)]
            gone = [seat for seat in self.gone(rt, now) if seat not in expired]
            if not expired and not gone:
                return set()
            if expired and await self._abandoned(rt, now):
                # A clock ran out and nobody is at the table (every person left, from every
                # server process): the game is adjourned, not finished by computers; it resumes
                # when everyone is back.  (The leaving rule alone, a seat gone for its
                # deadline, stays the table's setting.)
                line = NOBODY_HERE.format(who=rt.who(expired[0]))
                if not await adjourn(self.tables.store, rt, line, now, expect_clock=rt.clock.to_json()):
                    self.tables.moved_on(rt.id, full=True)
                    return set()
                adjourned = True
            else:
                applied = await self._leave(rt, expired, gone, now)
                if applied is None:
                    return set()
                left = applied
        if adjourned:
            await self.tables.broadcast(rt)
            return set()
        # Logged by the one process that stored it (the others' conditional write was refused).
        for seat in left:
            log.info(
                "time ran out" if seat in expired else "gone",
                extra={"event": "timeout" if seat in expired else "gone", "table": rt.id, "seat": seat,
                       "on_timeout": rt.clock_settings.on_timeout},
            )  # fmt: skip
        await self.tables.broadcast(rt)
        self.tables.wake(rt)
        return set(expired)

    async def _abandoned(self, rt: TableRuntime, now: float) -> bool:
        """Whether every person has left ``rt`` (:func:`~netjer.server.table_endings.abandoned`),
        with the other server processes' connections read afresh on PostgreSQL (under the
        table's lock, as a clock runs out): a page that opened on another process a moment
        ago keeps the game from being adjourned, one closed there no longer does."""
        if not abandoned(rt, now) and not (self.tables.store.shared and rt.elsewhere[0]):
            return False
        if self.tables.store.shared:
            await self.tables.presence.look([rt.id])
        return abandoned(rt, now)

    async def _leave(self, rt: TableRuntime, expired: list[int], gone: list[int], now: float) -> list[int] | None:
        """Apply the table's leaving rule (under its lock) to the seats whose time ran out and
        those gone; return them (``None``: another process applied it first)."""
        settings = rt.clock_settings
        clock = rt.clock.copy()
        lines = []
        if settings.on_timeout == "out" and plays_on(len(rt.seats)):
            then = OUT_PLAYS_ON
        elif settings.on_timeout == "out":
            then = "{who} is out and loses the game."
        else:
            then = f"the computer ({STANDIN_AGENT}) plays for {{who}}."
        for seat in expired:
            clock.time_out(settings, seat)
            lines.append(f"{rt.who(seat)}'s time ran out: " + then.format(who=rt.who(seat)))
        for seat in gone:
            span = span_words(settings.absence_limit(rt.clock, seat) or 0.0)
            clock.leave(settings, seat, now)
            lines.append(f"{rt.who(seat)} has had no connection for {span}: " + then.format(who=rt.who(seat)))
        left = expired + gone
        forfeit = None
        ending = None
        if settings.on_timeout == "out" and plays_on(len(rt.seats)):
            # Three or more seats: the others play on and these seats are retired (ranked last,
            # the table makes their least-impact moves: netjer.server.retired_seats); when one
            # seat alone still plays, it wins.
            retired = rt.retired_seats() | set(left)
            forfeit = lone_result(len(rt.seats), retired)
            if forfeit is not None:
                clock.hand_over(settings, None, now)
                ending = with_retired({"how": "time" if expired else "gone", "seats": sorted(retired)}, retired)
        elif settings.on_timeout == "out":
            # Seats whose time ran out (or that are gone) lose; if every seat did at once
            # (choosing together), nobody wins: a draw.
            everyone = len(left) == len(rt.seats)
            forfeit = [0.0 if everyone else (-1.0 if s in left else 1.0) for s in range(len(rt.seats))]
            clock.hand_over(settings, None, now)
            ending = {"how": "time" if expired else "gone", "seats": left}
        store = self.tables.store
        for i, (seat, line) in enumerate(zip(left, lines, strict=True)):
            # The first event carries the clocks and the result, stored only if the clocks are
            # still those seen: of several server processes applying the same timeout, one does.
            first = i == 0
            try:
                await asyncio.to_thread(
                    store.add_event, rt.id, rt.version, "timeout" if seat in expired else "gone", seat, line,
                    clock.to_json() if first else None, forfeit if first else None,
                    expect_clock=rt.clock.to_json() if first else None, ending=ending if first else None,
                )  # fmt: skip
            except ClockChanged:
                self.tables.moved_on(rt.id, full=True)
                return None
        rt.clock = clock
        rt.forfeit = forfeit
        rt.ending = ending
        for line in lines:
            rt.add_line(line)
        return left

    async def check(self) -> int:
        """Apply every timeout that is due on the live tables (and the leaving rule to the
        seats gone for their deadline); return how many timeouts there were.
        (The ticker calls it every :data:`TICK_SECONDS`; tests with a fake clock call it.)"""
        count = 0
        for rt in list(self.tables.tables.values()):
            if rt.clock.running or (rt.clock_settings.gone_after and not rt.finished):
                try:
                    count += len(await self.expire(rt))
                except Exception:  # one table's trouble (a lost database) must not stop the others
                    log.exception("the clock of table %s could not be applied", rt.id)
        return count

    def start(self) -> None:
        """Start the ticker (once; in the running loop): :meth:`check` every :data:`TICK_SECONDS`."""
        if self.ticker is None:
            self.ticker = asyncio.get_running_loop().create_task(self._tick_loop())

    async def _tick_loop(self) -> None:
        while True:
            await asyncio.sleep(TICK_SECONDS)
            await self.check()

    async def take_back(self, table_id: str, seat: int) -> TableRuntime:
        """The person of ``seat`` takes it back from the computer that stood in (the caller
        has checked the token).

        Raises:
            TableError: 404 for a seat the table does not have, 409 ``over`` if the game is
                over, 409 ``not_stood_in`` if the person already plays it.
        """
        rt = await self.tables.get(table_id)
        if not 0 <= seat < len(rt.seats):
            raise TableError(404, "no_seat", N_("table {table} has no seat {seat}"), table=table_id, seat=seat)
        async with rt.lock:
            if rt.deleted:
                raise TableError(404, "no_table", N_("there is no table '{table}'"), table=table_id)
            if rt.finished:
                raise TableError(409, "over", N_("the game is over"))
            if rt.retired(seat):
                raise TableError(409, "resigned", N_("you have left this game: it goes on without you"))
            if not rt.clock.standin or not rt.clock.standin[seat]:
                raise TableError(409, "not_stood_in", N_("you already play this seat"))
            if rt.ai_task is not None and not rt.ai_task.done() and rt.state.current_player == seat:
                rt.ai_task.cancel()
            clock = rt.clock.copy()
            clock.take_back(rt.clock_settings, seat)
            before = rt.clock
            rt.clock = clock
            clock.hand_over(rt.clock_settings, rt.clocked_seats(), self.tables.now())
            rt.clock = before
            line = f"{rt.who(seat)} is back and plays again."
            await asyncio.to_thread(
                self.tables.store.add_event, rt.id, rt.version, "takeback", seat, line, clock.to_json()
            )
            rt.clock = clock
            rt.add_line(line)
        await self.tables.audit.record(rt, "takeback", seat, line)
        await self.tables.broadcast(rt)
        return rt

    def view(self, rt: TableRuntime) -> dict[str, Any] | None:
        """The time control and each seat's time left now (public: every viewer gets the
        same), or ``None`` for a table without clocks."""
        settings = rt.clock_settings
        if not settings.active:
            return None
        now = self.tables.now()
        seats = []
        for i in range(len(rt.seats)):
            due = self.due(rt, i)
            left = max(0.0, due - now) if due is not None else rt.clock.left(settings, i, now)
            seats.append({"left": left, "running": i in rt.clock.running})
        return {**settings.to_json(), "running": rt.clock.seat, "seats": seats}
