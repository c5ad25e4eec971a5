"""Time of one Ankh observation (``state.observation(seat)``), per player count.

Usage::

    python benchmarks/ankh_observation.py [--players 5] [--repeats 5] [--positions 200]

Plays seeded random games, keeps ``--positions`` positions spread over them (late positions
carry a long log), and times ``observation(seat)`` for every seat of every kept position;
each repeat prints microseconds per observation, then min/median/max over the repeats.
Not a test: numbers depend on the machine (issue 15's goal: <= 40 us at 5 players).
"""

from __future__ import annotations

import argparse
import statistics
import time

from netjer.core import Rng
from netjer.core.state import State
from netjer.games.registry import make_game


def positions(players: int, count: int) -> list[State]:
    """``count`` positions of seeded random games, every 10th decision kept."""
    game = make_game("ankh", {"players": players})
    rng = Rng(7)
    out: list[State] = []
    seed = 0
    while len(out) < count:
        state = game.new_initial_state(seed)
        while not state.is_terminal and len(out) < count:
            if len(state.history) % 10 == 9:
                out.append(state.clone())
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
        seed += 1
    return out


def main() -> None:
    """Parse the arguments, time the observations, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--positions", type=int, default=200)
    args = parser.parse_args()
    states = positions(args.players, args.positions)
    per_obs = []
    for _ in range(args.repeats):
        start = time.perf_counter()
        for state in states:
            for seat in range(args.players):
                state.observation(seat)
        elapsed = time.perf_counter() - start
        per_obs.append(elapsed / (len(states) * args.players) * 1e6)
        print(f"{args.players} players: {per_obs[-1]:.1f} us per observation")
    print(
        f"over {args.repeats} repeats: min {min(per_obs):.1f} / median {statistics.median(per_obs):.1f} / "
        f"max {max(per_obs):.1f} us"
    )


if __name__ == "__main__":
    main()
