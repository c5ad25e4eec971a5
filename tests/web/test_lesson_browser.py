"""The guided first games in the browser: the lobby offers them to a first-time visitor, and each
lesson plays to its end on its page, accepting only the scripted decision (a wrong one gets the hint)."""

from __future__ import annotations

from typing import Any

import pytest

from netjer.tutorials.lesson import lesson_names, load_lesson
from netjer.tutorials.runner import LessonRun


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
@pytest.mark.parametrize("name", lesson_names())
def test_a_lesson_plays_to_its_end_in_the_browser(server: str, page: Any, name: str) -> None:
    lesson = load_lesson(name)
    shadow = LessonRun(lesson)
    page.goto(f"{server}/learn/{name}")
    page.locator("#begin").click()
    wrong = 0
    while not shadow.done:
        shadow.begin_step()
        step = shadow.step
        page.locator("#step-title").filter(has_text=f"Step {step.number} of {len(lesson.steps)}").wait_for()
        assert step.say[:40] in page.locator("#say").inner_text()
        if step.expect is None:
            assert page.locator("#choices button").count() == 0
            page.locator("#next").click()
            shadow.advance()
            continue
        assert page.locator("#next").is_hidden()  # a decision, not an explanation: no "Go on"
        other = next((a for a in shadow.state.legal_actions() if a != shadow.expected_action()), None)
        if other is not None:
            page.locator("#choices").get_by_role("button", name=str(other), exact=True).click()
            assert step.hint is not None
            assert step.hint in page.locator("#hint").inner_text()
            wrong += 1
        page.locator("#choices").get_by_role("button", name=step.expect, exact=True).click()
        assert shadow.answer(step.expect).accepted
    page.locator("#finish").wait_for(state="visible")
    assert lesson.finish[:40] in page.locator("#finish-text").inner_text()
    assert wrong > 0


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
