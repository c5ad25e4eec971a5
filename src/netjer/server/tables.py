"""Live tables: the state of each game in memory, rebuilt from the database by replay.

A move goes through :meth:`TableManager.play`: under the table's lock it is checked against
the version the player saw, against the rules, and then **committed to the database before
anyone is told of it**; only then is the in-memory state advanced and every connected seat
sent its own view.  A computer seat's move is computed in a worker pool off the event loop
(so a thinking bot never blocks other tables) and then goes through the same path.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from netjer.agents.ismcts import ISMCTSAgent
from netjer.agents.registry import AgentSpec, make_agent, parse_agent_spec
from netjer.core.action import Action
from netjer.core.errors import ActionSyntaxError, ConfigError, NetjerError
from netjer.core.game import Game
from netjer.core.state import State
from netjer.core.undo import UNDO, Transcript, UndoError
from netjer.core.view import PlayerView
from netjer.games.registry import make_game
from netjer.server.db import Store, hash_token
from netjer.server.workers import SearchPool

log = logging.getLogger("netjer.server")

#: A connected client: called with the table after every change; it sends its own view.
Listener = Callable[["TableRuntime"], Awaitable[None]]


class TableError(Exception):
    """A request about a table that cannot be served.

    Attributes:
        status: the HTTP status it maps to (403, 404, 409, 422).
        code: a short machine-readable code (``"stale"``, ``"illegal"``, ...).
        message: a sentence for the player.
        rule: for an illegal move, the rule that forbids it.
    """

    def __init__(self, status: int, code: str, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.rule = rule


@dataclass
class SeatInfo:
    """A seat: who plays it and the hash of its token (human seats)."""

    spec: str
    name: str | None
    token_hash: str | None

    @property
    def is_human(self) -> bool:
        """Whether a person plays this seat."""
        return self.spec == "human"


@dataclass
class TableRuntime:
    """A table in memory.

    Attributes:
        id: the table id.
        game: the game with its options.
        state: the current state (replayed from the stored actions).
        seats: who sits where.
        logs: per viewer (a seat, or ``None`` for spectators), the game so far in words:
            each action as that viewer saw it, then the public events it caused.
        notation: per viewer, the notation of the log lines that tell an action ("pick 7,6"),
            by line index; only where that viewer's words for it are the actor's own (nothing
            hidden from it), so the notation never tells more than the words.
        listeners: connected clients per viewer.
    """

    id: str
    game: Game
    state: State
    seats: list[SeatInfo]
    logs: dict[int | None, list[str]] = field(default_factory=dict)
    notation: dict[int | None, dict[int, str]] = field(default_factory=dict)
    listeners: dict[int | None, set[Listener]] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    ai_task: asyncio.Task[None] | None = None
    transcript: Transcript | None = None

    @property
    def version(self) -> int:
        """The number of entries stored (actions and undos, :mod:`netjer.core.undo`): a move is
        accepted only against the current one."""
        return len(self.transcript.entries) if self.transcript is not None else len(self.state.history)

    def viewers(self) -> list[int | None]:
        """Every seat, then the spectators (``None``)."""
        return [*range(self.game.num_players), None]


def _events(state: State, viewer: int | None) -> list[str]:
    events = state.observation(viewer).get("log", [])
    return [str(e) for e in events] if isinstance(events, list) else []


def legal_entries(game: Game, legal: list[Action]) -> list[dict[str, Any]]:
    """The legal actions as the web table lists them: ``index``, ``text`` (the notation),
    ``meaning`` (what it does, in one line: :meth:`RulesTexts.meaning`, ``""`` if the rules
    texts do not say) and ``term`` (the id of the rules entry that explains it, or None)."""
    try:
        texts = game.rules_texts()
    except NetjerError:  # a game without rules texts still plays
        texts = None
    out: list[dict[str, Any]] = []
    for i, a in enumerate(legal):
        text = str(a)
        term = texts.term_of(text) if texts is not None else None
        meaning = texts.meaning(text) if texts is not None else ""
        out.append({"index": i, "text": text, "meaning": meaning, "term": term.id if term else None})
    return out


def log_notation(runtime: TableRuntime, viewer: int | None, log_from: int = 0) -> list[str | None]:
    """For each of ``viewer``'s log lines from ``log_from`` on, the notation of the action it
    tells, or None (an event, or an action whose words hide something from ``viewer``)."""
    notes = runtime.notation.get(viewer, {})
    return [notes.get(i) for i in range(log_from, len(runtime.logs.get(viewer, [])))]


def advance(runtime: TableRuntime, action: Action) -> None:
    """Apply a legal action to the runtime's state and extend every viewer's log."""
    state = runtime.state
    described = {v: state.describe_action(action, v) for v in runtime.viewers()}
    before = {v: len(_events(state, v)) for v in runtime.viewers()}
    actor = state.current_player
    if runtime.transcript is not None:
        runtime.transcript.apply(action)
    else:
        state.apply(action)
    for v in runtime.viewers():
        if v == actor or described[v] == described[actor]:
            runtime.notation.setdefault(v, {})[len(runtime.logs.get(v, []))] = str(action)
        runtime.logs.setdefault(v, []).append(described[v])
        runtime.logs[v].extend(_events(state, v)[before[v] :])


def take_back(runtime: TableRuntime) -> None:
    """Undo the last action of the runtime's transcript (its actor's) and tell every viewer, in
    words that say no more than that viewer's words for the action did.

    Raises:
        UndoError: if the undo policy does not allow it.
    """
    transcript = runtime.transcript
    if transcript is None:
        raise UndoError("cannot undo: this table keeps no transcript")
    seat = transcript.last_actor()
    if seat is None:
        raise UndoError("cannot undo: there is nothing to take back")
    before = transcript.state.clone()
    transcript.undo(seat)
    runtime.state = transcript.state
    taken = before.history[-1]
    position = transcript.state
    for v in runtime.viewers():
        words = position.describe_action(taken, v)
        runtime.logs.setdefault(v, []).append(f"Taken back: {words}")


def compute_agent_action(
    game: str,
    options: dict[str, Any],
    seed: int,
    actions: list[str],
    seat: int,
    spec: str,
    max_seconds: float | None = None,
) -> str:
    """A computer seat's move, computed from the record alone (runs in a worker process).

    The agent is seeded from the game's seed, the seat and the move number, so a restarted
    server makes the same choice in the same position (for agents with a fixed budget).

    Args:
        max_seconds: the server's time cap per move, also imposed on a search budgeted in
            iterations (see ``ISMCTSAgent``'s ``max_seconds``): a search that finishes
            within it chooses as without it, a longer one is cut short rather than holding
            the worker that every table's computer seats share.  ``None``: no cap.
    """
    g = make_game(game, options)
    state = g.new_initial_state(seed)
    for text in actions:
        state.apply_text(text)
    agent = make_agent(spec, seed=seed * 1009 + seat * 7919 + len(actions))
    if isinstance(agent, ISMCTSAgent) and max_seconds is not None:
        agent.max_seconds = max_seconds
    return str(agent.choose(PlayerView(state, seat)))


class TableManager:
    """Every live table, their storage, and the computer seats' worker pool.

    Args:
        store: the database.
        ai_workers: worker processes for searching computer seats (ISMCTS); 0 runs them in
            a thread of this process (tests, tiny set-ups).  Cheap agents (random,
            heuristic) always run in a thread, so they never queue behind a long search.
        max_seconds: the longest thinking time per move a computer seat may be given; a
            search budgeted in iterations is also stopped after this time.
        max_iterations: the most search iterations per move a computer seat may be given.
    """

    def __init__(
        self, store: Store, ai_workers: int = 1, max_seconds: float = 60.0, max_iterations: int = 200_000
    ) -> None:
        self.store = store
        self.tables: dict[str, TableRuntime] = {}
        self._loading = asyncio.Lock()
        self._commits: asyncio.Queue[tuple[tuple[str, int, str, int, list[float] | None], asyncio.Future[bool]]] = (
            asyncio.Queue()
        )
        self._writer: asyncio.Task[None] | None = None
        self.max_seconds = max_seconds
        self.max_iterations = max_iterations
        self.quick: Executor = ThreadPoolExecutor(2, thread_name_prefix="netjer-agent")
        self.search: Executor
        if ai_workers > 0:
            self.search = SearchPool(ai_workers)  # workers that end with the server
        else:
            self.search = ThreadPoolExecutor(1, thread_name_prefix="netjer-search")

    async def close(self) -> None:
        """Cancel pending computer moves, end the workers (mid-search) and wait for all of it."""
        tasks = [rt.ai_task for rt in self.tables.values() if rt.ai_task is not None]
        if self._writer is not None:
            tasks.append(self._writer)
        for task in tasks:
            task.cancel()
        self.quick.shutdown(wait=False, cancel_futures=True)
        # A SearchPool ends its workers at once; a thread (ai_workers=0) cannot be stopped.
        await asyncio.to_thread(self.search.shutdown, wait=isinstance(self.search, SearchPool), cancel_futures=True)
        await asyncio.gather(*tasks, return_exceptions=True)  # none left pending or unobserved

    # --- creating, joining, loading -------------------------------------------------------

    async def create(
        self, game_name: str, options: dict[str, Any], seed: int | None, seats: list[dict[str, Any]]
    ) -> tuple[TableRuntime, dict[int, str]]:
        """Create a table; return it and the tokens of its human seats that are not open.

        Args:
            game_name: registry name.
            options: game options.
            seed: the game's seed (random if None).
            seats: per seat ``{"type": "human", "name": str?, "open": bool?}`` or
                ``{"type": "agent", "agent": spec}``.  An open human seat gets its token
                when someone joins it from the lobby.

        Raises:
            TableError: 422 for a bad game, option, seat list or agent.
        """
        try:
            game = make_game(game_name, options)
            if len(seats) != game.num_players:
                raise ConfigError(f"{game.title} with these options has {game.num_players} seats, got {len(seats)}")
            infos: list[SeatInfo] = []
            tokens: dict[int, str] = {}
            for i, seat in enumerate(seats):
                if seat.get("type") == "human":
                    token = None if seat.get("open") else secrets.token_urlsafe(24)
                    if token is not None:
                        tokens[i] = token
                    infos.append(SeatInfo("human", seat.get("name"), hash_token(token) if token else None))
                else:
                    text = seat.get("agent")
                    if not isinstance(text, str) or not text.strip():
                        raise ConfigError(f"seat {i}: an agent seat needs an agent spec, e.g. 'random'")
                    spec = parse_agent_spec(text)
                    if spec.is_human:
                        raise ConfigError(f"seat {i}: use type 'human' for a person")
                    make_agent(spec).prepare(game)  # validates the parameters' values first
                    self._check_budget(i, spec)
                    infos.append(SeatInfo(str(spec), seat.get("name") or str(spec), None))
        except NetjerError as err:
            raise TableError(422, "bad_table", str(err)) from None
        seed = seed if seed is not None else secrets.randbelow(2**31)
        table_id = secrets.token_urlsafe(8)
        await asyncio.to_thread(
            self.store.create_table,
            table_id,
            game.name,
            game.rules_version,
            game.options_dict(),
            seed,
            [(s.spec, s.name, s.token_hash) for s in infos],
        )
        rt = TableRuntime(table_id, game, game.new_initial_state(seed), infos)
        rt.transcript = Transcript(rt.state)
        rt.logs = {v: _events(rt.state, v) for v in rt.viewers()}
        self.tables[table_id] = rt
        self._schedule_ai(rt)
        return rt, tokens

    def _check_budget(self, seat: int, spec: AgentSpec) -> None:
        """Refuse a computer seat whose thinking budget exceeds the server's limits (the
        spec's numbers must have been validated, e.g. by building its agent)."""
        seconds = spec.params.get("time")
        iterations = spec.params.get("iterations")
        if seconds is not None and float(seconds) > self.max_seconds:
            raise ConfigError(f"seat {seat}: at most {self.max_seconds:g} seconds per move on this server")
        if iterations is not None and int(iterations) > self.max_iterations:
            raise ConfigError(f"seat {seat}: at most {self.max_iterations} iterations per move on this server")

    async def join(self, table_id: str, seat: int, name: str | None) -> str:
        """Claim an open human seat; return its token.

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
        token = secrets.token_urlsafe(24)
        claimed = await asyncio.to_thread(self.store.claim_seat, table_id, seat, hash_token(token), name)
        if not claimed:
            raise TableError(409, "seat_taken", f"seat {seat} is not open")
        info.token_hash, info.name = hash_token(token), name
        await self._broadcast(rt)
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
                self._schedule_ai(rt)
        return rt

    def _load(self, table_id: str) -> TableRuntime:
        row = self.store.table(table_id)
        if row is None:
            raise TableError(404, "no_table", f"there is no table {table_id!r}")
        game = make_game(row.game, json.loads(row.options))
        seats = [SeatInfo(s.spec, s.name, s.token_hash) for s in row.seats]
        rt = TableRuntime(table_id, game, game.new_initial_state(row.seed), seats)
        rt.transcript = Transcript(rt.state)
        rt.logs = {v: _events(rt.state, v) for v in rt.viewers()}
        for text in self.store.actions(table_id):
            if text == UNDO:
                take_back(rt)
            else:
                advance(rt, game.parse_action(text))
        return rt

    async def resume_all(self) -> int:
        """Load every unfinished table with a computer seat, so that those whose turn it is
        play on.

        Returns the number of tables loaded.
        """
        # Tables without computer seats wait for their players and load on first use.
        rows = await asyncio.to_thread(self.store.tables, finished=False, with_agents=True, limit=1_000_000)
        for row in rows:
            try:
                await self.get(row.id)
            except Exception:  # a table that cannot be replayed must not stop the others
                log.exception("table %s could not be resumed", row.id)
        return len(rows)

    # --- seats and moves --------------------------------------------------------------------

    def check_token(self, rt: TableRuntime, seat: int | None, token: str | None) -> None:
        """Allow ``seat`` (``None``: spectator, always allowed) only with its token.

        Raises:
            TableError: 404 for a seat the table does not have, 403 ``no_token`` when no
                token is given, 403 ``bad_token`` for a wrong one.
        """
        if seat is None:
            return
        if not 0 <= seat < len(rt.seats):
            raise TableError(404, "no_seat", f"table {rt.id} has no seat {seat}")
        if not token:
            raise TableError(
                403,
                "no_token",
                f"seat {seat} needs its token: send 'Authorization: Bearer <token>' (on the WebSocket: in the hello)",
            )
        expected = rt.seats[seat].token_hash
        if expected is None or not secrets.compare_digest(expected, hash_token(token)):
            raise TableError(403, "bad_token", f"that is not the token of seat {seat}")

    async def play(
        self, table_id: str, seat: int, version: int, *, text: str | None = None, index: int | None = None
    ) -> TableRuntime:
        """Play a move for ``seat`` (the caller has checked the token).

        Args:
            table_id: the table.
            seat: the acting seat.
            version: the version the move was chosen against.
            text: the move in the game's notation, or
            index: its index in the legal actions the seat was shown.

        Raises:
            TableError: 409 ``stale`` (the game moved on), 409 ``not_your_turn``,
                422 ``illegal`` (with the rule), 422 ``bad_move`` (neither or both of text
                and index, a bad index, unparsable text), 409 ``over``.
        """
        rt = await self.get(table_id)
        async with rt.lock:
            state = rt.state
            if version != rt.version:
                raise TableError(409, "stale", f"the game has moved on (version {rt.version}, you sent {version})")
            if state.is_terminal:
                raise TableError(409, "over", "the game is over")
            if state.current_player != seat:
                name = rt.game.seat_name(state.current_player)
                raise TableError(409, "not_your_turn", f"it is {name}'s turn")
            legal = state.legal_actions()
            if (text is None) == (index is None):
                raise TableError(422, "bad_move", "send either the move's notation or its index")
            if index is not None:
                if not 0 <= index < len(legal):
                    raise TableError(422, "bad_move", f"there is no legal action {index} (0 to {len(legal) - 1})")
                action = legal[index]
            else:
                assert text is not None
                try:
                    action = rt.game.parse_action(text)
                except ActionSyntaxError as err:
                    raise TableError(422, "bad_move", str(err)) from None
                if action not in legal:
                    refusal = state.illegal(action)
                    raise TableError(422, "illegal", refusal.reason, refusal.rule)
            # Commit first; tell afterwards.
            after = state.clone()
            after.apply(action)
            result = after.returns() if after.is_terminal else None
            stored = await self._commit((table_id, rt.version, str(action), seat, result))
            if not stored:
                # Another server process stored this index: reload from the database.
                self.tables.pop(table_id, None)
                raise TableError(409, "stale", "the game has moved on")
            advance(rt, action)
        await self._broadcast(rt)
        self._schedule_ai(rt)
        return rt

    async def _commit(self, item: tuple[str, int, str, int, list[float] | None]) -> bool:
        """Store one action; returns once it is durable (False: its index was taken).

        Moves of all tables share one writer that commits whatever has queued up in one
        transaction (group commit), so a disk sync is paid per batch, not per move.
        """
        if self._writer is None or self._writer.done():
            self._writer = asyncio.get_running_loop().create_task(self._write_loop())
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        await self._commits.put((item, future))
        return await future

    async def _write_loop(self) -> None:
        while True:
            first = await self._commits.get()
            batch = [first]
            while not self._commits.empty():
                batch.append(self._commits.get_nowait())
            try:
                stored = await asyncio.to_thread(self.store.append_actions, [item for item, _ in batch])
            except Exception as err:  # the database is gone: every waiting move fails
                for _, future in batch:
                    if not future.done():
                        future.set_exception(err)
                continue
            for (_, future), ok in zip(batch, stored, strict=True):
                if not future.done():
                    future.set_result(ok)

    # --- computer seats -------------------------------------------------------------------

    def _schedule_ai(self, rt: TableRuntime) -> None:
        state = rt.state
        if state.is_terminal or (rt.ai_task is not None and not rt.ai_task.done()):
            return
        seat = state.current_player
        if rt.seats[seat].is_human:
            return
        rt.ai_task = asyncio.get_running_loop().create_task(self._run_ai(rt, seat, rt.version))

    async def _run_ai(self, rt: TableRuntime, seat: int, version: int) -> None:
        row_options = rt.game.options_dict()
        actions = [str(a) for a in rt.state.history]
        loop = asyncio.get_running_loop()
        try:
            spec = parse_agent_spec(rt.seats[seat].spec)
            executor = self.search if spec.kind == "ismcts" else self.quick
            text = await loop.run_in_executor(
                executor,
                compute_agent_action,
                rt.game.name,
                row_options,
                rt.state.seed,
                actions,
                seat,
                rt.seats[seat].spec,
                self.max_seconds,
            )
            rt.ai_task = None
            await self.play(rt.id, seat, version, text=text)
        except asyncio.CancelledError:
            raise
        except TableError as err:
            log.warning("computer move on table %s refused: %s", rt.id, err.message)
        except Exception:
            rt.ai_task = None
            log.exception("computer seat %s on table %s failed", seat, rt.id)

    # --- views ----------------------------------------------------------------------------

    def view(self, rt: TableRuntime, seat: int | None, log_from: int = 0) -> dict[str, Any]:
        """What ``seat`` (``None``: a spectator) is shown: its observation, its legal actions
        when it is its turn, its log from ``log_from`` on, and the table's public facts."""
        state = rt.state
        game = rt.game
        to_move = None if state.is_terminal else state.current_player
        legal = state.legal_actions() if seat is not None and seat == to_move else []
        log_lines = rt.logs.get(seat, [])
        return {
            "type": "view",
            "table": rt.id,
            "game": game.name,
            "title": game.title,
            "seat": seat,
            "version": rt.version,
            "to_move": to_move,
            "finished": state.is_terminal,
            "result": state.returns() if state.is_terminal else None,
            "result_text": game.result_text(state.returns()) if state.is_terminal else None,
            "seats": [
                {
                    "seat": i,
                    "label": game.seat_name(i),
                    "name": info.name,
                    "kind": "human" if info.is_human else "agent",
                    "agent": None if info.is_human else info.spec,
                    "open": info.is_human and info.token_hash is None,
                }
                for i, info in enumerate(rt.seats)
            ],
            "observation": state.observation(seat),
            "legal": legal_entries(game, legal),
            "log_from": log_from,
            "log": log_lines[log_from:],
            "log_notation": log_notation(rt, seat, log_from),
            "can_undo": self.can_undo(rt, seat),
        }

    def can_undo(self, rt: TableRuntime, seat: int | None) -> bool:
        """Whether ``seat`` may take back its last decision now: a human seat, under the undo
        policy of :mod:`netjer.core.undo` (computer seats never undo)."""
        if seat is None or rt.transcript is None or not rt.seats[seat].is_human:
            return False
        return rt.transcript.can_undo(seat)

    async def undo(self, table_id: str, seat: int, version: int) -> TableRuntime:
        """Take back ``seat``'s last decision: checked against the version it saw and the undo
        policy, stored as an ``undo`` entry (the action list stays append-only), then told.

        Raises:
            TableError: 409 ``stale`` (the game moved on), 409 ``no_undo`` (with the policy's
                reason: another seat acted, something was revealed or drawn, a computer seat).
        """
        rt = await self.get(table_id)
        async with rt.lock:
            if version != rt.version:
                raise TableError(409, "stale", f"the game has moved on (version {rt.version}, you sent {version})")
            if not rt.seats[seat].is_human:
                raise TableError(409, "no_undo", "computer players never undo")
            assert rt.transcript is not None
            reason = rt.transcript.why_not_undo(seat)
            if reason is not None:
                raise TableError(409, "no_undo", f"cannot undo: {reason}")
            stored = await self._commit((table_id, rt.version, UNDO, seat, None))
            if not stored:
                self.tables.pop(table_id, None)
                raise TableError(409, "stale", "the game has moved on")
            if rt.ai_task is not None and not rt.ai_task.done():
                rt.ai_task.cancel()  # a computer seat thinking about the position taken back
            rt.ai_task = None
            take_back(rt)
        await self._broadcast(rt)
        self._schedule_ai(rt)
        return rt

    def subscribe(self, rt: TableRuntime, seat: int | None, listener: Listener) -> None:
        """Send ``listener`` every new view of ``seat``."""
        rt.listeners.setdefault(seat, set()).add(listener)

    def unsubscribe(self, rt: TableRuntime, seat: int | None, listener: Listener) -> None:
        """Stop sending views to ``listener``."""
        rt.listeners.get(seat, set()).discard(listener)

    async def _broadcast(self, rt: TableRuntime) -> None:
        for listeners in list(rt.listeners.values()):
            for listener in list(listeners):
                try:
                    await listener(rt)
                except Exception:  # a dead connection is dropped, the others still hear
                    listeners.discard(listener)

    def replay(self, rt: TableRuntime, seat: int | None) -> list[dict[str, Any]]:
        """Every step of the game as ``seat`` saw it: the observation before the first action
        and after each, with the action in words (the replay viewer)."""
        game = rt.game
        state = game.new_initial_state(rt.state.seed)
        steps: list[dict[str, Any]] = [{"version": 0, "action": None, "observation": state.observation(seat)}]
        for action in rt.state.history:
            words = state.describe_action(action, seat)
            state.apply(action)
            steps.append({"version": len(state.history), "action": words, "observation": state.observation(seat)})
        return steps
