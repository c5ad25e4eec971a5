"""Aton's and Dioses del Nilo's own pictures (issue 29) in a real browser, as
test_ankh_art_browser.py does for Ankh:

* every kind of piece aton.js and nile.js draw (Aton's temples, the square kinds, both seats'
  stones, cartouches, card faces and backs; Nile's tokens face up and face down of both sides,
  the columns, vanguard, rearguard and cemetery) is used by the board in some position of seeded
  random games;
* every board element (keyed, clickable or a piece's picture) has an accessible name once the
  board is decorated with its rules terms, as the table page does.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from netjer.games.registry import make_game

pytestmark = pytest.mark.slow

#: Each game's piece kinds, each as the CSS selector of the board element that draws it.
KINDS: dict[str, dict[str, str]] = {
    "aton": {
        "temple": "g.temple",
        **{f"square {k}": f'g.square[data-kind="{k}"]' for k in ("Y", "G", "K", "B", "+1", "+2")},
        "stone of seat 0": 'g.stone[data-stone="0"]',
        "stone of seat 1": 'g.stone[data-stone="1"]',
        "cartouche": "g.card[data-cartouche]",
        "card face": 'g.card[data-card="face"]',
        "card back": 'g.card[data-card="back"]',
    },
    "nile": {
        **{
            f"token of side {s} face {f}": f'g.token[data-owner="{s}"][data-face="{f}"]'
            for s in (0, 1)
            for f in ("up", "down")
        },
        "column": "g.column g.token",
        "vanguard": 'g.square[data-term="vanguard"]',
        "rearguard": 'g.square[data-term="rearguard"]',
        "central rearguard": 'g.square[data-term="central-rearguard"]',
        "cemetery": "g.token[data-cemetery]",
    },
}

#: Renders each [view, seat, narrow] with the game's module, decorated with its rules terms as
#: table.js does; returns for each kind whether some drawing held it, and every board element
#: without an accessible name ([outerHTML's start]).
RENDER = """
async ([game, items, kinds]) => {
  const m = await import(`/static/${game}.js`);
  const rules = await import("/static/rules.js");
  await rules.loadRules(game);
  const seen = Object.fromEntries(Object.keys(kinds).map((k) => [k, false]));
  const unnamed = [];
  for (const [view, seat, narrow] of items) {
    const ctx = { table: "t", seat, version: 1, actions: new Set(view.legal.map((a) => a.text)),
                  play: () => {}, rerender: () => {}, narrow };
    const board = m.render(view, ctx).board;
    rules.decorateTerms(board, game);
    for (const [kind, selector] of Object.entries(kinds)) seen[kind] ||= Boolean(board.querySelector(selector));
    const named = (n) => (n.getAttribute("aria-label") || "").trim() || n.closest("[aria-hidden=true]");
    const pieces = "[data-key], [role=button], [data-action], [tabindex], g.token, g.stone, g.card";
    for (const n of board.querySelectorAll(pieces)) if (!named(n)) unnamed.push(n.outerHTML.slice(0, 100));
  }
  return [seen, unnamed];
}
"""


def seeded_views(game_name: str, seeds: range, every: int) -> list[tuple[dict[str, Any], int, bool]]:
    """Every ``every``-th position of seeded random two-seat games, as the view of the seat to
    move (its legal actions in the view) with that seat, drawn wide and narrow in turn."""
    game = make_game(game_name, {})
    out: list[tuple[dict[str, Any], int, bool]] = []
    for seed in seeds:
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        step = 0
        while not state.is_terminal:
            if step % every == 0 and state.current_player >= 0:
                seat = state.current_player
                legal = [str(a) for a in state.legal_actions()]
                view = {
                    "game": game_name,
                    "observation": state.observation(seat),
                    "legal": [{"index": i, "text": t} for i, t in enumerate(legal)],
                    "seats": [{"seat": s, "label": f"Player {s + 1}"} for s in range(2)],
                }
                out.append((view, seat, len(out) % 2 == 1))
            state.apply(rng.choice(state.legal_actions()))
            step += 1
    return out


@pytest.mark.parametrize("game", ["aton", "nile"])
def test_every_piece_kind_is_drawn_and_every_board_element_is_named(server: str, page: Any, game: str) -> None:
    page.goto(f"{server}/")
    page.wait_for_selector("body[data-ready=yes]")
    items = seeded_views(game, range(3), 5)
    assert len(items) > 10
    seen, unnamed = page.evaluate(RENDER, [game, items, KINDS[game]])
    never = sorted(kind for kind, drawn in seen.items() if not drawn)
    assert not never, f"{game}: pieces never drawn: {never}"
    assert not unnamed, f"{game}: board elements without a name: {unnamed[:5]}"
