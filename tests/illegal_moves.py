"""An illegal move in each game whose refusal cites a rule with words in it (issue 32): shared
by the terminal's and the server's checks that the rule is told in the player's language
(tests/cli/test_refusals_in_language.py, tests/server/test_error_languages.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from netjer.core.errors import IllegalActionError
from netjer.core.state import State
from netjer.games.registry import make_game


@dataclass(frozen=True)
class IllegalMove:
    """``illegal`` typed after the legal ``before`` in ``game`` (``options``, ``seed``)."""

    game: str
    seed: int
    illegal: str
    before: tuple[str, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def domains(self) -> tuple[str, str]:
        """The catalogues its words come from."""
        return ("common", self.game)

    def position(self) -> State:
        """The position where ``illegal`` is typed."""
        game = make_game(self.game, self.options)
        state = game.new_initial_state(self.seed)
        for text in self.before:
            state.apply(game.parse_action(text))
        return state

    def refusal(self) -> IllegalActionError:
        """The engine's refusal of ``illegal`` (its rule and reason in the process's language)."""
        state = self.position()
        return state.illegal(make_game(self.game, self.options).parse_action(self.illegal))


#: One per game, each refused with a rule that has words to translate (Aton's exchange counter,
#: Dioses del Nilo's placement phase, Ankh's Move Figures).
ILLEGAL_MOVES = (
    IllegalMove("aton", 7, "place 1Y"),
    IllegalMove("nile", 3, "end"),
    IllegalMove("ankh", 1, "to 4,4", ("move",), {"players": 2, "gods": "none", "first_player": 0}),
)
