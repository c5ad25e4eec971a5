"""The computer shows its work (issue 33 item 4): the thinking line, the search's progress, Ctrl-C during a search."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from netjer.agents.ismcts import PROGRESS_EVERY, ISMCTSAgent
from netjer.cli.thinking import ThinkingLine
from netjer.core.view import PlayerView
from netjer.games.aton import AtonGame

pexpect = pytest.importorskip("pexpect")

NETJER = Path(sys.executable).with_name("netjer")


def test_the_line_names_the_player_the_time_and_the_iterations() -> None:
    line = ThinkingLine("Red (casual)", 4000)
    line.advance(1200)
    text = line.text(line.start + 3.4).plain
    assert text.startswith("Red (casual) is thinking · 3 s · 1,200/4,000 iterations")
    assert "Ctrl-C" in text
    assert "iterations" not in ThinkingLine("Blue (heuristic)", None).text(0.0).plain


def test_the_progress_callback_changes_no_decision() -> None:
    state = AtonGame().new_initial_state(5)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    view = PlayerView(state, state.current_player)
    plain = ISMCTSAgent(seed=9, iterations=200).choose(view)
    told: list[int] = []
    watched = ISMCTSAgent(seed=9, iterations=200)
    watched.progress = told.append
    assert watched.choose(view) == plain
    assert told == list(range(PROGRESS_EVERY, 201, PROGRESS_EVERY))


@pytest.mark.slow
@pytest.mark.skipif(not NETJER.exists(), reason="the netjer command is not installed beside this Python")
def test_the_line_shows_and_ctrl_c_during_a_search_saves_and_exits_130(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    # A terminal that moves the cursor (a dumb one gets no live line); no colours, to match text.
    env = dict(os.environ, COLUMNS="80", LINES="24", TERM="xterm", NO_COLOR="1")
    computer = "ismcts:iterations=100000000"  # longer than any test waits: Ctrl-C comes first
    child = pexpect.spawn(
        str(NETJER),
        ["play", "aton", "--seat", f"0={computer}", "--seat", "1=human", "--seed", "3", "--save", str(save)],
        env=env,
        dimensions=(24, 80),
        encoding="utf-8",
        timeout=60,
    )
    try:
        child.expect("Red \\(ismcts:iterations=100000000\\) is thinking")
        child.expect(r"is thinking · \d+ s · [\d,]+/100,000,000")
        child.sendintr()
        child.expect("Left the game. The game is saved in")
        child.expect(r"resume\s+it\s+with\s+`netjer\s+play\s+--load")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 130
    assert json.loads(save.read_text())["actions"] == []
