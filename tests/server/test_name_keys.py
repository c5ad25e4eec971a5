"""Account names that read alike are one account (``name_key``: a dotted ``İ``, a dotless ``ı``
and the accents of Latin, Greek and Cyrillic letters fold away), and migration 0017 computes
the keys of a live database's accounts again, or stops, changing nothing, where two accounts
would then share one."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient
from sqlalchemy import Engine, text

from netjer.server import db as server_db
from netjer.server.accounts.service import name_key
from netjer.server.db import make_engine, migrate
from tests.server.fake_time import FakeTime
from tests.server.test_accounts import PASSWORD, _app_client, _sign_up
from tests.server.test_follows import _open_table
from tests.server.test_postgres import throwaway_postgres


def test_names_that_read_alike_have_one_key_and_others_keep_theirs() -> None:
    assert {name_key(n) for n in ("İsis", "Isis", "ısis", "ISIS", "isis", "Ｉsis")} == {"isis"}
    assert name_key("José") == name_key("JOSE") and name_key("Müller") == name_key("Muller")
    assert name_key("Ελένη") == name_key("ΕΛΕΝΗ") and name_key("Ёлка") == name_key("елка")
    distinct = ["Isis", "Osis", "Isis 2", "Is is", "カナ", "ガナ", "अनिल", "अनल", "Straße", "Strase"]
    assert len({name_key(n) for n in distinct}) == len(distinct)
    # a key is a fixed point: what is kept is looked up again by the same key
    assert all(name_key(name_key(n)) == name_key(n) for n in ["İsis", "Ελένη", "ガナ", "अनिल", "Straße"])


def test_a_lookalike_name_is_taken_and_either_spelling_signs_in(client: TestClient) -> None:
    _sign_up(client, "İsis")
    for lookalike in ("Isis", "ısis", "ISIS"):
        r = client.post("/api/account/signup", json={"name": lookalike, "password": PASSWORD})
        assert (r.status_code, r.json()["error"]) == (409, "name_taken"), lookalike
    client.cookies.clear()
    r = client.post("/api/account/signin", json={"name": "Isis", "password": PASSWORD})
    assert r.status_code == 200 and r.json()["name"] == "İsis", r.text


def _alembic(engine: Engine, verb: str, revision: str) -> None:
    """Upgrade or downgrade the database of ``engine`` to ``revision`` (as the server migrates)."""
    config = Config()
    config.set_main_option("script_location", str(Path(server_db.__file__).parent.parent / "migrations"))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        getattr(command, verb)(config, revision)


def _keys(engine: Engine) -> dict[str, str | None]:
    with engine.connect() as connection:
        return dict(connection.execute(text("SELECT name, name_key FROM accounts WHERE name IS NOT NULL")).all())


def _version(engine: Engine) -> str:
    with engine.connect() as connection:
        return str(connection.execute(text("SELECT version_num FROM alembic_version")).scalar_one())


def _rekey_a_live_database(db: str) -> None:
    """At 0016 with two accounts, a game in progress and a lookalike that the previous version
    let sign up, the upgrade stops changing nothing; once the operator renamed the lookalike, it
    keys every account by its name and the game goes on."""
    fake = FakeTime()
    with _app_client(db, fake) as client:
        _sign_up(client, "İsis")
        table = _open_table(client)  # a game in progress at the account's seat
        client.cookies.clear()
        _sign_up(client, "Ελένη")
    engine = make_engine(db)
    _alembic(engine, "downgrade", "0016_social")
    old = {"İsis": "i\u0307sis", "Ελένη": "ελένη"}  # NFKC and case-folded, as before
    assert _keys(engine) == old
    # the previous version let a lookalike sign up beside it: "Isis", key "isis"
    with engine.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO accounts (name, name_key, password_hash, created_at) "
                "SELECT 'Isis', 'isis', password_hash, created_at FROM accounts WHERE name = 'Ελένη'"
            )
        )
    with pytest.raises(RuntimeError, match=r"nothing changed: .*'İsis' \(account 1\), 'Isis' \(account 3\)\."):
        migrate(engine)
    assert _keys(engine) == {**old, "Isis": "isis"} and _version(engine) == "0016_social"
    # the operator renames one of them: the upgrade then keys every account by its name
    with engine.begin() as connection:
        connection.execute(text("UPDATE accounts SET name = 'Isis Two' WHERE name = 'Isis'"))
    engine.dispose()
    with _app_client(db, fake) as client:  # upgraded at start
        for typed, shown in [("Isis", "İsis"), ("Isis two", "Isis Two"), ("ΕΛΕΝΗ", "Ελένη")]:
            client.cookies.clear()
            r = client.post("/api/account/signin", json={"name": typed, "password": PASSWORD})
            assert r.status_code == 200 and r.json()["name"] == shown, (typed, r.text)
        assert client.get(f"/api/tables/{table['id']}/view").json()["to_move"] is not None
    engine = make_engine(db)
    assert _keys(engine) == {"İsis": "isis", "Ελένη": "ελενη", "Isis Two": "isis two"}
    assert _version(engine) != "0016_social"
    engine.dispose()


def test_migration_0017_rekeys_a_sqlite_database_and_stops_changing_nothing_where_two_would_clash(db: str) -> None:
    _rekey_a_live_database(db)


@pytest.mark.slow
def test_migration_0017_rekeys_a_postgresql_database_and_stops_changing_nothing_where_two_would_clash() -> None:
    with throwaway_postgres() as url:
        _rekey_a_live_database(url)
