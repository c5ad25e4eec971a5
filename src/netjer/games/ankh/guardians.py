"""Guardians (rules/ankh.md §3) and what happens to figures when they die.

The six base-game Guardian types: Cat-Mummy and Satet (level 1, small base), Mummy (level 2,
small) and Apep (level 2, large), Giant Scorpion and Androsphinx (level 3, large).  One type
per level is in play (``AnkhState.guardian_kind``); a god gains miniatures by unlocking the
dashboard slots with a Guardian icon (option ``guardian_slots``, §2.1) into its pool, with
a coloured base (2 small + 2 large per god, §3), and summons them like Warriors.

Abilities and where they act:

* Cat-Mummy: when killed, every other god loses 1 Devotion (:func:`cat_mummy_losses`).
* Satet: may end its move on an enemy figure, pushing it (:func:`push_targets`,
  option ``satet_push``).
* Mummy: when killed, returns next to its God figure (:func:`kill` queues it;
  the owner picks the space, ``to r,c``).
* Apep: may be summoned onto any Water space (:func:`apep_targets`); in water it
  is in every region the water touches (``RegionMap.hex_regions``).
* Giant Scorpion: aims at two neighbouring spaces (``aim``) and destroys Monuments there at
  the start of each Conflict (:func:`scorpions_strike`).
* Androsphinx: enemy figures adjacent to it have strength 0 (:func:`netjer.games.ankh.rules_queries.neutralised`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from netjer.games.ankh import devotion
from netjer.games.ankh.catalogue import Phrase, PhraseList
from netjer.games.ankh.catalogue import translate as _
from netjer.games.ankh.fields import pool_index
from netjer.games.ankh.pieces import (
    BASES_PER_SIZE,
    CAT_MUMMY,
    FIGURE_IDS,
    GOD,
    GUARDIAN_BASE,
    GUARDIAN_LEVEL,
    MUMMY,
    WARRIOR,
)
from netjer.games.ankh.rules_queries import controllers, god_hex
from netjer.games.ankh.terms import aim_words, bare_name, term_name
from netjer.i18n import N_

if TYPE_CHECKING:
    from netjer.games.ankh.state import AnkhState

# --- pools and coloured bases ------------------------------------------------------------


def guardians_owned(st: AnkhState, god: int, level: int) -> int:
    """Guardians of ``level`` that ``god`` controls, on the board or in its pool."""
    kind = st.guardian_kind[level - 1]
    fig = st.figure
    on_board = sum(1 for h in st.figures_by_god[god] if fig[h] == kind)
    return on_board + st.guardian_pool[pool_index(god, level)]


def free_bases(st: AnkhState, god: int, base: str) -> int:
    """Coloured bases of size ``base`` still free for ``god`` (§3: 2 small + 2 large)."""
    used = sum(guardians_owned(st, god, lvl) for lvl in (1, 2, 3) if GUARDIAN_BASE[st.guardian_kind[lvl - 1]] == base)
    return BASES_PER_SIZE - used


def gain_guardian(st: AnkhState, god: int, level: int) -> None:
    """Uncovering a Guardian icon (§2.1): 1 miniature of the level's Guardian card to the
    god's pool, if one is left beside the card (J: otherwise nothing) and the god has a
    free coloured base of its size (§3)."""
    kind = st.guardian_kind[level - 1]
    if st.guardian_supply[level - 1] <= 0:
        st.note(
            _("{god} would gain the Guardian {guardian}, but none is left"),
            god=st.god_name(god),
            guardian=bare_name("figure", FIGURE_IDS[kind]),
        )
        return
    if free_bases(st, god, GUARDIAN_BASE[kind]) <= 0:  # pragma: no cover - 3 Guardians never fill the bases
        st.note(
            _("{god} has no free {base} base for {figure}"),
            god=st.god_name(god),
            base=GUARDIAN_BASE[kind],
            figure=term_name("figure", FIGURE_IDS[kind]),
        )
        return
    st.guardian_supply[level - 1] -= 1
    st.guardian_pool[pool_index(god, level)] += 1
    st.note(
        _("{god} gains the Guardian {guardian}"), god=st.god_name(god), guardian=bare_name("figure", FIGURE_IDS[kind])
    )


def to_pool(st: AnkhState, god: int, kind: int) -> None:
    """A figure leaves the board for its owner's pool (killed, §3: Guardians return to
    their owner's pool; Warriors likewise)."""
    if kind == WARRIOR:
        st.warriors_pool[god] += 1
    else:
        st.guardian_pool[pool_index(god, GUARDIAN_LEVEL[kind])] += 1


def take_from_pool(st: AnkhState, god: int, kind: int) -> None:
    """A summoned figure leaves its owner's pool."""
    if kind == WARRIOR:
        st.warriors_pool[god] -= 1
    else:
        st.guardian_pool[pool_index(god, GUARDIAN_LEVEL[kind])] -= 1


def pool_count(st: AnkhState, god: int, kind: int) -> int:
    """Figures of ``kind`` in ``god``'s pool."""
    if kind == WARRIOR:
        return st.warriors_pool[god]
    return st.guardian_pool[pool_index(god, GUARDIAN_LEVEL[kind])]


# --- deaths ---------------------------------------------------------------------------------


def kill(st: AnkhState, hexes: list[int], why: str) -> list[int]:
    """Kill the figures on ``hexes`` (Warriors and Guardians; Gods never die, §3, §10.3).

    Each goes to its owner's pool; a killed Giant Scorpion loses its aim and any badge
    leaves with the figure; each death is counted for Miracle (``battle.kills``, §1: a Mummy
    killed twice counts twice); a killed Mummy is queued to return next to its God
    (``mummy_queue``, §3).  During a Conflict these death effects are those of the god
    the figure counts for (§4.2 Seth: Miracle, Cat-Mummy and Mummy are his).  Then the
    powers react (§4.1 Anubis).

    Returns:
        The gods the Cat-Mummies killed counted for, one entry per Cat-Mummy (their
        Devotion losses are applied by the caller at the time the rules say, §3).
    """
    cats: list[int] = []
    fig, fown = st.figure, st.figure_owner
    ctl = controllers(st)
    names: list[str | Phrase] = []
    dead = []
    for h in hexes:
        kind, owner, god = fig[h], fown[h], ctl[h]
        if kind < 0 or kind == GOD:  # pragma: no cover - callers pass figures that may die
            continue
        st.figures_by_god[owner].remove(h)
        fig[h] = fown[h] = -1
        st.aim[h] = -1
        st.badge[h] = 0
        to_pool(st, owner, kind)
        st.battle.kills[god] += 1
        dead.append((h, kind, owner, god))
        figure = bare_name("figure", FIGURE_IDS[kind])
        names.append(
            Phrase(_("{god}'s {figure} on {space}"), god=st.god_name(owner), figure=figure, space=st.board.hex_name(h))
        )
        if kind == CAT_MUMMY:
            cats.append(god)
        elif kind == MUMMY:
            st.mummy_queue.append((god, owner))
    if names:
        st.note(_("killed ({why}): {figures}"), why=why, figures=PhraseList(names))
        for p in st.hooks.on_killed:
            p.on_killed(st, dead)
    return cats


def cat_mummy_losses(st: AnkhState, owners: list[int]) -> None:
    """§3 Cat-Mummy: for each one killed, every *other* god loses 1 Devotion (a merged god
    once), in ascending Devotion order, never below 0."""
    for owner in owners:
        for g in list(st.devotion_stack):
            if g != owner:
                devotion.lose(st, g, 1, _("a Cat-Mummy died"))


def mummy_targets(st: AnkhState, god: int, owner: int) -> list[int]:
    """§3 Mummy: the empty land spaces adjacent to the God figure of ``god`` (its owner,
    or Seth when it counted for him, §4.2), where a figure of ``owner`` may stand."""
    gh = god_hex(st, god)
    if gh < 0:
        return []
    return [x for x in st.regions.adjacent[gh] if st.can_stand(x, owner)]


# --- Apep, Satet, Androsphinx, Giant Scorpion -----------------------------------------------


def apep_targets(st: AnkhState) -> list[int]:
    """§3 Apep: it may be summoned onto any empty Water space (no adjacency, P; J)."""
    fig = st.figure
    return [w for w in st.board.water if fig[w] < 0]


def push_targets(st: AnkhState, origin: int, target: int) -> list[int]:
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
    board = st.board
    adjacent = st.regions.adjacent[target]

    pushed = st.figure_owner[target]

    def free(x: int) -> bool:
        return st.can_stand(x, pushed)

    if st.satet_choose:
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


def struck_spaces(st: AnkhState, h: int, side: int) -> list[int]:
    """The spaces whose Monuments a Giant Scorpion on ``h`` aimed at sides ``side`` and
    ``side + 1`` destroys at the start of a Conflict (§3, §10.1 step 2): those two
    neighbours that are adjacent to it in the same region (rulings table: not across
    rivers or camels), in that order."""
    nb = st.board.neighbour_in[h]
    adjacent = st.regions.adjacent[h]
    return [x for x in (nb[side], nb[(side + 1) % 6]) if x >= 0 and x in adjacent]


#: The log line of a Monument a Giant Scorpion destroys, by Monument kind (``MONUMENT_IDS``
#: order): a sentence per kind, so that the article agrees with the Monument's gender in every
#: language ("destruye la pirámide").
SCORPION_DESTROYS: Final[tuple[str, str, str]] = (
    N_("{god}'s Giant Scorpion at {space} ({side}) destroys the obelisk at {space_2}"),
    N_("{god}'s Giant Scorpion at {space} ({side}) destroys the temple at {space_2}"),
    N_("{god}'s Giant Scorpion at {space} ({side}) destroys the pyramid at {space_2}"),
)


def scorpions_strike(st: AnkhState) -> None:
    """Start of a Conflict (§3 Giant Scorpion, §10.1 step 2): every Monument on a space a
    Giant Scorpion aims at, and adjacent to it in the same region (rulings table: not
    across rivers or camels), is destroyed: back to the supply, its controller's Ankh
    token back to the pool."""
    board = st.board
    for h in range(len(st.figure)):
        if st.aim[h] < 0:
            continue
        for x in struck_spaces(st, h, st.aim[h]):
            kind = st.monument[x]
            if kind < 0:
                continue
            owner = st.monument_owner[x]
            st.monument[x] = st.monument_owner[x] = -1
            st.monument_supply[kind] += 1
            if owner >= 0:
                st.ankh_pool[owner] += 1
                st.monuments_by_god[owner].remove(x)
            side = aim_words(st.aim[h])
            st.note(
                _(SCORPION_DESTROYS[kind]),
                god=st.god_name(st.figure_owner[h]),
                space=board.hex_name(h),
                side=side,
                space_2=board.hex_name(x),
            )
