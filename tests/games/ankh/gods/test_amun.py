"""Amun (rules/ankh.md §4.1, §11.29; cases.md 29): two Battle cards once per Conflict,
announced before anyone chooses."""

from __future__ import annotations

from netjer.core import Rng
from netjer.games.ankh.base import BID, CARD
from netjer.games.ankh.gods.amun import ANNOUNCE
from tests.games.ankh.builder import legal, piece, play
from tests.games.ankh.gods.helpers import battle

# West: A (Amun) God + Warrior against B God + Warrior; East: A Warrior against B Warrior.
PIECES = ["A god 4,4", "A warrior 5,4", "B god 5,1", "B warrior 4,1", "A warrior 6,6", "B warrior 6,7"]


def test_amun_announces_before_anyone_chooses_case29() -> None:
    s = battle(2, PIECES, "amun,none", stack=["B", "A"])  # B is lower: B would choose first
    assert s.phase == ANNOUNCE and s.current_player == 0 and s.battle.card == [-1, -1]
    play(s, "amun")
    assert s.phase == CARD and s.current_player == 1 and s.battle.queue == [1, 0, 0]


def test_two_cards_add_both_strengths_and_both_effects_s11_29() -> None:
    s = battle(2, PIECES, "amun,none", followers=[0, 1], stack=["A", "B"])
    play(s, "amun", "card chariots", "card plague")  # A chooses first (lowest), twice
    assert s.battle.card[0] == 2 and s.battle.second_card[0] == 0
    assert "card chariots" not in legal(s) or s.current_player == 1
    play(s, "card miracle")
    assert s.phase == BID  # Amun's Plague runs its bid round
    play(s, "bid 0", "bid 1")  # B wins the bid: A's Warrior dies
    assert piece(s, "5,4") is None
    # A: God 1 + Chariots 3 + Plague 1 = 5 beats B: God + Warrior = 2.
    assert "  strength in this Battle: Amun 5, Player 2 2" in s.log
    assert s.used[0] & (1 << 2) and s.used[0] & (1 << 0)  # both face up


def test_once_per_conflict_then_the_token_turns_up_again_s11_29_case29() -> None:
    s = battle(2, PIECES, "amun,none", followers=[0, 0], stack=["A", "B"])
    play(s, "amun", "card chariots", "card drought", "card miracle")
    # West resolved; the East battle: the token is face down, no announcement.
    assert s.battle.region >= 0 and s.phase == CARD
    assert s.observation(1)["god_powers"]["amun"]["token"] == "down"
    play(s, "card flood", "card build", "tiebreak")
    assert s.conflicts == 1
    assert s.observation(1)["god_powers"]["amun"]["token"] == "up"  # the Conflict is over


def test_no_announcement_without_two_playable_cards_s4_1() -> None:
    used = ["plague", "build", "chariots", "drought", "flood", "miracle"]
    s = battle(2, PIECES, "amun,none", used={"A": used})
    assert s.phase == CARD  # only the Cycle of Ma'at in hand: nothing to announce


def test_the_two_cards_are_secret_until_the_reveal_and_redealt_canonically_s1_s4_1() -> None:
    s = battle(2, PIECES, "amun,none", stack=["A", "B"])
    play(s, "amun", "card chariots", "card plague")
    view = s.observation(1)["battle"]
    assert view["cards"] == {} and view["chosen"] == [0] and view["two_cards"] == [0]
    assert s.observation(0)["battle"]["cards"] == {"0": "chariots + plague"}
    for seed in range(20):
        det = s.determinize(1, Rng(seed))
        card, second = det.battle.card, det.battle.second_card
        assert card[0] >= 0 and second[0] >= 0 and card[0] != second[0]


def test_amun_two_cards_under_horus_eye_issue5() -> None:
    pieces = ["A god 4,4", "B god 5,4", "C god 2,5"]
    # Amun (B) holds only the Cycle of Ma'at and Chariots: Chariots forbidden, no two cards.
    used = ["plague", "build", "drought", "flood", "miracle"]
    s = battle(3, pieces, "horus,amun,none", used={"B": used})
    play(s, "eye 1", "forbid chariots")
    assert s.phase == CARD
    # With Flood too, Amun announces and plays the two cards he may: Cycle and Flood.
    used = ["plague", "build", "drought", "miracle"]
    s = battle(3, pieces, "horus,amun,none", used={"B": used}, stack=["B", "A", "C"])
    play(s, "eye 1", "forbid chariots")
    assert s.phase == ANNOUNCE
    play(s, "amun")
    assert legal(s) == ["card cycle", "card flood"]
    play(s, "card flood")
    assert legal(s) == ["card cycle"]
