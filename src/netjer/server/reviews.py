"""Game reviews and hints at the web table (issue 16), run in the server's fair AI service.

**Reviews.**  A seat of a finished table asks for a review of its own decisions
(:mod:`netjer.agents.review`: for each of its decisions, the search's estimated chance to win
before and after it, from what the seat knew then, and the action the search preferred).
The review runs in the fair AI service (:mod:`netjer.server.ai_service`) one decision at a
time, each step a *background* search: it starts only when no computer player of any table
waits, so a review never delays a move by more than the one review step already running, and
the step's end gives the progress ``done / total`` that is pushed to the page.  The steps are
exactly :func:`~netjer.agents.review.review_decision` with the review's seed, so the stored
review equals ``review_record`` (and ``netjer review``) of the same record, seed and
iterations.  The request is recorded with the table at once and the finished review
(``Review.to_dict()``) replaces it, one per seat, served again on later requests, never
recomputed; a review still running when the server stops goes on when it restarts, after the
decisions it had kept (being seeded, it comes out the same).

**Several processes** (PostgreSQL).  A running review has a lease on its row (``holder``,
``expires_at``: the design of :mod:`netjer.server.leases`, on the review's own row), taken by
the process that records the request and renewed every third of its time (``netjer serve
--lease-seconds``) by :meth:`ReviewService.run`, and with each decision kept.  A process that
starts while another computes a review leaves it alone (its lease is live); a review whose
process died (its lease expired) or stopped cleanly (it gave its leases up) is taken over by
the next sweep of another process, after the decisions kept.  A process that stalled past its
lease and finds the review taken over stops computing it.

**Stand-ins.**  The decisions the computer took for a seat whose person's time ran out (from
each ``timeout`` or ``gone`` event to the seat's ``takeback``: :func:`standins_of`) are
reviewed like the others and flagged ``standin``: they are not the person's, and the review's
marks of the seat leave them out (docs/review.md).

**Visibility.**  A seat's review is shown to that seat (its token) and, once that seat
publishes it, to everyone.  What others receive is rewritten for them: each decision's words
(the action played, the action preferred) are the viewer's own words for it in that position
(``State.describe_action(action, viewer)``), and the notation is given only where those
words equal the seat's (as in the game log), so a published review tells no hidden value the
game's log did not.  The estimates stay the seat's: they are its judgement, published at its
request.

**Hints.**  A table created with ``hints`` on lets the seat to act ask for the search's
preferred action from its own view, with its estimate (:func:`~netjer.agents.review.suggest`),
in the same service and under the same cap, with a short budget; the answer goes to that seat
only.

API (a seat's requests carry its token as ``Authorization: Bearer <token>``):

============================================  ==============================================
``POST /api/tables/{id}/reviews``             ``{"seat", "iterations"?, "depth"?}``: start a
                                              review (202 with its progress), or 200 with the
                                              stored one
``GET  /api/tables/{id}/reviews?seat=N``      the reviews N may see (its own, running or
                                              done, and the published ones); no seat: the
                                              published ones
``POST /api/tables/{id}/reviews/publish``     ``{"seat"}``: show the seat's review to everyone
``POST /api/tables/{id}/hint``                ``{"seat", "iterations"?}``: the hint
``WS   /ws/tables/{id}/reviews``              send ``{"type": "hello", "seat", "token"}``;
                                              receive ``{"type": "reviews", ...}`` (the GET's
                                              answer) at every change (progress, end, publish)
============================================  ==============================================

Errors (``{"error", "message"}``): 404 unknown table or seat, 403 missing or wrong token or
hints off, 409 ``not_over`` (an unfinished table), ``not_reviewable`` (a game ended by a
timeout, a resignation or an agreement before its rules' end), ``review_running`` (a second request while one runs),
``no_review`` (publishing before a review is done), ``not_your_turn`` / ``over`` /
``stood_in`` / ``hint_running`` / ``no_hints_left`` (a hint), 422 ``over_cap`` (iterations
over the operator's cap), ``bad_review`` (a setting the game refuses, e.g. ``depth`` in Aton) or a malformed request.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import logging
from dataclasses import asdict, dataclass, field
from typing import Any

from sqlalchemy.exc import InterfaceError, OperationalError

from netjer.agents.review import (
    DEFAULT_ITERATIONS,
    THRESHOLDS,
    Review,
    ReviewedDecision,
    _make_search,
    review_decision,
    suggest,
    win_chance,
)
from netjer.core.errors import NetjerError
from netjer.core.record import StandIn, standin_plies
from netjer.core.state import State
from netjer.games.registry import make_game
from netjer.server.leases import DEFAULT_TTL
from netjer.server.review_store import ReviewStore
from netjer.server.runtime import TableError, TableRuntime
from netjer.server.tables import TableManager

log = logging.getLogger("netjer.server")

#: Iterations per search of a review when the request gives none (capped by the operator's).
REVIEW_ITERATIONS = DEFAULT_ITERATIONS
#: The playout depth of a review when the request gives none, per game: Ankh's random playouts
#: to the end take about 50 ms each (docs/review.md, "Cost"), so they are cut and scored by
#: the heuristic evaluation; the other games play to the end.
REVIEW_DEPTH: dict[str, int] = {"ankh": 10}
#: Iterations of a hint's search when the request gives none (capped by the operator's).
HINT_ITERATIONS = 300
#: The review's seed: the default of ``netjer review``, so both give the same review.
REVIEW_SEED = 0


def _replayed(game: str, options: dict[str, Any], seed: int, actions: list[str]) -> State:
    state = make_game(game, options).new_initial_state(seed)
    for text in actions:
        state.apply_text(text)
    return state


def judge_step(
    game: str,
    options: dict[str, Any],
    seed: int,
    actions: list[str],
    iterations: int,
    depth: int | None,
    review_seed: int,
    standin: bool = False,
) -> dict[str, Any]:
    """One step of a review (runs in a worker): the last of ``actions``, judged in the position
    the ones before it lead to (:func:`~netjer.agents.review.review_decision`, its ply being
    its index; ``standin``: the computer took it for the seat's person), as a
    ``ReviewedDecision`` dict."""
    state = _replayed(game, options, seed, actions[:-1])
    action = state.game.parse_action(actions[-1])
    decision = review_decision(
        state, action, ply=len(actions) - 1, iterations=iterations, seed=review_seed, depth=depth, standin=standin
    )
    return asdict(decision)


def hint_step(
    game: str,
    options: dict[str, Any],
    seed: int,
    actions: list[str],
    iterations: int,
    hint_seed: int,
    depth: int | None = None,
) -> tuple[str, str, float]:
    """A hint (runs in a worker): the preferred action's notation, its words for the seat to
    act, and its estimate."""
    state = _replayed(game, options, seed, actions)
    seat = state.current_player
    action, estimate = suggest(state, iterations=iterations, seed=hint_seed, depth=depth)
    return str(action), state.describe_action(action, seat), estimate


# --- the service ------------------------------------------------------------------------------


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


def decisions_of(state: State, history: list[Any], seat: int) -> list[int]:
    """The plies (indices into ``history`` played from ``state``) at which ``seat`` decided."""
    return [ply for ply, actor in enumerate(actors_of(state, history)) if actor == seat]


def actors_of(state: State, history: list[Any]) -> list[int]:
    """The seat that decided each ply of ``history`` played from ``state`` (not changed)."""
    position = state.clone()
    actors = []
    for action in history:
        actors.append(position.current_player)
        position.apply(action)
    return actors


def table_standin_plies(rt: TableRuntime, standins: list[StandIn]) -> set[int]:
    """The plies of ``rt``'s history whose decision the computer took, standing in (blocking:
    a replay when there are stand-ins)."""
    if not standins:
        return set()
    entries = rt.transcript.entries if rt.transcript is not None else [str(a) for a in rt.state.history]
    actors = actors_of(rt.game.new_initial_state(rt.state.seed), rt.state.history)
    return standin_plies(entries, standins, actors)


def review_for_viewer(rt: TableRuntime, data: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    """A seat's review as ``viewer`` (another seat, or ``None``: a spectator) may see it: each
    decision's words are the viewer's own for the action in that position, and its notation
    (``action``, ``preferred``) is ``None`` where those words differ from the seat's.  The
    number of legal actions the seat had (``choices``, ``forced``) is ``None``: it depends on
    what the seat held (in Dioses del Nilo, the soldiers in its hand), not told to others."""
    out = dict(data)
    by_ply = {d["ply"]: d for d in data["decisions"]}
    position = rt.game.new_initial_state(rt.state.seed)
    decisions = []
    for ply, action in enumerate(rt.state.history):
        mine = by_ply.get(ply)
        if mine is not None:
            d = dict(mine)
            d["choices"] = d["forced"] = None
            seat = position.current_player
            for words_key, notation_key in (("description", "action"), ("preferred_description", "preferred")):
                chosen = position.game.parse_action(mine[notation_key])
                theirs = position.describe_action(chosen, viewer)
                d[words_key] = theirs
                if theirs != position.describe_action(chosen, seat):
                    d[notation_key] = None
            decisions.append(d)
        position.apply(action)
    out["decisions"] = decisions
    return out


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
        #: The hint being computed at each table: ``((version, seat, iterations), its task)``.
        self._hints: dict[str, tuple[tuple[int, int, int], asyncio.Task[dict[str, Any]]]] = {}
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

    def _iterations(self, asked: int | None, default: int, cap: int, what: str) -> int:
        if asked is None:
            return min(default, cap)
        if asked > cap:
            message = f"this server allows at most {cap} search iterations {what} (asked {asked})"
            raise TableError(422, "over_cap", message)
        return asked

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
        what = "per search of a review (a third of its cap per move: a decision's review is up to three searches)"
        budget = self._iterations(iterations, REVIEW_ITERATIONS, self.review_cap, what)
        if depth is None:
            depth = REVIEW_DEPTH.get(rt.game.name)
        try:
            _make_search(rt.game, budget, 1.0, "random", None, depth)
        except NetjerError as err:
            raise TableError(422, "bad_review", str(err)) from None
        if not rt.finished:
            raise TableError(409, "not_over", "a game can be reviewed once it is over")
        if not rt.state.is_terminal:
            why = "this game ended before its rules' end (a resignation, a timeout, an agreement): no review"
            raise TableError(409, "not_reviewable", why)
        known = await self._of(rt.id)
        if seat in known.stored:
            return await asyncio.to_thread(self.entry, rt, known, seat, seat)
        running = known.running.get(seat)
        if running is not None and running.error is None:
            where = f"{running.done} of {running.total} decisions" if running.total else "counting your decisions"
            raise TableError(409, "review_running", f"your review is being computed ({where})")
        job = _Running(0, 0, budget, depth)
        known.running[seat] = job  # before any wait: a second request now finds it running
        recorded = False
        try:
            if running is not None:  # it failed: its record goes first
                await asyncio.to_thread(self.store.drop, rt.id, seat)
            recorded = await asyncio.to_thread(self.store.start, rt.id, seat, budget, depth)
            if not recorded:
                raise TableError(409, "review_running", "your review is being computed (by another server process)")
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
            raise TableError(409, "no_review", "there is no finished review of this seat to publish")
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
        """The search's preferred action for ``seat``, to act now, from its own view (the
        caller has checked its token).

        Returns:
            ``{"seat", "version", "action", "description", "estimate", "iterations",
            "left"}`` (``left``: the hints the seat may still ask for at a table with a
            ``hint_limit``, else ``None``).

        Raises:
            TableError: 403 ``no_hints`` at a table without hints; 409 ``over``,
                ``stood_in`` or ``not_your_turn``, ``no_hints_left`` (the seat has had the
                table's ``hint_limit``, at other positions), or ``hint_running`` (another
                hint, with other iterations, is being computed at the table); 422
                ``over_cap``.

        A table's ``hint_limit`` counts positions: a hint asked again in the same position is
        not counted again and gets the answer stored when it was counted, whatever iterations
        are asked now (its ``iterations`` are those it was searched with), also after a
        restart: else a seat with its hints used could ask a counted position again with
        other iterations and be searched anew.

        A request while the same hint (same position, seat and iterations) is being computed
        gets that one's answer: a table has at most one hint search at a time, however many
        requests are sent (or given up on and sent again).
        """
        if not rt.hints:
            raise TableError(403, "no_hints", "this table does not allow hints (a setting chosen when it was created)")
        if rt.finished:
            raise TableError(409, "over", "the game is over")
        if rt.computer_plays(seat):
            raise TableError(409, "stood_in", "the computer plays for this seat: take it back first")
        if rt.state.current_player != seat:
            first = rt.game.seat_name(rt.state.current_player)
            if seat in rt.choosers():  # choosing ahead in a window: the search starts from the engine's turn
                message = (
                    f"you may choose now, but a hint is given at your turn in the rules' order, after {first}'s choice"
                )
                raise TableError(409, "not_your_turn", message)
            raise TableError(409, "not_your_turn", f"it is {first}'s turn")
        budget = self._iterations(iterations, HINT_ITERATIONS, self.manager.computers.max_iterations, "per move")
        if rt.hint_limit is not None:  # the table's budget of hints per seat (one per position)
            given = await asyncio.to_thread(self.manager.store.hints_given, rt.id, seat)
            stored = given.get(rt.version)
            if stored is not None:  # counted: what it was answered, whatever the iterations now
                await self.manager.hints_counted(rt, seat, set(given))
                return self._hint_answer(rt, seat, rt.version, stored, len(given))
            if rt.version not in given and len(given) >= rt.hint_limit:
                await self.manager.hints_counted(rt, seat, set(given))
                message = f"you have had the {rt.hint_limit} hints each player may ask for at this table"
                raise TableError(409, "no_hints_left", message)
        key = (rt.version, seat, budget)
        running = self._hints.get(rt.id)
        if running is not None and running[0] != key:
            message = f"a hint is being computed at this table ({running[0][2]} iterations); ask again once it is given"
            raise TableError(409, "hint_running", message)
        if running is None:
            task = asyncio.get_running_loop().create_task(self._hint(rt, seat, budget))
            running = self._hints[rt.id] = (key, task)
            task.add_done_callback(functools.partial(self._hint_done, rt.id))
        return await asyncio.shield(running[1])

    def _hint_done(self, table_id: str, task: asyncio.Task[dict[str, Any]]) -> None:
        if (found := self._hints.get(table_id)) is not None and found[1] is task:
            del self._hints[table_id]
        if not task.cancelled():
            task.exception()  # retrieved: every request awaiting it got it already

    async def _hint(self, rt: TableRuntime, seat: int, budget: int) -> dict[str, Any]:
        """Compute the hint (:meth:`hint`'s answer) in the AI service."""
        version = rt.version
        actions = [str(a) for a in rt.state.history]
        seed = (rt.state.seed * 1_000_003 + len(actions)) % 2**62
        depth = REVIEW_DEPTH.get(rt.game.name)
        try:
            text, words, estimate = await self.manager.computers.ai.run(
                rt.id,
                None,
                hint_step,
                rt.game.name,
                rt.game.options_dict(),
                rt.state.seed,
                actions,
                budget,
                seed,
                depth,
            )
        except NetjerError as err:
            raise TableError(422, "bad_hint", str(err)) from None
        answer = {"action": text, "description": words, "estimate": estimate}
        if rt.hint_limit is None:
            return {"seat": seat, "version": version, **answer, "iterations": budget, "left": None}
        # Counted once given, with its answer: the position asked again gets that one (the
        # first stored, if another process gave one meanwhile).
        kept, given = await asyncio.to_thread(self.manager.store.give_hint, rt.id, seat, version, budget, answer)
        await self.manager.hints_counted(rt, seat, given)
        return self._hint_answer(rt, seat, version, kept, len(given))

    @staticmethod
    def _hint_answer(rt: TableRuntime, seat: int, version: int, stored: dict[str, Any], given: int) -> dict[str, Any]:
        """:meth:`hint`'s answer from a stored one (``{"action", "description", "estimate",
        "iterations"}``) at a table with a limit, of which the seat has used ``given``."""
        left = max(0, (rt.hint_limit or 0) - given)
        return {"seat": seat, "version": version, "action": stored["action"], "description": stored["description"],
                "estimate": stored["estimate"], "iterations": stored["iterations"], "left": left}  # fmt: skip

    async def close(self) -> None:
        """Cancel the reviews running (their records stay: :meth:`resume` starts them again)
        and the hints, and wait for them; on PostgreSQL give up this process's leases on its
        reviews, so that another process takes them over at its next sweep."""
        tasks: list[asyncio.Task[Any]] = [
            job.task for known in self._tables.values() for job in known.running.values() if job.task
        ]
        tasks += [task for _, task in self._hints.values()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        with contextlib.suppress(Exception):  # a database already gone is no error
            await asyncio.to_thread(self.store.release_all)
