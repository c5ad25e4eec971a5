"""The table's words on a phone and a desktop in English, Spanish and German (issue 32), at a
phone's 390 x 844 (touch) and a desktop's 1280 x 800: no label of the Aton board is overprinted
by its neighbour ("Tempel 2" by "außer Reichweite", "Rojo (tú) — le toca" by "17 puntos",
"Punkte" by the score track), measured in the page (getBoundingClientRect), nothing timed; the
hints say "tap" on a phone and "click" on a desktop; the lobby names Aton's layout by its title."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import VIEWPORT, PageErrors, new_page
from tests.web.phone import PHONE
from tests.web.positions import table_in_play
from tests.web.test_browser import wait_turn

SIZES = {"phone": PHONE, "desktop": VIEWPORT}

#: The first word of Aton's "Click a highlighted square to place a stone" on each kind of screen.
PLACE_HINT = {
    "en-GB": {"phone": "Tap a highlighted square", "desktop": "Click a highlighted square"},
    "es-ES": {"phone": "Toca una casilla resaltada", "desktop": "Haz clic en una casilla resaltada"},
    "de-DE": {"phone": "Tippe ein hervorgehobenes Feld", "desktop": "Klicke ein hervorgehobenes Feld"},
}

#: Aton's default layout ("proposal", a data file's name) as the lobby names it.
LAYOUT_TITLE = {"en-GB": "our reconstruction", "es-ES": "nuestra reconstrucción", "de-DE": "unsere Rekonstruktion"}

#: In the page: the pairs of boxes of the Aton board that overlap, as "label / label" lines.
OVERLAPS = """() => {
  const box = (e) => e.getBoundingClientRect();
  const meet = (a, b) => {
    const p = box(a), q = box(b);
    return p.width > 0 && q.width > 0 && p.left < q.right - 0.5 && q.left < p.right - 0.5
      && p.top < q.bottom - 0.5 && q.top < p.bottom - 0.5;
  };
  const name = (e) => `${e.getAttribute("class") || e.tagName}[${e.textContent.trim()}]`;
  const out = [];
  const pairs = [];
  for (const temple of document.querySelectorAll("svg.aton g.temple")) {
    const heading = temple.querySelector('g[data-term="temple"] > text');
    for (const other of temple.querySelectorAll("text.out-of-reach")) pairs.push([heading, other]);
  }
  for (const seat of document.querySelectorAll("svg.aton g.player")) {
    pairs.push([seat.querySelector("text.seat-heading"), seat.querySelector("text[data-score]")]);
  }
  const track = document.querySelector("svg.aton .score-track");
  pairs.push([track.querySelector("text.score-label"), track.querySelector("rect")]);
  for (const [a, b] of pairs) if (meet(a, b)) out.push(`${name(a)} / ${name(b)}`);
  return { overlaps: out, outOfReach: document.querySelectorAll("svg.aton text.out-of-reach").length };
}"""


#: In the page: Dioses del Nilo's seat headings that meet the hourglass or its label beside them.
NILE_OVERLAPS = """() => {
  const meet = (p, q) => p.left < q.right - 0.5 && q.left < p.right - 0.5
    && p.top < q.bottom - 0.5 && q.top < p.bottom - 0.5;
  const out = [];
  for (const panel of document.querySelectorAll("svg.board .side-panel")) {
    const heading = panel.querySelector("text.seat-heading").getBoundingClientRect();
    for (const other of panel.querySelectorAll(".hourglass, text[data-fit-id]")) {
      if (meet(heading, other.getBoundingClientRect())) out.push(`${panel.dataset.side}: ${other.textContent.trim()}`);
    }
  }
  return out;
}"""


@pytest.fixture(params=["en-GB", "es-ES", "de-DE"])
def locale(request: pytest.FixtureRequest) -> str:
    """The browser's language."""
    return str(request.param)


@pytest.fixture(params=sorted(SIZES))
def kind(request: pytest.FixtureRequest) -> str:
    """A phone's or a desktop's screen."""
    return str(request.param)


@pytest.fixture
def sized(browser: Any, page_errors: PageErrors, locale: str, kind: str) -> Iterator[Any]:
    """A page in ``locale`` at a phone's or a desktop's size (a phone's with touch)."""
    phone = kind == "phone"
    yield from new_page(browser, page_errors, viewport=SIZES[kind], locale=locale, has_touch=phone, is_mobile=phone)


@pytest.mark.slow
def test_aton_labels_do_not_overprint_each_other(server: str, sized: Any, locale: str, kind: str, shots: Path) -> None:
    # seed 3, 4 decisions: the placing of stones with 2 temples allowed, seat 0 to act
    table = table_in_play(server, "aton", seed=3, decisions=4)
    sized.goto(f"{server}{table['links']['0']}")
    wait_turn(sized)
    found = sized.evaluate(OVERLAPS)
    width = sized.viewport_size["width"]
    sized.screenshot(path=str(shots / f"aton-labels-{locale}-{width}.png"), full_page=True)
    assert found["outOfReach"] == 2  # temples 3 and 4 are out of reach: the case that overlapped
    assert found["overlaps"] == [], found["overlaps"]
    # a label cut short keeps its whole text as its tooltip and accessible name
    cut = sized.evaluate("""() => [...document.querySelectorAll("svg.aton text[data-fit] > title")].map(
      (title) => [title.parentElement.firstChild.data.replace("…", ""), title.textContent,
                  title.parentElement.getAttribute("aria-label")])""")
    for shown, whole, name in cut:
        assert whole.startswith(shown) and name == whole
    # the hint is a whole message of its own for a touch screen ("Toca…", not "Haz clic…")
    assert sized.locator("#controls .prompt").text_content().startswith(PLACE_HINT[locale][kind])


def test_the_lobby_names_atons_layout_by_its_title(server: str, sized: Any, locale: str) -> None:
    sized.goto(f"{server}/")
    sized.wait_for_selector("body[data-ready=yes]")
    sized.select_option("#game", "aton")
    layout = sized.locator("#opt-layout")
    assert layout.evaluate("e => e.tagName") == "SELECT"
    assert layout.input_value() == "proposal"  # the value sent stays the data file's name
    assert layout.locator("option:checked").text_content() == LAYOUT_TITLE[locale]


#: How a board's hint begins on each kind of screen (a whole message of its own, not a rewrite);
#: Dioses del Nilo's Spanish hints say "Pulsa" (press) where Ankh's say "Haz clic".
HINT_START = {
    "en-GB": {"phone": ("Tap ",), "desktop": ("Click ",)},
    "es-ES": {"phone": ("Toca ",), "desktop": ("Haz clic ", "Pulsa ")},
    "de-DE": {"phone": ("Tippe ",), "desktop": ("Klicke ",)},
}


@pytest.mark.slow
@pytest.mark.parametrize("game", ["nile", "ankh"])
def test_the_hints_say_tap_on_a_phone_and_click_on_a_desktop(
    server: str, sized: Any, locale: str, kind: str, game: str
) -> None:
    # seed 3 at GAMES' mid-play: Nile's seat 0 picks a soldier, Ankh's seat 0 moves a figure
    table = table_in_play(server, game, seed=3)
    sized.goto(f"{server}{table['links']['0']}")
    wait_turn(sized)
    hint = sized.locator("#controls .prompt").text_content()
    assert hint.startswith(HINT_START[locale][kind]), hint
    if kind == "phone":
        assert not any(word in hint.lower() for word in ("click", "clic", "klick")), hint
    if game == "nile":  # the seat to act: "Seth (tú) — le toca" beside the hourglass
        assert sized.locator("svg.board .side-panel .hourglass").count() == 1
        assert sized.evaluate(NILE_OVERLAPS) == []
