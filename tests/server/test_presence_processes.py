"""Presence on two server processes sharing one PostgreSQL (issue 31 item 5): a seat
connected to one process and the spectators watching there are shown by the other, they
leave on both when their pages close, and the pages of a process that died (its heartbeat
rows expired) stop counting."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from netjer.server.app import create_app
from netjer.server.db import Store
from netjer.server.tables import TableManager
from tests.server.sockets import receive_json
from tests.server.test_postgres import postgres_url  # noqa: F401 - the fixture

HUMANS = [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bob"}]


@pytest.fixture
def two_apps(postgres_url: str) -> Iterator[tuple[TestClient, TestClient]]:  # noqa: F811
    """Two applications (two server processes' worth) on one PostgreSQL."""
    with (
        TestClient(create_app(postgres_url, ai_workers=0)) as a,
        TestClient(create_app(postgres_url, ai_workers=0)) as b,
    ):
        yield a, b


async def _pause() -> None:
    await asyncio.sleep(0.01)


def _presence_until(client: TestClient, table: str, want: dict[str, Any]) -> dict[str, Any]:
    """The public view's presence through ``client`` once it is ``want``.  News between
    processes arrives within milliseconds on a quiet machine; the bound is only a guard
    against a hang, generous enough for a machine loaded many times over (it once ran out
    at 400 looks of 10 ms in a loaded run)."""
    seen: dict[str, Any] = {}
    give_up = time.monotonic() + 120.0
    while time.monotonic() < give_up:
        seen = client.get(f"/api/tables/{table}/view").json()["presence"]
        if seen == want:
            return seen
        client.portal.call(_pause)  # type: ignore[union-attr]
    raise AssertionError(f"presence stayed {seen}, never {want}")


def test_a_seat_and_spectators_connected_to_one_process_are_present_on_the_other(
    two_apps: tuple[TestClient, TestClient],
) -> None:
    a, b = two_apps
    made = a.post("/api/tables", json={"game": "nile", "seed": 3, "seats": HUMANS}).json()
    table, tokens = made["id"], made["tokens"]
    _presence_until(b, table, {"seats": [False, False], "watching": 0})  # B has it loaded
    with a.websocket_connect(f"/ws/tables/{table}") as ann, a.websocket_connect(f"/ws/tables/{table}") as fan:
        ann.send_json({"type": "hello", "seat": 0, "token": tokens["0"]})
        receive_json(ann, "Ann's first view")
        fan.send_json({"type": "hello", "seat": None})
        receive_json(fan, "the spectator's first view")
        _presence_until(b, table, {"seats": [True, False], "watching": 1})
        # Bob connects to B and watches who is here: both processes' pages are counted.
        with b.websocket_connect(f"/ws/tables/{table}") as bob:
            bob.send_json({"type": "hello", "seat": 1, "token": tokens["1"], "presence": True})
            first = receive_json(bob, "Bob's first view")
            assert first["presence"]["watching"] == 1 and first["presence"]["seats"][0] is True
            _presence_until(a, table, {"seats": [True, True], "watching": 1})
    _presence_until(b, table, {"seats": [False, False], "watching": 0})
    _presence_until(a, table, {"seats": [False, False], "watching": 0})


def test_the_pages_of_a_process_that_died_stop_counting_when_its_heartbeat_expires(
    two_apps: tuple[TestClient, TestClient],
) -> None:
    a, b = two_apps
    made = a.post("/api/tables", json={"game": "nile", "seed": 4, "seats": HUMANS}).json()
    table, tokens = made["id"], made["tokens"]
    b.get(f"/api/tables/{table}/view")
    with a.websocket_connect(f"/ws/tables/{table}") as ann:
        ann.send_json({"type": "hello", "seat": 0, "token": tokens["0"]})
        receive_json(ann, "Ann's first view")
        _presence_until(b, table, {"seats": [True, False], "watching": 0})
        # Process A stops renewing (as if SIGKILLed): its row's expiry passes.
        store: Store = a.app.state.manager.store  # type: ignore[attr-defined]
        with store.engine.begin() as connection:
            connection.execute(
                text("UPDATE presence SET expires_at = now() - interval '1 second' WHERE origin = :me"),
                {"me": store.origin},
            )
        manager: TableManager = b.app.state.manager  # type: ignore[attr-defined]
        b.portal.call(manager.presence.sweep)  # type: ignore[union-attr]
        assert b.get(f"/api/tables/{table}/view").json()["presence"] == {"seats": [False, False], "watching": 0}


def test_a_clean_stop_deletes_the_process_presence_rows(postgres_url: str) -> None:  # noqa: F811
    with TestClient(create_app(postgres_url, ai_workers=0)) as a:
        made = a.post("/api/tables", json={"game": "nile", "seed": 5, "seats": HUMANS}).json()
        store: Store = a.app.state.manager.store  # type: ignore[attr-defined]
        origin = store.origin
        with a.websocket_connect(f"/ws/tables/{made['id']}") as fan:
            fan.send_json({"type": "hello", "seat": None})
            receive_json(fan, "the first view")
            with store.engine.connect() as connection:
                rows = connection.execute(text("SELECT watching FROM presence WHERE origin = :me"), {"me": origin})
                assert [r[0] for r in rows] == [1]
            with a.websocket_connect(f"/ws/tables/{made['id']}"):
                pass  # a page that never said hello is no one
    check = Store(postgres_url)
    with check.engine.connect() as connection:
        left = connection.execute(text("SELECT count(*) FROM presence WHERE origin = :me"), {"me": origin}).scalar()
    check.engine.dispose()
    assert left == 0
