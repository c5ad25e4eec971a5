"""Seats that belong to their players (issue 31 item 2): an invited seat is claimed by whoever
opens its invitation first, after which only that player holds its key; the creator holds no
other player's key, may show an unclaimed invitation again, renew it and revoke it.  And the
schema's upgrade (migration 0011) under a game in progress, on SQLite and PostgreSQL."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient
from sqlalchemy import inspect

from netjer.server import db as server_db
from netjer.server.app import create_app
from netjer.server.db import Store
from tests.server.browsers import Browser
from tests.server.fake_time import FakeTime
from tests.server.test_postgres import throwaway_postgres

PASSWORD = "a long enough passphrase"


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _csrf(client: TestClient | Browser) -> dict[str, str]:
    return {"X-CSRF-Token": client.cookies.get("netjer_csrf") or ""}


def _invite_table(client: TestClient, headers: dict[str, str] | None = None) -> dict[str, Any]:
    seats = [{"type": "human", "name": "Seth"}, {"type": "human", "invite": True}]
    clock = {"mode": "realtime", "bank": 300, "increment": 5}
    r = client.post("/api/tables", json={"game": "aton", "seed": 4, "seats": seats, "clock": clock}, headers=headers)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def _code(link: str) -> tuple[int, str]:
    """The seat and the code of an invitation's link (``/invite/<table>#seat=N&code=C``)."""
    fragment = parse_qs(urlsplit(link).fragment)
    return int(fragment["seat"][0]), fragment["code"][0]


def _claim(client: TestClient | Browser, table: str, link: str, name: str | None = None, **kw: Any) -> Any:
    seat, code = _code(link)
    return client.post(f"/api/tables/{table}/claim", json={"seat": seat, "code": code, "name": name}, **kw)


def test_the_creator_holds_no_key_of_an_invited_seat_and_the_first_opener_takes_it(client: TestClient) -> None:
    made = _invite_table(client)
    tid, link = made["id"], made["invitations"]["1"]
    assert set(made["tokens"]) == {"0"} and link.startswith(f"/invite/{tid}#seat=1&code=")
    seat1 = made["table"]["seats"][1]
    assert seat1["open"] is False and seat1["reserved"] is True  # waiting, not open to the lobby
    assert [t["id"] for t in client.get("/api/tables?status=open").json()] == []
    for key in (made["creator_key"], made["tokens"]["0"]):  # nothing the creator holds opens seat 1
        assert client.get(f"/api/tables/{tid}/view?seat=1", headers=_auth(key)).json()["error"] == "bad_token"
    assert made["table"]["clock"]["running"] is None  # the clocks wait for the invited player
    # The creator shows the invitation again (its key), nobody else may
    assert client.get(f"/api/tables/{tid}/invitations", headers=_auth(made["creator_key"])).json() == {
        "invitations": {"1": link}
    }
    for key in (None, made["tokens"]["0"], "guess"):
        r = client.get(f"/api/tables/{tid}/invitations", headers=_auth(key) if key else None)
        assert (r.status_code, r.json()["error"]) == (403, "bad_key")
    # The friend opens it first: the seat is theirs, with a token only they got
    r = _claim(client, tid, link, "Nut")
    assert r.status_code == 200, r.text
    token = r.json()["token"]
    view = client.get(f"/api/tables/{tid}/view?seat=1", headers=_auth(token)).json()
    assert view["seats"][1]["name"] == "Nut" and view["clock"]["running"] is not None  # the clocks start
    # A second opener of the same link (the creator too) is refused; the creator's list is empty
    r = _claim(client, tid, link, "Eve")
    assert (r.status_code, r.json()["error"]) == (403, "bad_invitation")
    assert client.get(f"/api/tables/{tid}/invitations", headers=_auth(made["creator_key"])).json() == {
        "invitations": {}
    }
    r = client.post(f"/api/tables/{tid}/invitations/1", headers=_auth(made["creator_key"]))
    assert (r.status_code, r.json()["error"]) == (409, "seat_taken")
    for key in (made["creator_key"], made["tokens"]["0"]):
        assert client.get(f"/api/tables/{tid}/view?seat=1", headers=_auth(key)).json()["error"] == "bad_token"


def test_a_revoked_or_renewed_invitation_is_refused(client: TestClient) -> None:
    made = _invite_table(client)
    tid, old, key = made["id"], made["invitations"]["1"], _auth(made["creator_key"])
    assert client.delete(f"/api/tables/{tid}/invitations/1", headers=key).json() == {"revoked": 1}
    assert _claim(client, tid, old).json()["error"] == "bad_invitation"
    assert client.delete(f"/api/tables/{tid}/invitations/1", headers=key).json()["error"] == "no_invitation"
    renewed = client.post(f"/api/tables/{tid}/invitations/1", headers=key)
    assert renewed.status_code == 201
    new = renewed.json()["link"]
    assert new != old and _claim(client, tid, old).json()["error"] == "bad_invitation"
    again = client.post(f"/api/tables/{tid}/invitations/1", headers=key).json()["link"]  # renewed again
    assert _claim(client, tid, new).json()["error"] == "bad_invitation"
    assert _claim(client, tid, again).status_code == 200
    # a made-up code, a seat that was never invited, a seat the table lacks
    assert _claim(client, tid, f"/invite/{tid}#seat=0&code=x").json()["error"] == "bad_invitation"
    r = client.post(f"/api/tables/{tid}/claim", json={"seat": 7, "code": "x"})
    assert (r.status_code, r.json()["error"]) == (404, "no_seat")


def test_a_signed_in_player_claims_for_the_account_and_the_creator_cannot_act_for_it(client: TestClient) -> None:
    creator_browser = client
    assert creator_browser.post("/api/account/signup", json={"name": "Ptah", "password": PASSWORD}).status_code == 201
    made = _invite_table(creator_browser, _csrf(creator_browser))
    tid, link = made["id"], made["invitations"]["1"]
    # The signed-in creator sees the invitation from its account, no creator key needed
    assert creator_browser.get(f"/api/tables/{tid}/invitations").json() == {"invitations": {"1": link}}
    friend = Browser(client)
    assert friend.post("/api/account/signup", json={"name": "Sekhmet", "password": PASSWORD}).status_code == 201
    assert _claim(friend, tid, link, "Sekhmet").json()["error"] == "csrf"  # signed in: CSRF token
    r = _claim(friend, tid, link, "Sekhmet", headers=_csrf(friend))
    assert r.status_code == 200
    listed = friend.get("/api/account/tables").json()
    assert [(t["id"], t["my_seats"]) for t in listed] == [(tid, [1])]
    assert friend.get(f"/api/tables/{tid}/view?seat=1").status_code == 200  # on any device: the session
    assert friend.get(f"/api/tables/{tid}/view?seat=0").json()["error"] == "bad_token"
    # The creator's session and keys do not open the friend's seat
    assert creator_browser.get(f"/api/tables/{tid}/view?seat=1").json()["error"] == "bad_token"
    body = {"seat": 1, "version": 0, "index": 0}
    r = creator_browser.post(f"/api/tables/{tid}/moves", json=body, headers=_csrf(creator_browser))
    assert (r.status_code, r.json()["error"]) == (403, "bad_token")
    assert [(t["id"], t["my_seats"]) for t in creator_browser.get("/api/account/tables").json()] == [(tid, [0])]


def _downgrade_to_0010(url: str) -> None:
    store = Store(url)
    config = Config()
    config.set_main_option("script_location", str(Path(server_db.__file__).parent.parent / "migrations"))
    with store.engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "0010")
    tables = set(inspect(store.engine).get_table_names())
    assert "accounts" not in tables and "invitations" not in tables
    assert "account_id" not in {c["name"] for c in inspect(store.engine).get_columns("seats")}
    store.engine.dispose()


def _move(client: TestClient, tid: str, tokens: dict[str, str]) -> tuple[int, int]:
    """Play the first legal action of the first seat that may act: the versions before and after."""
    for seat in ("0", "1"):
        view = client.get(f"/api/tables/{tid}/view?seat={seat}", headers=_auth(tokens[seat])).json()
        if view["legal"]:
            body = {"seat": int(seat), "version": view["version"], "index": 0}
            r = client.post(f"/api/tables/{tid}/moves", json=body, headers=_auth(tokens[seat]))
            assert r.status_code == 200, r.text
            return view["version"], r.json()["version"]
    raise AssertionError("no seat may act")


def _upgrade_with_a_game_in_progress(url: str, fake: FakeTime | None = None) -> None:
    """A game half-played on the schema of 0010 goes on after the upgrade to 0011, and the
    upgraded database takes accounts and invitations."""
    app_args: dict[str, Any] = {"ai_workers": 0} | ({"clock": fake} if fake else {})
    seats = [{"type": "human", "name": "Seth"}, {"type": "human", "name": "Nut"}]
    with TestClient(create_app(url, **app_args)) as client:
        made = client.post("/api/tables", json={"game": "aton", "seed": 8, "seats": seats}).json()
        tid, tokens = made["id"], made["tokens"]
        for _ in range(4):
            _move(client, tid, tokens)
        before = client.get(f"/api/tables/{tid}/view").json()
    assert before["version"] > 0 and not before["finished"]
    _downgrade_to_0010(url)
    with TestClient(create_app(url, **app_args)) as client:  # upgraded to 0011 at start
        after = client.get(f"/api/tables/{tid}/view").json()
        assert (after["version"], after["observation"]) == (before["version"], before["observation"])
        was, now = _move(client, tid, tokens)  # the tokens made before the upgrade still hold
        assert was == before["version"] and now > was
        assert client.post("/api/account/signup", json={"name": "Osiris", "password": PASSWORD}).status_code == 201
        assert "1" in _invite_table(client, _csrf(client))["invitations"]


def test_migration_0011_upgrades_a_sqlite_database_with_a_game_in_progress(db: str, fake: FakeTime) -> None:
    _upgrade_with_a_game_in_progress(db, fake)


@pytest.mark.slow
def test_migration_0011_upgrades_a_postgresql_database_with_a_game_in_progress() -> None:
    with throwaway_postgres() as url:
        _upgrade_with_a_game_in_progress(url)


def _finish(tid: str, players: dict[int, tuple[TestClient | Browser, dict[str, str]]]) -> None:
    """Play every seat's first legal action (each through its own browser) until the game is over."""
    for _ in range(2000):
        moved = False
        for seat, (browser, headers) in players.items():
            view = browser.get(f"/api/tables/{tid}/view?seat={seat}", headers=headers).json()
            if view["finished"]:
                return
            if view["legal"]:
                body = {"seat": seat, "version": view["version"], "index": 0}
                moved |= browser.post(f"/api/tables/{tid}/moves", json=body, headers=headers).status_code == 200
        assert moved, "nobody could move"
    raise AssertionError("the game did not end")


def test_the_rematch_seats_stay_the_accounts(client: TestClient) -> None:
    assert client.post("/api/account/signup", json={"name": "Horus", "password": PASSWORD}).status_code == 201
    made = _invite_table(client, _csrf(client))
    tid = made["id"]
    friend = Browser(client)
    assert friend.post("/api/account/signup", json={"name": "Hathor", "password": PASSWORD}).status_code == 201
    assert _claim(friend, tid, made["invitations"]["1"], "Hathor", headers=_csrf(friend)).status_code == 200
    # both play with their sessions alone: no token
    _finish(tid, {0: (client, _csrf(client)), 1: (friend, _csrf(friend))})
    offer = client.post(f"/api/tables/{tid}/rematch", json={"seat": 0}, headers=_csrf(client))
    assert offer.status_code == 201, offer.text
    new = offer.json()["id"]
    assert friend.post(f"/api/tables/{tid}/rematch/accept", json={"seat": 1}, headers=_csrf(friend)).status_code == 200
    # old seat i plays new seat i + 1: each account's session opens its new seat, not the other
    assert client.get(f"/api/tables/{new}/view?seat=1").status_code == 200
    assert friend.get(f"/api/tables/{new}/view?seat=0").status_code == 200
    assert client.get(f"/api/tables/{new}/view?seat=0").json()["error"] == "bad_token"
    mine = {t["id"]: t["my_seats"] for t in friend.get("/api/account/tables").json()}
    assert mine == {tid: [1], new: [0]}
