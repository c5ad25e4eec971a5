"""The Ankh row writer alone: recorded shared observations replayed into fresh row writers.

Usage::

    python benchmarks/ankh_row_writer.py [--num-envs 16] [--steps 400] [--repeats 5] [--players 2]

Steps a :class:`netjer.adapters.vector_env.NetjerVectorEnv` of ``--num-envs`` games (opponent
``random``, the learners' actions random among the legal ones) for ``--steps`` steps and keeps
every game's shared observations (``LearnerGame.obs``; their parts are never changed, so they
can be kept).  Then, ``--repeats`` times, writes each game's stream, the games interleaved as
the vector environment does, into new row writers (``encoder.row_writer(row)``) and prints the
CPU time per write (min / median / max): the writer's share of a vector step without the engine,
the opponents and the environment around it.  At the end every row is compared with a fresh
encoder's ``encode_array`` of its last observation (an AssertionError if one differs).  Not a
test: numbers depend on the machine and its load; compare two builds by running this
alternately in one session (benchmarks/README.md, "vector_env.py").
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import numpy as np

from netjer.adapters.vector_env import NetjerVectorEnv
from netjer.build_info import describe_build
from vector_env import random_legal


def record(num_envs: int, steps: int, players: int) -> tuple[NetjerVectorEnv, list[list[Any]]]:
    """The environment and, per game, its shared observations after each of ``steps`` steps."""
    envs = NetjerVectorEnv("ankh", num_envs=num_envs, players=players, opponents="random")
    rng = np.random.default_rng(0)
    obs, _ = envs.reset(seed=1)
    streams: list[list[Any]] = [[] for _ in range(num_envs)]
    for _ in range(steps):
        obs, *_ = envs.step(random_legal(obs["action_mask"], rng))
        for stream, game in zip(streams, envs.games, strict=True):
            stream.append(game.obs)
    return envs, streams


def replay(envs: NetjerVectorEnv, streams: list[list[Any]], rows: np.ndarray) -> float:
    """Write the streams, interleaved, into new writers of ``rows``; CPU seconds per write."""
    encoder = envs.table.encoder
    writers = [encoder.row_writer(rows[i]) for i in range(len(streams))]
    steps = len(streams[0])
    start = time.process_time()
    for step in range(steps):
        for writer, stream in zip(writers, streams, strict=True):
            writer.write(stream[step], shared=True)
    return (time.process_time() - start) / (steps * len(streams))


def main() -> None:
    """Parse the arguments, record, replay, check and print."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--num-envs", type=int, default=16)
    parser.add_argument("--steps", type=int, default=400)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    print(describe_build())
    envs, streams = record(args.num_envs, args.steps, args.players)
    rows = np.zeros((args.num_envs, envs.table.encoder.size), np.float32)
    times = [replay(envs, streams, rows) for _ in range(args.repeats)]
    fresh = type(envs.table.encoder)(envs.table.game)
    for row, stream in zip(rows, streams, strict=True):
        assert np.array_equal(row, fresh.encode_array(stream[-1])), "a row differs from the whole tensor"
    low, mid, high = (1e6 * t for t in (min(times), statistics.median(times), max(times)))
    print(
        f"{args.num_envs} games x {args.steps} steps, {args.players} players: "
        f"{low:.1f} / {mid:.1f} / {high:.1f} us per write (min / median / max)"
    )


if __name__ == "__main__":
    main()
