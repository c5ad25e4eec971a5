"""The Spanish rules texts of every game (issue 32 item 2): each English entry translated,
the typed notation and option names kept as typed, the English and Spanish names both found
by ``help NAME``, and the rules route and the terminal answering in Spanish."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from netjer.cli.main import app
from netjer.core.texts import RulesTexts, load_texts
from netjer.server.app import create_app

GAMES = ("aton", "nile", "ankh")
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


@pytest.mark.parametrize("game", GAMES)
def test_every_english_entry_is_translated(game: str) -> None:
    english, spanish = _texts(game), _texts(game, "es")
    data = tomllib.loads(resources.files(f"netjer.games.{game}").joinpath("texts/es.toml").read_text("utf-8"))
    assert sorted(t["id"] for t in data["term"]) == sorted(english.ids())  # complete, no English fallback
    for field in ("goal", "turn", "win"):
        assert getattr(spanish.overview, field) != getattr(english.overview, field), f"overview.{field}"
    assert spanish.overview.source == english.overview.source
    for en, es in zip(english.terms, spanish.terms, strict=True):
        assert (es.kind, es.source) == (en.kind, en.source), en.id
        for field in ("line", "rule"):
            assert getattr(es, field) != getattr(en, field), f"{en.id}.{field} is not translated"
        for field in ("web", "terminal"):
            assert bool(getattr(es, field)) == bool(getattr(en, field)), f"{en.id}.{field}"
        if en.kind == "action":
            assert es.name == en.name, f"{en.id}: an action keeps its notation word as its name"


@pytest.mark.parametrize("game", GAMES)
def test_the_notation_and_the_options_are_kept_as_typed(game: str) -> None:
    english, spanish = _texts(game), _texts(game, "es")
    for field in ("goal", "turn", "win"):
        en, es = getattr(english.overview, field), getattr(spanish.overview, field)
        assert set(OPTION.findall(en)) <= set(OPTION.findall(es)), f"overview.{field}"
    for en, es in zip(english.terms, spanish.terms, strict=True):
        lost = _typed(english, en.terminal) - _typed(english, es.terminal)
        assert not lost, f"{en.id}.terminal no longer shows {sorted(lost)}"
        for field in ("line", "rule"):
            options = set(OPTION.findall(getattr(en, field))) - set(OPTION.findall(getattr(es, field)))
            assert not options, f"{en.id}.{field} lost the options {sorted(options)}"


@pytest.mark.parametrize("game", ["aton", "ankh"])
def test_help_finds_the_spanish_and_the_english_names(game: str) -> None:
    """``help NAME`` in Spanish finds an entry by its Spanish name and by every word that finds
    it in English (its English name, id and aliases), so a player may use either."""
    english, spanish = _texts(game), _texts(game, "es")
    for term in english.terms:
        for key in term.lookup_keys():
            found_en, found_es = english.find(key), spanish.find(key)
            assert found_en is not None and found_es is not None, (term.id, key)
            assert found_es.id == found_en.id, f"'{key}' finds {found_es.id} in Spanish, {found_en.id} in English"
    for term in spanish.terms:
        found = spanish.find(term.name)
        assert found is not None, term.name
        if english.find(english.term(term.id).name) == english.term(term.id):  # a name of its own in English
            assert found.id == term.id, f"'{term.name}' finds {found.id}"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'n.db'}", ai_workers=0)) as c:
        yield c


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_route_answers_in_spanish(client: TestClient, game: str) -> None:
    r = client.get(f"/api/games/{game}/rules", params={"lang": "es"})
    assert r.status_code == 200, r.text
    data = r.json()
    spanish = _texts(game, "es")
    assert data["language"] == "es"
    assert data["overview"]["goal"] == spanish.overview.goal
    assert [(t["id"], t["rule"], t["web"]) for t in data["terms"]] == [(t.id, t.rule, t.web) for t in spanish.terms]


@pytest.mark.parametrize(
    ("game", "args", "spanish", "english"),
    [
        ("aton", ["--seat", "0=human", "--seat", "1=random"], "piedra", "stone"),
        (
            "ankh",
            ["-o", "players=2", "-o", "gods=none", "--seat", "0=human", "--seat", "1=random"],
            "Carros",
            "chariots",
        ),
    ],
)
def test_help_at_the_terminal_shows_the_spanish_entry(
    tmp_path: Path, game: str, args: list[str], spanish: str, english: str
) -> None:
    """``--lang es``: ``help`` with the Spanish name and with the English one shows the Spanish entry."""
    entry = _texts(game, "es").find(spanish)
    assert entry is not None
    result = CliRunner().invoke(
        app,
        ["--lang", "es", "play", game, *args, "--seed", "3", "--save", str(tmp_path / "g.json")],
        input=f"help {spanish}\nhelp {english}\nquit\n",
        env={"COLUMNS": "200", "NETJER_LANG": ""},
    )
    assert result.exit_code == 0, result.output
    assert result.output.count(entry.line) >= 2, result.output[-3000:]
    assert _texts(game).term(entry.id).line not in result.output
