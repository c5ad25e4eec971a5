"""Fixtures shared by the server tests: a fake clock and an app on a fresh SQLite database that
reads it (a test module may define its own ``client`` instead)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from netjer.server.app import create_app
from tests.server.fake_time import FakeTime


@pytest.fixture
def fake() -> FakeTime:
    """The clock of :func:`client`'s app, at :data:`~tests.server.fake_time.START`."""
    return FakeTime()


@pytest.fixture
def db(tmp_path: Path) -> str:
    """The URL of a fresh SQLite database (a second app may open it: a restart)."""
    return f"sqlite:///{tmp_path / 'n.db'}"


@pytest.fixture
def client(db: str, fake: FakeTime) -> Iterator[TestClient]:
    """An app on ``db`` with the fake clock and no search workers; a server error is a 500
    answer (what a player would get), not an exception in the test."""
    with TestClient(create_app(db, ai_workers=0, clock=fake), raise_server_exceptions=False) as c:
        yield c
