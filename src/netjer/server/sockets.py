"""What the server's WebSocket handlers share.

:data:`CLIENT_GONE`: the exceptions that mean the client has gone (it closed the socket, the
connection broke, or a send or a hello timed out): a handler ends quietly on them.
:func:`stop_task`: end a handler's sender task (or a background sweep) for sure.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import WebSocketDisconnect
from starlette.websockets import WebSocketDisconnected

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
