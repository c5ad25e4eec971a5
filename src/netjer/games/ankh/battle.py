"""Battles (rules/ankh.md §10.3) with the Battle cards of §1 and the battle-time Ankh powers
of §2.2.

A Battle runs as a sequence of steps (``AnkhState.conflict_step``), each automatic except where a
player decides; :data:`netjer.games.ankh.phases.BATTLE_STEPS` are run by the Conflict loop
(:mod:`netjer.games.ankh.conflict`) until it needs a decision.

0. Start of battle: Obelisk Attuned relocations — the gods with the power, a controlled
   Obelisk in the region and figures there take turns in ascending Devotion order, one figure
   at a time (``pick r,c`` / ``to r,c``) or ``done`` (a god that passes is out), each figure at
   most once (§2.2, P).  Then the gods present are counted again (§4.2 Seth: relocations may
   change who his figures are; with one god left the region is dominated instead), and the
   god powers' battle-start effects follow (§4.2 Horus forbids a card, then §4.1 Amun may
   announce two cards).
1. Cards: every god present chooses one card in secret (Amun two), one seat at a time in
   ascending Devotion order (``card <id>``); a god power may act before the reveal (§4.2
   Thoth's guess); all are revealed together; Flood gives its Followers at once; god powers
   react to the reveal (§4.2 Bastet's cat, Thoth's guess checked).
2. Build Monument cards in ascending Devotion (``build <kind> r,c`` or ``nobuild``).
3. Plague of Locusts: one secret bidding round per Plague card (ascending Devotion of the
   cards' players); the bidders are the gods with figures in the region at the start of the
   step; every bid is sacrificed; all Warriors and Guardians there die except the single
   highest bidder's (a tie spares nobody).
4. Monument majorities, ascending Devotion, only gods still with figures in the region.
5. Resolution: strength = figures (1 each; God 3 with Resplendent; 0 next to an enemy
   Androsphinx) + card bonus + Temple Attuned + god powers (§4.1 Anubis, §4.2 Bastet); no
   figures = 0 and cannot win.  A tie for the highest goes to the tie-breaker's holder if it
   is tied and uses it (``tiebreak``, once per Conflict), otherwise nobody wins.  The winner
   gains 1 Devotion (3 with Glorious by a margin of 3) plus Drought plus god powers (§4.1 Ra),
   as one gain; then Commanding.  Every loser's Warriors and Guardians in the region die,
   except Flood-protected ones on Fertile spaces and those a god power keeps alive (§4.1 Isis).
6. After the battle, each in ascending Devotion (rulings table): Cat-Mummy losses,
   Magnanimous, Miracle, the god powers' after-battle effects (§4.1 Osiris), Worshipful
   (``worship`` / ``noworship``), Cycle of Ma'at.

During the whole Conflict a figure counts for ``controllers(st)[h]`` (its owner unless §4.2 Seth
controls it): presence, strength, kills and their effects all read it.  A space reserved for
another god (§4.1 Osiris's Underworld) takes no figure or Monument of others and has no
terrain for Flood and Drought.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from netjer.core.action import Action
from netjer.games.ankh import actions, devotion, guardians
from netjer.games.ankh.base import (
    B_AFTER,
    B_APPLY,
    B_BIDS,
    B_BUILD,
    B_CARDS,
    B_CYCLE,
    B_DEAL,
    B_KILL,
    B_MAGNANIMOUS,
    B_MAJORITY,
    B_MIRACLE,
    B_OBELISK,
    B_PLAGUE,
    B_RESOLVE,
    B_REVEAL,
    B_START,
    B_WORSHIP,
    BID,
    BUILD,
    C_REGION,
    CARD,
    CONT_AIMED_OBELISK,
    OBELISK_PICK,
    OBELISK_TO,
    TIEBREAK,
    WORSHIP,
)
from netjer.games.ankh.board import DESERT, FERTILE
from netjer.games.ankh.cards import BUILD as BUILD_CARD
from netjer.games.ankh.cards import (
    CARD_IDS,
    CARD_STRENGTH,
    CYCLE,
    DROUGHT,
    FLOOD,
    MIRACLE,
    PLAGUE,
    hand_of,
)
from netjer.games.ankh.catalogue import Phrase, PhraseList, ngettext
from netjer.games.ankh.catalogue import translate as _
from netjer.games.ankh.fields import Battle
from netjer.games.ankh.interned import BID as BID_ACTIONS
from netjer.games.ankh.interned import BUILD as BUILD_ACTIONS
from netjer.games.ankh.interned import CARD as CARD_ACTIONS
from netjer.games.ankh.interned import DONE, MAX_BID, NOBUILD, NOTIEBREAK, NOWORSHIP, PICK, TO
from netjer.games.ankh.interned import TIEBREAK as TIEBREAK_ACT
from netjer.games.ankh.interned import WORSHIP as WORSHIP_ACT
from netjer.games.ankh.pieces import ANDROSPHINX, FIGURE_IDS, GOD, OBELISK, SCORPION
from netjer.games.ankh.powers import (
    COMMANDING,
    GLORIOUS,
    MAGNANIMOUS,
    OBELISK_ATTUNED,
    WORSHIPFUL,
)
from netjer.games.ankh.rules_queries import (
    BATTLE_WIN_DEVOTION,
    DOMINATION_DEVOTION,
    build_cost,
    build_sites,
    controllers,
    figure_strength,
    god_figure_strength,
    monument_kinds_left,
    mortal,
    plague_spared,
    plague_victims,
    region_majorities,
    temple_attuned_strength,
)
from netjer.games.ankh.terms import followers, piece_word, term_name
from netjer.i18n import join_list

if TYPE_CHECKING:
    from netjer.games.ankh.state import AnkhState

#: §2.2 Glorious: the winning margin and the Devotion it gives.
GLORIOUS_MARGIN, GLORIOUS_DEVOTION = 3, 3
#: §2.2 Commanding: Followers per battle won; Magnanimous: Devotion for a loss with 2+ figures;
#: Worshipful: Followers sacrificed for 1 Devotion.
COMMANDING_FOLLOWERS, MAGNANIMOUS_DEVOTION, MAGNANIMOUS_FIGURES, WORSHIP_COST = 3, 2, 2, 2


# --- helpers ------------------------------------------------------------------------------


def has_figures_here(st: AnkhState, god: int) -> bool:
    """Whether a figure counting for ``god`` stands in the battle region (land spaces and
    touching water).  Compiled, ``any`` over a generator is a native loop that stops at the
    first, where a ``map`` of a bound method called back into Python for every space (issue 34)."""
    owners = controllers(st)
    return any(owners[h] == god for h in st.battle.hexes)


def played(st: AnkhState, god: int, card: int) -> bool:
    """Whether ``god`` played ``card`` in this battle (§4.1 Amun: one of two)."""
    return st.battle.card[god] == card or st.battle.second_card[god] == card


def on_terrain(st: AnkhState, h: int, terrain: int) -> bool:
    """Whether ``h`` counts as ``terrain`` (§1 Flood, Drought; an Underworld space counts
    as neither, §4.1 Osiris)."""
    return st.board.terrain[h] == terrain and st.reserved[h] < 0


def gain_bonus(st: AnkhState, god: int, hexes: tuple[int, ...]) -> int:
    """What god powers add to ``god``'s Devotion for dominating or winning there (§4.1 Ra)."""
    if not st.hooks.gain_bonus:
        return 0
    owners = controllers(st)
    return sum(p.gain_bonus(st, god, hexes, owners) for p in st.hooks.gain_bonus)


def battle_strength(st: AnkhState, god: int) -> tuple[int, int]:
    """``(strength, figures)`` of ``god`` in the battle region at Resolution (§10.3 step 5).

    1 per figure (the God 3 with Resplendent, rulings table), 0 for a figure next to an
    enemy Androsphinx (§3); plus the cards' bonus (§1), plus the god powers' (§4.1 Anubis,
    §4.2 Bastet), plus 2 per controlled Temple in the region with a figure of ``god``
    adjacent (Temple Attuned).  No figures: 0 (§1).
    """
    b = st.battle
    fig, fown = st.figure, controllers(st)
    mine = [h for h in b.hexes if fown[h] == god]
    count = len(mine)
    if count == 0:
        return 0, 0
    god_strength = god_figure_strength(st, god)
    if ANDROSPHINX in st.guardian_kind:
        strength = sum(figure_strength(st, h, fig[h], god, fown, god_strength) for h in mine)
    else:  # nothing is neutralised (§3): figure_strength is the God's strength or 1
        strength = count
        if god_strength != 1:
            strength += sum(god_strength - 1 for h in mine if fig[h] == GOD)
    for card in (b.card[god], b.second_card[god]):
        if card >= 0:
            strength += CARD_STRENGTH[card]
    for p in st.hooks.strength:
        strength += p.strength(st, god, fown)
    strength += temple_attuned_strength(st, god, st.regions.regions[b.region], fown)
    return strength, count


def ask(st: AnkhState, god: int, phase: int) -> bool:
    """Hand a decision of ``god`` to the seat that takes it; returns True (a decision)."""
    st.to_move = st.seat_of_god[god]
    st.phase = phase
    return True


# --- start ------------------------------------------------------------------------------


def begin_battle(st: AnkhState, region: int, hexes: tuple[int, ...], gods: list[int]) -> None:
    """Set up a Battle in ``region`` between ``gods`` (ascending Devotion): a new
    :class:`~netjer.games.ankh.fields.Battle` record, with the gods that may relocate by
    Obelisk Attuned first (§2.2)."""
    b = st.battle = Battle(st.n)
    b.region = region
    b.hexes = hexes
    b.gods = list(gods)
    b.relocating = [g for g in gods if st.powers[g] >> OBELISK_ATTUNED & 1 and obelisks_here(st, g)]
    names = join_list(st.god_name(g) for g in gods)
    st.note(_("Battle in region {region}: {names}"), region=st.token_of_region[region], names=names)
    st.conflict_step = B_OBELISK


# --- step 0: Obelisk Attuned (§2.2) -----------------------------------------------------------


def obelisks_here(st: AnkhState, god: int) -> list[int]:
    mon, mown = st.monument, st.monument_owner
    return [h for h in st.regions.regions[st.battle.region] if mon[h] == OBELISK and mown[h] == god]


def obelisk_spaces(st: AnkhState, god: int) -> list[int]:
    """Empty land spaces adjacent to ``god``'s Obelisks in the battle region (§2.2)."""
    adjacent = st.regions.adjacent
    out = {x for o in obelisks_here(st, god) for x in adjacent[o] if st.can_stand(x, god)}
    return sorted(out)


def obelisk_picks(st: AnkhState, god: int) -> list[int]:
    """Figures ``god`` may still relocate: those counting for it, anywhere on the board,
    each once, while figures counting for it are in the region and a space next to one of
    its Obelisks there is free (§2.2; §4.2 Seth, S1: Seth may move the enemy figures he
    controls — away from him they are their owner's again — and an owner may not move its
    figures while Seth controls them)."""
    if not has_figures_here(st, god) or not obelisk_spaces(st, god):
        return []
    moved = st.battle.relocated
    owners = controllers(st)
    return [h for h in range(len(owners)) if owners[h] == god and h not in moved]


def obelisk_step(st: AnkhState) -> bool:
    b = st.battle
    active = b.relocating
    while active:
        b.relocation_turn %= len(active)
        god = active[b.relocation_turn]
        if obelisk_picks(st, god):
            return ask(st, god, OBELISK_PICK)
        active.pop(b.relocation_turn)
    st.conflict_step = B_START
    return False


# --- battle start (§10.3 step 0; §4.2 Seth, Horus; §4.1 Amun) ------------------------------


def start_step(st: AnkhState) -> bool:
    """Count the gods present again (§4.2 Seth: Obelisk Attuned may change who his figures
    count for, even end the battle: one god left dominates, cases.md 4), then the god
    powers' battle-start effects (Horus, then Amun: S1)."""
    b = st.battle
    gods = st.gods_present(b.hexes)
    if len(gods) < 2:
        st.write_log(_("  the battle no longer takes place"))
        if gods:
            dominate(st, gods[0], b.region)
        end_battle(st)
        return False
    b.gods = gods
    for p in st.hooks.on_battle_start:
        p.on_battle_start(st)
    st.conflict_step = B_DEAL
    return False


def deal_step(st: AnkhState) -> bool:
    """The order of the secret card choices: ascending Devotion; a god playing two cards
    (§4.1 Amun) chooses both in turn."""
    b = st.battle
    queue = []
    for g in st.in_devotion_order(b.gods):
        queue.append(g)
        if b.two_cards[g]:
            queue.append(g)
    b.queue = queue
    st.conflict_step = B_CARDS
    return False


def dominate(st: AnkhState, god: int, region: int) -> None:
    """§10.2 Domination: the majorities as one gain, then +1 for dominating as another
    (plus what god powers add to it, §4.1 Ra)."""
    st.note(_("{god} dominates region {region}"), god=st.god_name(god), region=st.token_of_region[region])
    won = region_majorities(st, region)[god]
    words = ngettext("{n} Monument majority", "{n} Monument majorities", won)
    if won > 0 and devotion.gain(st, god, won, Phrase(words, n=won)):
        return  # no majority: no gain (gain does nothing for 0), so no words are made
    bonus = gain_bonus(st, god, st.region_hexes(region)) if st.hooks.gain_bonus else 0
    devotion.gain(st, god, DOMINATION_DEVOTION + bonus, _("Domination"))


def obelisk_pick_actions(st: AnkhState) -> list[Action]:
    god = st.battle.relocating[st.battle.relocation_turn]
    return [*(PICK[h] for h in obelisk_picks(st, god)), DONE]


def obelisk_to_actions(st: AnkhState) -> list[Action]:
    return [TO[x] for x in obelisk_spaces(st, st.battle.relocating[st.battle.relocation_turn])]


def obelisk_pick(st: AnkhState, h: int) -> None:
    st.selected = h
    st.phase = OBELISK_TO


def obelisk_pass(st: AnkhState) -> None:
    """A god that passes relocates no more figures in this battle."""
    st.battle.relocating.pop(st.battle.relocation_turn)
    st.run_conflict()


def obelisk_to(st: AnkhState, x: int) -> None:
    b = st.battle
    a = st.selected
    god = b.relocating[b.relocation_turn]
    actions.move_figure(st, a, x)
    b.relocated.append(x)
    name = st.board.hex_name
    st.note(
        _("  {god} (Obelisk Attuned): {figure} {space} -> {space_2}"),
        god=st.god_name(god),
        figure=piece_word(FIGURE_IDS[st.figure[x]]),
        space=name(a),
        space_2=name(x),
    )
    if st.figure[x] == SCORPION:
        actions.ask_aim(st, x, CONT_AIMED_OBELISK)
    else:
        obelisk_moved(st)


def obelisk_moved(st: AnkhState) -> None:
    """After a relocation the turn passes to the next god still relocating."""
    st.battle.relocation_turn += 1
    st.run_conflict()


# --- step 1: cards (§1, §10.3) ---------------------------------------------------------------


def cards_step(st: AnkhState) -> bool:
    if st.battle.queue:
        return ask(st, st.battle.queue[0], CARD)
    for p in st.hooks.before_reveal:
        p.before_reveal(st)
    st.conflict_step = B_REVEAL
    return False


def reveal_step(st: AnkhState) -> bool:
    reveal(st)
    for p in st.hooks.on_reveal:
        p.on_reveal(st)
    st.battle.queue = [g for g in st.in_devotion_order(st.battle.gods) if played(st, g, BUILD_CARD)]
    st.conflict_step = B_BUILD
    return False


def allowed_cards(st: AnkhState, god: int) -> list[int]:
    """The cards ``god`` may choose now: :func:`cards_allowed` less its first card when it
    plays two (§4.1 Amun)."""
    return cards_allowed(st, god, st.battle.card[god])


def cards_allowed(st: AnkhState, god: int, first: int) -> list[int]:
    """The cards ``god`` may choose in this battle: those in hand (not face up, §1), not the
    one forbidden in this battle (§4.2 Horus), not ``first`` (the card it chose already when
    it plays two, §4.1 Amun; -1: none, or unknown to the one asking: it is secret).  Never
    empty: the Cycle of Ma'at is always in hand (it returns every card when played), and it
    is what a god must play if nothing else is left (§4.2 Horus)."""
    out = [c for c in hand_of(st.used[god]) if c not in (st.battle.forbidden_card, first)]
    return out or [CYCLE]


def card_actions(st: AnkhState) -> list[Action]:
    """The cards the god at the front of the queue may choose (:func:`allowed_cards`)."""
    return [CARD_ACTIONS[c] for c in allowed_cards(st, st.battle.queue[0])]


def choose_card(st: AnkhState, card: int) -> None:
    b = st.battle
    god = b.queue.pop(0)
    if b.card[god] >= 0:
        b.second_card[god] = card
    else:
        b.card[god] = card
    st.run_conflict()


def reveal(st: AnkhState) -> None:
    """All cards are revealed together and stay face up (§1); Flood gives +1 Follower per
    figure counting for its player on a Fertile space of the region at once."""
    b = st.battle
    shown: list[str | Phrase] = []
    fown = controllers(st)
    for g in b.gods:
        for c in (b.card[g], b.second_card[g]):
            if c < 0:
                continue
            st.used[g] |= 1 << c
            card = term_name("card", CARD_IDS[c])
            if c == FLOOD:
                gain = sum(1 for h in b.hexes if fown[h] == g and on_terrain(st, h, FERTILE))
                st.followers[g] += gain
                flood = _("{god} plays {card} (+{followers})")
                shown.append(Phrase(flood, god=st.god_name(g), card=card, followers=followers(gain)))
            else:
                shown.append(Phrase(_("{god} plays {card}"), god=st.god_name(g), card=card))
    st.note(_("  the Battle cards are revealed: {cards}"), cards=PhraseList(shown))


# --- step 2: Build Monument (§1) ------------------------------------------------------------------


def build_actions(st: AnkhState) -> list[Action]:
    """Build options of the god at the front of the queue (§1): needs the Followers (3, or
    0 with Inspiring), an Ankh token in its pool, a Monument type left in the supply and an
    empty land space in the region; ``nobuild`` declines."""
    god = st.battle.queue[0]
    if st.followers[god] < build_cost(st, god):
        return []
    kinds = monument_kinds_left(st)
    spaces = build_sites(st, god, st.battle.region)
    if not kinds or not spaces:
        return []
    return [*(BUILD_ACTIONS[k][h] for k in kinds for h in spaces), NOBUILD]


def build_step(st: AnkhState) -> bool:
    b = st.battle
    while b.queue:
        if build_actions(st):
            return ask(st, b.queue[0], BUILD)
        st.note(_("  {god} cannot build"), god=st.god_name(b.queue.pop(0)))
    b.plagues = [g for g in st.in_devotion_order(b.gods) if played(st, g, PLAGUE)]
    b.bidders = st.gods_present(b.hexes)
    st.conflict_step = B_PLAGUE
    return False


def build(st: AnkhState, kind: int, h: int) -> None:
    god = st.battle.queue.pop(0)
    cost = build_cost(st, god)
    st.followers[god] -= cost
    st.ankh_pool[god] -= 1
    st.monument_supply[kind] -= 1
    st.monument[h] = kind
    st.monument_owner[h] = god
    insort(st.monuments_by_god[god], h)
    # The action's words tell the Monument (narration.describe); the log adds the price and its space.
    st.note(
        _("  {god} pays {followers} for the Monument on {space}"),
        god=st.god_name(god),
        followers=followers(cost),
        space=st.board.hex_name(h),
    )
    actions.sacrificed(st, god, cost)
    st.run_conflict()


def no_build(st: AnkhState) -> None:
    st.battle.queue.pop(0)
    st.run_conflict()


# --- step 3: Plague of Locusts (§1) ----------------------------------------------------------------


def plague_step(st: AnkhState) -> bool:
    b = st.battle
    if not b.plagues:
        st.conflict_step = B_MAJORITY
        return False
    b.queue = st.in_devotion_order(b.bidders)
    b.bids = [-1] * st.n
    st.conflict_step = B_BIDS
    return False


def bids_step(st: AnkhState) -> bool:
    if st.battle.queue:
        return ask(st, st.battle.queue[0], BID)
    resolve_plague(st)
    return False


def bid_actions(st: AnkhState) -> list[Action]:
    god = st.battle.queue[0]
    return list(BID_ACTIONS[: min(st.followers[god], MAX_BID) + 1])


def bid(st: AnkhState, amount: int) -> None:
    god = st.battle.queue.pop(0)
    st.battle.bids[god] = amount
    st.run_conflict()


def resolve_plague(st: AnkhState) -> None:
    """Every bid is sacrificed; all Warriors and Guardians in the region die except those
    of the single highest bidder (tie: nobody is spared); Gods never die (§1, §11.6-7)."""
    b = st.battle
    player = b.plagues.pop(0)
    bidders = st.in_devotion_order(b.bidders)
    for g in bidders:
        st.followers[g] -= b.bids[g]
    spared = plague_spared(b.bids)  # a god not bidding has -1: every bidder bids 0 or more
    pair = _("{name} {value}")
    bids = PhraseList([Phrase(pair, name=st.god_name(g), value=b.bids[g]) for g in bidders])
    who = st.god_name(spared) if spared >= 0 else _("nobody (tie)")
    st.note(
        _("  Plague of Locusts ({player}): bids {bids}; spared: {who}"), player=st.god_name(player), bids=bids, who=who
    )
    victims = plague_victims(st, b.hexes, spared, controllers(st))
    cats = guardians.kill(st, victims, _("Plague of Locusts"))
    guardians.cat_mummy_losses(st, cats)
    for g in bidders:
        actions.sacrificed(st, g, b.bids[g])
    b.bids = [-1] * st.n
    st.conflict_step = B_PLAGUE


# --- step 4: Monument majorities (§9) -----------------------------------------------------------------


def majority_step(st: AnkhState) -> bool:
    """Each god still with figures in the region scores its majorities, one gain each,
    ascending Devotion (§9, §10.3 step 4; an absent majority holder scores nothing)."""
    majorities = None  # the region's, the same for every god (gains move no Monument)
    for g in st.in_devotion_order(st.battle.gods):
        if not has_figures_here(st, g):
            continue
        if majorities is None:
            majorities = region_majorities(st, st.battle.region)
        won = majorities[g]
        # No majority, no gain (gain would only answer st.over): no words to make for it.
        words = ngettext("{n} Monument majority", "{n} Monument majorities", won)
        if st.over if won <= 0 else devotion.gain(st, g, won, Phrase(words, n=won)):
            return False
    st.conflict_step = B_RESOLVE
    return False


# --- step 5: Battle Resolution (§10.3) ------------------------------------------------------------------


def resolve_step(st: AnkhState) -> bool:
    b = st.battle
    strength, nfigs = b.strength, b.figure_count
    for g in b.gods:
        strength[g], nfigs[g] = battle_strength(st, g)
    able = [g for g in b.gods if nfigs[g] > 0]
    pair = _("{name} {value}")
    strengths = PhraseList([Phrase(pair, name=st.god_name(g), value=strength[g]) for g in b.gods])
    st.note(_("  strength in this Battle: {strengths}"), strengths=strengths)
    st.conflict_step = B_APPLY
    if not able:
        b.winner = -1
        return False
    top = max(strength[g] for g in able)
    tied = [g for g in able if strength[g] == top]
    if len(tied) == 1:
        b.winner = tied[0]
        return False
    holder = st.tiebreaker_holder
    if holder in tied and not st.tiebreaker_used:
        return ask(st, holder, TIEBREAK)
    b.winner = -1
    return False


def tiebreak_actions(st: AnkhState) -> list[Action]:
    return [TIEBREAK_ACT, NOTIEBREAK]


def tiebreak(st: AnkhState, use: bool) -> None:
    """§10.3: the holder of the tie-breaker, tied for the highest strength, may spend it
    (once per Conflict) and win; otherwise nobody wins (§11.9, §11.11)."""
    if use:
        st.tiebreaker_used = True
        st.battle.winner = st.tiebreaker_holder
    else:
        st.battle.winner = -1
    # Either way the decision's words say it ("uses the tie-breaker", "keeps the tie-breaker"): not logged twice.
    st.run_conflict()


def apply_step(st: AnkhState) -> bool:
    """The winner's gain (1, or 3 with Glorious by 3+, plus Drought, plus god powers: one
    gain), then Commanding; then every loser's Warriors and Guardians in the region are to
    die except Flood-protected ones (``battle.victims``; god powers may spare some, §4.1 Isis)."""
    b = st.battle
    w = b.winner
    st.conflict_step = B_KILL
    if w >= 0:
        strength = b.strength
        others = [strength[g] for g in b.gods if g != w and b.figure_count[g] > 0]
        margin = strength[w] - max(others, default=0)
        glorious = st.powers[w] >> GLORIOUS & 1 and margin >= GLORIOUS_MARGIN
        amount = GLORIOUS_DEVOTION if glorious else BATTLE_WIN_DEVOTION
        if played(st, w, DROUGHT):
            fown = controllers(st)
            amount += sum(1 for h in b.hexes if fown[h] == w and on_terrain(st, h, DESERT))
        amount += gain_bonus(st, w, b.hexes)
        st.note(_("  {god} wins the battle"), god=st.god_name(w))
        if devotion.gain(st, w, amount, _("battle won")):
            return False
        if st.powers[w] >> COMMANDING & 1:
            st.followers[w] += COMMANDING_FOLLOWERS
            st.note(
                _("  {god} gains {followers} (Commanding)"),
                god=st.god_name(w),
                followers=followers(COMMANDING_FOLLOWERS),
            )
    else:
        st.write_log(_("  nobody wins the battle"))
    fig, fown = st.figure, controllers(st)
    victims = []
    for h in b.hexes:
        g = fown[h]
        if g < 0 or g == w or not mortal(fig[h]):
            continue
        if played(st, g, FLOOD) and on_terrain(st, h, FERTILE):
            continue  # §1 Flood: cannot be killed in Battle Resolution
        victims.append(h)
    b.victims = victims
    for p in st.hooks.on_resolution:
        p.on_resolution(st)
    st.conflict_step = B_KILL
    return False


def kill_step(st: AnkhState) -> bool:
    """The losers' figures die (those god powers kept alive excepted, §4.1 Isis), then
    the Cat-Mummy losses (rulings table order)."""
    cats = guardians.kill(st, st.battle.victims, _("the Battle"))
    st.battle.victims = []
    guardians.cat_mummy_losses(st, cats)
    st.conflict_step = B_MAGNANIMOUS
    return False


# --- step 6: after the battle (rulings table order) ---------------------------------------------------------


def magnanimous_step(st: AnkhState) -> bool:
    """§2.2 Magnanimous: a loser (everyone, when nobody wins) with 2+ figures in the region
    at Resolution gains 2 Devotion, ascending Devotion."""
    b = st.battle
    for g in st.in_devotion_order(b.gods):
        if (
            g != b.winner
            and st.powers[g] >> MAGNANIMOUS & 1
            and b.figure_count[g] >= MAGNANIMOUS_FIGURES
            and devotion.gain(st, g, MAGNANIMOUS_DEVOTION, _("Magnanimous"))
        ):
            return False
    st.conflict_step = B_MIRACLE
    return False


def miracle_step(st: AnkhState) -> bool:
    """§1 Miracle: +1 Devotion per own figure killed in this battle, ascending Devotion."""
    for g in st.in_devotion_order(st.battle.gods):
        if played(st, g, MIRACLE) and devotion.gain(st, g, st.battle.kills[g], _("Miracle")):
            return False
    st.conflict_step = B_AFTER
    return False


def after_step(st: AnkhState) -> bool:
    """The god powers' after-battle effects (§4.1 Osiris), between Miracle and Worshipful."""
    for p in st.hooks.after_battle:
        p.after_battle(st)
    st.conflict_step = B_WORSHIP
    st.battle.queue = [g for g in st.in_devotion_order(st.battle.gods) if st.powers[g] >> WORSHIPFUL & 1]
    return False


def worship_step(st: AnkhState) -> bool:
    b = st.battle
    while b.queue:
        if st.followers[b.queue[0]] >= WORSHIP_COST:
            return ask(st, b.queue[0], WORSHIP)
        b.queue.pop(0)
    st.conflict_step = B_CYCLE
    return False


def worship_actions(st: AnkhState) -> list[Action]:
    return [WORSHIP_ACT, NOWORSHIP]


def worship(st: AnkhState, yes: bool) -> None:
    """§2.2 Worshipful: after a battle in which it played a card, a god may sacrifice 2
    Followers for 1 Devotion, once."""
    god = st.battle.queue.pop(0)
    if yes:
        st.followers[god] -= WORSHIP_COST
        if devotion.gain(st, god, 1, _("Worshipful")):
            return
        actions.sacrificed(st, god, WORSHIP_COST)
    st.run_conflict()


def cycle_step(st: AnkhState) -> bool:
    """§1 Cycle of Ma'at: its player takes back every used card, this one included; then
    the battle is over and the Conflict moves to the next region."""
    for g in st.in_devotion_order(st.battle.gods):
        if played(st, g, CYCLE):
            st.used[g] = 0
            st.note(_("  {god} takes back every Battle card (Cycle of Ma'at)"), god=st.god_name(g))
    end_battle(st)
    return False


def end_battle(st: AnkhState) -> None:
    """The battle is over: the Conflict moves to the next region.  The region, gods and
    cards are cleared; the counts (kills, strengths, bids, winner) stay until the next
    battle begins (:class:`netjer.games.ankh.fields.Battle`)."""
    b = st.battle
    b.gods = []
    b.card = [-1] * st.n
    b.second_card = [-1] * st.n
    b.two_cards = [False] * st.n
    b.forbidden_card = -1
    b.hexes = ()
    b.region = -1
    st.conflict_index += 1
    st.conflict_step = C_REGION
