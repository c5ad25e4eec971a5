"""Ankh: Gods of Egypt (CMON / Eric M. Lang, 2021), base game, every god without god power.

Rules reference: rules/ankh.md.  Modules are named after the rulebook's chapters:
:mod:`~netjer.games.ankh.board` (hex map, regions, water, camels, §8),
:mod:`~netjer.games.ankh.scenarios` (§8.3), :mod:`~netjer.games.ankh.setup` (S0 setup),
:mod:`~netjer.games.ankh.cards` (§1), :mod:`~netjer.games.ankh.powers` (§2),
:mod:`~netjer.games.ankh.guardians` (§3), :mod:`~netjer.games.ankh.devotion` (§5),
:mod:`~netjer.games.ankh.events` (§6), :mod:`~netjer.games.ankh.actions` (§7),
:mod:`~netjer.games.ankh.battle` and :mod:`~netjer.games.ankh.conflict` (§10.1-10.3),
:mod:`~netjer.games.ankh.merge` (§10.4), :mod:`~netjer.games.ankh.victory` (§10.5-10.6);
:mod:`~netjer.games.ankh.notation` holds the actions' notation and codes,
:mod:`~netjer.games.ankh.state` the kernel contract, :mod:`~netjer.games.ankh.game` the
options and :mod:`~netjer.games.ankh.position` the public position builder
(docs/ankh-positions.md).
"""

from netjer.games.ankh.game import AnkhGame, AnkhOptions
from netjer.games.ankh.position import PositionSpec, build_position
from netjer.games.ankh.state import AnkhState

__all__ = ["AnkhGame", "AnkhOptions", "AnkhState", "PositionSpec", "build_position"]
