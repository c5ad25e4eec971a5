"""Undo on the web table (POST /api/tables/{id}/undo, WebSocket "undo"): the undo policy, stored append-only."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from netjer.server.app import create_app
from tests.server.sockets import receive_json


@pytest.fixture
def app_path(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'netjer.db'}"


@pytest.fixture
def client(app_path: str) -> Iterator[TestClient]:
    with TestClient(create_app(app_path, ai_workers=0), raise_server_exceptions=False) as c:
        yield c


def _ankh(client: TestClient) -> tuple[str, dict[str, str]]:
    body = {
        "game": "ankh",
        "seed": 5,
        "options": {"players": 2, "gods": "seth,thoth", "first_player": 0},
        "seats": [{"type": "human"}, {"type": "human"}],
    }
    data = client.post("/api/tables", json=body).json()
    return data["id"], data["tokens"]


def _view(client: TestClient, table: str, seat: int, token: str) -> dict[str, Any]:
    r = client.get(f"/api/tables/{table}/view", params={"seat": seat}, headers={"Authorization": f"Bearer {token}"})
    out: dict[str, Any] = r.json()
    return out


def _post(client: TestClient, table: str, what: str, token: str, **body: Any) -> Any:
    return client.post(f"/api/tables/{table}/{what}", json=body, headers={"Authorization": f"Bearer {token}"})


def test_a_seat_takes_back_its_own_decisions_and_the_store_keeps_them(client: TestClient, app_path: str) -> None:
    table, tokens = _ankh(client)
    v0 = _view(client, table, 0, tokens["0"])
    assert v0["can_undo"] is False
    obs0 = v0["observation"]
    r = _post(client, table, "moves", tokens["0"], seat=0, version=v0["version"], action="move")
    assert r.status_code == 200
    pick = next(a["text"] for a in r.json()["legal"] if a["text"].startswith("pick "))
    r = _post(client, table, "moves", tokens["0"], seat=0, version=r.json()["version"], action=pick)
    view = r.json()
    assert view["can_undo"] is True
    assert _view(client, table, 1, tokens["1"])["can_undo"] is False  # not the other seat's decision
    # the other seat may not take it back
    r = _post(client, table, "undo", tokens["1"], seat=1, version=view["version"])
    assert r.status_code == 409 and r.json()["error"] == "no_undo"
    # a stale version is refused
    r = _post(client, table, "undo", tokens["0"], seat=0, version=view["version"] - 1)
    assert r.status_code == 409 and r.json()["error"] == "stale"
    # the pick, then the row, are taken back: the position is the first one again
    r = _post(client, table, "undo", tokens["0"], seat=0, version=view["version"])
    assert r.status_code == 200, r.text
    assert any(a["text"] == pick for a in r.json()["legal"])
    assert r.json()["log"][-1].startswith("Taken back: Seth picks the figure")
    r = _post(client, table, "undo", tokens["0"], seat=0, version=r.json()["version"])
    assert r.status_code == 200
    after = r.json()
    assert after["observation"] == obs0
    assert after["version"] == 4  # move, pick, undo, undo: the list only grows
    assert after["can_undo"] is False
    r = _post(client, table, "undo", tokens["0"], seat=0, version=after["version"])
    assert r.status_code == 409 and "nothing to take back" in r.json()["message"]
    # a new server process replays the stored entries, undos included, to the same position
    with TestClient(create_app(app_path, ai_workers=0)) as again:
        reloaded = _view(again, table, 0, tokens["0"])
        assert reloaded["observation"] == obs0 and reloaded["version"] == 4


def test_undo_needs_the_seats_token_and_a_seat(client: TestClient) -> None:
    body = {"game": "aton", "seed": 3, "seats": [{"type": "human"}, {"type": "agent", "agent": "random"}]}
    data = client.post("/api/tables", json=body).json()
    table, token = data["id"], data["tokens"]["0"]
    view = _view(client, table, 0, token)
    r = _post(client, table, "undo", token, seat=1, version=view["version"])
    assert r.status_code == 403  # seat 1 is the computer's: no token opens it
    r = _post(client, table, "undo", token, seat=None, version=view["version"])
    assert r.status_code == 422


def test_a_malformed_websocket_undo_is_told_how_an_undo_is_sent(client: TestClient) -> None:
    table, tokens = _ankh(client)
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": tokens["0"]})
        assert receive_json(ws, "the first view")["type"] == "view"
        ws.send_json({"type": "undo"})  # no version
        err = receive_json(ws, "the refusal of the undo without a version")
        assert err["error"] == "bad_request"
        assert '"undo"' in err["message"] and '"move"' not in err["message"]


def test_a_refused_undo_is_explained_in_the_seats_view(client: TestClient) -> None:
    """Aton's 'exchange' draws cards: the seat's view says why it cannot be taken back
    (``undo_refused``) instead of only leaving out the Undo button; the other seat, which has
    nothing of its own to take back, is told nothing."""
    body = {"game": "aton", "seed": 1, "seats": [{"type": "human"}, {"type": "human"}]}
    data = client.post("/api/tables", json=body).json()
    table, tokens = data["id"], data["tokens"]
    start = _view(client, table, 0, tokens["0"])
    assert start["undo_refused"] is None  # nothing decided yet: nothing refused
    exchange = next(a["text"] for a in start["legal"] if a["text"] == "exchange")
    after = _post(client, table, "moves", tokens["0"], seat=0, version=start["version"], action=exchange).json()
    assert after["can_undo"] is False
    assert after["undo_refused"] == "hidden information was revealed or chance was drawn since your last decision"
    assert _view(client, table, 1, tokens["1"])["undo_refused"] is None
    assert client.get(f"/api/tables/{table}/view").json()["undo_refused"] is None  # a spectator


def test_an_undo_allowed_is_not_refused(client: TestClient) -> None:
    table, tokens = _ankh(client)
    v0 = _view(client, table, 0, tokens["0"])
    view = _post(client, table, "moves", tokens["0"], seat=0, version=v0["version"], action="move").json()
    assert view["can_undo"] is True and view["undo_refused"] is None
