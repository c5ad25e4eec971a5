"""Build Aton positions for tests so that a case reads like rules/aton.md §7.

The builder edits a fresh state only where the rules leave no trace of how a position was
reached (stones on squares, scores, the round number, which cards a hand holds), keeping
every card and stone accounted for; the cartouches are then played through the public
``apply``, so the reveal, scoring and turn order run the real code.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from netjer.games.aton import AtonGame, AtonState
from netjer.games.aton.actions import ASSIGN, Place, Remove
from netjer.games.aton.layout import KINDS, NUM_KINDS
from netjer.games.aton.state import ASSIGN_PHASE

RED, BLUE = 0, 1


def slot(spec: str) -> int:
    """``"2Y"`` -> temple/kind slot index (temple 2, yellow)."""
    return (int(spec[0]) - 1) * NUM_KINDS + KINDS.index(spec[1:].upper())


def place(spec: str) -> Place:
    """``"2Y"`` -> the action ``place 2Y``."""
    s = slot(spec)
    return Place(s // NUM_KINDS, s % NUM_KINDS)


def remove(spec: str) -> Remove:
    """``"2Y"`` -> the action ``remove 2Y``."""
    s = slot(spec)
    return Remove(s // NUM_KINDS, s % NUM_KINDS)


def position(
    *,
    round: int = 2,
    scores: tuple[int, int] = (0, 0),
    red_stones: Iterable[str] = (),
    blue_stones: Iterable[str] = (),
    kingdom: tuple[int, int] = (0, 0),
    supply: tuple[int | None, int | None] = (None, None),
    options: dict[str, str] | None = None,
    seed: int = 1,
) -> AtonState:
    """A state at the start of step C (assignment) of round ``round``.

    Args:
        round: the round number (removals are forbidden in round 1 by default).
        scores: points of Red and Blue.
        red_stones, blue_stones: one ``"<temple><kind>"`` per stone on the board.
        kingdom: stones of each seat in the Kingdom of the Dead.
        supply: stones left in each supply; the others wait in the Kingdom (default: 29 minus
            board and Kingdom).
        options: game options.
        seed: the game's seed (deck order).
    """
    state = AtonGame(options or {}).new_initial_state(seed)
    state.round = round
    state.exchange_counter = [False, False]
    state.exchange_choice = [None, None]
    state.phase = ASSIGN_PHASE
    state.to_move = RED
    state.scores = list(scores)
    for p, stones in ((RED, red_stones), (BLUE, blue_stones)):
        for spec in stones:
            state._put_stone(p, slot(spec))
    for p in (RED, BLUE):
        state.kingdom[p] = kingdom[p]
        state.supply[p] -= kingdom[p]
        wanted = supply[p]
        if wanted is not None:  # the stones taken out of the supply wait in the Kingdom
            state.kingdom[p] += state.supply[p] - wanted
            state.supply[p] = wanted
    state._legal = None
    return state


def give_hand(state: AtonState, seat: int, cards: Sequence[int]) -> None:
    """Make ``seat``'s hand exactly ``cards``, swapping cards with its draw pile (36 kept).

    The cards come from as deep in the pile as possible, so the top cards stay in place.
    """
    pile = state.draw[seat]
    pile[:0] = state.hand[seat]  # old hand to the bottom: the top of the pile stays as it was
    state.hand[seat] = []
    for card in cards:
        pile.remove(card)
        state.hand[seat].append(card)
    state._legal = None


def play_cartouches(state: AtonState, red: Sequence[int], blue: Sequence[int]) -> None:
    """Both seats put ``(c1, c2, c3, c4)`` on their cartouches, through ``apply``."""
    for seat, cards in ((RED, red), (BLUE, blue)):
        give_hand(state, seat, cards)
        for value in cards[:3]:
            state.apply(ASSIGN[value])


def stones_in(state: AtonState, seat: int, temple: int) -> int:
    """How many of ``seat``'s stones stand in ``temple`` (1-4)."""
    start = seat * 24 + (temple - 1) * NUM_KINDS
    return sum(state.count[start : start + NUM_KINDS])
