"""Server edges found by an outside reliability check (issue 28, item 7): binary frames on
every WebSocket, what the health check tells anyone, JSON-only stderr, OPTIONS, and whose
X-Forwarded-For the rate limit believes."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect
from typer.testing import CliRunner
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware
from websockets.sync.client import connect

from netjer.cli.main import app as cli
from netjer.server.app import create_app
from netjer.server.limits import LOOPBACK, RateLimiter, trusted_proxies
from netjer.server.process import free_port, start_server, stop_server
from netjer.server.sockets import BINARY_REFUSED, UNSUPPORTED_DATA
from tests.server.sockets import receive_json
from tests.server.test_api import _create

HUMANS = [{"type": "human"}, {"type": "human"}]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'n.db'}", ai_workers=0)) as c:
        yield c


def _refused_binary(ws: Any) -> None:
    """``ws`` answers a binary frame with a ``bad_request`` error, then closes 1003 with the reason."""
    ws.send_bytes(b"\x00\xff binary")
    message = receive_json(ws, "the refusal of the binary frame")
    assert message["type"] == "error" and message["error"] == "bad_request"
    assert message["message"] == BINARY_REFUSED
    with pytest.raises(WebSocketDisconnect) as closed:
        receive_json(ws, "the close after the refusal")
    assert closed.value.code == UNSUPPORTED_DATA
    assert closed.value.reason == BINARY_REFUSED


# --- binary frames ------------------------------------------------------------------------


def test_a_binary_frame_is_refused_with_1003_on_every_socket(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    table = _create(client)
    token = table["tokens"]["0"]
    with client.websocket_connect("/ws/echo") as ws:
        ws.send_text('{"ping": 1}')
        assert receive_json(ws, "the echo") == {"ping": 1}
        _refused_binary(ws)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": token})
        assert receive_json(ws, "the first view")["type"] == "view"
        _refused_binary(ws)
    with client.websocket_connect(f"/ws/tables/{table['id']}/reviews") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": token})
        assert receive_json(ws, "the reviews")["type"] == "reviews"
        _refused_binary(ws)
    # A binary hello is a malformed hello: refused with 4422 and the reason.
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        ws.send_bytes(b"\x01")
        assert receive_json(ws, "the refusal of the binary hello")["error"] == "bad_request"
        with pytest.raises(WebSocketDisconnect) as closed:
            receive_json(ws, "the close after the refusal")
        assert closed.value.code == 4422 and "hello" in closed.value.reason
    assert not [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")]


# --- health ---------------------------------------------------------------------------------


def test_health_says_database_unavailable_and_logs_the_details(
    client: TestClient, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    missing = tmp_path / "no-such-folder" / "x.db"
    client.app.state.manager.store.engine = create_engine(f"sqlite:///{missing}")  # type: ignore[attr-defined]
    with caplog.at_level("WARNING", logger="netjer.server"):
        r = client.get("/api/health")
    assert r.status_code == 503
    assert r.json()["database"] == {"ok": False, "error": "database unavailable"}
    assert "OperationalError" not in r.text and "no-such-folder" not in r.text
    logged = [r.getMessage() for r in caplog.records if getattr(r, "event", None) == "db_unavailable"]
    assert logged and "OperationalError" in logged[0]


# --- OPTIONS --------------------------------------------------------------------------------


def _allowed(r: httpx.Response) -> set[str]:
    return {m.strip() for m in r.headers["allow"].split(",")}


def test_options_is_answered_per_route_with_the_methods_it_serves(client: TestClient) -> None:
    table = _create(client)["id"]
    expected = {
        "/api/tables": {"GET", "HEAD", "POST", "OPTIONS"},  # two routes at one address
        f"/api/tables/{table}": {"DELETE", "OPTIONS"},
        f"/api/tables/{table}/moves": {"POST", "OPTIONS"},
        f"/api/tables/{table}/reviews": {"GET", "HEAD", "POST", "OPTIONS"},
        "/api/health": {"GET", "HEAD", "OPTIONS"},
        "/static/table.js": {"GET", "HEAD", "OPTIONS"},
    }
    for path, methods in expected.items():
        r = client.options(path)
        assert r.status_code == 204, path
        assert r.content == b"", path
        assert _allowed(r) == methods, path
    assert client.options("/api/nothing-here").status_code == 404
    # Another method refused at an address still gets 405 in the API's format.
    r = client.put("/api/tables")
    assert r.status_code == 405 and r.json()["error"] == "method_not_allowed"


# --- trusted proxies ------------------------------------------------------------------------


def test_trusted_proxies_default_to_loopback_and_otherwise_are_exactly_those_given() -> None:
    assert trusted_proxies(None) == list(LOOPBACK)
    assert trusted_proxies("10.0.0.5, 10.0.0.0/8,fd00::/8") == ["10.0.0.5", "10.0.0.0/8", "fd00::/8"]
    assert trusted_proxies("") == []
    assert trusted_proxies("*") == ["*"]
    with pytest.raises(ValueError, match=r"'proxy\.example' is not an IP address"):
        trusted_proxies("10.0.0.5,proxy.example")


class _Peer:
    """ASGI wrapper: every connection comes from ``peer`` (what the socket would say)."""

    def __init__(self, app: ASGIApp, peer: str) -> None:
        self.app, self.peer = app, peer

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "lifespan":
            scope = {**scope, "client": (self.peer, 40000)}
        await self.app(scope, receive, send)


def _creations(tmp_path: Path, trusted: list[str], peer: str, forwarded: list[str]) -> list[int]:
    """The statuses of one table creation per ``X-Forwarded-For`` value, from ``peer``, with a
    limit of one table a minute per client address, behind uvicorn's proxy-headers middleware
    trusting ``trusted``."""
    app = create_app(f"sqlite:///{tmp_path / (peer + '.db')}", ai_workers=0, create_limiter=RateLimiter(1))
    served = _Peer(ProxyHeadersMiddleware(app, trusted_hosts=trusted), peer)
    body = {"game": "aton", "seats": HUMANS}
    with TestClient(served) as c:
        return [c.post("/api/tables", json=body, headers={"X-Forwarded-For": f}).status_code for f in forwarded]


def test_the_creation_limit_believes_x_forwarded_for_only_from_trusted_proxies(tmp_path: Path) -> None:
    # No proxy configured: a proxy on this machine is believed; two clients, two buckets.
    assert _creations(tmp_path, trusted_proxies(None), "127.0.0.1", ["1.1.1.1", "1.1.1.1", "2.2.2.2"]) == [
        201,
        429,
        201,
    ]
    # A proxy configured: loopback is no longer believed, the header cannot pick a bucket.
    assert _creations(tmp_path, trusted_proxies("10.0.0.5"), "::1", ["3.3.3.3", "4.4.4.4"]) == [201, 429]
    # ... and that proxy is.
    assert _creations(tmp_path, trusted_proxies("10.0.0.5"), "10.0.0.5", ["5.5.5.5", "6.6.6.6"]) == [201, 201]


def test_serve_refuses_a_malformed_forwarded_allow_ips(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        cli, ["serve", "--db", f"sqlite:///{tmp_path / 'x.db'}", "--forwarded-allow-ips", "proxy.example"]
    )
    assert result.exit_code != 0
    assert "--forwarded-allow-ips" in result.output and "not an IP address" in result.output


# --- a real server: JSON on stderr, proxies ----------------------------------------------


@pytest.mark.slow
def test_a_served_process_writes_only_json_lines_and_believes_only_its_proxies(tmp_path: Path) -> None:
    out = tmp_path / "server.log"
    port = free_port()
    with out.open("wb") as sink:
        proc = start_server(tmp_path / "s.db", port, ai_workers=0, output=sink, create_rate="1/min")
        try:
            base = f"http://127.0.0.1:{port}"
            body = {"game": "aton", "seats": HUMANS}
            statuses = [
                httpx.post(f"{base}/api/tables", json=body, headers={"X-Forwarded-For": f}).status_code
                for f in ("1.1.1.1", "2.2.2.2")
            ]
            assert statuses == [201, 201]  # no proxy configured: loopback's header believed
            with connect(f"ws://127.0.0.1:{port}/ws/echo") as ws:  # a binary frame: no traceback
                ws.send(b"\x00")
                assert json.loads(ws.recv())["error"] == "bad_request"
            with socket.create_connection(("127.0.0.1", port)) as raw:  # uvicorn's own warning
                raw.sendall(b"NOT HTTP AT ALL\r\n\r\n")
                raw.recv(1000)
        finally:
            stop_server(proc)
    lines = [line for line in out.read_text(encoding="utf-8").splitlines() if line.strip()]
    records = [json.loads(line) for line in lines]  # every line is JSON
    assert any(r.get("event") == "serving" and r.get("url") == f"http://localhost:{port}/" for r in records)
    assert any(r["logger"].startswith("uvicorn") and r["level"] == "WARNING" for r in records), records
    assert not any("Traceback" in line or "Exception in ASGI application" in line for line in lines)

    port = free_port()
    proc = start_server(
        tmp_path / "p.db", port, ai_workers=0, create_rate="1/min", options=["--forwarded-allow-ips", "10.9.9.9"]
    )
    try:
        statuses = [
            httpx.post(f"http://127.0.0.1:{port}/api/tables", json=body, headers={"X-Forwarded-For": f}).status_code
            for f in ("3.3.3.3", "4.4.4.4")
        ]
        assert statuses == [201, 429]  # a proxy configured: loopback's header not believed
    finally:
        stop_server(proc)
