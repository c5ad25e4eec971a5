"""Horus, The Eye of Horus (rules/ankh.md §4.2; S1, the primary source; cases.md 14; §11.30).

Components: 2 Eye tokens on his board.  At the start of each Conflict event Horus may put an
Eye on each of up to 2 regions where a Battle will take place (even where he has no figure).
At the start of a Battle in a region with an Eye, the Eye returns to his board and Horus
names a Battle card other than the Cycle of Ma'at: nobody may play it in this battle, Horus
included.  A player who played it takes it back and plays the Cycle of Ma'at instead (in this
engine the forbidden card is simply not offered: ``battle.forbidden_card``; a player left
with nothing else plays the Cycle of Ma'at, which is always in hand).

Timing (S1): the Eyes go down at the start of the Conflict after Omnipresent and the Giant
Scorpions (rulings table); the card is named after every Obelisk Attuned relocation and
before Amun decides on two cards (hook priority).

Decisions: ``eye <token>`` (phase ``horus-eye``; the region by its Conflict Order token),
repeated, or ``done``; ``forbid <card>`` (phase ``horus-forbid``).

Rulings (docs/rules-coverage-ankh.md):

* "A region in which a Battle will take place" is judged when the Eyes are placed: two or
  more gods present (by who the figures count for, §4.2 Seth).  If the battle no longer
  takes place (Seth's Obelisk Attuned), the Eye stays until the end of the Conflict.
* Every Eye returns to Horus at the end of each Conflict (they are placed anew each time).
* Naming a card is mandatory once an Eye is used (S1: "choose a Battle card").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, Final

from netjer.core.action import Action
from netjer.games.ankh.cards import CYCLE, NUM_CARDS
from netjer.games.ankh.gods.base import HORUS, GodPower, Task, god_phase, register
from netjer.games.ankh.interned import DONE, EYE, FORBID
from netjer.games.ankh.notation import Eye, Forbid
from netjer.i18n import N_

if TYPE_CHECKING:
    from netjer.core.state import JsonDict
    from netjer.games.ankh.state import AnkhState

EYE_PHASE: Final = god_phase(HORUS, 0)
FORBID_PHASE: Final = god_phase(HORUS, 1)
EYES: Final = 2


@dataclass(slots=True)
class HorusData:
    """The Conflict Order tokens of the regions holding an Eye."""

    eyes: list[int] = field(default_factory=list)

    def copy(self) -> HorusData:
        return HorusData(self.eyes[:])


class HorusPower(GodPower):
    """Horus's Eyes (§4.2)."""

    id: ClassVar[str] = "horus"
    name: ClassVar[str] = "Horus"
    summary: ClassVar[str] = (
        "At each Conflict, Eyes on up to 2 battle regions; there he forbids a card (not the Cycle of Ma'at) (S1)."
    )
    PHASES: ClassVar[dict[int, tuple[str, str, str]]] = {
        EYE_PHASE: (
            "horus-eye",
            N_("Ankh §4.2 Horus"),
            N_("put an Eye on a region where a Battle will be ('eye 3'), 'done'"),
        ),
        FORBID_PHASE: (
            "horus-forbid",
            N_("Ankh §4.2 Horus"),
            N_("forbid a card other than the Cycle of Ma'at ('forbid chariots')"),
        ),
    }
    PRIORITY: ClassVar[dict[str, int]] = {"on_battle_start": -1}

    def data(self, st: AnkhState) -> HorusData:
        d = st.power_data[HORUS]
        assert isinstance(d, HorusData)
        return d

    def new_data(self, st: AnkhState, god: int) -> HorusData:
        return HorusData()

    def battle_regions(self, st: AnkhState) -> list[int]:
        """Tokens of the regions not yet resolved where a Battle will take place (2+ gods)."""
        out = []
        for r in st.conflict_order[st.conflict_index :]:
            if len(st.gods_present(st.region_hexes(r))) >= 2:
                out.append(st.token_of_region[r])
        return sorted(out)

    def on_conflict_start(self, st: AnkhState) -> None:
        st.queue_task(EYE_PHASE, self.holder(st))

    def legal(self, st: AnkhState, task: Task) -> list[Action]:
        phase = task[0]
        if phase == FORBID_PHASE:
            return [FORBID[c] for c in range(NUM_CARDS) if c != CYCLE]
        eyes = self.data(st).eyes
        if len(eyes) >= EYES:
            return []
        out: list[Action] = []
        for t in self.battle_regions(st):
            e = EYE[t]
            if t not in eyes and e is not None:
                out.append(e)
        return [*out, DONE] if out else []

    def apply(self, st: AnkhState, task: Task, action: Action) -> None:
        horus = task[1]
        if isinstance(action, Eye):
            # Told by the action's words (narration.describe, public): the log does not tell it again.
            self.data(st).eyes.append(action.token)
            st.queue_task(EYE_PHASE, horus, front=True)
        elif isinstance(action, Forbid):
            # Told by the action's words (narration.describe, public): the log does not tell it again.
            st.battle.forbidden_card = action.card

    def on_battle_start(self, st: AnkhState) -> None:
        eyes = self.data(st).eyes
        token = st.token_of_region[st.battle.region]
        if token in eyes:
            eyes.remove(token)
            st.queue_task(FORBID_PHASE, self.holder(st))

    def on_conflict_end(self, st: AnkhState) -> None:
        self.data(st).eyes.clear()

    def observe(self, st: AnkhState, viewer: int | None) -> JsonDict:
        eyes = self.data(st).eyes
        return {"eyes_on_regions": sorted(eyes), "eyes_free": EYES - len(eyes)}


POWER: Final = register(HorusPower())
