"""Finding a game (issue 31 item 5): ``follows`` (a signed-in player follows a table or a
player, to be told when it is that player's turn: :mod:`netjer.server.follows`) and
``presence`` (per server process and table, who is connected and how many watch, until an
expiry the process keeps renewing: :mod:`netjer.server.presence`).

Additive (two new tables): a database with tables and games in progress upgrades in place,
and an older server never reads them.  ``presence.table_id`` and ``follows.target`` carry no
foreign key: a deleted table's rows are dropped by the sweeps, never block its deletion.

Revision ID: 0016_social
Revises: 0015_passkeys
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0016_social"
down_revision = "0015_passkeys"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the follows and the presence heartbeats."""
    op.create_table(
        "follows",
        sa.Column("follower_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("kind", sa.String(8), primary_key=True),
        sa.Column("target", sa.String(32), primary_key=True, index=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "presence",
        sa.Column("origin", sa.String(160), primary_key=True),
        sa.Column("table_id", sa.String(32), primary_key=True, index=True),
        sa.Column("seats", sa.Text, nullable=False),
        sa.Column("watching", sa.Integer, nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False, index=True),
    )


def downgrade() -> None:
    """Drop them (the tables and their games stay)."""
    op.drop_table("presence")
    op.drop_table("follows")
