"""Passkeys: signing in with a WebAuthn credential, a second way besides the password
(issue 31 item 1; the decision: ``docs/decisions/0024-passkeys.md``).

The ceremonies are W3C Web Authentication Level 2's (section 7: registering a new credential,
verifying an authentication assertion), checked by Duo Labs' ``webauthn`` package
(py_webauthn): the challenge, the origin, the relying party id's hash, the user's presence
and verification, the signature over the authenticator data and client data, and the
signature counter.  What this module adds is the relying party's own part:

* **Challenges** are random (32 bytes), kept in the database (``passkey_challenges``) until
  :data:`CHALLENGE_SECONDS` have passed, and taken (deleted) by the answer that uses them,
  whether it then passes or fails: a challenge is answered once.  A registration's challenge
  is bound to the signed-in session asking for it; a sign-in's to a random token in the
  short-lived HttpOnly cookie :data:`CHALLENGE_COOKIE` (the browser has no session yet).
* **Registration** needs a signed-in session (and its CSRF token): the passkey is a
  discoverable credential (resident key) with user verification (a PIN or a biometric: the
  passkey alone signs in, so it must be two factors itself), 'none' attestation (any
  authenticator the player has is welcome), its user handle the account's random
  ``passkey_handle`` (never the account's id or name).  An account has at most
  :data:`MAX_PASSKEYS`, each with a name the player gives it.
* **Signing in** works with no name (the browser offers the site's discoverable passkeys) or
  with a name (the browser is told that account's credentials).  The credential's stored
  public key checks the signature; the signature counter must grow (unless the authenticator
  keeps none: both zero), else the passkey may have been cloned and is refused; the user
  handle, when the authenticator returns one, must be the account's.  A passkey sign-in is a
  sign-in like a password's: the same rate limits (per address when it starts, per account
  when the account is known), and a new session (:meth:`~netjer.server.accounts.service.Accounts.new_session`).
* **The relying party** (:class:`PasskeyConfig`): its id (a domain: the site's, or a parent of
  it) and the origins its pages are served from, given by the operator (``netjer serve
  --passkey-rp-id``, ``--passkey-origin``); by default ``localhost``, whose pages may come
  from any port.

Deleting the account deletes its passkeys; signing out (everywhere) leaves them.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import urlsplit

from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import (
    base64url_to_bytes,
    bytes_to_base64url,
    parse_authentication_credential_json,
    parse_registration_credential_json,
)
from webauthn.helpers.exceptions import (
    InvalidAuthenticationResponse,
    InvalidRegistrationResponse,
    WebAuthnException,
)
from webauthn.helpers.structs import (
    AttestationConveyancePreference,
    AuthenticatorSelectionCriteria,
    AuthenticatorTransport,
    CredentialDeviceType,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from netjer.i18n import N_
from netjer.server.accounts.passkey_reasons import passkey_reason
from netjer.server.accounts.service import AccountError, Accounts, NewSession, Session, name_key
from netjer.server.db import PasskeyRow, hash_token

#: Seconds a challenge may be answered in (the browser is told the same as its timeout).
CHALLENGE_SECONDS = 300
#: The cookie carrying a sign-in's challenge token (HttpOnly; only the passkey routes get it).
CHALLENGE_COOKIE = "netjer_passkey"
#: The path the challenge cookie is sent to.
CHALLENGE_PATH = "/api/account/passkeys"
#: Passkeys one account may have.
MAX_PASSKEYS = 20
#: The longest name a passkey may be given.
MAX_NAME = 40
#: The relying party's name the browser shows.
RP_NAME = "Netjer"


@dataclass(frozen=True)
class PasskeyConfig:
    """Who the passkeys belong to (the WebAuthn relying party).

    Attributes:
        rp_id: the relying party id: the site's domain (``games.example.org``) or a parent
            domain of it (``example.org``), never an IP address; passkeys registered under
            one id work only under it.
        origins: the origins the site's pages are served from (``https://games.example.org``;
            a port if not the scheme's own).  Empty: for ``localhost``, the request's own
            origin when its host is ``localhost`` (any port, http or https); for any other
            id, ``https://<rp_id>``.
    """

    rp_id: str = "localhost"
    origins: tuple[str, ...] = ()

    def expected_origins(self, scheme: str, host: str) -> list[str]:
        """The origins a ceremony's client data may name, for a request that came as
        ``scheme://host`` (its URL's scheme and its ``Host`` header)."""
        if self.origins:
            return list(self.origins)
        if self.rp_id == "localhost":
            if urlsplit(f"//{host}").hostname == "localhost" and scheme in ("http", "https"):
                return [f"{scheme}://{host}"]
            return []
        return [f"https://{self.rp_id}"]


def _is_ip_address(text: str) -> bool:
    """Whether ``text`` is an IPv4 or IPv6 address (``ipaddress`` parses it)."""
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def check_rp_id(rp_id: str) -> str:
    """A relying party id as ``--passkey-rp-id`` gives it, checked: a domain name.

    Raises:
        ValueError: for an IP address, a scheme, a port or a path (WebAuthn takes a domain only).
    """
    if _is_ip_address(rp_id.strip("[]")):
        raise ValueError(f"a relying party id is a domain name, never an IP address, got {rp_id!r}")
    if not _DOMAIN.match(rp_id):
        raise ValueError(
            f"a relying party id is a domain name like games.example.org (no scheme or port), got {rp_id!r}"
        )
    return rp_id.lower()


_DOMAIN = re.compile(
    r"^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$"
)


def check_origin(origin: str) -> str:
    """An origin as ``--passkey-origin`` gives it, checked: ``scheme://host[:port]``.

    Raises:
        ValueError: naming what is wrong (no scheme or host, a path, a trailing slash).
    """
    parts = urlsplit(origin)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.path or parts.query or parts.fragment:
        raise ValueError(f"an origin is written like https://games.example.org (no path), got {origin!r}")
    return origin


@dataclass(frozen=True)
class PasskeyInfo:
    """A passkey as its account's page lists it.

    Attributes:
        id: its number (for removing it).
        name: the name the player gave it.
        created_at: when it was registered (ISO 8601, UTC).
        last_used_at: when it last signed in (ISO 8601), or None.
        backed_up: whether the authenticator says it is synced to other devices.
    """

    id: int
    name: str
    created_at: str
    last_used_at: str | None
    backed_up: bool

    @staticmethod
    def of(row: PasskeyRow) -> PasskeyInfo:
        """The listing of a stored passkey."""
        used = row.last_used_at.isoformat() if row.last_used_at is not None else None
        return PasskeyInfo(row.id, row.name, row.created_at.isoformat(), used, bool(row.backed_up))


def _refused(code: str, message: str, status: int = 403, **params: int | str) -> AccountError:
    """An :class:`AccountError` whose ``message`` is an ``N_``-marked catalogue message."""
    return AccountError(status, code, message, **params)


#: Why a challenge cannot be answered (400: start the ceremony again).
NO_CHALLENGE = N_("no passkey request is waiting (it was answered already, or never asked): start again")
EXPIRED_CHALLENGE = N_("the passkey request expired: start again")
#: Why the library refused the browser's answer (its reason in our words,
#: :func:`~netjer.server.accounts.passkey_reasons.passkey_reason`), or could not read it (the
#: webauthn library's own English words: a parser's detail no player meets from a browser).
REFUSED = N_("the passkey was refused: {reason}")
MALFORMED = N_("the passkey's answer is malformed: {reason}")
#: The library's exceptions that mean the browser's answer is malformed, not refused.
_MALFORMED = (ValueError, TypeError, KeyError)


class Passkeys:
    """Registering passkeys and signing in with them (``app.state.passkeys``).

    Args:
        accounts: the accounts service (its store, rate limits and sessions).
        config: the relying party.
        clock: seconds since the epoch (the challenges' expiry; tests pass a fake time).
    """

    def __init__(self, accounts: Accounts, config: PasskeyConfig, clock: Callable[[], float] = time.time) -> None:
        self.accounts = accounts
        self.store = accounts.store
        self.config = config
        self.clock = clock

    def _now(self) -> datetime:
        return datetime.fromtimestamp(self.clock(), UTC)

    async def _put(self, key: str, purpose: str, challenge: bytes, account: int | None, named: bool = False) -> None:
        at = self._now()
        expires = at + timedelta(seconds=CHALLENGE_SECONDS)
        await asyncio.to_thread(
            self.store.put_challenge, hash_token(key), purpose, bytes_to_base64url(challenge), account, named,
            expires, at,
        )  # fmt: skip

    async def _take(self, key: str | None, purpose: str) -> tuple[bytes, int | None, bool]:
        """The challenge bound to ``key``, used up now, with the account it was asked for
        and whether it was asked for a name (then None: a name no account has).

        Raises:
            AccountError: 400 ``passkey_challenge`` when none waits or it expired.
        """
        row = await asyncio.to_thread(self.store.take_challenge, hash_token(key), purpose) if key else None
        if row is None:
            raise _refused("passkey_challenge", NO_CHALLENGE, 400)
        expires = row.expires_at if row.expires_at.tzinfo else row.expires_at.replace(tzinfo=UTC)  # SQLite
        if expires <= self._now():
            raise _refused("passkey_challenge", EXPIRED_CHALLENGE, 400)
        return _from_base64url(row.challenge), row.account_id, bool(row.named)

    async def registration_options(self, session: Session) -> dict[str, Any]:
        """The options of ``navigator.credentials.create()`` for a new passkey of the
        session's account (JSON, as the browser's ``parseCreationOptionsFromJSON`` takes them);
        the challenge is bound to the session."""
        handle = await asyncio.to_thread(
            self.store.passkey_handle, session.account, bytes_to_base64url(secrets.token_bytes(32))
        )
        held = await asyncio.to_thread(self.store.passkeys_of, session.account)
        options = generate_registration_options(
            rp_id=self.config.rp_id,
            rp_name=RP_NAME,
            user_id=_from_base64url(handle),
            user_name=session.name,
            user_display_name=session.name,
            challenge=secrets.token_bytes(32),
            timeout=CHALLENGE_SECONDS * 1000,
            attestation=AttestationConveyancePreference.NONE,
            authenticator_selection=AuthenticatorSelectionCriteria(
                resident_key=ResidentKeyRequirement.REQUIRED,
                require_resident_key=True,
                user_verification=UserVerificationRequirement.REQUIRED,
            ),
            exclude_credentials=[_descriptor(row) for row in held],
        )
        await self._put(_session_key(session), "register", options.challenge, session.account)
        made: dict[str, Any] = json.loads(options_to_json(options))
        return made

    async def register(
        self, session: Session, name: str, credential: dict[str, Any], origins: list[str]
    ) -> PasskeyInfo:
        """Check the browser's answer to :meth:`registration_options` and keep the passkey.

        Args:
            session: the signed-in session that asked for the options.
            name: the player's name for the passkey (1 to :data:`MAX_NAME` characters).
            credential: the ``PublicKeyCredential`` as its ``toJSON()`` gives it.
            origins: :meth:`PasskeyConfig.expected_origins` for the request.

        Raises:
            AccountError: 422 ``bad_passkey_name`` or ``bad_passkey_response`` (malformed),
                400 ``passkey_challenge`` (none waiting, or expired), 403 ``passkey_refused``
                (the library's reason: origin, relying party, challenge, user verification),
                409 ``passkey_taken`` (registered already, or :data:`MAX_PASSKEYS` reached).
        """
        kept = " ".join(name.split())
        if not 0 < len(kept) <= MAX_NAME:
            raise _refused("bad_passkey_name", N_("a passkey's name has 1 to {most} characters"), 422, most=MAX_NAME)
        try:
            parsed = parse_registration_credential_json(credential)
        except (WebAuthnException, *_MALFORMED) as err:
            raise _malformed(err) from None
        challenge, _, _ = await self._take(_session_key(session), "register")
        try:
            verified = verify_registration_response(
                credential=parsed,
                expected_challenge=challenge,
                expected_rp_id=self.config.rp_id,
                expected_origin=origins,
                require_user_verification=True,
            )
        except InvalidRegistrationResponse as err:
            if err.__cause__ is not None:  # a part the library could not decode
                raise _malformed(err) from None
            raise _refused("passkey_refused", REFUSED, reason=passkey_reason(str(err))) from None
        except (WebAuthnException, *_MALFORMED) as err:
            raise _malformed(err) from None
        transports = [t.value for t in parsed.response.transports or [] if isinstance(t, AuthenticatorTransport)]
        added = await asyncio.to_thread(
            self.store.add_passkey,
            session.account,
            bytes_to_base64url(verified.credential_id),
            verified.credential_public_key,
            verified.sign_count,
            kept,
            json.dumps(transports),
            verified.credential_device_type == CredentialDeviceType.MULTI_DEVICE and verified.credential_backed_up,
            MAX_PASSKEYS,
        )
        if added is None:
            raise _refused(
                "passkey_taken",
                N_("this passkey is registered already, or the account has {n} passkeys"),
                409,
                n=MAX_PASSKEYS,
            )
        rows = await asyncio.to_thread(self.store.passkeys_of, session.account)
        return next(PasskeyInfo.of(row) for row in rows if row.id == added)

    async def listed(self, session: Session) -> list[PasskeyInfo]:
        """The session's account's passkeys, oldest first."""
        return [PasskeyInfo.of(row) for row in await asyncio.to_thread(self.store.passkeys_of, session.account)]

    async def remove(self, session: Session, passkey: int) -> None:
        """Remove one of the account's passkeys (the sessions it opened go on).

        Raises:
            AccountError: 404 ``no_passkey`` if the account has no passkey of that number.
        """
        if not await asyncio.to_thread(self.store.remove_passkey, session.account, passkey):
            raise _refused("no_passkey", N_("this account has no such passkey"), 404)

    async def signin_options(self, name: str | None, address: str) -> tuple[str, dict[str, Any]]:
        """Start a sign-in: a new challenge, bound to a new random token (the caller puts it
        in the :data:`CHALLENGE_COOKIE`).  With ``name``, the browser is told that account's
        credentials (none for a name without passkeys: the browser then offers any of the
        site's discoverable passkeys, and the sign-in checks the one chosen is that account's).

        Returns:
            The token, and the options of ``navigator.credentials.get()`` (JSON).

        Raises:
            RateLimited: too many sign-in attempts from ``address``.
        """
        self.accounts.limit_address(address)
        named = name is not None and bool(name.strip())
        account = None
        allowed: list[PublicKeyCredentialDescriptor] = []
        if named and name is not None:
            row = await asyncio.to_thread(self.store.account_named, name_key(" ".join(name.split())))
            if row is not None:  # an unknown name: bound to nobody, whom no passkey signs in
                account = row.id
                allowed = [_descriptor(p) for p in await asyncio.to_thread(self.store.passkeys_of, row.id)]
        options = generate_authentication_options(
            rp_id=self.config.rp_id,
            challenge=secrets.token_bytes(32),
            timeout=CHALLENGE_SECONDS * 1000,
            allow_credentials=allowed,
            user_verification=UserVerificationRequirement.REQUIRED,
        )
        token = secrets.token_urlsafe(32)
        await self._put(token, "signin", options.challenge, account, named)
        made: dict[str, Any] = json.loads(options_to_json(options))
        return token, made

    async def sign_in(self, token: str | None, credential: dict[str, Any], origins: list[str]) -> NewSession:
        """Check the browser's answer to :meth:`signin_options` and sign its account in.

        Args:
            token: the :data:`CHALLENGE_COOKIE`'s value.
            credential: the ``PublicKeyCredential`` as its ``toJSON()`` gives it.
            origins: :meth:`PasskeyConfig.expected_origins` for the request.

        Returns:
            A new session of the passkey's account.

        Raises:
            AccountError: 400 ``passkey_challenge`` (none waiting, answered already, or
                expired), 422 ``bad_passkey_response`` (malformed), 403 ``unknown_passkey``
                (no account has it, or not the named one), 403 ``passkey_refused`` (origin,
                relying party, signature, user verification: the library's reason), 403
                ``passkey_counter`` (the signature counter did not grow: a cloned passkey?).
            RateLimited: too many sign-ins for the passkey's account.
        """
        try:
            parsed = parse_authentication_credential_json(credential)
        except (WebAuthnException, *_MALFORMED) as err:
            raise _malformed(err) from None
        challenge, bound, named = await self._take(token, "signin")
        found = await asyncio.to_thread(self.store.passkey_by_credential, parsed.id)
        if found is None or (named and found[0].account_id != bound):
            raise _refused("unknown_passkey", N_("this passkey is not known here (or not the named account's)"))
        passkey, account = found
        self.accounts.limit_account(name_key(account.name or ""))
        handle = parsed.response.user_handle
        if handle is not None and (account.passkey_handle is None or handle != _from_base64url(account.passkey_handle)):
            raise _refused("unknown_passkey", N_("this passkey names another account than the one it belongs to"))
        try:
            verified = verify_authentication_response(
                credential=parsed,
                expected_challenge=challenge,
                expected_rp_id=self.config.rp_id,
                expected_origin=origins,
                credential_public_key=passkey.public_key,
                credential_current_sign_count=passkey.sign_count,
                require_user_verification=True,
            )
        except InvalidAuthenticationResponse as err:
            if err.__cause__ is not None:  # a part the library could not decode
                raise _malformed(err) from None
            if "sign count" in str(err):
                raise _refused("passkey_counter", _COUNTER) from None
            raise _refused("passkey_refused", REFUSED, reason=passkey_reason(str(err))) from None
        except (WebAuthnException, *_MALFORMED) as err:
            raise _malformed(err) from None
        if not await asyncio.to_thread(
            self.store.passkey_used, passkey.id, passkey.sign_count, verified.new_sign_count
        ):
            raise _refused("passkey_counter", _COUNTER)
        return await self.accounts.new_session(account.id, account.name or "")


_COUNTER = N_("the passkey's signature counter went back: it may have been copied; sign in with your password")


def _malformed(err: Exception) -> AccountError:
    return _refused("bad_passkey_response", MALFORMED, 422, reason=str(err))


def _session_key(session: Session) -> str:
    """What a registration's challenge is bound to: the session (its token's hash, salted
    with the purpose so that it is never a sign-in's key)."""
    return f"register:{session.id_hash}"


def _from_base64url(text: str) -> bytes:
    return base64url_to_bytes(text)


def _descriptor(row: PasskeyRow) -> PublicKeyCredentialDescriptor:
    transports = [AuthenticatorTransport(t) for t in json.loads(row.transports) if t in _TRANSPORTS]
    return PublicKeyCredentialDescriptor(id=_from_base64url(row.credential_id), transports=transports or None)


_TRANSPORTS = {t.value for t in AuthenticatorTransport}
