"""What each god's Devotion at the next Conflict is worth, for the Ankh heuristic's version 2
(``heuristic:version=2``, :class:`netjer.agents.heuristic.ankh.StakesModel`).

Today's heuristic (version 1) values every god's expected Conflict gains alike, the other
gods' counting at their mean times ``RIVALRY``: an opponent about to win at the top of the
Devotion track weighs no more than one far behind, so two heuristic seats let a god at 27
Devotion win through a Domination (issue 35).  Devotion is not linear in what it buys:

* reaching the top of the track wins at once (rules/ankh.md §5,
  :data:`netjer.games.ankh.devotion.DEVOTION_MAX`), so the gains of a god whose expected
  Conflict could take it there weigh :data:`TOP_WEIGHT` times more, whoever it is;
* after the Conflict that forgets the gods in the red section (§10.5,
  :data:`netjer.games.ankh.conflict.FORGOTTEN_AFTER`; :func:`~netjer.games.ankh.rules_queries.in_red`)
  a god in the red near its edge has everything at stake: its gains weigh
  :data:`RED_WEIGHT` times more before that Conflict (for the god itself, climbing out; for
  its rivals, keeping it in: in 2 and 3 players a forgotten rival may end the game).

Every rule question (the top space, which Conflict forgets, who is in the red) is the
engine's; only the weights are the heuristic's.
"""

from __future__ import annotations

from collections.abc import Sequence

from netjer.games.ankh.conflict import FORGOTTEN_AFTER
from netjer.games.ankh.devotion import DEVOTION_MAX
from netjer.games.ankh.rules_queries import in_red
from netjer.games.ankh.state import AnkhState

#: The weight of a god's expected Conflict gains when they could take it to the top.
TOP_WEIGHT = 3.0
#: Devotion beyond the expected Conflict a god may still find (a Battle card, Ra's Radiant
#: bonus, Glorious, a won tie): a god whose expected gains come within this of the top
#: counts as threatening to reach it.
TOP_MARGIN = 2.0
#: The weight of a god's gains before the Conflict that forgets the red section, when it is
#: in the red within :data:`RED_MARGIN` of its edge after its expected gains.
RED_WEIGHT = 2.0
#: How far below the red section's edge (after the expected gains) still counts as near it.
RED_MARGIN = 3.0


def stake_weights(state: AnkhState, conflict: Sequence[float]) -> list[float]:
    """Per god, how much its Devotion at the next Conflict weighs (1 for an ordinary god).

    Args:
        state: the position (public fields only: Devotion, living gods, Conflicts fought).
        conflict: each god's expected Devotion from the next Conflict (the heuristic's
            :attr:`~netjer.agents.heuristic.ankh.Model.conflict`), one per god.

    Returns:
        One weight per god: :data:`TOP_WEIGHT` if its Devotion plus its expected gains plus
        :data:`TOP_MARGIN` reach the top of the track; else :data:`RED_WEIGHT` if the next
        Conflict forgets the red section and it is in the red, its expected gains taking it
        within :data:`RED_MARGIN` of the edge or beyond; else 1.  A forgotten god: 0.
    """
    forgetting = state.conflicts == FORGOTTEN_AFTER - 1
    out = []
    for o in range(state.n):
        if not state.alive[o]:
            out.append(0.0)
            continue
        reach = state.devotion[o] + conflict[o]
        if reach + TOP_MARGIN >= DEVOTION_MAX:
            out.append(TOP_WEIGHT)
        elif forgetting and in_red(state, o) and reach + RED_MARGIN > state.red_max:
            out.append(RED_WEIGHT)
        else:
            out.append(1.0)
    return out
