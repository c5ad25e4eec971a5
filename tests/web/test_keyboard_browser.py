"""Browser tests of a player who uses the keyboard only: where the focus goes after each key,
after the page draws itself anew (its own move, a computer's reply, the lobby's lists), and in
the Rules panel and the replay."""

from __future__ import annotations

from typing import Any

from tests.web.test_browser import api, version, wait_turn

#: In the page: the focused element's action (a legal action's button, a board's square or card,
#: a game's own button of an action), or null.
FOCUSED_ACTION = "() => document.activeElement.dataset.action || null"

#: A person in seat 0 against the random computer.
AGAINST_RANDOM = [{"type": "human"}, {"type": "agent", "agent": "random"}]


def press_and_wait_for_a_new_version(page: Any, key: str) -> None:
    """Press ``key`` (on a focused action) and wait until the table shows the next version."""
    before = version(page)
    page.keyboard.press(key)
    page.wait_for_function("v => document.body.dataset.version !== v", arg=before)


def test_the_rules_panel_keeps_tab_inside_and_escape_gives_the_focus_back(server: str, page: Any) -> None:
    """The Rules panel is a modal dialog: Tab from its last control went to the page behind it,
    where Escape no longer closed it.  Tab and Shift+Tab now go round its controls."""
    made = api(server, "/api/tables", {"game": "nile", "seed": 2, "seats": AGAINST_RANDOM})
    page.goto(f"{server}{made['links']['0']}")
    wait_turn(page)
    page.locator("#rules-open:not([disabled])").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement.id === 'rules-search'")
    inside = "() => document.getElementById('rules').contains(document.activeElement)"
    seen = set()
    for key in ["Tab"] * 4 + ["Shift+Tab"] * 4:
        page.keyboard.press(key)
        assert page.evaluate(inside), f"{key} left the Rules panel"
        seen.add(page.evaluate("document.activeElement.id || document.activeElement.tagName"))
    assert {"rules-close", "rules-search", "SUMMARY"} <= seen  # every control in turn
    page.keyboard.press("Escape")
    assert page.locator("#rules").is_hidden()
    assert page.evaluate("document.activeElement.id") == "rules-open"


def test_the_lobby_gives_the_new_table_the_focus_and_keeps_it_in_the_lists(server: str, page: Any) -> None:
    """Created with Enter, the disabled "Create the table" button lost the focus to the page; the
    lists, drawn anew every 10 seconds, took the focus from their links and buttons."""
    page.clock.install()
    page.goto(f"{server}/")
    page.wait_for_selector("body[data-listed=yes]", state="attached")
    page.locator("#create").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#created a[data-play-seat]")
    page.wait_for_function("() => document.activeElement.dataset.playSeat === '0'")  # "Play as Red"
    table = page.locator("#created").get_attribute("data-table")
    link = page.locator(f"#my-tables [data-focus-key='open-{table}']")
    link.wait_for()
    link.focus()
    page.evaluate("window.focusedBefore = document.activeElement")
    page.clock.run_for(10_000)  # the lists' next drawing
    page.wait_for_function("() => !window.focusedBefore.isConnected")
    assert page.evaluate("document.activeElement.dataset.focusKey") == f"open-{table}"
    assert page.evaluate("document.activeElement !== window.focusedBefore")
