"""Endings besides the rules' victory, through the API (issue 31 item 3): resign, abort, draw
offers, adjournment by agreement, a game nobody is at when its clock runs out adjourned (not
finished by computers), and how each ending shows in the views, the lobby and the replay."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from netjer.games.registry import make_game
from netjer.server.app import create_app
from netjer.server.runtime import PRESENCE_SECONDS
from netjer.server.tables import TableManager
from tests.server.fake_time import FakeTime
from tests.server.sockets import receive_json

#: Each game with options that give two seats (Ankh's default is more).
GAMES: dict[str, dict[str, Any]] = {"nile": {}, "aton": {}, "ankh": {"players": 2}}
CLOCK = {"mode": "realtime", "bank": 300, "increment": 0}


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _create(
    client: TestClient, game: str, clock: dict[str, Any] | None = None, seats: list[dict[str, Any]] | None = None,
    **options: Any,
) -> dict[str, Any]:  # fmt: skip
    n = make_game(game, options or GAMES[game]).num_players
    body: dict[str, Any] = {
        "game": game,
        "seed": 5,
        "options": options or GAMES[game],
        "seats": seats or [{"type": "human", "name": name} for name in ["Seth", "Nut", "Geb"][:n]],
    }
    if clock is not None:
        body["clock"] = clock
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def _view(client: TestClient, table: dict[str, Any], seat: int | None = None) -> dict[str, Any]:
    if seat is None:
        return client.get(f"/api/tables/{table['id']}/view").json()  # type: ignore[no-any-return]
    headers = _auth(table["tokens"][str(seat)])
    return client.get(f"/api/tables/{table['id']}/view", params={"seat": seat}, headers=headers).json()  # type: ignore[no-any-return]


def _post(client: TestClient, table: dict[str, Any], what: str, seat: int, **body: Any) -> Any:
    headers = _auth(table["tokens"][str(seat)])
    return client.post(f"/api/tables/{table['id']}/{what}", json={"seat": seat, **body}, headers=headers)


def _play_once(client: TestClient, table: dict[str, Any]) -> None:
    """Every seat that may act plays its first legal action once."""
    view = _view(client, table)
    for seat in view["choosing"]:
        seen = _view(client, table, seat)
        if not seen["legal"]:
            continue
        body = {"seat": seat, "version": seen["version"], "index": 0}
        if seen.get("step") is not None:
            body["step"] = seen["step"]
        r = client.post(f"/api/tables/{table['id']}/moves", json=body, headers=_auth(table["tokens"][str(seat)]))
        assert r.status_code == 200, r.text


def _until_everyone_decided(client: TestClient, table: dict[str, Any]) -> None:
    """Play until every seat has made a decision (abort is no longer allowed)."""
    for _ in range(200):
        if not _view(client, table)["can_abort"]:
            return
        _play_once(client, table)
    raise AssertionError("some seat never decided")


def _finished_list(client: TestClient) -> list[str]:
    return [t["id"] for t in client.get("/api/tables", params={"status": "finished"}).json()]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_seat_resigns_and_every_view_the_lobby_and_the_replay_say_so(client: TestClient, game: str) -> None:
    table = _create(client, game, CLOCK)
    _play_once(client, table)
    version = _view(client, table)["version"]
    r = _post(client, table, "resign", 1)
    assert r.status_code == 200, r.text
    for seat in (0, 1, None):
        view = _view(client, table, seat)
        assert view["finished"] and view["result"] == [1.0, -1.0]
        assert view["ending"] == {"how": "resigned", "seats": [1]}
        assert view["to_move"] is None and view["choosing"] == [] and view["legal"] == []
        assert view["log"][-1] == "Nut resigns."
        assert not any(s["running"] for s in view["clock"]["seats"])  # the clocks stopped
    assert view["version"] == version  # a table event, not an action: the record is as it was played
    listed = {t["id"]: t for t in client.get("/api/tables", params={"status": "finished"}).json()}
    assert listed[table["id"]]["ending"]["how"] == "resigned"
    replay = client.get(f"/api/tables/{table['id']}/replay").json()
    assert replay["table"]["ending"]["how"] == "resigned" and len(replay["steps"]) == version + 1
    again = _post(client, table, "resign", 0)
    assert again.status_code == 409 and again.json()["error"] == "over"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_abort_before_every_seat_decided_records_no_result(client: TestClient, game: str) -> None:
    table = _create(client, game, CLOCK)
    assert _view(client, table)["can_abort"]
    _play_once(client, table)  # one seat (or every seat of a window) has decided
    view = _view(client, table)
    if view["can_abort"]:
        r = _post(client, table, "abort", 0)
        assert r.status_code == 200, r.text
        after = _view(client, table, 1)
        assert after["finished"] and after["result"] is None and after["result_text"] is None
        assert after["ending"] == {"how": "aborted", "seats": [0]}
        assert table["id"] not in _finished_list(client)  # an aborted game is not a finished one
        assert client.get("/api/tables", params={"status": "playing"}).json() == []
    late = _create(client, game, CLOCK)
    _until_everyone_decided(client, late)
    refused = _post(client, late, "abort", 0)
    assert refused.status_code == 409 and refused.json()["error"] == "too_late"
    assert not _view(client, late)["finished"]


def test_abort_of_a_fresh_table_by_either_seat(client: TestClient) -> None:
    table = _create(client, "nile")
    r = _post(client, table, "abort", 1)
    assert r.status_code == 200 and r.json()["ending"]["how"] == "aborted"
    assert _post(client, table, "abort", 0).json()["error"] == "over"
    assert table["id"] not in _finished_list(client)


@pytest.mark.parametrize("game", ["nile", "aton"])
def test_a_draw_offered_and_accepted_ends_the_game_drawn(client: TestClient, game: str) -> None:
    table = _create(client, game, CLOCK)
    _play_once(client, table)
    r = _post(client, table, "offer", 0, kind="draw")
    assert r.status_code == 200, r.text
    assert r.json()["proposal"] == {"kind": "draw", "by": 0, "agreed": [0]}
    assert _view(client, table, 1)["proposal"]["kind"] == "draw"
    assert _post(client, table, "offer", 1, kind="draw").json()["error"] == "offered"
    r = _post(client, table, "answer", 1, accept=True)
    assert r.status_code == 200, r.text
    view = _view(client, table)
    assert view["finished"] and view["result"] == [0.0, 0.0] and view["result_text"] == "Draw"
    assert view["ending"] == {"how": "agreed", "seats": [0, 1]} and view["proposal"] is None
    assert view["log"][-3:] == ["Seth offers a draw.", "Nut agrees.", "The game is drawn by agreement."]


def test_a_draw_declined_or_lapsed_goes_on(client: TestClient) -> None:
    table = _create(client, "nile", CLOCK)
    assert _post(client, table, "offer", 0, kind="draw").status_code == 200
    assert _post(client, table, "answer", 1, accept=False).status_code == 200
    assert _view(client, table)["proposal"] is None and not _view(client, table)["finished"]
    assert _view(client, table)["log"][-1] == "Nut declines."
    assert _post(client, table, "answer", 1, accept=True).json()["error"] == "no_offer"
    assert _post(client, table, "offer", 1, kind="draw").status_code == 200
    _play_once(client, table)  # a move: the offer lapses
    assert _view(client, table)["proposal"] is None
    assert _post(client, table, "answer", 0, accept=True).json()["error"] == "no_offer"


def test_ankh_knows_no_draw_and_nor_does_aton_played_on(client: TestClient) -> None:
    """Ankh ends with a ranking (merged gods share a victory, rules/ankh.md §10.6): no draw to
    agree to; Aton only with ``equal_40_tie="draw"`` (its default); Dioses del Nilo always."""
    ankh = _create(client, "ankh", CLOCK)
    assert not _view(client, ankh)["draw_allowed"]
    r = _post(client, ankh, "offer", 0, kind="draw")
    assert r.status_code == 409 and r.json()["error"] == "no_draw"
    aton = _create(client, "aton", CLOCK, equal_40_tie="continue")
    assert _post(client, aton, "offer", 0, kind="draw").json()["error"] == "no_draw"
    assert _view(client, _create(client, "aton"))["draw_allowed"]


def test_no_draw_is_offered_to_a_computer_and_a_computer_seat_cannot_resign(client: TestClient) -> None:
    table = _create(client, "nile", seats=[{"type": "human", "name": "Seth"}, {"type": "agent", "agent": "random"}])
    assert _post(client, table, "offer", 0, kind="draw").json()["error"] == "no_draw"
    r = client.post(f"/api/tables/{table['id']}/resign", json={"seat": 1})
    assert r.status_code == 403  # no token: a computer's seat has none
    assert _post(client, table, "resign", 0).json()["ending"]["how"] == "resigned"


def test_bad_endings_requests_get_clear_errors(client: TestClient) -> None:
    table = _create(client, "nile", CLOCK)
    assert client.post(f"/api/tables/{table['id']}/resign", json={"seat": 0}).status_code == 403
    wrong = client.post(f"/api/tables/{table['id']}/resign", json={"seat": 0}, headers=_auth(table["tokens"]["1"]))
    assert wrong.status_code == 403 and wrong.json()["error"] == "bad_token"
    assert _post(client, table, "offer", 0, kind="tea").status_code == 422
    assert client.post("/api/tables/nothing/abort", json={"seat": 0}, headers=_auth("x")).status_code == 404
    untimed = _create(client, "nile")
    assert _post(client, untimed, "offer", 0, kind="adjourn").json()["error"] == "no_clock"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_adjournment_by_agreement_stops_the_clocks_until_everyone_is_back(
    client: TestClient, fake: FakeTime, game: str
) -> None:
    table = _create(client, game, CLOCK)
    _play_once(client, table)
    assert _post(client, table, "offer", 0, kind="adjourn").status_code == 200
    r = _post(client, table, "answer", 1, accept=True)
    assert r.status_code == 200, r.text
    view = r.json()
    assert view["adjourned"] == {"back": []} and not view["finished"] and view["result"] is None
    assert not any(s["running"] for s in view["clock"]["seats"])
    assert view["log"][-1] == "The game is adjourned: the clocks stop until everyone is back."
    left = [s["left"] for s in view["clock"]["seats"]]
    # Everyone leaves; a day later the clocks have not moved and no computer played.
    fake.t += 86_400
    manager: TableManager = client.app.state.manager  # type: ignore[attr-defined]
    client.portal.call(manager.clocks.check)  # type: ignore[union-attr]
    public = _view(client, table)
    assert public["adjourned"] and [s["left"] for s in public["clock"]["seats"]] == left
    assert all(s["standin"] is None for s in public["seats"])
    # One comes back: a move is refused while the other is not back; then both are, and it resumes.
    seat = public["choosing"][0]
    refused = client.post(
        f"/api/tables/{table['id']}/moves", json={"seat": seat, "version": public["version"], "index": 0},
        headers=_auth(table["tokens"][str(seat)]),
    )  # fmt: skip
    assert refused.status_code == 409 and refused.json()["error"] == "adjourned"
    assert _view(client, table, seat)["adjourned"] == {"back": [seat]}
    back = _view(client, table, 1 - seat)
    assert not back["adjourned"]
    assert back["log"][-1] == "Everyone is back: the game resumes."
    assert any(s["running"] for s in back["clock"]["seats"])


def test_a_game_nobody_is_at_when_its_clock_runs_out_is_adjourned_not_finished(
    client: TestClient, fake: FakeTime
) -> None:
    table = _create(client, "nile", CLOCK)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": table["tokens"]["0"]})
        receive_json(ws, "the first view")
    # Every player has gone (no connection, no request): the clock runs out.
    fake.t += 301 + PRESENCE_SECONDS
    manager: TableManager = client.app.state.manager  # type: ignore[attr-defined]
    assert client.portal.call(manager.clocks.check) == 0  # type: ignore[union-attr]
    view = _view(client, table)
    assert view["adjourned"] and not view["finished"] and view["result"] is None
    assert all(s["standin"] is None and not s["out"] for s in view["seats"])
    assert view["log"][-1].startswith("Nobody was at the table when ")
    assert table["id"] not in _finished_list(client)
    # Both come back: the game resumes, the seat whose bank ran empty holds a minute again.
    _view(client, table, 0)
    resumed = _view(client, table, 1)
    assert not resumed["adjourned"] and not resumed["finished"]
    running = [s for s in resumed["clock"]["seats"] if s["running"]]
    assert len(running) == 1 and running[0]["left"] == pytest.approx(60.0)


def test_the_computer_still_stands_in_for_a_player_who_left_while_the_other_plays(
    client: TestClient, fake: FakeTime
) -> None:
    table = _create(client, "nile", CLOCK)
    first = _view(client, table)["to_move"]
    fake.t += 299
    _view(client, table, 1 - first)  # the other player is here
    fake.t += 2
    manager: TableManager = client.app.state.manager  # type: ignore[attr-defined]
    client.portal.call(manager.clocks.check)  # type: ignore[union-attr]
    view = _view(client, table)
    assert view["seats"][first]["standin"] == "heuristic" and not view["adjourned"]


def test_a_timeout_loss_says_on_time_and_nobody_is_to_act(client: TestClient, fake: FakeTime) -> None:
    table = _create(client, "nile", {**CLOCK, "on_timeout": "out"})
    first = _view(client, table)["to_move"]
    fake.t += 299
    _view(client, table, 1 - first)
    fake.t += 2
    manager: TableManager = client.app.state.manager  # type: ignore[attr-defined]
    client.portal.call(manager.clocks.check)  # type: ignore[union-attr]
    view = _view(client, table, first)
    assert view["finished"] and view["ending"] == {"how": "time", "seats": [first]}
    assert view["to_move"] is None and view["choosing"] == []
    assert view["seats"][first]["out"] and view["clock"]["seats"][first]["left"] == 0


def test_endings_survive_a_restart(db: str, fake: FakeTime) -> None:
    with TestClient(create_app(db, ai_workers=0, clock=fake)) as client:
        resigned = _create(client, "nile", CLOCK)
        _post(client, resigned, "resign", 0)
        aborted = _create(client, "aton")
        _post(client, aborted, "abort", 1)
        offered = _create(client, "nile", CLOCK)
        _post(client, offered, "offer", 1, kind="draw")
        adjourned = _create(client, "aton", CLOCK)
        _post(client, adjourned, "offer", 0, kind="adjourn")
        _post(client, adjourned, "answer", 1, accept=True)
    with TestClient(create_app(db, ai_workers=0, clock=fake)) as client:
        assert _view(client, resigned)["ending"] == {"how": "resigned", "seats": [0]}
        assert _view(client, resigned)["result"] == [-1.0, 1.0]
        assert _view(client, aborted)["ending"]["how"] == "aborted" and _view(client, aborted)["result"] is None
        assert _view(client, offered)["proposal"] == {"kind": "draw", "by": 1, "agreed": [1]}
        assert _view(client, adjourned)["adjourned"]
        assert [t["id"] for t in client.get("/api/tables", params={"status": "finished"}).json()] == [resigned["id"]]
