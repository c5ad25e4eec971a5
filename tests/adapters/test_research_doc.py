"""The examples of docs/research.md run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

DOC = Path(__file__).resolve().parents[2] / "docs" / "research.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.DOTALL)


def test_the_page_has_examples() -> None:
    assert len(BLOCKS) == 4


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_example_runs(index: int, capsys: pytest.CaptureFixture[str]) -> None:
    code = compile(BLOCKS[index], f"docs/research.md block {index + 1}", "exec")
    exec(code, {"__name__": f"research_example_{index + 1}"})
    assert capsys.readouterr().out.strip()  # every example reports what it measured
