"""Anubis (rules/ankh.md §4): not yet implemented."""

from __future__ import annotations

from typing import ClassVar

from netjer.games.ankh.gods.base import GodPower, register


class AnubisPower(GodPower):
    """Anubis's power."""

    id: ClassVar[str] = "anubis"
    name: ClassVar[str] = "Anubis"


POWER = register(AnubisPower())
