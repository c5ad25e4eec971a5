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


def changed(value: object) -> object:
    """A value unequal to ``value`` of a shape ``full_state`` can still write: a list gets its
    last item again (or a 0), a number one more, a bool its negation, a text an extra letter."""
    if isinstance(value, list):
        return [*value, value[-1] if value else 0]
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "x"
    raise TypeError(f"no generic change for a {type(value).__name__}: give one")


def assert_every_written_field_counts(
    state: State, fields: Sequence[StateField], changes: dict[str, Callable[[object], object]] | None = None
) -> None:
    """Changing any written field makes a clone unequal to ``state`` (equality compares
    ``full_state``). ``changes`` gives the change of a field :func:`changed` cannot make."""
    for f in fields:
        if f.json in NOT_WRITTEN:
            continue
        c = state.clone()
        change = (changes or {}).get(f.name, changed)
        if f.json == "phase":  # a phase code: another valid one
            change = (changes or {}).get(f.name, lambda phase: 0 if phase else 1)
        setattr(c, f.name, change(getattr(c, f.name)))
        assert c != state, f.name
