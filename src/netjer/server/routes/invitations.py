"""Invitations to seats (:mod:`netjer.server.invitations`): the creator shows them again,
renews or revokes them; whoever opens a link first claims the seat.

==================================================  ==========================================
``GET    /api/tables/{id}/invitations``            the unclaimed invitations' links by seat
                                                   (the creator key, or the creator signed in)
``POST   /api/tables/{id}/invitations/{seat}``     a new link for a waiting seat (the old one
                                                   is refused from then on)
``DELETE /api/tables/{id}/invitations/{seat}``     revoke the seat's invitation
``POST   /api/tables/{id}/claim``                  ``{"seat", "code", "name"?}``: claim the
                                                   seat; its token and link (a signed-in player:
                                                   the seat is the account's)
``GET    /invite/{id}``                            the invitation's page (seat and code in the
                                                   address's fragment)
==================================================  ==========================================
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter
from fastapi.responses import FileResponse
from pydantic import BaseModel, ConfigDict, StrictInt, StringConstraints

from netjer.server.routes.common import InvitationService, Token, seat_link
from netjer.server.routes.models import NameStr
from netjer.server.routes.pages import WEB

router = APIRouter()


class ClaimRequest(BaseModel):
    """An invited seat, the invitation's code, and the player's name (optional)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    seat: StrictInt
    code: Annotated[str, StringConstraints(min_length=1, max_length=64)]
    name: NameStr | None = None


@router.get("/api/tables/{table_id}/invitations")
async def invitations(table_id: str, invites: InvitationService, token: Token) -> dict[str, Any]:
    """The table's unclaimed invitations, for its creator: ``{"invitations": {seat: link}}``."""
    rt = await invites.creators_table(table_id, token)
    return {"invitations": {str(seat): link for seat, link in (await invites.links(rt)).items()}}


@router.post("/api/tables/{table_id}/invitations/{seat}", status_code=201)
async def renew(table_id: str, seat: int, invites: InvitationService, token: Token) -> dict[str, Any]:
    """A new invitation to a seat still waiting (the old link is refused from now on)."""
    rt = await invites.creators_table(table_id, token)
    return {"seat": seat, "link": await invites.renew(rt, seat)}


@router.delete("/api/tables/{table_id}/invitations/{seat}")
async def revoke(table_id: str, seat: int, invites: InvitationService, token: Token) -> dict[str, Any]:
    """Revoke a seat's invitation."""
    rt = await invites.creators_table(table_id, token)
    await invites.revoke(rt, seat)
    return {"revoked": seat}


@router.post("/api/tables/{table_id}/claim")
async def claim(table_id: str, body: ClaimRequest, invites: InvitationService, token: Token) -> dict[str, Any]:
    """Claim an invited seat: its token and link, for this browser only."""
    new_token = await invites.claim(table_id, body.seat, body.code, body.name, token)
    return {"seat": body.seat, "token": new_token, "link": seat_link(table_id, body.seat, new_token)}


@router.get("/invite/{table_id}", include_in_schema=False)
async def invite_page(table_id: str) -> FileResponse:
    """The page that claims an invitation and opens the seat."""
    return FileResponse(WEB / "invite.html")
