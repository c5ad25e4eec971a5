"""Run ``netjer serve`` as a subprocess: for crash tests, browser tests and load benchmarks.

The server runs in its own process group.  Its computer-player worker processes end with it
on their own, however it ends (:mod:`netjer.server.workers`); :func:`kill_server` kills the
whole group at once, as a crash of the machine would, and :func:`stop_server` kills what is
left of the group after a polite stop, as a backstop.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
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
    db: Path,
    port: int,
    *,
    ai_workers: int = 1,
    output: IO[bytes] | None = None,
    timeout: float = 60.0,
    create_rate: str = "0/min",
    options: Sequence[str] = (),
) -> subprocess.Popen[bytes]:
    """Start ``python -m netjer serve`` on ``127.0.0.1:port`` with the SQLite file ``db`` and
    wait until it answers.

    Args:
        db: the database file (created if missing).
        port: the port.
        ai_workers: worker processes for computer seats.
        output: where the server's output goes (default: discarded).
        timeout: seconds to wait for it to answer.
        create_rate: its ``--create-rate``: tests and benchmarks create tables faster than
            people do, so no limit by default.
        options: more options of ``netjer serve`` (e.g. ``["--max-ai-seconds", "1"]``).

    Raises:
        RuntimeError: if it exits or does not answer in time (it is then killed).
    """
    cmd = [
        sys.executable, "-m", "netjer", "serve",
        "--port", str(port), "--db", f"sqlite:///{db}", "--ai-workers", str(ai_workers),
        "--create-rate", create_rate, *options,
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
    db: Path, port: int, *, ai_workers: int = 1, output: IO[bytes] | None = None, options: Sequence[str] = ()
) -> Iterator[subprocess.Popen[bytes]]:
    """:func:`start_server` for the length of a ``with`` block, then :func:`stop_server`."""
    proc = start_server(db, port, ai_workers=ai_workers, output=output, options=options)
    try:
        yield proc
    finally:
        stop_server(proc)
