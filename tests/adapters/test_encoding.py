"""Observation tensors (netjer.adapters.encoding): fixed size, bounded, from observations only."""

from __future__ import annotations

from typing import Any

import pytest

from netjer.adapters.encoding import (
    ENCODERS,
    LAYOUTS,
    Bounded,
    EncodingError,
    HashedEncoder,
    LayoutEncoder,
    Obj,
    OneHot,
    Seq,
    encoder_for,
)
from netjer.core import Rng
from netjer.games.registry import make_game
from tests.adapters.cases import GAME_CASES, QUICK_CASES


@pytest.mark.parametrize(("name", "options"), QUICK_CASES)
def test_every_observation_fits_the_layout(name: str, options: dict[str, Any]) -> None:
    """Random games: every seat's (and the public) observation encodes, with the fixed size, in range."""
    game = make_game(name, options)
    encoder = encoder_for(game)
    assert encoder.kind == ("layout" if name in LAYOUTS or name in ENCODERS else "hashed")
    for seed in range(1 if name == "ankh" else 12):  # Ankh: also tests/adapters/test_ankh_tensor.py
        state = game.new_initial_state(seed)
        rng = Rng(seed)
        while True:
            for seat in [*range(game.num_players), None]:
                tensor = encoder.encode(state.observation(seat))
                assert len(tensor) == encoder.size
                assert all(encoder.low <= x <= encoder.high for x in tensor)
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("name", "options"), GAME_CASES)
def test_tensor_depends_only_on_the_observation(name: str, options: dict[str, Any]) -> None:
    """A determinization (hidden facts re-drawn) gives the seat the same tensor."""
    game = make_game(name, options)
    encoder = encoder_for(game)
    state = game.new_initial_state(3)
    rng = Rng(5)
    for _ in range(25):
        if state.is_terminal:
            break
        for seat in range(game.num_players):
            det = state.determinize(seat, rng)
            assert encoder.encode(det.observation(seat)) == encoder.encode(state.observation(seat))
        state.apply(rng.choice(state.legal_actions()))


def test_private_information_changes_only_the_owner_tensor() -> None:
    """Aton: the hand is in seat 0's tensor, not in seat 1's or the public one."""
    game = make_game("aton")
    encoder = encoder_for(game)
    names = encoder.names()
    hand = [i for i, n in enumerate(names) if n.startswith("players[0].hand#")]
    assert len(hand) == 4
    state = game.new_initial_state(1)
    mine = encoder.encode(state.observation(0))
    theirs = encoder.encode(state.observation(1))
    public = encoder.encode(state.observation(None))
    assert sum(mine[i] for i in hand) == pytest.approx(1.0)  # 4 cards, each count / 4
    assert all(theirs[i] == 0 and public[i] == 0 for i in hand)


def test_layout_refuses_what_it_does_not_declare() -> None:
    layout = LayoutEncoder(Obj({"a": OneHot([1, 2]), "b": Seq(Bounded(3), 2)}))
    assert layout.encode({"a": 2, "b": [3]}) == [0.0, 1.0, 1.0, 0.0]
    with pytest.raises(EncodingError, match=r"\.c: this key is not in the declared layout"):
        layout.encode({"c": 1})
    with pytest.raises(EncodingError, match=r"\.a: 3 is not one of"):
        layout.encode({"a": 3})
    with pytest.raises(EncodingError, match="more than the declared 2"):
        layout.encode({"b": [1, 1, 1]})
    with pytest.raises(EncodingError, match="outside the declared range"):
        layout.encode({"b": [4]})
    with pytest.raises(EncodingError, match="not one of"):
        layout.encode({"a": True})  # True is not the value 1


def test_hashed_fallback_is_stable_and_bounded() -> None:
    """The generic encoder (used by a game without a layout): same input, same tensor, in [-1, 1]."""
    encoder = HashedEncoder(64)
    obs = {"phase": "x", "hand": [1, 2, 3], "score": 12, "flag": True, "none": None, "log": ["a b"]}
    first = encoder.encode(obs)
    assert first == HashedEncoder(64).encode(obs)
    assert len(first) == 64 and all(-1.0 <= x <= 1.0 for x in first)
    assert first != encoder.encode({**obs, "hand": [1, 2, 4]})
