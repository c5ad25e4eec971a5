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

from typing import TYPE_CHECKING

from netjer.games.ankh.catalogue import translate as _
from netjer.games.ankh.fields import GUARDIAN_LEVELS, pool_index
from netjer.games.ankh.pieces import GUARDIAN_LEVEL, WARRIOR
from netjer.games.ankh.rules_queries import in_red

if TYPE_CHECKING:
    from netjer.games.ankh.state import AnkhState


def forget(st: AnkhState) -> None:
    """§10.5: remove every god in the red section; one left wins, none left: all lose."""
    red = [g for g in st.devotion_stack if in_red(st, g)]
    for g in red:
        remove_god(st, g)
        st.note(
            _("{god} is forgotten (Devotion {devotion} <= {red_max})"),
            god=st.god_name(g),
            devotion=st.devotion[g],
            red_max=st.red_max,
        )
        # Its powers leave the game; every power that was in play cleans up after it (§4).
        hooks = st.hooks.on_forgotten
        for i, x in enumerate(st.holder):
            if x == g:
                st.holder[i] = -1
        st.refresh_hooks()
        for p in hooks:
            p.on_forgotten(st, g)
    living = list(st.devotion_stack)
    if len(living) == 1:
        st.end_game(living, _("{god} is the only god remaining and wins").format(god=st.god_name(living[0])))
    elif not living:
        st.end_game([], _("every god is forgotten: Egypt forgets its gods and everyone loses"))


def remove_god(st: AnkhState, god: int) -> None:
    """A forgotten god leaves: figures (Guardians out of the game), Monuments (back to the
    supply), Followers; its token leaves the track."""
    fig, fown, mon, mown = st.figure, st.figure_owner, st.monument, st.monument_owner
    for h in range(len(fig)):
        if fown[h] == god:
            kind = fig[h]
            if kind == WARRIOR:
                st.removed_warriors[god] += 1
            elif kind in GUARDIAN_LEVEL:
                st.removed_guardians[GUARDIAN_LEVEL[kind] - 1] += 1
            fig[h] = fown[h] = st.aim[h] = -1
            st.badge[h] = 0
        if mown[h] == god:
            st.monument_supply[mon[h]] += 1
            mon[h] = mown[h] = -1
    st.refresh_figures()
    st.refresh_monuments()
    st.removed_warriors[god] += st.warriors_pool[god]
    st.warriors_pool[god] = 0
    for level in GUARDIAN_LEVELS:
        st.removed_guardians[level - 1] += st.guardian_pool[pool_index(god, level)]
        st.guardian_pool[pool_index(god, level)] = 0
    st.followers[god] = 0
    st.ankh_pool[god] = 0
    st.alive[god] = False
    st.devotion_stack.remove(god)


def final_ranking(st: AnkhState) -> None:
    """§10.6: after the last event the highest token on the track wins."""
    top = st.devotion_stack[-1]
    st.end_game([top], _("the event track is over: {god} has the most Devotion and wins").format(god=st.god_name(top)))


def returns_for_seats(st: AnkhState) -> list[float]:
    winners = set(st.winner_seats())
    return [1.0 if s in winners else -1.0 for s in range(st.n)]
