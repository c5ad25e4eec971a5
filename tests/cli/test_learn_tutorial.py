"""`netjer learn LESSON` in a real terminal: every lesson played to its end, only the scripted decisions
accepted (a wrong one gets the step's hint), then the hand-over to the beginner level."""

from __future__ import annotations

import os
import re
import sys

import pytest
from rich.console import Console
from typer.testing import CliRunner

from netjer import i18n
from netjer.cli.learn import LessonTable
from netjer.cli.main import app
from netjer.tutorials.lesson import lesson_languages, lesson_names, load_lesson
from netjer.tutorials.runner import LessonRun

pexpect = pytest.importorskip("pexpect")

PROMPT = "Your decision: "
GO_ON = "Press Enter to go on: "
#: Every lesson in every language it is written in.
FILES = [(name, language) for name in lesson_names() for language in lesson_languages(name)]


def _spawn(lesson: str, language: str = "en") -> pexpect.spawn:
    env = dict(os.environ, COLUMNS="200", LINES="50", TERM="dumb", NETJER_LANG="")  # no colours: plain text
    return pexpect.spawn(
        sys.executable,
        ["-m", "netjer", "learn", lesson, "--lang", language],
        env=env,
        dimensions=(50, 200),
        encoding="utf-8",
        timeout=60,
    )


def _words(text: str) -> str:
    """A pattern for the first words of ``text`` that matches across a wrapped line."""
    return r"\s+".join(re.escape(w) for w in text.split()[:4])


@pytest.mark.slow
@pytest.mark.parametrize(("name", "language"), FILES)
def test_a_lesson_plays_to_its_end_accepting_only_its_decisions(name: str, language: str) -> None:
    def tr(message: str) -> str:
        return i18n.gettext(message, language)

    lesson = load_lesson(name, language)
    assert lesson.language == language
    shadow = LessonRun(lesson)  # the same lesson in this process: which other decision is legal
    child = _spawn(name, language)
    wrong_tries = 0
    try:
        child.expect(_words(lesson.intro))
        if lesson.terminal.intro:  # the terminal's own words ('netjer learn ankh'), not the browser's
            child.expect(_words(lesson.terminal.intro))
        child.expect(re.escape(tr("Press Enter to begin: ")))
        child.sendline("")
        while not shadow.done:
            shadow.begin_step()
            step = shadow.step
            child.expect(re.escape(tr("Step {number} of {total}").format(number=step.number, total=len(lesson.steps))))
            child.expect(_words(step.say_in("terminal")))
            if step.expect is None:
                child.expect(re.escape(tr(GO_ON)))
                child.sendline("")
                shadow.advance()
                continue
            child.expect(re.escape(tr(PROMPT)))
            other = next((a for a in shadow.state.legal_actions() if a != shadow.expected_action()), None)
            if other is not None:
                child.sendline(str(other))
                child.expect(_words(tr("That is allowed, but not the move this lesson is about.")))
                hint = step.hint_in("terminal")  # what to type, on its own line after the reason
                assert hint is not None
                child.expect(_words(hint))
                child.expect(re.escape(tr(PROMPT)))
                wrong_tries += 1
            child.sendline(step.expect)
            assert shadow.answer(step.expect).accepted
        child.expect(re.escape(tr("Your game now")))
        child.expect(_words(lesson.finish))
        assert lesson.terminal.finish is not None
        child.expect(_words(lesson.terminal.finish))  # what to type: 'help NAME'
        child.expect(re.escape(tr("Press Enter to play on: ")))
        child.sendline("")
        child.expect(re.escape(tr("{seat}, your action: ").split("}", 1)[1]))  # the ordinary table, at beginner
        child.sendline("quit")
        child.expect(re.escape(tr("Left the game.")))
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert wrong_tries > 0


@pytest.mark.slow
def test_help_and_quit_in_a_lesson() -> None:
    child = _spawn("nile")
    try:
        child.expect("Press Enter to begin: ")
        child.sendline("")
        child.expect(PROMPT)
        child.sendline("help vanguard")
        child.expect("its soldiers may attack both enemy rows")
        child.expect(PROMPT)
        child.sendline("place 1 a1")
        child.expect("not the move this lesson is about")
        child.expect(PROMPT)
        child.sendline("quit")
        child.expect("Left the lesson.")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)


@pytest.mark.slow
def test_an_unknown_lesson_is_a_one_line_error() -> None:
    child = _spawn("chess")
    try:
        child.expect("error: no lesson called 'chess'; lessons: aton, nile, ankh, pantheon")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 2


def test_the_lesson_table_takes_a_bare_card_value_and_board_then_quits() -> None:
    """In process: Aton's 'assign 4' may be typed '4' as at the play table; 'board' redraws."""
    console = Console(record=True, width=120, color_system=None, force_terminal=False)
    answers = iter(["", "keep", "board", "2", "4"])

    def ask(prompt: str) -> str:
        console.print(prompt, end="")
        try:
            line = next(answers)
        except StopIteration:
            raise EOFError from None
        console.print(line)
        return line

    table = LessonTable(load_lesson("aton"), console=console, ask=ask)
    table.play()
    out = console.export_text()
    assert "Step 2 of" in out
    assert out.count("Step 2 of") >= 2  # 'board' showed the step again
    assert "not the move this lesson is about" in out  # '2' is 'assign 2': legal, not this step's
    assert "Step 3 of" in out  # '4' was 'assign 4'
    assert "Left the lesson." in out
    assert table.run.index == 2


def test_learn_without_a_lesson_lists_them() -> None:
    result = CliRunner().invoke(app, ["learn"])
    assert result.exit_code == 0
    for name in lesson_names():
        assert f"netjer learn {name}" in result.output
    assert load_lesson("pantheon").title in result.output


def _learn(*args: str, answers: str = "") -> str:
    result = CliRunner().invoke(app, ["learn", *args], input=answers, env={"COLUMNS": "200", "NETJER_LANG": ""})
    assert result.exit_code == 0, result.output
    return result.output


def test_learn_lang_es_plays_the_spanish_lesson() -> None:
    """`netjer learn nile --lang es`: the Spanish lesson, the screens' words in Spanish, a wrong try
    answered in Spanish with the Spanish hint, the notation as typed."""
    lesson = load_lesson("nile", "es")
    first = lesson.steps[0]
    out = _learn("nile", "--lang", "es", answers="\nplace 1 a1\nquit\n")
    assert lesson.title in out
    assert "Te damos la bienvenida a Dioses del Nilo." in out
    assert f"Paso 1 de {len(lesson.steps)}" in out
    assert " ".join(first.say.split()[:8]) in " ".join(out.split())
    assert "Regla: Tu vanguardia es tu fila de delante" in " ".join(out.split())
    assert "Eso está permitido, pero no es la jugada de la que trata esta lección." in out
    assert "Escribe 'place 5 b2': tu 5, boca arriba, en b2." in out
    assert "Has salido de la lección." in out
    english = load_lesson("nile")
    for text in ("Step 1 of", "Rule:", "not the move this lesson is about", english.steps[0].say[:30], english.title):
        assert text not in out


def test_netjer_lang_and_the_global_option_choose_the_spanish_lesson_too() -> None:
    title = load_lesson("aton", "es").title
    result = CliRunner().invoke(app, ["learn", "aton"], input="quit\n", env={"COLUMNS": "200", "NETJER_LANG": "es_ES"})
    assert result.exit_code == 0, result.output
    assert title in result.output
    result = CliRunner().invoke(app, ["--lang", "es", "learn", "aton"], input="quit\n", env={"NETJER_LANG": ""})
    assert title in result.output
    # the command's own --lang wins over the environment
    assert load_lesson("aton").title in _learn("aton", "--lang", "en", answers="quit\n")


def test_learn_lang_es_lists_the_spanish_lessons_and_refuses_an_unknown_language() -> None:
    out = _learn("--lang", "es")
    for name in lesson_names():
        assert f"netjer learn {name}" in out
        assert load_lesson(name, "es").title in out
    assert "(unos 7 minutos)" in out
    assert "(about" not in out
    result = CliRunner().invoke(app, ["learn", "aton", "--lang", "xx"], env={"NETJER_LANG": ""})
    assert result.exit_code == 2
    assert "no translation into 'xx'; languages: en, de, es" in result.output
