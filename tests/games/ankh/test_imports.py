"""The Ankh engine's modules import each other one way (issue 28, item 4; docs/ankh-engine-flow.md).

Each module's imports of other ``netjer.games.ankh`` modules (at the top or inside a function;
``if TYPE_CHECKING:`` blocks left out, they never run) are read with :mod:`ast`.  A chapter
that hands control to a chapter above it goes through the state (``AnkhState.fire_event``,
``run_conflict``, ``run_battle_step``, ``decision_name``), which imports every chapter.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[3] / "src" / "netjer"
PACKAGE = "netjer.games.ankh"


def _module_name(path: Path) -> str:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES: dict[str, Path] = {_module_name(p): p for p in sorted((SRC / "games" / "ankh").rglob("*.py"))}


def _runtime_imports(name: str, path: Path) -> set[str]:
    """The engine modules ``name`` imports when it runs (``from pkg import mod`` counts as
    ``pkg.mod``; ``from pkg.mod import x`` as ``pkg.mod``), itself and its package left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    type_only = {
        id(sub)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        for sub in ast.walk(node)
    }
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in type_only:
            continue
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name in MODULES}
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            base = node.module
            if node.level:
                base = ".".join([*name.split(".")[: -node.level], base])
            subs = {f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in MODULES}
            found |= subs or ({base} if base in MODULES else set())
    return found - {name, PACKAGE}


def test_the_engine_modules_import_each_other_without_a_cycle() -> None:
    graph = {name: _runtime_imports(name, path) for name, path in MODULES.items()}
    assert graph[f"{PACKAGE}.phases"], "the reader found no import at all: it is broken"
    try:
        order = list(TopologicalSorter(graph).static_order())
    except CycleError as error:
        cycle = " -> ".join(m.removeprefix(f"{PACKAGE}.") for m in error.args[1])
        pytest.fail(f"an import loop in the Ankh engine: {cycle}")
    # The chapters sit below the phase table, and the table below the state.
    assert order.index(f"{PACKAGE}.actions") < order.index(f"{PACKAGE}.phases") < order.index(f"{PACKAGE}.state")


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(MODULES))
def test_each_module_imports_alone(name: str) -> None:
    run = subprocess.run([sys.executable, "-c", f"import {name}"], capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
