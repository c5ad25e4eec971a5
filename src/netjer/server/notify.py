"""Several server processes on one PostgreSQL: news of the tables, by LISTEN/NOTIFY.

A move made through one server process must reach the WebSockets connected to another.
PostgreSQL carries the news itself (no broker of our own):

* every write another process must hear of sends ``pg_notify`` on
  :data:`~netjer.server.db.NEWS_CHANNEL` **in the same transaction** as the write
  (``Store._news``); PostgreSQL delivers a notification only when its transaction commits,
  so nobody hears of a move before it is durable, and a write rolled back tells nobody;
* each process keeps one psycopg 3 connection (autocommit) that ``LISTEN``\\ s on that
  channel; a :class:`Notifier` task reads its notifications and asks the table manager to
  catch the table up (``TableManager.catch_up``): the actions after its version are read
  from the database and applied, then every connected seat is sent its view;
* a process ignores its own notifications and those of tables it has not loaded (it reads
  them from the database when it loads them);
* if the listening connection breaks, it is opened again (after 0.1 s, then doubling up to
  5 s), and every loaded table is then read again in full: notifications sent while nobody
  listened are lost, the catch-up read covers them.

**One channel for all tables**, rather than one per table: psycopg's ``notifies()`` holds the
connection while it waits, so a ``LISTEN`` for a table just loaded would wait for the next
notification (or a timeout), and a move stored between the load and the ``LISTEN`` would be
missed.  With one channel every process hears every table's news (a payload of about 80
bytes; PostgreSQL queues them once for all listeners) and drops those of tables it has not
loaded: cheap at the rates a club server sees (the benchmark measures it).

Payload (JSON, well under PostgreSQL's 8000 bytes): ``{"t": table, "k": kind, "i": index,
"p": origin}``, kind ``"a"`` (actions stored from index ``i`` on), ``"e"`` (an event: a chat
message, a timeout, a seat taken back, a rematch offered), ``"s"`` (a seat taken), ``"q"`` (a
simultaneous choice queued or withdrawn), ``"d"`` (the table deleted), ``"h"`` (a hint counted
against the table's limit for seat ``i``: the seats' views say how many they have left), ``"p"``
(the pages another process has connected to the table changed: passed to :attr:`Notifier.on_presence`,
:mod:`netjer.server.presence`) or ``"v"`` (a review of
seat ``i`` asked for, advanced, finished, published or dropped: passed to :attr:`Notifier.on_review`,
the table itself is unchanged).  News of actions
also carries their notation (``"a"``), the clocks after them (``"c"``) and the result
(``"r"``), so a process that has the table up to index ``i``
applies them without reading the database (it reads it when the news does not join up with
its version: news lost, or too long to carry them); the other kinds, rarer, reload the table
in place.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy.engine import URL

from netjer.server.db import NEWS_CHANNEL

log = logging.getLogger("netjer.server")

#: Called with a table id, whether it must be reloaded in full (False: new actions only) and
#: the news of its actions heard since the last call, in order (their payloads).
CatchUp = Callable[[str, bool, list[dict[str, Any]]], Awaitable[None]]
#: Called after the listening connection was opened again: every loaded table is re-read.
Resync = Callable[[], Awaitable[None]]
#: Seconds between attempts to reopen the listening connection: the first, and the longest.
RETRY_FIRST, RETRY_MAX = 0.1, 5.0


def libpq_url(url: URL) -> str:
    """The libpq connection string of a SQLAlchemy PostgreSQL URL (its driver name dropped:
    ``postgresql+psycopg://u@/db?host=/run`` becomes ``postgresql://u@/db?host=/run``)."""
    return url.set(drivername="postgresql").render_as_string(hide_password=False)


class Notifier:
    """Listens for the other processes' news and has the tables caught up (module's text).

    Args:
        conninfo: the libpq connection string (:func:`libpq_url`).
        origin: this process's name: its own notifications are ignored.
        catch_up: brings one table up to date (``TableManager.catch_up``).
        resync: re-reads every loaded table (after a reconnect).
        loaded: whether a table is loaded here (news of others is dropped at once; None: all
            news is passed on).
    """

    def __init__(
        self,
        conninfo: str,
        origin: str,
        catch_up: CatchUp,
        resync: Resync,
        loaded: Callable[[str], bool] | None = None,
    ) -> None:
        self.conninfo = conninfo
        self.loaded = loaded
        self.origin = origin
        self.catch_up = catch_up
        self.resync = resync
        self.listening = asyncio.Event()
        self.received = 0
        self.reconnects = 0
        self._task: asyncio.Task[None] | None = None
        self._pending: dict[str, bool] = {}  # table -> reload in full
        self._heard_news: dict[str, list[dict[str, Any]]] = {}  # table -> action news, in order
        self._workers: dict[str, asyncio.Task[None]] = {}
        #: Called with the table of news of its reviews (kind ``"v"``), if set.
        self.on_review: Callable[[str], None] | None = None
        #: Called with the table of news of another process's presence there (kind ``"p"``), if set.
        self.on_presence: Callable[[str], None] | None = None

    async def start(self, timeout: float = 10.0) -> None:
        """Start listening, and return once the first ``LISTEN`` is in place (a move stored
        from then on is heard).

        Raises:
            TimeoutError: if the database does not answer within ``timeout`` seconds.
        """
        self._task = asyncio.get_running_loop().create_task(self._listen())
        await asyncio.wait_for(self.listening.wait(), timeout)

    async def close(self) -> None:
        """Stop listening and wait for the catch-ups in progress to end."""
        tasks = [t for t in (self._task, *self._workers.values()) if t is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def poke(self, table: str, full: bool = False, news: dict[str, Any] | None = None) -> None:
        """Have ``table`` caught up soon (as if news of it had come), e.g. after a move of this
        process was refused because another process stored that version first."""
        self._pending[table] = self._pending.get(table, False) or full
        if news is not None:
            self._heard_news.setdefault(table, []).append(news)
        worker = self._workers.get(table)
        if worker is None or worker.done():
            self._workers[table] = asyncio.get_running_loop().create_task(self._work(table))

    async def _work(self, table: str) -> None:
        """Catch ``table`` up while news of it keeps coming: news that arrives during a
        catch-up is folded into the next one (they read from the database, not the payload)."""
        try:
            while table in self._pending:
                full = self._pending.pop(table)
                news = self._heard_news.pop(table, [])
                try:
                    await self.catch_up(table, full, news)
                except Exception:
                    log.exception("table %s could not be caught up", table)
        finally:
            if self._workers.get(table) is asyncio.current_task():
                del self._workers[table]

    def _heard(self, payload: str) -> None:
        try:
            news = json.loads(payload)
            table, kind, origin = str(news["t"]), str(news["k"]), news.get("p")
        except (ValueError, KeyError, TypeError):
            log.warning("a notification not understood was ignored: %.100s", payload)
            return
        self.received += 1
        if origin == self.origin or (self.loaded is not None and not self.loaded(table)):
            return
        if kind == "p":
            if self.on_presence is not None:
                self.on_presence(table)
            return
        if kind == "v":
            if self.on_review is not None:
                self.on_review(table)
            return
        self.poke(table, full=kind != "a", news=news if kind == "a" else None)

    async def _listen(self) -> None:
        import psycopg  # noqa: PLC0415 - the PostgreSQL driver, only needed here

        wait = RETRY_FIRST
        first = True
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {NEWS_CHANNEL}")
                    self.listening.set()
                    wait = RETRY_FIRST
                    if not first:
                        self.reconnects += 1
                        log.info("listening again", extra={"event": "news_reconnected"})
                        await self.resync()
                    first = False
                    async for note in conn.notifies():
                        self._heard(note.payload)
            except asyncio.CancelledError:
                raise
            except Exception as err:  # the database went away: listen again when it is back
                self.listening.clear()
                log.warning("the news connection failed (%s); retrying in %.1f s", err, wait)
            await asyncio.sleep(wait)
            wait = min(wait * 2, RETRY_MAX)
