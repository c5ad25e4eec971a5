"""The store's passkeys and their pending challenges (what they mean:
:mod:`netjer.server.accounts.passkeys`)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError

from netjer.server.db.core import StoreCore
from netjer.server.db.engine import now
from netjer.server.db.rows import AccountRow, PasskeyChallengeRow, PasskeyRow


class PasskeysPart(StoreCore):
    """Reads and writes ``passkeys``, ``passkey_challenges`` and ``accounts.passkey_handle``
    (part of :class:`~netjer.server.db.Store`)."""

    def passkey_handle(self, account_id: int, fresh: str) -> str:
        """The account's WebAuthn user handle: the one it has, else ``fresh`` (kept now).
        Two first registrations at once agree: the second reads the first one's."""
        with self.sessions.begin() as s:
            s.execute(
                update(AccountRow)
                .where(AccountRow.id == account_id, AccountRow.passkey_handle.is_(None))
                .values(passkey_handle=fresh)
            )
            return str(s.scalar(select(AccountRow.passkey_handle).where(AccountRow.id == account_id)))

    def put_challenge(
        self, key_hash: str, purpose: str, challenge: str, account_id: int | None, named: bool,
        expires_at: datetime, at: datetime,
    ) -> None:  # fmt: skip
        """Keep a challenge handed out, bound to ``key_hash`` (one pending challenge per key: an
        earlier one is replaced), asked for ``account_id`` (``named``: a sign-in for a name,
        None if no account has it); the challenges expired by ``at`` (anyone's) are deleted in
        the same transaction."""
        with self.sessions.begin() as s:
            s.execute(
                delete(PasskeyChallengeRow).where(
                    (PasskeyChallengeRow.expires_at <= at) | (PasskeyChallengeRow.key_hash == key_hash)
                )
            )
            s.add(PasskeyChallengeRow(key_hash=key_hash, purpose=purpose, challenge=challenge,
                                      account_id=account_id, named=named, expires_at=expires_at))  # fmt: skip

    def take_challenge(self, key_hash: str, purpose: str) -> PasskeyChallengeRow | None:
        """The pending challenge bound to ``key_hash`` for ``purpose``, deleted in the same
        transaction (expired or not: the caller checks ``expires_at``), or None if there is
        none (never handed out, or already taken: a challenge is answered once, even by two
        requests at once, since only one of them deletes the row)."""
        with self.sessions.begin() as s:
            row = s.scalar(
                select(PasskeyChallengeRow).where(
                    PasskeyChallengeRow.key_hash == key_hash, PasskeyChallengeRow.purpose == purpose
                )
            )
            if row is None:
                return None
            gone = s.execute(delete(PasskeyChallengeRow).where(PasskeyChallengeRow.key_hash == key_hash))
            if int(getattr(gone, "rowcount", 0)) != 1:
                return None
            s.expunge(row)
            return row

    def add_passkey(
        self, account_id: int, credential_id: str, public_key: bytes, sign_count: int, name: str,
        transports: str, backed_up: bool, most: int,
    ) -> int | None:  # fmt: skip
        """Keep a newly registered passkey; its id, or None if that credential is registered
        already (to any account: the unique index decides) or the account has ``most`` already."""
        try:
            with self.sessions.begin() as s:
                held = s.scalar(select(func.count()).select_from(PasskeyRow).where(PasskeyRow.account_id == account_id))
                if int(held or 0) >= most:
                    return None
                row = PasskeyRow(account_id=account_id, credential_id=credential_id, public_key=public_key,
                                 sign_count=sign_count, name=name, transports=transports, backed_up=backed_up,
                                 created_at=now())  # fmt: skip
                s.add(row)
                s.flush()
                return row.id
        except IntegrityError:
            return None

    def passkeys_of(self, account_id: int) -> list[PasskeyRow]:
        """The account's passkeys, oldest first."""
        with self.sessions() as s:
            return list(
                s.scalars(select(PasskeyRow).where(PasskeyRow.account_id == account_id).order_by(PasskeyRow.id))
            )

    def passkey_by_credential(self, credential_id: str) -> tuple[PasskeyRow, AccountRow] | None:
        """The passkey of that credential id with its (undeleted) account, or None."""
        with self.sessions() as s:
            found = s.execute(
                select(PasskeyRow, AccountRow)
                .join(AccountRow, AccountRow.id == PasskeyRow.account_id)
                .where(PasskeyRow.credential_id == credential_id, AccountRow.deleted_at.is_(None))
            ).first()
            return (found[0], found[1]) if found is not None else None

    def passkey_used(self, passkey_id: int, was: int, sign_count: int) -> bool:
        """Record a sign-in with the passkey: its new signature counter, if the stored one is
        still ``was`` (two sign-ins at once cannot both move it); whether it was recorded."""
        with self.sessions.begin() as s:
            done = s.execute(
                update(PasskeyRow)
                .where(PasskeyRow.id == passkey_id, PasskeyRow.sign_count == was)
                .values(sign_count=sign_count, last_used_at=now())
            )
            return int(getattr(done, "rowcount", 0)) == 1

    def remove_passkey(self, account_id: int, passkey_id: int) -> bool:
        """Remove one of the account's passkeys; whether it had it."""
        with self.sessions.begin() as s:
            gone = s.execute(delete(PasskeyRow).where(PasskeyRow.id == passkey_id, PasskeyRow.account_id == account_id))
            return int(getattr(gone, "rowcount", 0)) == 1
