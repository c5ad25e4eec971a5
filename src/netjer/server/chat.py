"""A table's chat: messages from the seats and the spectators, stored before anyone sees
them, limited in length, number and rate (:class:`Chat`)."""

from __future__ import annotations

from typing import Any

from netjer.i18n import N_
from netjer.server.limits import RateLimited, RateLimiter
from netjer.server.runtime import TableError, chat_entry
from netjer.server.tables import TableManager

#: The longest chat message (characters) and the most messages a table keeps.
MAX_CHAT_CHARS = 500
MAX_CHAT_MESSAGES = 5000
#: Chat messages a seat (or a spectator's connection) may send: a sustained rate per minute
#: and a burst at once (a token bucket, :class:`netjer.server.limits.RateLimiter`).
CHAT_PER_MINUTE = 20.0
CHAT_BURST = 5


class Chat:
    """The chat of every table the manager serves.

    Args:
        tables: the live tables (messages are stored and sent through it).
        per_minute: chat messages a seat, or a spectator's connection, may send a minute
            (:data:`CHAT_BURST` at once); 0: no limit.
    """

    def __init__(self, tables: TableManager, per_minute: float = CHAT_PER_MINUTE) -> None:
        self.tables = tables
        self.limiter = (
            RateLimiter(per_minute, min(CHAT_BURST, max(1, int(per_minute))), clock=tables.now)
            if per_minute > 0
            else None
        )

    async def say(
        self,
        table_id: str,
        seat: int | None,
        text: str,
        author: str | None = None,
        sender: str | None = None,
        account: int | None = None,
    ) -> dict[str, Any]:
        """Post a chat message for ``seat`` (``None``: a spectator, who may give a name; the
        caller has checked a seat's token and the texts' characters).  It is stored before
        anyone sees it.  A seat's messages are limited per seat, a spectator's per
        ``sender`` (its connection or address): :data:`CHAT_PER_MINUTE`.  A spectator's
        ``account`` is the signed-in player's (a seat's is the seat's own); a player blocked
        by one holding a seat here cannot chat (:mod:`netjer.server.moderation`).  The line
        is written to the audit log (:mod:`netjer.server.audit`).

        Returns:
            The message as the views carry it.

        Raises:
            TableError: 404 for a seat the table does not have, 422 ``bad_chat`` for an empty
                or too long message, 409 ``chat_full`` when the table holds its most messages.
            RateLimited: too many messages from this seat or sender (with the seconds to wait).
            TableError: 403 ``blocked``.
        """
        rt = await self.tables.get(table_id)
        if seat is not None and not 0 <= seat < len(rt.seats):
            raise TableError(404, "no_seat", N_("table {table} has no seat {seat}"), table=table_id, seat=seat)
        if seat is not None:
            account = rt.seats[seat].account
        await self.tables.moderation.refuse_blocked(rt, account, seating=False)
        text = text.strip()
        if not text:
            raise TableError(422, "bad_chat", N_("a chat message cannot be empty"))
        if len(text) > MAX_CHAT_CHARS:
            raise TableError(422, "bad_chat", N_("a chat message has at most {n} characters"), n=MAX_CHAT_CHARS)
        if seat is not None:
            author = rt.who(seat)
        if self.limiter is not None:
            key = f"{table_id}:seat:{seat}" if seat is not None else f"{table_id}:watch:{sender or '?'}"
            wait = self.limiter.take(key)
            if wait > 0:
                raise RateLimited(
                    wait,
                    N_("too many chat messages (at most {per_minute} a minute, {burst} at once); wait a moment"),
                    per_minute=f"{self.limiter.per_minute:g}",
                    burst=f"{self.limiter.burst:g}",
                )
        async with rt.lock:
            if rt.deleted:
                raise TableError(404, "no_table", N_("there is no table '{table}'"), table=table_id)
            if len(rt.chat) >= MAX_CHAT_MESSAGES:
                raise TableError(409, "chat_full", N_("this table's chat is full ({n} messages)"), n=MAX_CHAT_MESSAGES)
            event_id = await self.tables.writes.event((rt.id, rt.version, "chat", seat, text, author))
            entry = chat_entry(event_id, seat, author, text, self.tables.now())
            rt.chat.append(entry)
            if seat is None and account is not None:
                rt.chat_accounts[event_id] = account
        await self.tables.audit.record(rt, "chat", seat, text, account=account, name=author, event_id=event_id)
        await self.tables.broadcast(rt)
        return entry
