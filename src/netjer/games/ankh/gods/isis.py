"""Isis, Queen of the Throne (rules/ankh.md §4.1; sources GG, J, P; worked case cases.md 28).

Power: each figure of Isis adjacent to an enemy figure is *Protected*: when it would be
killed in **Battle Resolution**, Isis may keep it alive, deciding figure by figure (P).  It
is no protection against the Plague of Locusts or anything else outside Battle Resolution
(§11.27).  A figure is still Protected if the adjacent enemy dies at the same moment
(cases.md 28): protection is judged on the board as it stands when Resolution kills.

Components: none.  Decision (phase ``isis-save``, task queued by the hook ``on_resolution``):
``save r,c`` for one Protected figure about to die, repeated, or ``done`` to let the others
die (keeping one alive is a choice: Isis may want a death for Miracle, say).

Rulings (docs/rules-coverage-ankh.md):

* "Enemy" and "Isis's figure" are read with who a figure counts for during the Conflict
  (§4.2 Seth): an Isis figure that Seth controls is Seth's and loses Isis's protection (S1:
  "the actual owner of the figures loses these advantages"); a figure next to Seth's God is an
  enemy of Isis if it counts for another god.
* Adjacency is the rulebook's (same region; a figure in water is adjacent to the land around
  it): GG's sentence about water spaces is cut off in our source, so nothing more is assumed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Final

from netjer.core.action import Action
from netjer.games.ankh.gods.base import ISIS, GodPower, Task, god_phase, register
from netjer.games.ankh.interned import DONE, SAVE
from netjer.games.ankh.notation import Save
from netjer.games.ankh.rules_queries import controllers
from netjer.i18n import N_

if TYPE_CHECKING:
    from netjer.core.state import JsonDict
    from netjer.games.ankh.state import AnkhState

SAVE_PHASE: Final = god_phase(ISIS, 0)


class IsisPower(GodPower):
    """Isis's Protected figures (§4.1)."""

    id: ClassVar[str] = "isis"
    name: ClassVar[str] = "Isis"
    summary: ClassVar[str] = (
        "Her figures adjacent to an enemy are Protected: in Battle Resolution she may keep them alive (GG, J, P)."
    )
    PHASES: ClassVar[dict[int, tuple[str, str, str]]] = {
        SAVE_PHASE: ("isis-save", N_("Ankh §4.1 Isis"), N_("keep a Protected figure alive ('save r,c'), or 'done'")),
    }

    def protected(self, st: AnkhState) -> list[int]:
        """The figures about to die in Battle Resolution that count for Isis and are adjacent
        to a figure counting for another god."""
        isis = self.holder(st)
        owners = controllers(st)
        adjacent = st.regions.adjacent
        return [
            h
            for h in st.battle.victims
            if owners[h] == isis and any(owners[x] >= 0 and owners[x] != isis for x in adjacent[h])
        ]

    def on_resolution(self, st: AnkhState) -> None:
        isis = self.holder(st)
        if isis in st.battle.gods and self.protected(st):
            st.queue_task(SAVE_PHASE, isis)

    def legal(self, st: AnkhState, task: Task) -> list[Action]:
        saves: list[Action] = [SAVE[h] for h in self.protected(st)]
        return [*saves, DONE] if saves else []

    def apply(self, st: AnkhState, task: Task, action: Action) -> None:
        if isinstance(action, Save):
            # Told by the action's words (narration.describe, public): the log does not tell it again.
            st.battle.victims.remove(action.hex)
            st.queue_task(SAVE_PHASE, task[1], front=True)

    def pending(self, st: AnkhState, task: Task) -> JsonDict:
        return {"protected": [st.board.hex_name(h) for h in self.protected(st)]}


POWER: Final = register(IsisPower())
