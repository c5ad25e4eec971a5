"""The twelve Ankh powers (rules/ankh.md §2.2) and the dashboard of §2.1.

A power is an index ``0..11`` in :data:`POWER_IDS` order, four per level (level = index // 4
+ 1); a god's unlocked powers are a 12-bit mask.  The dashboard's bottom row holds six Ankh
tokens: the ``k``-th unlock (1-based) takes the leftmost one, whose column is level
``(k + 1) // 2`` (§2.1: two tokens under each level column), and costs that many Followers.
Each power's effect is applied where its timing falls (Gain Followers, Summon, Conflict,
Battle); this module holds the data and the dashboard arithmetic.  The powers' levels
are read from ``data/powers.json``, which is checked against §2.2 when the module is imported
(:func:`validate_powers`: the twelve ids in code order, four per level).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Final

from netjer.core.errors import DataFileError

#: The power ids in code order; the data file must list exactly these (§2.2).
POWER_IDS: Final = (
    "commanding",
    "inspiring",
    "omnipresent",
    "revered",
    "resplendent",
    "obelisk-attuned",
    "temple-attuned",
    "pyramid-attuned",
    "glorious",
    "magnanimous",
    "bountiful",
    "worshipful",
)
COMMANDING: Final = 0
INSPIRING: Final = 1
OMNIPRESENT: Final = 2
REVERED: Final = 3
RESPLENDENT: Final = 4
OBELISK_ATTUNED: Final = 5
TEMPLE_ATTUNED: Final = 6
PYRAMID_ATTUNED: Final = 7
GLORIOUS: Final = 8
MAGNANIMOUS: Final = 9
BOUNTIFUL: Final = 10
WORSHIPFUL: Final = 11
NUM_POWERS: Final = 12
#: §2.1: six Ankh tokens on the dashboard's bottom row, two per level.
DASHBOARD_SLOTS: Final = 6
#: §2.1: at most two powers per level.
POWERS_PER_LEVEL_MAX: Final = 2


@dataclass(frozen=True)
class AnkhPower:
    """One Ankh power (rules/ankh.md §2.2).

    Attributes:
        id: the code name used in notation (``"obelisk-attuned"``).
        name: the printed name.
        level: 1, 2 or 3 (its cost in Followers, §2.1).

    What the power does is player-facing text: its entry in ``texts/<lang>.toml`` (same id).
    """

    id: str
    name: str
    level: int


def validate_powers(file_name: str, data: object) -> tuple[AnkhPower, ...]:
    """Check the power list against rules/ankh.md §2.2.

    Args:
        file_name: for messages.
        data: ``{"powers": [{"id", "name", "level"}, ...]}``.

    Returns:
        The twelve powers in :data:`POWER_IDS` order.

    Raises:
        DataFileError: unless the file lists exactly the twelve powers of §2.2 in code order,
            four per level 1, 2, 3.
    """

    def fail(msg: str) -> DataFileError:
        return DataFileError(f"Ankh powers {file_name}: {msg}")

    if not isinstance(data, dict) or not isinstance(data.get("powers"), list):
        raise fail("expected an object with a 'powers' list")
    out = []
    for i, p in enumerate(data["powers"], start=1):
        if not isinstance(p, dict) or not isinstance(p.get("id"), str) or not isinstance(p.get("name"), str):
            raise fail(f"entry #{i}: expected an object with string 'id' and 'name'")
        level = p.get("level")
        if level not in (1, 2, 3):
            raise fail(f"{p['name']}: level must be 1, 2 or 3, got {level!r}")
        assert isinstance(level, int)
        out.append(AnkhPower(id=p["id"], name=p["name"], level=level))
    ids = tuple(p.id for p in out)
    if ids != POWER_IDS:
        raise fail(f"expected the powers {', '.join(POWER_IDS)} in that order (§2.2), got {', '.join(ids)}")
    for i, p in enumerate(out):
        if p.level != i // 4 + 1:
            raise fail(f"{p.name} is a level {i // 4 + 1} power (§2.2), the file says {p.level}")
    return tuple(out)


@cache
def load_powers() -> tuple[AnkhPower, ...]:
    """The Ankh powers from ``data/powers.json`` (cached).

    Raises:
        DataFileError: if the file is not JSON or fails :func:`validate_powers`.
    """
    path = resources.files("netjer.games.ankh") / "data" / "powers.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as err:
        raise DataFileError(f"Ankh powers powers.json: line {err.lineno}: {err.msg}") from None
    return validate_powers("powers.json", data)


def unlock_level(unlocked: int) -> int:
    """The level of the next unlock after ``unlocked`` unlocks (0-5): 1, 1, 2, 2, 3, 3 (§2.1).

    Returns 0 when all six tokens are used.
    """
    return 0 if unlocked >= DASHBOARD_SLOTS else unlocked // 2 + 1


#: Each power's level (§2.2), as ``data/powers.json`` gives it (validated on import).
POWER_LEVEL: Final[tuple[int, ...]] = tuple(p.level for p in load_powers())
#: The powers of each level 1-3, ascending.
POWERS_OF_LEVEL: Final[dict[int, tuple[int, ...]]] = {
    level: tuple(i for i, x in enumerate(POWER_LEVEL) if x == level) for level in (1, 2, 3)
}


def free_powers(mask: int, level: int) -> list[int]:
    """The powers of ``level`` (:data:`POWER_LEVEL`) not in ``mask``, ascending (§2.1: a power
    is taken once)."""
    return [p for p in POWERS_OF_LEVEL[level] if not mask >> p & 1]


def power_names(mask: int) -> list[str]:
    """The ids of the powers in ``mask``, in code order."""
    return [POWER_IDS[p] for p in range(NUM_POWERS) if mask >> p & 1]
