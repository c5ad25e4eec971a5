"""Browser tests of a player who uses the keyboard only: where the focus goes after each key,
after the page draws itself anew (its own move, a computer's reply, the lobby's lists), and in
the Rules panel and the replay."""

from __future__ import annotations

import random
from typing import Any

import pytest

from netjer.games.registry import make_game
from tests.web.positions import view_of
from tests.web.test_browser import api, click_move, version, wait_for_rules, wait_turn
from tests.web.test_review_browser import finished_aton

#: Each test drives a browser for seconds: CI runs them (make test-all), the fast suite does not.
pytestmark = pytest.mark.slow

#: In the page: the focused element's action (a legal action's button, a board's square or card,
#: a game's own button of an action), or null.
FOCUSED_ACTION = "() => document.activeElement.dataset.action || null"

#: A person in seat 0 against the random computer.
AGAINST_RANDOM = [{"type": "human"}, {"type": "agent", "agent": "random"}]


def press_and_wait_for_a_new_version(page: Any, key: str) -> None:
    """Press ``key`` (on a focused action) and wait until the table shows the next version."""
    before = version(page)
    page.keyboard.press(key)
    page.wait_for_function("v => document.body.dataset.version !== v", arg=before)


def test_the_focus_stays_on_the_actions_after_a_move_and_the_computers_reply(server: str, page: Any) -> None:
    """The button of a move is disabled (or not drawn) while the move is on its way, so the focus
    fell to the page, and every drawing after (the move's answer, the computer's reply) left it
    there: each move needed Tab from the page's top again, past every square of the board.  The
    focus now returns to the same element when it is drawn again, else to the first legal action
    at the seat's next turn."""
    made = api(server, "/api/tables", {"game": "aton", "seed": 1, "seats": AGAINST_RANDOM})
    page.goto(f"{server}{made['links']['0']}")
    wait_turn(page)
    wait_for_rules(page, "aton")
    # a game's own button of an action ("Keep my hand", beside the board): gone after it is played
    page.locator("#controls button[data-action=keep]").focus()
    press_and_wait_for_a_new_version(page, "Enter")
    page.wait_for_selector("body[data-my-turn=yes]", state="attached")
    page.wait_for_function(f"() => ({FOCUSED_ACTION})() !== null")
    assert page.evaluate("document.activeElement.closest('#legal') !== null")  # the first legal action
    assert page.evaluate(FOCUSED_ACTION).startswith("assign ")
    # that action, played with Enter: the focus is on an action again at the next decision
    press_and_wait_for_a_new_version(page, "Enter")
    page.wait_for_selector("body[data-my-turn=yes]", state="attached")
    page.wait_for_function(f"() => ({FOCUSED_ACTION})() !== null")
    # a card of the hand on the board: the next card in that place takes the focus back
    page.locator("#board-area [data-focus-key='aton-hand-0']").focus()
    press_and_wait_for_a_new_version(page, "Enter")
    page.wait_for_selector("body[data-my-turn=yes], body[data-finished=yes]", state="attached")
    page.wait_for_function("() => document.activeElement.dataset.focusKey === 'aton-hand-0'")
    assert page.evaluate(FOCUSED_ACTION).startswith("assign ")


def test_a_mouse_players_focus_is_not_moved_to_the_actions(server: str, page: Any) -> None:
    """Only a keyboard user's lost focus is looked for: after a click, moving the focus to the
    first legal action would scroll a phone's page to it at every turn."""
    made = api(server, "/api/tables", {"game": "aton", "seed": 1, "seats": AGAINST_RANDOM})
    page.goto(f"{server}{made['links']['0']}")
    wait_turn(page)
    wait_for_rules(page, "aton")
    before = version(page)
    page.click("#controls button[data-action=keep]")
    page.wait_for_function("v => document.body.dataset.version !== v", arg=before)
    page.wait_for_selector("body[data-my-turn=yes]", state="attached")
    assert page.evaluate("document.activeElement === document.body")


def test_the_rules_panel_keeps_tab_inside_and_escape_gives_the_focus_back(server: str, page: Any) -> None:
    """The Rules panel is a modal dialog: Tab from its last control went to the page behind it,
    where Escape no longer closed it.  Tab and Shift+Tab now go round its controls."""
    made = api(server, "/api/tables", {"game": "nile", "seed": 2, "seats": AGAINST_RANDOM})
    page.goto(f"{server}{made['links']['0']}")
    wait_turn(page)
    page.locator("#rules-open:not([disabled])").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement.id === 'rules-search'")
    inside = "() => document.getElementById('rules').contains(document.activeElement)"
    seen = set()
    for key in ["Tab"] * 4 + ["Shift+Tab"] * 4:
        page.keyboard.press(key)
        assert page.evaluate(inside), f"{key} left the Rules panel"
        seen.add(page.evaluate("document.activeElement.id || document.activeElement.tagName"))
    assert {"rules-close", "rules-search", "SUMMARY"} <= seen  # every control in turn
    page.keyboard.press("Escape")
    assert page.locator("#rules").is_hidden()
    assert page.evaluate("document.activeElement.id") == "rules-open"


def test_the_lobby_gives_the_new_table_the_focus_and_keeps_it_in_the_lists(server: str, page: Any) -> None:
    """Created with Enter, the disabled "Create the table" button lost the focus to the page; the
    lists, drawn anew every 10 seconds, took the focus from their links and buttons."""
    page.clock.install()
    page.goto(f"{server}/")
    page.wait_for_selector("body[data-listed=yes]", state="attached")
    page.locator("#create").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#created a[data-play-seat]")
    page.wait_for_function("() => document.activeElement.dataset.playSeat === '0'")  # "Play as Red"
    table = page.locator("#created").get_attribute("data-table")
    link = page.locator(f"#my-tables [data-focus-key='open-{table}']")
    link.wait_for()
    link.focus()
    page.evaluate("window.focusedBefore = document.activeElement")
    page.clock.run_for(10_000)  # the lists' next drawing
    page.wait_for_function("() => !window.focusedBefore.isConnected")
    assert page.evaluate("document.activeElement.dataset.focusKey") == f"open-{table}"
    assert page.evaluate("document.activeElement !== window.focusedBefore")


def test_the_replay_keeps_forward_in_sight_and_gives_the_focus_back_on_closing(server: str, page: Any) -> None:
    """Stepping the replay scrolled the whole page to the current step of the actions' list, so the
    focused Forward button went out of sight; "Back to the table" hid the focused button and the
    focus fell to the page.  Only the list scrolls now, and the focus returns to "Replay this game"."""
    table, tokens = finished_aton(server, seed=11)
    page.goto(f"{server}/table/{table}#seat=0&token={tokens['0']}")
    page.locator("#open-replay").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("body[data-mode=replay]", state="attached")
    steps = page.locator("#replay-steps a[data-step]").count()
    middle = page.locator(f"#replay-steps a[data-step='{steps // 2}']")
    middle.focus()  # far down the page: it scrolls there
    page.keyboard.press("Enter")
    page.wait_for_function("s => document.body.dataset.replayStep === String(s)", arg=steps // 2)
    forward = page.locator("#replay-next")
    forward.focus()  # back up
    for n in (1, 2):
        page.keyboard.press("Enter")
        page.wait_for_function("s => document.body.dataset.replayStep === String(s)", arg=steps // 2 + n)
        box = forward.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"]
        assert page.evaluate("document.activeElement.id") == "replay-next"
    page.locator("#replay-close").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("body[data-mode=live]", state="attached")
    assert page.evaluate("document.activeElement.id") == "open-replay"


def test_a_redraw_at_the_end_keeps_the_focus_on_replay_this_game(server: str, page: Any) -> None:
    """The buttons under a finished game's result had no focus key: any redraw (a chat line, a
    spectator coming) drew them anew and the focus fell to the page, so Enter did nothing (CI of
    7 December failed on it).  They keep the focus through a redraw now."""
    table, tokens = finished_aton(server, seed=11)
    page.goto(f"{server}/table/{table}#seat=0&token={tokens['0']}")
    page.wait_for_selector("body[data-finished=yes]", state="attached")
    page.locator("#open-replay").focus()
    api(server, f"/api/tables/{table}/chat", {"seat": None, "text": "well played", "name": "Ana"})
    page.wait_for_selector("#chat li:has-text('well played')", state="attached")
    assert page.evaluate("document.activeElement.id") == "open-replay"
    page.keyboard.press("Enter")
    page.wait_for_selector("body[data-mode=replay]", state="attached")


def test_the_replays_list_of_steps_is_one_tab_stop_that_the_arrows_move(server: str, page: Any) -> None:
    """Every step of the replay's list was a link of its own in the Tab order (an Aton game's
    hundred steps were a hundred presses of Tab); the list is one stop now, the current step,
    and the arrows step the replay with the focus on the current step."""
    table, tokens = finished_aton(server, seed=11)
    page.goto(f"{server}/table/{table}#seat=0&token={tokens['0']}")
    page.locator("#open-replay").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("body[data-mode=replay]", state="attached")
    stops = "() => [...document.querySelectorAll('#replay-steps a')].filter((a) => a.tabIndex >= 0)"
    stops += ".map((a) => a.dataset.step)"
    assert page.evaluate(stops) == ["1"]  # at the start: the first step
    page.locator("#replay-steps a[data-step='1']").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.body.dataset.replayStep === '1'")
    for key, step in (("ArrowDown", 2), ("ArrowRight", 3), ("ArrowUp", 2)):
        page.keyboard.press(key)
        page.wait_for_function("s => document.body.dataset.replayStep === String(s)", arg=step)
        assert page.evaluate("document.activeElement.dataset.step") == str(step)
        assert page.evaluate(stops) == [str(step)]
    page.keyboard.press("Tab")  # out of the list at once
    assert page.evaluate("document.activeElement.closest('#replay-steps') === null")


def test_undo_with_enter_keeps_the_focus_on_undo(server: str, page: Any) -> None:
    """The Undo button is disabled while the undo is on its way: the focus fell to the page, and a
    second decision to take back needed Tab from the page's top.  It comes back to Undo now."""
    made = api(server, "/api/tables", {"game": "ankh", "seed": 3, "options": {"players": 2}, "seats": AGAINST_RANDOM})
    page.goto(f"{server}{made['links']['0']}")
    wait_turn(page)
    for prefix in ("move", "pick ", "to "):  # the Move Figures action, a figure, its destination
        page.locator(f"#legal button[data-action^='{prefix}']").first.focus()
        press_and_wait_for_a_new_version(page, "Enter")
        page.wait_for_selector("body[data-my-turn=yes]", state="attached")
    page.locator("#undo").focus()
    press_and_wait_for_a_new_version(page, "Enter")
    page.wait_for_selector("body[data-my-turn=yes]", state="attached")
    page.wait_for_function("() => document.activeElement.id === 'undo'")
    assert page.locator("#legal button[data-action^='to ']").count() >= 1  # the destination is to choose again


def test_every_focusable_thing_on_the_boards_has_a_name(server: str, page: Any) -> None:
    """The board's terms are focusable (their tip shows on focus), but a term drawn without a title
    (a token of Dioses del Nilo, an Aton temple or cartouche) had no accessible name: a screen
    reader said "image" and nothing else.  It is named after its rules entry now."""
    for game in ("nile", "aton"):
        made = api(server, "/api/tables", {"game": game, "seed": 5, "seats": AGAINST_RANDOM})
        page.goto(f"{server}{made['links']['0']}")
        wait_turn(page)
        wait_for_rules(page, game)
        unnamed = page.locator("#board-area [tabindex='0']").evaluate_all(
            "els => els.filter(e => !(e.getAttribute('aria-label') || '').trim()).map(e => e.outerHTML.slice(0, 80))"
        )
        assert not unnamed, f"{game}: focusable without a name: {unnamed}"
        assert page.locator("#board-area [data-term='face-down'], #board-area [data-term='temple']").count() >= 1


def test_an_aton_temple_is_named_as_a_temple_when_its_squares_are_actions(server: str, page: Any) -> None:
    """A term without a title of its own was named after the first title inside it: at a placing
    turn an Aton temple was "Temple 1, ... square: place a stone here", its first square's button."""
    made = api(server, "/api/tables", {"game": "aton", "seed": 5, "seats": AGAINST_RANDOM})
    page.goto(f"{server}{made['links']['0']}")
    for _ in range(40):  # Aton's first placing turn comes after a few decisions
        wait_turn(page)
        if page.locator("#board-area [data-action^='place ']").count():
            break
        click_move(page, page.locator("#legal button[data-action]").first)
    assert page.locator("#board-area [data-action^='place ']").count()
    wait_for_rules(page, "aton")
    temples = page.locator("#board-area g.temple[data-term=temple]")
    names = temples.evaluate_all("els => els.map((e) => e.getAttribute('aria-label'))")
    assert names == [f"Temple {n}" for n in range(1, temples.count() + 1)]


def test_the_first_tab_offers_to_skip_to_the_actions(server: str, page: Any) -> None:
    """Every term drawn on a board is focusable (for its tip): the first legal action of Aton was
    about 60 presses of Tab from the page's top.  The first Tab now shows "Skip to your actions"."""
    made = api(server, "/api/tables", {"game": "aton", "seed": 5, "seats": AGAINST_RANDOM})
    page.goto(f"{server}{made['links']['0']}")
    wait_turn(page)
    wait_for_rules(page, "aton")
    skip = page.locator("#skip-to-actions")
    box = skip.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 0  # out of sight until focused
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "skip-to-actions"
    box = skip.bounding_box()
    assert box is not None and box["y"] >= 0 and skip.inner_text() == "Skip to your actions"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.closest('#legal') !== null")
    assert page.evaluate(FOCUSED_ACTION) in {"keep", "exchange"}
    press_and_wait_for_a_new_version(page, "Enter")  # and it plays


def test_hot_seat_the_cover_gives_the_next_seat_its_first_legal_action(server: str, page: Any) -> None:
    """The hot-seat cover's "I am ... — show my view" is focused, but pressed with Enter it went
    with the cover and left the focus on the page at the first cover (the later ones found an
    action only through the last seat's lost focus).  The next seat's first legal action has it."""
    made = api(server, "/api/tables", {"game": "nile", "seed": 4, "seats": [{"type": "human"}, {"type": "human"}]})
    page.goto(f"{server}/")
    page.evaluate(
        "([id, tokens]) => localStorage.setItem('netjer.tokens.' + id, JSON.stringify(tokens))",
        [made["id"], made["tokens"]],
    )
    page.goto(f"{server}/table/{made['id']}#hotseat")
    for seat in ("0", "1", "0"):
        page.wait_for_selector(f"#cover-ready[data-cover-seat='{seat}']")
        assert page.evaluate("document.activeElement.id") == "cover-ready"
        page.keyboard.press("Enter")
        page.wait_for_selector(f"body[data-shown='{seat}'][data-my-turn=yes]", state="attached")
        page.wait_for_function(f"() => ({FOCUSED_ACTION})() !== null")
        assert page.evaluate("document.activeElement.closest('#legal') !== null")
        assert page.evaluate(FOCUSED_ACTION).startswith("place ")
        page.keyboard.press("Enter")  # that placement, played: the cover for the other seat


def test_in_a_narrow_spanish_window_every_focused_term_is_panned_into_sight(server: str, browser: Any) -> None:
    """At 420 px the board pans in a frame, and Chromium pans to a focused element only when none
    of it shows: Tab put the focus on Dioses del Nilo's column c with a sixth of its squares in
    sight.  Each focused term that fits the frame is in it whole now; the skip button speaks Spanish."""
    ctx = browser.new_context(viewport={"width": 420, "height": 800}, locale="es-ES")
    ctx.set_default_timeout(20_000)
    try:
        page = ctx.new_page()
        made = api(server, "/api/tables", {"game": "nile", "seed": 5, "seats": AGAINST_RANDOM})
        page.goto(f"{server}{made['links']['0']}")
        wait_turn(page)
        wait_for_rules(page, "nile")
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.id") == "skip-to-actions"
        assert page.locator("#skip-to-actions").inner_text() == "Saltar a tus acciones"
        # the share of the focused element inside its board's frame and the window (1: whole)
        in_sight = """() => {
          const a = document.activeElement, frame = a.closest('.board-pan');
          if (!frame) return null;
          const r = a.getBoundingClientRect(), f = frame.getBoundingClientRect();
          if (r.width > frame.clientWidth || r.height > frame.clientHeight) return null;
          const w = Math.min(r.right, f.right, innerWidth) - Math.max(r.left, f.left, 0);
          const h = Math.min(r.bottom, f.bottom, innerHeight) - Math.max(r.top, f.top, 0);
          return [a.getAttribute('aria-label'), Math.max(0, w) * Math.max(0, h) / (r.width * r.height)];
        }"""
        seen = []
        for _ in range(80):
            page.keyboard.press("Tab")
            share = page.evaluate(in_sight)
            if share is not None:
                seen.append(share)
            elif seen:
                break  # past the board
        assert len(seen) >= 12  # the board's squares
        hidden = [name for name, part in seen if part < 0.99]
        assert not hidden, f"focused but not whole in sight: {hidden}"
    finally:
        ctx.close()


def test_ankh_fold_tabs_keep_the_focus_when_chosen_with_enter(server: str, page: Any) -> None:
    """In a narrow window Ankh's tracks and god boards are folded behind tabs: a tab chosen with
    Enter was drawn anew without a focus key, and the focus fell to the page's top."""
    made = api(
        server,
        "/api/tables",
        {"game": "ankh", "seed": 3, "options": {"players": 3}, "seats": AGAINST_RANDOM + AGAINST_RANDOM[1:]},
    )
    page.set_viewport_size({"width": 420, "height": 800})
    page.goto(f"{server}{made['links']['0']}")
    wait_turn(page)
    wait_for_rules(page, "ankh")
    tabs = page.locator("#board-area [role=tab]")
    assert tabs.count() >= 4  # the tracks, three god boards, the devotion
    chosen = tabs.nth(1).get_attribute("data-tab")
    tabs.nth(1).focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(f"#board-area [role=tab][data-tab='{chosen}'][aria-selected=true]")
    assert page.evaluate("document.activeElement.dataset.tab") == chosen
    assert page.locator(f"#fold-{chosen}").is_visible()


#: Draws an Ankh position with ankh.js as the table page does, redrawing on the board's own
#: choices (a kind of figure to summon) with the focus read before and given back after.
DRAW_ANKH = """
async ([view, seat]) => {
  const m = await import("/static/ankh.js");
  const { focusKey, restoreFocus } = await import("/static/common.js");
  const holder = document.body.appendChild(document.createElement("div"));
  holder.id = "harness";
  const ctx = { table: "t", seat, version: 1, actions: new Set(view.legal.map((a) => a.text)), play: () => {},
                rerender: () => { const key = focusKey(); draw(); restoreFocus(key); }, narrow: false };
  const draw = () => { const drawn = m.render(view, ctx); holder.replaceChildren(...drawn.controls, drawn.board); };
  draw();
}
"""


def test_ankh_a_kind_of_figure_chosen_with_enter_keeps_the_focus(server: str, page: Any) -> None:
    """Summoning with several kinds of figure in the pool, the buttons of the kinds (Warrior, a
    Guardian) redraw the board; they had no focus key, so Enter on one left the focus on the page."""
    state = make_game("ankh", {"players": 3}).new_initial_state(0)
    rng = random.Random(0)
    while len({str(a).split()[1] for a in state.legal_actions() if str(a).startswith("put ")}) < 2:
        state.apply(rng.choice(state.legal_actions()))
    obs = state.observation(state.current_player)
    legal = [str(a) for a in state.legal_actions()]
    page.goto(f"{server}/")
    page.wait_for_selector("body[data-ready=yes]")
    page.evaluate(DRAW_ANKH, [view_of(obs, legal), obs["seat"]])
    other = page.locator("#harness [data-summon-kind][aria-pressed=false]").first
    kind = other.get_attribute("data-summon-kind")
    other.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(f"#harness [data-summon-kind='{kind}'][aria-pressed=true]")
    assert page.evaluate("document.activeElement.dataset.summonKind") == kind
