"""The eight scenario setups of rules/ankh.md §8.3, loaded from data files and validated.

Each scenario is ``data/scenarios/<name>-<players>p.json``: the camel lines on the board at
the start, where each Conflict Order token lies, and every piece (God, Warrior, controlled
or neutral Monument) by scenario player number (1 = first player, 2 = on their left, ...,
S0 setup step 10).  ``middle-kingdom`` and ``old-kingdom`` are Netjer's labels (after J's
"MiddleKingdom"/"OldKingdom"), not the Scenario Book's titles: its ten scenarios are not
available to us (rulings table of rules/ankh.md).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Final

from mypy_extensions import mypyc_attr

from netjer.core.errors import ConfigError, DataFileError
from netjer.core.words import article
from netjer.games.ankh.board import (
    TERRAIN_CODES,
    Board,
    CamelLineError,
    RegionMap,
    check_camel_line,
    load_board,
    order_line,
)

#: Netjer's scenario names (rulings table: "scenarios").
SCENARIO_NAMES: Final = ("middle-kingdom", "old-kingdom")
#: Player counts of the base game (§8.3: one setup per count in each family).
MIN_PLAYERS, MAX_PLAYERS = 2, 5

GOD, WARRIOR, OBELISK, TEMPLE, PYRAMID = "god", "warrior", "obelisk", "temple", "pyramid"
FIGURE_KINDS: Final = (GOD, WARRIOR)
MONUMENT_KINDS: Final = (OBELISK, TEMPLE, PYRAMID)
PIECE_KINDS: Final = FIGURE_KINDS + MONUMENT_KINDS

#: §9: 10 Monuments of each type in the supply (P citing Rulebook p.6).
MONUMENTS_PER_TYPE: Final = 10
#: §6: 30 camels and 8 Conflict Order tokens (P p.5-6).
CAMELS: Final = 30
CONFLICT_ORDER_TOKENS: Final = 8


@mypyc_attr(native_class=False)  # compiled, only a plain class unpickles (Makefile)
@dataclass(frozen=True)
class ScenarioPiece:
    """One piece of a scenario's starting position.

    Attributes:
        player: the scenario player number (1 = first player), or ``None`` for a neutral
            Monument.
        kind: one of :data:`PIECE_KINDS`.
        hex: the board hex.
    """

    player: int | None
    kind: str
    hex: int


@mypyc_attr(native_class=False)  # compiled, only a plain class unpickles (Makefile)
@dataclass(frozen=True)
class Scenario:
    """A validated scenario setup (rules/ankh.md §8.3).

    Attributes:
        name: ``"middle-kingdom"`` or ``"old-kingdom"``.
        players: the player count it is for.
        label: the label of rules/ankh.md §8.3 (``"MiddleKingdom-2p"``).
        source: where the data comes from.
        board: the map.
        camel_lines: the starting camel lines, each as edges in laying order.
        regions: the regions once those camels are placed.
        token_of_region: the Conflict Order token (1-based) on each region of ``regions``.
        pieces: every piece, in data-file order.
    """

    name: str
    players: int
    label: str
    source: str
    board: Board
    camel_lines: tuple[tuple[int, ...], ...]
    regions: RegionMap
    token_of_region: tuple[int, ...]
    pieces: tuple[ScenarioPiece, ...]

    def region_of_token(self, token: int) -> int:
        """The region carrying Conflict Order token ``token``.

        Raises:
            ValueError: if no region carries it.
        """
        try:
            return self.token_of_region.index(token)
        except ValueError:
            raise ValueError(f"{self.label}: no region carries Conflict Order token {token}") from None


def validate_scenario(file_name: str, data: object, board: Board | None = None) -> Scenario:
    """Check a scenario's data against rules/ankh.md §8.3 and the board, and build it.

    Args:
        file_name: the file's name, for messages (``"middle-kingdom-2p.json"``).
        data: the parsed JSON: ``{"name", "players", "label", "source", "camels": [[edge,
            ...], ...], "conflict_order": [{"token", "hex", "land", "base_region"}, ...],
            "pieces": [{"player", "piece", "hex", "terrain", "region"}, ...]}``.
        board: the map (default: the base map).

    Returns:
        The validated :class:`Scenario`.

    Raises:
        DataFileError: naming the invariant that does not hold: a known name and a player
            count 2-5; every camel line a valid Camel Caravan line (§6) on the regions of
            the lines before it; tokens numbered 1..k, one per region, at most 8, each
            region's land count as listed; every piece on a land hex of the stated terrain,
            no two on one hex (§8.1), in the region of its stated token; each player with
            exactly one God, one Warrior and one controlled Monument (§8.3); only Monuments
            neutral; at most 10 Monuments of a type (§9) and 30 camels (§6) in all.
    """
    board = board or load_board()

    def fail(msg: str) -> DataFileError:
        return DataFileError(f"Ankh scenario {file_name}: {msg}")

    if not isinstance(data, dict):
        raise fail("expected a JSON object")
    name = data.get("name")
    if name not in SCENARIO_NAMES:
        raise fail(f"unknown scenario name {name!r} (expected one of {', '.join(SCENARIO_NAMES)})")
    players = data.get("players")
    if not isinstance(players, int) or isinstance(players, bool) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise fail(f"'players' must be {MIN_PLAYERS} to {MAX_PLAYERS}, got {players!r}")
    label = str(data.get("label", f"{name}-{players}p"))

    def hex_of(text: object, where: str) -> int:
        if not isinstance(text, str):
            raise fail(f"{where}: expected a hex 'row,col', got {text!r}")
        try:
            return board.parse_hex(text)
        except ValueError as err:
            raise fail(f"{where}: {err}") from None

    # Camel lines (§6), each checked on the regions left by the lines before it.
    camels_raw = data.get("camels", [])
    if not isinstance(camels_raw, list):
        raise fail("'camels' must be a list of camel lines")
    regions = board.base
    lines: list[tuple[int, ...]] = []
    for i, line_raw in enumerate(camels_raw, start=1):
        where = f"camel line {i}"
        if not isinstance(line_raw, list) or not all(isinstance(e, str) for e in line_raw):
            raise fail(f"{where}: expected a list of 'r,c|r,c' edges")
        try:
            edges = [board.parse_edge(e) for e in line_raw]
            line = order_line(board, edges)
            regions = check_camel_line(regions, line).after
        except (ValueError, CamelLineError) as err:
            raise fail(f"{where}: {err}") from None
        lines.append(line)
    if sum(len(line) for line in lines) > CAMELS:
        raise fail(f"the camel lines use more than the {CAMELS} camels of the game (§6)")

    # Conflict Order tokens: one per region.
    order_raw = data.get("conflict_order")
    if not isinstance(order_raw, list) or not order_raw:
        raise fail("'conflict_order' must list the Conflict Order tokens")
    if regions.num_regions > CONFLICT_ORDER_TOKENS:
        raise fail(f"{regions.num_regions} regions but only {CONFLICT_ORDER_TOKENS} Conflict Order tokens (§6)")
    token_of_region = [0] * regions.num_regions
    tokens_seen: list[int] = []
    for item in order_raw:
        if not isinstance(item, dict):
            raise fail("each 'conflict_order' entry must be an object {token, hex, land}")
        token = item.get("token")
        if not isinstance(token, int) or isinstance(token, bool):
            raise fail(f"conflict order entry {item!r}: 'token' must be an integer")
        where = f"Conflict Order token {token}"
        h = hex_of(item.get("hex"), where)
        if not board.is_land[h]:
            raise fail(f"{where}: {board.hex_name(h)} is water; name the region by a land hex")
        r = regions.region_of[h]
        if token_of_region[r]:
            raise fail(f"{where}: its region already carries token {token_of_region[r]} (one token per region)")
        token_of_region[r] = token
        tokens_seen.append(token)
        land = item.get("land")
        if land is not None and land != regions.land_count[r]:
            raise fail(f"{where}: its region has {regions.land_count[r]} land hexes, the file says {land}")
        base_name = item.get("base_region")
        if base_name is not None and base_name != board.base_region_name(regions, r):
            raise fail(f"{where}: its region lies in {board.base_region_name(regions, r)}, the file says {base_name}")
    if sorted(tokens_seen) != list(range(1, regions.num_regions + 1)):
        raise fail(
            f"tokens {sorted(tokens_seen)} on {regions.num_regions} regions; "
            f"every region carries one token, numbered 1 to {regions.num_regions}"
        )

    # Pieces.
    pieces_raw = data.get("pieces")
    if not isinstance(pieces_raw, list) or not pieces_raw:
        raise fail("'pieces' must list the starting pieces")
    pieces: list[ScenarioPiece] = []
    occupied: dict[int, int] = {}
    for i, item in enumerate(pieces_raw, start=1):
        if not isinstance(item, dict):
            raise fail(f"piece #{i}: expected an object {{player, piece, hex}}")
        kind = item.get("piece")
        player = item.get("player")
        where = f"piece #{i} ({kind} {item.get('hex')})"
        if kind not in PIECE_KINDS:
            raise fail(f"{where}: unknown piece {kind!r} (expected one of {', '.join(PIECE_KINDS)})")
        if player is None:
            if kind not in MONUMENT_KINDS:
                raise fail(f"{where}: only Monuments may be neutral; {article(kind)} belongs to a player")
        elif not isinstance(player, int) or isinstance(player, bool) or not 1 <= player <= players:
            raise fail(f"{where}: player must be 1 to {players} or null, got {player!r}")
        h = hex_of(item.get("hex"), where)
        if not board.is_land[h]:
            raise fail(f"{where}: {board.hex_name(h)} is water; pieces stand on land (§8.1)")
        if h in occupied:
            raise fail(f"{where}: {board.hex_name(h)} already holds piece #{occupied[h]} (one piece per space, §8.1)")
        occupied[h] = i
        terrain = item.get("terrain")
        if terrain is not None and terrain != TERRAIN_CODES[board.terrain[h]]:
            raise fail(f"{where}: {board.hex_name(h)} is {TERRAIN_CODES[board.terrain[h]]}, the file says {terrain}")
        region_token = item.get("region")
        actual_token = token_of_region[regions.region_of[h]]
        if region_token is not None and region_token != actual_token:
            raise fail(
                f"{where}: {board.hex_name(h)} is in the region of token {actual_token}, the file says {region_token}"
            )
        pieces.append(ScenarioPiece(player=player, kind=kind, hex=h))
    for p in range(1, players + 1):
        own = Counter(x.kind for x in pieces if x.player == p)
        monuments = sum(own[k] for k in MONUMENT_KINDS)
        if own[GOD] != 1 or own[WARRIOR] != 1 or monuments != 1:
            raise fail(
                f"player {p} starts with {own[GOD]} God, {own[WARRIOR]} Warrior and {monuments} Monument; "
                "every player starts with exactly one of each (§8.3)"
            )
    kinds = Counter(x.kind for x in pieces)
    for k in MONUMENT_KINDS:
        if kinds[k] > MONUMENTS_PER_TYPE:
            raise fail(f"{kinds[k]} {k}s on the board; the supply has {MONUMENTS_PER_TYPE} (§9)")
    return Scenario(
        name=name,
        players=players,
        label=label,
        source=str(data.get("source", "")),
        board=board,
        camel_lines=tuple(lines),
        regions=regions,
        token_of_region=tuple(token_of_region),
        pieces=tuple(pieces),
    )


def available_scenarios() -> list[tuple[str, int]]:
    """``(name, players)`` of every shipped scenario file, sorted."""
    root = resources.files("netjer.games.ankh") / "data" / "scenarios"
    out = []
    for p in root.iterdir():
        stem = p.name[:-5] if p.name.endswith(".json") else ""
        name, _, count = stem.rpartition("-")
        if name in SCENARIO_NAMES and count[:-1].isdigit() and count.endswith("p"):
            out.append((name, int(count[:-1])))
    return sorted(out)


def load_scenario(name: str, players: int) -> Scenario:
    """Load and validate the scenario ``name`` for ``players`` players (cached).

    Args:
        name: ``"middle-kingdom"`` or ``"old-kingdom"``.
        players: 2 to 5.

    Raises:
        ConfigError: if there is no such scenario for that player count (S0 setup step 8:
            "make sure the scenario is compatible with the number of players").
        DataFileError: if the file is not JSON, fails :func:`validate_scenario`, or its
            name/players disagree with its file name.
    """
    return _load_scenario(name, players)


@cache
def _load_scenario(name: str, players: int) -> Scenario:
    if (name, players) not in available_scenarios():
        known = ", ".join(f"{n} ({p} players)" for n, p in available_scenarios())
        raise ConfigError(f"no Ankh scenario {name!r} for {players} players; available: {known}")
    file_name = f"{name}-{players}p.json"
    path = resources.files("netjer.games.ankh") / "data" / "scenarios" / file_name
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as err:
        raise DataFileError(f"Ankh scenario {file_name}: line {err.lineno}: {err.msg}") from None
    scenario = validate_scenario(file_name, data)
    if (scenario.name, scenario.players) != (name, players):
        raise DataFileError(
            f"Ankh scenario {file_name}: the file describes {scenario.name!r} for {scenario.players} players"
        )
    return scenario
