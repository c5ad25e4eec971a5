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
"""

from __future__ import annotations

from typing import Final

from netjer import i18n

#: The catalogues' source language: its messages are their own translation.
ENGLISH: Final[str] = i18n.DEFAULT_LANGUAGE


def language() -> str:
    """The process's language (:func:`netjer.i18n.get_language`)."""
    # i18n's module variable, which set_language rebinds: read it, not a copy (compiled: a read
    # of a module attribute, no call into Python code).
    return i18n._current


def translate(message: str) -> str:
    """``message`` in the process's language (:func:`netjer.i18n._`)."""
    current = i18n._current  # as language(), without the call
    if current == ENGLISH:
        return message
    return i18n.gettext(message, current)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for the count ``n`` in the process's language
    (:func:`netjer.i18n.ngettext`)."""
    current = i18n._current  # as language(), without the call
    if current == ENGLISH:
        return singular if n == 1 else plural
    return i18n.ngettext(singular, plural, n, current)
