"""Online play in Chromium: the lobby's time control, the clocks on the table page, the
computer standing in when a person's time runs out and the one-click take-back, the chat."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.test_browser import api


def test_the_lobby_sets_a_clock_and_the_table_shows_it_counting(server: str, page: Any) -> None:
    page.goto(f"{server}/")
    page.wait_for_selector("body[data-ready=yes]")
    page.select_option("#game", "aton")
    page.select_option("#seat-1-kind", "heuristic")
    assert page.locator("#clock-mode").input_value() == "none"  # against computers only
    page.select_option("#seat-1-kind", "human")
    assert page.locator("#clock-mode").input_value() == "realtime"  # against a person
    page.fill("#clock-minutes", "7")
    page.fill("#clock-increment", "3")
    page.click("#create")
    page.locator("#created input[data-link-seat]").first.wait_for()
    table_id = page.locator("#created").get_attribute("data-table")
    clock = api(server, f"/api/tables/{table_id}/view")["clock"]
    assert (clock["mode"], clock["bank"], clock["increment"], clock["on_timeout"]) == ("realtime", 420, 3, "computer")
    page.click('[data-play-seat="0"]')
    page.wait_for_selector("body[data-shown='0']", state="attached")
    running = clock["running"]
    shown = page.locator(f'[data-clock-seat="{running}"]')
    page.wait_for_function(
        "seat => /\\d:\\d\\d/.test(document.querySelector(`[data-clock-seat='${seat}']`).textContent)", arg=running
    )
    assert "running" in (shown.get_attribute("class") or "")
    assert re.search(r"^7:00$", page.locator(f'[data-clock-seat="{1 - running}"]').inner_text())
    # turn-based choices in the lobby
    page.goto(f"{server}/")
    page.wait_for_selector("body[data-ready=yes]")
    page.select_option("#clock-mode", "turn")
    assert page.locator("#clock-per-turn").is_visible() and not page.locator("#clock-minutes").is_visible()


@pytest.mark.slow
def test_time_runs_out_the_computer_plays_and_one_click_takes_the_seat_back(server: str, page: Any) -> None:
    seats = [{"type": "human", "name": "Seth"}, {"type": "human", "name": "Nut"}]
    clock = {"mode": "realtime", "bank": 8, "increment": 0}
    created = api(server, "/api/tables", {"game": "aton", "seed": 5, "seats": seats, "clock": clock})
    first = created["table"]["to_move"]
    name = ["Seth", "Nut"][first]
    page.goto(f"{server}{created['links'][str(first)]}")
    page.wait_for_selector(f"body[data-shown='{first}']", state="attached")
    page.wait_for_selector("#take-back", timeout=30_000)
    assert page.locator(f'[data-standin="{first}"]').count() == 1
    assert f"{name}'s time ran out: the computer (heuristic) plays for {name}." in page.locator("#log").inner_text()
    page.click("#take-back")
    page.wait_for_selector("#take-back", state="detached")
    assert f"{name} is back and plays again." in page.locator("#log").inner_text()
    assert page.locator(f'[data-standin="{first}"]').count() == 0


@pytest.mark.slow
def test_chat_is_text_only_and_spectators_can_be_hidden(server: str, context: Any, page: Any) -> None:
    seats = [{"type": "human", "name": "Seth"}, {"type": "human", "name": "Nut"}]
    created = api(server, "/api/tables", {"game": "nile", "seed": 2, "seats": seats})
    other = context.new_page()
    watcher = context.new_page()
    try:
        page.goto(f"{server}{created['links']['0']}")
        other.goto(f"{server}{created['links']['1']}")
        watcher.goto(f"{server}/table/{created['id']}#watch")
        for pg in (page, other, watcher):
            pg.wait_for_selector("body[data-conn=open]", state="attached")
        attack = '<img src=x onerror="window.__pwned=1">'
        other.fill("#chat-text", attack)
        other.click("#chat-send")
        watcher.fill("#chat-text", "hello from the stands")
        watcher.press("#chat-text", "Enter")
        page.wait_for_selector("#chat li.spectator")
        first = page.locator("#chat li").nth(0).inner_text()
        assert first.endswith(f"(Nut): {attack}"), first
        page.wait_for_timeout(300)  # an image that failed to load would have fired by now
        assert page.evaluate("document.querySelector('#chat img') === null && window.__pwned === undefined")
        page.check("#hide-spectators")
        page.wait_for_selector("#chat li.spectator", state="detached")
        assert page.locator("#chat li").count() == 1
        assert not watcher.locator("#hide-spectators").is_visible()  # a spectator cannot hide them
    finally:
        other.close()
        watcher.close()
