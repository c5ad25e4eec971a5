"""A game at the terminal: humans type their actions, agents play the other seats.

Everything shown to a human comes from ``observation(seat)`` and
``describe_action(action, seat)`` of that human's seat, so hidden information stays hidden.
The record is saved after every action, atomically: quitting or a crash loses nothing.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from rich.columns import Columns
from rich.console import Console
from rich.text import Text

from netjer.agents.base import Agent
from netjer.agents.registry import make_agent, parse_agent_spec
from netjer.cli.views import render_full, renderer_for
from netjer.core.action import Action
from netjer.core.errors import ActionSyntaxError
from netjer.core.game import Game
from netjer.core.record import GameRecord, save_record
from netjer.core.state import State
from netjer.core.view import PlayerView

HELP = (
    "Type the number of an action or its notation (e.g. 'assign 3', 'place 2Y').  "
    "Commands: 'board' draws the position again, 'help' shows this, 'quit' saves and leaves."
)


class QuitGame(Exception):
    """The human asked to leave (or the input ended)."""


def archive_path(path: Path) -> Path:
    """A free name beside ``path`` to keep an older record under (``game.20261129-1530.json``)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    candidate = path.with_name(f"{path.stem}.{stamp}{path.suffix}")
    n = 1
    while candidate.exists():
        candidate = path.with_name(f"{path.stem}.{stamp}-{n}{path.suffix}")
        n += 1
    return candidate


def result_text(game: Game, returns: list[float]) -> str:
    """``"Red wins"``, ``"Draw"`` (all equal), ``"Everyone loses"`` (all equal and negative, as when
    every god of Ankh is forgotten), or the seats sharing the best return."""
    best = max(returns)
    winners = [game.seat_name(s) for s, r in enumerate(returns) if r == best]
    if len(winners) == len(returns):
        return "Everyone loses" if best < 0 else "Draw"
    return " and ".join(winners) + (" win" if len(winners) > 1 else " wins")


class TerminalTable:
    """Runs a game at the terminal.

    Args:
        game: the game.
        state: the position to start from (new, or replayed from a save).
        seats: one agent specification per seat (``"human"``, ``"random"``, ...).
        console: where to draw.
        save: the record file, rewritten after every action; ``None`` saves nothing.
        ask: reads one line of input given a prompt (default: the console's input); raises
            ``EOFError`` at the end of input.

    Raises:
        ConfigError: for an invalid agent specification.
    """

    def __init__(
        self,
        game: Game,
        state: State,
        seats: list[str],
        *,
        console: Console,
        save: Path | None,
        ask: Callable[[str], str] | None = None,
    ) -> None:
        self.game = game
        self.state = state
        self.seats = list(seats)
        self.console = console
        self.save = save
        self.ask = ask or console.input
        specs = [parse_agent_spec(s) for s in seats]
        self.humans = [s for s, spec in enumerate(specs) if spec.is_human]
        self.agents: dict[int, Agent] = {
            s: make_agent(spec, seed=state.seed * 101 + s) for s, spec in enumerate(specs) if not spec.is_human
        }
        self.render = renderer_for(game.name)
        # Whose eyes the terminal shows: the only human, the human to act (hot-seat), or a spectator.
        self.viewer: int | None = self.humans[0] if self.humans else None
        self.log_seen = len(self._log())

    # --- the loop -----------------------------------------------------------------------

    def run(self) -> None:
        """Play until the game ends or a human quits; draw the result."""
        state = self.state
        if self.save is not None:
            self.console.print(f"[dim]The game is saved to {self.save} after every action.[/]")
        if not self.humans:
            self.draw()  # watching only; a human sees the position when asked to act
        try:
            while not state.is_terminal:
                seat = state.current_player
                if seat in self.humans:
                    self._hand_over(seat)
                    action = self.choose(seat)
                else:
                    action = self.agents[seat].choose(PlayerView(state, seat))
                self.console.print(state.describe_action(action, self.viewer), highlight=False)
                state.apply(action)
                self.persist()
                self._print_new_log()
        except QuitGame:
            self.persist()
            where = (
                f" The game is saved in {self.save}; resume it with `netjer play --load {self.save}`."
                if self.save
                else ""
            )
            self.console.print(f"Left the game.{where}")
            return
        self.console.rule("Game over")
        observations = [state.observation(s) for s in range(self.game.num_players)]
        self.console.print(render_full(self.game.name, observations))
        self.console.print(Text(result_text(self.game, state.returns()), style="bold"))

    def choose(self, seat: int) -> Action:
        """Ask the human at ``seat`` for an action until a legal one is given.

        Raises:
            QuitGame: on 'quit' or the end of input.
        """
        state = self.state
        legal = state.legal_actions()
        self.draw()
        self._list(legal)
        while True:
            try:
                answer = self.ask(f"{self.game.seat_name(seat)}, your action: ").strip()
            except (EOFError, KeyboardInterrupt):
                raise QuitGame from None
            if not answer:
                continue
            low = answer.lower()
            if low in ("quit", "q", "exit"):
                raise QuitGame
            if low in ("help", "?", "h"):
                self.console.print(HELP)
                self._list(legal)
                continue
            if low in ("board", "b"):
                self.draw()
                self._list(legal)
                continue
            if answer.isdigit():
                n = int(answer)
                if 1 <= n <= len(legal):
                    return legal[n - 1]
                self.console.print(f"[red]There is no choice {n}; pick 1 to {len(legal)}.[/]")
                continue
            try:
                action = self.game.parse_action(answer)
            except ActionSyntaxError as err:
                self.console.print(f"[red]{err}[/]", highlight=False)
                self._list(legal)
                continue
            if action in legal:
                return action
            refusal = state.illegal(action)
            self.console.print(f"[red]Not allowed: {refusal.reason}[/] [dim]({refusal.rule})[/]", highlight=False)
            self._list(legal)

    # --- output -------------------------------------------------------------------------

    def draw(self) -> None:
        """Draw the position from the viewer's seat."""
        self.console.print(self.render(self.state.observation(self.viewer), self.viewer))

    def _list(self, legal: list[Action]) -> None:
        items = [Text.assemble((f"{i}) ", "bold cyan"), str(a)) for i, a in enumerate(legal, start=1)]
        self.console.print("Legal actions:")
        self.console.print(Columns(items, padding=(0, 3)))

    def _log(self) -> list[str]:
        log = self.state.observation(self.viewer).get("log", [])
        return [str(x) for x in log] if isinstance(log, list) else []

    def _print_new_log(self) -> None:
        log = self._log()
        for line in log[self.log_seen :]:
            self.console.print(f"  [italic]{line}[/]", highlight=False)
        self.log_seen = len(log)

    def _hand_over(self, seat: int) -> None:
        """Hot-seat: blank the screen and wait before showing another human's hidden cards."""
        if self.viewer == seat:
            return
        if len(self.humans) > 1:
            self.console.clear()
            try:
                self.ask(f"Pass the keyboard to {self.game.seat_name(seat)}, then press Enter. ")
            except (EOFError, KeyboardInterrupt):
                raise QuitGame from None
        self.viewer = seat
        self.log_seen = len(self._log())

    def persist(self) -> None:
        """Write the record (atomically) if the game has a save file."""
        if self.save is not None:
            save_record(self.save, GameRecord.from_state(self.state, self.seats))
