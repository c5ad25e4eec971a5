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
GAMES = ["aton", "nile", "ankh"]

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


def ankh_hexes(obs: dict[str, Any]) -> dict[str, list[str]]:
    """What stands on each Ankh hex in an observation: hex name -> sorted descriptions of its
    pieces (kind, owner, aim) and the gods' marks on it (Underworld, Radiant, Seth, cats)."""
    on: dict[str, list[str]] = {}
    for p in obs["pieces"]:
        on.setdefault(p["hex"], []).append(f"{p['kind']}:{p['owner']}:{p.get('aim') or ''}")
    powers = obs.get("god_powers") or {}
    marks = [
        (powers.get("osiris") or {}).get("underworld", []),
        (powers.get("ra") or {}).get("radiant", []),
        (powers.get("seth") or {}).get("controls", []),
        (powers.get("bastet") or {}).get("face_down_on_board", []),
    ]
    for kind, hexes in zip(("underworld", "radiant", "seth", "cat:down"), marks, strict=True):
        for hx in hexes:
            on.setdefault(hx, []).append(kind)
    for cat in (powers.get("bastet") or {}).get("face_up", []):
        on.setdefault(cat["at"], []).append(f"cat:up:{cat['cat']}")
    return {hx: sorted(what) for hx, what in on.items()}


def ankh_changed_hexes(before: dict[str, Any], after: dict[str, Any]) -> set[str]:
    """The data-keys of the Ankh hexes whose pieces or marks differ between two observations."""
    a, b = ankh_hexes(before), ankh_hexes(after)
    return {f"hex:{hx}" for hx in set(a) | set(b) if a.get(hx, []) != b.get(hx, [])}


#: Every data-key the Ankh board may carry: places, figures by owner, kind and hex, token numbers.
ANKH_KEYS = (
    r"(hex|monument|underworld|radiant|seth|protected|cat):\d+,\d+|figure:\d:(god|[a-z-]+:\d+,\d+)"
    r"|camel:\d+,\d+\|\d+,\d+|token:\d+|eye:\d+|marker:[a-z]+|devotion:\d"
)


def test_the_computers_ankh_move_is_marked_on_the_board_and_nothing_else(
    browser: Any, server: str, shots: Path
) -> None:
    page = open_page(browser, WIDE, "light")
    try:
        table = table_in_play(server, "ankh", seed=5, decisions=1)
        page.goto(f"{server}{table['links']['0']}")
        page.wait_for_selector(TURN, state="attached")
        seen = 0
        for _ in range(30):
            played_at = play_first_legal(page)
            now = int(page.evaluate("document.body.dataset.version"))
            steps = call(server, f"/api/tables/{table['id']}/replay?seat=0", token=table["tokens"]["0"])["steps"]
            expected = ankh_changed_hexes(steps[played_at + 1]["observation"], steps[now]["observation"])
            assert marked_keys(page, ".hex") == expected, f"after version {played_at}"
            seen += len(expected)
            if expected:
                page.wait_for_function("document.getAnimations().length === 0")
                page.screenshot(path=str(shots / "ankh-last-move.png"))
            keys = page.locator("#board-area [data-key]").evaluate_all("els => els.map(e => e.dataset.key)")
            odd = [k for k in keys if not re.fullmatch(ANKH_KEYS, k)]
            assert keys and not odd, odd
            marks = page.locator("#board-area .mark-ring").evaluate_all("els => els.map(e => e.getAttributeNames())")
            assert all(set(m) <= {"class", "x", "y", "width", "height", "rx", "aria-hidden"} for m in marks)
            if seen >= 2 or page.evaluate("document.body.dataset.finished") == "yes":
                break
        assert seen >= 1, "the computers never changed a hex"
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


def test_the_phones_your_hand_opens_the_ankh_god_board(browser: Any, server: str, in_play: dict[str, Any]) -> None:
    """On a phone, "Your hand" brings the seat's own god board into sight, opening its tab."""
    page = open_page(browser, PHONE, "light")
    try:
        page.goto(f"{server}{in_play['ankh']['links']['0']}")
        page.wait_for_selector("body[data-my-turn=yes]", state="attached")
        own = page.locator('#board-area [data-own="yes"]')
        assert own.count() == 1 and own.get_attribute("data-god") is not None  # the viewing seat's god board
        page.click("#quick-own")
        page.wait_for_selector('#board-area .fold-panel:not(.hidden) [data-own="yes"]', state="attached")
        box = page.locator('#board-area [data-own="yes"]').bounding_box()
        assert box and box["width"] > 0 and 0 <= box["y"] < 844, box
        assert not page.errors
    finally:
        page.context.close()


#: The phone frame's board: its zoom and scale, the board's and the frame's widths, the shortest
#: side of its buttons and its smallest text (px, as drawn).
FRAME = """() => {
  const f = document.querySelector('#board-area .board-pan');
  const b = f.querySelector('svg.board');
  const taps = [...b.querySelectorAll('[role=button]')].map((n) => {
    const r = n.getBoundingClientRect(); return Math.min(r.width, r.height); });
  let text = 99;
  for (const n of b.querySelectorAll('text')) {
    if (!n.textContent.trim()) continue;
    const m = n.getScreenCTM();
    const size = parseFloat(getComputedStyle(n).fontSize) * (m ? Math.hypot(m.a, m.b) : 1);
    if (size > 0) text = Math.min(text, size);
  }
  return { zoom: f.dataset.zoom, scale: parseFloat(f.dataset.scale), board: b.getBoundingClientRect().width,
           frame: f.clientWidth, tap: Math.min(...taps), text };
}"""


@pytest.mark.parametrize("game", GAMES)
def test_the_phones_map_opens_legible_and_fit_read_shows_it_whole(
    browser: Any, server: str, in_play: dict[str, Any], game: str
) -> None:
    """docs/decisions/0021: Aton's and Nile's boards fit the phone's width and are legible as
    they open; Ankh's map opens at reading size (wider than the frame, text and buttons at the
    phone's minimums) and "Fit / Read" shows it whole, under those minimums."""
    page = open_page(browser, PHONE, "light")
    try:
        page.goto(f"{server}{in_play[game]['links']['0']}")
        page.wait_for_selector("body[data-my-turn=yes]", state="attached")
        page.wait_for_selector("#board-area .board-pan svg.board")
        read = page.evaluate(FRAME)
        assert read["zoom"] == "1"
        assert read["text"] >= 12 - 0.01 and read["tap"] >= 40 - 0.5, read
        if game != "ankh":
            assert read["scale"] == 1.0 and read["board"] <= read["frame"], read  # fitted as it opens
            return
        assert read["board"] > read["frame"] * 1.2, read
        page.click("#board-area [data-zoom=fit]")
        page.wait_for_selector("#board-area .board-pan[data-zoom=fit]")
        fit = page.evaluate(FRAME)
        assert fit["board"] <= fit["frame"], fit
        assert fit["text"] < 12 and fit["tap"] < 40, fit  # why it is not the default (0021)
        assert not page.errors
    finally:
        page.context.close()


def test_the_phones_aton_score_track_is_not_covered(browser: Any, server: str, in_play: dict[str, Any]) -> None:
    """On a phone the word Score ends before the track's first space, and no space covers a number."""
    page = open_page(browser, PHONE, "light")
    try:
        page.goto(f"{server}{in_play['aton']['links']['0']}")
        page.wait_for_selector("#board-area .score-track", state="attached")
        found = page.locator("#board-area .score-track").evaluate(
            """g => { const rects = [...g.querySelectorAll('rect')]; const label = g.querySelector('.score-label');
                 const numbers = [...g.querySelectorAll('.score-number')];
                 const last = rects[rects.length - 1];
                 return { gap: rects[0].getBoundingClientRect().left - label.getBoundingClientRect().right,
                          numbersAfterSpaces: numbers.length > 0 && numbers.every(n =>
                            last.compareDocumentPosition(n) & Node.DOCUMENT_POSITION_FOLLOWING) }; }"""
        )
        assert found["gap"] >= 0, f"Score overlaps the track by {-found['gap']:.1f} px"
        assert found["numbersAfterSpaces"], "a space is drawn over a number"
    finally:
        page.context.close()


def test_nile_rings_the_soldiers_that_can_act(browser: Any, server: str) -> None:
    """In combat, each of the seat's soldiers that may move or attack is ringed (the prompt says
    "click one of your soldiers"), and no other square is."""
    table = table_in_play(server, "nile", seed=7, decisions=1)
    page = open_page(browser, WIDE, "light")
    try:
        page.goto(f"{server}{table['links']['0']}")
        page.wait_for_selector(TURN, state="attached")
        for _ in range(30):
            if page.locator('#board-area [data-selectable="yes"]').count():
                break
            if page.evaluate("document.body.dataset.finished") == "yes":
                pytest.skip("the game ended before a combat phase")
            play_first_legal(page)
        selectable = page.locator('#board-area [data-selectable="yes"]').count()
        assert selectable >= 1
        ringed = page.locator("#board-area .select-ring").evaluate_all(
            "els => els.map(e => e.parentElement.dataset.selectable || '')"
        )
        assert ringed == ["yes"] * selectable
        assert not page.errors
    finally:
        page.context.close()
