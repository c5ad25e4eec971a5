"""Several server processes on one PostgreSQL: which one runs a table's computer seats.

Every unfinished table with a computer seat or a clock has at most one **lease holder**: the
server process that runs its computer seats (its own, and the stand-ins of persons whose time
ran out) and is sure to watch its clocks.  The lease is a row of ``ai_leases`` (table,
holder, expiry), and the database decides who holds it, with one statement::

    INSERT INTO ai_leases VALUES (:table, :me, now() + ttl)
    ON CONFLICT (table_id) DO UPDATE SET holder = :me, expires_at = now() + ttl
        WHERE ai_leases.holder = :me OR ai_leases.expires_at < now()
    RETURNING table_id

A row comes back iff the lease is (now) ours: taken when free or expired, renewed when ours.
Expiry is the database's time (``now()``), so the processes' clocks need not agree.

* A computer seat thinks only in the process that holds its table's lease
  (:meth:`Leases.hold`, asked by ``TableManager._run_ai``); the other processes let it be.
* Every ``ttl / 3`` seconds, :meth:`Leases.run` renews the leases this process holds (one
  statement for all), drops those it lost (their searches are cancelled), releases those of
  finished tables, and **takes over** the tables whose lease expired or that have none
  (their holder died, was SIGKILLed or stopped renewing; or none was taken a ``ttl`` after
  the table's creation, e.g. a table of people whose clocks nobody watches after a restart):
  it loads them, and their computer
  seats play on here.  A process stopping cleanly releases its leases (:meth:`Leases.release_all`),
  so another takes them over at its next sweep rather than after the expiry.
* A search that ends after its lease was lost is still safe: its move either wins the
  version (the game goes on) or is refused as stale; it is never stored twice (the
  ``actions`` key decides).

PostgreSQL only: on SQLite the server is one process and needs no lease.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Protocol

from sqlalchemy import Engine, text
from sqlalchemy.exc import InterfaceError, OperationalError


class LeasedTables(Protocol):
    """What the lease sweep asks of this process's tables (the table manager answers it)."""

    def running(self, table: str) -> bool:
        """Whether ``table`` is loaded here and unfinished (its lease is worth keeping)."""

    def stop_thinking(self, table: str) -> None:
        """Stop ``table``'s computer seat thinking here (another process holds its lease now)."""

    async def take_over(self, table: str) -> None:
        """Load ``table`` (whose lease this process has just taken), catch up with what the
        others stored, and let its computer seats think.

        Raises:
            Exception: whatever loading or replaying the table raises (the sweep logs it).
        """


log = logging.getLogger("netjer.server")

#: Seconds a lease lasts unless renewed (``netjer serve --lease-seconds``).
DEFAULT_TTL = 10.0
#: The most tables taken over in one sweep (the next sweep takes more).
SWEEP_LIMIT = 200

_TAKE = text(
    """
    INSERT INTO ai_leases (table_id, holder, expires_at)
    SELECT t, :me, now() + make_interval(secs => :ttl) FROM unnest(CAST(:tables AS text[])) AS t
    ON CONFLICT (table_id) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
        WHERE ai_leases.holder = excluded.holder OR ai_leases.expires_at < now()
    RETURNING table_id
    """
)
_ORPHANS = text(
    """
    SELECT t.id FROM tables t LEFT JOIN ai_leases l ON l.table_id = t.id
    WHERE NOT t.finished
      AND (l.expires_at < now() OR (l.table_id IS NULL AND t.created_at < now() - make_interval(secs => :ttl)))
      AND (t.clock IS NOT NULL OR EXISTS (SELECT 1 FROM seats s WHERE s.table_id = t.id AND s.spec <> 'human'))
    ORDER BY t.created_at LIMIT :limit
    """
)


class Leases:
    """This process's leases on tables' computer seats (see the module's text).

    Args:
        engine: the PostgreSQL engine (migrated: ``ai_leases`` exists).
        holder: this process's name (``Store.origin``).
        ttl: seconds a lease lasts unless renewed; renewed every ``ttl / 3``.
        clock: monotonic seconds (a lease is trusted locally until ``ttl`` after the renewal
            started, never longer than the database keeps it).

    Raises:
        ValueError: if ``ttl`` is not positive.
    """

    def __init__(self, engine: Engine, holder: str, ttl: float = DEFAULT_TTL) -> None:
        if not ttl > 0:
            raise ValueError(f"a lease must last a positive time, got {ttl}")
        self.engine = engine
        self.holder = holder
        self.ttl = ttl
        self.clock = time.monotonic
        self.held: dict[str, float] = {}  # table -> until when (monotonic) it is surely ours
        self.takeovers = 0

    # --- the database's answers (blocking: call in a thread) ----------------------------------

    def take(self, tables: list[str]) -> set[str]:
        """Take or renew the leases of ``tables``; return those now held (one statement)."""
        if not tables:
            return set()
        started = self.clock()
        with self.engine.begin() as connection:
            rows = connection.execute(_TAKE, {"me": self.holder, "ttl": self.ttl, "tables": tables})
            won = {str(r[0]) for r in rows}
        for table in tables:
            if table in won:
                self.held[table] = started + self.ttl
            else:
                self.held.pop(table, None)
        return won

    def release(self, tables: list[str]) -> None:
        """Give up the leases of ``tables`` (finished, or deleted)."""
        for table in tables:
            self.held.pop(table, None)
        if tables:
            with self.engine.begin() as connection:
                connection.execute(
                    text("DELETE FROM ai_leases WHERE holder = :me AND table_id = ANY(CAST(:tables AS text[]))"),
                    {"me": self.holder, "tables": tables},
                )

    def release_all(self) -> None:
        """Give up every lease of this process (a clean stop): they are marked expired, so the
        other processes take them over at their next sweep."""
        self.held.clear()
        with self.engine.begin() as connection:
            connection.execute(
                text("UPDATE ai_leases SET expires_at = now() - interval '1 second' WHERE holder = :me"),
                {"me": self.holder},
            )

    def orphans(self) -> list[str]:
        """Unfinished tables with a computer seat or a clock whose lease expired, or that have
        none a ``ttl`` after their creation (a new table's lease is taken by the process that
        created it, when its computer seat first thinks), oldest first, at most
        :data:`SWEEP_LIMIT`."""
        with self.engine.connect() as connection:
            return [str(r[0]) for r in connection.execute(_ORPHANS, {"limit": SWEEP_LIMIT, "ttl": self.ttl})]

    # --- in the event loop -------------------------------------------------------------------

    async def hold(self, table: str) -> bool:
        """Whether this process may run ``table``'s computer seats now: a lease it holds and
        trusts, or one it takes (or renews) now."""
        if self.held.get(table, 0.0) > self.clock() + self.ttl / 3:
            return True
        return table in await asyncio.to_thread(self.take, [table])

    async def sweep(self, manager: LeasedTables) -> None:
        """Renew, drop, release and take over (one round of :meth:`run`)."""
        live = [t for t in self.held if manager.running(t)]
        gone = [t for t in self.held if t not in live]
        if gone:
            await asyncio.to_thread(self.release, gone)
        kept = await asyncio.to_thread(self.take, live)
        for table in set(live) - kept:  # another process holds it now: stop thinking about it
            log.warning("lease lost", extra={"event": "lease_lost", "table": table})
            manager.stop_thinking(table)
        orphans = await asyncio.to_thread(self.orphans)
        won = await asyncio.to_thread(self.take, orphans)
        for table in sorted(won):
            self.takeovers += 1
            log.info("table taken over", extra={"event": "lease_taken", "table": table})
            try:
                await manager.take_over(table)
            except Exception:  # a table that cannot be replayed must not stop the others
                log.exception("table %s could not be taken over", table)
                self.held.pop(table, None)

    async def run(self, manager: LeasedTables) -> None:
        """Sweep every ``ttl / 3`` seconds until cancelled; a failed sweep (the database
        away: one warning line) is logged and retried."""
        while True:
            try:
                await self.sweep(manager)
            except (OperationalError, InterfaceError) as err:  # the database away: one line, no traceback
                log.warning(
                    "the lease sweep failed: %s", str(err).splitlines()[0][:300], extra={"event": "db_unavailable"}
                )
            except Exception:
                log.exception("the lease sweep failed")
            await asyncio.sleep(self.ttl / 3)

    async def close(self) -> None:
        """Release every lease (a clean stop); a database already gone is no error."""
        with contextlib.suppress(Exception):
            await asyncio.to_thread(self.release_all)
