"""Playing strength of ISMCTS against the random and heuristic agents (issue 6 targets).

Usage::

    python benchmarks/strength.py aton --time 1.0 --games 200 --workers 2
    python benchmarks/strength.py ankh -o players=4 --iterations 200 --rollout heuristic --depth 20
    python benchmarks/strength.py ankh -o players=4 --opponents heuristic \
        --spec ismcts:time=1.0,depth=40,rollout=heuristic,guided=1,opponents=heuristic

For each opponent (random, heuristic) plays ``--games`` seeded games with the seats
rotated, ISMCTS at ``--time`` seconds per decision, and prints ISMCTS's score (win 1, draw
½) with its Wilson 95% interval.  Targets at 1 s per move: >= 95% against random, >= 70%
against the heuristic agent.  For a game with more seats (Ankh), ``-o players=4`` fills the
other seats with the opponent.  ``--iterations`` gives a fixed number of iterations per
decision instead of a time (reproducible on a busy machine), ``--depth`` cuts the playouts
with the game's evaluation (``ismcts:depth=N``), ``--spec`` names any agent instead.
"""

from __future__ import annotations

import argparse
import time

from netjer.sim.tournament import run_tasks, schedule, summarize


def main() -> None:
    """Run both pairings and print the scores."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("--time", type=float, default=1.0, help="ISMCTS seconds per decision")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=None, help="ISMCTS iterations per decision (not --time)")
    parser.add_argument("--rollout", default="random", choices=["random", "heuristic"])
    parser.add_argument("--depth", type=int, default=None, help="cut playouts after N actions (game's evaluation)")
    parser.add_argument("--spec", default=None, help="the agent under test, e.g. ismcts:iterations=50,depth=10")
    parser.add_argument("--opponents", default="random,heuristic")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("-o", "--option", action="append", default=[])
    args = parser.parse_args()
    options = dict(item.split("=", 1) for item in args.option)
    budget = f"iterations={args.iterations}" if args.iterations else f"time={args.time}"
    me = args.spec or f"ismcts:{budget},rollout={args.rollout}" + (f",depth={args.depth}" if args.depth else "")
    for opponent in args.opponents.split(","):
        t0 = time.perf_counter()
        agents = [me, opponent]
        tasks = schedule(args.game, agents, args.games, options=options, seed=args.seed)
        results = run_tasks(tasks, workers=args.workers)
        summary = summarize(args.game, agents, results, bootstrap=100)
        a = summary.agents[0]
        lo, hi = a.score_interval
        print(
            f"{args.game} {options or ''}: {me} vs {opponent}: {a.wins}/{a.draws}/{a.losses} (W/D/L) in "
            f"{a.games} games, score {a.score:.3f} [95% CI {lo:.3f}, {hi:.3f}], "
            f"{summary.mean_decisions:.0f} decisions/game, {time.perf_counter() - t0:.0f} s",
            flush=True,
        )


if __name__ == "__main__":
    main()
