"""Players' ratings (issue 31 item 4): Glicko-2 for the two-player games, Weng-Lin (OpenSkill's
Plackett-Luce model) for Ankh, both from well-kept libraries; this module only chooses the pool
a game is rated in, turns a game's result into what the library takes, and shows the figures.

* **Pools**: a rating is per game, and for Ankh per player-count group (:func:`pool_of`): Aton,
  Dioses del Nilo, Ankh with 2 players, Ankh with 3 to 5 players.  Ankh's two-player game is
  rated apart because it is a duel: no god merges (only in games of 3 or more players,
  ../shared/rules/ankh.md §10.4), each seat's result is the other's, and its scenarios and
  Guardian numbers differ (§8.3, §3).  3, 4 and 5 players share a pool: every seat plays
  several opponents under the merge rule, and a pool per count would rate too few games.
* **Glicko-2** (Glickman, "Example of the Glicko-2 system", 2013; the ``glicko2`` package):
  each rated game is its own rating period, as lichess rates (a rating moves after every
  game); new players start at 1500 with a deviation of 350 and a volatility of 0.06 (the
  paper's defaults); the system constant τ is the package's 0.5.
* **Weng-Lin** (Weng and Lin, "A Bayesian Approximation Method for Online Ranking", JMLR 2011;
  the ``openskill`` package's Plackett-Luce model): seats ranked by their result, ties shared
  (Ankh's shared win); it starts at μ = 25, σ = 25/3.  Shown on the Glicko scale as
  1500 + 60 (μ − 25) with deviation 60 σ, so that both pools read alike (a new player:
  1500 ± 500); the factor 60 puts 3σ of a new Weng-Lin player near Glicko-2's 2 RD.
* **Provisional**: a rating whose deviation is above 110 points is shown with "?" (lichess's
  threshold), since it says little yet.

The computer levels' Elo (:mod:`netjer.agents.levels`) is another scale, measured by tournaments
between levels, and is shown apart.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Final

import glicko2
from openskill.models import PlackettLuce

from netjer.i18n import N_
from netjer.i18n_sentences import Sentence

#: The pools ratings are kept in (:func:`pool_of`).
POOLS: Final = ("aton", "nile", "ankh-2", "ankh-3-5")
#: Glicko-2's defaults for a new player (Glickman 2013, step 1).
GLICKO_START: Final = (1500.0, 350.0, 0.06)
#: The Weng-Lin model (OpenSkill's defaults: μ = 25, σ = 25/3).
WENG_LIN: Final = PlackettLuce()
#: Points of the shown scale per Weng-Lin μ unit (module docstring).
WENG_LIN_SCALE: Final = 60.0
#: A rating whose deviation is above this many points is provisional (lichess's threshold).
PROVISIONAL_DEVIATION: Final = 110.0


class RatingError(ValueError):
    """A result that cannot be rated (wrong number of seats, a score outside 0..1)."""


@dataclass(frozen=True)
class Rating:
    """A player's rating in one pool.

    Attributes:
        pool: one of :data:`POOLS`.
        rating: Glicko-2's rating, or Weng-Lin's μ (its own units; :attr:`shown` converts).
        deviation: Glicko-2's RD, or Weng-Lin's σ.
        volatility: Glicko-2's σ (unused by Weng-Lin: 0.0).
        games: rated games played in the pool.
    """

    pool: str
    rating: float
    deviation: float
    volatility: float
    games: int = 0

    @property
    def glicko(self) -> bool:
        """Whether the pool is rated by Glicko-2 (else Weng-Lin)."""
        return not self.pool.startswith("ankh")

    @property
    def shown(self) -> tuple[int, int]:
        """``(rating, deviation)`` in points of the shown scale, rounded."""
        if self.glicko:
            return round(self.rating), round(self.deviation)
        return round(1500 + WENG_LIN_SCALE * (self.rating - WENG_LIN.mu)), round(WENG_LIN_SCALE * self.deviation)

    @property
    def provisional(self) -> bool:
        """Whether the deviation is still above :data:`PROVISIONAL_DEVIATION` points."""
        return self.shown[1] > PROVISIONAL_DEVIATION

    def text(self) -> str:
        """The rating as a page shows it: ``"1523"``, or ``"1500?"`` while provisional."""
        return f"{self.shown[0]}{'?' if self.provisional else ''}"


def pool_of(game: str, players: int) -> str:
    """The pool a game of ``game`` (its registry name) with ``players`` seats is rated in.

    Raises:
        RatingError: for a game or a player count Netjer does not rate.
    """
    if game in ("aton", "nile") and players == 2:
        return game
    if game == "ankh" and 2 <= players <= 5:
        return "ankh-2" if players == 2 else "ankh-3-5"
    raise RatingError(Sentence(N_("no rating pool for {game} with {players} players"), game=game, players=players))


def new_rating(pool: str) -> Rating:
    """A new player's rating in ``pool`` (Glicko-2's or Weng-Lin's start)."""
    if pool not in POOLS:
        raise RatingError(f"unknown rating pool {pool!r}; pools: {', '.join(POOLS)}")
    if pool.startswith("ankh"):
        return Rating(pool, WENG_LIN.mu, WENG_LIN.sigma, 0.0)
    rating, deviation, volatility = GLICKO_START
    return Rating(pool, rating, deviation, volatility)


def glicko2_period(player: Rating, opponents: list[Rating], scores: list[float]) -> Rating:
    """``player``'s rating after one Glicko-2 rating period (Glickman 2013, steps 2-8).

    Args:
        player: the rating before the period.
        opponents: the opponents' ratings before the period, one per game.
        scores: ``player``'s score in each game: 1 a win, 0.5 a draw, 0 a loss.

    Returns:
        The new rating (``games`` grows by the number of games).

    Raises:
        RatingError: when the lists differ in length or a score is outside 0..1.
    """
    if len(opponents) != len(scores):
        raise RatingError(f"{len(opponents)} opponents but {len(scores)} scores")
    if any(not 0.0 <= s <= 1.0 for s in scores):
        raise RatingError(f"scores must lie in 0..1, not {scores}")
    p = glicko2.Player(rating=player.rating, rd=player.deviation, vol=player.volatility)
    if opponents:
        p.update_player([o.rating for o in opponents], [o.deviation for o in opponents], list(scores))
    else:
        p.did_not_compete()
    games = player.games + len(scores)
    return replace(player, rating=p.getRating(), deviation=p.getRd(), volatility=p.vol, games=games)


def rate_game(ratings: list[Rating], scores: list[float]) -> list[Rating]:
    """Every seat's rating after one rated game.

    Args:
        ratings: the seats' ratings before the game, in seat order, all of one pool.
        scores: each seat's result, higher better (a seat's return: 1 a win, 0.5 a shared win
            or a draw, 0 a loss; Ankh's seats with equal scores share their rank).

    Returns:
        The new ratings, in seat order.

    Raises:
        RatingError: for mixed pools, a two-player pool with other than 2 seats, or lists of
        different lengths.
    """
    if len(ratings) != len(scores) or len(ratings) < 2:
        raise RatingError(f"{len(ratings)} ratings and {len(scores)} scores: one each, at least two seats")
    pools = {r.pool for r in ratings}
    if len(pools) != 1:
        raise RatingError(f"one game is rated in one pool, not {sorted(pools)}")
    if ratings[0].glicko:
        if len(ratings) != 2:
            raise RatingError("a Glicko-2 pool rates two-player games")
        a, b = ratings
        total = scores[0] + scores[1]
        # a seat's Glicko score: its share of the points (1/0, or ½/½ for a draw)
        share = 0.5 if total == 0 else scores[0] / total
        return [glicko2_period(a, [b], [share]), glicko2_period(b, [a], [1.0 - share])]
    ranks = [1 + sum(1 for other in scores if other > mine) for mine in scores]
    teams = [[WENG_LIN.rating(mu=r.rating, sigma=r.deviation)] for r in ratings]
    rated = WENG_LIN.rate(teams, ranks=[float(r) for r in ranks])
    out = []
    for before, (after,) in zip(ratings, rated, strict=True):
        if not (math.isfinite(after.mu) and math.isfinite(after.sigma)):  # pragma: no cover - the library's guard
            raise RatingError("the rating update gave a non-finite figure")
        out.append(replace(before, rating=after.mu, deviation=after.sigma, games=before.games + 1))
    return out


def scores_of(result: list[float]) -> list[float]:
    """Each seat's score for :func:`rate_game` from a game's result (the seats' returns, in
    any units: +1/-1 for a win and a loss, 0 each for a draw, Ankh's shared win equal):
    the share of the other seats it finished above, a tie counting half.  Two seats give
    1/0 or ½/½; Ankh's ranks come from the order alone.

    Raises:
        RatingError: for fewer than two seats.
    """
    if len(result) < 2:
        raise RatingError(f"a result of {len(result)} seats cannot be rated")
    others = len(result) - 1
    return [
        sum(1.0 if mine > other else 0.5 if mine == other else 0.0 for j, other in enumerate(result) if j != i) / others
        for i, mine in enumerate(result)
    ]
