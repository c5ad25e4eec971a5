"""Self-play positions for the value network: each seat's tensor, labelled by its final return.

:func:`self_play_positions` plays seeded Ankh games between heuristic players and keeps a
sample of the positions met (after each action, with probability ``1/every``); for each kept
position and each seat it stores that seat's tensor (the non-zero entries of
:class:`netjer.tensors.ankh.AnkhEncoder` of ``observation(seat)``: the network learns
only from what the seat knows), the seat's return at the end of that game (the label: win +1,
loss -1), and the game's hand-written evaluation of the same position for that seat
(:func:`netjer.agents.heuristic.ankh.evaluate`, the baseline a learned evaluation must beat).

The set needs only NumPy; the training (``benchmarks/train_value.py``) reads it with PyTorch.
Positions of one game are strongly alike: a validation set must hold out whole games
(:attr:`Positions.games`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from netjer.agents.heuristic import heuristic_evaluation
from netjer.agents.registry import make_agent
from netjer.agents.value import sparse_entries
from netjer.core.errors import ConfigError
from netjer.core.rng import Rng
from netjer.core.view import PlayerView
from netjer.games.registry import make_game
from netjer.i18n import N_
from netjer.i18n_sentences import Sentence
from netjer.tensors.ankh import AnkhEncoder

#: The first game seed of the self-play games: far from every seed the benchmarks and the
#: rating runs use (0-3000, 95000-96000), so no evaluation game is a training game.
FIRST_SEED = 1_000_000
#: The players of the self-play games by default: the plain heuristic with a random legal
#: action one time in twenty, so that games differ and leave the heuristic's own lines.
SELF_PLAY_AGENT = "heuristic:epsilon=0.05"


@dataclass(frozen=True)
class Positions:
    """A set of labelled seat-positions, the tensors stored sparsely.

    Attributes:
        indices: (total non-zero entries,) int32, every sample's entries one after another.
        values: (total non-zero entries,) float32, their values.
        offsets: (n + 1,) int64: sample ``i``'s entries are ``offsets[i]:offsets[i + 1]``.
        targets: (n,) float32, the seat's return at the end of the game, in [-1, 1].
        baseline: (n,) float32, the hand-written evaluation of the position for that seat.
        games: (n,) int32, the index of the game the position comes from.
        size: the tensor's size (its number of entries).
    """

    indices: Any
    values: Any
    offsets: Any
    targets: Any
    baseline: Any
    games: Any
    size: int

    def __len__(self) -> int:
        return len(self.targets)

    def dense(self, rows: Any) -> Any:
        """The tensors of samples ``rows`` as a dense (len(rows), size) float32 array."""
        out = np.zeros((len(rows), self.size), np.float32)
        for r, i in enumerate(rows):
            lo, hi = self.offsets[i], self.offsets[i + 1]
            out[r, self.indices[lo:hi]] = self.values[lo:hi]
        return out

    def save(self, path: Path) -> None:
        """Write the set as a compressed NumPy archive."""
        np.savez_compressed(
            path,
            indices=self.indices,
            values=self.values,
            offsets=self.offsets,
            targets=self.targets,
            baseline=self.baseline,
            games=self.games,
            size=np.int64(self.size),
        )

    @classmethod
    def load(cls, path: Path) -> Positions:
        """Read a set written by :meth:`save`."""
        with np.load(path, allow_pickle=False) as a:
            return cls(a["indices"], a["values"], a["offsets"], a["targets"], a["baseline"], a["games"], int(a["size"]))


def self_play_positions(
    *, games: int, players: int = 2, seed: int = 0, every: int = 4, agent: str = SELF_PLAY_AGENT
) -> Positions:
    """Play ``games`` seeded Ankh games and keep about one position in ``every``.

    Game ``i`` has seed ``FIRST_SEED + seed * 100_000 + i``; its seats are played by
    ``agent`` with seeds derived from the same numbers, so the set is a function of the
    arguments alone.

    Args:
        games: the number of games (at least 1).
        players: the seats of each game (2-5).
        seed: the set's seed (different seeds give disjoint games, up to 100,000 games).
        every: keep each position after an action with probability ``1 / every`` (at least 1).
        agent: the specification of every seat's player.

    Returns:
        The positions, each seat's tensor of each kept position a sample.

    Raises:
        ConfigError: for a non-positive ``games`` or ``every``, or a bad agent or player count.
    """
    if games < 1 or every < 1:
        message = N_("self-play needs at least one game and every >= 1, got {games} and {every}")
        raise ConfigError(Sentence(message, games=games, every=every))
    game = make_game("ankh", {"players": players})
    encoder = AnkhEncoder(game)
    evaluate = heuristic_evaluation("ankh")
    sampler = Rng(seed)
    indices: list[Any] = []
    values: list[Any] = []
    targets: list[float] = []
    baseline: list[float] = []
    game_of: list[int] = []
    for g in range(games):
        base = FIRST_SEED + seed * 100_000 + g
        agents = [make_agent(agent, base * 8 + seat) for seat in range(players)]
        state = game.new_initial_state(base)
        views = [PlayerView(state, seat) for seat in range(players)]
        kept: list[tuple[int, Any, Any, float]] = []
        while not state.is_terminal:
            state.apply(agents[state.current_player].choose(views[state.current_player]))
            if state.is_terminal or sampler.below(every) != 0:
                continue
            estimates = evaluate(state)
            for seat in range(players):
                idx, val = sparse_entries(encoder, state.observation(seat))
                kept.append((seat, idx, val, estimates[seat]))
        returns = state.returns()
        for seat, idx, val, estimate in kept:
            indices.append(idx.astype(np.int32))
            values.append(val)
            targets.append(returns[seat])
            baseline.append(estimate)
            game_of.append(g)
    lengths = np.array([len(i) for i in indices], dtype=np.int64)
    offsets = np.zeros(len(indices) + 1, dtype=np.int64)
    np.cumsum(lengths, out=offsets[1:])
    return Positions(
        indices=np.concatenate(indices) if indices else np.zeros(0, np.int32),
        values=np.concatenate(values) if values else np.zeros(0, np.float32),
        offsets=offsets,
        targets=np.array(targets, dtype=np.float32),
        baseline=np.array(baseline, dtype=np.float32),
        games=np.array(game_of, dtype=np.int32),
        size=encoder.size,
    )
