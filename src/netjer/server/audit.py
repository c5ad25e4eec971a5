"""A record of who did what at a table (issue 31 item 6): the audit log.

Each entry says what happened (:data:`KINDS`), who did it (the seat, and the account holding
it: none for a guest or a spectator without one), the name the table showed, and when; the
operator reads it with ``netjer audit TABLE`` (the log of a deleted table too).

Only what the table already showed its players is written: a join, a chat line, that a seat
took back its decision (never which decision: it may be a secret choice withdrawn), how a
game ended.  A move's notation is never written, so no hidden choice reaches the log.

An entry is written right after the action it records has committed (each action keeps its
own transaction, some shared with others by the group commit): a crash between the two
loses the entry, never the action, and a failed entry is logged without undoing the action.
"""

from __future__ import annotations

import asyncio
import logging

from netjer.server.db import Store
from netjer.server.runtime import TableRuntime

log = logging.getLogger("netjer.server")

#: What an entry may record.
KINDS = (
    "join",  # an open seat taken from the lobby
    "claim",  # a seat claimed through its invitation link
    "rematch",  # a rematch seat taken by the player it was kept for
    "takeback",  # a person took their seat back from the computer standing in
    "undo",  # a seat took back its last decision (which one is not written)
    "resign",
    "abort",
    "offer",  # a draw or an adjournment offered (the detail says which)
    "answer",  # an offer accepted or declined
    "delete",  # the creator deleted the table
    "chat",  # a chat line (its text, its event id)
)


class AuditTrail:
    """Writes the audit log of every table (:mod:`netjer.server.db.moderation`).

    Args:
        store: the database.
    """

    def __init__(self, store: Store) -> None:
        self.store = store

    async def record(
        self,
        rt: TableRuntime,
        kind: str,
        seat: int | None,
        detail: str = "",
        *,
        account: int | None = None,
        name: str | None = None,
        event_id: int | None = None,
    ) -> None:
        """Append an entry for ``rt``: ``kind`` (one of :data:`KINDS`) by ``seat`` (None: a
        spectator or the creator), whose account and name are read from the seat unless
        given.  Never raises: the action it records has already happened.

        Args:
            detail: what the table showed of it (a chat line's text, how a game ended).
            account: the account acting (a signed-in spectator's, or the creator's).
            name: the name shown (a spectator's).
            event_id: a chat line's event, which a report names.
        """
        if seat is not None and 0 <= seat < len(rt.seats):
            account = account if account is not None else rt.seats[seat].account
            name = name if name is not None else rt.who(seat)
        try:
            await asyncio.to_thread(self.store.add_audit, rt.id, kind, seat, account, name, detail, event_id)
        except Exception:  # the action stands: say what was not recorded
            log.exception("audit entry not written", extra={"event": "audit", "table": rt.id, "kind": kind})
