"""Players' ratings (issue 31 item 4): the pools, Glicko-2 against Glickman's worked example,
Weng-Lin against the library, and the shown figures."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from netjer.server.ratings import (
    Rating,
    RatingError,
    glicko2_period,
    new_rating,
    pool_of,
    rate_game,
)


def test_each_game_and_ankh_player_count_group_has_its_pool() -> None:
    assert pool_of("aton", 2) == "aton"
    assert pool_of("nile", 2) == "nile"
    assert pool_of("ankh", 2) == "ankh-2"
    assert {pool_of("ankh", n) for n in (3, 4, 5)} == {"ankh-3-5"}
    with pytest.raises(RatingError, match="no rating pool for ankh with 6 players"):
        pool_of("ankh", 6)
    with pytest.raises(RatingError, match="unknown rating pool"):
        new_rating("chess")


def test_glicko2_matches_glickmans_worked_example() -> None:
    # Glickman, "Example of the Glicko-2 system" (2013): a 1500/200/0.06 player beats a
    # 1400/30, loses to a 1550/100 and to a 1700/300 in one period: 1464.06, RD 151.52,
    # volatility 0.05999.
    player = Rating("aton", 1500.0, 200.0, 0.06)
    opponents = [
        Rating("aton", 1400.0, 30.0, 0.06),
        Rating("aton", 1550.0, 100.0, 0.06),
        Rating("aton", 1700.0, 300.0, 0.06),
    ]
    after = glicko2_period(player, opponents, [1.0, 0.0, 0.0])
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)
    assert after.games == 3


def test_a_two_player_game_moves_both_ratings_by_the_result() -> None:
    a, b = new_rating("nile"), new_rating("nile")
    win = rate_game([a, b], [1.0, 0.0])
    assert win[0].rating > 1500 > win[1].rating
    assert win[0].rating - 1500 == pytest.approx(1500 - win[1].rating)
    assert win[0].deviation < 350 and win[0].games == 1
    draw = rate_game([a, b], [0.5, 0.5])
    assert draw[0].rating == pytest.approx(1500) and draw[1].rating == pytest.approx(1500)
    assert draw[0].deviation < 350
    # a stronger player's draw with a weaker one costs it points
    strong = glicko2_period(a, [b] * 5, [1.0] * 5)
    after = rate_game([strong, b], [0.5, 0.5])
    assert after[0].rating < strong.rating and after[1].rating > b.rating
    with pytest.raises(RatingError, match="two-player"):
        rate_game([a, b, new_rating("nile")], [1.0, 0.0, 0.0])


def test_an_ankh_game_is_rated_by_weng_lin_with_shared_ranks_as_the_library_rates_it() -> None:
    seats = [new_rating("ankh-3-5") for _ in range(4)]
    # seat 2 won alone; seats 0 and 3 tied behind it; seat 1 last
    after = rate_game(seats, [0.5, 0.0, 1.0, 0.5])
    model = PlackettLuce()
    expected = model.rate([[model.rating()] for _ in range(4)], ranks=[2.0, 4.0, 1.0, 2.0])
    for mine, (theirs,) in zip(after, expected, strict=True):
        assert mine.rating == pytest.approx(theirs.mu)
        assert mine.deviation == pytest.approx(theirs.sigma)
        assert mine.games == 1
    assert after[0].rating == pytest.approx(after[3].rating)
    assert after[2].rating > after[0].rating > after[1].rating
    with pytest.raises(RatingError, match="one pool"):
        rate_game([new_rating("ankh-2"), new_rating("ankh-3-5")], [1.0, 0.0])


def test_ratings_are_shown_on_one_scale_and_marked_while_provisional() -> None:
    assert new_rating("aton").text() == "1500?"
    assert new_rating("ankh-2").shown == (1500, 500)
    settled = Rating("aton", 1612.4, 80.0, 0.06, games=30)
    assert settled.text() == "1612" and not settled.provisional
