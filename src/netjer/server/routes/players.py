"""A player's profile (issue 31 item 4): ``GET /api/players/{name}``, public as lichess's are:
the account's ratings per pool, their history, and its finished games with links to their
replays and published reviews (the page: ``/player/{name}``, :mod:`.pages`)."""

from __future__ import annotations

import asyncio
import json
from typing import Annotated, Any

from fastapi import APIRouter
from fastapi import Path as PathParam

from netjer.core.errors import NetjerError
from netjer.games.registry import make_game
from netjer.i18n import N_
from netjer.server.accounts.service import name_key
from netjer.server.db import RatingChangeRow, Store, TableRow
from netjer.server.ratings import Rating
from netjer.server.review_store import ReviewStore
from netjer.server.routes.common import Manager
from netjer.server.runtime import TableError
from netjer.server.table_endings import result_line, retired_in

router = APIRouter()

#: The most finished games a profile lists (newest first).
MAX_GAMES = 200


def _shown(pool: str, rating: float, deviation: float) -> tuple[int, int]:
    """A stored rating on the shown scale (:attr:`netjer.server.ratings.Rating.shown`)."""
    return Rating(pool, rating, deviation, 0.0).shown


def rating_json(rating: Rating) -> dict[str, Any]:
    """One pool's rating as the profile gives it: the shown figures, provisional or not."""
    shown, deviation = rating.shown
    return {"pool": rating.pool, "rating": shown, "deviation": deviation, "provisional": rating.provisional,
            "text": rating.text(), "games": rating.games}  # fmt: skip


def change_json(change: RatingChangeRow) -> dict[str, Any]:
    """One rated game's change of the account's rating, on the shown scale."""
    return {
        "pool": change.pool,
        "table": change.table_id,
        "before": _shown(change.pool, change.before_rating, change.before_deviation)[0],
        "after": _shown(change.pool, change.after_rating, change.after_deviation)[0],
        "deviation": _shown(change.pool, change.after_rating, change.after_deviation)[1],
        "when": change.created_at.isoformat(),
    }


def game_json(
    row: TableRow, account: int, reviews: list[int], change: RatingChangeRow | None, names: dict[int, str]
) -> dict[str, Any]:
    """One finished game of the account: its seats (each with the ``player``'s account name
    when an account held it, from ``names``: the page links it to that profile; ``retired``:
    it left the game before the end), result, how it ended, the account's seats, its replay's
    address and the seats whose review is published (shown in the replay)."""
    game = make_game(row.game, json.loads(row.options))
    result = json.loads(row.result) if row.result else None
    ending = json.loads(row.ending) if row.ending else None
    retired = retired_in(ending)
    return {
        "id": row.id,
        "game": game.name,
        "title": game.title,
        "created_at": row.created_at.isoformat(),
        "rated": bool(row.rated),
        "result": result,
        "result_text": result_line(game, result, game.new_initial_state(row.seed)) if result else None,
        "ending": ending,
        "seats": [
            {
                "seat": s.seat,
                "label": game.seat_name(s.seat),
                "name": s.name,
                "player": names.get(s.account_id) if s.account_id is not None else None,
                "retired": s.seat in retired,
            }
            for s in row.seats
        ],
        "my_seats": [s.seat for s in row.seats if s.account_id == account],
        "replay": f"/table/{row.id}#watch&replay",
        "reviews": reviews,
        "rating_change": change_json(change) if change is not None else None,
    }


def profile(store: Store, name: str) -> dict[str, Any]:
    """The profile of the account named ``name`` (any case).

    Raises:
        TableError: 404 ``no_player`` when no account has that name (a deleted account has none).
    """
    account = store.account_named(name_key(name))
    if account is None or account.deleted_at is not None:
        raise TableError(404, "no_player", N_("there is no player named '{name}'"), name=name)
    history = store.rating_history(account.id)
    by_table = {change.table_id: change for change in history}
    rows = store.finished_games(account.id, MAX_GAMES)
    published = ReviewStore(store).published([row.id for row in rows])
    names = store.account_names({s.account_id for row in rows for s in row.seats if s.account_id is not None})
    games = []
    for row in rows:
        try:
            games.append(game_json(row, account.id, published.get(row.id, []), by_table.get(row.id), names))
        except NetjerError:
            continue  # options this version refuses: not listed rather than a broken profile
    return {
        "name": account.name,
        "created_at": account.created_at.isoformat(),
        "ratings": [rating_json(r) for r in store.ratings(account.id)],
        "history": [change_json(c) for c in history],
        "games": games,
    }


@router.get("/api/players/{name}")
async def player(name: Annotated[str, PathParam(max_length=80)], manager: Manager) -> dict[str, Any]:
    """A player's profile: ``name``, ``ratings`` (per pool: shown ``rating`` and ``deviation``,
    ``provisional``, ``text`` as shown, ``games``), ``history`` (each rated game's ``before``
    and ``after``, oldest first) and ``games`` (finished, newest first, each with its
    ``replay`` address and the seats whose review is ``reviews`` published); 404 ``no_player``."""
    return await asyncio.to_thread(profile, manager.store, name)


def table_ratings(store: Store, table_id: str) -> dict[str, Any]:
    """What a finished rated game did to its players' ratings (:func:`table_rating_changes`)."""
    changes = store.table_rating_changes(table_id)
    return {"table": table_id, "changes": [{"seat": seat, **change_json(change)} for seat, change in changes]}


@router.get("/api/tables/{table_id}/ratings")
async def table_rating_changes(table_id: Annotated[str, PathParam(max_length=80)], manager: Manager) -> dict[str, Any]:
    """The rating change of each seat of a finished rated game, public as the players'
    profiles are: ``changes``, one per seat in seat order (``seat``, ``pool``, shown
    ``before`` and ``after``, ``deviation``); empty while the game runs, or if it was not rated
    (a computer seat, a guest, an unrated ending: :mod:`netjer.server.db.ratings`)."""
    return await asyncio.to_thread(table_ratings, manager.store, table_id)
