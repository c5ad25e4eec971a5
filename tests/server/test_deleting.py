"""Deleting a table (issue 31 item 6): refused once another player has taken their seat at a
rematch, and every page open at a deleted table (seats and spectators) is told and closed."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from netjer.server.tables import TableManager
from tests.server.fake_time import FakeTime
from tests.server.sockets import receive_json


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _create(client: TestClient, **extra: Any) -> dict[str, Any]:
    seats = [{"type": "human", "name": "Seth"}, {"type": "human", "name": "Nut"}]
    r = client.post("/api/tables", json={"game": "nile", "seed": 4, "seats": seats, **extra})
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def _rematch(client: TestClient, fake: FakeTime) -> tuple[dict[str, Any], dict[str, Any]]:
    """A finished table (its first seat out on time) and the rematch its second seat offered."""
    table = _create(client, clock={"mode": "turn", "per_turn": 3600, "on_timeout": "out"})
    fake.t += 3601
    manager: TableManager = client.app.state.manager  # type: ignore[attr-defined]
    client.portal.call(manager.clocks.check)  # type: ignore[union-attr]
    made = client.post(f"/api/tables/{table['id']}/rematch", json={"seat": 1}, headers=_auth(table["tokens"]["1"]))
    assert made.status_code == 201, made.text
    return table, made.json()


def test_a_rematch_another_player_accepted_cannot_be_deleted(client: TestClient, fake: FakeTime) -> None:
    table, made = _rematch(client, fake)
    accepted = client.post(
        f"/api/tables/{table['id']}/rematch/accept", json={"seat": 0}, headers=_auth(table["tokens"]["0"])
    )
    assert accepted.status_code == 200, accepted.text
    r = client.delete(f"/api/tables/{made['id']}", headers=_auth(made["creator_key"]))
    assert r.status_code == 409 and r.json()["error"] == "accepted"
    assert "taken their seat" in r.json()["message"]
    assert client.get(f"/api/tables/{made['id']}/view").status_code == 200  # still there
    assert client.get(f"/api/tables/{table['id']}/view").json()["rematch"] == made["id"]


def test_every_open_page_of_a_deleted_table_is_told_and_closed(client: TestClient) -> None:
    table = _create(client)
    url = f"/ws/tables/{table['id']}"
    with client.websocket_connect(url) as seat, client.websocket_connect(url) as watcher:
        seat.send_json({"type": "hello", "seat": 1, "token": table["tokens"]["1"]})
        watcher.send_json({"type": "hello", "seat": None})
        receive_json(seat, "the seat's first view")
        receive_json(watcher, "the spectator's first view")
        r = client.delete(f"/api/tables/{table['id']}", headers=_auth(table["creator_key"]))
        assert r.status_code == 200, r.text
        for ws, who in ((seat, "the seat"), (watcher, "the spectator")):
            news = receive_json(ws, f"{who}'s news of the deletion")
            assert news["type"] == "error" and news["error"] == "deleted"
            with pytest.raises(WebSocketDisconnect) as closed:
                receive_json(ws, f"{who}'s connection closing")
            assert closed.value.code == 4404
