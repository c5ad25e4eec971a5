"""Moderation's routes: a signed-in player's mutes and blocks, and chat lines reported
(the rules: :mod:`netjer.server.moderation`).

=================================================  ===========================================
``GET    /api/account/marks``                      ``{"mute": [...], "block": [...]}``: each
                                                   ``{"id", "name"}`` (name null: deleted)
``PUT    /api/account/marks/{kind}``               ``{"name"}``, or ``{"table", "seat"}`` (the
                                                   account holding that seat): mute or block
``DELETE /api/account/marks/{kind}/{account}``     lift it
``POST   /api/tables/{id}/chat/{line}/report``     report chat line ``line`` (its ``id``)
=================================================  ===========================================

Every one needs a signed-in player (401 ``signed_out`` for a guest).  The operator reads the
reports with ``netjer reports`` (docs/deploy.md).
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, StringConstraints

from netjer.i18n import N_
from netjer.server.accounts.service import Session, name_key
from netjer.server.moderation import line_account
from netjer.server.routes.common import Manager, MaybeSignedIn
from netjer.server.runtime import TableError

router = APIRouter()


class MarkRequest(BaseModel):
    """Whom to mute or block: an account's ``name``, or the account holding ``seat`` at ``table``."""

    model_config = ConfigDict(extra="forbid")
    name: Annotated[str, StringConstraints(min_length=1, max_length=40)] | None = None
    table: Annotated[str, StringConstraints(min_length=1, max_length=32)] | None = None
    seat: int | None = None


def _need(session: Session | None) -> Session:
    if session is None:
        raise TableError(401, "signed_out", N_("sign in first"))
    return session


async def _marks(manager: Manager, account: int) -> dict[str, Any]:
    marks = await asyncio.to_thread(manager.store.marks, account)
    return {kind: [{"id": o, "name": n} for k, o, n in marks if k == kind] for kind in ("mute", "block")}


@router.get("/api/account/marks")
async def marks(manager: Manager, session: MaybeSignedIn) -> dict[str, Any]:
    """The players the signed-in player mutes and blocks, oldest first."""
    return await _marks(manager, _need(session).account)


@router.put("/api/account/marks/{kind}")
async def mark(kind: str, body: MarkRequest, manager: Manager, session: MaybeSignedIn) -> dict[str, Any]:
    """Mute or block a player, named or by the seat they hold; the marks as they are now.

    Raises:
        TableError: 401 ``signed_out``, 422 ``bad_mark`` (no one named, a guest's seat, or
            oneself), 404 ``no_player`` (no such account), 404 for an unknown table or seat.
    """
    me = _need(session).account
    if body.name is not None:
        found = await asyncio.to_thread(manager.store.account_named, name_key(body.name))
        if found is None:
            raise TableError(404, "no_player", N_("there is no player of that name"))
        other = found.id
    elif body.table is not None and body.seat is not None:
        rt = await manager.get(body.table)
        if not 0 <= body.seat < len(rt.seats):
            raise TableError(404, "no_seat", N_("table {table} has no seat {seat}"), table=rt.id, seat=body.seat)
        held = rt.seats[body.seat].account
        if held is None:
            raise TableError(
                422, "bad_mark", N_("that seat is a guest's: only signed-in players can be muted or blocked")
            )
        other = held
    else:
        raise TableError(422, "bad_mark", N_("say whom: a 'name', or a 'table' and a 'seat'"))
    await manager.moderation.mark(me, other, kind, on=True)
    return await _marks(manager, me)


@router.delete("/api/account/marks/{kind}/{account}")
async def unmark(kind: str, account: int, manager: Manager, session: MaybeSignedIn) -> dict[str, Any]:
    """Lift a mute or a block; the marks as they are now."""
    me = _need(session).account
    await manager.moderation.mark(me, account, kind, on=False)
    return await _marks(manager, me)


@router.post("/api/tables/{table_id}/chat/{line}/report", status_code=201)
async def report(table_id: str, line: int, manager: Manager, session: MaybeSignedIn) -> dict[str, Any]:
    """Report chat line ``line`` of the table to the operator: stored with its text and
    author as they are now, the reporter and the time.

    Raises:
        TableError: 401 ``signed_out``, 404 ``no_line`` (no such line at the table).
    """
    me = _need(session).account
    rt = await manager.get(table_id)
    entry = next((e for e in rt.chat if e.get("id") == line), None)
    if entry is None:
        raise TableError(404, "no_line", N_("table {table} has no chat line {line}"), table=table_id, line=line)
    report_id = await asyncio.to_thread(
        manager.store.add_report, rt.id, line, entry.get("seat"), entry.get("name"), line_account(rt, entry),
        str(entry.get("text", "")), me,
    )  # fmt: skip
    return {"id": report_id}
