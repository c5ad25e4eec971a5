"""A table read back from the database (:func:`load_table`): its seats, clocks and settings,
then its record replayed action by action with the table events (timeouts, take-backs, ...)
between them where they happened, its chat, and the choices queued ahead of the engine."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC

from netjer.core.undo import UNDO, Transcript
from netjer.games.registry import make_game
from netjer.i18n import N_
from netjer.server.clocks import ClockSettings, ClockState
from netjer.server.db import Store
from netjer.server.queued_choices import next_queued, store_queued, take_queued
from netjer.server.retired_seats import replay_resigned
from netjer.server.runtime import SeatInfo, TableError, TableRuntime, advance, chat_entry, events_seen, undo_last
from netjer.server.table_endings import replay_back, replay_proposal, stored_ending
from netjer.server.windows import Queued


def load_table(store: Store, table_id: str, now: Callable[[], float]) -> TableRuntime:
    """The table ``table_id`` as stored, replayed (blocking: call it in a thread).

    Args:
        store: the database.
        table_id: the table.
        now: seconds since the epoch; a person's absence counts from the load (a restart is
            nobody's absence).

    Raises:
        TableError: 404 if there is no such table.
    """
    row = store.table(table_id)
    if row is None:
        raise TableError(404, "no_table", N_("there is no table '{table}'"), table=table_id)
    game = make_game(row.game, json.loads(row.options))
    seats = [SeatInfo(s.spec, s.name, s.token_hash, s.account_id) for s in row.seats]
    rt = TableRuntime(table_id, game, game.new_initial_state(row.seed), seats)
    rt.clock_settings = ClockSettings.from_json(json.loads(row.clock) if row.clock else None)
    rt.clock = ClockState.from_json(row.clock_state, rt.clock_settings, len(seats))
    rt.creator_hash, rt.rematch = row.creator_hash, row.rematch
    rt.hints = bool(row.hints)
    rt.hint_limit = row.hint_limit
    rt.rated = bool(row.rated)
    if rt.hint_limit is not None:
        rt.hints_at = store.hint_positions(table_id)
    rt.transcript = Transcript(rt.state)
    rt.logs = {v: events_seen(rt.state, v) for v in rt.viewers()}
    # Absence counts from the load (a restart is nobody's absence).
    rt.absent_since = {i: now() for i, info in enumerate(seats) if info.is_human}
    events = []
    for event in store.events(table_id):
        if event.kind == "chat":
            stamp = event.created_at  # SQLite gives back UTC without its zone
            when = (stamp if stamp.tzinfo else stamp.replace(tzinfo=UTC)).timestamp()
            rt.chat.append(chat_entry(event.id, event.seat, event.author, event.text, when))
        else:
            events.append(event)
    shown = 0
    for text in store.actions(table_id):
        while shown < len(events) and events[shown].version <= rt.version:
            rt.add_line(events[shown].text)
            shown += 1
        if text == UNDO:
            undo_last(rt)
        else:
            advance(rt, game.parse_action(text))
    for event in events[shown:]:
        rt.add_line(event.text)
    if row.finished and row.result and not rt.state.is_terminal:
        rt.forfeit = [float(x) for x in json.loads(row.result)]
    rt.ending = stored_ending(row.ending, rt.state.is_terminal)
    rt.proposal = replay_proposal([(e.kind, e.seat, e.version) for e in events], rt.version)
    rt.resigned = replay_resigned([(e.kind, e.seat) for e in events])
    rt.back = replay_back([(e.kind, e.seat) for e in events]) if rt.clock.adjourned else set()
    for choice in store.choices(table_id):
        rt.queued.setdefault(choice.seat, []).append(Queued(choice.id, game.parse_action(choice.text)))
    # A crash between a move and the choices it let the engine apply left them queued.
    while (step := next_queued(rt, now())) is not None:
        store_queued(store, step)
        take_queued(rt, step)
    return rt
