"""``netjer learn LESSON``: a guided first game in the terminal (issue 30 item 1; docs/tutorials.md).

The lesson (:mod:`netjer.tutorials`) is played step by step: the other seats' scripted decisions
are told in the game's words, each step explains what happens and why and gives the rule in a
sentence, and the player is asked for the step's one decision; any other answer gets the
reason and the step's hint.  ``help``, ``help NAME``, ``board`` and ``quit`` work as in ``netjer
play``.  The lesson and the screens are in the terminal's language (``--lang``; a lesson's
``<stem>.<language>.toml`` file, docs/tutorials.md).  After the last step the game goes on at the
ordinary terminal table (:class:`netjer.cli.play.TerminalTable`) against the lesson's level.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

import typer
from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from netjer.cli.language import LangOption, use_language
from netjer.cli.play import (
    BOARD_WORDS,
    HELP_WORDS,
    MAX_CHOICE_DIGITS,
    QUIT_WORDS,
    QuitGame,
    TerminalTable,
    help_name,
    numbered_verb,
    overview_text,
    term_text,
)
from netjer.cli.usage_words import filled
from netjer.core.errors import NetjerError
from netjer.drawings import log_narrates_actions, renderer_for
from netjer.i18n import N_, _, get_language, join_list
from netjer.i18n_sentences import told_error
from netjer.tutorials.lesson import LESSONS, Lesson, load_lesson
from netjer.tutorials.runner import LessonRun

LESSON_HELP = filled(
    N_("The lesson: {lessons} (pantheon: the powers of Ankh's Pantheon gods)."), lessons=join_list(LESSONS)
)


class LessonTable:
    """Plays a lesson at the terminal, then hands the game over to :class:`TerminalTable`.

    Args:
        lesson: the lesson (:func:`netjer.tutorials.lesson.load_lesson`).
        console: where to draw.
        ask: reads one line given a prompt (default: the console's input); raises
            ``EOFError`` at the end of input.

    Raises:
        DataFileError: for a lesson the engine refuses (a bad position, a term the rules texts
            lack).
    """

    def __init__(self, lesson: Lesson, *, console: Console, ask: Callable[[str], str] | None = None) -> None:
        self.run = LessonRun(lesson, front="terminal")
        self.lesson = lesson
        self.console = console
        self.ask = ask or console.input
        self.render = renderer_for(lesson.game)
        self.narrated = log_narrates_actions(lesson.game)
        self.log_seen = 0

    def play(self) -> None:
        """The lesson from its introduction to the hand-over, then the rest of the game.

        Raises:
            DataFileError: if a scripted decision has become illegal (names the step).
        """
        run = self.run
        self.console.print(Panel(Text(self.lesson.intro_in("terminal")), title=Text(self.lesson.title, style="bold")))
        self.console.print(
            Text(_("Type 'help' for the rules, 'board' to see the position again, 'quit' to leave."), style="dim")
        )
        try:
            self._wait(_("Press Enter to begin: "))
            while not run.done:
                self._step()
            finish = Text(self.lesson.finish_in("terminal"))
            self.console.print(Panel(finish, title=Text(_("Your game now"), style="bold")))
            self._wait(_("Press Enter to play on: "))
        except QuitGame:
            self.console.print()
            self.console.print(Text(_("Left the lesson.")))
            return
        table = TerminalTable(run.game, run.state, run.handover_seats(), console=self.console, save=None, ask=self.ask)
        table.log_seen = len(self._log())
        table.run()

    # --- one step ---------------------------------------------------------------------------

    def _step(self) -> None:
        run = self.run
        played = run.begin_step()
        step = run.step
        before = self.log_seen
        for p in played:
            if not self.narrated:
                self.console.print(Text(f"  {p.words}"), highlight=False)
        self._print_new_log()
        if played and self.narrated and self.log_seen == before:  # a log that tells nothing of them
            for p in played:
                self.console.print(Text(f"  {p.words}"), highlight=False)
        if played or step.expect is not None:
            self.draw()
        self.console.print(self._panel())
        if step.expect is None:
            self._wait(_("Press Enter to go on: "))
            run.advance()
            return
        while True:
            answer = self._read(_("Your decision: "))
            if not answer:
                continue
            attempt = run.answer(self._with_verb(answer))
            if attempt.accepted:
                self._print_new_log()
                return
            self.console.print(Text(attempt.reason, style="red"), highlight=False)
            self.console.print(Text(attempt.hint, style="bold yellow"), highlight=False)

    def _panel(self) -> Panel:
        step = self.run.step
        body = Text(step.say_in("terminal"))
        rule = step.rule_in("terminal")
        if rule:
            body.append("\n")
            body.append(_("Rule: "), style="bold")
            body.append(rule, style="italic")
        if step.terms:
            names = " · ".join(f"help {help_name(self.run.texts, t)}" for t in step.terms)
            body.append("\n" + _("More: {names}").format(names=names), style="dim")
        total = len(self.lesson.steps)
        title = _("Step {number} of {total}").format(number=step.number, total=total)
        return Panel(body, title=Text(title, style="bold"), title_align="left")

    def _wait(self, prompt: str) -> None:
        """Wait for Enter (or any line); the commands still work meanwhile."""
        while self._read(prompt) is None:
            pass

    def _read(self, prompt: str) -> str | None:
        """One line, the commands handled here: the answer ("" for an empty line), or None
        after a command (help, board).

        Raises:
            QuitGame: on 'quit' or the end of input.
        """
        try:
            answer = self.ask(prompt).strip()
        except (EOFError, KeyboardInterrupt):
            raise QuitGame from None
        low = " ".join(answer.lower().split())
        if low in QUIT_WORDS:
            raise QuitGame
        first, _sep, rest = low.partition(" ")
        if first in HELP_WORDS:
            self._help(rest)
            return None
        if low in BOARD_WORDS:
            self.draw()
            self.console.print(self._panel())
            return None
        return answer

    def _help(self, topic: str) -> None:
        texts = self.run.texts
        if not topic:
            self.console.print(overview_text(texts), highlight=False)
            return
        term = texts.find(topic)
        if term is None:
            self.console.print(Text(_("No rule called {topic}.").format(topic=repr(topic[:40]))), highlight=False)
            return
        self.console.print(term_text(term), highlight=False)

    def _with_verb(self, answer: str) -> str:
        """A bare number where every choice is a word and a number (Aton's 'assign 4') is that
        number, as at the play table."""
        if answer.isascii() and answer.isdigit() and len(answer) <= MAX_CHOICE_DIGITS:
            verb = numbered_verb(self.run.state.legal_actions())
            if verb is not None:
                return f"{verb} {int(answer)}"
        return answer

    # --- output -------------------------------------------------------------------------------

    def draw(self) -> None:
        """Draw the position from the learner's seat."""
        learner = self.run.learner
        self.console.print(self.render(self.run.state.observation(learner), learner))

    def _log(self) -> list[str]:
        log = self.run.state.observation(self.run.learner).get("log", [])
        return [str(x) for x in log] if isinstance(log, list) else []

    def _print_new_log(self) -> None:
        log = self._log()
        for line in log[self.log_seen :]:
            self.console.print(Text(f"  {line}", style="italic"), highlight=False)
        self.log_seen = len(log)


def learn(
    lesson: Annotated[str | None, typer.Argument(metavar=N_("lesson"), help=LESSON_HELP)] = None,
    lang: LangOption = None,
) -> None:
    """Learn a game by playing it: a guided first game, then you finish it against the beginner level.

    Without a lesson, list the lessons.  The lesson is in the language of the texts shown
    (--lang, else $NETJER_LANG), in English where it is not written in that language."""
    console = Console()
    err = Console(stderr=True)
    try:
        use_language(lang)
        if lesson is None:
            for name in LESSONS:
                found = load_lesson(name, get_language())
                console.print(
                    Text.assemble(
                        (f"netjer learn {name}", "bold"),
                        f"  {found.title} ",
                        (_("(about {minutes} minutes)").format(minutes=found.minutes), "dim"),
                    ),
                    highlight=False,
                )
            return
        LessonTable(load_lesson(lesson, get_language()), console=console).play()
    except NetjerError as error:
        err.print(Text.assemble((_("error:") + " ", "bold red"), told_error(error)), highlight=False, soft_wrap=True)
        raise typer.Exit(code=2) from None
