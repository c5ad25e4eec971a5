"""Health and latency: ``GET /api/health`` for a load balancer (:mod:`netjer.server.health`)
and ``/ws/echo``, the reference round-trip of ``benchmarks/server_load.py``."""

from __future__ import annotations

import contextlib

from fastapi import APIRouter, WebSocket
from fastapi.responses import JSONResponse

from netjer.server.health import health
from netjer.server.routes.common import Manager
from netjer.server.sockets import CLIENT_GONE

router = APIRouter()


@router.get("/api/health")
async def health_check(manager: Manager) -> JSONResponse:
    """200 when the database and the AI pool are fine, 503 otherwise, with the report."""
    status, report = await health(manager)
    return JSONResponse(status_code=status, content=report, headers={"Cache-Control": "no-store"})


@router.websocket("/ws/echo")
async def echo(websocket: WebSocket) -> None:
    """Send every message back (the reference round-trip of benchmarks/server_load.py)."""
    await websocket.accept()
    with contextlib.suppress(*CLIENT_GONE):
        while True:
            await websocket.send_text(await websocket.receive_text())
