"""The public Ankh position builder (netjer.games.ankh.position): one test per component and
the refusals of bad positions, each naming the field at fault (issue 15 item 3)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from netjer.core.errors import ConfigError
from netjer.games.ankh import AnkhState, PositionSpec, build_position
from netjer.games.ankh.base import BOARD, TURN
from netjer.games.ankh.cards import CARD_IDS
from netjer.games.ankh.gods.base import AMUN, ANUBIS, BASTET, HORUS, OSIRIS, THOTH
from netjer.games.ankh.gods.bastet import GONE, HAND, PLUS1, PLUS3, STAR
from netjer.games.ankh.gods.ra import SUN
from netjer.games.ankh.pieces import FIGURE_IDS, MONUMENT_IDS
from netjer.games.ankh.powers import POWER_IDS
from tests.games.ankh.test_invariants import check_invariants

A, B, C = 0, 1, 2
BASE = ("A god 5,1", "B god 5,8")


def hx(text: str) -> int:
    return BOARD.parse_hex(text)


def build(**kw: Any) -> AnkhState:
    pieces = kw.pop("pieces", BASE)
    state = build_position(PositionSpec(pieces=pieces, **kw))
    # Every supply stays consistent with the game's Guardian miniatures (§3) and every other count.
    initial = state.game.new_initial_state(1).guardian_supply
    check_invariants(state, list(initial))
    return state


def refused(match: str, **kw: Any) -> None:
    with pytest.raises(ConfigError, match=match):
        build_position(PositionSpec(**kw))


# --- components -----------------------------------------------------------------------------


def test_figures_and_monuments_with_owners_keep_the_supplies() -> None:
    s = build(pieces=("A god 5,1", "A warrior 4,1", "B god 5,8", "B mummy 4,8", "- temple 5,4", "B obelisk 6,6"))
    assert (s.figure[hx("4,1")], s.figure_owner[hx("4,1")]) == (FIGURE_IDS.index("warrior"), A)
    assert (s.monument[hx("5,4")], s.monument_owner[hx("5,4")]) == (MONUMENT_IDS.index("temple"), -1)
    assert s.monument_owner[hx("6,6")] == B
    assert s.warriors_pool == [5, 6] and s.ankh_pool == [9, 8]
    assert s.monument_supply[MONUMENT_IDS.index("temple")] == 9


def test_giant_scorpion_aim() -> None:
    s = build(pieces=(*BASE, "A giant-scorpion 4,5 aim=SE"), guardians="satet,apep,giant-scorpion")
    assert s.aim[hx("4,5")] == 2


def test_devotion_and_stack_order() -> None:
    s = build(devotion=[4, 4], stack=["B", "A"])
    assert s.devotion == [4, 4] and s.devotion_stack == [B, A]
    assert build(devotion=[4, 4]).devotion_stack == [A, B]


def test_followers_powers_unlocked_and_used_cards() -> None:
    s = build(followers=[3, 0], powers={"A": ["commanding", "bountiful"]}, unlocked={"B": 2}, used={"B": ["flood"]})
    assert s.followers == [3, 0]
    assert s.powers[A] == (1 << POWER_IDS.index("commanding")) | (1 << POWER_IDS.index("bountiful"))
    assert s.unlocked == [2, 2]
    assert s.used[B] == 1 << CARD_IDS.index("flood")


def test_guardians_in_pools_and_beside_the_cards() -> None:
    beside = build().guardian_supply[1]
    s = build(pool={"A": {"mummy": 1}})
    assert s.guardian_pool[A * 3 + 1] == 1 and s.guardian_supply[1] == beside - 1


def test_event_track_next_conflict_and_conflicts_done() -> None:
    s = build(next_event="conflict", conflict_number=3)
    assert s.event_idx == 11 and s.conflicts == 2
    assert s.markers[0] == s.tracks[0].event_space - 1


def test_action_track_markers() -> None:
    s = build(markers={"summon": build().tracks[1].start + 2})
    assert s.markers[1] == s.tracks[1].start + 2


def test_the_god_whose_move_fires_the_conflict_holds_the_tie_breaker() -> None:
    s = build(pieces=("A god 5,1", "B god 5,3", "C god 5,8"), players=3, next_event="conflict", turn="B")
    s.apply_text("move")
    if s.phase != TURN:
        s.apply_text("done")
    assert s.tiebreaker_holder == B


def test_whose_turn_and_second_action() -> None:
    s = build(turn="B", first_action="summon")
    assert s.to_move == B and s.turn_order[s.turn_idx] == B
    assert s.actions_taken == 1
    assert {str(a) for a in s.legal_actions()} >= {"gain", "unlock"}
    assert "move" not in {str(a) for a in s.legal_actions()}


def test_merged_gods() -> None:
    s = build(players=3, pieces=("A god 5,1", "B god 5,8"), followers=[1, 2, 3], merged={"C": "B"}, devotion=[3, 1, 1])
    assert not s.alive[C] and s.god_of_seat[C] == B
    assert s.devotion_stack == [B, A] and s.followers == [1, 5, 0]
    assert s.warriors_pool[C] == 0 and s.removed_warriors[C] == 6


def test_merged_gods_keep_the_minor_gods_power() -> None:
    s = build(
        players=3, gods="anubis,isis,ra", pieces=("B god 5,1", "C god 5,8"), merged={"A": "B"}, anubis_trapped=["C"]
    )
    assert s.holder[ANUBIS] == B and s.power_data[ANUBIS].god == B and s.god_of_seat[A] == B
    assert s.power_data[ANUBIS].slots == [C]


def test_anubis_trapped_warriors() -> None:
    s = build(gods="anubis,isis", anubis_trapped=["B", "B"])
    assert s.power_data[ANUBIS].slots == [B, B] and s.warriors_pool[B] == 4


def test_thoth_scale() -> None:
    assert build(gods="thoth,isis", thoth_scale=2).power_data[THOTH].scale == 2


def test_ra_radiant_figures_and_sun_tokens() -> None:
    s = build(gods="ra,isis", pieces=(*BASE, "A warrior 4,1"), ra_radiant=["4,1"])
    assert s.badge[hx("4,1")] & SUN


def test_bastet_cats_and_face_up() -> None:
    pieces = (*BASE, "- temple 5,4", "- pyramid 2,6")
    s = build(
        gods="bastet,isis", pieces=pieces, bastet_cats={"+1": "5,4", "+3": "2,6", "star": "gone"}, bastet_face_up=["+3"]
    )
    data = s.power_data[BASTET]
    assert data.at[PLUS1] == hx("5,4") and data.at[PLUS3] == hx("2,6") and data.at[STAR] == GONE
    assert data.up == [False, True, False]
    assert build(gods="bastet,isis", bastet_face_up=["+1"]).power_data[BASTET].at == [HAND] * 3
    assert s.tasks == []


def test_horus_eyes() -> None:
    assert build(gods="horus,isis", horus_eyes=[1, 3]).power_data[HORUS].eyes == [1, 3]


def test_osiris_underworld_tokens() -> None:
    s = build(gods="osiris,isis", osiris_underworld=["1,1", "4,5"])
    assert sorted(s.power_data[OSIRIS].tokens) == sorted([hx("1,1"), hx("4,5")])
    assert s.reserved[hx("1,1")] == A and s.n_reserved == 2


def test_amun_token() -> None:
    assert build(gods="amun,isis", amun_token_up=False).power_data[AMUN].up is False


def test_built_position_plays_on() -> None:
    s = build(pieces=(*BASE, "A warrior 4,1"))
    assert s.phase == TURN and s.to_move == A and s.log == []
    s.apply_text("summon")
    assert s.to_move == A


# --- refusals ---------------------------------------------------------------------------------


def _water() -> str:
    return BOARD.hex_name(next(h for h in range(BOARD.num_hexes) if not BOARD.is_land[h]))


@pytest.mark.parametrize(
    ("match", "kw"),
    [
        (r"pieces\[1\]: a warrior on water", {"pieces": ("A god 5,1", f"A warrior {_water()}")}),
        (r"pieces\[1\]: a Monument on water", {"pieces": ("A god 5,1", f"- temple {_water()}")}),
        (r"pieces\[1\]: two pieces on 5,1", {"pieces": ("A god 5,1", "B warrior 5,1")}),
        (r"pieces\[0\]: no hex at \(99,1\)", {"pieces": ("A god 99,1",)}),
        (r"pieces\[0\]: unknown piece 'dragon'", {"pieces": ("A dragon 5,1",)}),
        (r"pieces\[0\]: 'C' is not a seat", {"pieces": ("C god 5,1",)}),
        (r"pieces\[0\]: a figure belongs to a seat", {"pieces": ("- god 5,1",)}),
        (r"pieces\[1\]: seat A has one God figure", {"pieces": ("A god 5,1", "A god 5,3")}),
        (r"pieces\[0\]: satet is not this game's level 1 Guardian", {"pieces": ("A satet 5,1",)}),
        (r"pieces\[0\]: only a Giant Scorpion aims", {"pieces": ("A warrior 5,1 aim=N",)}),
        (r"devotion\[B\]: 32 is outside 0-31", {"devotion": [0, 32]}),
        (r"devotion: 3 values for 2 seats", {"devotion": [0, 1, 2]}),
        (r"stack: not in Devotion order", {"devotion": [2, 1], "stack": ["A", "B"]}),
        (r"powers\[A\]: unknown Ankh power 'flight'", {"powers": {"A": ["flight"]}}),
        (r"powers\[B\]: 3 level 1 powers", {"powers": {"B": ["commanding", "inspiring", "omnipresent"]}}),
        (r"used\[B\]: unknown Battle card 'joker'", {"used": {"B": ["joker"]}}),
        (r"pool\[A\]\[satet\]: not a Guardian of this game", {"pool": {"A": {"satet": 1}}}),
        (r"pool\[A\]\[mummy\]: 3: only \d left", {"pool": {"A": {"mummy": 3}}}),
        (r"next_event: unknown event 'flood'", {"next_event": "flood"}),
        (r"conflict_number: 6 is outside 1-5", {"next_event": "conflict", "conflict_number": 6}),
        (r"markers\[gain\]: 99 is outside", {"markers": {"gain": 99}}),
        (r"markers: unknown action 'fly'", {"markers": {"fly": 1}}),
        (r"first_action: unknown action 'dance'", {"first_action": "dance"}),
        (r"turn: 'E' is not a seat", {"turn": "E"}),
        (r"thoth_scale: Thoth is not in play", {"thoth_scale": 1}),
        (r"anubis_trapped: Anubis has 3 slots", {"gods": "anubis,isis", "anubis_trapped": ["B"] * 4}),
        (
            r"ra_radiant: 5,1: not a Warrior or Guardian",
            {"gods": "ra,isis", "pieces": ("A god 5,1",), "ra_radiant": ["5,1"]},
        ),
        (
            r"bastet_cats\[\+1\]: 5,4: a cat goes on a space with a Monument",
            {"gods": "bastet,isis", "bastet_cats": {"+1": "5,4"}},
        ),
        (r"bastet_cats: unknown cat 'tiger'", {"gods": "bastet,isis", "bastet_cats": {"tiger": "hand"}}),
        (r"horus_eyes: 7 is not a Conflict Order token", {"gods": "horus,isis", "horus_eyes": [7]}),
        (
            r"osiris_underworld: 5,1: only Osiris's figures",
            {"gods": "osiris,isis", "pieces": ("B god 5,1",), "osiris_underworld": ["5,1"]},
        ),
        (
            r"anubis_trapped: seat A's god has left the game",
            {"players": 3, "gods": "anubis,isis,ra", "merged": {"A": "B"}, "anubis_trapped": ["A"]},
        ),
        (r"merged\[B\]: the minor god keeps nothing", {"players": 3, "pieces": ("B god 5,1",), "merged": {"B": "A"}}),
        (r"Guardian for level 1: unknown or wrong-level 'nope'", {"guardians": "nope,nope,nope"}),
        (r"gods: unknown god 'zeus'", {"gods": "zeus,isis"}),
        (r"players", {"players": 7}),
        (r"options\[players\]: give it as the spec's field", {"options": {"players": 3}}),
    ],
)
def test_bad_positions_are_refused_naming_the_field(match: str, kw: dict[str, Any]) -> None:
    refused(match, **kw)


def test_refusals_are_value_errors() -> None:
    with pytest.raises(ValueError, match="devotion"):
        build_position(PositionSpec(devotion=[-1, 0]))


def test_the_documented_example_runs() -> None:
    text = (Path(__file__).resolve().parents[3] / "docs" / "ankh-positions.md").read_text(encoding="utf-8")
    code = text.split("```python\n", 1)[1].split("```", 1)[0]
    scope: dict[str, Any] = {}
    exec(compile(code, "docs/ankh-positions.md", "exec"), scope)
    state = scope["state"]
    assert isinstance(state, AnkhState)
    check_invariants(state, list(state.game.new_initial_state(1).guardian_supply))
    assert state.power_data[ANUBIS].slots == [B] and state.badge[hx("4,2")] & SUN


@pytest.mark.parametrize(
    "kw",
    [
        {"gods": "anubis,ra", "pieces": (*BASE, "B warrior 4,8"), "anubis_trapped": ["B"], "ra_radiant": ["4,8"]},
        {"gods": "bastet,thoth", "pieces": (*BASE, "- temple 5,4"), "bastet_cats": {"star": "5,4"}, "thoth_scale": 1},
        {"gods": "horus,osiris", "horus_eyes": [2], "osiris_underworld": ["8,8"], "turn": "B", "first_action": "move"},
        {"gods": "amun,isis,seth", "players": 3, "pieces": ("A god 5,1", "C god 5,8"), "merged": {"B": "C"}},
    ],
)
def test_built_positions_clone_serialise_and_observe(kw: dict[str, Any]) -> None:
    s = build(**kw)
    assert s.clone() == s
    json.dumps(s.full_state())
    for seat in (None, *range(s.n)):
        json.dumps(s.observation(seat))
    # The position plays on: its first legal action keeps every invariant.
    s.apply(s.legal_actions()[0])
    check_invariants(s, list(s.game.new_initial_state(1).guardian_supply))


@pytest.mark.parametrize(
    ("match", "kw"),
    [
        (r"players: Input should be a valid integer, got '2'", {"players": "2"}),
        (r"players: Input should be a valid integer, got True", {"players": True}),
        (r"pieces: Input should be an instance of Sequence, got None", {"pieces": None}),
        (r"pieces: 'str' instances are not allowed", {"pieces": "A god 5,1"}),
        (r"devotion: Input should be an instance of Sequence, got 5", {"devotion": 5}),
        (r"followers\[0\]: Input should be a valid integer, got True", {"followers": [True, False]}),
        (r"stack\[0\]: Input should be a valid string, got 1", {"stack": [1, 0]}),
        (r"powers: Input should be a valid dictionary", {"powers": ["commanding"]}),
        (r"powers\[A\]: 'str' instances are not allowed", {"powers": {"A": "commanding"}}),
        (r"powers: a key: Input should be a valid string, got 0", {"powers": {0: ["commanding"]}}),
        (r"unlocked: Input should be a valid dictionary, got 3", {"unlocked": 3}),
        (r"pool\[A\]: Input should be a valid dictionary", {"pool": {"A": ["mummy"]}}),
        (r"conflict_number: Input should be a valid integer, got True", {"conflict_number": True}),
        (r"camels\[0\]: Input should be a valid string, got 5", {"camels": [5]}),
        (r"tokens: Input should be a valid dictionary", {"tokens": [1, 1]}),
        (r"markers: Input should be a valid dictionary", {"markers": "x"}),
        (r"merged: Input should be a valid dictionary", {"merged": "x"}),
        (r"ra_radiant\[0\]: Input should be a valid string, got 42", {"gods": "ra,isis", "ra_radiant": [42]}),
        (r"amun_token_up: Input should be a valid boolean, got 1", {"amun_token_up": 1}),
        (r"options: Input should be a valid dictionary", {"options": "x"}),
    ],
)
def test_a_field_of_the_wrong_type_is_refused_naming_it(match: str, kw: dict[str, Any]) -> None:
    """A wrong type once went on to a bare TypeError or AttributeError (compiled: "str object
    expected; got int"), or was taken (``followers=[True, False]``, ``conflict_number=True``)."""
    refused(match, **kw)


def test_seat_letters_may_be_one_text() -> None:
    """``stack`` and ``anubis_trapped`` list seat letters; a text of letters is read letter by
    letter, as the tests' positions give it (``stack="ACB"``)."""
    assert build(devotion=[1, 1], stack="BA").full_state() == build(devotion=[1, 1], stack=["B", "A"]).full_state()
    assert (
        build(gods="anubis,isis", anubis_trapped="B").full_state()
        == build(gods="anubis,isis", anubis_trapped=["B"]).full_state()
    )
