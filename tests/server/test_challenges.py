"""Open challenges (issue 31 item 5): the lobby's open seats as a club player's challenge list,
with the creator's rating in the table's pool, filtered by game and rated, sorted; taking one
fills the table and starts its clocks; a blocked player is neither offered a blocker's
challenge nor let in by a direct join."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.server.browsers import Browser
from tests.server.test_accounts import _csrf, _sign_up
from tests.server.test_rated_games import CLOCK, _rated_table, _resign


def _challenge(creator: TestClient | Browser, game: str = "nile", rated: bool = True, seed: int = 3) -> str:
    """An open challenge of ``creator``: seat 0 theirs, seat 1 open; its table id."""
    seats = [{"type": "human", "name": "Me"}, {"type": "human", "open": True}]
    body: dict[str, Any] = {"game": game, "seed": seed, "seats": seats, "clock": CLOCK, "rated": rated}
    r = creator.post("/api/tables", json=body, headers=_csrf(creator))
    assert r.status_code == 201, r.text
    return str(r.json()["id"])


def _ids(client: TestClient, **params: str) -> list[str]:
    r = client.get("/api/challenges", params=params)
    assert r.status_code == 200, r.text
    return [c["id"] for c in r.json()]


def test_the_challenges_show_the_creators_rating_and_filter_and_sort(client: TestClient) -> None:
    seti, ramesses, guest = client, Browser(client), Browser(client)
    _sign_up(seti, "Seti")
    _sign_up(ramesses, "Ramesses")
    _resign(ramesses, _rated_table(seti, ramesses), 1)  # Seti won a rated Nile game: above 1500
    of_ramesses = _challenge(ramesses, seed=4)  # Ramesses, now under 1500, created first
    of_seti = _challenge(seti, seed=5)
    casual = _challenge(guest, game="aton", rated=False)
    profile = {p["name"]: p for p in (client.get(f"/api/players/{n}").json() for n in ("Seti", "Ramesses"))}
    listed = {c["id"]: c for c in client.get("/api/challenges").json()}
    assert set(listed) == {of_ramesses, of_seti, casual}
    seti_rating = profile["Seti"]["ratings"][0]["rating"]
    assert seti_rating > 1500 > profile["Ramesses"]["ratings"][0]["rating"]
    mine = listed[of_seti]
    assert mine["creator"]["name"] == "Seti" and mine["creator"]["rating"] == seti_rating
    assert mine["rated"] is True and mine["pool"] == "nile" and mine["players"] == 2 and mine["open"] == 1
    assert mine["clock"]["mode"] == "realtime" and (mine["clock"]["bank"], mine["clock"]["increment"]) == (600, 0)
    assert [s["open"] for s in mine["seats"]] == [False, True] and mine["seats"][0]["player"] == "Seti"
    assert listed[casual]["creator"] is None and listed[casual]["rated"] is False and listed[casual]["pool"] == "aton"
    fresh = Browser(client)
    _sign_up(fresh, "Horemheb")
    newcomer = _challenge(fresh, seed=6)  # no rated Nile game yet: the start, provisional
    listed = {c["id"]: c for c in client.get("/api/challenges").json()}
    assert listed[newcomer]["creator"] == {"name": "Horemheb", "rating": 1500, "provisional": True, "text": "1500?"}
    by_rating = [c["id"] for c in client.get("/api/challenges", params={"sort": "rating"}).json()]
    assert by_rating == [of_seti, newcomer, of_ramesses, casual]  # strongest creator first, a guest's last
    assert [c["id"] for c in client.get("/api/challenges").json()] == [
        newcomer,
        casual,
        of_seti,
        of_ramesses,
    ]  # newest first
    assert [c["id"] for c in client.get("/api/challenges", params={"game": "aton"}).json()] == [casual]
    assert {c["id"] for c in client.get("/api/challenges", params={"rated": "true"}).json()} == {
        of_ramesses,
        of_seti,
        newcomer,
    }
    assert [c["id"] for c in client.get("/api/challenges", params={"rated": "false"}).json()] == [casual]
    r = client.get("/api/challenges", params={"game": "chess"})
    assert r.status_code == 422 and r.json()["error"] == "no_game"
    assert client.get("/api/challenges", params={"sort": "age"}).status_code == 422


def test_taking_a_challenge_fills_the_table_and_starts_its_clock(client: TestClient) -> None:
    creator, taker = client, Browser(client)
    _sign_up(creator, "Ahmose")
    _sign_up(taker, "Nefertari")
    table = _challenge(creator)
    assert client.get(f"/api/tables/{table}/view").json()["clock"]["running"] is None
    r = taker.post(f"/api/tables/{table}/join", json={"seat": 1}, headers=_csrf(taker))
    assert r.status_code == 200, r.text
    assert table not in {c["id"] for c in client.get("/api/challenges").json()}
    assert client.get(f"/api/tables/{table}/view").json()["clock"]["running"] == 0  # the game is on


def test_a_blocked_player_is_not_offered_a_blockers_challenge_and_cannot_take_it(client: TestClient) -> None:
    blocker, blocked, other = client, Browser(client), Browser(client)
    _sign_up(blocker, "Hatshepsut")
    _sign_up(blocked, "Senenmut")
    _sign_up(other, "Thutmose")
    r = blocker.request("PUT", "/api/account/marks/block", json={"name": "Senenmut"}, headers=_csrf(blocker))
    assert r.status_code == 200, r.text
    theirs = _challenge(blocker)
    # a three-seat Ankh table another player created, where the blocker has taken a seat
    seats = [{"type": "human", "name": "T"}, {"type": "human", "open": True}, {"type": "human", "open": True}]
    body = {"game": "ankh", "seed": 1, "seats": seats, "options": {"players": 3}}
    joined_by_blocker = other.post("/api/tables", json=body, headers=_csrf(other)).json()["id"]
    assert (
        blocker.post(f"/api/tables/{joined_by_blocker}/join", json={"seat": 1}, headers=_csrf(blocker)).status_code
        == 200
    )
    free = _challenge(other, seed=8)
    assert {c["id"] for c in blocked.get("/api/challenges").json()} == {free}
    assert {c["id"] for c in other.get("/api/challenges").json()} == {theirs, joined_by_blocker, free}
    for table, seat in ((theirs, 1), (joined_by_blocker, 2)):  # the rule is the join's, not the list's
        r = blocked.post(f"/api/tables/{table}/join", json={"seat": seat}, headers=_csrf(blocked))
        assert r.status_code == 403 and r.json()["error"] == "blocked", r.text
