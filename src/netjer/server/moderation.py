"""Moderation (issue 31 item 6): a signed-in player mutes or blocks another, and reports a
chat line to the operator.

The rules:

* **Mute**: the muted player's chat lines are left out of the muter's views (every page the
  muter opens signed in: the table's WebSocket and ``GET .../view``); nobody else's.  A line
  is the muted player's when it was said from a seat their account holds, or by them as a
  signed-in spectator in this process (a spectator's account is not stored with the line).
* **Block**: the blocked player's account cannot take a seat (an open seat from the lobby, an
  invitation, a rematch seat) at a table where an account blocking them holds a seat or which
  it created, and cannot chat at a table where such an account holds a seat.  A block binds
  accounts: a guest is nobody in particular.  Either rule is one-way: the blocker may still
  join the blocked player's tables.
* **Report**: a chat line (named by its event id) is stored with its text and author as they
  were, the reporter and the time; the operator lists them with ``netjer reports``.

The mutes of an account are cached in this process for :data:`MUTES_TTL` seconds (the views
filter on every push); a mute set in another server process on the same PostgreSQL applies
here within that time.  Blocks are read from the database at each seat taken and chat line.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from netjer.i18n import N_
from netjer.server.db import Store
from netjer.server.runtime import TableError, TableRuntime

#: Seconds a process trusts its copy of an account's mutes.
MUTES_TTL = 30.0


class Moderation:
    """The players' mutes, blocks and reports.

    Args:
        store: the database.
        clock: monotonic seconds (tests pass a fake one).
    """

    def __init__(self, store: Store, clock: Callable[[], float] = time.monotonic) -> None:
        self.store = store
        self.clock = clock
        self._mutes: dict[int, tuple[float, frozenset[int]]] = {}

    async def load_mutes(self, account: int | None) -> frozenset[int]:
        """The accounts ``account`` mutes (read again when the copy is older than :data:`MUTES_TTL`)."""
        if account is None:
            return frozenset()
        cached = self._mutes.get(account)
        if cached is not None and self.clock() - cached[0] < MUTES_TTL:
            return cached[1]
        marks = await asyncio.to_thread(self.store.marks, account)
        muted = frozenset(other for kind, other, _name in marks if kind == "mute")
        self._mutes[account] = (self.clock(), muted)
        return muted

    def mutes(self, account: int | None) -> frozenset[int]:
        """This process's copy of ``account``'s mutes (empty until :meth:`load_mutes`)."""
        if account is None:
            return frozenset()
        cached = self._mutes.get(account)
        return cached[1] if cached is not None else frozenset()

    async def mark(self, account: int, other: int, kind: str, on: bool) -> bool:
        """Set (``on``) or lift a ``"mute"`` or ``"block"`` of ``other`` by ``account``;
        whether anything changed.

        Raises:
            TableError: 422 ``bad_mark`` for another kind, or a mark of oneself.
        """
        if kind not in ("mute", "block"):
            raise TableError(422, "bad_mark", N_("mark a player with 'mute' or 'block'"))
        if other == account:
            raise TableError(422, "bad_mark", N_("you cannot mute or block yourself"))
        changed = await asyncio.to_thread(self.store.set_mark if on else self.store.drop_mark, account, other, kind)
        self._mutes.pop(account, None)
        await self.load_mutes(account)
        return changed

    async def blocked_at(self, rt: TableRuntime, account: int | None, seating: bool) -> bool:
        """Whether ``account`` is blocked by an account holding a seat of ``rt`` (or, when
        ``seating``, by its creator's account too): the rule of this module's text."""
        if account is None:
            return False
        others = {info.account for info in rt.seats if info.account is not None and info.account != account}
        if seating:
            creator = await asyncio.to_thread(self.store.creator_account, rt.id)
            if creator is not None and creator != account:
                others.add(creator)
        return bool(others) and bool(await asyncio.to_thread(self.store.blockers, others, account))

    async def refuse_blocked(self, rt: TableRuntime, account: int | None, seating: bool) -> None:
        """Refuse a blocked account (:meth:`blocked_at`).

        Raises:
            TableError: 403 ``blocked``.
        """
        if await self.blocked_at(rt, account, seating):
            if seating:
                raise TableError(
                    403, "blocked", N_("a player at this table has blocked you: you cannot take a seat here")
                )
            raise TableError(403, "blocked", N_("a player at this table has blocked you: you cannot chat here"))


def line_account(rt: TableRuntime, entry: dict[str, Any]) -> int | None:
    """The account that said chat line ``entry``: its seat's, or the signed-in spectator's."""
    seat = entry.get("seat")
    if isinstance(seat, int) and 0 <= seat < len(rt.seats):
        return rt.seats[seat].account
    return rt.chat_accounts.get(int(entry["id"]))


def without_muted(rt: TableRuntime, view: dict[str, Any], muted: frozenset[int]) -> dict[str, Any]:
    """``view`` without the chat lines of the ``muted`` accounts (its ``chat_from`` is left
    as it was: the client counts lines from the view it was sent)."""
    if not muted or not view.get("chat"):
        return view
    return {**view, "chat": [e for e in view["chat"] if line_account(rt, e) not in muted]}
