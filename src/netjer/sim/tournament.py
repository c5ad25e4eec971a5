"""Tournaments: many seeded games between agent line-ups, on a process pool or a Ray cluster.

A tournament is a list of :class:`GameTask` (game, options, seed, who sits where); each
task is played by :func:`play_task`, a plain function of its task, so the same seeds give
the same per-game results whether the tasks run in this process, on a local process pool,
or on Ray workers, one by one or in batches.  Seats rotate from game to game so that every
agent plays every seat equally often.

Workers receive *batches* of tasks (:func:`play_batch`), sized to the games' measured
length (:func:`batch_size_for`), so that cheap games (random agents: a few milliseconds)
are not dominated by each task's round trip; results stream back as batches complete
(:func:`iter_results`).
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
import numbers
import os
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from netjer.agents.levels import resolve_agent
from netjer.agents.registry import make_agent, parse_agent_spec
from netjer.core.action import Action
from netjer.core.errors import ConfigError
from netjer.core.game import Game
from netjer.core.state import State
from netjer.core.stats import wilson_interval
from netjer.games.registry import make_game
from netjer.i18n import N_
from netjer.i18n_sentences import Sentence
from netjer.sim.match import play_match
from netjer.sim.stats import PairResult, PairScore, elo_bootstrap, elo_ratings, pair_points, pairwise_results

#: progress(done, total)
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class GameTask:
    """One game of a tournament.

    Attributes:
        index: position in the tournament (results are reported in this order).
        game: registry name of the game.
        options: game options.
        seed: the game's seed (agents are seeded from it and their seat).
        seats: the agent specification in each seat.
        players: the index (in the tournament's agent list) of the agent in each seat.
        facets: labels the tournament gives every seat of this game, beside the state's own
            ``report_facets()``: per facet name (a varied option, ``"equal_40_tie"``), the
            label (its value in this game, ``"continue"``).
    """

    index: int
    game: str
    options: dict[str, Any]
    seed: int
    seats: tuple[str, ...]
    players: tuple[int, ...]
    facets: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class GameResult:
    """The outcome of one :class:`GameTask`.

    Attributes:
        index, seed, players: copied from the task.
        returns: one return per seat.
        decisions: number of actions in the game.
        lead_changes: how often the leader of the public score changed (0 if the game has
            no public score).
        decided_at: the fraction of the game's decisions after which the final leader of
            the public score led for good (1.0 if the game has no public score).
        first_player: the seat that made the first decision.
        facets: the initial state's ``report_facets()`` and the task's own facets (a varied
            option's value): per facet (``"god"``), one label per seat (see
            :mod:`netjer.sim.facets`); empty if there are none.
        fingerprint: a digest of the game's options, setup labels and action sequence (16
            hex digits of SHA-256): two games with the same fingerprint were the same game
            (:func:`netjer.sim.report.sample_warnings` counts the distinct ones); empty in
            results saved before it existed.
    """

    index: int
    seed: int
    players: tuple[int, ...]
    returns: tuple[float, ...]
    decisions: int
    lead_changes: int
    decided_at: float
    first_player: int
    facets: dict[str, tuple[str, ...]] = field(default_factory=dict)
    fingerprint: str = ""


def game_fingerprint(
    options: dict[str, Any], actions: Sequence[Action], facets: dict[str, tuple[str, ...]] | None = None
) -> str:
    """16 hex digits of the SHA-256 of a game's options, setup labels (``facets``: the gods,
    the turn order, the Guardians drawn) and actions (see :attr:`GameResult.fingerprint`)."""
    digest = hashlib.sha256(repr((sorted(options.items()), sorted((facets or {}).items()))).encode())
    for a in actions:
        digest.update(b"\x00" + str(a).encode())
    return digest.hexdigest()[:16]


def _whole(name: str, value: Any, minimum: int | None = None) -> None:
    """Raise ConfigError unless ``value`` is an integer (not a bool), at least ``minimum``."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ConfigError(f"{name} must be a whole number, got {value!r}")
    if minimum is not None and value < minimum:
        raise ConfigError(f"{name} must be at least {minimum}, got {value}")


#: The analysis option that seats the scenario's start positions apart from the turn order
#: (:func:`schedule`'s ``rotate_starts``; Ankh's ``start_rotation``).
START_ROTATION = "start_rotation"


def schedule(
    game: str,
    agents: Sequence[str],
    games: int,
    *,
    options: dict[str, Any] | None = None,
    seed: int = 0,
    variants: Sequence[dict[str, Any]] = (),
    rotate_starts: bool = False,
) -> list[GameTask]:
    """The tasks of a tournament with seats rotated.

    Args:
        game: registry name.
        agents: agent specifications or level names (:mod:`netjer.agents.levels`: the
            tasks hold the level's specification); with fewer than the game's seats, the
            last one fills the remaining seats (``ismcts,heuristic`` in a 4-player game: one
            ISMCTS seat and three heuristic seats).
        games: number of games.
        options: game options.
        seed: game ``i`` is played with seed ``seed + i``.
        variants: option sets to compare (e.g. one per scenario), each merged over
            ``options``: the games are shared evenly among them (the first ``games mod
            len(variants)`` get one more), each variant rotating the seats over its own
            games (full rotations when its share is a multiple of the seats), in turns of one
            rotation per variant.  Every game is labelled with the value of each option the
            variants set (a game facet named after the option, see :attr:`GameTask.facets`),
            unless the game's own facet of that name already gives that value (Ankh's
            ``scenario``); if the game's facet of that name says something else, the value
            goes under ``"NAME (varied)"``.  Every variant must keep the number of seats.
        rotate_starts: also vary the game's :data:`START_ROTATION` option over 0 to seats - 1
            (crossed with ``variants``), so that every start position is played from every
            turn position equally often (with a multiple of seats x seats x variants games):
            a start position's effect and a turn position's can then be told apart.

    Returns:
        The tasks, in the order of their ``index``.

    Raises:
        ConfigError: for a bad game, option or agent specification, ``agents`` given as one
            string, ``games`` or ``seed`` not a whole number (``games`` < 1), more agents
            than seats, a human agent, variants with different numbers of seats, fewer games
            than variants, or ``rotate_starts`` for a game without start positions or with
            ``start_rotation`` already set.
    """
    _whole("games", games, 1)
    _whole("seed", seed)
    if isinstance(agents, str):
        raise ConfigError(f"agents must be a list of agent specifications, e.g. [{agents!r}], not a string")
    base = dict(options or {})
    if rotate_starts:
        variants = _rotated_starts(game, base, variants)
    setups = [make_game(game, {**base, **v}) for v in variants] if variants else [make_game(game, base)]
    g = setups[0]
    n = g.num_players
    if any(v.num_players != n for v in setups):
        message = N_("every variant must have the same number of seats; run player counts separately")
        raise ConfigError(Sentence(message))
    if games < len(setups):
        message = N_(
            "{sets} option sets to compare (--vary) need at least {sets} games, one each; {games} asked for (--games)"
        )
        raise ConfigError(Sentence(message, sets=len(setups), games=games))
    if not agents:
        raise ConfigError(Sentence(N_("name at least one agent")))
    if len(agents) > n:
        message = N_("{game} has {seats} seats; {agents} agents were named")
        raise ConfigError(Sentence(message, game=Sentence(g.title), seats=n, agents=len(agents)))
    agents = [resolve_agent(a, g.name, n) for a in agents]
    for spec in agents:
        if parse_agent_spec(spec).is_human:
            raise ConfigError(Sentence(N_("a tournament is played by computer agents only")))
        make_agent(spec).prepare(g)  # validate parameters and needs now, not in a worker
    labels = _variant_facets(setups, variants, base, seed)
    lineup = list(range(len(agents))) + [len(agents) - 1] * (n - len(agents))
    share, extra = divmod(games, len(setups))
    quotas = [share + (k < extra) for k in range(len(setups))]
    made = [0] * len(setups)
    tasks: list[GameTask] = []
    while len(tasks) < games:
        for k, setup in enumerate(setups):  # one rotation of the seats per variant in turn
            for _ in range(min(n, quotas[k] - made[k])):
                shift = made[k] % n
                made[k] += 1
                players = tuple(lineup[(s - shift) % n] for s in range(n))
                i = len(tasks)
                tasks.append(
                    GameTask(
                        index=i,
                        game=game,
                        options=dict(setup.options_dict()),
                        seed=seed + i,
                        seats=tuple(agents[p] for p in players),
                        players=players,
                        facets=dict(labels[k]),
                    )
                )
    return tasks


def _rotated_starts(game: str, base: dict[str, Any], variants: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """``variants`` (or the base options) crossed with every value of :data:`START_ROTATION`."""
    g = make_game(game, base)
    if START_ROTATION not in type(g).options_model.model_fields:
        message = N_("{game} has no start positions to rotate (no option {option})")
        raise ConfigError(Sentence(message, game=Sentence(g.title), option=START_ROTATION))
    if START_ROTATION in base or any(START_ROTATION in v for v in variants):
        message = N_("rotating the start positions sets {option}; do not give it as well")
        raise ConfigError(Sentence(message, option=START_ROTATION))
    n = g.num_players
    return [{**v, START_ROTATION: r} for v in (variants or [{}]) for r in range(n)]


def schedule_pairings(
    game: str,
    agents: Sequence[str],
    pairs: Sequence[tuple[int, int]],
    games: int | Sequence[int],
    *,
    options: dict[str, Any] | None = None,
    seed: int = 0,
) -> list[GameTask]:
    """The tasks of a tournament of head-to-head pairings among ``agents`` (a ladder, or
    every pair): each pair ``(a, b)`` plays ``games`` games as :func:`schedule` would with
    the agents ``[agents[a], agents[b]]`` (seats rotated; in a game of more seats, ``b``
    fills the other seats), its games' ``players`` naming indices of ``agents``, so that
    :func:`summarize` over all the results rates every agent on one Elo scale.

    Args:
        game, options: as for :func:`schedule`.
        agents: agent specifications or level names.
        pairs: index pairs into ``agents``, each of two different agents.
        games: games per pair, or one number per pair (a costly pairing may play fewer; 0
            skips it).
        seed: every pair plays the games of seeds ``seed`` to ``seed + games - 1``.

    Returns:
        The tasks of every pair, pair after pair, ``index`` numbering them all.

    Raises:
        ConfigError: as :func:`schedule`, or for a pair that is out of range or names one
            agent twice, no pair, or a list of game counts not one per pair.
    """
    if not pairs:
        raise ConfigError("name at least one pairing")
    counts = [games] * len(pairs) if isinstance(games, int) else list(games)
    if len(counts) != len(pairs):
        raise ConfigError(f"{len(counts)} game counts for {len(pairs)} pairings; give one per pairing")
    tasks: list[GameTask] = []
    for (a, b), count in zip(pairs, counts, strict=True):
        if not (0 <= a < len(agents) and 0 <= b < len(agents)) or a == b:
            raise ConfigError(f"pairing {(a, b)} must name two different agents of {len(agents)}")
        if count == 0:
            continue
        for task in schedule(game, [agents[a], agents[b]], count, options=options, seed=seed):
            tasks.append(replace(task, index=len(tasks), players=tuple((a, b)[p] for p in task.players)))
    return tasks


def head_to_head(results: Sequence[GameResult], a: int, b: int) -> PairScore:
    """How agent ``a`` fared against agent ``b`` over the games where both played.

    Args:
        results: the games.
        a, b: agent indices (of the tournament's agent list).

    Returns:
        The :class:`~netjer.sim.stats.PairScore` whose ``score`` is ``a``'s mean per-game
        score against ``b``: in each game, the mean over every (``a`` seat, ``b`` seat) of 1 if
        ``a``'s return is higher, 0.5 if equal, 0 if lower (in two-player games: win 1, draw
        0.5, loss 0); and whose ``interval`` is Wilson's 95% interval of ``score`` over
        ``games`` trials (per-game scores between 0 and 1 count as fractional successes:
        conservative when ``a`` meets several ``b`` seats, whose per-game score varies less
        than a single outcome).
    """
    per_game = pair_points((pairwise_results(r.players, r.returns) for r in results), a, b)
    total = sum(points / n for points, n in per_game)
    score = total / len(per_game) if per_game else math.nan
    return PairScore.of_games(a, b, per_game, score, wilson_interval(total, len(per_game)))


def _variant_facets(
    setups: Sequence[Game], variants: Sequence[dict[str, Any]], base: dict[str, Any], seed: int
) -> list[dict[str, str]]:
    """Per variant, the game facets that label its games with the varied options' values
    (see :func:`schedule`); ``[{}]`` without variants."""
    if not variants:
        return [{}]
    keys = list(dict.fromkeys(k for v in variants for k in v))
    own = [setup.new_initial_state(seed).report_facets() for setup in setups]
    labels: list[dict[str, str]] = [{} for _ in setups]
    for key in keys:
        values = [
            str(v.get(key, base.get(key, setup.options_dict().get(key))))
            for v, setup in zip(variants, setups, strict=True)
        ]
        if all(key in f for f in own):
            if all(set(f[key]) == {value} for f, value in zip(own, values, strict=True)):
                continue  # the game already labels its games with this value
            name = f"{key} (varied)"
        else:
            name = key
        for k, value in enumerate(values):
            labels[k][name] = value
    return labels


def play_task(task: GameTask) -> GameResult:
    """Play one task to the end (a pure function of the task: same task, same result)."""
    game = make_game(task.game, task.options)
    agents = [make_agent(spec, seed=task.seed * 1009 + seat) for seat, spec in enumerate(task.seats)]
    leader: list[int | None] = [None]
    changes = [0]
    since = [0]  # decision index from which the current leader has led

    def follow(state: State, seat: int, action: Action) -> None:
        scores = state.public_scores()
        if not scores:
            return
        best = max(scores)
        leaders = [s for s, v in enumerate(scores) if v == best]
        now = leaders[0] if len(leaders) == 1 else None
        if now != leader[0]:
            if leader[0] is not None and now is not None:
                changes[0] += 1
            leader[0] = now
            since[0] = len(state.history)

    state = game.new_initial_state(task.seed)
    first = state.current_player
    facets = {name: tuple(labels) for name, labels in state.report_facets().items()}
    for name, label in task.facets.items():
        facets.setdefault(name, (label,) * game.num_players)
    final = play_match(game, agents, task.seed, state=state, on_action=follow)
    options = game.options_dict()
    return GameResult(
        index=task.index,
        seed=task.seed,
        players=task.players,
        returns=tuple(final.returns()),
        decisions=len(final.history),
        lead_changes=changes[0],
        decided_at=since[0] / len(final.history) if final.public_scores() and final.history else 1.0,
        first_player=first,
        facets=facets,
        fingerprint=game_fingerprint(options, final.history, facets),
    )


def play_batch(tasks: Sequence[GameTask]) -> list[GameResult]:
    """Play several tasks one after the other (what a worker receives: a batch of game and
    agent specifications, never a state); a pure function of its tasks."""
    return [play_task(t) for t in tasks]


#: Seconds of play a batch should hold: long beside a task's round trip (about 1 ms on a
#: process pool, 0.5-0.8 ms on Ray), short enough to balance the workers' loads (random
#: Ankh games vary from a few to tens of milliseconds).
BATCH_SECONDS = 0.05
#: Batches per worker at least (so a long batch at the end does not leave workers idle).
BATCHES_PER_WORKER = 16


def batch_size_for(seconds_per_game: float, games: int, workers: int) -> int:
    """Games per batch: :data:`BATCH_SECONDS` of play, but at least
    :data:`BATCHES_PER_WORKER` batches per worker, and at least one game.

    Args:
        seconds_per_game: measured duration of one game (seconds).
        games: games left to play.
        workers: parallel workers.
    """
    by_time = int(BATCH_SECONDS / max(seconds_per_game, 1e-6))
    by_balance = games // (workers * BATCHES_PER_WORKER)
    return max(1, min(by_time, by_balance))


def batches(tasks: Sequence[GameTask], size: int, workers: int | None = None) -> list[list[GameTask]]:
    """``tasks`` cut into consecutive batches of ``size`` (the last one may be shorter).

    With ``workers``, the batches shrink towards the end ("guided" scheduling, as OpenMP's
    ``schedule(guided)``): each holds at most half of the games left per worker, so that the
    workers finish together instead of one waiting for another's last full batch.
    """
    if workers is None:
        return [list(tasks[i : i + size]) for i in range(0, len(tasks), size)]
    parts = []
    start = 0
    while start < len(tasks):
        left = len(tasks) - start
        step = max(1, min(size, -(-left // (2 * workers))))
        parts.append(list(tasks[start : start + step]))
        start += step
    return parts


def iter_results(
    tasks: Sequence[GameTask],
    *,
    workers: int = 1,
    ray_address: str | None = None,
    batch_size: int | None = None,
) -> Iterator[GameResult]:
    """Play every task; yield each result as soon as its batch completes (completion order).

    Args:
        tasks: from :func:`schedule`.
        workers: local worker processes (1 = this process).  With Ray, the number of
            workers the batches are sized for (default: the cluster's CPUs).
        ray_address: a Ray cluster (``"auto"``, ``"ray://host:10001"``, or ``"local"`` to
            start a local Ray instance); ``None`` uses the local process pool.
        batch_size: games per batch, at most (the last batches are smaller, so that the
            workers finish together: :func:`batches`); ``None`` sizes batches to the games' length: the first
            game is played here and timed (its result is kept), then
            :func:`batch_size_for` decides; 1 ships one game per task.

    Raises:
        ConfigError: if Ray is asked for but not installed or cannot be reached, or
            ``workers`` or ``batch_size`` is not a whole number >= 1.
    """
    _whole("workers", workers)
    if workers < 1:
        raise ConfigError(f"--workers must be at least 1, got {workers}")
    if batch_size is not None:
        _whole("the batch size", batch_size)
        if batch_size < 1:
            raise ConfigError(f"the batch size must be at least 1, got {batch_size}")
    if ray_address is None and workers == 1:
        for task in tasks:
            yield play_task(task)
        return
    ray = connect_ray(ray_address) if ray_address is not None else None
    rest = list(tasks)
    if ray is not None and workers == 1:
        workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
    if batch_size is None and rest:
        start = time.perf_counter()
        yield play_task(rest.pop(0))
        batch_size = batch_size_for(time.perf_counter() - start, len(rest), workers)
    parts = batches(rest, batch_size or 1, workers)
    if ray is not None:
        yield from _ray_batches(ray, parts)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(play_batch, part) for part in parts]
        for future in as_completed(futures):
            yield from future.result()


def run_tasks(
    tasks: Sequence[GameTask],
    *,
    workers: int = 1,
    ray_address: str | None = None,
    progress: Progress | None = None,
    batch_size: int | None = None,
) -> list[GameResult]:
    """Play every task (see :func:`iter_results`); return the results in task order.

    Args:
        tasks, workers, ray_address, batch_size: as for :func:`iter_results`.
        progress: called after each finished game with (done, total).

    Raises:
        ConfigError: as :func:`iter_results`.
    """
    total = len(tasks)
    results: list[GameResult] = []
    for result in iter_results(tasks, workers=workers, ray_address=ray_address, batch_size=batch_size):
        results.append(result)
        if progress is not None:
            progress(len(results), total)
    return sorted(results, key=lambda r: r.index)


def result_to_log(result: GameResult, seats: Sequence[str]) -> str:
    """One line of a tournament's game log (JSON, no newline): ``result`` with the agent
    specification of each seat (``seats``), what :func:`read_log` matches a task by."""
    return json.dumps({**asdict(result), "seats": list(seats)})


def result_from_log(row: dict[str, Any], task: GameTask) -> GameResult:
    """The :class:`GameResult` of ``task`` from its logged JSON form (a row written by
    :func:`result_to_log`, parsed); the index and players are the task's, so a log written by
    another tournament of the same games fits this one.

    Raises:
        KeyError, TypeError: if ``row`` is not a logged result.
    """
    fields = {k: v for k, v in row.items() if k != "seats"}
    fields.update(index=task.index, players=tuple(task.players), returns=tuple(row["returns"]))
    fields["facets"] = {k: tuple(v) for k, v in row.get("facets", {}).items()}
    return GameResult(**fields)


def read_log(path: str, tasks: Sequence[GameTask]) -> dict[int, GameResult]:
    """The games of ``tasks`` already played in the log at ``path`` (JSON lines of
    :func:`result_to_log`), by task index: a logged game counts for a task when it had the
    same seed and the same agent specification in every seat.  A missing file holds none.

    Raises:
        ConfigError: if a line is not a logged result (naming the file and line).
    """
    if not os.path.exists(path):
        return {}
    logged: dict[tuple[int, tuple[str, ...]], dict[str, Any]] = {}
    with open(path, encoding="utf-8") as log:
        for number, line in enumerate(log, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
                logged[(int(row["seed"]), tuple(row["seats"]))] = row
            except (ValueError, KeyError, TypeError) as err:
                raise ConfigError(f"{path}, line {number}: not a logged game ({err})") from None
    done = {}
    for task in tasks:
        row = logged.get((task.seed, tuple(task.seats)))
        if row is not None:
            try:
                done[task.index] = result_from_log(row, task)
            except (KeyError, TypeError) as err:
                raise ConfigError(f"{path}: the game of seed {task.seed} is not a logged result ({err})") from None
    return done


def connect_ray(address: str) -> Any:
    """The ``ray`` module, connected to ``address`` (see :func:`iter_results`).

    Raises:
        ConfigError: if Ray is not installed, or the cluster cannot be reached (none
            running for ``"auto"``, a malformed address, Ray's client missing for
            ``ray://``): Ray's own message, with the address.
    """
    try:
        import ray  # noqa: PLC0415 - optional dependency
    except ImportError:
        raise ConfigError("Ray is not installed: pip install 'netjer[ray]'") from None
    if not ray.is_initialized():
        try:
            if address == "local":
                ray.init(num_cpus=os.cpu_count(), include_dashboard=False, log_to_driver=False)
            else:
                ray.init(address=address, log_to_driver=False)
        except (ConnectionError, ValueError, RuntimeError, TimeoutError) as err:
            raise ConfigError(
                f"cannot use the Ray cluster at {address!r}: {err} "
                "(start one with `ray start --head`, or use 'local' to start one here)"
            ) from None
    return ray


@functools.cache
def _remote_play_batch(ray: Any) -> Any:
    """:func:`play_batch` as a Ray remote function, made once per process: Ray exports a
    remote function's code to its cluster on first use, so one tournament after another
    reuses the export instead of repeating it."""
    return ray.remote(play_batch)


def _ray_batches(ray: Any, parts: Sequence[list[GameTask]]) -> Iterator[GameResult]:
    """Each batch as one Ray task (its game and agent specifications); results as batches
    complete."""
    remote = _remote_play_batch(ray)
    pending = [remote.remote(part) for part in parts]
    while pending:
        ready, pending = ray.wait(pending, num_returns=1)
        for ref in ready:
            yield from ray.get(ref)


@dataclass
class AgentSummary:
    """One agent's results in a tournament.

    Attributes:
        name: its specification.
        games: seats it played (an agent filling several seats counts each).
        wins, draws, losses: outcomes per seat: a win is the unique best return, a draw a
            shared best return, a loss anything else.
        score: (wins + draws / 2) / games.
        score_interval: Wilson 95% interval of ``score``.
        elo, elo_interval: Elo rating (the first agent is 0) and its bootstrap 95% interval.
    """

    name: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    score: float = 0.0
    score_interval: tuple[float, float] = (0.0, 1.0)
    elo: float = 0.0
    elo_interval: tuple[float, float] = (0.0, 0.0)


@dataclass
class TournamentSummary:
    """A tournament's table and game statistics."""

    game: str
    agents: list[AgentSummary]
    games: int
    mean_decisions: float
    mean_lead_changes: float
    seat_scores: list[tuple[float, tuple[float, float]]] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        """JSON-serialisable form."""
        return asdict(self)


def outcome(returns: Sequence[float], seat: int) -> str:
    """``"win"``, ``"draw"`` or ``"loss"`` for ``seat`` given a game's returns.

    Equal returns are a draw, except when they are negative: then everyone lost (Ankh's
    gods all forgotten; ``Game.result_text`` says "Everyone loses").
    """
    best = max(returns)
    if returns[seat] < best:
        return "loss"
    if sum(1 for r in returns if r == best) == 1:
        return "win"
    return "loss" if best < 0 and min(returns) == best else "draw"


def summarize(
    game: str, agents: Sequence[str], results: Sequence[GameResult], *, bootstrap: int = 200
) -> TournamentSummary:
    """Win rates with Wilson intervals, Elo with bootstrap intervals, lengths, seat scores."""
    table = [AgentSummary(name=a) for a in agents]
    per_game: list[list[PairResult]] = []
    n_seats = len(results[0].returns) if results else 0
    seat_points = [0.0] * n_seats
    for r in results:
        for seat, player in enumerate(r.players):
            row = table[player]
            row.games += 1
            kind = outcome(r.returns, seat)
            if kind == "win":
                row.wins += 1
                seat_points[seat] += 1
            elif kind == "draw":
                row.draws += 1
                seat_points[seat] += 0.5
            else:
                row.losses += 1
        per_game.append(pairwise_results(r.players, r.returns))
    for row in table:
        if row.games:
            points = row.wins + 0.5 * row.draws
            row.score = points / row.games
            row.score_interval = wilson_interval(points, row.games)
    if len(agents) > 1 and results:
        flat = [p for g in per_game for p in g]
        ratings = elo_ratings(len(agents), flat)
        intervals = elo_bootstrap(len(agents), per_game, samples=bootstrap)
        for row, rating, interval in zip(table, ratings, intervals, strict=True):
            row.elo, row.elo_interval = rating, interval
    n = len(results)
    return TournamentSummary(
        game=game,
        agents=table,
        games=n,
        mean_decisions=sum(r.decisions for r in results) / n if n else math.nan,
        mean_lead_changes=sum(r.lead_changes for r in results) / n if n else math.nan,
        seat_scores=[(p / n, wilson_interval(p, n)) for p in seat_points] if n else [],
    )
