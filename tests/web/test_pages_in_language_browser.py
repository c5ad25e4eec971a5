"""Every page of every game in Spanish and German, in Chromium (issue 32): the lobby, each game's
table mid-game (Aton, Dioses del Nilo, Ankh for two and with Pantheon gods) with its Rules
panel, a review, the replay of a finished game, the account, invitation and profile pages, and
the phone layout (390 x 844) show no English sentence of the catalogues, no unfilled placeholder
and no raw key (tests/language_check.py): the page's text, its hover titles and its labels.

The rules texts (the Rules panel, the legal actions' meanings, the player aid) are checked in a
language that has a game's rules texts (``src/netjer/games/<game>/texts/<language>.toml``),
against the English texts' sentences too; in a language that has none yet they are English by
design (docs/i18n.md) and left out, so that a language's texts are checked as soon as they exist."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from netjer import i18n
from netjer.core import Rng
from netjer.games.registry import make_game
from tests.language_check import problems
from tests.web.conftest import VIEWPORT, PageErrors, new_page
from tests.web.phone import PHONE
from tests.web.test_browser import api
from tests.web.test_review_browser import call, finished_aton

GAMES_DIR = Path(__file__).resolve().parents[2] / "src" / "netjer" / "games"
LOCALES = {"es": "es-ES", "de": "de-DE"}
#: The elements that show the rules texts (data per game and language, not catalogue messages).
RULES_TEXT = ".legal-meaning, #aid, #rules .rules-overview, #rules-entries, [data-term-tip]"
#: The page's text, its hover titles and its labels, one per line.
PAGE_TEXT = """(leaveOut) => {
  const out = leaveOut ? [...document.querySelectorAll(leaveOut)] : [];
  let body = document.body.innerText;
  for (const e of out) body = body.replace(e.innerText, '');
  const parts = [body, document.title];
  for (const e of document.querySelectorAll('[title], [aria-label], [placeholder]')) {
    if (e.closest('.hidden, [hidden]') || out.some((o) => o.contains(e))) continue;
    if (leaveOut && e.closest('[data-term]')) continue; // a term's tip: its rules text's name
    for (const a of ['title', 'aria-label', 'placeholder']) if (e.getAttribute(a)) parts.push(e.getAttribute(a));
  }
  return parts.join('\\n');
}"""


def has_rules_texts(game: str, language: str) -> bool:
    """Whether ``game``'s rules texts are written in ``language`` (then the page shows them)."""
    return (GAMES_DIR / game / "texts" / f"{language}.toml").exists()


@cache
def rules_sentences(game: str, language: str) -> tuple[str, ...]:
    """The English rules texts' sentences (five words or more: a shorter one is a title or a
    name, which a language may keep) that ``language``'s texts do not
    also contain: what a page in ``language`` must not show once it has the texts."""
    english = tomllib.loads((GAMES_DIR / game / "texts" / "en.toml").read_text(encoding="utf-8"))
    theirs = "\n".join(_strings(tomllib.loads((GAMES_DIR / game / "texts" / f"{language}.toml").read_text("utf-8"))))
    found = set()
    for text in _strings(english):
        for piece in text.replace("\n", " ").split(". "):
            sentence = piece.strip(" .")
            if len(sentence.split()) >= 5 and sentence not in theirs:
                found.add(sentence)
    return tuple(sorted(found, key=len, reverse=True))


@cache
def english_rules_text(game: str) -> str:
    """All of ``game``'s English rules texts, spaces collapsed."""
    english = tomllib.loads((GAMES_DIR / game / "texts" / "en.toml").read_text(encoding="utf-8"))
    return " ".join(" ".join(_strings(english)).split())


def _strings(node: Any) -> Iterator[str]:
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for value in node.values():
            yield from _strings(value)
    elif isinstance(node, list):
        for value in node:
            yield from _strings(value)


def check(page: Any, language: str, game: str | None) -> list[str]:
    """What is wrong with ``page`` in ``language`` (empty: nothing), ``game``'s words included.

    Where ``language`` has no rules texts of ``game`` yet, the rules texts' elements and the
    labels of the board's terms (their tips) are left out, and so is a catalogue text that the
    English rules texts also say (a term's name or tip the board takes from the texts): English
    by design until the texts are written."""
    leave_out = RULES_TEXT if game is not None and not has_rules_texts(game, language) else ""
    text = page.evaluate(PAGE_TEXT, leave_out)
    domains = ("common",) if game is None else ("common", game)
    found = problems(text, language, domains)
    if game is not None and not has_rules_texts(game, language):
        rules = english_rules_text(game)
        found = [f for f in found if not (f.startswith("English: ") and " ".join(f[10:-1].split()) in rules)]
    if game is not None and has_rules_texts(game, language):
        flat = " ".join(text.split())
        found += [f"English rules text: {s!r}" for s in rules_sentences(game, language) if " ".join(s.split()) in flat]
    return found


@pytest.fixture(params=sorted(LOCALES))
def page_in(request: pytest.FixtureRequest, browser: Any, page_errors: PageErrors) -> Iterator[tuple[Any, str]]:
    """A Chromium page whose browser speaks the language (``navigator.languages`` and
    ``Accept-Language``), and the language's code."""
    language = request.param
    for page in new_page(browser, page_errors, viewport=VIEWPORT, locale=LOCALES[language]):
        yield page, language


def played_table(server: str, game: str, options: dict[str, Any], seats: int, plies: int) -> dict[str, Any]:
    """A table of ``game`` with ``seats`` people, ``plies`` decisions played through the API
    (each seat with legal actions plays one, drawn with a seeded Rng), or fewer if the game ends."""
    made: dict[str, Any] = api(
        server,
        "/api/tables",
        {"game": game, "seed": 4, "options": options, "seats": [{"type": "human"}] * seats, "hints": True},
    )
    rng = Rng(4)
    for _ in range(plies):
        for seat in range(seats):
            token = made["tokens"][str(seat)]
            view = call(server, f"/api/tables/{made['id']}/view?seat={seat}", None, token)
            if view.get("finished"):
                return made
            if not view.get("legal"):
                continue
            body = {"seat": seat, "version": view["version"], "index": rng.below(len(view["legal"]))}
            call(server, f"/api/tables/{made['id']}/moves", body, token)
            break
    return made


TABLES = [
    ("aton", {}, 2, 12),
    ("nile", {}, 2, 12),
    ("ankh", {"players": 2, "gods": "none"}, 2, 10),
    ("ankh", {"players": 3, "gods": "amun,isis,ra"}, 3, 10),
]


def _open_table(page: Any, server: str, made: dict[str, Any]) -> None:
    page.goto(f"{server}/table/{made['id']}#seat=0&token={made['tokens']['0']}")
    page.wait_for_selector("#board-area svg", state="attached")
    page.wait_for_timeout(300)  # the rules texts arrive and the table is drawn again


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "options", "seats", "plies"), TABLES, ids=[f"{g}-{o.get('gods', '')}" for g, o, _, _ in TABLES]
)
def test_a_table_mid_game_speaks_the_page_language(
    server: str, page_in: tuple[Any, str], shots: Path, game: str, options: dict[str, Any], seats: int, plies: int
) -> None:
    page, language = page_in
    made = played_table(server, game, options, seats, plies)
    _open_table(page, server, made)
    assert page.evaluate("() => document.documentElement.lang") == language
    title = i18n.gettext(make_game(game, options).title, language)  # published: "Ankh: Dioses de Egipto"
    assert page.text_content("#game-title") == title and page.title().endswith(f"{title} — Netjer"), page.title()
    page.screenshot(path=str(shots / f"pages-{game}{seats}-{language}.png"))
    found = check(page, language, game)
    assert not found, found
    page.click("#rules-open")  # the Rules panel: its own words, and its texts where written
    page.wait_for_selector("#rules-search")
    page.screenshot(path=str(shots / f"pages-{game}{seats}-{language}-rules.png"))
    found = check(page, language, game)
    assert not found, found
    # the phone layout of the same table
    page.set_viewport_size(PHONE)
    _open_table(page, server, made)
    page.screenshot(path=str(shots / f"pages-{game}{seats}-{language}-phone.png"))
    found = check(page, language, game)
    assert not found, found


#: The side panels a page shows with nothing in them (their text and their controls).
EMPTY_PANELS = """() => [...document.querySelectorAll('aside.side section.panel')]
  .filter((p) => p.getClientRects().length && !p.innerText.trim())
  .filter((p) => ![...p.querySelectorAll('button, input')].some((c) => c.getClientRects().length))
  .map((p) => p.id || p.getAttribute('aria-label') || p.className)"""


@pytest.mark.slow
def test_a_finished_nile_table_shows_no_empty_panel_under_its_result(
    server: str, page_in: tuple[Any, str], shots: Path
) -> None:
    """At a finished Dioses del Nilo table the result banner tells the result: the turn panel,
    left with nothing to show, is not an empty box under it on a wide page; a phone keeps it
    for its shortcuts (the player aid)."""
    page, language = page_in
    made = played_table(server, "nile", {}, 2, 400)
    _open_table(page, server, made)
    page.wait_for_selector("#result:not(.hidden)")
    page.screenshot(path=str(shots / f"pages-nile-finished-{language}.png"))
    assert page.evaluate(EMPTY_PANELS) == []
    assert not page.locator("#turn-panel").is_visible()
    assert not (found := check(page, language, "nile")), found
    page.set_viewport_size(PHONE)
    _open_table(page, server, made)
    page.screenshot(path=str(shots / f"pages-nile-finished-{language}-phone.png"))
    assert page.evaluate(EMPTY_PANELS) == []
    assert page.locator("#quick-aid").is_visible()


@pytest.mark.slow
def test_the_lobby_account_profile_and_invitation_pages_speak_the_page_language(
    server: str, page_in: tuple[Any, str], shots: Path
) -> None:
    page, language = page_in
    for size in (VIEWPORT, PHONE):
        page.set_viewport_size(size)
        page.goto(f"{server}/")
        page.wait_for_selector("body[data-ready=yes]")
        page.wait_for_selector("body[data-listed=yes]", state="attached")
        assert not (found := check(page, language, None)), found
        for game in ("aton", "nile", "ankh"):  # each game's options and levels
            page.select_option("#game", game)
            assert not (found := check(page, language, game)), (game, found)
    # a refusal the page shows is told in the page's language (the api sends it: common.js)
    refused = page.evaluate(
        "async () => { try { await (await import('/static/common.js')).api('/api/tables/nosuch/view?seat=0'); }"
        " catch (err) { return err.message; } return ''; }"
    )
    assert refused == i18n.gettext("there is no table '{table}'", language).format(table="nosuch") != "", refused
    page.set_viewport_size(VIEWPORT)
    page.goto(f"{server}/account")
    page.wait_for_load_state("networkidle")
    page.screenshot(path=str(shots / f"pages-account-{language}.png"))
    assert not (found := check(page, language, None)), found
    page.goto(f"{server}/player/nobody")
    page.wait_for_load_state("networkidle")
    assert not (found := check(page, language, None)), found  # the refusal, in the page's language
    # a mistyped address: the "page not found" page, in the page's language (not the API's JSON)
    page.goto(f"{server}/nonexistent-page")
    page.wait_for_load_state("networkidle")
    heading = page.locator("#not-found h2").inner_text()
    assert heading == i18n.gettext("There is no page at this address", language), heading
    assert not (found := check(page, language, None)), found
    made = api(server, "/api/tables", {"game": "aton", "seats": [{"type": "human"}, {"type": "human", "invite": True}]})
    link = next(iter((made.get("invitations") or {}).values()), None)
    assert link, made
    page.goto(f"{server}{link}" if link.startswith("/") else link)
    page.wait_for_load_state("networkidle")
    page.screenshot(path=str(shots / f"pages-invite-{language}.png"))
    assert not (found := check(page, language, "aton")), found  # it shows the Aton table


@pytest.mark.slow
def test_a_finished_games_replay_and_review_speak_the_page_language(
    server: str, page_in: tuple[Any, str], shots: Path
) -> None:
    page, language = page_in
    table, tokens = finished_aton(server, seed=11)
    page.goto(f"{server}/table/{table}#seat=0&token={tokens['0']}&replay")
    page.wait_for_selector("#board-area svg", state="attached")
    page.wait_for_timeout(300)
    page.screenshot(path=str(shots / f"pages-replay-{language}.png"))
    assert not (found := check(page, language, "aton")), found
    page.goto(f"{server}/table/{table}#seat=0&token={tokens['0']}")
    page.click("#open-review")
    page.wait_for_selector("#review-request")
    page.fill("#review-iterations", "2")
    page.click("#review-request")
    page.wait_for_selector("body[data-review=done]", state="attached", timeout=120_000)
    page.locator("#review-body button.review-pick").first.click()
    page.wait_for_selector("#review-detail [data-review-preferred]")
    page.screenshot(path=str(shots / f"pages-review-{language}.png"))
    assert not (found := check(page, language, "aton")), found


def test_the_check_finds_english_on_an_english_page(server: str, browser: Any) -> None:
    ctx = browser.new_context(viewport=VIEWPORT, locale="en-US")
    page = ctx.new_page()
    try:
        page.goto(f"{server}/")
        page.wait_for_selector("body[data-ready=yes]")
        assert len(check(page, "es", None)) > 10
    finally:
        ctx.close()
