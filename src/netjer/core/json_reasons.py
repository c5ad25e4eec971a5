"""The reasons Python's ``json`` parser gives for malformed JSON (``JSONDecodeError.msg``), as
catalogue messages whose English is the parser's own words, so that a record file's refusal
(:mod:`netjer.core.record`) and a request body's (:mod:`netjer.server.routes.errors`) tell them
in the reader's language with one translation each (issue 32)."""

from __future__ import annotations

from netjer.i18n import N_
from netjer.i18n_sentences import Sentence

#: The parser's reasons; the pure-Python parser adds the character (``Invalid \\escape: 'x'``),
#: and some end in `` at`` before the position the caller reports itself.
JSON_REASONS = (
    N_("Expecting value"),
    N_("Expecting property name enclosed in double quotes"),
    N_("Expecting ':' delimiter"),
    N_("Expecting ',' delimiter"),
    N_("Extra data"),
    N_("Unterminated string starting at"),
    N_("Invalid control character at"),
    N_("Invalid \\escape"),
    N_("Invalid \\uXXXX escape"),
    N_("Illegal trailing comma before end of object"),
    N_("Illegal trailing comma before end of array"),
)


def json_reason(said: str) -> Sentence | None:
    """The parser's reason ``said`` as a catalogue sentence: its message, or the one whose words
    it starts with; ``None`` for a reason not listed (the caller says it its own way)."""
    if said in JSON_REASONS:
        return Sentence(said)
    found = next((m for m in JSON_REASONS if said.startswith(m.removesuffix(" at"))), None)
    return None if found is None else Sentence(found)
