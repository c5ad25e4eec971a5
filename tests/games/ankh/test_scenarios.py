"""The eight scenario setups of rules/ankh.md §8.3: loaded, validated, and corrupt data refused."""

from __future__ import annotations

from collections import Counter

import pytest

from netjer.core.errors import ConfigError, DataFileError
from netjer.games.ankh.scenarios import (
    MONUMENT_KINDS,
    available_scenarios,
    load_scenario,
    validate_scenario,
)
from tests.games.ankh.helpers import BOARD, hx, scenario_data

ALL = [(name, n) for name in ("middle-kingdom", "old-kingdom") for n in (2, 3, 4, 5)]

#: §8.3: land hexes of the region carrying each Conflict Order token (1, 2, ...).
TOKEN_LAND = {
    ("middle-kingdom", 2): [32, 28, 22],
    ("middle-kingdom", 3): [32, 28, 22],
    ("middle-kingdom", 4): [18, 14, 22, 28],
    ("middle-kingdom", 5): [14, 16, 12, 22, 18],
    ("old-kingdom", 2): [32, 28, 22],
    ("old-kingdom", 3): [22, 28, 32],
    ("old-kingdom", 4): [12, 32, 22, 16],
    ("old-kingdom", 5): [12, 15, 17, 22, 16],
}
#: §8.3: neutral Monuments listed per setup, and camels on the board at the start.
NEUTRAL = {2: 5, 3: 6, 4: 7, 5: 7}
CAMELS = {
    ("middle-kingdom", 4): 4,
    ("middle-kingdom", 5): 10,
    ("old-kingdom", 4): 4,
    ("old-kingdom", 5): 7,
}


def test_eight_scenarios_ship_one_per_player_count_s8_3() -> None:
    assert available_scenarios() == sorted(ALL)


@pytest.mark.parametrize(("name", "players"), ALL)
def test_scenario_regions_carry_their_conflict_order_tokens_s8_3(name: str, players: int) -> None:
    s = load_scenario(name, players)
    assert s.players == players and s.name == name
    assert s.regions.num_regions == len(TOKEN_LAND[name, players])
    assert sorted(s.token_of_region) == list(range(1, s.regions.num_regions + 1))
    for token, land in enumerate(TOKEN_LAND[name, players], start=1):
        assert s.regions.land_count[s.region_of_token(token)] == land
    assert sum(len(line) for line in s.camel_lines) == CAMELS.get((name, players), 0)


@pytest.mark.parametrize(("name", "players"), ALL)
def test_scenario_pieces_each_player_god_warrior_monument_s8_3(name: str, players: int) -> None:
    s = load_scenario(name, players)
    for p in range(1, players + 1):
        kinds = Counter(x.kind for x in s.pieces if x.player == p)
        assert kinds["god"] == 1 and kinds["warrior"] == 1
        assert sum(kinds[k] for k in MONUMENT_KINDS) == 1
    neutral = [x for x in s.pieces if x.player is None]
    assert len(neutral) == NEUTRAL[players]
    assert all(x.kind in MONUMENT_KINDS for x in neutral)
    assert len(s.pieces) == 3 * players + NEUTRAL[players]


@pytest.mark.parametrize(("name", "players"), ALL)
def test_every_scenario_piece_on_its_own_land_hex_s8_1_s8_3(name: str, players: int) -> None:
    s = load_scenario(name, players)
    spots = [x.hex for x in s.pieces]
    assert len(set(spots)) == len(spots)
    assert all(BOARD.is_land[h] for h in spots)


def test_middle_kingdom_2p_positions_s8_3() -> None:
    s = load_scenario("middle-kingdom", 2)
    where = {(x.player, x.kind): x.hex for x in s.pieces if x.player is not None}
    assert where[1, "god"] == hx("5,1")
    assert where[1, "obelisk"] == hx("5,0")
    assert where[2, "temple"] == hx("6,5")
    assert s.regions.region_of[hx("5,1")] == s.region_of_token(1)  # West carries token 1


def test_old_kingdom_5p_tokens_numbered_1_to_5_rulings_table() -> None:
    s = load_scenario("old-kingdom", 5)
    assert sorted(s.token_of_region) == [1, 2, 3, 4, 5]
    assert s.regions.region_of[hx("8,5")] == s.region_of_token(1)  # East part, 12 land
    assert s.regions.region_of[hx("6,1")] == s.region_of_token(2)  # West part, 15 land
    assert s.regions.region_of[hx("3,1")] == s.region_of_token(3)  # West part, 17 land


def test_scenario_for_another_player_count_refused_s8_3() -> None:
    with pytest.raises(ConfigError, match="no Ankh scenario 'middle-kingdom' for 6 players"):
        load_scenario("middle-kingdom", 6)
    with pytest.raises(ConfigError, match="no Ankh scenario"):
        load_scenario("new-kingdom", 3)


def test_region_of_token_not_on_board_refused_s8_3() -> None:
    with pytest.raises(ValueError, match="no region carries Conflict Order token 4"):
        load_scenario("middle-kingdom", 3).region_of_token(4)


def test_load_scenario_is_cached_s8_3() -> None:
    assert load_scenario("old-kingdom", 4) is load_scenario(name="old-kingdom", players=4)


# --- corrupted scenario data is refused with a clear message --------------------------------


def bad(name: str = "middle-kingdom", players: int = 4) -> dict[str, object]:
    return scenario_data(name, players)


def piece(data: dict[str, object], i: int) -> dict[str, object]:
    pieces = data["pieces"]
    assert isinstance(pieces, list)
    p = pieces[i]
    assert isinstance(p, dict)
    return p


def test_shipped_scenario_data_validates_s8_3() -> None:
    s = validate_scenario("copy.json", bad())
    assert s.token_of_region == load_scenario("middle-kingdom", 4).token_of_region


def test_piece_on_water_refused_s8_1() -> None:
    data = bad()
    piece(data, 0)["hex"] = "6,4"
    with pytest.raises(DataFileError, match="6,4 is water"):
        validate_scenario("bad.json", data)


def test_two_pieces_on_one_hex_refused_s8_1() -> None:
    data = bad()
    piece(data, 1)["hex"] = piece(data, 0)["hex"]
    piece(data, 1)["region"] = piece(data, 0)["region"]
    piece(data, 1)["terrain"] = piece(data, 0)["terrain"]
    with pytest.raises(DataFileError, match="already holds piece #1"):
        validate_scenario("bad.json", data)


def test_piece_in_the_wrong_region_refused_s8_3() -> None:
    data = bad()
    piece(data, 0)["region"] = 4
    with pytest.raises(DataFileError, match="region of token 2, the file says 4"):
        validate_scenario("bad.json", data)


def test_piece_on_the_wrong_terrain_refused_s8_3() -> None:
    data = bad()
    piece(data, 0)["terrain"] = "F"
    with pytest.raises(DataFileError, match="is D, the file says F"):
        validate_scenario("bad.json", data)


def test_player_with_two_gods_refused_s8_3() -> None:
    data = bad()
    piece(data, 1)["piece"] = "god"  # player 1's Warrior becomes a second God
    with pytest.raises(DataFileError, match="player 1 starts with 2 God, 0 Warrior"):
        validate_scenario("bad.json", data)


def test_neutral_figure_and_unknown_piece_refused_s8_3() -> None:
    data = bad()
    piece(data, 1)["player"] = None
    with pytest.raises(DataFileError, match="only Monuments may be neutral"):
        validate_scenario("bad.json", data)
    data = bad()
    piece(data, 1)["piece"] = "sphinx"
    with pytest.raises(DataFileError, match="unknown piece 'sphinx'"):
        validate_scenario("bad.json", data)
    data = bad()
    piece(data, 1)["player"] = 5
    with pytest.raises(DataFileError, match="player must be 1 to 4"):
        validate_scenario("bad.json", data)


def test_missing_or_duplicated_conflict_token_refused_s6_s8_3() -> None:
    data = bad()
    order = data["conflict_order"]
    assert isinstance(order, list)
    order.pop()
    with pytest.raises(DataFileError, match="every region carries one token"):
        validate_scenario("bad.json", data)
    data = bad()
    order = data["conflict_order"]
    assert isinstance(order, list)
    order[1]["hex"] = order[0]["hex"]
    with pytest.raises(DataFileError, match="already carries token"):
        validate_scenario("bad.json", data)
    data = bad()
    order = data["conflict_order"]
    assert isinstance(order, list)
    order[0]["land"] = 19
    with pytest.raises(DataFileError, match="has 18 land hexes, the file says 19"):
        validate_scenario("bad.json", data)


def test_invalid_scenario_camel_line_refused_s6() -> None:
    data = bad()
    camels = data["camels"]
    assert isinstance(camels, list)
    camels[0] = camels[0][:3]  # stops short of the lake
    with pytest.raises(DataFileError, match=r"camel line 1: .*border to border"):
        validate_scenario("bad.json", data)
    data = bad()
    data["camels"] = [["4,5|4,6"]]
    with pytest.raises(DataFileError, match="already a border"):
        validate_scenario("bad.json", data)
    data = bad()
    data["camels"] = [["4,5|4,8"]]
    with pytest.raises(DataFileError, match="do not share a side"):
        validate_scenario("bad.json", data)


def test_too_many_monuments_of_a_type_refused_s9() -> None:
    data = bad("middle-kingdom", 5)
    pieces = data["pieces"]
    assert isinstance(pieces, list)
    free = [h for h in BOARD.land if BOARD.hex_name(h) not in {p["hex"] for p in pieces}]
    for h in free[:7]:  # MiddleKingdom-5p has 4 pyramids: 4 + 7 = 11
        pieces.append({"player": None, "piece": "pyramid", "hex": BOARD.hex_name(h)})
    with pytest.raises(DataFileError, match="11 pyramids on the board; the supply has 10"):
        validate_scenario("bad.json", data)


def test_unknown_name_or_player_count_refused_s8_3() -> None:
    data = bad()
    data["name"] = "new-kingdom"
    with pytest.raises(DataFileError, match="unknown scenario name"):
        validate_scenario("bad.json", data)
    data = bad()
    data["players"] = 6
    with pytest.raises(DataFileError, match="'players' must be 2 to 5"):
        validate_scenario("bad.json", data)
    with pytest.raises(DataFileError, match="expected a JSON object"):
        validate_scenario("bad.json", "not a scenario")
