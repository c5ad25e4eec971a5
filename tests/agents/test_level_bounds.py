"""Level ratings shown honestly (issue 30, item 6): a ladder pairing won or lost in every game
is shown as a one-sided bound from the Wilson 95% interval of its score, never as the fit's
prior-made point and bootstrap interval; a mixed pairing keeps its point and interval."""

from __future__ import annotations

import math

import pytest
from typer.testing import CliRunner

from netjer.agents.levels import (
    PAIRINGS,
    RATINGS,
    elo_of_score,
    levels_json,
    shown_rating,
    shown_text,
    sweep_gap_bound,
)
from netjer.cli.main import app
from netjer.core.stats import wilson_interval


def test_elo_of_score_is_the_logistic_gap() -> None:
    assert elo_of_score(0.5) == 0
    assert elo_of_score(10 / 11) == pytest.approx(400.0)  # 10 to 1 odds: 400 points
    with pytest.raises(ValueError, match="no finite Elo gap"):
        elo_of_score(1.0)


def test_a_clean_sweep_gives_at_least_the_wilson_bound() -> None:
    low4 = wilson_interval(4, 4)[0]
    assert sweep_gap_bound(1.0, 4) == pytest.approx(400 * math.log10(low4 / (1 - low4)))
    assert round(sweep_gap_bound(1.0, 4)) == 7  # 4 of 4 supports only "at least +7"
    pairing = PAIRINGS[("ankh", 2, "strongest")]  # n of n against the heuristic (0)
    assert pairing.score == 1.0 and pairing.against == "strong"
    low = wilson_interval(pairing.games, pairing.games)[0]
    expected = 400 * math.log10(low / (1 - low))
    shown = shown_rating("ankh", 2, "strongest")
    assert shown is not None and shown.bound == "at least" and shown.elo is None and shown.interval is None
    assert shown.limit == pytest.approx(expected)
    assert shown_text(shown) == f"at least +{round(expected)}"


def test_a_pairing_lost_in_every_game_is_an_upper_bound() -> None:
    high = wilson_interval(0, 20)[1]
    shown = shown_rating("aton", 2, "beginner")  # 0 of 20 against the heuristic
    assert shown is not None and shown.bound == "at most"
    assert shown.limit == pytest.approx(400 * math.log10(high / (1 - high)))
    assert shown_text(shown).startswith("at most −")


def test_a_level_rated_against_a_bound_is_a_bound_too() -> None:
    casual = shown_rating("nile", 2, "casual")  # lost 20 of 20 to the heuristic
    beginner = shown_rating("nile", 2, "beginner")  # 3 of 20 against casual
    assert casual is not None and beginner is not None and casual.limit is not None
    assert beginner.bound == "at most"
    assert beginner.limit == pytest.approx(casual.limit + sweep_gap_bound(0.15, 20))


def test_a_mixed_pairing_keeps_its_point_and_interval() -> None:
    shown = shown_rating("nile", 2, "strongest")  # 0.930 over 100 games
    rating = RATINGS[("nile", 2, "strongest")]
    assert shown is not None and shown.bound is None and shown.limit is None
    assert shown.elo == rating.elo and shown.interval == rating.interval
    assert shown_text(shown) == "+397 [+351, +465]"  # the pool fit of 7 December, 600 iterations (docs/levels.md)
    assert shown_text(shown_rating("nile", 2, "strong")) == "0 (the reference)"


def test_every_rated_level_but_the_reference_has_its_pairing() -> None:
    for (game, players, name), rating in RATINGS.items():
        if rating.elo == 0 and rating.interval == (0, 0):
            assert (game, players, name) not in PAIRINGS
            continue
        pairing = PAIRINGS[(game, players, name)]
        assert (game, players, pairing.against) in RATINGS and 0 <= pairing.score <= 1
        assert shown_rating(game, players, name) is not None
    assert all((g, p, n) in RATINGS for g, p, n in PAIRINGS)


def test_the_lobby_data_and_the_levels_command_show_the_bound() -> None:
    strongest = levels_json("ankh", 2)[-1]
    assert strongest["shown"]["bound"] == "at least" and strongest["shown"]["interval"] is None
    out = CliRunner().invoke(app, ["levels", "ankh"], env={"COLUMNS": "200"}).output
    shown = shown_text(shown_rating("ankh", 2, "strongest"))
    fit = f"+{round(RATINGS[('ankh', 2, 'strongest')].elo)}"
    two = out.split("3 players")[0]  # the 2-player table
    assert shown.startswith("at least +") and shown in two and fit not in two


def test_every_level_says_what_it_is_like_in_both_front_ends() -> None:
    from netjer.agents.levels import LEVELS  # noqa: PLC0415

    for levels in LEVELS.values():
        for level in levels:
            assert level.plain.endswith(".") and level.plain != level.description
    assert all(row["plain"] for row in levels_json("nile", 2))
    out = CliRunner().invoke(app, ["levels", "aton"], env={"COLUMNS": "400"}).output
    assert "anyone who knows the rules can beat it" in out


def test_docs_show_every_bound_the_code_shows() -> None:
    from pathlib import Path  # noqa: PLC0415

    docs = (Path(__file__).resolve().parents[2] / "docs" / "levels.md").read_text(encoding="utf-8")
    for key in RATINGS:
        text = shown_text(shown_rating(*key))
        assert text in docs, f"{key}: {text!r} not in docs/levels.md"
