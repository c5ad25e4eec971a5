"""The replay viewer's steps (GET /api/tables/{id}/replay) show the record's undos, as each seat may know them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from netjer.server.app import create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'n.db'}", ai_workers=0), raise_server_exceptions=False) as c:
        yield c


def _post(client: TestClient, table: str, what: str, token: str, **body: Any) -> Any:
    r = client.post(f"/api/tables/{table}/{what}", json=body, headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 200, r.text
    return r.json()


def _replay(client: TestClient, table: str, seat: int, token: str) -> list[dict[str, Any]]:
    r = client.get(f"/api/tables/{table}/replay", params={"seat": seat}, headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 200, r.text
    steps: list[dict[str, Any]] = r.json()["steps"]
    return steps


def test_the_replay_shows_an_undo_and_the_decision_played_again(client: TestClient) -> None:
    body = {"game": "nile", "seed": 3, "seats": [{"type": "human"}, {"type": "human"}]}
    data = client.post("/api/tables", json=body).json()
    table, tokens = data["id"], data["tokens"]
    view = client.get(
        f"/api/tables/{table}/view", params={"seat": 0}, headers={"Authorization": f"Bearer {tokens['0']}"}
    ).json()
    hidden = next(a["text"] for a in view["legal"] if a["text"].endswith(" down"))  # a face-down placement
    view = _post(client, table, "moves", tokens["0"], seat=0, version=view["version"], action=hidden)
    view = _post(client, table, "undo", tokens["0"], seat=0, version=view["version"])
    again = next(a["text"] for a in view["legal"] if a["text"].endswith(" down") and a["text"] != hidden)
    _post(client, table, "moves", tokens["0"], seat=0, version=view["version"], action=again)

    seth = _replay(client, table, 0, tokens["0"])
    assert [s["undo"] for s in seth] == [False, False, True, False]
    assert [s["version"] for s in seth] == [0, 1, 2, 3]
    value, square = hidden.split()[1], hidden.split()[2]
    assert seth[2]["action"] == f"Taken back: Seth places a {value} face down on {square}."
    assert seth[2]["observation"] == seth[0]["observation"]  # the position it went back to
    assert seth[3]["action"].startswith("Seth places a ") and seth[3]["action"].endswith(f"on {again.split()[2]}.")
    # Isis never learns the value taken back, in the replay as in the live log
    isis = _replay(client, table, 1, tokens["1"])
    assert isis[2]["action"] == f"Taken back: Seth places a token face down on {square}."
    assert all(f"a {value} face down" not in (s["action"] or "") for s in isis)
