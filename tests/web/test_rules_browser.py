"""The Rules panel (lobby and table), the legal actions' meanings and the board's term tips in Chromium."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from netjer.core.texts import load_texts
from tests.web.test_browser import api, click_move, wait_turn


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


def test_the_table_explains_its_actions_and_terms(server: str, page: Any, shots: Path) -> None:
    created = api(
        server,
        "/api/tables",
        {"game": "aton", "seed": 4, "seats": [{"type": "human"}, {"type": "agent", "agent": "random"}]},
    )
    page.goto(f"{server}{created['links']['0']}")
    wait_turn(page)
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
