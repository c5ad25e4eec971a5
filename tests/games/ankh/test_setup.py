"""The initial setup (S0 setup steps; rules/ankh.md §2.1, §3, §4, §5, §6, §7.2, §8.3)."""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

import pytest

from netjer.core.errors import ConfigError, DataFileError
from netjer.core.rng import Rng
from netjer.games.ankh import setup as ankh_setup
from netjer.games.ankh.gods.registry import parse_gods
from netjer.games.ankh.setup import (
    ACTIONS,
    action_tracks,
    guardian_miniatures,
    initial_setup,
    load_guardians,
    validate_guardians,
)
from netjer.i18n_sentences import told_error

SCENARIOS = [(name, n) for name in ("middle-kingdom", "old-kingdom") for n in (2, 3, 4, 5)]


@pytest.mark.parametrize(("scenario", "players"), SCENARIOS)
def test_same_seed_gives_the_same_setup_s0_setup(scenario: str, players: int) -> None:
    for seed in range(20):
        a = initial_setup(players, scenario, Rng(seed))
        b = initial_setup(players, scenario, Rng(seed))
        assert a == b
        rng1, rng2 = Rng(seed), Rng(seed)
        initial_setup(players, scenario, rng1)
        initial_setup(players, scenario, rng2)
        assert rng1 == rng2  # the same draws were taken


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_setup_shared_between_games_is_the_one_built_afresh(players: int) -> None:
    """initial_setup builds one record per outcome of its draws and shares it (issue 34): the
    shared record equals the one built with the cache empty, for every seat first, drawn and
    chosen Guardians, both track lengths and a start rotation; and a record is told apart by
    what was chosen (``drawn``), not only by the types."""
    cases = [
        {"first_player": first, "track_length": length, "start_rotation": rotation}
        for first in range(players)
        for length in ("rulebook", "long")
        for rotation in (0, players - 1)
    ]
    cases += [{"guardians": ["satet", None, "giant-scorpion"]}, {"guardians": ["cat-mummy", "apep", "androsphinx"]}]
    for options in cases:
        for seed in range(6):
            shared = initial_setup(players, "middle-kingdom", Rng(seed), **options)
            ankh_setup._SETUPS.clear()
            fresh_rng = Rng(seed)
            fresh = initial_setup(players, "middle-kingdom", fresh_rng, **options)
            again_rng = Rng(seed)
            again = initial_setup(players, "middle-kingdom", again_rng, **options)
            assert shared == fresh and shared is not fresh and again is fresh
            assert again_rng == fresh_rng
    drawn = next(
        s
        for s in (initial_setup(players, "old-kingdom", Rng(seed)) for seed in range(40))
        if s.guardians[0].type.id == "satet"
    )
    chosen = initial_setup(
        players, "old-kingdom", Rng(0), guardians=["satet", None, None], first_player=drawn.first_player
    )
    assert chosen.guardians[0].type.id == "satet" and not chosen.guardians[0].drawn and drawn.guardians[0].drawn


def test_first_player_drawn_by_the_seed_s0_step4() -> None:
    for players in (2, 3, 4, 5):
        firsts = {initial_setup(players, "middle-kingdom", Rng(seed)).first_player for seed in range(60)}
        assert firsts == set(range(players))  # every seat can start
    # the draw is the first one taken from the generator
    assert initial_setup(4, "old-kingdom", Rng(99)).first_player == Rng(99).below(4)


def test_first_player_may_be_chosen_s0_step4() -> None:
    s = initial_setup(3, "old-kingdom", Rng(1), first_player=2)
    assert s.first_player == 2
    assert s.turn_order == (2, 0, 1)
    with pytest.raises(ConfigError, match="first_player must be a seat 0 to 2"):
        initial_setup(3, "old-kingdom", Rng(1), first_player=3)


def test_turn_order_clockwise_from_the_first_player_s0_step4() -> None:
    s = initial_setup(5, "middle-kingdom", Rng(0), first_player=3)
    assert s.turn_order == (3, 4, 0, 1, 2)


def test_devotion_stack_in_reverse_turn_order_first_player_on_top_s5() -> None:
    s = initial_setup(4, "middle-kingdom", Rng(0), first_player=1)
    assert s.devotion == (0, 0, 0, 0)
    assert s.devotion_stack == (0, 3, 2, 1)  # bottom (last player) ... top (first player)
    assert s.devotion_stack[-1] == s.first_player
    assert s.devotion_stack[0] == s.turn_order[-1]


@pytest.mark.parametrize(
    ("players", "start", "uses"),
    [(2, 3, (3, 3, 3, 2)), (3, 2, (4, 4, 4, 3)), (4, 1, (5, 5, 5, 4)), (5, 0, (6, 6, 6, 5))],
)
def test_action_markers_on_the_player_count_start_spaces_s7_2(players: int, start: int, uses: tuple[int, ...]) -> None:
    tracks = action_tracks(players)
    assert [t.action for t in tracks] == list(ACTIONS) == ["move", "summon", "gain", "unlock"]
    assert [t.row for t in tracks] == [0, 1, 2, 3]
    assert [t.spaces for t in tracks] == [7, 7, 7, 6]
    assert all(t.start == start for t in tracks)
    assert tuple(t.uses for t in tracks) == uses
    assert all(t.event_space == t.spaces - 1 for t in tracks)  # the last printed space
    s = initial_setup(players, "old-kingdom", Rng(3))
    assert s.action_markers == (start,) * 4
    assert s.action_tracks == tracks


def test_long_tracks_give_one_more_use_option_track_length_s7_2() -> None:
    rulebook = action_tracks(2)
    long = action_tracks(2, "long")
    assert [t.uses for t in long] == [t.uses + 1 for t in rulebook] == [4, 4, 4, 3]
    assert initial_setup(2, "old-kingdom", Rng(3), track_length="long").action_tracks == long
    with pytest.raises(ConfigError, match="track_length"):
        action_tracks(2, "short")  # type: ignore[arg-type]


def test_event_marker_on_the_start_space_s6() -> None:
    assert initial_setup(3, "old-kingdom", Rng(3)).event_space == 0


def test_guardian_catalogue_two_types_per_level_s3() -> None:
    guardians = load_guardians()
    assert [(g.id, g.level, g.base, g.copies) for g in guardians] == [
        ("cat-mummy", 1, "small", 3),
        ("satet", 1, "small", 3),
        ("mummy", 2, "small", 3),
        ("apep", 2, "large", 2),
        ("giant-scorpion", 3, "large", 2),
        ("androsphinx", 3, "large", 2),
    ]


@pytest.mark.parametrize(("players", "small", "large"), [(2, 1, 1), (3, 2, 2), (4, 3, 2), (5, 3, 2)])
def test_guardian_miniatures_1_2_or_all_by_player_count_s3(players: int, small: int, large: int) -> None:
    cat, apep = load_guardians()[0], load_guardians()[3]
    assert guardian_miniatures(cat, players) == small
    assert guardian_miniatures(apep, players) == large
    s = initial_setup(players, "middle-kingdom", Rng(5), guardians=["cat-mummy", "Apep", "androsphinx"])
    assert [(g.type.id, g.miniatures, g.drawn) for g in s.guardians] == [
        ("cat-mummy", small, False),
        ("apep", large, False),
        ("androsphinx", large, False),
    ]


def test_one_guardian_type_per_level_drawn_by_the_seed_s3() -> None:
    seen: dict[int, set[str]] = {1: set(), 2: set(), 3: set()}
    for seed in range(40):
        s = initial_setup(3, "middle-kingdom", Rng(seed))
        assert [g.type.level for g in s.guardians] == [1, 2, 3]
        assert all(g.drawn for g in s.guardians)
        for g in s.guardians:
            seen[g.type.level].add(g.type.id)
    assert seen == {1: {"cat-mummy", "satet"}, 2: {"mummy", "apep"}, 3: {"giant-scorpion", "androsphinx"}}


def test_guardians_may_be_partly_chosen_partly_drawn_s3() -> None:
    s = initial_setup(4, "old-kingdom", Rng(8), guardians=[None, "mummy", None])
    assert s.guardians[1].type.id == "mummy" and not s.guardians[1].drawn
    assert s.guardians[0].drawn and s.guardians[2].drawn


def test_guardian_of_the_wrong_level_refused_s3() -> None:
    with pytest.raises(ConfigError, match="level 1: unknown or wrong-level 'apep'"):
        initial_setup(2, "old-kingdom", Rng(0), guardians=["apep", None, None])
    with pytest.raises(ConfigError, match="each of levels 1, 2, 3"):
        initial_setup(2, "old-kingdom", Rng(0), guardians=["satet"])


def test_scenario_player_numbers_become_seats_s0_step10() -> None:
    s = initial_setup(3, "middle-kingdom", Rng(0), first_player=1)
    assert s.player_seat == (1, 2, 0)
    god_of = {p.seat: p.hex for p in s.pieces if p.kind == "god"}
    scen_god = {x.player: x.hex for x in s.scenario.pieces if x.kind == "god"}
    for k in (1, 2, 3):
        assert god_of[s.player_seat[k - 1]] == scen_god[k]
    for x, placed in zip(s.scenario.pieces, s.pieces, strict=True):
        assert placed.hex == x.hex and placed.kind == x.kind
        assert placed.seat == (None if x.player is None else s.player_seat[x.player - 1])


def test_pools_and_supplies_at_the_start_s2_1_s4_s6_s9() -> None:
    s = initial_setup(5, "middle-kingdom", Rng(4))
    assert s.followers == (1,) * 5  # §4: 1 Follower each
    assert s.warriors_in_pool == (5,) * 5  # §4: 6 Warriors, 1 on the board
    assert s.dashboard_ankh_tokens == (6,) * 5  # §2.1
    assert s.ankh_tokens_in_pool == (8,) * 5  # 15 - 6 - 1 controlled Monument
    # MiddleKingdom-5p: 3 obelisks, 5 temples, 4 pyramids on the board (§8.3)
    assert s.monuments_in_supply == (7, 5, 6)  # obelisk, temple, pyramid
    assert s.camels_in_supply == 30 - 10
    assert s.conflict_tokens_in_supply == (6, 7, 8)
    assert s.regions is s.scenario.regions
    assert s.token_of_region == s.scenario.token_of_region


def test_bad_player_count_or_scenario_refused_s8_3() -> None:
    with pytest.raises(ConfigError, match="2 to 5 players, not 6"):
        initial_setup(6, "middle-kingdom", Rng(0))
    with pytest.raises(ConfigError, match="unknown Ankh scenario 'new-kingdom'"):
        initial_setup(3, "new-kingdom", Rng(0))


# --- corrupted Guardian data ---------------------------------------------------------------


def guardian_data() -> dict[str, Any]:
    text = (resources.files("netjer.games.ankh") / "data" / "guardians.json").read_text(encoding="utf-8")
    return copy.deepcopy(json.loads(text))


def test_corrupt_guardian_data_refused_s3() -> None:
    assert validate_guardians("copy.json", guardian_data()) == load_guardians()
    data = guardian_data()
    data["guardians"][3]["copies"] = 3  # Apep is large-base: 2 miniatures
    with pytest.raises(DataFileError, match="a large-base Guardian has 2 miniatures"):
        validate_guardians("bad.json", data)
    data = guardian_data()
    data["guardians"][1]["level"] = 2
    with pytest.raises(DataFileError, match="2 Guardian types per level"):
        validate_guardians("bad.json", data)
    data = guardian_data()
    data["guardians"][1]["id"] = "cat-mummy"
    with pytest.raises(DataFileError, match="listed twice"):
        validate_guardians("bad.json", data)
    data = guardian_data()
    data["guardians"][0]["base"] = "huge"
    with pytest.raises(DataFileError, match="base must be 'small' or 'large'"):
        validate_guardians("bad.json", data)


def test_a_refused_guardian_or_god_lists_the_choices_by_their_shown_names_s3() -> None:
    """Issue 32: the refusal named the choices by bare ids ("nivel 2: mummy, apep") while the
    screens say "Momia": each choice is its shown name with the id a player types."""
    with pytest.raises(ConfigError) as guardian:
        initial_setup(2, "old-kingdom", Rng(0), guardians=[None, "gato", None])
    assert told_error(guardian.value, "es").endswith("(nivel 2: Momia (mummy), Apep (apep))")
    with pytest.raises(ConfigError) as god:
        parse_gods("ra", 2)
    told = told_error(god.value, "es")
    assert "Amón (amun)" in told and "Tot (thoth)" in told and "draw, none" not in told, told
