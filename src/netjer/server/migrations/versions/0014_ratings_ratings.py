"""Ratings (issue 31 item 4): ``ratings`` (an account's rating per pool), ``rating_changes``
(what each rated game did, unique per table and account) and ``tables.rated`` (chosen at
creation; :mod:`netjer.server.ratings`).

Additive (two new tables, one column with a default): a database with tables in it upgrades in
place, its tables unrated; ``tables`` gets its column by a plain ``ALTER TABLE ADD COLUMN``
(a batch rebuild is refused on SQLite by the other tables' foreign keys once it has rows).

Revision ID: 0014_ratings
Revises: 0013_moderation
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014_ratings"
down_revision = "0013_moderation"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the ratings and their changes; add ``tables.rated`` (false for every table)."""
    op.add_column("tables", sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_table(
        "ratings",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("pool", sa.String(16), primary_key=True),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("deviation", sa.Float, nullable=False),
        sa.Column("volatility", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
    )
    op.create_table(
        "rating_changes",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False, index=True),
        sa.Column("pool", sa.String(16), nullable=False),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False, index=True),
        sa.Column("before_rating", sa.Float, nullable=False),
        sa.Column("before_deviation", sa.Float, nullable=False),
        sa.Column("after_rating", sa.Float, nullable=False),
        sa.Column("after_deviation", sa.Float, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("table_id", "account_id", name="uq_rating_changes_table_account"),
    )


def downgrade() -> None:
    """Drop them (the games stay; their ratings are lost)."""
    op.drop_table("rating_changes")
    op.drop_table("ratings")
    if op.get_bind().dialect.name == "sqlite":
        op.execute("ALTER TABLE tables DROP COLUMN rated")  # SQLite 3.35 and later
    else:
        op.drop_column("tables", "rated")
