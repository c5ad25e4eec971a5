"""The vector environment's speed beside python-chess's random moves, measured in one run.

Usage::

    python benchmarks/vector_env.py [--game ankh] [--players 2] [--num-envs 16] [--seconds 5]
                                    [--repeats 3] [--observation dict|flat] [--opponents random]

Steps :class:`netjer.adapters.vector_env.NetjerVectorEnv` with uniformly random *legal* learner
actions drawn from the returned masks, every row at once (the learner's share of a training loop,
with no network)
and, interleaved with it, python-chess random playouts (``benchmarks/playout.py``'s loop), each
for ``--seconds`` of the process's CPU clock, ``--repeats`` times.  Prints per repeat and as
min / median / max: the environment's decisions per CPU-second (every seat's: the learners' and
the opponents' played inside ``step``), its learner steps per CPU-second, python-chess's moves
per CPU-second, and the ratio decisions ÷ chess moves (issue 34's measure; the AEC
environment's was 0.10-0.12).  Not a test: numbers depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time

import numpy as np

from netjer.adapters.vector_env import NetjerVectorEnv
from netjer.build_info import describe_build
from playout import chess_playouts


def vector_steps(envs: NetjerVectorEnv, seconds: float, rng: np.random.Generator) -> tuple[int, int, float]:
    """Step ``envs`` with random legal actions for about ``seconds`` of CPU time.

    Returns:
        (decisions of every seat, learner steps, CPU seconds).
    """
    obs, _ = envs.reset(seed=int(rng.integers(1 << 31)))
    decisions_before = sum(game.decisions for game in envs.games)
    steps = 0
    clock = time.process_time
    start = clock()
    deadline = start + seconds
    while clock() < deadline:
        masks = obs["action_mask"] if isinstance(obs, dict) else obs[:, -envs.table.num_actions :]
        obs, *_ = envs.step(random_legal(masks, rng))
        steps += envs.num_envs
    elapsed = clock() - start
    return sum(game.decisions for game in envs.games) - decisions_before, steps, elapsed


def random_legal(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal code per row of ``masks`` (rows, actions), each row with at
    least one legal code, drawn for every row at once (what a policy's masked sampling costs
    a training loop, with no network): the legal codes of all rows in one ``nonzero``, then
    row *r*'s ``k``-th, ``k`` uniform below its count.  The legal codes are found as booleans in
    one flat row (a 0/1 int8 mask is viewed as booleans, no copy): NumPy's ``nonzero`` over a
    flat boolean array is about 40 times as fast as over the 2-D int8 masks (which cost about a
    tenth of a step), and gives the same codes in the same order."""
    legal = masks.view(np.bool_) if masks.dtype in (np.int8, np.uint8) else masks != 0
    rows, codes = np.divmod(np.ravel(legal).nonzero()[0], masks.shape[1])
    counts = np.bincount(rows, minlength=len(masks))
    starts = np.cumsum(counts) - counts
    return codes[starts + (rng.random(len(masks)) * counts).astype(np.int64)]


def main() -> None:
    """Parse the arguments, run the measurement, print the table."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="ankh")
    parser.add_argument("--players", type=int, default=2, help="for Ankh (2-5)")
    parser.add_argument("--num-envs", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--observation", default="dict", choices=["dict", "flat"])
    parser.add_argument("--opponents", default="random")
    args = parser.parse_args()
    options = {"players": args.players} if args.game == "ankh" else {}
    envs = NetjerVectorEnv(
        args.game, num_envs=args.num_envs, opponents=args.opponents, observation=args.observation, **options
    )
    print(describe_build())
    print(f"Python {platform.python_version()} on {platform.machine()}, CPU clock, {args.seconds:g} s per run")
    print(
        f"{args.game} {options or ''} vector env: {args.num_envs} games, opponents {args.opponents}, "
        f"{args.observation} observations"
    )
    rng = np.random.default_rng(0)
    vector_steps(envs, 0.5, rng)  # warm-up: imports, caches
    rows = []
    for repeat in range(args.repeats):
        decisions, steps, elapsed = vector_steps(envs, args.seconds, rng)
        moves, _, chess_elapsed = chess_playouts(args.seconds, clock=time.process_time)
        rate, learner, chess_rate = decisions / elapsed, steps / elapsed, moves / chess_elapsed
        rows.append((rate, learner, chess_rate, rate / chess_rate))
        print(
            f"  run {repeat + 1}: {rate:8.0f} decisions/s ({learner:7.0f} learner steps/s)   "
            f"python-chess {chess_rate:8.0f} moves/s   ratio {rate / chess_rate:.2f}"
        )
    names = ("decisions/s", "learner steps/s", "chess moves/s", "ratio")
    for k, label in enumerate(names):
        column = [row[k] for row in rows]
        low, mid, high = min(column), statistics.median(column), max(column)
        fmt = "{:.2f}" if label == "ratio" else "{:.0f}"
        print(f"{label:>16}: min {fmt.format(low)}  median {fmt.format(mid)}  max {fmt.format(high)}")


if __name__ == "__main__":
    main()
