"""What every route shares: the services it is handed (FastAPI dependencies reading
``app.state``), who is asking (the bearer token), the API's error format and a table's summary.

The services live on ``app.state`` (set by :func:`netjer.server.app.create_app`'s lifespan):
``manager`` (:class:`~netjer.server.tables.TableManager`), ``chat``
(:class:`~netjer.server.chat.Chat`), ``rematches`` (:class:`~netjer.server.rematch.Rematches`), ``reviews``
(:class:`~netjer.server.reviews.ReviewService`) and ``settings`` (:class:`ServerSettings`).
A route asks for them as parameters (``manager: Manager``), never through a closure.

Who is asking is resolved in one place, :func:`bearer_token`: a seat's secret token (or a
creator key), given as ``Authorization: Bearer <token>``; without one, a signed-in player's
session cookie (:func:`signed_in`, its CSRF token checked on every state-changing request),
handed on as a :class:`~netjer.server.accounts.identity.SignedIn` that the seats the account
holds accept.  ``accounts`` (:class:`~netjer.server.accounts.service.Accounts`) and
``invitations`` (:class:`~netjer.server.invitations.Invitations`) are services too.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import Depends, Header, Request
from fastapi.responses import JSONResponse
from sqlalchemy.exc import InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeoutError
from starlette.requests import HTTPConnection

from netjer import i18n
from netjer.i18n import N_
from netjer.server.accounts.identity import CSRF_HEADER, SAFE_METHODS, SESSION_COOKIE, SignedIn
from netjer.server.accounts.service import Accounts, Session
from netjer.server.chat import Chat
from netjer.server.invitations import Invitations
from netjer.server.limits import RateLimiter
from netjer.server.rematch import Rematches
from netjer.server.reviews import ReviewService
from netjer.server.runtime import TableError, TableRuntime, seat_entries
from netjer.server.table_endings import adjournment, result_line
from netjer.server.tables import TableManager

log = logging.getLogger("netjer.server")


@dataclass(frozen=True)
class ServerSettings:
    """The limits a server was started with (``app.state.settings``).

    Attributes:
        max_ai_seconds: the most thinking time (seconds) per move a table may give a computer seat.
        max_ai_iterations: the most search iterations per move a table may give one.
        create_limiter: the rate limit of table creation per client address (None: none).
        notices_limiter: the rate limit of ``GET /api/notices`` per client address (None:
            none; each request may load up to :data:`~netjer.server.follows.MAX_NOTICE_TABLES`
            tables).
        secure_cookies: whether the session's cookies are always ``Secure`` (else only when
            the request came over HTTPS).
    """

    max_ai_seconds: float
    max_ai_iterations: int
    create_limiter: RateLimiter | None = None
    secure_cookies: bool = False
    notices_limiter: RateLimiter | None = None


def manager_of(connection: HTTPConnection) -> TableManager:
    """The tables of the application serving ``connection`` (a request or a WebSocket;
    ``app.state.manager``)."""
    found: TableManager = connection.app.state.manager
    return found


def reviews_of(connection: HTTPConnection) -> ReviewService:
    """The reviews and hints of the application serving ``connection`` (``app.state.reviews``)."""
    found: ReviewService = connection.app.state.reviews
    return found


def chat_of(connection: HTTPConnection) -> Chat:
    """The tables' chat (``app.state.chat``)."""
    found: Chat = connection.app.state.chat
    return found


def rematches_of(connection: HTTPConnection) -> Rematches:
    """The tables' rematches (``app.state.rematches``)."""
    found: Rematches = connection.app.state.rematches
    return found


def settings_of(connection: HTTPConnection) -> ServerSettings:
    """The server's limits (``app.state.settings``)."""
    found: ServerSettings = connection.app.state.settings
    return found


def bearer(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header (None without one)."""
    if authorization and authorization.lower().startswith("bearer "):
        return authorization[7:].strip()
    return None


def accounts_of(connection: HTTPConnection) -> Accounts:
    """The accounts and their sessions (``app.state.accounts``)."""
    found: Accounts = connection.app.state.accounts
    return found


def invitations_of(connection: HTTPConnection) -> Invitations:
    """The seats' invitations (``app.state.invitations``)."""
    found: Invitations = connection.app.state.invitations
    return found


#: What a state-changing request with a session cookie but without its CSRF token is told.
CSRF_MESSAGE = N_("a signed-in request that changes something needs the {header} header (the netjer_csrf cookie)")


async def signed_in(request: Request) -> Session | None:
    """The signed-in session of the request's session cookie (None: a guest, or a session
    that ended).  A state-changing request (not GET, HEAD or OPTIONS) must carry the
    session's CSRF token as the :data:`~netjer.server.accounts.identity.CSRF_HEADER` header.

    Raises:
        TableError: 403 ``csrf`` without the right CSRF token.
    """
    cookie = request.cookies.get(SESSION_COOKIE)
    if not cookie:
        return None
    accounts = accounts_of(request)
    session = await accounts.session(cookie)
    unsafe = request.method not in SAFE_METHODS
    if session is not None and unsafe and not accounts.csrf_ok(session, request.headers.get(CSRF_HEADER)):
        raise TableError(403, "csrf", CSRF_MESSAGE, header=CSRF_HEADER)
    return session


async def bearer_token(request: Request, authorization: Annotated[str | None, Header()] = None) -> str | None:
    """Who asks: the secret token the request carries as ``Authorization: Bearer <token>``
    (a seat's token, or a table's creator key); without one, the signed-in account of the
    session cookie (:func:`signed_in`) as a :class:`SignedIn`; else None.  The one place a
    request's identity is read.

    Raises:
        TableError: 403 ``csrf`` (:func:`signed_in`).
    """
    token = bearer(authorization)
    if token is not None:
        return token
    session = await signed_in(request)
    return SignedIn(session.account, session.name) if session is not None else None


async def socket_identity(websocket: HTTPConnection) -> SignedIn | None:
    """A WebSocket's signed-in account, for a hello that carries no token: the session cookie
    of a connection opened by this site's own page (a page of another site may open a
    WebSocket with the player's cookies: its ``Origin`` tells it apart, and it gets nothing).
    """
    cookie = websocket.cookies.get(SESSION_COOKIE)
    origin = websocket.headers.get("origin")
    if not cookie or (origin and origin.split("://", 1)[-1] != websocket.headers.get("host", "")):
        return None
    session = await accounts_of(websocket).session(cookie)
    return SignedIn(session.account, session.name) if session is not None else None


#: A route's parameters for the services and the caller's token.
Manager = Annotated[TableManager, Depends(manager_of)]
Reviews = Annotated[ReviewService, Depends(reviews_of)]
ChatRoom = Annotated[Chat, Depends(chat_of)]
RematchService = Annotated[Rematches, Depends(rematches_of)]
Settings = Annotated[ServerSettings, Depends(settings_of)]
Token = Annotated[str | None, Depends(bearer_token)]
AccountService = Annotated[Accounts, Depends(accounts_of)]
InvitationService = Annotated[Invitations, Depends(invitations_of)]
#: The signed-in session, if any (its CSRF token checked).
MaybeSignedIn = Annotated[Session | None, Depends(signed_in)]


def request_language(request: HTTPConnection | None) -> str:
    """The language a request is answered in: the first of its ``?lang=`` tags that has catalogues,
    else the first of its ``Accept-Language`` that has (the pages send their own language
    there, the one the lobby's selector or the browser chose), else English
    (:func:`netjer.i18n.negotiate`). ``None`` (no request at hand): English."""
    if request is None:
        return i18n.DEFAULT_LANGUAGE
    wanted = [tag for tag in request.query_params.get("lang", "")[:100].split(",") if tag and tag != "auto"][:8]
    return i18n.negotiate([*wanted, *i18n.parse_accept_language(request.headers.get("accept-language", "")[:500])])


def error_body(err: TableError, language: str = i18n.DEFAULT_LANGUAGE) -> dict[str, Any]:
    """``err`` in the API's format, told in ``language``: ``{"error": code, "message": sentence,
    "rule": ...}`` (the shape the API has always had: the code is stable, the sentence is its
    catalogue message in the reader's language, :meth:`TableError.told`, and so is the rule an
    illegal move breaks, :meth:`TableError.told_rule`)."""
    return {"error": err.code, "message": err.told(language), "rule": err.told_rule(language)}


def error_response(
    err: TableError, headers: Mapping[str, str] | None = None, request: HTTPConnection | None = None
) -> JSONResponse:
    """``err`` in the API's format (:func:`error_body`) in ``request``'s language
    (:func:`request_language`)."""
    return JSONResponse(status_code=err.status, content=error_body(err, request_language(request)), headers=headers)


#: The database's failures that pass (it is down, restarting or unreachable, or the pool has
#: no connection free): a request they interrupt gets 503 ``unavailable`` (try again), and a
#: WebSocket an error message followed by the current view, never a 500 and a traceback.  A
#: move is applied in memory only once the database stored it: the view shows whether it was.
DB_UNAVAILABLE: tuple[type[Exception], ...] = (OperationalError, InterfaceError, PoolTimeoutError)
#: Seconds a client is told to wait (``Retry-After``) when the database is unavailable.
DB_RETRY_SECONDS = 2
DB_UNAVAILABLE_MESSAGE = N_("the database is unavailable for a moment; try again shortly")


def db_unavailable(err: Exception) -> TableError:
    """The 503 ``unavailable`` error for a failure of the database (:data:`DB_UNAVAILABLE`),
    logged as one warning line (its first line: no traceback)."""
    log.warning(
        "database unavailable: %s",
        str(err).splitlines()[0][:300] if str(err) else type(err).__name__,
        extra={"event": "db_unavailable"},
    )
    return TableError(503, "unavailable", DB_UNAVAILABLE_MESSAGE)


def seat_link(table_id: str, seat: int, token: str) -> str:
    """The browser's address of ``seat`` at table ``table_id`` with its token."""
    return f"/table/{table_id}#seat={seat}&token={token}"


def summary(rt: TableRuntime, manager: TableManager) -> dict[str, Any]:
    """A loaded table as the lobby lists it: game, version, whose turn, seats, clock, rematch, hints."""
    result = rt.result
    return {
        "id": rt.id,
        "game": rt.game.name,
        "title": rt.game.title,
        "version": rt.version,
        "finished": rt.finished,
        "result_text": result_line(rt.game, result, rt.state),
        "ending": rt.how,
        "adjourned": adjournment(rt),
        "to_move": None if rt.finished else rt.state.current_player,
        "choosing": sorted(rt.choosers()),
        "seats": seat_entries(rt),
        "clock": manager.clocks.view(rt),
        "rematch": rt.rematch,
        "hints": rt.hints,
        "hint_limit": rt.hint_limit,
        "rated": rt.rated,
    }
