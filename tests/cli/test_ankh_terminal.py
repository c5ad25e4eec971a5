"""A whole 3-player Ankh game in a real 80 x 24 terminal through the compact screen (issue 33 item 5)."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

NETJER = Path(sys.executable).with_name("netjer")
ROWS, COLUMNS = 24, 80
PROMPT = "your action: "
#: The compact screen's first line.
HEADER = re.compile(r"^Ankh · events \d+/18", re.MULTILINE)


@pytest.mark.slow
@pytest.mark.skipif(not NETJER.exists(), reason="the netjer command is not installed beside this Python")
def test_a_whole_ankh_game_at_80_by_24_never_draws_a_screen_taller_than_the_terminal(tmp_path: Path) -> None:
    save = tmp_path / "ankh.json"
    env = dict(os.environ, COLUMNS=str(COLUMNS), LINES=str(ROWS), TERM="dumb")
    args = ["play", "ankh", "-o", "players=3", "--seat", "0=human", "--seat", "1=random", "--seat", "2=random"]
    child = pexpect.spawn(
        str(NETJER),
        [*args, "--seed", "5", "--save", str(save)],
        env=env,
        dimensions=(ROWS, COLUMNS),
        encoding="utf-8",
        timeout=120,
    )
    decisions = 0
    tallest = 0
    try:
        child.sendline("")  # typed before the first screen: thrown away, never an action
        while child.expect([PROMPT, "Game over"]) == 0:
            output = child.before.replace("\r\n", "\n")
            starts = [m.start() for m in HEADER.finditer(output)]
            assert starts, f"decision {decisions}: no compact screen before the prompt:\n{output[-2000:]}"
            screen = output[starts[-1] :].split("\n")  # the screen, the prompt's line last
            tallest = max(tallest, len(screen))
            assert len(screen) <= ROWS, f"decision {decisions}: {len(screen)} lines:\n" + "\n".join(screen)
            number = re.search(r"Choose: \S+ (\d+)", output[starts[-1] :])  # 'bid 0 · 1': the first
            child.sendline(number[1] if number else "1")
            decisions += 1
            assert decisions < 3000
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    record = json.loads(save.read_text())
    assert record["result"] is not None  # played to its end
    assert decisions > 20 and tallest > 10  # a real game, and screens that use the terminal


def test_the_result_names_the_winning_god_as_the_log_does() -> None:
    """Issue 32: the log said "Gana Horus: …" and then "Fin de la partida: Gana Jugador 1.": the
    terminal's result names Ankh's winners by their gods; a game without gods names its seats."""
    from netjer.cli.play import result_text  # noqa: PLC0415 - this test's subject only
    from netjer.games.registry import make_game  # noqa: PLC0415

    game = make_game("ankh", {"players": 2, "gods": "horus,isis"})
    state = game.new_initial_state(0)
    assert result_text(game, [1.0, 0.0], state) == "Horus wins"
    assert result_text(game, [0.0, 1.0], state) == "Isis wins"
    assert result_text(game, [0.0, 1.0]) == "Player 2 wins"
    aton = make_game("aton", {})
    assert result_text(aton, [1.0, 0.0], aton.new_initial_state(0)) == aton.result_text([1.0, 0.0])


def test_help_on_a_screen_command_says_its_sentence_once() -> None:
    """Issue 32: ``help tracks`` printed the same sentence twice."""
    from netjer.cli.play import SCREEN_HELP, command_term, term_text  # noqa: PLC0415 - this test's subject only

    for word, sentence in SCREEN_HELP.items():
        term = command_term(word, [word])
        assert term is not None
        assert term_text(term).plain.count(sentence) == 1, word
