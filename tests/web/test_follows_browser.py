"""Finding a game in Chromium (issue 31 item 5): a signed-in player follows another from the
lobby and is told of their turn in the lobby's panel, by a browser notice and in the corner of
another page; the open challenges list a rated challenge with its creator, filter it, and a
guest takes it (the game starts)."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import fresh_server
from tests.web.test_accounts_browser import _sign_up
from tests.web.test_moderation_browser import POST_JSON


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """This module's own server: its sign-ups and sign-ins count against a fresh per-address
    rate limit (tests/web/conftest.py)."""
    yield from fresh_server(tmp_path_factory)


pytestmark = pytest.mark.slow

#: The browser's Notification API, recorded: what a notice would have said (headless Chromium
#: shows none), with the permission granted.
NOTIFICATION_STUB = """
window.__notices = [];
window.Notification = class {
  constructor(title, options) { window.__notices.push([title, (options || {}).body || ""]); }
  static get permission() { return "granted"; }
  static requestPermission() { return Promise.resolve("granted"); }
};
"""
CLOCK = {"mode": "realtime", "bank": 600, "increment": 5}
PHONE = {"width": 390, "height": 844}
DESK = {"width": 1280, "height": 800}


def _get(server: str, path: str) -> Any:
    with urllib.request.urlopen(f"{server}{path}") as answer:  # the test's own server
        return json.loads(answer.read())


def _shoot(page: Any, shots: Path, name: str) -> None:
    """The page at 1280x800 and 390x844, light and dark."""
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        for size, suffix in ((DESK, ""), (PHONE, "-phone")):
            page.set_viewport_size(size)
            page.screenshot(path=str(shots / f"{name}{suffix}-{scheme}.png"), full_page=True)
    page.set_viewport_size(DESK)
    page.emulate_media(color_scheme="light")


def test_follow_a_player_and_be_told_of_their_turn_in_the_lobby_a_notice_and_another_page(
    server: str, page: Any, browser: Any, shots: Path
) -> None:
    page.add_init_script(NOTIFICATION_STUB)
    _sign_up(page, server, "Nefertiti")
    others = [browser.new_context(), browser.new_context()]
    try:
        bob, carol = (ctx.new_page() for ctx in others)
        _sign_up(bob, server, "Akhenaten")
        carol.goto(f"{server}/")
        seats = [{"type": "human", "name": "Akhenaten"}, {"type": "human", "open": True}]
        status, table = bob.evaluate(POST_JSON, ["/api/tables", {"game": "nile", "seed": 6, "seats": seats}])
        assert status == 201, table
        tid = table["id"]
        status, joined = carol.evaluate(POST_JSON, [f"/api/tables/{tid}/join", {"seat": 1, "name": "Tiy"}])
        assert status == 200, joined
        view = _get(server, f"/api/tables/{tid}/view")
        if view["to_move"] == 1:  # Tiy moves first: then it is Akhenaten's turn
            mine = carol.evaluate(
                """async ([t, token]) => (await (await fetch(`/api/tables/${t}/view?seat=1`,
                     {headers: {Authorization: `Bearer ${token}`}})).json())""",
                [tid, joined["token"]],
            )
            carol.evaluate(
                """async ([t, token, v]) => (await fetch(`/api/tables/${t}/moves`, {method: "POST",
                     headers: {"Content-Type": "application/json", Authorization: `Bearer ${token}`},
                     body: JSON.stringify({seat: 1, version: v, index: 0})})).status""",
                [tid, joined["token"], mine["version"]],
            )
        assert _get(server, f"/api/tables/{tid}/view")["to_move"] == 0
        page.goto(f"{server}/")
        page.wait_for_selector("body[data-ready=yes]")
        page.click("#follow-allow")  # the browser's notices allowed (the stub grants them)
        page.wait_for_selector("#follow-allow[aria-pressed=true]")
        page.fill("#follow-player", "akhenaten")
        page.click("#follow-player-form button[type=submit]")
        page.locator('#followed [data-followed-player="Akhenaten"]').wait_for()
        notice = page.locator("#follow-notices [data-notice-kind=turn]")
        notice.wait_for()
        assert "Akhenaten" in notice.inner_text() and tid in notice.inner_text()
        assert page.locator("#follow-notices a").get_attribute("href") == f"/table/{tid}#watch"
        told = page.evaluate("window.__notices")
        assert len(told) == 1 and "Akhenaten" in told[0][1], told
        _shoot(page, shots, "lobby-following")
        # another Netjer page: the corner tells it too, and the notice is not told twice
        page.goto(f"{server}/player/Akhenaten")
        page.wait_for_selector("body[data-follows=ready]", state="attached")
        page.wait_for_selector('[data-follow-player="Akhenaten"][aria-pressed=true]')
        page.locator("#follow-notices.corner [data-notice-kind=turn]").wait_for()
        assert page.evaluate("window.__notices") == []
        _shoot(page, shots, "player-following")
        # the table's own page: a Follow button among the header's extras; its turns are the page's own
        page.goto(f"{server}/table/{tid}#watch")
        page.wait_for_selector("body[data-follows=ready]", state="attached")
        if page.locator("#header-more").is_visible():
            page.click("#header-more")
        page.click(f'[data-follow-table="{tid}"]')
        page.wait_for_selector(f'[data-follow-table="{tid}"][aria-pressed=true]')
        assert page.locator("#follow-notices [data-notice]").count() == 0
        _shoot(page, shots, "table-following")
        page.click(f'[data-follow-table="{tid}"]')
        page.wait_for_selector(f'[data-follow-table="{tid}"][aria-pressed=false]')
        page.goto(f"{server}/player/Akhenaten")
        page.wait_for_selector('[data-follow-player="Akhenaten"][aria-pressed=true]')
        # unfollowed: nothing more to tell
        page.click('[data-follow-player="Akhenaten"]')
        page.wait_for_selector('[data-follow-player="Akhenaten"][aria-pressed=false]')
        page.locator("#follow-notices [data-notice-kind=turn]").wait_for(state="detached")
    finally:
        for ctx in others:
            ctx.close()


def test_the_open_challenges_list_filter_and_a_signed_in_player_takes_a_rated_challenge(
    server: str, page: Any, browser: Any, shots: Path
) -> None:
    creator_ctx = browser.new_context()
    try:
        creator = creator_ctx.new_page()
        _sign_up(creator, server, "Hatshepsut")
        seats = [{"type": "human", "name": "Hatshepsut"}, {"type": "human", "open": True}]
        body = {"game": "nile", "seed": 2, "seats": seats, "clock": CLOCK, "rated": True}
        status, rated = creator.evaluate(POST_JSON, ["/api/tables", body])
        assert status == 201, rated
        casual_seats = [{"type": "human", "name": "Guest"}, {"type": "human", "open": True}]
        status, casual = creator.evaluate(
            POST_JSON, ["/api/tables", {"game": "aton", "seed": 2, "seats": casual_seats}]
        )
        assert status == 201, casual
        page.goto(f"{server}/")
        page.wait_for_selector("body[data-listed=yes]", state="attached")
        item = page.locator(f'#open-tables [data-challenge="{rated["id"]}"]')
        item.wait_for()
        words = item.inner_text()
        assert "10+5 real time" in words and "rated" in words and "Hatshepsut" in words and "1500?" in words
        assert item.locator('[data-creator="Hatshepsut"]').get_attribute("href") == "/player/Hatshepsut"
        _shoot(page, shots, "lobby-challenges")
        page.select_option("#challenge-rated", "true")
        page.locator(f'#open-tables [data-challenge="{casual["id"]}"]').wait_for(state="detached")
        assert page.locator("#open-tables [data-challenge]").evaluate_all(
            "els => els.every(e => e.dataset.rated === 'yes')"
        )
        page.select_option("#challenge-rated", "")
        page.select_option("#challenge-game", "aton")
        page.locator(f'#open-tables [data-challenge="{rated["id"]}"]').wait_for(state="detached")
        page.locator(f'#open-tables [data-challenge="{casual["id"]}"]').wait_for()
        page.select_option("#challenge-game", "")
        # A guest is refused a rated seat (netjer.server.rated_tables), told why in view.
        page.click(f'[data-join="{rated["id"]}:1"]')
        page.wait_for_selector("#lobby-error:not(.hidden)")
        assert "sign in" in page.inner_text("#lobby-error")
        _sign_up(page, server, "Senenmut")
        page.goto(f"{server}/")
        page.locator(f'#open-tables [data-challenge="{rated["id"]}"]').wait_for()
        page.click(f'[data-join="{rated["id"]}:1"]')
        page.wait_for_url(f"**/table/{rated['id']}#seat=1")
        page.wait_for_selector("body[data-conn=open]", state="attached")
        view = _get(server, f"/api/tables/{rated['id']}/view")
        assert view["clock"]["running"] is not None  # every seat taken: the game and its clocks began
    finally:
        creator_ctx.close()


def test_a_notice_names_a_seat_without_a_player_once(server: str, page: Any) -> None:
    """A follow notice names whose turn it is: the player and their seat ("Seti to play (Red)"),
    or the seat alone when no name is known ("Red to play", not "Red (Red)")."""
    page.goto(f"{server}/")
    page.wait_for_selector("body[data-ready=yes]")
    words = page.evaluate(
        """async () => {
          const m = await import("/static/follows.js");
          const base = { kind: "turn", label: "Red", game: "aton", title: "Aton", table: "t1" };
          return [m.noticeWords({ ...base, player: "Seti" }), m.noticeWords({ ...base })];
        }"""
    )
    assert words == ["Seti to play (Red): Aton, table t1", "Red to play: Aton, table t1"]
