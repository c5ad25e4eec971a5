"""Thoth, Wisdom of Ma'at (rules/ankh.md §4.2; S1, the primary source; cases.md 13; §11.32).

Components: the scale on his board.  Power: in each Battle he takes part in, after every
card is chosen and before they are revealed, Thoth may put 1 Follower **from the general
supply** on his scale and guess which card one opponent in the battle played.  The cards are
then revealed; before the next battle step a wrong guess gives every Follower on the scale to
that opponent, a right one leaves them there.  At the end of each Conflict event, before
every other effect (merge, forgotten gods...), Thoth takes the Followers off the scale and
gains 1 Devotion per Follower.

Decision (phase ``thoth-guess``, queued by the hook ``before_reveal``): ``guess <player>
<card>`` or ``noguess``.  The guess is public; the cards it is about are still secret (the
observation hides them, and ``determinize`` re-deals them).  A card revealed early cannot be
changed and may be guessed (cases.md 13): this engine never reveals a card early, but when an
opponent has only one card it may play (six face up: the Cycle of Ma'at) Thoth knows it just
the same.

Rulings (docs/rules-coverage-ankh.md):

* Thoth may name only a card the opponent could have played (in hand, not forbidden by
  Horus): any other guess would simply be wrong.
* Against Amun playing two cards, the guess is right if it names either of them.
* The scale's Devotion is one gain (Bountiful adds 1 once); the Followers set aside go back
  to the general supply.  If Thoth is forgotten or merged, the scale goes with his power.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Final

from netjer.core.action import Action
from netjer.games.ankh import battle, devotion
from netjer.games.ankh.cards import CARD_IDS, CYCLE, hand_of
from netjer.games.ankh.catalogue import ngettext
from netjer.games.ankh.catalogue import translate as _
from netjer.games.ankh.gods.base import THOTH, GodPower, Task, god_phase, register
from netjer.games.ankh.interned import GUESS, NOGUESS
from netjer.games.ankh.notation import Guess
from netjer.games.ankh.terms import followers
from netjer.i18n import N_

if TYPE_CHECKING:
    from netjer.core.state import JsonDict
    from netjer.games.ankh.state import AnkhState

GUESS_PHASE: Final = god_phase(THOTH, 0)


@dataclass(slots=True)
class ThothData:
    """Followers on the scale; the guess of this battle (``god``, ``card``; -1: none)."""

    scale: int = 0
    god: int = -1
    card: int = -1

    def copy(self) -> ThothData:
        return ThothData(self.scale, self.god, self.card)


class ThothPower(GodPower):
    """Thoth's scale and guess (§4.2)."""

    id: ClassVar[str] = "thoth"
    name: ClassVar[str] = "Thoth"
    summary: ClassVar[str] = (
        "Before the reveal, 1 Follower from the supply on his scale and a guess at an opponent's card: wrong, the "
        "opponent takes the scale; at the end of each Conflict, 1 Devotion per Follower on it (S1)."
    )
    PHASES: ClassVar[dict[int, tuple[str, str, str]]] = {
        GUESS_PHASE: (
            "thoth-guess",
            N_("Ankh §4.2 Thoth"),
            N_("guess an opponent's card ('guess 2 chariots') or 'noguess'"),
        ),
    }

    def data(self, st: AnkhState) -> ThothData:
        d = st.power_data[THOTH]
        assert isinstance(d, ThothData)
        return d

    def new_data(self, st: AnkhState, god: int) -> ThothData:
        return ThothData()

    @staticmethod
    def playable(st: AnkhState, god: int) -> list[int]:
        """The cards ``god`` could have chosen in this battle (hand, not forbidden)."""
        return [c for c in hand_of(st.used[god]) if c != st.battle.forbidden_card] or [CYCLE]

    def before_reveal(self, st: AnkhState) -> None:
        thoth = self.holder(st)
        if thoth in st.battle.gods and len(st.battle.gods) > 1:
            st.queue_task(GUESS_PHASE, thoth)

    def legal(self, st: AnkhState, task: Task) -> list[Action]:
        thoth = task[1]
        out: list[Action] = [NOGUESS]
        for g in st.battle.gods:
            if g != thoth:
                out.extend(GUESS[g][c] for c in self.playable(st, g))
        return out

    def apply(self, st: AnkhState, task: Task, action: Action) -> None:
        if isinstance(action, Guess):
            d = self.data(st)
            d.scale += 1
            d.god, d.card = action.god, action.card
            # The guess is told by the action's words (narration.describe); the log adds the stake.
            st.note(_("  {god} puts 1 Follower on the scale (Thoth)"), god=st.god_name(task[1]))

    def on_reveal(self, st: AnkhState) -> None:
        d = self.data(st)
        if d.god < 0:
            return
        if battle.played(st, d.god, d.card):
            st.write_log(
                ngettext(
                    "  Thoth guessed right: {n} Follower stays on the scale",
                    "  Thoth guessed right: {n} Followers stay on the scale",
                    d.scale,
                ).format(n=d.scale)
            )
        else:
            st.followers[d.god] += d.scale
            st.note(
                _("  Thoth guessed wrong: {god} takes the {followers} of the scale"),
                god=st.god_name(d.god),
                followers=followers(d.scale),
            )
            d.scale = 0
        d.god = d.card = -1

    def on_conflict_scoring(self, st: AnkhState) -> None:
        d = self.data(st)
        if d.scale > 0:
            amount, d.scale = d.scale, 0
            devotion.gain(st, self.holder(st), amount, _("Thoth's scale"))

    def on_forgotten(self, st: AnkhState, god: int) -> None:
        if self.holder(st) < 0:
            self.data(st).scale = 0

    def observe(self, st: AnkhState, viewer: int | None) -> JsonDict:
        d = self.data(st)
        guess = None if d.god < 0 else {"god": d.god, "card": CARD_IDS[d.card]}
        return {"scale": d.scale, "guess": guess}


POWER: Final = register(ThothPower())
