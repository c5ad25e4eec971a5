"""Computer seats at the server: one search per position, and none lost when another part of the
server asks for a search while a computer's move is being submitted."""

from __future__ import annotations

import asyncio
from pathlib import Path

from netjer.server.db import Store
from netjer.server.runtime import TableRuntime
from netjer.server.tables import TableManager


def _race_manager(tmp_path: Path) -> tuple[TableManager, list[int]]:
    """A manager whose every :meth:`Timekeeper.expire` (the first step of every move, the
    computer's included) first asks for a computer search, as the clock ticker or another
    request may do at any moment; and the versions at which searches were started."""
    manager = TableManager(Store(f"sqlite:///{tmp_path / 'r.db'}"), ai_workers=0)
    expire = manager.clocks.expire
    run_ai = manager.computers.run
    started: list[int] = []

    async def racing_expire(rt: TableRuntime) -> set[int]:
        manager.computers.schedule(rt)
        return await expire(rt)

    async def counting_run_ai(rt: TableRuntime, seat: int, version: int) -> None:
        started.append(version)
        await run_ai(rt, seat, version)

    manager.clocks.expire = racing_expire  # type: ignore[method-assign]
    manager.computers.run = counting_run_ai  # type: ignore[method-assign]
    return manager, started


def test_a_search_asked_for_while_the_computer_submits_its_move_neither_doubles_nor_stalls(tmp_path: Path) -> None:
    async def scenario() -> tuple[bool, int, list[int]]:
        manager, started = _race_manager(tmp_path)
        try:
            seats = [{"type": "agent", "agent": "random"}] * 2
            rt, _ = await manager.create("nile", {}, 3, seats)
            for _ in range(2000):  # up to 20 s: a random game of Dioses del Nilo takes well under a second
                if rt.finished:
                    break
                await asyncio.sleep(0.01)
            return rt.finished, rt.version, started
        finally:
            await manager.close()

    finished, version, started = asyncio.run(scenario())
    assert finished, f"the game stalled at version {version}"
    # One search per position the computers moved at: none started twice for one version.
    assert sorted(started) == sorted(set(started))
    assert len(started) == version


def test_a_computer_move_refused_because_the_game_moved_on_is_searched_again(tmp_path: Path) -> None:
    async def scenario() -> tuple[bool, int]:
        manager = TableManager(Store(f"sqlite:///{tmp_path / 'm.db'}"), ai_workers=0)
        play = manager.play
        refused_once: list[bool] = []

        async def first_move_stale(table_id: str, seat: int, version: int, **kwargs: object) -> TableRuntime:
            if kwargs.get("by_computer") and not refused_once:
                refused_once.append(True)
                version -= 1  # as if the position had changed while the computer thought
            return await play(table_id, seat, version, **kwargs)  # type: ignore[arg-type]

        manager.play = first_move_stale  # type: ignore[method-assign]
        try:
            seats = [{"type": "agent", "agent": "random"}] * 2
            rt, _ = await manager.create("nile", {}, 4, seats)
            for _ in range(2000):
                if rt.finished:
                    break
                await asyncio.sleep(0.01)
            return rt.finished, rt.version
        finally:
            await manager.close()

    finished, version = asyncio.run(scenario())
    assert finished, f"the game stalled at version {version} after the refused move"
