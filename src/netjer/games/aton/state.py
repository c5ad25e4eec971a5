"""Aton's rules: the state and how every action changes it.

Rules reference: rules/aton.md (tags below are its section numbers and source keys).  The
round of §4 is split into the decisions of :mod:`netjer.games.aton.actions`; everything
that needs no decision (drawing, the reveal, cartouche 1, turn order and War, overflow,
scoring, the end of the game) happens inside ``_apply`` between decisions.

Representation (two seats: 0 = Red, 1 = Blue):

* ``owner[sq]`` for the 48 board squares (``sq = temple * 12 + i``): -1 empty, else a seat.
* ``count[p * 24 + t * 6 + k]``: seat ``p``'s stones on kind ``k`` squares of temple ``t``;
  ``empty[t * 6 + k]``: empty squares of that kind.  Kept in step with ``owner``.
* Each seat's draw pile is a list with the top card last.  Its bottom ``known_bottom[p]``
  cards are public (War cards put back under the pile, §4 step F / LUDIG).
* Discards: ``discard[p]`` holds face-up cards (revealed cartouches); ``hidden_discard[p]``
  the hands given up by an exchange, discarded face down (a Netjer ruling, see
  docs/rules-coverage.md: only their owner knows them).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from operator import index
from typing import Any, Final, SupportsIndex

from mypy_extensions import mypyc_attr

from netjer.core.action import Action
from netjer.core.fields import write_fields
from netjer.core.rng import Rng
from netjer.core.state import TERMINAL, JsonDict, State
from netjer.games.aton.actions import ASSIGN, EXCHANGE, KEEP, PLACE, REMOVE, Assign, Exchange, Place, Remove
from netjer.games.aton.fields import FIELDS
from netjer.games.aton.layout import (
    BLACK,
    BLUE,
    BONUS1,
    BONUS2,
    GREEN,
    KIND_NAMES,
    KINDS,
    NUM_KINDS,
    NUM_TEMPLES,
    SQUARES_PER_TEMPLE,
    YELLOW,
    TempleLayout,
)
from netjer.i18n import N_, _, join_list, ngettext

# Phases (decision points) and their names in observations.
EXCHANGE_PHASE: Final = 0
ASSIGN_PHASE: Final = 1
REMOVE_PHASE: Final = 2
PLACE_PHASE: Final = 3
OVER: Final = 4
PHASE_NAMES: Final = ("exchange", "assign", "remove", "place", "over")

STONES: Final = 29  # per player, §1 [FACT×6]
VALUES: Final = (1, 2, 3, 4)
CARDS_PER_VALUE: Final = 9  # §1 [FACT×3]: 9 x 1, 9 x 2, 9 x 3, 9 x 4
HAND_SIZE: Final = 4
KINGDOM_SQUARES: Final = 8  # §1, §4 step H: scoring when the Kingdom holds 8 or more stones
WIN_POINTS: Final = 40  # §6: "40 or more"
NO_WINNER: Final = -2
DRAW: Final = -1
#: The seats' colours, by seat (English, marked for the ``aton`` catalogue; ``AtonGame.seat_name``).
SEAT_NAMES: Final = (N_("Red"), N_("Blue"))

_TK: Final = NUM_TEMPLES * NUM_KINDS  # 24: stride of one seat's counts

#: How ``full_state`` writes Aton's own JSON forms (:mod:`netjer.games.aton.fields`).
_JSON_FORMS: Final = {"phase": lambda phase: PHASE_NAMES[phase]}


# Compiled (``make compiled``), a native class like the Ankh state (netjer/games/ankh/state.py):
# its fields are slots of a C struct; serializable, so ``__new__`` in ``clone`` skips ``__init__``.
@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class AtonState(State):
    """A position of Aton.  Build one with ``AtonGame.new_initial_state(seed)``.

    Attributes (public ones; all others are internal):
        round: the current round, from 1.
        phase: one of the ``*_PHASE`` constants, or ``OVER``.
        scores: points of each seat.
        supply: stones of each seat not on the board nor in the Kingdom.
        kingdom: stones of each seat in the Kingdom of the Dead.
        winner: the winning seat, ``DRAW``, or ``NO_WINNER`` while the game goes on.
    """

    def __init__(self, game: Any, seed: int, layout: TempleLayout) -> None:
        super().__init__(game, seed)
        opts = game.options
        self.layout = layout
        self._ban_first_round = opts.first_round_removals == "forbidden"
        self._return_kingdom = opts.kingdom_after_scoring == "return"
        self._tie_is_draw = opts.equal_40_tie == "draw"
        self._blue_all_temples = opts.temple4_blue_squares == "all_temples"
        self._staged_reveal = opts.reveal == "staged"

        self.owner = [-1] * (NUM_TEMPLES * SQUARES_PER_TEMPLE)
        self.count = [0] * (2 * _TK)
        self.empty = [len(s) for s in layout.slots]
        self.supply = [STONES, STONES]
        self.kingdom = [0, 0]
        self.scores = [0, 0]
        self.draw: list[list[int]] = []
        for _seat in range(2):
            deck = [v for v in VALUES for _copy in range(CARDS_PER_VALUE)]
            self.rng.shuffle(deck)  # §3.2: each player shuffles their own deck
            self.draw.append(deck)
        self.known_bottom = [0, 0]
        self.discard: list[list[int]] = [[], []]
        self.hidden_discard: list[list[int]] = [[], []]
        self.hand: list[list[int]] = [[], []]
        self.cartouches: list[list[int]] = [[0] * 4, [0] * 4]  # 0 = empty
        self.revealed = [0, 0]  # how many of each seat's cartouches are face up (0, 2 or 4)
        self.exchange_counter = [True, True]
        self.exchange_choice: list[bool | None] = [None, None]
        self.round = 0
        self.phase = EXCHANGE_PHASE
        self.to_move = 0
        self.order = [0, 1]  # acting order of the current round, decided by cartouche 2
        self.turn = 0  # 0 = first player's turn, 1 = second's
        self.removals_left = 0
        self.victim = 1  # whose stones the current removals take
        self.placements_left = 0
        self.winner = NO_WINNER
        self.win_reason = ""
        self.log: list[str] = []  # public events, in words
        self._start_round()

    # --- the kernel contract -------------------------------------------------------------

    @property
    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.to_move

    def simultaneous_window(self) -> Hashable | None:
        """The exchange decisions and the cartouches of a round are taken in secret by both
        seats at once (rules/aton.md §4 steps B and C): one window each, named by the
        phase and the round."""
        if self.phase in (EXCHANGE_PHASE, ASSIGN_PHASE):
            return (PHASE_NAMES[self.phase], self.round)
        return None

    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        p = self.to_move
        if phase == ASSIGN_PHASE:
            hand = self.hand[p]
            return [ASSIGN[v] for v in VALUES if v in hand]
        if phase == PLACE_PHASE:
            empty = self.empty
            n = self.cartouches[p][2] * NUM_KINDS
            return [PLACE[i] for i in range(n) if empty[i]]
        if phase == REMOVE_PHASE:
            base = self.victim * _TK
            count = self.count
            n = self.cartouches[p][2] * NUM_KINDS
            return [REMOVE[i] for i in range(n) if count[base + i]]
        if phase == EXCHANGE_PHASE:
            return [KEEP, EXCHANGE]
        return []

    def _apply(self, action: Action) -> None:
        p = self.to_move
        if type(action) is Place:
            self._put_stone(p, action.temple * NUM_KINDS + action.kind)
            self.placements_left -= 1
            self._continue_placement()
        elif type(action) is Assign:
            self._assign(p, action.value)
        elif type(action) is Remove:
            self._remove_stone(self.victim, action.temple * NUM_KINDS + action.kind)
            self.removals_left -= 1
            if self.removals_left == 0:
                self._begin_placement()
        elif type(action) is Exchange:
            self._exchange_decision(p, action.take)
        else:  # pragma: no cover - legality was checked by State.apply
            raise TypeError(f"not an Aton action: {action!r}")

    def _returns(self) -> list[float]:
        if self.winner == DRAW:
            return [0.0, 0.0]
        return [1.0 if s == self.winner else -1.0 for s in (0, 1)]

    def _why_illegal(self, action: Action) -> tuple[str, str]:
        """The rule and the reason refusing ``action``, which is not legal now: the rule a
        catalogue message left in English (``N_``: told where it is shown, as the server and the
        terminal do), the reason a catalogue message in the player's language."""
        phase = self.phase
        p = self.to_move
        if phase == EXCHANGE_PHASE:
            rule = N_("Aton rules §4 step B: the exchange counter")
            what = _("decide whether to use the exchange counter ('keep' or 'exchange')")
        elif phase == ASSIGN_PHASE:
            rule = N_("Aton rules §4 step C: one card on each cartouche")
            what = _("put a card on cartouche {number} ('assign N')").format(number=self._next_cartouche(p) + 1)
        elif phase == REMOVE_PHASE:
            rule = N_("Aton rules §4 step G.1: removals by cartouche 2")
            what = ngettext(
                "remove {count} more stone ('remove <temple><kind>')",
                "remove {count} more stones ('remove <temple><kind>')",
                self.removals_left,
            ).format(count=self.removals_left)
        else:
            rule = N_("Aton rules §4 step G.2: placing cartouche 4's stones")
            what = ngettext(
                "place {count} more stone ('place <temple><kind>')",
                "place {count} more stones ('place <temple><kind>')",
                self.placements_left,
            ).format(count=self.placements_left)
        wrong_step = {
            Exchange: EXCHANGE_PHASE,
            Assign: ASSIGN_PHASE,
            Remove: REMOVE_PHASE,
            Place: PLACE_PHASE,
        }.get(type(action))
        if wrong_step != phase:
            return rule, _("this is not the moment for that: {what}").format(what=what)
        if isinstance(action, Assign):
            hand = ", ".join(str(v) for v in sorted(self.hand[p]))
            return rule, _("you hold no card of value {value} (your hand: {hand})").format(
                value=action.value, hand=hand
            )
        assert isinstance(action, Place | Remove)
        allowed = self.cartouches[p][2]
        temple, kind = action.temple + 1, _(KIND_NAMES[KINDS[action.kind]])
        if action.temple >= allowed:
            rule = N_("Aton rules §4 step G: cartouche 3 limits the temples")
            if allowed == 1:  # one temple: "temples 1 to 1" would read as a mistake
                if isinstance(action, Place):
                    return rule, _("your third cartouche shows 1: you may only place in temple 1")
                return rule, _("your third cartouche shows 1: you may only remove from temple 1")
            if isinstance(action, Place):
                return rule, _(
                    "your third cartouche shows {allowed}: you may only place in temples 1 to {allowed}"
                ).format(allowed=allowed)
            return rule, _(
                "your third cartouche shows {allowed}: you may only remove from temples 1 to {allowed}"
            ).format(allowed=allowed)
        if isinstance(action, Place):
            return N_("Aton rules §2.1: one stone per square"), _("temple {temple} has no empty {kind} square").format(
                temple=temple, kind=kind
            )
        rule = N_("Aton rules §4 step G.1: removals by cartouche 2")
        if self.victim == p:
            return rule, _("temple {temple} has none of your own stones on a {kind} square").format(
                temple=temple, kind=kind
            )
        return rule, _("temple {temple} has none of your opponent's stones on a {kind} square").format(
            temple=temple, kind=kind
        )

    # --- round flow (rules/aton.md §4) --------------------------------------------------

    def _start_round(self) -> None:
        """Step A (draw 4 each), then step B if a seat still has its exchange counter."""
        self.round += 1
        self.revealed = [0, 0]
        self.cartouches = [[0] * 4, [0] * 4]
        self.log.append(_("Round {round} begins.").format(round=self.round))
        for p in (0, 1):
            self._draw_cards(p, HAND_SIZE)
        self.exchange_choice = [None, None]
        if self.exchange_counter[0]:
            self.phase, self.to_move = EXCHANGE_PHASE, 0
        elif self.exchange_counter[1]:
            self.phase, self.to_move = EXCHANGE_PHASE, 1
        else:
            self._begin_assignment()

    def _draw_cards(self, p: int, n: int) -> None:
        """Draw ``n`` cards into ``p``'s hand, reshuffling the discards when the pile runs out
        (§4 step A, EN-RULES/SDIMAG; continuing mid-draw is INFERRED)."""
        pile = self.draw[p]
        hand = self.hand[p]
        for _card in range(n):
            if not pile:
                self._reshuffle(p)
            hand.append(pile.pop())
        self.known_bottom[p] = min(self.known_bottom[p], len(pile))

    def _reshuffle(self, p: int) -> None:
        """An empty draw pile is replaced by the shuffled discard pile (§4 step A)."""
        pile = self.draw[p]
        pile.extend(self.discard[p])
        pile.extend(self.hidden_discard[p])
        self.discard[p] = []
        self.hidden_discard[p] = []
        self.rng.shuffle(pile)
        self.known_bottom[p] = 0
        self.log.append(_("{seat} shuffles the discard pile into a new draw pile.").format(seat=self._seat_name(p)))

    def _exchange_decision(self, p: int, take: bool) -> None:
        """Step B: each seat decides in secret; both decisions then take effect together."""
        self.exchange_choice[p] = take
        if p == 0 and self.exchange_counter[1]:
            self.to_move = 1
            return
        for s in (0, 1):
            if self.exchange_choice[s]:
                # EN-RULES: discard the 4 cards, draw 4 new ones; the counter leaves the game.
                self.hidden_discard[s].extend(self.hand[s])
                self.hand[s] = []
                self.exchange_counter[s] = False
                self._draw_cards(s, HAND_SIZE)
                self.log.append(
                    _("{seat} uses the exchange counter and draws 4 new cards.").format(seat=self._seat_name(s))
                )
        self.exchange_choice = [None, None]
        self._begin_assignment()

    def _begin_assignment(self) -> None:
        self.phase = ASSIGN_PHASE
        self.to_move = 0

    def _next_cartouche(self, p: int) -> int:
        c = self.cartouches[p]
        return c.index(0) if 0 in c else 4

    def _assign(self, p: int, value: int) -> None:
        """Step C: one card face down per cartouche; the last card goes to cartouche 4 by itself."""
        hand = self.hand[p]
        cart = self.cartouches[p]
        hand.remove(value)
        i = cart.index(0)
        cart[i] = value
        if i == 2:
            cart[3] = hand.pop()
            if p == 0:
                self.to_move = 1
            else:
                self._reveal()

    def _reveal(self) -> None:
        """Steps D-F: reveal, score cartouche 1, decide the order (cartouche 2, then 1, then War)."""
        shown = 2 if self._staged_reveal else 4
        self.revealed = [shown, shown]
        red, blue = self.cartouches
        names = self._seat_name
        if self._staged_reveal:
            self.log.append(
                _(
                    "Cartouches 1 and 2 revealed: {first} {first_1} and {first_2}, {second} {second_1} and {second_2}."
                ).format(
                    first=names(0), first_1=red[0], first_2=red[1], second=names(1), second_1=blue[0], second_2=blue[1]
                )
            )
        else:
            self.log.append(
                _("All cartouches revealed: {first} {first_cards}; {second} {second_cards}.").format(
                    first=names(0),
                    first_cards=join_list(map(str, red)),
                    second=names(1),
                    second_cards=join_list(map(str, blue)),
                )
            )
        # Step E: the higher cartouche-1 card scores twice the difference; ties score nothing.
        if red[0] != blue[0]:
            scorer = 0 if red[0] > blue[0] else 1
            points = 2 * abs(red[0] - blue[0])
            self.scores[scorer] += points
            self.log.append(_("{seat} scores {points} for cartouche 1.").format(seat=names(scorer), points=points))
            if self.scores[scorer] >= WIN_POINTS:  # §6.4: 40 or more through cartouche 1 wins at once
                self._end(scorer, _("reached {points} points through cartouche 1").format(points=self.scores[scorer]))
                return
        # Step F: the lower cartouche 2 acts first; tie: lower cartouche 1; tie: War.
        if red[1] != blue[1]:
            first = 0 if red[1] < blue[1] else 1
        elif red[0] != blue[0]:
            first = 0 if red[0] < blue[0] else 1
        else:
            first = self._war()
        self.order = [first, 1 - first]
        self.log.append(_("{seat} acts first.").format(seat=names(first)))
        self.turn = 0
        self._begin_turn()

    def _war(self) -> int:
        """War (§4 step F, SEED/GLASS/LUDIG): both turn over their top card until they differ;
        the lower acts first.  The War cards go back under their owners' draw piles and stay
        known to both players until drawn.

        The sources do not say what happens when a War has gone through a whole draw pile
        (a short pile could repeat the same tie forever).  Netjer ruling: a player whose
        draw pile holds only cards already turned over in this War first shuffles their
        discard pile onto the top of the draw pile; if neither player has an unturned card
        left, the War is decided by a fair draw from the game's seeded generator.
        """
        turned = [0, 0]
        while True:
            exhausted = 0
            for p in (0, 1):
                pile = self.draw[p]
                if pile and turned[p] >= len(pile):
                    fresh = self.discard[p] + self.hidden_discard[p]
                    if fresh:
                        self.discard[p], self.hidden_discard[p] = [], []
                        self.rng.shuffle(fresh)
                        pile.extend(fresh)
                        self.log.append(
                            _(
                                "{seat} has turned over the whole draw pile in this War "
                                "and shuffles the discard pile onto it."
                            ).format(seat=self._seat_name(p))
                        )
                    else:
                        exhausted += 1
            if exhausted == 2:
                first = self.rng.below(2)
                self.log.append(
                    _("The War cannot be decided by the cards; a fair draw lets {seat} act first.").format(
                        seat=self._seat_name(first)
                    )
                )
                return first
            shown = [self._war_card(0), self._war_card(1)]
            turned[0] += 1
            turned[1] += 1
            self.log.append(
                _("War: {first} turns over a {first_card}, {second} a {second_card}.").format(
                    first=self._seat_name(0),
                    first_card=shown[0],
                    second=self._seat_name(1),
                    second_card=shown[1],
                )
            )
            if shown[0] != shown[1]:
                return 0 if shown[0] < shown[1] else 1

    def _war_card(self, p: int) -> int:
        """Turn over ``p``'s top card for War and put it under the pile, known to both."""
        pile = self.draw[p]
        if not pile:
            self._reshuffle(p)  # INFERRED (§4 step F): reshuffle first if the pile is empty
        card = pile.pop()
        self.known_bottom[p] = min(self.known_bottom[p], len(pile))
        pile.insert(0, card)
        self.known_bottom[p] += 1
        return card

    def _begin_turn(self) -> None:
        """Step G for the acting seat: cartouches 3 and 4 are revealed, then removal (G.1)."""
        p = self.order[self.turn]
        self.to_move = p
        cart = self.cartouches[p]
        if self.revealed[p] < 4:
            self.revealed[p] = 4
            self.log.append(
                _("{seat} reveals cartouches 3 and 4: {card_3} and {card_4}.").format(
                    seat=self._seat_name(p), card_3=cart[2], card_4=cart[3]
                )
            )
        v2, v3 = cart[1], cart[2]
        # G.1: 4 removes 2 opponent stones, 3 removes 1, 2 nothing, 1 removes one of your own.
        if v2 == 1:
            wanted, victim = 1, p
        else:
            wanted, victim = v2 - 2, 1 - p
        if self.round == 1 and self._ban_first_round:
            wanted = 0  # GLASS: no removals at all in the first round
        # Only from temples 1..v3 (KLEIN, RDS, BSD); mandatory as far as possible (KLEIN).
        base = victim * _TK
        eligible = sum(self.count[base : base + v3 * NUM_KINDS])
        self.victim = victim
        self.removals_left = min(wanted, eligible)
        if self.removals_left:
            self.phase = REMOVE_PHASE
        else:
            self._begin_placement()

    def _begin_placement(self) -> None:
        p = self.to_move
        self.placements_left = self.cartouches[p][3]
        self._continue_placement()

    def _continue_placement(self) -> None:
        """G.2: place while stones remain to place; overflow to the Kingdom, short supply ends it."""
        p = self.to_move
        if self.placements_left > 0:
            if self.supply[p] == 0:
                # GUESS (§4 G.2, short supply): place what you have; missing stones do not exist.
                self.placements_left = 0
            else:
                allowed = self.cartouches[p][2] * NUM_KINDS
                empty = self.empty
                for slot in range(allowed):
                    if empty[slot]:
                        self.phase = PLACE_PHASE
                        return
                # COSMIC, BSD, GOBLIN, MUCHA, LABSK: stones that find no empty square go from
                # the supply to the Kingdom of the Dead.
                n = min(self.placements_left, self.supply[p])
                self.supply[p] -= n
                self.kingdom[p] += n
                self.placements_left = 0
                self.log.append(
                    ngettext(
                        "{seat} finds no empty square: {n} stone goes to the Kingdom of the Dead.",
                        "{seat} finds no empty square: {n} stones go to the Kingdom of the Dead.",
                        n,
                    ).format(seat=self._seat_name(p), n=n)
                )
        self._end_turn()

    def _end_turn(self) -> None:
        """End of a seat's turn: check its instant wins (§6.1-6.3), then pass on or end the round."""
        p = self.to_move
        reason = self._instant_win(p)
        if reason:
            self._end(p, reason)
            return
        if self.turn == 0:
            self.turn = 1
            self._begin_turn()
        else:
            self._end_round()

    def _instant_win(self, p: int) -> str:
        """§6: one temple entirely own stones, all yellow squares, or all green squares."""
        count = self.count
        base = p * _TK
        yellow = green = 0
        for t in range(NUM_TEMPLES):
            at = base + t * NUM_KINDS  # the temple's six kinds, read in place (no slice)
            stones = 0
            for k in range(NUM_KINDS):
                stones += count[at + k]
            if stones == SQUARES_PER_TEMPLE:
                return _("occupies all 12 squares of temple {temple}").format(temple=t + 1)
            yellow += count[at + YELLOW]
            green += count[at + GREEN]
        totals = self.layout.kind_totals
        if yellow == totals[YELLOW]:
            return _("occupies every yellow square")
        if green == totals[GREEN]:
            return _("occupies every green square")
        return ""

    def _end_round(self) -> None:
        """Step H: cards to the discard piles; a scoring if the Kingdom holds 8 or more stones."""
        for p in (0, 1):
            self.discard[p].extend(self.cartouches[p])
        self.cartouches = [[0] * 4, [0] * 4]
        if self.kingdom[0] + self.kingdom[1] >= KINGDOM_SQUARES:
            self._scoring()
            top = max(self.scores)
            if top >= WIN_POINTS:
                if self.scores[0] != self.scores[1]:
                    leader = 0 if self.scores[0] > self.scores[1] else 1
                    lead = _("leads {points} to {other} after a scoring").format(
                        points=self.scores[leader], other=self.scores[1 - leader]
                    )
                    self._end(leader, lead)
                    return
                if self._tie_is_draw:  # PROPOSAL equal_40_tie=draw (§6)
                    self._end(DRAW, _("equal totals of {points} after a scoring").format(points=top))
                    return
        self._start_round()

    def _scoring(self) -> None:
        """§5: temples 1-4, black squares, bonus squares; then the Kingdom is emptied."""
        lines = score_breakdown(self.count, self._blue_all_temples)
        gained = [0, 0]
        for _what, seat, points in lines:
            gained[seat] += points
        names = self._seat_name
        detail = join_list(
            _("{what} {seat} +{points}").format(what=_(SCORE_WORDS.get(what, what)), seat=names(seat), points=points)
            for what, seat, points in lines
        ) or _("nothing scores")
        self.log.append(
            _(
                "Scoring (the Kingdom of the Dead holds {first} {first_dead}, {second} {second_dead}): "
                "{detail}. {first} +{first_points}, {second} +{second_points}."
            ).format(
                first=names(0),
                first_dead=self.kingdom[0],
                second=names(1),
                second_dead=self.kingdom[1],
                detail=detail,
                first_points=gained[0],
                second_points=gained[1],
            )
        )
        for p in (0, 1):
            self.scores[p] += gained[p]
            if self._return_kingdom:  # GUESS (§5): the stones return to their owners' supplies
                self.supply[p] += self.kingdom[p]
            self.kingdom[p] = 0

    def _end(self, winner: int, reason: str) -> None:
        self.phase = OVER
        self.winner = winner
        self.win_reason = reason
        if winner == DRAW:
            self.log.append(_("The game is drawn: {reason}.").format(reason=reason))
        else:
            self.log.append(_("{seat} wins: {reason}.").format(seat=self._seat_name(winner), reason=reason))

    # --- stones ---------------------------------------------------------------------------

    def _put_stone(self, p: int, slot: int) -> None:
        """Place ``p``'s stone on the first empty square of temple/kind ``slot`` (t * 6 + k)."""
        owner = self.owner
        for sq in self.layout.slots[slot]:
            if owner[sq] < 0:
                owner[sq] = p
                break
        self.empty[slot] -= 1
        self.count[p * _TK + slot] += 1
        self.supply[p] -= 1

    def _remove_stone(self, victim: int, slot: int) -> None:
        """Remove ``victim``'s stone from the last such square of ``slot`` to the Kingdom."""
        owner = self.owner
        for sq in reversed(self.layout.slots[slot]):
            if owner[sq] == victim:
                owner[sq] = -1
                break
        self.empty[slot] += 1
        self.count[victim * _TK + slot] -= 1
        self.kingdom[victim] += 1

    # --- copies, views and determinization ---------------------------------------------

    def clone(self) -> AtonState:
        new = AtonState.__new__(AtonState)
        self._copy_base_to(new)
        new.layout = self.layout
        new._ban_first_round = self._ban_first_round
        new._return_kingdom = self._return_kingdom
        new._tie_is_draw = self._tie_is_draw
        new._blue_all_temples = self._blue_all_temples
        new._staged_reveal = self._staged_reveal
        new.owner = self.owner[:]
        new.count = self.count[:]
        new.empty = self.empty[:]
        new.supply = self.supply[:]
        new.kingdom = self.kingdom[:]
        new.scores = self.scores[:]
        new.draw = [self.draw[0][:], self.draw[1][:]]
        new.known_bottom = self.known_bottom[:]
        new.discard = [self.discard[0][:], self.discard[1][:]]
        new.hidden_discard = [self.hidden_discard[0][:], self.hidden_discard[1][:]]
        new.hand = [self.hand[0][:], self.hand[1][:]]
        new.cartouches = [self.cartouches[0][:], self.cartouches[1][:]]
        new.revealed = self.revealed[:]
        new.exchange_counter = self.exchange_counter[:]
        new.exchange_choice = self.exchange_choice[:]
        new.round = self.round
        new.phase = self.phase
        new.to_move = self.to_move
        new.order = self.order[:]
        new.turn = self.turn
        new.removals_left = self.removals_left
        new.victim = self.victim
        new.placements_left = self.placements_left
        new.winner = self.winner
        new.win_reason = self.win_reason
        new.log = self.log[:]
        return new

    def _resample_hidden(self, seat: int, rng: Rng) -> AtonState:
        """Re-deal what ``seat`` cannot know (see ``State.determinize``):

        * the order of ``seat``'s own draw pile above its known bottom;
        * the opponent's cards it has not seen: hand, face-down cartouches, draw pile above
          the known bottom, and face-down discards, re-dealt from their combined multiset;
        * the opponent's secret exchange decision if it is still pending (a fair coin).

        Pools are sorted before shuffling, so the result depends only on what ``seat`` knows.
        """
        new = self.clone()
        own = new.draw[seat]
        kb = new.known_bottom[seat]
        top = sorted(own[kb:])
        rng.shuffle(top)
        own[kb:] = top
        o = 1 - seat
        kb = new.known_bottom[o]
        pile, hand, cart = new.draw[o], new.hand[o], new.cartouches[o]
        hidden_cart = [i for i in range(new.revealed[o], 4) if cart[i]]
        pool = sorted(pile[kb:] + hand + [cart[i] for i in hidden_cart] + new.hidden_discard[o])
        rng.shuffle(pool)
        n_pile, n_hand = len(pile) - kb, len(hand)
        pile[kb:] = pool[:n_pile]
        hand[:] = pool[n_pile : n_pile + n_hand]
        rest = pool[n_pile + n_hand :]
        for i in hidden_cart:
            cart[i] = rest.pop()
        new.hidden_discard[o] = rest
        if new.phase == EXCHANGE_PHASE and new.exchange_choice[o] is not None:
            new.exchange_choice[o] = rng.below(2) == 1
        return new

    def window_observation(self, seat: SupportsIndex, before: Mapping[int, State]) -> JsonDict:
        """``observation(seat)`` with each seat ahead that has not chosen yet (``before``: see
        :meth:`netjer.core.state.State.window_observation`) shown as it really is: its
        ``players`` entry (face-down cartouches, hand size, exchange decision made or not) is
        taken from the probe before its first placeholder (rules/aton.md §4 steps B and C:
        the choices are secret, only their being made is seen)."""
        viewer = self.check_seat(seat)
        obs = self.observation(viewer)
        for p, state in before.items():
            obs["players"][p] = state.observation(viewer)["players"][p]
        return obs

    # ``seat`` (and ``viewer``) typed ``SupportsIndex``, as in the Ankh state: compiled (``make
    # compiled``), a function checks its arguments' types on entry, and ``int`` refused a NumPy
    # integer, which the Python build accepts; ``check_seat`` gives a bad seat its SeatError.
    def observation(self, seat: SupportsIndex | None) -> JsonDict:
        """What ``seat`` knows (``None``: a spectator).

        Public: board, scores, supplies, Kingdom, round, phase, who acts, revealed
        cartouches, pile sizes, face-up discards, known War cards at the bottom of the
        piles, exchange counters, the public log.  Private to a seat: its hand, its
        face-down cartouches, its face-down discards, its pending exchange decision.
        """
        return self._observation(self.check_seat(seat))

    def _observation(self, seat: int | None) -> JsonDict:
        players = []
        for p in (0, 1):
            mine = p == seat
            kb = self.known_bottom[p]
            cart = self.cartouches[p]
            shown = self.revealed[p]
            info: JsonDict = {
                "name": self._seat_name(p),
                "score": self.scores[p],
                "supply": self.supply[p],
                "kingdom": self.kingdom[p],
                "exchange_counter": self.exchange_counter[p],
                "draw_count": len(self.draw[p]),
                "draw_bottom": self.draw[p][:kb],
                "discard": list(self.discard[p]),
                "face_down_discard_count": len(self.hidden_discard[p]),
                "hand_count": len(self.hand[p]),
                "cartouches": [None if not v else (v if (mine or i < shown) else "hidden") for i, v in enumerate(cart)],
                "revealed": shown,  # how many of these cartouches are face up on the table
            }
            if mine:
                info["hand"] = sorted(self.hand[p])
                info["face_down_discard"] = sorted(self.hidden_discard[p])
                info["exchange_decision"] = self.exchange_choice[p]
            players.append(info)
        acting = self.to_move if self.phase != OVER else None
        obs: JsonDict = {
            "game": "aton",
            "seat": seat,
            "round": self.round,
            "phase": PHASE_NAMES[self.phase],
            "to_move": acting,
            "players": players,
            "board": [
                [
                    {"kind": KINDS[k], "owner": None if o < 0 else o}
                    for k, o in zip(
                        self.layout.squares[t],
                        self.owner[t * SQUARES_PER_TEMPLE : (t + 1) * SQUARES_PER_TEMPLE],
                        strict=True,
                    )
                ]
                for t in range(NUM_TEMPLES)
            ],
            "order": list(self.order) if self.revealed[0] else None,
            "removals_left": self.removals_left if self.phase == REMOVE_PHASE else 0,
            "removal_victim": self.victim if self.phase == REMOVE_PHASE else None,
            "placements_left": self.placements_left if self.phase == PLACE_PHASE else 0,
            "allowed_temples": (
                self.cartouches[self.to_move][2] if self.phase in (REMOVE_PHASE, PLACE_PHASE) else None
            ),
            "winner": None if self.winner == NO_WINNER else ("draw" if self.winner == DRAW else self.winner),
            "win_reason": self.win_reason or None,
            "log": list(self.log),
        }
        return obs

    def full_state(self) -> JsonDict:
        """Every written field of the declaration (:mod:`netjer.games.aton.fields`) under its
        key, after the kernel's seed, generator state and history."""
        out: JsonDict = {"seed": self.seed, "rng": self.rng.state, "history": [str(a) for a in self.history]}
        out.update(write_fields(self, FIELDS, _JSON_FORMS))
        return out

    def public_scores(self) -> list[float] | None:
        """Both players' points (public)."""
        return [float(self.scores[0]), float(self.scores[1])]

    def _seat_name(self, p: int) -> str:
        """Seat ``p``'s colour ("Red") in the process's language (a term of the ``aton`` catalogue).
        Read from :data:`SEAT_NAMES` (``p`` is 0 or 1 here), not through the game's ``seat_name``,
        which checks its argument: the log names seats several times a round."""
        return _(SEAT_NAMES[p])

    def describe_action(self, action: Action, viewer: SupportsIndex | None) -> str:
        """Words for ``action`` by the current player; secret choices are hidden from others."""
        p = self.to_move
        name = self._seat_name(p)
        if isinstance(action, Assign):
            c = self._next_cartouche(p) + 1
            if viewer == p:
                if c == 3:
                    return _("{name} puts a {value} on cartouche {c} (and the last card, on cartouche 4).").format(
                        name=name, value=action.value, c=c
                    )
                return _("{name} puts a {value} on cartouche {c}.").format(name=name, value=action.value, c=c)
            return _("{name} puts a card face down on cartouche {c}.").format(name=name, c=c)
        if isinstance(action, Exchange):
            if viewer == p:
                if action.take:
                    return _("{name} decides to use the exchange counter.").format(name=name)
                return _("{name} decides to keep the hand.").format(name=name)
            return _("{name} decides in secret whether to use the exchange counter.").format(name=name)
        kind = _(KIND_NAMES[KINDS[action.kind]]) if isinstance(action, Place | Remove) else ""
        if isinstance(action, Place):
            return _("{name} places a stone on a {kind} square of temple {temple}.").format(
                name=name, kind=kind, temple=action.temple + 1
            )
        if isinstance(action, Remove):
            if self.victim == p:
                return _("{name} removes own stone from a {kind} square of temple {temple}.").format(
                    name=name, kind=kind, temple=action.temple + 1
                )
            return _("{name} removes {victim}'s stone from a {kind} square of temple {temple}.").format(
                name=name, victim=self._seat_name(self.victim), kind=kind, temple=action.temple + 1
            )
        return super().describe_action(action, None if viewer is None else index(viewer))


#: The parts of a scoring (:func:`score_breakdown`'s first words), marked for the catalogue and
#: translated where the log tells them.
SCORE_WORDS: Final[dict[str, str]] = {
    "temple 1": N_("temple 1"),
    "temple 2": N_("temple 2"),
    "temple 3": N_("temple 3"),
    "temple 4": N_("temple 4"),
    "black squares": N_("black squares"),
    "bonus squares": N_("bonus squares"),
}


def score_breakdown(count: list[int], blue_all_temples: bool = True) -> list[tuple[str, int, int]]:
    """The scoring of rules/aton.md §5, category by category.

    Args:
        count: stone counts as kept by :class:`AtonState` (``count[p * 24 + t * 6 + k]``).
        blue_all_temples: whether temple 4's majority scores the blue squares of all four
            temples (INFERRED, default) or only temple 4's own.

    Returns:
        ``(category, seat, points)`` for every category that scores, in rulebook order.

    Rules: temple 1's majority scores the difference of the stone counts; temple 2's
    majority 5; temple 3's majority 1 per own stone there; temple 4's majority 3 per own
    stone on a blue square; the majority on black squares 8; every stone on a bonus square
    its bonus.  Ties (0-0 included) score nothing (SEED "the player with the most").
    """
    lines: list[tuple[str, int, int]] = []

    def temple(p: int, t: int) -> int:
        start = p * _TK + t * NUM_KINDS
        return sum(count[start : start + NUM_KINDS])

    def kind_total(p: int, k: int, temples: range = range(NUM_TEMPLES)) -> int:
        return sum(count[p * _TK + t * NUM_KINDS + k] for t in temples)

    def majority(a: int, b: int) -> int:
        return -1 if a == b else (0 if a > b else 1)

    t1 = [temple(0, 0), temple(1, 0)]
    w = majority(*t1)
    if w >= 0:
        lines.append(("temple 1", w, abs(t1[0] - t1[1])))
    w = majority(temple(0, 1), temple(1, 1))
    if w >= 0:
        lines.append(("temple 2", w, 5))
    t3 = [temple(0, 2), temple(1, 2)]
    w = majority(*t3)
    if w >= 0:
        lines.append(("temple 3", w, t3[w]))
    w = majority(temple(0, 3), temple(1, 3))
    if w >= 0:
        blue_temples = range(NUM_TEMPLES) if blue_all_temples else range(3, 4)
        lines.append(("temple 4", w, 3 * kind_total(w, BLUE, blue_temples)))
    w = majority(kind_total(0, BLACK), kind_total(1, BLACK))
    if w >= 0:
        lines.append(("black squares", w, 8))
    for p in (0, 1):
        bonus = kind_total(p, BONUS1) + 2 * kind_total(p, BONUS2)
        if bonus:
            lines.append(("bonus squares", p, bonus))
    return lines


def score_board(count: list[int], blue_all_temples: bool = True) -> list[int]:
    """Points each seat gains at a scoring: ``[seat 0, seat 1]`` (see :func:`score_breakdown`)."""
    gained = [0, 0]
    for _what, seat, points in score_breakdown(count, blue_all_temples):
        gained[seat] += points
    return gained
