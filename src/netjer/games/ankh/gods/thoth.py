"""Thoth (rules/ankh.md §4): not yet implemented."""

from __future__ import annotations

from typing import ClassVar

from netjer.games.ankh.gods.base import GodPower, register


class ThothPower(GodPower):
    """Thoth's power."""

    id: ClassVar[str] = "thoth"
    name: ClassVar[str] = "Thoth"


POWER = register(ThothPower())
