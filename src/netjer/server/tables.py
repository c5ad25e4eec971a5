"""Live tables: the state of each game in memory, rebuilt from the database by replay
(:mod:`netjer.server.table_loading`).  :class:`TableManager` holds them and who listens to
them; its services each own one concern: a table's creation, seats and deletion
(:mod:`~netjer.server.lifecycle`), moves and undos (:mod:`~netjer.server.moves`), the clocks
(:mod:`~netjer.server.timekeeper`), the computer seats (:mod:`~netjer.server.computer_seats`),
and several server processes (:mod:`~netjer.server.process_sync`).

A move goes through :meth:`TableManager.play`: under the table's lock it is checked against
the version the player saw, against the rules, and then **committed to the database before
anyone is told of it**; only then is the in-memory state advanced and every connected seat
sent its own view.  A computer seat's move is computed in a worker pool off the event loop
(so a thinking bot never blocks other tables) and then goes through the same path.

Tables with a time control (:mod:`netjer.server.clocks`) are watched by a ticker: when the
running seat's time is up, the table's setting decides: the computer (the heuristic agent)
plays for that seat until its person takes the seat back, or the seat is out and loses.  The
clocks' state is committed with each action and event, so a restart continues them.  The same
rule applies to a person who must act and has had no connection (no WebSocket open, no request)
for the table's deadline (:meth:`ClockSettings.absence_limit`): they count as gone.

In a window of simultaneous choices (:meth:`netjer.core.state.State.simultaneous_window`:
Aton's exchange decisions and cartouches, Ankh's Battle cards and Plague bids) every seat
that must still choose may choose at once, and its clock runs.  A choice made before the
engine reaches that seat is stored (``pending_choices``) and applied when the engine gets
there, in the engine's order; the others learn only *that* the seat has chosen.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from netjer.i18n import N_
from netjer.server.accounts.identity import account_of
from netjer.server.ai_service import DEFAULT_MAX_ITERATIONS, DEFAULT_MAX_SECONDS
from netjer.server.audit import AuditTrail
from netjer.server.clocks import ClockSettings
from netjer.server.computer_seats import ComputerSeats
from netjer.server.db import Store, hash_token
from netjer.server.endings import Endings
from netjer.server.group_commit import GroupCommit
from netjer.server.leases import Leases
from netjer.server.lifecycle import TableLifecycle
from netjer.server.moderation import Moderation
from netjer.server.moves import Moves
from netjer.server.presence import PresenceBoard
from netjer.server.process_sync import ProcessSync
from netjer.server.runtime import Listener, TableError, TableRuntime
from netjer.server.seat_views import seat_view
from netjer.server.table_loading import load_table
from netjer.server.timekeeper import Timekeeper

if TYPE_CHECKING:
    from netjer.server.notify import Notifier

log = logging.getLogger("netjer.server")


class TableManager:
    """Every live table and who listens to it; the services it owns do the rest: the computer
    seats (:attr:`computers`), the clocks (:attr:`clocks`), creating, claiming and deleting
    tables (:attr:`lifecycle`), moves (:attr:`moves`), resignations, aborts, draws and
    adjournments (:attr:`endings`), several processes (:attr:`sync`), the audit log
    (:attr:`audit`).

    Args:
        store: the database.
        ai_workers: worker processes for searching computer seats (ISMCTS), shared by every
            table in fair turn (:mod:`netjer.server.ai_service`); 0 runs them in a thread
            of this process (tests, tiny set-ups).  Cheap agents (random, heuristic) always
            run in a thread, so they never queue behind a long search.
        max_seconds: the longest thinking time per move a computer seat may be given; a
            search budgeted in iterations is also stopped after this time.
        max_iterations: the most search iterations per move a computer seat may be given.
        clock: the time in seconds since the epoch (tests pass a fake one); clocks run on it.
    """

    def __init__(
        self,
        store: Store,
        ai_workers: int = 1,
        max_seconds: float = DEFAULT_MAX_SECONDS,
        max_iterations: int = DEFAULT_MAX_ITERATIONS,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.tables: dict[str, TableRuntime] = {}
        self._loading = asyncio.Lock()
        self.writes = GroupCommit(store)
        self.audit = AuditTrail(store)
        self.moderation = Moderation(store)
        self.now = clock
        self.started_at = clock()
        self.computers = ComputerSeats(self, ai_workers, max_seconds, max_iterations)
        # Several processes on one PostgreSQL (set by create_app; None on SQLite): the other
        # processes' news, and the leases on computer seats (netjer.server.notify, .leases).
        self.news: Notifier | None = None
        self.leases: Leases | None = None
        self.clocks = Timekeeper(self)
        self.lifecycle = TableLifecycle(self)
        self.moves = Moves(self)
        self.sync = ProcessSync(self)
        self.endings = Endings(self)
        self.presence = PresenceBoard(self)

    async def close(self) -> None:
        """Cancel pending computer moves, end the workers (mid-search) and wait for all of it."""
        self.computers.stop()  # no new search starts; running ones are abandoned quietly
        tasks = [rt.ai_task for rt in self.tables.values() if rt.ai_task is not None]
        if self.writes.writer is not None:
            tasks.append(self.writes.writer)
        if self.clocks.ticker is not None:
            tasks.append(self.clocks.ticker)
        for task in tasks:
            task.cancel()
        await self.computers.close()
        await asyncio.gather(*tasks, return_exceptions=True)  # none left pending or unobserved

    # --- loading ----------------------------------------------------------------------------

    async def get(self, table_id: str) -> TableRuntime:
        """The live table, loaded from the database (by replay) on first use.

        Raises:
            TableError: 404 if there is no such table.
        """
        rt = self.tables.get(table_id)
        if rt is not None:
            return rt
        async with self._loading:
            rt = self.tables.get(table_id)
            if rt is None:
                rt = await asyncio.to_thread(load_table, self.store, table_id, self.now)
                self.tables[table_id] = rt
                if self.news is not None:  # what another process stored while it loaded
                    self.news.poke(table_id)
                    self.presence.heard(table_id)  # and who is connected there
                self.computers.schedule(rt)
        return rt

    async def resume_all(self) -> int:
        """Load every unfinished table with a computer seat or a clock, so that those whose
        turn it is play on and the clocks are watched; then start watching them.

        Returns the number of tables loaded.
        """
        # Tables of people only and without a clock wait for their players: they load on
        # first use.
        rows = await asyncio.to_thread(
            self.store.tables, finished=False, with_agents=True, with_clock=True, limit=1_000_000
        )
        for row in rows:
            try:
                await self.get(row.id)
            except Exception:  # a table that cannot be replayed must not stop the others
                log.exception("table %s could not be resumed", row.id)
        self.clocks.start()
        return len(rows)

    # --- seats' tokens --- --------------------------------------------------------------------

    def check_token(self, rt: TableRuntime, seat: int | None, token: str | None) -> None:
        """Allow ``seat`` (``None``: spectator, always allowed) only with its token, or for the
        signed-in account holding it (``token`` a :class:`~netjer.server.accounts.identity.SignedIn`).

        Raises:
            TableError: 404 for a seat the table does not have, 403 ``no_token`` when no
                token is given, 403 ``bad_token`` for a wrong one.
        """
        if seat is None:
            return
        if not 0 <= seat < len(rt.seats):
            raise TableError(404, "no_seat", N_("table {table} has no seat {seat}"), table=rt.id, seat=seat)
        held_by = rt.seats[seat].account
        if held_by is not None and account_of(token) == held_by:
            return  # the signed-in account holding the seat (netjer.server.accounts.identity)
        if not token:
            raise TableError(
                403,
                "no_token",
                N_(
                    "seat {seat} needs its token: send 'Authorization: Bearer <token>' (on the WebSocket: in the hello)"
                ),
                seat=seat,
            )
        expected = rt.seats[seat].token_hash
        if expected is None or not secrets.compare_digest(expected, hash_token(token)):
            raise TableError(403, "bad_token", N_("that is not the token of seat {seat}"), seat=seat)

    async def authorize(self, table_id: str, seat: int | None, token: str | None) -> TableRuntime:
        """The table, once ``token`` is checked as seat ``seat``'s (:meth:`check_token`): what
        every request acting for a seat does first.

        Raises:
            TableError: 404 for an unknown table; 403 for a missing or wrong token.
        """
        rt = await self.get(table_id)
        self.check_token(rt, seat, token)
        if seat is not None and not rt.connections.get(seat):
            rt.absent_since[seat] = self.now()  # a request is a moment of connection
        if seat is not None:
            rt.arrive(seat)
            await self.endings.arrive(rt, seat)  # an adjourned game resumes when all are back
        return rt

    def wake(self, rt: TableRuntime) -> None:
        """Let ``rt``'s computer seat think if it is its turn (after a takeover, a catch-up)."""
        self.computers.schedule(rt)

    # --- views ----------------------------------------------------------------------------

    def view(self, rt: TableRuntime, seat: int | None, log_from: int = 0, chat_from: int = 0) -> dict[str, Any]:
        """What ``seat`` (``None``: a spectator) is shown now (:func:`~netjer.server.seat_views.seat_view`
        with the clocks as they stand)."""
        return seat_view(rt, seat, self.clocks.view(rt), log_from, chat_from)

    async def hints_counted(self, rt: TableRuntime, seat: int, positions: set[int]) -> None:
        """Note that ``seat`` has been given hints at ``positions`` (versions, read from the
        database: :meth:`netjer.server.db.Store.give_hint`) and, if that changed, send the
        seats their views (``hints_left``)."""
        if rt.hints_at.get(seat) != positions:
            rt.hints_at[seat] = set(positions)
            await self.broadcast(rt)

    def subscribe(self, rt: TableRuntime, seat: int | None, listener: Listener) -> None:
        """Send ``listener`` every new view of ``seat`` (a seat's connection: it is present)."""
        rt.listeners.setdefault(seat, set()).add(listener)
        if seat is not None:
            rt.connections[seat] = rt.connections.get(seat, 0) + 1
            rt.absent_since.pop(seat, None)
            rt.socketed.add(seat)
            rt.arrive(seat)

    def unsubscribe(self, rt: TableRuntime, seat: int | None, listener: Listener) -> None:
        """Stop sending views to ``listener`` (a seat's last connection closing starts its
        absence)."""
        listeners = rt.listeners.get(seat, set())
        if listener not in listeners:
            return
        listeners.discard(listener)
        if seat is not None:
            rt.connections[seat] = rt.connections.get(seat, 1) - 1
            if rt.connections[seat] <= 0:
                del rt.connections[seat]
                rt.absent_since[seat] = self.now()

    async def presence_changed(self, rt: TableRuntime) -> None:
        """A page arrived at ``rt`` or left it through this process: the other processes are
        told (PostgreSQL: :meth:`PresenceBoard.publish <netjer.server.presence.PresenceBoard.publish>`),
        then this process's pages that asked (:meth:`tell_presence`)."""
        await self.presence.publish(rt)
        await self.tell_presence(rt)

    async def tell_presence(self, rt: TableRuntime) -> None:
        """Tell the listeners of ``rt`` that asked to hear of arrivals and departures (a
        WebSocket hello's ``presence``: they send a ``presence`` message, not a whole view)."""
        for listener in list(rt.presence_listeners):
            try:
                await listener(rt)
            except Exception:  # a dead connection is dropped
                rt.presence_listeners.discard(listener)

    async def broadcast(self, rt: TableRuntime) -> None:
        for listeners in list(rt.listeners.values()):
            for listener in list(listeners):
                try:
                    await listener(rt)
                except Exception:  # a dead connection is dropped, the others still hear
                    listeners.discard(listener)

    # --- the services' work, as the routes and the other services ask for it --------------

    async def create(self, game_name: str, options: dict[str, Any], seed: int | None, seats: list[dict[str, Any]],
                     clock: ClockSettings | None = None, creator_hash: str | None = None,
                     rematch_of: str | None = None, hints: bool = False,
                     hint_limit: int | None = None,
                     opening: list[str] | None = None) -> tuple[TableRuntime, dict[int, str]]:  # fmt: skip
        """:meth:`TableLifecycle.create <netjer.server.lifecycle.TableLifecycle.create>`."""
        return await self.lifecycle.create(
            game_name, options, seed, seats, clock, creator_hash, rematch_of, hints, hint_limit, opening
        )

    async def join(self, table_id: str, seat: int, name: str | None, account: int | None = None) -> str:
        """:meth:`TableLifecycle.join <netjer.server.lifecycle.TableLifecycle.join>`."""
        return await self.lifecycle.join(table_id, seat, name, account)

    async def delete(self, table_id: str, creator_key: str | None) -> None:
        """:meth:`TableLifecycle.delete <netjer.server.lifecycle.TableLifecycle.delete>`."""
        await self.lifecycle.delete(table_id, creator_key)

    async def play(self, table_id: str, seat: int, version: int, *, text: str | None = None,
                   index: int | None = None, by_computer: bool = False,
                   step: int | None = None) -> TableRuntime:  # fmt: skip
        """:meth:`Moves.play <netjer.server.moves.Moves.play>`."""
        return await self.moves.play(
            table_id, seat, version, text=text, index=index, by_computer=by_computer, step=step
        )

    async def resume_if_back(self, rt: TableRuntime) -> None:
        """:meth:`Endings.resume_if_back <netjer.server.endings.Endings.resume_if_back>`."""
        await self.endings.resume_if_back(rt)

    async def undo(self, table_id: str, seat: int, version: int) -> TableRuntime:
        """:meth:`Moves.undo <netjer.server.moves.Moves.undo>`."""
        return await self.moves.undo(table_id, seat, version)

    def moved_on(self, table_id: str, full: bool = False) -> None:
        """:meth:`ProcessSync.moved_on <netjer.server.process_sync.ProcessSync.moved_on>`."""
        self.sync.moved_on(table_id, full)

    async def catch_up(self, table_id: str, full: bool = False, news: list[dict[str, Any]] | None = None) -> None:
        """:meth:`ProcessSync.catch_up <netjer.server.process_sync.ProcessSync.catch_up>`."""
        await self.sync.catch_up(table_id, full, news)

    async def resync(self) -> None:
        """:meth:`ProcessSync.resync <netjer.server.process_sync.ProcessSync.resync>`."""
        await self.sync.resync()

    def running(self, table: str) -> bool:
        """:meth:`ProcessSync.running <netjer.server.process_sync.ProcessSync.running>`."""
        return self.sync.running(table)

    def stop_thinking(self, table: str) -> None:
        """:meth:`ProcessSync.stop_thinking <netjer.server.process_sync.ProcessSync.stop_thinking>`."""
        self.sync.stop_thinking(table)

    async def take_over(self, table: str) -> None:
        """:meth:`ProcessSync.take_over <netjer.server.process_sync.ProcessSync.take_over>`."""
        await self.sync.take_over(table)
