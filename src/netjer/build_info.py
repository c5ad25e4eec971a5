"""Which of Netjer's modules run compiled (the optional mypyc build, ``make compiled``).

``make compiled`` builds a copy of the package in ``build/compiled`` in which the Ankh engine's
modules are C extension modules made by mypyc from the same source; ``PYTHONPATH=build/compiled``
puts it first on the import path.  Benchmarks print :func:`describe_build` so that a figure says
which build it measured, and ``make test-compiled`` runs ``python -m netjer.build_info
--require-compiled`` so that its tests cannot silently run the Python build instead.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.machinery
import sys
from collections.abc import Sequence

#: A module that the compiled build always compiles: if it is compiled, the build is in use.
PROBE_MODULE = "netjer.games.ankh.state"


def compiled_modules() -> list[str]:
    """The names of the ``netjer`` modules imported so far that are extension modules, sorted.

    Returns an empty list in the Python build.  Imports :data:`PROBE_MODULE` first, so the
    answer does not depend on what the caller happened to import.
    """
    importlib.import_module(PROBE_MODULE)
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return sorted(
        name
        for name, module in list(sys.modules.items())
        if name.startswith("netjer.") and str(getattr(module, "__file__", "") or "").endswith(suffixes)
    )


def N_(message: str) -> str:
    """Mark ``message`` for the catalogues (``netjer version`` tells it in the reader's language):
    :func:`netjer.i18n.N_`'s identity, defined here because this module imports nothing of Netjer."""
    return message


#: What :func:`describe_build` says of each build (catalogue messages, told by ``netjer version``).
COMPILED = N_("engine: compiled (mypyc, {count} modules)")
PYTHON = N_("engine: Python")
#: What :func:`faster_engine_hint` says in the Python build.
FASTER = N_(
    "the compiled engine plays Ankh about 1.7x faster: `make compiled` (then `make run`/`make play` use it), "
    "or install the wheel built with a C compiler (`make wheel`, `pip install .`)"
)


def describe_build(compiled: Sequence[str] | None = None) -> str:
    """One line for a benchmark's header: ``"engine: Python"`` or ``"engine: compiled (mypyc, N modules)"``.

    Args:
        compiled: the compiled modules' names, when the caller has them from :func:`compiled_modules`
            already; None looks them up.
    """
    if compiled is None:
        compiled = compiled_modules()
    return COMPILED.format(count=len(compiled)) if compiled else PYTHON


def faster_engine_hint(compiled: Sequence[str] | None = None) -> str:
    """How to get the compiled engine, when the Python build runs; ``""`` when it is compiled.

    Args:
        compiled: as for :func:`describe_build`.
    """
    if compiled is None:
        compiled = compiled_modules()
    return "" if compiled else FASTER


def main(argv: list[str] | None = None) -> int:
    """Print :func:`describe_build`; with ``--require-compiled``, exit 1 when the build is Python.

    Args:
        argv: the command's arguments (``sys.argv[1:]`` when None).

    Returns:
        The exit status: 0, or 1 when ``--require-compiled`` is given and nothing is compiled.
    """
    parser = argparse.ArgumentParser(prog="python -m netjer.build_info", description=__doc__)
    parser.add_argument("--require-compiled", action="store_true", help="fail unless the engine is compiled")
    args = parser.parse_args(argv)
    compiled = compiled_modules()
    print(describe_build(compiled))
    hint = faster_engine_hint(compiled)
    if hint:
        print(hint)
    if args.require_compiled and not compiled:
        print(
            f"{PROBE_MODULE} is not compiled: build it with `make compiled` and put build/compiled on PYTHONPATH",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":  # pragma: no cover - the command line
    raise SystemExit(main())
