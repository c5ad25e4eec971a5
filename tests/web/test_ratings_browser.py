"""Ratings in Chromium (issue 31 item 4): two accounts play a rated Dioses del Nilo game (one
resigns), and both profiles show the game and the new ratings; the creator chose "Rated" in
the lobby, which only a signed-in player is offered."""

from __future__ import annotations

import re
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


def _profile(page: Any, server: str, name: str) -> dict[str, str]:
    """The profile page of ``name``: its Nile rating as shown and its games' table ids."""
    page.goto(f"{server}/player/{name}")
    page.wait_for_selector("body[data-ready=yes]", state="attached")
    rating = page.locator('#ratings tr[data-pool="nile"] td.rating').inner_text()
    games = page.eval_on_selector_all("#games li[data-table]", "els => els.map((e) => e.dataset.table).join(',')")
    return {"rating": rating, "games": games, "lines": str(page.locator("#history-graph polyline").count())}


def test_two_accounts_play_a_rated_game_and_both_profiles_show_it(server: str, page: Any, browser: Any) -> None:
    guest = browser.new_context()
    try:
        lobby = guest.new_page()
        lobby.goto(f"{server}/")
        lobby.wait_for_selector("body[data-ready=yes]")
        assert not lobby.locator("#rated").is_visible()  # a guest is not offered a rated game
    finally:
        guest.close()
    _sign_up(page, server, "Hatmehit")
    page.goto(f"{server}/")
    page.wait_for_selector("body[data-signed-in=yes]")
    page.select_option("#game", "nile")
    page.select_option("#seat-1-kind", "invite")
    page.check("#rated")
    page.click("#create")
    invite = page.locator('#created input[data-invite-seat="1"]')
    invite.wait_for()
    link = invite.input_value()
    table = page.locator("#created").get_attribute("data-table")

    friend = browser.new_context()
    try:
        other = friend.new_page()
        _sign_up(other, server, "Banebdjedet")
        other.goto(link)
        other.wait_for_url(re.compile(rf"/table/{table}#seat=1$"))
        other.wait_for_selector("#resign")
        other.click("#resign")
        other.click("#resign-yes")
        other.wait_for_selector("body[data-finished=yes]", state="attached")
        # the end-of-game panel says what the game did to each seat's rating, as lichess does
        change = other.locator('#rating-changes [data-rating-seat="1"]')
        change.wait_for()
        assert re.fullmatch(r".*\(Banebdjedet\): rating 1500 → 1\d{3} \(−\d+\)", change.inner_text())
        loser = _profile(other, server, "Banebdjedet")
    finally:
        friend.close()
    winner = _profile(page, server, "hatmehit")  # any case
    assert re.fullmatch(r"\d{4}\?", winner["rating"]) and re.fullmatch(r"\d{4}\?", loser["rating"])
    assert int(winner["rating"][:-1]) > 1500 > int(loser["rating"][:-1])
    assert winner["games"] == table and loser["games"] == table
    assert winner["lines"] == loser["lines"] == "1"
    assert (
        page.locator(f'#games li[data-table="{table}"] a.button').get_attribute("href")
        == f"/table/{table}#watch&replay"
    )
    assert "another scale" in page.locator("#player").inner_text()
    page.click('#games a[data-player="Banebdjedet"]')  # the opponent's seat links to their profile
    page.wait_for_url(f"{server}/player/Banebdjedet")
    # the account page links to the profile
    page.goto(f"{server}/account")
    page.wait_for_selector("body[data-signed-in=yes]")
    assert page.locator("#profile-link").get_attribute("href") == "/player/Hatmehit"
