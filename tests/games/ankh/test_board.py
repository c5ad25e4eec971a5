"""The Ankh map (rules/ankh.md §8.1, §8.2): data validation, regions, adjacency, distance."""

from __future__ import annotations

from typing import Any

import pytest

from netjer.core.errors import DataFileError
from netjer.games.ankh.board import (
    DESERT,
    FERTILE,
    WATER,
    load_board,
    validate_map,
)
from tests.games.ankh.helpers import BOARD, edge, hexes, hx, map_data

B = BOARD
BASE = B.base


def region_named(name: str) -> int:
    return BASE.region_of[B.region_names[name]]


# --- §8.2 map data --------------------------------------------------------------------------


def test_map_has_101_hexes_43_fertile_39_desert_19_water_s8_2() -> None:
    assert B.num_hexes == 101
    assert [B.terrain.count(t) for t in (FERTILE, DESERT, WATER)] == [43, 39, 19]
    assert len(B.land) == 82


def test_map_grid_shape_rows_0_to_9_cols_0_to_10_s8_2() -> None:
    rows = {r: sorted(c for rr, c in B.coords if rr == r) for r in range(10)}
    assert rows[0] == list(range(1, 10))
    assert all(rows[r] == list(range(11)) for r in range(1, 9))
    assert rows[9] == [2, 4, 6, 8]


def test_terrain_of_sample_hexes_s8_2() -> None:
    assert B.terrain[hx("0,1")] == FERTILE
    assert B.terrain[hx("0,4")] == WATER
    assert B.terrain[hx("3,0")] == DESERT
    assert B.terrain[hx("6,4")] == WATER
    assert B.terrain[hx("9,4")] == FERTILE
    assert B.terrain[hx("7,9")] == DESERT


def test_neighbours_follow_the_odd_columns_half_a_hex_lower_s8_2() -> None:
    # even column: N, NE (r-1,c+1), SE (r,c+1), S, SW (r,c-1), NW (r-1,c-1)
    assert B.neighbour_in[hx("4,4")] == tuple(hx(t) for t in ("3,4", "3,5", "4,5", "5,4", "4,3", "3,3"))
    # odd column: N, NE (r,c+1), SE (r+1,c+1), S, SW (r+1,c-1), NW (r,c-1)
    assert B.neighbour_in[hx("4,5")] == tuple(hx(t) for t in ("3,5", "4,6", "5,6", "5,5", "5,4", "4,4"))
    # a corner hex has fewer neighbours
    assert set(B.neighbours[hx("1,0")]) == hexes("0,1", "1,1", "2,0")
    assert B.neighbour_in[hx("1,0")] == (-1, hx("0,1"), hx("1,1"), hx("2,0"), -1, -1)


def test_edges_and_vertices_are_consistent_s8_2() -> None:
    assert B.num_edges == sum(len(n) for n in B.neighbours) // 2
    for e, (a, b) in enumerate(B.edge_hexes):
        assert b in B.neighbours[a]
        assert B.edge(a, b) == B.edge(b, a) == e
        v0, v1 = B.edge_vertices[e]
        assert v0 != v1
        assert a in B.vertex_hexes[v0] and b in B.vertex_hexes[v0]
        assert a in B.vertex_hexes[v1] and b in B.vertex_hexes[v1]
    assert all(len(v) <= 3 for v in B.vertex_edges)
    # a vertex inside the map touches 3 hexes and 3 edges; on the map's rim fewer
    assert all(len(es) == 3 for v, es in enumerate(B.vertex_edges) if len(B.vertex_hexes[v]) == 3)


def test_31_river_edges_each_between_two_regions_s8_2() -> None:
    assert len(B.rivers) == 31
    assert edge("4,5|4,6") in B.rivers
    assert edge("8,5|9,4") in B.rivers
    for e in B.rivers:
        a, b = B.edge_hexes[e]
        assert BASE.region_of[a] != BASE.region_of[b]


def test_base_regions_west_32_east_28_north_22_land_hexes_s8_2() -> None:
    assert BASE.num_regions == 3
    assert sum(BASE.land_count) == 82
    assert (BASE.land_count[region_named("West")], *BASE.counts(region_named("West"))) == (32, 11, 21)
    assert (BASE.land_count[region_named("East")], *BASE.counts(region_named("East"))) == (28, 10, 18)
    assert (BASE.land_count[region_named("North")], *BASE.counts(region_named("North"))) == (22, 22, 0)
    assert BASE.region_of[hx("1,0")] == region_named("West")
    assert BASE.region_of[hx("2,9")] == region_named("East")
    assert BASE.region_of[hx("0,1")] == region_named("North")


def test_water_belongs_to_every_region_it_touches_s8_1() -> None:
    west, east, north = region_named("West"), region_named("East"), region_named("North")
    expected = {
        **{f"0,{c}": {north} for c in range(4, 10)},
        "1,10": {north, east},
        **{h: {east} for h in ("3,9", "4,10", "5,10", "6,9", "6,10", "7,8", "7,10", "8,10")},
        **{h: {west} for h in ("5,2", "6,2", "6,3")},
        "6,4": {west, east},
    }
    assert len(expected) == 19
    for name, regions in expected.items():
        assert set(BASE.hex_regions[hx(name)]) == regions, name
        assert BASE.region_of[hx(name)] == -1


def test_region_at_refuses_water_s8_1() -> None:
    with pytest.raises(ValueError, match="water"):
        BASE.region_at(hx("6,4"))
    assert BASE.region_at(hx("4,4")) == region_named("West")


# --- §8.1 adjacency and distance ------------------------------------------------------------


def test_adjacency_needs_a_shared_side_and_the_same_region_s8_1() -> None:
    assert BASE.is_adjacent(hx("4,4"), hx("4,5"))  # same region (West)
    assert not BASE.is_adjacent(hx("4,5"), hx("4,6"))  # shared side, but the river between
    assert not BASE.is_adjacent(hx("3,5"), hx("4,5"))  # North / West across the river
    assert not BASE.is_adjacent(hx("4,4"), hx("5,6"))  # same region? no: not even a shared side
    for h in B.land:
        for y in BASE.adjacent[h]:
            assert h in BASE.adjacent[y]  # symmetric


def test_water_is_adjacent_to_every_land_space_around_it_s8_1_case31() -> None:
    # rules/ankh-cases.md 31: Apep in (6,4) is adjacent to West's (5,5) and East's (6,5).
    around = hexes("5,4", "5,5", "6,5", "7,4", "5,3")
    assert around <= set(BASE.adjacent[hx("6,4")])
    assert hx("6,4") in BASE.adjacent[hx("6,5")]
    assert hx("6,4") in BASE.adjacent[hx("5,5")]


def test_movement_distance_ignores_rivers_water_and_regions_s7_3_s8_1_case38() -> None:
    assert B.distance(hx("4,5"), hx("4,6")) == 1  # across the river
    assert B.distance(hx("6,1"), hx("6,5")) == 4  # across the lake (6,2)-(6,4)
    assert B.distance(hx("4,4"), hx("4,4")) == 0
    assert B.distance(hx("1,0"), hx("9,8")) == B.distance(hx("9,8"), hx("1,0"))
    three = set(B.within(hx("4,5"), 3))
    assert hx("4,6") in three and hx("3,5") in three and hx("6,4") in three
    assert hx("4,5") not in three
    assert hx("4,9") not in three  # 4 columns away


def test_within_k_is_exactly_the_hexes_at_distance_1_to_k_s7_3() -> None:
    for h in range(B.num_hexes):
        for k in (0, 1, 2, 3, 4):
            assert set(B.within(h, k)) == {y for y in range(B.num_hexes) if 0 < B.distance(h, y) <= k}
    assert set(B.within(hx("4,4"), 1)) == set(B.neighbours[hx("4,4")])


def test_hex_and_edge_notation_round_trips_s8_2() -> None:
    for h in range(B.num_hexes):
        assert B.parse_hex(B.hex_name(h)) == h
    for e in range(B.num_edges):
        assert B.parse_edge(B.edge_name(e)) == e
    assert B.parse_hex("(4,5)") == B.hex_at(4, 5)
    assert B.parse_edge("(4,6)|(4,5)") == edge("4,5|4,6")
    for bad in ("4", "a,b", "0,0", "9,3"):
        with pytest.raises(ValueError):
            B.parse_hex(bad)
    with pytest.raises(ValueError, match="do not share a side"):
        B.parse_edge("4,5|4,7")
    with pytest.raises(ValueError, match="not an edge"):
        B.parse_edge("4,5")
    with pytest.raises(KeyError):
        B.hex_at(0, 0)


def test_regions_with_camels_rebuilds_a_partition_s8_1() -> None:
    # the MiddleKingdom-4p line, blocked without the Camel Caravan checks
    camels = [edge(t) for t in ("3,0|4,0", "3,1|4,0", "3,1|4,1", "4,1|4,2")]
    regions = B.regions_with_camels(camels)
    assert sorted(regions.land_count) == [14, 18, 22, 28]
    assert regions.camels == frozenset(camels)
    assert not regions.is_adjacent(hx("3,1"), hx("4,1"))
    assert B.distance(hx("3,1"), hx("4,1")) == 1  # movement crosses camels (§7.3)


def test_load_board_is_cached_and_unknown_map_refused_s8_2() -> None:
    assert load_board() is load_board("base")
    with pytest.raises(DataFileError, match="no Ankh map 'nile'"):
        load_board("nile")


# --- corrupted map data is refused with a clear message ------------------------------------


def set_cell(data: dict[str, Any], r: int, c: int, ch: str) -> None:
    row = data["grid"][r]
    data["grid"][r] = row[:c] + ch + row[c + 1 :]


def test_shipped_map_data_validates_s8_2() -> None:
    board = validate_map("copy", map_data())
    assert board.terrain == B.terrain


def test_corrupt_terrain_count_refused_s8_2() -> None:
    data = map_data()
    set_cell(data, 0, 4, "F")  # a sea hex turned fertile
    with pytest.raises(DataFileError, match=r"44 fertile hexes, §8.2 has 43"):
        validate_map("bad", data)


def test_corrupt_swapped_terrain_changes_region_counts_refused_s8_2() -> None:
    data = map_data()
    set_cell(data, 3, 0, "F")  # a West desert ...
    set_cell(data, 2, 2, "D")  # ... swapped with a North fertile: totals unchanged
    with pytest.raises(DataFileError, match=r"base region (West|North) has .* §8.2 has"):
        validate_map("bad", data)


def test_corrupt_grid_shape_refused_s8_2() -> None:
    data = map_data()
    set_cell(data, 0, 0, "W")
    with pytest.raises(DataFileError, match=r"row 0 has hexes at cols .* extra \[0\]"):
        validate_map("bad", data)
    data = map_data()
    data["grid"] = data["grid"][:9]
    with pytest.raises(DataFileError, match="9 rows"):
        validate_map("bad", data)
    data = map_data()
    set_cell(data, 4, 4, "X")
    with pytest.raises(DataFileError, match="unknown terrain 'X'"):
        validate_map("bad", data)


def test_river_between_non_neighbours_refused_s8_2() -> None:
    data = map_data()
    data["rivers"][0] = "0,1|2,0"
    with pytest.raises(DataFileError, match="do not share a side"):
        validate_map("bad", data)


def test_river_on_water_refused_s8_2() -> None:
    data = map_data()
    data["rivers"][0] = "6,4|6,5"
    with pytest.raises(DataFileError, match="one of these is water"):
        validate_map("bad", data)


def test_river_listed_twice_refused_s8_2() -> None:
    data = map_data()
    data["rivers"][1] = data["rivers"][0]
    with pytest.raises(DataFileError, match="listed twice"):
        validate_map("bad", data)


def test_missing_river_edge_refused_s8_2() -> None:
    data = map_data()
    data["rivers"].pop()
    with pytest.raises(DataFileError, match=r"30 river edges, §8\.2 has 31"):
        validate_map("bad", data)


def test_misplaced_river_edge_refused_s8_2() -> None:
    data = map_data()
    data["rivers"][data["rivers"].index("4,5|4,6")] = "4,4|4,5"  # 31 edges, but one is wrong
    with pytest.raises(DataFileError, match=r"same region on both sides|regions of"):
        validate_map("bad", data)


def test_river_edge_on_a_missing_hex_refused_s8_2() -> None:
    data = map_data()
    data["rivers"][0] = "0,0|1,0"
    with pytest.raises(DataFileError, match=r"no hex at \(0,0\)"):
        validate_map("bad", data)


def test_region_names_must_match_s8_2() -> None:
    data = map_data()
    data["regions"] = {"West": "4,0", "East": "4,6", "Delta": "3,5"}
    with pytest.raises(DataFileError, match="names"):
        validate_map("bad", data)
    data = map_data()
    data["regions"]["East"] = "4,0"
    with pytest.raises(DataFileError, match="same region twice"):
        validate_map("bad", data)
    data = map_data()
    data["regions"]["North"] = "0,4"
    with pytest.raises(DataFileError, match="water"):
        validate_map("bad", data)
    data = map_data()
    data["regions"]["East"], data["regions"]["West"] = data["regions"]["West"], data["regions"]["East"]
    with pytest.raises(DataFileError, match=r"base region (West|East) has"):
        validate_map("bad", data)


def test_map_data_of_the_wrong_shape_refused_s8_2() -> None:
    with pytest.raises(DataFileError, match="expected a JSON object"):
        validate_map("bad", [])
    data = map_data()
    del data["rivers"]
    with pytest.raises(DataFileError, match="'rivers' must be a list"):
        validate_map("bad", data)
    data = map_data()
    data["rivers"][0] = 17
    with pytest.raises(DataFileError, match=r"expected 'r,c\|r,c'"):
        validate_map("bad", data)
