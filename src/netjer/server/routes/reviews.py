"""A finished game's reviews and a seat's hints (:class:`~netjer.server.reviews.ReviewService`):
ask for a review, read the ones one may see, publish one's own, ask for a hint, and a
WebSocket pushing the reviews as they progress."""

from __future__ import annotations

import asyncio
import logging
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, WebSocket
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from netjer.server import sockets
from netjer.server.routes.common import Manager, Reviews, Token, error_body, manager_of, request_language, reviews_of
from netjer.server.runtime import TableError
from netjer.server.sockets import (
    CLIENT_GONE,
    HELLO_HELP,
    SEND_SECONDS,
    close_quietly,
    malformed,
    receive_text,
    refuse,
    refuse_binary,
    stop_task,
)

log = logging.getLogger("netjer.server")

router = APIRouter()


class ReviewRequest(BaseModel):
    """Review ``seat``'s decisions with ``iterations`` per search (default 200, capped) and,
    optionally, playouts cut after ``depth`` actions (Ankh and Dioses del Nilo)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    seat: int
    iterations: int | None = Field(None, ge=1)
    depth: int | None = Field(None, ge=1, le=1000)


class PublishRequest(BaseModel):
    """Publish ``seat``'s review."""

    model_config = ConfigDict(extra="forbid", strict=True)
    seat: int


class HintRequest(BaseModel):
    """A hint for ``seat`` with ``iterations`` (default 300, capped)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    seat: int
    iterations: int | None = Field(None, ge=1)


class ReviewHello(BaseModel):
    """The review WebSocket's first message."""

    model_config = ConfigDict(extra="forbid", strict=True)
    type: Literal["hello"]
    seat: int | None = None
    token: Annotated[str, StringConstraints(max_length=200)] | None = None


@router.post("/api/tables/{table_id}/reviews")
async def request_review(
    table_id: str, body: ReviewRequest, manager: Manager, service: Reviews, token: Token
) -> JSONResponse:
    """Start (or return) ``seat``'s review: 200 when done, 202 while it runs."""
    rt = await manager.authorize(table_id, body.seat, token)
    entry = await service.request(rt, body.seat, body.iterations, body.depth)
    return JSONResponse(status_code=200 if entry["status"] == "done" else 202, content=entry)


@router.get("/api/tables/{table_id}/reviews")
async def reviews(
    table_id: str, manager: Manager, service: Reviews, token: Token, seat: Annotated[int | None, Query()] = None
) -> dict[str, Any]:
    """The reviews ``seat`` (or a spectator) may see."""
    rt = await manager.authorize(table_id, seat, token)
    return await service.visible(rt, seat)


@router.post("/api/tables/{table_id}/reviews/publish")
async def publish(
    table_id: str, body: PublishRequest, manager: Manager, service: Reviews, token: Token
) -> dict[str, Any]:
    """Publish ``seat``'s review to the others; the reviews it may see."""
    rt = await manager.authorize(table_id, body.seat, token)
    await service.publish(rt, body.seat)
    return await service.visible(rt, body.seat)


@router.post("/api/tables/{table_id}/hint")
async def hint(table_id: str, body: HintRequest, manager: Manager, service: Reviews, token: Token) -> dict[str, Any]:
    """A hint for ``seat``'s current decision."""
    rt = await manager.authorize(table_id, body.seat, token)
    return await service.hint(rt, body.seat, body.iterations)


@router.websocket("/ws/tables/{table_id}/reviews")
async def review_socket(websocket: WebSocket, table_id: str) -> None:
    """A hello, then the reviews one may see after every change."""
    await websocket.accept()
    manager = manager_of(websocket)
    try:
        rt = await manager.get(table_id)
        raw = await asyncio.wait_for(receive_text(websocket), timeout=sockets.HELLO_SECONDS)
        hello = ReviewHello.model_validate_json(raw)
        manager.check_token(rt, hello.seat, hello.token)
    except TableError as err:
        await refuse(websocket, {"type": "error", **error_body(err, request_language(websocket))}, 4000 + err.status)
        return
    except (ValidationError, ValueError, KeyError, RecursionError, TimeoutError):
        await refuse(websocket, malformed(HELLO_HELP, request_language(websocket)), 4422)
        return
    except CLIENT_GONE:
        return
    reviews_service = reviews_of(websocket)
    changed = asyncio.Event()
    changed.set()

    async def sender() -> None:
        try:
            while True:
                await changed.wait()
                changed.clear()
                payload = await reviews_service.visible(rt, hello.seat)
                await asyncio.wait_for(websocket.send_json({"type": "reviews", **payload}), timeout=SEND_SECONDS)
        except CLIENT_GONE:
            await close_quietly(websocket)

    await reviews_service.listen(table_id, changed)
    sending = asyncio.create_task(sender())
    try:
        while not sending.done():
            incoming = await websocket.receive()
            if incoming["type"] == "websocket.disconnect":
                break
            if incoming.get("text") is None:  # nothing is read here, but JSON text is the protocol
                await refuse_binary(websocket, request_language(websocket))
                break
    except CLIENT_GONE:
        pass  # the client left: nothing to answer; the finally below stops its updates
    finally:
        reviews_service.unlisten(table_id, changed)
        await stop_task(sending)
        if not sending.cancelled() and sending.exception() is not None:
            log.error("review updates of table %s failed", table_id, exc_info=sending.exception())
