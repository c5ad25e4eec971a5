"""Presence and moderation in Chromium (issue 31 items 5 and 6): a seat's player shows as
connected, a signed-in player mutes the other from a chat line (the line goes), and the
account page lists the muted player with its undo."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.conftest import fresh_server
from tests.web.test_accounts_browser import _sign_up


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """This module's own server: its sign-ups and sign-ins count against a fresh per-address
    rate limit (tests/web/conftest.py)."""
    yield from fresh_server(tmp_path_factory)


pytestmark = pytest.mark.slow

POST_JSON = """async ([path, body]) => {
  const csrf = (document.cookie.match(/netjer_csrf=([^;]+)/) || [])[1] || "";
  const r = await fetch(path, {method: "POST", headers: {"Content-Type": "application/json", "X-CSRF-Token": csrf},
                               body: JSON.stringify(body)});
  return [r.status, await r.json()];
}"""


def test_presence_a_mute_from_the_chat_and_its_undo_on_the_account_page(server: str, page: Any, browser: Any) -> None:
    _sign_up(page, server, "Ahmose")
    seats = [{"type": "human", "name": "Ahmose"}, {"type": "human", "open": True}]
    status, table = page.evaluate(POST_JSON, ["/api/tables", {"game": "aton", "seed": 4, "seats": seats}])
    assert status == 201, table
    tid = table["id"]
    friend = browser.new_context()
    try:
        other = friend.new_page()
        _sign_up(other, server, "Apepi")
        status, joined = other.evaluate(POST_JSON, [f"/api/tables/{tid}/join", {"seat": 1, "name": "Apepi"}])
        assert status == 200, joined
        page.goto(f"{server}/table/{tid}#seat=0&account")
        page.wait_for_selector("body[data-conn=open]", state="attached")
        page.wait_for_selector('[data-seat="1"] [data-presence=away]')
        other.goto(f"{server}/table/{tid}#seat=1&account")
        other.wait_for_selector("body[data-conn=open]", state="attached")
        page.wait_for_selector('[data-seat="1"] [data-presence=here]')  # pushed on arrival
        other.fill("#chat-text", "you will lose")
        other.click("#chat-send")
        line = page.locator("#chat li", has_text="you will lose")
        line.wait_for()
        page.locator('#chat [data-mute="1"]').click()
        line.wait_for(state="detached")
        assert other.locator("#chat li", has_text="you will lose").count() == 1  # only the muter's page
        page.goto(f"{server}/account")
        page.wait_for_selector("body[data-ready=yes]")
        page.locator("#mute-list li", has_text="Apepi").wait_for()
        # the account's id depends on the accounts other tests made on this server: find it by name
        page.locator("#mute-list li", has_text="Apepi").locator('[data-unmark^="mute:"]').click()
        page.locator("#mute-list li", has_text="Apepi").wait_for(state="detached")
    finally:
        friend.close()
