"""Longer translations fit the drawn boards (issue 32): at a phone's 390 x 844 and a desktop's
1280 x 800, in English, Spanish and German, no label of the Aton board is overprinted by its
neighbour ("Tempel 2" by "außer Reichweite", "Rojo (tú) — le toca" by "17 puntos", "Punkte" by
the score track). Boxes are measured in the page (getBoundingClientRect), nothing is timed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import VIEWPORT, PageErrors
from tests.web.phone import PHONE
from tests.web.positions import table_in_play
from tests.web.test_browser import wait_turn

SIZES = {"phone": PHONE, "desktop": VIEWPORT}

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


@pytest.fixture(params=["en-GB", "es-ES", "de-DE"])
def locale(request: pytest.FixtureRequest) -> str:
    """The browser's language."""
    return str(request.param)


@pytest.fixture(params=sorted(SIZES))
def sized(browser: Any, page_errors: PageErrors, locale: str, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A page in ``locale`` at a phone's or a desktop's size (a phone's with touch)."""
    phone = request.param == "phone"
    ctx = browser.new_context(viewport=SIZES[request.param], locale=locale, has_touch=phone, is_mobile=phone)
    ctx.set_default_timeout(20_000)
    page = ctx.new_page()
    page.on("pageerror", lambda err: page_errors.append(f"page error: {err}"))
    try:
        yield page
    finally:
        ctx.close()
    assert not list(page_errors), "\n".join(page_errors)


@pytest.mark.slow
def test_aton_labels_do_not_overprint_each_other(server: str, sized: Any, locale: str, shots: Path) -> None:
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
