"""A move the game cannot read is refused in the reader's language at the terminal (issue 32:
"'xyz' is not a Dioses del Nilo action; expected ..." was the most common English a Spanish
player met): the game's catalogue sentence, with the typed text and the notation as typed."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from netjer.cli.main import app
from netjer.core.errors import ActionSyntaxError
from netjer.core.record import GameRecord, save_record
from netjer.games.registry import make_game
from netjer.i18n_sentences import sentence_of


def _refusal(game: str, typed: str) -> ActionSyntaxError:
    try:
        make_game(game).parse_action(typed)
    except ActionSyntaxError as err:
        return err
    raise AssertionError(f"{typed!r} parsed as a {game} action")


@pytest.mark.parametrize("language", ["es", "de"])
@pytest.mark.parametrize(
    ("game", "typed"),
    [("aton", "xyz"), ("nile", "xyz"), ("nile", "place 9 b2"), ("ankh", "xyz"), ("ankh", "pick 99,9")],
)
def test_a_move_the_game_cannot_read_is_refused_in_the_readers_language(
    game: str, typed: str, language: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # the human game is saved as GAME-SEED.json in the working folder
    sentence = sentence_of(_refusal(game, typed))
    told = sentence.told(language)
    assert told != str(sentence)  # a catalogue message, translated
    result = CliRunner().invoke(
        app,
        ["play", game, "--lang", language, "--seed", "3", "--seat", "0=human"],
        input=f"{typed}\nquit\n",
        env={"COLUMNS": "1000"},
    )
    flat = " ".join(result.output.split())
    assert " ".join(told.split()) in flat
    assert " ".join(str(sentence).split()) not in flat  # not the English


@pytest.mark.parametrize("language", ["es", "de"])
@pytest.mark.parametrize(
    ("args", "english"),
    [
        (["learn", "chess"], "no lesson called 'chess'"),
        (["play", "aton", "-o", "layout=x"], "unknown layout 'x'"),
        (["play", "ankh", "-o", "start=x"], "no start position called 'x'"),
    ],
)
def test_an_unknown_lesson_or_layout_is_refused_in_the_readers_language(
    args: list[str], english: str, language: str
) -> None:
    told = CliRunner().invoke(app, [*args, "--lang", language], env={"COLUMNS": "1000"})
    plain = CliRunner().invoke(app, args, env={"COLUMNS": "1000"})
    assert told.exit_code == plain.exit_code != 0
    assert english in plain.output and english not in told.output
    assert "'chess'" in told.output or "'x'" in told.output  # what was typed, as typed


@pytest.mark.parametrize("language", ["es", "de"])
def test_resuming_with_an_option_the_recorded_game_lacks_says_so(tmp_path: Path, language: str) -> None:
    saved = tmp_path / "nile.json"
    state = make_game("nile").new_initial_state(2)
    state.apply(state.legal_actions()[0])  # unfinished: resuming it checks the flags
    save_record(saved, GameRecord.from_state(state, ["human", "random"]))
    args = ["play", "aton", "--load", str(saved), "-o", "layout=proposal", "--lang", language]
    told = CliRunner().invoke(app, args, env={"COLUMNS": "1000"})
    assert told.exit_code != 0 and "layout" in told.output
    assert "None" not in told.output  # not "its option layout is None"
