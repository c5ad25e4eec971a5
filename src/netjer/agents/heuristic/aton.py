"""Aton's heuristic player: what a club player weighs (rules/aton.md §4-§6).

* **Exchange** a weak hand (low total, nothing above 2).
* **Assign** the hand to the cartouches by scoring every ordering of the cards: the
  expected cartouche-1 points (twice the margin over an average card), the stones the
  cartouche-2 removal takes (only where cartouche 3 reaches and the opponent has stones;
  a 1 costs one of your own), and the stones cartouche 4 can actually place in the temples
  cartouche 3 opens.
* **Place and remove** greedily, one ply: the move that most improves the board's value,
  i.e. the points the next scoring would give (temple majorities, black squares, bonus
  squares) plus the progress towards an instant win (a whole temple, all yellow, all green).

Only the acting seat's hand and the public board are read.
"""

from __future__ import annotations

from itertools import permutations

from netjer.core.action import Action
from netjer.core.rng import Rng
from netjer.core.state import State
from netjer.games.aton.actions import ASSIGN, EXCHANGE, KEEP
from netjer.games.aton.layout import GREEN, NUM_KINDS, NUM_TEMPLES, YELLOW
from netjer.games.aton.state import (
    ASSIGN_PHASE,
    EXCHANGE_PHASE,
    KINGDOM_SQUARES,
    PLACE_PHASE,
    REMOVE_PHASE,
    AtonState,
    score_board,
)

_TK = NUM_TEMPLES * NUM_KINDS
AVERAGE_CARD = 2.5
REMOVAL_VALUE = 1.6  # points a removed opponent stone is worth, roughly
STONE_VALUE = 1.0  # points a placed stone is worth, roughly
WIN_THREAT = 25.0  # weight of the (cubed) progress towards an instant win


def board_value(state: AtonState, count: list[int], seat: int) -> float:
    """How good the board ``count`` is for ``seat`` (points-like units)."""
    gained = score_board(count, state._blue_all_temples)
    # A scoring is nearer the fuller the Kingdom of the Dead is.
    urgency = 0.5 + 0.5 * min(1.0, (state.kingdom[0] + state.kingdom[1]) / KINGDOM_SQUARES)
    value = urgency * (gained[seat] - gained[1 - seat])
    layout = state.layout
    yellow_total = layout.count(YELLOW)
    green_total = layout.count(GREEN)
    for p, sign in ((seat, 1.0), (1 - seat, -1.0)):
        base = p * _TK
        best_temple = 0.0
        yellow = green = 0
        for t in range(NUM_TEMPLES):
            row = count[base + t * NUM_KINDS : base + (t + 1) * NUM_KINDS]
            best_temple = max(best_temple, sum(row) / 12)
            yellow += row[YELLOW]
            green += row[GREEN]
        threat = max(best_temple, yellow / yellow_total, green / green_total)
        value += sign * WIN_THREAT * threat**3
    return value


def _assignment_value(state: AtonState, seat: int, cards: tuple[int, ...]) -> float:
    c1, c2, c3, c4 = cards
    value = 2.0 * (c1 - AVERAGE_CARD)
    if state.round > 1 or not state._ban_first_round:
        victim = seat if c2 == 1 else 1 - seat
        wanted = 1 if c2 == 1 else c2 - 2
        base = victim * _TK
        reachable = sum(state.count[base : base + c3 * NUM_KINDS])
        taken = min(wanted, reachable)
        value += (-1.0 if c2 == 1 else 1.0) * REMOVAL_VALUE * taken
    room = sum(state.empty[: c3 * NUM_KINDS])
    placed = min(c4, room, state.supply[seat])
    value += STONE_VALUE * placed * (1.0 + 0.1 * c3)
    value -= 0.5 * STONE_VALUE * (min(c4, state.supply[seat]) - placed)  # overflow to the Kingdom
    return value


def _best_assignment(state: AtonState, seat: int) -> Action:
    cart = state.cartouches[seat]
    filled = [v for v in cart if v]
    hand = state.hand[seat]
    best_value, best_first = -1e9, hand[0]
    for order in set(permutations(hand)):
        value = _assignment_value(state, seat, (*filled, *order))
        if value > best_value:
            best_value, best_first = value, order[0]
    return ASSIGN[best_first]


def _best_stone_move(state: AtonState, seat: int, rng: Rng) -> Action:
    placing = state.phase == PLACE_PHASE
    victim = state.victim
    best: list[Action] = []
    best_value = -1e9
    count = state.count
    for action in state.legal_actions():
        slot = action.temple * NUM_KINDS + action.kind  # type: ignore[attr-defined]
        trial = count[:]
        if placing:
            trial[seat * _TK + slot] += 1
        else:
            trial[victim * _TK + slot] -= 1
        value = board_value(state, trial, seat)
        if value > best_value + 1e-9:
            best, best_value = [action], value
        elif abs(value - best_value) <= 1e-9:
            best.append(action)
    return best[rng.below(len(best))]


def policy(state: State, rng: Rng) -> Action:
    """The heuristic's action for the seat to act in ``state`` (an :class:`AtonState`).

    Raises:
        TypeError: if ``state`` is not an Aton state.
    """
    if not isinstance(state, AtonState):
        raise TypeError(f"the Aton heuristic needs an AtonState, got {type(state).__name__}")
    seat = state.to_move
    phase = state.phase
    if phase == ASSIGN_PHASE:
        return _best_assignment(state, seat)
    if phase in (PLACE_PHASE, REMOVE_PHASE):
        return _best_stone_move(state, seat, rng)
    if phase == EXCHANGE_PHASE:
        hand = state.hand[seat]
        weak = sum(hand) <= 6 or max(hand) <= 2
        return EXCHANGE if weak else KEEP
    legal = state.legal_actions()
    return legal[rng.below(len(legal))]
