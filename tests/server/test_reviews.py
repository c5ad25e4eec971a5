"""Reviews and hints at the web table (netjer.server.reviews): request, progress, storage, visibility, errors."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient
from sqlalchemy import inspect

import netjer.server as netjer_server
from netjer.agents.review import review_states
from netjer.core import Rng
from netjer.games.registry import make_game
from netjer.server.ai_service import FairSearchService
from netjer.server.app import create_app
from netjer.server.db import Store
from netjer.server.reviews import ReviewStore, _Running
from netjer.server.runtime import TableError
from tests.server.sockets import receive_json
from tests.server.test_fairness import FakeClock, HeldExecutor, _label, _settle

CAP = 500


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _app(tmp_path: Path, url: str | None = None) -> Any:
    return create_app(url or f"sqlite:///{tmp_path / 'n.db'}", ai_workers=0, max_ai_iterations=CAP)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(_app(tmp_path), raise_server_exceptions=False) as c:
        yield c


def _table(client: TestClient, game: str = "aton", seed: int = 3, **extra: Any) -> tuple[str, dict[str, str]]:
    body = {"game": game, "seed": seed, "seats": [{"type": "human"}, {"type": "human"}], **extra}
    made = client.post("/api/tables", json=body)
    assert made.status_code == 201, made.text
    return made.json()["id"], made.json()["tokens"]


def _play(
    client: TestClient, table: str, tokens: dict[str, str], game: str = "aton", seed: int = 3, moves: int | None = None
) -> list[str]:
    """Play random legal moves through the API (to the end, or ``moves`` of them) from the
    start of a table of ``game`` with ``seed``, or from where it stands; return the notation
    of every move played at the table."""
    state = make_game(game).new_initial_state(seed)
    played = list(_HISTORY.get(table, []))
    for text in played:
        state.apply_text(text)
    rng = Rng(seed * 7 + len(played))
    count = 0
    while not state.is_terminal and (moves is None or count < moves):
        seat = state.current_player
        legal = state.legal_actions()
        action = legal[rng.below(len(legal))]
        body = {"seat": seat, "version": len(state.history), "action": str(action)}
        r = client.post(f"/api/tables/{table}/moves", json=body, headers=_auth(tokens[str(seat)]))
        assert r.status_code == 200, r.text
        state.apply(action)
        played.append(str(action))
        count += 1
    _HISTORY[table] = played
    return played


#: The moves played at each table by _play (the tables' ids are random: no clash between tests).
_HISTORY: dict[str, list[str]] = {}


def _finished(client: TestClient, game: str = "aton", **extra: Any) -> tuple[str, dict[str, str], list[str]]:
    table, tokens = _table(client, game, **extra)
    return table, tokens, _play(client, table, tokens, game)


def _reviews(client: TestClient, table: str, seat: int | None, token: str | None = None) -> dict[str, Any]:
    params = {} if seat is None else {"seat": seat}
    r = client.get(f"/api/tables/{table}/reviews", params=params, headers=_auth(token) if token else {})
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def _wait_done(client: TestClient, table: str, seat: int, token: str) -> tuple[dict[str, Any], list[int]]:
    """Follow the review's progress on its WebSocket until it is done; return it and the
    progress counts seen."""
    seen: list[int] = []
    with client.websocket_connect(f"/ws/tables/{table}/reviews") as ws:
        ws.send_json({"type": "hello", "seat": seat, "token": token})
        while True:
            message = receive_json(ws, "the review's progress")
            assert message["type"] == "reviews"
            mine = [e for e in message["reviews"] if e["seat"] == seat]
            assert mine, message
            seen.append(mine[0]["done"])
            assert mine[0]["status"] != "failed", mine[0]["error"]
            if mine[0]["status"] == "done":
                return mine[0], seen


@pytest.mark.slow
def test_a_review_runs_with_progress_is_stored_and_equals_the_terminal_review(client: TestClient) -> None:
    table, tokens, played = _finished(client)
    r = client.post(f"/api/tables/{table}/reviews", json={"seat": 0, "iterations": 2}, headers=_auth(tokens["0"]))
    assert r.status_code == 202, r.text
    started = r.json()
    assert started["status"] == "running" and started["total"] > 10 and started["iterations"] == 2
    entry, seen = _wait_done(client, table, 0, tokens["0"])
    assert seen == sorted(seen) and seen[-1] == started["total"]
    game = make_game("aton")
    start = game.new_initial_state(3)
    expected = review_states(start, [game.parse_action(t) for t in played], seats=[0], iterations=2, seed=0)
    assert entry["review"] == expected.to_dict()
    assert all(0.0 <= d["before"] <= 1.0 and 0.0 <= d["after"] <= 1.0 for d in entry["review"]["decisions"])
    # served again, not recomputed: 200 with the same review, whatever the budget asked
    again = client.post(f"/api/tables/{table}/reviews", json={"seat": 0, "iterations": 7}, headers=_auth(tokens["0"]))
    assert again.status_code == 200 and again.json()["review"] == entry["review"]


def test_a_review_is_the_seats_own_until_it_publishes_it(client: TestClient) -> None:
    table, tokens, _ = _finished(client)
    client.post(f"/api/tables/{table}/reviews", json={"seat": 0, "iterations": 2}, headers=_auth(tokens["0"]))
    own, _ = _wait_done(client, table, 0, tokens["0"])
    assert _reviews(client, table, 1, tokens["1"])["reviews"] == []
    assert _reviews(client, table, None)["reviews"] == []
    early = client.post(f"/api/tables/{table}/reviews/publish", json={"seat": 1}, headers=_auth(tokens["1"]))
    assert early.status_code == 409 and early.json()["error"] == "no_review"
    wrong = client.post(f"/api/tables/{table}/reviews/publish", json={"seat": 0}, headers=_auth(tokens["1"]))
    assert wrong.status_code == 403
    r = client.post(f"/api/tables/{table}/reviews/publish", json={"seat": 0}, headers=_auth(tokens["0"]))
    assert r.status_code == 200 and r.json()["reviews"][0]["published"] is True
    for viewer, token in ((1, tokens["1"]), (None, None)):
        shown = _reviews(client, table, viewer, token)["reviews"]
        assert [e["seat"] for e in shown] == [0] and shown[0]["published"]
        theirs = shown[0]["review"]["decisions"]
        assert [d["before"] for d in theirs] == [d["before"] for d in own["review"]["decisions"]]
        # the card values of seat 0's assignments are not in another viewer's words or notation
        for mine, other in zip(own["review"]["decisions"], theirs, strict=True):
            if mine["action"].startswith("assign"):
                assert other["action"] is None and "face down" in other["description"]
    assert _reviews(client, table, 0, tokens["0"])["reviews"][0]["review"] == own["review"]
    # nobody follows the table's reviews and none runs: nothing of it stays cached in memory
    assert table not in client.app.state.reviews._tables  # type: ignore[attr-defined]


def test_bad_review_requests_are_refused_with_the_reason(client: TestClient) -> None:
    table, tokens = _table(client)
    _play(client, table, tokens, moves=3)
    post = lambda t, body, token: client.post(f"/api/tables/{t}/reviews", json=body, headers=_auth(token))  # noqa: E731
    r = post(table, {"seat": 0}, tokens["0"])
    assert (r.status_code, r.json()["error"]) == (409, "not_over")
    r = post(table, {"seat": 0, "depth": 5}, tokens["0"])  # the request's own fault first
    assert (r.status_code, r.json()["error"]) == (422, "bad_review")
    assert post("nope", {"seat": 0}, tokens["0"]).status_code == 404
    _play(client, table, tokens)
    assert post(table, {"seat": 0}, tokens["1"]).json()["error"] == "bad_token"
    assert post(table, {"seat": 5}, tokens["0"]).status_code == 404
    over = post(table, {"seat": 0, "iterations": CAP // 3 + 1}, tokens["0"])  # a third of the cap per move
    assert over.status_code == 422 and over.json()["error"] == "over_cap" and str(CAP // 3) in over.json()["message"]
    depth = post(table, {"seat": 0, "depth": 5}, tokens["0"])  # Aton has no heuristic evaluation
    assert depth.status_code == 422 and depth.json()["error"] == "bad_review"
    assert post(table, {"seat": 0, "iterations": 0}, tokens["0"]).status_code == 422
    assert post(table, {"iterations": 5}, tokens["0"]).status_code == 422
    assert post(table, {"seat": 0, "colour": 1}, tokens["0"]).status_code == 422
    first = post(table, {"seat": 0, "iterations": CAP // 3}, tokens["0"])  # at the cap: accepted
    assert first.status_code == 202
    second = post(table, {"seat": 0, "iterations": 40}, tokens["0"])
    assert (second.status_code, second.json()["error"]) == (409, "review_running")
    assert "decisions" in second.json()["message"]
    # a request that could never be served is told why, not that a review runs
    over = post(table, {"seat": 0, "iterations": CAP // 3 + 1}, tokens["0"])
    assert (over.status_code, over.json()["error"]) == (422, "over_cap")
    depth = post(table, {"seat": 0, "depth": 5}, tokens["0"])
    assert (depth.status_code, depth.json()["error"]) == (422, "bad_review")
    with client.websocket_connect(f"/ws/tables/{table}/reviews") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": "wrong"})
        assert receive_json(ws, "the refusal of the wrong token")["error"] == "bad_token"


@pytest.mark.slow
def test_a_stored_review_survives_a_restart_and_a_running_one_is_resumed(tmp_path: Path) -> None:
    with TestClient(_app(tmp_path), raise_server_exceptions=False) as client:
        table, tokens, played = _finished(client)
        client.post(f"/api/tables/{table}/reviews", json={"seat": 1, "iterations": 2}, headers=_auth(tokens["1"]))
        done, _ = _wait_done(client, table, 1, tokens["1"])
        client.post(f"/api/tables/{table}/reviews/publish", json={"seat": 1}, headers=_auth(tokens["1"]))
        # stopped at once: still running (it is then resumed) or, on a fast machine, done
        r = client.post(f"/api/tables/{table}/reviews", json={"seat": 0, "iterations": 3}, headers=_auth(tokens["0"]))
        assert r.status_code == 202
    with TestClient(_app(tmp_path), raise_server_exceptions=False) as client:
        public = _reviews(client, table, None)["reviews"]
        assert [(e["seat"], e["published"]) for e in public] == [(1, True)]
        own = _reviews(client, table, 1, tokens["1"])["reviews"]
        assert own[0]["review"] == done["review"]
        again = client.post(f"/api/tables/{table}/reviews", json={"seat": 1}, headers=_auth(tokens["1"]))
        assert again.status_code == 200 and again.json()["review"] == done["review"]
        resumed, _ = _wait_done(client, table, 0, tokens["0"])
    game = make_game("aton")
    actions = [game.parse_action(t) for t in played]
    expected = review_states(game.new_initial_state(3), actions, seats=[0], iterations=3, seed=0)
    assert resumed["review"] == expected.to_dict()  # seeded: the resumed review is the one asked for


@pytest.mark.slow
def test_a_review_stopped_midway_goes_on_after_the_decisions_it_had_reviewed(tmp_path: Path) -> None:
    with TestClient(_app(tmp_path), raise_server_exceptions=False) as client:
        table, tokens, played = _finished(client)
    game = make_game("aton")
    actions = [game.parse_action(t) for t in played]
    expected = review_states(game.new_initial_state(3), actions, seats=[0], iterations=2, seed=0).to_dict()
    # As a server stopped after five decisions leaves it (the first one marked, to tell a kept
    # decision from one computed again).
    earlier = [dict(d) for d in expected["decisions"][:5]]
    earlier[0]["description"] = "kept from before the restart"
    reviews = ReviewStore(Store(f"sqlite:///{tmp_path / 'n.db'}"))
    assert reviews.start(table, 0, 2, None)
    reviews.progress(table, 0, earlier)
    assert [row[4] for row in reviews.unfinished()] == [earlier]
    with TestClient(_app(tmp_path), raise_server_exceptions=False) as client:
        resumed, seen = _wait_done(client, table, 0, tokens["0"])
    assert seen[0] >= 5  # the progress starts where it stopped
    decisions = resumed["review"]["decisions"]
    assert decisions[0]["description"] == "kept from before the restart"
    assert decisions[1:] == expected["decisions"][1:]


@pytest.mark.slow
def test_a_running_review_with_unreadable_progress_starts_again(tmp_path: Path) -> None:
    with TestClient(_app(tmp_path), raise_server_exceptions=False) as client:
        table, tokens, played = _finished(client)
    reviews = ReviewStore(Store(f"sqlite:///{tmp_path / 'n.db'}"))
    assert reviews.start(table, 0, 2, None)
    reviews.progress(table, 0, [{"ply": "not a decision"}])
    with TestClient(_app(tmp_path), raise_server_exceptions=False) as client:
        resumed, _ = _wait_done(client, table, 0, tokens["0"])
    game = make_game("aton")
    actions = [game.parse_action(t) for t in played]
    expected = review_states(game.new_initial_state(3), actions, seats=[0], iterations=2, seed=0)
    assert resumed["review"] == expected.to_dict()


def test_hints_are_a_table_setting_shown_to_all_and_answer_the_seat_to_act(client: TestClient) -> None:
    table, tokens = _table(client, hints=True)
    plain, plain_tokens = _table(client)
    listed = {t["id"]: t["hints"] for t in client.get("/api/tables").json()}
    assert listed[table] is True and listed[plain] is False
    assert client.get(f"/api/tables/{table}/view").json()["hints"] is True
    view = client.get(f"/api/tables/{table}/view", params={"seat": 0}, headers=_auth(tokens["0"])).json()
    r = client.post(f"/api/tables/{table}/hint", json={"seat": 0, "iterations": 20}, headers=_auth(tokens["0"]))
    assert r.status_code == 200, r.text
    hint = r.json()
    assert hint["action"] in [a["text"] for a in view["legal"]] and 0.0 <= hint["estimate"] <= 1.0
    assert hint["version"] == view["version"] and hint["description"]
    again = client.post(f"/api/tables/{table}/hint", json={"seat": 0, "iterations": 20}, headers=_auth(tokens["0"]))
    assert again.json() == hint  # seeded: the same hint in the same position
    other = client.post(f"/api/tables/{table}/hint", json={"seat": 1}, headers=_auth(tokens["1"]))
    assert (other.status_code, other.json()["error"]) == (409, "not_your_turn")
    off = client.post(f"/api/tables/{plain}/hint", json={"seat": 0}, headers=_auth(plain_tokens["0"]))
    assert (off.status_code, off.json()["error"]) == (403, "no_hints") and "hints" in off.json()["message"]
    cap = client.post(f"/api/tables/{table}/hint", json={"seat": 0, "iterations": CAP + 1}, headers=_auth(tokens["0"]))
    assert cap.json()["error"] == "over_cap"
    assert client.post(f"/api/tables/{table}/hint", json={"seat": 0}, headers=_auth(tokens["1"])).status_code == 403
    _play(client, table, tokens)
    over = client.post(f"/api/tables/{table}/hint", json={"seat": 0}, headers=_auth(tokens["0"]))
    assert (over.status_code, over.json()["error"]) == (409, "over")
    rematch = client.post(f"/api/tables/{table}/rematch", json={"seat": 0}, headers=_auth(tokens["0"])).json()
    assert rematch["table"]["hints"] is True


def test_a_review_step_waits_while_a_computer_player_waits() -> None:
    async def scenario() -> list[str]:
        clock, pool = FakeClock(), HeldExecutor()
        service = FairSearchService(pool, workers=1, clock=clock)
        first = asyncio.create_task(service.run("A", 1.0, _label, "A"))
        await _settle()
        review = asyncio.create_task(service.run("review", 0.01, _label, "R", background=True))
        await _settle()
        move = asyncio.create_task(service.run("B", 5.0, _label, "B"))
        await _settle()
        for _ in range(3):
            name, future = pool.started[-1]
            future.set_result(name)
            await _settle()
        await asyncio.gather(first, review, move)
        return [name for name, _ in pool.started]

    # By fair share alone the review (0.01 s expected) would go before B (5 s).
    assert asyncio.run(scenario()) == ["A", "B", "R"]


def test_migration_0006_goes_down_and_up_again(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'm.db'}")
    config = Config()
    config.set_main_option("script_location", str(Path(netjer_server.__file__).parent / "migrations"))
    assert "reviews" in inspect(store.engine).get_table_names()
    with store.engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "0004")
    assert "reviews" not in inspect(store.engine).get_table_names()
    assert "hints" not in {c["name"] for c in inspect(store.engine).get_columns("tables")}
    with store.engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
    assert "hints" in {c["name"] for c in inspect(store.engine).get_columns("tables")}
    assert {"holder", "expires_at"} <= {c["name"] for c in inspect(store.engine).get_columns("reviews")}  # 0008
    assert "hint_limit" in {c["name"] for c in inspect(store.engine).get_columns("tables")}  # 0009
    assert "hints_given" in inspect(store.engine).get_table_names()


def test_the_store_records_a_request_once_and_publishes_only_a_finished_review(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 's.db'}")
    store.create_table("t1", "aton", "1", {}, 1, [("human", None, None), ("human", None, None)])
    reviews = ReviewStore(store)
    assert reviews.start("t1", 0, 50, None)
    assert not reviews.start("t1", 0, 60, None)  # a second request (another process's) is refused
    assert reviews.unfinished() == [("t1", 0, 50, None, [])] and reviews.load("t1") == {}
    reviews.progress("t1", 0, [{"ply": 2}, {"ply": 5}])  # the decisions reviewed so far, kept
    assert reviews.unfinished() == [("t1", 0, 50, None, [{"ply": 2}, {"ply": 5}])] and reviews.load("t1") == {}
    assert not reviews.publish("t1", 0)  # not finished yet
    reviews.finish("t1", 0, {"decisions": []})
    assert reviews.unfinished() == [] and reviews.load("t1") == {0: ({"decisions": []}, False)}
    assert reviews.publish("t1", 0) and reviews.load("t1")[0][1] is True
    reviews.drop("t1", 0)
    assert reviews.load("t1") == {} and reviews.start("t1", 0, 50, 4)


def test_hints_asked_again_while_one_is_computed_share_it_and_queue_no_search(client: TestClient) -> None:
    """A seat that sends the same hint request many times at once (or gives up on it and asks
    again) gets one search, not one per request; another budget meanwhile is refused."""
    table, tokens = _table(client, hints=True)
    app: Any = client.app
    manager, service = app.state.manager, app.state.reviews
    started: list[tuple[Any, ...]] = []

    async def scenario() -> list[Any]:
        release = asyncio.Event()

        async def held_run(name: str, expected: float | None, function: Any, *args: Any, **kw: Any) -> Any:
            started.append(args)
            await release.wait()
            return function(*args)

        manager.computers.ai.run = held_run
        rt = await manager.get(table)
        same = [asyncio.create_task(service.hint(rt, 0, 20)) for _ in range(5)]
        await _settle()
        other = asyncio.create_task(service.hint(rt, 0, 30))
        await _settle()
        release.set()
        results = await asyncio.gather(*same, other, return_exceptions=True)
        return list(results)

    results = client.portal.call(scenario)  # type: ignore[union-attr]
    assert len(started) == 1  # one search for the five requests
    assert all(r == results[0] for r in results[:5]) and isinstance(results[0], dict)
    refused = results[5]
    assert getattr(refused, "status", None) == 409 and getattr(refused, "code", None) == "hint_running"
    assert "20" in refused.message  # says which hint runs
    # once it is done, a hint with another budget is computed
    r = client.post(f"/api/tables/{table}/hint", json={"seat": 0, "iterations": 30}, headers=_auth(tokens["0"]))
    assert r.status_code == 200 and r.json()["iterations"] == 30 and len(started) == 2


def test_a_second_request_while_the_decisions_are_being_counted_says_so(client: TestClient) -> None:
    """Before its decisions are counted, a running review is not said to be "0 of 0" done."""
    table, _tokens, _ = _finished(client)
    app: Any = client.app
    manager, service = app.state.manager, app.state.reviews

    async def scenario() -> TableError:
        rt = await manager.get(table)
        known = await service._of(table)
        known.running[0] = _Running(0, 0, 5, None)  # as between the request and its count
        try:
            await service.request(rt, 0, None, None)
        except TableError as err:
            return err
        finally:
            known.running.pop(0, None)
        raise AssertionError("not refused")

    err = client.portal.call(scenario)  # type: ignore[union-attr]
    assert (err.status, err.code) == (409, "review_running")
    assert "0 of 0" not in err.message and "counting" in err.message


def test_the_computers_decisions_for_a_seat_whose_time_ran_out_are_flagged_and_not_counted(tmp_path: Path) -> None:
    """Dioses del Nilo with a real-time clock: seat ``first``'s time runs out, the computer
    plays its turn, the person takes the seat back, the game is played to its end; the seat's
    review flags exactly the computer's decisions (as ``review_states`` with those plies) and a
    review stored before stand-ins were told apart is flagged when served."""
    from tests.server.fake_time import FakeTime  # noqa: PLC0415

    fake = FakeTime()
    app = create_app(f"sqlite:///{tmp_path / 'n.db'}", ai_workers=0, max_ai_iterations=CAP, clock=fake)
    with TestClient(app, raise_server_exceptions=False) as client:
        seats = [{"type": "human"}, {"type": "human"}]
        body = {"game": "nile", "seed": 3, "seats": seats, "clock": {"mode": "realtime", "bank": 60, "increment": 0}}
        made = client.post("/api/tables", json=body).json()
        table, tokens = made["id"], made["tokens"]
        view = lambda: client.get(f"/api/tables/{table}/view").json()  # noqa: E731
        first = view()["to_move"]
        # Read before the timeout: the computer may move before the next request is served.
        began = view()["version"]
        # The other seat's last connection half-way through: when its turn comes after the
        # computer's move (the fake clock at +61 s from then on), it has been away 31 s of the
        # 60 s it may be (its bank), so the server's ticker, whenever it acts before the
        # take-back, cannot count it gone and have the computer play on for it too.
        fake.t += 30
        client.get(f"/api/tables/{table}/view", params={"seat": 1 - first}, headers=_auth(tokens[str(1 - first)]))
        fake.t += 31
        client.portal.call(client.app.state.manager.clocks.check)  # type: ignore[attr-defined,union-attr]
        for _ in range(4000):  # the computer plays the seat's turn (in a thread)
            if view()["to_move"] != first:
                break
            time.sleep(0.005)
        r = client.post(f"/api/tables/{table}/takeback", json={"seat": first}, headers=_auth(tokens[str(first)]))
        assert r.status_code == 200, r.text
        ended = r.json()["version"]
        assert ended > began
        game = make_game("nile")
        state = game.new_initial_state(3)
        rt = client.app.state.manager.tables[table]  # type: ignore[attr-defined]
        _HISTORY[table] = [str(action) for action in rt.state.history]  # the computer's moves too
        assert len(_HISTORY[table]) == ended
        played = _play(client, table, tokens, "nile")
        for text in played:
            state.apply_text(text)
        assert state.is_terminal
        r = client.post(f"/api/tables/{table}/reviews", json={"seat": first, "iterations": 2},
                        headers=_auth(tokens[str(first)]))  # fmt: skip
        assert r.status_code == 202, r.text
        entry, _ = _wait_done(client, table, first, tokens[str(first)])
        decisions = entry["review"]["decisions"]
        stood = [d["ply"] for d in decisions if d["standin"]]
        assert stood == [d["ply"] for d in decisions if began <= d["ply"] < ended] and stood
        start = game.new_initial_state(3)
        actions = [game.parse_action(t) for t in played]
        expected = review_states(start, actions, seats=[first], iterations=2, seed=0, standin=stood)
        assert entry["review"] == expected.to_dict()
        # the other seat sees the flags once published (the log told everyone of the timeout)
        client.post(f"/api/tables/{table}/reviews/publish", json={"seat": first}, headers=_auth(tokens[str(first)]))
        public = _reviews(client, table, None)["reviews"][0]["review"]["decisions"]
        assert [d["ply"] for d in public if d["standin"]] == stood
    # A review stored before stand-ins were told apart (no "standin" in its decisions).
    store = Store(f"sqlite:///{tmp_path / 'n.db'}")
    old = expected.to_dict()
    for d in old["decisions"]:
        del d["standin"]
    ReviewStore(store).finish(table, first, old)
    with TestClient(_app(tmp_path), raise_server_exceptions=False) as client:
        again = _reviews(client, table, first, tokens[str(first)])["reviews"][0]["review"]["decisions"]
        assert [d["ply"] for d in again if d["standin"]] == stood


def test_a_tables_hint_limit_counts_positions_survives_a_restart_and_is_refused_once_used(tmp_path: Path) -> None:
    with TestClient(_app(tmp_path), raise_server_exceptions=False) as client:
        refused = client.post("/api/tables", json={"game": "aton", "seats": [{"type": "human"}] * 2, "hint_limit": 3})
        assert refused.status_code == 422 and "hints" in refused.json()["message"]  # a limit needs hints
        for bad in (0, 1001, "two"):
            body = {"game": "aton", "seats": [{"type": "human"}] * 2, "hints": True, "hint_limit": bad}
            assert client.post("/api/tables", json=body).status_code == 422
        table, tokens = _table(client, hints=True, hint_limit=2)
        plain, plain_tokens = _table(client, hints=True)
        listed = {t["id"]: t["hint_limit"] for t in client.get("/api/tables").json()}
        assert listed[table] == 2 and listed[plain] is None
        assert client.get(f"/api/tables/{table}/view").json()["hint_limit"] == 2

        def hint() -> Any:
            return client.post(
                f"/api/tables/{table}/hint", json={"seat": 0, "iterations": 4}, headers=_auth(tokens["0"])
            )

        first = hint()
        assert first.status_code == 200 and first.json()["left"] == 1
        assert hint().json() == first.json()  # the same position again: the same hint, not counted again
        unlimited = client.post(
            f"/api/tables/{plain}/hint", json={"seat": 0, "iterations": 4}, headers=_auth(plain_tokens["0"])
        )
        assert unlimited.status_code == 200 and unlimited.json()["left"] is None

        def to_seat_0() -> None:  # play on until seat 0 acts again, in a new position
            version = client.get(f"/api/tables/{table}/view").json()["version"]
            _play(client, table, tokens, moves=1)
            while client.get(f"/api/tables/{table}/view").json()["to_move"] != 0:
                _play(client, table, tokens, moves=1)
            assert client.get(f"/api/tables/{table}/view").json()["version"] > version

        to_seat_0()
        second = hint()
        assert second.status_code == 200 and second.json()["left"] == 0
        to_seat_0()
        third = hint()
        assert (third.status_code, third.json()["error"]) == (409, "no_hints_left") and "2 hints" in third.json()[
            "message"
        ]
    with TestClient(_app(tmp_path), raise_server_exceptions=False) as client:  # counted in the database
        again = client.post(f"/api/tables/{table}/hint", json={"seat": 0, "iterations": 4}, headers=_auth(tokens["0"]))
        assert (again.status_code, again.json()["error"]) == (409, "no_hints_left")
        _play(client, table, tokens)
        rematch = client.post(f"/api/tables/{table}/rematch", json={"seat": 0}, headers=_auth(tokens["0"])).json()
        assert rematch["table"]["hint_limit"] == 2


def test_a_table_with_a_hint_given_before_its_first_action_can_be_deleted(client: TestClient) -> None:
    made = client.post("/api/tables", json={"game": "aton", "seed": 3, "seats": [{"type": "human"}] * 2,
                                            "hints": True, "hint_limit": 1}).json()  # fmt: skip
    to_move = client.get(f"/api/tables/{made['id']}/view").json()["to_move"]
    body = {"seat": to_move, "iterations": 4}
    r = client.post(f"/api/tables/{made['id']}/hint", json=body, headers=_auth(made["tokens"][str(to_move)]))
    assert r.status_code == 200 and r.json()["left"] == 0
    assert client.delete(f"/api/tables/{made['id']}", headers=_auth(made["creator_key"])).status_code in (200, 204)
    assert client.get(f"/api/tables/{made['id']}/view").status_code == 404


def test_a_seat_choosing_ahead_in_a_window_is_told_when_its_hint_comes(client: TestClient) -> None:
    """In Aton's first window both seats may choose; a hint is searched from the seat's turn in
    the rules' order, so Blue's is refused until Red has chosen, with a message saying so (it
    said "it is Red's turn" while the page offered Blue its choice and the hint button)."""
    table, tokens = _table(client, hints=True)
    view = client.get(f"/api/tables/{table}/view", params={"seat": 1}, headers=_auth(tokens["1"])).json()
    assert view["choosing"] == [0, 1] and view["to_move"] == 0 and view["legal"]
    early = client.post(f"/api/tables/{table}/hint", json={"seat": 1, "iterations": 10}, headers=_auth(tokens["1"]))
    assert (early.status_code, early.json()["error"]) == (409, "not_your_turn")
    assert "you may choose now" in early.json()["message"] and "after Red's choice" in early.json()["message"]
    _play(client, table, tokens, moves=1)  # Red chooses
    hint = client.post(f"/api/tables/{table}/hint", json={"seat": 1, "iterations": 10}, headers=_auth(tokens["1"]))
    assert hint.status_code == 200, hint.text
    red = client.post(f"/api/tables/{table}/hint", json={"seat": 0, "iterations": 10}, headers=_auth(tokens["0"]))
    assert (red.status_code, red.json()["message"]) == (409, "it is Blue's turn")  # not in the window any more


@pytest.mark.parametrize(
    ("field", "value"),
    [("hint_limit", True), ("hint_limit", "2"), ("hint_limit", 2.0), ("hints", "yes"), ("hints", 1), ("hints", "true")],
)
def test_a_hint_setting_of_the_wrong_json_type_is_refused(client: TestClient, field: str, value: Any) -> None:
    """They were coerced: "hint_limit": true made a limit of 1, "hints": "yes" a table with hints."""
    body = {"game": "aton", "seats": [{"type": "human"}] * 2, "hints": True, field: value}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 422 and r.json()["message"].startswith(f"{field}: "), r.text
    assert client.get("/api/tables").json() == []  # no table made


def _seat_view(client: TestClient, table: str, seat: int, token: str) -> dict[str, Any]:
    r = client.get(f"/api/tables/{table}/view", params={"seat": seat}, headers=_auth(token))
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def test_a_counted_hint_asked_again_with_other_iterations_gets_its_stored_answer(tmp_path: Path) -> None:
    """The loophole of issue 16: a counted position asked again with other iterations was
    searched anew and not counted (a seat with its hints used could ask at 1, 2, ... iterations).
    On PostgreSQL: tests/server/test_multiprocess.py."""
    counted_hint_asked_again(tmp_path, None)


def counted_hint_asked_again(tmp_path: Path, url: str | None) -> None:
    """A counted position asked again gets the answer it was given (with the iterations it was
    searched with), after a restart too; the seat's view says how many hints are left and
    whether this position's was given (on ``url``, else SQLite in ``tmp_path``)."""
    with TestClient(_app(tmp_path, url), raise_server_exceptions=False) as client:
        table, tokens = _table(client, hints=True, hint_limit=2)
        plain, plain_tokens = _table(client, hints=True)
        fresh = _seat_view(client, table, 0, tokens["0"])
        assert (fresh["hints_left"], fresh["hint_given"]) == (2, False)
        assert _seat_view(client, plain, 0, plain_tokens["0"])["hints_left"] is None  # no limit
        assert client.get(f"/api/tables/{table}/view").json()["hints_left"] is None  # a spectator

        def hint(iterations: int) -> Any:
            body = {"seat": 0, "iterations": iterations}
            return client.post(f"/api/tables/{table}/hint", json=body, headers=_auth(tokens["0"]))

        first = hint(4)
        assert first.status_code == 200 and first.json()["iterations"] == 4 and first.json()["left"] == 1
        for iterations in (1, 2, 3, 60):
            assert hint(iterations).json() == first.json()  # not searched anew, not counted again
        view = _seat_view(client, table, 0, tokens["0"])
        assert (view["hints_left"], view["hint_given"]) == (1, True)
        assert _seat_view(client, table, 1, tokens["1"])["hints_left"] == 2  # the other seat's own count
    with TestClient(_app(tmp_path, url), raise_server_exceptions=False) as client:  # stored in the database
        assert hint(7).json() == first.json()
        view = _seat_view(client, table, 0, tokens["0"])
        assert (view["hints_left"], view["hint_given"]) == (1, True)
        _play(client, table, tokens, moves=1)
        while _seat_view(client, table, 0, tokens["0"])["to_move"] != 0:
            _play(client, table, tokens, moves=1)
        assert _seat_view(client, table, 0, tokens["0"])["hint_given"] is False  # a new position
        second = hint(5)
        assert second.status_code == 200 and (second.json()["iterations"], second.json()["left"]) == (5, 0)
        view = _seat_view(client, table, 0, tokens["0"])
        assert (view["hints_left"], view["hint_given"]) == (0, True)  # used up, but this one may be asked again
        assert hint(9).json() == second.json()


def test_migration_0010_goes_down_and_up_and_a_hint_counted_before_it_keeps_its_first_answer(tmp_path: Path) -> None:
    """0010 adds what a hint answered to ``hints_given``; a hint counted before it (no answer)
    still counts, and the first answer given at its position afterwards is the one kept."""
    with TestClient(_app(tmp_path), raise_server_exceptions=False) as client:
        table, tokens = _table(client, hints=True, hint_limit=3)
        body = {"seat": 0, "iterations": 4}
        assert client.post(f"/api/tables/{table}/hint", json=body, headers=_auth(tokens["0"])).status_code == 200
    store = Store(f"sqlite:///{tmp_path / 'n.db'}")
    config = Config()
    config.set_main_option("script_location", str(Path(netjer_server.__file__).parent / "migrations"))
    with store.engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "0009")
    assert "answer" not in {c["name"] for c in inspect(store.engine).get_columns("hints_given")}
    with store.engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
    assert store.hints_given(table, 0) == {0: None}  # counted, its answer lost with the columns
    store.engine.dispose()
    with TestClient(_app(tmp_path), raise_server_exceptions=False) as client:
        assert _seat_view(client, table, 0, tokens["0"])["hints_left"] == 2
        body = {"seat": 0, "iterations": 6}
        refilled = client.post(f"/api/tables/{table}/hint", json=body, headers=_auth(tokens["0"])).json()
        assert (refilled["iterations"], refilled["left"]) == (6, 2)
        body = {"seat": 0, "iterations": 8}
        assert client.post(f"/api/tables/{table}/hint", json=body, headers=_auth(tokens["0"])).json() == refilled


@pytest.mark.parametrize("value", [True, "3", 3.0])
def test_a_seed_of_the_wrong_json_type_is_refused(client: TestClient, value: Any) -> None:
    """Lax mode read "seed": true as seed 1 (and "3" or 3.0 as 3)."""
    r = client.post("/api/tables", json={"game": "aton", "seats": [{"type": "human"}] * 2, "seed": value})
    assert r.status_code == 422 and r.json()["message"].startswith("seed: "), r.text
    assert client.get("/api/tables").json() == []  # no table made


@pytest.mark.parametrize("value", [True, "0", 0.0])
@pytest.mark.parametrize("route", ["hint", "reviews", "reviews/publish"])
def test_a_seat_of_the_wrong_json_type_is_refused_by_hints_and_reviews(
    client: TestClient, route: str, value: Any
) -> None:
    """Lax mode read "seat": true as seat 1 and "0" or 0.0 as seat 0 (with seat 0's token, a
    hint or a review was given); 422 saying which field, before anything else is checked."""
    table, tokens = _table(client, hints=True)
    r = client.post(f"/api/tables/{table}/{route}", json={"seat": value}, headers=_auth(tokens["0"]))
    assert r.status_code == 422 and r.json()["message"].startswith("seat: "), r.text


def test_the_tables_other_requests_take_fields_of_their_own_json_type_only(client: TestClient) -> None:
    """Every request model is strict: a hint's iterations true, a review's depth "5", a move's
    version "0", a join's seat true, an undo's seat "0", an open seat "yes", a clock's bank "60"
    are refused with 422 and the field."""
    table, tokens = _table(client, hints=True)
    bad = [
        (f"/api/tables/{table}/hint", {"seat": 0, "iterations": True}, "iterations: "),
        (f"/api/tables/{table}/reviews", {"seat": 0, "depth": "5"}, "depth: "),
        (f"/api/tables/{table}/moves", {"seat": 0, "version": "0", "index": 0}, "version: "),
        (f"/api/tables/{table}/moves", {"seat": "0", "version": 0, "index": 0}, "seat: "),
        (f"/api/tables/{table}/undo", {"seat": "0", "version": 0}, "seat: "),
        (f"/api/tables/{table}/join", {"seat": True}, "seat: "),
        ("/api/tables", {"game": "aton", "seats": [{"type": "human", "open": "yes"}] * 2}, "seats."),
        ("/api/tables", {"game": "aton", "seats": [{"type": "human"}] * 2, "clock": {"mode": "realtime",
                                                                                  "bank": "60"}}, "clock."),
    ]  # fmt: skip
    for path, body, field in bad:
        r = client.post(path, json=body, headers=_auth(tokens["0"]))
        assert r.status_code == 422 and r.json()["message"].startswith(field), (path, body, r.text)
    assert client.get(f"/api/tables/{table}/view").json()["version"] == 0  # nothing played
