"""Ankh's named start positions (option ``start``, docs/decisions/0025-named-start-positions.md):
a game, a table or a record naming one starts from that position rebuilt from
games/ankh/data/starts.toml, so that a guided lesson's game replays as it was played; an unknown
start is refused with the known ones named; a game from the setup reads as it did before."""

from __future__ import annotations

import hashlib
import json

import pytest

from netjer.agents.review import review_record
from netjer.core.errors import ConfigError, RecordError
from netjer.core.record import GameRecord
from netjer.games.ankh.position import PositionSpec, build_position, start_names, start_spec
from netjer.games.registry import game_for_record, make_game, replay_record

#: Each published start's built position at seed 0 (full_state without its log, compact sorted
#: JSON, SHA-256).  A start NEVER changes once published: records made from it replay from it.
#: A changed position is a new entry with a new name; a rules change that moves one of these is
#: a rules-version bump, as for the record corpus.
PINNED = {
    "first-game-1": "55189f8f637a16e79471394bc676aae13a44c791b29021fb7194e27335d27654",
    "pantheon-1": "e80fadff34a3e1b8167ef31541a7088d682199452c6723ff1254e756ad193156",
}


def _digest(name: str) -> str:
    state = make_game("ankh", {"start": name}).new_initial_state(0)
    kept = {k: v for k, v in state.full_state().items() if k not in ("log", "end_reason")}
    return hashlib.sha256(json.dumps(kept, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def test_every_start_is_pinned_and_unchanged() -> None:
    assert start_names() == list(PINNED)
    for name, digest in PINNED.items():
        assert _digest(name) == digest, f"start {name!r} changed: give the new position a new name"


@pytest.mark.parametrize("name", ["first-game-1", "pantheon-1"])
def test_a_start_is_the_position_builders_position_with_the_games_seed(name: str) -> None:
    game = make_game("ankh", {"start": name})
    state = game.new_initial_state(7)
    assert state.game is game and state.seed == 7 and state.history == []
    assert state.full_state() == build_position(start_spec(name, 7)).full_state()
    assert isinstance(start_spec(name, 7), PositionSpec)


def test_a_start_sets_the_options_it_is_played_with_and_refuses_others() -> None:
    options = make_game("ankh", {"start": "first-game-1"}).options_dict()
    assert options["start"] == "first-game-1"
    assert (options["players"], options["gods"], options["first_player"]) == (2, "ra,isis", 0)
    assert make_game("ankh", {"start": "first-game-1", "players": "2"}).num_players == 2  # as the CLI gives it
    with pytest.raises(ConfigError, match=r"start: the start position 'first-game-1' is played with players=2, not 3"):
        make_game("ankh", {"start": "first-game-1", "players": 3})
    with pytest.raises(ConfigError, match=r"gods='ra,isis', not 'ra,seth'"):
        make_game("ankh", {"start": "first-game-1", "gods": "ra,seth"})


def test_an_unknown_start_is_refused_naming_the_known_ones() -> None:
    with pytest.raises(ConfigError, match=r"no start position called 'first-game-0'; start positions: first-game-1, "):
        make_game("ankh", {"start": "first-game-0"})


def test_a_game_from_the_setup_has_no_start_in_its_options() -> None:
    """Its records and tables read as before the option existed."""
    assert "start" not in make_game("ankh", {"players": 2}).options_dict()
    assert "start" not in make_game("ankh", {"players": 2, "start": None}).options_dict()


def test_a_record_from_a_start_replays_and_one_naming_an_unknown_start_is_refused() -> None:
    game = make_game("ankh", {"start": "pantheon-1"})
    state = game.new_initial_state(5)
    for text in ("summon", "put warrior 6,5", "gain"):
        state.apply(game.parse_action(text))
    text = GameRecord.from_state(state, ["human", "random"]).to_json()
    assert '"start": "pantheon-1"' in text
    assert replay_record(GameRecord.from_json(text), text).full_state() == state.full_state()
    unknown = text.replace('"start": "pantheon-1"', '"start": "pantheon-7"')
    with pytest.raises(RecordError, match=r"no start position called 'pantheon-7'") as err:
        replay_record(GameRecord.from_json(unknown), unknown)
    assert err.value.line is not None  # it points at the record's options


@pytest.mark.slow
def test_a_finished_game_from_a_start_is_reviewed_from_that_start() -> None:
    """The review replays the record from the start its options name (docs/review.md)."""
    game = make_game("ankh", {"start": "pantheon-1"})
    state = game.new_initial_state(5)
    while not state.is_terminal:  # the first legal action each time: a short, fixed game
        state.apply(state.legal_actions()[0])
    text = GameRecord.from_state(state, ["human", "random"]).to_json()
    record = GameRecord.from_json(text)
    review = review_record(record, game_for_record(record, text), seats=[0], iterations=4, research=False)
    assert review.decisions and all(d.seat == 0 for d in review.decisions)
