"""The seven Battle cards (rules/ankh.md §1), loaded from ``data/cards.json``.

Every god holds the same seven cards.  A card is an index ``0..6`` in :data:`CARD_IDS`
order; a set of cards is a 7-bit mask (bit ``c`` = card ``c``), which is how the state keeps
each god's used (face-up) cards.  The effects themselves are applied by the battle steps
(:mod:`netjer.games.ankh.battle`); this module holds the data and the small pure helpers.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Final

from mypy_extensions import mypyc_attr

from netjer.core.errors import DataFileError

#: The card ids in code order; the data file must list exactly these (§1).
CARD_IDS: Final = ("plague", "build", "chariots", "cycle", "drought", "flood", "miracle")
PLAGUE: Final = 0
BUILD: Final = 1
CHARIOTS: Final = 2
CYCLE: Final = 3
DROUGHT: Final = 4
FLOOD: Final = 5
MIRACLE: Final = 6
NUM_CARDS: Final = 7
#: §1 strength bonuses: Plague +1, Chariots +3, Drought +1 (rulings table), others 0.
EXPECTED_STRENGTH: Final = {"plague": 1, "build": 0, "chariots": 3, "cycle": 0, "drought": 1, "flood": 0, "miracle": 0}


@mypyc_attr(native_class=False)  # compiled, only a plain class unpickles (Makefile)
@dataclass(frozen=True)
class BattleCard:
    """One Battle card (rules/ankh.md §1).

    Attributes:
        id: the code name used in notation (``"chariots"``).
        name: the printed name (``"Chariots"``).
        strength: the strength bonus it adds in Battle Resolution (if its player has figures left).

    What the card does is player-facing text: its entry in ``texts/<lang>.toml``.
    """

    id: str
    name: str
    strength: int


def validate_cards(file_name: str, data: object) -> tuple[BattleCard, ...]:
    """Check the card list against rules/ankh.md §1.

    Args:
        file_name: for messages.
        data: ``{"cards": [{"id", "name", "strength"}, ...]}``.

    Returns:
        The seven cards in :data:`CARD_IDS` order.

    Raises:
        DataFileError: unless the file lists exactly the seven cards of §1, in code order,
            with the strength bonuses of §1 and the rulings table (Drought +1).
    """

    def fail(msg: str) -> DataFileError:
        return DataFileError(f"Ankh Battle cards {file_name}: {msg}")

    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise fail("expected an object with a 'cards' list")
    cards = []
    for i, c in enumerate(data["cards"], start=1):
        if not isinstance(c, dict) or not isinstance(c.get("id"), str) or not isinstance(c.get("name"), str):
            raise fail(f"entry #{i}: expected an object with string 'id' and 'name'")
        strength = c.get("strength")
        if not isinstance(strength, int) or isinstance(strength, bool):
            raise fail(f"{c['name']}: 'strength' must be an integer")
        cards.append(BattleCard(id=c["id"], name=c["name"], strength=strength))
    ids = tuple(c.id for c in cards)
    if ids != CARD_IDS:
        raise fail(f"expected the cards {', '.join(CARD_IDS)} in that order (§1), got {', '.join(ids)}")
    for c in cards:
        if c.strength != EXPECTED_STRENGTH[c.id]:
            raise fail(f"{c.name} adds {EXPECTED_STRENGTH[c.id]} strength (§1), the file says {c.strength}")
    return tuple(cards)


@cache
def load_cards() -> tuple[BattleCard, ...]:
    """The Battle cards from ``data/cards.json`` (cached).

    Raises:
        DataFileError: if the file is not JSON or fails :func:`validate_cards`.
    """
    path = resources.files("netjer.games.ankh") / "data" / "cards.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as err:
        raise DataFileError(f"Ankh Battle cards cards.json: line {err.lineno}: {err.msg}") from None
    return validate_cards("cards.json", data)


#: Strength bonus per card index (§1), from the data file.
CARD_STRENGTH: Final[tuple[int, ...]] = tuple(c.strength for c in load_cards())


def hand_of(used: int) -> list[int]:
    """The cards in hand (ascending indices) for a used-card mask (§1: used cards are face up
    and unavailable until a Cycle of Ma'at)."""
    return [c for c in range(NUM_CARDS) if not used >> c & 1]


def card_names(mask: int) -> list[str]:
    """The ids of the cards in ``mask``, in code order."""
    return [CARD_IDS[c] for c in range(NUM_CARDS) if mask >> c & 1]
