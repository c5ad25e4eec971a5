"""What the table services (:mod:`~netjer.server.lifecycle`, :mod:`~netjer.server.moves`,
:mod:`~netjer.server.process_sync`, :mod:`~netjer.server.endings`) ask of the table manager
(:class:`~netjer.server.tables.TableManager`) that owns them: a protocol, so that the
services and the manager do not import one another."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from netjer.server.audit import AuditTrail
from netjer.server.computer_seats import ComputerSeats
from netjer.server.db import Store
from netjer.server.group_commit import GroupCommit
from netjer.server.moderation import Moderation
from netjer.server.notify import Notifier
from netjer.server.runtime import TableRuntime
from netjer.server.timekeeper import Timekeeper


class TableHost(Protocol):
    """The table manager as its services see it."""

    store: Store
    tables: dict[str, TableRuntime]
    writes: GroupCommit
    now: Callable[[], float]
    computers: ComputerSeats
    clocks: Timekeeper
    news: Notifier | None
    audit: AuditTrail
    moderation: Moderation

    async def get(self, table_id: str) -> TableRuntime:
        """The live table ``table_id`` (loaded if need be; 404 TableError if none)."""

    def moved_on(self, table_id: str, full: bool = False) -> None:
        """Another process changed the table first: catch up."""

    def broadcast(self, rt: TableRuntime) -> Awaitable[None]:
        """Send every listener of ``rt`` its view."""

    def wake(self, rt: TableRuntime) -> None:
        """Let ``rt``'s computer seat (or stand-in) think if it is its turn."""

    def resume_if_back(self, rt: TableRuntime) -> Awaitable[None]:
        """Resume ``rt`` if it is adjourned and every person is back."""

    def view(self, rt: TableRuntime, seat: int | None, log_from: int = 0, chat_from: int = 0) -> dict[str, Any]:
        """What ``seat`` is shown now."""
