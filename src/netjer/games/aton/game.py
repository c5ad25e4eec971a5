"""``AtonGame``: Aton's options and the factory of its states.

Aton (Thorsten Gimmler, Queen Games 2005) for exactly two players.  Rules reference:
rules/aton.md.  Each ruling the sources leave open (GUESS/PROPOSAL there) is an option
below, with our default; docs/rules-coverage.md lists them.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field, field_validator

from netjer.core.action import Action
from netjer.core.errors import ConfigError, DataFileError
from netjer.core.game import Game, GameOptions, read_action_code, read_seed
from netjer.core.integers import seat_number
from netjer.core.state import State
from netjer.core.validation_messages import FieldProblem
from netjer.games.aton import actions, undo
from netjer.games.aton.layout import available_layouts, load_layout
from netjer.games.aton.state import SEAT_NAMES, AtonState
from netjer.i18n import N_

#: §1: the players' colours are red and blue [FACT×5]; English names (records, the API), marked for
#: the ``aton`` catalogue and translated where shown (``AtonState._seat_name``, the lobby).


#: The options' titles and values as the lobby shows them ("all_at_once" as "all at once"), marked
#: for the ``aton`` catalogue: no code reads this tuple; the lobby's ``translateLine`` finds the
#: words there (lobby.js), as it finds the descriptions, marked where they are written.
OPTION_WORDS = (
    N_("Layout"),
    N_("First Round Removals"),
    N_("Kingdom After Scoring"),
    N_("Equal 40 Tie"),
    N_("Temple4 Blue Squares"),
    N_("Reveal"),
    N_("forbidden"),
    N_("allowed"),
    N_("return"),
    N_("out of game"),
    N_("draw"),
    N_("continue"),
    N_("all temples"),
    N_("temple4 only"),
    N_("staged"),
    N_("all at once"),
)


class AtonOptions(GameOptions):
    """Aton's options; every one is a ruling where the sources are silent (rules/aton.md)."""

    # rules/aton.md §2.2 PROPOSAL (the real per-temple counts are unknown)
    layout: str = Field(
        "proposal",
        description=N_(
            "Which squares each temple has (a layout data file). The published per-temple counts are not known "
            "to us; the default is our reconstruction, with the totals the rules give."
        ),
        # a choice of the shipped files, each shown by its title (lobby.js reads "x-titles"): the
        # lobby showed the file name "proposal" in a text box
        json_schema_extra={"enum": [*available_layouts()], "x-titles": {"proposal": N_("our reconstruction")}},
    )
    # rules/aton.md §8.7 (one source: no removals in the very first round)
    first_round_removals: Literal["forbidden", "allowed"] = Field(
        "forbidden",
        description=N_(
            "Whether cartouche 2 removes enemy stones in the first round. The sources disagree; we follow the one "
            "that says no stone is removed in the very first round, when the board is nearly empty."
        ),
    )
    # rules/aton.md §5 GUESS (back to their owners)
    kingdom_after_scoring: Literal["return", "out_of_game"] = Field(
        "return",
        description=N_(
            "Where the stones of the Kingdom of the Dead go after a scoring: back to their owners' supplies, or "
            "out of the game. The rules are unclear here; we chose to give them back."
        ),
    )
    # rules/aton.md §6 PROPOSAL
    equal_40_tie: Literal["draw", "continue"] = Field(
        "draw",
        description=N_(
            "What equal scores of 40 or more after a scoring mean: a draw, or play on until one player leads. The "
            "rules are silent here; we chose a draw."
        ),
    )
    # rules/aton.md §5 INFERRED (all four temples)
    temple4_blue_squares: Literal["all_temples", "temple4_only"] = Field(
        "all_temples",
        description=N_(
            "Which blue squares count for temple 4's prize of 3 points each: those of all four temples, or only "
            "temple 4's. The rules do not say; we count all four, since each temple has a single blue square and "
            "a prize of 3 per stone only makes sense across the board."
        ),
    )
    # rules/aton.md: SEED (staged) or SDIMAG (all at once)
    reveal: Literal["staged", "all_at_once"] = Field(
        "staged",
        description=N_(
            "How the cartouches are revealed: cartouches 1 and 2 together, then each player's 3 and 4 at their "
            "turn, or all eight cards at once. The sources differ; the default follows the publisher's "
            "description, cartouche by cartouche."
        ),
    )

    @field_validator("layout")
    @classmethod
    def _known_layout(cls, v: str) -> str:
        if v not in available_layouts():
            message = N_("{field}: unknown layout {layout}; available: {layouts}")
            raise FieldProblem(message, layout=repr(v), layouts=", ".join(available_layouts()))
        return v


class AtonGame(Game):
    """Aton for two players (seat 0 Red, seat 1 Blue).

    Args:
        options: see :class:`AtonOptions`; ``{}`` gives every default.

    Raises:
        ConfigError: for an unknown option or value, or a layout file that fails validation.
    """

    name: ClassVar[str] = "aton"
    title: ClassVar[str] = N_("Aton")  # a term, the same in every language published
    rules_version: ClassVar[str] = "1"
    options_model: ClassVar[type[GameOptions]] = AtonOptions

    def _check_options(self) -> None:
        try:
            self.layout = load_layout(self.opts.layout)
        except DataFileError as err:
            raise ConfigError(str(err)) from None

    @property
    def opts(self) -> AtonOptions:
        """The options, typed."""
        assert isinstance(self.options, AtonOptions)
        return self.options

    def allows_draw(self) -> bool:
        """Whether equal totals of 40 or more are a draw (option ``equal_40_tie="draw"``,
        rules/aton.md §6): only then may the players agree to one."""
        return self.opts.equal_40_tie == "draw"

    @property
    def num_players(self) -> int:
        return 2

    def new_initial_state(self, seed: int) -> AtonState:
        """A new game: decks shuffled from ``seed``, round 1 dealt (rules/aton.md §3, §4 step A).

        Raises:
            ConfigError: if ``seed`` is not a whole number (a NumPy integer is one).
        """
        return AtonState(self, read_seed(seed), self.layout)

    def undo_barrier(self, before: State, action: Action, after: State) -> bool:
        """True if ``action`` revealed hidden information (netjer.core.undo): see
        :mod:`netjer.games.aton.undo`."""
        return undo.undo_barrier(before, action, after)

    def parse_action(self, text: str) -> Action:
        return actions.parse_action(text)

    @property
    def num_distinct_actions(self) -> int:
        return len(actions.ALL_ACTIONS)

    def action_to_int(self, action: Action) -> int:
        try:
            return actions.CODES[action]
        except KeyError:
            raise ValueError(f"not an Aton action: {action!r}") from None

    def int_to_action(self, code: int) -> Action:
        return actions.ALL_ACTIONS[read_action_code(code, len(actions.ALL_ACTIONS), "Aton")]

    def seat_name(self, seat: int) -> str:
        return SEAT_NAMES[seat_number(seat, self.num_players)]
