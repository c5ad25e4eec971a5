"""Terminal drawings of each game, built from an observation only.

Each game has a module here named after it (``aton.py``) with a function
``render(obs, seat) -> rich.console.RenderableType`` drawing ``obs`` (the result of
``state.observation(seat)``) as that seat sees it.  Because it reads nothing but the
observation, a drawing cannot show hidden information.
"""

from __future__ import annotations

import importlib
import json
from typing import Any, Protocol, cast

from rich.console import Group, RenderableType
from rich.pretty import Pretty


class Renderer(Protocol):
    """``render(obs, seat)``: a Rich drawing of an observation."""

    def __call__(self, obs: dict[str, Any], seat: int | None) -> RenderableType: ...


def renderer_for(game_name: str) -> Renderer:
    """The drawing function of ``game_name``; a pretty-printed observation if it has none."""
    try:
        module = importlib.import_module(f"netjer.cli.views.{game_name}")
    except ModuleNotFoundError:
        return _fallback
    return cast(Renderer, module.render)


def log_narrates_actions(game_name: str) -> bool:
    """True if the game's log already tells each action in words (its view module sets
    ``LOG_NARRATES_ACTIONS``), so the terminal prints the log rather than the action again."""
    try:
        module = importlib.import_module(f"netjer.cli.views.{game_name}")
    except ModuleNotFoundError:
        return False
    return bool(getattr(module, "LOG_NARRATES_ACTIONS", False))


def _fallback(obs: dict[str, Any], seat: int | None) -> RenderableType:
    return Pretty(json.loads(json.dumps(obs)))


def render_full(game_name: str, observations: list[dict[str, Any]]) -> RenderableType:
    """Draw a position omnisciently from every seat's observation.

    Uses the game module's ``render_omniscient(observations)`` when it has one (e.g. to draw
    the board once); otherwise draws each seat's view in turn.
    """
    render = renderer_for(game_name)
    try:
        module = importlib.import_module(f"netjer.cli.views.{game_name}")
        full = getattr(module, "render_omniscient", None)
    except ModuleNotFoundError:
        full = None
    if full is not None:
        return cast(RenderableType, full(observations))
    return Group(*(render(obs, seat) for seat, obs in enumerate(observations)))
