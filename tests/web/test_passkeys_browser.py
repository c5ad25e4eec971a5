"""Passkeys in Chromium (issue 31 item 1): with Chromium's virtual authenticator (CTAP2, an
internal platform authenticator keeping discoverable credentials, verifying its user), a
player adds a passkey on the account page, signs out and signs in with it, with no name and
then by name; the account page is photographed at the desktop's and a phone's size."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import fresh_server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """This module's own server: its sign-ups and sign-ins count against a fresh per-address
    rate limit (tests/web/conftest.py)."""
    yield from fresh_server(tmp_path_factory)


pytestmark = pytest.mark.slow

PASSWORD = "the sycamore of the south"


def _virtual_authenticator(context: Any, page: Any) -> tuple[Any, str]:
    """Chromium's virtual authenticator on ``page`` (DevTools protocol, WebAuthn domain)."""
    cdp = context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    made = cdp.send(
        "WebAuthn.addVirtualAuthenticator",
        {
            "options": {
                "protocol": "ctap2",
                "transport": "internal",
                "hasResidentKey": True,
                "hasUserVerification": True,
                "isUserVerified": True,
                "automaticPresenceSimulation": True,
            }
        },
    )
    return cdp, made["authenticatorId"]


def test_a_passkey_added_on_the_account_page_signs_in_after_signing_out(
    server: str, context: Any, page: Any, shots: Path
) -> None:
    site = server.replace("127.0.0.1", "localhost")  # WebAuthn takes a domain, never an IP address
    cdp, authenticator = _virtual_authenticator(context, page)
    page.goto(f"{site}/account")
    page.wait_for_selector("body[data-ready=yes]")
    assert page.locator("#signin-passkey").is_visible()  # offered to a guest on a secure page
    page.fill("#signup-name", "Nefertiti")
    page.fill("#signup-password", PASSWORD)
    page.click("#signup")
    page.wait_for_selector("body[data-signed-in=yes]")
    page.fill("#passkey-name", "This laptop")
    page.click("#add-passkey")
    page.wait_for_selector('#passkey-list li[data-passkey="This laptop"]')
    assert "passkey is added" in page.locator("#account-done").inner_text()
    held = cdp.send("WebAuthn.getCredentials", {"authenticatorId": authenticator})["credentials"]
    assert len(held) == 1 and held[0]["isResidentCredential"] and held[0]["rpId"] == "localhost"

    page.screenshot(path=str(shots / "account-passkeys-1280x800.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(shots / "account-passkeys-390x844.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})

    page.click("#signout")
    page.wait_for_selector("body[data-signed-in=no]")
    assert not any(c["name"] == "netjer_session" for c in context.cookies())
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(shots / "account-signin-passkey-390x844.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.click("#signin-passkey")  # no name: the browser offers the site's discoverable passkeys
    page.wait_for_selector("body[data-signed-in=yes]")
    assert "Nefertiti" in page.locator("#me-title").inner_text()
    session = next(c for c in context.cookies() if c["name"] == "netjer_session")
    assert session["httpOnly"] and session["sameSite"] == "Lax"
    assert "last used" in page.locator('#passkey-list li[data-passkey="This laptop"]').inner_text()
    held = cdp.send("WebAuthn.getCredentials", {"authenticatorId": authenticator})["credentials"]
    assert held[0]["signCount"] >= 1

    page.click("#signout")
    page.wait_for_selector("body[data-signed-in=no]")
    page.fill("#signin-name", "nefertiti")  # by name
    page.click("#signin-passkey")
    page.wait_for_selector("body[data-signed-in=yes]")
    assert page.locator("#account-error").is_hidden()
    # removed, the passkey no longer signs in (the authenticator still holds it)
    page.click('#passkey-list li[data-passkey="This laptop"] button')
    page.wait_for_selector("#passkey-list li:not([data-passkey])")
    page.click("#signout")
    page.wait_for_selector("body[data-signed-in=no]")
    page.click("#signin-passkey")
    page.wait_for_selector("#account-error:not(.hidden)")
    assert "not known here" in page.locator("#account-error").inner_text()
    assert page.evaluate("document.body.dataset.signedIn") == "no"
