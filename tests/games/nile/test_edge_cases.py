"""rules/nilo.md §5: every edge case as a named test (default options unless stated).

Coordinates: columns a/b/c; row 1 = Seth's rearguard (S-R), 2 = Seth's vanguard (S-V),
3 = Isis's vanguard (I-V), 4 = Isis's rearguard (I-R).
"""

from __future__ import annotations

import json

import pytest

from netjer.core import IllegalActionError
from netjer.games.nile import NileGame
from netjer.games.nile.state import DRAW
from tests.games.nile.builder import (
    ISIS,
    SETH,
    at,
    cemetery,
    column_values,
    legal,
    play,
    position,
)


def test_case_01_setup() -> None:
    """§5.1: one face-up 2 on each central rearguard, 14 face-down tokens in each column,
    empty cemeteries, Seth holds the hourglass."""
    state = NileGame().new_initial_state(seed=7)
    assert at(state, "b1") == ("Seth", 2, True)
    assert at(state, "b4") == ("Isis", 2, True)
    assert sum(t >= 0 for t in state.board) == 2
    for side in (SETH, ISIS):
        # The first placement phase has already drawn 2 of the 14 (SEED S7).
        assert len(state.col[side]) + len(state.hand[side]) == 14
        assert not any(state.up[t] for t in state.col[side] + state.hand[side])
        assert state.dead[side] == []
    assert state.clock == SETH and state.current_player == SETH
    obs = state.observation(None)
    assert obs["hourglass"] == SETH and obs["phase"] == "placement"


def test_case_02_placement_order() -> None:
    """§5.2: placement order Seth, Isis, Seth, Isis; then Seth takes the first combat action."""
    state = NileGame().new_initial_state(seed=3)
    order = []
    while state.observation(None)["phase"] == "placement":
        order.append(state.current_player)
        state.apply(state.legal_actions()[0])
    assert order == [SETH, ISIS, SETH, ISIS]
    assert state.observation(None)["phase"] == "combat"
    assert state.current_player == SETH


def test_case_03_face_down_rule() -> None:
    """§5.3: a token placed on I-V a must be face up; on I-R c it may be face up or down."""
    state = position(
        """
        4 | .  2  .
        3 | .  .  .
        2 | .  .  .
        1 | .  2  .
        """,
        phase="placement",
        to_move="Isis",
        isis_hand="?4",
    )
    moves = legal(state)
    assert "place 4 a3" in moves and "place 4 a3 down" not in moves
    assert {"place 4 c4", "place 4 c4 down"} <= moves
    with pytest.raises(IllegalActionError) as err:
        state.apply_text("place 4 a3 down")
    assert err.value.rule == "SEED S7"
    play(state, "place 4 c4 down")
    assert at(state, "c4") == ("Isis", 4, False)


def test_case_04_attacker_wins() -> None:
    """§5.4: Seth's 4 on S-V a attacks Isis's 2 on I-V a: the 2 goes to Isis's cemetery,
    the 4 face up to the top of Seth's column; both squares are empty."""
    state = position(
        """
        4 | .  2  .
        3 | 2  .  .
        2 | 4  .  .
        1 | .  2  .
        """,
        seth_column="?1 ?3",
    )
    play(state, "attack a2 a3")
    assert cemetery(state, ISIS)[-1] == 2
    assert column_values(state, SETH)[-1] == (4, True)
    assert at(state, "a2") is None and at(state, "a3") is None
    assert state.current_player == ISIS


def test_case_05_tie() -> None:
    """§5.5: 3 attacks 3: both die, both squares empty, no winner goes to a column."""
    state = position(
        """
        4 | .  2  .
        3 | .  3  .
        2 | .  3  .
        1 | .  2  .
        """,
        seth_column="?1",
        isis_column="?5",
    )
    play(state, "attack b2 b3")
    assert cemetery(state, SETH)[-1] == 3 and cemetery(state, ISIS)[-1] == 3
    assert at(state, "b2") is None and at(state, "b3") is None
    assert column_values(state, SETH) == [(1, False)] and column_values(state, ISIS) == [(5, False)]


@pytest.mark.parametrize("stays", [False, True])
def test_case_06_defender_wins(stays: bool) -> None:
    """§5.6: Seth's 1 attacks Isis's 5 on I-R a: the 1 dies; the 5 rests on top of Isis's
    column so I-R a is empty (default), or stays there with ``defender_winner_stays``."""
    state = position(
        """
        4 | ?5 2  .
        3 | .  .  .
        2 | 1  .  .
        1 | .  2  .
        """,
        defender_winner_stays=stays,
    )
    play(state, "attack a2 a4")
    assert cemetery(state, SETH)[-1] == 1
    assert at(state, "a2") is None
    if stays:
        assert at(state, "a4") == ("Isis", 5, True)  # revealed by the fight (§3.6)
        assert column_values(state, ISIS) == []
    else:
        assert at(state, "a4") is None
        assert column_values(state, ISIS)[-1] == (5, True)


def test_case_07_rearguard_reach() -> None:
    """§5.7: Isis's soldier on I-R b may attack S-V b, not S-R b, S-V a or S-V c."""
    state = position(
        """
        4 | .  3  .
        3 | .  .  .
        2 | 1  4  5
        1 | .  2  .
        """,
        to_move="Isis",
    )
    moves = legal(state)
    assert "attack b4 b2" in moves
    assert not {"attack b4 b1", "attack b4 a2", "attack b4 c2"} & moves
    for bad in ("attack b4 b1", "attack b4 a2", "attack b4 c2"):
        with pytest.raises(IllegalActionError) as err:
            state.apply_text(bad)
        assert err.value.rule == "SEED S10"


def test_case_08_winning_attack() -> None:
    """§5.8: Seth on S-V c, I-R c empty: Seth attacks I-R c and wins at once."""
    state = position(
        """
        4 | .  2  .
        3 | .  .  .
        2 | .  .  1
        1 | .  2  .
        """,
    )
    assert "attack c2 c4" in legal(state)
    play(state, "attack c2 c4")
    assert state.is_terminal and state.returns() == [1.0, -1.0]
    assert state.observation(ISIS)["winner"] == SETH


def test_case_11_empty_vanguard_target() -> None:
    """§5.11: attacking an empty I-V square is refused, naming the rule."""
    state = position(
        """
        4 | .  2  .
        3 | .  .  .
        2 | 4  .  .
        1 | .  2  .
        """,
    )
    assert "attack a2 a3" not in legal(state)
    before = state.full_state()
    with pytest.raises(IllegalActionError) as err:
        state.apply_text("attack a2 a3")
    assert err.value.rule == "rules/nilo.md §3.6"
    assert "empty vanguard" in err.value.reason
    assert state.full_state() == before


def test_case_13_end_turn_opponent_declines() -> None:
    """§5.13: Isis ends; Seth declines: combat ends and Seth places first."""
    state = position(
        """
        4 | .  2  .
        3 | .  .  .
        2 | .  .  .
        1 | .  2  .
        """,
        to_move="Isis",
        seth_column="?3",
        isis_column="?4",
    )
    play(state, "end")
    assert state.observation(None)["phase"] == "final_action"
    assert state.current_player == SETH and legal(state) >= {"decline"} and "end" not in legal(state)
    play(state, "decline")
    obs = state.observation(None)
    assert obs["phase"] == "placement" and obs["hourglass"] == SETH
    assert state.current_player == SETH


def test_case_13b_end_turn_opponent_acts() -> None:
    """§3.7: Isis ends; Seth acts: the hourglass goes back and Isis places first."""
    state = position(
        """
        4 | .  2  .
        3 | .  .  .
        2 | .  .  .
        1 | .  2  .
        """,
        to_move="Isis",
        seth_column="?3",
        isis_column="?4",
    )
    play(state, "end", "move b1 b2")
    obs = state.observation(None)
    assert obs["phase"] == "placement" and state.current_player == ISIS


def test_case_14_last_action_wins() -> None:
    """§5.14: Isis ends; Seth's single allowed action attacks an empty Isis rearguard: Seth wins."""
    state = position(
        """
        4 | .  2  .
        3 | .  .  .
        2 | 3  .  .
        1 | .  2  .
        """,
        to_move="Isis",
    )
    play(state, "end", "attack a2 a4")
    assert state.is_terminal and state.returns() == [1.0, -1.0]


def test_case_17_empty_column() -> None:
    """§5.17: Seth has 0 tokens: Seth skips placement, Isis places her 2, then combat starts
    with Seth (the hourglass passed after Isis's last placement)."""
    state = position(
        """
        4 | .  2  .
        3 | .  .  .
        2 | .  .  .
        1 | .  2  .
        """,
        to_move="Isis",
        isis_column="?3 ?4 ?5",
        seth_cemetery="1 1 1",
    )
    play(state, "end", "decline")  # Seth declines: Seth holds the hourglass for placement
    assert state.hand[SETH] == [] and len(state.hand[ISIS]) == 2
    assert state.current_player == ISIS  # Seth is skipped
    play(state, "place 3 a3")
    assert state.current_player == ISIS  # skipped again
    play(state, "place 4 c3")
    assert state.observation(None)["phase"] == "combat"
    assert state.current_player == SETH


def test_case_18_own_half_full() -> None:
    """§5.18: Isis draws 2 with one empty square: she places 1; the other goes face up on
    top of her column."""
    state = position(
        """
        4 | 1  2  .
        3 | 1  1  2
        2 | .  .  .
        1 | .  2  .
        """,
        to_move="Isis",
        isis_column="?4 ?5 ?3",
        seth_column="?3",
    )
    play(state, "end", "decline")  # Seth places first; Seth has one token
    play(state, "place 3 a2")
    assert state.current_player == ISIS
    assert legal(state) >= {"place 4 c4", "place 5 c4", "place 5 c4 down"}
    play(state, "place 5 c4 down")
    # The hourglass went to Seth, who has nothing; Isis's half is full: her 4 goes back.
    assert column_values(state, ISIS) == [(3, False), (4, True)]
    assert state.observation(None)["phase"] == "combat"
    assert any("half is full" in e for e in state.observation(SETH)["events"])


def test_case_21_cemetery_is_public() -> None:
    """§5.21: both cemeteries are in every seat's observation; face-down board and column
    tokens are hidden from the opponent."""
    state = position(
        """
        4 | ?5 2  .
        3 | .  .  .
        2 | 4  .  .
        1 | ?3 2  .
        """,
        seth_column="?1",
        isis_column="?2",
        seth_cemetery="5 5",
        isis_cemetery="1",
    )
    for seat in (SETH, ISIS, None):
        obs = state.observation(seat)
        assert obs["players"][SETH]["cemetery"][:2] == [5, 5]
        assert obs["players"][ISIS]["cemetery"][0] == 1
        assert obs["players"][SETH]["column"] == [None] and obs["players"][ISIS]["column"] == [None]
    assert state.observation(SETH)["board"][3][0] == {"owner": ISIS, "value": None, "face_up": False}
    assert state.observation(ISIS)["board"][0][0] == {"owner": SETH, "value": None, "face_up": False}
    assert state.observation(ISIS)["board"][3][0]["value"] == 5  # the owner saw it (§3.3)
    assert '"value": 3' not in json.dumps(state.observation(ISIS)["board"])


def test_case_22_total_exhaustion() -> None:
    """§5.22: the last soldiers die and both columns are empty: a draw."""
    state = position(
        """
        4 | .  .  .
        3 | .  3  .
        2 | .  3  .
        1 | .  .  .
        """,
    )
    play(state, "attack b2 b3")
    assert state.is_terminal and state.winner == DRAW and state.returns() == [0.0, 0.0]


def test_case_22_exhaustion_draw_off() -> None:
    """Option ``exhaustion_draw=false``: the same position goes on (to the other draw rules)."""
    state = position(
        """
        4 | .  .  .
        3 | .  3  .
        2 | .  3  .
        1 | .  .  .
        """,
        exhaustion_draw=False,
    )
    play(state, "attack b2 b3")
    assert not state.is_terminal and legal(state) == {"end"}
