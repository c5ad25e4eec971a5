"""Ankh in a real browser: move a figure and summon one by clicking the hex map, then play on
(clicking wherever the board offers the action, the list otherwise) until a Conflict, checking
that another god's Battle card is never shown before the reveal."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from tests.web.test_browser import api, click_move, legal_actions, version, wait_turn

#: With this seed and the policy below, the random agent chooses its Battle card before ours
#: in the first Conflict (event 4), so the page must show it face down.  If a rules change
#: moves that, another seed of ``policy`` will do (the assertions say what is missing).
SEED = 17
#: The opening, by clicking: Move, a figure, its destination, done; Summon, a Warrior.
SCRIPT = ("move", "pick*", "to*", "done?", "summon", "put warrior*")


def policy(obs: dict[str, Any], legal: list[str], rng: random.Random, script: list[str]) -> str:
    """The opening script, then Gain/Unlock turns (they fire events fast) and random choices."""
    while script:
        want = script[0]
        for action in legal:
            if action == want or (want.endswith("*") and action.startswith(want[:-1])):
                script.pop(0)
                return action
        if want != "done?":
            break
        script.pop(0)
    if obs["phase"] == "turn":
        if obs["turn"]["actions_taken"] == 0:
            return rng.choice(["gain", "unlock"])
        return "unlock" if "unlock" in legal else "end"
    if obs["phase"] == "camel":
        laid = [a for a in legal if a != "done"]
        return rng.choice(laid) if laid else "done"
    return rng.choice(legal)


def observation(page: Any) -> dict[str, Any]:
    obs: dict[str, Any] = page.evaluate("window.netjer.state.views.get(document.body.dataset.shown).observation")
    return obs


def ankh_target(page: Any, action: str) -> tuple[Any, str]:
    """Where a person clicks for ``action`` (choosing the figure or Monument kind, or the first
    token of a swap, on the way): the board, the control bar, else the list."""
    words = action.split()
    if words[0] in ("put", "build") and len(words) == 3:
        kind = page.locator(f"#controls button[data-{'summon' if words[0] == 'put' else 'build'}-kind='{words[1]}']")
        if kind.count() and kind.get_attribute("aria-pressed") != "true":
            kind.click()
    if words[0] == "swap":
        first = page.locator(f"#board-area .region-token[data-token='{words[1]}'][data-selectable=yes]")
        if first.count():
            first.click()
    for where, selector in (
        ("board", f'#board-area [data-action="{action}"]'),
        ("controls", f'#controls button[data-action="{action}"]'),
        ("list", f'#legal button[data-action="{action}"]'),
    ):
        found = page.locator(selector)
        if found.count():
            return found.first, where
    raise AssertionError(f"nothing to click for {action!r}")


def hidden_cards_stay_hidden(page: Any, obs: dict[str, Any]) -> int:
    """Another god's chosen, unrevealed Battle card shows only its back; return how many."""
    battle = obs.get("battle") or {}
    if battle.get("step") != "cards":
        return 0
    hidden = [g for g in battle["chosen"] if g != obs["god"] and str(g) not in battle["cards"]]
    for god in hidden:
        card = page.locator(f"#board-area [data-battle-card='{god}']")
        assert card.get_attribute("data-card") == "back"
        assert card.get_attribute("data-value") is None
    # the page never holds another god's card face up as played in this battle
    shown = page.locator("#board-area [data-battle-card][data-card=face]").evaluate_all(
        "els => els.map(e => Number(e.dataset.battleCard))"
    )
    assert set(shown) <= {obs["god"]} | {int(g) for g in battle["cards"]}, shown
    return len(hidden)


def test_ankh_move_summon_and_a_conflict_by_clicking(server: str, page: Any, shots: Path) -> None:
    created = api(
        server,
        "/api/tables",
        {
            "game": "ankh",
            "options": {"players": 2},
            "seed": SEED,
            "seats": [{"type": "human"}, {"type": "agent", "agent": "random"}],
        },
    )
    page.goto(f"{server}{created['links']['0']}")
    wait_turn(page)
    board = page.locator("#board-area svg.board.ankh")
    assert board.get_attribute("data-layout") == "wide"
    assert page.locator("#board-area .hex").count() == 101
    terrains = page.locator("#board-area .hex").evaluate_all("els => els.map(e => e.dataset.terrain)")
    assert (terrains.count("fertile"), terrains.count("desert"), terrains.count("water")) == (43, 39, 19)
    assert page.locator("#board-area .river").count() == 31
    assert page.locator("#board-area .region-token").count() == 3
    assert page.locator("#board-area .god-board").count() == 2
    assert page.locator("#board-area [data-devotion-space]").count() == 32
    # our hand: seven Battle cards; the other god's hand is only counted
    assert page.locator("#board-area [data-hand^='0-']").count() == 7
    assert page.locator("#board-area [data-hand^='1-']").count() == 0

    rng = random.Random(SEED)
    script = list(SCRIPT)
    where_counts = {"board": 0, "controls": 0, "list": 0}
    moved = summoned = False
    hidden_seen = 0
    played_card = False
    for _ in range(300):
        wait_turn(page)
        assert page.evaluate("document.body.dataset.finished") == "no", "the game ended before a Conflict"
        obs = observation(page)
        hidden_seen += hidden_cards_stay_hidden(page, obs)
        if played_card or obs["conflicts_done"] >= 1:
            break
        actions = legal_actions(page)
        assert actions, "my turn with no legal action shown"
        action = policy(obs, actions, rng, script)
        if obs["phase"] == "card" and hidden_seen:
            page.screenshot(path=str(shots / "ankh.png"))
        target, where = ankh_target(page, action)
        where_counts[where] += 1
        before = version(page)
        click_move(page, target)
        assert page.locator("[data-error]").count() == 0, page.locator("#errors").inner_text()
        assert version(page) != before
        hexes = action.split()[-1]
        if action.startswith("to ") and not moved:
            assert where == "board"
            figure = page.locator(f"#board-area .figure[data-hex='{hexes}']")
            assert figure.get_attribute("data-owner") == "0"
            moved = True
        if action.startswith("put ") and not summoned:
            assert where == "board"
            figure = page.locator(f"#board-area .figure[data-hex='{hexes}']")
            assert (figure.get_attribute("data-owner"), figure.get_attribute("data-kind")) == ("0", "warrior")
            summoned = True
        if obs["phase"] == "card":
            assert where == "board"
            played_card = True
    else:
        raise AssertionError("no Conflict was reached")
    assert moved and summoned
    assert hidden_seen, "no battle showed the other god's card face down before ours was chosen"
    assert where_counts["board"] > where_counts["controls"] + where_counts["list"], where_counts
    log = page.locator("#log").inner_text()
    assert "event 4: conflict" in log
