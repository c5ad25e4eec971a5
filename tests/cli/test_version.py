"""`netjer --version` and `netjer version` name the engine that runs; `simulate --ray` points to
--ray-address."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from netjer import __version__
from netjer.build_info import describe_build
from netjer.cli.main import app


@pytest.mark.parametrize("argv", [["--version"], ["version"]])
def test_version_names_the_engine(argv: list[str]) -> None:
    result = CliRunner().invoke(app, argv)
    assert result.exit_code == 0
    words = " ".join(result.output.split())  # however the terminal wraps it
    assert words.startswith(f"netjer {__version__} ({describe_build()})")
    assert ("make compiled" in words) == (describe_build() == "engine: Python")


@pytest.mark.parametrize("argv", [["--ray"], ["--ray", "auto"]])
def test_simulate_ray_points_to_ray_address(argv: list[str]) -> None:
    result = CliRunner().invoke(app, ["simulate", "aton", *argv])
    assert result.exit_code == 2
    words = " ".join(result.output.replace("│", " ").split())  # Typer's error box, whatever its width
    assert "there is no --ray: give the cluster with --ray-address" in words
    assert "--vary" not in words
