"""The server on PostgreSQL: the same API tests on a real PostgreSQL server.

A throw-away cluster is made with ``initdb`` in a temporary folder and started with
``pg_ctl`` on a free port (as the ``postgres`` user when the tests run as root).  The
binaries come from Debian's ``postgresql`` package, installed with apt-get if missing.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from netjer.server.app import create_app
from netjer.server.process import postgres_bin, temporary_postgres
from tests.server.test_api import _auth, _create, _play_to_end


def _install() -> Path | None:
    if postgres_bin() is None and shutil.which("apt-get") and os.geteuid() == 0:
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        for cmd in (["apt-get", "install", "-y", "-q", "postgresql"], ["apt-get", "update", "-q"],
                    ["apt-get", "install", "-y", "-q", "postgresql"]):  # fmt: skip
            subprocess.run(cmd, env=env, capture_output=True, check=False)
            if postgres_bin() is not None:
                break
    return postgres_bin()


@contextlib.contextmanager
def throwaway_postgres() -> Iterator[str]:
    """The URL of a throw-away PostgreSQL, stopped and removed on leaving (the test is skipped
    if one cannot be had)."""
    pytest.importorskip("psycopg")
    bindir = _install()
    if bindir is None:
        pytest.skip("PostgreSQL is not installed and could not be installed with apt-get")
    with temporary_postgres(bindir) as url:
        yield url


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    """A throw-away PostgreSQL for the module's tests (skipped if it cannot be had)."""
    with throwaway_postgres() as url:
        yield url


def test_play_a_game_and_restart_on_postgresql(postgres_url: str) -> None:
    with TestClient(create_app(postgres_url, ai_workers=0)) as client:
        data = _create(client)
        view = _play_to_end(client, data["id"], 0, data["tokens"]["0"])
        assert view["finished"]
    with TestClient(create_app(postgres_url, ai_workers=0)) as client:  # the schema is already there
        again = client.get(f"/api/tables/{data['id']}/view", params={"seat": 0}, headers=_auth(data["tokens"]["0"]))
        assert again.json()["version"] == view["version"] and again.json()["finished"]
