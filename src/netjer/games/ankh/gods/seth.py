"""Seth (rules/ankh.md §4): not yet implemented."""

from __future__ import annotations

from typing import ClassVar

from netjer.games.ankh.gods.base import GodPower, register


class SethPower(GodPower):
    """Seth's power."""

    id: ClassVar[str] = "seth"
    name: ClassVar[str] = "Seth"


POWER = register(SethPower())
