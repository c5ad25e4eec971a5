"""A socket's sender task is stopped for sure (netjer.server.sockets.stop_task): on Python 3.11
``asyncio.wait_for`` can lose a cancellation that arrives as its send completes (bpo-42130), and
a handler once waited for its sender forever (the server's shutdown then logged a traceback)."""

from __future__ import annotations

import asyncio

from netjer.server.sockets import stop_task


def test_a_sender_that_loses_its_first_cancellation_is_stopped_all_the_same() -> None:
    cancellations = []

    async def sender(news: asyncio.Event) -> None:
        try:
            await news.wait()
        except asyncio.CancelledError:
            cancellations.append("lost")  # as wait_for's result returned in place of the cancellation
        await news.wait()  # back to waiting for news that never comes

    async def main() -> bool:
        task = asyncio.create_task(sender(asyncio.Event()))
        await asyncio.sleep(0)  # the sender waits
        await asyncio.wait_for(stop_task(task), timeout=30)
        return task.cancelled()

    assert asyncio.run(main())
    assert cancellations == ["lost"]


def test_a_task_that_ends_on_its_cancellation_or_has_ended_is_waited_for_once() -> None:
    async def main() -> tuple[bool, bool]:
        waiting = asyncio.create_task(asyncio.Event().wait())
        done = asyncio.create_task(asyncio.sleep(0))
        await done
        await stop_task(waiting)
        await stop_task(done)
        return waiting.cancelled(), done.cancelled()

    assert asyncio.run(main()) == (True, False)
