"""Build Ankh positions for tests so that a case reads like rules/ankh.md §11 or
rules/ankh-cases.md.

Seats are letters: ``A`` is seat 0 (the first player), ``B`` seat 1, and so on.  Pieces are
written ``"A god 5,1"``, ``"B warrior 4,1"``, ``"A giant-scorpion 4,5 aim=N-NE"``,
``"- temple 5,4"`` (a neutral Monument), ``"C obelisk 6,6"`` (controlled by C).  The builder
starts from a real initial state and replaces only what the rules leave no trace of (the
pieces on the board, Devotion, Followers, powers, used cards, pools), keeping every supply
consistent (Warriors 6 per god, Monuments 10 per type, Ankh tokens 15 per god, Guardian
miniatures beside their cards).  Everything after that runs through the public ``apply``.

A thin layer over the public builder, :func:`netjer.games.ankh.position.build_position`
(docs/ankh-positions.md), keeping the call signatures the tests use.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from netjer.games.ankh import AnkhState, PositionSpec, build_position
from netjer.games.ankh.base import BOARD, MOVE_PICK
from netjer.games.ankh.pieces import FIGURE_IDS, MONUMENT_IDS
from netjer.games.ankh.position import SEATS

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
    return build_position(
        PositionSpec(
            players=players,
            pieces=tuple(pieces),
            devotion=devotion,
            stack=stack,
            followers=followers,
            powers={k: tuple(v) for k, v in (powers or {}).items()},
            unlocked=dict(unlocked or {}),
            used={k: tuple(v) for k, v in (used or {}).items()},
            pool=dict(pool or {}),
            guardians=guardians,
            gods=gods,
            camels=tuple(camels),
            tokens=dict(tokens or {}),
            next_event=next_event,
            conflict_number=conflict_number,
            options=dict(options or {}),
            seed=seed,
        )
    )


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
