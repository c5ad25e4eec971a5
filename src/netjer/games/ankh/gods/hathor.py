"""Hathor, Selfless Followers (rules/ankh.md §4.2; S1, the primary source; cases.md 7, 9-11).

Power: after Hathor has fully resolved any effect for which she had to sacrifice Followers,
she may sacrifice 1 more Follower to place 1 figure from her pool adjacent to one of her
figures or one of her Monuments — placed only once the effect is fully resolved.  Special
cases (S1), all as the engine's checkpoints give them:

* Unlock Ankh Power: if the unlock gave her a Guardian, she may place that Guardian at once
  (the Guardian is in her pool before she decides, cases.md 9).
* Plague of Locusts: she places after the Plague is resolved, so the figure is not killed by
  it, but a Plague that follows may kill it; she may place a figure just killed by it
  (cases.md 7).  A bid of 0 sacrificed nothing: no trigger.
* Build Monument: she may place next to the Monument just built; with Inspiring the build
  costs nothing, so nothing triggers.
* A figure with its own placement rule ignores the adjacency (Apep onto any Water space,
  cases.md 11).
* Giving Followers to another god is not a sacrifice (Anubis's ransom, cases.md 10).

The sacrifices of the engine: Unlock (§2.1), Build Monument (§1), Plague bids (§1),
Worshipful (§2.2) — each calls the hook ``on_sacrifice`` when its effect is resolved.
Decision (phase ``hathor-place``): ``put <kind> r,c`` (paying 1 Follower), ``ransom`` first
for a Warrior held by Anubis (§4.1), or ``noplace``.

Rulings (docs/rules-coverage-ankh.md):

* Hathor's own extra Follower is not a sacrifice that triggers her power again (it would
  never end).  The placement is a summon for the other powers (§4.1 Ra's Sun token, when
  merged) and a Giant Scorpion aims after it (§3).
* Several sacrifices in one effect (one Plague round) trigger her once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Final

from netjer.core.action import Action
from netjer.games.ankh import actions
from netjer.games.ankh.catalogue import translate as _
from netjer.games.ankh.gods.base import HATHOR, GodPower, Task, god_phase, register
from netjer.games.ankh.interned import NOPLACE, RANSOM
from netjer.games.ankh.notation import Put
from netjer.games.ankh.terms import followers
from netjer.i18n import N_

if TYPE_CHECKING:
    from netjer.games.ankh.state import AnkhState

PLACE_PHASE: Final = god_phase(HATHOR, 0)
#: The extra Follower she sacrifices to place a figure.
PLACE_COST: Final = 1


class HathorPower(GodPower):
    """Hathor's extra placement after a sacrifice (§4.2)."""

    id: ClassVar[str] = "hathor"
    name: ClassVar[str] = "Hathor"
    summary: ClassVar[str] = (
        "After any effect she sacrificed Followers for, 1 more Follower places a figure next to her figures or "
        "Monuments (S1)."
    )
    PHASES: ClassVar[dict[int, tuple[str, str, str]]] = {
        PLACE_PHASE: (
            "hathor-place",
            N_("Ankh §4.2 Hathor"),
            N_("sacrifice 1 Follower to place a figure ('put warrior r,c') or 'noplace'"),
        ),
    }

    def on_sacrifice(self, st: AnkhState, god: int, amount: int) -> None:
        if god == self.holder(st):
            st.queue_task(PLACE_PHASE, god)

    def legal(self, st: AnkhState, task: Task) -> list[Action]:
        hathor = task[1]
        if st.followers[hathor] < PLACE_COST:
            return []
        out = actions.placements(st, hathor, actions.summon_spaces(st, hathor))
        if st.ransom or not out:
            return out
        if st.followers[hathor] < PLACE_COST + 1:  # the ransom's Follower comes on top of hers
            out = [a for a in out if a is not RANSOM]
        return [*out, NOPLACE] if out else []

    def apply(self, st: AnkhState, task: Task, action: Action) -> None:
        hathor = task[1]
        if action is RANSOM:
            st.ransom = True
            st.queue_task(PLACE_PHASE, hathor, front=True)
        elif isinstance(action, Put):
            # The figure is told by the action's words; the log adds the price and the space.
            st.note(
                _("  {hathor} sacrifices {followers} to place a figure on {space} (Hathor)"),
                hathor=st.god_name(hathor),
                followers=followers(PLACE_COST),
                space=st.board.hex_name(action.hex),
            )
            actions.place_from_pool(st, hathor, action.kind, action.hex)  # a ransom is paid first
            st.followers[hathor] -= PLACE_COST


POWER: Final = register(HathorPower())
