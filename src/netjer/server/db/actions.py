"""The store's actions: the append-only record of each table, written alone or in groups
(group commit), and read back."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import bindparam, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from netjer.server.db.core import ActionItem
from netjer.server.db.engine import now
from netjer.server.db.ratings import RatingsPart
from netjer.server.db.rows import ActionRow, Base, TableRow


class ActionsPart(RatingsPart):
    """Reads and writes ``actions`` (part of :class:`~netjer.server.db.Store`)."""

    def append_action(
        self,
        table_id: str,
        idx: int,
        text: str,
        seat: int,
        result: list[float] | None,
        clock_state: str | None = None,
        ending: dict[str, Any] | None = None,
    ) -> None:
        """Store action number ``idx``; with ``result``, also mark the table finished, with
        ``ending`` (how it ended: by its rules, ``{"how": "rules", "seats": []}`` when not
        given; :mod:`netjer.server.endings`); with ``clock_state``, store the clocks as they
        are after the action.

        Raises:
            sqlalchemy.exc.IntegrityError: if an action is already stored at ``idx``.
        """
        with self.sessions.begin() as s:
            self._add_actions(s, [(table_id, idx, text, seat, result, clock_state, ending)])

    def _add_actions(self, s: Session, batch: list[ActionItem]) -> None:
        """Add the actions and, per table, its last result and clock state of the batch (only
        the last matters), with one UPDATE statement for all the clocks."""
        clocks: dict[str, str] = {}
        first: dict[str, int] = {}
        told: dict[str, dict[str, Any]] = {}
        for table_id, idx, notation, seat, result, clock_state, ending in batch:
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
                # An action ends a game by its rules (with the seats that had left it, if any).
                row.ending = json.dumps(ending or {"how": "rules", "seats": []})
                self._rate(s, table_id, result, str((ending or {}).get("how", "rules")))
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
        """Store several actions ``(table, idx, text, seat, result, clock_state, ending)`` in one
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
