"""Choices made ahead of the engine in a window of simultaneous choices
(:meth:`netjer.core.state.State.simultaneous_window`: Aton's exchange decisions and cartouches,
Ankh's Battle cards and Plague bids).  A seat that chooses before the engine reaches it has its
choice stored (``pending_choices``, :func:`queue_choice`); when the engine gets there, in its
own order, the choice becomes an action (:func:`next_queued`, :func:`store_queued`,
:func:`take_queued`); an undo withdraws the last one (:func:`withdraw_choice`).  The others
learn only *that* the seat has chosen."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass

from netjer.core.action import Action
from netjer.core.errors import IllegalActionError
from netjer.server.clocks import ClockState
from netjer.server.db import ActionItem, Store
from netjer.server.runtime import TableError, TableRuntime, advance
from netjer.server.windows import Queued, window_plan

log = logging.getLogger("netjer.server")


@dataclass
class Reached:
    """A queued choice the engine has reached: the action to store (``None``: no longer
    legal, the seat's queued choices ``drop`` are deleted instead) and the clocks after it."""

    table: str
    seat: int
    choice: Queued
    item: ActionItem | None
    drop: list[int]
    stored_clock: str | None
    clock: ClockState


def next_queued(rt: TableRuntime, now: float) -> Reached | None:
    """The queued choice the engine reaches now in ``rt``, if any, ready to store (``now``:
    seconds since the epoch, for the clocks)."""
    state = rt.state
    seat = state.current_player
    waiting = rt.queued.get(seat) if not rt.finished else None
    if not waiting:
        return None
    first = waiting[0]
    queued = rt.queued_actions()
    clock = rt.clock.copy()
    stored_clock = None
    if first.action not in state.legal_actions():  # a game that broke its window promise
        log.warning("table %s: seat %s's queued %s is not legal: dropped", rt.id, seat, first.action)
        del queued[seat]
        clock.hand_over(rt.clock_settings, rt.clocked_seats(state, queued), now)
        if rt.clock_settings.active:
            stored_clock = clock.to_json()
        return Reached(rt.id, seat, first, None, [q.id for q in waiting], stored_clock, clock)
    after = state.clone()
    after.apply(first.action)
    queued[seat].pop(0)
    clock.hand_over(rt.clock_settings, rt.clocked_seats(after, queued), now)
    result = rt.final_result(after) if after.is_terminal else None
    if rt.clock_settings.active:
        stored_clock = clock.to_json()
    ending = rt.rules_ending() if result is not None else None
    item = (rt.id, rt.version, str(first.action), seat, result, stored_clock, ending)
    return Reached(rt.id, seat, first, item, [], stored_clock, clock)


def store_queued(store: Store, reached: Reached) -> bool:
    """Store what :func:`next_queued` found (blocking): the choice becomes an action (in one
    transaction), or the seat's queue is dropped.  False if the index was taken."""
    if reached.item is not None:
        return store.apply_choice(reached.item, reached.choice.id)
    store.drop_choices(reached.table, reached.drop, reached.stored_clock)
    return True


def take_queued(rt: TableRuntime, reached: Reached) -> None:
    """Apply in memory what :func:`store_queued` stored."""
    if reached.item is None:
        rt.queued.pop(reached.seat, None)
    else:
        rt.queued[reached.seat].pop(0)
        advance(rt, reached.choice.action)
    rt.clock = reached.clock


async def queue_choice(store: Store, rt: TableRuntime, seat: int, action: Action, now: float) -> None:
    """Store ``seat``'s choice made ahead of the engine's turn (the caller holds the table's
    lock); its clock stops if it has no choice left to make in the window.

    Raises:
        TableError: 422 ``illegal`` if the game cannot take it in its order.
    """
    queued = rt.queued_actions()
    queued.setdefault(seat, []).append(action)
    try:
        window_plan(rt.state, queued, observe=False)
    except IllegalActionError as err:
        raise TableError.engine(422, "illegal", err.reason, rt.game.name, err.rule) from None
    clock = rt.clock.copy()
    clock.hand_over(rt.clock_settings, rt.clocked_seats(rt.state, queued), now)
    stored_clock = clock.to_json() if rt.clock_settings.active else None
    choice_id = await asyncio.to_thread(store.add_choice, rt.id, rt.version, seat, str(action), stored_clock)
    rt.queued.setdefault(seat, []).append(Queued(choice_id, action))
    rt.clock = clock


async def withdraw_choice(store: Store, rt: TableRuntime, seat: int, now: float) -> None:
    """Withdraw ``seat``'s last queued choice (the caller holds the table's lock): it never
    reached the record, so only the queue changes and the seat must choose again; its clock
    runs again, without the increment its choice had earned (a real-time clock)."""
    last = rt.queued[seat][-1]
    queued = rt.queued_actions()
    queued[seat].pop()
    settings = rt.clock_settings
    clock = rt.clock.copy()
    was_running = seat in clock.running
    clock.hand_over(settings, rt.clocked_seats(rt.state, queued), now)
    if settings.mode == "realtime" and not was_running and seat in clock.running:
        clock.remaining[seat] = max(0.0, clock.remaining[seat] - settings.increment)
    stored_clock = clock.to_json() if settings.active else None
    await asyncio.to_thread(store.drop_choices, rt.id, [last.id], stored_clock)
    rt.queued[seat].pop()
    rt.clock = clock
