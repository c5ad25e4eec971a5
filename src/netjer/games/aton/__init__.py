"""Aton (Thorsten Gimmler, Queen Games, 2005): two players, four cartouches, four temples.

Rules reference: rules/aton.md.  Entry point: :class:`AtonGame`.
"""

from netjer.games.aton.game import AtonGame, AtonOptions
from netjer.games.aton.state import AtonState

__all__ = ["AtonGame", "AtonOptions", "AtonState"]
