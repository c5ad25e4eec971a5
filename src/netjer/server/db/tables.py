"""The store's tables and seats: creating, claiming a seat, deleting, reading and listing."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import delete, func, or_, select, update

from netjer.server.db.core import StoreCore
from netjer.server.db.engine import now
from netjer.server.db.rows import (
    ActionRow,
    ChoiceRow,
    CreatorRow,
    EventRow,
    HintRow,
    InvitationRow,
    LeaseRow,
    SeatRow,
    TableRow,
)


class RematchTaken(Exception):
    """The finished table already has a rematch."""


class _Unclaimed(Exception):
    """An invited seat already taken: its claim's transaction rolls back."""


class TablesPart(StoreCore):
    """Reads and writes ``tables`` and ``seats`` (part of :class:`~netjer.server.db.Store`)."""

    def create_table(
        self,
        table_id: str,
        game: str,
        rules_version: str,
        options: dict[str, Any],
        seed: int,
        seats: list[tuple[str, str | None, str | None]],
        clock: dict[str, Any] | None = None,
        clock_state: str | None = None,
        creator_hash: str | None = None,
        rematch_of: str | None = None,
        hints: bool = False,
        hint_limit: int | None = None,
    ) -> None:
        """Store a new table with its seats ``(spec, name, token_hash)``, its time control
        (``None``: no clock), its clocks' initial state, the hash of its creator's key,
        whether its seats may ask for hints and how many each (``None``: no limit).
        With ``rematch_of``, the finished table it is the rematch of is marked in the same
        transaction, unless it already has one.

        Raises:
            RematchTaken: if ``rematch_of`` already has a rematch.
        """
        with self.sessions.begin() as s:
            s.add(
                TableRow(
                    id=table_id,
                    game=game,
                    rules_version=rules_version,
                    options=json.dumps(options),
                    seed=seed,
                    created_at=now(),
                    finished=False,
                    clock=json.dumps(clock) if clock else None,
                    clock_state=clock_state,
                    creator_hash=creator_hash,
                    hints=hints,
                    hint_limit=hint_limit,
                )
            )
            s.flush()
            if rematch_of is not None:
                marked = s.execute(
                    update(TableRow)
                    .where(TableRow.id == rematch_of, TableRow.rematch.is_(None))
                    .values(rematch=table_id)
                )
                if getattr(marked, "rowcount", 0) != 1:
                    raise RematchTaken(rematch_of)
            for i, (spec, name, token_hash) in enumerate(seats):
                s.add(SeatRow(table_id=table_id, seat=i, spec=spec, name=name, token_hash=token_hash))

    def set_clock_state(self, table_id: str, clock_state: str) -> None:
        """Store the clocks' state (e.g. when the last open seat is taken and they start)."""
        with self.sessions.begin() as s:
            s.execute(update(TableRow).where(TableRow.id == table_id).values(clock_state=clock_state))

    def claim_seat(
        self,
        table_id: str,
        seat: int,
        token_hash: str,
        name: str | None,
        clock_state: str | None = None,
        reserved: str | None = None,
        account: int | None = None,
        invitation: str | None = None,
    ) -> bool:
        """Give an open human seat a token; False if it already has one.  With
        ``clock_state``, the clocks' state is stored in the same transaction.  With
        ``reserved``, the seat must hold that reservation instead of being open (a rematch
        seat kept for its player, or an invited seat).  With ``account``, the seat is that
        account's.  With ``invitation``, the seat's invitation must have that code, and is
        used up in the same transaction (False, nothing changed, if it has not).

        One conditional UPDATE, so that of many simultaneous claims exactly one succeeds.
        """
        try:
            return self._claim_seat(table_id, seat, token_hash, name, clock_state, reserved, account, invitation)
        except _Unclaimed:
            return False  # the transaction rolled back: the invitation stays

    def _claim_seat(
        self,
        table_id: str,
        seat: int,
        token_hash: str,
        name: str | None,
        clock_state: str | None,
        reserved: str | None,
        account: int | None,
        invitation: str | None,
    ) -> bool:
        with self.sessions.begin() as s:
            if invitation is not None:
                used = s.execute(
                    delete(InvitationRow).where(
                        InvitationRow.table_id == table_id, InvitationRow.seat == seat, InvitationRow.code == invitation
                    )
                )
                if getattr(used, "rowcount", 0) != 1:
                    return False
            free = SeatRow.token_hash.is_(None) if reserved is None else SeatRow.token_hash == reserved
            result = s.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat, SeatRow.spec == "human", free)
                .values(token_hash=token_hash, name=name, account_id=account)
            )
            claimed = bool(getattr(result, "rowcount", 0) == 1)  # a CursorResult for an UPDATE
            if not claimed and invitation is not None:
                raise _Unclaimed
            if claimed and clock_state is not None:
                s.execute(update(TableRow).where(TableRow.id == table_id).values(clock_state=clock_state))
            if claimed:
                self._news(s, [(table_id, "s", seat)])
            return claimed

    def delete_table(self, table_id: str) -> bool:
        """Delete a table that has no action yet, with its seats, events and pending choices
        (a table whose rematch it was offers none any more); False if it has actions (or does
        not exist).  The check and the deletion are one transaction."""
        with self.sessions.begin() as s:
            if s.scalar(select(func.count()).select_from(ActionRow).where(ActionRow.table_id == table_id)):
                return False
            if s.get(TableRow, table_id) is None:
                return False
            s.execute(update(TableRow).where(TableRow.rematch == table_id).values(rematch=None))
            s.execute(delete(EventRow).where(EventRow.table_id == table_id))
            s.execute(delete(ChoiceRow).where(ChoiceRow.table_id == table_id))
            s.execute(delete(HintRow).where(HintRow.table_id == table_id))
            s.execute(delete(InvitationRow).where(InvitationRow.table_id == table_id))
            s.execute(delete(CreatorRow).where(CreatorRow.table_id == table_id))
            s.execute(delete(SeatRow).where(SeatRow.table_id == table_id))
            s.execute(delete(LeaseRow).where(LeaseRow.table_id == table_id))
            s.execute(delete(TableRow).where(TableRow.id == table_id))
            self._news(s, [(table_id, "d", None)])
            return True

    def table(self, table_id: str) -> TableRow | None:
        """The table with its seats loaded, or None."""
        with self.sessions() as s:
            row = s.get(TableRow, table_id)
            if row is not None:
                _ = list(row.seats)
            return row

    def tables(
        self,
        *,
        finished: bool | None = None,
        open_seat: bool = False,
        with_agents: bool = False,
        with_clock: bool = False,
        limit: int = 200,
    ) -> list[TableRow]:
        """Tables, newest first, with their seats.

        Args:
            finished: only finished (True) or unfinished (False) tables; None: both.
            open_seat: only unfinished tables with a human seat nobody has claimed.
            with_agents: only tables with at least one computer seat.
            with_clock: only tables with a time control (with ``with_agents``: either).
            limit: at most this many (the filters apply before the limit).
        """
        with self.sessions() as s:
            query = select(TableRow).order_by(TableRow.created_at.desc()).limit(limit)
            if finished is not None:
                query = query.where(TableRow.finished == finished)
            if open_seat:
                free = select(SeatRow.table_id).where(SeatRow.spec == "human", SeatRow.token_hash.is_(None))
                query = query.where(TableRow.finished.is_(False), TableRow.id.in_(free))
            agents = TableRow.id.in_(select(SeatRow.table_id).where(SeatRow.spec != "human"))
            clocked = TableRow.clock.is_not(None)
            if with_agents and with_clock:
                query = query.where(or_(agents, clocked))
            elif with_agents:
                query = query.where(agents)
            elif with_clock:
                query = query.where(clocked)
            rows = list(s.scalars(query))
            for row in rows:
                _ = list(row.seats)
            return rows

    def action_counts(self, table_ids: list[str]) -> dict[str, int]:
        """How many actions each table has."""
        if not table_ids:
            return {}
        with self.sessions() as s:
            query = (
                select(ActionRow.table_id, func.count())
                .where(ActionRow.table_id.in_(table_ids))
                .group_by(ActionRow.table_id)
            )
            return {table_id: int(n) for table_id, n in s.execute(query)}
