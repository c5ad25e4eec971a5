"""PlayerView: what an agent is given (netjer.core.view)."""

from __future__ import annotations

from netjer.core import PlayerView, Rng
from netjer.games.aton import AtonGame


def test_view_gives_legal_actions_only_on_its_own_turn() -> None:
    state = AtonGame().new_initial_state(1)
    red, blue = PlayerView(state, 0), PlayerView(state, 1)
    assert red.legal_actions() == state.legal_actions()
    assert blue.legal_actions() == []
    assert red.observation() == state.observation(0)
    assert red.move_number == 0 and red.game is state.game


def test_determinize_keeps_the_seats_observation_but_not_the_generator() -> None:
    state = AtonGame().new_initial_state(1)
    det = PlayerView(state, 0).determinize(Rng(5))
    assert det.observation(0) == state.observation(0)
    assert det.rng != state.rng
    assert det is not state
