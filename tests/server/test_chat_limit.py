"""The chat's rate limit: per seat and per spectator connection or address, a burst then a
sustained rate; over it a 429 with Retry-After (REST) or an ``error`` message (WebSocket), and
nothing stored."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from netjer.server.chat import CHAT_BURST, CHAT_PER_MINUTE
from tests.server.fake_time import FakeTime
from tests.server.sockets import receive_json


def _table(client: TestClient) -> dict[str, Any]:
    seats = [{"type": "human", "name": "Seth"}, {"type": "human", "name": "Nut"}]
    data: dict[str, Any] = client.post("/api/tables", json={"game": "nile", "seed": 1, "seats": seats}).json()
    return data


def test_a_seat_may_send_a_burst_then_waits_and_others_are_not_held_back(client: TestClient, fake: FakeTime) -> None:
    table = _table(client)
    url = f"/api/tables/{table['id']}/chat"
    seth = {"Authorization": f"Bearer {table['tokens']['0']}"}
    nut = {"Authorization": f"Bearer {table['tokens']['1']}"}
    for i in range(CHAT_BURST):
        assert client.post(url, json={"seat": 0, "text": f"hello {i}"}, headers=seth).status_code == 201
    refused = client.post(url, json={"seat": 0, "text": "one more"}, headers=seth)
    assert refused.status_code == 429 and refused.json()["error"] == "rate_limited"
    wait = int(refused.headers["Retry-After"])
    assert wait == round(60 / CHAT_PER_MINUTE) and "too many chat messages" in refused.json()["message"]
    # another seat, and a spectator, are counted apart
    assert client.post(url, json={"seat": 1, "text": "hi Seth"}, headers=nut).status_code == 201
    assert client.post(url, json={"seat": None, "text": "go!", "name": "Bes"}).status_code == 201
    chat = client.get(f"/api/tables/{table['id']}/view").json()["chat"]
    assert [m["text"] for m in chat] == [f"hello {i}" for i in range(CHAT_BURST)] + ["hi Seth", "go!"]
    fake.t += wait
    assert client.post(url, json={"seat": 0, "text": "one more"}, headers=seth).status_code == 201


def test_on_the_websocket_the_limit_is_an_error_message(client: TestClient) -> None:
    table = _table(client)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as watcher:
        watcher.send_json({"type": "hello", "seat": None})
        receive_json(watcher, "the watcher's first view")
        for i in range(CHAT_BURST):
            watcher.send_json({"type": "chat", "text": f"msg {i}", "name": "Bes"})
            assert receive_json(watcher, "the view with the chat message")["chat"][-1]["text"] == f"msg {i}"
        watcher.send_json({"type": "chat", "text": "too many", "name": "Bes"})
        error = receive_json(watcher, "the refusal of the chat message over the limit")
        assert error["type"] == "error" and error["error"] == "rate_limited" and error["retry_after"] >= 1
        watcher.send_json({"type": "ping"})
        assert receive_json(watcher, "the pong")["type"] == "pong"  # the connection goes on
    assert len(client.get(f"/api/tables/{table['id']}/view").json()["chat"]) == CHAT_BURST
