"""Accounts and seats that belong to their players: ``accounts``, ``account_sessions``,
``invitations`` and ``table_creators`` (a signed-in creator), with ``seats.account_id`` (the
account holding a seat).

``tables`` itself is not altered: on SQLite a batch alteration rebuilds the table, which the
foreign keys of ``seats``, ``actions`` and the others refuse once it has rows.

Additive (four new tables, one nullable column): a database with tables and games in
progress upgrades in place; its seats stay guests' seats (no account) and keep their tokens,
and a server older than this migration never reads the new columns.

Revision ID: 0011_accounts
Revises: 0010
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011_accounts"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the accounts, their sessions, the invitations and the tables' creators; add the seats' accounts."""
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(40), nullable=True),
        sa.Column("name_key", sa.String(40), nullable=True, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "account_sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False, index=True),
        sa.Column("csrf_hash", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False, index=True),
    )
    op.create_table(
        "invitations",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("code", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("account_id", sa.Integer, nullable=True))
        batch.create_foreign_key("fk_seats_account", "accounts", ["account_id"], ["id"])
        batch.create_index("ix_seats_account_id", ["account_id"])
    op.create_table(
        "table_creators",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False, index=True),
    )


def downgrade() -> None:
    """Drop them (the tables and their games stay, as guests' tables)."""
    op.drop_table("table_creators")
    with op.batch_alter_table("seats") as batch:
        batch.drop_index("ix_seats_account_id")
        batch.drop_constraint("fk_seats_account", type_="foreignkey")
        batch.drop_column("account_id")
    op.drop_table("invitations")
    op.drop_table("account_sessions")
    op.drop_table("accounts")
