"""Persistence: a table is its record (DESIGN.md, "Server and persistence").

Five tables, created and upgraded by Alembic migrations (``netjer/server/migrations``):

* ``tables``: id, game, rules version, options (JSON), seed, creation time, finished flag
  and result (JSON), the time control (JSON) and the clocks' state (JSON, written in the same
  transaction as the action or event that changed it), the SHA-256 of the creator's key (to
  delete a table nobody has played at yet), the id of the rematch offered when it ended,
  whether hints are allowed and how many each seat may ask for (``hint_limit``, none: no limit);
* ``seats``: per table and seat, the agent specification (``human`` or an agent), the
  player's name, and the SHA-256 of the seat's secret token (never the token itself), or
  ``reserved:<table>:<seat>`` for a rematch seat kept for the player of that old seat;
* ``actions``: the append-only list of actions in notation, keyed by (table, index), so an
  action can be stored only once at a given index: two clients racing for the same move
  cannot both succeed;
* ``pending_choices``: a seat's secret choice in a window of simultaneous choices made before
  the engine reaches that seat (:mod:`netjer.server.tables`), until it is applied: then it
  moves to ``actions`` in one transaction;
* ``events``: what happens at a table besides the game's actions (a seat's time ran out, a
  seat taken back, a chat message with its author), each with the number of actions played
  when it happened, so that the log rebuilt after a restart places it where it was;
* ``reviews``: a finished game's reviews, one per seat (:mod:`netjer.server.reviews`);
* ``hints_given``: the hints each seat was given, one per position (table, seat, version),
  counted against the table's ``hint_limit``, with what was answered (the iterations, and the
  action, its description and estimate as JSON; none for a hint counted before migration 0010).

A fifth, ``ai_leases``, says which server process runs a table's computer seats when
several share one PostgreSQL (:mod:`netjer.server.leases`).

SQLite (the default, a file beside the server) runs in WAL mode with ``synchronous=FULL``:
an action whose commit returned survives a crash of the process or the machine.  It serves
one process: :func:`single_process_lock` keeps a second ``netjer serve`` off the same file.

On PostgreSQL, every write that other server processes must hear of (an action, an event, a
seat taken, a table deleted) sends a notification on :data:`NEWS_CHANNEL` **in the same
transaction** (``pg_notify``): PostgreSQL delivers it only once the transaction commits, so
the rule "committed before anyone is told" holds across processes too
(:mod:`netjer.server.notify` listens).
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import secrets
import socket
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from typing import IO, Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    Boolean,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    String,
    Text,
    bindparam,
    create_engine,
    delete,
    event,
    func,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, relationship, sessionmaker


class Base(DeclarativeBase):
    """Declarative base of Netjer's tables."""


class TableRow(Base):
    """A game table: what it plays and how it ended."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    rules_version: Mapped[str] = mapped_column(String(16))
    options: Mapped[str] = mapped_column(Text)  # JSON
    seed: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    finished: Mapped[bool] = mapped_column(Boolean, default=False, index=True)
    result: Mapped[str | None] = mapped_column(Text, nullable=True)  # JSON list of returns
    ending: Mapped[str | None] = mapped_column(Text, nullable=True)  # JSON {"how", "seats"} (server.endings)
    clock: Mapped[str | None] = mapped_column(Text, nullable=True)  # JSON ClockSettings
    clock_state: Mapped[str | None] = mapped_column(Text, nullable=True)  # JSON ClockState
    creator_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)
    hints: Mapped[bool] = mapped_column(Boolean, default=False)  # a seat may ask for a hint
    hint_limit: Mapped[int | None] = mapped_column(Integer, nullable=True)  # hints per seat (None: no limit)
    seats: Mapped[list[SeatRow]] = relationship(back_populates="table", order_by="SeatRow.seat")


class HintRow(Base):
    """A hint given to a seat in one position (the table's version then): counted against the
    table's ``hint_limit``, with what it answered: the same position asked again (with any
    iterations) is answered the same, counted once."""

    __tablename__ = "hints_given"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    version: Mapped[int] = mapped_column(Integer, primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    iterations: Mapped[int | None] = mapped_column(Integer, nullable=True)  # None: counted before 0010
    answer: Mapped[str | None] = mapped_column(Text, nullable=True)  # JSON {"action", "description", "estimate"}


class SeatRow(Base):
    """One seat of a table."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    spec: Mapped[str] = mapped_column(String(200))
    name: Mapped[str | None] = mapped_column(String(80), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    table: Mapped[TableRow] = relationship(back_populates="seats")


class ActionRow(Base):
    """One action of a table's append-only record."""

    __tablename__ = "actions"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    text: Mapped[str] = mapped_column(String(200))
    seat: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class EventRow(Base):
    """An event of a table that is not a game action (a timeout, a take-back, a chat message)."""

    __tablename__ = "events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    version: Mapped[int] = mapped_column(Integer)  # actions played when it happened
    kind: Mapped[str] = mapped_column(String(16))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    author: Mapped[str | None] = mapped_column(String(80), nullable=True)


class LeaseRow(Base):
    """Which server process runs a table's computer seats (and watches its clocks), until when
    (:mod:`netjer.server.leases`)."""

    __tablename__ = "ai_leases"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    holder: Mapped[str] = mapped_column(String(200))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


#: The PostgreSQL channel on which the server processes tell each other what they stored.
#: One channel for all tables: a process ignores the news of tables it has not loaded (see
#: :mod:`netjer.server.notify` for why not one channel per table).
NEWS_CHANNEL = "netjer_news"


#: The longest notification sent with its actions and clocks (PostgreSQL's limit is 8000).
MAX_PAYLOAD = 7000


def process_id() -> str:
    """A name for this server process, unique among those sharing a database:
    ``host:pid:random`` (the random part tells a restarted process with the same pid apart)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


class ClockChanged(Exception):
    """The clocks stored are no longer those the process saw (another process changed them)."""


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


class ChoiceRow(Base):
    """A seat's simultaneous choice made ahead of the engine's turn (not yet an action)."""

    __tablename__ = "pending_choices"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    version: Mapped[int] = mapped_column(Integer)  # the table's version when it was made
    text: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


#: An action to store: (table, index, notation, seat, result or None, clock state JSON or None).
ActionItem = tuple[str, int, str, int, list[float] | None, str | None]
#: An event to store with others (a chat message): (table, version, kind, seat, text, author).
EventItem = tuple[str, int, str, int | None, str, str | None]


class RematchTaken(Exception):
    """The finished table already has a rematch."""


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


class Store:
    """Reads and writes tables, seats and actions.

    Args:
        url: a SQLAlchemy database URL (``sqlite:///netjer.db`` by default in the CLI).


    Attributes:
        origin: this process's name (:func:`process_id`), carried by its notifications so
            that it ignores its own.
        shared: whether other server processes may share the database (PostgreSQL): writes
            then notify them on :data:`NEWS_CHANNEL`.
    """

    def __init__(self, url: str) -> None:
        self.engine = make_engine(url)
        migrate(self.engine)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        self.origin = process_id()
        self.shared = self.engine.dialect.name == "postgresql"

    def _news(
        self, s: Session, items: list[tuple[str, str, int | None]], extra: dict[str, dict[str, Any]] | None = None
    ) -> None:
        """Tell the other server processes, when ``s`` commits, what it stored: per item
        (table, kind, index), kind ``"a"`` (actions from ``index`` on), ``"e"`` (an event),
        ``"s"`` (a seat taken), ``"q"`` (a simultaneous choice queued or withdrawn), ``"d"``
        (deleted), ``"h"`` (a hint counted for seat ``index``) or ``"v"`` (a review of seat
        ``index``: :mod:`netjer.server.reviews`), with
        the table's ``extra`` fields (the actions' notation ``"a"``, the clocks ``"c"``, the
        result ``"r"``: a process applies them without reading the database, unless the
        payload would pass :data:`MAX_PAYLOAD` bytes).  One statement for all; nothing on SQLite."""
        if not self.shared or not items:
            return
        payloads = []
        for t, k, i in items:
            plain = {"t": t, "k": k, "i": i, "p": self.origin}
            payload = json.dumps({**plain, **(extra or {}).get(t, {})})
            payloads.append(payload if len(payload) <= MAX_PAYLOAD else json.dumps(plain))
        s.execute(
            text("SELECT pg_notify(:channel, p) FROM unnest(CAST(:payloads AS text[])) AS p"),
            {"channel": NEWS_CHANNEL, "payloads": payloads},
        )

    def create_table(
        self,
        table_id: str,
        game: str,
        rules_version: str,
        options: dict[str, Any],
        seed: int,
        seats: list[tuple[str, str | None, str | None]],
        clock: dict[str, Any] | None = None,
        clock_state: str | None = None,
        creator_hash: str | None = None,
        rematch_of: str | None = None,
        hints: bool = False,
        hint_limit: int | None = None,
    ) -> None:
        """Store a new table with its seats ``(spec, name, token_hash)``, its time control
        (``None``: no clock), its clocks' initial state, the hash of its creator's key,
        whether its seats may ask for hints and how many each (``None``: no limit).
        With ``rematch_of``, the finished table it is the rematch of is marked in the same
        transaction, unless it already has one.

        Raises:
            RematchTaken: if ``rematch_of`` already has a rematch.
        """
        with self.sessions.begin() as s:
            s.add(
                TableRow(
                    id=table_id,
                    game=game,
                    rules_version=rules_version,
                    options=json.dumps(options),
                    seed=seed,
                    created_at=now(),
                    finished=False,
                    clock=json.dumps(clock) if clock else None,
                    clock_state=clock_state,
                    creator_hash=creator_hash,
                    hints=hints,
                    hint_limit=hint_limit,
                )
            )
            s.flush()
            if rematch_of is not None:
                marked = s.execute(
                    update(TableRow)
                    .where(TableRow.id == rematch_of, TableRow.rematch.is_(None))
                    .values(rematch=table_id)
                )
                if getattr(marked, "rowcount", 0) != 1:
                    raise RematchTaken(rematch_of)
            for i, (spec, name, token_hash) in enumerate(seats):
                s.add(SeatRow(table_id=table_id, seat=i, spec=spec, name=name, token_hash=token_hash))

    def append_action(
        self,
        table_id: str,
        idx: int,
        text: str,
        seat: int,
        result: list[float] | None,
        clock_state: str | None = None,
    ) -> None:
        """Store action number ``idx``; with ``result``, also mark the table finished; with
        ``clock_state``, store the clocks as they are after the action.

        Raises:
            sqlalchemy.exc.IntegrityError: if an action is already stored at ``idx``.
        """
        with self.sessions.begin() as s:
            self._add_actions(s, [(table_id, idx, text, seat, result, clock_state)])

    def _add_actions(self, s: Session, batch: list[ActionItem]) -> None:
        """Add the actions and, per table, its last result and clock state of the batch (only
        the last matters), with one UPDATE statement for all the clocks."""
        clocks: dict[str, str] = {}
        first: dict[str, int] = {}
        told: dict[str, dict[str, Any]] = {}
        for table_id, idx, notation, seat, result, clock_state in batch:
            first.setdefault(table_id, idx)
            news = told.setdefault(table_id, {"a": []})
            news["a"].append(notation)
            news.update(c=clock_state, r=result)
            s.add(ActionRow(table_id=table_id, idx=idx, text=notation, seat=seat, created_at=now()))
            if result is not None:
                row = s.get(TableRow, table_id)
                assert row is not None
                row.finished = True
                row.result = json.dumps(result)
                row.ending = json.dumps({"how": "rules", "seats": []})  # an action ends a game by its rules
            if clock_state is not None:
                clocks[table_id] = clock_state
        if clocks:
            s.flush()
            tables = Base.metadata.tables["tables"]
            s.connection().execute(
                update(tables).where(tables.c.id == bindparam("b_id")).values(clock_state=bindparam("b_state")),
                [{"b_id": table_id, "b_state": clock} for table_id, clock in clocks.items()],
            )
        self._news(s, [(table_id, "a", idx) for table_id, idx in first.items()], told)

    def append_actions(self, batch: list[ActionItem]) -> list[bool]:
        """Store several actions ``(table, idx, text, seat, result, clock_state)`` in one
        transaction (group commit: one disk sync for all).  If any of them conflicts, each is
        retried alone.

        Returns:
            For each action, whether it was stored (False: the index was taken).
        """
        try:
            with self.sessions.begin() as s:
                self._add_actions(s, batch)
            return [True] * len(batch)
        except IntegrityError:
            stored = []
            for item in batch:
                try:
                    self.append_action(*item)
                    stored.append(True)
                except IntegrityError:
                    stored.append(False)
            return stored

    def write(self, actions: list[ActionItem], events: list[EventItem]) -> tuple[list[bool], list[int]]:
        """Store actions (as :meth:`append_actions`) and events in one transaction (group
        commit); if an action conflicts, the actions are retried one by one and the events
        stored together.

        Returns:
            For each action whether it was stored, and each event's id.
        """
        try:
            with self.sessions.begin() as s:
                self._add_actions(s, actions)
                ids = self._add_events(s, events)
            return [True] * len(actions), ids
        except IntegrityError:
            stored = self.append_actions(actions) if actions else []
            with self.sessions.begin() as s:
                ids = self._add_events(s, events)
            return stored, ids

    def _add_events(self, s: Session, events: list[EventItem]) -> list[int]:
        rows = [
            EventRow(table_id=t, version=v, kind=k, seat=seat, text=words, created_at=now(), author=author)
            for t, v, k, seat, words, author in events
        ]
        s.add_all(rows)
        s.flush()
        self._news(s, [(row.table_id, "e", row.id) for row in rows])
        return [row.id for row in rows]

    def add_event(
        self,
        table_id: str,
        version: int,
        kind: str,
        seat: int | None,
        text: str,
        clock_state: str | None = None,
        result: list[float] | None = None,
        author: str | None = None,
        expect_clock: str | None = None,
        ending: dict[str, Any] | None = None,
    ) -> int:
        """Store an event of the table (with the clocks' state after it, and the result if it
        ended the game) in one transaction; return its id.

        Args:
            ending: how the event ended the game (``{"how", "seats"}``, :mod:`netjer.server.endings`):
                stored with the result, and the table marked finished (an aborted game too,
                without a result).
            expect_clock: store the event only if the clocks stored are still these (the
                clocks' JSON the caller saw): one conditional UPDATE, so that of several
                server processes applying the same timeout exactly one does.

        Raises:
            ClockChanged: if ``expect_clock`` is given and the stored clocks differ (nothing
                is stored).
        """
        with self.sessions.begin() as s:
            if expect_clock is not None:
                changed = s.execute(
                    update(TableRow)
                    .where(TableRow.id == table_id, TableRow.clock_state == expect_clock)
                    .values(clock_state=clock_state if clock_state is not None else expect_clock)
                )
                if getattr(changed, "rowcount", 0) != 1:
                    raise ClockChanged(table_id)
            row = EventRow(
                table_id=table_id, version=version, kind=kind, seat=seat, text=text, created_at=now(), author=author
            )
            s.add(row)
            if clock_state is not None or result is not None or ending is not None:
                table = s.get(TableRow, table_id)
                assert table is not None
                if clock_state is not None:
                    table.clock_state = clock_state
                if result is not None:
                    table.finished = True
                    table.result = json.dumps(result)
                if ending is not None:
                    table.finished = True
                    table.ending = json.dumps(ending)
            s.flush()
            self._news(s, [(table_id, "e", row.id)])
            return row.id

    def events(self, table_id: str) -> list[EventRow]:
        """The table's events in the order they happened."""
        with self.sessions() as s:
            return list(s.scalars(select(EventRow).where(EventRow.table_id == table_id).order_by(EventRow.id)))

    # --- simultaneous choices made ahead of their turn ---------------------------------------

    def add_choice(self, table_id: str, version: int, seat: int, text: str, clock_state: str | None) -> int:
        """Store seat ``seat``'s choice ``text`` (notation), made at ``version`` ahead of its
        turn, with the clocks' state after it, in one transaction; return its id."""
        with self.sessions.begin() as s:
            row = ChoiceRow(table_id=table_id, seat=seat, version=version, text=text, created_at=now())
            s.add(row)
            if clock_state is not None:
                s.execute(update(TableRow).where(TableRow.id == table_id).values(clock_state=clock_state))
            s.flush()
            self._news(s, [(table_id, "q", row.id)])  # the other processes reload the table's queue
            return row.id

    def drop_choices(self, table_id: str, choice_ids: list[int], clock_state: str | None = None) -> None:
        """Delete choices (withdrawn by their seat, or no longer legal), with the clocks' state
        after it, in one transaction."""
        with self.sessions.begin() as s:
            s.execute(delete(ChoiceRow).where(ChoiceRow.table_id == table_id, ChoiceRow.id.in_(choice_ids)))
            if clock_state is not None:
                s.execute(update(TableRow).where(TableRow.id == table_id).values(clock_state=clock_state))
            self._news(s, [(table_id, "q", None)])

    def apply_choice(self, item: ActionItem, choice_id: int) -> bool:
        """Store the action ``item`` (as :meth:`append_action`) that a pending choice became,
        and delete the choice, in one transaction; False if the action's index was taken
        (nothing changes)."""
        try:
            with self.sessions.begin() as s:
                self._add_actions(s, [item])
                s.execute(delete(ChoiceRow).where(ChoiceRow.id == choice_id))
            return True
        except IntegrityError:
            return False

    def choices(self, table_id: str) -> list[ChoiceRow]:
        """The table's pending choices, oldest first."""
        with self.sessions() as s:
            query = select(ChoiceRow).where(ChoiceRow.table_id == table_id).order_by(ChoiceRow.id)
            return list(s.scalars(query))

    def set_clock_state(self, table_id: str, clock_state: str) -> None:
        """Store the clocks' state (e.g. when the last open seat is taken and they start)."""
        with self.sessions.begin() as s:
            s.execute(update(TableRow).where(TableRow.id == table_id).values(clock_state=clock_state))

    def claim_seat(
        self,
        table_id: str,
        seat: int,
        token_hash: str,
        name: str | None,
        clock_state: str | None = None,
        reserved: str | None = None,
    ) -> bool:
        """Give an open human seat a token; False if it already has one.  With
        ``clock_state``, the clocks' state is stored in the same transaction.  With
        ``reserved``, the seat must hold that reservation instead of being open (a rematch
        seat kept for its player).

        One conditional UPDATE, so that of many simultaneous claims exactly one succeeds.
        """
        with self.sessions.begin() as s:
            free = SeatRow.token_hash.is_(None) if reserved is None else SeatRow.token_hash == reserved
            result = s.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat, SeatRow.spec == "human", free)
                .values(token_hash=token_hash, name=name)
            )
            claimed = bool(getattr(result, "rowcount", 0) == 1)  # a CursorResult for an UPDATE
            if claimed and clock_state is not None:
                s.execute(update(TableRow).where(TableRow.id == table_id).values(clock_state=clock_state))
            if claimed:
                self._news(s, [(table_id, "s", seat)])
            return claimed

    def delete_table(self, table_id: str) -> bool:
        """Delete a table that has no action yet, with its seats, events and pending choices
        (a table whose rematch it was offers none any more); False if it has actions (or does
        not exist).  The check and the deletion are one transaction."""
        with self.sessions.begin() as s:
            if s.scalar(select(func.count()).select_from(ActionRow).where(ActionRow.table_id == table_id)):
                return False
            if s.get(TableRow, table_id) is None:
                return False
            s.execute(update(TableRow).where(TableRow.rematch == table_id).values(rematch=None))
            s.execute(delete(EventRow).where(EventRow.table_id == table_id))
            s.execute(delete(ChoiceRow).where(ChoiceRow.table_id == table_id))
            s.execute(delete(HintRow).where(HintRow.table_id == table_id))
            s.execute(delete(SeatRow).where(SeatRow.table_id == table_id))
            s.execute(delete(LeaseRow).where(LeaseRow.table_id == table_id))
            s.execute(delete(TableRow).where(TableRow.id == table_id))
            self._news(s, [(table_id, "d", None)])
            return True

    # --- hints counted against a table's limit --------------------------------------------

    def hints_given(self, table_id: str, seat: int) -> dict[int, dict[str, Any] | None]:
        """The positions (versions) at which ``seat`` was given a hint, each with what it was
        answered (:meth:`give_hint`'s ``answer`` with its ``"iterations"``), or ``None`` for a
        hint counted before answers were stored (migration 0010)."""
        with self.sessions() as s:
            rows = s.execute(
                select(HintRow.version, HintRow.iterations, HintRow.answer).where(
                    HintRow.table_id == table_id, HintRow.seat == seat
                )
            )
            return {int(v): _hint_answer(i, a) for v, i, a in rows}

    def hint_positions(self, table_id: str) -> dict[int, set[int]]:
        """Per seat, the positions (versions) at which it was given a hint counted against the
        table's limit (one query, for a seat's view of ``hints_left``)."""
        with self.sessions() as s:
            rows = s.execute(select(HintRow.seat, HintRow.version).where(HintRow.table_id == table_id))
            found: dict[int, set[int]] = {}
            for seat, version in rows:
                found.setdefault(int(seat), set()).add(int(version))
            return found

    def give_hint(
        self, table_id: str, seat: int, version: int, iterations: int, answer: dict[str, Any]
    ) -> tuple[dict[str, Any], set[int]]:
        """Count a hint given to ``seat`` at ``version`` (once per position) and store what it
        answered, unless an answer is stored there already: the first one stays (another
        process's, or this one's earlier).

        Args:
            iterations: the search's iterations.
            answer: ``{"action", "description", "estimate"}`` (JSON-able).

        Returns:
            The answer stored at that position (with its ``"iterations"``) and every position
            the seat has been given a hint at.
        """
        stored = json.dumps(answer, sort_keys=True)
        # IntegrityError: the same position, counted at once by another process (its answer stays)
        with contextlib.suppress(IntegrityError), self.sessions.begin() as s:
            row = s.get(HintRow, (table_id, seat, version))
            if row is None:
                s.add(HintRow(table_id=table_id, seat=seat, version=version, created_at=now(),
                              iterations=iterations, answer=stored))  # fmt: skip
                s.flush()
                self._news(s, [(table_id, "h", seat)])  # the other processes' views show the hints left
            elif _hint_answer(row.iterations, row.answer) is None:
                # Counted before answers were stored (or unreadable): the first answer given
                # since is kept (compare-and-set: another process may be filling it in too).
                key = (HintRow.table_id == table_id, HintRow.seat == seat, HintRow.version == version)
                same = HintRow.answer.is_(None) if row.answer is None else HintRow.answer == row.answer
                s.execute(update(HintRow).where(*key, same).values(iterations=iterations, answer=stored))
        given = self.hints_given(table_id, seat)
        kept = given.get(version)
        return (kept if kept is not None else {**answer, "iterations": iterations}), set(given)

    def table(self, table_id: str) -> TableRow | None:
        """The table with its seats loaded, or None."""
        with self.sessions() as s:
            row = s.get(TableRow, table_id)
            if row is not None:
                _ = list(row.seats)
            return row

    def actions(self, table_id: str) -> list[str]:
        """The table's actions in order."""
        with self.sessions() as s:
            rows = s.scalars(select(ActionRow.text).where(ActionRow.table_id == table_id).order_by(ActionRow.idx))
            return list(rows)

    def actions_after(self, table_id: str, idx: int) -> tuple[list[tuple[int, str]], TableRow | None]:
        """The table's actions from index ``idx`` on, as ``(index, notation)``, and its row
        (clocks, result), read in one snapshot (repeatable read on PostgreSQL): what a
        process that has the table up to ``idx`` needs to catch up with another's moves."""
        with self.sessions() as s:
            if self.shared:
                s.connection(execution_options={"isolation_level": "REPEATABLE READ"})
            rows = s.execute(
                select(ActionRow.idx, ActionRow.text)
                .where(ActionRow.table_id == table_id, ActionRow.idx >= idx)
                .order_by(ActionRow.idx)
            )
            actions = [(int(i), str(t)) for i, t in rows]
            return actions, s.get(TableRow, table_id)

    def tables(
        self,
        *,
        finished: bool | None = None,
        open_seat: bool = False,
        with_agents: bool = False,
        with_clock: bool = False,
        limit: int = 200,
    ) -> list[TableRow]:
        """Tables, newest first, with their seats.

        Args:
            finished: only finished (True) or unfinished (False) tables; None: both.
            open_seat: only unfinished tables with a human seat nobody has claimed.
            with_agents: only tables with at least one computer seat.
            with_clock: only tables with a time control (with ``with_agents``: either).
            limit: at most this many (the filters apply before the limit).
        """
        with self.sessions() as s:
            query = select(TableRow).order_by(TableRow.created_at.desc()).limit(limit)
            if finished is not None:
                query = query.where(TableRow.finished == finished)
            if open_seat:
                free = select(SeatRow.table_id).where(SeatRow.spec == "human", SeatRow.token_hash.is_(None))
                query = query.where(TableRow.finished.is_(False), TableRow.id.in_(free))
            agents = TableRow.id.in_(select(SeatRow.table_id).where(SeatRow.spec != "human"))
            clocked = TableRow.clock.is_not(None)
            if with_agents and with_clock:
                query = query.where(or_(agents, clocked))
            elif with_agents:
                query = query.where(agents)
            elif with_clock:
                query = query.where(clocked)
            rows = list(s.scalars(query))
            for row in rows:
                _ = list(row.seats)
            return rows

    def action_counts(self, table_ids: list[str]) -> dict[str, int]:
        """How many actions each table has."""
        if not table_ids:
            return {}
        with self.sessions() as s:
            query = (
                select(ActionRow.table_id, func.count())
                .where(ActionRow.table_id.in_(table_ids))
                .group_by(ActionRow.table_id)
            )
            return {table_id: int(n) for table_id, n in s.execute(query)}

    def session(self) -> Session:
        """A new session (for tests and tools)."""
        return self.sessions()


def _hint_answer(iterations: int | None, answer: str | None) -> dict[str, Any] | None:
    """A stored hint's answer with its iterations, or ``None`` if none was stored (or it cannot
    be read: :meth:`Store.give_hint` then stores the next answer given in its place)."""
    if iterations is None or answer is None:
        return None
    try:
        found = json.loads(answer)
    except ValueError:
        return None
    return {**found, "iterations": int(iterations)} if isinstance(found, dict) else None
