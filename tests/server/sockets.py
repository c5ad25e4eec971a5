"""Waiting for a WebSocket message in the server tests, with a time limit that names what was awaited."""

from __future__ import annotations

import queue
import threading
from typing import Any

#: Seconds a test waits for one WebSocket message before it fails (a message that never comes
#: must fail the test, not hang it and CI): far above the milliseconds one takes, even under load.
RECEIVE_TIMEOUT = 30.0


def receive_json(ws: Any, waiting_for: str, timeout: float = RECEIVE_TIMEOUT) -> Any:
    """The next JSON message from ``ws`` (a TestClient WebSocket session).

    TestClient's ``receive_json`` waits without a limit, so it runs in a daemon thread that is
    given up after ``timeout`` seconds (on a failure only; the test is over then). Every test of
    tests/server reads its WebSocket messages through this function
    (tests/server/test_sockets.py checks that none calls ``receive_json()`` itself).

    Args:
        ws: the session of ``TestClient.websocket_connect``.
        waiting_for: the awaited message in words, for the failure's message (``"the first view"``).
        timeout: seconds to wait.

    Returns:
        The message, decoded from JSON.

    Raises:
        AssertionError: no message within ``timeout`` seconds, naming ``waiting_for``.
        WebSocketDisconnect: the server closed the connection (raised by ``receive_json``, passed on).
    """
    box: queue.Queue[tuple[bool, Any]] = queue.Queue()

    def receive() -> None:
        try:
            box.put((True, ws.receive_json()))
        except BaseException as err:  # given to the test's thread
            box.put((False, err))

    threading.Thread(target=receive, daemon=True, name="ws-receive").start()
    try:
        ok, value = box.get(timeout=timeout)
    except queue.Empty:
        raise AssertionError(f"no WebSocket message within {timeout:g} s: waiting for {waiting_for}") from None
    if not ok:
        raise value
    return value
