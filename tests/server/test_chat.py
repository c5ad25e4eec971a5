"""Table chat: seats and spectators post, everyone sees it, it is stored and survives a
restart, and bad messages (empty, too long, control characters, wrong token) are refused."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from netjer.server.app import create_app
from netjer.server.chat import MAX_CHAT_CHARS
from tests.server.sockets import receive_json


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'n.db'}"


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with TestClient(create_app(db, ai_workers=0), raise_server_exceptions=False) as c:
        yield c


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _table(client: TestClient) -> dict[str, Any]:
    seats = [{"type": "human", "name": "Seth"}, {"type": "human", "name": "Nut"}]
    r = client.post("/api/tables", json={"game": "aton", "seed": 1, "seats": seats})
    assert r.status_code == 201
    data: dict[str, Any] = r.json()
    return data


def test_seats_and_spectators_chat_and_everyone_sees_it_after_a_restart(db: str) -> None:
    with TestClient(create_app(db, ai_workers=0)) as client:
        table = _table(client)
        url = f"/api/tables/{table['id']}/chat"
        with (
            client.websocket_connect(f"/ws/tables/{table['id']}") as seat0,
            client.websocket_connect(f"/ws/tables/{table['id']}") as watcher,
        ):
            seat0.send_json({"type": "hello", "seat": 0, "token": table["tokens"]["0"]})
            watcher.send_json({"type": "hello", "seat": None})
            assert (
                receive_json(seat0, "seat 0's first view")["chat"] == []
                and receive_json(watcher, "the watcher's first view")["chat"] == []
            )
            seat0.send_json({"type": "chat", "text": "  good luck  "})
            for ws in (seat0, watcher):
                view = receive_json(ws, "the view with seat 0's chat message")
                assert view["chat_from"] == 0
                assert [(m["seat"], m["name"], m["text"]) for m in view["chat"]] == [(0, "Seth", "good luck")]
            watcher.send_json({"type": "chat", "text": "go Nut!", "name": "Bes"})
            for ws in (seat0, watcher):
                view = receive_json(ws, "the view with the watcher's chat message")
                assert view["chat_from"] == 1  # only what is new
                assert [(m["seat"], m["name"], m["spectator"]) for m in view["chat"]] == [(None, "Bes", True)]
        nut = _auth(table["tokens"]["1"])
        r = client.post(url, json={"seat": 1, "text": "<img src=x onerror=alert(1)>"}, headers=nut)
        assert r.status_code == 201 and r.json()["name"] == "Nut"
        # A seat cannot post under another name.
        r = client.post(url, json={"seat": 1, "text": "hi", "name": "Ra"}, headers=nut)
        assert r.status_code == 201 and r.json()["name"] == "Nut"
    with TestClient(create_app(db, ai_workers=0)) as client:
        chat = client.get(f"/api/tables/{table['id']}/view").json()["chat"]
        assert [m["text"] for m in chat] == ["good luck", "go Nut!", "<img src=x onerror=alert(1)>", "hi"]
        assert [m["name"] for m in chat] == ["Seth", "Bes", "Nut", "Nut"]


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"seat": None, "text": ""}, 422),
        ({"seat": None, "text": "   "}, 422),
        ({"seat": None, "text": "x" * (MAX_CHAT_CHARS + 1)}, 422),
        ({"seat": None, "text": "bell\x07"}, 422),
        ({"seat": None, "text": "line\nbreak"}, 422),
        ({"seat": None, "text": "evil\u202etxt"}, 422),
        ({"seat": None, "text": "hi", "name": "n" * 41}, 422),
        ({"seat": None, "text": "hi", "colour": "red"}, 422),
        ({"seat": None}, 422),
        ({"seat": 0, "text": "no token"}, 403),
        ({"seat": 5, "text": "no seat"}, 404),
    ],
)
def test_bad_chat_messages_are_refused_and_change_nothing(
    client: TestClient, body: dict[str, Any], status: int
) -> None:
    table = _table(client)
    r = client.post(f"/api/tables/{table['id']}/chat", json=body)
    assert r.status_code == status, r.text
    assert r.json()["message"]
    assert client.get(f"/api/tables/{table['id']}/view").json()["chat"] == []


def test_chat_with_a_wrong_token_or_at_no_table_is_refused(client: TestClient) -> None:
    table = _table(client)
    r = client.post(f"/api/tables/{table['id']}/chat", json={"seat": 0, "text": "hi"}, headers=_auth("wrong"))
    assert r.status_code == 403
    assert client.post("/api/tables/nope/chat", json={"seat": None, "text": "hi"}).status_code == 404
    assert len("x" * MAX_CHAT_CHARS) == MAX_CHAT_CHARS
    ok = client.post(f"/api/tables/{table['id']}/chat", json={"seat": None, "text": "x" * MAX_CHAT_CHARS})
    assert ok.status_code == 201


def test_a_bad_chat_on_the_websocket_is_an_error_message(client: TestClient) -> None:
    table = _table(client)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello", "seat": 1, "token": table["tokens"]["1"]})
        receive_json(ws, "the first view")
        ws.send_json({"type": "chat", "text": "x" * (MAX_CHAT_CHARS + 1)})
        error = receive_json(ws, "the refusal of the too long chat message")
        assert error["type"] == "error" and error["error"] == "bad_request" and "text" in error["message"]
        ws.send_json({"type": "chat", "text": " "})
        error = receive_json(ws, "the refusal of the blank chat message")
        assert error["error"] == "bad_chat"
        assert receive_json(ws, "the view after the refusals")["chat"] == []
