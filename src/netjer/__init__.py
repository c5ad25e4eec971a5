"""Netjer: rules engines, AI players and tools for board games of the Egyptian gods.

The package is layered (see DESIGN.md): :mod:`netjer.core` is the game-agnostic kernel,
:mod:`netjer.games` holds one package per game, and agents, simulation, the CLI and the
server build only on the kernel's contract.
"""

__version__ = "0.1.0"
