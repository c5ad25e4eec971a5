"""Sentences that remember their catalogue message, so that a layer which did not write them
(the server answering a game's option check, a Pydantic validation) can tell them in its
reader's language (issue 32: a refusal is one catalogue message, never an English text passed on).

A :class:`Sentence` is the English text (it *is* a ``str``: ``str(err)``, logs and the
terminal read it as before) plus its message id and params; a param may itself be a
:class:`Sentence`, told in the same language.  An exception carries one as its first argument
(``ConfigError(Sentence(N_("..."), ...))``), and :func:`sentence_of` finds it again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self

from netjer import i18n

#: The parameter holding the count of a plural message (as everywhere: ``{n}``).
COUNT = "n"


class Sentence(str):
    """A filled catalogue message in English that can be told in another language.

    Attributes:
        message_id: the catalogue message (English, with ``{placeholders}``; a plural
            message's singular).
        plural: a plural message's plural form (``None``: not a plural message; the count is
            the ``n`` param).
        params: the placeholders' values: numbers, values shown as they are (a field's path,
            notation, a library's own words) and other sentences.
    """

    message_id: str
    plural: str | None
    params: dict[str, int | str]

    def __new__(cls, message_id: str, plural: str | None = None, /, **params: int | str) -> Self:
        """Fill ``message_id`` (or, for ``n`` other than 1, ``plural``) with ``params`` in English."""
        template = message_id if plural is None or params.get(COUNT) == 1 else plural
        made = super().__new__(cls, template.format(**params) if params else template)
        made.message_id = message_id
        made.plural = plural
        made.params = dict(params)
        return made

    def told(self, language: str) -> str:
        """The sentence in ``language`` (English when the catalogue lacks it, logged once by
        :func:`netjer.i18n.gettext`), its sentence params told in that language too."""
        if self.plural is not None:
            count = self.params.get(COUNT)
            template = i18n.ngettext(self.message_id, self.plural, count if isinstance(count, int) else 0, language)
        else:
            template = i18n.gettext(self.message_id, language)
        if not self.params:
            return template
        values = {k: v.told(language) if isinstance(v, Sentence) else v for k, v in self.params.items()}
        return template.format(**values)


def sentence_of(err: BaseException) -> Sentence:
    """The sentence an exception was raised with (its first argument), or its English text as a
    message of no catalogue (told in English everywhere: a text not yet made a message)."""
    first = err.args[0] if err.args else None
    return first if isinstance(first, Sentence) else Sentence(str(err))


def told_error(err: BaseException, language: str | None = None) -> str:
    """What ``err`` says, in ``language`` (default: the process's, the terminal's ``--lang``):
    its sentence (:func:`sentence_of`) told, or its English text if it was raised with one.
    For a front end that prints a refusal (``error: ...``) rather than passing it on."""
    return sentence_of(err).told(language or i18n.get_language())


#: What separates whole sentences told one after another (punctuation, as the list separator).
SENTENCE_SEPARATOR = "; "


class Sentences(Sentence):
    """Whole sentences told one after another (``a; b; c``), each in the reader's language: a
    sequence, not a catalogue message (as a list placeholder is not one).

    Attributes:
        parts: the sentences, in order.
    """

    parts: tuple[Sentence, ...]

    def __new__(cls, parts: Sequence[Sentence]) -> Sentences:
        """The sentences ``parts`` in English, one after another."""
        made = str.__new__(cls, SENTENCE_SEPARATOR.join(parts))
        made.message_id = str(made)
        made.plural = None
        made.params = {}
        made.parts = tuple(parts)
        return made

    def told(self, language: str) -> str:
        """Each sentence told in ``language``, one after another."""
        return SENTENCE_SEPARATOR.join(part.told(language) for part in self.parts)


class Listed(Sentence):
    """A list placeholder whose items are sentences ("Mummy (mummy), Apep (apep)"), each told in
    the reader's language and joined as :func:`netjer.i18n.join_list` joins (not a catalogue
    message, as a list placeholder is not one).

    Attributes:
        items: the sentences, in order.
    """

    items: tuple[Sentence, ...]

    def __new__(cls, items: Sequence[Sentence]) -> Listed:
        """The items ``items`` in English, as one list."""
        made = str.__new__(cls, i18n.join_list(items))
        made.message_id = str(made)
        made.plural = None
        made.params = {}
        made.items = tuple(items)
        return made

    def told(self, language: str) -> str:
        """Each item told in ``language``, as one list."""
        return i18n.join_list(item.told(language) for item in self.items)


def one_after_another(problems: Sequence[Sentence]) -> Sentence:
    """Several problems as one sentence, each told whole (``a; b; c``).

    Raises:
        ValueError: for no problem.
    """
    if not problems:
        raise ValueError("no problem to tell")
    return problems[0] if len(problems) == 1 else Sentences(problems)
