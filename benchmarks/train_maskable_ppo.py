"""MaskablePPO (sb3-contrib) through the single-agent environment: 2-player Ankh against random.

Usage (needs ``pip install 'netjer[train]'``: sb3-contrib and a CPU PyTorch)::

    python benchmarks/train_maskable_ppo.py [--cpu-minutes 1.5] [--eval-every 10240]
        [--eval-games 50] [--final-eval-games 200] [--reward shaped] [--blocks seat,gods,...]
        [--n-envs 1] [--n-steps 2048] [--batch-size 256] [--n-epochs 4] [--learning-rate 5e-4]
        [--ent-coef 0.01] [--lr-decay 0] [--clip-range 0.2] [--target-kl none] [--net 64,64]
        [--seed 0] [--final-policy best|latest|both] [--eval-sampled] [--curve curve.csv] [--save policy.zip]
        [--imitate 0] [--demonstrator heuristic] [--imitate-epochs 10] [--imitate-lr 1e-3]

Trains ``MaskablePPO("MlpPolicy")`` on :class:`netjer.adapters.gymnasium_env.NetjerEnv`
(``players=2``, opponent ``random``, the learner's seat rotated, ``observation="flat"`` cut to
the Ankh tensor's ``--blocks``, with ``mask`` for the legal actions; ``--n-envs`` games stepped
together in a ``DummyVecEnv``, so that the policy runs once per step of them all) until this process has
used ``--cpu-minutes`` of CPU time (evaluations included; checked after each round of
``--eval-every`` timesteps, so at least one round runs), evaluating the greedy masked policy
after every round on ``--eval-games`` validation games (seats rotated), and at the end the
best policy on the validation games (kept, ``--save`` saves it) on ``--final-eval-games`` other
games, and prints the learning curve: timesteps, CPU seconds, wins with the
Wilson 95% interval, games truncated at the length cap (``--curve`` writes it as CSV after
every evaluation); ``--final-policy latest`` measures and saves the policy training ended
with instead of the best (``both``: the latest measured too, before the best),
``--eval-sampled`` adds the sampled policy's wins (actions drawn from the masked distribution)
after each greedy evaluation.  ``--imitate N`` first fits the policy to the decisions
``--demonstrator`` (default the heuristic) takes in N games of the learner's seat against
random (behaviour cloning: the masked policy's cross-entropy on those actions, the value
network untouched), then PPO goes on from it.  PyTorch runs on ``--threads``
(default 1) threads.  The figures of docs/research.md come from this script.  Not a test: what
a CPU-minute buys depends on the machine (tests/adapters/test_maskable_ppo_training.py runs it
on a tiny budget).
"""

from __future__ import annotations

import argparse
import copy
import csv
import math
import sys
import time
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from netjer.adapters.gymnasium_env import NetjerEnv
from netjer.agents.registry import make_agent
from netjer.build_info import describe_build
from netjer.core.view import PlayerView

try:
    import torch
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.utils import get_action_masks
    from stable_baselines3.common.vec_env import DummyVecEnv
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


#: The Ankh tensor's blocks (netjer.adapters.ankh_tensor), and "mask" for the legal actions.
ALL_BLOCKS = "seat,board,camels,regions,tracks,gods,me,powers,power_data,battle,pending,result,mask"
#: The default: the blocks without the board, the camels, the powers' data, the pending decision
#: and the mask (1,741 inputs of 9,855).  Against random it learns as much per timestep as with
#: the board and pending decision, at several times fewer CPU-seconds per timestep
#: (benchmarks/README.md, "train_maskable_ppo.py").
COMPACT_BLOCKS = "seat,regions,tracks,gods,me,powers,battle,result"


class Blocks(gymnasium.ObservationWrapper[Any, Any, Any]):
    """The flat observation cut down to some of the Ankh tensor's blocks (and the mask), so that
    the policy's first layer, which costs most of a training step, reads fewer inputs."""

    def __init__(self, env: NetjerEnv, names: str) -> None:
        super().__init__(env)
        blocks = env.table.encoder.blocks  # type: ignore[attr-defined]
        size = env.table.encoder.size
        ranges = []
        for name in names.split(","):
            if name == "mask":
                ranges.append(np.arange(size, size + env.table.num_actions))
            else:
                ranges.append(np.arange(blocks[name].offset, blocks[name].stop))
        self.keep = np.concatenate(ranges)
        self.observation_space = spaces.Box(0.0, 1.0, (len(self.keep),), np.float32)

    def observation(self, observation: Any) -> Any:
        """The kept entries of a flat observation."""
        return observation[self.keep]

    def action_masks(self) -> np.ndarray:
        """The wrapped environment's legal actions (sb3-contrib calls this)."""
        return self.env.unwrapped.action_masks()  # type: ignore[attr-defined, no-any-return]


def make_env(args: argparse.Namespace, reward: str = "result") -> Any:
    """2-player Ankh against random, flat observations cut to ``args.blocks``."""
    env = NetjerEnv("ankh", players=2, opponents="random", observation="flat", reward=reward)
    return Blocks(env, args.blocks)


def evaluate(model: Any, games: int, seed: int, args: argparse.Namespace, greedy: bool = True) -> tuple[int, int]:
    """(wins, truncated games) of the masked policy, greedy (its most likely legal action) or
    sampled, in ``games`` games of 2-player Ankh against random."""
    env = make_env(args)
    wins = truncations = 0
    for g in range(games):
        obs, _ = env.reset(seed=seed + g) if g == 0 else env.reset()
        while True:
            action, _ = model.predict(obs, action_masks=get_action_masks(env), deterministic=greedy)
            obs, reward, terminated, truncated, _ = env.step(int(action))
            if terminated or truncated:
                wins += reward > 0
                truncations += truncated
                break
    return wins, truncations


def demonstrations(games: int, seed: int, spec: str, args: argparse.Namespace) -> tuple[np.ndarray, ...]:
    """The learner's decisions of ``games`` games where agent ``spec`` plays its seat against
    random (seats rotated, the environment's observations): ``(observations, masks, codes)``,
    arrays of shape (decisions, inputs), (decisions, actions) and (decisions,)."""
    env = make_env(args)
    base = env.unwrapped
    observations, masks, codes = [], [], []
    for g in range(games):
        obs, _ = env.reset(seed=seed) if g == 0 else env.reset()
        agent = make_agent(spec, seed=seed + g)
        while True:
            game = base.current
            code = base.table.game.action_to_int(agent.choose(PlayerView(game.session.state, game.seat)))
            observations.append(obs)
            masks.append(env.action_masks())
            codes.append(code)
            obs, _, terminated, truncated, _ = env.step(code)
            if terminated or truncated:
                break
    return np.array(observations), np.array(masks), np.array(codes)


def imitate(model: Any, data: tuple[np.ndarray, ...], epochs: int, learning_rate: float, seed: int) -> float:
    """Behaviour cloning: fit the policy's masked action distribution to the demonstrations'
    actions (cross-entropy, Adam, minibatches of 256) for ``epochs`` passes; the last pass's
    mean loss (nats).  The value network is left to PPO."""
    observations, masks, codes = data
    policy = model.policy
    optimizer = torch.optim.Adam(policy.parameters(), lr=learning_rate)
    order = np.random.default_rng(seed)
    loss_sum = 0.0
    for _ in range(epochs):
        loss_sum = 0.0
        permutation = order.permutation(len(codes))
        for start in range(0, len(codes), 256):
            batch = permutation[start : start + 256]
            obs = torch.as_tensor(observations[batch], device=policy.device)
            actions = torch.as_tensor(codes[batch], device=policy.device)
            _, log_prob, _ = policy.evaluate_actions(obs, actions, action_masks=masks[batch])
            loss = -log_prob.mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            loss_sum += loss.item() * len(batch)
    return loss_sum / len(codes)


def main() -> None:
    """Parse the arguments, train, print (and optionally write) the learning curve."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cpu-minutes", type=float, default=1.5, help="training budget, CPU-minutes")
    parser.add_argument(
        "--n-envs", type=int, default=1, help="games stepped together (each rollout has n-steps x n-envs timesteps)"
    )
    parser.add_argument("--n-steps", type=int, default=2048, help="rollout length per game and update")
    parser.add_argument("--batch-size", type=int, default=256)
    parser.add_argument("--n-epochs", type=int, default=4)
    parser.add_argument("--learning-rate", type=float, default=5e-4)
    parser.add_argument("--ent-coef", type=float, default=0.01)
    parser.add_argument(
        "--lr-decay",
        type=int,
        default=0,
        help="timesteps over which the learning rate falls linearly to a tenth (0: constant)",
    )
    parser.add_argument("--clip-range", type=float, default=0.2, help="PPO's policy clip range")
    parser.add_argument(
        "--target-kl", type=float, default=None, help="stop an update's epochs past this KL divergence (default: none)"
    )
    parser.add_argument("--gamma", type=float, default=1.0)
    parser.add_argument("--net", default="64,64", help="hidden layer sizes of the policy and value networks")
    parser.add_argument("--threads", type=int, default=1, help="PyTorch CPU threads")
    parser.add_argument("--eval-every", type=int, default=10_240, help="timesteps between evaluations")
    parser.add_argument("--eval-games", type=int, default=50)
    parser.add_argument("--reward", default="shaped", choices=["result", "shaped"])
    blocks_help = f"the observation's blocks, comma-separated (all: {ALL_BLOCKS})"
    parser.add_argument("--blocks", default=COMPACT_BLOCKS, help=blocks_help)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--curve", default=None, help="write the curve to this CSV file")
    parser.add_argument("--final-eval-games", type=int, default=200, help="games of the last evaluation (0: none)")
    parser.add_argument(
        "--final-policy",
        default="best",
        choices=["best", "latest", "both"],
        help="the policy measured on the last evaluation's games and saved: the best on the validation games, "
        "the one training ended with, or both (the latest measured first; the best saved)",
    )
    parser.add_argument(
        "--eval-sampled",
        action="store_true",
        help="evaluate the sampled policy too (its actions drawn, not the likeliest)",
    )
    parser.add_argument("--save", default=None, help="save the trained model to this file (a zip)")
    parser.add_argument(
        "--imitate",
        type=int,
        default=0,
        help="before PPO, fit the policy to this many games of --demonstrator's decisions (behaviour cloning; 0: none)",
    )
    parser.add_argument("--demonstrator", default="heuristic", help="the agent whose decisions --imitate fits")
    parser.add_argument("--imitate-epochs", type=int, default=10, help="passes over the demonstrations")
    parser.add_argument("--imitate-lr", type=float, default=1e-3, help="the imitation's Adam learning rate")
    args = parser.parse_args()
    print(describe_build())
    env: Any = make_env(args, args.reward)
    if args.n_envs > 1:  # one policy call per step of all the games, not one per game
        env = DummyVecEnv([lambda: make_env(args, args.reward) for _ in range(args.n_envs)])
    policy = "MlpPolicy"
    torch.set_num_threads(args.threads)
    net = [int(width) for width in args.net.split(",")]
    model = MaskablePPO(
        policy,
        env,
        n_steps=args.n_steps,
        batch_size=args.batch_size,
        n_epochs=args.n_epochs,
        learning_rate=args.learning_rate,
        clip_range=args.clip_range,
        target_kl=args.target_kl,
        ent_coef=args.ent_coef,
        gamma=args.gamma,
        policy_kwargs={"net_arch": net},
        seed=args.seed,
    )
    fields = ["timesteps", "cpu_seconds", "policy", "wins", "games", "wilson_low", "wilson_high", "truncated"]
    curve: list[dict[str, Any]] = []
    best: dict[str, Any] = {"rate": -1.0}

    def record(games: int, seed: int, policy: str) -> None:
        greedy = not policy.endswith("sampled")
        wins, truncated = evaluate(model, games, seed, args, greedy)
        low, high = wilson(wins, games)
        cpu = time.process_time()
        timesteps = best["timesteps"] if policy == "best" else model.num_timesteps
        row = (timesteps, round(cpu), policy, wins, games, round(low, 3), round(high, 3), truncated)
        curve.append(dict(zip(fields, row, strict=True)))
        print(
            f"timesteps {timesteps:7d}  CPU {cpu:7.0f} s  {policy} policy: "
            f"{'greedy' if greedy else 'sampled'} wins {wins}/{games} = {wins / games:.0%} [{low:.0%}, {high:.0%}], "
            f"{truncated} truncated at the length cap",
            flush=True,
        )
        if policy == "latest" and games == args.eval_games and wins / games > best["rate"]:
            best.update(rate=wins / games, timesteps=timesteps, parameters=copy.deepcopy(model.get_parameters()))
        if args.curve:  # rewritten after every evaluation, so that a stopped run keeps its curve
            with open(args.curve, "w", newline="", encoding="utf-8") as out:
                writer = csv.DictWriter(out, fieldnames=fields)
                writer.writeheader()
                writer.writerows(curve)

    validation, test = 10_000 + args.seed, 20_000 + args.seed  # different games
    if args.imitate:
        record(args.eval_games, validation, "untrained")
        data = demonstrations(args.imitate, 30_000 + args.seed, args.demonstrator, args)
        loss = imitate(model, data, args.imitate_epochs, args.imitate_lr, args.seed)
        print(
            f"imitated {args.demonstrator}: {len(data[2])} decisions of {args.imitate} games, "
            f"{args.imitate_epochs} epochs, last loss {loss:.3f}, CPU {time.process_time():.0f} s",
            flush=True,
        )
    record(args.eval_games, validation, "latest")
    deadline = time.process_time() + 60 * args.cpu_minutes
    while True:  # at least one round of training, however small the budget
        if args.lr_decay:  # each round's learn() sees its own progress, so the rate is set here
            left = max(0.0, 1.0 - model.num_timesteps / args.lr_decay)
            rate = args.learning_rate * (0.1 + 0.9 * left)
            model.learning_rate = rate
            model.lr_schedule = lambda _, rate=rate: rate
        model.learn(total_timesteps=args.eval_every, reset_num_timesteps=False)
        record(args.eval_games, validation, "latest")
        if args.eval_sampled:
            record(args.eval_games, validation, "latest-sampled")
        if time.process_time() >= deadline:
            break
    # The greedy policy's win rate swings from one round to the next (76% then 0% in one run):
    # the policy kept is the best on the validation games, measured again on new games.
    finals = ["latest", "best"] if args.final_policy == "both" else [args.final_policy]
    for final in finals:
        if final == "best":
            model.set_parameters(best["parameters"])
        if args.final_eval_games:
            record(args.final_eval_games, test, final)
            if args.eval_sampled:
                record(args.final_eval_games, test, f"{final}-sampled")
    if args.save:
        model.save(args.save)


if __name__ == "__main__":
    main()
