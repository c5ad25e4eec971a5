"""Structured logs of the server: one JSON object per line, through the standard ``logging``.

Every record becomes ``{"time", "level", "logger", "message", ...}`` plus the fields given
in its ``extra`` (``event``: ``table_created``, ``move``, ``ai_search``, ...; then the
event's figures, e.g. ``latency_ms``), and ``error`` with the traceback for an exception.
"""

from __future__ import annotations

import json
import logging
import sys
from datetime import UTC, datetime
from typing import IO

#: Attributes every LogRecord has: not copied as extra fields.
_STANDARD = set(vars(logging.LogRecord("x", logging.INFO, "x", 0, "x", None, None))) | {"message", "asctime"}


class JsonFormatter(logging.Formatter):
    """Formats a record as one line of JSON (see the module's text)."""

    def format(self, record: logging.LogRecord) -> str:
        """The record as JSON: time (UTC, ISO 8601), level, logger, message, extra fields."""
        out: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in _STANDARD and not key.startswith("_"):
                out[key] = value
        if record.exc_info:
            out["error"] = self.formatException(record.exc_info)
        return json.dumps(out, default=str)


def configure_json_logging(stream: IO[str] | None = None, level: int = logging.INFO) -> logging.Handler:
    """Send the ``netjer`` loggers' records to ``stream`` (default: stderr) as JSON lines.

    Returns the handler installed (replacing one installed before by this function).
    """
    logger = logging.getLogger("netjer")
    for handler in list(logger.handlers):
        if getattr(handler, "netjer_json", False):
            logger.removeHandler(handler)
    handler = logging.StreamHandler(stream if stream is not None else sys.stderr)
    handler.setFormatter(JsonFormatter())
    handler.netjer_json = True  # type: ignore[attr-defined]
    handler.netjer_before = (logger.level, logger.propagate)  # type: ignore[attr-defined]
    logger.addHandler(handler)
    logger.setLevel(level)
    logger.propagate = False
    return handler


def remove_json_logging(handler: logging.Handler) -> None:
    """Undo :func:`configure_json_logging`: remove ``handler`` and give the ``netjer`` logger
    back the level and propagation it had.  (A handler left behind would write to a stream
    that may be closed by then, e.g. a command run in a test, and keep records from the root
    logger.)"""
    logger = logging.getLogger("netjer")
    logger.removeHandler(handler)
    level, propagate = getattr(handler, "netjer_before", (logging.NOTSET, True))
    logger.setLevel(level)
    logger.propagate = propagate
