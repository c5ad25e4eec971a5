"""A database that goes away answers 503 (REST) or an error (WebSocket); bad --db URLs are refused clearly."""

from __future__ import annotations

import asyncio
import logging
import os
from pathlib import Path
from typing import Any, NoReturn

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine
from sqlalchemy.exc import OperationalError
from typer.testing import CliRunner

from netjer.cli.main import app as cli
from netjer.server.app import create_app
from netjer.server.db import AlreadyServed, single_process_lock
from netjer.server.leases import Leases
from tests.server.sockets import receive_json
from tests.server.test_api import _auth, _create

HUMANS = [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bob"}]


def _down(*_args: Any, **_kwargs: Any) -> NoReturn:
    """What psycopg raises, through SQLAlchemy, while PostgreSQL is stopped."""
    raise OperationalError("SELECT 1", {}, ConnectionError('connection to server on socket "/run/x" failed'))


@pytest.fixture
def client(tmp_path: Path) -> Any:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'n.db'}", ai_workers=0)) as c:
        yield c


def test_a_request_while_the_database_is_down_gets_503_and_nothing_is_applied(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = _create(client, seats=HUMANS)
    table, token = data["id"], data["tokens"]["0"]
    store = client.app.state.manager.store  # type: ignore[attr-defined]
    monkeypatch.setattr(store, "write", _down)
    monkeypatch.setattr(store, "tables", _down)
    r = client.post(f"/api/tables/{table}/moves", json={"seat": 0, "version": 0, "index": 0}, headers=_auth(token))
    assert r.status_code == 503, r.text
    assert r.json()["error"] == "unavailable" and "try again" in r.json()["message"]
    assert int(r.headers["Retry-After"]) > 0
    assert client.get("/api/tables").status_code == 503
    monkeypatch.undo()  # the database is back: the move was not applied, and can be made
    assert client.get(f"/api/tables/{table}/view", params={"seat": 0}, headers=_auth(token)).json()["version"] == 0
    r = client.post(f"/api/tables/{table}/moves", json={"seat": 0, "version": 0, "index": 0}, headers=_auth(token))
    assert r.status_code == 200 and r.json()["version"] == 1


def test_a_websocket_move_while_the_database_is_down_gets_an_error_and_the_socket_stays(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = _create(client, seats=HUMANS)
    table, token = data["id"], data["tokens"]["0"]
    store = client.app.state.manager.store  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": token})
        assert receive_json(ws, "the first view")["version"] == 0
        monkeypatch.setattr(store, "write", _down)
        ws.send_json({"type": "move", "version": 0, "index": 0})
        error = receive_json(ws, "the refusal while the database is down")
        assert error["type"] == "error" and error["error"] == "unavailable", error
        assert receive_json(ws, "the current view, unchanged, after the refusal")["version"] == 0
        monkeypatch.undo()
        ws.send_json({"type": "move", "version": 0, "index": 0})
        assert receive_json(ws, "the view after the move")["version"] == 1


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("sqlite://", "is an in-memory SQLite database"),
        ("sqlite:///:memory:", "is an in-memory SQLite database"),
        ("postgres://u@h/db", "unknown kind of database; give sqlite:///FILE or postgresql+psycopg://"),
    ],
)
def test_a_db_url_the_server_cannot_serve_is_refused_with_a_sentence(url: str, message: str) -> None:
    result = CliRunner().invoke(cli, ["serve", "--db", url, "--port", "1"], env={"COLUMNS": "200"})
    output = " ".join(result.output.split())
    assert result.exit_code == 2 and message in output, result.output
    assert "Traceback" not in result.output


def test_a_serve_that_could_not_start_leaves_the_process_logging_as_it_was() -> None:
    logger = logging.getLogger("netjer")
    before = (list(logger.handlers), logger.level, logger.propagate)
    result = CliRunner().invoke(cli, ["serve", "--db", "postgres://u@h/db", "--port", "1"], env={"COLUMNS": "200"})
    assert result.exit_code == 2
    # No handler left on the command's (now closed) output: later records would fail to be
    # written, and would not reach the root logger's handlers (pytest's caplog among them).
    assert (list(logger.handlers), logger.level, logger.propagate) == before


def test_a_database_reached_through_a_symbolic_link_is_still_served_by_one_process(tmp_path: Path) -> None:
    (tmp_path / "n.db").touch()
    os.symlink(tmp_path / "n.db", tmp_path / "link.db")
    held = single_process_lock(f"sqlite:///{tmp_path / 'n.db'}")
    assert held is not None
    try:
        with pytest.raises(AlreadyServed):
            single_process_lock(f"sqlite:///{tmp_path / 'link.db'}")
        with pytest.raises(AlreadyServed):
            single_process_lock(f"sqlite:///{tmp_path / 'sub' / '..' / 'n.db'}")
    finally:
        held.close()


def test_a_lease_sweep_failing_while_the_database_is_down_logs_one_line(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    leases = Leases(create_engine("sqlite://"), "me", ttl=0.03)
    sweeps = []

    async def sweep(_manager: Any) -> None:
        sweeps.append(1)
        if len(sweeps) > 1:
            raise asyncio.CancelledError
        _down()

    monkeypatch.setattr(leases, "sweep", sweep)
    with caplog.at_level(logging.WARNING, logger="netjer.server"), pytest.raises(asyncio.CancelledError):
        asyncio.run(leases.run(None))  # type: ignore[arg-type]
    [record] = [r for r in caplog.records if "lease sweep failed" in r.getMessage()]
    assert record.exc_info is None and 'socket "/run/x" failed' in record.getMessage()
