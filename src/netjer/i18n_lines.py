"""Reading a sentence back to the catalogue message it was made from (issue 32).

Every sentence a player reads is one catalogue message (:mod:`netjer.i18n`) whose ``{placeholders}``
hold a name (itself a message: a god, a card, ``Player {n}``), a value with no letters (a number,
a hex ``4,3``, an edge ``4,3|4,4``), another message, or a list of those joined by
:data:`netjer.i18n.LIST_SEPARATOR`.  Such a line can be read back, whole, to its message and the
readings of its placeholders (:class:`LineReader`), and told again in another language
(:meth:`LineReader.render`): what the browser's ``translateLine`` (``static/common.js``) does with
the English lines the server sends, and what ``tests/test_i18n_lines.py`` checks of every Ankh,
Aton and Dioses del Nilo log line, so that no line is a sentence glued from pieces that another
language would scramble.

A line is read only if *all* of it is recognised: each placeholder's text must itself be read
(never "anything"), so a pattern as loose as ``{name} {value}`` cannot swallow a sentence.  Among
the ways to read a line, the one whose message has the most fixed text wins (the most specific),
then the first in catalogue order.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from netjer.i18n import DEFAULT_LANGUAGE, DOMAINS, LIST_SEPARATOR, catalog, gettext, ngettext

#: A placeholder in a message: ``{name}``.
_OPEN, _CLOSE = "{", "}"
#: The placeholder of a count (a plural message's number, ``ngettext("{n} Follower", ...)``).
COUNT = "n"


@dataclass(frozen=True)
class Reading:
    """How a text was read.

    ``msgid`` is the message's English id (a plural message's singular id) and ``plural`` its
    English plural id or None; ``params`` the readings of its placeholders by name.  A value
    with no letters has ``msgid`` None and ``items`` empty; a list has ``msgid`` None and its
    items' readings in ``items``.  ``text`` is the text read.
    """

    text: str
    msgid: str | None = None
    plural: str | None = None
    params: tuple[tuple[str, Reading], ...] = ()
    items: tuple[Reading, ...] = field(default=())
    #: Which of a plural message's forms was read (0: the first, singular in English and Spanish):
    #: the count when the message has no ``{n}``.
    form: int = 0

    def ids(self) -> Any:
        """The message ids of the reading as nested tuples (what two languages' readings of the
        same line share, whatever order a language puts the placeholders in): ``(msgid, ((name, ids),
        ...))`` by name, a list ``("list", (ids, ...))``, a
        value ``None``."""
        if self.items:
            return ("list", tuple(i.ids() for i in self.items))
        if self.msgid is None:
            return None
        return (self.msgid, tuple(sorted((k, v.ids()) for k, v in self.params)))


@dataclass(frozen=True)
class _Pattern:
    msgid: str
    plural: str | None
    form: int
    parts: tuple[str | None, ...]  # fixed texts, None for a placeholder
    names: tuple[str, ...]
    fixed: int


def _split(template: str) -> tuple[tuple[str | None, ...], tuple[str, ...]]:
    """``"{god} wins {n}"`` → ``((None, " wins ", None), ("god", "n"))``: fixed texts and
    placeholders (``None``) in order, and the placeholders' names."""
    parts: list[str | None] = []
    names: list[str] = []
    rest = template
    while True:
        start = rest.find(_OPEN)
        end = rest.find(_CLOSE, start + 1) if start >= 0 else -1
        name = rest[start + 1 : end] if end > start >= 0 else ""
        if not (start >= 0 and end > start and name.isidentifier()):
            if rest:
                parts.append(rest)
            break
        if start:
            parts.append(rest[:start])
        parts.append(None)
        names.append(name)
        rest = rest[end + 1 :]
    return tuple(parts), tuple(names)


def is_value(text: str) -> bool:
    """A placeholder's value that needs no translation: one word (no space: ``"2 2"`` is two
    values) with no letter (``"4,3"``, ``"12"``, ``"-"``) or with a digit (a square of the
    notation, ``"b2"``), not a list nor a list's broken end (no final comma)."""
    return (
        bool(text)
        and not any(ch.isspace() for ch in text)
        and (not any(ch.isalpha() for ch in text) or any(ch.isdigit() for ch in text))
        and LIST_SEPARATOR.strip() not in (text[:1], text[-1:])
        and LIST_SEPARATOR not in text
    )


def catalogue_texts(language: str, domains: Iterable[str] = DOMAINS) -> Iterator[tuple[str, str | None, int, str]]:
    """``(msgid, plural id or None, form, text in language)`` of every message of ``domains``:
    each plural form (numbered ``form``) of a plural message; an untranslated or fuzzy message
    in English (the fallback)."""
    for domain in domains:
        cat = catalog(language, domain) or catalog(DEFAULT_LANGUAGE, domain)
        if cat is None:
            continue
        for m in cat:
            if not m.id:
                continue
            if isinstance(m.id, (tuple, list)):
                singular, plural = str(m.id[0]), str(m.id[1])
                forms = [str(s) for s in (m.string or ())]
                if m.fuzzy or not forms or not all(forms):
                    forms = [singular, plural]
                for index, form in enumerate(forms):
                    yield singular, plural, index, form
            else:
                text = str(m.string) if m.string and not m.fuzzy else str(m.id)
                yield str(m.id), None, 0, text


class LineReader:
    """Reads texts of one language back to the messages of some domains.

    Args:
        language: the texts' language (a catalogue's language; English reads the ids).
        domains: the catalogues whose messages a line may be (``("common", "ankh")`` for the
            Ankh table: one game's words never read another's lines).
    """

    def __init__(self, language: str, domains: Sequence[str] = DOMAINS) -> None:
        self.language = language
        self.domains = tuple(domains)
        self._exact: dict[str, tuple[str, str | None, int]] = {}
        patterns: list[_Pattern] = []
        for msgid, plural, form, text in catalogue_texts(language, self.domains):
            parts, names = _split(text)
            if not names:
                self._exact.setdefault(text, (msgid, plural, form))
                continue
            fixed = sum(len(p) for p in parts if p is not None)
            patterns.append(_Pattern(msgid, plural, form, parts, names, fixed))
        self._patterns = sorted(patterns, key=lambda p: -p.fixed)  # stable: catalogue order on a tie
        self._memo: dict[str, Reading | None] = {}

    def read(self, text: str) -> Reading | None:
        """The reading of all of ``text`` (a message, a value or a list), or None if some part of
        it is no message of the reader's domains."""
        if text in self._memo:
            return self._memo[text]
        self._memo[text] = None  # a text containing itself is not read (no endless recursion)
        found = self._read(text)
        self._memo[text] = found
        return found

    def _read(self, text: str) -> Reading | None:
        hit = self._exact.get(text)
        if hit is not None:
            return Reading(text, hit[0], hit[1], form=hit[2])
        if is_value(text):
            return Reading(text)
        for p in self._patterns:
            for values in self._matches(p, text, 0, 0, 0):
                params = tuple(zip(p.names, values, strict=True))
                return Reading(text, p.msgid, p.plural, params, form=p.form)
        return self._list(text)

    def _list(self, text: str) -> Reading | None:
        """``text`` read as a list: each item read (and at least two of them)."""
        if LIST_SEPARATOR not in text:
            return None
        items = [self.read(item) for item in text.split(LIST_SEPARATOR)]
        if any(i is None for i in items):
            return None
        return Reading(text, items=tuple(i for i in items if i is not None))

    def _value(self, text: str, name: str) -> Reading | None:
        """Placeholder ``name``'s text read: a list of items when it holds the list separator (an
        item never holds one: :func:`netjer.i18n.join_list`), else a message or a value; ``{n}``,
        the count of a plural by the catalogues' convention, holds only a value."""
        if not text or text != text.strip():
            return None
        if name == COUNT:
            return Reading(text) if is_value(text) else None
        return self._list(text) or self.read(text)

    def _matches(self, p: _Pattern, text: str, i: int, pos: int, k: int) -> Iterator[list[Reading]]:
        """Every way ``p.parts[i:]`` (from its ``k``-th placeholder on) reads all of ``text[pos:]``:
        the readings of the placeholders."""
        parts = p.parts
        if i == len(parts):
            if pos == len(text):
                yield []
            return
        part = parts[i]
        if part is not None:
            if text.startswith(part, pos):
                yield from self._matches(p, text, i + 1, pos + len(part), k)
            return
        name = p.names[k]
        if i + 1 == len(parts):  # the last placeholder takes the rest
            value = self._value(text[pos:], name)
            if value is not None:
                yield [value]
            return
        following = parts[i + 1]
        if following is None:  # two placeholders side by side: every split
            ends: Iterable[int] = range(pos + 1, len(text))
        else:
            ends = _occurrences(text, following, pos + 1)
        for end in ends:
            value = self._value(text[pos:end], name)
            if value is None:
                continue
            for rest in self._matches(p, text, i + 1, end, k + 1):
                yield [value, *rest]

    def render(self, reading: Reading, language: str) -> str:
        """``reading`` told in ``language``: its message's text there (:func:`netjer.i18n.gettext`,
        plural forms by its ``n``), the placeholders filled with their readings told in turn."""
        if reading.items:
            return LIST_SEPARATOR.join(self.render(i, language) for i in reading.items)
        if reading.msgid is None:
            return reading.text
        values = {k: self.render(v, language) for k, v in reading.params}
        if reading.plural is not None:
            counts = [int(v.text) for k, v in reading.params if k == COUNT and v.text.isdigit()]
            n = counts[0] if counts else 1 if reading.form == 0 else 2
            template = ngettext(reading.msgid, reading.plural, n, language)
        else:
            template = gettext(reading.msgid, language)
        return template.format(**values) if values else template


def _occurrences(text: str, part: str, start: int) -> Iterator[int]:
    """The positions of ``part`` in ``text`` from ``start`` on."""
    at = text.find(part, start)
    while at >= 0:
        yield at
        at = text.find(part, at + 1)


@cache
def _reader(domains: tuple[str, ...]) -> LineReader:
    return LineReader(DEFAULT_LANGUAGE, domains)


def tell(text: str, language: str, domains: Sequence[str] = DOMAINS) -> str:
    """``text``, an English sentence or name made from the messages of ``domains`` (an engine's
    refusal, a seat's name), told in ``language`` by reading it back (:class:`LineReader`);
    a text no message reads is returned as it is (the browser's ``translateLine`` does the same).
    The English readers are kept, one per set of domains."""
    if language == DEFAULT_LANGUAGE or not text:
        return text
    reader = _reader(tuple(domains))
    reading = reader.read(text)
    return text if reading is None else reader.render(reading, language)
