"""Seats that left a game of three or more players that goes on without them (retired seats).

At a table of two, a resignation (or a seat out on time) ends the game: the other wins.  At a
table of three or more (Ankh's 3 to 5 players), ending the game for everyone would let one
player's departure decide the others' game, so, as on Board Game Arena, the others play on:

* the seat is **retired**: it resigned (:meth:`netjer.server.endings.Endings.resign`, kept in
  :attr:`~netjer.server.runtime.TableRuntime.resigned`) or ran out of time / was gone at a
  table whose setting is ``out`` (the clocks' ``out``, :mod:`netjer.server.timekeeper`);
* its decisions are made by the table, never by its person, with the least-impact legal
  action (:func:`retired_action`): it declines every optional decision, takes the Move
  action and moves nothing, plays the Cycle of Ma'at (strength 0, no effect on others) and
  bids nothing; its god stays on the board, inert;
* it is ranked last in the result (:func:`standings`), below every seat that played on,
  whatever the rules would give it; the Weng-Lin ratings read that order;
* when only one seat still plays, the game ends: it wins (:func:`lone_result`).

The rulebook (docs/rules/ankh.md) knows no leaving player: this is the table's rule, written
in docs/rules-coverage.md.  The engine is not changed (a retired seat's decisions are
ordinary legal actions in the record, so a replay shows the same positions), hence no
rules version changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from netjer.core.action import Action
from netjer.core.state import State

#: The notations of the decisions that decline or stop (Ankh: notation.py's table), chosen first.
DECLINES = frozenset(
    {"end", "done", "noswap", "nobuild", "notiebreak", "noworship", "noamun", "notrap", "nounderworld", "nosun",
     "noplace", "noguess"}
)  # fmt: skip
#: Then, in this order: the action rows (Move first: it can move nothing), the Battle cards
#: from the one without effect on others (Cycle of Ma'at: strength 0, it only takes its own
#: cards back) to the strongest, and a Plague of Locusts bid of nothing.
PREFERRED = (
    "move", "gain", "summon", "unlock",
    "card cycle", "card flood", "card miracle", "card build", "card drought", "card plague", "card chariots",
    "bid 0",
)  # fmt: skip

#: The fewest seats at which a retired seat's game goes on (two seats: the other one wins).
PLAYS_ON_FROM = 3


def retired_action(legal: Sequence[Action]) -> Action:
    """The least-impact action among ``legal`` (a retired seat's decision): a declining word
    (:data:`DECLINES`), else the first of :data:`PREFERRED` offered, else the first legal one
    (the engine's order: a forced choice such as where a camel goes).

    Raises:
        ValueError: if ``legal`` is empty.
    """
    if not legal:
        raise ValueError("a retired seat has no legal action")
    texts = [str(a) for a in legal]
    for i, text in enumerate(texts):
        if text in DECLINES:
            return legal[i]
    for want in PREFERRED:
        if want in texts:
            return legal[texts.index(want)]
    return legal[0]


def plays_on(seats: int) -> bool:
    """Whether a game of ``seats`` seats goes on when one retires (three or more)."""
    return seats >= PLAYS_ON_FROM


def standings(returns: Sequence[float], retired: set[int], state: State | None = None) -> list[float]:
    """The result of a game that ended by its rules with ``retired`` seats: every retired seat
    below every seat that played on (tied among themselves, at the lowest return of those
    minus one, and at most -1).  The seats that played on keep their returns, unless a retired seat alone
    held the best one: then they are ranked by the state's ``placings()`` when it has them
    (Ankh: the Devotion track, §10.6), the highest winning (+1) and the others losing (-1);
    if they tie there too, they keep their returns.

    Args:
        returns: the rules' result, one per seat (+1 a win, -1 a loss for Ankh).
        retired: the seats out of the game.
        state: the final state (for its placings), or ``None``.

    Returns:
        One number per seat, higher is better (the order is what ratings read).
    """
    result = [float(r) for r in returns]
    playing = [s for s in range(len(result)) if s not in retired]
    if not retired or not playing:
        return result
    best = max(result)
    if all(result[s] < best for s in playing):
        placings = getattr(state, "placings", None)
        places = placings() if callable(placings) else None
        if places is not None:
            top = max(places[s] for s in playing)
            if any(places[s] < top for s in playing):
                for s in playing:
                    result[s] = 1.0 if places[s] == top else -1.0
    floor = min(min(result[s] for s in playing) - 1.0, -1.0)  # below every seat playing, never above a loss
    for s in retired:
        result[s] = floor
    return result


def lone_result(seats: int, retired: set[int]) -> list[float] | None:
    """The result when at most one seat still plays (the game ends: it wins, +1; every retired
    seat loses, -1), or ``None`` while two or more play on."""
    playing = [s for s in range(seats) if s not in retired]
    if len(playing) > 1:
        return None
    return [1.0 if s in playing else -1.0 for s in range(seats)]


def with_retired(ending: dict[str, Any], retired: set[int]) -> dict[str, Any]:
    """``ending`` (a table's ``{"how", "seats"}``, :mod:`netjer.server.endings`) with the seats
    retired when the game ended (``"retired"``, sorted; left out when none did), so that a
    finished game's summary says who left it even when it then ended by its rules."""
    return {**ending, "retired": sorted(retired)} if retired else dict(ending)


def replay_resigned(events: Sequence[tuple[str, int | None]]) -> set[int]:
    """The seats that resigned and play on retired, from a table's events ``(kind, seat)``."""
    return {seat for kind, seat in events if kind == "retired" and seat is not None}
