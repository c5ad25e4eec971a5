"""Rules texts: the loader's format checks, lookups, and that every term each engine knows has an entry."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from netjer.core.errors import ConfigError, DataFileError
from netjer.core.game import Game
from netjer.core.texts import RulesTexts, load_texts
from netjer.games.ankh.gods.registry import BY_ID
from netjer.games.aton.layout import KINDS
from netjer.games.registry import game_names, make_game

ROOT = Path(__file__).resolve().parents[2]


def texts(name: str) -> RulesTexts:
    return make_game(name).rules_texts()


def action_kinds(game: Game) -> set[str]:
    """The first word of every action's notation: what the engine's action table knows."""
    return {str(game.int_to_action(code)).split()[0] for code in range(game.num_distinct_actions)}


def notation_arguments(game: Game, verb: str) -> set[str]:
    """The second word of every action ``verb X ...`` (``card chariots`` -> ``chariots``)."""
    out = set()
    for code in range(game.num_distinct_actions):
        words = str(game.int_to_action(code)).split()
        if words[0] == verb and len(words) > 1 and "," not in words[1]:
            out.add(words[1])
    return out


@pytest.mark.parametrize("name", game_names())
def test_every_action_kind_has_an_entry(name: str) -> None:
    game = make_game(name)
    t = game.rules_texts()
    missing = sorted(k for k in action_kinds(game) if t.of_kind("action", k) is None)
    assert not missing, f"{name}: actions without a rules text: {missing}"


@pytest.mark.parametrize("name", game_names())
def test_overview_and_sources(name: str) -> None:
    t = texts(name)
    assert t.overview.title == make_game(name).title
    assert t.overview.goal and t.overview.turn and t.overview.win
    for source in [t.overview.source, *(term.source for term in t.terms)]:
        path = re.match(r"(docs/rules/[\w.-]+\.md)", source)
        assert path is not None and (ROOT / path[1]).is_file(), source
    for term in t.terms:
        assert "\n" not in term.line and len(term.line) <= 120, term.id


def test_every_ankh_card_power_guardian_god_and_event_has_an_entry() -> None:
    game = make_game("ankh")
    t = game.rules_texts()
    wanted = {
        "card": notation_arguments(game, "card"),
        "power": notation_arguments(game, "power"),
        "guardian": (notation_arguments(game, "put") | notation_arguments(game, "adopt")) - {"warrior"},
        "god": set(BY_ID),
        "event": set(game.new_initial_state(1).observation(0)["event_track"]) | {"battle", "domination", "merge"},
    }
    assert len(wanted["card"]) == 7 and len(wanted["power"]) == 12
    assert len(wanted["guardian"]) == 6 and len(wanted["god"]) == 10
    for kind, ids in wanted.items():
        missing = sorted(i for i in ids if t.of_kind(kind, i) is None)
        assert not missing, f"Ankh {kind}s without a rules text: {missing}"


def test_every_aton_cartouche_and_square_kind_has_an_entry() -> None:
    t = texts("aton")
    for kind in KINDS:
        assert t.of_kind("square", kind) is not None, kind
    for number in range(1, 5):
        assert t.of_kind("cartouche", f"cartouche {number}") is not None
    assert t.of_kind("square", "kingdom of the dead") is not None


def test_every_nile_square_kind_and_token_state_has_an_entry() -> None:
    t = texts("nile")
    obs = make_game("nile").new_initial_state(1).observation(0)
    cell = next(c for row in obs["board"] for c in row if c is not None)
    assert {"value", "face_up", "owner"} <= set(cell)  # the token states the entries describe
    for square in ("vanguard", "rearguard", "central rearguard"):
        assert t.of_kind("square", square) is not None
    for state in ("face up", "face down", "?"):
        assert t.of_kind("token", state) is not None, state
    for place in ("column", "hand", "cemetery"):  # where tokens lie, no tokens (issue 32)
        assert t.of_kind("zone", place) is not None, place
    assert t.of_kind("piece", "hourglass") is not None


def test_find_is_case_insensitive_and_prefers_ids() -> None:
    t = texts("ankh")
    assert t.find("SUN") is t.term("sun")
    assert t.find("Cycle of Maat") is t.term("cycle")
    assert t.find("plague of locusts") is t.term("plague")
    assert t.find("amun") is t.term("amun")  # the god, not the action word
    assert t.find("build") is t.term("build")  # the action; the card is 'build monument'
    assert t.find("build monument") is t.term("build-monument")
    assert t.find("nothing of the kind") is None


def test_near_miss_suggests() -> None:
    assert "Chariots" in texts("ankh").suggest("chariot")
    assert "attack" in texts("nile").suggest("atack")
    assert texts("aton").suggest("zzzz") == []


def test_unknown_language_is_refused_clearly() -> None:
    with pytest.raises(ConfigError, match="no rules texts for aton in language 'xx'; available: de, en, es"):
        make_game("aton").rules_texts("xx")


def write_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, files: dict[str, str]) -> str:
    package = tmp_path / "fakegame"
    (package / "texts").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    for name, text in files.items():
        (package / "texts" / name).write_text(text, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "fakegame", raising=False)  # each test's own package
    load_texts.cache_clear()
    return "fakegame"


GOOD = """
[overview]
title = "Fake"
goal = "g"
turn = "t"
win = "w"
source = "docs/rules/aton.md §1"

[[term]]
id = "go"
kind = "action"
name = "go"
line = "Go."
rule = "Go far."
source = "docs/rules/aton.md §2"
"""


def test_translation_overlays_english(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    es = GOOD.replace('line = "Go."', 'line = "Ve."').split("[[term]]")[1]
    package = write_package(tmp_path, monkeypatch, {"en.toml": GOOD, "es.toml": "[[term]]" + es})
    try:
        spanish = load_texts(package, "es")
        assert spanish.term("go").line == "Ve." and spanish.overview.title == "Fake"
        assert load_texts(package).term("go").line == "Go."
    finally:
        load_texts.cache_clear()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('kind = "action"', 'kind = "verb"'), "term.0.kind"),
        (('line = "Go."', 'line = """Go.\nFar."""'), "single line"),
        (('source = "docs/rules/aton.md §2"', 'source = "the box"'), "docs/rules/"),
        (('rule = "Go far."', ""), "term.0.rule: Field required"),
        (("[overview]", "[overview"), "not valid TOML"),
    ],
)
def test_malformed_texts_are_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: tuple[str, str], message: str
) -> None:
    package = write_package(tmp_path, monkeypatch, {"en.toml": GOOD.replace(*change)})
    try:
        with pytest.raises(DataFileError, match=re.escape(message)):
            load_texts(package)
    finally:
        load_texts.cache_clear()


def test_repeated_id_and_foreign_translation_are_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    term = GOOD.split("[[term]]")[1]
    package = write_package(
        tmp_path,
        monkeypatch,
        {"en.toml": GOOD + "[[term]]" + term, "es.toml": "[[term]]" + term.replace('"go"', '"stop"', 1)},
    )
    try:
        with pytest.raises(DataFileError, match="term 'go' is given twice"):
            load_texts(package)
        (tmp_path / "fakegame" / "texts" / "en.toml").write_text(GOOD, encoding="utf-8")
        load_texts.cache_clear()
        with pytest.raises(DataFileError, match="term 'stop' is not in the English texts"):
            load_texts(package, "es")
    finally:
        load_texts.cache_clear()
