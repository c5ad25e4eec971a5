"""The compiled engine: mypyc over the Ankh engine and the kernel's State, for the wheel and for
``make compiled``.

Two ways in, one list of modules and one build:

- **The wheel** (``make wheel``, ``pip install .``, ``python -m build``): hatchling runs
  :class:`CompiledEngineHook` (``[tool.hatch.build.targets.wheel.hooks.custom]`` in
  pyproject.toml).  It compiles a copy of ``src/netjer`` in a temporary folder and adds the
  extension modules to the wheel beside the Python sources (an extension module is imported
  before the ``.py`` of the same name), which makes the wheel platform-specific
  (``cp311-cp311-linux_x86_64``).  Where no C compiler is found, or with
  ``NETJER_PURE_PYTHON=1``, it builds the pure-Python wheel (``py3-none-any``) instead and says
  so; a mypyc error with a compiler present fails the build (a silently slower wheel would
  hide it).  Editable installs (``pip install -e .``) stay pure Python: the sources are what
  developers edit.
- **make compiled**: ``python hatch_build.py build/compiled.new`` builds the same modules in a
  copy of the package that ``PYTHONPATH=build/compiled`` puts first (``make test-compiled``,
  the benchmarks).

Why not the hatch-mypyc plugin: it compiles in place (the ``.so`` files land in ``src/netjer``
and would shadow the sources of an editable install), has no fallback without a compiler and
compiles on one core.  Here the C files are compiled in parallel (``--jobs``, default every
core): mypyc's multi-file mode writes one C file per module, compiled side by side and linked
into one shared library.

Compiled: every module of ``netjer/games/ankh`` but the four in :data:`PYTHON_ONLY`,
``netjer/core/state.py`` (so that the games' states are native classes), and Aton's and Dioses
del Nilo's ``state.py`` and ``fields.py``, and the Ankh observation tensor
(``netjer/tensors/ankh.py``: the vector environment's row writer, issue 34) (:data:`COMPILED_FILES`); the reasons are in the
Makefile's comment on ``compiled``.
"""

from __future__ import annotations

import argparse
import importlib
import os
import shutil
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from setuptools import Distribution
from setuptools._distutils.ccompiler import new_compiler
from setuptools._distutils.sysconfig import customize_compiler

#: Modules under the compiled folders that stay Python (see the Makefile's ``compiled`` comment).
PYTHON_ONLY = frozenset(
    {
        "netjer/games/ankh/game.py",
        "netjer/games/ankh/notation.py",
        "netjer/games/ankh/position.py",
        "netjer/games/ankh/placement.py",
    }
)
#: Folders whose modules are compiled, and single modules compiled besides.
COMPILED_FOLDERS = ("netjer/games/ankh",)
COMPILED_FILES = (
    "netjer/core/state.py",
    "netjer/games/aton/fields.py",
    "netjer/games/aton/state.py",
    "netjer/games/nile/fields.py",
    "netjer/games/nile/state.py",
    "netjer/tensors/ankh.py",
)
#: The environment variable that asks for the pure-Python wheel.
PURE_PYTHON_VARIABLE = "NETJER_PURE_PYTHON"


def engine_modules(root: Path) -> list[str]:
    """The compiled modules' paths, relative to ``root`` (the folder holding ``netjer/``), sorted."""
    found = {path.relative_to(root).as_posix() for folder in COMPILED_FOLDERS for path in (root / folder).rglob("*.py")}
    found.update(COMPILED_FILES)
    return sorted(found - PYTHON_ONLY)


def c_compiler() -> str | None:
    """The C compiler that setuptools would run (its path), or None when there is none."""
    compiler: Any = new_compiler()
    customize_compiler(compiler)
    command = getattr(compiler, "compiler_so", None) or [getattr(compiler, "cc", "cc")]
    return shutil.which(command[0])


def _parallel_compile(jobs: int) -> None:
    """Make setuptools compile the C files of one extension ``jobs`` at a time (it compiles
    them one after the other): mypyc's multi-file mode gives one C file per module.  Both
    distutils are patched: Python 3.11's own, which mypyc may use, and setuptools' copy."""
    classes = []
    for module in ("setuptools._distutils.ccompiler", "distutils.ccompiler"):
        try:
            classes.append(importlib.import_module(module).CCompiler)
        except ImportError:  # no distutils from Python 3.12 on
            continue

    def compile_sources(
        self: Any,
        sources: list[str],
        output_dir: str | None = None,
        macros: Any = None,
        include_dirs: Any = None,
        debug: bool = False,
        extra_preargs: Any = None,
        extra_postargs: Any = None,
        depends: Any = None,
    ) -> list[str]:
        macros, objects, extra, pp_opts, build = self._setup_compile(
            output_dir, macros, include_dirs, sources, depends, extra_postargs
        )
        cc_args = self._get_cc_args(pp_opts, debug, extra_preargs)

        def one(obj: str) -> None:
            src, ext = build[obj]
            self._compile(obj, src, ext, cc_args, extra, pp_opts)

        with ThreadPoolExecutor(max(1, jobs)) as pool:
            list(pool.map(one, [obj for obj in objects if obj in build]))
        return list(objects)

    for compiler_class in classes:
        compiler_class.compile = compile_sources


def compile_engine(root: Path, jobs: int | None = None) -> list[Path]:
    """Compile the engine modules found under ``root`` (a folder holding ``netjer/``), in place.

    Args:
        root: the folder; the extension modules are written next to their sources, and the
            shared library (``*__mypyc*.so``) at its top.  mypyc's C files go to ``root/build``.
        jobs: C files compiled at once (default: every core).

    Returns:
        The extension modules written, as paths under ``root``.

    Raises:
        SystemExit: if mypyc or the C compiler fails (mypyc prints why).
    """
    from mypyc.build import mypycify  # noqa: PLC0415 - slow to import; not needed for a pure-Python wheel

    jobs = jobs or os.cpu_count() or 1
    _parallel_compile(jobs)
    old = Path.cwd()
    os.chdir(root)
    try:
        opt_level = os.environ.get("MYPYC_OPT_LEVEL", "3")
        # One C file per module (compiled in parallel) unless NETJER_MYPYC_MULTI_FILE=0: one big
        # C file on one core, which lets the C compiler inline across modules.
        multi_file = os.environ.get("NETJER_MYPYC_MULTI_FILE", "1") != "0"
        extensions = mypycify(engine_modules(root), opt_level=opt_level, multi_file=multi_file, target_dir="build")
        dist = Distribution({"name": "netjer-engine", "ext_modules": extensions, "script_args": ["--quiet"]})
        command = dist.get_command_obj("build_ext")
        command.inplace = True  # type: ignore[attr-defined]
        command.parallel = jobs  # type: ignore[attr-defined]
        dist.run_command("build_ext")
    finally:
        os.chdir(old)
    suffixes = (".so", ".pyd")
    return sorted(p for p in (root / "netjer").rglob("*") if p.suffix in suffixes) + sorted(
        p for p in root.glob("*__mypyc*") if p.suffix in suffixes
    )


try:  # hatchling is there when a wheel is built, not when make runs this file as a script
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
except ImportError:  # pragma: no cover - the script
    BuildHookInterface = object  # type: ignore[assignment,misc]


class CompiledEngineHook(BuildHookInterface):  # type: ignore[misc,valid-type]
    """Hatchling's build hook: the wheel with the compiled engine, or the pure-Python wheel
    where no C compiler exists (see the module docstring)."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Compile the engine into a temporary folder and add its extension modules to the wheel."""
        if self.target_name != "wheel" or version == "editable":
            return
        if os.environ.get(PURE_PYTHON_VARIABLE, "") not in ("", "0"):
            self.app.display_warning(f"netjer: {PURE_PYTHON_VARIABLE} is set: building the pure-Python wheel")
            return
        compiler = c_compiler()
        if compiler is None:
            self.app.display_warning(
                "netjer: no C compiler found: building the pure-Python wheel (the engine runs about "
                "1.7x slower; install gcc or clang and rebuild for the compiled engine)"
            )
            return
        self._temp = tempfile.TemporaryDirectory(prefix="netjer-mypyc-")
        root = Path(self._temp.name)
        shutil.copytree(
            Path(self.root) / "src" / "netjer",
            root / "netjer",
            ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"),
        )
        self.app.display_info(f"netjer: compiling the engine with mypyc ({compiler})")
        built = compile_engine(root)
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        for path in built:
            build_data["force_include"][str(path)] = path.relative_to(root).as_posix()

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Remove the temporary build folder."""
        temp = getattr(self, "_temp", None)
        if temp is not None:
            temp.cleanup()


def main(argv: list[str] | None = None) -> int:
    """``python hatch_build.py FOLDER [--jobs N]``: compile the engine of the copy of the
    package in ``FOLDER/netjer`` in place (``make compiled``).  Returns the exit status."""
    parser = argparse.ArgumentParser(description="compile Netjer's engine with mypyc, in place")
    parser.add_argument("folder", type=Path, help="the folder holding the copy of netjer/")
    parser.add_argument("--jobs", "-j", type=int, default=None, help="C files compiled at once (default: every core)")
    args = parser.parse_args(argv)
    if c_compiler() is None:
        print("no C compiler found: install gcc or clang to build the compiled engine", file=sys.stderr)
        return 1
    built = compile_engine(args.folder.resolve(), args.jobs)
    print(f"compiled {len(built)} extension modules into {args.folder}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
