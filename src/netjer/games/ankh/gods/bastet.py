"""Bastet (rules/ankh.md §4): not yet implemented."""

from __future__ import annotations

from typing import ClassVar

from netjer.games.ankh.gods.base import GodPower, register


class BastetPower(GodPower):
    """Bastet's power."""

    id: ClassVar[str] = "bastet"
    name: ClassVar[str] = "Bastet"


POWER = register(BastetPower())
