"""Ankh's heuristic player: greedy, one ply, on an evaluation a player would recognise.

The evaluation (:class:`Model`) is what an Ankh player counts before the next Conflict
(rules/ankh.md §9, §10): in every region, who is present, who holds the Monument
majorities, and who would win the Battle (strength: 1 per figure, the God 3 with
Resplendent, 0 next to an enemy Androsphinx, +2 per attuned Temple, plus the best Battle
card still in hand); a region where a god stands alone is a Domination (its majorities + 1).
That *expected Conflict* (Devotion) is valued beside the Devotion already won, Followers
(with diminishing returns), figures on the board, controlled Monuments, unlocked powers and
the Followers a Gain action would bring (own or neutral Monuments next to own figures).
Opponents' expected Conflicts count against the player (blocking a Domination is worth
something).

Decisions, each greedy on that evaluation:

* **Turn** (§7.1): each action row is valued by its best outcome (the best moves, the best
  summon, the Followers gained, the best power affordable), plus the event its marker
  would fire (a Conflict is worth firing when the player comes out ahead of the others; a
  Control Monument is worth its best Monument); the pair of rows (second on a lower row)
  with the best total is chosen, and ``end`` when nothing is worth a second action.
* **Move / summon / Obelisk Attuned / Mummy**: the figure and space that most improve the
  evaluation; a figure moves only if it gains.
* **Battle card** (§1): for each card in hand, the chance of winning the Battle against
  the other gods' hands (public: used cards are face up; each is assumed to play any card of
  its hand), times what winning brings (Devotion, Drought's desert bonus, figures that
  survive), plus the card's own effect (Flood's Followers, Miracle's Devotion for figures
  lost, Build Monument's majority, Plague's chance to clear the region, Cycle of Ma'at's
  cards back), minus the cost of spending it.
* **Plague bid**: enough to outbid every other god's Followers when what is at stake is
  worth it, else a token bid or nothing.
* **Build, Control Monument**: the Monument and space that win the most majorities.
* **Unlock**: the power that suits the position (Bountiful while in the red, Temple
  Attuned with Temples, ...).
* **Camel Caravan**: declined; Worshipful, the tie-breaker: taken when worth it.
* **God powers** (§4): used whenever they may be, the choice among uses at random (valued
  with ``plan=reply``, see below); Hathor's
  placement valued like a summon against the Follower it costs; Anubis's ransom never paid.
  The evaluation does not count the powers' effects (a Radiant figure, a cat, Seth's
  adjacent enemies are valued as any figure or Monument).

Options, off by default so that the plain heuristic plays as it always has
(:func:`make_policy`; agent ``heuristic:temperature=T,plan=reply|rollout``):

* **temperature**: a soft choice among near-equal turns, moves and summons (:class:`Style`):
  self-play games differ, at little cost, where ``epsilon`` plays a random legal action.
* **plan=reply**: before choosing its turn, each candidate first action is played out (with
  the rest of the turn, greedily) on a clone, and the next god's best reply, found among the
  engine's legal actions on further clones, is counted against it when that reply would fire
  the Conflict (:func:`reply_loss`); and every god power's decision is valued
  (:func:`_value_god_decision`: Horus's Eyes and forbidden card, Thoth's guess, Anubis's
  trap, Bastet's cats, Osiris's Underworld, Amun's battle) instead of drawn at random.
* **plan=rollout** (the improved heuristic, docs/balance.md): each action of a turn (an
  action row, or ``end``) is played on a clone, and the game goes on with the plain
  heuristic in every seat until the next Conflict has been resolved
  (:func:`rollout_value`, a rollout in the sense of Tesauro & Galperin 1996 and Bertsekas
  1997); the action whose position then has the best win chance (:func:`win_chances`; a
  finished game's result) is chosen.  The Model's blind spots (Seth's adjacent figures,
  Isis, Ra's Radiant bonus, Bastet's cats, who fires the Conflict and who answers a raid
  with a whole Move action) are then counted by the engine's own rules, not restated.  The
  other decisions are the plain heuristic's, as the rollouts assumed (a temperature
  softens the choice of actions only), except god powers, valued as with ``plan=reply``.
* **version=2** (issue 35; ``heuristic:version=2``, docs/balance.md "Version 2"): every
  decision on a :class:`StakesModel` (a god about to reach the top of the Devotion track, or
  to climb out of the red before the Conflict that forgets it, weighs more:
  :mod:`netjer.agents.heuristic.ankh_stakes`); the first action of a turn planned with its
  second (:func:`_second_action_value`); a turn that may fire a Conflict valued by rollouts
  through it (:func:`_plan_row`); god powers valued as with ``plan=reply``, Ra's Sun where it
  adds a bonus (:func:`_ra_sun`).
* **version=3** (issue 35; ``heuristic:version=3``, docs/balance.md "Version 3"): version 2 with
  three changes. Every decision on a :class:`ConflictModel`: a figure counts for the god the
  engine's control hooks say it would count for in a Conflict (§4.2 Seth), and Seth's God is
  moved by its destinations' value on clones (:func:`_control_move_pick`). A turn's action
  that changes nothing (played out on a clone: :func:`changes_something`) is left out while
  another does (:func:`_purposeful_choice`): no Move Figures that moves nothing. A turn that
  may fire a Conflict is planned whole: each first action finished, each second action
  rolled out, the rollouts playing its own moves, cards and powers as it does
  (:func:`_pair_rollout_scores`).

Version 1 (the default) is the plain heuristic above.

Only what the acting seat knows is read: the public board and tracks, and its own pending
card or bid; never another god's secret card (``battle.card``) or bid (``battle.bids``).  The position's
fields are read directly (the engine's documented public fields) for speed: the policy is
also ISMCTS's heuristic playout policy.  What the rules say of them is never restated here:
every rule question (where a figure may be summoned or moved, what a Plague kills and who
outbids whom, where a Monument may be built, which Monuments feed Followers, what Domination
and a won Battle bring, the last Conflict...) is asked of :mod:`netjer.games.ankh.rules_queries`
or the engine's public functions, which the engine itself uses.

:func:`evaluate` turns the same model into expected returns for ISMCTS's cut-off playouts.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from netjer.agents.heuristic.ankh_stakes import stake_weights
from netjer.core.action import Action
from netjer.core.rng import Rng
from netjer.core.state import State
from netjer.games.ankh.actions import all_summon_spaces, destinations
from netjer.games.ankh.base import (
    ADOPT,
    AIM,
    BID,
    BUILD,
    CAMEL,
    CARD,
    CLAIM,
    IS_LAND,
    KEEP,
    MOVE_PICK,
    MOVE_TO,
    MUMMY,
    NUM_HEXES,
    OBELISK_PICK,
    OBELISK_TO,
    OVER,
    PUSH,
    PYRAMID_PUT,
    SUMMON,
    SWAP,
    TIEBREAK,
    TURN,
    UNLOCK,
    WORSHIP,
)
from netjer.games.ankh.battle import (
    COMMANDING_FOLLOWERS,
    MAGNANIMOUS_FIGURES,
    WORSHIP_COST,
    cards_allowed,
    obelisk_spaces,
    on_terrain,
)
from netjer.games.ankh.board import DESERT, FERTILE
from netjer.games.ankh.cards import (
    BUILD as BUILD_CARD,
)
from netjer.games.ankh.cards import (
    CARD_STRENGTH,
    CHARIOTS,
    CYCLE,
    DROUGHT,
    FLOOD,
    MIRACLE,
    PLAGUE,
    hand_of,
)
from netjer.games.ankh.conflict import LAST_CONFLICT
from netjer.games.ankh.events import CAMEL_CARAVAN, CONFLICT, CONTROL_MONUMENT, EVENT_TRACK, next_event
from netjer.games.ankh.gods.base import PHASE_OWNER
from netjer.games.ankh.guardians import struck_spaces
from netjer.games.ankh.notation import (
    DONE,
    END,
    NOBUILD,
    NOSWAP,
    NOTIEBREAK,
    NOWORSHIP,
    Aim,
    Bid,
    Build,
    Card,
    CatPut,
    Claim,
    Eye,
    Forbid,
    Guess,
    Kill,
    Pick,
    Power,
    Put,
    PyramidPick,
    Row,
    To,
    Trap,
    Underworld,
)
from netjer.games.ankh.notation import (
    TIEBREAK as TIEBREAK_ACT,
)
from netjer.games.ankh.notation import (
    WORSHIP as WORSHIP_ACT,
)
from netjer.games.ankh.pieces import (
    ANDROSPHINX,
    APEP,
    CAT_MUMMY,
    NUM_FIGURE_KINDS,
    OBELISK,
    PYRAMID,
    SCORPION,
    TEMPLE,
    WARRIOR,
)
from netjer.games.ankh.pieces import (
    MUMMY as MUMMY_KIND,
)
from netjer.games.ankh.powers import (
    BOUNTIFUL,
    COMMANDING,
    GLORIOUS,
    INSPIRING,
    MAGNANIMOUS,
    OBELISK_ATTUNED,
    OMNIPRESENT,
    PYRAMID_ATTUNED,
    RESPLENDENT,
    REVERED,
    TEMPLE_ATTUNED,
    WORSHIPFUL,
    unlock_level,
)
from netjer.games.ankh.rules_queries import (
    BATTLE_WIN_DEVOTION,
    DOMINATION_DEVOTION,
    MONUMENT_TYPES,
    actions_per_turn,
    build_cost,
    build_sites,
    claimable_monuments,
    controlled_monuments_of,
    feeds_followers,
    figure_strength,
    fires_event,
    followers_gain,
    god_figure_strengths,
    god_hex,
    in_red,
    majorities_won,
    monument_kinds_left,
    mortal,
    outbidding_bid,
    plague_victims,
    region_monuments,
    summonable_kinds,
    temple_attuned_strength,
    unlockable_powers,
)
from netjer.games.ankh.state import AnkhState

#: Per figure kind, whether it can be killed (:func:`~netjer.games.ankh.rules_queries.mortal`),
#: asked once: the Model asks it for every figure and every move it weighs.
MORTAL: tuple[bool, ...] = tuple(mortal(kind) for kind in range(NUM_FIGURE_KINDS))

# --- weights (Devotion-like units) ----------------------------------------------------------

#: A Battle won (§10.3: +1 Devotion).
WIN = float(BATTLE_WIN_DEVOTION)
#: A figure killed in a lost Battle: a summon to replace it.
FIG_LOSS = 0.25
#: A figure on the board (presence, mobility) beyond what the next Conflict counts.
FIG_ON_BOARD = 0.35
#: A controlled Monument beyond its majorities (future majorities, Followers).
MONUMENT = 1.0
#: An unlocked power, before its own value (:func:`power_value`).
POWER = 1.0
#: A Monument a Gain Followers action would count (own or neutral, next to an own figure).
INCOME = 0.15
#: A neutral Monument next to an own figure (claimable at a Control Monument).
CLAIMABLE = 0.1
#: How much the other gods' expected Conflict counts against the player (their mean).
RIVALRY = 0.6
#: Softmax temperature of Battle strength (per point of strength).
STRENGTH_TEMP = 1.1
#: A tie wins nothing (unless the tie-breaker is used): the softmax overstates wins.
TIE_DISCOUNT = 0.85
#: The part of the best strength card in hand counted as battle potential.
CARD_POTENTIAL = 0.5
#: Followers: the first few buy powers and Monuments; beyond, they are worth less.
FOLLOWER_VALUE, FOLLOWER_SATURATION, FOLLOWER_TAIL = 0.22, 6, 0.05
#: A move or relocation must gain at least this much.
MIN_GAIN = 0.05
#: What spending a card costs (it is face up until a Cycle of Ma'at), at the start of the game.
SPEND = (0.25, 0.2, 0.6, 0.0, 0.15, 0.15, 0.15)
#: Firing a Conflict: the share of the lead in expected Conflict gains it locks in.
FIRE_CONFLICT = 0.5
#: Holding the tie-breaker (the one who fires a Conflict takes it).
TIEBREAKER = 0.2
#: An action that achieves nothing is not worth taking (it only hastens the events).
ACTION_COST = 0.05


def follower_value(f: int) -> float:
    """The value of holding ``f`` Followers (concave: powers cost 1-3, a Monument 3)."""
    if f <= FOLLOWER_SATURATION:
        return FOLLOWER_VALUE * f
    return FOLLOWER_VALUE * FOLLOWER_SATURATION + FOLLOWER_TAIL * (f - FOLLOWER_SATURATION)


class Model:
    """The position as god ``god`` weighs it: per region, presence, strength and
    majorities, and the expected gains of the next Conflict for every god
    (:attr:`conflict`).

    The god's *value* of a position, which its decisions maximise greedily, is its expected
    Conflict minus :data:`RIVALRY` times the other gods' mean, plus :data:`FIG_ON_BOARD` per
    figure on the board, :data:`MONUMENT` per controlled Monument, :data:`INCOME` per
    Monument a Gain Followers action would count and :data:`CLAIMABLE` per neutral one next
    to its figures, plus its Followers (:func:`follower_value`), powers and Devotion.  It is
    never computed whole: :meth:`move_gain`, :meth:`add_gain` and :meth:`claim_gain` give its
    change for a hypothetical move, summon or Monument taken, recomputing only the regions
    concerned.

    Args:
        state: the position (only public fields are read).
        god: the god whose evaluation it is.
    """

    __slots__ = (
        "adjacent",
        "card_potential",
        "conflict",
        "cover",
        "feeds",
        "god",
        "god_strength",
        "hex_regions",
        "killable",
        "leave_memo",
        "majority",
        "memo",
        "monuments",
        "n",
        "near_monument",
        "num_regions",
        "presence",
        "region_values",
        "sphinx",
        "state",
        "strength",
    )

    def __init__(self, state: AnkhState, god: int) -> None:
        self.state = state
        self.god = god
        self.memo: dict[tuple[int, int, float, int], float] = {}
        self.leave_memo: dict[int, float] = {}
        n = self.n = state.n
        regions = state.regions
        self.hex_regions = hr = regions.hex_regions
        self.adjacent = adjacent = regions.adjacent
        nr = self.num_regions = regions.num_regions
        fig, fown, mon = state.figure, self.owners(state), state.monument
        god_strength = god_figure_strengths(state)  # §2.2 Resplendent
        self.god_strength = [float(x) for x in god_strength]
        # With no Androsphinx on the board a figure's strength does not depend on its hex.
        self.sphinx = ANDROSPHINX in state.guardian_kind and ANDROSPHINX in fig
        presence = [0] * (nr * n)
        strength = [0.0] * (nr * n)
        killable = [0] * (nr * n)
        # §9: the controlled Monuments of each region, [(region * n + god) * 3 + type].
        monuments = [c for r in range(nr) for c in region_monuments(state, r)]
        cover: dict[int, int] = {}
        for h in range(NUM_HEXES):
            o = fown[h]
            if o >= 0:
                kind = fig[h]
                value = float(figure_strength(state, h, kind, o, fown, god_strength[o]))
                for r in hr[h]:
                    i = r * n + o
                    presence[i] += 1
                    strength[i] += value
                    if MORTAL[kind]:
                        killable[i] += 1
                if o == god:
                    for x in adjacent[h]:
                        if mon[x] >= 0:
                            cover[x] = cover.get(x, 0) + 1
        for o in range(n):
            for r in range(nr):
                strength[r * n + o] += temple_attuned_strength(state, o, regions.regions[r], fown)
        near = bytearray(NUM_HEXES)
        feeds = set()  # the Monuments that bring the god Followers (§7.3 Gain Followers)
        for x in range(NUM_HEXES):
            if mon[x] >= 0:
                for y in adjacent[x]:
                    near[y] = 1
                if feeds_followers(state, god, x):
                    feeds.add(x)
        self.feeds = feeds
        self.near_monument = near
        self.presence, self.strength, self.killable, self.monuments, self.cover = (
            presence,
            strength,
            killable,
            monuments,
            cover,
        )
        self.card_potential = [
            CARD_POTENTIAL * max((CARD_STRENGTH[c] for c in hand_of(state.used[o])), default=0) for o in range(n)
        ]
        self.majority = [self.majorities(r) for r in range(nr)]
        self.region_values = [
            self.region_value(
                presence[r * n : r * n + n], strength[r * n : r * n + n], killable[r * n : r * n + n], self.majority[r]
            )
            for r in range(nr)
        ]
        self.conflict = [sum(rv[o] for rv in self.region_values) for o in range(n)]

    def owners(self, state: AnkhState) -> list[int]:
        """Who each figure counts for in the evaluation (version 1 and 2: its owner)."""
        return state.figure_owner

    # --- pieces of the evaluation ----------------------------------------------------------------

    def majorities(self, r: int, changes: Sequence[tuple[int, int, int]] = ()) -> list[int]:
        """Monument types each god has the majority of in region ``r`` (§9), after the
        ``changes`` (god, type, +-1) to the controlled Monuments there."""
        n = self.n
        counts = self.monuments[r * n * 3 : (r + 1) * n * 3]
        for o, t, d in changes:
            counts[o * 3 + t] += d
        return majorities_won(counts, n)

    def region_value(
        self, presence: Sequence[int], strength: Sequence[float], killable: Sequence[int], majority: Sequence[int]
    ) -> list[float]:
        """Expected Devotion of each god from one region at the next Conflict (§10.2, §10.3):
        alone, its majorities + 1 (Domination); in a Battle, its majorities plus its chance
        of winning (a softmax of strength and card potential), minus the figures a loss
        would cost."""
        n = self.n
        out = [0.0] * n
        present = [o for o in range(n) if presence[o] > 0]
        if not present:
            return out
        if len(present) == 1:
            o = present[0]
            out[o] = majority[o] + float(DOMINATION_DEVOTION)  # §10.2 Domination
            return out
        pot = self.card_potential
        top = max(strength[o] + pot[o] for o in present)
        weights = [math.exp(STRENGTH_TEMP * (strength[o] + pot[o] - top)) for o in present]
        total = sum(weights)
        for o, w in zip(present, weights, strict=True):
            p = TIE_DISCOUNT * w / total
            out[o] = majority[o] + p * WIN - (1.0 - p) * killable[o] * FIG_LOSS
        return out

    def rivalry(self, gains: Sequence[float]) -> float:
        """The player's share of a change of every god's expected Conflict: its own change
        minus :data:`RIVALRY` times the others' mean change."""
        g = self.god
        others = [gains[o] for o in range(self.n) if o != g and self.state.alive[o]]
        return gains[g] - (RIVALRY * sum(others) / len(others) if others else 0.0)

    def loss_share(self, rivals: Sequence[int]) -> float:
        """How much one Devotion won by one of ``rivals`` costs the god (version 1: their
        mean's share, :data:`RIVALRY` over the other living gods)."""
        return RIVALRY / max(1, sum(1 for o in range(self.n) if o != self.god and self.state.alive[o]))

    def own_weight(self) -> float:
        """How much one Devotion of the god's own weighs (version 1: 1)."""
        return 1.0

    def lead(self) -> float:
        """The god's expected Conflict gains minus the best other god's."""
        g = self.god
        others = [self.conflict[o] for o in range(self.n) if o != g and self.state.alive[o]]
        return self.conflict[g] - max(others, default=0.0)

    # --- changes ---------------------------------------------------------------------------------

    def _regions_delta(self, changes: dict[int, tuple[int, float, int]]) -> list[float]:
        """Change of each god's expected Conflict when the god's (presence, strength,
        killable) in each region ``r`` of ``changes`` moves by the given amounts."""
        n = self.n
        g = self.god
        delta = [0.0] * n
        for r, (dp, ds, dk) in changes.items():
            if dp == 0 and ds == 0 and dk == 0:
                continue
            base = r * n
            pres = self.presence[base : base + n]
            stre = self.strength[base : base + n]
            kill = self.killable[base : base + n]
            pres[g] += dp
            stre[g] += ds
            kill[g] += dk
            new = self.region_value(pres, stre, kill, self.majority[r])
            old = self.region_values[r]
            for o in range(n):
                delta[o] += new[o] - old[o]
        return delta

    def region_change(self, r: int, dp: int, ds: float, dk: int) -> float:
        """:meth:`rivalry` of the change of expected Conflicts when the god's presence,
        strength and killable figures in region ``r`` change by ``dp``, ``ds``, ``dk``
        (memoised: many moves share it)."""
        key = (r, dp, ds, dk)
        cached = self.memo.get(key)
        if cached is None:
            cached = self.memo[key] = self.rivalry(self._regions_delta({r: (dp, ds, dk)}))
        return cached

    def site(self, h: int, leaving: int = -1) -> float:
        """Follower income and claimable Monuments next to ``h`` that no other figure of the
        god covers (``leaving``: a figure that will not be there any more)."""
        mown = self.state.monument_owner
        cover, feeds = self.cover, self.feeds
        gained = 0.0
        near_leaving = self.adjacent[leaving] if leaving >= 0 else ()
        for x in self.adjacent[h]:
            if x in feeds and cover.get(x, 0) - (1 if x in near_leaving else 0) <= 0:
                gained += INCOME + CLAIMABLE if mown[x] < 0 else INCOME
        return gained

    def _leave_loss(self, a: int) -> float:
        """Income and claimable Monuments lost when the figure on ``a`` leaves."""
        mown = self.state.monument_owner
        lost = 0.0
        for x in self.adjacent[a]:
            if x in self.feeds and self.cover.get(x, 0) == 1:
                lost += INCOME + CLAIMABLE if mown[x] < 0 else INCOME
        return lost

    def _figure_effect(self, h: int, kind: int) -> tuple[float, int]:
        """(strength, killable) a figure of ``kind`` of the god adds on ``h``."""
        state = self.state
        value = float(figure_strength(state, h, kind, self.god, state.figure_owner, int(self.god_strength[self.god])))
        return value, 1 if MORTAL[kind] else 0

    def move_gain(self, a: int, b: int) -> float:
        """Change of the god's value if its figure on ``a`` moves to ``b``."""
        kind = self.state.figure[a]
        ra, rb = self.hex_regions[a], self.hex_regions[b]
        sa, ka = self._figure_effect(a, kind)
        sb, kb = self._figure_effect(b, kind)
        if ra == rb:
            region_part = 0.0 if sa == sb else sum(self.region_change(r, 0, sb - sa, 0) for r in ra)
        elif set(ra).isdisjoint(rb):
            region_part = sum(self.region_change(r, -1, -sa, -ka) for r in ra) + sum(
                self.region_change(r, 1, sb, kb) for r in rb
            )
        else:  # a figure in water (Apep) belongs to several regions
            changes: dict[int, tuple[int, float, int]] = {r: (-1, -sa, -ka) for r in ra}
            for r in rb:
                dp, ds, dk = changes.get(r, (0, 0.0, 0))
                changes[r] = (dp + 1, ds + sb, dk + kb)
            region_part = self.rivalry(self._regions_delta(changes))
        leave = self.leave_memo.get(a)
        if leave is None:
            leave = self.leave_memo[a] = self._leave_loss(a)
        return region_part + self.site(b, leaving=a) - leave

    def add_gain(self, h: int, kind: int) -> float:
        """Change of the god's value if it summons a figure of ``kind`` onto ``h``."""
        s, k = self._figure_effect(h, kind)
        region_part = sum(self.region_change(r, 1, s, k) for r in self.hex_regions[h])
        return region_part + self.site(h) + FIG_ON_BOARD + self._guardian_bonus(h, kind)

    def _guardian_bonus(self, h: int, kind: int) -> float:
        """What a Guardian adds beyond a Warrior (§3), roughly."""
        if kind == WARRIOR:
            return 0.0
        state = self.state
        fown = state.figure_owner
        god = self.god
        if kind == ANDROSPHINX:
            # Enemy figures next to it lose their strength.
            return 0.25 * sum(1 for x in self.adjacent[h] if fown[x] >= 0 and fown[x] != god)
        if kind == SCORPION:
            mon, mown = state.monument, state.monument_owner
            return 0.3 * sum(1 for x in self.adjacent[h] if mon[x] >= 0 and mown[x] >= 0 and mown[x] != god)
        if kind in (CAT_MUMMY, MUMMY_KIND):
            return 0.1
        if kind == APEP and not IS_LAND[h]:
            return 0.1 * (len(self.hex_regions[h]) - 1)
        return 0.05

    def claim_gain(self, h: int) -> float:
        """Change of the god's value if it takes control of the Monument on ``h``."""
        state = self.state
        g = self.god
        old = state.monument_owner[h]
        t = state.monument[h]
        n = self.n
        delta = [0.0] * n
        changes = [(g, t, 1)] + ([(old, t, -1)] if old >= 0 else [])
        for r in self.hex_regions[h]:
            maj = self.majorities(r, changes)
            base = r * n
            new = self.region_value(
                self.presence[base : base + n], self.strength[base : base + n], self.killable[base : base + n], maj
            )
            for o in range(n):
                delta[o] += new[o] - self.region_values[r][o]
        gain = self.rivalry(delta) + MONUMENT
        if old >= 0:
            gain += RIVALRY * MONUMENT / max(1, n - 1)
        if self.cover.get(h, 0) > 0 and old >= 0:
            gain += INCOME  # an opponent's Monument next to us starts counting for Gain Followers
        if state.powers[g] >> RESPLENDENT & 1 or unlock_level(state.unlocked[g]) <= 2:
            gain += 0.15 * min(controlled_monuments_of(state, g)[t], 2)
        return gain


class StakesModel(Model):
    """Version 2's :class:`Model` (``heuristic:version=2``): each god's expected Conflict
    gains weighted by what they are at stake (:func:`~netjer.agents.heuristic.ankh_stakes.stake_weights`:
    a god who could reach the top of the Devotion track, or climb out of the red before the
    Conflict that forgets it, weighs more), in :meth:`rivalry`, :meth:`loss_share` and
    :meth:`own_weight`; everything else as :class:`Model`.

    Args:
        state: the position (only public fields are read).
        god: the god whose evaluation it is.
    """

    __slots__ = ("stakes",)

    def __init__(self, state: AnkhState, god: int) -> None:
        super().__init__(state, god)
        self.stakes = stake_weights(state, self.conflict)

    def rivalry(self, gains: Sequence[float]) -> float:
        """The player's share of a change of every god's expected Conflict: its own change
        times its stake, minus :data:`RIVALRY` times the others' mean change, each times its
        stake."""
        g = self.god
        w = self.stakes
        others = [o for o in range(self.n) if o != g and self.state.alive[o]]
        mine = w[g] * gains[g]
        return mine - (RIVALRY * sum(w[o] * gains[o] for o in others) / len(others) if others else 0.0)

    def loss_share(self, rivals: Sequence[int]) -> float:
        """:meth:`Model.loss_share` times the highest stake among ``rivals``."""
        return super().loss_share(rivals) * max((self.stakes[o] for o in rivals), default=1.0)

    def own_weight(self) -> float:
        """The god's own stake."""
        return self.stakes[self.god]


class ConflictModel(StakesModel):
    """Version 3's :class:`Model` (``heuristic:version=3``): a :class:`StakesModel` in which
    each figure counts for the god it would count for in a Conflict fought now (rules/ankh.md
    §4.2 Seth: his God takes the enemy figures next to it), as the engine's own control hooks
    answer (:func:`conflict_owners`), so that Seth's power, and the threat it is to the others,
    is weighed.

    Args:
        state: the position (only public fields are read).
        god: the god whose evaluation it is.
    """

    __slots__ = ()

    def owners(self, state: AnkhState) -> list[int]:
        """:func:`conflict_owners`."""
        return conflict_owners(state)


def conflict_owners(state: AnkhState) -> list[int]:
    """Who each figure would count for in a Conflict fought now: its owner, passed through
    every god power's ``control`` hook (§4.2 Seth), the hooks the engine's
    :func:`~netjer.games.ankh.rules_queries.controllers` applies during a Conflict.

    Returns:
        One god (or -1) per hex; ``state.figure_owner`` itself when no power takes control
        (not to be modified).
    """
    owners = state.figure_owner
    for p in state.hooks.control:
        owners = p.control(state, owners)
    return owners


def _model(state: AnkhState, god: int, style: Style | None) -> Model:
    """The Model of ``god`` for the heuristic's version: :class:`ConflictModel` for version
    3, :class:`StakesModel` for version 2, else :class:`Model`."""
    if style is not None and style.version >= 2:
        return ConflictModel(state, god) if style.version >= 3 else StakesModel(state, god)
    return Model(state, god)


# --- turn ------------------------------------------------------------------------------------------


def move_candidates(state: AnkhState, god: int) -> list[tuple[int, list[int]]]:
    """The moves the heuristic weighs for ``god`` (its Move Figures action, §7.3): each of
    its figures not yet moved in this action with where it may end its move (the engine's
    :func:`~netjer.games.ankh.actions.destinations`: Osiris's reserved spaces left out,
    Satet's pushes in), ``(from, destinations)`` by ascending hex, figures that cannot move
    left out."""
    moved = state.moved if state.phase in (MOVE_PICK, MOVE_TO) else []
    out = []
    for a in state.figures_by_god[god]:
        if a not in moved:
            dests = destinations(state, a, god)
            if dests:
                out.append((a, dests))
    return out


def _best_moves(model: Model) -> list[tuple[float, int, int]]:
    """For each of the god's figures that may move (:func:`move_candidates`): (best gain,
    from, to), best first.  A Satet's push onto an enemy figure (§3) is a candidate but
    gains nothing (0, as :func:`_best_to` values it): valuing it as Satet's move changed a
    pinned ISMCTS search (tests/agents/test_ismcts_pinned.py, Ankh 4 players, position 17)."""
    near = model.near_monument
    fig = model.state.figure
    out = []
    for a, dests in move_candidates(model.state, model.god):
        best, where = -math.inf, -1
        if model.sphinx:
            for b in dests:
                gain = model.move_gain(a, b) if fig[b] < 0 else 0.0
                if gain > best:
                    best, where = gain, b
        else:
            by_region: dict[tuple[int, ...], float] = {}
            hr = model.hex_regions
            for b in dests:
                if fig[b] >= 0:  # a Satet's push: no gain (see above)
                    if best < 0.0:
                        best, where = 0.0, b
                    continue
                rb = hr[b]
                part = by_region.get(rb)
                if part is None:
                    part = by_region[rb] = model.move_gain(a, b) - (model.site(b, leaving=a) if near[b] else 0.0)
                gain = part + model.site(b, leaving=a) if near[b] else part
                if gain > best:
                    best, where = gain, b
        if where >= 0:
            out.append((best, a, where))
    out.sort(reverse=True)
    return out


def summon_candidates(state: AnkhState, god: int) -> list[tuple[int, int]]:
    """The summons the heuristic weighs for ``god`` (its Summon Figure action, §7.3), as
    ``(kind, hex)``: each kind in its pool (:func:`~netjer.games.ankh.rules_queries.summonable_kinds`)
    on each space it may use (:func:`~netjer.games.ankh.actions.all_summon_spaces`: Osiris's
    Underworld spaces in and other gods' out, §4.1) — the engine's ``put`` actions
    (:func:`~netjer.games.ankh.actions.placements`) except Apep onto Water (§3): weighing
    those changed the plain heuristic's seeded games, which must play as before
    (tests/agents/test_heuristic_ankh_plan.py).  Anubis's ransom and Pyramid Attuned's
    extras are not weighed either."""
    kinds = summonable_kinds(state, god)
    if not kinds:
        return []
    spaces = all_summon_spaces(state, god)
    return [(k, h) for k in kinds for h in spaces]


def _best_summon_value(model: Model) -> float:
    best = 0.0
    for kind, h in summon_candidates(model.state, model.god):
        best = max(best, model.add_gain(h, kind))
    return best


def power_value(state: AnkhState, god: int, power: int) -> float:
    """How much power ``power`` is worth to ``god`` now (§2.2), in Devotion-like units."""
    owned = controlled_monuments_of(state, god)
    regions = {r for h in state.figures_by_god[god] for r in state.regions.hex_regions[h]}
    late = state.event_idx / len(EVENT_TRACK)
    red = in_red(state, god)
    values = {
        COMMANDING: 0.8,
        INSPIRING: 0.5 + (0.4 if not state.used[god] >> BUILD_CARD & 1 else 0.0),
        OMNIPRESENT: 0.3 + 0.35 * len(regions),
        REVERED: 1.1,
        RESPLENDENT: 1.6 if max(owned) >= 3 else 0.4 * max(owned),
        # Obelisk, Temple, Pyramid Attuned: worth their Monuments.
        OBELISK_ATTUNED: 0.3 + 0.5 * owned[OBELISK],
        TEMPLE_ATTUNED: 0.3 + 0.9 * owned[TEMPLE],
        PYRAMID_ATTUNED: 0.3 + 0.6 * owned[PYRAMID],
        GLORIOUS: 1.0,
        MAGNANIMOUS: 0.9,
        BOUNTIFUL: 2.2 if red and state.devotion[god] < state.red_max - 3 else 0.6,
        WORSHIPFUL: 1.0,
    }
    return values[power] * (1.0 - 0.6 * late)


def _best_power(state: AnkhState, god: int, legal: Sequence[Action]) -> tuple[float, Action | None]:
    best, choice = -math.inf, None
    for a in legal:
        if isinstance(a, Power):
            v = power_value(state, god, a.power)
            if v > best:
                best, choice = v, a
    return best, choice


def _row_values(model: Model) -> list[float]:
    """The value of taking each action row now (0 Move .. 3 Unlock), before its event."""
    state = model.state
    god = model.god
    moves = _best_moves(model)
    positive = [g for g, _, _ in moves if g > MIN_GAIN]
    move = (positive[0] + 0.5 * sum(positive[1:])) if positive else 0.0
    summon = _best_summon_value(model)
    f = state.followers[god]
    gain_f = followers_gain(state, god)
    gain = follower_value(f + gain_f) - follower_value(f)
    level = unlock_level(state.unlocked[god])
    unlock = 0.0
    free = unlockable_powers(state, god)
    if free:
        best = max(power_value(state, god, p) for p in free)
        unlock = POWER + best - (follower_value(f) - follower_value(f - level))
    return [move, summon, gain, unlock]


def _event_value(model: Model, kind: str) -> float:
    """The value to the god of firing the next event (§6) itself."""
    if kind == CONFLICT:
        return FIRE_CONFLICT * model.lead() + TIEBREAKER
    if kind == CONTROL_MONUMENT:
        claims = claimable_monuments(model.state, model.god)
        return max((model.claim_gain(h) for h in claims), default=0.0)
    assert kind == CAMEL_CARAVAN
    return 0.0


def _choose_row(state: AnkhState, legal: Sequence[Action], rng: Rng, style: Style | None = None) -> Action:
    """The first or second action of a turn (§7.1): the best pair of rows, or the best row
    worth more than ``end``.  With a ``style`` (not the default), the pairs are weighed
    against the next god's best reply (:func:`_reply_penalties`) and chosen softly
    (:func:`_soft_choice`)."""
    god = state.god_of_seat[state.to_move]
    model = Model(state, god)
    values = _row_values(model)
    fires = [fires_event(state, r) for r in range(4)]
    event_value = _event_value(model, next_event(state)) if any(fires) else 0.0
    total = [values[r] + (event_value if fires[r] else 0.0) - ACTION_COST for r in range(4)]
    rows = [a for a in legal if isinstance(a, Row)]
    if state.actions_taken == 0:
        # A merged god's players take one action each (§7.1, §10.4); an event ends the turn.
        two_actions = actions_per_turn(state, state.to_move) == 2
        scored: list[tuple[float, Action]] = []
        best, choice = -math.inf, rows[0]
        for a in rows:
            r = a.row
            v = total[r]
            if two_actions and not fires[r] and r < 3:
                v += max(0.0, *(total[r2] for r2 in range(r + 1, 4)))
            if style is not None:
                scored.append((v, a))
                continue
            v += 1e-6 * rng.random()
            if v > best:
                best, choice = v, a
        if style is not None:
            if style.reply:
                scored = _reply_penalties(state, scored, god)
            return _soft_choice(scored, style.temperature, rng)
        return choice
    best_action: Action = END if END in legal else rows[0]
    best = 0.0 if END in legal else -math.inf
    if style is not None:
        options: list[tuple[float, Action]] = [(total[a.row], a) for a in rows]
        if END in legal:
            options.append((0.0, END))
        return _soft_choice(options, style.temperature, rng)
    for a in rows:
        if total[a.row] > best:
            best, best_action = total[a.row], a
    return best_action


#: Decisions simulated (by the heuristic itself) to finish a first action on a clone before its
#: second action is valued (:func:`_second_action_value`): a Move action's picks and
#: destinations, a summon and the god powers it triggers.
PLAN_HORIZON = 24
#: Win chance per Devotion-like unit of the Model's value of a turn's action, added to its
#: rollout when a Conflict may be fired (:func:`_plan_row`): a tie-break between actions whose
#: rollouts end alike (small beside the rollouts' differences, about 0.01 and more).
PLAN_PRIOR = 0.001


def _turn_totals(state: AnkhState, model: Model) -> tuple[list[float], list[bool]]:
    """Each action row's value now (its best outcome, plus the event it would fire, minus
    :data:`ACTION_COST`) and whether it fires the next event (§7.2)."""
    values = _row_values(model)
    fires = [fires_event(state, r) for r in range(4)]
    event_value = _event_value(model, next_event(state)) if any(fires) else 0.0
    return [values[r] + (event_value if fires[r] else 0.0) - ACTION_COST for r in range(4)], fires


def _second_action_value(state: AnkhState, first: Action, god: int, style: Style) -> float:
    """What the best second action is worth after ``first`` (rules/ankh.md §7.1: a second
    action on a lower row, or none): ``first`` is played on a clone and finished by the
    heuristic itself (its moves, its summon, the powers it triggers), then each legal
    second row is valued on the position it leaves (:func:`_turn_totals`): a Gain Followers
    that pays for the Unlock after it, figures moved next to Monuments before a Gain, count.
    0 if no second action is worth taking, or if someone else must decide first."""
    st = state.clone()
    st.apply(first)
    rng = Rng(0)
    for _ in range(PLAN_HORIZON):
        if st.phase in (TURN, OVER) or st.god_of_seat[st.to_move] != god:
            break
        st.apply(policy(st, rng, style))
    if st.phase != TURN or st.god_of_seat[st.to_move] != god or st.actions_taken == 0:
        return 0.0
    total, _ = _turn_totals(st, _model(st, god, style))
    return max([0.0] + [total[a.row] for a in st.legal_actions() if isinstance(a, Row)])


def _plan_row(state: AnkhState, legal: Sequence[Action], rng: Rng, style: Style) -> Action:
    """Version 2's action of a turn (rules/ankh.md §7.1).

    When a row would fire a Conflict (§7.2, §10), every legal action is valued by a
    rollout through that Conflict (:func:`_rollout_row`, the plain heuristic in every
    seat): whether to fire it, and with which action, is then decided by the engine's own
    resolution (Battle cards, god powers, who answers a raid), not by the Model.

    Otherwise, the first of two actions: each legal row is valued by its best outcome and the event it
    fires (:func:`_turn_totals`, on a :class:`StakesModel`), plus, when it neither fires an
    event (which ends the turn) nor is the last row, the best second action on the position
    it leaves (:func:`_second_action_value`).  A single or second action: the best row
    worth more than nothing, else ``end``.  Softly at ``style.temperature``.
    """
    god = state.god_of_seat[state.to_move]
    model = _model(state, god, style)
    total, fires = _turn_totals(state, model)
    if any(fires) and next_event(state) == CONFLICT:
        # Fire the Conflict now or not, and how: the engine plays it out (plan=rollout's
        # valuation, here only; 0.69 against version 1 where the Model alone scored 0.52).
        # Equal rollouts (the same won game, say) are told apart by the Model's totals, so
        # that an action that does something is preferred to one that does nothing.
        # Version 3's rollouts play its own moves, cards and powers as it would (a contest the
        # plain heuristic would not make is foreseen), and leave out actions that do nothing.
        prior: dict[Action, float] = {a: PLAN_PRIOR * total[a.row] for a in legal if isinstance(a, Row)}
        if style.version >= 3:
            scores = _pair_rollout_scores(state, legal, prior, style)
            return _purposeful_choice(state, scores, style, rng, ROLLOUT_UNIT)
        return _rollout_row(state, legal, rng, style, prior)
    rows = [a for a in legal if isinstance(a, Row)]
    scored: list[tuple[float, Action]] = []
    if state.actions_taken == 0:
        two_actions = actions_per_turn(state, state.to_move) == 2
        for a in rows:
            v = total[a.row]
            if two_actions and not fires[a.row] and a.row < 3:
                v += _second_action_value(state, a, god, style)
            scored.append((v, a))
    else:
        scored = [(total[a.row], a) for a in rows]
        if END in legal:
            scored.append((0.0, END))
    if style.version >= 3:
        return _purposeful_choice(state, scored, style, rng, 1.0)
    return _soft_choice(scored, style.temperature, rng)


# --- version 3: no action that changes nothing ---------------------------------------------------------


def _footprint(state: AnkhState) -> tuple[tuple[object, ...], ...]:
    """What an action may change besides its action marker (rules/ankh.md §7): the figures
    and Monuments on the board and who holds them, Followers, powers, Devotion, Battle cards
    used, the god powers' tokens, and the event track."""
    return (
        tuple(state.figure),
        tuple(state.figure_owner),
        tuple(state.monument),
        tuple(state.monument_owner),
        tuple(state.followers),
        tuple(state.powers),
        tuple(state.devotion),
        tuple(state.used),
        tuple(state.power_data),  # the powers' components (data classes: compared by value)
        (state.event_idx,),
    )


def changes_something(state: AnkhState, action: Action, style: Style) -> bool:
    """Whether ``action`` (an action row of the turn, §7.1) changes the position beyond its
    action marker, the engine deciding: played on a clone and finished by the heuristic
    itself (``style``; the moves, the summon, the powers it triggers) until the turn's next
    action, another god's decision or the end of the game, its :func:`_footprint` is
    compared with ``state``'s.  A Move Figures that moves nothing changes nothing; one that
    fires an event changes the event track.

    Args:
        state: a position in phase ``TURN``.
        action: one of its legal actions.
        style: the heuristic that finishes the action.

    Returns:
        True if the board, a track, a hand or a god power's tokens changed.
    """
    st = state.clone()
    st.apply(action)
    _finish_action(st, state.god_of_seat[state.to_move], style)
    return _footprint(st) != _footprint(state)


def _finish_action(state: AnkhState, god: int, style: Style) -> None:
    """Play ``god``'s decisions of the action under way in ``state`` (**changed**) with the
    heuristic of ``style``, until the turn's next action, another god's decision or the end
    of the game (at most :data:`PLAN_HORIZON` decisions)."""
    rng = Rng(0)
    for _ in range(PLAN_HORIZON):
        if state.phase in (TURN, OVER) or state.god_of_seat[state.to_move] != god:
            return
        state.apply(policy(state, rng, style))


def _pair_rollout_scores(
    state: AnkhState, legal: Sequence[Action], prior: dict[Action, float], style: Style
) -> list[tuple[float, Action]]:
    """Version 3's rollouts of a turn that may fire a Conflict (rules/ankh.md §7.1, §10): each
    legal action is played on a clone and finished by the heuristic itself
    (:func:`_finish_action`); if the turn then offers a second action, each legal second
    action (or ``end``) is rolled out in turn and the first is worth its best second's
    value (a Summon before the Move that fires the Conflict, say); else the position after
    it is rolled out.  Rollouts play the seat's own decisions other than its actions with
    ``style`` (:func:`rollout_value`).  Each value has its ``prior`` (the first action's) and,
    for the second action, the Model's tie-break (:data:`PLAN_PRIOR`) added.

    Returns:
        (value, first action) for each of ``legal``.
    """
    seat = state.to_move
    god = state.god_of_seat[seat]
    scored: list[tuple[float, Action]] = []
    for a in legal:
        st = state.clone()
        st.apply(a)
        _finish_action(st, god, style)
        if st.phase == TURN and st.to_move == seat and st.actions_taken > 0:
            total, _ = _turn_totals(st, _model(st, god, style))
            best = -math.inf
            for b in st.legal_actions():
                after = st.clone()
                after.apply(b)
                tie = PLAN_PRIOR * total[b.row] if isinstance(b, Row) else 0.0
                best = max(best, rollout_value(after, seat, style) + tie)
            value = best
        else:
            value = rollout_value(st, seat, style)
        scored.append((value + prior.get(a, 0.0), a))
    return scored


def _purposeful_choice(
    state: AnkhState, scored: Sequence[tuple[float, Action]], style: Style, rng: Rng, unit: float
) -> Action:
    """Version 3's choice among a turn's ``scored`` (value, action) options: as
    :func:`_soft_choice` (temperature ``style.temperature`` in ``unit``), after leaving out
    the action rows that change nothing (:func:`changes_something`) when an option that does
    (or ``end``, for a second action) is there: a Move Figures that would move nothing, say,
    spends an action for nothing (issue 35).  Only the options a choice could fall on are
    played out: best first, down to the first that does something (every one with a
    temperature)."""
    ranked = sorted(scored, key=lambda va: -va[0])
    empty: set[Action] = set()
    found = -math.inf
    for v, a in ranked:
        if v < found and style.temperature <= 0:
            break
        if not isinstance(a, Row):
            found = max(found, v)  # 'end': the turn already did something
        elif changes_something(state, a, style):
            found = max(found, v)
        else:
            empty.add(a)
    kept = [(v, a) for v, a in scored if a not in empty]
    return _soft_choice(kept or scored, style.temperature * unit, rng)


# --- the battle --------------------------------------------------------------------------------------


def _battle_strengths(state: AnkhState, model: Model) -> dict[int, tuple[float, int, int, int]]:
    """Per god in the Battle: (strength without a card, figures that can die, figures on
    Fertile, figures on Desert) in the battle region (§10.3 step 5)."""
    n = model.n
    r = state.battle.region
    fown = state.figure_owner
    out: dict[int, tuple[float, int, int, int]] = {}
    for o in state.battle.gods:
        i = r * n + o
        fertile = desert = 0
        for h in state.battle.hexes:
            if fown[h] == o:  # §1 Flood, Drought: an Underworld space is neither (§4.1 Osiris)
                if on_terrain(state, h, FERTILE):
                    fertile += 1
                elif on_terrain(state, h, DESERT):
                    desert += 1
        out[o] = (model.strength[i], model.killable[i], fertile, desert)
    return out


def _max_cdf(others: list[tuple[float, list[int]]], x: float) -> float:
    """P(every other god's strength + card bonus <= x), each card of its hand equally likely."""
    p = 1.0
    for s, bonuses in others:
        p *= sum(1 for b in bonuses if s + b <= x) / len(bonuses)
    return p


def _win_chance(my: float, others: list[tuple[float, list[int]]], tiebreak: bool) -> float:
    """P(strength ``my`` beats every other god; a tie wins only with the tie-breaker)."""
    if not others:
        return 1.0 if my > 0 else 0.0
    below = _max_cdf(others, my - 0.5)
    if tiebreak:
        return _max_cdf(others, my)
    return below


def _choose_card(state: AnkhState, legal: Sequence[Action], rng: Rng, style: Style | None = None) -> Action:
    god = state.god_of_seat[state.to_move]
    model = _model(state, god, style)
    info = _battle_strengths(state, model)
    my_s, my_kill, my_fertile, my_desert = info[god]
    rivals = [o for o in state.battle.gods if o != god]
    others = [(info[o][0], [CARD_STRENGTH[c] for c in hand_of(state.used[o])]) for o in rivals]
    # The other gods' losses count for us (their mean, as in Model.rivalry).
    share = model.loss_share(rivals)
    own = model.own_weight()
    their_kill = sum(info[o][1] for o in rivals)
    tiebreak = state.tiebreaker_holder == god and not state.tiebreaker_used
    f = state.followers[god]
    conflicts_left = max(0, LAST_CONFLICT - state.conflicts)
    spend_scale = min(1.0, (conflicts_left - 1) / 3) if conflicts_left > 1 else 0.0
    # Plague (§1): able to outbid every other god present, we can spare only our figures.
    plague_need = outbidding_bid(state, god, state.battle.gods)
    can_clear = my_kill > 0 and f >= plague_need and plague_need <= 6
    best, choice = -math.inf, legal[0]
    for a in legal:
        assert isinstance(a, Card)
        c = a.card
        bonus = CARD_STRENGTH[c]
        opp = others
        value = 0.0
        killed_if_won = their_kill
        if c == PLAGUE and can_clear:
            # We outbid everyone: the others' Plague victims die (§1), their Gods stay.
            survivors = _plague_survivors(state, god)
            opp = [
                (model.god_strength[o] if o in survivors else 0.0, b) for (_, b), o in zip(others, rivals, strict=True)
            ]
            opp = [(s, b) for s, b in opp if s > 0]
            value -= follower_value(f) - follower_value(f - plague_need)
            value += share * their_kill * FIG_LOSS
            killed_if_won = 0
        p = _win_chance(my_s + bonus, opp, tiebreak)
        win = (
            WIN
            + (my_desert if c == DROUGHT else 0)
            + (
                follower_value(f + COMMANDING_FOLLOWERS) - follower_value(f)
                if state.powers[god] >> COMMANDING & 1
                else 0.0
            )
        )
        if state.powers[god] >> GLORIOUS & 1:
            win += 1.0
        win *= own
        lost = my_kill - (my_fertile if c == FLOOD else 0)
        value += p * (win + share * killed_if_won * FIG_LOSS) - (1.0 - p) * (max(0, lost) * FIG_LOSS + share * WIN)
        if c == FLOOD:
            value += follower_value(f + my_fertile) - follower_value(f)
        elif c == MIRACLE:
            value += (1.0 - p) * my_kill
        elif c == CYCLE:
            used = state.used[god]
            value += 0.15 * bin(used).count("1") * spend_scale + (0.4 * spend_scale if used >> CHARIOTS & 1 else 0.0)
        elif c == BUILD_CARD:
            value += _build_card_value(state, model, god)
        if state.powers[god] >> MAGNANIMOUS & 1 and my_kill + 1 >= MAGNANIMOUS_FIGURES:
            value += (1.0 - p) * 2.0
        value -= SPEND[c] * spend_scale
        value += 1e-6 * rng.random()
        if value > best:
            best, choice = value, a
    return choice


def _plague_survivors(state: AnkhState, spared: int) -> set[int]:
    """The gods with a figure left in the battle region after a Plague of Locusts that spares
    ``spared`` (:func:`~netjer.games.ankh.rules_queries.plague_victims`: the others' God
    figures, §1)."""
    fown = state.figure_owner
    hexes = state.battle.hexes
    victims = set(plague_victims(state, hexes, spared, fown))
    return {fown[h] for h in hexes if fown[h] >= 0 and h not in victims}


def _build_gains(state: AnkhState, model: Model, god: int) -> dict[int, float]:
    """What a Monument of each kind left in the supply, built in the battle region, is worth
    to ``god`` (§1 Build Monument): the majorities it wins there now (step 4 follows the
    build), those it takes from others, and the Monument itself.  Empty if it cannot build
    (no Ankh token, no empty land space)."""
    r = state.battle.region
    if not build_sites(state, god, r):
        return {}
    before = model.majority[r]
    owned = controlled_monuments_of(state, god)
    gains = {}
    for k in monument_kinds_left(state):
        maj = model.majorities(r, [(god, k, 1)])
        taken = sum(before[o] - maj[o] for o in range(model.n) if o != god)
        gains[k] = 1.5 * (maj[god] - before[god]) + 0.5 * taken + MONUMENT + 0.15 * owned[k]
    return gains


def _build_cost(state: AnkhState, god: int) -> float:
    """The Followers' value Build Monument sacrifices (:func:`build_cost`)."""
    cost = build_cost(state, god)
    f = state.followers[god]
    return follower_value(f) - follower_value(f - cost) if f >= cost else math.inf


def _build_card_value(state: AnkhState, model: Model, god: int) -> float:
    gains = _build_gains(state, model, god)
    cost = _build_cost(state, god)
    if not gains or cost == math.inf:
        return -0.1
    return max(gains.values()) - cost


def _choose_build(state: AnkhState, legal: Sequence[Action], style: Style | None = None) -> Action:
    """The most valuable kind, next to the most own figures; ``nobuild`` if not worth it."""
    god = state.god_of_seat[state.to_move]
    model = _model(state, god, style)
    gains = _build_gains(state, model, god)
    builds = [a for a in legal if isinstance(a, Build) and a.kind in gains]
    if not builds:
        return NOBUILD
    kind = max(gains, key=lambda k: (gains[k], -k))
    if gains[kind] - _build_cost(state, god) <= 0:
        return NOBUILD
    fown = state.figure_owner
    return max(
        (a for a in builds if a.kind == kind),
        key=lambda a: (sum(1 for x in model.adjacent[a.hex] if fown[x] == god), -a.hex),
    )


def _choose_bid(state: AnkhState, legal: Sequence[Action]) -> Action:
    """§1 Plague of Locusts: outbid everyone when what is at stake is worth it."""
    god = state.god_of_seat[state.to_move]
    f = state.followers[god]
    fown = state.figure_owner
    at_risk = [fown[h] for h in plague_victims(state, state.battle.hexes, -1, fown)]
    mine = at_risk.count(god)
    theirs = len(at_risk) - mine
    if mine == 0:
        return legal[0]  # bid 0: nothing of ours can die
    stake = mine * (FIG_LOSS + 0.3) + 0.3 * min(theirs, 3)
    need = outbidding_bid(state, god, state.battle.bidders)
    amount = 0
    if need <= f and follower_value(f) - follower_value(f - need) <= stake + 0.4:
        amount = need
    elif f > 0:
        amount = min(f, 1 + mine // 2)
    best = max((a for a in legal if isinstance(a, Bid) and a.amount <= amount), key=lambda a: a.amount)
    return best


# --- the other decisions --------------------------------------------------------------------------


def _choose_move_pick(
    state: AnkhState, legal: Sequence[Action], rng: Rng | None = None, style: Style | None = None
) -> Action:
    god = state.god_of_seat[state.to_move]
    model = _model(state, god, style)
    if style is not None and rng is not None:
        return _soft_move_pick(model, legal, rng, style)
    legal_set = set(legal)
    for gain, a, _ in _best_moves(model):
        if gain <= MIN_GAIN:
            break
        for act in legal:
            if isinstance(act, Pick) and act.hex == a and act in legal_set:
                return act
    return DONE


def _holds_control(state: AnkhState, god: int) -> bool:
    """Whether ``god`` holds a god power that changes who figures count for in a Conflict
    (a ``control`` hook: §4.2 Seth)."""
    return any(p.holder(state) == god for p in state.hooks.control)


def _control_to_gains(state: AnkhState, legal: Sequence[Action], model: Model) -> list[tuple[float, Action]]:
    """Version 3, for a god with a ``control`` power moving its God figure (phase
    ``MOVE_TO``; §4.2 Seth: the enemy figures next to it count for him in a Conflict): each
    destination valued on a clone, the engine's control hooks answering who every figure
    then counts for (:class:`ConflictModel`), as the change of the expected Conflicts
    (:meth:`Model.rivalry`) and of the Followers' income nearby.  ``model``: the god's
    :class:`ConflictModel` of ``state``."""
    a = state.selected
    leave = model._leave_loss(a)
    out: list[tuple[float, Action]] = []
    for act in legal:
        if not isinstance(act, To):
            continue
        st = state.clone()
        st.apply(act)
        after = ConflictModel(st, model.god)
        delta = [after.conflict[o] - model.conflict[o] for o in range(model.n)]
        out.append((model.rivalry(delta) + model.site(act.hex, leaving=a) - leave, act))
    return out


def _control_move_pick(state: AnkhState, legal: Sequence[Action], rng: Rng, style: Style) -> Action:
    """Version 3's figure to move (or ``done``) for a god with a ``control`` power (§4.2
    Seth): as :func:`_soft_move_pick`, its God figure valued by its best destination on
    clones (:func:`_control_to_gains`) instead of as any figure."""
    god = state.god_of_seat[state.to_move]
    model = ConflictModel(state, god)
    gh = god_hex(state, god)
    picks = {act.hex: act for act in legal if isinstance(act, Pick)}
    scored: list[tuple[float, Action]] = [
        (gain, picks[a]) for gain, a, _ in _best_moves(model) if a in picks and a != gh and gain > MIN_GAIN
    ]
    if gh in picks:
        st = state.clone()
        st.apply(picks[gh])
        best = max((v for v, _ in _control_to_gains(st, st.legal_actions(), model)), default=-math.inf)
        if best > MIN_GAIN:
            scored.append((best, picks[gh]))
    scored.append((MIN_GAIN, DONE))
    return _soft_choice(scored, style.temperature, rng)


def _best_to(state: AnkhState, legal: Sequence[Action], model: Model) -> Action:
    a = state.selected
    best, choice = -math.inf, legal[0]
    for act in legal:
        assert isinstance(act, To)
        b = act.hex
        gain = model.move_gain(a, b) if state.figure[b] < 0 else 0.0  # a Satet's push: no gain
        if gain > best:
            best, choice = gain, act
    return choice


def _best_put(model: Model, legal: Sequence[Action], floor: float = -math.inf) -> Action | None:
    """The figure placement (``put KIND r,c``) of ``legal`` that gains most for ``model``'s
    god, if it gains more than ``floor``; other actions (Anubis's 'ransom', §4.1: never paid,
    a new Warrior costs nothing more) are passed over."""
    best, choice = floor, None
    for act in legal:
        if isinstance(act, Put):
            gain = model.add_gain(act.hex, act.kind)
            if gain > best:
                best, choice = gain, act
    return choice


def _choose_summon(state: AnkhState, legal: Sequence[Action], style: Style | None = None) -> Action:
    extra = next((act for act in legal if isinstance(act, PyramidPick)), None)
    if extra is not None:
        return extra  # §2.2 Pyramid Attuned: an extra figure first
    choice = _best_put(_model(state, state.god_of_seat[state.to_move], style), legal)
    return choice if choice is not None else legal[0]


def _choose_obelisk_pick(state: AnkhState, legal: Sequence[Action], style: Style | None = None) -> Action:
    god = state.god_of_seat[state.to_move]
    model = _model(state, god, style)
    free = obelisk_spaces(state, god)  # §2.2 Obelisk Attuned
    best = MIN_GAIN
    choice_action: Action = DONE
    for act in legal:
        if not isinstance(act, Pick):
            continue
        if state.regions.hex_regions[act.hex] == (state.battle.region,):
            continue  # already in the battle
        for b in free:
            gain = model.move_gain(act.hex, b)
            if gain > best:
                best, choice_action = gain, act
    return choice_action


def _choose_claim(state: AnkhState, legal: Sequence[Action], style: Style | None = None) -> Action:
    god = state.god_of_seat[state.to_move]
    model = _model(state, god, style)
    return max(legal, key=lambda a: model.claim_gain(a.hex) if isinstance(a, Claim) else -math.inf)


def _choose_aim(state: AnkhState, legal: Sequence[Action]) -> Action:
    """§3 Giant Scorpion: aim at enemy Monuments, away from our own."""
    god = state.god_of_seat[state.to_move]
    h = state.aim_hex
    mon, mown = state.monument, state.monument_owner

    def score(a: Action) -> float:
        assert isinstance(a, Aim)
        total = 0.0
        for x in struck_spaces(state, h, a.side):
            if mon[x] < 0:
                continue
            total += -1.5 if mown[x] == god else (1.0 if mown[x] >= 0 else 0.2)
        return total

    return max(legal, key=score)


def _choose_mummy(state: AnkhState, legal: Sequence[Action], style: Style | None = None) -> Action:
    god = state.god_of_seat[state.to_move]
    model = _model(state, god, style)
    return max(legal, key=lambda a: model.add_gain(a.hex, MUMMY_KIND) if isinstance(a, To) else -math.inf)


def _choose_worship(state: AnkhState) -> Action:
    god = state.god_of_seat[state.to_move]
    f = state.followers[god]
    cost = follower_value(f) - follower_value(f - WORSHIP_COST)
    return WORSHIP_ACT if cost < 1.0 else NOWORSHIP


def policy(state: State, rng: Rng, style: Style | None = None) -> Action:
    """The heuristic's action for the seat to act in ``state`` (an :class:`AnkhState`).

    Args:
        state: the position.
        rng: the generator of tie-breaks and soft choices.
        style: ``None`` (default) for the plain greedy heuristic; a :class:`Style` for a
            temperature or the ``reply`` plan (see :func:`make_policy`).

    Raises:
        TypeError: if ``state`` is not an Ankh state.
    """
    if not isinstance(state, AnkhState):
        raise TypeError(f"the Ankh heuristic needs an AnkhState, got {type(state).__name__}")
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    phase = state.phase
    if phase == TURN:
        if style is not None and style.rollout:
            return _rollout_row(state, legal, rng, style)
        if style is not None and style.version >= 2:
            return _plan_row(state, legal, rng, style)
        return _choose_row(state, legal, rng, style)
    if style is not None and style.rollout and phase not in PHASE_OWNER:
        # The rest of the turn as the rollouts valued it: the plain heuristic's choices (a
        # temperature here cost 0.87 -> 0.59 against the plain heuristic, docs/balance.md).
        style = None
    if phase == MOVE_PICK:
        if style is not None and style.version >= 3 and _holds_control(state, state.god_of_seat[state.to_move]):
            return _control_move_pick(state, legal, rng, style)
        return _choose_move_pick(state, legal, rng, style)
    if phase == MOVE_TO and style is not None and style.version >= 3 and style.temperature <= 0:
        god = state.god_of_seat[state.to_move]
        if _holds_control(state, god) and state.selected == god_hex(state, god):
            return _soft_choice(_control_to_gains(state, legal, ConflictModel(state, god)), 0.0, rng)
    if phase in (MOVE_TO, OBELISK_TO):
        if style is not None and style.temperature > 0:
            return _soft_to(state, legal, rng, style)
        return _best_to(state, legal, _model(state, state.god_of_seat[state.to_move], style))
    if phase in (SUMMON, PYRAMID_PUT):
        if style is not None and style.temperature > 0:
            return _soft_summon(state, legal, rng, style)
        return _choose_summon(state, legal, style)
    if phase == CARD:
        return _choose_card(state, legal, rng, style)
    if phase == BID:
        return _choose_bid(state, legal)
    if phase == UNLOCK:
        _, choice = _best_power(state, state.god_of_seat[state.to_move], legal)
        return choice if choice is not None else legal[0]
    if phase == CLAIM:
        return _choose_claim(state, legal, style)
    if phase == CAMEL:
        return DONE if DONE in legal else legal[0]
    if phase == KEEP:
        return legal[0]
    if phase == SWAP:
        return NOSWAP
    if phase == BUILD:
        return _choose_build(state, legal, style)
    if phase == OBELISK_PICK:
        return _choose_obelisk_pick(state, legal, style)
    if phase == AIM:
        return _choose_aim(state, legal)
    if phase == MUMMY:
        return _choose_mummy(state, legal, style)
    if phase == TIEBREAK:
        return TIEBREAK_ACT if TIEBREAK_ACT in legal else NOTIEBREAK
    if phase == WORSHIP:
        return _choose_worship(state)
    if phase == ADOPT:
        return next((a for a in legal if a is not DONE), DONE)
    if phase == PUSH:
        return legal[0]
    if phase in PHASE_OWNER:
        if style is not None and (style.reply or style.version >= 2):
            return _value_god_decision(state, legal, rng, style)
        return _choose_god_decision(state, legal, rng)
    return legal[rng.below(len(legal))]  # pragma: no cover - every phase is handled above


def _declines(action: Action) -> bool:
    """Whether ``action`` declines a god power ('noamun', 'notrap', 'nosun', 'done'...)."""
    text = str(action)
    return text == "done" or (text.startswith("no") and " " not in text)


def _choose_god_decision(state: AnkhState, legal: Sequence[Action], rng: Rng) -> Action:
    """A god power's decision (a phase of :data:`PHASE_OWNER`, rules/ankh.md §4): the power
    is used whenever it may be (Amun's two cards, Anubis's trap, Ra's Sun, Osiris's
    Underworld, Horus's Eye...), choosing among its uses at random (which cat where, which
    card to forbid or guess) and Isis saving the first Protected figure offered; only
    Hathor's placement (1 Follower, §4.2 Hathor) is valued: the figure that gains most, when
    it gains more than the Follower is worth."""
    name = PHASE_OWNER[state.phase].PHASES[state.phase][0]
    uses = [a for a in legal if not _declines(a)]
    declines = [a for a in legal if _declines(a)]
    if not uses:
        return legal[0]
    if name == "hathor-place":
        god = state.god_of_seat[state.to_move]
        model = Model(state, god)
        f = state.followers[god]
        place = _best_put(model, uses, floor=follower_value(f) - follower_value(f - 1))
        if place is not None:
            return place
        return declines[0] if declines else uses[0]
    if name == "isis-save":
        return uses[0]
    return uses[rng.below(len(uses))]


# --- evaluation for ISMCTS -------------------------------------------------------------------------


#: Weights of the evaluation's features, by Conflicts already fought (0-4): Devotion, the
#: expected gains of the next Conflict (:attr:`Model.conflict`), the Followers' value,
#: controlled Monuments, figures on the board, unlocked powers.  Fitted (multinomial logit,
#: who wins) on 11,000 positions of heuristic games with 3% random moves, 2 to 5 players
#: (negative weights clamped to 0): Followers, powers and the coming Conflict weigh most
#: early, Devotion at the end.
EVAL_WEIGHTS: tuple[tuple[float, float, float, float, float, float], ...] = (
    (0.151, 0.442, 0.462, 0.183, 0.031, 0.471),
    (0.372, 0.523, 0.479, 0.065, 0.098, 0.735),
    (0.321, 0.290, 0.407, 0.170, 0.184, 0.418),
    (0.260, 0.117, 0.079, 0.142, 0.129, 0.251),
    (0.542, 0.0, 0.255, 0.287, 0.059, 0.007),
)


def evaluation_features(model: Model, god: int) -> tuple[float, float, float, float, float, float]:
    """The features :data:`EVAL_WEIGHTS` weighs, for ``god``."""
    state = model.state
    n, nr = model.n, model.num_regions
    monuments = sum(
        model.monuments[(r * n + god) * MONUMENT_TYPES + t] for r in range(nr) for t in range(MONUMENT_TYPES)
    )
    figures = sum(model.presence[r * n + god] for r in range(nr))
    return (
        float(state.devotion[god]),
        model.conflict[god],
        follower_value(state.followers[god]),
        float(monuments),
        float(figures),
        float(bin(state.powers[god]).count("1")),
    )


def win_chances(state: AnkhState, model: Model | None = None) -> dict[int, float]:
    """Each living god's chance of winning: a softmax of :data:`EVAL_WEIGHTS` times
    :func:`evaluation_features` (both players of a merged god share their god's chance)."""
    model = model or Model(state, state.god_of_seat[state.to_move])
    weights = EVAL_WEIGHTS[min(state.conflicts, len(EVAL_WEIGHTS) - 1)]
    scores = {
        o: sum(w * x for w, x in zip(weights, evaluation_features(model, o), strict=True))
        for o in range(state.n)
        if state.alive[o]
    }
    if not scores:
        return {}
    top = max(scores.values())
    exps = {o: math.exp(v - top) for o, v in scores.items()}
    total = sum(exps.values())
    return {o: e / total for o, e in exps.items()}


def evaluate(state: State) -> list[float]:
    """Expected returns (win +1, loss -1) of an Ankh position, for ISMCTS's cut-off
    playouts: ``2 p - 1`` for each seat, ``p`` its god's :func:`win_chances`; a finished
    game's returns as they are.

    Raises:
        TypeError: if ``state`` is not an Ankh state.
    """
    if not isinstance(state, AnkhState):
        raise TypeError(f"the Ankh evaluation needs an AnkhState, got {type(state).__name__}")
    if state.phase == OVER:
        return state.returns()
    chances = win_chances(state)
    return [2.0 * chances.get(state.god_of_seat[s], 0.0) - 1.0 for s in range(state.n)]


# --- temperature and the reply plan (heuristic:temperature=T, plan=reply) -----------------------------

#: Moves worth less than the best by more than this many temperatures are never chosen.
NEAR = 4.0
#: The candidate first actions (row pairs) weighed against the next god's reply, best first.
REPLY_CANDIDATES = 4
#: How much of the next god's best reply counts: in full when its action fires the Conflict
#: (nobody answers it), not at all otherwise (we answer in turn).  Counting those at 0.5
#: scored 0.460 [0.392, 0.529] against the plain heuristic (2 players, 200 games), at 0:
#: 0.515 [0.446, 0.583] (docs/balance.md).
REPLY_WEIGHT, REPLY_WEIGHT_FIRED = 0.0, 1.0
#: 1: the reply that costs us most among those that gain the replying god something; 0: the
#: reply that gains it most.
REPLY_WORST = 0
#: Decisions simulated (by the greedy policy) to finish our own turn on a clone.
TURN_HORIZON = 40


@dataclass(frozen=True)
class Style:
    """How the heuristic chooses, beyond the greedy default.

    Attributes:
        temperature: 0 for the best-valued move (ties broken by the generator as the plain
            heuristic does); above 0, a move is drawn with probability proportional to
            ``exp((value - best) / temperature)`` among those within :data:`NEAR`
            temperatures of the best (values in the evaluation's Devotion-like units).
        reply: weigh the next god's best reply before a raid or a Conflict
            (:func:`_reply_penalties`) and value every god power's decision
            (:func:`_value_god_decision`) instead of choosing among its uses at random.
        rollout: choose a turn's actions by rollouts (:func:`_rollout_row`) instead of
            the Model and the reply, the temperature softening that choice only (in
            :data:`ROLLOUT_UNIT`), every other decision as the plain heuristic makes it
            except god powers (``reply`` set too: valued).
        version: 1, today's heuristic; 2, the heuristic of issue 35: every decision on a
            :class:`StakesModel`, the first action of a turn planned with its second
            (:func:`_plan_row`), god powers valued (:func:`_value_god_decision`); 3, version
            2 on a :class:`ConflictModel` (Seth's control weighed), no turn action that
            changes nothing while another does (:func:`_purposeful_choice`), and a turn that
            may fire a Conflict planned whole by rollouts that play its own decisions
            (:func:`_pair_rollout_scores`).
    """

    temperature: float = 0.0
    reply: bool = False
    rollout: bool = False
    version: int = 1


def make_policy(temperature: float = 0.0, plan: str = "greedy", version: int = 1) -> Callable[[State, Rng], Action]:
    """The heuristic with a temperature, a plan (``greedy``, ``reply`` or ``rollout``) and a
    version (1 or 2, see :class:`Style`), as a ``policy(state, rng)``
    (:mod:`netjer.agents.heuristic`).  ``make_policy()`` plays as :func:`policy` does except
    that its soft choices draw from the generator differently: only :func:`policy` itself is
    today's heuristic, action for action.

    Raises:
        ValueError: for a negative temperature, an unknown plan or version.
    """
    if not temperature >= 0:
        raise ValueError(f"temperature must be 0 or more, got {temperature}")
    if plan not in ("greedy", "reply", "rollout"):
        raise ValueError(f"plan must be 'greedy', 'reply' or 'rollout', got {plan!r}")
    if version not in (1, 2, 3):
        raise ValueError(f"version must be 1, 2 or 3, got {version!r}")
    style = Style(
        temperature=temperature, reply=plan in ("reply", "rollout"), rollout=plan == "rollout", version=version
    )

    def styled(state: State, rng: Rng) -> Action:
        return policy(state, rng, style)

    return styled


def _soft_choice(scored: Sequence[tuple[float, Action]], temperature: float, rng: Rng) -> Action:
    """The best of ``scored`` (value, action) at temperature 0 (ties broken at random), else
    a draw among the near-best (see :class:`Style`)."""
    if temperature <= 0:
        best, choice = -math.inf, scored[0][1]
        for value, a in scored:
            v = value + 1e-6 * rng.random()
            if v > best:
                best, choice = v, a
        return choice
    top = max(v for v, _ in scored)
    near = [(v, a) for v, a in scored if v >= top - NEAR * temperature]
    weights = [math.exp((v - top) / temperature) for v, _ in near]
    x = rng.random() * sum(weights)
    for w, (_, a) in zip(weights, near, strict=True):
        x -= w
        if x < 0:
            return a
    return near[-1][1]


def _soft_move_pick(model: Model, legal: Sequence[Action], rng: Rng, style: Style) -> Action:
    """Which figure to move next (or ``done``): each figure by its best move's gain, ``done``
    worth :data:`MIN_GAIN`."""
    picks = {act.hex: act for act in legal if isinstance(act, Pick)}
    scored: list[tuple[float, Action]] = [
        (gain, picks[a]) for gain, a, _ in _best_moves(model) if a in picks and gain > MIN_GAIN
    ]
    scored.append((MIN_GAIN, DONE))
    return _soft_choice(scored, style.temperature, rng)


def _soft_to(state: AnkhState, legal: Sequence[Action], rng: Rng, style: Style) -> Action:
    model = _model(state, state.god_of_seat[state.to_move], style)
    a = state.selected
    scored = [
        (model.move_gain(a, act.hex) if state.figure[act.hex] < 0 else 0.0, act) for act in legal if isinstance(act, To)
    ]
    return _soft_choice(scored, style.temperature, rng) if scored else legal[0]


def _soft_summon(state: AnkhState, legal: Sequence[Action], rng: Rng, style: Style) -> Action:
    extra = next((act for act in legal if isinstance(act, PyramidPick)), None)
    if extra is not None:
        return extra
    model = _model(state, state.god_of_seat[state.to_move], style)
    scored: list[tuple[float, Action]] = [
        (model.add_gain(act.hex, act.kind), act) for act in legal if isinstance(act, Put)
    ]
    return _soft_choice(scored, style.temperature, rng) if scored else legal[0]


# --- the next god's reply ----------------------------------------------------------------------------


def _finish_turn(state: AnkhState, first: Action, god: int) -> AnkhState | None:
    """A clone of ``state`` after ``first`` and the rest of ``god``'s turn, played by the
    greedy policy, stopped at the next god's turn; ``None`` if another god must decide
    before that (a Conflict fired: its battles, its powers) or the game ends."""
    st = state.clone()
    st.apply(first)
    rng = Rng(0)
    for _ in range(TURN_HORIZON):
        if st.phase == OVER:
            return None
        mover = st.god_of_seat[st.to_move]
        if mover != god:
            return st if st.phase == TURN else None
        st.apply(policy(st, rng))
    return None


def _regions_delta_of(model: Model, who: int, changes: dict[int, tuple[int, float, int]]) -> list[float]:
    """Change of each god's expected Conflict (in ``model``) when god ``who``'s (presence,
    strength, killable figures) in each region of ``changes`` move by the given amounts."""
    n = model.n
    delta = [0.0] * n
    for r, (dp, ds, dk) in changes.items():
        base = r * n
        pres = model.presence[base : base + n]
        stre = model.strength[base : base + n]
        kill = model.killable[base : base + n]
        pres[who] += dp
        stre[who] += ds
        kill[who] += dk
        new = model.region_value(pres, stre, kill, model.majority[r])
        old = model.region_values[r]
        for o in range(n):
            delta[o] += new[o] - old[o]
    return delta


def _reply_changes(theirs: Model, a: int, b: int, kind: int) -> dict[int, tuple[int, float, int]]:
    """The (presence, strength, killable) changes of ``theirs.god`` per region when its
    figure of ``kind`` leaves ``a`` (-1 for a summon) for ``b``."""
    changes: dict[int, tuple[int, float, int]] = {}
    if a >= 0:
        sa, ka = theirs._figure_effect(a, kind)
        for r in theirs.hex_regions[a]:
            changes[r] = (-1, -sa, -ka)
    sb, kb = theirs._figure_effect(b, kind)
    for r in theirs.hex_regions[b]:
        dp, ds, dk = changes.get(r, (0, 0.0, 0))
        changes[r] = (dp + 1, ds + sb, dk + kb)
    return changes


def reply_loss(state: AnkhState, god: int) -> float:
    """What the best reply of the god to act in ``state`` (its turn just begun) costs ``god``.

    The replies are the engine's: on clones, the legal ``move`` and ``summon`` rows, then
    each legal figure pick and destination, or each legal summon.  The replying god picks
    the one that gains it most on its own evaluation (:meth:`Model.move_gain`,
    :meth:`Model.add_gain`); its cost to ``god`` is the drop of ``god``'s value
    (:meth:`Model.rivalry` of the change of expected Conflicts), counted in full when that
    row fires the Conflict (:data:`REPLY_WEIGHT_FIRED`), else by :data:`REPLY_WEIGHT` (0).
    One figure's move or summon is looked at, not a whole Move action's three.

    Args:
        state: a position at the start of another god's turn (phase ``TURN``).
        god: the god whose loss is measured.

    Returns:
        The loss, 0 or more (Devotion-like units).
    """
    opp = state.god_of_seat[state.to_move]
    if opp == god or state.phase != TURN:
        return 0.0
    mine = Model(state, god)
    theirs = Model(state, opp)
    best_gain, loss = MIN_GAIN, 0.0
    for row in state.legal_actions():
        if not isinstance(row, Row) or row.row > 1:
            continue
        fires = fires_event(state, row.row)
        weight = REPLY_WEIGHT_FIRED if fires and next_event(state) == CONFLICT else REPLY_WEIGHT
        st = state.clone()
        st.apply(row)
        replies: list[tuple[float, dict[int, tuple[int, float, int]]]] = []
        if st.phase == MOVE_PICK:
            for pick in st.legal_actions():
                if not isinstance(pick, Pick):
                    continue
                moved = st.clone()
                moved.apply(pick)
                kind = state.figure[pick.hex]
                for to in moved.legal_actions():
                    if isinstance(to, To) and state.figure[to.hex] < 0:
                        replies.append(
                            (theirs.move_gain(pick.hex, to.hex), _reply_changes(theirs, pick.hex, to.hex, kind))
                        )
        elif st.phase in (SUMMON, PYRAMID_PUT):
            for put in st.legal_actions():
                if isinstance(put, Put):
                    replies.append((theirs.add_gain(put.hex, put.kind), _reply_changes(theirs, -1, put.hex, put.kind)))
        for gain, changes in replies:
            if REPLY_WORST and gain > MIN_GAIN:
                loss = max(loss, max(0.0, -mine.rivalry(_regions_delta_of(mine, opp, changes))) * weight)
            elif gain > best_gain:
                best_gain = gain
                loss = max(0.0, -mine.rivalry(_regions_delta_of(mine, opp, changes))) * weight
    return loss


def _reply_penalties(state: AnkhState, scored: list[tuple[float, Action]], god: int) -> list[tuple[float, Action]]:
    """``scored`` (value, first action of the turn) with the :data:`REPLY_CANDIDATES` best
    lowered by the next god's best reply to the turn they start (:func:`reply_loss`)."""
    order = sorted(range(len(scored)), key=lambda i: -scored[i][0])
    out = list(scored)
    for i in order[:REPLY_CANDIDATES]:
        v, a = scored[i]
        after = _finish_turn(state, a, god)
        if after is not None:
            out[i] = (v - reply_loss(after, god), a)
    return out


# --- god powers, valued (plan=reply) ------------------------------------------------------------------


def _leader(state: AnkhState, god: int, among: Sequence[int] | None = None) -> int:
    """The strongest living rival of ``god`` (most Devotion, then most Followers), among
    ``among`` if given; -1 if there is none."""
    rivals = [o for o in (among if among is not None else range(state.n)) if o != god and state.alive[o]]
    return max(rivals, key=lambda o: (state.devotion[o], state.followers[o], -o), default=-1)


def _playable(state: AnkhState, o: int) -> list[int]:
    """The Battle cards god ``o`` may still play in this battle (public: its used cards,
    the card Horus forbade; §1, §4.2 Horus)."""
    return cards_allowed(state, o, -1)  # its first card, if it plays two, is secret


def battle_chances(state: AnkhState, model: Model, forbidden: int = -1) -> dict[int, float]:
    """Each god's chance of winning the current Battle on strength, each god playing any
    card it may still play (less ``forbidden``) with equal chance (§10.3; ties counted
    lost, as without the tie-breaker)."""
    r = state.battle.region
    n = model.n
    hands = {}
    for o in state.battle.gods:
        cards = [c for c in _playable(state, o) if c != forbidden] or [CYCLE]
        hands[o] = (model.strength[r * n + o], [CARD_STRENGTH[c] for c in cards])
    out = {}
    for o, (s, bonuses) in hands.items():
        others = [hands[x] for x in hands if x != o]
        out[o] = sum(_win_chance(s + b, others, False) for b in bonuses) / len(bonuses)
    return out


def _forbid_value(state: AnkhState, model: Model, god: int, card: int) -> float:
    """Horus's value of forbidding ``card`` in this battle (§4.2 Horus): his own chance of
    winning, less the rivals' (the strongest rival's counting most)."""
    chances = battle_chances(state, model, card)
    leader = _leader(state, god)
    share = RIVALRY / max(1, sum(1 for o in range(state.n) if o != god and state.alive[o]))
    value = 0.0
    for o, p in chances.items():
        if o == god:
            value += p * WIN
        else:
            value -= p * (share + (0.5 if o == leader else 0.0))
    return value


def _eye_value(state: AnkhState, model: Model, god: int, token: int) -> float:
    """What an Eye on the region of Conflict Order ``token`` is worth to Horus (§4.2 Horus):
    a battle he fights, or one the strongest rival fights; nothing elsewhere (an Eye makes
    him forbid a card there)."""
    r = state.token_of_region.index(token)
    n = model.n
    present = [o for o in range(n) if model.presence[r * n + o] > 0]
    if god in present:
        return 1.0 + 0.1 * len(present)
    leader = _leader(state, god)
    return 0.5 if leader in present else 0.0


def _battle_stake(model: Model, r: int, god: int) -> float:
    """What ``god`` has at stake in a battle in region ``r``: its Monument majorities there,
    the Devotion of a win and its figures that a loss would cost."""
    n = model.n
    return model.majority[r][god] + WIN + FIG_LOSS * model.killable[r * n + god]


def _amun_now(state: AnkhState, god: int, legal: Sequence[Action]) -> Action:
    """``amun`` (two cards in this battle) unless a later battle of this Conflict where Amun
    fights has more at stake; else ``noamun`` (rules/ankh.md §4.1 Amun: once per Conflict)."""
    model = Model(state, god)
    n = model.n
    here = _battle_stake(model, state.battle.region, god)
    later = [
        _battle_stake(model, r, god)
        for r in state.conflict_order[state.conflict_index + 1 :]
        if model.presence[r * n + god] > 0 and sum(1 for o in range(n) if model.presence[r * n + o] > 0) >= 2
    ]
    use = next((a for a in legal if not _declines(a)), legal[0])
    decline = next((a for a in legal if _declines(a)), use)
    return use if here >= max(later, default=0.0) else decline


def _value_god_decision(state: AnkhState, legal: Sequence[Action], rng: Rng, style: Style | None = None) -> Action:
    """A god power's decision (rules/ankh.md §4), each use valued:

    * Horus's Eye (§4.2) on the battles that matter to him (:func:`_eye_value`), the best
      first, ``done`` when none does; the forbidden card the one that most lowers the
      rivals' chances against his, the strongest rival's most (:func:`_forbid_value`).
    * Thoth's guess (§4.2): the card most likely played: the strongest one left to the
      rival with the fewest cards left (the leader among equals).
    * Anubis's trap (§4.1): the strongest rival's Warrior.
    * Bastet's cats (§4.2): the +3 and +1 cats where she will fight (her strength there,
      rivals present), the star next to the most enemy figures; the figure a star kills:
      the one whose loss costs least.
    * Osiris's Underworld (§4.1): the free space a summon would gain most on; the token to
      move: the one on the poorest space.
    * Amun's two cards (§4.1, once per Conflict): in this battle if no later battle of the
      Conflict where he fights has more at stake (:func:`_amun_now`).
    * Ra's Sun (§4.1): with version 2 (``style.version``), :func:`_ra_sun`; else, as
      Hathor's placement and Isis's saves, as the plain heuristic.
    """
    name = PHASE_OWNER[state.phase].PHASES[state.phase][0]
    if name == "ra-sun" and style is not None and style.version >= 2:
        return _ra_sun(state, legal)
    uses = [a for a in legal if not _declines(a)]
    if not uses:
        return legal[0]
    god = state.god_of_seat[state.to_move]
    if name == "horus-eye":
        model = Model(state, god)
        eyes = [(_eye_value(state, model, god, a.token), a) for a in uses if isinstance(a, Eye)]
        best = max(eyes, key=lambda e: e[0], default=(0.0, DONE))
        return best[1] if best[0] > 0 else (DONE if DONE in legal else legal[0])
    if name == "horus-forbid":
        model = Model(state, god)
        return max((a for a in uses if isinstance(a, Forbid)), key=lambda a: _forbid_value(state, model, god, a.card))
    if name == "thoth-guess":
        guesses = [a for a in uses if isinstance(a, Guess)]
        leader = _leader(state, god)

        def likely(a: Guess) -> tuple[float, int, int]:
            cards = [c for c in _playable(state, a.god)]
            return (1.0 / max(1, len(cards)), int(a.god == leader), CARD_STRENGTH[a.card])

        return max(guesses, key=likely) if guesses else legal[0]
    if name == "anubis-trap":
        traps = [a for a in uses if isinstance(a, Trap)]
        leader = _leader(state, god, [a.god for a in traps])
        return next((a for a in traps if a.god == leader), uses[0])
    if name == "bastet-cats":
        model = Model(state, god)
        n = model.n
        fown = state.figure_owner

        def cat_value(a: CatPut) -> float:
            if a.cat == 2:  # the star: an enemy who reveals it loses an adjacent figure
                return 0.3 * sum(1 for x in model.adjacent[a.hex] if fown[x] >= 0 and fown[x] != god)
            r = model.hex_regions[a.hex][0]
            mine = model.strength[r * n + god]
            rivals = sum(1 for o in range(n) if o != god and model.presence[r * n + o] > 0)
            return (3.0 if a.cat == 1 else 1.0) * (mine > 0) * (1.0 + 0.5 * min(rivals, 2))

        return max((a for a in uses if isinstance(a, CatPut)), key=cat_value, default=uses[0])
    if name == "bastet-star":
        model = Model(state, god)

        def kept(a: Kill) -> float:
            s, k = model._figure_effect(a.hex, state.figure[a.hex])
            return sum(model.region_change(r, -1, -s, -k) for r in model.hex_regions[a.hex])

        return max((a for a in uses if isinstance(a, Kill)), key=kept, default=uses[0])
    if name == "amun-two-cards":
        return _amun_now(state, god, legal)
    if name == "osiris-underworld":
        model = Model(state, god)
        return max(
            (a for a in uses if isinstance(a, Underworld)),
            key=lambda a: (model.add_gain(a.hex, WARRIOR), -a.hex),
            default=uses[0],
        )
    if name == "osiris-pick":
        model = Model(state, god)
        return min(
            uses, key=lambda a: (model.add_gain(a.hex, WARRIOR), a.hex) if isinstance(a, Pick) else (math.inf, 0)
        )
    return _choose_god_decision(state, legal, rng)


def _ra_sun(state: AnkhState, legal: Sequence[Action]) -> Action:
    """Ra's Sun token for the figure just summoned (rules/ankh.md §4.1 Ra; version 2): taken
    only where it adds a Radiant bonus (asked of Ra's power itself, ``gain_bonus``, before
    and after, on a clone) in a region where Ra expects Devotion from the next Conflict;
    else kept for a figure where it will count (three tokens, back when the figure leaves)."""
    uses = [a for a in legal if not _declines(a)]
    declines = [a for a in legal if _declines(a)]
    if not uses or not declines:
        return legal[0]
    power = PHASE_OWNER[state.phase]
    god = state.god_of_seat[state.to_move]
    h = state.tasks[0][2]
    regions = state.regions
    after = state.clone()
    after.apply(uses[0])
    model = Model(state, god)
    for r in regions.hex_regions[h]:
        hexes = tuple(regions.regions[r])
        gained = power.gain_bonus(after, god, hexes, after.figure_owner) - power.gain_bonus(
            state, god, hexes, state.figure_owner
        )
        if gained > 0 and model.region_values[r][god] > 0:
            return uses[0]
    return declines[0]


# --- rollouts (plan=rollout) -------------------------------------------------------------------------

#: Decisions a rollout plays at most before it is evaluated (a Conflict is rarely further).
ROLLOUT_HORIZON = 600
#: Win chance per Devotion-like unit of the temperature: ``plan=rollout`` values its turns by
#: a win chance (0-1), the other decisions in Devotion, and a temperature T makes it choose
#: softly among turns within ``NEAR * T * ROLLOUT_UNIT`` of the best (T = 0.1: 0.02).
ROLLOUT_UNIT = 0.05
#: A finished game's tie-break between actions that win (or lose) alike: per Devotion of
#: margin over the best rival, in win chance (small beside a win).
ROLLOUT_MARGIN = 0.001


def rollout_value(state: AnkhState, seat: int, own: Style | None = None) -> float:
    """Win chance of ``seat`` after playing ``state`` on with the plain heuristic.

    A *rollout* (Tesauro & Galperin 1996, "On-line policy improvement using Monte-Carlo
    search"; Bertsekas, Tsitsiklis & Wu 1997, "Rollout algorithms for combinatorial
    optimization"): every seat, this one included, plays :func:`policy` (deterministic: tie
    breaks from a fixed generator) until the next Conflict (rules/ankh.md §10) has been
    resolved and a turn begins, or the game ends, or :data:`ROLLOUT_HORIZON` decisions.
    The result is then the seat's :func:`win_chances` (the fitted evaluation), or, for a
    finished game, 1 for a win (shared or not) and 0 for a loss, plus :data:`ROLLOUT_MARGIN`
    per Devotion of margin over the best other god.

    Args:
        state: the position to play on; **changed** (pass a clone).
        seat: the seat whose chance is measured (a seat, not a god: its god may merge).
        own: ``None`` (the default: the plain heuristic everywhere); else the heuristic that
            plays ``seat``'s god's decisions other than its choice of actions (its moves,
            summons, Battle cards, god powers: version 3, whose rollouts then foresee its
            own contest of a region, which the plain heuristic would not make).

    Returns:
        A win chance, in [0, 1] up to the margin term.
    """
    st = state
    rng = Rng(0)
    start = st.conflicts
    for _ in range(ROLLOUT_HORIZON):
        if st.phase == OVER or (st.conflicts > start and st.phase == TURN):
            break
        mine = own is not None and st.phase != TURN and st.to_move == seat
        st.apply(policy(st, rng, own if mine else None))
    god = st.god_of_seat[seat]
    if st.phase == OVER:
        won = 1.0 if st.returns()[seat] > 0 else 0.0
        best_other = max((st.devotion[o] for o in range(st.n) if o != god), default=0)
        return won + ROLLOUT_MARGIN * (st.devotion[god] - best_other)
    return win_chances(st).get(god, 0.0)


def _rollout_row(
    state: AnkhState, legal: Sequence[Action], rng: Rng, style: Style, prior: dict[Action, float] | None = None
) -> Action:
    """A turn's first or second action (rules/ankh.md §7.1: an action row, or ``end``),
    each legal one valued by a :func:`rollout_value` of the position after it (the rest of
    the turn, the other gods' turns and the next Conflict played by the plain heuristic),
    plus its ``prior`` if given (version 2's tie-break, :data:`PLAN_PRIOR`); the best, or a
    soft choice at ``style.temperature`` (:data:`ROLLOUT_UNIT`)."""
    return _soft_choice(_rollout_scores(state, legal, prior), style.temperature * ROLLOUT_UNIT, rng)


def _rollout_scores(
    state: AnkhState, legal: Sequence[Action], prior: dict[Action, float] | None = None
) -> list[tuple[float, Action]]:
    """Each of ``legal`` valued by a :func:`rollout_value` of the position after it, plus its
    ``prior`` if given, as (value, action)."""
    seat = state.to_move
    scored: list[tuple[float, Action]] = []
    for a in legal:
        st = state.clone()
        st.apply(a)
        scored.append((rollout_value(st, seat) + (prior.get(a, 0.0) if prior else 0.0), a))
    return scored
