"""Tables brought to mid-play through the REST API, for the browser tests and the screenshots.

Seat 0 is a person whose decisions are taken here (a seeded random legal action, the notation
sent to ``POST /api/tables/<id>/moves``); the other seats are the server's random computer players.
And the view of an engine's position, for a page to draw without a table (:func:`view_of`)."""

from __future__ import annotations

import json
import random
import time
import urllib.error
import urllib.request
from typing import Any

#: Each game's options and the number of seat 0's decisions that bring it to mid-play.
GAMES: dict[str, tuple[dict[str, Any], int]] = {
    "aton": ({}, 14),
    "nile": ({}, 9),
    "ankh": ({"players": 3}, 12),
}


def call(server: str, path: str, body: dict[str, Any] | None = None, token: str | None = None) -> Any:
    """One JSON request; a 4xx answer's body is returned as it is (it says why)."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"{server}{path}", data=data, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=20) as response:
            return json.loads(response.read())
    except urllib.error.HTTPError as err:
        return json.loads(err.read())


def my_view(server: str, table: dict[str, Any], seat: int = 0, wait: float = 20.0) -> dict[str, Any]:
    """Seat ``seat``'s view once it is that seat's turn (or the game is over): the computer
    players answer in the server's own time, so this asks again until then."""
    token = table["tokens"][str(seat)]
    deadline = time.monotonic() + wait
    while True:
        view: dict[str, Any] = call(server, f"/api/tables/{table['id']}/view?seat={seat}", token=token)
        choosing = view.get("choosing") or ([view["to_move"]] if view.get("to_move") is not None else [])
        if view["finished"] or (seat in choosing and view["legal"]):
            return view
        if time.monotonic() > deadline:
            raise TimeoutError(f"seat {seat} never got the turn: {view.get('to_move')}")
        time.sleep(0.1)


def table_in_play(server: str, game: str, seed: int = 3, decisions: int | None = None) -> dict[str, Any]:
    """A new table of ``game`` (seat 0 a person, the others random computer players) after
    ``decisions`` of seat 0's decisions (GAMES' default), seat 0 to act again; returns the
    create answer ({"id", "tokens", "links", ...})."""
    options, default = GAMES[game]
    players = int(options.get("players", 2))
    seats = [{"type": "human"}] + [{"type": "agent", "agent": "random"}] * (players - 1)
    table: dict[str, Any] = call(
        server, "/api/tables", {"game": game, "seed": seed, "options": options, "seats": seats}
    )
    rng = random.Random(seed)
    for _ in range(default if decisions is None else decisions):
        view = my_view(server, table)
        if view["finished"]:
            break
        action = rng.choice(view["legal"])
        body = {"seat": 0, "version": view["version"], "index": action["index"], "step": view.get("step")}
        call(server, f"/api/tables/{table['id']}/moves", body, token=table["tokens"]["0"])
    my_view(server, table)
    return table


def view_of(obs: dict[str, Any], legal: list[str]) -> dict[str, Any]:
    """The view of a position as the server sends it to a seat's page (what ``ankh.js``'s
    ``render`` draws): the seat's observation, its legal actions as numbered notation, and the
    seats labelled "Player 1", "Player 2"...

    Args:
        obs: the seat's observation (``State.observation``).
        legal: the notation of its legal actions, in the order the page numbers them.
    """
    return {
        "observation": obs,
        "legal": [{"index": i, "text": t} for i, t in enumerate(legal)],
        "seats": [{"seat": s, "label": f"Player {s + 1}"} for s in range(obs["players"])],
    }
