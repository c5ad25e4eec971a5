"""Invariants over random play (Hypothesis): token conservation, and that a seat's
observation never reveals what it cannot see (rules/nilo.md §3.3, §5.21)."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from netjer.core import Rng
from netjer.games.nile import NileGame, NileState
from netjer.games.nile.soldiers import SIDE_SHIFT, TOKENS_PER_SIDE, VALUE_SETS
from tests.games.nile.builder import ISIS, SETH

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"owner_sees_drawn": False},
    {"columns": 5, "values": "triangular", "defender_winner_stays": True, "blocking": True},
]


def check_conservation(state: NileState) -> None:
    """Each side's 15 tokens are on the board + in its column + cemetery + hand, once each."""
    values = VALUE_SETS[state.game.opts.values]  # type: ignore[attr-defined]
    for side in (SETH, ISIS):
        on_board = [t for t in state.board if t >= 0 and t >> SIDE_SHIFT == side]
        tokens = on_board + state.col[side] + state.dead[side] + state.hand[side]
        assert len(tokens) == len(set(tokens)) == TOKENS_PER_SIDE
        assert all(t >> SIDE_SHIFT == side for t in tokens)
        assert Counter(state.val[t] for t in tokens) == Counter(values)
        assert all(state.up[t] for t in state.dead[side])  # SEED S9: face up


def hidden_locations(state: NileState, seat: int) -> list[tuple[Any, ...]]:
    """JSON paths in observation(seat) where a token whose value ``seat`` must not know sits."""
    paths: list[tuple[Any, ...]] = []
    c = state.geo.columns
    for sq, t in enumerate(state.board):
        if t >= 0 and not state.knows(seat, t):
            paths.append(("board", sq // c, sq % c, "value"))
    for side in (SETH, ISIS):
        paths += [("players", side, "column", i) for i, t in enumerate(state.col[side]) if not state.up[t]]
        hand = state.hand[side]
        paths += [("players", side, "hand", i) for i, t in enumerate(hand) if not state.knows(seat, t)]
    return paths


def check_views(state: NileState, rng: Rng) -> None:
    for seat in (SETH, ISIS):
        obs = state.observation(seat)
        # Search the serialized observation: every hidden token's entry is null.
        data = json.loads(json.dumps(obs))
        for path in hidden_locations(state, seat):
            node: Any = data
            for key in path:
                node = node[key]
            assert node is None, f"seat {seat} sees a hidden value at {path}"
        # An opponent's face-down token on the board never shows its value.
        for sq, t in enumerate(state.board):
            if t >= 0 and t >> SIDE_SHIFT != seat and not state.up[t]:
                c = state.geo.columns
                assert data["board"][sq // c][sq % c]["value"] is None
        # Determinizations: same observation, same multisets, known values kept.
        for _ in range(2):
            det = state.determinize(seat, rng)
            assert det.observation(seat) == obs
            check_conservation(det)
            for t in range(32):
                if state.knows(seat, t):
                    assert det.val[t] == state.val[t]
            if state.current_player == seat:
                assert det.legal_actions() == state.legal_actions()


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    which=st.integers(0, len(OPTION_SETS) - 1),
    choices=st.lists(st.integers(0, 10**6), min_size=0, max_size=120),
)
def test_random_play_keeps_invariants(seed: int, which: int, choices: list[int]) -> None:
    state = NileGame(OPTION_SETS[which]).new_initial_state(seed)
    rng = Rng(seed ^ 0x5EED)
    check_conservation(state)
    check_views(state, rng)
    for choice in choices:
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state.apply(legal[choice % len(legal)])
        check_conservation(state)
        check_views(state, rng)


def test_determinize_redeals_hidden_values() -> None:
    """Determinization must actually re-sample: over a few draws, the opponent's hidden
    tokens take other values than the true ones (else search would peek)."""
    state = NileGame().new_initial_state(seed=11)
    while state.observation(None)["phase"] == "placement":
        face_down = [a for a in state.legal_actions() if str(a).endswith("down")]
        state.apply(face_down[0] if face_down else state.legal_actions()[0])
    rng = Rng(1)
    hidden = [t for t in state.board if t >= 0 and t >> SIDE_SHIFT == ISIS and not state.up[t]]
    hidden += state.col[ISIS]
    seen = {tuple(state.determinize(SETH, rng).val[t] for t in hidden) for _ in range(20)}
    assert len(seen) > 1
    # The owner's own view keeps its own face-down token (it saw it) but re-deals its column.
    own_down = [t for t in state.board if t >= 0 and t >> SIDE_SHIFT == SETH and not state.up[t]]
    for _ in range(5):
        det = state.determinize(SETH, rng)
        assert [det.val[t] for t in own_down] == [state.val[t] for t in own_down]


def test_determinize_reseeds_the_generator() -> None:
    state = NileGame().new_initial_state(seed=5)
    a = state.determinize(SETH, Rng(1))
    b = state.determinize(SETH, Rng(2))
    assert a.rng not in (state.rng, b.rng)


def test_spectator_sees_no_face_down_value() -> None:
    state = NileGame().new_initial_state(seed=9)
    state.apply(next(a for a in state.legal_actions() if str(a).endswith("a1 down")))
    obs = state.observation(None)
    assert obs["board"][0][0] is None or obs["board"][0][0]["value"] is None
    assert all(v is None for p in obs["players"] for v in p["hand"])
