"""Every level's rating is reproducible from its committed game log (issue 30 item 6, issue 35
item 4): ``benchmarks/levels.py`` run again over the log plays no game and prints the ratings
``netjer levels`` shows."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from netjer.agents.levels import PAIRINGS, RATING_RUNS, RATINGS

ROOT = Path(__file__).resolve().parents[2]
LINE = re.compile(r'\("(\w+)", (\d), "(\w+)"\): Rating\((-?\d+), \((-?\d+), (-?\d+)\), (\d+), ')
PAIRING = re.compile(r'\("(\w+)", (\d), "(\w+)"\): Pairing\("(\w+)", (\d+), ([\d.]+)\)')


def test_every_rated_game_and_player_count_has_its_run_and_log() -> None:
    rated = {(game, players) for game, players, _ in RATINGS}
    assert rated == set(RATING_RUNS)
    for args in RATING_RUNS.values():
        words = shlex.split(args)
        log = words[words.index("--log") + 1]
        assert (ROOT / log).is_file(), log
        extra = [words[k + 1] for k, w in enumerate(words) if w == "--extra-log"]  # read only, never appended
        assert all((ROOT / path).is_file() for path in extra), extra


@pytest.mark.parametrize("key", sorted(RATING_RUNS), ids=lambda k: f"{k[0]}-{k[1]}")
def test_the_ratings_are_recomputed_from_the_committed_log(key: tuple[str, int], tmp_path: Path) -> None:
    words = shlex.split(RATING_RUNS[key])
    at = words.index("--log") + 1
    copy = tmp_path / "games.log"
    shutil.copy(ROOT / words[at], copy)  # the benchmark appends to its log: never to the committed one
    words[at] = str(copy)
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    run = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "levels.py"), *words, "--max-seconds", "0", "--workers", "1",
         "--ratings"],
        capture_output=True, text=True, env=env, check=True, timeout=300,
    )  # fmt: skip
    printed = {
        (m[1], int(m[2]), m[3]): (int(m[4]), (int(m[5]), int(m[6])), int(m[7])) for m in LINE.finditer(run.stdout)
    }
    shown = {k: (round(r.elo), (round(r.interval[0]), round(r.interval[1])), r.games) for k, r in RATINGS.items()}
    assert printed == {k: v for k, v in shown.items() if k[:2] == key}
    # and so are the ladder pairings that decide what is shown as a bound (shown_rating)
    pairings = {(m[1], int(m[2]), m[3]): (m[4], int(m[5]), float(m[6])) for m in PAIRING.finditer(run.stdout)}
    kept = {k: (p.against, p.games, round(p.score, 4)) for k, p in PAIRINGS.items() if k[:2] == key}
    assert pairings == kept
    # the figures come from the log's games alone: every game counted was read from it
    played = re.search(r"(\d+) of \d+ games played \((\d+) of them from --log\)", run.stdout)
    assert played is not None and int(played[1]) == int(played[2]) > 0
