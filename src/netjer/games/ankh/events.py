"""The event track and the individual events (rules/ankh.md §6).

The event marker starts before event 1 (``event_idx`` 0) and advances one space per event
fired by an action track (§7.2).  The 18 spaces are the same for every player count (J
``table.ts``, P ``rules.ts`` citing Rulebook p.9): :data:`EVENT_TRACK`.

* Control Monument (``claim r,c``): the triggering god puts an Ankh token from its pool on
  a neutral Monument adjacent to one of its figures; only when no Monument on the board is
  neutral may it take an opponent's adjacent Monument instead (that token goes back to its
  owner's pool).
* Camel Caravan (``camel e`` … then ``keep r,c``, then ``swap a b`` or ``noswap``): a line of
  up to 6 camels from border to border splitting one region into two of at least 6 land
  spaces (geometry in :mod:`netjer.games.ankh.board`); the triggering god chooses which part
  keeps the old Conflict Order token, the other takes the lowest token from the supply, and
  it may swap one of these two tokens with another token on the board.
* Conflict: :mod:`netjer.games.ankh.conflict`.

Rulings (docs/rules-coverage-ankh.md): an event that cannot be carried out (no claimable
Monument, no Ankh token, no valid camel line, no camel or token left) does nothing.  Control
Monument must be carried out when it can; a Camel Caravan may be declined before its first
camel (``done``: S0 "can place a line"), but a line once begun must be completed.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING, Final

from netjer.core.action import Action
from netjer.games.ankh import actions, conflict
from netjer.games.ankh.base import CAMEL, CLAIM, KEEP, SWAP
from netjer.games.ankh.board import (
    MAX_CAMELS_PER_LINE,
    camel_continuations,
    camel_line_is_complete,
    check_camel_line,
)
from netjer.games.ankh.catalogue import translate as _
from netjer.games.ankh.interned import CAMEL as CAMEL_ACTIONS
from netjer.games.ankh.interned import CLAIM as CLAIM_ACTIONS
from netjer.games.ankh.interned import DONE, NOSWAP
from netjer.games.ankh.interned import KEEP as KEEP_ACTIONS
from netjer.games.ankh.interned import SWAP as SWAP_ACTIONS
from netjer.games.ankh.rules_queries import claimable_monuments
from netjer.games.ankh.terms import term_name
from netjer.i18n import N_, join_list

if TYPE_CHECKING:
    from netjer.games.ankh.state import AnkhState

CONTROL_MONUMENT, CAMEL_CARAVAN, CONFLICT = "control-monument", "camel-caravan", "conflict"
#: §6: the 18 events of the track, in order (Conflicts on spaces 4, 8, 12, 16, 18).
EVENT_TRACK: Final[tuple[str, ...]] = (
    CONTROL_MONUMENT,
    CONTROL_MONUMENT,
    CONTROL_MONUMENT,
    CONFLICT,
    CAMEL_CARAVAN,
    CONTROL_MONUMENT,
    CONTROL_MONUMENT,
    CONFLICT,
    CAMEL_CARAVAN,
    CONTROL_MONUMENT,
    CONTROL_MONUMENT,
    CONFLICT,
    CAMEL_CARAVAN,
    CONTROL_MONUMENT,
    CONTROL_MONUMENT,
    CONFLICT,
    CONTROL_MONUMENT,
    CONFLICT,
)


def next_event(st: AnkhState) -> str:
    """§6: the event the next action marker to reach its track's event space fires (§7.2):
    the one after the event marker on :data:`EVENT_TRACK` (the last, a Conflict, once the
    track is used up: the game has then ended, §10.6)."""
    return EVENT_TRACK[min(st.event_idx, len(EVENT_TRACK) - 1)]


def fire_event(st: AnkhState, god: int) -> None:
    """Advance the event marker and resolve its event for ``god``, who triggered it (§6)."""
    kind = next_event(st)
    st.event_idx += 1
    st.event_god = god
    # In words: the event's name as the rules texts give it, never its id or its number.
    st.note(_("{god}'s action reaches the {event} event."), god=st.god_name(god), event=term_name("event", kind))
    if kind == CONTROL_MONUMENT:
        begin_claim(st)
    elif kind == CAMEL_CARAVAN:
        begin_camel(st)
    else:
        conflict.start_conflict(st, god)


# --- Control Monument ---------------------------------------------------------------------


def begin_claim(st: AnkhState) -> None:
    if claimable_monuments(st, st.event_god):
        st.phase = CLAIM  # the triggering player decides: it is their turn
    else:
        st.write_log(_("  no Monument can be controlled"))
        actions.event_done(st)


def claim_actions(st: AnkhState) -> list[Action]:
    return [CLAIM_ACTIONS[h] for h in claimable_monuments(st, st.event_god)]


#: The log line of a neutral Monument taken by a Control event, by Monument kind (``MONUMENT_IDS``
#: order): a sentence per kind, so that the article and adjective agree with the Monument's
#: gender in every language ("la pirámide neutral", "el templo neutral").
NEUTRAL_CLAIMED: Final[tuple[str, str, str]] = (
    N_("  {god} controls the neutral obelisk at {space}"),
    N_("  {god} controls the neutral temple at {space}"),
    N_("  {god} controls the neutral pyramid at {space}"),
)
#: The log line of another god's Monument taken by a Control event, by Monument kind.
OWNED_CLAIMED: Final[tuple[str, str, str]] = (
    N_("  {god} controls {owner}'s obelisk at {space}"),
    N_("  {god} controls {owner}'s temple at {space}"),
    N_("  {god} controls {owner}'s pyramid at {space}"),
)


def claim(st: AnkhState, h: int) -> None:
    god = st.event_god
    old = st.monument_owner[h]
    if old >= 0:
        st.ankh_pool[old] += 1
        st.monuments_by_god[old].remove(h)
    st.monument_owner[h] = god
    insort(st.monuments_by_god[god], h)
    st.ankh_pool[god] -= 1
    kind, space = st.monument[h], st.board.hex_name(h)
    if old < 0:
        st.note(_(NEUTRAL_CLAIMED[kind]), god=st.god_name(god), space=space)
    else:
        st.note(_(OWNED_CLAIMED[kind]), god=st.god_name(god), owner=st.god_name(old), space=space)
    actions.event_done(st)


# --- Camel Caravan --------------------------------------------------------------------------


def max_camels(st: AnkhState) -> int:
    return min(MAX_CAMELS_PER_LINE, st.camels)


def begin_camel(st: AnkhState) -> None:
    st.camel_line = []
    if st.camels > 0 and st.token_supply and camel_continuations(st.regions, [], max_camels(st)):
        st.phase = CAMEL
    else:
        st.write_log(_("  no camel line can be placed"))
        actions.event_done(st)


def camel_actions(st: AnkhState) -> list[Action]:
    out: list[Action] = [CAMEL_ACTIONS[e] for e in camel_continuations(st.regions, st.camel_line, max_camels(st))]
    if not st.camel_line:
        out.append(DONE)  # S0: the player "can place" a line
    return out


def no_camels(st: AnkhState) -> None:
    actions.event_done(st)  # the decision's words say it ("lays no camels"): not logged twice


def camel(st: AnkhState, e: int) -> None:
    """Lay the next camel; once the line is complete, choose the part keeping the token."""
    st.camel_line.append(e)
    if camel_line_is_complete(st.regions, st.camel_line, max_camels(st)):
        st.split = check_camel_line(st.regions, st.camel_line, max_camels(st))
        line = join_list(st.board.edge_name(x) for x in st.camel_line)
        st.note(_("  {god} places camels along {line}"), god=st.god_name(st.event_god), line=line)
        st.phase = KEEP


def keep_actions(st: AnkhState) -> list[Action]:
    split = st.split
    assert split is not None
    return [KEEP_ACTIONS[h] for h in sorted(split.after.regions[p][0] for p in split.parts)]


def keep(st: AnkhState, h: int) -> None:
    """The part holding ``h`` keeps the cut region's token; the other part takes the
    lowest token of the supply (§6)."""
    split = st.split
    assert split is not None
    after = split.after
    tokens = [0] * after.num_regions
    for old, new in enumerate(split.renumber):
        if new >= 0:
            tokens[new] = st.token_of_region[old]
    old_token = st.token_of_region[split.parent]
    keep = after.region_of[h]
    other = split.parts[0] if split.parts[1] == keep else split.parts[1]
    fresh = st.token_supply.pop(0)
    tokens[keep] = old_token
    tokens[other] = fresh
    st.regions = after
    st.token_of_region = tokens
    st.camels -= len(st.camel_line)
    st.camel_line = []
    st.split = None
    st.new_tokens = [old_token, fresh]
    st.note(
        _("  the part of {space} keeps token {old_token}; the other part takes {fresh}"),
        space=st.board.hex_name(h),
        old_token=old_token,
        fresh=fresh,
    )
    st.phase = SWAP


def swap_actions(st: AnkhState) -> list[Action]:
    """``noswap``, or swap one of the two new regions' tokens with another on the board (§6)."""
    others = sorted(t for t in st.token_of_region if t not in st.new_tokens)
    out: list[Action] = [NOSWAP]
    for a in sorted(st.new_tokens):
        for b in others:
            s = SWAP_ACTIONS[a][b]
            assert s is not None
            out.append(s)
    return out


def swap(st: AnkhState, a: int, b: int) -> None:
    tokens = st.token_of_region
    ia, ib = tokens.index(a), tokens.index(b)
    tokens[ia], tokens[ib] = b, a
    # The action's own words name the god who swaps ("Hathor swaps the Conflict Order tokens 2
    # and 5."): this line says what changed, with its own subject, not the same sentence again.
    st.note(_("  Conflict Order tokens {a} and {b} change places"), a=a, b=b)
    st.new_tokens = []
    actions.event_done(st)


def no_swap(st: AnkhState) -> None:
    st.new_tokens = []
    actions.event_done(st)
