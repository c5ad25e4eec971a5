"""Piece kinds of Ankh as small integers (rules/ankh.md §3, §4, §9).

Figures (stored in ``AnkhState.figure``): the God figure, Warriors and the six Guardian types
in the order of ``data/guardians.json`` (:func:`netjer.games.ankh.setup.load_guardians`).
Monuments (stored in ``AnkhState.monument``): Obelisk, Temple, Pyramid, in the order of
:data:`netjer.games.ankh.scenarios.MONUMENT_KINDS`.
"""

from __future__ import annotations

from typing import Final

from netjer.games.ankh.scenarios import MONUMENT_KINDS
from netjer.games.ankh.setup import load_guardians

#: Figure kinds.  Guardian kinds are 2 + their index in the Guardian catalogue.
GOD: Final = 0
WARRIOR: Final = 1
CAT_MUMMY: Final = 2
SATET: Final = 3
MUMMY: Final = 4
APEP: Final = 5
SCORPION: Final = 6
ANDROSPHINX: Final = 7
FIGURE_IDS: Final[tuple[str, ...]] = ("god", "warrior", *(g.id for g in load_guardians()))
NUM_FIGURE_KINDS: Final = 8
#: The figures a player may summon: a Warrior or a Guardian (§7.3).
SUMMONABLE: Final = tuple(range(WARRIOR, NUM_FIGURE_KINDS))
#: Guardian kind -> level (1-3), and -> base size ("small"/"large") (§3).
GUARDIAN_LEVEL: Final[dict[int, int]] = {2 + i: g.level for i, g in enumerate(load_guardians())}
GUARDIAN_BASE: Final[dict[int, str]] = {2 + i: g.base for i, g in enumerate(load_guardians())}
#: §3: each god has 2 small and 2 large coloured bases.
BASES_PER_SIZE: Final = 2

#: Monument kinds (§9).
OBELISK: Final = 0
TEMPLE: Final = 1
PYRAMID: Final = 2
MONUMENT_IDS: Final[tuple[str, ...]] = MONUMENT_KINDS
NUM_MONUMENT_KINDS: Final = 3

if FIGURE_IDS[2:] != ("cat-mummy", "satet", "mummy", "apep", "giant-scorpion", "androsphinx"):  # pragma: no cover
    raise RuntimeError("data/guardians.json must list the Guardian types in the order the engine's codes assume")
if MONUMENT_IDS != ("obelisk", "temple", "pyramid"):  # pragma: no cover
    raise RuntimeError("the monument kinds must be obelisk, temple, pyramid")
