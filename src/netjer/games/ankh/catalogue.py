"""The catalogue's lookups as the compiled engine makes them: :func:`translate` and :func:`ngettext`.

The same answers as :func:`netjer.i18n._` and :func:`netjer.i18n.ngettext` (the process's
language: the message itself in English, the catalogue's translation otherwise).  The engine
asks for a message at every log line (the line's template, a god's or a term's name), about two
a decision in a random playout; :mod:`netjer.i18n` stays a Python module in the compiled build
(``make compiled``), so each of those was a call from compiled code into interpreted code, with
a dictionary lookup of the function's name before it (about 500 machine instructions: issue 34).
Here the English answer, the one every playout and search gets unless the terminal chose another
language (:func:`netjer.i18n.set_language`), is given in compiled code; another language is
asked of :mod:`netjer.i18n` as before.  The engine's modules import :func:`translate` as ``_``
(a function defined as ``_`` is not a module attribute once compiled): the names at the calls
are still the ones Babel's extractor looks for (``_``, ``ngettext``).

:class:`Phrase` and :class:`PhraseList` are the words *inside* a log line (a Battle card played,
a god's strength, a killed figure, why Devotion was gained), put together when the log is read,
as the line itself is (:meth:`netjer.games.ankh.state.AnkhState.note`).
"""

from __future__ import annotations

from typing import Any, Final

from mypy_extensions import mypyc_attr

from netjer import i18n

#: The catalogues' source language: its messages are their own translation.
ENGLISH: Final[str] = i18n.DEFAULT_LANGUAGE

#: :mod:`netjer.i18n`'s namespace, whose ``_current`` :func:`netjer.i18n.set_language` rebinds
#: (``global``): the language is read from it at every call, never copied.  Compiled, a read of
#: one key of a dictionary held in a C static; ``i18n._current`` looked ``i18n`` up by name in
#: this module's globals, then read a module attribute by the generic lookup, about 250 machine
#: instructions more at each of the two calls a decision makes (issue 34).
_I18N: Final[dict[str, Any]] = vars(i18n)


def language() -> str:
    """The process's language (:func:`netjer.i18n.get_language`)."""
    current: str = _I18N["_current"]
    return current


def translate(message: str) -> str:
    """``message`` in the process's language (:func:`netjer.i18n._`)."""
    current: str = _I18N["_current"]  # as language(), without the call
    if current == ENGLISH:
        return message
    return i18n.gettext(message, current)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for the count ``n`` in the process's language
    (:func:`netjer.i18n.ngettext`)."""
    current: str = _I18N["_current"]  # as language(), without the call
    if current == ENGLISH:
        return singular if n == 1 else plural
    return i18n.ngettext(singular, plural, n, current)


# --- words formatted when the log is read ------------------------------------------------------
#
# ``AnkhState.note`` keeps a log line as its template and fields, formatted when the log is read
# (a random playout writes many lines nobody reads).  Some fields were themselves formatted at
# once: the Battle cards played (``"{god} plays {card}"`` per card, joined), each god's strength,
# the figures killed, why Devotion was gained (``"{n} Monument majorities"``).  Each of those
# ``str.format`` calls cost about 3,000 machine instructions in the compiled build, about 1,100 a
# decision of a 4-player random playout (4 %, callgrind; issue 34).  A phrase keeps the template
# and fields instead; ``str.format`` of the line calls ``str`` of each field (``format(value, "")``),
# which formats the phrase then.  The words are the same: the template and the names in the
# fields are taken in the process's language when the phrase is made, as before; only the putting
# together waits.


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)  # pickled with a state's log
class Phrase:
    """``template.format(**fields)``, formatted when read (``str(phrase)``; a field of a log line).

    Args:
        template: already in the process's language (``_("...")`` or :func:`ngettext` at the call).
        fields: strings, numbers or phrases, as :meth:`AnkhState.note`'s.
    """

    def __init__(self, template: str, **fields: object) -> None:
        self.template = template
        self.fields = fields

    def __str__(self) -> str:
        return self.template.format(**self.fields)

    def __repr__(self) -> str:
        return f"Phrase({self.template!r}, {self.fields!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Phrase) and self.template == other.template and self.fields == other.fields

    def __hash__(self) -> int:
        return hash(str(self))


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)  # pickled with a state's log
class PhraseList:
    """Items joined as one list placeholder when read (:func:`netjer.i18n.join_list` of their ``str``).

    Args:
        items: strings or :class:`Phrase` (each already in the reader's language); the list is kept.
    """

    def __init__(self, items: list[str | Phrase]) -> None:
        self.items = items

    def __str__(self) -> str:
        return i18n.join_list([str(item) for item in self.items])

    def __repr__(self) -> str:
        return f"PhraseList({self.items!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PhraseList) and self.items == other.items

    def __hash__(self) -> int:
        return hash(str(self))


#: Words for the log: a string, or words put together when read.
Words = str | Phrase | PhraseList
