"""Following a table or a player to be told when it is their turn (issue 31 item 5): follows
kept per account, notices of turns and new tables, guests following tables from their browser,
unfollowing, blocks, and nothing in a notice that a spectator would not see."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient
from sqlalchemy import inspect

from netjer.server import db as server_db
from netjer.server.db import Store
from netjer.server.limits import RateLimiter
from tests.server.browsers import Browser
from tests.server.fake_time import FakeTime
from tests.server.test_accounts import PASSWORD, _app_client, _csrf, _sign_up
from tests.server.test_invitations import _move

#: Every field a notice has: the public facts of a turn, no more.
NOTICE_FIELDS = {"kind", "key", "table", "title", "game", "seat", "label", "name", "player", "version"}


def _open_table(creator: TestClient | Browser, game: str = "nile", seed: int = 3) -> dict[str, Any]:
    """A table whose seat 0 is the creator's, seat 1 open."""
    seats = [{"type": "human", "name": "Host"}, {"type": "human", "open": True}]
    r = creator.post("/api/tables", json={"game": game, "seed": seed, "seats": seats}, headers=_csrf(creator))
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def _join(browser: TestClient | Browser, table: dict[str, Any], seat: int = 1) -> None:
    r = browser.post(f"/api/tables/{table['id']}/join", json={"seat": seat, "name": "Guest"}, headers=_csrf(browser))
    assert r.status_code == 200, r.text
    table["tokens"][str(seat)] = r.json()["token"]


def _notices(browser: TestClient | Browser, tables: str | None = None) -> list[dict[str, Any]]:
    r = browser.get("/api/notices", params={"tables": tables} if tables else None)
    assert r.status_code == 200, r.text
    found: list[dict[str, Any]] = r.json()["notices"]
    assert all(set(n) == NOTICE_FIELDS for n in found), found
    return found


def _follow(browser: TestClient | Browser, **what: str) -> Any:
    return browser.request("PUT", "/api/account/follows", json=what, headers=_csrf(browser))


def test_a_followed_player_s_new_table_and_turns_are_told_and_no_one_else_s(client: TestClient) -> None:
    ann, bob, carol = client, Browser(client), Browser(client)
    _sign_up(ann, "Ann")
    _sign_up(bob, "Bob")
    _sign_up(carol, "Carol")
    r = _follow(ann, name="bob")
    assert r.status_code == 200 and r.json()["players"] == [{"id": 2, "name": "Bob"}], r.text
    assert _notices(ann) == []
    table = _open_table(bob)
    tid = table["id"]
    (new,) = _notices(ann)  # Bob sits at a new table: a notice, no turn yet (a seat is open)
    assert (new["kind"], new["table"], new["player"], new["seat"]) == ("new_table", tid, "Bob", 0)
    _join(carol, table)
    mover = client.get(f"/api/tables/{tid}/view").json()["to_move"]
    turns = [n for n in _notices(ann) if n["kind"] == "turn"]
    if mover == 0:  # Bob's turn: told; once he has moved, Carol's turn is none of Ann's business
        assert [(n["table"], n["seat"], n["player"], n["version"]) for n in turns] == [(tid, 0, "Bob", 0)]
        _move(client, tid, table["tokens"])
        assert _notices(ann) == []
        _move(client, tid, table["tokens"])
    else:
        assert turns == []
        _move(client, tid, table["tokens"])
    (turn,) = _notices(ann)
    assert turn["kind"] == "turn" and turn["seat"] == 0 and turn["version"] > 0 and turn["key"].endswith(":0")
    assert carol.get("/api/notices").json()["notices"] == []  # Carol follows nobody
    r = ann.request("DELETE", "/api/account/follows/player/2", headers=_csrf(ann))
    assert r.status_code == 200 and r.json() == {"tables": [], "players": []}
    assert _notices(ann) == []


def test_a_followed_table_tells_every_person_s_turn_to_an_account_and_to_a_guest(client: TestClient) -> None:
    ann, host, guest = client, Browser(client), Browser(client)
    _sign_up(ann, "Ann")
    table = _open_table(host, seed=5)  # a guest's table
    tid = table["id"]
    r = _follow(ann, table=tid)
    assert r.status_code == 200 and r.json()["tables"] == [{"id": tid, "title": "Dioses del Nilo", "finished": False}]
    assert _notices(ann) == [] and _notices(guest, tid) == []  # a seat is open: the game has not begun
    _join(guest, table)
    for _ in range(3):
        mover = client.get(f"/api/tables/{tid}/view").json()["to_move"]
        version = client.get(f"/api/tables/{tid}/view").json()["version"]
        expected = [(tid, mover, version)]
        assert [(n["table"], n["seat"], n["version"]) for n in _notices(ann)] == expected
        assert [(n["table"], n["seat"], n["version"]) for n in _notices(guest, tid)] == expected  # the browser's own
        _move(client, tid, table["tokens"])
    r = ann.request("DELETE", f"/api/account/follows/table/{tid}", headers=_csrf(ann))
    assert r.status_code == 200 and r.json()["tables"] == []
    assert _notices(ann) == []


def test_following_is_refused_to_a_guest_a_blocked_player_oneself_and_the_unknown(client: TestClient) -> None:
    ann, bob, guest = client, Browser(client), Browser(client)
    _sign_up(ann, "Ann")
    _sign_up(bob, "Bob")
    r = _follow(guest, name="Ann")
    assert r.status_code == 401 and r.json()["error"] == "signed_out"
    assert guest.get("/api/account/follows").status_code == 401
    for what, status, error in (
        ({"name": "Ann"}, 422, "bad_follow"),
        ({"name": "Nobody"}, 404, "no_player"),
        ({"table": "nosuchtable"}, 404, "no_table"),
        ({}, 422, "bad_follow"),
    ):
        r = _follow(ann, **what)
        assert (r.status_code, r.json()["error"]) == (status, error), (what, r.text)
    r = ann.request("DELETE", "/api/account/follows/game/1", headers=_csrf(ann))
    assert (r.status_code, r.json()["error"]) == (422, "bad_follow")
    assert _follow(ann, name="Bob").status_code == 200
    table = _open_table(bob, seed=7)
    assert [n["kind"] for n in _notices(ann)] == ["new_table"]
    # Bob blocks Ann: her follow of him is silenced, and she cannot follow him again
    assert bob.request("PUT", "/api/account/marks/block", json={"name": "Ann"}, headers=_csrf(bob)).status_code == 200
    assert _notices(ann) == []
    assert _follow(ann, table=table["id"]).status_code == 200  # the table itself is public...
    _join(Browser(client), table)
    assert all(n["seat"] != 0 for n in _notices(ann))  # ...but Bob's seat there stays silent
    ann.request("DELETE", "/api/account/follows/player/2", headers=_csrf(ann))
    r = _follow(ann, name="Bob")
    assert r.status_code == 403 and r.json()["error"] == "blocked", r.text


def test_a_deleted_table_gives_no_notice_and_too_many_tables_are_refused(client: TestClient) -> None:
    guest = Browser(client)
    seats = [{"type": "human", "name": "A"}, {"type": "human", "name": "B"}]
    made = client.post("/api/tables", json={"game": "nile", "seed": 2, "seats": seats}).json()
    assert len(_notices(guest, made["id"])) == 1
    r = client.delete(f"/api/tables/{made['id']}", headers={"Authorization": f"Bearer {made['creator_key']}"})
    assert r.status_code == 200, r.text
    assert _notices(guest, made["id"]) == []
    r = guest.get("/api/notices", params={"tables": ",".join(f"t{i}" for i in range(61))})
    assert r.status_code == 422 and r.json()["error"] == "bad_request"


def test_asking_for_notices_too_often_from_one_address_is_answered_429_with_retry_after(
    db: str, fake: FakeTime
) -> None:
    """Each request may load up to 60 tables: one address gets a bucket of them (here 2 a
    minute), then 429 ``rate_limited`` with ``Retry-After`` and a sentence in the reader's
    language, and again once the bucket refilled."""
    tick = [0.0]
    with _app_client(db, fake, notices_limiter=RateLimiter(2, clock=lambda: tick[0])) as client:
        assert [client.get("/api/notices").status_code for _ in range(2)] == [200, 200]
        r = client.get("/api/notices", params={"tables": "a,b"})
        assert r.status_code == 429 and r.json()["error"] == "rate_limited"
        assert r.headers["Retry-After"] == "30" and "at most 2 a minute" in r.json()["message"]
        spanish = client.get("/api/notices", headers={"Accept-Language": "es"})
        assert spanish.status_code == 429 and "como mucho 2 por minuto" in spanish.json()["message"]
        tick[0] += 30
        assert client.get("/api/notices").status_code == 200
        assert client.get("/api/notices").status_code == 429


def test_migration_0015_goes_down_and_up_with_a_game_in_progress_and_a_follow(db: str, fake: FakeTime) -> None:
    with _app_client(db, fake) as client:
        _sign_up(client, "Ann")
        table = _open_table(client)
        assert _follow(client, table=table["id"]).status_code == 200
    store = Store(db)
    config = Config()
    config.set_main_option("script_location", str(Path(server_db.__file__).parent.parent / "migrations"))
    with store.engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "0015_passkeys")
    assert not {"follows", "presence"} & set(inspect(store.engine).get_table_names())
    store.engine.dispose()
    with _app_client(db, fake) as client:  # upgraded again at start: the game goes on, nothing followed
        assert client.post("/api/account/signin", json={"name": "Ann", "password": PASSWORD}).status_code == 200
        assert client.get("/api/account/follows").json() == {"tables": [], "players": []}
        _join(Browser(client), table)
        assert client.get(f"/api/tables/{table['id']}/view").json()["to_move"] is not None
        assert _follow(client, table=table["id"]).status_code == 200
        assert len(_notices(client)) == 1
