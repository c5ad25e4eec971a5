"""Aton's rules, case by case (rules/aton.md §4-§7; §7's numbering kept in the test names)."""

from __future__ import annotations

import pytest

from netjer.core import IllegalActionError
from netjer.games.aton import AtonGame
from netjer.games.aton.actions import ASSIGN, EXCHANGE, KEEP
from netjer.games.aton.state import (
    ASSIGN_PHASE,
    DRAW,
    EXCHANGE_PHASE,
    OVER,
    PLACE_PHASE,
    REMOVE_PHASE,
    score_board,
)
from tests.games.aton.builder import BLUE, RED, give_hand, place, play_cartouches, position, remove, stones_in

# A full temple 1 (6 Red, 6 Blue) makes every placement limited to temple 1 overflow to the
# Kingdom of the Dead, so a round can end with a scoring whose points are known exactly.
FULL_T1_RED = ["1Y", "1Y", "1Y", "1Y", "1G", "1G"]
FULL_T1_BLUE = ["1G", "1K", "1K", "1B", "1+1", "1+1"]
# Beside that: Red 2Y 2G 2K 3K 4K, Blue 3Y.  A scoring gives Red +13 (temple 2: +5, black
# squares 3 to 2: +8) and Blue +2 (two +1 bonus squares); temples 1, 3 are tied, Red has no
# stone on a blue square for temple 4.
SCORING_RED = [*FULL_T1_RED, "2Y", "2G", "2K", "3K", "4K"]
SCORING_BLUE = [*FULL_T1_BLUE, "3Y"]


# --- §7 edge cases ----------------------------------------------------------------------


def test_case_1_cartouche_1_tie_scores_nothing() -> None:
    state = position()
    play_cartouches(state, (3, 2, 1, 1), (3, 3, 1, 1))
    assert state.scores == [0, 0]


def test_case_2_cartouche_1_scores_twice_the_difference() -> None:
    state = position()
    play_cartouches(state, (4, 2, 1, 1), (1, 3, 1, 1))
    assert state.scores == [6, 0]


def test_case_3_reaching_40_through_cartouche_1_wins_at_once() -> None:
    state = position(scores=(36, 0), kingdom=(4, 4), red_stones=["2Y"])
    play_cartouches(state, (4, 4, 4, 4), (2, 3, 1, 1))
    assert state.is_terminal and state.winner == RED
    assert state.scores == [40, 0]
    assert state.returns() == [1.0, -1.0]
    # Cartouches 2-4 were not resolved and no scoring happened.
    assert stones_in(state, RED, 2) == 1 and state.kingdom == [4, 4]


def test_case_4_lower_cartouche_2_acts_first_and_a_1_removes_an_own_stone() -> None:
    state = position(red_stones=["1Y", "1G", "2Y"], blue_stones=["3Y"])
    play_cartouches(state, (2, 1, 2, 1), (2, 4, 4, 1))
    assert state.order == [RED, BLUE]
    assert state.phase == REMOVE_PHASE and state.to_move == RED and state.victim == RED
    assert {str(a) for a in state.legal_actions()} == {"remove 1Y", "remove 1G", "remove 2Y"}
    state.apply(remove("1Y"))
    assert state.kingdom == [1, 0]
    assert state.phase == PLACE_PHASE
    state.apply(place("1Y"))
    # Blue then removes two of Red's stones from temples 1-4.
    assert state.to_move == BLUE and state.phase == REMOVE_PHASE and state.victim == RED
    assert state.removals_left == 2
    state.apply(remove("1G"))
    state.apply(remove("2Y"))
    assert state.kingdom == [3, 0]


def test_order_tie_on_cartouche_2_goes_to_the_lower_cartouche_1() -> None:
    state = position()
    play_cartouches(state, (3, 2, 1, 1), (2, 2, 1, 1))
    assert state.order == [BLUE, RED]


def test_war_decides_the_order_and_war_cards_go_under_the_piles() -> None:
    state = position()
    # Top cards are the ends of the lists: Red turns 4 then 1, Blue 4 then 3.
    state.draw[RED][-2:] = [1, 4]
    state.draw[BLUE][-2:] = [3, 4]
    play_cartouches(state, (2, 2, 1, 1), (2, 2, 1, 1))
    assert state.order == [RED, BLUE]  # 1 < 3 in the second War
    assert state.draw[RED][:2] == [1, 4] and state.draw[BLUE][:2] == [3, 4]
    obs = state.observation(BLUE)
    assert obs["players"][RED]["draw_bottom"] == [1, 4]
    assert len(state.draw[RED]) + len(state.discard[RED]) + 4 == 36


def test_war_that_cannot_be_decided_by_cards_ends_by_a_fair_draw() -> None:
    """Netjer ruling (docs/rules-coverage.md): a War that has turned over every card."""
    state = position()
    give_hand(state, RED, (2, 2, 1, 1))
    give_hand(state, BLUE, (2, 2, 1, 1))
    for seat in (RED, BLUE):
        state.draw[seat] = [2]
        state.discard[seat] = [3]
    for v in (2, 2, 1):
        state.apply(ASSIGN[v])
    for v in (2, 2, 1):
        state.apply(ASSIGN[v])
    assert state.order in ([RED, BLUE], [BLUE, RED])
    assert any("fair draw" in line for line in state.log)


def test_case_7_no_removals_in_the_first_round() -> None:
    state = position(round=1)
    play_cartouches(state, (1, 4, 4, 1), (1, 1, 4, 4))
    # Blue (cartouche 2 = 1) acts first: no own removal in round 1.
    assert state.to_move == BLUE and state.phase == PLACE_PHASE
    for spec in ("1Y", "1Y", "1G", "2Y"):
        state.apply(place(spec))
    # Red (cartouche 2 = 4) acts second and removes nothing either.
    assert state.to_move == RED and state.phase == PLACE_PHASE
    assert state.kingdom == [0, 0]


def test_first_round_removals_allowed_option() -> None:
    state = position(round=1, blue_stones=["1Y"], options={"first_round_removals": "allowed"})
    play_cartouches(state, (1, 3, 4, 1), (1, 4, 4, 1))
    assert state.to_move == RED and state.phase == REMOVE_PHASE


def test_case_8_removal_limited_by_cartouche_3() -> None:
    state = position(blue_stones=["3Y", "4G"])
    play_cartouches(state, (1, 4, 2, 2), (3, 4, 1, 1))
    assert state.order == [RED, BLUE]
    # Nothing to remove in temples 1-2: the removal lapses, placement in temples 1-2 only.
    assert state.phase == PLACE_PHASE and state.kingdom == [0, 0]
    assert {a.temple for a in state.legal_actions()} == {0, 1}  # type: ignore[attr-defined]
    with pytest.raises(IllegalActionError, match="cartouche 3"):
        state.apply(place("3Y"))


def test_case_9_partial_removal() -> None:
    state = position(blue_stones=["1G", "2Y"])
    play_cartouches(state, (1, 4, 1, 1), (3, 4, 1, 1))
    assert state.phase == REMOVE_PHASE and state.removals_left == 1
    assert [str(a) for a in state.legal_actions()] == ["remove 1G"]
    state.apply(remove("1G"))
    assert state.kingdom == [0, 1] and state.phase == PLACE_PHASE


def test_case_10_own_removal_only_from_allowed_temples() -> None:
    state = position(red_stones=["3Y"])
    play_cartouches(state, (1, 1, 2, 1), (3, 4, 1, 1))
    assert state.to_move == RED and state.phase == PLACE_PHASE and state.kingdom == [0, 0]

    state = position(red_stones=["3Y", "2G"])
    play_cartouches(state, (1, 1, 2, 1), (3, 4, 1, 1))
    assert state.phase == REMOVE_PHASE and state.victim == RED
    state.apply(remove("2G"))
    assert state.kingdom == [1, 0]


def test_case_13_instant_win_beats_scoring() -> None:
    red = ["2G"] * 4 + ["2Y"] * 3 + ["2K"]
    state = position(red_stones=red, kingdom=(4, 4))
    play_cartouches(state, (1, 2, 2, 4), (1, 3, 1, 1))
    assert state.to_move == RED and state.phase == PLACE_PHASE
    state.apply(place("2K"))
    state.apply(place("2K"))
    state.apply(place("2B"))
    state.apply(place("2+1"))
    assert state.is_terminal and state.winner == RED
    assert "temple 2" in state.win_reason
    assert state.scores == [0, 0]  # no scoring despite a full Kingdom


def test_case_14_all_yellow_squares_win_even_when_behind() -> None:
    yellow = ["1Y"] * 4 + ["2Y"] * 3 + ["3Y"] * 4 + ["4Y"] * 2
    state = position(blue_stones=yellow, scores=(30, 0))
    play_cartouches(state, (1, 1, 1, 1), (1, 2, 4, 1))
    # Red first (removes its own nothing: no Red stone), places in temple 1 which has no
    # yellow left; then Blue places the 14th yellow stone.
    state.apply(place("1G"))
    assert state.to_move == BLUE
    state.apply(place("4Y"))
    assert state.is_terminal and state.winner == BLUE and "yellow" in state.win_reason


def test_all_green_squares_win() -> None:
    green = ["1G"] * 3 + ["2G"] * 4 + ["3G"] * 3 + ["4G"] * 3
    state = position(red_stones=green)
    play_cartouches(state, (1, 2, 4, 1), (1, 3, 1, 1))
    state.apply(place("4G"))
    assert state.is_terminal and state.winner == RED and "green" in state.win_reason


def test_case_17_after_a_scoring_the_higher_total_wins() -> None:
    state = position(scores=(33, 38), red_stones=SCORING_RED, blue_stones=SCORING_BLUE, kingdom=(3, 3))
    # Red +2 for cartouche 1; both placements overflow, filling the Kingdom: a scoring.
    play_cartouches(state, (3, 2, 1, 1), (2, 2, 1, 1))
    assert state.is_terminal
    assert state.scores == [48, 40]
    assert state.winner == RED and state.returns() == [1.0, -1.0]


def test_case_19_equal_totals_of_40_or_more_after_a_scoring_draw() -> None:
    state = position(scores=(28, 41), red_stones=SCORING_RED, blue_stones=SCORING_BLUE, kingdom=(3, 3))
    play_cartouches(state, (3, 2, 1, 1), (2, 2, 1, 1))
    assert state.scores == [43, 43]
    assert state.is_terminal and state.winner == DRAW and state.returns() == [0.0, 0.0]


def test_equal_40_tie_continue_option_plays_on() -> None:
    state = position(
        scores=(28, 41),
        red_stones=SCORING_RED,
        blue_stones=SCORING_BLUE,
        kingdom=(3, 3),
        options={"equal_40_tie": "continue"},
    )
    play_cartouches(state, (3, 2, 1, 1), (2, 2, 1, 1))
    assert state.scores == [43, 43]
    assert not state.is_terminal and state.round == 3


def test_scoring_below_40_continues_and_returns_the_kingdom() -> None:
    state = position(scores=(0, 0), red_stones=SCORING_RED, blue_stones=SCORING_BLUE, kingdom=(3, 3))
    play_cartouches(state, (3, 2, 1, 1), (2, 2, 1, 1))
    assert state.scores == [15, 2]
    assert state.kingdom == [0, 0]
    assert state.supply == [29 - len(SCORING_RED), 29 - len(SCORING_BLUE)]
    assert state.round == 3 and not state.is_terminal


def test_kingdom_out_of_game_option_keeps_the_stones_out() -> None:
    state = position(
        red_stones=SCORING_RED,
        blue_stones=SCORING_BLUE,
        kingdom=(3, 3),
        options={"kingdom_after_scoring": "out_of_game"},
    )
    supply_before = list(state.supply)
    play_cartouches(state, (3, 2, 1, 1), (2, 2, 1, 1))
    assert state.kingdom == [0, 0]
    assert state.supply == [supply_before[0] - 1, supply_before[1] - 1]  # the overflowed stones are gone


def test_overflow_goes_to_the_kingdom() -> None:
    state = position(red_stones=FULL_T1_RED, blue_stones=FULL_T1_BLUE)
    play_cartouches(state, (1, 2, 1, 3), (1, 3, 4, 1))
    # Red first: temple 1 is full, so the 3 stones go from the supply to the Kingdom.
    assert state.kingdom[RED] == 3 and state.supply[RED] == 29 - 6 - 3
    assert state.to_move == BLUE


def test_placement_is_mandatory_while_an_allowed_square_is_empty() -> None:
    state = position()
    play_cartouches(state, (1, 2, 1, 2), (1, 3, 1, 1))
    assert state.phase == PLACE_PHASE
    assert all(str(a).startswith("place 1") for a in state.legal_actions())
    with pytest.raises(IllegalActionError):
        state.apply(KEEP)


def test_case_20_exchange_counter_once_per_game() -> None:
    state = AtonGame().new_initial_state(3)
    assert state.phase == EXCHANGE_PHASE and state.to_move == RED
    old_hand = list(state.hand[RED])
    next_four = state.draw[RED][-4:][::-1]
    state.apply(EXCHANGE)
    assert state.hand[RED] == old_hand, "the exchange takes effect once both seats decided"
    state.apply(KEEP)
    assert state.hand[RED] == next_four
    assert sorted(state.hidden_discard[RED]) == sorted(old_hand)
    assert state.exchange_counter == [False, True]
    assert state.phase == ASSIGN_PHASE
    # Next round only Blue is asked.
    play_cartouches(state, tuple(state.hand[RED]), tuple(state.hand[BLUE]))
    while state.round == 1:
        state.apply(state.legal_actions()[0])
    assert state.phase == EXCHANGE_PHASE and state.to_move == BLUE
    assert state.legal_actions() == [KEEP, EXCHANGE]


def test_case_21_reshuffle_in_the_middle_of_a_draw() -> None:
    state = position()
    pile = state.draw[RED]
    state.discard[RED].extend(pile[:-2])
    del pile[:-2]
    top_two = pile[::-1]
    play_cartouches(state, tuple(state.hand[RED]), tuple(state.hand[BLUE]))
    while state.round == 2:
        state.apply(state.legal_actions()[0])
    assert state.hand[RED][:2] == top_two
    assert state.discard[RED] == [] and len(state.draw[RED]) == 32
    assert any("shuffles the discard pile" in line for line in state.log)


def test_case_22_short_supply_places_what_it_has() -> None:
    state = position(supply=(1, None))
    play_cartouches(state, (1, 2, 4, 3), (1, 3, 1, 1))
    kingdom = state.kingdom[RED]
    assert state.to_move == RED and state.phase == PLACE_PHASE
    state.apply(place("2Y"))
    assert state.supply[RED] == 0
    assert state.kingdom[RED] == kingdom  # nothing more goes to the Kingdom
    assert state.to_move == BLUE


# --- scoring categories (§5) --------------------------------------------------------------


def _counts(red: list[str], blue: list[str]) -> list[int]:
    state = position(red_stones=red, blue_stones=blue)
    return state.count


def test_scoring_temple_1_majority_scores_the_difference() -> None:
    assert score_board(_counts(["1Y", "1Y", "1G"], ["1G"])) == [2, 0]


def test_scoring_temple_2_majority_scores_5() -> None:
    assert score_board(_counts(["2Y"], ["2Y", "2G"])) == [0, 5]


def test_scoring_temple_3_majority_scores_1_per_own_stone() -> None:
    assert score_board(_counts(["3Y", "3Y", "3G"], ["3G"])) == [3, 0]


def test_scoring_temple_4_majority_scores_3_per_own_blue_square() -> None:
    counts = _counts(["4Y", "1B", "2B", "4B"], ["4G"])
    # Temple 4: Red 2 stones to 1.  Temple 1: Red 1 (blue) to 0 -> +1; temple 2: +5.
    assert score_board(counts) == [1 + 5 + 3 * 3, 0]
    assert score_board(counts, blue_all_temples=False) == [1 + 5 + 3 * 1, 0]


def test_scoring_black_squares_majority_scores_8() -> None:
    # Temples 1, 3 and 4 are tied, temple 2 goes to Red (+5); black squares 2 to 1 (+8).
    # Temples 1 and 2 tied, temple 3 to Blue (+1 per stone); black squares 2 to 1.
    assert score_board(_counts(["1K", "2K"], ["1Y", "2Y", "3K"])) == [8, 1]


def test_scoring_bonus_squares_score_for_their_owner_without_majority() -> None:
    # Blue: temple 1 majority 1-0 (+1) and bonus 1 + 2 + 1; temple 4's majority finds no
    # Blue stone on a blue square; temple 3 is tied.
    assert score_board(_counts(["3+2"], ["1+1", "4+2", "4+1", "3Y"]))[1] == 1 + 1 + 2 + 1
    assert score_board(_counts(["3+2"], ["3Y", "3G"]))[0] == 2


def test_scoring_ties_score_nothing() -> None:
    red = ["1Y", "2Y", "3Y", "4Y", "1K", "2G"]
    blue = ["1G", "2G", "3G", "4G", "2K", "1Y"]
    assert score_board(_counts(red, blue)) == [0, 0]


# --- hidden information -------------------------------------------------------------------


def test_staged_reveal_hides_the_second_players_cartouches_3_and_4() -> None:
    state = position(blue_stones=["1Y"])
    play_cartouches(state, (1, 3, 4, 2), (2, 4, 3, 1))
    assert state.to_move == RED
    blue = state.observation(RED)["players"][BLUE]["cartouches"]
    assert blue == [2, 4, "hidden", "hidden"]


def test_all_at_once_reveal_option_shows_every_cartouche() -> None:
    state = position(blue_stones=["1Y"], options={"reveal": "all_at_once"})
    play_cartouches(state, (1, 3, 4, 2), (2, 4, 3, 1))
    assert state.observation(RED)["players"][BLUE]["cartouches"] == [2, 4, 3, 1]


def test_assignment_is_hidden_until_the_reveal() -> None:
    state = position()
    give_hand(state, RED, (4, 3, 2, 1))
    state.apply(ASSIGN[4])
    assert state.describe_action(ASSIGN[3], BLUE) == "Red puts a card face down on cartouche 2."
    assert "3" in state.describe_action(ASSIGN[3], RED)
    obs = state.observation(BLUE)
    assert obs["players"][RED]["cartouches"] == ["hidden", None, None, None]
    assert "hand" not in obs["players"][RED]
    assert obs["players"][BLUE]["hand"] == sorted(state.hand[BLUE])


def test_pending_exchange_decision_is_secret() -> None:
    state = AtonGame().new_initial_state(5)
    assert "secret" in state.describe_action(EXCHANGE, BLUE)
    state.apply(EXCHANGE)
    assert "exchange_decision" not in state.observation(BLUE)["players"][RED]
    assert state.observation(RED)["players"][RED]["exchange_decision"] is True


def test_illegal_assign_names_the_rule() -> None:
    state = position()
    give_hand(state, RED, (1, 1, 2, 2))
    with pytest.raises(IllegalActionError) as err:
        state.apply(ASSIGN[4])
    assert err.value.rule == "Aton §4 step C" and "no card of value 4" in err.value.reason
    assert err.value.legal == ["assign 1", "assign 2"]


def test_game_over_state_refuses_every_action() -> None:
    state = position(scores=(36, 0))
    play_cartouches(state, (4, 4, 4, 4), (2, 3, 1, 1))
    assert state.phase == OVER and state.legal_actions() == []
    with pytest.raises(IllegalActionError, match="game is over"):
        state.apply(KEEP)
