"""The fields of an Aton position, declared once, in named groups (the state pattern of
:mod:`netjer.core.fields`, as Ankh's :mod:`netjer.games.ankh.fields`).

Every attribute an :class:`~netjer.games.aton.state.AtonState` holds besides the kernel's is
one :class:`~netjer.core.fields.StateField` of :data:`FIELD_GROUPS`.  ``full_state`` is written
from the declaration (:func:`netjer.core.fields.write_fields`); ``clone`` is written out by hand
for speed and tests/games/test_state_fields.py checks it against the declaration, as it checks
that every attribute a state holds is declared and that docs/aton-state.md lists them all.

Rules reference: rules/aton.md (the section numbers below).
"""

from __future__ import annotations

from typing import Final

from netjer.core.fields import StateField, check_declaration
from netjer.core.fields import field_table as group_tables

_f = StateField

#: The fields, in the groups the documentation shows (and ``full_state`` writes them in).
FIELD_GROUPS: Final[tuple[tuple[str, tuple[StateField, ...]], ...]] = (
    (
        "game: fixed by the options when the state is made",
        (
            _f("layout", "the four temples' squares and their kinds (§2.1; `layout.py`)", json="game"),
            _f("_ban_first_round", "no removals in round 1 (option `first_round_removals`)", json="game"),
            _f("_return_kingdom", "the Kingdom's stones go back after scoring (option)", json="game"),
            _f("_tie_is_draw", "40 points for both at once is a draw (option `equal_40_tie`)", json="game"),
            _f("_blue_all_temples", "blue squares count in every temple (option)", json="game"),
            _f("_staged_reveal", "cartouches revealed two by two (option `reveal`)", json="game"),
        ),
    ),
    (
        "board: the temples and the Kingdom of the Dead",
        (
            _f("owner", "each of the 48 squares (temple * 12 + i): -1 empty, else the seat (§2.1)", "list"),
            _f(
                "count",
                "seat p's stones on kind k squares of temple t, at p * 24 + t * 6 + k (kept with owner)",
                "list",
            ),
            _f("empty", "empty squares of kind k in temple t, at t * 6 + k (kept with owner)", "list"),
            _f("supply", "each seat's stones neither on the board nor in the Kingdom (§1: 29 each)", "list"),
            _f("kingdom", "each seat's stones in the Kingdom of the Dead (§4 step G, §5)", "list"),
            _f("scores", "each seat's points (§4 step E, §5)", "list"),
        ),
    ),
    (
        "cards: decks, hands and cartouches",
        (
            _f("draw", "each seat's draw pile, top card last (§3.2)", "rows"),
            _f("known_bottom", "public cards under each pile: War cards put back (§4 step F)", "list"),
            _f("discard", "each seat's face-up discards: the round's played cards (§4 step H)", "rows"),
            _f("hidden_discard", "each seat's hands given up by an exchange, face down (§4 step B)", "rows"),
            _f("hand", "each seat's hand (§4 step A)", "rows"),
            _f("cartouches", "each seat's four cartouches, 0 = empty (§4 step C)", "rows"),
            _f("revealed", "how many of each seat's cartouches are face up: 0, 2 or 4 (§4 step D)", "list"),
            _f("exchange_counter", "whether each seat still holds its exchange counter (§4 step B)", "list"),
            _f("exchange_choice", "each seat's exchange decision, None undecided (§4 step B)", "list"),
        ),
    ),
    (
        "turn: round, phase and who acts",
        (
            _f("round", "the current round, from 1 (§4)"),
            _f("phase", "the decision point: exchange, assign, remove, place or over", json="phase"),
            _f("to_move", "the seat to decide"),
            _f(
                "order",
                "the round's acting order: by cartouche 2, then 1, then War (§4 step F)",
                "list",
            ),
            _f("turn", "0: the first player's turn of the round, 1: the second's (§4 step G)"),
            _f("removals_left", "stones still to remove by cartouche 2 (§4 step G.1)"),
            _f("victim", "whose stones the current removals take (§4 step G.1)"),
            _f("placements_left", "stones still to place by cartouche 4 (§4 step G.2)"),
        ),
    ),
    (
        "end: result and log",
        (
            _f("winner", "the winning seat, -1 a draw, -2 while the game goes on (§6)"),
            _f("win_reason", "why the game ended, in words"),
            _f("log", "the public events, one line each, in order", "list"),
        ),
    ),
)

#: Every field, in group order.
FIELDS: Final[tuple[StateField, ...]] = tuple(f for _, group in FIELD_GROUPS for f in group)

check_declaration(FIELDS, "Aton")


def field_table() -> str:
    """The field list of docs/aton-state.md (:func:`netjer.core.fields.field_table`).

    Returns:
        Markdown text ending with a newline.
    """
    return group_tables(FIELD_GROUPS)
