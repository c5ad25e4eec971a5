"""Time of one Ankh observation (``state.observation(seat)``), per player count.

Usage::

    python benchmarks/ankh_observation.py [--players 5] [--repeats 5] [--positions 200]
    python benchmarks/ankh_observation.py --before /path/to/old/checkout/src [--rounds 3]

Plays seeded random games, keeps ``--positions`` positions spread over them (late positions
carry a long log), and times ``observation(seat)`` for every seat of every kept position
(``--pattern turns``: every position in a row, for the seat to act only, as an environment
asks);
each repeat prints microseconds per observation (wall clock, and the process's CPU time,
which the load of a shared machine disturbs less), then min/median/max over the repeats.

``--before SRC`` measures side by side: ``--rounds`` rounds, each running this script in a
child process first with ``PYTHONPATH=SRC`` (the code before a change: a second checkout's
``src``), then with this checkout's ``src``, ``--repeats`` passes each; it prints both sides'
min/median/max over all their passes, the ratio of the medians, and the load average.
Not a test: numbers depend on the machine (issue 15's goal: <= 40 us at 5 players).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from netjer.build_info import describe_build
from netjer.core import Rng
from netjer.core.state import State
from netjer.games.registry import make_game


def positions(players: int, count: int, every: int = 10) -> list[State]:
    """``count`` positions of seeded random games, every ``every``-th decision kept."""
    game = make_game("ankh", {"players": players})
    rng = Rng(7)
    out: list[State] = []
    seed = 0
    while len(out) < count:
        state = game.new_initial_state(seed)
        while not state.is_terminal and len(out) < count:
            if len(state.history) % every == every - 1:
                out.append(state.clone())
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
        seed += 1
    return out


def passes(players: int, count: int, repeats: int, pattern: str = "seats") -> list[tuple[float, float]]:
    """``repeats`` timed passes over ``count`` positions: ``(wall, cpu)`` microseconds per
    observation of each pass.  ``pattern``: ``seats``, every seat of every 10th decision;
    ``turns``, the seat to act at every decision (what an environment asks for)."""
    if pattern == "seats":
        states = positions(players, count)
        views = [(state, seat) for state in states for seat in range(players)]
    else:
        states = positions(players, count, every=1)
        views = [(state, state.current_player) for state in states]
    out = []
    for _ in range(repeats):
        wall, cpu = time.perf_counter(), time.process_time()
        for state, seat in views:
            state.observation(seat)
        n = len(views)
        out.append(((time.perf_counter() - wall) / n * 1e6, (time.process_time() - cpu) / n * 1e6))
    return out


def spread(values: list[float]) -> str:
    """``min / median / max``."""
    return f"{min(values):.1f} / {statistics.median(values):.1f} / {max(values):.1f}"


def side_by_side(args: argparse.Namespace) -> None:
    """Alternate child runs of the code before (``args.before``) and of this checkout."""
    here = str(Path(__file__).resolve().parent.parent / "src")
    sides = {"before": args.before, "after": here}
    got: dict[str, list[tuple[float, float]]] = {"before": [], "after": []}
    loads = [os.getloadavg()[0]]
    for _ in range(args.rounds):
        for side, src in sides.items():
            env = {**os.environ, "PYTHONPATH": src}
            cmd = [sys.executable, __file__, "--json", "--players", str(args.players)]
            cmd += ["--repeats", str(args.repeats), "--positions", str(args.positions), "--pattern", args.pattern]
            run = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
            got[side] += [tuple(x) for x in json.loads(run.stdout)]  # type: ignore[misc]
        loads.append(os.getloadavg()[0])
    what = "x every seat" if args.pattern == "seats" else "in a row, the seat to act"
    print(f"Ankh {args.players} players, {args.positions} positions {what}, {args.rounds} rounds of")
    print(f"{args.repeats} passes per side; us per observation, min / median / max")
    for side in sides:
        print(f"  {side:6}  wall {spread([w for w, _ in got[side]])}   cpu {spread([c for _, c in got[side]])}")
    for k, clock in enumerate(("wall", "cpu")):
        ratio = statistics.median(x[k] for x in got["before"]) / statistics.median(x[k] for x in got["after"])
        print(f"  before / after ({clock}, medians): {ratio:.2f}x")
    print(f"  load average (1 min) during the runs: {min(loads):.1f}-{max(loads):.1f}")


def main() -> None:
    """Parse the arguments, time the observations, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument(
        "--pattern",
        choices=("seats", "turns"),
        default="seats",
        help="seats: every seat of every 10th decision; turns: the seat to act at every decision",
    )
    parser.add_argument("--before", help="src folder of the code to compare with (side by side)")
    parser.add_argument("--rounds", type=int, default=3, help="with --before: rounds of both sides")
    parser.add_argument("--json", action="store_true", help="print the passes as JSON (for --before)")
    args = parser.parse_args()
    if args.before:
        side_by_side(args)
        return
    timed = passes(args.players, args.positions, args.repeats, args.pattern)
    if args.json:
        print(json.dumps(timed))
        return
    print(describe_build())
    for wall, cpu in timed:
        print(f"{args.players} players: {wall:.1f} us per observation (cpu {cpu:.1f})")
    print(
        f"over {args.repeats} repeats: wall {spread([w for w, _ in timed])} us, cpu {spread([c for _, c in timed])} us"
        f" (load average {os.getloadavg()[0]:.1f})"
    )


if __name__ == "__main__":
    main()
