"""The table's look (issue 29) in Chromium: legible text and tap targets on every game's table at
1400 x 950 and 390 x 844 in the light and the dark theme, the lobby's form inside its panel at
every width, the last decisions marked on the board (nothing hidden in the marks, no animation
under prefers-reduced-motion), and the phone's first screen saying what to do."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.web.phone import MEASURE, PHONE
from tests.web.positions import call, my_view, table_in_play
from tests.web.test_review_browser import finished_aton

WIDE = {"width": 1400, "height": 950}
TURN = "body[data-my-turn=yes], body[data-finished=yes]"
#: Ankh's board art and sizes are another part of issue 29 (ankh.js): its pages are measured too,
#: and expected to fail until that part lands.
ANKH_ART = pytest.mark.xfail(reason="the Ankh board's art and sizes come with ankh.js's part of issue 29", strict=False)
GAMES = ["aton", "nile", pytest.param("ankh", marks=ANKH_ART)]

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def in_play(server: str) -> dict[str, dict[str, Any]]:
    """One table of each game in mid-play, seat 0 (a person) to act."""
    return {game: table_in_play(server, game) for game in ("aton", "nile", "ankh")}


def open_page(browser: Any, size: dict[str, int], theme: str, **extra: Any) -> Any:
    phone = size == PHONE
    ctx = browser.new_context(viewport=size, color_scheme=theme, has_touch=phone, is_mobile=phone, **extra)
    ctx.set_default_timeout(20_000)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.errors = errors
    return page


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("size", ["wide", "phone"])
@pytest.mark.parametrize("game", GAMES)
def test_every_table_is_legible(
    browser: Any, server: str, in_play: dict[str, Any], shots: Path, game: str, size: str, theme: str
) -> None:
    viewport, min_text = (WIDE, 11) if size == "wide" else (PHONE, 12)
    page = open_page(browser, viewport, theme)
    try:
        page.goto(f"{server}{in_play[game]['links']['0']}")
        page.wait_for_selector(TURN, state="attached")
        page.wait_for_function("document.querySelector('#aid h3')")  # the aid's rules texts are drawn
        page.screenshot(path=str(shots / f"{game}-{size}-{theme}.png"))
        m = page.evaluate(MEASURE, [40, min_text])
        assert m["scrollWidth"] <= m["width"], f"the page scrolls sideways: {m['scrollWidth']} px"
        assert not m["tiny"], f"text under {min_text} px: {m['tiny'][:10]}"
        if size == "phone":
            assert not m["small"], f"tap targets under 40 px: {m['small'][:10]}"
        assert not page.errors
    finally:
        page.context.close()


LOBBY_OVERFLOW = """() => {
  const out = [];
  for (const panel of document.querySelectorAll('.lobby .panel')) {
    const box = panel.getBoundingClientRect();
    for (const e of panel.querySelectorAll('*')) {
      const r = e.getBoundingClientRect();
      if (!r.width || !r.height || e.closest('.hidden, [hidden]')) continue;
      if (getComputedStyle(e).visibility === 'hidden') continue;
      const at = (a, b) => `${Math.round(a)}-${Math.round(b)}`;
      if (r.right > box.right + 0.5 || r.left < box.left - 0.5) {
        out.push(`${e.tagName}#${e.id} ${at(r.left, r.right)} in ${at(box.left, box.right)}`);
      }
    }
  }
  return {out, scroll: document.documentElement.scrollWidth, width: innerWidth};
}"""


@pytest.mark.parametrize("width", [360, 390, 768, 1024, 1400, 1920])
def test_the_lobby_fits_its_panels(browser: Any, server: str, width: int) -> None:
    page = open_page(browser, {"width": width, "height": 900}, "light")
    try:
        page.goto(f"{server}/")
        page.wait_for_selector("body[data-ready=yes]")
        for game in ("ankh", "aton", "nile"):
            page.select_option("#game", game)
            page.click("#options-box summary")  # open: the options' fields measured too
            result = page.evaluate(LOBBY_OVERFLOW)
            assert result["scroll"] <= result["width"], f"{game}: the page scrolls sideways"
            assert not result["out"], f"{game} at {width} px: {result['out'][:8]}"
            page.click("#options-box summary")
        assert page.locator(".game-card").count() == 3  # each game's card, with its picture
        assert page.locator(".game-card svg").count() == 3
    finally:
        page.context.close()


def marked_keys(page: Any, selector: str) -> set[str]:
    keys: list[str] = page.locator(f"#board-area {selector}.last-move").evaluate_all(
        "els => els.map(e => e.dataset.key)"
    )
    return set(keys)


def changed_squares(game: str, before: dict[str, Any], after: dict[str, Any]) -> set[str]:
    """The data-keys of the squares that differ between two observations (the replay's)."""
    if game == "aton":
        return {
            f"sq-{t + 1}-{i}"
            for t, temple in enumerate(after["board"])
            for i, square in enumerate(temple)
            if square["owner"] != before["board"][t][i]["owner"]
        }
    return {
        f"sq-{after['square_names'][r][c]}"
        for r, row in enumerate(after["board"])
        for c, cell in enumerate(row)
        if cell != before["board"][r][c]
    }


def play_first_legal(page: Any) -> int:
    """Click seat 0's first legal action in the list; returns the version it was played at."""
    version = int(page.evaluate("document.body.dataset.version"))
    page.locator("#legal button[data-action]").first.click()
    page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=version)
    page.wait_for_selector(TURN, state="attached")
    return version


def marks_through_a_game(page: Any, server: str, table: dict[str, Any], game: str, shot: Path) -> int:
    """Play seat 0's first legal action until the computer has changed squares twice (or the game
    ends); after each of its answers, check the marks. Returns how many squares were marked."""
    page.goto(f"{server}{table['links']['0']}")
    page.wait_for_selector(TURN, state="attached")
    seen = 0
    for _ in range(30):
        played_at = play_first_legal(page)
        now = int(page.evaluate("document.body.dataset.version"))
        steps = call(server, f"/api/tables/{table['id']}/replay?seat=0", token=table["tokens"]["0"])["steps"]
        # the marks count from the view that answered seat 0's decision (version played_at + 1)
        expected = changed_squares(game, steps[played_at + 1]["observation"], steps[now]["observation"])
        assert marked_keys(page, ".square") == expected, f"after version {played_at}"
        seen += len(expected)
        if expected:
            page.wait_for_function("document.getAnimations().length === 0")  # the picture: moves ended
            page.screenshot(path=str(shot))
        # nothing hidden: keys name places and token numbers only, the opponent's face-down
        # tokens carry no value in the page, and a mark is a bare outline
        keys = page.locator("#board-area [data-key]").evaluate_all("els => els.map(e => e.dataset.key)")
        aton_keys = r"sq-\d-\d+|stone-\d-\d+|score-\d|kingdom-\d|cartouche-\d-\d"
        pattern = aton_keys if game == "aton" else r"sq-[a-z]\d|tok-\d+"
        assert all(re.fullmatch(pattern, k) for k in keys), keys
        hidden = page.locator("#board-area [data-owner='1'][data-face=down]")
        assert all(v is None for v in hidden.evaluate_all("els => els.map(e => e.dataset.value ?? null)"))
        marks = page.locator("#board-area .mark-ring").evaluate_all("els => els.map(e => e.getAttributeNames())")
        assert all(set(m) <= {"class", "x", "y", "width", "height", "rx", "aria-hidden"} for m in marks)
        if seen >= 2 or page.evaluate("document.body.dataset.finished") == "yes":
            break
    return seen


@pytest.mark.parametrize("game", ["aton", "nile"])
def test_the_computers_move_is_marked_on_the_board_and_nothing_else(
    browser: Any, server: str, shots: Path, game: str
) -> None:
    page = open_page(browser, WIDE, "light")
    try:
        seen = 0
        for seed in range(5, 10):  # a game the random player ends before changing a square: another
            table = table_in_play(server, game, seed=seed, decisions=1)
            seen = marks_through_a_game(page, server, table, game, shots / f"{game}-last-move.png")
            if seen:
                break
        assert seen >= 1, "the computer never changed a square"
        assert not page.errors
    finally:
        page.context.close()


#: In the page: count every Element.animate() call from now on (window.__animations).
COUNT_ANIMATIONS = """() => {
  window.__animations = 0;
  const original = Element.prototype.animate;
  Element.prototype.animate = function (...args) { window.__animations += 1; return original.apply(this, args); };
}"""


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_moves_are_animated_except_under_reduced_motion(browser: Any, server: str, motion: str) -> None:
    table = table_in_play(server, "nile", seed=7, decisions=1)
    page = open_page(browser, WIDE, "light", reduced_motion=motion)
    try:
        page.goto(f"{server}{table['links']['0']}")
        page.wait_for_selector(TURN, state="attached")
        page.evaluate(COUNT_ANIMATIONS)
        for _ in range(3):
            play_first_legal(page)
        count = page.evaluate("window.__animations")
        if motion == "reduce":
            assert count == 0 and page.evaluate("document.getAnimations().length") == 0
        else:
            assert count > 0  # the same moves animate when motion is welcome
    finally:
        page.context.close()


@pytest.mark.parametrize("game", ["aton", "nile", "ankh"])
def test_the_phone_first_screen_says_what_to_do(browser: Any, server: str, in_play: dict[str, Any], game: str) -> None:
    page = open_page(browser, PHONE, "light")
    try:
        page.goto(f"{server}{in_play[game]['links']['0']}")
        page.wait_for_selector("body[data-my-turn=yes]", state="attached")
        my_view(server, in_play[game])  # still seat 0's turn
        inside = """(e) => { const r = e.getBoundingClientRect();
          return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; }"""
        assert page.locator("#status").evaluate(inside), "the status is out of sight"
        assert page.locator("#controls .prompt").evaluate(inside), "the prompt is out of sight"
        header = page.locator("header.top").bounding_box()
        assert header["height"] <= 56, f"the header takes {header['height']} px"
        targets = page.locator('#board-area [role="button"]')
        shown = targets.evaluate_all(
            """els => els.filter(e => { const r = e.getBoundingClientRect(); const f = e.closest('.board-pan');
                 const b = f ? f.getBoundingClientRect() : {top: 0, left: 0, bottom: innerHeight, right: innerWidth};
                 return r.width > 0 && r.top >= Math.max(0, b.top) && r.bottom <= Math.min(innerHeight, b.bottom)
                   && r.left >= Math.max(0, b.left) && r.right <= Math.min(innerWidth, b.right); }).length"""
        )
        assert shown >= 1, "no legal target in sight"
        assert page.evaluate("window.scrollY") == 0
        # one tap to the player aid
        page.click("#quick-aid")
        page.wait_for_selector("#aid-panel h3", state="visible")
    finally:
        page.context.close()


def test_the_replay_marks_each_steps_changes(browser: Any, server: str) -> None:
    table, tokens = finished_aton(server, seed=4)
    steps = call(server, f"/api/tables/{table}/replay?seat=0", token=tokens["0"])["steps"]
    page = open_page(browser, WIDE, "light", reduced_motion="reduce")
    try:
        page.goto(f"{server}/table/{table}#seat=0&token={tokens['0']}&replay")
        page.wait_for_selector("body[data-mode=replay]", state="attached")
        marked_steps = 0
        for index in range(1, min(len(steps), 60)):
            page.click("#replay-next")
            page.wait_for_selector(f"body[data-replay-step='{index}']", state="attached")
            expected = changed_squares("aton", steps[index - 1]["observation"], steps[index]["observation"])
            assert marked_keys(page, ".square") == expected, f"step {index}: {steps[index]['action']}"
            marked_steps += bool(expected)
        assert marked_steps >= 3  # stones were placed in those steps, and each was marked
        assert not page.errors
    finally:
        page.context.close()
