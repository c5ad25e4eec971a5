"""The store's ratings: a rated game is rated in the transaction that finishes it, and the
profiles read the ratings, their history and an account's finished games back (what the
figures mean: :mod:`netjer.server.ratings`)."""

from __future__ import annotations

import logging
from typing import Final

from sqlalchemy import select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from netjer.server.db.core import StoreCore
from netjer.server.db.engine import now
from netjer.server.db.rows import AccountRow, RatingChangeRow, RatingRow, SeatRow, TableRow
from netjer.server.ratings import POOLS, Rating, RatingError, new_rating, pool_of, rate_game, scores_of

log = logging.getLogger("netjer.server")

#: The endings that rate a game (``tables.ending["how"]``, :mod:`netjer.server.endings`): by the
#: rules, a resignation, a seat out on time or gone for its deadline (a loss, as a resignation:
#: leaving a lost rated game must not spare its rating), a draw agreed.  Never ``"aborted"``
#: (no result), and an adjourned game is not finished.
RATED_ENDINGS: Final = frozenset({"rules", "resigned", "time", "gone", "agreed"})


def rated_accounts(table: TableRow) -> list[int] | None:
    """The accounts of a rated table's seats in seat order, or None if the game does not count:
    a seat played by the computer, a seat held by no account (a guest's, or one never taken),
    or one account holding two seats."""
    accounts = [seat.account_id if seat.spec == "human" else None for seat in table.seats]
    if any(a is None for a in accounts) or len(set(accounts)) != len(accounts):
        return None
    return [a for a in accounts if a is not None]


class RatingsPart(StoreCore):
    """Reads and writes ``ratings`` and ``rating_changes`` (part of :class:`~netjer.server.db.Store`)."""

    def set_rated(self, table_id: str) -> None:
        """Mark the table rated (its creator chose so; the lobby checked that it may be)."""
        with self.sessions.begin() as s:
            s.execute(update(TableRow).where(TableRow.id == table_id).values(rated=True))

    def _rate(self, s: Session, table_id: str, result: list[float], how: str) -> None:
        """Rate the game of ``table_id`` that ``s`` is finishing with ``result`` (its seats'
        returns) and ending ``how``, if it counts: a rated table, a rated ending
        (:data:`RATED_ENDINGS`) and every seat an account's (:func:`rated_accounts`).  Written
        in ``s``, the finishing transaction: one row per (table, account) in
        ``rating_changes`` (unique), so that a game is rated at most once; the accounts'
        ratings rows are made if new and locked (``FOR UPDATE`` on PostgreSQL, in account
        order) so that two games finishing at once for one player both count."""
        table = s.get(TableRow, table_id)
        if table is None or not table.rated or how not in RATED_ENDINGS:
            return
        accounts = rated_accounts(table)
        if accounts is None:
            return
        done = s.scalar(select(RatingChangeRow.id).where(RatingChangeRow.table_id == table_id).limit(1))
        if done is not None:
            return
        try:
            pool = pool_of(table.game, len(accounts))
            scores = scores_of(result)
        except RatingError as err:
            log.warning("table %s not rated: %s", table_id, err)
            return
        # Every player gets a starting row first (no-op where one exists), so that the lock
        # below has rows to hold: two first games of a player ending at once would otherwise
        # both insert one.  Sorted, so that two games lock their players in the same order.
        start = new_rating(pool)
        insert = pg_insert if s.get_bind().dialect.name == "postgresql" else sqlite_insert
        s.execute(
            insert(RatingRow)
            .values([{"account_id": a, "pool": pool, "rating": start.rating, "deviation": start.deviation,
                      "volatility": start.volatility, "games": 0} for a in sorted(accounts)])
            .on_conflict_do_nothing()
        )  # fmt: skip
        rows = {
            row.account_id: row
            for row in s.scalars(
                select(RatingRow)
                .where(RatingRow.account_id.in_(accounts), RatingRow.pool == pool)
                .order_by(RatingRow.account_id)
                .with_for_update()
                .execution_options(populate_existing=True)
            )
        }
        before = [
            Rating(pool, row.rating, row.deviation, row.volatility, row.games) for row in (rows[a] for a in accounts)
        ]
        try:
            after = rate_game(before, scores)
        except RatingError as err:  # the game's end is stored all the same, unrated
            log.warning("table %s not rated: %s", table_id, err)
            return
        when = now()
        for account, old, new in zip(accounts, before, after, strict=True):
            row = rows[account]
            row.rating, row.deviation, row.volatility, row.games = new.rating, new.deviation, new.volatility, new.games
            s.add(RatingChangeRow(account_id=account, pool=pool, table_id=table_id, before_rating=old.rating,
                                  before_deviation=old.deviation, after_rating=new.rating,
                                  after_deviation=new.deviation, created_at=when))  # fmt: skip

    def ratings(self, account_id: int) -> list[Rating]:
        """The account's ratings, one per pool it has played a rated game in (in :data:`POOLS` order)."""
        with self.sessions() as s:
            rows = s.scalars(select(RatingRow).where(RatingRow.account_id == account_id, RatingRow.games > 0))
            found = [Rating(r.pool, r.rating, r.deviation, r.volatility, r.games) for r in rows]
        return sorted(found, key=lambda r: POOLS.index(r.pool) if r.pool in POOLS else len(POOLS))

    def rating_history(self, account_id: int) -> list[RatingChangeRow]:
        """The account's rating changes, oldest first."""
        with self.sessions() as s:
            return list(
                s.scalars(
                    select(RatingChangeRow).where(RatingChangeRow.account_id == account_id).order_by(RatingChangeRow.id)
                )
            )

    def table_rating_changes(self, table_id: str) -> list[tuple[int, RatingChangeRow]]:
        """The rating changes a finished rated game made, as ``(seat, change)`` pairs in seat
        order (empty if the game was not rated, or is not finished yet)."""
        held = (SeatRow.table_id == RatingChangeRow.table_id) & (SeatRow.account_id == RatingChangeRow.account_id)
        with self.sessions() as s:
            rows = s.execute(
                select(SeatRow.seat, RatingChangeRow)
                .join(SeatRow, held)
                .where(RatingChangeRow.table_id == table_id)
                .order_by(SeatRow.seat)
            )
            return [(int(seat), change) for seat, change in rows]

    def finished_games(self, account_id: int, limit: int = 200) -> list[TableRow]:
        """The finished tables the account held a seat of (seats loaded), newest first; aborted
        games are left out (they have no result)."""
        with self.sessions() as s:
            ids = select(SeatRow.table_id).where(SeatRow.account_id == account_id)
            rows = list(
                s.scalars(
                    select(TableRow)
                    .where(TableRow.id.in_(ids), TableRow.finished.is_(True), TableRow.result.is_not(None))
                    .order_by(TableRow.created_at.desc())
                    .limit(limit)
                )
            )
            for row in rows:
                _ = list(row.seats)
            return rows

    def account_names(self, account_ids: set[int]) -> dict[int, str]:
        """The names of those accounts that have one (a deleted account has none)."""
        if not account_ids:
            return {}
        with self.sessions() as s:
            rows = s.execute(select(AccountRow.id, AccountRow.name).where(AccountRow.id.in_(account_ids)))
            return {int(i): str(n) for i, n in rows if n is not None}
