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

from netjer.core.action import Action
from netjer.core.words import article, plural
from netjer.games.ankh import actions, devotion, guardians
from netjer.games.ankh.base import (
    AIM_AFTER_OBELISK,
    BID,
    BUILD,
    CARD,
    OBELISK_PICK,
    OBELISK_TO,
    TIEBREAK,
    WORSHIP,
    AnkhBase,
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
from netjer.games.ankh.notation import BID as BID_ACTIONS
from netjer.games.ankh.notation import BUILD as BUILD_ACTIONS
from netjer.games.ankh.notation import CARD as CARD_ACTIONS
from netjer.games.ankh.notation import DONE, MAX_BID, NOBUILD, NOTIEBREAK, NOWORSHIP, PICK, TO
from netjer.games.ankh.notation import TIEBREAK as TIEBREAK_ACT
from netjer.games.ankh.notation import WORSHIP as WORSHIP_ACT
from netjer.games.ankh.pieces import FIGURE_IDS, GOD, MONUMENT_IDS, OBELISK, SCORPION
from netjer.games.ankh.powers import (
    COMMANDING,
    GLORIOUS,
    MAGNANIMOUS,
    OBELISK_ATTUNED,
    WORSHIPFUL,
)
from netjer.games.ankh.rules_queries import (
    build_cost,
    controllers,
    figure_strength,
    god_figure_strengths,
    region_majorities,
    temple_attuned_strength,
)

#: Steps of a Conflict (``conflict_step``); the ``B_*`` ones are a Battle's.
(
    C_REGION,
    B_OBELISK,
    B_START,
    B_DEAL,
    B_CARDS,
    B_REVEAL,
    B_BUILD,
    B_PLAGUE,
    B_BIDS,
    B_MAJORITY,
    B_RESOLVE,
    B_APPLY,
    B_KILL,
    B_MAGNANIMOUS,
    B_MIRACLE,
    B_AFTER,
    B_WORSHIP,
    B_CYCLE,
) = range(18)
#: Their names, rules and what each does: :data:`netjer.games.ankh.phases.BATTLE_STEPS`.
#: §2.2 Glorious: the winning margin and the Devotion it gives.
GLORIOUS_MARGIN, GLORIOUS_DEVOTION = 3, 3
#: §2.2 Commanding: Followers per battle won; Magnanimous: Devotion for a loss with 2+ figures;
#: Worshipful: Followers sacrificed for 1 Devotion.
COMMANDING_FOLLOWERS, MAGNANIMOUS_DEVOTION, MAGNANIMOUS_FIGURES, WORSHIP_COST = 3, 2, 2, 2


class Battle(AnkhBase):
    """The steps of a Battle (§10.3), driven by the Conflict loop."""

    # --- helpers ------------------------------------------------------------------------------

    def _figures_here(self, god: int) -> int:
        """Figures counting for ``god`` in the battle region (land spaces and touching water)."""
        fown = controllers(self)
        return sum(1 for h in self.b_hexes if fown[h] == god)

    def _played(self, god: int, card: int) -> bool:
        """Whether ``god`` played ``card`` in this battle (§4.1 Amun: one of two)."""
        return self.b_card[god] == card or self.b_card2[god] == card

    def _on_terrain(self, h: int, terrain: int) -> bool:
        """Whether ``h`` counts as ``terrain`` (§1 Flood, Drought; an Underworld space counts
        as neither, §4.1 Osiris)."""
        return self.board.terrain[h] == terrain and self.reserved[h] < 0

    def _gain_bonus(self, god: int, hexes: tuple[int, ...]) -> int:
        """What god powers add to ``god``'s Devotion for dominating or winning there (§4.1 Ra)."""
        if not self.hooks.gain_bonus:
            return 0
        owners = controllers(self)
        return sum(p.gain_bonus(self._me, god, hexes, owners) for p in self.hooks.gain_bonus)

    def _strength(self, god: int) -> tuple[int, int]:
        """``(strength, figures)`` of ``god`` in the battle region at Resolution (§10.3 step 5).

        1 per figure (the God 3 with Resplendent, rulings table), 0 for a figure next to an
        enemy Androsphinx (§3); plus the cards' bonus (§1), plus the god powers' (§4.1 Anubis,
        §4.2 Bastet), plus 2 per controlled Temple in the region with a figure of ``god``
        adjacent (Temple Attuned).  No figures: 0 (§1).
        """
        fig, fown = self.figure, controllers(self)
        strength = count = 0
        god_strength = god_figure_strengths(self)[god]
        for h in self.b_hexes:
            if fown[h] != god:
                continue
            count += 1
            strength += figure_strength(self, h, fig[h], god, fown, god_strength)
        if count == 0:
            return 0, 0
        for card in (self.b_card[god], self.b_card2[god]):
            if card >= 0:
                strength += CARD_STRENGTH[card]
        for p in self.hooks.strength:
            strength += p.strength(self._me, god, fown)
        strength += temple_attuned_strength(self, god, self.regions.regions[self.b_region], fown)
        return strength, count

    def _ask(self, god: int, phase: int) -> bool:
        """Hand a decision of ``god`` to the seat that takes it; returns True (a decision)."""
        self.to_move = self.seat_of_god[god]
        self.phase = phase
        return True

    # --- start ------------------------------------------------------------------------------

    def _begin_battle(self, region: int, hexes: tuple[int, ...], gods: list[int]) -> None:
        """Set up a Battle in ``region`` between ``gods`` (ascending Devotion)."""
        n = self.n
        self.b_region = region
        self.b_hexes = hexes
        self.b_gods = list(gods)
        self.b_card = [-1] * n
        self.b_kills = [0] * n
        self.bid = [-1] * n
        self.b_nfigs = [0] * n
        self.b_strength = [0] * n
        self.b_winner = -1
        self.b_queue = []
        self.b_bidders = []
        self.plague_queue = []
        self.b_forbidden = -1
        self.b_two = [False] * n
        self.b_card2 = [-1] * n
        self.b_victims = []
        self.ob_moved = []
        self.ob_turn = 0
        self.ob_active = [g for g in gods if self.powers[g] >> OBELISK_ATTUNED & 1 and self._obelisks_here(g)]
        names = ", ".join(self._name(g) for g in gods)
        self._log(f"Battle in region {self.token_of_region[region]}: {names}")
        self.conflict_step = B_OBELISK

    # --- step 0: Obelisk Attuned (§2.2) -----------------------------------------------------------

    def _obelisks_here(self, god: int) -> list[int]:
        mon, mown = self.monument, self.monument_owner
        return [h for h in self.regions.regions[self.b_region] if mon[h] == OBELISK and mown[h] == god]

    def _obelisk_spaces(self, god: int) -> list[int]:
        """Empty land spaces adjacent to ``god``'s Obelisks in the battle region (§2.2)."""
        adjacent = self.regions.adjacent
        out = {x for o in self._obelisks_here(god) for x in adjacent[o] if self._can_stand(x, god)}
        return sorted(out)

    def _obelisk_picks(self, god: int) -> list[int]:
        """Figures ``god`` may still relocate: those counting for it, anywhere on the board,
        each once, while figures counting for it are in the region and a space next to one of
        its Obelisks there is free (§2.2; §4.2 Seth, S1: Seth may move the enemy figures he
        controls — away from him they are their owner's again — and an owner may not move its
        figures while Seth controls them)."""
        if not self._figures_here(god) or not self._obelisk_spaces(god):
            return []
        moved = self.ob_moved
        owners = controllers(self)
        return [h for h in range(len(owners)) if owners[h] == god and h not in moved]

    def _obelisk_step(self) -> bool:
        active = self.ob_active
        while active:
            self.ob_turn %= len(active)
            god = active[self.ob_turn]
            if self._obelisk_picks(god):
                return self._ask(god, OBELISK_PICK)
            active.pop(self.ob_turn)
        self.conflict_step = B_START
        return False

    # --- battle start (§10.3 step 0; §4.2 Seth, Horus; §4.1 Amun) ------------------------------

    def _start_step(self) -> bool:
        """Count the gods present again (§4.2 Seth: Obelisk Attuned may change who his figures
        count for, even end the battle: one god left dominates, cases.md 4), then the god
        powers' battle-start effects (Horus, then Amun: S1)."""
        gods = self._present(self.b_hexes)
        if len(gods) < 2:
            self._log("  the battle no longer takes place")
            if gods:
                self._dominate(gods[0], self.b_region)
            self._end_battle()
            return False
        self.b_gods = gods
        for p in self.hooks.on_battle_start:
            p.on_battle_start(self._me)
        self.conflict_step = B_DEAL
        return False

    def _deal_step(self) -> bool:
        """The order of the secret card choices: ascending Devotion; a god playing two cards
        (§4.1 Amun) chooses both in turn."""
        queue = []
        for g in self._ascending(self.b_gods):
            queue.append(g)
            if self.b_two[g]:
                queue.append(g)
        self.b_queue = queue
        self.conflict_step = B_CARDS
        return False

    def _dominate(self, god: int, region: int) -> None:
        """§10.2 Domination: the majorities as one gain, then +1 for dominating as another
        (plus what god powers add to it, §4.1 Ra)."""
        self._log(f"{self._name(god)} dominates region {self.token_of_region[region]}")
        won = region_majorities(self, region)[god]
        if devotion.gain(self, god, won, f"{won} Monument majorities"):
            return
        devotion.gain(self, god, 1 + self._gain_bonus(god, self._region_hexes(region)), "Domination")

    def _obelisk_pick_actions(self) -> list[Action]:
        god = self.ob_active[self.ob_turn]
        return [*(PICK[h] for h in self._obelisk_picks(god)), DONE]

    def _obelisk_to_actions(self) -> list[Action]:
        return [TO[x] for x in self._obelisk_spaces(self.ob_active[self.ob_turn])]

    def _obelisk_pick(self, h: int) -> None:
        self.selected = h
        self.phase = OBELISK_TO

    def _obelisk_pass(self) -> None:
        """A god that passes relocates no more figures in this battle."""
        self.ob_active.pop(self.ob_turn)
        self._run_conflict()

    def _obelisk_to(self, x: int) -> None:
        a = self.selected
        god = self.ob_active[self.ob_turn]
        actions.move_figure(self, a, x)
        self.ob_moved.append(x)
        name = self.board.hex_name
        self._log(f"  {self._name(god)} (Obelisk Attuned): {FIGURE_IDS[self.figure[x]]} {name(a)} -> {name(x)}")
        if self.figure[x] == SCORPION:
            actions.ask_aim(self, x, AIM_AFTER_OBELISK)
        else:
            self._obelisk_moved()

    def _obelisk_moved(self) -> None:
        """After a relocation the turn passes to the next god still relocating."""
        self.ob_turn += 1
        self._run_conflict()

    # --- step 1: cards (§1, §10.3) ---------------------------------------------------------------

    def _cards_step(self) -> bool:
        if self.b_queue:
            return self._ask(self.b_queue[0], CARD)
        for p in self.hooks.before_reveal:
            p.before_reveal(self._me)
        self.conflict_step = B_REVEAL
        return False

    def _reveal_step(self) -> bool:
        self._reveal()
        for p in self.hooks.on_reveal:
            p.on_reveal(self._me)
        self.b_queue = [g for g in self._ascending(self.b_gods) if self._played(g, BUILD_CARD)]
        self.conflict_step = B_BUILD
        return False

    def _allowed_cards(self, god: int) -> list[int]:
        """The cards ``god`` may choose now: those in hand (not face up, §1), not the one
        forbidden in this battle (§4.2 Horus), not its first card when it plays two (§4.1
        Amun).  Never empty: the Cycle of Ma'at is always in hand (it returns every card when
        played), and it is what a god must play if nothing else is left (§4.2 Horus)."""
        first = self.b_card[god]
        out = [c for c in hand_of(self.used[god]) if c not in (self.b_forbidden, first)]
        return out or [CYCLE]

    def _card_actions(self) -> list[Action]:
        """The cards the god at the front of the queue may choose (:meth:`_allowed_cards`)."""
        return [CARD_ACTIONS[c] for c in self._allowed_cards(self.b_queue[0])]

    def _choose_card(self, card: int) -> None:
        god = self.b_queue.pop(0)
        if self.b_card[god] >= 0:
            self.b_card2[god] = card
        else:
            self.b_card[god] = card
        self._run_conflict()

    def _cards_hidden(self) -> bool:
        """Whether the battle's chosen cards are still face down (§1)."""
        return self.conflict_step in (B_CARDS, B_REVEAL)

    def _reveal(self) -> None:
        """All cards are revealed together and stay face up (§1); Flood gives +1 Follower per
        figure counting for its player on a Fertile space of the region at once."""
        shown = []
        fown = controllers(self)
        for g in self.b_gods:
            for c in (self.b_card[g], self.b_card2[g]):
                if c < 0:
                    continue
                self.used[g] |= 1 << c
                shown.append(f"{self._name(g)} {CARD_IDS[c]}")
                if c == FLOOD:
                    gain = sum(1 for h in self.b_hexes if fown[h] == g and self._on_terrain(h, FERTILE))
                    self.followers[g] += gain
                    shown[-1] += f" (+{plural(gain, 'Follower')})"
        self._log("  cards: " + ", ".join(shown))

    # --- step 2: Build Monument (§1) ------------------------------------------------------------------

    def _build_actions(self) -> list[Action]:
        """Build options of the god at the front of the queue (§1): needs the Followers (3, or
        0 with Inspiring), an Ankh token in its pool, a Monument type left in the supply and an
        empty land space in the region; ``nobuild`` declines."""
        god = self.b_queue[0]
        if self.followers[god] < build_cost(self, god) or self.ankh_pool[god] <= 0:
            return []
        kinds = [k for k in range(3) if self.monument_supply[k] > 0]
        spaces = [h for h in self.regions.regions[self.b_region] if self._can_stand(h, god)]
        if not kinds or not spaces:
            return []
        return [*(BUILD_ACTIONS[k][h] for k in kinds for h in spaces), NOBUILD]

    def _build_step(self) -> bool:
        while self.b_queue:
            if self._build_actions():
                return self._ask(self.b_queue[0], BUILD)
            self._log(f"  {self._name(self.b_queue.pop(0))} cannot build")
        self.plague_queue = [g for g in self._ascending(self.b_gods) if self._played(g, PLAGUE)]
        self.b_bidders = self._present(self.b_hexes)
        self.conflict_step = B_PLAGUE
        return False

    def _build(self, kind: int, h: int) -> None:
        god = self.b_queue.pop(0)
        cost = build_cost(self, god)
        self.followers[god] -= cost
        self.ankh_pool[god] -= 1
        self.monument_supply[kind] -= 1
        self.monument[h] = kind
        self.monument_owner[h] = god
        where = self.board.hex_name(h)
        self._log(f"  {self._name(god)} builds {article(MONUMENT_IDS[kind])} at {where} ({plural(cost, 'Follower')})")
        actions.sacrificed(self, god, cost)
        self._run_conflict()

    def _no_build(self) -> None:
        self.b_queue.pop(0)
        self._run_conflict()

    # --- step 3: Plague of Locusts (§1) ----------------------------------------------------------------

    def _plague_step(self) -> bool:
        if not self.plague_queue:
            self.conflict_step = B_MAJORITY
            return False
        self.b_queue = self._ascending(self.b_bidders)
        self.bid = [-1] * self.n
        self.conflict_step = B_BIDS
        return False

    def _bids_step(self) -> bool:
        if self.b_queue:
            return self._ask(self.b_queue[0], BID)
        self._resolve_plague()
        return False

    def _bid_actions(self) -> list[Action]:
        god = self.b_queue[0]
        return list(BID_ACTIONS[: min(self.followers[god], MAX_BID) + 1])

    def _bid(self, amount: int) -> None:
        god = self.b_queue.pop(0)
        self.bid[god] = amount
        self._run_conflict()

    def _resolve_plague(self) -> None:
        """Every bid is sacrificed; all Warriors and Guardians in the region die except those
        of the single highest bidder (tie: nobody is spared); Gods never die (§1, §11.6-7)."""
        player = self.plague_queue.pop(0)
        bidders = self._ascending(self.b_bidders)
        for g in bidders:
            self.followers[g] -= self.bid[g]
        top = max(self.bid[g] for g in bidders)
        tops = [g for g in bidders if self.bid[g] == top]
        spared = tops[0] if len(tops) == 1 else -1
        bids = ", ".join(f"{self._name(g)} {self.bid[g]}" for g in bidders)
        who = self._name(spared) if spared >= 0 else "nobody (tie)"
        self._log(f"  Plague of Locusts ({self._name(player)}): bids {bids}; spared: {who}")
        fig, fown = self.figure, controllers(self)
        victims = [h for h in self.b_hexes if fown[h] >= 0 and fown[h] != spared and fig[h] != GOD]
        cats = guardians.kill(self, victims, "Plague of Locusts")
        guardians.cat_mummy_losses(self, cats)
        for g in bidders:
            actions.sacrificed(self, g, self.bid[g])
        self.bid = [-1] * self.n
        self.conflict_step = B_PLAGUE

    # --- step 4: Monument majorities (§9) -----------------------------------------------------------------

    def _majority_step(self) -> bool:
        """Each god still with figures in the region scores its majorities, one gain each,
        ascending Devotion (§9, §10.3 step 4; an absent majority holder scores nothing)."""
        for g in self._ascending(self.b_gods):
            if not self._figures_here(g):
                continue
            won = region_majorities(self, self.b_region)[g]
            if devotion.gain(self, g, won, f"{won} Monument majorities"):
                return False
        self.conflict_step = B_RESOLVE
        return False

    # --- step 5: Battle Resolution (§10.3) ------------------------------------------------------------------

    def _resolve_step(self) -> bool:
        strength, nfigs = self.b_strength, self.b_nfigs
        for g in self.b_gods:
            strength[g], nfigs[g] = self._strength(g)
        able = [g for g in self.b_gods if nfigs[g] > 0]
        self._log("  strength: " + ", ".join(f"{self._name(g)} {strength[g]}" for g in self.b_gods))
        self.conflict_step = B_APPLY
        if not able:
            self.b_winner = -1
            return False
        top = max(strength[g] for g in able)
        tied = [g for g in able if strength[g] == top]
        if len(tied) == 1:
            self.b_winner = tied[0]
            return False
        holder = self.tb_holder
        if holder in tied and not self.tb_used:
            return self._ask(holder, TIEBREAK)
        self.b_winner = -1
        return False

    def _tiebreak_actions(self) -> list[Action]:
        return [TIEBREAK_ACT, NOTIEBREAK]

    def _tiebreak(self, use: bool) -> None:
        """§10.3: the holder of the tie-breaker, tied for the highest strength, may spend it
        (once per Conflict) and win; otherwise nobody wins (§11.9, §11.11)."""
        if use:
            self.tb_used = True
            self.b_winner = self.tb_holder
            self._log(f"  {self._name(self.tb_holder)} uses the tie-breaker")
        else:
            self.b_winner = -1  # the decision's words say it ("keeps the tie-breaker"): not logged twice
        self._run_conflict()

    def _apply_step(self) -> bool:
        """The winner's gain (1, or 3 with Glorious by 3+, plus Drought, plus god powers: one
        gain), then Commanding; then every loser's Warriors and Guardians in the region are to
        die except Flood-protected ones (``b_victims``; god powers may spare some, §4.1 Isis)."""
        w = self.b_winner
        self.conflict_step = B_KILL
        if w >= 0:
            strength = self.b_strength
            others = [strength[g] for g in self.b_gods if g != w and self.b_nfigs[g] > 0]
            margin = strength[w] - max(others, default=0)
            amount = GLORIOUS_DEVOTION if self.powers[w] >> GLORIOUS & 1 and margin >= GLORIOUS_MARGIN else 1
            if self._played(w, DROUGHT):
                fown = controllers(self)
                amount += sum(1 for h in self.b_hexes if fown[h] == w and self._on_terrain(h, DESERT))
            amount += self._gain_bonus(w, self.b_hexes)
            self._log(f"  {self._name(w)} wins the battle")
            if devotion.gain(self, w, amount, "battle won"):
                return False
            if self.powers[w] >> COMMANDING & 1:
                self.followers[w] += COMMANDING_FOLLOWERS
                self._log(f"  {self._name(w)} gains {plural(COMMANDING_FOLLOWERS, 'Follower')} (Commanding)")
        else:
            self._log("  nobody wins the battle")
        fig, fown = self.figure, controllers(self)
        victims = []
        for h in self.b_hexes:
            g = fown[h]
            if g < 0 or g == w or fig[h] == GOD:
                continue
            if self._played(g, FLOOD) and self._on_terrain(h, FERTILE):
                continue  # §1 Flood: cannot be killed in Battle Resolution
            victims.append(h)
        self.b_victims = victims
        for p in self.hooks.on_resolution:
            p.on_resolution(self._me)
        self.conflict_step = B_KILL
        return False

    def _kill_step(self) -> bool:
        """The losers' figures die (those god powers kept alive excepted, §4.1 Isis), then
        the Cat-Mummy losses (rulings table order)."""
        cats = guardians.kill(self, self.b_victims, "battle")
        self.b_victims = []
        guardians.cat_mummy_losses(self, cats)
        self.conflict_step = B_MAGNANIMOUS
        return False

    # --- step 6: after the battle (rulings table order) ---------------------------------------------------------

    def _magnanimous_step(self) -> bool:
        """§2.2 Magnanimous: a loser (everyone, when nobody wins) with 2+ figures in the region
        at Resolution gains 2 Devotion, ascending Devotion."""
        for g in self._ascending(self.b_gods):
            if (
                g != self.b_winner
                and self.powers[g] >> MAGNANIMOUS & 1
                and self.b_nfigs[g] >= MAGNANIMOUS_FIGURES
                and devotion.gain(self, g, MAGNANIMOUS_DEVOTION, "Magnanimous")
            ):
                return False
        self.conflict_step = B_MIRACLE
        return False

    def _miracle_step(self) -> bool:
        """§1 Miracle: +1 Devotion per own figure killed in this battle, ascending Devotion."""
        for g in self._ascending(self.b_gods):
            if self._played(g, MIRACLE) and devotion.gain(self, g, self.b_kills[g], "Miracle"):
                return False
        self.conflict_step = B_AFTER
        return False

    def _after_step(self) -> bool:
        """The god powers' after-battle effects (§4.1 Osiris), between Miracle and Worshipful."""
        for p in self.hooks.after_battle:
            p.after_battle(self._me)
        self.conflict_step = B_WORSHIP
        self.b_queue = [g for g in self._ascending(self.b_gods) if self.powers[g] >> WORSHIPFUL & 1]
        return False

    def _worship_step(self) -> bool:
        while self.b_queue:
            if self.followers[self.b_queue[0]] >= WORSHIP_COST:
                return self._ask(self.b_queue[0], WORSHIP)
            self.b_queue.pop(0)
        self.conflict_step = B_CYCLE
        return False

    def _worship_actions(self) -> list[Action]:
        return [WORSHIP_ACT, NOWORSHIP]

    def _worship(self, yes: bool) -> None:
        """§2.2 Worshipful: after a battle in which it played a card, a god may sacrifice 2
        Followers for 1 Devotion, once."""
        god = self.b_queue.pop(0)
        if yes:
            self.followers[god] -= WORSHIP_COST
            if devotion.gain(self, god, 1, "Worshipful"):
                return
            actions.sacrificed(self, god, WORSHIP_COST)
        self._run_conflict()

    def _cycle_step(self) -> bool:
        """§1 Cycle of Ma'at: its player takes back every used card, this one included; then
        the battle is over and the Conflict moves to the next region."""
        for g in self._ascending(self.b_gods):
            if self._played(g, CYCLE):
                self.used[g] = 0
                self._log(f"  {self._name(g)} takes back every Battle card (Cycle of Ma'at)")
        self._end_battle()
        return False

    def _end_battle(self) -> None:
        """The battle is over: the Conflict moves to the next region."""
        self.b_gods = []
        self.b_card = [-1] * self.n
        self.b_card2 = [-1] * self.n
        self.b_two = [False] * self.n
        self.b_forbidden = -1
        self.b_hexes = ()
        self.b_region = -1
        self.c_idx += 1
        self.conflict_step = C_REGION
