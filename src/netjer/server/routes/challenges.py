"""Open challenges (issue 31 item 5, "Finding a game"): ``GET /api/challenges``, the lobby's
tables with a seat open to anyone, as a club player reads lichess's lobby: the game, the
players seated and the seats open, the clock, rated or not, and the creator's rating in the
table's rating pool, filtered by game and by rated, sorted.

Taking a challenge is joining its open seat (``POST /api/tables/{id}/join``,
:mod:`.lobby`); the game starts when the seats are full (the clocks start then:
:mod:`netjer.server.clocks`).  A player blocked by someone at a table (a seated account or
its creator) is not shown that challenge, and the join refuses them all the same
(:meth:`netjer.server.moderation.Moderation.refuse_blocked`): the list is a courtesy, the join
is the rule.
"""

from __future__ import annotations

import asyncio
import json
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query

from netjer.core.errors import NetjerError
from netjer.games.registry import game_names, make_game
from netjer.i18n import N_, join_list
from netjer.server.db import TableRow
from netjer.server.ratings import Rating, RatingError, new_rating, pool_of
from netjer.server.routes.common import Manager, MaybeSignedIn
from netjer.server.runtime import TableError

router = APIRouter()

#: The open tables the list looks at (newest first), before its filters.
MAX_CHALLENGES = 200
#: The public parts of a table's time control (the ``on_timeout`` rule too: a player chooses by it).
CLOCK_FIELDS = ("mode", "bank", "increment", "per_turn", "gone_after", "on_timeout")


def clock_json(row: TableRow) -> dict[str, Any] | None:
    """The table's time control as the list shows it (None: no clock)."""
    if not row.clock:
        return None
    settings = json.loads(row.clock)
    if settings.get("mode", "none") == "none" and not settings.get("gone_after"):
        return None
    return {key: settings[key] for key in CLOCK_FIELDS if key in settings}


def challenge_json(
    row: TableRow, creator: int | None, names: dict[int, str], ratings: dict[tuple[int, str], Rating]
) -> dict[str, Any]:
    """One open table as a challenge: its seats (taken ones with their player's name and
    account name, open ones), the clock, rated, the pool and the creator's rating there (a
    creator without a rated game in that pool has the pool's starting rating, provisional, as
    lichess shows "1500?"; ``creator`` None: a guest's table; ``creator.rating`` None: a game
    without a rating pool)."""
    game = make_game(row.game, json.loads(row.options))
    pool = _pool(row.game, len(row.seats))
    seats = [
        {
            "seat": s.seat,
            "label": game.seat_name(s.seat),
            "open": s.spec == "human" and s.token_hash is None,
            "kind": "human" if s.spec == "human" else "agent",
            "name": s.name if s.spec == "human" else s.spec,
            "player": names.get(s.account_id) if s.account_id is not None else None,
        }
        for s in row.seats
    ]
    rating = None
    if creator is not None and pool is not None:  # no rated game in the pool yet: the start, provisional
        rating = ratings.get((creator, pool)) or new_rating(pool)
    return {
        "id": row.id,
        "game": row.game,
        "title": game.title,
        "players": len(row.seats),
        "open": sum(1 for s in seats if s["open"]),
        "seats": seats,
        "clock": clock_json(row),
        "rated": bool(row.rated),
        "hints": bool(row.hints),
        "pool": pool,
        "created_at": row.created_at.isoformat(),
        "creator": None
        if creator is None or creator not in names
        else {
            "name": names[creator],
            "rating": rating.shown[0] if rating is not None else None,
            "provisional": rating.provisional if rating is not None else True,
            "text": rating.text() if rating is not None else None,
        },
    }


def _pool(game: str, players: int) -> str | None:
    try:
        return pool_of(game, players)
    except RatingError:
        return None


def _rating_key(challenge: dict[str, Any]) -> tuple[int, int]:
    creator = challenge["creator"]
    rating = creator["rating"] if creator is not None else None
    return (0, -rating) if rating is not None else (1, 0)  # the rated creators first, strongest first


@router.get("/api/challenges")
async def challenges(
    manager: Manager,
    session: MaybeSignedIn,
    game: Annotated[str | None, Query(max_length=32)] = None,
    rated: bool | None = None,
    sort: Literal["newest", "rating", "players"] = "newest",
) -> list[dict[str, Any]]:
    """The open challenges (module's text): ``game`` only that game's, ``rated`` only rated
    (true) or casual (false) tables, sorted by ``sort``: ``newest`` first, by the creator's
    ``rating`` (highest first, unrated creators last) or by ``players`` (fewest first).

    Raises:
        TableError: 422 ``no_game`` for an unknown game.
    """
    if game is not None and game not in game_names():
        raise TableError(
            422, "no_game", N_("there is no game '{name}'; games: {games}"), name=game, games=join_list(game_names())
        )
    store = manager.store
    rows = await asyncio.to_thread(store.tables, finished=False, open_seat=True, limit=MAX_CHALLENGES)
    rows = [r for r in rows if (game is None or r.game == game) and (rated is None or bool(r.rated) is rated)]
    creators = await asyncio.to_thread(store.creators, [r.id for r in rows])
    seated = {s.account_id for r in rows for s in r.seats if s.account_id is not None}
    if session is not None:  # a player blocked by someone at a table is not offered it
        others = (seated | set(creators.values())) - {session.account}
        blockers = await asyncio.to_thread(store.blockers, others, session.account)
        rows = [
            r for r in rows
            if creators.get(r.id) not in blockers and not any(s.account_id in blockers for s in r.seats)
        ]  # fmt: skip
    names = await asyncio.to_thread(store.account_names, seated | set(creators.values()))
    wanted = {(a, p) for r in rows if (a := creators.get(r.id)) is not None and (p := _pool(r.game, len(r.seats)))}
    ratings = await asyncio.to_thread(store.pool_ratings, wanted)
    out = []
    for row in rows:
        try:
            out.append(challenge_json(row, creators.get(row.id), names, ratings))
        except NetjerError:
            continue  # options this version refuses: not offered
    if sort == "rating":
        out.sort(key=_rating_key)
    elif sort == "players":
        out.sort(key=lambda c: c["players"])
    return out
