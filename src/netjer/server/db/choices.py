"""The store's queued simultaneous choices (``pending_choices``): a seat's secret choice made
before the engine reaches it, until it becomes an action."""

from __future__ import annotations

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError

from netjer.server.db.actions import ActionsPart
from netjer.server.db.core import ActionItem
from netjer.server.db.engine import now
from netjer.server.db.rows import ChoiceRow, TableRow


class ChoicesPart(ActionsPart):
    """Reads and writes ``pending_choices`` (part of :class:`~netjer.server.db.Store`)."""

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
