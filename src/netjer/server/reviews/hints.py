"""Hints (:mod:`netjer.server.reviews`, "Hints"): the search's preferred action for the seat to
act, from its own view, computed in the fair AI service with a short budget, at most one search
per table at a time, and counted against the table's ``hint_limit`` once given."""

from __future__ import annotations

import asyncio
import functools
from typing import Any

from netjer.core.errors import NetjerError
from netjer.i18n import N_
from netjer.i18n_sentences import sentence_of
from netjer.server.reviews.steps import HINT_ITERATIONS, REVIEW_DEPTH, hint_step, search_budget
from netjer.server.runtime import TableError, TableRuntime, Term
from netjer.server.tables import TableManager


class HintService:
    """The hints of every table.

    Args:
        manager: the tables; hints run in its AI service, under its cap per move.
    """

    def __init__(self, manager: TableManager) -> None:
        self.manager = manager
        #: The hint being computed at each table: ``((version, seat, iterations), its task)``.
        self._hints: dict[str, tuple[tuple[int, int, int], asyncio.Task[dict[str, Any]]]] = {}

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
            raise TableError(
                403, "no_hints", N_("this table does not allow hints (a setting chosen when it was created)")
            )
        if rt.finished:
            raise TableError(409, "over", N_("the game is over"))
        if rt.computer_plays(seat):
            raise TableError(409, "stood_in", N_("the computer plays for this seat: take it back first"))
        if rt.state.current_player != seat:
            first = rt.game.seat_name(rt.state.current_player)
            if seat in rt.choosers():  # choosing ahead in a window: the search starts from the engine's turn
                message = N_(
                    "you may choose now, but a hint is given at your turn in the rules' order, after {player}'s choice"
                )
                raise TableError(409, "not_your_turn", message, player=Term(first))
            raise TableError(409, "not_your_turn", N_("it is {player}'s turn"), player=Term(first))
        budget = search_budget(
            iterations,
            HINT_ITERATIONS,
            self.manager.computers.max_iterations,
            N_("this server allows at most {cap} search iterations per move (asked {asked})"),
        )
        if rt.hint_limit is not None:  # the table's budget of hints per seat (one per position)
            given = await asyncio.to_thread(self.manager.store.hints_given, rt.id, seat)
            stored = given.get(rt.version)
            if stored is not None:  # counted: what it was answered, whatever the iterations now
                await self.manager.hints_counted(rt, seat, set(given))
                return self._hint_answer(rt, seat, rt.version, stored, len(given))
            if rt.version not in given and len(given) >= rt.hint_limit:
                await self.manager.hints_counted(rt, seat, set(given))
                message = N_("you have had the {n} hints each player may ask for at this table")
                raise TableError(409, "no_hints_left", message, n=rt.hint_limit)
        key = (rt.version, seat, budget)
        running = self._hints.get(rt.id)
        if running is not None and running[0] != key:
            message = N_("a hint is being computed at this table ({iterations} iterations); ask again once it is given")
            raise TableError(409, "hint_running", message, iterations=running[0][2])
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
            raise TableError.saying(422, "bad_hint", sentence_of(err)) from None
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

    def tasks(self) -> list[asyncio.Task[dict[str, Any]]]:
        """The hint searches running (:meth:`ReviewService.close` cancels them)."""
        return [task for _, task in self._hints.values()]
