"""The table's chat over REST (``POST /api/tables/{id}/chat``); over the WebSocket it is a
``chat`` message (:mod:`netjer.server.routes.seats`)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from netjer.server.accounts.identity import account_of
from netjer.server.routes.common import ChatRoom, Manager, Token
from netjer.server.routes.models import ChatRequest

router = APIRouter()


@router.post("/api/tables/{table_id}/chat", status_code=201)
async def post_chat(
    table_id: str, body: ChatRequest, request: Request, manager: Manager, chat: ChatRoom, token: Token
) -> dict[str, Any]:
    """A chat message from a seat (with its token) or a spectator (``seat`` null, maybe a
    ``name``); rate-limited per seat or per client address (429)."""
    await manager.authorize(table_id, body.seat, token)
    client = request.client.host if request.client else "unknown"
    return await chat.say(
        table_id,
        body.seat,
        body.text,
        body.name if body.seat is None else None,
        sender=f"address:{client}",
        account=account_of(token),
    )
