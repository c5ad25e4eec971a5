"""The board of Ankh: Gods of Egypt: the hex map, regions, adjacency, distance and camel lines.

Rules reference: rules/ankh.md §8 (§8.1 general rules, §8.2 map data) and §6 (Camel Caravan).
The map is a data file (``data/map.json``) validated on load by :func:`validate_map`, so a
corrected map is a data change, not a code change.

Representation (everything is precomputed once per map, as plain tuples of ints):

* Hexes are numbered ``0 .. 100`` in row-major order of their ``(row, col)`` coordinates
  (§8.2).  ``Board.coords[h]`` is ``(row, col)``, ``Board.terrain[h]`` one of
  :data:`FERTILE`, :data:`DESERT`, :data:`WATER`.
* Two hexes that share a side share an *edge*, numbered ``0 .. num_edges-1``
  (``Board.edge_hexes[e]``).  Rivers and camels block edges.
* Each edge has two end points, the corners where three hex positions meet; these are the
  *vertices* (``Board.edge_vertices[e]``) along which a camel line runs (§6).
* A :class:`RegionMap` is the partition of the land into regions for one set of blocked
  edges (rivers plus camels).  It is immutable: clones of a game state share it, and a camel
  caravan makes a new one (:meth:`RegionMap.split`).  Its ``region_of`` and ``adjacent``
  tuples are what the engine's hot path reads.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Final

from mypy_extensions import mypyc_attr

from netjer.core.errors import DataFileError, NetjerError

# --- constants of the rules ---------------------------------------------------------------

#: Terrain kinds (§8.1): the index is the value stored in ``Board.terrain``.
FERTILE, DESERT, WATER = 0, 1, 2
TERRAIN_CODES: Final = "FDW"
TERRAIN_NAMES: Final = ("fertile", "desert", "water")

#: Directions around a hex, clockwise from north (flat-topped hexes, §8.2).
N: Final = 0
NE: Final = 1
SE: Final = 2
S: Final = 3
SW: Final = 4
NW: Final = 5
DIRECTION_NAMES: Final = ("N", "NE", "SE", "S", "SW", "NW")

#: The printed grid (§8.2): rows 0-9, cols 0-10; odd columns sit half a hex lower.
GRID_ROWS, GRID_COLS = 10, 11
#: §8.2: 101 hexes, 43 Fertile, 39 Desert, 19 Water (82 land spaces).
EXPECTED_TERRAIN: Final = {FERTILE: 43, DESERT: 39, WATER: 19}
#: §8.2: 31 river edges.
EXPECTED_RIVER_EDGES: Final = 31
#: §8.2 base regions: name -> (land, fertile, desert).
EXPECTED_BASE_REGIONS: Final = {"West": (32, 11, 21), "East": (28, 10, 18), "North": (22, 22, 0)}

#: §6 Camel Caravan: a line has at most 6 camels ...
MAX_CAMELS_PER_LINE: Final = 6
#: ... and both new regions have at least 6 (land) spaces.
MIN_REGION_LAND: Final = 6
#: §7.3 Move Figures: each figure moves 0 to 3 spaces.
MOVE_RANGE: Final = 3

# Neighbour offsets (d_row, d_col) by column parity, in direction order N..NW (§8.2).
_OFFSETS: Final = (
    ((-1, 0), (-1, 1), (0, 1), (1, 0), (0, -1), (-1, -1)),  # even column
    ((-1, 0), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1)),  # odd column
)
# Corners of a hex centred at (X, Y) in doubled integer coordinates (X = 3 col,
# Y = 2 row + col parity), clockwise from east; the side towards direction d runs from
# corner _SIDE[d][0] to corner _SIDE[d][1].
_CORNERS: Final = ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1))  # E, SE, SW, W, NW, NE
_SIDE: Final = ((4, 5), (5, 0), (0, 1), (1, 2), (2, 3), (3, 4))  # N, NE, SE, S, SW, NW


class CamelLineError(NetjerError, ValueError):
    """A proposed camel line breaks the Camel Caravan rule (rules/ankh.md §6).

    Attributes:
        reason: a sentence for the player saying why.
        rule: the rule's source tag.
    """

    def __init__(self, reason: str, rule: str = "Ankh §6 Camel Caravan") -> None:
        self.reason = reason
        self.rule = rule
        super().__init__(f"{reason} ({rule})")


def _hex_corner_xy(row: int, col: int) -> list[tuple[int, int]]:
    x, y = 3 * col, 2 * row + (col & 1)
    return [(x + dx, y + dy) for dx, dy in _CORNERS]


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)  # compiled: native, and it pickles (Makefile)
class Board:
    """A validated Ankh map with every static index precomputed.

    Build one with :func:`load_board` (the shipped map) or :func:`validate_map` (any data).

    Attributes:
        name: the data file's name (``"base"``).
        title: a human-readable title.
        source: where the data comes from (rules/ankh.md §8.2).
        coords: ``(row, col)`` of each hex, in hex order (row-major).
        terrain: :data:`FERTILE`, :data:`DESERT` or :data:`WATER` per hex.
        land: the land hexes (Fertile or Desert), ascending.
        water: the water hexes, ascending.
        is_land: per hex, True unless Water.
        num_hexes, num_edges, num_vertices: the sizes of the three numberings.
        neighbour_in: ``neighbour_in[h][d]`` is the hex in direction ``d`` (``N .. NW``) or -1.
        neighbours: the hexes sharing a side with ``h``, in direction order (ignoring rivers
            and regions).
        edge_in: ``edge_in[h][d]`` is the edge on side ``d`` of ``h``, or -1 on the map's rim.
        links: ``links[h]`` is the ``(neighbour, edge)`` pairs of ``h``; ``land_links[h]`` the
            same restricted to land neighbours (flood fills read these).
        edge_hexes: the two hexes ``(a, b)``, ``a < b``, on either side of each edge.
        edge_vertices: the two vertex numbers at the ends of each edge.
        vertex_edges: the edges (between two map hexes) meeting at each vertex (0 to 3; fewer
            than 3 only on the map's rim).
        vertex_steps: per vertex, ``(edge, vertex at its other end)`` for each of its
            ``vertex_edges``, in the same order (a camel line's next steps).
        vertex_hexes: the map hexes touching each vertex (1 to 3; fewer than 3 = map edge).
        vertex_xy: each vertex's doubled coordinates (for drawing).
        rivers: the river edges (§8.2).
        region_names: base region name -> a hex of that region (from the data file).
        base: the :class:`RegionMap` of the rivers alone (the 3 base regions, §8.1).
    """

    def __init__(
        self,
        *,
        name: str,
        title: str,
        source: str,
        cells: Sequence[tuple[int, int, int]],
        rivers: Iterable[tuple[int, int]],
        region_names: Mapping[str, int],
    ) -> None:
        """Build the indices; the data must already be valid (see :func:`validate_map`).

        Args:
            name, title, source: descriptive strings.
            cells: ``(row, col, terrain)`` for every hex, in row-major order.
            rivers: river edges as pairs of hex numbers (indices into ``cells``).
            region_names: base region name -> hex number.
        """
        self.name = name
        self.title = title
        self.source = source
        self.coords: tuple[tuple[int, int], ...] = tuple((r, c) for r, c, _ in cells)
        self.terrain: tuple[int, ...] = tuple(t for _, _, t in cells)
        self._index = {rc: h for h, rc in enumerate(self.coords)}
        n = self.num_hexes = len(self.coords)
        self.land: tuple[int, ...] = tuple(h for h in range(n) if self.terrain[h] != WATER)
        self.water: tuple[int, ...] = tuple(h for h in range(n) if self.terrain[h] == WATER)
        self.is_land: tuple[bool, ...] = tuple(t != WATER for t in self.terrain)

        nb_in: list[tuple[int, ...]] = []
        for r, c in self.coords:
            nb_in.append(tuple(self._index.get((r + dr, c + dc), -1) for dr, dc in _OFFSETS[c & 1]))
        self.neighbour_in: tuple[tuple[int, ...], ...] = tuple(nb_in)
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(tuple(x for x in row if x >= 0) for row in nb_in)

        # Vertices: corners identified by their doubled coordinates.
        vertex_of_xy: dict[tuple[int, int], int] = {}
        vertex_hexes: list[list[int]] = []
        hex_corner_vertex: list[list[int]] = []
        for h, (r, c) in enumerate(self.coords):
            ids = []
            for xy in _hex_corner_xy(r, c):
                v = vertex_of_xy.get(xy)
                if v is None:
                    v = vertex_of_xy[xy] = len(vertex_hexes)
                    vertex_hexes.append([])
                vertex_hexes[v].append(h)
                ids.append(v)
            hex_corner_vertex.append(ids)
        self.vertex_xy: tuple[tuple[int, int], ...] = tuple(
            xy for xy, _ in sorted(vertex_of_xy.items(), key=lambda kv: kv[1])
        )
        self.vertex_hexes: tuple[tuple[int, ...], ...] = tuple(tuple(v) for v in vertex_hexes)
        self.num_vertices = len(vertex_hexes)

        # Edges between two map hexes, numbered in (hex, direction) order.
        edge_hexes: list[tuple[int, int]] = []
        edge_vertices: list[tuple[int, int]] = []
        self._edge_of: dict[tuple[int, int], int] = {}
        hex_edge_in: list[list[int]] = [[-1] * 6 for _ in range(n)]
        for a in range(n):
            for d in range(6):
                b = nb_in[a][d]
                if b < 0:
                    continue
                if b > a:
                    e = len(edge_hexes)
                    edge_hexes.append((a, b))
                    c0, c1 = _SIDE[d]
                    edge_vertices.append((hex_corner_vertex[a][c0], hex_corner_vertex[a][c1]))
                    self._edge_of[a, b] = self._edge_of[b, a] = e
                hex_edge_in[a][d] = self._edge_of[a, b]
        self.edge_hexes: tuple[tuple[int, int], ...] = tuple(edge_hexes)
        self.edge_vertices: tuple[tuple[int, int], ...] = tuple(edge_vertices)
        self.num_edges = len(edge_hexes)
        self.edge_in: tuple[tuple[int, ...], ...] = tuple(tuple(row) for row in hex_edge_in)
        vertex_edges: list[list[int]] = [[] for _ in range(self.num_vertices)]
        for e, (v0, v1) in enumerate(edge_vertices):
            vertex_edges[v0].append(e)
            vertex_edges[v1].append(e)
        self.vertex_edges: tuple[tuple[int, ...], ...] = tuple(tuple(v) for v in vertex_edges)
        self.vertex_steps: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple((e, v1 if v == v0 else v0) for e in vertex_edges[v] for v0, v1 in (edge_vertices[e],))
            for v in range(self.num_vertices)
        )
        self.links: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple((nb_in[h][d], hex_edge_in[h][d]) for d in range(6) if nb_in[h][d] >= 0) for h in range(n)
        )
        self.land_links: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple((x, e) for x, e in self.links[h] if self.is_land[x]) for h in range(n)
        )
        # For RegionMap: the links and the neighbours of each hex, by ascending neighbour.
        self._sorted_links: tuple[tuple[tuple[int, int], ...], ...] = tuple(tuple(sorted(lk)) for lk in self.links)
        self._sorted_neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(y for y, _ in lk) for lk in self._sorted_links
        )
        # For RegionMap._interior_of: (vertex, its 3 hexes, its 3 edges) of every vertex
        # with three map hexes around it (the others are on the map's rim).
        self._inner_vertices: tuple[tuple[int, int, int, int, int, int, int], ...] = tuple(
            (v, hs[0], hs[1], hs[2], es[0], es[1], es[2])
            for v, hs, es in zip(range(self.num_vertices), self.vertex_hexes, self.vertex_edges, strict=True)
            if len(hs) == 3
        )

        self.rivers: frozenset[int] = frozenset(self._edge_of[a, b] for a, b in rivers)

        # Movement distance ignores regions, rivers, camels and terrain (§7.3, §8.1).
        dist = [-1] * (n * n)
        for src in range(n):
            base = src * n
            dist[base + src] = 0
            frontier = [src]
            d = 0
            while frontier:
                d += 1
                nxt = []
                for x in frontier:
                    for y in self.neighbours[x]:
                        if dist[base + y] < 0:
                            dist[base + y] = d
                            nxt.append(y)
                frontier = nxt
        self._dist: tuple[int, ...] = tuple(dist)
        self._within: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            tuple(tuple(y for y in range(n) if 0 < dist[h * n + y] <= k) for h in range(n))
            for k in range(MOVE_RANGE + 1)
        )

        # The notations, written once: the log names hexes and edges at most decisions.
        self._hex_names: tuple[str, ...] = tuple(f"{r},{c}" for r, c in self.coords)
        self._edge_names: tuple[str, ...] = tuple(
            f"{self._hex_names[a]}|{self._hex_names[b]}" for a, b in self.edge_hexes
        )
        self.region_names: dict[str, int] = dict(region_names)
        self.base: RegionMap = RegionMap(self, self.rivers, frozenset())

    # --- naming ---------------------------------------------------------------------------

    def hex_at(self, row: int, col: int) -> int:
        """The hex number of ``(row, col)``.

        Raises:
            KeyError: if there is no hex there.
        """
        try:
            return self._index[row, col]
        except KeyError:
            raise KeyError(f"no hex at ({row},{col}) on the Ankh map") from None

    def hex_name(self, h: int) -> str:
        """The notation ``"row,col"`` of hex ``h`` (rules/ankh.md §8.2 coordinates)."""
        return self._hex_names[h]

    def parse_hex(self, text: str) -> int:
        """Read a hex written ``"row,col"`` (spaces and parentheses allowed).

        Raises:
            ValueError: if the text is not two integers or names no hex of the map.
        """
        t = text.strip().strip("()")
        parts = t.split(",")
        if len(parts) != 2:
            raise ValueError(f"not a hex: {text!r} (expected 'row,col')")
        try:
            r, c = int(parts[0]), int(parts[1])
        except ValueError:
            raise ValueError(f"not a hex: {text!r} (expected 'row,col')") from None
        if (r, c) not in self._index:
            raise ValueError(f"no hex at ({r},{c}) on the Ankh map")
        return self._index[r, c]

    def edge(self, a: int, b: int) -> int:
        """The edge between hexes ``a`` and ``b``.

        Raises:
            KeyError: if the two hexes do not share a side.
        """
        try:
            return self._edge_of[a, b]
        except KeyError:
            raise KeyError(f"hexes {self.hex_name(a)} and {self.hex_name(b)} do not share a side") from None

    def edge_name(self, e: int) -> str:
        """The notation ``"r,c|r,c"`` of edge ``e`` (lower hex number first)."""
        return self._edge_names[e]

    def parse_edge(self, text: str) -> int:
        """Read an edge written ``"r,c|r,c"`` (either order).

        Raises:
            ValueError: if a hex is malformed or the two hexes do not share a side.
        """
        left, sep, right = text.partition("|")
        if not sep:
            raise ValueError(f"not an edge: {text!r} (expected 'row,col|row,col')")
        a, b = self.parse_hex(left), self.parse_hex(right)
        e = self._edge_of.get((a, b))
        if e is None:
            raise ValueError(f"{self.hex_name(a)} and {self.hex_name(b)} do not share a side")
        return e

    def other_vertex(self, e: int, v: int) -> int:
        """The end of edge ``e`` that is not ``v``."""
        v0, v1 = self.edge_vertices[e]
        return v1 if v == v0 else v0

    # --- distance (§7.3, §8.1) --------------------------------------------------------------

    def distance(self, a: int, b: int) -> int:
        """Movement distance between two hexes: steps across shared sides, through any hex.

        Movement ignores regions, rivers, camels, water and pieces on the way (rules/ankh.md
        §7.3 Move Figures, §8.1: "Movement ignores regions"); only the end space matters,
        which is the engine's check.
        """
        return self._dist[a * self.num_hexes + b]

    def within(self, h: int, k: int) -> tuple[int, ...]:
        """The hexes at movement distance 1 to ``k`` from ``h``, ascending.

        Args:
            h: a hex.
            k: a distance, 0 to :data:`MOVE_RANGE` (3) precomputed; larger values are computed.
        """
        if k <= MOVE_RANGE:
            return self._within[max(k, 0)][h]
        n = self.num_hexes
        return tuple(y for y in range(n) if 0 < self._dist[h * n + y] <= k)

    # --- regions ----------------------------------------------------------------------------

    def regions_with_camels(self, camels: Iterable[int]) -> RegionMap:
        """The regions once ``camels`` (edges) are blocked besides the rivers (§8.1).

        This does not check the Camel Caravan rule (see :func:`check_camel_line`); it is the
        plain partition, e.g. to rebuild a saved position.
        """
        return region_map(self, frozenset(camels))

    def base_region_name(self, regions: RegionMap, region: int) -> str:
        """The name of the base region (West/East/North) that holds ``region`` of ``regions``."""
        member = regions.regions[region][0]
        base = self.base.region_of[member]
        for name, h in self.region_names.items():
            if self.base.region_of[h] == base:
                return name
        return f"region {region}"  # pragma: no cover - every base region is named (validated)


# Compiled (``make compiled``), a native class; serializable, so that it pickles and a map after
# a camel line can be derived with ``__new__``, without ``__init__`` (as in Python).
@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class RegionMap:
    """The regions of the board for one set of blocked edges (rules/ankh.md §8.1).

    Regions are the connected groups of land hexes once river and camel edges are removed.
    Water hexes belong to no group of their own but to **every** region they touch (§8.1,
    ATOMO/TG): ``hex_regions[w]`` lists them.  Two hexes are *adjacent* when they share an
    unblocked side and a region (``adjacent[h]``): a land hex's neighbours across a river or
    a camel line are not adjacent to it, a water hex is adjacent to every land hex around it.

    Regions are numbered by their lowest hex number, so the numbering depends only on the
    partition.  Instances are immutable and shared between game states.

    Attributes:
        board: the :class:`Board`.
        blocked: the blocked edges (rivers and camels).
        camels: the camel edges among them.
        region_of: the region of each land hex; -1 for water.
        regions: the land hexes of each region, ascending.
        land_count: the number of land hexes of each region.
        hex_regions: the regions of each hex: one for land, the touched ones for water.
        adjacent: the hexes adjacent to each hex, ascending.
    """

    __slots__ = (
        "_blocked_mask",
        "_interior",
        "_lines",
        "_parent_lines",
        "_with_water",
        "adjacent",
        "blocked",
        "board",
        "camels",
        "hex_regions",
        "land_count",
        "region_of",
        "regions",
    )

    def __init__(self, board: Board, blocked: frozenset[int], camels: frozenset[int]) -> None:
        self.board = board
        self.blocked = blocked
        self.camels = camels
        mask = [False] * board.num_edges
        for e in blocked:
            mask[e] = True
        self._blocked_mask: tuple[bool, ...] = tuple(mask)
        region_of = [-1] * board.num_hexes
        regions: list[tuple[int, ...]] = []
        land_links = board.land_links
        for h in board.land:
            if region_of[h] >= 0:
                continue
            rid = len(regions)
            region_of[h] = rid
            members = [h]
            stack = [h]
            while stack:
                x = stack.pop()
                for y, e in land_links[x]:
                    if region_of[y] < 0 and not mask[e]:
                        region_of[y] = rid
                        members.append(y)
                        stack.append(y)
            members.sort()
            regions.append(tuple(members))
        self.region_of: tuple[int, ...] = tuple(region_of)
        self.regions: tuple[tuple[int, ...], ...] = tuple(regions)
        self.land_count: tuple[int, ...] = tuple(len(m) for m in regions)
        hex_regions: list[tuple[int, ...]] = [(r,) for r in region_of]
        for h in board.water:
            touched = {region_of[y] for y, e in land_links[h] if not mask[e]}
            hex_regions[h] = tuple(sorted(touched))
        self.hex_regions: tuple[tuple[int, ...], ...] = tuple(hex_regions)
        # A land hex is adjacent to every hex across an unblocked side: a land neighbour so
        # reached is in its region, a water one touches its region through that side.  A
        # water hex is adjacent to its land neighbours across unblocked sides and to the
        # water hexes across unblocked sides that share one of its regions.
        sorted_links = board._sorted_links
        is_land = board.is_land
        edge_hexes = board.edge_hexes
        near_blocked: set[int] = set()
        for e in blocked:
            near_blocked.update(edge_hexes[e])
        all_near = board._sorted_neighbours
        adjacent: list[tuple[int, ...]] = []
        for h in range(board.num_hexes):
            if is_land[h]:
                if h in near_blocked:
                    adjacent.append(tuple([y for y, e in sorted_links[h] if not mask[e]]))
                else:
                    adjacent.append(all_near[h])
            else:
                mine = hex_regions[h]
                adjacent.append(
                    tuple(
                        [
                            y
                            for y, e in sorted_links[h]
                            if not mask[e] and (is_land[y] or any(r in mine for r in hex_regions[y]))
                        ]
                    )
                )
        self.adjacent: tuple[tuple[int, ...], ...] = tuple(adjacent)
        self._interior: tuple[int, ...] | None = None
        self._lines: _LineIndex | None = None
        #: ``(index, r, pos)`` for :func:`_line_index`, when the map was derived by :func:`_split_map`.
        self._parent_lines: tuple[_LineIndex, int, int] | None = None
        self._with_water: list[tuple[int, ...] | None] = [None] * len(regions)

    @property
    def num_regions(self) -> int:
        """How many regions there are."""
        return len(self.regions)

    def is_adjacent(self, a: int, b: int) -> bool:
        """Whether ``a`` and ``b`` share an unblocked side and a region (§8.1 Adjacency)."""
        return b in self.adjacent[a]

    def is_blocked(self, e: int) -> bool:
        """Whether edge ``e`` carries a river or camels."""
        return self._blocked_mask[e]

    def region_at(self, h: int) -> int:
        """The region of land hex ``h``.

        Raises:
            ValueError: if ``h`` is water (water belongs to several regions: see ``hex_regions``).
        """
        r = self.region_of[h]
        if r < 0:
            raise ValueError(f"{self.board.hex_name(h)} is water and belongs to regions {self.hex_regions[h]}")
        return r

    def hexes_with_water(self, region: int) -> tuple[int, ...]:
        """The land hexes of ``region`` (ascending) followed by the water hexes touching it
        (ascending): the spaces whose figures are in the region (§8.1), computed once per map."""
        found = self._with_water[region]
        if found is None:
            hr = self.hex_regions
            found = self._with_water[region] = self.regions[region] + tuple(
                w for w in self.board.water if region in hr[w]
            )
        return found

    def counts(self, region: int) -> tuple[int, int]:
        """``(fertile, desert)`` land hexes of ``region``."""
        terrain = self.board.terrain
        fertile = sum(1 for h in self.regions[region] if terrain[h] == FERTILE)
        return fertile, self.land_count[region] - fertile

    # --- camel lines (§6) -----------------------------------------------------------------

    def _interior_of(self) -> tuple[int, ...]:
        """Per vertex: the region it lies inside, or -1 if it is on a border.

        A vertex is inside region ``r`` when its three hexes are land hexes of ``r`` and none
        of the three sides between them is blocked.  Every other vertex touches water, the
        map edge, a river, a camel line or another region: a *border* where a camel line may
        start or end (§6, P: "river, water, camel line or map edge at both ends").
        """
        interior = self._interior
        if interior is None:
            out = [-1] * self.board.num_vertices
            ro = self.region_of
            bm = self._blocked_mask
            for v, h0, h1, h2, e0, e1, e2 in self.board._inner_vertices:
                r = ro[h0]
                if r >= 0 and ro[h1] == r and ro[h2] == r and not (bm[e0] or bm[e1] or bm[e2]):
                    out[v] = r
            interior = self._interior = tuple(out)
        return interior

    def split(self, line: Sequence[int]) -> Split:
        """Place a camel line and return the new regions (§6 Camel Caravan).

        Args:
            line: the edges of the line, in order from one end to the other.

        Returns:
            A :class:`Split` describing the region that was cut and its two parts.

        Raises:
            CamelLineError: if the line breaks the rule (see :func:`check_camel_line`).
        """
        return check_camel_line(self, line)


@mypyc_attr(native_class=False)  # compiled, only a plain class unpickles (Makefile)
@dataclass(frozen=True)
class Split:
    """The result of a camel line (rules/ankh.md §6 Camel Caravan).

    Attributes:
        before: the regions before the line.
        after: the regions after it.
        line: the line's edges, in order.
        parent: the region of ``before`` that was cut.
        parts: the two new regions of ``after`` (ascending region numbers).
        renumber: for each region of ``before``, its number in ``after``; -1 for ``parent``.
            The engine uses it to carry Conflict Order tokens over.
    """

    before: RegionMap
    after: RegionMap
    line: tuple[int, ...]
    parent: int
    parts: tuple[int, int]
    renumber: tuple[int, ...]


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)  # compiled: native, and it pickles (Makefile)
class _RegionLines:
    """The valid camel lines of one region (§6), as :func:`_region_lines` enumerates them.

    Attributes:
        complete: the lines (edge tuples in placing order; a line and its reverse are both
            listed, a line may be laid from either end).
        prefixes: each prefix of a valid line -> ``(shortest completion, end vertex)``.
        first: the edges a valid line starts with.
    """

    __slots__ = ("complete", "first", "prefixes")

    def __init__(self, complete: frozenset[tuple[int, ...]], prefixes: dict[tuple[int, ...], tuple[int, int]]) -> None:
        self.complete = complete
        self.prefixes = prefixes
        self.first: frozenset[int] = frozenset(t[0] for t in complete)


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)  # compiled: native, and it pickles (Makefile)
class _LazyLines:
    """The valid camel lines of one region (§6), found as they are asked for.

    Answers what :func:`_region_lines` would enumerate — whether a walk is a valid complete
    line, whether a prefix has a valid completion of at most so many camels, the first edges
    and the continuations of a prefix — without enumerating every line: a question walks
    only the part of the prefix tree it needs, and stops at the first valid line it finds
    (a Camel Caravan asks about the first edges and then only along the line its player
    lays).  What it learns is kept: per prefix, the length of a valid line through it
    (``_found``) and a length below which it has none (``_none_to``); per set of edges,
    whether it cuts the region into two valid parts and the hexes of one of them
    (``_valid``, :meth:`cut_side`: the flood of :func:`_cut_side`, which :func:`_split_map`
    reuses).  tests/games/ankh/test_speedups.py compares every answer with the enumeration.

    A *walk* of the region is what the enumeration walks: a first edge between two land hexes
    of the region, not blocked, starting at a border vertex, then edges through vertices
    inside the region (never one twice), up to :data:`MAX_CAMELS_PER_LINE` edges; it is a
    complete line when it reaches a border again (a single edge whose ends are both on a
    border is one), and a valid line when that line cuts the region into two parts of at
    least :data:`MIN_REGION_LAND` land hexes.

    Args:
        regions: a map holding the region (its number there ``r``); the object may be shared
            with every map where the region appears unchanged (:data:`_LAZY_LINES`): what it
            reads of the map — the region's hexes and inner sides, and whether a vertex of the
            region is on a border — is the same in all of them.
    """

    __slots__ = (
        "_adjacency",
        "_answers",
        "_complete",
        "_edge_hexes",
        "_edge_vertices",
        "_found",
        "_interior",
        "_none_to",
        "_open",
        "_r",
        "_regions",
        "_starts",
        "_steps",
        "_valid",
        "candidates",
    )

    def __init__(self, regions: RegionMap, r: int) -> None:
        board = regions.board
        self._regions, self._r = regions, r
        self._interior = interior = regions._interior_of()
        self._steps = board.vertex_steps
        self._edge_vertices = edge_vertices = board.edge_vertices
        self._edge_hexes = board.edge_hexes
        region_of, mask = regions.region_of, regions._blocked_mask
        self._open = frozenset(
            e for h in regions.regions[r] for y, e in board.land_links[h] if region_of[y] == r and not mask[e]
        )
        #: The open edges with an end on a border: where a line may start, ascending.
        self.candidates: tuple[int, ...] = tuple(
            sorted(e for e in self._open if interior[edge_vertices[e][0]] < 0 or interior[edge_vertices[e][1]] < 0)
        )
        self._adjacency: _RegionGraph | None = None
        self._valid: dict[tuple[int, ...], int] = {}
        self._found: dict[tuple[int, ...], int] = {}
        self._none_to: dict[tuple[int, ...], int] = {}
        self._starts: dict[int, list[int]] = {}
        self._answers: dict[tuple[tuple[int, ...], int], list[int]] = {}
        self._complete: dict[tuple[int, ...], bool] = {}

    def cut_side(self, line: Sequence[int]) -> int:
        """For the complete walk ``line``: the local bit set of hexes (bit ``i`` = the
        region's ``i``-th hex, :class:`_RegionGraph`) of one of the two parts it cuts the
        region into (the side :func:`_cut_side` exhausted first) if both have at least
        :data:`MIN_REGION_LAND` land hexes, else 0 (kept per edge set, a walk and its reverse
        being the one key: :func:`_split_map` reads it for the line just checked instead of
        flooding again)."""
        if not line:
            return 0
        t = tuple(line)
        key = t if t[0] <= t[-1] else t[::-1]  # a simple path's edges fix it up to reversal
        bits = self._valid.get(key)
        if bits is None:
            graph = self._adjacency
            if graph is None:
                graph = self._adjacency = _region_adjacency(self._regions, self._r)
            bits = 0
            total = self._regions.land_count[self._r]
            side = _cut_side(graph, self._edge_hexes, key)
            if side is not None and MIN_REGION_LAND <= side[1] <= total - MIN_REGION_LAND:
                bits = side[0]
            self._valid[key] = bits
        return bits

    def walk(self, t: tuple[int, ...]) -> list[int] | None:
        """The vertices of ``t`` from its start if it is a walk of the region, else None."""
        if not 0 < len(t) <= MAX_CAMELS_PER_LINE or t[0] not in self._open:
            return None
        interior = self._interior
        a, b = self._edge_vertices[t[0]]
        if len(t) == 1:
            if interior[a] < 0:
                return [a, b]
            return [b, a] if interior[b] < 0 else None
        following = self._edge_vertices[t[1]]
        if b in following and a not in following:
            verts = [a, b]
        elif a in following and b not in following:
            verts = [b, a]
        else:
            return None
        if interior[verts[0]] >= 0:
            return None
        steps = self._steps
        for e in t[1:]:
            v = verts[-1]
            if interior[v] < 0:
                return None  # the line ended on a border before this edge
            w = next((x for f, x in steps[v] if f == e), -1)
            if w < 0 or w in verts:
                return None
            verts.append(w)
        return verts

    def is_complete(self, t: tuple[int, ...]) -> bool:
        """Whether ``t`` is a valid complete line of the region (``t in complete``; kept)."""
        ok = self._complete.get(t)
        if ok is None:
            verts = self.walk(t)
            ok = self._complete[t] = verts is not None and self._interior[verts[-1]] < 0 and self.cut_side(t) != 0
        return ok

    def _search(self, path: list[int], verts: list[int], limit: int) -> int:
        """The length of a valid line of at most ``limit`` edges through the walk ``path``
        (its vertices ``verts``, the last inside the region), or ``limit + 1`` if there is
        none; stops at the first one found.  ``path`` and ``verts`` are restored."""
        t = tuple(path)
        found = self._found.get(t)
        if found is not None and found <= limit:
            return found
        if self._none_to.get(t, 0) > limit:
            return limit + 1
        interior = self._interior
        last = path[-1]
        n = len(path) + 1
        v = verts[-1]
        for e, w in self._steps[v]:  # an inside vertex: its 3 edges are open edges of the region
            if e == last or w in verts:
                continue
            path.append(e)
            if interior[w] < 0:
                length = n if self.cut_side(path) else limit + 1
            elif n < limit:
                verts.append(w)
                length = self._search(path, verts, limit)
                verts.pop()
            else:
                length = limit + 1
            path.pop()
            if length <= limit:
                if found is None or length < found:
                    self._found[t] = length
                return length
        self._none_to[t] = limit + 1
        return limit + 1

    def reaches(self, t: tuple[int, ...], verts: list[int], limit: int) -> bool:
        """Whether the walk ``t`` (vertices ``verts``) is, or leads to, a valid line of at
        most ``limit`` edges (``prefixes[t][0] <= limit`` of the enumeration)."""
        if self._interior[verts[-1]] < 0:
            return len(t) <= limit and self.cut_side(t) != 0
        return len(t) < limit and self._search(list(t), verts[:], limit) <= limit

    def starts(self, max_camels: int) -> list[int]:
        """The first edges of the valid lines of at most ``max_camels`` edges, ascending (kept
        per limit; the caller must not change the list)."""
        out = self._starts.get(max_camels)
        if out is None:
            limit = min(max_camels, MAX_CAMELS_PER_LINE)
            out = []
            for e in self.candidates:
                verts = self.walk((e,))
                if verts is not None and self.reaches((e,), verts, limit):
                    out.append(e)
            self._starts[max_camels] = out
        return out

    def continuations(self, t: tuple[int, ...], max_camels: int) -> list[int]:
        """The edges extending the walk ``t`` towards a valid line of at most ``max_camels``
        edges, ascending (empty if ``t`` is no walk, is complete or is that long already);
        a new list, the answer being kept per prefix and limit."""
        key = (t, max_camels)
        out = self._answers.get(key)
        if out is None:
            out = self._answers[key] = self._continuations(t, max_camels)
        return out[:]

    def _continuations(self, t: tuple[int, ...], max_camels: int) -> list[int]:
        limit = min(max_camels, MAX_CAMELS_PER_LINE)
        verts = self.walk(t)
        if verts is None or len(t) >= limit:
            return []
        end = verts[-1]
        if self._interior[end] < 0:
            return []
        out = []
        last = t[-1]
        for e, w in self._steps[end]:
            if e == last or w in verts:
                continue
            verts.append(w)
            if self.reaches((*t, e), verts, limit):
                out.append(e)
            verts.pop()
        out.sort()
        return out


#: The valid lines of one region, keyed by what they depend on: the region's land hexes and
#: the blocked edges between them.  A region untouched by a split keeps its lines, so after a
#: Camel Caravan only the two new parts are asked about anew (process-wide caches, bounded):
#: :data:`_LAZY_LINES` for the engine's questions, :data:`_REGION_LINES` for the complete
#: enumeration (:func:`camel_lines`).
_LAZY_LINES: Final[dict[tuple[tuple[int, ...], frozenset[int]], _LazyLines]] = {}
_REGION_LINES: Final[dict[tuple[tuple[int, ...], frozenset[int]], _RegionLines]] = {}
_REGION_LINES_MAX: Final = 4096


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)  # compiled: native, and it pickles (Makefile)
class _LineIndex:
    """The valid camel lines of one :class:`RegionMap` (§6).

    ``lazy[r]`` answers the questions about region ``r``'s lines (:class:`_LazyLines`;
    ``None`` for a region too small to be cut), :meth:`full` enumerates them all.  A line
    never leaves its region, so a line or prefix is looked up in the region of its first
    edge (:meth:`lookup`).  A region's answers are shared through :data:`_LAZY_LINES` and
    :data:`_REGION_LINES` by every map where that region appears unchanged.
    """

    __slots__ = ("_regions", "_starts", "edge_hexes", "keys", "lazy", "region_of")

    def __init__(self, regions: RegionMap, parent: tuple[_LineIndex, int, int] | None = None) -> None:
        """Index the regions of ``regions``.  ``parent``: ``(index, r, pos)`` when ``regions``
        is the map of ``index``'s map after a line cut its region ``r`` into the regions
        ``r`` and ``pos`` of ``regions`` (:func:`_split_map`): every other region is the same
        (same hexes and inner sides), so its entries are taken over, renumbered as
        :func:`_split_map` does, and only the two parts are indexed anew."""
        board = regions.board
        mask = regions._blocked_mask
        self._regions = regions
        self.region_of = regions.region_of
        self.edge_hexes = board.edge_hexes
        todo: Iterable[int]
        # The blocked sides inside the region that was cut: a part's inner blocked sides are
        # among them (each edge of the line has one hex in each part, see below).
        parent_blocked: frozenset[int] | None = None
        if parent is None:
            self.lazy: list[_LazyLines | None] = [None] * regions.num_regions
            self.keys: list[tuple[tuple[int, ...], frozenset[int]] | None] = [None] * regions.num_regions
            todo = range(regions.num_regions)
        else:
            before, cut, pos = parent
            self.lazy = [*before.lazy[:cut], None, *before.lazy[cut + 1 : pos], None, *before.lazy[pos:]]
            self.keys = [*before.keys[:cut], None, *before.keys[cut + 1 : pos], None, *before.keys[pos:]]
            todo = (cut, pos)
            cut_key = before.keys[cut]
            if cut_key is not None:
                parent_blocked = cut_key[1]
        edge_hexes = board.edge_hexes
        for r in todo:
            members = regions.regions[r]
            if regions.land_count[r] < 2 * MIN_REGION_LAND:
                continue  # cannot leave two parts of MIN_REGION_LAND
            inside = set(members)
            if parent_blocked is not None:
                # A line cutting a region in two leaves each of its edges between the parts:
                # at each inner vertex of the line the third side joins the two hexes on one
                # side, so the hexes along each side are connected, and the two sides are
                # in different parts.  So a part's inner blocked sides are the cut region's
                # with both hexes in the part (test_speedups.py compares the keys).
                blocked = frozenset(
                    e for e in parent_blocked if edge_hexes[e][0] in inside and edge_hexes[e][1] in inside
                )
            else:
                blocked = frozenset(e for h in members for y, e in board.land_links[h] if mask[e] and y in inside)
            key = self.keys[r] = (members, blocked)
            data = _LAZY_LINES.get(key)
            if data is None:
                data = _LazyLines(regions, r)
                if len(_LAZY_LINES) >= _REGION_LINES_MAX:
                    _LAZY_LINES.clear()
                _LAZY_LINES[key] = data
            self.lazy[r] = data
        self._starts: dict[int, list[int]] = {}

    def full(self, r: int) -> _RegionLines | None:
        """Every valid line of region ``r`` (:func:`_region_lines`, enumerated once per region
        and shared), or ``None`` for a region too small to be cut."""
        key = self.keys[r]
        if key is None:
            return None
        data = _REGION_LINES.get(key)
        if data is None:
            data = _region_lines(self._regions, r)
            if len(_REGION_LINES) >= _REGION_LINES_MAX:
                _REGION_LINES.clear()
            _REGION_LINES[key] = data
        return data

    def starts(self, max_camels: int) -> list[int]:
        """The first edges of the valid lines of at most ``max_camels`` camels, ascending
        (computed once per camel limit; the caller must not change the list)."""
        out = self._starts.get(max_camels)
        if out is None:
            out = sorted(e for data in self.lazy if data is not None for e in data.starts(max_camels))
            self._starts[max_camels] = out
        return out

    def lookup(self, line: tuple[int, ...]) -> _LazyLines | None:
        """The lines of the region where ``line`` (non-empty) starts, or ``None`` if its first
        edge is no edge of the map or touches no region that can be cut."""
        e = line[0]
        if not 0 <= e < len(self.edge_hexes):
            return None
        r = self.region_of[self.edge_hexes[e][0]]
        return self.lazy[r] if r >= 0 else None


def _region_lines(regions: RegionMap, r: int) -> _RegionLines:
    """The valid camel lines cutting region ``r`` and their prefixes (see :class:`_RegionLines`)."""
    complete: list[tuple[int, ...]] = []
    prefixes: dict[tuple[int, ...], tuple[int, int]] = {}
    board = regions.board
    interior = regions._interior_of()
    region_of = regions.region_of
    mask = regions._blocked_mask
    vertex_steps = board.vertex_steps
    # Edges a camel may stand on first: between two land hexes of r, not yet blocked.
    open_edge = [False] * board.num_edges
    for h in regions.regions[r]:
        for y, e in board.land_links[h]:
            if region_of[y] == r and not mask[e]:
                open_edge[e] = True
    valid: dict[frozenset[int], bool] = {}  # a line and its reverse cut the same way
    adjacency = _region_adjacency(regions, r)

    none = MAX_CAMELS_PER_LINE + 1  # "no valid line through this path"

    def line_ends(path: list[int], v: int) -> int:
        """``path`` reached the border at ``v``: record it if it is a valid line (its length),
        else ``none``."""
        key = frozenset(path)
        ok = valid.get(key)
        if ok is None:
            ok = valid[key] = _split_sizes(regions, r, key, adjacency) is not None
        if not ok:
            return none
        t = tuple(path)
        complete.append(t)
        n = len(t)
        old = prefixes.get(t)
        if old is None or old[0] > n:
            prefixes[t] = (n, v)
        return n

    def extend(path: list[int], verts: list[int]) -> int:
        """Walk on from the end of ``path`` (its vertices ``verts``, from the start; the end is
        inside the region): record the valid lines through it, and ``prefixes[path]`` once
        its subtree is walked.  Returns the length of the shortest valid line through
        ``path``, ``none`` if none.  A step onto the border ends a line at once (no call)."""
        v = verts[-1]
        best = none
        last = path[-1]
        deeper = len(path) + 1 < MAX_CAMELS_PER_LINE
        for e, w in vertex_steps[v]:  # an inside vertex: its 3 edges are open edges of r
            if e == last or w in verts:
                continue
            path.append(e)
            if interior[w] < 0:  # reached a border: the line ends here
                n = line_ends(path, w)
            elif deeper:
                verts.append(w)
                n = extend(path, verts)
                verts.pop()
            else:
                n = none
            path.pop()
            best = min(best, n)
        if best == none:
            return none
        # A prefix of two or more edges is walked once (its edges fix its start); a single
        # edge may be walked from both ends: the first shortest completion is kept.
        t = tuple(path)
        old = prefixes.get(t)
        if old is None or old[0] > best:
            prefixes[t] = (best, v)
        return best

    for v0 in range(board.num_vertices):
        if interior[v0] >= 0:
            continue
        for e1, w1 in vertex_steps[v0]:
            if open_edge[e1]:
                if interior[w1] < 0:
                    line_ends([e1], w1)
                else:
                    extend([e1], [v0, w1])
    return _RegionLines(frozenset(complete), prefixes)


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)  # compiled: native, and it pickles (Makefile)
class _RegionGraph:
    """Region ``r``'s land hexes and the unblocked sides between them: the graph a camel line
    cuts (see :func:`_split_sizes`), numbered inside the region.

    Local hex ``i`` is ``members[i]`` (the region's hexes ascending, so local order is map
    order), and a set of the region's hexes is an int whose bit ``i`` is local hex ``i``.  A
    region has at most a few dozen hexes, so these sets stay machine-word ints; a set by map
    hex number (up to 100) is a Python long, whose every operation allocates (the floods of
    :func:`_cut_side` were about a tenth of a compiled random game that way).

    Attributes:
        members: the region's land hexes, ascending.
        local: per map hex, its local number, or -1 outside the region.
        adjacency: per local hex, the bit set of its neighbours in the region across an
            unblocked side.
    """

    __slots__ = ("adjacency", "local", "members")

    def __init__(self, regions: RegionMap, r: int) -> None:
        mask = regions._blocked_mask
        land_links = regions.board.land_links
        self.members: tuple[int, ...] = regions.regions[r]
        local = [-1] * regions.board.num_hexes
        for i, h in enumerate(self.members):
            local[h] = i
        adjacency = [0] * len(self.members)
        for i, h in enumerate(self.members):
            bits = 0
            for y, e in land_links[h]:
                j = local[y]
                if j >= 0 and not mask[e]:
                    bits |= 1 << j
            adjacency[i] = bits
        self.local: list[int] = local
        self.adjacency: list[int] = adjacency


def _region_adjacency(regions: RegionMap, r: int) -> _RegionGraph:
    """Region ``r``'s graph (:class:`_RegionGraph`): what a camel line cuts (see :func:`_split_sizes`)."""
    return _RegionGraph(regions, r)


def _cut_side(
    graph: _RegionGraph, edge_hexes: Sequence[tuple[int, int]], line: Collection[int]
) -> tuple[int, int] | None:
    """One side of a region cut by a camel line: ``(hexes, size)``, the local bit set (bit
    ``i`` = ``graph.members[i]``) of a part left by the cut and its number of land hexes;
    ``None`` if the cut leaves one part.

    ``graph`` is the region's :class:`_RegionGraph`; ``line`` a non-empty simple path of open
    edges of the region from border to border whose inner vertices are inside it (see
    :func:`_split_sizes`: such a cut leaves one or two parts).  The two sides of the line's
    lowest edge are flooded in turn until one side is exhausted (its part is complete; the
    other part is the rest of the region) or the floods meet (one part): the cost is about
    twice the smaller part.
    """
    cut = graph.adjacency.copy()
    local = graph.local
    for e in line:
        x, y = edge_hexes[e]
        i, j = local[x], local[y]
        cut[i] &= ~(1 << j)
        cut[j] &= ~(1 << i)
    a, b = edge_hexes[min(line)]
    la, lb = local[a], local[b]
    seen_a, seen_b = 1 << la, 1 << lb
    size_a = size_b = 1
    stack_a, stack_b = [la], [lb]
    while True:
        if not stack_a:
            return seen_a, size_a
        nb = cut[stack_a.pop()] & ~seen_a
        if nb:
            if nb & seen_b:
                return None  # the two sides meet: one part
            seen_a |= nb
            while nb:
                low = nb & -nb
                stack_a.append(low.bit_length() - 1)
                size_a += 1
                nb ^= low
        if not stack_b:
            return seen_b, size_b
        nb = cut[stack_b.pop()] & ~seen_b
        if nb:
            if nb & seen_a:
                return None
            seen_b |= nb
            while nb:
                low = nb & -nb
                stack_b.append(low.bit_length() - 1)
                size_b += 1
                nb ^= low


def _split_sizes(
    regions: RegionMap,
    r: int,
    line: frozenset[int],
    adjacency: _RegionGraph | None = None,
) -> tuple[int, int] | None:
    """Land sizes of the two parts of region ``r`` cut by ``line``, if it makes two parts of
    at least :data:`MIN_REGION_LAND` each; ``None`` otherwise.  The first size is that of the
    part holding the region's lowest hex.  ``adjacency``: the region's
    :func:`_region_adjacency`, when the caller tests many lines of one region.

    ``line`` must be a simple path of open edges of ``r`` from border to border whose inner
    vertices are inside ``r`` (both callers ensure it).  Such a cut leaves at most two parts:
    in the plane, it is a simple arc whose inside meets no face of the region's graph twice,
    so removing it adds at most one component (the bond/cycle duality of plane graphs).  The
    two sides of one of its edges are flooded in turn (:func:`_cut_side`): the cost is about
    twice the smaller part, not the whole region.
    """
    if adjacency is None:
        adjacency = _region_adjacency(regions, r)
    members = regions.regions[r]
    total = len(members)
    if total < 2 * MIN_REGION_LAND or not line:
        return None
    side = _cut_side(adjacency, regions.board.edge_hexes, line)
    if side is None:
        return None  # the two sides meet: one part
    done, size = side
    if size < MIN_REGION_LAND or total - size < MIN_REGION_LAND:
        return None
    if done & 1:  # the flooded side holds local hex 0, the region's lowest
        return size, total - size
    return total - size, size


#: Region maps by the camel edges on the board (the rivers are the board's): one map, and so
#: one camel-line index, per set of camels, shared by every game and search of the process
#: (a process-wide cache, bounded; maps are immutable).
_REGION_MAPS: Final[dict[tuple[int, frozenset[int]], RegionMap]] = {}
_REGION_MAPS_MAX: Final = 4096


def region_map(board: Board, camels: frozenset[int]) -> RegionMap:
    """The regions of ``board`` once ``camels`` (edges) are blocked besides its rivers (§8.1),
    built once per set of camels and shared (see :data:`_REGION_MAPS`)."""
    key = (id(board), camels)
    found = _REGION_MAPS.get(key)
    if found is None or found.board is not board:
        if len(_REGION_MAPS) >= _REGION_MAPS_MAX:
            _REGION_MAPS.clear()
        found = _REGION_MAPS[key] = RegionMap(board, board.rivers | camels, camels)
    return found


def _split_map(before: RegionMap, r: int, line: tuple[int, ...]) -> RegionMap:
    """The :class:`RegionMap` of ``before`` once the valid camel line ``line`` cuts its region
    ``r`` in two: what ``RegionMap(board, before.blocked | line, before.camels | line)``
    builds, derived from ``before`` (only region ``r``, the hexes along the line and the water
    change), field for field the same (tests/games/ankh/test_speedups.py compares them).

    Regions are numbered by their lowest hex (see :class:`RegionMap`): the part holding
    ``r``'s lowest hex keeps number ``r``; the other part takes the place its lowest hex
    gives it, and the regions after that place move up by one.  The two parts are found by
    the two-sided flood of :func:`_split_sizes` (about twice the smaller part), on the
    region's graph that ``before``'s camel-line index has usually built already.

    Raises:
        ValueError: if ``line`` does not cut region ``r`` in two (the caller checks it first).
    """
    board = before.board
    cut = frozenset(line)
    mask = list(before._blocked_mask)
    for e in line:
        mask[e] = True
    members = before.regions[r]
    # One side of the cut: as the map's camel-line index found it when the line was checked,
    # else flooded here.
    index = before._lines
    lazy = index.lazy[r] if index is not None else None
    bits = lazy.cut_side(line) if lazy is not None else 0
    if not bits:
        side = _cut_side(_region_adjacency(before, r), board.edge_hexes, line)
        if side is None:
            raise ValueError("the line does not cut the region in two")
        bits = side[0]
    keep = bits & 1  # whether the flooded side (local bits) is the part holding the lowest hex
    part0 = tuple([h for i, h in enumerate(members) if bits >> i & 1 == keep])
    part1 = tuple([h for i, h in enumerate(members) if bits >> i & 1 != keep])
    low1 = part1[0]
    old_regions = before.regions
    pos = r + 1
    while pos < len(old_regions) and old_regions[pos][0] < low1:
        pos += 1
    regions = [*old_regions[:r], part0, *old_regions[r + 1 : pos], part1, *old_regions[pos:]]
    # Only part1 and the regions after it change number (part0 keeps r's, the regions
    # between r and pos keep theirs): their land hexes are rewritten, the rest copied.
    region_of = list(before.region_of)
    hex_regions: list[tuple[int, ...]] = list(before.hex_regions)
    for rid in range(pos, len(regions)):
        one = (rid,)
        for h in regions[rid]:
            region_of[h] = rid
            hex_regions[h] = one
    adjacent = list(before.adjacent)
    land_links = board.land_links
    is_land = board.is_land
    touching = []  # the water hexes that touched r: their regions and water neighbours change
    for h in board.water:
        old = hex_regions[h]
        if r in old:
            hex_regions[h] = tuple(sorted({region_of[y] for y, e in land_links[h] if not mask[e]}))
            touching.append(h)
        elif old and old[-1] >= pos:
            hex_regions[h] = tuple([x if x < pos else x + 1 for x in old])
    # Two land hexes across a line edge were adjacent (the edge was open) and are no more;
    # nothing else changes for land hexes (one side joins two hexes).
    for e in line:
        x, y = board.edge_hexes[e]
        row = adjacent[x]
        i = row.index(y)
        adjacent[x] = row[:i] + row[i + 1 :]
        row = adjacent[y]
        i = row.index(x)
        adjacent[y] = row[:i] + row[i + 1 :]
    # A water hex that touched r keeps its land neighbours (the line's edges join two land
    # hexes) and may lose a water neighbour whose only shared region was r, now that each
    # touches another part; one that did not touch r shares a region with a neighbour
    # exactly when it did.
    for h in touching:
        mine = set(hex_regions[h])
        row = adjacent[h]
        kept = tuple([y for y in row if is_land[y] or not mine.isdisjoint(hex_regions[y])])
        if len(kept) != len(row):
            adjacent[h] = kept
    new = RegionMap.__new__(RegionMap)
    new.board = board
    new.blocked = before.blocked | cut
    new.camels = before.camels | cut
    new._blocked_mask = tuple(mask)
    new.region_of = tuple(region_of)
    new.regions = tuple(regions)
    new.land_count = tuple(map(len, regions))
    new.hex_regions = tuple(hex_regions)
    new.adjacent = tuple(adjacent)
    new._interior = None
    new._lines = None
    new._parent_lines = (index, r, pos) if index is not None else None
    new._with_water = [None] * len(regions)
    return new


def _line_index(regions: RegionMap) -> _LineIndex:
    """The camel-line index of ``regions``, built on first use (from the index of the map it
    was split from, when :func:`_split_map` left one: :class:`_LineIndex`)."""
    idx = regions._lines
    if idx is None:
        idx = regions._lines = _LineIndex(regions, regions._parent_lines)
        regions._parent_lines = None
    return idx


def camel_continuations(regions: RegionMap, line: Sequence[int], max_camels: int = MAX_CAMELS_PER_LINE) -> list[int]:
    """The edges that may extend a partial camel line, each leading to a valid complete line.

    Implements rules/ankh.md §6 Camel Caravan, laid edge by edge: a line starts on a border
    (river, water, camel line, map edge, another region), runs along sides between land
    hexes of one region through the region's inside, stops as soon as it reaches a border
    again, has at most ``max_camels`` camels, and cuts that region into exactly two regions
    of at least 6 land hexes each.  Only edges after which such a completion is still
    possible are offered, so a player building a line edge by edge can never get stuck.

    Args:
        regions: the current regions.
        line: the edges laid so far, in order from the starting border (may be empty: then
            the result is every edge a valid line can start with).
        max_camels: the most camels the line may have (6, or fewer if the supply is short).

    Returns:
        Edge numbers, ascending; empty if ``line`` is complete or not the start of any
        valid line.
    """
    if max_camels < 1:
        return []
    idx = _line_index(regions)
    if not line:
        return idx.starts(max_camels)[:]
    t = tuple(line)
    data = idx.lookup(t)
    if data is None:
        return []
    return data.continuations(t, max_camels)


def camel_line_is_complete(regions: RegionMap, line: Sequence[int], max_camels: int = MAX_CAMELS_PER_LINE) -> bool:
    """Whether ``line`` (edges in laying order) is a complete, valid camel line (§6).

    Args:
        regions: the current regions.
        line: the edges laid so far.
        max_camels: the most camels allowed.
    """
    if not 0 < len(line) <= max_camels:
        return False
    t = tuple(line)
    data = _line_index(regions).lookup(t)
    return data is not None and data.is_complete(t)


def camel_lines(regions: RegionMap, max_camels: int = MAX_CAMELS_PER_LINE) -> list[tuple[int, ...]]:
    """Every valid complete camel line (§6), each once per laying direction, sorted.

    Args:
        regions: the current regions.
        max_camels: the most camels allowed.
    """
    idx = _line_index(regions)
    return sorted(
        t
        for r in range(regions.num_regions)
        if (data := idx.full(r)) is not None
        for t in data.complete
        if len(t) <= max_camels
    )


def check_camel_line(regions: RegionMap, line: Sequence[int], max_camels: int = MAX_CAMELS_PER_LINE) -> Split:
    """Check a complete camel line against rules/ankh.md §6 and return the split it makes.

    The checks, in order (each failure names the first broken one): 1 to ``max_camels``
    distinct edges; each between two land hexes of the same region and not already a river
    or camel edge; all in one region; consecutive edges meet at a vertex and the line does
    not cross itself; it starts and ends on a border and does not touch a border in between;
    it cuts the region into exactly two regions, each of at least 6 land hexes.

    Args:
        regions: the current regions.
        line: the line's edges in order from one end to the other.
        max_camels: the most camels allowed (6, or the camels left in the supply).

    Returns:
        The :class:`Split`.

    Raises:
        CamelLineError: naming the broken condition.
    """
    board = regions.board
    t = tuple(line)
    idx = regions._lines
    if idx is not None and 0 < len(t) <= max_camels:
        # A line the map's index knows to be complete and valid passed every check below
        # (see _LazyLines: open edges of one region, through its inside, border to border, a
        # valid split), and the engine checks the line its player just completed.
        data = idx.lookup(t)
        if data is not None and data.is_complete(t):
            return _split(regions, t, regions.region_of[board.edge_hexes[t[0]][0]])
    if not 1 <= len(t) <= max_camels:
        raise CamelLineError(f"a camel line has 1 to {max_camels} camels, not {len(t)}")
    if len(set(t)) != len(t):
        raise CamelLineError("a camel line uses each edge once")
    for e in t:
        if not 0 <= e < board.num_edges:
            raise CamelLineError(f"edge {e} is not an edge of the map")
    region_of = regions.region_of
    r = -1
    for e in t:
        a, b = board.edge_hexes[e]
        name = board.edge_name(e)
        if region_of[a] < 0 or region_of[b] < 0:
            raise CamelLineError(f"camels stand between two land spaces; {name} touches water")
        if regions.is_blocked(e):
            raise CamelLineError(f"{name} is already a border (river or camels)")
        if region_of[a] != region_of[b]:  # pragma: no cover - an unblocked land edge joins one region
            raise CamelLineError(f"{name} lies between two regions")
        if r < 0:
            r = region_of[a]
        elif region_of[a] != r:
            raise CamelLineError("a camel line splits one region: all its camels must be in the same region")
    # Order the vertices: v0 - e1 - v1 - e2 - ... - vk.
    v0a, v0b = board.edge_vertices[t[0]]
    if len(t) == 1:
        verts = [v0a, v0b]
    else:
        shared = set(board.edge_vertices[t[1]])
        if v0b in shared:
            verts = [v0a, v0b]
        elif v0a in shared:
            verts = [v0b, v0a]
        else:
            raise CamelLineError(
                f"{board.edge_name(t[0])} and {board.edge_name(t[1])} do not meet: a line is continuous"
            )
        for i in range(1, len(t)):
            e = t[i]
            ends = board.edge_vertices[e]
            if verts[-1] not in ends:
                raise CamelLineError(
                    f"{board.edge_name(t[i - 1])} and {board.edge_name(e)} do not meet: a line is continuous"
                )
            verts.append(board.other_vertex(e, verts[-1]))
    if len(set(verts)) != len(verts):
        raise CamelLineError("a camel line may not cross or touch itself")
    interior = regions._interior_of()
    if interior[verts[0]] >= 0 or interior[verts[-1]] >= 0:
        raise CamelLineError("a camel line runs from border to border (river, water, camels or map edge)")
    for v in verts[1:-1]:
        if interior[v] < 0:
            raise CamelLineError("a camel line ends where it reaches a border; this one touches a border midway")
    sizes = _split_sizes(regions, r, frozenset(t))
    if sizes is None:
        raise CamelLineError(
            f"the line must cut the region into two regions of at least {MIN_REGION_LAND} land spaces each"
        )
    return _split(regions, t, r)


def _split(regions: RegionMap, t: tuple[int, ...], r: int) -> Split:
    """The :class:`Split` of region ``r`` of ``regions`` by the valid line ``t``."""
    board = regions.board
    camels = regions.camels | frozenset(t)
    key = (id(board), camels)
    after = _REGION_MAPS.get(key)
    if after is None or after.board is not board:
        if len(_REGION_MAPS) >= _REGION_MAPS_MAX:
            _REGION_MAPS.clear()
        after = _REGION_MAPS[key] = _split_map(regions, r, t)
    a_side, b_side = board.edge_hexes[t[0]]
    parts = sorted((after.region_of[a_side], after.region_of[b_side]))
    renumber = tuple(-1 if old == r else after.region_of[members[0]] for old, members in enumerate(regions.regions))
    return Split(
        before=regions,
        after=after,
        line=t,
        parent=r,
        parts=(parts[0], parts[1]),
        renumber=renumber,
    )


def order_line(board: Board, edges: Iterable[int]) -> tuple[int, ...]:
    """Put the edges of a line given in any order into laying order from one end.

    Used to read camel lines from scenario data, where they are listed as a set of edges.
    The end with the lower vertex number comes first.

    Raises:
        CamelLineError: if the edges do not form one simple path.
    """
    es = list(dict.fromkeys(edges))
    if not es:
        raise CamelLineError("a camel line has at least one camel")
    degree: dict[int, list[int]] = {}
    for e in es:
        for v in board.edge_vertices[e]:
            degree.setdefault(v, []).append(e)
    ends = sorted(v for v, lst in degree.items() if len(lst) == 1)
    if len(ends) != 2 or any(len(lst) > 2 for lst in degree.values()):
        raise CamelLineError("the camels do not form one line with two ends")
    out: list[int] = []
    v = ends[0]
    last = -1
    while True:
        nxt = [e for e in degree[v] if e != last]
        if not nxt:
            break
        e = nxt[0]
        out.append(e)
        last = e
        v = board.other_vertex(e, v)
    if len(out) != len(es):
        raise CamelLineError("the camels do not form one connected line")
    return tuple(out)


# --- loading and validation ---------------------------------------------------------------


def validate_map(name: str, data: object) -> Board:
    """Check a map's data against rules/ankh.md §8.2 and build the :class:`Board`.

    Args:
        name: the map's name, for messages.
        data: the parsed JSON: ``{"grid": [10 strings of 11 chars F/D/W/.], "rivers":
            ["r,c|r,c", ...], "regions": {name: "r,c"}, "source": str, "title": str}``.

    Returns:
        The validated board.

    Raises:
        DataFileError: naming the invariant that does not hold: the grid shape of §8.2
            (rows 0-9, cols 0-10; row 0 has cols 1-9, row 9 cols 2, 4, 6, 8); 43 Fertile,
            39 Desert, 19 Water hexes; 31 river edges, each between two land hexes sharing
            a side, listed once, and each separating two different regions; 3 base regions
            named West (32 land: 11 F, 21 D), East (28: 10 F, 18 D), North (22: all F);
            every water hex touching at least one region.
    """

    def fail(msg: str) -> DataFileError:
        return DataFileError(f"Ankh map {name!r}: {msg}")

    if not isinstance(data, dict):
        raise fail("expected a JSON object with 'grid', 'rivers' and 'regions'")
    grid = data.get("grid")
    if not isinstance(grid, list) or not all(isinstance(row, str) for row in grid):
        raise fail("'grid' must be a list of strings, one per row")
    if len(grid) != GRID_ROWS:
        raise fail(f"'grid' has {len(grid)} rows, the board has {GRID_ROWS} (rows 0-9, §8.2)")
    cells: list[tuple[int, int, int]] = []
    for r, row in enumerate(grid):
        if len(row) != GRID_COLS:
            raise fail(f"grid row {r} has {len(row)} columns, the board has {GRID_COLS} (cols 0-10, §8.2)")
        for c, ch in enumerate(row):
            if ch == ".":
                continue
            if ch not in TERRAIN_CODES:
                raise fail(f"grid row {r}, col {c}: unknown terrain {ch!r} (expected F, D, W or .)")
            cells.append((r, c, TERRAIN_CODES.index(ch)))
    expected_cols = {0: set(range(1, 10)), GRID_ROWS - 1: {2, 4, 6, 8}}
    for r in range(GRID_ROWS):
        cols = {c for rr, c, _ in cells if rr == r}
        want = expected_cols.get(r, set(range(GRID_COLS)))
        if cols != want:
            missing, extra = sorted(want - cols), sorted(cols - want)
            raise fail(
                f"row {r} has hexes at cols {sorted(cols)}; §8.2 has {sorted(want)} (missing {missing}, extra {extra})"
            )
    for kind, want_n in EXPECTED_TERRAIN.items():
        got = sum(1 for _, _, t in cells if t == kind)
        if got != want_n:
            counts = ", ".join(
                f"{sum(1 for _, _, t in cells if t == k)} {TERRAIN_NAMES[k]}" for k in (FERTILE, DESERT, WATER)
            )
            raise fail(
                f"{got} {TERRAIN_NAMES[kind]} hexes, §8.2 has {want_n} "
                f"(43 fertile, 39 desert, 19 water; this file: {counts})"
            )
    index = {(r, c): h for h, (r, c, _) in enumerate(cells)}
    terrain = {(r, c): t for r, c, t in cells}

    def parse_hex(text: object, where: str) -> tuple[int, int]:
        if not isinstance(text, str):
            raise fail(f"{where}: expected 'row,col', got {text!r}")
        parts = text.strip().strip("()").split(",")
        try:
            r, c = (int(p) for p in parts)
        except ValueError:
            raise fail(f"{where}: expected 'row,col', got {text!r}") from None
        if (r, c) not in index:
            raise fail(f"{where}: there is no hex at ({r},{c})")
        return r, c

    rivers_raw = data.get("rivers")
    if not isinstance(rivers_raw, list):
        raise fail("'rivers' must be a list of 'r,c|r,c' edges")
    rivers: list[tuple[int, int]] = []
    seen: set[frozenset[tuple[int, int]]] = set()
    for i, item in enumerate(rivers_raw):
        where = f"river edge #{i + 1} {item!r}"
        if not isinstance(item, str) or item.count("|") != 1:
            raise fail(f"{where}: expected 'r,c|r,c'")
        left, right = item.split("|")
        a, b = parse_hex(left, where), parse_hex(right, where)
        offsets = _OFFSETS[a[1] & 1]
        if (b[0] - a[0], b[1] - a[1]) not in offsets:
            raise fail(
                f"{where}: ({a[0]},{a[1]}) and ({b[0]},{b[1]}) do not share a side, so no river runs between them"
            )
        if terrain[a] == WATER or terrain[b] == WATER:
            raise fail(f"{where}: rivers are listed between two land hexes (§8.2); one of these is water")
        key = frozenset((a, b))
        if key in seen:
            raise fail(f"{where}: listed twice")
        seen.add(key)
        rivers.append((index[a], index[b]))
    if len(rivers) != EXPECTED_RIVER_EDGES:
        raise fail(f"{len(rivers)} river edges, §8.2 has {EXPECTED_RIVER_EDGES}")

    names_raw = data.get("regions")
    if not isinstance(names_raw, dict) or not names_raw:
        raise fail("'regions' must map each base region's name to one of its hexes ('r,c')")
    region_names: dict[str, int] = {}
    for region_name, text in names_raw.items():
        rc = parse_hex(text, f"region {region_name!r}")
        if terrain[rc] == WATER:
            raise fail(f"region {region_name!r}: {text} is water; name a region by one of its land hexes")
        region_names[str(region_name)] = index[rc]

    title = data.get("title", name)
    source = data.get("source", "")
    board = Board(
        name=name, title=str(title), source=str(source), cells=cells, rivers=rivers, region_names=region_names
    )

    base = board.base
    for e in board.rivers:
        x, y = board.edge_hexes[e]
        if base.region_of[x] == base.region_of[y]:
            raise fail(
                f"river edge {board.edge_name(e)} has the same region on both sides: "
                "every river edge is a region border (§8.2)"
            )
    if base.num_regions != len(EXPECTED_BASE_REGIONS):
        sizes = sorted(base.land_count, reverse=True)
        raise fail(
            f"the rivers make {base.num_regions} regions of {sizes} land hexes; §8.2 has 3 (West 32, East 28, North 22)"
        )
    if set(region_names) != set(EXPECTED_BASE_REGIONS):
        raise fail(f"'regions' names {sorted(region_names)}; §8.2 names {sorted(EXPECTED_BASE_REGIONS)}")
    named = {base.region_of[h] for h in region_names.values()}
    if len(named) != len(region_names):
        raise fail("'regions' names the same region twice")
    for region_name, h in region_names.items():
        r = base.region_of[h]
        fertile, desert = base.counts(r)
        land, want_f, want_d = EXPECTED_BASE_REGIONS[region_name]
        if (base.land_count[r], fertile, desert) != (land, want_f, want_d):
            raise fail(
                f"base region {region_name} has {base.land_count[r]} land hexes ({fertile} fertile, "
                f"{desert} desert); §8.2 has {land} ({want_f} fertile, {want_d} desert)"
            )
    for w in board.water:
        if not base.hex_regions[w]:
            raise fail(f"water hex {board.hex_name(w)} touches no region (water belongs to the regions it touches)")
    return board


def available_maps() -> list[str]:
    """Names of the map data files shipped with Netjer (``data/map*.json``)."""
    root = resources.files("netjer.games.ankh") / "data"
    out = []
    for p in root.iterdir():
        if p.name == "map.json":
            out.append("base")
        elif p.name.startswith("map-") and p.name.endswith(".json"):
            out.append(p.name[4:-5])
    return sorted(out)


def load_board(name: str = "base") -> Board:
    """Load and validate a shipped map (cached: one :class:`Board` per name).

    Args:
        name: ``"base"`` (the base game board, ``data/map.json``).

    Raises:
        DataFileError: if there is no such map, the file is not JSON, or it fails
            :func:`validate_map`.
    """
    return _load_board(name)


@cache
def _load_board(name: str) -> Board:
    if name not in available_maps():
        raise DataFileError(f"no Ankh map {name!r}; available: {', '.join(available_maps())}")
    filename = "map.json" if name == "base" else f"map-{name}.json"
    path = resources.files("netjer.games.ankh") / "data" / filename
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as err:
        raise DataFileError(f"Ankh map {name!r}: {filename} line {err.lineno}: {err.msg}") from None
    return validate_map(name, data)
