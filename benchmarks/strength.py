"""Playing strength of ISMCTS against the random and heuristic agents (issue 6 targets).

Usage::

    python benchmarks/strength.py aton --time 1.0 --games 200 --workers 2

For each opponent (random, heuristic) plays ``--games`` seeded games with the seats
rotated, ISMCTS at ``--time`` seconds per decision, and prints ISMCTS's score (win 1, draw
½) with its Wilson 95% interval.  Targets at 1 s per move: >= 95% against random, >= 70%
against the heuristic agent.  For a game with more seats (Ankh), ``-o players=4`` fills the
other seats with the opponent.
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
    parser.add_argument("--rollout", default="random", choices=["random", "heuristic"])
    parser.add_argument("--opponents", default="random,heuristic")
    parser.add_argument("-o", "--option", action="append", default=[])
    args = parser.parse_args()
    options = dict(item.split("=", 1) for item in args.option)
    me = f"ismcts:time={args.time},rollout={args.rollout}"
    for opponent in args.opponents.split(","):
        t0 = time.perf_counter()
        agents = [me, opponent]
        tasks = schedule(args.game, agents, args.games, options=options, seed=1000)
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
