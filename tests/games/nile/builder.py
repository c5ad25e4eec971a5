"""Positions for the Dioses del Nilo tests, written as board diagrams.

A diagram lists rows 4 (Isis's rearguard) down to 1 (Seth's rearguard), one line each,
``<row> | <cell> <cell> ...`` with cells ``.`` (empty), ``4`` (a face-up 4) or ``?4`` (a
face-down 4).  The owner of a token is the side whose half holds it (rows 1-2 Seth, 3-4
Isis).  Token lists (columns, hands) are the same cell words separated by spaces, a column
bottom first: ``"3 ?4 ?5"`` draws the face-up 3 next.
"""

from __future__ import annotations

from typing import Any, Literal

from netjer.games.nile import NileGame, NileState
from netjer.games.nile.board import LETTERS
from netjer.games.nile.position import Token, build_position

SETH, ISIS = 0, 1
SIDES = {"Seth": SETH, "Isis": ISIS}


def tokens(text: str) -> list[Token]:
    """``"3 ?4"`` -> ``[(3, True), (4, False)]``."""
    out = []
    for word in text.split():
        out.append((int(word[1:]), False) if word.startswith("?") else (int(word), True))
    return out


def parse_diagram(diagram: str) -> dict[str, Token]:
    """The tokens of a diagram by square name."""
    board: dict[str, Token] = {}
    for line in diagram.strip().splitlines():
        label, bar, cells = line.partition("|")
        if not bar:
            continue
        row = int(label.strip())
        for col, word in enumerate(cells.split()):
            if word != ".":
                board[f"{LETTERS[col]}{row}"] = tokens(word)[0]
    return board


def position(
    diagram: str,
    *,
    to_move: Literal["Seth", "Isis"] = "Seth",
    phase: Literal["placement", "combat", "final_action"] = "combat",
    seth_column: str = "",
    isis_column: str = "",
    seth_hand: str = "",
    isis_hand: str = "",
    seth_cemetery: str = "",
    isis_cemetery: str = "",
    leftover: Literal["cemetery", "column"] = "cemetery",
    quiet: int = 0,
    **options: Any,
) -> NileState:
    """Build a position from a diagram (see the module docstring) and game options."""
    return build_position(
        NileGame(options),
        board=parse_diagram(diagram),
        columns=(tokens(seth_column), tokens(isis_column)),
        hands=(tokens(seth_hand), tokens(isis_hand)),
        cemeteries=([v for v, _ in tokens(seth_cemetery)], [v for v, _ in tokens(isis_cemetery)]),
        phase=phase,
        to_move=SIDES[to_move],
        leftover=leftover,
        quiet=quiet,
    )


def legal(state: NileState) -> set[str]:
    """The notations of the legal actions."""
    return {str(a) for a in state.legal_actions()}


def play(state: NileState, *actions: str) -> NileState:
    """Apply actions given in notation; returns the state for chaining."""
    for text in actions:
        state.apply_text(text)
    return state


def at(state: NileState, square: str) -> tuple[str, int, bool] | None:
    """``(owner, value, face_up)`` of the token on ``square``, or None (omniscient)."""
    t = state.board[state.geo.index[square]]
    if t < 0:
        return None
    return (("Seth", "Isis")[t >> 4], state.val[t], state.up[t])


def column_values(state: NileState, side: int) -> list[tuple[int, bool]]:
    """A side's column, bottom first, as ``(value, face_up)``."""
    return [(state.val[t], state.up[t]) for t in state.col[side]]


def cemetery(state: NileState, side: int) -> list[int]:
    """A side's cemetery values, in order of death."""
    return [state.val[t] for t in state.dead[side]]
