"""The Rules panel, the actions' meanings and term tips, and undo (Ankh pick, Aton card) in Chromium."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from netjer.core.texts import load_texts
from tests.web.conftest import VIEWPORT
from tests.web.test_browser import api, click_move, wait_for_rules, wait_turn


def test_the_lobby_opens_the_rules_and_finds_an_entry(server: str, page: Any) -> None:
    page.goto(f"{server}/")
    page.wait_for_selector("body[data-ready=yes]")
    page.select_option("#game", "ankh")
    page.click("#rules-open")
    page.wait_for_selector("#rules-search")
    assert "Ankh" in page.locator("#rules-title").inner_text()
    assert page.locator(".rules-overview").inner_text().strip()
    page.fill("#rules-search", "chariots")
    entry = page.locator("[data-term-entry=chariots]")
    entry.wait_for()
    assert "+3" in entry.inner_text()
    assert page.locator("[data-term-entry]").count() < 5
    page.keyboard.press("Escape")
    page.wait_for_selector("#rules", state="hidden")


#: The rules texts reach the page after its first drawing, as on a slow network: the table
#: draws itself again when they arrive, so the test must wait for them (test_browser.wait_for_rules).
LATE_RULES = """
(() => {
  const real = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const answer = real(input, init);
    if (!String(input).includes("/rules?")) return answer;
    return answer.then((r) => new Promise((done) => setTimeout(() => done(r), 300)));
  };
})();
"""


def test_the_table_explains_its_actions_and_terms(server: str, page: Any, shots: Path) -> None:
    page.add_init_script(LATE_RULES)
    created = api(
        server,
        "/api/tables",
        {"game": "aton", "seed": 4, "seats": [{"type": "human"}, {"type": "agent", "agent": "random"}]},
    )
    page.goto(f"{server}{created['links']['0']}")
    wait_turn(page)
    wait_for_rules(page, "aton")
    # each legal action says in words what it will do
    keep = page.locator("#legal button[data-action=keep]")
    assert keep.locator(".legal-meaning").inner_text() == load_texts("netjer.games.aton").term("keep").line
    assert keep.get_attribute("aria-label").startswith("keep: ")
    # a board term: focusing it shows its line, with a link to the full entry
    square = page.locator("#board-area [data-term=temple]").first
    assert square.get_attribute("tabindex") == "0"
    assert square.get_attribute("role") in {"group", "img", "button"}
    square.focus()
    tip = page.locator("#term-tip")
    tip.wait_for()
    assert "temple" in tip.inner_text().lower()
    assert square.get_attribute("aria-describedby") == "term-tip"
    tip.locator("a[data-tip-term]").click()
    target = page.locator("#rules .rule-target")
    target.wait_for()
    assert target.get_attribute("data-term-entry") == "temple"
    page.screenshot(path=str(shots / "rules-panel.png"))
    page.click("#rules-close")
    # "?" on a focused term opens its entry, and the header's Rules button the whole panel
    page.locator("#board-area [data-term=kingdom]").first.focus()
    page.keyboard.press("?")
    page.wait_for_selector("#rules .rule-target[data-term-entry=kingdom]")
    page.keyboard.press("Escape")
    page.click("#rules-open")
    page.wait_for_selector("#rules-search")


def test_the_ankh_log_names_the_gods_with_the_notation_beside(server: str, page: Any) -> None:
    created = api(
        server,
        "/api/tables",
        {
            "game": "ankh",
            "seed": 5,
            "options": {"players": 2, "gods": "seth,thoth", "first_player": 0},
            "seats": [{"type": "human"}, {"type": "human"}],
        },
    )
    page.goto(f"{server}{created['links']['0']}")
    wait_turn(page)
    page.locator("#legal button[data-action=move]").click()
    line = page.locator("#log li[data-notation=move]")
    line.wait_for()
    assert line.inner_text().startswith("Seth takes the Move Figures action.")
    assert line.get_attribute("title") == "notation: move"
    lines = page.locator("#log li").all_inner_texts()
    assert lines[0] == "gods: Player 1 Seth, Player 2 Thoth"  # who is who, then only the gods' names
    assert not any("Player" in text for text in lines[1:]), lines


def test_undo_puts_a_picked_ankh_figure_back(server: str, page: Any) -> None:
    created = api(
        server,
        "/api/tables",
        {
            "game": "ankh",
            "seed": 5,
            "options": {"players": 2, "gods": "seth,thoth", "first_player": 0},
            "seats": [{"type": "human"}, {"type": "agent", "agent": "random"}],
        },
    )
    page.goto(f"{server}{created['links']['0']}")
    wait_turn(page)
    assert page.locator("#undo").count() == 0  # nothing to take back yet
    click_move(page, page.locator("#legal button[data-action=move]"))
    pick = page.locator("#legal button[data-action^='pick ']").first
    picked = pick.get_attribute("data-action")
    click_move(page, pick)
    assert not page.locator(f"#legal button[data-action='{picked}']").count()
    click_move(page, page.locator("#undo"))
    page.wait_for_selector(f"#legal button[data-action='{picked}']")
    assert page.locator("#log li").last.inner_text().startswith("Taken back: Seth picks the figure")


# Records, on every change of the page, any face value shown on the watched seat's cartouches
# or hand (the page of another seat must never show one before the reveal).
_WATCH_VALUES = """(seat, name) => {
  window.__leaks = [];
  const look = () => {
    const sel = `[data-cartouche^="${seat}-"][data-value], [data-hand^="${seat}-"][data-value]`;
    document.querySelectorAll(sel).forEach((e) => window.__leaks.push(e.dataset.value));
    const log = document.getElementById("log");
    if (log && new RegExp(`${name} puts a \\\\d`).test(log.textContent)) window.__leaks.push(log.textContent);
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true });
  look();
}"""


def _aton_hand(page: Any, seat: int) -> list[str]:
    values: list[str] = page.locator(f'#board-area [data-hand^="{seat}-"]').evaluate_all(
        "els => els.map(e => e.dataset.value)"
    )
    return values


def _cartouche(page: Any, seat: int, n: int) -> Any:
    return page.locator(f'#board-area [data-cartouche="{seat}-{n}"]')


def _two_cards(hand: list[str]) -> tuple[str, str]:
    """A card to misplace (one of its value in the hand) and a different one to place instead."""
    single = [v for v in hand if hand.count(v) == 1]
    assert single and len(set(hand)) > 1, hand
    return single[0], next(v for v in hand if v != single[0])


@pytest.mark.slow
def test_undo_takes_back_a_misplaced_aton_card_applied_or_queued(server: str, browser: Any, page: Any) -> None:
    seats = [{"type": "human"}, {"type": "human"}]
    created = api(server, "/api/tables", {"game": "aton", "seed": 5, "seats": seats})
    table = created["id"]
    for seat in (0, 1):  # both keep their cards: the cartouches (rules/aton.md §4 step C) follow
        view = api(server, f"/api/tables/{table}/view")
        headers = {"Authorization": f"Bearer {created['tokens'][str(seat)]}", "Content-Type": "application/json"}
        move = json.dumps({"seat": seat, "version": view["version"], "action": "keep"}).encode()
        with urllib.request.urlopen(
            urllib.request.Request(f"{server}/api/tables/{table}/moves", data=move, headers=headers), timeout=10
        ):
            pass
    public = api(server, f"/api/tables/{table}/view")
    assert public["window"] and public["observation"]["phase"] == "assign"
    # ``page`` is the engine's seat (its choices are applied); the other's are queued until its turn.
    # The other seat in a window of its own: a background tab of the same window would have
    # its animation frames throttled, and each click would wait seconds for a stable target.
    other_window = browser.new_context(viewport=VIEWPORT)
    try:
        _misplace_and_take_back(server, created, public, page, other_window.new_page())
    finally:
        other_window.close()


def _misplace_and_take_back(server: str, created: Any, public: Any, first: Any, second: Any) -> None:
    """Seat ``public["to_move"]`` on ``first`` and the other seat on ``second``: see the test above."""
    engine = public["to_move"]
    other = 1 - engine
    names = [p["name"] for p in public["observation"]["players"]]  # as the log says them
    first.add_init_script(f"({_WATCH_VALUES})({other}, {json.dumps(names[other])})")
    second.add_init_script(f"({_WATCH_VALUES})({engine}, {json.dumps(names[engine])})")
    first.goto(f"{server}{created['links'][str(engine)]}")
    second.goto(f"{server}{created['links'][str(other)]}")
    for p in (first, second):
        p.wait_for_selector("body[data-my-turn='yes']", state="attached")
        assert p.locator("#undo").count() == 0  # nothing to take back yet

    # The engine's seat: the card is applied (a new version), then taken back.
    hand = _aton_hand(first, engine)
    wrong, right = _two_cards(hand)
    click_move(first, first.locator(f'#board-area [data-action="assign {wrong}"]'))
    assert _cartouche(first, engine, 1).get_attribute("data-value") == wrong
    assert sorted(_aton_hand(first, engine)) == sorted(hand[: hand.index(wrong)] + hand[hand.index(wrong) + 1 :])
    click_move(first, first.locator("#undo"))
    assert _cartouche(first, engine, 1).get_attribute("data-card") == "empty"
    assert sorted(_aton_hand(first, engine)) == sorted(hand)
    assert first.locator("#log li").last.inner_text().endswith(f"puts a {wrong} on cartouche 1.")
    assert first.locator("#log li").last.inner_text().startswith("Taken back: ")
    # (The other page's board is not checked here: its window observation comes from a probe
    # where the engine's seat has already placed placeholder cards, face down.)
    taken = f"Taken back: {names[engine]} puts a card face down on cartouche 1."
    second.wait_for_function("t => document.querySelector('#log li:last-child').textContent === t", arg=taken)
    click_move(first, first.locator(f'#board-area [data-action="assign {right}"]').first)
    assert _cartouche(first, engine, 1).get_attribute("data-value") == right
    assert wrong in _aton_hand(first, engine)

    # The other seat chooses ahead of the engine's turn: its card is queued (no new version),
    # shown on its own board only, and Undo withdraws it.
    hand = _aton_hand(second, other)
    wrong, right = _two_cards(hand)
    second.locator(f'#board-area [data-action="assign {wrong}"]').click()
    second.wait_for_selector(f'[data-queued="assign {wrong}"]')
    assert _cartouche(second, other, 1).get_attribute("data-value") == wrong
    assert wrong not in _aton_hand(second, other) or hand.count(wrong) > 1
    second.locator("#undo").click()
    second.wait_for_selector("[data-queued]", state="detached")
    second.wait_for_selector(f'[data-cartouche="{other}-1"][data-card=empty]', state="attached")
    assert sorted(_aton_hand(second, other)) == sorted(hand)
    second.locator(f'#board-area [data-action="assign {right}"]').first.click()
    second.wait_for_selector(f'[data-queued="assign {right}"]')
    assert _cartouche(second, other, 1).get_attribute("data-value") == right
    assert _cartouche(first, other, 1).get_attribute("data-card") == "empty"  # nothing of it on the other page

    # The engine's seat places its other cards: the queued choice is the one applied.
    while first.locator("#board-area [data-action^='assign ']").count():
        click_move(first, first.locator("#board-area [data-action^='assign ']").first)
    second.wait_for_function("() => document.querySelector('[data-queued]') === null")
    assert _cartouche(second, other, 1).get_attribute("data-value") == right
    for p in (first, second):
        assert p.evaluate("window.__leaks") == []
