"""Seth, The Traitor (rules/ankh.md §4.2 "Set"; S1, the primary source; cases.md 1-5; §11.33).

Power: during Conflict events, enemy Warriors and Guardians adjacent to Seth's God figure
count as Seth's figures, not their owner's, for everything: presence (a player whose every
Warrior and Guardian in a region is next to Seth is not in that region; with no one else it
becomes Seth's Domination), strength and Guardian effects, adjacency and position effects
(Temple Attuned, Flood, Drought...), Ra's Radiant bonus.  The owner loses those advantages.
If Seth wins a Battle or a Plague, those figures are not killed (they are his); if he loses,
they die and every effect of their death is his (his Miracle counts them; an enemy Cat-Mummy's
loss and an enemy Mummy's return resolve for him).  Obelisk Attuned relocations change
control at once (moving Seth next to figures takes them, moving them away gives them back),
and may end a Battle; Obelisk Attuned is used only by a god that still has figures counting
for it in the region (S1).

Engine data: the hook ``control`` gives, during a Conflict, who each figure counts for
(:func:`netjer.games.ankh.rules_queries.controllers`); every rule of a Conflict reads it.  No component, no decision.

Rulings (docs/rules-coverage-ankh.md):

* "Adjacent" is the rulebook's (same region; water touching land: an Apep in water next to
  Seth's God counts for him).  Gods are never taken.
* Outside Conflicts nothing changes (moves, summons, Bastet's cats, Gain Followers...); the
  start of a Conflict (Omnipresent, Horus's Eyes) is during the Conflict event.
* An enemy Mummy killed while it counts for Seth returns next to *Seth's* God (Seth
  chooses the space; it is still its owner's figure, counting for Seth again there); an enemy
  Cat-Mummy's death costs every god but Seth 1 Devotion, its owner included.
* Anubis may trap a Warrior that dies while Seth controls it if its owner is not Anubis (§4.1).
* A merged god holding Seth's power uses its own God figure (the major god's, §10.4).
* Obelisk Attuned moves the figures that count for the god using it (S1: "with Obelisk
  Attuned you may move opposing figures that are adjacent to Seth" — said to Seth's player;
  away from him they are their owner's again, who may so join a battle).  So an owner may not
  move its figures while Seth controls them: S1 says they count as Seth's "and not as the
  opponent's".  cases.md 5 reads the sentence as the owner's right instead; the seed, our
  primary source for Seth, settles it.  A Giant Scorpion moved this way is aimed by the player
  who moved it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Final

from netjer.games.ankh.gods.base import GodPower, register
from netjer.games.ankh.pieces import GOD
from netjer.games.ankh.rules_queries import controllers, god_hex

if TYPE_CHECKING:
    from netjer.core.state import JsonDict
    from netjer.games.ankh.state import AnkhState


class SethPower(GodPower):
    """Seth's control of the enemy figures next to his God during Conflicts (§4.2)."""

    id: ClassVar[str] = "seth"
    name: ClassVar[str] = "Seth"
    summary: ClassVar[str] = (
        "During Conflicts, enemy Warriors and Guardians adjacent to his God figure count as his figures (S1)."
    )

    def control(self, st: AnkhState, owners: list[int]) -> list[int]:
        seth = self.holder(st)
        gh = god_hex(st, seth)
        if gh < 0:
            return owners
        out = owners
        fig = st.figure
        for x in st.regions.adjacent[gh]:
            o = owners[x]
            if o >= 0 and o != seth and fig[x] != GOD:
                if out is owners:
                    out = owners[:]
                out[x] = seth
        return out

    def observe(self, st: AnkhState, viewer: int | None) -> JsonDict:
        owners = controllers(st)
        fown = st.figure_owner
        if owners is fown:  # outside Conflicts, or nothing taken: controllers returns the owners
            return {"controls": []}
        name = st.board.hex_name
        return {"controls": [name(h) for h, (o, f) in enumerate(zip(owners, fown, strict=True)) if o != f]}


POWER: Final = register(SethPower())
