"""Ra (rules/ankh.md §4): not yet implemented."""

from __future__ import annotations

from typing import ClassVar

from netjer.games.ankh.gods.base import GodPower, register


class RaPower(GodPower):
    """Ra's power."""

    id: ClassVar[str] = "ra"
    name: ClassVar[str] = "Ra"


POWER = register(RaPower())
