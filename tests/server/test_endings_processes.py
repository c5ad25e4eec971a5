"""The abandoned game on two server processes sharing one PostgreSQL (issue 31 item 3): every
player gone (each had been connected to another process), the clock runs out: the game is
adjourned once, with no result, and resumes when both are back, each through its own process."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text as sql

from netjer.games.registry import make_game
from netjer.server.app import create_app
from netjer.server.db import Store
from netjer.server.retired_seats import retired_action
from netjer.server.runtime import PRESENCE_SECONDS
from netjer.server.tables import TableManager
from tests.server.fake_time import FakeTime
from tests.server.sockets import receive_json
from tests.server.test_postgres import postgres_url  # noqa: F401 - the fixture

HUMANS = [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bob"}]


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def two_apps(postgres_url: str) -> Iterator[tuple[TestClient, TestClient, FakeTime]]:  # noqa: F811
    """Two applications (two server processes' worth) on one PostgreSQL, on one fake clock."""
    fake = FakeTime()
    with (
        TestClient(create_app(postgres_url, ai_workers=0, clock=fake)) as a,
        TestClient(create_app(postgres_url, ai_workers=0, clock=fake)) as b,
    ):
        yield a, b, fake


def _wait_view(client: TestClient, table: str, until: str, want: bool) -> dict[str, object]:
    """The public view through ``client`` once its ``until`` field is set (``want``) or not
    (news between processes arrives within milliseconds; a bounded number of looks)."""
    for _ in range(400):
        view: dict[str, object] = client.get(f"/api/tables/{table}/view").json()
        if bool(view[until]) is want:
            return view
        client.portal.call(_pause)  # type: ignore[union-attr]
    raise AssertionError(f"{until} never became {want}")


def _gone_everywhere(client: TestClient, table: str) -> None:
    """Wait until no server process has a presence row of ``table`` left: a page's leaving is
    published by its process as its WebSocket handler ends, after the test's client closed it
    (a bounded wait, generous for a loaded machine)."""
    store: Store = client.app.state.manager.store  # type: ignore[attr-defined]
    give_up = time.monotonic() + 120.0
    while True:
        with store.engine.connect() as connection:
            rows = connection.execute(sql("SELECT count(*) FROM presence WHERE table_id = :t"), {"t": table}).scalar()
        if rows == 0:
            return
        if time.monotonic() > give_up:
            raise AssertionError("a closed page still counts as connected")
        client.portal.call(_pause)  # type: ignore[union-attr]


async def _pause() -> None:
    await asyncio.sleep(0.01)


def test_every_player_gone_on_two_processes_adjourns_once_and_both_coming_back_resume(
    two_apps: tuple[TestClient, TestClient, FakeTime],
) -> None:
    a, b, fake = two_apps
    clock = {"mode": "realtime", "bank": 300, "increment": 0}
    made = a.post("/api/tables", json={"game": "nile", "seed": 3, "seats": HUMANS, "clock": clock}).json()
    table, tokens = made["id"], made["tokens"]
    # Ann's page is served by process A, Bob's by process B; both close.
    for client, seat in ((a, 0), (b, 1)):
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            ws.send_json({"type": "hello", "seat": seat, "token": tokens[str(seat)]})
            receive_json(ws, "the first view")
    _gone_everywhere(a, table)
    fake.t += 301 + PRESENCE_SECONDS
    for client in (a, b):  # both processes look at the clocks
        manager: TableManager = client.app.state.manager  # type: ignore[attr-defined]
        assert client.portal.call(manager.clocks.check) == 0  # type: ignore[union-attr]
    for client in (a, b):
        view = _wait_view(client, table, "adjourned", True)
        assert view["finished"] is False and view["result"] is None
    store: Store = a.app.state.manager.store  # type: ignore[attr-defined]
    kinds = [e.kind for e in store.events(table)]
    assert kinds.count("adjourned") == 1 and "timeout" not in kinds  # stored once, by one process
    row = store.table(table)
    assert row is not None and not row.finished and row.result is None
    # Ann comes back through A, Bob through B: the game resumes (once), on both.
    assert a.get(f"/api/tables/{table}/view", params={"seat": 0}, headers=_auth(tokens["0"])).json()["adjourned"]
    b.get(f"/api/tables/{table}/view", params={"seat": 1}, headers=_auth(tokens["1"]))
    for client in (a, b):
        view = _wait_view(client, table, "adjourned", False)
        assert view["finished"] is False
    kinds = [e.kind for e in store.events(table)]
    assert kinds.count("resumed") == 1 and kinds.count("back") == 2


def test_a_player_connected_to_the_other_process_keeps_the_game_from_being_adjourned(
    two_apps: tuple[TestClient, TestClient, FakeTime],
) -> None:
    """Ann's page stays open on A; Bob's page on B closed.  B, which has no connection of the
    table left, looks at the clock first as it runs out: Ann is at the table (through A), so
    the game is not adjourned: the table's timeout rule applies (the computer stands in)."""
    a, b, fake = two_apps
    clock = {"mode": "realtime", "bank": 300, "increment": 0}
    made = a.post("/api/tables", json={"game": "nile", "seed": 3, "seats": HUMANS, "clock": clock}).json()
    table, tokens = made["id"], made["tokens"]
    first = b.get(f"/api/tables/{table}/view").json()["to_move"]  # B has it loaded
    with b.websocket_connect(f"/ws/tables/{table}") as bob:
        bob.send_json({"type": "hello", "seat": 1, "token": tokens["1"]})
        receive_json(bob, "Bob's first view")
    _gone_everywhere(a, table)
    with a.websocket_connect(f"/ws/tables/{table}") as ann:
        ann.send_json({"type": "hello", "seat": 0, "token": tokens["0"]})
        receive_json(ann, "Ann's first view")
        fake.t += 301 + PRESENCE_SECONDS
        manager: TableManager = b.app.state.manager  # type: ignore[attr-defined]
        assert b.portal.call(manager.clocks.check) == 1  # type: ignore[union-attr]
        give_up = time.monotonic() + 120.0  # A hears of the timeout B stored (a guard against a hang)
        while (view := a.get(f"/api/tables/{table}/view").json())["seats"][first]["standin"] is None:
            assert time.monotonic() < give_up, "process A never heard of the timeout"
            a.portal.call(_pause)  # type: ignore[union-attr]
        assert view["seats"][first]["standin"] == "heuristic" and not view["adjourned"] and not view["finished"]
    store: Store = a.app.state.manager.store  # type: ignore[attr-defined]
    kinds = [e.kind for e in store.events(table)]
    assert "adjourned" not in kinds and kinds.count("timeout") == 1


def test_a_resignation_at_a_table_of_three_through_one_process_is_known_to_the_other(
    two_apps: tuple[TestClient, TestClient, FakeTime],
) -> None:
    """The seat retires through A; B learns it (the ``retired`` event), refuses its person's
    moves, and the game goes on with the retired seat's move made once."""
    a, b, _ = two_apps
    seats = [{"type": "human", "name": n} for n in ("Ann", "Bob", "Cy")]
    made = a.post("/api/tables", json={"game": "ankh", "seed": 3, "options": {"players": 3}, "seats": seats}).json()
    table, tokens = made["id"], made["tokens"]
    first = b.get(f"/api/tables/{table}/view").json()["to_move"]
    r = a.post(f"/api/tables/{table}/resign", json={"seat": first}, headers=_auth(tokens[str(first)]))
    assert r.status_code == 200 and r.json()["finished"] is False
    for _ in range(400):
        view = b.get(f"/api/tables/{table}/view").json()
        if view["seats"][first]["resigned"] and view["to_move"] != first:
            break
        b.portal.call(_pause)  # type: ignore[union-attr]
    else:
        raise AssertionError("process B never saw the resignation and the retired seat's moves")
    refused = b.post(f"/api/tables/{table}/moves", json={"seat": first, "version": view["version"], "index": 0},
                     headers=_auth(tokens[str(first)]))  # fmt: skip
    assert refused.status_code == 409 and refused.json()["error"] == "resigned"
    store: Store = a.app.state.manager.store  # type: ignore[attr-defined]
    assert [e.kind for e in store.events(table)].count("retired") == 1
    # Every decision of the seat (retired before its first) is the least-impact one.
    state = make_game("ankh", {"players": 3}).new_initial_state(3)
    played = 0
    for text in store.actions(table):
        if state.current_player == first:
            assert text == str(retired_action(state.legal_actions()))
            played += 1
        state.apply_text(text)
    assert played >= 1
