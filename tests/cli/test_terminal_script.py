"""A scripted terminal session in a pseudo-terminal: help sun, arrow-key editing and history, an undo."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

NETJER = Path(sys.executable).with_name("netjer")


@pytest.mark.slow
@pytest.mark.skipif(not NETJER.exists(), reason="the netjer command is not installed beside this Python")
def test_help_sun_arrow_keys_and_undo_in_a_real_terminal(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    env = dict(os.environ, COLUMNS="200", LINES="50", TERM="dumb")  # no colours: plain text to match
    args = ["play", "ankh", "-o", "players=2", "-o", "gods=none", "--seat", "0=human", "--seat", "1=random"]
    child = pexpect.spawn(
        str(NETJER),
        [*args, "--seed", "7", "--save", str(save)],
        env=env,
        dimensions=(50, 200),
        encoding="utf-8",
        timeout=60,
    )
    try:
        child.expect("your action: ")
        child.sendline("help sun")
        child.expect("Ra puts a Sun token")
        child.expect("your action: ")
        # Line editing: a typo fixed with the left arrow key.
        child.send("help cariots")
        child.send("\x1b[D" * 6)
        child.sendline("h")
        child.expect(r"Chariots  \(card\)")
        child.expect("your action: ")
        # History: two up-arrows bring back 'help sun'.
        child.send("\x1b[A\x1b[A")
        child.sendline("")
        child.expect("Ra puts a Sun token")
        child.expect("your action: ")
        child.sendline("1")  # the Move Figures row
        child.expect("undo  — take back your last decision \\(move\\)")
        child.expect("your action: ")
        child.sendline("undo")
        child.expect("Taken back: move.")
        child.expect("your action: ")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    actions = json.loads(save.read_text())["actions"]
    assert actions[-2:] == ["move", "undo"]
