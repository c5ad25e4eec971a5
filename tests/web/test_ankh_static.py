"""ankh.js carries its own copy of the map, the powers and the Battle cards (the browser has no
other way to them without a request); these tests keep the copies equal to the engine's data."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

from netjer import i18n
from netjer.games.ankh.cards import CARD_IDS
from netjer.games.ankh.events import EVENT_TRACK
from netjer.games.ankh.pieces import FIGURE_IDS
from netjer.games.ankh.powers import POWER_IDS
from netjer.games.ankh.setup import ACTIONS, TRACK_SPACES
from netjer.games.registry import make_game
from tests.web.test_ankh_browser import decision, positions_of_every_decision

ANKH_JS = (Path(__file__).parents[2] / "src" / "netjer" / "web" / "static" / "ankh.js").read_text()
ANKH_ART_JS = (Path(__file__).parents[2] / "src" / "netjer" / "web" / "static" / "ankh-art.js").read_text()


def js_const(name: str) -> str:
    """The text of ``const NAME = ...;`` in ankh.js."""
    found = re.search(rf"^const {name} = (.*?);$", ANKH_JS, re.M | re.S)
    assert found, f"ankh.js has no const {name}"
    return found.group(1)


def js_strings(name: str) -> list[str]:
    return re.findall(r'"([^"]*)"', js_const(name))


def test_the_map_is_the_engines() -> None:
    data = json.loads((resources.files("netjer.games.ankh") / "data" / "map.json").read_text())
    assert js_strings("GRID") == data["grid"]
    assert js_strings("RIVERS") == data["rivers"]


def test_powers_cards_figures_and_tracks_match() -> None:
    assert js_strings("POWER_IDS") == list(POWER_IDS)
    assert js_strings("CARD_IDS") == list(CARD_IDS)
    # the figure kinds: a God, a Warrior and the Guardians ankh-art.js draws (issue 29: pictures, not letters)
    guardians = re.search(r"^export const GUARDIANS = \[(.*?)\];$", ANKH_ART_JS, re.M)
    assert guardians, "ankh-art.js has no GUARDIANS"
    letters = ["god", "warrior", *re.findall(r'"([a-z-]+)"', guardians.group(1))]
    assert letters == list(FIGURE_IDS)
    spaces = dict(re.findall(r"(\w+): (\d+)", js_const("TRACK_SPACES")))
    assert {a: int(n) for a, n in spaces.items()} == dict(zip(ACTIONS, TRACK_SPACES, strict=True))
    letters_of = set(re.findall(r'^\s*"?([a-z-]+)"?: tc\(', js_const("eventShort"), re.M))
    assert letters_of == {*EVENT_TRACK, "start"}  # each event's letter, and the start space's


def test_the_observation_carries_what_the_board_draws() -> None:
    """The red section's end, the Guardian slots (options) and, while the new region that keeps
    its token is chosen, the camel line just laid (the regions are not split yet)."""
    game = make_game("ankh", {"players": 3, "red_max": 20, "guardian_slots": "2,4,6"})
    obs = game.new_initial_state(1).observation(0)
    assert (obs["red_max"], obs["guardian_slots"]) == (20, [2, 4, 6])
    keep, legal = decision(positions_of_every_decision(until="keep"), "keep")
    assert keep["pending"]["camel_line"]
    assert all(a.startswith("keep ") for a in legal)


def test_the_action_taken_is_named_by_its_translated_rules_name() -> None:
    """The status line's "action 2 taken (Summon Figure)" (issue 32): the action is named by the
    row's words, one catalogue message per engine action, each translated in Spanish and German
    (not the notation word "summon")."""
    rows = dict(re.findall(r'(\w+): t\("([^"]+)"\)', js_const("rowWords")))
    assert set(rows) == set(ACTIONS)
    taken = r't\("action \{n\} taken \(\{action\}\)", \{[^}]*action: rowWords\(\)\[turn\.last_action\]'
    assert re.search(taken, ANKH_JS)
    for language in ("es", "de"):
        for action, message in rows.items():
            told = i18n.gettext(message, language)
            assert told != message and told.lower() != action, (language, message, told)
