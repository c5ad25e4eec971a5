"""Each option of NileOptions (rules/nilo.md §3 PROPOSALs): its non-default value makes a
difference a test can see.  (``blocking``: test_rules.py; ``defender_winner_stays`` and
``exhaustion_draw``: test_edge_cases.py, cases 6 and 22.)"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from netjer.core import ConfigError
from netjer.games.nile import NileGame
from netjer.games.nile.state import DRAW
from tests.games.nile.builder import ISIS, SETH, at, legal, play, position

COVERAGE = Path(__file__).resolve().parents[3] / "docs" / "rules-coverage.md"


def test_columns_five() -> None:
    """§3.1: with 5 columns the central rearguard is c, and columns d and e exist."""
    state = NileGame({"columns": 5}).new_initial_state(seed=1)
    assert at(state, "c1") == ("Seth", 2, True) and at(state, "c4") == ("Isis", 2, True)
    assert at(state, "b1") is None
    assert any(m.endswith("e2") for m in legal(state))
    assert len(state.observation(SETH)["board"][0]) == 5
    assert NileGame({"columns": 5}).num_distinct_actions > NileGame().num_distinct_actions


@pytest.mark.parametrize("bad", [2, 4, 1, 11])
def test_columns_must_be_odd_and_in_range(bad: int) -> None:
    with pytest.raises(ConfigError, match="columns"):
        NileGame({"columns": bad})


def test_values_triangular() -> None:
    """§3.2: the triangular set 5x1, 4x2, 3x3, 2x4, 1x5; the default has three of each."""
    for name, expected in [
        ("three_each", {1: 3, 2: 3, 3: 3, 4: 3, 5: 3}),
        ("triangular", {1: 5, 2: 4, 3: 3, 4: 2, 5: 1}),
    ]:
        state = NileGame({"values": name}).new_initial_state(seed=4)
        for side in (SETH, ISIS):
            tokens = [t for t in state.board if t >= 0 and t >> 4 == side]
            tokens += state.col[side] + state.hand[side]
            assert Counter(state.val[t] for t in tokens) == expected


def test_owner_sees_drawn_false() -> None:
    """§3.3: with ``owner_sees_drawn=false`` the owner places unseen tokens ('?') and does
    not see them until they are turned up; the default shows the hand to its owner."""
    seen = NileGame().new_initial_state(seed=2)
    assert None not in seen.observation(SETH)["players"][SETH]["hand"]
    assert all(not m.startswith("place ?") for m in legal(seen))
    blind = NileGame({"owner_sees_drawn": False}).new_initial_state(seed=2)
    assert blind.observation(SETH)["players"][SETH]["hand"] == [None, None]
    assert legal(blind) == {
        "place ? a1",
        "place ? c1",
        "place ? a2",
        "place ? b2",
        "place ? c2",
        "place ? a1 down",
        "place ? c1 down",
    }
    play(blind, "place ? a1 down")
    assert blind.observation(SETH)["board"][0][0] == {"owner": SETH, "value": None, "face_up": False}
    play(blind, "place ? a4 down", "place ? b2")  # face up: now everybody sees it
    assert blind.observation(ISIS)["board"][1][1]["value"] == blind.val[blind.board[4]]


def test_no_fight_limit() -> None:
    """§3.8: ``no_fight_limit`` combat actions in a row without a fight draw the game."""
    diagram = """
        4 | .  2  .
        3 | .  .  .
        2 | .  .  .
        1 | .  2  .
        """
    state = position(diagram, no_fight_limit=4, repetition_limit=0)
    play(state, "move b1 a1", "move b4 a4", "move a1 b1")
    assert not state.is_terminal
    play(state, "move a4 b4")
    assert state.is_terminal and state.winner == DRAW and "4 combat actions" in state.reason
    # The default limit is far away.
    state = position(diagram, repetition_limit=0)
    play(state, "move b1 a1", "move b4 a4", "move a1 b1", "move a4 b4")
    assert not state.is_terminal and state.quiet == 4


def test_fight_restarts_the_no_fight_count() -> None:
    state = position(
        """
        4 | .  2  .
        3 | .  1  .
        2 | .  4  .
        1 | .  2  .
        """,
        no_fight_limit=3,
        quiet=2,
    )
    play(state, "attack b2 b3")
    assert state.quiet == 0 and not state.is_terminal


def test_repetition_limit() -> None:
    """§3.8: the third occurrence of a combat position is a draw by default; with
    ``repetition_limit=0`` play goes on."""
    diagram = """
        4 | .  2  .
        3 | .  .  .
        2 | .  .  .
        1 | .  2  .
        """
    shuffle = ["move b1 a1", "move b4 a4", "move a1 b1", "move a4 b4"] * 2
    state = position(diagram)
    play(state, *shuffle[:-1])
    assert not state.is_terminal
    play(state, shuffle[-1])  # back to the start position for the third time
    assert state.is_terminal and state.winner == DRAW and "3 times" in state.reason
    state = position(diagram, repetition_limit=0)
    play(state, *shuffle)
    assert not state.is_terminal


def test_repetition_limit_two() -> None:
    state = position(
        """
        4 | .  2  .
        3 | .  .  .
        2 | .  .  .
        1 | .  2  .
        """,
        repetition_limit=2,
    )
    play(state, "move b1 a1", "move b4 a4", "move a1 b1", "move a4 b4")
    assert state.is_terminal and state.winner == DRAW


def test_repetition_needs_the_same_tokens_not_just_the_same_values() -> None:
    """Two 3s changing places is a new position: the rule follows tokens, which every seat
    can track (no token enters or leaves the board in between)."""
    state = position(
        """
        4 | .  2  .
        3 | .  .  .
        2 | .  .  .
        1 | 3  3  .
        """,
        repetition_limit=2,
    )
    start = state.observation(ISIS)["board"]
    play(
        state,
        "move b1 b2",
        "move b4 a4",
        "move a1 b1",
        "move a4 b4",
        "move b2 a2",
        "move b4 a4",
        "move a2 a1",
        "move a4 b4",
    )
    assert state.observation(ISIS)["board"] == start  # looks the same ...
    assert not state.is_terminal  # ... but the two 3s swapped places


def test_bad_options_are_refused() -> None:
    for bad in ({"repetition_limit": 1}, {"no_fight_limit": 0}, {"values": "ones"}, {"colour": "red"}):
        with pytest.raises(ConfigError):
            NileGame(bad)


def test_options_roundtrip_through_records() -> None:
    game = NileGame({"columns": 5, "blocking": True})
    assert NileGame(game.options_dict()).options == game.options
    schema = NileGame.option_schema()
    for name in (
        "columns",
        "values",
        "blocking",
        "defender_winner_stays",
        "owner_sees_drawn",
        "exhaustion_draw",
        "no_fight_limit",
        "repetition_limit",
    ):
        # the description says in words why the option exists (issue 30 item 3: no source tags
        # in the lobby); the ruling's section is kept in docs/rules-coverage.md
        words = schema["properties"][name]["description"]
        assert "rules" in words and "§" not in words
        assert name in COVERAGE.read_text(encoding="utf-8")
