"""Amun, The Hidden One (rules/ankh.md §4.1; sources GG, PA2, J, P; cases.md 29; §11.29).

Components: the Amun token (two-sided, face up at the start).  Power: once per Conflict
event, in one Battle, Amun announces before the others commit their cards that he plays
**two** Battle cards; he gets both cards' effects and both strength bonuses.  The token is
then turned face down and turns face up again when the Conflict ends.

Decision (phase ``amun-two-cards``, queued by the hook ``on_battle_start`` in each battle
Amun takes part in while the token is up): ``amun`` or ``noamun``.  The engine then has him
choose two cards in turn, both secret until the reveal (``battle.two_cards``,
``battle.second_card``).  Timing (S1 Horus): after the Obelisk Attuned relocations and after
Horus names the forbidden card, before anyone chooses a card — so nobody has committed yet
(cases.md 29: once an opponent has chosen it is too late; in this engine the announcement
always comes first).

Rulings (docs/rules-coverage-ankh.md):

* Amun may announce only with two cards he may play (in hand, not forbidden by Horus, §4.2);
  the Cycle of Ma'at is always one of them, so he needs one other.
* Two different cards, so at most one Plague bid round and one Build from him; the Cycle of
  Ma'at among them returns every used card, both of this battle's included.
* A merged god holding Amun's power plays two cards once per Conflict too (the token is the
  merged god's).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Final

from netjer.core.action import Action
from netjer.games.ankh import battle
from netjer.games.ankh.catalogue import translate as _
from netjer.games.ankh.gods.base import AMUN, GodPower, Task, god_phase, register
from netjer.games.ankh.interned import AMUN as AMUN_ACTION
from netjer.games.ankh.interned import NOAMUN
from netjer.i18n import N_

if TYPE_CHECKING:
    from netjer.core.state import JsonDict
    from netjer.games.ankh.state import AnkhState

ANNOUNCE: Final = god_phase(AMUN, 0)


@dataclass(slots=True)
class AmunData:
    """The Amun token: face up (``up``) until used in this Conflict."""

    up: bool = True

    def copy(self) -> AmunData:
        return AmunData(self.up)


class AmunPower(GodPower):
    """Amun's two Battle cards (§4.1)."""

    id: ClassVar[str] = "amun"
    name: ClassVar[str] = "Amun"
    summary: ClassVar[str] = "Once per Conflict, in one Battle, plays two Battle cards (GG, PA2, J, P)."
    PHASES: ClassVar[dict[int, tuple[str, str, str]]] = {
        ANNOUNCE: (
            "amun-two-cards",
            N_("Ankh §4.1 Amun"),
            N_("play two Battle cards in this battle ('amun') or one ('noamun')"),
        ),
    }

    def data(self, st: AnkhState) -> AmunData:
        d = st.power_data[AMUN]
        assert isinstance(d, AmunData)
        return d

    def new_data(self, st: AnkhState, god: int) -> AmunData:
        return AmunData()

    def on_battle_start(self, st: AnkhState) -> None:
        amun = self.holder(st)
        if amun in st.battle.gods and self.data(st).up:
            st.queue_task(ANNOUNCE, amun)

    def legal(self, st: AnkhState, task: Task) -> list[Action]:
        amun = task[1]
        if not self.data(st).up or amun not in st.battle.gods or len(battle.allowed_cards(st, amun)) < 2:
            return []
        return [AMUN_ACTION, NOAMUN]

    def apply(self, st: AnkhState, task: Task, action: Action) -> None:
        if action is AMUN_ACTION:
            amun = task[1]
            st.battle.two_cards[amun] = True
            self.data(st).up = False
            st.note(_("  {amun} announces two Battle cards (Amun)"), amun=st.god_name(amun))

    def on_conflict_end(self, st: AnkhState) -> None:
        self.data(st).up = True

    def observe(self, st: AnkhState, viewer: int | None) -> JsonDict:
        return {"token": "up" if self.data(st).up else "down"}


POWER: Final = register(AmunPower())
