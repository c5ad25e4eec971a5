"""The translated rules texts of every game, Spanish (issue 32 item 2) and German (item 3): each
English entry translated, the typed notation and option names kept as typed, the English and the
translated names both found by ``help NAME``, and the rules route and the terminal answering in
the translation's language."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from netjer import i18n
from netjer.cli.main import app
from netjer.core.texts import RulesTexts, load_texts
from netjer.server.app import create_app
from tests.language_check import cited

GAMES = ("aton", "nile", "ankh")
#: Every translation of the rules texts and the games it is complete for (issue 32: Spanish and
#: German, each for every game).
TRANSLATIONS = {"es": GAMES, "de": GAMES}
CASES = [
    pytest.param(game, language, id=f"{game}-{language}") for language, games in TRANSLATIONS.items() for game in games
]
#: A quoted piece of a ``terminal`` text: what a player types ('place 2Y', 'put KIND r,c').
QUOTED = re.compile(r"'([^']+)'")
#: An option as typed in a text (``equal_40_tie=continue``, ``red_max``).
OPTION = re.compile(r"\b[a-z0-9]+(?:_[a-z0-9]+)+(?:=[a-z0-9_]+)?\b")


def _texts(game: str, language: str = "en") -> RulesTexts:
    return load_texts(f"netjer.games.{game}", language)


def _typed(texts: RulesTexts, text: str) -> set[str]:
    """The quoted pieces of ``text`` that are a decision or command as typed (their first word
    is an action's notation word)."""
    words = {t.name for t in texts.terms if t.kind == "action"} | {"help", "undo", "done"}
    return {q for q in QUOTED.findall(text) if q.split()[0] in words}


@pytest.mark.parametrize(("game", "language"), CASES)
def test_every_english_entry_is_translated(game: str, language: str) -> None:
    english, translated = _texts(game), _texts(game, language)
    data = tomllib.loads(resources.files(f"netjer.games.{game}").joinpath(f"texts/{language}.toml").read_text("utf-8"))
    assert sorted(t["id"] for t in data["term"]) == sorted(english.ids())  # complete, no English fallback
    for field in ("goal", "turn", "win"):
        assert getattr(translated.overview, field) != getattr(english.overview, field), f"overview.{field}"
    assert cited(translated.overview.source) == cited(english.overview.source)
    for en, tr in zip(english.terms, translated.terms, strict=True):
        assert (tr.kind, cited(tr.source)) == (en.kind, cited(en.source)), en.id
        assert tr.source is None or " and " not in tr.source, f"{en.id}.source keeps the English 'and'"
        for field in ("line", "rule"):
            assert getattr(tr, field) != getattr(en, field), f"{en.id}.{field} is not translated"
        for field in ("web", "terminal"):
            assert bool(getattr(tr, field)) == bool(getattr(en, field)), f"{en.id}.{field}"
        if en.kind == "action":
            assert tr.name == en.name, f"{en.id}: an action keeps its notation word as its name"


#: Placeholders of the typed examples that a language writes as English does.
SAME_PLACEHOLDERS = {("de", "NAME")}


def _placeholder(word: str) -> bool:
    """A word of a typed example that the player fills (``KIND`` in 'put KIND r,c', ``CARD``): a
    word in capitals, two letters or more (``N``, ``N-NE`` and ``r,c`` are typed as written)."""
    return len(word) >= 2 and word.isalpha() and word.isupper()


def _same_example(english: str, translated: str) -> dict[str, str] | None:
    """How ``translated`` names the placeholders of the typed example ``english`` (``{"KIND":
    "TIPO"}``) if it is the same example, every other word as typed; else ``None``."""
    en_words, tr_words = english.split(" "), translated.split(" ")
    if len(en_words) != len(tr_words):
        return None
    named: dict[str, str] = {}
    for en, tr in zip(en_words, tr_words, strict=True):
        if _placeholder(en) and _placeholder(tr):
            named[en] = tr
        elif en != tr:
            return None
    return named


@pytest.mark.parametrize(("game", "language"), CASES)
def test_the_notation_and_the_options_are_kept_as_typed(game: str, language: str) -> None:
    """Every typed example of the English texts is in the translation as typed, but for the words
    the player fills ('put KIND r,c' → 'put TIPO r,c'), each named alike in every entry."""
    english, translated = _texts(game), _texts(game, language)
    for field in ("goal", "turn", "win"):
        en, tr = getattr(english.overview, field), getattr(translated.overview, field)
        assert set(OPTION.findall(en)) <= set(OPTION.findall(tr)), f"overview.{field}"
    named: dict[str, set[str]] = {}
    for en, tr in zip(english.terms, translated.terms, strict=True):
        shown = _typed(english, tr.terminal)
        for example in sorted(_typed(english, en.terminal)):
            found = [n for n in (_same_example(example, t) for t in shown) if n is not None]
            assert found, f"{en.id}.terminal no longer shows {example!r}"
            for placeholder, word in found[0].items():
                named.setdefault(placeholder, set()).add(word)
        for field in ("line", "rule"):
            options = set(OPTION.findall(getattr(en, field))) - set(OPTION.findall(getattr(tr, field)))
            assert not options, f"{en.id}.{field} lost the options {sorted(options)}"
    assert all(len(words) == 1 for words in named.values()), named  # one word for one placeholder
    # a word a reader of the language would not read is named in it (German writes NAME too)
    assert not [p for p, words in named.items() if p in words and (language, p) not in SAME_PLACEHOLDERS], named


def test_a_changed_literal_is_no_placeholder() -> None:
    assert _same_example("put KIND r,c", "put TIPO r,c") == {"KIND": "TIPO"}
    assert _same_example("put KIND r,c", "poner TIPO r,c") is None  # the verb is typed as written
    assert _same_example("aim N-NE", "aim N-NO") is None  # a side is notation, not a placeholder
    assert _same_example("guess N CARD", "guess N KARTE") == {"CARD": "KARTE"}


@pytest.mark.parametrize(("game", "language"), CASES)
def test_help_finds_the_translated_and_the_english_names(game: str, language: str) -> None:
    """``help NAME`` in a translation finds an entry by its translated name and by every word that
    finds it in English (its English name, id and aliases), so a player may use either."""
    english, translated = _texts(game), _texts(game, language)
    for term in english.terms:
        for key in term.lookup_keys():
            found_en, found_tr = english.find(key), translated.find(key)
            assert found_en is not None and found_tr is not None, (term.id, key)
            assert found_tr.id == found_en.id, f"'{key}' finds {found_tr.id} in {language}, {found_en.id} in English"
    for term in translated.terms:
        found = translated.find(term.name)
        assert found is not None, term.name
        if english.find(english.term(term.id).name) == english.term(term.id):  # a name of its own in English
            assert found.id == term.id, f"'{term.name}' finds {found.id}"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'n.db'}", ai_workers=0)) as c:
        yield c


@pytest.mark.parametrize(("game", "language"), CASES)
def test_the_rules_route_answers_in_the_translation(client: TestClient, game: str, language: str) -> None:
    r = client.get(f"/api/games/{game}/rules", params={"lang": language})
    assert r.status_code == 200, r.text
    data = r.json()
    translated = _texts(game, language)
    assert data["language"] == language
    assert data["overview"]["goal"] == translated.overview.goal
    assert [(t["id"], t["rule"], t["web"]) for t in data["terms"]] == [(t.id, t.rule, t.web) for t in translated.terms]


ATON = ["--seat", "0=human", "--seat", "1=random"]
ANKH = ["-o", "players=2", "-o", "gods=none", "--seat", "0=human", "--seat", "1=random"]
NILE = ["--seat", "0=human", "--seat", "1=random"]
#: A term per game and translation: the game's seats, its name in the translation and in English.
AT_THE_TERMINAL = [
    ("aton", "es", ATON, "piedra", "stone"),
    ("ankh", "es", ANKH, "Carros", "chariots"),
    ("nile", "de", NILE, "Nachhut", "rearguard"),
    ("aton", "de", ATON, "Stein", "stone"),
    ("ankh", "de", ANKH, "Streitwagen", "chariots"),
]


@pytest.mark.parametrize(
    ("game", "language", "args", "translated", "english"),
    [case for case in AT_THE_TERMINAL if case[0] in TRANSLATIONS[case[1]]],
)
def test_help_at_the_terminal_shows_the_translated_entry(
    tmp_path: Path, game: str, language: str, args: list[str], translated: str, english: str
) -> None:
    """``--lang es`` or ``--lang de``: ``help`` with the translated name and with the English one
    shows the translated entry."""
    entry = _texts(game, language).find(translated)
    assert entry is not None
    result = CliRunner().invoke(
        app,
        ["--lang", language, "play", game, *args, "--seed", "3", "--save", str(tmp_path / "g.json")],
        input=f"help {translated}\nhelp {english}\nquit\n",
        env={"COLUMNS": "200", "NETJER_LANG": ""},
    )
    assert result.exit_code == 0, result.output
    assert result.output.count(entry.line) >= 2, result.output[-3000:]
    assert _texts(game).term(entry.id).line not in result.output


#: Entries whose translated name is not the catalogue's word for the English name, and why.
NAMED_OTHERWISE = {
    ("ankh", "es", "supply"): "the catalogue's 'reserva' is also the pool's word; the entry says whose",
}


@pytest.mark.parametrize(("game", "language"), CASES)
def test_an_entrys_name_is_the_catalogues_word(game: str, language: str) -> None:
    """The screens name a term with the game's catalogue (``term_name``, docs/i18n.md) and ``help``
    and the Rules panel with the rules texts: both say the same word. Actions keep their notation."""
    catalog = i18n.catalog(language, game)
    assert catalog is not None
    english, translated = _texts(game), _texts(game, language)
    checked, differ = 0, []
    for term in english.terms:
        message = catalog.get(term.name)
        if term.kind == "action" or message is None or not message.string:
            continue
        checked += 1
        name = translated.term(term.id).name
        if name != message.string and (game, language, term.id) not in NAMED_OTHERWISE:
            differ.append(f"{term.id}: texts {name!r}, catalogue {message.string!r}")
    assert differ == []
    assert checked >= 3  # the catalogue names some of the game's terms


@pytest.mark.parametrize(
    ("game", "language", "word", "term_id"),
    [
        # issue 32: words the screens and lessons show, which `help` and the Rules search missed
        ("aton", "es", "ficha", "exchange"),  # "ficha de intercambio"
        ("aton", "es", "muertas", "kingdom"),  # "piedras: 6 en reserva, 0 muertas"
        ("aton", "de", "Totenreich", "kingdom"),  # "6 im Vorrat, 0 im Totenreich"
        ("ankh", "es", "espacio", "region"),  # the map legend's "gato en un espacio"
        ("ankh", "es", "fila", "action-track"),  # the tutorial's "una fila del tablero central"
        ("ankh", "es", "Este", "region"),  # the Pantheon lesson's "En el Este (la región 2)"
        ("ankh", "de", "Osten", "region"),  # "im Osten (Region 2)"
        ("ankh", "de", "Feld", "region"),
    ],
)
def test_help_finds_a_word_the_screen_shows(game: str, language: str, word: str, term_id: str) -> None:
    found = _texts(game, language).find(word)
    assert found is not None and found.id == term_id, (word, found)
