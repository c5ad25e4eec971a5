"""What every part of the :class:`~netjer.server.db.Store` shares: the engine and its sessions,
this process's name, and the news told to the other server processes on PostgreSQL."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import text
from sqlalchemy.orm import Session, sessionmaker

from netjer.server.db.engine import make_engine, migrate, process_id

#: The PostgreSQL channel on which the server processes tell each other what they stored.
#: One channel for all tables: a process ignores the news of tables it has not loaded (see
#: :mod:`netjer.server.notify` for why not one channel per table).
NEWS_CHANNEL = "netjer_news"


#: The longest notification sent with its actions and clocks (PostgreSQL's limit is 8000).
MAX_PAYLOAD = 7000

#: An action to store: (table, index, notation, seat, result or None, clock state JSON or None,
#: the ending stored with a result or None: ``{"how": "rules", "seats": []}``).
ActionItem = tuple[str, int, str, int, list[float] | None, str | None, dict[str, Any] | None]
#: An event to store with others (a chat message): (table, version, kind, seat, text, author).
EventItem = tuple[str, int, str, int | None, str, str | None]


class StoreCore:
    """The engine, the sessions and the news of a :class:`~netjer.server.db.Store` (its parts
    inherit from this class).

    Args:
        url: a SQLAlchemy database URL; the schema is created or upgraded at once.

    Attributes:
        origin: this process's name (:func:`~netjer.server.db.engine.process_id`), carried by
            its notifications so that it ignores its own.
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
        ``"s"`` (a seat taken), ``"q"`` (a simultaneous choice queued or withdrawn), ``"p"`` (this
        process's pages at the table changed: :mod:`netjer.server.presence`), ``"d"``
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

    def session(self) -> Session:
        """A new session (for tests and tools)."""
        return self.sessions()
