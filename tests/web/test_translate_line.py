"""The browser's ``translateLine`` (``static/common.js``) against the terminal (issue 32 item 1):
each English line of the seeded games of tests/test_i18n_lines.py (Aton, Dioses del Nilo, Ankh
with every god), read back by the page's reader and told in Spanish, is
the Spanish line the engine writes with ``--lang es``; the lines the issue found scrambled come
out whole.  Runs ``common.js`` in Node (``tests/web/translate_line.mjs``, browser globals stubbed);
skipped where Node is not installed."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from netjer import i18n
from netjer.cli.play import result_text
from netjer.games.registry import game_class, game_names, make_game
from netjer.server.table_endings import result_line
from tests.language_check import in_language
from tests.test_i18n_lines import _cases, _pairs

NODE = shutil.which("node")
HERE = Path(__file__).resolve().parent
COMMON_JS = HERE.parents[1] / "src" / "netjer" / "web" / "static" / "common.js"

pytestmark = pytest.mark.skipif(NODE is None, reason="Node.js is not installed")


def _translate(lines: list[str], game: str | None, language: str = "es") -> list[str]:
    assert NODE is not None
    data = {"catalogue": i18n.as_json(language), "lines": lines, "game": game, "module": COMMON_JS.as_uri()}
    done = subprocess.run(
        [NODE, str(HERE / "translate_line.mjs")], input=json.dumps(data), capture_output=True, text=True, check=True
    )
    out: list[str] = json.loads(done.stdout)
    return out


@pytest.mark.parametrize(("game", "options", "seed"), list(_cases()))
def test_the_page_tells_each_line_as_the_terminal_does(game: str, options: str, seed: int) -> None:
    pairs = _pairs(game, options, seed)
    told = _translate([english for english, _ in pairs], game)
    wrong = [(english, spanish, page) for (english, spanish), page in zip(pairs, told, strict=True) if page != spanish]
    assert not wrong, wrong[:5]


def test_the_lines_the_issue_found_scrambled() -> None:
    lines = [
        "killed (the Battle): Horus's Warrior on 2,1, Horus's Warrior on 4,3",
        "Horus moves the figure on 4,3 to 3,6.",
    ]
    assert _translate(lines, "ankh") == [
        "Muertes por la Batalla: Guerrero de Horus en 2,1, Guerrero de Horus en 4,3",
        "Horus mueve la figura de 4,3 a 3,6.",
    ]


def test_another_games_messages_do_not_read_an_ankh_line() -> None:
    """Dioses del Nilo's ``{god} moves {from_square} to {to_square}.`` ("{god} mueve de ... a ...")
    is not Ankh's: an Ankh line, even one with a word no Ankh message has, is never read with it
    (it read "Horus mueve de the figure on 4,3 a 3,6")."""
    lines = ["Horus moves the figure on 4,3 to 3,6.", "Horus moves the figure on the moon to 3,6."]
    told = _translate(lines, "ankh")
    assert told[0] == "Horus mueve la figura de 4,3 a 3,6."
    assert "mueve de" not in told[1]
    assert _translate(["Seth moves b1 to b2."], "nile") == ["Seth mueve de b1 a b2."]  # Nile's own line


def _named_values(game: str) -> list[tuple[str, str, list[str]]]:
    """Each option of ``game`` whose English description quotes some of its values ('long'): the
    description, and those values' English names as the lobby's choices show them (lobby.js
    ``choiceTitle``)."""
    named = []
    for prop in game_class(game).option_schema()["properties"].values():
        titles = prop.get("x-titles", {})
        shown = [titles.get(v, str(v).replace("_", " ")) for v in prop.get("enum", [])]
        quoted = [name for name in shown if f"'{name}'" in prop.get("description", "")]
        if quoted:
            named.append((prop["description"], quoted))
    return named


@pytest.mark.parametrize("language", ["es", "de"])
@pytest.mark.parametrize("game", game_names())
def test_an_options_help_names_its_values_as_the_choices_show_them(game: str, language: str) -> None:
    """The lobby's help under an option (its description, told by ``translateLine``) names the
    values it speaks of by the names the option's choices show in the reader's language ("Reino
    Medio", "larga"), never as the raw English value ('middle-kingdom', 'long') beside a
    translated dropdown (issue 32)."""
    for description, values in _named_values(game):
        told = _translate([description, *values], game, language)
        help_text, names = told[0], told[1:]
        for value, name in zip(values, names, strict=True):
            assert name != value, f"{value!r} has no {language} name"
            assert name in help_text, f"{name!r} not in {help_text!r}"
            assert re.search(rf"['«„\"]{re.escape(value)}['»“\"]", help_text) is None, help_text


def test_the_ankh_options_name_values_in_their_help() -> None:
    """What the test above checks is there: the Ankh options whose help names values."""
    assert {tuple(values) for _, values in _named_values("ankh")} >= {("middle-kingdom", "old-kingdom"), ("long",)}


#: Each game's options and results: a seat's win, a shared win (Ankh at three), a draw.
RESULTS: list[tuple[str, dict[str, object], list[list[float]]]] = [
    ("ankh", {"players": 3, "gods": "horus,isis,seth"}, [[-1.0, 1.0, -1.0], [1.0, -1.0, 1.0], [0.0, 0.0, 0.0]]),
    ("ankh", {"players": 2, "gods": "none"}, [[1.0, -1.0]]),
    ("aton", {}, [[-1.0, 1.0], [0.0, 0.0]]),
    ("nile", {}, [[1.0, -1.0], [0.0, 0.0]]),
]


@pytest.mark.parametrize("language", ["es", "de"])
@pytest.mark.parametrize(("game", "options", "results"), RESULTS, ids=lambda v: v if isinstance(v, str) else "")
def test_the_pages_result_line_is_the_terminals_in_its_language(
    game: str, options: dict[str, object], results: list[list[float]], language: str
) -> None:
    """The web table's result line (English from the server, :func:`result_line`) told by the
    page in its language is the terminal's line in that language: "Gana Isis", not "Gana
    Jugador 2" (issue 32)."""
    g = make_game(game, options)
    state = g.new_initial_state(0)
    english = [result_line(g, r, state) or "" for r in results]
    with in_language(language):
        expected = [result_text(g, r, g.new_initial_state(0)) for r in results]
    assert _translate(english, game, language) == expected
    assert all(e != t for e, t in zip(english, expected, strict=True)), expected  # told, not left in English
