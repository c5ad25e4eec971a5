"""Every term a game's table draws is explained where it is shown (issue 30, item 2): each text
of the board area, at a desktop's and a phone's width, in English and in every language the
game has rules texts in, sits in an element carrying ``data-term`` whose entry the page's rules
texts hold (rules.js findTerm), so that hovering, focusing or long-pressing it shows the entry
with its full rule one tap away.

What is not a term: the narration (``data-narration``: the last events, "Now: ..."), the
phone's zoom bar, and controls without a term of their own (a button says what it does).  A
term that groups several others (a panel: the action tracks, a god board, a temple) explains
only what no inner term does, and its title must then be a term of its own: the scan counts a
text whose nearest term holds more than one other term as unexplained ("broad")."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from netjer.core.texts import languages, load_texts
from tests.web.conftest import VIEWPORT, PageErrors
from tests.web.positions import table_in_play
from tests.web.test_browser import wait_for_rules, wait_turn

pytestmark = pytest.mark.slow

PHONE = {"width": 390, "height": 844}

#: Every visible text of the board area without an entry: {"bare": texts under no term,
#: "broad": texts whose nearest term is a group of terms, "unknown": data-term values the
#: page's rules texts lack, "checked": how many texts were looked at}.
UNEXPLAINED = """
async (game) => {
  const { loadRules, findTerm } = await import("/static/rules.js");
  const rules = await loadRules(game);
  const area = document.getElementById("board-area");
  const out = { bare: [], broad: [], unknown: [], checked: 0, language: rules.language };
  const walker = document.createTreeWalker(area, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.textContent.trim();
    const parent = n.parentElement;
    if (!text || !parent || parent.closest("title, desc, style, script")) continue;
    if (!parent.getClientRects().length) continue;
    const style = getComputedStyle(parent);
    if (style.visibility === "hidden" || style.display === "none") continue;
    if (parent.closest("[data-narration], .zoom-bar")) continue;
    const holder = parent.closest("[data-term]");
    if (!holder && parent.closest("button, [role=button], [role=switch], [role=tab]")) continue;
    out.checked += 1;
    if (!holder) out.bare.push(text.slice(0, 60));
    else if (holder.querySelectorAll("[data-term]").length > 1) {
      out.broad.push(`${holder.dataset.term}: ${text.slice(0, 50)}`);
    }
  }
  for (const node of area.querySelectorAll("[data-term]")) {
    if (!findTerm(rules, node.dataset.term)) out.unknown.push(node.dataset.term);
  }
  for (const key of ["bare", "broad", "unknown"]) out[key] = [...new Set(out[key])];
  return out;
}
"""

CASES = [
    pytest.param(game, language, size, None, id=f"{game}-{language}-{name}")
    for game in ("aton", "nile", "ankh")
    for language in languages(f"netjer.games.{game}")
    for name, size in (("desktop", VIEWPORT), ("phone", PHONE))
]
#: Later positions, with what a mid-game shows: Ankh's Battle cards face down and Bastet's cats.
CASES += [pytest.param("ankh", "en", VIEWPORT, (5, 45), id="ankh-en-desktop-later")]


@pytest.fixture
def new_page(browser: Any, page_errors: PageErrors) -> Iterator[Any]:
    """A factory of pages in a given language and window size (closed after the test)."""
    contexts: list[Any] = []

    def make(language: str, size: dict[str, int]) -> Any:
        ctx = browser.new_context(viewport=size, locale={"es": "es-ES", "de": "de-DE"}.get(language, "en-GB"))
        ctx.set_default_timeout(20_000)
        contexts.append(ctx)
        page = ctx.new_page()
        page.on("pageerror", lambda err: page_errors.append(f"page error: {err}"))
        return page

    yield make
    for ctx in contexts:
        ctx.close()
    assert not list(page_errors), "\n".join(page_errors)


def _open_table(server: str, page: Any, game: str, later: tuple[int, int] | None = None) -> None:
    """Seat 0's page of a table of ``game`` in mid-play (``later``: its seed and seat 0's
    number of decisions, else tests.web.positions' defaults)."""
    table = table_in_play(server, game) if later is None else table_in_play(server, game, *later)
    page.goto(f"{server}{table['links']['0']}")
    wait_turn(page)
    wait_for_rules(page, game)


@pytest.mark.parametrize(("game", "language", "size", "later"), CASES)
def test_every_text_of_the_table_is_a_term_with_an_entry(
    server: str, new_page: Any, game: str, language: str, size: dict[str, int], later: tuple[int, int] | None
) -> None:
    page = new_page(language, size)
    _open_table(server, page, game, later)
    found = page.evaluate(UNEXPLAINED, game)
    assert found["language"] == language
    assert found["checked"] >= 15, found  # the scan saw the board's texts
    assert found["bare"] == [], f"texts with no tip: {found['bare']}"
    assert found["broad"] == [], f"texts explained only by a panel's term: {found['broad']}"
    assert found["unknown"] == [], f"terms without a rules entry: {found['unknown']}"


#: A term the issue named per game, the element that draws it, and its entry.
NAMED = [
    ("nile", "[data-term=no-fight-count]", "no-fight-count"),
    ("nile", "[data-term=cemetery]", "cemetery"),
    ("aton", "[data-term=face-down-discard], [data-term=discard-pile]", None),
    ("aton", "[data-term=draw-pile]", "draw-pile"),
    ("ankh", "[data-term=start-space]", "start-space"),
    ("ankh", "[data-term=guardians]", "guardians"),
]


@pytest.mark.parametrize(("game", "selector", "entry"), NAMED)
def test_a_named_term_shows_its_line_and_opens_its_rule(
    server: str, page: Any, game: str, selector: str, entry: str | None
) -> None:
    """Hovering the term shows its entry's line; the tip's "Full rule" opens that entry."""
    _open_table(server, page, game)
    target = page.locator(f"#board-area {selector}").first
    wanted = entry or target.get_attribute("data-term")
    term = load_texts(f"netjer.games.{game}").term(wanted)
    target.hover()
    tip = page.locator("#term-tip")
    tip.wait_for()
    assert term.line in tip.inner_text()
    tip.locator("a[data-tip-term]").click()
    page.wait_for_selector(f"#rules .rule-target[data-term-entry='{wanted}']")


def test_the_rules_panel_says_what_to_click_and_shows_the_sources_on_demand(server: str, page: Any) -> None:
    """An entry shows its browser words (``web``), never the terminal's; its source shows only
    with "Show the sources" (issue 30 item 3: sources kept out of the text)."""
    _open_table(server, page, "nile")
    term = load_texts("netjer.games.nile").term("place")
    page.click("#rules-open")
    page.fill("#rules-search", "place")
    entry = page.locator("[data-term-entry=place]")
    entry.wait_for()
    assert term.web in entry.inner_text() and term.terminal not in entry.inner_text()
    source = entry.locator(".rule-source")
    assert source.is_hidden()
    page.check("#rules-sources")
    assert source.is_visible() and term.source in source.inner_text()
