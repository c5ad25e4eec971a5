"""The reviews of every table (:mod:`netjer.server.reviews`): requested, computed step by step
in the fair AI service, stored and resumed, leased across server processes (PostgreSQL), and
shown to each viewer as it may see them; the hints are served beside them (:mod:`.hints`)."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
from dataclasses import asdict, dataclass, field
from typing import Any

from sqlalchemy.exc import InterfaceError, OperationalError

from netjer.agents.review import THRESHOLDS, Review, ReviewedDecision, _make_search, win_chance
from netjer.core.errors import NetjerError
from netjer.core.record import StandIn
from netjer.i18n import N_
from netjer.i18n_sentences import sentence_of
from netjer.server.leases import DEFAULT_TTL
from netjer.server.review_store import ReviewStore
from netjer.server.reviews.hints import HintService
from netjer.server.reviews.seats import decisions_of, review_for_viewer, table_standin_plies
from netjer.server.reviews.steps import REVIEW_DEPTH, REVIEW_ITERATIONS, REVIEW_SEED, judge_step, search_budget
from netjer.server.runtime import TableError, TableRuntime
from netjer.server.tables import TableManager

log = logging.getLogger("netjer.server")


@dataclass
class _Running:
    """A review in progress (or failed: ``error``)."""

    done: int
    total: int
    iterations: int
    depth: int | None
    task: asyncio.Task[None] | None = None
    error: str | None = None
    #: The decisions reviewed before a restart (as stored), resumed after.
    earlier: list[dict[str, Any]] = field(default_factory=list)
    #: Run by another server process (what its news said; nothing runs here).
    remote: bool = False
    #: The plies of the game the computer took standing in for the seat's person.
    standin: set[int] = field(default_factory=set)
    #: PostgreSQL: its lease was lost (another process took the review over): stop.
    lost: bool = False


class _LeaseLost(Exception):
    """This process no longer holds the lease on the review it computes."""


@dataclass
class _TableReviews:
    """What is known of one table's reviews."""

    stored: dict[int, tuple[dict[str, Any], bool]]
    running: dict[int, _Running] = field(default_factory=dict)
    listeners: set[asyncio.Event] = field(default_factory=set)
    #: When the computer stood in for a seat's person (from the table's events).
    standins: list[StandIn] = field(default_factory=list)
    #: The plies the computer took standing in (worked out when first needed).
    standin_plies: set[int] | None = None


class ReviewService:
    """The reviews and hints of every table (see the module's text).

    Args:
        manager: the tables; reviews and hints run in its AI service, under its caps.
    """

    def __init__(self, manager: TableManager) -> None:
        self.manager = manager
        self.store = ReviewStore(manager.store, manager.leases.ttl if manager.leases is not None else DEFAULT_TTL)
        #: Reviews taken over from a process that died (PostgreSQL), since the start.
        self.takeovers = 0
        self._tables: dict[str, _TableReviews] = {}
        self._loading = asyncio.Lock()
        #: The hints, served beside the reviews (:meth:`hint`).
        self.hints = HintService(manager)
        #: Tables whose reviews are being read again after news of another process.
        self._refreshing: dict[str, asyncio.Task[None]] = {}

    async def _of(self, table_id: str) -> _TableReviews:
        known = self._tables.get(table_id)
        if known is None:
            async with self._loading:
                known = self._tables.get(table_id)
                if known is None:
                    stored = await asyncio.to_thread(self.store.load, table_id)
                    standins = await asyncio.to_thread(self.store.standins, table_id)
                    known = self._tables[table_id] = _TableReviews(stored, standins=standins)
                    if self.store.shared:  # reviews other server processes run, as far as they went
                        rows = await asyncio.to_thread(self.store.running, table_id)
                        for seat, (done, total, iterations, depth) in rows.items():
                            if seat not in known.running:
                                known.running[seat] = _Running(done, total, iterations, depth, remote=True)
        return known

    def heard(self, table_id: str) -> None:
        """News from another server process that a review of ``table_id`` changed (asked for,
        advanced, finished, published, dropped): if anyone here follows the table's reviews,
        read them again and tell the followers (the :class:`~netjer.server.notify.Notifier`'s
        ``on_review``).  News arriving during a read is covered by the next one."""
        if table_id not in self._tables:
            return  # nobody here follows them: they are read from the database when asked for
        task = self._refreshing.get(table_id)
        if task is not None and not task.done():
            self._refreshing[table_id] = asyncio.get_running_loop().create_task(self._refresh_after(task, table_id))
            return
        self._refreshing[table_id] = asyncio.get_running_loop().create_task(self._refresh(table_id))

    async def _refresh_after(self, before: asyncio.Task[None], table_id: str) -> None:
        with contextlib.suppress(Exception):
            await before
        await self._refresh(table_id)

    async def _refresh(self, table_id: str) -> None:
        """Read the table's stored reviews and the progress of those other processes run."""
        try:
            stored = await asyncio.to_thread(self.store.load, table_id)
            running = await asyncio.to_thread(self.store.running, table_id)
        except Exception:  # the database is away: the next news or request reads them again
            log.exception("the reviews of table %s could not be read again", table_id)
            return
        known = self._tables.get(table_id)
        if known is None:
            return
        known.stored.update(stored)
        for seat, job in list(known.running.items()):
            if job.remote and (seat in stored or seat not in running):  # finished or dropped there
                del known.running[seat]
        for seat, (done, total, iterations, depth) in running.items():
            here = known.running.get(seat)
            if seat not in known.stored and (here is None or here.remote):
                known.running[seat] = _Running(done, total, iterations, depth, remote=True)
        self._changed(known)
        self._release(table_id)

    def _changed(self, known: _TableReviews) -> None:
        for event in list(known.listeners):
            event.set()

    @property
    def review_cap(self) -> int:
        """The most iterations per search of a review: a third of the operator's cap per move
        (``--max-ai-iterations``), as a decision's review is up to three searches: one review
        step never costs more than one computer move at the cap."""
        return max(1, self.manager.computers.max_iterations // 3)

    # --- reviews ---------------------------------------------------------------------------

    async def request(self, rt: TableRuntime, seat: int, iterations: int | None, depth: int | None) -> dict[str, Any]:
        """Start a review of ``seat``'s decisions (the caller has checked its token), or give
        the stored one.

        Returns:
            The seat's entry (see :meth:`entry`).

        Raises:
            TableError: 422 ``over_cap`` or ``bad_review`` (the request's own faults, checked
                first: whatever the table's state, a request that could never be served is
                told why); 409 ``not_over``, ``not_reviewable`` or ``review_running``.
        """
        too_many = N_(
            "this server allows at most {cap} search iterations per search of a review (a third of its cap per "
            "move: a decision's review is up to three searches) (asked {asked})"
        )
        budget = search_budget(iterations, REVIEW_ITERATIONS, self.review_cap, too_many)
        if depth is None:
            depth = REVIEW_DEPTH.get(rt.game.name)
        try:
            _make_search(rt.game, budget, 1.0, "random", None, depth)
        except NetjerError as err:
            raise TableError.saying(422, "bad_review", sentence_of(err)) from None
        if not rt.finished:
            raise TableError(409, "not_over", N_("a game can be reviewed once it is over"))
        if not rt.state.is_terminal:
            why = N_("this game ended before its rules' end (a resignation, a timeout, an agreement): no review")
            raise TableError(409, "not_reviewable", why)
        known = await self._of(rt.id)
        if seat in known.stored:
            return await asyncio.to_thread(self.entry, rt, known, seat, seat)
        running = known.running.get(seat)
        if running is not None and running.error is None:
            if running.total:
                raise TableError(
                    409,
                    "review_running",
                    N_("your review is being computed ({done} of {total} decisions)"),
                    done=running.done,
                    total=running.total,
                )
            raise TableError(409, "review_running", N_("your review is being computed (counting your decisions)"))
        job = _Running(0, 0, budget, depth)
        known.running[seat] = job  # before any wait: a second request now finds it running
        recorded = False
        try:
            if running is not None:  # it failed: its record goes first
                await asyncio.to_thread(self.store.drop, rt.id, seat)
            recorded = await asyncio.to_thread(self.store.start, rt.id, seat, budget, depth)
            if not recorded:
                raise TableError(409, "review_running", N_("your review is being computed (by another server process)"))
            await self._launch(rt, seat, job)
        except BaseException:
            known.running.pop(seat, None)
            if recorded:
                with contextlib.suppress(Exception):
                    await asyncio.to_thread(self.store.drop, rt.id, seat)
            raise
        log.info(
            "review requested",
            extra={"event": "review", "table": rt.id, "seat": seat, "iterations": budget, "decisions": job.total},
        )
        return self.entry(rt, known, seat, seat)

    async def _launch(self, rt: TableRuntime, seat: int, job: _Running) -> None:
        """Count the seat's decisions (a replay, long in Ankh: off the event loop) and start
        reviewing them."""
        known = await self._of(rt.id)

        def plan() -> list[int]:
            # read again: what was read while the game went on may miss its last timeouts
            known.standins, known.standin_plies = self.store.standins(rt.id), None
            job.standin = self._stood(rt, known)
            return decisions_of(rt.game.new_initial_state(rt.state.seed), rt.state.history, seat)

        plies = await asyncio.to_thread(plan)
        job.total = len(plies)
        job.task = asyncio.get_running_loop().create_task(self._run(rt, seat, plies, job))
        self._changed(await self._of(rt.id))

    async def resume(self, only: list[tuple[str, int]] | None = None) -> int:
        """Go on with the reviews that were running when the server stopped (or those of
        ``only``, ``(table, seat)``), each after the decisions it had reviewed (every
        decision's search is seeded on its own, so the review comes out as if it had never
        stopped).  On PostgreSQL only those whose lease this process takes: a review another
        live process computes is left to it (:meth:`ReviewStore.claim`).  Returns how many."""
        count = 0
        for table_id, seat, iterations, depth, earlier in await asyncio.to_thread(self.store.unfinished, only):
            try:
                rt = await self.manager.get(table_id)
                known = await self._of(table_id)
                mine = known.running.get(seat)
                if seat in known.stored or (mine is not None and not mine.remote):
                    continue  # (one seen as another process's was left by this one before it stopped)
                if not await asyncio.to_thread(self.store.claim, table_id, seat):
                    if mine is None:  # computed by another process: followed from its news
                        known.running[seat] = _Running(len(earlier), 0, iterations, depth, remote=True)
                    self._release(table_id)
                    continue
                job = known.running[seat] = _Running(0, 0, iterations, depth, earlier=earlier)
                await self._launch(rt, seat, job)
                count += 1
            except Exception:  # one table's trouble must not stop the others
                log.exception("the review of seat %s of table %s could not be resumed", seat, table_id)
        return count

    async def sweep(self) -> int:
        """PostgreSQL, one round of :meth:`run`: renew the leases of the reviews computed here
        (one statement), stop those whose lease was lost (another process took them over:
        this one had stalled for longer than the lease), and take over the reviews nobody
        computes (no holder, or a lease that expired: their process died).  Returns how many
        were taken over."""
        here = [
            (table_id, seat, job)
            for table_id, known in self._tables.items()
            for seat, job in known.running.items()
            if not job.remote and job.task is not None and not job.task.done()
        ]  # before the renewal: each of these was claimed before it began
        held = await asyncio.to_thread(self.store.renew)
        for table_id, seat, job in here:
            if (table_id, seat) not in held and job.task is not None and not job.task.done():
                log.warning("review lease lost", extra={"event": "review_lost", "table": table_id, "seat": seat})
                job.lost = True
                job.task.cancel()
        abandoned = await asyncio.to_thread(self.store.abandoned)
        taken = await self.resume(abandoned) if abandoned else 0
        if taken:
            self.takeovers += taken
            log.info("reviews taken over", extra={"event": "review_taken", "reviews": taken})
        return taken

    async def run(self) -> None:
        """Sweep every third of the lease's time until cancelled (PostgreSQL; :meth:`sweep`);
        a failed sweep (the database away) is logged and tried again."""
        while True:
            await asyncio.sleep(self.store.ttl / 3)
            try:
                await self.sweep()
            except (OperationalError, InterfaceError) as err:  # the database away: one line
                log.warning(
                    "the review sweep failed: %s", str(err).splitlines()[0][:300], extra={"event": "db_unavailable"}
                )
            except Exception:
                log.exception("the review sweep failed")

    async def _run(self, rt: TableRuntime, seat: int, plies: list[int], job: _Running) -> None:
        known = await self._of(rt.id)
        actions = [str(a) for a in rt.state.history]
        options = rt.game.options_dict()
        decisions: list[ReviewedDecision] = []
        for earlier, ply in zip(job.earlier, plies, strict=False):  # kept only while they fit the game
            try:
                decision = ReviewedDecision(**earlier)
            except TypeError:
                break
            if decision.ply != ply or decision.seat != seat:
                break
            if decision.standin != (ply in job.standin):  # kept before stand-ins were told apart
                decision = dataclasses.replace(decision, standin=ply in job.standin)
                job.earlier[len(decisions)] = asdict(decision)
            decisions.append(decision)
        job.earlier = job.earlier[: len(decisions)]
        job.done = len(decisions)
        try:
            for ply in plies[len(decisions) :]:
                data = await self.manager.computers.ai.run(
                    f"review:{rt.id}:{seat}",
                    None,
                    judge_step,
                    rt.game.name,
                    options,
                    rt.state.seed,
                    actions[: ply + 1],
                    job.iterations,
                    job.depth,
                    REVIEW_SEED,
                    ply in job.standin,
                    background=True,
                )
                decisions.append(ReviewedDecision(**data))
                job.earlier.append(data)
                if not await asyncio.to_thread(self.store.progress, rt.id, seat, job.earlier, job.total):
                    raise _LeaseLost
                job.done += 1
                self._changed(known)
            final = rt.state.returns()
            review = Review(
                game=rt.game.name,
                rules_version=rt.game.rules_version,
                record_seed=rt.state.seed,
                seats=[seat],
                iterations=job.iterations,
                seed=REVIEW_SEED,
                exploration=1.0,
                rollout="random",
                opponents=None,
                depth=job.depth,
                thresholds=dict(THRESHOLDS),
                result=[win_chance(r) for r in final],
                decisions=decisions,
            )
            data = review.to_dict()
            await asyncio.to_thread(self.store.finish, rt.id, seat, data)
            known.stored[seat] = (data, False)
            known.running.pop(seat, None)
            log.info("review done", extra={"event": "review_done", "table": rt.id, "seat": seat})
        except asyncio.CancelledError:  # the server stops (its record stays, to resume it) or lost it
            if known.running.get(seat) is job:
                del known.running[seat]
                if job.lost:  # another process computes it now
                    known.running[seat] = _Running(job.done, job.total, job.iterations, job.depth, remote=True)
            raise
        except _LeaseLost:  # another process took it over (this one had stalled): left to it
            log.warning("review lease lost", extra={"event": "review_lost", "table": rt.id, "seat": seat})
            if known.running.get(seat) is job:
                known.running[seat] = _Running(job.done, job.total, job.iterations, job.depth, remote=True)
        except Exception as err:  # a worker lost twice, the database gone: say so, allow a retry
            log.exception("the review of seat %s of table %s failed", seat, rt.id)
            job.error = f"the review could not be completed ({type(err).__name__}); ask again"
            with contextlib.suppress(Exception):
                await asyncio.to_thread(self.store.drop, rt.id, seat)
        finally:
            self.manager.computers.ai.forget(f"review:{rt.id}:{seat}")
            self._changed(known)
            self._release(rt.id)

    def entry(self, rt: TableRuntime, known: _TableReviews, seat: int, viewer: int | None) -> dict[str, Any]:
        """Seat ``seat``'s review as ``viewer`` may see it: ``{"seat", "status"`` (``running``,
        ``failed``, ``done``)``, "done", "total", "iterations", "published", "review", "error"}``
        (``review``: ``Review.to_dict()``, rewritten for a viewer other than the seat)."""
        stored = known.stored.get(seat)
        if stored is not None:
            data, published = stored
            if known.standins and any("standin" not in d for d in data["decisions"]):
                # stored before stand-ins were told apart: told from the table's events now
                plies = self._stood(rt, known)
                data = {**data, "decisions": [{**d, "standin": d["ply"] in plies} for d in data["decisions"]]}
            review = data if viewer == seat else review_for_viewer(rt, data, viewer)
            count = len(data["decisions"])
            return {"seat": seat, "status": "done", "done": count, "total": count, "iterations": data["iterations"],
                    "published": published, "review": review, "error": None}  # fmt: skip
        job = known.running[seat]
        return {"seat": seat, "status": "failed" if job.error else "running", "done": job.done, "total": job.total,
                "iterations": job.iterations, "published": False, "review": None, "error": job.error}  # fmt: skip

    @staticmethod
    def _stood(rt: TableRuntime, known: _TableReviews) -> set[int]:
        """The plies of the table's game the computer took standing in (blocking: a replay the
        first time, at a table where the computer stood in)."""
        if known.standin_plies is None:
            known.standin_plies = table_standin_plies(rt, known.standins)
        return known.standin_plies

    async def visible(self, rt: TableRuntime, viewer: int | None) -> dict[str, Any]:
        """Every review ``viewer`` may see: its own (running, failed or done) and the published
        ones; with the defaults and caps of a request."""
        known = await self._of(rt.id)
        seats = sorted(set(known.stored) | set(known.running))
        shown = [s for s in seats if s == viewer or (s in known.stored and known.stored[s][1])]
        entries = await asyncio.to_thread(lambda: [self.entry(rt, known, s, viewer) for s in shown])
        self._release(rt.id)
        return {
            "table": rt.id,
            "seat": viewer,
            "finished": rt.finished,
            "reviewable": rt.state.is_terminal,
            "iterations": min(REVIEW_ITERATIONS, self.review_cap),
            "max_iterations": self.review_cap,
            "thresholds": dict(THRESHOLDS),
            "reviews": entries,
        }

    async def publish(self, rt: TableRuntime, seat: int) -> None:
        """Show ``seat``'s finished review to everyone (the caller has checked its token).

        Raises:
            TableError: 409 ``no_review`` if the seat has no finished review.
        """
        known = await self._of(rt.id)
        if seat not in known.stored:
            raise TableError(409, "no_review", N_("there is no finished review of this seat to publish"))
        if not known.stored[seat][1]:
            await asyncio.to_thread(self.store.publish, rt.id, seat)
            known.stored[seat] = (known.stored[seat][0], True)
        self._changed(known)

    async def listen(self, table_id: str, event: asyncio.Event) -> None:
        """Set ``event`` at every change of the table's reviews."""
        (await self._of(table_id)).listeners.add(event)

    def unlisten(self, table_id: str, event: asyncio.Event) -> None:
        """Stop setting ``event``."""
        known = self._tables.get(table_id)
        if known is not None:
            known.listeners.discard(event)
        self._release(table_id)

    def _release(self, table_id: str) -> None:
        """Forget what is cached of a table's reviews once nobody follows them and none runs
        here or failed (memory stays bounded; the stored ones are read again when asked for)."""
        known = self._tables.get(table_id)
        if known is not None and not known.listeners and all(job.remote for job in known.running.values()):
            del self._tables[table_id]

    # --- hints -----------------------------------------------------------------------------

    async def hint(self, rt: TableRuntime, seat: int, iterations: int | None) -> dict[str, Any]:
        """The search's preferred action for ``seat`` to act now (:meth:`HintService.hint`: its
        answer and errors)."""
        return await self.hints.hint(rt, seat, iterations)

    async def close(self) -> None:
        """Cancel the reviews running (their records stay: :meth:`resume` starts them again)
        and the hints, and wait for them; on PostgreSQL give up this process's leases on its
        reviews, so that another process takes them over at its next sweep."""
        tasks: list[asyncio.Task[Any]] = [
            job.task for known in self._tables.values() for job in known.running.values() if job.task
        ]
        tasks += self.hints.tasks()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        with contextlib.suppress(Exception):  # a database already gone is no error
            await asyncio.to_thread(self.store.release_all)
