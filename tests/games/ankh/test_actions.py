"""Turn structure, action tracks and the four actions (rules/ankh.md §7, §2.1, §11.1-4, §11.38,
ankh-cases.md 25, 31, 36, 37)."""

from __future__ import annotations

import pytest

from netjer.core.errors import IllegalActionError
from netjer.games.ankh.base import MOVE_PICK, TURN
from netjer.games.ankh.powers import POWER_IDS
from tests.games.ankh.builder import A, B, C, hx, legal, piece, play, position

ROWS = ["move", "summon", "gain", "unlock"]
APEP_GAME = "satet,apep,giant-scorpion"
BASIC = ["A god 5,1", "A warrior 4,1", "B god 6,6", "B warrior 6,7"]


def test_any_action_row_may_be_taken_first_s7_1() -> None:
    s = position(2, BASIC)
    assert legal(s) == ROWS
    assert s.current_player == A


def test_second_action_on_a_lower_row_only_s7_1_s11_2() -> None:
    s = play(position(2, BASIC), "gain")
    assert legal(s) == ["unlock", "end"]
    with pytest.raises(IllegalActionError, match="lower row"):
        s.apply_text("move")
    # Unlock first: no lower row is left, the turn ends at once.
    s = play(position(2, BASIC, followers=[0, 0]), "unlock")
    assert s.current_player == B and s.phase == TURN and s.actions_taken == 0


def test_second_action_optional_by_default_case36() -> None:
    s = play(position(3, [*BASIC, "C god 2,5"]), "summon", "put warrior 4,2")
    assert "end" in legal(s)
    play(s, "end")
    assert s.current_player == B


def test_second_action_mandatory_option_s7_1() -> None:
    s = play(position(2, BASIC, options={"second_action": "mandatory"}), "summon", "put warrior 4,2")
    assert legal(s) == ["gain", "unlock"]


def test_first_action_event_ends_the_turn_s11_1() -> None:
    s = position(2, BASIC)
    summon = s.tracks[1]
    s.markers[1] = summon.event_space - 1
    play(s, "summon", "put warrior 4,2")
    # Summon resolved, event 1 (Control Monument: nothing to claim) resolved, marker back.
    assert piece(s, "4,2") == "A warrior"
    assert s.event_idx == 1
    assert s.markers[1] == summon.start
    assert s.current_player == B and s.actions_taken == 0  # no second action


def test_second_action_event_ends_the_turn_and_resets_only_its_marker_s7_2() -> None:
    s = position(2, BASIC, followers=[0, 0])
    unlock = s.tracks[3]
    s.markers[3] = unlock.event_space - 1
    play(s, "move", "done", "unlock")
    assert s.event_idx == 1
    assert s.markers[3] == unlock.start
    assert s.markers[0] == s.tracks[0].start + 1
    assert s.current_player == B


@pytest.mark.parametrize(("players", "uses", "unlock_uses"), [(2, 3, 2), (3, 4, 3), (4, 5, 4), (5, 6, 5)])
def test_track_lengths_by_player_count_s7_2_s11_4(players: int, uses: int, unlock_uses: int) -> None:
    gods = ["A god 5,1", "B god 6,6", "C god 2,5", "D god 8,1", "E god 8,8"][:players]
    s = position(players, gods, followers=[0] * players)
    for i in range(1, uses + 1):
        seat = s.current_player
        play(s, "gain")
        assert s.event_idx == (1 if i == uses else 0), f"use {i}"
        if i < uses:
            play(s, "end")
        assert s.current_player == (seat + 1) % players
    for i in range(1, unlock_uses + 1):
        play(s, "unlock")
        assert s.event_idx == (2 if i == unlock_uses else 1), f"unlock use {i}"


def test_long_tracks_option_one_more_use_s7_2() -> None:
    s = position(3, ["A god 5,1", "B god 6,6", "C god 2,5"], options={"track_length": "long"})
    for _ in range(4):
        play(s, "gain", "end")
    assert s.event_idx == 0
    play(s, "gain")
    assert s.event_idx == 1


# --- Move Figures (§7.3) ---------------------------------------------------------------------


def test_move_through_rivers_water_and_figures_to_an_empty_land_space_s11_38() -> None:
    # A's Warrior at (4,5) (West) moves 3 steps across the river and past B's figures.
    s = position(2, ["A god 8,1", "A warrior 4,5", "B god 4,6", "B warrior 5,6", "- temple 5,5"])
    play(s, "move", "pick 4,5")
    dests = legal(s)
    assert "to 5,7" in dests  # East, across the river, 3 steps away
    assert "to 4,6" not in dests  # occupied by B's God
    assert "to 5,5" not in dests  # a Monument
    assert "to 6,4" not in dests  # water
    assert "to 1,4" not in dests  # 4 steps away
    assert all(s.board.distance(hx("4,5"), hx(d.split()[1])) <= 3 for d in dests)
    play(s, "to 5,7")
    assert piece(s, "5,7") == "A warrior" and piece(s, "4,5") is None


def test_each_figure_moves_at_most_once_s7_3() -> None:
    s = play(position(2, BASIC), "move", "pick 4,1", "to 4,2")
    assert "pick 4,2" not in legal(s)
    assert "pick 5,1" in legal(s)
    play(s, "pick 5,1", "to 5,0")
    # Nothing left to move: the action ends and the second action is offered.
    assert s.phase == TURN and legal(s) == ["summon", "gain", "unlock", "end"]


def test_moving_does_not_change_monument_control_s7_3() -> None:
    s = play(position(2, [*BASIC, "A obelisk 5,0"]), "move", "pick 5,1", "to 7,1", "done")
    assert piece(s, "5,0") == "A obelisk"


def test_move_with_nothing_movable_ends_at_once_s7_1() -> None:
    s = position(2, ["A god 5,1", "B god 6,6"])
    for h in ("4,1", "5,0", "5,2", "6,0", "6,1", "4,0", "4,2", "3,1"):
        if s.board.is_land[hx(h)]:
            s.monument[hx(h)] = 0
    # Fill every land space within 3 of (5,1) with neutral monuments.
    for x in s.board.within(hx("5,1"), 3):
        if s.board.is_land[x] and s.figure[x] < 0:
            s.monument[x] = 0
    play(s, "move")
    assert s.phase == TURN and s.actions_taken == 1


# --- Summon Figure (§7.3) --------------------------------------------------------------------


def test_summon_next_to_own_figure_or_monument_same_region_s7_3_s8_1() -> None:
    s = play(position(2, ["A god 4,5", "A temple 3,0", "B god 6,6"]), "summon")
    spaces = {x.split()[-1] for x in legal(s)}
    assert {"4,4", "5,4", "5,5"} <= spaces  # next to the God at (4,5)
    assert {"2,0", "3,1", "4,0"} <= spaces  # next to the Temple at (3,0)
    assert "4,6" not in spaces and "3,5" not in spaces  # across the river
    assert all(x.startswith("put warrior") for x in legal(s))


def test_summon_takes_a_figure_from_the_pool_s7_3() -> None:
    s = play(position(2, BASIC), "summon", "put warrior 4,2")
    assert s.warriors_pool[A] == 4
    assert piece(s, "4,2") == "A warrior"


def test_summon_with_an_empty_pool_does_nothing_s7_1() -> None:
    s = position(2, BASIC)
    s.warriors_pool[A] = 0
    play(s, "summon")
    assert s.phase == TURN and s.actions_taken == 1 and s.markers[1] == s.tracks[1].start + 1


def test_apep_may_be_summoned_onto_any_water_s3() -> None:
    s = play(position(2, ["A god 8,1", "B god 6,6"], pool={"A": {"apep": 1}}, guardians=APEP_GAME), "summon")
    assert "put apep 0,9" in legal(s) and "put apep 6,4" in legal(s)
    play(s, "put apep 6,4")
    assert piece(s, "6,4") == "A apep"


def test_apep_in_water_is_a_summoning_anchor_in_each_region_case31() -> None:
    s = play(position(2, ["A god 2,5", "A apep 6,4", "B god 8,8"], guardians=APEP_GAME), "summon")
    spaces = {x.split()[-1] for x in legal(s)}
    assert {"5,5", "6,5", "7,4", "5,3"} <= spaces  # West and East spaces around (6,4)


def test_pyramid_attuned_chain_summon_case25() -> None:
    s = position(2, ["A god 2,5", "A pyramid 8,1", "B god 6,6"], powers={"A": ["pyramid-attuned"]})
    play(s, "summon")
    assert "pyramid 8,1" in legal(s)
    assert "put warrior 6,1" not in legal(s)  # next to nothing of A's
    play(s, "pyramid 8,1")
    assert "put warrior 7,1" in legal(s) and "put warrior 3,4" not in legal(s)  # next to the Pyramid only
    play(s, "put warrior 7,1")
    assert "pyramid 8,1" not in legal(s)  # each Pyramid once
    play(s, "put warrior 6,1")  # the regular summon, next to the new Warrior
    assert piece(s, "7,1") == piece(s, "6,1") == "A warrior"
    assert s.phase == TURN and s.warriors_pool[A] == 4


# --- Gain Followers (§7.3) --------------------------------------------------------------------


def test_gain_followers_counts_own_and_neutral_monuments_once_s7_3() -> None:
    pieces = [
        "A god 4,4",
        "A warrior 5,5",
        "- temple 4,5",  # adjacent to both figures: counted once
        "A obelisk 5,4",
        "B pyramid 4,3",  # an opponent's: not counted
        "- pyramid 3,4",  # across the river from (4,4): not adjacent
        "B god 6,6",
    ]
    s = play(position(2, pieces, followers=[0, 0]), "gain")
    assert s.followers[A] == 2


def test_revered_gives_one_more_follower_s2_2() -> None:
    s = play(
        position(2, ["A god 4,4", "- temple 4,5", "B god 6,6"], followers=[0, 0], powers={"A": ["revered"]}), "gain"
    )
    assert s.followers[A] == 2


# --- Unlock Ankh Power (§2.1) --------------------------------------------------------------------


def test_unlock_leftmost_token_levels_and_costs_s2_1() -> None:
    s = position(2, BASIC, followers=[20, 0])
    spent = []
    for k in range(6):
        before = s.followers[A]
        play(s, "unlock")
        level = k // 2 + 1
        options = legal(s)
        assert all(POWER_IDS.index(x.split()[1]) // 4 + 1 == level for x in options)
        assert len(options) == 4 - k % 2
        play(s, options[0])
        spent.append(before - s.followers[A])
        s.to_move = A
        s.turn_idx = 0
        s.phase = TURN
        s.actions_taken = 0
        s._legal = None
    assert spent == [1, 1, 2, 2, 3, 3]
    assert bin(s.powers[A]).count("1") == 6


def test_unaffordable_unlock_advances_the_marker_only_s11_3_case37() -> None:
    s = position(2, BASIC, followers=[1, 0], unlocked={"A": 2}, powers={"A": ["commanding", "revered"]})
    s.unlocked[A] = 2
    play(s, "unlock")
    assert s.followers[A] == 1 and s.unlocked[A] == 2
    assert s.markers[3] == s.tracks[3].start + 1
    assert s.current_player == B


@pytest.mark.parametrize(("slots", "gains"), [(None, [2, 4, 5]), ("2,4,6", [2, 4, 6])])
def test_guardian_icons_under_the_unlock_slots_s2_1(slots: str | None, gains: list[int]) -> None:
    options = {"guardian_slots": slots} if slots else {}
    s = position(2, BASIC, followers=[20, 0], options=options)
    got = []
    for k in range(1, 7):
        owned = sum(s.guardian_pool[A * 3 : A * 3 + 3])
        play(s, "unlock")
        play(s, legal(s)[0])
        if sum(s.guardian_pool[A * 3 : A * 3 + 3]) > owned:
            got.append(k)
        s.to_move, s.turn_idx, s.phase, s.actions_taken, s._legal = A, 0, TURN, 0, None
    assert got == gains
    # Guardians of levels 1, 2, 3 in the pool.
    assert s.guardian_pool[A * 3 : A * 3 + 3] == [1, 1, 1]


def test_no_guardian_when_none_is_left_beside_the_card_s2_1() -> None:
    s = position(2, BASIC, followers=[5, 0], unlocked={"A": 1}, powers={"A": ["revered"]})
    s.unlocked[A] = 1
    s.guardian_supply[0] = 0
    play(s, "unlock", "power commanding")
    assert s.guardian_pool[A * 3] == 0 and s.unlocked[A] == 2


def test_merged_players_take_one_action_each_s7_1_s10_4() -> None:
    s = position(3, ["A god 5,1", "B god 6,6", "C god 2,5"])
    s.god_of_seat[C] = B
    s.alive[C] = False
    s.devotion_stack.remove(C)
    play(s, "move", "done", "end")  # A: two actions possible, ends after one
    assert s.current_player == B
    play(s, "gain")
    assert s.current_player == C  # B's seat had one action only
    play(s, "gain")
    assert s.current_player == A


def test_move_pick_lists_only_figures_with_a_destination_s7_3() -> None:
    s = play(position(2, BASIC), "move")
    assert s.phase == MOVE_PICK
    assert legal(s) == ["pick 4,1", "pick 5,1", "done"]
