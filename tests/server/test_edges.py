"""Server edges (issue 18): HEAD, chunked bodies over the limit, clients leaving, workers ending with the server."""

from __future__ import annotations

import base64
import json
import multiprocessing
import os
import signal
import socket
import struct
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from typer.testing import CliRunner
from websockets.sync.client import connect

from netjer.cli.main import app
from netjer.server.app import MAX_BODY_BYTES, create_app
from netjer.server.process import free_port, kill_server, running_server, start_server, stop_server
from netjer.server.workers import SearchPool
from tests.server.test_api import _auth, _create

#: Lines a server must never log: an error nobody observed, a task killed while pending, a
#: crash of a request, a multiprocessing clean-up that was left to the resource tracker.
LOG_ALARMS = (
    "Task exception was never retrieved",
    "Task was destroyed but it is pending",
    "Traceback",
    "Exception in ASGI application",
    "leaked semaphore",
    "ERROR",
)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'n.db'}", ai_workers=0)) as c:
        yield c


# --- HEAD -------------------------------------------------------------------------------


def test_head_is_answered_wherever_get_is(client: TestClient) -> None:
    table = _create(client)
    token = table["tokens"]["0"]
    # The account's routes read the session cookie; a table's invitations, its creator key
    assert (
        client.post("/api/account/signup", json={"name": "Heqet", "password": "frogs of the flood"}).status_code == 201
    )
    routes = [r for r in client.app.routes if isinstance(r, APIRoute) and "GET" in r.methods]  # type: ignore[attr-defined]
    assert len(routes) >= 6
    for route in routes:
        name = "Heqet" if route.path.startswith("/api/players/") else "aton"  # a player's name, else a game's
        path = route.path.replace("{table_id}", table["id"]).replace("{name}", name)
        params = {"seat": 0} if path.endswith(("/view", "/replay")) else {}
        key = table["creator_key"] if path.endswith("/invitations") else token
        get = client.get(path, params=params, headers=_auth(key))
        head = client.head(path, params=params, headers=_auth(key))
        assert get.status_code == 200, path
        assert head.status_code == 200, path
        assert head.content == b"", path
        assert head.headers["content-type"] == get.headers["content-type"], path
        assert head.headers["content-length"] == get.headers["content-length"], path
    for path in ("/static/table.js", "/api/tables/nope/view"):  # static files, and a refusal
        assert client.head(path).status_code == client.get(path).status_code


def test_head_where_only_post_is_served_is_a_405_naming_head(client: TestClient) -> None:
    r = client.head("/api/tables/abc/moves")
    assert r.status_code == 405 and r.content == b""
    r = client.put("/api/games")
    assert r.status_code == 405 and "PUT" in r.json()["message"]
    assert {m.strip() for m in r.headers["allow"].split(",")} == {"GET", "HEAD"}


# --- bodies over the limit ----------------------------------------------------------------


def _chunks(size: int, piece: int = 8192) -> Iterator[bytes]:
    """A JSON body of about ``size`` bytes in pieces (sent chunked: no Content-Length)."""
    yield b'{"game": "aton", "seats": [], "padding": "'
    for start in range(0, size, piece):
        yield b"x" * min(piece, size - start)
    yield b'"}'


def test_a_chunked_body_over_the_limit_is_413(client: TestClient) -> None:
    r = client.post("/api/tables", content=_chunks(2_000_000), headers={"Content-Type": "application/json"})
    assert r.status_code == 413 and r.json()["error"] == "too_large"
    assert r.request.headers.get("transfer-encoding") == "chunked" and "content-length" not in r.request.headers
    # Just under the limit, chunked: read whole and judged on its content.
    r = client.post("/api/tables", content=_chunks(MAX_BODY_BYTES - 200), headers={"Content-Type": "application/json"})
    assert r.status_code == 422


@pytest.mark.slow
def test_a_chunked_body_over_the_limit_is_413_from_the_real_server(tmp_path: Path) -> None:
    port = free_port()
    with running_server(tmp_path / "n.db", port, ai_workers=0):
        r = httpx.post(
            f"http://127.0.0.1:{port}/api/tables",
            content=_chunks(2_000_000),
            headers={"Content-Type": "application/json"},
            timeout=30,
        )
    assert r.status_code == 413 and r.json()["error"] == "too_large"


# --- WebSocket compression ---------------------------------------------------------------


@pytest.mark.parametrize(("args", "deflate"), [([], True), (["--no-ws-deflate"], False), (["--ws-deflate"], True)])
def test_serve_passes_ws_deflate_to_uvicorn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], deflate: bool
) -> None:
    seen: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda application, **options: seen.update(options))
    result = CliRunner().invoke(app, ["serve", "--db", f"sqlite:///{tmp_path / 'n.db'}", "--ai-workers", "0", *args])
    assert result.exit_code == 0, result.output
    assert seen["ws_per_message_deflate"] is deflate


@pytest.mark.slow
def test_no_ws_deflate_serves_uncompressed_websockets(tmp_path: Path) -> None:
    for options, offered in (([], True), (["--no-ws-deflate"], False)):
        port = free_port()
        with (
            running_server(tmp_path / f"{offered}.db", port, ai_workers=0, options=options),
            connect(f"ws://127.0.0.1:{port}/ws/echo", compression="deflate") as ws,
        ):
            extensions = ws.response.headers.get("Sec-WebSocket-Extensions") or ""
            ws.send("ping")
            assert ws.recv() == "ping"
        assert ("permessage-deflate" in extensions) is offered


# --- clients that leave -------------------------------------------------------------------


class RawSocket:
    """A WebSocket client on a bare socket, so that it can leave in any way: close frame,
    half-close, or a reset with nothing said."""

    def __init__(self, port: int, path: str) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            (
                f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )
        answer = b""
        while b"\r\n\r\n" not in answer:
            answer += self.sock.recv(4096)
        assert answer.startswith(b"HTTP/1.1 101"), answer
        self.buffer = answer.split(b"\r\n\r\n", 1)[1]

    def send(self, data: dict[str, Any], opcode: int = 1) -> None:
        payload = json.dumps(data).encode()
        mask = os.urandom(4)
        head = bytes([0x80 | opcode])
        if len(payload) < 126:
            head += bytes([0x80 | len(payload)])
        else:
            head += bytes([0x80 | 126]) + struct.pack("!H", len(payload))
        self.sock.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def receive(self) -> dict[str, Any]:
        """The next text message (control frames skipped)."""
        while True:
            while len(self.buffer) < 2:
                self.buffer += self.sock.recv(65536)
            length = self.buffer[1] & 0x7F
            start = 2
            if length == 126:
                length, start = struct.unpack("!H", self.buffer[2:4])[0], 4
            elif length == 127:
                length, start = struct.unpack("!Q", self.buffer[2:10])[0], 10
            while len(self.buffer) < start + length:
                self.buffer += self.sock.recv(65536)
            opcode = self.buffer[0] & 0x0F
            payload = self.buffer[start : start + length]
            self.buffer = self.buffer[start + length :]
            if opcode == 1:
                message: dict[str, Any] = json.loads(payload)
                return message

    def leave(self, how: str) -> None:
        """``close`` (a close frame, then the socket), ``half`` (FIN, no close frame) or
        ``reset`` (RST: the connection dropped with nothing said)."""
        if how == "close":
            mask = os.urandom(4)
            self.sock.sendall(bytes([0x88, 0x82]) + mask + bytes(b ^ mask[i] for i, b in enumerate(b"\x03\xe8")))
        elif how == "half":
            self.sock.shutdown(socket.SHUT_WR)
        elif how == "reset":
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.sock.close()


def _check_log(text: str) -> None:
    for alarm in LOG_ALARMS:
        assert alarm not in text, text[-4000:]


@pytest.mark.parametrize(
    "how", [pytest.param("close", marks=pytest.mark.slow), pytest.param("half", marks=pytest.mark.slow), "reset"]
)
def test_clients_leaving_in_every_way_leave_no_task_error_in_the_log(tmp_path: Path, how: str) -> None:
    port = free_port()
    log = tmp_path / "server.log"
    base = f"http://127.0.0.1:{port}"
    with log.open("wb") as out:
        proc = start_server(tmp_path / "n.db", port, ai_workers=0, output=out)
        try:
            duel = httpx.post(
                f"{base}/api/tables", json={"game": "aton", "seed": 3, "seats": [{"type": "human"}] * 2}
            ).json()
            vs_ai = httpx.post(
                f"{base}/api/tables",
                json={"game": "aton", "seed": 4, "seats": [{"type": "human"}, {"type": "agent", "agent": "random"}]},
            ).json()
            path = f"/ws/tables/{duel['id']}"
            hello = {"type": "hello", "seat": 0, "token": duel["tokens"]["0"]}
            ai_hello = {"type": "hello", "seat": 0, "token": vs_ai["tokens"]["0"]}
            for _ in range(2):
                RawSocket(port, path).leave(how)  # before hello
                ws = RawSocket(port, path)
                ws.send({"type": "hello", "seat": 0, "token": "wrong"})
                ws.leave(how)  # while being refused
                ws = RawSocket(port, path)
                ws.send(hello)
                ws.leave(how)  # before its first view is sent
                ws = RawSocket(port, path)
                ws.send(hello)
                ws.receive()
                ws.send({"type": "ping"})
                ws.leave(how)  # mid-view: a reply on its way
                watcher = RawSocket(port, path)
                watcher.send({"type": "hello", "seat": None})
                watcher.receive()
                ws = RawSocket(port, f"/ws/tables/{vs_ai['id']}")
                ws.send(ai_hello)
                view = ws.receive()
                ws.send({"type": "move", "version": view["version"], "index": 0})
                ws.leave(how)  # during a move (the computer answers it while the client is gone)
                watcher.leave(how)
            # The table still plays after all that: the move and the computer's answer.
            deadline = time.monotonic() + 20
            while True:
                r = httpx.get(f"{base}/api/tables/{vs_ai['id']}/view")
                assert r.status_code == 200
                if r.json()["version"] >= 2:
                    break
                assert time.monotonic() < deadline, r.json()
                time.sleep(0.05)
        finally:
            stop_server(proc)
    _check_log(log.read_text(errors="replace"))


# --- workers that end with the server -----------------------------------------------------


def _sleep(seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


def _living_children() -> list[multiprocessing.process.BaseProcess]:
    deadline = time.monotonic() + 10
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.05)
    return multiprocessing.active_children()


def test_a_stopped_pool_ends_its_workers_mid_task() -> None:
    pool = SearchPool(1)
    assert pool.submit(os.getpid).result(timeout=60) != os.getpid()
    pool.submit(_sleep, 600)  # a search that would run for ten minutes
    time.sleep(0.5)
    started = time.monotonic()
    pool.shutdown(wait=True, cancel_futures=True)
    assert time.monotonic() - started < 10
    assert _living_children() == []


def test_a_worker_still_starting_when_the_pool_stops_ends_too() -> None:
    # The case PR_SET_PDEATHSIG misses: the server gone before the worker set it up.
    pool = SearchPool(1)
    pool.submit(_sleep, 600)
    pool.shutdown(wait=False, cancel_futures=False)  # at once: the worker is still importing
    assert _living_children() == []


def _descendants(pid: int) -> set[int]:
    """Processes whose parent is ``pid`` (Linux ``/proc``), zombies left out."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                found.add(int(entry.name))
    return found


def _command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_text(errors="replace")
    except OSError:  # ended meanwhile
        return ""


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _searching_server(tmp_path: Path, out: Any) -> tuple[Any, set[int]]:
    """A server subprocess with two computer seats searching; its worker processes."""
    port = free_port()
    proc = start_server(tmp_path / "n.db", port, ai_workers=1, output=out)
    seats = [{"type": "agent", "agent": "ismcts:time=5"}] * 2
    r = httpx.post(f"http://127.0.0.1:{port}/api/tables", json={"game": "aton", "seed": 5, "seats": seats})
    assert r.status_code == 201
    deadline = time.monotonic() + 60
    while not any("multiprocessing.spawn" in _command_line(p) for p in _descendants(proc.pid)):
        assert time.monotonic() < deadline, "no search worker started"
        time.sleep(0.1)
    time.sleep(1.0)  # well into a 5-second search
    return proc, _descendants(proc.pid)


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_workers_end_when_the_server_is_killed_mid_search(tmp_path: Path) -> None:
    proc, workers = _searching_server(tmp_path, None)
    try:
        assert workers
        os.kill(proc.pid, signal.SIGKILL)  # the server alone, as the kernel's OOM killer would
        proc.wait(timeout=10)
        deadline = time.monotonic() + 5
        while any(_alive(p) for p in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert [p for p in workers if _alive(p)] == []
    finally:
        kill_server(proc)


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_normal_stop_mid_search_ends_the_workers_and_leaks_nothing(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    with log.open("wb") as out:
        proc, workers = _searching_server(tmp_path, out)
        try:
            proc.terminate()
            proc.wait(timeout=20)
            deadline = time.monotonic() + 5
            while any(_alive(p) for p in workers) and time.monotonic() < deadline:
                time.sleep(0.1)
            assert [p for p in workers if _alive(p)] == []
        finally:
            kill_server(proc)
    _check_log(log.read_text(errors="replace"))
