"""Passkeys (issue 31 item 1, a second way to sign in): registering, listing and removing an
account's passkeys, and signing in with one (discoverable, or by name) through a software
authenticator (:mod:`tests.server.authenticator`); replayed, expired and missing challenges,
wrong origins and relying party ids, a counter going back, another account's passkey, malformed
answers; the account's deletion and the migration of a database with games in it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient
from sqlalchemy import inspect

from netjer.i18n_sentences import Sentence
from netjer.server import db as server_db
from netjer.server.accounts.passkey_reasons import passkey_reason
from netjer.server.accounts.passkeys import CHALLENGE_SECONDS, PasskeyConfig, check_origin
from netjer.server.app import create_app
from netjer.server.db import Store
from netjer.server.limits import RateLimiter
from tests.server.authenticator import Authenticator, unb64url
from tests.server.browsers import Browser
from tests.server.fake_time import FakeTime
from tests.server.test_accounts import PASSWORD, _csrf, _sign_up
from tests.server.test_invitations import _move
from tests.server.test_postgres import throwaway_postgres

RP_ID = "netjer.test"
ORIGIN = "https://netjer.test"


def _app(db: str, fake: FakeTime, **kwargs: Any) -> TestClient:
    config = PasskeyConfig(rp_id=RP_ID, origins=(ORIGIN,))
    app = create_app(db, ai_workers=0, clock=fake, passkeys=config, **kwargs)
    return TestClient(app, base_url=ORIGIN, raise_server_exceptions=False)


@pytest.fixture
def site(db: str, fake: FakeTime) -> Iterator[TestClient]:
    """The server at https://netjer.test, its relying party ``netjer.test``."""
    with _app(db, fake) as c:
        yield c


def _register(client: TestClient | Browser, key: Authenticator, name: str = "Laptop", **wrong: Any) -> Any:
    options = client.post("/api/account/passkeys/register/options", json={}, headers=_csrf(client))
    assert options.status_code == 200, options.text
    credential = key.create(options.json(), **wrong)
    return client.post(
        "/api/account/passkeys/register", json={"name": name, "credential": credential}, headers=_csrf(client)
    )


def _sign_out(client: TestClient | Browser) -> None:
    assert client.post("/api/account/signout", json={}, headers=_csrf(client)).status_code == 200


def _options(client: TestClient | Browser, name: str | None = None) -> dict[str, Any]:
    r = client.post("/api/account/passkeys/signin/options", json={} if name is None else {"name": name})
    assert r.status_code == 200, r.text
    found: dict[str, Any] = r.json()
    return found


def _sign_in(client: TestClient | Browser, key: Authenticator, name: str | None = None, **wrong: Any) -> Any:
    options = _options(client, name)
    rp_id = wrong.pop("rp_id", RP_ID)
    return client.post("/api/account/passkeys/signin", json={"credential": key.get(options, rp_id, **wrong)})


def test_a_passkey_registered_signs_in_with_no_name_as_a_password_sign_in_does(site: TestClient, db: str) -> None:
    _sign_up(site, "Hatshepsut")
    key = Authenticator(ORIGIN)
    options = site.post("/api/account/passkeys/register/options", json={}, headers=_csrf(site)).json()
    assert options["rp"] == {"id": RP_ID, "name": "Netjer"} and options["user"]["name"] == "Hatshepsut"
    assert options["authenticatorSelection"]["residentKey"] == "required"
    assert options["authenticatorSelection"]["userVerification"] == "required"
    assert options["attestation"] == "none" and options["excludeCredentials"] == []
    r = site.post(
        "/api/account/passkeys/register", json={"name": "  My  laptop ", "credential": key.create(options)},
        headers=_csrf(site),
    )  # fmt: skip
    assert r.status_code == 201, r.text
    assert (r.json()["name"], r.json()["last_used_at"]) == ("My laptop", None)
    listed = site.get("/api/account/passkeys").json()
    assert [p["name"] for p in listed] == ["My laptop"]
    # the user handle is random, neither the account's id nor its name
    handle = unb64url(options["user"]["id"])
    assert len(handle) == 32 and b"Hatshepsut" not in handle
    before = site.cookies.get("netjer_session")
    _sign_out(site)
    assert site.get("/api/account").json() == {"signed_in": False}

    started = site.post("/api/account/passkeys/signin/options", json={})
    assert started.status_code == 200 and started.json()["allowCredentials"] == []  # discoverable: no name
    assert started.json()["rpId"] == RP_ID and started.json()["userVerification"] == "required"
    challenge_cookie = next(c for c in started.headers.get_list("set-cookie") if c.startswith("netjer_passkey="))
    assert "HttpOnly" in challenge_cookie and "samesite=strict" in challenge_cookie.lower()
    assert "Path=/api/account/passkeys" in challenge_cookie and "Max-Age=300" in challenge_cookie
    r = site.post("/api/account/passkeys/signin", json={"credential": key.get(started.json(), RP_ID)})
    assert r.status_code == 200, r.text
    assert r.json() == {"signed_in": True, "name": "Hatshepsut", "id": 1}
    cookies = r.headers.get_list("set-cookie")
    session = next(c for c in cookies if c.startswith("netjer_session="))
    csrf = next(c for c in cookies if c.startswith("netjer_csrf="))
    assert "HttpOnly" in session and "Secure" in session and "samesite=lax" in session.lower()
    assert "HttpOnly" not in csrf and "Secure" in csrf
    assert site.cookies.get("netjer_session") not in (None, before)
    assert site.get("/api/account").json()["name"] == "Hatshepsut"
    # the new session acts like a password's: a state-changing request needs its CSRF token
    body = {"game": "aton", "seed": 3, "seats": [{"type": "human"}, {"type": "human", "invite": True}]}
    assert site.post("/api/tables", json=body).status_code == 403
    assert site.post("/api/tables", json=body, headers=_csrf(site)).status_code == 201
    stored = Store(db).passkeys_of(1)
    assert [p.sign_count for p in stored] == [1] and stored[0].last_used_at is not None


def test_sign_in_by_name_is_told_that_accounts_passkeys_and_refuses_another_accounts(site: TestClient, db: str) -> None:
    mine, theirs = Authenticator(ORIGIN), Authenticator(ORIGIN)
    other = Browser(site)
    _sign_up(site, "Nefertari")
    assert _register(site, mine, "phone").status_code == 201
    assert _register(site, mine, "key").status_code == 201
    _sign_up(other, "Tiye")
    assert _register(other, theirs).status_code == 201
    _sign_out(site)
    options = _options(site, "NEFERTARI")
    held = {p.credential_id for p in Store(db).passkeys_of(1)}
    assert {c["id"] for c in options["allowCredentials"]} == held and all(
        c["transports"] == ["internal"] for c in options["allowCredentials"]
    )
    # Tiye's passkey answering a sign-in for Nefertari: refused, nobody signed in
    r = site.post("/api/account/passkeys/signin", json={"credential": theirs.get(options, RP_ID)})
    assert (r.status_code, r.json()["error"]) == (403, "unknown_passkey")
    assert site.get("/api/account").json() == {"signed_in": False}
    # a name nobody has: no credentials told, and no passkey signs in for it
    options = _options(site, "Nobody at all")
    assert options["allowCredentials"] == []
    r = site.post("/api/account/passkeys/signin", json={"credential": theirs.get(options, RP_ID)})
    assert (r.status_code, r.json()["error"]) == (403, "unknown_passkey")
    assert _sign_in(site, mine, "Nefertari").json()["name"] == "Nefertari"
    # the second passkey of the account is excluded from re-registration on its authenticator
    again = site.post("/api/account/passkeys/register/options", json={}, headers=_csrf(site)).json()
    assert {c["id"] for c in again["excludeCredentials"]} == held


def test_a_passkey_answering_with_another_accounts_user_handle_is_refused(site: TestClient) -> None:
    key = Authenticator(ORIGIN)
    _sign_up(site, "Ahmose")
    assert _register(site, key).status_code == 201
    _sign_out(site)
    r = _sign_in(site, key, user_handle=b"\x01" * 32)
    assert (r.status_code, r.json()["error"]) == (403, "unknown_passkey")


def test_a_challenge_is_answered_once(site: TestClient) -> None:
    key = Authenticator(ORIGIN)
    _sign_up(site, "Thutmose")
    options = site.post("/api/account/passkeys/register/options", json={}, headers=_csrf(site)).json()
    credential = key.create(options)
    body = {"name": "Laptop", "credential": credential}
    assert site.post("/api/account/passkeys/register", json=body, headers=_csrf(site)).status_code == 201
    r = site.post("/api/account/passkeys/register", json=body, headers=_csrf(site))
    assert (r.status_code, r.json()["error"]) == (400, "passkey_challenge") and "start again" in r.json()["message"]
    _sign_out(site)
    options = _options(site)
    assertion = key.get(options, RP_ID)
    assert site.post("/api/account/passkeys/signin", json={"credential": assertion}).status_code == 200
    _sign_out(site)
    # the same answer replayed (its challenge cookie kept by an attacker): refused
    site.cookies.set("netjer_passkey", "replayed", domain="netjer.test", path="/api/account/passkeys")
    r = site.post("/api/account/passkeys/signin", json={"credential": assertion})
    assert (r.status_code, r.json()["error"]) == (400, "passkey_challenge")
    assert site.get("/api/account").json() == {"signed_in": False}


def test_a_replayed_sign_in_answer_is_refused_even_with_its_own_challenge_cookie(site: TestClient) -> None:
    key = Authenticator(ORIGIN)
    _sign_up(site, "Sneferu")
    assert _register(site, key).status_code == 201
    _sign_out(site)
    started = site.post("/api/account/passkeys/signin/options", json={})
    token = started.cookies.get("netjer_passkey")
    assertion = key.get(started.json(), RP_ID)
    assert site.post("/api/account/passkeys/signin", json={"credential": assertion}).status_code == 200
    _sign_out(site)
    site.cookies.set("netjer_passkey", token or "", domain="netjer.test", path="/api/account/passkeys")
    r = site.post("/api/account/passkeys/signin", json={"credential": assertion})
    assert (r.status_code, r.json()["error"]) == (400, "passkey_challenge")


def test_an_expired_challenge_is_refused(site: TestClient, fake: FakeTime) -> None:
    key = Authenticator(ORIGIN)
    _sign_up(site, "Djoser")
    options = site.post("/api/account/passkeys/register/options", json={}, headers=_csrf(site)).json()
    fake.t += CHALLENGE_SECONDS + 1
    body = {"name": "Laptop", "credential": key.create(options)}
    r = site.post("/api/account/passkeys/register", json=body, headers=_csrf(site))
    assert (r.status_code, r.json()["error"]) == (400, "passkey_challenge") and "expired" in r.json()["message"]
    assert _register(site, key).status_code == 201
    _sign_out(site)
    options = _options(site)
    fake.t += CHALLENGE_SECONDS + 1
    r = site.post("/api/account/passkeys/signin", json={"credential": key.get(options, RP_ID)})
    assert (r.status_code, r.json()["error"]) == (400, "passkey_challenge") and "expired" in r.json()["message"]


def test_a_wrong_origin_or_relying_party_id_is_refused_and_uses_the_challenge_up(site: TestClient) -> None:
    key = Authenticator(ORIGIN)
    _sign_up(site, "Khufu")
    refused = Authenticator(ORIGIN)  # holds the passkeys the server refused
    for wrong, reason in (({"origin": "https://evil.test"}, "origin"), ({"rp_id": "evil.test"}, "RP ID")):
        r = _register(site, refused, **wrong)
        assert (r.status_code, r.json()["error"]) == (403, "passkey_refused") and reason in r.json()["message"]
    r = _register(site, refused, verified=False)
    assert (r.status_code, r.json()["error"]) == (403, "passkey_refused") and "verif" in r.json()["message"]
    assert site.get("/api/account/passkeys").json() == []
    assert _register(site, key).status_code == 201
    _sign_out(site)
    for wrong, reason in (({"origin": "https://evil.test"}, "origin"), ({"rp_id": "evil.test"}, "RP ID")):
        options = _options(site)
        rp_id = wrong.get("rp_id", RP_ID)
        answer = key.get(options, rp_id, origin=wrong.get("origin"))
        r = site.post("/api/account/passkeys/signin", json={"credential": answer})
        assert (r.status_code, r.json()["error"]) == (403, "passkey_refused") and reason in r.json()["message"]
        # the right answer to the same challenge now: it was used up by the wrong one
        r = site.post("/api/account/passkeys/signin", json={"credential": key.get(options, RP_ID)})
        assert (r.status_code, r.json()["error"]) == (400, "passkey_challenge")
    r = _sign_in(site, key, verified=False)
    assert (r.status_code, r.json()["error"]) == (403, "passkey_refused")
    assert site.get("/api/account").json() == {"signed_in": False}
    assert _sign_in(site, key).status_code == 200


@pytest.mark.parametrize(
    ("language", "origin", "unverified"),
    [
        (
            "es",
            "la llave de acceso fue rechazada: la respuesta se hizo en otro sitio "
            "(su origen no es el de este servidor)",
            "la llave de acceso fue rechazada: el dispositivo no verificó que eres tú (un PIN, una huella o la cara), "
            "y este servidor lo exige",
        ),
        (
            "de",
            "der Passkey wurde abgelehnt: die Antwort wurde auf einer anderen Website erstellt "
            "(ihr Ursprung ist nicht der dieses Servers)",
            "der Passkey wurde abgelehnt: das Gerät hat nicht verifiziert, dass du es bist "
            "(PIN, Fingerabdruck oder Gesicht), was dieser Server verlangt",
        ),
    ],
)
def test_the_libraries_reason_for_refusing_a_passkey_is_told_in_the_readers_language(
    site: TestClient, language: str, origin: str, unverified: str
) -> None:
    """The webauthn library's English reasons are ours in the catalogue, never echoing what the
    browser sent (the other site's address)."""
    _sign_up(site, "Menkaure")
    site.headers["Accept-Language"] = language
    key, refused = Authenticator(ORIGIN), Authenticator(ORIGIN)  # refused: holds the passkeys refused
    r = _register(site, refused, origin="https://evil.test")
    assert (r.status_code, r.json()["error"], r.json()["message"]) == (403, "passkey_refused", origin)
    r = _register(site, refused, verified=False)
    assert (r.status_code, r.json()["error"], r.json()["message"]) == (403, "passkey_refused", unverified)
    assert _register(site, key).status_code == 201
    _sign_out(site)
    answer = key.get(_options(site), "evil.test")
    r = site.post("/api/account/passkeys/signin", json={"credential": answer})
    assert r.status_code == 403 and "RP ID" in r.json()["message"] and "evil" not in r.json()["message"]


def test_a_reason_the_catalogue_does_not_know_is_passed_on_as_the_library_said() -> None:
    assert passkey_reason("A reason of a newer library") == "A reason of a newer library"
    told = passkey_reason("Could not verify authentication signature")
    assert isinstance(told, Sentence) and told.told("de") == "die Signatur passt nicht zum hier registrierten Passkey"


def test_a_signature_counter_going_back_is_refused(site: TestClient, db: str) -> None:
    key = Authenticator(ORIGIN)
    _sign_up(site, "Khafre")
    assert _register(site, key).status_code == 201
    _sign_out(site)
    assert _sign_in(site, key, counter=5).status_code == 200
    _sign_out(site)
    for counter in (5, 3):  # the same count again, or lower: a copied passkey?
        r = _sign_in(site, key, counter=counter)
        assert (r.status_code, r.json()["error"]) == (403, "passkey_counter"), r.text
    assert site.get("/api/account").json() == {"signed_in": False}
    assert Store(db).passkeys_of(1)[0].sign_count == 5
    assert _sign_in(site, key, counter=6).status_code == 200


def test_malformed_answers_and_missing_sessions_get_reasons(site: TestClient) -> None:
    key = Authenticator(ORIGIN)
    r = site.post("/api/account/passkeys/register/options", json={})
    assert (r.status_code, r.json()["error"]) == (401, "signed_out")
    assert site.get("/api/account/passkeys").status_code == 401
    _sign_up(site, "Menkaure")
    r = site.post("/api/account/passkeys/register/options", json={})
    assert (r.status_code, r.json()["error"]) == (403, "csrf")
    options = site.post("/api/account/passkeys/register/options", json={}, headers=_csrf(site)).json()
    good = key.create(options)
    for credential in ({}, {"id": "x"}, {**good, "response": {"clientDataJSON": "!!"}}, {**good, "type": "other"}):
        r = site.post(
            "/api/account/passkeys/register", json={"name": "Key", "credential": credential}, headers=_csrf(site)
        )
        assert (r.status_code, r.json()["error"]) == (422, "bad_passkey_response"), r.text
    broken = {**good, "response": {**good["response"], "attestationObject": "AAAA"}}
    r = site.post("/api/account/passkeys/register", json={"name": "Key", "credential": broken}, headers=_csrf(site))
    assert r.status_code == 422, r.text
    for name in ("", "   ", "x" * 41):
        r = site.post("/api/account/passkeys/register", json={"name": name, "credential": good}, headers=_csrf(site))
        assert (r.status_code, r.json()["error"]) == (422, "bad_passkey_name")
    r = site.post("/api/account/passkeys/register", json={"credential": good}, headers=_csrf(site))
    assert r.status_code == 422
    _sign_out(site)
    r = site.post("/api/account/passkeys/signin", json={"credential": key.get(_options(site), RP_ID)})
    assert (r.status_code, r.json()["error"]) == (403, "unknown_passkey")  # never registered
    site.cookies.clear()
    r = site.post("/api/account/passkeys/signin", json={"credential": key.get({"challenge": "AAAA"}, RP_ID)})
    assert (r.status_code, r.json()["error"]) == (400, "passkey_challenge")  # no sign-in started
    _options(site)
    r = site.post("/api/account/passkeys/signin", json={"credential": {"id": 3}})
    assert (r.status_code, r.json()["error"]) == (422, "bad_passkey_response")
    r = site.post("/api/account/passkeys/signin", json={"credential": {}, "more": 1})
    assert r.status_code == 422
    r = site.post("/api/account/passkeys/signin/options", json={}, headers={"Origin": "https://evil.test"})
    assert (r.status_code, r.json()["error"]) == (403, "cross_site")


def test_removing_a_passkey_and_deleting_the_account(site: TestClient, db: str) -> None:
    phone, laptop = Authenticator(ORIGIN), Authenticator(ORIGIN)
    other = Browser(site)
    _sign_up(other, "Tiye")
    assert _register(other, Authenticator(ORIGIN)).status_code == 201
    _sign_up(site, "Seti")
    assert _register(site, phone, "phone").status_code == 201
    assert _register(site, laptop, "laptop").status_code == 201
    listed = site.get("/api/account/passkeys").json()
    assert [p["name"] for p in listed] == ["phone", "laptop"]
    theirs = other.get("/api/account/passkeys").json()[0]["id"]
    r = site.request("DELETE", f"/api/account/passkeys/{theirs}", headers=_csrf(site))
    assert (r.status_code, r.json()["error"]) == (404, "no_passkey")  # not this account's
    assert site.request("DELETE", f"/api/account/passkeys/{listed[0]['id']}").status_code == 403  # CSRF
    assert site.request("DELETE", f"/api/account/passkeys/{listed[0]['id']}", headers=_csrf(site)).status_code == 200
    assert [p["name"] for p in site.get("/api/account/passkeys").json()] == ["laptop"]
    # signing out everywhere leaves the passkeys
    r = site.post("/api/account/signout", json={"everywhere": True}, headers=_csrf(site))
    assert r.status_code == 200
    r = _sign_in(site, phone)
    assert (r.status_code, r.json()["error"]) == (403, "unknown_passkey")  # removed
    assert _sign_in(site, laptop).status_code == 200
    r = site.request("DELETE", "/api/account", json={"password": PASSWORD}, headers=_csrf(site))
    assert r.status_code == 200, r.text
    store = Store(db)
    assert store.passkeys_of(2) == [] and store.account(2).passkey_handle is None  # type: ignore[union-attr]
    r = _sign_in(site, laptop)
    assert (r.status_code, r.json()["error"]) == (403, "unknown_passkey")
    assert len(store.passkeys_of(1)) == 1  # another account's stay


def test_passkey_sign_in_is_rate_limited_per_address_and_per_account(db: str, fake: FakeTime) -> None:
    tick = [0.0]
    per_account, per_address = RateLimiter(1, 2, clock=lambda: tick[0]), RateLimiter(6, 6, clock=lambda: tick[0])
    with _app(db, fake, signin_limiters=(per_account, per_address)) as site:
        key = Authenticator(ORIGIN)
        _sign_up(site, "Amenhotep")  # one of the address's six
        assert _register(site, key).status_code == 201
        _sign_out(site)
        assert site.post("/api/account/signin", json={"name": "Amenhotep", "password": "wrong one"}).status_code == 403
        assert _sign_in(site, key).status_code == 200  # the account's second
        _sign_out(site)
        r = _sign_in(site, key)
        assert r.status_code == 429 and int(r.headers["Retry-After"]) >= 1  # the account's bucket is empty
        tick[0] += 60.0
        assert _sign_in(site, key).status_code == 200
        _sign_out(site)
        codes = [site.post("/api/account/passkeys/signin/options", json={}).status_code for _ in range(6)]
        assert codes == [200] * 5 + [429]  # the address's bucket: six attempts a minute


def test_localhost_works_without_configuration_and_no_other_host_does(db: str, fake: FakeTime) -> None:
    app = create_app(db, ai_workers=0, clock=fake)
    with TestClient(app, base_url="http://localhost:8123", raise_server_exceptions=False) as site:
        key = Authenticator("http://localhost:8123")
        _sign_up(site, "Imhotep")
        assert _register(site, key).status_code == 201
        _sign_out(site)
        options = _options(site)
        assert options["rpId"] == "localhost"
        r = site.post("/api/account/passkeys/signin", json={"credential": key.get(options, "localhost")})
        assert r.status_code == 200, r.text
        r = _register(site, Authenticator("http://localhost:9999"))  # another port's page
        assert (r.status_code, r.json()["error"]) == (403, "passkey_refused")
    with TestClient(app, base_url="http://games.example.org", raise_server_exceptions=False) as site:
        _sign_up(site, "Imhotep II")
        r = _register(site, Authenticator("http://games.example.org"))  # rp id localhost on another host
        assert (r.status_code, r.json()["error"]) == (403, "passkey_refused")
    assert PasskeyConfig("games.example.org").expected_origins("http", "x") == ["https://games.example.org"]
    assert check_origin("https://games.example.org:8443") == "https://games.example.org:8443"
    for bad in ("games.example.org", "https://games.example.org/", "ftp://x"):
        with pytest.raises(ValueError, match="origin is written like"):
            check_origin(bad)


def _upgrade_from_0014_with_a_game_in_progress(db: str) -> None:
    """Downgraded to 0014 with an account and a game half-played, the database upgrades again
    at start: the game goes on, the account signs in by password and registers a passkey."""
    fake = FakeTime()
    seats = [{"type": "human", "name": "Seth"}, {"type": "human", "name": "Nut"}]
    with _app(db, fake) as client:
        _sign_up(client, "Sobekneferu")
        client.cookies.clear()
        made = client.post("/api/tables", json={"game": "aton", "seed": 8, "seats": seats}).json()
        tid, tokens = made["id"], made["tokens"]
        for _ in range(3):
            _move(client, tid, tokens)
        before = client.get(f"/api/tables/{tid}/view").json()
    store = Store(db)
    config = Config()
    config.set_main_option("script_location", str(Path(server_db.__file__).parent.parent / "migrations"))
    with store.engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "0014_ratings")
    assert not {"passkeys", "passkey_challenges"} & set(inspect(store.engine).get_table_names())
    assert "passkey_handle" not in {c["name"] for c in inspect(store.engine).get_columns("accounts")}
    store.engine.dispose()
    with _app(db, fake) as client:
        after = client.get(f"/api/tables/{tid}/view").json()
        assert (after["version"], after["observation"]) == (before["version"], before["observation"])
        was, now = _move(client, tid, tokens)
        assert was == before["version"] and now > was
        r = client.post("/api/account/signin", json={"name": "Sobekneferu", "password": PASSWORD})
        assert r.status_code == 200, r.text
        key = Authenticator(ORIGIN)
        assert _register(client, key).status_code == 201
        _sign_out(client)
        assert _sign_in(client, key).json()["name"] == "Sobekneferu"


def test_migration_0015_upgrades_a_sqlite_database_with_a_game_in_progress(db: str) -> None:
    _upgrade_from_0014_with_a_game_in_progress(db)


@pytest.mark.slow
def test_migration_0015_upgrades_a_postgresql_database_with_a_game_in_progress() -> None:
    with throwaway_postgres() as url:
        _upgrade_from_0014_with_a_game_in_progress(url)


def test_serve_refuses_a_relying_party_id_or_origin_that_cannot_work(tmp_path: Path) -> None:
    from typer.testing import CliRunner  # noqa: PLC0415

    from netjer.cli.main import app as cli  # noqa: PLC0415

    for option, value, reason in (
        ("--passkey-rp-id", "192.168.1.20", "never an IP address"),
        ("--passkey-rp-id", "https://games.example.org", "no scheme or port"),
        ("--passkey-origin", "games.example.org", "origin is written like"),
    ):
        result = CliRunner().invoke(cli, ["serve", "--db", f"sqlite:///{tmp_path / 'x.db'}", option, value])
        assert result.exit_code != 0 and reason in " ".join(result.output.split()), result.output


def test_a_passkey_sign_in_ends_the_browsers_earlier_session(site: TestClient) -> None:
    """Session fixation: a session token the browser held before (another account's, or one
    planted in it) is never the signed-in one after a passkey sign-in."""
    key = Authenticator(ORIGIN)
    _sign_up(site, "Meritaten")
    assert _register(site, key).status_code == 201
    _sign_out(site)
    _sign_up(site, "Ankhesenamun")
    earlier = site.cookies.get("netjer_session")
    planted = Browser(site)
    planted.cookies.set("netjer_session", earlier or "", domain="netjer.test")
    assert planted.get("/api/account").json()["name"] == "Ankhesenamun"  # the earlier session, alive
    assert _sign_in(site, key).json()["name"] == "Meritaten"
    assert site.cookies.get("netjer_session") not in (None, earlier)
    assert planted.get("/api/account").json() == {"signed_in": False}  # ended by the sign-in
