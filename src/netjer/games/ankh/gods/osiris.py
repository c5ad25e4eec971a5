"""Osiris (rules/ankh.md §4.1; sources J, P; rulings table "Osiris's Underworld").

Components: 3 Underworld tokens (J calls them portals).  Power: after a Battle in a region
that Osiris lost, he may place an Underworld token from his supply on an empty non-Water space
of that region — or, with none left in the supply, move one already on the board there.  He
may summon onto his Underworld spaces without the usual adjacency.  Other gods' figures may
not end a move on, be placed on, or build on an Underworld space, and the space counts as
neither Fertile nor Desert (P).  The tokens leave the game if Osiris is forgotten (P,
Rulebook p.30).

Engine data: an Underworld space is ``reserved`` for Osiris's god (the engine keeps other
gods off it and gives it no terrain).  Decisions: ``underworld r,c`` or ``nounderworld``
(phase ``osiris-underworld``, queued by the hook ``after_battle``); with the supply empty,
first ``pick r,c`` (the token to move) or ``nounderworld`` (phase ``osiris-pick``).

Option ``osiris_underworld`` (rulings table): ``"extra"`` (default, P) — each Summon action
may add one extra summon onto an empty Underworld space, made before the regular summon (like
Pyramid Attuned's; the first summon onto an Underworld space is that extra one); ``"instead"``
— an empty Underworld space is only one more place for the action's one summon.

Rulings (docs/rules-coverage-ankh.md):

* "Lost" = Osiris took part and did not win (a battle nobody wins is lost by everyone, as for
  Magnanimous, P ``lostBattle``).  After the battle: between Miracle and Worshipful (rulings
  table).  A token may not go on a space that already holds one.
* Osiris's own figures may stand on Underworld spaces (he summons onto them); a Monument
  he builds there is allowed (only *other* gods may not build there).
* Merged: the tokens and the spaces' reservation pass to the merged god (both gods'
  abilities apply, §10.4), also when Osiris was the minor god.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, Final

from netjer.core.action import Action
from netjer.games.ankh.gods.base import OSIRIS, GodPower, Task, god_phase, register
from netjer.games.ankh.interned import NOUNDERWORLD, PICK, UNDERWORLD
from netjer.games.ankh.notation import Pick, Underworld
from netjer.i18n import N_

if TYPE_CHECKING:
    from netjer.core.state import JsonDict
    from netjer.games.ankh.state import AnkhState

PLACE_PHASE: Final = god_phase(OSIRIS, 0)
PICK_PHASE: Final = god_phase(OSIRIS, 1)
TOKENS: Final = 3


@dataclass(slots=True)
class OsirisData:
    """The Underworld spaces; whether this turn's Summon used its extra summon; the token
    being moved (-1)."""

    tokens: list[int] = field(default_factory=list)
    extra_used: bool = False
    moving: int = -1

    def copy(self) -> OsirisData:
        return OsirisData(self.tokens[:], self.extra_used, self.moving)


class OsirisPower(GodPower):
    """Osiris's Underworld (§4.1)."""

    id: ClassVar[str] = "osiris"
    name: ClassVar[str] = "Osiris"
    summary: ClassVar[str] = (
        "After a lost battle, an Underworld token in that region: he summons onto it freely, other gods may "
        "not use the space (J, P)."
    )
    PHASES: ClassVar[dict[int, tuple[str, str, str]]] = {
        PLACE_PHASE: (
            "osiris-underworld",
            N_("Ankh §4.1 Osiris"),
            N_("place an Underworld token ('underworld r,c'), or not"),
        ),
        PICK_PHASE: (
            "osiris-pick",
            N_("Ankh §4.1 Osiris"),
            N_("pick the Underworld token to move ('pick r,c'), or not"),
        ),
    }

    def data(self, st: AnkhState) -> OsirisData:
        d = st.power_data[OSIRIS]
        assert isinstance(d, OsirisData)
        return d

    def new_data(self, st: AnkhState, god: int) -> OsirisData:
        return OsirisData()

    def add(self, st: AnkhState, h: int) -> None:
        """An Underworld token on ``h`` (also for tests)."""
        self.data(st).tokens.append(h)
        st.reserved[h] = self.holder(st)
        st.n_reserved += 1

    def remove(self, st: AnkhState, h: int) -> None:
        self.data(st).tokens.remove(h)
        st.reserved[h] = -1
        st.n_reserved -= 1

    # --- after a lost battle ---------------------------------------------------------------

    def after_battle(self, st: AnkhState) -> None:
        osiris = self.holder(st)
        if osiris in st.battle.gods and st.battle.winner != osiris:
            d = self.data(st)
            d.moving = -1
            st.queue_task(PICK_PHASE if len(d.tokens) >= TOKENS else PLACE_PHASE, osiris, st.battle.region)

    def legal(self, st: AnkhState, task: Task) -> list[Action]:
        phase, _, region = task
        d = self.data(st)
        if phase == PICK_PHASE:
            return [*(PICK[t] for t in sorted(d.tokens)), NOUNDERWORLD]
        spaces = [h for h in st.regions.regions[region] if st.is_free_land(h) and h not in d.tokens]
        return [*(UNDERWORLD[h] for h in spaces), NOUNDERWORLD] if spaces else []

    def apply(self, st: AnkhState, task: Task, action: Action) -> None:
        _phase, osiris, region = task
        d = self.data(st)
        if isinstance(action, Pick):
            d.moving = action.hex
            st.queue_task(PLACE_PHASE, osiris, region, front=True)
            return
        if isinstance(action, Underworld):
            # Told by the actions' words (the token picked, then placed: narration.describe).
            if d.moving >= 0:
                self.remove(st, d.moving)
            self.add(st, action.hex)
        d.moving = -1

    # --- summons ---------------------------------------------------------------------------

    def on_turn_start(self, st: AnkhState) -> None:
        self.data(st).extra_used = False

    def summon_spaces(self, st: AnkhState, god: int) -> list[int]:
        d = self.data(st)
        if god != self.holder(st) or (st.underworld_extra and d.extra_used):
            return []
        return [t for t in d.tokens if st.is_free_land(t)]

    def on_summon_put(self, st: AnkhState, god: int, h: int) -> bool:
        d = self.data(st)
        if st.underworld_extra and god == self.holder(st) and not d.extra_used and h in d.tokens:
            d.extra_used = True
            return True
        return False

    # --- merge, forgotten, views -------------------------------------------------------------

    def on_merge(self, st: AnkhState, major: int, minor: int) -> None:
        for t in self.data(st).tokens:
            st.reserved[t] = self.holder(st)

    def on_forgotten(self, st: AnkhState, god: int) -> None:
        if self.holder(st) < 0:
            for t in list(self.data(st).tokens):
                self.remove(st, t)

    def pending(self, st: AnkhState, task: Task) -> JsonDict:
        return {"region": st.token_of_region[task[2]]}

    def observe(self, st: AnkhState, viewer: int | None) -> JsonDict:
        d = self.data(st)
        spaces = [st.board.hex_name(t) for t in sorted(d.tokens)]
        return {"underworld": spaces, "tokens_in_supply": TOKENS - len(d.tokens)}


POWER: Final = register(OsirisPower())
