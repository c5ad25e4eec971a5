"""Tournament statistics against hand-computed values (netjer.sim.stats)."""

from __future__ import annotations

import math

import pytest

from netjer.core.stats import wilson_interval
from netjer.sim.stats import PairResult, elo_bootstrap, elo_ratings, pairwise_results


def test_wilson_interval_hand_computed() -> None:
    # p = 0.8, n = 10, z = 1.96: centre (0.8 + 0.19208) / 1.38416 = 0.71686,
    # half-width 1.96 * sqrt(0.016 + 0.0096040) / 1.38416 = 0.22667 (rounded).
    lo, hi = wilson_interval(8, 10)
    assert lo == pytest.approx(0.4902, abs=1e-4) and hi == pytest.approx(0.9433, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError, match="outside"):
        wilson_interval(11, 10)


def test_elo_of_a_75_percent_score_is_400_log10_3() -> None:
    results = [PairResult(0, 1, 1.0)] * 75 + [PairResult(0, 1, 0.0)] * 25
    ratings = elo_ratings(2, results, prior_draws=0)
    assert ratings[0] == 0.0
    assert ratings[1] == pytest.approx(-400 * math.log10(3), abs=1e-6)  # -190.85


def test_elo_draws_count_half() -> None:
    results = [PairResult(0, 1, 0.5)] * 10
    assert elo_ratings(2, results, prior_draws=0)[1] == pytest.approx(0.0, abs=1e-9)


def test_elo_three_players_transitive() -> None:
    # A beats B 3:1 (+190.85), B beats C 3:1 (+190.85), A beats C 9:1 (+381.7): consistent,
    # so the maximum-likelihood ratings reproduce the differences exactly.
    results = (
        [PairResult(0, 1, 1.0)] * 30
        + [PairResult(0, 1, 0.0)] * 10
        + [PairResult(1, 2, 1.0)] * 30
        + [PairResult(1, 2, 0.0)] * 10
        + [PairResult(0, 2, 1.0)] * 36
        + [PairResult(0, 2, 0.0)] * 4
    )
    r = elo_ratings(3, results, prior_draws=0)
    assert r[0] - r[1] == pytest.approx(190.85, abs=0.1)
    assert r[1] - r[2] == pytest.approx(190.85, abs=0.1)


def test_prior_keeps_a_perfect_record_finite() -> None:
    ratings = elo_ratings(2, [PairResult(0, 1, 1.0)] * 20)
    # 20.5 : 0.5 after the prior -> 400 log10(41)
    assert ratings[1] == pytest.approx(-400 * math.log10(41), abs=1e-6)


def test_pairwise_results_of_a_multiplayer_game() -> None:
    pairs = pairwise_results([0, 1, 1, 2], [1.0, -1.0, -1.0, 0.0])
    assert PairResult(0, 1, 1.0) in pairs and PairResult(1, 2, 0.0) in pairs
    assert all(not (p.a == 1 and p.b == 1) for p in pairs)  # same agent in two seats: no pair
    assert len(pairs) == 5


def test_bootstrap_interval_contains_the_estimate() -> None:
    games = [[PairResult(0, 1, 1.0)]] * 30 + [[PairResult(0, 1, 0.0)]] * 10
    estimate = elo_ratings(2, [p for g in games for p in g])[1]
    (lo0, hi0), (lo1, hi1) = elo_bootstrap(2, games, samples=100)
    assert lo0 == hi0 == 0.0
    assert lo1 < estimate < hi1
