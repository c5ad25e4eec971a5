"""The ``netjer`` command (Typer + Rich): play, replay, games."""
