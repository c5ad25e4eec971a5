"""Live tables: the state of each game in memory, rebuilt from the database by replay.

A move goes through :meth:`TableManager.play`: under the table's lock it is checked against
the version the player saw, against the rules, and then **committed to the database before
anyone is told of it**; only then is the in-memory state advanced and every connected seat
sent its own view.  A computer seat's move is computed in a worker pool off the event loop
(so a thinking bot never blocks other tables) and then goes through the same path.

Tables with a time control (:mod:`netjer.server.clocks`) are watched by a ticker: when the
running seat's time is up, the table's setting decides: the computer (the heuristic agent)
plays for that seat until its person takes the seat back, or the seat is out and loses.  The
clocks' state is committed with each action and event, so a restart continues them.  The same
rule applies to a person who must act and has had no connection (no WebSocket open, no request)
for the table's deadline (:meth:`ClockSettings.absence_limit`): they count as gone.

In a window of simultaneous choices (:meth:`netjer.core.state.State.simultaneous_window`:
Aton's exchange decisions and cartouches, Ankh's Battle cards and Plague bids) every seat
that must still choose may choose at once, and its clock runs.  A choice made before the
engine reaches that seat is stored (``pending_choices``) and applied when the engine gets
there, in the engine's order; the others learn only *that* the seat has chosen.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections.abc import Callable
from datetime import UTC
from typing import TYPE_CHECKING, Any

from netjer.agents.levels import find_level, resolve_agent
from netjer.agents.registry import make_agent, parse_agent_spec
from netjer.core.action import Action
from netjer.core.errors import ActionSyntaxError, ConfigError, NetjerError
from netjer.core.undo import UNDO, Transcript
from netjer.games.registry import make_game
from netjer.i18n import N_
from netjer.server.accounts.identity import account_of
from netjer.server.ai_service import DEFAULT_MAX_ITERATIONS, DEFAULT_MAX_SECONDS
from netjer.server.clocks import ClockSettings, ClockState
from netjer.server.computer_seats import ComputerSeats
from netjer.server.db import RematchTaken, Store, hash_token
from netjer.server.group_commit import GroupCommit
from netjer.server.leases import Leases
from netjer.server.queued_choices import next_queued, queue_choice, store_queued, take_queued, withdraw_choice
from netjer.server.runtime import (
    CANNOT_UNDO,
    Listener,
    SeatInfo,
    TableError,
    TableRuntime,
    advance,
    apply_news,
    chat_entry,
    events_seen,
    undo_last,
)
from netjer.server.seat_views import seat_view, why_not_undo
from netjer.server.timekeeper import Timekeeper
from netjer.server.windows import Queued

if TYPE_CHECKING:
    from netjer.server.notify import Notifier

log = logging.getLogger("netjer.server")


class TableManager:
    """Every live table and their storage; the computer seats (:attr:`computers`) and the
    clocks (:attr:`clocks`) are services it owns.

    Args:
        store: the database.
        ai_workers: worker processes for searching computer seats (ISMCTS), shared by every
            table in fair turn (:mod:`netjer.server.ai_service`); 0 runs them in a thread
            of this process (tests, tiny set-ups).  Cheap agents (random, heuristic) always
            run in a thread, so they never queue behind a long search.
        max_seconds: the longest thinking time per move a computer seat may be given; a
            search budgeted in iterations is also stopped after this time.
        max_iterations: the most search iterations per move a computer seat may be given.
        clock: the time in seconds since the epoch (tests pass a fake one); clocks run on it.
    """

    def __init__(
        self,
        store: Store,
        ai_workers: int = 1,
        max_seconds: float = DEFAULT_MAX_SECONDS,
        max_iterations: int = DEFAULT_MAX_ITERATIONS,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.tables: dict[str, TableRuntime] = {}
        self._loading = asyncio.Lock()
        self.writes = GroupCommit(store)
        self.now = clock
        self.started_at = clock()
        self.computers = ComputerSeats(self, ai_workers, max_seconds, max_iterations)
        # Several processes on one PostgreSQL (set by create_app; None on SQLite): the other
        # processes' news, and the leases on computer seats (netjer.server.notify, .leases).
        self.news: Notifier | None = None
        self.leases: Leases | None = None
        self.clocks = Timekeeper(self)

    async def close(self) -> None:
        """Cancel pending computer moves, end the workers (mid-search) and wait for all of it."""
        self.computers.stop()  # no new search starts; running ones are abandoned quietly
        tasks = [rt.ai_task for rt in self.tables.values() if rt.ai_task is not None]
        if self.writes.writer is not None:
            tasks.append(self.writes.writer)
        if self.clocks.ticker is not None:
            tasks.append(self.clocks.ticker)
        for task in tasks:
            task.cancel()
        await self.computers.close()
        await asyncio.gather(*tasks, return_exceptions=True)  # none left pending or unobserved

    # --- creating, joining, loading -------------------------------------------------------

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

        Raises:
            TableError: 422 for a bad game, option, seat list, agent or time control; 409
                ``rematch_exists`` if ``rematch_of`` already has a rematch.
        """
        settings = clock or ClockSettings()
        try:
            settings.check(len(seats))
        except ValueError as err:
            raise TableError(422, "bad_clock", str(err)) from None
        try:
            game = make_game(game_name, options)
            if len(seats) != game.num_players:
                raise ConfigError(f"{game.title} with these options has {game.num_players} seats, got {len(seats)}")
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
                        raise ConfigError(f"seat {i}: an agent seat needs an agent spec, e.g. 'random'")
                    level = find_level(game.name, game.num_players, text)  # a level: its spec is stored
                    spec = parse_agent_spec(level.spec if level else resolve_agent(text, game.name, game.num_players))
                    if spec.is_human:
                        raise ConfigError(f"seat {i}: use type 'human' for a person")
                    make_agent(spec).prepare(game)  # validates the parameters' values first
                    self.computers.check_budget(i, spec)
                    default_name = f"Computer ({level.name})" if level else str(spec)
                    infos.append(SeatInfo(str(spec), seat.get("name") or default_name, None))
        except NetjerError as err:
            raise TableError(422, "bad_table", str(err)) from None
        seed = seed if seed is not None else secrets.randbelow(2**31)
        table_id = secrets.token_urlsafe(8)
        rt = TableRuntime(table_id, game, game.new_initial_state(seed), infos)
        rt.clock_settings = settings
        rt.creator_hash = creator_hash
        rt.hints = hints
        rt.hint_limit = hint_limit if hints else None
        rt.clock = ClockState.new(settings, len(infos))
        rt.clock.hand_over(settings, rt.clocked_seats(), self.now())
        try:
            await asyncio.to_thread(
                self.store.create_table,
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
            raise TableError(409, "rematch_exists", "a rematch was already offered: accept it instead") from None
        rt.transcript = Transcript(rt.state)
        rt.logs = {v: events_seen(rt.state, v) for v in rt.viewers()}
        rt.absent_since = {i: self.now() for i, info in enumerate(infos) if info.is_human}
        self.tables[table_id] = rt
        self.computers.schedule(rt)
        return rt, tokens

    async def join(self, table_id: str, seat: int, name: str | None, account: int | None = None) -> str:
        """Claim an open human seat (for ``account``, a signed-in player); return its token.

        Raises:
            TableError: 404 for an unknown table or seat, 409 if the seat is taken or is
                not a human seat.
        """
        rt = await self.get(table_id)
        if not 0 <= seat < len(rt.seats):
            raise TableError(404, "no_seat", f"table {table_id} has no seat {seat}")
        info = rt.seats[seat]
        if not info.is_human or info.token_hash is not None:
            raise TableError(409, "seat_taken", f"seat {seat} is not open")
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
                was deleted.
        """
        table_id = rt.id
        info = rt.seats[seat]
        token = secrets.token_urlsafe(24)
        async with rt.lock:
            if rt.deleted:
                raise TableError(404, "no_table", f"there is no table {table_id!r}")
            # The last open seat taken starts the clocks, in the same transaction.
            clock = rt.clock.copy()
            before = info.token_hash, info.name
            info.token_hash, info.name = hash_token(token), name
            clock.hand_over(rt.clock_settings, rt.clocked_seats(), self.now())
            info.token_hash, info.name = before
            stored_clock = clock.to_json() if rt.clock_settings.active else None
            store = self.store
            key = hash_token(token)
            claimed = await asyncio.to_thread(
                store.claim_seat, table_id, seat, key, name, stored_clock, reserved, account, invitation
            )
            if not claimed:
                raise TableError(409, "seat_taken", f"seat {seat} is not open")
            info.token_hash, info.name, info.account = key, name, account
            rt.clock = clock
        await self.broadcast(rt)
        return token

    async def get(self, table_id: str) -> TableRuntime:
        """The live table, loaded from the database (by replay) on first use.

        Raises:
            TableError: 404 if there is no such table.
        """
        rt = self.tables.get(table_id)
        if rt is not None:
            return rt
        async with self._loading:
            rt = self.tables.get(table_id)
            if rt is None:
                rt = await asyncio.to_thread(self._load, table_id)
                self.tables[table_id] = rt
                if self.news is not None:  # what another process stored while it loaded
                    self.news.poke(table_id)
                self.computers.schedule(rt)
        return rt

    def _load(self, table_id: str) -> TableRuntime:
        row = self.store.table(table_id)
        if row is None:
            raise TableError(404, "no_table", f"there is no table {table_id!r}")
        game = make_game(row.game, json.loads(row.options))
        seats = [SeatInfo(s.spec, s.name, s.token_hash, s.account_id) for s in row.seats]
        rt = TableRuntime(table_id, game, game.new_initial_state(row.seed), seats)
        rt.clock_settings = ClockSettings.from_json(json.loads(row.clock) if row.clock else None)
        rt.clock = ClockState.from_json(row.clock_state, rt.clock_settings, len(seats))
        rt.creator_hash, rt.rematch = row.creator_hash, row.rematch
        rt.hints = bool(row.hints)
        rt.hint_limit = row.hint_limit
        if rt.hint_limit is not None:
            rt.hints_at = self.store.hint_positions(table_id)
        rt.transcript = Transcript(rt.state)
        rt.logs = {v: events_seen(rt.state, v) for v in rt.viewers()}
        # Absence counts from the load (a restart is nobody's absence).
        rt.absent_since = {i: self.now() for i, info in enumerate(seats) if info.is_human}
        events = []
        for event in self.store.events(table_id):
            if event.kind == "chat":
                stamp = event.created_at  # SQLite gives back UTC without its zone
                when = (stamp if stamp.tzinfo else stamp.replace(tzinfo=UTC)).timestamp()
                rt.chat.append(chat_entry(event.id, event.seat, event.author, event.text, when))
            else:
                events.append(event)
        shown = 0
        for text in self.store.actions(table_id):
            while shown < len(events) and events[shown].version <= rt.version:
                rt.add_line(events[shown].text)
                shown += 1
            if text == UNDO:
                undo_last(rt)
            else:
                advance(rt, game.parse_action(text))
        for event in events[shown:]:
            rt.add_line(event.text)
        if row.finished and row.result and not rt.state.is_terminal:
            rt.forfeit = [float(x) for x in json.loads(row.result)]
        for choice in self.store.choices(table_id):
            rt.queued.setdefault(choice.seat, []).append(Queued(choice.id, game.parse_action(choice.text)))
        # A crash between a move and the choices it let the engine apply left them queued.
        while (step := next_queued(rt, self.now())) is not None:
            store_queued(self.store, step)
            take_queued(rt, step)
        return rt

    async def resume_all(self) -> int:
        """Load every unfinished table with a computer seat or a clock, so that those whose
        turn it is play on and the clocks are watched; then start watching them.

        Returns the number of tables loaded.
        """
        # Tables of people only and without a clock wait for their players: they load on
        # first use.
        rows = await asyncio.to_thread(
            self.store.tables, finished=False, with_agents=True, with_clock=True, limit=1_000_000
        )
        for row in rows:
            try:
                await self.get(row.id)
            except Exception:  # a table that cannot be replayed must not stop the others
                log.exception("table %s could not be resumed", row.id)
        self.clocks.start()
        return len(rows)

    # --- seats and moves --------------------------------------------------------------------

    def check_token(self, rt: TableRuntime, seat: int | None, token: str | None) -> None:
        """Allow ``seat`` (``None``: spectator, always allowed) only with its token, or for the
        signed-in account holding it (``token`` a :class:`~netjer.server.accounts.identity.SignedIn`).

        Raises:
            TableError: 404 for a seat the table does not have, 403 ``no_token`` when no
                token is given, 403 ``bad_token`` for a wrong one.
        """
        if seat is None:
            return
        if not 0 <= seat < len(rt.seats):
            raise TableError(404, "no_seat", f"table {rt.id} has no seat {seat}")
        held_by = rt.seats[seat].account
        if held_by is not None and account_of(token) == held_by:
            return  # the signed-in account holding the seat (netjer.server.accounts.identity)
        if not token:
            raise TableError(
                403,
                "no_token",
                f"seat {seat} needs its token: send 'Authorization: Bearer <token>' (on the WebSocket: in the hello)",
            )
        expected = rt.seats[seat].token_hash
        if expected is None or not secrets.compare_digest(expected, hash_token(token)):
            raise TableError(403, "bad_token", f"that is not the token of seat {seat}")

    async def authorize(self, table_id: str, seat: int | None, token: str | None) -> TableRuntime:
        """The table, once ``token`` is checked as seat ``seat``'s (:meth:`check_token`): what
        every request acting for a seat does first.

        Raises:
            TableError: 404 for an unknown table; 403 for a missing or wrong token.
        """
        rt = await self.get(table_id)
        self.check_token(rt, seat, token)
        if seat is not None and not rt.connections.get(seat):
            rt.absent_since[seat] = self.now()  # a request is a moment of connection
        return rt

    async def play(
        self,
        table_id: str,
        seat: int,
        version: int,
        *,
        text: str | None = None,
        index: int | None = None,
        by_computer: bool = False,
        step: int | None = None,
    ) -> TableRuntime:
        """Play a move for ``seat`` (the caller has checked the token).

        In a window of simultaneous choices every seat that must still choose may move: the
        engine's seat plays at once, another seat's choice is stored and applied when the
        engine reaches it (with the choices queued behind it).

        Args:
            table_id: the table.
            seat: the acting seat.
            version: the version the move was chosen against.
            text: the move in the game's notation, or
            index: its index in the legal actions the seat was shown.
            by_computer: the move comes from the seat's computer (its own or a stand-in).
            step: in a window, the seat's stamp (the view's ``step``) the move was chosen
                against, instead of the version: the others' choices do not make it stale.

        Raises:
            TableError: 409 ``stale`` (the game moved on), 409 ``not_your_turn``,
                422 ``illegal`` (with the rule), 422 ``bad_move`` (neither or both of text
                and index, a bad index, unparsable text), 409 ``over``, 409 ``stood_in``
                (the computer plays this seat: take it back first), 409 ``time_out`` (the
                seat's time had run out when the move arrived), 409 ``chosen`` (the seat
                made all its choices of the window: the others must choose).
        """
        started = time.perf_counter()
        rt = await self.get(table_id)
        timed_out = await self.clocks.expire(rt)
        async with rt.lock:
            state = rt.state
            if rt.deleted:
                raise TableError(404, "no_table", f"there is no table {table_id!r}")
            plan = rt.plan()
            choice = plan.get(seat) if plan is not None and not by_computer else None
            if choice is not None and step is not None:  # a window's move: its seat's stamp
                if version < rt.window_version or step != rt.stamps.get(seat, 0):
                    raise TableError(409, "stale", "your choices changed since this move was chosen")
            elif version != rt.version:
                raise TableError(409, "stale", f"the game has moved on (version {rt.version}, you sent {version})")
            if rt.finished:
                raise TableError(409, "over", "the game is over")
            if by_computer != rt.computer_plays(seat):
                if by_computer:
                    raise TableError(409, "taken_back", f"{rt.who(seat)} plays this seat again")
                if seat in timed_out:
                    raise TableError(
                        409, "time_out", "your time ran out before this move arrived: take your seat back to play on"
                    )
                raise TableError(409, "stood_in", "the computer plays for this seat: take it back first")
            if choice is None and state.current_player != seat:
                if rt.queued.get(seat):
                    waiting = " and ".join(rt.who(s) for s in sorted(plan or ()))
                    raise TableError(409, "chosen", f"you have made your choice: waiting for {waiting}")
                name = rt.game.seat_name(state.current_player)
                raise TableError(409, "not_your_turn", f"it is {name}'s turn")
            legal = choice.legal if choice is not None else state.legal_actions()
            action = self._read_move(rt, legal, text, index, ahead=state.current_player != seat)
            if state.current_player == seat:
                await self._apply(rt, seat, action)
            else:
                await queue_choice(self.store, rt, seat, action, self.now())
            if plan is not None and not by_computer:
                rt.stamps[seat] = rt.stamps.get(seat, 0) + 1
        await self.broadcast(rt)
        self.computers.schedule(rt)
        log.info(
            "move",
            extra={"event": "move", "table": table_id, "seat": seat, "version": rt.version,
                   "latency_ms": round((time.perf_counter() - started) * 1000, 2)},
        )  # fmt: skip
        return rt

    @staticmethod
    def _read_move(rt: TableRuntime, legal: list[Action], text: str | None, index: int | None, ahead: bool) -> Action:
        """The move a seat sent (its notation or its index in ``legal``), checked.

        Args:
            ahead: the seat chooses ahead of the engine's turn (a window's choice).

        Raises:
            TableError: 422 ``bad_move`` (neither or both of text and index, a bad index,
                unparsable text), 422 ``illegal`` (with the rule).
        """
        if (text is None) == (index is None):
            raise TableError(422, "bad_move", "send either the move's notation or its index")
        if index is not None:
            if not 0 <= index < len(legal):
                raise TableError(422, "bad_move", f"there is no legal action {index} (0 to {len(legal) - 1})")
            return legal[index]
        assert text is not None
        try:
            action = rt.game.parse_action(text)
        except ActionSyntaxError as err:
            raise TableError(422, "bad_move", str(err)) from None
        if action not in legal:
            if ahead:
                choices = ", ".join(str(a) for a in legal)
                raise TableError(422, "illegal", f"{action} is not one of your choices now ({choices})")
            refusal = rt.state.illegal(action)
            raise TableError(422, "illegal", refusal.reason, refusal.rule)
        return action

    async def _apply(self, rt: TableRuntime, seat: int, action: Action) -> None:
        """Commit and apply ``action`` of the seat to act (under the table's lock), then the
        choices the other seats queued for the engine's next turns, in its order.

        Raises:
            TableError: 409 ``stale`` if another server process stored this index first.
        """
        after = rt.state.clone()
        after.apply(action)
        result = after.returns() if after.is_terminal else None
        clock = rt.clock.copy()
        clock.hand_over(rt.clock_settings, rt.clocked_seats(after, rt.queued_actions()), self.now())
        stored_clock = clock.to_json() if rt.clock_settings.active else None
        stored = await self.writes.action((rt.id, rt.version, str(action), seat, result, stored_clock))
        if not stored:
            # Another server process stored this index: catch up (or reload) from the database.
            self.moved_on(rt.id)
            raise TableError(409, "stale", "the game has moved on")
        advance(rt, action)
        rt.clock = clock
        while (step := next_queued(rt, self.now())) is not None:
            if not await asyncio.to_thread(store_queued, self.store, step):
                self.moved_on(rt.id)
                raise TableError(409, "stale", "the game has moved on")
            take_queued(rt, step)

    # --- deleting, rematches ------------------------------------------------------------

    async def delete(self, table_id: str, creator_key: str | None) -> None:
        """Delete a table nobody has played at yet, for its creator.

        Raises:
            TableError: 404 for an unknown table, 403 ``bad_key`` without the creator's key,
                409 ``started`` once an action has been played.
        """
        rt = await self.get(table_id)
        expected = rt.creator_hash
        if not creator_key or expected is None or not secrets.compare_digest(expected, hash_token(creator_key)):
            raise TableError(403, "bad_key", "only the table's creator can delete it (send the creator key)")
        async with rt.lock:
            if rt.deleted:
                raise TableError(404, "no_table", f"there is no table {table_id!r}")
            if rt.version > 0 or not await asyncio.to_thread(self.store.delete_table, table_id):
                raise TableError(409, "started", "the game has started: a table can be deleted only before")
            rt.deleted = True
            self.tables.pop(table_id, None)
            if rt.ai_task is not None:
                rt.ai_task.cancel()
            offered_at = [old for old in self.tables.values() if old.rematch == table_id]
            for old in offered_at:
                old.rematch = None
        await self.broadcast(rt)
        for old in offered_at:
            await self.broadcast(old)

    # --- several server processes ---------------------------------------------------------

    def moved_on(self, table_id: str, full: bool = False) -> None:
        """Another process changed the table first: with several processes, catch up in place
        (its WebSockets stay subscribed); alone, drop it to be reloaded on next use."""
        if self.news is not None:
            self.news.poke(table_id, full)
        else:
            self.tables.pop(table_id, None)

    async def catch_up(self, table_id: str, full: bool = False, news: list[dict[str, Any]] | None = None) -> None:
        """Bring a loaded table up to date with what other server processes stored, tell its
        seats and schedule its computer seat (:mod:`netjer.server.notify` calls it).

        Args:
            table_id: the table (one not loaded here is left alone: it is read when loaded).
            full: reload it in place (seats, chat, events, clocks: anything may have changed);
                otherwise only the actions after its version are read and applied.
            news: the payloads of the news of its actions (:mod:`netjer.server.notify`), in
                order: applied without reading the database when they join up with its version.
        """
        rt = self.tables.get(table_id)
        if rt is None:
            return
        changed = full
        applied: bool | None = None  # news applied: True, nothing new: False, not applicable: None
        if full:
            try:
                fresh = await asyncio.to_thread(self._load, table_id)
            except TableError:  # deleted by its creator through another process
                fresh = None
            async with rt.lock:
                if fresh is None:
                    rt.deleted = True
                    self.tables.pop(table_id, None)
                else:
                    for name in ("state", "seats", "logs", "notation", "clock", "forfeit", "chat", "rematch",
                                 "transcript", "hints_at"):  # fmt: skip
                        setattr(rt, name, getattr(fresh, name))
        elif news:
            async with rt.lock:
                applied = apply_news(rt, news)
            changed = bool(applied)
        if not full and applied is None:  # no news to apply: read the database
            actions, row = await asyncio.to_thread(self.store.actions_after, table_id, rt.version)
            async with rt.lock:
                for idx, notation in actions:
                    if idx < rt.version:
                        continue  # applied here meanwhile
                    if idx > rt.version:
                        break  # not expected: the full reload below fixes it
                    changed = True
                    if notation == UNDO:
                        undo_last(rt)
                    else:
                        advance(rt, rt.game.parse_action(notation))
                if row is not None and rt.clock_settings.active and row.clock_state:
                    rt.clock = ClockState.from_json(row.clock_state, rt.clock_settings, len(rt.seats))
                if row is not None and row.finished and row.result and not rt.state.is_terminal:
                    rt.forfeit = [float(x) for x in json.loads(row.result)]
            if actions and actions[-1][0] >= rt.version:
                self.moved_on(table_id, full=True)
        if changed:
            if rt.ai_task is not None and not rt.ai_task.done():
                rt.ai_task.cancel()  # it thinks about a position that is gone
            rt.ai_task = None
            await self.broadcast(rt)
            self.wake(rt)

    async def resync(self) -> None:
        """Reload every loaded table in place (after the news connection was lost: what was
        said meanwhile is read from the database)."""
        for table_id in list(self.tables):
            await self.catch_up(table_id, full=True)

    def wake(self, rt: TableRuntime) -> None:
        """Let ``rt``'s computer seat think if it is its turn (after a takeover, a catch-up)."""
        self.computers.schedule(rt)

    # --- what the lease sweep asks (netjer.server.leases.LeasedTables) ---------------------

    def running(self, table: str) -> bool:
        """Whether ``table`` is loaded here and unfinished."""
        rt = self.tables.get(table)
        return rt is not None and not rt.finished

    def stop_thinking(self, table: str) -> None:
        """Cancel ``table``'s computer seat's search here (another process holds its lease)."""
        rt = self.tables.get(table)
        if rt is not None and rt.ai_task is not None and not rt.ai_task.done():
            rt.ai_task.cancel()

    async def take_over(self, table: str) -> None:
        """Load ``table``, catch up with what the others stored (it may have been loaded long
        ago) and let its computer seat think."""
        rt = await self.get(table)
        await self.catch_up(table)
        self.wake(rt)

    # --- views ----------------------------------------------------------------------------

    def view(self, rt: TableRuntime, seat: int | None, log_from: int = 0, chat_from: int = 0) -> dict[str, Any]:
        """What ``seat`` (``None``: a spectator) is shown now (:func:`~netjer.server.seat_views.seat_view`
        with the clocks as they stand)."""
        return seat_view(rt, seat, self.clocks.view(rt), log_from, chat_from)

    async def hints_counted(self, rt: TableRuntime, seat: int, positions: set[int]) -> None:
        """Note that ``seat`` has been given hints at ``positions`` (versions, read from the
        database: :meth:`netjer.server.db.Store.give_hint`) and, if that changed, send the
        seats their views (``hints_left``)."""
        if rt.hints_at.get(seat) != positions:
            rt.hints_at[seat] = set(positions)
            await self.broadcast(rt)

    async def undo(self, table_id: str, seat: int, version: int) -> TableRuntime:
        """Take back ``seat``'s last decision: checked against the version it saw and the undo
        policy, stored as an ``undo`` entry (the action list stays append-only), then told.

        A seat with choices queued ahead of the engine's turn (a window of simultaneous
        choices) withdraws its last queued choice instead: it never reached the record, so
        only the queue changes and the seat must choose again (its clock runs again, without
        the increment its choice had earned).

        Raises:
            TableError: 404 for a deleted table, 409 ``stale`` (the game moved on), 409 ``over``,
                409 ``no_undo`` (with the policy's reason: another seat acted, something was
                revealed or drawn, another seat already chose in the window this decision
                began; a computer seat, or the computer standing in for this one).
        """
        rt = await self.get(table_id)
        async with rt.lock:
            if rt.deleted:
                raise TableError(404, "no_table", f"there is no table {table_id!r}")
            if version != rt.version:
                raise TableError(409, "stale", f"the game has moved on (version {rt.version}, you sent {version})")
            if rt.finished:
                raise TableError(409, "over", "the game is over")
            if rt.computer_plays(seat):
                raise TableError(409, "no_undo", N_("computer players never undo"))
            if rt.queued.get(seat):
                await withdraw_choice(self.store, rt, seat, self.now())
            else:
                assert rt.transcript is not None
                reason = why_not_undo(rt, seat)
                if reason is not None:
                    raise TableError(409, "no_undo", CANNOT_UNDO.format(reason=reason))
                # The seat to act is the one whose decision is taken back; in a window the
                # clocks are brought up to date just after.
                stored_clock = rt.clock.to_json() if rt.clock_settings.active else None
                stored = await self.writes.action((table_id, rt.version, UNDO, seat, None, stored_clock))
                if not stored:
                    self.moved_on(table_id)
                    raise TableError(409, "stale", "the game has moved on")
                if rt.ai_task is not None and not rt.ai_task.done():
                    rt.ai_task.cancel()  # a computer seat thinking about the position taken back
                rt.ai_task = None
                undo_last(rt)
                clock = rt.clock.copy()
                clock.hand_over(rt.clock_settings, rt.clocked_seats(), self.now())
                if clock != rt.clock:
                    await asyncio.to_thread(self.store.set_clock_state, table_id, clock.to_json())
                    rt.clock = clock
            if rt.window is not None:
                rt.stamps[seat] = rt.stamps.get(seat, 0) + 1
        await self.broadcast(rt)
        self.computers.schedule(rt)
        return rt

    def subscribe(self, rt: TableRuntime, seat: int | None, listener: Listener) -> None:
        """Send ``listener`` every new view of ``seat`` (a seat's connection: it is present)."""
        rt.listeners.setdefault(seat, set()).add(listener)
        if seat is not None:
            rt.connections[seat] = rt.connections.get(seat, 0) + 1
            rt.absent_since.pop(seat, None)

    def unsubscribe(self, rt: TableRuntime, seat: int | None, listener: Listener) -> None:
        """Stop sending views to ``listener`` (a seat's last connection closing starts its
        absence)."""
        listeners = rt.listeners.get(seat, set())
        if listener not in listeners:
            return
        listeners.discard(listener)
        if seat is not None:
            rt.connections[seat] = rt.connections.get(seat, 1) - 1
            if rt.connections[seat] <= 0:
                del rt.connections[seat]
                rt.absent_since[seat] = self.now()

    async def broadcast(self, rt: TableRuntime) -> None:
        for listeners in list(rt.listeners.values()):
            for listener in list(listeners):
                try:
                    await listener(rt)
                except Exception:  # a dead connection is dropped, the others still hear
                    listeners.discard(listener)
