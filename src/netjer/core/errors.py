"""The kernel's exceptions.

Every error a user can provoke is one of these, so that front ends (CLI, server) can
report it as a clear message instead of a traceback.
"""

from __future__ import annotations

from netjer.i18n import DEFAULT_LANGUAGE, N_
from netjer.i18n_sentences import Sentence, sentence_of


class NetjerError(Exception):
    """Base class of every error Netjer raises on purpose."""


class ConfigError(NetjerError, ValueError):
    """A game option, seat list or agent specification is invalid.

    Raised by :class:`netjer.core.game.Game` constructors before any state exists, with a
    message naming the option and the accepted values.
    """


class DataFileError(NetjerError, ValueError):
    """A static game data file (map, temple layout, scenario) fails validation on load.

    The message names the file and the invariant that does not hold.
    """


class ActionSyntaxError(NetjerError, ValueError):
    """A text does not parse as an action of the game (unknown word, bad number)."""


class IllegalActionError(NetjerError, ValueError):
    """An action that is not legal in the current state.

    Like python-chess's ``IllegalMoveError`` it subclasses :class:`ValueError`.  The state
    it was applied to is left untouched.

    Attributes:
        action: the notation of the refused action.
        rule: the rule that forbids it: its section in the rules reference and a title
            (e.g. ``"Aton rules §4 step G.2: placing cartouche 4's stones"``), always in English:
            a catalogue message of the game's domain, which the terminal and the server tell in
            the reader's language (:func:`netjer.i18n_lines.tell`).
        reason: a sentence for the player saying why.
        legal: the notations of the legal actions at that point.
    """

    def __init__(self, action: str, rule: str, reason: str, legal: list[str] | None = None) -> None:
        self.action = action
        self.rule = rule
        self.reason = reason
        self.legal = list(legal or [])
        super().__init__(f"illegal action {action!r}: {reason} ({rule})")


class SeatError(NetjerError, ValueError):
    """A seat that the game does not have: not a whole number (``True``, ``"0"``), or out of
    ``0 .. players - 1`` (``-1`` is not "the last seat")."""


class GameNotOverError(NetjerError, RuntimeError):
    """``returns()`` was asked of a state that is not terminal."""


class RecordError(NetjerError, ValueError):
    """A game record (save file) is malformed or does not replay.

    The message reads ``FILE: line L, column C; action N 'TEXT': REASON``, each part only
    when known; :meth:`told` gives it in a reader's language (issue 32): each part a catalogue
    message, the reason a :class:`~netjer.i18n_sentences.Sentence` when raised with one.

    Attributes:
        reason: the fault in words, without the file and position.
        file: the record file, when the record came from one.
        line: 1-based line of the file at fault, when known.
        column: 1-based column, when known.
        index: 0-based index of the first action that fails to replay, when relevant.
        action: text of that action, when relevant.
        advice: what to do about it, already in the reader's words, after the reason.
    """

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        line: int | None = None,
        column: int | None = None,
        index: int | None = None,
        action: str | None = None,
        advice: str = "",
    ) -> None:
        self.reason = message
        self.file = file
        self.line = line
        self.column = column
        self.index = index
        self.action = action
        self.advice = advice
        super().__init__(self.told(DEFAULT_LANGUAGE))

    def _where(self) -> list[Sentence]:
        """The position's parts, each a sentence: the line (and column), the action."""
        where: list[Sentence] = []
        if self.line is not None:
            if self.column is not None:
                where.append(Sentence(N_("line {line}, column {column}"), line=self.line, column=self.column))
            else:
                where.append(Sentence(N_("line {line}"), line=self.line))
        if self.index is not None:  # shown counting from 1, as replays number actions
            if self.action is not None:
                where.append(Sentence(N_("action {number} {action}"), number=self.index + 1, action=repr(self.action)))
            else:
                where.append(Sentence(N_("action {number}"), number=self.index + 1))
        return where

    def told(self, language: str) -> str:
        """The whole message in ``language`` (:data:`netjer.i18n.DEFAULT_LANGUAGE`: the English
        the exception holds): the file, the position's parts and the reason, each told."""
        reason = sentence_of(ValueError(self.reason)).told(language) + self.advice
        where = "; ".join(part.told(language) for part in self._where())
        prefix = f"{where}: " if where else ""
        return (f"{self.file}: " if self.file is not None else "") + prefix + reason

    def in_file(self, file: str, advice: str = "") -> RecordError:
        """The same error naming ``file`` (instead of any file it named), with ``advice``
        (e.g. what to do about it, in the reader's words) appended to the reason."""
        return RecordError(
            self.reason,
            file=file,
            line=self.line,
            column=self.column,
            index=self.index,
            action=self.action,
            advice=self.advice + advice,
        )
