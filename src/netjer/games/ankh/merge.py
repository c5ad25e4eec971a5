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
player takes the merged god's other decisions (§10.4).  Option ``merged_powers``: the major
god's Ankh powers only (default, J/P) or both gods' combined (S0).

Ruling (docs/rules-coverage-ankh.md): which of the minor god's Guardians the major god keeps
is not a decision here: the highest level first, then those on the board (ascending hex),
then those in the pool, while a base of the right size is free.
"""

from __future__ import annotations

from netjer.games.ankh.battle import Battle
from netjer.games.ankh.pieces import GOD, GUARDIAN_BASE, GUARDIAN_LEVEL, WARRIOR


class Merge(Battle):
    """The merge of the two lowest gods (§10.4)."""

    def _merge(self) -> None:
        asc = self.asc
        minor, major = asc[0], asc[1]
        self._log(f"{self._name(minor)} (minor) merges into {self._name(major)} (major) (§10.4)")
        mon, mown, fig, fown = self.mon, self.mown, self.fig, self.fown
        for h in range(len(mon)):
            if mown[h] == minor:
                self.monument_supply[mon[h]] += 1
                mon[h] = mown[h] = -1
        # Guardians of the minor god the major god can keep: highest level first, board then pool.
        for level in (3, 2, 1):
            kind = self.guardian_kind[level - 1]
            base = GUARDIAN_BASE[kind]
            for h in range(len(fig)):
                if fown[h] == minor and fig[h] == kind:
                    if self._free_bases(major, base) > 0:
                        fown[h] = major
                    else:
                        fig[h] = fown[h] = self.aim[h] = -1
                        self.removed_guardians[level - 1] += 1
            slot = minor * 3 + level - 1
            while self.gpool[slot] > 0:
                self.gpool[slot] -= 1
                if self._free_bases(major, base) > 0:
                    self.gpool[major * 3 + level - 1] += 1
                else:
                    self.removed_guardians[level - 1] += 1
        for h in range(len(fig)):
            if fown[h] == minor:
                kind = fig[h]
                assert kind in (GOD, WARRIOR), f"unexpected {kind} left for the minor god"
                if kind == WARRIOR:
                    self.removed_warriors[minor] += 1
                fig[h] = fown[h] = -1
        self.removed_warriors[minor] += self.warriors_pool[minor]
        self.warriors_pool[minor] = 0
        self.followers[major] += self.followers[minor]
        self.followers[minor] = 0
        self.ankh_pool[minor] = 0
        self.used[minor] = 0
        if self.merged_combined:
            self.powers[major] |= self.powers[minor]
        # The major token takes the minor's place on the track.
        self.dev[major] = self.dev[minor]
        asc.remove(major)
        asc[0] = major
        self.alive[minor] = False
        for s in range(self.n):
            if self.god_of_seat[s] == minor:
                self.god_of_seat[s] = major
        assert all(GUARDIAN_LEVEL[k] for k in GUARDIAN_BASE)  # levels and bases are consistent
