"""Hidden information never leaves the server: for every view a seat can receive, in every
state of full games, nothing beyond ``observation(seat)`` and that seat's own log."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from netjer.core import Rng
from netjer.core.state import State
from netjer.games.ankh.notation import Bid, Card, CatPut
from netjer.games.aton.actions import Assign, Exchange
from netjer.games.nile.actions import Place
from netjer.games.registry import make_game
from netjer.server.app import create_app
from netjer.server.runtime import legal_entries
from netjer.server.windows import window_plan
from tests.server.sockets import receive_json
from tests.server.test_windows import _ankh_battle
from tests.server.views import shown

VIEW_KEYS = {
    "type",
    "table",
    "game",
    "title",
    "seat",
    "version",
    "to_move",
    "finished",
    "result",
    "result_text",
    # how the game ended, adjournment and offers (netjer.server.endings): public facts
    "ending",
    "adjourned",
    "proposal",
    "can_abort",
    "draw_allowed",
    "seats",
    "observation",
    "legal",
    "log_from",
    "log",
    "clock",
    "chat_from",
    "chat",
    "rematch",
    "log_notation",
    "can_undo",
    "undo_refused",
    "presence",  # who is connected, how many watch: the same for every viewer
    "hints",
    "hint_limit",
    "rated",  # whether the game counts for ratings: the same for every viewer
    "hints_left",  # the seat's own (None for spectators: how many hints another seat asked for is not shown)
    "hint_given",
    "choosing",
    "window",
    "queued",
    "step",
}
SEAT_KEYS = {
    "seat", "label", "name", "kind", "agent", "level", "open", "reserved", "standin", "out", "left", "resigned",
    "retired",
}  # fmt: skip
CLOCK_KEYS = {"mode", "bank", "increment", "per_turn", "on_timeout", "gone_after", "running", "seats"}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'n.db'}", ai_workers=0)) as c:
        yield c


def _secret_words(game: str, action: Any, actor: int, viewer: int, text: str) -> bool:
    """Whether the viewer's words for another seat's action reveal a hidden value."""
    if game == "aton" and isinstance(action, Assign):
        return not re.fullmatch(r"\w+ puts a card face down on cartouche \d\.", text)
    if game == "aton" and isinstance(action, Exchange):
        return "in secret" not in text
    if game == "nile" and isinstance(action, Place) and action.down:
        return str(action.value) in text.split(" on ", maxsplit=1)[0]
    return False


@pytest.mark.parametrize(("game", "seed"), [("aton", 1), ("aton", 2), ("nile", 1), ("nile", 2)])
def test_views_carry_only_the_seats_observation(client: TestClient, game: str, seed: int) -> None:
    # A clock on: its payload is public, the same for every viewer.
    clock = {"mode": "realtime", "bank": 3600, "increment": 5}
    seats = [{"type": "human"}, {"type": "human"}]
    data = client.post("/api/tables", json={"game": game, "seed": seed, "seats": seats, "clock": clock}).json()
    table, tokens = data["id"], data["tokens"]
    local = make_game(game).new_initial_state(seed)
    logs: dict[int | None, list[str]] = {0: [], 1: [], None: []}
    rng = Rng(seed)
    sockets = {}
    with client.websocket_connect(f"/ws/tables/{table}") as ws0, client.websocket_connect(f"/ws/tables/{table}") as ws1:
        for seat, ws in ((0, ws0), (1, ws1)):
            ws.send_json({"type": "hello", "seat": seat, "token": tokens[str(seat)]})
            sockets[seat] = ws
        received: dict[int, list[str]] = {0: [], 1: []}
        for seat, ws in sockets.items():
            first = receive_json(ws, "each seat's first view")
            received[seat].extend(first["log"])
        while True:
            public = client.get(f"/api/tables/{table}/view").json()
            assert set(public["clock"]) == CLOCK_KEYS
            plan = window_plan(local, {})
            for seat in (0, 1):
                rest = client.get(
                    f"/api/tables/{table}/view",
                    params={"seat": seat},
                    headers={"Authorization": f"Bearer {tokens[str(seat)]}"},
                ).json()
                assert set(rest) == VIEW_KEYS
                assert all(set(s) == SEAT_KEYS for s in rest["seats"])
                assert rest["seats"] == public["seats"]
                assert {k: v for k, v in rest["clock"].items() if k != "seats"} == {
                    k: v for k, v in public["clock"].items() if k != "seats"
                }
                assert [s["running"] for s in rest["clock"]["seats"]] == [
                    s["running"] for s in public["clock"]["seats"]
                ]
                # In a window of simultaneous choices each seat that must still choose sees
                # its own decision (nothing queued here: the seats play in the engine's order).
                choice = plan.get(seat) if plan is not None else None
                if choice is not None:
                    assert rest["observation"] == shown(choice.observation)
                    assert rest["legal"] == legal_entries(make_game(game), choice.legal)
                else:
                    assert rest["observation"] == shown(local.observation(seat))
                    assert rest["legal"] == (
                        [] if local.current_player != seat else legal_entries(make_game(game), local.legal_actions())
                    )
                assert rest["choosing"] == public["choosing"] and rest["queued"] == []
            if local.is_terminal:
                break
            actor = local.current_player
            legal = local.legal_actions()
            action = legal[rng.below(len(legal))]
            words = {v: local.describe_action(action, v) for v in logs}
            for viewer in (0, 1):
                if viewer != actor:
                    assert not _secret_words(game, action, actor, viewer, words[viewer]), words[viewer]
            sockets[actor].send_json({"type": "move", "version": len(local.history), "action": str(action)})
            local.apply(action)
            plan = window_plan(local, {})
            for seat, ws in sockets.items():
                message = receive_json(ws, "each seat's message after the action")
                assert message["type"] == "view" and set(message) == VIEW_KEYS
                choice = plan.get(seat) if plan is not None else None
                assert message["observation"] == shown(choice.observation if choice else local.observation(seat))
                assert message["log_from"] == len(received[seat])
                received[seat].extend(message["log"])
                assert words[seat] in message["log"]
                # the notation beside a line (shown on hover) is given only when the words hide nothing
                assert len(message["log_notation"]) == len(message["log"])
                told = dict(zip(message["log"], message["log_notation"], strict=True))
                if seat == actor or words[seat] == words[actor]:
                    assert told[words[seat]] == str(action)
                else:
                    assert told[words[seat]] is None
                    assert str(action) not in [n for n in message["log_notation"] if n]
    assert received[0] != received[1] or game == "nile"  # the two seats were told different things


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.mark.parametrize(("game", "seed"), [("aton", 4), ("nile", 3)])
def test_review_payloads_tell_other_viewers_only_what_their_log_did(client: TestClient, game: str, seed: int) -> None:
    """A seat's review reaches only that seat until it publishes it; then every other viewer
    gets each decision in its own words, with the notation only where those words hide
    nothing, and the same estimates (the seat's judgement, published at its request)."""
    seats = [{"type": "human"}, {"type": "human"}]
    data = client.post("/api/tables", json={"game": game, "seed": seed, "seats": seats}).json()
    table, tokens = data["id"], data["tokens"]
    local = make_game(game).new_initial_state(seed)
    rng = Rng(seed)
    positions: list[State] = []
    while not local.is_terminal:
        seat = local.current_player
        legal = local.legal_actions()
        action = legal[rng.below(len(legal))]
        body = {"seat": seat, "version": len(local.history), "action": str(action)}
        assert client.post(f"/api/tables/{table}/moves", json=body, headers=_auth(tokens[str(seat)])).status_code == 200
        positions.append(local.clone())
        local.apply(action)
    reviewed = 0
    body = {"seat": reviewed, "iterations": 2}
    r = client.post(f"/api/tables/{table}/reviews", json=body, headers=_auth(tokens["0"]))
    assert r.status_code == 202
    with client.websocket_connect(f"/ws/tables/{table}/reviews") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": tokens["0"]})
        while (entry := receive_json(ws, "the review's progress")["reviews"][0])["status"] != "done":
            pass
    with client.websocket_connect(f"/ws/tables/{table}/reviews") as ws:  # the other seat is told nothing
        ws.send_json({"type": "hello", "seat": 1, "token": tokens["1"]})
        assert receive_json(ws, "the other seat's (empty) reviews")["reviews"] == []
    own = entry["review"]["decisions"]
    assert [d["ply"] for d in own] == [p for p, s in enumerate(positions) if s.current_player == reviewed]
    client.post(f"/api/tables/{table}/reviews/publish", json={"seat": 0}, headers=_auth(tokens["0"]))
    for viewer in (1, None):
        params = {} if viewer is None else {"seat": viewer}
        headers = {} if viewer is None else _auth(tokens["1"])
        shown = client.get(f"/api/tables/{table}/reviews", params=params, headers=headers).json()["reviews"]
        assert [e["seat"] for e in shown] == [0]
        theirs = shown[0]["review"]["decisions"]
        for mine, other in zip(own, theirs, strict=True):
            position = positions[mine["ply"]]
            assert (other["before"], other["after"], other["mark"]) == (mine["before"], mine["after"], mine["mark"])
            # how many actions the seat could choose from depends on its hand (Aton's card
            # values, Dioses del Nilo's soldiers): not told to another viewer
            assert (other["choices"], other["forced"]) == (None, None)
            assert mine["choices"] == len(position.legal_actions())
            for words, notation in (("description", "action"), ("preferred_description", "preferred")):
                action = position.game.parse_action(mine[notation])
                assert other[words] == position.describe_action(action, viewer)
                assert not _secret_words(game, action, reviewed, 1, other[words]), other[words]
                hidden = position.describe_action(action, viewer) != position.describe_action(action, reviewed)
                assert other[notation] == (None if hidden else mine[notation])


def _without_ids(view: dict[str, Any]) -> dict[str, Any]:
    """A view without what differs between two tables for no reason of the game."""
    return {k: v for k, v in view.items() if k not in ("table",)}


@pytest.mark.parametrize("game", ["aton", pytest.param("ankh", marks=pytest.mark.slow)])  # Ankh: ~35 moves first
def test_a_choice_made_ahead_tells_the_others_only_that_it_was_made(tmp_path: Path, game: str) -> None:
    """Two tables, the same game, the same seed: the seat that is not the engine's chooses
    differently ahead of its turn; every other viewer's views (REST and WebSocket) are the
    same at both tables, and different from the chooser's."""
    options: dict[str, Any] = {"players": 2} if game == "ankh" else {}
    seed = 0 if game == "ankh" else 3
    prefix = _ankh_battle() if game == "ankh" else ["keep", "keep"]
    seats = [{"type": "human"}, {"type": "human"}]
    clock = {"mode": "realtime", "bank": 3600, "increment": 5}
    with TestClient(create_app(f"sqlite:///{tmp_path / 'n.db'}", ai_workers=0, clock=lambda: 1e9)) as client:
        body = {"game": game, "seed": seed, "options": options, "seats": seats, "clock": clock}
        tables = [client.post("/api/tables", json=body).json() for _ in range(2)]
        for table in tables:
            for version, text in enumerate(prefix):
                seat = client.get(f"/api/tables/{table['id']}/view").json()["to_move"]
                auth = {"Authorization": f"Bearer {table['tokens'][str(seat)]}"}
                r = client.post(
                    f"/api/tables/{table['id']}/moves",
                    json={"seat": seat, "version": version, "action": text},
                    headers=auth,
                )
                assert r.status_code == 200, r.text
        public = client.get(f"/api/tables/{tables[0]['id']}/view").json()
        engine = public["to_move"]
        chooser = next(s for s in public["choosing"] if s != engine)
        views: list[dict[int | None, Any]] = []
        for i, table in enumerate(tables):
            auth = {s: {"Authorization": f"Bearer {table['tokens'][str(s)]}"} for s in (0, 1)}
            url = f"/api/tables/{table['id']}"
            with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
                ws.send_json({"type": "hello", "seat": engine, "token": table["tokens"][str(engine)]})
                receive_json(ws, "the first view")
                mine = client.get(f"{url}/view", params={"seat": chooser}, headers=auth[chooser]).json()
                assert len(mine["legal"]) >= 2
                move = {"seat": chooser, "version": mine["version"], "index": i, "step": mine["step"]}
                r = client.post(f"{url}/moves", json=move, headers=auth[chooser])
                assert r.status_code == 200 and r.json()["queued"] == [mine["legal"][i]["text"]], r.text
                pushed = receive_json(ws, "the view after the queued move")
            views.append(
                {
                    engine: _without_ids(
                        client.get(f"{url}/view", params={"seat": engine}, headers=auth[engine]).json()
                    ),
                    None: _without_ids(client.get(f"{url}/view").json()),
                    chooser: _without_ids(r.json()),
                    -1: _without_ids(pushed),
                }
            )
        assert views[0][engine] == views[1][engine]
        assert views[0][None] == views[1][None]
        assert views[0][-1] == views[1][-1]
        assert views[0][chooser] != views[1][chooser]
        if game == "ankh":  # one card each: *that* it has chosen is public
            assert chooser not in views[0][engine]["choosing"]


def test_ankh_log_hides_cats_cards_and_bids_from_the_other_god(client: TestClient) -> None:
    """Ankh in words (issue 14 item 5): Bastet's cat faces, Battle cards and bids stay out of the
    other seat's log and notation; every other decision reads the same for both seats."""
    options = {"players": 2, "gods": "bastet,thoth", "first_player": 0}
    seats = [{"type": "human"}, {"type": "human"}]
    data = client.post("/api/tables", json={"game": "ankh", "options": options, "seed": 5, "seats": seats}).json()
    table, tokens = data["id"], data["tokens"]
    local = make_game("ankh", options).new_initial_state(5)
    rng = Rng(5)
    hidden = 0
    with client.websocket_connect(f"/ws/tables/{table}") as ws0, client.websocket_connect(f"/ws/tables/{table}") as ws1:
        sockets = {0: ws0, 1: ws1}
        for seat, ws in sockets.items():
            ws.send_json({"type": "hello", "seat": seat, "token": tokens[str(seat)]})
            receive_json(ws, "each seat's first view")
        for _ in range(120):
            if local.is_terminal:
                break
            actor = local.current_player
            legal = local.legal_actions()
            action = legal[rng.below(len(legal))]
            words = {v: local.describe_action(action, v) for v in (0, 1)}
            secret = isinstance(action, (CatPut, Card, Bid))
            other = 1 - actor
            if secret:
                hidden += 1
                assert words[other] != words[actor] and not re.search(r"\+\d|star|: ", words[other])
            else:
                assert words[other] == words[actor] and "decides:" not in words[actor], words[actor]
            sockets[actor].send_json({"type": "move", "version": len(local.history), "action": str(action)})
            local.apply(action)
            for seat, ws in sockets.items():
                message = receive_json(ws, "each seat's message after the action")
                told = dict(zip(message["log"], message["log_notation"], strict=True))
                assert told[words[seat]] == (None if secret and seat == other else str(action))
    assert hidden >= 3
