"""Read-only rule queries of Ankh: what the rules say of a position, without changing it.

The engine and the Ankh heuristic (:mod:`netjer.agents.heuristic.ankh`) both call these
functions, so that no rule is written twice.  Each takes the state explicitly and cites its
rule (``docs/rules/ankh.md``); none changes the state.  Where a rule depends on who a figure
counts for during a Conflict (§4.2 Seth), the query takes ``owners`` (one entry per hex: the
god the figure counts for, -1 for none): :func:`controllers` during a Conflict, or
``st.figure_owner`` for the owners themselves (what the heuristic weighs).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final

from netjer.games.ankh.base import IS_LAND
from netjer.games.ankh.fields import GUARDIAN_LEVELS, pool_index
from netjer.games.ankh.interned import MAX_BID
from netjer.games.ankh.pieces import ANDROSPHINX, GOD, TEMPLE, WARRIOR
from netjer.games.ankh.powers import INSPIRING, RESPLENDENT, REVERED, TEMPLE_ATTUNED, free_powers, unlock_level

if TYPE_CHECKING:
    from netjer.games.ankh.state import AnkhState

#: §1 Build Monument: the Followers it sacrifices, unless Inspiring (§2.2).
BUILD_COST: Final = 3
#: §2.2 Resplendent: the God figure's strength with 3+ controlled Monuments of one type.
RESPLENDENT_GOD, RESPLENDENT_MONUMENTS = 3, 3
#: §2.2 Temple Attuned: strength per controlled Temple of the battle region with a figure next to it.
TEMPLE_ATTUNED_STRENGTH: Final = 2
#: §9: the Monument types (Obelisk, Temple, Pyramid).
MONUMENT_TYPES: Final = 3
#: §10.2 Domination: the Devotion a god alone in a region gains beyond its majorities.
DOMINATION_DEVOTION: Final = 1
#: §10.3 step 5: the Devotion the winner of a Battle gains (3 with Glorious by 3+, §2.2).
BATTLE_WIN_DEVOTION: Final = 1


# --- who a figure counts for (§4.2 Seth) ----------------------------------------------------------


def controllers(st: AnkhState) -> list[int]:
    """Who each figure counts for (rules/ankh.md §4.2 Seth): its owner, except during a
    Conflict, where a god power may say otherwise (Seth takes the enemy Warriors and
    Guardians next to his God figure).

    Returns:
        one god (or -1) per hex; ``st.figure_owner`` itself when nothing differs: not to be
        modified.
    """
    owners = st.figure_owner
    if st.tiebreaker_holder >= 0 and st.hooks.control:
        for p in st.hooks.control:
            owners = p.control(st, owners)
    return owners


def god_hex(st: AnkhState, god: int) -> int:
    """The hex of ``god``'s God figure, or -1 if it is not on the board (§3 Mummy, §4.2 Seth:
    "adjacent to his God figure")."""
    fig = st.figure
    for h in st.figures_by_god[god]:  # its figures' hexes, a handful (not a scan of the board; issue 34)
        if fig[h] == GOD:
            return h
    return -1


# --- strength (§3 Androsphinx, §2.2 Resplendent and Temple Attuned, §10.3 step 5) -----------------


def neutralised(st: AnkhState, h: int, god: int, owners: Sequence[int]) -> bool:
    """§3 Androsphinx: whether a figure counting for ``god`` on ``h`` has strength 0, being
    adjacent (same region) to an Androsphinx counting for another god (two enemy
    Androsphinxes next to each other cancel each other).  No Androsphinx in the game: never.

    Args:
        owners: who each figure counts for (:func:`controllers`, or ``st.figure_owner``).
    """
    if ANDROSPHINX not in st.guardian_kind:
        return False
    fig = st.figure
    return any(fig[x] == ANDROSPHINX and owners[x] != god for x in st.regions.adjacent[h])


def controlled_monuments_of(st: AnkhState, god: int) -> list[int]:
    """How many Monuments of each type (§9: Obelisk, Temple, Pyramid) ``god`` controls
    anywhere on the board: ``[type]``."""
    counts = [0] * MONUMENT_TYPES
    mon = st.monument
    for h in st.monuments_by_god[god]:
        counts[mon[h]] += 1
    return counts


def controlled_monuments(st: AnkhState) -> list[list[int]]:
    """Per god, :func:`controlled_monuments_of`: ``[god][type]``."""
    return [controlled_monuments_of(st, g) for g in range(st.n)]


def god_figure_strength(st: AnkhState, god: int) -> int:
    """``god_figure_strengths(st)[god]``, counting only ``god``'s Monuments, and none without
    Resplendent (§2.2; what a battle asks for each god in it)."""
    if not st.powers[god] >> RESPLENDENT & 1:
        return 1
    return RESPLENDENT_GOD if max(controlled_monuments_of(st, god)) >= RESPLENDENT_MONUMENTS else 1


def god_figure_strengths(st: AnkhState) -> list[int]:
    """Per god, the strength of its God figure (§2.2 Resplendent, rulings table: 3 with the
    power and 3 or more controlled Monuments of one type anywhere, else 1 like every figure, §3)."""
    powers = st.powers
    return [
        RESPLENDENT_GOD if powers[g] >> RESPLENDENT & 1 and max(c) >= RESPLENDENT_MONUMENTS else 1
        for g, c in enumerate(controlled_monuments(st))
    ]


def mortal(kind: int) -> bool:
    """Whether a figure of ``kind`` can be killed — in a lost Battle (§10.3 step 5) or by a
    Plague of Locusts (§1): Warriors and Guardians can; God figures never die."""
    return kind != GOD


def figure_strength(st: AnkhState, h: int, kind: int, god: int, owners: Sequence[int], god_strength: int) -> int:
    """The strength a figure of ``kind`` counting for ``god`` has on ``h`` (§10.3 step 5):
    0 next to an enemy Androsphinx (§3, :func:`neutralised`), else ``god_strength`` for the God
    figure (:func:`god_figure_strengths`) and 1 for a Warrior or Guardian (§3).  The figure
    need not be there yet (the heuristic weighs hypothetical moves)."""
    if neutralised(st, h, god, owners):
        return 0
    return god_strength if kind == GOD else 1


def temple_attuned_strength(st: AnkhState, god: int, hexes: Iterable[int], owners: Sequence[int]) -> int:
    """§2.2 Temple Attuned: +2 strength for each Temple ``god`` controls among ``hexes`` (a
    region's land spaces) with at least one figure counting for ``god`` adjacent (neutralised
    figures count too); 0 without the power."""
    if not st.powers[god] >> TEMPLE_ATTUNED & 1:
        return 0
    adjacent = st.regions.adjacent
    mon, mown = st.monument, st.monument_owner
    return TEMPLE_ATTUNED_STRENGTH * sum(
        1 for h in hexes if mon[h] == TEMPLE and mown[h] == god and any(owners[x] == god for x in adjacent[h])
    )


# --- Monuments (§9, §6, §7.3) ----------------------------------------------------------------------


def majorities_won(counts: Sequence[int], n: int) -> list[int]:
    """§9 Majority: per god, how many Monument types it holds the majority of, given the
    controlled Monuments of a region ``counts[god * 3 + type]``: strictly more of the type
    than every other god, at least one (a tie for the most: nobody).

    Returns:
        ``n`` counts, each 0 to 3.
    """
    out = [0] * n
    if not any(counts):  # no controlled Monument: no majority (the common case)
        return out
    for t in range(MONUMENT_TYPES):
        best, who = 0, -1
        for o in range(n):
            c = counts[o * MONUMENT_TYPES + t]
            if c > best:
                best, who = c, o
            elif c == best and c > 0:
                who = -1
        if who >= 0:
            out[who] += 1
    return out


def region_monuments(st: AnkhState, region: int) -> list[int]:
    """The controlled Monuments of ``region`` (§9): ``[god * 3 + type]``."""
    counts = [0] * (st.n * MONUMENT_TYPES)
    mon, region_of = st.monument, st.regions.region_of
    # The controlled Monuments of every god (a handful), not the region's hexes (a Monument
    # stands on land, so region_of holds its region).
    for o, mine in enumerate(st.monuments_by_god):
        for h in mine:
            if region_of[h] == region:
                counts[o * MONUMENT_TYPES + mon[h]] += 1
    return counts


def region_majorities(st: AnkhState, region: int) -> list[int]:
    """§9: per god, the Monument types it holds the majority of in ``region`` (whether it
    may score them — figures there, §10.3 step 4 — is the caller's)."""
    return majorities_won(region_monuments(st, region), st.n)


def claimable_monuments(st: AnkhState, god: int) -> list[int]:
    """§6 Control Monument: the Monuments ``god`` may take control of — neutral ones adjacent
    to its figures; if no Monument on the board is neutral, opponents' ones adjacent to its
    figures.  Needs an Ankh token in its pool.

    Returns:
        the Monuments' hex indices, sorted."""
    if st.ankh_pool[god] <= 0:
        return []
    mon, mown = st.monument, st.monument_owner
    # A Monument is neutral when its owner is -1; a hex without a Monument has owner -1 too
    # (an owner is only ever set with its Monument), so there is a neutral one exactly when
    # more owners than Monuments are -1 (counted in C rather than by a loop over the hexes).
    any_neutral = mown.count(-1) > mon.count(-1)
    adjacent = st.regions.adjacent
    out = set()
    for h in st.figures_by_god[god]:
        for x in adjacent[h]:
            if mon[x] < 0:
                continue
            if (mown[x] < 0) if any_neutral else (mown[x] >= 0 and mown[x] != god):
                out.add(x)
    return sorted(out)


def feeds_followers(st: AnkhState, god: int, h: int) -> bool:
    """§7.3 Gain Followers: whether ``h`` holds a Monument that brings ``god`` a Follower when
    one of its figures is adjacent — its own or a neutral one, not an opponent's."""
    return st.monument[h] >= 0 and st.monument_owner[h] in (-1, god)


def followers_gain(st: AnkhState, god: int) -> int:
    """§7.3 Gain Followers: 1 per Monument that feeds ``god`` (:func:`feeds_followers`)
    adjacent to at least one of its figures, each Monument once; +1 with Revered (§2.2)."""
    adjacent = st.regions.adjacent
    mon, mown = st.monument, st.monument_owner
    # feeds_followers(st, god, x), written out: asked for every space next to every figure.
    gain = len({x for h in st.figures_by_god[god] for x in adjacent[h] if mon[x] >= 0 and mown[x] in (-1, god)})
    if st.powers[god] >> REVERED & 1:
        gain += 1
    return gain


def summonable_kinds(st: AnkhState, god: int) -> list[int]:
    """§7.3 Summon Figure: the kinds of figure ``god`` has in its pool (Warriors and this
    game's Guardians, §3), ascending."""
    kinds = [WARRIOR] if st.warriors_pool[god] > 0 else []
    for level in GUARDIAN_LEVELS:
        if st.guardian_pool[pool_index(god, level)] > 0:
            kinds.append(st.guardian_kind[level - 1])
    kinds.sort()
    return kinds


def standable(st: AnkhState, hexes: Iterable[int], god: int) -> list[int]:
    """The spaces among ``hexes`` where a figure of ``god`` may end a move, be summoned or be
    placed, and where ``god`` may build: empty land spaces (no figure, no Monument, §7.3,
    §8.1) not reserved for another god (§4.1 Osiris's Underworld), in the order of ``hexes``.
    (One call for many spaces: the engine's and the heuristic's move and summon lists ask it.)"""
    fig, mon = st.figure, st.monument
    out = [x for x in hexes if IS_LAND[x] and fig[x] < 0 and mon[x] < 0]
    if st.n_reserved and out:
        reserved = st.reserved
        out = [x for x in out if reserved[x] < 0 or reserved[x] == god]
    return out


def any_standable(st: AnkhState, hexes: Iterable[int], god: int) -> bool:
    """Whether :func:`standable` of ``hexes`` is not empty, without building it: stops at the
    first space found (the move and summon tests ask it for every figure, §7.3)."""
    fig, mon = st.figure, st.monument
    reserved = st.reserved if st.n_reserved else None
    # A loop, not any() over a generator: in the Python build the generator costs more than the
    # few spaces looked at before the first free one.
    for x in hexes:
        if IS_LAND[x] and fig[x] < 0 and mon[x] < 0 and (reserved is None or reserved[x] < 0 or reserved[x] == god):
            return True
    return False


def can_stand(st: AnkhState, h: int, god: int) -> bool:
    """Whether ``h`` is :func:`standable` for ``god``."""
    return any_standable(st, (h,), god)


def build_sites(st: AnkhState, god: int, region: int) -> list[int]:
    """§1 Build Monument: the spaces of ``region`` where ``god`` may build (where it may
    stand, :func:`can_stand`), ascending; none without an Ankh token in its pool.  The
    Followers (:func:`build_cost`) and the supply (:func:`monument_kinds_left`) are asked
    apart: a Battle card is chosen before Flood's Followers come in."""
    if st.ankh_pool[god] <= 0:
        return []
    return [h for h in st.regions.regions[region] if can_stand(st, h, god)]


def monument_kinds_left(st: AnkhState) -> list[int]:
    """§1 Build Monument: the Monument types (§9) still in the supply, ascending."""
    return [k for k in range(MONUMENT_TYPES) if st.monument_supply[k] > 0]


def plague_spared(bids: Sequence[int]) -> int:
    """§1 Plague of Locusts: the god whose Warriors and Guardians are spared — the single
    highest bidder; a tie for the highest bid spares nobody (cases 6-7).

    Args:
        bids: per god, its bid (-1 for a god that does not bid; at least one bids).

    Returns:
        the god spared, or -1."""
    top = max(bids)
    return bids.index(top) if bids.count(top) == 1 else -1


def plague_victims(st: AnkhState, hexes: Iterable[int], spared: int, owners: Sequence[int]) -> list[int]:
    """§1 Plague of Locusts: the figures among ``hexes`` (a battle region's) that die: every
    Warrior and Guardian except those counting for ``spared`` (:func:`plague_spared`; -1:
    nobody); God figures never die.

    Args:
        owners: who each figure counts for (:func:`controllers`, or ``st.figure_owner``).

    Returns:
        their hexes, in the order of ``hexes``."""
    fig = st.figure
    return [h for h in hexes if owners[h] >= 0 and owners[h] != spared and mortal(fig[h])]


def outbidding_bid(st: AnkhState, god: int, bidders: Iterable[int]) -> int:
    """§1 Plague of Locusts: the smallest bid that spares ``god``'s figures
    (:func:`plague_spared`) whatever the other ``bidders`` bid: one more than the most any
    of them may bid (its Followers, at most :data:`MAX_BID`); 0 with no other bidder.  It
    may exceed what ``god`` can pay."""
    most = max((min(st.followers[o], MAX_BID) for o in bidders if o != god), default=-1)
    bid = max(most, 0)
    return bid if plague_spared([bid, most]) == 0 else bid + 1


def build_cost(st: AnkhState, god: int) -> int:
    """§1 Build Monument: the Followers ``god`` sacrifices to build (3; 0 with Inspiring, §2.2)."""
    return 0 if st.powers[god] >> INSPIRING & 1 else BUILD_COST


# --- the turn and the tracks (§7, §2.1, §5) --------------------------------------------------------


def actions_per_turn(st: AnkhState, seat: int) -> int:
    """§7.1: 2 actions a turn, or 1 for each player of a merged god (§10.4, J ``maxActs``)."""
    return 1 if st.god_of_seat.count(st.god_of_seat[seat]) > 1 else 2


def fires_event(st: AnkhState, row: int) -> bool:
    """§7.2: whether taking action ``row`` now moves its marker onto the track's event space."""
    return st.markers[row] + 1 >= st.tracks[row].event_space


def unlockable_powers(st: AnkhState, god: int) -> list[int]:
    """§2.1 Unlock Ankh Power: the powers ``god`` may unlock now — those not yet unlocked of
    the next dashboard token's level, if it can pay that level in Followers; else none (the
    action then only moves the marker, §11.3)."""
    level = unlock_level(st.unlocked[god])
    if level == 0 or st.followers[god] < level:
        return []
    return free_powers(st.powers[god], level)


def in_red(st: AnkhState, god: int) -> bool:
    """§5: whether ``god``'s token is in the red section (spaces 0 to option ``red_max``,
    default 19): Bountiful applies there (§2.2) and it is forgotten there after the 4th
    Conflict (§10.5)."""
    return st.devotion[god] <= st.red_max
