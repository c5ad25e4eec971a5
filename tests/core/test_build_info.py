"""netjer.build_info: which modules run compiled (the optional mypyc build) and the check make test-compiled runs."""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import sys
import types
from pathlib import Path

import pytest

from netjer import build_info


def _fake_modules(monkeypatch: pytest.MonkeyPatch, compiled: bool) -> None:
    """Replace sys.modules by a copy in which every ``netjer`` module is Python, plus one fake
    ``netjer`` module that is an extension module when ``compiled``."""
    importlib.import_module(build_info.PROBE_MODULE)
    modules = {
        name: module
        for name, module in sys.modules.items()
        if not name.startswith("netjer.") or not str(getattr(module, "__file__", "")).endswith(".so")
    }
    modules["netjer.games.ankh.state"] = sys.modules["netjer.games.ankh.state"]
    if compiled:
        fake = types.ModuleType("netjer.fake_engine")
        fake.__file__ = "/x/netjer/fake_engine" + importlib.machinery.EXTENSION_SUFFIXES[0]
        modules["netjer.fake_engine"] = fake
    monkeypatch.setattr(sys, "modules", modules)
    if str(getattr(modules["netjer.games.ankh.state"], "__file__", "")).endswith(".so"):
        pytest.skip("the probe module itself is compiled here")


def test_an_extension_module_is_listed_and_described(monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_modules(monkeypatch, compiled=True)
    assert build_info.compiled_modules() == ["netjer.fake_engine"]
    assert build_info.describe_build() == "engine: compiled (mypyc, 1 modules)"


def test_the_python_build_is_described_and_refused_when_compiled_is_required(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _fake_modules(monkeypatch, compiled=False)
    assert build_info.compiled_modules() == []
    assert build_info.main([]) == 0
    assert build_info.main(["--require-compiled"]) == 1
    out, err = capsys.readouterr()
    assert "engine: Python" in out
    assert "make compiled" in err and build_info.PROBE_MODULE in err


def test_require_compiled_passes_when_the_engine_is_compiled(monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_modules(monkeypatch, compiled=True)
    assert build_info.main(["--require-compiled"]) == 0


@pytest.mark.parametrize("argv", [[], ["--require-compiled"]])
def test_the_command_looks_the_compiled_modules_up_once(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """``main`` prints the description and checks ``--require-compiled`` from one look-up (it made two)."""
    calls: list[None] = []

    def counted() -> list[str]:
        calls.append(None)
        return ["netjer.fake_engine"]

    monkeypatch.setattr(build_info, "compiled_modules", counted)
    assert build_info.main(argv) == 0
    assert len(calls) == 1
    assert capsys.readouterr().out == "engine: compiled (mypyc, 1 modules)\n"


def test_the_python_build_says_how_to_get_the_compiled_engine(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _fake_modules(monkeypatch, compiled=False)
    assert "make compiled" in build_info.faster_engine_hint()
    build_info.main([])
    assert "make compiled" in capsys.readouterr().out
    _fake_modules(monkeypatch, compiled=True)
    assert build_info.faster_engine_hint() == ""


def _hatch_build() -> types.ModuleType:
    """The repository's hatch_build.py (the build hook and `make compiled`'s driver)."""
    path = Path(__file__).resolve().parents[2] / "hatch_build.py"
    spec = importlib.util.spec_from_file_location("hatch_build", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_compiled_modules_are_the_ankh_engine_the_kernel_state_the_other_games_states_and_the_ankh_tensor() -> None:
    hatch_build = _hatch_build()
    modules = hatch_build.engine_modules(Path(__file__).resolve().parents[2] / "src")
    assert "netjer/core/state.py" in modules and "netjer/games/ankh/state.py" in modules
    assert "netjer/games/ankh/gods/ra.py" in modules
    others = {f"netjer/games/{game}/{part}.py" for game in ("aton", "nile") for part in ("state", "fields")}
    assert others <= set(modules)  # Aton's and Nile's states are native classes too
    assert "netjer/tensors/ankh.py" in modules  # the vector environment's row writer (issue 34)
    assert not set(modules) & hatch_build.PYTHON_ONLY
    besides = {"netjer/core/state.py", "netjer/tensors/ankh.py", *others}
    assert all(m.startswith("netjer/games/ankh/") for m in modules if m not in besides)
    build_info_probe = build_info.PROBE_MODULE.replace(".", "/") + ".py"
    assert build_info_probe in modules  # the module build_info looks at is compiled


def test_no_c_compiler_is_found_when_cc_names_none(monkeypatch: pytest.MonkeyPatch) -> None:
    """The wheel falls back to pure Python when this returns None (CC is what setuptools runs)."""
    hatch_build = _hatch_build()
    monkeypatch.setenv("CC", "/nonexistent/cc")
    assert hatch_build.c_compiler() is None
