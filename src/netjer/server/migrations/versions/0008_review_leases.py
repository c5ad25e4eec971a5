"""Several server processes on one PostgreSQL: a lease on each running review (``reviews.holder``,
``reviews.expires_at``), so that a review is computed by one process at a time and taken over
when that process dies (:mod:`netjer.server.reviews`, "Several processes").

Additive (two nullable columns): safe to run while older server processes are up (they never
read them; a review they run has no holder and is taken over by a newer process).

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``reviews.holder`` and ``reviews.expires_at``."""
    with op.batch_alter_table("reviews") as batch:
        batch.add_column(sa.Column("holder", sa.String(200), nullable=True))
        batch.add_column(sa.Column("expires_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    """Drop them."""
    with op.batch_alter_table("reviews") as batch:
        batch.drop_column("expires_at")
        batch.drop_column("holder")
