"""``--db`` takes a SQLAlchemy URL or a SQLite file's path (issue 32: a tester's ``--db /tmp/x.db``
was refused in SQLAlchemy's English words)."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy.engine import make_url

from netjer.server.db import database_url


@pytest.mark.parametrize("url", ["sqlite:///netjer.db", "sqlite:////srv/netjer.db", "postgresql+psycopg://u@h/db"])
def test_a_url_is_kept_as_given(url: str) -> None:
    assert database_url(url) == url


@pytest.mark.parametrize("path", ["/tmp/x.db", "x.db", "games/a b.db"])
def test_a_path_names_a_sqlite_file(path: str) -> None:
    parsed = make_url(database_url(path))
    assert parsed.drivername == "sqlite"
    assert Path(str(parsed.database)) == Path(path)


@pytest.mark.parametrize("text", ["", "  ", "foo://::bad"])
def test_neither_a_url_nor_a_path_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        database_url(text)
