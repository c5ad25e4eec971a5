"""Run ``netjer serve`` as a subprocess (for crash tests, browser tests and load benchmarks)."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx


def free_port() -> int:
    """A TCP port free on loopback right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def running_server(
    db: Path, port: int, *, ai_workers: int = 1, timeout: float = 60.0
) -> Iterator[subprocess.Popen[bytes]]:
    """Start ``python -m netjer serve`` on ``127.0.0.1:port`` with the SQLite file ``db``,
    wait until it answers, and kill it on exit.

    Yields:
        The server process (kill it with SIGKILL to test crash safety).

    Raises:
        RuntimeError: if the server exits or does not answer within ``timeout`` seconds.
    """
    cmd = [
        sys.executable, "-m", "netjer", "serve",
        "--port", str(port), "--db", f"sqlite:///{db}", "--ai-workers", str(ai_workers),
    ]  # fmt: skip
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1.0)
                break
            except httpx.HTTPError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"netjer serve did not start on port {port}") from None
                time.sleep(0.1)
        yield proc
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
