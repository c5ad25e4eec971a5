"""Rules of rules/nilo.md beyond the §5 edge cases: movement, attacks, the end of the
combat phase, drawing, refusals naming their rule."""

from __future__ import annotations

import pytest

from netjer.core import IllegalActionError
from netjer.games.nile import NileGame
from tests.games.nile.builder import ISIS, SETH, at, column_values, legal, play, position

OPEN = """
4 | .  2  .
3 | .  .  .
2 | .  4  .
1 | ?5 2  .
"""


def test_moves_are_orthogonal_steps_inside_the_own_half() -> None:
    """SEED S8, §3.5: left, right, forward, back; never diagonal, never into the enemy half,
    never onto an occupied square."""
    state = position(OPEN)
    moves = {m for m in legal(state) if m.startswith("move")}
    assert moves == {
        "move b2 a2",
        "move b2 c2",  # b2 -> b1 is occupied, b3 is Isis's half
        "move b1 c1",  # b1 -> a1 occupied, b2 occupied
        "move a1 a2",  # a1 -> b1 occupied
    }
    for bad, rule in [
        ("move b2 b3", "rules/nilo.md §3.5"),
        ("move b2 a1", "SEED S8"),
        ("move b1 b2", "rules/nilo.md §3.5"),
        ("move c1 c2", "SEED S8"),
    ]:
        with pytest.raises(IllegalActionError) as err:
            state.apply_text(bad)
        assert err.value.rule == rule, bad


def test_face_down_soldier_entering_the_vanguard_is_turned_up() -> None:
    """§3.5: moving into the vanguard reveals a face-down soldier; along the rearguard it
    stays face down; once up it stays up."""
    state = position(OPEN)
    play(state, "move a1 a2")
    assert at(state, "a2") == ("Seth", 5, True)
    assert any("turned face up: a 5" in e for e in state.observation(ISIS)["events"])
    play(state, "move b4 a4", "move a2 a1")
    assert at(state, "a1") == ("Seth", 5, True)


def test_rearguard_sideways_move_keeps_the_token_hidden() -> None:
    state = position(OPEN)
    play(state, "move b1 c1", "move b4 c4", "move a1 b1")
    assert at(state, "b1") == ("Seth", 5, False)
    assert state.observation(ISIS)["board"][0][1]["value"] is None


def test_vanguard_soldier_reaches_both_enemy_squares_without_blocking() -> None:
    """SEED S10 / §3.6 default: a vanguard soldier attacks the enemy vanguard and, over it,
    the enemy rearguard; a rearguard soldier attacks over its own vanguard."""
    state = position(
        """
        4 | .  3  .
        3 | .  1  .
        2 | .  4  .
        1 | .  2  .
        """,
    )
    assert {"attack b2 b3", "attack b2 b4", "attack b1 b3"} <= legal(state)


def test_blocking_option() -> None:
    """Option ``blocking``: the vanguard attack on the rearguard needs the enemy vanguard
    square empty; a rearguard attack needs the own vanguard square empty."""
    diagram = """
        4 | .  3  .
        3 | .  1  .
        2 | .  4  .
        1 | .  2  .
        """
    state = position(diagram, blocking=True)
    assert "attack b2 b3" in legal(state)
    assert not {"attack b2 b4", "attack b1 b3"} & legal(state)
    with pytest.raises(IllegalActionError) as err:
        state.apply_text("attack b2 b4")
    assert err.value.rule == "rules/nilo.md §3.6 (option blocking)" and "b3" in err.value.reason
    # An open column is not blocked, including the winning attack.
    state = position(
        """
        4 | .  3  .
        3 | .  .  .
        2 | 4  .  .
        1 | .  2  .
        """,
        blocking=True,
    )
    assert "attack a2 a4" in legal(state)


def test_fight_in_the_last_action_then_placement() -> None:
    """§3.7: the one action after ``end`` may be a fight; then the ender places first."""
    state = position(
        """
        4 | .  2  .
        3 | .  .  .
        2 | .  4  .
        1 | .  2  .
        """,
        to_move="Seth",
        seth_column="?1 ?1",
        isis_column="?3 ?3",
    )
    play(state, "end", "attack b4 b2")  # Isis's 2 dies against Seth's 4, which leaves
    assert at(state, "b2") is None and column_values(state, SETH)[-1] == (4, True)
    obs = state.observation(None)
    assert obs["phase"] == "placement" and state.current_player == SETH and obs["round"] == 2


def test_short_column_draws_what_is_left() -> None:
    """§3.3: a column of 1 gives 1 token; of 0, none."""
    state = position(OPEN, to_move="Isis", seth_column="?3", isis_column="")
    play(state, "end", "decline")
    assert len(state.hand[SETH]) == 1 and state.hand[ISIS] == []


def test_winner_returns_to_the_top_and_is_drawn_last() -> None:
    """SEED S9, §3.3: the column is a queue; a winner waits on top, face up, in public."""
    state = position(
        """
        4 | .  2  .
        3 | .  1  .
        2 | .  4  .
        1 | .  2  .
        """,
        seth_column="?3 ?5 ?1",
        isis_column="?2",
    )
    play(state, "attack b2 b3")
    assert column_values(state, SETH) == [(3, False), (5, False), (1, False), (4, True)]
    assert state.observation(ISIS)["players"][SETH]["column"] == [None, None, None, 4]
    play(state, "end", "decline")  # Isis ends, Seth declines: placement draws 3 and 5
    assert [state.val[t] for t in state.hand[SETH]] == [3, 5]


def test_public_token_is_never_placed_face_down() -> None:
    """Netjer ruling: a token once face up (a returned winner) stays face up; with a hidden
    token of the same value in hand, 'place 4 ...' face up takes the public one."""
    state = position(
        """
        4 | .  2  .
        3 | .  .  .
        2 | .  .  .
        1 | .  2  .
        """,
        phase="placement",
        seth_hand="4 ?4",
    )
    moves = legal(state)
    assert "place 4 a1 down" in moves  # the hidden 4 may go down
    play(state, "place 4 a2")
    assert [state.up[t] for t in state.hand[SETH]] == [False]  # the public 4 went out
    state = position(
        """
        4 | .  2  .
        3 | .  .  .
        2 | .  .  .
        1 | .  2  .
        """,
        phase="placement",
        seth_hand="4 ?3",
    )
    with pytest.raises(IllegalActionError) as err:
        state.apply_text("place 4 a1 down")
    assert "never put face down" in err.value.reason


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("place 4 a3", "rules/nilo.md §3.4"),
        ("place 4 b1", "rules/nilo.md §3.4"),
        ("place 3 a1", "SEED S7"),
        ("place ? a1", "rules/nilo.md §3.3"),
        ("move b1 a1", "SEED S7 (placement phase)"),
        ("end", "SEED S7 (placement phase)"),
    ],
)
def test_placement_refusals_name_their_rule(text: str, rule: str) -> None:
    state = position(
        """
        4 | .  2  .
        3 | .  .  .
        2 | .  .  .
        1 | .  2  .
        """,
        phase="placement",
        seth_hand="?4",
    )
    before = state.full_state()
    with pytest.raises(IllegalActionError) as err:
        state.apply_text(text)
    assert err.value.rule == rule and err.value.reason
    assert state.full_state() == before


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("place 4 a2", "SEED S8 (combat phase)"),
        ("decline", "SEED S11"),
        ("move a2 b2", "SEED S8"),
        ("attack b2 c3", "SEED S10"),
        ("attack b2 a2", "SEED S8"),
    ],
)
def test_combat_refusals_name_their_rule(text: str, rule: str) -> None:
    state = position(OPEN)
    with pytest.raises(IllegalActionError) as err:
        state.apply_text(text)
    assert err.value.rule == rule


def test_end_is_refused_as_the_last_action() -> None:
    state = position(OPEN)
    play(state, "end")
    with pytest.raises(IllegalActionError) as err:
        state.apply_text("end")
    assert err.value.rule == "SEED S11"


def test_seat_names_and_title() -> None:
    game = NileGame()
    assert game.title == "Dioses del Nilo"
    assert [game.seat_name(0), game.seat_name(1)] == ["Seth", "Isis"]
    assert game.new_initial_state(0).observation(0)["title"] == "Dioses del Nilo"


def test_describe_action_hides_face_down_values_from_the_opponent() -> None:
    state = position(
        """
        4 | .  2  .
        3 | .  .  .
        2 | .  .  .
        1 | .  2  .
        """,
        phase="placement",
        seth_hand="?4",
    )
    action = NileGame().parse_action("place 4 a1 down")
    assert "4" in state.describe_action(action, SETH)
    assert "4" not in state.describe_action(action, ISIS)
    assert "4" not in state.describe_action(action, None)
