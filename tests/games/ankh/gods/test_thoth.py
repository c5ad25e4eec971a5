"""Thoth (rules/ankh.md §4.2, §11.32; cases.md 13; S1): the guess before the reveal, the
scale, its Devotion at the end of each Conflict before the merge."""

from __future__ import annotations

from netjer.games.ankh.gods.thoth import GUESS_PHASE
from tests.games.ankh.builder import legal, play
from tests.games.ankh.gods.helpers import battle, log_has

PIECES = ["A god 4,4", "B god 5,4"]


def thoth_data(s: object) -> object:
    return s.power_data[7]  # type: ignore[attr-defined]


def test_guess_comes_after_every_card_is_chosen_before_the_reveal_s4_2() -> None:
    s = battle(2, PIECES, "thoth,none", followers=[0, 0])
    play(s, "card miracle", "card chariots")
    assert s.phase == GUESS_PHASE and s.current_player == 0
    assert s.observation(0)["battle"]["cards"] == {"0": "miracle"}  # B's card is still secret
    assert "noguess" in legal(s) and "guess 2 chariots" in legal(s) and "guess 1 miracle" not in legal(s)


def test_wrong_guess_gives_the_scale_to_the_opponent_s11_32() -> None:
    s = battle(2, PIECES, "thoth,none", followers=[0, 0])
    thoth_data(s).scale = 2  # type: ignore[attr-defined]
    play(s, "card miracle", "card chariots", "guess 2 flood")
    assert s.followers == [0, 3]  # 2 + the 1 just put from the general supply
    assert thoth_data(s).scale == 0  # type: ignore[attr-defined]
    assert s.devotion[0] == 0  # nothing left to score at the end of the Conflict


def test_right_guess_stays_and_scores_at_the_end_of_the_conflict_s4_2() -> None:
    s = battle(2, PIECES, "thoth,none", followers=[0, 0])
    play(s, "card miracle", "card chariots", "guess 2 chariots")
    assert s.followers == [0, 0]  # Thoth's own Followers are not used
    # B wins the West; end of Conflict: Thoth gains 1 per Follower on the scale.
    assert s.conflicts == 1 and s.devotion[0] == 1 and thoth_data(s).scale == 0  # type: ignore[attr-defined]
    assert log_has(s, "(Thoth's scale)")


def test_a_card_known_in_advance_may_be_guessed_case13() -> None:
    used = ["plague", "build", "chariots", "drought", "flood", "miracle"]
    s = battle(2, PIECES, "thoth,none", used={"B": used}, stack=["A", "B"])
    play(s, "card chariots", "card cycle")
    assert [a for a in legal(s) if a.startswith("guess 2")] == ["guess 2 cycle"]
    play(s, "guess 2 cycle")
    assert log_has(s, "Thoth guessed right")
    assert s.devotion[0] == 1 + 1  # the battle won, then the scale's Follower at the end of the Conflict


def test_thoth_scores_before_the_merge_s4_2() -> None:
    # 3 players, the 3rd Conflict: Thoth (A, 2) loses the West to B (3 -> 4); C (4) dominates
    # the East (-> 5).  Thoth's scale of 3 comes first: A reaches 5, so B and C merge, not A.
    pieces = ["A god 4,4", "B god 5,4", "C god 6,6"]
    s = battle(3, pieces, "thoth,none,none", devotion=[2, 3, 4], conflict_number=3)
    thoth_data(s).scale = 3  # type: ignore[attr-defined]
    play(s, "card miracle", "card chariots", "noguess")
    assert s.conflicts == 3
    assert s.alive == [True, False, True] and s.god_of_seat == [0, 2, 2]
    assert s.devotion[0] == 5
