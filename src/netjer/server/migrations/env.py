"""Alembic environment: migrations run on the connection ``netjer.server.db.migrate`` passes."""

from __future__ import annotations

from alembic import context

from netjer.server.db import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
