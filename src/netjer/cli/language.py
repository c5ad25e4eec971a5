"""The terminal's ``--lang`` option, taken by every command (``netjer --lang es``,
``netjer play --lang es``, ``netjer simulate ... --lang de``): the language of every text shown
(:mod:`netjer.i18n`; default ``$NETJER_LANG``, else English).

The language is chosen before the command line is parsed (:func:`start_language`, called by
``netjer``'s command group for each run), so that the help and the library's usage errors are
drawn in it too: ``netjer simulate --help --lang es`` draws the help before the option itself
would be read."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from typing import Annotated

import typer

from netjer import i18n
from netjer.cli.usage_words import filled
from netjer.core.errors import ConfigError
from netjer.core.game import Game
from netjer.i18n_sentences import Sentence

#: The option's name.
LANG_OPTION = "--lang"
#: The option's help: the languages with catalogues, so that a new one is listed by itself (a
#: message told in the reader's language when the help is drawn: cli/usage_words.py).
LANG_HELP = filled(
    i18n.N_("Language of the texts shown: {languages} (default: $NETJER_LANG, else English)."),
    languages=i18n.join_list(i18n.languages()),
)

#: Every command's ``--lang`` option (read again by :func:`start_language` before parsing).
LangOption = Annotated[str | None, typer.Option(LANG_OPTION, help=LANG_HELP)]


def use_language(lang: str | None) -> None:
    """Make ``lang`` (a language tag: ``es``, ``es-ES``, ``es_ES.UTF-8``'s ``es_ES``) the
    language of every text shown, negotiated among the catalogues' languages
    (:func:`netjer.i18n.negotiate`); ``None`` leaves the language as it is.

    Raises:
        ConfigError: for a language without catalogues (the message lists those there are).
    """
    if lang is None:
        return
    found = i18n.negotiate([lang])
    if found == i18n.DEFAULT_LANGUAGE and lang.lower().replace("_", "-").split("-")[0] != found:
        raise ConfigError(
            Sentence(
                i18n.N_("no translation into {language}; languages: {languages}"),
                language=repr(lang),
                languages=i18n.join_list(i18n.languages()),
            )
        )
    i18n.set_language(found)


def language_in_args(args: Sequence[str]) -> str | None:
    """The value of the last ``--lang`` in the command line ``args`` (``--lang es`` or
    ``--lang=es``; nothing after a ``--``, which ends the options), or ``None``."""
    found: str | None = None
    for i, word in enumerate(args):
        if word == "--":
            break
        if word == LANG_OPTION and i + 1 < len(args):
            found = args[i + 1]
        elif word.startswith(LANG_OPTION + "="):
            found = word.partition("=")[2]
    return found


def start_language(args: Sequence[str]) -> None:
    """Make the language of a run of ``netjer`` the one its command line ``args`` name with
    ``--lang``, else ``$NETJER_LANG``'s, else English.  A language without catalogues is left
    for the option itself to refuse (with its one-line error) once the command line is parsed,
    in the language there would be without it (``$NETJER_LANG``'s, else English)."""
    i18n.set_language(i18n.DEFAULT_LANGUAGE)
    with contextlib.suppress(ConfigError):
        use_language(i18n.language_from_environment())
    with contextlib.suppress(ConfigError):
        use_language(language_in_args(args))


def term_words(text: str, game: str) -> str:
    """``text`` (a seat's name, a facet's name or label: English words of the catalogues, or a
    value as typed) in the reader's language: read back to its message and told again
    (:func:`netjer.i18n_lines.tell`, as the web lobby's ``translateLine`` does); a text no
    message reads (an option's value, ``#1``) is shown as it is."""
    from netjer.i18n_lines import tell  # noqa: PLC0415 - the catalogues' readers, built when needed

    return tell(text, i18n.get_language(), ("common", game))


def _value_name(value: str, game: str, titles: Mapping[str, str] | None) -> str:
    """An option's value's name in the reader's language, as the lobby's choice shows it: its
    title of the options schema's ``x-titles`` where it has one, else the value with ``_`` read
    as a space; told in the game's catalogue."""
    return term_words((titles or {}).get(value) or value.replace("_", " "), game)


def value_words(value: str, game: str, titles: Mapping[str, str] | None = None) -> str:
    """An option's value of ``game`` as ``netjer games`` lists it: the value as one types it
    (``-o scenario=middle-kingdom``) and, in brackets, its name in the reader's language as the
    lobby's choice shows it (``titles``: the option's ``x-titles``, else the value, ``_`` read as
    a space, told in the game's catalogue: ``middle-kingdom (Mittleres Reich)``); the value alone
    where the name is the value itself (English) or no catalogue names it."""
    name = _value_name(value, game, titles)
    if name in (value, value.replace("_", " ")):
        return value
    return i18n._("{value} ({name})").format(value=value, name=name)


def typed_value(text: str, values: Sequence[str], game: str, titles: Mapping[str, str] | None = None) -> str:
    """The value among ``values`` (an option's choices of ``game``) that ``text`` names: the
    value itself, or its name in the reader's language (:func:`value_words`, letter case aside:
    ``weiterspielen`` for ``continue`` in German); ``text`` as given where none matches (the
    options model then refuses it, listing the values)."""
    if text in values:
        return text
    wanted = text.strip().casefold()
    for value in values:
        if _value_name(value, game, titles).casefold() == wanted:
            return value
    return text


def agent_words(game: Game, spec: str) -> str:
    """Who plays a seat of ``game`` by its agent specification ``spec``, as the web lobby shows a
    seat: a level's title in the reader's language where ``spec`` is a level's ("Principiante"
    for ``random``: :data:`netjer.agents.levels.LEVEL_TITLES`), "a person" for ``human``, the
    specification as typed otherwise (``ismcts:iterations=80``)."""
    from netjer.agents.levels import LEVEL_TITLES, level_of_spec  # noqa: PLC0415 - the agents, loaded when needed

    if spec == "human":
        return i18n._("a person")
    level = level_of_spec(game.name, game.num_players, spec)
    return spec if level is None else i18n._(LEVEL_TITLES[level.name])


def level_words(name: str) -> str:
    """A computer level as ``netjer levels`` lists it: its title in the reader's language (the
    lobby's, :data:`netjer.agents.levels.LEVEL_TITLES`) and, in brackets, its name as one types
    it (``Fuerte (strong)``); the name alone where the title is that very word (English's
    ``strong``), and for a name that is no level."""
    from netjer.agents.levels import LEVEL_TITLES  # noqa: PLC0415 - the agents, loaded when needed

    if name not in LEVEL_TITLES:
        return name
    title = i18n._(LEVEL_TITLES[name])
    return name if title.lower() == name else i18n._("{title} ({name})").format(title=title, name=name)


def seat_words(game: Game, seat: int) -> str:
    """Seat ``seat``'s name (``Game.seat_name``: "Red", "Player 2", in English as records keep
    it) in the reader's language ("Rojo", "Jugador 2")."""
    return term_words(game.seat_name(seat), game.name)
