"""The store's invitations: a seat waiting for whoever opens its link first (what they mean:
:mod:`netjer.server.invitations`)."""

from __future__ import annotations

from sqlalchemy import delete, select, update

from netjer.server.db.core import StoreCore
from netjer.server.db.engine import now
from netjer.server.db.rows import CreatorRow, InvitationRow, SeatRow


class InvitationsPart(StoreCore):
    """Reads and writes ``invitations`` and who owns a table's seats (part of :class:`~netjer.server.db.Store`)."""

    def set_invitation(self, table_id: str, seat: int, code: str) -> None:
        """Give the seat a new invitation ``code`` (any earlier one is revoked)."""
        with self.sessions.begin() as s:
            s.execute(delete(InvitationRow).where(InvitationRow.table_id == table_id, InvitationRow.seat == seat))
            s.add(InvitationRow(table_id=table_id, seat=seat, code=code, created_at=now()))

    def invitations(self, table_id: str) -> dict[int, str]:
        """The table's unclaimed invitations: ``{seat: code}``."""
        with self.sessions() as s:
            rows = s.execute(select(InvitationRow.seat, InvitationRow.code).where(InvitationRow.table_id == table_id))
            return {int(seat): str(code) for seat, code in rows}

    def revoke_invitation(self, table_id: str, seat: int) -> bool:
        """Delete the seat's invitation; False if it had none (claimed, or revoked before)."""
        with self.sessions.begin() as s:
            result = s.execute(
                delete(InvitationRow).where(InvitationRow.table_id == table_id, InvitationRow.seat == seat)
            )
            return bool(getattr(result, "rowcount", 0) == 1)

    def own_table(self, table_id: str, account_id: int, seats: list[int]) -> None:
        """Record a signed-in creator of the table, and the account of the seats it keeps for itself."""
        with self.sessions.begin() as s:
            s.add(CreatorRow(table_id=table_id, account_id=account_id))
            if seats:
                s.execute(
                    update(SeatRow)
                    .where(SeatRow.table_id == table_id, SeatRow.seat.in_(seats))
                    .values(account_id=account_id)
                )
                self._news(s, [(table_id, "s", seat) for seat in seats])

    def creator_account(self, table_id: str) -> int | None:
        """The account that created the table (None: a guest, or no such table)."""
        with self.sessions() as s:
            row = s.get(CreatorRow, table_id)
            return row.account_id if row is not None else None
