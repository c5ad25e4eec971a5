"""Build Ankh positions for tests so that a case reads like rules/ankh.md §11 or
rules/ankh-cases.md.

Seats are letters: ``A`` is seat 0 (the first player), ``B`` seat 1, and so on.  Pieces are
written ``"A god 5,1"``, ``"B warrior 4,1"``, ``"A giant-scorpion 4,5 aim=N-NE"``,
``"- temple 5,4"`` (a neutral Monument), ``"C obelisk 6,6"`` (controlled by C).  The builder
starts from a real initial state and replaces only what the rules leave no trace of (the
pieces on the board, Devotion, Followers, powers, used cards, pools), keeping every supply
consistent (Warriors 6 per god, Monuments 10 per type, Ankh tokens 15 per god, Guardian
miniatures beside their cards).  Everything after that runs through the public ``apply``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from netjer.games.ankh import AnkhGame, AnkhState
from netjer.games.ankh.base import BOARD, MOVE_PICK, TURN
from netjer.games.ankh.board import DIRECTION_NAMES
from netjer.games.ankh.cards import CARD_IDS
from netjer.games.ankh.events import EVENT_TRACK
from netjer.games.ankh.pieces import FIGURE_IDS, GUARDIAN_LEVEL, MONUMENT_IDS, WARRIOR
from netjer.games.ankh.powers import POWER_IDS
from netjer.games.ankh.setup import DASHBOARD_ANKH_TOKENS, WARRIORS_PER_GOD

SEATS = "ABCDE"
A, B, C, D, E = range(5)


def hx(text: str) -> int:
    """The hex ``"r,c"``."""
    return BOARD.parse_hex(text)


def seat(letter: str) -> int:
    """``"A"`` -> 0."""
    return SEATS.index(letter.upper())


def position(
    players: int = 2,
    pieces: Iterable[str] = (),
    *,
    devotion: Sequence[int] | None = None,
    stack: Sequence[str] | None = None,
    followers: Sequence[int] | None = None,
    powers: Mapping[str, Iterable[str]] | None = None,
    used: Mapping[str, Iterable[str]] | None = None,
    pool: Mapping[str, Mapping[str, int]] | None = None,
    unlocked: Mapping[str, int] | None = None,
    guardians: str = "cat-mummy,mummy,androsphinx",
    gods: str = "none",
    camels: Iterable[str] = (),
    tokens: Mapping[str, int] | None = None,
    next_event: str | None = None,
    conflict_number: int = 1,
    options: Mapping[str, Any] | None = None,
    seed: int = 1,
) -> AnkhState:
    """A position at the start of seat A's turn.

    Args:
        players: 2-5.
        pieces: every piece on the board (the scenario's pieces are cleared first).
        devotion: Devotion of each seat (default all 0).
        stack: the Devotion track bottom to top as seat letters, for ties (default: by
            Devotion, then by seat, A lowest).
        followers: Followers of each seat (default 1).
        powers: seat letter -> Ankh power ids (``unlocked`` follows unless given).
        used: seat letter -> Battle card ids face up.
        pool: seat letter -> {figure id: count} of Guardians in the pool (Warriors in the pool
            are always 6 minus those on the board).
        unlocked: seat letter -> dashboard tokens used.
        guardians: the Guardian types of levels 1, 2, 3.
        gods: option ``gods`` (default ``"none"``: no god powers), e.g. ``"isis,ra"``.
        camels: camel edges ``"r,c|r,c"`` on the board.
        tokens: Conflict Order token per region, keyed by a hex of the region (default: the
            base regions West 1, East 2, North 3 and further regions numbered on).
        next_event: make the next event this kind (``"conflict"``, ``"camel-caravan"``,
            ``"control-monument"``) and put the Move marker one use before its event space,
            so that ``move`` then ``done`` fires it.
        conflict_number: with ``next_event="conflict"``, which Conflict it is (1-5).
        options: other game options.
        seed: the game's seed.
    """
    opts = {"players": players, "first_player": 0, "guardians": guardians, "gods": gods, **(options or {})}
    state = AnkhGame(opts).new_initial_state(seed)
    n = players
    nh = BOARD.num_hexes
    state.figure = [-1] * nh
    state.figure_owner = [-1] * nh
    state.monument = [-1] * nh
    state.monument_owner = [-1] * nh
    state.aim = [-1] * nh
    state.monument_supply = [10, 10, 10]
    state.ankh_pool = [15 - DASHBOARD_ANKH_TOKENS] * n
    state.warriors_pool = [WARRIORS_PER_GOD] * n
    state.guardian_pool = [0] * (3 * n)
    for spec in pieces:
        parts = spec.split()
        who, kind, where = parts[0], parts[1], hx(parts[2])
        owner = -1 if who == "-" else seat(who)
        assert state.figure[where] < 0 and state.monument[where] < 0, f"two pieces on {parts[2]}"
        if kind in MONUMENT_IDS:
            state.monument[where] = MONUMENT_IDS.index(kind)
            state.monument_owner[where] = owner
            state.monument_supply[MONUMENT_IDS.index(kind)] -= 1
            if owner >= 0:
                state.ankh_pool[owner] -= 1
            continue
        k = FIGURE_IDS.index(kind)
        assert owner >= 0, "figures belong to a seat"
        state.figure[where] = k
        state.figure_owner[where] = owner
        if k == WARRIOR:
            state.warriors_pool[owner] -= 1
        elif k in GUARDIAN_LEVEL:
            level = GUARDIAN_LEVEL[k]
            assert state.guardian_kind[level - 1] == k, f"{kind} is not this game's level {level} Guardian"
            state.guardian_supply[level - 1] -= 1
        for extra in parts[3:]:
            key, _, value = extra.partition("=")
            assert key == "aim"
            state.aim[where] = DIRECTION_NAMES.index(value.split("-")[0])
    for letter, kinds in (pool or {}).items():
        for kind, count in kinds.items():
            k = FIGURE_IDS.index(kind)
            level = GUARDIAN_LEVEL[k]
            state.guardian_pool[seat(letter) * 3 + level - 1] += count
            state.guardian_supply[level - 1] -= count
    assert min(state.guardian_supply) >= 0, "more Guardians than beside the cards"
    state.devotion = list(devotion) if devotion is not None else [0] * n
    if stack is not None:
        state.devotion_stack = [seat(x) for x in stack]
    else:
        state.devotion_stack = sorted(range(n), key=lambda g: (state.devotion[g], g))
    assert sorted(state.devotion[g] for g in state.devotion_stack) == [state.devotion[g] for g in state.devotion_stack]
    state.followers = list(followers) if followers is not None else [1] * n
    for letter, ids in (powers or {}).items():
        g = seat(letter)
        for pid in ids:
            state.powers[g] |= 1 << POWER_IDS.index(pid)
        state.unlocked[g] = bin(state.powers[g]).count("1")
    for letter, count in (unlocked or {}).items():
        state.unlocked[seat(letter)] = count
    for letter, ids in (used or {}).items():
        for cid in ids:
            state.used[seat(letter)] |= 1 << CARD_IDS.index(cid)
    regions = BOARD.regions_with_camels(BOARD.parse_edge(e) for e in camels)
    state.regions = regions
    given = {regions.region_of[hx(h)]: t for h, t in (tokens or {}).items()}
    if not given:
        for name, t in (("West", 1), ("East", 2), ("North", 3)):
            base_hex = BOARD.region_names[name]
            if regions.num_regions == 3:
                given[regions.region_of[base_hex]] = t
    free = [t for t in range(1, 9) if t not in given.values()]
    state.token_of_region = [given[r] if r in given else free.pop(0) for r in range(regions.num_regions)]
    state.token_supply = free
    state.camels = 30 - len(regions.camels)
    if next_event is not None:
        state.event_idx = EVENT_TRACK.index(next_event)
        if next_event == "conflict":
            state.event_idx = [i for i, e in enumerate(EVENT_TRACK) if e == "conflict"][conflict_number - 1]
            state.conflicts = conflict_number - 1
        move = state.tracks[0]
        state.markers[0] = move.event_space - 1
    # Decisions queued at setup (§4.2 Bastet places her cats) are for the tests to redo.
    state.tasks = []
    state.phase = TURN
    state.to_move = state.turn_order[0]
    state.log = []
    state._legal = None
    return state


def play(state: AnkhState, *texts: str) -> AnkhState:
    """Apply each action (in notation) in turn; return the state."""
    for text in texts:
        state.apply_text(text)
    return state


def legal(state: AnkhState) -> list[str]:
    """The legal actions' notations."""
    return [str(a) for a in state.legal_actions()]


def piece(state: AnkhState, where: str) -> str | None:
    """``"B warrior"``, ``"- temple"``, ``"A obelisk"`` or None for an empty hex."""
    h = hx(where)
    if state.figure[h] >= 0:
        return f"{SEATS[state.figure_owner[h]]} {FIGURE_IDS[state.figure[h]]}"
    if state.monument[h] >= 0:
        owner = state.monument_owner[h]
        return f"{'-' if owner < 0 else SEATS[owner]} {MONUMENT_IDS[state.monument[h]]}"
    return None


def start_conflict(state: AnkhState) -> AnkhState:
    """From a position built with ``next_event="conflict"``: seat A moves nothing and the
    Move marker fires the Conflict (A takes the tie-breaker)."""
    play(state, "move")
    if state.phase == MOVE_PICK:
        play(state, "done")
    return state
