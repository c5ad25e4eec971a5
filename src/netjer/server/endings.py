"""How a game ends besides its rules' victory condition (:class:`Endings`): a seat resigns, a
game is aborted before every seat has made a decision, the seats agree to a draw (in a game
whose rules know a draw: :meth:`netjer.core.game.Game.allows_draw`) or to adjourn it, and an
adjourned game resumes when everyone is back.

These are **table events**, never engine actions: the record of moves stays as it was played
(a replay shows the same positions), and the ending is stored with the table's result
(``tables.ending``, JSON ``{"how", "seats"}``) and told as a line of the log.  A game nobody
is at when a clock runs out is adjourned the same way (:meth:`netjer.server.timekeeper.Timekeeper.expire`).

Results: at a table of two, a resignation is a loss (-1) for the seat and a win (+1) for the
other, as a seat out on time is (:mod:`netjer.server.timekeeper`); at a table of three or more
the others play on and the seat is ranked last when the game ends
(:mod:`netjer.server.retired_seats`); a draw is 0 for every seat; an aborted game has no result.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from netjer.i18n import N_
from netjer.server.db import ClockChanged
from netjer.server.retired_seats import lone_result, plays_on, with_retired
from netjer.server.runtime import Proposal, TableError, TableRuntime, Term
from netjer.server.table_endings import (
    ABORTS,
    ADJOURNED,
    AGREES,
    BACK,
    DECLINES,
    DRAWN,
    OFFER_KINDS,
    OFFERS_ADJOURN,
    OFFERS_DRAW,
    RESIGNS,
    RESIGNS_PLAYS_ON,
    RESUMED,
    adjourn,
    can_abort,
    everyone_back,
    standing,
)
from netjer.server.table_host import TableHost

log = logging.getLogger("netjer.server")


class Endings:
    """Resigning, aborting, offering and answering draws and adjournments at the tables of ``tables``."""

    def __init__(self, tables: TableHost) -> None:
        self.tables = tables

    async def _open(self, table_id: str, seat: int) -> TableRuntime:
        rt = await self.tables.get(table_id)
        if rt.deleted:
            raise TableError(404, "no_table", N_("there is no table '{table}'"), table=table_id)
        if not rt.seats[seat].is_human:
            raise TableError(403, "not_a_person", N_("a computer's seat cannot do that"))
        if rt.finished:
            raise TableError(409, "over", N_("the game is over"))
        if rt.retired(seat):
            raise TableError(409, "resigned", N_("you have left this game: it goes on without you"))
        return rt

    async def _end(self, rt: TableRuntime, ending: dict[str, Any], result: list[float] | None, line: str) -> None:
        """Store the game's end (under the table's lock): ``ending`` (``{"how", "seats"}``),
        the result (``None``: an aborted game, none recorded), the clocks stopped, and the
        line told."""
        clock = rt.clock.copy()
        clock.hand_over(rt.clock_settings, None, self.tables.now())
        stored_clock = clock.to_json() if rt.clock_settings.active else None
        await asyncio.to_thread(
            self.tables.store.add_event, rt.id, rt.version, "ending", None, line, stored_clock, result,
            ending=ending,
        )  # fmt: skip
        if rt.ai_task is not None and not rt.ai_task.done():
            rt.ai_task.cancel()
        rt.ai_task = None
        rt.clock = clock
        rt.forfeit = result
        rt.ending = ending
        rt.proposal = None
        rt.add_line(line)
        log.info("game ended", extra={"event": "ending", "table": rt.id, "how": ending["how"]})

    async def resign(self, table_id: str, seat: int) -> TableRuntime:
        """Seat ``seat`` resigns (the caller has checked its token).  Allowed at any time
        before the end, also while the computer stands in.

        At a table of two, it loses and the other wins: the game ends.  At a table of three or
        more the others play on (:mod:`netjer.server.retired_seats`): the seat is retired,
        the table makes its least-impact moves from now on, and it is ranked last when the
        game ends; when only one seat still plays, the game ends and that seat wins.

        Raises:
            TableError: 404 (no table), 403 ``not_a_person``, 409 ``over``, 409 ``resigned``
                (the seat resigned already: the game goes on without it).
        """
        rt = await self._open(table_id, seat)
        async with rt.lock:
            if rt.finished:
                raise TableError(409, "over", N_("the game is over"))
            line = RESIGNS.format(who=rt.who(seat))
            if not plays_on(len(rt.seats)):
                result = [-1.0 if s == seat else 1.0 for s in range(len(rt.seats))]
                await self._end(rt, {"how": "resigned", "seats": [seat]}, result, line)
            else:
                retired = rt.retired_seats() | {seat}
                lone = lone_result(len(rt.seats), retired)
                if lone is not None:
                    ending = with_retired({"how": "resigned", "seats": sorted(retired)}, retired)
                    await self._end(rt, ending, lone, line)
                else:
                    await self._retire(rt, seat, RESIGNS_PLAYS_ON.format(who=rt.who(seat)))
                    line = RESIGNS_PLAYS_ON.format(who=rt.who(seat))
        await self.tables.audit.record(rt, "resign", seat, line)
        await self.tables.broadcast(rt)
        self.tables.wake(rt)
        return rt

    async def _retire(self, rt: TableRuntime, seat: int, line: str) -> None:
        """Retire ``seat`` from the game going on (under the lock): stored as a ``retired``
        event with the clocks handed over (its clock stops: the table plays it now)."""
        clock = rt.clock.copy()
        if seat < len(clock.standin):
            clock.standin[seat] = False  # no computer stands in any more: the seat is retired
        rt.resigned.add(seat)
        try:
            clock.hand_over(rt.clock_settings, rt.clocked_seats(), self.tables.now())
            # Stored where the clocks' state is kept (a clock, or the leaving rule's stand-ins).
            stored_clock = clock.to_json() if rt.clock_settings.watched else None
            await asyncio.to_thread(self.tables.store.add_event, rt.id, rt.version, "retired", seat, line, stored_clock)
        except BaseException:
            rt.resigned.discard(seat)
            raise
        if rt.ai_task is not None and not rt.ai_task.done():
            rt.ai_task.cancel()  # a stand-in thinking for this seat: the table plays it now
        rt.ai_task = None
        rt.clock = clock
        if rt.proposal is not None:
            await self._settle(rt)  # the seat's agreement is no longer needed
        rt.add_line(line)
        log.info("seat retired", extra={"event": "retired", "table": rt.id, "seat": seat})

    async def abort(self, table_id: str, seat: int) -> TableRuntime:
        """Seat ``seat`` aborts the game (the caller has checked its token): allowed only while
        some seat has made no decision (:func:`can_abort`); no result is recorded and the lobby
        does not list it among the finished games.

        Raises:
            TableError: 404, 403 ``not_a_person``, 409 ``over``, 409 ``too_late`` once every
                seat has made a decision (resign instead).
        """
        rt = await self._open(table_id, seat)
        async with rt.lock:
            if not can_abort(rt):
                if rt.finished:
                    raise TableError(409, "over", N_("the game is over"))
                raise TableError(
                    409, "too_late", N_("every seat has made a decision: the game can no longer be aborted")
                )
            await self._end(rt, {"how": "aborted", "seats": [seat]}, None, ABORTS.format(who=rt.who(seat)))
        await self.tables.audit.record(rt, "abort", seat, ABORTS.format(who=rt.who(seat)))
        await self.tables.broadcast(rt)
        return rt

    async def offer(self, table_id: str, seat: int, kind: str) -> TableRuntime:
        """Seat ``seat`` offers a draw or proposes to adjourn (``kind``: ``"draw"`` or
        ``"adjourn"``); the others answer (:meth:`answer`).  A draw needs every seat's
        agreement, so no draw is offered at a table with a computer seat (computers do not
        agree to draws); an adjournment needs every person's, and only a table with clocks
        can be adjourned (one without waits for its players anyway).  An offer lapses with
        the next move.

        Raises:
            TableError: 404, 403 ``not_a_person``, 409 ``over``, 422 ``bad_offer`` (another
                kind), 409 ``no_draw`` (the game's rules know no draw, or a computer plays a
                seat), 409 ``no_clock``, 409 ``adjourned`` (already), 409 ``offered`` (an
                offer stands: answer it).
        """
        if kind not in OFFER_KINDS:
            raise TableError(422, "bad_offer", N_("offer a 'draw' or to 'adjourn'"))
        rt = await self._open(table_id, seat)
        async with rt.lock:
            if rt.finished:
                raise TableError(409, "over", N_("the game is over"))
            if kind == "draw" and not rt.game.allows_draw():
                raise TableError(
                    409, "no_draw", N_("{game} with these options cannot end in a draw"), game=Term(rt.game.title)
                )
            if kind == "draw" and not all(info.is_human for info in rt.seats):
                raise TableError(409, "no_draw", N_("a computer player does not agree to draws: resign or play on"))
            if kind == "adjourn" and not rt.clock_settings.active:
                raise TableError(409, "no_clock", N_("a table without clocks waits for its players anyway"))
            if kind == "adjourn" and rt.clock.adjourned:
                raise TableError(409, "adjourned", N_("the game is adjourned already"))
            proposal = standing(rt)
            if proposal is not None:
                raise TableError(409, "offered", N_("an offer stands: answer it first"))
            line = (OFFERS_DRAW if kind == "draw" else OFFERS_ADJOURN).format(who=rt.who(seat))
            await asyncio.to_thread(self.tables.store.add_event, rt.id, rt.version, OFFER_KINDS[kind], seat, line)
            rt.proposal = Proposal(kind, seat, {seat}, rt.version)
            rt.add_line(line)
            await self._settle(rt)
        await self.tables.audit.record(rt, "offer", seat, line)
        await self.tables.broadcast(rt)
        return rt

    async def answer(self, table_id: str, seat: int, accept: bool) -> TableRuntime:
        """Seat ``seat`` accepts or declines the standing offer.  When every seat it needs
        has agreed, a draw ends the game (0 for everyone), an adjournment stops the clocks.

        Raises:
            TableError: 404, 403 ``not_a_person``, 409 ``over``, 409 ``no_offer`` (none
                stands, or it lapsed with a move).
        """
        rt = await self._open(table_id, seat)
        async with rt.lock:
            proposal = standing(rt)
            if proposal is None or rt.finished:
                raise TableError(409, "no_offer", N_("no offer stands (a move makes an offer lapse)"))
            line = (AGREES if accept else DECLINES).format(who=rt.who(seat))
            if accept:
                if seat not in proposal.agreed:
                    line = AGREES.format(who=rt.who(seat))
                    await asyncio.to_thread(self.tables.store.add_event, rt.id, rt.version, "agree", seat, line)
                    proposal.agreed.add(seat)
                    rt.add_line(line)
                await self._settle(rt)
            else:
                line = DECLINES.format(who=rt.who(seat))
                await asyncio.to_thread(self.tables.store.add_event, rt.id, rt.version, "decline", seat, line)
                rt.proposal = None
                rt.add_line(line)
        await self.tables.audit.record(rt, "answer", seat, line)
        await self.tables.broadcast(rt)
        return rt

    async def _settle(self, rt: TableRuntime) -> None:
        """Carry out the standing proposal once every seat it needs agreed (under the lock)."""
        proposal = rt.proposal
        if proposal is None:
            return
        needed = {s for s in range(len(rt.seats)) if rt.playing(s)}
        if not needed <= proposal.agreed:
            return
        if proposal.kind == "draw":
            await self._end(rt, {"how": "agreed", "seats": sorted(proposal.agreed)}, [0.0] * len(rt.seats), DRAWN)
        else:
            await self.adjourn(rt, ADJOURNED)

    async def adjourn(self, rt: TableRuntime, line: str) -> None:
        """Adjourn ``rt`` (under its lock): :func:`~netjer.server.table_endings.adjourn`."""
        if not await adjourn(self.tables.store, rt, line, self.tables.now()):
            self.tables.moved_on(rt.id, full=True)

    async def arrive(self, rt: TableRuntime, seat: int) -> None:
        """The person of ``seat`` arrived (a new connection, a request: the caller checked its
        token).  At an adjourned table it is back (stored, so that every server process
        counts it); when every person is back, the game resumes: the clocks run again for
        whoever must act (a bank emptied meanwhile holds a minute again), and the computer
        seats think."""
        if not rt.clock.adjourned or rt.finished or seat in rt.back or not rt.playing(seat):
            return
        resumed = False
        async with rt.lock:
            if not rt.clock.adjourned or rt.finished or seat in rt.back:
                return
            line = BACK.format(who=rt.who(seat))
            await asyncio.to_thread(self.tables.store.add_event, rt.id, rt.version, "back", seat, line)
            rt.back.add(seat)
            rt.add_line(line)
            if everyone_back(rt):
                resumed = await self._resume(rt)
        await self.tables.broadcast(rt)
        if resumed:
            self.tables.wake(rt)

    async def resume_if_back(self, rt: TableRuntime) -> None:
        """Resume ``rt`` if it is adjourned and every person is back (after a catch-up: the
        last arrival may have been stored by another process, whose resumption may not be)."""
        if not rt.clock.adjourned or rt.finished or not everyone_back(rt):
            return
        async with rt.lock:
            if not rt.clock.adjourned or rt.finished or not everyone_back(rt):
                return
            resumed = await self._resume(rt)
        if resumed:
            await self.tables.broadcast(rt)
            self.tables.wake(rt)

    async def _resume(self, rt: TableRuntime) -> bool:
        """Resume the adjourned game (under the lock); False if another server process changed
        the clocks first (it resumed it: catch up)."""
        clock = rt.clock.copy()
        clock.adjourned = False
        if rt.clock_settings.mode == "realtime":
            # As when a seat is taken back from the computer: a bank emptied while nobody
            # was there holds a minute again, so that coming back is no instant timeout.
            refill = min(rt.clock_settings.bank, 60.0)
            clock.remaining = [max(left, refill) for left in clock.remaining]
        before, rt.clock = rt.clock, clock
        clock.hand_over(rt.clock_settings, rt.clocked_seats(), self.tables.now())
        rt.clock = before
        try:
            await asyncio.to_thread(
                self.tables.store.add_event, rt.id, rt.version, "resumed", None, RESUMED, clock.to_json(),
                expect_clock=before.to_json(),
            )  # fmt: skip
        except ClockChanged:
            self.tables.moved_on(rt.id, full=True)
            return False
        rt.clock = clock
        rt.back = set()
        rt.add_line(RESUMED)
        return True
