"""The store's record of who did what and its moderation: the audit log, the players' mutes
and blocks, and the chat lines reported (what they mean: :mod:`netjer.server.audit` and
:mod:`netjer.server.moderation`)."""

from __future__ import annotations

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError

from netjer.server.db.core import StoreCore
from netjer.server.db.engine import now
from netjer.server.db.rows import AccountRow, AuditRow, MarkRow, ReportRow

#: The kinds of mark a player may put on another.
MARK_KINDS = ("mute", "block")


class ModerationPart(StoreCore):
    """Reads and writes ``audit_log``, ``player_marks`` and ``chat_reports`` (part of
    :class:`~netjer.server.db.Store`)."""

    def add_audit(
        self,
        table_id: str,
        kind: str,
        seat: int | None,
        account_id: int | None,
        name: str | None,
        detail: str,
        event_id: int | None = None,
    ) -> int:
        """Append one entry to the audit log (stamped now); its id."""
        with self.sessions.begin() as s:
            row = AuditRow(table_id=table_id, kind=kind, seat=seat, account_id=account_id, name=name,
                           detail=detail, event_id=event_id, created_at=now())  # fmt: skip
            s.add(row)
            s.flush()
            return row.id

    def audit(self, table_id: str) -> list[AuditRow]:
        """The table's audit log, oldest first (a deleted table's too)."""
        with self.sessions() as s:
            return list(s.scalars(select(AuditRow).where(AuditRow.table_id == table_id).order_by(AuditRow.id)))

    def set_mark(self, account_id: int, other_id: int, kind: str) -> bool:
        """Mark ``other_id`` for ``account_id`` (``kind`` one of :data:`MARK_KINDS`); False if
        it was marked so already."""
        try:
            with self.sessions.begin() as s:
                s.add(MarkRow(account_id=account_id, other_id=other_id, kind=kind, created_at=now()))
            return True
        except IntegrityError:
            return False

    def drop_mark(self, account_id: int, other_id: int, kind: str) -> bool:
        """Lift a mark; whether there was one."""
        with self.sessions.begin() as s:
            done = s.execute(
                delete(MarkRow).where(
                    MarkRow.account_id == account_id, MarkRow.other_id == other_id, MarkRow.kind == kind
                )
            )
            return int(getattr(done, "rowcount", 0)) > 0

    def marks(self, account_id: int) -> list[tuple[str, int, str | None]]:
        """The account's marks, oldest first: (kind, the other's id, the other's name: None
        once that account is deleted)."""
        with self.sessions() as s:
            rows = s.execute(
                select(MarkRow.kind, MarkRow.other_id, AccountRow.name)
                .join(AccountRow, AccountRow.id == MarkRow.other_id)
                .where(MarkRow.account_id == account_id)
                .order_by(MarkRow.created_at, MarkRow.other_id)
            )
            return [(str(k), int(o), n) for k, o, n in rows]

    def blockers(self, account_ids: set[int], of: int) -> set[int]:
        """Which of ``account_ids`` block account ``of``."""
        if not account_ids:
            return set()
        with self.sessions() as s:
            rows = s.scalars(
                select(MarkRow.account_id).where(
                    MarkRow.account_id.in_(account_ids), MarkRow.other_id == of, MarkRow.kind == "block"
                )
            )
            return {int(r) for r in rows}

    def add_report(
        self,
        table_id: str,
        event_id: int,
        seat: int | None,
        author: str | None,
        author_id: int | None,
        text: str,
        reporter_id: int,
    ) -> int:
        """Store a reported chat line with its reporter (stamped now); the report's id."""
        with self.sessions.begin() as s:
            row = ReportRow(table_id=table_id, event_id=event_id, seat=seat, author=author, author_id=author_id,
                            text=text, reporter_id=reporter_id, created_at=now())  # fmt: skip
            s.add(row)
            s.flush()
            return row.id

    def reports(self, limit: int = 200) -> list[ReportRow]:
        """The chat lines reported, newest first."""
        with self.sessions() as s:
            return list(s.scalars(select(ReportRow).order_by(ReportRow.id.desc()).limit(limit)))
