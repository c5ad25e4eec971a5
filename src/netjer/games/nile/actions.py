"""Dioses del Nilo's actions, their notation and their fixed integer codes.

Every decision of rules/nilo.md §4 is one of these (squares are named as in
:mod:`netjer.games.nile.board`: column letter, row 1-4):

======================  =============================================================
notation                decision
======================  =============================================================
``place 4 a2``          placement phase: put the hand token of value 4 face up on a2
                        (SEED S7)
``place 4 b1 down``     ... face down; only in the own rearguard (SEED S7)
``place ? a1 down``     ... the next hand token whose value its owner has not seen
                        (option ``owner_sees_drawn=false``, rules/nilo.md §3.3)
``move a2 b2``          combat: move a soldier one square orthogonally (SEED S8)
``attack a2 a3``        combat: attack the enemy square straight ahead (SEED S8, S10)
``end``                 combat: end the turn; the opponent gets one last action (S11)
``decline``             the opponent's answer to ``end``: take no last action (S11)
======================  =============================================================

Codes: the place actions for every value (0 = ``?``), square and face; then a move and an
attack for every ordered pair of distinct squares (most are never legal, so that refusing
them can name the rule); then ``end`` and ``decline``.  The table depends on the number of
columns, so it is built per board size by :func:`action_table`.  Actions are interned:
``legal_actions()`` and the parser return the table's objects.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Final

from netjer.core.action import Action
from netjer.core.errors import ActionSyntaxError
from netjer.core.game import read_action_text
from netjer.games.nile.board import LETTERS, geometry
from netjer.games.nile.soldiers import MAX_VALUE
from netjer.i18n import N_
from netjer.i18n_sentences import Sentence

#: The ``value`` of a place action for a token its owner has not looked at.
UNSEEN: Final = 0


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Put a hand token on an empty square of the own half (SEED S7, rules/nilo.md §3.4).

    Attributes:
        value: the token's value, or :data:`UNSEEN` (0) for "the next unseen token".
        square: the square's name (``"b1"``).
        down: face down (only allowed in the rearguard, SEED S7).
    """

    value: int
    square: str
    down: bool

    def __str__(self) -> str:
        v = "?" if self.value == UNSEEN else str(self.value)
        return f"place {v} {self.square}{' down' if self.down else ''}"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move the soldier on ``src`` to ``dst`` (SEED S8; one orthogonal step in the own half)."""

    src: str
    dst: str

    def __str__(self) -> str:
        return f"move {self.src} {self.dst}"


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """The soldier on ``src`` attacks the enemy square ``dst`` (SEED S8-S10, S12)."""

    src: str
    dst: str

    def __str__(self) -> str:
        return f"attack {self.src} {self.dst}"


@dataclass(frozen=True, slots=True)
class End(Action):
    """End the turn: the opponent then has exactly one more action (SEED S11)."""

    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """Take no last action after the opponent ended; you place first next (SEED S11)."""

    def __str__(self) -> str:
        return "decline"


END: Final = End()
DECLINE: Final = Decline()


@dataclass(frozen=True)
class ActionTable:
    """Every action of a board size, with its codes (build with :func:`action_table`).

    Attributes:
        columns: the board's number of columns.
        all: every action, indexed by integer code.
        codes: the code of each action.
        by_text: each action by its lower-case notation.
        place: ``place[(value * size + square) * 2 + down]`` is that place action.
        move: ``move[src * size + dst]`` is that move (``None`` when ``src == dst``).
        attack: ``attack[src * size + dst]`` likewise.
    """

    columns: int
    all: tuple[Action, ...]
    codes: dict[Action, int]
    by_text: dict[str, Action]
    place: tuple[Place, ...]
    move: tuple[Move | None, ...]
    attack: tuple[Attack | None, ...]


@cache
def action_table(columns: int) -> ActionTable:
    """The interned actions and codes of a board with ``columns`` columns (cached).

    Raises:
        ValueError: if ``columns`` is not a valid board size (see ``board.geometry``).
    """
    geo = geometry(columns)
    size, names = geo.size, geo.names
    place = tuple(Place(v, names[sq], bool(d)) for v in range(MAX_VALUE + 1) for sq in range(size) for d in (0, 1))
    move = tuple(Move(names[a], names[b]) if a != b else None for a in range(size) for b in range(size))
    attack = tuple(Attack(names[a], names[b]) if a != b else None for a in range(size) for b in range(size))
    every: tuple[Action, ...] = (
        *place,
        *(m for m in move if m is not None),
        *(a for a in attack if a is not None),
        END,
        DECLINE,
    )
    return ActionTable(
        columns=columns,
        all=every,
        codes={a: i for i, a in enumerate(every)},
        by_text={str(a): a for a in every},
        place=place,
        move=move,
        attack=attack,
    )


_SPACES = re.compile(r"\s+")
_SQ = r"([a-z])(\d+)"
_FORMS = (
    (re.compile(rf"place (\?|\d+) {_SQ}(?: (down|up))?"), "place"),
    (re.compile(rf"(?:move |m )?{_SQ}(?: ?- ?| ){_SQ}"), "move"),
    (re.compile(rf"move {_SQ} {_SQ}"), "move"),
    (re.compile(rf"(?:attack |a )?{_SQ} ?x ?{_SQ}"), "attack"),
    (re.compile(rf"attack {_SQ} {_SQ}"), "attack"),
)
_SYNONYMS = {"end turn": "end", "pass": "decline", "no action": "decline"}
#: Not an action: one catalogue message with the accepted forms, so that a translation keeps
#: the notation words as typed and translates the rest (issue 32: the most common error).
_NOT_AN_ACTION = N_(
    "{text} is not a Dioses del Nilo action; expected 'place <value> <square> [down]' (or "
    "'place ? <square> [down]' for an unseen token), 'move <from> <to>' (or 'a2-b2'), "
    "'attack <from> <target>' (or 'a2xa3'), 'end' or 'decline'"
)


def parse_action(text: str, columns: int) -> Action:
    """Read an action in Dioses del Nilo notation (case and extra spaces ignored).

    Args:
        text: e.g. ``"place 4 b1 down"``, ``"a2-b2"``, ``"attack a2 a3"``, ``"end"``.
        columns: the board's number of columns (square names depend on it).

    Returns:
        The interned action.

    Raises:
        ActionSyntaxError: if the text is not an action on this board (unknown word, a
            square off the board, a value no token has, a square moved or attacked onto
            itself), with the accepted forms; or if ``text`` is not a text at all.
    """
    table = action_table(columns)
    norm = _SPACES.sub(" ", read_action_text(text, "Dioses del Nilo").strip().lower())
    norm = _SYNONYMS.get(norm, norm)
    action = table.by_text.get(norm)
    if action is not None:
        return action
    geo = geometry(columns)
    for pattern, kind in _FORMS:
        m = pattern.fullmatch(norm)
        if not m:
            continue
        groups = m.groups()
        if kind == "place":
            value_text, letter, row, face = groups
            value = UNSEEN if value_text == "?" else int(value_text)
            if not 1 <= value <= MAX_VALUE and value_text != "?":
                raise ActionSyntaxError(
                    Sentence(
                        N_("{text}: soldier values are 1-{highest} (or '?' for an unseen token)"),
                        text=repr(text),
                        highest=MAX_VALUE,
                    )
                )
            sq = _square(geo.index, letter, row, columns, text)
            return table.place[(value * geo.size + sq) * 2 + (face == "down")]
        a = _square(geo.index, groups[0], groups[1], columns, text)
        b = _square(geo.index, groups[2], groups[3], columns, text)
        if a == b:
            raise ActionSyntaxError(Sentence(N_("{text}: the two squares must differ"), text=repr(text)))
        found = (table.move if kind == "move" else table.attack)[a * geo.size + b]
        assert found is not None
        return found
    raise ActionSyntaxError(Sentence(_NOT_AN_ACTION, text=repr(text)))


def _square(index: dict[str, int], letter: str, row: str, columns: int, text: str) -> int:
    name = f"{letter}{row}"
    if name not in index:
        raise ActionSyntaxError(
            Sentence(
                N_("{text}: there is no square {square} on this board (columns a-{last}, rows 1-4)"),
                text=repr(text),
                square=name,
                last=LETTERS[columns - 1],
            )
        )
    return index[name]
