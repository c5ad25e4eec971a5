"""What the server's WebSocket handlers share.

:data:`CLIENT_GONE`: the exceptions that mean the client has gone (it closed the socket, the
connection broke, or a send or a hello timed out): a handler ends quietly on them.
:func:`stop_task`: end a handler's sender task (or a background sweep) for sure.
:func:`receive_text`, :func:`refuse`, :func:`close_quietly` and :func:`watch`: reading a
client's next text message, a last error before closing, closing a socket that may be gone,
and a task whose failure is always logged.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect
from starlette.websockets import WebSocketDisconnected, WebSocketState

from netjer.i18n import N_
from netjer.i18n_sentences import Sentence

log = logging.getLogger("netjer.server")
#: Seconds a new WebSocket has to say hello, and a send may take before the client is dropped.
HELLO_SECONDS = 10.0
SEND_SECONDS = 10.0

CLIENT_GONE: tuple[type[BaseException], ...] = (WebSocketDisconnect, WebSocketDisconnected, TimeoutError, OSError)


#: Seconds :func:`stop_task` waits before it cancels a task again.
STOP_RETRY_SECONDS = 0.5


async def stop_task(task: asyncio.Task[Any]) -> None:
    """Cancel ``task`` and wait until it has ended, cancelling it again while it runs on.

    Why again: on Python 3.11, ``asyncio.wait_for`` returns its awaitable's result when the
    cancellation arrives just as that awaitable completes, and the cancellation is lost
    (CPython bpo-42130, fixed in 3.12).  A socket's sender cancelled during a send then went
    back to waiting for news that never came, its handler waited for it, and the server's
    shutdown cancelled the handler with a traceback in the log (CI, tests/server/test_edges.py).
    A task that ends on its first cancellation is waited for once, as before.

    Args:
        task: the task to stop (it may have ended already).

    Returns:
        When ``task`` is done (cancelled, returned or failed: its outcome is left to whoever
        watches it).
    """
    while not task.done():
        task.cancel()
        await asyncio.wait([task], timeout=STOP_RETRY_SECONDS)


#: The close code for a binary message (RFC 6455 section 7.4.1: "a type of data it cannot
#: accept"): every socket of the server speaks JSON text only.
UNSUPPORTED_DATA = 1003
BINARY_REFUSED = N_("binary messages are not accepted: send JSON text")
#: The hello a table's (or its reviews') socket reads first, in the protocol's notation (shown as
#: it is, in every language).
HELLO_FRAME = '{"type": "hello", "seat": N, "token": "..."}'
#: What a client whose hello is missing or malformed is told (:func:`malformed`).
HELLO_HELP = Sentence(
    N_("first send {hello}, with N the seat's number (null to watch) and its token"), hello=HELLO_FRAME
)
#: The longest close reason a frame carries (RFC 6455 section 5.5: 125 bytes of payload, 2 of
#: them the code).
MAX_REASON_BYTES = 123


class BinaryMessage(ValueError):
    """A client sent a binary message where the server reads JSON text."""


async def receive_text(websocket: WebSocket) -> str:
    """The next text message.

    Raises:
        WebSocketDisconnect: when the client has gone.
        BinaryMessage: for a binary message (a ValueError: a malformed message).
    """
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is None:
        raise BinaryMessage(BINARY_REFUSED)
    return str(text)


def close_reason(text: str) -> str:
    """``text`` cut to what a close frame may carry (:data:`MAX_REASON_BYTES` of UTF-8)."""
    return text.encode("utf-8")[:MAX_REASON_BYTES].decode("utf-8", errors="ignore")


async def refuse(websocket: WebSocket, message: dict[str, Any], code: int) -> None:
    """Send a last error ``message`` and close with ``code``, its ``message`` text as the
    close reason; a client already gone is fine."""
    with contextlib.suppress(*CLIENT_GONE):
        await websocket.send_json(message)
        await websocket.close(code=code, reason=close_reason(str(message.get("message", ""))))


def malformed(help_text: Sentence, language: str) -> dict[str, Any]:
    """The ``error`` message (``bad_request``) that answers a client's malformed message:
    ``help_text`` (what to send instead) told in ``language``, the connection's
    (:func:`netjer.server.routes.common.request_language`)."""
    return {"type": "error", "error": "bad_request", "message": help_text.told(language)}


async def refuse_binary(websocket: WebSocket, language: str) -> None:
    """Refuse a binary message: an ``error`` message (``bad_request``, as any malformed
    message) in ``language``, then close with :data:`UNSUPPORTED_DATA` and the reason."""
    await refuse(websocket, malformed(Sentence(BINARY_REFUSED), language), UNSUPPORTED_DATA)


async def close_quietly(websocket: WebSocket, code: int = 1000) -> None:
    """Close the connection (with ``code``) unless it is closed or the client is gone already."""
    if websocket.application_state != WebSocketState.CONNECTED or websocket.client_state != WebSocketState.CONNECTED:
        return
    with contextlib.suppress(*CLIENT_GONE):
        await asyncio.wait_for(websocket.close(code=code), timeout=SEND_SECONDS)


def watch(task: asyncio.Task[None], what: str) -> asyncio.Task[None]:
    """``task``, whose end is always observed: an error it ends with is logged once (never
    "Task exception was never retrieved"), so it may be cancelled without being awaited."""

    def observe(done: asyncio.Task[None]) -> None:
        if not done.cancelled() and done.exception() is not None:
            log.error("%s failed", what, exc_info=done.exception())

    task.add_done_callback(observe)
    return task
