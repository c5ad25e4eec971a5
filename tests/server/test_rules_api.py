"""The rules texts over HTTP (GET /api/games/{name}/rules) and the legal actions' meanings in a view."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from netjer.core.texts import load_texts
from netjer.server.app import create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'netjer.db'}", ai_workers=0)
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c


@pytest.mark.parametrize("game", ["aton", "nile", "ankh"])
def test_rules_route_serves_the_games_texts(client: TestClient, game: str) -> None:
    r = client.get(f"/api/games/{game}/rules")
    assert r.status_code == 200
    data = r.json()
    texts = load_texts(f"netjer.games.{game}")
    assert data["game"] == game
    assert data["overview"]["title"] == texts.overview.title
    assert [t["id"] for t in data["terms"]] == [t.id for t in texts.terms]
    first = data["terms"][0]
    # "web": what to click in the browser (issue 30 item 3); the terminal's words are not sent
    assert set(first) == {"id", "kind", "name", "line", "rule", "source", "aliases", "web"}
    assert first["source"].startswith("docs/rules/")


def test_rules_route_refuses_an_unknown_game_or_language(client: TestClient) -> None:
    r = client.get("/api/games/senet/rules")
    assert r.status_code == 404
    assert "senet" in r.json()["message"]
    r = client.get("/api/games/aton/rules", params={"lang": "xx"})
    assert r.status_code == 404
    assert "xx" in r.json()["message"]


@pytest.mark.parametrize("game", ["aton", "ankh"])
def test_a_page_language_without_rules_texts_gets_the_english_ones(client: TestClient, game: str) -> None:
    """Issue 32 item 2: ``?lang=es`` for a game whose Spanish rules texts are not written yet
    answers the English entries (saying ``language: en``) instead of a 404."""
    r = client.get(f"/api/games/{game}/rules", params={"lang": "es"})
    assert r.status_code == 200, r.text
    data = r.json()
    english = load_texts(f"netjer.games.{game}")
    assert data["game"] == game
    assert [t["id"] for t in data["terms"]] == [t.id for t in english.terms]
    if data["language"] == "en":
        assert [t["rule"] for t in data["terms"]] == [t.rule for t in english.terms]


def test_each_legal_action_says_what_it_does(client: TestClient) -> None:
    body = {"game": "aton", "seed": 3, "seats": [{"type": "human"}, {"type": "human"}]}
    created = client.post("/api/tables", json=body).json()
    table, token = created["id"], created["tokens"]["0"]
    view = client.get(
        f"/api/tables/{table}/view", params={"seat": 0}, headers={"Authorization": f"Bearer {token}"}
    ).json()
    assert view["legal"], view
    aton = load_texts("netjer.games.aton")
    for entry in view["legal"]:
        verb = entry["text"].split()[0]
        assert entry["term"] == verb
        assert entry["meaning"] == aton.term(verb).line


def test_a_card_choice_is_explained_by_its_card() -> None:
    ankh = load_texts("netjer.games.ankh")
    assert ankh.meaning("card chariots") == f"Chariots: {ankh.term('chariots').line}"
    assert ankh.term_of("card chariots") == ankh.term("chariots")
    assert ankh.term_of("pick 7,6") == ankh.term("pick")
    assert ankh.meaning("frobnicate") == ""
    assert ankh.term_of("") is None
