"""``Game``: a ruleset with validated options that makes initial states.

Modelled on OpenSpiel's Game/State split (DESIGN.md, "The kernel contract").  A game's
options are a Pydantic model, so that they are validated up front (a bad option raises
:class:`~netjer.core.errors.ConfigError`), documented, and serialisable into game records
and the server's lobby.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel, ConfigDict, ValidationError

from netjer import i18n
from netjer.core.action import Action
from netjer.core.errors import ActionSyntaxError, ConfigError
from netjer.core.integers import seat_number, whole_number
from netjer.core.texts import DEFAULT_LANGUAGE, RulesTexts, load_texts
from netjer.core.validation_messages import validation_sentence
from netjer.i18n import N_, _, get_language
from netjer.i18n_sentences import Sentence

if TYPE_CHECKING:
    from netjer.core.state import State


class GameOptions(BaseModel):
    """Base of every game's options model: immutable, unknown keys refused."""

    model_config = ConfigDict(frozen=True, extra="forbid")


#: A game's options refused: the game's title and the problems (a sentence).
BAD_OPTION = N_("{game}: bad option: {problems}")


def naming_values(message: str, *values: str) -> str:
    """An option's description that names some of its values, for the options model's schema:
    ``message`` (an English catalogue message, marked ``N_``) with one ``{placeholder}`` per
    value, the value with ``_`` for each character a placeholder's name cannot hold
    (``{middle_kingdom}`` for ``middle-kingdom``), filled with each value's English name as the
    lobby's choices show it (the value, ``_`` read as a space: lobby.js ``choiceTitle``).

    A page and the terminal read such a description back to ``message`` and tell it with each
    value's name in the reader's language (``translateLine``, :func:`netjer.i18n_lines.tell`), the
    name the lobby's choice shows, never the raw value beside a translated choice (issue 32).

    Args:
        message: the description, with a placeholder for each value in ``values``.
        values: the values of the option it names, as the options model spells them.

    Returns:
        The English description, filled.

    Raises:
        KeyError: if ``message`` has a placeholder ``values`` does not give.
    """
    return message.format_map({re.sub(r"\W", "_", value): value.replace("_", " ") for value in values})


def describe_validation_error(err: ValidationError) -> str:
    """Render a Pydantic validation error as one line per problem, ``field: message``."""
    parts = []
    for e in err.errors():
        loc = ".".join(str(p) for p in e["loc"]) or "(options)"
        parts.append(f"{loc}: {e['msg']}")
    return "; ".join(parts)


def read_seed(seed: object) -> int:
    """A game's seed as a Python ``int``, for ``new_initial_state``: a NumPy integer is read
    with :func:`operator.index` (its ``& (2**64 - 1)`` overflowed, and a record could not hold it).

    Args:
        seed: a whole number of any size and sign (the generator reduces it modulo 2**64).

    Returns:
        ``seed`` as an ``int``.

    Raises:
        ConfigError: for anything but a whole number (``True``, ``1.5``, ``"3"``, ``None``).
    """
    number = whole_number(seed)
    if number is None:
        raise ConfigError(f"a game's seed is a whole number, got {seed!r}")
    return number


def read_action_text(text: object, title: str) -> str:
    """The notation given to a game's ``parse_action``, refused unless it is a text.

    Args:
        text: what the caller passed as an action's notation.
        title: the game's published name, for the message.

    Returns:
        ``text``, a ``str``.

    Raises:
        ActionSyntaxError: if ``text`` is not a ``str`` (a number, bytes, None: an action
            code goes through ``int_to_action``).
    """
    if isinstance(text, str):
        return text
    raise ActionSyntaxError(
        f"{title}: an action's notation is a text, got {type(text).__name__} {text!r} "
        "(an action's integer code is read by int_to_action)"
    )


def read_action_code(code: object, count: int, title: str) -> int:
    """An action's integer code given to a game's ``int_to_action``, as a Python ``int``.

    Args:
        code: what the caller passed: a Python or NumPy integer (``bool`` is refused).
        count: the number of codes of the game (``num_distinct_actions``).
        title: the game's published name, for the message.

    Returns:
        ``code`` as an ``int`` in ``0 .. count - 1``.

    Raises:
        ValueError: if ``code`` is not a whole number or out of range (a text once met a bare
            ``TypeError`` from the range comparison).
    """
    value = whole_number(code)
    if value is None or not 0 <= value < count:
        raise ValueError(f"{title} action codes are 0..{count - 1}, got {code!r}")
    return value


class Game(ABC):
    """A ruleset with its options.

    Subclasses set the class attributes and implement the abstract methods.

    Args:
        options: option names to values; missing ones take the game's defaults.  Strings
            are coerced where unambiguous (``"3"`` for an integer), as the CLI passes them.

    Raises:
        ConfigError: if an option is unknown or its value is not accepted.
    """

    #: short name used in code, CLI and records (``"aton"``).
    name: ClassVar[str]
    #: the published name shown to users (``"Aton"``, ``"Dioses del Nilo"``), in English; a
    #: reader sees :meth:`shown_title`.
    title: ClassVar[str]
    #: bumped whenever a rules change would make an old record replay differently.
    rules_version: ClassVar[str]
    #: Older rules versions whose records still replay as they were played, each with the
    #: defaults it had for the options whose default changed since (filled into a record's
    #: options where missing, see :func:`netjer.games.registry.game_for_record`).  A version
    #: absent here is refused.
    replayable_rules_versions: ClassVar[Mapping[str, Mapping[str, Any]]] = {}
    #: the Pydantic model of this game's options.
    options_model: ClassVar[type[GameOptions]]

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        try:
            self.options: GameOptions = self.options_model.model_validate(dict(options or {}))
        except ValidationError as err:
            problems = validation_sentence(err, model=self.options_model)
            raise ConfigError(Sentence(BAD_OPTION, game=Sentence(self.title), problems=problems)) from None
        self._check_options()

    def _check_options(self) -> None:
        """Cross-field option checks and data loading; raise :class:`ConfigError`.

        The default accepts every combination the options model accepts.
        """
        return

    def options_dict(self) -> dict[str, Any]:
        """The full options, defaults included, as JSON-serialisable data (for records)."""
        return self.options.model_dump(mode="json")

    @classmethod
    def shown_title(cls, language: str | None = None) -> str:
        """The title as the game was published in ``language`` (default: the process's): the
        catalogue's translation of :attr:`title` where it was published under another name
        (Ankh: *Ankh: Dioses de Egipto*, *Ankh: Götter Ägyptens*), else :attr:`title` as it is.
        The game's id (:attr:`name`) and its records keep the English."""
        return i18n.gettext(cls.title, language)

    @classmethod
    def option_schema(cls) -> dict[str, Any]:
        """JSON Schema of the options (names, types, defaults, accepted values, descriptions)."""
        return cls.options_model.model_json_schema()

    @property
    @abstractmethod
    def num_players(self) -> int:
        """Number of seats, numbered ``0 .. num_players-1``."""

    @abstractmethod
    def new_initial_state(self, seed: int) -> State:
        """Return the state at the start of a game; all setup randomness comes from ``seed``.

        Games read ``seed`` with :func:`read_seed`: a NumPy integer is a seed.

        Raises:
            ConfigError: if ``seed`` is not a whole number.
        """

    def shown_action(self, action: Action) -> str:
        """``action`` as a list of choices shows it in the process's language: its notation
        (``str(action)``) unless the game writes a part of it in the reader's words (Ankh's aim
        directions, ``aim NO-SO`` in German); :meth:`parse_action` reads what this returns."""
        return str(action)

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Read an action's notation (the inverse of ``str(action)``).

        Raises:
            ActionSyntaxError: if ``text`` is not an action of this game, or not a text
                (games check with :func:`read_action_text`).
        """

    @property
    @abstractmethod
    def num_distinct_actions(self) -> int:
        """Size of the fixed integer action encoding."""

    @abstractmethod
    def action_to_int(self, action: Action) -> int:
        """The action's fixed integer code, in ``[0, num_distinct_actions)``."""

    @abstractmethod
    def int_to_action(self, code: int) -> Action:
        """The action with integer ``code``.

        Raises:
            ValueError: if ``code`` is out of range.
        """

    def rules_texts(self, language: str = DEFAULT_LANGUAGE) -> RulesTexts:
        """The game's rules texts (overview and one entry per term), read from the
        ``texts/<language>.toml`` file beside its package (:mod:`netjer.core.texts`).

        Raises:
            ConfigError: if there are no texts in ``language``.
            DataFileError: if the texts file is malformed.
        """
        return load_texts(type(self).__module__.rsplit(".", 1)[0], language)

    def undo_barrier(self, before: State, action: Action, after: State) -> bool:
        """True if ``action`` (taking ``before`` to ``after``) revealed hidden information to any
        seat, so that no undo may take it or anything before it back (:mod:`netjer.core.undo`;
        chance, the state's generator moving, is checked by the kernel for every game).

        Games declare it from their notation and observations.  The default, ``True``, is
        the safe one: a game that declares nothing offers no undo.
        """
        return True

    def seat_name(self, seat: int) -> str:
        """A player-facing name for a seat (a colour or god); default ``"Player N"``.

        Args:
            seat: ``0 .. num_players - 1`` (a Python or NumPy integer).

        Raises:
            SeatError: for a seat the game does not have (games that override this read the
                seat with :func:`netjer.core.integers.seat_number` too).
        """
        return f"Player {seat_number(seat, self.num_players) + 1}"

    def allows_draw(self) -> bool:
        """Whether a game of these rules and options can end in a draw (every seat 0), so
        that players may agree to one (the web table's draw offers, :mod:`netjer.server.endings`).
        Default: no; a game whose rules know a draw says yes."""
        return False

    def result_text(self, returns: list[float], names: Sequence[str] | None = None) -> str:
        """A finished game's result in words: ``"Red wins"``, ``"Draw"`` (all equal),
        ``"Everyone loses"`` (all equal and negative, as when every god of Ankh is forgotten),
        or the seats that share the best return (``"Red and Blue win"``), in the process's
        language (:mod:`netjer.i18n`; English unless the terminal's ``--lang`` says otherwise).
        ``names``: each seat's name as the game's screen calls it, already in that language
        (Ankh's gods: "Horus wins", as its log says; issue 32), instead of :meth:`seat_name`."""
        best = max(returns)
        named = (lambda s: names[s]) if names is not None else self._seat_words
        winners = [named(s) for s, r in enumerate(returns) if r == best]
        if len(winners) == len(returns):
            return _("Everyone loses") if best < 0 else _("Draw")
        if len(winners) == 1:
            return _("{seat} wins").format(seat=winners[0])
        return _("{seats} win").format(seats=_(" and ").join(winners))

    def seat_names_at(self, state: State) -> list[str] | None:
        """Each seat's name as the game's screen calls it at ``state``, in the process's
        language, for :meth:`result_text`'s ``names`` (the terminal's and the web table's
        result line); ``None``, the default: the seats' own names (:meth:`seat_name`). Ankh
        names its gods ("Horus wins", as its log says; issue 32)."""
        return None

    def _seat_words(self, seat: int) -> str:
        """:meth:`seat_name` in the process's language ("Red" → "Rojo", "Player 2" → "Jugador 2"):
        read back to its catalogue message and told again (:func:`netjer.i18n_lines.tell`)."""
        from netjer.i18n_lines import tell  # noqa: PLC0415 - the catalogues' readers, built only when needed

        return tell(self.seat_name(seat), get_language(), ("common", self.name))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.options_dict()!r})"
