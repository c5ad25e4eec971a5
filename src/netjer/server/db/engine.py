"""Opening the database: the engine (SQLite's durability settings), the schema's migration,
the one-process lock on a SQLite file, and the small helpers every part of the store shares
(the time, a token's hash, this process's name)."""

from __future__ import annotations

import fcntl
import hashlib
import os
import secrets
import socket
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from typing import IO, Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.engine import make_url


def process_id() -> str:
    """A name for this server process, unique among those sharing a database:
    ``host:pid:random`` (the random part tells a restarted process with the same pid apart)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


def database_url(given: str) -> str:
    """The database ``--db`` names, as a SQLAlchemy URL: ``given`` itself when it is one
    (``sqlite:///netjer.db``, ``postgresql+psycopg://user@host/db``), else ``given`` read as the
    path of a SQLite file (``/srv/netjer.db``, ``games.db``: what a user types first), that
    file's URL (``sqlite:////srv/netjer.db``).

    Raises:
        ValueError: for a text that is neither a URL nor a file's path (a ``://`` that
            SQLAlchemy cannot read, an empty text).
    """
    from sqlalchemy.engine import URL  # noqa: PLC0415 - beside make_url, only for a path
    from sqlalchemy.exc import ArgumentError  # noqa: PLC0415

    try:
        make_url(given)
    except ArgumentError:
        if "://" in given or not given.strip():
            raise ValueError(given) from None
        return URL.create("sqlite", database=given).render_as_string(hide_password=False)
    return given


class AlreadyServed(Exception):
    """Another process serves this SQLite database (see :func:`single_process_lock`)."""


def single_process_lock(url: str) -> IO[str] | None:
    """Keep other server processes off a SQLite database file: an exclusive advisory lock
    (``flock``) on ``<file>.lock``, held until the returned file is closed or the process
    ends (however it ends: the kernel drops the lock).  Other databases (PostgreSQL) and an
    in-memory SQLite return ``None``: nothing to hold.

    Raises:
        AlreadyServed: with a sentence naming the process that holds it.
    """
    parsed = make_url(url)
    if not parsed.drivername.startswith("sqlite") or parsed.database in (None, "", ":memory:"):
        return None
    # The file's real path: two URLs naming it differently (a symbolic link, ``..``) share one lock.
    path = Path(f"{Path(parsed.database).resolve()}.lock")
    handle = path.open("a+", encoding="utf-8")
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.seek(0)
        holder = handle.read().strip() or "unknown"
        handle.close()
        raise AlreadyServed(
            f"the database {parsed.database} is already served by process {holder}; SQLite serves one "
            "process: use PostgreSQL for several (docs/deploy.md)"
        ) from None
    handle.seek(0)
    handle.truncate()
    handle.write(str(os.getpid()))
    handle.flush()
    return handle


def hash_token(token: str) -> str:
    """SHA-256 hex digest of a seat token (what the database stores)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def now() -> datetime:
    """The current UTC time."""
    return datetime.now(UTC)


def make_engine(url: str) -> Engine:
    """An engine for ``url`` (any SQLAlchemy URL); SQLite gets WAL and full sync.

    Raises:
        sqlalchemy.exc.ArgumentError: for a malformed URL.
    """
    is_sqlite = url.startswith("sqlite")
    engine = create_engine(url, connect_args={"check_same_thread": False} if is_sqlite else {})
    if is_sqlite:

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cur = dbapi_connection.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=FULL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

    return engine


#: The PostgreSQL advisory lock that server processes starting together take around
#: :func:`migrate` (any constant: ``"netj"`` in ASCII).
MIGRATION_LOCK = 0x6E65746A


def migrate(engine: Engine) -> None:
    """Create or upgrade the schema to the latest Alembic revision.

    On PostgreSQL, processes starting at once (systemd units at boot) migrate one at a time:
    the first holds a transaction-level advisory lock (:data:`MIGRATION_LOCK`) until its
    migration commits, and the others then find the schema at the latest revision (without it
    the second failed: two ``CREATE TABLE`` of the same name conflict).
    """
    script_location = str(resources.files("netjer.server") / "migrations")
    config = Config()
    config.set_main_option("script_location", script_location)
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
