"""Merging gods (rules/ankh.md §10.4): after the 3rd Conflict, in games of 3 or more
players, the two gods lowest on the Devotion track merge.

The second-lowest is the *major* god, the lowest the *minor* god (stack order breaks ties).
The minor god's Monuments are destroyed (back to the supply; its Ankh tokens leave with it),
its God figure and Warriors are *removed* (not killed: no death effects), its Followers go
to the major god, its cards and dashboard are gone.  Its Guardians may stay with the major
god while the major god has free coloured bases of their size (2 small + 2 large per god,
§3); the major god keeps its own first (cases.md 34).  The major god's token is put on the
minor god's space, in the minor's place in the stack (J ``sp.score = bp.score``, P), and the
merged god plays on: both seats take their turns, one action each (§7.1), and the major god's
player takes the merged god's other decisions (§10.4).  Both gods' powers (§4) now belong to
the merged god; each power's ``on_merge`` hook cleans up what the minor god leaves.  Option ``merged_powers``: the major
god's Ankh powers only (default, J/P) or both gods' combined (S0).

The major god's player chooses which of the minor god's Guardians to keep, one at a time
(``adopt r,c`` for one on the board, ``adopt <kind>`` for one in the pool, ``done`` to let
the rest go), while a base of the right size is free; those not kept leave the game (they
are not killed: no Cat-Mummy loss, cases.md 34).
"""

from __future__ import annotations

from netjer.core.action import Action
from netjer.games.ankh import guardians
from netjer.games.ankh.base import ADOPT as ADOPT_PHASE
from netjer.games.ankh.base import AnkhBase
from netjer.games.ankh.notation import ADOPT, ADOPT_POOL, DONE
from netjer.games.ankh.pieces import FIGURE_IDS, GOD, GUARDIAN_BASE, GUARDIAN_LEVEL, WARRIOR


class Merge(AnkhBase):
    """The merge of the two lowest gods (§10.4)."""

    def _merge(self) -> bool:
        """Merge the two lowest gods (§10.4).

        Returns:
            True if the major god's player now chooses which of the minor god's Guardians to
            keep (phase ``adopt``); the merge then ends with :meth:`_finish_adoption`
            (or when nothing more fits), and the ``adopt`` phase closes the Conflict.
        """
        asc = self.devotion_stack
        minor, major = asc[0], asc[1]
        self._log(f"{self._name(minor)} (minor) merges into {self._name(major)} (major) (§10.4)")
        mon, mown, fig, fown = self.monument, self.monument_owner, self.figure, self.figure_owner
        for h in range(len(mon)):
            if mown[h] == minor:
                self.monument_supply[mon[h]] += 1
                mon[h] = mown[h] = -1
        for h in range(len(fig)):
            if fown[h] == minor and fig[h] in (GOD, WARRIOR):
                if fig[h] == WARRIOR:
                    self.removed_warriors[minor] += 1
                fig[h] = fown[h] = -1
                self.badge[h] = 0
        self.removed_warriors[minor] += self.warriors_pool[minor]
        self.warriors_pool[minor] = 0
        self.followers[major] += self.followers[minor]
        self.followers[minor] = 0
        self.ankh_pool[minor] = 0
        self.used[minor] = 0
        if self.merged_combined:
            self.powers[major] |= self.powers[minor]
        # The major token takes the minor's place on the track.
        self.devotion[major] = self.devotion[minor]
        asc.remove(major)
        asc[0] = major
        self.alive[minor] = False
        for s in range(self.n):
            if self.god_of_seat[s] == minor:
                self.god_of_seat[s] = major
        self.merge_minor = minor
        # Both gods' powers now belong to the merged god (§10.4 "both god abilities apply").
        for i, g in enumerate(self.holder):
            if g == minor:
                self.holder[i] = major
        self._refresh_hooks()
        for p in self.hooks.on_merge:
            p.on_merge(self._me, major, minor)
        return self._continue_adoption()

    def _adopt_actions(self) -> list[Action]:
        """The minor god's Guardians the major god can still take into a free base of their
        size (its own Guardians keep theirs first, cases.md 34), and ``done``."""
        minor = self.merge_minor
        major = self.god_of_seat[minor]
        out: list[Action] = []
        fig, fown = self.figure, self.figure_owner
        for h in range(len(fig)):
            if (
                fown[h] == minor
                and fig[h] in GUARDIAN_BASE
                and guardians.free_bases(self, major, GUARDIAN_BASE[fig[h]]) > 0
            ):
                out.append(ADOPT[h])
        for level in (1, 2, 3):
            kind = self.guardian_kind[level - 1]
            if (
                self.guardian_pool[minor * 3 + level - 1] > 0
                and guardians.free_bases(self, major, GUARDIAN_BASE[kind]) > 0
            ):
                action = ADOPT_POOL[kind]
                assert action is not None
                out.append(action)
        if out:
            out.append(DONE)
        return out

    def _continue_adoption(self) -> bool:
        if self._adopt_actions():
            self.to_move = self.seat_of_god[self.god_of_seat[self.merge_minor]]
            self.phase = ADOPT_PHASE
            return True
        self._release_guardians()
        return False

    def _adopt(self, h: int, kind: int) -> bool:
        """The major god keeps the minor's Guardian on ``h`` (``h`` >= 0) or one of ``kind``
        from its pool.  True if the merge is now over (nothing more fits: the Conflict's end
        goes on, ``conflict._conflict_closed``, called by the ``adopt`` phase)."""
        minor = self.merge_minor
        major = self.god_of_seat[minor]
        if h >= 0:
            self.figure_owner[h] = major
            kind = self.figure[h]
            where = f"at {self.board.hex_name(h)}"
        else:
            level = GUARDIAN_LEVEL[kind]
            self.guardian_pool[minor * 3 + level - 1] -= 1
            self.guardian_pool[major * 3 + level - 1] += 1
            where = "from the pool"
        self._log(f"{self._name(major)} keeps {self._name(minor)}'s {FIGURE_IDS[kind]} {where}")
        return not self._continue_adoption()

    def _finish_adoption(self) -> None:
        """``done``: the minor god's other Guardians leave the game; the merge is over (the
        ``adopt`` phase then calls ``conflict._conflict_closed``)."""
        self._release_guardians()

    def _release_guardians(self) -> None:
        """The minor god's Guardians not kept leave the game (not killed, §10.4)."""
        minor = self.merge_minor
        fig, fown = self.figure, self.figure_owner
        for h in range(len(fig)):
            if fown[h] == minor:
                self.removed_guardians[GUARDIAN_LEVEL[fig[h]] - 1] += 1
                fig[h] = fown[h] = self.aim[h] = -1
                self.badge[h] = 0
        for level in (1, 2, 3):
            slot = minor * 3 + level - 1
            self.removed_guardians[level - 1] += self.guardian_pool[slot]
            self.guardian_pool[slot] = 0
