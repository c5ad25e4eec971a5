"""Anubis (rules/ankh.md §4.1): trapping killed enemy Warriors, strength for his God figure,
ransom summons, merge and forgotten clean-up."""

from __future__ import annotations

from netjer.games.ankh.base import BID, SUMMON, TURN
from netjer.games.ankh.gods.anubis import POWER, TRAP_PHASE
from tests.games.ankh.builder import legal, piece, play, position
from tests.games.ankh.gods.helpers import battle


def slots(s: object) -> list[int]:
    return POWER.data(s).slots  # type: ignore[arg-type]


# The West: A (Anubis) God + Warrior against B God + 2 Warriors.
WEST = ["A god 4,4", "A warrior 4,5", "B god 5,1", "B warrior 4,1", "B warrior 5,3"]


def test_anubis_traps_one_killed_enemy_warrior_s4_1() -> None:
    s = battle(2, WEST, "anubis,none")
    play(s, "card chariots", "card miracle")  # A 5 beats B 3: both B Warriors die
    assert s.phase == TRAP_PHASE and legal(s) == ["trap 2", "notrap"]
    play(s, "trap 2")
    assert slots(s) == [1] and s.warriors_pool[1] == 6 - 2 + 2 - 1
    assert s.observation(1)["god_powers"]["anubis"] == {"holder": 0, "trapped": [1]}


def test_plague_and_resolution_are_two_moments_s4_1() -> None:
    s = battle(2, WEST, "anubis,none", followers=[2, 0], stack=["A", "B"])
    play(s, "card plague", "card miracle")
    assert s.phase == BID
    play(s, "bid 1", "bid 0")  # A spared: B's Warriors die
    play(s, "trap 2")
    assert slots(s) == [1]
    assert s.phase != TRAP_PHASE  # one per killing


def test_his_god_figure_gains_one_per_trapped_warrior_s4_1() -> None:
    s = battle(2, ["A god 4,4", "B god 5,1", "B warrior 4,1"], "anubis,none")
    POWER.data(s).slots = [1, 1]
    s.warriors_pool[1] -= 2
    play(s, "card miracle", "card miracle")
    assert "  strength in this Battle: Anubis 3, Player 2 2" in s.log


def test_no_bonus_when_his_god_figure_is_not_in_the_battle_s4_1() -> None:
    s = battle(2, ["A god 2,5", "A warrior 4,4", "B god 5,1", "B warrior 4,1"], "anubis,none")
    POWER.data(s).slots = [1, 1]
    s.warriors_pool[1] -= 2
    play(s, "card miracle", "card miracle")
    assert "  strength in this Battle: Anubis 1, Player 2 2" in s.log


def test_an_opponent_buys_back_a_trapped_warrior_with_one_follower_s4_1() -> None:
    s = position(2, ["B god 4,4", "A god 6,6"], gods="anubis,none", followers=[0, 2], stack=["B", "A"])
    POWER.data(s).slots = [1]
    s.warriors_pool[1] -= 1
    s.turn_idx, s.to_move = 1, 1
    play(s, "summon")
    assert "ransom" in legal(s)
    play(s, "ransom")
    assert s.phase == SUMMON and all(a.startswith("put warrior") for a in legal(s))
    play(s, "put warrior 4,5")
    assert piece(s, "4,5") == "B warrior" and slots(s) == []
    assert s.followers == [1, 1] and s.warriors_pool[1] == 5


def test_anubis_never_traps_his_own_warriors_s4_1() -> None:
    s = battle(2, ["A god 4,4", "A warrior 4,5", "B god 5,1", "B warrior 4,1"], "anubis,none")
    play(s, "card miracle", "card chariots")  # B wins: A's Warrior dies
    assert s.phase != TRAP_PHASE and slots(s) == []


def test_forgotten_anubis_returns_every_trapped_warrior_s4_1() -> None:
    pieces = ["A god 4,4", "B god 6,6", "C god 2,5"]
    s = position(3, pieces, gods="anubis,none,none", devotion=[3, 25, 24], next_event="conflict", conflict_number=4)
    POWER.data(s).slots = [1, 2]
    s.warriors_pool[1] -= 1
    s.warriors_pool[2] -= 1
    play(s, "move", "done")
    assert not s.alive[0] and s.warriors_pool[1] == 6 and s.warriors_pool[2] == 6


def test_forgotten_god_s_trapped_warriors_leave_the_game_s4_1() -> None:
    pieces = ["A god 4,4", "B god 6,6", "C god 2,5"]
    s = position(3, pieces, gods="anubis,none,none", devotion=[25, 3, 24], next_event="conflict", conflict_number=4)
    POWER.data(s).slots = [1, 2]
    s.warriors_pool[1] -= 1
    s.warriors_pool[2] -= 1
    play(s, "move", "done")
    assert not s.alive[1] and slots(s) == [2] and s.removed_warriors[1] == 6


def test_merged_god_whose_minor_god_was_anubis_issue5() -> None:
    # A (Anubis, lowest) merges into B; B's trapped Warrior goes home, C's stays trapped, and
    # the merged god's God figure (B's) now has the bonus.
    pieces = ["A god 2,5", "B god 6,6", "C god 4,4"]
    s = position(3, pieces, gods="anubis,none,none", devotion=[1, 2, 9], next_event="conflict", conflict_number=3)
    POWER.data(s).slots = [1, 2]
    s.warriors_pool[1] -= 1
    s.warriors_pool[2] -= 1
    play(s, "move", "done")
    assert s.god_of_seat == [1, 1, 2] and s.holder[1] == 1
    assert slots(s) == [2] and s.warriors_pool[1] == 6
    assert s.phase == TURN


def test_merge_removes_the_minor_god_s_trapped_warriors_s4_1() -> None:
    pieces = ["A god 2,5", "B god 6,6", "C god 4,4"]
    s = position(3, pieces, gods="anubis,none,none", devotion=[9, 1, 2], next_event="conflict", conflict_number=3)
    POWER.data(s).slots = [1, 2]
    s.warriors_pool[1] -= 1
    s.warriors_pool[2] -= 1
    play(s, "move", "done")
    assert s.god_of_seat == [0, 2, 2]  # B (minor) merged into C
    assert slots(s) == [2] and s.removed_warriors[1] == 6
