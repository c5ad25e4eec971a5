"""`netjer play GAME` with no seats: in a terminal, the player against casual; piped, as before (issue 33 item 2)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from netjer.agents.levels import resolve_agent
from netjer.cli.main import app

pexpect = pytest.importorskip("pexpect")

NETJER = Path(sys.executable).with_name("netjer")


def test_without_a_terminal_every_seat_is_random_and_stderr_says_how_to_play() -> None:
    result = CliRunner().invoke(app, ["play", "aton", "--seed", "3"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    assert "Game over" in result.stdout
    assert "not a terminal" in result.stderr and "--vs LEVEL" in result.stderr


def test_a_seat_named_keeps_the_old_defaults_and_no_note() -> None:
    result = CliRunner().invoke(app, ["play", "aton", "--seed", "3", "--seat", "0=random"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    assert "not a terminal" not in result.stderr


@pytest.mark.slow
@pytest.mark.skipif(not NETJER.exists(), reason="the netjer command is not installed beside this Python")
def test_in_a_terminal_the_player_takes_seat_0_against_casual(tmp_path: Path) -> None:
    env = dict(os.environ, COLUMNS="80", LINES="24", TERM="dumb")
    child = pexpect.spawn(
        str(NETJER), ["play", "aton", "--seed", "3"], cwd=str(tmp_path), env=env, dimensions=(24, 80), encoding="utf-8"
    )
    child.timeout = 60
    try:
        child.expect("against the computer at level casual")
        child.expect("--vs LEVEL")
        child.expect("your action: ")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    record = json.loads((tmp_path / "aton-3.json").read_text())
    assert record["seats"] == ["human", resolve_agent("casual", "aton", 2)]
