"""Ra (rules/ankh.md §4.1): Sun tokens make summoned figures Radiant; +1 Devotion for a
domination or a battle won with a Radiant figure there."""

from __future__ import annotations

from netjer.games.ankh import guardians
from netjer.games.ankh.gods.ra import SUN, SUN_PHASE
from tests.games.ankh.builder import hx, legal, piece, play, position
from tests.games.ankh.gods.helpers import battle


def test_a_summoned_figure_may_become_radiant_s4_1() -> None:
    s = position(2, ["A god 4,4", "B god 6,6"], gods="ra,none")
    play(s, "summon", "put warrior 4,5")
    assert s.phase == SUN_PHASE and legal(s) == ["sun", "nosun"]
    play(s, "sun")
    assert s.badge[hx("4,5")] & SUN
    obs = s.observation(1)["god_powers"]["ra"]
    assert obs == {"holder": 0, "sun_tokens_free": 2, "radiant": ["4,5"]}


def test_radiant_follows_its_figure_and_returns_when_it_dies_s4_1() -> None:
    s = position(2, ["A god 4,4", "A warrior 4,5", "B god 6,6"], gods="ra,none")
    s.badge[hx("4,5")] = SUN
    play(s, "move", "pick 4,5", "to 5,5", "done")
    assert s.badge[hx("5,5")] & SUN and not s.badge[hx("4,5")]
    guardians.kill(s, [hx("5,5")], "test")
    assert not any(s.badge)


def test_no_decision_when_every_sun_token_is_used_s4_1() -> None:
    s = position(2, ["A god 4,4", "A warrior 4,5", "A warrior 5,4", "A warrior 4,3", "B god 6,6"], gods="ra,none")
    for h in ("4,5", "5,4", "4,3"):
        s.badge[hx(h)] = SUN
    play(s, "summon", "put warrior 3,3")
    assert s.phase != SUN_PHASE and not s.badge[hx("3,3")]


def test_domination_with_a_radiant_figure_gives_one_more_s4_1() -> None:
    s = battle(2, ["A god 4,4", "A warrior 4,5", "B god 6,6"], "ra,none")
    assert s.devotion == [1, 1]  # without a Radiant figure
    s = position(2, ["A god 4,4", "A warrior 4,5", "B god 6,6"], gods="ra,none", next_event="conflict")
    s.badge[hx("4,5")] = SUN
    play(s, "move", "done")
    assert s.devotion == [2, 1]


def test_battle_won_with_a_radiant_figure_is_one_gain_s4_1_s2_2() -> None:
    pieces = ["A god 4,4", "A warrior 4,5", "B god 5,3"]
    s = position(2, pieces, gods="ra,none", next_event="conflict", powers={"A": ["bountiful"]})
    s.badge[hx("4,5")] = SUN
    play(s, "move", "done", "card chariots", "card miracle")
    assert s.devotion[0] == 1 + 1 + 1  # win 1, Radiant 1, Bountiful once for the one gain


def test_radiant_mummy_returning_may_take_a_sun_again_issue5() -> None:
    pieces = ["A god 4,4", "A mummy 4,3", "A warrior 3,3", "B god 5,4", "B warrior 5,3"]
    s = position(2, pieces, gods="ra,none", next_event="conflict", followers=[0, 1])
    s.badge[hx("4,3")] = SUN
    play(s, "move", "done", "card chariots", "card plague", "bid 0", "bid 1")
    assert not any(s.badge)  # the token came back when the Mummy died
    play(s, "to 4,5")
    assert s.phase == SUN_PHASE  # its return is a summon (P)
    play(s, "sun")
    assert s.badge[hx("4,5")] & SUN and piece(s, "4,5") == "A mummy"
    # A (God + Mummy + Chariots = 5) beats B (God + Warrior + Plague = 3) with a Radiant figure.
    assert s.devotion[0] == 2
