"""A computer that shows its work: one line while a computer player decides (issue 33 item 4).

``Red (casual) is thinking · 3 s · 1,200/4,000 iterations``: the seat and the level (or the
agent's specification), the time spent and, for a search with an iterations budget, the
iterations done of it (:attr:`netjer.agents.ismcts.ISMCTSAgent.progress`).  The line is drawn
by Rich's :class:`~rich.live.Live` in its own thread, a few times a second, and removed when the
decision is made; off a terminal nothing is drawn.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.live import Live
from rich.text import Text

from netjer.agents.base import Agent
from netjer.agents.ismcts import ISMCTSAgent
from netjer.i18n import _, format_number

#: A decision quicker than this draws nothing (no flicker for a heuristic player's instant move).
QUIET_SECONDS = 0.3
#: The spinner's frames, one per refresh.
_FRAMES = "|/-\\"


class ThinkingLine:
    """The live line's text, read each time Rich redraws it.

    Args:
        who: the player in words (``"Red (casual)"``).
        budget: the search's iterations budget, or ``None`` (a time budget, or no search).
    """

    def __init__(self, who: str, budget: int | None) -> None:
        self.who = who
        self.budget = budget
        self.done = 0
        self.start = time.monotonic()
        self._frame = 0

    def advance(self, done: int) -> None:
        """The search's progress callback: ``done`` iterations so far."""
        self.done = done

    def text(self, now: float) -> Text:
        """The line at time ``now`` (seconds on :func:`time.monotonic`'s clock)."""
        parts = [
            _("{who} is thinking").format(who=self.who),
            _("{seconds} s").format(seconds=int(now - self.start)),
        ]
        if self.budget is not None:
            parts.append(
                _("{done}/{budget} iterations").format(done=format_number(self.done), budget=format_number(self.budget))
            )
        parts.append(_("Ctrl-C: save and quit"))
        return Text(" · ".join(parts), style="dim")

    def __rich__(self) -> Text:
        now = time.monotonic()
        if now - self.start < QUIET_SECONDS:
            return Text("")
        self._frame += 1
        line = Text.assemble((_FRAMES[self._frame % len(_FRAMES)] + " ", "cyan"), self.text(now))
        line.no_wrap = True  # one line, cut at the terminal's width
        line.overflow = "ellipsis"
        return line


def iterations_budget(agent: Agent) -> int | None:
    """The iterations a search runs per decision, if ``agent`` is a search with such a budget."""
    return agent.iterations if isinstance(agent, ISMCTSAgent) else None


@contextmanager
def thinking(console: Console, agent: Agent, who: str) -> Iterator[None]:
    """Show the thinking line while the block runs (on a terminal only); the agent's progress
    callback, if it has one, is set for the block and removed after it.

    Args:
        console: where to draw.
        agent: the computer player about to decide.
        who: the player in words, for the line.
    """
    if not console.is_terminal:
        yield
        return
    line = ThinkingLine(who, iterations_budget(agent))
    if isinstance(agent, ISMCTSAgent):
        agent.progress = line.advance
    try:
        with Live(line, console=console, refresh_per_second=4, transient=True):
            yield
    finally:
        if isinstance(agent, ISMCTSAgent):
            agent.progress = None
