"""The Battle table of the Ankh terminal (issue 33 item 5): its totals are the engine's strength."""

from __future__ import annotations

import io
from typing import Any

import pytest
from rich.console import Console

from netjer.core import Rng
from netjer.drawings.ankh_battle import battle_rows, battle_table
from netjer.games.ankh import AnkhGame
from netjer.games.ankh.battle import battle_strength, cards_hidden

GODS = ("amun", "anubis", "isis", "osiris", "ra", "bastet", "hathor", "thoth", "horus", "seth")


def battles(god: int, seed: int, wanted: int) -> list[Any]:
    """Positions of seeded random 3-player games with ``GODS[god]`` in seat 0, during a Battle whose
    cards are face up (every part of the strength known), up to ``wanted`` of them."""
    others = [g for g in GODS if g != GODS[god]]
    found: list[Any] = []
    for game_seed in range(seed, seed + 40):
        rng = Rng(game_seed)
        gods = f"{GODS[god]},{others[game_seed % len(others)]},{others[(game_seed + 3) % len(others)]}"
        state: Any = AnkhGame({"players": 3, "gods": gods}).new_initial_state(game_seed)
        while not state.is_terminal and len(found) < wanted:
            if battle_rows(state) and not cards_hidden(state) and state.battle.card[state.battle.gods[0]] >= 0:
                found.append(state.clone())
            acts = state.legal_actions()
            state.apply(acts[rng.below(len(acts))])
        if len(found) >= wanted:
            break
    return found


@pytest.mark.parametrize("god", range(len(GODS)), ids=GODS)
def test_the_tables_total_is_the_engines_battle_strength(god: int) -> None:
    positions = battles(god, seed=100 + god, wanted=6)
    assert positions, f"no Battle with {GODS[god]} found"
    for st in positions:
        rows = battle_rows(st)
        assert [r.god for r in rows] == list(st.battle.gods)
        for row in rows:
            assert row.complete
            assert (row.total, row.figures) == battle_strength(st, row.god)


def test_face_down_cards_and_powers_are_not_shown() -> None:
    rng = Rng(5)
    state: Any = AnkhGame({"players": 3, "gods": "bastet,ra,isis"}).new_initial_state(5)
    while not (battle_rows(state) and cards_hidden(state)):
        acts = state.legal_actions()
        state.apply(acts[rng.below(len(acts))])
    rows = battle_rows(state)
    assert all(r.cards is None and r.powers is None for r in rows)
    console = Console(width=80, file=io.StringIO(), record=True, color_system=None)
    names = [g["name"] for g in state.observation(0)["gods"]]
    console.print(battle_table(state, names))
    text = console.export_text()
    assert "?" in text and "total" in text
    assert all(names[r.god] in text for r in rows)
    assert max(len(line) for line in text.splitlines()) <= 80


@pytest.mark.parametrize("height", [6, 10, 16, 22])
def test_the_compact_screen_keeps_within_the_lines_it_is_given(height: int) -> None:
    from netjer.drawings.ankh import render_compact  # noqa: PLC0415

    rng = Rng(height)
    state: Any = AnkhGame({"players": 3, "gods": "bastet,ra,isis"}).new_initial_state(height)
    drawn = 0
    while not state.is_terminal and drawn < 40:
        seat = state.current_player
        console = Console(width=80, file=io.StringIO(), record=True, color_system=None)
        console.print(render_compact(state.observation(seat), seat, height, 80))
        lines = console.export_text().rstrip("\n").split("\n")
        assert len(lines) <= height, "\n".join(lines)
        assert lines[0].startswith("Ankh · events")
        drawn += 1
        for _ in range(7):
            if state.is_terminal:
                break
            acts = state.legal_actions()
            state.apply(acts[rng.below(len(acts))])
