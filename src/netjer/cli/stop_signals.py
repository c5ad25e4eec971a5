"""The terminal closing (SIGHUP) or the process asked to stop (SIGTERM) during a terminal game.

By default either signal ends the process at once: a game killed while its record was being
written left the atomic save's temporary file (``.NAME.json.XXXX``) beside the record, and an
action applied but not yet saved was lost.  :class:`StopSignals` turns them into the exception
:class:`Stopped` instead, so that the game's own exit path runs (the record saved, the temporary
file removed by :func:`netjer.core.record.save_record`), and holds a signal back while a save is
being written (:meth:`StopSignals.held`) so that the save always completes first.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType, TracebackType
from typing import Any

#: The signals handled: the terminal hung up, or a polite request to stop (``kill``, systemd).
STOP_SIGNALS = (signal.SIGHUP, signal.SIGTERM) if hasattr(signal, "SIGHUP") else (signal.SIGTERM,)


class Stopped(BaseException):
    """SIGHUP or SIGTERM arrived.  A ``BaseException``, as ``KeyboardInterrupt`` is, so that no
    ``except Exception`` in an engine or an agent takes it for an error of its own.

    Args:
        signum: the signal's number (the process's exit status is then ``128 + signum``).
    """

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


class StopSignals:
    """A context manager: while active, :data:`STOP_SIGNALS` raise :class:`Stopped` in the main
    thread, except inside :meth:`held`, where the first one waits until the block ends.

    Outside the main thread (where Python cannot set signal handlers) it does nothing, and the
    signals keep their handlers; a signal ignored when it starts (``nohup`` ignores SIGHUP) stays
    ignored.  The handlers in place before are put back on exit.
    """

    def __init__(self) -> None:
        self._previous: dict[int, Any] = {}
        self._holding = 0
        self._pending: int | None = None
        self._quiet = False

    def __enter__(self) -> StopSignals:
        if threading.current_thread() is threading.main_thread():
            for signum in STOP_SIGNALS:
                if signal.getsignal(signum) is signal.SIG_IGN:
                    continue  # ignored on purpose (``nohup``): it stays ignored
                self._previous[signum] = signal.signal(signum, self._on_signal)
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        for signum, handler in self._previous.items():
            signal.signal(signum, handler)
        self._previous.clear()

    def _on_signal(self, signum: int, _frame: FrameType | None) -> None:
        if self._quiet:
            return  # already leaving: a second signal must not break the last save
        if self._holding:
            if self._pending is None:
                self._pending = signum
            return
        raise Stopped(signum)

    @contextmanager
    def held(self) -> Iterator[None]:
        """Hold the signals back for the block (a save being written); one that arrived meanwhile
        raises :class:`Stopped` when the block ends without an error of its own."""
        self._holding += 1
        try:
            yield
        finally:
            self._holding -= 1
        if not self._holding and self._pending is not None:
            signum, self._pending = self._pending, None
            raise Stopped(signum)

    def quiet(self) -> None:
        """Ignore any later signal (the caller is leaving and saves one last time)."""
        self._quiet = True
