"""Speed of the Ankh heuristic as a playout policy (ISMCTS's ``rollout=heuristic``).

Usage::

    python benchmarks/heuristic_playout.py [--players 2,4] [--games 4] [--seed 0] [--version 1]
    farm-bench -n 5 -- python benchmarks/heuristic_playout.py --games 3 \
        --vs "env PYTHONPATH=/tmp/base/src python benchmarks/heuristic_playout.py --games 3"

For each player count, ``--games`` whole games (seed ``--seed + i``, gods and Guardians drawn:
the defaults) are played with the plain heuristic (:func:`netjer.agents.heuristic.ankh.policy`;
``--version 2`` or ``3``: the heuristic's version 2 or 3, ``heuristic:version=N``) in every seat, as an ISMCTS
heuristic playout plays them.  Printed: decisions, the process's CPU seconds spent in them,
decisions per CPU second and milliseconds of CPU per decision.  Not a test: the figures depend on
the machine; compare two trees (before and after a change) with ``farm-bench --vs``, which
alternates the runs.
"""

from __future__ import annotations

import argparse
import time

from netjer.agents.heuristic.ankh import make_policy, policy
from netjer.core import Rng
from netjer.games.registry import make_game


def play(players: int, games: int, seed: int, version: int = 1) -> tuple[int, float]:
    """Decisions made and CPU seconds spent in ``games`` heuristic games of ``players``, with
    the heuristic's ``version`` (1, 2 or 3) in every seat."""
    choose = policy if version == 1 else make_policy(version=version)
    game = make_game("ankh", {"players": players})
    decisions = 0
    spent = 0.0
    for i in range(games):
        state = game.new_initial_state(seed + i)
        rng = Rng(seed + i)
        start = time.process_time()
        while not state.is_terminal:
            state.apply(choose(state, rng))
            decisions += 1
        spent += time.process_time() - start
    return decisions, spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", default="2,4", help="player counts, comma-separated")
    parser.add_argument("--games", type=int, default=4, help="games per player count")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument("--version", type=int, choices=(1, 2, 3), default=1, help="the heuristic's version")
    args = parser.parse_args()
    for players in (int(p) for p in args.players.split(",")):
        decisions, spent = play(players, args.games, args.seed, args.version)
        print(
            f"{players} players, version {args.version}: {decisions} decisions in {spent:.2f} s CPU: "
            f"{decisions / spent:.0f} decisions/s, {1000 * spent / decisions:.3f} ms a decision"
        )


if __name__ == "__main__":
    main()
