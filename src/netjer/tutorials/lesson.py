"""A lesson file: a guided first game as data (issue 30 item 1; docs/tutorials.md).

Each lesson lives beside its game's rules texts, in
``src/netjer/games/<game>/tutorials/<lesson>.<language>.toml`` (English is ``.en.toml``; a
Spanish sibling ``.es.toml`` may follow), and is known to the player by a short name
(:data:`LESSONS`: ``aton``, ``nile``, ``ankh``, ``pantheon``).  The format (TOML, validated
strictly on loading)::

    title = "Your first game of Aton"
    game = "aton"                    # a registered game
    minutes = 7                      # how long it takes a newcomer, about
    seed = 11                        # the game's seed: the deal the lesson was written for
    learner = 0                      # the seat the player takes
    level = "beginner"               # who plays the other seats after the last step
    intro = "..."                    # shown before the first step
    finish = "..."                   # shown when the player takes over
    [web]                            # optional: what only the browser says, after the intro's
    intro = "..."                    # or the finish's words (what to click: the Rules button)
    finish = "..."
    [terminal]                       # optional: what only the terminal says (what to type:
    finish = "..."                   # 'help NAME'), as the rules texts' web/terminal fields
    [options]                        # the game's options (optional)
    players = 2                      # Ankh's lessons start from a named position instead of
    start = "first-game-1"           # the setup (option start, games/ankh/data/starts.toml),
                                     # so that their tables' records replay them too

    [[step]]
    play = ["keep"]                  # other seats' decisions, applied first (optional)
    say = "..."                      # what is happening and why
    rule = "..."                     # the rule in one sentence (optional)
    terms = ["cartouche"]            # rules-text entries the step speaks of (optional)
    expect = "assign 4"              # the learner's one decision (optional)
    hint = "..."                     # shown after a wrong try (with expect: here, or in both
    web.hint = "Click the 4 ..."     # fronts' tables); a step's web/terminal tables add
    terminal.hint = "Type 'assign 4'"  # say, rule or hint words of that front end only, as
                                     # the lesson's [web]/[terminal] tables do: the browser
                                     # names what to click, the terminal what to type

Whether each scripted decision is legal, and each term is in the game's rules texts, is
checked by replaying the lesson (:func:`netjer.tutorials.runner.check_lesson`), not here.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from netjer.core.errors import ConfigError, DataFileError
from netjer.i18n import N_, join_list
from netjer.i18n_sentences import Sentence

#: The lessons a player can ask for: name -> (game, lesson file stem).
LESSONS: dict[str, tuple[str, str]] = {
    "aton": ("aton", "first-game"),
    "nile": ("nile", "first-game"),
    "ankh": ("ankh", "first-game"),
    "pantheon": ("ankh", "pantheon"),
}
DEFAULT_LANGUAGE = "en"


class _StepFrontWords(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    say: str | None = Field(None, min_length=1)
    rule: str | None = Field(None, min_length=1)
    hint: str | None = Field(None, min_length=1)


class _Step(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    say: str = Field(min_length=1)
    play: tuple[str, ...] = ()
    rule: str | None = None
    terms: tuple[str, ...] = ()
    expect: str | None = None
    hint: str | None = None
    web: _StepFrontWords = Field(default_factory=_StepFrontWords)
    terminal: _StepFrontWords = Field(default_factory=_StepFrontWords)

    @model_validator(mode="after")
    def _hint_with_expect(self) -> _Step:
        hinted = {
            front: bool(self.hint or words.hint) for front, words in (("web", self.web), ("terminal", self.terminal))
        }
        if self.expect is not None and not all(hinted.values()):
            missing = " and ".join(front for front, ok in hinted.items() if not ok)
            raise ValueError(f"a step that expects a decision needs a hint for a wrong try (none for {missing})")
        if self.expect is None and (self.hint or self.web.hint or self.terminal.hint):
            raise ValueError("a hint without an expected decision is never shown")
        return self


class _FrontWords(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    intro: str | None = Field(None, min_length=1)
    finish: str | None = Field(None, min_length=1)


class _File(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    title: str = Field(min_length=1)
    game: str = Field(min_length=1)
    minutes: int = Field(ge=1, le=30)
    seed: int
    learner: int = Field(ge=0)
    level: str = "beginner"
    intro: str = Field(min_length=1)
    finish: str = Field(min_length=1)
    options: dict[str, Any] = Field(default_factory=dict)
    web: _FrontWords = Field(default_factory=_FrontWords)
    terminal: _FrontWords = Field(default_factory=_FrontWords)
    step: list[_Step] = Field(min_length=1)


#: The front ends a lesson speaks to in their own words (the ``[web]`` and ``[terminal]`` tables).
Front = Literal["web", "terminal"]


def _joined(common: str | None, extra: str | None) -> str | None:
    """Words for every front end, then one front end's own after them (either may be None)."""
    return " ".join(text for text in (common, extra) if text) or None


@dataclass(frozen=True)
class StepWords:
    """What a step says in one front end only, after its words for both (the step's ``web`` and
    ``terminal`` tables: the browser names what to click, the terminal what to type).

    Attributes:
        say, rule, hint: added to the step's field of that name, or None.
    """

    say: str | None = None
    rule: str | None = None
    hint: str | None = None


@dataclass(frozen=True)
class Step:
    """One step of a lesson (see the module doc for each field's meaning).

    Attributes:
        number: its place in the lesson, from 1.
        say: what is happening and why (in the words of every front end).
        play: other seats' decisions applied before the step's text, in notation.
        rule: the rule in one sentence, or None.
        terms: rules-text entries the step speaks of (``help NAME`` finds them).
        expect: the learner's one accepted decision, in notation, or None for a step that
            only explains.
        hint: what to say after a wrong try in every front end, or None (then each front end
            has a hint of its own when ``expect`` is set; :meth:`hint_in`).
        web, terminal: what the browser and the terminal add to ``say``, ``rule`` and ``hint``
            (:meth:`say_in`, :meth:`rule_in`, :meth:`hint_in`).
    """

    number: int
    say: str
    play: tuple[str, ...]
    rule: str | None
    terms: tuple[str, ...]
    expect: str | None
    hint: str | None
    web: StepWords = StepWords()
    terminal: StepWords = StepWords()

    def _own(self, front: Front) -> StepWords:
        return self.web if front == "web" else self.terminal

    def say_in(self, front: Front) -> str:
        """What the step says as ``front`` (``"web"`` or ``"terminal"``) shows it."""
        return _joined(self.say, self._own(front).say) or self.say

    def rule_in(self, front: Front) -> str | None:
        """The step's rule as ``front`` shows it, or None for a step without one."""
        return _joined(self.rule, self._own(front).rule)

    def hint_in(self, front: Front) -> str | None:
        """What ``front`` says after a wrong try (in the browser: what to click; at the
        terminal: what to type); None exactly when the step expects no decision."""
        return _joined(self.hint, self._own(front).hint)


@dataclass(frozen=True)
class FrontWords:
    """What a lesson says in one front end only, after its words for both (as the rules texts'
    ``web``/``terminal`` fields: what to click in the browser, what to type at the terminal).

    Attributes:
        intro: added to the lesson's ``intro``, or None.
        finish: added to the lesson's ``finish``, or None.
    """

    intro: str | None = None
    finish: str | None = None


@dataclass(frozen=True)
class Lesson:
    """A guided first game, as loaded from its file (module doc).

    Attributes:
        name: the name the player asks for (``"pantheon"``).
        where: the file, for messages (``games/ankh/tutorials/pantheon.en.toml``).
        language: the language its texts are in (``"es"``); a lesson asked for in a language
            it has no file in is the English one.
        title, game, minutes, seed, learner, level, intro, finish, options: the file's fields
            (``intro`` and ``finish`` in the words of every front end).
        web, terminal: what the browser and the terminal add to ``intro`` and ``finish``
            (:meth:`intro_in`, :meth:`finish_in`).
        steps: the steps in order.
    """

    name: str
    where: str
    language: str
    title: str
    game: str
    minutes: int
    seed: int
    learner: int
    level: str
    intro: str
    finish: str
    options: dict[str, Any]
    steps: tuple[Step, ...]
    web: FrontWords = FrontWords()
    terminal: FrontWords = FrontWords()

    def intro_in(self, front: Front) -> str:
        """The introduction as ``front`` (``"web"`` or ``"terminal"``) shows it: ``intro`` and
        that front end's own words after it."""
        extra = (self.web if front == "web" else self.terminal).intro
        return f"{self.intro} {extra}" if extra else self.intro

    def finish_in(self, front: Front) -> str:
        """The finish as ``front`` (``"web"`` or ``"terminal"``) shows it: ``finish`` and that
        front end's own words after it (the browser's Rules button, the terminal's ``help``)."""
        extra = (self.web if front == "web" else self.terminal).finish
        return f"{self.finish} {extra}" if extra else self.finish


def lesson_names() -> list[str]:
    """Every lesson a player can ask for, in the order they are listed."""
    return list(LESSONS)


def _where(name: str) -> tuple[str, str, str, Traversable]:
    """Lesson ``name``'s key, game, file stem and folder.

    Raises:
        ConfigError: for a name that is no lesson (the message lists them).
    """
    key = name.strip().lower()
    if key not in LESSONS:
        message = N_("no lesson called '{name}'; lessons: {lessons}")  # as the server refuses one
        raise ConfigError(Sentence(message, name=name, lessons=join_list(LESSONS)))
    game, stem = LESSONS[key]
    return key, game, stem, resources.files(f"netjer.games.{game}").joinpath("tutorials")


def lesson_languages(name: str) -> list[str]:
    """The languages lesson ``name`` is written in (its files' ``<language>`` parts), English
    first.

    Raises:
        ConfigError: for a name that is no lesson.
    """
    _key, _game, stem, folder = _where(name)
    prefix = f"{stem}."
    found = {
        p.name.removeprefix(prefix).removesuffix(".toml")
        for p in folder.iterdir()
        if p.name.startswith(prefix) and p.name.endswith(".toml")
    }
    return [DEFAULT_LANGUAGE, *sorted(found - {DEFAULT_LANGUAGE})]


def parse_lesson(text: str, name: str, where: str, language: str = DEFAULT_LANGUAGE) -> Lesson:
    """Read a lesson file's text.

    Args:
        text: the TOML text.
        name: the lesson's name (``"aton"``).
        where: the file's path, put in front of every message.
        language: the language the file is written in (its name's ``<language>`` part).

    Returns:
        The lesson.

    Raises:
        DataFileError: for text that is not TOML or breaks the format; the message names the
            file and the step at fault (``...: step 4: hint: ...``).
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise DataFileError(f"{where}: not valid TOML: {err}") from None
    try:
        model = _File.model_validate(data)
    except ValidationError as err:
        first = err.errors()[0]
        loc = list(first["loc"])
        if len(loc) >= 2 and loc[0] == "step" and isinstance(loc[1], int):
            place = f"step {loc[1] + 1}" + "".join(f": {p}" for p in loc[2:])
        else:
            place = ".".join(str(p) for p in loc) or "file"
        raise DataFileError(f"{where}: {place}: {first['msg']}") from None
    steps = tuple(
        Step(
            number=i,
            **s.model_dump(exclude={"web", "terminal"}),
            web=StepWords(**s.web.model_dump()),
            terminal=StepWords(**s.terminal.model_dump()),
        )
        for i, s in enumerate(model.step, start=1)
    )
    fields = model.model_dump(exclude={"step", "web", "terminal"})
    web, terminal = FrontWords(**model.web.model_dump()), FrontWords(**model.terminal.model_dump())
    return Lesson(name=name, where=where, language=language, steps=steps, web=web, terminal=terminal, **fields)


@cache
def load_lesson(name: str, language: str = DEFAULT_LANGUAGE) -> Lesson:
    """Load the lesson ``name`` (one of :data:`LESSONS`) in ``language``, else in English.

    Returns:
        The lesson; its ``language`` says which file was read (``"en"`` when ``language`` has
        no file for this lesson).

    Raises:
        ConfigError: for a name that is no lesson (the message lists them).
        DataFileError: for a malformed file (:func:`parse_lesson`) or one whose game is not
            the game it sits beside.
    """
    key, game, stem, folder = _where(name)
    if language not in lesson_languages(key):  # never a path made of what was asked for
        language = DEFAULT_LANGUAGE
    target = folder.joinpath(f"{stem}.{language}.toml")
    where = f"games/{game}/tutorials/{target.name}"
    if not target.is_file():
        raise DataFileError(f"{where}: the lesson file is missing")
    lesson = parse_lesson(target.read_text(encoding="utf-8"), key, where, language)
    if lesson.game != game:
        raise DataFileError(f"{where}: game: {lesson.game!r}, but the file sits in the game {game!r}")
    return lesson
