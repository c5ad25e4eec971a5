"""The server on PostgreSQL: the same API tests on a real PostgreSQL server.

A throw-away cluster is made with ``initdb`` in a temporary folder and started with
``pg_ctl`` on a free port (as the ``postgres`` user when the tests run as root).  The
binaries come from Debian's ``postgresql`` package, installed with apt-get if missing.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from netjer.server.app import create_app
from netjer.server.process import free_port
from tests.server.test_api import _auth, _create, _play_to_end


def _pg_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


def _install() -> Path | None:
    if _pg_bin() is None and shutil.which("apt-get") and os.geteuid() == 0:
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        for cmd in (["apt-get", "install", "-y", "-q", "postgresql"], ["apt-get", "update", "-q"],
                    ["apt-get", "install", "-y", "-q", "postgresql"]):  # fmt: skip
            subprocess.run(cmd, env=env, capture_output=True, check=False)
            if _pg_bin() is not None:
                break
    return _pg_bin()


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    pytest.importorskip("psycopg")
    bindir = _install()
    if bindir is None:
        pytest.skip("PostgreSQL is not installed and could not be installed with apt-get")
    folder = Path(tempfile.mkdtemp(prefix="netjer-pg-"))
    data = folder / "data"
    port = free_port()
    as_user: list[str] = []
    if os.geteuid() == 0:  # initdb refuses to run as root
        shutil.chown(folder, "postgres")
        as_user = ["runuser", "-u", "postgres", "--"]
    run = lambda *args: subprocess.run([*as_user, *args], capture_output=True, text=True, check=True)  # noqa: E731
    run(str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres")
    run(str(bindir / "pg_ctl"), "-D", str(data), "-w", "-l", str(folder / "log"),
        "-o", f"-p {port} -k {folder} -c listen_addresses=''", "start")  # fmt: skip
    try:
        run(str(bindir / "createdb"), "-h", str(folder), "-p", str(port), "-U", "postgres", "netjer")
        yield f"postgresql+psycopg://postgres@/netjer?host={folder}&port={port}"
    finally:
        subprocess.run(
            [*as_user, str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
            capture_output=True,
            check=False,
        )
        shutil.rmtree(folder, ignore_errors=True)


def test_play_a_game_and_restart_on_postgresql(postgres_url: str) -> None:
    with TestClient(create_app(postgres_url, ai_workers=0)) as client:
        data = _create(client)
        view = _play_to_end(client, data["id"], 0, data["tokens"]["0"])
        assert view["finished"]
    with TestClient(create_app(postgres_url, ai_workers=0)) as client:  # the schema is already there
        again = client.get(f"/api/tables/{data['id']}/view", params={"seat": 0}, headers=_auth(data["tokens"]["0"]))
        assert again.json()["version"] == view["version"] and again.json()["finished"]
