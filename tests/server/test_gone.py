"""A seat with no connection for its deadline counts as gone (issue 13): the turn deadline at
turn-based tables, the bank at real-time ones, ``gone_after`` at tables without a clock; the
table's leaving rule applies (the computer, or out at two seats), written in the log."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from netjer.server.app import create_app
from netjer.server.tables import TableManager
from tests.server.fake_time import START, FakeTime
from tests.server.sockets import receive_json


def _create(client: TestClient, clock: dict[str, Any]) -> dict[str, Any]:
    # Dioses del Nilo: two people, no simultaneous choices.
    seats = [{"type": "human", "name": "Seth"}, {"type": "human", "name": "Nut"}]
    r = client.post("/api/tables", json={"game": "nile", "seed": 3, "seats": seats, "clock": clock})
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def _public(client: TestClient, table: dict[str, Any]) -> dict[str, Any]:
    return client.get(f"/api/tables/{table['id']}/view").json()  # type: ignore[no-any-return]


def _play_turn(client: TestClient, table: dict[str, Any], seat: int) -> None:
    """Seat ``seat`` plays its whole turn over REST (each request a moment of connection)."""
    headers = {"Authorization": f"Bearer {table['tokens'][str(seat)]}"}
    url = f"/api/tables/{table['id']}"
    while True:
        view = client.get(f"{url}/view", params={"seat": seat}, headers=headers).json()
        if view["to_move"] != seat or view["finished"]:
            return
        move = {"seat": seat, "version": view["version"], "index": 0}
        assert client.post(f"{url}/moves", json=move, headers=headers).status_code == 200


def _check(client: TestClient) -> None:
    manager: TableManager = client.app.state.manager  # type: ignore[attr-defined]
    client.portal.call(manager.clocks.check)  # type: ignore[union-attr]


def _wait(client: TestClient, table: dict[str, Any], until: Any) -> dict[str, Any]:
    for _ in range(4000):
        view = _public(client, table)
        if until(view):
            return view
        time.sleep(0.005)
    raise AssertionError("the table did not get there")


def test_turn_based_a_seat_gone_for_the_deadline_gets_the_computer_before_its_clock_ends(
    client: TestClient, fake: FakeTime
) -> None:
    table = _create(client, {"mode": "turn", "per_turn": 3600})
    first = _public(client, table)["to_move"]
    other = 1 - first
    name = ["Seth", "Nut"][other]
    fake.t += 3000
    _play_turn(client, table, first)  # the other person has not come since the table was made
    public = _public(client, table)
    assert public["to_move"] == other and public["clock"]["seats"][other]["left"] == pytest.approx(3600)
    fake.t = START + 3599
    _check(client)
    assert _public(client, table)["seats"][other]["standin"] is None
    fake.t = START + 3601  # an hour without a connection; its own clock has 2,999 s left
    _check(client)
    public = _wait(client, table, lambda v: v["to_move"] == first)  # the computer played for it
    assert public["seats"][other]["standin"] == "heuristic"
    assert f"{name} has had no connection for 1 h: the computer (heuristic) plays for {name}." in public["log"]
    assert not any("time ran out" in line for line in public["log"])


def test_a_connected_seat_never_counts_as_gone_and_a_table_setting_covers_tables_without_clock(
    db: str, client: TestClient, fake: FakeTime
) -> None:
    table = _create(client, {"mode": "none", "gone_after": 300})
    first = _public(client, table)["to_move"]
    name = ["Seth", "Nut"][first]
    assert _public(client, table)["clock"] is None  # no clock shown: none runs
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello", "seat": first, "token": table["tokens"][str(first)]})
        receive_json(ws, "the first view")
        fake.t += 100_000
        _check(client)
        assert _public(client, table)["seats"][first]["standin"] is None  # here all along
    # The connection closes: five minutes later the seat counts as gone.
    fake.t += 299
    _check(client)
    assert _public(client, table)["seats"][first]["standin"] is None
    fake.t += 2
    _check(client)
    public = _wait(client, table, lambda v: v["to_move"] != first)
    assert f"{name} has had no connection for 5 min: the computer (heuristic) plays for {name}." in public["log"]
    # Stored with the table: a restart keeps the computer in the seat until the person is back.
    client.__exit__(None, None, None)
    with TestClient(create_app(db, ai_workers=0, clock=fake)) as again:
        public = _public(again, table)
        assert public["seats"][first]["standin"] == "heuristic"
        r = again.post(
            f"/api/tables/{table['id']}/takeback",
            json={"seat": first},
            headers={"Authorization": f"Bearer {table['tokens'][str(first)]}"},
        )
        assert r.status_code == 200 and f"{name} is back and plays again." in r.json()["log"]


def test_real_time_a_seat_gone_for_its_bank_is_out_at_two_seats(client: TestClient, fake: FakeTime) -> None:
    table = _create(client, {"mode": "realtime", "bank": 300, "increment": 0, "on_timeout": "out"})
    first = _public(client, table)["to_move"]
    other = 1 - first
    name = ["Seth", "Nut"][other]
    fake.t += 100
    _play_turn(client, table, first)
    fake.t = START + 301  # the other's bank (300 s) without a connection; its clock has 99 s left
    _check(client)
    public = _public(client, table)
    assert public["finished"] and public["result"][other] == -1 and public["result"][first] == 1
    assert f"{name} has had no connection for 5 min: {name} is out and loses the game." in public["log"]
    assert public["seats"][other]["out"]


@pytest.mark.parametrize(
    ("clock", "words"),
    [
        ({"mode": "none", "gone_after": 7}, "gone_after"),
        ({"mode": "realtime", "bank": 300, "gone_after": 300}, "tables without a clock"),
        ({"mode": "turn", "per_turn": 3600, "gone_after": 3600}, "tables without a clock"),
    ],
)
def test_bad_gone_after_is_refused(client: TestClient, clock: dict[str, Any], words: str) -> None:
    seats = [{"type": "human"}, {"type": "human"}]
    r = client.post("/api/tables", json={"game": "nile", "seats": seats, "clock": clock})
    assert r.status_code == 422 and words in r.json()["message"], r.text
    seats3 = [{"type": "human"}] * 3
    body = {"game": "ankh", "options": {"players": 3}, "seats": seats3}
    r = client.post("/api/tables", json={**body, "clock": {"mode": "none", "gone_after": 300, "on_timeout": "out"}})
    # 'out' at a table of three: the seat is out and the others play on (tests/server/test_retired_seats.py)
    assert r.status_code == 201 and r.json()["table"]["clock"] is None, r.text
