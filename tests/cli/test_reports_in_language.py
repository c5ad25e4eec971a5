"""The terminal's reports in Spanish and German (issue 32 item 2): ``simulate`` (its tables, the
per-seat and metric lines, its warnings, its HTML report and the report's plots), ``levels``,
``games`` and ``review`` (its table, the marks' sentences, the seats' summaries and the PNG's
words) run with ``--lang`` show no English sentence of the catalogues, no unfilled placeholder,
no raw key and no English seat name (tests/language_check.py)."""

from __future__ import annotations

import dataclasses
import html
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from matplotlib.figure import Figure
from matplotlib.text import Text
from typer.testing import CliRunner

from netjer import i18n
from netjer.cli.language import term_words
from netjer.cli.main import app
from netjer.core.record import save_record
from netjer.games.ankh.terms import PIECE_WORDS
from netjer.games.registry import make_game
from netjer.sim.report import METRIC_NAMES
from tests.agents.test_review import short_record
from tests.language_check import problems

runner = CliRunner()
LANGUAGES = ["es", "de"]
#: Wide enough that no table cell wraps a catalogue phrase over two lines.
COLUMNS = "250"


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    """``--lang`` sets the process's language: give the next test English back."""
    yield
    i18n.set_language(i18n.DEFAULT_LANGUAGE)


def _run(language: str, *args: str) -> str:
    result = runner.invoke(app, ["--lang", language, *args], env={"COLUMNS": COLUMNS})
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result.output


def _assert_in_language(text: str, language: str, domains: tuple[str, ...]) -> None:
    found = problems(text, language, domains)
    assert not found, "\n".join(found) + "\n" + text


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    ("game", "agents", "options"),
    [
        ("aton", "random,beginner", []),  # a level's line, Aton's colours
        ("aton", "heuristic", []),  # every seat the same deterministic player: a warning
        ("ankh", "random,random", ["-o", "players=3"]),  # the facets: god, turn and start position...
    ],
)
def test_simulate_speaks_the_language(
    language: str, game: str, agents: str, options: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    words = _png_words(monkeypatch)
    report = tmp_path / "report"
    text = _run(language, "simulate", game, "--games", "2", "--agents", agents, *options, "--report", str(report))
    _assert_in_language(text, language, ("common", game))
    page = (report / "index.html").read_text(encoding="utf-8")
    assert f'<html lang="{language}">' in page
    _assert_in_language(_page_text(page), language, ("common", game))
    assert words, "the report draws its plots"
    _assert_in_language("\n".join(words), language, ("common", game))
    shown = _page_text(page)
    # the metrics by name, not results.json's keys (the explanation names "drawishness" as the term)
    assert not [key for key in METRIC_NAMES if "_" in key and key in shown]
    assert i18n.gettext(METRIC_NAMES["first_player_low"], language) in shown
    assert i18n.gettext("score [95% CI]", language) in text
    assert i18n.gettext("first player: score {score}", language).split("{")[0] in text
    if agents == "heuristic":
        assert i18n.gettext("warning:", language) in text
    if game == "ankh":
        assert i18n.gettext("turn position", language) in text and i18n.gettext("1st", language) in text
        # the Guardians of a draw by their names, not their ids (the options' line keeps its keys)
        assert not GUARDIAN_IDS.search(text) and not GUARDIAN_IDS.search(shown), text


#: A Guardian's id (``pieces.FIGURE_IDS``) as a word of its own, as a results file writes it.
GUARDIAN_IDS = re.compile(r"\b(?:cat-mummy|satet|mummy|apep|giant-scorpion|androsphinx)\b")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_guardian_draw_is_named_in_the_language(language: str) -> None:
    """The ``guardians`` facet keeps the ids (results files, as option ``guardians`` names them);
    a report shows the Guardians' words in the reader's language (the HTML report: the slow test above)."""
    options = {"players": 2, "guardians": "cat-mummy,apep,giant-scorpion"}
    label = make_game("ankh", options).new_initial_state(0).report_facets()["guardians"][0]
    assert label == "cat-mummy/apep/giant-scorpion"
    i18n.set_language(language)
    words = [i18n.gettext(PIECE_WORDS[g], language) for g in ("cat-mummy", "apep", "giant-scorpion")]
    told = term_words(label, "ankh")
    assert not GUARDIAN_IDS.search(told), told
    assert [told.index(w) for w in words] == sorted(told.index(w) for w in words), told  # levels 1, 2, 3
    i18n.set_language(i18n.DEFAULT_LANGUAGE)
    assert term_words(label, "ankh") == label  # English: as the option names them


@pytest.mark.parametrize("language", LANGUAGES)
def test_levels_and_games_speak_the_language(language: str) -> None:
    every = ("common", "nile", "aton", "ankh")
    levels = _run(language, "levels")
    _assert_in_language(levels, language, every)
    assert i18n.gettext("the game's heuristic player (instant)", language) in levels
    assert "ismcts:iterations=200" in levels  # a specification stays as typed
    games = _run(language, "games")
    _assert_in_language(games, language, every)
    # names and values as typed, each value with its name in the language (issue 32, tester 4)
    assert "first_round_removals" in games and "forbidden (" in games and "| allowed (" in games


def _page_text(page: str) -> str:
    """The words an HTML page shows: its text and its images' alternative texts (no markup, no
    style sheet, no embedded image data)."""
    page = re.sub(r"<style>.*?</style>", " ", page, flags=re.DOTALL)
    page = re.sub(r'<img alt="([^"]*)"[^>]*>', r" \1 ", page)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def _png_words(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Collects the words of every figure saved from now on (the review's PNG)."""
    words: list[str] = []
    save = Figure.savefig

    def saving(fig: Figure, *args: Any, **kwargs: Any) -> None:
        words.extend(t.get_text() for t in fig.findobj(Text) if t.get_text())
        save(fig, *args, **kwargs)

    monkeypatch.setattr(Figure, "savefig", saving)
    return words


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
def test_review_speaks_the_language(language: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    record = tmp_path / "game.json"
    save_record(record, short_record("nile", 2))  # 34 actions; marks re-searched ("± error") and not
    png, out = tmp_path / "review.png", tmp_path / "review.json"
    words = _png_words(monkeypatch)
    text = _run(language, "review", str(record), "--iterations", "10", "--png", str(png), "--json", str(out))
    marks = {d["mark"] for d in json.loads(out.read_text(encoding="utf-8"))["decisions"]} - {None}
    assert marks, "the seeded game should have marked decisions"
    _assert_in_language(text, language, ("common", "nile"))
    for mark in marks:
        assert i18n.gettext(mark, language) in text
    assert words and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    _assert_in_language("\n".join(words), language, ("common", "nile"))
    assert i18n.gettext("estimated chance to win", language) in words


def test_the_check_sees_english_in_an_english_report() -> None:
    levels = runner.invoke(app, ["--lang", "en", "levels", "aton"], env={"COLUMNS": COLUMNS}).output
    found = problems(levels, "es", ("common", "aton"))
    assert any("information-set search, 200 iterations per move" in p for p in found), found
    assert any("seats rated" in p for p in found), found


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("es", ["Gana Rojo", "Gana Seth", "Gana Jugador 2"]),
        ("de", ["Rot gewinnt", "Seth gewinnt", "Spieler 2 gewinnt"]),
    ],
)
def test_a_result_names_the_winner_in_the_language(language: str, expected: list[str]) -> None:
    """The result line (``play``'s game over, ``replay``'s end) names the seat in the reader's
    language: Aton's colour, Nile's god, Ankh's "Player 2" without gods."""
    i18n.set_language(language)
    aton, nile, ankh = make_game("aton", {}), make_game("nile", {}), make_game("ankh", {"players": 2, "gods": "none"})
    assert [aton.result_text([1, -1]), nile.result_text([1, -1]), ankh.result_text([-1, 1])] == expected


@pytest.mark.parametrize("language", LANGUAGES)
def test_replay_names_each_seats_player_as_the_lobby_does(language: str, tmp_path: Path) -> None:
    """``replay``'s header: a level's title in the reader's language where the seat's
    specification is a level's (``random`` is Beginner's), the specification otherwise."""
    record = dataclasses.replace(short_record("nile", 2), seats=["random", "ismcts:iterations=7"])
    path = tmp_path / "game.json"
    save_record(path, record)
    header = _run(language, "replay", str(path)).splitlines()[0]
    assert f"={i18n.gettext('Beginner', language)}," in header, header
    assert "=random" not in header and "=ismcts:iterations=7" in header, header


@pytest.mark.parametrize(
    ("language", "names"), [("es", ["Reino Medio", "Reino Antiguo"]), ("de", ["Mittleres Reich", "Altes Reich"])]
)
def test_ankh_scenarios_are_named_in_the_language_where_shown(language: str, names: list[str]) -> None:
    """The ``scenario`` facet keeps the option's ids (results files, ``-o scenario=``); ``simulate``
    and the report show the scenario's name, and ``games`` names it beside the id one types."""
    label = make_game("ankh", {"players": 2}).new_initial_state(0).report_facets()["scenario"][0]
    assert label == "middle-kingdom"
    i18n.set_language(language)
    assert [term_words(s, "ankh") for s in ("middle-kingdom", "old-kingdom")] == names
    games = " ".join(_run(language, "games").split())
    # the values as typed, each with its name in the language (issue 32, tester 4)
    assert f"middle-kingdom ({names[0]}) | old-kingdom ({names[1]})" in games, games


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_thinking_computer_is_named_by_its_levels_title(language: str) -> None:
    """While a computer seat thinks, ``play`` names it as the lobby and ``replay`` do: its level's
    title in the reader's language ("Azul (Aficionado)"), not the level's id ("casual")."""
    from types import SimpleNamespace  # noqa: PLC0415 - this test only

    from netjer.agents.levels import LEVEL_TITLES  # noqa: PLC0415 - this test only
    from netjer.cli.play import TerminalTable  # noqa: PLC0415 - this test only

    i18n.set_language(language)
    table = SimpleNamespace(
        game=make_game("aton"), humans={0}, seats=["human", "heuristic"], seat_name=lambda seat: f"S{seat}"
    )
    words = TerminalTable.player_words(table, 1)  # type: ignore[arg-type]
    assert words == f"S1 ({i18n.gettext(LEVEL_TITLES['casual'], language)})" != "S1 (casual)"
    assert TerminalTable.player_words(table, 0) == "S0"  # type: ignore[arg-type]


@pytest.mark.parametrize("language", LANGUAGES)
def test_levels_shows_each_levels_title_with_its_name_as_typed(language: str) -> None:
    """``netjer levels``' first column: the lobby's title of each level in the reader's
    language, and beside it the name one types (``--vs strong``) (issue 32)."""
    from netjer.agents.levels import LEVEL_TITLES  # noqa: PLC0415 - this test only

    levels = _run(language, "levels", "aton")
    rows = [line.strip("│ ").split("│")[0].strip() for line in levels.splitlines() if line.startswith("│")]
    expected = [f"{i18n.gettext(LEVEL_TITLES[name], language)} ({name})" for name in LEVEL_TITLES]
    assert rows == expected, levels
    english = runner.invoke(app, ["levels", "aton"], env={"COLUMNS": COLUMNS}).output
    assert [line.strip("│ ").split("│")[0].strip() for line in english.splitlines() if line.startswith("│")] == list(
        LEVEL_TITLES
    )  # English: the title is the name itself, shown once


#: An Elo with its sign: "+176", "−287" (U+2212), or the hyphen-minus "-287" of a second format.
SIGNED_ELO = re.compile(r"(?<![\w.,])([+\-−])\d+\b")


@pytest.mark.parametrize("language", LANGUAGES)
def test_simulate_writes_elo_as_levels_does(language: str) -> None:
    """``simulate``'s Elo column and ``levels``' Elo column write a rating below the reference
    with the same minus sign (U+2212) and in the same format (issue 32): one function,
    :func:`netjer.i18n.format_elo_interval`, writes both."""
    from netjer.agents.levels import Shown, shown_text  # noqa: PLC0415 - this test only
    from netjer.cli.main import _estimate  # noqa: PLC0415 - the table's cell, as simulate writes it

    i18n.set_language(language)
    shown = shown_text(Shown(elo=-287.4, interval=(-390.2, -101.0), bound=None, limit=None))
    assert _estimate(-287.4, (-390.2, -101.0), 0, elo=True) == shown == "−287 [−390, −101]"
    told = _run(language, "simulate", "aton", "--agents", "heuristic:epsilon=0.9,random", "-n", "8", "--seed", "1")
    elo_header = i18n.gettext("Elo [95% CI]", language)
    table = told[told.index(elo_header) :]
    signs = {m.group(1) for line in table.splitlines()[2:4] for m in SIGNED_ELO.finditer(line.split("│")[-2])}
    assert "−" in signs and "-" not in signs, table
