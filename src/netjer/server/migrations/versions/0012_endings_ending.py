"""How a game ended: ``tables.ending`` (JSON ``{"how", "seats"}``: resigned, on time, gone,
aborted, drawn by agreement, or by the rules; :mod:`netjer.server.endings`).

Additive (one nullable column): safe to run while older server processes are up (they never
read it).  A table finished before this migration has no ending stored: its result is shown
without saying how it ended.

Revision ID: 0012_endings
Revises: 0011_accounts
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012_endings"
down_revision = "0011_accounts"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``tables.ending``."""
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("ending", sa.Text, nullable=True))


def downgrade() -> None:
    """Drop it (the results stay).  On SQLite, without copying the table (as a batch would):
    the other tables' foreign keys point at it."""
    if op.get_bind().dialect.name == "sqlite":
        op.execute("ALTER TABLE tables DROP COLUMN ending")  # SQLite 3.35 and later
    else:
        op.drop_column("tables", "ending")
