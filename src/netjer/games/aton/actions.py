"""Aton's actions, their notation and their fixed integer codes.

Every decision of rules/aton.md §4 is one of:

=================  ==============  ==================================================
notation           code            decision
=================  ==============  ==================================================
``assign 1..4``    0..3            put a card of that value face down on the next
                                   empty cartouche (1, then 2, then 3; the fourth card
                                   goes to cartouche 4 by itself) — step C
``keep``           4               keep the hand (exchange counter unused) — step B
``exchange``       5               hand in the exchange counter for 4 new cards — step B
``place 2Y``       6..29           place a stone on an empty square of that kind in
                                   that temple — step G.2
``remove 3K``      30..53          remove a stone on a square of that kind in that
                                   temple — step G.1
=================  ==============  ==================================================

Squares of one kind in one temple are interchangeable (rules/aton.md §2.1: position has no
rule effect), so an action names a temple and a kind, not a square.  Kinds: ``Y`` yellow,
``G`` green, ``K`` black, ``B`` blue, ``+1`` and ``+2`` bonus squares.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from netjer.core.action import Action
from netjer.core.errors import ActionSyntaxError
from netjer.core.game import read_action_text
from netjer.games.aton.layout import KINDS, NUM_KINDS, NUM_TEMPLES
from netjer.i18n import N_
from netjer.i18n_sentences import Sentence


@dataclass(frozen=True, slots=True)
class Assign(Action):
    """Put a card of ``value`` (1-4) on the next empty cartouche."""

    value: int

    def __str__(self) -> str:
        return f"assign {self.value}"


@dataclass(frozen=True, slots=True)
class Exchange(Action):
    """Use the exchange counter (``take=True``) or keep the hand (``take=False``)."""

    take: bool

    def __str__(self) -> str:
        return "exchange" if self.take else "keep"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Place a stone on an empty square of ``kind`` (index into KINDS) in ``temple`` (0-3)."""

    temple: int
    kind: int

    def __str__(self) -> str:
        return f"place {self.temple + 1}{KINDS[self.kind]}"


@dataclass(frozen=True, slots=True)
class Remove(Action):
    """Remove a stone on a square of ``kind`` in ``temple`` (0-3) to the Kingdom of the Dead."""

    temple: int
    kind: int

    def __str__(self) -> str:
        return f"remove {self.temple + 1}{KINDS[self.kind]}"


# Interned actions: one object each, so legal_actions() returns shared references.
ASSIGN: Final[tuple[Assign, ...]] = tuple(Assign(v) for v in range(5))  # index = value; [0] unused
KEEP: Final = Exchange(False)
EXCHANGE: Final = Exchange(True)
PLACE: Final[tuple[Place, ...]] = tuple(Place(t, k) for t in range(NUM_TEMPLES) for k in range(NUM_KINDS))
REMOVE: Final[tuple[Remove, ...]] = tuple(Remove(t, k) for t in range(NUM_TEMPLES) for k in range(NUM_KINDS))

#: Every action, indexed by its integer code.
ALL_ACTIONS: Final[tuple[Action, ...]] = (*ASSIGN[1:], KEEP, EXCHANGE, *PLACE, *REMOVE)
CODES: Final[dict[Action, int]] = {a: i for i, a in enumerate(ALL_ACTIONS)}
BY_TEXT: Final[dict[str, Action]] = {str(a).lower(): a for a in ALL_ACTIONS}

_SPACES = re.compile(r"\s+")


def parse_action(text: str) -> Action:
    """Read an action in Aton notation (case and extra spaces ignored: ``"Place 2 y"``).

    Raises:
        ActionSyntaxError: if the text is not an Aton action, or not a text at all.
    """
    norm = _SPACES.sub(" ", read_action_text(text, "Aton").strip().lower())
    action = BY_TEXT.get(norm)
    if action is None:
        # Accept "place 2 y" and "place 2+1" as well as "place 2y".
        m = re.fullmatch(r"(place|remove) ([1-4]) ?(y|g|k|b|\+1|\+2)", norm)
        if m:
            action = BY_TEXT[f"{m[1]} {m[2]}{m[3]}"]
    if action is None:
        raise ActionSyntaxError(
            Sentence(
                N_(
                    "{text} is not an Aton action; expected 'assign 1'..'assign 4', 'keep', 'exchange', "
                    "'place <temple><kind>' or 'remove <temple><kind>' with temple 1-4 and kind Y, G, K, B, +1, +2"
                ),
                text=repr(text),
            )
        )
    return action
