"""The ``netjer`` command.

``netjer play aton --seat 0=human --seat 1=random --seed 7 --save game.json`` plays in the
terminal; ``netjer replay game.json`` steps through a record; ``netjer games`` lists the
games and their options.  Every user error (bad option, unknown agent, malformed record)
is a one-line message and exit status 2, never a traceback; an error in a record file
names the file.  A record's seats are agent specifications (:mod:`netjer.core.record`):
``play --load`` and ``replay`` both refuse a record whose seats are not, with the same message.
"""

from __future__ import annotations

import contextlib
import json
import secrets
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from pydantic import BaseModel, ValidationError
from rich.console import Console
from rich.measure import Measurement
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text
from typer._click.exceptions import UsageError
from typer.core import TyperCommand, TyperGroup

from netjer import __version__, i18n
from netjer.agents.levels import LEVEL_NAMES, RATINGS, levels_for, resolve_agent, shown_rating, shown_text
from netjer.agents.registry import known_kinds, make_agent, parse_agent_spec, split_agent_specs
from netjer.cli.language import (
    LangOption,
    agent_words,
    level_words,
    seat_words,
    start_language,
    term_words,
    typed_value,
    use_language,
    value_words,
)
from netjer.cli.learn import learn
from netjer.cli.operator import BAD_DB, audit, reports
from netjer.cli.play import MAX_CHOICE_DIGITS, TerminalTable, archive_path, result_text
from netjer.cli.suggest import did_you_mean
from netjer.cli.usage_words import InLanguage, filled, tell_headings, told_usage_error
from netjer.core.errors import ConfigError, NetjerError, RecordError
from netjer.core.game import Game
from netjer.core.record import SEED_LIMIT, SEED_MIN, GameRecord, load_record, locate
from netjer.core.state import State
from netjer.core.undo import UNDO, Transcript
from netjer.drawings import Renderer, render_full, renderer_for
from netjer.games.registry import game_class, game_for_record, game_names, make_game
from netjer.i18n import (
    N_,
    Nn_,
    _,
    format_decimal,
    format_elo,
    format_elo_interval,
    format_number,
    format_percent,
    ngettext,
)
from netjer.i18n_sentences import Sentence, one_after_another, sentence_of

if TYPE_CHECKING:
    from netjer.agents.review import ReviewedDecision
    from netjer.sim.facets import FacetTable, Score


class _Commands(InLanguage, TyperGroup):
    """Netjer's command groups (``netjer``, ``netjer i18n``): a mistyped command name
    (``netjer pley``) gets our one-line error with the suggestion helper's "did you mean"
    (cli/suggest.py, issue 33 item 5) instead of the library's boxed usage error; the help, the
    usage line and the library's usage errors are in the reader's language (cli/usage_words.py),
    chosen from the command line before it is parsed (cli/language.py)."""

    def main(self, args: Sequence[str] | None = None, *rest: Any, **options: Any) -> Any:
        """Run ``netjer`` on ``args`` (default: the process's arguments) as Typer does, the
        language chosen first (``--lang`` anywhere in ``args``, else ``$NETJER_LANG``, else English)."""
        start_language(sys.argv[1:] if args is None else args)
        tell_headings()
        return super().main(args, *rest, **options)

    def make_context(self, *args: Any, **options: Any) -> Any:
        """The group's context; a usage error in its own options told in the reader's language."""
        try:
            return super().make_context(*args, **options)
        except UsageError as err:
            raise told_usage_error(err) from err

    def invoke(self, ctx: Any) -> Any:
        """Run the command named; a usage error in its command line told in the reader's language."""
        try:
            return super().invoke(ctx)
        except UsageError as err:
            raise told_usage_error(err) from err

    # ``ctx`` is the library's own Context (Typer bundles its Click); Any keeps this override
    # independent of where that class lives.
    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        """Resolve ``args[0]`` as a command; an unknown name that is not an option fails with
        the visible commands nearest it (exit status 2)."""
        name = args[0] if args else ""
        if name and not name.startswith("-") and not ctx.resilient_parsing and self.get_command(ctx, name) is None:
            visible = [n for n in self.list_commands(ctx) if not getattr(self.get_command(ctx, n), "hidden", False)]
            hint = did_you_mean(name, visible)
            raise _fail(
                _("there is no command {name}; {hint}").format(
                    name=repr(name), hint=hint or _("'netjer --help' lists the commands")
                )
            )
        return super().resolve_command(ctx, args)


class _Command(InLanguage, TyperCommand):
    """A ``netjer`` command: its help and usage line in the reader's language (cli/usage_words.py)."""


app = typer.Typer(
    cls=_Commands,
    name="netjer",
    help=N_("Netjer: board games of the Egyptian gods (Aton, Dioses del Nilo, Ankh) in your terminal."),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console()
err_console = Console(stderr=True)


def _version_line() -> str:
    """``netjer VERSION (engine: ...)``, and how to get the compiled engine when it does not run
    (build_info's messages, in the reader's language)."""
    from netjer import build_info  # noqa: PLC0415 - imports the engine

    compiled = build_info.compiled_modules()
    engine = _(build_info.COMPILED).format(count=len(compiled)) if compiled else _(build_info.PYTHON)
    line = f"netjer {__version__} ({engine})"
    return line if compiled else f"{line}\n{_(build_info.FASTER)}"


def _print_version(value: bool) -> None:
    """``netjer --version``: print :func:`_version_line` and exit."""
    if value:
        print(_version_line())
        raise typer.Exit()


@app.callback()
def _read_the_terminal(
    lang: LangOption = None,
    _version: Annotated[
        bool,
        typer.Option(
            "--version", is_eager=True, callback=_print_version, help=N_("Print the version and the engine, and exit.")
        ),
    ] = False,
) -> None:
    """Make the consoles anew for each command: Rich fixes a console's width from $COLUMNS when
    the console is made, and a command must draw for the terminal it runs in, not for the one
    that imported this module (a test runner invoking several commands in one process).  The
    language was set anew before the command line was parsed (``_Commands.main``); a ``--lang``
    given here is checked (one-line error for a language without catalogues)."""
    global console, err_console  # noqa: PLW0603 - the commands below read these two names
    console = Console()
    err_console = Console(stderr=True)
    _set_language(lang)


def _set_language(lang: str | None) -> None:
    """Make ``lang`` the language of every text shown (a one-line error if there is none)."""
    try:
        use_language(lang)
    except ConfigError as err:
        raise _fail(_told(err)) from None


def _told(err: BaseException) -> str:
    """``err``'s sentence in the reader's language (:func:`netjer.i18n_sentences.sentence_of`:
    an error raised with a :class:`Sentence`; a :class:`RecordError` with its file and position;
    any other in its own words)."""
    if isinstance(err, RecordError):
        return err.told(i18n.get_language())
    return sentence_of(err).told(i18n.get_language())


def _progress_bar() -> Progress:
    """The progress bar of long commands (simulate, review): done/total, time spent, time left."""
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn(_("ETA")),  # the time left, next
        TimeRemainingColumn(),
        console=console,
    )


def _fail(message: str) -> typer.Exit:
    """Print ``message`` (user text included, never read as markup) and exit with status 2."""
    err_console.print(Text.assemble((_("error:") + " ", "bold red"), message), highlight=False, soft_wrap=True)
    return typer.Exit(code=2)


def _parse_options(items: list[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for item in items:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise ConfigError(Sentence(N_("--option {item} is not of the form name=value"), item=repr(item)))
        if key.strip() in options:
            raise ConfigError(
                Sentence(N_("--option {name} given twice; give each option once"), name=repr(key.strip()))
            )
        options[key.strip()] = value.strip()
    return options


def _typed_options(game: str, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` (``-o NAME=VALUE`` of ``game``, names checked) with each choice named in the
    reader's language replaced by the value it names (``equal_40_tie=weiterspielen`` →
    ``continue``: :func:`netjer.cli.language.typed_value`), so that the options model, the record
    and the game see the value as the model spells it.

    Raises:
        ConfigError: for a value that is none of an option's choices, listing each choice with
            its name in the reader's language (``draw (Remis), continue (weiterspielen)``).
    """
    cls = game_class(game)
    properties = cls.option_schema().get("properties", {})
    typed = dict(options)
    for key, value in options.items():
        choices = properties.get(key, {}).get("enum")
        if isinstance(choices, list) and isinstance(value, str):
            values = [str(c) for c in choices]
            titles = properties[key].get("x-titles")
            typed[key] = typed_value(value, values, game, titles)
            if typed[key] not in values and _not_a_choice(cls.options_model, key, value):
                raise ConfigError(
                    Sentence(
                        N_("{title}: option {name} has no value {value}; its values: {values} (see `netjer games`)"),
                        title=cls.shown_title(),
                        name=key,
                        value=repr(value),
                        values=i18n.join_list(value_words(v, game, titles) for v in values),
                    )
                )
    return typed


def _not_a_choice(model: type[BaseModel], key: str, value: str) -> bool:
    """Whether the options ``model`` refuses ``value`` of option ``key`` only as none of its
    listed choices (Pydantic's ``literal_error``), not with a sentence of the game's own (Aton's
    "unknown layout", which says more)."""
    try:
        model.model_validate({key: value})
    except ValidationError as err:
        kinds = {e["type"] for e in err.errors() if e["loc"][:1] == (key,)}
        return bool(kinds) and kinds <= {"literal_error", "enum"}
    return False


def _known_game(name: str) -> str:
    """``name`` if Netjer has that game.

    Raises:
        ConfigError: naming the nearest games ("did you mean") and every game.
    """
    if name in game_names():
        return name
    hint = did_you_mean(name, game_names())
    games = i18n.join_list(game_names())
    if hint:
        raise ConfigError(
            Sentence(N_("unknown game {name}; {hint} Netjer has: {games}"), name=repr(name), hint=hint, games=games)
        )
    raise ConfigError(Sentence(N_("unknown game {name}; Netjer has: {games}"), name=repr(name), games=games))


def _check_option_names(game: str, options: dict[str, Any], variants: list[dict[str, Any]] | None = None) -> None:
    """Refuse an option ``game`` does not have (given with -o or --vary), with the nearest names.

    Raises:
        ConfigError: naming the option, the nearest ones ("did you mean") and every option.
    """
    cls = game_class(game)
    known = list(cls.option_schema().get("properties", {}))
    for key in [*options, *(k for v in variants or [] for k in v)]:
        if key not in known:
            hint = did_you_mean(key, known)
            values: dict[str, int | str] = {
                "title": cls.shown_title(),
                "name": repr(key),
                "options": i18n.join_list(known),
            }
            if hint:
                raise ConfigError(
                    Sentence(
                        N_("{title} has no option {name}; {hint} its options: {options} (see `netjer games`)"),
                        hint=hint,
                        **values,
                    )
                )
            raise ConfigError(
                Sentence(N_("{title} has no option {name}; its options: {options} (see `netjer games`)"), **values)
            )


def _check_agent_word(text: str) -> None:
    """Refuse an agent whose first word is neither a level nor an agent kind, with the nearest
    names ("did you mean"); the rest is checked by :func:`resolve_agent` and the agent itself.

    Raises:
        ConfigError: naming the word, the nearest names, the levels and the agents.
    """
    word = text.strip().split(":", 1)[0].strip().lower()
    known = [*LEVEL_NAMES, *known_kinds()]
    if word and word not in known:
        hint = did_you_mean(word, known)
        values: dict[str, int | str] = {
            "agent": repr(text.strip()),
            "levels": i18n.join_list(LEVEL_NAMES),
            "agents": i18n.join_list(known_kinds()),
        }
        if hint:
            raise ConfigError(
                Sentence(
                    N_(
                        "unknown agent {agent}: {hint} choose a level ({levels}) or an agent ({agents}; with "
                        "parameters, e.g. ismcts:iterations=500)"
                    ),
                    hint=hint,
                    **values,
                )
            )
        raise ConfigError(
            Sentence(
                N_(
                    "unknown agent {agent}: choose a level ({levels}) or an agent ({agents}; with parameters, "
                    "e.g. ismcts:iterations=500)"
                ),
                **values,
            )
        )


def _parse_seats(items: list[str], game: Game, vs: str | None = None) -> list[str]:
    """``["0=human", "1=strong"]`` -> one agent specification per seat: a level name
    (:mod:`netjer.agents.levels`) becomes its specification.  A seat not named is ``vs``
    (seat 0 then a person) when ``vs`` is given, else random.

    Raises:
        ConfigError: for a malformed item, a seat out of range or given twice, or an unknown
            level or agent (the message lists the levels).
    """
    num_players = game.num_players
    seats: dict[int, str] = {}
    for item in items:
        key, eq, value = item.partition("=")
        if not eq:
            raise ConfigError(
                Sentence(N_("--seat {item} is not of the form SEAT=AGENT (e.g. 0=human)"), item=repr(item))
            )
        try:
            seat = int(key)
        except ValueError:
            raise ConfigError(
                Sentence(
                    N_("--seat {item}: seat must be a number from 0 to {last}"), item=repr(item), last=num_players - 1
                )
            ) from None
        if not 0 <= seat < num_players:
            raise ConfigError(
                Sentence(N_("--seat {item}: seats are numbered 0 to {last}"), item=repr(item), last=num_players - 1)
            )
        if seat in seats:
            raise ConfigError(Sentence(N_("seat {seat} is given twice"), seat=seat))
        _check_agent_word(value)
        seats[seat] = resolve_agent(value.strip(), game.name, num_players)
    if vs is not None:
        _check_agent_word(vs)
        computer = resolve_agent(vs.strip(), game.name, num_players)
        if parse_agent_spec(computer).is_human:
            raise ConfigError(Sentence(N_("--vs names the computer you play against: a level or an agent, not human")))
        seats.setdefault(0, "human")
        return [seats.get(s, computer) for s in range(num_players)]
    return [seats.get(s, "random") for s in range(num_players)]


def _seed_value(text: str | int) -> int:
    """``--seed``'s value as a whole number; anything else is our one-line error, exit status 2
    (flags' metavar ``""`` above: a flag is shown as a flag in --help, not as ``<bool>``)."""
    if isinstance(text, int):  # a default, not typed
        return text
    try:
        return int(text.strip())
    except ValueError:
        raise _fail(_("--seed must be a whole number, got {value}").format(value=repr(text[:40]))) from None


@app.command(cls=_Command)
def play(
    game: Annotated[
        str | None,
        typer.Argument(
            metavar=N_("game"), help=filled(N_("The game: {games} (default aton)."), games=i18n.join_list(game_names()))
        ),
    ] = None,
    seat: Annotated[
        list[str] | None,
        typer.Option(
            "--seat",
            help=N_(
                "SEAT=AGENT, e.g. 0=human, 1=strong (a level: see `netjer levels`) or 1=ismcts:iterations=500 "
                "(repeat per seat; seats not named are random; with neither --seat nor --vs, in a terminal you "
                "play seat 0 against the casual level)."
            ),
        ),
    ] = None,
    vs: Annotated[
        str | None,
        typer.Option(
            "--vs",
            help=N_(
                "Play against this level (beginner, casual, strong, strongest: see `netjer levels`) or agent: "
                "it takes every seat --seat does not name, you seat 0."
            ),
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            parser=_seed_value, metavar="<int>", help=N_("Seed of the game (default: a random one, printed).")
        ),
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help=N_("Game option NAME=VALUE (see `netjer games`)."))
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(help=N_("Save the record here after every action; an unfinished game there is resumed.")),
    ] = None,
    load: Annotated[Path | None, typer.Option(help=N_("Resume the game saved in this record file."))] = None,
    new: Annotated[
        bool,
        typer.Option("--new", metavar="", help=N_("With --save: keep a game saved there aside and start a new one.")),
    ] = False,
    lang: LangOption = None,
) -> None:
    """Play a game in the terminal against the computer, or watch the computer play.

    With neither --seat nor --vs, in a terminal you play seat 0 against the casual level; piped
    (no terminal), the computer plays every seat.  With a human seat and no --save, the game is
    saved to GAME-SEED.json in the current folder.
    """
    _set_language(lang)
    try:
        if load is not None and new:
            raise ConfigError(Sentence(N_("--new starts a new game; it cannot be combined with --load")))
        if new and save is None:  # without --save every game is new: --new would do nothing
            raise ConfigError(
                Sentence(N_("--new keeps aside the game saved in the --save file; give --save FILE with it"))
            )
        # Everything is checked before any file is touched.
        resume = load
        default_level: str | None = None
        archive: Path | None = None
        transcript: Transcript | None = None  # a resumed record, its undos kept and its last decisions undoable
        if load is None and save is not None and save.exists():
            if save.is_dir():
                raise ConfigError(Sentence(N_("--save {path} is a folder; give a file name"), path=str(save)))
            if new:
                archive = save
            else:
                record, _text = _load(save, hint=True)
                if record.result is None:
                    resume = save
                else:
                    archive = save  # a finished game is kept aside, a new one starts
        if resume is not None:
            record, text = _load(resume, hint=load is None)
            g, state = _replayed(resume, record, text, hint=load is None)
            if state.is_terminal:  # only --load gets here (--save keeps a finished game aside); flags moot
                _show_finished(resume, record, g, state)
                return
            _check_resume_flags(resume, record, g, game, seat, seed, option, vs)
            seats = record.seats
            transcript = record.transcript(g, text)
            save = save or resume
            intro = _("Resuming {title} (seed {seed}) after {n} actions from {path}.").format(
                title=g.shown_title(), seed=record.seed, n=len(record.actions), path=resume
            )
        else:
            if seed is not None and not SEED_MIN <= seed < SEED_LIMIT:  # a record could not hold it
                raise ConfigError(
                    Sentence(
                        N_("--seed must be a 64-bit value, from {low} to {high}"), low=SEED_MIN, high=SEED_LIMIT - 1
                    )
                )
            options = _parse_options(option or [])
            _check_option_names(_known_game(game or "aton"), options)
            options = _typed_options(game or "aton", options)
            g = make_game(game or "aton", options)
            default_level = _default_opponent(seat, vs)
            seats = _parse_seats(seat or [], g, vs or default_level)
            seed = seed if seed is not None else secrets.randbelow(2**31)
            state = g.new_initial_state(seed)
            intro = _("New game of {title}, seed {seed}.").format(title=g.shown_title(), seed=seed)
            if save is None and "human" in seats:
                save = _free_path(Path(f"{g.name}-{seed}.json"))
        table = TerminalTable(g, state, seats, console=console, save=save, transcript=transcript)  # checks the agents
        if save is not None:
            _check_writable(save, "--save", saving=True, moved_aside=archive is not None)
        if archive is not None:
            kept = archive_path(archive)
            archive.rename(kept)
            console.print(Text(_("The game in {archive} was kept as {kept}.").format(archive=archive, kept=kept)))
        table.persist(strict=True)
    except NetjerError as err:
        raise _fail(_told(err)) from None
    except OSError as err:
        raise _fail(_("cannot save the game: {reason}").format(reason=err)) from None
    console.print(Text(intro))
    if resume is None and default_level is not None:
        console.print(
            Text(
                _(
                    "You play {seat} (seat 0) against the computer at level {level}. Another level: "
                    "`netjer play {game} --vs LEVEL` ({levels}; see `netjer levels`)."
                ).format(
                    seat=seat_words(g, 0),
                    level=level_words(default_level),
                    game=g.name,
                    levels=i18n.join_list(level_words(name) for name in LEVEL_NAMES),
                ),
                style="bold",
            )
        )
    status = table.run()
    if status:
        raise typer.Exit(code=status)


#: The level a player meets when ``netjer play GAME`` names no seat (issue 33 item 2).
DEFAULT_LEVEL = "casual"


def _interactive() -> bool:
    """True when a person is at the keyboard: both standard input and the output are terminals."""
    return sys.stdin.isatty() and console.is_terminal


def _default_opponent(seat: list[str] | None, vs: str | None) -> str | None:
    """The level to play against when neither ``--seat`` nor ``--vs`` is given: on a terminal
    :data:`DEFAULT_LEVEL` (the player takes seat 0); off one (a pipe, CI) ``None``, every seat
    random as before, said on stderr."""
    if seat or vs:
        return None
    if _interactive():
        return DEFAULT_LEVEL
    err_console.print(
        Text(
            _(
                "note: not a terminal, so the computer plays every seat (random); "
                "to play, give --vs LEVEL or --seat 0=human."
            )
        ),
        highlight=False,
        soft_wrap=True,
    )
    return None


def _load(path: Path, *, hint: bool) -> tuple[GameRecord, str]:
    """Load a record, naming the file in errors (and how to start over, when ``hint``)."""
    try:
        return load_record(path)
    except RecordError as err:
        raise _in_file(path, err, hint=hint) from None


def _in_file(path: Path, err: RecordError, *, hint: bool) -> RecordError:
    """``err`` with the file named first (and how to start over, when ``hint``)."""
    advice = " " + _("(pass --new to keep it aside and start a new game)") if hint else ""
    return err.in_file(str(path), advice)


def _replayed(path: Path, record: GameRecord, text: str, *, hint: bool) -> tuple[Game, State]:
    """The game of a loaded record and its last position, every error naming the file: the
    game and options, the seats (agent specifications with valid parameters, as for
    ``play``), every action."""
    try:
        g = game_for_record(record, text)
        for index, spec in enumerate(record.seats):
            try:
                if not parse_agent_spec(spec).is_human:
                    make_agent(spec)  # its parameters too (a budget of "1e999" seconds is no agent)
            except ConfigError as err:
                line, column = locate(text, ("seats", index)) or (None, None)
                raise RecordError(
                    Sentence(N_("seat {seat}: {reason}"), seat=index, reason=sentence_of(err)), line=line, column=column
                ) from None
        return g, record.replay(g, text)
    except RecordError as err:
        raise _in_file(path, err, hint=hint) from None


def _show_finished(path: Path, record: GameRecord, g: Game, state: State) -> None:
    """``play --load`` of a finished game: its final position and result, and what to do instead."""
    console.rule(_("Final position"))
    console.print(render_full(g.name, [state.observation(s) for s in range(g.num_players)]))
    finished = ngettext(
        "The game in {path} is finished ({title}, seed {seed}, {n} action): {result}. Nothing is left to play: "
        "see it again with `netjer replay {path}`, or start a new game with `netjer play {game} --save {path}` "
        "(the finished one is kept aside).",
        "The game in {path} is finished ({title}, seed {seed}, {n} actions): {result}. Nothing is left to play: "
        "see it again with `netjer replay {path}`, or start a new game with `netjer play {game} --save {path}` "
        "(the finished one is kept aside).",
        len(record.actions),
    )
    console.print(
        Text(
            finished.format(
                path=path,
                title=g.shown_title(),
                seed=record.seed,
                n=len(record.actions),
                result=result_text(g, state.returns(), state),
                game=g.name,
            )
        )
    )


def _check_resume_flags(
    path: Path,
    record: GameRecord,
    g: Game,
    game: str | None,
    seat: list[str] | None,
    seed: int | None,
    option: list[str] | None,
    vs: str | None = None,
) -> None:
    """Refuse flags that contradict the game being resumed (rather than ignore them)."""
    conflicts: list[Sentence] = []
    if game is not None and game != record.game:
        conflicts.append(Sentence(N_("it is a game of {recorded}, not {given}"), recorded=record.game, given=game))
    if seed is not None and seed != record.seed:
        conflicts.append(Sentence(N_("its seed is {recorded}, not {given}"), recorded=record.seed, given=seed))
    if (seat or vs) and _parse_seats(seat or [], g, vs) != record.seats:
        seats = i18n.join_list(f"{i}={s}" for i, s in enumerate(record.seats))
        conflicts.append(Sentence(N_("its seats are {seats}"), seats=seats))
    # A value given by its name in the reader's language reads as `netjer play -o` reads it.
    for key, value in _typed_options(record.game, _parse_options(option or [])).items():
        if key not in record.options:  # a record of a game without that option: not "is None"
            conflicts.append(Sentence(N_("it has no option {name}"), name=key))
        elif str(record.options.get(key)) != value:
            conflicts.append(
                Sentence(N_("its option {name} is {value}"), name=key, value=repr(record.options.get(key)))
            )
    if conflicts:
        raise ConfigError(
            Sentence(
                N_(
                    "{path} holds an unfinished game to resume, but {conflicts}. Resume it without those flags, "
                    "or pass --new (with --save) to keep it aside and start over."
                ),
                path=str(path),
                conflicts=one_after_another(conflicts),
            )
        )


def _free_path(path: Path) -> Path:
    """``path`` if free, else ``path`` with a numbered suffix."""
    n = 1
    candidate = path
    while candidate.exists():
        candidate = path.with_name(f"{path.stem}-{n}{path.suffix}")
        n += 1
    return candidate


def _probe_new_file(folder: Path) -> None:
    """Probe whether ``folder`` takes a new file: open an unnamed temporary file there and close
    it, which removes it (nothing is left in the folder either way).

    Args:
        folder: an existing folder.

    Raises:
        OSError: the system's reason the folder takes no new file (permission, a read-only or full
            disk, a folder such as ``/proc`` that takes none).
    """
    tempfile.TemporaryFile(dir=folder).close()


def _refusal(message: str, err: OSError, **params: int | str) -> ConfigError:
    """The one-line refusal of an output the system would not let us write: ``message`` (a
    catalogue message) filled with ``params`` and ``{reason}``, the system's reason ("permission
    denied" for a PermissionError, else the system's own words)."""
    reason = Sentence(N_("permission denied")) if isinstance(err, PermissionError) else err.strerror or str(err)
    return ConfigError(Sentence(message, reason=reason, **params))


#: The refusals of an output file (:func:`_check_writable`), by what is done with it: written
#: (``--out``, ``--json``, ``--png``) or a game saved to it (``--save``).
_NO_FOLDER = {
    False: N_("cannot write {path}: the folder {folder} does not exist"),
    True: N_("cannot save to {path}: the folder {folder} does not exist"),
}
_NOT_WRITABLE = {False: N_("cannot write {path}: {reason}"), True: N_("cannot save to {path}: {reason}")}
_A_FOLDER = {
    False: N_("{flag} {path} is a folder; give a file name"),
    True: N_("{flag} {path} is a folder; give a file name ending in .json or .csv"),
}


def _probe_append(path: Path) -> None:
    """Probe whether the file ``path`` can be written: open it for appending and close it. An
    existing file is left as it was; a file the probe creates is the caller's to remove.

    Args:
        path: the file, in an existing folder.

    Raises:
        OSError: the system's reason the file cannot be written (``/proc/version``, permission, ...).
    """
    path.open("ab").close()


def _check_writable(
    path: Path, flag: str, *, saving: bool = False, json_or_csv: bool = False, moved_aside: bool = False
) -> None:
    """Refuse an output file that could not be written, before the play or computation that ends
    by writing it: a missing folder, a folder given as the file, no permission, or any other reason
    the system gives (``/proc/version``, a read-only or full disk).

    The test is a real open, as the writer's own will be: in append mode, so an existing file is
    left as it is, and a file made for the check is removed. With ``moved_aside`` the existing file
    is kept aside (renamed) before the new one is written, so only its folder must take a new file:
    an unnamed temporary file is opened there instead.

    Args:
        path: the output file.
        flag: the command-line flag that named it (``--save``, ``--json``), for the messages.
        saving: whether a game is saved to it (the messages say "save to", else "write").
        json_or_csv: whether the name must end in .json or .csv (said when a folder is given).
        moved_aside: whether an existing ``path`` is renamed away before the output is written.

    Raises:
        ConfigError: naming the path and what is wrong with it.
    """
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise ConfigError(Sentence(_NO_FOLDER[saving], path=str(path), folder=str(folder)))
    if path.is_dir():
        raise ConfigError(Sentence(_A_FOLDER[json_or_csv], flag=flag, path=str(path)))
    existed = path.exists()
    try:
        if moved_aside and existed:
            _probe_new_file(folder)
        else:
            _probe_append(path)
    except OSError as err:
        raise _refusal(_NOT_WRITABLE[saving], err, path=str(path)) from None
    finally:
        if not existed:
            with contextlib.suppress(OSError):
                path.unlink()


@app.command(cls=_Command)
def replay(
    path: Annotated[Path, typer.Argument(metavar=N_("path"), help=N_("A record file saved by `netjer play --save`."))],
    seat: Annotated[int | None, typer.Option(help=N_("Show the game as this seat saw it (default 0)."))] = None,
    omniscient: Annotated[bool, typer.Option(metavar="", help=N_("Show everything, hidden cards included."))] = False,
    step: Annotated[
        bool,
        typer.Option(
            metavar="",
            help=N_(
                "Show one position at a time: Enter for the next action, b back, a number to go to that action, "
                "first: the start, last: the last position, help: the commands, q to stop."
            ),
        ),
    ] = False,
    lang: LangOption = None,
) -> None:
    """Step through a saved game, from one seat's view or omnisciently."""
    _set_language(lang)
    try:
        if omniscient and seat is not None:
            raise ConfigError(Sentence(N_("choose either --seat or --omniscient")))
        record, text = _load(path, hint=False)
        g, _state = _replayed(path, record, text, hint=False)  # refuse a bad record before showing any of it
        viewer = None if omniscient else (seat or 0)
        if viewer is not None and not 0 <= viewer < g.num_players:
            raise ConfigError(Sentence(N_("--seat must be 0 to {last}"), last=g.num_players - 1))
    except NetjerError as err:
        raise _fail(_told(err)) from None
    seats = ", ".join(f"{seat_words(g, i)}={agent_words(g, s)}" for i, s in enumerate(record.seats))
    console.print(
        Text(
            _("{title}, seed {seed}, {seats}; {n} actions.").format(
                title=g.shown_title(), seed=record.seed, seats=seats, n=len(record.actions)
            )
        )
    )
    render = renderer_for(g.name)
    frames = _frames(g, record, viewer, omniscient=omniscient)
    if step:
        _step_through(g, frames, viewer, render)
        return
    for lines, _position in frames:
        for line in lines:
            console.print(line)
    _show_end(g, frames[-1][1], viewer, render)


#: One position of a replay: the lines telling how it was reached (the entry and the new log
#: lines) and the position itself.
Frame = tuple[list[Text], State]


def _frames(g: Game, record: GameRecord, viewer: int | None, *, omniscient: bool) -> list[Frame]:
    """Every position of ``record``, the start first: ``frames[k]`` is the position after its
    ``k`` first entries (an undo is an entry, shown as such) with the lines that tell entry ``k``.

    Args:
        g: the record's game.
        record: a record already checked by :func:`_replayed`.
        viewer: whose view the lines take (``None``: omniscient).
        omniscient: describe each action as its own actor saw it.
    """
    transcript = Transcript(g.new_initial_state(record.seed))  # the record's undos are shown too
    state = transcript.state
    log = _log_of(state, viewer)
    frames: list[Frame] = [([Text(f"      {line}", style="italic") for line in log], state.clone())]
    log_seen = len(log)
    for number, entry in enumerate(record.actions, start=1):
        lines: list[Text] = []
        if entry == UNDO:
            actor = transcript.last_actor()
            taken_back = transcript.undo(actor if actor is not None else -1)
            # The decision taken back is named only to its own seat (it may have been secret).
            what = str(taken_back) if viewer is None or viewer == actor else _("a decision")
            who = seat_words(g, actor) if actor is not None else "?"
            lines.append(
                Text.assemble(
                    (f"{number:4d}. ", "dim"), _("{who} takes back {what} (undo).").format(who=who, what=what)
                )
            )
            state = transcript.state
            log_seen = min(log_seen, len(_log_of(state, viewer)))
            frames.append((lines, state.clone()))
            continue
        action = g.parse_action(entry)
        # Omniscient: describe each action as its own actor sees it (values shown).
        eyes = state.current_player if omniscient else viewer
        lines.append(Text.assemble((f"{number:4d}. ", "dim"), state.describe_action(action, eyes)))
        transcript.apply(action)
        state = transcript.state
        log = _log_of(state, viewer)
        lines.extend(Text(f"      {line}", style="italic") for line in log[log_seen:])
        log_seen = len(log)
        frames.append((lines, state.clone()))
    return frames


def _show_end(g: Game, state: State, viewer: int | None, render: Renderer) -> None:
    """The last position of a replay, and the result if the game is finished."""
    console.rule(_("Final position") if state.is_terminal else _("Last recorded position"))
    _draw(g.name, state, viewer, render)
    if state.is_terminal:
        console.print(Text(result_text(g, state.returns(), state), style="bold"))


#: ``replay --step``'s commands (a number N goes to the position after entry N).
STEP_NEXT = ("", "n", "next", "f", "forward")
STEP_BACK = ("b", "back", "p", "previous")
STEP_HELP = ("help", "h", "?")
STEP_QUIT = ("q", "quit", "exit")
STEP_HELP_TEXT = N_(
    "Enter or n: next action · b: back one · a number N: go to the position after action N (0: the start) · "
    "first: the start · last: the last position · help: this · q: stop"
)


def _step_through(g: Game, frames: list[Frame], viewer: int | None, render: Renderer) -> None:
    """``replay --step``: show one position at a time, moving forward, back or to any action."""
    last = len(frames) - 1
    for line in frames[0][0]:  # the start, then the first action at once (as before the moves back)
        console.print(line)
    _draw(g.name, frames[0][1], viewer, render)
    at = min(1, last)
    # The keys are told once on a line of their own (wrapped by words), not in the prompt: a
    # prompt as wide as the terminal made what is typed wrap mid-word at 80 columns.
    console.print(Text(_("Enter: next · b: back · N: go to action N · help · q: stop"), style="dim"), highlight=False)
    while True:
        lines, state = frames[at]
        for line in lines:
            console.print(line)
        if at == last:
            _show_end(g, state, viewer, render)
        else:
            _draw(g.name, state, viewer, render)
        while True:
            try:
                answer = console.input("[dim]" + _("{at} of {last}").format(at=at, last=last) + " ›[/] ")
            except (EOFError, KeyboardInterrupt):
                console.print()
                return
            word = " ".join(answer.strip().lower().split())
            target = _step_target(word, at, last)
            if target is not None:
                break
            if word in STEP_QUIT or (word in STEP_NEXT and at == last):
                return
            if word in STEP_HELP:
                console.print(Text(_(STEP_HELP_TEXT), style="dim"), highlight=False)
            elif word.isascii() and word.isdigit():
                too_long = len(word) > MAX_CHOICE_DIGITS
                console.print(
                    Text(
                        (
                            _("That number is too long: give 0 to {last}.")
                            if too_long
                            else _("There is no action {n}: give 0 to {last}.")
                        ).format(n=word, last=last)
                    )
                )
            elif word in STEP_BACK:
                console.print(Text(_("This is the start: nothing before it.")))
            else:
                hint = did_you_mean(word, [*STEP_NEXT[1:], *STEP_BACK, "first", "last", *STEP_HELP[:1], "quit"])
                console.print(
                    Text(
                        _("Not a command: {word}").format(word=repr(word[:40]))
                        + (f"; {hint}" if hint else "")
                        + " "
                        + _("('help' lists them)")
                    ),
                    highlight=False,
                )
        at = target


def _step_target(word: str, at: int, last: int) -> int | None:
    """Where ``replay --step``'s command ``word`` goes from position ``at`` of ``0..last``;
    ``None`` for a command that moves nowhere (quit, help, a bad number, back at the start,
    next at the end)."""
    if word in STEP_NEXT:
        return at + 1 if at < last else None
    if word in STEP_BACK:
        return at - 1 if at > 0 else None
    if word == "first":
        return 0
    if word == "last":
        return last
    if word.isascii() and word.isdigit() and len(word) <= len(str(last)):
        return int(word) if int(word) <= last else None
    return None


def _log_of(state: State, viewer: int | None) -> list[str]:
    log = state.observation(viewer).get("log", [])
    return [str(x) for x in log] if isinstance(log, list) else []


def _draw(game: str, state: State, viewer: int | None, render: Renderer) -> None:
    if viewer is None:
        observations = [state.observation(s) for s in range(state.game.num_players)]
        console.print(render_full(game, observations))
    else:
        console.print(render(state.observation(viewer), viewer))


def _no_ray_flag(value: bool) -> bool:
    """``--ray`` is a guess at ``--ray-address``: say which option runs on Ray (Click would
    suggest ``--vary``, the nearest name).  Called while the command line is parsed, before the
    address a user may have put after it is refused as an extra argument."""
    if value:
        raise typer.BadParameter(
            _(
                "there is no --ray: give the cluster with --ray-address: 'auto' inside a cluster, "
                "'ray://HEAD:10001' from outside, or 'local' to start one here"
            ),
            param_hint="--ray",
        )
    return value


@app.command(cls=_Command)
def simulate(
    game: Annotated[
        str,
        typer.Argument(metavar=N_("game"), help=filled(N_("The game: {games}."), games=i18n.join_list(game_names()))),
    ],
    agents: Annotated[
        str,
        typer.Option(
            help=N_(
                "Comma-separated levels or agents, e.g. strongest,heuristic or ismcts:iterations=200,casual "
                "(the last fills extra seats; levels: `netjer levels`)."
            )
        ),
    ] = "random,random",
    games: Annotated[int, typer.Option("--games", "-n", help=N_("Number of games (with --vary, in all)."))] = 100,
    workers: Annotated[int, typer.Option(help=N_("Local worker processes."))] = 1,
    seed: Annotated[int, typer.Option(parser=_seed_value, metavar="<int>", help=N_("Game i uses seed SEED + i."))] = 0,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help=N_("Game option NAME=VALUE."))] = None,
    vary: Annotated[
        list[str] | None,
        typer.Option(
            help=N_(
                "Compare option values, NAME=V1,V2 (e.g. scenario=middle-kingdom,old-kingdom), or NAME=V1|V2 "
                "when values contain commas (e.g. 'gods=ra,isis|seth,bastet'); repeat for every combination. "
                "--games is shared evenly among the values (combinations), so it must be at least their number; "
                "a multiple of values x seats gives each value full seat rotations. Each game is labelled with "
                "its value (a facet named after the option) in the tables, the report and --out."
            )
        ),
    ] = None,
    rotate_starts: Annotated[
        bool,
        typer.Option(
            "--rotate-starts",
            metavar="",
            help=N_(
                "Analysis: also rotate the scenario's start positions over the turn positions (Ankh: option "
                "start_rotation 0..players-1), so that the 'start position' and 'turn position' facets can be told "
                "apart; a multiple of players x players games gives every pairing equally often."
            ),
        ),
    ] = False,
    ray_address: Annotated[
        str | None, typer.Option(help=N_("Run on Ray: 'auto', a cluster address, or 'local' to start one here."))
    ] = None,
    _ray: Annotated[
        bool, typer.Option("--ray", hidden=True, is_eager=True, callback=_no_ray_flag, help="Not an option.")
    ] = False,
    out: Annotated[
        Path | None, typer.Option(help=N_("Write the per-game results to this file, ending in .json or .csv."))
    ] = None,
    report: Annotated[
        Path | None,
        typer.Option(help=N_("Write an HTML balance report (index.html, results.json, results.csv) into this folder.")),
    ] = None,
    lang: LangOption = None,
) -> None:
    """Play many seeded games between agents, seats rotated; print win rates, Elo and balance,
    and the score per facet the game labels its seats with (Ankh: god, turn position, start position,
    scenario; any game: the values of --vary), with a warning when the games are few distinct ones or
    every seat is the same deterministic player.  Every option is checked before the first game."""
    from netjer.sim.facets import facet_tables, first_player_score  # noqa: PLC0415
    from netjer.sim.report import balance_metrics, sample_warnings, write_csv, write_report  # noqa: PLC0415
    from netjer.sim.tournament import connect_ray, run_tasks, schedule, summarize  # noqa: PLC0415

    _set_language(lang)
    try:
        if games < 1:
            raise ConfigError(Sentence(N_("--games must be at least 1")))
        if workers < 1:
            raise ConfigError(Sentence(N_("--workers must be at least 1, got {value}"), value=workers))
        _check_outputs(out, report)
        specs = [a.strip() for a in split_agent_specs(agents)]
        options = _parse_options(option or [])
        variants = _parse_variants(vary or [], fixed=options, game=_known_game(game))
        _check_option_names(game, options, variants)
        options = _typed_options(game, options)
        for spec in specs:
            _check_agent_word(spec)
        tasks = schedule(game, specs, games, options=options, seed=seed, variants=variants, rotate_starts=rotate_starts)
        g = make_game(game, tasks[0].options)
        if ray_address is not None:  # an unreachable cluster is said before any progress bar
            connect_ray(ray_address)
        with _progress_bar() as bar:
            job = bar.add_task(f"{g.shown_title()}: {', '.join(specs)}", total=len(tasks))
            results = run_tasks(
                tasks,
                workers=workers,
                ray_address=ray_address,
                progress=lambda done, _: bar.update(job, completed=done),
            )
    except NetjerError as err:
        raise _fail(_told(err)) from None
    summary = summarize(game, specs, results)
    table = Table(
        title=ngettext("{title}: {n} game, seats rotated", "{title}: {n} games, seats rotated", summary.games).format(
            title=g.shown_title(), n=format_number(summary.games)
        ),
        title_justify="left",
    )
    for col in (_("agent"), _("seats"), _("W/D/L"), _("score [95% CI]"), _("Elo [95% CI]")):
        table.add_column(col)
    for a in summary.agents:
        table.add_row(
            a.name,
            format_number(a.games),
            f"{a.wins}/{a.draws}/{a.losses}",
            _estimate(a.score, a.score_interval, 3),
            _estimate(a.elo, a.elo_interval, 0, elo=True),
        )
    console.print(table)
    for name in dict.fromkeys(specs):
        if name.strip().lower() in LEVEL_NAMES:
            spec = resolve_agent(name, g.name, g.num_players)
            console.print(Text(_("level {level} = {agent}").format(level=name.strip().lower(), agent=spec)))
    for s, (score, interval) in enumerate(summary.seat_scores):
        console.print(
            Text(
                _("seat {n} ({seat}): score {score}").format(
                    n=s, seat=seat_words(g, s), score=_interval_text(score, interval)
                )
            )
        )
    first = first_player_score(results)
    console.print(Text(_("first player: score {score}").format(score=_interval_text(first.score, first.interval))))
    for facet in facet_tables(results, specs):
        _print_facet(facet, g.name)
    metrics = balance_metrics(results)
    console.print(
        _(
            # decisiveness named by what it measures (issue 32: "decisión 0,114" said nothing)
            "balance {balance} · drawishness {drawishness} · final leader settled after {decisiveness} of the "
            "game · lead changes {lead_changes} · length {length} decisions (median {median})"
        ).format(
            balance=format_decimal(metrics["balance"], 3),
            drawishness=format_decimal(metrics["drawishness"], 3),
            decisiveness=format_percent(metrics["decisiveness"]),
            lead_changes=format_decimal(metrics["lead_changes"], 2),
            length=format_decimal(metrics["length_mean"], 1),
            median=format_decimal(metrics["length_median"], 0),
        )
    )
    warnings = sample_warnings(results, specs)
    for warning in warnings:
        console.print(Text.assemble((_("warning:") + " ", "bold yellow"), warning), soft_wrap=True)
    try:
        if out is not None:
            if out.suffix.lower() == ".csv":
                write_csv(out, results)
            else:  # .json (_check_outputs refused every other suffix)
                out.write_text(
                    json.dumps(
                        {
                            "summary": summary.as_dict(),
                            "metrics": metrics,
                            "warnings": warnings,
                            "games": [r.__dict__ for r in results],
                        },
                        indent=2,
                    ),
                    encoding="utf-8",
                )
            console.print(Text(_("Results written to {path}.").format(path=out)))
        if report is not None:
            report_options: dict[str, Any] = dict(g.options_dict())
            if variants:
                report_options["variants"] = variants
            if rotate_starts:
                report_options["rotate_starts"] = True
            index = write_report(
                report,
                summary,
                results,
                title=_("{title} balance report").format(title=g.shown_title()),
                seat_names=[seat_words(g, s) for s in range(g.num_players)],
                options=report_options,
                game=g.name,
            )
            console.print(Text(_("Report written to {path}.").format(path=index)))
    except OSError as err:
        raise _fail(_("cannot write: {reason}").format(reason=err)) from None


def _estimate(value: float, interval: tuple[float, float], digits: int, elo: bool = False) -> str:
    """``value [low, high]`` with ``digits`` decimals in the reader's number format
    (:func:`netjer.i18n.format_decimal`; ``elo``: an Elo rating, written as ``netjer levels``
    writes one, :func:`netjer.i18n.format_elo_interval`); an interval with no width (one game,
    or too few for the bootstrap to vary) is said to be out of reach rather than shown as one."""

    def number(v: float) -> str:
        return format_elo(v) if elo else format_decimal(v, digits)

    low, high = (number(v) for v in interval)
    if low == high:
        return f"{number(value)} " + _("(too few games)")
    if elo:
        return format_elo_interval(value, interval)
    return f"{format_decimal(value, digits)} [{low}, {high}]"


def _parse_variants(
    items: list[str], *, fixed: dict[str, Any] | None = None, game: str | None = None
) -> list[dict[str, Any]]:
    """Every combination of the ``--vary`` values, as option dicts (none given: ``[]``).

    Args:
        items: ``["scenario=a,b", "gods=ra,isis|seth,bastet"]``: NAME=V1,V2, or NAME=V1|V2 (a
            ``|`` in the values splits them on ``|`` only, so that a value may hold commas).
        fixed: the options given with ``-o``, which no ``--vary`` may name again.
        game: the game whose options they are (a known one): each value named in the reader's
            language is read as ``-o`` reads it (:func:`_typed_options`: ``weiterspielen`` →
            ``continue``) before the repeats are looked for.

    Returns:
        One option dict per combination, the first item's values varying slowest.

    Raises:
        ConfigError: for an item not of the form NAME=VALUES, an empty or repeated value, an
            option varied twice, an option both fixed with ``-o`` and varied, or (with ``game``)
            a value that is none of an option's choices.
    """
    variants: list[dict[str, Any]] = [{}]
    seen: set[str] = set()
    for item in items:
        key, eq, values = item.partition("=")
        key = key.strip()
        if not eq or not key or not values.strip():
            raise ConfigError(
                Sentence(
                    N_(
                        "--vary {item} is not of the form name=value1,value2 (or name=value1|value2 for values "
                        "with commas)"
                    ),
                    item=repr(item),
                )
            )
        choices = [v.strip() for v in values.split("|" if "|" in values else ",")]
        if not all(choices):
            raise ConfigError(Sentence(N_("--vary {item} has an empty value"), item=repr(item)))
        if game is not None:
            choices = [_typed_options(game, {key: c})[key] for c in choices]
        repeated = [c for c in dict.fromkeys(choices) if choices.count(c) > 1]
        if repeated:
            raise ConfigError(
                Sentence(N_("--vary {item} gives the value {value} twice"), item=repr(item), value=repr(repeated[0]))
            )
        if key in seen:
            raise ConfigError(
                Sentence(N_("--vary names the option {name} twice; give all its values in one --vary"), name=key)
            )
        if fixed is not None and key in fixed:
            raise ConfigError(
                Sentence(
                    N_("the option {name} is both fixed with -o and varied with --vary; give it one way"), name=key
                )
            )
        seen.add(key)
        variants = [{**v, key: c} for v in variants for c in choices]
    return variants if items else []


def _check_outputs(out: Path | None, report: Path | None) -> None:
    """Refuse ``--out`` and ``--report`` paths that could not be written, before any game.

    Args:
        out: the per-game results file (must end in .json or .csv, in an existing folder).
        report: the report folder (an existing folder, or one that can be made). Its nearest
            existing folder is probed with a real new file (``os.access`` says yes to root for any
            folder, ``/proc`` included).

    Raises:
        ConfigError: naming the path and what is wrong with it.
    """
    if out is not None:
        if out.suffix.lower() not in (".json", ".csv"):
            raise ConfigError(Sentence(N_("--out {path}: give a file name ending in .json or .csv"), path=str(out)))
        _check_writable(out, "--out", json_or_csv=True)
    if report is not None:
        if report.exists() and not report.is_dir():
            raise ConfigError(Sentence(N_("--report {path} is a file; give a folder for the report"), path=str(report)))
        existing = report
        while not existing.exists() and existing != existing.parent:
            existing = existing.parent
        if not existing.is_dir():
            raise ConfigError(
                Sentence(
                    N_("--report {path}: {existing} is a file, so the folder cannot be made"),
                    path=str(report),
                    existing=str(existing),
                )
            )
        try:
            _probe_new_file(existing)
        except OSError as err:
            raise _refusal(
                N_("--report {path}: cannot write in {folder}: {reason}"), err, path=str(report), folder=str(existing)
            ) from None


def _print_facet(facet: FacetTable, game: str) -> None:
    """One facet's table (netjer.sim.facets) on the console, its name and labels told in the
    reader's language where they are catalogue words (a god, "turn position", "1st"; an option's
    name and values given with --vary stay as typed)."""

    def cell(score: Score) -> str:
        return _interval_text(score.score, score.interval)

    name = term_words(facet.name, game)
    if facet.per_game:
        agent_names = list(dict.fromkeys(name for row in facet.rows for name in row.agents))
        table = Table(title=_("By {facet} (shared by the seats of a game)").format(facet=name), title_justify="left")
        table.add_column(name, overflow="fold")  # a long label (a Guardian draw) folded, never cut
        for col in (_("games"), _("no winner"), _("length"), _("first player [95% CI]"), *agent_names):
            table.add_column(col)
        for row in facet.rows:
            table.add_row(
                term_words(row.label, game),
                format_number(row.games),
                format_decimal(row.no_winner, 3),
                format_decimal(row.mean_length, 0),
                cell(row.first_player),
                *(cell(row.agents[a]) if a in row.agents else "" for a in agent_names),
            )
    else:
        table = Table(title=_("By {facet}").format(facet=name), title_justify="left")
        table.add_column(name, overflow="fold")
        for col in (_("seats"), _("W/D/L"), _("score [95% CI]")):
            table.add_column(col)
        for row in facet.rows:
            sc = row.score
            table.add_row(
                term_words(row.label, game), format_number(row.seats), f"{sc.wins}/{sc.draws}/{sc.losses}", cell(sc)
            )
    console.print(table)


def _interval_text(value: float, interval: tuple[float, float], digits: int = 3) -> str:
    """``"0.500 [0.095, 0.905]"``: a score and its 95% interval in the reader's number format."""
    low, high = (format_decimal(v, digits) for v in interval)
    return f"{format_decimal(value, digits)} [{low}, {high}]"


@app.command(cls=_Command)
def serve(
    host: Annotated[str, typer.Option(help=N_("Interface to listen on."))] = "127.0.0.1",
    port: Annotated[int, typer.Option(help=N_("TCP port."))] = 8000,
    db: Annotated[
        str,
        typer.Option(
            help=N_(
                "The database: a SQLAlchemy URL (sqlite:///FILE, postgresql+psycopg://user@host/db) or a "
                "SQLite file's path."
            )
        ),
    ] = "sqlite:///netjer.db",
    ai_workers: Annotated[
        int | None,
        typer.Option(
            help=N_("Worker processes shared in turn by every table's computer players (default: the cores).")
        ),
    ] = None,
    max_ai_seconds: Annotated[
        float, typer.Option(help=N_("Most thinking time per move a table may give a computer player."))
    ] = 10.0,
    max_ai_iterations: Annotated[
        int, typer.Option(help=N_("Most search iterations per move a table may give a computer player."))
    ] = 30_000,
    create_rate: Annotated[
        str,
        typer.Option(
            help=N_("Tables one client address may create, e.g. '10/min' (a minute's worth at once); 0/min: none.")
        ),
    ] = "10/min",
    chat_rate: Annotated[
        str,
        typer.Option(
            help=N_("Chat messages a seat (or a spectator's connection) may send, e.g. '20/min'; 0/min: none.")
        ),
    ] = "20/min",
    notices_rate: Annotated[
        str,
        typer.Option(
            help=N_(
                "Requests for turn notices one client address may make, e.g. '60/min' (every open page asks "
                "every 15 s); 0/min: none."
            )
        ),
    ] = "60/min",
    log_level: Annotated[
        str, typer.Option(help=N_("Level of the JSON-lines log on stderr: debug, info, warning, error."))
    ] = "info",
    lease_seconds: Annotated[
        float,
        typer.Option(
            help=N_(
                "PostgreSQL with several processes: seconds after which another process takes over the "
                "computer players of one that died."
            )
        ),
    ] = 10.0,
    ws_deflate: Annotated[
        bool,
        typer.Option(
            help=N_(
                "Compress WebSocket messages when the browser offers it (permessage-deflate): views shrink "
                "about tenfold; --no-ws-deflate saves the server about a sixth of its CPU per move (docs/deploy.md)."
            )
        ),
    ] = True,
    secure_cookies: Annotated[
        bool,
        typer.Option(
            help=N_(
                "Mark the sign-in cookies Secure on every answer (behind a proxy that ends TLS without sending "
                "X-Forwarded-Proto); by default they are Secure on HTTPS requests (docs/deploy.md)."
            )
        ),
    ] = False,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            help=N_(
                "Addresses or networks of the reverse proxies whose X-Forwarded-For is believed (comma-separated; "
                "'' none, '*' any). Default: loopback only, a proxy on this machine (docs/deploy.md)."
            )
        ),
    ] = None,
    passkey_rp_id: Annotated[
        str,
        typer.Option(
            help=N_(
                "The passkeys' relying party id: the site's domain as players' browsers see it (never an IP "
                "address); passkeys registered under one id work only under it (docs/deploy.md)."
            )
        ),
    ] = "localhost",
    passkey_origin: Annotated[
        list[str] | None,
        typer.Option(
            help=N_(
                "An origin the site's pages are served from, e.g. https://games.example.org (repeatable). "
                "Default: https://<rp id>; for localhost, the page's own origin on any port."
            )
        ),
    ] = None,
    lang: LangOption = None,
) -> None:
    """Serve the web table: lobby, games in the browser, computer players, saved tables.

    SQLite serves one process; several processes share one PostgreSQL (docs/deploy.md).
    """
    import logging  # noqa: PLC0415
    import os  # noqa: PLC0415

    import uvicorn  # noqa: PLC0415 - only the server needs it
    from sqlalchemy.engine import make_url  # noqa: PLC0415
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError  # noqa: PLC0415

    from netjer.server.accounts.passkeys import PasskeyConfig, check_origin, check_rp_id  # noqa: PLC0415
    from netjer.server.app import create_app  # noqa: PLC0415
    from netjer.server.db import AlreadyServed, database_url, single_process_lock  # noqa: PLC0415
    from netjer.server.limits import RateLimiter, parse_rate, trusted_proxies  # noqa: PLC0415
    from netjer.server.logs import configure_json_logging, remove_json_logging  # noqa: PLC0415

    _set_language(lang)
    if not 0 < port < 65536:
        raise _fail(_("--port must be 1 to 65535, got {value}").format(value=port))
    workers = ai_workers if ai_workers is not None else (os.cpu_count() or 1)
    if workers < 0:
        raise _fail(_("--ai-workers must be 0 or more"))
    if not max_ai_seconds > 0:
        raise _fail(_("--max-ai-seconds must be positive, got {value}").format(value=max_ai_seconds))
    if max_ai_iterations <= 0:
        raise _fail(_("--max-ai-iterations must be positive, got {value}").format(value=max_ai_iterations))
    try:
        per_minute = parse_rate(create_rate)
    except ValueError as err:
        raise _fail(f"--create-rate: {err}") from None
    try:
        chat_per_minute = parse_rate(chat_rate)
    except ValueError as err:
        raise _fail(f"--chat-rate: {err}") from None
    try:
        notices_per_minute = parse_rate(notices_rate)
    except ValueError as err:
        raise _fail(f"--notices-rate: {err}") from None
    level = logging.getLevelName(log_level.upper())
    if not isinstance(level, int):
        raise _fail(_("--log-level must be debug, info, warning or error, got {value}").format(value=repr(log_level)))
    if not lease_seconds > 0:
        raise _fail(_("--lease-seconds must be positive, got {value}").format(value=lease_seconds))
    try:
        proxies = trusted_proxies(forwarded_allow_ips)
    except ValueError as err:
        raise _fail(f"--forwarded-allow-ips: {err}") from None
    try:
        passkeys = PasskeyConfig(check_rp_id(passkey_rp_id), tuple(check_origin(o) for o in passkey_origin or ()))
    except ValueError as err:
        raise _fail(f"--passkey-rp-id or --passkey-origin: {err}") from None
    try:
        db = database_url(db)  # a plain path names a SQLite file
        parsed = make_url(db)
    except (ValueError, ArgumentError):
        raise _fail(_(BAD_DB).format(db=repr(db))) from None
    if parsed.drivername.startswith("sqlite") and parsed.database in (None, "", ":memory:"):
        raise _fail(
            _(
                "--db {db} is an in-memory SQLite database: the server's connections would each see their own "
                "empty one; give a file, e.g. sqlite:///netjer.db"
            ).format(db=repr(db))
        )
    try:
        lock = single_process_lock(db)  # held until this process ends
    except AlreadyServed as err:
        raise _fail(_told(err)) from None
    except Exception:  # a malformed URL: create_app below says so
        lock = None
    handler = configure_json_logging(level=level)
    try:
        try:
            application = create_app(
                db,
                ai_workers=workers,
                max_ai_seconds=max_ai_seconds,
                max_ai_iterations=max_ai_iterations,
                create_limiter=RateLimiter(per_minute) if per_minute > 0 else None,
                lease_seconds=lease_seconds,
                chat_per_minute=chat_per_minute,
                secure_cookies=secure_cookies,
                passkeys=passkeys,
                notices_limiter=RateLimiter(notices_per_minute) if notices_per_minute > 0 else None,
            )
        except NoSuchModuleError:  # e.g. postgres://: not a dialect SQLAlchemy knows
            raise _fail(
                _(
                    "cannot use the database {db}: unknown kind of database; give sqlite:///FILE or "
                    "postgresql+psycopg://user@host/db (docs/deploy.md)"
                ).format(db=repr(db))
            ) from None
        except Exception as err:  # a bad URL or an unreachable database
            reason = str(err).split("\n(Background on this error", 1)[0]
            raise _fail(_("cannot use the database {db}: {reason}").format(db=repr(db), reason=reason)) from None
        shown = "localhost" if host in ("127.0.0.1", "::1") else host
        database = parsed.render_as_string(hide_password=True)
        logging.getLogger("netjer.server").info(
            "Netjer web table: http://%s:%d/ (Ctrl-C stops)",
            shown,
            port,
            extra={"event": "serving", "url": f"http://{shown}:{port}/", "database": database, "proxies": proxies},
        )
        # log_config=None: uvicorn installs no plain handlers of its own, its records go to the
        # JSON log above; ws_max_size: clients send only small messages; ws_per_message_deflate:
        # --ws-deflate; timeout_graceful_shutdown: open WebSockets (browsers keep them) must not
        # keep a stopping server alive; forwarded_allow_ips: whose X-Forwarded-For to believe.
        uvicorn.run(
            application,
            host=host,
            port=port,
            log_level="warning",
            log_config=None,
            ws_max_size=1_000_000,
            ws_per_message_deflate=ws_deflate,
            timeout_graceful_shutdown=5,
            proxy_headers=bool(proxies),
            forwarded_allow_ips=proxies or None,
        )
        if lock is not None:
            lock.close()
    finally:  # the server stopped, or could not start: the process's logging as it was
        remove_json_logging(handler)


#: The placeholder that counts each mark (:data:`netjer.agents.review.THRESHOLDS`) in a seat's
#: summary line of ``netjer review``.
_MARK_COUNTS = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}


def _review_table(title: str, decisions: Sequence[ReviewedDecision], seat_names: Sequence[str]) -> Table:
    """``netjer review``'s table of the marked ``decisions`` (in the order given) under ``title``,
    ``seat_names`` indexed by seat, in the reader's language.  A decision's number is the
    replay's (`netjer replay` numbers every entry, undos included).  Every column folds: on a
    narrow terminal a long word ("Zugnummer", a German header) goes on over two lines instead of
    being cut short with "…"."""
    table = Table(title=title, title_justify="left")
    for col in (
        _("move number"),
        _("seat"),
        _("played"),
        _("before"),
        _("after"),
        _("loss"),
        _("mark"),
        _("search preferred"),
    ):
        table.add_column(col, overflow="fold")
    for d in decisions:
        who = seat_names[d.seat]
        table.add_row(
            str(d.number),
            _("{seat} (computer standing in)").format(seat=who) if d.standin else who,
            d.description,
            format_decimal(d.before, 2),
            format_decimal(d.after, 2),
            format_decimal(d.loss, 2, signed=True),
            _(d.mark) if d.mark else "",
            d.preferred_description,
        )
    return table


@app.command(cls=_Command)
def review(
    path: Annotated[Path, typer.Argument(metavar=N_("path"), help=N_("A finished game's record file."))],
    seat: Annotated[int | None, typer.Option(help=N_("Review only this seat (default: every seat)."))] = None,
    iterations: Annotated[
        int, typer.Option(help=N_("Search iterations per position (the budget: the same on every machine)."))
    ] = 200,
    seed: Annotated[
        int, typer.Option(parser=_seed_value, metavar="<int>", help=N_("Seed of the review's searches."))
    ] = 0,
    depth: Annotated[
        int | None,
        typer.Option(help=N_("Cut playouts after N actions, scored by the game's heuristic evaluation (Ankh, Nile).")),
    ] = None,
    png: Annotated[Path | None, typer.Option(help=N_("Write the graph of the estimates here (PNG)."))] = None,
    json_out: Annotated[Path | None, typer.Option("--json", help=N_("Write the whole review here (JSON)."))] = None,
    lang: LangOption = None,
) -> None:
    """Review a finished game: each decision's estimated chance to win before and after it,
    from the seat's own view, with the search's preferred action and marked mistakes.

    See docs/review.md for what the estimate is, the marks' thresholds and the opponent model.
    """
    from netjer.agents.review import THRESHOLDS, count_decisions, plot_review, review_record  # noqa: PLC0415

    _set_language(lang)
    try:
        if iterations <= 0:
            raise ConfigError(Sentence(N_("--iterations must be positive, got {value}"), value=iterations))
        if depth is not None and depth <= 0:
            raise ConfigError(Sentence(N_("--depth must be positive, got {value}"), value=depth))
        for out, flag in ((png, "--png"), (json_out, "--json")):
            if out is not None:
                if out.exists() and path.exists() and out.samefile(path):  # the record would be lost
                    raise ConfigError(
                        Sentence(
                            N_("{flag} {path} is the record being reviewed; give another file"),
                            flag=flag,
                            path=str(out),
                        )
                    )
                _check_writable(out, flag)
        if png is not None and json_out is not None and png.resolve() == json_out.resolve():
            raise ConfigError(Sentence(N_("--png and --json are the same file ({path}); give two"), path=str(png)))
        record, text = _load(path, hint=False)
        g, final = _replayed(path, record, text, hint=False)
        if not final.is_terminal:
            raise ConfigError(
                Sentence(
                    *Nn_(
                        "{path}: the game is not finished ({n} action); only a finished game is reviewed",
                        "{path}: the game is not finished ({n} actions); only a finished game is reviewed",
                    ),
                    path=str(path),
                    n=len(record.actions),
                )
            )
        if seat is not None and not 0 <= seat < g.num_players:
            raise ConfigError(Sentence(N_("--seat must be 0 to {last}"), last=g.num_players - 1))
        seats = None if seat is None else [seat]
        with _progress_bar() as bar:
            job = bar.add_task(
                _("Reviewing {title}").format(title=g.shown_title()), total=count_decisions(record, g, seats)
            )
            result = review_record(
                record,
                g,
                seats=seats,
                iterations=iterations,
                seed=seed,
                depth=depth,
                progress=lambda done, _: bar.update(job, completed=done),
            )
    except NetjerError as err:
        raise _fail(_told(err)) from None
    except KeyboardInterrupt:  # Ctrl-C: said in words (it exited 130 without one)
        written = [str(out) for out in (json_out, png) if out is not None]
        if written:
            message = _(
                "interrupted: the review was stopped before it was finished; nothing was written ({files})"
            ).format(files=i18n.join_list(written))
        else:
            message = _("interrupted: the review was stopped before it was finished")
        err_console.print(Text(message), highlight=False, soft_wrap=True)
        raise typer.Exit(code=130) from None
    limits = i18n.join_list(
        _("{mark} ≥ {loss}").format(mark=_(name), loss=format_decimal(limit, 2)) for name, limit in THRESHOLDS.items()
    )
    title = ngettext(
        "{title}, seed {seed}: marked decisions ({limits}; {n} iteration, seed {review_seed})",
        "{title}, seed {seed}: marked decisions ({limits}; {n} iterations, seed {review_seed})",
        iterations,
    )
    seat_names = [seat_words(g, s) for s in range(g.num_players)]
    # The seat's own marked decisions, then those the computer took standing in for it
    # (the record's ``standins``: its time ran out at the web table), shown apart.
    shown = sorted(result.marked() + result.marked(standin=True), key=lambda d: (d.ply, d.seat))
    table = _review_table(
        title.format(title=g.shown_title(), seed=record.seed, limits=limits, n=iterations, review_seed=seed),
        shown,
        seat_names,
    )
    console.print(table if shown else Text(_("No decision marked.")))
    for d in shown:  # each mark in a sentence: what the search preferred, the chances before and after
        console.print(Text(d.sentence(seat_names[d.seat])))
    for s in result.seats:
        mine = [d for d in result.of_seat(s) if not d.standin]
        counts = {key: sum(d.mark == m for d in mine) for m, key in _MARK_COUNTS.items()}
        stood = len(result.of_seat(s)) - len(mine)
        values = {
            "seat": seat_names[s],
            "n": len(mine),
            "standin": stood,
            "result": format_decimal(result.result[s], 2),
        }
        if stood:
            line = ngettext(
                "{seat}: {n} decision (and {standin} taken by the computer standing in, not counted), "
                "{inaccuracies} inaccuracy, {mistakes} mistake, {blunders} blunder; result {result} (win 1, draw 0.5)",
                "{seat}: {n} decisions (and {standin} taken by the computer standing in, not counted), "
                "{inaccuracies} inaccuracy, {mistakes} mistake, {blunders} blunder; result {result} (win 1, draw 0.5)",
                len(mine),
            )
        else:
            line = ngettext(
                "{seat}: {n} decision, {inaccuracies} inaccuracy, {mistakes} mistake, {blunders} blunder; "
                "result {result} (win 1, draw 0.5)",
                "{seat}: {n} decisions, {inaccuracies} inaccuracy, {mistakes} mistake, {blunders} blunder; "
                "result {result} (win 1, draw 0.5)",
                len(mine),
            )
        console.print(Text(line.format(**values, **counts)))
    try:
        if json_out is not None:
            json_out.write_text(json.dumps(result.to_dict(), indent=2) + "\n", encoding="utf-8")
            console.print(Text(_("Review written to {path}.").format(path=json_out)))
        if png is not None:
            plot_review(
                result,
                str(png),
                title=_("{title}, seed {seed}: estimated chance to win").format(
                    title=g.shown_title(), seed=record.seed
                ),
                seat_names=seat_names,
            )
            console.print(Text(_("Graph written to {path}.").format(path=png)))
    except OSError as err:
        raise _fail(_("cannot write: {reason}").format(reason=err)) from None


def _levels_table(name: str, players: int) -> Table:
    """``netjer levels``' table of game ``name`` at ``players`` players: each level's title in the
    reader's language with its name as typed (``level_words``), its specification as typed, its
    rating and its descriptions.  Every column folds: on a narrow terminal a long word
    ("Gelegenheitsspieler", "Informationsmengen") goes on over two lines instead of being cut
    short with "…", and a specification is never cut."""
    title = ngettext("{title}, {n} player", "{title}, {n} players", players)
    table = Table(title=title.format(title=game_class(name).shown_title(), n=players), title_justify="left")
    for col in (
        _("level"),
        _("agent"),
        _("Elo [95% CI]"),
        _("seats rated"),
        _("plays"),
        _("what it is like to play against"),
    ):
        table.add_column(col, overflow="fold")
    for level in levels_for(name, players):
        rating = RATINGS.get((name, players, level.name))
        elo = shown_text(shown_rating(name, players, level.name))
        seats = format_number(rating.games) if rating else ""
        table.add_row(level_words(level.name), level.spec, elo, seats, _(level.description), _(level.plain))
    return table


@app.command(cls=_Command)
def levels(
    game: Annotated[
        str | None,
        typer.Argument(
            metavar=N_("game"), help=filled(N_("The game: {games} (default: all)."), games=i18n.join_list(game_names()))
        ),
    ] = None,
    lang: LangOption = None,
) -> None:
    """List the computer levels of each game and player count: the agent each plays and its
    measured Elo (the heuristic player: 0) with its 95% interval, or a bound ("at least +7")
    where a pairing was won or lost in every rating game (docs/levels.md).

    A level's name goes wherever an agent does: `netjer play aton --vs strong`,
    `netjer simulate nile --agents strongest,casual`, a computer seat in the web lobby.
    """
    from netjer.agents.levels import LEVELS  # noqa: PLC0415

    _set_language(lang)
    if game is not None:
        try:
            _known_game(game)
        except ConfigError as err:
            raise _fail(_told(err)) from None
    for name, players in sorted(k for k in LEVELS if game is None or k[0] == game):
        table = _levels_table(name, players)
        # Piped (no terminal to fit): as wide as the table needs, each specification on one line.
        width = console.width
        if not console.is_terminal:
            console.width = max(width, Measurement.get(console, console.options.update_width(1000), table).maximum)
        console.print(table)
        console.width = width


#: The kinds of an option's value that ``netjer games`` names in words (JSON Schema's types).
_VALUE_KINDS = {
    "string": N_("text"),
    "integer": N_("whole number"),
    "boolean": N_("true or false"),
    "array": N_("list"),
    "number": N_("number"),
}


@app.command(cls=_Command)
def games(lang: LangOption = None) -> None:
    """List the games and their options (pass them to `netjer play` with -o NAME=VALUE)."""
    _set_language(lang)
    for name in game_names():
        cls = game_class(name)
        schema = cls.option_schema()
        table = Table(title=f"{cls.shown_title()} ({name})", title_justify="left", show_lines=False)
        # On a narrow terminal nothing is cut short ("forbidde…"): a default, a list of values
        # (wrapped between values) or a long word of the meaning folds onto the next line.
        table.add_column(_("option"), style="bold", no_wrap=True)
        table.add_column(_("default"), overflow="fold")
        table.add_column(_("values"), overflow="fold")
        table.add_column(_("meaning"), overflow="fold")
        # The options' names, defaults and values are typed as shown (-o NAME=VALUE), each value
        # with its name in the reader's language (typed too: `_typed_options`); the value's kind
        # and the meaning (a message of the game's catalogue) are told in words.
        for opt, prop in schema.get("properties", {}).items():
            values = prop.get("enum") or prop.get("type", "")
            kind = _(_VALUE_KINDS[str(values)]) if str(values) in _VALUE_KINDS else str(values)
            table.add_row(
                opt,
                json.dumps(prop.get("default")),
                " | ".join(value_words(v, name, prop.get("x-titles")) for v in values)
                if isinstance(values, list)
                else kind,
                term_words(prop.get("description", ""), name),
            )
        console.print(table)


i18n_app = typer.Typer(
    cls=_Commands,
    name="i18n",
    help=N_("The translations: how complete each language is (docs/i18n.md)."),
    no_args_is_help=True,
)
app.add_typer(i18n_app)


@i18n_app.callback()
def _i18n_language(lang: LangOption = None) -> None:
    """``netjer i18n --lang de ...``: the group takes the option as every command does."""
    _set_language(lang)


@i18n_app.command("status", cls=_Command)
def i18n_status(lang: LangOption = None) -> None:
    """Print, per language and catalogue (common, nile, aton, ankh), how many messages are
    translated (netjer.i18n.completeness); an untranslated message is shown in English."""
    from netjer.i18n import completeness, language_name  # noqa: PLC0415

    _set_language(lang)
    table = Table(title=_("Translations"), title_justify="left")
    table.add_column(_("language"))
    table.add_column(_("catalogue"))
    for col in (_("translated"), _("messages"), "%"):
        table.add_column(col, justify="right")
    for c in completeness():
        share = 100 * c.translated // c.total if c.total else 100
        name = f"{c.language} ({language_name(c.language)})"
        table.add_row(name, c.domain, str(c.translated), str(c.total), str(share))
    console.print(table)


@app.command(cls=_Command)
def version(lang: LangOption = None) -> None:
    """Print Netjer's version and which engine runs (Python, or compiled by mypyc)."""
    _set_language(lang)
    console.print(_version_line(), highlight=False)


app.command(cls=_Command)(learn)  # `netjer learn LESSON`: the guided first games (cli/learn.py)
app.command(cls=_Command)(audit)  # `netjer audit TABLE`: who did what at a table (cli/operator.py)
app.command(cls=_Command)(reports)  # `netjer reports`: the chat lines reported (cli/operator.py)


def main() -> None:
    """Console-script entry point."""
    app()


if __name__ == "__main__":
    main()
