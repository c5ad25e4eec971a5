"""The store's accounts and their sessions (what they mean: :mod:`netjer.server.accounts`)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError

from netjer.server.db.core import StoreCore
from netjer.server.db.engine import now
from netjer.server.db.rows import (
    AccountRow,
    ActionRow,
    PasskeyChallengeRow,
    PasskeyRow,
    SeatRow,
    SessionRow,
    TableRow,
)

#: The name a deleted account's seats show (a message id: the pages translate it).
DELETED_NAME = "deleted player"


class AccountsPart(StoreCore):
    """Reads and writes ``accounts`` and ``account_sessions`` (part of :class:`~netjer.server.db.Store`)."""

    def create_account(self, name: str, name_key: str, password_hash: str) -> int | None:
        """A new account; its id, or None if ``name_key`` is taken (the unique index decides)."""
        try:
            with self.sessions.begin() as s:
                row = AccountRow(name=name, name_key=name_key, password_hash=password_hash, created_at=now())
                s.add(row)
                s.flush()
                return row.id
        except IntegrityError:
            return None

    def account_named(self, name_key: str) -> AccountRow | None:
        """The account of that name key (a deleted account has none), or None."""
        with self.sessions() as s:
            return s.scalar(select(AccountRow).where(AccountRow.name_key == name_key))

    def account(self, account_id: int) -> AccountRow | None:
        """The account of that id (deleted ones too), or None."""
        with self.sessions() as s:
            return s.get(AccountRow, account_id)

    def set_password(self, account_id: int, password_hash: str) -> None:
        """Store a new password hash (a change, or a rehash with stronger parameters)."""
        with self.sessions.begin() as s:
            s.execute(update(AccountRow).where(AccountRow.id == account_id).values(password_hash=password_hash))

    def add_session(self, account_id: int, id_hash: str, csrf_hash: str, expires_at: datetime) -> None:
        """Store a signed-in browser's session (the hashes of its tokens); the sessions that
        have expired (any account's) are deleted in the same transaction."""
        with self.sessions.begin() as s:
            s.execute(delete(SessionRow).where(SessionRow.expires_at <= now()))
            s.add(SessionRow(id_hash=id_hash, account_id=account_id, csrf_hash=csrf_hash,
                             created_at=now(), expires_at=expires_at))  # fmt: skip

    def session_of(self, id_hash: str) -> tuple[SessionRow, AccountRow] | None:
        """The unexpired session of that hash with its (undeleted) account, or None."""
        with self.sessions() as s:
            found = s.execute(
                select(SessionRow, AccountRow)
                .join(AccountRow, AccountRow.id == SessionRow.account_id)
                .where(SessionRow.id_hash == id_hash, SessionRow.expires_at > now(), AccountRow.deleted_at.is_(None))
            ).first()
            return (found[0], found[1]) if found is not None else None

    def drop_session(self, id_hash: str) -> None:
        """Forget one session (signing out)."""
        with self.sessions.begin() as s:
            s.execute(delete(SessionRow).where(SessionRow.id_hash == id_hash))

    def drop_sessions(self, account_id: int, keep: str | None = None) -> int:
        """Forget every session of the account but ``keep`` (a hash); how many were dropped."""
        with self.sessions.begin() as s:
            query = delete(SessionRow).where(SessionRow.account_id == account_id)
            if keep is not None:
                query = query.where(SessionRow.id_hash != keep)
            return int(getattr(s.execute(query), "rowcount", 0))

    def delete_account(self, account_id: int) -> list[tuple[str, int]]:
        """Delete an account in one transaction: its sessions, passkeys and pending passkey
        challenges go, its name, password and passkey handle are cleared (the name is free
        again), and its seats keep their games under the name :data:`DELETED_NAME`.  Returns
        the seats ``(table, seat)`` whose name changed."""
        with self.sessions.begin() as s:
            seats = [(str(t), int(n)) for t, n in s.execute(
                select(SeatRow.table_id, SeatRow.seat).where(SeatRow.account_id == account_id))]  # fmt: skip
            s.execute(update(SeatRow).where(SeatRow.account_id == account_id).values(name=DELETED_NAME))
            s.execute(delete(SessionRow).where(SessionRow.account_id == account_id))
            s.execute(delete(PasskeyRow).where(PasskeyRow.account_id == account_id))
            s.execute(delete(PasskeyChallengeRow).where(PasskeyChallengeRow.account_id == account_id))
            s.execute(
                update(AccountRow)
                .where(AccountRow.id == account_id)
                .values(name=None, name_key=None, password_hash=None, passkey_handle=None, deleted_at=now())
            )
            self._news(s, [(table_id, "s", seat) for table_id, seat in seats])
            return seats

    def account_seats(self, account_id: int, limit: int = 200) -> list[tuple[str, int]]:
        """The seats ``(table, seat)`` the account holds, newest table first."""
        with self.sessions() as s:
            rows = s.execute(
                select(SeatRow.table_id, SeatRow.seat)
                .join(TableRow, TableRow.id == SeatRow.table_id)
                .where(SeatRow.account_id == account_id)
                .order_by(TableRow.created_at.desc(), SeatRow.seat)
                .limit(limit)
            )
            return [(str(t), int(n)) for t, n in rows]

    def account_tables(self, account_id: int) -> list[tuple[TableRow, list[int], list[str]]]:
        """Every table the account holds a seat of, oldest first, with its seats loaded, the
        account's seats there and the table's actions (for the export of its games)."""
        with self.sessions() as s:
            held: dict[str, list[int]] = {}
            for table_id, seat in s.execute(
                select(SeatRow.table_id, SeatRow.seat).where(SeatRow.account_id == account_id).order_by(SeatRow.seat)
            ):
                held.setdefault(str(table_id), []).append(int(seat))
            out = []
            rows = s.scalars(select(TableRow).where(TableRow.id.in_(held)).order_by(TableRow.created_at))
            for row in rows:
                _ = list(row.seats)
                actions = list(
                    s.scalars(select(ActionRow.text).where(ActionRow.table_id == row.id).order_by(ActionRow.idx))
                )
                out.append((row, held[row.id], actions))
            return out
