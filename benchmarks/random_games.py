"""The random playout the speed benchmarks share: uniformly random legal actions through the
public API (``legal_actions()`` then ``apply`` per decision), as a program using Netjer's
states would play them.  :meth:`netjer.core.state.State.play_random` is the faster loop a
search uses (no copy of the legal list, no legality check); the benchmarks measure this one,
the yardstick also timed for python-chess in ``playout.py``, each side drawing from the
same kind of generator (:data:`DRAWS`).

Imported by the scripts beside it (``python benchmarks/NAME.py`` puts this folder on the path).
"""

from __future__ import annotations

from typing import Any

from netjer.core import Rng
from netjer.core.rng import BufferedRng

#: The harness's generators of the draws, by ``--draws`` name: both give the same draws from the
#: same seed (so the same games), ``BufferedRng`` at about 1,750 machine instructions a draw
#: against ``Rng``'s 5,900 (docs/decisions/0029-playout-yardstick-draws.md).
DRAWS: dict[str, type[Rng]] = {"buffered": BufferedRng, "rng": Rng}


def play_to_the_end(state: Any, rng: Rng) -> int:
    """Play ``state`` to its end, each action ``legal[rng.below(len(legal))]`` of
    ``state.legal_actions()``; return the number of decisions taken (``state`` is changed)."""
    decisions = 0
    while not state.is_terminal:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        decisions += 1
    return decisions
