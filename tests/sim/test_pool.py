"""The pool rating of the computer levels (issue 35, item 4; netjer.sim.pool): its agents and
pairings, its multi-player rule, its fit on synthetic games of known strengths, and its log
parser on made-up and committed logs."""

from __future__ import annotations

import json
import math
import shlex
from pathlib import Path

import pytest

from netjer.agents.levels import RATING_RUNS, levels_for
from netjer.core.errors import ConfigError
from netjer.core.rng import Rng
from netjer.core.stats import wilson_interval
from netjer.sim.pool import fit_pool, pool_agents, pool_games, pool_pairs, read_games, win_results
from netjer.sim.stats import PairResult

ROOT = Path(__file__).resolve().parents[2]


def test_the_ankh_pool_is_its_levels_and_the_four_anchors_in_pool_order() -> None:
    pool = pool_agents("ankh", 4)
    assert [a.name for a in pool] == ["beginner", "casual", "strong", "rollout", "ismcts", "strongest"]
    specs = {a.name: a.spec for a in pool}
    assert specs["rollout"] == "heuristic:plan=rollout"
    assert specs["ismcts"] == "ismcts:iterations=50"  # the strongest level's budget, no opponent model
    assert specs["strongest"] == levels_for("ankh", 4)[-1].spec
    assert [a.label for a in pool][:3] == ["beginner (random)", "casual", "strong (heuristic)"]


def test_a_level_that_plays_an_anchor_is_that_anchor_and_aton_has_no_rollout_plan() -> None:
    aton = pool_agents("aton", 2)  # Aton's strongest level is plain ISMCTS at 2,000 iterations
    assert [(a.name, a.spec) for a in aton] == [
        ("beginner", "random"),
        ("casual", "heuristic"),
        ("strong", "ismcts:iterations=200"),
        ("strongest", "ismcts:iterations=2000"),
    ]
    assert aton[-1].label == "strongest (ismcts)"
    nile = pool_agents("nile", 2)  # Dioses del Nilo's heuristic has a rollout plan since issue 35
    assert [a.name for a in nile] == ["beginner", "casual", "strong", "rollout", "ismcts", "strongest"]
    assert nile[3].spec == "heuristic:plan=rollout"


def test_every_pair_plays_once_the_later_agent_in_the_single_seat() -> None:
    pairs = pool_pairs(4)
    assert len(pairs) == 6 and len({frozenset(p) for p in pairs}) == 6
    assert all(a > b for a, b in pairs)


def test_a_win_counts_against_every_other_seat_and_losers_are_not_compared() -> None:
    assert win_results([0, 1, 1, 1], [1, -1, -1, -1]) == [PairResult(0, 1, 1.0)] * 3
    assert win_results([0, 1, 1, 1], [-1, -1, 1, -1]) == [PairResult(0, 1, 0.0)]  # not 0 against 3 seats
    assert win_results([0, 1, 1], [1, 1, -1]) == [PairResult(0, 1, 0.5), PairResult(0, 1, 1.0)]  # shared win
    assert win_results([0, 1, 1], [-1, -1, -1]) == [PairResult(0, 1, 0.5)] * 2  # everyone loses: all equal
    assert win_results([1, 0], [0.0, 0.0]) == [PairResult(1, 0, 0.5)]  # two players: a draw


def _luce_games(elo: list[float], seats: int, per_pair: int, rng: Rng) -> list[tuple[list[int], list[float]]]:
    """Games of every pair (later agent in one seat, the other filling the rest) whose winner
    is drawn by Luce's choice model: a seat wins with chance proportional to 10^(Elo / 400)."""
    games = []
    for a, b in pool_pairs(len(elo)):
        for k in range(per_pair):
            players = [b] * seats
            players[k % seats] = a
            weights = [10 ** (elo[p] / 400) for p in players]
            x = rng.random() * sum(weights)
            winner = next(s for s in range(seats) if (x := x - weights[s]) < 0 or s == seats - 1)
            games.append((players, [1.0 if s == winner else -1.0 for s in range(seats)]))
    return games


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_the_fit_recovers_known_strengths_within_its_intervals(seats: int) -> None:
    truth = [0.0, -400.0, 250.0, 600.0]  # agent 0 is the anchor
    fit = fit_pool(4, _luce_games(truth, seats, 240, Rng(seats)), anchor=0, bootstrap=100)
    assert fit.elo[0] == 0 and fit.interval[0] == (0, 0)
    assert sorted(range(4), key=lambda k: fit.elo[k]) == [1, 0, 2, 3]
    for k in range(1, 4):
        low, high = fit.interval[k]
        assert low < truth[k] < high, (k, fit.elo[k], fit.interval[k])
        assert high - low < 400  # informative, not a blanket interval
    # agent k holds the single seat against the k agents before it, the others against the later ones
    assert fit.seats == [240 * (k + (seats - 1) * (3 - k)) for k in range(4)]


def test_pair_scores_between_equals_centre_on_one_half_at_any_number_of_seats() -> None:
    fit = fit_pool(2, _luce_games([0.0, 0.0], 5, 600, Rng(7)), anchor=0, bootstrap=50)
    (pair,) = fit.pairs
    assert (pair.a, pair.b, pair.games) == (1, 0, 600)
    assert pair.interval[0] < 0.5 < pair.interval[1]
    assert pair.wins + pair.draws + pair.losses == 600
    # while the single seat wins only about one game in five
    assert 0.1 < pair.wins / 600 < 0.3


def test_a_clean_sweep_has_wilsons_interval_not_a_point() -> None:
    games = [([1, 0], [1.0, -1.0]) if k % 2 else ([0, 1], [-1.0, 1.0]) for k in range(6)]
    (pair,) = fit_pool(2, games, anchor=0, bootstrap=10).pairs
    assert (pair.score, pair.wins, pair.games) == (1.0, 6, 6)
    assert pair.interval == pytest.approx((wilson_interval(6, 6)[0], 1.0))
    assert pair.interval[0] < 0.7


def test_the_seats_each_agent_held_are_counted() -> None:
    fit = fit_pool(2, [([1, 0, 0], [1.0, -1.0, -1.0]), ([0, 1, 0], [1.0, -1.0, -1.0])], anchor=0, bootstrap=10)
    assert fit.seats == [4, 2]
    assert math.isfinite(fit.elo[1])


def test_no_games_is_refused() -> None:
    with pytest.raises(ValueError, match="no games"):
        fit_pool(2, [], anchor=0)


def test_the_log_parser_reads_games_and_names_a_bad_line(tmp_path: Path) -> None:
    good = {"seed": 5, "seats": ["random", "heuristic"], "returns": [-1.0, 1.0], "decisions": 9}
    log = tmp_path / "games.log"
    log.write_text(json.dumps(good) + "\n\n" + json.dumps({**good, "seed": "6"}) + "\n")
    rows = read_games(str(log))
    assert [(r["seed"], r["seats"], r["returns"]) for r in rows] == [
        (5, ["random", "heuristic"], [-1.0, 1.0]),
        (6, ["random", "heuristic"], [-1.0, 1.0]),
    ]
    for bad in ("not json", json.dumps({**good, "returns": [1.0]}), json.dumps({"seed": 1, "seats": ["random"]})):
        log.write_text(json.dumps(good) + "\n" + bad + "\n")
        with pytest.raises(ConfigError, match=r"games\.log, line 2: not a logged game"):
            read_games(str(log))


def test_another_tournaments_games_count_by_their_seats_specifications_once() -> None:
    specs = ["random", "heuristic", "heuristic:plan=rollout", "ismcts:iterations=50"]
    rows = [  # a strength run's log: its own seat indices (players), the pool's specifications
        {"seed": 7, "players": [0, 1], "seats": ["ismcts:iterations=50", "heuristic:plan=rollout"], "returns": [1, -1]},
        {"seed": 8, "players": [1, 0], "seats": ["heuristic:plan=rollout", "ismcts:iterations=50"], "returns": [1, -1]},
        {"seed": 9, "players": [0, 1], "seats": ["ismcts:iterations=50", "an old level"], "returns": [1, -1]},
        {"seed": 7, "players": [0, 1], "seats": ["ismcts:iterations=50", "heuristic:plan=rollout"], "returns": [1, -1]},
        {"seed": 10, "players": [0, 0], "seats": ["random", "random"], "returns": [1, -1]},
        {"seed": 11, "players": [0, 1, 1], "seats": ["random", "heuristic", "heuristic"], "returns": [1, -1, -1]},
        {"seed": 12, "players": [0, 1], "seats": ["random", "heuristic"], "returns": [-1, 1]},
    ]
    counted = {(12, ("random", "heuristic"))}  # already in the pool's own log
    kept, left = pool_games(rows, specs, 2, counted)
    # kept: seeds 7 and 8 (pool indices from the specifications, not the log's players); left: an
    # agent outside the pool (9), a repeat (7), one agent alone (10), three seats (11), counted (12)
    assert kept == [((3, 2), (1.0, -1.0)), ((2, 3), (1.0, -1.0))]
    assert left == 5
    assert (7, ("ismcts:iterations=50", "heuristic:plan=rollout")) in counted
    again, left_again = pool_games(rows[:2], specs, 2, counted)  # a second extra log of the same games
    assert again == [] and left_again == 2
    fit = fit_pool(4, kept, anchor=1)
    assert fit.seats == [0, 0, 2, 2]  # each side held one seat of each game


@pytest.mark.parametrize("key", sorted(RATING_RUNS), ids=lambda k: f"{k[0]}-{k[1]}")
def test_every_committed_rating_log_parses_and_plays_only_pool_agents(key: tuple[str, int]) -> None:
    words = shlex.split(RATING_RUNS[key])
    rows = read_games(str(ROOT / words[words.index("--log") + 1]))
    specs = {a.spec for a in pool_agents(*key)}
    assert rows and all(len(r["seats"]) == key[1] for r in rows)
    assert all(set(r["seats"]) <= specs for r in rows)  # every game is of two agents of the pool
