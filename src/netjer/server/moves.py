"""A seat's moves (:class:`Moves`): a move checked against the version the player saw and the
rules, committed to the database before anyone is told of it, then applied with the choices
queued behind it; a seat's last decision taken back (undo)."""

from __future__ import annotations

import asyncio
import logging
import time

from netjer.core.action import Action
from netjer.core.errors import ActionSyntaxError
from netjer.core.undo import UNDO
from netjer.i18n import N_, join_list
from netjer.i18n_sentences import Sentence
from netjer.server.queued_choices import next_queued, queue_choice, store_queued, take_queued, withdraw_choice
from netjer.server.runtime import CANNOT_UNDO, TableError, TableRuntime, Term, advance, undo_last
from netjer.server.seat_views import why_not_undo
from netjer.server.table_host import TableHost

log = logging.getLogger("netjer.server")


def moved_on(rt: TableRuntime, sent: int) -> TableError:
    """The refusal of a move or undo made against version ``sent`` of a table now at another."""
    return TableError(
        409, "stale", N_("the game has moved on (version {version}, you sent {sent})"), version=rt.version, sent=sent
    )


class Moves:
    """Playing and taking back the moves of the tables of ``tables``."""

    def __init__(self, tables: TableHost) -> None:
        self.tables = tables

    async def play(
        self,
        table_id: str,
        seat: int,
        version: int,
        *,
        text: str | None = None,
        index: int | None = None,
        by_computer: bool = False,
        step: int | None = None,
    ) -> TableRuntime:
        """Play a move for ``seat`` (the caller has checked the token).

        In a window of simultaneous choices every seat that must still choose may move: the
        engine's seat plays at once, another seat's choice is stored and applied when the
        engine reaches it (with the choices queued behind it).

        Args:
            table_id: the table.
            seat: the acting seat.
            version: the version the move was chosen against.
            text: the move in the game's notation, or
            index: its index in the legal actions the seat was shown.
            by_computer: the move comes from the seat's computer (its own or a stand-in).
            step: in a window, the seat's stamp (the view's ``step``) the move was chosen
                against, instead of the version: the others' choices do not make it stale.

        Raises:
            TableError: 409 ``stale`` (the game moved on), 409 ``not_your_turn``,
                422 ``illegal`` (with the rule), 422 ``bad_move`` (neither or both of text
                and index, a bad index, unparsable text), 409 ``over``, 409 ``stood_in``
                (the computer plays this seat: take it back first), 409 ``time_out`` (the
                seat's time had run out when the move arrived), 409 ``chosen`` (the seat
                made all its choices of the window: the others must choose), 409 ``adjourned``
                (until everyone is back).
        """
        started = time.perf_counter()
        rt = await self.tables.get(table_id)
        timed_out = await self.tables.clocks.expire(rt)
        async with rt.lock:
            state = rt.state
            if rt.deleted:
                raise TableError(404, "no_table", N_("there is no table '{table}'"), table=table_id)
            plan = rt.plan()
            choice = plan.get(seat) if plan is not None and not by_computer else None
            if choice is not None and step is not None:  # a window's move: its seat's stamp
                if version < rt.window_version or step != rt.stamps.get(seat, 0):
                    raise TableError(409, "stale", N_("your choices changed since this move was chosen"))
            elif version != rt.version:
                raise moved_on(rt, version)
            if rt.finished:
                raise TableError(409, "over", N_("the game is over"))
            if rt.clock.adjourned:
                raise TableError(409, "adjourned", N_("the game is adjourned: it resumes when everyone is back"))
            if by_computer != rt.computer_plays(seat):
                if by_computer:
                    raise TableError(409, "taken_back", N_("{who} plays this seat again"), who=rt.who(seat))
                if seat in timed_out:
                    raise TableError(
                        409,
                        "time_out",
                        N_("your time ran out before this move arrived: take your seat back to play on"),
                    )
                if rt.retired(seat):
                    raise TableError(409, "resigned", N_("you have left this game: it goes on without you"))
                raise TableError(409, "stood_in", N_("the computer plays for this seat: take it back first"))
            if choice is None and state.current_player != seat:
                if rt.queued.get(seat):
                    waiting = join_list(rt.who(s) for s in sorted(plan or ()))
                    raise TableError(
                        409, "chosen", N_("you have made your choice: waiting for {players}"), players=waiting
                    )
                name = rt.game.seat_name(state.current_player)
                raise TableError(409, "not_your_turn", N_("it is {player}'s turn"), player=Term(name))
            legal = choice.legal if choice is not None else state.legal_actions()
            action = self._read_move(rt, legal, text, index, ahead=state.current_player != seat)
            if state.current_player == seat:
                await self._apply(rt, seat, action)
            else:
                await queue_choice(self.tables.store, rt, seat, action, self.tables.now())
            if plan is not None and not by_computer:
                rt.stamps[seat] = rt.stamps.get(seat, 0) + 1
        await self.tables.broadcast(rt)
        self.tables.computers.schedule(rt)
        log.info(
            "move",
            extra={"event": "move", "table": table_id, "seat": seat, "version": rt.version,
                   "latency_ms": round((time.perf_counter() - started) * 1000, 2)},
        )  # fmt: skip
        return rt

    @staticmethod
    def _read_move(rt: TableRuntime, legal: list[Action], text: str | None, index: int | None, ahead: bool) -> Action:
        """The move a seat sent (its notation or its index in ``legal``), checked.

        Args:
            ahead: the seat chooses ahead of the engine's turn (a window's choice).

        Raises:
            TableError: 422 ``bad_move`` (neither or both of text and index, a bad index,
                unparsable text), 422 ``illegal`` (with the rule).
        """
        if (text is None) == (index is None):
            raise TableError(422, "bad_move", N_("send either the move's notation or its index"))
        if index is not None:
            if not 0 <= index < len(legal):
                raise TableError(
                    422,
                    "bad_move",
                    N_("there is no legal action {index} (0 to {last})"),
                    index=index,
                    last=len(legal) - 1,
                )
            return legal[index]
        assert text is not None
        try:
            action = rt.game.parse_action(text)
        except ActionSyntaxError as err:
            said = err.args[0] if err.args else None
            if isinstance(said, Sentence):  # the game's catalogue message: told in the reader's language
                raise TableError.saying(422, "bad_move", said) from None
            raise TableError.engine(422, "bad_move", str(err), rt.game.name) from None
        if action not in legal:
            if ahead:
                choices = ", ".join(str(a) for a in legal)
                raise TableError(
                    422,
                    "illegal",
                    N_("{action} is not one of your choices now ({choices})"),
                    action=str(action),
                    choices=choices,
                )
            refusal = rt.state.illegal(action)
            raise TableError.engine(422, "illegal", refusal.reason, rt.game.name, refusal.rule)
        return action

    async def _apply(self, rt: TableRuntime, seat: int, action: Action) -> None:
        """Commit and apply ``action`` of the seat to act (under the table's lock), then the
        choices the other seats queued for the engine's next turns, in its order.

        Raises:
            TableError: 409 ``stale`` if another server process stored this index first.
        """
        after = rt.state.clone()
        after.apply(action)
        result = rt.final_result(after) if after.is_terminal else None
        clock = rt.clock.copy()
        clock.hand_over(rt.clock_settings, rt.clocked_seats(after, rt.queued_actions()), self.tables.now())
        stored_clock = clock.to_json() if rt.clock_settings.active else None
        ending = rt.rules_ending() if result is not None else None
        stored = await self.tables.writes.action((rt.id, rt.version, str(action), seat, result, stored_clock, ending))
        if not stored:
            # Another server process stored this index: catch up (or reload) from the database.
            self.tables.moved_on(rt.id)
            raise TableError(409, "stale", N_("the game has moved on"))
        advance(rt, action)
        rt.clock = clock
        while (step := next_queued(rt, self.tables.now())) is not None:
            if not await asyncio.to_thread(store_queued, self.tables.store, step):
                self.tables.moved_on(rt.id)
                raise TableError(409, "stale", N_("the game has moved on"))
            take_queued(rt, step)

    async def undo(self, table_id: str, seat: int, version: int) -> TableRuntime:
        """Take back ``seat``'s last decision: checked against the version it saw and the undo
        policy, stored as an ``undo`` entry (the action list stays append-only), then told.

        A seat with choices queued ahead of the engine's turn (a window of simultaneous
        choices) withdraws its last queued choice instead: it never reached the record, so
        only the queue changes and the seat must choose again (its clock runs again, without
        the increment its choice had earned).

        Raises:
            TableError: 404 for a deleted table, 409 ``stale`` (the game moved on), 409 ``over``,
                409 ``no_undo`` (with the policy's reason: another seat acted, something was
                revealed or drawn, another seat already chose in the window this decision
                began; a computer seat, or the computer standing in for this one).
        """
        rt = await self.tables.get(table_id)
        async with rt.lock:
            if rt.deleted:
                raise TableError(404, "no_table", N_("there is no table '{table}'"), table=table_id)
            if version != rt.version:
                raise moved_on(rt, version)
            if rt.finished:
                raise TableError(409, "over", N_("the game is over"))
            if rt.clock.adjourned:
                raise TableError(409, "adjourned", N_("the game is adjourned: it resumes when everyone is back"))
            if rt.computer_plays(seat):
                raise TableError(409, "no_undo", N_("computer players never undo"))
            if rt.queued.get(seat):
                await withdraw_choice(self.tables.store, rt, seat, self.tables.now())
            else:
                assert rt.transcript is not None
                reason = why_not_undo(rt, seat)
                if reason is not None:
                    raise TableError(409, "no_undo", CANNOT_UNDO, reason=Term(reason))
                # The seat to act is the one whose decision is taken back; in a window the
                # clocks are brought up to date just after.
                stored_clock = rt.clock.to_json() if rt.clock_settings.active else None
                stored = await self.tables.writes.action((table_id, rt.version, UNDO, seat, None, stored_clock, None))
                if not stored:
                    self.tables.moved_on(table_id)
                    raise TableError(409, "stale", N_("the game has moved on"))
                if rt.ai_task is not None and not rt.ai_task.done():
                    rt.ai_task.cancel()  # a computer seat thinking about the position taken back
                rt.ai_task = None
                undo_last(rt)
                clock = rt.clock.copy()
                clock.hand_over(rt.clock_settings, rt.clocked_seats(), self.tables.now())
                if clock != rt.clock:
                    await asyncio.to_thread(self.tables.store.set_clock_state, table_id, clock.to_json())
                    rt.clock = clock
            if rt.window is not None:
                rt.stamps[seat] = rt.stamps.get(seat, 0) + 1
        # Which decision is never written: it may be a secret choice (netjer.server.audit).
        await self.tables.audit.record(rt, "undo", seat, f"at version {version}")
        await self.tables.broadcast(rt)
        self.tables.computers.schedule(rt)
        return rt
