"""The examples of docs/research.md run: as written when slow, on a tenth of their budget by default."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

DOC = Path(__file__).resolve().parents[2] / "docs" / "research.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.DOTALL)


def test_the_page_has_examples() -> None:
    assert len(BLOCKS) == 7


def shrink(source: str) -> str:
    """The example with a smaller budget: loops of 20 or more rounds run a tenth as many, and
    searches take 2 simulations; everything else (the calls, the APIs) is as written."""
    source = re.sub(r"range\((\d{2,})\)", lambda m: f"range({max(2, int(m.group(1)) // 10)})", source)
    return re.sub(r"max_simulations=\d+", "max_simulations=2", source)


@pytest.mark.parametrize(
    ("index", "as_written"),
    [pytest.param(i, False, id=f"block{i + 1}-small") for i in range(len(BLOCKS))]
    + [pytest.param(i, True, id=f"block{i + 1}", marks=pytest.mark.slow) for i in range(len(BLOCKS))],
)
def test_example_runs(index: int, as_written: bool, capsys: pytest.CaptureFixture[str]) -> None:
    source = BLOCKS[index] if as_written else shrink(BLOCKS[index])
    code = compile(source, f"docs/research.md block {index + 1}", "exec")
    exec(code, {"__name__": f"research_example_{index + 1}"})
    assert capsys.readouterr().out.strip()  # every example reports what it measured
