"""Train Ankh's value network (the learned evaluation, ``ismcts:eval=value``) from a seed.

Usage (needs ``pip install 'netjer[train]'``: a CPU PyTorch)::

    python benchmarks/train_value.py [--games 800] [--players 2] [--every 4] [--seed 0]
        [--hidden 16,16] [--epochs 5] [--batch-size 256] [--learning-rate 1e-3]
        [--weight-decay 1e-2] [--dropout 0] [--no-residual] [--validation 0.2] [--positions positions.npz]
        [--curve curve.csv] [--out src/netjer/agents/value/data/ankh_value.npz]

1. **Data**: ``--games`` seeded self-play games of ``heuristic:epsilon=0.05`` in every seat
   (:func:`netjer.agents.value.positions.self_play_positions`); about one position in
   ``--every`` is kept, each seat's tensor a sample labelled with that seat's final return.
   ``--positions FILE`` keeps the set (made once, read again by a later run; ``--epochs 0``
   makes the set and stops).
2. **Split**: the last ``--validation`` share of the games is held out whole (positions of
   one game are alike: a split by position would measure memory, not play).
3. **Training**: a multilayer perceptron (``--hidden`` units, ReLU, a tanh output to which the
   hand-written evaluation is added with a learned weight; ``--no-residual``: the tensor alone)
   by Adam on the squared error (``--weight-decay``: an L2 penalty), minibatches drawn by a
   seeded generator, PyTorch on one thread: the same command gives the same weights.  The
   first layer is an ``EmbeddingBag`` summing the rows of the non-zero entries, the same sum
   the NumPy inference makes.
4. **Curve**: after each epoch, the squared error and the share of positions whose sign
   (win or loss) is right, on the training and validation games, beside the hand-written
   evaluation's on the same validation positions; ``--curve`` writes it as CSV.
5. **Weights**: the epoch with the lowest validation error is written to ``--out`` (the NumPy
   archive :class:`netjer.agents.value.ValueNet` reads).

The shipped weights and their curve (docs/decisions/0026-learned-evaluation.md) come from the
defaults.  Not a test: a tiny run is (tests/agents/test_value.py, marked slow).
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from netjer.agents.value import ValueNet, layout_digest
from netjer.agents.value.positions import Positions, self_play_positions
from netjer.build_info import describe_build
from netjer.games.registry import make_game
from netjer.tensors.ankh import AnkhEncoder

try:
    import torch
    from torch import nn
except ImportError:  # pragma: no cover - the optional extra
    sys.exit("training the value network needs PyTorch: pip install 'netjer[train]'")


class ValueModel(nn.Module):  # type: ignore[misc]
    """The network of :class:`netjer.agents.value.ValueNet` in PyTorch (sizes: tensor size,
    hidden 1, hidden 2, then one tanh output)."""

    def __init__(self, size: int, hidden1: int, hidden2: int, dropout: float = 0.0, residual: bool = False) -> None:
        super().__init__()
        # The weight of the hand-written evaluation at the output: learned with --residual
        # (starting where tanh(u h) follows h over most of [-1, 1]), else held at 0.
        self.u = nn.Parameter(torch.tensor(1.5 if residual else 0.0), requires_grad=residual)
        self.dropout = nn.Dropout(dropout)  # training only: inference is the plain network
        self.first = nn.EmbeddingBag(size, hidden1, mode="sum")
        self.first_bias = nn.Parameter(torch.zeros(hidden1))
        self.second = nn.Linear(hidden1, hidden2)
        self.out = nn.Linear(hidden2, 1)
        nn.init.normal_(self.first.weight, std=1.0 / np.sqrt(200.0))  # about 200 non-zero entries

    def forward(self, indices: Any, offsets: Any, weights: Any, heuristic: Any) -> Any:
        hidden = torch.relu(self.first(indices, offsets, per_sample_weights=weights) + self.first_bias)
        hidden = torch.relu(self.second(self.dropout(hidden)))
        return torch.tanh(self.out(hidden).squeeze(1) + self.u * heuristic)

    def arrays(self) -> dict[str, Any]:
        """The weights as the NumPy archive stores them (float32)."""
        with torch.no_grad():
            return {
                "w1": self.first.weight.numpy().copy(),
                "b1": self.first_bias.numpy().copy(),
                "w2": self.second.weight.numpy().T.copy(),
                "b2": self.second.bias.numpy().copy(),
                "w3": self.out.weight.numpy()[0].copy(),
                "b3": np.float32(self.out.bias.numpy()[0]),
                "u": np.float32(self.u.numpy()),
            }

    @classmethod
    def from_net(cls, net: ValueNet) -> ValueModel:
        """A PyTorch copy of NumPy weights (to check the inference against PyTorch's)."""
        model = cls(net.size, net.w1.shape[1], net.w2.shape[1], residual=net.uses_heuristic)
        with torch.no_grad():
            model.first.weight.copy_(torch.from_numpy(np.array(net.w1)))
            model.first_bias.copy_(torch.from_numpy(np.array(net.b1)))
            model.second.weight.copy_(torch.from_numpy(np.array(net.w2).T))
            model.second.bias.copy_(torch.from_numpy(np.array(net.b2)))
            model.out.weight.copy_(torch.from_numpy(np.array(net.w3))[None, :])
            model.out.bias.copy_(torch.from_numpy(np.array(net.b3)).reshape(1))
            model.u.copy_(torch.from_numpy(np.array(net.u)))
        return model


def batch(positions: Positions, rows: Any) -> tuple[Any, Any, Any, Any]:
    """The inputs of samples ``rows``: the EmbeddingBag's (indices, offsets, per-sample
    weights) and the hand-written evaluations."""
    starts, stops = positions.offsets[rows], positions.offsets[rows + 1]
    lengths = stops - starts
    flat = np.concatenate([np.arange(a, b) for a, b in zip(starts, stops, strict=True)])
    offsets = np.zeros(len(rows), np.int64)
    np.cumsum(lengths[:-1], out=offsets[1:])
    return (
        torch.from_numpy(positions.indices[flat].astype(np.int64)),
        torch.from_numpy(offsets),
        torch.from_numpy(positions.values[flat]),
        torch.from_numpy(positions.baseline[rows]),
    )


def measure(model: ValueModel, positions: Positions, rows: Any) -> tuple[float, float]:
    """The squared error and the share of right signs of ``model`` on samples ``rows``."""
    if len(rows) == 0:
        return float("nan"), float("nan")
    outputs = []
    with torch.no_grad():
        for lo in range(0, len(rows), 4096):
            outputs.append(model(*batch(positions, rows[lo : lo + 4096])).numpy())
    predicted = np.concatenate(outputs)
    return errors(predicted, positions.targets[rows])


def errors(predicted: Any, targets: Any) -> tuple[float, float]:
    """(mean squared error, share of positions whose sign matches the result's)."""
    return float(np.mean((predicted - targets) ** 2)), float(np.mean(np.sign(predicted) == np.sign(targets)))


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=800)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--every", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--hidden", default="16,16")
    parser.add_argument("--epochs", type=int, default=5)
    parser.add_argument("--batch-size", type=int, default=256)
    parser.add_argument("--learning-rate", type=float, default=1e-3)
    parser.add_argument("--weight-decay", type=float, default=1e-2)
    parser.add_argument("--dropout", type=float, default=0.0)
    parser.add_argument("--residual", action=argparse.BooleanOptionalAction, default=True)
    parser.add_argument("--validation", type=float, default=0.2)
    parser.add_argument("--positions", type=Path, default=None)
    parser.add_argument("--curve", type=Path, default=None)
    parser.add_argument("--out", type=Path, default=None)
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    """Make the data, train, print the curve and write the weights."""
    args = arguments(argv)
    hidden1, hidden2 = (int(h) for h in args.hidden.split(","))
    torch.set_num_threads(1)
    torch.manual_seed(args.seed)
    print(describe_build())
    start = time.process_time()
    if args.positions is not None and args.positions.is_file():
        positions = Positions.load(args.positions)
        print(f"positions: {len(positions)} samples read from {args.positions}")
    else:
        positions = self_play_positions(games=args.games, players=args.players, seed=args.seed, every=args.every)
        if args.positions is not None:
            positions.save(args.positions)
        print(
            f"positions: {len(positions)} samples from {args.games} games ({time.process_time() - start:.0f} s of CPU)"
        )
    if args.epochs == 0:
        return  # the data only (kept by --positions)
    games = int(positions.games.max()) + 1
    held = max(1, round(games * args.validation)) if games > 1 else 0
    train_rows = np.flatnonzero(positions.games < games - held)
    valid_rows = np.flatnonzero(positions.games >= games - held)
    base_mse, base_sign = (
        errors(positions.baseline[valid_rows], positions.targets[valid_rows]) if len(valid_rows) else (np.nan, np.nan)
    )
    print(f"split: {len(train_rows)} training samples ({games - held} games), {len(valid_rows)} validation ({held})")
    model = ValueModel(positions.size, hidden1, hidden2, args.dropout, args.residual)
    optimizer = torch.optim.Adam(model.parameters(), lr=args.learning_rate, weight_decay=args.weight_decay)
    shuffle = np.random.default_rng(args.seed)
    curve: list[dict[str, Any]] = []
    best: tuple[float, int, dict[str, Any]] | None = None
    header = "epoch  train mse  train sign  valid mse  valid sign  heuristic mse  heuristic sign  cpu s"
    print(header)
    for epoch in range(args.epochs + 1):
        if epoch > 0:  # epoch 0: the untrained network
            model.train()
            order = shuffle.permutation(train_rows)
            for lo in range(0, len(order), args.batch_size):
                rows = order[lo : lo + args.batch_size]
                target = torch.from_numpy(positions.targets[rows])
                loss = torch.mean((model(*batch(positions, rows)) - target) ** 2)
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
        model.eval()
        train_mse, train_sign = measure(model, positions, train_rows)
        valid_mse, valid_sign = measure(model, positions, valid_rows)
        row = {
            "epoch": epoch,
            "train_mse": train_mse,
            "train_sign": train_sign,
            "valid_mse": valid_mse,
            "valid_sign": valid_sign,
            "heuristic_mse": base_mse,
            "heuristic_sign": base_sign,
            "cpu_seconds": time.process_time() - start,
        }
        curve.append(row)
        print(
            f"{epoch:5d}  {train_mse:9.4f}  {train_sign:10.3f}  {valid_mse:9.4f}  {valid_sign:10.3f}  "
            f"{base_mse:13.4f}  {base_sign:14.3f}  {row['cpu_seconds']:5.0f}"
        )
        score = valid_mse if len(valid_rows) else train_mse
        if epoch > 0 and (best is None or score < best[0]):
            best = (score, epoch, model.arrays())
        if args.curve is not None:
            with args.curve.open("w", newline="", encoding="utf-8") as f:
                writer = csv.DictWriter(f, fieldnames=list(row))
                writer.writeheader()
                writer.writerows(curve)
    assert best is not None, "at least one epoch"
    print(f"kept: epoch {best[1]} (validation mse {best[0]:.4f})")
    if args.out is not None:
        encoder = AnkhEncoder(make_game("ankh", {"players": args.players}))
        meta = {
            "games": games,
            "players": args.players,
            "every": args.every,
            "seed": args.seed,
            "hidden": [hidden1, hidden2],
            "residual": args.residual,
            "weight_decay": args.weight_decay,
            "dropout": args.dropout,
            "learning_rate": args.learning_rate,
            "epoch": best[1],
            "samples": len(positions),
        }
        np.savez_compressed(
            args.out,
            size=np.int64(encoder.size),
            digest=np.str_(layout_digest(encoder)),
            meta=np.str_(json.dumps(meta)),
            **best[2],
        )
        print(f"weights: {args.out} ({args.out.stat().st_size / 1e6:.2f} MB)")


if __name__ == "__main__":
    main()
