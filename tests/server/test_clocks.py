"""Time controls of the web table on a fake clock: banks, increments, turn deadlines, the
computer standing in when time runs out, taking the seat back, 'out', restarts, bad input."""

from __future__ import annotations

import logging
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from netjer.server.app import create_app
from netjer.server.clocks import RESTART_GRACE, ClockSettings, ClockState
from netjer.server.tables import TableManager
from tests.server.fake_time import FakeTime
from tests.server.sockets import receive_json


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


# Dioses del Nilo has no simultaneous choices, so one clock runs at a time; the windows of
# Aton and Ankh, where every seat that must still choose counts, are in test_windows.py.
def _create(client: TestClient, clock: dict[str, Any], game: str = "nile", **extra: Any) -> dict[str, Any]:
    body = {
        "game": game,
        "seed": 3,
        "seats": [{"type": "human", "name": "Seth"}, {"type": "human", "name": "Nut"}],
        "clock": clock,
        **extra,
    }
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def _view(client: TestClient, table: dict[str, Any], seat: int | None = None) -> dict[str, Any]:
    if seat is None:
        return client.get(f"/api/tables/{table['id']}/view").json()  # type: ignore[no-any-return]
    headers = _auth(table["tokens"][str(seat)])
    return client.get(f"/api/tables/{table['id']}/view", params={"seat": seat}, headers=headers).json()  # type: ignore[no-any-return]


def _move(client: TestClient, table: dict[str, Any], seat: int, version: int, index: int = 0) -> Any:
    return client.post(
        f"/api/tables/{table['id']}/moves",
        json={"seat": seat, "version": version, "index": index},
        headers=_auth(table["tokens"][str(seat)]),
    )


def _check_clocks(client: TestClient) -> None:
    manager: TableManager = client.app.state.manager  # type: ignore[attr-defined]
    client.portal.call(manager.clocks.check)  # type: ignore[union-attr]


def _wait(client: TestClient, table: dict[str, Any], until: Any) -> dict[str, Any]:
    """Poll the public view until ``until(view)`` (computer moves run in a thread)."""
    for _ in range(4000):
        view = _view(client, table)
        if until(view):
            return view
        time.sleep(0.005)
    raise AssertionError("the table did not get there")


def _play_turn(client: TestClient, table: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """The seat to act plays its whole turn (decisions until another seat must act)."""
    seat = _view(client, table)["to_move"]
    while True:
        view = _view(client, table, seat)
        if view["to_move"] != seat or view["finished"]:
            return seat, view
        assert _move(client, table, seat, view["version"]).status_code == 200


def test_a_real_time_bank_runs_for_the_seat_to_act_and_gains_the_increment(client: TestClient, fake: FakeTime) -> None:
    table = _create(client, {"mode": "realtime", "bank": 300, "increment": 10})
    view = _view(client, table)
    first = view["to_move"]
    clock = view["clock"]
    assert clock["mode"] == "realtime" and clock["running"] == first
    assert [s["left"] for s in clock["seats"]] == [300, 300]
    fake.t += 42
    clock = _view(client, table)["clock"]
    assert clock["seats"][first]["left"] == pytest.approx(258)
    assert clock["seats"][1 - first]["left"] == pytest.approx(300)  # only the seat to act counts
    seat, view = _play_turn(client, table)
    assert seat == first and view["to_move"] == 1 - first
    assert view["clock"]["running"] == 1 - first
    assert view["clock"]["seats"][first]["left"] == pytest.approx(300 - 42 + 10)
    fake.t += 5
    assert _view(client, table)["clock"]["seats"][1 - first]["left"] == pytest.approx(295)


def test_a_turn_deadline_restarts_with_each_turn(client: TestClient, fake: FakeTime) -> None:
    table = _create(client, {"mode": "turn", "per_turn": 3600})
    first = _view(client, table)["to_move"]
    fake.t += 3000
    clock = _view(client, table)["clock"]
    assert clock["seats"][first]["left"] == pytest.approx(600)
    assert clock["seats"][1 - first]["left"] is None
    _, view = _play_turn(client, table)
    assert view["clock"]["seats"][1 - first]["left"] == pytest.approx(3600)


def test_the_computer_stands_in_when_time_runs_out_and_the_person_takes_the_seat_back(
    client: TestClient, fake: FakeTime
) -> None:
    table = _create(client, {"mode": "realtime", "bank": 60, "increment": 0})
    first = _view(client, table)["to_move"]
    name = ["Seth", "Nut"][first]
    version = _view(client, table)["version"]
    fake.t += 59
    _check_clocks(client)
    assert _view(client, table)["seats"][first]["standin"] is None  # not yet
    _view(client, table, 1 - first)  # the other person is here (a request is a moment of connection)
    fake.t += 2
    _check_clocks(client)
    # The computer plays the seat's turn with legal moves (the server checks every one).
    view = _wait(client, table, lambda v: v["to_move"] != first)
    assert view["seats"][first]["standin"] == "heuristic"
    assert view["version"] > version
    log = _view(client, table, first)["log"]
    assert f"{name}'s time ran out: the computer (heuristic) plays for {name}." in log
    # The person's own move is refused while the computer plays for them.
    refused = _move(client, table, first, _view(client, table)["version"])
    assert refused.status_code == 409 and refused.json()["error"] == "stood_in"
    # The other person makes one decision and the computer answers it for the stood-in seat.
    # (Not _play_turn: with the computer answering at once, "still my turn" would be the next
    # turn, and under load the person played on to the end of the game: CI of 7 December.)
    before = _view(client, table, 1 - first)["version"]
    assert _move(client, table, 1 - first, before).status_code == 200
    view = _wait(client, table, lambda v: v["version"] >= before + 2 and v["to_move"] == 1 - first)
    assert not view["finished"]
    mine = _view(client, table, first)
    assert mine["legal"] == []
    # A wrong token cannot take the seat back; the right one can, once.
    url = f"/api/tables/{table['id']}/takeback"
    assert client.post(url, json={"seat": first}, headers=_auth("nope")).status_code == 403
    assert client.post(url, json={"seat": first}).status_code == 403
    assert client.post(url, json={"seat": 7}, headers=_auth(table["tokens"][str(first)])).status_code == 404
    r = client.post(url, json={"seat": first}, headers=_auth(table["tokens"][str(first)]))
    assert r.status_code == 200, r.text
    assert r.json()["seats"][first]["standin"] is None
    assert f"{name} is back and plays again." in r.json()["log"]
    again = client.post(url, json={"seat": first}, headers=_auth(table["tokens"][str(first)]))
    assert again.status_code == 409 and again.json()["error"] == "not_stood_in"
    # Back on their turn, the bank holds a minute again and the person plays.
    _, view = _play_turn(client, table)
    assert view["to_move"] == first
    assert view["clock"]["running"] == first and view["clock"]["seats"][first]["left"] == pytest.approx(60)
    mine = _view(client, table, first)
    assert mine["legal"]
    assert _move(client, table, first, mine["version"]).status_code == 200


def test_a_move_arriving_after_the_deadline_is_refused(client: TestClient, fake: FakeTime) -> None:
    table = _create(client, {"mode": "turn", "per_turn": 3600})
    view = _view(client, table)
    fake.t += 3601
    r = _move(client, table, view["to_move"], view["version"])
    assert r.status_code == 409 and r.json()["error"] == "time_out"


def test_out_ends_a_two_player_game_with_a_loss(client: TestClient, fake: FakeTime) -> None:
    table = _create(client, {"mode": "turn", "per_turn": 43200, "on_timeout": "out"})
    view = _view(client, table)
    first = view["to_move"]
    fake.t += 43201
    _check_clocks(client)
    view = _view(client, table)
    assert view["finished"] and view["seats"][first]["out"]
    assert view["result"][first] < view["result"][1 - first]
    assert view["result_text"]
    name = ["Seth", "Nut"][first]
    assert f"{name}'s time ran out: {name} is out and loses the game." in view["log"]
    assert _move(client, table, 1 - first, view["version"]).json()["error"] == "over"
    finished = client.get("/api/tables", params={"status": "finished"}).json()
    assert [t["id"] for t in finished] == [table["id"]]


def test_clocks_start_when_the_last_open_seat_is_taken(client: TestClient, fake: FakeTime) -> None:
    seats = [{"type": "human", "name": "Seth"}, {"type": "human", "open": True}]
    table = _create(client, {"mode": "realtime", "bank": 100}, seats=seats)
    assert _view(client, table)["clock"]["running"] is None
    fake.t += 500
    _check_clocks(client)
    r = client.post(f"/api/tables/{table['id']}/join", json={"seat": 1, "name": "Nut"})
    assert r.status_code == 200
    clock = _view(client, table)["clock"]
    assert clock["running"] is not None and clock["seats"][clock["running"]]["left"] == pytest.approx(100)


def test_a_restart_neither_resets_nor_pauses_the_clocks(db: str, fake: FakeTime) -> None:
    with TestClient(create_app(db, ai_workers=0, clock=fake)) as client:
        table = _create(client, {"mode": "realtime", "bank": 600, "increment": 5})
        first = _view(client, table)["to_move"]
        fake.t += 100
    fake.t += 200  # the server is down for 200 s: wall time, charged like any other
    with TestClient(create_app(db, ai_workers=0, clock=fake)) as client:
        clock = _view(client, table)["clock"]
        assert clock["running"] == first
        assert clock["seats"][first]["left"] == pytest.approx(300)
    fake.t += 400  # down while the deadline passes: a short grace after the restart
    with TestClient(create_app(db, ai_workers=0, clock=fake)) as client:
        view = _view(client, table)
        assert view["clock"]["seats"][first]["left"] == pytest.approx(RESTART_GRACE)
        assert view["seats"][first]["standin"] is None
        fake.t += RESTART_GRACE
        _check_clocks(client)
        view = _wait(client, table, lambda v: v["seats"][first]["standin"] == "heuristic")
    with TestClient(create_app(db, ai_workers=0, clock=fake)) as client:
        view = _view(client, table)
        assert view["seats"][first]["standin"] == "heuristic"
        name = ["Seth", "Nut"][first]
        log = view["log"]
        assert log.count(f"{name}'s time ran out: the computer (heuristic) plays for {name}.") == 1


@pytest.mark.parametrize(
    ("clock", "words"),
    [
        ({"mode": "realtime", "bank": 1}, "bank"),
        ({"mode": "realtime", "bank": 10**9}, "bank"),
        ({"mode": "realtime", "bank": 60, "increment": -1}, "increment"),
        ({"mode": "realtime", "bank": 60, "increment": 10**6}, "increment"),
        ({"mode": "realtime"}, "bank"),
        ({"mode": "turn", "per_turn": 100}, "per_turn"),
        ({"mode": "turn"}, "per_turn"),
        ({"mode": "turn", "per_turn": 3600, "bank": 60}, "bank"),
        ({"mode": "none", "bank": 60}, "none"),
        ({"mode": "blitz"}, "mode"),
        ({"mode": "realtime", "bank": 60, "on_timeout": "shrug"}, "on_timeout"),
        ({"mode": "realtime", "bank": 60, "colour": "red"}, "colour"),
        ({"mode": "realtime", "bank": "a lot"}, "bank"),
    ],
)
def test_clock_settings_out_of_range_are_refused(client: TestClient, clock: dict[str, Any], words: str) -> None:
    body = {"game": "aton", "seats": [{"type": "human"}, {"type": "human"}], "clock": clock}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 422 and words in r.json()["message"]
    assert client.get("/api/tables").json() == []


def test_out_is_offered_for_more_than_two_seats(client: TestClient) -> None:
    """Once refused (the game would have ended for everyone); now the seat out is retired and
    the others play on (tests/server/test_retired_seats.py)."""
    seats = [{"type": "human"}, {"type": "human"}, {"type": "human"}]
    body = {"game": "ankh", "options": {"players": 3}, "seats": seats}
    body["clock"] = {"mode": "turn", "per_turn": 3600, "on_timeout": "out"}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201 and r.json()["table"]["clock"]["on_timeout"] == "out"


def test_websocket_take_back_and_unknown_messages_are_answered_with_errors(client: TestClient) -> None:
    table = _create(client, {"mode": "realtime", "bank": 60})
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": table["tokens"]["0"]})
        first = receive_json(ws, "the first view")
        ws.send_json({"type": "takeback"})
        error = receive_json(ws, "the refusal of the takeback")
        assert error["type"] == "error" and error["error"] == "not_stood_in"
        assert receive_json(ws, "the view after the refusal")["version"] == first["version"]
        ws.send_json({"type": "dance"})
        error = receive_json(ws, "the refusal of the unknown message")
        assert error["type"] == "error" and "unknown message type" in error["message"]
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello", "seat": None})
        receive_json(ws, "the spectator's first view")
        ws.send_json({"type": "takeback"})
        assert receive_json(ws, "the refusal of the spectator's takeback")["error"] == "spectator"


def test_clock_state_round_trips_and_hands_over() -> None:
    settings = ClockSettings("realtime", bank=100, increment=3)
    state = ClockState.new(settings, 2)
    state.hand_over(settings, 0, 10.0)
    state.hand_over(settings, 0, 20.0)  # the same seat's turn goes on
    assert state.left(settings, 0, 30.0) == pytest.approx(80)
    state.hand_over(settings, 1, 30.0)
    assert state.remaining == [pytest.approx(83), 100]
    again = ClockState.from_json(state.to_json(), settings, 2)
    assert again == state
    assert again.deadline(settings) == pytest.approx(130)


def test_a_timeout_is_logged_once_as_a_structured_line(
    client: TestClient, fake: FakeTime, caplog: pytest.LogCaptureFixture
) -> None:
    table = _create(client, {"mode": "realtime", "bank": 60, "increment": 0, "on_timeout": "out"})
    first = _view(client, table)["to_move"]
    fake.t += 61
    with caplog.at_level(logging.INFO, logger="netjer.server"):
        _check_clocks(client)
        _check_clocks(client)  # nothing more is due
    lines = [r for r in caplog.records if getattr(r, "event", None) == "timeout"]
    assert [(r.table, r.seat, r.on_timeout) for r in lines] == [(table["id"], first, "out")]  # type: ignore[attr-defined]
