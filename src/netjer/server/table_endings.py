"""What the endings of a table are (:mod:`netjer.server.endings` acts on them): the log's lines
of resignations, aborts, offers and adjournments, whether a game may still be aborted, the
offer standing, the endings' part of a view, and adjourning a table (which the clocks do too,
:mod:`netjer.server.timekeeper`, when nobody is at the table as a clock runs out)."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from netjer.core.game import Game
from netjer.core.state import State
from netjer.i18n import N_
from netjer.server.db import ClockChanged, Store
from netjer.server.retired_seats import with_retired
from netjer.server.runtime import PRESENCE_SECONDS, Proposal, TableRuntime

log = logging.getLogger("netjer.server")

# The log's lines (English on the server; marked so that the browser's translateLine knows them).
RESIGNS = N_("{who} resigns.")
# A game of three or more goes on without the seat (netjer.server.retired_seats).
RESIGNS_PLAYS_ON = N_("{who} resigns and is ranked last; the game goes on without them.")
OUT_PLAYS_ON = N_("{who} is out and ranked last; the game goes on without them.")
ABORTS = N_("{who} aborts the game: no result is recorded.")
OFFERS_DRAW = N_("{who} offers a draw.")
OFFERS_ADJOURN = N_("{who} proposes to adjourn the game.")
AGREES = N_("{who} agrees.")
DECLINES = N_("{who} declines.")
DRAWN = N_("The game is drawn by agreement.")
ADJOURNED = N_("The game is adjourned: the clocks stop until everyone is back.")
NOBODY_HERE = N_("Nobody was at the table when {who}'s time ran out: the game is adjourned until everyone is back.")
RESUMED = N_("Everyone is back: the game resumes.")
BACK = N_("{who} is back at the table.")

#: The events' kinds (``events.kind``) of the offers and answers, read back by :func:`replay_proposal`.
OFFER_KINDS = {"draw": "draw_offer", "adjourn": "adjourn_offer"}


def replay_proposal(events: list[tuple[str, int | None, int]], version: int) -> Proposal | None:
    """The proposal standing after a table's events ``(kind, seat, version)`` in order, at the
    table's ``version`` (``None``: none; one made at an earlier version lapsed with the move)."""
    proposal: Proposal | None = None
    kinds = {v: k for k, v in OFFER_KINDS.items()}
    for kind, seat, at in events:
        if kind in kinds and seat is not None:
            proposal = Proposal(kinds[kind], seat, {seat}, at)
        elif kind == "agree" and proposal is not None and seat is not None:
            proposal.agreed.add(seat)
        elif kind in ("decline", "adjourned", "resumed", "ending"):
            proposal = None
    return proposal if proposal is not None and proposal.version == version else None


def can_abort(rt: TableRuntime) -> bool:
    """Whether the game may still be aborted: unfinished, and some seat has made no decision yet
    (no action applied or choice queued: a decision taken back still counts as made)."""
    decided = rt.actors | {seat for seat, waiting in rt.queued.items() if waiting}
    return not rt.finished and any(seat not in decided for seat in range(len(rt.seats)))


def standing(rt: TableRuntime) -> Proposal | None:
    """The proposal still standing at ``rt`` (one made before the last move lapsed)."""
    proposal = rt.proposal
    if proposal is not None and proposal.version != rt.version:
        rt.proposal = proposal = None
    return proposal


async def adjourn(store: Store, rt: TableRuntime, line: str, now: float, expect_clock: str | None = None) -> bool:
    """Adjourn ``rt`` (under its lock): every clock stops and no computer moves until everyone
    is back (:meth:`netjer.server.endings.Endings.arrive`); ``line`` is told.

    Args:
        expect_clock: store it only if the clocks stored are still these (several processes
            applying the same timeout: one does).

    Returns:
        False if another server process changed the clocks first (nothing stored here: catch up).
    """
    clock = rt.clock.copy()
    clock.hand_over(rt.clock_settings, None, now)
    clock.adjourned = True
    try:
        await asyncio.to_thread(
            store.add_event, rt.id, rt.version, "adjourned", None, line, clock.to_json(), expect_clock=expect_clock
        )
    except ClockChanged:
        return False
    if rt.ai_task is not None and not rt.ai_task.done():
        rt.ai_task.cancel()
    rt.ai_task = None
    rt.clock = clock
    rt.proposal = None
    rt.back = set()  # everyone must come back, those who agreed included
    rt.add_line(line)
    log.info("game adjourned", extra={"event": "adjourned", "table": rt.id})
    return True


def adjournment(rt: TableRuntime) -> dict[str, Any] | None:
    """An adjourned game's ``{"back": [seats]}`` (the persons back since: when all are, it
    resumes), or ``None`` while it is not adjourned."""
    if not rt.clock.adjourned or rt.finished:
        return None
    return {"back": sorted(rt.back)}


def ending_view(rt: TableRuntime) -> dict[str, Any]:
    """The endings' part of a view: ``ending`` (how the game ended: :attr:`TableRuntime.how`),
    ``adjourned`` (:func:`adjournment`), ``proposal`` (the standing offer) and ``can_abort``."""
    proposal = standing(rt)
    return {
        "ending": rt.how,
        "adjourned": adjournment(rt),
        "proposal": proposal.to_json() if proposal is not None and not rt.finished else None,
        "can_abort": can_abort(rt),
        "draw_allowed": rt.game.allows_draw() and all(info.is_human for info in rt.seats),
    }


def stored_ending(text: str | None, terminal: bool) -> dict[str, Any] | None:
    """The ending stored with a table (``tables.ending``), as :attr:`TableRuntime.ending` keeps
    it: ``None`` for a game going on or one ended by its rules (its state says so, and the
    table its retired seats: :meth:`TableRuntime.rules_ending`)."""
    if not text:
        return None
    ending = json.loads(text)
    if not isinstance(ending, dict) or (ending.get("how") == "rules" and terminal):
        return None
    out = {"how": str(ending.get("how")), "seats": [int(s) for s in ending.get("seats", [])]}
    return with_retired(out, {int(s) for s in ending.get("retired", [])})


def result_line(game: Game, result: list[float] | None, state: State) -> str | None:
    """A finished table's result in words, as the terminal says it (``Game.result_text`` with
    the seats named as the game's screen names them at ``state``, :meth:`Game.seat_names_at`:
    "Horus wins" at Ankh, "Red wins" at Aton): English on the server, told in the page's
    language by the browser's ``translateLine``. ``None`` without a result (a game going on,
    or aborted). Ankh's gods are drawn at the setup, so a table's initial state, rebuilt from
    its seed, names them as well as its last one."""
    if result is None:
        return None
    return game.result_text(result, game.seat_names_at(state))


def retired_in(ending: Any) -> set[int]:
    """The seats that had left a finished game (resigned, or out on time, at a table of three
    or more) as its stored ending names them (``tables.ending["retired"]``; none for an ending
    stored before they were, or for a game going on)."""
    if not isinstance(ending, dict):
        return set()
    return {int(s) for s in ending.get("retired", [])}


def replay_back(events: list[tuple[str, int | None]]) -> set[int]:
    """The seats back at an adjourned table after its events ``(kind, seat)`` in order (those
    that arrived since the last adjournment; none once it resumed)."""
    back: set[int] = set()
    for kind, seat in events:
        if kind in ("adjourned", "resumed"):
            back = set()
        elif kind == "back" and seat is not None:
            back.add(seat)
    return back


def abandoned(rt: TableRuntime, now: float) -> bool:
    """Whether every person has left table ``rt`` at ``now``.

    A person is still at the table with an open connection to this server process or, on
    PostgreSQL, to another one (the other processes' live presence rows:
    :attr:`TableRuntime.elsewhere`, :mod:`netjer.server.presence`); one whose page had a
    WebSocket here, until :data:`PRESENCE_SECONDS` after it closed (a reload); one seen
    only by its requests here (a REST client: :meth:`arrive`) or by its decisions, until a
    whole turn's time (the turn deadline, or the bank) after its last request.  A person
    never seen has not come.  A table where no person was ever seen (here, or connected
    elsewhere) is not judged at all (its clocks alone decide, as before).
    """
    humans = [seat for seat in range(len(rt.seats)) if rt.playing(seat)]
    if not any(seat in rt.seen or seat in rt.actors for seat in humans):
        return False
    settings = rt.clock_settings
    turn = settings.per_turn if settings.mode == "turn" else settings.bank
    elsewhere = rt.elsewhere[0]
    for seat in humans:
        if rt.connections.get(seat) or seat in elsewhere:
            return False
        since = rt.absent_since.get(seat)
        if since is None:
            continue
        if seat in rt.socketed:
            if now - since < PRESENCE_SECONDS:
                return False
        elif (seat in rt.seen or seat in rt.actors) and now - since < max(turn, PRESENCE_SECONDS):
            return False
    return True


def everyone_back(rt: TableRuntime) -> bool:
    """Whether every person's seat arrived since the game was adjourned (it resumes then)."""
    return all(seat in rt.back for seat in range(len(rt.seats)) if rt.playing(seat))
