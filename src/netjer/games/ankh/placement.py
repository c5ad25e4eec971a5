"""Set up an Ankh position for a rules question, without touching the state's private fields
(issue 15 item 3; docs/ankh-positions.md): the position's description and its placing on a new
state, below the game (:mod:`netjer.games.ankh.game` places its named start positions with it);
the public builder is :func:`netjer.games.ankh.position.build_position`.

A :class:`PositionSpec` says what is on the table in the words of the rulebook: seats are
letters (``"A"`` is seat 0, the first player), hexes ``"r,c"`` (rules/ankh.md §8.2), pieces
``"A god 5,1"``, ``"B warrior 4,1"``, ``"A giant-scorpion 4,5 aim=N"``, ``"- temple 5,4"`` (a
neutral Monument).  :func:`place_position` checks it and turns a new state into an
:class:`~netjer.games.ankh.state.AnkhState` at the start of (or in the middle of) a turn, from
which everything runs through the public ``apply``.

The state is a real initial state of the same options and seed: only what the rules leave no
trace of is replaced (the pieces, the god boards, the event track, the turn, the god powers'
components), keeping every supply consistent — 6 Warriors per god, 10 Monuments per type, 15
Ankh tokens per god, the Guardian miniatures beside their cards.

The named start positions (option ``start``, docs/decisions/0025-named-start-positions.md) are
specs kept in ``data/starts.toml`` (:func:`start_spec`).

Every refusal is a :class:`~netjer.core.errors.ConfigError` (a ``ValueError``) whose message
starts with the name of the field at fault (``pieces[2]: ...``, ``devotion[B]: ...``).
"""

from __future__ import annotations

import dataclasses
import tomllib
import types
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from pydantic import TypeAdapter, ValidationError

from netjer.core.errors import ConfigError, DataFileError
from netjer.games.ankh.base import BOARD, TURN
from netjer.games.ankh.board import DIRECTION_NAMES
from netjer.games.ankh.cards import CARD_IDS
from netjer.games.ankh.events import EVENT_TRACK
from netjer.games.ankh.fields import pool_index, pool_range
from netjer.games.ankh.gods.anubis import SLOTS as ANUBIS_SLOTS
from netjer.games.ankh.gods.base import AMUN, ANUBIS, BASTET, GOD_IDS, HORUS, OSIRIS, RA, THOTH
from netjer.games.ankh.gods.bastet import CAT_NAMES, GONE, HAND
from netjer.games.ankh.gods.horus import EYES
from netjer.games.ankh.gods.osiris import TOKENS as UNDERWORLD_TOKENS
from netjer.games.ankh.gods.ra import SUN, SUN_TOKENS
from netjer.games.ankh.pieces import FIGURE_IDS, GOD, GUARDIAN_LEVEL, MONUMENT_IDS, WARRIOR
from netjer.games.ankh.powers import POWER_IDS, POWERS_PER_LEVEL_MAX
from netjer.games.ankh.setup import ACTIONS, DASHBOARD_ANKH_TOKENS, WARRIORS_PER_GOD
from netjer.games.ankh.state import AnkhState
from netjer.i18n import N_
from netjer.i18n_sentences import Sentence

#: Seat letters: ``A`` is seat 0.
SEATS = "ABCDE"
#: Devotion track spaces (§5).
DEVOTION_MAX = 31
#: Conflicts on the event track (§6).
CONFLICTS = sum(1 for e in EVENT_TRACK if e == "conflict")
MONUMENTS_PER_TYPE = 10
ANKH_TOKENS_PER_GOD = 15
CAMELS = 30
_APEP = FIGURE_IDS.index("apep")
_EVENT_KINDS = tuple(dict.fromkeys(EVENT_TRACK))


@dataclass(frozen=True)
class PositionSpec:
    """A position, as a rules question states it.  Every field has a neutral default.

    Attributes:
        players: 2-5.
        pieces: every piece on the board, ``"<seat|-> <kind> <r,c> [aim=<side>]"``; kinds are
            ``pieces.FIGURE_IDS`` and ``pieces.MONUMENT_IDS``; ``-`` only for a neutral Monument;
            ``aim`` only for a Giant Scorpion (a side ``N``..``NW``, §3).
        devotion: each seat's Devotion, 0-31 (default all 0, §5).
        stack: the Devotion track bottom to top as seat letters, for ties (default: by
            Devotion, then by seat, A lowest).
        followers: each seat's Followers (default 1 each, §2).
        powers: seat -> unlocked Ankh power ids (``powers.POWER_IDS``, §2.2).
        unlocked: seat -> dashboard tokens used (default: the number of powers).
        used: seat -> Battle card ids face up (``cards.CARD_IDS``, §1).
        pool: seat -> {Guardian kind: count} in the pool (Warriors in a pool are always 6 minus
            those on the board, trapped or removed).
        guardians: the Guardian types of levels 1, 2, 3 (option ``guardians``).
        gods: option ``gods`` (``"none"``: no god powers; ``"isis,ra"``: seat A Isis, B Ra).
        camels: camel edges ``"r,c|r,c"`` on the board (§8.1).
        tokens: Conflict Order token per region, keyed by a hex of the region (default: West 1,
            East 2, North 3, further regions numbered on).
        next_event: ``"conflict"``, ``"camel-caravan"`` or ``"control-monument"``: the next
            event is this kind and the Move marker stands one use before its event space, so
            that ``move`` then ``done`` fires it (§6, §7.2).
        conflict_number: with ``next_event="conflict"``: which Conflict it is (1-5); the
            Conflicts before it are done.
        markers: action (``move``, ``summon``, ``gain``, ``unlock``) -> its track marker's space,
            from the track's start space to one before its event space (§7.2; spaces numbered
            from 0 at the left, ``setup.ActionTrack``); applied after ``next_event``.
        turn: the seat whose turn it is (default: the first player).  The god whose action fires
            a Conflict holds the tie-breaker (§10.2): choose ``turn`` for that.
        first_action: the action (``move``, ``summon``, ``gain``, ``unlock``) already taken this
            turn: the position is then before the turn's second action (§7.1).
        merged: minor seat -> major seat for gods already merged (§10.4); the minor god has
            nothing on the board, its seat plays the major god.
        anubis_trapped: owners (seat letters) of the Warriors in Anubis's slots (§4.1 Anubis).
        thoth_scale: Followers on Thoth's scale (§4.2 Thoth).
        ra_radiant: hexes of Ra's Radiant figures, each carrying a Sun token (§4.1 Ra).
        bastet_cats: cat (``+1``, ``+3``, ``star``) -> a hex with a Monument, ``hand`` (beside
            her board) or ``gone`` (default: all in hand, §4.2 Bastet).
        bastet_face_up: the cats that are face up.
        horus_eyes: Conflict Order tokens of the regions holding an Eye (§4.2 Horus).
        osiris_underworld: hexes of the Underworld tokens (§4.1 Osiris).
        amun_token_up: whether Amun's token is face up (unused in this Conflict, §4.1 Amun).
        options: other game options (``AnkhGame``).
        seed: the game's seed.
    """

    players: int = 2
    pieces: Sequence[str] = ()
    devotion: Sequence[int] | None = None
    stack: Sequence[str] | None = None
    followers: Sequence[int] | None = None
    powers: Mapping[str, Sequence[str]] = field(default_factory=dict)
    unlocked: Mapping[str, int] = field(default_factory=dict)
    used: Mapping[str, Sequence[str]] = field(default_factory=dict)
    pool: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    guardians: str = "cat-mummy,mummy,androsphinx"
    gods: str = "none"
    camels: Sequence[str] = ()
    tokens: Mapping[str, int] = field(default_factory=dict)
    next_event: str | None = None
    conflict_number: int = 1
    markers: Mapping[str, int] = field(default_factory=dict)
    turn: str | None = None
    first_action: str | None = None
    merged: Mapping[str, str] = field(default_factory=dict)
    anubis_trapped: Sequence[str] | None = None
    thoth_scale: int | None = None
    ra_radiant: Sequence[str] | None = None
    bastet_cats: Mapping[str, str] | None = None
    bastet_face_up: Sequence[str] | None = None
    horus_eyes: Sequence[int] | None = None
    osiris_underworld: Sequence[str] | None = None
    amun_token_up: bool | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    seed: int = 1


def _fail(where: str, why: str) -> ConfigError:
    return ConfigError(f"{where}: {why}")


@cache
def _field_types() -> dict[str, tuple[bool, TypeAdapter[Any]]]:
    """For each :class:`PositionSpec` field: whether it may be ``None``, and a Pydantic
    validator of its annotated type without ``None`` (the seed is left to ``AnkhGame``, which
    reads any whole number, NumPy's too)."""
    hints = typing.get_type_hints(PositionSpec)
    out: dict[str, tuple[bool, TypeAdapter[Any]]] = {}
    for f in dataclasses.fields(PositionSpec):
        if f.name != "seed":
            members = typing.get_args(hints[f.name]) if typing.get_origin(hints[f.name]) is types.UnionType else ()
            optional = type(None) in members
            kind = next(m for m in members if m is not type(None)) if optional else hints[f.name]
            out[f.name] = (optional, TypeAdapter(kind))
    return out


#: Fields of seat letters, which may be given as one text (``stack="ACB"``): each letter a seat.
_LETTER_FIELDS = frozenset({"stack", "anubis_trapped"})


def _check_types(spec: PositionSpec) -> None:
    """Refuse a field whose value is not of its annotated type (strictly: ``True`` is no
    number, a text is no list of texts), before any value is read: a wrong type once went on
    to a bare ``TypeError`` or ``AttributeError``, or was taken (``followers=[True, False]``).

    Raises:
        ConfigError: ``field[index]: what was expected, got value``, or ``field: a key: ...``.
    """
    for name, (optional, adapter) in _field_types().items():
        value = getattr(spec, name)
        if (value is None and optional) or (name in _LETTER_FIELDS and isinstance(value, str)):
            continue
        try:
            adapter.validate_python(value, strict=True)
        except ValidationError as err:
            first = err.errors()[0]
            loc = list(first["loc"])
            key = bool(loc) and loc[-1] == "[key]"  # a mapping's key is at fault, not its value
            path = loc[:-2] if key else loc
            where = name + "".join(f"[{p}]" for p in path)
            raise _fail(where, f"{'a key: ' if key else ''}{first['msg']}, got {first['input']!r}") from None


def _seat(where: str, letter: str, n: int) -> int:
    if not isinstance(letter, str) or len(letter) != 1 or letter.upper() not in SEATS[:n]:
        raise _fail(where, f"{letter!r} is not a seat of this game (A-{SEATS[n - 1]})")
    return SEATS.index(letter.upper())


def _hex(where: str, text: str) -> int:
    try:
        return BOARD.parse_hex(text)
    except ValueError as exc:
        raise _fail(where, str(exc)) from None


def _per_seat(where: str, values: Sequence[int] | None, n: int, default: int, low: int, high: int) -> list[int]:
    if values is None:
        return [default] * n
    out = list(values)
    if len(out) != n:
        raise _fail(where, f"{len(out)} values for {n} seats")
    for g, v in enumerate(out):
        if not isinstance(v, int) or not low <= v <= high:
            raise _fail(f"{where}[{SEATS[g]}]", f"{v!r} is outside {low}-{high}")
    return out


def spec_options(spec: PositionSpec) -> dict[str, Any]:
    """The game options a position is played with: its ``players``, ``gods`` and ``guardians``,
    seat A first (``first_player=0``) and its ``options``.

    Raises:
        ConfigError: for a field of the wrong type (as :func:`place_position`), or ``players``,
            ``gods`` or ``guardians`` given inside ``options``.
    """
    _check_types(spec)
    for key in ("players", "gods", "guardians"):
        if key in spec.options:
            raise _fail(f"options[{key}]", f"give it as the spec's field {key!r}")
    return {"players": spec.players, "first_player": 0, "guardians": spec.guardians, "gods": spec.gods, **spec.options}


#: The named start positions' file (option ``start``; docs/decisions/0025-named-start-positions.md).
STARTS_FILE = "starts.toml"


@cache
def _starts() -> dict[str, dict[str, Any]]:
    """Every named start position: name -> its :class:`PositionSpec` fields but the seed.

    Raises:
        DataFileError: for a file that is not TOML or an entry that is not a table.
    """
    where = f"games/ankh/data/{STARTS_FILE}"
    text = resources.files("netjer.games.ankh").joinpath("data", STARTS_FILE).read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise DataFileError(f"{where}: not valid TOML: {err}") from None
    for name, fields in data.items():
        if not isinstance(fields, dict) or "seed" in fields:
            raise DataFileError(f"{where}: [{name}]: a position's fields without a seed")
    return data


def start_names() -> list[str]:
    """The names of the start positions option ``start`` can name (``"first-game-1"``), in
    the file's order."""
    return list(_starts())


def start_spec(name: str, seed: int) -> PositionSpec:
    """The named start position ``name`` with ``seed``.

    Raises:
        ConfigError: ``start: no start position called ...`` naming the known ones, for a name
            that is none (a record or table naming a start this Netjer does not have).
        DataFileError: for an entry with a field :class:`PositionSpec` lacks.
    """
    starts = _starts()
    if name not in starts:
        message = N_("start: no start position called {name}; start positions: {starts}")
        raise ConfigError(Sentence(message, name=repr(name), starts=", ".join(starts)))
    try:
        return PositionSpec(**starts[name], seed=seed)
    except TypeError as err:
        raise DataFileError(f"games/ankh/data/{STARTS_FILE}: [{name}]: {err}") from None


def place_position(state: AnkhState, spec: PositionSpec) -> None:
    """Turn ``state``, a new state of the game :func:`spec_options` gives (with ``spec.seed``),
    into the position ``spec`` describes: whose seat ``spec.turn`` decides (phase ``turn``),
    with an empty log.  :func:`netjer.games.ankh.position.build_position` makes both; a game
    whose option ``start`` names a position places it on its own new state
    (:meth:`netjer.games.ankh.game.AnkhGame.new_initial_state`).

    Raises:
        ConfigError: for a field of the wrong type (a number given as text, a text for a list,
            ``True`` for a number) and for any field that names an unknown seat, hex, piece,
            power, card, cat or event, puts a piece on water or on an occupied hex, puts more
            pieces than the game has, gives a value out of range, or sets a god's components
            while that god is not in play; the message names the field.
    """
    _check_types(spec)
    _board(state, spec)
    state.refresh_figures()
    state.refresh_monuments()
    _god_boards(state, spec)
    _regions(state, spec)
    _events(state, spec)
    _markers(state, spec)
    # Decisions queued at setup (§4.2 Bastet places her cats) are replaced by ``bastet_cats``.
    state.tasks = []
    state.resume_stack = []
    _merges(state, spec)
    _components(state, spec)
    _turn(state, spec)
    state.log_lines = []
    state._legal = None


def _board(state: AnkhState, spec: PositionSpec) -> None:
    n, nh = spec.players, BOARD.num_hexes
    state.figure = [-1] * nh
    state.figure_owner = [-1] * nh
    state.monument = [-1] * nh
    state.monument_owner = [-1] * nh
    state.aim = [-1] * nh
    state.badge = [0] * nh
    state.monument_supply = [MONUMENTS_PER_TYPE] * 3
    state.ankh_pool = [ANKH_TOKENS_PER_GOD - DASHBOARD_ANKH_TOKENS] * n
    state.warriors_pool = [WARRIORS_PER_GOD] * n
    state.guardian_pool = [0] * (3 * n)
    gods_placed = [0] * n
    for i, text in enumerate(spec.pieces):
        where = f"pieces[{i}]"
        parts = text.split() if isinstance(text, str) else []
        if len(parts) < 3:
            raise _fail(where, f"{text!r}: expected '<seat|-> <kind> <r,c> [aim=<side>]'")
        who, kind, h = parts[0], parts[1], _hex(where, parts[2])
        owner = -1 if who == "-" else _seat(where, who, n)
        if state.figure[h] >= 0 or state.monument[h] >= 0:
            raise _fail(where, f"two pieces on {parts[2]} (§8.1)")
        if kind in MONUMENT_IDS:
            m = MONUMENT_IDS.index(kind)
            if not BOARD.is_land[h]:
                raise _fail(where, f"a Monument on water at {parts[2]} (§8.1)")
            if state.monument_supply[m] == 0:
                raise _fail(where, f"more than {MONUMENTS_PER_TYPE} {kind}s (§9)")
            if len(parts) > 3:
                raise _fail(where, f"a Monument takes no {parts[3]!r}")
            state.monument[h] = m
            state.monument_owner[h] = owner
            state.monument_supply[m] -= 1
            if owner >= 0:
                if state.ankh_pool[owner] == 0:
                    raise _fail(where, f"seat {who} has no Ankh token left to control it (§2.1)")
                state.ankh_pool[owner] -= 1
            continue
        if kind not in FIGURE_IDS:
            raise _fail(
                where, f"unknown piece {kind!r} (figures {', '.join(FIGURE_IDS)}; Monuments {', '.join(MONUMENT_IDS)})"
            )
        k = FIGURE_IDS.index(kind)
        if owner < 0:
            raise _fail(where, "a figure belongs to a seat, not '-'")
        if not BOARD.is_land[h] and k != _APEP:
            raise _fail(where, f"a {kind} on water at {parts[2]} (only Apep may be there, §3, §8.1)")
        state.figure[h] = k
        state.figure_owner[h] = owner
        if k == GOD:
            gods_placed[owner] += 1
            if gods_placed[owner] > 1:
                raise _fail(where, f"seat {who} has one God figure (§4)")
        elif k == WARRIOR:
            if state.warriors_pool[owner] == 0:
                raise _fail(where, f"seat {who} has {WARRIORS_PER_GOD} Warriors (§4)")
            state.warriors_pool[owner] -= 1
        else:
            level = GUARDIAN_LEVEL[k]
            if state.guardian_kind[level - 1] != k:
                raise _fail(where, f"{kind} is not this game's level {level} Guardian (option guardians)")
            if state.guardian_supply[level - 1] == 0:
                raise _fail(where, f"no {kind} left beside its card (§3)")
            state.guardian_supply[level - 1] -= 1
        for extra in parts[3:]:
            key, _, value = extra.partition("=")
            side = value.split("-")[0]
            if key != "aim" or side not in DIRECTION_NAMES:
                raise _fail(where, f"{extra!r}: expected aim=<{'|'.join(DIRECTION_NAMES)}>")
            if kind != "giant-scorpion":
                raise _fail(where, "only a Giant Scorpion aims (§3)")
            state.aim[h] = DIRECTION_NAMES.index(side)
    for letter, kinds in spec.pool.items():
        g = _seat("pool", letter, n)
        for kind, count in kinds.items():
            where = f"pool[{letter}][{kind}]"
            k = FIGURE_IDS.index(kind) if kind in FIGURE_IDS else -1
            if k not in GUARDIAN_LEVEL or state.guardian_kind[GUARDIAN_LEVEL[k] - 1] != k:
                raise _fail(
                    where, f"not a Guardian of this game ({', '.join(FIGURE_IDS[x] for x in state.guardian_kind)})"
                )
            level = GUARDIAN_LEVEL[k]
            if not isinstance(count, int) or count < 0 or count > state.guardian_supply[level - 1]:
                raise _fail(where, f"{count!r}: only {state.guardian_supply[level - 1]} left beside the card (§3)")
            state.guardian_pool[pool_index(g, level)] += count
            state.guardian_supply[level - 1] -= count


def _god_boards(state: AnkhState, spec: PositionSpec) -> None:
    n = spec.players
    state.devotion = _per_seat("devotion", spec.devotion, n, 0, 0, DEVOTION_MAX)
    if spec.stack is not None:
        stack = [_seat("stack", x, n) for x in spec.stack]
        if sorted(stack) != list(range(n)):
            raise _fail("stack", f"{list(spec.stack)} is not each seat once")
        values = [state.devotion[g] for g in stack]
        if values != sorted(values):
            raise _fail("stack", f"not in Devotion order ({values}, §5)")
        state.devotion_stack = stack
    else:
        state.devotion_stack = sorted(range(n), key=lambda g: (state.devotion[g], g))
    state.followers = _per_seat("followers", spec.followers, n, 1, 0, 10**6)
    for letter, ids in spec.powers.items():
        g = _seat("powers", letter, n)
        for pid in ids:
            if pid not in POWER_IDS:
                raise _fail(f"powers[{letter}]", f"unknown Ankh power {pid!r} ({', '.join(POWER_IDS)})")
            state.powers[g] |= 1 << POWER_IDS.index(pid)
        state.unlocked[g] = bin(state.powers[g]).count("1")
    for letter, count in spec.unlocked.items():
        g = _seat("unlocked", letter, n)
        if not isinstance(count, int) or not 0 <= count <= DASHBOARD_ANKH_TOKENS:
            raise _fail(f"unlocked[{letter}]", f"{count!r} is outside 0-{DASHBOARD_ANKH_TOKENS} (§2.1)")
        state.unlocked[g] = count
    # §2.1: at most two powers per level (a god's dashboard).  The order of the unlocks (levels
    # 1, 1, 2, 2, 3, 3) is not checked, so that a question can give a god one power alone.
    for g in range(n):
        for level in (1, 2, 3):
            have = sum(1 for p in range(4 * level - 4, 4 * level) if state.powers[g] >> p & 1)
            if have > POWERS_PER_LEVEL_MAX:
                raise _fail(
                    f"powers[{SEATS[g]}]", f"{have} level {level} powers (§2.1: at most {POWERS_PER_LEVEL_MAX})"
                )
    for letter, ids in spec.used.items():
        g = _seat("used", letter, n)
        for cid in ids:
            if cid not in CARD_IDS:
                raise _fail(f"used[{letter}]", f"unknown Battle card {cid!r} ({', '.join(CARD_IDS)})")
            state.used[g] |= 1 << CARD_IDS.index(cid)


def _regions(state: AnkhState, spec: PositionSpec) -> None:
    edges = []
    for i, text in enumerate(spec.camels):
        try:
            edges.append(BOARD.parse_edge(text))
        except ValueError as exc:
            raise _fail(f"camels[{i}]", str(exc)) from None
    try:
        regions = BOARD.regions_with_camels(edges)
    except ValueError as exc:
        raise _fail("camels", str(exc)) from None
    state.regions = regions
    given: dict[int, int] = {}
    for h, t in spec.tokens.items():
        r = regions.region_of[_hex(f"tokens[{h}]", h)]
        if r < 0:
            raise _fail(f"tokens[{h}]", "not in a region")
        if not isinstance(t, int) or not 1 <= t <= 8 or t in given.values():
            raise _fail(f"tokens[{h}]", f"{t!r}: Conflict Order tokens are 1-8, each once (§10.1)")
        given[r] = t
    if not given:
        for name, t in (("West", 1), ("East", 2), ("North", 3)):
            if regions.num_regions == 3:
                given[regions.region_of[BOARD.region_names[name]]] = t
    free = [t for t in range(1, 9) if t not in given.values()]
    if regions.num_regions - len(given) > len(free):
        raise _fail("tokens", "more regions than Conflict Order tokens")
    state.token_of_region = [given[r] if r in given else free.pop(0) for r in range(regions.num_regions)]
    state.token_supply = free
    state.camels = CAMELS - len(regions.camels)


def _events(state: AnkhState, spec: PositionSpec) -> None:
    if spec.next_event is None:
        return
    if spec.next_event not in _EVENT_KINDS:
        raise _fail("next_event", f"unknown event {spec.next_event!r} ({', '.join(_EVENT_KINDS)})")
    state.event_idx = EVENT_TRACK.index(spec.next_event)
    if spec.next_event == "conflict":
        if not isinstance(spec.conflict_number, int) or not 1 <= spec.conflict_number <= CONFLICTS:
            raise _fail("conflict_number", f"{spec.conflict_number!r} is outside 1-{CONFLICTS} (§6)")
        state.event_idx = [i for i, e in enumerate(EVENT_TRACK) if e == "conflict"][spec.conflict_number - 1]
        state.conflicts = spec.conflict_number - 1
    state.markers[0] = state.tracks[0].event_space - 1


def _markers(state: AnkhState, spec: PositionSpec) -> None:
    for action, space in spec.markers.items():
        if action not in ACTIONS:
            raise _fail("markers", f"unknown action {action!r} ({', '.join(ACTIONS)})")
        track = state.tracks[ACTIONS.index(action)]
        if not isinstance(space, int) or not track.start <= space < track.event_space:
            raise _fail(f"markers[{action}]", f"{space!r} is outside {track.start}-{track.event_space - 1} (§7.2)")
        state.markers[ACTIONS.index(action)] = space


def _merges(state: AnkhState, spec: PositionSpec) -> None:
    n = spec.players
    for minor_letter, major_letter in spec.merged.items():
        where = f"merged[{minor_letter}]"
        minor, major = _seat("merged", minor_letter, n), _seat(where, major_letter, n)
        if minor == major or not state.alive[major] or not state.alive[minor]:
            raise _fail(where, "a merge joins two gods still in the game (§10.4)")
        if any(o == minor for o in state.figure_owner) or any(o == minor for o in state.monument_owner):
            raise _fail(where, "the minor god keeps nothing on the board (§10.4)")
        if any(state.guardian_pool[pool_range(minor)]):
            raise _fail(where, "the minor god's Guardians are kept by the major or leave the game (§10.4)")
        state.followers[major] += state.followers[minor]
        state.followers[minor] = 0
        state.removed_warriors[minor] += state.warriors_pool[minor]
        state.warriors_pool[minor] = 0
        state.ankh_pool[minor] = 0
        state.used[minor] = 0
        if state.merged_combined:
            state.powers[major] |= state.powers[minor]
        state.alive[minor] = False
        state.devotion_stack.remove(minor)
        for s in range(n):
            if state.god_of_seat[s] == minor:
                state.god_of_seat[s] = major
        for i, g in enumerate(state.holder):
            if g == minor:
                state.holder[i] = major
    if spec.merged:
        state.refresh_hooks()
        anubis = state.power_data[ANUBIS]
        if anubis is not None:
            anubis.god = state.holder[ANUBIS]  # who holds Anubis now (read at a later merge)


def _holder(state: AnkhState, god: int, where: str) -> int:
    holder = state.holder[god]
    if holder < 0:
        raise _fail(
            where, f"{GOD_IDS[god].capitalize()} is not in play (option gods: {state.game.options_dict()['gods']!r})"
        )
    return holder


def _components(state: AnkhState, spec: PositionSpec) -> None:
    n = spec.players
    data: Any
    if spec.anubis_trapped is not None:
        _holder(state, ANUBIS, "anubis_trapped")
        owners = [_seat("anubis_trapped", x, n) for x in spec.anubis_trapped]
        if len(owners) > ANUBIS_SLOTS:
            raise _fail("anubis_trapped", f"Anubis has {ANUBIS_SLOTS} slots (§4.1 Anubis)")
        for g in owners:
            if not state.alive[g]:
                raise _fail("anubis_trapped", f"seat {SEATS[g]}'s god has left the game with its Warriors (§10.4)")
            if state.warriors_pool[g] == 0:
                raise _fail("anubis_trapped", f"seat {SEATS[g]} has no Warrior left to trap")
            state.warriors_pool[g] -= 1
        state.power_data[ANUBIS].slots = owners
    if spec.thoth_scale is not None:
        _holder(state, THOTH, "thoth_scale")
        if not isinstance(spec.thoth_scale, int) or spec.thoth_scale < 0:
            raise _fail("thoth_scale", f"{spec.thoth_scale!r}: Followers on the scale are 0 or more")
        state.power_data[THOTH].scale = spec.thoth_scale
    if spec.ra_radiant is not None:
        ra = _holder(state, RA, "ra_radiant")
        if len(spec.ra_radiant) > SUN_TOKENS:
            raise _fail("ra_radiant", f"Ra has {SUN_TOKENS} Sun tokens (§4.1 Ra)")
        for text in spec.ra_radiant:
            h = _hex("ra_radiant", text)
            if state.figure_owner[h] != ra or state.figure[h] == GOD or state.badge[h] & SUN:
                raise _fail(
                    "ra_radiant", f"{text}: not a Warrior or Guardian of Ra's god without a Sun token (§4.1 Ra)"
                )
            state.badge[h] |= SUN
    if spec.bastet_cats is not None or spec.bastet_face_up is not None:
        _holder(state, BASTET, "bastet_cats")
        data = state.power_data[BASTET]
        data.at, data.up = [HAND, HAND, HAND], [False, False, False]
        regions: set[int] = set()
        for cat, place in (spec.bastet_cats or {}).items():
            where = f"bastet_cats[{cat}]"
            if cat not in CAT_NAMES:
                raise _fail("bastet_cats", f"unknown cat {cat!r} ({', '.join(CAT_NAMES)})")
            if place in ("hand", "gone"):
                data.at[CAT_NAMES.index(cat)] = HAND if place == "hand" else GONE
                continue
            h = _hex(where, place)
            if state.monument[h] < 0:
                raise _fail(where, f"{place}: a cat goes on a space with a Monument (§4.2 Bastet)")
            r = state.regions.region_of[h]
            if r in regions:
                raise _fail(where, f"{place}: one cat per region (§4.2 Bastet)")
            regions.add(r)
            data.at[CAT_NAMES.index(cat)] = h
        for cat in spec.bastet_face_up or ():
            if cat not in CAT_NAMES:
                raise _fail("bastet_face_up", f"unknown cat {cat!r} ({', '.join(CAT_NAMES)})")
            data.up[CAT_NAMES.index(cat)] = True
    if spec.horus_eyes is not None:
        _holder(state, HORUS, "horus_eyes")
        eyes = list(spec.horus_eyes)
        if len(eyes) > EYES or len(set(eyes)) != len(eyes):
            raise _fail("horus_eyes", f"Horus has {EYES} Eyes, one per region (§4.2 Horus)")
        for t in eyes:
            if t not in state.token_of_region:
                raise _fail("horus_eyes", f"{t!r} is not a Conflict Order token on the board")
        state.power_data[HORUS].eyes = eyes
    if spec.osiris_underworld is not None:
        osiris = _holder(state, OSIRIS, "osiris_underworld")
        if len(spec.osiris_underworld) > UNDERWORLD_TOKENS:
            raise _fail("osiris_underworld", f"Osiris has {UNDERWORLD_TOKENS} Underworld tokens (§4.1 Osiris)")
        state.reserved = [-1] * BOARD.num_hexes
        state.n_reserved = 0
        state.power_data[OSIRIS].tokens = []
        for text in spec.osiris_underworld:
            h = _hex("osiris_underworld", text)
            if not BOARD.is_land[h] or state.reserved[h] >= 0:
                raise _fail(
                    "osiris_underworld", f"{text}: an Underworld token goes on a free land space, one per space"
                )
            if state.figure_owner[h] not in (-1, osiris):
                raise _fail("osiris_underworld", f"{text}: only Osiris's figures stand on the Underworld (§4.1 Osiris)")
            state.power_data[OSIRIS].tokens.append(h)
            state.reserved[h] = osiris
            state.n_reserved += 1
    if spec.amun_token_up is not None:
        _holder(state, AMUN, "amun_token_up")
        state.power_data[AMUN].up = bool(spec.amun_token_up)


def _turn(state: AnkhState, spec: PositionSpec) -> None:
    seat = state.turn_order[0] if spec.turn is None else _seat("turn", spec.turn, spec.players)
    if not state.alive[state.god_of_seat[seat]]:
        raise _fail("turn", f"seat {SEATS[seat]}'s god is not in the game")
    state.turn_idx = state.turn_order.index(seat)
    state.phase = TURN
    state.to_move = seat
    state.actions_taken = 0
    state.last_row = -1
    if spec.first_action is not None:
        if spec.first_action not in ACTIONS:
            raise _fail("first_action", f"unknown action {spec.first_action!r} ({', '.join(ACTIONS)})")
        if ACTIONS.index(spec.first_action) == len(ACTIONS) - 1:
            raise _fail("first_action", "no action follows Unlock (§7.1: the second is on a lower row)")
        state.actions_taken = 1
        state.last_row = ACTIONS.index(spec.first_action)
