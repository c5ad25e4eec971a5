"""The computer players' fair service: every table's searches share one pool, served in turn.

Every table's computer seats share the server's search workers (a :class:`SearchPool` sized
to the machine).  A plain first-come-first-served queue lets a table that asks for long
searches, or many such tables, make everyone else wait behind their whole queue.  This
service hands the workers out by **weighted fair queuing on worker time** instead:

* each table keeps the worker-seconds its searches have used so far (``used``);
* a table that starts waiting is first raised to the service's *virtual time* (the ``used``
  of the last search started), so a table earns no credit by idling and a new table does
  not jump ahead of everyone for its whole first minute;
* a free worker takes, among the tables waiting, the one with the smallest
  ``used + expected`` (its *virtual finish time*; ``expected`` is the search's budget in
  seconds, capped by the operator's ``--max-ai-seconds``, or for a budget in iterations the
  time the table's last search took, the cap before its first);
* a table has **at most one search in flight**; its further requests wait in its own queue
  (in order).

Searches marked ``background`` (a game review, :mod:`netjer.server.reviews`) start only when
no other search waits: a review never delays a computer player's move by more than the one
review step already running.

So a table asking for a 0.1 s move while others run searches at the cap waits at most
until one worker frees (at most one capped search), then goes first: it answers within
about twice the cap of one search, however many long searches the other tables have
queued.  Throughput stays shared in proportion to time: a table of long searches still gets
its turn as soon as its ``used`` is the smallest.  Search time is measured, not taken on
trust: a search budgeted in iterations is charged what it really took.

If a worker dies (killed by the system for memory, say), a process pool is *broken* for
good: every search on it fails.  Given ``renew``, the service then replaces the pool and runs
the searches that failed with it once more on the new one (searches are seeded: the same
choice); a search that breaks the new pool too is reported as failed.

The service runs in the server's event loop (no locks); the searches run in the executor.
"""

from __future__ import annotations

import asyncio
import functools
import itertools
import logging
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, TypeVar

log = logging.getLogger("netjer.server")
T = TypeVar("T")

#: Default operator caps: seconds of thinking per move, and the iterations equivalent
#: (about 10 s of ISMCTS on Aton on a 2-core machine of 2026: benchmarks/README.md).
DEFAULT_MAX_SECONDS = 10.0
DEFAULT_MAX_ITERATIONS = 30_000


@dataclass
class _Job:
    function: Callable[..., Any]
    args: tuple[Any, ...]
    expected: float
    future: asyncio.Future[Any]
    queued_at: float
    order: int
    retried: bool = False
    background: bool = False


@dataclass
class _Table:
    used: float = 0.0
    queue: deque[_Job] = field(default_factory=deque)
    busy: bool = False


class FairSearchService:
    """Runs searches of many tables on ``workers`` workers of ``executor``, in fair turn.

    Args:
        executor: where searches run (a :class:`~netjer.server.workers.SearchPool`, or a
            thread pool for tests); its own queue stays empty: the service submits a search
            only when a worker is free.
        workers: how many searches run at once (the executor's workers).
        default_expected: the seconds expected of a search whose length is not known (a
            budget in iterations, before the table's first search): the operator's cap.
        clock: seconds, monotonic (injectable for tests).
        renew: called with a broken executor, returns the one to use instead (None: a
            broken executor stays broken).

    Raises:
        ValueError: if ``workers`` is not positive.
    """

    def __init__(
        self,
        executor: Executor,
        workers: int,
        default_expected: float = DEFAULT_MAX_SECONDS,
        clock: Callable[[], float] = time.monotonic,
        renew: Callable[[Executor], Executor] | None = None,
    ) -> None:
        if workers <= 0:
            raise ValueError(f"workers must be positive, got {workers}")
        self.executor = executor
        self.workers = workers
        self.default_expected = default_expected
        self.clock = clock
        self.renew = renew
        self.renewals = 0
        self._tables: dict[str, _Table] = {}
        self._measured: dict[str, float] = {}  # the last search's seconds, per table
        self._virtual = 0.0
        self._in_flight = 0
        self._order = itertools.count()
        self._closed = False

    # --- what health checks and logs report ----------------------------------------------------

    @property
    def in_flight(self) -> int:
        """Searches running now."""
        return self._in_flight

    @property
    def queued(self) -> int:
        """Searches waiting for a worker."""
        return sum(len(t.queue) for t in self._tables.values())

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` was called (no search is started any more)."""
        return self._closed

    # --- running searches ------------------------------------------------------------------------

    async def run(
        self, table: str, expected: float | None, function: Callable[..., T], *args: Any, background: bool = False
    ) -> T:
        """Run ``function(*args)`` in a worker when it is ``table``'s turn; return its result.

        Args:
            table: the table asking (its searches run one at a time).
            expected: the search's budget in seconds (its priority: shorter goes first among
                tables that have used as much); ``None`` when unknown (a budget in
                iterations): the table's last search's time, else ``default_expected``.
            function: a picklable function (it runs in a worker process).
            background: start it only when no other (foreground) search waits (reviews).

        Raises:
            asyncio.CancelledError: if cancelled (a search not yet started is dropped; one
                running is left to finish, its result discarded) or if the service closes.
            Exception: whatever ``function`` raised.
        """
        if self._closed:
            raise asyncio.CancelledError("the AI service is closed")
        loop = asyncio.get_running_loop()
        state = self._tables.get(table)
        if state is None:
            state = self._tables[table] = _Table()
        if not state.busy and not state.queue:
            state.used = max(state.used, self._virtual)  # no credit for idling
        if expected is None:
            expected = self._measured.get(table, self.default_expected)
        job = _Job(
            function, args, max(expected, 0.0), loop.create_future(), self.clock(), next(self._order), False, background
        )
        state.queue.append(job)
        self._dispatch()
        try:
            result: T = await job.future
            return result
        finally:
            if not job.future.done():  # cancelled while waiting
                job.future.cancel()
            if job in state.queue:
                state.queue.remove(job)
            self._forget_if_idle(table)

    def _dispatch(self) -> None:
        """Start searches while a worker is free, each time for the fairest waiting table."""
        while not self._closed and self._in_flight < self.workers:
            waiting = [(t.queue[0].background, t.used + t.queue[0].expected, t.queue[0].order, name)
                       for name, t in self._tables.items() if t.queue and not t.busy]  # fmt: skip
            if not waiting:
                return
            _, _, _, name = min(waiting)
            state = self._tables[name]
            job = state.queue.popleft()
            if job.future.done():  # cancelled meanwhile
                continue
            state.busy = True
            self._virtual = max(self._virtual, state.used)
            self._in_flight += 1
            started = self.clock()
            log.info(
                "search started",
                extra={
                    "event": "ai_search",
                    "table": name,
                    "wait_ms": round((started - job.queued_at) * 1000, 1),
                    "queue": self.queued,
                    "in_flight": self._in_flight,
                },
            )
            executor = self.executor
            try:
                running = asyncio.get_running_loop().run_in_executor(executor, job.function, *job.args)
            except BrokenProcessPool as err:  # broken before this search could be sent
                running = asyncio.get_running_loop().create_future()
                running.set_exception(err)
            running.add_done_callback(functools.partial(self._finished, name, job, started, executor))

    def _finished(self, name: str, job: _Job, started: float, executor: Executor, done: asyncio.Future[Any]) -> None:
        self._in_flight -= 1
        took = max(self.clock() - started, 0.0)
        self._measured[name] = took
        state = self._tables.get(name)
        if state is not None:
            state.busy = False
            state.used += took
        error = None if done.cancelled() else done.exception()  # always retrieved
        if isinstance(error, BrokenProcessPool) and not self._closed and self.renew is not None:
            if executor is self.executor:  # the first search to find it broken renews it
                log.warning(
                    "a search worker died: the pool is replaced", extra={"event": "ai_pool_renewed", "table": name}
                )
                self.executor = self.renew(executor)
                self.renewals += 1
            if not job.retried and not job.future.done():
                job.retried = True
                job.queued_at = self.clock()
                if state is None:
                    state = self._tables[name] = _Table()
                state.queue.appendleft(job)
                self._dispatch()
                return
        if not job.future.done():
            if self._closed or done.cancelled():
                job.future.cancel()  # abandoned at shutdown: not an error
            elif error is not None:
                job.future.set_exception(error)
            else:
                job.future.set_result(done.result())
        self._forget_if_idle(name)
        self._dispatch()

    def forget(self, table: str) -> None:
        """Drop what is remembered of ``table``'s searches (a finished or unloaded table)."""
        self._measured.pop(table, None)

    def _forget_if_idle(self, name: str) -> None:
        """Drop an idle table's entry once the virtual time has caught up with it (it would be
        raised to the virtual time on its return anyway): memory stays bounded."""
        state = self._tables.get(name)
        if state is not None and not state.busy and not state.queue and state.used <= self._virtual:
            del self._tables[name]

    def close(self) -> None:
        """Start no more searches and cancel those waiting; searches running are abandoned
        (their results discarded, their errors not reported: the pool is being shut down)."""
        if self._closed:
            return
        self._closed = True
        log.info(
            "AI service stopped",
            extra={"event": "ai_stopped", "abandoned": self._in_flight, "cancelled": self.queued},
        )
        for state in self._tables.values():
            while state.queue:
                state.queue.popleft().future.cancel()
