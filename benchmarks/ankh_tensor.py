"""The declared Ankh tensor against the hashed fallback it replaces, measured side by side.

Usage::

    python benchmarks/ankh_tensor.py [--players 5] [--positions 200] [--repeats 5] [--turns 1500]

1. **Encoding**: per-call time of ``encode_array(observation)`` for the declared encoder
   (``netjer.adapters.ankh_tensor``) and for the hashed fallback (``HashedEncoder``, what
   Ankh used before), over the same positions of random games and every seat's
   observation; also the time to build ``observation(seat)`` itself, which both pay.
2. **PettingZoo**: turns per second of the AEC environment under random masked play (the
   loop of PettingZoo's ``performance_benchmark``: ``last()`` then ``step``), with the
   declared encoder, with the hashed one swapped in, and with a free tensor of zeros (the
   ceiling: what the observation, the engine and the loop cost), interleaved repeat by
   repeat.

Each figure is min / median / max over ``--repeats`` runs; the ratios compare medians.  Not
a test: the numbers depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from typing import Any

import numpy as np

from netjer.adapters.encoding import Encoder, HashedEncoder, encoder_for
from netjer.adapters.pettingzoo import env
from netjer.build_info import describe_build
from netjer.core import Rng
from netjer.core.state import JsonDict
from netjer.games.registry import make_game


def observations(players: int, positions: int) -> tuple[list[Any], list[JsonDict]]:
    """``positions`` states of random games (every 3rd decision) and every seat's view of them."""
    game = make_game("ankh", {"players": players})
    states: list[Any] = []
    seed = 0
    while len(states) < positions:
        state = game.new_initial_state(seed)
        rng = Rng(seed)
        k = 0
        while not state.is_terminal and len(states) < positions:
            if k % 3 == 0:
                states.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
            k += 1
        seed += 1
    return states, [s.observation(seat) for s in states for seat in range(players)]


def per_call(fn: Any, items: list[Any]) -> float:
    """Mean microseconds of ``fn(item)`` over ``items``."""
    start = time.perf_counter()
    for item in items:
        fn(item)
    return (time.perf_counter() - start) / len(items) * 1e6


def turns_per_second(encoder: Encoder | None, players: int, turns: int, seed: int) -> float:
    """Random masked play in the AEC environment for ``turns`` turns (``encoder`` swapped in)."""
    e = env("ankh", players=players)
    if encoder is not None:
        e._t.encoder = encoder
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    done = 0
    start = time.perf_counter()  # the environment is built: only the turns are timed
    while done < turns:
        for _agent in e.agent_iter(e.num_agents):
            obs, _, terminated, truncated, _ = e.last()
            e.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            done += 1
            if all(e.terminations.values()) or all(e.truncations.values()):
                e.reset()
    return done / (time.perf_counter() - start)


class FreeTensor(Encoder):
    """A tensor of zeros at no cost: the ceiling any encoder could reach in the loop."""

    kind = "layout"
    low = 0.0
    high = 1.0

    def __init__(self, size: int) -> None:
        self.size = size
        self._zeros = np.zeros(size, np.float32)

    def encode(self, obs: JsonDict) -> list[float]:
        return [0.0] * self.size

    def encode_array(self, obs: JsonDict) -> Any:
        return self._zeros


def spread(values: list[float]) -> str:
    """``min / median / max``."""
    return f"{min(values):.1f} / {statistics.median(values):.1f} / {max(values):.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--turns", type=int, default=1500)
    args = parser.parse_args()
    game = make_game("ankh", {"players": args.players})
    declared, hashed = encoder_for(game), HashedEncoder()
    states, obs = observations(args.players, args.positions)
    build, ours, theirs = [], [], []
    seats = [(s, seat) for s in states for seat in range(args.players)]
    for _ in range(args.repeats):
        build.append(per_call(lambda p: p[0].observation(p[1]), seats))
        ours.append(per_call(declared.encode_array, obs))
        theirs.append(per_call(hashed.encode_array, obs))
    print(f"Ankh {args.players} players, {len(obs)} observations; microseconds per call, min / median / max")
    print(f"  declared tensor ({declared.size} values): {spread(ours)}")
    print(f"  hashed tensor ({hashed.size} values):    {spread(theirs)}")
    print(f"  observation(seat) itself:        {spread(build)}")
    print(f"  encoding speed-up (medians): {statistics.median(theirs) / statistics.median(ours):.1f}x")
    fast, slow, free = [], [], []
    turns_per_second(None, args.players, 50, 0)  # warm up: imports, tables
    for r in range(args.repeats):
        fast.append(turns_per_second(None, args.players, args.turns, r))
        slow.append(turns_per_second(hashed, args.players, args.turns, r))
        free.append(turns_per_second(FreeTensor(declared.size), args.players, args.turns, r))
    print(f"PettingZoo AEC, random masked play, {args.turns} turns per run; turns/s min / median / max")
    print(f"  declared tensor: {spread(fast)}")
    print(f"  hashed tensor:   {spread(slow)}")
    print(f"  no tensor (zeros, the ceiling): {spread(free)}")
    print(f"  speed-up (medians): {statistics.median(fast) / statistics.median(slow):.1f}x")
    print(f"  ceiling speed-up (medians): {statistics.median(free) / statistics.median(slow):.1f}x")


if __name__ == "__main__":
    print(describe_build(), file=sys.stderr)  # which engine the figures are of
    main()
