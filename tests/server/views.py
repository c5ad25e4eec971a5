"""What the server's views show of an observation, for tests that compare them with the engine's."""

from __future__ import annotations

from typing import Any


def shown(observation: dict[str, Any]) -> dict[str, Any]:
    """``observation`` as a view carries it: without the game's ``log`` (the view's own ``log``
    carries that once, from ``log_from`` on: :meth:`netjer.server.tables.TableManager.view`)."""
    return {key: value for key, value in observation.items() if key != "log"}
