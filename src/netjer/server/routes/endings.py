"""Endings besides the rules' victory (:mod:`netjer.server.endings`): a seat resigns, aborts
the game before every seat has made a decision, offers a draw or proposes to adjourn, and
answers the others' offer.  Each answers with the seat's view."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from netjer.server.routes.common import Manager, Token
from netjer.server.routes.models import AnswerRequest, OfferRequest, SeatRequestBody

router = APIRouter()


@router.post("/api/tables/{table_id}/resign")
async def resign(table_id: str, body: SeatRequestBody, manager: Manager, token: Token) -> dict[str, Any]:
    """The seat resigns: it loses, the others win (409 ``over`` after the end)."""
    await manager.authorize(table_id, body.seat, token)
    rt = await manager.endings.resign(table_id, body.seat)
    return manager.view(rt, body.seat)


@router.post("/api/tables/{table_id}/abort")
async def abort(table_id: str, body: SeatRequestBody, manager: Manager, token: Token) -> dict[str, Any]:
    """The seat aborts the game: no result (409 ``too_late`` once every seat has decided)."""
    await manager.authorize(table_id, body.seat, token)
    rt = await manager.endings.abort(table_id, body.seat)
    return manager.view(rt, body.seat)


@router.post("/api/tables/{table_id}/offer")
async def offer(table_id: str, body: OfferRequest, manager: Manager, token: Token) -> dict[str, Any]:
    """The seat offers a draw or proposes to adjourn (409 ``no_draw``, ``no_clock``, ``offered``)."""
    await manager.authorize(table_id, body.seat, token)
    rt = await manager.endings.offer(table_id, body.seat, body.kind)
    return manager.view(rt, body.seat)


@router.post("/api/tables/{table_id}/answer")
async def answer(table_id: str, body: AnswerRequest, manager: Manager, token: Token) -> dict[str, Any]:
    """The seat accepts or declines the offer standing (409 ``no_offer`` if none stands)."""
    await manager.authorize(table_id, body.seat, token)
    rt = await manager.endings.answer(table_id, body.seat, body.accept)
    return manager.view(rt, body.seat)
