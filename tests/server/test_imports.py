"""The server's modules import one another without a loop (issue 28: one concern, one module;
a loop would mean two modules that can only be read together)."""

from __future__ import annotations

import ast
from pathlib import Path

import netjer.server

SERVER = Path(netjer.server.__file__).parent


def _module_name(path: Path) -> str:
    parts = ["netjer", "server", *path.relative_to(SERVER).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports() -> dict[str, set[str]]:
    """Each module of netjer.server and the modules of netjer.server it imports (also under
    TYPE_CHECKING: a loop of types is still two modules read together)."""
    modules = {_module_name(p): p for p in SERVER.rglob("*.py") if "migrations" not in p.parts}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                found |= {node.module, *(f"{node.module}.{a.name}" for a in node.names)}
            elif isinstance(node, ast.Import):
                found |= {a.name for a in node.names}
        graph[name] = {m for m in found if m in modules and m != name}
    return graph


def _loop_from(graph: dict[str, set[str]], start: str) -> list[str] | None:
    """A path of imports from ``start`` back to itself, if there is one."""
    stack = [(start, [start])]
    seen: set[str] = set()
    while stack:
        here, path = stack.pop()
        for there in graph[here]:
            if there == start:
                return [*path, start]
            if there not in seen:
                seen.add(there)
                stack.append((there, [*path, there]))
    return None


def test_the_server_has_no_import_loop() -> None:
    graph = _imports()
    assert "netjer.server.tables" in graph and "netjer.server.routes.lobby" in graph  # the walk saw the modules
    loops = [loop for name in sorted(graph) if (loop := _loop_from(graph, name))]
    assert loops == [], " -> ".join(loops[0])
