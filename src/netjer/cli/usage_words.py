"""The command line's own words in the reader's language (issue 32): the help's headings and
usage line, the help option's help, and the usage errors that Typer and the Click it bundles
(``typer._click``) write in English.

Typer's Click has no gettext: its words are English literals, so they are told here, at the
three places Typer lets an application in:

* the headings of the Rich help and of a usage error are :mod:`typer.rich_utils`'s module
  constants (``OPTIONS_PANEL_TITLE``, ``RICH_HELP``...), read each time a help or an error is
  drawn: :func:`tell_headings` sets them in the reader's language (their English values again
  in English);
* the help of a command and of its options, and the usage line, are drawn from the command
  objects: :class:`InLanguage` (mixed into Netjer's command classes, ``cli/main.py``) tells
  them as it draws them;
* the names of a command's arguments (``{game}``) and the kinds of its options' values
  (``<int>``) are its parameters' metavars: :func:`tell_param` tells them when the command
  reads its parameters, so that the help, the usage line and a usage error name them alike;
* a usage error (an unknown option, a missing argument, a value of the wrong type) is a
  :class:`~typer._click.exceptions.UsageError` subclass whose attributes say what was wrong:
  :func:`told_usage_error` makes the same error with its sentence told from those attributes
  (a catalogue message with named placeholders), which Typer then draws as it would have.

English output is left exactly as the library writes it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from pydantic import ValidationError
from typer import rich_utils
from typer._click.exceptions import (
    BadOptionUsage,
    BadParameter,
    MissingParameter,
    NoSuchOption,
    UsageError,
)

from netjer import i18n
from netjer.core.validation_messages import problem_sentence
from netjer.i18n import N_, _
from netjer.i18n_sentences import Sentence

#: The help option's help, as the library writes it (a catalogue message of ours).
HELP_OPTION = N_("Show this message and exit.")
#: The usage line's first word.
USAGE = N_("Usage:")
#: The usage line's words for a command's options and a group's command, as the library writes them.
OPTIONS_METAVAR = N_("[OPTIONS]")
COMMAND_METAVAR = N_("COMMAND [ARGS]...")
#: How a usage error says where to read more: ``{command}`` is ``'netjer play --help'``.
TRY_HELP = N_("Try {command} for help.")
#: A default shown after an option's help: ``[default: 100]``.
DEFAULT = N_("[default: {value}]")
#: A required argument's mark after its help.
REQUIRED = N_("[required]")

#: :mod:`typer.rich_utils`'s headings: constant name → catalogue message.
HEADINGS = {
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"),
    "OPTIONS_PANEL_TITLE": N_("Options"),
    "COMMANDS_PANEL_TITLE": N_("Commands"),
    "ERRORS_PANEL_TITLE": N_("Error"),
    "ABORTED_TEXT": N_("Aborted."),
}
#: The constants' English values as Typer sets them (restored for an English reader).
_ENGLISH = {
    name: getattr(rich_utils, name) for name in (*HEADINGS, "RICH_HELP", "DEFAULT_STRING", "REQUIRED_LONG_STRING")
}

#: Click's usage errors that are plain text (no attributes): the English as Click writes it,
#: read back by :func:`_read_back` and told again.
USAGE_MESSAGES = (
    N_("Got unexpected extra argument(s) ({arguments})"),
    N_("Missing command."),
    N_("Option {option} requires an argument."),
    N_("Option {option} does not take a value."),
    N_("No such option: {option}"),
    N_("Value must be an iterable."),
)
NO_SUCH_OPTION = N_("No such option: {option}")
POSSIBLE_OPTIONS = N_("(Possible options: {options})")
MISSING = {
    "argument": N_("Missing argument {name}."),
    "option": N_("Missing option {name}."),
    "parameter": N_("Missing parameter {name}."),
}
INVALID_VALUE = N_("Invalid value for {option}: {reason}")

#: The kinds of values the library shows after an option (``--seed <int>``), as it writes them →
#: the catalogue message said between the brackets (the words ``netjer games`` uses for an
#: option's value); a kind not listed is shown as the library writes it.
TYPE_WORDS = {
    "str": N_("text"),
    "int": N_("integer"),
    "int range": N_("integer"),  # the range follows it: ``<entero> [x>=1]``
    "float": N_("number"),
    "bool": N_("true or false"),
    "path": N_("path"),
    "list[str]": N_("list"),
}


def tell_headings() -> None:
    """Set :mod:`typer.rich_utils`'s headings and fixed phrases in the process's language
    (:func:`netjer.i18n.get_language`); in English, Typer's own values."""
    if i18n.get_language() == i18n.DEFAULT_LANGUAGE:
        for name, value in _ENGLISH.items():
            setattr(rich_utils, name, value)
        return
    for name, message in HEADINGS.items():
        setattr(rich_utils, name, _(message))
    # Typer fills these with str.format: its own placeholders, Rich markup kept around the command.
    rich_utils.RICH_HELP = _(TRY_HELP).replace("{command}", "[blue]'{command_path} {help_option}'[/]")
    rich_utils.DEFAULT_STRING = _(DEFAULT).replace("{value}", "{}")
    rich_utils.REQUIRED_LONG_STRING = _(REQUIRED)


class InLanguage:
    """Mixed into a Typer command or group class: its help, its options' help, the help
    option's and the usage line are drawn in the process's language (each text a catalogue
    message: the English given to Typer is the message id; a text no catalogue has stays as it is)."""

    help: str | None
    short_help: str | None
    params: list[Any]

    def get_help_option(self, ctx: Any) -> Any:
        """The library's help option, its help in the reader's language."""
        option = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None and option.help == HELP_OPTION:
            option.help = _(HELP_OPTION)
        return option

    def get_params(self, ctx: Any) -> list[Any]:
        """The command's parameters (the help option last), each told by :func:`tell_param`:
        every reader of them (the parser's errors, the usage line, the help) names them alike."""
        params: list[Any] = super().get_params(ctx)  # type: ignore[misc]
        for param in params:
            tell_param(param, ctx)
        return params

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        """The usage line (``Usage: netjer play [OPTIONS] [GAME]``), its words told (the
        arguments' names are notation)."""
        for attribute, english in (("options_metavar", OPTIONS_METAVAR), ("subcommand_metavar", COMMAND_METAVAR)):
            if getattr(self, attribute, None) == english:
                setattr(self, attribute, _(english))
        pieces = self.collect_usage_pieces(ctx)  # type: ignore[attr-defined]
        formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=_(USAGE) + " ")

    def format_help(self, ctx: Any, formatter: Any) -> None:
        """Tell this command's help, its options' and its commands' (a group lists their first
        lines), then draw the help as Typer does."""
        tell_help(self)
        for command in getattr(self, "commands", {}).values():
            tell_help(command, params=False)
        super().format_help(ctx, formatter)  # type: ignore[misc]


def tell_help(command: Any, *, params: bool = True) -> None:
    """Tell ``command``'s help and short help (and, with ``params``, each parameter's help) in
    the process's language, in place; a command object is made anew for each run of ``netjer``
    (``typer.main.get_command``), so its English is not needed again."""
    for attribute in ("help", "short_help"):
        text = getattr(command, attribute, None)
        if text:
            setattr(command, attribute, _told(text))
    for param in command.params if params else ():
        if getattr(param, "help", None):
            param.help = _told(param.help)


def tell_param(param: Any, ctx: Any) -> None:
    """Tell a parameter's metavar in the process's language, in place, once: an argument's name
    (declared ``metavar=N_("game")``: ``{juego}`` in the usage line, the Arguments panel and
    ``Falta el argumento 'juego'``) and the kind of value an option takes (``<entero>``, from
    :data:`TYPE_WORDS`). A flag takes no value: in every language it is shown without a kind, as
    Netjer's own flags are (``metavar=""``), not as ``<bool>`` (the help option, ``--version``,
    ``--ws-deflate/--no-ws-deflate``).

    Click shows an option's metavar in place of its kind, but an argument's metavar in place of
    its name, its kind still drawn by :meth:`display_type_rich`: that method is replaced on the
    argument (the command's parameters are made anew for each run of ``netjer``)."""
    if getattr(param, "_netjer_told", False):
        return
    param._netjer_told = True
    if getattr(param, "is_flag", False) and param.metavar is None:
        param.metavar = ""
    if i18n.get_language() == i18n.DEFAULT_LANGUAGE:
        return
    if getattr(param, "is_flag", False) and getattr(param, "secondary_opts", None):
        # An on/off pair's default is the name of the flag that is off ("no-step"), an English
        # option name in a translated bracket: the help text says what the flag does.
        param.show_default = False
    shown = param.display_type_rich(ctx)
    kind = TYPE_WORDS.get(shown[1:-1]) if shown and shown.startswith("<") and shown.endswith(">") else None
    told_kind = f"<{_(kind)}>" if kind is not None else None
    if param.param_type_name == "argument":
        if param.metavar:
            param.metavar = _(param.metavar)
        if told_kind is not None:
            param.display_type_rich = lambda ctx: told_kind
    elif told_kind is not None:
        param.metavar = told_kind


#: The help texts made of a message and values known when a command is defined, by their English.
_FILLED: dict[str, Sentence] = {}


def filled(message: str, **params: int | str) -> str:
    """A help text made of the catalogue message ``message`` and ``params`` known when the command
    is defined (the games, the languages): its English, remembered so that it is told whole, in
    the reader's language, when the help is drawn (Typer keeps only the text)."""
    made = Sentence(message, **params)
    _FILLED[str(made)] = made
    return str(made)


def _told(text: str) -> str:
    """A help text in the process's language: one made by :func:`filled` told whole, any other
    text as a message id (a text no catalogue has stays as it is)."""
    made = _FILLED.get(text)
    return made.told(i18n.get_language()) if made is not None else _(text)


def _read_back(text: str, templates: Iterable[str]) -> tuple[str, dict[str, str]] | None:
    """The first of ``templates`` (English messages) that ``text`` is, with its placeholders'
    values (each any non-empty text), or ``None``."""
    for template in templates:
        pattern = "".join(
            f"(?P<{part[1:-1]}>.+)" if re.fullmatch(r"\{\w+\}", part) else re.escape(part)
            for part in re.split(r"(\{\w+\})", template)
            if part
        )
        found = re.fullmatch(pattern, text, flags=re.DOTALL)
        if found:
            return template, found.groupdict()
    return None


def _hint(hint: Sequence[str] | str | None) -> str | None:
    """The parameter's name(s) as Click quotes them in an error (``'--games' / '-n'``)."""
    if hint is not None and not isinstance(hint, str):
        return " / ".join(repr(x) for x in hint)
    return hint


def _param_hint(err: BadParameter) -> str | None:
    if err.param_hint is not None:
        return _hint(err.param_hint)
    return _hint(err.param.get_error_hint()) if err.param is not None else None


def _told_message(err: UsageError) -> str | None:
    """``err``'s message in the process's language, or ``None`` for a message not known here
    (then shown as the library wrote it)."""
    if isinstance(err, MissingParameter):
        kind = err.param_type or (err.param.param_type_name if err.param is not None else "parameter")
        name = _param_hint(err) or ""
        extra = err.param.get_missing_message(ctx=err.ctx) if err.param is not None else ""
        if err.message or extra or kind not in MISSING:
            return None  # a choice's list or a message of a callback: kept as written
        return _(MISSING[kind]).format(name=name)
    if isinstance(err, BadParameter):
        hint = _param_hint(err)
        cause = err.__cause__
        if isinstance(cause, ValidationError) and cause.errors() and hint:
            # Typer converts a value with Pydantic: its error's type is one of our messages.
            return problem_sentence(cause.errors()[0], field=hint).told(i18n.get_language())
        reason = err.message
        known = _read_back(reason, USAGE_MESSAGES)
        if known is not None:
            reason = _(known[0]).format(**known[1])
        return _(INVALID_VALUE).format(option=hint, reason=reason) if hint else None
    if isinstance(err, NoSuchOption):
        told = _(NO_SUCH_OPTION).format(option=err.option_name)
        if err.possibilities:
            told += " " + _(POSSIBLE_OPTIONS).format(options=i18n.join_list(sorted(err.possibilities)))
        return told
    known = _read_back(err.message, USAGE_MESSAGES)
    if known is None:
        return None
    return _(known[0]).format(**known[1])


def told_usage_error(err: UsageError) -> UsageError:
    """``err`` with its sentence in the process's language: the same error when the language is
    English or the message is not one Netjer knows, else a plain :class:`UsageError` (same
    context and exit status) holding the told sentence, which Typer draws as it draws ``err``."""
    if i18n.get_language() == i18n.DEFAULT_LANGUAGE:
        return err
    told = _told_message(err)
    if told is None:
        return err
    made = (
        BadOptionUsage(err.option_name, told, err.ctx) if isinstance(err, BadOptionUsage) else UsageError(told, err.ctx)
    )
    made.exit_code = err.exit_code
    return made
