"""Guardians (rules/ankh.md §3; §11.23, §11.25, §11.26; ankh-cases.md 32, 33)."""

from __future__ import annotations

import pytest

from netjer.core.errors import IllegalActionError
from netjer.games.ankh import guardians
from netjer.games.ankh.base import AIM, MOVE_PICK, MUMMY, TURN
from tests.games.ankh.builder import A, B, C, hx, legal, piece, play, position, start_conflict

APEP_GAME = "satet,apep,giant-scorpion"


def test_cat_mummy_killed_every_other_god_loses_one_s3() -> None:
    pieces = ["A god 4,4", "A cat-mummy 4,3", "B god 5,4", "B warrior 5,3", "C god 2,5"]
    s = start_conflict(position(3, pieces, devotion=[0, 3, 5], next_event="conflict"))
    play(s, "card miracle", "card chariots")  # A (lowest) then B; B wins the West
    # B: 3 + 1 (win) - 1 (Cat-Mummy); C: 5 - 1; A: 0 (never below 0) + 1 (Miracle), then C dominates.
    assert s.devotion[B] == 3 and s.devotion[A] == 1 and s.devotion[C] == 4 + 1


def test_cat_mummy_loss_comes_after_the_winners_gain_rulings_table() -> None:
    pieces = ["A god 4,4", "A cat-mummy 4,3", "B god 5,4", "B warrior 5,3"]
    s = start_conflict(position(2, pieces, devotion=[0, 30], next_event="conflict"))
    play(s, "card miracle", "card chariots")
    assert s.is_terminal and s.returns() == [-1.0, 1.0]  # B reached 31 before the loss


def test_mummy_returns_next_to_its_god_and_counts_twice_for_miracle_s11_23() -> None:
    pieces = ["A god 4,4", "A mummy 4,3", "B god 5,4", "B warrior 5,3"]
    s = start_conflict(position(2, pieces, followers=[0, 1], next_event="conflict"))
    play(s, "card miracle", "card plague", "bid 0", "bid 1")
    assert s.phase == MUMMY and s.current_player == A
    assert set(legal(s)) == {"to 3,3", "to 4,3", "to 4,5"}  # empty and next to A's God
    play(s, "to 4,5")
    # It is back in the region: Resolution (B 1 + 1 + 1 = 3 beats A 2) kills it again.
    assert s.phase == MUMMY and s.battle.kills[A] == 2 and piece(s, "4,5") is None
    play(s, "to 4,3")
    assert piece(s, "4,3") == "A mummy"
    assert s.devotion[A] == 2  # Miracle: the Mummy killed twice


def test_mummy_with_no_space_next_to_its_god_stays_in_the_pool_s3() -> None:
    pieces = ["A god 4,5", "A mummy 4,3", "- temple 4,4", "- temple 5,4", "- temple 5,5", "B god 5,3", "B warrior 4,2"]
    s = start_conflict(position(2, pieces, next_event="conflict"))
    play(s, "card miracle", "card chariots")
    assert s.guardian_pool[A * 3 + 1] == 1 and piece(s, "4,3") is None and s.phase == TURN


def test_apep_in_water_is_present_in_every_region_it_touches_s11_26() -> None:
    pieces = ["A apep 6,4", "A god 2,5", "B god 5,4", "C god 6,6"]
    s = start_conflict(position(3, pieces, guardians=APEP_GAME, next_event="conflict"))
    assert s.battle.gods == [A, B]  # West
    play(s, "card chariots", "card miracle")  # A wins the West: A is now above C
    assert s.battle.gods == [C, A]  # then East: Apep fights there too
    play(s, "card plague", "card miracle", "bid 0", "bid 0")
    assert piece(s, "6,4") is None  # killed by the Plague tie


def test_apep_cannot_end_a_move_on_water_s3() -> None:
    s = play(position(2, ["A apep 6,4", "A god 2,5", "B god 8,8"], guardians=APEP_GAME), "move", "pick 6,4")
    assert all(s.board.is_land[hx(x.split()[1])] for x in legal(s))


def test_giant_scorpion_aims_after_summon_and_move_s3() -> None:
    s = play(position(2, ["A god 4,4", "B god 8,8"], pool={"A": {"giant-scorpion": 1}}, guardians=APEP_GAME), "summon")
    play(s, "put giant-scorpion 4,5")
    assert s.phase == AIM and len(legal(s)) == 6
    play(s, "aim N-NE")
    assert s.aim[hx("4,5")] == 0 and s.phase == TURN
    pieces = ["A god 4,4", "A giant-scorpion 4,5 aim=N-NE", "B god 8,8"]
    s = play(position(2, pieces, guardians=APEP_GAME), "move", "pick 4,5", "to 5,5")
    assert s.phase == AIM and s.aim[hx("4,5")] == -1 and s.aim[hx("5,5")] == -1
    play(s, "aim S-SW")
    assert s.aim[hx("5,5")] == 3 and s.phase == MOVE_PICK  # back to picking figures


def test_giant_scorpion_destroys_only_monuments_in_its_region_s11_25_case32() -> None:
    # Scorpion at (4,5) (West) aims at (3,5) (North, across the river) and (4,6) (East, across).
    pieces = ["A god 8,8", "A giant-scorpion 4,5 aim=N-NE", "B temple 3,5", "C obelisk 4,6", "B god 2,2", "C god 7,7"]
    s = start_conflict(position(3, pieces, guardians=APEP_GAME, next_event="conflict"))
    assert piece(s, "3,5") == "B temple" and piece(s, "4,6") == "C obelisk"
    # Aimed at a Temple in the same region (S = (5,5), SE...): destroyed, token back to the pool.
    pieces = ["A god 8,8", "A giant-scorpion 4,4 aim=NE-SE", "B temple 4,5", "B god 2,2"]
    s = position(2, pieces, guardians=APEP_GAME, next_event="conflict")
    pool = s.ankh_pool[B]
    supply = s.monument_supply[1]
    start_conflict(s)
    assert piece(s, "4,5") is None
    assert s.ankh_pool[B] == pool + 1 and s.monument_supply[1] == supply + 1


def test_androsphinx_neutralises_adjacent_enemies_s3() -> None:
    pieces = ["A god 4,4", "A androsphinx 4,3", "B god 5,4", "B warrior 5,3", "B warrior 4,2"]
    s = start_conflict(position(2, pieces, next_event="conflict"))
    play(s, "card miracle", "card miracle")
    # B's figures at (5,4), (5,3), (4,2) all touch the Androsphinx at (4,3): strength 0.
    assert s.battle.strength == [2, 0]


def test_two_enemy_androsphinxes_cancel_each_other_s3() -> None:
    pieces = ["A god 2,5", "A androsphinx 4,3", "B god 8,8", "B androsphinx 4,4", "A warrior 3,3"]
    s = start_conflict(position(4, pieces, next_event="conflict"))
    play(s, "card miracle", "card miracle")
    # A: Androsphinx 0 (next to B's), Warrior (3,3) 0 (next to B's); B: Androsphinx 0.
    assert s.battle.strength[:2] == [0, 0]


def test_satet_pushes_an_enemy_figure_its_owner_chooses_where_case33() -> None:
    pieces = ["A god 2,5", "A satet 7,3", "B god 6,6", "B warrior 8,3"]
    s = play(position(2, pieces, guardians="satet,mummy,androsphinx"), "move", "pick 7,3")
    assert "to 8,3" in legal(s)
    play(s, "to 8,3")
    assert sorted(legal(s)) == ["push 8,2", "push 8,4", "push 9,2", "push 9,4"]
    play(s, "push 9,2")
    assert piece(s, "8,3") == "A satet" and piece(s, "9,2") == "B warrior" and piece(s, "7,3") is None


def test_satet_push_opposite_option_refuses_when_no_space_opposite_case33() -> None:
    pieces = ["A god 2,5", "A satet 7,3", "B god 6,6", "B warrior 8,3"]
    options = {"satet_push": "opposite"}
    s = play(position(2, pieces, guardians="satet,mummy,androsphinx", options=options), "move", "pick 7,3")
    assert "to 8,3" not in legal(s)  # entering from the north, the south side is the board's edge
    with pytest.raises(IllegalActionError):
        s.apply_text("to 8,3")


def test_only_satet_ends_on_an_enemy_figure_s3() -> None:
    pieces = ["A god 2,5", "A warrior 7,3", "B god 6,6", "B warrior 8,3"]
    s = play(position(2, pieces), "move", "pick 7,3")
    assert "to 8,3" not in legal(s)


def test_guardian_bases_two_small_two_large_s3() -> None:
    s = position(2, ["A god 2,5", "B god 6,6"], pool={"A": {"cat-mummy": 1, "mummy": 1}})
    assert guardians.free_bases(s, A, "small") == 0 and guardians.free_bases(s, A, "large") == 2
    assert guardians.free_bases(s, C if s.n > 2 else B, "small") == 2
