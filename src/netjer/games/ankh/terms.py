"""The names the rules texts give to Ankh's terms (texts/en.toml): what the log, the actions'
words and the refusals call a card, power, event, Guardian or Monument.

A module of its own, below every rules module, so that the chapters (battle, events, guardians)
can name things in their log lines without importing the narration (which imports the phase
table, which imports them: docs/ankh-engine-flow.md).

Names are translated terms (issue 32): each name of ``texts/en.toml`` is a message of the ``ankh``
catalogue (extracted by :func:`netjer.i18n.extract_term_names`), looked up in the process's
language; a figure or Monument with its indefinite article is a message of its own
(:data:`WITH_ARTICLE`), since the article agrees with the noun in other languages ("una Momia").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from netjer.core.texts import RulesTexts, load_texts
from netjer.games.ankh.catalogue import language, ngettext
from netjer.games.ankh.catalogue import translate as _
from netjer.i18n import N_
from netjer.i18n_sentences import Listed, Sentence

#: Each figure and Monument with its indefinite article, by id (``pieces.FIGURE_IDS``,
#: ``MONUMENT_IDS``): the English equals the article put before the rules texts' name
#: (``tests/games/ankh/test_terms_i18n.py`` checks it).
WITH_ARTICLE: Final[dict[str, str]] = {
    "god": N_("a God"),
    "warrior": N_("a Warrior"),
    "cat-mummy": N_("a Cat-Mummy"),
    "satet": N_("a Satet"),
    "mummy": N_("a Mummy"),
    "apep": N_("an Apep"),
    "giant-scorpion": N_("a Giant Scorpion"),
    "androsphinx": N_("an Androsphinx"),
    "obelisk": N_("an Obelisk"),
    "temple": N_("a Temple"),
    "pyramid": N_("a Pyramid"),
}

#: ``term_name``'s answers by (kind, key), each with the texts object it was read from (so that
#: texts loaded again, e.g. after ``load_texts.cache_clear()``, are read again).  A log line is
#: written at every unlock, card and build of every playout: scanning the terms each time was
#: about a tenth of a random game.
_TERM_NAMES: Final[dict[tuple[str, str], tuple[RulesTexts, str]]] = {}


#: Each piece's word as the log writes it in a sentence's middle ("destroys the temple at 4,5"):
#: its id, a catalogue message of its own.
PIECE_WORDS: Final[dict[str, str]] = {
    "god": N_("god"),
    "warrior": N_("warrior"),
    "cat-mummy": N_("cat-mummy"),
    "satet": N_("satet"),
    "mummy": N_("mummy"),
    "apep": N_("apep"),
    "giant-scorpion": N_("giant-scorpion"),
    "androsphinx": N_("androsphinx"),
    "obelisk": N_("obelisk"),
    "temple": N_("temple"),
    "pyramid": N_("pyramid"),
}


def piece_word(key: str) -> str:
    """The word for the figure or Monument ``key`` inside a log line (:data:`PIECE_WORDS`), in the
    process's language."""
    return _(PIECE_WORDS.get(key, key))


#: The six directions of a hex's sides (``board.DIRECTION_NAMES``), as the log writes them.
DIRECTION_WORDS: Final[tuple[str, ...]] = (N_("N"), N_("NE"), N_("SE"), N_("S"), N_("SW"), N_("NW"))
#: A Giant Scorpion's aim at two neighbouring sides (§3), by its first side.
AIM_WORDS: Final[tuple[str, ...]] = (N_("N-NE"), N_("NE-SE"), N_("SE-S"), N_("S-SW"), N_("SW-NW"), N_("NW-N"))


def direction_words(side: int) -> str:
    """Side ``side`` (0-5 from north, clockwise) in the process's language (``"NE"``)."""
    return _(DIRECTION_WORDS[side % 6])


def aim_words(side: int) -> str:
    """The aim at sides ``side`` and ``side + 1`` in the process's language (``"N-NE"``)."""
    return _(AIM_WORDS[side % 6])


def term_name(kind: str, key: str) -> str:
    """What the rules texts call the card, power, event or piece ``key`` ("Chariots"), in the
    process's language (:func:`netjer.i18n._`); a figure or Monument with its article
    ("a Warrior", "an Obelisk": :data:`WITH_ARTICLE`)."""
    if kind in ("figure", "monument") and key in WITH_ARTICLE:
        return _(WITH_ARTICLE[key])
    return _(english_term_name(kind, key))


def named_ids(kind: str, keys: Iterable[str]) -> Listed:
    """``keys`` (Guardian or god ids) as a refusal lists the choices: each by its shown name with
    the id a player types ("Momia (mummy), Apep (apep)" in Spanish), told in the reader's
    language (issue 32: a list of bare ids did not match the names the screens show)."""
    return Listed([Sentence(N_("{name} ({id})"), name=Sentence(english_term_name(kind, key)), id=key) for key in keys])


def bare_name(kind: str, key: str) -> str:
    """The name of ``key`` without an article ("Warrior", "Obelisk"), in the process's language."""
    return _(english_term_name(kind, key))


#: ``followers``' answers by (language, count): a log line names Followers at most gains,
#: Battles and unlocks, and the plural message's ``format`` was most of a line's cost (issue 34).
_FOLLOWERS: Final[dict[tuple[str, int], str]] = {}


def followers(n: int) -> str:
    """``"1 Follower"``, ``"3 Followers"``: ``n`` Followers in the process's language (its plural
    forms, :func:`netjer.i18n.ngettext`)."""
    key = (language(), n)
    text = _FOLLOWERS.get(key)
    if text is None:
        text = _FOLLOWERS[key] = ngettext("{n} Follower", "{n} Followers", n).format(n=n)
    return text


def player_name(seat: int) -> str:
    """``"Player 3"`` for seat 2 (:meth:`netjer.core.game.Game.seat_name`), in the process's language."""
    return _("Player {n}").format(n=seat + 1)


def english_term_name(kind: str, key: str) -> str:
    """The English name of ``key`` in ``texts/en.toml`` (a figure's under kind ``guardian``; a
    Warrior, God or Monument, which have no entry, from its id: "Warrior")."""
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
    return found.name if found is not None else key.replace("-", " ").capitalize()


# The names of the pieces the rules texts have no entry for, marked for the catalogue.
N_("God")
N_("Warrior")
N_("Obelisk")
N_("Temple")
N_("Pyramid")
