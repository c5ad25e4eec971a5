"""Anubis, The Embalmer (rules/ankh.md §4.1; sources GG, PA2, J, P).

Components: 3 slots on his board.  Power: whenever enemy Warriors are killed, Anubis may
trap **one** of them in a free slot (the Plague and Battle Resolution are separate moments:
up to one each).  In Battle Resolution the Anubis God figure has +1 strength per trapped
Warrior (at most +3), only when it is in the battle.  An opponent may summon a trapped
Warrior of theirs instead of one from their pool by paying 1 Follower to Anubis.  Merge: the
minor god's Warriors leave the slots; if Anubis is the minor god, the major god's trapped
Warriors return to its pool, the others stay trapped by the merged god (P).  If Anubis is
forgotten, every trapped Warrior returns to its owner (GG, P).

Decisions: ``trap <player>`` or ``notrap`` (phase ``anubis-trap``, queued by the hook
``on_killed``; the Warriors are alike, so only their owner is chosen); an opponent's
``ransom`` before ``put warrior r,c`` (the engine's summons, hooks ``can_ransom``/``on_ransom``).

Rulings (docs/rules-coverage-ankh.md):

* Any killing is a moment: the Plague, Battle Resolution, Bastet's star cat (§4.2).
* An enemy Warrior is one owned by another god; a Warrior that dies while Seth controls it
  (§4.2: its death effects are Seth's) may be trapped if its owner is not Anubis's god, and
  is trapped as its owner's (only its owner may buy it back).  Anubis never traps his own.
* The God figure's bonus counts only while the figure counts for Anubis and is not
  neutralised by an enemy Androsphinx (§3: the figure's whole strength is 0).  A merged god
  holding Anubis's power gives the bonus to its God figure (the major god's: the minor god's
  figure leaves the board, §10.4).
* A bought-back Warrior is summoned like any other (also by Hathor's placement, §4.2); paying
  Anubis is not a sacrifice (S1 Hathor).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, Final

from netjer.core.action import Action
from netjer.games.ankh.catalogue import translate as _
from netjer.games.ankh.gods.base import ANUBIS, Dead, GodPower, Task, god_phase, register
from netjer.games.ankh.interned import NOTRAP, TRAP
from netjer.games.ankh.notation import Trap
from netjer.games.ankh.pieces import WARRIOR
from netjer.games.ankh.rules_queries import god_hex, neutralised
from netjer.i18n import N_

if TYPE_CHECKING:
    from netjer.core.state import JsonDict
    from netjer.games.ankh.state import AnkhState

TRAP_PHASE: Final = god_phase(ANUBIS, 0)
SLOTS: Final = 3
RANSOM_FOLLOWERS: Final = 1


@dataclass(slots=True)
class AnubisData:
    """The owners of the trapped Warriors; ``god``: the god holding the power when last seen
    (to tell, at a merge, whether Anubis was the minor god)."""

    slots: list[int] = field(default_factory=list)
    god: int = -1

    def copy(self) -> AnubisData:
        return AnubisData(self.slots[:], self.god)


class AnubisPower(GodPower):
    """Anubis's trapped Warriors (§4.1)."""

    id: ClassVar[str] = "anubis"
    name: ClassVar[str] = "Anubis"
    summary: ClassVar[str] = (
        "Traps one killed enemy Warrior per killing (3 slots): +1 strength each for his God figure; owners buy "
        "them back for 1 Follower when summoning (GG, PA2, J, P)."
    )
    PHASES: ClassVar[dict[int, tuple[str, str, str]]] = {
        TRAP_PHASE: (
            "anubis-trap",
            N_("Ankh §4.1 Anubis"),
            N_("trap a killed Warrior of a player ('trap 2') or not ('notrap')"),
        ),
    }

    def data(self, st: AnkhState) -> AnubisData:
        d = st.power_data[ANUBIS]
        assert isinstance(d, AnubisData)
        return d

    def new_data(self, st: AnkhState, god: int) -> AnubisData:
        return AnubisData(god=god)

    # --- trapping --------------------------------------------------------------------------

    def on_killed(self, st: AnkhState, dead: list[Dead]) -> None:
        anubis = self.holder(st)
        if len(self.data(st).slots) >= SLOTS:
            return
        mask = 0
        for _hex, kind, owner, _god in dead:
            if kind == WARRIOR and owner != anubis:
                mask |= 1 << owner
        if mask:
            st.queue_task(TRAP_PHASE, anubis, mask)

    def legal(self, st: AnkhState, task: Task) -> list[Action]:
        mask = task[2]
        if len(self.data(st).slots) >= SLOTS:
            return []
        traps: list[Action] = [TRAP[g] for g in range(st.n) if mask >> g & 1 and st.warriors_pool[g] > 0]
        return [*traps, NOTRAP] if traps else []

    def apply(self, st: AnkhState, task: Task, action: Action) -> None:
        if isinstance(action, Trap):
            g = action.god
            st.warriors_pool[g] -= 1
            # Told by the action's words (narration.describe, public): the log does not tell it again.
            self.data(st).slots.append(g)

    # --- strength, ransom ----------------------------------------------------------------------

    def strength(self, st: AnkhState, god: int, owners: list[int]) -> int:
        if god != self.holder(st):
            return 0
        gh = god_hex(st, god)
        if gh < 0 or owners[gh] != god or gh not in st.battle.hexes or neutralised(st, gh, god, owners):
            return 0
        return len(self.data(st).slots)

    def can_ransom(self, st: AnkhState, god: int) -> bool:
        return god != self.holder(st) and god in self.data(st).slots and st.followers[god] >= RANSOM_FOLLOWERS

    def on_ransom(self, st: AnkhState, god: int) -> None:
        anubis = self.holder(st)
        self.data(st).slots.remove(god)
        st.followers[god] -= RANSOM_FOLLOWERS
        st.followers[anubis] += RANSOM_FOLLOWERS
        st.note(
            _("{god} pays {n} Follower to {anubis} for its trapped Warrior"),
            god=st.god_name(god),
            n=RANSOM_FOLLOWERS,
            anubis=st.god_name(anubis),
        )

    # --- merge, forgotten, views -----------------------------------------------------------------

    def on_merge(self, st: AnkhState, major: int, minor: int) -> None:
        d = self.data(st)
        if d.god == minor:  # Anubis was the minor god: the major god's Warriors go home (P)
            st.warriors_pool[major] += d.slots.count(major)
            d.slots = [o for o in d.slots if o != major]
        else:  # the minor god's Warriors leave the game with it
            st.removed_warriors[minor] += d.slots.count(minor)
            d.slots = [o for o in d.slots if o != minor]
        d.god = self.holder(st)

    def on_forgotten(self, st: AnkhState, god: int) -> None:
        d = self.data(st)
        if god == d.god:  # Anubis forgotten: every trapped Warrior returns to its owner
            for o in d.slots:
                if st.alive[o]:
                    st.warriors_pool[o] += 1
                else:
                    st.removed_warriors[o] += 1
            d.slots = []
        else:
            st.removed_warriors[god] += d.slots.count(god)
            d.slots = [o for o in d.slots if o != god]

    def observe(self, st: AnkhState, viewer: int | None) -> JsonDict:
        return {"trapped": list(self.data(st).slots)}


POWER: Final = register(AnubisPower())
