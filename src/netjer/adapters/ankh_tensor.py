"""The declared Ankh observation tensor for the research adapters, at its first import path.

It lives in :mod:`netjer.tensors.ankh` (a layer under both the adapters and the agents: the
learned evaluation reads it too); this module offers the same objects.
"""

from __future__ import annotations

from netjer.tensors.ankh import (
    BATTLE_KEYS,
    GOD_F,
    GOD_KEYS,
    GODS,
    HEX_F,
    PENDING_HEXES,
    POWER_KEYS,
    REGIONS,
    SUPPLY_KEYS,
    TOKENS,
    TOP_KEYS,
    TRACK_KEYS,
    TRACK_MOVES,
    TURN_KEYS,
    AnkhEncoder,
    AnkhRowWriter,
    Block,
)

__all__ = [
    "BATTLE_KEYS",
    "GODS",
    "GOD_F",
    "GOD_KEYS",
    "HEX_F",
    "PENDING_HEXES",
    "POWER_KEYS",
    "REGIONS",
    "SUPPLY_KEYS",
    "TOKENS",
    "TOP_KEYS",
    "TRACK_KEYS",
    "TRACK_MOVES",
    "TURN_KEYS",
    "AnkhEncoder",
    "AnkhRowWriter",
    "Block",
]
