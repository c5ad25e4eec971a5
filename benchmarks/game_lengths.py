"""How long uniformly random games are: the measurement behind a game's row in
``netjer.adapters.common.MEASURED_LENGTHS`` (its cap for games with no proven bound).

Usage::

    python benchmarks/game_lengths.py ankh --games 5000 -o players=2 -o players=5 [--workers 2]

Plays ``--games`` random-agent games per option set (each ``-o`` is one option set; several
``key=value`` separated by commas make one set), seeded, and prints per set the number of
decisions: mean, the 99.9th percentile and the longest, and over all sets the longest.  Not a
test: the figures are a sample, rerun with more games to tighten them.
"""

from __future__ import annotations

import argparse
import statistics
import sys

from netjer.build_info import describe_build
from netjer.sim.tournament import run_tasks, schedule


def parse_set(text: str) -> dict[str, object]:
    """``"players=4,gods=none"`` -> ``{"players": 4, "gods": "none"}`` (integers read as such)."""
    options: dict[str, object] = {}
    for part in filter(None, text.split(",")):
        key, _, value = part.partition("=")
        options[key.strip()] = int(value) if value.strip().lstrip("-").isdigit() else value.strip()
    return options


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=2000, help="games per option set")
    parser.add_argument("-o", "--options", action="append", default=[], help="one option set, e.g. players=5")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    longest = 0
    total = 0
    for text in args.options or [""]:
        options = parse_set(text)
        tasks = schedule(args.game, ["random"], args.games, options=options, seed=args.seed)
        lengths = sorted(r.decisions for r in run_tasks(tasks, workers=args.workers))
        total += len(lengths)
        longest = max(longest, lengths[-1])
        p999 = lengths[min(len(lengths) - 1, int(0.999 * len(lengths)))]
        print(
            f"{args.game} {options or '(defaults)'}: {len(lengths)} games; decisions mean "
            f"{statistics.mean(lengths):.1f}, 99.9th percentile {p999}, longest {lengths[-1]}"
        )
    print(f"longest of {total} games: {longest} decisions")


if __name__ == "__main__":
    print(describe_build(), file=sys.stderr)  # which engine the figures are of
    main()
