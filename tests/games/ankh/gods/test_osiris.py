"""Osiris (rules/ankh.md §4.1; rulings table "Osiris's Underworld"): Underworld tokens after
a lost battle, summons onto them, other gods kept off them."""

from __future__ import annotations

from netjer.games.ankh import actions
from netjer.games.ankh.base import BUILD, SUMMON, TURN, WORSHIP
from netjer.games.ankh.gods.osiris import PICK_PHASE, PLACE_PHASE, POWER
from tests.games.ankh.builder import hx, legal, piece, play, position
from tests.games.ankh.gods.helpers import battle

# The West: A (Osiris) God at (4,4) loses to B (God + Warrior); the East holds only B.
LOST = ["A god 4,4", "B god 5,4", "B warrior 5,3", "A warrior 2,5"]


def test_lost_battle_places_an_underworld_token_in_that_region_s4_1() -> None:
    s = battle(2, LOST, "osiris,none")
    play(s, "card miracle", "card chariots")
    assert s.phase == PLACE_PHASE and s.current_player == 0
    options = legal(s)
    assert "nounderworld" in options and "underworld 4,5" in options
    assert "underworld 4,4" not in options and "underworld 6,4" not in options  # occupied; water
    assert "underworld 6,6" not in options  # another region
    play(s, "underworld 4,5")
    assert s.reserved[hx("4,5")] == 0
    assert s.observation(1)["god_powers"]["osiris"] == {"holder": 0, "underworld": ["4,5"], "tokens_in_supply": 2}


def test_no_token_after_a_battle_osiris_won_s4_1() -> None:
    s = battle(2, LOST, "osiris,none")
    play(s, "card chariots", "card miracle")
    assert s.phase != PLACE_PHASE and POWER.data(s).tokens == []


def test_a_battle_nobody_wins_is_lost_by_osiris_s4_1() -> None:
    s = battle(2, ["A god 4,4", "B god 5,4", "A warrior 2,5"], "osiris,none")
    play(s, "card miracle", "card miracle", "notiebreak")
    assert s.phase == PLACE_PHASE


def test_other_gods_may_not_move_summon_or_build_on_an_underworld_space_s4_1() -> None:
    s = position(2, ["A god 2,5", "B god 4,4", "B warrior 8,3"], gods="osiris,none", stack=["B", "A"])
    POWER.add(s, hx("4,5"))
    assert "to 4,5" not in [str(a) for a in actions.destinations(s, hx("4,4"), 1)]
    assert hx("4,5") not in actions.summon_spaces(s, 1)
    assert s.can_stand(hx("4,5"), 0) and not s.can_stand(hx("4,5"), 1)


def test_build_monument_avoids_an_underworld_space_s4_1() -> None:
    pieces = ["A god 4,4", "B god 5,4", "A warrior 2,5"]
    s = battle(2, pieces, "osiris,none", followers=[0, 3], stack=["A", "B"])
    POWER.add(s, hx("4,5"))
    play(s, "card miracle", "card build")
    assert s.phase == BUILD and "build temple 4,5" not in legal(s) and "build temple 5,5" in legal(s)


def test_osiris_summons_onto_an_underworld_space_as_an_extra_summon_s4_1_rulings_table() -> None:
    s = position(2, ["A god 2,5", "B god 6,6"], gods="osiris,none")
    POWER.add(s, hx("8,3"))
    play(s, "summon")
    assert "put warrior 8,3" in legal(s)  # no adjacency needed
    play(s, "put warrior 8,3")
    assert s.phase == SUMMON  # the extra summon; the regular one follows
    assert "put warrior 8,3" not in legal(s)
    play(s, "put warrior 7,3")  # next to the figure just placed
    assert piece(s, "7,3") == "A warrior" and s.phase == TURN


def test_option_instead_makes_the_underworld_only_another_place_rulings_table() -> None:
    s = position(2, ["A god 2,5", "B god 6,6"], gods="osiris,none", options={"osiris_underworld": "instead"})
    POWER.add(s, hx("8,3"))
    play(s, "summon", "put warrior 8,3")
    assert s.phase == TURN and s.warriors_pool[0] == 5


def test_with_every_token_on_the_board_osiris_moves_one_s4_1() -> None:
    s = battle(2, LOST, "osiris,none")
    for h in ("1,1", "1,2", "6,6"):
        POWER.add(s, hx(h))
    play(s, "card miracle", "card chariots")
    assert s.phase == PICK_PHASE and legal(s) == ["pick 1,1", "pick 1,2", "pick 6,6", "nounderworld"]
    play(s, "pick 6,6", "underworld 4,5")
    assert sorted(POWER.data(s).tokens) == sorted([hx("1,1"), hx("1,2"), hx("4,5")])
    assert s.reserved[hx("6,6")] < 0 and s.n_reserved == 3


def test_an_underworld_space_is_neither_fertile_nor_desert_s4_1() -> None:
    # (4,4) and (4,5) are Fertile; Osiris's Warrior on the Underworld space (4,5) brings no Flood Follower.
    pieces = ["A god 4,4", "A warrior 4,5", "B god 5,4", "A warrior 2,5"]
    s = battle(2, pieces, "osiris,none", followers=[0, 0], stack=["A", "B"])
    POWER.add(s, hx("4,5"))
    play(s, "card flood", "card chariots")
    assert s.followers[0] == 1


def test_forgotten_osiris_takes_his_tokens_away_s4_1() -> None:
    pieces = ["A god 4,4", "B god 6,6", "C god 2,5"]
    s = position(3, pieces, gods="osiris,none,none", devotion=[3, 25, 24], next_event="conflict", conflict_number=4)
    POWER.add(s, hx("1,1"))
    play(s, "move", "done")
    assert not s.alive[0] and s.holder[3] == -1
    assert s.reserved[hx("1,1")] < 0 and s.n_reserved == 0


def test_merged_god_whose_minor_god_was_osiris_keeps_the_underworld_issue5() -> None:
    pieces = ["A god 4,4", "B god 6,6", "C god 2,5"]
    s = position(3, pieces, gods="osiris,none,none", devotion=[1, 2, 9], next_event="conflict", conflict_number=3)
    POWER.add(s, hx("8,3"))
    play(s, "move", "done")
    assert s.god_of_seat == [1, 1, 2] and s.holder[3] == 1
    assert s.reserved[hx("8,3")] == 1  # now the merged god's
    assert s.can_stand(hx("8,3"), 1) and not s.can_stand(hx("8,3"), 2)


def test_after_battle_order_miracle_then_underworld_then_worshipful_rulings_table() -> None:
    pieces = ["A god 4,4", "A warrior 4,5", "B god 5,4", "B warrior 5,3", "A warrior 2,5"]
    s = battle(2, pieces, "osiris,none", followers=[2, 0], stack=["A", "B"], powers={"A": ["worshipful"]})
    play(s, "card miracle", "card chariots")
    assert s.phase == PLACE_PHASE
    assert s.log[-1].endswith("(Miracle) -> 1")  # Miracle came first
    play(s, "nounderworld")
    assert s.phase == WORSHIP  # then Worshipful
