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

from netjer import i18n
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


# ---------- the German tester's findings (issue 32): Ankh's Battle and god boards, Aton's
# cartouches on a phone, the lessons' choices, the phone's headers and folded sections ----------

#: In the page: pairs of the Ankh board's words that overprint each other — the Battle's head and
#: its tie-breaker line, a god's strength under its card and the other gods' slots, another god's
#: "7 cards in hand · used:" and its used cards (or "none") — as "text / text" lines.
ANKH_OVERLAPS = """() => {
  const meet = (a, b) => {
    const p = a.getBoundingClientRect(), q = b.getBoundingClientRect();
    return p.width > 0 && q.width > 0 && p.left < q.right - 0.5 && q.left < p.right - 0.5
      && p.top < q.bottom - 0.5 && q.top < p.bottom - 0.5;
  };
  const words = (e) => e.textContent.trim();
  const out = [];
  const head = document.querySelector("#board-area [data-battle-head]");
  const tie = document.querySelector("#board-area [data-tiebreaker]");
  if (head && tie && meet(head, tie)) out.push(`${words(head)} / ${words(tie)}`);
  for (const bits of document.querySelectorAll("#board-area [data-battle-bits]")) {
    for (const other of document.querySelectorAll("#board-area .battle-god")) {
      if (other.dataset.god !== bits.dataset.battleBits && meet(bits, other)) {
        out.push(`${words(bits)} / ${words(other)}`);
      }
    }
  }
  for (const hand of document.querySelectorAll("#board-area [data-hand-words]")) {
    const board = hand.closest(".god-board");
    for (const other of board.querySelectorAll(".card, text")) {
      const level = Math.abs(other.getBoundingClientRect().top - hand.getBoundingClientRect().top) < 30;
      if (other !== hand && !other.contains(hand) && level && meet(hand, other)) {
        out.push(`${words(hand)} / ${words(other)}`);
      }
    }
  }
  return out;
}"""


def play_lesson_to(page: Any, server: str, name: str, number: int, language: str) -> dict[str, Any]:
    """Open lesson ``name`` and answer its steps (the scripted decision) up to step ``number``;
    returns that step as GET /api/lessons/{name} gives it."""
    from tests.web.positions import call  # noqa: PLC0415 - one helper of the module

    lesson = call(server, f"/api/lessons/{name}?lang={language}")
    page.goto(f"{server}/learn/{name}")
    page.locator("#begin").click()
    for step in lesson["steps"][: number - 1]:
        if step["expect"] is None:
            page.locator("#next").click()
        else:
            page.locator(f'#choices button[data-action="{step["expect"]}"]').click()
    shown: dict[str, Any] = lesson["steps"][number - 1]
    page.locator("#step-title").filter(
        has_text=i18n.gettext("Step {number} of {count}", language).format(number=number, count=len(lesson["steps"]))
    ).wait_for()
    return shown


@pytest.mark.slow
@pytest.mark.parametrize("locale", ["es-ES", "de-DE"])
def test_ankh_battle_and_god_boards_words_do_not_overprint(
    server: str, sized: Any, locale: str, kind: str, shots: Path
) -> None:
    """The first lesson's Battle (step 10: the cards revealed, Ra the stronger): the strength and
    the win are one message of the page's language ("St. 6 wins" was a clipped word and English),
    and no word of the Battle box or of Isis's board runs into another (crop1/crop2.png)."""
    language = locale[:2]
    step = play_lesson_to(sized, server, "ankh", 10, language)
    battle = step["observation"]["battle"]
    winner = battle["winner"]
    if kind == "phone":  # the Battle is in the tracks' tab, each god board in its own
        assert sized.locator("#board-area [data-battle-head]").is_visible()
    sized.wait_for_timeout(300)
    found = sized.evaluate(ANKH_OVERLAPS)
    other = next(g["god"] for g in step["observation"]["gods"] if g["god"] != step["observation"]["god"])
    if kind == "phone":
        sized.locator(f"#board-area [role=tab][data-tab='god-{other}']").click()
        found += sized.evaluate(ANKH_OVERLAPS)
    width = sized.viewport_size["width"]
    sized.screenshot(path=str(shots / f"ankh-battle-words-{locale}-{width}.png"), full_page=True)
    assert found == [], found
    bits = sized.locator(f"#board-area [data-battle-bits='{winner}']").text_content()
    wins = i18n.gettext("Strength {n}, wins", language).format(n=battle["strength"][str(winner)])
    assert bits == wins and "wins" not in bits
    loser = next(g for g in battle["strength"] if int(g) != winner)
    shown = sized.locator(f"#board-area [data-battle-bits='{loser}']").text_content()
    assert shown == i18n.gettext("Strength {n}", language).format(n=battle["strength"][loser])
    hand = sized.locator(f"#board-area [data-hand-words='{other}']")
    n = len(next(g for g in step["observation"]["gods"] if g["god"] == other)["hand"])
    words = i18n.ngettext("{n} card in hand · used:", "{n} cards in hand · used:", n, language)
    assert hand.text_content() == words.format(n=n)


#: In the page: Aton's cartouche roles that overprint each other, and the face-down word of a card
#: that is cut or wider than its card, as lines.
ATON_CARTOUCHES = """() => {
  const out = [];
  for (const seat of document.querySelectorAll("svg.aton g.player")) {
    const labels = [...seat.querySelectorAll("text.card-label")];
    for (let i = 1; i < labels.length; i += 1) {
      const p = labels[i - 1].getBoundingClientRect(), q = labels[i].getBoundingClientRect();
      if (p.right > q.left + 0.5) out.push(`${labels[i - 1].textContent} / ${labels[i].textContent}`);
    }
    for (const label of labels) if (label.textContent.includes("…")) out.push(`cut: ${label.textContent}`);
  }
  for (const card of document.querySelectorAll("svg.aton g.card[data-face-down=true]")) {
    const word = [...card.querySelectorAll("text")].find((e) => e.getAttribute("y") === "15");
    const box = card.querySelector("rect").getBoundingClientRect(), w = word.getBoundingClientRect();
    const outside = w.left < box.left - 0.5 || w.right > box.right + 0.5;
    if (word.textContent.includes("…") || outside) out.push(`hidden: ${word.textContent}`);
  }
  return { problems: out, faceDown: document.querySelectorAll("svg.aton g.card[data-face-down=true]").length,
           labels: document.querySelectorAll("svg.aton g.player text.card-label").length };
}"""


@pytest.mark.slow
@pytest.mark.parametrize("locale", ["es-ES", "de-DE"])
def test_aton_cartouches_roles_and_face_down_word_fit(
    server: str, sized: Any, locale: str, kind: str, shots: Path
) -> None:
    """Seed 3 after 14 decisions: seat 0's card on cartouche 1 is face down. Its word
    ("verdeckt") lies whole on the card, and the roles under the cartouches do not run together
    ("PunkteReihenfolgeTempel" on a phone: crop3.png)."""
    table = table_in_play(server, "aton", seed=3, decisions=14)
    sized.goto(f"{server}{table['links']['0']}")
    wait_turn(sized)
    found = sized.evaluate(ATON_CARTOUCHES)
    width = sized.viewport_size["width"]
    sized.screenshot(path=str(shots / f"aton-cartouches-{locale}-{width}.png"), full_page=True)
    assert found["faceDown"] >= 1 and found["labels"] == 8  # each seat's four cartouches' roles
    assert found["problems"] == [], found["problems"]


@pytest.mark.slow
@pytest.mark.parametrize("locale", ["es-ES", "de-DE"])
def test_a_lessons_choices_say_what_they_do_in_the_pages_language(server: str, sized: Any, locale: str) -> None:
    """The first Ankh lesson's first decision: each choice shows its notation and, under it, its
    rules entry's line in the page's language, as the table's legal list does (bare notation told
    a learner nothing)."""
    from tests.web.positions import call  # noqa: PLC0415 - one helper of the module

    language = locale[:2]
    step = play_lesson_to(sized, server, "ankh", 1, language)
    rules = {term["id"]: term for term in call(server, f"/api/games/ankh/rules?lang={language}")["terms"]}
    sized.evaluate("async () => { await (await import('/static/rules.js')).loadRules('ankh'); }")
    for entry in step["legal"]:
        button = sized.locator(f'#choices button[data-action="{entry["text"]}"]')
        assert button.locator(".legal-text").text_content() == entry["text"]
        meaning = button.locator(".legal-meaning").text_content()
        assert meaning == rules[entry["term"]]["line"] and meaning != entry["meaning"], (entry, meaning)


@pytest.mark.slow
@pytest.mark.parametrize("locale", ["es-ES", "de-DE"])
def test_a_phones_headers_wrap_and_its_folded_sections_show_a_marker(
    browser: Any, page_errors: PageErrors, server: str, locale: str
) -> None:
    """On a phone: "You are …" and a lesson's title wrap rather than being cut with "…", the
    Rules search's placeholder is its short name, and a summary (drawn as a flex box) still
    shows its disclosure triangle (the player aid's folded sections looked empty)."""
    language = locale[:2]
    for page in new_page(browser, page_errors, viewport=PHONE, locale=locale, has_touch=True, is_mobile=True):
        table = table_in_play(server, "ankh", seed=3)
        page.goto(f"{server}{table['links']['0']}")
        wait_turn(page)
        cut = "(e) => e.scrollWidth > e.clientWidth + 1 || getComputedStyle(e).textOverflow === 'ellipsis'"
        assert not page.locator("#you").evaluate(cut)
        markers = page.evaluate("""() => [...document.querySelectorAll("details > summary")]
          .filter((s) => s.getBoundingClientRect().height > 0)
          .map((s) => getComputedStyle(s).display === "list-item"
                      || /[\u25b8\u25be]/.test(getComputedStyle(s, "::before").content))""")
        assert markers and all(markers), markers
        page.locator("#rules-open").click()
        search = page.locator("#rules-search")
        assert search.get_attribute("placeholder") == i18n.gettext("Search the rules", language)
        page.goto(f"{server}/learn/ankh")
        page.locator("#begin").wait_for()
        assert not page.locator("#lesson-title").evaluate(cut)
