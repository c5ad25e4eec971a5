"""The Dioses del Nilo terminal drawing (netjer.drawings.nile)."""

from __future__ import annotations

from rich.console import Console

from netjer.core import Rng
from netjer.drawings import renderer_for
from netjer.games.nile import NileGame
from netjer.games.nile.soldiers import SIDE_SHIFT


def draw(obs: dict[str, object], seat: int | None) -> str:
    console = Console(record=True, width=100, color_system=None)
    console.print(renderer_for("nile")(obs, seat))
    return console.export_text()


def test_renders_from_the_seats_side_and_hides_enemy_tokens() -> None:
    state = NileGame().new_initial_state(seed=3)
    for text in ("place 1 a1 down", "place 4 a4 down", "place 5 a2", "place 3 a3"):
        if text in {str(a) for a in state.legal_actions()}:
            state.apply_text(text)
        else:
            state.apply(state.legal_actions()[-1])
    seth = draw(state.observation(0), 0)
    isis = draw(state.observation(1), 1)
    assert "Dioses del Nilo" in seth and "You are Seth" in seth and "You are Isis" in isis
    assert "?" in seth and "?" in isis  # each sees the other's face-down token as unknown
    # Seth's own rearguard is the bottom board row for Seth, the top one for Isis.
    seth_rows = [ln for ln in seth.splitlines() if "rearguard" in ln]
    isis_rows = [ln for ln in isis.splitlines() if "rearguard" in ln]
    assert "Seth's rearguard" in seth_rows[-1] and "Seth's rearguard" in isis_rows[0]


def test_drawing_does_not_depend_on_hidden_values() -> None:
    """Built from the observation only: identical for every determinization."""
    game = NileGame()
    rng = Rng(4)
    for seed in range(15):
        state = game.new_initial_state(seed)
        while not state.is_terminal and len(state.history) < 25:
            state.apply(rng.choice(state.legal_actions()))
        for seat in (0, 1):
            hidden = [t for t in state.board if t >= 0 and t >> SIDE_SHIFT != seat and not state.up[t]]
            text = draw(state.observation(seat), seat)
            assert draw(state.determinize(seat, rng).observation(seat), seat) == text
            assert text.count("?") >= len(hidden)


def test_game_over_heading() -> None:
    state = NileGame().new_initial_state(seed=1)
    rng = Rng(2)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    text = draw(state.observation(None), None)
    assert "game over" in text and ("wins" in text or "draw" in text)
