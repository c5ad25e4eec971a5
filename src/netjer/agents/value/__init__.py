"""A learned evaluation: a small value network over the declared Ankh tensor, run in NumPy.

The network reads one seat's tensor (:class:`netjer.tensors.ankh.AnkhEncoder`, built
from ``observation(seat)`` alone, so it never sees what that seat does not know) and
estimates that seat's return at the end of the game, in [-1, 1].  It is a multilayer
perceptron, ``tanh(w3 · relu(w2 · relu(w1 · x + b1) + b2) + b3 + u · h)``, where ``h`` is the
game's hand-written evaluation of the position for that seat
(:func:`netjer.agents.heuristic.ankh.evaluate`) and ``u`` a learned weight: with ``u`` the
network learns a correction of the hand-written estimate rather than an estimate from nothing
(``u = 0``: a network of the tensor alone, and ``h`` is not computed).  The tensor has a few
thousand entries of which a few hundred are non-zero, so the first layer adds up the rows of
``w1`` at the non-zero entries (each times its value) instead of multiplying a dense vector:
a few hundred row reads per seat.

Training needs PyTorch (the optional ``train`` extra; ``benchmarks/train_value.py``); playing
needs only NumPy, which Netjer depends on through matplotlib.  The weights ship with the
package (:data:`WEIGHTS`), as a NumPy ``.npz`` archive holding the arrays ``w1, b1, w2, b2,
w3, b3, u`` and the tensor's size and layout digest they were trained on (a tensor whose layout
changed since would read the wrong entries: loading refuses it).  How they were trained and
what they are worth: docs/decisions/0026-learned-evaluation.md.

ISMCTS uses it as its cut-off evaluation with ``ismcts:depth=N,eval=value``
(:func:`value_evaluation`).  Without the weights file that specification is a clear
:class:`~netjer.core.errors.ConfigError` naming the file and the command that makes it, never a
silent fallback to another evaluation: a level must play what its name says.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from netjer.agents.heuristic import heuristic_evaluation
from netjer.core.errors import ConfigError
from netjer.core.state import State
from netjer.i18n import N_
from netjer.i18n_sentences import Sentence

if TYPE_CHECKING:
    from netjer.core.game import Game
    from netjer.tensors.ankh import AnkhEncoder

#: The folder of the shipped weights (package data).
DATA = Path(__file__).resolve().parent / "data"
#: Per game, the shipped weights file.
WEIGHTS: dict[str, Path] = {"ankh": DATA / "ankh_value.npz"}
#: The arrays of a weights file, in the network's order.
ARRAYS = ("w1", "b1", "w2", "b2", "w3", "b3", "u")
#: The command that makes the shipped weights (named in the error for a missing file).
TRAIN_COMMAND = "python benchmarks/train_value.py --out src/netjer/agents/value/data/ankh_value.npz"


def layout_digest(encoder: AnkhEncoder) -> str:
    """A short digest of the tensor's layout (every entry's name, in order): weights trained
    on one layout must not read another.

    Returns:
        16 hexadecimal digits.
    """
    names = "\n".join(encoder.names()).encode("utf-8")
    return hashlib.sha256(names).hexdigest()[:16]


@dataclass(frozen=True)
class ValueNet:
    """The network's weights as float32 arrays (read-only: one copy serves every search).

    Attributes:
        w1: (tensor size, hidden 1); b1: (hidden 1,).
        w2: (hidden 1, hidden 2); b2: (hidden 2,).
        w3: (hidden 2,); b3: () — the output layer of one unit.
        u: () the weight of the hand-written evaluation at the output (0: not used).
        size: the tensor size the weights read.
        digest: :func:`layout_digest` of the tensor they were trained on.
    """

    w1: Any
    b1: Any
    w2: Any
    b2: Any
    w3: Any
    b3: Any
    u: Any
    size: int
    digest: str

    @classmethod
    def load(cls, path: Path) -> ValueNet:
        """Read a weights file written by ``benchmarks/train_value.py``.

        Raises:
            ConfigError: if the file is missing or is not such an archive (the message names
                the file and the command that makes it).
        """
        if not path.is_file():
            message = N_("the value network's weights are missing: {path} (train them with `{command}`)")
            raise ConfigError(Sentence(message, path=str(path), command=TRAIN_COMMAND))
        try:
            with np.load(path, allow_pickle=False) as archive:
                arrays = {name: np.asarray(archive[name], dtype=np.float32) for name in ARRAYS if name in archive}
                arrays.setdefault("u", np.zeros((), np.float32))
                size = int(archive["size"])
                digest = str(archive["digest"])
        except (OSError, ValueError, KeyError) as err:
            message = N_("{path} is not a value network's weights file: {reason}")
            raise ConfigError(Sentence(message, path=str(path), reason=str(err))) from None
        for array in arrays.values():
            array.setflags(write=False)
        w1, w2, w3 = arrays["w1"], arrays["w2"], arrays["w3"]
        if w1.shape[0] != size or w2.shape[0] != w1.shape[1] or w3.shape != (w2.shape[1],):
            message = N_("{path}: the layers' shapes do not chain ({shapes})")
            raise ConfigError(Sentence(message, path=str(path), shapes=f"{w1.shape}, {w2.shape}, {w3.shape}"))
        return cls(size=size, digest=digest, **arrays)

    def check(self, encoder: AnkhEncoder) -> None:
        """Refuse weights trained on another tensor layout.

        Raises:
            ConfigError: if the encoder's size or layout digest differs from the weights'.
        """
        if encoder.size != self.size or layout_digest(encoder) != self.digest:
            message = N_(
                "the value network was trained on another layout of the Ankh tensor (size {size}, digest "
                "{digest}; now {now_size}, {now_digest}): train it again with `{command}`"
            )
            raise ConfigError(
                Sentence(
                    message,
                    size=self.size,
                    digest=self.digest,
                    now_size=encoder.size,
                    now_digest=layout_digest(encoder),
                    command=TRAIN_COMMAND,
                )
            )

    @property
    def uses_heuristic(self) -> bool:
        """Whether the output adds the hand-written evaluation (``u`` not 0)."""
        return bool(self.u != 0.0)

    def value_sparse(self, indices: Any, values: Any, heuristic: float = 0.0) -> float:
        """The network's output for one tensor given by its non-zero entries.

        Args:
            indices: (k,) integer positions of the non-zero entries.
            values: (k,) float32 values at those positions.
            heuristic: the hand-written evaluation for the same seat, in [-1, 1] (read only
                when :attr:`uses_heuristic`).

        Returns:
            The estimated return, in [-1, 1].
        """
        hidden = np.maximum(values @ self.w1[indices] + self.b1, 0.0)
        hidden = np.maximum(hidden @ self.w2 + self.b2, 0.0)
        return float(np.tanh(hidden @ self.w3 + self.b3 + self.u * np.float32(heuristic)))

    def value_dense(self, tensors: Any, heuristic: Any = 0.0) -> Any:
        """The network's outputs for a batch of dense tensors (for tests and tools).

        Args:
            tensors: (n, size) float32.
            heuristic: (n,) float32 hand-written evaluations (or one number for all).

        Returns:
            (n,) float32 estimated returns in [-1, 1].
        """
        hidden = np.maximum(tensors @ self.w1 + self.b1, 0.0)
        hidden = np.maximum(hidden @ self.w2 + self.b2, 0.0)
        return np.tanh(hidden @ self.w3 + self.b3 + self.u * np.asarray(heuristic, np.float32)).astype(np.float32)


def sparse_entries(encoder: AnkhEncoder, obs: Any) -> tuple[Any, Any]:
    """One observation's tensor as its non-zero entries ``(indices, values)``: int64 and float32
    arrays of the same length (the ones first, then the other values)."""
    ones, idx, val = encoder.sparse(obs)
    indices = np.array(ones + idx, dtype=np.int64)
    values = np.empty(len(ones) + len(idx), dtype=np.float32)
    values[: len(ones)] = 1.0
    values[len(ones) :] = val
    return indices, values


_LOADED: dict[Path, ValueNet] = {}


def load_weights(game_name: str, path: Path | None = None) -> ValueNet:
    """The weights of ``game_name``'s value network (read once per process and file).

    Args:
        game_name: a game's registry name (only ``ankh`` has a network).
        path: another weights file than the shipped one.

    Raises:
        ConfigError: if the game has no value network, or the file is missing or malformed.
    """
    if path is None:
        if game_name not in WEIGHTS:
            message = N_("there is no value network for '{game}' (only for: {games})")
            raise ConfigError(Sentence(message, game=game_name, games=", ".join(WEIGHTS)))
        path = WEIGHTS[game_name]
    net = _LOADED.get(path)
    if net is None:
        net = _LOADED[path] = ValueNet.load(path)
    return net


class ValueEvaluation:
    """``evaluate(state) -> list[float]``: each seat's return as the network estimates it
    from that seat's own observation (a finished game's returns as they are).

    Each instance has its own encoder (the encoder remembers the last observation it
    encoded), so give each search its own; the weights are shared.

    Args:
        game: the Ankh game whose states are evaluated.
        path: another weights file than the shipped one.

    Raises:
        ConfigError: if the game is not Ankh, or the weights are missing, malformed or were
            trained on another tensor layout.
    """

    def __init__(self, game: Game, path: Path | None = None) -> None:
        from netjer.tensors.ankh import AnkhEncoder  # noqa: PLC0415 - Ankh only

        self.net = load_weights(game.name, path)
        self.encoder = AnkhEncoder(game)
        self.net.check(self.encoder)
        self.heuristic = heuristic_evaluation(game.name) if self.net.uses_heuristic else None

    def __call__(self, state: State) -> list[float]:
        if state.is_terminal:
            return list(state.returns())
        net, encoder = self.net, self.encoder
        seats = state.game.num_players
        estimates = self.heuristic(state) if self.heuristic is not None else [0.0] * seats
        out = []
        for seat in range(seats):
            indices, values = sparse_entries(encoder, state.observation(seat))
            out.append(net.value_sparse(indices, values, estimates[seat]))
        return out


def value_evaluation(game: Game, path: Path | None = None) -> ValueEvaluation:
    """The learned evaluation of ``game`` for ISMCTS's cut-off playouts (``eval=value``).

    Raises:
        ConfigError: as :class:`ValueEvaluation`.
    """
    return ValueEvaluation(game, path)
