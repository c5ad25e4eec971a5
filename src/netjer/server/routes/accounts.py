"""The accounts' routes: signing up, in and out, the account's page data, changing the
password, deleting the account, its tables on any device and the export of its games
(:mod:`netjer.server.accounts`).

===========================================  =================================================
``GET  /api/account``                        who is signed in (``{"signed_in": false}``: a guest)
``POST /api/account/signup``                 ``{"name", "password"}``: a new account, signed in
``POST /api/account/signin``                 ``{"name", "password"}``: a new session
``POST /api/account/signout``                end this session (``{"everywhere": true}``: all)
``POST /api/account/password``               ``{"old", "new"}``: every session ends, a new one here
``DELETE /api/account``                      ``{"password"}``: the games stay, as a deleted player's
``GET  /api/account/tables``                 the account's tables, with its seats there
``GET  /api/account/games``                  the export: every table, finished games with their
                                             record (JSON)
===========================================  =================================================

A session travels in two cookies (:mod:`netjer.server.accounts.identity`): the session's token
(HttpOnly) and its CSRF token (read by the pages, sent back as ``X-CSRF-Token``); both
``SameSite=Lax``, ``Secure`` when the request came over HTTPS (or always, with
``secure_cookies``: behind a proxy that ends TLS without ``X-Forwarded-Proto``).  Signing in
and up refuse a request whose ``Origin`` is another site's.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Annotated, Any

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, ConfigDict, StringConstraints

from netjer.core.errors import NetjerError
from netjer.core.record import GameRecord
from netjer.i18n import N_
from netjer.server.accounts.identity import CSRF_COOKIE, SESSION_COOKIE
from netjer.server.accounts.passwords import MAX_LENGTH
from netjer.server.accounts.service import SESSION_DAYS, AccountError, Accounts, NewSession, Session
from netjer.server.db import DELETED_NAME, TableRow
from netjer.server.routes.common import AccountService, Manager, MaybeSignedIn, ServerSettings, Settings, summary
from netjer.server.routes.models import NameStr
from netjer.server.runtime import TableError
from netjer.server.tables import TableManager

router = APIRouter()

Password = Annotated[str, StringConstraints(max_length=MAX_LENGTH * 4)]


class Credentials(BaseModel):
    """A name and a password (signing up or in)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    name: NameStr
    password: Password


class PasswordChange(BaseModel):
    """The password now and the new one."""

    model_config = ConfigDict(extra="forbid", strict=True)
    old: Password
    new: Password


class PasswordOnly(BaseModel):
    """The password, asked again (deleting the account)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    password: Password


class SignOut(BaseModel):
    """Whether every session of the account ends, or this one."""

    model_config = ConfigDict(extra="forbid", strict=True)
    everywhere: bool = False


def refused(err: AccountError) -> TableError:
    """An account's refusal as the API's error (its message told in the request's language)."""
    return TableError(err.status, err.code, err.message_id, **err.params)


def client_address(request: Request) -> str:
    """The address a request came from (a trusted proxy's ``X-Forwarded-For``: the client's)."""
    return request.client.host if request.client else "unknown"


def cookies_secure(request: Request, settings_secure: bool) -> bool:
    """Whether cookies set in answer to ``request`` are ``Secure``."""
    return settings_secure or request.url.scheme == "https"


def same_site(request: Request) -> None:
    """Refuse a sign-in or sign-up posted by another site's page (login CSRF)."""
    origin = request.headers.get("origin")
    if origin and origin != "null" and origin.split("://", 1)[-1] != request.headers.get("host", ""):
        raise TableError(403, "cross_site", N_("signing in from another site's page is refused"))


def set_session_cookies(response: Response, made: NewSession, secure: bool) -> None:
    """Give the browser its new session: the token (HttpOnly) and the CSRF token (readable)."""
    age = SESSION_DAYS * 86400
    response.set_cookie(SESSION_COOKIE, made.token, max_age=age, path="/", secure=secure, httponly=True, samesite="lax")
    response.set_cookie(CSRF_COOKIE, made.csrf, max_age=age, path="/", secure=secure, httponly=False, samesite="lax")


def clear_session_cookies(response: Response, secure: bool) -> None:
    """Make the browser forget its session's cookies."""
    for name, http_only in ((SESSION_COOKIE, True), (CSRF_COOKIE, False)):
        response.delete_cookie(name, path="/", secure=secure, httponly=http_only, samesite="lax")


def _me(session: Session | NewSession | None) -> dict[str, Any]:
    if session is None:
        return {"signed_in": False}
    return {"signed_in": True, "name": session.name, "id": session.account}


def _need(session: Session | None) -> Session:
    if session is None:
        raise TableError(401, "signed_out", N_("sign in first"))
    return session


@router.get("/api/account")
async def me(session: MaybeSignedIn) -> dict[str, Any]:
    """Who is signed in on this browser."""
    return _me(session)


async def _begin(
    start: Callable[[str, str, str], Awaitable[NewSession]],
    body: Credentials, request: Request, response: Response, accounts: Accounts, settings: ServerSettings,
) -> dict[str, Any]:  # fmt: skip
    """Sign up or in with ``start``: a new session in the cookies; the browser's earlier
    session (another account's, or a planted token) ends."""
    same_site(request)
    try:
        made = await start(body.name, body.password, client_address(request))
    except AccountError as err:
        raise refused(err) from None
    return await start_session(made, request, response, accounts, settings)


async def start_session(
    made: NewSession, request: Request, response: Response, accounts: Accounts, settings: ServerSettings
) -> dict[str, Any]:
    """Hand the browser the session just made (a sign-in's, by password or passkey): the
    browser's earlier session ends (another account's, or a planted token), the new one goes
    in the cookies; the answer says who is signed in."""
    old = await accounts.session(request.cookies.get(SESSION_COOKIE))
    if old is not None:
        await accounts.sign_out(old)
    set_session_cookies(response, made, cookies_secure(request, settings.secure_cookies))
    return _me(made)


@router.post("/api/account/signup", status_code=201)
async def sign_up(
    body: Credentials, request: Request, response: Response, accounts: AccountService, settings: Settings
) -> dict[str, Any]:
    """A new account, signed in at once (a new session, whatever cookie came with the request)."""
    return await _begin(accounts.sign_up, body, request, response, accounts, settings)


@router.post("/api/account/signin")
async def sign_in(
    body: Credentials, request: Request, response: Response, accounts: AccountService, settings: Settings
) -> dict[str, Any]:
    """Sign in: a new session (a session token planted before is never the signed-in one)."""
    return await _begin(accounts.sign_in, body, request, response, accounts, settings)


@router.post("/api/account/signout")
async def sign_out(
    body: SignOut, request: Request, response: Response, session: MaybeSignedIn, accounts: AccountService,
    settings: Settings,
) -> dict[str, Any]:  # fmt: skip
    """End this session, or every session of the account (``everywhere``)."""
    await accounts.sign_out(_need(session), everywhere=body.everywhere)
    clear_session_cookies(response, cookies_secure(request, settings.secure_cookies))
    return _me(None)


@router.post("/api/account/password")
async def change_password(
    body: PasswordChange, request: Request, response: Response, session: MaybeSignedIn, accounts: AccountService,
    settings: Settings,
) -> dict[str, Any]:  # fmt: skip
    """Change the password: every session ends; this browser gets a new one."""
    try:
        made = await accounts.change_password(_need(session), body.old, body.new)
    except AccountError as err:
        raise refused(err) from None
    set_session_cookies(response, made, cookies_secure(request, settings.secure_cookies))
    return _me(made)


@router.delete("/api/account")
async def delete_account(
    body: PasswordOnly, request: Request, response: Response, session: MaybeSignedIn, accounts: AccountService,
    manager: Manager, settings: Settings,
) -> dict[str, Any]:  # fmt: skip
    """Delete the account: its games stay, its seats named as a deleted player's."""
    try:
        seats = await accounts.delete(_need(session), body.password)
    except AccountError as err:
        raise refused(err) from None
    await manager_forgets(manager, seats)
    clear_session_cookies(response, cookies_secure(request, settings.secure_cookies))
    return {"deleted": True, "seats": len(seats)}


async def manager_forgets(manager: TableManager, seats: list[tuple[str, int]]) -> None:
    """The loaded tables of a deleted account's seats show the new name at once."""
    changed = set()
    for table_id, seat in seats:
        rt = manager.tables.get(table_id)
        if rt is not None and seat < len(rt.seats):
            rt.seats[seat].name = DELETED_NAME
            changed.add(table_id)
    for table_id in changed:
        await manager.broadcast(manager.tables[table_id])


@router.get("/api/account/tables")
async def my_tables(session: MaybeSignedIn, manager: Manager) -> list[dict[str, Any]]:
    """The account's tables (newest first, at most 200), each with ``my_seats`` (the seats it
    holds) and ``created_by_me`` (its invitations may be shown again)."""
    me_ = _need(session)
    held: dict[str, list[int]] = {}
    for table_id, seat in await asyncio.to_thread(manager.store.account_seats, me_.account):
        held.setdefault(table_id, []).append(seat)
    out = []
    for table_id, seats in held.items():
        try:
            rt = await manager.get(table_id)
            made = await asyncio.to_thread(manager.store.creator_account, table_id) == me_.account
            out.append({**summary(rt, manager), "my_seats": seats, "created_by_me": made})
        except (TableError, NetjerError):
            continue  # deleted meanwhile, or options this version refuses
    return out


def _exported(row: TableRow, seats: list[int], actions: list[str]) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "table": row.id,
        "game": row.game,
        "created_at": row.created_at.isoformat(),
        "finished": row.finished,
        "my_seats": seats,
        "names": [s.name for s in row.seats],
    }
    if row.finished:  # an unfinished game's record (seed, actions) would show hidden information
        record = GameRecord(
            game=row.game,
            rules_version=row.rules_version,
            options=json.loads(row.options),
            seed=row.seed,
            seats=[s.spec for s in row.seats],
            actions=actions,
            result=json.loads(row.result) if row.result else None,
        )
        entry["record"] = json.loads(record.to_json())
    return entry


@router.get("/api/account/games")
async def export_games(session: MaybeSignedIn, manager: Manager) -> Response:
    """The export of the account's games as a JSON file: every table it holds a seat of, and
    for each finished one its record (the format of ``netjer`` record files: game, rules
    version, options, seed, seats, actions, result).  An unfinished game has no record yet: its
    seed and actions would show what the account's seat may not see."""
    me_ = _need(session)
    tables = await asyncio.to_thread(manager.store.account_tables, me_.account)
    body = {"account": me_.name, "games": [_exported(row, seats, actions) for row, seats, actions in tables]}
    return Response(
        json.dumps(body, indent=2),
        media_type="application/json",
        headers={"Content-Disposition": 'attachment; filename="netjer-games.json"'},
    )
