"""The server's health, for a load balancer: the database and the computer players' pool.

``GET /api/health`` (and ``HEAD``) answers 200 when the database answers a trivial query
and the AI pool can take searches, 503 otherwise, with the details either way::

    {"status": "ok" | "unavailable",
     "engine": "compiled" | "python",
     "database": {"ok": bool, "error": str?},
     "ai": {"ok": bool, "workers": N, "running": N, "queued": N, "error": str?}}

The endpoint answers anyone, so a database failure is reported as "database unavailable"
only: the driver's message (host, socket path, port, user) goes to the server's log.
``engine`` says which build of the rules engine runs (:mod:`netjer.build_info`): the compiled
one of the wheel or ``make compiled``, or the Python one.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from sqlalchemy import text

from netjer.build_info import compiled_modules
from netjer.server.tables import TableManager

log = logging.getLogger("netjer.server")
#: Seconds the database has to answer the health query.
DB_TIMEOUT = 2.0
#: What the health report says of a database that does not answer, whatever the cause.
DB_UNAVAILABLE = "database unavailable"


def _ping(manager: TableManager) -> None:
    with manager.store.engine.connect() as connection:
        connection.execute(text("SELECT 1"))


async def health(manager: TableManager) -> tuple[int, dict[str, Any]]:
    """The HTTP status (200 or 503) and the report (see the module's text)."""
    database: dict[str, Any] = {"ok": True}
    try:
        await asyncio.wait_for(asyncio.to_thread(_ping, manager), timeout=DB_TIMEOUT)
    except TimeoutError:
        log.warning("health: the database gave no answer within %g s", DB_TIMEOUT, extra={"event": "db_unavailable"})
        database = {"ok": False, "error": DB_UNAVAILABLE}
    except Exception as err:  # any failure of the database is reported, not raised
        detail = f"{type(err).__name__}: {err}".splitlines()[0][:300]
        log.warning("health: database unavailable: %s", detail, extra={"event": "db_unavailable"})
        database = {"ok": False, "error": DB_UNAVAILABLE}
    service = manager.computers.ai
    ai: dict[str, Any] = {"ok": True, "workers": service.workers, "running": service.in_flight}
    ai["queued"] = service.queued
    if service.closed:
        ai.update(ok=False, error="the server is stopping")
    elif getattr(manager.computers.search, "_broken", False):  # a ProcessPoolExecutor whose worker died
        ai.update(ok=False, error="the search pool is broken")
    fine = database["ok"] and ai["ok"]
    engine = "compiled" if compiled_modules() else "python"
    report = {"status": "ok" if fine else "unavailable", "engine": engine, "database": database, "ai": ai}
    return (200 if fine else 503), report
