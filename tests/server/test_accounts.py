"""Accounts (issue 31 item 1): signing up and in, sessions in cookies, CSRF, the sign-in rate
limits, signing out (everywhere), changing the password, deleting the account, the export; and
what a session may do at a table: act for the seats its account holds, and no other."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from netjer.server.accounts.passwords import check_new_password, common_passwords
from netjer.server.accounts.service import check_name, letter_scripts
from netjer.server.app import create_app
from netjer.server.limits import RateLimiter
from tests.server.browsers import Browser
from tests.server.fake_time import FakeTime
from tests.server.sockets import receive_json
from tests.server.test_api import _play_to_end

PASSWORD = "lapis lazuli of the south"


def _csrf(client: TestClient | Browser) -> dict[str, str]:
    return {"X-CSRF-Token": client.cookies.get("netjer_csrf") or ""}


def _sign_up(client: TestClient | Browser, name: str, password: str = PASSWORD) -> dict[str, Any]:
    r = client.post("/api/account/signup", json={"name": name, "password": password})
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def _app_client(db: str, fake: FakeTime, **kwargs: Any) -> TestClient:
    return TestClient(create_app(db, ai_workers=0, clock=fake, **kwargs), raise_server_exceptions=False)


@pytest.fixture
def second(client: TestClient) -> Browser:
    """A second browser on the same server (its own cookies)."""
    return Browser(client)


def _table_for_me(client: TestClient, invite: bool = True) -> dict[str, Any]:
    """A two-seat Aton table whose seat 0 the (signed-in) creator plays; seat 1 invited."""
    seats = [{"type": "human", "name": "Seth"}, {"type": "human", "invite": invite}]
    r = client.post("/api/tables", json={"game": "aton", "seed": 3, "seats": seats}, headers=_csrf(client))
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def test_the_password_rules_are_nists() -> None:
    check_new_password("correct horse", "Ann")  # spaces and no digits are fine: no composition rule
    for weak, why in (("short7!", "8 characters"), ("password1", "common"), ("Sobekhotep", "name")):
        with pytest.raises(ValueError, match=why):
            check_new_password(weak, "sobekhotep")
    assert len(common_passwords()) > 8000 and "iloveyou" in common_passwords()


def test_sign_up_sets_httponly_lax_cookies_and_the_session_is_a_new_one_at_sign_in(client: TestClient) -> None:
    r = client.post("/api/account/signup", json={"name": "Hatshepsut", "password": PASSWORD})
    assert r.status_code == 201 and r.json()["name"] == "Hatshepsut"
    cookies = r.headers.get_list("set-cookie")
    session = next(c for c in cookies if c.startswith("netjer_session="))
    csrf = next(c for c in cookies if c.startswith("netjer_csrf="))
    assert "HttpOnly" in session and "samesite=lax" in session.lower() and "Secure" not in session  # plain http
    assert "HttpOnly" not in csrf and "samesite=lax" in csrf.lower()
    assert client.get("/api/account").json() == {"signed_in": True, "name": "Hatshepsut", "id": 1}
    first = client.cookies.get("netjer_session")
    # A planted (or old) session cookie is never the signed-in one: signing in makes a new id
    r = client.post("/api/account/signin", json={"name": "hatshepsut", "password": PASSWORD})
    assert r.status_code == 200, r.text
    assert client.cookies.get("netjer_session") not in (None, first)
    other = Browser(client)  # the old session ended with the sign-in
    other.cookies.set("netjer_session", first or "")
    assert other.get("/api/account").json() == {"signed_in": False}


def test_cookies_are_secure_over_https(db: str, fake: FakeTime) -> None:
    with TestClient(create_app(db, ai_workers=0, clock=fake), base_url="https://testserver") as c:
        r = c.post("/api/account/signup", json={"name": "Ahmose", "password": PASSWORD})
        assert all("Secure" in v for v in r.headers.get_list("set-cookie"))


def test_secure_cookies_mark_them_secure_over_plain_http_too(db: str, fake: FakeTime) -> None:
    """``netjer serve --secure-cookies``: behind a proxy that ends TLS without saying so."""
    with _app_client(db, fake, secure_cookies=True) as c:
        r = c.post("/api/account/signup", json={"name": "Amenhotep", "password": PASSWORD})
        assert r.status_code == 201 and all("Secure" in v for v in r.headers.get_list("set-cookie"))


def test_names_and_passwords_are_refused_with_reasons(client: TestClient) -> None:
    _sign_up(client, "Nefertari")
    cases = [
        ({"name": "NEFERTARI", "password": PASSWORD}, 409, "name_taken"),
        ({"name": "x", "password": PASSWORD}, 422, "bad_name"),
        ({"name": "Deleted Player", "password": PASSWORD}, 422, "bad_name"),
        ({"name": "Nef\u0435rtari", "password": PASSWORD}, 422, "bad_name"),  # a Cyrillic е: a lookalike
        ({"name": "Tiye", "password": "1234567"}, 422, "weak_password"),
        ({"name": "Tiye", "password": "baseball"}, 422, "weak_password"),
    ]
    for body, status, code in cases:
        r = client.post("/api/account/signup", json=body)
        assert (r.status_code, r.json()["error"]) == (status, code), r.text
    r = client.post("/api/account/signin", json={"name": "Nefertari", "password": "wrong password"})
    assert (r.status_code, r.json()["error"]) == (403, "bad_credentials")
    r = client.post("/api/account/signin", json={"name": "Nobody", "password": "wrong password"})
    assert (r.status_code, r.json()["error"]) == (403, "bad_credentials")  # the same answer


def test_a_name_s_letters_come_from_one_script_east_asian_names_included() -> None:
    """A name mixing Latin and Cyrillic letters can pass for another (UTS #39 mixed-script);
    Japanese names mix Han and kana, which counts as one writing system."""
    assert letter_scripts("Müller 2") == {"LATIN"}
    assert letter_scripts("\u0410lice") == {"LATIN", "CYRILLIC"}
    assert letter_scripts("山田たろう") == {"HAN"}
    assert check_name("  Ελένη  ") == "Ελένη"


def test_a_state_changing_request_with_the_session_needs_the_csrf_token(client: TestClient) -> None:
    _sign_up(client, "Ramesses")
    body = {"game": "aton", "seed": 3, "seats": [{"type": "human"}, {"type": "human", "invite": True}]}
    r = client.post("/api/tables", json=body)
    assert (r.status_code, r.json()["error"]) == (403, "csrf")
    r = client.post("/api/tables", json=body, headers={"X-CSRF-Token": "forged"})
    assert (r.status_code, r.json()["error"]) == (403, "csrf")
    assert client.post("/api/account/signout", json={}).status_code == 403
    assert client.get("/api/account").json()["signed_in"]  # reading needs none
    assert client.post("/api/tables", json=body, headers=_csrf(client)).status_code == 201


def test_a_sign_in_posted_by_another_site_is_refused(client: TestClient) -> None:
    _sign_up(client, "Thutmose")
    r = client.post(
        "/api/account/signin", json={"name": "Thutmose", "password": PASSWORD}, headers={"Origin": "https://evil.test"}
    )
    assert (r.status_code, r.json()["error"]) == (403, "cross_site")


def test_sign_in_is_rate_limited_per_account_and_per_address(db: str, fake: FakeTime) -> None:
    tick = [0.0]
    per_account, per_address = RateLimiter(1, 3, clock=lambda: tick[0]), RateLimiter(6, 5, clock=lambda: tick[0])
    with _app_client(db, fake, signin_limiters=(per_account, per_address)) as c:
        _sign_up(c, "Khufu")  # one of the address's five
        wrong = {"name": "Khufu", "password": "not the password"}
        assert [c.post("/api/account/signin", json=wrong).status_code for _ in range(4)] == [403, 403, 403, 429]
        r = c.post("/api/account/signin", json={"name": "Khufu", "password": PASSWORD})
        assert r.status_code == 429 and int(r.headers["Retry-After"]) >= 1  # even the right one waits
        # another name from the same address: the address's bucket is empty too
        assert c.post("/api/account/signin", json={"name": "Khafre", "password": PASSWORD}).status_code == 429
        tick[0] += 60.0
        assert c.post("/api/account/signin", json={"name": "Khufu", "password": PASSWORD}).status_code == 200


def test_sign_out_and_sign_out_everywhere(client: TestClient, second: Browser) -> None:
    _sign_up(client, "Sneferu")
    r = second.post("/api/account/signin", json={"name": "Sneferu", "password": PASSWORD})
    assert r.status_code == 200
    assert client.post("/api/account/signout", json={}, headers=_csrf(client)).json() == {"signed_in": False}
    assert client.get("/api/account").json() == {"signed_in": False}
    assert second.get("/api/account").json()["signed_in"]  # only this browser signed out
    client.post("/api/account/signin", json={"name": "Sneferu", "password": PASSWORD})
    r = client.post("/api/account/signout", json={"everywhere": True}, headers=_csrf(client))
    assert r.status_code == 200
    assert second.get("/api/account").json() == {"signed_in": False}


def test_changing_the_password_ends_the_other_sessions(client: TestClient, second: Browser) -> None:
    _sign_up(client, "Djoser")
    second.post("/api/account/signin", json={"name": "Djoser", "password": PASSWORD})
    r = client.post(
        "/api/account/password", json={"old": "wrong one!", "new": "a new long password"}, headers=_csrf(client)
    )
    assert (r.status_code, r.json()["error"]) == (403, "bad_credentials")
    r = client.post("/api/account/password", json={"old": PASSWORD, "new": "qwertyuiop"}, headers=_csrf(client))
    assert (r.status_code, r.json()["error"]) == (422, "weak_password")
    r = client.post(
        "/api/account/password", json={"old": PASSWORD, "new": "a new long password"}, headers=_csrf(client)
    )
    assert r.status_code == 200 and client.get("/api/account").json()["signed_in"]
    assert second.get("/api/account").json() == {"signed_in": False}
    assert second.post("/api/account/signin", json={"name": "Djoser", "password": PASSWORD}).status_code == 403
    assert (
        second.post("/api/account/signin", json={"name": "Djoser", "password": "a new long password"}).status_code
        == 200
    )


def test_a_session_acts_for_its_accounts_seat_on_any_device_and_for_no_other(
    client: TestClient, second: Browser
) -> None:
    _sign_up(client, "Menkaure")
    table = _table_for_me(client)
    tid = table["id"]
    assert list(table["tokens"]) == ["0"] and list(table["invitations"]) == ["1"]
    # Another device of the same account: no token, the session acts for seat 0
    second.post("/api/account/signin", json={"name": "Menkaure", "password": PASSWORD})
    assert second.get(f"/api/tables/{tid}/view?seat=0").status_code == 200
    listed = second.get("/api/account/tables").json()
    assert [(t["id"], t["my_seats"]) for t in listed] == [(tid, [0])]
    # ... and on the WebSocket, the hello needs no token either
    with second.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": None})
        assert receive_json(ws, "the seat's first view")["type"] == "view"
    # Seat 1 is not the account's (invited): refused, as is a session of another account
    assert second.get(f"/api/tables/{tid}/view?seat=1").json()["error"] == "bad_token"
    third = Browser(client)
    _sign_up(third, "Intruder")
    assert third.get(f"/api/tables/{tid}/view?seat=0").json()["error"] == "bad_token"
    move = {"seat": 0, "version": 0, "index": 0}
    r = third.post(f"/api/tables/{tid}/moves", json=move, headers=_csrf(third))
    assert (r.status_code, r.json()["error"]) == (403, "bad_token")
    with third.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": None})
        assert receive_json(ws, "the refusal")["error"] == "bad_token"
    # A page of another site opening the socket with the player's cookies gets nothing
    with second.websocket_connect(f"/ws/tables/{tid}", headers={"Origin": "https://evil.test"}) as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": None})
        assert receive_json(ws, "the refusal")["error"] == "no_token"


def test_deleting_the_account_keeps_its_games_under_deleted_player(client: TestClient, second: Browser) -> None:
    _sign_up(client, "Akhenaten")
    table = _table_for_me(client, invite=False)
    tid = table["id"]
    r = client.request("DELETE", "/api/account", json={"password": "not it at all"}, headers=_csrf(client))
    assert (r.status_code, r.json()["error"]) == (403, "bad_credentials")
    r = client.request("DELETE", "/api/account", json={"password": PASSWORD}, headers=_csrf(client))
    assert r.json() == {"deleted": True, "seats": 2}
    assert client.get("/api/account").json() == {"signed_in": False}
    seats = client.get(f"/api/tables/{tid}/view").json()["seats"]
    assert [s["name"] for s in seats] == ["deleted player", "deleted player"]
    assert (
        client.get(
            f"/api/tables/{tid}/view?seat=0", headers={"Authorization": f"Bearer {table['tokens']['0']}"}
        ).status_code
        == 200
    )
    assert second.post("/api/account/signin", json={"name": "Akhenaten", "password": PASSWORD}).status_code == 403
    _sign_up(second, "Akhenaten")  # the name is free again: a new account, none of the old seats
    assert second.get("/api/account/tables").json() == []


def test_the_export_has_finished_games_records_and_no_hidden_information(client: TestClient) -> None:
    _sign_up(client, "Sobekneferu")
    seats = [{"type": "human"}, {"type": "agent", "agent": "random"}]
    done = client.post("/api/tables", json={"game": "aton", "seed": 5, "seats": seats}, headers=_csrf(client)).json()
    going = client.post("/api/tables", json={"game": "aton", "seed": 6, "seats": seats}, headers=_csrf(client)).json()
    view = _play_to_end(client, done["id"], 0, done["tokens"]["0"])
    assert view["finished"]
    r = client.get("/api/account/games")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    games = {g["table"]: g for g in r.json()["games"]}
    record = games[done["id"]]["record"]
    assert record["game"] == "aton" and record["seed"] == 5 and record["result"] and record["actions"]
    assert "record" not in games[going["id"]]  # unfinished: its seed would show the hidden cards
    assert r.json()["account"] == "Sobekneferu"
