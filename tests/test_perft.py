"""Every ``tests/data/<game>/*.perft`` file: exact counts of action sequences to depth 1-3.

On a mismatch the failure shows the per-action breakdown, to find the faulty move quickly.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.perft import breakdown, perft, read_perft

FILES = sorted((Path(__file__).parent / "data").glob("*/*.perft"))


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_perft_counts(path: Path) -> None:
    case = read_perft(path)
    assert case.counts, f"{path} has no 'perft N: count' line"
    state = case.position()
    for depth, expected in sorted(case.counts.items()):
        got = perft(state, depth)
        if got != expected:
            lines = "\n".join(f"  {a}: {n}" for a, n in breakdown(state, depth).items())
            pytest.fail(f"{path.name}: perft {depth} = {got}, expected {expected}; per action:\n{lines}")
