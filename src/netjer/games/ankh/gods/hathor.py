"""Hathor (rules/ankh.md §4): not yet implemented."""

from __future__ import annotations

from typing import ClassVar

from netjer.games.ankh.gods.base import GodPower, register


class HathorPower(GodPower):
    """Hathor's power."""

    id: ClassVar[str] = "hathor"
    name: ClassVar[str] = "Hathor"


POWER = register(HathorPower())
