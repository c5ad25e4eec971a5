"""The Devotion track (rules/ankh.md §5), merging gods (§10.4, ankh-cases.md 34), forgotten gods
and the end of the game (§10.5, §10.6, §11.35)."""

from __future__ import annotations

import pytest

from netjer.games.ankh import actions, devotion, merge
from netjer.games.ankh.base import TURN
from tests.games.ankh.builder import A, B, C, D, legal, piece, play, position, start_conflict


def test_devotion_stack_first_player_on_top_at_the_start_s5() -> None:
    s = position(3, ["A god 5,1", "B god 6,6", "C god 2,5"])
    fresh = type(s)(s.game, 1)
    assert fresh.devotion_stack[-1] == fresh.turn_order[0] and fresh.devotion_stack[0] == fresh.turn_order[-1]
    assert fresh.devotion == [0, 0, 0]


def test_a_token_arriving_on_a_space_goes_on_top_of_the_stack_s5() -> None:
    s = position(3, ["A god 5,1", "B god 6,6", "C god 2,5"], devotion=[2, 3, 2], stack="ACB")
    devotion.gain(s, C, 1, "test")  # C arrives on B's space 3: above B
    assert s.devotion_stack == [A, B, C]
    devotion.lose(s, C, 2, "test")  # C moves down to space 1, alone
    assert s.devotion[C] == 1 and s.devotion_stack == [C, A, B]
    devotion.lose(s, B, 1, "test")  # B arrives on A's space 2: on top
    assert s.devotion_stack == [C, A, B] and s.devotion[B] == 2


def test_devotion_never_below_0_s5() -> None:
    s = position(2, ["A god 5,1", "B god 6,6"], devotion=[0, 1])
    devotion.lose(s, A, 1, "test")
    assert s.devotion[A] == 0 and s.devotion_stack == [A, B]


def test_reaching_31_wins_at_once_and_stops_there_s5() -> None:
    s = position(2, ["A god 5,1", "B god 6,6"], devotion=[29, 0])
    assert devotion.gain(s, A, 5, "test")
    assert s.devotion[A] == 31 and s.is_terminal and s.returns() == [1.0, -1.0]


def test_bountiful_only_in_the_red_section_s2_2() -> None:
    s = position(2, ["A god 5,1", "B god 6,6"], devotion=[19, 0], powers={"A": ["bountiful"]})
    devotion.gain(s, A, 1, "test")
    assert s.devotion[A] == 21  # 19 is the last red space: +1
    devotion.gain(s, A, 1, "test")
    assert s.devotion[A] == 22


def test_red_max_option_20_s5() -> None:
    s = position(2, ["A god 5,1", "B god 6,6"], devotion=[20, 0], powers={"A": ["bountiful"]}, options={"red_max": 20})
    devotion.gain(s, A, 1, "test")
    assert s.devotion[A] == 22


# --- Merge (§10.4) ---------------------------------------------------------------------------------


def test_the_two_lowest_gods_merge_after_the_third_conflict_s10_4() -> None:
    pieces = ["A god 2,5", "B god 5,1", "B warrior 4,1", "B obelisk 5,0", "C god 6,6", "D god 8,1"]
    s = position(4, pieces, devotion=[10, 2, 3, 8], followers=[0, 4, 1, 0], next_event="conflict", conflict_number=3)
    supply = s.monument_supply[0]
    start_conflict(s)
    # West: B (lower) then D choose; B scores its Obelisk majority (3, on top of C), D wins (9),
    # B's Warrior dies (Miracle: 4).  East: C dominates (4, on top of B).  North: A (11).
    play(s, "card miracle", "card chariots")
    assert s.conflicts == 3
    assert not s.alive[B] and s.god_of_seat[B] == C  # B lowest = minor, C second-lowest = major
    assert s.devotion[C] == 4 and s.devotion_stack == [C, D, A]
    assert s.followers[C] == 1 + 4 and s.followers[B] == 0
    assert piece(s, "5,1") is None and piece(s, "5,0") is None
    assert s.monument_supply[0] == supply + 1  # B's Obelisk destroyed


def test_merge_minor_major_and_devotion_on_the_minor_space_s10_4() -> None:
    pieces = ["A god 2,5", "B god 5,1", "B warrior 4,1", "B obelisk 5,0", "C god 6,6", "C warrior 6,7", "D god 8,8"]
    s = position(4, pieces, devotion=[10, 0, 5, 3], followers=[0, 4, 1, 0])
    s.conflicts = 3
    merge.merge_gods(s)
    # B (0) is the lowest: minor; D (3) the second lowest: major.
    assert not s.alive[B] and s.god_of_seat[B] == D
    assert s.devotion[D] == 0 and s.devotion_stack == [D, C, A]
    assert s.followers[D] == 4 and s.followers[B] == 0
    assert piece(s, "5,1") is None and piece(s, "4,1") is None and piece(s, "5,0") is None
    assert s.removed_warriors[B] == 6
    # The minor seat now plays for the merged god, one action per turn.
    s.turn_idx = 1
    actions.start_turn(s)
    assert s.current_player == B
    play(s, "gain")
    assert s.current_player == C
    assert s.public_scores() == [10.0, 0.0, 5.0, 0.0]


def test_merge_guardians_major_keeps_its_own_then_fits_the_minors_case34() -> None:
    pieces = ["A god 2,5", "B god 5,1", "B cat-mummy 4,1", "C god 6,6", "D god 8,8"]
    pools = {"C": {"cat-mummy": 1, "apep": 1, "androsphinx": 1}, "B": {"apep": 1}}
    s = position(4, pieces, devotion=[10, 0, 1, 9], pool=pools, guardians="cat-mummy,apep,androsphinx")
    s.last_row = 0  # as if the Move track had fired the 3rd Conflict
    supply_before = list(s.guardian_supply)
    assert merge.merge_gods(s)
    assert s.god_of_seat[B] == C and s.current_player == C  # the major god's player chooses
    # C keeps its own (1 small, 2 large bases used): B's Cat-Mummy fits, B's Apep does not.
    assert legal(s) == ["adopt 4,1", "done"]
    play(s, "adopt 4,1")
    assert piece(s, "4,1") == "C cat-mummy"
    assert s.removed_guardians == [0, 1, 0]  # B's Apep left the game (not killed)
    assert s.guardian_pool[C * 3 : C * 3 + 3] == [1, 1, 1]
    assert s.guardian_supply == supply_before
    assert s.phase == TURN


def test_merge_guardians_the_major_may_let_them_go_s10_4() -> None:
    pieces = ["A god 2,5", "B god 5,1", "B cat-mummy 4,1", "C god 6,6", "D god 8,8"]
    s = position(4, pieces, devotion=[10, 0, 1, 9], pool={"B": {"cat-mummy": 1}})
    s.last_row = 0
    assert merge.merge_gods(s)
    assert legal(s) == ["adopt 4,1", "adopt cat-mummy", "done"]
    play(s, "adopt cat-mummy")
    assert legal(s) == ["adopt 4,1", "done"]  # the second small base is still free
    play(s, "done")
    assert piece(s, "4,1") is None and s.removed_guardians == [1, 0, 0]
    assert s.guardian_pool[C * 3] == 1 and s.devotion[A] == 10  # no Cat-Mummy loss: nobody was killed


def test_merged_powers_option_combined_s10_4() -> None:
    for option, expected in (("major", 1 << 3), ("combined", (1 << 3) | (1 << 0))):
        s = position(
            3,
            ["A god 2,5", "B god 5,1", "C god 6,6"],
            devotion=[0, 1, 9],
            powers={"A": ["commanding"], "B": ["revered"]},
            options={"merged_powers": option},
        )
        merge.merge_gods(s)
        assert s.powers[B] == expected


def test_no_merge_in_two_player_games_s10_4() -> None:
    s = start_conflict(position(2, ["A god 2,5", "B god 5,1"], next_event="conflict", conflict_number=3))
    assert all(s.alive) and s.conflicts == 3


def test_merged_god_wins_for_both_players_rulings_table() -> None:
    s = position(3, ["A god 2,5", "B god 5,1", "C god 6,6"], devotion=[0, 1, 29])
    merge.merge_gods(s)  # A minor, B major
    devotion.gain(s, B, 2, "test")
    assert s.devotion[B] == 2
    s.devotion[B] = 29
    devotion.place_token(s, B, 29)
    devotion.gain(s, B, 3, "test")
    assert s.is_terminal and s.returns() == [1.0, 1.0, -1.0]


# --- Forgotten gods and the end (§10.5, §10.6) ------------------------------------------------------


def _fourth_conflict(devotion: list[int], **kw: object) -> object:
    pieces = ["A god 8,8", "B god 8,1", "C god 1,1"]
    s = position(3, pieces, devotion=devotion, next_event="conflict", conflict_number=4, **kw)  # type: ignore[arg-type]
    s.god_of_seat = [0, 1, 2]
    return s


def test_forgotten_gods_in_the_red_section_after_the_fourth_conflict_s11_35() -> None:
    # Each dominates one region (+1): A 18 -> 19 (red), B 19 -> 20, C 24 -> 25.
    s = start_conflict(_fourth_conflict([18, 19, 24]))
    assert s.devotion == [19, 20, 25]
    assert not s.alive[A] and s.alive[B] and s.alive[C]
    assert all(o != A for o in s.figure_owner)
    assert s.phase == TURN and s.current_player == B


def test_only_god_remaining_wins_s11_35() -> None:
    s = start_conflict(_fourth_conflict([10, 10, 24]))
    assert s.is_terminal and s.returns() == [-1.0, -1.0, 1.0]


def test_everyone_forgotten_everyone_loses_s11_35() -> None:
    s = start_conflict(_fourth_conflict([1, 2, 3]))
    assert s.is_terminal and s.returns() == [-1.0, -1.0, -1.0]


def test_red_max_20_forgets_a_god_on_20_s10_5() -> None:
    s = start_conflict(_fourth_conflict([19, 22, 24], options={"red_max": 20}))
    assert not s.alive[A]


def test_most_devotion_wins_after_the_fifth_conflict_s10_6() -> None:
    pieces = ["A god 8,8", "B god 8,1", "C god 1,1"]
    s = start_conflict(position(3, pieces, devotion=[20, 22, 21], next_event="conflict", conflict_number=5))
    assert s.is_terminal and s.returns() == [-1.0, 1.0, -1.0]


def test_final_tie_goes_to_the_higher_token_in_the_stack_rulings_table() -> None:
    pieces = ["A god 8,8", "B god 8,1", "C god 1,1"]
    s = start_conflict(position(3, pieces, devotion=[21, 21, 20], next_event="conflict", conflict_number=5))
    # A and B both reach 22; B dominated the West (token 1) first, A the East (token 2) later,
    # so A arrived on 22 after B and stands on top.
    assert s.devotion[A] == s.devotion[B] == 22
    assert s.returns() == [1.0, -1.0, -1.0]


@pytest.mark.parametrize("players", [2, 3])
def test_forgotten_applies_to_two_players_too_s10_5(players: int) -> None:
    gods = ["A god 8,8", "B god 8,1", "C god 1,1"][:players]
    s = start_conflict(position(players, gods, devotion=[0] * players, next_event="conflict", conflict_number=4))
    assert s.is_terminal and s.returns() == [-1.0] * players
