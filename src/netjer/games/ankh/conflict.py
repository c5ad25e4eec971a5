"""Conflicts (rules/ankh.md §10.1, §10.2): the loop over the regions, Domination, and what
happens at the end of a Conflict.

1. The triggering god takes the Battle tie-breaker token (usable once in this Conflict).
2. Start-of-Conflict effects, in the rulings-table order: Omnipresent (+1 Follower per
   region holding an own figure), then Giant Scorpions destroy the Monuments they aim at.
3. Regions in ascending Conflict Order token: no figures → nothing; one god present →
   Domination (its Monument majorities as one gain, then +1 as a second gain); two or more →
   a Battle (:mod:`netjer.games.ankh.battle`).
4. End: after the 3rd Conflict the two lowest gods merge (3+ players, §10.4); after the 4th,
   gods in the red section are forgotten (§10.5); after the 5th the game ends (§10.6).

Decisions are taken inside the steps; a killed Mummy's return (``to r,c``, §3) is resolved
before anything else continues.
"""

from __future__ import annotations

from netjer.core.action import Action
from netjer.core.words import plural
from netjer.games.ankh import actions, battle, guardians, merge, victory
from netjer.games.ankh.base import CONT_CONFLICT, CONT_EVENT_DONE, AnkhBase
from netjer.games.ankh.base import MUMMY as MUMMY_PHASE
from netjer.games.ankh.battle import C_REGION
from netjer.games.ankh.notation import TO
from netjer.games.ankh.phases import BATTLE_STEPS
from netjer.games.ankh.pieces import MUMMY
from netjer.games.ankh.powers import OMNIPRESENT
from netjer.games.ankh.rules_queries import controllers

#: §10.4: the merge follows this Conflict (3+ players); §10.5: the forgotten check this one;
#: §6: the last Conflict (event 18).
MERGE_AFTER, FORGOTTEN_AFTER, LAST_CONFLICT = 3, 4, 5


class Conflict(AnkhBase):
    """The Conflict event (§10)."""

    def _start_conflict(self, god: int) -> None:
        self.tb_holder = god
        self.tb_used = False
        self._log(f"Conflict {self.conflicts + 1}: {self._name(god)} takes the tie-breaker")
        hr = self.regions.hex_regions
        fown = controllers(self)
        for g in self._ascending(set(self._living_gods())):
            if self.powers[g] >> OMNIPRESENT & 1:
                regions = {r for h in range(len(fown)) if fown[h] == g for r in hr[h]}
                self.followers[g] += len(regions)
                self._log(f"  {self._name(g)} gains {plural(len(regions), 'Follower')} (Omnipresent)")
        guardians.scorpions_strike(self)
        tokens = self.token_of_region
        self.c_order = sorted(range(self.regions.num_regions), key=lambda r: tokens[r])
        self.c_idx = 0
        self.conflict_step = C_REGION
        self.mummy_queue = []
        for p in self.hooks.on_conflict_start:
            p.on_conflict_start(self._me)
        self._run_conflict()

    def _run_conflict(self) -> None:
        """Run the Conflict until a decision is needed, or to its end.  Queued decisions
        (a Mummy's return, the god powers' tasks) come first."""
        while not self.over:
            if self.mummy_queue or self.tasks:
                self.continuation = CONT_CONFLICT
                if self._drain():
                    return
            if self.conflict_step != C_REGION:
                if BATTLE_STEPS[self.conflict_step].run(self._me):
                    return
                continue
            if self.c_idx >= len(self.c_order):
                self._end_conflict()
                return
            r = self.c_order[self.c_idx]
            hexes = self._region_hexes(r)
            gods = self._present(hexes)
            if len(gods) >= 2:
                battle.begin_battle(self, r, hexes, gods)
                continue
            if gods:
                battle.dominate(self, gods[0], r)
            self.c_idx += 1

    # --- Mummy (§3) -------------------------------------------------------------------------------

    def _mummy_step(self) -> bool:
        """A killed Mummy returns at once next to its owner's God (its owner picks the space;
        one that counted for Seth returns next to Seth's God, Seth picking, §4.2); with no
        empty space there it stays in the pool (§3)."""
        god, owner = self.mummy_queue[0]
        if self.alive[god] and guardians.mummy_targets(self, god, owner) and self.guardian_pool[owner * 3 + 1] > 0:
            self.to_move = self.seat_of_god[god]
            self.phase = MUMMY_PHASE
            return True
        self.mummy_queue.pop(0)
        self._log(f"  {self._name(owner)}'s Mummy has no space next to its God and stays in the pool")
        return False

    def _mummy_actions(self) -> list[Action]:
        god, owner = self.mummy_queue[0]
        return [TO[x] for x in guardians.mummy_targets(self, god, owner)]

    def _mummy_return(self, h: int) -> None:
        """The Mummy returns on ``h``: a summon from its owner's pool (P: Ra may make it Radiant)."""
        _, owner = self.mummy_queue.pop(0)
        actions.place_from_pool(self, owner, MUMMY, h)
        self._log(f"  {self._name(owner)}'s Mummy returns at {self.board.hex_name(h)}")
        self._after_task()

    # --- end of the Conflict ------------------------------------------------------------------------

    def _end_conflict(self) -> None:
        """The end of a Conflict: first the god powers that score "before all other effects"
        (§4.2 Thoth), then the merge (§10.4), the forgotten gods (§10.5) or the end of the
        game (§10.6), then the other end-of-Conflict effects (:meth:`_conflict_closed`)."""
        for p in self.hooks.on_conflict_scoring:
            p.on_conflict_scoring(self._me)
            if self.over:
                return
        self.conflicts += 1
        self.tb_holder = -1
        self.tb_used = False
        self._log(f"end of Conflict {self.conflicts}")
        if self.conflicts == MERGE_AFTER and self.n >= 3:
            if merge.merge_gods(self):
                return  # the major god chooses the Guardians it keeps, then the turn ends
        elif self.conflicts == FORGOTTEN_AFTER:
            victory.forget(self)
        elif self.conflicts >= LAST_CONFLICT:
            victory.final_ranking(self)
        if not self.over:
            self._conflict_closed()

    def _conflict_closed(self) -> None:
        """After the merge or the forgotten gods: the god powers' end-of-Conflict effects
        (§4.1 Amun's token, §4.2 Horus's Eyes, Bastet's cats), then the turn ends."""
        for p in self.hooks.on_conflict_end:
            p.on_conflict_end(self._me)
        self._checkpoint(CONT_EVENT_DONE)
