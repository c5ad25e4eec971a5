"""The layers of ``src/netjer`` (docs/design.md, "Layers"; docs/decisions/0018): imports point one way.

Each module's ``netjer.*`` imports (at the top or inside a function) are read with :mod:`ast`
and checked against the packages its own package may use; a game's modules may not import
another game.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "netjer"

#: Per top-level package (or module) of ``netjer``, the others it may import: only layers below
#: it.  ``cli`` and ``adapters`` are two tops that do not import each other.  ``i18n_lines``
#: (reading a sentence back to its message) stands on ``i18n`` alone, so whatever may use the
#: catalogues may use it (a seat's name told in the reader's language); so does ``i18n_sentences``
#: (a refusal that keeps its message id, told in the reader's language where it is shown).
ALLOWED: dict[str, frozenset[str]] = {
    "i18n": frozenset(),
    "i18n_tools": frozenset({"i18n"}),
    "i18n_lines": frozenset({"i18n"}),
    "i18n_sentences": frozenset({"i18n"}),
    "build_info": frozenset(),
    "core": frozenset({"i18n", "i18n_lines", "i18n_sentences"}),
    "games": frozenset({"core", "i18n", "i18n_lines", "i18n_sentences"}),
    "tensors": frozenset({"core", "games", "i18n", "i18n_lines", "i18n_sentences"}),
    "agents": frozenset({"core", "games", "tensors", "i18n", "i18n_lines", "i18n_sentences"}),
    "drawings": frozenset({"core", "games", "i18n", "i18n_lines", "i18n_sentences"}),
    "sim": frozenset({"build_info", "core", "games", "agents", "i18n", "i18n_lines", "i18n_sentences"}),
    "tutorials": frozenset({"core", "games", "agents", "i18n", "i18n_lines", "i18n_sentences"}),
    "server": frozenset(
        {"build_info", "core", "games", "agents", "drawings", "tutorials", "i18n", "i18n_lines", "i18n_sentences"}
    ),
    "cli": frozenset(
        {
            "build_info",
            "core",
            "games",
            "agents",
            "drawings",
            "sim",
            "server",
            "tutorials",
            "i18n",
            "i18n_lines",
            "i18n_sentences",
        }
    ),
    "adapters": frozenset(
        {"build_info", "core", "games", "tensors", "agents", "drawings", "sim", "i18n", "i18n_lines", "i18n_sentences"}
    ),
}
#: Modules of the package root that anything may import (``from netjer import __version__``).
ROOT_NAMES = frozenset({"__version__"})


def _package(path: Path) -> str:
    """The top-level package or module of ``netjer`` that ``path`` belongs to."""
    return path.relative_to(SRC).parts[0].removesuffix(".py")


def _imported(tree: ast.AST) -> list[tuple[int, str]]:
    """``(line, dotted name)`` of every absolute ``netjer.*`` name a module imports."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names if alias.name.startswith("netjer.")]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module is not None:
            if node.module == "netjer":
                found += [(node.lineno, f"netjer.{a.name}") for a in node.names if a.name not in ROOT_NAMES]
            elif node.module.startswith("netjer."):
                found.append((node.lineno, node.module))
    return found


MODULES = sorted(p for p in SRC.rglob("*.py") if _package(p) in ALLOWED)


def test_every_package_of_netjer_has_a_layer() -> None:
    packages = {_package(p) for p in SRC.iterdir() if p.suffix == ".py" or (p / "__init__.py").exists()}
    assert packages - {"__init__", "__main__"} <= set(ALLOWED), "give the new package its layer in ALLOWED"


@pytest.mark.parametrize("path", MODULES, ids=[str(p.relative_to(SRC)) for p in MODULES])
def test_a_module_imports_only_layers_below_its_own(path: Path) -> None:
    own = _package(path)
    wrong = [
        f"line {line}: {name}"
        for line, name in _imported(ast.parse(path.read_text(encoding="utf-8")))
        if (other := name.split(".")[1]) != own and other not in ALLOWED[own]
    ]
    assert not wrong, f"{own} may import only {sorted(ALLOWED[own])}: {wrong}"


@pytest.mark.parametrize("game", ["ankh", "aton", "nile"])
def test_no_game_imports_another_game(game: str) -> None:
    wrong = [
        f"{path.relative_to(SRC)} line {line}: {name}"
        for path in sorted((SRC / "games" / game).rglob("*.py"))
        for line, name in _imported(ast.parse(path.read_text(encoding="utf-8")))
        if name.startswith("netjer.games.") and name.split(".")[2] not in (game, "registry")
    ]
    assert not wrong, wrong
