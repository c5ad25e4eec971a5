"""The FastAPI application: lobby REST API, one WebSocket per seat, the browser table's files.

API (JSON; a seat's requests carry its secret token as ``Authorization: Bearer <token>``):

========================================  ====================================================
``GET  /api/games``                      games, their options (JSON Schema), seat counts, agents,
                                         the server's caps on computer players (``ai_limits``)
``GET  /api/health``                     the database and the AI pool: 200 fine, 503 not
``POST /api/tables``                     create a table; returns its id, the tokens of the
                                         human seats that are not open, and the creator key
``DELETE /api/tables/{id}``              delete a table before its first action (the creator
                                         key as the bearer token)
``GET  /api/tables?status=open``         tables (``open``: a human seat is free; ``playing``,
                                         ``finished``, or all)
``GET  /api/tables?ids=a,b``             those tables (at most 50; unknown ids are left
                                         out), with whose turn it is and the clocks: the
                                         lobby's "Your tables"
``POST /api/tables/{id}/join``           claim an open human seat; returns its token
``GET  /api/tables/{id}/view?seat=N``    seat N's view (token required); without ``seat``: the
                                         spectators' view
``POST /api/tables/{id}/moves``          play ``{"seat", "version", "action"|"index", "step"?}``
                                         (``step``: in a window of simultaneous choices,
                                         the view's ``step``; every seat in ``choosing``
                                         may move)
``POST /api/tables/{id}/takeback``       ``{"seat"}``: the person takes the seat back from the
                                         computer that plays it since its time ran out
``POST /api/tables/{id}/rematch``        ``{"seat"}`` (its token): offer a rematch of a
                                         finished table: same game, options, clock and seats,
                                         seat order rotated; returns the new seat's token
``POST /api/tables/{id}/rematch/accept`` ``{"seat"}`` (its token): take one's seat at the
                                         rematch; returns the new seat's token and link
``POST /api/tables/{id}/chat``           ``{"seat": N|null, "text", "name"?}``: a chat message
                                         (a seat with its token; ``null``: a spectator, who
                                         may give a ``name``)
``GET  /api/tables/{id}/replay?seat=N``  every step as seat N (or a spectator) saw it, undos
                                         included (``"undo": true``)
``/api/tables/{id}/reviews``, ``/hint``  a finished game's reviews and hints:
                                         :mod:`netjer.server.reviews`
``GET  /api/i18n``                       the languages of the pages (code, name in itself)
``GET  /api/i18n/{langs}``               the catalogue of the first of ``langs`` (comma-
                                         separated tags) or of ``Accept-Language`` that
                                         Netjer has, else English (netjer.i18n.as_json)
``WS   /ws/tables/{id}``                 send ``{"type": "hello", "seat": N|null, "token": ...}``,
                                         then receive a ``view`` after every change and send
                                         ``{"type": "move", "version", "action"|"index"}``,
                                         ``{"type": "takeback"}`` or ``{"type": "chat",
                                         "text", "name"?}`` (spectators too)
``WS   /ws/echo``                        echoes every message (a latency reference)
========================================  ====================================================

Every address served to ``GET`` answers ``HEAD`` too (health checks).  Errors are
``{"error": code, "message": ..., "rule": ...}`` with 403 (missing or wrong
token or creator key), 404 (unknown table, seat or address), 405 (method not accepted at
that address), 409 (stale version, not your turn, seat taken, game over, time out, seat
played by the computer, table already started, rematch already offered), 413 (body too
large), 422 (illegal or malformed move, bad table or clock, a computer seat over the
server's cap, empty or too long chat, malformed request) or 429 (tables created too fast
from one address, chat messages too fast from one seat or spectator; with ``Retry-After``);
on the WebSocket an ``error`` message
carrying the current view.  A seat only ever receives ``observation(seat)``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import secrets
import time
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    StrictBool,
    StrictInt,
    StringConstraints,
    Tag,
    ValidationError,
)
from sqlalchemy.exc import InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeoutError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocketState

from netjer import i18n
from netjer.agents.levels import levels_json
from netjer.agents.registry import known_kinds, make_agent, parse_agent_spec
from netjer.core.errors import NetjerError
from netjer.core.game import Game
from netjer.games.registry import game_class, game_names, make_game
from netjer.server.ai_service import DEFAULT_MAX_ITERATIONS, DEFAULT_MAX_SECONDS
from netjer.server.clocks import GONE_AFTER, MAX_BANK, MAX_INCREMENT, MIN_BANK, TURN_DEADLINES, ClockSettings
from netjer.server.db import Store, TableRow, hash_token
from netjer.server.health import health
from netjer.server.leases import DEFAULT_TTL, Leases
from netjer.server.limits import RateLimited, RateLimiter
from netjer.server.notify import Notifier, libpq_url
from netjer.server.reviews import ReviewService, add_review_routes
from netjer.server.sockets import CLIENT_GONE, stop_task
from netjer.server.tables import (
    CHAT_PER_MINUTE,
    MAX_CHAT_CHARS,
    RESERVED,
    TableError,
    TableManager,
    TableRuntime,
    seat_entries,
)

log = logging.getLogger("netjer.server")
#: Largest request body accepted (a table with options is well under 10 KB).
MAX_BODY_BYTES = 64_000
#: Seconds a new WebSocket has to say hello, and a send may take before the client is dropped.
HELLO_SECONDS = 10.0
SEND_SECONDS = 10.0
HELLO_HELP = 'first send {"type": "hello", "seat": N (or null to watch), "token": "..."}'
MOVE_HELP = 'send {"type": "move", "version": N, "action": "..."} or "index": N instead of "action"'
#: What a malformed WebSocket undo is told.
UNDO_HELP = 'send {"type": "undo", "version": N}: N the version of the view you saw'
#: The most tables ``GET /api/tables?ids=`` describes at once.
MAX_IDS = 50
#: The messages a seat may send after its hello.
WS_TYPES = ("move", "takeback", "undo", "chat", "ping")

#: Characters refused in names and texts: controls and the bidirectional overrides that
#: could make one name look like another.
_FORBIDDEN = re.compile("[\x00-\x1f\x7f\u202a-\u202e\u2066-\u2069]")


def _clean(value: str | None) -> str | None:
    if value is None:
        return None
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("not valid text (lone surrogate)") from None
    if _FORBIDDEN.search(value):
        raise ValueError("control or text-direction characters are not allowed")
    return value


#: A short text from a client: valid UTF-8, no control or direction-override characters.
CleanStr = Annotated[str, AfterValidator(_clean)]
# Clean texts of bounded length.  The length is checked on the string itself, before the
# cleaning (a ``Field(max_length=...)`` on an optional ``CleanStr`` would count "items").
NameStr = Annotated[str, StringConstraints(max_length=40), AfterValidator(_clean)]
AgentStr = Annotated[str, StringConstraints(max_length=120), AfterValidator(_clean)]
TextStr = Annotated[str, StringConstraints(max_length=200), AfterValidator(_clean)]
ChatStr = Annotated[str, StringConstraints(max_length=MAX_CHAT_CHARS), AfterValidator(_clean)]
WEB = Path(str(resources.files("netjer") / "web"))


# Every request model is strict (``strict=True``): a JSON value of the field's own type only,
# as the page and the CLI send them, else 422 with the field and the type expected.  Lax mode
# read ``"seed": true`` as seed 1 and a seat given as ``true`` or ``"0"`` as seat 1 or 0.


class HumanSeat(BaseModel):
    """A person's seat of a new table (``open``: anyone may join it from the lobby)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    type: Literal["human"]
    name: NameStr | None = None
    open: bool = False


class AgentSeat(BaseModel):
    """A computer's seat of a new table, played by ``agent`` (``"random"``, ``"ismcts:time=1"``)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    type: Literal["agent"]
    name: NameStr | None = None
    agent: AgentStr


#: The seat models by their ``type``.
SEAT_TYPES: dict[str, type[BaseModel]] = {"human": HumanSeat, "agent": AgentSeat}


def _seat_type(value: Any) -> Any:
    """The ``type`` of a seat, whether given as JSON data or as a model."""
    return value.get("type") if isinstance(value, dict) else getattr(value, "type", None)


#: A seat of a new table: its ``type`` says which fields it takes (others are refused).
SeatRequest = Annotated[
    Annotated[HumanSeat, Tag("human")] | Annotated[AgentSeat, Tag("agent")],
    Discriminator(
        _seat_type, custom_error_type="seat_type", custom_error_message="a seat's type must be 'human' or 'agent'"
    ),
]


class ClockRequest(BaseModel):
    """A table's time control (seconds): ``none``; ``realtime`` with a ``bank`` per seat and
    an ``increment`` per turn; or ``turn`` with a deadline ``per_turn`` (1 h, 12 h, 1 day,
    3 days).  ``on_timeout``: ``computer`` (it plays for the seat until its person takes it
    back) or ``out`` (the seat loses; two-player tables only).  ``gone_after`` (mode ``none``
    only): seconds without a connection after which the seat to act counts as gone (0, 300,
    3600 or 86400; 0: never); with a clock, its deadline decides that."""

    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)
    mode: Literal["none", "realtime", "turn"] = "none"
    bank: float | None = Field(None, ge=MIN_BANK, le=MAX_BANK)
    increment: float | None = Field(None, ge=0, le=MAX_INCREMENT)
    per_turn: Literal[TURN_DEADLINES] | None = None  # type: ignore[valid-type]
    on_timeout: Literal["computer", "out"] = "computer"
    gone_after: Literal[GONE_AFTER] = 0  # type: ignore[valid-type]

    def settings(self) -> ClockSettings:
        """The clock settings asked for.

        Raises:
            TableError: 422 when a field is missing for the mode or given for another mode.
        """
        if self.mode != "none" and self.gone_after:
            message = "clock: gone_after is for tables without a clock (with a clock, its deadline applies)"
            raise TableError(422, "bad_clock", message)
        if self.mode == "realtime":
            if self.bank is None or self.per_turn is not None:
                raise TableError(422, "bad_clock", "clock: a real-time clock needs a bank (and no per_turn)")
            increment = self.increment or 0.0
            return ClockSettings("realtime", bank=self.bank, increment=increment, on_timeout=self.on_timeout)
        if self.mode == "turn":
            if self.per_turn is None or self.bank is not None or self.increment is not None:
                message = "clock: a turn-based clock needs per_turn (and no bank or increment)"
                raise TableError(422, "bad_clock", message)
            return ClockSettings("turn", per_turn=float(self.per_turn), on_timeout=self.on_timeout)
        if self.bank is not None or self.increment is not None or self.per_turn is not None:
            raise TableError(422, "bad_clock", "clock: mode 'none' takes no bank, increment or per_turn")
        return ClockSettings(on_timeout=self.on_timeout, gone_after=float(self.gone_after))


#: The most hints per seat a table may set (``hint_limit``).
MAX_HINT_LIMIT = 1000


class CreateTable(BaseModel):
    """A new table: game, options, optional seed, one entry per seat, the time control,
    whether a seat may ask for a hint (:mod:`netjer.server.reviews`) and how many hints each
    seat may be given in the game (``hint_limit``: none, no limit; only with ``hints``)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    game: CleanStr = Field(max_length=32)
    options: dict[str, Any] = Field(default_factory=dict, max_length=40)
    seed: int | None = Field(None, ge=0, lt=2**62)
    seats: list[SeatRequest] = Field(min_length=1, max_length=8)
    clock: ClockRequest | None = None
    # JSON true/false and a JSON integer, as the lobby sends them ("hints": "yes" and
    # "hint_limit": true were read as True and 1; strict before the whole model was).
    hints: StrictBool = False
    hint_limit: StrictInt | None = Field(None, ge=1, le=MAX_HINT_LIMIT)


class JoinRequest(BaseModel):
    """Claim open seat ``seat`` under ``name``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    seat: int
    name: NameStr | None = None


class MoveRequest(BaseModel):
    """A move: the notation (``action``) or the index into the legal actions shown (``index``);
    in a window of simultaneous choices, the view's ``step`` too (the others' choices then do
    not make the move stale)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    seat: int
    version: int
    action: TextStr | None = None
    index: int | None = None
    step: int | None = None


class SeatRequestBody(BaseModel):
    """A request about one's own seat (taking it back from the computer)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    seat: int


class ChatRequest(BaseModel):
    """A chat message: from ``seat`` (with its token) or, with ``seat`` null, a spectator who
    may give a ``name``.  Same character rules as names; 1 to 500 characters."""

    model_config = ConfigDict(extra="forbid", strict=True)
    seat: int | None = None
    text: ChatStr
    name: NameStr | None = None


class WsChat(BaseModel):
    """A chat message over the WebSocket (``name``: a spectator's chosen name)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    type: Literal["chat"]
    text: ChatStr
    name: NameStr | None = None


class WsHello(BaseModel):
    """First WebSocket message: which seat (``None``: spectator) and its token."""

    model_config = ConfigDict(extra="forbid", strict=True)
    type: Literal["hello"]
    seat: int | None = None
    token: TextStr | None = None


class UndoRequest(BaseModel):
    """Take back the seat's last decision (:mod:`netjer.core.undo`), seen at ``version``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    type: Literal["undo"] = "undo"
    seat: int | None = Field(None, ge=0, lt=8)
    version: int


class WsMove(BaseModel):
    """A move over the WebSocket."""

    model_config = ConfigDict(extra="forbid", strict=True)
    type: Literal["move"]
    version: int
    action: TextStr | None = None
    index: int | None = None
    step: int | None = None


class WsTakeBack(BaseModel):
    """Take one's seat back from the computer over the WebSocket."""

    model_config = ConfigDict(extra="forbid", strict=True)
    type: Literal["takeback"]


def _bearer(authorization: str | None) -> str | None:
    if authorization and authorization.lower().startswith("bearer "):
        return authorization[7:].strip()
    return None


def _error(err: TableError, headers: Mapping[str, str] | None = None) -> JSONResponse:
    return JSONResponse(
        status_code=err.status,
        content={"error": err.code, "message": err.message, "rule": err.rule},
        headers=headers,
    )


def _json_position(text: Any, pos: int) -> str:
    """``line L, column C`` of character ``pos`` of ``text`` (``character N`` if no text)."""
    if not isinstance(text, str) or not 0 <= pos <= len(text):
        return f"character {pos}"
    line = text.count("\n", 0, pos) + 1
    column = pos - text.rfind("\n", 0, pos)
    return f"line {line}, column {column}"


def _problem(error: Mapping[str, Any], body: Any) -> str:
    """One validation error in words, naming where it is but never echoing the input (it may
    not even be encodable: NaN, lone surrogates).

    Args:
        error: an entry of ``RequestValidationError.errors()``.
        body: the request's body as FastAPI kept it (the text, for malformed JSON).
    """
    kind = error.get("type")
    loc = list(error.get("loc", ()))
    if loc[:1] == ["body"]:
        loc = loc[1:]
    if kind == "json_invalid":
        pos = loc[0] if loc and isinstance(loc[0], int) else -1
        reason = (error.get("ctx") or {}).get("error", "malformed")
        return f"the body is not valid JSON ({_json_position(body, pos)}): {reason}"
    # A seat's errors are located under its type ("seats", 1, "agent", "open"): name the
    # field ("seats.1.open") and say which kind of seat refuses it.
    seat_type = None
    if len(loc) >= 4 and loc[0] == "seats" and isinstance(loc[1], int) and loc[2] in SEAT_TYPES:
        seat_type = str(loc.pop(2))
    where = ".".join(str(p) for p in loc)
    if not where:
        return "the request needs a JSON body" if kind == "missing" else f"(body): {error.get('msg', 'invalid')}"
    if kind == "extra_forbidden":
        if seat_type is not None:
            fields = ", ".join(SEAT_TYPES[seat_type].model_fields)
            article = "an" if seat_type[0] in "aeiou" else "a"
            return f"{where}: not a field of {article} {seat_type} seat (its fields: {fields})"
        return f"{where}: not an accepted field"
    if kind == "missing" and seat_type == "agent" and loc[-1] == "agent":
        return f"{where}: missing: an agent seat needs an agent spec, such as 'random' or 'ismcts:time=1'"
    return f"{where}: {error.get('msg', 'invalid')}"


def _summary(rt: TableRuntime, manager: TableManager) -> dict[str, Any]:
    result = rt.result
    return {
        "id": rt.id,
        "game": rt.game.name,
        "title": rt.game.title,
        "version": rt.version,
        "finished": rt.finished,
        "result_text": rt.game.result_text(result) if result is not None else None,
        "to_move": None if rt.finished else rt.state.current_player,
        "choosing": sorted(rt.choosers()),
        "seats": seat_entries(rt),
        "clock": manager.clock_view(rt),
        "rematch": rt.rematch,
        "hints": rt.hints,
        "hint_limit": rt.hint_limit,
    }


def _row_summary(row: TableRow, version: int) -> dict[str, Any]:
    """A table's summary from its database row (no replay needed)."""
    game = make_game(row.game, json.loads(row.options))
    result = json.loads(row.result) if row.result else None
    return {
        "id": row.id,
        "game": game.name,
        "title": game.title,
        "version": version,
        "finished": row.finished,
        "result_text": game.result_text(result) if result else None,
        "to_move": None,
        "choosing": [],
        "clock": None,
        "rematch": row.rematch,
        "hints": bool(row.hints),
        "hint_limit": row.hint_limit,
        "seats": [
            {
                "seat": s.seat,
                "label": game.seat_name(s.seat),
                "name": s.name,
                "kind": "human" if s.spec == "human" else "agent",
                "agent": None if s.spec == "human" else s.spec,
                "open": s.spec == "human" and s.token_hash is None,
                "reserved": bool(s.token_hash and s.token_hash.startswith(RESERVED)),
                "standin": None,
                "out": False,
            }
            for s in row.seats
        ],
    }


def _levels_by_players(
    name: str, schema: dict[str, Any], default: int, max_iterations: int
) -> dict[str, list[dict[str, Any]]]:
    """The computer levels of game ``name`` per player count (its ``players`` option's values,
    else its one count), as :func:`netjer.agents.levels.levels_json` gives them, without those
    whose budget is over this server's ``max_iterations``: keys are the counts as text (JSON), a
    count without levels is left out."""
    players = schema.get("properties", {}).get("players", {})
    low, high = players.get("minimum", default), players.get("maximum", default)
    counts = players.get("enum") or range(int(low), int(high) + 1)
    out = {}
    for n in counts:
        levels = [
            level
            for level in levels_json(name, int(n))
            if int(parse_agent_spec(level["spec"]).params.get("iterations", 0)) <= max_iterations
        ]
        if levels:
            out[str(n)] = levels
    return out


def _plays(kind: str, game: Game) -> bool:
    """Whether the computer agent ``kind`` can play ``game`` (e.g. it has a heuristic)."""
    try:
        make_agent(kind).prepare(game)
    except NetjerError:
        return False
    return True


async def _receive_text(websocket: WebSocket) -> str:
    """The next text message; a binary one is refused as a ValueError.

    Raises:
        WebSocketDisconnect: when the client has gone.
    """
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is None:
        raise ValueError("binary messages are not accepted")
    return str(text)


#: What sending to or reading from a client that has gone raises: Starlette's disconnect, its
#: use of a connection already closed, a send that timed out (the client stopped reading),
#: and the transport's own errors.
#: The database's failures that pass (it is down, restarting or unreachable, or the pool has
#: no connection free): a request they interrupt gets 503 ``unavailable`` (try again), and a
#: WebSocket an error message followed by the current view, never a 500 and a traceback.  A
#: move is applied in memory only once the database stored it: the view shows whether it was.
DB_UNAVAILABLE: tuple[type[Exception], ...] = (OperationalError, InterfaceError, PoolTimeoutError)
#: Seconds a client is told to wait (``Retry-After``) when the database is unavailable.
DB_RETRY_SECONDS = 2
DB_UNAVAILABLE_MESSAGE = "the database is unavailable for a moment; try again shortly"


def _db_unavailable(err: Exception) -> TableError:
    """The 503 ``unavailable`` error for a failure of the database (:data:`DB_UNAVAILABLE`),
    logged as one warning line (its first line: no traceback)."""
    log.warning(
        "database unavailable: %s",
        str(err).splitlines()[0][:300] if str(err) else type(err).__name__,
        extra={"event": "db_unavailable"},
    )
    return TableError(503, "unavailable", DB_UNAVAILABLE_MESSAGE)


async def _refuse(websocket: WebSocket, message: dict[str, Any], code: int) -> None:
    """Send a last error ``message`` and close with ``code``; a client already gone is fine."""
    with contextlib.suppress(*CLIENT_GONE):
        await websocket.send_json(message)
        await websocket.close(code=code)


async def _close_quietly(websocket: WebSocket, code: int = 1000) -> None:
    """Close the connection (with ``code``) unless it is closed or the client is gone already."""
    if websocket.application_state != WebSocketState.CONNECTED or websocket.client_state != WebSocketState.CONNECTED:
        return
    with contextlib.suppress(*CLIENT_GONE):
        await asyncio.wait_for(websocket.close(code=code), timeout=SEND_SECONDS)


def _watch(task: asyncio.Task[None], what: str) -> asyncio.Task[None]:
    """``task``, whose end is always observed: an error it ends with is logged once (never
    "Task exception was never retrieved"), so it may be cancelled without being awaited."""

    def observe(done: asyncio.Task[None]) -> None:
        if not done.cancelled() and done.exception() is not None:
            log.error("%s failed", what, exc_info=done.exception())

    task.add_done_callback(observe)
    return task


class BodyLimit:
    """ASGI middleware refusing request bodies over ``limit`` bytes with 413, counted as they
    arrive, whether the body is sent with a Content-Length or in chunks (a missing or false
    Content-Length does not get round it).

    The body is read here, before the application sees the request, and handed on whole: the
    application never reads a body it would have to give up half-way (FastAPI reports a
    failed read as a 400 "error parsing the body").
    """

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            await _too_large(send, self.limit)
            return
        chunks: list[bytes] = []
        seen = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client left: nobody to answer
                return
            chunk = message.get("body", b"")
            seen += len(chunk)
            if seen > self.limit:
                await _too_large(send, self.limit)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        handed = False

        async def whole_body() -> Message:
            nonlocal handed
            if not handed:
                handed = True
                return {"type": "http.request", "body": b"".join(chunks), "more_body": False}
            return await receive()  # then only the client's leaving

        await self.app(scope, whole_body, send)


class HeadAsGet:
    """ASGI middleware answering ``HEAD`` wherever ``GET`` is served (health checks use it):
    the request is routed as a ``GET`` and the answer's body is dropped, its status and
    headers (``Content-Length`` included) kept.  The original method stays in the scope
    under ``"netjer.method"``, for error messages."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        async def headers_only(message: Message) -> None:
            if message["type"] == "http.response.body":
                if message.get("more_body", False):
                    return
                message = {"type": "http.response.body", "body": b"", "more_body": False}
            await send(message)

        await self.app({**scope, "method": "GET", "netjer.method": "HEAD"}, receive, headers_only)


async def _too_large(send: Send, limit: int) -> None:
    body = json.dumps({"error": "too_large", "message": f"request bodies are limited to {limit} bytes"}).encode()
    await send({"type": "http.response.start", "status": 413, "headers": [(b"content-type", b"application/json")]})
    await send({"type": "http.response.body", "body": body})


def create_app(
    db_url: str = "sqlite:///netjer.db",
    ai_workers: int = 1,
    clock: Callable[[], float] = time.time,
    *,
    max_ai_seconds: float = DEFAULT_MAX_SECONDS,
    max_ai_iterations: int = DEFAULT_MAX_ITERATIONS,
    create_limiter: RateLimiter | None = None,
    lease_seconds: float = DEFAULT_TTL,
    chat_per_minute: float = CHAT_PER_MINUTE,
) -> FastAPI:
    """The web table's application.

    Args:
        db_url: a SQLAlchemy URL; the schema is created or upgraded here.
        ai_workers: worker processes for computer seats, shared in fair turn by every
            table (0: one thread, for tests).
        clock: seconds since the epoch, for the tables' clocks (tests pass a fake time).
        max_ai_seconds: the most thinking time per move a table may give a computer seat.
        max_ai_iterations: the most search iterations per move a table may give one.
        create_limiter: the rate limit of table creation per client address (None: none).
        lease_seconds: on PostgreSQL, how long this process's lease on a table's computer
            seats lasts unless renewed: after its death, another process takes them over
            within about this time (:mod:`netjer.server.leases`).
        chat_per_minute: chat messages a seat (or a spectator's connection) may send a minute
            (0: no limit); over it, 429 with ``Retry-After`` (REST) or an ``error`` message.

    On PostgreSQL several processes may serve the same tables: each listens for the others'
    news (:mod:`netjer.server.notify`) and holds leases on computer seats.

    Raises:
        sqlalchemy.exc.SQLAlchemyError: if the database cannot be opened or migrated.
    """

    store = Store(db_url)  # created (and migrated) now, so that a bad database fails early

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        manager = TableManager(
            store,
            ai_workers=ai_workers,
            max_seconds=max_ai_seconds,
            max_iterations=max_ai_iterations,
            clock=clock,
            chat_per_minute=chat_per_minute,
        )
        app.state.manager = manager
        keeper: asyncio.Task[None] | None = None
        if store.shared:  # PostgreSQL: other server processes may serve the same tables
            manager.leases = Leases(store.engine, store.origin, lease_seconds)
            manager.news = Notifier(
                libpq_url(store.engine.url),
                store.origin,
                manager.catch_up,
                manager.resync,
                loaded=manager.tables.__contains__,
            )
            await manager.news.start()
        app.state.reviews = ReviewService(manager)
        if manager.news is not None:  # news of the reviews other processes run
            manager.news.on_review = app.state.reviews.heard
        resumed = await manager.resume_all()
        if resumed:
            log.info("resumed %d unfinished tables", resumed)
        if reviewing := await app.state.reviews.resume():
            log.info("resumed %d reviews", reviewing)
        if manager.leases is not None:
            keeper = _watch(asyncio.create_task(manager.leases.run(manager)), "the lease sweep")
        # PostgreSQL: the leases on the reviews computed here, renewed; abandoned ones taken over
        reviewer = _watch(asyncio.create_task(app.state.reviews.run()), "the review sweep") if store.shared else None
        try:
            yield
        finally:
            for task in (reviewer, keeper):
                if task is not None:
                    await stop_task(task)
            await app.state.reviews.close()
            await manager.close()
            if manager.leases is not None:
                await manager.leases.close()  # the others take this process's tables over at once
            if manager.news is not None:
                await manager.news.close()
            store.engine.dispose()

    app = FastAPI(title="Netjer", lifespan=lifespan)
    app.add_middleware(BodyLimit, limit=MAX_BODY_BYTES)
    app.add_middleware(HeadAsGet)  # added last, so it runs first

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, err: RequestValidationError) -> JSONResponse:
        problems = [_problem(e, err.body) for e in err.errors()[:10]]
        return JSONResponse(status_code=422, content={"error": "bad_request", "message": "; ".join(problems)})

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, err: StarletteHTTPException) -> JSONResponse:
        # Routing's own refusals (no such address, a method it does not accept) in the
        # API's error format rather than FastAPI's {"detail": ...}.
        if err.status_code == 404:
            refusal = TableError(404, "not_found", "there is nothing at this address")
        elif err.status_code == 405:
            asked = str(request.scope.get("netjer.method", request.method))
            method = asked if asked.isalpha() and len(asked) <= 10 else "that method"
            refusal = TableError(405, "method_not_allowed", f"this address does not accept {method}")
            allowed = [m.strip() for m in (err.headers or {}).get("Allow", "").split(",") if m.strip()]
            if "GET" in allowed and "HEAD" not in allowed:  # HeadAsGet answers HEAD there too
                return _error(refusal, {**(err.headers or {}), "Allow": ", ".join([*allowed, "HEAD"])})
        else:  # 400: a body FastAPI could not read (not UTF-8, a broken form)
            code = "bad_request" if err.status_code == 400 else "http_error"
            refusal = TableError(err.status_code, code, str(err.detail))
        return _error(refusal, err.headers)

    def manager_of(request: Request | WebSocket) -> TableManager:
        m: TableManager = request.app.state.manager
        return m

    @app.exception_handler(TableError)
    async def _table_error(_request: Request, err: TableError) -> JSONResponse:
        return _error(err)

    @app.exception_handler(RateLimited)
    async def _rate_limited(_request: Request, err: RateLimited) -> JSONResponse:
        return _error(TableError(429, "rate_limited", err.message), {"Retry-After": str(err.retry_after)})

    @app.exception_handler(OperationalError)
    @app.exception_handler(InterfaceError)
    @app.exception_handler(PoolTimeoutError)
    async def _db_down(_request: Request, err: Exception) -> JSONResponse:
        return _error(_db_unavailable(err), {"Retry-After": str(DB_RETRY_SECONDS)})

    @app.get("/api/health")
    async def health_check(request: Request) -> JSONResponse:
        status, report = await health(manager_of(request))
        return JSONResponse(status_code=status, content=report, headers={"Cache-Control": "no-store"})

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        out = []
        for name in game_names():
            cls = game_class(name)
            default = make_game(name)
            out.append(
                {
                    "name": name,
                    "title": cls.title,
                    "players": default.num_players,
                    "seat_names": [default.seat_name(i) for i in range(default.num_players)],
                    "options": cls.option_schema(),
                    "agents": [k for k in known_kinds() if k != "human" and _plays(k, default)],
                    "levels": _levels_by_players(name, cls.option_schema(), default.num_players, max_ai_iterations),
                    "ai_limits": {"max_seconds": max_ai_seconds, "max_iterations": max_ai_iterations},
                }
            )
        return out

    @app.get("/api/games/{name}/rules")
    async def rules(name: str, lang: Annotated[str, Query(max_length=16)] = "en") -> dict[str, Any]:
        """The game's rules texts (:meth:`RulesTexts.as_json`) for the Rules panel and the
        board's hover texts; 404 for an unknown game or language."""
        if name not in game_names():
            raise TableError(404, "no_game", f"there is no game {name!r}; games: {', '.join(game_names())}")
        try:
            texts = make_game(name).rules_texts(lang)
        except NetjerError as err:
            raise TableError(404, "no_rules", str(err)) from None
        return texts.as_json()

    @app.get("/api/i18n")
    async def i18n_languages() -> dict[str, Any]:
        """The languages the tables are translated into (code and name in itself), English first."""
        return {"languages": [{"code": c, "name": i18n.language_name(c)} for c in i18n.languages()]}

    @app.get("/api/i18n/{wanted}")
    async def i18n_catalogue(
        wanted: Annotated[str, PathParam(max_length=200)],
        accept_language: Annotated[str | None, Header(max_length=500)] = None,
    ) -> JSONResponse:
        """The browser's catalogue (:func:`netjer.i18n.as_json`) of the first language that has
        one among ``wanted`` (comma-separated tags, best first: the player's choice, then
        ``navigator.languages``), then the request's ``Accept-Language``, else English."""
        preferred = [w for w in wanted.split(",") if w and w != "auto"][:16]
        language = i18n.negotiate([*preferred, *i18n.parse_accept_language(accept_language)])
        return JSONResponse(i18n.as_json(language), headers={"Cache-Control": "no-cache", "Vary": "Accept-Language"})

    @app.post("/api/tables", status_code=201)
    async def create_table(body: CreateTable, request: Request) -> dict[str, Any]:
        client = request.client.host if request.client else "unknown"
        if create_limiter is not None and (wait := create_limiter.take(client)) > 0:
            rate = f"{create_limiter.per_minute:g} tables a minute"
            raise RateLimited(wait, f"too many new tables from your address (at most {rate}); try again later")
        manager = manager_of(request)
        clock = body.clock.settings() if body.clock is not None else None
        if body.hint_limit is not None and not body.hints:
            raise TableError(422, "bad_table", "hint_limit is for a table that allows hints (set hints: true)")
        seats = [s.model_dump() for s in body.seats]
        creator_key = secrets.token_urlsafe(24)
        rt, tokens = await manager.create(
            body.game, body.options, body.seed, seats, clock, creator_hash=hash_token(creator_key), hints=body.hints,
            hint_limit=body.hint_limit,
        )  # fmt: skip
        log.info(
            "table created",
            extra={"event": "table_created", "table": rt.id, "game": rt.game.name, "client": client,
                   "seats": [s.spec for s in rt.seats]},
        )  # fmt: skip
        return {
            "id": rt.id,
            "tokens": {str(seat): token for seat, token in tokens.items()},
            "links": {str(seat): f"/table/{rt.id}#seat={seat}&token={token}" for seat, token in tokens.items()},
            "creator_key": creator_key,
            "table": _summary(rt, manager),
        }

    @app.delete("/api/tables/{table_id}")
    async def delete_table(
        table_id: str, request: Request, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        await manager_of(request).delete(table_id, _bearer(authorization))
        return {"deleted": table_id}

    @app.post("/api/tables/{table_id}/rematch", status_code=201)
    async def rematch(
        table_id: str,
        body: SeatRequestBody,
        request: Request,
        authorization: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        manager = manager_of(request)
        await manager.authorize(table_id, body.seat, _bearer(authorization))
        creator_key = secrets.token_urlsafe(24)
        rt, seat, token = await manager.offer_rematch(table_id, body.seat, hash_token(creator_key))
        return {
            "id": rt.id,
            "seat": seat,
            "token": token,
            "link": f"/table/{rt.id}#seat={seat}&token={token}",
            "creator_key": creator_key,
            "table": _summary(rt, manager),
        }

    @app.post("/api/tables/{table_id}/rematch/accept")
    async def accept_rematch(
        table_id: str,
        body: SeatRequestBody,
        request: Request,
        authorization: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        manager = manager_of(request)
        await manager.authorize(table_id, body.seat, _bearer(authorization))
        rt, seat, token = await manager.accept_rematch(table_id, body.seat)
        return {"id": rt.id, "seat": seat, "token": token, "link": f"/table/{rt.id}#seat={seat}&token={token}"}

    @app.get("/api/tables")
    async def list_tables(
        request: Request,
        status: Literal["open", "playing", "finished", "all"] = "all",
        ids: Annotated[str | None, Query(max_length=2000)] = None,
    ) -> list[dict[str, Any]]:
        manager = manager_of(request)
        if ids is not None:
            wanted = [i for i in dict.fromkeys(ids.split(",")) if i]
            if len(wanted) > MAX_IDS:
                raise TableError(422, "bad_request", f"ids: at most {MAX_IDS} tables at once")
            found = []
            for table_id in wanted:
                try:
                    found.append(_summary(await manager.get(table_id), manager))
                except TableError:
                    continue  # deleted, or never on this server
                except NetjerError:
                    log.warning("table %s has options this version refuses", table_id)
            return found
        finished = {"finished": True, "playing": False}.get(status)
        rows = await asyncio.to_thread(manager.store.tables, finished=finished, open_seat=status == "open")
        counts = await asyncio.to_thread(manager.store.action_counts, [r.id for r in rows])
        out = []
        for row in rows:
            live = manager.tables.get(row.id)
            if live is not None:
                out.append(_summary(live, manager))
                continue
            try:
                out.append(_row_summary(row, counts.get(row.id, 0)))
            except NetjerError:
                log.warning("table %s has options this version refuses", row.id)
        return out

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, body: JoinRequest, request: Request) -> dict[str, Any]:
        token = await manager_of(request).join(table_id, body.seat, body.name)
        return {"seat": body.seat, "token": token, "link": f"/table/{table_id}#seat={body.seat}&token={token}"}

    @app.get("/api/tables/{table_id}/view")
    async def view(
        table_id: str,
        request: Request,
        seat: int | None = None,
        authorization: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        manager = manager_of(request)
        rt = await manager.authorize(table_id, seat, _bearer(authorization))
        return manager.view(rt, seat)

    @app.post("/api/tables/{table_id}/moves")
    async def move(
        table_id: str, body: MoveRequest, request: Request, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        manager = manager_of(request)
        rt = await manager.authorize(table_id, body.seat, _bearer(authorization))
        try:
            rt = await manager.play(
                table_id, body.seat, body.version, text=body.action, index=body.index, step=body.step
            )
        except TableError as err:
            payload = {"error": err.code, "message": err.message, "rule": err.rule, "view": manager.view(rt, body.seat)}
            return JSONResponse(status_code=err.status, content=payload)  # type: ignore[return-value]
        return manager.view(rt, body.seat)

    @app.post("/api/tables/{table_id}/undo")
    async def undo(
        table_id: str, body: UndoRequest, request: Request, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        """Take back the seat's last decision (409 ``no_undo`` with the reason when the policy
        does not allow it; 422 without a seat)."""
        manager = manager_of(request)
        rt = await manager.get(table_id)
        if body.seat is None:
            raise TableError(422, "bad_request", "say which seat takes back its decision ('seat')")
        manager.check_token(rt, body.seat, _bearer(authorization))
        try:
            rt = await manager.undo(table_id, body.seat, body.version)
        except TableError as err:
            payload = {"error": err.code, "message": err.message, "rule": None, "view": manager.view(rt, body.seat)}
            return JSONResponse(status_code=err.status, content=payload)  # type: ignore[return-value]
        return manager.view(rt, body.seat)

    @app.get("/api/tables/{table_id}/replay")
    async def replay(
        table_id: str,
        request: Request,
        seat: Annotated[int | None, Query()] = None,
        authorization: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        manager = manager_of(request)
        rt = await manager.authorize(table_id, seat, _bearer(authorization))
        return {"table": _summary(rt, manager), "seat": seat, "steps": manager.replay(rt, seat)}

    @app.post("/api/tables/{table_id}/takeback")
    async def take_back(
        table_id: str,
        body: SeatRequestBody,
        request: Request,
        authorization: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        manager = manager_of(request)
        rt = await manager.authorize(table_id, body.seat, _bearer(authorization))
        rt = await manager.take_back(table_id, body.seat)
        return manager.view(rt, body.seat)

    @app.post("/api/tables/{table_id}/chat", status_code=201)
    async def chat(
        table_id: str,
        body: ChatRequest,
        request: Request,
        authorization: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        manager = manager_of(request)
        await manager.authorize(table_id, body.seat, _bearer(authorization))
        client = request.client.host if request.client else "unknown"
        return await manager.say(
            table_id, body.seat, body.text, body.name if body.seat is None else None, sender=f"address:{client}"
        )

    @app.websocket("/ws/tables/{table_id}")
    async def socket(websocket: WebSocket, table_id: str) -> None:
        manager = manager_of(websocket)
        await websocket.accept()
        try:
            rt = await manager.get(table_id)
            raw = await asyncio.wait_for(_receive_text(websocket), timeout=HELLO_SECONDS)
            hello = WsHello.model_validate_json(raw)
            manager.check_token(rt, hello.seat, hello.token)
        except TableError as err:
            await _refuse(websocket, {"type": "error", "error": err.code, "message": err.message}, 4000 + err.status)
            return
        except (ValidationError, ValueError, RecursionError, TimeoutError):
            await _refuse(websocket, {"type": "error", "error": "bad_request", "message": HELLO_HELP}, 4422)
            return
        except DB_UNAVAILABLE as err:
            error = _db_unavailable(err)
            await _refuse(websocket, {"type": "error", "error": error.code, "message": error.message}, 4503)
            return
        except CLIENT_GONE:
            return
        seat = hello.seat
        # Views go out from this connection's own sender task: a client that reads slowly
        # delays only itself (it gets the latest view when it catches up), and one that
        # stops reading is closed after SEND_SECONDS, never holding up the table.  Moves are
        # read here until the client leaves.  Every way out observes the sender's end (see
        # _watch), so no task error goes unretrieved and none is left pending.
        changed = asyncio.Event()
        changed.set()
        sent = 0
        chatted = 0

        async def sender() -> None:
            nonlocal sent, chatted
            try:
                while True:
                    await changed.wait()
                    changed.clear()
                    if rt.deleted:
                        gone = {"type": "error", "error": "deleted", "message": "the table was deleted by its creator"}
                        await asyncio.wait_for(websocket.send_json(gone), timeout=SEND_SECONDS)
                        await _close_quietly(websocket, 4404)
                        return
                    message = manager.view(rt, seat, log_from=sent, chat_from=chatted)
                    await asyncio.wait_for(websocket.send_json(message), timeout=SEND_SECONDS)
                    sent += len(message["log"])
                    chatted += len(message["chat"])
            except CLIENT_GONE:
                # Gone, or not reading: closing makes the read below end too.
                await _close_quietly(websocket)

        async def push(_runtime: TableRuntime) -> None:
            changed.set()

        async def reply(message: dict[str, Any]) -> None:
            await asyncio.wait_for(websocket.send_json(message), timeout=SEND_SECONDS)

        manager.subscribe(rt, seat, push)
        sending = _watch(asyncio.create_task(sender()), f"views of table {table_id}")
        try:
            while not sending.done():
                kind: Any = None
                try:
                    data = json.loads(await _receive_text(websocket))
                    kind = data.get("type") if isinstance(data, dict) else None
                    if kind == "ping":
                        await reply({"type": "pong"})
                        continue
                    if kind not in WS_TYPES:
                        raise TableError(422, "bad_request", f"unknown message type: send one of {', '.join(WS_TYPES)}")
                    if kind == "chat":
                        said = WsChat.model_validate(data)
                        name = said.name if seat is None else None
                        await manager.say(table_id, seat, said.text, name, sender=f"connection:{id(websocket)}")
                        continue
                    if seat is None:
                        raise TableError(403, "spectator", "spectators cannot move")
                    if kind == "takeback":
                        WsTakeBack.model_validate(data)
                        await manager.take_back(table_id, seat)
                        continue
                    if kind == "undo":
                        await manager.undo(table_id, seat, UndoRequest.model_validate(data).version)
                        continue
                    msg = WsMove.model_validate(data)
                    await manager.play(table_id, seat, msg.version, text=msg.action, index=msg.index, step=msg.step)
                except TableError as err:
                    await reply({"type": "error", "error": err.code, "message": err.message, "rule": err.rule})
                    changed.set()  # the current view follows an error
                except RateLimited as err:
                    limited = {"type": "error", "error": "rate_limited", "message": err.message, "rule": None}
                    await reply({**limited, "retry_after": err.retry_after})
                except ValidationError as err:
                    help_text = MOVE_HELP
                    if kind == "chat":
                        help_text = "; ".join(_problem(e, None) for e in err.errors()[:3])
                    elif kind == "undo":
                        help_text = UNDO_HELP
                    await reply({"type": "error", "error": "bad_request", "message": help_text})
                except (ValueError, RecursionError):
                    await reply({"type": "error", "error": "bad_request", "message": MOVE_HELP})
                except DB_UNAVAILABLE as err:
                    error = _db_unavailable(err)
                    await reply({"type": "error", "error": error.code, "message": error.message, "rule": None})
                    changed.set()
        except CLIENT_GONE:
            pass
        finally:
            manager.unsubscribe(rt, seat, push)
            # Wait for it to end: a sender cancelled but never run again is "destroyed but
            # pending" when the server stops soon after (seen under load).
            await stop_task(sending)

    @app.websocket("/ws/echo")
    async def echo(websocket: WebSocket) -> None:
        """Send every message back (the reference round-trip of benchmarks/server_load.py)."""
        await websocket.accept()
        with contextlib.suppress(*CLIENT_GONE):
            while True:
                await websocket.send_text(await websocket.receive_text())

    add_review_routes(app, manager_of)

    if (WEB / "static").is_dir():
        app.mount("/static", StaticFiles(directory=WEB / "static"), name="static")

    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(WEB / "index.html")

    @app.get("/table/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(WEB / "table.html")

    return app
