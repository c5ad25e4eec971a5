"""Rating a game's computer levels against a pool of reference players (issue 35, item 4):
docs/levels.md, "Rated against a pool".

The **pool** of one game and player count is its levels (:mod:`netjer.agents.levels`) and
four reference players, the **anchors**: ``random``; the game's plain heuristic;
``heuristic:plan=rollout`` where the game's heuristic has that plan (Ankh's and Dioses del
Nilo's: a stronger heuristic that no level models; Aton's has none); and model-free ISMCTS,
``ismcts:iterations=N`` at the strongest level's iteration budget with random playouts and no
opponent model.  A level that plays a reference
player's specification is that player (one agent, one rating).  Every pair of the pool plays
(:func:`pool_pairs`), and one Bradley-Terry fit over all the games rates every agent.

**Multi-player games.** A pairing's games seat one agent once and fill the other seats with the
other agent.  Each game is split into pairwise results by :func:`win_results`: a seat that won
alone beats every other seat (1 against each); seats that share the win score ½ against each
other and 1 against every other seat; two seats that both lost are not compared.  So in a
game of equals each seat's expected wins and losses balance (a 5-player seat wins 4
comparisons with chance 1/5 and loses 1 with chance 4/5), and a game counts its winner's
result, not the order of the losers (Ankh's returns rank only the winner).  In two-player games
this is win 1, draw ½, loss 0.  The comparisons of one game are not independent: the
intervals resample whole games (percentile bootstrap), never single comparisons.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from netjer.agents.heuristic import heuristic_policy
from netjer.agents.levels import levels_for
from netjer.agents.registry import parse_agent_spec
from netjer.core.errors import ConfigError
from netjer.core.rng import Rng
from netjer.core.stats import wilson_interval
from netjer.sim.stats import PairResult, PairScore, elo_bootstrap, elo_ratings, pair_points

#: The anchors' short names, as the benchmark's options and output name them.
RANDOM, HEURISTIC, ROLLOUT, ISMCTS = "random", "heuristic", "rollout", "ismcts"


@dataclass(frozen=True)
class PoolAgent:
    """One player of the pool.

    Attributes:
        name: its short name: a level's name (``"strongest"``), or an anchor's (``"random"``,
            ``"heuristic"``, ``"rollout"``, ``"ismcts"``) when no level plays it.
        spec: its agent specification.
        label: the name with what it is (``"strong (heuristic)"``) for printing.
        level: the level it is, if any.
    """

    name: str
    spec: str
    label: str
    level: str | None


def pool_agents(game: str, players: int) -> list[PoolAgent]:
    """The pool of ``game`` with ``players`` seats, in **pool order**: the levels weakest first,
    ``rollout`` just after the heuristic and ``ismcts`` just before the strongest level (unless a
    level plays it: in Aton the strongest level is plain ISMCTS).  The order only decides which
    agent of a pairing holds the single seat in a game of more than two (:func:`pool_pairs`).

    Raises:
        ConfigError: if the game and player count have no levels, or its strongest level is
            not an ISMCTS with an iterations budget.
    """
    levels = levels_for(game, players)
    top = parse_agent_spec(levels[-1].spec)
    if top.kind != "ismcts" or "iterations" not in top.params:
        raise ConfigError(f"{game}: the strongest level is not an iterations-budget search ({levels[-1].spec})")
    anchors = {RANDOM: "random", HEURISTIC: "heuristic", ISMCTS: f"ismcts:iterations={top.params['iterations']}"}
    try:
        heuristic_policy(game, plan="rollout")
        anchors[ROLLOUT] = "heuristic:plan=rollout"
    except ConfigError:
        pass  # this game's heuristic has no rollout plan
    named = {spec: name for name, spec in anchors.items()}
    # (spec, level name or None), in pool order: random first, as the beginner level or not
    order: list[tuple[str, str | None]] = [] if levels[0].spec == anchors[RANDOM] else [(anchors[RANDOM], None)]
    for level in levels:
        if level is levels[-1] and level.spec != anchors[ISMCTS]:
            order.append((anchors[ISMCTS], None))
        order.append((level.spec, level.name))
        if level.spec == anchors[HEURISTIC] and ROLLOUT in anchors:
            order.append((anchors[ROLLOUT], None))
    if all(spec != anchors[HEURISTIC] for spec, _ in order):  # (every game has it as a level today)
        order[1:1] = [(anchors[HEURISTIC], None)] + ([(anchors[ROLLOUT], None)] if ROLLOUT in anchors else [])
    agents = []
    for spec, level_name in order:
        if level_name is None:
            agents.append(PoolAgent(named[spec], spec, named[spec], None))
        else:
            label = f"{level_name} ({named[spec]})" if spec in named else level_name
            agents.append(PoolAgent(level_name, spec, label, level_name))
    return agents


def pool_pairs(count: int) -> list[tuple[int, int]]:
    """Every pair of ``count`` agents in pool order, as ``(a, b)`` with ``a`` the later: the
    agent that holds the single seat of a game of more than two (the costlier search, so that a
    5-player game of a search against random moves runs one search, not four); the ladder's
    pairings (``(strong, casual)``...) come out as the ladder benchmark has always played them,
    so its logged games count."""
    return [(j, i) for j in range(count) for i in range(j)]


def win_results(players: Sequence[int], returns: Sequence[float]) -> list[PairResult]:
    """One game's pairwise results by the pool's rule (module docstring): only pairs of seats of
    different agents of which at least one holds the best return are compared; 1 to the higher
    return, ½ each when equal.

    Args:
        players: the agent in each seat.
        returns: each seat's return.

    Returns:
        The comparisons, each :class:`PairResult` ``(a, b, score)`` with ``score`` for the first.
    """
    best = max(returns)
    out = []
    for i in range(len(players)):
        for j in range(i + 1, len(players)):
            if players[i] == players[j] or (returns[i] != best and returns[j] != best):
                continue
            ri, rj = returns[i], returns[j]
            out.append(PairResult(players[i], players[j], 1.0 if ri > rj else (0.0 if ri < rj else 0.5)))
    return out


def pair_score(
    games: Sequence[Sequence[PairResult]], a: int, b: int, *, samples: int = 1000, seed: int = 0
) -> PairScore:
    """``a``'s :class:`~netjer.sim.stats.PairScore` against ``b`` by the pool's rule, over the
    games where both sat.

    Args:
        games: each game's comparisons (:func:`win_results`).
        a, b: agent indices.
        samples: bootstrap resamples of the interval.
        seed: seed of the resampling.

    Returns:
        The record, whose ``score`` is ``a``'s share of all the comparisons between them (0.5
        between equals at any number of seats), and whose ``interval`` is the wider of the
        percentile bootstrap (resampling games: it follows the comparisons' spread in games of
        several seats) and Wilson's interval of ``score`` over ``games`` trials (which a
        bootstrap of a clean sweep, a single point, lacks: 6 wins in 6 games give [0.61, 1],
        not [1, 1]).
    """
    per_game = pair_points(games, a, b)  # (a's points, comparisons) per game where both sat
    if not per_game:
        return PairScore.of_games(a, b, per_game, math.nan, (0.0, 1.0))
    score = sum(p for p, _ in per_game) / sum(n for _, n in per_game)
    rng = Rng(seed)
    draws_of_score = []
    for _ in range(samples):
        sample = [per_game[rng.below(len(per_game))] for _ in per_game]
        draws_of_score.append(sum(p for p, _ in sample) / sum(n for _, n in sample))
    draws_of_score.sort()
    wilson = wilson_interval(score * len(per_game), len(per_game))
    low = min(draws_of_score[int(0.025 * (samples - 1))], wilson[0])
    high = max(draws_of_score[math.ceil(0.975 * (samples - 1))], wilson[1])
    return PairScore.of_games(a, b, per_game, score, (low, high))


@dataclass(frozen=True)
class PoolFit:
    """The pool's ratings.

    Attributes:
        elo: per agent, its Elo (the anchor agent: 0), the Bradley-Terry maximum-likelihood fit
            of every game's :func:`win_results` (:func:`netjer.sim.stats.elo_ratings`, one
            virtual drawn game per pair that met).
        interval: per agent, the percentile-bootstrap 95% interval (resampling whole games).
        seats: per agent, the seats it held (an agent with none has no rating: its figures
            mean nothing).
        pairs: per pair that met, its :func:`pair_score` (``a`` the later in pool order).
    """

    elo: list[float]
    interval: list[tuple[float, float]]
    seats: list[int]
    pairs: list[PairScore]


def fit_pool(
    count: int,
    games: Sequence[tuple[Sequence[int], Sequence[float]]],
    *,
    anchor: int,
    bootstrap: int = 200,
    seed: int = 0,
) -> PoolFit:
    """Rate ``count`` agents from ``games``, each ``(players, returns)``: the agent in each seat
    and each seat's return.

    Args:
        count: agents are ``0 .. count-1``.
        games: the games played.
        anchor: the agent rated 0 (the game's heuristic).
        bootstrap: resamples of the intervals.
        seed: seed of the resampling.

    Raises:
        ValueError: if there are no games.
    """
    if not games:
        raise ValueError("no games to rate")
    split = [win_results(players, returns) for players, returns in games]
    elo = elo_ratings(count, [r for g in split for r in g], anchor=anchor)
    interval = elo_bootstrap(count, split, samples=bootstrap, anchor=anchor, seed=seed)
    seats = [0] * count
    for players, _ in games:
        for p in players:
            seats[p] += 1
    met = sorted({(max(r.a, r.b), min(r.a, r.b)) for g in split for r in g})
    pairs = [pair_score(split, a, b, seed=seed) for a, b in met]
    return PoolFit(elo, interval, seats, pairs)


def read_games(path: str) -> list[dict[str, Any]]:
    """The games of a tournament log (``benchmarks/logs/*.log``: one JSON object a line, as
    :func:`netjer.sim.tournament.result_to_log` writes them), each with at least ``seed``
    (int), ``seats`` (the agent specification in each seat) and ``returns`` (one number a
    seat).  Blank lines are skipped.

    Raises:
        ConfigError: for a line that is not such an object (naming the file and line).
    """
    rows = []
    with open(path, encoding="utf-8") as log:
        for number, line in enumerate(log, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
                seed, seats, returns = int(row["seed"]), row["seats"], row["returns"]
                if not (
                    isinstance(seats, list)
                    and isinstance(returns, list)
                    and len(seats) == len(returns) > 1
                    and all(isinstance(s, str) for s in seats)
                    and all(isinstance(v, int | float) for v in returns)
                ):
                    raise ValueError("seats and returns must be lists of one specification and one number a seat")
            except (ValueError, KeyError, TypeError) as err:
                raise ConfigError(f"{path}, line {number}: not a logged game ({err})") from None
            row["seed"] = seed
            rows.append(row)
    return rows


def pool_games(
    rows: Sequence[dict[str, Any]],
    specs: Sequence[str],
    seats: int,
    counted: set[tuple[int, tuple[str, ...]]],
) -> tuple[list[tuple[tuple[int, ...], tuple[float, ...]]], int]:
    """The games of another tournament's log that the pool can rate beside its own schedule
    (``benchmarks/levels.py --extra-log``: a strength run of a level against an anchor,
    ``benchmarks/strength.py``, whose games sit on other seeds than the pool's schedule).

    A game counts when it has ``seats`` seats, every seat's specification is one of ``specs``
    (two agents or more of the pool: a game against an agent outside the pool says nothing of
    the pool's ratings), and its seed and seats are not in ``counted`` (a game already counted,
    from the pool's own log or an earlier extra log, counts once; ``counted`` is **updated**).
    The log's own seat indices (``players``) are its tournament's, not the pool's: the seats'
    specifications decide.  The log does not record the game's options: the caller names logs
    of the pool's game and options only.

    Args:
        rows: logged games (:func:`read_games`).
        specs: the pool's agent specifications, in pool order (an index is an agent).
        seats: the pool's game's number of seats.
        counted: the ``(seed, seats' specifications)`` of the games already counted.

    Returns:
        The kept games as ``(players, returns)`` (pool indices, one return a seat), and how many
        rows were left out (not of this pool, or already counted).
    """
    index = {spec: k for k, spec in enumerate(specs)}
    kept: list[tuple[tuple[int, ...], tuple[float, ...]]] = []
    left = 0
    for row in rows:
        key = (int(row["seed"]), tuple(row["seats"]))
        players = tuple(index.get(spec, -1) for spec in key[1])
        if len(players) != seats or -1 in players or len(set(players)) < 2 or key in counted:
            left += 1
            continue
        counted.add(key)
        kept.append((players, tuple(float(v) for v in row["returns"])))
    return kept, left
