"""Shared helpers of the god-power tests (positions from :mod:`tests.games.ankh.builder`)."""

from __future__ import annotations

from typing import Any

from netjer.games.ankh import AnkhState
from tests.games.ankh.builder import position, start_conflict


def battle(players: int, pieces: list[str], gods: str, **kw: Any) -> AnkhState:
    """A position with these ``gods`` whose next action (seat A: move, done) fires a Conflict."""
    return start_conflict(position(players, pieces, gods=gods, next_event="conflict", **kw))


def log_has(state: AnkhState, text: str) -> bool:
    """Whether a log line contains ``text``."""
    return any(text in line for line in state.log)
