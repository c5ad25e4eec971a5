"""Rules texts: each game's overview and one entry per term a player meets, as data.

Every game package keeps its player-facing rules texts beside its code, in
``<package>/texts/<language>.toml`` (DESIGN.md, "Inside a game package"); the terminal and the
web table both read them through :func:`load_texts`.  The texts are written in Netjer's own
words from ``docs/rules/``, never copied from a rulebook, and each entry names the section of
``docs/rules/`` it comes from.

The file format (TOML, validated strictly on loading)::

    [overview]
    title = "Aton"                       # the game's published name
    goal = "..."                         # one paragraph each
    turn = "..."
    win = "..."
    source = "docs/rules/aton.md §4-6"

    [[term]]
    id = "assign"                        # unique in the file; what ``help ID`` finds
    kind = "action"                      # one of TERM_KINDS
    name = "assign"                      # the name as shown on the screens
    line = "Put a card face down on your next empty cartouche."
    rule = "..."                         # the full rule, in our words
    source = "docs/rules/aton.md §4 step C"
    aliases = ["allocate"]               # optional: other words that find it
    web = "Click a card of your hand."   # optional: how it is done in the browser (its buttons, board)
    terminal = "Type 'assign 4'."        # optional: how it is done at the terminal (its commands)

``line`` and ``rule`` are shown by both front ends, so they name no front end's controls: no
notation to type, no button to click (a test holds them to it); what a player clicks or types
goes in ``web`` and ``terminal``, each shown only by its own front end.  ``source`` is for the
curious (the Rules panel shows it on "Show the sources") and for the docs.

A table's option is named as the lobby shows it, by its title and its values' names in the
text's language ("the option «Empate a 40» en «seguir»"); its key may follow alone in
parentheses for a terminal user who types ``-o key=value`` ("(equal_40_tie=continue)"), never
stand as its only name (tests/core/test_texts_for_players.py checks every translation).

A translation (``es.toml``) has the same layout; it may leave entries out, which then keep
their English text, and it may not add an id the English file lacks.
"""

from __future__ import annotations

import difflib
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import resources
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from netjer.core.errors import ConfigError, DataFileError
from netjer.i18n import N_, join_list
from netjer.i18n_sentences import Sentence

#: The language used when none is asked for, and the one every game must have complete.
DEFAULT_LANGUAGE = "en"

#: A decision whose first word is one of these is explained by its argument's entry
#: (``card chariots`` by Chariots' line), when that argument has an entry of one of these kinds.
ARGUMENT_KINDS = ("card", "power", "guardian")
ARGUMENT_VERBS = ("card", "power", "put", "adopt")
#: The most action texts whose entry :meth:`RulesTexts.term_of` remembers (a bound, not a
#: size any game reaches: Ankh has a few thousand distinct actions).
MAX_CACHED_TEXTS = 100_000

#: What an entry may describe.
TERM_KINDS = (
    "action",  # a decision's notation word (``assign``, ``pick``)
    "event",  # something the game does (an Ankh event, a scoring)
    "card",  # a Battle card or a playing card
    "power",  # an Ankh power
    "guardian",  # an Ankh Guardian
    "god",  # a god and its power
    "cartouche",  # an Aton cartouche
    "square",  # a kind of square or space on a board
    "token",  # a token or a token's state (a Nile soldier face up, an Ankh token)
    "piece",  # a piece on a board that is no token (an Ankh figure or Monument, an Aton stone, the hourglass)
    "zone",  # a place cards or tokens lie (a draw pile, a discard pile, a hand, the cemetery, a supply)
    "track",  # a track or counter on the board
    "concept",  # any other word of the rules (region, Devotion, vanguard)
    "symbol",  # a mark drawn on a screen
)
TermKind = Literal[
    "action",
    "event",
    "card",
    "power",
    "guardian",
    "god",
    "cartouche",
    "square",
    "token",
    "piece",
    "zone",
    "track",
    "concept",
    "symbol",
]


class _Overview(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    title: str = Field(min_length=1)
    goal: str = Field(min_length=1)
    turn: str = Field(min_length=1)
    win: str = Field(min_length=1)
    source: str = Field(min_length=1)


class _Term(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(min_length=1)
    kind: TermKind
    name: str = Field(min_length=1)
    line: str = Field(min_length=1)
    rule: str = Field(min_length=1)
    source: str = Field(min_length=1)
    aliases: tuple[str, ...] = ()
    web: str = ""
    terminal: str = ""

    @field_validator("line")
    @classmethod
    def _one_line(cls, value: str) -> str:
        if "\n" in value.strip():
            raise ValueError("must be a single line")
        return value.strip()

    @field_validator("source")
    @classmethod
    def _cites_docs(cls, value: str) -> str:
        if not value.startswith("docs/rules/"):
            raise ValueError("must name a section of docs/rules/ (e.g. 'docs/rules/aton.md §4')")
        return value


class _File(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    overview: _Overview
    term: list[_Term] = Field(default_factory=list)


class _Translation(BaseModel):
    """A translation: the same layout, every part optional."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    overview: _Overview | None = None
    term: list[_Term] = Field(default_factory=list)


@dataclass(frozen=True)
class Overview:
    """A game in brief: its goal, the course of a turn, how to win, and where it comes from."""

    title: str
    goal: str
    turn: str
    win: str
    source: str


@dataclass(frozen=True)
class Term:
    """One term a player meets.

    Attributes:
        id: its key, unique in the game (``"assign"``, ``"chariots"``).
        kind: one of :data:`TERM_KINDS`.
        name: the name as the screens show it (``"Chariots"``).
        line: what it means, in one line.
        rule: the full rule, in Netjer's words.
        source: the section of ``docs/rules/`` it comes from.
        aliases: other words that find it with :meth:`RulesTexts.find`.
        web: how it is done in the browser (what to click), or "".
        terminal: how it is done at the terminal (what to type), or "".
    """

    id: str
    kind: str
    name: str
    line: str
    rule: str
    source: str
    aliases: tuple[str, ...] = ()
    web: str = ""
    terminal: str = ""

    def lookup_keys(self) -> tuple[str, ...]:
        """Every lowercase word that finds this term: id, name and aliases."""
        return tuple(dict.fromkeys(_norm(k) for k in (self.id, self.name, *self.aliases)))


def _norm(text: str) -> str:
    return " ".join(text.lower().replace("_", " ").split())


@dataclass(frozen=True)
class RulesTexts:
    """A game's rules texts in one language (see the module doc for the file format)."""

    game: str
    language: str
    overview: Overview
    terms: tuple[Term, ...]

    def term(self, term_id: str) -> Term:
        """The entry with id ``term_id``.

        Raises:
            KeyError: if there is none.
        """
        for t in self.terms:
            if t.id == term_id:
                return t
        raise KeyError(term_id)

    def ids(self) -> set[str]:
        """The ids of every entry."""
        return {t.id for t in self.terms}

    def find(self, name: str) -> Term | None:
        """The entry that ``name`` names, or ``None``: an id first, then a shown name, then an
        alias (case and spaces ignored), then the same with hyphens, apostrophes and other
        punctuation left out (``cycle of maat``); failing all of these, the same for the
        name's singular or plural (``chariot`` finds Chariots, ``guardian`` Guardians)."""
        wanted = _norm(name)
        for words in (wanted, _other_number(wanted)):
            found = self._find_exactly(words)
            if found is not None:
                return found
        return None

    def _find_exactly(self, wanted: str) -> Term | None:
        """:meth:`find` for ``wanted`` (normalised) itself, without its singular or plural."""
        passes: list[Callable[[Term], tuple[str, ...]]] = [
            lambda t: (_norm(t.id),),
            lambda t: (_norm(t.name),),
            lambda t: tuple(_norm(a) for a in t.aliases),
        ]
        for keys in passes:
            for t in self.terms:
                if wanted in keys(t):
                    return t
        loose = _loose(wanted)
        for t in self.terms:
            if loose and loose in {_loose(k) for k in t.lookup_keys()}:
                return t
        return None

    def of_kind(self, kind: str, key: str) -> Term | None:
        """The entry of ``kind`` that ``key`` names (its id, name or an alias), or ``None``:
        what the coverage tests ask for each engine id."""
        return self._by_kind_key.get((kind, _norm(key)))

    @cached_property
    def _by_kind_key(self) -> dict[tuple[str, str], Term]:
        """Every entry by (kind, lookup key), the first in file order winning (what
        :meth:`of_kind` looked for by scanning, built once: the web table asks for the
        meaning of every legal action of every view it sends)."""
        index: dict[tuple[str, str], Term] = {}
        for t in self.terms:
            for k in t.lookup_keys():
                index.setdefault((t.kind, k), t)
        return index

    @cached_property
    def _term_of_text(self) -> dict[str, Term | None]:
        """:meth:`term_of`'s answers so far, by action text (a game has few distinct ones)."""
        return {}

    def meaning(self, action_text: str) -> str:
        """The one-line meaning of a decision written ``action_text`` (``"card chariots"``), for
        the terminal's list of choices and the web table's legal actions alike.

        For ``card``/``power``/``put``/``adopt`` whose argument has an entry of kind card, power
        or Guardian, that entry's name and line (``"Chariots: +3 strength in this Battle."``);
        else the line of the action word's entry; ``""`` if there is none.
        """
        term = self.term_of(action_text)
        if term is None:
            return ""
        return f"{term.name}: {term.line}" if term.kind in ARGUMENT_KINDS else term.line

    def term_of(self, action_text: str) -> Term | None:
        """The entry that explains the decision ``action_text`` (see :meth:`meaning`), or None."""
        known = self._term_of_text
        if action_text in known:
            return known[action_text]
        term = self._find_term_of(action_text)
        if len(known) < MAX_CACHED_TEXTS:
            known[action_text] = term
        return term

    def _find_term_of(self, action_text: str) -> Term | None:
        words = action_text.split()
        if len(words) > 1 and words[0] in ARGUMENT_VERBS:
            for kind in ARGUMENT_KINDS:
                term = self.of_kind(kind, words[1])
                if term is not None:
                    return term
        return self.of_kind("action", words[0]) if words else None

    def as_json(self) -> dict[str, object]:
        """The texts as plain JSON data (the web's Rules panel): ``game``, ``language``,
        ``overview`` (title, goal, turn, win, source) and ``terms`` (each entry's fields but
        ``terminal``, the terminal's own words)."""
        return {
            "game": self.game,
            "language": self.language,
            "overview": dict(vars(self.overview)),
            "terms": [
                {key: value for key, value in {**vars(t), "aliases": list(t.aliases)}.items() if key != "terminal"}
                for t in self.terms
            ],
        }

    def suggest(self, name: str, limit: int = 3) -> list[str]:
        """The names closest to ``name`` (for a near miss), best first, by
        :func:`difflib.get_close_matches`."""
        names: dict[str, str] = {}
        for t in self.terms:
            for k in t.lookup_keys():
                names.setdefault(k, t.name)
        close = difflib.get_close_matches(_norm(name), list(names), n=limit, cutoff=0.6)
        return list(dict.fromkeys(names[c] for c in close))


def _other_number(words: str) -> str:
    """``words`` with its last word's English plural ending taken off or put on (``chariots`` ->
    ``chariot``, ``guardian`` -> ``guardians``): what a player may type for a name shown in the
    other number."""
    if words.endswith("s") and len(words) > 3:
        return words[:-1]
    return f"{words}s" if words else words


def _loose(text: str) -> str:
    return "".join(ch for ch in text if ch.isalnum())


def _read(package: str, language: str) -> tuple[str, str] | None:
    """The text and the path of ``package``'s ``texts/<language>.toml``, or None if absent."""
    folder = resources.files(package).joinpath("texts")
    target = folder.joinpath(f"{language}.toml")
    if not target.is_file():
        return None
    return target.read_text(encoding="utf-8"), f"{package.replace('.', '/')}/texts/{language}.toml"


def _parse(text: str, where: str, model: type[BaseModel]) -> BaseModel:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise DataFileError(f"{where}: not valid TOML: {err}") from None
    try:
        return model.model_validate(data)
    except ValidationError as err:
        first = err.errors()[0]
        loc = ".".join(str(p) for p in first["loc"])
        raise DataFileError(f"{where}: {loc}: {first['msg']}") from None


def languages(package: str) -> list[str]:
    """The languages ``package`` has rules texts in (file names of its ``texts/`` folder)."""
    folder = resources.files(package).joinpath("texts")
    if not folder.is_dir():
        return []
    return sorted(p.name.removesuffix(".toml") for p in folder.iterdir() if p.name.endswith(".toml"))


@cache
def load_texts(package: str, language: str = DEFAULT_LANGUAGE) -> RulesTexts:
    """Load and validate the rules texts of the game package ``package`` (``"netjer.games.aton"``).

    Args:
        package: the game's package, holding ``texts/<language>.toml``.
        language: a language code; entries a translation lacks keep their English text.

    Returns:
        The texts (cached: the same object for the same arguments).

    Raises:
        ConfigError: if the game has no texts in ``language``.
        DataFileError: if a file is not valid TOML, breaks the format (a missing field, an
            unknown kind, a line of several lines, a source outside ``docs/rules/``), repeats
            an id, or a translation adds an id the English file lacks.
    """
    game = package.rsplit(".", 1)[-1]
    found = _read(package, DEFAULT_LANGUAGE)
    if found is None:
        raise DataFileError(f"{package} has no rules texts (texts/{DEFAULT_LANGUAGE}.toml)")
    base = _parse(*found, _File)
    assert isinstance(base, _File)
    terms = _check_ids(base.term, found[1])
    overview = base.overview
    if language != DEFAULT_LANGUAGE:
        other = _read(package, language)
        if other is None:
            message = N_("no rules texts for {game} in language '{language}'; available: {languages}")
            available = join_list(languages(package))
            raise ConfigError(Sentence(message, game=game, language=language, languages=available))
        translation = _parse(*other, _Translation)
        assert isinstance(translation, _Translation)
        for tid, entry in _check_ids(translation.term, other[1]).items():
            if tid not in terms:
                raise DataFileError(f"{other[1]}: term {tid!r} is not in the English texts")
            terms[tid] = entry
        overview = translation.overview or overview
    return RulesTexts(
        game=game,
        language=language,
        overview=Overview(**overview.model_dump()),
        terms=tuple(Term(**t.model_dump()) for t in terms.values()),
    )


def _check_ids(entries: list[_Term], where: str) -> dict[str, _Term]:
    out: dict[str, _Term] = {}
    for entry in entries:
        if entry.id in out:
            raise DataFileError(f"{where}: term {entry.id!r} is given twice")
        out[entry.id] = entry
    return out
