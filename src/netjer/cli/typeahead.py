"""Input typed before a prompt is shown belongs to no prompt: it is thrown away.

A key pressed while the computer thinks (or while the screen is being drawn) waits in the
terminal's input queue; the next ``input()`` would read it as the answer to a question the
player has not seen yet (issue 33: ``1`` + Enter typed during the computer's turn was played as
the next move).  Before each prompt on a terminal, :func:`discard_typeahead` empties that queue
with ``termios.tcflush(TCIFLUSH)`` and says whether anything was in it, so that the player can
be told.  Off a terminal (a pipe, a file, a test's scripted input) nothing is discarded: there
every line is meant for the prompts in turn.
"""

from __future__ import annotations

import sys
from typing import TextIO


def _pending_bytes(fd: int) -> int:
    """Bytes waiting in the terminal's input queue (``FIONREAD``); 0 where it cannot be asked."""
    import array  # noqa: PLC0415 - only on a terminal
    import fcntl  # noqa: PLC0415 - POSIX only
    import termios  # noqa: PLC0415 - POSIX only

    buf = array.array("i", [0])
    try:
        fcntl.ioctl(fd, termios.FIONREAD, buf, True)
    except OSError:
        return 0
    return int(buf[0])


def discard_typeahead(stream: TextIO | None = None) -> bool:
    """Throw away what was typed on ``stream`` (default ``sys.stdin``) and not read yet.

    Args:
        stream: the input stream; nothing is done unless it is a terminal.

    Returns:
        True if something was waiting and was thrown away; False if nothing was, or if the
        stream is not a terminal, or the platform has no ``termios`` (Windows).
    """
    stream = sys.stdin if stream is None else stream
    try:
        if not stream.isatty():
            return False
        fd = stream.fileno()
        import termios  # noqa: PLC0415 - POSIX only
    except (AttributeError, ValueError, OSError, ImportError):
        return False
    pending = _pending_bytes(fd)
    try:
        termios.tcflush(fd, termios.TCIFLUSH)
    except termios.error:
        return False
    return pending > 0
