"""The computer seats: their moves computed off the event loop (searches in a worker pool
shared by every table in fair turn, :mod:`netjer.server.ai_service`; cheap agents in a
thread), then played as any move; the server's caps on their thinking (:class:`ComputerSeats`).
A computer also plays for a person whose time ran out (:data:`~netjer.server.runtime.STANDIN_AGENT`);
a seat retired from a game going on makes the least-impact moves (:mod:`netjer.server.retired_seats`).
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import Any, Protocol

from netjer.agents.ismcts import ISMCTSAgent
from netjer.agents.registry import AgentSpec, make_agent, parse_agent_spec
from netjer.core.view import PlayerView
from netjer.games.registry import make_game
from netjer.i18n import N_
from netjer.server.ai_service import FairSearchService
from netjer.server.leases import Leases
from netjer.server.retired_seats import retired_action
from netjer.server.runtime import STANDIN_AGENT, TableError, TableRuntime
from netjer.server.workers import SearchPool

log = logging.getLogger("netjer.server")

#: The refusals of a computer's move that mean the position changed while it thought: its
#: position is searched again (other refusals, an illegal move say, would only repeat).
_POSITION_CHANGED = frozenset({"stale", "not_your_turn"})


def compute_agent_action(
    game: str,
    options: dict[str, Any],
    seed: int,
    actions: list[str],
    seat: int,
    spec: str,
    max_seconds: float | None = None,
) -> str:
    """A computer seat's move, computed from the record alone (runs in a worker process).

    The agent is seeded from the game's seed, the seat and the move number, so a restarted
    server makes the same choice in the same position (for agents with a fixed budget).

    Args:
        max_seconds: the server's time cap per move, also imposed on a search budgeted in
            iterations (see ``ISMCTSAgent``'s ``max_seconds``): a search that finishes
            within it chooses as without it, a longer one is cut short rather than holding
            the worker that every table's computer seats share.  ``None``: no cap.
    """
    g = make_game(game, options)
    state = g.new_initial_state(seed)
    for text in actions:
        state.apply_text(text)
    agent = make_agent(spec, seed=seed * 1009 + seat * 7919 + len(actions))
    if isinstance(agent, ISMCTSAgent) and max_seconds is not None:
        agent.max_seconds = max_seconds
    return str(agent.choose(PlayerView(state, seat)))


class PlayingTables(Protocol):
    """What the computer seats ask of the table manager (:class:`~netjer.server.tables.TableManager`)."""

    leases: Leases | None

    async def play(
        self, table_id: str, seat: int, version: int, *, text: str | None = None, by_computer: bool = False
    ) -> TableRuntime:
        """Play ``text`` for ``seat`` at ``version`` (raises TableError when refused)."""


class ComputerSeats:
    """The computer seats of every table of ``tables``.

    Args:
        tables: the table manager (moves are played through it).
        ai_workers: worker processes for searching computer seats (ISMCTS), shared by every
            table in fair turn; 0 runs them in a thread of this process (tests, tiny set-ups).
            Cheap agents (random, heuristic) always run in a thread, so they never queue
            behind a long search.
        max_seconds: the longest thinking time per move a computer seat may be given; a
            search budgeted in iterations is also stopped after this time.
        max_iterations: the most search iterations per move a computer seat may be given.

    Attributes:
        ai: the fair search service (reviews and hints use it too).
        search: its executor (renewed when a worker dies).
    """

    def __init__(self, tables: PlayingTables, ai_workers: int, max_seconds: float, max_iterations: int) -> None:
        self.tables = tables
        self.max_seconds = max_seconds
        self.max_iterations = max_iterations
        self.quick: Executor = ThreadPoolExecutor(2, thread_name_prefix="netjer-agent")
        self.search: Executor
        if ai_workers > 0:
            self.search = SearchPool(ai_workers)  # workers that end with the server
        else:
            self.search = ThreadPoolExecutor(1, thread_name_prefix="netjer-search")
        self.ai = FairSearchService(
            self.search, max(ai_workers, 1), default_expected=max_seconds, renew=self._renew_search_pool
        )

    def _renew_search_pool(self, broken: Executor) -> Executor:
        """A new search pool in place of ``broken`` (one of its workers died)."""
        broken.shutdown(wait=False, cancel_futures=True)
        self.search = SearchPool(self.ai.workers) if isinstance(broken, SearchPool) else broken
        return self.search

    def stop(self) -> None:
        """Start no new search; running ones are abandoned quietly."""
        self.ai.close()

    async def close(self) -> None:
        """End the pools: a SearchPool ends its workers at once (mid-search); a thread
        (``ai_workers=0``) cannot be stopped and is waited for."""
        self.quick.shutdown(wait=False, cancel_futures=True)
        await asyncio.to_thread(self.search.shutdown, wait=isinstance(self.search, SearchPool), cancel_futures=True)

    def check_budget(self, seat: int, spec: AgentSpec) -> None:
        """Refuse a computer seat whose thinking budget exceeds the server's limits (the
        spec's numbers must have been validated, e.g. by building its agent).

        Raises:
            TableError: 422 ``over_cap`` naming the seat, the cap and what was asked.
        """
        seconds = spec.params.get("time")
        iterations = spec.params.get("iterations")
        if seconds is not None and float(seconds) > self.max_seconds:
            raise TableError(
                422,
                "over_cap",
                N_(
                    "seat {seat}: this server allows at most {cap} seconds of thinking per move "
                    "(asked {asked}); its cap is shown in the lobby"
                ),
                seat=seat,
                cap=f"{self.max_seconds:g}",
                asked=f"{float(seconds):g}",
            )
        if iterations is not None and int(iterations) > self.max_iterations:
            raise TableError(
                422,
                "over_cap",
                N_(
                    "seat {seat}: this server allows at most {cap} search iterations per move "
                    "(asked {asked}); its cap is shown in the lobby"
                ),
                seat=seat,
                cap=self.max_iterations,
                asked=int(iterations),
            )

    def schedule(self, rt: TableRuntime) -> None:
        """Let ``rt``'s computer seat (or stand-in) think, in a task of its own, if it is its
        turn and no search of this position runs or is being submitted."""
        state = rt.state
        if rt.finished or rt.clock.adjourned or (rt.ai_task is not None and not rt.ai_task.done()):
            return  # over, adjourned (nobody moves until everyone is back), or thinking already
        if rt.ai_submitting == rt.version:
            return  # the computer's move for this position is on its way (the search is done)
        seat = state.current_player
        if not rt.computer_plays(seat):
            return
        rt.ai_task = asyncio.get_running_loop().create_task(self.run(rt, seat, rt.version))

    async def run(self, rt: TableRuntime, seat: int, version: int) -> None:
        """Compute ``seat``'s move in position ``version`` of ``rt`` (under this process's
        lease, with several processes) and play it as any move; errors are logged, never
        raised (a refusal because the position changed searches it again)."""
        row_options = rt.game.options_dict()
        actions = [str(a) for a in rt.state.history]
        loop = asyncio.get_running_loop()
        try:
            if self.tables.leases is not None and not await self.tables.leases.hold(rt.id):
                rt.ai_task = None  # another server process runs this table's computer seats
                return
            if rt.retired(seat):
                # A seat that left a game going on: the least-impact move, never an agent's
                # (netjer.server.retired_seats); cheap, so chosen here.
                rt.ai_task = None
                rt.ai_submitting = version
                try:
                    action = retired_action(rt.state.legal_actions())
                    await self.tables.play(rt.id, seat, version, text=str(action), by_computer=True)
                finally:
                    if rt.ai_submitting == version:
                        rt.ai_submitting = None
                return
            spec_text = rt.seats[seat].spec if not rt.seats[seat].is_human else STANDIN_AGENT
            spec = parse_agent_spec(spec_text)
            arguments = (
                rt.game.name,
                row_options,
                rt.state.seed,
                actions,
                seat,
                spec_text,
                self.max_seconds,
            )
            if spec.kind == "ismcts":  # in the shared pool, in fair turn
                asked = spec.params.get("time")
                expected = min(float(asked), self.max_seconds) if asked is not None else None
                text = await self.ai.run(rt.id, expected, compute_agent_action, *arguments)
            else:
                text = await loop.run_in_executor(self.quick, compute_agent_action, *arguments)
            # The task ends here for the scheduler: the move's own play() schedules the next
            # position's search. Until the move is stored, no second search of this one starts.
            rt.ai_task = None
            rt.ai_submitting = version
            try:
                await self.tables.play(rt.id, seat, version, text=text, by_computer=True)
            finally:
                if rt.ai_submitting == version:
                    rt.ai_submitting = None
            if rt.state.is_terminal:
                self.ai.forget(rt.id)
        except asyncio.CancelledError:
            raise
        except TableError as err:
            log.warning("computer move on table %s refused: %s", rt.id, err.message)
            if err.code in _POSITION_CHANGED:
                # The position changed while it thought (a catch-up, an undo, another seat's
                # move): whoever changed it may have found this search still running and
                # scheduled none, so search the position as it is now.
                self.schedule(rt)
        except Exception:
            rt.ai_task = None
            log.exception("computer seat %s on table %s failed", seat, rt.id)
