"""The terminal drawing of the Ankh map (src/netjer/drawings/ankh_map.py; rules/ankh.md §8.2)."""

from __future__ import annotations

from netjer.drawings.ankh_map import CAMEL_CHAR, CAMEL_STYLE, RIVER_CHAR, RIVER_STYLE, draw_map, map_text
from netjer.games.ankh.board import NE, NW, SE, SW, N, S, load_board
from netjer.games.ankh.scenarios import load_scenario

B = load_board()


def side_chars(edges: frozenset[int]) -> int:
    """Characters a set of edges takes in the drawing: 5 for a N/S side, 2 for a slanted one."""
    total = 0
    for e in edges:
        a, b = B.edge_hexes[e]
        d = B.neighbour_in[a].index(b)
        total += 5 if d in (N, S) else 2
        assert d in (N, NE, SE, S, SW, NW)
    return total


def test_map_drawing_is_ascii_and_shows_every_hex_s8_2() -> None:
    text = map_text(B)
    assert text.isascii()
    for h in range(B.num_hexes):
        assert B.hex_name(h) in text.replace("~", " ")
    assert len(text.splitlines()) == 4 * 10 + 1 + 1  # 10 rows of 4 lines, the bottom sides, legend


def test_rivers_are_drawn_on_their_edges_s8_2() -> None:
    text = map_text(B, legend=False)
    assert text.count(RIVER_CHAR) == side_chars(B.rivers)
    assert CAMEL_CHAR not in text


def test_camels_are_drawn_on_their_edges_s6() -> None:
    s = load_scenario("middle-kingdom", 5)
    text = map_text(B, regions=s.regions, legend=False)
    assert text.count(CAMEL_CHAR) == side_chars(s.regions.camels)
    assert text.count(RIVER_CHAR) == side_chars(B.rivers)


def test_pieces_and_region_labels_are_shown_s8_3() -> None:
    s = load_scenario("middle-kingdom", 2)
    labels = {r: str(t) for r, t in enumerate(s.token_of_region)}
    pieces = {"5,1": "God1", B.hex_at(6, 5): "Tem2"}
    text = map_text(B, regions=s.regions, region_labels=labels, pieces=pieces)
    assert "God1" in text and "Tem2" in text
    lines = text.splitlines()
    # the hex (5,1): its label line is the one below "5,1"
    row = next(i for i, ln in enumerate(lines) if " 5,1 " in ln)
    col = lines[row].index(" 5,1 ")
    assert "God1" in lines[row + 1][col - 1 : col + 8]
    assert "F     3" in text  # a North fertile hex carries token 3


def test_rich_drawing_highlights_rivers_and_owners_s8_2() -> None:
    drawing = draw_map(B, pieces={"4,4": "War1"}, owners={"4,4": 0})
    styles = {str(span.style) for span in drawing.spans}
    assert RIVER_STYLE in styles
    assert any("bright_red" in st for st in styles)  # seat 0's colour on its Warrior
    assert CAMEL_STYLE not in styles
