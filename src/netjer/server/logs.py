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


#: The loggers whose records the server writes: its own, uvicorn's (its errors, such as
#: "Exception in ASGI application", and its warnings) and Python's warnings
#: (:func:`logging.captureWarnings`).
LOGGERS = ("netjer", "uvicorn", "py.warnings")


def configure_json_logging(stream: IO[str] | None = None, level: int = logging.INFO) -> logging.Handler:
    """Send the records of :data:`LOGGERS` to ``stream`` (default: stderr) as JSON lines, and
    Python's warnings through them: with uvicorn started with ``log_config=None`` (no handlers
    of its own), every line the server writes there is JSON.

    Returns the handler installed (replacing one installed before by this function).
    """
    handler = logging.StreamHandler(stream if stream is not None else sys.stderr)
    handler.setFormatter(JsonFormatter())
    handler.netjer_json = True  # type: ignore[attr-defined]
    before: dict[str, tuple[int, bool]] = {}
    for name in LOGGERS:
        logger = logging.getLogger(name)
        for old in list(logger.handlers):
            if getattr(old, "netjer_json", False):
                logger.removeHandler(old)
        before[name] = (logger.level, logger.propagate)
        logger.addHandler(handler)
        logger.propagate = False
    logging.getLogger("netjer").setLevel(level)
    handler.netjer_before = before  # type: ignore[attr-defined]
    logging.captureWarnings(True)
    return handler


def remove_json_logging(handler: logging.Handler) -> None:
    """Undo :func:`configure_json_logging`: remove ``handler`` and give the loggers back the
    level and propagation they had, and warnings their own output.  (A handler left behind
    would write to a stream that may be closed by then, e.g. a command run in a test, and keep
    records from the root logger.)"""
    before: dict[str, tuple[int, bool]] = getattr(handler, "netjer_before", {})
    for name in LOGGERS:
        logger = logging.getLogger(name)
        logger.removeHandler(handler)
        level, propagate = before.get(name, (logging.NOTSET, True))
        logger.setLevel(level)
        logger.propagate = propagate
    logging.captureWarnings(False)
