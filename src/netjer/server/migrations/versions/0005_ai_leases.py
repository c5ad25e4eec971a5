"""Several server processes on one PostgreSQL: a lease per table on its computer seats and
its clocks (``ai_leases``), held by one process at a time (:mod:`netjer.server.leases`).

Additive: safe to run while older server processes are up (they never read it).

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``ai_leases (table_id, holder, expires_at)``."""
    op.create_table(
        "ai_leases",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("holder", sa.String(200), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_ai_leases_expires_at", "ai_leases", ["expires_at"])


def downgrade() -> None:
    """Drop ``ai_leases``."""
    op.drop_index("ix_ai_leases_expires_at", table_name="ai_leases")
    op.drop_table("ai_leases")
