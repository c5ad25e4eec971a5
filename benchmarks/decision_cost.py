"""CPU time an agent spends a decision, on positions of real play (issue 35's "≤ 0.5 s of CPU a
decision in the compiled build").

Usage::

    PYTHONPATH=build/compiled python benchmarks/decision_cost.py ankh -o players=2 \
        --spec strongest --spec ismcts:iterations=50,depth=10,rollout=heuristic,opponents=heuristic \
        --games 4 --every 8

The positions: ``--games`` seeded games (seeds ``--seed`` on) of ``--players-spec`` (default
``heuristic:epsilon=0.1``: the plain heuristic with a random move one time in ten, so the games
differ) in every seat, every ``--every``-th decision with at least two legal actions.  Each
``--spec`` (an agent specification or a level name) chooses once at each of those positions,
from the acting seat's view, its process CPU time (``time.process_time``, so other processes'
load does not count, only this one's share of the caches) measured around ``choose``.  Prints,
per spec, the positions, the mean, median, 90th percentile and largest CPU seconds a decision,
and the build (compiled or Python) the figures are of.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from netjer.agents import make_agent
from netjer.agents.levels import resolve_agent
from netjer.build_info import describe_build
from netjer.core import PlayerView
from netjer.core.state import State
from netjer.games.registry import make_game


def positions(
    game_name: str, options: dict[str, str], players_spec: str, games: int, seed: int, every: int
) -> list[State]:
    """Positions of ``games`` games of ``players_spec`` in every seat: every ``every``-th
    decision with two legal actions or more (clones)."""
    game = make_game(game_name, options)
    found: list[State] = []
    for g in range(games):
        state = game.new_initial_state(seed + g)
        agents = [make_agent(players_spec, seed + g * 10 + s) for s in range(game.num_players)]
        count = 0
        while not state.is_terminal:
            seat = state.current_player
            legal = state.legal_actions()
            if len(legal) > 1:
                count += 1
                if count % every == 0:
                    found.append(state.clone())
            state.apply(agents[seat].choose(PlayerView(state, seat)))
    return found


def main() -> None:
    """Measure each spec's CPU a decision and print it."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("-o", "--option", action="append", default=[])
    parser.add_argument("--spec", action="append", required=True, help="agent specification or level name")
    parser.add_argument("--players-spec", default="heuristic:epsilon=0.1")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--every", type=int, default=8)
    parser.add_argument("--seed", type=int, default=500)
    args = parser.parse_args()
    options = dict(item.split("=", 1) for item in args.option)
    states = positions(args.game, options, args.players_spec, args.games, args.seed, args.every)
    players = states[0].game.num_players if states else 0
    for text in args.spec:
        spec = resolve_agent(text, args.game, players)
        agent = make_agent(spec, 1)
        costs = []
        for state in states:
            view = PlayerView(state.clone(), state.current_player)
            t0 = time.process_time()
            agent.choose(view)
            costs.append(time.process_time() - t0)
        costs.sort()
        print(
            f"{text}: {len(costs)} positions, CPU a decision mean {statistics.fmean(costs):.3f} s, "
            f"median {statistics.median(costs):.3f}, 90th percentile {costs[int(0.9 * (len(costs) - 1))]:.3f}, "
            f"max {costs[-1]:.3f}",
            flush=True,
        )


if __name__ == "__main__":
    print(describe_build(), file=sys.stderr)
    main()
