"""Checks of a state's field declaration (:mod:`netjer.core.fields`), shared by the games' field tests."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from netjer.core import Rng
from netjer.core.fields import KERNEL_ATTRIBUTES, NOT_WRITTEN, StateField, held_attributes
from netjer.core.state import State


def random_game_states(new_state: Callable[[], State], seed: int, every: int = 5) -> list[State]:
    """Clones of every ``every``-th state of a random game played from ``new_state()`` with
    generator seed ``seed``, and its last state."""
    state = new_state()
    rng = Rng(seed)
    out: list[State] = []
    while not state.is_terminal:
        if len(state.history) % every == 0:
            out.append(state.clone())
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    out.append(state)
    return out


def assert_every_attribute_declared(state: State, fields: Sequence[StateField]) -> None:
    """The state holds exactly the declared fields and the kernel's attributes."""
    assert held_attributes(state) == {f.name for f in fields} | KERNEL_ATTRIBUTES


def assert_full_state_writes_the_declaration(state: State, fields: Sequence[StateField]) -> None:
    """``full_state`` has the kernel's keys and one key per written field, nothing else."""
    keys = {f.json_key for f in fields if f.json not in NOT_WRITTEN} | {"seed", "rng", "history"}
    assert set(state.full_state()) == keys


def assert_clone_follows_the_declaration(state: State, fields: Sequence[StateField]) -> None:
    """A clone equals its state; each field is copied in its declared mode: a ``share`` field is
    the same value, any other a new container (for ``rows``, each row new too)."""
    c = state.clone()
    assert c == state
    for f in fields:
        mine, theirs = getattr(c, f.name), getattr(state, f.name)
        assert mine == theirs, f.name
        if f.copy != "share":
            assert mine is not theirs, f"{f.name} is shared by the clone, declared {f.copy}"
        if f.copy == "rows":
            assert all(a is not b for a, b in zip(mine, theirs, strict=True)), f"{f.name}: a row is shared"
