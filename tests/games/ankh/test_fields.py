"""The Ankh state's field declaration (fields.py) is complete: every attribute is copied, compared and serialised."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from netjer.core import Rng
from netjer.core.fields import KERNEL_ATTRIBUTES, held_attributes
from netjer.games.ankh import AnkhGame, AnkhState
from netjer.games.ankh.base import CARD, hexes_holding
from netjer.games.ankh.fields import BATTLE_FIELDS, FIELDS, Battle, field_table
from netjer.games.ankh.gods.base import HOOK_NAMES, hooks_for
from tests.conformance import _check_actions
from tests.state_fields import random_game_states

DOCS = Path(__file__).resolve().parents[3] / "docs" / "ankh-state.md"
OPTION_SETS = [
    {"players": 5, "gods": "amun,anubis,isis,osiris,ra"},
    {"players": 5, "gods": "bastet,hathor,thoth,horus,seth"},
    {"players": 3, "gods": "none"},
]


@pytest.fixture(scope="module")
def states() -> list[AnkhState]:
    found = [
        s
        for opts in OPTION_SETS
        for seed in (1, 2)
        for s in random_game_states(lambda o=opts, sd=seed: AnkhGame(o).new_initial_state(sd), seed, every=7)  # type: ignore[misc]
    ]
    return [s for s in found if isinstance(s, AnkhState)]


def test_every_attribute_is_declared(states: list[AnkhState]) -> None:
    declared = {f.name for f in FIELDS}
    for s in states:
        assert held_attributes(s) == declared | KERNEL_ATTRIBUTES


def test_the_battle_record_holds_exactly_its_declared_fields(states: list[AnkhState]) -> None:
    """The Battle record has a slot per declared field and nothing else, each one set."""
    names = [f.name for f in BATTLE_FIELDS]
    assert list(getattr(Battle, "__mypyc_attrs__", None) or Battle.__slots__) == names  # compiled, or Python
    assert not hasattr(Battle(2), "__dict__")
    for s in states:
        assert all(hasattr(s.battle, name) for name in names)
        assert len(s.battle.card) == len(s.battle.bids) == len(s.battle.kills) == s.n


def test_every_field_is_serialised(states: list[AnkhState]) -> None:
    keys = {f.json_key for f in FIELDS if f.json != "derived"} | {"seed", "rng", "history"}
    battle_keys = {f.json_key for f in BATTLE_FIELDS}
    for s in states[::5]:
        full = s.full_state()
        assert set(full) == keys
        assert set(full["battle"]) == battle_keys


def test_the_derived_hooks_follow_the_holders(states: list[AnkhState]) -> None:
    for s in states:
        rebuilt = hooks_for(tuple(i for i, g in enumerate(s.holder) if g >= 0))
        for name in HOOK_NAMES:
            assert getattr(s.hooks, name) == getattr(rebuilt, name), name


@pytest.mark.parametrize(
    ("derived", "owners"), [("figures_by_god", "figure_owner"), ("monuments_by_god", "monument_owner")]
)
def test_the_derived_lists_follow_the_owners(states: list[AnkhState], derived: str, owners: str) -> None:
    """``figures_by_god`` is ``figure_owner`` read per god (after moves, placements, kills,
    merges and forgotten gods), ``monuments_by_god`` is ``monument_owner`` read per god (after
    builds, claims, Giant Scorpion strikes, merges and forgotten gods), and a clone's lists are
    its own."""
    for s in states:
        assert getattr(s, derived) == [hexes_holding(getattr(s, owners), g) for g in range(s.n)]
    s = states[len(states) // 2]
    c = s.clone()
    assert getattr(c, derived) == getattr(s, derived)
    assert all(a is not b for a, b in zip(getattr(c, derived), getattr(s, derived), strict=True))


def test_clone_copies_every_mutable_field(states: list[AnkhState]) -> None:
    for s in states[::3]:
        c = s.clone()
        assert c == s
        for f in FIELDS:  # the copy written out field by field misses none, each in its mode
            if f.copy == "share":
                assert getattr(c, f.name) == getattr(s, f.name), f.name
            else:
                assert getattr(c, f.name) is not getattr(s, f.name), f.name
        assert all(a is None or a is not b for a, b in zip(c.power_data, s.power_data, strict=True))
        assert c.rng is not s.rng and c.history is not s.history
        for f in BATTLE_FIELDS:
            assert getattr(c.battle, f.name) == getattr(s.battle, f.name), f.name
            if f.copy != "share":
                assert getattr(c.battle, f.name) is not getattr(s.battle, f.name), f.name


def test_determinize_copies_the_battle_record(states: list[AnkhState]) -> None:
    """A determinization re-deals hidden cards in its own battle record, never the original's."""
    s = next(x for x in states if x.phase == CARD and any(c >= 0 for c in x.battle.card))
    before = json.dumps(s.full_state(), sort_keys=True)
    for seat in range(s.n):
        det = s.determinize(seat, Rng(seat))
        assert det.battle is not s.battle and det.battle.card is not s.battle.card
    assert json.dumps(s.full_state(), sort_keys=True) == before


def test_the_conformance_clone_check_covers_the_battle_record(
    states: list[AnkhState], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The conformance suite's clone-independence check (tests/conformance.py, which compares
    ``full_state`` snapshots) passes with the real clone and catches a clone that would share
    the battle record with its original (a card choice changes the record's queue and cards)."""
    s = next(x for x in states if x.phase == CARD).clone()
    legal = s.legal_actions()
    _check_actions(s, legal, Rng(1), every_action=True)
    real = AnkhState.clone

    def sharing(self: AnkhState) -> AnkhState:
        c = real(self)
        c.battle = self.battle
        return c

    monkeypatch.setattr(AnkhState, "clone", sharing)
    with pytest.raises(AssertionError, match="applying to a clone changed the original"):
        _check_actions(s, legal, Rng(1), every_action=True)


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
        if f.json == "derived" or f.copy in ("items", "record"):
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


def test_changing_any_battle_field_changes_the_full_state_and_equality(states: list[AnkhState]) -> None:
    """Each field of the Battle record takes part in ``full_state`` (under ``battle``)."""
    base = next(x for x in states if x.battle.gods)
    before = base.full_state()
    for f in BATTLE_FIELDS:
        c = base.clone()
        setattr(c.battle, f.name, _changed(getattr(c.battle, f.name), []))
        assert c != base, f"changing battle.{f.name} is not seen by full_state"
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
