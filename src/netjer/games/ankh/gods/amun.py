"""Amun (rules/ankh.md §4): not yet implemented."""

from __future__ import annotations

from typing import ClassVar

from netjer.games.ankh.gods.base import GodPower, register


class AmunPower(GodPower):
    """Amun's power."""

    id: ClassVar[str] = "amun"
    name: ClassVar[str] = "Amun"


POWER = register(AmunPower())
