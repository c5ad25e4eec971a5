"""Hathor (rules/ankh.md §4.2; cases.md 7, 9-11; S1): one more Follower places a figure after
every effect she sacrificed Followers for, with the special cases of the seed."""

from __future__ import annotations

from netjer.games.ankh.base import BID, BUILD, TURN, UNLOCK, WORSHIP
from netjer.games.ankh.gods.anubis import POWER as ANUBIS
from netjer.games.ankh.gods.hathor import PLACE_PHASE
from tests.games.ankh.builder import legal, piece, play, position
from tests.games.ankh.gods.helpers import battle


def test_unlock_then_place_the_guardian_just_gained_case9() -> None:
    s = position(2, ["A god 4,4", "B god 6,6"], gods="hathor,none", followers=[3, 0], unlocked={"A": 3})
    play(s, "unlock")
    assert s.phase == UNLOCK
    play(s, "power temple-attuned")  # the 4th unlock: a level 2 Guardian (a Mummy here)
    assert s.phase == PLACE_PHASE and "put mummy 4,5" in legal(s) and "noplace" in legal(s)
    play(s, "put mummy 4,5")
    assert piece(s, "4,5") == "A mummy" and s.followers[0] == 3 - 2 - 1
    assert s.phase == TURN


def test_no_follower_left_no_placement_s4_2() -> None:
    s = position(2, ["A god 4,4", "B god 6,6"], gods="hathor,none", followers=[1, 0])
    play(s, "unlock", "power revered")
    assert s.phase == TURN  # she paid her only Follower: nothing to place with


def test_place_after_the_plague_a_figure_just_killed_then_a_second_plague_case7() -> None:
    pieces = ["A god 4,4", "A warrior 5,4", "B god 5,1", "B warrior 4,1"]
    s = battle(2, pieces, "hathor,none", followers=[3, 5], stack=["A", "B"])
    play(s, "card plague", "card plague", "bid 2", "bid 3")
    assert piece(s, "5,4") is None  # killed by the first Plague
    assert s.phase == PLACE_PHASE
    play(s, "put warrior 5,4")  # the Warrior just killed
    assert piece(s, "5,4") == "A warrior" and s.followers[0] == 0
    assert s.phase == BID  # the second Plague
    play(s, "bid 0", "bid 1")
    assert piece(s, "5,4") is None  # the following Plague kills it


def test_a_bid_of_zero_sacrifices_nothing_s4_2() -> None:
    pieces = ["A god 4,4", "A warrior 5,4", "B god 5,1", "B warrior 4,1"]
    s = battle(2, pieces, "hathor,none", followers=[3, 5], stack=["A", "B"])
    play(s, "card miracle", "card plague", "bid 0", "bid 1")
    assert s.phase != PLACE_PHASE


def test_build_monument_then_place_next_to_it_s4_2() -> None:
    pieces = ["A god 4,4", "B god 5,1", "B warrior 4,1"]
    s = battle(2, pieces, "hathor,none", followers=[4, 0], stack=["A", "B"])
    play(s, "card build", "card miracle", "build temple 8,3")
    assert s.phase == PLACE_PHASE and "put warrior 8,2" in legal(s)  # next to the new Temple
    play(s, "put warrior 8,2")
    assert s.followers[0] == 0 and piece(s, "8,2") == "A warrior"


def test_build_with_inspiring_costs_nothing_and_triggers_nothing_s4_2() -> None:
    pieces = ["A god 4,4", "B god 5,1", "B warrior 4,1"]
    s = battle(2, pieces, "hathor,none", followers=[4, 0], stack=["A", "B"], powers={"A": ["inspiring"]})
    play(s, "card build", "card miracle")
    assert s.phase == BUILD
    play(s, "build temple 8,3")
    assert s.phase != PLACE_PHASE and s.followers[0] == 4


def test_worshipful_is_a_sacrifice_s4_2_s2_2() -> None:
    pieces = ["A god 4,4", "B god 5,1"]
    s = battle(2, pieces, "hathor,none", followers=[3, 0], stack=["A", "B"], powers={"A": ["worshipful"]})
    play(s, "card chariots", "card miracle")
    assert s.phase == WORSHIP
    play(s, "worship")
    assert s.phase == PLACE_PHASE


def test_paying_anubis_is_not_a_sacrifice_case10() -> None:
    s = position(2, ["A god 4,4", "B god 6,6"], gods="hathor,anubis", followers=[2, 0])
    ANUBIS.data(s).slots = [0]
    s.warriors_pool[0] -= 1
    play(s, "summon", "ransom", "put warrior 4,5")
    assert s.followers == [1, 1] and s.phase == TURN  # no Hathor placement


def test_apep_ignores_her_adjacency_case11() -> None:
    s = position(
        2,
        ["A god 2,5", "B god 6,6"],
        gods="hathor,none",
        followers=[2, 0],
        guardians="cat-mummy,apep,androsphinx",
        pool={"A": {"apep": 1}},
    )
    play(s, "unlock", "power revered")
    assert "put apep 6,4" in legal(s)  # a Water space far from her figures


def test_her_placement_may_buy_back_a_trapped_warrior_with_two_followers_s4_2_s4_1() -> None:
    s = position(2, ["A god 4,4", "B god 6,6"], gods="hathor,anubis", followers=[2, 0])
    ANUBIS.data(s).slots = [0]
    s.warriors_pool[0] -= 1
    play(s, "unlock", "power revered")  # 1 Follower left: enough to place, not to buy back too
    assert s.phase == PLACE_PHASE and "ransom" not in legal(s)
    s = position(2, ["A god 4,4", "B god 6,6"], gods="hathor,anubis", followers=[3, 0])
    ANUBIS.data(s).slots = [0]
    s.warriors_pool[0] -= 1
    play(s, "unlock", "power revered", "ransom", "put warrior 4,5")
    assert s.followers == [0, 1] and ANUBIS.data(s).slots == []
