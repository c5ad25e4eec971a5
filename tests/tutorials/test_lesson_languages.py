"""A lesson in another language is the English lesson with other words: the same steps, the same
scripted decisions, terms, seed and options (an Ankh lesson's start position among them), so
that the two can never drift apart (issue 32 item 2).  Every language's file replays through
the engine in test_lessons.py."""

from __future__ import annotations

import re
from importlib import resources
from typing import Any

import pytest

from netjer.core.errors import DataFileError
from netjer.core.texts import languages
from netjer.tutorials.lesson import DEFAULT_LANGUAGE, Lesson, lesson_names, load_lesson, parse_lesson
from netjer.tutorials.runner import LessonRun
from tests.tutorials.test_lessons import FILES

#: Every lesson in every language it is written in but English.
TRANSLATIONS = [(name, language) for name, language in FILES if language != DEFAULT_LANGUAGE]
#: What a lesson's words in any language must leave as they are.
SAME = ("game", "minutes", "seed", "learner", "level", "options")
SAME_IN_STEP = ("number", "play", "terms", "expect")
#: The texts a translation must give itself (never left as the English words).
WORDS_IN_STEP = ("say", "rule", "hint")
#: The words of one front end only (the ``[web]`` and ``[terminal]`` tables).
FRONT_WORDS = [(front, field) for front in ("web", "terminal") for field in ("intro", "finish")]
#: A step's words of one front end only (its ``web`` and ``terminal`` tables).
FRONT_WORDS_IN_STEP = [(front, field) for front in ("web", "terminal") for field in WORDS_IN_STEP]


def _shape(lesson: Lesson) -> dict[str, Any]:
    return {
        **{field: getattr(lesson, field) for field in SAME},
        "steps": [
            {
                **{field: getattr(step, field) for field in SAME_IN_STEP},
                **{f"has {field}": getattr(step, field) is not None for field in WORDS_IN_STEP},
                **{
                    f"has {front} {field}": getattr(getattr(step, front), field) is not None
                    for front, field in FRONT_WORDS_IN_STEP
                },
            }
            for step in lesson.steps
        ],
        **{f"has {front} {field}": getattr(getattr(lesson, front), field) is not None for front, field in FRONT_WORDS},
    }


def test_spanish_lessons_are_written() -> None:
    assert {(name, "es") for name in lesson_names()} <= set(TRANSLATIONS)


def test_german_lessons_are_written() -> None:
    """Issue 32 item 3: every lesson in German too."""
    assert {(name, "de") for name in lesson_names()} <= set(TRANSLATIONS)


@pytest.mark.parametrize(("name", "language"), TRANSLATIONS)
def test_a_translation_has_the_english_lessons_structure(name: str, language: str) -> None:
    english, translated = load_lesson(name), load_lesson(name, language)
    assert _shape(translated) == _shape(english)


@pytest.mark.parametrize(("name", "language"), TRANSLATIONS)
def test_a_translation_translates_every_text(name: str, language: str) -> None:
    english, translated = load_lesson(name), load_lesson(name, language)
    for field in ("title", "intro", "finish"):
        assert getattr(translated, field) != getattr(english, field), field
    for front, field in FRONT_WORDS:
        theirs = getattr(getattr(english, front), field)
        if theirs is not None:
            assert getattr(getattr(translated, front), field) != theirs, f"{front}.{field}"
    for mine, theirs in zip(translated.steps, english.steps, strict=True):
        for field in WORDS_IN_STEP:
            if getattr(theirs, field) is not None:
                assert getattr(mine, field) != getattr(theirs, field), f"step {mine.number}: {field}"
        for front, field in FRONT_WORDS_IN_STEP:
            if getattr(getattr(theirs, front), field) is not None:
                assert getattr(getattr(mine, front), field) != getattr(getattr(theirs, front), field), (
                    f"step {mine.number}: {front}.{field}"
                )


@pytest.mark.parametrize(("name", "language"), TRANSLATIONS)
def test_a_translation_keeps_the_commands_it_tells_the_player_to_type(name: str, language: str) -> None:
    """A terminal hint that names the step's decision as typed ('place 5 b2') does so in every
    language."""
    english = load_lesson(name)
    for mine, theirs in zip(load_lesson(name, language).steps, english.steps, strict=True):
        typed = f"'{theirs.expect}"
        if theirs.expect is not None and typed in (theirs.hint_in("terminal") or ""):
            assert typed in (mine.hint_in("terminal") or ""), f"step {mine.number}: {mine.hint_in('terminal')!r}"


def test_a_language_without_a_file_is_the_english_lesson() -> None:
    assert load_lesson("aton", "fr") == load_lesson("aton")
    assert load_lesson("aton", "../../aton/tutorials/first-game.es").language == DEFAULT_LANGUAGE


def test_a_lessons_terms_are_looked_up_in_its_language_where_the_game_has_rules_texts_in_it() -> None:
    """Every game has rules texts in Spanish and German (texts/es.toml, texts/de.toml): a lesson in
    either language names its terms from them, an English lesson from the English texts."""
    for name, language in TRANSLATIONS:
        run = LessonRun(load_lesson(name, language))
        package = type(run.game).__module__.rsplit(".", 1)[0]
        assert language in languages(package), (name, language)
        assert run.texts.language == language, (name, language)
    assert LessonRun(load_lesson("nile")).texts.language == DEFAULT_LANGUAGE


@pytest.mark.parametrize(
    ("language", "typed", "english"), [("es", "help batalla", "help battle"), ("de", "help schlacht", "help battle")]
)
def test_a_translation_names_what_to_type_after_help_in_its_language(language: str, typed: str, english: str) -> None:
    """A 'help NAME' a Spanish or German lesson tells the player to type names the entry as the
    screens show it in that language (issue 32): the English id is refused, naming the file."""
    text = (resources.files("netjer.games.ankh") / "tutorials" / f"first-game.{language}.toml").read_text("utf-8")
    assert typed in text
    LessonRun(parse_lesson(text, "ankh", "first-game", language))  # as written: accepted
    with pytest.raises(DataFileError, match=f"finish: '{english}' names the entry by its English id"):
        LessonRun(parse_lesson(text.replace(typed, english), "ankh", "first-game", language))


#: Where a control is on the page, said in a hint ("below the board"): true on a wide screen and
#: false on a phone, where the Aton buttons are above the board (issue 32).
WHERE = re.compile(
    r"\b(?:below|under|above) the (?:board|map)\b|\b(?:bajo|debajo del?|encima del?|sobre) (?:el )?(?:tablero|mapa)\b"
    r"|\b(?:unter|über) (?:dem Brett|der Karte)\b",
    re.IGNORECASE,
)


@pytest.mark.parametrize(("name", "language"), FILES)
def test_a_web_hint_does_not_say_where_a_control_is_on_the_page(name: str, language: str) -> None:
    """A web page's layout differs by screen (the phone puts Aton's buttons above the board), so
    a lesson's web words name a control, never where it is."""
    lesson = load_lesson(name, language)
    texts = [lesson.web.intro, lesson.web.finish] + [
        text for step in lesson.steps for text in (step.web.say, step.web.rule, step.web.hint)
    ]
    said = [text for text in texts if text and WHERE.search(text)]
    assert not said, said
