"""Terminal drawings of each game, built from an observation only.

Both the terminal (:mod:`netjer.cli`) and PettingZoo's ``render`` (:mod:`netjer.adapters.pettingzoo`)
draw with these; this package imports only the kernel, the games and :mod:`netjer.i18n`, so
neither of those two top layers has to import the other (docs/design.md, "Layers").

Each game has a module here named after it (``aton.py``) with a function
``render(obs, seat) -> rich.console.RenderableType`` drawing ``obs`` (the result of
``state.observation(seat)``) as that seat sees it.  Because it reads nothing but the
observation, a drawing cannot show hidden information.

A board wider than the console is drawn in a compact form instead (issue 14 item 3):
:class:`Fit` chooses between the two drawings from the width Rich gives it when it is printed
(``options.max_width``: the console's width, or less inside a panel), never from the
environment, so a test can print the same drawing at several widths.
"""

from __future__ import annotations

import importlib
import io
import json
from types import ModuleType
from typing import Any, Protocol, cast

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.pretty import Pretty

from netjer.core.state import State

#: The width a drawing is measured at to learn its natural width (wider than any console).
_UNBOUNDED = 10_000


class Fit:
    """A drawing with a compact form: ``full`` when it fits the width it is printed in, else
    ``compact`` (e.g. the Ankh map as a list of regions, the Nile board without its side labels).

    Args:
        full: the full drawing.
        compact: the drawing for narrower consoles; it must hold every piece of information of
            ``full`` (the tests print both at several widths and compare).
        need: the width (in terminal cells) ``full`` needs; default: its natural width, measured
            with Rich (:class:`rich.measure.Measurement`) when printed.
    """

    def __init__(self, full: RenderableType, compact: RenderableType, need: int | None = None) -> None:
        self.full = full
        self.compact = compact
        self.need = need

    def width_needed(self, console: Console, options: ConsoleOptions) -> int:
        """The width ``full`` needs: ``need``, else its natural (unbounded) width."""
        if self.need is not None:
            return self.need
        return Measurement.get(console, options.update_width(_UNBOUNDED), self.full).maximum

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        fits = self.width_needed(console, options) <= options.max_width
        yield self.full if fits else self.compact

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        full = Measurement.get(console, options, self.full)
        compact = Measurement.get(console, options, self.compact)
        return Measurement(min(full.minimum, compact.minimum), full.maximum)


def lines_of(part: RenderableType, width: int) -> int:
    """Lines ``part`` takes when printed ``width`` columns wide (on a console of its own)."""
    console = Console(width=width, file=io.StringIO(), color_system=None)
    return len(console.render_lines(part, console.options, pad=False))


def keep_within(parts: list[tuple[int, RenderableType | None]], height: int, width: int) -> Group:
    """A compact screen's parts that fit in ``height`` lines, ``width`` columns wide.

    Args:
        parts: ``(rank, part)`` in the order of the screen; parts of lower rank are kept first
            when the terminal is short, the part of rank 0 (the status line) always; ``None``
            parts are skipped.
        height: the lines available.
        width: the terminal's columns.

    Returns:
        The kept parts, in their screen order.
    """
    present = [(rank, part) for rank, part in parts if part is not None]
    kept: set[int] = set()
    used = 0
    for rank, part in sorted(present, key=lambda p: p[0]):
        lines = lines_of(part, width)
        if used + lines <= height or rank == 0:
            kept.add(rank)
            used += lines
    return Group(*(part for rank, part in present if rank in kept))


class Renderer(Protocol):
    """``render(obs, seat)``: a Rich drawing of an observation."""

    def __call__(self, obs: dict[str, Any], seat: int | None) -> RenderableType: ...


def renderer_for(game_name: str) -> Renderer:
    """The drawing function of ``game_name``; a pretty-printed observation if it has none."""
    try:
        module = importlib.import_module(f"netjer.drawings.{game_name}")
    except ModuleNotFoundError:
        return _fallback
    return cast(Renderer, module.render)


class EnginePanel(Protocol):
    """``engine_panel(state, seat)``: a drawing asked of the engine's rules queries (a Battle's
    strengths), showing only what every player knows; ``None`` when there is nothing to show."""

    def __call__(self, state: State, seat: int | None) -> RenderableType | None: ...


def view_module(game_name: str) -> ModuleType | None:
    """The game's view module (``netjer.drawings.<game>``), or ``None`` if it has none."""
    try:
        return importlib.import_module(f"netjer.drawings.{game_name}")
    except ModuleNotFoundError:
        return None


def engine_panel_for(game_name: str) -> EnginePanel | None:
    """The game's engine panel (its view module's ``engine_panel``), if it has one."""
    try:
        module = importlib.import_module(f"netjer.drawings.{game_name}")
    except ModuleNotFoundError:
        return None
    return cast("EnginePanel | None", getattr(module, "engine_panel", None))


def seat_label(game_name: str, obs: dict[str, Any], seat: int) -> str | None:
    """The name the game's view gives ``seat`` in ``obs`` (its view module's ``seat_label``,
    e.g. an Ankh seat's god), or ``None`` to use :meth:`Game.seat_name`."""
    try:
        module = importlib.import_module(f"netjer.drawings.{game_name}")
    except ModuleNotFoundError:
        return None
    label = getattr(module, "seat_label", None)
    return None if label is None else cast("str | None", label(obs, seat))


def log_narrates_actions(game_name: str) -> bool:
    """True if the game's log already tells each action in words (its view module sets
    ``LOG_NARRATES_ACTIONS``), so the terminal prints the log rather than the action again."""
    try:
        module = importlib.import_module(f"netjer.drawings.{game_name}")
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
        module = importlib.import_module(f"netjer.drawings.{game_name}")
        full = getattr(module, "render_omniscient", None)
    except ModuleNotFoundError:
        full = None
    if full is not None:
        return cast(RenderableType, full(observations))
    return Group(*(render(obs, seat) for seat, obs in enumerate(observations)))
