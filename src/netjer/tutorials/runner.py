"""Play a lesson through the engine, for any front end (issue 30 item 1; docs/tutorials.md).

A front end drives a :class:`LessonRun` step by step::

    front = "terminal"                       # or "web": whose words the texts are in
    run = LessonRun(load_lesson("aton"), front=front)
    while not run.done:
        for played in run.begin_step():      # the other seats' scripted decisions
            show(played.words)
        show(run.step.say_in(front), run.step.rule_in(front))  # what happens, why, the rule
        if run.step.expect is None:
            run.advance()                    # an explanation only: on to the next step
        else:
            attempt = run.answer(read())     # only the scripted decision is accepted
            show(attempt.message)            # the hint after a wrong try, in front's words
    seats = run.handover_seats()             # then the player finishes against `level`

Every scripted decision goes through the state's public ``legal_actions``/``apply``, so a
rules change that makes one illegal stops the lesson with an error naming the step, and
:func:`check_lesson` (run by a fast test for every lesson) finds it first.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from netjer.agents.levels import resolve_agent
from netjer.core.action import Action
from netjer.core.errors import ActionSyntaxError, ConfigError, DataFileError
from netjer.core.game import Game
from netjer.core.state import State
from netjer.core.texts import DEFAULT_LANGUAGE, RulesTexts, languages
from netjer.games.registry import make_game
from netjer.i18n import _
from netjer.i18n_sentences import told_error
from netjer.tutorials.lesson import Front, Lesson, Step

#: A ``help NAME`` the text of a lesson tells the player to type (``help kingdom``).
HELP_REFERENCE = re.compile(r"\bhelp ([a-z][\w-]*)")  # "help NAME" in capitals is the command's form


@dataclass(frozen=True)
class Played:
    """A scripted decision of another seat, as the learner is told it.

    Attributes:
        seat: who took it.
        action: the decision in notation.
        words: what happened, in the game's words from the learner's seat (hidden
            information stays hidden: the engine's ``describe_action`` for that viewer).
    """

    seat: int
    action: str
    words: str


@dataclass(frozen=True)
class Attempt:
    """The answer to one try at the step's decision.

    Attributes:
        accepted: True if it was the scripted decision (now applied).
        reason: after a wrong try, why it is not this one (the game's refusal, or that it is
            legal but not the lesson's); "" when accepted.
        hint: after a wrong try, the step's hint in the run's front end's words
            (:meth:`netjer.tutorials.lesson.Step.hint_in`); "" when accepted.
    """

    accepted: bool
    reason: str = ""
    hint: str = ""

    @property
    def message(self) -> str:
        """The reason and the hint in one text ("" when accepted)."""
        return f"{self.reason} {self.hint}".strip()


class LessonRun:
    """One play of a lesson: the game, its position, and the step reached.

    Args:
        lesson: the lesson (:func:`netjer.tutorials.lesson.load_lesson`).
        texts: the rules texts the steps' terms are looked up in (default: the game's texts in
            the lesson's language if it has them, else its English ones; the ids are the same
            in every language, so a lesson's ``terms`` and ``help name`` work in each).
        front: the front end playing it (``"terminal"`` or ``"web"``): whose words a wrong
            try's hint is in (:meth:`netjer.tutorials.lesson.Step.hint_in`).

    Raises:
        DataFileError: for options or a position the game refuses, a learner seat the game
            lacks, or a term the rules texts lack (in a step's ``terms``, or a ``help name`` a
            text tells the player to type); the message names the file and the step.
    """

    def __init__(self, lesson: Lesson, texts: RulesTexts | None = None, *, front: Front = "terminal") -> None:
        self.lesson = lesson
        self.front: Front = front
        start = _start(lesson)
        self.game: Game = start.game
        if lesson.learner >= self.game.num_players:
            raise DataFileError(f"{lesson.where}: learner: the game has seats 0 to {self.game.num_players - 1}")
        self.texts = texts if texts is not None else self.game.rules_texts(_texts_language(self.game, lesson.language))
        for step in lesson.steps:
            for term in step.terms:
                if self.texts.find(term) is None:
                    raise self._error(step, f"terms: {term!r} is not in the rules texts of {lesson.game}")
            terminal = (
                ("say", step.say_in("terminal")),
                ("rule", step.rule_in("terminal")),
                ("hint", step.hint_in("terminal")),
            )
            for field, text in terminal:  # only the terminal's words may ask for a typed 'help NAME'
                self._check_help(f"step {step.number}: {field}", text)
        self._check_help("intro", lesson.intro_in("terminal"))
        self._check_help("finish", lesson.finish_in("terminal"))
        self.state: State = start
        self.index = 0
        self._begun = False

    # --- where we are ----------------------------------------------------------------------

    @property
    def done(self) -> bool:
        """True once every step is behind: the player takes over (:meth:`handover_seats`)."""
        return self.index >= len(self.lesson.steps)

    @property
    def step(self) -> Step:
        """The current step.

        Raises:
            IndexError: when the lesson is done.
        """
        return self.lesson.steps[self.index]

    @property
    def learner(self) -> int:
        """The player's seat."""
        return self.lesson.learner

    # --- playing ---------------------------------------------------------------------------

    def begin_step(self) -> list[Played]:
        """Apply the current step's scripted decisions of other seats (once per step) and
        check that the learner is then to decide if the step expects a decision.

        Returns:
            Those decisions in order, with their words.

        Raises:
            DataFileError: if one is malformed, illegal, or the learner's own, or if the
                step expects a decision when another seat is to act (names the step).
        """
        if self._begun:
            return []
        step = self.step
        played: list[Played] = []
        for text in step.play:
            seat = self.state.current_player
            if seat == self.learner:
                raise self._error(step, f"play: {text!r} would be the learner's decision (seat {seat})")
            action = self._legal(step, "play", text)
            words = self.state.describe_action(action, self.learner)
            self.state.apply(action)
            played.append(Played(seat, str(action), words))
        if step.expect is not None:
            if self.state.is_terminal:
                raise self._error(step, "expect: the game is over")
            if self.state.current_player != self.learner:
                raise self._error(
                    step,
                    f"expect: seat {self.state.current_player} is to decide, not the learner; "
                    "script its decision in play",
                )
            self._legal(step, "expect", step.expect)
        self._begun = True
        return played

    def answer(self, text: str) -> Attempt:
        """Try ``text`` as the current step's decision: only the scripted one is accepted
        (written in any form the game's notation reads as the same action).

        Returns:
            An accepted attempt (the decision applied, the lesson on the next step), or a
            refused one with the reason and the hint.

        Raises:
            ValueError: if the current step expects no decision.
        """
        self.begin_step()
        step = self.step
        if step.expect is None:
            raise ValueError(f"step {step.number} expects no decision")
        expected = self.game.parse_action(step.expect)
        try:
            action = self.game.parse_action(text.strip())
        except ActionSyntaxError as err:
            return Attempt(False, told_error(err), step.hint_in(self.front) or "")
        if action != expected:
            legal = action in self.state.legal_actions()
            why = _("That is allowed, but not the move this lesson is about.") if legal else self._refusal(action)
            return Attempt(False, why, step.hint_in(self.front) or "")
        self.state.apply(action)
        self._next()
        return Attempt(True)

    def advance(self) -> None:
        """Go past a step that expects no decision (after its text was read).

        Raises:
            ValueError: if the current step expects a decision.
        """
        self.begin_step()
        if self.step.expect is not None:
            raise ValueError(f"step {self.step.number} expects the decision {self.step.expect!r}")
        self._next()

    def expected_action(self) -> Action:
        """The current step's scripted decision as an action (for a front end that lists or
        highlights it).

        Raises:
            ValueError: if the current step expects no decision.
        """
        if self.step.expect is None:
            raise ValueError(f"step {self.step.number} expects no decision")
        return self.game.parse_action(self.step.expect)

    def handover_seats(self) -> list[str]:
        """The seats for the rest of the game: ``"human"`` for the learner, the lesson's level
        (as an agent specification) for every other seat.

        Raises:
            DataFileError: if the lesson's level is unknown for this game.
        """
        try:
            other = resolve_agent(self.lesson.level, self.game.name, self.game.num_players)
        except ConfigError as err:
            raise DataFileError(f"{self.lesson.where}: level: {err}") from None
        return ["human" if s == self.learner else other for s in range(self.game.num_players)]

    # --- helpers ---------------------------------------------------------------------------

    def _next(self) -> None:
        self.index += 1
        self._begun = False

    def _legal(self, step: Step, field: str, text: str) -> Action:
        try:
            action = self.game.parse_action(text)
        except ActionSyntaxError as err:
            raise self._error(step, f"{field}: {text!r}: {err}") from None
        if action not in self.state.legal_actions():
            raise self._error(step, f"{field}: {text!r} is not legal here: {self._refusal(action)}")
        return action

    def _refusal(self, action: Action) -> str:
        refusal = self.state.illegal(action)
        return _("Not allowed: {reason}").format(reason=refusal.reason)

    def _check_help(self, where: str, text: str | None) -> None:
        """Every ``'help NAME'`` a text tells the player to type must find a rules entry, and a
        lesson in another language than English must name it in that language, not by its
        English id (``help batalla``, not ``help battle``, where the entry is shown "Batalla")."""
        for name in HELP_REFERENCE.findall(text or ""):
            term = self.texts.find(name)
            if term is None:
                found_in = f"the rules texts of {self.lesson.game}"
                raise DataFileError(f"{self.lesson.where}: {where}: 'help {name}' finds nothing in {found_in}")
            english_id = _loose(name) == _loose(term.id) != _loose(term.name)
            if english_id and self.lesson.language != DEFAULT_LANGUAGE:
                raise DataFileError(
                    f"{self.lesson.where}: {where}: 'help {name}' names the entry by its English id;"
                    f" write its name in the lesson's language ({term.name!r})"
                )

    def _error(self, step: Step, message: str) -> DataFileError:
        return DataFileError(f"{self.lesson.where}: step {step.number}: {message}")


def _loose(text: str) -> str:
    """``text`` in lowercase letters and digits only: ``Placement phase`` and ``placement-phase`` alike."""
    return "".join(ch for ch in text.lower() if ch.isalnum())


def _texts_language(game: Game, language: str) -> str:
    """``language`` if ``game`` has rules texts in it, else English (:func:`netjer.core.texts.languages`)."""
    return language if language in languages(type(game).__module__.rsplit(".", 1)[0]) else DEFAULT_LANGUAGE


def _start(lesson: Lesson) -> State:
    """The lesson's first position: the game of the lesson's options from its seed (an Ankh
    lesson's options name its start position, option ``start``).

    Raises:
        DataFileError: for options the game refuses (an unknown start among them).
    """
    try:
        return make_game(lesson.game, lesson.options).new_initial_state(lesson.seed)
    except ConfigError as err:
        raise DataFileError(f"{lesson.where}: options: {err}") from None


def check_lesson(lesson: Lesson) -> State:
    """Replay ``lesson`` to its end, each step's scripted decision taken at once, and check
    that the player can then take over.

    Returns:
        The position handed to the player.

    Raises:
        DataFileError: at the first step whose term is unknown, whose decision is illegal or
            not its seat's, or if the game is over before the hand-over or the level is unknown.
    """
    run = LessonRun(lesson)
    while not run.done:
        run.begin_step()
        step = run.step
        if step.expect is None:
            run.advance()
        elif not run.answer(step.expect).accepted:  # pragma: no cover - begin_step checked it is legal
            raise run._error(step, f"expect: {step.expect!r} was refused")
    if run.state.is_terminal:
        raise DataFileError(f"{lesson.where}: finish: the game is over before the player takes over")
    run.handover_seats()
    return run.state
