"""A record of who did what, and moderation (issue 31 item 6): ``audit_log`` (a table's joins,
seat claims, take-backs, undos, endings, deletions and chat lines, with who and when),
``player_marks`` (a player's mutes and blocks of another) and ``chat_reports`` (a chat line
reported to the operator, with the line as it was).

``audit_log.table_id`` and ``chat_reports.table_id`` carry no foreign key: the record of a
deleted table must outlive it.  Additive (three new tables): a database with tables and games
in progress upgrades in place, and an older server never reads them.

Revision ID: 0013_moderation
Revises: 0012_endings
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013_moderation"
down_revision = "0012_endings"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the audit log, the players' marks and the chat reports."""
    op.create_table(
        "audit_log",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), nullable=False, index=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=True, index=True),
        sa.Column("name", sa.String(80), nullable=True),
        sa.Column("detail", sa.Text, nullable=False),
        sa.Column("event_id", sa.Integer, nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "player_marks",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("other_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True, index=True),
        sa.Column("kind", sa.String(8), primary_key=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "chat_reports",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), nullable=False, index=True),
        sa.Column("event_id", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("author", sa.String(80), nullable=True),
        sa.Column("author_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=True),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("reporter_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False, index=True),
    )


def downgrade() -> None:
    """Drop them (the tables and their games stay)."""
    op.drop_table("chat_reports")
    op.drop_table("player_marks")
    op.drop_table("audit_log")
