"""Who is at a table across several server processes (issue 31 item 5: presence).

Each process knows its own WebSockets (``TableRuntime.connections`` and the spectators'
listeners).  With several processes on one PostgreSQL a player connected to another process
would show as away here, and the spectators there would not be counted; so each process
writes its own connections per table as a **heartbeat row** of ``presence`` (origin, table,
seats, watching, expiry in the database's time):

* when a page arrives or leaves, the process rewrites its row (deletes it when it has no
  connection left) and tells the others in the same transaction (news kind ``"p"``); a
  process that hears it reads the other processes' live rows of that table
  (:attr:`netjer.server.runtime.TableRuntime.elsewhere`) and tells its pages that asked for
  presence (:meth:`netjer.server.tables.TableManager.tell_presence`);
* every ``ttl / 3`` seconds (:meth:`PresenceBoard.run`) it renews its rows and reads the
  others' rows of every table it has loaded again, so that a process that died (SIGKILL:
  no goodbye) stops counting once its rows expire, within ``ttl`` seconds;
* a clean stop deletes its rows (:meth:`PresenceBoard.close`).

On SQLite the server is one process: its own connections are the whole truth, and nothing
is written.  What is written is what every page at the table is shown anyway (which seats
are connected, a count of spectators): no hidden information.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Protocol

from netjer.server.db import Store
from netjer.server.runtime import TableRuntime
from netjer.server.sockets import watch


class PresenceHost(Protocol):
    """What the presence board asks of the table manager (:class:`~netjer.server.tables.TableManager`)."""

    store: Store
    tables: dict[str, TableRuntime]

    async def tell_presence(self, rt: TableRuntime) -> None:
        """Tell the pages of ``rt`` that asked who is here now."""


log = logging.getLogger("netjer.server")

#: Seconds a process's presence row is trusted unless renewed (renewed every third of it).
PRESENCE_TTL = 30.0


def local_presence(rt: TableRuntime) -> tuple[list[int], int]:
    """This process's connections to ``rt``: the seats with a WebSocket open here (sorted) and
    the number of spectators' pages."""
    return sorted(s for s, n in rt.connections.items() if n > 0), len(rt.listeners.get(None, ()))


class PresenceBoard:
    """This process's presence rows, and the other processes' read back (module's text).

    Args:
        manager: the table manager (its store, its loaded tables and their pages).
        ttl: seconds a row is trusted unless renewed.
    """

    def __init__(self, manager: PresenceHost, ttl: float = PRESENCE_TTL) -> None:
        self.manager = manager
        self.ttl = ttl
        self.shared = manager.store.shared
        # One write at a time per table, each of the connections as they are when it starts:
        # two pages leaving together must not have the older state committed last.
        self._writing: dict[str, asyncio.Lock] = {}

    async def publish(self, rt: TableRuntime) -> None:
        """Write this process's connections to ``rt`` for the others (PostgreSQL only); a
        database away is logged, not raised: presence is a courtesy, not a rule."""
        if not self.shared:
            return
        async with self._writing.setdefault(rt.id, asyncio.Lock()):
            seats, watching = local_presence(rt)
            try:
                await asyncio.to_thread(self.manager.store.put_presence, rt.id, seats, watching, self.ttl)
            except Exception as err:
                log.warning("presence not written for table %s: %s", rt.id, str(err).splitlines()[0][:200])

    async def look(self, tables: list[str]) -> None:
        """Read the other processes' live connections to ``tables`` (loaded here) and, where
        they changed, tell the pages that asked."""
        if not self.shared or not tables:
            return
        found = await asyncio.to_thread(self.manager.store.others_presence, tables)
        for table in tables:
            rt = self.manager.tables.get(table)
            if rt is None:
                continue
            seats, watching = found.get(table, (set(), 0))
            fresh = (frozenset(seats), watching)
            if fresh != rt.elsewhere:
                rt.elsewhere = fresh
                await self.manager.tell_presence(rt)

    def heard(self, table: str) -> None:
        """News that another process's connections to ``table`` changed: look soon."""
        watch(asyncio.get_running_loop().create_task(self.look([table])), f"presence of table {table}")

    async def sweep(self) -> None:
        """Renew this process's rows, then read the others' for every loaded table (one
        round of :meth:`run`)."""
        await asyncio.to_thread(self.manager.store.renew_presence, self.ttl)
        for table in [t for t, lock in self._writing.items() if t not in self.manager.tables and not lock.locked()]:
            del self._writing[table]
        await self.look(sorted(self.manager.tables))

    async def run(self) -> None:
        """Sweep every ``ttl / 3`` seconds until cancelled; a failed sweep is logged and retried."""
        while True:
            try:
                await self.sweep()
            except Exception as err:
                log.warning("the presence sweep failed: %s", str(err).splitlines()[0][:300])
            await asyncio.sleep(self.ttl / 3)

    async def close(self) -> None:
        """Delete this process's rows (a clean stop); a database already gone is no error."""
        if self.shared:
            with contextlib.suppress(Exception):
                await asyncio.to_thread(self.manager.store.drop_presence)
