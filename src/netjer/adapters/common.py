"""What both adapters share: per-game facts, option handling, and a truncating game session.

Everything here is generic over the kernel contract (``Game``/``State``).  The few facts the
contract does not state are small declared tables, one row per game:

* :data:`UTILITIES`: the kind of returns (zero-sum or general-sum) and their range.  A game
  without a row is taken as general-sum in ``[-1, 1]``, the kernel's convention.
* :data:`MEASURED_LENGTHS`: a length cap for a game with no proven bound on its number of
  decisions (a game whose ``Game`` has a ``max_game_length()`` method uses that proof).

A game longer than its cap is *truncated*: the adapters stop it and score it as a draw
(returns 0 for every seat; PettingZoo reports ``truncations``, not ``terminations``).  With
a proven bound the cap is never reached.
"""

from __future__ import annotations

import functools
import json
import weakref
from collections.abc import Mapping
from typing import Any

from netjer.core.action import Action
from netjer.core.errors import ConfigError, IllegalActionError
from netjer.core.game import Game
from netjer.core.state import TERMINAL, JsonDict, State
from netjer.games.registry import game_class, make_game

#: game -> (utility kind, min return, max return).  Kinds: "zero_sum", "general_sum".
UTILITIES: dict[str, tuple[str, float, float]] = {
    "aton": ("zero_sum", -1.0, 1.0),  # win 1, loss -1, draw 0 (AtonState._returns)
    "nile": ("zero_sum", -1.0, 1.0),  # win 1, loss -1, draw 0 (NileState._returns)
}
#: The kernel's default convention (State.returns): general-sum unless a row says otherwise.
DEFAULT_UTILITY = ("general_sum", -1.0, 1.0)

#: game -> decision cap for games without a proven bound, and how it was chosen.
MEASURED_LENGTHS: dict[str, tuple[int, str]] = {
    # Aton has no bound: with every majority tied and the bonus squares left empty, scorings
    # can give nothing forever.  Longest of 60,000 uniformly random games (three option
    # sets, 20,000 each): 239 decisions; means 131-136.  The cap is 4 times that game.
    "aton": (1000, "measured: longest of 60,000 random games was 239 decisions"),
    # Ankh: no proof (Camel Caravans and moves need not make progress). Longest of 20,000
    # uniformly random games (5,000 at each of 2-5 players, default options; means 146, 210,
    # 266, 319; benchmarks/game_lengths.py): 446 decisions, at 5 players.  The cap is about
    # 4.5 times that game, for every player count.
    "ankh": (2000, "measured: longest of 20,000 random games (2-5 players) was 446 decisions"),
}
#: Cap for a game with neither a proof nor a row in MEASURED_LENGTHS.
DEFAULT_LENGTH_CAP = 10_000


def player_range(name: str) -> tuple[int, int]:
    """The fewest and most seats game ``name`` accepts.

    Read from the ``players`` option's JSON-schema bounds when the game has that option
    (Ankh); otherwise the player count of the default options.
    """
    cls = game_class(name)
    prop = cls.option_schema().get("properties", {}).get("players")
    if prop is None:
        n = make_game(name).num_players
        return n, n
    low = int(prop.get("minimum", prop.get("exclusiveMinimum", 1)))
    high = int(prop.get("maximum", prop.get("exclusiveMaximum", low)))
    return low, high


def utility(name: str) -> tuple[str, float, float]:
    """``(kind, min, max)`` of game ``name``'s returns (see :data:`UTILITIES`)."""
    return UTILITIES.get(name, DEFAULT_UTILITY)


def length_bound(game: Game) -> tuple[int, bool, str]:
    """``(cap, proven, how)``: the most decisions a game with these options may take.

    A ``max_game_length()`` method of the game is a proof; otherwise the declared cap of
    :data:`MEASURED_LENGTHS` (or :data:`DEFAULT_LENGTH_CAP`) applies, and longer games are
    truncated.
    """
    proof = getattr(game, "max_game_length", None)
    if callable(proof):
        return int(proof()), True, f"proven bound ({type(game).__name__}.max_game_length)"
    cap, how = MEASURED_LENGTHS.get(game.name, (DEFAULT_LENGTH_CAP, "default cap (no bound known)"))
    return cap, False, how


#: Separates the items of a list-valued option in its flat parameter (OpenSpiel's game
#: strings use commas between parameters, so JSON's commas cannot appear in a value).
LIST_SEPARATOR = ";"


def scalar_options(name: str) -> tuple[dict[str, Any], dict[str, str]]:
    """The options of game ``name`` as flat parameters: ``(defaults, coded)``.

    Integer, float and boolean options map to themselves.  OpenSpiel's game strings
    separate parameters with commas, so a flat parameter never holds one: a string option
    is written with :data:`LIST_SEPARATOR` for its commas (Ankh's ``gods=ra;isis``), coded
    ``"text"``; a list of scalars becomes its items joined by :data:`LIST_SEPARATOR`
    (``guardian_slots=2;4;5``), coded ``"list"``; any other option (``None``, a mapping)
    becomes its JSON with ``;`` for commas, coded ``"json"``.  ``coded`` maps each such key
    to its coding (see :func:`flat_param` and :func:`options_from_params`).
    """
    defaults, coded = _scalar_options(name)
    return dict(defaults), dict(coded)


@functools.cache
def _scalar_options(name: str) -> tuple[dict[str, Any], dict[str, str]]:
    game = make_game(name)
    defaults: dict[str, Any] = {}
    coded: dict[str, str] = {}
    for key, value in game.options_dict().items():
        if isinstance(value, str):
            defaults[key] = value.replace(",", LIST_SEPARATOR)
            coded[key] = "text"
        elif isinstance(value, bool | int | float):
            defaults[key] = value
        elif isinstance(value, list | tuple) and all(isinstance(v, bool | int | float | str) for v in value):
            defaults[key] = LIST_SEPARATOR.join(str(v) for v in value)
            coded[key] = "list"
        else:
            defaults[key] = json.dumps(value, separators=(LIST_SEPARATOR, ":"))
            coded[key] = "json"
    return defaults, coded


def flat_param(key: str, value: Any, coded: Mapping[str, str]) -> Any:
    """The flat parameter for option ``key`` given as ``value`` (see :func:`scalar_options`):
    a list for a list option, a string with commas (or a list of strings) for a string
    option, any value for a JSON option; other values are passed on unchanged.

    Raises:
        ConfigError: for a list given to an option that takes a single number or boolean.
    """
    kind = coded.get(key)
    if kind == "list" and isinstance(value, list | tuple):
        return LIST_SEPARATOR.join(str(v) for v in value)
    if kind == "text" and isinstance(value, list | tuple):
        return LIST_SEPARATOR.join(str(v) for v in value)
    if kind == "text" and isinstance(value, str):
        return value.replace(",", LIST_SEPARATOR)
    if kind == "json" and not isinstance(value, str):
        return json.dumps(value, separators=(LIST_SEPARATOR, ":"))
    if kind is None and isinstance(value, list | tuple | dict):
        raise ConfigError(f"option {key!r} takes a single value, got {value!r}")
    return value


def options_from_params(params: Mapping[str, Any], coded: Mapping[str, str], reserved: set[str]) -> dict[str, Any]:
    """Game options from flat parameters, leaving out the adapter's own ``reserved`` keys
    and decoding the ``coded`` ones (see :func:`scalar_options`); the game's options model
    then validates every value.

    Raises:
        ConfigError: if a JSON-coded option does not parse.
    """
    options: dict[str, Any] = {}
    for key, value in params.items():
        if key in reserved:
            continue
        kind = coded.get(key)
        if kind == "list" and isinstance(value, str):
            options[key] = [v for v in value.split(LIST_SEPARATOR) if v]
        elif kind == "text" and isinstance(value, str):
            options[key] = value.replace(LIST_SEPARATOR, ",")
        elif kind == "json" and isinstance(value, str):
            try:
                options[key] = json.loads(value.replace(LIST_SEPARATOR, ","))
            except json.JSONDecodeError as err:
                raise ConfigError(f"option {key!r}: not valid JSON ({err.msg})") from None
        else:
            options[key] = value
    return options


class ActionCodes:
    """A game's integer action encoding as two lookup tables (built once per game).

    Attributes:
        actions: every action, indexed by its code.
        codes: each action's code.
    """

    __slots__ = ("__weakref__", "actions", "codes")

    def __init__(self, game: Game) -> None:
        self.actions: tuple[Action, ...] = tuple(game.int_to_action(i) for i in range(game.num_distinct_actions))
        self.codes: dict[Action, int] = {a: i for i, a in enumerate(self.actions)}


_CODES: weakref.WeakKeyDictionary[Game, ActionCodes] = weakref.WeakKeyDictionary()


def action_codes(game: Game) -> ActionCodes:
    """The (cached) :class:`ActionCodes` of ``game``."""
    table = _CODES.get(game)
    if table is None:
        table = _CODES[game] = ActionCodes(game)
    return table


class Session:
    """A game in progress as the adapters drive it: integer actions and a length cap.

    Args:
        game: the kernel game.
        state: the kernel state (the truth; never shown to a seat directly).
        moves: decisions taken so far (public; kept apart from ``state.history`` because a
            determinization's history is empty).
        cap: the length cap (see :func:`length_bound`).
    """

    __slots__ = ("_legal", "_table", "cap", "game", "moves", "state")

    def __init__(self, game: Game, state: State, moves: int, cap: int) -> None:
        self.game = game
        self.state = state
        self.moves = moves
        self.cap = cap
        self._table = action_codes(game)
        self._legal: tuple[int, list[int]] | None = None  # (moves, codes): the last answer

    @property
    def truncated(self) -> bool:
        """True if the game was stopped at the cap before its end."""
        return self.moves >= self.cap and not self.state.is_terminal

    @property
    def over(self) -> bool:
        """True once the game has ended or been truncated."""
        return self.moves >= self.cap or self.state.current_player == TERMINAL

    @property
    def current_player(self) -> int:
        """The seat to act, or :data:`~netjer.core.state.TERMINAL` once :attr:`over`."""
        if self.moves >= self.cap:
            return TERMINAL
        return self.state.current_player

    def legal_codes(self) -> list[int]:
        """The legal actions' integer codes, ascending; empty once over (remembered until
        the next :meth:`apply_code`: the session is the only one to change its state)."""
        if self.moves >= self.cap:
            return []
        cached = self._legal
        if cached is not None and cached[0] == self.moves:
            return list(cached[1])
        codes = self._table.codes
        legal = sorted([codes[a] for a in self.state.legal_actions()])
        self._legal = (self.moves, legal)
        return list(legal)

    def action(self, code: int) -> Action:
        """The action with integer ``code``.

        Raises:
            ValueError: if ``code`` is not an action of the game.
        """
        if not 0 <= code < len(self._table.actions):
            return self.game.int_to_action(code)  # raises the game's ValueError
        return self._table.actions[code]

    def apply_code(self, code: int) -> None:
        """Play the action with integer ``code`` for the current seat.

        Raises:
            ValueError: if the code is out of range.
            IllegalActionError: if the action is not legal now, or the game is over (the
                state is unchanged).
        """
        action = self.action(int(code))
        if self.moves >= self.cap:
            raise IllegalActionError(
                str(action), "adapter length cap", f"the game was truncated after {self.cap} decisions", []
            )
        self.state.apply(action)
        self.moves += 1

    def returns(self) -> list[float]:
        """Returns so far: the kernel's at the end, zeros before it and after a truncation."""
        if self.state.is_terminal:
            return [float(r) for r in self.state.returns()]
        return [0.0] * self.game.num_players

    def observation(self, seat: int | None) -> JsonDict:
        """``observation(seat)`` of the kernel state (``None``: the public view)."""
        return self.state.observation(seat)

    def shared_observation(self, seat: int | None) -> JsonDict:
        """``shared_observation(seat)`` of the kernel state: the observation for a reader that
        does not change it (see ``State.shared_observation``)."""
        return self.state.shared_observation(seat)

    def clone(self) -> Session:
        """An independent copy."""
        return Session(self.game, self.state.clone(), self.moves, self.cap)
