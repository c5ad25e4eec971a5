"""Passkeys (issue 31 item 1, a second way to sign in): ``passkeys`` (an account's WebAuthn
credentials), ``passkey_challenges`` (the challenges handed out and not yet answered) and
``accounts.passkey_handle`` (the user handle its passkeys carry; :mod:`netjer.server.accounts.passkeys`).

Additive (two new tables, one nullable column and its unique index): a database with tables
and accounts in it upgrades in place, every account without a passkey; ``accounts`` gets its
column by a plain ``ALTER TABLE ADD COLUMN`` (a batch rebuild is refused on SQLite by the other
tables' foreign keys once it has rows).

Revision ID: 0015_passkeys
Revises: 0014_ratings
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015_passkeys"
down_revision = "0014_ratings"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the passkeys and their challenges; add ``accounts.passkey_handle`` (none for every account)."""
    op.add_column("accounts", sa.Column("passkey_handle", sa.String(100), nullable=True))
    op.create_index("ix_accounts_passkey_handle", "accounts", ["passkey_handle"], unique=True)
    op.create_table(
        "passkeys",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False, index=True),
        sa.Column("credential_id", sa.String(1400), nullable=False, unique=True),
        sa.Column("public_key", sa.LargeBinary, nullable=False),
        sa.Column("sign_count", sa.Integer, nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("transports", sa.String(200), nullable=False),
        sa.Column("backed_up", sa.Boolean, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_used_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "passkey_challenges",
        sa.Column("key_hash", sa.String(64), primary_key=True),
        sa.Column("purpose", sa.String(8), nullable=False),
        sa.Column("challenge", sa.String(128), nullable=False),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=True, index=True),
        sa.Column("named", sa.Boolean, nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False, index=True),
    )


def downgrade() -> None:
    """Drop them (the accounts stay, signed in by password only; their passkeys are lost)."""
    op.drop_table("passkey_challenges")
    op.drop_table("passkeys")
    op.drop_index("ix_accounts_passkey_handle", table_name="accounts")
    if op.get_bind().dialect.name == "sqlite":
        op.execute("ALTER TABLE accounts DROP COLUMN passkey_handle")  # SQLite 3.35 and later
    else:
        op.drop_column("accounts", "passkey_handle")
