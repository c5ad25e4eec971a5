"""Browser tests of reviews and hints: a finished Aton game's review (graph, marks, the preferred action), a hint."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from netjer.core import Rng
from netjer.core.state import State
from netjer.games.registry import make_game
from tests.web.phone import MIN_TAP, MIN_TEXT, PHONE
from tests.web.test_browser import wait_turn

#: In the page: the review panel's tap targets smaller than MIN_TAP and the graph's texts
#: drawn smaller than MIN_TEXT (as tests/web/phone.py measures the table).
PANEL_SIZES = """([minTap, minText]) => {
  const small = [];
  for (const e of document.querySelectorAll("#review-panel button, #review-panel [role=button]")) {
    const r = e.getBoundingClientRect();
    const name = e.getAttribute("aria-label") || e.textContent;
    if (r.width < minTap - 0.5 || r.height < minTap - 0.5) small.push(`${name} ${r.width}x${r.height}`);
  }
  const tiny = [];
  for (const e of document.querySelectorAll("#review-graph text")) {
    const ctm = e.getScreenCTM();
    const px = parseFloat(getComputedStyle(e).fontSize) * Math.hypot(ctm.a, ctm.b);
    if (px < minText - 0.05) tiny.push(`${e.textContent} ${px.toFixed(1)}px`);
  }
  return [small, tiny];
}"""


def call(server: str, path: str, body: dict[str, Any] | None = None, token: str | None = None) -> Any:
    """Call the JSON API with a seat's token."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(f"{server}{path}", data=data, headers=headers)
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def random_actions(seed: int, stop: Callable[[State], bool] | None = None) -> list[Any]:
    """The actions of the Aton game dealt from ``seed``, each drawn among the legal ones with
    ``Rng(seed)``, until ``stop(state)`` holds (by default, to the game's end)."""
    state = make_game("aton").new_initial_state(seed)
    rng, actions = Rng(seed), []
    while not (state.is_terminal if stop is None else stop(state)):
        legal = state.legal_actions()
        actions.append(legal[rng.below(len(legal))])
        state.apply(actions[-1])
    return actions


def play_through_api(server: str, table: str, tokens: dict[str, str], seed: int, actions: list[Any]) -> None:
    """Play ``actions`` at the Aton table ``table`` (dealt from ``seed``) through the moves API,
    each by the seat whose decision it is, with that seat's token."""
    state = make_game("aton").new_initial_state(seed)
    for action in actions:
        seat = state.current_player
        body = {"seat": seat, "version": len(state.history), "action": str(action)}
        call(server, f"/api/tables/{table}/moves", body, tokens[str(seat)])
        state.apply(action)


def finished_aton(server: str, seed: int) -> tuple[str, dict[str, str]]:
    """A two-person Aton table played to its end with random moves (``random_actions(seed)``)
    through the API; its id and its seats' tokens."""
    made = call(server, "/api/tables", {"game": "aton", "seed": seed, "seats": [{"type": "human"}, {"type": "human"}]})
    play_through_api(server, made["id"], made["tokens"], seed, random_actions(seed))
    return made["id"], made["tokens"]


def store_review(db: str, table: str, seat: int, review: dict[str, Any]) -> None:
    """Store ``review`` (a ``Review.to_dict()``) as ``seat``'s finished (unpublished) review of
    ``table`` in the served database ``db``."""
    from netjer.server.db import Store  # noqa: PLC0415
    from netjer.server.reviews import ReviewStore  # noqa: PLC0415

    store = ReviewStore(Store(db))
    assert store.start(table, seat, review["iterations"], None)
    store.finish(table, seat, review)


def open_stored_review(page: Any, server: str, db: str, table: str, token: str, review: dict[str, Any]) -> None:
    """Store ``review`` as seat 0's finished review of ``table`` in the served database ``db``,
    and open it in the page: seat 0's view, the replay's Review panel."""
    store_review(db, table, 0, review)
    page.goto(f"{server}/table/{table}#seat=0&token={token}")
    page.click("#open-review")
    page.wait_for_selector("body[data-review=done]", state="attached")


@pytest.mark.slow
def test_review_of_a_finished_aton_game_graph_marks_and_the_preferred_action(
    server: str, browser: Any, page: Any, shots: Path
) -> None:
    table, tokens = finished_aton(server, seed=11)
    page.goto(f"{server}/table/{table}#seat=0&token={tokens['0']}")
    page.click("#open-review")  # at the end of the game: opens the replay with its Review panel
    page.wait_for_selector("body[data-mode=replay]", state="attached")
    page.wait_for_selector("#review-request")
    page.fill("#review-iterations", "2")
    page.click("#review-request")
    page.wait_for_selector("body[data-review=done]", state="attached", timeout=120_000)
    assert page.locator("#review-graph polyline[data-review-line='0']").count() == 1
    assert page.locator("#review-graph text").first.text_content() == "0%"  # labels are text
    marks = page.locator("#review-graph [data-mark]")
    assert marks.count() >= 1
    assert page.locator("#replay-steps .review-mark").count() == marks.count()
    # keyboard: a graph point is focusable and Enter selects its decision
    point = marks.first
    ply = int(point.get_attribute("data-ply"))
    point.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("p => document.body.dataset.replayStep === String(p)", arg=ply)
    preferred = page.locator("#review-detail [data-review-preferred]")
    assert preferred.inner_text().strip()
    # a marked decision whose preferred action the board draws (a square or a card) is outlined
    outlined = False
    picks = page.locator("#review-body button.review-pick")
    for i in range(picks.count()):
        picks.nth(i).focus()
        page.keyboard.press("Enter")
        notation = preferred.get_attribute("data-review-preferred") or ""
        if notation.startswith(("place", "assign", "remove")):
            page.wait_for_selector("#board-area .review-preferred", state="attached")
            assert page.locator("#board-area .review-preferred").first.get_attribute("data-action") == notation
            assert page.locator("#board-area svg [role=button]").count() == 0  # outlined, never playable
            outlined = True
            break
    assert outlined, "no marked decision had a preferred action the board draws"
    page.locator("#review-panel h2").scroll_into_view_if_needed()
    page.evaluate("document.getElementById('review-panel').scrollIntoView()")
    page.screenshot(path=str(shots / "review.png"))
    page.click("#review-publish")
    page.wait_for_selector("[data-published=yes]")
    # a spectator, on a phone-sized screen, sees the published review; nothing scrolls sideways
    other = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        watcher = other.new_page()
        watcher.goto(f"{server}/table/{table}#watch&replay")
        watcher.wait_for_selector("body[data-review=published]", state="attached")
        assert watcher.locator("#review-graph [data-mark]").count() == marks.count()
        assert watcher.locator("#review-request").count() == 0
        assert watcher.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
        small, tiny = watcher.evaluate(PANEL_SIZES, [MIN_TAP, MIN_TEXT])
        assert not small, f"the review's tap targets under {MIN_TAP} px: {small}"
        assert not tiny, f"the graph's text under {MIN_TEXT} px: {tiny}"
        watcher.screenshot(path=str(shots / "review-phone.png"), full_page=True)
    finally:
        other.close()


def test_a_hint_at_a_table_that_allows_them(server: str, page: Any) -> None:
    seats = [{"type": "human"}, {"type": "agent", "agent": "random"}]
    made = call(server, "/api/tables", {"game": "aton", "seed": 4, "seats": seats, "hints": True, "hint_limit": 2})
    page.goto(f"{server}{made['links']['0']}")
    wait_turn(page)
    assert page.locator("#hints-note").inner_text() == "Hints are allowed at this table: 2 per player."
    page.click("#hint")
    answer = page.locator(".hint-answer")
    answer.wait_for()
    action = answer.get_attribute("data-hint")
    legal = page.locator("#legal button[data-action]").evaluate_all("els => els.map(e => e.dataset.action)")
    assert action in legal and "estimated chance to win" in answer.inner_text()
    assert answer.locator("[data-hints-left]").inner_text() == "1 hint left."
    assert page.locator(f"#legal button.hint[data-action='{action}']").count() == 1  # outlined in the list
    if action != "keep":  # the board draws the exchange counter and the hand's cards ("keep" is a button)
        assert page.locator(f"#board-area .hint[data-action='{action}']").count() >= 1
    plain = call(server, "/api/tables", {"game": "aton", "seed": 4, "seats": seats})
    page.goto(f"{server}{plain['links']['0']}")
    wait_turn(page)
    assert page.locator("#hints-note").inner_text() == "Hints are off at this table."
    assert page.locator("#hint").count() == 0
    page.goto(f"{server}/")
    page.wait_for_selector(f"[data-table='{made['id']}']")
    assert "hints allowed (2 per player)" in page.locator(f"[data-table='{made['id']}']").inner_text()
    assert "hints allowed" not in page.locator(f"[data-table='{plain['id']}']").inner_text()


def test_the_hint_button_follows_the_hints_left_in_the_view_after_a_reload(server: str, page: Any) -> None:
    """The page learned that a seat's hints were used up only from the answers: reloaded, it
    enabled the button until the server refused. The view's ``hints_left`` disables it; at the
    position whose hint was given it stays enabled (the same answer, not counted)."""
    made = call(server, "/api/tables", {"game": "aton", "seed": 4, "seats": [{"type": "human"}] * 2,
                                         "hints": True, "hint_limit": 1})  # fmt: skip
    table, tokens = made["id"], made["tokens"]
    given = call(server, f"/api/tables/{table}/hint", {"seat": 0, "iterations": 4}, tokens["0"])
    assert given["left"] == 0
    page.goto(f"{server}{made['links']['0']}")
    wait_turn(page)
    assert page.locator("#hint").is_enabled()
    left = page.locator("#controls [data-hints-left]").inner_text().strip()
    assert left == "0 hints left. This position's hint is shown again without counting."
    page.click("#hint")
    page.locator(f".hint-answer[data-hint='{given['action']}']").wait_for()
    actions = random_actions(4, stop=lambda s: bool(s.history) and s.current_player == 0)  # seat 0's next decision
    play_through_api(server, table, tokens, 4, actions)
    page.reload()
    page.wait_for_selector(f"body[data-version='{len(actions)}'][data-my-turn=yes]")
    assert page.locator("#hint").is_disabled()
    assert page.locator("#controls [data-hints-left]").inner_text().strip() == "0 hints left."


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """A server of this module's own, with the URL of its database (to store a review)."""
    from tests.web.conftest import free_port, start_server, stop_server  # noqa: PLC0415

    folder = tmp_path_factory.mktemp("standin")
    port = free_port()
    process = start_server(folder, port)
    try:
        yield f"http://127.0.0.1:{port}", f"sqlite:///{folder / 'n.db'}"
    finally:
        stop_server(process)


@pytest.mark.slow
def test_the_computers_decisions_are_drawn_apart_and_not_counted(
    served: tuple[str, str], page: Any, shots: Path
) -> None:
    """A stored review with decisions the computer took standing in for the seat: a grey band
    on the graph, hollow marks, "(the computer)" in the list, the legend's counts without them."""
    from netjer.agents.review import review_states  # noqa: PLC0415

    server, db = served
    table, tokens = finished_aton(server, seed=11)
    replay = call(server, f"/api/tables/{table}/replay")
    assert replay["steps"][-1]["observation"]
    actions = random_actions(11)  # the moves finished_aton played
    start = make_game("aton").new_initial_state(11)
    plies = [d.ply for d in review_states(start, actions, seats=[0], iterations=1).decisions]
    stood = plies[len(plies) // 2 :]  # the computer played seat 0's second half
    data = review_states(start, actions, seats=[0], iterations=2, standin=stood).to_dict()
    own = [d for d in data["decisions"] if not d["standin"]]
    computer = [d for d in data["decisions"] if d["standin"]]
    computer[0]["mark"] = "mistake"  # at least one of the computer's decisions is marked
    open_stored_review(page, server, db, table, tokens["0"], data)
    assert page.locator("#review-graph rect.review-standin").count() == len(computer)
    hollow = page.locator("#review-graph .review-point[data-standin=yes]")
    assert hollow.count() == sum(1 for d in computer if d["mark"]) and hollow.count() >= 1
    assert page.locator("#review-graph .review-point:not([data-standin])").count() == sum(1 for d in own if d["mark"])
    counts = page.locator("[data-review-count='0']").inner_text()
    marked = sum(1 for d in own if d["mark"])
    assert f"{len(own)} decisions, {marked} marked" in counts
    assert f"{len(computer)} by the computer standing in (not counted)" in counts
    pick = page.locator("#review-body button.review-pick[data-standin=yes]").first
    assert "(the computer)" in pick.inner_text()
    pick.click()
    assert "does not count" in page.locator("#review-detail [data-review-standin]").inner_text()
    assert page.locator("#replay-steps .review-mark.standin").count() == hollow.count()
    page.evaluate("document.getElementById('review-panel').scrollIntoView()")
    page.screenshot(path=str(shots / "review-standin.png"))


def test_the_lobby_sets_a_hint_limit_only_for_a_table_with_hints(server: str, page: Any) -> None:
    page.goto(f"{server}/")
    page.wait_for_selector("body[data-ready=yes]")
    assert page.locator("#hint-limit").is_disabled()
    page.check("#hints")
    assert page.locator("#hint-limit").is_enabled()
    page.fill("#hint-limit", "3")
    page.click("#create")
    page.wait_for_selector("#created input[data-link-seat]")
    table_id = page.locator("#created").get_attribute("data-table")
    view = call(server, f"/api/tables/{table_id}/view")
    assert view["hints"] is True and view["hint_limit"] == 3


def test_the_lobby_reads_a_hint_limit_typed_with_an_exponent(server: str, page: Any) -> None:
    """A number field's "1e3" is 1000 to the browser; the lobby sent parseInt's 1 before."""
    page.goto(f"{server}/")
    page.wait_for_selector("body[data-ready=yes]")
    page.check("#hints")
    page.locator("#hint-limit").type("1e3")
    page.locator("#seed").type("7e2")
    with page.expect_request(lambda r: r.url.endswith("/api/tables") and r.method == "POST") as sent:
        page.click("#create")
    body = sent.value.post_data_json
    assert body["hint_limit"] == 1000 and body["seed"] == 700
    page.wait_for_selector("#created input[data-link-seat]")
    table_id = page.locator("#created").get_attribute("data-table")
    assert call(server, f"/api/tables/{table_id}/view")["hint_limit"] == 1000


def test_a_marked_decision_and_a_finished_table_show_no_null(served: tuple[str, str], page: Any) -> None:
    """The review's detail of the seat's own marked decision, and the finished table's result
    box seen by a spectator, held a text "null" (a null child given to replaceChildren)."""
    from netjer.agents.review import review_states  # noqa: PLC0415

    server, db = served
    table, tokens = finished_aton(server, seed=12)
    actions = random_actions(12)  # the moves finished_aton played
    data = review_states(make_game("aton").new_initial_state(12), actions, seats=[0], iterations=1).to_dict()
    own = next(d for d in data["decisions"] if not d["forced"])
    own["mark"] = "mistake"  # a marked decision of the seat's own (not the computer's)
    open_stored_review(page, server, db, table, tokens["0"], data)
    page.locator(f"#review-body button.review-pick[data-review-ply='{own['ply']}']").click()
    detail = page.locator("#review-detail")
    detail.locator("[data-review-preferred]").wait_for()
    assert "null" not in detail.inner_text()
    page.goto(f"{server}/table/{table}#watch")
    page.wait_for_selector("#open-replay")
    assert "null" not in page.locator("#result").inner_text()


def test_no_hint_button_while_a_seat_chooses_ahead_of_its_turn(server: str, page: Any) -> None:
    """Blue may choose in Aton's first window before Red, but its hint comes at its turn in the
    rules' order: the button (which the server refused) appears once Red has chosen."""
    made = call(server, "/api/tables", {"game": "aton", "seed": 4, "seats": [{"type": "human"}] * 2, "hints": True})
    page.goto(f"{server}{made['links']['1']}")
    wait_turn(page)
    assert page.locator("#legal button[data-action]").count() >= 1  # Blue may choose now
    assert page.locator("#hint").count() == 0
    call(server, f"/api/tables/{made['id']}/moves", {"seat": 0, "version": 0, "action": "keep"}, made["tokens"]["0"])
    page.wait_for_selector("#hint")


def test_the_hint_button_is_disabled_once_the_seats_hints_are_used(server: str, page: Any) -> None:
    """With one hint per player, after it is given the button is disabled at the next position
    ("0 hints left."); before, it stayed and every click was refused."""
    seats = [{"type": "human"}, {"type": "agent", "agent": "random"}]
    made = call(server, "/api/tables", {"game": "aton", "seed": 4, "seats": seats, "hints": True, "hint_limit": 1})
    page.goto(f"{server}{made['links']['0']}")
    wait_turn(page)
    page.click("#hint")
    page.locator(".hint-answer [data-hints-left='0']").wait_for()
    assert page.locator("#hint").is_enabled()  # the same position may be asked again (not counted)
    before = page.evaluate("document.body.dataset.version")
    page.locator("#legal button[data-action]").first.click()
    page.wait_for_function("v => document.body.dataset.version !== v", arg=before)
    page.wait_for_selector("body[data-my-turn=yes]", state="attached")
    assert page.locator("#hint").is_disabled()
    assert page.locator("#controls [data-hints-left='0']").inner_text().strip() == "0 hints left."


def test_the_review_request_reads_its_iterations_as_the_browser_does(server: str, page: Any) -> None:
    """The typed "0.2e1" iterations per search is 2 to the browser; parseInt read 0 (and "1e3"
    as 1: a review stored for good at one iteration)."""
    table, tokens = finished_aton(server, seed=13)
    page.goto(f"{server}/table/{table}#seat=0&token={tokens['0']}")
    page.click("#open-review")
    page.wait_for_selector("#review-request")
    page.locator("#review-iterations").fill("")
    page.locator("#review-iterations").type("0.2e1")
    with page.expect_request(lambda r: r.url.endswith("/reviews") and r.method == "POST") as sent:
        page.click("#review-request")
    assert sent.value.post_data_json == {"seat": 0, "iterations": 2}


def marked_reviews(seed: int, marks: int) -> dict[int, dict[str, Any]]:
    """Both seats' reviews (``Review.to_dict()``, one iteration a search) of the game
    ``finished_aton(server, seed)`` played, each with its first ``marks`` unforced decisions
    marked as mistakes (a one-iteration search marks few or none by itself)."""
    from netjer.agents.review import review_states  # noqa: PLC0415

    reviews = {}
    for seat in (0, 1):
        review = review_states(
            make_game("aton").new_initial_state(seed), random_actions(seed), seats=[seat], iterations=1
        ).to_dict()
        for d in [d for d in review["decisions"] if not d["forced"]][:marks]:
            d["mark"] = "mistake"
        reviews[seat] = review
    return reviews


#: In the page: the focused element's focus key.
FOCUSED = "() => [document.activeElement.dataset.focusKey || null]"


def redrawn_keeping_focus(page: Any, cause: Callable[[], None]) -> str | None:
    """``cause()`` a "reviews" message, wait until the panel was drawn again (its first element,
    the seat's own controls, replaced) and return the focused element's key.  The focused element
    itself may have been replaced (a graph point, a control) or kept (the detail, a live region
    drawn once, and what is in it)."""
    page.evaluate("window.panelBefore = document.getElementById('review-body').firstElementChild")
    cause()
    page.wait_for_function("() => !window.panelBefore.isConnected")
    key = page.evaluate(FOCUSED)[0]
    return None if key is None else str(key)


@pytest.mark.slow  # a browser and a server, seconds: CI runs it (make test-all)
def test_the_review_panel_keeps_the_focus_when_a_message_redraws_it(served: tuple[str, str], page: Any) -> None:
    """Every "reviews" message of the socket draws the panel anew: a focused graph point, marked
    decision or own control was replaced and the next key went nowhere.  The focus returns to
    the element of the same decision or control, and its keys still act."""
    server, db = served
    table, tokens = finished_aton(server, seed=12)
    reviews = marked_reviews(12, marks=2)  # at least two marked decisions of each seat
    store_review(db, table, 1, reviews[1])  # Blue's review, not published yet
    open_stored_review(page, server, db, table, tokens["0"], reviews[0])
    assert page.locator("#review-graph polyline[data-review-line='1']").count() == 0

    def publish_blue() -> None:  # a second seat publishing (again: the same message once more)
        call(server, f"/api/tables/{table}/reviews/publish", {"seat": 1}, tokens["1"])

    first, second = [d["ply"] for d in reviews[0]["decisions"] if d["mark"]][:2]
    page.locator(f"#review-graph .review-point[data-seat='0'][data-ply='{first}']").focus()
    assert redrawn_keeping_focus(page, publish_blue) == f"review-point-0-{first}"
    assert page.locator("#review-graph polyline[data-review-line='1']").count() == 1  # Blue's review came
    page.keyboard.press("Enter")  # the point still selects its decision
    page.wait_for_function("p => document.body.dataset.replayStep === String(p)", arg=first)
    assert page.locator("#review-detail strong").first.inner_text() == f"Move {first + 1}, Red:"
    # the detail, focused by the selection, keeps the focus too; the arrows step the replay
    assert page.evaluate("document.activeElement.id") == "review-detail"
    assert redrawn_keeping_focus(page, publish_blue) == "review-detail"
    page.keyboard.press("ArrowRight")
    page.wait_for_function("p => document.body.dataset.replayStep === String(p)", arg=first + 1)
    assert page.evaluate(FOCUSED)[0] == "review-detail"
    # a marked decision of the list
    page.locator(f"#review-body button.review-pick[data-review-seat='0'][data-review-ply='{second}']").focus()
    assert redrawn_keeping_focus(page, publish_blue) == f"review-pick-0-{second}"
    page.keyboard.press("Enter")
    page.wait_for_function("p => document.body.dataset.replayStep === String(p)", arg=second)
    assert page.locator("#review-detail strong").first.inner_text() == f"Move {second + 1}, Red:"
    # the detail's button, drawn anew at each step of the replay and each message
    page.keyboard.press("ArrowRight")
    page.locator("#review-detail button").focus()  # "Show the position before it"
    assert redrawn_keeping_focus(page, publish_blue) == "review-before"
    page.keyboard.press("Enter")  # shows the position before the decision again
    page.wait_for_function("p => document.body.dataset.replayStep === String(p)", arg=second)
    # the seat's own control
    page.locator("#review-publish").focus()
    assert redrawn_keeping_focus(page, publish_blue) == "review-own"
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-published=yes]")


@pytest.mark.slow  # a browser and a server, seconds: CI runs it (make test-all)
def test_the_iterations_typed_keep_the_focus_and_their_value_when_a_message_redraws(
    served: tuple[str, str], page: Any
) -> None:
    """A seat typing the iterations of its review lost the field and what it typed when another
    seat published its review (the panel drawn anew with the server's default)."""
    from netjer.agents.review import review_states  # noqa: PLC0415

    server, db = served
    table, tokens = finished_aton(server, seed=12)
    blue = review_states(make_game("aton").new_initial_state(12), random_actions(12), seats=[1], iterations=1)
    store_review(db, table, 1, blue.to_dict())
    page.goto(f"{server}/table/{table}#seat=0&token={tokens['0']}")
    page.click("#open-review")
    field = page.locator("#review-iterations")
    field.fill("")
    field.type("3")
    assert page.evaluate("document.activeElement.id") == "review-iterations"

    def publish_blue() -> None:
        call(server, f"/api/tables/{table}/reviews/publish", {"seat": 1}, tokens["1"])

    assert redrawn_keeping_focus(page, publish_blue) == "review-iterations"
    assert page.locator("#review-graph polyline[data-review-line='1']").count() == 1  # Blue's review came
    assert field.input_value() == "3"
    step = page.evaluate("document.body.dataset.replayStep")
    page.keyboard.press("ArrowUp")  # the field's own key, not the replay's
    assert field.input_value() == "4"
    assert page.evaluate("document.body.dataset.replayStep") == step
    page.keyboard.press("Tab")
    with page.expect_request(lambda r: r.url.endswith("/reviews") and r.method == "POST") as sent:
        page.keyboard.press("Enter")
    assert sent.value.post_data_json == {"seat": 0, "iterations": 4}


@pytest.mark.slow  # a browser and a server, seconds: CI runs it (make test-all)
def test_the_focus_follows_the_seats_own_review_from_the_request_to_published(server: str, page: Any) -> None:
    """The seat's own review is drawn as a request button, its progress, a publish button and a
    line saying it is published: each replaced the focused one, and the focus fell to the page.
    They share a focus key, so Enter, Enter from the keyboard requests and publishes the review;
    while the request is on its way the button says so and a second Enter sends nothing."""
    table, tokens = finished_aton(server, seed=14)
    page.goto(f"{server}/table/{table}#seat=0&token={tokens['0']}")
    page.click("#open-review")
    page.wait_for_selector("#review-request")
    page.fill("#review-iterations", "1")
    held: list[Any] = []  # the request, held until the test lets it go on
    page.route("**/reviews", lambda route: held.append(route) if route.request.method == "POST" else route.fallback())
    page.locator("#review-request").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#review-request[aria-disabled=true]")
    assert page.evaluate("document.activeElement.id") == "review-request"  # a disabled button lost it
    page.keyboard.press("Enter")  # ignored while the first request is on its way
    page.wait_for_function("() => true")  # a round trip to the page: a second request would be held by now
    assert len(held) == 1
    held[0].continue_()
    page.unroute("**/reviews")
    page.wait_for_selector("#review-publish", timeout=120_000)
    assert page.evaluate("document.activeElement.id") == "review-publish"
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-published=yes]")
    assert page.evaluate("document.activeElement.dataset.published") == "yes"


@pytest.mark.slow  # a browser and a server, seconds: CI runs it (make test-all)
def test_the_detail_is_one_live_region_left_as_it_is_when_a_message_changes_nothing_in_it(
    served: tuple[str, str], page: Any
) -> None:
    """The detail of the selected decision is a live region (screen readers read its changes
    out). Each "reviews" message drew a new one and filled it again, so the same words could be
    read out at every message; now the same element stays, and it changes only when its words do."""
    server, db = served
    table, tokens = finished_aton(server, seed=12)
    reviews = marked_reviews(12, marks=1)
    store_review(db, table, 1, reviews[1])
    open_stored_review(page, server, db, table, tokens["0"], reviews[0])
    ply = next(d["ply"] for d in reviews[0]["decisions"] if d["mark"])
    page.locator(f"#review-graph .review-point[data-seat='0'][data-ply='{ply}']").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("p => document.body.dataset.replayStep === String(p)", arg=ply)
    page.evaluate(
        """() => {
          window.__detail = document.getElementById("review-detail");
          window.__changes = 0;
          new MutationObserver((m) => { window.__changes += m.length; })
            .observe(window.__detail, { childList: true, subtree: true, characterData: true });
        }"""
    )
    before = page.locator("#review-graph polyline").count()
    call(server, f"/api/tables/{table}/reviews/publish", {"seat": 1}, tokens["1"])  # a message
    page.wait_for_function("n => document.querySelectorAll('#review-graph polyline').length > n", arg=before)
    assert page.evaluate("document.getElementById('review-detail') === window.__detail")
    assert page.evaluate("window.__changes") == 0
    page.keyboard.press("ArrowRight")  # a step of the replay changes its words: drawn again
    page.wait_for_function("p => document.body.dataset.replayStep === String(p)", arg=ply + 1)
    assert page.evaluate("window.__changes") > 0


@pytest.mark.slow
def test_after_two_undos_a_mark_is_on_its_decisions_step(served: tuple[str, str], page: Any) -> None:
    """Dioses del Nilo: Seth takes back its first decision twice (each undo is two steps of the
    replay: the action and its undo): a marked decision's point, list entry and step of the
    replay are the entry that played it, numbered as the replay numbers it."""
    from netjer.agents.review import review_record  # noqa: PLC0415
    from netjer.core.record import GameRecord  # noqa: PLC0415
    from netjer.core.undo import Transcript  # noqa: PLC0415

    server, db = served
    seed, game = 3, make_game("nile")
    made = call(server, "/api/tables", {"game": "nile", "seed": seed, "seats": [{"type": "human"}, {"type": "human"}]})
    table, tokens = made["id"], made["tokens"]
    transcript, rng = Transcript(game.new_initial_state(seed)), Rng(seed)

    def play(action: Any) -> None:
        seat = transcript.state.current_player
        body = {"seat": seat, "version": len(transcript.entries), "action": str(action)}
        call(server, f"/api/tables/{table}/moves", body, tokens[str(seat)])
        transcript.apply(action)

    for _ in range(2):  # Seth's first decision played and taken back, twice
        play(transcript.state.legal_actions()[-1])
        call(server, f"/api/tables/{table}/undo", {"seat": 0, "version": len(transcript.entries)}, tokens["0"])
        transcript.undo(0)
    while not transcript.state.is_terminal:
        legal = transcript.state.legal_actions()
        play(legal[rng.below(len(legal))])
    record = GameRecord.from_state(transcript.state, ["human", "human"], transcript.entries)
    review = review_record(record, game, seats=[0], iterations=1, research=False).to_dict()
    unforced = [d for d in review["decisions"] if not d["forced"]]
    for d in unforced[:2]:
        d["mark"] = "mistake"
    open_stored_review(page, server, db, table, tokens["0"], review)
    for d in unforced[:2]:
        number = d["entry"] + 1
        assert number == d["ply"] + 5  # four entries more before it: two actions and their undos
        page.click(f"#review-body button.review-pick[data-review-ply='{d['ply']}']")
        page.wait_for_function("p => document.body.dataset.replayStep === String(p)", arg=number - 1)
        assert f"Move {number}," in page.locator("#review-detail").inner_text()
        link = page.locator(f"#replay-steps a[data-step='{number}']")
        assert link.inner_text().strip() == d["description"]
        assert link.locator("xpath=..").locator(".review-mark").count() == 1
        point = page.locator(f"#review-graph .review-point[data-ply='{d['ply']}']")
        assert (point.get_attribute("aria-label") or "").startswith(f"Move {number}, ")
    assert page.locator("#replay-steps .review-mark").count() == 2
