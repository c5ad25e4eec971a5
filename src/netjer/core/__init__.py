"""The game-agnostic kernel: the contract every game implements (DESIGN.md).

Re-exports the names most code needs: :class:`Game`, :class:`State`, :class:`Action`,
:class:`Rng`, :class:`PlayerView`, :class:`GameRecord` and the errors.
"""

from netjer.core.action import Action
from netjer.core.errors import (
    ActionSyntaxError,
    ConfigError,
    DataFileError,
    GameNotOverError,
    IllegalActionError,
    NetjerError,
    RecordError,
)
from netjer.core.game import Game, GameOptions
from netjer.core.record import GameRecord, load_record, save_record
from netjer.core.rng import Rng
from netjer.core.state import TERMINAL, JsonDict, State
from netjer.core.view import PlayerView

__all__ = [
    "TERMINAL",
    "Action",
    "ActionSyntaxError",
    "ConfigError",
    "DataFileError",
    "Game",
    "GameNotOverError",
    "GameOptions",
    "GameRecord",
    "IllegalActionError",
    "JsonDict",
    "NetjerError",
    "PlayerView",
    "RecordError",
    "Rng",
    "State",
    "load_record",
    "save_record",
]
