"""Time controls and table events: the clock settings and state of each table, and the
events of a table that are not game actions (a seat's time ran out, a seat taken back).

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``tables.clock`` and ``tables.clock_state`` (JSON) and the ``events`` table."""
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("clock", sa.Text, nullable=True))
        batch.add_column(sa.Column("clock_state", sa.Text, nullable=True))
    op.create_table(
        "events",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_events_table_id", "events", ["table_id"])


def downgrade() -> None:
    """Drop the events table and the clock columns."""
    op.drop_index("ix_events_table_id", "events")
    op.drop_table("events")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("clock_state")
        batch.drop_column("clock")
