"""Speed of the Ankh heuristic as a playout policy (ISMCTS's ``rollout=heuristic``).

Usage::

    python benchmarks/heuristic_playout.py [--players 2,4] [--games 4] [--seed 0]
    farm-bench -n 5 -- python benchmarks/heuristic_playout.py --games 3 \
        --vs "env PYTHONPATH=/tmp/base/src python benchmarks/heuristic_playout.py --games 3"

For each player count, ``--games`` whole games (seed ``--seed + i``, gods and Guardians drawn:
the defaults) are played with the plain heuristic (:func:`netjer.agents.heuristic.ankh.policy`)
in every seat, as an ISMCTS heuristic playout plays them.  Printed: decisions, the process's
CPU seconds spent in them, and decisions per CPU second.  Not a test: the figures depend on
the machine; compare two trees (before and after a change) with ``farm-bench --vs``, which
alternates the runs.
"""

from __future__ import annotations

import argparse
import time

from netjer.agents.heuristic.ankh import policy
from netjer.core import Rng
from netjer.games.registry import make_game


def play(players: int, games: int, seed: int) -> tuple[int, float]:
    """Decisions made and CPU seconds spent in ``games`` heuristic games of ``players``."""
    game = make_game("ankh", {"players": players})
    decisions = 0
    spent = 0.0
    for i in range(games):
        state = game.new_initial_state(seed + i)
        rng = Rng(seed + i)
        start = time.process_time()
        while not state.is_terminal:
            state.apply(policy(state, rng))
            decisions += 1
        spent += time.process_time() - start
    return decisions, spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", default="2,4", help="player counts, comma-separated")
    parser.add_argument("--games", type=int, default=4, help="games per player count")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    args = parser.parse_args()
    for players in (int(p) for p in args.players.split(",")):
        decisions, spent = play(players, args.games, args.seed)
        print(f"{players} players: {decisions} decisions in {spent:.2f} s CPU: {decisions / spent:.0f} decisions/s")


if __name__ == "__main__":
    main()
