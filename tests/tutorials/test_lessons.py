"""The guided first games: every lesson replays through the engine; bad files name the step."""

from __future__ import annotations

import dataclasses

import pytest

from netjer.core.errors import ConfigError, DataFileError
from netjer.tutorials.lesson import Lesson, lesson_languages, lesson_names, load_lesson, parse_lesson
from netjer.tutorials.runner import LessonRun, check_lesson

GOOD = """
title = "t"
game = "aton"
minutes = 5
seed = 13
learner = 0
intro = "hello"
finish = "bye"

[[step]]
say = "keep them"
terms = ["keep"]
expect = "keep"
hint = "type keep"

[[step]]
play = ["exchange"]
say = "assign"
expect = "assign 4"
hint = "type assign 4"
"""


#: Every lesson in every language it is written in (docs/tutorials.md, "Lessons in other languages").
FILES = [(name, language) for name in lesson_names() for language in lesson_languages(name)]


def _lesson(text: str) -> Lesson:
    return parse_lesson(text, "t", "t.en.toml")


@pytest.mark.parametrize(("name", "language"), FILES)
def test_every_lesson_replays_and_hands_over(name: str, language: str) -> None:
    """In every language it is written in (terms and 'help name' looked up in that language's
    rules texts when the game has them)."""
    lesson = load_lesson(name, language)
    assert (lesson.language, lesson.where.endswith(f".{language}.toml")) == (language, True)
    state = check_lesson(lesson)
    assert not state.is_terminal
    assert state.history, "the lesson plays some of the game"
    assert any(step.expect for step in lesson.steps)
    assert all(step.say.strip() for step in lesson.steps)


@pytest.mark.parametrize(("name", "language"), FILES)
def test_every_lesson_speaks_of_terms_and_rules(name: str, language: str) -> None:
    lesson = load_lesson(name, language)
    assert sum(1 for s in lesson.steps if s.rule) >= len(lesson.steps) // 2
    assert sum(len(s.terms) for s in lesson.steps) >= 5


def test_the_scripted_decision_only_is_accepted_with_the_hint_after_a_wrong_try() -> None:
    run = LessonRun(_lesson(GOOD))
    assert run.begin_step() == []
    wrong = run.answer("exchange")
    assert not wrong.accepted
    assert "type keep" in wrong.message
    assert "allowed" in wrong.message  # a legal but other decision is told apart
    nonsense = run.answer("fly away")
    assert not nonsense.accepted
    assert "type keep" in nonsense.message
    assert run.index == 0
    assert run.answer(" keep ").accepted
    played = run.begin_step()
    assert [p.action for p in played] == ["exchange"]
    assert played[0].seat == 1
    assert "exchange" in played[0].words
    illegal = run.answer("assign 9")
    assert not illegal.accepted
    assert run.answer("assign 4").accepted
    assert run.done
    assert run.handover_seats()[0] == "human"
    assert run.handover_seats()[1] != "human"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('expect = "assign 4"', 'expect = "assign 7"'), "step 2: expect: 'assign 7'"),
        (('play = ["exchange"]', 'play = ["keep", "keep"]'), "step 2: play: 'keep'"),
        (('terms = ["keep"]', 'terms = ["no-such-term"]'), "step 1: terms: 'no-such-term'"),
        (('play = ["exchange"]\n', ""), "step 2: expect: seat 1 is to decide"),
        (('say = "keep them"', 'say = "type help sorcery"'), "step 1: say: 'help sorcery' finds nothing"),
        (('finish = "bye"', 'finish = "try help kingdom and help nothing"'), "finish: 'help nothing'"),
    ],
)
def test_a_broken_lesson_names_its_step(change: tuple[str, str], message: str) -> None:
    with pytest.raises(DataFileError, match=r"t\.en\.toml") as err:
        check_lesson(_lesson(GOOD.replace(*change)))
    assert message in str(err.value)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('hint = "type keep"', ""), "step 1: Value error, a step that expects a decision needs a hint"),
        (('say = "assign"', 'sayy = "assign"'), "step 2"),
        (("minutes = 5", 'minutes = "five"'), "minutes"),
        (('title = "t"', 'title = "t'), "not valid TOML"),
    ],
)
def test_a_malformed_lesson_file_names_its_step(change: tuple[str, str], message: str) -> None:
    with pytest.raises(DataFileError, match=r"t\.en\.toml") as err:
        _lesson(GOOD.replace(*change))
    assert message in str(err.value)


def test_an_unknown_lesson_lists_the_lessons() -> None:
    with pytest.raises(ConfigError, match="lessons: aton, nile, ankh, pantheon"):
        load_lesson("chess")


def test_a_lesson_with_options_the_game_refuses_says_so() -> None:
    text = GOOD.replace("[[step]]", '[options]\nlayout = "nonsense"\n\n[[step]]', 1)
    with pytest.raises(DataFileError, match="options"):
        check_lesson(_lesson(text))


def test_a_lesson_naming_an_unknown_start_position_says_so() -> None:
    lesson = load_lesson("ankh")
    assert lesson.options == {"start": "first-game-1"}  # Ankh's lessons start from a named position
    with pytest.raises(DataFileError, match=r"options: .*no start position called 'first-game-9'.*first-game-1"):
        LessonRun(dataclasses.replace(lesson, options={"start": "first-game-9"}))
    with pytest.raises(DataFileError, match=r"options: .*'first-game-1' is played with players=2, not 3"):
        LessonRun(dataclasses.replace(lesson, options={"start": "first-game-1", "players": 3}))


#: What only the terminal can ask for: a command typed (``help NAME``, ``netjer learn``).
TERMINAL_WORDS = ("'help", "netjer ")
#: The verb that asks for a typed command, in each language a lesson is written in.
TYPE_WORDS = {"en": ("Type", "type "), "es": ("Escribe", "escribe "), "de": ("Tippe", "tippe ")}


def _asks_to_type(text: str, language: str, expects: list[str]) -> bool:
    """Whether ``text`` tells the player to type: a command word, the verb for typing, or a
    scripted decision in quotes as notation ('assign 4')."""
    return any(word in text for word in (*TERMINAL_WORDS, *TYPE_WORDS[language])) or any(
        f"'{expect}'" in text for expect in expects
    )


@pytest.mark.parametrize(("name", "language"), FILES)
def test_each_front_end_gets_its_own_words(name: str, language: str) -> None:
    """The browser's words never tell the player to type a command: intro, finish, each step's
    text and rule, and the hint after a wrong try (which names what to click); the terminal's
    finish and hints say what to type (the rules texts' web/terminal split, issue 30 item 3)."""
    lesson = load_lesson(name, language)
    expects = [s.expect for s in lesson.steps if s.expect is not None]
    steps = [text for s in lesson.steps for text in (s.say_in("web"), s.rule_in("web"), s.hint_in("web")) if text]
    for text in (lesson.intro_in("web"), lesson.finish_in("web"), *steps):
        assert not _asks_to_type(text, language, expects), text
    assert lesson.web.finish is not None and lesson.terminal.finish is not None
    assert "'help" in lesson.terminal.finish
    assert lesson.finish_in("terminal") == f"{lesson.finish} {lesson.terminal.finish}"
    assert lesson.finish_in("web") == f"{lesson.finish} {lesson.web.finish}"
    # Played through, a wrong try at each decision gets that front end's hint: in the browser
    # what to click, at the terminal the decision as it is typed.
    web, terminal = LessonRun(lesson, front="web"), LessonRun(lesson, front="terminal")
    while not web.done:
        web.begin_step()
        terminal.begin_step()
        step = web.step
        if step.expect is None:
            web.advance()
            terminal.advance()
            continue
        other = next((str(a) for a in web.state.legal_actions() if a != web.expected_action()), "nonsense")
        clicked, typed = web.answer(other), terminal.answer(other)
        assert not clicked.accepted and not typed.accepted
        assert clicked.hint == step.hint_in("web") and not _asks_to_type(clicked.message, language, expects)
        assert typed.hint == step.hint_in("terminal") and f"'{step.expect}'" in typed.hint, typed.hint
        assert web.answer(step.expect).accepted and terminal.answer(step.expect).accepted


def test_a_steps_own_words_for_one_front_end_follow_its_words_for_both() -> None:
    text = GOOD.replace('hint = "type keep"', 'web.hint = "click Keep"\nterminal.hint = "type keep"').replace(
        'say = "keep them"', 'say = "keep them"\nterminal.say = "(or exchange)"\nweb.rule = "see the board"'
    )
    step = _lesson(text).steps[0]
    assert (step.say_in("web"), step.say_in("terminal")) == ("keep them", "keep them (or exchange)")
    assert (step.rule_in("web"), step.rule_in("terminal")) == ("see the board", None)
    assert (step.hint, step.hint_in("web"), step.hint_in("terminal")) == (None, "click Keep", "type keep")
    assert LessonRun(_lesson(text), front="web").answer("exchange").hint == "click Keep"
    assert LessonRun(_lesson(text)).answer("exchange").hint == "type keep"
    shared = _lesson(GOOD.replace('hint = "type keep"', 'hint = "keep"\nweb.hint = "click Keep"')).steps[0]
    assert (shared.hint_in("web"), shared.hint_in("terminal")) == ("keep click Keep", "keep")
    with pytest.raises(DataFileError, match=r"step 1: Value error, .* needs a hint .*none for terminal"):
        _lesson(GOOD.replace('hint = "type keep"', 'web.hint = "click Keep"'))
    with pytest.raises(DataFileError, match=r"step 1: .*never shown"):
        _lesson(GOOD.replace('expect = "keep"\nhint = "type keep"', 'web.hint = "x"'))
    # only the terminal's words may ask for a typed 'help NAME', and those must find an entry
    with pytest.raises(DataFileError, match="step 1: hint: 'help nothing' finds nothing"):
        LessonRun(_lesson(GOOD.replace('hint = "type keep"', 'hint = "x"\nterminal.hint = "type help nothing"')))


def test_a_lessons_own_words_for_one_front_end_are_checked_like_the_rest() -> None:
    text = GOOD.replace("[[step]]", '[terminal]\nfinish = "type help nothing"\n\n[[step]]', 1)
    with pytest.raises(DataFileError, match="finish: 'help nothing' finds nothing"):
        LessonRun(_lesson(text))
    with pytest.raises(DataFileError, match="web"):
        _lesson(GOOD.replace("[[step]]", '[web]\nending = "x"\n\n[[step]]', 1))
