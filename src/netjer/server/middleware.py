"""ASGI middleware of the server: request bodies capped as they arrive (:class:`BodyLimit`),
and ``HEAD`` answered wherever ``GET`` is (:class:`HeadAsGet`)."""

from __future__ import annotations

import json

from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from netjer.i18n import N_
from netjer.server.routes.common import error_body, request_language
from netjer.server.runtime import TableError

#: Largest request body accepted (a table with options is well under 10 KB).
MAX_BODY_BYTES = 64_000


class BodyLimit:
    """ASGI middleware refusing request bodies over ``limit`` bytes with 413, counted as they
    arrive, whether the body is sent with a Content-Length or in chunks (a missing or false
    Content-Length does not get round it).

    The body is read here, before the application sees the request, and handed on whole: the
    application never reads a body it would have to give up half-way (FastAPI reports a
    failed read as a 400 "error parsing the body").
    """

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            await _too_large(scope, send, self.limit)
            return
        chunks: list[bytes] = []
        seen = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client left: nobody to answer
                return
            chunk = message.get("body", b"")
            seen += len(chunk)
            if seen > self.limit:
                await _too_large(scope, send, self.limit)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        handed = False

        async def whole_body() -> Message:
            nonlocal handed
            if not handed:
                handed = True
                return {"type": "http.request", "body": b"".join(chunks), "more_body": False}
            return await receive()  # then only the client's leaving

        await self.app(scope, whole_body, send)


class HeadAsGet:
    """ASGI middleware answering ``HEAD`` wherever ``GET`` is served (health checks use it):
    the request is routed as a ``GET`` and the answer's body is dropped, its status and
    headers (``Content-Length`` included) kept.  The original method stays in the scope
    under ``"netjer.method"``, for error messages."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        async def headers_only(message: Message) -> None:
            if message["type"] == "http.response.body":
                if message.get("more_body", False):
                    return
                message = {"type": "http.response.body", "body": b"", "more_body": False}
            await send(message)

        await self.app({**scope, "method": "GET", "netjer.method": "HEAD"}, receive, headers_only)


#: What a request whose body is over the limit is told.
TOO_LARGE = N_("request bodies are limited to {limit} bytes")


async def _too_large(scope: Scope, send: Send, limit: int) -> None:
    """Answer 413 ``too_large`` in the request's language (``{"error", "message"}``: no ``rule``)."""
    refusal = error_body(TableError(413, "too_large", TOO_LARGE, limit=limit), request_language(HTTPConnection(scope)))
    body = json.dumps({"error": refusal["error"], "message": refusal["message"]}).encode()
    await send({"type": "http.response.start", "status": 413, "headers": [(b"content-type", b"application/json")]})
    await send({"type": "http.response.body", "body": body})
