"""Tournament throughput: one worker against two, and batches against one game per task.

Usage::

    python benchmarks/tournament_scaling.py [--game ankh] [--games 400] [--players 2] [--repeats 3] [--ray]

Plays the same random-agent tournament (same seeds; Ankh by default) in this process, on a 2-process
pool in automatically sized batches, on the pool one game per task, and in two forked processes
that share nothing (each plays every other game: the machine's own ceiling for two workers, since
two virtual cores need not run two processes at twice the speed of one); with ``--ray``
also on a local Ray instance (batched and one game per task).  Prints games per second,
min / median / max over ``--repeats`` runs, interleaved run by run, and the ratios of the
medians; then paired ratios (each repeat's rate divided by the same repeat's batched pool,
min / median / max over repeats), which a shared machine's drift from one minute to the next
disturbs less than the ratio of medians.  Every run's per-game results are checked to be
identical.  Not a test: the
numbers depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from collections.abc import Callable

from netjer.build_info import describe_build
from netjer.sim.tournament import GameResult, GameTask, play_batch, run_tasks, schedule


def _play_part(part: list[GameTask]) -> None:
    play_batch(part)


def two_apart(tasks: list[GameTask]) -> list[GameResult]:
    """The machine's own ceiling for two workers: two forked processes each play every other
    game, with no pool, no batches and no results sent back (so it returns none, and its
    results are not compared with the other runs')."""
    parts = [tasks[0::2], tasks[1::2]]
    context = multiprocessing.get_context("fork")
    processes = [context.Process(target=_play_part, args=(part,)) for part in parts]
    for process in processes:
        process.start()
    for process in processes:
        process.join()
    return []


def timed(run: Callable[[], list[GameResult]]) -> tuple[float, list[GameResult]]:
    """``(seconds, results)`` of one run."""
    start = time.perf_counter()
    results = run()
    return time.perf_counter() - start, results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="ankh")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--players", type=int, default=2, help="seats (Ankh only)")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--ray", action="store_true", help="also run on a local Ray instance")
    args = parser.parse_args()
    options = {"players": args.players} if args.game == "ankh" else {}
    tasks: list[GameTask] = schedule(args.game, ["random"], args.games, options=options, seed=0)
    runs: dict[str, Callable[[], list[GameResult]]] = {
        "1 worker": lambda: run_tasks(tasks, workers=1),
        "2 workers, batches": lambda: run_tasks(tasks, workers=2),
        "2 workers, 1 game per task": lambda: run_tasks(tasks, workers=2, batch_size=1),
        "2 processes apart (ceiling)": lambda: two_apart(tasks),
    }
    if args.ray:
        import ray  # noqa: PLC0415 - optional

        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
        # Warm Ray's workers (their first task imports netjer and the game) before timing, as
        # the forked pool's workers start with what this process has imported.
        run_tasks(tasks[:8], ray_address="local", batch_size=1)
        runs["Ray (2 CPUs), batches"] = lambda: run_tasks(tasks, ray_address="local")
        runs["Ray (2 CPUs), 1 game per task"] = lambda: run_tasks(tasks, ray_address="local", batch_size=1)
    rates: dict[str, list[float]] = {name: [] for name in runs}
    reference: list[GameResult] | None = None
    for _ in range(args.repeats):
        for name, run in runs.items():
            seconds, results = timed(run)
            if reference is None:
                reference = results
            assert not results or results == reference, f"{name}: results differ"
            rates[name].append(args.games / seconds)
    print(f"{args.game} {options}, random agents, {args.games} games; games/s min / median / max")
    base = statistics.median(rates["1 worker"])
    for name, values in rates.items():
        median = statistics.median(values)
        print(f"  {name:32s} {min(values):7.1f} / {median:7.1f} / {max(values):7.1f}   x{median / base:.2f}")
    pool = rates["2 workers, batches"]
    print("paired with the same repeat's '2 workers, batches'; ratio min / median / max")
    for name, values in rates.items():
        if name != "2 workers, batches":
            ratios = [v / p for v, p in zip(values, pool, strict=True)]
            print(f"  {name:32s} {min(ratios):7.2f} / {statistics.median(ratios):7.2f} / {max(ratios):7.2f}")


if __name__ == "__main__":
    print(describe_build(), file=sys.stderr)  # which engine the figures are of
    main()
