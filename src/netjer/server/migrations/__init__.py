"""Alembic migrations of the server's database (run by ``netjer.server.db.migrate``)."""
