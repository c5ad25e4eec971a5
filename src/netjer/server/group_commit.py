"""The group commit: the moves and chat messages of every table go through one writer that
commits whatever has queued up in one transaction, so a disk sync is paid per batch, not per
move (:class:`GroupCommit`)."""

from __future__ import annotations

import asyncio
from typing import Any

from netjer.server.db import ActionItem, EventItem, Store


class GroupCommit:
    """One writer task over ``store`` (started on the first write, in the running loop).

    Attributes:
        writer: the writer task (None before the first write); the table manager cancels it
            when it closes.
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self.writer: asyncio.Task[None] | None = None
        self._pending: asyncio.Queue[tuple[bool, ActionItem | EventItem, asyncio.Future[Any]]] = asyncio.Queue()

    async def action(self, item: ActionItem) -> bool:
        """Store one action; returns once it is durable (False: its index was taken).

        Raises:
            Exception: what the database raised for the whole batch (it is down, say).
        """
        stored: bool = await self._queue(True, item)
        return stored

    async def event(self, item: EventItem) -> int:
        """Store one event (a chat message); returns its id once it is durable.

        Raises:
            Exception: what the database raised for the whole batch.
        """
        event_id: int = await self._queue(False, item)
        return event_id

    async def _queue(self, is_action: bool, item: ActionItem | EventItem) -> Any:
        if self.writer is None or self.writer.done():
            self.writer = asyncio.get_running_loop().create_task(self._write_loop())
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        await self._pending.put((is_action, item, future))
        return await future

    async def _write_loop(self) -> None:
        while True:
            first = await self._pending.get()
            batch = [first]
            while not self._pending.empty():
                batch.append(self._pending.get_nowait())
            actions = [(item, f) for is_action, item, f in batch if is_action]
            events = [(item, f) for is_action, item, f in batch if not is_action]
            try:
                stored, ids = await asyncio.to_thread(
                    self.store.write,
                    [item for item, _ in actions],  # type: ignore[misc]
                    [item for item, _ in events],  # type: ignore[misc]
                )
            except Exception as err:  # the database is gone: every waiting write fails
                for _, _, future in batch:
                    if not future.done():
                        future.set_exception(err)
                continue
            for (_, future), result in zip([*actions, *events], [*stored, *ids], strict=True):
                if not future.done():
                    future.set_result(result)
