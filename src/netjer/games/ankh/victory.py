"""Forgotten gods and the end of the game (rules/ankh.md §10.5, §10.6; the win at 31 is in
:mod:`netjer.games.ankh.devotion`).

* After the 4th Conflict every god whose token is in the red section (spaces 0 to option
  ``red_max``, default 19) is forgotten: its figures, Monuments and Followers leave the game.
  If exactly one god (a merged god counts once) remains, it wins at once; if none remains,
  everyone loses (§10.5, §11.35; 2-player games too).
* After the 5th Conflict (event 18) the god highest on the Devotion track wins; on a shared
  space the higher token in the stack ranks higher (rulings table).  Both players of a
  merged god share its win (rulings table).

Returns: +1 for each seat that shares the win, -1 for every other seat (all -1 when
everyone loses).
"""

from __future__ import annotations

from netjer.games.ankh.base import AnkhBase
from netjer.games.ankh.pieces import GUARDIAN_LEVEL, WARRIOR
from netjer.games.ankh.rules_queries import in_red


class Victory(AnkhBase):
    """Forgotten gods and the final ranking (§10.5, §10.6)."""

    def _forget(self) -> None:
        """§10.5: remove every god in the red section; one left wins, none left: all lose."""
        red = [g for g in self.devotion_stack if in_red(self, g)]
        for g in red:
            self._remove_god(g)
            self._log(f"{self._name(g)} is forgotten (Devotion {self.devotion[g]} <= {self.red_max}) (§10.5)")
            # Its powers leave the game; every power that was in play cleans up after it (§4).
            hooks = self.hooks.on_forgotten
            for i, x in enumerate(self.holder):
                if x == g:
                    self.holder[i] = -1
            self._refresh_hooks()
            for p in hooks:
                p.on_forgotten(self._me, g)
        living = list(self.devotion_stack)
        if len(living) == 1:
            self._finish(living, f"{self._name(living[0])} is the only god remaining and wins (§10.5)")
        elif not living:
            self._finish([], "every god is forgotten: Egypt forgets its gods and everyone loses (§10.5)")

    def _remove_god(self, god: int) -> None:
        """A forgotten god leaves: figures (Guardians out of the game), Monuments (back to the
        supply), Followers; its token leaves the track."""
        fig, fown, mon, mown = self.figure, self.figure_owner, self.monument, self.monument_owner
        for h in range(len(fig)):
            if fown[h] == god:
                kind = fig[h]
                if kind == WARRIOR:
                    self.removed_warriors[god] += 1
                elif kind in GUARDIAN_LEVEL:
                    self.removed_guardians[GUARDIAN_LEVEL[kind] - 1] += 1
                fig[h] = fown[h] = self.aim[h] = -1
                self.badge[h] = 0
            if mown[h] == god:
                self.monument_supply[mon[h]] += 1
                mon[h] = mown[h] = -1
        self.removed_warriors[god] += self.warriors_pool[god]
        self.warriors_pool[god] = 0
        for level in (1, 2, 3):
            self.removed_guardians[level - 1] += self.guardian_pool[god * 3 + level - 1]
            self.guardian_pool[god * 3 + level - 1] = 0
        self.followers[god] = 0
        self.ankh_pool[god] = 0
        self.alive[god] = False
        self.devotion_stack.remove(god)

    def _final_ranking(self) -> None:
        """§10.6: after the last event the highest token on the track wins."""
        top = self.devotion_stack[-1]
        self._finish([top], f"the event track is over: {self._name(top)} has the most Devotion and wins (§10.6)")

    def _returns_for_seats(self) -> list[float]:
        winners = set(self._winner_seats())
        return [1.0 if s in winners else -1.0 for s in range(self.n)]
