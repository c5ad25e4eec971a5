"""Seth (rules/ankh.md §4.2, §11.33; cases.md 1, 2, 4, 5; S1): enemy Warriors and Guardians
next to his God count as his during Conflicts, with every consequence the seed lists."""

from __future__ import annotations

from netjer.games.ankh.base import BID, MUMMY, OBELISK_PICK
from netjer.games.ankh.gods.anubis import POWER as ANUBIS
from netjer.games.ankh.gods.anubis import TRAP_PHASE
from netjer.games.ankh.gods.isis import SAVE_PHASE
from netjer.games.ankh.gods.ra import SUN
from netjer.games.ankh.rules_queries import controllers
from tests.games.ankh.builder import hx, legal, piece, play, position
from tests.games.ankh.gods.helpers import battle, log_has

# cases.md 1: Seth's God at (5,1), B's Warriors at (4,1) and (6,1), both adjacent to it.
TAKEN = ["A god 5,1", "B warrior 4,1", "B warrior 6,1", "B god 6,6"]
# cases.md 2: the same, plus C's Warrior at (7,2), not adjacent to Seth: a Battle with C.
WITH_C = [*TAKEN, "C warrior 7,2", "C god 2,5"]


def test_seth_takes_a_whole_army_and_dominates_case1_s11_33() -> None:
    s = battle(2, TAKEN, "seth,none")
    assert log_has(s, "Seth dominates region 1")  # no Battle in the West
    assert s.devotion[0] == 1
    assert piece(s, "4,1") == "B warrior" and piece(s, "6,1") == "B warrior"  # still B's


def test_control_only_during_conflicts_s4_2() -> None:
    s = position(2, TAKEN, gods="seth,none")
    assert controllers(s)[hx("4,1")] == 1  # outside a Conflict, B's own
    assert s.observation(0)["god_powers"]["seth"]["controls"] == []


def test_seth_wins_and_the_borrowed_figures_survive_case2() -> None:
    s = battle(3, WITH_C, "seth,none,none", stack=["A", "C", "B"])
    assert s.battle.gods == [0, 2]  # B is not in the West
    assert s.observation(1)["god_powers"]["seth"]["controls"] == ["4,1", "6,1"]
    play(s, "card chariots", "card miracle")
    assert "  strength in this Battle: Seth 6, Player 3 1" in s.log  # God + B's two Warriors + Chariots
    assert piece(s, "4,1") == "B warrior" and piece(s, "6,1") == "B warrior" and piece(s, "7,2") is None


def test_seth_loses_and_they_die_for_his_miracle_case2() -> None:
    s = battle(3, WITH_C, "seth,none,none", stack=["A", "C", "B"])
    play(s, "card miracle", "card chariots")  # Seth 3 against C 4
    assert piece(s, "4,1") is None and piece(s, "6,1") is None
    assert s.devotion[0] == 2  # Miracle: the two B Warriors, for Seth
    assert s.warriors_pool[1] == 6  # they went back to B's pool


def test_seth_wins_the_plague_and_keeps_them_s4_2() -> None:
    s = battle(3, WITH_C, "seth,none,none", stack=["A", "C", "B"], followers=[1, 5, 0])
    play(s, "card plague", "card miracle")
    assert s.phase == BID and s.battle.bidders == [0, 2]  # B does not bid: not in the region
    play(s, "bid 1", "bid 0")
    assert piece(s, "4,1") == "B warrior" and piece(s, "7,2") is None


def test_seth_loses_the_plague_and_they_die_s4_2() -> None:
    s = battle(3, WITH_C, "seth,none,none", stack=["A", "C", "B"], followers=[0, 0, 1])
    play(s, "card miracle", "card plague", "bid 0", "bid 1")
    assert piece(s, "4,1") is None and piece(s, "6,1") is None and piece(s, "7,2") == "C warrior"


def test_drought_counts_the_borrowed_figures_on_desert_s4_2() -> None:
    s = battle(3, WITH_C, "seth,none,none", stack=["A", "C", "B"])
    play(s, "card drought", "card miracle")
    # Seth wins: 1 + Drought 1 per figure of his on Desert: (5,1), (4,1), (6,1).
    assert s.devotion[0] == 4


def test_enemy_cat_mummy_dying_for_seth_costs_everyone_else_s4_2() -> None:
    pieces = ["A god 5,1", "B cat-mummy 4,1", "B god 6,6", "C warrior 7,2", "C god 2,5"]
    s = battle(3, pieces, "seth,none,none", devotion=[2, 2, 2], stack=["A", "C", "B"])
    play(s, "card miracle", "card chariots")  # C wins
    assert piece(s, "4,1") is None
    assert log_has(s, "Player 2 loses 1 Devotion (a Cat-Mummy died)")  # its owner too
    assert log_has(s, "Player 3 loses 1 Devotion (a Cat-Mummy died)")
    assert not log_has(s, "Seth loses")  # the Cat-Mummy counted for Seth
    assert s.devotion[0] == 2 + 1  # Seth's Miracle counts it


def test_enemy_mummy_dying_for_seth_returns_next_to_seth_s4_2() -> None:
    pieces = ["A god 5,1", "B mummy 4,1", "B god 6,6", "C warrior 7,2", "C god 2,5"]
    s = battle(3, pieces, "seth,none,none", stack=["A", "C", "B"])
    play(s, "card miracle", "card chariots")
    assert s.phase == MUMMY and s.current_player == 0  # Seth resolves it
    assert set(legal(s)) == {"to 4,1", "to 5,0", "to 6,0", "to 6,1"}  # next to Seth's God
    play(s, "to 6,0")
    assert piece(s, "6,0") == "B mummy" and s.guardian_pool[1 * 3 + 1] == 0


def test_radiant_figure_next_to_seth_gives_him_ras_bonus_s4_2() -> None:
    s = position(2, TAKEN, gods="seth,ra", next_event="conflict")
    s.badge[hx("4,1")] = SUN
    play(s, "move", "done")
    assert s.devotion[0] == 2  # Seth dominates the West with B's Radiant Warrior: 1 + 1


def test_isis_figure_taken_by_seth_loses_her_protection_s4_2() -> None:
    s = battle(3, WITH_C, "seth,isis,none", stack=["A", "C", "B"])
    play(s, "card miracle", "card chariots")
    assert s.phase != SAVE_PHASE and piece(s, "4,1") is None


def test_anubis_traps_a_warrior_dying_for_seth_issue5() -> None:
    s = battle(3, WITH_C, "seth,none,anubis", stack=["A", "C", "B"])
    play(s, "card miracle", "card chariots")  # C (Anubis) wins; B's Warriors die for Seth
    assert s.phase == TRAP_PHASE and legal(s) == ["trap 2", "notrap"]
    play(s, "trap 2")
    assert ANUBIS.data(s).slots == [1]  # B's Warrior, only B may buy it back


def test_seth_moves_with_obelisk_attuned_and_ends_the_battle_case4() -> None:
    pieces = ["A obelisk 6,6", "A warrior 6,5", "A god 2,5", "B warrior 7,6", "B warrior 5,7", "B god 4,4"]
    s = battle(2, pieces, "seth,none", powers={"A": ["obelisk-attuned"]})
    assert s.phase == OBELISK_PICK and s.battle.gods == [0, 1]
    play(s, "pick 2,5", "to 6,7", "done")
    assert log_has(s, "the battle no longer takes place")
    assert log_has(s, "Seth dominates region 2")
    assert s.devotion[0] == 2  # the Obelisk majority and the Domination


def test_owner_may_not_move_a_figure_seth_controls_case5_s1() -> None:
    # B (lower Devotion, so first) still has a figure of its own in the East, and Obelisk
    # Attuned; its Warrior at (7,6) next to Seth's God counts for Seth, so B may not move it
    # (S1: the figures count as Seth's "and not as the opponent's"; cases.md 5 reads this the
    # other way — ruling in gods/seth.py).
    pieces = ["A god 6,7", "A warrior 6,5", "B warrior 7,6", "B warrior 8,9", "B obelisk 8,8", "B god 4,4"]
    s = battle(2, pieces, "seth,none", powers={"B": ["obelisk-attuned"]}, devotion=[3, 1])
    assert s.phase == OBELISK_PICK and s.current_player == 1
    assert "pick 7,6" not in legal(s) and "pick 8,9" in legal(s)


def test_seth_moves_an_enemy_figure_away_and_it_is_its_owner_s_again_s1() -> None:
    # S1: with Obelisk Attuned Seth may move opposing figures next to him; once away from
    # him they belong to their owner again — who so takes part in a battle it was not in.
    pieces = ["A god 5,1", "B warrior 4,1", "B god 2,5", "A obelisk 6,6", "A warrior 6,5", "C warrior 8,5"]
    pieces.append("C god 8,3")
    s = battle(3, pieces, "seth,none,none", powers={"A": ["obelisk-attuned"]}, stack=["A", "C", "B"])
    # The West (Seth's God, B's Warrior: Seth's; C's God) is a battle first: play it out.
    assert s.battle.region == s.regions.region_of[hx("5,1")]
    play(s, "card chariots", "card miracle")  # no Obelisk of Seth's in the West
    assert sorted(s.battle.gods) == [0, 2] and s.phase == OBELISK_PICK  # the East: Seth against C
    assert "pick 4,1" in legal(s)  # B's Warrior, next to Seth's God in the West
    play(s, "pick 4,1", "to 7,6")
    assert controllers(s)[hx("7,6")] == 1  # away from Seth: B's again
    play(s, "done")
    assert 1 in s.battle.gods  # B takes part in the East battle now


def test_obelisk_attuned_only_with_own_figures_in_the_region_case5() -> None:
    pieces = ["A god 6,7", "B warrior 7,6", "B warrior 5,7", "B obelisk 8,8", "B god 4,4", "C warrior 8,5", "C god 2,5"]
    s = battle(3, pieces, "seth,none,none", powers={"B": ["obelisk-attuned"]}, stack=["B", "A", "C"])
    assert s.battle.gods == [0, 2] and s.phase != OBELISK_PICK  # B has no figure of its own there


def test_seth_receives_the_guardian_effects_of_the_figures_he_takes_s4_2() -> None:
    # B's Androsphinx next to Seth is his: it neutralises C's Warrior at (4,2), its neighbour.
    pieces = ["A god 5,1", "B androsphinx 4,1", "B god 6,6", "C warrior 4,2", "C warrior 8,3", "C god 2,5"]
    s = battle(3, pieces, "seth,none,none", stack=["A", "C", "B"])
    play(s, "card miracle", "card miracle")
    assert "  strength in this Battle: Seth 2, Player 3 1" in s.log


def test_temple_attuned_counts_the_figures_he_takes_s4_2() -> None:
    # Seth's Temple at (3,1) has only B's Warrior at (4,1) next to it — a Warrior Seth takes.
    pieces = ["A god 5,1", "A temple 3,1", "B warrior 4,1", "B god 6,6", "C warrior 7,2", "C god 2,5"]
    s = battle(3, pieces, "seth,none,none", stack=["A", "C", "B"], powers={"A": ["temple-attuned"]})
    play(s, "card miracle", "card miracle")
    assert "  strength in this Battle: Seth 4, Player 3 1" in s.log  # God + Warrior + Temple Attuned 2


def test_seth_moving_away_brings_a_player_into_the_battle_s4_2() -> None:
    pieces = ["A god 5,1", "A obelisk 8,3", "B warrior 4,1", "B god 6,6", "C warrior 7,2", "C god 2,5"]
    s = battle(3, pieces, "seth,none,none", stack=["A", "C", "B"], powers={"A": ["obelisk-attuned"]})
    assert s.battle.gods == [0, 2]  # B's only West figure counts for Seth
    play(s, "pick 5,1", "to 9,4")  # Seth has nothing else to relocate
    assert s.battle.gods == [0, 2, 1]  # B takes part now (ascending Devotion order)
    assert controllers(s)[hx("4,1")] == 1
