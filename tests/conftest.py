"""Suite-wide settings: the seed that chooses the sampled checks, printed at the start of every run.

Sampled tests (the conformance suite's default run, for one) choose which seeds and which steps
to check with :func:`sample_seed`.  It is pytest-randomly's seed when that plugin runs (it also
shuffles the order of the tests; ``-p no:randomly`` turns it off), else ``$NETJER_SAMPLE_SEED``,
else 0, so every pytest-xdist worker draws the same sample and a failure is reproduced by
running the same test id with ``--randomly-seed=N``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from netjer import i18n


def sample_seed(config: pytest.Config) -> int:
    """The run's sampling seed (an int >= 0): pytest-randomly's, else $NETJER_SAMPLE_SEED, else 0."""
    seed = getattr(config.option, "randomly_seed", None)
    if isinstance(seed, int):
        return seed
    return int(os.environ.get("NETJER_SAMPLE_SEED", "0"))


def pytest_sessionstart(session: pytest.Session) -> None:
    """Say, first thing (``-q`` hides the report header), which sample this run checks and how
    to check the same one again; pytest-xdist's workers stay quiet."""
    if hasattr(session.config, "workerinput"):
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        seed = sample_seed(session.config)
        again = f"--randomly-seed={seed}" if _randomly(session.config) else f"NETJER_SAMPLE_SEED={seed}"
        reporter.write_line(f"netjer: order and sampled checks from seed {seed} (the same run again: {again})")


def _randomly(config: pytest.Config) -> bool:
    """Whether pytest-randomly runs (it is off with ``-p no:randomly``)."""
    return isinstance(getattr(config.option, "randomly_seed", None), int)


@pytest.fixture(autouse=True)
def _english_after_each_test() -> Iterator[None]:
    """The process's language (netjer.i18n, set by the terminal's --lang) is English again after
    every test, so that no test depends on the order in which a Spanish one ran."""
    yield
    i18n.set_language(i18n.DEFAULT_LANGUAGE)


#: The name `netjer play` gives a human game saved without --save (GAME-SEED.json, then -1, -2...).
DEFAULT_RECORD = re.compile(r"(?:aton|nile|ankh)-\d+(?:-\d+)?\.json")


def _default_records() -> set[str]:
    return {name for name in os.listdir(Path.cwd()) if DEFAULT_RECORD.fullmatch(name)}


@pytest.fixture(autouse=True)
def _no_record_left_in_the_working_folder() -> Iterator[None]:
    """A test that plays a human seat in the terminal without --save must do it in a folder of
    its own (``monkeypatch.chdir(tmp_path)``): `netjer play` saves such a game as GAME-SEED.json
    in the working folder, and 120 of them once landed in the repository's root, committed."""
    before = _default_records()
    yield
    left = _default_records() - before
    assert not left, f"this test (or one running beside it) saved games in {Path.cwd()}: {sorted(left)}"
