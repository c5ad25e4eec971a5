"""Passwords: the rules a new one must meet and its hash.

The rules are NIST SP 800-63B's for memorized secrets (section 5.1.1.2): at least
:data:`MIN_LENGTH` characters (counted after Unicode NFKC normalization, as 5.1.1.2 asks), at
most :data:`MAX_LENGTH` (it allows "at least 64"), any characters, no composition rule (no
"a digit and a capital"), and refused when it is a commonly used password
(``common-passwords.txt.gz``, its source in ``common-passwords.md`` beside it) or the
account's own name.

The hash is Argon2id (RFC 9106) through argon2-cffi's :class:`~argon2.PasswordHasher`, with its
default parameters (RFC 9106's second recommended option: 3 passes over 64 MiB, 4 lanes); the
PHC string it returns carries its parameters and salt, so a hash made with older parameters is
verified and then replaced (:func:`needs_rehash`).
"""

from __future__ import annotations

import gzip
import unicodedata
from functools import cache
from importlib import resources

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from netjer.i18n import N_

#: The shortest password accepted (NIST SP 800-63B 5.1.1.2).
MIN_LENGTH = 8
#: The longest password accepted (NIST asks for at least 64).
MAX_LENGTH = 256

_HASHER = PasswordHasher()


class WeakPassword(ValueError):
    """A new password the rules refuse; the message says which rule, as a catalogue message id
    (with ``{n}`` filled by :attr:`params`)."""

    def __init__(self, message: str, **params: int) -> None:
        super().__init__(message.format(**params))
        self.message_id = message
        self.params = params


@cache
def common_passwords() -> frozenset[str]:
    """The common passwords (lower-case) a new password must not be (read once)."""
    data = resources.files("netjer.server.accounts").joinpath("common-passwords.txt.gz").read_bytes()
    return frozenset(line.strip() for line in gzip.decompress(data).decode("utf-8").splitlines() if line.strip())


def normalized(password: str) -> str:
    """The password as it is hashed and counted: Unicode NFKC (the same letters typed on
    another keyboard or system give the same password)."""
    return unicodedata.normalize("NFKC", password)


def check_new_password(password: str, name: str | None = None) -> None:
    """Refuse a new password that breaks the rules (see the module's text).

    Args:
        password: as typed.
        name: the account's name (the password may not be it).

    Raises:
        WeakPassword: too short, too long, common, or the name.
    """
    text = normalized(password)
    if len(text) < MIN_LENGTH:
        raise WeakPassword(N_("the password needs at least {n} characters"), n=MIN_LENGTH)
    if len(text) > MAX_LENGTH:
        raise WeakPassword(N_("the password may have at most {n} characters"), n=MAX_LENGTH)
    folded = text.casefold()
    if folded in common_passwords():
        raise WeakPassword(N_("that password is one of the most common ones: choose another"))
    if name is not None and folded == normalized(name).casefold():
        raise WeakPassword(N_("the password may not be your name"))


def hash_password(password: str) -> str:
    """The Argon2id hash of the (normalized) password, as a PHC string with its salt."""
    return _HASHER.hash(normalized(password))


def verify_password(stored: str | None, password: str) -> bool:
    """Whether ``password`` is the one ``stored`` was made from (False for no or a broken hash).

    Without a stored hash (no such account) a hash is still verified, so that the answer takes
    as long as for a real account and does not tell which names exist."""
    try:
        return _HASHER.verify(stored or _dummy_hash(), normalized(password)) and stored is not None
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def needs_rehash(stored: str) -> bool:
    """Whether ``stored`` was made with other parameters than today's (hash it again at sign-in)."""
    try:
        return _HASHER.check_needs_rehash(stored)
    except InvalidHashError:
        return True


@cache
def _dummy_hash() -> str:
    return _HASHER.hash("not a password of anyone")
