"""Deleting and rematching tables: the hash of the creator's key, and the table a finished
table's rematch was offered at.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``tables.creator_hash`` and ``tables.rematch``."""
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("creator_hash", sa.String(64), nullable=True))
        batch.add_column(sa.Column("rematch", sa.String(32), nullable=True))


def downgrade() -> None:
    """Drop them."""
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("rematch")
        batch.drop_column("creator_hash")
