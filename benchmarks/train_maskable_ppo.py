"""MaskablePPO (sb3-contrib) through the single-agent environment: 2-player Ankh against random.

Usage (needs ``pip install 'netjer[train]'``: sb3-contrib and a CPU PyTorch)::

    python benchmarks/train_maskable_ppo.py [--minutes 15] [--eval-games 200] [--reward shaped]
                                            [--observation flat] [--seed 0] [--curve curve.csv]

Trains ``MaskablePPO("MlpPolicy")`` on :class:`netjer.adapters.gymnasium_env.NetjerEnv`
(``players=2``, opponent ``random``, the learner's seat rotated) for ``--minutes`` of wall
time, evaluating the greedy masked policy every ``--eval-every`` timesteps on ``--eval-games``
new games (seats rotated), and prints the learning curve: timesteps, CPU seconds, win rate and
its Wilson 95% interval.  The figures of docs/research.md come from this script.  Not a test:
the time budget makes it depend on the machine.
"""

from __future__ import annotations

import argparse
import csv
import math
import sys
import time
from typing import Any

import numpy as np

from netjer.adapters.gymnasium_env import NetjerEnv
from netjer.build_info import describe_build

try:
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.utils import get_action_masks
except ImportError:  # pragma: no cover - the optional extra
    sys.exit("this example needs sb3-contrib and PyTorch: pip install 'netjer[train]'")


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% for the default ``z``)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def evaluate(model: Any, games: int, seed: int, observation: str) -> tuple[int, int]:
    """(wins, truncated games) of the greedy masked policy in ``games`` games of 2-player Ankh
    against random."""
    env = NetjerEnv("ankh", players=2, opponents="random", observation=observation)
    wins = truncations = 0
    for g in range(games):
        obs, _ = env.reset(seed=seed + g) if g == 0 else env.reset()
        while True:
            action, _ = model.predict(obs, action_masks=get_action_masks(env), deterministic=True)
            obs, reward, terminated, truncated, _ = env.step(int(action))
            if terminated or truncated:
                wins += reward > 0
                truncations += truncated
                break
    return wins, truncations


def main() -> None:
    """Parse the arguments, train, print (and optionally write) the learning curve."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=15.0, help="wall-clock training budget")
    parser.add_argument("--eval-every", type=int, default=20_000, help="timesteps between evaluations")
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--reward", default="shaped", choices=["result", "shaped"])
    parser.add_argument("--observation", default="flat", choices=["dict", "flat"])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--curve", default=None, help="write the curve to this CSV file")
    args = parser.parse_args()
    print(describe_build())
    env = NetjerEnv("ankh", players=2, opponents="random", observation=args.observation, reward=args.reward)
    policy = "MultiInputPolicy" if args.observation == "dict" else "MlpPolicy"
    model = MaskablePPO(policy, env, n_steps=2048, batch_size=256, learning_rate=3e-4, gamma=1.0, seed=args.seed)
    curve: list[tuple[int, float, int, int]] = []

    def record() -> None:
        wins, truncated = evaluate(model, args.eval_games, 10_000 + args.seed, args.observation)
        low, high = wilson(wins, args.eval_games)
        curve.append((model.num_timesteps, time.process_time(), wins, args.eval_games))
        print(
            f"timesteps {model.num_timesteps:7d}  CPU {time.process_time():7.0f} s  "
            f"greedy wins {wins}/{args.eval_games} = {wins / args.eval_games:.0%} [{low:.0%}, {high:.0%}], "
            f"{truncated} truncated at the length cap",
            flush=True,
        )

    record()
    deadline = time.monotonic() + 60 * args.minutes
    while time.monotonic() < deadline:
        model.learn(total_timesteps=args.eval_every, reset_num_timesteps=False)
        record()
    if args.curve:
        with open(args.curve, "w", newline="", encoding="utf-8") as out:
            writer = csv.writer(out)
            writer.writerow(["timesteps", "cpu_seconds", "wins", "games"])
            writer.writerows(curve)
    rate = np.array([c[2] / c[3] for c in curve])
    print(f"best greedy win rate {rate.max():.0%}, last {rate[-1]:.0%}")


if __name__ == "__main__":
    main()
