"""Accounts and invitations in Chromium (issue 31 items 1 and 2): a player signs up, creates a
table with an invited seat, a second browser opens the invitation and takes the seat; the
creator's browser holds no key of it, and the creator's account opens its own seat on another
browser with no token (the session is its key)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.conftest import fresh_server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """This module's own server: its sign-ups and sign-ins count against a fresh per-address
    rate limit (tests/web/conftest.py)."""
    yield from fresh_server(tmp_path_factory)


pytestmark = pytest.mark.slow

PASSWORD = "reeds of the fertile land"


def _sign_up(page: Any, server: str, name: str) -> None:
    page.goto(f"{server}/account")
    page.wait_for_selector("body[data-ready=yes]")
    page.fill("#signup-name", name)
    page.fill("#signup-password", PASSWORD)
    page.click("#signup")
    page.wait_for_selector("body[data-signed-in=yes]")


def test_sign_up_invite_a_friend_who_takes_the_seat_and_the_account_plays_on_another_browser(
    server: str, page: Any, browser: Any
) -> None:
    _sign_up(page, server, "Imhotep")
    assert "Imhotep" in page.locator("#me-title").inner_text()
    page.goto(f"{server}/")
    page.wait_for_selector("body[data-ready=yes]")
    assert page.locator("#account-link").inner_text() == "Account: Imhotep"
    page.select_option("#game", "aton")
    page.select_option("#seat-1-kind", "invite")
    page.click("#create")
    invite = page.locator('#created input[data-invite-seat="1"]')
    invite.wait_for()
    link = invite.input_value()
    table = page.locator("#created").get_attribute("data-table")
    assert re.search(rf"/invite/{table}#seat=1&code=[\w-]+$", link)
    assert page.locator("#created input[data-link-seat]").count() == 1  # the creator's own seat only
    held = page.evaluate(f"() => Object.keys(JSON.parse(localStorage.getItem('netjer.tokens.{table}') || '{{}}'))")
    assert held == ["0"]  # the creator's browser holds no key of the invited seat
    # "Your tables" shows the unclaimed invitation again
    page.goto(f"{server}/")
    page.click(f'[data-show-invitations="{table}"]')
    shown = page.locator(f'[data-invitations="{table}"] input[data-invite-seat="1"]')
    shown.wait_for()
    assert shown.input_value() == link

    friend = browser.new_context()
    try:
        other = friend.new_page()
        other.goto(link)
        other.wait_for_url(re.compile(rf"/table/{table}#seat=1$"))
        other.wait_for_selector("body[data-shown='1']", state="attached")
        # the same link opened again (by anyone) is refused
        late = browser.new_context()
        try:
            again = late.new_page()
            again.goto(link)
            again.wait_for_selector("body[data-claimed=no]", state="attached")
            assert "revoked or already used" in again.locator("#invite-status").inner_text()
        finally:
            late.close()
    finally:
        friend.close()

    # The creator's "Your tables": the seat taken, no invitation left to show
    page.goto(f"{server}/")
    page.wait_for_selector(f'[data-my-table="{table}"]')
    assert page.locator(f'[data-show-invitations="{table}"]').count() == 0

    # The same account on another browser: its table listed, its seat opened by the session
    device = browser.new_context()
    try:
        second = device.new_page()
        second.goto(f"{server}/account")
        second.wait_for_selector("body[data-ready=yes]")
        second.fill("#signin-name", "imhotep")
        second.fill("#signin-password", PASSWORD)
        second.click("#signin")
        second.wait_for_selector("body[data-signed-in=yes]")
        second.goto(f"{server}/")
        item = second.locator(f'[data-my-table="{table}"] a.button').first
        item.wait_for()
        assert item.get_attribute("href") == f"/table/{table}#seat=0&account"
        item.click()
        second.wait_for_selector("body[data-shown='0']", state="attached")
        assert second.evaluate("() => document.cookie.includes('netjer_session')") is False  # HttpOnly
    finally:
        device.close()
