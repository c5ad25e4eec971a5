"""The games' logs in sentences (issue 30 item 4): seeded random games of every game, with every
Pantheon god in Ankh, told as a front end tells them (each action's words, then the log's new
lines): no internal id, no rule section, and no event told twice."""

from __future__ import annotations

import itertools
import re
from functools import cache

import pytest

from netjer.core.rng import Rng
from netjer.core.state import State
from netjer.games.ankh.pieces import FIGURE_IDS, MONUMENT_IDS
from netjer.games.registry import make_game

#: (game, options) of the seeded games: every game, Ankh with each of the ten Pantheon gods.
GAMES: list[tuple[str, dict[str, object]]] = [
    ("aton", {}),
    ("nile", {}),
    ("ankh", {"players": 2}),
    ("ankh", {"players": 5, "gods": "amun,anubis,isis,osiris,ra"}),
    ("ankh", {"players": 5, "gods": "bastet,hathor,thoth,horus,seth"}),
]
SEEDS = range(3)
#: An engine id in a line: a hyphenated lower-case id ("control-monument", "camel-caravan"),
#: or an event's number ("event 10").
ENGINE_ID = re.compile(r"\b[a-z]+-[a-z]+(?:-[a-z]+)*\b|\bevent \d+\b")
#: Hyphenated words that are English, not ids.
WORDS = {"tie-breaker", "face-down", "face-up", "cat-mummy"}


def _told(game: str, options: dict[str, object], seed: int) -> list[tuple[str, list[str]]]:
    """The game played by ``Rng(seed)``'s choices, as a spectator's front end tells it: for each
    action, its words and the log's new lines."""
    state: State = make_game(game, options).new_initial_state(seed)
    rng = Rng(seed)
    told: list[tuple[str, list[str]]] = []
    seen = len(state.observation(None).get("log", []))
    while not state.is_terminal:
        action = rng.choice(state.legal_actions())
        words = state.describe_action(action, None)
        state.apply(action)
        log = [str(line) for line in state.observation(None).get("log", [])]
        told.append((words, log[seen:]))
        seen = len(log)
    return told


@cache
def _all_told() -> list[tuple[str, str, list[str]]]:
    return [
        (f"{game} {options} seed {seed}", words, lines)
        for game, options in GAMES
        for seed in SEEDS
        for words, lines in _told(game, options, seed)
    ]


def _plain(line: str) -> str:
    """A line without its indent, its full stop, a closing "(God)" and case."""
    return re.sub(r" \([A-Z][\w' ]+\)$", "", line.strip().rstrip(".")).lower()


def test_no_line_shows_an_internal_id_or_a_rule_section() -> None:
    ids = {*FIGURE_IDS, *MONUMENT_IDS} - {"warrior", "god", "pyramid", "temple", "obelisk"}
    bad = []
    for where, words, lines in _all_told():
        for line in [words, *lines]:
            hyphenated = {m.group(0) for m in ENGINE_ID.finditer(line)} - WORDS
            if "§" in line or hyphenated or any(f" {i} " in f" {line} " for i in ids if "-" in i):
                bad.append(f"{where}: {line!r}")
    assert not bad, bad[:10]


def test_no_event_is_told_twice() -> None:
    """An action's words are not told again by the log (the same sentence, or the same subject
    and verb about it: "Isis builds a Pyramid on 7,4." then "Isis builds a pyramid at 7,4"), and
    no line follows itself."""
    twice = []
    for where, words, lines in _all_told():
        said = _plain(words)
        for line in lines:
            plain = _plain(line)
            if plain == said or plain.split()[:2] == said.split()[:2]:
                twice.append(f"{where}: {words!r} then {line!r}")
        twice += [f"{where}: {a!r} twice" for a, b in itertools.pairwise(lines) if a == b]
    assert not twice, twice[:10]


@pytest.mark.parametrize("game", ["aton", "nile", "ankh"])
def test_every_game_was_told(game: str) -> None:
    """The check above saw each game's log (not a game that logs nothing)."""
    assert sum(len(lines) for where, _, lines in _all_told() if where.startswith(game)) > 20
