"""The passkeys' routes: registering, listing and removing an account's passkeys, and
signing in with one (:mod:`netjer.server.accounts.passkeys`).

===============================================  ==============================================
``GET  /api/account/passkeys``                   the signed-in account's passkeys
``POST /api/account/passkeys/register/options``  ``{}``: the options of
                                                 ``navigator.credentials.create()`` (a challenge
                                                 bound to the session)
``POST /api/account/passkeys/register``          ``{"name", "credential"}``: the new passkey
``DELETE /api/account/passkeys/{id}``            remove one
``POST /api/account/passkeys/signin/options``    ``{"name"?}``: the options of
                                                 ``navigator.credentials.get()``; the challenge's
                                                 token in the ``netjer_passkey`` cookie
``POST /api/account/passkeys/signin``            ``{"credential"}``: a new session, as a password
                                                 sign-in makes
===============================================  ==============================================

``credential`` is the ``PublicKeyCredential`` as its ``toJSON()`` gives it (base64url fields).
Registering and removing need a signed-in session and its CSRF token; signing in refuses a
request whose ``Origin`` is another site's, as a password sign-in does.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, Response
from pydantic import BaseModel, ConfigDict, Field
from starlette.requests import HTTPConnection

from netjer.i18n import N_
from netjer.server.accounts.passkeys import (
    CHALLENGE_COOKIE,
    CHALLENGE_PATH,
    CHALLENGE_SECONDS,
    MAX_NAME,
    PasskeyInfo,
    Passkeys,
)
from netjer.server.accounts.service import AccountError, Session
from netjer.server.routes.accounts import client_address, cookies_secure, refused, same_site, start_session
from netjer.server.routes.common import AccountService, MaybeSignedIn, Settings
from netjer.server.runtime import TableError

router = APIRouter()


def passkeys_of(connection: HTTPConnection) -> Passkeys:
    """The passkeys service (``app.state.passkeys``)."""
    found: Passkeys = connection.app.state.passkeys
    return found


PasskeyService = Annotated[Passkeys, Depends(passkeys_of)]


class NoBody(BaseModel):
    """An empty body."""

    model_config = ConfigDict(extra="forbid", strict=True)


class NewPasskey(BaseModel):
    """The player's name for the new passkey and the browser's answer."""

    model_config = ConfigDict(extra="forbid", strict=True)
    name: Annotated[str, Field(max_length=MAX_NAME * 4)]
    credential: dict[str, Any]


class SignInStart(BaseModel):
    """A sign-in with a passkey: for a name, or (none) any of the site's passkeys."""

    model_config = ConfigDict(extra="forbid", strict=True)
    name: Annotated[str, Field(max_length=200)] | None = None


class SignInAnswer(BaseModel):
    """The browser's answer to a sign-in's options."""

    model_config = ConfigDict(extra="forbid", strict=True)
    credential: dict[str, Any]


def _need(session: Session | None) -> Session:
    if session is None:
        raise TableError(401, "signed_out", N_("sign in first"))
    return session


def _origins(request: Request, passkeys: Passkeys) -> list[str]:
    return passkeys.config.expected_origins(request.url.scheme, request.headers.get("host", ""))


def _listed(info: PasskeyInfo) -> dict[str, Any]:
    return {
        "id": info.id,
        "name": info.name,
        "created_at": info.created_at,
        "last_used_at": info.last_used_at,
        "backed_up": info.backed_up,
    }


@router.get("/api/account/passkeys")
async def list_passkeys(session: MaybeSignedIn, passkeys: PasskeyService) -> list[dict[str, Any]]:
    """The signed-in account's passkeys, oldest first."""
    return [_listed(p) for p in await passkeys.listed(_need(session))]


@router.post("/api/account/passkeys/register/options")
async def registration_options(_body: NoBody, session: MaybeSignedIn, passkeys: PasskeyService) -> dict[str, Any]:
    """The options of ``navigator.credentials.create()`` for a new passkey of this account."""
    return await passkeys.registration_options(_need(session))


@router.post("/api/account/passkeys/register", status_code=201)
async def register(
    body: NewPasskey, request: Request, session: MaybeSignedIn, passkeys: PasskeyService
) -> dict[str, Any]:
    """Keep the new passkey the browser made with the options asked for just before."""
    try:
        made = await passkeys.register(_need(session), body.name, body.credential, _origins(request, passkeys))
    except AccountError as err:
        raise refused(err) from None
    return _listed(made)


@router.delete("/api/account/passkeys/{passkey}")
async def remove(passkey: int, session: MaybeSignedIn, passkeys: PasskeyService) -> dict[str, Any]:
    """Remove one of the account's passkeys."""
    try:
        await passkeys.remove(_need(session), passkey)
    except AccountError as err:
        raise refused(err) from None
    return {"removed": passkey}


@router.post("/api/account/passkeys/signin/options")
async def signin_options(
    body: SignInStart, request: Request, response: Response, passkeys: PasskeyService, settings: Settings
) -> dict[str, Any]:
    """Start a sign-in with a passkey: the options of ``navigator.credentials.get()``; the
    challenge's token goes in a short-lived HttpOnly cookie sent only to these routes."""
    same_site(request)
    token, options = await passkeys.signin_options(body.name, client_address(request))
    response.set_cookie(
        CHALLENGE_COOKIE, token, max_age=CHALLENGE_SECONDS, path=CHALLENGE_PATH,
        secure=cookies_secure(request, settings.secure_cookies), httponly=True, samesite="strict",
    )  # fmt: skip
    return options


@router.post("/api/account/passkeys/signin")
async def sign_in(
    body: SignInAnswer, request: Request, response: Response, passkeys: PasskeyService, accounts: AccountService,
    settings: Settings,
) -> dict[str, Any]:  # fmt: skip
    """Sign in with the passkey the browser chose: a new session, as a password sign-in makes
    (the browser's earlier session ends)."""
    same_site(request)
    secure = cookies_secure(request, settings.secure_cookies)
    try:
        made = await passkeys.sign_in(
            request.cookies.get(CHALLENGE_COOKIE), body.credential, _origins(request, passkeys)
        )
    except AccountError as err:  # the challenge is used up all the same; its cookie expires soon
        raise refused(err) from None
    response.delete_cookie(CHALLENGE_COOKIE, path=CHALLENGE_PATH, secure=secure, httponly=True, samesite="strict")
    return await start_session(made, request, response, accounts, settings)
