"""The store's part for finding a game: the follows of tables and players
(:mod:`netjer.server.follows`) and the presence heartbeats of the server processes
(:mod:`netjer.server.presence`)."""

from __future__ import annotations

import json

from sqlalchemy import delete, select, text
from sqlalchemy.exc import IntegrityError

from netjer.server.db.core import StoreCore
from netjer.server.db.engine import now
from netjer.server.db.rows import CreatorRow, FollowRow, RatingRow, SeatRow, TableRow
from netjer.server.ratings import Rating

#: What a player may follow.
FOLLOW_KINDS = ("table", "player")

_PUT_PRESENCE = text(
    """
    INSERT INTO presence (origin, table_id, seats, watching, expires_at)
    VALUES (:origin, :table, :seats, :watching, now() + make_interval(secs => :ttl))
    ON CONFLICT (origin, table_id) DO UPDATE
        SET seats = excluded.seats, watching = excluded.watching, expires_at = excluded.expires_at
    """
)
_RENEW_PRESENCE = text("UPDATE presence SET expires_at = now() + make_interval(secs => :ttl) WHERE origin = :origin")
_READ_PRESENCE = text(
    """
    SELECT table_id, seats, watching FROM presence
    WHERE table_id = ANY(CAST(:tables AS text[])) AND origin <> :origin AND expires_at > now()
    """
)


class SocialPart(StoreCore):
    """Reads and writes ``follows`` and ``presence`` (part of :class:`~netjer.server.db.Store`)."""

    # --- follows -------------------------------------------------------------------------------

    def follow(self, follower_id: int, kind: str, target: str) -> bool:
        """Have ``follower_id`` follow ``target`` (``kind`` one of :data:`FOLLOW_KINDS`);
        False if it followed it already."""
        try:
            with self.sessions.begin() as s:
                s.add(FollowRow(follower_id=follower_id, kind=kind, target=target, created_at=now()))
            return True
        except IntegrityError:
            return False

    def unfollow(self, follower_id: int, kind: str, target: str) -> bool:
        """Stop following; whether it was followed."""
        with self.sessions.begin() as s:
            done = s.execute(
                delete(FollowRow).where(
                    FollowRow.follower_id == follower_id, FollowRow.kind == kind, FollowRow.target == target
                )
            )
            return int(getattr(done, "rowcount", 0)) > 0

    def follows(self, follower_id: int) -> list[tuple[str, str]]:
        """What ``follower_id`` follows, oldest first: (kind, target)."""
        with self.sessions() as s:
            rows = s.execute(
                select(FollowRow.kind, FollowRow.target)
                .where(FollowRow.follower_id == follower_id)
                .order_by(FollowRow.created_at, FollowRow.kind, FollowRow.target)
            )
            return [(str(k), str(t)) for k, t in rows]

    def unfinished_seats_of(self, account_ids: set[int], limit: int = 100) -> list[tuple[str, int, int]]:
        """The seats those accounts hold at unfinished tables, newest table first, at most
        ``limit``: (table, seat, account)."""
        if not account_ids:
            return []
        with self.sessions() as s:
            rows = s.execute(
                select(SeatRow.table_id, SeatRow.seat, SeatRow.account_id)
                .join(TableRow, TableRow.id == SeatRow.table_id)
                .where(SeatRow.account_id.in_(account_ids), TableRow.finished.is_(False))
                .order_by(TableRow.created_at.desc(), SeatRow.seat)
                .limit(limit)
            )
            return [(str(t), int(seat), int(a)) for t, seat, a in rows if a is not None]

    # --- open challenges ---------------------------------------------------------------------

    def creators(self, table_ids: list[str]) -> dict[str, int]:
        """The signed-in creators of those tables (a guest's table has none): table -> account."""
        if not table_ids:
            return {}
        with self.sessions() as s:
            rows = s.execute(
                select(CreatorRow.table_id, CreatorRow.account_id).where(CreatorRow.table_id.in_(table_ids))
            )
            return {str(t): int(a) for t, a in rows}

    def pool_ratings(self, wanted: set[tuple[int, str]]) -> dict[tuple[int, str], Rating]:
        """The ratings of those (account, pool) pairs that have one (a rated game played)."""
        if not wanted:
            return {}
        accounts = {a for a, _ in wanted}
        with self.sessions() as s:
            rows = s.scalars(select(RatingRow).where(RatingRow.account_id.in_(accounts), RatingRow.games > 0))
            found = {(r.account_id, r.pool): Rating(r.pool, r.rating, r.deviation, r.volatility, r.games) for r in rows}
        return {key: rating for key, rating in found.items() if key in wanted}

    # --- presence (PostgreSQL: several server processes) -------------------------------------

    def put_presence(self, table_id: str, seats: list[int], watching: int, ttl: float) -> None:
        """Write this process's connections to ``table_id`` (seats connected, pages watching),
        trusted for ``ttl`` seconds of the database's time; with none, drop its row, and tell
        the other processes (news kind ``"p"``) in the same transaction."""
        with self.sessions.begin() as s:
            if seats or watching:
                s.execute(_PUT_PRESENCE, {"origin": self.origin, "table": table_id, "seats": json.dumps(seats),
                                          "watching": watching, "ttl": ttl})  # fmt: skip
            else:
                s.execute(
                    text("DELETE FROM presence WHERE origin = :origin AND table_id = :table"),
                    {"origin": self.origin, "table": table_id},
                )
            self._news(s, [(table_id, "p", None)])

    def renew_presence(self, ttl: float) -> None:
        """Renew every presence row of this process for ``ttl`` seconds (its heartbeat), and
        delete the rows every process let expire."""
        with self.sessions.begin() as s:
            s.execute(_RENEW_PRESENCE, {"origin": self.origin, "ttl": ttl})
            s.execute(text("DELETE FROM presence WHERE expires_at < now() - interval '1 minute'"))

    def drop_presence(self) -> None:
        """Delete every presence row of this process (a clean stop)."""
        with self.sessions.begin() as s:
            s.execute(text("DELETE FROM presence WHERE origin = :origin"), {"origin": self.origin})

    def others_presence(self, tables: list[str]) -> dict[str, tuple[set[int], int]]:
        """The other processes' live connections to ``tables``: per table, the seats connected
        somewhere else and how many pages watch there (expired rows: a process that died)."""
        out: dict[str, tuple[set[int], int]] = {}
        if not tables:
            return out
        with self.engine.connect() as connection:
            for table, seats, watching in connection.execute(_READ_PRESENCE, {"tables": tables, "origin": self.origin}):
                have, count = out.get(str(table), (set(), 0))
                out[str(table)] = (have | {int(x) for x in json.loads(seats)}, count + int(watching))
        return out
