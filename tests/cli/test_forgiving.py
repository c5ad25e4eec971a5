"""Forgiving input (issue 33 item 3): "did you mean", `replay --step` moves, flags, --seed, long numbers, --new."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from netjer import i18n
from netjer.cli.main import _step_target, app
from netjer.cli.suggest import close_names, did_you_mean

runner = CliRunner()
ENV = {"COLUMNS": "140", "NETJER_LANG": ""}


def test_close_names_are_the_nearest_best_first_and_none_for_nonsense() -> None:
    assert close_names("kep", ["keep", "exchange", "help"]) == ["keep"]
    assert close_names("STRNOG", ["beginner", "casual", "strong", "strongest"]) == ["strong", "strongest"]
    assert close_names("zzzz", ["keep", "exchange"]) == []
    assert did_you_mean("atom", ["aton", "nile", "ankh"]) == "did you mean 'aton'?"
    assert did_you_mean("zzzz", ["aton"]) == ""


@pytest.mark.parametrize(
    ("args", "wanted"),
    [
        (["play", "atom"], "unknown game 'atom'; did you mean 'aton'?"),
        (["play", "aton", "--vs", "heuristc"], "unknown agent 'heuristc': did you mean 'heuristic'?"),
        (["play", "aton", "--seat", "1=strnog"], "did you mean 'strong' or 'strongest'?"),
        (["play", "aton", "--vs", "casual", "-o", "layot=x"], "Aton has no option 'layot'; did you mean 'layout'?"),
        (["levels", "nil"], "unknown game 'nil'; did you mean 'nile'?"),
        (["simulate", "nile", "--agents", "randm,random", "-n", "2"], "did you mean 'random'?"),
        (["simulate", "nile", "--vary", "colums=6,8", "-n", "2"], "has no option 'colums'; did you mean 'columns'?"),
    ],
)
def test_a_near_miss_is_refused_with_the_nearest_names(args: list[str], wanted: str) -> None:
    result = runner.invoke(app, args, env=ENV)
    assert result.exit_code == 2
    assert wanted in " ".join(result.output.split())


def test_a_mistyped_action_gets_did_you_mean(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        ["play", "aton", "--seat", "0=human", "--seed", "7", "--save", str(tmp_path / "g.json")],
        input="kep\nquit\n",
        env=ENV,
    )
    assert result.exit_code == 0
    assert "did you mean 'keep'?" in result.output


def test_an_alias_suggests_the_name_it_stands_for_once() -> None:
    aliases = {"invocar": "summon", "invocar figura": "summon", "mover": "move"}
    assert close_names("invcoar", ["move", "summon"], aliases=aliases) == ["summon"]
    assert close_names("mvoe", ["move", "summon"], aliases=aliases) == ["move"]  # a name still found itself
    assert close_names("zzzz", ["move"], aliases=aliases) == []


#: Ankh's Summon Figure typed with the verb of the reader's language, exactly and mistyped.
TRANSLATED_VERBS = {"es": ["invocar", "invcoar"], "de": ["beschwören", "beschworen"]}


@pytest.mark.parametrize("language", sorted(TRANSLATED_VERBS))
def test_an_action_typed_with_the_languages_verb_gets_did_you_mean(language: str, tmp_path: Path) -> None:
    """Issue 32: Spanish 'invocar' got no "did you mean", as English 'mvoe' gets 'move': the
    verbs of the rules texts' action entries in the reader's language (their aliases) suggest
    the legal action, in that language."""
    typed = TRANSLATED_VERBS[language]
    args = ["--lang", language, "play", "ankh", "--seed", "3", "--save", str(tmp_path / "g.json")]
    seats = ["--seat", "0=human", "--seat", "1=random", "--seat", "2=random"]
    result = runner.invoke(app, [*args, *seats], input="\n".join([*typed, "quit"]) + "\n", env=ENV)
    assert result.exit_code == 0, result.output
    hint = i18n.gettext("did you mean {names}?", language).format(names="'summon'")
    assert " ".join(result.output.split()).count(hint) == len(typed), result.output


def test_a_long_number_is_refused_as_too_long_never_cut(tmp_path: Path) -> None:
    digits = "9" * 26
    result = runner.invoke(
        app,
        ["play", "aton", "--seat", "0=human", "--seed", "7", "--save", str(tmp_path / "g.json")],
        input=f"{digits}\n12\nquit\n",
        env=ENV,
    )
    assert "A number of 26 digits is too long for a choice" in result.output
    assert "There is no choice 12;" in result.output  # a short one is echoed whole
    assert "There is no choice 9999" not in result.output


def test_a_bad_seed_gets_our_one_line_message(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    record.write_text("{}")
    for args in (
        ["play", "aton", "--seed", "abc"],
        ["simulate", "aton", "--seed", "1.5", "-n", "1"],
        ["review", str(record), "--seed", "abc"],
    ):
        result = runner.invoke(app, args, env=ENV)
        assert result.exit_code == 2
        assert result.output.strip().splitlines() == [result.output.strip().splitlines()[0]]  # one line
        assert "--seed must be a whole number" in result.output


def test_new_without_save_is_refused(tmp_path: Path) -> None:
    result = runner.invoke(app, ["play", "aton", "--new", "--vs", "casual"], env=ENV)
    assert result.exit_code == 2
    assert "give --save FILE with it" in result.output


def test_flags_are_shown_as_flags_in_help() -> None:
    for command, flag in (
        ("play", "--new"),
        ("replay", "--step"),
        ("replay", "--omniscient"),
        ("simulate", "--rotate-starts"),
    ):
        out = runner.invoke(app, [command, "--help"], env=ENV).output
        line = next(line for line in out.splitlines() if flag in line)
        assert "<bool>" not in line, line


def test_step_targets() -> None:
    assert _step_target("", 3, 10) == 4
    assert _step_target("n", 10, 10) is None  # the end: nowhere to go
    assert _step_target("b", 3, 10) == 2
    assert _step_target("back", 0, 10) is None
    assert _step_target("7", 3, 10) == 7
    assert _step_target("0", 3, 10) == 0
    assert _step_target("11", 3, 10) is None
    assert _step_target("first", 3, 10) == 0 and _step_target("last", 3, 10) == 10


def test_replay_step_goes_back_forward_and_to_an_action(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    runner.invoke(app, ["play", "aton", "--seed", "11", "--save", str(save)], env=ENV)
    moves = "b\n\n5\nhelp\nforwrd\n99999999999999999\n123456\nq\n"
    result = runner.invoke(app, ["replay", str(save), "--step"], input=moves, env=ENV)
    assert result.exit_code == 0
    out = result.output
    # the positions shown, in order, from the prompts: 1 (start), 0 (back), 1 (Enter), 5 (jump)
    shown = [int(n) for n in re.findall(r"(\d+) of \d+ ›", out)]
    assert shown[:4] == [1, 0, 1, 5]
    assert "b: back one" in out  # help
    assert "Not a command: 'forwrd'; did you mean 'forward'?" in out
    assert "That number is too long" in out
    assert "There is no action 123456" in out


def test_simulate_says_when_an_interval_cannot_be_computed() -> None:
    result = runner.invoke(app, ["simulate", "nile", "-n", "1"], env={**ENV, "COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "(too few games)" in result.output
    assert not re.search(r"([+\-−]\d+) \[\1, \1\]", result.output)  # no degenerate "−190 [−190, −190]"


def test_levels_piped_keeps_every_specification_whole() -> None:
    from netjer.agents.levels import LEVELS  # noqa: PLC0415

    out = runner.invoke(app, ["levels"], env={**ENV, "COLUMNS": "80"}).output
    for levels in LEVELS.values():
        for level in levels:
            assert level.spec in out, level.spec


def test_a_mistyped_command_gets_our_one_line_did_you_mean() -> None:
    result = runner.invoke(app, ["pley", "aton"], env=ENV)
    assert result.exit_code == 2
    assert result.output.strip() == "error: there is no command 'pley'; did you mean 'play' or 'replay'?"
    result = runner.invoke(app, ["xyzzy"], env=ENV)
    assert result.exit_code == 2
    assert result.output.strip() == "error: there is no command 'xyzzy'; 'netjer --help' lists the commands"
    assert runner.invoke(app, ["version"], env=ENV).exit_code == 0  # a known command still runs
