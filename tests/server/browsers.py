"""Several browsers on one test server: each keeps its own cookies (its session) while they
share one :class:`~fastapi.testclient.TestClient`, so one application with one event loop
serves them all (a second ``TestClient`` entered on the same app would run its lifespan again,
with new services on another loop)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import httpx
from fastapi.testclient import TestClient


class Browser:
    """A browser of its own cookies over ``client``.

    Args:
        client: the running test server (entered with ``with``).
    """

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.cookies = httpx.Cookies()

    @contextlib.contextmanager
    def _mine(self) -> Iterator[None]:
        saved = self.client.cookies
        self.client.cookies = self.cookies
        try:
            yield
        finally:
            self.cookies = self.client.cookies
            self.client.cookies = saved

    def request(self, method: str, url: str, **kwargs: Any) -> httpx.Response:
        """A request with this browser's cookies (and the cookies it sets kept)."""
        with self._mine():
            return self.client.request(method, url, **kwargs)

    def get(self, url: str, **kwargs: Any) -> httpx.Response:
        """``GET`` (see :meth:`request`)."""
        return self.request("GET", url, **kwargs)

    def post(self, url: str, **kwargs: Any) -> httpx.Response:
        """``POST`` (see :meth:`request`)."""
        return self.request("POST", url, **kwargs)

    @contextlib.contextmanager
    def websocket_connect(self, url: str, **kwargs: Any) -> Iterator[Any]:
        """A WebSocket opened with this browser's cookies."""
        with self._mine():
            session = self.client.websocket_connect(url, **kwargs)
            ws = session.__enter__()
        try:
            yield ws
        finally:
            session.__exit__(None, None, None)
