"""Invitations: seats that belong to their players.

A table's creator may invite a person to a seat instead of holding the seat's key: the seat
is created waiting (its token hash a :func:`marker`, like a rematch seat reserved for its
player), and an invitation code is stored for it (``invitations``).  Whoever opens the
invitation's link first claims the seat: the seat gets a token of its own, given to that
browser only (and, for a signed-in player, the seat is the account's: its sessions may act for
it on any device), and the invitation is used up in the same transaction.  The creator never
holds that seat's key.

Until it is claimed, the creator (its creator key, or its signed-in account) may show the
invitation again (:meth:`Invitations.links`), replace it by a new one (the old link is then
refused) or revoke it (the seat then waits with no link until a new one is made).
"""

from __future__ import annotations

import asyncio
import secrets

from netjer.i18n import N_
from netjer.server.accounts.identity import account_of
from netjer.server.db import hash_token
from netjer.server.runtime import RESERVED, TableError, TableRuntime
from netjer.server.tables import TableManager

#: What an invitation that was revoked, replaced or used is told.
GONE = N_("this invitation was revoked or already used: ask the table's creator for a new link")


def marker(seat: int) -> str:
    """The token hash an invited seat holds until it is claimed (never a real hash: those are hex)."""
    return f"{RESERVED}invite:{seat}"


def invite_link(table_id: str, seat: int, code: str) -> str:
    """The browser's address of an invitation (the code in the fragment: never sent to a server's log)."""
    return f"/invite/{table_id}#seat={seat}&code={code}"


class Invitations:
    """The seats' invitations of the tables of a :class:`~netjer.server.tables.TableManager`.

    Args:
        manager: the live tables.
    """

    def __init__(self, manager: TableManager) -> None:
        self.manager = manager

    async def issue(self, rt: TableRuntime, seats: list[int]) -> dict[int, str]:
        """New invitations to ``seats`` of a table just created (seats holding their
        :func:`marker`); returns their links by seat."""
        links = {}
        for seat in seats:
            code = secrets.token_urlsafe(18)
            await asyncio.to_thread(self.manager.store.set_invitation, rt.id, seat, code)
            links[seat] = invite_link(rt.id, seat, code)
        return links

    async def creators_table(self, table_id: str, token: str | None) -> TableRuntime:
        """The table, once ``token`` is checked as its creator's: the creator key, or the
        signed-in account that created it.

        Raises:
            TableError: 404 for an unknown table, 403 ``bad_key`` for anyone else.
        """
        rt = await self.manager.get(table_id)
        account = account_of(token)
        if account is not None:
            if await asyncio.to_thread(self.manager.store.creator_account, table_id) == account:
                return rt
        elif token and rt.creator_hash and secrets.compare_digest(rt.creator_hash, hash_token(token)):
            return rt
        raise TableError(403, "bad_key", N_("only the table's creator can see or change its invitations"))

    async def links(self, rt: TableRuntime) -> dict[int, str]:
        """The table's unclaimed invitations' links, by seat."""
        codes = await asyncio.to_thread(self.manager.store.invitations, rt.id)
        return {seat: invite_link(rt.id, seat, code) for seat, code in sorted(codes.items())}

    def _waiting(self, rt: TableRuntime, seat: int) -> None:
        if not 0 <= seat < len(rt.seats):
            raise TableError(404, "no_seat", N_("table {table} has no seat {seat}"), table=rt.id, seat=seat)
        if rt.seats[seat].token_hash != marker(seat):
            raise TableError(409, "seat_taken", N_("seat {seat} is not waiting for an invited player"), seat=seat)

    async def renew(self, rt: TableRuntime, seat: int) -> str:
        """A new invitation to a seat still waiting for its invited player (the old link is
        refused from now on); its link.

        Raises:
            TableError: 404 for a seat the table does not have, 409 ``seat_taken`` once claimed.
        """
        self._waiting(rt, seat)
        code = secrets.token_urlsafe(18)
        await asyncio.to_thread(self.manager.store.set_invitation, rt.id, seat, code)
        return invite_link(rt.id, seat, code)

    async def revoke(self, rt: TableRuntime, seat: int) -> None:
        """Revoke a seat's invitation: its link is refused; the seat waits until a new one is made.

        Raises:
            TableError: 404 for a seat the table does not have, 409 ``seat_taken`` once
                claimed, 404 ``no_invitation`` if it has none.
        """
        self._waiting(rt, seat)
        if not await asyncio.to_thread(self.manager.store.revoke_invitation, rt.id, seat):
            raise TableError(404, "no_invitation", N_("seat {seat} has no invitation to revoke"), seat=seat)

    async def claim(self, table_id: str, seat: int, code: str, name: str | None, token: str | None) -> str:
        """Claim an invited seat with its invitation's code: the seat's new token (for the
        signed-in account ``token`` stands for, if any).

        Raises:
            TableError: 404 for an unknown table or seat, 403 ``bad_invitation`` for a code
                revoked, replaced or used, 409 ``seat_taken`` if the seat was taken meanwhile.
        """
        rt = await self.manager.get(table_id)
        if not 0 <= seat < len(rt.seats):
            raise TableError(404, "no_seat", N_("table {table} has no seat {seat}"), table=table_id, seat=seat)
        stored = (await asyncio.to_thread(self.manager.store.invitations, table_id)).get(seat)
        if stored is None or not secrets.compare_digest(stored.encode(), code.encode()):
            raise TableError(403, "bad_invitation", GONE)
        try:
            return await self.manager.lifecycle.claim(rt, seat, name, marker(seat), account_of(token), stored)
        except TableError as err:
            if err.code == "seat_taken":  # used at this moment by someone else (or revoked)
                raise TableError(403, "bad_invitation", GONE) from None
            raise
