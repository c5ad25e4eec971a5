"""Osiris (rules/ankh.md §4): not yet implemented."""

from __future__ import annotations

from typing import ClassVar

from netjer.games.ankh.gods.base import GodPower, register


class OsirisPower(GodPower):
    """Osiris's power."""

    id: ClassVar[str] = "osiris"
    name: ClassVar[str] = "Osiris"


POWER = register(OsirisPower())
