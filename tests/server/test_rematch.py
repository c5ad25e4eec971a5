"""Deleting a table before its first move (the creator key) and rematches (a new table with
the same game, options, clock and seats, seat order rotated; the others accept)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from netjer.server.tables import TableManager
from tests.server.fake_time import FakeTime
from tests.server.sockets import receive_json


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _create(client: TestClient, **extra: Any) -> dict[str, Any]:
    body = {"game": "aton", "seed": 4, "seats": [{"type": "human", "name": "Seth"}, {"type": "human", "name": "Nut"}]}
    body.update(extra)
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def _finished(client: TestClient, fake: FakeTime) -> dict[str, Any]:
    """A finished table: the seat to act runs out of time and is out."""
    table = _create(client, clock={"mode": "turn", "per_turn": 3600, "on_timeout": "out"})
    fake.t += 3601
    manager: TableManager = client.app.state.manager  # type: ignore[attr-defined]
    client.portal.call(manager.clocks.check)  # type: ignore[union-attr]
    assert client.get(f"/api/tables/{table['id']}/view").json()["finished"]
    return table


def test_the_creator_deletes_a_table_before_its_first_move(client: TestClient) -> None:
    table = _create(client)
    url = f"/api/tables/{table['id']}"
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": table["tokens"]["0"]})
        receive_json(ws, "the first view")
        assert client.delete(url).status_code == 403
        assert client.delete(url, headers=_auth(table["tokens"]["0"])).status_code == 403  # a seat is not the creator
        r = client.delete(url, headers=_auth(table["creator_key"]))
        assert r.status_code == 200, r.text
        gone = receive_json(ws, "the news that the table was deleted")
        assert gone["type"] == "error" and gone["error"] == "deleted"
    assert client.get(f"{url}/view").status_code == 404
    assert client.delete(url, headers=_auth(table["creator_key"])).status_code == 404
    assert client.get("/api/tables").json() == []
    assert client.delete("/api/tables/nothing", headers=_auth("x")).status_code == 404


def test_a_started_table_cannot_be_deleted(client: TestClient) -> None:
    table = _create(client)
    seat = table["table"]["to_move"]
    move = {"seat": seat, "version": 0, "index": 0}
    assert client.post(
        f"/api/tables/{table['id']}/moves", json=move, headers=_auth(table["tokens"][str(seat)])
    ).is_success
    r = client.delete(f"/api/tables/{table['id']}", headers=_auth(table["creator_key"]))
    assert r.status_code == 409 and r.json()["error"] == "started"
    assert client.get(f"/api/tables/{table['id']}/view").json()["version"] == 1


def test_a_rematch_rotates_the_seats_and_the_others_accept(client: TestClient, fake: FakeTime) -> None:
    table = _finished(client, fake)
    url = f"/api/tables/{table['id']}/rematch"
    seth, nut = _auth(table["tokens"]["0"]), _auth(table["tokens"]["1"])
    assert client.post(url, json={"seat": 0}).status_code == 403  # no token
    assert client.post(url, json={"seat": 0}, headers=nut).status_code == 403  # another seat's token
    assert client.post(url, json={}).status_code == 422  # a spectator is not a seat
    assert client.post(url, json={"seat": 9}, headers=seth).status_code == 404
    assert client.post(f"{url}/accept", json={"seat": 1}, headers=nut).json()["error"] == "no_rematch"
    r = client.post(url, json={"seat": 0}, headers=seth)
    assert r.status_code == 201, r.text
    made = r.json()
    assert made["seat"] == 1  # Seth moves from seat 0 to seat 1
    new = made["table"]
    assert [(s["name"], s["reserved"], s["open"]) for s in new["seats"]] == [
        ("Nut", True, False),
        ("Seth", False, False),
    ]
    assert new["clock"]["per_turn"] == 3600 and new["clock"]["on_timeout"] == "out"
    assert new["clock"]["running"] is None  # not until Nut sits down
    assert client.post(url, json={"seat": 1}, headers=nut).json()["error"] == "rematch_exists"
    old = client.get(f"/api/tables/{table['id']}/view").json()
    assert old["rematch"] == made["id"] and "Seth offers a rematch." in old["log"]
    assert made["id"] not in [t["id"] for t in client.get("/api/tables", params={"status": "open"}).json()]
    # The reserved seat cannot be joined from the lobby nor used without accepting.
    assert client.post(f"/api/tables/{made['id']}/join", json={"seat": 0}).status_code == 409
    assert client.post(f"{url}/accept", json={"seat": 0}, headers=seth).json()["error"] == "seat_taken"
    taken = client.post(f"{url}/accept", json={"seat": 1}, headers=nut)
    assert taken.status_code == 200, taken.text
    accepted = taken.json()
    assert (accepted["id"], accepted["seat"]) == (made["id"], 0)
    view = client.get(f"/api/tables/{made['id']}/view", params={"seat": 0}, headers=_auth(accepted["token"])).json()
    assert view["seats"][0]["reserved"] is False and view["clock"]["running"] == view["to_move"]
    assert client.post(f"{url}/accept", json={"seat": 1}, headers=nut).json()["error"] == "seat_taken"


def test_a_rematch_needs_a_finished_game_and_a_person(client: TestClient) -> None:
    table = _create(client, seats=[{"type": "human"}, {"type": "agent", "agent": "random"}])
    r = client.post(f"/api/tables/{table['id']}/rematch", json={"seat": 0}, headers=_auth(table["tokens"]["0"]))
    assert r.status_code == 409 and r.json()["error"] == "not_over"
    r = client.post(f"/api/tables/{table['id']}/rematch", json={"seat": 1}, headers=_auth(table["tokens"]["0"]))
    assert r.status_code == 403


def test_deleting_a_rematch_before_play_withdraws_the_offer(client: TestClient, fake: FakeTime) -> None:
    table = _finished(client, fake)
    made = client.post(
        f"/api/tables/{table['id']}/rematch", json={"seat": 1}, headers=_auth(table["tokens"]["1"])
    ).json()
    assert made["table"]["version"] == 0  # two persons: nobody has moved yet
    assert client.delete(f"/api/tables/{made['id']}", headers=_auth(made["creator_key"])).status_code == 200
    assert client.get(f"/api/tables/{table['id']}/view").json()["rematch"] is None
    manager: TableManager = client.app.state.manager  # type: ignore[attr-defined]
    stored = manager.store.table(table["id"])
    assert stored is not None and stored.rematch is None
    r = client.post(f"/api/tables/{table['id']}/rematch/accept", json={"seat": 0}, headers=_auth(table["tokens"]["0"]))
    assert r.status_code == 409 and r.json()["error"] == "no_rematch"
