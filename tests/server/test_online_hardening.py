"""The online-play requests (clocks, take-back, chat, rematch, delete, "Your tables") under
hostile or careless input: always a 4xx in the API's format or an ``error`` message, never a
500 and never a changed game; and their payloads carry no secret of another seat."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from netjer.server.db import hash_token
from netjer.server.seat_views import replay
from netjer.server.tables import TableManager
from tests.server.fake_time import FakeTime
from tests.server.sockets import receive_json
from tests.server.views import shown


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _table(client: TestClient) -> dict[str, Any]:
    seats = [{"type": "human", "name": "Seth"}, {"type": "human", "name": "Nut"}]
    clock = {"mode": "realtime", "bank": 60, "increment": 1}
    r = client.post("/api/tables", json={"game": "aton", "seed": 9, "seats": seats, "clock": clock})
    assert r.status_code == 201
    data: dict[str, Any] = r.json()
    return data


BAD_BODIES: list[Any] = [
    None,
    b"not json",
    b'{"seat": NaN}',
    b'{"seat": 1e400}',
    b'{"seat": "0"}',
    b'{"seat": -1}',
    b'{"seat": 99}',
    b'{"seat": 0, "text": "\\ud800"}',
    b'{"seat": 0, "extra": 1}',
    b"[]",
    b'{"seat": 0, "text": ' + json.dumps("x" * 70_000).encode() + b"}",
]


@pytest.mark.parametrize("route", ["takeback", "chat", "rematch", "rematch/accept"])
@pytest.mark.parametrize("body", BAD_BODIES)
def test_bad_requests_to_the_new_routes_are_4xx_and_change_nothing(
    client: TestClient, route: str, body: bytes | None
) -> None:
    table = _table(client)
    before = client.get(f"/api/tables/{table['id']}/view").json()
    for token in (None, "wrong", table["tokens"]["0"]):
        headers = {"Content-Type": "application/json", **(_auth(token) if token else {})}
        r = client.post(f"/api/tables/{table['id']}/{route}", content=body or b"", headers=headers)
        assert 400 <= r.status_code < 500, (r.status_code, r.text)
        assert r.json()["error"] and r.json()["message"]
    after = client.get(f"/api/tables/{table['id']}/view").json()
    assert (after["version"], after["chat"], after["rematch"], after["seats"]) == (
        before["version"],
        before["chat"],
        before["rematch"],
        before["seats"],
    )


@pytest.mark.parametrize("route", ["takeback", "chat", "rematch", "rematch/accept"])
def test_the_new_routes_at_an_unknown_table_are_404(client: TestClient, route: str) -> None:
    body = {"seat": 0, "text": "hi"} if route == "chat" else {"seat": 0}
    r = client.post(f"/api/tables/nothing/{route}", json=body, headers=_auth("x"))
    assert r.status_code == 404 and r.json()["error"] == "no_table"


@pytest.mark.parametrize(
    "message",
    [
        {"type": "takeback", "seat": 1},
        {"type": "chat"},
        {"type": "chat", "text": 5},
        {"type": "chat", "text": "x" * 501},
        {"type": "rematch"},
        {"type": None},
        {"version": 0, "index": 0},
        ["chat", "hi"],
        "hello",
    ],
)
def test_bad_websocket_messages_get_an_error_and_change_nothing(client: TestClient, message: Any) -> None:
    table = _table(client)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": table["tokens"]["0"]})
        first = receive_json(ws, "the first view")
        ws.send_json(message)
        error = receive_json(ws, "the refusal of the bad message")
        assert error["type"] == "error" and error["message"]
        ws.send_json({"type": "ping"})
        while (reply := receive_json(ws, "the pong"))["type"] != "pong":
            assert reply["type"] == "view" and reply["version"] == first["version"] and reply["chat"] == []


def test_new_payloads_carry_no_other_seats_secret(client: TestClient, fake: FakeTime) -> None:
    table = _table(client)
    secrets = [table["tokens"]["0"], table["tokens"]["1"], table["creator_key"]]
    secrets += [hash_token(s) for s in secrets]
    seat = table["table"]["to_move"]
    other = 1 - seat
    client.post(f"/api/tables/{table['id']}/chat", json={"seat": None, "text": "hi", "name": "Bes"})
    fake.t += 61
    manager: TableManager = client.app.state.manager  # type: ignore[attr-defined]
    client.portal.call(manager.clocks.check)  # type: ignore[union-attr]
    payloads = {
        "spectator": client.get(f"/api/tables/{table['id']}/view").json(),
        "other": client.get(
            f"/api/tables/{table['id']}/view", params={"seat": other}, headers=_auth(table["tokens"][str(other)])
        ).json(),
        "list": client.get("/api/tables").json(),
        "mine": client.get("/api/tables", params={"ids": table["id"]}).json(),
    }
    taken = client.post(
        f"/api/tables/{table['id']}/takeback", json={"seat": seat}, headers=_auth(table["tokens"][str(seat)])
    )
    assert taken.status_code == 200
    payloads["takeback"] = taken.json()
    for where, payload in payloads.items():
        text = json.dumps(payload)
        for secret in secrets:
            assert secret not in text, where
        assert "reserved:" not in text
    # Each seat's payload holds its own observation at that version (the computer plays on).
    rt = manager.tables[table["id"]]
    for who, payload in ((other, payloads["other"]), (seat, payloads["takeback"])):
        steps = replay(rt, who)
        assert payload["observation"] == shown(steps[payload["version"]]["observation"])
    assert payloads["spectator"]["legal"] == []
