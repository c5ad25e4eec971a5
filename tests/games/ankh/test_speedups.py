"""Behaviour of the Ankh speed-ups (issue 15): one shared region map (and camel-line index) per set of camels."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from netjer.core import Rng
from netjer.games.ankh import actions, battle
from netjer.games.ankh.base import BOARD, hexes_holding
from netjer.games.ankh.board import (
    CamelLineError,
    RegionMap,
    _LazyLines,
    _line_index,
    _LineIndex,
    _region_lines,
    _RegionLines,
    _split_map,
    camel_lines,
    check_camel_line,
    region_map,
)
from netjer.games.ankh.pieces import ANDROSPHINX, GOD
from netjer.games.ankh.rules_queries import controllers, figure_strength, god_figure_strength
from netjer.games.ankh.state import AnkhState
from netjer.games.registry import make_game


def test_region_maps_are_shared_per_set_of_camels() -> None:
    line = camel_lines(BOARD.base)[0]
    split = check_camel_line(BOARD.base, line)
    assert split.after is region_map(BOARD, frozenset(line))
    assert split.after is BOARD.regions_with_camels(reversed(line))
    assert split.after.camels == frozenset(line) and split.after.blocked == BOARD.rivers | frozenset(line)
    assert region_map(BOARD, frozenset()).regions == BOARD.base.regions


def _map_fields(rm: RegionMap) -> tuple[object, ...]:
    return (
        rm.blocked,
        rm.camels,
        rm._blocked_mask,
        rm.region_of,
        rm.regions,
        rm.land_count,
        rm.hex_regions,
        rm.adjacent,
        rm._interior_of(),
        tuple(rm.hexes_with_water(r) for r in range(rm.num_regions)),
    )


def test_a_split_map_derived_from_the_map_before_equals_one_built_from_scratch_s6_s8_1() -> None:
    rnd = random.Random(3)
    splits = 0
    for _ in range(25):
        regions = BOARD.base
        for _ in range(rnd.randint(1, 5)):
            lines = camel_lines(regions)
            if not lines:
                break
            line = rnd.choice(lines)
            r = regions.region_of[BOARD.edge_hexes[line[0]][0]]
            derived = _split_map(regions, r, line)
            built = RegionMap(BOARD, regions.blocked | frozenset(line), regions.camels | frozenset(line))
            assert _map_fields(derived) == _map_fields(built)
            # Without the map's camel-line index the parts are flooded afresh: the same map.
            unindexed = RegionMap(BOARD, regions.blocked, regions.camels)
            assert _map_fields(_split_map(unindexed, r, line)) == _map_fields(built)
            # The index derived from the map before (only the two parts indexed anew) is the
            # one built from scratch: the same region keys, a region's lines for the same ones.
            index = _line_index(derived)
            fresh = _LineIndex(built)
            assert index.keys == fresh.keys
            assert [x is None for x in index.lazy] == [x is None for x in fresh.lazy]
            regions = check_camel_line(regions, line).after
            assert _map_fields(regions) == _map_fields(built)
            splits += 1
    assert splits > 60
    # A line cut short leaves one part: refused (the callers check the line first).
    line = next(t for t in camel_lines(BOARD.base) if len(t) >= 3)
    r = BOARD.base.region_of[BOARD.edge_hexes[line[0]][0]]
    with pytest.raises(ValueError, match="does not cut"):
        _split_map(RegionMap(BOARD, BOARD.rivers, frozenset()), r, line[:-1])


def test_a_derived_index_keys_its_parts_as_a_fresh_one_with_blocked_sides_inside_regions_s6() -> None:
    # The base map's regions hold no blocked side inside them; two dangling blocked sides
    # (both ends inside a region) make the cut region's inner blocked sides, from which the
    # derived index takes its parts' keys, non-empty.
    inside = BOARD.base._interior_of()
    dangling = [e for e in range(BOARD.num_edges) if all(inside[v] >= 0 for v in BOARD.edge_vertices[e])]
    rnd = random.Random(5)
    checked = with_inner = 0
    for _ in range(12):
        extra = frozenset(rnd.sample(dangling, 2))
        regions = RegionMap(BOARD, BOARD.rivers | extra, extra)
        for _ in range(rnd.randint(1, 3)):
            lines = camel_lines(regions)
            if not lines:
                break
            after = check_camel_line(regions, rnd.choice(lines)).after
            keys = _line_index(after).keys
            assert keys == _LineIndex(RegionMap(BOARD, after.blocked, after.camels)).keys
            with_inner += sum(1 for key in keys if key is not None and key[1])
            checked += 1
            regions = after
    assert checked > 15 and with_inner > 10


def test_a_line_the_index_knows_is_checked_as_without_the_index_s6() -> None:
    rnd = random.Random(4)
    for _ in range(10):
        line = rnd.choice(camel_lines(BOARD.base))
        fresh = RegionMap(BOARD, BOARD.rivers, frozenset())  # no line index yet: every check runs
        slow = check_camel_line(fresh, line)
        fast = check_camel_line(BOARD.base, line)  # its index was built by camel_lines
        assert BOARD.base._lines is not None and fresh._lines is None
        assert (slow.parent, slow.parts, slow.renumber) == (fast.parent, fast.parts, fast.renumber)
        assert slow.line == fast.line == line
        assert _map_fields(slow.after) == _map_fields(fast.after)
    with pytest.raises(CamelLineError):
        check_camel_line(BOARD.base, line, max_camels=len(line) - 1)


def _end_vertex(line: tuple[int, ...]) -> int:
    """The vertex where ``line`` (two or more edges) ends: its last edge's vertex not shared
    with the edge before."""
    shared = set(BOARD.edge_vertices[line[-2]]) & set(BOARD.edge_vertices[line[-1]])
    (end,) = set(BOARD.edge_vertices[line[-1]]) - shared
    return end


def _large_regions(rnd: random.Random, walks: int) -> Iterator[tuple[RegionMap, int]]:
    """``(regions, r)`` for every region of at least 12 land hexes on ``walks`` walks of 1-4
    region maps from the base map, each next map after a camel line drawn with ``rnd`` (which
    the caller may draw from between two answers)."""
    for _ in range(walks):
        regions = BOARD.base
        for _ in range(rnd.randint(1, 4)):
            for r in range(regions.num_regions):
                if regions.land_count[r] >= 12:
                    yield regions, r
            lines = camel_lines(regions)
            if not lines:
                break
            regions = check_camel_line(regions, rnd.choice(lines)).after


def test_the_prefix_table_of_a_region_s_lines_follows_from_its_complete_lines_s6() -> None:
    """Each prefix of a valid line maps to its shortest valid completion and its end vertex,
    and nothing else is a prefix (the table is filled as the walk returns, not line by line)."""
    rnd = random.Random(5)
    regions_checked = 0
    for regions, r in _large_regions(rnd, 6):
        data = _region_lines(regions, r)
        shortest: dict[tuple[int, ...], int] = {}
        for t in data.complete:
            for i in range(1, len(t) + 1):
                shortest[t[:i]] = min(shortest.get(t[:i], len(t)), len(t))
        assert {p: n for p, (n, _v) in data.prefixes.items()} == shortest
        for p, (_n, v) in data.prefixes.items():
            if len(p) >= 2:
                assert v == _end_vertex(p)
            else:
                assert v in BOARD.edge_vertices[p[0]]
        regions_checked += 1
    assert regions_checked > 20


def _enumerated_continuations(data: _RegionLines, t: tuple[int, ...], limit: int) -> list[int]:
    """``camel_continuations`` as it was answered from the enumeration's prefix table."""
    info = data.prefixes.get(t)
    if info is None or len(t) >= limit:
        return []
    out = []
    for e in BOARD.vertex_edges[info[1]]:
        nxt = data.prefixes.get((*t, e))
        if nxt is not None and nxt[0] <= limit:
            out.append(e)
    return sorted(out)


def test_the_lines_found_on_demand_are_those_of_the_enumeration_s6() -> None:
    """A region's lines found as they are asked for (``_LazyLines``, what the engine asks)
    give the enumeration's answers for every prefix, in any order of questions and camel
    limits: first edges, continuations, complete lines; a non-walk has none."""
    rnd = random.Random(6)
    regions_checked = 0
    for regions, r in _large_regions(rnd, 5):
        data = _region_lines(regions, r)
        lazy = _LazyLines(regions, r)  # a fresh one: nothing learnt yet
        prefixes = list(data.prefixes)
        rnd.shuffle(prefixes)
        junk = [t[::-1] for t in prefixes[:40] if len(t) > 1] + [(e,) for e in range(0, BOARD.num_edges, 7)]
        limits = [6, 3, 5, 1, 4, 2]
        rnd.shuffle(limits)
        for limit in limits:
            first = sorted(e for e in data.first if data.prefixes[(e,)][0] <= limit)
            assert lazy.starts(limit) == first
            for t in prefixes + junk:
                assert lazy.continuations(t, limit) == _enumerated_continuations(data, t, limit), t
        for _ in range(2):  # the second time from what was kept
            for t in prefixes + junk:
                assert lazy.is_complete(t) == (t in data.complete)
        for t in prefixes[:100]:  # again, from the answers kept
            assert lazy.continuations(t, 6) == _enumerated_continuations(data, t, 6), t
        regions_checked += 1
    assert regions_checked > 15


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_quick_tests_of_a_summon_and_a_move_agree_with_the_lists_s7_3(players: int) -> None:
    # continue_summon / continue_move ask can_summon / can_pick instead of building the lists.
    game = make_game("ankh", {"players": str(players)})
    rng = Rng(players)
    checked = 0
    for seed in range(6):
        state = game.new_initial_state(seed)
        while not state.is_terminal:
            assert isinstance(state, AnkhState)
            assert actions.can_summon(state) == bool(actions.summon_actions(state))
            assert actions.can_pick(state) == bool(actions.move_picks(state))
            assert state.figures_by_god == [hexes_holding(state.figure_owner, g) for g in range(players)]
            assert state.monuments_by_god == [hexes_holding(state.monument_owner, g) for g in range(players)]
            checked += 1
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
    assert checked > 300


@pytest.mark.parametrize("players", [2, 4])
def test_battle_strength_without_an_androsphinx_counts_each_figure_as_figure_strength_does_s10_3(players: int) -> None:
    # battle_strength skips figure_strength when no Androsphinx is in the game (§3: nothing is
    # neutralised); the figures' part must be what figure_strength gives, figure by figure.
    game = make_game("ankh", {"players": str(players)})
    rng = Rng(10 + players)
    checked = 0
    for seed in range(8):
        state = game.new_initial_state(seed)
        while not state.is_terminal:
            assert isinstance(state, AnkhState)
            if state.battle.hexes and ANDROSPHINX not in state.guardian_kind:
                fown = controllers(state)
                for god in state.battle.gods:
                    mine = [h for h in state.battle.hexes if fown[h] == god]
                    god_strength = god_figure_strength(state, god)
                    full = sum(figure_strength(state, h, state.figure[h], god, fown, god_strength) for h in mine)
                    extra = sum(god_strength - 1 for h in mine if state.figure[h] == GOD)
                    assert full == len(mine) + extra
                    assert battle.battle_strength(state, god)[1] == len(mine)
                    checked += 1
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
    assert checked > 50
