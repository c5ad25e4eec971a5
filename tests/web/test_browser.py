"""The web table in a real browser: lobby, Aton to the end by clicking, Dioses del Nilo's
placement and attack, hot-seat covers, reconnecting, errors, replay, narrow windows."""

from __future__ import annotations

import json
import random
import re
import urllib.request
from pathlib import Path
from typing import Any

from tests.web.conftest import free_port, kill_server, start_server, stop_server

TURN = "body[data-my-turn=yes], body[data-finished=yes]"


def api(server: str, path: str, body: dict[str, Any] | None = None) -> Any:
    """Call the server's JSON API (tests that do not exercise the lobby create tables here)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"{server}{path}", data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def version(page: Any) -> str:
    v: str = page.evaluate("document.body.dataset.version || ''")
    return v


def wait_turn(page: Any) -> None:
    page.wait_for_selector(TURN, state="attached")


def wait_for_rules(page: Any, game: str) -> None:
    """Wait until the table page has ``game``'s rules texts and has drawn itself again with them.

    table.js asks for them on its first drawing and draws the table anew when they arrive
    (the actions' meanings in the page's language): an element focused before that may be
    replaced, so that its term tip never shows or a key pressed then goes nowhere.  Awaiting
    the page's own promise of the texts (rules.js keeps one per game, and the dynamic import
    is the page's module) returns after that redrawing, which was chained to it first."""
    page.evaluate("async (game) => { await (await import('/static/rules.js')).loadRules(game); }", game)


def click_move(page: Any, target: Any) -> None:
    """Click something that plays a move, and wait until the server's answer is drawn."""
    before = version(page)
    target.click()
    page.wait_for_function(
        "v => document.body.dataset.version !== v || document.querySelector('[data-error]')", arg=before
    )


def legal_actions(page: Any) -> list[str]:
    actions: list[str] = page.locator("#legal button[data-action]").evaluate_all(
        "els => els.map(e => e.dataset.action)"
    )
    return actions


def hand_values(page: Any, seat: int) -> list[str | None]:
    values: list[str | None] = page.locator(f"[data-hand^='{seat}-']").evaluate_all(
        "els => els.map(e => e.dataset.value || null)"
    )
    return values


def test_lobby_creates_tables_with_links_and_open_seats(server: str, page: Any, shots: Path) -> None:
    page.goto(f"{server}/")
    page.wait_for_selector("body[data-ready=yes]")
    # options come from each game's JSON Schema: enums are selects, booleans checkboxes
    assert page.locator("#opt-equal_40_tie option").evaluate_all("os => os.map(o => o.value)") == ["draw", "continue"]
    page.select_option("#game", "nile")
    assert page.locator("#opt-blocking").get_attribute("type") == "checkbox"
    assert page.locator("#opt-values").evaluate("e => e.tagName") == "SELECT"
    assert page.locator("[data-seat-kind]").count() == 2
    page.select_option("#game", "aton")
    # a level per computer seat, each shown with its rating; the agent specification is advanced
    levels = page.locator("#seat-1-kind option").evaluate_all("os => os.map(o => o.value)")
    assert levels == ["human", "invite", "open", "beginner", "casual", "strong", "strongest", "advanced"]
    # in words against the reference level, the interval on hover; a swept pairing only as a bound
    strong = page.locator('#seat-1-kind option[value="strong"]')
    assert re.search(r"\(about \d+ points stronger than Casual\)$", strong.inner_text())
    assert re.search(r"^Elo \+\d+: 95% .* between \+\d+ and \+\d+", strong.get_attribute("title") or "")
    beginner = page.locator('#seat-1-kind option[value="beginner"]')
    assert re.search(r"\(at least \d+ points weaker than Casual\)$", beginner.inner_text())
    assert "Wilson 95%" in (beginner.get_attribute("title") or "")
    assert page.locator("#seat-1-kind").input_value() == "casual"  # the heuristic's level, by default
    assert not page.locator("#seat-1-agent").is_visible()
    page.select_option("#game", "ankh")
    assert page.locator("#seat-1-kind").input_value() == "strong"  # Ankh's heuristic level
    page.select_option("#seat-1-kind", "advanced")
    assert page.locator("#seat-1-agent").is_visible()
    page.fill("#seat-1-agent", "ismcts:iterations=10")
    page.locator("#opt-players").evaluate("e => { e.value = '4'; e.dispatchEvent(new Event('change')); }")
    assert page.locator("[data-seat-kind]").count() == 4
    # the rows are drawn anew for the 4-player levels' ratings, the choices kept
    assert page.locator("#seat-1-kind").input_value() == "advanced"
    assert page.locator("#seat-1-agent").input_value() == "ismcts:iterations=10"
    page.select_option("#game", "aton")
    page.select_option("#seat-1-kind", "human")
    page.fill("#seat-0-name", "Ann")
    page.fill("#seed", "11")
    page.click("#options-box summary")
    page.select_option("#opt-reveal", "all_at_once")
    page.click("#create")
    links = page.locator("#created input[data-link-seat]")
    links.first.wait_for()
    assert links.count() == 2
    urls = links.evaluate_all("els => els.map(e => e.value)")
    assert all(re.search(r"/table/[\w-]+#seat=\d&token=[\w-]+$", u) for u in urls)
    assert page.locator("#hotseat").is_visible()
    page.screenshot(path=str(shots / "lobby.png"), full_page=True)

    # a table with an open seat is listed, and joining it claims the seat
    page.select_option("#seat-1-kind", "open")
    page.click("#create")
    page.wait_for_function("document.querySelectorAll('#created input[data-link-seat]').length === 1")
    table_id = page.locator("#created").get_attribute("data-table")
    page.click("#refresh")
    join = page.locator(f'[data-join="{table_id}:1"]')
    join.wait_for()
    join.click()
    page.wait_for_url(re.compile(rf"/table/{table_id}#seat=1$"))
    page.wait_for_selector("body[data-shown='1']", state="attached")
    tables = api(server, "/api/tables?status=open")
    assert table_id not in [t["id"] for t in tables]
    options = api(server, f"/api/tables/{table_id}/view")["observation"]
    assert options["game"] == "aton"

    # a level's seat is named by its level, not by the specification it stores ("random")
    page.goto(f"{server}/")
    page.wait_for_selector("body[data-ready=yes]")
    page.select_option("#game", "aton")
    page.select_option("#seat-1-kind", "beginner")
    page.click("#create")
    page.locator("#created input[data-link-seat]").first.wait_for()
    assert "Computer, Beginner." in page.locator("#created").inner_text()


def _aton_target(page: Any, action: str) -> tuple[Any, str]:
    """Where a person clicks for ``action``: the board, the control bar, else the list."""
    for where, selector in (
        ("board", f'#board-area [data-action="{action}"]'),
        ("controls", f'#controls button[data-action="{action}"]'),
        ("list", f'#legal button[data-action="{action}"]'),
    ):
        found = page.locator(selector)
        if found.count():
            return found.first, where
    raise AssertionError(f"nothing to click for {action!r}")


def test_aton_against_the_heuristic_to_the_end_by_clicking(server: str, page: Any, shots: Path) -> None:
    page.goto(f"{server}/")
    page.wait_for_selector("body[data-ready=yes]")
    page.select_option("#seat-1-kind", "casual")  # Aton's casual level is the heuristic
    page.fill("#seed", "5")
    page.click("#create")
    page.click("#created a[data-play-seat='0']")
    page.wait_for_url(re.compile(r"#seat=0$"))  # the token left the address bar
    rng = random.Random(5)
    where_counts = {"board": 0, "controls": 0, "list": 0}
    screenshot_taken = False
    for _ in range(1500):
        wait_turn(page)
        if page.evaluate("document.body.dataset.finished") == "yes":
            break
        actions = legal_actions(page)
        assert actions, "my turn with no legal action shown"
        if not screenshot_taken and any(a.startswith("place") for a in actions) and int(version(page)) > 30:
            page.screenshot(path=str(shots / "aton.png"))
            screenshot_taken = True
        # Blue's hand is never drawn face up on Red's screen
        assert page.locator("[data-hand^='1-'][data-card=face]").count() == 0
        action = rng.choice(actions)
        target, where = _aton_target(page, action)
        where_counts[where] += 1
        click_move(page, target)
        assert page.locator("[data-error]").count() == 0, page.locator("#errors").inner_text()
    else:
        raise AssertionError("the game did not end")
    result = page.locator("#result")
    assert re.search(r"(Red|Blue) wins|Draw", result.inner_text())
    assert where_counts["list"] == 0, where_counts  # every Aton action has a place to click
    assert where_counts["board"] > 30, where_counts
    assert page.locator("#log li").count() > 20
    page.screenshot(path=str(shots / "aton-end.png"))

    # the replay viewer steps through the game as Red saw it
    page.click("#open-replay")
    page.wait_for_selector("body[data-mode=replay]", state="attached")
    assert page.locator("#replay-action").inner_text() == "The start of the game."
    page.click("#replay-next")
    assert page.locator("#replay-action").inner_text().startswith("1. Red")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.body.dataset.replayStep") == "3"
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.body.dataset.replayStep") == "2"
    page.click("#replay-steps a[data-step='20']")
    assert page.locator("#replay-action").inner_text().startswith("20. ")
    assert page.locator("#board-area svg [role=button]").count() == 0  # nothing to play in a replay
    page.screenshot(path=str(shots / "replay.png"))
    page.click("#replay-last")
    assert page.locator("#replay-next").is_disabled()
    page.click("#replay-close")
    page.wait_for_selector("body[data-mode=live]", state="attached")


def test_nile_placement_and_attack_by_clicking(server: str, page: Any, shots: Path) -> None:
    created = api(
        server,
        "/api/tables",
        {"game": "nile", "seed": 3, "seats": [{"type": "human"}, {"type": "agent", "agent": "random"}]},
    )
    page.goto(f"{server}{created['links']['0']}")
    wait_turn(page)
    assert page.locator("#status").inner_text().startswith("Round 1 · placement · Seth")
    # place the first hand token face up in the vanguard, in front of the central 2
    hand = page.locator("[data-hand-value]")
    first_value = hand.first.get_attribute("data-hand-value")
    hand.first.click()
    assert page.locator("[data-hand-value][data-selected=yes]").count() == 1
    targets = page.locator("#board-area [data-target=place]")
    assert targets.count() == 5  # a1, c1, a2, b2, c2 are empty in Seth's half
    click_move(page, page.locator("#board-area [data-square=b2][data-target=place]"))
    wait_turn(page)
    b2 = page.locator("#board-area .token[data-square=b2]")
    assert b2.get_attribute("data-value") == first_value and b2.get_attribute("data-face") == "up"
    # the second one face down in the rearguard: the page asks up or down
    page.locator("[data-hand-value]").first.click()
    page.locator("#board-area [data-square=a1][data-target=place]").click()
    assert page.locator("#controls").inner_text().startswith("Place the")
    click_move(page, page.locator("#controls button[data-action$=' a1 down']"))
    wait_turn(page)
    a1 = page.locator("#board-area .token[data-square=a1]")
    assert a1.get_attribute("data-face") == "down" and a1.get_attribute("data-value")  # Seth sees his own value
    # combat: select the soldier on b2 and attack Isis's rearguard b4 straight ahead
    assert "combat" in page.locator("#status").inner_text()
    page.locator("#board-area [data-square=b2][data-selectable=yes]").click()
    attack = page.locator("#board-area [data-square=b4][data-target=attack]")
    assert attack.count() == 1
    page.screenshot(path=str(shots / "nile.png"))
    click_move(page, attack)
    page.wait_for_function("[...document.querySelectorAll('#log li')].some(li => /attacks b4/.test(li.textContent))")
    log = page.locator("#log").inner_text()
    assert "Seth attacks b4 with the soldier on b2." in log


def test_hot_seat_covers_the_screen_and_hides_the_other_seat(server: str, page: Any, shots: Path) -> None:
    created = api(server, "/api/tables", {"game": "nile", "seed": 4, "seats": [{"type": "human"}, {"type": "human"}]})
    table = created["id"]
    # the lobby's hot-seat button: every token stored, then "#hotseat"
    page.goto(f"{server}/")
    page.evaluate(
        "([id, tokens]) => localStorage.setItem('netjer.tokens.' + id, JSON.stringify(tokens))",
        [table, created["tokens"]],
    )
    page.goto(f"{server}/table/{table}#hotseat")
    page.wait_for_selector("#cover-ready[data-cover-seat='0']")
    assert page.locator("#board-area").inner_html() == ""
    page.screenshot(path=str(shots / "hotseat-cover.png"))
    page.click("#cover-ready")
    wait_turn(page)
    assert page.evaluate("document.body.dataset.shown") == "0"
    # Seth puts a token face down in his rearguard: his view shows its value
    page.locator("[data-hand-value]").first.click()
    page.locator("#board-area [data-square=c1][data-target=place]").click()
    before = version(page)
    assert int(before) == 0
    page.locator("#controls button[data-action$=' c1 down']").click()
    # the cover comes up for Isis, and nothing of Seth's view is left on the page
    page.wait_for_selector("#cover-ready[data-cover-seat='1']")
    assert page.locator("#board-area *").count() == 0
    assert page.locator("#log li, #legal button, [data-value], [data-hand]").count() == 0
    assert page.locator("#cover").inner_text().startswith("Pass the screen to Isis")
    page.click("#cover-ready")
    wait_turn(page)
    assert page.evaluate("document.body.dataset.shown") == "1"
    c1 = page.locator("#board-area .token[data-square=c1]")
    assert c1.get_attribute("data-face") == "down"
    assert c1.get_attribute("data-value") is None  # Isis does not know its value
    assert (c1.text_content() or "").strip() in ("", "?")
    seth_hand = page.locator("[data-hand^='0-']")
    assert seth_hand.count() == 1 and seth_hand.get_attribute("data-value") is None
    assert "Seth places a token face down on c1." in page.locator("#log").inner_text()
    page.screenshot(path=str(shots / "nile-isis.png"))
    # Isis places; the cover asks for Seth again
    page.locator("[data-hand-value]").first.click()
    page.locator("#board-area [data-square=a3][data-target=place]").click()
    page.wait_for_selector("#cover-ready[data-cover-seat='0']")
    assert page.evaluate("document.body.dataset.latest") == "2"
    page.click("#cover-ready")
    wait_turn(page)
    assert page.locator("#board-area .token[data-square=c1]").get_attribute("data-value")

    # a new tab at the bare address, in a browser holding both seats' tokens, asks which to play
    other = page.context.new_page()
    other.goto(f"{server}/table/{table}")
    choices = other.locator("[data-choose]")
    choices.first.wait_for()
    assert choices.all_inner_texts() == [
        "Play as Seth",
        "Play as Isis",
        "Hot-seat: play all these seats on this screen",
        "Just watch",
    ]
    other.click("[data-choose='1']")
    other.wait_for_selector("body[data-shown='1']", state="attached")
    other.close()


def test_reload_and_dropped_connections_resume(server: str, context: Any, page: Any) -> None:
    created = api(
        server,
        "/api/tables",
        {"game": "aton", "seed": 9, "seats": [{"type": "human"}, {"type": "agent", "agent": "heuristic"}]},
    )
    table = created["id"]
    page.goto(f"{server}{created['links']['0']}")
    wait_turn(page)
    assert "token" not in page.url
    click_move(page, page.locator("#controls button[data-action=keep]"))
    wait_turn(page)
    hand_card = page.locator("#board-area [data-action^='assign']").first
    click_move(page, hand_card)
    wait_turn(page)
    seen = (version(page), hand_values(page, 0))
    log_lines = page.locator("#log li").count()

    page.reload()
    wait_turn(page)
    assert (version(page), hand_values(page, 0)) == seen
    assert page.locator("#log li").count() == log_lines

    # the socket drops (as on a network failure): the page reconnects by itself and plays on
    page.evaluate("window.netjer.drop()")
    page.wait_for_selector("body[data-conn=waiting]", state="attached")
    page.wait_for_selector("body[data-conn=open]", state="attached")
    wait_turn(page)
    click_move(page, page.locator("#board-area [data-action^='assign']").first)
    assert page.locator("[data-error]").count() == 0

    # another tab of the same browser opens the bare table address: the stored token resumes the seat
    other = context.new_page()
    other.goto(f"{server}/table/{table}")
    other.wait_for_selector("body[data-shown='0']", state="attached")
    other.close()

    # a spectator sees both hands face down and cannot move
    watcher = context.new_page()
    watcher.goto(f"{server}/table/{table}#watch")
    watcher.wait_for_selector("body[data-shown=watch]", state="attached")
    assert watcher.locator("[data-hand][data-card=face]").count() == 0
    assert watcher.locator("#legal button").count() == 0
    watcher.close()


def test_refused_moves_are_explained(server: str, page: Any) -> None:
    created = api(
        server,
        "/api/tables",
        {"game": "aton", "seed": 2, "seats": [{"type": "human"}, {"type": "agent", "agent": "random"}]},
    )
    page.goto(f"{server}{created['links']['0']}")
    wait_turn(page)
    # an illegal move (sent by hand over the socket) is refused with the rule
    page.evaluate(
        "() => window.netjer.state.conns.get('0').sendRaw("
        "{type: 'move', version: Number(document.body.dataset.version), action: 'place 1Y'})"
    )
    banner = page.locator("[data-error=illegal]")
    banner.wait_for()
    assert "not allowed" in banner.inner_text() and "Rule: Aton rules §4 step B" in banner.inner_text()
    banner.locator("button").click()
    assert page.locator("[data-error]").count() == 0
    # a stale one (chosen against an old version) is refused politely and nothing is played
    click_move(page, page.locator("#controls button[data-action=keep]"))
    wait_turn(page)
    now = version(page)
    page.evaluate("() => window.netjer.state.conns.get('0').move(0, 0)")
    page.locator("[data-error=stale]").wait_for()
    assert "moved on" in page.locator("#errors").inner_text()
    assert version(page) == now
    # a bad token is explained too
    page.goto(f"{server}/table/{created['id']}#seat=0&token=wrong")
    page.locator("[data-error=bad_token]").wait_for()
    page.wait_for_selector("body[data-conn=closed]", state="attached")


def test_narrow_window_and_keyboard(server: str, context: Any, page: Any, shots: Path) -> None:
    created = api(
        server,
        "/api/tables",
        {"game": "aton", "seed": 1, "seats": [{"type": "human"}, {"type": "agent", "agent": "random"}]},
    )
    page.set_viewport_size({"width": 420, "height": 900})
    page.goto(f"{server}{created['links']['0']}")
    wait_turn(page)
    wait_for_rules(page, "aton")  # its redrawing would take the focus from "Keep my hand" (no focus key)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    assert page.locator("#controls button[data-action=keep]").is_visible()
    # keyboard only: Tab to "Keep my hand", Enter; then a hand card with Enter
    page.locator("#controls button[data-action=keep]").focus()
    before = version(page)
    page.keyboard.press("Enter")
    page.wait_for_function("v => document.body.dataset.version !== v", arg=before)
    wait_turn(page)
    card = page.locator("#board-area [data-action^='assign']").first
    card.focus()
    before = version(page)
    page.keyboard.press("Enter")
    page.wait_for_function("v => document.body.dataset.version !== v", arg=before)
    page.screenshot(path=str(shots / "narrow.png"), full_page=True)


def test_the_page_rides_out_a_server_restart(tmp_path: Path, page: Any) -> None:
    port = free_port()
    server = f"http://127.0.0.1:{port}"
    process = start_server(tmp_path, port)
    try:
        created = api(
            server,
            "/api/tables",
            {"game": "aton", "seed": 8, "seats": [{"type": "human"}, {"type": "agent", "agent": "random"}]},
        )
        page.goto(f"{server}{created['links']['0']}")
        wait_turn(page)
        click_move(page, page.locator("#controls button[data-action=keep]"))
        wait_turn(page)
        played = version(page)
        kill_server(process)  # as a crash would: the page loses its socket and keeps retrying
        page.wait_for_selector("body[data-conn=waiting]", state="attached")
        process = start_server(tmp_path, port)
        page.wait_for_selector("body[data-conn=open]", state="attached", timeout=30_000)
        wait_turn(page)
        assert version(page) == played
        click_move(page, page.locator("#board-area [data-action^='assign']").first)
        assert page.locator("[data-error]").count() == 0
    finally:
        stop_server(process)


def test_lobby_seat_rows_follow_the_players_option_and_bad_fragments_are_harmless(server: str, page: Any) -> None:
    page.goto(f"{server}/")
    page.wait_for_selector("body[data-ready=yes]")
    page.select_option("#game", "ankh")
    assert page.locator(".seat-row").count() == 3
    page.click("#options-box summary")
    page.fill('[data-option="players"]', "5")
    page.dispatch_event('[data-option="players"]', "input")
    assert page.locator(".seat-row").count() == 5
    page.fill('[data-option="players"]', "2")
    page.dispatch_event('[data-option="players"]', "change")
    assert page.locator(".seat-row").count() == 2
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/table/nothing#%")
    # The page's last step, not a fixed time: the server's answer (no such table) is drawn.
    page.locator("[data-error=no_table]").wait_for()
    page.wait_for_selector("body[data-conn=closed]", state="attached")
    assert errors == []
