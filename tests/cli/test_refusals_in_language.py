"""An illegal move typed at the terminal in Spanish and German (issue 32): the refusal, its
reason and the rule it cites, shows no English sentence of the catalogues
(tests/language_check.py); in English the rule is cited as the engine words it."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from netjer import i18n
from netjer.cli.main import app
from netjer.i18n_lines import tell
from tests.illegal_moves import ILLEGAL_MOVES, IllegalMove
from tests.language_check import english_in, problems

#: Wide enough that the refusal is one line (the test does not depend on the terminal's width).
ENV = {"COLUMNS": "400", "NETJER_LANG": ""}


def _refusal_line(move: IllegalMove, language: str, tmp_path: Path) -> str:
    """The line refusing ``move``'s illegal action when typed by a person playing every seat,
    from its "Not allowed" on."""
    options = [arg for key, value in move.options.items() for arg in ("-o", f"{key}={value}")]
    seats = [arg for seat in range(2) for arg in ("--seat", f"{seat}=human")]
    args = ["--lang", language, "play", move.game, *options, *seats, "--seed", str(move.seed)]
    answers = "".join(f"{text}\n" for text in (*move.before, move.illegal, "quit"))
    try:
        result = CliRunner().invoke(app, [*args, "--save", str(tmp_path / "g.json")], input=answers, env=ENV)
        prefix = i18n.gettext("Not allowed: {reason}", language).split("{")[0]
    finally:
        i18n.set_language(i18n.DEFAULT_LANGUAGE)
    assert result.exit_code == 0 and "Traceback" not in result.output, result.output
    lines = [line[line.index(prefix) :] for line in result.output.splitlines() if prefix in line]
    assert len(lines) == 1, result.output
    return lines[0]


@pytest.mark.parametrize("language", ["es", "de"])
@pytest.mark.parametrize("move", ILLEGAL_MOVES, ids=[m.game for m in ILLEGAL_MOVES])
def test_an_illegal_move_is_refused_with_its_rule_in_the_players_language(
    move: IllegalMove, language: str, tmp_path: Path
) -> None:
    cited = move.refusal().rule
    assert english_in(cited, language, move.domains), "the check would see this rule in English"
    line = _refusal_line(move, language, tmp_path)
    assert f"({tell(cited, language, move.domains)})" in line and cited not in line
    assert problems(line, language, move.domains) == [], line


@pytest.mark.parametrize("move", ILLEGAL_MOVES, ids=[m.game for m in ILLEGAL_MOVES])
def test_in_english_the_rule_is_cited_as_the_engine_words_it(move: IllegalMove, tmp_path: Path) -> None:
    refusal = move.refusal()
    assert _refusal_line(move, "en", tmp_path) == f"Not allowed: {refusal.reason} ({refusal.rule})"
