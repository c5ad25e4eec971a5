"""What a screen in a player's language must not show (issue 32): an English sentence of the
catalogues, an unfilled placeholder, a raw message key. Shared by the browser's whole-page
checks (tests/web/test_pages_in_language_browser.py) and the terminal's
(tests/cli/test_screens_in_language.py); and :func:`in_language`, the process's language for
a block of a test.

An English sentence is found by the English catalogue's own messages, not a word list: the
fixed text of every message of the given domains (its parts between placeholders) of at least
two words, unless the language writes that very text too (a notation word, a name the same in
both languages)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from functools import cache

from netjer import i18n

#: A placeholder left unfilled: ``{god}``, ``{n}``.
UNFILLED = re.compile(r"\{[a-z_]+\}")
#: A raw message key or attribute name where words belong: ``lobby.title``, ``data-i18n``.
RAW_KEY = re.compile(r"\b(?:[a-z]+_)*[a-z]+\.[a-z_]+\.[a-z_]+\b|\bdata-i18n\b|\bundefined\b|\bNaN\b|\[object Object\]")
#: The seats' English names (one word, so no catalogue phrase finds them): Aton's colours and
#: "Player {n}", which every language translates.
SEAT_NAMES = re.compile(r"\b(?:Red|Blue)\b|\bPlayer \d")
#: The shortest fixed text taken for a sentence (shorter ones are names and notation).
MIN_CHARS = 9


@contextmanager
def in_language(language: str) -> Iterator[None]:
    """The process's language (:mod:`netjer.i18n`, the terminal's ``--lang``) is ``language``
    inside the block, and what it was before after it (an error in the block too)."""
    before = i18n.get_language()
    i18n.set_language(language)
    try:
        yield
    finally:
        i18n.set_language(before)


def _texts(message_id: object) -> list[str]:
    return [str(m) for m in message_id] if isinstance(message_id, (tuple, list)) else [str(message_id)]


@cache
def english_phrases(language: str, domains: tuple[str, ...]) -> tuple[str, ...]:
    """The English fixed texts of ``domains``' messages that ``language``'s page must not show,
    longest first: each part between placeholders of two words or more and :data:`MIN_CHARS`,
    unless some translation into ``language`` contains it (then it is the language's too)."""
    translations: list[str] = []
    phrases: set[str] = set()
    for domain in domains:
        for message in i18n.catalog(language, domain) or ():
            if not message.id:
                continue
            translations.extend(s for s in _texts(message.string) if s)
            if not message.string or (isinstance(message.string, (tuple, list)) and not all(message.string)):
                continue  # untranslated: shown in English by design (tests/test_i18n.py counts them)
            for english in _texts(message.id):
                for piece in re.split(r"\{\w*\}", english):
                    part = piece.strip(" .,:;·—-()\n")
                    if len(part.split()) >= 2 and len(part) >= MIN_CHARS:
                        phrases.add(part)
    joined = "\n".join(translations)
    return tuple(sorted((p for p in phrases if p not in joined), key=len, reverse=True))


def _flat(text: str) -> str:
    return " ".join(text.split())


def english_in(text: str, language: str, domains: Iterable[str]) -> list[str]:
    """The English catalogue texts ``text`` shows (:func:`english_phrases`), spaces and line
    breaks counted alike (a screen wraps a sentence where it likes)."""
    flat = _flat(text)
    return [p for p in english_phrases(language, tuple(domains)) if _flat(p) in flat]


def problems(text: str, language: str, domains: Iterable[str]) -> list[str]:
    """Everything wrong with ``text`` in ``language``: English catalogue texts, unfilled
    placeholders, raw keys, English seat names (empty: none)."""
    found = [f"English: {p!r}" for p in english_in(text, language, domains)]
    found += [f"placeholder: {m!r}" for m in sorted(set(UNFILLED.findall(text)))]
    found += [f"raw key: {m!r}" for m in sorted(set(RAW_KEY.findall(text)))]
    for m in SEAT_NAMES.finditer(text):
        context = " ".join(text[max(0, m.start() - 40) : m.end() + 40].split())
        found.append(f"English seat name: {m.group()!r} in {context!r}")
    return found


#: What a source cites, in any language: the file and each section, step letter or SEED key.
CITED = re.compile(r"docs/rules/\S+|§[\d.\-]*\d|\b[A-H](?:\.\d)?\b|\bS\d+\b|\b\d+\b")


def cited(source: str | None) -> list[str] | None:
    """A source's citations (its words, "and", "step", translated with the entry)."""
    return None if source is None else CITED.findall(source)
