"""Statistics for tournaments: Elo ratings with bootstrap intervals (the Wilson score
interval of a proportion is :mod:`netjer.core.stats`).

* Elo ratings are the maximum-likelihood Bradley-Terry strengths (R. A. Bradley & M. E.
  Terry, Biometrika 39, 1952), fitted by the minorization-maximization iteration of
  D. R. Hunter, "MM algorithms for generalized Bradley-Terry models", Annals of Statistics
  32 (2004), and expressed on the Elo scale: a difference of ``400 * log10(p / (1 - p))``
  for an expected score ``p``.  A draw counts as half a win for each side.  Intervals come
  from the percentile bootstrap over games (Efron & Tibshirani 1993).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from netjer.core.rng import Rng


@dataclass(frozen=True)
class PairResult:
    """One pairwise outcome: ``score`` is 1 if ``a`` beat ``b``, 0.5 a draw, 0 a loss."""

    a: int
    b: int
    score: float


def pairwise_results(players: Sequence[int], returns: Sequence[float]) -> list[PairResult]:
    """Split one game into pairwise outcomes by final return (multi-player games).

    Args:
        players: the player (agent index) in each seat.
        returns: the returns, one per seat.

    Returns:
        One :class:`PairResult` per pair of seats held by different players.
    """
    out = []
    for i in range(len(players)):
        for j in range(i + 1, len(players)):
            if players[i] == players[j]:
                continue
            ri, rj = returns[i], returns[j]
            out.append(PairResult(players[i], players[j], 1.0 if ri > rj else (0.0 if ri < rj else 0.5)))
    return out


@dataclass(frozen=True)
class PairScore:
    """Agent ``a`` against agent ``b`` over the games where both sat, scored by one of two rules:
    :func:`netjer.sim.tournament.head_to_head` (every game's comparisons of an ``a`` seat with a
    ``b`` seat, :func:`pairwise_results`) or :func:`netjer.sim.pool.pair_score` (the pool's
    comparisons, :func:`netjer.sim.pool.win_results`); the function that makes it says how
    ``score`` and ``interval`` follow from the games.

    Attributes:
        a, b: agent indices.
        games: games where both sat (and were compared at least once).
        score: ``a``'s score against ``b``, from 0 to 1 (0.5 between equals); ``nan`` without games.
        interval: a 95% interval of ``score``; ``(0.0, 1.0)`` without games.
        wins, draws, losses: games in which ``a`` won more than half, exactly half and less
            than half of its comparisons with ``b`` (in two-player games: ``a``'s wins, draws
            and losses).
    """

    a: int
    b: int
    games: int
    score: float
    interval: tuple[float, float]
    wins: int
    draws: int
    losses: int

    @classmethod
    def of_games(
        cls, a: int, b: int, per_game: Sequence[tuple[float, float]], score: float, interval: tuple[float, float]
    ) -> PairScore:
        """The record of ``score`` and ``interval``, with the games and their wins, draws and
        losses counted from ``per_game`` (:func:`pair_points`)."""
        wins = sum(1 for points, n in per_game if points > n / 2)
        draws = sum(1 for points, n in per_game if points == n / 2)
        return cls(a, b, len(per_game), score, interval, wins, draws, len(per_game) - wins - draws)


def pair_points(games: Iterable[Sequence[PairResult]], a: int, b: int) -> list[tuple[float, float]]:
    """``a``'s points against ``b`` in each game: per game in which they were compared at least
    once, ``(points, comparisons)``, a comparison giving ``a`` 1 for a win, 0.5 for a draw and 0
    for a loss.

    Args:
        games: each game's pairwise results (:class:`PairResult`, in either order of the pair).
        a, b: the two agents.

    Returns:
        One ``(points, comparisons)`` a game where ``a`` and ``b`` met, in game order.
    """
    per_game = []
    for results in games:
        points = n = 0.0
        for r in results:
            if {r.a, r.b} == {a, b}:
                points += r.score if r.a == a else 1.0 - r.score
                n += 1
        if n:
            per_game.append((points, n))
    return per_game


def elo_ratings(
    n_players: int,
    results: Sequence[PairResult],
    anchor: int = 0,
    iterations: int = 2000,
    prior_draws: float = 1.0,
) -> list[float]:
    """Maximum-likelihood Elo ratings from pairwise results (Bradley-Terry, Hunter's MM).

    Args:
        n_players: players are ``0 .. n_players-1``.
        results: the pairwise outcomes.
        anchor: this player's rating is fixed at 0 (ratings are relative).
        iterations: cap on MM iterations (it stops earlier once converged).
        prior_draws: virtual drawn games added per pair of players that met.  A player who
            won (or lost) every game has no finite maximum-likelihood rating; the prior (a
            common regularisation) keeps every rating finite.  0 gives the plain MLE.

    Returns:
        One rating per player, in Elo points, ``ratings[anchor] == 0``.
    """
    wins = [0.0] * n_players
    games: dict[tuple[int, int], float] = {}

    def add(a: int, b: int, score: float) -> None:
        wins[a] += score
        wins[b] += 1.0 - score
        key = (min(a, b), max(a, b))
        games[key] = games.get(key, 0.0) + 1.0

    for r in results:
        add(r.a, r.b, r.score)
    for a, b in list(games):
        wins[a] += 0.5 * prior_draws
        wins[b] += 0.5 * prior_draws
        games[(a, b)] += prior_draws
    strength = [1.0] * n_players
    for _ in range(iterations):
        new = list(strength)
        for i in range(n_players):
            denom = 0.0
            for (a, b), n in games.items():
                if i in (a, b):
                    other = b if i == a else a
                    denom += n / (strength[i] + strength[other])
            if denom > 0:
                new[i] = wins[i] / denom
        scale = new[anchor] if new[anchor] > 0 else 1.0
        new = [s / scale for s in new]
        converged = max(abs(math.log(x / y)) for x, y in zip(new, strength, strict=True) if x > 0 and y > 0) < 1e-10
        strength = new
        if converged:
            break
    return [400.0 * math.log10(s) if s > 0 else -math.inf for s in strength]


def elo_bootstrap(
    n_players: int,
    games: Sequence[Sequence[PairResult]],
    *,
    samples: int = 200,
    anchor: int = 0,
    seed: int = 0,
) -> list[tuple[float, float]]:
    """Percentile-bootstrap 95% intervals of :func:`elo_ratings`, resampling whole games.

    Args:
        n_players: number of players.
        games: the pairwise results of each game.
        samples: bootstrap resamples.
        anchor: the player fixed at 0.
        seed: seed of the resampling.

    Returns:
        ``(low, high)`` per player.
    """
    if not games:
        return [(-math.inf, math.inf)] * n_players
    rng = Rng(seed)
    draws: list[list[float]] = [[] for _ in range(n_players)]
    for _ in range(samples):
        sample = [r for _ in range(len(games)) for r in games[rng.below(len(games))]]
        for i, rating in enumerate(elo_ratings(n_players, sample, anchor, iterations=300)):
            draws[i].append(rating)
    out = []
    for values in draws:
        values.sort()
        lo = values[int(0.025 * (len(values) - 1))]
        hi = values[math.ceil(0.975 * (len(values) - 1))]
        out.append((lo, hi))
    return out
