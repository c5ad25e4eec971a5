"""A terminal drawing of the Ankh hex map (rules/ankh.md §8.2), from plain data.

The drawing takes the static :class:`~netjer.games.ankh.board.Board`, optionally a
:class:`~netjer.games.ankh.board.RegionMap` (for camel lines and region labels) and plain
mappings for what stands on each hex, so it can be fed from an observation and never needs a
game state.  :func:`draw_map` returns a Rich :class:`~rich.text.Text` (terrain as background
colours, rivers and camels highlighted, pieces in their seat's colour); :func:`map_text` the
same picture as plain ASCII.

Each hex is drawn flat-topped, 9 characters wide and 5 lines high, odd columns half a hex
lower, as printed (§8.2)::

      _____
     / 4,5 \\        line 1: coordinates "row,col" (what the CLI's commands take)
    /  God1 \\       line 2: the piece on the hex (label given by the caller)
    \\F     W/       line 3: terrain letter (F, D; water is ~) and region label
     \\_____/

River sides are drawn with ``#`` and camel sides with ``*``.

The drawing is :data:`MAP_WIDTH` characters wide; for a narrower console :func:`draw_region_list`
tells the same map as text that wraps to any width (issue 14 item 3): each region with its label
and every space of it (``row,col``, terrain letter, what stands there), then the water spaces,
the rivers and the camels.
"""

from __future__ import annotations

from collections.abc import Mapping

from rich.text import Text

from netjer.games.ankh.board import DESERT, FERTILE, NE, NW, SE, SW, Board, N, RegionMap, S
from netjer.i18n import N_, gettext

#: Foreground styles of seats 0-4 (pieces and controlled monuments).
SEAT_STYLES = (
    "bold bright_red",
    "bold bright_blue",
    "bold bright_magenta",
    "bold bright_white",
    "bold black",
)
TERRAIN_STYLES = {FERTILE: "on dark_green", DESERT: "on dark_goldenrod", 2: "bright_blue on blue"}
EDGE_STYLE = "grey50"
RIVER_STYLE = "bold bright_cyan"
CAMEL_STYLE = "bold orange1"
RIVER_CHAR, CAMEL_CHAR = "#", "*"
_HEX_W, _COL_STEP, _ROW_STEP = 9, 7, 4
#: The width of :func:`draw_map`'s drawing of the base board (11 columns of hexes).
MAP_WIDTH = _COL_STEP * 10 + _HEX_W
LEGEND = N_("F fertile  D desert  ~ water  # river  * camels  (top: row,col; bottom right: the region's label)")


def _side_cells(x0: int, y0: int, d: int) -> list[tuple[int, int, str]]:
    """The (x, y, char) cells of side ``d`` of the hex drawn at (x0, y0)."""
    if d == N:
        return [(x0 + i, y0, "_") for i in range(2, 7)]
    if d == S:
        return [(x0 + i, y0 + 4, "_") for i in range(2, 7)]
    if d == NE:
        return [(x0 + 7, y0 + 1, "\\"), (x0 + 8, y0 + 2, "\\")]
    if d == SE:
        return [(x0 + 8, y0 + 3, "/"), (x0 + 7, y0 + 4, "/")]
    if d == SW:
        return [(x0, y0 + 3, "\\"), (x0 + 1, y0 + 4, "\\")]
    assert d == NW
    return [(x0 + 1, y0 + 1, "/"), (x0, y0 + 2, "/")]


def _fit(text: str, width: int) -> str:
    return text[:width].center(width)


def _hex_key(board: Board, key: int | str) -> int:
    return key if isinstance(key, int) else board.parse_hex(key)


def _labels(board: Board, regions: RegionMap, region_labels: Mapping[int, str] | None) -> dict[int, str]:
    """Each region's one-character label (see :func:`draw_map`)."""
    labels: dict[int, str] = {}
    for r in range(regions.num_regions):
        if region_labels is not None and r in region_labels:
            labels[r] = str(region_labels[r])[:1]
        elif regions is board.base or regions.num_regions == board.base.num_regions:
            labels[r] = board.base_region_name(regions, r)[:1]
        else:
            labels[r] = str(r)[-1]
    return labels


def draw_map(
    board: Board,
    *,
    regions: RegionMap | None = None,
    region_labels: Mapping[int, str] | None = None,
    pieces: Mapping[int | str, str] | None = None,
    owners: Mapping[int | str, int] | None = None,
    coords: bool = True,
    legend: bool = True,
) -> Text:
    """Draw the map as Rich text.

    Args:
        board: the map.
        regions: the current regions (default: the base regions); its camel edges are drawn.
        region_labels: a label per region number of ``regions`` (e.g. its Conflict Order
            token, ``{0: "3", 1: "1"}``); default: the base region's initial (W/E/N) for
            base regions, else the region number.  Only the first character is shown.
        pieces: what stands on each hex, keyed by hex number or ``"r,c"``: a short label
            (up to 7 characters, e.g. ``"God1"``, ``"Obl2"``, ``"Pyr"``).
        owners: the seat owning the piece on a hex (for its colour); absent = neutral.
        coords: print each hex's ``row,col``.
        legend: add a legend line below.

    Returns:
        The drawing; ``.plain`` is pure ASCII.

    Raises:
        ValueError: if a key of ``pieces``/``owners`` names no hex.
    """
    regions = regions or board.base
    labels = _labels(board, regions, region_labels)
    piece_at = {_hex_key(board, k): v for k, v in (pieces or {}).items()}
    owner_at = {_hex_key(board, k): v for k, v in (owners or {}).items()}

    origins = []
    for r, c in board.coords:
        origins.append((_COL_STEP * c, _ROW_STEP * r + 2 * (c & 1)))
    width = max(x for x, _ in origins) + _HEX_W
    height = max(y for _, y in origins) + 5
    chars = [[" "] * width for _ in range(height)]
    styles: list[list[str]] = [[""] * width for _ in range(height)]

    def put(x: int, y: int, ch: str, style: str) -> None:
        chars[y][x] = ch
        styles[y][x] = style

    # interiors
    for h, (x0, y0) in enumerate(origins):
        terrain = board.terrain[h]
        bg = TERRAIN_STYLES[terrain]
        rows = [(y0 + 1, x0 + 2, 5), (y0 + 2, x0 + 1, 7), (y0 + 3, x0 + 1, 7)]
        if terrain in (FERTILE, DESERT):
            line1 = _fit(board.hex_name(h), 5) if coords else " " * 5
            line2 = _fit(piece_at.get(h, ""), 7)
            line3 = ("F" if terrain == FERTILE else "D") + " " * 5 + labels[regions.region_of[h]]
            texts = [line1, line2, line3]
        else:
            line1 = _fit(board.hex_name(h), 5) if coords else "~" * 5
            line1 = line1.replace(" ", "~")
            line2 = _fit(piece_at.get(h, ""), 7).replace(" ", "~") if h in piece_at else "~" * 7
            texts = [line1, line2, "~" * 7]
        for (y, x, w), t in zip(rows, texts, strict=True):
            for i in range(w):
                style = bg
                if t is texts[1] and h in owner_at and t[i] not in " ~":
                    seat = owner_at[h]
                    style = f"{SEAT_STYLES[seat % len(SEAT_STYLES)]} {bg}"
                put(x + i, y, t[i], style)

    # sides: ordinary first, then rivers and camels on top
    special: list[tuple[int, int, int]] = []
    for h, (x0, y0) in enumerate(origins):
        for d in range(6):
            e = board.edge_in[h][d]
            for x, y, ch in _side_cells(x0, y0, d):
                put(x, y, ch, EDGE_STYLE)
            if e >= 0 and regions.is_blocked(e):
                special.append((h, d, e))
    for h, d, e in special:
        x0, y0 = origins[h]
        camel = e in regions.camels
        ch = CAMEL_CHAR if camel else RIVER_CHAR
        style = CAMEL_STYLE if camel else RIVER_STYLE
        for x, y, _ in _side_cells(x0, y0, d):
            put(x, y, ch, style)

    out = Text()
    for y in range(height):
        line, line_styles = chars[y], styles[y]
        end = len("".join(line).rstrip())
        x = 0
        while x < end:  # one span per run of equally styled characters
            run = x + 1
            while run < end and line_styles[run] == line_styles[x]:
                run += 1
            out.append("".join(line[x:run]), line_styles[x] or None)
            x = run
        out.append("\n")
    if legend:
        out.append(gettext(LEGEND), "dim")
        out.append("\n")
    return out


def map_text(
    board: Board,
    *,
    regions: RegionMap | None = None,
    region_labels: Mapping[int, str] | None = None,
    pieces: Mapping[int | str, str] | None = None,
    coords: bool = True,
    legend: bool = True,
) -> str:
    """The same drawing as :func:`draw_map`, as plain ASCII text (no colours)."""
    return draw_map(
        board,
        regions=regions,
        region_labels=region_labels,
        pieces=pieces,
        coords=coords,
        legend=legend,
    ).plain


def draw_region_list(
    board: Board,
    *,
    regions: RegionMap | None = None,
    region_labels: Mapping[int, str] | None = None,
    pieces: Mapping[int | str, str] | None = None,
    owners: Mapping[int | str, int] | None = None,
) -> Text:
    """The map of :func:`draw_map` told as wrapping text, for consoles narrower than
    :data:`MAP_WIDTH`: one paragraph per region (by label), listing every space as
    ``row,col`` + terrain letter (``F``/``D``) + what stands on it, then the water spaces (``~``),
    the river sides and the camel sides (``a|b``, the two spaces a side separates).

    Args: as :func:`draw_map`.

    Returns:
        The text (pieces in their seat's colour, regions' labels in bold).

    Raises:
        ValueError: if a key of ``pieces``/``owners`` names no hex.
    """
    regions = regions or board.base
    labels = _labels(board, regions, region_labels)
    piece_at = {_hex_key(board, k): v for k, v in (pieces or {}).items()}
    owner_at = {_hex_key(board, k): v for k, v in (owners or {}).items()}
    out = Text()
    out.append(gettext(N_("The map by region (the drawing needs {n} columns):")).format(n=MAP_WIDTH), "bold")

    def space(h: int, mark: str) -> None:
        out.append(" ")
        out.append(f"{board.hex_name(h)}:{mark}", TERRAIN_STYLES[board.terrain[h]])
        if h in piece_at:
            seat = owner_at.get(h)
            out.append(f" {piece_at[h]}", None if seat is None else SEAT_STYLES[seat % len(SEAT_STYLES)])

    order = sorted(range(regions.num_regions), key=lambda r: (labels[r], r))
    for r in order:
        members = regions.regions[r]
        out.append("\n")
        title = gettext(N_("Region {label} ({n} spaces):")).format(label=labels[r], n=len(members))
        out.append(title, "bold")
        for h in members:
            space(h, "F" if board.terrain[h] == FERTILE else "D")
    out.append("\n" + gettext(N_("Water:")), "bold")
    for h in board.water:
        space(h, "~")
    rivers = sorted(e for e in board.rivers if e not in regions.camels)
    out.append("\n" + gettext(N_("Rivers ({mark}):")).format(mark=RIVER_CHAR), "bold")
    out.append(" " + " ".join(board.edge_name(e) for e in rivers), RIVER_STYLE)
    out.append("\n" + gettext(N_("Camels ({mark}):")).format(mark=CAMEL_CHAR), "bold")
    camels = sorted(regions.camels)
    out.append(" " + (" ".join(board.edge_name(e) for e in camels) if camels else "-"), CAMEL_STYLE)
    out.append("\n")
    return out
