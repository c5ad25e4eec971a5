"""Game reviews stored with their table, and the table setting that allows hints (issue 16).

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the ``reviews`` table (one review per table and seat: ``running`` with its settings,
    then ``done`` with its data) and ``tables.hints``."""
    op.create_table(
        "reviews",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("status", sa.String(8), nullable=False),
        sa.Column("iterations", sa.Integer, nullable=False),
        sa.Column("depth", sa.Integer, nullable=True),
        sa.Column("data", sa.Text, nullable=True),
        sa.Column("published", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("hints", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    """Drop them."""
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("hints")
    op.drop_table("reviews")
