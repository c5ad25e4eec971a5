"""The accounts service: signing up and in, sessions, changing the password, deleting the
account, and the account's games (``app.state.accounts``).

A session is a random token (:data:`TOKEN_BYTES`) in the session cookie; the database keeps
only its SHA-256, with the SHA-256 of the session's CSRF token.  Signing in always makes a new
session (a token planted in a browser before the sign-in never becomes a signed-in one:
session fixation), and changing the password ends every other session.

Signing in is rate limited per account and per client address (token buckets,
:class:`~netjer.server.limits.RateLimiter`; the address is the peer's, or a trusted proxy's
``X-Forwarded-For``): a guesser is slowed per name it tries and per address it tries from.
The buckets live in the process (several processes each keep their own).
"""

from __future__ import annotations

import asyncio
import hashlib
import re
import secrets
import unicodedata
from dataclasses import dataclass
from datetime import timedelta

from netjer.i18n import N_
from netjer.server.accounts.passwords import (
    WeakPassword,
    check_new_password,
    hash_password,
    needs_rehash,
    verify_password,
)
from netjer.server.db import DELETED_NAME, Store, hash_token, now
from netjer.server.limits import RateLimited, RateLimiter

#: Random bytes of a session's token and of its CSRF token.
TOKEN_BYTES = 32
#: How long a session lasts (the cookie's ``Max-Age`` too).
SESSION_DAYS = 30
#: Sign-ins one account may be tried with: a burst, then one a minute.
SIGNIN_PER_ACCOUNT = (1.0, 10)
#: Sign-ins (and sign-ups) from one address: a burst, then six a minute.
SIGNIN_PER_ADDRESS = (6.0, 30)
#: The refusals of too many sign-in attempts, from one address and for one account.
FROM_ADDRESS = N_("too many sign-in attempts from your address; try again later")
FOR_ACCOUNT = N_("too many sign-in attempts for this account; try again later")
#: The characters of a name besides letters and digits (and single spaces inside it).
_NAME = re.compile(r"^[\w .'-]{2,40}$")


class AccountError(Exception):
    """A refused account request: HTTP ``status``, a ``code`` and a sentence (a catalogue
    message id in ``message_id``, with ``params``)."""

    def __init__(self, status: int, code: str, message: str, **params: int | str) -> None:
        super().__init__(message.format(**params))
        self.status = status
        self.code = code
        self.message = message.format(**params)
        self.message_id = message
        self.params = params


@dataclass(frozen=True)
class Session:
    """A signed-in browser's session as a request resolved it.

    Attributes:
        id_hash: the SHA-256 of its token (the key of ``account_sessions``).
        csrf_hash: the SHA-256 of its CSRF token.
        account: the account's id.
        name: the account's name.
    """

    id_hash: str
    csrf_hash: str
    account: int
    name: str


@dataclass(frozen=True)
class NewSession:
    """A session just made: the tokens the cookies carry (shown once), and its account."""

    token: str
    csrf: str
    account: int
    name: str


def name_key(name: str) -> str:
    """The key two names are the same account by (the accounts' unique ``name_key``): names
    that read alike are one account, so that no player can pass for another.

    The name is NFKC-normalized and case-folded (``"Ann"`` is ``"ANN"``, a full-width ``"Ａnn"``
    is ``"Ann"``), the combining marks on Latin, Greek and Cyrillic letters are left out
    (``"İsis"``, whose dotted capital folds to ``i`` with a dot above, is ``"Isis"``; ``"José"``
    is ``"Jose"``; ``"Ελένη"`` is ``"Ελενη"``), and a dotless ``ı`` or ``ȷ`` is ``i`` or ``j``
    (``"ısis"`` is ``"isis"``).  Other scripts keep their marks, which tell words apart there
    (Japanese ``"ガ"`` is not ``"カ"``, Devanagari's vowel signs are letters' sounds).  Sites
    such as lichess.org avoid the question by allowing ASCII letters only; a name here may be
    written in any one script (:func:`check_name`).

    Args:
        name: a name as typed or as kept.

    Returns:
        The key, NFC-normalized (longer than the name where a letter case-folds to two:
        ``"ß"`` is ``"ss"``).
    """
    decomposed = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", name).casefold())
    kept: list[str] = []
    script = ""  # the script of the last letter that was not a mark
    for ch in decomposed:
        if not unicodedata.category(ch).startswith("M"):
            script = unicodedata.name(ch, "?").split(" ")[0]
        elif script in _MARKS_LEFT_OUT:
            continue
        kept.append(ch)
    return unicodedata.normalize("NFC", "".join(kept).translate(_DOTLESS))


#: The scripts whose letters' combining marks :func:`name_key` leaves out (Unicode name prefixes).
_MARKS_LEFT_OUT = frozenset({"LATIN", "GREEK", "CYRILLIC"})
#: Letters no Unicode decomposition relates to the letter they read as: dotless i and j.
_DOTLESS = str.maketrans({"\u0131": "i", "\u0237": "j"})


def letter_scripts(name: str) -> set[str]:
    """The scripts of ``name``'s letters, by the first word of each letter's Unicode name
    (``"LATIN"``, ``"CYRILLIC"``, ``"GREEK"``…; digits, spaces and marks count for none):
    a name whose letters come from two scripts can pass for another's (homoglyphs, Unicode
    Technical Standard #39 calls such a string mixed-script)."""
    scripts = {unicodedata.name(ch, "?").split(" ")[0] for ch in name if ch.isalpha()}
    # Han with kana (Japanese) or Hangul (Korean) is one writing system, as UTS #39 allows
    return {"HAN" if script in _EAST_ASIAN else script for script in scripts}


#: The scripts that Japanese, Chinese and Korean names mix (Unicode name prefixes).
_EAST_ASIAN = frozenset({"CJK", "HIRAGANA", "KATAKANA", "HANGUL", "BOPOMOFO"})


def check_name(name: str) -> str:
    """The name as it is kept (NFKC, spaces trimmed and single).

    Raises:
        AccountError: 422 ``bad_name`` for a name of fewer than 2 or more than 40 characters,
            with characters other than letters, digits, spaces and ``. ' - _``, letters of two
            scripts (:func:`letter_scripts`), or the name deleted accounts' seats show.
    """
    kept = " ".join(unicodedata.normalize("NFKC", name).split())
    if not _NAME.match(kept):
        raise AccountError(422, "bad_name", N_("a name has 2 to 40 letters, digits, spaces or . ' - _"))
    if len(letter_scripts(kept)) > 1:
        # "Аlice" with a Cyrillic А passes for "Alice" (a tester signed both up): one script a name
        mixed = N_("a name's letters come from one alphabet (not Latin and Cyrillic mixed)")
        raise AccountError(422, "bad_name", mixed)
    if name_key(kept) == name_key(DELETED_NAME):
        raise AccountError(422, "bad_name", N_("that name is not available"))
    return kept


class Accounts:
    """Accounts and their sessions over a :class:`~netjer.server.db.Store`.

    Args:
        store: the database.
        per_account: the sign-in rate limit per account name (None: the default,
            :data:`SIGNIN_PER_ACCOUNT`).
        per_address: the sign-in and sign-up rate limit per address (None: the default,
            :data:`SIGNIN_PER_ADDRESS`).
    """

    def __init__(
        self, store: Store, per_account: RateLimiter | None = None, per_address: RateLimiter | None = None
    ) -> None:
        self.store = store
        self.per_account = per_account or RateLimiter(SIGNIN_PER_ACCOUNT[0], SIGNIN_PER_ACCOUNT[1])
        self.per_address = per_address or RateLimiter(SIGNIN_PER_ADDRESS[0], SIGNIN_PER_ADDRESS[1])

    def _limit(self, limiter: RateLimiter, key: str, refusal: str) -> None:
        """Take one from ``limiter``'s ``key``, or raise :class:`RateLimited` with ``refusal``
        (an ``N_``-marked message saying from where)."""
        if (wait := limiter.take(key)) > 0:
            raise RateLimited(wait, refusal)

    def limit_address(self, address: str) -> None:
        """Take a sign-in attempt from ``address`` (a password's or a passkey's).

        Raises:
            RateLimited: too many attempts from it.
        """
        self._limit(self.per_address, address, "from your address")

    def limit_account(self, key: str) -> None:
        """Take a sign-in attempt for the account of name key ``key``.

        Raises:
            RateLimited: too many attempts for it.
        """
        self._limit(self.per_account, key, "for this account")

    async def new_session(self, account: int, name: str) -> NewSession:
        """A new session of the account (a sign-in that has checked who it is: a passkey's)."""
        return await self._new_session(account, name)

    async def _new_session(self, account: int, name: str) -> NewSession:
        token, csrf = secrets.token_urlsafe(TOKEN_BYTES), secrets.token_urlsafe(TOKEN_BYTES)
        expires = now() + timedelta(days=SESSION_DAYS)
        await asyncio.to_thread(self.store.add_session, account, hash_token(token), hash_token(csrf), expires)
        return NewSession(token, csrf, account, name)

    async def sign_up(self, name: str, password: str, address: str) -> NewSession:
        """Make an account and sign it in.

        Raises:
            AccountError: 422 ``bad_name`` or ``weak_password``, 409 ``name_taken``.
            RateLimited: too many attempts from ``address``.
        """
        kept = check_name(name)
        try:
            check_new_password(password, kept)
        except WeakPassword as err:
            raise AccountError(422, "weak_password", err.message_id, **err.params) from None
        self._limit(self.per_address, address, FROM_ADDRESS)
        hashed = await asyncio.to_thread(hash_password, password)
        account = await asyncio.to_thread(self.store.create_account, kept, name_key(kept), hashed)
        if account is None:
            raise AccountError(409, "name_taken", N_("that name is taken: choose another"))
        return await self._new_session(account, kept)

    async def sign_in(self, name: str, password: str, address: str) -> NewSession:
        """Check the name and password and make a new session.

        Raises:
            AccountError: 403 ``bad_credentials`` (the same for an unknown name and a wrong
                password).
            RateLimited: too many attempts for that name, or from ``address``.
        """
        key = name_key(" ".join(name.split()))
        self._limit(self.per_address, address, FROM_ADDRESS)
        self._limit(self.per_account, key, FOR_ACCOUNT)
        row = await asyncio.to_thread(self.store.account_named, key)
        stored = row.password_hash if row is not None else None
        if row is None or row.name is None or not await asyncio.to_thread(verify_password, stored, password):
            raise AccountError(403, "bad_credentials", N_("wrong name or password"))
        if stored is not None and needs_rehash(stored):
            await asyncio.to_thread(self.store.set_password, row.id, await asyncio.to_thread(hash_password, password))
        return await self._new_session(row.id, row.name)

    async def session(self, token: str | None) -> Session | None:
        """The live session whose token is ``token`` (the session cookie), or None."""
        if not token or len(token) > 200:
            return None
        found = await asyncio.to_thread(self.store.session_of, hash_token(token))
        if found is None:
            return None
        row, account = found
        return Session(row.id_hash, row.csrf_hash, account.id, account.name or "")

    @staticmethod
    def csrf_ok(session: Session, csrf: str | None) -> bool:
        """Whether ``csrf`` (the request's CSRF header) is the session's CSRF token."""
        return bool(csrf) and secrets.compare_digest(session.csrf_hash, hashlib.sha256(str(csrf).encode()).hexdigest())

    async def sign_out(self, session: Session, everywhere: bool = False) -> None:
        """End this session (``everywhere``: every session of the account)."""
        if everywhere:
            await asyncio.to_thread(self.store.drop_sessions, session.account)
        else:
            await asyncio.to_thread(self.store.drop_session, session.id_hash)

    async def change_password(self, session: Session, old: str, new: str) -> NewSession:
        """Change the password (the old one is asked again); every session ends and this
        browser gets a new one.

        Raises:
            AccountError: 403 ``bad_credentials`` for a wrong old password, 422
                ``weak_password``.
        """
        await self._check_password(session, old)
        try:
            check_new_password(new, session.name)
        except WeakPassword as err:
            raise AccountError(422, "weak_password", err.message_id, **err.params) from None
        await asyncio.to_thread(self.store.set_password, session.account, await asyncio.to_thread(hash_password, new))
        await asyncio.to_thread(self.store.drop_sessions, session.account)
        return await self._new_session(session.account, session.name)

    async def delete(self, session: Session, password: str) -> list[tuple[str, int]]:
        """Delete the account (its password asked again): :meth:`netjer.server.db.Store.delete_account`.

        Returns:
            The seats ``(table, seat)`` now shown as a deleted player's.

        Raises:
            AccountError: 403 ``bad_credentials`` for a wrong password.
        """
        await self._check_password(session, password)
        return await asyncio.to_thread(self.store.delete_account, session.account)

    async def _check_password(self, session: Session, password: str) -> None:
        self._limit(self.per_account, name_key(session.name), FOR_ACCOUNT)
        row = await asyncio.to_thread(self.store.account, session.account)
        stored = row.password_hash if row is not None else None
        if not await asyncio.to_thread(verify_password, stored, password):
            raise AccountError(403, "bad_credentials", N_("wrong password"))
