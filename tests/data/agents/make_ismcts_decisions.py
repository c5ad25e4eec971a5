"""Make the seeded ISMCTS decisions that pin the search's behaviour (tests/agents/test_ismcts_pinned.py).

Usage (from the worktree root)::

    python tests/data/agents/make_ismcts_decisions.py

Writes ``tests/data/agents/ismcts_decisions.json``: for each game (Ankh at 2 and 4 players,
Aton, Dioses del Nilo), 24 positions taken from seeded random games (three per game, spread
over its decisions), and for each position and agent specification the decision of the
seeded search, the iterations it ran and its generator's state afterwards (any change in the
number or order of its random draws changes that state).  The specifications are plain
random-playout searches and the levels' searches (heuristic playouts, opponent model, cut-off
with evaluation, contempt: docs/levels.md) with small iteration budgets.

The file is made once from a search known to be right and committed; a speed-up of the search
or of the engines must reproduce it exactly (issue 15: the levels' ratings are measured with
iteration budgets, so the same seed and iterations must give the same decision).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from netjer.agents.registry import make_agent
from netjer.core.rng import Rng
from netjer.core.state import State
from netjer.core.view import PlayerView
from netjer.games.registry import make_game

HERE = Path(__file__).resolve().parent
OUT = HERE / "ismcts_decisions.json"
_MODEL = "rollout=heuristic,guided=1,opponents=heuristic"

#: (game, options, agent specifications): small budgets of the levels' shapes (levels.py).
CASES: list[tuple[str, dict[str, Any], list[str]]] = [
    ("ankh", {"players": 2}, ["ismcts:iterations=12", f"ismcts:iterations=3,depth=40,{_MODEL}"]),
    ("ankh", {"players": 4}, ["ismcts:iterations=8", f"ismcts:iterations=2,depth=40,{_MODEL}"]),
    ("aton", {}, ["ismcts:iterations=40", "ismcts:iterations=12,rollout=heuristic"]),
    ("nile", {}, ["ismcts:iterations=30", f"ismcts:iterations=8,depth=6,{_MODEL},contempt=0.5"]),
]
POSITIONS = 24


def walk(game: Any, seed: int, moves: int | None = None) -> tuple[State, list[int]]:
    """Play seeded random moves from ``game``'s initial state of seed ``1000 + seed``.

    Returns:
        The state after ``moves`` moves (all of them when ``None``: the game's end), and the
        move numbers at which the player to act had more than one legal action.
    """
    rng = Rng(seed)
    state = game.new_initial_state(1000 + seed)
    choices = []
    while not state.is_terminal and (moves is None or len(state.history) < moves):
        legal = state.legal_actions()
        if len(legal) > 1:
            choices.append(len(state.history))
        state.apply(rng.choice(legal))
    return state, choices


def positions(game: Any, count: int) -> list[tuple[int, int]]:
    """``count`` (seed, moves) pairs: three positions with a choice per seeded random game."""
    out: list[tuple[int, int]] = []
    seed = 0
    while len(out) < count:
        _, choices = walk(game, seed)
        for k in range(3):
            if choices and len(out) < count:
                out.append((seed, choices[(k * len(choices)) // 3]))
        seed += 1
    return out


def decide(game: Any, seed: int, moves: int, spec: str, agent_seed: int) -> dict[str, Any]:
    """The seeded decision of ``spec`` at the position (seed, moves), with its iterations and
    the agent generator's state afterwards."""
    state, _ = walk(game, seed, moves)
    agent = make_agent(spec, agent_seed)
    action = agent.choose(PlayerView(state, state.current_player))
    return {
        "action": str(action),
        "iterations": agent.last_iterations,  # type: ignore[attr-defined]
        "rng_state": agent.rng.state,  # type: ignore[attr-defined]
    }


def main() -> None:
    cases = []
    for name, options, specs in CASES:
        game = make_game(name, options)
        rows = []
        for i, (seed, moves) in enumerate(positions(game, POSITIONS)):
            decisions = {spec: decide(game, seed, moves, spec, i) for spec in specs}
            rows.append({"seed": seed, "moves": moves, "decisions": decisions})
        cases.append({"game": name, "options": options, "positions": rows})
        print(name, options, len(rows), "positions")
    OUT.write_text(json.dumps({"cases": cases}, indent=1) + "\n")


if __name__ == "__main__":
    main()
