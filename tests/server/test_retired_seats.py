"""A seat that resigns (or is out on time) at an Ankh table of three to five: the others play on
to the end, the table makes the seat's least-impact moves (never an agent's, never its
person's), the result ranks it last, and what it chooses in secret stays hidden from the others
(:mod:`netjer.server.retired_seats`; issue 31)."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from netjer.core import Rng
from netjer.games.registry import make_game
from netjer.server.retired_seats import lone_result, retired_action, standings
from netjer.server.windows import window_plan
from tests.server.views import shown


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _create(client: TestClient, players: int, seed: int, clock: dict[str, Any] | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"game": "ankh", "seed": seed, "options": {"players": players},
                            "seats": [{"type": "human", "name": f"P{i}"} for i in range(players)]}  # fmt: skip
    if clock is not None:
        body["clock"] = clock
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    table: dict[str, Any] = r.json()
    return table


def _view(client: TestClient, table: dict[str, Any], seat: int | None = None) -> dict[str, Any]:
    if seat is None:
        return client.get(f"/api/tables/{table['id']}/view").json()  # type: ignore[no-any-return]
    headers = _auth(table["tokens"][str(seat)])
    seen = client.get(f"/api/tables/{table['id']}/view", params={"seat": seat}, headers=headers)
    return seen.json()  # type: ignore[no-any-return]


def _post(client: TestClient, table: dict[str, Any], what: str, seat: int, **body: Any) -> Any:
    return client.post(f"/api/tables/{table['id']}/{what}", json={"seat": seat, **body},
                       headers=_auth(table["tokens"][str(seat)]))  # fmt: skip


def _caught_up(client: TestClient, table: dict[str, Any], version: int, until: Any = None) -> dict[str, Any]:
    """The public view once the server reached ``version`` (and ``until(view)`` holds, if
    given): the retired seats' moves are made by a task of the server."""
    for _ in range(4000):
        view = _view(client, table)
        if (view["version"] >= version or view["finished"]) and (until is None or until(view)):
            return view
        time.sleep(0.005)
    raise AssertionError(f"the table never reached version {version}")


def play_to_the_end(
    client: TestClient, table: dict[str, Any], players: int, seed: int, resign_at: dict[int, int],
    check_views: bool = True,
) -> tuple[Any, set[int]]:  # fmt: skip
    """Play ``table`` to its end: the seats still playing choose at random (seeded), seat ``s``
    resigns at version ``resign_at[s]``; a local copy of the game makes each retired seat's
    move as :func:`retired_action` would, and every view of the seats still playing (and the
    spectators') is checked against the local game's observation for that seat at each
    position where the server waits for a person (``check_views``).  Returns the local final state and the
    retired seats."""
    local = make_game("ankh", {"players": players}).new_initial_state(seed)
    rng = Rng(seed)
    retired: set[int] = set()
    while not local.is_terminal:
        version = len(local.history)
        for seat, at in resign_at.items():
            if at == version and seat not in retired:
                r = _post(client, table, "resign", seat)
                assert r.status_code == 200, r.text
                retired.add(seat)
                assert r.json()["finished"] is False  # the others play on
        actor = local.current_player
        legal = local.legal_actions()
        if actor in retired:
            local.apply(retired_action(legal))
            continue
        view = _caught_up(client, table, version)
        assert view["version"] == version and not view["finished"]
        if not check_views:
            action = legal[rng.below(len(legal))]
            r = _post(client, table, "moves", actor, version=version, action=str(action))
            assert r.status_code == 200, r.text
            local.apply(action)
            continue
        # The server waits for a person here: every viewer sees exactly its own observation.
        plan = window_plan(local, {})
        for seat in [*(s for s in range(players) if s not in retired), None]:
            seen = _view(client, table, seat)
            choice = plan.get(seat) if plan is not None and seat is not None else None
            assert seen["observation"] == shown(choice.observation if choice else local.observation(seat))
            assert [s["resigned"] for s in seen["seats"]] == [s in retired for s in range(players)]
        for seat in retired:  # a retired seat's person can no longer act for it
            mine = _view(client, table, seat)
            assert mine["legal"] == []
            refused = _post(client, table, "moves", seat, version=version, index=0)
            assert (refused.status_code, refused.json()["error"]) == (409, "resigned")
        action = legal[rng.below(len(legal))]
        r = _post(client, table, "moves", actor, version=version, action=str(action))
        assert r.status_code == 200, r.text
        local.apply(action)
    return local, retired


@pytest.mark.slow
@pytest.mark.parametrize(("players", "seed", "resign_at"), [(3, 3, {1: 6}), (5, 2, {0: 0, 3: 40})])
def test_the_others_play_on_to_the_end_and_the_resigner_is_ranked_last(
    client: TestClient, players: int, seed: int, resign_at: dict[int, int]
) -> None:
    table = _create(client, players, seed)
    local, retired = play_to_the_end(client, table, players, seed, resign_at)
    view = _caught_up(client, table, len(local.history))
    assert view["finished"] and view["version"] == len(local.history)
    assert view["ending"] == {"how": "rules", "seats": [], "retired": sorted(retired)}
    result = view["result"]
    assert result == standings(local.returns(), retired, local)
    playing = [s for s in range(players) if s not in retired]
    assert all(result[r] < min(result[s] for s in playing) for r in retired)
    assert max(result) == max(result[s] for s in playing) == 1.0  # a seat still playing won
    lines = view["log"]
    for seat in retired:
        assert f"P{seat} resigns and is ranked last; the game goes on without them." in lines
    listed = {t["id"]: t for t in client.get("/api/tables", params={"status": "finished"}).json()}
    assert [s["resigned"] for s in listed[table["id"]]["seats"]] == [s in retired for s in range(players)]


def test_a_resigned_seat_cannot_resign_again_take_back_or_offer(client: TestClient) -> None:
    table = _create(client, 3, 2)
    assert _post(client, table, "resign", 2).status_code == 200
    for what, body in (("resign", {}), ("takeback", {}), ("offer", {"kind": "adjourn"})):
        r = _post(client, table, what, 2, **body)
        assert r.status_code == 409 and r.json()["error"] in ("resigned", "no_clock"), (what, r.text)
    assert _post(client, table, "resign", 2).json()["error"] == "resigned"
    public = _view(client, table)
    assert public["finished"] is False and public["seats"][2]["resigned"] is True
    assert public["seats"][2]["retired"] is True and public["seats"][0]["retired"] is False


def test_when_one_seat_alone_still_plays_it_wins(client: TestClient) -> None:
    table = _create(client, 3, 2)
    assert _post(client, table, "resign", 0).json()["finished"] is False
    r = _post(client, table, "resign", 2)
    assert r.status_code == 200
    view = r.json()
    assert view["finished"] and view["result"] == [-1.0, 1.0, -1.0]
    assert view["ending"] == {"how": "resigned", "seats": [0, 2], "retired": [0, 2]}
    game = make_game("ankh", {"players": 3})  # the winner named by its god, as the terminal names it
    assert view["result_text"] == game.result_text([-1.0, 1.0, -1.0], game.seat_names_at(game.new_initial_state(2)))


def test_a_resignation_survives_a_restart(db: str, fake: Any) -> None:
    from netjer.server.app import create_app  # noqa: PLC0415

    with TestClient(create_app(db, ai_workers=0, clock=fake)) as client:
        table = _create(client, 3, 2)
        assert _post(client, table, "resign", 1).status_code == 200
    with TestClient(create_app(db, ai_workers=0, clock=fake)) as client:
        view = _view(client, table)
        assert view["seats"][1]["resigned"] is True and not view["finished"]
        assert _post(client, table, "resign", 1).json()["error"] == "resigned"


def test_out_on_time_at_a_table_of_three_plays_on(client: TestClient, fake: Any) -> None:
    clock = {"mode": "realtime", "bank": 60, "increment": 0, "on_timeout": "out"}
    table = _create(client, 3, 2, clock)
    first = _view(client, table)["to_move"]
    fake.t += 59
    for seat in range(3):  # everyone is at the table (not adjourned): the others are present
        _view(client, table, seat)
    fake.t += 2
    manager = client.app.state.manager  # type: ignore[attr-defined]
    client.portal.call(manager.clocks.check)  # type: ignore[union-attr]
    view = _caught_up(client, table, 1, until=lambda v: v["to_move"] != first)
    assert not view["finished"] and view["seats"][first]["retired"] and view["seats"][first]["out"]
    assert view["seats"][first]["standin"] is None
    assert any("is out and ranked last; the game goes on without them." in line for line in view["log"])
    # the table played the retired seat's least-impact move
    assert view["version"] >= 1 and view["to_move"] != first


# --- the policy and the ranking, without a server ----------------------------------------------


def test_the_retired_seat_declines_moves_nothing_and_plays_the_cycle_of_maat() -> None:
    game = make_game("ankh", {"players": 3})
    parse = game.parse_action
    assert str(retired_action([parse(a) for a in ("summon", "gain", "move", "unlock")])) == "move"
    assert str(retired_action([parse(a) for a in ("pick 4,5", "done")])) == "done"
    cards = [parse(f"card {c}") for c in ("chariots", "plague", "cycle", "miracle")]
    assert str(retired_action(cards)) == "card cycle"
    assert str(retired_action([parse(a) for a in ("bid 2", "bid 0", "bid 1")])) == "bid 0"
    with pytest.raises(ValueError, match="no legal action"):
        retired_action([])


def test_standings_rank_retired_seats_last_and_pass_their_win_on() -> None:
    assert standings([1.0, -1.0, -1.0], {2}) == [1.0, -1.0, -2.0]
    assert standings([1.0, -1.0, -1.0], set()) == [1.0, -1.0, -1.0]
    assert standings([1.0, 1.0, -1.0], {1}) == [1.0, -2.0, -1.0]  # a shared win: the retired seat is last
    assert standings([1.0, 1.0, 1.0], {1}) == [1.0, -1.0, 1.0]

    class Placed:
        def placings(self) -> list[float]:
            return [0.0, 2.0, 1.0, 3.0]

    # the retired seat 3 took the win by the rules: seat 1, highest of those playing, wins
    assert standings([-1.0, -1.0, -1.0, 1.0], {3}, Placed()) == [-1.0, 1.0, -1.0, -2.0]  # type: ignore[arg-type]
    assert lone_result(3, {0, 2}) == [-1.0, 1.0, -1.0] and lone_result(3, {0}) is None


@pytest.mark.slow
def test_a_rated_game_of_five_played_on_rates_the_resigners_last(client: TestClient, db: str) -> None:
    """Weng-Lin reads the order the table stored: the two seats that resigned (at the start
    and midway) rank last although the game went on to its end by the rules."""
    from netjer.server.db import RatingRow, Store  # noqa: PLC0415
    from netjer.server.ratings import new_rating, rate_game, scores_of  # noqa: PLC0415
    from tests.server.browsers import Browser  # noqa: PLC0415
    from tests.server.test_accounts import _csrf, _sign_up  # noqa: PLC0415

    players: list[Any] = [client, *(Browser(client) for _ in range(4))]
    for i, browser in enumerate(players):
        _sign_up(browser, f"Scribe{i}")
    seats = [{"type": "human", "name": "P0"}, *({"type": "human", "open": True} for _ in range(4))]
    body = {"game": "ankh", "options": {"players": 5}, "seed": 2, "seats": seats, "rated": True,
            "clock": {"mode": "realtime", "bank": 600, "increment": 0}}  # fmt: skip
    r = client.post("/api/tables", json=body, headers=_csrf(client))
    assert r.status_code == 201, r.text
    table = r.json()
    for seat in range(1, 5):
        who = players[seat]
        joined = who.post(f"/api/tables/{table['id']}/join", json={"seat": seat, "name": f"P{seat}"},
                          headers=_csrf(who))  # fmt: skip
        assert joined.status_code == 200, joined.text
        table["tokens"][str(seat)] = joined.json()["token"]
    local, retired = play_to_the_end(client, table, 5, 2, {0: 0, 3: 40}, check_views=False)
    view = _caught_up(client, table, len(local.history))
    assert view["finished"] and retired == {0, 3}
    result = view["result"]
    expected = rate_game([new_rating("ankh-3-5")] * 5, scores_of(result))
    with Store(db).session() as s:
        got = {row.account_id: row for row in s.query(RatingRow)}
    accounts = {seat: seat + 1 for seat in range(5)}  # signed up in seat order
    for seat, want in enumerate(expected):
        assert got[accounts[seat]].rating == pytest.approx(want.rating) and got[accounts[seat]].games == 1
    lowest = sorted(range(5), key=lambda seat: got[accounts[seat]].rating)[:2]
    assert set(lowest) == retired


@pytest.mark.slow
def test_who_resigned_is_stored_with_a_game_ended_by_its_rules_for_the_lobby_and_the_profiles(
    client: TestClient, db: str, fake: Any
) -> None:
    """Seat 1 resigns, the two others play on to the end by the rules: the stored ending names
    the retired seat, so the lobby's finished list read from the database (after a restart:
    the table is not loaded) and every player's profile say who left the game."""
    from netjer.server.app import create_app  # noqa: PLC0415
    from netjer.server.db import Store  # noqa: PLC0415
    from tests.server.browsers import Browser  # noqa: PLC0415
    from tests.server.test_accounts import _csrf, _sign_up  # noqa: PLC0415

    players: list[Any] = [client, Browser(client), Browser(client)]
    for i, browser in enumerate(players):
        _sign_up(browser, f"Scribe{i}")
    seats = [{"type": "human", "name": "P0"}, *({"type": "human", "open": True} for _ in range(2))]
    r = client.post("/api/tables", json={"game": "ankh", "options": {"players": 3}, "seed": 3, "seats": seats},
                    headers=_csrf(client))  # fmt: skip
    assert r.status_code == 201, r.text
    table = r.json()
    for seat in (1, 2):
        joined = players[seat].post(f"/api/tables/{table['id']}/join", json={"seat": seat, "name": f"P{seat}"},
                                    headers=_csrf(players[seat]))  # fmt: skip
        assert joined.status_code == 200, joined.text
        table["tokens"][str(seat)] = joined.json()["token"]
    local, retired = play_to_the_end(client, table, 3, 3, {1: 6}, check_views=False)
    assert _caught_up(client, table, len(local.history))["finished"] and retired == {1}
    row = Store(db).table(table["id"])
    assert row is not None and json.loads(row.ending or "{}") == {"how": "rules", "seats": [], "retired": [1]}
    with TestClient(create_app(db, ai_workers=0, clock=fake)) as restarted:
        listed = {t["id"]: t for t in restarted.get("/api/tables", params={"status": "finished"}).json()}
        assert restarted.app.state.manager.tables.get(table["id"]) is None  # type: ignore[attr-defined]
        summary = listed[table["id"]]
        assert [s["retired"] for s in summary["seats"]] == [False, True, False]
        assert summary["ending"] == {"how": "rules", "seats": [], "retired": [1]}
        for name in ("Scribe0", "Scribe1"):
            games = restarted.get(f"/api/players/{name}").json()["games"]
            mine = next(g for g in games if g["id"] == table["id"])
            assert [s["retired"] for s in mine["seats"]] == [False, True, False]
            assert mine["ending"]["retired"] == [1]


def test_a_seat_the_computer_stands_in_for_may_resign_and_is_retired(client: TestClient, fake: Any) -> None:
    clock = {"mode": "realtime", "bank": 60, "increment": 0, "on_timeout": "computer"}
    table = _create(client, 3, 2, clock)
    first = _view(client, table)["to_move"]
    fake.t += 59
    for seat in range(3):
        _view(client, table, seat)
    fake.t += 2
    manager = client.app.state.manager  # type: ignore[attr-defined]
    client.portal.call(manager.clocks.check)  # type: ignore[union-attr]
    assert _view(client, table)["seats"][first]["standin"] == "heuristic"
    r = _post(client, table, "resign", first)
    assert r.status_code == 200 and r.json()["finished"] is False
    view = _caught_up(client, table, 0, until=lambda v: v["to_move"] != first)
    assert view["seats"][first]["standin"] is None and view["seats"][first]["resigned"] is True
    assert _post(client, table, "takeback", first).json()["error"] == "resigned"
