"""Rematches: a seat of a finished table offers one, a new table with the same game, options,
clock and seats, seat order rotated; the other persons' seats are kept for them until they
accept (:class:`Rematches`)."""

from __future__ import annotations

import asyncio
from typing import Any

from netjer.i18n import N_
from netjer.server.runtime import RESERVED, TableError, TableRuntime
from netjer.server.tables import TableManager


class Rematches:
    """Offering and accepting the rematches of the tables ``tables`` serves."""

    def __init__(self, tables: TableManager) -> None:
        self.tables = tables

    async def offer(self, table_id: str, seat: int, creator_hash: str) -> tuple[TableRuntime, int, str]:
        """Seat ``seat`` of a finished table offers a rematch (the caller has checked its
        token): a new table with the same game, options, clock and seats, the seat order
        rotated by one (old seat ``i`` plays new seat ``i + 1``), a new seed.  The offerer
        sits at once; the other persons' seats wait for them (:meth:`accept`).

        Returns:
            The new table, the offerer's new seat and its token.

        Raises:
            TableError: 409 ``not_over`` before the end, 409 ``rematch_exists`` if one was
                offered already, 403 ``not_a_person`` for a computer's seat.
        """
        old = await self.tables.get(table_id)
        if not old.finished:
            raise TableError(409, "not_over", N_("a rematch can be offered once the game is over"))
        if old.rematch is not None:
            raise TableError(409, "rematch_exists", N_("a rematch was already offered: accept it instead"))
        n = len(old.seats)
        seats: list[dict[str, Any]] = []
        for i in range(n):
            j = (i - 1) % n
            info = old.seats[j]
            if not info.is_human:
                seats.append({"type": "agent", "agent": info.spec, "name": info.name})
            elif j == seat:
                seats.append({"type": "human", "name": info.name})
            else:
                seats.append({"type": "human", "name": info.name, "reserved": f"{RESERVED}{old.id}:{j}"})
        options = old.game.options_dict()
        rt, tokens = await self.tables.create(
            old.game.name,
            options,
            None,
            seats,
            old.clock_settings,
            creator_hash=creator_hash,
            rematch_of=old.id,
            hints=old.hints,
            hint_limit=old.hint_limit,
        )
        old.rematch = rt.id
        if old.rated:  # a rated game's rematch is rated too (it counts if its seats are accounts')
            await asyncio.to_thread(self.tables.store.set_rated, rt.id)
            rt.rated = True
        new_seat = (seat + 1) % n
        account = old.seats[seat].account
        if account is not None:  # a signed-in player's seat stays the account's at the rematch
            await asyncio.to_thread(self.tables.store.own_table, rt.id, account, [new_seat])
            rt.seats[new_seat].account = account
        line = f"{old.who(seat)} offers a rematch."
        await asyncio.to_thread(self.tables.store.add_event, old.id, old.version, "rematch", seat, line)
        old.add_line(line)
        await self.tables.broadcast(old)
        return rt, new_seat, tokens[new_seat]

    async def accept(self, table_id: str, seat: int) -> tuple[TableRuntime, int, str]:
        """The person of ``seat`` of a finished table takes their seat at its rematch (the
        caller has checked the old seat's token).

        Returns:
            The rematch table, the new seat and its token.

        Raises:
            TableError: 409 ``no_rematch`` if none was offered, 409 ``seat_taken`` if this
                seat's player already accepted (or offered).
        """
        old = await self.tables.get(table_id)
        if old.rematch is None:
            raise TableError(409, "no_rematch", N_("no rematch has been offered at this table"))
        rt = await self.tables.get(old.rematch)
        new_seat = (seat + 1) % len(old.seats)
        marker = f"{RESERVED}{old.id}:{seat}"
        if rt.seats[new_seat].token_hash != marker:
            raise TableError(409, "seat_taken", N_("you already sit at the rematch: use its link"))
        seat_info = rt.seats[new_seat]
        token = await self.tables.lifecycle.claim(rt, new_seat, seat_info.name, marker, old.seats[seat].account)
        return rt, new_seat, token
