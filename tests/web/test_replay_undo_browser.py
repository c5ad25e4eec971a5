"""The replay viewer in Chromium shows an undo as its own step, in English and in a Spanish browser."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from tests.web.test_browser import api

MAX_ACTIONS = 400


def _post(server: str, path: str, token: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(
        f"{server}{path}",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def _get(server: str, path: str, token: str) -> Any:
    request = urllib.request.Request(f"{server}{path}", headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def _table_with_an_undo(server: str) -> tuple[str, str]:
    """A finished Nile game (the replay viewer is for finished games) where Seth first placed a
    token face down, took it back, and placed another; then both seats play their first legal
    action until the end."""
    created = api(server, "/api/tables", {"game": "nile", "seed": 3, "seats": [{"type": "human"}, {"type": "human"}]})
    table, tokens = created["id"], created["tokens"]
    view = _post(
        server, f"/api/tables/{table}/moves", tokens["0"], {"seat": 0, "version": 0, "action": "place 1 a1 down"}
    )
    view = _post(server, f"/api/tables/{table}/undo", tokens["0"], {"seat": 0, "version": view["version"]})
    view = _post(
        server,
        f"/api/tables/{table}/moves",
        tokens["0"],
        {"seat": 0, "version": view["version"], "action": "place 1 c1 down"},
    )
    for _ in range(MAX_ACTIONS):
        if view["finished"]:
            break
        seat = view["to_move"]
        view = _get(server, f"/api/tables/{table}/view?seat={seat}", tokens[str(seat)])  # its legal actions
        attack = [a["text"] for a in view["legal"] if a["text"].startswith("attack")]
        action = attack[0] if attack else view["legal"][0]["text"]  # attacks first: a short game
        body = {"seat": seat, "version": view["version"], "action": action}
        view = _post(server, f"/api/tables/{table}/moves", tokens[str(seat)], body)
    assert view["finished"]
    return table, tokens["0"]


def _open_replay(page: Any, server: str, table: str, token: str) -> None:
    page.goto(f"{server}/table/{table}#seat=0&token={token}&replay")
    page.wait_for_selector("body[data-mode=replay]", state="attached")
    page.wait_for_selector("#replay-steps li")


def test_the_replay_lists_the_undo_as_a_step(server: str, page: Any) -> None:
    table, token = _table_with_an_undo(server)
    _open_replay(page, server, table, token)
    steps = page.locator("#replay-steps li")
    assert steps.count() > 3 and page.locator("#replay-steps li[data-undo=yes]").count() == 1
    assert steps.nth(1).get_attribute("data-undo") == "yes"
    assert steps.nth(1).inner_text().endswith("Taken back: Seth places a 1 face down on a1.")
    page.click("#replay-steps a[data-step='2']")
    assert page.locator("#replay-action").inner_text() == "2. Taken back: Seth places a 1 face down on a1."
    assert "undo" in (page.locator("#replay-action").get_attribute("class") or "")
    assert page.locator("#board-area .square[data-square=a1]").get_attribute("data-occupied") == "no"
    page.click("#replay-next")
    assert page.locator("#board-area .square[data-square=c1]").get_attribute("data-occupied") == "yes"


def test_the_replay_in_spanish(server: str, browser: Any) -> None:
    table, token = _table_with_an_undo(server)
    ctx = browser.new_context(locale="es-ES")
    try:
        page = ctx.new_page()
        _open_replay(page, server, table, token)
        assert page.locator("#replay-steps li").nth(1).inner_text() == "Deshecho: Seth coloca un 1 boca abajo en a1."
        assert page.locator("#replay-action").inner_text() == "El comienzo de la partida."
    finally:
        ctx.close()
