"""The web table's server: FastAPI (REST + WebSocket), SQLAlchemy storage, AI seats."""
