"""The Ankh state's field declaration (fields.py) is complete: every attribute is copied, compared and serialised."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from netjer.core import Rng
from netjer.games.ankh import AnkhGame, AnkhState
from netjer.games.ankh.fields import FIELDS, KERNEL_ATTRIBUTES, field_table
from netjer.games.ankh.gods.base import HOOK_NAMES, hooks_for

DOCS = Path(__file__).resolve().parents[3] / "docs" / "ankh-state.md"
OPTION_SETS = [
    {"players": 5, "gods": "amun,anubis,isis,osiris,ra"},
    {"players": 5, "gods": "bastet,hathor,thoth,horus,seth"},
    {"players": 3, "gods": "none"},
]


def playout_states(options: dict[str, Any], seed: int, every: int = 7) -> list[AnkhState]:
    """Clones of every ``every``-th state of a seeded random game, and its last state."""
    state = AnkhGame(options).new_initial_state(seed)
    rng = Rng(seed)
    out = []
    while not state.is_terminal:
        if len(state.history) % every == 0:
            out.append(state.clone())
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    out.append(state)
    return out


@pytest.fixture(scope="module")
def states() -> list[AnkhState]:
    return [s for opts in OPTION_SETS for seed in (1, 2) for s in playout_states(opts, seed)]


def test_every_attribute_is_declared(states: list[AnkhState]) -> None:
    declared = {f.name for f in FIELDS}
    for s in states:
        assert set(vars(s)) == declared | KERNEL_ATTRIBUTES


def test_every_field_is_serialised(states: list[AnkhState]) -> None:
    keys = {f.json_key for f in FIELDS if f.json != "derived"} | {"seed", "rng", "history"}
    for s in states[::5]:
        assert set(s.full_state()) == keys


def test_the_derived_hooks_follow_the_holders(states: list[AnkhState]) -> None:
    for s in states:
        rebuilt = hooks_for(tuple(i for i, g in enumerate(s.holder) if g >= 0))
        for name in HOOK_NAMES:
            assert getattr(s.hooks, name) == getattr(rebuilt, name), name


def test_clone_copies_every_mutable_field(states: list[AnkhState]) -> None:
    for s in states[::3]:
        c = s.clone()
        assert c == s
        for f in FIELDS:
            if f.copy != "share":
                assert getattr(c, f.name) is not getattr(s, f.name), f.name
        assert all(a is None or a is not b for a, b in zip(c.power_data, s.power_data, strict=True))
        assert c.rng is not s.rng and c.history is not s.history


def _changed(value: Any, others: list[Any]) -> Any:
    """A value of ``value``'s kind that differs from it (``others``: values seen in play)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "x"
    if isinstance(value, frozenset):
        return value | {99}
    if isinstance(value, list):
        return [*value, value[0] if value else 0]
    if isinstance(value, tuple):
        return value[::-1] if len(set(value)) > 1 else (*value, value[0] if value else 0)
    return next(o for o in others if o is not value and o != value)


def test_changing_any_field_changes_the_full_state_and_equality(states: list[AnkhState]) -> None:
    """Each declared field (but the derived hooks and the power components, compared through
    each power's ``full``) takes part in ``full_state`` and so in equality."""
    seen: dict[str, list[Any]] = {}
    for s in states:
        for f in FIELDS:
            v = getattr(s, f.name)
            if not any(v is o for o in seen.setdefault(f.name, [])):
                seen[f.name].append(v)
    seen["split"].append(None)
    base = states[len(states) // 2]
    before = base.full_state()
    for f in FIELDS:
        if f.json == "derived" or f.copy == "items":
            continue
        c = base.clone()
        value = getattr(c, f.name)
        if f.name == "tasks":
            setattr(c, f.name, [*value, (0, 0, 0)])
        elif f.name == "mummy_queue":
            setattr(c, f.name, [*value, (0, 0)])
        else:
            setattr(c, f.name, _changed(value, seen[f.name]))
        assert c != base, f"changing {f.name} is not seen by full_state"
        assert base.full_state() == before


def test_power_components_are_compared(states: list[AnkhState]) -> None:
    s = next(x for x in states if any(d is not None and x.god_ids[0] for d in x.power_data))
    c = s.clone()
    i = next(i for i, d in enumerate(c.power_data) if d is not None)
    c.holder[i], held_by = -1, c.holder[i]
    assert c != s
    c.holder[i] = held_by
    assert c == s


def test_the_docs_list_every_field() -> None:
    assert field_table() in DOCS.read_text(encoding="utf-8"), "regenerate docs/ankh-state.md's field list"
