"""The web table's result line names the winner as the terminal does (issue 32): Ankh's winning
god ("Isis wins", as its log says), not "Player 2 wins"; Aton's and Dioses del Nilo's seats by
their names; a shared win and a draw too. The table's view, the lobby's list of a loaded table
and of a table read back from the database (after a restart) say the same line; the page tells
it in its language (tests/web/test_translate_line.py)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from netjer.cli.play import result_text
from netjer.games.registry import make_game
from netjer.server.app import create_app
from netjer.server.table_endings import result_line
from tests.server.fake_time import FakeTime

#: Each game's options at a table of two, and the line when seat 0 resigns (seat 1 wins).
GAMES: dict[str, tuple[dict[str, Any], str]] = {
    "ankh": ({"players": 2, "gods": "horus,isis"}, "Isis wins"),
    "aton": ({}, "Blue wins"),
    "nile": ({}, "Isis wins"),
}


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _create(client: TestClient, game: str) -> dict[str, Any]:
    body = {"game": game, "seed": 3, "options": GAMES[game][0],
            "seats": [{"type": "human", "name": name} for name in ("Ada", "Bo")]}  # fmt: skip
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    table: dict[str, Any] = r.json()
    return table


def _resign(client: TestClient, table: dict[str, Any], seat: int) -> dict[str, Any]:
    headers = _auth(table["tokens"][str(seat)])
    r = client.post(f"/api/tables/{table['id']}/resign", json={"seat": seat}, headers=headers)
    assert r.status_code == 200, r.text
    view: dict[str, Any] = r.json()
    return view


def _listed(client: TestClient, table: dict[str, Any]) -> str:
    rows = client.get("/api/tables", params={"status": "finished"}).json()
    [row] = [r for r in rows if r["id"] == table["id"]]
    text: str = row["result_text"]
    return text


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_result_line_names_the_winner_as_the_terminal_does(game: str, db: str, fake: FakeTime) -> None:
    options, expected = GAMES[game]
    g = make_game(game, options)
    assert result_text(g, [-1.0, 1.0], g.new_initial_state(3)) == expected  # the terminal's line
    with TestClient(create_app(db, ai_workers=0, clock=fake)) as client:
        table = _create(client, game)
        view = _resign(client, table, 0)
        assert view["finished"] and view["result"] == [-1.0, 1.0]
        assert view["result_text"] == expected
        assert client.get(f"/api/tables/{table['id']}/view").json()["result_text"] == expected
        assert _listed(client, table) == expected  # the lobby's list of a loaded table
    with TestClient(create_app(db, ai_workers=0, clock=fake)) as client:
        assert _listed(client, table) == expected  # read back from the database's row


def test_a_shared_win_and_a_draw_at_ankh_name_the_gods() -> None:
    game = make_game("ankh", {"players": 3, "gods": "horus,isis,seth"})
    state = game.new_initial_state(0)
    assert result_line(game, [1.0, -1.0, 1.0], state) == "Horus and Seth win"
    assert result_line(game, [0.0, 0.0, 0.0], state) == "Draw"
    assert result_line(game, [-1.0, -1.0, -1.0], state) == "Everyone loses"
    assert result_line(game, None, state) is None  # aborted: no result
    plain = make_game("ankh", {"players": 3, "gods": "none"})
    assert result_line(plain, [1.0, -1.0, -1.0], plain.new_initial_state(0)) == "Player 1 wins"
