"""The names the rules texts give to Ankh's terms (texts/en.toml): what the log, the actions'
words and the refusals call a card, power, event, Guardian or Monument.

A module of its own, below every rules module, so that the chapters (battle, events, guardians)
can name things in their log lines without importing the narration (which imports the phase
table, which imports them: docs/ankh-engine-flow.md).
"""

from __future__ import annotations

from netjer.core.texts import RulesTexts, load_texts

#: ``term_name``'s answers by (kind, key), each with the texts object it was read from (so that
#: texts loaded again, e.g. after ``load_texts.cache_clear()``, are read again).  A log line is
#: written at every unlock, card and build of every playout: scanning the terms each time was
#: about a tenth of a random game.
_TERM_NAMES: dict[tuple[str, str], tuple[RulesTexts, str]] = {}


def term_name(kind: str, key: str) -> str:
    """What the rules texts call the card, power or piece ``key`` ("Chariots", "Cat-Mummy"); a
    figure or Monument with its article ("a Warrior", "an Obelisk")."""
    texts = load_texts("netjer.games.ankh")
    hit = _TERM_NAMES.get((kind, key))
    if hit is not None and hit[0] is texts:
        return hit[1]
    name = _term_name(texts, kind, key)
    _TERM_NAMES[kind, key] = (texts, name)
    return name


def _term_name(texts: RulesTexts, kind: str, key: str) -> str:
    found = None
    if kind == "figure":
        found = texts.of_kind("guardian", key)
    elif kind != "monument":
        found = texts.of_kind(kind, key)
    name = found.name if found is not None else key.replace("-", " ").capitalize()
    if kind in ("figure", "monument"):
        return f"{'an' if name[0] in 'AEIOU' else 'a'} {name}"
    return name
