"""Perft files (tests/data/nile/*.perft): exact counts of action sequences from fixed
positions, printing the per-action breakdown on a mismatch (as python-chess does)."""

from __future__ import annotations

import pytest

from tests.games.nile.perft import PerftCase, cases, divide, perft

CASES = cases()


def test_there_are_perft_files() -> None:
    assert len(CASES) >= 4
    assert all(set(c.counts) >= {1, 2, 3} for c in CASES)


@pytest.mark.parametrize("case", CASES, ids=[c.path.stem for c in CASES])
def test_perft(case: PerftCase) -> None:
    state = case.state()
    for depth, expected in sorted(case.counts.items()):
        got = perft(state, depth)
        if got != expected:
            lines = "\n".join(f"  {a}: {n}" for a, n in divide(state, depth).items())
            pytest.fail(f"{case.path.name}: perft {depth} = {got}, expected {expected}; breakdown:\n{lines}")
