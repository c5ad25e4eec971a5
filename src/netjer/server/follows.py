"""Following a table or a player, to be told when it is their turn (issue 31 item 5).

A signed-in player follows tables and players (``follows`` rows, :mod:`netjer.server.db.social`);
a guest's browser keeps the tables it follows itself and names them in its request.  The pages
ask for the **notices** now due (:meth:`Follows.notices`, polled by ``web/static/follows.js``,
which tells the player in a notice area and, when allowed, by the browser's Notification API):

* ``turn``: a person must act at a followed table, or a followed player must act at a table
  they sit at: the seat's label and name, the table and its version (the notice's ``key``
  changes with each new turn, so a page tells it once);
* ``new_table``: a followed player sits at a table where nothing has been played yet (they
  created or joined it: lichess's "started a game"), unless a ``turn`` notice of theirs there
  says it already.

Only what every spectator of the table sees: whose turn it is (in a window of simultaneous
choices, the seats that have not chosen yet, as the views say), the seats' names and labels;
never a hand, a bid or a choice.  Every table is open to spectators, so a follower sees every
table a notice may be about; a deleted table gives none.  A player who blocks another cannot be
followed by them (:meth:`Follows.follow` refuses), and a block made later silences the
blocker's turns for that follower.  A seat the computer plays (its own, or standing in) gives
no notice: no person is asked anything.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from netjer.i18n import N_
from netjer.server.accounts.service import name_key
from netjer.server.runtime import TableError

if TYPE_CHECKING:
    from netjer.server.runtime import TableRuntime
    from netjer.server.tables import TableManager

log = logging.getLogger("netjer.server")

#: The most tables a player may follow, and the most players.
MAX_FOLLOWED = 50
#: The refusals of one follow too many, by what is followed.
#: The most tables one request for notices looks at.
MAX_NOTICE_TABLES = 60


def turn_notices(rt: TableRuntime, only: set[int] | None, silenced: set[int]) -> list[dict[str, Any]]:
    """The ``turn`` notices of ``rt``: one per person's seat that must act now (``only``
    those seats, None: any), unless its account is in ``silenced`` (it blocks the follower)."""
    if rt.finished or rt.deleted or rt.ending is not None or any(s.waiting for s in rt.seats):
        return []
    out = []
    for seat in sorted(rt.choosers()):
        info = rt.seats[seat]
        if (only is not None and seat not in only) or rt.computer_plays(seat) or info.account in silenced:
            continue
        out.append(
            {
                "kind": "turn",
                "key": f"turn:{rt.id}:{rt.version}:{seat}",
                "table": rt.id,
                "title": rt.game.title,
                "game": rt.game.name,
                "seat": seat,
                "label": rt.game.seat_name(seat),
                "name": info.name,
                "version": rt.version,
            }
        )
    return out


class Follows:
    """The follows of signed-in players and the notices due to a page (module's text).

    Args:
        manager: the table manager (its store and its tables).
    """

    def __init__(self, manager: TableManager) -> None:
        self.manager = manager
        self.store = manager.store

    async def follow_table(self, account: int, table_id: str) -> None:
        """Follow table ``table_id``.

        Raises:
            TableError: 404 for an unknown table; 422 ``too_many`` past :data:`MAX_FOLLOWED`.
        """
        await self.manager.get(table_id)  # 404 when there is no such table
        await self._room(account, "table")
        await asyncio.to_thread(self.store.follow, account, "table", table_id)

    async def follow_player(self, account: int, name: str) -> int:
        """Follow the player named ``name``; their account id.

        Raises:
            TableError: 404 ``no_player``; 422 ``bad_follow`` for oneself; 403 ``blocked``
                when that player blocks ``account``; 422 ``too_many``.
        """
        found = await asyncio.to_thread(self.store.account_named, name_key(name))
        if found is None:
            raise TableError(404, "no_player", N_("there is no player of that name"))
        if found.id == account:
            raise TableError(422, "bad_follow", N_("you cannot follow yourself"))
        if await asyncio.to_thread(self.store.blockers, {found.id}, account):
            raise TableError(403, "blocked", N_("this player has blocked you: you cannot follow them"))
        await self._room(account, "player")
        await asyncio.to_thread(self.store.follow, account, "player", str(found.id))
        return int(found.id)

    async def _room(self, account: int, kind: str) -> None:
        held = await asyncio.to_thread(self.store.follows, account)
        if sum(1 for k, _ in held if k == kind) >= MAX_FOLLOWED:
            if kind == "table":
                too_many = N_("you follow {n} tables already: unfollow one first")
            else:
                too_many = N_("you follow {n} players already: unfollow one first")
            raise TableError(422, "too_many", too_many, n=MAX_FOLLOWED)

    async def unfollow(self, account: int, kind: str, target: str) -> bool:
        """Stop following (``kind`` ``"table"`` or ``"player"``); whether it was followed.

        Raises:
            TableError: 422 ``bad_follow`` for another kind.
        """
        if kind not in ("table", "player"):
            raise TableError(422, "bad_follow", N_("unfollow a 'table' or a 'player'"))
        return await asyncio.to_thread(self.store.unfollow, account, kind, target)

    async def listing(self, account: int) -> dict[str, Any]:
        """What ``account`` follows: ``{"tables": [{"id", "title"}], "players": [{"id", "name"}]}``
        (a deleted table or account is left out)."""
        held = await asyncio.to_thread(self.store.follows, account)
        players = [int(t) for k, t in held if k == "player"]
        names = await asyncio.to_thread(self.store.account_names, set(players))
        tables = []
        for kind, target in held:
            if kind != "table":
                continue
            try:
                rt = await self.manager.get(target)
            except TableError:
                continue
            tables.append({"id": rt.id, "title": rt.game.title, "finished": rt.finished})
        return {"tables": tables, "players": [{"id": p, "name": names[p]} for p in players if p in names]}

    async def notices(self, account: int | None, tables: list[str]) -> list[dict[str, Any]]:
        """The notices due now (module's text) to ``account`` (None: a guest) for the tables it
        follows and ``tables`` (a guest's browser's own, or a page's), newest table first."""
        followed: list[str] = list(dict.fromkeys(tables))
        players: set[int] = set()
        if account is not None:
            held = await asyncio.to_thread(self.store.follows, account)
            followed = list(dict.fromkeys([*(t for k, t in held if k == "table"), *followed]))
            players = {int(t) for k, t in held if k == "player"}
        silenced: set[int] = set()
        if account is not None:
            seated = {s.account for t in followed if (rt := self.manager.tables.get(t)) for s in rt.seats}
            candidates = {a for a in seated | players if a is not None and a != account}
            silenced = await asyncio.to_thread(self.store.blockers, candidates, account)
        watched: dict[str, set[int] | None] = dict.fromkeys(followed[:MAX_NOTICE_TABLES])
        names = await asyncio.to_thread(self.store.account_names, players - silenced)
        for table, seat, player in await asyncio.to_thread(self.store.unfinished_seats_of, players - silenced):
            if player not in names or (table in watched and watched[table] is None):
                continue  # a deleted account; a table followed as a whole says it already
            if table not in watched and len(watched) >= MAX_NOTICE_TABLES:
                continue
            only = watched.setdefault(table, set())
            assert only is not None
            only.add(seat)
        out: list[dict[str, Any]] = []
        for table, only in watched.items():
            try:
                rt = await self.manager.get(table)
            except TableError:
                continue  # deleted: nothing to tell
            except Exception:  # a table that cannot be replayed must not stop the others
                log.exception("table %s could not be loaded for notices", table)
                continue
            if account is not None:  # a seat held by one who blocks the follower is silent (seated since)
                seated_now = {s.account for s in rt.seats if s.account is not None and s.account != account}
                silenced |= await asyncio.to_thread(self.store.blockers, seated_now - silenced, account)
            turns = turn_notices(rt, only, silenced)
            for notice in turns:
                held_by = rt.seats[notice["seat"]].account
                notice["player"] = names.get(held_by) if held_by is not None else None
                out.append(notice)
            if only and rt.version == 0 and not rt.finished:
                told = {n["seat"] for n in turns}  # their turn already says they sit there
                for seat in sorted(only - told):
                    sitter = rt.seats[seat].account
                    if sitter is not None and sitter in names and sitter not in silenced:
                        out.append({"kind": "new_table", "key": f"new:{rt.id}:{seat}", "table": rt.id,
                                    "title": rt.game.title, "game": rt.game.name, "seat": seat,
                                    "label": rt.game.seat_name(seat),
                                    "name": rt.seats[seat].name, "player": names[sitter],
                                    "version": 0})  # fmt: skip
        return out
