"""Horus (rules/ankh.md §4): not yet implemented."""

from __future__ import annotations

from typing import ClassVar

from netjer.games.ankh.gods.base import GodPower, register


class HorusPower(GodPower):
    """Horus's power."""

    id: ClassVar[str] = "horus"
    name: ClassVar[str] = "Horus"


POWER = register(HorusPower())
