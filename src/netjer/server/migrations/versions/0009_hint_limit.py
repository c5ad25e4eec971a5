"""A limit on the hints each seat of a table may ask for: ``tables.hint_limit`` (none: no
limit) and ``hints_given`` (table, seat, version): the positions at which a seat was given a
hint (:mod:`netjer.server.reviews`, "Hints").

Additive (a nullable column and a new table): safe to run while older server processes are up
(they never read them; a table they create has no limit).

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``tables.hint_limit`` and create ``hints_given``."""
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("hint_limit", sa.Integer, nullable=True))
    op.create_table(
        "hints_given",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("version", sa.Integer, primary_key=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    """Drop them."""
    op.drop_table("hints_given")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("hint_limit")
