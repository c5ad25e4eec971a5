"""The names a screen reader reads (issue 32): a board element's label (``svgButton``'s, an
``aria-label``) is read on every device, by a screen reader whatever it points with and as the
hover title of a mouse, so it says "choose" or "select", never "click" or "tap" (which the
prompts choose by the device: ``tapping()``, static/phone.js); in English and in each language.

Read from the page scripts: each label's expression (an ``svgButton`` call's arguments, an
``aria-label`` attribute's value) and the functions of the same script it calls, and the
catalogue messages (``t``/``tn``) in them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from netjer import i18n

STATIC = Path(__file__).resolve().parents[2] / "src" / "netjer" / "web" / "static"
#: Where a label starts: the argument list of an svgButton call, or an aria-label's value.
LABEL_START = re.compile(r"svgButton\(|\"aria-label\"\s*[:,]\s*")
#: A catalogue message in a script: t("...") or tn("...", "...").
MESSAGE = re.compile(r"\btn?\(\s*\"((?:[^\"\\]|\\.)*)\"")
#: The verbs of one device, by language.
DEVICE_VERBS = {
    "en": re.compile(r"\b(click|tap)(s|ping|ped)?\b", re.IGNORECASE),
    # "toca una casilla" (tap), not "le toca" (its turn)
    "es": re.compile(r"\b(haz clic|clic|pulsa)\b|(?<!le )(?<!te )\btoca\b", re.IGNORECASE),
    # "tippe ... an" (tap on), not "Tipp" (a guess, Thoth's)
    "de": re.compile(r"\bklick\w*|\btipp\w*\b[^.;:]*\ban\b", re.IGNORECASE),
}


def _expression(source: str, start: int) -> str:
    """The text from ``start`` to the closing bracket that ends the enclosing call, object or
    block (strings, template texts and comments skipped whole)."""
    depth, i = 0, start
    while i < len(source):
        c = source[i]
        if source.startswith("//", i):
            i = source.find("\n", i)
            continue
        if source.startswith("/*", i):
            i = source.find("*/", i) + 2
            continue
        if c in "\"'`":
            end = i + 1
            while end < len(source) and source[end] != c:
                end += 2 if source[end] == "\\" else 1
            i = end + 1
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0:
                break
            depth -= 1
        i += 1
    return source[start:i]


def label_messages(source: str) -> set[str]:
    """The catalogue messages a script's labels are made of, through the script's own functions
    that a label's expression calls (one level deep, as the scripts use them)."""
    functions = {m[1]: m.start() for m in re.finditer(r"^function (\w+)\(", source, re.MULTILINE)}
    found: set[str] = set()
    for m in LABEL_START.finditer(source):
        expression = _expression(source, m.end())
        bodies = [expression]
        for name in set(re.findall(r"\b(\w+)\(", expression)) & set(functions):
            bodies.append(_expression(source, source.index("{", functions[name]) + 1))
        for body in bodies:
            found.update(s.encode().decode("unicode_escape") for s in MESSAGE.findall(body))
    return found


SCRIPTS = sorted(STATIC.glob("*.js"))


@pytest.mark.parametrize("language", sorted(DEVICE_VERBS))
@pytest.mark.parametrize("script", SCRIPTS, ids=[s.name for s in SCRIPTS])
def test_a_label_names_no_device_verb(script: Path, language: str) -> None:
    messages = label_messages(script.read_text(encoding="utf-8"))
    said = {m: i18n.gettext(m, language) for m in messages}
    device = [f"{m!r}: {words!r}" for m, words in said.items() if DEVICE_VERBS[language].search(words)]
    assert device == [], f"{script.name}: labels that say click or tap in {language}:\n" + "\n".join(device)


def test_the_labels_are_found() -> None:
    """The labels the test reads: the Ankh Conflict Order token's and the Nile hand token's
    (through its label function), and an aria-label's."""
    ankh = label_messages((STATIC / "ankh.js").read_text(encoding="utf-8"))
    assert "Conflict Order token {token}: select it to swap it with another token" in ankh
    nile = label_messages((STATIC / "nile.js").read_text(encoding="utf-8"))
    assert "Hand token {value}: select it to place it" in nile
    source = (
        'svgButton(g, sel ? t("Token {n}: click it") : t("Token {n}"), () => {}); // it\'s\n'
        'el("b", { "aria-label": t("Tap here") }); t("Click elsewhere")'
    )
    assert label_messages(source) == {"Token {n}: click it", "Token {n}", "Tap here"}
    assert DEVICE_VERBS["es"].search("seleccionada; haz clic en una casilla")
    assert DEVICE_VERBS["es"].search("seleccionada; toca una casilla") and not DEVICE_VERBS["es"].search("le toca")
    assert DEVICE_VERBS["de"].search("ausgewählt; klicke ein Feld an")
    assert DEVICE_VERBS["de"].search("ausgewählt; tippe ein Feld an")
    assert DEVICE_VERBS["de"].search("Tipp: Seth hat Krieg gespielt?") is None
