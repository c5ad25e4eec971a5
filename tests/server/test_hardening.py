"""Hostile or careless clients (from a new-user test of the web table): never a 500, a slow
reader never blocks a table, one claim per open seat, budgets within the server's limits,
errors that say what is wrong, always in the API's error format."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from websockets.sync.client import connect

from netjer.server import sockets
from netjer.server.app import create_app
from netjer.server.computer_seats import compute_agent_action
from netjer.server.db import Store
from netjer.server.process import free_port, running_server
from netjer.server.runtime import TableError
from netjer.server.tables import TableManager
from tests.server.sockets import receive_json
from tests.server.test_api import _auth, _create


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'n.db'}", ai_workers=0)) as c:
        yield c


@pytest.mark.parametrize(
    "body",
    [
        b'{"seat": 0, "version": NaN, "action": "keep"}',
        b'{"seat": 0, "version": 1e309, "action": "keep"}',
        b'{"seat": 0, "version": 0, "action": "\\ud800"}',
        b'{"seat": NaN, "version": 0, "index": 0}',
    ],
)
def test_malformed_numbers_and_text_in_moves_are_422(client: TestClient, body: bytes) -> None:
    data = _create(client)
    r = client.post(
        f"/api/tables/{data['id']}/moves",
        content=body,
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {data['tokens']['0']}"},
    )
    assert r.status_code == 422 and r.json()["error"] == "bad_request"


@pytest.mark.parametrize(
    "body",
    [
        {"game": "aton", "seats": [{"type": "human", "name": "\ud800"}, {"type": "human"}]},
        {"game": "aton", "seats": [{"type": "human", "name": "Bob \u202eevil\u202c"}, {"type": "human"}]},
        {"game": "aton", "seed": 1e400, "seats": [{"type": "human"}, {"type": "human"}]},
        {"game": "aton", "seats": [{"type": "human"}, {"type": "agent", "agent": "ismcts:time=inf"}]},
        {"game": "aton", "seats": [{"type": "human"}, {"type": "agent", "agent": "ismcts:time=nan"}]},
        {"game": "aton", "seats": [{"type": "human"}, {"type": "agent", "agent": "ismcts:time=1000"}]},
        {"game": "aton", "seats": [{"type": "human"}, {"type": "agent", "agent": "ismcts:iterations=1000000000"}]},
        {"game": "aton", "seats": [{"type": "human"}, {"type": "agent", "agent": "ismcts:time=abc"}]},
        {"game": "aton", "seats": [{"type": "human"}, {"type": "agent", "agent": "ismcts:iterations=1.5"}]},
        {"game": "aton", "options": {f"k{i}": i for i in range(100)}, "seats": [{"type": "human"}] * 2},
    ],
)
def test_hostile_tables_are_refused_with_a_422(client: TestClient, body: dict[str, Any]) -> None:
    raw = json.dumps(body).encode()  # json.dumps keeps lone surrogates as \\ud800 escapes
    r = client.post("/api/tables", content=raw, headers={"Content-Type": "application/json"})
    assert r.status_code == 422, r.text
    assert len(r.content) < 2000  # the refusal does not echo the input back


def test_huge_bodies_are_refused_unread(client: TestClient) -> None:
    r = client.post("/api/tables", content=b"{" + b" " * 200_000 + b"}", headers={"Content-Type": "application/json"})
    assert r.status_code == 413


def test_only_one_of_many_simultaneous_joins_wins(client: TestClient) -> None:
    data = _create(client, seats=[{"type": "human"}, {"type": "human", "open": True}])
    results: list[int] = []

    def join() -> None:
        results.append(client.post(f"/api/tables/{data['id']}/join", json={"seat": 1}).status_code)

    threads = [threading.Thread(target=join) for _ in range(12)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [200] + [409] * 11


def test_open_tables_are_listed_whatever_else_exists(client: TestClient) -> None:
    wanted = _create(client, seats=[{"type": "human"}, {"type": "human", "open": True}])
    for _ in range(210):
        _create(client, seats=[{"type": "human"}, {"type": "human"}])
    listed = [t["id"] for t in client.get("/api/tables", params={"status": "open"}).json()]
    assert listed == [wanted["id"]]
    assert len(client.get("/api/tables", params={"status": "playing"}).json()) == 200  # newest first, capped


def test_websocket_refuses_binary_deep_json_and_silence(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    data = _create(client)
    with client.websocket_connect(f"/ws/tables/{data['id']}") as ws:
        ws.send_bytes(b"\x00\x01")
        assert receive_json(ws, "the refusal of the binary hello")["error"] == "bad_request"
    with client.websocket_connect(f"/ws/tables/{data['id']}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": data["tokens"]["0"]})
        assert receive_json(ws, "the first view")["type"] == "view"
        ws.send_text("[" * 100_000)
        assert receive_json(ws, "the refusal of the deeply nested text")["error"] == "bad_request"
        ws.send_bytes(b"\xff")
        assert receive_json(ws, "the refusal of the bad binary message")["error"] == "bad_request"
    monkeypatch.setattr(sockets, "HELLO_SECONDS", 0.2)
    with client.websocket_connect(f"/ws/tables/{data['id']}") as ws:
        # no hello in time: refused and closed
        assert receive_json(ws, "the refusal of a hello not sent in time")["error"] == "bad_request"


@pytest.mark.slow
def test_a_spectator_who_never_reads_does_not_block_the_table(tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with running_server(tmp_path / "n.db", port, ai_workers=0):
        seats = [{"type": "human"}] * 5
        table = httpx.post(
            f"{base}/api/tables", json={"game": "ankh", "options": {"players": 5}, "seed": 3, "seats": seats}
        ).json()
        with connect(f"ws://127.0.0.1:{port}/ws/tables/{table['id']}", max_size=None) as lazy:
            lazy.send(json.dumps({"type": "hello", "seat": None}))  # ... and never reads again
            for _ in range(400):
                view = httpx.get(f"{base}/api/tables/{table['id']}/view").json()
                if view["finished"]:
                    break
                seat = view["to_move"]
                token = table["tokens"][str(seat)]
                t0 = time.monotonic()
                r = httpx.post(
                    f"{base}/api/tables/{table['id']}/moves",
                    json={"seat": seat, "version": view["version"], "index": 0},
                    headers={"Authorization": f"Bearer {token}"},
                    timeout=30,
                )
                assert r.status_code == 200
                assert time.monotonic() - t0 < 5, "a move waited for a spectator that does not read"


def test_an_iterations_budget_stops_at_the_servers_time_cap() -> None:
    t0 = time.monotonic()
    action = compute_agent_action("aton", {}, 7, [], 0, "ismcts:iterations=200000", max_seconds=0.1)
    assert action and time.monotonic() - t0 < 10  # uncapped: minutes


def test_the_table_manager_caps_an_iterations_budget_in_time(tmp_path: Path) -> None:
    async def first_move() -> float:
        manager = TableManager(
            Store(f"sqlite:///{tmp_path / 'm.db'}"), ai_workers=0, max_seconds=0.2, max_iterations=200_000
        )
        try:
            seats: list[dict[str, Any]] = [{"type": "agent", "agent": "ismcts:iterations=200000"}, {"type": "human"}]
            rt, _ = await manager.create("aton", {}, 7, seats)
            t0 = time.monotonic()
            while rt.version == 0:
                assert time.monotonic() - t0 < 20, "the computer seat ran past the server's time cap"
                await asyncio.sleep(0.01)
            return time.monotonic() - t0
        finally:
            await manager.close()

    assert asyncio.run(first_move()) < 20


def test_a_seat_without_a_token_is_told_it_needs_one(client: TestClient) -> None:
    data = _create(client)
    table = data["id"]
    for headers in ({}, {"Authorization": "Bearer "}, {"Authorization": "Basic abc"}):
        r = client.get(f"/api/tables/{table}/view", params={"seat": 0}, headers=headers)
        assert r.status_code == 403 and r.json()["error"] == "no_token", r.text
        assert "seat 0 needs its token" in r.json()["message"]
    r = client.post(f"/api/tables/{table}/moves", json={"seat": 1, "version": 0, "index": 0})
    assert r.status_code == 403 and r.json()["error"] == "no_token" and "seat 1 needs its token" in r.json()["message"]
    r = client.get(f"/api/tables/{table}/view", params={"seat": 0}, headers=_auth("wrong"))
    assert r.status_code == 403 and r.json()["error"] == "bad_token"
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "hello", "seat": 0})
        assert receive_json(ws, "the refusal of the hello without a token")["error"] == "no_token"


@pytest.mark.parametrize(
    ("method", "path", "status", "code"),
    [
        ("GET", "/api/nothing", 404, "not_found"),
        ("GET", "/api/tables/..%2f..%2fetc/moves", 404, "not_found"),
        ("GET", "/static/nothing.js", 404, "not_found"),
        ("DELETE", "/api/tables", 405, "method_not_allowed"),
        ("GET", "/api/tables/abc/moves", 405, "method_not_allowed"),
    ],
)
def test_unknown_addresses_and_methods_answer_in_the_api_format(
    client: TestClient, method: str, path: str, status: int, code: str
) -> None:
    r = client.request(method, path)
    assert r.status_code == status
    assert set(r.json()) == {"error", "message", "rule"} and r.json()["error"] == code
    if status == 405:
        assert r.headers["allow"] and method in r.json()["message"]


def _post_table(client: TestClient, seats: list[dict[str, Any]]) -> httpx.Response:
    return client.post("/api/tables", json={"game": "aton", "seats": seats})


def test_text_lengths_are_counted_in_characters(client: TestClient) -> None:
    r = _post_table(client, [{"type": "human", "name": "x" * 41}, {"type": "agent", "agent": "r" * 121}])
    assert r.status_code == 422
    assert r.json()["message"] == (
        "seats.0.name: String should have at most 40 characters; "
        "seats.1.agent: String should have at most 120 characters"
    )
    data = _create(client)
    r = client.post(
        f"/api/tables/{data['id']}/moves",
        json={"seat": 0, "version": 0, "action": "k" * 201},
        headers=_auth(data["tokens"]["0"]),
    )
    assert r.status_code == 422 and r.json()["message"] == "action: String should have at most 200 characters"


def test_an_agent_seat_without_its_agent_says_so(client: TestClient) -> None:
    r = _post_table(client, [{"type": "human"}, {"type": "agent"}])
    assert r.status_code == 422 and r.json()["error"] == "bad_request"
    message = r.json()["message"]
    assert message.startswith("seats.1.agent: missing") and "agent spec" in message and "'none'" not in message


def test_the_table_manager_also_refuses_an_agent_seat_without_its_agent(tmp_path: Path) -> None:
    async def create() -> None:
        manager = TableManager(Store(f"sqlite:///{tmp_path / 'm.db'}"), ai_workers=0)
        try:
            await manager.create("aton", {}, 1, [{"type": "human"}, {"type": "agent", "agent": None}])
        finally:
            await manager.close()

    with pytest.raises(TableError, match="seat 1: an agent seat needs an agent spec") as refused:
        asyncio.run(create())
    assert refused.value.status == 422


@pytest.mark.parametrize(
    ("seat", "message"),
    [
        (
            {"type": "agent", "agent": "heuristic", "open": True},
            "seats.1.open: not a field of an agent seat (its fields: type, name, agent)",
        ),
        (
            {"type": "human", "agent": "heuristic"},
            "seats.1.agent: not a field of a human seat (its fields: type, name, open, invite)",
        ),
        ({"type": "robot"}, "seats.1: a seat's type must be 'human' or 'agent'"),
        ({"agent": "random"}, "seats.1: a seat's type must be 'human' or 'agent'"),
    ],
)
def test_a_seat_takes_only_the_fields_of_its_type(client: TestClient, seat: dict[str, Any], message: str) -> None:
    r = _post_table(client, [{"type": "human"}, seat])
    assert r.status_code == 422 and r.json() == {"error": "bad_request", "message": message}


def test_the_api_schema_describes_both_seat_types(client: TestClient) -> None:
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    assert {"HumanSeat", "AgentSeat"} <= set(schemas)
    assert "agent" in schemas["AgentSeat"]["required"]


def test_a_repeated_agent_parameter_is_refused(client: TestClient) -> None:
    r = _post_table(client, [{"type": "human"}, {"type": "agent", "agent": "ismcts:time=1,time=2"}])
    assert r.status_code == 422 and "parameter 'time' given twice" in r.json()["message"]


def test_malformed_json_says_where_without_echoing_the_body(client: TestClient) -> None:
    body = b'{\n "game": "aton",\n secret-looking-text}'
    r = client.post("/api/tables", content=body, headers={"Content-Type": "application/json"})
    assert r.status_code == 422
    assert r.json() == {
        "error": "bad_request",
        "message": "the body is not valid JSON (line 3, column 2): Expecting property name enclosed in double quotes",
    }
    r = client.post("/api/tables", content=b"", headers={"Content-Type": "application/json"})
    assert r.status_code == 422 and r.json()["message"] == "the request needs a JSON body"
