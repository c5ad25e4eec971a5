"""Ankh: Gods of Egypt (CMON / Eric M. Lang, 2021), base game.

Rules reference: rules/ankh.md.  Modules are named after the rulebook's chapters:
:mod:`~netjer.games.ankh.board` (hex map, regions, water, camels, §8),
:mod:`~netjer.games.ankh.scenarios` (the eight setups of §8.3) and
:mod:`~netjer.games.ankh.setup` (the initial position, §3, §5, §7.2, S0 setup).  The turn,
events, conflict, battle, powers, guardians, devotion, merge and victory engine comes next.
"""
