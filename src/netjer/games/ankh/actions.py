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

from bisect import insort
from typing import TYPE_CHECKING, Final

from netjer.core.action import Action
from netjer.games.ankh import guardians
from netjer.games.ankh.base import (
    AIM,
    CONT_ACTION_DONE,
    CONT_AIMED_MOVE,
    CONT_SUMMON,
    LAND_WITHIN_3,
    MOVE_PICK,
    PUSH,
    SUMMON,
    TURN,
    TURN_END,
    UNLOCK,
)
from netjer.games.ankh.catalogue import translate as _
from netjer.games.ankh.interned import DONE, END, PICK, PUT, PYRAMID_PICK, RANSOM, ROW, TO
from netjer.games.ankh.interned import PUSH as PUSH_ACTIONS
from netjer.games.ankh.pieces import APEP, FIGURE_IDS, PYRAMID, SATET, SCORPION, WARRIOR
from netjer.games.ankh.powers import (
    PYRAMID_ATTUNED,
    unlock_level,
)
from netjer.games.ankh.rules_queries import (
    actions_per_turn,
    any_standable,
    fires_event,
    followers_gain,
    standable,
    summonable_kinds,
    unlockable_powers,
)
from netjer.games.ankh.terms import followers, piece_word

if TYPE_CHECKING:
    from netjer.games.ankh.state import AnkhState

MOVE_ROW: Final = 0
SUMMON_ROW: Final = 1
GAIN_ROW: Final = 2
UNLOCK_ROW: Final = 3


# --- the turn (§7.1) ---------------------------------------------------------------------


def start_turn(st: AnkhState) -> None:
    """Give the turn to the seat at ``turn_idx`` of the turn order."""
    st.to_move = st.turn_order[st.turn_idx]
    st.actions_taken = 0
    st.last_row = -1
    st.pending_event = False
    st.window_done = False
    st.phase = TURN
    for p in st.hooks.on_turn_start:
        p.on_turn_start(st)


def turn_actions(st: AnkhState) -> list[Action]:
    """Legal choices at the start of a turn or between its two actions (§7.1).

    First action: any row (even one that cannot be carried out).  Second action: a
    strictly lower row than the first; ``end`` also, when option second_action is
    "optional" (the default).
    """
    if st.actions_taken == 0:
        rows: list[Action] = list(ROW)
    else:
        rows = list(ROW[st.last_row + 1 :])
        if st.second_optional:
            rows.append(END)
    if st.hooks.turn_actions:
        rows.extend(god_turn_actions(st))
    return rows


def god_turn_actions(st: AnkhState) -> list[Action]:
    """Choices god powers offer the player whose turn it is, before or after an action
    (§4.2 Bastet: revealing a cat)."""
    god = st.god_of_seat[st.to_move]
    out: list[Action] = []
    for p in st.hooks.turn_actions:
        out.extend(p.turn_actions(st, god))
    return out


def turn_end_actions(st: AnkhState) -> list[Action]:
    """After the turn's last action: the god powers' turn choices, or ``end``."""
    return [*god_turn_actions(st), END]


def take_action(st: AnkhState, row: int) -> None:
    """Take action ``row``: advance its marker (§7.2), then resolve the action (§7.3)."""
    st.actions_taken += 1
    st.last_row = row
    st.pending_event = fires_event(st, row)
    st.markers[row] += 1
    god = st.god_of_seat[st.to_move]
    if row == MOVE_ROW:
        st.moved = []
        continue_move(st)
    elif row == SUMMON_ROW:
        st.pyramids_used = []
        continue_summon(st)
    elif row == GAIN_ROW:
        gain_followers(st, god)
        action_done(st)
    else:
        begin_unlock(st, god)


def action_done(st: AnkhState) -> None:
    """After an action: fire its event if the marker reached the end (the turn then ends,
    §6, §7.1), else offer the second action if one is left, else end the turn."""
    if st.pending_event:
        st.pending_event = False
        st.fire_event(st.god_of_seat[st.to_move])
        return
    if st.actions_taken < actions_per_turn(st, st.to_move) and st.last_row < UNLOCK_ROW:
        st.phase = TURN
        return
    end_turn(st)


def event_done(st: AnkhState) -> None:
    """After an event: the marker that fired it returns to its start space (§7.2: the
    space of the player count the game started with) and the turn ends (§7.1)."""
    row = st.last_row
    st.markers[row] = st.tracks[row].start
    if not st.over:
        end_turn(st)


def end_turn(st: AnkhState) -> None:
    """End the turn; if a god power still offers a choice "after an action" (§4.2 Bastet),
    the player is asked first (``turn-end``: that choice or ``end``)."""
    if st.hooks.turn_actions and not st.window_done and not st.over:
        st.window_done = True
        if god_turn_actions(st):
            st.phase = TURN_END
            return
    pass_turn(st)


def pass_turn(st: AnkhState) -> None:
    """Pass the turn clockwise to the next seat whose god is still in the game (§7.1)."""
    n = st.n
    i = st.turn_idx
    for _step in range(n):
        i = (i + 1) % n
        if st.alive[st.god_of_seat[st.turn_order[i]]]:
            break
    st.turn_idx = i
    start_turn(st)


# --- Move Figures (§7.3) -------------------------------------------------------------------


def destinations(st: AnkhState, h: int, god: int) -> list[int]:
    """Where the figure of ``god`` on ``h`` may end its move, ascending: the spaces 1-3 steps
    away, through anything (§7.3, §8.1), where it may stand
    (:func:`~netjer.games.ankh.rules_queries.standable`: §4.1 Osiris's reserved spaces out);
    Satet also onto an enemy figure it can push (§3)."""
    fig = st.figure
    out = standable(st, LAND_WITHIN_3[h], god)
    if fig[h] == SATET:
        fown = st.figure_owner
        pushes = [x for x in LAND_WITHIN_3[h] if fown[x] >= 0 and fown[x] != god and guardians.push_targets(st, h, x)]
        if pushes:
            out = sorted(out + pushes)
    return out


def can_move(st: AnkhState, h: int, god: int) -> bool:
    """Whether :func:`destinations` is not empty (stops at the first space found)."""
    if any_standable(st, LAND_WITHIN_3[h], god):
        return True
    return st.figure[h] == SATET and bool(destinations(st, h, god))


def move_picks(st: AnkhState) -> list[Action]:
    god = st.god_of_seat[st.to_move]
    moved = st.moved
    return [PICK[h] for h in st.figures_by_god[god] if h not in moved and can_move(st, h, god)]


def can_pick(st: AnkhState) -> bool:
    """Whether ``move_picks(st)`` is not empty (stops at the first figure that can move)."""
    god = st.god_of_seat[st.to_move]
    moved = st.moved
    return any(h not in moved and can_move(st, h, god) for h in st.figures_by_god[god])


def continue_move(st: AnkhState) -> None:
    """Offer the next figure to move, or end the action when none can move (§7.3)."""
    if can_pick(st):
        st.phase = MOVE_PICK
    else:
        action_done(st)


def move_figure(st: AnkhState, a: int, b: int) -> None:
    """Carry the figure (with a Scorpion's aim and its badge) from ``a`` to ``b``."""
    fig, fown, aim, badge = st.figure, st.figure_owner, st.aim, st.badge
    mine = st.figures_by_god[fown[a]]
    mine.remove(a)
    insort(mine, b)
    fig[b], fown[b], aim[b], badge[b] = fig[a], fown[a], aim[a], badge[a]
    fig[a] = fown[a] = aim[a] = -1
    badge[a] = 0


def move_to(st: AnkhState, b: int) -> None:
    """The picked figure goes to ``b`` (a Satet onto an enemy waits for its push)."""
    a = st.selected
    if st.figure_owner[b] >= 0:  # §3 Satet ends on an enemy figure: push it first
        st.push_at = b
        st.phase = PUSH
        return
    move_figure(st, a, b)
    st.moved.append(b)
    if st.figure[b] == SCORPION:
        ask_aim(st, b, CONT_AIMED_MOVE)
    else:
        continue_move(st)


def push(st: AnkhState, c: int) -> None:
    """§3 Satet: the enemy figure on ``push_at`` goes to ``c``; Satet takes its space.

    A pushed Giant Scorpion keeps its aim (ruling: only its owner aims it, after its own
    placement or move)."""
    a, b = st.selected, st.push_at
    name = st.board.hex_name
    st.note(
        _("Satet {space} -> {space_2} pushes {figure} to {space_3}"),
        space=name(a),
        space_2=name(b),
        figure=piece_word(FIGURE_IDS[st.figure[b]]),
        space_3=name(c),
    )
    move_figure(st, b, c)
    move_figure(st, a, b)
    st.moved.append(b)
    continue_move(st)


def push_actions(st: AnkhState) -> list[Action]:
    return [PUSH_ACTIONS[c] for c in guardians.push_targets(st, st.selected, st.push_at)]


# --- Giant Scorpion aim (§3) -------------------------------------------------------------------


def ask_aim(st: AnkhState, h: int, then: int) -> None:
    """A Giant Scorpion placed or moved onto ``h`` aims its pincers (§3); once it is aimed the
    flow goes on with ``then`` (a ``base.CONT_AIMED_*``, pushed on the continuation stack)."""
    st.aim_hex = h
    st.push_continuation(then)
    st.aim[h] = -1
    st.phase = AIM


def set_aim(st: AnkhState, side: int) -> None:
    """Aim the Scorpion at ``aim_hex`` at sides ``side`` and ``side + 1``; the ``aim``
    phase (:data:`netjer.games.ankh.phases.PHASE_RULES`) then resumes the continuation stack."""
    st.aim[st.aim_hex] = side


# --- Summon Figure (§7.3) --------------------------------------------------------------------


def summon_spaces(st: AnkhState, god: int) -> list[int]:
    """The spaces adjacent (same region) to a figure or controlled Monument of ``god``
    (§7.3; a figure in water is adjacent to the land around it, §8.1) where it may stand
    (:func:`~netjer.games.ankh.rules_queries.standable`: empty land not reserved for another
    god, §4.1 Osiris), ascending."""
    adjacent = st.regions.adjacent
    mark: set[int] = set()
    for h in st.figures_by_god[god]:
        mark.update(adjacent[h])
    for h in st.monuments_by_god[god]:
        mark.update(adjacent[h])
    return standable(st, sorted(mark), god)


def can_ransom(st: AnkhState, god: int) -> bool:
    """Whether a god power holds a Warrior of ``god`` that ``god`` may summon instead of
    one from its pool (§4.1 Anubis: for 1 Follower paid to Anubis)."""
    return any(p.can_ransom(st, god) for p in st.hooks.can_ransom)


def placements(st: AnkhState, god: int, spaces: list[int]) -> list[Action]:
    """``put <kind> r,c`` for each kind in ``god``'s pool (or only a Warrior, after
    ``ransom``) and each of ``spaces`` (Apep: any empty water too, §3); ``ransom`` when
    a trapped Warrior of ``god`` may be bought back (§4.1 Anubis)."""
    if st.ransom:
        return [PUT[WARRIOR][x] for x in spaces]
    out: list[Action] = []
    for k in summonable_kinds(st, god):
        row = PUT[k]
        if k == APEP:
            out += [row[x] for x in sorted(set(spaces) | set(guardians.apep_targets(st)))]
        else:
            out += [row[x] for x in spaces]
    if spaces and st.hooks.can_ransom and can_ransom(st, god):
        out.append(RANSOM)
    return out


def all_summon_spaces(st: AnkhState, god: int) -> list[int]:
    """Where ``god``'s Summon Figure may place a figure from its pool (§7.3): its
    :func:`summon_spaces` and the spaces god powers add (§4.1 Osiris's Underworld), ascending
    (Apep's Water spaces are :func:`placements`')."""
    spaces = summon_spaces(st, god)
    if st.hooks.summon_spaces:
        for p in st.hooks.summon_spaces:
            spaces.extend(p.summon_spaces(st, god))
        spaces = sorted(set(spaces))
    return spaces


def has_summon_space(st: AnkhState, god: int) -> bool:
    """Whether ``all_summon_spaces(st, god)`` is not empty, without building it: stops at the
    first empty land space next to a figure or controlled Monument of ``god`` that is not
    reserved for another god (§7.3, §4.1 Osiris), then asks the god powers' spaces."""
    adjacent = st.regions.adjacent
    for hexes in (st.figures_by_god[god], st.monuments_by_god[god]):
        for h in hexes:
            if any_standable(st, adjacent[h], god):
                return True
    return any(p.summon_spaces(st, god) for p in st.hooks.summon_spaces)


def can_summon(st: AnkhState) -> bool:
    """Whether ``summon_actions(st)`` is not empty, without building it: ``placements``
    offers something exactly when there is a space and a kind in the pool, Apep and an empty
    Water space, or (after ``ransom``, or to buy one back) a space for the Warrior."""
    god = st.god_of_seat[st.to_move]
    if st.ransom:
        return has_summon_space(st, god)
    kinds = summonable_kinds(st, god)
    if kinds and has_summon_space(st, god):
        return True
    if APEP in kinds and guardians.apep_targets(st):
        return True
    return bool(st.hooks.can_ransom) and can_ransom(st, god) and has_summon_space(st, god)


def summon_actions(st: AnkhState) -> list[Action]:
    god = st.god_of_seat[st.to_move]
    spaces = all_summon_spaces(st, god)
    out = placements(st, god, spaces)
    if not out:
        return []
    if not st.ransom and st.powers[god] >> PYRAMID_ATTUNED & 1:
        out.extend(PYRAMID_PICK[p] for p in pyramids_for_extra(st, god))
    return out


def pyramids_for_extra(st: AnkhState, god: int) -> list[int]:
    """§2.2 Pyramid Attuned: controlled Pyramids not yet used this action with an empty
    land space next to them (only while the pool holds a figure)."""
    mon = st.monument
    adjacent = st.regions.adjacent
    return [
        p
        for p in st.monuments_by_god[god]
        if mon[p] == PYRAMID and p not in st.pyramids_used and any_standable(st, adjacent[p], god)
    ]


def pyramid_put_actions(st: AnkhState) -> list[Action]:
    """Extra summon next to the chosen Pyramid (§2.2); Apep also onto any empty water (§3)."""
    god = st.god_of_seat[st.to_move]
    spaces = standable(st, st.regions.adjacent[st.pyramid_selected], god)
    return placements(st, god, spaces)


def continue_summon(st: AnkhState) -> None:
    """Offer the summon (and Pyramid Attuned extras); end the action if none is possible."""
    if can_summon(st):
        st.phase = SUMMON
    else:
        action_done(st)


def put(st: AnkhState, kind: int, h: int, extra: bool) -> None:
    """Summon a figure of ``kind`` from the pool onto ``h`` (§7.3): ``extra`` for Pyramid
    Attuned's (§2.2); a god power may make it an extra summon too (§4.1 Osiris)."""
    god = st.god_of_seat[st.to_move]
    if extra:
        st.pyramids_used.append(st.pyramid_selected)
    else:
        for p in st.hooks.summon_spaces:
            if p.on_summon_put(st, god, h):
                extra = True
    place_from_pool(st, god, kind, h)
    st.ask_queued_then(CONT_SUMMON if extra else CONT_ACTION_DONE)


def place_from_pool(st: AnkhState, god: int, kind: int, h: int) -> None:
    """Place a figure of ``god`` from its pool on ``h`` (a summon, §7.3; also a god power's
    placement): a Giant Scorpion then aims (§3), and the powers react (§4.1 Ra).  With
    ``ransom`` set the Warrior comes from the god holding it instead (§4.1 Anubis).
    The decisions are queued: the caller then reaches a checkpoint."""
    if st.ransom:
        st.ransom = False
        next(p for p in st.hooks.can_ransom if p.can_ransom(st, god)).on_ransom(st, god)
    else:
        guardians.take_from_pool(st, god, kind)
    st.figure[h] = kind
    st.figure_owner[h] = god
    insort(st.figures_by_god[god], h)
    st.badge[h] = 0
    if kind == SCORPION:
        st.queue_task(AIM, god, h, front=True)
    for p in st.hooks.on_summoned:
        p.on_summoned(st, god, h)


def sacrificed(st: AnkhState, god: int, amount: int) -> None:
    """``god`` has fully resolved an effect for which it sacrificed ``amount`` Followers
    (§4.2 Hathor reacts); the caller then reaches a checkpoint."""
    if amount > 0:
        for p in st.hooks.on_sacrifice:
            p.on_sacrifice(st, god, amount)


# --- Gain Followers (§7.3) --------------------------------------------------------------------


def gain_followers(st: AnkhState, god: int) -> None:
    gain = followers_gain(st, god)
    st.followers[god] += gain
    st.note(
        _("{god} gains {followers}: now {total}"),
        god=st.god_name(god),
        followers=followers(gain),
        total=st.followers[god],
    )


# --- Unlock Ankh Power (§7.3, §2.1) ---------------------------------------------------------


def begin_unlock(st: AnkhState, god: int) -> None:
    """§2.1: the next token's level is the cost; unaffordable or nothing left: the action
    only moves the marker (§11.3, cases 37)."""
    level = unlock_level(st.unlocked[god])
    if not unlockable_powers(st, god):
        # Level 0: every dashboard token is used; a sentence of its own, not a dash (issue 32).
        line = (
            _("{god} cannot unlock (level {level}, {followers})")
            if level
            else _("{god} cannot unlock (all six unlocks made, {followers})")
        )
        st.note(line, god=st.god_name(god), level=level, followers=followers(st.followers[god]))
        action_done(st)
        return
    st.phase = UNLOCK


def unlock(st: AnkhState, power: int) -> None:
    """Pay the level in Followers, cover ``power``; a Guardian icon under the token gives a
    Guardian of that level (option guardian_slots, §2.1)."""
    god = st.god_of_seat[st.to_move]
    level = unlock_level(st.unlocked[god])
    st.followers[god] -= level
    st.powers[god] |= 1 << power
    st.unlocked[god] += 1
    # Told by the action's words (narration.describe): the log does not tell it again.
    if st.unlocked[god] in st.guardian_slots:
        guardians.gain_guardian(st, god, level)
    sacrificed(st, god, level)
    st.ask_queued_then(CONT_ACTION_DONE)


# --- legal lists used by the state ---------------------------------------------------------------


def move_to_actions(st: AnkhState) -> list[Action]:
    god = st.god_of_seat[st.to_move]
    return [TO[x] for x in destinations(st, st.selected, god)]


def move_pick_actions(st: AnkhState) -> list[Action]:
    return [*move_picks(st), DONE]
