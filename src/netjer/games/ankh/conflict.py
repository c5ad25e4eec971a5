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

from typing import TYPE_CHECKING

from netjer.core.action import Action
from netjer.games.ankh import actions, battle, guardians, merge, victory
from netjer.games.ankh.base import C_REGION, CONT_CONFLICT, CONT_EVENT_DONE, OVER, hexes_holding
from netjer.games.ankh.base import MUMMY as MUMMY_PHASE
from netjer.games.ankh.catalogue import translate as _
from netjer.games.ankh.interned import TO
from netjer.games.ankh.pieces import MUMMY
from netjer.games.ankh.powers import OMNIPRESENT
from netjer.games.ankh.rules_queries import controllers
from netjer.games.ankh.terms import followers

if TYPE_CHECKING:
    from netjer.games.ankh.state import AnkhState

#: §10.4: the merge follows this Conflict (3+ players); §10.5: the forgotten check this one;
#: §6: the last Conflict (event 18).
MERGE_AFTER, FORGOTTEN_AFTER, LAST_CONFLICT = 3, 4, 5


def start_conflict(st: AnkhState, god: int) -> None:
    st.tiebreaker_holder = god
    st.tiebreaker_used = False
    st.note(_("Conflict {conflicts}: {god} takes the tie-breaker"), conflicts=st.conflicts + 1, god=st.god_name(god))
    hr = st.regions.hex_regions
    fown = controllers(st)
    for g in st.in_devotion_order(set(st.living_gods())):
        if st.powers[g] >> OMNIPRESENT & 1:
            # The hexes of the figures counting for g: its own figures' list when nobody
            # controls another god's figures (§4.2 Seth), else a scan of who they count for.
            mine = st.figures_by_god[g] if fown is st.figure_owner else hexes_holding(fown, g)
            regions = {r for h in mine for r in hr[h]}
            st.followers[g] += len(regions)
            st.note(_("  {god} gains {followers} (Omnipresent)"), god=st.god_name(g), followers=followers(len(regions)))
    guardians.scorpions_strike(st)
    tokens = st.token_of_region
    st.conflict_order = sorted(range(st.regions.num_regions), key=lambda r: tokens[r])
    st.conflict_index = 0
    st.conflict_step = C_REGION
    st.mummy_queue = []
    for p in st.hooks.on_conflict_start:
        p.on_conflict_start(st)
    run_conflict(st)


def run_conflict(st: AnkhState) -> None:
    """Run the Conflict until a decision is needed, or to its end.  Queued decisions
    (a Mummy's return, the god powers' tasks) come first."""
    while st.phase != OVER:  # st.over, without the property call at every step
        if st.mummy_queue or st.tasks:
            st.push_continuation(CONT_CONFLICT)
            if st.ask_next_task():
                return
            st.pop_continuation()  # none was asked (each dropped): the loop goes on itself
        if st.conflict_step != C_REGION:
            if st.run_battle_step():
                return
            continue
        if st.conflict_index >= len(st.conflict_order):
            end_conflict(st)
            return
        r = st.conflict_order[st.conflict_index]
        hexes = st.region_hexes(r)
        gods = st.gods_present(hexes)
        if len(gods) >= 2:
            battle.begin_battle(st, r, hexes, gods)
            continue
        if gods:
            battle.dominate(st, gods[0], r)
        st.conflict_index += 1


# --- Mummy (§3) -------------------------------------------------------------------------------


def mummy_step(st: AnkhState) -> bool:
    """A killed Mummy returns at once next to its owner's God (its owner picks the space;
    one that counted for Seth returns next to Seth's God, Seth picking, §4.2); with no
    empty space there it stays in the pool (§3)."""
    god, owner = st.mummy_queue[0]
    if st.alive[god] and guardians.mummy_targets(st, god, owner) and guardians.pool_count(st, owner, MUMMY) > 0:
        st.to_move = st.seat_of_god[god]
        st.phase = MUMMY_PHASE
        return True
    st.mummy_queue.pop(0)
    st.note(_("  {owner}'s Mummy has no space next to its God and stays in the pool"), owner=st.god_name(owner))
    return False


def mummy_actions(st: AnkhState) -> list[Action]:
    god, owner = st.mummy_queue[0]
    return [TO[x] for x in guardians.mummy_targets(st, god, owner)]


def mummy_return(st: AnkhState, h: int) -> None:
    """The Mummy returns on ``h``: a summon from its owner's pool (P: Ra may make it Radiant)."""
    _god, owner = st.mummy_queue.pop(0)
    actions.place_from_pool(st, owner, MUMMY, h)
    st.note(_("  {owner}'s Mummy returns at {space}"), owner=st.god_name(owner), space=st.board.hex_name(h))
    st.next_task_or_resume()


# --- end of the Conflict ------------------------------------------------------------------------


def end_conflict(st: AnkhState) -> None:
    """The end of a Conflict: first the god powers that score "before all other effects"
    (§4.2 Thoth), then the merge (§10.4), the forgotten gods (§10.5) or the end of the
    game (§10.6), then the other end-of-Conflict effects (:func:`conflict_closed`)."""
    for p in st.hooks.on_conflict_scoring:
        p.on_conflict_scoring(st)
        if st.over:
            return
    st.conflicts += 1
    st.tiebreaker_holder = -1
    st.tiebreaker_used = False
    st.note(_("end of Conflict {conflicts}"), conflicts=st.conflicts)
    if st.conflicts == MERGE_AFTER and st.n >= 3:
        if merge.merge_gods(st):
            return  # the major god chooses the Guardians it keeps, then the turn ends
    elif st.conflicts == FORGOTTEN_AFTER:
        victory.forget(st)
    elif st.conflicts >= LAST_CONFLICT:
        victory.final_ranking(st)
    if not st.over:
        conflict_closed(st)


def conflict_closed(st: AnkhState) -> None:
    """After the merge or the forgotten gods: the god powers' end-of-Conflict effects
    (§4.1 Amun's token, §4.2 Horus's Eyes, Bastet's cats), then the turn ends."""
    for p in st.hooks.on_conflict_end:
        p.on_conflict_end(st)
    st.ask_queued_then(CONT_EVENT_DONE)
