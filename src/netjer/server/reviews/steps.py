"""The searches of a review and of a hint: their defaults, the budget a request may ask for,
and the functions an AI worker runs (module-level, so that a worker process imports them by
name): one review step (:func:`judge_step`) and one hint (:func:`hint_step`), each from the
table's record (:mod:`netjer.server.reviews`)."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from netjer.agents.review import DEFAULT_ITERATIONS, review_decision, suggest
from netjer.core.state import State
from netjer.games.registry import make_game
from netjer.server.runtime import TableError

#: Iterations per search of a review when the request gives none (capped by the operator's).
REVIEW_ITERATIONS = DEFAULT_ITERATIONS
#: The playout depth of a review when the request gives none, per game: Ankh's random playouts
#: to the end take about 50 ms each (docs/review.md, "Cost"), so they are cut and scored by
#: the heuristic evaluation; the other games play to the end.
REVIEW_DEPTH: dict[str, int] = {"ankh": 10}
#: Iterations of a hint's search when the request gives none (capped by the operator's).
HINT_ITERATIONS = 300
#: The review's seed: the default of ``netjer review``, so both give the same review.
REVIEW_SEED = 0


def search_budget(asked: int | None, default: int, cap: int, refusal: str) -> int:
    """The iterations of a search a request asked for (``asked``; ``None``: ``default``, cut to
    ``cap``).

    Args:
        refusal: the catalogue message refusing too many (``N_``-marked; ``{cap}`` and
            ``{asked}`` filled, its words saying per what).

    Raises:
        TableError: 422 ``over_cap`` if ``asked`` exceeds ``cap``.
    """
    if asked is None:
        return min(default, cap)
    if asked > cap:
        raise TableError(422, "over_cap", refusal, cap=cap, asked=asked)
    return asked


def _replayed(game: str, options: dict[str, Any], seed: int, actions: list[str]) -> State:
    state = make_game(game, options).new_initial_state(seed)
    for text in actions:
        state.apply_text(text)
    return state


def judge_step(
    game: str,
    options: dict[str, Any],
    seed: int,
    actions: list[str],
    iterations: int,
    depth: int | None,
    review_seed: int,
    standin: bool = False,
) -> dict[str, Any]:
    """One step of a review (runs in a worker): the last of ``actions``, judged in the position
    the ones before it lead to (:func:`~netjer.agents.review.review_decision`, its ply being
    its index; ``standin``: the computer took it for the seat's person), as a
    ``ReviewedDecision`` dict."""
    state = _replayed(game, options, seed, actions[:-1])
    action = state.game.parse_action(actions[-1])
    decision = review_decision(
        state, action, ply=len(actions) - 1, iterations=iterations, seed=review_seed, depth=depth, standin=standin
    )
    return asdict(decision)


def hint_step(
    game: str,
    options: dict[str, Any],
    seed: int,
    actions: list[str],
    iterations: int,
    hint_seed: int,
    depth: int | None = None,
) -> tuple[str, str, float]:
    """A hint (runs in a worker): the preferred action's notation, its words for the seat to
    act, and its estimate."""
    state = _replayed(game, options, seed, actions)
    seat = state.current_player
    action, estimate = suggest(state, iterations=iterations, seed=hint_seed, depth=depth)
    return str(action), state.describe_action(action, seat), estimate
