"""Dioses del Nilo's rules: the state and how every action changes it.

Rules reference: rules/nilo.md (SEED = the seed text, ``S1``-``S13`` its facts in §2;
``§3.x`` the PROPOSALs, each an option of :class:`~netjer.games.nile.game.NileOptions`).
Everything that needs no decision (drawing tokens, returning tokens that find no square,
fights, the start of each phase, the end of the game) happens inside ``_apply``.

Representation (sides: 0 = Seth, 1 = Isis; token codes as in :mod:`.soldiers`):

* ``board[sq]``: the token on square ``sq`` or -1 (squares as in :mod:`.board`).
* ``val[t]``: token ``t``'s value.  Never mutated after setup (``determinize`` replaces the
  list), so clones share it.
* ``up[t]``: token ``t`` is face up, i.e. its value is public.  Once face up, a token stays
  face up for the rest of the game (a Netjer ruling extending rules/nilo.md §3.5, see
  docs/rules-coverage.md).
* ``col[s]``: side ``s``'s column (§3.3: a queue), bottom first: ``col[s][0]`` is drawn
  next, returning winners are appended on top.
* ``hand[s]``: tokens drawn and not yet placed (placement phase only), in draw order.
* ``dead[s]``: side ``s``'s cemetery (SEED S9: face up, public), in order of death.

Who knows what (rules/nilo.md §3.3, §5.21): a face-up token is known to both seats; a
face-down token in a column is known to nobody; a face-down token in a hand or on the board
is known to its owner only if ``owner_sees_drawn`` (default) and to the opponent never.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from operator import index
from typing import TYPE_CHECKING, Any, Final, SupportsIndex

from mypy_extensions import mypyc_attr

from netjer.core.action import Action
from netjer.core.fields import write_fields
from netjer.core.rng import Rng
from netjer.core.state import TERMINAL, JsonDict, State
from netjer.games.nile.actions import (
    DECLINE,
    END,
    UNSEEN,
    Attack,
    Decline,
    End,
    Move,
    Place,
    action_table,
)
from netjer.games.nile.board import ISIS, SETH, Geometry, geometry
from netjer.games.nile.fields import FIELDS
from netjer.games.nile.soldiers import SIDE_SHIFT, SIDE_STRIDE, START_VALUE, column_values
from netjer.i18n import N_, _, get_language, ngettext

if TYPE_CHECKING:
    from netjer.games.nile.game import NileGame

# Phases (decision points) and their names in observations.
PLACEMENT: Final = 0
COMBAT: Final = 1
FINAL: Final = 2
OVER: Final = 3
PHASE_NAMES: Final = ("placement", "combat", "final_action", "over")
NO_WINNER: Final = -2
DRAW: Final = -1
#: SEED S7: tokens drawn at each placement phase ("las dos fichas de más abajo").
DRAW_COUNT: Final = 2
#: The two sides' gods, by seat: English names (records, observations), marked for the ``nile``
#: catalogue and translated where the narration names them (:func:`_god`).
GOD: Final = (N_("Seth"), N_("Isis"))

#: An event of the last action: a tag and public facts (see ``_event_text``).
Event = tuple[Any, ...]
#: The public log: ``(events of the last action, log before it)`` or ``None``; immutable
#: once built, so clones share it.  The tail is typed ``Any``, not ``"Log"``: mypyc (2.4) crashes
#: with a segmentation fault on a recursive type alias (``make compiled``; ten lines of a
#: module with ``Log = tuple[list[int], "Log"] | None`` and a function taking one suffice).
Log = tuple[list[Event], Any] | None


def chained_events(log: Log) -> list[Event]:
    """The events of a log chain (``(events of the last action, log before it)``), oldest first."""
    chunks = []
    node = log
    while node is not None:
        chunks.append(node[0])
        node = node[1]
    return [e for chunk in reversed(chunks) for e in chunk]


#: How ``full_state`` writes Dioses del Nilo's own JSON forms (:mod:`netjer.games.nile.fields`).
JSON_FORMS: Final[dict[str, Callable[[Any], Any]]] = {
    "phase": lambda phase: PHASE_NAMES[phase],
    "repetitions": lambda reps: sorted(
        [[list(k[0]), [list(k[1][0]), list(k[1][1])], k[2], k[3]], n] for k, n in reps.items()
    ),
    "events": lambda events: [list(e) for e in events],
    "log": lambda log: [list(e) for e in chained_events(log)],
}


#: Per square: the moves ``(dst, action)`` of a soldier there.
MoveLines = tuple[tuple[tuple[int, Move], ...], ...]
#: Per square: the attacks ``(target, blocker, target_is_rearguard, action)`` from there.
AttackLines = tuple[tuple[tuple[int, int, bool, Attack], ...], ...]


@cache
def _lines(columns: int) -> tuple[MoveLines, AttackLines]:
    """The move and attack lines of every square of a board size (cached)."""
    geo = geometry(columns)
    table = action_table(columns)
    size = geo.size
    moves = []
    attacks = []
    for sq in range(size):
        ms = []
        for dst in geo.neighbors[sq]:
            m = table.move[sq * size + dst]
            assert m is not None
            ms.append((dst, m))
        moves.append(tuple(ms))
        ats = []
        for tgt, blocker in geo.attack_lines[sq]:
            a = table.attack[sq * size + tgt]
            assert a is not None
            ats.append((tgt, blocker, not geo.vanguard[tgt], a))
        attacks.append(tuple(ats))
    return tuple(moves), tuple(attacks)


# Compiled (``make compiled``), a native class like the Ankh state (netjer/games/ankh/state.py):
# its fields are slots of a C struct; serializable, so ``__new__`` in ``clone`` skips ``__init__``.
@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class NileState(State):
    """A position of Dioses del Nilo.  Build one with ``NileGame.new_initial_state(seed)``.

    Attributes (public ones; the rest is internal, see the module docstring):
        phase: ``PLACEMENT``, ``COMBAT``, ``FINAL`` (the one action after an ``end``) or
            ``OVER``.
        clock: the side holding the hourglass (SEED: the side to act).
        round: the number of the current placement + combat round, from 1.
        quiet: combat actions since the last fight (the ``no_fight_limit`` draw rule).
        winner: the winning side, ``DRAW``, or ``NO_WINNER`` while the game goes on.
        reason: why the game ended, in words.
    """

    def __init__(self, game: NileGame, seed: int) -> None:
        super().__init__(game, seed)
        opts = game.opts
        self._configure(game)
        self.board = [-1] * self.geo.size
        self.val = [0] * (2 * SIDE_STRIDE)
        self.up = [False] * (2 * SIDE_STRIDE)
        self.col: list[list[int]] = [[], []]
        self.hand: list[list[int]] = [[], []]
        self.dead: list[list[int]] = [[], []]
        for s in (SETH, ISIS):
            # SEED S4: the 2 is set aside and stands face up (§3.4) on the central rearguard;
            # the other 14 are shuffled face down into the side's column.
            base = s * SIDE_STRIDE
            self.val[base] = START_VALUE
            self.up[base] = True
            self.board[self.geo.central_rear[s]] = base
            rest = column_values(opts.values)
            self.rng.shuffle(rest)
            for i, v in enumerate(rest, start=1):
                self.val[base + i] = v
                self.col[s].append(base + i)
        self.clock = SETH  # SEED S5: the hourglass starts beside Seth, who opens the game
        self.phase = PLACEMENT
        self.to_move = SETH
        self.ender = -1
        self.round = 0
        self.quiet = 0
        self.reps: dict[tuple[Any, ...], int] = {}
        self._colkey: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
        self.winner = NO_WINNER
        self.reason = ""
        self.events: list[Event] = []
        self._start_placement([])
        self.log: Log = (self.events, None)

    def _configure(self, game: NileGame) -> None:
        opts = game.opts
        self.geo: Geometry = geometry(opts.columns)
        self._table = action_table(opts.columns)
        self._moves, self._attacks = _lines(opts.columns)
        self._index = self.geo.index
        self._blocking = opts.blocking
        self._stays = opts.defender_winner_stays
        self._sees = opts.owner_sees_drawn
        self._exhaustion = opts.exhaustion_draw
        self._limit = opts.no_fight_limit
        self._rep_limit = opts.repetition_limit

    # --- the kernel contract -------------------------------------------------------------

    @property
    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.to_move

    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase in (COMBAT, FINAL):
            p = self.to_move
            board = self.board
            moves, attacks = self._moves, self._attacks
            blocking = self._blocking
            out: list[Action] = []
            for sq in self.geo.own[p]:
                if board[sq] < 0:
                    continue
                for dst, m in moves[sq]:
                    if board[dst] < 0:  # §3.5: no stacking
                        out.append(m)
                for tgt, blocker, rear, a in attacks[sq]:
                    if blocking and blocker >= 0 and board[blocker] >= 0:
                        continue  # option blocking (§3.6)
                    # §3.6: an empty vanguard is no target; an empty rearguard is the win (S12)
                    if rear or board[tgt] >= 0:
                        out.append(a)
            out.append(END if phase == COMBAT else DECLINE)  # S8 / S11
            return out
        if phase == PLACEMENT:
            return self._placement_actions()
        return []

    def _placement_actions(self) -> list[Action]:
        """SEED S7, rules/nilo.md §3.4: any empty square of the own half; face down only in
        the rearguard, and only for a token whose value is not public."""
        p = self.to_move
        board, up, val = self.board, self.up, self.val
        geo = self.geo
        size = geo.size
        place = self._table.place
        up_values: set[int] = set()
        down_values: set[int] = set()
        for t in self.hand[p]:
            if up[t]:
                up_values.add(val[t])
            else:
                v = val[t] if self._sees else UNSEEN
                up_values.add(v)
                down_values.add(v)
        empty = [sq for sq in geo.own[p] if board[sq] < 0]
        out: list[Action] = []
        for v in sorted(up_values):
            out.extend(place[(v * size + sq) * 2] for sq in empty)
        for v in sorted(down_values):
            out.extend(place[(v * size + sq) * 2 + 1] for sq in empty if not geo.vanguard[sq])
        return out

    def _apply(self, action: Action) -> None:
        kind = type(action)
        p = self.to_move
        if kind is Move:
            assert isinstance(action, Move)
            self._move(p, self._index[action.src], self._index[action.dst])
        elif kind is Attack:
            assert isinstance(action, Attack)
            self._attack(p, self._index[action.src], self._index[action.dst])
        elif kind is Place:
            assert isinstance(action, Place)
            self._place(p, action.value, self._index[action.square], action.down)
        elif kind is End:
            self._end_turn(p)
        elif kind is Decline:
            self._decline(p)
        else:  # pragma: no cover - legality was checked by State.apply
            raise TypeError(f"not a Dioses del Nilo action: {action!r}")
        self.log = (self.events, self.log)

    def _returns(self) -> list[float]:
        if self.winner == DRAW:
            return [0.0, 0.0]
        return [1.0 if s == self.winner else -1.0 for s in (SETH, ISIS)]

    # --- placement (SEED S7, rules/nilo.md §3.3, §3.4) -----------------------------------

    def _start_placement(self, ev: list[Event]) -> None:
        """S6/S7: a new round; both sides draw the 2 lowest tokens of their column (§3.3:
        fewer if fewer are left), then place one at a time from the hourglass holder."""
        self.round += 1
        self.phase = PLACEMENT
        ev.append(("placement", self.round))
        for s in (SETH, ISIS):
            col = self.col[s]
            n = min(DRAW_COUNT, len(col))
            self.hand[s] = col[:n]
            del col[:n]
            ev.append(("draw", s, n))
        self._next_placer(ev)

    def _next_placer(self, ev: list[Event]) -> None:
        """Who places now (§3.4): the hourglass holder if able, else the other side (a
        side with nothing to place is skipped); if neither can, the combat phase starts
        with the holder (S8)."""
        p = self.clock
        if self._can_place(p, ev):
            self.to_move = p
            self.events = ev
            return
        if self._can_place(1 - p, ev):
            self.clock = self.to_move = 1 - p
            self.events = ev
            return
        self._start_combat(ev)

    def _can_place(self, s: int, ev: list[Event]) -> bool:
        """Whether side ``s`` has a token to place and an empty own square.  A side whose
        half is full returns its hand face up to the top of its column (§3.4, §5.18)."""
        hand = self.hand[s]
        if not hand:
            return False
        board = self.board
        for sq in self.geo.own[s]:
            if board[sq] < 0:
                return True
        for t in hand:
            if not self.up[t]:
                self.up[t] = True
                self.reps = {}
        self.col[s].extend(hand)
        ev.append(("return", s, tuple(self.val[t] for t in hand)))
        self.hand[s] = []
        return False

    def _place(self, p: int, value: int, sq: int, down: bool) -> None:
        hand, up, val = self.hand[p], self.up, self.val
        tok = -1
        if not down and value != UNSEEN:
            for t in hand:  # a public token of that value first (see docs: dominated choice)
                if up[t] and val[t] == value:
                    tok = t
                    break
        if tok < 0:
            for t in hand:
                if not up[t] and (value == UNSEEN or (self._sees and val[t] == value)):
                    tok = t
                    break
        hand.remove(tok)
        self.board[sq] = tok
        if not down:
            up[tok] = True  # S7: vanguard tokens (and rearguard ones not put down) face up
        self.reps = {}  # a placement can never be undone: repetitions start afresh
        ev: list[Event] = [("place", p, sq, val[tok] if up[tok] else None)]
        self.clock = 1 - p  # S7: the hourglass slides to the opponent after each placement
        self._next_placer(ev)

    # --- combat (SEED S8-S12, rules/nilo.md §3.5-§3.7) -----------------------------------

    def _start_combat(self, ev: list[Event]) -> None:
        """S8: the combat phase starts with the hourglass holder."""
        self.phase = COMBAT
        self.to_move = self.clock
        self._colkey = (tuple(self.col[0]), tuple(self.col[1]))
        ev.append(("combat", self.clock))
        self.events = ev
        self._record_position()

    def _move(self, p: int, src: int, dst: int) -> None:
        """S8, §3.5: one orthogonal step inside the own half; a face-down soldier entering
        the vanguard is turned face up (S7: vanguard soldiers are always face up)."""
        board = self.board
        tok = board[src]
        board[src] = -1
        board[dst] = tok
        ev: list[Event] = [("move", p, src, dst)]
        if self.geo.vanguard[dst] and not self.up[tok]:
            self.up[tok] = True
            self.reps = {}
            ev.append(("reveal", p, dst, self.val[tok]))
        self._after_quiet_action(p, ev)

    def _attack(self, p: int, src: int, dst: int) -> None:
        """S9, S12, §3.6: an empty enemy rearguard is the win; otherwise a fight."""
        board, val, up = self.board, self.val, self.up
        a = board[src]
        d = board[dst]
        if d < 0:
            self.events = [("win", p, src, dst)]
            self._end(p, f"{GOD[p]} attacked the undefended rearguard {self.geo.names[dst]}")
            return
        o = 1 - p
        va, vd = val[a], val[d]
        up[a] = up[d] = True  # §3.6: a face-down defender is revealed for the fight
        ev: list[Event] = [("fight", p, src, dst, va, vd, self._stays)]
        board[src] = -1
        if va > vd:  # S9: the loser dies face up; the winner rests on top of its column
            self.dead[o].append(d)
            board[dst] = -1
            self.col[p].append(a)
        elif va < vd:
            self.dead[p].append(a)
            if not self._stays:  # option defender_winner_stays (§3.6)
                board[dst] = -1
                self.col[o].append(d)
        else:  # S9: a tie kills both
            self.dead[p].append(a)
            self.dead[o].append(d)
            board[dst] = -1
        self.quiet = 0
        self.reps = {}
        if self._exhaustion and not self.col[0] and not self.col[1] and max(board) < 0:
            self.events = ev
            self._end(DRAW, "neither side has a soldier on the board or in its column")
            return
        self._after_action(p, ev)

    def _after_quiet_action(self, p: int, ev: list[Event]) -> None:
        """Count a combat action without a fight (§3.8 ``no_fight_limit``), then go on."""
        self.quiet += 1
        if self.quiet >= self._limit:
            self.events = ev
            self._end(DRAW, f"{self._limit} combat actions in a row without a fight")
            return
        self._after_action(p, ev)

    def _after_action(self, p: int, ev: list[Event]) -> None:
        """S8: the hourglass passes; after the one last action (S11) the round ends and the
        side that ended the turn places first."""
        if self.phase == FINAL:
            self.clock = self.ender
            self._start_placement(ev)
            return
        self.clock = self.to_move = 1 - p
        self.events = ev
        self._record_position()

    def _end_turn(self, p: int) -> None:
        """S11: ``end`` passes the hourglass; the opponent has exactly one more action."""
        ev: list[Event] = [("end", p)]
        self.quiet += 1
        if self.quiet >= self._limit:
            self.events = ev
            self._end(DRAW, f"{self._limit} combat actions in a row without a fight")
            return
        self.phase = FINAL
        self.ender = p
        self.clock = self.to_move = 1 - p
        self.events = ev
        self._record_position()

    def _decline(self, p: int) -> None:
        """S11: no last action; the hourglass stays, so the decliner places first."""
        ev: list[Event] = [("decline", p)]
        self.quiet += 1
        if self.quiet >= self._limit:
            self.events = ev
            self._end(DRAW, f"{self._limit} combat actions in a row without a fight")
            return
        self.clock = p
        self._start_placement(ev)

    def _record_position(self) -> None:
        """§3.8 ``repetition_limit``: the same position for the n-th time is a draw.

        A position is the squares of the soldiers (by token, which every seat can follow
        since the last reveal or placement), both columns, the side to act and the phase.
        The table is emptied by every fight, placement and reveal, none of which can be
        undone, so it only holds positions that can still recur.
        """
        if not self._rep_limit:
            return
        key = (tuple(self.board), self._colkey, self.to_move, self.phase)
        n = self.reps.get(key, 0) + 1
        self.reps[key] = n
        if n >= self._rep_limit:
            self._end(DRAW, f"the same position occurred {n} times")

    def _end(self, winner: int, reason: str) -> None:
        self.phase = OVER
        self.winner = winner
        self.reason = reason
        self.events.append(("over", winner, reason))

    # --- refusals --------------------------------------------------------------------------

    def _why_illegal(self, action: Action) -> tuple[str, str]:
        phase = self.phase
        p = self.to_move
        geo = self.geo
        idx = self._index
        if isinstance(action, Place):
            if phase != PLACEMENT:
                return N_("SEED S8 (combat phase)"), _("it is the combat phase: move, attack or end the turn")
            sq = idx[action.square]
            if geo.side[sq] != p:
                return N_("rules/nilo.md §3.4"), _("{square} is not in your half; place on your own squares").format(
                    square=action.square
                )
            if self.board[sq] >= 0:
                return N_("rules/nilo.md §3.4"), _("{square} is occupied; place on an empty square").format(
                    square=action.square
                )
            if action.down and geo.vanguard[sq]:
                return N_("SEED S7"), _("a token placed in the vanguard is always face up")
            return self._why_no_token(action)
        if phase == PLACEMENT:
            return N_("SEED S7 (placement phase)"), _("it is the placement phase: place a token ('place 4 a2')")
        if isinstance(action, End):
            return N_("SEED S11"), _("your opponent ended the turn: one last action (move, attack) or 'decline'")
        if isinstance(action, Decline):
            return N_("SEED S11"), _("'decline' only answers the opponent's 'end'; to stop acting, use 'end'")
        assert isinstance(action, Move | Attack)
        src, dst = idx[action.src], idx[action.dst]
        tok = self.board[src]
        if tok < 0 or tok >> SIDE_SHIFT != p:
            return N_("SEED S8"), _("you have no soldier on {square}").format(square=action.src)
        if isinstance(action, Move):
            if geo.side[dst] != p:
                return N_("rules/nilo.md §3.5"), _("soldiers move only inside their own half")
            if dst not in geo.neighbors[src]:
                return N_("SEED S8"), _("a soldier moves one square left, right, forward or back, never diagonally")
            return N_("rules/nilo.md §3.5"), _("{square} is occupied; soldiers do not stack").format(square=action.dst)
        if geo.side[dst] == p:
            return N_("SEED S8"), _("you attack enemy squares, not your own")
        if geo.col_of(src) != geo.col_of(dst):
            return N_("SEED S10"), _("a soldier attacks only the squares straight in front of it, never diagonally")
        if not geo.vanguard[src] and not geo.vanguard[dst]:
            return N_("SEED S10"), _("a rearguard soldier may attack only the enemy vanguard square")
        if self._blocking:
            for tgt, blocker in geo.attack_lines[src]:
                if tgt == dst and blocker >= 0 and self.board[blocker] >= 0:
                    return (
                        N_("rules/nilo.md §3.6 (option blocking)"),
                        _("the soldier on {square} blocks the way").format(square=geo.names[blocker]),
                    )
        return N_("rules/nilo.md §3.6"), _("{square} is an empty vanguard square: there is nothing to attack").format(
            square=action.dst
        )

    def _why_no_token(self, action: Place) -> tuple[str, str]:
        hand = self.hand[self.to_move]
        if action.value == UNSEEN:
            if self._sees:
                return N_("rules/nilo.md §3.3"), _("you have seen your tokens: name the value ('place 4 ...')")
            return N_("rules/nilo.md §3.3"), _("you hold no token you have not seen")
        public = [self.val[t] for t in hand if self.up[t]]
        if action.down and action.value in public:
            return N_("Netjer ruling (docs/rules-coverage.md)"), _("a face-up (known) token is never put face down")
        if not self._sees:
            return (
                N_("rules/nilo.md §3.3 (option owner_sees_drawn=false)"),
                _("you have not seen your hidden tokens: place them with 'place ? <square>'"),
            )
        return N_("SEED S7"), _("you hold no token of value {value}").format(value=action.value)

    # --- copies, views and determinization ---------------------------------------------

    def clone(self) -> NileState:
        new = NileState.__new__(NileState)
        self._copy_base_to(new)
        new.geo = self.geo
        new._table = self._table
        new._moves = self._moves
        new._attacks = self._attacks
        new._index = self._index
        new._blocking = self._blocking
        new._stays = self._stays
        new._sees = self._sees
        new._exhaustion = self._exhaustion
        new._limit = self._limit
        new._rep_limit = self._rep_limit
        new.board = self.board[:]
        new.val = self.val  # never mutated; determinize replaces it
        new.up = self.up[:]
        new.col = [self.col[0][:], self.col[1][:]]
        new.hand = [self.hand[0][:], self.hand[1][:]]
        new.dead = [self.dead[0][:], self.dead[1][:]]
        new.clock = self.clock
        new.phase = self.phase
        new.to_move = self.to_move
        new.ender = self.ender
        new.round = self.round
        new.quiet = self.quiet
        new.reps = dict(self.reps)
        new._colkey = self._colkey
        new.winner = self.winner
        new.reason = self.reason
        new.events = self.events  # replaced, never mutated, after each action
        new.log = self.log
        return new

    def knows(self, seat: int | None, t: int) -> bool:
        """Whether ``seat`` (``None``: a spectator) knows the value of token ``t`` (§3.3).

        Face-up tokens are public; a face-down token is known to its owner only when it has
        been drawn (hand or board, not the column) and ``owner_sees_drawn`` is on.
        """
        if self.up[t]:
            return True
        if seat is None or t >> SIDE_SHIFT != seat or not self._sees:
            return False
        return t not in self.col[seat]

    def hidden_tokens(self, seat: int | None) -> list[list[int]]:
        """Per side, the tokens whose value ``seat`` does not know (for determinization)."""
        out: list[list[int]] = [[], []]
        for s in (SETH, ISIS):
            on_board = [t for t in self.board if t >= 0 and t >> SIDE_SHIFT == s]
            for t in self.col[s] + self.hand[s] + on_board:
                if not self.knows(seat, t):
                    out[s].append(t)
        return out

    def _resample_hidden(self, seat: int, rng: Rng) -> NileState:
        """A clone in which the values of the tokens ``seat`` cannot see are re-dealt among
        themselves, side by side (each side's multiset is fixed; the cemeteries and every
        face-up or seat-known value stay).  ``State.determinize`` then re-seeds it and
        empties its history.

        Canonical, as the kernel requires: each side's unknown values are sorted before the
        shuffle and dealt to the unknown tokens in a fixed order (column, hand, board), so
        the result depends only on ``observation(seat)`` and ``rng``.  Every unseen token of
        a side has the same public history (where it stands, when it was drawn), so a
        uniform deal is the exact posterior when play carries no information, as ISMCTS
        assumes (Cowling, Powley & Whitehouse 2012).
        """
        new = self.clone()
        val = self.val[:]
        for tokens in self.hidden_tokens(seat):
            values = sorted(val[t] for t in tokens)
            rng.shuffle(values)
            for t, v in zip(tokens, values, strict=True):
                val[t] = v
        new.val = val
        return new

    # ``seat`` (and ``viewer``) typed ``SupportsIndex``, as in the Ankh state: compiled (``make
    # compiled``), a function checks its arguments' types on entry, and ``int`` refused a NumPy
    # integer, which the Python build accepts; ``check_seat`` gives a bad seat its SeatError.
    def observation(self, seat: SupportsIndex | None) -> JsonDict:
        """What ``seat`` knows (``None``: a spectator), JSON-serialisable.

        Public: the board (who stands where, face-up values), each column's length and its
        face-up tokens in place, hand sizes and face-up hand tokens, both cemeteries (SEED
        S9, §5.21), the hourglass, the phase, the counters of the draw rules, the events of
        the last action (``events``) and of the whole game (``log``).  Private to a seat
        (with ``owner_sees_drawn``): the values of its own face-down tokens on the board and
        in its hand.  Never shown: token numbers.
        """
        return self._observation(self.check_seat(seat))

    def _observation(self, seat: int | None) -> JsonDict:
        val = self.val
        geo = self.geo
        c = geo.columns

        def cell(sq: int) -> JsonDict | None:
            t = self.board[sq]
            if t < 0:
                return None
            return {
                "owner": t >> SIDE_SHIFT,
                "value": val[t] if self.knows(seat, t) else None,
                "face_up": self.up[t],
            }

        players = []
        for s in (SETH, ISIS):
            players.append(
                {
                    "name": GOD[s],
                    "column": [val[t] if self.up[t] else None for t in self.col[s]],
                    "hand": [val[t] if self.knows(seat, t) else None for t in self.hand[s]],
                    "hand_face_up": [self.up[t] for t in self.hand[s]],
                    "cemetery": [val[t] for t in self.dead[s]],
                    "on_board": sum(1 for t in self.board if t >= 0 and t >> SIDE_SHIFT == s),
                }
            )
        over = self.phase == OVER
        key = (tuple(self.board), self._colkey, self.to_move, self.phase)
        return {
            "game": "nile",
            "title": "Dioses del Nilo",
            "seat": seat,
            "columns": c,
            "square_names": [list(geo.names[r * c : (r + 1) * c]) for r in range(4)],
            "board": [[cell(r * c + x) for x in range(c)] for r in range(4)],
            "players": players,
            "phase": PHASE_NAMES[self.phase],
            "round": self.round,
            "to_move": None if over else self.to_move,
            "hourglass": self.clock,
            "ended_by": self.ender if self.phase == FINAL else None,
            "quiet": self.quiet,
            "no_fight_limit": self._limit,
            "repetitions": self.reps.get(key, 0) if self.phase in (COMBAT, FINAL) else 0,
            "repetition_limit": self._rep_limit,
            "winner": None if self.winner == NO_WINNER else ("draw" if self.winner == DRAW else self.winner),
            "result": self.reason or None,
            "events": [_event_text(e, geo) for e in self.events],
            # Each action is told by describe_action (as each seat may know it), which both
            # front ends print before the log's new lines; the log keeps what no action's
            # words tell (draws, reveals, a fight's values and result, phases, the end), so that
            # nothing is told twice.
            "log": [_event_text(e, geo) for e in self.log_events() if e[0] not in TOLD_BY_ACTIONS],
        }

    def log_events(self) -> list[Event]:
        """Every public event since the start of the game, in order."""
        return chained_events(self.log)

    def full_state(self) -> JsonDict:
        """Every written field of the declaration (:mod:`netjer.games.nile.fields`) under its
        key, after the kernel's seed, generator state and history."""
        out: JsonDict = {"seed": self.seed, "rng": self.rng.state, "history": [str(a) for a in self.history]}
        out.update(write_fields(self, FIELDS, JSON_FORMS))
        return out

    def describe_action(self, action: Action, viewer: SupportsIndex | None) -> str:
        """Words for ``action`` by the current player, as ``viewer`` may know it: the value
        of a token put face down is told only to its owner (if they have seen it)."""
        p = self.to_move
        name = _god(p)
        if isinstance(action, Place):
            words = {"god": name, "value": action.value, "square": action.square}
            if action.down:
                if viewer == p and action.value != UNSEEN:
                    return _("{god} places a {value} face down on {square}.").format(**words)
                return _("{god} places a token face down on {square}.").format(**words)
            if action.value == UNSEEN:
                return _("{god} places an unseen token face up on {square}.").format(**words)
            return _("{god} places a {value} face up on {square}.").format(**words)
        if isinstance(action, Move):
            return _("{god} moves the soldier on {from_square} to {to_square}.").format(
                god=name, from_square=action.src, to_square=action.dst
            )
        if isinstance(action, Attack):
            return _("{god} attacks {square} with the soldier on {from_square}.").format(
                god=name, square=action.dst, from_square=action.src
            )
        if isinstance(action, End):
            return _("{god} ends the turn; {other} has one last action.").format(god=name, other=_god(1 - p))
        if isinstance(action, Decline):
            return _("{god} declines the last action and will place first.").format(god=name)
        return super().describe_action(action, None if viewer is None else index(viewer))


#: The events whose words an action's description already gives (a placement, a move, an
#: attack on an undefended rearguard, an end of turn, a declined last action): left out of the log.
TOLD_BY_ACTIONS: Final = frozenset({"place", "move", "win", "end", "decline"})

#: Events already told, by (language, board columns, event): an observation tells the whole log
#: again, and a game's events are few and immutable (cleared when it grows past the bound).
_TOLD: Final[dict[tuple[str, int, Event], str]] = {}
_TOLD_MAX: Final = 50_000


def _event_text(ev: Event, geo: Geometry) -> str:
    """One public event in words (values appear only once public), in the process's language
    (:mod:`netjer.i18n`: the terminal's ``--lang``; the server keeps English); remembered in
    :data:`_TOLD`."""
    key = (get_language(), geo.columns, ev)
    text = _TOLD.get(key)
    if text is None:
        if len(_TOLD) >= _TOLD_MAX:
            _TOLD.clear()
        text = _TOLD[key] = _tell_event(ev, geo)
    return text


def _tell_event(ev: Event, geo: Geometry) -> str:
    """:func:`_event_text` without the memory."""
    tag = ev[0]
    names = geo.names
    if tag == "placement":
        return _("Round {round}: placement phase.").format(round=ev[1])
    if tag == "draw":
        n = ev[2]
        return ngettext("{god} draws {n} token from the column.", "{god} draws {n} tokens from the column.", n).format(
            god=_god(ev[1]), n=n
        )
    if tag == "place":
        if ev[3] is None:
            return _("{god} places a token face down on {square}.").format(god=_god(ev[1]), square=names[ev[2]])
        return _("{god} places a {value} on {square}.").format(god=_god(ev[1]), value=ev[3], square=names[ev[2]])
    if tag == "return":
        vals = ", ".join(str(v) for v in ev[2])
        return ngettext(
            "{god}'s half is full: {values} goes back face up on top of the column.",
            "{god}'s half is full: {values} go back face up on top of the column.",
            len(ev[2]),
        ).format(god=_god(ev[1]), values=vals)
    if tag == "combat":
        return _("Combat phase: {god} acts first.").format(god=_god(ev[1]))
    if tag == "move":
        return _("{god} moves {from_square} to {to_square}.").format(
            god=_god(ev[1]), from_square=names[ev[2]], to_square=names[ev[3]]
        )
    if tag == "reveal":
        return _("The soldier entering the vanguard on {square} is turned face up: a {value}.").format(
            square=names[ev[2]], value=ev[3]
        )
    if tag == "fight":
        p, _src, dst, va, vd, stays = ev[1:]
        o = 1 - p
        words = {"god": _god(p), "enemy": _god(o), "mine": va, "theirs": vd, "square": names[dst]}
        if va > vd:
            result = _("{enemy}'s {theirs} dies; {god}'s {mine} rests on top of {god}'s column").format(**words)
        elif va < vd and stays:
            result = _("{god}'s {mine} dies; {enemy}'s {theirs} stays on {square}").format(**words)
        elif va < vd:
            result = _("{god}'s {mine} dies; {enemy}'s {theirs} rests on top of {enemy}'s column").format(**words)
        else:
            result = _("a tie: both die")
        # The attack itself is the action's description; the fight adds the values and the result.
        return _("The fight on {square}: {god}'s {mine} against {enemy}'s {theirs}; {result}.").format(
            **words, result=result
        )
    if tag == "win":
        return _("{god} attacks the undefended rearguard {square} from {from_square}.").format(
            god=_god(ev[1]), square=names[ev[3]], from_square=names[ev[2]]
        )
    if tag == "end":
        return _("{god} ends the turn.").format(god=_god(ev[1]))
    if tag == "decline":
        return _("{god} declines the last action.").format(god=_god(ev[1]))
    if tag == "over":
        reason = reason_text(ev[2])
        if ev[1] == DRAW:
            return _("The game is drawn: {reason}.").format(reason=reason)
        return _("{god} wins: {reason}.").format(god=_god(ev[1]), reason=reason)
    return str(ev)


def _god(seat: int) -> str:
    """Seat ``seat``'s god in the process's language."""
    return _(GOD[seat])


def reason_text(reason: str) -> str:
    """The end of a game's reason (kept in English in the state and its record, ``reason``) in
    the process's language: each of the engine's reasons has a message here."""
    words = reason.split()
    if reason.endswith(" combat actions in a row without a fight") and words[0].isdigit():
        return _("{n} combat actions in a row without a fight").format(n=words[0])
    if reason.startswith("the same position occurred ") and words[-2].isdigit():
        return _("the same position occurred {n} times").format(n=words[-2])
    if len(words) == 6 and " attacked the undefended rearguard " in reason:
        return _("{god} attacked the undefended rearguard {square}").format(god=_(words[0]), square=words[-1])
    if reason == "neither side has a soldier on the board or in its column":
        return _("neither side has a soldier on the board or in its column")
    return reason
