"""Invariants over random playouts (Hypothesis): stones, cards, scores (rules/aton.md §1)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from netjer.games.aton import AtonGame, AtonState
from netjer.games.aton.layout import NUM_KINDS, NUM_TEMPLES


def _check(state: AtonState) -> None:
    for p in (0, 1):
        on_board = sum(state.count[p * 24 : (p + 1) * 24])
        assert on_board == state.owner.count(p)
        assert on_board + state.supply[p] + state.kingdom[p] == 29, "stones: board + supply + Kingdom = 29"
        cards = (
            len(state.draw[p])
            + len(state.discard[p])
            + len(state.hidden_discard[p])
            + len(state.hand[p])
            + sum(1 for c in state.cartouches[p] if c)
        )
        assert cards == 36, "cards: draw + discard + hand + cartouches = 36"
        assert sorted(
            state.draw[p]
            + state.discard[p]
            + state.hidden_discard[p]
            + state.hand[p]
            + [c for c in state.cartouches[p] if c]
        ) == sorted([1, 2, 3, 4] * 9)
        assert 0 <= state.known_bottom[p] <= len(state.draw[p])
    for slot in range(NUM_TEMPLES * NUM_KINDS):
        assert state.empty[slot] + state.count[slot] + state.count[24 + slot] == len(state.layout.slots[slot])


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), choices=st.lists(st.integers(0, 10**6), min_size=50, max_size=400))
def test_stones_cards_and_scores_are_conserved(seed: int, choices: list[int]) -> None:
    state = AtonGame().new_initial_state(seed)
    scores = list(state.scores)
    _check(state)
    for c in choices:
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state.apply(legal[c % len(legal)])
        _check(state)
        assert all(new >= old for new, old in zip(state.scores, scores, strict=True)), "scores never decrease"
        scores = list(state.scores)
