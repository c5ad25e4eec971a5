"""Playing strength of ISMCTS against the random and heuristic agents (issue 6 targets).

Usage::

    python benchmarks/strength.py aton --time 1.0 --games 200 --workers 2
    python benchmarks/strength.py ankh -o players=4 --iterations 200 --rollout heuristic --depth 20
    python benchmarks/strength.py ankh -o players=4 --opponents heuristic \
        --spec ismcts:time=1.0,depth=40,rollout=heuristic,guided=1,opponents=heuristic

For each opponent (random, heuristic) plays ``--games`` seeded games with the seats
rotated, ISMCTS at ``--time`` seconds per decision, and prints ISMCTS's **game score** (per
game: win 1, draw or shared win ½, loss 0; not the **pairwise score** of
``benchmarks/levels.py``, docs/levels.md) with its Wilson 95% interval.  Targets at 1 s per
move: >= 95% against random, >= 70% against the heuristic agent.  For a game with more seats
(Ankh), ``-o players=4`` fills the other seats with the opponent.  ``--iterations`` gives a
fixed number of iterations per decision instead of a time (reproducible on a busy machine),
``--depth`` cuts the playouts with the game's evaluation (``ismcts:depth=N``), ``--spec`` names
any agent or level instead.
Besides the game score it prints the agent's wins alone with their Wilson 95% interval (issue 16
asks Dioses del Nilo's top level for wins, not draws).

``--log FILE`` appends each finished game (JSON lines); a rerun with the same arguments and log
plays only the games missing from it, so a long run stopped at any time loses at most the games
under way.  ``--max-seconds S`` (with ``--workers 1``) starts no game after S seconds.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator

from netjer.agents.registry import split_agent_specs
from netjer.build_info import describe_build
from netjer.core.errors import ConfigError
from netjer.core.stats import wilson_interval
from netjer.sim.tournament import (
    GameResult,
    GameTask,
    iter_results,
    play_task,
    read_log,
    result_to_log,
    schedule,
    summarize,
)


def main() -> None:
    """Run the pairings and print the game scores."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("--time", type=float, default=1.0, help="ISMCTS seconds per decision")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=None, help="ISMCTS iterations per decision (not --time)")
    parser.add_argument("--rollout", default="random", choices=["random", "heuristic"])
    parser.add_argument("--depth", type=int, default=None, help="cut playouts after N actions (game's evaluation)")
    parser.add_argument("--spec", default=None, help="the agent under test, e.g. ismcts:iterations=50,depth=10")
    parser.add_argument(
        "--opponents",
        default="random,heuristic",
        help="agents, comma-separated: ismcts:iterations=50,depth=40,heuristic is two",
    )
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("-o", "--option", action="append", default=[])
    parser.add_argument("--log", default=None, help="append each finished game here (JSON lines); resume from it")
    parser.add_argument(
        "--max-seconds", type=float, default=None, help="start no new game after this many seconds (--workers 1)"
    )
    args = parser.parse_args()
    options = dict(item.split("=", 1) for item in args.option)
    budget = f"iterations={args.iterations}" if args.iterations else f"time={args.time}"
    me = args.spec or f"ismcts:{budget},rollout={args.rollout}" + (f",depth={args.depth}" if args.depth else "")
    if args.max_seconds is not None and args.workers != 1:
        sys.exit("error: --max-seconds stops between games of one process: use it with --workers 1")
    start = time.perf_counter()
    for opponent in split_agent_specs(args.opponents):
        t0 = time.perf_counter()
        agents = [me, opponent]
        try:
            tasks = schedule(args.game, agents, args.games, options=options, seed=args.seed)
            done = read_log(args.log, tasks) if args.log else {}
        except ConfigError as err:
            sys.exit(f"error: {err}")
        pending = [t for t in tasks if t.index not in done]
        for result in _played(pending, args.workers, start, args.max_seconds):
            done[result.index] = result
            if args.log:
                with open(args.log, "a", encoding="utf-8") as log:
                    log.write(result_to_log(result, tasks[result.index].seats) + "\n")
        results = sorted(done.values(), key=lambda r: r.index)
        if not results:
            print(f"{args.game} {options or ''}: {me} vs {opponent}: no game played", flush=True)
            continue
        summary = summarize(args.game, agents, results, bootstrap=100)
        a = summary.agents[0]
        lo, hi = a.score_interval
        wlo, whi = wilson_interval(a.wins, a.games)
        print(
            f"{args.game} {options or ''}: {me} vs {opponent}: {a.wins}/{a.draws}/{a.losses} (W/D/L) in "
            f"{a.games} games ({len(tasks) - len(pending)} from --log, {len(tasks) - len(results)} not played), "
            f"game score {a.score:.3f} [95% CI {lo:.3f}, {hi:.3f}], wins {a.wins / a.games:.1%} "
            f"[95% CI {wlo:.1%}, {whi:.1%}], {summary.mean_decisions:.0f} decisions/game, "
            f"{time.perf_counter() - t0:.0f} s",
            flush=True,
        )


def _played(tasks: list[GameTask], workers: int, start: float, max_seconds: float | None) -> Iterator[GameResult]:
    """The results of ``tasks`` as they finish; with ``max_seconds``, in this process, no game
    started after that many seconds since ``start``."""
    if max_seconds is None:
        yield from iter_results(tasks, workers=workers)
        return
    for task in tasks:
        if time.perf_counter() - start >= max_seconds:
            return
        yield play_task(task)


if __name__ == "__main__":
    print(describe_build(), file=sys.stderr)  # which engine the figures are of
    main()
