"""Following tables and players, and the notices due to a page (the rules:
:mod:`netjer.server.follows`).

=====================================================  =======================================
``GET    /api/account/follows``                        ``{"tables": [{"id", "title",
                                                       "finished"}], "players": [{"id",
                                                       "name"}]}``
``PUT    /api/account/follows``                        ``{"table"}`` or ``{"name"}``: follow
                                                       it; what is followed now
``DELETE /api/account/follows/{kind}/{target}``        unfollow (``table``: its id;
                                                       ``player``: the account's id)
``GET    /api/notices?tables=a,b``                     the notices due now: the signed-in
                                                       player's follows, and ``tables`` (a
                                                       guest browser's own follows)
=====================================================  =======================================

The follows need a signed-in player (401 ``signed_out`` for a guest); the notices do not.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, ConfigDict, StringConstraints

from netjer.i18n import N_
from netjer.server.accounts.service import Session
from netjer.server.follows import MAX_NOTICE_TABLES, Follows
from netjer.server.routes.common import MaybeSignedIn
from netjer.server.runtime import TableError

router = APIRouter()


class FollowRequest(BaseModel):
    """What to follow: a ``table`` (its id) or a player (their account's ``name``)."""

    model_config = ConfigDict(extra="forbid")
    table: Annotated[str, StringConstraints(min_length=1, max_length=32)] | None = None
    name: Annotated[str, StringConstraints(min_length=1, max_length=40)] | None = None


def follows_of(request: Request) -> Follows:
    """The application's :class:`~netjer.server.follows.Follows` (made by ``create_app``)."""
    follows: Follows = request.app.state.follows
    return follows


def _need(session: Session | None) -> Session:
    if session is None:
        raise TableError(401, "signed_out", N_("sign in first: a guest's browser follows tables itself"))
    return session


@router.get("/api/account/follows")
async def following(request: Request, session: MaybeSignedIn) -> dict[str, Any]:
    """What the signed-in player follows."""
    return await follows_of(request).listing(_need(session).account)


@router.put("/api/account/follows")
async def follow(body: FollowRequest, request: Request, session: MaybeSignedIn) -> dict[str, Any]:
    """Follow a table or a player; what is followed now.

    Raises:
        TableError: 401 ``signed_out``; 422 ``bad_follow`` (neither or both, or oneself);
            404 (no such table, ``no_player``); 403 ``blocked`` (that player blocks you);
            422 ``too_many``.
    """
    me = _need(session).account
    follows = follows_of(request)
    if (body.table is None) == (body.name is None):
        raise TableError(422, "bad_follow", N_("say what to follow: a 'table' or a player's 'name'"))
    if body.table is not None:
        await follows.follow_table(me, body.table)
    elif body.name is not None:
        await follows.follow_player(me, body.name)
    return await follows.listing(me)


@router.delete("/api/account/follows/{kind}/{target}")
async def unfollow(kind: str, target: str, request: Request, session: MaybeSignedIn) -> dict[str, Any]:
    """Stop following a table (its id) or a player (their account's id); what is followed now."""
    me = _need(session).account
    follows = follows_of(request)
    await follows.unfollow(me, kind, target[:32])
    return await follows.listing(me)


@router.get("/api/notices")
async def notices(
    request: Request,
    session: MaybeSignedIn,
    tables: Annotated[str | None, Query(max_length=2000)] = None,
) -> dict[str, Any]:
    """The notices due now (:meth:`netjer.server.follows.Follows.notices`): ``{"notices": [...],
    "signed_in": bool}``.

    Raises:
        TableError: 422 ``bad_request`` for more than :data:`MAX_NOTICE_TABLES` tables.
    """
    wanted = [t for t in dict.fromkeys((tables or "").split(",")) if t]
    if len(wanted) > MAX_NOTICE_TABLES:
        raise TableError(422, "bad_request", N_("tables: at most {n} at once"), n=MAX_NOTICE_TABLES)
    found = await follows_of(request).notices(session.account if session else None, wanted)
    return {"notices": found, "signed_in": session is not None}
