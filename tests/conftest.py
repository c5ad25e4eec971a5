"""Suite-wide settings: the seed that chooses the sampled checks, printed at the start of every run.

Sampled tests (the conformance suite's default run, for one) choose which seeds and which steps
to check with :func:`sample_seed`.  It is pytest-randomly's seed when that plugin runs (it also
shuffles the order of the tests; ``-p no:randomly`` turns it off), else ``$NETJER_SAMPLE_SEED``,
else 0, so every pytest-xdist worker draws the same sample and a failure is reproduced by
running the same test id with ``--randomly-seed=N``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

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
