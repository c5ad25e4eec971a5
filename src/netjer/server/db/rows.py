"""The database's rows: one SQLAlchemy declarative class per table (what each holds: the
package's text, :mod:`netjer.server.db`)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


class Base(DeclarativeBase):
    """Declarative base of Netjer's tables."""


class TableRow(Base):
    """A game table: what it plays and how it ended."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    rules_version: Mapped[str] = mapped_column(String(16))
    options: Mapped[str] = mapped_column(Text)  # JSON
    seed: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    finished: Mapped[bool] = mapped_column(Boolean, default=False, index=True)
    result: Mapped[str | None] = mapped_column(Text, nullable=True)  # JSON list of returns
    ending: Mapped[str | None] = mapped_column(Text, nullable=True)  # JSON {"how", "seats", "retired"?}: server.endings
    clock: Mapped[str | None] = mapped_column(Text, nullable=True)  # JSON ClockSettings
    clock_state: Mapped[str | None] = mapped_column(Text, nullable=True)  # JSON ClockState
    creator_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)
    hints: Mapped[bool] = mapped_column(Boolean, default=False)  # a seat may ask for a hint
    hint_limit: Mapped[int | None] = mapped_column(Integer, nullable=True)  # hints per seat (None: no limit)
    # Chosen at creation: the game counts for its players' ratings (netjer.server.ratings)
    rated: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    seats: Mapped[list[SeatRow]] = relationship(back_populates="table", order_by="SeatRow.seat")


class HintRow(Base):
    """A hint given to a seat in one position (the table's version then): counted against the
    table's ``hint_limit``, with what it answered: the same position asked again (with any
    iterations) is answered the same, counted once."""

    __tablename__ = "hints_given"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    version: Mapped[int] = mapped_column(Integer, primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    iterations: Mapped[int | None] = mapped_column(Integer, nullable=True)  # None: counted before 0010
    answer: Mapped[str | None] = mapped_column(Text, nullable=True)  # JSON {"action", "description", "estimate"}


class SeatRow(Base):
    """One seat of a table."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    spec: Mapped[str] = mapped_column(String(200))
    name: Mapped[str | None] = mapped_column(String(80), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # The account whose player holds the seat (None: a guest, or nobody yet): its sessions may
    # act for the seat on any device (:mod:`netjer.server.accounts`).
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id"), nullable=True, index=True)
    table: Mapped[TableRow] = relationship(back_populates="seats")


class ActionRow(Base):
    """One action of a table's append-only record."""

    __tablename__ = "actions"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    text: Mapped[str] = mapped_column(String(200))
    seat: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class EventRow(Base):
    """An event of a table that is not a game action (a timeout, a take-back, a chat message)."""

    __tablename__ = "events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    version: Mapped[int] = mapped_column(Integer)  # actions played when it happened
    kind: Mapped[str] = mapped_column(String(16))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    author: Mapped[str | None] = mapped_column(String(80), nullable=True)


class LeaseRow(Base):
    """Which server process runs a table's computer seats (and watches its clocks), until when
    (:mod:`netjer.server.leases`)."""

    __tablename__ = "ai_leases"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    holder: Mapped[str] = mapped_column(String(200))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class ChoiceRow(Base):
    """A seat's simultaneous choice made ahead of the engine's turn (not yet an action)."""

    __tablename__ = "pending_choices"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    version: Mapped[int] = mapped_column(Integer)  # the table's version when it was made
    text: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class AccountRow(Base):
    """A player's account (:mod:`netjer.server.accounts`).  A deleted account keeps its row
    (its id stays referenced by its seats, and by ratings later) with no name and no password."""

    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str | None] = mapped_column(String(40), nullable=True)  # as the player wrote it
    name_key: Mapped[str | None] = mapped_column(String(40), nullable=True, unique=True)  # accounts.service.name_key
    password_hash: Mapped[str | None] = mapped_column(String(200), nullable=True)  # Argon2id, PHC string
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    deleted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    # The WebAuthn user handle its passkeys carry (random, base64url; none before its first
    # passkey): the authenticator's name for the account, never its id or name.
    passkey_handle: Mapped[str | None] = mapped_column(String(100), nullable=True, unique=True)


class SessionRow(Base):
    """A signed-in browser: the SHA-256 of its session token (the cookie's value) and of its
    CSRF token, never the tokens themselves."""

    __tablename__ = "account_sessions"

    id_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)
    csrf_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class PasskeyRow(Base):
    """A passkey (a WebAuthn credential) an account signs in with
    (:mod:`netjer.server.accounts.passkeys`): its credential id, its public key (COSE) and the
    signature counter its authenticator last gave."""

    __tablename__ = "passkeys"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)
    credential_id: Mapped[str] = mapped_column(String(1400), unique=True)  # base64url, at most 1023 bytes
    public_key: Mapped[bytes] = mapped_column(LargeBinary)  # COSE_Key
    sign_count: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(40))  # the player's name for it
    transports: Mapped[str] = mapped_column(String(200))  # JSON list, the authenticator's hints
    backed_up: Mapped[bool] = mapped_column(Boolean)  # synced (a multi-device passkey)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    last_used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class PasskeyChallengeRow(Base):
    """A WebAuthn challenge handed out and not yet answered: used once, until ``expires_at``.
    ``key_hash`` is the SHA-256 of what it is bound to: the signed-in session registering a
    passkey, or the short-lived cookie of a browser signing in with one."""

    __tablename__ = "passkey_challenges"

    key_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    purpose: Mapped[str] = mapped_column(String(8))  # "register" or "signin"
    challenge: Mapped[str] = mapped_column(String(128))  # base64url
    # the account it was asked for (a registration's; a sign-in for a name: that name's account)
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id"), nullable=True, index=True)
    named: Mapped[bool] = mapped_column(Boolean)  # a sign-in for a name (account_id None: a name nobody has)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class InvitationRow(Base):
    """An unclaimed invitation to a seat: whoever opens its link first takes the seat.  Kept
    readable (not hashed), so that the creator can show it again: it is no seat's key, only
    the right to claim a seat nobody holds; claimed or revoked, the row is deleted."""

    __tablename__ = "invitations"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class CreatorRow(Base):
    """The signed-in creator of a table (a guest's table has none), who may show its
    invitations again and revoke them from any device."""

    __tablename__ = "table_creators"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)


class AuditRow(Base):
    """One entry of the audit log (:mod:`netjer.server.audit`): what happened at a table, who
    did it (a seat and its account, none for a guest) and when.  Only what the table already
    showed its players: never a hidden choice.  ``table_id`` has no foreign key: the record of
    a deleted table outlives it."""

    __tablename__ = "audit_log"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(String(32), index=True)
    kind: Mapped[str] = mapped_column(String(16))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id"), nullable=True, index=True)
    name: Mapped[str | None] = mapped_column(String(80), nullable=True)  # as the table showed them
    detail: Mapped[str] = mapped_column(Text)
    event_id: Mapped[int | None] = mapped_column(Integer, nullable=True)  # a chat line's event
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class MarkRow(Base):
    """A player's mute or block of another (:mod:`netjer.server.moderation`)."""

    __tablename__ = "player_marks"

    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    other_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), primary_key=True, index=True)
    kind: Mapped[str] = mapped_column(String(8), primary_key=True)  # "mute" or "block"
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ReportRow(Base):
    """A chat line reported by a signed-in player, kept as it was said, for the operator."""

    __tablename__ = "chat_reports"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(String(32), index=True)
    event_id: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    author: Mapped[str | None] = mapped_column(String(80), nullable=True)
    author_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id"), nullable=True)
    text: Mapped[str] = mapped_column(Text)
    reporter_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class RatingRow(Base):
    """An account's rating in one pool (:mod:`netjer.server.ratings`): the library's own
    figures (Glicko-2's rating, RD and volatility, or Weng-Lin's μ and σ), not the shown ones."""

    __tablename__ = "ratings"

    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    pool: Mapped[str] = mapped_column(String(16), primary_key=True)
    rating: Mapped[float] = mapped_column(Float)
    deviation: Mapped[float] = mapped_column(Float)
    volatility: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)


class RatingChangeRow(Base):
    """What one rated game did to one account's rating: one row per (table, account), unique,
    written in the transaction that finished the game, so that a game is rated once."""

    __tablename__ = "rating_changes"
    __table_args__ = (UniqueConstraint("table_id", "account_id", name="uq_rating_changes_table_account"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)
    pool: Mapped[str] = mapped_column(String(16))
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    before_rating: Mapped[float] = mapped_column(Float)
    before_deviation: Mapped[float] = mapped_column(Float)
    after_rating: Mapped[float] = mapped_column(Float)
    after_deviation: Mapped[float] = mapped_column(Float)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class FollowRow(Base):
    """A signed-in player following a table (``kind`` ``"table"``, ``target`` its id) or a
    player (``"player"``, ``target`` the account's id as text), to be told when it is that
    player's turn (:mod:`netjer.server.follows`)."""

    __tablename__ = "follows"

    follower_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    kind: Mapped[str] = mapped_column(String(8), primary_key=True)
    target: Mapped[str] = mapped_column(String(32), primary_key=True, index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PresenceRow(Base):
    """One server process's connections to one table (:mod:`netjer.server.presence`): the
    seats with a page connected there (JSON list) and how many pages watch, trusted until
    ``expires_at`` (the database's time), which the process renews while it lives."""

    __tablename__ = "presence"

    origin: Mapped[str] = mapped_column(String(160), primary_key=True)
    table_id: Mapped[str] = mapped_column(String(32), primary_key=True, index=True)
    seats: Mapped[str] = mapped_column(Text)
    watching: Mapped[int] = mapped_column(Integer)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
