"""The match runner shared by the CLI, the server's AI seats, tournaments and benchmarks."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from netjer.agents.base import Agent
from netjer.core.action import Action
from netjer.core.errors import ConfigError
from netjer.core.game import Game
from netjer.core.state import State
from netjer.core.view import PlayerView
from netjer.i18n import N_
from netjer.i18n_sentences import Sentence

#: Called after each action with (state after the action, actor, action); return nothing.
Observer = Callable[[State, int, Action], None]


def play_match(
    game: Game,
    agents: Sequence[Agent],
    seed: int,
    *,
    on_action: Observer | None = None,
    state: State | None = None,
    max_actions: int | None = None,
) -> State:
    """Play a game to the end (or to ``max_actions``) and return the final state.

    Args:
        game: the game to play.
        agents: one agent per seat, in seat order.
        seed: the game's seed (ignored when ``state`` is given).
        on_action: called after each action is applied, with the state, the acting seat and
            the action (e.g. to save the record or follow the score).
        state: continue this state instead of a new game (a loaded save).
        max_actions: stop after this many actions even if the game is not over.

    Returns:
        The state after the last action.

    Raises:
        ConfigError: if the number of agents is not the number of seats.
        IllegalActionError: if an agent returns an illegal action (a bug in that agent).
    """
    if len(agents) != game.num_players:
        message = N_("{game} needs {seats} agents, got {agents}")
        raise ConfigError(Sentence(message, game=Sentence(game.title), seats=game.num_players, agents=len(agents)))
    st = state if state is not None else game.new_initial_state(seed)
    views = [PlayerView(st, seat) for seat in range(game.num_players)]
    played = 0
    while not st.is_terminal and (max_actions is None or played < max_actions):
        seat = st.current_player
        action = agents[seat].choose(views[seat])
        st.apply(action)
        if on_action is not None:
            on_action(st, seat, action)
        played += 1
    return st
