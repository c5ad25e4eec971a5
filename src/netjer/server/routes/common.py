"""What every route shares: the services it is handed (FastAPI dependencies reading
``app.state``), who is asking (the bearer token), the API's error format and a table's summary.

The services live on ``app.state`` (set by :func:`netjer.server.app.create_app`'s lifespan):
``manager`` (:class:`~netjer.server.tables.TableManager`), ``chat``
(:class:`~netjer.server.chat.Chat`), ``rematches`` (:class:`~netjer.server.rematch.Rematches`), ``reviews``
(:class:`~netjer.server.reviews.ReviewService`) and ``settings`` (:class:`ServerSettings`).
A route asks for them as parameters (``manager: Manager``), never through a closure.

Who is asking is resolved in one place, :func:`bearer_token`: today a seat's secret token (or
a creator key), given as ``Authorization: Bearer <token>``.  Accounts would resolve a
signed-in person there and hand routes an identity instead of the raw token.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import Depends, Header
from fastapi.responses import JSONResponse
from sqlalchemy.exc import InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeoutError
from starlette.requests import HTTPConnection

from netjer.server.chat import Chat
from netjer.server.limits import RateLimiter
from netjer.server.rematch import Rematches
from netjer.server.reviews import ReviewService
from netjer.server.runtime import TableError, TableRuntime, seat_entries
from netjer.server.table_endings import adjournment
from netjer.server.tables import TableManager

log = logging.getLogger("netjer.server")


@dataclass(frozen=True)
class ServerSettings:
    """The limits a server was started with (``app.state.settings``).

    Attributes:
        max_ai_seconds: the most thinking time (seconds) per move a table may give a computer seat.
        max_ai_iterations: the most search iterations per move a table may give one.
        create_limiter: the rate limit of table creation per client address (None: none).
    """

    max_ai_seconds: float
    max_ai_iterations: int
    create_limiter: RateLimiter | None = None


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


def bearer_token(authorization: Annotated[str | None, Header()] = None) -> str | None:
    """Who asks: the secret token the request carries as ``Authorization: Bearer <token>``
    (a seat's token, or a table's creator key), None without one.  The one place a request's
    identity is read."""
    return bearer(authorization)


#: A route's parameters for the services and the caller's token.
Manager = Annotated[TableManager, Depends(manager_of)]
Reviews = Annotated[ReviewService, Depends(reviews_of)]
ChatRoom = Annotated[Chat, Depends(chat_of)]
RematchService = Annotated[Rematches, Depends(rematches_of)]
Settings = Annotated[ServerSettings, Depends(settings_of)]
Token = Annotated[str | None, Depends(bearer_token)]


def error_response(err: TableError, headers: Mapping[str, str] | None = None) -> JSONResponse:
    """``err`` in the API's format: ``{"error": code, "message": ..., "rule": ...}``."""
    return JSONResponse(
        status_code=err.status,
        content={"error": err.code, "message": err.message, "rule": err.rule},
        headers=headers,
    )


#: The database's failures that pass (it is down, restarting or unreachable, or the pool has
#: no connection free): a request they interrupt gets 503 ``unavailable`` (try again), and a
#: WebSocket an error message followed by the current view, never a 500 and a traceback.  A
#: move is applied in memory only once the database stored it: the view shows whether it was.
DB_UNAVAILABLE: tuple[type[Exception], ...] = (OperationalError, InterfaceError, PoolTimeoutError)
#: Seconds a client is told to wait (``Retry-After``) when the database is unavailable.
DB_RETRY_SECONDS = 2
DB_UNAVAILABLE_MESSAGE = "the database is unavailable for a moment; try again shortly"


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
        "result_text": rt.game.result_text(result) if result is not None else None,
        "ending": rt.how,
        "adjourned": adjournment(rt),
        "to_move": None if rt.finished else rt.state.current_player,
        "choosing": sorted(rt.choosers()),
        "seats": seat_entries(rt),
        "clock": manager.clocks.view(rt),
        "rematch": rt.rematch,
        "hints": rt.hints,
        "hint_limit": rt.hint_limit,
    }
