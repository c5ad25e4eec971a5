"""Turn structure and the action tracks (rules/ankh.md §7): one or two actions per turn, the
four actions, and events fired at the end of a track.

A turn (§7.1): the player takes an action row (``move``, ``summon``, ``gain``, ``unlock``),
moving that row's marker one space right and resolving the action.  If the marker reached
the track's event space, the event is resolved next, the marker returns to its start space
(the space of the starting player count, §7.2), and the turn ends.  Otherwise the player
may take a second action on a lower row (option ``second_action``: "optional", the default,
offers ``end``; "mandatory" does not), or ends the turn.  The players of a merged god take
one action each (§10.4).  Any action may be taken even if it cannot be carried out (§7.1).

The four actions (§7.3):

* Move Figures: ``pick r,c`` / ``to r,c`` per figure, each at most once, up to 3 spaces
  through anything, ending on an empty land space; ``done`` to stop.  Satet may end on an
  enemy figure and push it (``push r,c``, §3).  A moved Giant Scorpion aims (``aim``, §3).
* Summon Figure: ``put <figure> r,c`` from the pool onto an empty land space adjacent to an
  own figure or controlled Monument; Apep onto any empty water space (§3); with Pyramid
  Attuned, ``pyramid r,c`` first for an extra summon next to each controlled Pyramid (§2.2).
* Gain Followers: 1 per Monument, own or neutral, adjacent to an own figure (+1 Revered).
* Unlock Ankh Power: the leftmost dashboard token, level 1/1/2/2/3/3, paid in Followers;
  ``power <id>``; unaffordable: nothing but the marker (§2.1).  A slot listed in option
  ``guardian_slots`` also gives a Guardian of that level (§2.1, §3).
"""

from __future__ import annotations

from netjer.core.action import Action
from netjer.core.words import plural
from netjer.games.ankh import guardians
from netjer.games.ankh.base import (
    AIM,
    AIM_AFTER_MOVE,
    CONT_ACTION_DONE,
    CONT_SUMMON,
    IS_LAND,
    LAND_WITHIN_3,
    MOVE_PICK,
    PUSH,
    SUMMON,
    TURN,
    TURN_END,
    UNLOCK,
    AnkhBase,
)
from netjer.games.ankh.notation import DONE, END, PICK, PUT, PYRAMID_PICK, RANSOM, ROW, TO
from netjer.games.ankh.notation import PUSH as PUSH_ACTIONS
from netjer.games.ankh.pieces import APEP, FIGURE_IDS, PYRAMID, SATET, SCORPION, WARRIOR
from netjer.games.ankh.powers import (
    POWER_IDS,
    PYRAMID_ATTUNED,
    unlock_level,
)
from netjer.games.ankh.rules_queries import actions_per_turn, fires_event, followers_gain, unlockable_powers

MOVE_ROW, SUMMON_ROW, GAIN_ROW, UNLOCK_ROW = range(4)


class Actions(AnkhBase):
    """The turn and the four actions (§7)."""

    # --- the turn (§7.1) ---------------------------------------------------------------------

    def _start_turn(self) -> None:
        """Give the turn to the seat at ``turn_idx`` of the turn order."""
        self.to_move = self.turn_order[self.turn_idx]
        self.actions_taken = 0
        self.last_row = -1
        self.pending_event = False
        self.window_done = False
        self.phase = TURN
        for p in self.hooks.on_turn_start:
            p.on_turn_start(self._me)

    def _turn_actions(self) -> list[Action]:
        """Legal choices at the start of a turn or between its two actions (§7.1).

        First action: any row (even one that cannot be carried out).  Second action: a
        strictly lower row than the first; ``end`` also, when option second_action is
        "optional" (the default).
        """
        if self.actions_taken == 0:
            rows: list[Action] = list(ROW)
        else:
            rows = list(ROW[self.last_row + 1 :])
            if self.second_optional:
                rows.append(END)
        if self.hooks.turn_actions:
            rows.extend(self._god_turn_actions())
        return rows

    def _god_turn_actions(self) -> list[Action]:
        """Choices god powers offer the player whose turn it is, before or after an action
        (§4.2 Bastet: revealing a cat)."""
        god = self.god_of_seat[self.to_move]
        out: list[Action] = []
        for p in self.hooks.turn_actions:
            out.extend(p.turn_actions(self._me, god))
        return out

    def _turn_end_actions(self) -> list[Action]:
        """After the turn's last action: the god powers' turn choices, or ``end``."""
        return [*self._god_turn_actions(), END]

    def _take_action(self, row: int) -> None:
        """Take action ``row``: advance its marker (§7.2), then resolve the action (§7.3)."""
        self.actions_taken += 1
        self.last_row = row
        self.pending_event = fires_event(self, row)
        self.markers[row] += 1
        god = self.god_of_seat[self.to_move]
        if row == MOVE_ROW:
            self.moved = []
            self._continue_move()
        elif row == SUMMON_ROW:
            self.pyr_used = []
            self._continue_summon()
        elif row == GAIN_ROW:
            self._gain_followers(god)
            self._action_done()
        else:
            self._begin_unlock(god)

    def _action_done(self) -> None:
        """After an action: fire its event if the marker reached the end (the turn then ends,
        §6, §7.1), else offer the second action if one is left, else end the turn."""
        if self.pending_event:
            self.pending_event = False
            self._fire_event(self.god_of_seat[self.to_move])
            return
        if self.actions_taken < actions_per_turn(self, self.to_move) and self.last_row < UNLOCK_ROW:
            self.phase = TURN
            return
        self._end_turn()

    def _event_done(self) -> None:
        """After an event: the marker that fired it returns to its start space (§7.2: the
        space of the player count the game started with) and the turn ends (§7.1)."""
        row = self.last_row
        self.markers[row] = self.tracks[row].start
        if not self.over:
            self._end_turn()

    def _end_turn(self) -> None:
        """End the turn; if a god power still offers a choice "after an action" (§4.2 Bastet),
        the player is asked first (``turn-end``: that choice or ``end``)."""
        if self.hooks.turn_actions and not self.window_done and not self.over:
            self.window_done = True
            if self._god_turn_actions():
                self.phase = TURN_END
                return
        self._pass_turn()

    def _pass_turn(self) -> None:
        """Pass the turn clockwise to the next seat whose god is still in the game (§7.1)."""
        n = self.n
        i = self.turn_idx
        for _ in range(n):
            i = (i + 1) % n
            if self.alive[self.god_of_seat[self.turn_order[i]]]:
                break
        self.turn_idx = i
        self._start_turn()

    # --- Move Figures (§7.3) -------------------------------------------------------------------

    def _destinations(self, h: int, god: int) -> list[int]:
        """Where the figure on ``h`` may end its move: empty land spaces 1-3 steps away,
        through anything (§7.3, §8.1); Satet also onto an enemy figure it can push (§3)."""
        fig, mon = self.figure, self.monument
        out = [x for x in LAND_WITHIN_3[h] if fig[x] < 0 and mon[x] < 0]
        if self.n_reserved:
            out = [x for x in out if self.reserved[x] < 0 or self.reserved[x] == god]
        if fig[h] == SATET:
            fown = self.figure_owner
            pushes = [
                x for x in LAND_WITHIN_3[h] if fown[x] >= 0 and fown[x] != god and guardians.push_targets(self, h, x)
            ]
            if pushes:
                out = sorted(out + pushes)
        return out

    def _can_move(self, h: int, god: int) -> bool:
        fig, mon = self.figure, self.monument
        if self.n_reserved:
            return bool(self._destinations(h, god))
        for x in LAND_WITHIN_3[h]:
            if fig[x] < 0 and mon[x] < 0:
                return True
        return fig[h] == SATET and bool(self._destinations(h, god))

    def _move_picks(self) -> list[Action]:
        god = self.god_of_seat[self.to_move]
        moved = self.moved
        fown = self.figure_owner
        return [PICK[h] for h in range(len(fown)) if fown[h] == god and h not in moved and self._can_move(h, god)]

    def _continue_move(self) -> None:
        """Offer the next figure to move, or end the action when none can move (§7.3)."""
        if self._move_picks():
            self.phase = MOVE_PICK
        else:
            self._action_done()

    def _move_figure(self, a: int, b: int) -> None:
        """Carry the figure (with a Scorpion's aim and its badge) from ``a`` to ``b``."""
        fig, fown, aim, badge = self.figure, self.figure_owner, self.aim, self.badge
        fig[b], fown[b], aim[b], badge[b] = fig[a], fown[a], aim[a], badge[a]
        fig[a] = fown[a] = aim[a] = -1
        badge[a] = 0

    def _move_to(self, b: int) -> None:
        """The picked figure goes to ``b`` (a Satet onto an enemy waits for its push)."""
        a = self.selected
        if self.figure_owner[b] >= 0:  # §3 Satet ends on an enemy figure: push it first
            self.push_at = b
            self.phase = PUSH
            return
        self._move_figure(a, b)
        self.moved.append(b)
        if self.figure[b] == SCORPION:
            self._ask_aim(b, AIM_AFTER_MOVE)
        else:
            self._continue_move()

    def _push(self, c: int) -> None:
        """§3 Satet: the enemy figure on ``push_at`` goes to ``c``; Satet takes its space.

        A pushed Giant Scorpion keeps its aim (ruling: only its owner aims it, after its own
        placement or move)."""
        a, b = self.selected, self.push_at
        name = self.board.hex_name
        self._log(f"Satet {name(a)} -> {name(b)} pushes {FIGURE_IDS[self.figure[b]]} to {name(c)}")
        self._move_figure(b, c)
        self._move_figure(a, b)
        self.moved.append(b)
        self._continue_move()

    def _push_actions(self) -> list[Action]:
        return [PUSH_ACTIONS[c] for c in guardians.push_targets(self, self.selected, self.push_at)]

    # --- Giant Scorpion aim (§3) -------------------------------------------------------------------

    def _ask_aim(self, h: int, resume: int) -> None:
        """A Giant Scorpion placed or moved onto ``h`` aims its pincers (§3)."""
        self.aim_hex = h
        self.aim_resume = resume
        self.aim[h] = -1
        self.phase = AIM

    def _set_aim(self, side: int) -> None:
        """Aim the Scorpion at ``aim_hex`` at sides ``side`` and ``side + 1``; the ``aim``
        phase (:data:`netjer.games.ankh.phases.PHASE_RULES`) then resumes at ``aim_resume``."""
        self.aim[self.aim_hex] = side

    # --- Summon Figure (§7.3) --------------------------------------------------------------------

    def _summonable_kinds(self, god: int) -> list[int]:
        """Kinds of figure ``god`` has in its pool: Warriors and this game's Guardians."""
        kinds = [WARRIOR] if self.warriors_pool[god] > 0 else []
        for level in (1, 2, 3):
            if self.guardian_pool[god * 3 + level - 1] > 0:
                kinds.append(self.guardian_kind[level - 1])
        kinds.sort()
        return kinds

    def _summon_spaces(self, god: int) -> list[int]:
        """Empty land spaces adjacent (same region) to a figure or controlled Monument of
        ``god`` (§7.3; a figure in water is adjacent to the land around it, §8.1), not
        reserved for another god (§4.1 Osiris)."""
        adjacent = self.regions.adjacent
        fig, fown, mon, mown = self.figure, self.figure_owner, self.monument, self.monument_owner
        mark = bytearray(len(fig))
        for h in range(len(fig)):
            if fown[h] == god or mown[h] == god:
                for x in adjacent[h]:
                    mark[x] = 1
        out = [x for x in range(len(fig)) if mark[x] and IS_LAND[x] and fig[x] < 0 and mon[x] < 0]
        if self.n_reserved:
            out = [x for x in out if self.reserved[x] < 0 or self.reserved[x] == god]
        return out

    def _can_ransom(self, god: int) -> bool:
        """Whether a god power holds a Warrior of ``god`` that ``god`` may summon instead of
        one from its pool (§4.1 Anubis: for 1 Follower paid to Anubis)."""
        return any(p.can_ransom(self._me, god) for p in self.hooks.can_ransom)

    def _placements(self, god: int, spaces: list[int]) -> list[Action]:
        """``put <kind> r,c`` for each kind in ``god``'s pool (or only a Warrior, after
        ``ransom``) and each of ``spaces`` (Apep: any empty water too, §3); ``ransom`` when
        a trapped Warrior of ``god`` may be bought back (§4.1 Anubis)."""
        if self.ransom:
            return [PUT[WARRIOR][x] for x in spaces]
        out: list[Action] = []
        for k in self._summonable_kinds(god):
            row = PUT[k]
            if k == APEP:
                out.extend(row[x] for x in sorted(set(spaces) | set(guardians.apep_targets(self))))
            else:
                out.extend(row[x] for x in spaces)
        if spaces and self.hooks.can_ransom and self._can_ransom(god):
            out.append(RANSOM)
        return out

    def _summon_actions(self) -> list[Action]:
        god = self.god_of_seat[self.to_move]
        spaces = self._summon_spaces(god)
        if self.hooks.summon_spaces:
            for p in self.hooks.summon_spaces:
                spaces.extend(p.summon_spaces(self._me, god))
            spaces = sorted(set(spaces))
        out = self._placements(god, spaces)
        if not out:
            return []
        if not self.ransom and self.powers[god] >> PYRAMID_ATTUNED & 1:
            out.extend(PYRAMID_PICK[p] for p in self._pyramids_for_extra(god))
        return out

    def _pyramids_for_extra(self, god: int) -> list[int]:
        """§2.2 Pyramid Attuned: controlled Pyramids not yet used this action with an empty
        land space next to them (only while the pool holds a figure)."""
        mon, mown = self.monument, self.monument_owner
        adjacent = self.regions.adjacent
        return [
            p
            for p in range(len(mon))
            if mon[p] == PYRAMID
            and mown[p] == god
            and p not in self.pyr_used
            and any(self._can_stand(x, god) for x in adjacent[p])
        ]

    def _pyramid_put_actions(self) -> list[Action]:
        """Extra summon next to the chosen Pyramid (§2.2); Apep also onto any empty water (§3)."""
        god = self.god_of_seat[self.to_move]
        spaces = [x for x in self.regions.adjacent[self.pyr_sel] if self._can_stand(x, god)]
        return self._placements(god, spaces)

    def _continue_summon(self) -> None:
        """Offer the summon (and Pyramid Attuned extras); end the action if none is possible."""
        if self._summon_actions():
            self.phase = SUMMON
        else:
            self._action_done()

    def _put(self, kind: int, h: int, extra: bool) -> None:
        """Summon a figure of ``kind`` from the pool onto ``h`` (§7.3): ``extra`` for Pyramid
        Attuned's (§2.2); a god power may make it an extra summon too (§4.1 Osiris)."""
        god = self.god_of_seat[self.to_move]
        if extra:
            self.pyr_used.append(self.pyr_sel)
        else:
            for p in self.hooks.summon_spaces:
                if p.on_summon_put(self._me, god, h):
                    extra = True
        self._place_from_pool(god, kind, h)
        self._checkpoint(CONT_SUMMON if extra else CONT_ACTION_DONE)

    def _place_from_pool(self, god: int, kind: int, h: int) -> None:
        """Place a figure of ``god`` from its pool on ``h`` (a summon, §7.3; also a god power's
        placement): a Giant Scorpion then aims (§3), and the powers react (§4.1 Ra).  With
        ``ransom`` set the Warrior comes from the god holding it instead (§4.1 Anubis).
        The decisions are queued: the caller then reaches a checkpoint."""
        if self.ransom:
            self.ransom = False
            next(p for p in self.hooks.can_ransom if p.can_ransom(self._me, god)).on_ransom(self._me, god)
        else:
            guardians.take_from_pool(self, god, kind)
        self.figure[h] = kind
        self.figure_owner[h] = god
        self.badge[h] = 0
        if kind == SCORPION:
            self._queue(AIM, god, h, front=True)
        for p in self.hooks.on_summoned:
            p.on_summoned(self._me, god, h)

    def _sacrificed(self, god: int, amount: int) -> None:
        """``god`` has fully resolved an effect for which it sacrificed ``amount`` Followers
        (§4.2 Hathor reacts); the caller then reaches a checkpoint."""
        if amount > 0:
            for p in self.hooks.on_sacrifice:
                p.on_sacrifice(self._me, god, amount)

    # --- Gain Followers (§7.3) --------------------------------------------------------------------

    def _gain_followers(self, god: int) -> None:
        gain = followers_gain(self, god)
        self.followers[god] += gain
        self._log(f"{self._name(god)} gains {plural(gain, 'Follower')} -> {self.followers[god]}")

    # --- Unlock Ankh Power (§7.3, §2.1) ---------------------------------------------------------

    def _begin_unlock(self, god: int) -> None:
        """§2.1: the next token's level is the cost; unaffordable or nothing left: the action
        only moves the marker (§11.3, cases 37)."""
        level = unlock_level(self.unlocked[god])
        if not unlockable_powers(self, god):
            followers = plural(self.followers[god], "Follower")
            self._log(f"{self._name(god)} cannot unlock (level {level or '-'}, {followers})")
            self._action_done()
            return
        self.phase = UNLOCK

    def _unlock(self, power: int) -> None:
        """Pay the level in Followers, cover ``power``; a Guardian icon under the token gives a
        Guardian of that level (option guardian_slots, §2.1)."""
        god = self.god_of_seat[self.to_move]
        level = unlock_level(self.unlocked[god])
        self.followers[god] -= level
        self.powers[god] |= 1 << power
        self.unlocked[god] += 1
        self._log(f"{self._name(god)} unlocks {POWER_IDS[power]} ({plural(level, 'Follower')})")
        if self.unlocked[god] in self.guardian_slots:
            guardians.gain_guardian(self, god, level)
        self._sacrificed(god, level)
        self._checkpoint(CONT_ACTION_DONE)

    # --- legal lists used by the state ---------------------------------------------------------------

    def _move_to_actions(self) -> list[Action]:
        god = self.god_of_seat[self.to_move]
        return [TO[x] for x in self._destinations(self.selected, god)]

    def _move_pick_actions(self) -> list[Action]:
        return [*self._move_picks(), DONE]
