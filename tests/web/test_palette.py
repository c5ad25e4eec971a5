"""The web palette (style.css) under colour-vision deficiency: every two seat colours and every two
terrains stay apart when protanopia and deuteranopia are simulated, in the light and the dark theme.

The simulation is Machado, Oliveira & Fernandes (2009), "A physiologically-based model for simulation
of color vision deficiency", IEEE TVCG 15(6), the severity-1.0 matrices, applied to linear sRGB;
distances are CIELAB ΔE*ab (CIE 1976) under D65."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import numpy as np
import pytest

STYLE = Path(__file__).resolve().parents[2] / "src" / "netjer" / "web" / "static" / "style.css"

PROTANOPIA = np.array(
    [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]]
)
DEUTERANOPIA = np.array(
    [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]]
)
VISIONS = {"normal": np.eye(3), "protanopia": PROTANOPIA, "deuteranopia": DEUTERANOPIA}
#: ΔE*ab under which two colours count as confusable (about 2.3 is "just noticeable"; pieces must
#: be told apart at a glance, so a far larger margin is asked).
MIN_DISTANCE = 15.0
SEATS = [f"--seat-{i}" for i in range(5)]
TERRAIN = ["--terrain-fertile", "--terrain-desert", "--terrain-water"]
NAMES = ["--ink", "--paper", "--panel", "--accent", *SEATS, *TERRAIN, "--river", "--mark"]


def themes() -> dict[str, dict[str, str]]:
    """{"light": {property: "#rrggbb"}, "dark": {...}}: the :root block, and the dark scheme's over it."""
    css = STYLE.read_text()
    light_block = re.search(r"^:root \{(.*?)^\}", css, re.S | re.M)
    dark_block = re.search(r"prefers-color-scheme: dark\) \{\s*:root \{(.*?)\}", css, re.S)
    assert light_block and dark_block, "style.css has a :root palette and a dark one"
    prop = re.compile(r"(--[\w-]+):\s*(#[0-9a-fA-F]{6})\s*;")
    light = dict(prop.findall(light_block.group(1)))
    dark = {**light, **dict(prop.findall(dark_block.group(1)))}
    return {"light": light, "dark": dark}


def linear(hex_colour: str) -> np.ndarray:
    """sRGB "#rrggbb" to linear RGB in [0, 1] (IEC 61966-2-1)."""
    c = np.array([int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)])
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def lab(rgb: np.ndarray) -> np.ndarray:
    """Linear RGB to CIELAB (D65)."""
    to_xyz = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
    xyz = to_xyz @ np.clip(rgb, 0, 1) / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > 0.008856, np.cbrt(xyz), 7.787 * xyz + 16 / 116)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def distance(a: str, b: str, vision: np.ndarray) -> float:
    return float(np.linalg.norm(lab(vision @ linear(a)) - lab(vision @ linear(b))))


def test_the_simulation_confuses_what_a_deuteranope_confuses() -> None:
    # red and green of equal lightness are the classic confusion: far apart normally, close simulated
    red, green = "#b35a00", "#5a8a00"
    assert distance(red, green, VISIONS["normal"]) > 40
    assert distance(red, green, DEUTERANOPIA) < 12


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_palette_name_is_defined(theme: str) -> None:
    missing = [n for n in NAMES if n not in themes()[theme]]
    assert not missing, f"{theme} theme lacks {missing}"


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("vision", list(VISIONS))
@pytest.mark.parametrize("group", [SEATS, TERRAIN], ids=["seats", "terrain"])
def test_colours_stay_apart(theme: str, vision: str, group: list[str]) -> None:
    colours = themes()[theme]
    close = [
        (a, b, round(d, 1))
        for a, b in itertools.combinations(group, 2)
        if (d := distance(colours[a], colours[b], VISIONS[vision])) < MIN_DISTANCE
    ]
    assert not close, f"{theme} theme, {vision}: too close {close}"


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_mark_stands_out_from_the_terrain_and_the_paper(theme: str) -> None:
    colours = themes()[theme]
    for vision in VISIONS.values():
        for other in [*TERRAIN, "--paper", "--panel"]:
            assert distance(colours["--mark"], colours[other], vision) >= MIN_DISTANCE, other
