"""Netjer's agents as OpenSpiel bots: ``NetjerBot(game, player, "ismcts:iterations=200")``.

OpenSpiel's C++ ``pyspiel.MCTSBot`` cannot search a game written in Python: its ``step(state)``
crashes the process (a segmentation fault, on OpenSpiel's own Python games as on Netjer's), so
the adapters offer two searchers instead: OpenSpiel's Python ``MCTSBot`` and ``ISMCTSBot``
(``open_spiel.python.algorithms.mcts`` and ``ismcts``), and any Netjer agent
(:mod:`netjer.agents.registry`: ``random``, ``heuristic``, ``ismcts``) wrapped as a
``pyspiel.Bot`` by :class:`NetjerBot`, which plays from the seat's own view (the kernel's
``PlayerView``: its observation and legal actions, never the hidden state).
"""

from __future__ import annotations

from typing import Any

try:
    import pyspiel
except ImportError as err:  # pragma: no cover - depends on the installed extras
    raise ImportError("netjer.adapters.openspiel_bot needs OpenSpiel: pip install 'netjer[openspiel]'") from err

from netjer.adapters.openspiel import NetjerGame
from netjer.agents.registry import make_agent
from netjer.core.errors import ConfigError
from netjer.core.view import PlayerView


class NetjerBot(pyspiel.Bot):  # type: ignore[misc]  # pyspiel has no type stubs
    """A Netjer agent playing one seat of a Netjer game loaded through OpenSpiel.

    Args:
        game: the OpenSpiel game (``openspiel.load_game("ankh", players=2)``).
        player_id: the seat the bot plays.
        spec: the agent's specification (``"heuristic"``, ``"ismcts:iterations=100"``...).
        seed: the agent's seed.

    Raises:
        ConfigError: if ``game`` is not a Netjer game, ``player_id`` is not one of its seats,
            or the specification is invalid (or ``human``).
    """

    def __init__(self, game: Any, player_id: int, spec: str = "random", seed: int = 0) -> None:
        pyspiel.Bot.__init__(self)
        if not isinstance(game, NetjerGame):
            raise ConfigError(f"NetjerBot plays Netjer games (netjer_<game>), not {game}")
        if not 0 <= player_id < game.num_players():
            raise ConfigError(f"player_id must be 0 to {game.num_players() - 1}, got {player_id}")
        self.player_id = player_id
        self.agent = make_agent(spec, seed)
        self._prepared = False

    def step(self, state: Any) -> int:
        """The agent's action code for this bot's seat in ``state`` (an OpenSpiel state of a
        Netjer game, this seat to move).

        Raises:
            ConfigError: if it is not this seat's turn (or the deal is still being drawn).
        """
        kernel = state.kernel_state
        if kernel is None or state.current_player() != self.player_id:
            raise ConfigError(f"it is not player {self.player_id}'s turn")
        if not self._prepared:
            self.agent.prepare(kernel.game)
            self._prepared = True
        action = self.agent.choose(PlayerView(kernel, self.player_id))
        return int(kernel.game.action_to_int(action))

    def restart_at(self, state: Any) -> None:
        """Nothing to forget: the agent chooses from the state it is given."""

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Nothing to remember: the agent reads the seat's view at each decision."""

    def provides_policy(self) -> bool:
        """The agents give an action, not a policy."""
        return False
