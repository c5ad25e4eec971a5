"""Bastet (rules/ankh.md §4.2; cases.md 16; S1): face-down cats, revealed in her battles and
by opponents once per turn, the star killing, placed again after each Conflict; hidden
information."""

from __future__ import annotations

from netjer.core import Rng
from netjer.games.ankh import AnkhGame, guardians
from netjer.games.ankh.base import TURN, TURN_END
from netjer.games.ankh.gods.anubis import TRAP_PHASE
from netjer.games.ankh.gods.bastet import GONE, HAND, PLACE_PHASE, PLUS1, PLUS3, POWER, STAR, STAR_PHASE
from tests.games.ankh.builder import hx, legal, piece, play, position
from tests.games.ankh.gods.helpers import battle, log_has

# One neutral Monument in each base region: West (4,5), East (7,7), North (1,1).
MONUMENTS = ["- temple 4,5", "- obelisk 7,7", "- pyramid 1,1"]


def cats(s: object) -> list[int]:
    return POWER.data(s).at  # type: ignore[arg-type]


def put(s: object, **where: str) -> None:
    """Put cats face down: put(s, plus3="4,5")."""
    for name, h in where.items():
        cats(s)[("plus1", "plus3", "star").index(name)] = hx(h)


def test_cats_are_placed_after_setup_in_different_regions_s4_2() -> None:
    game = AnkhGame({"players": 3, "gods": "none,bastet,none", "first_player": 0})
    s = game.new_initial_state(1)
    assert s.phase == PLACE_PHASE and s.current_player == 1  # before the first turn
    monuments = {h for h in range(len(s.monument)) if s.monument[h] >= 0}
    first = legal(s)
    assert {a.split()[1] for a in first} == {"plus1", "plus3", "star"}
    assert {hx(a.split()[2]) for a in first} == monuments
    play(s, first[0])
    region = s.regions.region_of[hx(first[0].split()[2])]
    assert all(s.regions.region_of[hx(a.split()[2])] != region for a in legal(s))
    while s.phase == PLACE_PHASE:
        play(s, legal(s)[0])
    assert s.phase == TURN and s.current_player == 0
    assert sorted(s.regions.region_of[h] for h in cats(s)) == [0, 1, 2]


def test_with_fewer_regions_the_rest_stay_beside_her_board_s4_2() -> None:
    # After the Conflict Bastet places her cats again: only the West holds a Monument.
    s = battle(2, ["A god 4,4", "B god 6,6", "- temple 4,5"], "bastet,none")
    assert s.phase == PLACE_PHASE and legal(s) == ["cat plus1 4,5", "cat plus3 4,5", "cat star 4,5"]
    play(s, "cat plus3 4,5")
    assert cats(s) == [HAND, hx("4,5"), HAND] and s.phase == TURN
    assert s.observation(1)["god_powers"]["bastet"]["face_down_beside_board"] == 2


def test_opponents_see_where_the_cats_are_not_which_s4_2() -> None:
    s = position(2, ["A god 4,4", "B god 6,6", *MONUMENTS], gods="bastet,none")
    put(s, plus1="1,1", plus3="4,5", star="7,7")
    theirs = s.observation(1)["god_powers"]["bastet"]
    assert theirs["face_down_on_board"] == ["1,1", "4,5", "7,7"] and "cats" not in theirs
    assert s.observation(None)["god_powers"]["bastet"] == theirs  # spectators neither
    mine = s.observation(0)["god_powers"]["bastet"]
    assert mine["cats"] == {"plus1": "1,1", "plus3": "4,5", "star": "7,7"}
    seen = set()
    for seed in range(30):
        det = s.determinize(1, Rng(seed))
        assert sorted(cats(det)) == sorted(cats(s))
        seen.add(tuple(cats(det)))
    assert len(seen) > 1  # the values are dealt again for an opponent
    assert all(tuple(cats(s.determinize(0, Rng(k)))) == tuple(cats(s)) for k in range(5))


def test_her_placement_is_described_without_the_cat_s4_2() -> None:
    s = battle(2, ["A god 4,4", "B god 6,6", *MONUMENTS], "bastet,none")
    assert s.phase == PLACE_PHASE
    action = s.game.parse_action("cat star 4,5")
    assert "star" not in s.describe_action(action, 1) and "star" in s.describe_action(action, 0)
    play(s, "cat star 4,5")
    assert not any("star" in line for line in s.log)


def test_her_placement_is_told_once_not_again_in_the_log() -> None:
    s = battle(2, ["A god 4,4", "B god 6,6", *MONUMENTS], "bastet,none")
    action = s.game.parse_action("cat star 4,5")
    assert s.describe_action(action, 1) == "Bastet places a cat face down at 4,5 (Bastet)."
    assert s.describe_action(action, None) == "Bastet places a cat face down at 4,5 (Bastet)."
    assert s.describe_action(action, 0) == "Bastet places the star cat face down at 4,5 (Bastet)."  # her seat: which
    before = len(s.log)
    play(s, "cat star 4,5")
    assert s.log[before:] == []  # the words above say it: nothing repeats it in the log


def test_a_cat_already_placed_is_refused_as_such_s4_2() -> None:
    s = battle(2, ["A god 4,4", "B god 6,6", *MONUMENTS], "bastet,none")
    play(s, "cat plus1 4,5")
    err = s.illegal(s.game.parse_action("cat plus1 7,7"))
    assert err.reason == "the plus1 cat is already placed, at 4,5; the cats left to place: plus3, star"
    err = s.illegal(s.game.parse_action("cat star 4,4"))
    assert err.reason.startswith("there is no Monument on 4,4")
    err = s.illegal(s.game.parse_action("cat star 4,5"))
    assert err.reason.startswith("the region of 4,5 already holds a cat")


def test_cat_revealed_in_her_battle_adds_its_value_s4_2() -> None:
    pieces = ["A god 4,4", "B god 5,4", *MONUMENTS]
    s = battle(2, pieces, "bastet,none", stack=["A", "B"])
    put(s, plus3="4,5")
    play(s, "card miracle", "card chariots")
    assert log_has(s, "reveals the +3 cat at 4,5")
    assert "  strength in this Battle: Bastet 4, Player 2 4" in s.log  # 1 + 3 against 1 + 3
    assert POWER.data(s).up[PLUS3]  # face up (until the placement after the Conflict)


def test_cat_stays_face_down_in_a_battle_she_is_not_in_case16() -> None:
    pieces = ["A god 2,5", "B god 6,7", "C god 6,8", "- obelisk 7,7"]
    s = battle(3, pieces, "bastet,none,none")
    put(s, plus3="7,7")
    assert s.battle.gods == [1, 2]
    play(s, "card chariots", "card miracle")
    assert not log_has(s, "reveals the +3 cat")


def test_an_opponent_reveals_a_cat_once_per_turn_s4_2() -> None:
    s = position(2, ["A god 4,4", "B god 6,6", "- temple 4,5", "- temple 3,3"], gods="none,bastet")
    put(s, plus1="4,5", plus3="3,3")
    assert legal(s)[-2:] == ["reveal 3,3", "reveal 4,5"]  # before the first action
    play(s, "reveal 4,5")
    assert s.phase == TURN and cats(s)[PLUS1] == HAND and POWER.data(s).up[PLUS1]
    assert s.observation(1)["god_powers"]["bastet"]["face_up"] == [{"cat": "plus1", "at": "beside-board"}]
    assert not any(a.startswith("reveal") for a in legal(s))  # once per turn
    play(s, "gain", "end")
    assert s.current_player == 1 and not any(a.startswith("reveal") for a in legal(s))  # not Bastet's own


def test_reveal_after_the_last_action_of_the_turn_s4_2() -> None:
    s = position(2, ["A god 4,4", "B god 6,6", "- temple 4,5"], gods="none,bastet", followers=[0, 0])
    put(s, plus3="4,5")
    play(s, "unlock")  # no Follower to pay: the turn's last action, nothing unlocked
    assert s.phase == TURN_END and legal(s) == ["reveal 4,5", "end"]
    play(s, "reveal 4,5")
    assert s.current_player == 1 and s.phase == TURN


def test_the_star_kills_the_revealing_figure_then_every_cat_is_placed_again_s4_2() -> None:
    pieces = ["A god 2,5", "A warrior 4,4", "B god 6,6", *MONUMENTS]
    s = position(2, pieces, gods="none,bastet")
    put(s, plus1="7,7", star="4,5")
    play(s, "reveal 4,5")
    assert piece(s, "4,4") is None  # A's only figure next to it
    assert s.phase == PLACE_PHASE and s.current_player == 1  # Bastet places her cats again
    assert cats(s) == [HAND, HAND, HAND]
    while s.phase == PLACE_PHASE:
        play(s, legal(s)[0])
    assert s.phase == TURN and s.current_player == 0


def test_the_revealer_chooses_which_figure_the_star_kills_and_gods_never_die_s4_2() -> None:
    pieces = ["A god 4,4", "A warrior 5,5", "B god 6,6", *MONUMENTS]
    s = position(2, pieces, gods="none,bastet")
    put(s, star="4,5")
    play(s, "reveal 4,5")
    assert s.phase == STAR_PHASE and legal(s) == ["kill 4,4", "kill 5,5"]
    play(s, "kill 4,4")
    assert piece(s, "4,4") == "A god" and piece(s, "5,5") == "A warrior"


def test_anubis_traps_the_warrior_the_star_kills_issue5() -> None:
    pieces = ["A god 2,5", "A warrior 4,4", "B god 6,6", "C god 8,8", *MONUMENTS]
    s = position(3, pieces, gods="none,bastet,anubis")
    put(s, star="4,5")
    play(s, "reveal 4,5")
    assert s.phase == TRAP_PHASE
    play(s, "trap 1")
    assert s.phase == PLACE_PHASE


def test_cats_are_placed_again_after_each_conflict_s4_2() -> None:
    s = position(2, ["A god 4,4", "B god 6,7", *MONUMENTS], gods="bastet,none", next_event="conflict")
    put(s, plus1="4,5", plus3="7,7", star="1,1")
    play(s, "move", "done")  # the Conflict: two dominations, then Bastet takes every cat back
    assert s.conflicts == 1 and s.phase == PLACE_PHASE and cats(s) == [HAND, HAND, HAND]


def test_forgotten_bastet_s_cats_leave_the_game_issue5() -> None:
    pieces = ["A god 4,4", "B god 6,7", "C god 2,5", *MONUMENTS]
    s = position(3, pieces, gods="bastet,none,none", devotion=[3, 25, 24], next_event="conflict", conflict_number=4)
    put(s, plus1="4,5", plus3="7,7")
    play(s, "move", "done")
    assert not s.alive[0] and cats(s) == [GONE, GONE, GONE] and s.phase == TURN
    assert s.observation(1)["god_powers"] == {}


def test_scorpion_destroying_a_monument_with_a_cat_leaves_the_cat_rulings_table() -> None:
    pieces = ["A god 2,5", "B god 4,3", "B giant-scorpion 5,4 aim=NE-SE", "- temple 4,5"]
    s = position(2, pieces, gods="bastet,none", guardians="cat-mummy,mummy,giant-scorpion", next_event="conflict")
    put(s, plus3="4,5")
    guardians.scorpions_strike(s)
    assert s.monument[hx("4,5")] < 0 and cats(s)[PLUS3] == hx("4,5")


def test_merged_god_whose_minor_god_was_bastet_keeps_the_cats_issue5() -> None:
    pieces = ["A god 2,5", "B god 6,7", "C god 4,4", "A temple 4,5", *MONUMENTS[1:]]
    s = position(3, pieces, gods="bastet,none,none", devotion=[1, 2, 9], next_event="conflict", conflict_number=3)
    put(s, plus1="1,1", plus3="4,5", star="7,7")
    play(s, "move", "done")
    assert s.god_of_seat == [1, 1, 2] and s.holder[5] == 1
    assert s.monument[hx("4,5")] < 0  # the minor god's Temple is destroyed
    assert s.phase == PLACE_PHASE and s.current_player == 1  # the major god's player places them
    assert cats(s)[STAR] == HAND


def test_the_star_revealed_in_her_battle_adds_nothing_and_kills_nobody_s4_2() -> None:
    pieces = ["A god 4,4", "A warrior 3,3", "B god 5,4", *MONUMENTS]
    s = battle(2, pieces, "bastet,none", stack=["A", "B"])
    put(s, star="4,5")
    play(s, "card miracle", "card miracle")
    assert log_has(s, "reveals the star cat at 4,5")
    assert "  strength in this Battle: Bastet 2, Player 2 1" in s.log
    assert piece(s, "3,3") == "A warrior"
