"""Chat: an event may carry its author's name (a spectator's chosen name).

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``events.author``."""
    with op.batch_alter_table("events") as batch:
        batch.add_column(sa.Column("author", sa.String(80), nullable=True))


def downgrade() -> None:
    """Drop ``events.author``."""
    with op.batch_alter_table("events") as batch:
        batch.drop_column("author")
