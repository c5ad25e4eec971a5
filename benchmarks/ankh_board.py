"""Speed of the Ankh board's hot-path pieces (not part of the test run).

Usage: ``python benchmarks/ankh_board.py [--repeat N]``.  Prints, per operation, the time of
one call: building a RegionMap (regions, water membership, adjacency) from a set of blocked
edges, enumerating every valid camel line of a RegionMap (the per-region line cache cleared
first), an adjacency lookup, a
``within(h, 3)`` lookup and a camel-line continuation query.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable

from netjer.build_info import describe_build
from netjer.games.ankh import board as board_module
from netjer.games.ankh.board import RegionMap, camel_continuations, camel_lines, load_board
from netjer.games.ankh.scenarios import load_scenario


def per_call(fn: Callable[[], object], repeat: int) -> float:
    """Seconds per call of ``fn``, best of 3 runs of ``repeat`` calls."""
    best = float("inf")
    for _ in range(3):
        t0 = time.perf_counter()
        for _ in range(repeat):
            fn()
        best = min(best, (time.perf_counter() - t0) / repeat)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    board = load_board()
    scen = load_scenario("middle-kingdom", 5)
    blocked, camels = scen.regions.blocked, scen.regions.camels
    n = args.repeat

    def first_edges() -> object:
        return camel_continuations(scen.regions, [])

    def fresh_lines() -> object:
        board_module._REGION_LINES.clear()  # enumerate every region's lines again
        return camel_lines(RegionMap(board, blocked, camels))

    rows = [
        ("RegionMap (regions, water, adjacency)", per_call(lambda: RegionMap(board, blocked, camels), n)),
        ("RegionMap + all camel lines", per_call(fresh_lines, max(1, n // 10))),
        ("is_adjacent lookup", per_call(lambda: scen.regions.is_adjacent(40, 41), n * 100)),
        ("within(h, 3) lookup", per_call(lambda: board.within(40, 3), n * 100)),
        ("camel continuations (first edges)", per_call(first_edges, 10 * n)),
    ]
    for name, secs in rows:
        print(f"{name:40s} {secs * 1e6:10.2f} us")


if __name__ == "__main__":
    print(describe_build(), file=sys.stderr)  # which engine the figures are of
    main()
