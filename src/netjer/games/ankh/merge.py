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

from typing import TYPE_CHECKING

from netjer.core.action import Action
from netjer.games.ankh import guardians
from netjer.games.ankh.base import ADOPT as ADOPT_PHASE
from netjer.games.ankh.catalogue import translate as _
from netjer.games.ankh.fields import GUARDIAN_LEVELS, pool_index
from netjer.games.ankh.interned import ADOPT, ADOPT_POOL, DONE
from netjer.games.ankh.pieces import GOD, GUARDIAN_BASE, GUARDIAN_LEVEL, WARRIOR

if TYPE_CHECKING:
    from netjer.games.ankh.state import AnkhState


def merge_gods(st: AnkhState) -> bool:
    """Merge the two lowest gods (§10.4).

    Returns:
        True if the major god's player now chooses which of the minor god's Guardians to
        keep (phase ``adopt``); the merge then ends with :func:`finish_adoption`
        (or when nothing more fits), and the ``adopt`` phase closes the Conflict.
    """
    asc = st.devotion_stack
    minor, major = asc[0], asc[1]
    st.note(_("{minor} (minor) merges into {major} (major)"), minor=st.god_name(minor), major=st.god_name(major))
    mon, mown, fig, fown = st.monument, st.monument_owner, st.figure, st.figure_owner
    for h in range(len(mon)):
        if mown[h] == minor:
            st.monument_supply[mon[h]] += 1
            mon[h] = mown[h] = -1
    st.refresh_monuments()
    for h in range(len(fig)):
        if fown[h] == minor and fig[h] in (GOD, WARRIOR):
            if fig[h] == WARRIOR:
                st.removed_warriors[minor] += 1
            fig[h] = fown[h] = -1
            st.badge[h] = 0
    st.refresh_figures()
    st.removed_warriors[minor] += st.warriors_pool[minor]
    st.warriors_pool[minor] = 0
    st.followers[major] += st.followers[minor]
    st.followers[minor] = 0
    st.ankh_pool[minor] = 0
    st.used[minor] = 0
    if st.merged_combined:
        st.powers[major] |= st.powers[minor]
    # The major token takes the minor's place on the track.
    st.devotion[major] = st.devotion[minor]
    asc.remove(major)
    asc[0] = major
    st.alive[minor] = False
    for s in range(st.n):
        if st.god_of_seat[s] == minor:
            st.god_of_seat[s] = major
    st.merge_minor = minor
    # Both gods' powers now belong to the merged god (§10.4 "both god abilities apply").
    for i, g in enumerate(st.holder):
        if g == minor:
            st.holder[i] = major
    st.refresh_hooks()
    for p in st.hooks.on_merge:
        p.on_merge(st, major, minor)
    return continue_adoption(st)


def adopt_actions(st: AnkhState) -> list[Action]:
    """The minor god's Guardians the major god can still take into a free base of their
    size (its own Guardians keep theirs first, cases.md 34), and ``done``."""
    minor = st.merge_minor
    major = st.god_of_seat[minor]
    out: list[Action] = []
    fig, fown = st.figure, st.figure_owner
    for h in range(len(fig)):
        if fown[h] == minor and fig[h] in GUARDIAN_BASE and guardians.free_bases(st, major, GUARDIAN_BASE[fig[h]]) > 0:
            out.append(ADOPT[h])
    for level in GUARDIAN_LEVELS:
        kind = st.guardian_kind[level - 1]
        if st.guardian_pool[pool_index(minor, level)] > 0 and guardians.free_bases(st, major, GUARDIAN_BASE[kind]) > 0:
            action = ADOPT_POOL[kind]
            assert action is not None
            out.append(action)
    if out:
        out.append(DONE)
    return out


def continue_adoption(st: AnkhState) -> bool:
    if adopt_actions(st):
        st.to_move = st.seat_of_god[st.god_of_seat[st.merge_minor]]
        st.phase = ADOPT_PHASE
        return True
    release_guardians(st)
    return False


def adopt(st: AnkhState, h: int, kind: int) -> bool:
    """The major god keeps the minor's Guardian on ``h`` (``h`` >= 0) or one of ``kind``
    from its pool.  True if the merge is now over (nothing more fits: the Conflict's end
    goes on, ``conflict._conflict_closed``, called by the ``adopt`` phase)."""
    minor = st.merge_minor
    major = st.god_of_seat[minor]
    if h >= 0:
        st.figure_owner[h] = major
        st.refresh_figures()
    else:
        level = GUARDIAN_LEVEL[kind]
        st.guardian_pool[pool_index(minor, level)] -= 1
        st.guardian_pool[pool_index(major, level)] += 1
    # Told by the action's words (narration.describe); the merge's line named the minor god.
    return not continue_adoption(st)


def finish_adoption(st: AnkhState) -> None:
    """``done``: the minor god's other Guardians leave the game; the merge is over (the
    ``adopt`` phase then calls ``conflict._conflict_closed``)."""
    release_guardians(st)


def release_guardians(st: AnkhState) -> None:
    """The minor god's Guardians not kept leave the game (not killed, §10.4)."""
    minor = st.merge_minor
    fig, fown = st.figure, st.figure_owner
    for h in range(len(fig)):
        if fown[h] == minor:
            st.removed_guardians[GUARDIAN_LEVEL[fig[h]] - 1] += 1
            fig[h] = fown[h] = st.aim[h] = -1
            st.badge[h] = 0
    st.refresh_figures()
    for level in GUARDIAN_LEVELS:
        slot = pool_index(minor, level)
        st.removed_guardians[level - 1] += st.guardian_pool[slot]
        st.guardian_pool[slot] = 0
