"""Find games by name, and rebuild a game from a record.

Adding a game = one line in :data:`GAMES`.  Imports are lazy so that loading one game does
not import the others.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from netjer.core.errors import ConfigError, RecordError
from netjer.core.game import Game
from netjer.core.record import GameRecord, locate
from netjer.core.state import State
from netjer.i18n import N_, join_list
from netjer.i18n_sentences import Sentence, sentence_of

#: game name -> "module:class"
GAMES: dict[str, str] = {
    "aton": "netjer.games.aton:AtonGame",
    "nile": "netjer.games.nile:NileGame",
    "ankh": "netjer.games.ankh:AnkhGame",
}


def game_names() -> list[str]:
    """The names of every game Netjer implements."""
    return list(GAMES)


def game_class(name: str) -> type[Game]:
    """The :class:`Game` subclass called ``name``.

    Raises:
        ConfigError: if there is no such game (the message lists the known ones).
    """
    try:
        target = GAMES[name]
    except KeyError:
        message = N_("unknown game '{name}'; Netjer has: {games}")
        raise ConfigError(Sentence(message, name=name, games=join_list(GAMES))) from None
    module, _, cls = target.partition(":")
    game_cls: type[Game] = getattr(importlib.import_module(module), cls)
    return game_cls


def make_game(name: str, options: Mapping[str, Any] | None = None) -> Game:
    """Build game ``name`` with ``options``.

    Raises:
        ConfigError: for an unknown game or a bad option.
    """
    return game_class(name)(options)


def game_for_record(record: GameRecord, text: str | None = None) -> Game:
    """Build the game a record was played with.

    Raises:
        RecordError: if the game is unknown or its options are refused, with the line.
    """
    try:
        options = record.options
        if record.game in GAMES:
            # A record of an older rules version this Netjer still replays: the options
            # whose default changed since take that version's default (Game.replayable_rules_versions).
            old_defaults = game_class(record.game).replayable_rules_versions.get(record.rules_version, {})
            options = {**old_defaults, **options}
        return make_game(record.game, options)
    except ConfigError as err:
        key = "game" if record.game not in GAMES else "options"
        where = locate(text, (key,))
        line, col = where if where else (None, None)
        raise RecordError(sentence_of(err), line=line, column=col) from None


def replay_record(record: GameRecord, text: str | None = None) -> State:
    """Replay ``record`` to its final state.

    Raises:
        RecordError: if the record is not for a known game, or does not replay.
    """
    return record.replay(game_for_record(record, text), text)
