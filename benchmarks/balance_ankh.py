"""Ankh balance study (issue 16, item 5): score per god, start position and turn position, per
player count and scenario, with Wilson 95% intervals; writes a Markdown table.

Usage::

    python benchmarks/balance_ankh.py --games 400 --workers 2
    python benchmarks/balance_ankh.py --players 4 --scenarios middle-kingdom -o gods=none --games 208
    python benchmarks/balance_ankh.py --agent ismcts:iterations=200,depth=20,rollout=heuristic \
        --games 400 --ray-address auto          # on a Ray cluster
    python benchmarks/balance_ankh.py --logs benchmarks/logs/balance ...   # resumable

Every game is played by copies of one agent (``--agent``, default the heuristic with the reply
plan and a temperature), seats rotated and the scenario's start positions rotated over the
turn positions (``--rotate-starts`` of ``netjer simulate``): a start position's score is then
measured from every turn position equally often (with a multiple of players x players games),
and the two effects can be told apart.  The sample's warnings (few distinct games, one
deterministic player) are printed with the tables.

With ``--logs DIR`` every finished game is appended to a JSON-lines log per player count and
scenario in ``DIR`` (``tournament.result_to_log``); a run started again with the same
arguments plays only the games its logs lack, so a long study survives an interruption.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from contextlib import nullcontext
from pathlib import Path

from netjer.build_info import describe_build
from netjer.sim.facets import FacetTable, cross_scores, facet_tables
from netjer.sim.report import distinct_games, sample_warnings
from netjer.sim.tournament import GameResult, GameTask, iter_results, read_log, result_to_log, schedule

#: The strongest agent this 2-core machine affords for thousands of Ankh games.
DEFAULT_AGENT = "heuristic:plan=reply,temperature=0.1"


def _rows(table: FacetTable) -> list[str]:
    out = []
    for row in table.rows:
        lo, hi = row.score.interval
        out.append(f"| {row.label} | {row.seats} | {row.score.score:.3f} [{lo:.3f}, {hi:.3f}] |")
    return out


def _played(tasks: list[GameTask], log: Path | None, **run: object) -> list[GameResult]:
    """Every task's result, in task order: those in ``log`` read from it, the others played
    (and appended to ``log`` as each finishes)."""
    done: dict[int, GameResult] = read_log(str(log), tasks) if log is not None else {}
    rest = [task for task in tasks if task.index not in done]
    if log is not None:
        log.parent.mkdir(parents=True, exist_ok=True)
    with open(log, "a", encoding="utf-8") if log is not None else nullcontext() as out:
        for result in iter_results(rest, **run):  # type: ignore[arg-type]
            done[result.index] = result
            if out is not None:
                out.write(result_to_log(result, tasks[result.index].seats) + "\n")
                out.flush()
    return [done[task.index] for task in tasks]


def study(
    agent: str,
    players: int,
    scenario: str,
    games: int,
    options: dict[str, str],
    logs: Path | None = None,
    **run: object,
) -> str:
    """One player count and scenario: the Markdown section of its tables.

    Args:
        agent: the agent specification filling every seat.
        players: 2 to 5.
        scenario: an Ankh scenario name.
        games: games to play.
        options: more game options (``gods=none``).
        logs: a folder for the resumable game logs (see the module's docstring), or None.
        run: ``workers`` and ``ray_address`` for :func:`netjer.sim.tournament.iter_results`.
    """
    start = time.perf_counter()
    tasks = schedule(
        "ankh", [agent], games, options={"players": players, "scenario": scenario, **options}, rotate_starts=True
    )
    name = re.sub(
        r"[^A-Za-z0-9=.,-]+", "_", f"{agent}-{players}p-{scenario}" + "".join(f"-{k}={v}" for k, v in options.items())
    )
    results = _played(tasks, logs / f"{name}.jsonl" if logs is not None else None, **run)
    seconds = time.perf_counter() - start
    lines = [
        f"### {players} players, {scenario}{''.join(f', {k}={v}' for k, v in options.items())}",
        "",
        f"{len(results)} games ({distinct_games(results)} distinct), {seconds:.0f} s. Fair score {1 / players:.3f}.",
        "",
    ]
    lines += [f"> warning: {w}" for w in sample_warnings(results, [agent])]
    for table in facet_tables(results, [agent]):
        if table.per_game or table.name == "guardians":
            continue
        lines += ["", f"| {table.name} | seats | score [95% CI] |", "|---|---|---|", *_rows(table)]
    cells = cross_scores(results)
    if cells is not None:
        cols = sorted({b for _, b in cells})
        lines += ["", "| start \\ turn | " + " | ".join(cols) + " |", "|---" * (len(cols) + 1) + "|"]
        for a in dict.fromkeys(a for a, _ in cells):
            row = [f"{cells[(a, b)].score:.2f} (n={cells[(a, b)].n})" if (a, b) in cells else "" for b in cols]
            lines.append(f"| {a} | " + " | ".join(row) + " |")
    return "\n".join(lines) + "\n"


def main() -> None:
    """Run the grid and print (or write) the Markdown tables."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--agent", default=DEFAULT_AGENT)
    parser.add_argument("--players", default="2,3,4,5", help="comma-separated player counts")
    parser.add_argument("--scenarios", default="middle-kingdom,old-kingdom")
    parser.add_argument("--games", type=int, default=400, help="games per player count and scenario")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--ray-address", default=None, help="a Ray cluster ('auto', 'ray://host:10001', 'local')")
    parser.add_argument("-o", "--option", action="append", default=[], help="game option NAME=VALUE")
    parser.add_argument("--out", type=Path, default=None, help="write the Markdown here too")
    parser.add_argument("--logs", type=Path, default=None, help="a folder of resumable game logs")
    args = parser.parse_args()
    options = dict(item.split("=", 1) for item in args.option)
    parts = []
    for players in (int(p) for p in args.players.split(",")):
        for scenario in args.scenarios.split(","):
            part = study(
                args.agent,
                players,
                scenario,
                args.games,
                options,
                logs=args.logs,
                workers=args.workers,
                ray_address=args.ray_address,
            )
            sys.stdout.write(part + "\n")
            sys.stdout.flush()
            parts.append(part)
    if args.out is not None:
        args.out.write_text(f"Agent: `{args.agent}`\n\n" + "\n".join(parts), encoding="utf-8")


if __name__ == "__main__":
    print(describe_build(), file=sys.stderr)  # which engine the figures are of
    main()
