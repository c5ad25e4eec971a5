"""Build a Dioses del Nilo position directly (for puzzles, tests and analysis).

A built position is a state like any other, except that it was not reached from a seed:
its ``history`` is empty and it cannot be saved as a game record.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Literal

from netjer.core.errors import ConfigError
from netjer.core.state import State
from netjer.games.nile.board import ISIS, SETH
from netjer.games.nile.game import NileGame
from netjer.games.nile.soldiers import SIDE_STRIDE, VALUE_SETS
from netjer.games.nile.state import COMBAT, FINAL, NO_WINNER, PHASE_NAMES, PLACEMENT, NileState

#: A token: ``(value, face_up)``.
Token = tuple[int, bool]
_EMPTY: tuple[Sequence[Token], Sequence[Token]] = ((), ())


def build_position(
    game: NileGame,
    *,
    board: Mapping[str, Token],
    columns: Sequence[Sequence[Token]] = _EMPTY,
    hands: Sequence[Sequence[Token]] = _EMPTY,
    cemeteries: Sequence[Sequence[int]] = ((), ()),
    phase: Literal["placement", "combat", "final_action"] = "combat",
    to_move: int = SETH,
    quiet: int = 0,
    round_number: int = 1,
    leftover: Literal["cemetery", "column"] = "cemetery",
    seed: int = 0,
) -> NileState:
    """A state with the given pieces, for ``game``'s options.

    Args:
        game: the game (its options decide the board size and the value set).
        board: square name -> token; the owner is the side whose half holds the square.
        columns: per side (Seth, Isis), the column bottom first (the next drawn first).
        hands: per side, the drawn tokens (placement phase only).
        cemeteries: per side, the values of its dead tokens.
        phase: the decision point; ``"final_action"`` means the side not to move has just
            ended the turn (SEED S11).
        to_move: the side to act, which also holds the hourglass.
        quiet: combat actions since the last fight (``no_fight_limit``).
        round_number: the round shown in observations.
        leftover: where each side's tokens not listed go: its cemetery (face up) or the top
            of its column (face down), so that every side always has its 15 tokens.
        seed: seed of the state's generator (nothing random happens after setup).

    Returns:
        The state; the current position counts once for the repetition rule.

    Raises:
        ConfigError: if a side would have values its set lacks, a square name is unknown,
            a vanguard token is face down (SEED S7), hands are not empty outside the
            placement phase, or the side to move cannot act in the placement phase.
    """
    opts = game.opts
    st = NileState.__new__(NileState)
    State.__init__(st, game, seed)
    st._configure(game)
    geo = st.geo
    st.board = [-1] * geo.size
    st.val = [0] * (2 * SIDE_STRIDE)
    st.up = [False] * (2 * SIDE_STRIDE)
    st.col, st.hand, st.dead = [[], []], [[], []], [[], []]
    supply = [Counter(VALUE_SETS[opts.values]), Counter(VALUE_SETS[opts.values])]
    next_id = [0, 0]

    def token(side: int, value: int, face_up: bool, where: str) -> int:
        if supply[side][value] <= 0:
            raise ConfigError(f"{where}: {('Seth', 'Isis')[side]} has no more tokens of value {value}")
        supply[side][value] -= 1
        t = side * SIDE_STRIDE + next_id[side]
        next_id[side] += 1
        st.val[t] = value
        st.up[t] = face_up
        return t

    for name, (value, face_up) in board.items():
        if name not in geo.index:
            raise ConfigError(f"no square {name!r} on a {geo.columns}-column board")
        sq = geo.index[name]
        if geo.vanguard[sq] and not face_up:
            raise ConfigError(f"{name}: a vanguard token is always face up (SEED S7)")
        st.board[sq] = token(geo.side[sq], value, face_up, name)
    for s in (SETH, ISIS):
        st.col[s] = [token(s, v, up, "column") for v, up in columns[s]]
        st.hand[s] = [token(s, v, up, "hand") for v, up in hands[s]]
        st.dead[s] = [token(s, v, True, "cemetery") for v in cemeteries[s]]
        for value in sorted(supply[s].elements()):
            if leftover == "cemetery":
                st.dead[s].append(token(s, value, True, "leftover"))
            else:
                st.col[s].append(token(s, value, False, "leftover"))
    st.phase = PHASE_NAMES.index(phase)
    st.clock = st.to_move = to_move
    st.ender = 1 - to_move if st.phase == FINAL else -1
    st.round = round_number
    st.quiet = quiet
    st.reps = {}
    st._colkey = (tuple(st.col[0]), tuple(st.col[1]))
    st.winner = NO_WINNER
    st.reason = ""
    st.events = []
    st.log = None
    if st.phase == PLACEMENT:
        if not st.hand[to_move] or all(st.board[sq] >= 0 for sq in geo.own[to_move]):
            raise ConfigError("in the placement phase the side to move needs a token and an empty square")
    elif st.hand[0] or st.hand[1]:
        raise ConfigError("hands hold tokens only during the placement phase")
    if st.phase in (COMBAT, FINAL):
        st._record_position()
    return st
