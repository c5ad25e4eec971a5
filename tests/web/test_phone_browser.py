"""A 390 x 844 phone in Chromium: no horizontal scroll, tap targets of 40 px, text of 12 px (lobby and each game)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.phone import PHONE, measure
from tests.web.test_browser import api, wait_turn


@pytest.fixture
def phone(browser: Any) -> Any:
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    ctx.set_default_timeout(20_000)
    try:
        yield ctx.new_page()
    finally:
        ctx.close()


def assert_fits_a_phone(page: Any) -> None:
    m = measure(page)
    assert m["scrollWidth"] <= m["width"], f"the page scrolls sideways: {m['scrollWidth']} px"
    assert not m["small"], f"tap targets under 40 px: {m['small'][:10]}"
    assert not m["tiny"], f"text under 12 px: {m['tiny'][:10]}"


def test_the_lobby_fits_a_phone(server: str, phone: Any) -> None:
    phone.goto(f"{server}/")
    phone.wait_for_selector("body[data-ready=yes]")
    assert_fits_a_phone(phone)
    phone.click("#options-box summary")
    assert_fits_a_phone(phone)


@pytest.mark.parametrize("game", ["aton", "nile", "ankh"])
def test_a_table_fits_a_phone(server: str, phone: Any, shots: Path, game: str) -> None:
    players = 3 if game == "ankh" else 2
    options = {"players": 3} if game == "ankh" else {}
    seats = [{"type": "human"}] + [{"type": "agent", "agent": "random"}] * (players - 1)
    created = api(server, "/api/tables", {"game": game, "seed": 2, "options": options, "seats": seats})
    phone.goto(f"{server}{created['links']['0']}")
    wait_turn(phone)
    assert_fits_a_phone(phone)
    frame = phone.locator(".board-pan").first
    assert float(frame.get_attribute("data-scale")) >= 1
    # the map pans inside its frame and zooms out to the whole board and back
    assert frame.evaluate("f => f.scrollWidth > f.clientWidth") or game != "ankh"
    phone.click("button[data-zoom=fit]")
    assert frame.get_attribute("data-zoom") == "fit"
    phone.click("button[data-zoom=fit]")
    assert frame.get_attribute("data-zoom") == "1"
    if game == "ankh":
        # the god boards and tracks fold into tabs below the map; each tab fits the phone too
        tabs = phone.locator("[role=tab]")
        assert tabs.count() == 5  # tracks, three gods, Devotion
        phone.screenshot(path=str(shots / "ankh-phone.png"))
        for i in range(1, tabs.count()):
            tabs.nth(i).click()
            phone.wait_for_selector(
                f"[role=tab][data-tab='{tabs.nth(i).get_attribute('data-tab')}'][aria-selected=true]"
            )
            assert_fits_a_phone(phone)
