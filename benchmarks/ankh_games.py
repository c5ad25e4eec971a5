"""A fixed amount of Ankh work for side-by-side timing: seeded uniformly random games.

Usage: ``python benchmarks/ankh_games.py [--games N] [--players 2,5]``.  Plays ``N`` games at
each player count (seeds 1000, 1001, ...; a random seat picks each decision with
``netjer.core.Rng(7)``), prints the decisions played and the seconds taken.  The work is the
same on every run and every commit whose engine plays the same games, so two checkouts can
be timed against each other as whole processes (min/median/max over several runs).
"""

from __future__ import annotations

import argparse
import sys
import time

from netjer.build_info import describe_build
from netjer.core import Rng
from netjer.games.registry import make_game
from random_games import play_to_the_end


def play(games: int, players: list[int]) -> int:
    """Play ``games`` random games at each count of ``players``; the number of decisions."""
    decisions = 0
    for n in players:
        game = make_game("ankh", {"players": str(n)})
        rng = Rng(7)
        for g in range(games):
            decisions += play_to_the_end(game.new_initial_state(1000 + g), rng)
    return decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40, help="games per player count (default 40)")
    parser.add_argument("--players", default="2,5", help="player counts, comma-separated (default 2,5)")
    args = parser.parse_args()
    start = time.perf_counter()
    decisions = play(args.games, [int(p) for p in args.players.split(",")])
    print(f"{decisions} decisions in {time.perf_counter() - start:.2f} s")


if __name__ == "__main__":
    print(describe_build(), file=sys.stderr)  # which engine the figures are of
    main()
