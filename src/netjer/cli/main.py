"""The ``netjer`` command.

``netjer play aton --seat 0=human --seat 1=random --seed 7 --save game.json`` plays in the
terminal; ``netjer replay game.json`` steps through a record; ``netjer games`` lists the
games and their options.  Every user error (bad option, unknown agent, malformed record)
is a one-line message and exit status 2, never a traceback.
"""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from netjer import __version__
from netjer.cli.play import TerminalTable, archive_path, result_text
from netjer.cli.views import Renderer, render_full, renderer_for
from netjer.core.errors import ConfigError, NetjerError
from netjer.core.record import GameRecord, load_record
from netjer.core.state import State
from netjer.games.registry import game_class, game_for_record, game_names, make_game

app = typer.Typer(
    name="netjer",
    help="Netjer: board games of the Egyptian gods (Aton, Dioses del Nilo, Ankh) in your terminal.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console()
err_console = Console(stderr=True)


def _fail(message: str) -> typer.Exit:
    err_console.print(f"[bold red]error:[/] {message}", highlight=False)
    return typer.Exit(code=2)


def _parse_options(items: list[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for item in items:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise ConfigError(f"--option {item!r} is not of the form name=value")
        options[key.strip()] = value.strip()
    return options


def _parse_seats(items: list[str], num_players: int) -> list[str]:
    """``["0=human", "1=random"]`` -> one specification per seat (missing seats: random)."""
    seats: dict[int, str] = {}
    for item in items:
        key, eq, value = item.partition("=")
        if not eq:
            raise ConfigError(f"--seat {item!r} is not of the form SEAT=AGENT (e.g. 0=human)")
        try:
            seat = int(key)
        except ValueError:
            raise ConfigError(f"--seat {item!r}: seat must be a number from 0 to {num_players - 1}") from None
        if not 0 <= seat < num_players:
            raise ConfigError(f"--seat {item!r}: seats are numbered 0 to {num_players - 1}")
        if seat in seats:
            raise ConfigError(f"seat {seat} is given twice")
        seats[seat] = value.strip()
    return [seats.get(s, "random") for s in range(num_players)]


@app.command()
def play(
    game: Annotated[str, typer.Argument(help=f"The game: {', '.join(game_names())}.")] = "aton",
    seat: Annotated[
        list[str] | None,
        typer.Option("--seat", help="SEAT=AGENT, e.g. 0=human or 1=random (repeat per seat; default random)."),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed of the game (default: a random one, printed).")] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Game option NAME=VALUE (see `netjer games`).")
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(help="Save the record here after every action; an unfinished game there is resumed."),
    ] = None,
    load: Annotated[Path | None, typer.Option(help="Resume the game saved in this record file.")] = None,
    new: Annotated[
        bool, typer.Option("--new", help="With --save: start a new game even if one is saved there.")
    ] = False,
) -> None:
    """Play a game in the terminal against the computer, or watch the computer play."""
    try:
        record: GameRecord | None = None
        if load is not None:
            record, text = load_record(load)
            save = save or load
        elif save is not None and save.exists() and not new:
            record, text = load_record(save)
            if record.result is not None:
                kept = archive_path(save)
                save.rename(kept)
                console.print(f"The finished game in {save} was kept as {kept}.")
                record = None
            elif record.game != game:
                raise ConfigError(
                    f"{save} holds an unfinished game of {record.game}; resume it with "
                    f"`netjer play {record.game} --load {save}`, or pass --new to keep it aside and start over"
                )
        elif save is not None and save.exists() and new:
            kept = archive_path(save)
            save.rename(kept)
            console.print(f"The game in {save} was kept as {kept}.")
        if record is not None:
            g = game_for_record(record, text)
            state = record.replay(g, text)
            seats = record.seats
            console.print(f"Resuming {g.title} (seed {record.seed}) after {len(record.actions)} actions.")
        else:
            g = make_game(game, _parse_options(option or []))
            seats = _parse_seats(seat or [], g.num_players)
            seed = seed if seed is not None else secrets.randbelow(2**31)
            state = g.new_initial_state(seed)
            console.print(f"New game of {g.title}, seed {seed}.")
        table = TerminalTable(g, state, seats, console=console, save=save)
    except NetjerError as err:
        raise _fail(str(err)) from None
    table.run()


@app.command()
def replay(
    path: Annotated[Path, typer.Argument(help="A record file saved by `netjer play --save`.")],
    seat: Annotated[int, typer.Option(help="Show the game as this seat saw it.")] = 0,
    omniscient: Annotated[bool, typer.Option(help="Show everything, hidden cards included.")] = False,
    step: Annotated[bool, typer.Option(help="Draw the position after every action and wait for Enter.")] = False,
) -> None:
    """Step through a saved game, from one seat's view or omnisciently."""
    try:
        record, text = load_record(path)
        g = game_for_record(record, text)
        if not 0 <= seat < g.num_players:
            raise ConfigError(f"--seat must be 0 to {g.num_players - 1}")
        viewer = None if omniscient else seat
        console.print(
            f"{g.title}, seed {record.seed}, seats: {', '.join(record.seats)}; {len(record.actions)} actions."
        )
        render = renderer_for(g.name)
        state = g.new_initial_state(record.seed)
        log_seen = 0
        for index, (before, action) in enumerate(record.steps(g, text)):
            # Omniscient: describe each action as its own actor sees it (values shown).
            eyes = before.current_player if omniscient else viewer
            console.print(f"[dim]{index + 1:4d}.[/] {before.describe_action(action, eyes)}", highlight=False)
            state = before.clone()
            state.apply(action)
            log = state.observation(viewer).get("log", [])
            for line in log[log_seen:]:
                console.print(f"       [italic]{line}[/]", highlight=False)
            log_seen = len(log)
            if step:
                _draw(g.name, state, viewer, render)
                try:
                    console.input("[dim]Enter for the next action, Ctrl-D to stop[/] ")
                except (EOFError, KeyboardInterrupt):
                    return
        console.rule("Final position" if state.is_terminal else "Last recorded position")
        _draw(g.name, state, viewer, render)
        if state.is_terminal:
            console.print(result_text(g, state.returns()), style="bold")
    except NetjerError as err:
        raise _fail(str(err)) from None


def _draw(game: str, state: State, viewer: int | None, render: Renderer) -> None:
    if viewer is None:
        observations = [state.observation(s) for s in range(state.game.num_players)]
        console.print(render_full(game, observations))
    else:
        console.print(render(state.observation(viewer), viewer))


@app.command()
def games() -> None:
    """List the games and their options (pass them to `netjer play` with -o NAME=VALUE)."""
    for name in game_names():
        cls = game_class(name)
        schema = cls.option_schema()
        table = Table(title=f"{cls.title} ({name})", title_justify="left", show_lines=False)
        table.add_column("option", style="bold")
        table.add_column("default")
        table.add_column("values")
        table.add_column("meaning")
        for opt, prop in schema.get("properties", {}).items():
            values = prop.get("enum") or prop.get("type", "")
            table.add_row(
                opt,
                json.dumps(prop.get("default")),
                " | ".join(values) if isinstance(values, list) else str(values),
                prop.get("description", ""),
            )
        console.print(table)


@app.command()
def version() -> None:
    """Print Netjer's version."""
    console.print(f"netjer {__version__}")


def main() -> None:
    """Console-script entry point."""
    app()
