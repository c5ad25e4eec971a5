"""The web table's API (netjer.server): create, join, play, errors (never a 500)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from netjer.server.app import create_app
from tests.server.sockets import receive_json
from tests.server.views import shown


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'netjer.db'}", ai_workers=0)
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _create(
    client: TestClient, game: str = "aton", seats: list[dict[str, Any]] | None = None, **extra: Any
) -> dict[str, Any]:
    body = {
        "game": game,
        "seed": 7,
        "seats": seats or [{"type": "human", "name": "Ann"}, {"type": "agent", "agent": "random"}],
    }
    body.update(extra)
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def _wait_for_turn(client: TestClient, table: str, seat: int, token: str) -> dict[str, Any]:
    """Poll until it is ``seat``'s turn (the computer seats move in the background)."""
    for _ in range(2000):
        view: dict[str, Any] = client.get(
            f"/api/tables/{table}/view", params={"seat": seat}, headers=_auth(token)
        ).json()
        if view["to_move"] == seat or view["finished"]:
            return view
        time.sleep(0.005)
    raise AssertionError("the computer seat did not move")


def _play_to_end(client: TestClient, table: str, seat: int, token: str) -> dict[str, Any]:
    for _ in range(5000):
        view = client.get(f"/api/tables/{table}/view", params={"seat": seat}, headers=_auth(token)).json()
        if view["finished"]:
            return view
        if view["to_move"] == seat:
            r = client.post(
                f"/api/tables/{table}/moves",
                json={"seat": seat, "version": view["version"], "index": 0},
                headers=_auth(token),
            )
            assert r.status_code == 200, r.text
    raise AssertionError("the game did not end")


def test_games_lists_every_game_with_options(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert {"aton", "nile"} <= set(games)
    assert "equal_40_tie" in games["aton"]["options"]["properties"]
    assert "ismcts" in games["aton"]["agents"]


@pytest.mark.parametrize("game", ["aton", "nile"])
def test_play_a_whole_game_against_the_computer(client: TestClient, game: str) -> None:
    data = _create(client, game)
    view = _play_to_end(client, data["id"], 0, data["tokens"]["0"])
    assert view["finished"] and view["result_text"]
    assert view["log"], "the seat has a log of the game in words"
    tables = client.get("/api/tables", params={"status": "finished"}).json()
    assert data["id"] in [t["id"] for t in tables]


def test_move_by_notation_and_stale_and_illegal_moves(client: TestClient) -> None:
    data = _create(client)
    table, token = data["id"], data["tokens"]["0"]
    view = client.get(f"/api/tables/{table}/view", params={"seat": 0}, headers=_auth(token)).json()
    assert view["to_move"] == 0 and view["legal"]
    r = client.post(
        f"/api/tables/{table}/moves", json={"seat": 0, "version": 0, "action": "place 1Y"}, headers=_auth(token)
    )
    assert r.status_code == 422 and r.json()["error"] == "illegal" and "step B" in r.json()["rule"]
    assert r.json()["view"]["version"] == 0  # nothing was applied
    r = client.post(
        f"/api/tables/{table}/moves", json={"seat": 0, "version": 0, "action": "keep"}, headers=_auth(token)
    )
    assert r.status_code == 200 and r.json()["version"] >= 1
    again = client.post(
        f"/api/tables/{table}/moves", json={"seat": 0, "version": 0, "action": "keep"}, headers=_auth(token)
    )
    assert again.status_code == 409 and again.json()["error"] == "stale"  # never applied twice
    r = client.post(f"/api/tables/{table}/moves", json={"seat": 0, "version": 99, "index": 0}, headers=_auth(token))
    assert r.status_code == 409


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"seat": 0, "version": 0, "index": 99}, 422),
        ({"seat": 0, "version": 0, "action": "fly"}, 422),
        ({"seat": 0, "version": 0}, 422),
        ({"seat": 0, "version": 0, "index": 0, "action": "keep"}, 422),
        ({"seat": 0, "version": "x", "index": 0}, 422),
        ({"seat": 5, "version": 0, "index": 0}, 404),
        ({"seat": 1, "version": 0, "index": 0}, 403),
    ],
)
def test_malformed_moves_get_a_4xx(client: TestClient, body: dict[str, Any], status: int) -> None:
    data = _create(client)
    r = client.post(f"/api/tables/{data['id']}/moves", json=body, headers=_auth(data["tokens"]["0"]))
    assert r.status_code == status, r.text


def test_wrong_token_unknown_table_malformed_json(client: TestClient) -> None:
    data = _create(client)
    r = client.get(f"/api/tables/{data['id']}/view", params={"seat": 0}, headers=_auth("nope"))
    assert r.status_code == 403
    r = client.get(f"/api/tables/{data['id']}/view", params={"seat": 0})
    assert r.status_code == 403
    assert client.get("/api/tables/nothing/view").status_code == 404
    r = client.post("/api/tables", content=b"{not json", headers={"Content-Type": "application/json"})
    assert r.status_code == 422
    r = client.post("/api/tables", json={"game": "chess", "seats": [{"type": "human"}]})
    assert r.status_code == 422 and "unknown game" in r.json()["message"]
    r = client.post("/api/tables", json={"game": "aton", "seats": [{"type": "human"}]})
    assert r.status_code == 422 and "2 seats" in r.json()["message"]
    r = client.post(
        "/api/tables", json={"game": "aton", "seats": [{"type": "human"}, {"type": "agent", "agent": "gnugo"}]}
    )
    assert r.status_code == 422 and "unknown agent" in r.json()["message"]
    r = client.post(
        "/api/tables", json={"game": "aton", "options": {"reveal": "never"}, "seats": [{"type": "human"}] * 2}
    )
    assert r.status_code == 422


def test_open_seat_join(client: TestClient) -> None:
    data = _create(client, seats=[{"type": "human", "name": "Ann"}, {"type": "human", "open": True}])
    assert set(data["tokens"]) == {"0"}
    open_tables = client.get("/api/tables", params={"status": "open"}).json()
    assert data["id"] in [t["id"] for t in open_tables]
    r = client.post(f"/api/tables/{data['id']}/join", json={"seat": 1, "name": "Bob"})
    assert r.status_code == 200
    token = r.json()["token"]
    assert client.post(f"/api/tables/{data['id']}/join", json={"seat": 1}).status_code == 409
    assert client.post(f"/api/tables/{data['id']}/join", json={"seat": 0}).status_code == 409
    assert client.post(f"/api/tables/{data['id']}/join", json={"seat": 7}).status_code == 404
    view = client.get(f"/api/tables/{data['id']}/view", params={"seat": 1}, headers=_auth(token)).json()
    assert view["seats"][1]["name"] == "Bob"


def test_websocket_play_and_errors(client: TestClient) -> None:
    data = _create(client)
    table, token = data["id"], data["tokens"]["0"]
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": token})
        view = receive_json(ws, "the first view")
        assert view["type"] == "view" and view["seat"] == 0 and view["legal"]
        ws.send_json({"type": "move", "version": view["version"], "action": "remove 1Y"})
        err = receive_json(ws, "the refusal of the illegal move")
        assert err["type"] == "error" and err["error"] == "illegal"
        assert receive_json(ws, "the view after the refusal")["type"] == "view"  # the current view follows an error
        ws.send_text("garbage")
        assert receive_json(ws, "the refusal of the garbage text")["error"] == "bad_request"
        ws.send_json({"type": "move", "version": view["version"], "index": 0})
        after = receive_json(ws, "the view after the move")
        assert after["type"] == "view" and after["version"] > view["version"]
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": "bad"})
        assert receive_json(ws, "the refusal of the bad token")["error"] == "bad_token"


def test_a_view_carries_the_log_once_in_its_own_log_not_again_in_the_observation(client: TestClient) -> None:
    data = _create(client, game="nile", seats=[{"type": "human"}, {"type": "human"}])
    table, tokens = data["id"], data["tokens"]
    for _ in range(6):
        view = client.get(f"/api/tables/{table}/view").json()
        seat = view["to_move"]
        body = {"seat": seat, "version": view["version"], "index": 0}
        assert client.post(f"/api/tables/{table}/moves", json=body, headers=_auth(tokens[str(seat)])).status_code == 200
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": tokens["0"]})
        pushed = receive_json(ws, "the first view")
    polled = client.get(f"/api/tables/{table}/view", params={"seat": 0}, headers=_auth(tokens["0"])).json()
    for view in (pushed, polled):
        assert "log" not in view["observation"] and view["observation"]["board"]  # the rest is there
        assert len(view["log"]) > 6  # the game so far, in words, once
    assert pushed["log"] == polled["log"]


def test_spectator_sees_the_public_view_and_cannot_move(client: TestClient) -> None:
    data = _create(client)
    with client.websocket_connect(f"/ws/tables/{data['id']}") as ws:
        ws.send_json({"type": "hello", "seat": None})
        view = receive_json(ws, "the spectator's first view")
        assert view["seat"] is None and view["legal"] == []
        ws.send_json({"type": "move", "version": 0, "index": 0})
        assert receive_json(ws, "the refusal of the spectator's move")["error"] == "spectator"


def test_tables_survive_a_restart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'n.db'}"
    with TestClient(create_app(url, ai_workers=0)) as c:
        data = _create(c)
        table, token = data["id"], data["tokens"]["0"]
        c.post(f"/api/tables/{table}/moves", json={"seat": 0, "version": 0, "action": "keep"}, headers=_auth(token))
        before = _wait_for_turn(c, table, 0, token)
    with TestClient(create_app(url, ai_workers=0)) as c:
        after = c.get(f"/api/tables/{table}/view", params={"seat": 0}, headers=_auth(token)).json()
    assert after["version"] == before["version"] and after["observation"] == before["observation"]


def test_replay_steps(client: TestClient) -> None:
    data = _create(client)
    view = _play_to_end(client, data["id"], 0, data["tokens"]["0"])
    r = client.get(f"/api/tables/{data['id']}/replay", params={"seat": 0}, headers=_auth(data["tokens"]["0"]))
    steps = r.json()["steps"]
    assert len(steps) == view["version"] + 1 and shown(steps[-1]["observation"]) == view["observation"]


def test_tables_by_id_for_your_tables(client: TestClient) -> None:
    a = _create(client, seats=[{"type": "human"}, {"type": "human"}])
    b = _create(client, "nile")
    r = client.get("/api/tables", params={"ids": f"{b['id']},nothing,{a['id']},{a['id']}"})
    assert r.status_code == 200
    tables = r.json()
    assert [t["id"] for t in tables] == [b["id"], a["id"]]  # unknown ids left out, repeats once
    assert tables[1]["to_move"] == a["table"]["to_move"] and tables[1]["clock"] is None
    many = ",".join(f"t{i}" for i in range(51))
    r = client.get("/api/tables", params={"ids": many})
    assert r.status_code == 422 and "at most 50" in r.json()["message"]
    assert client.get("/api/tables", params={"ids": "x" * 2001}).status_code == 422
