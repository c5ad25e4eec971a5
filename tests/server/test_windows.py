"""Simultaneous choices at the web table: every seat of a window (Aton's exchange decisions and
cartouches, an Ankh Battle's cards) chooses at once with its clock running, choices made ahead
are stored and applied in the engine's order, withdrawn by undo, kept across a restart, and
never shown to the other seats."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from netjer.core.undo import Transcript
from netjer.games.registry import make_game
from netjer.server.app import create_app
from netjer.server.tables import TableManager
from netjer.server.windows import window_plan
from tests.server.fake_time import FakeTime


def _create(
    client: TestClient, game: str, clock: dict[str, Any] | None, seed: int = 3, **options: Any
) -> dict[str, Any]:
    n = make_game(game, options).num_players
    names = ["Seth", "Nut", "Geb", "Isis", "Ra"]
    body: dict[str, Any] = {
        "game": game,
        "seed": seed,
        "options": options,
        "seats": [{"type": "human", "name": names[i]} for i in range(n)],
    }
    if clock is not None:
        body["clock"] = clock
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def _headers(table: dict[str, Any], seat: int) -> dict[str, str]:
    return {"Authorization": f"Bearer {table['tokens'][str(seat)]}"}


def _view(client: TestClient, table: dict[str, Any], seat: int | None = None) -> dict[str, Any]:
    if seat is None:
        return client.get(f"/api/tables/{table['id']}/view").json()  # type: ignore[no-any-return]
    r = client.get(f"/api/tables/{table['id']}/view", params={"seat": seat}, headers=_headers(table, seat))
    return r.json()  # type: ignore[no-any-return]


def _choose(
    client: TestClient, table: dict[str, Any], seat: int, index: int = 0, view: dict[str, Any] | None = None
) -> Any:
    """Seat ``seat`` makes its choice ``index`` of its view, with the view's ``step``."""
    view = view or _view(client, table, seat)
    body = {"seat": seat, "version": view["version"], "index": index, "step": view["step"]}
    return client.post(f"/api/tables/{table['id']}/moves", json=body, headers=_headers(table, seat))


def _check_clocks(client: TestClient) -> None:
    manager: TableManager = client.app.state.manager  # type: ignore[attr-defined]
    client.portal.call(manager.clocks.check)  # type: ignore[union-attr]


def _wait(client: TestClient, table: dict[str, Any], until: Any) -> dict[str, Any]:
    """Poll the public view until ``until(view)`` (computer moves run in a thread)."""
    for _ in range(4000):
        view = _view(client, table)
        if until(view):
            return view
        time.sleep(0.005)
    raise AssertionError("the table did not get there")


def _left(view: dict[str, Any]) -> list[Any]:
    return [s["left"] for s in view["clock"]["seats"]]


def _running(view: dict[str, Any]) -> list[bool]:
    return [s["running"] for s in view["clock"]["seats"]]


def test_aton_both_seats_choose_and_count_at_once(client: TestClient, fake: FakeTime) -> None:
    table = _create(client, "aton", {"mode": "realtime", "bank": 300, "increment": 10})
    public = _view(client, table)
    # rules/aton.md §4 step B: both seats decide on the exchange in secret, at once.
    assert public["window"] and public["choosing"] == [0, 1] and public["to_move"] == 0
    assert _running(public) == [True, True]
    fake.t += 20
    assert _left(_view(client, table)) == [pytest.approx(280), pytest.approx(280)]
    before = _view(client, table, 0)
    nut = _view(client, table, 1)
    assert nut["legal"] and nut["observation"]["to_move"] == 1  # Nut may choose before Seth
    nut_choice = nut["legal"][0]["text"]
    r = _choose(client, table, 1, view=nut)
    assert r.status_code == 200, r.text
    nut = r.json()
    assert nut["queued"] == [nut_choice] and nut["legal"] == []
    assert nut["choosing"] == [0] and nut["version"] == 0  # stored, not yet an action
    # Nut has made all its choices of the window: its turn is over (increment), Seth's runs on.
    assert _running(nut) == [True, False] and _left(nut) == [pytest.approx(280), pytest.approx(290)]
    seth = _view(client, table, 0)
    assert seth["observation"] == before["observation"] and seth["queued"] == []  # nothing of Nut's choice
    assert nut_choice not in str(seth["log"]) and nut_choice not in str(_view(client, table))
    # The same move again (a double click) is refused, not queued twice.
    again = _choose(client, table, 1, view={**nut, "step": 0})
    assert again.status_code == 409 and again.json()["error"] in ("stale", "chosen")
    # Undo withdraws the queued choice: Nut must choose again, its clock runs (no free increment).
    r = client.post(f"/api/tables/{table['id']}/undo", json={"seat": 1, "version": 0}, headers=_headers(table, 1))
    assert r.status_code == 200, r.text
    nut = r.json()
    assert nut["queued"] == [] and nut["choosing"] == [0, 1] and _running(nut) == [True, True]
    assert _left(nut)[1] == pytest.approx(280)
    assert _choose(client, table, 1).status_code == 200
    fake.t += 5
    # Seth chooses: his choice and Nut's are applied in the engine's order, and the
    # cartouches (rules/aton.md §4 step C) begin: both count again.
    r = _choose(client, table, 0)
    assert r.status_code == 200, r.text
    seth = r.json()
    assert seth["version"] == 2 and seth["observation"]["phase"] == "assign"
    assert seth["choosing"] == [0, 1] and _running(seth) == [True, True]
    assert _left(seth) == [pytest.approx(285), pytest.approx(290)]
    before = _view(client, table, 0)["observation"]
    # Nut puts all three cards ahead of Seth; each shows on Nut's own board only.
    for k in range(3):
        nut = _view(client, table, 1)
        assert nut["legal"], k
        value = nut["legal"][0]["text"]
        r = _choose(client, table, 1, view=nut)
        assert r.status_code == 200, r.text
        nut = r.json()
        assert len(nut["queued"]) == k + 1 and nut["queued"][-1] == value
        if k < 2:
            assert nut["observation"]["players"][1]["cartouches"][k] == int(value.split()[-1])
        assert _view(client, table, 0)["observation"] == before
    assert nut["choosing"] == [0] and _running(nut) == [True, False]
    fake.t += 7
    for _ in range(3):
        assert _choose(client, table, 0).status_code == 200
    public = _view(client, table)
    assert public["version"] == 8 and public["observation"]["phase"] != "assign"
    assert [p["revealed"] for p in public["observation"]["players"]] != [0, 0]  # the reveal (§4 step D)
    assert not public["window"] and public["choosing"] == [public["to_move"]]
    assert sum(_running(public)) == 1


def test_a_seat_out_of_time_in_a_window_gets_the_computer(client: TestClient, fake: FakeTime) -> None:
    table = _create(client, "aton", {"mode": "realtime", "bank": 60, "increment": 0})
    assert _choose(client, table, 0).status_code == 200
    fake.t += 30
    assert _choose(client, table, 1).status_code == 200  # the exchanges: now the cartouches
    assert _left(_view(client, table)) == [pytest.approx(60), pytest.approx(30)]
    assert _choose(client, table, 0).status_code == 200  # Seth's first card; Nut thinks on
    fake.t += 31
    _check_clocks(client)
    public = _view(client, table)
    assert "Nut's time ran out: the computer (heuristic) plays for Nut." in public["log"]
    assert public["seats"][1]["standin"] == "heuristic"
    # Seth still chooses with his clock running; Nut's choices wait for the computer, which
    # makes them when the engine reaches Nut, after Seth's.
    assert public["choosing"] == [0, 1] and _running(public) == [True, False]
    assert _choose(client, table, 0).status_code == 200
    assert _choose(client, table, 0).status_code == 200
    public = _wait(client, table, lambda v: v["version"] >= 8)
    assert public["observation"]["phase"] != "assign"
    # Nut comes back and takes the seat.
    r = client.post(f"/api/tables/{table['id']}/takeback", json={"seat": 1}, headers=_headers(table, 1))
    assert r.status_code == 200, r.text
    assert "Nut is back and plays again." in _view(client, table)["log"]


def test_the_engine_seat_out_of_time_lets_the_queued_choices_through(client: TestClient, fake: FakeTime) -> None:
    table = _create(client, "aton", {"mode": "turn", "per_turn": 3600})
    assert _choose(client, table, 1).status_code == 200  # Nut decides on the exchange first
    public = _view(client, table)
    assert _running(public) == [True, False] and _left(public)[1] is None
    fake.t += 1800
    _view(client, table, 1)  # Nut is here (a request is a moment of connection); Seth is not
    fake.t += 1801
    _check_clocks(client)
    # The computer decides for Seth; Nut's decision follows it; both then place cards.
    public = _wait(client, table, lambda v: v["version"] >= 2)
    assert "Seth's time ran out: the computer (heuristic) plays for Seth." in public["log"]
    assert public["observation"]["phase"] == "assign"
    assert 1 in public["choosing"] and _running(public)[1]


def test_queued_choices_survive_a_restart(db: str, fake: FakeTime) -> None:
    with TestClient(create_app(db, ai_workers=0, clock=fake)) as client:
        table = _create(client, "aton", None)
        assert _choose(client, table, 0).status_code == 200
        assert _choose(client, table, 1).status_code == 200
        for _ in range(2):
            assert _choose(client, table, 1).status_code == 200
        queued = _view(client, table, 1)["queued"]
        assert len(queued) == 2
    with TestClient(create_app(db, ai_workers=0, clock=fake)) as client:
        nut = _view(client, table, 1)
        assert nut["queued"] == queued and nut["version"] == 2
        assert _choose(client, table, 1, view=nut).status_code == 200
        for _ in range(3):
            assert _choose(client, table, 0).status_code == 200
        public = _view(client, table)
        assert public["version"] == 8 and public["observation"]["phase"] != "assign"


def test_window_moves_are_checked(client: TestClient) -> None:
    table = _create(client, "aton", None)
    url = f"/api/tables/{table['id']}/moves"
    nut = _view(client, table, 1)
    # a move that is not one of Nut's choices, a wrong index, an old step
    bad = client.post(url, json={"seat": 1, "version": 0, "action": "assign 1", "step": 0}, headers=_headers(table, 1))
    assert bad.status_code == 422 and bad.json()["error"] == "illegal"
    assert "not one of your choices" in bad.json()["message"]
    bad = client.post(url, json={"seat": 1, "version": 0, "index": 9, "step": 0}, headers=_headers(table, 1))
    assert bad.status_code == 422 and bad.json()["error"] == "bad_move"
    bad = client.post(url, json={"seat": 1, "version": 0, "index": 0, "step": 5}, headers=_headers(table, 1))
    assert bad.status_code == 409 and bad.json()["error"] == "stale"
    bad = client.post(url, json={"seat": 1, "version": 0, "index": 0, "step": "x"}, headers=_headers(table, 1))
    assert bad.status_code == 422
    assert _view(client, table, 1) == nut  # nothing changed
    # Without a step, the version alone decides (as outside windows).
    r = client.post(url, json={"seat": 1, "version": 0, "index": 0}, headers=_headers(table, 1))
    assert r.status_code == 200 and r.json()["queued"]
    r = client.post(url, json={"seat": 1, "version": 0, "index": 0}, headers=_headers(table, 1))
    assert r.status_code == 409 and r.json()["error"] == "chosen"


def _ankh_battle(seed: int = 0, players: int = 2) -> list[str]:
    """Random legal moves from a new Ankh game to its first Battle of two gods or more."""
    state = make_game("ankh", {"players": players}).new_initial_state(seed)
    rng = random.Random(seed)
    moves = []
    while True:
        window = state.simultaneous_window()
        if window is not None and window[0] == "card" and len(state.observation(None)["battle"]["gods"]) >= 2:
            return moves
        action = rng.choice(state.legal_actions())
        moves.append(str(action))
        state.apply(action)


@pytest.mark.slow  # ~35 moves to a Battle; Aton's windows are the fast variant
def test_ankh_battle_cards_are_chosen_at_once(client: TestClient, fake: FakeTime) -> None:
    table = _create(client, "ankh", {"mode": "turn", "per_turn": 3600}, seed=0, players=2)
    url = f"/api/tables/{table['id']}/moves"
    for version, text in enumerate(_ankh_battle()):
        seat = _view(client, table)["to_move"]
        r = client.post(url, json={"seat": seat, "version": version, "action": text}, headers=_headers(table, seat))
        assert r.status_code == 200, r.text
    public = _view(client, table)
    gods = public["observation"]["battle"]["gods"]
    first = public["to_move"]
    other = next(g for g in gods if g != first)
    # rules/ankh.md §10.3 step 1: every god in the Battle chooses a card face down, at once.
    assert public["window"] and sorted(public["choosing"]) == sorted(gods)
    assert all(_running(public)[g] for g in gods)
    before = _view(client, table, first)
    card = _view(client, table, other)["legal"][0]["text"]
    r = _choose(client, table, other)
    assert r.status_code == 200, r.text
    assert r.json()["queued"] == [card]
    after = _view(client, table, first)
    assert after["observation"] == before["observation"]  # not even *that* it is in the engine
    assert after["choosing"] == [first] and not _running(after)[other] and _left(after)[other] is None
    spectator = _view(client, table)
    assert card.split()[-1] not in str(spectator["observation"]["battle"]["cards"])
    version = public["version"]
    r = _choose(client, table, first)
    assert r.status_code == 200, r.text
    manager: TableManager = client.app.state.manager  # type: ignore[attr-defined]
    actions = manager.store.actions(table["id"])
    assert len(actions) >= version + 2 and actions[version + 1] == card  # applied in the engine's order


def _ankh_opening_undoable(players: int = 2) -> tuple[int, list[str]]:
    """A seed and the random moves to the first Battle whose opening move its player may take
    back, who is also the first to choose a card, with another god in the Battle."""
    for seed in range(40):
        transcript = Transcript(make_game("ankh", {"players": players}).new_initial_state(seed))
        rng = random.Random(seed)
        moves: list[str] = []
        while not transcript.state.is_terminal and len(moves) < 300:
            state = transcript.state
            before, actor = state.simultaneous_window(), state.current_player
            action = rng.choice(state.legal_actions())
            transcript.apply(action)
            moves.append(str(action))
            window = transcript.state.simultaneous_window()
            if window is not None and window != before and window[0] == "card":
                plan = window_plan(transcript.state, {})
                if (
                    transcript.can_undo(actor)
                    and transcript.state.current_player == actor
                    and plan is not None
                    and len(plan) >= 2
                ):
                    return seed, moves
    raise AssertionError("no such Battle in 40 games")


@pytest.mark.slow  # ~35 moves to a Battle; Aton's windows are the fast variant
def test_the_move_that_began_a_window_is_not_taken_back_once_another_seat_chose(client: TestClient) -> None:
    seed, moves = _ankh_opening_undoable()
    table = _create(client, "ankh", None, seed=seed, players=2)
    url = f"/api/tables/{table['id']}"
    for version, text in enumerate(moves):
        seat = _view(client, table)["to_move"]
        r = client.post(
            f"{url}/moves", json={"seat": seat, "version": version, "action": text}, headers=_headers(table, seat)
        )
        assert r.status_code == 200, r.text
    opener = _view(client, table)["to_move"]
    other = 1 - opener
    assert _view(client, table, opener)["can_undo"]
    assert _choose(client, table, other).status_code == 200  # the other god's card, ahead
    assert not _view(client, table, opener)["can_undo"]
    undo = {"seat": opener, "version": len(moves)}
    refused = client.post(f"{url}/undo", json=undo, headers=_headers(table, opener))
    assert refused.status_code == 409 and refused.json()["error"] == "no_undo"
    assert "already chose in the secret choices your decision began" in refused.json()["message"]
    # Once the card is withdrawn, the move can be taken back.
    withdraw = {"seat": other, "version": len(moves)}
    assert client.post(f"{url}/undo", json=withdraw, headers=_headers(table, other)).status_code == 200
    assert client.post(f"{url}/undo", json=undo, headers=_headers(table, opener)).status_code == 200
    public = _view(client, table)
    assert public["version"] == len(moves) + 1 and not public["window"]


def test_a_chooser_sees_the_other_seats_choices_only_where_made(client: TestClient) -> None:
    """Issue 13: a seat choosing ahead of the engine saw the seats before it as having chosen
    (the probe's placeholders): Seth's four cartouches face down before he placed any."""
    table = _create(client, "aton", None)
    for seat in (0, 1):  # rules/aton.md §4 step B: the exchange decisions
        assert _choose(client, table, seat).status_code == 200
    seth = _view(client, table, 0)
    assert seth["observation"]["phase"] == "assign" and seth["to_move"] == 0
    assert seth["observation"]["players"][0]["cartouches"] == [None] * 4
    nut = _view(client, table, 1)
    assert nut["legal"] and 1 in nut["choosing"]
    assert nut["observation"]["players"][0]["cartouches"] == [None] * 4  # was ['hidden'] * 4
    assert nut["observation"]["players"][0]["hand_count"] == seth["observation"]["players"][0]["hand_count"]
    # Nut queues a card: its own board shows it, Seth's still none.
    value = nut["legal"][0]["text"]
    nut = _choose(client, table, 1, view=nut).json()
    assert nut["observation"]["players"][1]["cartouches"][0] == int(value.split()[-1])
    assert nut["observation"]["players"][0]["cartouches"] == [None] * 4
    # Seth places one for real: Nut sees one face-down card, not four.
    assert _choose(client, table, 0).status_code == 200
    nut = _view(client, table, 1)
    assert nut["observation"]["players"][0]["cartouches"] == ["hidden", None, None, None]
    assert nut["observation"]["players"][1]["cartouches"][0] == int(value.split()[-1])


def test_an_ankh_chooser_sees_chosen_only_for_gods_that_chose() -> None:
    """Issue 13: a Battle's ``chosen`` in the view of a god choosing ahead of the engine lists
    only the gods that really chose (rules/ankh.md §10.3 step 1)."""
    state = make_game("ankh", {"players": 2}).new_initial_state(0)
    for text in _ankh_battle():
        state.apply(state.game.parse_action(text))
    first = state.current_player
    other = next(g for g in state.observation(None)["battle"]["gods"] if g != first)
    plan = window_plan(state, {})
    assert plan is not None and set(plan) >= {first, other}
    assert plan[other].observation["battle"]["chosen"] == []  # was [first]: a placeholder
    state.apply(state.legal_actions()[0])
    plan = window_plan(state, {})
    assert plan is not None and plan[other].observation["battle"]["chosen"] == [first]
