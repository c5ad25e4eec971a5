"""The fields of a Dioses del Nilo position, declared once, in named groups (the state pattern
of :mod:`netjer.core.fields`, as Ankh's and Aton's).

Every attribute a :class:`~netjer.games.nile.state.NileState` holds besides the kernel's is one
:class:`~netjer.core.fields.StateField` of :data:`FIELD_GROUPS`.  ``full_state`` is written from
the declaration (:func:`netjer.core.fields.write_fields`, with the forms of
:data:`netjer.games.nile.state.JSON_FORMS`); ``clone`` is written out by hand for speed and
tests/games/test_state_fields.py checks it against the declaration, as it checks that every
attribute a state holds is declared and that docs/nile-state.md lists them all.

Rules reference: rules/nilo.md (``S1``-``S13``: the seed's facts, §2; ``§3.x``: the proposals,
each an option of :class:`~netjer.games.nile.game.NileOptions`).
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
            _f("geo", "the board's squares, columns, vanguard and rearguard (§3.1; `board.py`)", json="game"),
            _f("_table", "the action codes of this board size (`actions.py`)", json="game"),
            _f("_moves", "per square, the moves of a soldier there (§3.5)", json="game"),
            _f("_attacks", "per square, the attacks from there (S10, §3.6)", json="game"),
            _f("_index", "square names to square numbers", json="game"),
            _f("_blocking", "a soldier in between blocks an attack (option `blocking`, §3.6)", json="game"),
            _f("_stays", "the defender's winner stays on its square (option, §3.6)", json="game"),
            _f("_sees", "an owner sees its drawn face-down tokens (option `owner_sees_drawn`, §3.3)", json="game"),
            _f("_exhaustion", "a draw when nobody can attack again (option `exhaustion_draw`, §3.8)", json="game"),
            _f("_limit", "combat actions without a fight before a draw (option `no_fight_limit`, §3.8)", json="game"),
            _f("_rep_limit", "repetitions of a position before a draw (option `repetition_limit`, §3.8)", json="game"),
        ),
    ),
    (
        "tokens: the board, columns, hands and cemeteries",
        (
            _f("board", "the token on each square, -1 none (S2)", "list"),
            _f("val", "each token's value, never changed after setup: clones share it (S3, §3.2)", key="values"),
            _f("up", "whether each token is face up, its value public (S9, §3.5)", "list", key="face_up"),
            _f("col", "each side's column, bottom (drawn next) first (§3.3)", "rows", key="columns"),
            _f("hand", "each side's drawn tokens not yet placed, in draw order (S7)", "rows", key="hands"),
            _f("dead", "each side's cemetery, face up, in order of death (S9)", "rows", key="cemeteries"),
        ),
    ),
    (
        "turn: phase, hourglass and the draw rules' counters",
        (
            _f("clock", "the side holding the hourglass (S5, S11)", key="hourglass"),
            _f("phase", "placement, combat, final_action (the one action after an end) or over", json="phase"),
            _f("to_move", "the side to act"),
            _f("ender", "the side that ended the combat phase, -1 none (S11, §3.7)"),
            _f("round", "the current placement + combat round, from 1 (S6)"),
            _f("quiet", "combat actions since the last fight (§3.8, option `no_fight_limit`)"),
            _f(
                "reps",
                "how often each combat position occurred (§3.8, option `repetition_limit`)",
                "dict",
                json="repetitions",
                key="repetitions",
            ),
            _f(
                "_colkey",
                "both columns when combat began, a part of each repetition key (a fight clears the repetitions)",
                json="derived",
            ),
        ),
    ),
    (
        "end: result and log",
        (
            _f("winner", "the winning side, -1 a draw, -2 while the game goes on (S12, §3.8)"),
            _f("reason", "why the game ended, in words"),
            _f("events", "the public events of the last action: a tag and public facts", json="events"),
            _f("log", "every public event, as a chain of the actions' events shared by clones", json="log"),
        ),
    ),
)

#: Every field, in group order.
FIELDS: Final[tuple[StateField, ...]] = tuple(f for _, group in FIELD_GROUPS for f in group)

check_declaration(FIELDS, "Dioses del Nilo")


def field_table() -> str:
    """The field list of docs/nile-state.md (:func:`netjer.core.fields.field_table`).

    Returns:
        Markdown text ending with a newline.
    """
    return group_tables(FIELD_GROUPS)
