"""Where the reviews live: one row per reviewed seat of a table (``running`` with the
decisions reviewed so far, or ``done``), the leases that let one server process compute a
review while the others wait and take it over if that process dies, and when the computer
stood in for a seat (:class:`ReviewStore`; the service is :mod:`netjer.server.reviews`)."""

from __future__ import annotations

import json
import logging
from datetime import datetime
from typing import Any

from sqlalchemy import Boolean, DateTime, ForeignKey, Integer, String, Text, delete, select, update
from sqlalchemy import text as sql
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, mapped_column

from netjer.core.record import StandIn
from netjer.server.db import Base, EventRow, Store, now
from netjer.server.leases import DEFAULT_TTL

log = logging.getLogger("netjer.server")


class ReviewRow(Base):
    """The review of one seat of a table: ``running`` (asked for, with its settings, and
    ``data`` the decisions reviewed so far, ``{"decisions": [...]}``: resumed from there after
    a restart) or ``done`` (``data``: ``Review.to_dict()`` as JSON)."""

    __tablename__ = "reviews"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    status: Mapped[str] = mapped_column(String(8))
    iterations: Mapped[int] = mapped_column(Integer)
    depth: Mapped[int | None] = mapped_column(Integer, nullable=True)
    data: Mapped[str | None] = mapped_column(Text, nullable=True)
    published: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    #: PostgreSQL: the server process computing a running review, and until when its lease
    #: lasts unless renewed (the database's time); see "Several processes" in the module's text.
    holder: Mapped[str | None] = mapped_column(String(200), nullable=True)
    expires_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


#: The lease on a running review, taken (or renewed) by ``:me`` when it is free: no holder, or
#: one whose lease expired (the database's time, as :mod:`netjer.server.leases`).
_CLAIM = sql(
    """
    UPDATE reviews SET holder = :me, expires_at = now() + make_interval(secs => :ttl)
    WHERE table_id = :t AND seat = :s AND status = 'running'
      AND (holder = :me OR holder IS NULL OR expires_at IS NULL OR expires_at < now())
    RETURNING seat
    """
)
#: The leases ``:me`` holds on running reviews, renewed: the rows that come back are still ours.
_RENEW = sql(
    """
    UPDATE reviews SET expires_at = now() + make_interval(secs => :ttl)
    WHERE holder = :me AND status = 'running'
    RETURNING table_id, seat
    """
)
#: The running reviews nobody computes: no holder, or a lease that expired (its process died).
_ABANDONED = sql(
    """
    SELECT table_id, seat FROM reviews
    WHERE status = 'running' AND (holder IS NULL OR expires_at IS NULL OR expires_at < now())
    ORDER BY created_at LIMIT :limit
    """
)
#: A running review's progress, kept only by the process holding its lease (which renews it).
_PROGRESS = sql(
    """
    UPDATE reviews SET data = :data, expires_at = now() + make_interval(secs => :ttl)
    WHERE table_id = :t AND seat = :s AND status = 'running' AND holder = :me
    """
)
#: The most abandoned reviews taken over in one sweep (the next sweep takes more).
REVIEW_SWEEP_LIMIT = 50


class ReviewStore:
    """Reads and writes the ``reviews`` table of a :class:`~netjer.server.db.Store`.

    Args:
        store: the database.
        ttl: PostgreSQL: seconds a lease on a running review lasts unless renewed.
    """

    def __init__(self, store: Store, ttl: float = DEFAULT_TTL) -> None:
        self.sessions = store.sessions
        self._store = store
        #: Other server processes may run reviews of the same database (PostgreSQL): then a
        #: running review has a lease, held by :attr:`holder` when this process computes it.
        self.shared = store.shared
        self.holder = store.origin
        self.ttl = ttl

    # --- leases (PostgreSQL; on SQLite one process serves the database: none needed) ------

    def claim(self, table_id: str, seat: int) -> bool:
        """Take the lease on the seat's running review if it is free (no holder, or its lease
        expired) or already ours; False if another process holds it, or it is not running.
        Always True on SQLite."""
        if not self.shared:
            return True
        with self.sessions.begin() as s:
            params = {"me": self.holder, "ttl": self.ttl, "t": table_id, "s": seat}
            return s.execute(_CLAIM, params).first() is not None

    def renew(self) -> set[tuple[str, int]]:
        """Renew every lease this process holds on running reviews; return them ``(table,
        seat)`` (one that is missing was taken over by another process, or finished there)."""
        if not self.shared:
            return set()
        with self.sessions.begin() as s:
            rows = s.execute(_RENEW, {"me": self.holder, "ttl": self.ttl})
            return {(str(t), int(seat)) for t, seat in rows}

    def abandoned(self) -> list[tuple[str, int]]:
        """Running reviews no process computes (no holder, or a lease that expired), oldest
        first, at most :data:`REVIEW_SWEEP_LIMIT`; none on SQLite."""
        if not self.shared:
            return []
        with self.sessions() as s:
            return [(str(t), int(seat)) for t, seat in s.execute(_ABANDONED, {"limit": REVIEW_SWEEP_LIMIT})]

    def release_all(self) -> None:
        """Give up this process's leases on running reviews (a clean stop): marked expired, so
        another process takes them over at its next sweep."""
        if not self.shared:
            return
        with self.sessions.begin() as s:
            s.execute(
                update(ReviewRow)
                .where(ReviewRow.holder == self.holder, ReviewRow.status == "running")
                .values(expires_at=sql("now() - interval '1 second'"))
            )

    # --- the rows ----------------------------------------------------------------------

    def _told(self, s: Session, table_id: str, seat: int) -> None:
        """Tell the other server processes (PostgreSQL), when ``s`` commits, that the seat's
        review changed (news kind ``"v"``, :mod:`netjer.server.notify`)."""
        self._store._news(s, [(table_id, "v", seat)])  # the store's own news channel

    def load(self, table_id: str) -> dict[int, tuple[dict[str, Any], bool]]:
        """The table's finished reviews: seat -> (the review's data, published)."""
        with self.sessions() as s:
            rows = s.scalars(select(ReviewRow).where(ReviewRow.table_id == table_id, ReviewRow.status == "done"))
            return {row.seat: (json.loads(row.data or "{}"), bool(row.published)) for row in rows}

    def published(self, table_ids: list[str]) -> dict[str, list[int]]:
        """The seats whose finished review is published, per table of ``table_ids`` (a table
        without any is left out): what a player's profile links to."""
        if not table_ids:
            return {}
        out: dict[str, list[int]] = {}
        with self.sessions() as s:
            rows = s.execute(
                select(ReviewRow.table_id, ReviewRow.seat)
                .where(ReviewRow.table_id.in_(table_ids), ReviewRow.status == "done", ReviewRow.published.is_(True))
                .order_by(ReviewRow.table_id, ReviewRow.seat)
            )
            for table_id, seat in rows:
                out.setdefault(str(table_id), []).append(int(seat))
        return out

    def standins(self, table_id: str) -> list[StandIn]:
        """When the computer stood in for a seat's person at the table (:func:`standins_of`
        of its timeout, gone and take-back events)."""
        with self.sessions() as s:
            rows = s.execute(
                select(EventRow.kind, EventRow.seat, EventRow.version)
                .where(EventRow.table_id == table_id, EventRow.kind.in_(("timeout", "gone", "takeback")))
                .order_by(EventRow.id)
            )
            return standins_of([(str(kind), seat, int(version)) for kind, seat, version in rows])

    def unfinished(
        self, only: list[tuple[str, int]] | None = None
    ) -> list[tuple[str, int, int, int | None, list[dict[str, Any]]]]:
        """Every review asked for and not finished (or those of ``only``, ``(table, seat)``):
        ``(table, seat, iterations, depth, decisions)``, ``decisions`` being those already
        reviewed (see :meth:`progress`)."""
        with self.sessions() as s:
            rows = list(s.scalars(select(ReviewRow).where(ReviewRow.status == "running")))
            wanted = None if only is None else set(only)
            return [
                (row.table_id, row.seat, row.iterations, row.depth, _progress_of(row.data))
                for row in rows
                if wanted is None or (row.table_id, row.seat) in wanted
            ]

    def progress(self, table_id: str, seat: int, decisions: list[dict[str, Any]], total: int | None = None) -> bool:
        """Keep the decisions of a running review reviewed so far (``ReviewedDecision``s as
        dicts, in order), so that a restart resumes after them, and how many it has in all
        (``total``: shown by the other server processes).  On PostgreSQL only while this
        process holds the review's lease (renewed with it); False if it does not (another
        process took it over: this one must stop computing it)."""
        data = json.dumps({"decisions": decisions, "total": total})
        with self.sessions.begin() as s:
            if self.shared:
                params = {"data": data, "ttl": self.ttl, "t": table_id, "s": seat, "me": self.holder}
                kept = getattr(s.execute(_PROGRESS, params), "rowcount", 0) == 1
            else:
                s.execute(
                    update(ReviewRow)
                    .where(ReviewRow.table_id == table_id, ReviewRow.seat == seat, ReviewRow.status == "running")
                    .values(data=data)
                )
                kept = True
            self._told(s, table_id, seat)
        return kept

    def running(self, table_id: str) -> dict[int, tuple[int, int, int, int | None]]:
        """The table's reviews asked for and not finished, as far as they went: seat ->
        ``(decisions done, decisions in all (0: not counted yet), iterations, depth)``."""
        with self.sessions() as s:
            rows = s.scalars(select(ReviewRow).where(ReviewRow.table_id == table_id, ReviewRow.status == "running"))
            out = {}
            for row in rows:
                try:
                    total = int(json.loads(row.data or "{}").get("total") or 0)
                except (ValueError, TypeError, AttributeError):
                    total = 0
                out[row.seat] = (len(_progress_of(row.data)), total, row.iterations, row.depth)
            return out

    def start(self, table_id: str, seat: int, iterations: int, depth: int | None) -> bool:
        """Record that the seat's review was asked for (on PostgreSQL with this process's
        lease on it: it computes it); False if the seat already has one (asked for or done,
        e.g. by another server process)."""
        try:
            with self.sessions.begin() as s:
                s.add(ReviewRow(table_id=table_id, seat=seat, status="running", iterations=iterations, depth=depth,
                                data=None, published=False, created_at=now()))  # fmt: skip
                s.flush()  # the primary key decides before anyone is told
                if self.shared:
                    s.execute(_CLAIM, {"me": self.holder, "ttl": self.ttl, "t": table_id, "s": seat})
                self._told(s, table_id, seat)
        except IntegrityError:
            return False
        return True

    def finish(self, table_id: str, seat: int, data: dict[str, Any]) -> None:
        """Store the seat's finished review (not published; its lease ends with it)."""
        with self.sessions.begin() as s:
            s.execute(
                update(ReviewRow)
                .where(ReviewRow.table_id == table_id, ReviewRow.seat == seat)
                .values(status="done", data=json.dumps(data), holder=None, expires_at=None)
            )
            self._told(s, table_id, seat)

    def drop(self, table_id: str, seat: int) -> None:
        """Forget a review that failed (it may be asked for again)."""
        with self.sessions.begin() as s:
            s.execute(delete(ReviewRow).where(ReviewRow.table_id == table_id, ReviewRow.seat == seat))
            self._told(s, table_id, seat)

    def publish(self, table_id: str, seat: int) -> bool:
        """Mark the seat's finished review published; False if it has none."""
        with self.sessions.begin() as s:
            done = s.execute(
                update(ReviewRow)
                .where(ReviewRow.table_id == table_id, ReviewRow.seat == seat, ReviewRow.status == "done")
                .values(published=True)
            )
            self._told(s, table_id, seat)
            return bool(getattr(done, "rowcount", 0) == 1)


def _progress_of(data: str | None) -> list[dict[str, Any]]:
    """The decisions a running review's stored ``data`` holds (none if it holds nothing
    readable: the review then starts again from its first decision)."""
    try:
        decisions = json.loads(data or "{}").get("decisions", [])
    except (ValueError, AttributeError):
        return []
    return decisions if isinstance(decisions, list) and all(isinstance(d, dict) for d in decisions) else []


# --- what runs in the search workers (module-level: picklable) ---------------------------------


def standins_of(events: list[tuple[str, int | None, int]]) -> list[StandIn]:
    """When the computer stood in for a seat's person, from a table's events ``(kind, seat,
    version)`` in order: from a ``timeout`` or ``gone`` (the person's time ran out, or they
    had no connection for their deadline; :meth:`~netjer.server.tables.TableManager._expire`)
    to the ``takeback`` (:meth:`~netjer.server.tables.TableManager.take_back`), or to the end.
    A version is the number of entries stored then, as :class:`StandIn` counts.  (With
    ``on_timeout="out"`` the same events end the game: no decision follows them.)"""
    began: dict[int, int] = {}
    out: list[StandIn] = []
    for kind, seat, version in events:
        if seat is None:
            continue
        if kind in ("timeout", "gone") and seat not in began:
            began[seat] = version
        elif kind == "takeback" and seat in began:
            out.append(StandIn(seat, began.pop(seat), version))
    out += [StandIn(seat, start) for seat, start in began.items()]
    return sorted(out, key=lambda s: (s.start, s.seat))
