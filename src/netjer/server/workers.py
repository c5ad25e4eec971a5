"""The computer players' search workers: processes that never outlive the server.

A search worker is a process of a :class:`SearchPool` (a ``spawn`` process pool).  It ends
when the server ends, however the server ends:

* **a lifeline**: each worker holds the reading end of a pipe whose only writing end is the
  server's; a thread of the worker blocks on it and ends the worker when it reads end-of-file,
  which the kernel delivers as soon as the server's end is closed: by :meth:`SearchPool.shutdown`
  or by the server's death, a SIGKILL included.  A worker started just as the server died
  reads end-of-file at once (the kernel's ``PR_SET_PDEATHSIG`` alone misses that case: it is
  set too late to fire).  It works on every system, without polling.
* **PR_SET_PDEATHSIG** on Linux as well, so the kernel itself kills a worker whose server died.
* **a stop that does not wait for searches**: :meth:`SearchPool.shutdown` closes the lifeline
  first, so the workers end mid-search, then shuts the pool down and lets its queues go, whose
  semaphores are then released (no "leaked semaphore objects" warning when the server stops).

The multiprocessing resource tracker started with the pool ends with the last worker, as it
ends when every holder of its pipe has gone.
"""

from __future__ import annotations

import contextlib
import gc
import multiprocessing
import os
import signal
import threading
from concurrent.futures import ProcessPoolExecutor
from multiprocessing.connection import Connection


class SearchPool(ProcessPoolExecutor):
    """A ``spawn`` process pool whose workers end with the server (see the module's text).

    Args:
        workers: the number of worker processes (started as they are needed).

    Raises:
        ValueError: if ``workers`` is not positive.
    """

    def __init__(self, workers: int) -> None:
        context = multiprocessing.get_context("spawn")
        reader, writer = context.Pipe(duplex=False)
        super().__init__(workers, mp_context=context, initializer=_worker_start, initargs=(reader,))
        self._lifeline_reader: Connection | None = reader  # handed to each worker as it starts
        self._lifeline: Connection | None = writer  # the only writing end: the server's

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """End every worker now (a search in progress is abandoned), then stop the pool.

        Args:
            wait: wait until the pool's own thread has ended and its queues are released
                (quick: the workers have already been told to end).
            cancel_futures: cancel the searches not yet started.
        """
        if self._lifeline is not None:
            self._lifeline.close()  # every worker reads end-of-file and ends
            self._lifeline = None
        super().shutdown(wait=wait, cancel_futures=cancel_futures)
        if wait:
            if self._lifeline_reader is not None:
                self._lifeline_reader.close()
                self._lifeline_reader = None
            # Release the pool's queues now, so their semaphores are unlinked while this
            # process still runs its finalizers (a server stopped by a signal may not).
            gc.collect()


def _worker_start(lifeline: Connection) -> None:
    """Initializer of a search worker.

    It ignores Ctrl-C (the terminal sends SIGINT to the whole process group: the server alone
    decides when to stop, and a worker interrupted mid-search would only hand it a
    KeyboardInterrupt to print), asks Linux to kill it when the server dies, and watches the
    lifeline.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(OSError, AttributeError):  # not Linux: the lifeline suffices
        import ctypes  # noqa: PLC0415 - only in worker processes

        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        pr_set_pdeathsig = 1
        libc.prctl(pr_set_pdeathsig, signal.SIGKILL)
    threading.Thread(target=_watch_lifeline, args=(lifeline,), name="netjer-lifeline", daemon=True).start()


def _watch_lifeline(lifeline: Connection) -> None:
    """Block on the lifeline until the server's end is closed; then end this worker at once."""
    with contextlib.suppress(EOFError, OSError):
        while True:
            lifeline.recv_bytes()  # the server never writes: this returns only at its end
    os._exit(0)
