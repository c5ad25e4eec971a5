"""Rematches: a seat of a finished table offers one (same game, options, clock and seats,
seat order rotated), the other persons accept their seats at it."""

from __future__ import annotations

import secrets
from typing import Any

from fastapi import APIRouter

from netjer.server.db import hash_token
from netjer.server.routes.common import Manager, RematchService, Token, seat_link, summary
from netjer.server.routes.models import SeatRequestBody

router = APIRouter()


@router.post("/api/tables/{table_id}/rematch", status_code=201)
async def rematch(
    table_id: str, body: SeatRequestBody, manager: Manager, rematches: RematchService, token: Token
) -> dict[str, Any]:
    """Offer a rematch of a finished table: the new table, its creator key and this person's
    new seat with its token and link."""
    await manager.authorize(table_id, body.seat, token)
    creator_key = secrets.token_urlsafe(24)
    rt, seat, new_token = await rematches.offer(table_id, body.seat, hash_token(creator_key))
    return {
        "id": rt.id,
        "seat": seat,
        "token": new_token,
        "link": seat_link(rt.id, seat, new_token),
        "creator_key": creator_key,
        "table": summary(rt, manager),
    }


@router.post("/api/tables/{table_id}/rematch/accept")
async def accept_rematch(
    table_id: str, body: SeatRequestBody, manager: Manager, rematches: RematchService, token: Token
) -> dict[str, Any]:
    """Take one's seat at the rematch offered: the new seat, its token and link."""
    await manager.authorize(table_id, body.seat, token)
    rt, seat, new_token = await rematches.accept(table_id, body.seat)
    return {"id": rt.id, "seat": seat, "token": new_token, "link": seat_link(rt.id, seat, new_token)}
