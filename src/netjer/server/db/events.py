"""The store's events: what happens at a table besides its actions (timeouts, take-backs, chat)."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from netjer.server.db.core import EventItem
from netjer.server.db.engine import now
from netjer.server.db.ratings import RatingsPart
from netjer.server.db.rows import EventRow, TableRow


class ClockChanged(Exception):
    """The clocks stored are no longer those the process saw (another process changed them)."""


class EventsPart(RatingsPart):
    """Reads and writes ``events`` (part of :class:`~netjer.server.db.Store`)."""

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
                without a result); a rated game with a result is rated in the same
                transaction (:meth:`~netjer.server.db.ratings.RatingsPart._rate`).
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
                if result is not None and ending is not None:
                    self._rate(s, table_id, result, str(ending.get("how")))
            s.flush()
            self._news(s, [(table_id, "e", row.id)])
            return row.id

    def events(self, table_id: str) -> list[EventRow]:
        """The table's events in the order they happened."""
        with self.sessions() as s:
            return list(s.scalars(select(EventRow).where(EventRow.table_id == table_id).order_by(EventRow.id)))
