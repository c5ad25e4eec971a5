"""Input typed before a prompt is shown is thrown away (issue 33 item 1), in a real pseudo-terminal."""

from __future__ import annotations

import json
import os
import select
import sys
from pathlib import Path

import pytest

from netjer.cli.typeahead import discard_typeahead

pexpect = pytest.importorskip("pexpect")

NETJER = Path(sys.executable).with_name("netjer")


def test_discard_typeahead_empties_a_terminals_queue_and_says_so() -> None:
    master, slave = os.openpty()
    try:
        with open(slave, encoding="utf-8", closefd=False) as tty:
            os.write(master, b"1\n")
            ready, _, _ = select.select([slave], [], [], 10)  # the line reaches the slave's queue
            assert ready
            assert discard_typeahead(tty) is True
            assert discard_typeahead(tty) is False  # nothing left
    finally:
        os.close(master)
        os.close(slave)


def test_discard_typeahead_leaves_a_pipe_alone(tmp_path: Path) -> None:
    path = tmp_path / "answers.txt"
    path.write_text("1\n", encoding="utf-8")
    with path.open(encoding="utf-8") as answers:
        assert discard_typeahead(answers) is False
        assert answers.readline() == "1\n"  # the scripted answer is still there


@pytest.mark.slow
@pytest.mark.skipif(not NETJER.exists(), reason="the netjer command is not installed beside this Python")
def test_a_line_typed_during_the_computers_move_is_not_played(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    env = dict(os.environ, COLUMNS="80", LINES="24", TERM="dumb")
    child = pexpect.spawn(
        str(NETJER),
        ["play", "aton", "--seat", "0=ismcts:iterations=2000", "--seat", "1=human", "--seed", "3", "--save", str(save)],
        env=env,
        dimensions=(24, 80),
        encoding="utf-8",
        timeout=120,
    )
    try:
        # Typed at once, while seat 0 (the computer) decides: 'exchange' for Blue if it were read.
        child.sendline("2")
        child.expect("ignored")
        child.expect("your action: ")
        assert len(json.loads(save.read_text())["actions"]) == 1  # the computer's decision only
        child.sendline("keep")
        child.expect("your action: ")  # the next prompt: nothing more discarded, nothing told again
        assert "ignored" not in (child.before or "")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    actions = json.loads(save.read_text())["actions"]
    assert actions[1] == "keep"  # Blue's answer is the one typed at its prompt, not the '2' typed before
