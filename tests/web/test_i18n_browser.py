"""The web table in the player's language (Chromium, es-ES and de-DE): a lobby, a Dioses del Nilo table, a review,
the Rules panel of every game."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from netjer import i18n
from netjer.core.texts import load_texts
from netjer.i18n_lines import tell
from tests.language_check import problems
from tests.web.conftest import VIEWPORT, PageErrors, new_page
from tests.web.positions import view_of
from tests.web.test_browser import api, click_move, wait_turn
from tests.web.test_review_browser import finished_aton

#: English words that may show on a Spanish page: names, notation and the engine's words that
#: are the same in both languages.
SAME_IN_BOTH = {"Chat", "Netjer"}


def _english_phrases(*domains: str, language: str = "es") -> list[str]:
    """The English texts of the catalogues that must be translated (two words or more, so that a
    name or a notation word is not taken for one), longest first."""
    out = set()
    for domain in domains:
        catalog = i18n.catalog(language, domain)
        assert catalog is not None
        for m in catalog:
            if not m.id or not m.string or m.string == m.id:
                continue  # untranslated, or the same in both ("Dioses del Nilo" is its title everywhere)
            for english in m.id if isinstance(m.id, tuple) else (m.id,):
                fixed = [part.strip() for part in re.split(r"\{\w+\}", english) if len(part.strip().split()) >= 2]
                out.update(part for part in fixed if part not in SAME_IN_BOTH and len(part) > 8)
    return sorted(out, key=len, reverse=True)


def _untranslated(page: Any, phrases: list[str]) -> list[str]:
    text = page.evaluate("() => document.body.innerText")
    return [p for p in phrases if p in text]


def test_the_lobby_speaks_the_browsers_language_and_remembers_a_choice(server: str, spanish: Any, shots: Path) -> None:
    page = spanish
    page.goto(f"{server}/")
    page.wait_for_selector("body[data-ready=yes]")
    assert page.evaluate("() => document.documentElement.lang") == "es"
    assert page.locator("#new-title").inner_text() == "Nueva mesa"
    assert page.locator("#create").inner_text() == "Crear la mesa"
    assert page.locator("#player-name").get_attribute("placeholder") == "(opcional)"
    assert "Tú, en esta pantalla" in page.locator("#seat-0-kind").inner_text()
    assert page.locator("#language").input_value() == ""  # the browser's language
    page.wait_for_selector("body[data-listed=yes]", state="attached")  # the tables' lists too
    assert not _untranslated(page, _english_phrases("common"))
    page.screenshot(path=str(shots / "lobby-es.png"))
    # the Rules panel of Dioses del Nilo, in Spanish from texts/es.toml
    page.select_option("#game", "nile")
    page.click("#options-box summary")
    options = page.locator("#options").inner_text()
    assert "Columnas" in options and "Bloqueo" in options and "tres de cada" in options
    assert not _untranslated(page, _english_phrases("common", "nile"))
    page.click("#rules-open")
    page.wait_for_selector("#rules-search")
    assert page.locator("#rules-title").inner_text() == "Reglas: Dioses del Nilo"
    assert "Isis y Seth" in page.locator(".rules-overview").inner_text()
    page.keyboard.press("Escape")
    # a language chosen in the selector is kept for the next pages
    with page.expect_navigation():
        page.select_option("#language", "en")
    page.wait_for_selector("body[data-ready=yes]")
    assert page.locator("#new-title").inner_text() == "New table"
    assert len(_untranslated(page, _english_phrases("common"))) > 10  # the check sees English when it is there
    assert page.evaluate("() => localStorage.getItem('netjer.lang')") == "en"
    with page.expect_navigation():
        page.select_option("#language", "")
    page.wait_for_selector("body[data-ready=yes]")
    assert page.locator("#new-title").inner_text() == "Nueva mesa"


def test_a_line_is_read_as_the_message_that_recognises_the_most_of_it(server: str, spanish: Any) -> None:
    """The end of a Nile game: "{god} wins: {reason}." holding "{god} attacked the undefended
    rearguard {square}"; the inner message has more fixed text, yet it must not swallow the
    outer one into its {god} (the log said "Isis wins: Isis atacó la retaguardia indefensa c1.")."""
    page = spanish
    page.goto(f"{server}/")
    page.wait_for_selector("body[data-ready=yes]")
    said = page.evaluate(
        "async (line) => (await import('/static/common.js')).translateLine(line)",
        "Isis wins: Isis attacked the undefended rearguard c1.",
    )
    assert said == "Gana Isis: Isis atacó la retaguardia indefensa c1."


def test_a_nile_table_in_spanish_has_no_english_word(server: str, spanish: Any, shots: Path) -> None:
    page = spanish
    created = api(
        server,
        "/api/tables",
        {"game": "nile", "seed": 5, "seats": [{"type": "human"}, {"type": "agent", "agent": "random"}], "hints": True},
    )
    page.goto(f"{server}{created['links']['0']}")
    wait_turn(page)
    assert page.locator("#hints-note").inner_text() == "En esta mesa se permiten pistas."
    assert page.locator("#hint").inner_text() == "💡 Pista"
    assert page.evaluate("() => document.documentElement.lang") == "es"
    assert page.locator("#status").inner_text().startswith("Ronda 1 · colocación")
    page.wait_for_function("() => document.querySelector('#legal .legal-meaning')?.textContent.startsWith('Pon')")
    board = page.locator("#board-area svg.board")
    assert board.get_attribute("aria-label") == "Tablero de Dioses del Nilo"
    assert "Retaguardia de Seth" in board.inner_html() and "Mano" in board.inner_html()
    # play a placement by clicking, so the log has the engine's lines too
    page.locator("[data-hand-value]").first.click()
    target = page.locator("[data-target=place]").first
    if target.get_attribute("data-faces") == "up down":
        target.click()
        click_move(page, page.locator("#controls button[data-action$=' down']"))
    else:
        click_move(page, target)
    wait_turn(page)
    log = page.locator("#log").inner_text()
    assert "Ronda 1: fase de colocación." in log and "Seth coloca" in log
    phrases = _english_phrases("common", "nile")
    assert not _untranslated(page, phrases), _untranslated(page, phrases)
    page.screenshot(path=str(shots / "nile-es.png"))


@pytest.mark.slow
def test_a_review_in_spanish_has_no_english_word(server: str, spanish: Any) -> None:
    page = spanish
    table, tokens = finished_aton(server, seed=11)
    page.goto(f"{server}/table/{table}#seat=0&token={tokens['0']}")
    page.click("#open-review")
    page.wait_for_selector("#review-request")
    assert page.locator("#review-request").inner_text() == "Analizar mis decisiones"
    page.fill("#review-iterations", "2")
    page.click("#review-request")
    page.wait_for_selector("body[data-review=done]", state="attached", timeout=120_000)
    page.locator("#review-body button.review-pick").first.click()
    page.wait_for_selector("#review-detail [data-review-preferred]")
    panel = page.locator("#review-panel").inner_text()
    assert "Decisiones señaladas" in panel and "La búsqueda prefería:" in panel
    english = [p for p in _english_phrases("common") if p in panel]
    assert not english, english


# ---------- German: a language is a catalogue away (issue 32 item 3) ----------


def test_the_lobby_speaks_german_by_the_browsers_language_or_the_chooser(
    server: str, german: Any, english: Any, shots: Path
) -> None:
    page = german
    page.goto(f"{server}/")
    page.wait_for_selector("body[data-ready=yes]")
    assert page.evaluate("() => document.documentElement.lang") == "de"
    assert page.locator("#new-title").inner_text() == "Neuer Tisch"
    assert page.locator("#create").inner_text() == "Tisch erstellen"
    assert "Du, an diesem Bildschirm" in page.locator("#seat-0-kind").inner_text()
    page.wait_for_selector("body[data-listed=yes]", state="attached")
    assert not _untranslated(page, _english_phrases("common", language="de"))
    page.screenshot(path=str(shots / "lobby-de.png"))
    # an English browser: German is offered by the chooser, in its own name, and kept
    page = english
    page.goto(f"{server}/")
    page.wait_for_selector("body[data-ready=yes]")
    assert page.locator("#new-title").inner_text() == "New table"
    assert "Deutsch" in page.locator("#language").inner_text()
    with page.expect_navigation():
        page.select_option("#language", "de")
    page.wait_for_selector("body[data-ready=yes]")
    assert page.locator("#new-title").inner_text() == "Neuer Tisch"
    assert page.evaluate("() => localStorage.getItem('netjer.lang')") == "de"


def test_a_nile_table_in_german_has_no_english_word_of_the_catalogues(server: str, german: Any, shots: Path) -> None:
    """The table's words, the board, the engine's log, the legal actions' meanings and the player
    aid (texts/de.toml) in German."""
    page = german
    created = api(
        server,
        "/api/tables",
        {"game": "nile", "seed": 5, "seats": [{"type": "human"}, {"type": "agent", "agent": "random"}], "hints": True},
    )
    page.goto(f"{server}{created['links']['0']}")
    wait_turn(page)
    assert page.evaluate("() => document.documentElement.lang") == "de"
    assert page.locator("#hints-note").inner_text() == "An diesem Tisch sind Tipps erlaubt."
    assert page.locator("#status").inner_text().startswith("Runde 1 · Einsetzen")
    page.wait_for_function("() => document.querySelector('#legal .legal-meaning')?.textContent.startsWith('Lege')")
    board = page.locator("#board-area svg.board")
    assert board.get_attribute("aria-label") == "Spielbrett von Dioses del Nilo"
    assert "Nachhut von Seth" in board.inner_html() and "Hand" in board.inner_html()
    page.locator("[data-hand-value]").first.click()
    target = page.locator("[data-target=place]").first
    if target.get_attribute("data-faces") == "up down":
        target.click()
        click_move(page, page.locator("#controls button[data-action$=' down']"))
    else:
        click_move(page, target)
    wait_turn(page)
    log = page.locator("#log").inner_text()
    assert "Runde 1: Einsetzphase." in log and "Seth legt" in log
    phrases = _english_phrases("common", "nile", language="de")
    assert not _untranslated(page, phrases), _untranslated(page, phrases)
    page.screenshot(path=str(shots / "nile-de.png"))


#: The games whose rules texts are in German (texts/de.toml), each entry translated.
GERMAN_RULES = ("nile", "aton", "ankh")


def _english_sentences(game: str) -> list[str]:
    """The sentences of ``game``'s English rules texts a page shows (the overview, each entry's
    line, rule and browser words), of four words or more (of three letters or more), so that a
    name, a notation or a row of marks is not one."""
    texts = load_texts(f"netjer.games.{game}")
    shown = [texts.overview.goal, texts.overview.turn, texts.overview.win]
    shown += [text for t in texts.terms for text in (t.line, t.rule, t.web)]
    sentences = {s.strip() for text in shown for s in re.split(r"(?<=[.:;!?])\s+", " ".join(text.split()))}
    worded = (s for s in sentences if len(re.findall(r"[^\W\d_]{3,}", s)) >= 4)  # not "M M M X K ..."
    return sorted(worded, key=len, reverse=True)


@pytest.mark.parametrize("game", GERMAN_RULES)
def test_the_rules_panel_speaks_german(server: str, german: Any, game: str, shots: Path) -> None:
    """The lobby's Rules panel of each game, from texts/de.toml: the German overview and every
    entry, no sentence of the English rules texts and no English text of the catalogues."""
    page = german
    page.goto(f"{server}/")
    page.wait_for_selector("body[data-ready=yes]")
    page.select_option("#game", game)
    page.click("#rules-open")
    page.wait_for_selector("#rules-search")
    texts = load_texts(f"netjer.games.{game}", "de")
    assert page.locator("#rules-title").inner_text() == f"Regeln: {texts.overview.title}"
    assert texts.overview.goal.split(".")[0] in page.locator(".rules-overview").inner_text()
    assert page.locator("#rules [data-term-entry]").count() == len(texts.terms)
    panel = page.locator("#rules").inner_text()
    assert all(" ".join(t.line.split()) in " ".join(panel.split()) for t in texts.terms)
    english = [s for s in _english_sentences(game) if s in panel]
    assert not english, english
    phrases = _english_phrases("common", game, language="de")
    assert not [p for p in phrases if p in panel], [p for p in phrases if p in panel]
    page.screenshot(path=str(shots / f"rules-{game}-de.png"))


@pytest.mark.parametrize("language", ["es", "de"])
def test_a_refused_move_cites_its_rule_in_the_pages_language(server: str, request: Any, language: str) -> None:
    page = request.getfixturevalue({"es": "spanish", "de": "german"}[language])
    created = api(
        server,
        "/api/tables",
        {"game": "aton", "seed": 2, "seats": [{"type": "human"}, {"type": "agent", "agent": "random"}]},
    )
    page.goto(f"{server}{created['links']['0']}")
    wait_turn(page)
    page.evaluate(  # an illegal move, sent by hand over the socket (the page offers none)
        "() => window.netjer.state.conns.get('0').sendRaw("
        "{type: 'move', version: Number(document.body.dataset.version), action: 'place 1Y'})"
    )
    banner = page.locator("[data-error=illegal]")
    banner.wait_for()
    cited = "Aton rules §4 step B: the exchange counter"  # as the engine cites it (tests/server)
    told = i18n.gettext("Rule: {rule}", language).format(rule=tell(cited, language, ("common", "aton")))
    assert told in banner.inner_text() and cited not in banner.inner_text()
    assert problems(banner.inner_text(), language, ("common", "aton")) == []


#: The letters of Ankh's event track (start, Monument, Camels, the first Conflict) and of the
#: action tracks' five-player start, by language: the catalogue's, not the English ones.
TRACK_LETTERS = {
    "en-GB": ("S", "M", "K", "C1", "5P", "M Monument · K Camels · C Conflict"),
    "es-ES": ("S", "M", "Ca", "C1", "5J", "M Monumento · Ca Caravana · C Conflicto"),
    "de-DE": ("S", "M", "Ka", "K1", "5S", "M Monument · Ka Karawane · K Konflikt"),
}


@pytest.mark.parametrize("locale", sorted(TRACK_LETTERS))
def test_the_ankh_tracks_letters_are_the_pages_language_and_match_their_legend(
    server: str, browser: Any, page_errors: PageErrors, locale: str, shots: Path
) -> None:
    """The event track's spaces and the action tracks' start spaces show letters of the page's
    language (German ``Ka`` for the Camel Caravan, not the English ``K``), and the legend above
    names them."""
    body = {"game": "ankh", "seed": 4, "options": {"players": 2}, "seats": [{"type": "human"}] * 2}
    made = api(server, "/api/tables", body)
    for page in new_page(browser, page_errors, viewport=VIEWPORT, locale=locale):
        page.goto(f"{server}/table/{made['id']}#seat=0&token={made['tokens']['0']}")
        page.wait_for_selector(".event-track text", state="attached")
        texts = "(selector) => [...document.querySelectorAll(selector)].map((n) => n.textContent)"
        track = page.evaluate(texts, ".event-track .event-space > text")
        spaces = "() => [...document.querySelectorAll('.event-track .event-space')].map((n) => n.dataset.term)"
        event_kinds = page.evaluate(spaces)
        starts = page.evaluate(texts, "[data-term=start-space] text")
        start, monument, camels, conflict, five, legend = TRACK_LETTERS[locale]
        by_kind = dict(zip(event_kinds[1:], track[1:], strict=True))
        assert track[0] == start and by_kind["control-monument"] == monument and by_kind["camel-caravan"] == camels
        assert track[event_kinds.index("conflict")] == conflict
        assert starts[0] == five
        assert legend in page.text_content(".board.ankh")
        page.screenshot(path=str(shots / f"ankh-tracks-{locale}.png"))


def test_the_browsers_passkey_errors_are_told_in_the_pages_language(server: str, german: Any) -> None:
    """The browser's own words for a passkey prompt that failed are English in every language:
    each error the page can name is a sentence of the catalogue, any other is named by its kind."""
    page = german
    page.goto(f"{server}/account")
    page.wait_for_selector("body[data-ready=yes]", state="attached")
    said = page.evaluate(
        """async () => {
          const { browserRefusal } = await import("/static/passkeys.js");
          const names = ["NotAllowedError", "AbortError", "NotSupportedError", "ConstraintError", "UnknownError"];
          return names.map((name) => browserRefusal(new DOMException("an English reason", name)));
        }"""
    )
    english = [
        "no passkey was chosen (or the time ran out)",
        "the passkey prompt was cancelled",
        "this browser or device cannot make a passkey of the kind this server asks for",
        "this device cannot check that it is you (set up a PIN, a fingerprint or a face first)",
    ]
    assert said[:4] == [i18n.gettext(m, "de") for m in english] and all(s not in english for s in said[:4])
    assert said[4] == i18n.gettext("the browser could not use a passkey ({name})", "de").format(name="UnknownError")
    assert "an English reason" not in " ".join(said)


@pytest.mark.slow
def test_the_scorpions_aim_buttons_name_the_sides_in_the_pages_language(server: str, german: Any) -> None:
    """The Giant Scorpion's aim (§3) is offered with the sides in the page's words ("Ziele auf
    NO-SO"), the log's (netjer.games.ankh.terms.AIM_WORDS); the action played stays as typed."""
    from tests.web.test_ankh_browser import decision, positions_of_every_decision  # noqa: PLC0415 - slow search

    obs, legal = decision(positions_of_every_decision(until="aim"), "aim")
    german.goto(f"{server}/")
    german.wait_for_selector("body[data-ready=yes]")
    labels = german.evaluate(
        """async ([view, seat]) => {
          const m = await import("/static/ankh.js");
          const ctx = { table: "t", seat, version: 1, actions: new Set(view.legal.map((a) => a.text)),
                        play: () => {}, rerender: () => {}, narrow: false };
          const drawn = m.render(view, ctx);
          return drawn.controls.filter((b) => (b.dataset.action || "").startsWith("aim "))
            .map((b) => [b.dataset.action, b.textContent]);
        }""",
        [view_of(obs, legal), obs["seat"]],
    )
    aims = [a for a in legal if a.startswith("aim ")]
    assert sorted(action for action, _ in labels) == sorted(aims)
    for action, label in labels:
        sides = i18n.gettext(action[4:], "de")
        assert label == i18n.gettext("Aim {sides}", "de").format(sides=sides), (action, label)
    assert any(i18n.gettext(a[4:], "de") != a[4:] for a in aims), aims  # a German side, not the typed one
