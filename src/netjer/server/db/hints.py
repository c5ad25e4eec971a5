"""The store's hints counted against a table's limit (``hints_given``), with what each answered."""

from __future__ import annotations

import contextlib
import json
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError

from netjer.server.db.core import StoreCore
from netjer.server.db.engine import now
from netjer.server.db.rows import HintRow


class HintsPart(StoreCore):
    """Reads and writes ``hints_given`` (part of :class:`~netjer.server.db.Store`)."""

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
