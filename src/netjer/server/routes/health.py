"""Health and latency: ``GET /api/health`` for a load balancer (:mod:`netjer.server.health`)
and ``/ws/echo``, the reference round-trip of ``benchmarks/server_load.py``."""

from __future__ import annotations

import contextlib

from fastapi import APIRouter, WebSocket
from fastapi.responses import JSONResponse

from netjer.server.health import health
from netjer.server.routes.common import Manager, request_language
from netjer.server.sockets import CLIENT_GONE, BinaryMessage, receive_text, refuse_binary

router = APIRouter()


@router.get("/api/health")
async def health_check(manager: Manager) -> JSONResponse:
    """200 when the database and the AI pool are fine, 503 otherwise, with the report."""
    status, report = await health(manager)
    return JSONResponse(status_code=status, content=report, headers={"Cache-Control": "no-store"})


@router.websocket("/ws/echo")
async def echo(websocket: WebSocket) -> None:
    """Send every text message back (the reference round-trip of benchmarks/server_load.py);
    a binary one is refused (close code 1003)."""
    await websocket.accept()
    with contextlib.suppress(*CLIENT_GONE):
        while True:
            try:
                text = await receive_text(websocket)
            except BinaryMessage:
                await refuse_binary(websocket, request_language(websocket))
                return
            await websocket.send_text(text)
