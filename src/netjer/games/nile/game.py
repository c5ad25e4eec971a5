"""``NileGame``: Dioses del Nilo's options and the factory of its states.

Dioses del Nilo (free print-and-play, itch.io): Isis against Seth.  Rules reference:
rules/nilo.md, a rendering of the seed text.  Every PROPOSAL there (what the seed leaves
open) is an option below with our default; docs/rules-coverage.md lists them.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field, field_validator

from netjer.core.action import Action
from netjer.core.game import Game, GameOptions, read_action_code, read_seed
from netjer.core.integers import seat_number
from netjer.core.state import State
from netjer.core.validation_messages import FieldProblem
from netjer.games.nile import actions, undo
from netjer.games.nile.board import MAX_COLUMNS, MIN_COLUMNS
from netjer.games.nile.soldiers import TOKENS_PER_SIDE
from netjer.games.nile.state import GOD, NileState
from netjer.i18n import N_

#: The option values as the lobby shows them ("three_each" as "three each"), marked for translation.
#: No code reads this tuple: the marks put the words in the ``nile`` catalogue, where the lobby's
#: ``translateLine`` finds them (lobby.js); without them the Spanish lobby shows English values.
OPTION_VALUE_WORDS = (N_("three each"), N_("triangular"))

#: Largest accepted ``no_fight_limit`` (keeps the proven length bound finite and small).
MAX_NO_FIGHT_LIMIT = 10_000


class NileOptions(GameOptions):
    """Dioses del Nilo's options; each is a PROPOSAL of rules/nilo.md (§3), default first.

    Titles and descriptions are English message ids (``N_``): the lobby shows them in the
    player's language (the ``nile`` catalogue), the schema itself stays English."""

    # rules/nilo.md §3.1 PROPOSAL (the seed gives no dimensions)
    columns: int = Field(
        3,
        title=N_("Columns"),
        description=N_(
            "How many columns the board has (odd, 3 to 9); each side always has a vanguard and a rearguard row. "
            "The rules do not give the board's size; we chose 3, the smallest board with a middle square."
        ),
    )
    # rules/nilo.md §3.2 PROPOSAL (the seed says only that one token is a 2)
    values: Literal["three_each", "triangular"] = Field(
        "three_each",
        title=N_("Values"),
        description=N_(
            "The numbers on each side's 15 soldiers: three each of 1 to 5, or five 1s, four 2s, three 3s, two 4s "
            "and one 5. The rules say only that one soldier is a 2; we chose three of each."
        ),
    )
    # rules/nilo.md §3.6 PROPOSAL (no blocking: the literal reading)
    blocking: bool = Field(
        False,
        title=N_("Blocking"),
        description=N_(
            "When on, a soldier in between blocks an attack: a vanguard soldier may attack the enemy rearguard "
            "only over an empty enemy vanguard square, a rearguard soldier only over an empty square of its own "
            "vanguard. Off by default, as the rules read literally."
        ),
    )
    # rules/nilo.md §3.6 PROPOSAL (it leaves: seed S9)
    defender_winner_stays: bool = Field(
        False,
        title=N_("Defender Winner Stays"),
        description=N_(
            "When on, a defender that wins a fight stays on its square, face up. Off by default: the rules send "
            "every winner back to its column, the defender too."
        ),
    )
    # rules/nilo.md §3.3 PROPOSAL
    owner_sees_drawn: bool = Field(
        True,
        title=N_("Owner Sees Drawn"),
        description=N_(
            "Players look at the tokens they draw. When off, a token placed face down stays unknown to its owner "
            "too until it is turned up. The rules do not say; we chose to let you look, as with a hand of cards."
        ),
    )
    # rules/nilo.md §3.8 PROPOSAL, §5.22
    exhaustion_draw: bool = Field(
        True,
        title=N_("Exhaustion Draw"),
        description=N_(
            "The game is drawn when neither side has a soldier left on the board or in its column. The rules have "
            "no draw rule; we added this one, since such a game could never end."
        ),
    )
    # rules/nilo.md §3.8 PROPOSAL
    no_fight_limit: int = Field(
        200,
        ge=1,
        le=MAX_NO_FIGHT_LIMIT,
        title=N_("No Fight Limit"),
        description=N_(
            "The game is drawn after this many combat actions in a row (moves, ends, declines) without a fight. "
            "The rules have no such limit; we added it so that no game goes on for ever."
        ),
    )
    # rules/nilo.md §3.8 PROPOSAL (threefold repetition)
    repetition_limit: int = Field(
        3,
        ge=0,
        title=N_("Repetition Limit"),
        description=N_(
            "The game is drawn when the same combat position occurs this many times; 0 turns the rule off. The "
            "rules are silent here; we chose three times, as in chess, so that a game cannot circle for ever."
        ),
    )

    @field_validator("columns")
    @classmethod
    def _odd_columns(cls, v: int) -> int:
        if not MIN_COLUMNS <= v <= MAX_COLUMNS or v % 2 == 0:
            message = N_("{field}: must be odd and {low}-{high} (a central rearguard needs an odd count), got {value}")
            raise FieldProblem(message, low=MIN_COLUMNS, high=MAX_COLUMNS, value=v)
        return v

    @field_validator("repetition_limit")
    @classmethod
    def _repetition(cls, v: int) -> int:
        if v == 1:
            raise FieldProblem(N_("{field}: must be 0 (off) or at least 2 (a position always occurs once)"))
        return v


class NileGame(Game):
    """Dioses del Nilo for two players: seat 0 is Seth (plays first, SEED S5), seat 1 Isis.

    Args:
        options: see :class:`NileOptions`; ``{}`` gives every default.

    Raises:
        ConfigError: for an unknown option or a refused value (e.g. an even ``columns``).
    """

    name: ClassVar[str] = "nile"
    title: ClassVar[str] = N_("Dioses del Nilo")  # a term, the published title in every language
    rules_version: ClassVar[str] = "1"
    options_model: ClassVar[type[GameOptions]] = NileOptions

    def _check_options(self) -> None:
        self._table = actions.action_table(self.opts.columns)

    @property
    def opts(self) -> NileOptions:
        """The options, typed."""
        assert isinstance(self.options, NileOptions)
        return self.options

    @property
    def num_players(self) -> int:
        return 2

    def new_initial_state(self, seed: int) -> NileState:
        """A new game: both columns shuffled from ``seed`` (SEED S4), placement phase of
        round 1 with both sides' first two tokens drawn, Seth to place (SEED S5, S7).

        Raises:
            ConfigError: if ``seed`` is not a whole number (a NumPy integer is one).
        """
        return NileState(self, read_seed(seed))

    def undo_barrier(self, before: State, action: Action, after: State) -> bool:
        """True if ``action`` revealed hidden information (netjer.core.undo): see
        :mod:`netjer.games.nile.undo`."""
        return undo.undo_barrier(before, action, after)

    def allows_draw(self) -> bool:
        """Yes: a game of Dioses del Nilo is drawn when neither side can attack again, after
        ``no_fight_limit`` combat actions without a fight, or on a repeated position
        (rules/nilo.md §3.8), so the players may also agree to one."""
        return True

    def parse_action(self, text: str) -> Action:
        return actions.parse_action(text, self.opts.columns)

    @property
    def num_distinct_actions(self) -> int:
        return len(self._table.all)

    def action_to_int(self, action: Action) -> int:
        try:
            return self._table.codes[action]
        except KeyError:
            raise ValueError(f"not a Dioses del Nilo action on this board: {action!r}") from None

    def int_to_action(self, code: int) -> Action:
        every = self._table.all
        return every[read_action_code(code, len(every), "Dioses del Nilo")]

    def seat_name(self, seat: int) -> str:
        return GOD[seat_number(seat, self.num_players)]

    def max_game_length(self) -> int:
        """A proven upper bound on the number of decisions in any game with these options.

        Decisions are placements, fights (attacks on a soldier), the winning attack and
        quiet combat actions (moves, ``end``, ``decline``).  With ``N = 30`` tokens, ``C``
        columns and ``L = no_fight_limit``:

        * every fight sends at least one token to a cemetery for good: at most ``N`` fights;
        * the quiet counter restarts only at a fight and the game is drawn when it reaches
          ``L``: at most ``L`` quiet actions after the start and after each fight, so at most
          ``(N + 1) * L`` in all;
        * a placement adds a soldier to the board; only fights take soldiers off (at most 2
          each), and the board holds ``4C``, 2 of them at the start: at most
          ``4C - 2 + 2N`` placements;
        * at most one winning attack.

        Returns:
            ``(N + 1) * L + 4C - 2 + 3N + 1``.
        """
        n = 2 * TOKENS_PER_SIDE
        return (n + 1) * self.opts.no_fight_limit + 4 * self.opts.columns - 2 + 3 * n + 1


__all__ = ["NileGame", "NileOptions"]
