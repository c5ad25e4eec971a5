"""The server tests' WebSocket wait (tests/server/sockets.py): a time limit naming what was awaited, used everywhere."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.server.sockets import receive_json
from tests.server.test_api import _create

#: A direct, unlimited wait of a TestClient WebSocket session (its receive_json method).
_UNLIMITED = re.compile(r"\.receive_json\(")


def test_no_server_test_waits_for_a_websocket_message_without_a_time_limit() -> None:
    """A message that never comes hung a test (and CI until its 90-minute limit): every wait
    goes through ``receive_json(ws, waiting_for)``, which gives up after 30 s."""
    folder = Path(__file__).parent
    unlimited = [
        f"{path.name}:{n}"
        for path in sorted(folder.glob("*.py"))
        if path.name != "sockets.py"
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if _UNLIMITED.search(line)
    ]
    assert unlimited == []


def test_a_message_that_never_comes_fails_naming_what_was_awaited(client: TestClient) -> None:
    data = _create(client)
    with client.websocket_connect(f"/ws/tables/{data['id']}") as ws:
        ws.send_json({"type": "hello", "seat": None})
        assert receive_json(ws, "the first view")["type"] == "view"
        with pytest.raises(AssertionError, match=r"no WebSocket message within 0.3 s: waiting for a second view"):
            receive_json(ws, "a second view", timeout=0.3)  # nothing happens at the table


def test_a_closed_connection_is_passed_on_as_the_socket_raised_it(client: TestClient) -> None:
    data = _create(client)
    with client.websocket_connect(f"/ws/tables/{data['id']}") as ws:
        ws.send_json({"type": "hello", "seat": 0})
        assert receive_json(ws, "the refusal of the hello without a token")["error"] == "no_token"
        with pytest.raises(WebSocketDisconnect):
            receive_json(ws, "the close after the refusal")
