"""Rated games through the server (issue 31 item 4): a rated table is chosen at creation and
refused when it could not count; a rated game that finishes is rated once, in the transaction
that finishes it, as :func:`netjer.server.ratings.rate_game` rates it; unrated and aborted
games change no rating; the profile shows the games and the ratings."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient
from sqlalchemy import inspect

from netjer.server import db as server_db
from netjer.server.app import create_app
from netjer.server.db import RatingChangeRow, RatingRow, Store
from netjer.server.ratings import Rating, new_rating, rate_game, scores_of
from tests.server.browsers import Browser
from tests.server.fake_time import FakeTime
from tests.server.test_accounts import PASSWORD, _app_client, _csrf, _sign_up

CLOCK = {"mode": "realtime", "bank": 600, "increment": 0}


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _rated_table(creator: TestClient | Browser, taker: TestClient | Browser, game: str = "nile",
                 rated: bool = True, seed: int = 5) -> dict[str, Any]:  # fmt: skip
    """A two-seat table of ``game`` with a clock: seat 0 the creator's, seat 1 open and taken
    by ``taker`` (its token in ``tokens["1"]``)."""
    seats = [{"type": "human", "name": "A"}, {"type": "human", "open": True}]
    body = {"game": game, "seed": seed, "seats": seats, "clock": CLOCK, "rated": rated}
    r = creator.post("/api/tables", json=body, headers=_csrf(creator))
    assert r.status_code == 201, r.text
    table: dict[str, Any] = r.json()
    joined = taker.post(f"/api/tables/{table['id']}/join", json={"seat": 1}, headers=_csrf(taker))
    assert joined.status_code == 200, joined.text
    table["tokens"]["1"] = joined.json()["token"]
    return table


def _resign(client: TestClient | Browser, table: dict[str, Any], seat: int) -> None:
    r = client.post(f"/api/tables/{table['id']}/resign", json={"seat": seat}, headers=_auth(table["tokens"][str(seat)]))
    assert r.status_code == 200, r.text


def _ratings(store: Store) -> dict[tuple[int, str], tuple[float, float, float, int]]:
    with store.session() as s:
        return {(r.account_id, r.pool): (r.rating, r.deviation, r.volatility, r.games) for r in s.query(RatingRow)}


def _changes(store: Store) -> list[tuple[str, int]]:
    with store.session() as s:
        return sorted((c.table_id, c.account_id) for c in s.query(RatingChangeRow))


@pytest.fixture
def second(client: TestClient) -> Browser:
    return Browser(client)


def test_a_rated_table_is_refused_when_it_could_not_count(client: TestClient) -> None:
    seats = [{"type": "human"}, {"type": "human", "open": True}]
    body: dict[str, Any] = {"game": "nile", "seats": seats, "clock": CLOCK, "rated": True}
    r = client.post("/api/tables", json=body)  # a guest
    assert (r.status_code, r.json()["error"]) == (422, "not_rated") and "sign in" in r.json()["message"]
    _sign_up(client, "Imhotep")
    for change, why in (
        ({"clock": None}, "needs a clock"),
        ({"clock": {"mode": "none"}}, "needs a clock"),
        ({"seats": [{"type": "human"}, {"type": "agent", "agent": "random"}]}, "no computer seat"),
        ({"hints": True}, "no hints"),
        ({"game": "ankh", "options": {"players": 6}, "seats": [{"type": "human"}] * 6}, None),
    ):
        r = client.post("/api/tables", json={**body, **change}, headers=_csrf(client))
        assert r.status_code == 422, (change, r.text)
        if why is not None:
            assert r.json()["error"] == "not_rated" and why in r.json()["message"], r.text
    assert client.post("/api/tables", json=body, headers=_csrf(client)).status_code == 201


def test_a_resignation_rates_the_game_once_as_the_library_does_even_after_a_restart(db: str, fake: FakeTime) -> None:
    with _app_client(db, fake) as client:
        second = Browser(client)
        _sign_up(client, "Khufu")
        _sign_up(second, "Khafre")
        table = _rated_table(client, second)
        _resign(second, table, 1)
        again = client.post(f"/api/tables/{table['id']}/resign", json={"seat": 0}, headers=_auth(table["tokens"]["0"]))
        assert again.status_code == 409
    store = Store(db)  # the server is gone: a new process opens the database
    expected = rate_game([new_rating("nile"), new_rating("nile")], [1.0, 0.0])
    got = _ratings(store)
    for account, want in zip((1, 2), expected, strict=True):
        assert got[(account, "nile")] == pytest.approx((want.rating, want.deviation, want.volatility, 1))
    assert got[(1, "nile")][0] > 1500 > got[(2, "nile")][0]
    with _app_client(db, fake) as client:  # restarted: nothing rated again
        assert client.get(f"/api/tables/{table['id']}/view").json()["ending"]["how"] == "resigned"
    assert _changes(Store(db)) == [(table["id"], 1), (table["id"], 2)]
    assert _ratings(Store(db)) == got


def test_a_seeded_series_gives_the_librarys_ratings_in_order(client: TestClient, second: Browser, db: str) -> None:
    _sign_up(client, "Sneferu")
    _sign_up(second, "Djoser")
    # Resignations and games played to their end by the rules, in turn (seeded)
    expected = [new_rating("nile"), new_rating("nile")]
    for n, how in enumerate(("resign1", "rules", "resign0", "rules")):
        table = _rated_table(client, second, seed=11 + n)
        if how.startswith("resign"):
            _resign(client if how == "resign0" else second, table, int(how[-1]))
            result = [-1.0, 1.0] if how == "resign0" else [1.0, -1.0]
        else:
            result = _alternate(client, table)["result"]
        expected = rate_game(expected, scores_of(result))
    got = _ratings(Store(db))
    for account, want in zip((1, 2), expected, strict=True):
        assert got[(account, "nile")] == pytest.approx((want.rating, want.deviation, want.volatility, 4))


def _alternate(client: TestClient, table: dict[str, Any]) -> dict[str, Any]:
    """Both seats play their first legal action until the game ends; the final view."""
    for _ in range(5000):
        view = client.get(f"/api/tables/{table['id']}/view").json()
        if view["finished"]:
            return view  # type: ignore[no-any-return]
        seat = view["to_move"]
        if seat is None:
            raise AssertionError(f"nobody to move: {view.get('choosing')}")
        r = client.post(
            f"/api/tables/{table['id']}/moves",
            json={"seat": seat, "version": view["version"], "index": 0},
            headers=_auth(table["tokens"][str(seat)]),
        )
        assert r.status_code == 200, r.text
    raise AssertionError("the game did not end")


def test_unrated_aborted_and_guest_games_change_no_rating(client: TestClient, second: Browser, db: str) -> None:
    _sign_up(client, "Menes")
    _sign_up(second, "Narmer")
    unrated = _rated_table(client, second, rated=False)
    _resign(second, unrated, 1)
    aborted = _rated_table(client, second)
    r = client.post(f"/api/tables/{aborted['id']}/abort", json={"seat": 0}, headers=_auth(aborted["tokens"]["0"]))
    assert r.status_code == 200 and r.json()["ending"]["how"] == "aborted"
    guest = Browser(client)  # a guest may not take the open seat of a rated table (it could not count)
    with pytest.raises(AssertionError, match="rated_account"):
        _rated_table(client, guest)
    assert _ratings(Store(db)) == {} and _changes(Store(db)) == []
    # a draw agreed counts: ½ each
    drawn = _rated_table(client, second)
    for seat, what, body in ((0, "offer", {"kind": "draw"}), (1, "answer", {"accept": True})):
        who = client if seat == 0 else second
        r = who.post(f"/api/tables/{drawn['id']}/{what}", json={"seat": seat, **body},
                     headers=_auth(drawn["tokens"][str(seat)]))  # fmt: skip
        assert r.status_code == 200, r.text
    expected = rate_game([new_rating("nile"), new_rating("nile")], [0.5, 0.5])
    assert _ratings(Store(db))[(1, "nile")][:2] == pytest.approx((expected[0].rating, expected[0].deviation))


def test_scores_of_a_result_are_shares_of_the_seats_beaten() -> None:
    assert scores_of([1.0, -1.0]) == [1.0, 0.0]
    assert scores_of([0.0, 0.0]) == [0.5, 0.5]
    assert scores_of([1.0, 1.0, -1.0]) == [0.75, 0.75, 0.0]
    ranks = rate_game([new_rating("ankh-3-5")] * 3, scores_of([1.0, 1.0, -1.0]))
    assert ranks[0].rating == ranks[1].rating > ranks[2].rating
    assert isinstance(ranks[0], Rating)


def test_the_profile_shows_the_rated_game_its_replay_and_the_new_rating(client: TestClient, second: Browser) -> None:
    _sign_up(client, "Amenhotep")
    _sign_up(second, "Tiye")
    table = _rated_table(client, second)
    _resign(second, table, 1)
    casual = _rated_table(client, second, rated=False)
    _resign(client, casual, 0)
    profile = second.get("/api/players/amenhotep").json()  # any case; anyone may read it
    assert profile["name"] == "Amenhotep"
    [nile] = profile["ratings"]
    assert nile["pool"] == "nile" and nile["games"] == 1 and nile["rating"] > 1500 and nile["provisional"]
    assert nile["text"] == f"{nile['rating']}?"
    [change] = profile["history"]
    assert (change["table"], change["before"], change["after"]) == (table["id"], 1500, nile["rating"])
    games = {g["id"]: g for g in profile["games"]}
    assert set(games) == {table["id"], casual["id"]}
    rated = games[table["id"]]
    assert rated["rated"] and rated["my_seats"] == [0] and rated["ending"]["how"] == "resigned"
    assert rated["replay"] == f"/table/{table['id']}#watch&replay" and rated["reviews"] == []
    assert rated["rating_change"]["after"] == nile["rating"]
    assert [s["player"] for s in rated["seats"]] == ["Amenhotep", "Tiye"]  # the page links them
    assert not games[casual["id"]]["rated"] and games[casual["id"]]["rating_change"] is None
    loser = client.get("/api/players/Tiye").json()
    assert loser["ratings"][0]["rating"] < 1500 and loser["history"][0]["after"] < 1500
    missing = client.get("/api/players/Nobody")
    assert (missing.status_code, missing.json()["error"]) == (404, "no_player")
    assert client.get("/player/Tiye").status_code == 200


def test_a_finished_rated_game_tells_each_seat_its_rating_change(client: TestClient, second: Browser) -> None:
    _sign_up(client, "Hatshepsut")
    _sign_up(second, "Senenmut")
    table = _rated_table(client, second)
    assert client.get(f"/api/tables/{table['id']}/ratings").json()["changes"] == []  # running: none yet
    _resign(second, table, 1)
    changes = second.get(f"/api/tables/{table['id']}/ratings").json()["changes"]  # public, as profiles are
    assert [c["seat"] for c in changes] == [0, 1]
    assert changes[0]["before"] == changes[1]["before"] == 1500
    assert changes[0]["after"] > 1500 > changes[1]["after"]
    winner = client.get("/api/players/Hatshepsut").json()
    assert changes[0]["after"] == winner["ratings"][0]["rating"]
    casual = _rated_table(client, second, rated=False)
    _resign(client, casual, 0)
    assert client.get(f"/api/tables/{casual['id']}/ratings").json()["changes"] == []  # not rated


def test_migration_0014_goes_down_and_up_with_games_and_a_rated_table_in_it(db: str, fake: FakeTime) -> None:
    with _app_client(db, fake) as client:
        second = Browser(client)
        _sign_up(client, "Seti")
        _sign_up(second, "Ramesses")
        table = _rated_table(client, second)
        playing = _rated_table(client, second, seed=9)
    store = Store(db)
    config = Config()
    config.set_main_option("script_location", str(Path(server_db.__file__).parent.parent / "migrations"))
    with store.engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "0012_endings")
    assert not {"ratings", "rating_changes"} & set(inspect(store.engine).get_table_names())
    assert "rated" not in {c["name"] for c in inspect(store.engine).get_columns("tables")}
    store.engine.dispose()
    with _app_client(db, fake) as client:  # upgraded again at start: the tables are unrated
        second = Browser(client)
        for browser, name in ((client, "Seti"), (second, "Ramesses")):
            assert browser.post("/api/account/signin", json={"name": name, "password": PASSWORD}).status_code == 200
        _resign(second, table, 1)
        assert client.get(f"/api/tables/{playing['id']}/view").json()["finished"] is False
        fresh = _rated_table(client, second, seed=10)
        _resign(second, fresh, 1)
    assert _changes(Store(db)) == [(fresh["id"], 1), (fresh["id"], 2)]


def test_the_lobby_says_a_table_is_rated_and_its_rematch_is_rated_too(
    client: TestClient, second: Browser, db: str
) -> None:
    _sign_up(client, "Ahmose")
    _sign_up(second, "Nefertari")
    table = _rated_table(client, second)
    casual = _rated_table(client, second, rated=False)
    listed = {t["id"]: t for t in client.get("/api/tables", params={"ids": f"{table['id']},{casual['id']}"}).json()}
    assert listed[table["id"]]["rated"] is True and listed[casual["id"]]["rated"] is False
    _resign(second, table, 1)
    offered = client.post(f"/api/tables/{table['id']}/rematch", json={"seat": 0}, headers=_auth(table["tokens"]["0"]))
    assert offered.status_code == 201, offered.text
    rematch_id = offered.json()["table"]["id"]
    accepted = second.post(
        f"/api/tables/{table['id']}/rematch/accept", json={"seat": 1}, headers=_auth(table["tokens"]["1"])
    )
    assert accepted.status_code == 200, accepted.text
    rematch = {"id": rematch_id, "tokens": {str(offered.json()["seat"]): offered.json()["token"],
                                            str(accepted.json()["seat"]): accepted.json()["token"]}}  # fmt: skip
    assert offered.json()["table"]["rated"] is True
    _resign(client, rematch, int(offered.json()["seat"]))
    assert _changes(Store(db)) == sorted([(table["id"], 1), (table["id"], 2), (rematch_id, 1), (rematch_id, 2)])
    finished = {t["id"]: t for t in client.get("/api/tables", params={"status": "finished"}).json()}
    assert finished[rematch_id]["rated"] is True


def test_a_rated_game_lost_on_time_is_rated_as_a_loss(
    client: TestClient, second: Browser, fake: FakeTime, db: str
) -> None:
    _sign_up(client, "Thutmose")
    _sign_up(second, "Hatshepsut")
    seats = [{"type": "human", "name": "A"}, {"type": "human", "open": True}]
    body = {"game": "nile", "seed": 5, "seats": seats, "clock": {**CLOCK, "on_timeout": "out"}, "rated": True}
    table = client.post("/api/tables", json=body, headers=_csrf(client)).json()
    table["tokens"]["1"] = second.post(
        f"/api/tables/{table['id']}/join", json={"seat": 1}, headers=_csrf(second)
    ).json()["token"]
    first = client.get(f"/api/tables/{table['id']}/view").json()["to_move"]
    fake.t += 599
    other = 1 - first
    seen = client.get(
        f"/api/tables/{table['id']}/view", params={"seat": other}, headers=_auth(table["tokens"][str(other)])
    )
    assert seen.status_code == 200  # the other player is there: the game is not adjourned
    fake.t += 2
    manager = client.app.state.manager  # type: ignore[attr-defined]
    client.portal.call(manager.clocks.check)  # type: ignore[union-attr]
    assert client.get(f"/api/tables/{table['id']}/view").json()["ending"] == {"how": "time", "seats": [first]}
    got = _ratings(Store(db))
    loser, winner = (1, 2) if first == 0 else (2, 1)
    assert got[(winner, "nile")][0] > 1500 > got[(loser, "nile")][0]


def test_a_rated_ankh_game_of_three_is_rated_by_weng_lin(client: TestClient, db: str) -> None:
    players = [client, Browser(client), Browser(client)]
    for browser, name in zip(players, ("Khnum", "Satet", "Anuket"), strict=True):
        _sign_up(browser, name)
    seats = [{"type": "human", "name": "A"}, {"type": "human", "open": True}, {"type": "human", "open": True}]
    body = {"game": "ankh", "options": {"players": 3}, "seed": 2, "seats": seats, "clock": CLOCK, "rated": True}
    r = client.post("/api/tables", json=body, headers=_csrf(client))
    assert r.status_code == 201, r.text
    table = r.json()
    for seat in (1, 2):
        joined = players[seat].post(
            f"/api/tables/{table['id']}/join", json={"seat": seat}, headers=_csrf(players[seat])
        )
        table["tokens"][str(seat)] = joined.json()["token"]
    _resign(players[2], table, 2)
    # The others play on (netjer.server.retired_seats): nothing is rated yet.
    assert _ratings(Store(db)) == {}
    _resign(players[1], table, 1)  # seat 0 alone plays on: it wins, both resigners lose
    expected = rate_game([new_rating("ankh-3-5")] * 3, scores_of([1.0, -1.0, -1.0]))
    got = _ratings(Store(db))
    for account, want in zip((1, 2, 3), expected, strict=True):
        assert got[(account, "ankh-3-5")] == pytest.approx((want.rating, want.deviation, 0.0, 1))
    profile = client.get("/api/players/Anuket").json()
    assert profile["ratings"][0]["pool"] == "ankh-3-5" and profile["ratings"][0]["rating"] < 1500


@pytest.mark.slow
def test_on_postgresql_two_rated_games_ending_at_once_both_count() -> None:
    """Two games of the same players finished at the same moment in two transactions: the
    ratings rows are locked, so neither rating update is lost (games 2, and the figures of
    ``rate_game`` applied in one order or the other)."""
    from tests.server.test_postgres import _install  # noqa: PLC0415

    pytest.importorskip("psycopg")
    from netjer.server.process import temporary_postgres  # noqa: PLC0415

    bindir = _install()
    if bindir is None:
        pytest.skip("PostgreSQL is not installed and could not be installed with apt-get")
    with temporary_postgres(bindir) as url:
        with TestClient(create_app(url, ai_workers=0)) as client:
            second = Browser(client)
            _sign_up(client, "Sobek")
            _sign_up(second, "Renenutet")
            tables = [_rated_table(client, second, seed=s) for s in (1, 2)]
        stores = [Store(url), Store(url)]
        results = ([1.0, -1.0], [-1.0, 1.0])
        barrier = threading.Barrier(2)

        def finish(i: int) -> None:
            barrier.wait()
            stores[i].add_event(tables[i]["id"], 0, "ending", None, "resigns", None, results[i],
                                ending={"how": "resigned", "seats": [1 - i]})  # fmt: skip

        workers = [threading.Thread(target=finish, args=(i,)) for i in (0, 1)]
        for w in workers:
            w.start()
        for w in workers:
            w.join()
        got = _ratings(stores[0])
        start = [new_rating("nile"), new_rating("nile")]
        orders = []
        for first, then in ((0, 1), (1, 0)):
            after = rate_game(rate_game(start, scores_of(results[first])), scores_of(results[then]))
            orders.append([x for r in after for x in (r.rating, r.deviation, r.volatility, r.games)])
        mine = [*got[(1, "nile")], *got[(2, "nile")]]
        assert mine[3] == mine[7] == 2  # neither game's update was lost
        assert any(mine == pytest.approx(order) for order in orders), (mine, orders)
        for store in stores:
            store.engine.dispose()


def _ankh_rated(creator: TestClient | Browser, seats: list[dict[str, Any]], clock: dict[str, Any]) -> Any:
    body = {"game": "ankh", "options": {"players": len(seats)}, "seed": 3, "seats": seats, "clock": clock,
            "rated": True}  # fmt: skip
    return creator.post("/api/tables", json=body, headers=_csrf(creator))


def test_a_rated_table_admits_signed_in_players_one_seat_each_and_says_why(client: TestClient) -> None:
    """A guest or a second seat of one account would make a rated game unrated when it ends:
    they are refused with the reason instead (netjer.server.rated_tables)."""
    _sign_up(client, "Ahmose")
    open_seat = {"type": "human", "open": True}
    two_own = _ankh_rated(client, [{"type": "human"}, {"type": "human"}, open_seat], CLOCK)
    assert (two_own.status_code, two_own.json()["error"]) == (422, "not_rated")
    assert "one seat" in two_own.json()["message"]
    stand_in = _ankh_rated(client, [{"type": "human"}, open_seat, open_seat], {**CLOCK, "on_timeout": "computer"})
    assert stand_in.status_code == 422 and "whose time runs out" in stand_in.json()["message"]
    # on_timeout left out: the rated table's seat whose time runs out is out
    r = _ankh_rated(client, [{"type": "human"}, open_seat, {"type": "human", "invite": True}], CLOCK)
    assert r.status_code == 201, r.text
    table = r.json()
    assert table["table"]["clock"]["on_timeout"] == "out" and table["table"]["rated"] is True
    again = client.post(f"/api/tables/{table['id']}/join", json={"seat": 1}, headers=_csrf(client))
    assert (again.status_code, again.json()["error"]) == (409, "one_seat")
    assert "one seat per player" in again.json()["message"]
    guest = Browser(client)
    refused = guest.post(f"/api/tables/{table['id']}/join", json={"seat": 1}, headers=_csrf(guest))
    assert (refused.status_code, refused.json()["error"]) == (403, "rated_account")
    assert "sign in to take a seat" in refused.json()["message"]
    link = table["invitations"]["2"]
    code = link.split("code=")[1]
    claimed = guest.post(f"/api/tables/{table['id']}/claim", json={"seat": 2, "code": code}, headers=_csrf(guest))
    assert (claimed.status_code, claimed.json()["error"]) == (403, "rated_account")
    # a signed-in player takes the open seat, another the invitation: the table fills
    _sign_up(guest, "Nefertari")
    assert guest.post(f"/api/tables/{table['id']}/join", json={"seat": 1}, headers=_csrf(guest)).status_code == 200
    third = Browser(client)
    _sign_up(third, "Tiye")
    taken = third.post(f"/api/tables/{table['id']}/claim", json={"seat": 2, "code": code}, headers=_csrf(third))
    assert taken.status_code == 200, taken.text
    # an unrated table still seats guests and one account twice
    casual = client.post("/api/tables", json={"game": "nile", "seats": [{"type": "human"}, open_seat]},
                         headers=_csrf(client))  # fmt: skip
    assert Browser(client).post(f"/api/tables/{casual.json()['id']}/join", json={"seat": 1}).status_code == 200
