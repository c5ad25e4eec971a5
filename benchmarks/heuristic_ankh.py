"""Is an Ankh heuristic stronger than today's? (issue 16, item 5: "the improved heuristic beats
today's").

Usage::

    python benchmarks/heuristic_ankh.py --players 2,4 --games 200 --workers 2
    python benchmarks/heuristic_ankh.py --agent heuristic:plan=rollout,temperature=0.1 \
        --opponent heuristic:temperature=0.1 --players 2 --games 200
    python benchmarks/heuristic_ankh.py --games 2000 --ray-address auto      # on a Ray cluster

For each player count, ``--games`` seeded games (game ``i`` with seed ``--seed + i``, gods
drawn, Middle Kingdom unless ``-o`` says otherwise) of one ``--agent`` seat against
``--opponent`` in every other seat, seats rotated (:func:`netjer.sim.tournament.schedule`).
Printed per count:

* the **head-to-head score** (:func:`netjer.sim.tournament.head_to_head`: per game, the
  agent's mean result against each opponent seat, win 1, tie ½; chance 0.5 at every player
  count) with its Wilson 95% interval: the issue's "score above 0.5, interval excluding it";
* the agent's **wins** (its seat won alone) with their Wilson interval, against the fair
  share 1 / players, and its **shared** wins (a merged god's win, 4-5 players);
* the wall-clock time of the run (the machine may be shared: not a speed figure).
"""

from __future__ import annotations

import argparse
import sys
import time

from netjer.build_info import describe_build
from netjer.core.errors import ConfigError
from netjer.core.stats import wilson_interval
from netjer.sim.tournament import head_to_head, run_tasks, schedule

#: The improved heuristic (docs/balance.md) and today's.
AGENT, OPPONENT = "heuristic:plan=rollout", "heuristic"


def duel(agent: str, opponent: str, players: int, games: int, seed: int, options: dict[str, str], **run: object) -> str:
    """One player count: a line with the head-to-head score, the wins and the time.

    Args:
        agent: the agent in one seat; ``opponent`` fills the others.
        players: 2 to 5.
        games: games to play; seed: game ``i`` has seed ``seed + i``.
        options: more Ankh options (``gods=none``, ``scenario=old-kingdom``).
        run: ``workers`` and ``ray_address`` for :func:`netjer.sim.tournament.run_tasks`.

    Raises:
        ConfigError: for a bad agent or option.
    """
    start = time.perf_counter()
    tasks = schedule("ankh", [agent, opponent], games, options={"players": players, **options}, seed=seed)
    results = run_tasks(tasks, **run)  # type: ignore[arg-type]
    seconds = time.perf_counter() - start
    h = head_to_head(results, 0, 1)
    won = shared = 0
    for r in results:
        winners = [s for s in range(len(r.returns)) if r.returns[s] > 0]
        if any(r.players[s] == 0 for s in winners):
            if len(winners) == 1:
                won += 1
            else:
                shared += 1
    wlo, whi = wilson_interval(won, len(results))
    return (
        f"{players} players, {agent} vs {opponent}, {len(results)} games (seed {seed}): "
        f"head-to-head {h.score:.3f} [{h.interval[0]:.3f}, {h.interval[1]:.3f}] ({h.wins}/{h.draws}/{h.losses}); "
        f"wins {won / len(results):.3f} [{wlo:.3f}, {whi:.3f}] (fair {1 / players:.3f}), "
        f"shared {shared / len(results):.3f}; {seconds:.0f} s"
    )


def main() -> None:
    """Parse the arguments and print one line per player count."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--agent", default=AGENT)
    parser.add_argument("--opponent", default=OPPONENT)
    parser.add_argument("--players", default="2,4", help="comma-separated player counts")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--ray-address", default=None)
    parser.add_argument("-o", "--option", action="append", default=[], help="Ankh option NAME=VALUE")
    args = parser.parse_args()
    options = dict(item.split("=", 1) for item in args.option)
    for players in (int(p) for p in args.players.split(",")):
        try:
            line = duel(
                args.agent,
                args.opponent,
                players,
                args.games,
                args.seed,
                options,
                workers=args.workers,
                ray_address=args.ray_address,
            )
        except ConfigError as err:
            sys.exit(f"error: {err}")
        print(line, flush=True)


if __name__ == "__main__":
    print(describe_build(), file=sys.stderr)  # which engine the figures are of
    main()
