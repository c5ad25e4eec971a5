"""``playout.py``'s random-playout loop for callgrind: instructions a decision, whole loop.

Usage (the measured games sit between two ``time.sleep(0)`` calls, whose dumps cut the profile;
the second dump file, ``<out>.2``, is the measured part)::

    PYTHONHASHSEED=0 PYTHONPATH=build/compiled valgrind --tool=callgrind \\
        --dump-before=time_sleep --callgrind-out-file=/tmp/cg.out \\
        .venv/bin/python benchmarks/playout_callgrind.py 4 [--warm 100] [--games 100]
    grep totals: /tmp/cg.out.2      # then divide by the decisions this prints

Plays ``--warm`` seeded random games (seeds 0, 1, ...) to warm the process's caches, then
``--games`` more, each decision ``legal_actions()`` and ``apply`` of the action drawn with the
harness's ``--draws`` generator's ``below`` (as :func:`playout.netjer_playouts`; default
``BufferedRng(1)``), the collector off.  Prints the
decisions of the measured games.  benchmarks/README.md, "Issue 34, item 2", reports its figures.
Not a test.
"""

from __future__ import annotations

import argparse
import gc
import time
from typing import Any

from netjer.core import Rng
from netjer.games.registry import make_game
from random_games import DRAWS, play_to_the_end


def play(game: Any, first: int, count: int, rng: Rng) -> int:
    """Play ``count`` random games of ``game`` (seeds ``first``...); the decisions taken."""
    decisions = 0
    for seed in range(first, first + count):
        decisions += play_to_the_end(game.new_initial_state(seed), rng)
    return decisions


def main() -> None:
    """Parse the arguments, warm up, play the measured games between two ``time.sleep(0)``."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("players", type=int)
    parser.add_argument("--warm", type=int, default=100, help="games played before the measured ones (default 100)")
    parser.add_argument("--games", type=int, default=100, help="games measured (default 100)")
    parser.add_argument("--draws", choices=sorted(DRAWS), default="buffered", help="the harness's generator")
    args = parser.parse_args()
    gc.disable()
    game = make_game("ankh", {"players": str(args.players)})
    rng = DRAWS[args.draws](1)
    play(game, 0, args.warm, rng)
    time.sleep(0)
    decisions = play(game, args.warm, args.games, rng)
    time.sleep(0)
    print("decisions", decisions)


if __name__ == "__main__":
    main()
