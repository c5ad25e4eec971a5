"""Account names that read alike are one name: every account's ``name_key`` is computed again
by :func:`netjer.server.accounts.service.name_key`, which now leaves out the marks on Latin,
Greek and Cyrillic letters and reads a dotless ``ı`` as ``i`` (before, ``"İsis"`` and
``"Isis"`` were two accounts: the key was only NFKC and case-folded).

The key is recomputed from each kept name (a deleted account has none and keeps none) by the
application's own ``name_key``, imported rather than copied: the keys must be what sign-in
computes, and a later change of the rule comes with a migration of its own.  No other column
and no other table changes, so a database with tables and games in progress upgrades in place
(but old server processes must be stopped first: docs/deploy.md).

**Two accounts whose names now read as one.**  The upgrade then stops before it changes
anything (on PostgreSQL and SQLite alike: the clash is found before the first write) and its
error names every such group of accounts, with what to do.  This is the choice that loses
nothing a player did; the others each lose something:

* giving the key to one account and leaving the other its old key would leave a player unable
  to sign in by the name they chose (their name's key now finds the other account);
* renaming one account ("Isis 2") would change a player's sign-in name without telling them;
* merging the two would give one player's games, ratings and follows to another.

The server's operator decides instead, with the previous Netjer version still able to serve the
database unchanged: rename all but one account of each group while the server is stopped
(``UPDATE accounts SET name = 'Isis 2' WHERE id = 7``: the upgrade computes its key from the
name) and tell its player, or let its player delete it; then start the server again.

Downgrading computes the keys by the previous rule again (names that are distinct now are
distinct by that rule too, so it never clashes).

Revision ID: 0017_tidy
Revises: 0016_social
Create Date: 2026-12-06
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

import sqlalchemy as sa
from alembic import op

from netjer.server.accounts.service import name_key

revision = "0017_tidy"
down_revision = "0016_social"
branch_labels = None
depends_on = None

_ACCOUNTS = sa.table(
    "accounts", sa.column("id", sa.Integer), sa.column("name", sa.String), sa.column("name_key", sa.String)
)


def upgrade() -> None:
    """Compute every named account's key by :func:`name_key`.

    Raises:
        RuntimeError: if two accounts' names have one key now (naming them); nothing is changed.
    """
    _rekey(name_key)


def downgrade() -> None:
    """Compute every named account's key by the previous rule (NFKC, case-folded)."""
    _rekey(lambda name: unicodedata.normalize("NFKC", name).casefold())


def _rekey(key_of: Callable[[str], str]) -> None:
    """Set each named account's key to ``key_of(name)`` where it differs.

    Raises:
        RuntimeError: if two accounts would share a key (found before any write).
    """
    connection = op.get_bind()
    rows = connection.execute(
        sa.select(_ACCOUNTS.c.id, _ACCOUNTS.c.name, _ACCOUNTS.c.name_key)
        .where(_ACCOUNTS.c.name.is_not(None))
        .order_by(_ACCOUNTS.c.id)
    ).all()
    by_key: dict[str, list[tuple[int, str]]] = {}
    for account, name, _ in rows:
        by_key.setdefault(key_of(name), []).append((account, name))
    clashes = [group for group in by_key.values() if len(group) > 1]
    if clashes:
        listed = "; ".join(", ".join(f"{name!r} (account {account})" for account, name in group) for group in clashes)
        raise RuntimeError(
            f"migration {revision} stopped, nothing changed: these accounts' names now read as one name: {listed}. "
            "Rename all but one account of each group while the server is stopped (UPDATE accounts SET name = "
            "'...' WHERE id = ...; the upgrade computes its key) and tell its player, or let its player delete it, "
            "then start the server again"
        )
    changed = [(account, key_of(name)) for account, name, key in rows if key_of(name) != key]
    # the keys are unique: clear the changed ones first, so that no row meets another's old key midway
    for account, _ in changed:
        connection.execute(sa.update(_ACCOUNTS).where(_ACCOUNTS.c.id == account).values(name_key=None))
    for account, key in changed:
        connection.execute(sa.update(_ACCOUNTS).where(_ACCOUNTS.c.id == account).values(name_key=key))
