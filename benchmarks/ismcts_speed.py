"""ISMCTS speed: iterations per second per game, budget adherence, and the process-pool
speed-up from 1 to 2 workers (issue 6 targets: speed-up >= 1.8x; no decision longer than
its budget + 10%).

Usage::

    python benchmarks/ismcts_speed.py [--games aton,nile] [--time 0.2]
    python benchmarks/ismcts_speed.py --games ankh --params rollout=heuristic,depth=40,opponents=heuristic \
        --pool-agent ismcts:iterations=20,depth=10 --pool-games 8
"""

from __future__ import annotations

import argparse
import sys
import time

from netjer.agents import ISMCTSAgent, make_agent
from netjer.build_info import describe_build
from netjer.core import PlayerView, Rng
from netjer.games.registry import make_game
from netjer.sim.tournament import run_tasks, schedule


def iterations_per_second(game_name: str, seconds: float, positions: int = 12, params: str = "") -> tuple[float, float]:
    """Mean ISMCTS iterations/s over positions of random games, and the worst decision time
    as a multiple of the budget.  ``params``: more ISMCTS parameters (``depth=40,...``)."""
    game = make_game(game_name)
    rng = Rng(7)
    rates = []
    worst = 0.0
    for k in range(positions):
        state = game.new_initial_state(k)
        for _ in range(rng.below(40)):
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_actions()))
        while not state.is_terminal and len(state.legal_actions()) < 2:
            state.apply(state.legal_actions()[0])
        if state.is_terminal:
            continue
        agent = make_agent(f"ismcts:time={seconds}" + (f",{params}" if params else ""), seed=k)
        assert isinstance(agent, ISMCTSAgent)
        t0 = time.perf_counter()
        agent.choose(PlayerView(state, state.current_player))
        spent = time.perf_counter() - t0
        worst = max(worst, spent / seconds)
        rates.append(agent.last_iterations / spent)
    return sum(rates) / len(rates), worst


def pool_speedup(game_name: str, games: int = 16, agent: str = "ismcts:iterations=150") -> tuple[float, float, float]:
    """Wall time of the same tournament (``agent`` against the heuristic) on 1 and 2 worker
    processes, and the speed-up."""
    tasks = schedule(game_name, [agent, "heuristic"], games, seed=5)
    t0 = time.perf_counter()
    one = run_tasks(tasks, workers=1)
    t1 = time.perf_counter()
    two = run_tasks(tasks, workers=2)
    t2 = time.perf_counter()
    assert one == two, "the back-ends disagree"
    return t1 - t0, t2 - t1, (t1 - t0) / (t2 - t1)


def main() -> None:
    """Print the figures for each game."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default="aton,nile")
    parser.add_argument("--time", type=float, default=0.2)
    parser.add_argument("--params", default="", help="more ISMCTS parameters, e.g. rollout=heuristic,depth=40")
    parser.add_argument("--pool-agent", default="ismcts:iterations=150", help="the agent of the pool tournament")
    parser.add_argument("--pool-games", type=int, default=16, help="games of the pool tournament")
    args = parser.parse_args()
    for name in args.games.split(","):
        rate, worst = iterations_per_second(name, args.time, params=args.params)
        print(f"{name}: {rate:,.0f} ISMCTS iterations/s; slowest decision {worst:.2f}x its {args.time}s budget")
        one, two, speedup = pool_speedup(name, args.pool_games, args.pool_agent)
        print(f"{name}: tournament on 1 worker {one:.1f} s, on 2 workers {two:.1f} s: speed-up {speedup:.2f}x")


if __name__ == "__main__":
    print(describe_build(), file=sys.stderr)  # which engine the figures are of
    main()
