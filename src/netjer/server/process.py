"""Run ``netjer serve`` as a subprocess: for crash tests, browser tests and load benchmarks;
and a throw-away PostgreSQL (:func:`temporary_postgres`) for several of them at once.

The server runs in its own process group.  Its computer-player worker processes end with it
on their own, however it ends (:mod:`netjer.server.workers`); :func:`kill_server` kills the
whole group at once, as a crash of the machine would, and :func:`stop_server` kills what is
left of the group after a polite stop, as a backstop.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO

import httpx


def free_port() -> int:
    """A TCP port free on loopback right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(
    db: Path | str,
    port: int,
    *,
    ai_workers: int = 1,
    output: IO[bytes] | None = None,
    timeout: float = 60.0,
    create_rate: str = "0/min",
    notices_rate: str = "0/min",
    options: Sequence[str] = (),
) -> subprocess.Popen[bytes]:
    """Start ``python -m netjer serve`` on ``127.0.0.1:port`` with the database ``db`` and
    wait until it answers.

    Args:
        db: a SQLite database file (created if missing), or a database URL (a ``str`` with
            ``://``, e.g. PostgreSQL's).
        port: the port.
        ai_workers: worker processes for computer seats.
        output: where the server's output goes (default: discarded).
        timeout: seconds to wait for it to answer.
        create_rate: its ``--create-rate``: tests and benchmarks create tables faster than
            people do, so no limit by default.
        notices_rate: its ``--notices-rate``: the browser tests open many pages from one
            address, each asking for notices, so no limit by default.
        options: more options of ``netjer serve`` (e.g. ``["--max-ai-seconds", "1"]``).

    Raises:
        RuntimeError: if it exits or does not answer in time (it is then killed).
    """
    url = db if isinstance(db, str) and "://" in db else f"sqlite:///{db}"
    cmd = [
        sys.executable, "-m", "netjer", "serve",
        "--port", str(port), "--db", url, "--ai-workers", str(ai_workers),
        "--create-rate", create_rate, "--notices-rate", notices_rate, *options,
    ]  # fmt: skip
    sink = output if output is not None else subprocess.DEVNULL
    proc = subprocess.Popen(cmd, stdout=sink, stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + timeout
    while True:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1.0)
            return proc
        except httpx.HTTPError:
            if proc.poll() is not None:
                raise RuntimeError(f"netjer serve exited with status {proc.returncode}") from None
            if time.monotonic() > deadline:
                kill_server(proc)
                raise RuntimeError(f"netjer serve did not answer on port {port} within {timeout:.0f} s") from None
            time.sleep(0.1)


def kill_server(proc: subprocess.Popen[bytes]) -> None:
    """SIGKILL the server and its workers at once, as a crash would."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    """Stop the server politely (SIGTERM), then its whole process group."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)  # workers left behind, if any


@contextmanager
def running_server(
    db: Path | str, port: int, *, ai_workers: int = 1, output: IO[bytes] | None = None, options: Sequence[str] = ()
) -> Iterator[subprocess.Popen[bytes]]:
    """:func:`start_server` for the length of a ``with`` block, then :func:`stop_server`."""
    proc = start_server(db, port, ai_workers=ai_workers, output=output, options=options)
    try:
        yield proc
    finally:
        stop_server(proc)


def postgres_bin() -> Path | None:
    """The folder of Debian's PostgreSQL binaries (``initdb``, ``pg_ctl``), if installed."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


@contextmanager
def temporary_postgres(bindir: Path, *, max_connections: int = 100) -> Iterator[str]:
    """A throw-away PostgreSQL cluster for the length of a ``with`` block: made with
    ``initdb`` in a temporary folder, started with ``pg_ctl`` on a free port, listening on a
    Unix socket only (as the ``postgres`` user when run as root: ``initdb`` refuses root),
    stopped and deleted at the end.

    Args:
        bindir: the folder of the PostgreSQL binaries (:func:`postgres_bin`).
        max_connections: the cluster's ``max_connections``.

    Yields:
        The SQLAlchemy URL of its database ``netjer`` (driver psycopg 3).

    Raises:
        subprocess.CalledProcessError: if the cluster cannot be made or started.
    """
    folder = Path(tempfile.mkdtemp(prefix="netjer-pg-"))
    data = folder / "data"
    port = free_port()
    as_user: list[str] = []
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
        as_user = ["runuser", "-u", "postgres", "--"]

    def run(*args: str) -> None:
        subprocess.run([*as_user, *args], capture_output=True, text=True, check=True)

    try:
        run(str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres")
        options = f"-p {port} -k {folder} -c listen_addresses='' -c max_connections={max_connections}"
        run(str(bindir / "pg_ctl"), "-D", str(data), "-w", "-l", str(folder / "log"), "-o", options, "start")
        run(str(bindir / "createdb"), "-h", str(folder), "-p", str(port), "-U", "postgres", "netjer")
        yield f"postgresql+psycopg://postgres@/netjer?host={folder}&port={port}"
    finally:
        subprocess.run(
            [*as_user, str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
            capture_output=True,
            check=False,
        )
        shutil.rmtree(folder, ignore_errors=True)
