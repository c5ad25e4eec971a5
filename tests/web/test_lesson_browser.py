"""The guided first games in the browser: the lobby offers them to a first-time visitor, and each
lesson plays to its end on its page, accepting only the scripted decision (a wrong one gets the hint);
a Spanish browser gets the Spanish lessons and page (issue 32)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from netjer import i18n
from netjer.tutorials.lesson import lesson_languages, lesson_names, load_lesson
from netjer.tutorials.runner import LessonRun
from tests.web.conftest import PageErrors, new_page
from tests.web.phone import PHONE
from tests.web.test_i18n_browser import _english_phrases, _untranslated


def choice(page: Any, action: str) -> Any:
    """The step's choice button that plays ``action`` (its name is the notation and its meaning)."""
    return page.locator(f'#choices button[data-action="{action}"]')


def test_the_lobby_offers_the_lessons_to_a_first_time_visitor(server: str, page: Any) -> None:
    page.goto(server + "/")
    panel = page.locator("#learn-panel")
    panel.wait_for(state="visible")
    links = page.locator("#lessons a")
    assert links.count() == len(lesson_names())
    assert links.first.get_attribute("href") == "/learn/aton"
    # A browser that holds a table's seat link is no first-time visitor.
    page.evaluate("localStorage.setItem('netjer.tokens.x', '{}')")
    page.reload()
    page.wait_for_load_state("networkidle")
    assert page.locator("#learn-panel").is_hidden()


@pytest.mark.slow
@pytest.mark.parametrize(("name", "language"), [(n, lang) for n in lesson_names() for lang in lesson_languages(n)])
def test_a_lesson_plays_to_its_end_in_the_browser(server: str, request: Any, name: str, language: str) -> None:
    """In a browser of the lesson's language (a Spanish one gets the .es.toml lesson)."""
    page = request.getfixturevalue({"en": "page", "es": "spanish", "de": "german"}[language])
    lesson = load_lesson(name, language)
    shadow = LessonRun(lesson)
    page.goto(f"{server}/learn/{name}")
    page.locator("#begin").click()
    step_of = i18n.gettext("Step {number} of {count}", language)
    wrong = 0
    while not shadow.done:
        shadow.begin_step()
        step = shadow.step
        page.locator("#step-title").filter(
            has_text=step_of.format(number=step.number, count=len(lesson.steps))
        ).wait_for()
        assert step.say_in("web")[:40] in page.locator("#say").inner_text()
        if step.expect is None:
            assert page.locator("#choices button").count() == 0
            page.locator("#next").click()
            shadow.advance()
            continue
        assert page.locator("#next").is_hidden()  # a decision, not an explanation: no "Go on"
        other = next((a for a in shadow.state.legal_actions() if a != shadow.expected_action()), None)
        if other is not None:
            choice(page, str(other)).click()
            hint = step.hint_in("web")  # what to click, never a command to type
            assert hint is not None
            shown = page.locator("#hint").inner_text()
            assert hint in shown
            assert f"'{step.expect}'" not in shown  # the page names what to click, not notation to type
            wrong += 1
        choice(page, step.expect).click()
        assert shadow.answer(step.expect).accepted
    page.locator("#finish").wait_for(state="visible")
    finish = page.locator("#finish-text").inner_text()
    assert finish == lesson.finish_in("web")  # the browser's words (its Rules button), not the terminal's
    assert lesson.terminal.finish is not None and lesson.terminal.finish not in finish
    assert page.locator("#play-on").inner_text() == i18n.gettext("Play a game against the beginner level", language)
    assert wrong > 0
    # The hand-over: every lesson goes on at a table, this game as it stands (Ankh's from the
    # start position its options name), the learner's seat a person's, the others the computer's.
    page.locator("#play-here").click()
    page.wait_for_url("**/table/**")
    page.locator("#seats li").first.wait_for()
    assert page.locator("#seats li").count() == shadow.game.num_players
    assert f"seat={lesson.learner}" in page.url


def test_a_lesson_step_is_drawn_on_the_games_board_and_answered_there(server: str, page: Any) -> None:
    lesson = load_lesson("aton")
    first = next(step for step in lesson.steps if step.expect)
    page.goto(f"{server}/learn/aton")
    page.locator("#begin").click()
    page.locator("#step-title").filter(has_text="Step 1 of").wait_for()
    # the table's own drawing, not a text block
    assert page.locator("#board-area svg.board").count() > 0
    # Aton's first decision is the hand's ("keep"): the drawing's own button answers it.
    assert first.expect == "keep"
    page.locator('#board-controls [data-action="keep"]').click()
    page.locator("#step-title").filter(has_text="Step 2 of").wait_for()
    assert page.locator("#hint").inner_text() == ""


@pytest.fixture
def spanish_phone(browser: Any, page_errors: PageErrors) -> Iterator[Any]:
    """A phone-sized Spanish page."""
    yield from new_page(browser, page_errors, locale="es-ES", viewport=PHONE, has_touch=True, is_mobile=True)


def _spanish_lesson_page(page: Any, server: str, name: str, *, engine_words: bool) -> None:
    """Open lesson ``name`` and check the first steps in Spanish: the lesson's texts from its
    .es.toml, the page's own words from the common catalogue, a wrong try answered in Spanish,
    and with ``engine_words`` the other seats' decisions (the engine's words, translated by the
    game's catalogue: complete for Dioses del Nilo)."""
    english, lesson = load_lesson(name), load_lesson(name, "es")
    page.goto(f"{server}/learn/{name}")
    page.locator("#intro-text").filter(has_text=lesson.intro[:30]).wait_for()
    assert page.evaluate("() => document.documentElement.lang") == "es"
    assert page.locator("#lesson-title").inner_text() == lesson.title
    assert page.title() == lesson.title
    assert page.locator("#begin").inner_text() == "Empezar"
    assert page.locator("header a[href='/']").last.inner_text() == "Sala"
    page.locator("#begin").click()
    shadow = LessonRun(lesson)
    for _ in range(2):  # the first two steps: each a decision in both lessons below
        played = shadow.begin_step()
        step, theirs = shadow.step, english.steps[shadow.index]
        title = f"Paso {step.number} de {len(lesson.steps)}"
        page.locator("#step-title").filter(has_text=title).wait_for()
        say = page.locator("#say").inner_text()
        assert say == step.say_in("web")
        assert theirs.say[:30] not in say
        assert step.rule_in("web") is not None
        assert page.locator("#rule").inner_text() == f"Regla: {step.rule_in('web')}"
        assert page.locator("#answer-form label").inner_text() == "O escribe tu decisión:"
        told = page.locator("#played li").all_inner_texts()
        assert len(told) == len(played)
        for words in told if engine_words else []:
            assert words not in [p.words for p in played], "the other seats' decisions in Spanish"
        assert step.expect is not None and step.hint_in("web") is not None
        other = next(a for a in shadow.state.legal_actions() if a != shadow.expected_action())
        choice(page, str(other)).click()
        hint = page.locator("#hint").inner_text()
        assert hint == f"Eso está permitido, pero no es la jugada de la que trata esta lección. {step.hint_in('web')}"
        choice(page, step.expect).click()
        assert shadow.answer(step.expect).accepted


def test_a_spanish_lesson_page_speaks_spanish_at_desktop_and_phone_size(
    server: str, spanish: Any, spanish_phone: Any, shots: Path
) -> None:
    _spanish_lesson_page(spanish, server, "nile", engine_words=True)
    # step 3: Isis's hidden placement told in Spanish, the terms named by the Spanish rules texts
    spanish.locator("#step-title").filter(has_text="Paso 3 de").wait_for()
    assert spanish.locator("#played li").all_inner_texts() == ["Isis coloca una ficha boca abajo en c4."]
    assert spanish.locator("#terms abbr").all_inner_texts()[0] == "fase de combate"
    phrases = _english_phrases("common", "nile")
    assert not _untranslated(spanish, phrases), _untranslated(spanish, phrases)
    spanish.screenshot(path=str(shots / "lesson-nile-es.png"))
    _spanish_lesson_page(spanish_phone, server, "aton", engine_words=False)
    # the page's own words (the common catalogue) are Spanish on Aton's page too
    assert not _untranslated(spanish_phone, _english_phrases("common"))
    spanish_phone.screenshot(path=str(shots / "lesson-aton-es-phone.png"), full_page=True)


def test_the_lobby_offers_the_lessons_in_spanish(server: str, spanish: Any) -> None:
    spanish.goto(server + "/")
    spanish.locator("#learn-panel").wait_for(state="visible")
    titles = spanish.locator("#lessons a").all_inner_texts()
    assert titles == [load_lesson(name, "es").title for name in lesson_names()]
