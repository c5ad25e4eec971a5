"""Resigning in Chromium (issue 31 item 3): the button asks in the page first, then every seat's
page says how the game ended and no panel says a seat is still to act; checked on a phone too."""

from __future__ import annotations

import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import VIEWPORT, fresh_server
from tests.web.phone import PHONE, measure
from tests.web.test_browser import api


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """This module's own server: its sign-ups and sign-ins count against a fresh per-address
    rate limit (tests/web/conftest.py)."""
    yield from fresh_server(tmp_path_factory)


def _open(
    browser: Any, server: str, link: str, viewport: dict[str, int], phone: bool, errors: list[str]
) -> tuple[Any, Any]:
    context = browser.new_context(viewport=viewport, has_touch=phone, is_mobile=phone)
    context.set_default_timeout(20_000)
    page = context.new_page()
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(f"{server}{link}")
    page.wait_for_selector("body[data-version]", state="attached")
    page.wait_for_selector("#resign")
    return context, page


def _panels(page: Any) -> list[str]:
    """The texts of Dioses del Nilo's side panels (SVG: their text content)."""
    texts: list[str] = page.eval_on_selector_all("#board-area .side-panel", "els => els.map((e) => e.textContent)")
    return texts


def test_a_player_resigns_on_a_phone_and_both_pages_say_how_it_ended(server: str, browser: Any, shots: Path) -> None:
    seats = [{"type": "human", "name": "Seth"}, {"type": "human", "name": "Nut"}]
    clock = {"mode": "realtime", "bank": 600, "increment": 0}
    table = api(server, "/api/tables", {"game": "nile", "seed": 3, "seats": seats, "clock": clock})
    errors: list[str] = []
    phone_ctx, phone = _open(browser, server, table["links"]["1"], PHONE, True, errors)
    desk_ctx, desk = _open(browser, server, table["links"]["0"], VIEWPORT, False, errors)
    try:
        assert any("to act" in text for text in _panels(desk))  # while it goes on, one seat is to act
        # A draw offered at the desk reaches the phone, which declines it.
        desk.click("#offer-draw")
        offer = phone.locator("#offer")
        offer.wait_for()
        assert "Seth (Seth) offers a draw." in offer.inner_text()
        desk.wait_for_selector("#offer-waiting")
        phone.locator("#offer").scroll_into_view_if_needed()
        phone.screenshot(path=str(shots / "endings-draw-offer-phone.png"), full_page=False)
        phone.click("#decline-offer")
        desk.wait_for_selector("#offer-draw")  # the offer is gone: it may be made again
        assert phone.locator("#offer").count() == 0
        # On the phone: the buttons fit and are large enough to tap; resigning asks first.
        m = measure(phone)
        assert m["scrollWidth"] <= m["width"], m
        assert not [s for s in m["small"] if "resign" in s or "abort" in s or "offer" in s], m["small"]
        phone.locator("#resign").scroll_into_view_if_needed()
        phone.click("#resign")
        question = phone.locator("#resign-box .question")
        assert "Resign this game?" in question.inner_text()
        phone.screenshot(path=str(shots / "endings-resign-question-phone.png"), full_page=False)
        assert api(server, f"/api/tables/{table['id']}/view")["finished"] is False  # nothing done yet
        phone.click("#resign-no")  # cancelled: the button is back, the game goes on
        phone.wait_for_selector("#resign")
        assert api(server, f"/api/tables/{table['id']}/view")["finished"] is False
        phone.click("#resign")
        phone.click("#resign-yes")
        for page in (phone, desk):
            page.wait_for_selector("body[data-finished=yes]", state="attached")
            words = page.locator("#ending-words")
            words.wait_for()
            assert words.inner_text() == "Isis (Nut) resigned."
            assert words.get_attribute("data-how") == "resigned"
            # No panel of the board says a seat is still to act, and no clock runs.
            panels = _panels(page)
            assert len(panels) == 2 and not any("to act" in text for text in panels), panels
            assert page.locator("[data-clock-seat].running").count() == 0
            assert page.locator("#resign").count() == 0 and page.locator("#offer-draw").count() == 0
        view = api(server, f"/api/tables/{table['id']}/view")
        assert view["ending"] == {"how": "resigned", "seats": [1]} and view["result"] == [1.0, -1.0]
        phone.locator("#result").scroll_into_view_if_needed()
        phone.screenshot(path=str(shots / "endings-resigned-phone.png"), full_page=False)
        desk.screenshot(path=str(shots / "endings-resigned.png"), full_page=False)
        m = measure(phone)
        assert m["scrollWidth"] <= m["width"], m
        assert errors == []
    finally:
        phone_ctx.close()
        desk_ctx.close()


def test_a_deleted_tables_open_page_ends_its_controls_and_clocks(server: str, browser: Any) -> None:
    seats = [{"type": "human", "name": "Seth"}, {"type": "human", "name": "Nut"}]
    clock = {"mode": "realtime", "bank": 600, "increment": 0}
    table = api(server, "/api/tables", {"game": "nile", "seed": 3, "seats": seats, "clock": clock})
    errors: list[str] = []
    context, page = _open(browser, server, table["links"]["0"], VIEWPORT, False, errors)
    try:
        page.wait_for_selector("[data-clock-seat].running")
        assert page.locator("#legal button").count() > 0  # Seth's turn: his moves are offered
        request = urllib.request.Request(
            f"{server}/api/tables/{table['id']}",
            method="DELETE",
            headers={"Authorization": f"Bearer {table['creator_key']}"},
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            assert response.status == 200
        page.wait_for_selector("body[data-deleted=yes]", state="attached")
        page.wait_for_selector("#errors >> text=deleted by its creator")
        assert page.locator("#controls button").count() == 0 and page.locator("#legal button").count() == 0
        assert page.locator("[data-clock-seat].running").count() == 0
        assert all(not text.strip() for text in page.locator("[data-clock-seat]").all_inner_texts())
        assert errors == []
    finally:
        context.close()


def test_an_adjournment_agreed_stops_the_clocks_until_both_say_they_are_back(server: str, browser: Any) -> None:
    seats = [{"type": "human", "name": "Seth"}, {"type": "human", "name": "Nut"}]
    clock = {"mode": "realtime", "bank": 600, "increment": 0}
    table = api(server, "/api/tables", {"game": "nile", "seed": 3, "seats": seats, "clock": clock})
    errors: list[str] = []
    seth_ctx, seth = _open(browser, server, table["links"]["0"], VIEWPORT, False, errors)
    nut_ctx, nut = _open(browser, server, table["links"]["1"], VIEWPORT, False, errors)
    try:
        seth.click("#offer-adjourn")
        nut.locator("#offer >> text=proposes to adjourn").wait_for()
        nut.click("#accept-offer")
        for page in (seth, nut):
            page.wait_for_selector("#i-am-back")
            assert page.locator("[data-clock-seat].running").count() == 0
            assert page.locator("#legal button").count() == 0  # no move while adjourned
            assert "Adjourned" in page.locator("#status").inner_text()
        seth.click("#i-am-back")
        seth.locator("#adjourned-note >> text=waiting for the others").wait_for()
        assert nut.locator("#i-am-back").count() == 1  # still adjourned: Nut is not back
        nut.click("#i-am-back")
        for page in (seth, nut):
            page.wait_for_selector("#adjourned-note", state="detached")
            page.wait_for_selector("[data-clock-seat].running")
        assert seth.locator("#legal button").count() > 0  # Seth's turn again
        assert api(server, f"/api/tables/{table['id']}/view")["adjourned"] is None
        assert errors == []
    finally:
        seth_ctx.close()
        nut_ctx.close()


def test_a_player_resigns_at_an_ankh_table_of_three_and_the_others_play_on(
    server: str, browser: Any, shots: Path
) -> None:
    """At three or more the game goes on (netjer.server.retired_seats): the resigner's page says it
    left and is ranked last and offers nothing more; the others' pages name it in the seats list
    and the status, and keep their controls."""
    seats = [{"type": "human", "name": name} for name in ("Ra", "Thoth", "Bastet")]
    table = api(server, "/api/tables", {"game": "ankh", "seed": 3, "options": {"players": 3}, "seats": seats})
    errors: list[str] = []
    gone_ctx, gone = _open(browser, server, table["links"]["1"], VIEWPORT, False, errors)
    other_ctx, other = _open(browser, server, table["links"]["0"], VIEWPORT, False, errors)
    try:
        gone.click("#resign")
        assert "the others play on" in gone.locator("#resign-box .question").inner_text()
        gone.click("#resign-yes")
        gone.wait_for_selector("#retired-note")
        assert "ranked last" in gone.locator("#retired-note").inner_text()
        assert gone.locator("#resign").count() == 0
        gone.screenshot(path=str(shots / "endings-retired-ankh.png"), full_page=False)
        other.wait_for_selector('[data-resigned="1"]')
        assert other.locator('[data-resigned="1"]').inner_text() == "(resigned: ranked last)"
        assert "left the game: it goes on without them." in other.locator("#status").inner_text()
        headings = other.eval_on_selector_all(".god-board", "els => els.map((e) => e.textContent)")
        assert sum("(left the game: ranked last)" in text for text in headings) == 1, headings
        assert other.locator("#resign").count() == 1  # the others still play, with their controls
        assert other.locator("body[data-finished=yes]").count() == 0
        view = api(server, f"/api/tables/{table['id']}/view")
        assert view["finished"] is False and view["seats"][1]["resigned"] is True
        assert errors == []
    finally:
        gone_ctx.close()
        other_ctx.close()
