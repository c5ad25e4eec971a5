"""``AnkhGame``: Ankh: Gods of Egypt's options and the factory of its states.

Ankh: Gods of Egypt (Eric M. Lang, CMON 2021) for 2 to 5 players, with the five base-game
gods and the five Pantheon gods and their powers (option ``gods``; ``gods=none`` plays every
god without a power, the base engine of issue 4).  Rules reference: rules/ankh.md.  Every
ruling of its rulings table where the sources disagree is an option below with our default;
docs/rules-coverage-ankh.md lists them all.

Rules versions: 2 added the god powers; a record made under version 1 (no god powers, before
option ``gods`` existed) is refused rather than replayed with gods drawn at random.  3 makes
``merged_powers="combined"`` the default (the seed text S0 §10.4: merged gods "can use the
abilities of both gods and their combined Ankh Powers"); a version-2 record replays as it was
played, with version 2's default ``merged_powers="major"`` wherever its options do not name one
(:attr:`AnkhGame.replayable_rules_versions`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Literal

from pydantic import Field, field_validator

from netjer.core.action import Action
from netjer.core.errors import ConfigError
from netjer.core.game import BAD_OPTION, Game, GameOptions, naming_values, read_action_code, read_seed
from netjer.core.rng import Rng
from netjer.core.state import State
from netjer.core.validation_messages import FieldProblem
from netjer.games.ankh import notation, undo
from netjer.games.ankh.gods.registry import parse_gods
from netjer.games.ankh.placement import place_position, spec_options, start_spec
from netjer.games.ankh.scenarios import MAX_PLAYERS, MIN_PLAYERS
from netjer.games.ankh.setup import initial_setup
from netjer.games.ankh.state import AnkhState
from netjer.games.ankh.terms import aim_words
from netjer.i18n import N_
from netjer.i18n_sentences import Sentence, sentence_of

#: The options' titles and values as the lobby shows them ("all_at_once" as "all at once"), marked
#: for the ``ankh`` catalogue: no code reads this tuple; the lobby's ``translateLine`` finds the
#: words there (lobby.js), as it finds the descriptions, marked where they are written.
OPTION_WORDS = (
    N_("Players"),
    N_("Scenario"),
    N_("Second Action"),
    N_("Track Length"),
    N_("Guardian Slots"),
    N_("Merged Powers"),
    N_("Red Max"),
    N_("Satet Push"),
    N_("Guardians"),
    N_("First Player"),
    N_("Start Rotation"),
    N_("Gods"),
    N_("Osiris Underworld"),
    N_("Start"),
    N_("middle-kingdom"),
    N_("old-kingdom"),
    N_("optional"),
    N_("mandatory"),
    N_("rulebook"),
    N_("long"),
    N_("major"),
    N_("combined"),
    N_("choose"),
    N_("opposite"),
    N_("extra"),
    N_("instead"),
)


class AnkhOptions(GameOptions):
    """Ankh's options (rules/ankh.md rulings table; defaults are Netjer's rulings)."""

    players: int = Field(3, ge=MIN_PLAYERS, le=MAX_PLAYERS, description=N_("Number of players, 2 to 5."))
    # rules/ankh.md §8.3: the two families of setups transcribed from J, one per player count
    scenario: Literal["middle-kingdom", "old-kingdom"] = Field(
        "middle-kingdom",
        description=naming_values(
            N_(
                "The starting map and pieces. '{middle_kingdom}' and '{old_kingdom}' are our names for two families "
                "of starting setups, one for each number of players; they are not the Scenario Book's scenarios, "
                "which we do not have."
            ),
            "middle-kingdom",
            "old-kingdom",
        ),
    )
    second_action: Literal["optional", "mandatory"] = Field(
        "optional",
        # rules/ankh.md §7.1 (the sources disagree)
        description=N_(
            "Whether a player must take a second action when one is possible. The sources disagree; we made it "
            "optional, as most of them say."
        ),
    )
    track_length: Literal["rulebook", "long"] = Field(
        "rulebook",
        # rules/ankh.md §7.2
        description=naming_values(
            N_(
                "How many times an action can be taken before its track fires an event: the number of players plus "
                "one (Unlock: the number of players), as the rulebook counts, or one more ('{long}', another "
                "reading)."
            ),
            "long",
        ),
    )
    guardian_slots: tuple[int, ...] = Field(
        (2, 4, 5),
        # rules/ankh.md §2.1: 2,4,5 (J) or 2,4,6 (P)
        description=N_(
            "Which of a god's six unlocks give a Guardian, e.g. 2,4,5 (the default) or 2,4,6. We could not check "
            "a god board; the two versions we know differ, and we follow the one with the third Guardian at the "
            "fifth unlock."
        ),
    )
    merged_powers: Literal["major", "combined"] = Field(
        "combined",
        description=N_(
            "The Ankh powers of a god merged with another: both gods' powers together (the default: the rules "
            "text we follow says so), or the major god's only (how two other versions play it)."
        ),
    )
    # rules/ankh.md §5
    red_max: int = Field(
        19,
        description=N_(
            "The last space of the Devotion track's red section, 19 or 20: a god still in it after the fourth "
            "Conflict is forgotten. The sources differ by one space; we chose 19."
        ),
    )
    satet_push: Literal["choose", "opposite"] = Field(
        "choose",
        description=N_(
            "Where Satet pushes a figure: onto any empty adjacent space Satet's owner picks, or only onto the "
            "space opposite the side Satet came from. The sources disagree; we let the owner pick."
        ),
    )
    guardians: str = Field(
        "draw",
        description=N_(
            "Which Guardian plays at levels 1, 2 and 3: 'draw' (each drawn at random) or three choices separated "
            "by commas, each a Guardian or 'draw', e.g. 'satet,apep,draw'."
        ),
    )
    first_player: int | None = Field(None, description=N_("The seat that plays first; by default drawn at random."))
    start_rotation: int = Field(
        0,
        ge=0,
        le=MAX_PLAYERS - 1,
        description=N_(
            "For studies of balance, not a rule: 0 gives the setup's k-th player the k-th turn, as the rules "
            "do; R moves every player R places on in the turn order, so that the effect of a starting position "
            "can be told apart from that of playing first."
        ),
    )
    gods: str = Field(
        "draw",
        description=N_(
            "Each seat's god: 'draw' (at random, no god twice), 'none' (no god powers), or one per seat in "
            "seat order, each a god or 'draw', e.g. 'ra,isis,seth'. Gods: amun, anubis, isis, osiris, ra, "
            "bastet, hathor, thoth, horus, seth."
        ),
    )
    osiris_underworld: Literal["extra", "instead"] = Field(
        "extra",
        description=naming_values(
            N_(
                "What Osiris's Underworld tokens do: each Summon action may add one extra summon onto an empty "
                "Underworld space ('{extra}'), or an Underworld space is only another place for the one summon "
                "('{instead}'). The rules can be read both ways; we chose the extra summon."
            ),
            "extra",
            "instead",
        ),
    )

    start: str | None = Field(
        None,
        description=N_(
            "Start from a named position instead of the setup: the position a guided lesson ends in, so that "
            "its game goes on at a table (e.g. 'first-game-1'). It sets the players, gods and Guardians."
        ),
        # not one of the lobby's rules options: a lesson's hand-over sets it (lobby.js skips it)
        json_schema_extra={"x-lobby": False},
    )

    @field_validator("guardian_slots", mode="before")
    @classmethod
    def _parse_slots(cls, v: Any) -> Any:
        if isinstance(v, str):
            v = [p for p in v.replace(" ", "").split(",") if p]
        return v

    @field_validator("guardian_slots")
    @classmethod
    def _check_slots(cls, v: tuple[int, ...]) -> tuple[int, ...]:
        if not v or len(set(v)) != len(v) or any(not 1 <= s <= 6 for s in v):
            raise FieldProblem(N_("{field}: give distinct unlock numbers from 1 to 6, e.g. 2,4,5"))
        return tuple(sorted(v))

    @field_validator("red_max")
    @classmethod
    def _check_red(cls, v: int) -> int:
        if v not in (19, 20):
            raise FieldProblem(N_("{field}: the red section ends on space 19 or 20"))
        return v


class AnkhGame(Game):
    """Ankh: Gods of Egypt for 2-5 players, with the ten gods' powers (§4).

    Args:
        options: see :class:`AnkhOptions`; ``{}`` gives every default (3 players, Middle Kingdom).

    Raises:
        ConfigError: for an unknown option or value, a first player outside the seats, an
            unknown Guardian type or god, or a god given twice.
    """

    name: ClassVar[str] = "ankh"
    #: Published in Spanish as "Ankh: Dioses de Egipto", in German as "Ankh: Götter Ägyptens"
    #: (the catalogue's translations, :meth:`~netjer.core.game.Game.shown_title`).
    title: ClassVar[str] = N_("Ankh: Gods of Egypt")
    rules_version: ClassVar[str] = "3"
    #: Version 2 (default ``merged_powers="major"``) replays as played; version 1 is refused.
    replayable_rules_versions: ClassVar[Mapping[str, Mapping[str, Any]]] = {"2": {"merged_powers": "major"}}
    options_model: ClassVar[type[GameOptions]] = AnkhOptions

    def _check_options(self) -> None:
        if self.opts.start is not None:
            self.options = _start_options(self.opts)
        opts = self.opts
        parts = [p.strip() for p in opts.guardians.split(",")] if opts.guardians.strip() != "draw" else []
        if parts and len(parts) != 3:
            raise ConfigError(Sentence(N_("Ankh guardians: 'draw' or three comma-separated choices (levels 1, 2, 3)")))
        self.guardian_choices: tuple[str | None, ...] = (
            tuple(None if p == "draw" else p for p in parts) if parts else (None, None, None)
        )
        self.god_choices = parse_gods(opts.gods, opts.players)
        # Check the choices, the first player and the scenario once, up front.
        initial_setup(
            opts.players,
            opts.scenario,
            Rng(0),
            guardians=self.guardian_choices,
            first_player=opts.first_player,
            track_length=opts.track_length,
            start_rotation=opts.start_rotation,
        )

    @property
    def opts(self) -> AnkhOptions:
        """The options, typed."""
        assert isinstance(self.options, AnkhOptions)
        return self.options

    @property
    def num_players(self) -> int:
        return self.opts.players

    def new_initial_state(self, seed: int) -> AnkhState:
        """A new game: setup drawn from ``seed`` (first player, Guardians; rules/ankh.md S0 setup),
        or with option ``start`` that named position, built from the same seed
        (:func:`netjer.games.ankh.position.start_spec`), its history empty.

        Raises:
            ConfigError: if ``seed`` is not a whole number (a NumPy integer is one).
        """
        state = AnkhState(self, read_seed(seed))
        if self.opts.start is not None:
            place_position(state, start_spec(self.opts.start, state.seed))
        return state

    def seat_names_at(self, state: State) -> list[str] | None:
        """Each seat named by its god (:meth:`AnkhState.god_name`: "Horus", or "Player 3" with
        ``gods=none``) in the process's language, as the log names the winner (issue 32).

        Raises:
            TypeError: if ``state`` is not an Ankh position.
        """
        if not isinstance(state, AnkhState):
            raise TypeError(f"an Ankh position is needed, not {type(state).__name__}")
        return [state.god_name(s) for s in range(self.num_players)]

    def options_dict(self) -> dict[str, Any]:
        """The full options (:meth:`Game.options_dict`), option ``start`` only when it names a
        position: the records and tables of every game from the setup read as before it existed."""
        options = super().options_dict()
        if options.get("start") is None:
            options.pop("start", None)
        return options

    def undo_barrier(self, before: State, action: Action, after: State) -> bool:
        """True if ``action`` revealed hidden information (netjer.core.undo): see
        :mod:`netjer.games.ankh.undo`."""
        return undo.undo_barrier(before, action, after)

    def parse_action(self, text: str) -> Action:
        return notation.parse_action(text)

    def shown_action(self, action: Action) -> str:
        """An aim with its directions in the reader's language (``aim NO-SO`` in German, read
        back by :func:`notation.parse_action`); any other action as its notation."""
        if isinstance(action, notation.Aim):
            return f"aim {aim_words(action.side)}"
        return str(action)

    @property
    def num_distinct_actions(self) -> int:
        return len(notation.ALL_ACTIONS)

    def action_to_int(self, action: Action) -> int:
        try:
            return notation.CODES[action]
        except KeyError:
            raise ValueError(f"not an Ankh action: {action!r}") from None

    def int_to_action(self, code: int) -> Action:
        return notation.ALL_ACTIONS[read_action_code(code, len(notation.ALL_ACTIONS), "Ankh")]


def _start_options(options: AnkhOptions) -> AnkhOptions:
    """``options`` (naming a start position, option ``start``) with the options that position
    is played with filled in (:func:`netjer.games.ankh.placement.spec_options`):
    ``{"start": "first-game-1"}`` alone is a 2-player game of Ra and Isis
    (docs/decisions/0025-named-start-positions.md).

    Raises:
        ConfigError: for an unknown start (naming the known ones), or an option given with a
            value other than the start's (``start: the start position 'first-game-1' is played
            with players=2, not 3``).
    """
    name = options.start
    assert name is not None
    try:
        fixed = AnkhOptions.model_validate(spec_options(start_spec(name, 0)))
    except ConfigError as err:
        raise ConfigError(Sentence(BAD_OPTION, game="Ankh", problems=sentence_of(err))) from None
    keys = fixed.model_fields_set
    for key in sorted(keys & options.model_fields_set):
        mine, given = getattr(fixed, key), getattr(options, key)
        if mine != given:
            message = N_("start: the start position '{name}' is played with {key}={mine}, not {given}: leave {key} out")
            why = Sentence(message, name=name, key=key, mine=repr(mine), given=repr(given))
            raise ConfigError(Sentence(BAD_OPTION, game="Ankh", problems=why))
    return options.model_copy(update={key: getattr(fixed, key) for key in keys})
