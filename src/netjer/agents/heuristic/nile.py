"""Dioses del Nilo's heuristic player: greedy one ply, judged the way a player would.

Rules reference: rules/nilo.md (SEED facts S1-S13 in §2, Netjer's PROPOSALs in §3).  The
game is won only by attacking an empty enemy rearguard square (S12); a vanguard soldier
attacks the squares straight ahead (S10); in a fight both soldiers leave their squares
whoever wins (S9, §3.6: the loser dies, the winner rests on its column).  So the player
thinks in *threats* (a vanguard soldier of its own facing an empty enemy rearguard square)
and in *material* (which soldiers die):

* **Win at once**: attack an empty enemy rearguard square whenever one is in reach (S12).
* **Threats**: never leave the opponent a threat when it acts next; make a threat it cannot
  answer (two at once, or one whose every answer opens another square).  A small
  threat-space search (the threatening side only makes threats, the other only answers
  them, :data:`DEPTH` threats deep) finds the forced wins and losses.
* **Fights** are judged by the values known to the acting seat: its own tokens (per the
  ``owner_sees_drawn`` option, §3.3), every face-up token, the cemeteries (S9, public).  An
  opponent's face-down token is drawn from its side's *unseen multiset*: all its values
  (§3.2) minus every value seen; the fight is scored on that distribution, never on the
  token's value.  A soldier is worth ``BODY + value`` (a body fills a square; the value
  wins fights); a tie costs both sides alike (S9).
* **Placement** (S7, §3.4): every placement is tried, then the rest of the placement phase
  is played out abstractly (each side fills the rearguard square the other threatens, or
  threatens one itself) and the position is judged when combat starts, with the side after
  the last placer to act (the hourglass passes after each placement, S7/S8).  Rearguard
  tokens go face down: a hidden value costs nothing and makes every attack on it a gamble.
* **Quiet positions** score empty rearguard squares (more so within one move of an enemy
  soldier), vanguard soldiers (they pin the enemy's rearguard), the best capture of the
  side to act and of the other side a move later, and the hourglass: acting first in the
  combat phase (S8) is worth :data:`TEMPO`; ``end`` hands the opponent the last action and
  the choice of who places first (S11).
* **Draws** (rules/nilo.md §3.8: repetition, the no-fight limit) score 0 against the public
  material balance, so the player avoids them when ahead.

Only what the acting seat knows is read, so the choice is the same on the true state and on
any determinization of the seat's information set.  No state is cloned: candidate actions
are applied to four bit masks (each side's occupied rearguard and vanguard columns) and a
list of known values; the threat verdicts are cached functions of the masks.  A decision
takes tens of microseconds (the policy is also ISMCTS's heuristic playout policy).

``heuristic:plan=rollout`` (:func:`rollout_policy`) plays each action on to the end of the
game with this player in both seats and takes the best result: about 14 ms of CPU a decision
(its rollouts read the determinization of the seat's information set it is given).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache, lru_cache

from netjer.core.action import Action
from netjer.core.errors import ConfigError
from netjer.core.rng import Rng
from netjer.core.state import State
from netjer.games.nile.actions import UNSEEN, Attack, Decline, End, Move, Place
from netjer.games.nile.board import geometry
from netjer.games.nile.game import NileOptions
from netjer.games.nile.soldiers import MAX_VALUE, SIDE_SHIFT, SIDE_STRIDE, TOKENS_PER_SIDE, VALUE_SETS
from netjer.games.nile.state import COMBAT, DRAW_COUNT, FINAL, PLACEMENT, NileState
from netjer.i18n import N_
from netjer.i18n_sentences import Sentence

#: A won position; a forced win by threats is worth ``0.8 * WIN``, a forced loss ``-0.9 * WIN``.
WIN = 1000.0
#: Material: a soldier is worth ``BODY + value``.
BODY = 2.0
#: An empty own rearguard square (S12: the only way to lose).
HOLE = 1.5
#: ... that an enemy soldier can threaten with one move.
HOLE_REACH = 1.0
#: A soldier in the own vanguard (it threatens, and pins the enemy rearguard).
VAN = 1.5
#: Weight of the best capture of the side to act, and of the other side (a move later).
CAPTURE_NOW = 0.6
CAPTURE_LATER = 0.5
#: The side to act has a threat to answer (it loses the initiative).
FORCING = 1.0
#: Acting first in the combat phase (S8).
TEMPO = 1.5
#: ``end`` gives the opponent the last action and the choice of who places first (S11).
END_COST = 0.5
#: A quiet move must gain at least this much (no aimless shuffling).
MOVE_COST = 0.1
#: Returning to a position already seen (the repetition draw, rules/nilo.md §3.8).
REPEAT_COST = 2.0
#: Threat-space search depth, in threats made by the threatening side.
DEPTH = 3
#: Squares tried per placement in the placement race (6: all of them on 3 columns).
RACE_WIDTH = 6

#: The board as four column masks ``(Seth rearguard, Seth vanguard, Isis rearguard, Isis
#: vanguard)``: bit ``x`` is set when that square of column ``x`` holds a soldier.
Masks = tuple[int, int, int, int]


@cache
def _full_counts(values: str) -> tuple[int, ...]:
    """How many tokens of each value a side has (rules/nilo.md §3.2), indexed by value."""
    counts = [0] * (MAX_VALUE + 1)
    for v in VALUE_SETS[values]:
        counts[v] += 1
    return tuple(counts)


# --- threats on the masks (SEED S10, S12; rules/nilo.md §3.5, §3.6) ------------------------


def _sides(b: Masks, a: int) -> Masks:
    """``b`` seen from side ``a``: (own rearguard, own vanguard, enemy rearguard, enemy
    vanguard)."""
    return b if a == 0 else (b[2], b[3], b[0], b[1])


def _put(b: Masks, a: int, rear: int, van: int) -> Masks:
    """``b`` with side ``a``'s masks replaced."""
    return (rear, van, b[2], b[3]) if a == 0 else (b[0], b[1], rear, van)


def _threat_mask(b: Masks, a: int, blocking: bool) -> int:
    """Columns where ``a`` wins by attacking now: its vanguard soldier faces an empty enemy
    rearguard square (S12); with ``blocking``, only past an empty enemy vanguard (§3.6)."""
    _, va, rd, vd = _sides(b, a)
    t = va & ~rd
    return t & ~vd if blocking else t


def _threat_moves(b: Masks, a: int, full: int, blocking: bool) -> list[Masks]:
    """The boards after each move by which ``a`` makes a threat (§3.5: a step into its own
    vanguard square of a column whose enemy rearguard square is empty); a step forward that
    opens a rearguard square the enemy faces is left out (the enemy would win first)."""
    ra, va, rd, vd = _sides(b, a)
    targets = full & ~va & ~rd
    if blocking:
        targets &= ~vd
    out = []
    bit = 1
    while bit <= targets:
        if targets & bit:
            if va & (bit >> 1):
                out.append(_put(b, a, ra, va ^ (bit >> 1) ^ bit))
            if va & (bit << 1):
                out.append(_put(b, a, ra, va ^ (bit << 1) ^ bit))
            if ra & bit and (blocking or not vd & bit):
                out.append(_put(b, a, ra ^ bit, va | bit))
        bit <<= 1
    return out


def _answers(b: Masks, d: int, bx: int, full: int, blocking: bool) -> list[Masks]:
    """The boards after each answer of ``d`` to the threat on its rearguard square of
    column ``bx`` (a one-bit mask): step back from the vanguard square, attack the
    threatening soldier from it (both leave, §3.6), shift a neighbouring rearguard soldier
    sideways, or (option ``blocking``) block the line from a neighbouring vanguard square."""
    rd, vd, ra, va = _sides(b, d)
    out = []
    if vd & bx:
        out.append(_put(b, d, rd | bx, vd ^ bx))
        both = _put(b, d, rd, vd ^ bx)
        out.append(_put(both, 1 - d, ra, va ^ bx))
    for by in (bx >> 1, (bx << 1) & full):
        if rd & by:
            out.append(_put(b, d, rd ^ by ^ bx, vd))
        if blocking and vd & by and not vd & bx:
            out.append(_put(b, d, rd, vd ^ by ^ bx))
    return out


@lru_cache(maxsize=1 << 16)
def _forces_win(b: Masks, a: int, depth: int, full: int, blocking: bool) -> bool:
    """Whether ``a``, to act in combat, wins by threats alone within ``depth`` threats."""
    if _threat_mask(b, a, blocking):
        return True
    if depth <= 0 or _threat_mask(b, 1 - a, blocking):
        return False
    return any(_cannot_answer(nb, 1 - a, depth - 1, full, blocking) for nb in _threat_moves(b, a, full, blocking))


@lru_cache(maxsize=1 << 16)
def _cannot_answer(b: Masks, d: int, depth: int, full: int, blocking: bool) -> bool:
    """Whether ``d``, to act and facing a threat, loses: two threats, or every answer to the
    one threat leaves one or lets the enemy force a win within ``depth`` threats."""
    a = 1 - d
    if _threat_mask(b, d, blocking):
        return False  # it wins first
    t = _threat_mask(b, a, blocking)
    if t & (t - 1):
        return True  # two threats: only one can be answered
    for nb in _answers(b, d, t, full, blocking):
        if _threat_mask(nb, a, blocking):
            continue
        if _threat_mask(nb, d, blocking) or not _forces_win(nb, a, depth, full, blocking):
            return False
    return True


@lru_cache(maxsize=1 << 16)
def _verdict(b: Masks, mover: int, final: bool, full: int, blocking: bool) -> float:
    """What the threats force, in units of :data:`WIN` for ``mover`` (to act; ``final``:
    its one last action, then a placement phase, S11); 0.0 if nothing is forced.

    A quicker forced win is worth a little more and a later forced loss a little less (so
    the winner converts instead of wandering among winning moves, and the loser makes the
    opponent find the longest line).
    """
    if _threat_mask(b, mover, blocking):
        return 1.0
    if final:
        return 0.0
    if _threat_mask(b, 1 - mover, blocking):
        for k in range(DEPTH + 1):
            if _cannot_answer(b, mover, k, full, blocking):
                return -0.9 + 0.01 * k
        return 0.0
    for k in range(1, DEPTH + 1):
        if _forces_win(b, mover, k, full, blocking):
            return 0.8 - 0.01 * k
    return 0.0


@lru_cache(maxsize=1 << 18)
def _placement_race(b: Masks, clock: int, left0: int, left1: int, full: int, blocking: bool) -> float:
    """What the threats force once the placement phase is over (SEED S7, rules/nilo.md
    §3.4), in units of :data:`WIN` for Seth, each side choosing its squares best.

    ``clock`` holds the hourglass and ``left0``, ``left1`` are the placements each side
    still makes; a side with none left is skipped, and combat starts with the side after the
    last placer (S8), judged by :func:`_verdict`.  Each placement considers the
    :data:`RACE_WIDTH` most pressing squares (all of them on the 3-column board).
    """
    if not left0 and not left1:
        v = _verdict(b, clock, False, full, blocking)
        return v if clock == 0 else -v
    p = clock if (left1 if clock else left0) else 1 - clock
    n0, n1 = (left0 - 1, left1) if p == 0 else (left0, left1 - 1)
    best = -2.0 if p == 0 else 2.0
    for nb in _race_options(b, p, full, blocking):
        v = _placement_race(nb, 1 - p, n0, n1, full, blocking)
        if p == 0:
            if v > best:
                best = v
                if best >= 1.0:
                    break
        elif v < best:
            best = v
            if best <= -1.0:
                break
    return best


def _race_options(b: Masks, p: int, full: int, blocking: bool) -> list[Masks]:
    """The boards after each placement of ``p`` worth trying in the race, most pressing
    first: fill a threatened rearguard square, make a threat, fill another rearguard
    square, stand in front of an own empty rearguard square (to step back), anything else."""
    rp, vp, ro, vo = _sides(b, p)
    holes = full & ~rp
    threatened = holes & _threat_mask(b, 1 - p, blocking)
    threat = full & ~vp & ~ro
    if blocking:
        threat &= ~vo
    groups = (
        (threatened, False),
        (threat, True),
        (holes & ~threatened, False),
        (full & ~vp & ~threat & holes, True),
        (full & ~vp & ~threat & ~holes, True),
    )
    out: list[Masks] = []
    for squares, van in groups:
        rest = squares
        while rest and len(out) < RACE_WIDTH:
            bit = rest & -rest
            rest ^= bit
            out.append(_put(b, p, rp, vp | bit) if van else _put(b, p, rp | bit, vp))
    return out


@lru_cache(maxsize=1 << 16)
def _structure(b: Masks, full: int, blocking: bool) -> float:
    """The shape of the position for Seth (Isis: the negative): empty rearguard squares,
    those an enemy soldier can threaten with one move, and vanguard soldiers."""
    score = 0.0
    for s in (0, 1):
        rs, vs, ro, vo = _sides(b, s)
        holes = full & ~rs
        reach = (ro | (vo << 1) | (vo >> 1)) & full & ~vo
        exposed = holes & reach & ~vs if blocking else holes & reach
        part = VAN * vs.bit_count() - HOLE * holes.bit_count() - HOLE_REACH * exposed.bit_count()
        score += part if s == 0 else -part
    return score


@cache
def _slots(columns: int) -> tuple[tuple[int, int], ...]:
    """Per square (as numbered in :mod:`netjer.games.nile.board`): its mask in
    :data:`Masks` and its bit there."""
    geo = geometry(columns)
    return tuple((2 * geo.side[sq] + geo.vanguard[sq], 1 << geo.col_of(sq)) for sq in range(geo.size))


class _Model:
    """The acting seat's knowledge: the masks, the values it knows and the unseen multisets.

    ``kind[sq]`` is the value of the soldier on ``sq`` if the acting seat knows it, else 0
    (a token drawn from its side's unseen multiset).
    """

    __slots__ = ("b", "blocking", "c", "cache", "dist", "full", "kind", "me", "rear", "slot", "stays", "van")

    def __init__(self, state: NileState) -> None:
        me = state.to_move
        self.me = me
        geo = state.geo
        c = geo.columns
        self.c = c
        self.full = (1 << c) - 1
        self.rear = geo.rear
        self.van = geo.van
        self.slot = _slots(c)
        self.blocking = state._blocking
        self.stays = state._stays
        sees = state._sees
        val, up = state.val, state.up
        opts = state.game.options
        assert isinstance(opts, NileOptions)
        full = _full_counts(opts.values)
        # The unseen multiset of each side: its values minus every value the seat has seen.
        mine_hidden = set(state.col[me])
        self.dist: list[list[int]] = []
        for s in (0, 1):
            counts = list(full)
            base = s * SIDE_STRIDE
            for t in range(base, base + TOKENS_PER_SIDE):
                if up[t] or (s == me and sees and t not in mine_hidden):
                    counts[val[t]] -= 1
            self.dist.append(counts)
        masks = [0, 0, 0, 0]
        kind = []
        for sq, t in enumerate(state.board):
            if t < 0:
                kind.append(0)
                continue
            s = t >> SIDE_SHIFT
            i, bit = self.slot[sq]
            masks[i] |= bit
            kind.append(val[t] if up[t] or (s == me and sees) else 0)
        self.b: Masks = (masks[0], masks[1], masks[2], masks[3])
        self.kind = kind
        self.cache: dict[int, tuple[float, float]] = {}

    def moved(self, b: Masks, *squares: int) -> Masks:
        """``b`` with the occupancy of each of ``squares`` flipped."""
        m = list(b)
        for sq in squares:
            i, bit = self.slot[sq]
            m[i] ^= bit
        return (m[0], m[1], m[2], m[3])

    # --- fights (SEED S9) ------------------------------------------------------------------

    def fight(self, side: int, a: int, d: int) -> tuple[float, float]:
        """A soldier of ``side`` with known value ``a`` (0: unknown) attacks one of value ``d``.

        Returns:
            ``(p_loss, gain)``: the chance the attacker loses, and the expected material the
            attacker's side gains (the defender's worth if it dies, minus the attacker's if
            it does).
        """
        key = (side * 8 + a) * 8 + d
        hit = self.cache.get(key)
        if hit is not None:
            return hit
        p_loss = gain = 0.0
        for va, pa in self._spread(side, a):
            for vd, pd in self._spread(1 - side, d):
                if va > vd:
                    gain += pa * pd * (BODY + vd)
                elif va < vd:
                    gain -= pa * pd * (BODY + va)
                    p_loss += pa * pd
                # a tie kills both: equal values, equal worth
        hit = (p_loss, gain)
        self.cache[key] = hit
        return hit

    def _spread(self, side: int, v: int) -> list[tuple[int, float]]:
        """The value distribution of a token: ``v`` if known, else the unseen multiset."""
        if v:
            return [(v, 1.0)]
        counts = self.dist[side]
        n = sum(counts)
        if not n:  # pragma: no cover - an unknown token is always among the unseen
            return [(1, 1.0)]
        return [(value, k / n) for value, k in enumerate(counts) if k]

    def best_capture(self, b: Masks, s: int) -> float:
        """The best expected material gain of one attack by ``s`` on an enemy soldier."""
        kind = self.kind
        o = 1 - s
        rs, vs, ro, vo = _sides(b, s)
        rsq, vsq, rosq, vosq = self.rear[s], self.van[s], self.rear[o], self.van[o]
        blocking = self.blocking
        best = 0.0
        for x in range(self.c):
            bx = 1 << x
            if vs & bx:
                a = kind[vsq[x]]
                if vo & bx:
                    best = max(best, self.fight(s, a, kind[vosq[x]])[1])
                if ro & bx and not (blocking and vo & bx):
                    best = max(best, self.fight(s, a, kind[rosq[x]])[1])
            if rs & bx and vo & bx and not (blocking and vs & bx):
                best = max(best, self.fight(s, kind[rsq[x]], kind[vosq[x]])[1])
        return best

    # --- evaluation --------------------------------------------------------------------------

    def combat_value(self, b: Masks, mover: int, final: bool) -> float:
        """The value of ``b`` for the acting seat with ``mover`` to act in combat (``final``:
        its one last action): what the threats force, else the quiet value."""
        verdict = _verdict(b, mover, final, self.full, self.blocking)
        if verdict:
            return (verdict if mover == self.me else -verdict) * WIN
        return self.quiet_value(b, mover)

    def quiet_value(self, b: Masks, mover: int) -> float:
        """The value of ``b`` for the acting seat when nothing is forced, ``mover`` to act:
        its shape, and the captures and threats of the side to act and the other."""
        sign = 1.0 if mover == self.me else -1.0
        shape = _structure(b, self.full, self.blocking)
        if self.me:
            shape = -shape
        other = 1 - mover
        swing = CAPTURE_NOW * self.best_capture(b, mover) - CAPTURE_LATER * self.best_capture(b, other)
        if _threat_mask(b, other, self.blocking):
            swing -= FORCING
        return shape + sign * swing

    def after_placements(self, b: Masks, first: int, hands: list[list[int]]) -> float:
        """The value once the remaining placements are made (SEED S7, rules/nilo.md §3.4),
        ``first`` to place next and ``hands[s]`` the known values (0: unknown) of side
        ``s``'s tokens still to place.

        A win or loss the threats force is found by :func:`_placement_race`; otherwise the
        rest of the phase is played out abstractly (:func:`_play_out`) and the position when
        combat starts gets its quiet value plus the tempo; the abstract placements take the
        highest values of the hand into the vanguard, the lowest into the rearguard.
        """
        left = []
        for s in (0, 1):
            rs, vs, _, _ = _sides(b, s)
            left.append(min(len(hands[s]), 2 * self.c - rs.bit_count() - vs.bit_count()))
        race = _placement_race(b, first, left[0], left[1], self.full, self.blocking)
        if race:
            return (race if self.me == 0 else -race) * WIN
        end, mover, placed = _play_out(b, first, left[0], left[1], self.full, self.blocking)
        kind = self.kind
        saved = []
        pools = [sorted(hands[0]), sorted(hands[1])]
        for p, x, van in placed:
            sq = (self.van if van else self.rear)[p][x]
            saved.append((sq, kind[sq]))
            kind[sq] = pools[p].pop() if van else pools[p].pop(0)
        value = self.quiet_value(end, mover) + (TEMPO if mover == self.me else -TEMPO)
        for sq, k in reversed(saved):
            kind[sq] = k
        return value


@lru_cache(maxsize=1 << 16)
def _play_out(
    b: Masks, clock: int, left0: int, left1: int, full: int, blocking: bool
) -> tuple[Masks, int, tuple[tuple[int, int, bool], ...]]:
    """The rest of a placement phase played greedily (SEED S7, rules/nilo.md §3.4): the
    side to act first in combat threatens if it can; the other fills the squares threatened,
    then those the first could still threaten.

    Returns:
        The masks when combat starts, the side to act then (the one after the last placer,
        S8), and the placements ``(side, column, vanguard?)`` in order.
    """
    left = [left0, left1]
    order = []
    while left[0] or left[1]:
        p = clock if left[clock] else 1 - clock
        order.append(p)
        left[p] -= 1
        clock = 1 - p
    mover = clock
    placed = []
    for i, p in enumerate(order):
        rp, vp, ro, vo = _sides(b, p)
        holes = full & ~rp
        threatened = holes & _threat_mask(b, 1 - p, blocking)
        can_threaten = full & ~ro & ~vp
        if blocking:
            can_threaten &= ~vo
        if p == mover and can_threaten:
            squares, van = can_threaten, True
        elif threatened:
            squares, van = threatened, False
        elif p != mover and (1 - p) in order[i + 1 :] and holes & ~vo:
            squares, van = holes & ~vo, False  # fill what the other could still threaten
        elif p != mover and can_threaten:
            squares, van = can_threaten, True
        elif holes:
            squares, van = holes, False
        else:
            squares, van = full & ~vp, True
        bit = squares & -squares
        b = _put(b, p, rp, vp | bit) if van else _put(b, p, rp | bit, vp)
        placed.append((p, bit.bit_length() - 1, van))
    return b, mover, tuple(placed)


def _hand_kinds(state: NileState, s: int, me: int) -> list[int]:
    """The values of side ``s``'s hand as the seat ``me`` knows them (0: unknown)."""
    sees = state._sees
    val, up = state.val, state.up
    return [val[t] if up[t] or (s == me and sees) else 0 for t in state.hand[s]]


def _next_hand_kinds(state: NileState, s: int) -> list[int]:
    """The values, as public, of the tokens side ``s`` draws next (S7, §3.3: face-down
    tokens in a column are unknown to everybody)."""
    val, up = state.val, state.up
    return [val[t] if up[t] else 0 for t in state.col[s][:DRAW_COUNT]]


def _balance(state: NileState, me: int) -> float:
    """The material of ``me``'s living soldiers minus the enemy's (public: all of a side's
    values minus its cemetery, S9, rules/nilo.md §3.2)."""
    val = state.val
    lost = [sum(BODY + val[t] for t in state.dead[s]) for s in (0, 1)]
    return lost[1 - me] - lost[me]


def _repeated(value: float, seen: int, limit: int) -> float:
    """The value of an action leading to a position already seen ``seen`` times, under the
    repetition draw (rules/nilo.md §3.8, ``repetition_limit``; 0 is off): a draw at the
    limit; one short of it, the opponent can take the draw when the repetition is its to
    make, so no better than a draw; and a small cost for going round in circles."""
    if not seen or not limit:
        return value
    if seen + 1 >= limit:
        return 0.0
    if seen + 2 >= limit:
        value = min(value, 0.0)
    return value - REPEAT_COST


def policy(state: State, rng: Rng) -> Action:
    """The heuristic's action for the side to act in ``state`` (a :class:`NileState`).

    Raises:
        TypeError: if ``state`` is not a Dioses del Nilo state.
    """
    if not isinstance(state, NileState):
        raise TypeError(f"the Dioses del Nilo heuristic needs a NileState, got {type(state).__name__}")
    legal = state.legal_actions()
    board = state.board
    index = state.geo.index
    for action in legal:  # S12: an empty enemy rearguard in reach wins at once
        if type(action) is Attack and board[index[action.dst]] < 0:
            return action
    if len(legal) == 1:
        return legal[0]
    scored = _score_placements(state, legal) if state.phase == PLACEMENT else _score_combat(state, legal)
    best_value = max(v for v, _ in scored)
    best = [a for v, a in scored if v >= best_value - 1e-9]
    return best[rng.below(len(best))] if len(best) > 1 else best[0]


#: Material units per unit of :func:`math.tanh` in :func:`evaluate` (a soldier is worth about
#: 5 units, so losing one moves the expected return by about 0.4).
EVAL_SCALE = 8.0


def evaluate(state: State) -> list[float]:
    """Expected returns (win +1, draw 0, loss -1) of a Dioses del Nilo position, for ISMCTS's
    cut-off playouts (``ismcts:depth=N``): the heuristic's score of the best action of the
    side to act (:func:`_score_combat` or :func:`_score_placements`: public material balance,
    expected captures, threats, the forced wins and losses of the threat-space search)
    squashed by ``tanh(score / EVAL_SCALE)``; a win in reach (S12) is +1 for the side to act.
    A finished game's returns as they are.

    Raises:
        TypeError: if ``state`` is not a Dioses del Nilo state.
    """
    if not isinstance(state, NileState):
        raise TypeError(f"the Dioses del Nilo evaluation needs a NileState, got {type(state).__name__}")
    if state.is_terminal:
        return state.returns()
    me = state.to_move
    legal = state.legal_actions()
    board, index = state.board, state.geo.index
    if any(type(a) is Attack and board[index[a.dst]] < 0 for a in legal):
        x = 1.0
    else:
        scored = _score_placements(state, legal) if state.phase == PLACEMENT else _score_combat(state, legal)
        x = math.tanh(max(v for v, _ in scored) / EVAL_SCALE)
    return [x, -x] if me == 0 else [-x, x]


def _score_combat(state: NileState, legal: list[Action]) -> list[tuple[float, Action]]:
    """Every combat action (S8) or last action (S11), scored for the side to act.

    Scores are absolute (a draw is 0): the public material balance plus the action's
    expected gain and the value of the position it leaves.  An action that completes a draw
    (rules/nilo.md §3.8: the repetition and no-fight limits) scores 0.
    """
    m = _Model(state)
    me = m.me
    opp = 1 - me
    kind = m.kind
    b0 = m.b
    index = state.geo.index
    final = state.phase == FINAL
    next_hands = [_next_hand_kinds(state, 0), _next_hand_kinds(state, 1)]

    def after(b: Masks) -> float:
        if final:  # the combat ends; the side that ended places first (S11)
            return m.after_placements(b, opp, next_hands)
        return m.combat_value(b, opp, False)

    balance = _balance(state, me)
    quiet_draws = state.quiet + 1 >= state._limit
    reps = state.reps
    rep_limit = state._rep_limit
    out: list[tuple[float, Action]] = []
    for action in legal:
        kind_of = type(action)
        if kind_of is Move:
            assert isinstance(action, Move)
            src, dst = index[action.src], index[action.dst]
            kind[dst] = kind[src]
            value = balance + after(m.moved(b0, src, dst)) - MOVE_COST
            kind[dst] = 0  # empty before the move
            if not final and reps:
                board = state.board[:]
                board[dst], board[src] = board[src], -1
                value = _repeated(value, reps.get((tuple(board), state._colkey, opp, COMBAT), 0), rep_limit)
            if quiet_draws:
                value = 0.0
        elif kind_of is Attack:
            assert isinstance(action, Attack)
            src, dst = index[action.src], index[action.dst]
            p_loss, gain = m.fight(me, kind[src], kind[dst])
            value = balance + gain
            if m.stays and p_loss > 0.0:  # option defender_winner_stays (§3.6)
                value += p_loss * after(m.moved(b0, src)) + (1.0 - p_loss) * after(m.moved(b0, src, dst))
            else:
                value += after(m.moved(b0, src, dst))
        elif kind_of is End:
            value = balance + m.combat_value(b0, opp, True) - END_COST
            value = _repeated(value, reps.get((tuple(state.board), state._colkey, opp, FINAL), 0), rep_limit)
            if quiet_draws:
                value = 0.0
        else:
            assert kind_of is Decline
            value = 0.0 if quiet_draws else balance + m.after_placements(b0, me, next_hands)
        out.append((value, action))
    return out


def _score_placements(state: NileState, legal: list[Action]) -> list[tuple[float, Action]]:
    """Every placement (S7), scored after the rest of the phase is played out abstractly;
    a token that may go face down in the rearguard always does."""
    m = _Model(state)
    me = m.me
    opp = 1 - me
    kind = m.kind
    b0 = m.b
    geo = state.geo
    index = geo.index
    vanguard = geo.vanguard
    hand = _hand_kinds(state, me, me)
    other = _hand_kinds(state, opp, me)
    downs = {(a.value, a.square) for a in legal if isinstance(a, Place) and a.down}
    out: list[tuple[float, Action]] = []
    for action in legal:
        assert isinstance(action, Place)
        sq = index[action.square]
        v = action.value
        if not action.down and not vanguard[sq] and (v, action.square) in downs:
            continue  # a hidden value costs nothing: rearguard tokens go face down
        rest = hand[:]
        rest.remove(v if v != UNSEEN and v in rest else 0)
        kind[sq] = v
        hands = [rest, other] if me == 0 else [other, rest]
        value = m.after_placements(m.moved(b0, sq), opp, hands)
        kind[sq] = 0
        out.append((value, action))
    return out


# --- rollouts (plan=rollout) -------------------------------------------------------------------------

#: Decisions a rollout plays at most before the evaluation judges it (the no-fight and repetition
#: draws of rules/nilo.md §3.8 end a game long before with the default options).
ROLLOUT_HORIZON = 400
#: Weight of the plain heuristic's own score (squashed as in :func:`evaluate`) beside a rollout's
#: result: a tie-break between actions whose rollouts end alike (a win, a draw, a loss).
ROLLOUT_PRIOR = 0.01

#: The options of :func:`make_policy` Dioses del Nilo's heuristic offers (a plan only).
NO_TEMPERATURE = N_("the Dioses del Nilo heuristic has a plan (greedy or rollout) but no temperature or version")
NO_PLAN = N_("the Dioses del Nilo heuristic's plan is greedy or rollout, got '{plan}'")


def rollout_value(state: NileState, seat: int) -> float:
    """The result for ``seat`` of playing ``state`` on with the plain heuristic in both seats.

    A *rollout* (Tesauro & Galperin 1996, "On-line policy improvement using Monte-Carlo
    search"; Bertsekas, Tsitsiklis & Wu 1997, "Rollout algorithms for combinatorial
    optimization"), as Ankh's ``plan=rollout`` does (:func:`netjer.agents.heuristic.ankh.rollout_value`):
    both sides play :func:`policy` (tie-breaks from a fixed generator) until the game ends or
    :data:`ROLLOUT_HORIZON` decisions have been played; the fights resolve with the values in
    ``state`` (for a player, a determinization of its information set).

    Args:
        state: the position to play on; **changed** (pass a clone).
        seat: 0 (Seth) or 1 (Isis).

    Returns:
        The seat's return (win +1, draw 0, loss -1), or :func:`evaluate`'s estimate in (-1, 1)
        of a game still running at the horizon.
    """
    rng = Rng(0)
    for _ in range(ROLLOUT_HORIZON):
        if state.is_terminal:
            break
        state.apply(policy(state, rng))
    return (state.returns() if state.is_terminal else evaluate(state))[seat]


def rollout_policy(state: State, rng: Rng) -> Action:
    """The heuristic with ``plan=rollout``: each action the plain heuristic would consider is
    played on a clone of ``state`` and rolled out (:func:`rollout_value`); the best result wins,
    the plain heuristic's own score (:data:`ROLLOUT_PRIOR`) breaking ties between results alike.
    A win in reach (S12) is taken at once, as :func:`policy` does, and a rearguard token goes
    face down (a face-up twin is not rolled out).

    ``state`` must be a determinization of the acting seat's information set (as
    :class:`~netjer.agents.heuristic.HeuristicAgent` gives it): unlike :func:`policy`, the
    rollouts' fights read the face-down values in ``state``.

    Raises:
        TypeError: if ``state`` is not a Dioses del Nilo state.
    """
    if not isinstance(state, NileState):
        raise TypeError(f"the Dioses del Nilo heuristic needs a NileState, got {type(state).__name__}")
    legal = state.legal_actions()
    board, index = state.board, state.geo.index
    for action in legal:  # S12: an empty enemy rearguard in reach wins at once
        if type(action) is Attack and board[index[action.dst]] < 0:
            return action
    if len(legal) == 1:
        return legal[0]
    me = state.to_move
    scored = _score_placements(state, legal) if state.phase == PLACEMENT else _score_combat(state, legal)
    out: list[tuple[float, Action]] = []
    for prior, action in scored:
        after = state.clone()
        after.apply(action)
        out.append((rollout_value(after, me) + ROLLOUT_PRIOR * math.tanh(prior / EVAL_SCALE), action))
    best_value = max(v for v, _ in out)
    best = [a for v, a in out if v >= best_value - 1e-9]
    return best[rng.below(len(best))] if len(best) > 1 else best[0]


def make_policy(temperature: float = 0.0, plan: str = "greedy", version: int = 1) -> Callable[[State, Rng], Action]:
    """The heuristic with a plan, as a ``policy(state, rng)`` (:mod:`netjer.agents.heuristic`):
    ``greedy`` is :func:`policy`, ``rollout`` :func:`rollout_policy`.

    Raises:
        ConfigError: for a temperature other than 0, a version other than 1 (Ankh's heuristic
            has those, this one not) or another plan.
    """
    if temperature != 0.0 or version != 1:
        raise ConfigError(Sentence(NO_TEMPERATURE))
    if plan == "greedy":
        return policy
    if plan == "rollout":
        return rollout_policy
    raise ConfigError(Sentence(NO_PLAN, plan=str(plan)))
