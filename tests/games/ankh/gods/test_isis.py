"""Isis (rules/ankh.md §4.1, §11.27; cases.md 28): Protected figures survive Battle
Resolution at her choice, not the Plague."""

from __future__ import annotations

from netjer.games.ankh.gods.isis import SAVE_PHASE
from tests.games.ankh.builder import legal, piece, play
from tests.games.ankh.gods.helpers import battle

# A (Isis) has a Warrior at (4,4) next to B's God at (4,3) in the West; A's God is in the North.
LOST = ["A god 2,5", "A warrior 4,4", "B god 4,3", "B warrior 5,3"]


def test_protected_figure_survives_a_lost_battle_at_her_choice_s11_27() -> None:
    s = battle(2, LOST, "isis,none")
    play(s, "card miracle", "card chariots")  # B wins 5 to 1
    assert s.phase == SAVE_PHASE and s.current_player == 0
    assert legal(s) == ["save 4,4", "done"]
    play(s, "save 4,4")
    assert piece(s, "4,4") == "A warrior"
    assert s.devotion[0] == 1  # Miracle: nothing died (1: A dominates the North afterwards)


def test_isis_may_let_a_protected_figure_die_s4_1() -> None:
    s = battle(2, LOST, "isis,none")
    play(s, "card miracle", "card chariots", "done")
    assert piece(s, "4,4") is None and s.devotion[0] == 1 + 1  # Miracle counts it; the North


def test_protection_does_not_stop_the_plague_s11_27() -> None:
    s = battle(2, LOST, "isis,none", followers=[0, 1])
    play(s, "card miracle", "card plague", "bid 0", "bid 1")
    assert piece(s, "4,4") is None  # killed by the Plague, no choice offered
    assert s.phase != SAVE_PHASE


def test_figure_next_to_no_enemy_is_not_protected_s4_1() -> None:
    pieces = ["A god 2,5", "A warrior 8,3", "B god 4,3", "B warrior 5,3"]
    s = battle(2, pieces, "isis,none")
    play(s, "card miracle", "card chariots")
    assert piece(s, "8,3") is None and s.phase != SAVE_PHASE


def test_still_protected_when_the_adjacent_enemy_dies_at_the_same_moment_case28() -> None:
    pieces = ["A god 2,5", "A warrior 4,4", "B god 6,6", "B warrior 4,5"]
    s = battle(2, pieces, "isis,none")
    play(s, "card miracle", "card miracle", "notiebreak")  # 1 against 1, no winner: both lose
    assert s.phase == SAVE_PHASE
    play(s, "save 4,4")
    assert piece(s, "4,4") == "A warrior" and piece(s, "4,5") is None
