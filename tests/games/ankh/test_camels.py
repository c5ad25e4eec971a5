"""Camel Caravan lines (rules/ankh.md §6) on the map of §8.2: validation, splitting, and the
edge-by-edge offering of valid continuations."""

from __future__ import annotations

import pytest

from netjer.core.rng import Rng
from netjer.games.ankh.board import (
    MAX_CAMELS_PER_LINE,
    MIN_REGION_LAND,
    CamelLineError,
    RegionMap,
    camel_continuations,
    camel_line_is_complete,
    camel_lines,
    check_camel_line,
    order_line,
)
from netjer.games.ankh.scenarios import load_scenario
from tests.games.ankh.helpers import BOARD, edge, hexes, hx, line

B = BOARD
BASE = B.base
#: The camel line of the MiddleKingdom-4p setup (§8.3), from the west map edge to the lake.
MK4 = ("3,0|4,0", "3,1|4,0", "3,1|4,1", "4,1|4,2")


def walk_all(regions: RegionMap, max_camels: int = MAX_CAMELS_PER_LINE) -> set[tuple[int, ...]]:
    """Every complete line reachable by taking offered continuations, asserting no dead end."""
    found: set[tuple[int, ...]] = set()

    def go(prefix: list[int]) -> None:
        options = camel_continuations(regions, prefix, max_camels)
        if camel_line_is_complete(regions, prefix, max_camels):
            found.add(tuple(prefix))
            assert options == [], "a complete line ends at the border it reached"
            return
        assert options, f"dead end offered: {[B.edge_name(e) for e in prefix]}"
        for e in options:
            go([*prefix, e])

    for e in camel_continuations(regions, [], max_camels):
        go([e])
    return found


# --- a valid line and the regions it makes -------------------------------------------------


def test_camel_line_splits_one_region_into_two_s6() -> None:
    split = check_camel_line(BASE, line(*MK4))
    after = split.after
    west = BASE.region_of[hx("4,0")]
    assert split.parent == west
    assert after.num_regions == 4
    assert sorted(after.land_count[p] for p in split.parts) == [14, 18]
    assert after.region_of[hx("3,1")] != after.region_of[hx("4,1")]
    assert after.region_of[hx("3,1")] == after.region_of[hx("5,5")]  # north part reaches (5,5)
    assert after.region_of[hx("4,1")] == after.region_of[hx("9,2")]
    assert after.camels == frozenset(line(*MK4))
    assert set(split.parts) == {after.region_of[hx("3,1")], after.region_of[hx("4,1")]}


def test_split_keeps_the_other_regions_and_renumbers_them_s6() -> None:
    split = check_camel_line(BASE, line(*MK4))
    for old in range(BASE.num_regions):
        new = split.renumber[old]
        if old == split.parent:
            assert new == -1
        else:
            assert split.after.regions[new] == BASE.regions[old]
    # the map it was made from is unchanged (region maps are immutable, shared by states)
    assert BASE.num_regions == 3 and not BASE.camels


def test_adjacency_across_camels_is_broken_but_movement_is_not_s8_1_s7_3() -> None:
    after = check_camel_line(BASE, line(*MK4)).after
    assert BASE.is_adjacent(hx("3,1"), hx("4,1"))
    assert not after.is_adjacent(hx("3,1"), hx("4,1"))
    assert after.is_adjacent(hx("3,1"), hx("3,0"))
    assert B.distance(hx("3,1"), hx("4,1")) == 1


def test_lake_water_touching_both_new_parts_belongs_to_both_s8_1() -> None:
    after = check_camel_line(BASE, line(*MK4)).after
    # (5,2) touches (4,1) (south part) and (4,2)/(4,3) (north part)
    assert set(after.hex_regions[hx("5,2")]) == {after.region_of[hx("4,1")], after.region_of[hx("4,2")]}


def test_line_may_be_laid_from_either_end_s6() -> None:
    forward = line(*MK4)
    assert camel_line_is_complete(BASE, forward)
    assert camel_line_is_complete(BASE, forward[::-1])
    a = check_camel_line(BASE, forward).after
    b = check_camel_line(BASE, forward[::-1]).after
    assert a.region_of == b.region_of


def test_order_line_puts_scenario_edges_in_laying_order_s8_3() -> None:
    shuffled = [edge(MK4[2]), edge(MK4[0]), edge(MK4[3]), edge(MK4[1])]
    ordered = order_line(B, shuffled)
    assert ordered in (tuple(line(*MK4)), tuple(line(*MK4))[::-1])
    with pytest.raises(CamelLineError, match="one line"):
        order_line(B, [edge("3,0|4,0"), edge("4,1|4,2")])
    with pytest.raises(CamelLineError, match="at least one"):
        order_line(B, [])


def test_successive_lines_split_again_s6_s8_3() -> None:
    # MiddleKingdom-5p: the West line, then the East line of 6 camels
    first = check_camel_line(BASE, line(*MK4)).after
    east = line("6,5|7,5", "6,5|7,6", "6,6|7,6", "6,6|6,7", "5,7|6,7", "6,7|6,8")
    second = check_camel_line(first, order_line(B, east))
    assert sorted(second.after.land_count) == [12, 14, 16, 18, 22]


# --- invalid lines are refused, naming the broken condition --------------------------------


def test_line_leaving_a_region_under_6_land_spaces_refused_s6() -> None:
    # one camel between (1,0) and (2,0) cuts (1,0) off on its own
    with pytest.raises(CamelLineError, match=f"at least {MIN_REGION_LAND} land spaces"):
        check_camel_line(BASE, line("1,0|2,0"))
    assert not camel_line_is_complete(BASE, line("1,0|2,0"))


def test_line_of_more_than_6_camels_refused_s6() -> None:
    with pytest.raises(CamelLineError, match="1 to 6 camels, not 7"):
        check_camel_line(BASE, list(range(7)))
    with pytest.raises(CamelLineError, match="1 to 6 camels, not 0"):
        check_camel_line(BASE, [])
    with pytest.raises(CamelLineError, match="1 to 3 camels, not 4"):
        check_camel_line(BASE, line(*MK4), max_camels=3)


def test_line_on_a_river_refused_s6() -> None:
    with pytest.raises(CamelLineError, match="already a border"):
        check_camel_line(BASE, line("4,5|4,6"))


def test_line_on_existing_camels_refused_s6() -> None:
    after = check_camel_line(BASE, line(*MK4)).after
    with pytest.raises(CamelLineError, match="already a border"):
        check_camel_line(after, line(*MK4))


def test_line_along_water_refused_s6() -> None:
    with pytest.raises(CamelLineError, match="touches water"):
        check_camel_line(BASE, line("5,1|5,2"))


def test_line_in_two_regions_refused_s6() -> None:
    with pytest.raises(CamelLineError, match="same region"):
        check_camel_line(BASE, line("3,0|4,0", "3,5|3,6"))


def test_broken_line_refused_s6() -> None:
    with pytest.raises(CamelLineError, match="do not meet"):
        check_camel_line(BASE, line("3,0|4,0", "4,1|4,2"))
    with pytest.raises(CamelLineError, match="do not meet"):
        check_camel_line(BASE, line("3,0|4,0", "3,1|4,0", "4,1|4,2"))
    with pytest.raises(CamelLineError, match="each edge once"):
        check_camel_line(BASE, line("3,0|4,0", "3,0|4,0"))


def test_line_not_reaching_a_border_refused_s6() -> None:
    # a camel between (7,6) and (7,7), deep inside the East: both ends are inside the region
    with pytest.raises(CamelLineError, match="border to border"):
        check_camel_line(BASE, line("7,6|7,7"))
    # the first three camels of the MK-4p line stop inside the West
    with pytest.raises(CamelLineError, match="border to border"):
        check_camel_line(BASE, line(*MK4[:3]))


def test_line_closing_on_itself_refused_s6() -> None:
    around = [B.edge(hx("7,6"), y) for y in B.neighbour_in[hx("7,6")]]  # its 6 sides, clockwise
    with pytest.raises(CamelLineError, match="cross or touch itself"):
        check_camel_line(BASE, around)


def test_line_touching_a_border_midway_refused_s6() -> None:
    # a stray camel (not a legal line) between (0,1) and (0,2) makes an inside vertex a border;
    # a line through that vertex would be two lines
    spur = B.regions_with_camels([edge("0,1|0,2")])
    assert spur.num_regions == 3
    with pytest.raises(CamelLineError, match="midway"):
        check_camel_line(spur, line("0,1|1,1", "0,1|1,2", "0,2|1,2", "0,2|0,3"))


def test_line_on_unknown_edge_refused_s6() -> None:
    with pytest.raises(CamelLineError, match="not an edge"):
        check_camel_line(BASE, [B.num_edges])


# --- offering only valid continuations, edge by edge ---------------------------------------


def test_every_offered_edge_leads_to_a_valid_line_and_every_valid_line_is_offered_s6() -> None:
    reached = walk_all(BASE)
    assert reached == set(camel_lines(BASE))
    assert reached
    for t in reached:
        split = check_camel_line(BASE, t)
        sizes = [split.after.land_count[p] for p in split.parts]
        assert min(sizes) >= MIN_REGION_LAND
        assert sum(sizes) == BASE.land_count[split.parent]


def test_first_edges_start_on_a_border_s6() -> None:
    interior = BASE._interior_of()
    for e in camel_continuations(BASE, []):
        v0, v1 = B.edge_vertices[e]
        assert interior[v0] < 0 or interior[v1] < 0
    assert edge("3,0|4,0") in camel_continuations(BASE, [])
    assert edge("7,6|7,7") not in camel_continuations(BASE, [])  # inside the East
    assert edge("1,0|2,0") not in camel_continuations(BASE, [])  # would only cut off (1,0)


def test_continuations_follow_the_line_s6() -> None:
    prefix = line(*MK4[:2])
    options = camel_continuations(BASE, prefix)
    assert edge(MK4[2]) in options
    for e in options:
        assert set(B.edge_vertices[e]) & set(B.edge_vertices[prefix[-1]])
    assert camel_continuations(BASE, line(*MK4)) == []  # complete: nothing more
    assert camel_continuations(BASE, line("7,6|7,7")) == []  # not the start of a line


def test_continuations_respect_the_camels_left_s6() -> None:
    short = walk_all(BASE, max_camels=3)
    assert short == {t for t in camel_lines(BASE) if len(t) <= 3}
    assert short and all(len(t) <= 3 for t in short)
    assert camel_continuations(BASE, [], max_camels=0) == []
    assert not camel_line_is_complete(BASE, line(*MK4), max_camels=3)
    # once 3 camels are down and only 3 are allowed, nothing more is offered
    assert camel_continuations(BASE, line(*MK4[:3]), max_camels=3) == []


def test_small_regions_cannot_be_split_s6() -> None:
    # MiddleKingdom-5p regions: 22, 14, 16, 18, 12; a second split of the 14 into 6 + 8
    first = check_camel_line(BASE, line(*MK4)).after

    def size_cut(t: tuple[int, ...]) -> int:
        return first.land_count[first.region_of[B.edge_hexes[t[0]][0]]]

    lines14 = [t for t in camel_lines(first) if size_cut(t) == 14]
    assert lines14
    after = check_camel_line(first, lines14[0]).after
    small = [r for r in range(after.num_regions) if after.land_count[r] < 2 * MIN_REGION_LAND]
    assert small
    for t in camel_lines(after):
        r = after.region_of[B.edge_hexes[t[0]][0]]
        assert after.land_count[r] >= 2 * MIN_REGION_LAND


def test_check_and_enumeration_agree_on_random_lines_s6() -> None:
    """Random walks along edges: check_camel_line accepts exactly the enumerated lines."""
    valid = set(camel_lines(BASE))
    rng = Rng(2024)
    accepted = 0
    for _ in range(3000):
        e = rng.below(B.num_edges)
        v = B.edge_vertices[e][rng.below(2)]
        path = [e]
        for _ in range(rng.below(MAX_CAMELS_PER_LINE + 1)):
            v = B.other_vertex(path[-1], v)
            nxt = [f for f in B.vertex_edges[v] if f != path[-1]]
            if not nxt:
                break
            path.append(rng.choice(nxt))
        try:
            check_camel_line(BASE, path)
        except CamelLineError:
            assert tuple(path) not in valid
        else:
            assert tuple(path) in valid
            accepted += 1
    assert accepted > 0


def test_north_region_lines_keep_the_delta_fertile_s6() -> None:
    north = BASE.region_of[hx("0,1")]
    lines = [t for t in camel_lines(BASE) if BASE.region_of[B.edge_hexes[t[0]][0]] == north]
    assert lines
    for t in lines:
        split = check_camel_line(BASE, t)
        assert split.parent == north
        for p in split.parts:
            assert split.after.counts(p)[1] == 0  # all fertile


def test_map_edge_water_and_rivers_are_borders_s6() -> None:
    interior = BASE._interior_of()
    river_vertices = {v for e in B.rivers for v in B.edge_vertices[e]}
    for v in range(B.num_vertices):
        hs = B.vertex_hexes[v]
        border = len(hs) < 3 or any(not B.is_land[h] for h in hs) or v in river_vertices
        assert (interior[v] == -1) == border
    lake = hexes("5,2", "6,2", "6,3")
    assert all(interior[v] == -1 for v in range(B.num_vertices) if lake & set(B.vertex_hexes[v]))


@pytest.mark.parametrize(("name", "players"), [("middle-kingdom", 5), ("old-kingdom", 3), ("old-kingdom", 5)])
def test_random_caravans_keep_every_region_valid_s6(name: str, players: int) -> None:
    """Three Camel Caravans (events 5, 9, 13 of §6) laid edge by edge from the offered
    continuations, on every scenario start: each adds exactly one region, no land is lost,
    both new parts have at least 6 land hexes, water still belongs to the regions it touches."""
    start = load_scenario(name, players).regions
    for seed in range(25):
        rng = Rng(seed)
        regions = start
        for _ in range(3):
            prefix: list[int] = []
            while not camel_line_is_complete(regions, prefix):
                options = camel_continuations(regions, prefix)
                if not options:
                    break
                prefix.append(rng.choice(options))
            if not prefix:
                break  # no region is big enough any more
            split = check_camel_line(regions, prefix)
            after = split.after
            assert after.num_regions == regions.num_regions + 1
            assert sum(after.land_count) == 82
            assert min(after.land_count[p] for p in split.parts) >= MIN_REGION_LAND
            for w in B.water:  # camels stand between land hexes only: water sides stay open
                touching = {after.region_of[y] for y in B.neighbours[w] if B.is_land[y]}
                assert set(after.hex_regions[w]) == touching
            regions = after
            # a border vertex never has two free sides, so "ends at the first border" never
            # cuts a line short (docs/rules-coverage-ankh.md, open question 3)
            interior = regions._interior_of()
            for v in range(B.num_vertices):
                if interior[v] < 0:
                    free = [
                        e
                        for e in B.vertex_edges[v]
                        if not regions.is_blocked(e) and all(B.is_land[h] for h in B.edge_hexes[e])
                    ]
                    assert len(free) <= 1
        assert regions.num_regions <= start.num_regions + 3
