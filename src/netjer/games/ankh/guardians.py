"""Guardians (rules/ankh.md §3) and what happens to figures when they die.

The six base-game Guardian types: Cat-Mummy and Satet (level 1, small base), Mummy (level 2,
small) and Apep (level 2, large), Giant Scorpion and Androsphinx (level 3, large).  One type
per level is in play (``AnkhState.guardian_kind``); a god gains miniatures by unlocking the
dashboard slots with a Guardian icon (option ``guardian_slots``, §2.1) into its pool, with
a coloured base (2 small + 2 large per god, §3), and summons them like Warriors.

Abilities and where they act:

* Cat-Mummy: when killed, every other god loses 1 Devotion (:meth:`Guardians._cat_mummy_losses`).
* Satet: may end its move on an enemy figure, pushing it (:meth:`Guardians._push_targets`,
  option ``satet_push``).
* Mummy: when killed, returns next to its God figure (:meth:`Guardians._kill` queues it;
  the owner picks the space, ``to r,c``).
* Apep: may be summoned onto any Water space (:meth:`Guardians._apep_targets`); in water it
  is in every region the water touches (``RegionMap.hex_regions``).
* Giant Scorpion: aims at two neighbouring spaces (``aim``) and destroys Monuments there at
  the start of each Conflict (:meth:`Guardians._scorpions_strike`).
* Androsphinx: enemy figures adjacent to it have strength 0 (:func:`netjer.games.ankh.rules_queries.neutralised`).
"""

from __future__ import annotations

from netjer.core.words import article
from netjer.games.ankh import devotion
from netjer.games.ankh.base import AnkhBase
from netjer.games.ankh.board import DIRECTION_NAMES
from netjer.games.ankh.pieces import (
    BASES_PER_SIZE,
    CAT_MUMMY,
    FIGURE_IDS,
    GOD,
    GUARDIAN_BASE,
    GUARDIAN_LEVEL,
    MONUMENT_IDS,
    MUMMY,
    WARRIOR,
)
from netjer.games.ankh.rules_queries import controllers, god_hex


class Guardians(AnkhBase):
    """Guardian abilities and deaths (§3)."""

    # --- pools and coloured bases ------------------------------------------------------------

    def _guardians_owned(self, god: int, level: int) -> int:
        """Guardians of ``level`` that ``god`` controls, on the board or in its pool."""
        kind = self.guardian_kind[level - 1]
        on_board = sum(1 for h, o in enumerate(self.figure_owner) if o == god and self.figure[h] == kind)
        return on_board + self.guardian_pool[god * 3 + level - 1]

    def _free_bases(self, god: int, base: str) -> int:
        """Coloured bases of size ``base`` still free for ``god`` (§3: 2 small + 2 large)."""
        used = sum(
            self._guardians_owned(god, lvl) for lvl in (1, 2, 3) if GUARDIAN_BASE[self.guardian_kind[lvl - 1]] == base
        )
        return BASES_PER_SIZE - used

    def _gain_guardian(self, god: int, level: int) -> None:
        """Uncovering a Guardian icon (§2.1): 1 miniature of the level's Guardian card to the
        god's pool, if one is left beside the card (J: otherwise nothing) and the god has a
        free coloured base of its size (§3)."""
        kind = self.guardian_kind[level - 1]
        if self.guardian_supply[level - 1] <= 0:
            self._log(f"{self._name(god)} would gain {article(FIGURE_IDS[kind])}, but none is left (§2.1)")
            return
        if self._free_bases(god, GUARDIAN_BASE[kind]) <= 0:  # pragma: no cover - 3 Guardians never fill the bases
            self._log(f"{self._name(god)} has no free {GUARDIAN_BASE[kind]} base for {article(FIGURE_IDS[kind])} (§3)")
            return
        self.guardian_supply[level - 1] -= 1
        self.guardian_pool[god * 3 + level - 1] += 1
        self._log(f"{self._name(god)} gains {article(FIGURE_IDS[kind])} (Guardian, §2.1)")

    def _to_pool(self, god: int, kind: int) -> None:
        """A figure leaves the board for its owner's pool (killed, §3: Guardians return to
        their owner's pool; Warriors likewise)."""
        if kind == WARRIOR:
            self.warriors_pool[god] += 1
        else:
            self.guardian_pool[god * 3 + GUARDIAN_LEVEL[kind] - 1] += 1

    def _take_from_pool(self, god: int, kind: int) -> None:
        """A summoned figure leaves its owner's pool."""
        if kind == WARRIOR:
            self.warriors_pool[god] -= 1
        else:
            self.guardian_pool[god * 3 + GUARDIAN_LEVEL[kind] - 1] -= 1

    def _pool_count(self, god: int, kind: int) -> int:
        """Figures of ``kind`` in ``god``'s pool."""
        if kind == WARRIOR:
            return self.warriors_pool[god]
        return self.guardian_pool[god * 3 + GUARDIAN_LEVEL[kind] - 1]

    # --- deaths ---------------------------------------------------------------------------------

    def _kill(self, hexes: list[int], why: str) -> list[int]:
        """Kill the figures on ``hexes`` (Warriors and Guardians; Gods never die, §3, §10.3).

        Each goes to its owner's pool; a killed Giant Scorpion loses its aim and any badge
        leaves with the figure; each death is counted for Miracle (``b_kills``, §1: a Mummy
        killed twice counts twice); a killed Mummy is queued to return next to its God
        (``mummy_queue``, §3).  During a Conflict these death effects are those of the god
        the figure counts for (§4.2 Seth: Miracle, Cat-Mummy and Mummy are his).  Then the
        powers react (§4.1 Anubis).

        Returns:
            The gods the Cat-Mummies killed counted for, one entry per Cat-Mummy (their
            Devotion losses are applied by the caller at the time the rules say, §3).
        """
        cats: list[int] = []
        fig, fown = self.figure, self.figure_owner
        ctl = controllers(self)
        names = []
        dead = []
        for h in hexes:
            kind, owner, god = fig[h], fown[h], ctl[h]
            if kind < 0 or kind == GOD:  # pragma: no cover - callers pass figures that may die
                continue
            fig[h] = fown[h] = -1
            self.aim[h] = -1
            self.badge[h] = 0
            self._to_pool(owner, kind)
            self.b_kills[god] += 1
            dead.append((h, kind, owner, god))
            names.append(f"{self._name(owner)}'s {FIGURE_IDS[kind]} at {self.board.hex_name(h)}")
            if kind == CAT_MUMMY:
                cats.append(god)
            elif kind == MUMMY:
                self.mummy_queue.append((god, owner))
        if names:
            self._log(f"killed ({why}): {', '.join(names)}")
            for p in self.hooks.on_killed:
                p.on_killed(self._me, dead)
        return cats

    def _cat_mummy_losses(self, owners: list[int]) -> None:
        """§3 Cat-Mummy: for each one killed, every *other* god loses 1 Devotion (a merged god
        once), in ascending Devotion order, never below 0."""
        for owner in owners:
            for g in list(self.devotion_stack):
                if g != owner:
                    devotion.lose(self, g, 1, "a Cat-Mummy died")

    def _mummy_targets(self, god: int, owner: int) -> list[int]:
        """§3 Mummy: the empty land spaces adjacent to the God figure of ``god`` (its owner,
        or Seth when it counted for him, §4.2), where a figure of ``owner`` may stand."""
        gh = god_hex(self, god)
        if gh < 0:
            return []
        return [x for x in self.regions.adjacent[gh] if self._can_stand(x, owner)]

    # --- Apep, Satet, Androsphinx, Giant Scorpion -----------------------------------------------

    def _apep_targets(self) -> list[int]:
        """§3 Apep: it may be summoned onto any empty Water space (no adjacency, P; J)."""
        fig = self.figure
        return [w for w in self.board.water if fig[w] < 0]

    def _push_targets(self, origin: int, target: int) -> list[int]:
        """Where Satet, moving from ``origin``, may push the enemy figure on ``target`` (§3).

        Option ``satet_push``: ``"choose"`` (default, P) — any empty land space adjacent
        (same region) to ``target``; ``"opposite"`` (J) — only the space opposite the side
        through which Satet enters ``target``, which must be an empty land space adjacent to
        ``target``.  Ruling for "opposite": Satet enters by the last step of a shortest path
        from ``origin`` (from ``origin`` itself when adjacent, cases.md 33); when several
        shortest paths end through different sides, its owner picks among their opposites.
        Satet's own starting space is not a push target (cases.md 33 lists the empty spaces
        around the target with Satet still on its start).
        """
        board = self.board
        adjacent = self.regions.adjacent[target]

        pushed = self.figure_owner[target]

        def free(x: int) -> bool:
            return self._can_stand(x, pushed)

        if self.satet_choose:
            return [x for x in adjacent if free(x)]
        out = set()
        nb = board.neighbour_in[target]
        last = board.distance(origin, target) - 1
        for d in range(6):
            entry = nb[d]
            if entry < 0 or board.distance(origin, entry) != last:
                continue
            opposite = nb[(d + 3) % 6]
            if opposite >= 0 and opposite in adjacent and free(opposite):
                out.add(opposite)
        return sorted(out)

    def _aimed(self, h: int) -> tuple[int, ...]:
        """The spaces the Giant Scorpion on ``h`` aims at (sides ``aim`` and ``aim + 1``)."""
        side = self.aim[h]
        if side < 0:
            return ()
        nb = self.board.neighbour_in[h]
        return tuple(x for x in (nb[side], nb[(side + 1) % 6]) if x >= 0)

    def _scorpions_strike(self) -> None:
        """Start of a Conflict (§3 Giant Scorpion, §10.1 step 2): every Monument on a space a
        Giant Scorpion aims at, and adjacent to it in the same region (rulings table: not
        across rivers or camels), is destroyed: back to the supply, its controller's Ankh
        token back to the pool."""
        board = self.board
        for h in range(len(self.figure)):
            if self.aim[h] < 0:
                continue
            for x in self._aimed(h):
                kind = self.monument[x]
                if kind < 0 or x not in self.regions.adjacent[h]:
                    continue
                owner = self.monument_owner[x]
                self.monument[x] = self.monument_owner[x] = -1
                self.monument_supply[kind] += 1
                if owner >= 0:
                    self.ankh_pool[owner] += 1
                side = f"{DIRECTION_NAMES[self.aim[h]]}-{DIRECTION_NAMES[(self.aim[h] + 1) % 6]}"
                self._log(
                    f"{self._name(self.figure_owner[h])}'s Giant Scorpion at {board.hex_name(h)} ({side}) destroys the "
                    f"{MONUMENT_IDS[kind]} at {board.hex_name(x)}"
                )
