"""A record of who did what, and moderation (issue 31 items 6 and 5): the audit log, mutes,
blocks, chat reports and presence."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient
from sqlalchemy import inspect
from typer.testing import CliRunner

from netjer.cli.main import app as cli
from netjer.server import db as server_db
from netjer.server.app import create_app
from netjer.server.db import Store
from tests.server.browsers import Browser
from tests.server.sockets import receive_json
from tests.server.test_accounts import _csrf, _sign_up
from tests.server.test_invitations import _code, _move
from tests.server.test_postgres import throwaway_postgres


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _open_table(client: TestClient | Browser, game: str = "aton") -> dict[str, Any]:
    """A two-seat table whose seat 0 the (signed-in) creator plays; seat 1 open in the lobby."""
    seats = [{"type": "human", "name": "Seth"}, {"type": "human", "open": True}]
    r = client.post("/api/tables", json={"game": game, "seed": 3, "seats": seats}, headers=_csrf(client))
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def test_a_guest_cannot_mute_block_or_report(client: TestClient) -> None:
    for r in (
        client.get("/api/account/marks"),
        client.put("/api/account/marks/mute", json={"name": "Anyone"}),
        client.delete("/api/account/marks/block/1"),
        client.post("/api/tables/x/chat/1/report"),
    ):
        assert r.status_code == 401 and r.json()["error"] == "signed_out", r.text


def test_a_blocked_player_is_refused_at_the_blockers_open_seat_and_chat(client: TestClient) -> None:
    blocker, blocked, other = Browser(client), Browser(client), Browser(client)
    _sign_up(blocker, "Hatshepsut")
    _sign_up(blocked, "Senenmut")
    _sign_up(other, "Thutmose")
    r = blocker.request("PUT", "/api/account/marks/block", json={"name": "senenmut"}, headers=_csrf(blocker))
    assert r.status_code == 200 and r.json()["block"] == [{"id": 2, "name": "Senenmut"}], r.text
    table = _open_table(blocker)
    r = blocked.post(f"/api/tables/{table['id']}/join", json={"seat": 1, "name": "S"}, headers=_csrf(blocked))
    assert r.status_code == 403 and r.json()["error"] == "blocked", r.text
    # a spectator's chat at the blocker's table is refused too; anyone else's is not
    said = {"seat": None, "text": "hello"}
    r = blocked.post(f"/api/tables/{table['id']}/chat", json=said, headers=_csrf(blocked))
    assert r.status_code == 403 and r.json()["error"] == "blocked", r.text
    assert other.post(f"/api/tables/{table['id']}/chat", json=said, headers=_csrf(other)).status_code == 201
    # another player takes the seat; lifted, the block no longer refuses
    r = blocker.request("DELETE", "/api/account/marks/block/2", headers=_csrf(blocker))
    assert r.status_code == 200 and r.json() == {"mute": [], "block": []}
    assert blocked.post(f"/api/tables/{table['id']}/chat", json=said, headers=_csrf(blocked)).status_code == 201
    r = blocked.post(f"/api/tables/{table['id']}/join", json={"seat": 1, "name": "S"}, headers=_csrf(blocked))
    assert r.status_code == 200, r.text


def test_a_muted_players_lines_are_hidden_only_for_the_muter(client: TestClient) -> None:
    muter, muted, third = Browser(client), Browser(client), Browser(client)
    _sign_up(muter, "Ahmose")
    _sign_up(muted, "Apepi")
    _sign_up(third, "Kamose")
    table = _open_table(muter)
    tid = table["id"]
    r = muted.post(f"/api/tables/{tid}/join", json={"seat": 1, "name": "Apepi"}, headers=_csrf(muted))
    assert r.status_code == 200, r.text
    for who, seat, text in ((muted, 1, "you will lose"), (muter, 0, "we shall see")):
        r = who.post(f"/api/tables/{tid}/chat", json={"seat": seat, "text": text}, headers=_csrf(who))
        assert r.status_code == 201, r.text
    # muted by the seat they hold at this table
    r = muter.request("PUT", "/api/account/marks/mute", json={"table": tid, "seat": 1}, headers=_csrf(muter))
    assert r.status_code == 200 and r.json()["mute"] == [{"id": 2, "name": "Apepi"}], r.text
    lines = [m["text"] for m in muter.get(f"/api/tables/{tid}/view", params={"seat": 0}).json()["chat"]]
    assert lines == ["we shall see"]
    for who, seat in ((muted, 1), (third, None)):  # nobody else's pages change
        params = {"seat": seat} if seat is not None else {}
        lines = [m["text"] for m in who.get(f"/api/tables/{tid}/view", params=params).json()["chat"]]
        assert lines == ["you will lose", "we shall see"]
    # on the muter's WebSocket too
    with muter.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"type": "hello", "seat": 0})
        assert [m["text"] for m in receive_json(ws, "the muter's view")["chat"]] == ["we shall see"]
    # a guest's seat cannot be muted, nor oneself
    r = muter.request("PUT", "/api/account/marks/mute", json={"name": "Ahmose"}, headers=_csrf(muter))
    assert r.status_code == 422 and r.json()["error"] == "bad_mark"


def test_a_reported_line_is_stored_for_the_operator(client: TestClient, db: str) -> None:
    speaker, reporter = Browser(client), Browser(client)
    _sign_up(speaker, "Seqenenre")
    _sign_up(reporter, "Ahhotep")
    table = _open_table(speaker)
    r = speaker.post(f"/api/tables/{table['id']}/chat", json={"seat": 0, "text": "rude words"}, headers=_csrf(speaker))
    line = r.json()["id"]
    r = reporter.post(f"/api/tables/{table['id']}/chat/{line}/report", headers=_csrf(reporter))
    assert r.status_code == 201, r.text
    r = reporter.post(f"/api/tables/{table['id']}/chat/{line + 99}/report", headers=_csrf(reporter))
    assert r.status_code == 404 and r.json()["error"] == "no_line"
    (report,) = Store(db).reports()
    assert (report.text, report.author, report.author_id, report.reporter_id, report.seat) == (
        "rude words", "Seth", 1, 2, 0,
    )  # fmt: skip
    assert report.created_at is not None
    out = CliRunner().invoke(cli, ["reports", "--db", db])
    assert out.exit_code == 0, out.output
    assert "rude words" in out.output and "Ahhotep" in out.output


def test_the_audit_log_records_who_did_what_and_no_hidden_choice(client: TestClient, db: str) -> None:
    creator, joiner = Browser(client), Browser(client)
    _sign_up(creator, "Nefertari")
    _sign_up(joiner, "Ramesses")
    table = _open_table(creator)
    tid = table["id"]
    joined = joiner.post(f"/api/tables/{tid}/join", json={"seat": 1, "name": "Ramesses"}, headers=_csrf(joiner))
    assert joined.status_code == 200
    token1 = joined.json()["token"]
    client.post(f"/api/tables/{tid}/chat", json={"seat": None, "name": "Watcher", "text": "nice"})
    # Aton's first decisions are secret choices made at once: seat 1 chooses ahead, then withdraws
    hidden: list[str] = []
    for seat, token in ((1, token1), (0, table["tokens"]["0"])):
        view = client.get(f"/api/tables/{tid}/view", params={"seat": seat}, headers=_auth(token)).json()
        if view["legal"]:
            choice = view["legal"][0]["text"]
            r = client.post(f"/api/tables/{tid}/moves", json={"seat": seat, "version": view["version"],
                            "action": choice, "step": view["step"]}, headers=_auth(token))  # fmt: skip
            assert r.status_code == 200, r.text
            hidden.append(choice)
            if r.json()["can_undo"]:
                r = client.post(f"/api/tables/{tid}/undo", json={"seat": seat, "version": r.json()["version"]},
                                headers=_auth(token))  # fmt: skip
                assert r.status_code == 200, r.text
            break
    assert hidden
    r = client.post(f"/api/tables/{tid}/resign", json={"seat": 1}, headers=_auth(token1))
    assert r.status_code == 200, r.text
    entries = Store(db).audit(tid)
    kinds = [(e.kind, e.seat, e.account_id, e.name) for e in entries]
    assert ("join", 1, 2, "Ramesses") in kinds
    assert ("chat", None, None, "Watcher") in kinds
    assert ("resign", 1, 2, "Ramesses") in kinds
    assert any(k == "undo" for k, *_ in kinds)
    assert all(e.created_at is not None and e.table_id == tid for e in entries)
    for entry in entries:  # the secret choice is never written
        assert all(choice not in entry.detail for choice in hidden), entry.detail
    out = CliRunner().invoke(cli, ["audit", tid, "--db", db])
    assert out.exit_code == 0, out.output
    assert "Ramesses" in out.output and "resign" in out.output


def test_a_deleted_tables_audit_log_outlives_it(client: TestClient, db: str) -> None:
    seats = [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bob"}]
    table = client.post("/api/tables", json={"game": "aton", "seed": 1, "seats": seats}).json()
    client.post(f"/api/tables/{table['id']}/takeback", json={"seat": 0}, headers=_auth(table["tokens"]["0"]))
    r = client.delete(f"/api/tables/{table['id']}", headers=_auth(table["creator_key"]))
    assert r.status_code == 200, r.text
    assert [e.kind for e in Store(db).audit(table["id"])] == ["delete"]


def test_presence_counts_connected_seats_and_watchers(client: TestClient) -> None:
    seats = [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bob"}]
    table = client.post("/api/tables", json={"game": "aton", "seed": 1, "seats": seats}).json()
    tid, tokens = table["id"], table["tokens"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ann:
        ann.send_json({"type": "hello", "seat": 0, "token": tokens["0"], "presence": True})
        first = receive_json(ann, "Ann's first view")
        assert first["presence"] == {"seats": [True, False], "watching": 0}
        with client.websocket_connect(f"/ws/tables/{tid}") as watcher:
            watcher.send_json({"type": "hello", "seat": None})  # asks for no presence messages
            assert receive_json(watcher, "the watcher's view")["presence"] == {"seats": [True, False], "watching": 1}
            arrival = receive_json(ann, "the arrival")
            assert arrival == {"type": "presence", "presence": {"seats": [True, False], "watching": 1}}
            with client.websocket_connect(f"/ws/tables/{tid}") as bob:
                bob.send_json({"type": "hello", "seat": 1, "token": tokens["1"]})
                assert receive_json(bob, "Bob's view")["presence"] == {"seats": [True, True], "watching": 1}
                assert receive_json(ann, "Bob's arrival")["presence"]["seats"] == [True, True]
            assert receive_json(ann, "Bob leaving")["presence"] == {"seats": [True, False], "watching": 1}
            # a change of the table still sends Ann a whole view, with the presence as it is
            said = client.post(f"/api/tables/{tid}/chat", json={"seat": None, "name": "W", "text": "hi"})
            assert said.status_code == 201
            view = receive_json(ann, "the view after the chat line")
            assert view["type"] == "view" and view["presence"] == {"seats": [True, False], "watching": 1}
    view = client.get(f"/api/tables/{tid}/view").json()
    assert view["presence"] == {"seats": [False, False], "watching": 0}


def _upgrade_from_0012_with_a_game_in_progress(db: str) -> None:
    """Downgraded to 0012 with a game half-played, the database upgrades again at start: the
    game goes on, and its chat is written to the audit log."""
    seats = [{"type": "human", "name": "Seth"}, {"type": "human", "name": "Nut"}]
    with TestClient(create_app(db, ai_workers=0)) as client:
        made = client.post("/api/tables", json={"game": "aton", "seed": 8, "seats": seats}).json()
        tid, tokens = made["id"], made["tokens"]
        for _ in range(3):
            _move(client, tid, tokens)
        before = client.get(f"/api/tables/{tid}/view").json()
    store = Store(db)
    config = Config()
    config.set_main_option("script_location", str(Path(server_db.__file__).parent.parent / "migrations"))
    with store.engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "0012_endings")
    assert "audit_log" not in set(inspect(store.engine).get_table_names())
    store.engine.dispose()
    with TestClient(create_app(db, ai_workers=0)) as client:
        after = client.get(f"/api/tables/{tid}/view").json()
        assert (after["version"], after["observation"]) == (before["version"], before["observation"])
        was, now = _move(client, tid, tokens)
        assert was == before["version"] and now > was
        r = client.post(f"/api/tables/{tid}/chat", json={"seat": 0, "text": "still here"}, headers=_auth(tokens["0"]))
        assert r.status_code == 201, r.text
    assert [(e.kind, e.detail) for e in Store(db).audit(tid)] == [("chat", "still here")]


def test_the_audit_log_records_claims_offers_answers_and_aborts(client: TestClient, db: str) -> None:
    # an invitation claimed by a guest (no account), then the creator's draw offer accepted (Nile)
    seats = [{"type": "human", "name": "Seth"}, {"type": "human", "invite": True}]
    made = client.post("/api/tables", json={"game": "nile", "seed": 4, "seats": seats}).json()
    tid = made["id"]
    seat, code = _code(made["invitations"]["1"])
    claimed = client.post(f"/api/tables/{tid}/claim", json={"seat": seat, "code": code, "name": "Nut"})
    assert claimed.status_code == 200, claimed.text
    r = client.post(f"/api/tables/{tid}/offer", json={"seat": 0, "kind": "draw"}, headers=_auth(made["tokens"]["0"]))
    assert r.status_code == 200, r.text
    token1 = claimed.json()["token"]
    r = client.post(f"/api/tables/{tid}/answer", json={"seat": 1, "accept": True}, headers=_auth(token1))
    assert r.status_code == 200, r.text
    entries = [(e.kind, e.seat, e.account_id, e.name, e.detail) for e in Store(db).audit(tid)]
    assert entries[0] == ("claim", 1, None, "Nut", "")
    assert [e[:2] for e in entries[1:]] == [("offer", 0), ("answer", 1)]
    assert "Nut" in entries[2][4]
    # an abort before every seat has decided
    other = client.post("/api/tables", json={"game": "nile", "seed": 5, "seats": seats[:1] * 2}).json()
    r = client.post(f"/api/tables/{other['id']}/abort", json={"seat": 1}, headers=_auth(other["tokens"]["1"]))
    assert r.status_code == 200, r.text
    assert [(e.kind, e.seat) for e in Store(db).audit(other["id"])] == [("abort", 1)]


def test_migration_0013_upgrades_a_sqlite_database_with_a_game_in_progress(db: str) -> None:
    _upgrade_from_0012_with_a_game_in_progress(db)


@pytest.mark.slow
def test_migration_0013_upgrades_a_postgresql_database_with_a_game_in_progress() -> None:
    with throwaway_postgres() as url:
        _upgrade_from_0012_with_a_game_in_progress(url)


def test_the_operators_commands_refuse_a_bad_database_url_without_a_traceback(db: str) -> None:
    for command_line in (["audit", "t", "--db", "nonsense"], ["reports", "--db", "nonsense"]):
        out = CliRunner().invoke(cli, command_line)
        assert out.exit_code == 2 and isinstance(out.exception, SystemExit), out.output
    out = CliRunner().invoke(cli, ["audit", "no-such-table", "--db", db])
    assert out.exit_code == 1 and "No audit entries" in out.output


def test_a_table_id_never_starts_with_a_dash_which_netjer_audit_would_read_as_an_option(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from netjer.server import lifecycle  # noqa: PLC0415 - the module whose draws are replaced

    real = lifecycle.secrets.token_urlsafe
    draws = iter(["-nHdm0aPq3Y", "_x1y2z3w4v-", "Qk-3Zt_9aB0", "-abcdefghij", "NeXt0ne_AbC"])
    # The table ids' draws (8 bytes) come from the list; the seats' tokens stay random.
    monkeypatch.setattr(lifecycle.secrets, "token_urlsafe", lambda n: next(draws) if n == 8 else real(n))
    assert lifecycle.new_table_id() == "_x1y2z3w4v-"
    assert lifecycle.new_table_id() == "Qk-3Zt_9aB0"
    r = client.post("/api/tables", json={"game": "aton", "seats": [{"type": "human"}, {"type": "human"}]})
    assert r.status_code == 201, r.text
    assert r.json()["id"] == "NeXt0ne_AbC"
