"""Horus (rules/ankh.md §4.2, §11.30; cases.md 14; S1): Eyes on battle regions, a forbidden
card, the timing against Obelisk Attuned and Amun."""

from __future__ import annotations

from netjer.games.ankh.base import CARD, OBELISK_PICK
from netjer.games.ankh.gods.amun import ANNOUNCE
from netjer.games.ankh.gods.horus import EYE_PHASE, FORBID_PHASE
from tests.games.ankh.builder import legal, play
from tests.games.ankh.gods.helpers import battle

# Battles in the West (region 1) and the East (region 2); nothing in the North (3).
PIECES = ["A god 4,4", "B god 5,4", "C god 6,6", "B warrior 6,7", "A warrior 2,5"]


def test_eyes_go_on_battle_regions_even_without_horus_s11_30_case14() -> None:
    s = battle(3, PIECES, "horus,none,none")
    assert s.phase == EYE_PHASE and s.current_player == 0
    assert legal(s) == ["eye 1", "eye 2", "done"]  # not the North, where A alone dominates
    play(s, "eye 2")  # the East: Horus has no figure there
    assert legal(s) == ["eye 1", "done"]
    play(s, "eye 1")
    assert s.phase == FORBID_PHASE  # the West battle starts: its Eye is used at once
    obs = s.observation(1)["god_powers"]["horus"]
    assert obs == {"holder": 0, "eyes_on_regions": [2], "eyes_free": 1}


def test_forbidden_card_binds_everyone_and_cycle_cannot_be_forbidden_case14() -> None:
    s = battle(3, PIECES, "horus,none,none")
    play(s, "eye 1", "done")
    assert "forbid cycle" not in legal(s) and len(legal(s)) == 6
    play(s, "forbid chariots")
    while s.phase == CARD:
        assert "card chariots" not in legal(s)  # Horus included
        play(s, legal(s)[0])


def test_a_player_left_with_only_the_forbidden_card_plays_the_cycle_of_maat_s11_30() -> None:
    used = ["plague", "build", "drought", "flood", "miracle"]
    s = battle(3, PIECES, "horus,none,none", used={"B": used})
    play(s, "eye 1", "done", "forbid chariots")
    while s.current_player != 1:
        play(s, legal(s)[0])
    assert legal(s) == ["card cycle"]


def test_no_eye_no_forbidden_card_and_eyes_return_after_the_conflict_s4_2() -> None:
    s = battle(3, PIECES, "horus,none,none")
    play(s, "eye 2", "done")
    assert s.phase == CARD and s.battle.forbidden_card < 0  # the West has no Eye
    for _ in range(20):
        if s.conflicts:
            break
        play(s, "forbid chariots" if s.phase == FORBID_PHASE else legal(s)[0])
    assert s.observation(0)["god_powers"]["horus"]["eyes_free"] == 2


def test_forbid_after_obelisk_attuned_before_amun_s4_2_case14() -> None:
    pieces = ["A god 4,4", "B god 5,4", "B obelisk 5,5", "B warrior 8,3", "C god 2,5"]
    s = battle(3, pieces, "horus,amun,none", powers={"B": ["obelisk-attuned"]})
    play(s, "eye 1")  # the only battle region: no more Eye to place
    assert s.phase == OBELISK_PICK  # Obelisk Attuned first
    play(s, "done")
    assert s.phase == FORBID_PHASE  # then Horus names the card
    play(s, "forbid plague")
    assert s.phase == ANNOUNCE  # then Amun decides on two cards
    play(s, "amun")
    while s.phase == CARD:
        assert "card plague" not in legal(s)
        play(s, legal(s)[0])


def test_start_of_conflict_order_omnipresent_then_scorpion_then_eyes_rulings_table() -> None:
    pieces = [*PIECES, "C giant-scorpion 5,5 aim=N-NE", "- temple 4,5"]
    guardians = "cat-mummy,mummy,giant-scorpion"
    s = battle(3, pieces, "horus,none,none", powers={"A": ["omnipresent"]}, guardians=guardians)
    assert s.phase == EYE_PHASE  # the Eyes come last
    omni = next(i for i, line in enumerate(s.log) if "(Omnipresent)" in line)
    scorpion = next(i for i, line in enumerate(s.log) if "destroys the temple at 4,5" in line)
    assert omni < scorpion == len(s.log) - 1
