"""A table's life outside its moves (:class:`TableLifecycle`): its creation (seats, computer
players, clock), the seats claimed (open seats joined from the lobby, rematch seats accepted)
and its deletion by its creator before the first action."""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

from sqlalchemy import select

from netjer.agents.levels import find_level, resolve_agent
from netjer.agents.registry import make_agent, parse_agent_spec
from netjer.core.action import Action
from netjer.core.engine_lines import EngineLine
from netjer.core.errors import ConfigError, NetjerError
from netjer.core.game import Game
from netjer.core.undo import Transcript
from netjer.games.registry import make_game
from netjer.i18n import N_
from netjer.i18n_sentences import Sentence, sentence_of
from netjer.server.clocks import ClockSettings, ClockState
from netjer.server.db import ActionItem, RematchTaken, Store, TableRow, hash_token
from netjer.server.rated_tables import seat_refusal
from netjer.server.runtime import SeatInfo, TableError, TableRuntime, advance, events_seen
from netjer.server.table_host import TableHost


def new_table_id() -> str:
    """A new table's id: 8 random bytes, URL-safe base64 (11 characters of ``A-Za-z0-9-_``),
    never starting with ``-`` (an operator types it as an argument of ``netjer audit``, where
    a leading ``-`` reads as an option; seen when a test's table id began with ``-n``)."""
    while True:
        table_id = secrets.token_urlsafe(8)
        if not table_id.startswith("-"):
            return table_id


def rematch_accepted(store: Store, rt: TableRuntime) -> bool:
    """Whether ``rt`` is the rematch of a finished table and a player other than the one who
    offered it has taken their seat (a rematch's seats but the offerer's wait, reserved, until
    accepted: :mod:`netjer.server.rematch`).  Reads the database (call it in a thread)."""
    seated = sum(1 for info in rt.seats if info.is_human and info.token_hash is not None and not info.reserved)
    if seated < 2:
        return False
    with store.session() as s:
        return s.scalar(select(TableRow.id).where(TableRow.rematch == rt.id).limit(1)) is not None


class TableLifecycle:
    """Creating, claiming seats at and deleting the tables of ``tables``."""

    def __init__(self, tables: TableHost) -> None:
        self.tables = tables

    async def create(
        self,
        game_name: str,
        options: dict[str, Any],
        seed: int | None,
        seats: list[dict[str, Any]],
        clock: ClockSettings | None = None,
        creator_hash: str | None = None,
        rematch_of: str | None = None,
        hints: bool = False,
        hint_limit: int | None = None,
        opening: list[str] | None = None,
    ) -> tuple[TableRuntime, dict[int, str]]:
        """Create a table; return it and the tokens of its human seats that are not open.

        Args:
            game_name: registry name.
            options: game options.
            seed: the game's seed (random if None).
            seats: per seat ``{"type": "human", "name": str?, "open": bool?}`` or
                ``{"type": "agent", "agent": spec}``.  An open human seat gets its token
                when someone joins it from the lobby.
            clock: the time control (default: none).  The clocks start when every seat is
                taken.
            creator_hash: the hash of the creator's key, who may delete the table until its
                first action.
            rematch_of: the finished table this one is the rematch of (its human seats carry
                ``"reserved"`` markers instead of tokens, but the offerer's).
            hints: whether a seat may ask for a hint (off by default).
            hint_limit: how many hints each seat may be given in the game (``None``: no
                limit; only with ``hints``).
            opening: actions in notation already played when the table opens (a guided
                first game handed over to its player, :mod:`netjer.server.routes.lessons`):
                stored as the record's first actions, so the game replays from its seed.

        Raises:
            TableError: 422 for a bad game, option, seat list, agent, time control or opening
                (an action that is not legal where it comes); 409 ``rematch_exists`` if
                ``rematch_of`` already has a rematch.
        """
        settings = clock or ClockSettings()
        try:
            settings.check(len(seats))
        except ValueError as err:
            raise TableError.saying(422, "bad_clock", sentence_of(err)) from None
        try:
            game = make_game(game_name, options)
            if len(seats) != game.num_players:
                message = N_("{game} with these options has {players} seats, got {seats}")
                title = Sentence(game.title)
                raise ConfigError(Sentence(message, game=title, players=game.num_players, seats=len(seats)))
            infos: list[SeatInfo] = []
            tokens: dict[int, str] = {}
            for i, seat in enumerate(seats):
                if seat.get("type") == "human" and seat.get("reserved"):
                    infos.append(SeatInfo("human", seat.get("name"), str(seat["reserved"])))
                elif seat.get("type") == "human":
                    token = None if seat.get("open") else secrets.token_urlsafe(24)
                    if token is not None:
                        tokens[i] = token
                    infos.append(SeatInfo("human", seat.get("name"), hash_token(token) if token else None))
                else:
                    text = seat.get("agent")
                    if not isinstance(text, str) or not text.strip():
                        raise ConfigError(
                            Sentence(N_("seat {seat}: an agent seat needs an agent spec, e.g. 'random'"), seat=i)
                        )
                    level = find_level(game.name, game.num_players, text)  # a level: its spec is stored
                    spec = parse_agent_spec(level.spec if level else resolve_agent(text, game.name, game.num_players))
                    if spec.is_human:
                        raise ConfigError(Sentence(N_("seat {seat}: use type 'human' for a person"), seat=i))
                    make_agent(spec).prepare(game)  # validates the parameters' values first
                    self.tables.computers.check_budget(i, spec)
                    default_name = f"Computer ({level.name})" if level else str(spec)
                    infos.append(SeatInfo(str(spec), seat.get("name") or default_name, None))
        except NetjerError as err:
            raise TableError.saying(422, "bad_table", sentence_of(err)) from None
        seed = seed if seed is not None else secrets.randbelow(2**31)
        opened = _opening(game, seed, opening or [])
        table_id = new_table_id()
        rt = TableRuntime(table_id, game, game.new_initial_state(seed), infos)
        rt.clock_settings = settings
        rt.creator_hash = creator_hash
        rt.hints = hints
        rt.hint_limit = hint_limit if hints else None
        rt.clock = ClockState.new(settings, len(infos))
        rt.clock.hand_over(settings, rt.clocked_seats(), self.tables.now())
        try:
            await asyncio.to_thread(
                self.tables.store.create_table,
                table_id,
                game.name,
                game.rules_version,
                game.options_dict(),
                seed,
                [(s.spec, s.name, s.token_hash) for s in infos],
                settings.to_json() if settings.watched else None,
                rt.clock.to_json() if settings.watched else None,
                creator_hash,
                rematch_of,
                hints,
                rt.hint_limit,
            )
        except RematchTaken:
            raise TableError(409, "rematch_exists", N_("a rematch was already offered: accept it instead")) from None
        rt.transcript = Transcript(rt.state)
        rt.logs = {v: events_seen(rt.state, v) for v in rt.viewers()}
        rt.absent_since = {i: self.tables.now() for i, info in enumerate(infos) if info.is_human}
        if opened:
            batch: list[ActionItem] = []
            for action in opened:
                batch.append((table_id, rt.version, str(action), rt.state.current_player, None, None, None))
                advance(rt, action)
            await asyncio.to_thread(self.tables.store.append_actions, batch)
        self.tables.tables[table_id] = rt
        self.tables.computers.schedule(rt)
        return rt, tokens

    async def join(self, table_id: str, seat: int, name: str | None, account: int | None = None) -> str:
        """Claim an open human seat (for ``account``, a signed-in player); return its token.

        Raises:
            TableError: 404 for an unknown table or seat, 409 if the seat is taken or is
                not a human seat.
        """
        rt = await self.tables.get(table_id)
        if not 0 <= seat < len(rt.seats):
            raise TableError(404, "no_seat", N_("table {table} has no seat {seat}"), table=table_id, seat=seat)
        info = rt.seats[seat]
        if not info.is_human or info.token_hash is not None:
            raise TableError(409, "seat_taken", N_("seat {seat} is not open"), seat=seat)
        return await self.claim(rt, seat, name, None, account)

    async def claim(
        self,
        rt: TableRuntime,
        seat: int,
        name: str | None,
        reserved: str | None,
        account: int | None = None,
        invitation: str | None = None,
    ) -> str:
        """Give ``seat`` of ``rt`` a new token (it must be open, or hold ``reserved``; with
        ``invitation``, its invitation must have that code: :mod:`netjer.server.invitations`),
        for ``account`` if a signed-in player claims it; the last seat taken starts the
        clocks.  Returns the token.

        Raises:
            TableError: 409 ``seat_taken`` if someone else took it first, 404 if the table
                was deleted, 403 ``blocked`` if a player there blocked ``account``
                (:mod:`netjer.server.moderation`); at a rated table, 403 ``rated_account``
                for a guest and 409 ``one_seat`` for an account holding another seat
                (:func:`netjer.server.rated_tables.seat_refusal`).
        """
        table_id = rt.id
        info = rt.seats[seat]
        token = secrets.token_urlsafe(24)
        seat_refusal(rt, seat, account)  # a rated table: signed-in players, one seat each
        await self.tables.moderation.refuse_blocked(rt, account, seating=True)
        if name is None and account is not None:
            # A signed-in player who typed no name sits under the account's name: the others
            # see whom they play (a tester saw only "Seth" and "Isis" at a rated table).
            row = await asyncio.to_thread(self.tables.store.account, account)
            name = row.name if row is not None else None
        async with rt.lock:
            if rt.deleted:
                raise TableError(404, "no_table", N_("there is no table '{table}'"), table=table_id)
            # The last open seat taken starts the clocks, in the same transaction.
            clock = rt.clock.copy()
            before = info.token_hash, info.name
            info.token_hash, info.name = hash_token(token), name
            clock.hand_over(rt.clock_settings, rt.clocked_seats(), self.tables.now())
            info.token_hash, info.name = before
            stored_clock = clock.to_json() if rt.clock_settings.active else None
            store = self.tables.store
            key = hash_token(token)
            claimed = await asyncio.to_thread(
                store.claim_seat, table_id, seat, key, name, stored_clock, reserved, account, invitation
            )
            if not claimed:
                raise TableError(409, "seat_taken", N_("seat {seat} is not open"), seat=seat)
            info.token_hash, info.name, info.account = key, name, account
            rt.clock = clock
        kind = "claim" if invitation is not None else "rematch" if reserved is not None else "join"
        await self.tables.audit.record(rt, kind, seat)
        await self.tables.broadcast(rt)
        return token

    async def delete(self, table_id: str, creator_key: str | None) -> None:
        """Delete a table nobody has played at yet, for its creator; every page open at it is
        told (its WebSocket's ``news``, then it is closed).

        Raises:
            TableError: 404 for an unknown table, 403 ``bad_key`` without the creator's key,
                409 ``started`` once an action has been played, 409 ``accepted`` for a rematch
                another player has already taken their seat at.
        """
        rt = await self.tables.get(table_id)
        expected = rt.creator_hash
        if not creator_key or expected is None or not secrets.compare_digest(expected, hash_token(creator_key)):
            raise TableError(403, "bad_key", N_("only the table's creator can delete it (send the creator key)"))
        async with rt.lock:
            if rt.deleted:
                raise TableError(404, "no_table", N_("there is no table '{table}'"), table=table_id)
            if await asyncio.to_thread(rematch_accepted, self.tables.store, rt):
                accepted = N_("another player has taken their seat at this rematch: play it, or resign")
                raise TableError(409, "accepted", accepted)
            if rt.version > 0 or not await asyncio.to_thread(self.tables.store.delete_table, table_id):
                raise TableError(409, "started", N_("the game has started: a table can be deleted only before"))
            rt.deleted = True
            self.tables.tables.pop(table_id, None)
            if rt.ai_task is not None:
                rt.ai_task.cancel()
            offered_at = [old for old in self.tables.tables.values() if old.rematch == table_id]
            for old in offered_at:
                old.rematch = None
        await self.tables.audit.record(rt, "delete", None, "by its creator")
        await self.tables.broadcast(rt)
        for old in offered_at:
            await self.tables.broadcast(old)


def _opening(game: Game, seed: int, texts: list[str]) -> list[Action]:
    """The actions of ``texts`` (notation) played in order from the seed's setup.

    Raises:
        TableError: 422 ``bad_opening`` for an action the game cannot read or that is not
            legal where it comes, or an opening that ends the game.
    """
    state = game.new_initial_state(seed)
    actions: list[Action] = []
    for i, text in enumerate(texts):
        try:
            action = game.parse_action(text)
        except NetjerError as err:
            raise TableError(
                422,
                "bad_opening",
                N_("opening action {n} ('{action}'): {reason}"),
                n=i + 1,
                action=text,
                reason=EngineLine(str(err), game.name),  # the game's own sentence, told in the reader's language
            ) from None
        if state.is_terminal or action not in state.legal_actions():
            raise TableError(
                422, "bad_opening", N_("opening action {n} ('{action}') is not legal there"), n=i + 1, action=text
            )
        state.apply(action)
        actions.append(action)
    if state.is_terminal:
        raise TableError(422, "bad_opening", N_("the opening ends the game: there is nothing left to play"))
    return actions
