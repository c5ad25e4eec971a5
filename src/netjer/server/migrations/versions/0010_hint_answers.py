"""What a counted hint answered: ``hints_given.iterations`` and ``hints_given.answer`` (JSON:
the action, its description and the estimate), so that a position counted against a table's
``hint_limit`` asked again, with whatever iterations, gets the answer it was given
(:mod:`netjer.server.reviews`, "Hints"): it was searched anew, uncounted, with other iterations.

Additive (two nullable columns): safe to run while older server processes are up (they never
read them).  A hint counted before this migration has no stored answer: the first answer given
at its position afterwards is stored with it.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``hints_given.iterations`` and ``hints_given.answer``."""
    with op.batch_alter_table("hints_given") as batch:
        batch.add_column(sa.Column("iterations", sa.Integer, nullable=True))
        batch.add_column(sa.Column("answer", sa.Text, nullable=True))


def downgrade() -> None:
    """Drop them (the counts stay)."""
    with op.batch_alter_table("hints_given") as batch:
        batch.drop_column("answer")
        batch.drop_column("iterations")
