"""Ra (rules/ankh.md §4.1; sources J, P; the official epithet is not confirmed).

Components: 3 Sun tokens.  When Ra summons a Warrior or Guardian (never the God figure) he
may attach a free Sun token to it: the figure is *Radiant*.  When Ra dominates a region or
wins a Battle there while a Radiant figure of his is in it, the reward is +1 Devotion (part of
the same gain).  The token returns to Ra when the figure dies or leaves the board.

Engine data: the Sun token is the figure's ``badge`` bit :data:`SUN` (it travels with the
figure when it moves and is cleared when it leaves the board), so the free tokens are the
three minus the badges on the board.  Decision (phase ``ra-sun``, queued by the hook
``on_summoned``): ``sun`` or ``nosun`` for the figure just placed.

Rulings (docs/rules-coverage-ankh.md):

* "Summon" is every placement of a figure from Ra's pool: the Summon action and its extras
  (Pyramid Attuned, Osiris's Underworld when merged), a Mummy returning next to its God (P:
  the return counts as a summon — so Ra's Radiant Mummy that dies loses its token and may
  take one again when it returns), Hathor's placement (when merged).
* The bonus reads who the figures count for during the Conflict (§4.2 Seth, S1): a Radiant
  figure adjacent to Seth gives the +1 to Seth if he dominates or wins there, not to Ra.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING, ClassVar, Final

from netjer.core.action import Action
from netjer.games.ankh.gods.base import RA, GodPower, Task, god_phase, register
from netjer.games.ankh.interned import NOSUN
from netjer.games.ankh.interned import SUN as SUN_ACTION
from netjer.games.ankh.pieces import GOD
from netjer.i18n import N_

if TYPE_CHECKING:
    from netjer.core.state import JsonDict
    from netjer.games.ankh.state import AnkhState

SUN_PHASE: Final = god_phase(RA, 0)
#: The badge bit of a Sun token; Ra has three.
SUN: Final = 1
SUN_TOKENS: Final = 3
#: Extra Devotion for a domination or a battle won with a Radiant figure present.
RADIANT_BONUS: Final = 1


class RaPower(GodPower):
    """Ra's Sun tokens and Radiant figures (§4.1)."""

    id: ClassVar[str] = "ra"
    name: ClassVar[str] = "Ra"
    summary: ClassVar[str] = (
        "A summoned figure may take one of 3 Sun tokens (Radiant); +1 Devotion for a domination or a battle won "
        "with a Radiant figure there (J, P)."
    )
    PHASES: ClassVar[dict[int, tuple[str, str, str]]] = {
        SUN_PHASE: ("ra-sun", N_("Ankh §4.1 Ra"), N_("make the figure just summoned Radiant ('sun') or not ('nosun')")),
    }
    #: The last observed badges and the spaces of their Radiant figures (the view is built
    #: again only when the badges differ; a field written by any means shows at once).
    _seen: tuple[list[int], tuple[str, ...]] | None = None

    def radiant(self, st: AnkhState) -> list[int]:
        """The hexes of the Radiant figures, ascending."""
        badge = st.badge
        return [h for h in compress(range(len(badge)), badge) if badge[h] & SUN]  # badged hexes only

    def free_tokens(self, st: AnkhState) -> int:
        """Sun tokens not on a figure."""
        return SUN_TOKENS - len(self.radiant(st))

    def on_summoned(self, st: AnkhState, god: int, h: int) -> None:
        if god == self.holder(st) and st.figure[h] != GOD:
            st.queue_task(SUN_PHASE, god, h)

    def legal(self, st: AnkhState, task: Task) -> list[Action]:
        _, god, h = task
        if st.figure_owner[h] != god or st.badge[h] & SUN or not self.free_tokens(st):
            return []
        return [SUN_ACTION, NOSUN]

    def apply(self, st: AnkhState, task: Task, action: Action) -> None:
        if action is SUN_ACTION:
            h = task[2]
            st.badge[h] |= SUN
            # Told by the action's words (narration.describe): the log does not tell it again.

    def gain_bonus(self, st: AnkhState, god: int, hexes: tuple[int, ...], owners: list[int]) -> int:
        badge = st.badge
        return RADIANT_BONUS if any(badge[h] & SUN and owners[h] == god for h in hexes) else 0

    def pending(self, st: AnkhState, task: Task) -> JsonDict:
        return {"figure": st.board.hex_name(task[2])}

    def observe(self, st: AnkhState, viewer: int | None) -> JsonDict:
        seen = self._seen  # (a copy of the badges, the Radiant figures' spaces), replaced whole
        if seen is None or seen[0] != st.badge:
            name = st.board.hex_name
            seen = self._seen = (st.badge[:], tuple(name(h) for h in self.radiant(st)))
        spaces = seen[1]
        return {"sun_tokens_free": SUN_TOKENS - len(spaces), "radiant": list(spaces)}


POWER: Final = register(RaPower())
