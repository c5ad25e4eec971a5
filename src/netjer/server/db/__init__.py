"""Persistence: a table is its record (DESIGN.md, "Server and persistence").

The tables, created and upgraded by Alembic migrations (``netjer/server/migrations``):

* ``tables``: id, game, rules version, options (JSON), seed, creation time, finished flag
  and result (JSON), the time control (JSON) and the clocks' state (JSON, written in the same
  transaction as the action or event that changed it), the SHA-256 of the creator's key (to
  delete a table nobody has played at yet), the id of the rematch offered when it ended,
  whether hints are allowed and how many each seat may ask for (``hint_limit``, none: no limit);
* ``seats``: per table and seat, the agent specification (``human`` or an agent), the
  player's name, and the SHA-256 of the seat's secret token (never the token itself), or
  ``reserved:<table>:<seat>`` for a rematch seat kept for the player of that old seat;
* ``actions``: the append-only list of actions in notation, keyed by (table, index), so an
  action can be stored only once at a given index: two clients racing for the same move
  cannot both succeed;
* ``pending_choices``: a seat's secret choice in a window of simultaneous choices made before
  the engine reaches that seat (:mod:`netjer.server.tables`), until it is applied: then it
  moves to ``actions`` in one transaction;
* ``events``: what happens at a table besides the game's actions (a seat's time ran out, a
  seat taken back, a chat message with its author), each with the number of actions played
  when it happened, so that the log rebuilt after a restart places it where it was;
* ``reviews``: a finished game's reviews, one per seat (:mod:`netjer.server.reviews`);
* ``hints_given``: the hints each seat was given, one per position (table, seat, version),
  counted against the table's ``hint_limit``, with what was answered (the iterations, and the
  action, its description and estimate as JSON; none for a hint counted before migration 0010).

* ``accounts``: a player's name (and its unique key: names that read alike share it), the Argon2id hash of
  the password, and when it was created or deleted; ``account_sessions``: a signed-in
  browser's session, the SHA-256 of its token and of its CSRF token, until when
  (:mod:`netjer.server.accounts`); a seat's ``account_id`` says which account holds
  it, and ``table_creators`` which account created a table;
* ``passkeys``: an account's passkeys (WebAuthn credentials: id, public key, signature
  counter, the player's name for it), and ``passkey_challenges``: the challenges handed out
  and not yet answered, each used once before it expires, bound to the SHA-256 of a session
  or of a short-lived cookie; ``accounts.passkey_handle`` is the user handle its passkeys
  carry (:mod:`netjer.server.accounts.passkeys`);
* ``invitations``: a seat's unclaimed invitation code, until its link is opened or revoked
  (:mod:`netjer.server.invitations`);
* ``audit_log``: who did what at a table and when (:mod:`netjer.server.audit`), kept after the
  table is deleted; ``player_marks``: a player's mutes and blocks of another, and
  ``chat_reports``: chat lines reported to the operator (:mod:`netjer.server.moderation`);
* ``ratings``: an account's rating per pool (the library's figures), and ``rating_changes``:
  what each rated game did to each of its accounts (before and after), unique per (table,
  account) and written in the transaction that finished the game, so that a game is rated
  once; a table's ``rated`` flag is chosen at its creation (:mod:`netjer.server.ratings`);
* ``follows``: the tables and players a signed-in player follows (:mod:`netjer.server.follows`);
  ``presence``: per server process and table, who is connected, renewed while the process
  lives (:mod:`netjer.server.presence`).

A fifth, ``ai_leases``, says which server process runs a table's computer seats when
several share one PostgreSQL (:mod:`netjer.server.leases`).

SQLite (the default, a file beside the server) runs in WAL mode with ``synchronous=FULL``:
an action whose commit returned survives a crash of the process or the machine.  It serves
one process: :func:`single_process_lock` keeps a second ``netjer serve`` off the same file.

On PostgreSQL, every write that other server processes must hear of (an action, an event, a
seat taken, a table deleted) sends a notification on :data:`NEWS_CHANNEL` **in the same
transaction** (``pg_notify``): PostgreSQL delivers it only once the transaction commits, so
the rule "committed before anyone is told" holds across processes too
(:mod:`netjer.server.notify` listens).

The package, one module a concern: :mod:`.rows` (the tables' rows), :mod:`.engine` (opening,
migrating and locking the database), :mod:`.core` (the engine, sessions and news every part
shares) and the :class:`Store`'s parts: :mod:`.tables` (tables and seats), :mod:`.actions`,
:mod:`.events`, :mod:`.choices`, :mod:`.hints`, :mod:`.accounts`, :mod:`.passkeys`, :mod:`.invitations`,
:mod:`.moderation`, :mod:`.social` and :mod:`.ratings`, put together in :mod:`.store`.
"""

from netjer.server.db.accounts import DELETED_NAME
from netjer.server.db.core import MAX_PAYLOAD, NEWS_CHANNEL, ActionItem, EventItem, StoreCore
from netjer.server.db.engine import (
    MIGRATION_LOCK,
    AlreadyServed,
    database_url,
    hash_token,
    make_engine,
    migrate,
    now,
    process_id,
    single_process_lock,
)
from netjer.server.db.events import ClockChanged
from netjer.server.db.rows import (
    AccountRow,
    ActionRow,
    AuditRow,
    Base,
    ChoiceRow,
    CreatorRow,
    EventRow,
    FollowRow,
    HintRow,
    InvitationRow,
    LeaseRow,
    MarkRow,
    PasskeyChallengeRow,
    PasskeyRow,
    PresenceRow,
    RatingChangeRow,
    RatingRow,
    ReportRow,
    SeatRow,
    SessionRow,
    TableRow,
)
from netjer.server.db.store import Store
from netjer.server.db.tables import RematchTaken

__all__ = [
    "DELETED_NAME",
    "MAX_PAYLOAD",
    "MIGRATION_LOCK",
    "NEWS_CHANNEL",
    "AccountRow",
    "ActionItem",
    "ActionRow",
    "AlreadyServed",
    "AuditRow",
    "Base",
    "ChoiceRow",
    "ClockChanged",
    "CreatorRow",
    "EventItem",
    "EventRow",
    "FollowRow",
    "HintRow",
    "InvitationRow",
    "LeaseRow",
    "MarkRow",
    "PasskeyChallengeRow",
    "PasskeyRow",
    "PresenceRow",
    "RatingChangeRow",
    "RatingRow",
    "RematchTaken",
    "ReportRow",
    "SeatRow",
    "SessionRow",
    "Store",
    "StoreCore",
    "TableRow",
    "database_url",
    "hash_token",
    "make_engine",
    "migrate",
    "now",
    "process_id",
    "single_process_lock",
]
