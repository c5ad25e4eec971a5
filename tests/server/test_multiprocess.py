"""Several server processes on one PostgreSQL (news, leases, one append per version, no leaks); SQLite: one process."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from dataclasses import asdict
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from netjer.agents.review import review_states
from netjer.core import Rng
from netjer.games.registry import make_game
from netjer.server.app import create_app
from netjer.server.clocks import ClockSettings, ClockState
from netjer.server.db import AlreadyServed, ClockChanged, Store, migrate, single_process_lock
from netjer.server.leases import Leases
from netjer.server.process import free_port, kill_server, start_server, stop_server
from netjer.server.reviews import ReviewStore
from netjer.server.runtime import legal_entries
from netjer.server.windows import window_plan
from tests.server.sockets import receive_json
from tests.server.test_api import _auth, _create
from tests.server.test_leaks import SEAT_KEYS, VIEW_KEYS, _secret_words
from tests.server.test_postgres import postgres_url  # noqa: F401 - the fixture
from tests.server.test_reviews import _finished, _seat_view, _table, counted_hint_asked_again
from tests.server.views import shown

HUMANS = [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bob"}]


def _view(client: Any, table: str, seat: int, token: str, base: str = "") -> dict[str, Any]:
    """Seat ``seat``'s view through ``client`` (a TestClient, or httpx with ``base``)."""
    r = client.get(f"{base}/api/tables/{table}/view", params={"seat": seat}, headers=_auth(token))
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def _stored_actions(url: str, table: str) -> int:
    store = Store(url)
    try:
        with store.engine.connect() as c:
            return int(c.execute(text("SELECT count(*) FROM actions WHERE table_id = :t"), {"t": table}).scalar_one())
    finally:
        store.engine.dispose()


# --- in one process: two applications on one PostgreSQL (fast) ------------------------------


@pytest.fixture
def two_apps(postgres_url: str) -> Iterator[tuple[TestClient, TestClient]]:  # noqa: F811
    with (
        TestClient(create_app(postgres_url, ai_workers=0)) as a,
        TestClient(create_app(postgres_url, ai_workers=0)) as b,
    ):
        yield a, b


def _receive_version(ws: Any, version: int) -> dict[str, Any]:
    """Views from ``ws`` until one has ``version`` (an error, or no message in time, fails the test)."""
    for _ in range(50):
        message: dict[str, Any] = receive_json(ws, f"the view of version {version}")
        assert message["type"] == "view", message
        if message["version"] >= version:
            return message
    raise AssertionError(f"no view of version {version}")


def test_a_move_through_one_app_reaches_the_websocket_of_the_other(two_apps: tuple[TestClient, TestClient]) -> None:
    a, b = two_apps
    data = _create(a, seats=HUMANS)
    table, token0, token1 = data["id"], data["tokens"]["0"], data["tokens"]["1"]
    with a.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "hello", "seat": 1, "token": token1})
        assert receive_json(ws, "the first view")["version"] == 0
        r = b.post(f"/api/tables/{table}/moves", json={"seat": 0, "version": 0, "index": 0}, headers=_auth(token0))
        assert r.status_code == 200, r.text
        seen = _receive_version(ws, 1)
        assert seen["log"] and seen["observation"] == _view(b, table, 1, token1)["observation"]
        # and the other way round, and a chat message (an event: the table is reloaded in place)
        b.post(f"/api/tables/{table}/chat", json={"seat": 0, "text": "hello from B"}, headers=_auth(token0))
        for _ in range(50):
            message = receive_json(ws, "B's chat message")
            if any(c["text"] == "hello from B" for c in message["chat"]):
                break
        else:
            raise AssertionError("the chat message did not arrive")


def test_a_review_run_by_one_app_is_followed_and_published_through_the_other(
    two_apps: tuple[TestClient, TestClient],
) -> None:
    a, b = two_apps
    table, tokens, played = _finished(a)
    url, auth = f"/api/tables/{table}/reviews", _auth(tokens["0"])
    with b.websocket_connect(f"/ws/tables/{table}/reviews") as ws:  # B follows before the request
        ws.send_json({"type": "hello", "seat": 0, "token": tokens["0"]})
        assert receive_json(ws, "the reviews' first message")["reviews"] == []
        r = a.post(url, json={"seat": 0, "iterations": 2}, headers=auth)
        assert r.status_code == 202, r.text
        # B's answers show the progress of the review A runs, then the review.
        polled: list[tuple[str, int]] = []
        for _ in range(3000):
            mine = [e for e in b.get(url, params={"seat": 0}, headers=auth).json()["reviews"] if e["seat"] == 0]
            if mine:
                polled.append((mine[0]["status"], mine[0]["done"]))
                if mine[0]["status"] == "done":
                    break
            time.sleep(0.02)
        assert polled and polled[-1][0] == "done", polled
        assert any(status == "running" for status, _ in polled), polled
        # B refuses a second request, gives A's review, and publishes it (which B's page hears
        # after the progress pushed to it while A worked).
        again = b.post(url, json={"seat": 0}, headers=auth)
        from_a = again.json()["review"]
        assert again.status_code == 200 and from_a["decisions"]
        published = b.post(f"{url}/publish", json={"seat": 0}, headers=auth)
        assert published.status_code == 200, published.text
        pushed = []
        while True:
            mine = [e for e in receive_json(ws, "the published review")["reviews"] if e["seat"] == 0]
            if mine and mine[0]["published"]:
                break
            pushed.extend(e["done"] for e in mine if e["status"] == "running")
        assert pushed == sorted(pushed) and len(set(pushed)) > 2, pushed
    public = a.get(url).json()["reviews"]
    assert [(e["seat"], e["published"]) for e in public] == [(0, True)]
    game = make_game("aton")
    expected = review_states(game.new_initial_state(3), [game.parse_action(t) for t in played], seats=[0], iterations=2)
    assert from_a == expected.to_dict()


def test_after_its_news_connection_breaks_an_app_listens_again_and_catches_up(
    two_apps: tuple[TestClient, TestClient],
    postgres_url: str,  # noqa: F811
) -> None:
    a, b = two_apps
    data = _create(a, seats=HUMANS)
    table, token0, token1 = data["id"], data["tokens"]["0"], data["tokens"]["1"]
    news = a.app.state.manager.news  # type: ignore[attr-defined]
    with a.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "hello", "seat": 1, "token": token1})
        assert receive_json(ws, "the first view")["version"] == 0
        store = Store(postgres_url)
        try:  # PostgreSQL ends every listening connection (A's and B's)
            with store.engine.begin() as c:
                ended = c.execute(
                    text("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE query LIKE 'LISTEN %'")
                ).scalar_one()
        finally:
            store.engine.dispose()
        assert ended >= 2
        r = b.post(f"/api/tables/{table}/moves", json={"seat": 0, "version": 0, "index": 0}, headers=_auth(token0))
        assert r.status_code == 200, r.text
        assert _receive_version(ws, 1)["version"] == 1  # heard after listening again, or re-read
    assert news.reconnects >= 1


def test_the_same_version_is_stored_once_through_two_apps(
    two_apps: tuple[TestClient, TestClient],
    postgres_url: str,  # noqa: F811
) -> None:
    a, b = two_apps
    data = _create(a, seats=HUMANS)
    table, token0 = data["id"], data["tokens"]["0"]
    _view(b, table, 0, token0)  # B has it loaded at version 0 too
    first = a.post(f"/api/tables/{table}/moves", json={"seat": 0, "version": 0, "index": 0}, headers=_auth(token0))
    second = b.post(f"/api/tables/{table}/moves", json={"seat": 0, "version": 0, "index": 1}, headers=_auth(token0))
    assert first.status_code == 200 and second.status_code == 409, second.text
    assert second.json()["error"] == "stale"
    assert _stored_actions(postgres_url, table) == 1
    for _ in range(100):  # B catches up (a notification, or its own refusal) without a reload
        if _view(b, table, 0, token0)["version"] == 1:
            break
        time.sleep(0.02)
    assert _view(b, table, 0, token0)["version"] == 1


def test_a_lease_is_held_by_one_process_and_taken_over_when_it_expires_or_is_released(
    postgres_url: str,  # noqa: F811
) -> None:
    store = Store(postgres_url)
    try:
        store.create_table("leased", "aton", "1", {}, 1, [("random", None, None), ("random", None, None)])
        one, two = Leases(store.engine, "one", ttl=60), Leases(store.engine, "two", ttl=60)
        assert one.take(["leased"]) == {"leased"}
        assert two.take(["leased"]) == set()  # held and not expired
        assert one.take(["leased"]) == {"leased"}  # renewed by its holder
        assert "leased" not in two.orphans()
        with store.engine.begin() as c:  # its holder died: it expires
            c.execute(text("UPDATE ai_leases SET expires_at = now() - interval '1 second'"))
        assert "leased" in two.orphans()
        assert two.take(["leased"]) == {"leased"} and one.take(["leased"]) == set()
        two.release_all()  # a clean stop: free at once
        assert "leased" in one.orphans() and one.take(["leased"]) == {"leased"}
    finally:
        store.engine.dispose()


def test_a_review_is_computed_under_one_processs_lease_and_taken_over_when_it_expires(
    postgres_url: str,  # noqa: F811
) -> None:
    store = Store(postgres_url)
    try:
        store.create_table("reviewed", "aton", "1", {}, 1, [("human", None, None), ("human", None, None)])
        one, two = ReviewStore(store, ttl=60), ReviewStore(store, ttl=60)
        one.holder, two.holder = "one", "two"
        assert one.start("reviewed", 0, 5, None)  # asked for through one: one computes it
        assert not two.claim("reviewed", 0) and one.claim("reviewed", 0)  # held; renewed by its holder
        assert two.abandoned() == [] and one.renew() == {("reviewed", 0)} and two.renew() == set()
        assert one.progress("reviewed", 0, [{"ply": 0}]) and not two.progress("reviewed", 0, [{"ply": 9}])
        assert two.unfinished()[0][4] == [{"ply": 0}]  # the other's progress was not kept
        with store.engine.begin() as c:  # its holder died: the lease expires
            c.execute(text("UPDATE reviews SET expires_at = now() - interval '1 second'"))
        assert two.abandoned() == [("reviewed", 0)]
        assert two.claim("reviewed", 0) and not one.claim("reviewed", 0)
        assert one.renew() == set() and not one.progress("reviewed", 0, [])  # one must stop
        two.release_all()  # a clean stop: free at once
        assert one.abandoned() == [("reviewed", 0)] and one.claim("reviewed", 0)
        one.finish("reviewed", 0, {"decisions": []})
        assert one.abandoned() == [] and not two.claim("reviewed", 0)  # a finished review has no lease
    finally:
        store.engine.dispose()


def test_a_counted_hint_asked_again_with_other_iterations_gets_its_stored_answer_on_postgresql(
    postgres_url: str,  # noqa: F811
    tmp_path: Path,
) -> None:
    counted_hint_asked_again(tmp_path, postgres_url)


def test_a_hint_counted_through_one_app_shows_in_the_seats_view_on_the_other(
    two_apps: tuple[TestClient, TestClient],
) -> None:
    """The seat's view on another process learns of a hint counted (news ``"h"``), and a position
    counted through one app asked again through the other gets the stored answer."""
    a, b = two_apps
    table, tokens = _table(a, hints=True, hint_limit=1)
    assert _seat_view(b, table, 0, tokens["0"])["hints_left"] == 1
    with b.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": tokens["0"]})
        assert receive_json(ws, "the first view")["hints_left"] == 1
        given = a.post(f"/api/tables/{table}/hint", json={"seat": 0, "iterations": 4}, headers=_auth(tokens["0"]))
        assert given.status_code == 200 and given.json()["left"] == 0
        for _ in range(50):
            message = receive_json(ws, "the view with the hint counted through the other app")
            if message["hints_left"] == 0:
                assert message["hint_given"] is True
                break
        else:
            raise AssertionError("the hint counted did not reach the other app's view")
    again = b.post(f"/api/tables/{table}/hint", json={"seat": 0, "iterations": 9}, headers=_auth(tokens["0"]))
    assert again.json() == given.json()


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_timeout_is_stored_only_against_the_clocks_it_saw(
    backend: str,
    request: pytest.FixtureRequest,
    tmp_path: Path,
) -> None:
    url = request.getfixturevalue("postgres_url") if backend == "postgresql" else f"sqlite:///{tmp_path / 'n.db'}"
    store = Store(url)
    try:
        settings = ClockSettings("realtime", bank=60.0)
        seen = ClockState.new(settings, 2)
        seen.hand_over(settings, 0, 1000.0)
        table = f"clock-{backend}"
        store.create_table(table, "aton", "1", {}, 1, [("human", None, None)] * 2, settings.to_json(), seen.to_json())
        after = seen.copy()
        after.time_out(settings)
        store.add_event(table, 0, "timeout", 0, "first", after.to_json(), expect_clock=seen.to_json())
        with pytest.raises(ClockChanged):  # a second process applying the same timeout
            store.add_event(table, 0, "timeout", 0, "second", after.to_json(), expect_clock=seen.to_json())
        assert [e.text for e in store.events(table)] == ["first"]
    finally:
        store.engine.dispose()


def test_a_sqlite_file_is_served_by_one_process(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'n.db'}"
    held = single_process_lock(url)
    assert held is not None
    try:
        with pytest.raises(AlreadyServed, match=r"already served by process \d+; SQLite serves one process"):
            single_process_lock(url)
    finally:
        held.close()
    again = single_process_lock(url)  # free once its holder ends
    assert again is not None
    again.close()
    assert single_process_lock("sqlite://") is None


# --- real processes (slow) -----------------------------------------------------------------


def _serve(stack: ExitStack, db: str | Path, **kwargs: Any) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    proc = start_server(db, port, **kwargs)
    stack.callback(stop_server, proc)
    return proc, f"http://127.0.0.1:{port}"


@pytest.mark.slow
def test_a_second_server_on_the_same_sqlite_file_exits_with_a_clear_message(tmp_path: Path) -> None:
    db = tmp_path / "n.db"
    with ExitStack() as stack:
        _serve(stack, db, ai_workers=0)
        second = subprocess.run(
            [sys.executable, "-m", "netjer", "serve", "--db", f"sqlite:///{db}", "--port", str(free_port())],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    assert second.returncode == 2
    message = " ".join(second.stderr.split())
    assert "is already served by process" in message and "use PostgreSQL for several" in message
    assert "Traceback" not in second.stderr


@pytest.mark.slow
def test_a_seat_on_one_process_sees_a_move_sent_through_another_within_a_second(
    postgres_url: str,  # noqa: F811
) -> None:
    from websockets.sync.client import connect  # noqa: PLC0415

    with ExitStack() as stack:
        _, url_a = _serve(stack, postgres_url, ai_workers=0)
        _, url_b = _serve(stack, postgres_url, ai_workers=0)
        data = httpx.post(f"{url_a}/api/tables", json={"game": "aton", "seed": 3, "seats": HUMANS}).json()
        table, token0, token1 = data["id"], data["tokens"]["0"], data["tokens"]["1"]
        with connect(f"{url_a.replace('http', 'ws')}/ws/tables/{table}") as ws:
            ws.send(json.dumps({"type": "hello", "seat": 1, "token": token1}))
            assert json.loads(ws.recv(timeout=10))["version"] == 0
            for version in range(3):
                seat, token = (0, token0) if version % 2 == 0 else (1, token1)
                view = _view(httpx, table, seat, token, url_b)
                if view["to_move"] != seat:
                    seat, token = 1 - seat, token1 if seat == 0 else token0
                sent = time.monotonic()
                r = httpx.post(
                    f"{url_b}/api/tables/{table}/moves",
                    json={"seat": seat, "version": version, "index": 0},
                    headers=_auth(token),
                )
                assert r.status_code == 200, r.text
                while True:  # the acceptance: within a second
                    message = json.loads(ws.recv(timeout=max(0.0, sent + 1.0 - time.monotonic())))
                    if message["type"] == "view" and message["version"] == version + 1:
                        break


def _play_human(url: str, table: str, seat: int, token: str, deadline: float) -> dict[str, Any]:
    """Play ``seat`` (its first legal action) through ``url`` until the game ends."""
    while time.monotonic() < deadline:
        view = _view(httpx, table, seat, token, url)
        if view["finished"]:
            return view
        if view["to_move"] == seat and view["legal"]:
            httpx.post(
                f"{url}/api/tables/{table}/moves",
                json={"seat": seat, "version": view["version"], "index": 0},
                headers=_auth(token),
            )
        else:
            time.sleep(0.05)
    raise AssertionError("the game did not finish")


@pytest.mark.slow
def test_the_computer_seats_of_a_killed_process_are_taken_over_and_the_game_finishes(
    postgres_url: str,  # noqa: F811
) -> None:
    with ExitStack() as stack:
        proc_a, url_a = _serve(stack, postgres_url, ai_workers=0, options=["--lease-seconds", "2"])
        proc_b, url_b = _serve(stack, postgres_url, ai_workers=0, options=["--lease-seconds", "2"])
        seats = [{"type": "human", "name": "Ann"}, {"type": "agent", "agent": "random"}]
        data = httpx.post(f"{url_a}/api/tables", json={"game": "aton", "seed": 5, "seats": seats}).json()
        table, token = data["id"], data["tokens"]["0"]
        store = Store(postgres_url)
        stack.callback(store.engine.dispose)

        def holder() -> str | None:
            with store.engine.connect() as c:
                row = c.execute(text("SELECT holder FROM ai_leases WHERE table_id = :t"), {"t": table}).first()
                return None if row is None else str(row[0])

        # Ann plays through A until the computer seat has moved: a process holds the lease.
        deadline = time.monotonic() + 30
        while (held := holder()) is None and time.monotonic() < deadline:
            view = _view(httpx, table, 0, token, url_a)
            if view["to_move"] == 0:
                httpx.post(f"{url_a}/api/tables/{table}/moves",
                           json={"seat": 0, "version": view["version"], "index": 0}, headers=_auth(token))  # fmt: skip
            time.sleep(0.05)
        assert held is not None
        # SIGKILL the holder (no release: the lease must expire); play on through the other.
        killed, survivor = (proc_a, url_b) if f":{proc_a.pid}:" in held else (proc_b, url_a)
        assert f":{killed.pid}:" in held
        kill_server(killed)
        final = _play_human(survivor, table, 0, token, time.monotonic() + 120)
        assert final["finished"]
        assert holder() != held  # the survivor took it over (and released it at the end)
        assert _stored_actions(postgres_url, table) == final["version"]


@pytest.mark.slow
def test_twenty_concurrent_moves_on_one_version_through_two_processes_store_exactly_one(
    postgres_url: str,  # noqa: F811
) -> None:
    with ExitStack() as stack:
        _, url_a = _serve(stack, postgres_url, ai_workers=0)
        _, url_b = _serve(stack, postgres_url, ai_workers=0)
        data = httpx.post(f"{url_a}/api/tables", json={"game": "aton", "seed": 9, "seats": HUMANS}).json()
        table, token = data["id"], data["tokens"]["0"]
        for url in (url_a, url_b):  # both have it loaded at version 0
            assert _view(httpx, table, 0, token, url)["to_move"] == 0
        barrier = threading.Barrier(20)

        def move(i: int) -> int:
            url = url_a if i % 2 else url_b
            with httpx.Client(timeout=30) as client:
                barrier.wait()
                r = client.post(f"{url}/api/tables/{table}/moves",
                                json={"seat": 0, "version": 0, "index": i % 2}, headers=_auth(token))  # fmt: skip
                return r.status_code

        with ThreadPoolExecutor(20) as pool:
            codes = list(pool.map(move, range(20)))
        assert sorted(codes) == [200] + [409] * 19
        assert _stored_actions(postgres_url, table) == 1
        for url in (url_a, url_b):
            for _ in range(100):
                version = _view(httpx, table, 0, token, url)["version"]
                if version == 1:
                    break
                time.sleep(0.05)
            assert version == 1


@pytest.mark.slow
@pytest.mark.parametrize(("game", "seed"), [("aton", 1), ("nile", 2)])
def test_views_carry_only_the_seats_observation_through_two_processes(
    postgres_url: str,  # noqa: F811
    game: str,
    seed: int,
) -> None:
    from websockets.sync.client import connect  # noqa: PLC0415

    with ExitStack() as stack:
        _, url_a = _serve(stack, postgres_url, ai_workers=0)
        _, url_b = _serve(stack, postgres_url, ai_workers=0)
        data = httpx.post(f"{url_a}/api/tables", json={"game": game, "seed": seed, "seats": HUMANS}).json()
        table, tokens = data["id"], data["tokens"]
        urls = {0: url_a, 1: url_b}  # seat 0 on A, seat 1 on B
        local = make_game(game).new_initial_state(seed)
        rng = Rng(seed)
        sockets = {
            seat: stack.enter_context(connect(f"{urls[seat].replace('http', 'ws')}/ws/tables/{table}", max_size=2**24))
            for seat in (0, 1)
        }
        for seat, ws in sockets.items():
            ws.send(json.dumps({"type": "hello", "seat": seat, "token": tokens[str(seat)]}))
            assert json.loads(ws.recv(timeout=10))["version"] == 0
        while not local.is_terminal:
            actor = local.current_player
            legal = local.legal_actions()
            action = legal[rng.below(len(legal))]
            words = {v: local.describe_action(action, v) for v in (0, 1)}
            version = len(local.history)
            sockets[actor].send(json.dumps({"type": "move", "version": version, "action": str(action)}))
            local.apply(action)
            # In a window of simultaneous choices each seat that must still choose sees its own
            # decision (nothing is queued here: the seats play in the engine's order).
            plan = window_plan(local, {})
            for seat, ws in sockets.items():
                while True:
                    message = json.loads(ws.recv(timeout=10))
                    assert message["type"] == "view", message
                    if message["version"] == version + 1:
                        break
                assert set(message) == VIEW_KEYS and all(set(s) == SEAT_KEYS for s in message["seats"])
                choice = plan.get(seat) if plan is not None else None
                if choice is not None:
                    assert message["observation"] == shown(choice.observation)
                    assert message["legal"] == legal_entries(make_game(game), choice.legal)
                else:
                    assert message["observation"] == shown(local.observation(seat))
                    assert message["legal"] == (
                        [] if local.current_player != seat or local.is_terminal
                        else legal_entries(make_game(game), local.legal_actions())
                    )  # fmt: skip
                if seat != actor:
                    assert not _secret_words(game, action, actor, seat, words[seat]), words[seat]
                    assert str(action) not in [n for n in message["log_notation"] if n] or words[seat] == words[actor]
            # the other process's REST view of each seat says the same (every 10th action: time)
            for seat in (0, 1) if version % 10 == 0 else ():
                other = urls[1 - seat]
                rest = _view(httpx, table, seat, tokens[str(seat)], other)
                if rest["version"] == version + 1:
                    choice = plan.get(seat) if plan is not None else None
                    assert rest["observation"] == shown(choice.observation if choice else local.observation(seat))


def test_processes_starting_at_once_on_a_new_database_migrate_it_one_at_a_time(
    postgres_url: str,  # noqa: F811
) -> None:
    admin = create_engine(postgres_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text("DROP DATABASE IF EXISTS fresh"))
        c.execute(text("CREATE DATABASE fresh"))
    admin.dispose()
    fresh = postgres_url.replace("/netjer?", "/fresh?")
    # lock_timeout: a migration stuck behind another's locks fails rather than waiting forever
    engines = [create_engine(fresh, connect_args={"options": "-c lock_timeout=20s"}) for _ in range(4)]
    start = threading.Barrier(len(engines))

    def boot(engine: Any) -> str:
        start.wait()
        try:
            migrate(engine)
            return "ok"
        except Exception as err:  # what a process starting at that moment would stop with
            return f"{type(err).__name__}: {err}".splitlines()[0]
        finally:
            engine.dispose()

    with ThreadPoolExecutor(len(engines)) as pool:
        assert list(pool.map(boot, engines)) == ["ok"] * len(engines)


def _review_holder(url: str, table: str) -> str | None:
    store = Store(url)
    try:
        with store.engine.connect() as c:
            row = c.execute(text("SELECT holder FROM reviews WHERE table_id = :t AND seat = 0"), {"t": table}).first()
            return None if row is None or row[0] is None else str(row[0])
    finally:
        store.engine.dispose()


@pytest.mark.slow
def test_a_running_review_is_left_to_its_process_by_one_starting_and_taken_over_when_it_dies(
    postgres_url: str,  # noqa: F811
    tmp_path: Path,
) -> None:
    """A computes a review; B, started meanwhile, leaves it to A (A keeps its lease, B's start
    resumes nothing); A is SIGKILLed: B takes it over after the lease expires and finishes it,
    the same review as ``review_decision`` gives for its decisions."""
    from netjer.agents.review import review_decision  # noqa: PLC0415

    iterations = 150
    with ExitStack() as stack:
        proc_a, url_a = _serve(stack, postgres_url, ai_workers=0, options=["--lease-seconds", "2"])
        data = httpx.post(f"{url_a}/api/tables", json={"game": "aton", "seed": 3, "seats": HUMANS}).json()
        table, tokens = data["id"], data["tokens"]
        game = make_game("aton")
        state, rng = game.new_initial_state(3), Rng(21)
        while not state.is_terminal:
            seat, legal = state.current_player, state.legal_actions()
            action = legal[rng.below(len(legal))]
            body = {"seat": seat, "version": len(state.history), "action": str(action)}
            r = httpx.post(f"{url_a}/api/tables/{table}/moves", json=body, headers=_auth(tokens[str(seat)]))
            assert r.status_code == 200, r.text
            state.apply(action)
        url, auth = f"/api/tables/{table}/reviews", _auth(tokens["0"])
        r = httpx.post(f"{url_a}{url}", json={"seat": 0, "iterations": iterations}, headers=auth)
        assert r.status_code == 202, r.text
        total = r.json()["total"]

        def progress(base: str) -> dict[str, Any]:
            entries = httpx.get(f"{base}{url}", params={"seat": 0}, headers=auth, timeout=30).json()["reviews"]
            assert entries and entries[0]["status"] != "failed", entries
            mine: dict[str, Any] = entries[0]
            return mine

        deadline = time.monotonic() + 120
        while progress(url_a)["done"] < 2:
            assert time.monotonic() < deadline, "the review did not begin"
            time.sleep(0.1)
        log_b, port_b = tmp_path / "b.log", free_port()
        with open(log_b, "wb") as out:
            proc_b = start_server(postgres_url, port_b, ai_workers=0, output=out, options=["--lease-seconds", "2"])
        stack.callback(stop_server, proc_b)
        url_b = f"http://127.0.0.1:{port_b}"
        # For three lease times, A keeps the review (B started and swept meanwhile).
        seen = []
        until = time.monotonic() + 6
        while time.monotonic() < until:
            holder = _review_holder(postgres_url, table)
            entry = progress(url_b)
            if entry["status"] == "done":
                break
            assert holder is not None and f":{proc_a.pid}:" in holder, holder
            seen.append(entry["done"])
            time.sleep(0.2)
        assert progress(url_b)["status"] == "running", "the review ended before A could be killed: raise its iterations"
        assert seen[-1] > seen[0], seen  # A went on (B shows its progress)
        # B's start resumed no review (the module's database may hold other tests' unfinished tables)
        assert "reviews" not in " ".join(line for line in log_b.read_text().splitlines() if '"resumed' in line)
        before = progress(url_b)["done"]
        kill_server(proc_a)
        deadline = time.monotonic() + 600
        while (entry := progress(url_b))["status"] != "done":
            assert time.monotonic() < deadline, "B did not finish the review"
            time.sleep(0.5)
        assert entry["total"] == total and before < total
        assert "review_taken" in log_b.read_text()
        assert _review_holder(postgres_url, table) is None  # a finished review has no lease
    decisions = entry["review"]["decisions"]
    plies = [ply for ply, (s, _) in enumerate(_positions(game, state)) if s.current_player == 0]
    assert [d["ply"] for d in decisions] == plies
    positions = _positions(game, state)
    for d in (decisions[0], decisions[-1]):  # one computed by A, one by B
        position, action = positions[d["ply"]]
        expected = review_decision(position, action, ply=d["ply"], iterations=iterations, seed=0)
        assert d == asdict(expected)


def _positions(game: Any, final: Any) -> list[tuple[Any, Any]]:
    """``(position before, action)`` for each action of ``final``'s history."""
    position = game.new_initial_state(final.seed)
    out = []
    for action in final.history:
        out.append((position.clone(), action))
        position.apply(action)
    return out
