"""Aton and Dioses del Nilo in a real 80 x 24 terminal (issue 33 item 3): each decision's screen,
from its status line to the prompt, fits the terminal, and ``board`` still shows the full screen."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

NETJER = Path(sys.executable).with_name("netjer")
ROWS, COLUMNS = 24, 80
PROMPT = "your action: "
#: Each game's status line (the screen's first), and words only its full screen has (a legend).
GAMES = {
    "aton": (re.compile(r"^Round \d+ · ", re.MULTILINE), "under each temple"),
    "nile": (re.compile(r"^Dioses del Nilo — round ", re.MULTILINE), "explain more"),
}


@pytest.mark.slow
@pytest.mark.skipif(not NETJER.exists(), reason="the netjer command is not installed beside this Python")
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_screen_of_a_game_at_80_by_24_fits_the_terminal(game: str, tmp_path: Path) -> None:
    status, full_only = GAMES[game]
    env = dict(os.environ, COLUMNS=str(COLUMNS), LINES=str(ROWS), TERM="dumb")
    child = pexpect.spawn(
        str(NETJER),
        ["play", game, "--seat", "0=human", "--seat", "1=random", "--seed", "3", "--save", str(tmp_path / "g.json")],
        env=env,
        dimensions=(ROWS, COLUMNS),
        encoding="utf-8",
        timeout=60,
    )
    decisions = 0
    try:
        while child.expect([PROMPT, "Game over"]) == 0 and decisions < 40:
            output = child.before.replace("\r\n", "\n")
            starts = [m.start() for m in status.finditer(output)]
            assert starts, f"decision {decisions}: no status line before the prompt:\n{output[-2000:]}"
            screen = output[starts[-1] :].split("\n")
            assert len(screen) <= ROWS, f"decision {decisions}: {len(screen)} lines:\n" + "\n".join(screen)
            if game == "aton":  # its full screen (31 lines) never fits: always the compact one
                assert full_only not in " ".join(output[starts[-1] :].split())
            if decisions == 3:
                child.sendline("board")
                child.expect(PROMPT)
                assert full_only in " ".join(child.before.split())  # one command away: the full screen
            number = re.search(r"Choose: \S+ (\d+)", output[starts[-1] :])  # 'assign 2 · 4': the first
            child.sendline(number[1] if number else "1")
            decisions += 1
    finally:
        child.close(force=True)
    assert decisions >= 5  # a game played (a Nile game against random may end after a few)
