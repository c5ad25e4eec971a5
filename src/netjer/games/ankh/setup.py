"""The initial position of a game of Ankh: pure functions of (player count, scenario, seeded Rng).

Rules reference: the setup list of S0 (steps 1-12) as compiled in rules/ankh.md: §3
(Guardians: one type per level, 1 / 2 / all miniatures by player count), §4 (6 Warriors,
1 Follower), §2.1 (15 Ankh tokens, 6 on the dashboard), §5 (Devotion stack in reverse turn
order, first player on top), §6 (event marker on the start space), §7.2 (action markers on
the player-count start spaces) and §8.3 (the scenario's pieces, camels and Conflict Order
tokens).

The result is plain frozen data (:class:`AnkhSetup`) for a future ``AnkhState`` to copy into
its hot-path lists; nothing here is on the hot path.

Randomness, in this fixed order so that a seed always gives the same setup: (1) the first
player, ``rng.below(players)``, unless given; (2) for each Guardian level 1, 2, 3 whose type
is not given, ``rng.choice`` of that level's two types in data-file order.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Final, Literal

from mypy_extensions import mypyc_attr

from netjer.core.errors import ConfigError, DataFileError
from netjer.core.rng import Rng
from netjer.games.ankh.board import RegionMap
from netjer.games.ankh.scenarios import (
    CAMELS,
    CONFLICT_ORDER_TOKENS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MONUMENT_KINDS,
    MONUMENTS_PER_TYPE,
    SCENARIO_NAMES,
    Scenario,
    load_scenario,
)
from netjer.games.ankh.terms import named_ids
from netjer.i18n import N_, join_list
from netjer.i18n_sentences import Sentence

#: §4: every god has 6 Warriors; S0 step 2 / §4: each player starts with 1 Follower.
WARRIORS_PER_GOD: Final = 6
STARTING_FOLLOWERS: Final = 1
#: §2.1: 15 Ankh tokens per god, 6 of them on the dashboard's bottom row, the rest in the pool.
ANKH_TOKENS: Final = 15
DASHBOARD_ANKH_TOKENS: Final = 6
#: §6: the event marker starts on a start space before event 1; the track has 18 events.
EVENT_START_SPACE: Final = 0
#: §5: the Devotion track runs 0..31; everyone starts on 0.
DEVOTION_START: Final = 0

#: §7.1: the action rows, top to bottom.
ACTIONS: Final = ("move", "summon", "gain", "unlock")
#: §7.2: printed spaces per track (Move, Summon, Gain Followers 7; Unlock Ankh Power 6).
TRACK_SPACES: Final = (7, 7, 7, 6)

TrackLength = Literal["rulebook", "long"]


@mypyc_attr(native_class=False)  # compiled, only a plain class unpickles (Makefile)
@dataclass(frozen=True)
class ActionTrack:
    """One action track of the central board (rules/ankh.md §7.2).

    Spaces are numbered from the left, 0-based: spaces 0-3 are the start spaces labelled
    5P, 4P, 3P, 2P; the marker starts on ``start``, moves one space right per use, and the
    use that puts it on ``event_space`` fires the next event, after which it returns to
    ``start`` (the space of the player count the game *started* with, §7.2).

    Attributes:
        action: one of :data:`ACTIONS`.
        row: 0 (top, Move) to 3 (bottom, Unlock); a second action must be on a lower row (§7.1).
        spaces: printed spaces of the track (7, or 6 for Unlock).
        start: the start space for the player count.
        event_space: the space that fires the event.
    """

    action: str
    row: int
    spaces: int
    start: int
    event_space: int

    @property
    def uses(self) -> int:
        """Uses of the action per cycle; the last one fires the event (§7.2 table)."""
        return self.event_space - self.start


def action_tracks(players: int, track_length: TrackLength = "rulebook") -> tuple[ActionTrack, ...]:
    """The four action tracks for ``players`` players (rules/ankh.md §7.2).

    With ``"rulebook"`` (default, P/H citing Rulebook p.9), Move/Summon/Gain fire their event
    on use ``players + 1`` and Unlock on use ``players``: 2p 3/2, 3p 4/3, 4p 5/4, 5p 6/5.
    ``"long"`` is J's reading, one more use per cycle (its event space then lies past the
    printed end; only the count of uses matters).

    Raises:
        ConfigError: if ``players`` is not 2-5 or ``track_length`` is unknown.
    """
    _check_players(players)
    _check_track_length(track_length)
    start = MAX_PLAYERS - players  # 5P at space 0 ... 2P at space 3
    extra = 1 if track_length == "long" else 0
    return tuple(
        ActionTrack(action=a, row=row, spaces=n, start=start, event_space=n - 1 + extra)
        for row, (a, n) in enumerate(zip(ACTIONS, TRACK_SPACES, strict=True))
    )


# --- Guardians (§3) -----------------------------------------------------------------------


@mypyc_attr(native_class=False)  # compiled, only a plain class unpickles (Makefile)
@dataclass(frozen=True)
class GuardianType:
    """One of the six base-game Guardian types (rules/ankh.md §3).

    Attributes:
        id: the code name (``"cat-mummy"``).
        name: the printed name (``"Cat-Mummy"``).
        level: 1, 2 or 3.
        base: ``"small"`` or ``"large"`` (the size of the coloured base it takes).
        copies: miniatures in the box (3 small-base, 2 large-base).
        ability: a one-line reminder.
    """

    id: str
    name: str
    level: int
    base: str
    copies: int
    ability: str


def validate_guardians(file_name: str, data: object) -> tuple[GuardianType, ...]:
    """Check the Guardian catalogue against rules/ankh.md §3.

    Args:
        file_name: for messages.
        data: ``{"guardians": [{"id", "name", "level", "base", "copies", "ability"}, ...]}``.

    Returns:
        The six types in file order.

    Raises:
        DataFileError: unless there are exactly two types per level 1-3 with distinct ids,
            bases ``small`` (3 copies) or ``large`` (2 copies) (§3, S0 step 11).
    """

    def fail(msg: str) -> DataFileError:
        return DataFileError(f"Ankh Guardians {file_name}: {msg}")

    if not isinstance(data, dict) or not isinstance(data.get("guardians"), list):
        raise fail("expected an object with a 'guardians' list")
    out: list[GuardianType] = []
    for i, g in enumerate(data["guardians"], start=1):
        if not isinstance(g, dict):
            raise fail(f"entry #{i}: expected an object")
        gid, name, level, base, copies = (
            g.get("id"),
            g.get("name"),
            g.get("level"),
            g.get("base"),
            g.get("copies"),
        )
        if not isinstance(gid, str) or not gid or not isinstance(name, str) or not name:
            raise fail(f"entry #{i}: 'id' and 'name' must be non-empty strings")
        if level not in (1, 2, 3):
            raise fail(f"{name}: level must be 1, 2 or 3, got {level!r}")
        want = {"small": 3, "large": 2}.get(str(base))
        if want is None:
            raise fail(f"{name}: base must be 'small' or 'large', got {base!r}")
        if copies != want:
            raise fail(f"{name}: a {base}-base Guardian has {want} miniatures (§3), the file says {copies!r}")
        assert isinstance(level, int) and isinstance(base, str)
        out.append(
            GuardianType(id=gid, name=name, level=level, base=base, copies=want, ability=str(g.get("ability", "")))
        )
    ids = Counter(g.id for g in out)
    dup = [k for k, n in ids.items() if n > 1]
    if dup:
        raise fail(f"Guardian id {dup[0]!r} listed twice")
    per_level = Counter(g.level for g in out)
    if [per_level[lvl] for lvl in (1, 2, 3)] != [2, 2, 2]:
        found = dict(sorted(per_level.items()))
        raise fail(f"the base game has 2 Guardian types per level (§3); levels have {found}")
    return tuple(out)


@cache
def load_guardians() -> tuple[GuardianType, ...]:
    """The base game's Guardian types from ``data/guardians.json`` (cached).

    Raises:
        DataFileError: if the file is not JSON or fails :func:`validate_guardians`.
    """
    path = resources.files("netjer.games.ankh") / "data" / "guardians.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as err:
        raise DataFileError(f"Ankh Guardians guardians.json: line {err.lineno}: {err.msg}") from None
    return validate_guardians("guardians.json", data)


def guardian_miniatures(guardian: GuardianType, players: int) -> int:
    """Miniatures of a chosen Guardian type put beside its card (rules/ankh.md §3, S0 step 11).

    2 players: 1; 3 players: 2; 4 or 5 players: all (3 small-base, 2 large-base).

    Raises:
        ConfigError: if ``players`` is not 2-5.
    """
    _check_players(players)
    if players == 2:
        return 1
    if players == 3:
        return 2
    return guardian.copies


@mypyc_attr(native_class=False)  # compiled, only a plain class unpickles (Makefile)
@dataclass(frozen=True)
class GuardianSupply:
    """The Guardian type in play at one level and its miniatures beside the card (§3).

    Attributes:
        type: the chosen or drawn type.
        miniatures: how many may be gained in this game.
        drawn: True if drawn at random, False if chosen.
    """

    type: GuardianType
    miniatures: int
    drawn: bool


def _find_guardian(text: str, level: int) -> GuardianType:
    key = text.strip().lower().replace(" ", "-")
    of_level = [g for g in load_guardians() if g.level == level]
    for g in of_level:
        if key in (g.id, g.name.lower().replace(" ", "-")):
            return g
    message = N_("Ankh Guardian for level {level}: unknown or wrong-level '{text}' (level {level}: {names})")
    raise ConfigError(Sentence(message, level=level, text=text, names=named_ids("guardian", [g.id for g in of_level])))


# --- the setup ----------------------------------------------------------------------------


@mypyc_attr(native_class=False)  # compiled, only a plain class unpickles (Makefile)
@dataclass(frozen=True)
class SetupPiece:
    """A piece on the board at the start.

    Attributes:
        seat: the owning seat (0-based), or ``None`` for a neutral Monument.
        kind: ``"god"``, ``"warrior"``, ``"obelisk"``, ``"temple"`` or ``"pyramid"``.
        hex: the board hex.
    """

    seat: int | None
    kind: str
    hex: int


@mypyc_attr(native_class=False)  # compiled, only a plain class unpickles (Makefile)
@dataclass(frozen=True)
class AnkhSetup:
    """Everything on the table when the first turn begins.

    Seats are numbered clockwise round the table, 0-based; the scenario's player #k is the
    seat ``player_seat[k - 1]`` (S0 step 10: #1 is the first player, #2 on their left).

    Attributes:
        players: the player count.
        scenario: the :class:`~netjer.games.ankh.scenarios.Scenario`.
        first_player: the seat that plays first.
        turn_order: all seats in turn order from the first player (clockwise, S0 step 4).
        player_seat: seat of scenario player #1, #2, ...
        devotion: Devotion of each seat (all 0).
        devotion_stack: the seats' Ankh tokens on space 0 from bottom to top, i.e. in
            ascending Devotion order: last player at the bottom, first player on top (§5).
        followers: Followers of each seat (1 each).
        action_tracks: the four tracks for this player count (§7.2).
        action_markers: the space of each track's marker (its ``start``).
        event_space: the event marker's space (0 = the start space, before event 1; §6).
        guardians: the Guardian type and miniatures at levels 1, 2, 3 (§3).
        regions: the regions after the scenario's camels.
        token_of_region: the Conflict Order token on each region.
        conflict_tokens_in_supply: tokens not on the board, ascending (§6: a split takes the
            lowest).
        pieces: the pieces on the board.
        warriors_in_pool: Warriors of each seat not on the board (6 minus placed, §4).
        ankh_tokens_in_pool: each seat's Ankh tokens for marking Monuments (15 - 6 on the
            dashboard - 1 per controlled Monument, §2.1).
        dashboard_ankh_tokens: tokens on each seat's dashboard bottom row (6, §2.1).
        monuments_in_supply: Monuments left in the supply (10 minus placed, §9), per type in
            :data:`~netjer.games.ankh.scenarios.MONUMENT_KINDS` order (obelisk, temple, pyramid).
        camels_in_supply: camels left (30 minus placed, §6).
    """

    players: int
    scenario: Scenario
    first_player: int
    turn_order: tuple[int, ...]
    player_seat: tuple[int, ...]
    devotion: tuple[int, ...]
    devotion_stack: tuple[int, ...]
    followers: tuple[int, ...]
    action_tracks: tuple[ActionTrack, ...]
    action_markers: tuple[int, ...]
    event_space: int
    guardians: tuple[GuardianSupply, ...]
    regions: RegionMap
    token_of_region: tuple[int, ...]
    conflict_tokens_in_supply: tuple[int, ...]
    pieces: tuple[SetupPiece, ...]
    warriors_in_pool: tuple[int, ...]
    ankh_tokens_in_pool: tuple[int, ...]
    dashboard_ankh_tokens: tuple[int, ...]
    monuments_in_supply: tuple[int, ...]
    camels_in_supply: int


def _check_players(players: int) -> None:
    if not isinstance(players, int) or isinstance(players, bool) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        message = N_("Ankh is for {low} to {high} players, not {players}")
        raise ConfigError(Sentence(message, low=MIN_PLAYERS, high=MAX_PLAYERS, players=repr(players)))


#: :func:`_seated_pieces` per scenario and seating: a new game builds the same immutable
#: pieces and counts again and again (random playouts start thousands of games).
_Seated = tuple[tuple[SetupPiece, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]
_SEATED: Final[dict[tuple[int, tuple[int, ...]], tuple[Scenario, _Seated]]] = {}


def _seated_pieces(scen: Scenario, player_seat: tuple[int, ...]) -> _Seated:
    """The scenario's pieces seated (S0 step 10: scenario player #k at ``player_seat[k - 1]``),
    and what they take from the supplies: (pieces, Warriors left in each pool, Ankh tokens left
    in each pool, Monuments left in the supply by kind).  Cached per scenario object (scenarios
    are loaded once, :func:`load_scenario`) and seating; every value is immutable."""
    key = (id(scen), player_seat)
    hit = _SEATED.get(key)
    if hit is not None and hit[0] is scen:
        return hit[1]
    pieces = tuple(
        SetupPiece(seat=None if p.player is None else player_seat[p.player - 1], kind=p.kind, hex=p.hex)
        for p in scen.pieces
    )
    players = len(player_seat)
    warriors = [WARRIORS_PER_GOD] * players
    pool = [ANKH_TOKENS - DASHBOARD_ANKH_TOKENS] * players
    for piece in pieces:
        if piece.seat is None:
            continue
        if piece.kind == "warrior":
            warriors[piece.seat] -= 1
        elif piece.kind in MONUMENT_KINDS:
            pool[piece.seat] -= 1
    placed = Counter(p.kind for p in pieces)
    seated = (pieces, tuple(warriors), tuple(pool), tuple(MONUMENTS_PER_TYPE - placed[k] for k in MONUMENT_KINDS))
    _SEATED[key] = (scen, seated)
    return seated


def initial_setup(
    players: int,
    scenario: str,
    rng: Rng,
    *,
    guardians: Sequence[str | None] | None = None,
    first_player: int | None = None,
    track_length: TrackLength = "rulebook",
    start_rotation: int = 0,
) -> AnkhSetup:
    """The table at the start of a game (S0 setup steps 1-12, rules/ankh.md §3, §5, §7.2, §8.3).

    Args:
        players: 2 to 5.
        scenario: ``"middle-kingdom"`` or ``"old-kingdom"`` (§8.3; Netjer's labels).
        rng: the game's seeded generator; advanced by the draws listed in the module doc.
        guardians: for levels 1, 2, 3, a Guardian type id or name to *choose* it, or
            ``None`` to *draw* it (S0 step 11: "everyone agrees or randomly"); default: draw
            all three.
        first_player: the first player's seat, or ``None`` to draw it (S0 step 4).
        track_length: ``"rulebook"`` or ``"long"`` (option ``track_length``, §7.2).
        start_rotation: 0 (the rules, S0 step 10: scenario player #k is the k-th in turn
            order), or ``r`` to seat scenario player #k at turn position ``k + r`` (mod the
            players): an analysis option, not a rule, that tells a start position's effect
            from a turn position's (option ``start_rotation``, docs/balance.md).

    Returns:
        The :class:`AnkhSetup`.

    Raises:
        ConfigError: for a player count outside 2-5, a scenario not made for that count, a
            Guardian of the wrong level or unknown, a ``guardians`` list not of length 3, a
            first player outside the seats, an unknown track length, or a start rotation
            outside 0 to ``players - 1``.
        DataFileError: if a data file is corrupt.
    """
    _check_players(players)
    if scenario not in SCENARIO_NAMES:
        message = N_("unknown Ankh scenario '{name}'; expected one of {names}")
        raise ConfigError(Sentence(message, name=scenario, names=join_list(SCENARIO_NAMES)))
    scen = load_scenario(scenario, players)
    _check_track_length(track_length)
    choices: Sequence[str | None] = guardians if guardians is not None else (None, None, None)
    if isinstance(choices, str) or len(choices) != 3:
        raise ConfigError(
            Sentence(N_("Ankh guardians: give one choice (a type, or None to draw) for each of levels 1, 2, 3"))
        )
    chosen = [None if c is None else _find_guardian(c, level) for level, c in zip((1, 2, 3), choices, strict=True)]

    # (1) first player
    if first_player is None:
        first = rng.below(players)
    else:
        if not isinstance(first_player, int) or not 0 <= first_player < players:
            message = N_("Ankh first_player must be a seat 0 to {last}, got {value}")
            raise ConfigError(Sentence(message, last=players - 1, value=repr(first_player)))
        first = first_player
    # (2) Guardians, one type per level
    types = tuple(
        rng.choice(_guardians_of_level(level)) if pick is None else pick for level, pick in enumerate(chosen, 1)
    )

    if not isinstance(start_rotation, int) or not 0 <= start_rotation < players:
        message = N_("Ankh start_rotation must be 0 to {last}, got {value}")
        raise ConfigError(Sentence(message, last=players - 1, value=repr(start_rotation)))
    # Everything above is checks and the draws; the record below is a function of what they
    # gave, built once per distinct outcome (:data:`_SETUPS`).
    key = (id(scen), track_length, first, start_rotation, tuple(t.id for t in types), tuple(c is None for c in chosen))
    hit = _SETUPS.get(key)
    if hit is not None and hit[0] is scen:
        return hit[1]
    setup = _assemble(scen, action_tracks(players, track_length), first, types, key[5], start_rotation)
    _SETUPS[key] = (scen, setup)
    return setup


#: :func:`initial_setup`'s records per outcome of its checks and draws: (``id`` of the scenario
#: object, track length, first player, start rotation, the Guardian type ids of levels 1-3, which
#: of them were drawn) -> (the scenario, the record).  A new game used to build the same frozen
#: record again (action tracks, Guardian supplies, about twenty tuples: some 100,000
#: instructions in the compiled build, as much as 3 % of a 2-player random playout; issue 34); a
#: record is immutable, so games share it.  The entry keeps its scenario, checked with ``is``
#: (scenarios are loaded once, so the ``id`` is not reused), as :data:`_SEATED` does.
_SETUPS: Final[dict[tuple[int, str, int, int, tuple[str, ...], tuple[bool, ...]], tuple[Scenario, AnkhSetup]]] = {}


def _check_track_length(track_length: str) -> None:
    if track_length not in ("rulebook", "long"):
        message = N_("Ankh option track_length: expected 'rulebook' or 'long', got '{value}'")
        raise ConfigError(Sentence(message, value=str(track_length)))


@cache
def _guardians_of_level(level: int) -> tuple[GuardianType, ...]:
    """The Guardian types of ``level`` in data-file order (the order of the draw's choices)."""
    return tuple(t for t in load_guardians() if t.level == level)


def _assemble(
    scen: Scenario,
    tracks: tuple[ActionTrack, ...],
    first: int,
    types: tuple[GuardianType, ...],
    drawn: tuple[bool, ...],
    start_rotation: int,
) -> AnkhSetup:
    """The :class:`AnkhSetup` of a checked set-up whose draws are done (see :func:`initial_setup`)."""
    players = scen.players
    turn_order = tuple((first + k) % players for k in range(players))
    supplies = tuple(
        GuardianSupply(type=g, miniatures=guardian_miniatures(g, players), drawn=d)
        for g, d in zip(types, drawn, strict=True)
    )
    # Scenario player #k sits k-1 places clockwise of the first player (S0 step 10), or, for
    # analysis only, k-1+start_rotation places.
    player_seat = tuple(turn_order[(k + start_rotation) % players] for k in range(players))
    pieces, warriors, pool, monuments = _seated_pieces(scen, player_seat)
    on_board = set(scen.token_of_region)
    return AnkhSetup(
        players=players,
        scenario=scen,
        first_player=first,
        turn_order=turn_order,
        player_seat=player_seat,
        devotion=(DEVOTION_START,) * players,
        devotion_stack=tuple(reversed(turn_order)),
        followers=(STARTING_FOLLOWERS,) * players,
        action_tracks=tracks,
        action_markers=tuple(t.start for t in tracks),
        event_space=EVENT_START_SPACE,
        guardians=supplies,
        regions=scen.regions,
        token_of_region=scen.token_of_region,
        conflict_tokens_in_supply=tuple(t for t in range(1, CONFLICT_ORDER_TOKENS + 1) if t not in on_board),
        pieces=pieces,
        warriors_in_pool=warriors,
        ankh_tokens_in_pool=pool,
        dashboard_ankh_tokens=(DASHBOARD_ANKH_TOKENS,) * players,
        monuments_in_supply=monuments,
        camels_in_supply=CAMELS - sum(len(line) for line in scen.camel_lines),
    )
