"""``AnkhState``: a position of Ankh: Gods of Egypt and the kernel contract (DESIGN.md).

The rules live in the chapter modules (see :mod:`netjer.games.ankh.base`); this module
builds the initial position from :func:`netjer.games.ankh.setup.initial_setup`, dispatches
each decision to its rule, and implements ``legal_actions``, ``apply``, ``clone``,
``observation``, ``determinize`` and ``full_state``.

Hidden information (§1, §10.3): a god's Battle card is secret from its choice until all
present gods have chosen (Amun's two cards too, §4.1), and a Plague bid until all bidders
have bid.  Hands are public in effect (every god holds the same seven cards and used cards are
face up), so a seat sees everything else, except what a god power hides (§4.2 Bastet's
face-down cats: each power's ``observe`` and ``resample``).  ``determinize`` re-deals only
those secrets of the other gods.

God powers (§4, :mod:`netjer.games.ankh.gods`): option ``gods`` gives or draws each seat's
god (:mod:`netjer.games.ankh.gods.registry`); their decisions are dispatched to the power
that owns the phase, and their components appear in the observation under ``god_powers``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from functools import cache, lru_cache
from operator import index
from typing import Any, ClassVar, Final, SupportsIndex, cast

from mypy_extensions import mypyc_attr

from netjer.core.action import Action
from netjer.core.rng import Rng
from netjer.core.state import TERMINAL, JsonDict, State
from netjer.games.ankh import battle, conflict, events, narration, secrecy, victory
from netjer.games.ankh.base import (
    AIM,
    B_APPLY,
    B_BIDS,
    B_RESOLVE,
    BID,
    BOARD,
    C_REGION,
    CARD,
    CONT_AIMED_MOVE,
    CONT_AIMED_TASK,
    CONT_START,
    IS_LAND,
    OVER,
    TURN,
    hexes_by_value,
)
from netjer.games.ankh.board import DIRECTION_NAMES, Board, RegionMap, Split
from netjer.games.ankh.cards import CARD_IDS, card_names, hand_of
from netjer.games.ankh.catalogue import translate as _
from netjer.games.ankh.events import EVENT_TRACK
from netjer.games.ankh.facets import report_facets
from netjer.games.ankh.fields import FIELDS, Battle
from netjer.games.ankh.gods.base import GOD_IDS, GOD_PHASE_BASE, NUM_GODS, PHASE_OWNER, Hooks, Task, hooks_for, power
from netjer.games.ankh.gods.registry import choose_gods
from netjer.games.ankh.interned import MAX_BID
from netjer.games.ankh.phases import BATTLE_STEPS, CONTINUATIONS, PHASE_RULES, STEP_NAMES, phase_name
from netjer.games.ankh.pieces import FIGURE_IDS, MONUMENT_IDS
from netjer.games.ankh.powers import power_names, unlock_level
from netjer.games.ankh.rules_queries import can_stand, controllers
from netjer.games.ankh.setup import ACTIONS, ActionTrack, SetupPiece, initial_setup
from netjer.games.ankh.terms import player_name
from netjer.i18n import join_list

#: ``"r,c"`` of every hex and ``"r,c|r,c"`` of every edge (observations are built often).
HEX_NAMES: Final[tuple[str, ...]] = tuple(BOARD.hex_name(h) for h in range(BOARD.num_hexes))
EDGE_NAMES: Final[tuple[str, ...]] = tuple(BOARD.edge_name(e) for e in range(BOARD.num_edges))

#: Observation tables (the same words as ``card_names``, ``hand_of`` and ``power_names``),
#: computed once per mask.
_CARD_NAMES: Final[tuple[tuple[str, ...], ...]] = tuple(tuple(card_names(m)) for m in range(1 << len(CARD_IDS)))
_HAND_NAMES: Final[tuple[tuple[str, ...], ...]] = tuple(
    tuple(CARD_IDS[c] for c in hand_of(m)) for m in range(1 << len(CARD_IDS))
)
#: Each god power's name by its id ("seth" -> "Seth"), filled as ``god_name`` meets them (a name
#: is written into the log at nearly every Conflict step).
_GOD_NAMES: Final[dict[str, str]] = {}
_AIM_NAMES: Final[tuple[str, ...]] = tuple(f"{DIRECTION_NAMES[s]}-{DIRECTION_NAMES[(s + 1) % 6]}" for s in range(6))


class _StartBoard:
    """The board fields of a game's first position, built from the setup's pieces (S0 steps
    8-10): every new game of a seating copies the same lists (:func:`_start_board`)."""

    def __init__(self, pieces: tuple[SetupPiece, ...], n: int) -> None:
        nh = BOARD.num_hexes
        self.figure = [-1] * nh
        self.figure_owner = [-1] * nh
        self.monument = [-1] * nh
        self.monument_owner = [-1] * nh
        for p in pieces:
            if p.kind in MONUMENT_IDS:
                self.monument[p.hex] = MONUMENT_IDS.index(p.kind)
                self.monument_owner[p.hex] = -1 if p.seat is None else p.seat
            else:
                self.figure[p.hex] = FIGURE_IDS.index(p.kind)
                self.figure_owner[p.hex] = -1 if p.seat is None else p.seat
        # What AnkhState.refresh_figures and refresh_monuments derive.
        self.figures_by_god = hexes_by_value(self.figure_owner, n)
        self.monuments_by_god = hexes_by_value(self.monument_owner, n)


#: :class:`_StartBoard` per tuple of setup pieces (``setup._seated_pieces`` keeps each tuple
#: for the process, so its ``id`` is not reused; the entry keeps it too, and is checked with ``is``).
_START_BOARDS: Final[dict[tuple[int, int], tuple[tuple[SetupPiece, ...], _StartBoard]]] = {}


def _start_board(pieces: tuple[SetupPiece, ...], n: int) -> _StartBoard:
    """The :class:`_StartBoard` of ``pieces`` for ``n`` gods (never to be modified: copy its lists)."""
    key = (id(pieces), n)
    hit = _START_BOARDS.get(key)
    if hit is not None and hit[0] is pieces:
        return hit[1]
    board = _StartBoard(pieces, n)
    _START_BOARDS[key] = (pieces, board)
    return board


@cache
def _power_names(mask: int) -> tuple[str, ...]:
    return tuple(power_names(mask))


def _powers_json(state: AnkhState, _: object) -> JsonDict:
    return {GOD_IDS[i]: power(i).full(state) for i, g in enumerate(state.holder) if g >= 0}


# --- observation parts ------------------------------------------------------------------------
#
# ``observation`` is called for every seat of every position by the web table, the research
# environments and the tensor; most of its parts change a few times a round.  Each part below is
# remembered in a slot together with *copies of the fields it was built from*, and reused only
# while those fields are equal (compared in C): a position changed by any means (``apply``, a
# test writing a field, the position builder) never shows a stale part, and no version counter
# has to be kept in step with the engine.  A remembered part is never changed, only replaced:
# ``observation`` gives its callers copies, ``shared_observation`` the parts themselves (so a
# reader that remembers the parts it last saw can tell an unchanged one by identity).


#: State objects whose parts a slot remembers apart (a vector environment's games, the tables
#: of a server process); past it the slot forgets them all and starts again.
SLOT_STATES: Final = 64


class _Slot:
    """One remembered part per state object: ``(fields it was built from, the part, ...)``.

    :meth:`entry_for` gives the entry last stored for the same object (``id``), else the last
    one stored for any: games observed in turn (a vector environment's) each keep theirs, and a
    copy of a position still finds its original's.  An entry is only a guess, always checked
    against the fields (an ``id`` reused by a new object is harmless).  Entries are replaced,
    never changed, so concurrent readers see either the old or the new one whole; a miss only
    costs building the part again."""

    __slots__ = ("by_state", "last")

    def __init__(self) -> None:
        self.by_state: dict[int, tuple[Any, ...]] = {}
        self.last: tuple[Any, ...] | None = None

    def entry_for(self, st: object) -> tuple[Any, ...] | None:
        """The entry stored for ``st``, else the last one stored, else None."""
        entry = self.by_state.get(id(st))
        return entry if entry is not None else self.last

    def store(self, st: object, entry: tuple[Any, ...]) -> None:
        """Remember ``entry`` for ``st`` (and as the last one)."""
        by_state = self.by_state
        key = id(st)
        if len(by_state) >= SLOT_STATES and key not in by_state:
            by_state.clear()
        by_state[key] = entry
        self.last = entry


_GODS: Final = _Slot()
_PIECES: Final = _Slot()
_TRACKS: Final = _Slot()
_SUPPLY: Final = _Slot()
_REGIONS: Final = _Slot()


def _gods_rows(st: AnkhState) -> tuple[tuple[JsonDict, ...], _GodTables]:
    """The observation's ``gods`` as remembered (shared: never to be changed): each god's board
    (public: the same for every seat), and the tables of the fields fixed for a game the rows
    were built with.

    The rows are remembered with the fields they were built from; when some of those
    fields changed, only the rows of the gods whose values changed are built again, from
    the parts that depend only on the game's fixed fields (:class:`_GodTables`)."""
    fixed = (st.game, st.god_ids, st.guardian_kind, st.god_of_seat, st.holder)
    per_god: tuple[list[Any], ...] = (
        st.alive,
        st.devotion,
        st.followers,
        st.powers,
        st.unlocked,
        st.ankh_pool,
        st.warriors_pool,
        st.used,
        st.guardian_pool,  # three per god
    )
    entry = _GODS.entry_for(st)
    if entry is not None and entry[0][0] == fixed:
        rows: tuple[JsonDict, ...] = entry[1]
        before: tuple[list[Any], ...] = entry[0][1]
        tables: _GodTables = entry[0][2]
        if before != per_god:
            changed: set[int] = set()
            for old, new in zip(before, per_god, strict=True):
                if old != new:
                    step = 3 if new is st.guardian_pool else 1
                    changed.update(i // step for i, (x, y) in enumerate(zip(old, new, strict=True)) if x != y)
            rows = tuple(_god_row(st, g, tables) if g in changed else row for g, row in enumerate(rows))
            _GODS.store(st, ((entry[0][0], tuple(x[:] for x in per_god), tables), rows))
    else:
        tables = _GodTables(st)
        rows = tuple(_god_row(st, g, tables) for g in range(st.n))
        _GODS.store(
            st,
            (((*fixed[:3], st.god_of_seat[:], st.holder[:]), tuple(x[:] for x in per_god), tables), rows),
        )
    return rows, tables


def _copy_god_rows(rows: tuple[JsonDict, ...]) -> list[JsonDict]:
    """The gods' rows as ``observation`` gives them: new dicts and lists a caller may change."""
    out = []
    for row in rows:
        info = row.copy()
        info["seats"] = row["seats"][:]
        info["powers"] = row["powers"][:]
        info["guardians_pool"] = row["guardians_pool"].copy()
        info["used_cards"] = row["used_cards"][:]
        info["hand"] = row["hand"][:]
        info["god_powers"] = row["god_powers"][:]
        out.append(info)
    return out


@mypyc_attr(native_class=False)  # compiled, only a plain class unpickles (Makefile)
class _GodTables:
    """The parts of the gods' rows that depend only on fields fixed for a game (or changed by a
    merge): each god's name, seats, deity and god powers held, and the Guardians' names."""

    __slots__ = ("deities", "god_powers", "guardian_names", "held", "names", "seats")

    def __init__(self, st: AnkhState) -> None:
        gods = range(st.n)
        god_of_seat, holder = st.god_of_seat, st.holder
        self.names = tuple(st.god_name(g) for g in gods)
        self.seats = tuple(tuple(s for s in gods if god_of_seat[s] == g) for g in gods)
        self.deities = tuple(st.god_ids[g] or None for g in gods)
        self.god_powers = tuple(tuple(GOD_IDS[i] for i, x in enumerate(holder) if x == g) for g in gods)
        self.guardian_names = tuple(FIGURE_IDS[k] for k in st.guardian_kind)
        #: ``(id, power, holder)`` of each god power in the game, in power order.
        self.held = tuple((GOD_IDS[i], power(i), g) for i, g in enumerate(holder) if g >= 0)


def _god_row(st: AnkhState, g: int, tables: _GodTables) -> JsonDict:
    """God ``g``'s board as the observation shows it (every seat sees the same)."""
    used = st.used[g]
    alive = st.alive[g]
    unlocked = st.unlocked[g]
    return {
        "god": g,
        "name": tables.names[g],
        "seats": list(tables.seats[g]) if alive else [],
        "alive": alive,
        "devotion": st.devotion[g],
        "followers": st.followers[g],
        "powers": list(_power_names(st.powers[g])),
        "unlocked": unlocked,
        "next_unlock_level": unlock_level(unlocked),
        "ankh_pool": st.ankh_pool[g],
        "warriors_pool": st.warriors_pool[g],
        "guardians_pool": dict(zip(tables.guardian_names, st.guardian_pool[g * 3 : g * 3 + 3], strict=True)),
        "used_cards": list(_CARD_NAMES[used]),
        "hand": list(_HAND_NAMES[used]),
        "deity": tables.deities[g],
        "god_powers": list(tables.god_powers[g]),
    }


def _pieces_rows(st: AnkhState) -> tuple[JsonDict, ...]:
    """The observation's ``pieces`` as remembered (shared: never to be changed): figures (with a
    Giant Scorpion's aim) and Monuments, by hex."""
    key = (st.figure, st.figure_owner, st.monument, st.monument_owner, st.aim)
    entry = _PIECES.entry_for(st)
    if entry is not None and entry[0] == key:
        rows: tuple[JsonDict, ...] = entry[1]
    else:
        rows = _build_pieces(st)
        _PIECES.store(st, (tuple(x[:] for x in key), rows))
    return rows


def _build_pieces(st: AnkhState) -> tuple[JsonDict, ...]:
    """The rows of :func:`_pieces_rows`, built from the fields (one pass over the hexes: finding
    the occupied ones in C and rebuilding only the changed hexes measured slower)."""
    pieces = []
    figure_owner, aim, monument, monument_owner = st.figure_owner, st.aim, st.monument, st.monument_owner
    for h, kind in enumerate(st.figure):
        if kind >= 0:
            piece: JsonDict = {"hex": HEX_NAMES[h], "kind": FIGURE_IDS[kind], "owner": figure_owner[h]}
            side = aim[h]
            if side >= 0:
                piece["aim"] = _AIM_NAMES[side]
            pieces.append(piece)
        if monument[h] >= 0:
            owner = monument_owner[h]
            pieces.append(
                {"hex": HEX_NAMES[h], "kind": MONUMENT_IDS[monument[h]], "owner": None if owner < 0 else owner}
            )
    return tuple(pieces)


def _tracks_rows(st: AnkhState) -> tuple[JsonDict, ...]:
    """The observation's ``action_tracks`` as remembered (shared): each track and its marker."""
    entry = _TRACKS.entry_for(st)
    if entry is None or entry[0][0] is not st.tracks or entry[0][1] != st.markers:
        rows = tuple(
            {"action": t.action, "marker": m, "start": t.start, "event_space": t.event_space}
            for t, m in zip(st.tracks, st.markers, strict=True)
        )
        entry = ((st.tracks, st.markers[:]), rows)
        _TRACKS.store(st, entry)
    tracks: tuple[JsonDict, ...] = entry[1]
    return tracks


def _supply_parts(st: AnkhState) -> tuple[tuple[JsonDict, ...], JsonDict]:
    """The observation's ``guardians`` (each level's kind and how many are left) and
    ``monument_supply``, as remembered (shared)."""
    key = (st.guardian_kind, st.guardian_supply, st.monument_supply)
    entry = _SUPPLY.entry_for(st)
    if entry is None or entry[0] != key:
        supply = st.guardian_supply
        guardians = tuple(
            {"kind": FIGURE_IDS[k], "level": lvl + 1, "left": supply[lvl]} for lvl, k in enumerate(st.guardian_kind)
        )
        monuments = dict(zip(MONUMENT_IDS, st.monument_supply, strict=True))
        entry = (tuple(x[:] for x in key), (guardians, monuments))
        _SUPPLY.store(st, entry)
    parts: tuple[tuple[JsonDict, ...], JsonDict] = entry[1]
    return parts


def _regions_rows(st: AnkhState) -> tuple[JsonDict, ...]:
    """The observation's ``regions`` as remembered (shared): each region's Conflict Order token,
    first hex and land count."""
    entry = _REGIONS.entry_for(st)
    if entry is None or entry[0][0] is not st.regions or entry[0][1] != st.token_of_region:
        tokens = st.token_of_region
        rows = tuple(
            {"token": tokens[r], "first_hex": first, "land": land}
            for r, (first, land) in enumerate(_region_rows(st.regions))
        )
        entry = ((st.regions, tokens[:]), rows)
        _REGIONS.store(st, entry)
    regions: tuple[JsonDict, ...] = entry[1]
    return regions


@lru_cache(maxsize=4096)
def _camel_names(regions: RegionMap) -> tuple[str, ...]:
    """The observation's ``camels`` of a region map (maps are immutable and shared)."""
    return tuple(sorted(EDGE_NAMES[e] for e in regions.camels))


@lru_cache(maxsize=4096)
def _region_rows(regions: RegionMap) -> tuple[tuple[str, int], ...]:
    """Each region's first hex and land count (the observation's ``regions`` without tokens)."""
    return tuple((HEX_NAMES[regions.regions[r][0]], regions.land_count[r]) for r in range(regions.num_regions))


@cache
def _sorted_slots(slots: frozenset[int]) -> tuple[int, ...]:
    return tuple(sorted(slots))


#: A line of the game log as written (:meth:`AnkhState.note`): its text, or a template and
#: its fields (strings, numbers, ``catalogue.Phrase`` and ``PhraseList``), formatted when the
#: log is read (:attr:`AnkhState.log`).
LogLine = str | tuple[str, dict[str, object]]

#: How ``full_state`` writes each JSON form of :data:`netjer.games.ankh.fields.JsonForm`
#: (``value`` is written as it is; ``derived`` is not written).
_TO_JSON: Final[dict[str, Callable[[AnkhState, Any], Any]]] = {
    "list": lambda _, v: list(v),
    "sorted": lambda _, v: sorted(v),
    "rows": lambda _, v: [list(x) for x in v],
    "phase": lambda _, v: phase_name(v),
    "camels": lambda _, v: sorted(v.camels),
    "split": lambda _, v: None if v is None else list(v.line),
    "tracks": lambda _, v: [[t.action, t.spaces, t.start, t.event_space] for t in v],
    "powers": _powers_json,
    "record": lambda _, v: v.to_json(),
    "log": lambda st, _: list(st.log),
}


# Compiled (``make compiled``), a native class: its fields are slots of a C struct.  Like the
# kernel's ``State`` it is serializable (pickled through its fields; ``__new__`` does not call
# ``__init__``, which ``_copy_position`` relies on).
@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class AnkhState(State):
    """A position of Ankh.  Build one with ``AnkhGame.new_initial_state(seed)``.

    Its fields are declared, with what each holds, in :mod:`netjer.games.ankh.fields` (the
    annotations below give their types);
    read positions through ``observation(seat)`` outside the engine and its tests.
    """

    #: The map (§8.2), the same for every game: a class attribute, not a field of the state.
    board: ClassVar[Board] = BOARD
    # static for the game
    n: int
    second_optional: bool
    red_max: int
    guardian_slots: frozenset[int]
    merged_combined: bool
    satet_choose: bool
    tracks: tuple[ActionTrack, ...]
    guardian_kind: tuple[int, int, int]
    turn_order: tuple[int, ...]
    # board
    figure: list[int]
    figure_owner: list[int]
    figures_by_god: list[list[int]]
    monuments_by_god: list[list[int]]
    monument: list[int]
    monument_owner: list[int]
    aim: list[int]
    regions: RegionMap
    token_of_region: list[int]
    token_supply: list[int]
    camels: int
    monument_supply: list[int]
    guardian_supply: list[int]
    # gods
    devotion: list[int]
    followers: list[int]
    alive: list[bool]
    powers: list[int]
    unlocked: list[int]
    ankh_pool: list[int]
    warriors_pool: list[int]
    guardian_pool: list[int]
    used: list[int]
    seat_of_god: list[int]
    god_of_seat: list[int]
    devotion_stack: list[int]
    removed_warriors: list[int]
    removed_guardians: list[int]
    # tracks, events, turn
    markers: list[int]
    event_idx: int
    conflicts: int
    turn_idx: int
    actions_taken: int
    last_row: int
    pending_event: bool
    phase: int
    to_move: int
    # sub-decisions of actions and events
    moved: list[int]
    selected: int
    push_at: int
    pyramids_used: list[int]
    pyramid_selected: int
    aim_hex: int
    aim_resume: int
    event_god: int
    camel_line: list[int]
    split: Split | None
    new_tokens: list[int]
    # conflict and battle
    conflict_step: int
    conflict_order: list[int]
    conflict_index: int
    tiebreaker_holder: int
    tiebreaker_used: bool
    battle: Battle
    mummy_queue: list[tuple[int, int]]
    merge_minor: int
    # god powers (rules/ankh.md §4; see the module doc)
    god_ids: tuple[str, ...]
    underworld_extra: bool
    holder: list[int]
    power_data: list[Any]
    hooks: Hooks
    tasks: list[Task]
    resume_stack: list[int]
    continuation: int
    reserved: list[int]
    n_reserved: int
    badge: list[int]
    window_done: bool
    ransom: bool
    # result
    winners: list[int]
    end_reason: str
    log_lines: list[LogLine]

    # --- hooks implemented by higher layers -------------------------------------------------

    # --- god powers' decisions and hooks ----------------------------------------------------

    def refresh_hooks(self) -> None:
        """Rebuild ``hooks`` from ``holder`` (after setup, a merge, a forgotten god)."""
        self.hooks = hooks_for(tuple(i for i, g in enumerate(self.holder) if g >= 0))

    def queue_task(self, phase: int, god: int, arg: int = 0, front: bool = False) -> None:
        """Queue a decision of ``god`` (a god power's task, or the engine's ``AIM``)."""
        if front:
            self.tasks.insert(0, (phase, god, arg))
        else:
            self.tasks.append((phase, god, arg))

    def ask_next_task(self) -> bool:
        """Ask the next queued decision (a Mummy's return first, §3); False when none is left.

        A task whose decision no longer exists (its god forgotten, or no legal action left) is
        dropped.  The legal actions of the task asked are computed here once and kept as the
        kernel's cache of this decision's list (``State.legal_actions``), which the engine
        would otherwise compute again for the same position (issue 34)."""

        while True:
            if self.mummy_queue:
                if conflict.mummy_step(self):
                    return True
                continue
            if not self.tasks:
                return False
            phase, god, arg = self.tasks[0]
            if phase == AIM:
                self.tasks.pop(0)
                if self.figure[arg] < 0:  # pragma: no cover - a Scorpion is aimed at once
                    continue
                self.aim_hex = arg
                self.push_continuation(CONT_AIMED_TASK)
                self.aim[arg] = -1
            else:
                legal = PHASE_OWNER[phase].legal(self, self.tasks[0]) if self.alive[god] else []
                if not legal:
                    self.tasks.pop(0)
                    continue
                self.phase = phase
                self.to_move = self.seat_of_god[god]
                self._legal = legal
                return True
            self.phase = phase
            self.to_move = self.seat_of_god[god]
            return True

    def next_task_or_resume(self) -> None:
        """After a queued decision: the next one, or resume (:meth:`resume`)."""
        if self.over:
            return
        if not self.ask_next_task():
            self.resume()

    def ask_queued_then(self, cont: int) -> None:
        """The flow reached a point where queued decisions are taken; then ``cont`` (a
        ``base.CONT_*``, pushed on the continuation stack)."""
        self.push_continuation(cont)
        if self.over:
            return
        if not self.ask_next_task():
            self.resume()

    # --- the continuation stack (docs/ankh-engine-flow.md) ------------------------------------

    def push_continuation(self, code: int) -> None:
        """A flow pauses for decisions: once they are taken it goes on with ``code`` (a
        ``base.CONT_*``, its entry of :data:`netjer.games.ankh.phases.CONTINUATIONS`).

        The record keeps the last of each kind pushed, as the two fields it replaced did
        (saved records' digests stay the same): ``continuation``, and ``aim_resume`` for a
        Giant Scorpion's aim (``CONT_AIMED_*`` less ``CONT_AIMED_MOVE``)."""
        self.resume_stack.append(code)
        if code >= CONT_AIMED_MOVE:
            self.aim_resume = code - CONT_AIMED_MOVE
        else:
            self.continuation = code

    def pop_continuation(self) -> int:
        """Take the innermost continuation off the stack, not run (the flow goes on itself)."""
        return self.resume_stack.pop()

    def can_stand(self, h: int, god: int) -> bool:
        """:func:`~netjer.games.ankh.rules_queries.can_stand` (the rule, §7.3, §8.1, §4.1 Osiris)."""
        return can_stand(self, h, god)

    # --- small queries ----------------------------------------------------------------------

    def god_name(self, god: int) -> str:
        """A player-facing name of god ``god``: the name of its god power ("Seth", §4), or its
        starting seat's name ("Player 3") when it has none (``gods=none``); in the process's
        language (:mod:`netjer.i18n`)."""
        try:  # a position still being built may lack the field (compiled: a slot read, not getattr's lookup by name)
            ids = self.god_ids
        except AttributeError:
            ids = ()
        gid = ids[god] if 0 <= god < len(ids) else ""
        if gid:
            name = _GOD_NAMES.get(gid)
            if name is None:
                name = _GOD_NAMES[gid] = power(GOD_IDS.index(gid)).name
            return _(name)  # a term of the catalogue (the rules texts' name, issue 32)
        return player_name(god)

    def write_log(self, text: str) -> None:
        """Add the line ``text`` to the log (:attr:`log`)."""
        self.log_lines.append(text)

    def note(self, template: str, **fields: object) -> None:
        """Add the line ``template.format(**fields)`` to the log, formatted when the log is
        read (:attr:`log`): a random playout writes many lines that nobody reads (issue 34).

        ``template`` is already in the process's language (``_("...")`` at the call), and the
        fields are strings, numbers and words put together when read (``catalogue.Phrase``,
        ``PhraseList``, whose names were taken in that language too), so the line reads as if
        formatted at once."""
        self.log_lines.append((template, fields))

    @property
    def log(self) -> list[str]:
        """The game log: one line per event, in order (the lines :meth:`note` kept as a
        template and its fields are formatted now, once).  The list is the state's own: a
        caller reads it, and writes through :meth:`write_log` and :meth:`note`."""
        lines = self.log_lines
        for i in range(len(lines)):
            line = lines[i]
            if not isinstance(line, str):
                lines[i] = line[0].format(**line[1])
        return cast("list[str]", lines)

    def hex_is_empty(self, h: int) -> bool:
        """Whether hex ``h`` holds no piece (§8.1: one figure or one Monument per space)."""
        return self.figure[h] < 0 and self.monument[h] < 0

    def is_free_land(self, h: int) -> bool:
        """Whether ``h`` is an empty land space (a legal end of a move or summon, §7.3)."""
        return IS_LAND[h] and self.figure[h] < 0 and self.monument[h] < 0

    def region_hexes(self, r: int) -> tuple[int, ...]:
        """The land hexes of region ``r`` and the water hexes touching it (§8.1)."""
        return self.regions.hexes_with_water(r)

    def gods_present(self, hexes: tuple[int, ...]) -> list[int]:
        """The gods with at least one figure on ``hexes`` (a region's presence, §10.1 step 3;
        during a Conflict by who the figures count for, §4.2 Seth), in ascending Devotion order."""
        owners = controllers(self)
        seen = 0  # a bit per god (compiled: native ints, no set; issue 34)
        for h in hexes:
            g = owners[h]
            if g >= 0:  # -1: no figure
                seen |= 1 << g
        return [g for g in self.devotion_stack if seen >> g & 1]

    def in_devotion_order(self, gods: list[int] | set[int]) -> list[int]:
        """``gods`` in ascending Devotion order (§5: lowest space first, bottom of a stack first)."""
        return [g for g in self.devotion_stack if g in gods]

    def refresh_figures(self) -> None:
        """Rebuild ``figures_by_god`` from ``figure_owner`` (after setup, a built position, a
        merge, a forgotten god: the rare writes; moves, placements and kills keep it up to
        date one hex at a time, :mod:`netjer.games.ankh.actions`, :func:`guardians.kill`)."""
        self.figures_by_god = hexes_by_value(self.figure_owner, self.n)

    def refresh_monuments(self) -> None:
        """Rebuild ``monuments_by_god`` from ``monument_owner`` (after setup, a built position, a
        merge, a forgotten god: the rare writes; a build, a claim and a Giant Scorpion's strike
        keep it up to date one hex at a time, :func:`battle.build`, :func:`events.claim`,
        :func:`guardians.scorpions_strike`)."""
        self.monuments_by_god = hexes_by_value(self.monument_owner, self.n)

    def living_gods(self) -> list[int]:
        """The gods still in the game, in seat order."""
        return [g for g in range(self.n) if self.alive[g]]

    def winner_seats(self) -> list[int]:
        """Seats that share in the win: every seat playing a winning god (§10.4: both players
        of a merged god win)."""
        return [s for s in range(self.n) if self.god_of_seat[s] in self.winners]

    def placings(self) -> list[float]:
        """Per seat, how high its god stands on the Devotion track (§10.6: the position of its
        token in the stack, higher is better; a shared space ranks by the stack), -1 for a
        forgotten god (§10.5).  Used to rank the seats still playing when a seat that left
        the game (a resignation at the web table) would otherwise take the win."""
        height = {g: float(i) for i, g in enumerate(self.devotion_stack)}
        return [height.get(self.god_of_seat[s], -1.0) for s in range(self.n)]

    def end_game(self, winners: list[int], reason: str) -> None:
        """End the game: ``winners`` are gods (may be empty: everyone loses, §10.5)."""
        self.winners = sorted(winners)
        self.end_reason = reason
        self.phase = OVER
        self.write_log(reason)

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        return self.phase == OVER

    def __init__(self, game: Any, seed: int) -> None:
        super().__init__(game, seed)
        opts = game.opts
        setup = initial_setup(
            opts.players,
            opts.scenario,
            self.rng,
            guardians=game.guardian_choices,
            first_player=opts.first_player,
            track_length=opts.track_length,
            start_rotation=opts.start_rotation,
        )
        n = self.n = opts.players
        self.second_optional = opts.second_action == "optional"
        self.red_max = opts.red_max
        self.guardian_slots = frozenset(opts.guardian_slots)
        self.merged_combined = opts.merged_powers == "combined"
        self.satet_choose = opts.satet_push == "choose"
        self.tracks = setup.action_tracks
        self.guardian_kind = tuple(FIGURE_IDS.index(s.type.id) for s in setup.guardians)  # type: ignore[assignment]
        self.turn_order = setup.turn_order
        nh = BOARD.num_hexes
        start = _start_board(setup.pieces, n)
        self.figure = start.figure[:]
        self.figure_owner = start.figure_owner[:]
        self.monument = start.monument[:]
        self.monument_owner = start.monument_owner[:]
        self.figures_by_god = [row[:] for row in start.figures_by_god]
        self.monuments_by_god = [row[:] for row in start.monuments_by_god]
        self.aim = [-1] * nh
        self.regions = setup.regions
        self.token_of_region = list(setup.token_of_region)
        self.token_supply = list(setup.conflict_tokens_in_supply)
        self.camels = setup.camels_in_supply
        self.monument_supply = list(setup.monuments_in_supply)
        self.guardian_supply = [s.miniatures for s in setup.guardians]
        self.devotion = list(setup.devotion)
        self.followers = list(setup.followers)
        self.alive = [True] * n
        self.powers = [0] * n
        self.unlocked = [0] * n
        self.ankh_pool = list(setup.ankh_tokens_in_pool)
        self.warriors_pool = list(setup.warriors_in_pool)
        self.guardian_pool = [0] * (3 * n)
        self.used = [0] * n
        self.seat_of_god = list(range(n))
        self.god_of_seat = list(range(n))
        self.devotion_stack = list(setup.devotion_stack)
        self.removed_warriors = [0] * n
        self.removed_guardians = [0, 0, 0]
        self.markers = list(setup.action_markers)
        self.event_idx = setup.event_space
        self.conflicts = 0
        self.turn_idx = 0
        self.actions_taken = 0
        self.last_row = -1
        self.pending_event = False
        self.phase = TURN
        self.to_move = setup.first_player
        self.moved = []
        self.selected = -1
        self.push_at = -1
        self.pyramids_used = []
        self.pyramid_selected = -1
        self.aim_hex = -1
        self.aim_resume = 0
        self.event_god = -1
        self.camel_line = []
        self.split = None
        self.new_tokens = []
        self.conflict_step = C_REGION
        self.conflict_order = []
        self.conflict_index = 0
        self.tiebreaker_holder = -1
        self.tiebreaker_used = False
        self.battle = Battle(n)
        self.mummy_queue = []
        self.merge_minor = -1
        self.winners = []
        self.end_reason = ""
        self.log_lines = []
        # God powers (§4): each seat's god, drawn after the setup's own draws.
        ids = choose_gods(game.god_choices, self.rng)
        self.god_ids = ids or ("",) * n
        self.underworld_extra = opts.osiris_underworld == "extra"
        self.holder = [-1] * NUM_GODS
        for g, gid in enumerate(ids):
            if gid:
                self.holder[GOD_IDS.index(gid)] = g
        self.tasks = []
        self.resume_stack = []
        self.continuation = CONT_START
        self.reserved = [-1] * nh
        self.n_reserved = 0
        self.badge = [0] * nh
        self.window_done = False
        self.ransom = False
        self.power_data = [None] * NUM_GODS
        self.refresh_hooks()
        for i, g in enumerate(self.holder):
            if g >= 0:
                self.power_data[i] = power(i).new_data(self, g)
        if any(ids):  # "none,none" gives no god a power: nothing to announce
            pair = _("{name} {value}")
            names = [pair.format(name=player_name(g), value=self.god_name(g)) for g, gid in enumerate(ids) if gid]
            self.note(_("gods: {gods}"), gods=join_list(names))
        for hook in self.hooks.on_setup:
            hook.on_setup(self)
        self.ask_queued_then(CONT_START)

    # --- the kernel contract ------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.to_move

    @property
    def is_terminal(self) -> bool:
        """True once the game is over (the kernel's test, without going through ``current_player``)."""
        return self.phase == OVER

    def simultaneous_window(self) -> Hashable | None:
        """In a Battle every god in it chooses its Battle card face down, Amun's second card
        included (rules/ankh.md §1, §10.3 step 1, §4.1), and every bidder bids for a Plague
        of Locusts in secret (§1): a window is one Battle's cards, or one Plague's bids."""
        if self.phase in (CARD, BID):
            return (phase_name(self.phase), self.conflicts, self.battle.region, len(self.battle.plagues))
        return None

    def _legal_actions(self) -> list[Action]:
        p = self.phase
        if p >= GOD_PHASE_BASE:
            return PHASE_OWNER[p].legal(self, self.tasks[0])
        return PHASE_RULES[p].legal(self)

    def _apply(self, action: Action) -> None:
        p = self.phase
        if p >= GOD_PHASE_BASE:
            task = self.tasks.pop(0)
            PHASE_OWNER[p].apply(self, task, action)
            self.next_task_or_resume()
            return
        PHASE_RULES[p].apply(self, action)

    def apply_god_turn_action(self, action: Action) -> None:
        """One of the god powers' turn choices (§4.2 Bastet's cats), by the power offering it."""
        god = self.god_of_seat[self.to_move]
        for p in self.hooks.turn_actions:
            if action in p.turn_actions(self, god):
                p.on_turn_action(self, god, action)
                return
        raise AssertionError(f"no power offers {action}")  # pragma: no cover - legality checked

    def resume(self) -> None:
        """Carry on with what the decisions taken interrupted: the innermost continuation,
        popped and run (its entry of :data:`netjer.games.ankh.phases.CONTINUATIONS`)."""
        CONTINUATIONS[self.resume_stack.pop()].run(self)

    # --- hand-overs between chapters -------------------------------------------------------------
    #
    # A chapter that hands control to a chapter above it (an action's marker fires an event, a
    # Battle step carries the Conflict on, the narration names the decision) asks the state,
    # which imports every chapter: a chapter imports only chapters below it, so the engine has
    # no import loop (docs/ankh-engine-flow.md; tests/games/ankh/test_imports.py).

    def fire_event(self, god: int) -> None:
        """Fire the event whose space the action marker reached, ``god`` triggering it (§6;
        :func:`netjer.games.ankh.events.fire_event`)."""
        events.fire_event(self, god)

    def run_conflict(self) -> None:
        """Carry the Conflict on until a decision is needed or it ends (§10;
        :func:`netjer.games.ankh.conflict.run_conflict`)."""
        conflict.run_conflict(self)

    def run_battle_step(self) -> bool:
        """Carry out the Conflict step ``conflict_step`` (its record in
        :data:`netjer.games.ankh.phases.BATTLE_STEPS`); True if it now waits for a decision."""
        return BATTLE_STEPS[self.conflict_step].run(self)

    def decision_name(self) -> str:
        """The name of the decision point ``phase`` (an engine phase's or a god power's)."""
        return phase_name(self.phase)

    def _returns(self) -> list[float]:
        return victory.returns_for_seats(self)

    def _why_illegal(self, action: Action) -> tuple[str, str]:
        p = self.phase
        if p >= GOD_PHASE_BASE:
            owner = PHASE_OWNER[p]
            rule, what = owner.PHASES[p][1:]
            return rule, owner.why_illegal(self, self.tasks[0], action) or _("the decision now: {prompt}").format(
                prompt=_(what)
            )
        pr = PHASE_RULES[p]
        if not isinstance(action, pr.types):
            return pr.rule, _("this is not the moment for that: {prompt}").format(prompt=_(pr.prompt))
        return pr.why_illegal(self, action, pr) or (
            pr.rule,
            _("the decision now: {prompt}").format(prompt=_(pr.prompt)),
        )

    # --- copies ------------------------------------------------------------------------------------

    def clone(self) -> AnkhState:
        """An independent copy, derived from the field declaration (:mod:`netjer.games.ankh.fields`):
        immutable fields shared, lists copied, the god powers' components copied one by one;
        the generator and history copied once."""
        new = self._copy_position()
        new.rng = self.rng.clone()
        new.history = self.history[:]
        return new

    def _copy_position(self) -> AnkhState:
        """A copy of the position whose generator and history are still this state's (shared):
        for ``determinize``, which replaces both, and ``clone``.

        Written out field by field, group by group as :data:`netjer.games.ankh.fields.FIELD_GROUPS`
        declares them, each copied as its ``copy`` mode says (``share``: the value itself;
        ``list``: ``[:]``; ``rows``: each row's ``[:]``; ``record`` and ``items``: ``copy()``):
        search clones states constantly, and in the compiled build (``make compiled``) these are
        reads and writes of a native class's slots.  tests/games/ankh/test_fields.py checks that
        the copy covers every declared field in its mode."""
        new = AnkhState.__new__(AnkhState)
        new.game = self.game
        new.seed = self.seed
        new.rng = self.rng
        new.history = self.history
        new._legal = self._legal
        # game
        new.n = self.n
        new.second_optional = self.second_optional
        new.red_max = self.red_max
        new.guardian_slots = self.guardian_slots
        new.merged_combined = self.merged_combined
        new.satet_choose = self.satet_choose
        new.underworld_extra = self.underworld_extra
        new.tracks = self.tracks
        new.guardian_kind = self.guardian_kind
        new.turn_order = self.turn_order
        new.god_ids = self.god_ids
        # board
        new.figure = self.figure[:]
        new.figure_owner = self.figure_owner[:]
        new.figures_by_god = [row[:] for row in self.figures_by_god]
        new.monument = self.monument[:]
        new.monument_owner = self.monument_owner[:]
        new.monuments_by_god = [row[:] for row in self.monuments_by_god]
        new.aim = self.aim[:]
        new.regions = self.regions
        new.token_of_region = self.token_of_region[:]
        new.token_supply = self.token_supply[:]
        new.camels = self.camels
        new.monument_supply = self.monument_supply[:]
        new.guardian_supply = self.guardian_supply[:]
        new.reserved = self.reserved[:]
        new.n_reserved = self.n_reserved
        new.badge = self.badge[:]
        # god boards
        new.devotion = self.devotion[:]
        new.devotion_stack = self.devotion_stack[:]
        new.followers = self.followers[:]
        new.alive = self.alive[:]
        new.powers = self.powers[:]
        new.unlocked = self.unlocked[:]
        new.ankh_pool = self.ankh_pool[:]
        new.warriors_pool = self.warriors_pool[:]
        new.guardian_pool = self.guardian_pool[:]
        new.used = self.used[:]
        new.seat_of_god = self.seat_of_god[:]
        new.god_of_seat = self.god_of_seat[:]
        new.removed_warriors = self.removed_warriors[:]
        new.removed_guardians = self.removed_guardians[:]
        # turn
        new.markers = self.markers[:]
        new.event_idx = self.event_idx
        new.conflicts = self.conflicts
        new.turn_idx = self.turn_idx
        new.actions_taken = self.actions_taken
        new.last_row = self.last_row
        new.pending_event = self.pending_event
        new.phase = self.phase
        new.to_move = self.to_move
        new.window_done = self.window_done
        new.ransom = self.ransom
        new.tasks = self.tasks[:]
        new.resume_stack = self.resume_stack[:]
        new.continuation = self.continuation
        # action steps
        new.moved = self.moved[:]
        new.selected = self.selected
        new.push_at = self.push_at
        new.pyramids_used = self.pyramids_used[:]
        new.pyramid_selected = self.pyramid_selected
        new.aim_hex = self.aim_hex
        new.aim_resume = self.aim_resume
        new.event_god = self.event_god
        new.camel_line = self.camel_line[:]
        new.split = self.split
        new.new_tokens = self.new_tokens[:]
        new.mummy_queue = self.mummy_queue[:]
        new.merge_minor = self.merge_minor
        # conflict
        new.conflict_step = self.conflict_step
        new.conflict_order = self.conflict_order[:]
        new.conflict_index = self.conflict_index
        new.tiebreaker_holder = self.tiebreaker_holder
        new.tiebreaker_used = self.tiebreaker_used
        # battle
        new.battle = self.battle.copy()
        # god powers
        new.holder = self.holder[:]
        new.power_data = [None if x is None else x.copy() for x in self.power_data]
        new.hooks = self.hooks
        # result
        new.winners = self.winners[:]
        new.end_reason = self.end_reason
        new.log_lines = self.log_lines[:]

        return new

    def _resample_hidden(self, seat: int, rng: Rng) -> AnkhState:
        """Re-deal the secrets ``seat`` cannot see (see ``State.determinize``): the other gods'
        chosen but unrevealed Battle cards (uniformly from their hands, which are public) and
        their Plague bids not yet resolved (uniformly from 0 to their Followers).  The copy
        shares this state's generator and history, which ``determinize`` replaces (a fresh
        generator from ``rng``, an empty history) without touching them.

        ``seat`` is a Python ``int``: ``determinize`` has checked it and converted a NumPy
        integer (the OpenSpiel adapter's resampling)."""
        new = self._copy_position()
        if secrecy.cards_hidden(self):
            for g in secrecy.hidden_gods(self, seat):
                if new.battle.card[g] >= 0:
                    new.battle.card[g] = -1  # so that battle.allowed_cards does not exclude it
                    new.battle.card[g] = first = rng.choice(battle.allowed_cards(new, g))
                    if new.battle.second_card[g] >= 0:
                        new.battle.second_card[g] = rng.choice([c for c in battle.allowed_cards(new, g) if c != first])
        elif secrecy.bids_hidden(self):
            for g in secrecy.hidden_gods(self, seat):
                if new.battle.bids[g] >= 0:
                    new.battle.bids[g] = rng.below(min(new.followers[g], MAX_BID) + 1)
        mine = self.god_of_seat[seat]
        for i, g in enumerate(self.holder):
            if g >= 0:
                power(i).resample(new, mine, rng)
        return new

    # --- views -----------------------------------------------------------------------------------

    def window_observation(self, seat: SupportsIndex, before: Mapping[int, State]) -> JsonDict:
        """``observation(seat)`` with each god ahead that has not chosen yet (``before``: see
        :meth:`netjer.core.state.State.window_observation`) shown as it really is: in the
        Battle's ``chosen`` (its card) and ``bid_made`` (its Plague bid) only if it had chosen
        before its first placeholder (rules/ankh.md §1: choices are secret, only their being
        made is seen).  ``seat`` as in :meth:`observation` (a bad one: SeatError)."""
        self.check_seat(seat)
        seat = index(seat)
        obs = self.observation(seat)
        view = obs.get("battle")
        if not view or "chosen" not in view:
            return obs
        for g, state in before.items():
            real = state.observation(seat).get("battle") or {}
            for key in ("chosen", "bid_made"):
                marked = set(view[key])
                if g in real.get(key, []):
                    marked.add(g)
                else:
                    marked.discard(g)
                order = list(view["gods"]) if key == "chosen" else list(range(self.n))  # as _battle_view
                view[key] = [x for x in order if x in marked]
        return obs

    # ``seat`` is typed ``SupportsIndex``, wider than the kernel's ``int``, here and in the other
    # methods that take a seat from outside (``window_observation``, ``describe_action``), so
    # that the compiled build (whose functions check their arguments' types on entry) leaves a
    # bad seat to ``check_seat`` and its SeatError, and accepts NumPy integers as the Python
    # build does.
    def observation(self, seat: SupportsIndex | None) -> JsonDict:
        """What ``seat`` knows (``None``: a spectator): everything except the other gods'
        unrevealed Battle cards and unresolved Plague bids (it sees that they have chosen).

        Every call returns new objects (a caller may change its observation).  The parts that
        change a few times a round (the gods' boards, the pieces, the regions) are built from
        small caches checked against the fields they read (:class:`_Slot`), so that an
        observation costs a few tens of microseconds (issue 15, ``benchmarks/ankh_observation.py``).
        """
        return self._observe(seat, False)

    def shared_observation(self, seat: SupportsIndex | None) -> JsonDict:
        """:meth:`observation` without its copies, for readers that only read (the research
        adapters' tensor writers, issue 34): equal to ``observation(seat)`` (with tuples for
        some of its lists), but its remembered parts, ``gods``, ``pieces``, ``camels``,
        ``regions``, ``action_tracks``, ``guardians`` and ``monument_supply``, are the engine's
        own objects, shared by every caller and by later calls while they stay unchanged.

        A caller must not change them (they would show in other observations); in exchange, a
        part that is the same object as one seen before is the same value, so a reader that
        remembers what it last saw skips it without a comparison.  A part that changed is a new
        object (a remembered part is replaced, never changed).  Everything else is built anew,
        as in :meth:`observation`.

        Raises:
            SeatError: for a seat that is not ``None`` or 0 to ``players - 1``.
        """
        return self._observe(seat, True)

    def _observe(self, seat: SupportsIndex | None, shared: bool) -> JsonDict:
        """:meth:`observation` (``shared`` False) or :meth:`shared_observation` (True)."""
        self.check_seat(seat)
        n = self.n
        phase = self.phase
        over = phase == OVER
        mine = None if seat is None else self.god_of_seat[seat]
        turn_order = self.turn_order
        god_rows, tables = _gods_rows(self)
        guardian_rows, monument_supply = _supply_parts(self)
        gods: Sequence[JsonDict] = god_rows
        guardians: Sequence[JsonDict] = guardian_rows
        pieces: Sequence[JsonDict] = _pieces_rows(self)
        tracks: Sequence[JsonDict] = _tracks_rows(self)
        regions: Sequence[JsonDict] = _regions_rows(self)
        camels: Sequence[str] = _camel_names(self.regions)
        if not shared:
            gods = _copy_god_rows(god_rows)
            guardians = list(map(dict.copy, guardian_rows))
            monument_supply = monument_supply.copy()
            pieces = list(map(dict.copy, pieces))
            tracks = list(map(dict.copy, tracks))
            regions = list(map(dict.copy, regions))
            camels = list(camels)
        return {
            "game": "ankh",
            "seat": seat,
            "god": mine,
            "players": n,
            "phase": phase_name(phase),
            "to_move": None if over else self.to_move,
            "turn": {
                "seat": turn_order[self.turn_idx],
                "actions_taken": self.actions_taken,
                "last_action": ACTIONS[self.last_row] if self.last_row >= 0 else None,
            },
            "turn_order": list(turn_order),
            "action_tracks": tracks,
            "events_done": self.event_idx,
            "event_track": list(EVENT_TRACK),
            "conflicts_done": self.conflicts,
            "devotion_track": list(self.devotion_stack),
            "red_max": self.red_max,
            "guardian_slots": list(_sorted_slots(self.guardian_slots)),
            "gods": gods,
            "guardians": guardians,
            "monument_supply": monument_supply,
            "camels_in_supply": self.camels,
            "conflict_tokens_in_supply": list(self.token_supply),
            "pieces": pieces,
            "camels": camels,
            "regions": regions,
            "pending": self._pending_view(),
            "battle": self._battle_view(mine),
            "god_powers": {gid: {"holder": g, **p.observe(self, mine)} for gid, p, g in tables.held},
            "winners": self.winner_seats() if over else None,
            "end_reason": self.end_reason or None,
            "log": list(self.log),
        }

    def _pending_view(self) -> JsonDict:
        """Public details of the decision in progress (its phase's ``pending``)."""
        p = self.phase
        out: JsonDict = (
            dict(PHASE_OWNER[p].pending(self, self.tasks[0])) if p >= GOD_PHASE_BASE else PHASE_RULES[p].pending(self)
        )
        if self.ransom:
            out["ransom"] = True
        return out

    def _battle_view(self, mine: int | None) -> JsonDict | None:
        """The Conflict in progress as the god ``mine`` (None: a spectator) sees it."""
        if self.conflicts >= conflict.LAST_CONFLICT or self.phase == OVER:
            return None
        if self.conflict_step == C_REGION and not self.conflict_order:
            return None
        if self.tiebreaker_holder < 0:
            return None
        view: JsonDict = {
            "tiebreaker": self.tiebreaker_holder,
            "tiebreaker_used": self.tiebreaker_used,
            "regions_left": [self.token_of_region[r] for r in self.conflict_order[self.conflict_index :]],
        }
        if self.conflict_step == C_REGION:
            return view
        b = self.battle
        cards: JsonDict = {}
        chosen = []
        hidden = secrecy.cards_hidden(self)
        for g in b.gods:
            c = b.card[g]
            if c < 0:
                continue
            chosen.append(g)
            if not hidden or g == mine:
                cards[str(g)] = CARD_IDS[c]
                if b.second_card[g] >= 0:
                    cards[str(g)] += " + " + CARD_IDS[b.second_card[g]]
        bids: JsonDict = {}
        bid_made = []
        if self.conflict_step == B_BIDS:
            for g in range(self.n):
                if b.bids[g] >= 0:
                    bid_made.append(g)
                    if g == mine:
                        bids[str(g)] = b.bids[g]
        view.update(
            {
                "region": self.token_of_region[b.region],
                "step": STEP_NAMES[self.conflict_step],
                "gods": list(b.gods),
                "chosen": chosen,
                "cards": cards,
                "bidders": list(b.bidders) if self.conflict_step == B_BIDS else [],
                "bid_made": bid_made,
                "bids": bids,
                "plagues_left": len(b.plagues),
                "kills": {str(g): b.kills[g] for g in b.gods},
                "two_cards": [g for g in b.gods if b.two_cards[g]],
                "forbidden": CARD_IDS[b.forbidden_card] if b.forbidden_card >= 0 else None,
                "strength": {str(g): b.strength[g] for g in b.gods} if self.conflict_step > B_RESOLVE else {},
                "winner": b.winner if self.conflict_step > B_APPLY else None,
            }
        )
        return view

    def full_state(self) -> JsonDict:
        """Every field of the declaration (:mod:`netjer.games.ankh.fields`) under its key, in its
        JSON form, after the kernel's seed, generator state and history."""
        out: JsonDict = {"seed": self.seed, "rng": self.rng.state, "history": [str(a) for a in self.history]}
        for f in FIELDS:
            form = f.json
            if form == "value":
                out[f.json_key] = getattr(self, f.name)
            elif form != "derived":
                out[f.json_key] = _TO_JSON[form](self, getattr(self, f.name))
        return out

    def public_scores(self) -> list[float] | None:
        """Each seat's god's Devotion (public)."""
        return [float(self.devotion[self.god_of_seat[s]]) for s in range(self.n)]

    def report_facets(self) -> dict[str, list[str]]:
        """Each seat's god, turn position, scenario and Guardians (:mod:`netjer.games.ankh.facets`)."""
        return report_facets(self)

    def describe_action(self, action: Action, viewer: SupportsIndex | None) -> str:
        """Words for ``action`` by the current player as ``viewer`` may know it: a Battle card,
        a bid or a face-down cat's face is told only to the seats of the god that chose it
        (:func:`netjer.games.ankh.narration.describe`).  ``viewer`` as in :meth:`observation`
        (a bad one: SeatError)."""
        return narration.describe(self, action, self.check_seat(viewer))
