"""Isis (rules/ankh.md §4): not yet implemented."""

from __future__ import annotations

from typing import ClassVar

from netjer.games.ankh.gods.base import GodPower, register


class IsisPower(GodPower):
    """Isis's power."""

    id: ClassVar[str] = "isis"
    name: ClassVar[str] = "Isis"


POWER = register(IsisPower())
