"""The terminal's words whole in German and Spanish (issue 32, a German-only tester's findings):
``levels`` and ``review`` at 80 columns fold a long word instead of cutting it with "…"; a
review's sentence says a decision was searched again with more iterations than the title's
budget; a level is named by its title with its name as typed; the German level descriptions
call the computer "er"/"ihn" (der Computer)."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console
from rich.table import Table
from typer.testing import CliRunner

from netjer import i18n
from netjer.agents.levels import LEVEL_NAMES, LEVEL_TITLES, LEVELS
from netjer.agents.review import ReviewedDecision
from netjer.cli import main
from netjer.cli.language import level_words, term_words, value_words
from netjer.cli.main import _levels_table, _review_table, app

LANGUAGES = ["es", "de"]
runner = CliRunner()


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    """The tests set the process's language: give the next test English back."""
    yield
    i18n.set_language(i18n.DEFAULT_LANGUAGE)


def _drawn(table: Table, width: int = 80) -> str:
    """``table`` as a terminal of ``width`` columns shows it (not the test runner's width)."""
    out = io.StringIO()
    Console(file=out, width=width, force_terminal=False, color_system=None).print(table)
    return out.getvalue()


def _column(text: str, index: int) -> str:
    """The words of column ``index`` of a drawn table, its header's and cells' folded lines
    joined again without spaces."""
    cells = [re.split("[│┃]", line)[index + 1] for line in text.splitlines() if line[:1] in "│┃"]
    return "".join("".join(cell.split()) for cell in cells)


@pytest.mark.parametrize("language", [*LANGUAGES, "en"])
def test_levels_at_80_columns_cut_no_word(language: str) -> None:
    i18n.set_language(language)
    for name, players in LEVELS:
        drawn = _drawn(_levels_table(name, players))
        assert "…" not in drawn, drawn
        assert max(len(line) for line in drawn.splitlines()) <= 80
        # every level's title and name (folded perhaps, never cut) are there whole
        for level in LEVELS[name, players]:
            assert "".join(level_words(level.name).split()) in _column(drawn, 0), drawn


def _decision(description: str) -> ReviewedDecision:
    return ReviewedDecision(
        seat=0,
        ply=6,
        action="move b1 a1",
        description=description,
        preferred="attack a4 a2",
        preferred_description=description,
        before=1.0,
        after=0.57,
        loss=0.43,
        mark="blunder",
        forced=False,
        choices=9,
        error=0.01,
        searched=100,
    )


@pytest.mark.parametrize("language", [*LANGUAGES, "en"])
def test_review_table_at_80_columns_cuts_no_header(language: str) -> None:
    i18n.set_language(language)
    drawn = _drawn(_review_table("title", [_decision("Seth zieht den Soldaten von b1 nach a1.")], ["Seth", "Isis"]))
    assert "…" not in drawn, drawn
    for index, header in ((0, "move number"), (6, "mark"), (7, "search preferred")):
        assert "".join(i18n._(header).split()) in _column(drawn, index), drawn


@pytest.mark.parametrize("language", [*LANGUAGES, "en"])
def test_a_decision_searched_again_says_so_beside_its_iterations(language: str) -> None:
    """The title gives the review's budget (50); a decision near a threshold was searched again
    with more (100): its sentence must not read as if the budget had been 100."""
    i18n.set_language(language)
    sentence = _decision("Seth zieht den Soldaten von b1 nach a1.").sentence("Seth")
    again = {"en": "searched again with 100", "de": "erneut gesucht mit 100", "es": "buscada de nuevo con 100"}
    assert again[language] in sentence, sentence


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_first_game_names_its_level_by_title(
    language: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(main, "_interactive", lambda: True)
    result = runner.invoke(
        app, ["--lang", language, "play", "aton", "--seed", "3"], input="quit\n", env={"COLUMNS": "250"}
    )
    assert "Traceback" not in result.output
    casual = i18n.gettext(LEVEL_TITLES["casual"], language)
    assert f"{casual} (casual)" in result.output, result.output
    for name in LEVEL_NAMES:
        assert f"{i18n.gettext(LEVEL_TITLES[name], language)} ({name})" in result.output
    assert not re.search(r"(Stufe|nivel) casual\b", result.output), result.output


def test_in_english_the_first_game_names_its_level_as_before(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(main, "_interactive", lambda: True)
    result = runner.invoke(app, ["--lang", "en", "play", "aton", "--seed", "3"], input="quit\n", env={"COLUMNS": "250"})
    assert "against the computer at level casual. Another level" in result.output, result.output
    assert "(beginner, casual, strong, strongest; see `netjer levels`)" in result.output


@pytest.mark.parametrize("language", LANGUAGES)
def test_play_help_names_levels_by_title(language: str) -> None:
    result = runner.invoke(app, ["--lang", language, "play", "--help"], env={"COLUMNS": "250"})
    assert result.exit_code == 0, result.output
    text = " ".join(re.sub(r"[│╭╮╰╯─]", " ", result.output).split())
    assert not re.search(r"(Stufe|nivel) casual\b", text), text
    assert not re.search(r"\(beginner, casual", text), text
    assert f"{i18n.gettext(LEVEL_TITLES['casual'], language)} (casual)" in text


def test_german_level_descriptions_call_the_computer_er() -> None:
    """German calls the computer (der Computer) "er"/"ihn" ("kann ihn schlagen"), never "es"."""
    for levels in LEVELS.values():
        for level in levels:
            for text in (level.description, level.plain):
                told = i18n.gettext(text, "de")
                assert not re.search(r"\bes\b", told), told


@pytest.mark.parametrize("language", LANGUAGES)
def test_games_shows_each_value_with_its_name_in_the_language(language: str) -> None:
    result = runner.invoke(app, ["--lang", language, "games"], env={"COLUMNS": "250"})
    assert result.exit_code == 0, result.output
    i18n.set_language(language)
    for value, game in (("middle-kingdom", "ankh"), ("long", "ankh"), ("continue", "aton"), ("three_each", "nile")):
        name = term_words(value.replace("_", " "), game)
        assert name != value.replace("_", " "), f"{value} has a name in {language}"
        assert f"{value} ({name})" in result.output, result.output


def test_games_in_english_lists_the_values_as_typed() -> None:
    result = runner.invoke(app, ["--lang", "en", "games"], env={"COLUMNS": "250"})
    assert "middle-kingdom | old-kingdom" in result.output and "draw | continue" in result.output


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_option_value_may_be_typed_by_its_name_in_the_language(language: str, tmp_path: Path) -> None:
    """``-o equal_40_tie=weiterspielen`` plays with ``continue``, which the record stores."""
    i18n.set_language(language)
    shown = term_words("continue", "aton").upper()  # letter case aside
    save = tmp_path / "game.json"
    args = ["--lang", language, "play", "aton", "--seed", "3", "--seat", "0=random", "--seat", "1=random"]
    result = runner.invoke(app, [*args, "-o", f"equal_40_tie={shown}", "--save", str(save)], env={"COLUMNS": "250"})
    assert result.exit_code == 0, result.output
    assert json.loads(save.read_text(encoding="utf-8"))["options"]["equal_40_tie"] == "continue"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_varied_value_may_be_typed_by_its_name_in_the_language(language: str, tmp_path: Path) -> None:
    """``simulate --vary equal_40_tie=Remis,weiterspielen`` varies ``draw`` and ``continue``, as
    ``play -o`` reads them; a value named twice (by its word and its name) is refused as a repeat."""
    i18n.set_language(language)
    draw, go_on = term_words("draw", "aton"), term_words("continue", "aton")
    assert (draw, go_on) != ("draw", "continue")  # the language names them
    out = tmp_path / "r.json"
    args = ["--lang", language, "simulate", "aton", "--agents", "random,random", "--games", "2"]
    result = runner.invoke(app, [*args, "--vary", f"equal_40_tie={draw},{go_on.upper()}", "--out", str(out)])
    assert result.exit_code == 0, result.output
    games = json.loads(out.read_text(encoding="utf-8"))["games"]
    assert [g["facets"]["equal_40_tie"][0] for g in games] == ["draw", "continue"]
    twice = runner.invoke(app, [*args, "--vary", f"equal_40_tie=draw,{draw}"], env={"COLUMNS": "250"})
    assert twice.exit_code == 2 and "Traceback" not in twice.output, twice.output
    assert "'draw'" in twice.output, twice.output


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_resumed_games_option_may_be_typed_by_its_name_in_the_language(language: str, tmp_path: Path) -> None:
    """Resuming a saved game with ``-o equal_40_tie=weiterspielen`` agrees with its record's
    ``continue`` (it was said to contradict it), and still disagrees with ``draw``'s name."""
    i18n.set_language(language)
    save = tmp_path / "g.json"
    start = ["--lang", language, "play", "aton", "--seed", "3", "--seat", "0=human", "--seat", "1=random"]
    started = runner.invoke(app, [*start, "-o", "equal_40_tie=continue", "--save", str(save)], input="quit\n")
    assert started.exit_code == 0, started.output
    resume = ["--lang", language, "play", "aton", "--load", str(save), "-o"]
    same = runner.invoke(app, [*resume, f"equal_40_tie={term_words('continue', 'aton')}"], input="quit\n")
    assert same.exit_code == 0, same.output
    other = runner.invoke(app, [*resume, f"equal_40_tie={term_words('draw', 'aton')}"], input="quit\n")
    assert other.exit_code == 2 and "'continue'" in other.output, other.output


@pytest.mark.parametrize("language", [*LANGUAGES, "en"])
def test_a_value_no_choice_names_is_refused_with_each_choice_and_its_name(language: str) -> None:
    result = runner.invoke(
        app, ["--lang", language, "play", "aton", "--seed", "3", "-o", "equal_40_tie=xyz"], env={"COLUMNS": "250"}
    )
    assert result.exit_code != 0 and "Traceback" not in result.output
    i18n.set_language(language)
    expected = i18n.join_list(value_words(v, "aton") for v in ("draw", "continue"))
    assert expected in result.output, result.output
    if language != "en":
        assert f"continue ({term_words('continue', 'aton')})" in result.output


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_database_neither_url_nor_path_is_refused_in_our_words(language: str) -> None:
    result = runner.invoke(app, ["--lang", language, "serve", "--db", "foo://::bad"], env={"COLUMNS": "250"})
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "SQLAlchemy" not in result.output and "Could not parse" not in result.output, result.output
    assert "sqlite:///" in result.output and "'foo://::bad'" in result.output
    assert i18n.gettext("error:", language) in result.output


@pytest.mark.parametrize("language", LANGUAGES)
def test_reports_opens_a_sqlite_file_given_by_its_path(language: str, tmp_path: Path) -> None:
    """An operator's command reads a server's database by its file's path; a path naming no file
    is a mistyped --db, refused in the reader's language (not an empty database made)."""
    path = tmp_path / "x.db"
    env = {"COLUMNS": "250"}
    result = runner.invoke(app, ["reports", "--lang", language, "--db", str(path)], env=env)
    assert result.exit_code == 2 and not path.exists(), result.output
    assert i18n.gettext("there is no database file {path}", language).split("{")[0] in result.output
    assert runner.invoke(app, ["reports", "--db", f"sqlite:///{path}"], env=env).exit_code == 0  # the server's
    result = runner.invoke(app, ["reports", "--lang", language, "--db", str(path)], env=env)
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_language_without_catalogues_is_refused_in_the_environments_language(language: str) -> None:
    for args in (["--lang", "fr", "games"], ["games", "--lang", "fr"]):
        result = runner.invoke(app, args, env={"NETJER_LANG": language, "COLUMNS": "250"})
        assert result.exit_code == 2, result.output
        told = i18n.gettext("no translation into {language}; languages: {languages}", language)
        assert told.format(language="'fr'", languages="en, de, es") in result.output, result.output
