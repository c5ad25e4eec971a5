"""The lobby's routes: the games and their rules, the pages' languages, and tables (create,
list, join, delete).  See :mod:`netjer.server.app` for the API as a whole."""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, Query, Request
from fastapi import Path as PathParam
from fastapi.responses import JSONResponse

from netjer import i18n
from netjer.agents.levels import levels_json
from netjer.agents.registry import known_kinds, make_agent, parse_agent_spec
from netjer.core.errors import NetjerError
from netjer.core.game import Game
from netjer.games.registry import game_class, game_names, make_game
from netjer.i18n import N_, join_list
from netjer.i18n_sentences import Sentence, sentence_of
from netjer.server.accounts.service import Session
from netjer.server.db import TableRow, hash_token
from netjer.server.invitations import marker as invitation_marker
from netjer.server.limits import RateLimited
from netjer.server.rated_tables import creation_refusal, rated_clock
from netjer.server.ratings import RatingError, pool_of
from netjer.server.routes.common import InvitationService, Manager, MaybeSignedIn, Settings, Token, seat_link, summary
from netjer.server.routes.models import CreateTable, JoinRequest
from netjer.server.runtime import RESERVED, TableError
from netjer.server.table_endings import result_line, retired_in

log = logging.getLogger("netjer.server")
#: The most tables ``GET /api/tables?ids=`` describes at once.
MAX_IDS = 50

router = APIRouter()


def aborted(row: TableRow) -> bool:
    """Whether the table's game was aborted (:mod:`netjer.server.endings`: no result)."""
    return bool(row.ending) and json.loads(row.ending or "{}").get("how") == "aborted"


def row_summary(row: TableRow, version: int) -> dict[str, Any]:
    """A table's summary from its database row (no replay needed): a finished game's seats
    that had left it (``retired``) are those its stored ending names."""
    game = make_game(row.game, json.loads(row.options))
    result = json.loads(row.result) if row.result else None
    ending = json.loads(row.ending) if row.ending else None
    retired = retired_in(ending)
    return {
        "id": row.id,
        "game": game.name,
        "title": game.title,
        "version": version,
        "finished": row.finished,
        "result_text": result_line(game, result, game.new_initial_state(row.seed)) if result else None,
        "ending": ending,
        "adjourned": None,  # not loaded here: no clock runs, nothing to say
        "to_move": None,
        "choosing": [],
        "clock": None,
        "rematch": row.rematch,
        "hints": bool(row.hints),
        "hint_limit": row.hint_limit,
        "rated": bool(row.rated),
        "seats": [
            {
                "seat": s.seat,
                "label": game.seat_name(s.seat),
                "name": s.name,
                "kind": "human" if s.spec == "human" else "agent",
                "agent": None if s.spec == "human" else s.spec,
                "open": s.spec == "human" and s.token_hash is None,
                "reserved": bool(s.token_hash and s.token_hash.startswith(RESERVED)),
                "standin": None,
                "out": False,
                "retired": s.seat in retired,
            }
            for s in row.seats
        ],
    }


def _levels_by_players(
    name: str, schema: dict[str, Any], default: int, max_iterations: int
) -> dict[str, list[dict[str, Any]]]:
    """The computer levels of game ``name`` per player count (its ``players`` option's values,
    else its one count), as :func:`netjer.agents.levels.levels_json` gives them, without those
    whose budget is over this server's ``max_iterations``: keys are the counts as text (JSON), a
    count without levels is left out."""
    players = schema.get("properties", {}).get("players", {})
    low, high = players.get("minimum", default), players.get("maximum", default)
    counts = players.get("enum") or range(int(low), int(high) + 1)
    out = {}
    for n in counts:
        levels = [
            level
            for level in levels_json(name, int(n))
            if int(parse_agent_spec(level["spec"]).params.get("iterations", 0)) <= max_iterations
        ]
        if levels:
            out[str(n)] = levels
    return out


def _plays(kind: str, game: Game) -> bool:
    """Whether the computer agent ``kind`` can play ``game`` (e.g. it has a heuristic)."""
    try:
        make_agent(kind).prepare(game)
    except NetjerError:
        return False
    return True


@router.get("/api/games")
async def games(settings: Settings) -> list[dict[str, Any]]:
    """Every game: title, seat counts and names, options (JSON Schema), the computer agents
    that play it, its levels within this server's caps, and those caps (``ai_limits``)."""
    out = []
    for name in game_names():
        cls = game_class(name)
        default = make_game(name)
        levels = _levels_by_players(name, cls.option_schema(), default.num_players, settings.max_ai_iterations)
        out.append(
            {
                "name": name,
                "title": cls.title,
                "players": default.num_players,
                "seat_names": [default.seat_name(i) for i in range(default.num_players)],
                "options": cls.option_schema(),
                "agents": [k for k in known_kinds() if k != "human" and _plays(k, default)],
                "levels": levels,
                "ai_limits": {"max_seconds": settings.max_ai_seconds, "max_iterations": settings.max_ai_iterations},
            }
        )
    return out


@router.get("/api/games/{name}/rules")
async def rules(name: str, lang: Annotated[str, Query(max_length=16)] = "en") -> dict[str, Any]:
    """The game's rules texts (:meth:`RulesTexts.as_json`) for the Rules panel and the
    board's hover texts; 404 for an unknown game or language.

    A language the pages are translated into (:func:`netjer.i18n.languages`) whose rules texts
    are not written yet gets the English texts, with ``language`` saying so (``"en"``): a
    translation's missing entries keep their English text in the same way (:mod:`netjer.core.texts`).
    """
    if name not in game_names():
        raise TableError(
            404, "no_game", N_("there is no game '{name}'; games: {games}"), name=name, games=join_list(game_names())
        )
    game = make_game(name)
    try:
        texts = game.rules_texts(lang)
    except NetjerError as err:
        if lang not in i18n.languages():
            raise TableError.saying(404, "no_rules", sentence_of(err)) from None
        texts = game.rules_texts(i18n.DEFAULT_LANGUAGE)
    return texts.as_json()


@router.get("/api/i18n")
async def i18n_languages() -> dict[str, Any]:
    """The languages the tables are translated into (code and name in itself), English first."""
    return {"languages": [{"code": c, "name": i18n.language_name(c)} for c in i18n.languages()]}


@router.get("/api/i18n/{wanted}")
async def i18n_catalogue(
    wanted: Annotated[str, PathParam(max_length=200)],
    accept_language: Annotated[str | None, Header(max_length=500)] = None,
) -> JSONResponse:
    """The browser's catalogue (:func:`netjer.i18n.as_json`) of the first language that has
    one among ``wanted`` (comma-separated tags, best first: the player's choice, then
    ``navigator.languages``), then the request's ``Accept-Language``, else English."""
    preferred = [w for w in wanted.split(",") if w and w != "auto"][:16]
    language = i18n.negotiate([*preferred, *i18n.parse_accept_language(accept_language)])
    return JSONResponse(i18n.as_json(language), headers={"Cache-Control": "no-cache", "Vary": "Accept-Language"})


def refuse_unrated(body: CreateTable, session: Session | None) -> None:
    """Refuse a rated table that could not count (issue 31 item 4: only games between signed-in
    players with clocks are rated): its creator must be signed in, the table must have a
    clock, no computer seat, no hints (advice in a rated game), a rating pool for its
    game and player count (:func:`netjer.server.ratings.pool_of`), at most one seat of the
    creator's and no computer standing in for a seat out of time
    (:func:`netjer.server.rated_tables.creation_refusal`).  Every human seat must
    also be held by an account when the game ends, else it is not rated
    (:func:`netjer.server.db.ratings.rated_accounts`).

    Raises:
        TableError: 422 ``not_rated`` with the reason.
    """
    if not body.rated:
        return
    reason: Sentence | None = None
    if session is None:
        reason = Sentence(N_("a rated game is for signed-in players: sign in first"))
    elif body.clock is None or body.clock.mode == "none":
        reason = Sentence(N_("a rated game needs a clock"))
    elif any(seat.type != "human" for seat in body.seats):
        reason = Sentence(N_("a rated game is between people: no computer seat"))
    elif body.hints:
        reason = Sentence(N_("a rated game allows no hints"))
    else:
        try:
            pool_of(body.game, len(body.seats))
        except RatingError as err:
            reason = sentence_of(err)
        if reason is None:
            # One seat per account, no computer standing in (netjer.server.rated_tables).
            own = sum(1 for seat in body.seats if seat.type == "human" and not seat.open and not seat.invite)
            given = body.clock.on_timeout if "on_timeout" in body.clock.model_fields_set else None
            refusal = creation_refusal(own, given)
            reason = Sentence(refusal) if refusal is not None else None
    if reason is not None:
        raise TableError.saying(422, "not_rated", reason)


@router.post("/api/tables", status_code=201)
async def create_table(
    body: CreateTable, request: Request, manager: Manager, settings: Settings, invites: InvitationService,
    session: MaybeSignedIn,
) -> dict[str, Any]:  # fmt: skip
    """Create a table: its id, the tokens and links of the creator's own human seats, the
    invitation links of the invited seats (``invitations``), the creator key and its summary
    (429 when this address creates tables too fast).  A signed-in creator's own seats are its
    account's; a ``rated`` table is refused with 422 unless it can count (:func:`refuse_unrated`)."""
    client = request.client.host if request.client else "unknown"
    limiter = settings.create_limiter
    if limiter is not None and (wait := limiter.take(client)) > 0:
        raise RateLimited(
            wait,
            N_("too many new tables from your address (at most {n} tables a minute); try again later"),
            n=f"{limiter.per_minute:g}",
        )
    clock = body.clock.settings() if body.clock is not None else None
    if body.rated and clock is not None:
        clock = rated_clock(clock)  # a player whose time runs out is out (refuse_unrated refused 'computer')
    if body.hint_limit is not None and not body.hints:
        raise TableError(422, "bad_table", N_("hint_limit is for a table that allows hints (set hints: true)"))
    refuse_unrated(body, session)
    seats = [s.model_dump() for s in body.seats]
    invited = [i for i, s in enumerate(seats) if s.get("invite")]
    for i in invited:
        if seats[i].get("open"):
            raise TableError(422, "bad_table", N_("seat {seat}: a seat is either open or invited, not both"), seat=i)
        seats[i] = {"type": "human", "name": seats[i].get("name"), "reserved": invitation_marker(i)}
    held = [i for i, s in enumerate(seats) if s.get("type") == "human" and not s.get("open") and not s.get("reserved")]
    if session is not None and len(held) == 1 and not seats[held[0]].get("name"):
        seats[held[0]]["name"] = session.name  # a signed-in creator's one seat: the account's name
    creator_key = secrets.token_urlsafe(24)
    rt, tokens = await manager.create(
        body.game, body.options, body.seed, seats, clock, creator_hash=hash_token(creator_key), hints=body.hints,
        hint_limit=body.hint_limit,
    )  # fmt: skip
    invitations = await invites.issue(rt, invited)
    if body.rated:
        await asyncio.to_thread(manager.store.set_rated, rt.id)
        rt.rated = True
    if session is not None:
        await asyncio.to_thread(manager.store.own_table, rt.id, session.account, sorted(tokens))
        for seat in tokens:
            rt.seats[seat].account = session.account
    log.info(
        "table created",
        extra={"event": "table_created", "table": rt.id, "game": rt.game.name, "client": client,
               "seats": [s.spec for s in rt.seats]},
    )  # fmt: skip
    return {
        "id": rt.id,
        "tokens": {str(seat): token for seat, token in tokens.items()},
        "links": {str(seat): seat_link(rt.id, seat, token) for seat, token in tokens.items()},
        "invitations": {str(seat): link for seat, link in invitations.items()},
        "creator_key": creator_key,
        "table": summary(rt, manager),
    }


@router.delete("/api/tables/{table_id}")
async def delete_table(table_id: str, manager: Manager, token: Token) -> dict[str, Any]:
    """Delete a table before its first action (the creator key as the bearer token)."""
    await manager.delete(table_id, token)
    return {"deleted": table_id}


@router.get("/api/tables")
async def list_tables(
    manager: Manager,
    status: Literal["open", "playing", "finished", "all"] = "all",
    ids: Annotated[str | None, Query(max_length=2000)] = None,
) -> list[dict[str, Any]]:
    """The tables with that ``status``, or those of ``ids`` (the lobby's "Your tables")."""
    if ids is not None:
        wanted = [i for i in dict.fromkeys(ids.split(",")) if i]
        if len(wanted) > MAX_IDS:
            raise TableError(422, "bad_request", N_("ids: at most {n} tables at once"), n=MAX_IDS)
        found = []
        for table_id in wanted:
            try:
                found.append(summary(await manager.get(table_id), manager))
            except TableError:
                continue  # deleted, or never on this server
            except NetjerError:
                log.warning("table %s has options this version refuses", table_id)
        return found
    finished = {"finished": True, "playing": False}.get(status)
    rows = await asyncio.to_thread(manager.store.tables, finished=finished, open_seat=status == "open")
    counts = await asyncio.to_thread(manager.store.action_counts, [r.id for r in rows])
    out = []
    for row in rows:
        if status == "finished" and aborted(row):
            continue  # an aborted game has no result: it is not among the finished games
        live = manager.tables.get(row.id)
        if live is not None:
            out.append(summary(live, manager))
            continue
        try:
            out.append(row_summary(row, counts.get(row.id, 0)))
        except NetjerError:
            log.warning("table %s has options this version refuses", row.id)
    return out


@router.post("/api/tables/{table_id}/join")
async def join(table_id: str, body: JoinRequest, manager: Manager, session: MaybeSignedIn) -> dict[str, Any]:
    """Claim an open human seat: its token and link (a signed-in player's: the account's seat)."""
    token = await manager.join(table_id, body.seat, body.name, session.account if session else None)
    return {"seat": body.seat, "token": token, "link": seat_link(table_id, body.seat, token)}
