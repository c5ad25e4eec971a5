"""The event track and the individual events (rules/ankh.md §6)."""

from __future__ import annotations

from netjer.games.ankh.base import CAMEL, KEEP, TURN
from netjer.games.ankh.events import CAMEL_CARAVAN, CONFLICT, CONTROL_MONUMENT, EVENT_TRACK
from tests.games.ankh.builder import A, B, hx, legal, piece, play, position


def test_event_track_has_18_events_with_conflicts_on_4_8_12_16_18_s6() -> None:
    assert len(EVENT_TRACK) == 18
    assert [i + 1 for i, e in enumerate(EVENT_TRACK) if e == CONFLICT] == [4, 8, 12, 16, 18]
    assert [i + 1 for i, e in enumerate(EVENT_TRACK) if e == CAMEL_CARAVAN] == [5, 9, 13]
    assert EVENT_TRACK.count(CONTROL_MONUMENT) == 10


def test_control_monument_takes_a_neutral_adjacent_monument_s6() -> None:
    pieces = ["A god 4,4", "- temple 4,5", "- obelisk 3,4", "B pyramid 4,3", "B god 6,6"]
    s = play(position(2, pieces, next_event=CONTROL_MONUMENT), "move", "done")
    # (3,4) is across the river; B's pyramid is not neutral while neutral ones exist.
    assert legal(s) == ["claim 4,5"]
    pool = s.ankh_pool[A]
    play(s, "claim 4,5")
    assert piece(s, "4,5") == "A temple" and s.ankh_pool[A] == pool - 1
    assert s.current_player == B  # the event ended the turn


def test_control_monument_takes_an_opponents_only_when_none_is_neutral_anywhere_s6() -> None:
    pieces = ["A god 4,4", "B temple 4,5", "B god 6,6"]
    s = play(position(2, pieces, next_event=CONTROL_MONUMENT), "move", "done")
    pool_b = s.ankh_pool[B]
    play(s, "claim 4,5")
    assert piece(s, "4,5") == "A temple"
    assert s.ankh_pool[B] == pool_b + 1  # B's token goes back to B's pool
    # With a neutral Monument anywhere else, B's is out of reach.
    s = play(position(2, [*pieces, "- pyramid 8,8"], next_event=CONTROL_MONUMENT), "move", "done")
    assert s.phase == TURN and s.current_player == B and piece(s, "4,5") == "B temple"


def test_control_monument_needs_an_ankh_token_in_the_pool_s6() -> None:
    s = position(2, ["A god 4,4", "- temple 4,5", "B god 6,6"], next_event=CONTROL_MONUMENT)
    s.ankh_pool[A] = 0
    play(s, "move", "done")
    assert piece(s, "4,5") == "- temple" and s.current_player == B


def test_camel_caravan_lays_a_line_edge_by_edge_then_tokens_s6() -> None:
    s = play(position(2, ["A god 5,1", "B god 6,6"], next_event=CAMEL_CARAVAN), "move", "done")
    # Lay one of the lines of the MiddleKingdom-4p scenario: it cuts the West in two.
    # Laid from its western end (the map edge); each camel offered only if the line can go on.
    for text in ("3,0|4,0", "3,1|4,0", "3,1|4,1", "4,1|4,2"):
        assert f"camel {text}" in legal(s), (text, legal(s))
        play(s, f"camel {text}")
    assert sorted(legal(s)) == ["keep 1,0", "keep 4,0"]
    camels_before = s.camels
    play(s, "keep 4,0")  # the southern part keeps token 1 (West); the northern takes 4
    assert s.camels == camels_before - 4
    assert s.token_of_region[s.regions.region_of[hx("4,0")]] == 1
    assert s.token_of_region[s.regions.region_of[hx("3,0")]] == 4
    assert s.token_supply == [5, 6, 7, 8]
    assert "noswap" in legal(s) and "swap 4 2" in legal(s) and "swap 1 3" in legal(s)
    assert "swap 1 4" not in legal(s)
    play(s, "swap 4 2")
    assert s.token_of_region[s.regions.region_of[hx("3,0")]] == 2
    assert s.token_of_region[s.regions.region_of[hx("6,6")]] == 4
    assert s.current_player == B


def test_camel_caravan_regions_split_into_two_of_6_or_more_s6() -> None:
    s = play(position(2, ["A god 5,1", "B god 6,6"], next_event=CAMEL_CARAVAN), "move", "done")
    while s.phase == CAMEL:  # camel
        play(s, legal(s)[0])
    assert s.phase == KEEP
    before = s.regions.num_regions
    play(s, legal(s)[0], "noswap")
    assert s.regions.num_regions == before + 1
    sizes = list(s.regions.land_count)
    assert min(sizes) >= 6 and sum(sizes) == 82


def test_camel_caravan_without_a_valid_line_does_nothing_s6() -> None:
    s = position(2, ["A god 5,1", "B god 6,6"], next_event=CAMEL_CARAVAN)
    s.camels = 0
    play(s, "move", "done")
    assert s.event_idx == 5 and s.regions.num_regions == 3 and s.current_player == B


def test_camel_edges_parse_in_either_order_s6() -> None:
    s = play(position(2, ["A god 5,1", "B god 6,6"], next_event=CAMEL_CARAVAN), "move", "done")
    play(s, "camel 4,0|3,0")
    assert s.camel_line


def test_camel_caravan_may_be_declined_before_the_first_camel_s6() -> None:
    s = play(position(2, ["A god 5,1", "B god 6,6"], next_event=CAMEL_CARAVAN), "move", "done")
    assert "done" in legal(s)
    play(s, "camel 3,0|4,0")
    assert "done" not in legal(s)  # a line once begun is completed
    s = play(position(2, ["A god 5,1", "B god 6,6"], next_event=CAMEL_CARAVAN), "move", "done", "done")
    assert s.regions.num_regions == 3 and s.current_player == B and s.camels == 30
