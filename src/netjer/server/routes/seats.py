"""A seat's routes: its view, its moves, undo, taking the seat back from the computer, the
replay, and the table's WebSocket (views pushed after every change; moves, undo, take-back
and chat received).  A seat only ever receives ``observation(seat)``."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, WebSocket
from fastapi.responses import JSONResponse
from pydantic import ValidationError

from netjer import i18n
from netjer.i18n import N_, join_list
from netjer.i18n_sentences import Sentence, one_after_another
from netjer.server import sockets
from netjer.server.accounts.identity import account_of
from netjer.server.limits import RateLimited
from netjer.server.moderation import without_muted
from netjer.server.routes.common import (
    DB_UNAVAILABLE,
    Manager,
    Token,
    chat_of,
    db_unavailable,
    error_body,
    manager_of,
    request_language,
    socket_identity,
    summary,
)
from netjer.server.routes.errors import problem
from netjer.server.routes.models import (
    MoveRequest,
    SeatRequestBody,
    UndoRequest,
    WsChat,
    WsHello,
    WsMove,
    WsTakeBack,
)
from netjer.server.runtime import TableError, TableRuntime
from netjer.server.seat_views import presence
from netjer.server.seat_views import replay as replay_steps
from netjer.server.sockets import (
    CLIENT_GONE,
    HELLO_HELP,
    SEND_SECONDS,
    BinaryMessage,
    close_quietly,
    malformed,
    receive_text,
    refuse,
    refuse_binary,
    stop_task,
    watch,
)

#: What a malformed WebSocket move is told (the protocol's notation shown as it is).
MOVE_HELP = Sentence(
    N_("send {move}, or {index} instead of {action}"),
    move='{"type": "move", "version": N, "action": "..."}',
    index='"index": N',
    action='"action"',
)
#: What a malformed WebSocket undo is told.
UNDO_HELP = Sentence(N_("send {undo}, with N the version of the view you saw"), undo='{"type": "undo", "version": N}')
#: What the pages open at a table are told when its creator deletes it.
DELETED = N_("the table was deleted by its creator")
#: The messages a seat may send after its hello.
WS_TYPES = ("move", "takeback", "undo", "chat", "ping")

router = APIRouter()


@router.get("/api/tables/{table_id}/view")
async def view(table_id: str, manager: Manager, token: Token, seat: int | None = None) -> dict[str, Any]:
    """Seat ``seat``'s view (its token required); without ``seat``: the spectators' view;
    a signed-in player's view leaves out the lines of the players they mute."""
    rt = await manager.authorize(table_id, seat, token)
    muted = await manager.moderation.load_mutes(account_of(token))
    return without_muted(rt, manager.view(rt, seat), muted)


@router.post("/api/tables/{table_id}/moves")
async def move(table_id: str, body: MoveRequest, request: Request, manager: Manager, token: Token) -> dict[str, Any]:
    """Play a move; the seat's view, or the refusal with the view."""
    rt = await manager.authorize(table_id, body.seat, token)
    try:
        rt = await manager.play(table_id, body.seat, body.version, text=body.action, index=body.index, step=body.step)
    except TableError as err:
        payload = {**error_body(err, request_language(request)), "view": manager.view(rt, body.seat)}
        return JSONResponse(status_code=err.status, content=payload)  # type: ignore[return-value]
    return manager.view(rt, body.seat)


@router.post("/api/tables/{table_id}/undo")
async def undo(table_id: str, body: UndoRequest, request: Request, manager: Manager, token: Token) -> dict[str, Any]:
    """Take back the seat's last decision (409 ``no_undo`` with the reason when the policy
    does not allow it; 422 without a seat)."""
    rt = await manager.get(table_id)
    if body.seat is None:
        raise TableError(422, "bad_request", N_("say which seat takes back its decision ('seat')"))
    manager.check_token(rt, body.seat, token)
    try:
        rt = await manager.undo(table_id, body.seat, body.version)
    except TableError as err:
        payload = {**error_body(err, request_language(request)), "rule": None, "view": manager.view(rt, body.seat)}
        return JSONResponse(status_code=err.status, content=payload)  # type: ignore[return-value]
    return manager.view(rt, body.seat)


@router.get("/api/tables/{table_id}/replay")
async def replay(
    table_id: str, manager: Manager, token: Token, seat: Annotated[int | None, Query()] = None
) -> dict[str, Any]:
    """Every step as ``seat`` (or a spectator) saw it, undos included."""
    rt = await manager.authorize(table_id, seat, token)
    return {"table": summary(rt, manager), "seat": seat, "steps": replay_steps(rt, seat)}


@router.post("/api/tables/{table_id}/takeback")
async def take_back(table_id: str, body: SeatRequestBody, manager: Manager, token: Token) -> dict[str, Any]:
    """The person takes the seat back from the computer that plays it since its time ran out."""
    await manager.authorize(table_id, body.seat, token)
    rt = await manager.clocks.take_back(table_id, body.seat)
    return manager.view(rt, body.seat)


@router.websocket("/ws/tables/{table_id}")
async def socket(websocket: WebSocket, table_id: str) -> None:
    """A seat's (or a spectator's) connection: a hello, then views out and messages in."""
    manager = manager_of(websocket)
    await websocket.accept()
    try:
        rt = await manager.get(table_id)
        raw = await asyncio.wait_for(receive_text(websocket), timeout=sockets.HELLO_SECONDS)
        hello = WsHello.model_validate_json(raw)
        identity = await socket_identity(websocket)
        manager.check_token(rt, hello.seat, hello.token or identity)
        me = account_of(identity)  # the signed-in player of this page: their mutes apply
        await manager.moderation.load_mutes(me)
    except TableError as err:
        await refuse(websocket, {"type": "error", **error_body(err, request_language(websocket))}, 4000 + err.status)
        return
    except (ValidationError, ValueError, RecursionError, TimeoutError):
        await refuse(websocket, malformed(HELLO_HELP, request_language(websocket)), 4422)
        return
    except DB_UNAVAILABLE as err:
        error = db_unavailable(err)
        await refuse(websocket, {"type": "error", **error_body(error, request_language(websocket))}, 4503)
        return
    except CLIENT_GONE:
        return
    seat = hello.seat
    # Views go out from this connection's own sender task: a client that reads slowly
    # delays only itself (it gets the latest view when it catches up), and one that
    # stops reading is closed after SEND_SECONDS, never holding up the table.  Moves are
    # read here until the client leaves.  Every way out observes the sender's end (see
    # watch), so no task error goes unretrieved and none is left pending.
    changed = asyncio.Event()
    changed.set()
    sent = 0
    chatted = 0
    # What is due: a whole view (the table changed), or only who is here (someone came or
    # went: a small "presence" message, for a hello that asked).
    full = True
    presence_due = False

    async def sender() -> None:
        nonlocal sent, chatted, full, presence_due
        try:
            while True:
                await changed.wait()
                changed.clear()
                if rt.deleted:
                    # The news: every page open at the table ends its controls and clocks.
                    told = i18n.gettext(DELETED, request_language(websocket))
                    gone = {"type": "error", "error": "deleted", "message": told}
                    await asyncio.wait_for(websocket.send_json(gone), timeout=SEND_SECONDS)
                    await close_quietly(websocket, 4404)
                    return
                if not full:
                    if presence_due:
                        presence_due = False
                        update = {"type": "presence", "presence": presence(rt)}
                        await asyncio.wait_for(websocket.send_json(update), timeout=SEND_SECONDS)
                    continue
                full = presence_due = False
                message = manager.view(rt, seat, log_from=sent, chat_from=chatted)
                sent += len(message["log"])
                chatted += len(message["chat"])
                message = without_muted(rt, message, manager.moderation.mutes(me))
                await asyncio.wait_for(websocket.send_json(message), timeout=SEND_SECONDS)
        except CLIENT_GONE:
            # Gone, or not reading: closing makes the read below end too.
            await close_quietly(websocket)

    async def push(_runtime: TableRuntime) -> None:
        nonlocal full
        full = True
        changed.set()

    async def push_presence(_runtime: TableRuntime) -> None:
        nonlocal presence_due
        presence_due = True
        changed.set()

    async def reply(message: dict[str, Any]) -> None:
        await asyncio.wait_for(websocket.send_json(message), timeout=SEND_SECONDS)

    manager.subscribe(rt, seat, push)
    if hello.presence:
        rt.presence_listeners.add(push_presence)
    await manager.presence_changed(rt)  # the pages that asked see who arrived
    sending = watch(asyncio.create_task(sender()), f"views of table {table_id}")
    try:
        if seat is not None:
            try:
                await manager.endings.arrive(rt, seat)  # an adjourned game resumes when all are back
            except DB_UNAVAILABLE as err:
                db_unavailable(err)  # logged; the next arrival or request resumes it
        while not sending.done():
            kind: Any = None
            try:
                data = json.loads(await receive_text(websocket))
                kind = data.get("type") if isinstance(data, dict) else None
                if kind == "ping":
                    await reply({"type": "pong"})
                    continue
                if kind not in WS_TYPES:
                    raise TableError(
                        422, "bad_request", N_("unknown message type: send one of {types}"), types=join_list(WS_TYPES)
                    )
                if kind == "chat":
                    said = WsChat.model_validate(data)
                    name = said.name if seat is None else None
                    await chat_of(websocket).say(
                        table_id, seat, said.text, name, sender=f"connection:{id(websocket)}", account=me
                    )
                    continue
                if seat is None:
                    raise TableError(403, "spectator", N_("spectators cannot move"))
                if kind == "takeback":
                    WsTakeBack.model_validate(data)
                    await manager.clocks.take_back(table_id, seat)
                    continue
                if kind == "undo":
                    await manager.undo(table_id, seat, UndoRequest.model_validate(data).version)
                    continue
                msg = WsMove.model_validate(data)
                await manager.play(table_id, seat, msg.version, text=msg.action, index=msg.index, step=msg.step)
            except TableError as err:
                await reply({"type": "error", **error_body(err, request_language(websocket))})
                full = True
                changed.set()  # the current view follows an error
            except RateLimited as err:
                refusal = TableError(429, "rate_limited", err.message_id, **err.params)
                limited = {"type": "error", **error_body(refusal, request_language(websocket))}
                await reply({**limited, "retry_after": err.retry_after})
            except ValidationError as err:
                help_text = MOVE_HELP
                if kind == "chat":
                    help_text = one_after_another([problem(e, None) for e in err.errors()[:3]])
                elif kind == "undo":
                    help_text = UNDO_HELP
                await reply(malformed(help_text, request_language(websocket)))
            except BinaryMessage:
                await refuse_binary(websocket, request_language(websocket))
                break
            except (ValueError, RecursionError):
                await reply(malformed(MOVE_HELP, request_language(websocket)))
            except DB_UNAVAILABLE as err:
                error = db_unavailable(err)
                await reply({"type": "error", **error_body(error, request_language(websocket))})
                full = True
                changed.set()
    except CLIENT_GONE:
        pass
    finally:
        manager.unsubscribe(rt, seat, push)
        rt.presence_listeners.discard(push_presence)
        # The pages that asked see who left, and the other processes are told even when this
        # handler is cancelled as its page closes (a test client's close cancels it; under
        # load the row of a page gone stayed "connected" until the process stopped).
        with contextlib.suppress(Exception):
            await asyncio.shield(manager.presence_changed(rt))
        # Wait for it to end: a sender cancelled but never run again is "destroyed but
        # pending" when the server stops soon after (seen under load).
    await stop_task(sending)
