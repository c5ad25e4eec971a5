"""Dioses del Nilo (free print-and-play, itch.io): Isis against Seth on a board of vanguards
and rearguards, with face-down soldier tokens.

Code name ``nile``; the published name "Dioses del Nilo" appears in every user-facing text.
Rules reference: rules/nilo.md.  Entry point: :class:`NileGame`.
"""

from netjer.games.nile.game import NileGame, NileOptions
from netjer.games.nile.state import NileState

__all__ = ["NileGame", "NileOptions", "NileState"]
