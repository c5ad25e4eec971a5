"""Online play in Chromium: the lobby's time control, the clocks on the table page, the
computer standing in when a person's time runs out and the one-click take-back, the chat."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from typing import Any

import pytest

from tests.web.test_browser import api


def test_the_lobby_sets_a_clock_and_the_table_shows_it_counting(server: str, page: Any) -> None:
    page.goto(f"{server}/")
    page.wait_for_selector("body[data-ready=yes]")
    page.select_option("#game", "aton")
    page.select_option("#seat-1-kind", "casual")
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
    # Aton's exchange decisions are made by both seats at once: both clocks count.
    assert [s["running"] for s in clock["seats"]] == [True, True]
    for seat in (0, 1):
        page.wait_for_function(
            "seat => /\\d:\\d\\d/.test(document.querySelector(`[data-clock-seat='${seat}']`).textContent)", arg=seat
        )
        assert "running" in (page.locator(f'[data-clock-seat="{seat}"]').get_attribute("class") or "")
    # turn-based choices in the lobby
    page.goto(f"{server}/")
    page.wait_for_selector("body[data-ready=yes]")
    page.select_option("#clock-mode", "turn")
    assert page.locator("#clock-per-turn").is_visible() and not page.locator("#clock-minutes").is_visible()
    assert not page.locator("#clock-gone-after").is_visible()
    # Without a clock, a player with no connection can count as gone after a set time.
    page.select_option("#clock-mode", "none")
    assert page.locator("#clock-gone-after").is_visible() and not page.locator("#clock-on-timeout").is_visible()
    page.select_option("#clock-gone-after", "3600")
    assert page.locator("#clock-on-timeout").is_visible()
    page.click("#create")
    page.locator("#created input[data-link-seat]").first.wait_for()


def _clock_seconds(page: Any, seat: int) -> int:
    text = page.locator(f'[data-clock-seat="{seat}"]').inner_text()
    found = re.search(r"(\d+):(\d\d)", text)
    assert found, text
    return int(found.group(1)) * 60 + int(found.group(2))


def test_both_aton_seats_choose_their_cartouches_at_once_with_both_clocks_counting(
    server: str, context: Any, page: Any
) -> None:
    seats = [{"type": "human", "name": "Seth"}, {"type": "human", "name": "Nut"}]
    clock = {"mode": "realtime", "bank": 600, "increment": 0}
    created = api(server, "/api/tables", {"game": "aton", "seed": 5, "seats": seats, "clock": clock})
    table = created["id"]
    for seat in (0, 1):  # both keep their cards: the cartouches (rules/aton.md §4 step C) follow
        view = api(server, f"/api/tables/{table}/view")
        auth = {"Authorization": f"Bearer {created['tokens'][str(seat)]}", "Content-Type": "application/json"}
        move = json.dumps({"seat": seat, "version": view["version"], "action": "keep"}).encode()
        request = urllib.request.Request(f"{server}/api/tables/{table}/moves", data=move, headers=auth)
        with urllib.request.urlopen(request, timeout=10):
            pass
    nut = context.new_page()
    page.goto(f"{server}{created['links']['0']}")
    nut.goto(f"{server}{created['links']['1']}")
    for p in (page, nut):
        p.wait_for_selector("body[data-my-turn='yes']", state="attached")  # both may choose now
        for seat in (0, 1):
            assert "running" in (p.locator(f'[data-clock-seat="{seat}"]').get_attribute("class") or "")
    start = [_clock_seconds(nut, 0), _clock_seconds(nut, 1)]
    nut.wait_for_function(
        "([a, b]) => [0, 1].every((s, i) => { const m = /(\\d+):(\\d\\d)/.exec("
        "document.querySelector(`[data-clock-seat='${s}']`).textContent); "
        "return m && Number(m[1]) * 60 + Number(m[2]) < [a, b][i]; })",
        arg=start,
        timeout=5000,
    )
    # Nut (not the engine's first seat) puts a card on its first cartouche ahead of Seth.
    nut.locator("#legal button[data-action]").first.click()
    nut.wait_for_selector("[data-queued]")
    assert "hidden from the others" in nut.locator("[data-queued]").inner_text()
    assert page.locator("[data-queued]").count() == 0
    assert page.evaluate("document.body.dataset.myTurn") == "yes"


@pytest.mark.slow
def test_time_runs_out_the_computer_plays_and_one_click_takes_the_seat_back(
    server: str, context: Any, page: Any
) -> None:
    # Dioses del Nilo: one clock at a time (Aton's first decisions are simultaneous, and both
    # clocks would run out together); the other person's page is open, so that they are not
    # gone for want of a connection.
    seats = [{"type": "human", "name": "Seth"}, {"type": "human", "name": "Nut"}]
    clock = {"mode": "realtime", "bank": 8, "increment": 0}
    created = api(server, "/api/tables", {"game": "nile", "seed": 5, "seats": seats, "clock": clock})
    first = created["table"]["to_move"]
    name = ["Seth", "Nut"][first]
    other = context.new_page()
    other.goto(f"{server}{created['links'][str(1 - first)]}")
    other.wait_for_selector(f"body[data-shown='{1 - first}']", state="attached")
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
        # Nut's message is shown before the spectator speaks: from two sockets, the server's
        # order is that of arrival, not of sending.
        page.wait_for_selector("#chat li:not(.spectator)")
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


def test_your_tables_lists_where_you_must_act_first(server: str, page: Any) -> None:
    seats = [{"type": "human", "name": "Seth"}, {"type": "human", "name": "Nut"}]
    clock = {"mode": "turn", "per_turn": 86400}
    waiting = api(server, "/api/tables", {"game": "nile", "seed": 1, "seats": seats, "clock": clock})
    acting = api(server, "/api/tables", {"game": "aton", "seed": 1, "seats": seats, "clock": clock})
    not_mine = 1 - waiting["table"]["to_move"]
    mine = acting["table"]["to_move"]
    held = {
        waiting["id"]: {str(not_mine): waiting["tokens"][str(not_mine)]},
        acting["id"]: {str(mine): acting["tokens"][str(mine)]},
        "gone": {"0": "x"},  # a table this server does not have
    }
    page.goto(f"{server}/")
    store = "held => Object.entries(held).forEach(([id, t]) => localStorage.setItem(`netjer.tokens.${id}`, t))"
    page.evaluate(store, {k: json.dumps(v) for k, v in held.items()})
    page.reload()
    page.wait_for_selector("body[data-my-turns='1']", state="attached")
    items = page.locator("#my-tables li[data-my-table]")
    assert items.count() == 2
    assert items.nth(0).get_attribute("data-my-table") == acting["id"]
    first = items.nth(0).locator("[data-turn]")
    assert first.get_attribute("data-turn") == "mine"
    # the per-turn clock of the seat to act: a day less the time since the table was made (a
    # loaded machine may take minutes), shown to the minute or, from a day, to the hour
    text = first.inner_text()
    shown = re.search(r"Your turn .* · (?:(?P<d>\d+) d (?P<dh>\d+) h|(?P<h>\d+) h (?P<min>\d+) min) left", text)
    assert shown, text
    n = {unit: int(value or 0) for unit, value in shown.groupdict().items()}
    assert 86400 - 600 <= n["d"] * 86400 + (n["dh"] + n["h"]) * 3600 + n["min"] * 60 <= 86400, text
    second = items.nth(1).locator("[data-turn]")
    assert second.get_attribute("data-turn") == "other" and "to play" in second.inner_text()
    assert items.nth(0).locator("a").get_attribute("href") == f"/table/{acting['id']}#seat={mine}"


NOTICE_SPY = """
(() => {
  window.__asked = 0;
  window.__shown = [];
  window.__hidden = false;
  const Real = window.Notification;
  class Spy extends Real {
    constructor(title, options) { super(title, options); window.__shown.push(title); }
    // The browser answers later, as a person would: the page must wait for the answer.
    static requestPermission() {
      window.__asked += 1;
      return new Promise((done) => setTimeout(done, 300)).then(() => Real.requestPermission());
    }
  }
  window.Notification = Spy;
  const hidden = () => (window.__hidden ? "hidden" : "visible");
  Object.defineProperty(document, "visibilityState", { configurable: true, get: hidden });
})();
"""


def test_turn_notices_are_asked_for_after_a_click_and_shown_when_the_tab_is_hidden(server: str, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, permissions=["notifications"])
    context.set_default_timeout(20_000)
    try:
        page = context.new_page()
        page.add_init_script(NOTICE_SPY)
        seats = [{"type": "human", "name": "Seth"}, {"type": "agent", "agent": "random"}]
        created = api(server, "/api/tables", {"game": "aton", "seed": 4, "seats": seats})
        page.goto(f"{server}{created['links']['0']}")
        page.wait_for_selector("body[data-my-turn=yes]", state="attached")
        assert page.evaluate("window.__asked") == 0  # never asked on load
        page.click("#notify")
        # The button turns on when the browser's answer arrives, after the request was made.
        page.wait_for_selector("#notify[aria-pressed=true]", state="attached")
        assert page.evaluate("window.__asked") == 1  # asked once, on the click
        # the bell is our own drawing, kept when the words change (an emoji was an empty box
        # where no emoji font is installed)
        assert page.locator("#notify svg.icon path").count() == 1
        assert "\U0001f514" not in page.locator("#notify").inner_text()
        assert page.title().startswith("● Your turn")
        assert page.locator("#favicon").get_attribute("href").startswith("data:image/svg+xml")
        page.evaluate("window.__hidden = true")
        token = created["tokens"]["0"]
        # Play the whole turn through the API, as from another device; the computer answers.
        while True:
            request = urllib.request.Request(
                f"{server}/api/tables/{created['id']}/view?seat=0", headers={"Authorization": f"Bearer {token}"}
            )
            with urllib.request.urlopen(request, timeout=10) as response:
                view = json.loads(response.read())
            if view["to_move"] != 0:
                break
            move = json.dumps({"seat": 0, "version": view["version"], "index": 0}).encode()
            request = urllib.request.Request(
                f"{server}/api/tables/{created['id']}/moves",
                data=move,
                headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
            )
            urllib.request.urlopen(request, timeout=10).close()
        page.wait_for_function("window.__shown.length >= 1")
        assert page.evaluate("window.__shown[0]") == "Your turn — Aton"
    finally:
        context.close()


def test_the_creator_deletes_a_table_from_the_lobby(server: str, page: Any) -> None:
    page.goto(f"{server}/")
    page.wait_for_selector("body[data-ready=yes]")
    page.select_option("#game", "aton")
    page.select_option("#seat-1-kind", "human")
    page.click("#create")
    page.locator("#created [data-delete]").wait_for()
    table_id = page.locator("#created").get_attribute("data-table")
    page.wait_for_selector(f'#my-tables [data-my-table="{table_id}"] [data-delete]')
    page.click("#created [data-delete]")
    page.click("#created [data-delete-yes]")  # deleting asks first (issue 31 item 6)
    page.wait_for_selector("#created >> text=was deleted")
    page.wait_for_selector(f'#my-tables [data-my-table="{table_id}"]', state="detached")
    try:
        api(server, f"/api/tables/{table_id}/view")
        raise AssertionError("the table is still there")
    except urllib.error.HTTPError as err:
        assert err.code == 404


def test_the_creator_deletes_a_table_from_its_page_and_forgets_one_in_the_lobby(server: str, page: Any) -> None:
    page.goto(f"{server}/")
    page.wait_for_selector("body[data-ready=yes]")
    page.select_option("#game", "nile")
    page.select_option("#seat-1-kind", "human")
    page.click("#create")
    page.locator("#created [data-delete]").wait_for()
    doomed = page.locator("#created").get_attribute("data-table")
    page.click('[data-play-seat="0"]')
    page.wait_for_selector("#delete-table")
    page.click("#delete-table")
    page.click("#delete-table-yes")  # deleting asks first (issue 31 item 6)
    page.wait_for_selector("#errors >> text=deleted by its creator")
    with pytest.raises(urllib.error.HTTPError) as gone:
        api(server, f"/api/tables/{doomed}/view")
    assert gone.value.code == 404
    # A table joined from a link stays on the server when this browser forgets it.
    seats = [{"type": "human", "name": "Seth"}, {"type": "human", "name": "Nut"}]
    kept = api(server, "/api/tables", {"game": "nile", "seed": 2, "seats": seats})
    page.goto(f"{server}{kept['links']['1']}")
    page.wait_for_selector("body[data-shown='1']", state="attached")
    page.goto(f"{server}/")
    item = f'#my-tables [data-my-table="{kept["id"]}"]'
    page.wait_for_selector(item)
    assert page.locator(f'#my-tables [data-my-table="{doomed}"]').count() == 0
    page.click(f"{item} [data-forget]")
    page.wait_for_selector(item, state="detached")
    assert api(server, f"/api/tables/{kept['id']}/view")["table"] == kept["id"]


@pytest.mark.slow
def test_rematch_offered_by_one_seat_and_accepted_by_the_other(server: str, context: Any, page: Any) -> None:
    seats = [{"type": "human", "name": "Seth"}, {"type": "human", "name": "Nut"}]
    clock = {"mode": "realtime", "bank": 5, "on_timeout": "out"}  # the first to act loses in 5 s
    created = api(server, "/api/tables", {"game": "aton", "seed": 6, "seats": seats, "clock": clock})
    other = context.new_page()
    try:
        page.goto(f"{server}{created['links']['0']}")
        other.goto(f"{server}{created['links']['1']}")
        for pg in (page, other):
            pg.wait_for_selector("body[data-finished=yes]", state="attached", timeout=30_000)
        page.click("#offer-rematch")
        page.wait_for_url(re.compile(r"/table/(?!" + re.escape(created["id"]) + r")[\w-]+#seat=1$"))
        page.wait_for_selector("body[data-shown='1']", state="attached")  # Seth moved to seat 1
        new_id = page.url.split("/table/")[1].split("#")[0]
        other.click("#accept-rematch")
        other.wait_for_url(re.compile(rf"/table/{re.escape(new_id)}#seat=0$"))
        other.wait_for_selector("body[data-shown='0']", state="attached")
        view = api(server, f"/api/tables/{new_id}/view")
        assert [s["name"] for s in view["seats"]] == ["Nut", "Seth"]
        assert not any(s["reserved"] for s in view["seats"])
        assert view["clock"]["bank"] == 5 and view["clock"]["on_timeout"] == "out"
    finally:
        other.close()
