"""``netjer i18n status`` and the English fallback (issue 32 item 4): the completeness of each
language's catalogues, and a missing translation shown in English, logged once."""

from __future__ import annotations

import logging

import pytest
from typer.testing import CliRunner

from netjer import i18n
from netjer.cli.main import app

runner = CliRunner()


def test_status_prints_each_language_and_catalogue_with_its_counts() -> None:
    result = runner.invoke(app, ["i18n", "status"], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    rows = [line for line in result.output.splitlines() if "│" in line]
    for c in i18n.completeness():
        cells = [[cell.strip() for cell in row.strip("│ ").split("│")] for row in rows]
        wanted = [c.domain, str(c.translated), str(c.total)]
        assert any(cell[0].startswith(c.language) and cell[1:4] == wanted for cell in cells), (c, rows)


def test_completeness_counts_what_is_translated() -> None:
    found = {(c.language, c.domain): c for c in i18n.completeness()}
    assert {lang for lang, _ in found} == set(i18n.languages())
    english = found["en", "ankh"]
    assert english.translated == english.total > 0  # the ids are English
    spanish = found["es", "nile"]
    assert spanish.translated == spanish.total  # tests/test_i18n.py requires Spanish Nile complete
    assert 0 < found["es", "ankh"].translated <= found["es", "ankh"].total


def test_a_missing_translation_is_english_and_logged_once(caplog: pytest.LogCaptureFixture) -> None:
    i18n._MISSING_LOGGED.discard(("es", "a sentence nobody translated: {n}"))
    with caplog.at_level(logging.INFO, logger="netjer.i18n"):
        for _ in range(3):
            text = i18n.gettext("a sentence nobody translated: {n}", "es").format(n=3)
            assert text == "a sentence nobody translated: 3"  # whole, in English
        assert i18n.gettext("Your turn", "es") == "Tu turno"  # translated: nothing logged
    logged = [r.getMessage() for r in caplog.records if r.name == "netjer.i18n"]
    assert logged == ["no es translation of 'a sentence nobody translated: {n}': shown in English"]


def test_a_translation_equal_to_its_id_is_not_missing(caplog: pytest.LogCaptureFixture) -> None:
    """Horus is Horus in Spanish: translated (the catalogue says so), not logged."""
    with caplog.at_level(logging.INFO, logger="netjer.i18n"):
        assert i18n.gettext("Horus", "es") == "Horus"
    assert not [r for r in caplog.records if r.name == "netjer.i18n"]
