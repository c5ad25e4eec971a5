"""Several server processes on one database (:class:`ProcessSync`): a table another process
changed is caught up in place (from its news or the database) or reloaded; and what the lease
sweep (:class:`netjer.server.leases.LeasedTables`) asks: which tables run here, stop a
computer seat thinking, take a table over."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from netjer.core.undo import UNDO
from netjer.server.clocks import ClockState
from netjer.server.runtime import TableError, advance, apply_news, undo_last
from netjer.server.table_endings import stored_ending
from netjer.server.table_host import TableHost
from netjer.server.table_loading import load_table


class ProcessSync:
    """Keeping the tables of ``tables`` up to date with the other server processes."""

    def __init__(self, tables: TableHost) -> None:
        self.tables = tables

    def moved_on(self, table_id: str, full: bool = False) -> None:
        """Another process changed the table first: with several processes, catch up in place
        (its WebSockets stay subscribed); alone, drop it to be reloaded on next use."""
        if self.tables.news is not None:
            self.tables.news.poke(table_id, full)
        else:
            self.tables.tables.pop(table_id, None)

    async def catch_up(self, table_id: str, full: bool = False, news: list[dict[str, Any]] | None = None) -> None:
        """Bring a loaded table up to date with what other server processes stored, tell its
        seats and schedule its computer seat (:mod:`netjer.server.notify` calls it).

        Args:
            table_id: the table (one not loaded here is left alone: it is read when loaded).
            full: reload it in place (seats, chat, events, clocks: anything may have changed);
                otherwise only the actions after its version are read and applied.
            news: the payloads of the news of its actions (:mod:`netjer.server.notify`), in
                order: applied without reading the database when they join up with its version.
        """
        rt = self.tables.tables.get(table_id)
        if rt is None:
            return
        changed = full
        applied: bool | None = None  # news applied: True, nothing new: False, not applicable: None
        if full:
            try:
                fresh = await asyncio.to_thread(load_table, self.tables.store, table_id, self.tables.now)
            except TableError:  # deleted by its creator through another process
                fresh = None
            async with rt.lock:
                if fresh is None:
                    rt.deleted = True
                    self.tables.tables.pop(table_id, None)
                else:
                    for name in ("state", "seats", "logs", "notation", "clock", "forfeit", "chat", "rematch",
                                 "transcript", "hints_at", "ending", "proposal", "actors", "back",
                                 "resigned"):  # fmt: skip
                        setattr(rt, name, getattr(fresh, name))
        elif news:
            async with rt.lock:
                applied = apply_news(rt, news)
            changed = bool(applied)
        if not full and applied is None:  # no news to apply: read the database
            actions, row = await asyncio.to_thread(self.tables.store.actions_after, table_id, rt.version)
            async with rt.lock:
                for idx, notation in actions:
                    if idx < rt.version:
                        continue  # applied here meanwhile
                    if idx > rt.version:
                        break  # not expected: the full reload below fixes it
                    changed = True
                    if notation == UNDO:
                        undo_last(rt)
                    else:
                        advance(rt, rt.game.parse_action(notation))
                if row is not None and rt.clock_settings.active and row.clock_state:
                    rt.clock = ClockState.from_json(row.clock_state, rt.clock_settings, len(rt.seats))
                if row is not None and row.finished and row.result and not rt.state.is_terminal:
                    rt.forfeit = [float(x) for x in json.loads(row.result)]
                if row is not None and row.ending:
                    rt.ending = stored_ending(row.ending, rt.state.is_terminal)
            if actions and actions[-1][0] >= rt.version:
                self.moved_on(table_id, full=True)
        if changed:
            if rt.ai_task is not None and not rt.ai_task.done():
                rt.ai_task.cancel()  # it thinks about a position that is gone
            rt.ai_task = None
            await self.tables.broadcast(rt)
            self.tables.wake(rt)
            # The last person back may have come through another process that did not resume it.
            await self.tables.resume_if_back(rt)

    async def resync(self) -> None:
        """Reload every loaded table in place (after the news connection was lost: what was
        said meanwhile is read from the database)."""
        for table_id in list(self.tables.tables):
            await self.catch_up(table_id, full=True)

    # --- what the lease sweep asks (netjer.server.leases.LeasedTables) ---------------------

    def running(self, table: str) -> bool:
        """Whether ``table`` is loaded here and unfinished."""
        rt = self.tables.tables.get(table)
        return rt is not None and not rt.finished

    def stop_thinking(self, table: str) -> None:
        """Cancel ``table``'s computer seat's search here (another process holds its lease)."""
        rt = self.tables.tables.get(table)
        if rt is not None and rt.ai_task is not None and not rt.ai_task.done():
            rt.ai_task.cancel()

    async def take_over(self, table: str) -> None:
        """Load ``table``, catch up with what the others stored (it may have been loaded long
        ago) and let its computer seat think."""
        rt = await self.tables.get(table)
        await self.catch_up(table)
        self.tables.wake(rt)
