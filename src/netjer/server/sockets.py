"""What the server's WebSocket handlers share.

:data:`CLIENT_GONE`: the exceptions that mean the client has gone (it closed the socket, the
connection broke, or a send or a hello timed out): a handler ends quietly on them.
"""

from __future__ import annotations

from fastapi import WebSocketDisconnect
from starlette.websockets import WebSocketDisconnected

CLIENT_GONE: tuple[type[BaseException], ...] = (WebSocketDisconnect, WebSocketDisconnected, TimeoutError, OSError)
