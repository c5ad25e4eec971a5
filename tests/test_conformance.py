"""Every game passes the conformance suite (tests/conformance.py): a sample by default, all of it when slow.

The default run plays ``sample_games`` of each line's seeds, chosen by the run's sampling seed
(printed at the start of the run, see tests/conftest.py), with the costly checks at a quarter of
the steps; the slow-marked sweep plays every seed with every check at every step.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from netjer.games.ankh.gods.base import GOD_IDS
from netjer.games.nile import NileGame
from netjer.games.registry import make_game
from tests.conformance import GameUnderTest, check_random_game
from tests.conftest import sample_seed

_NILE_ALT = {
    "columns": 5,
    "values": "triangular",
    "blocking": True,
    "defender_winner_stays": True,
    "owner_sees_drawn": False,
}
_NILE_DRAWS = {"exhaustion_draw": False, "no_fight_limit": 12, "repetition_limit": 0}

#: One line per game (and notable option sets).
GAMES = [
    GameUnderTest("aton", games=200, sample_games=12),
    GameUnderTest(
        "aton",
        {"equal_40_tie": "continue", "reveal": "all_at_once", "kingdom_after_scoring": "out_of_game"},
        games=40,
        sample_games=4,
    ),
    # max_length: the proven bound of NileGame.max_game_length (its docstring has the proof).
    GameUnderTest("nile", games=200, sample_games=12, max_length=NileGame().max_game_length()),
    GameUnderTest("nile", _NILE_ALT, games=20, sample_games=4, max_length=NileGame(_NILE_ALT).max_game_length()),
    GameUnderTest("nile", _NILE_DRAWS, games=40, sample_games=4, max_length=NileGame(_NILE_DRAWS).max_game_length()),
    # Ankh: 50 seeded games per player count in the full sweep (issue 4), each seat's god
    # drawn at random (issue 5: every god in at least 30 of these games, checked by the last
    # test below); god line-ups that put every god in play together;
    # the base game without god powers; the other rulings-table options with fewer games.
    GameUnderTest("ankh", {"players": 2}, games=50, sample_games=3),
    GameUnderTest("ankh", {"players": 3}, games=50, sample_games=3, all_actions_every=2),
    GameUnderTest("ankh", {"players": 4}, games=50, sample_games=3, all_actions_every=3),
    GameUnderTest("ankh", {"players": 5}, games=50, sample_games=3, all_actions_every=3),
    GameUnderTest("ankh", {"players": 5, "gods": "amun,anubis,isis,osiris,ra"}, games=10, all_actions_every=3),
    GameUnderTest("ankh", {"players": 5, "gods": "bastet,hathor,thoth,horus,seth"}, games=10, all_actions_every=3),
    GameUnderTest("ankh", {"players": 2, "gods": "seth,bastet"}, games=10),
    GameUnderTest("ankh", {"players": 3, "gods": "none"}, games=10, all_actions_every=2),
    GameUnderTest(
        "ankh",
        {"players": 4, "gods": "thoth,osiris,amun,horus", "osiris_underworld": "instead"},
        games=10,
        all_actions_every=3,
    ),
    GameUnderTest(
        "ankh",
        {
            "players": 4,
            "scenario": "old-kingdom",
            "second_action": "mandatory",
            "track_length": "long",
            "guardian_slots": "2,4,6",
            "merged_powers": "combined",
            "red_max": 20,
            "satet_push": "opposite",
            "gods": "hathor,ra,anubis,draw",
        },
        games=10,
        all_actions_every=3,
    ),
]

# Seeds are split into chunks so that pytest-xdist spreads them over the workers.
CHUNK = 10
CASES = [
    pytest.param(spec, start, id=f"{spec.id}-seeds{start}-{min(start + CHUNK, spec.games) - 1}")
    for spec in GAMES
    for start in range(0, spec.games, CHUNK)
]


@pytest.mark.slow
@pytest.mark.parametrize(("spec", "start"), CASES)
def test_random_games_conform(spec: GameUnderTest, start: int) -> None:
    for seed in range(start, min(start + CHUNK, spec.games)):
        check_random_game(spec, seed)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Parametrize the sampled run: ``sample_games`` seeds of each line, drawn with the run's seed."""
    if "sampled_game" not in metafunc.fixturenames:
        return
    run_seed = sample_seed(metafunc.config)
    cases = []
    for spec in GAMES:
        draw = random.Random(f"{run_seed}:{spec.id}")
        for game_seed in sorted(draw.sample(range(spec.games), spec.sample_games)):
            cases.append(pytest.param(spec, game_seed, id=f"{spec.id}-seed{game_seed}"))
    metafunc.parametrize(("spec", "sampled_game"), cases)


def test_sampled_games_conform(spec: GameUnderTest, sampled_game: int, request: pytest.FixtureRequest) -> None:
    """Every contract check, at a sample of the steps of a sample of the seeds (see the module docstring)."""
    run_seed = sample_seed(request.config)
    check_random_game(spec, sampled_game, sampler=random.Random(f"{run_seed}:{spec.id}:{sampled_game}"))


def test_every_ankh_god_plays_in_at_least_30_conformance_games() -> None:
    """Issue 5: every god appears in at least 30 of the random games above, across 2-5 players."""
    counts: Counter[str] = Counter()
    player_counts: dict[str, set[int]] = {g: set() for g in GOD_IDS}
    for spec in GAMES:
        if spec.name != "ankh":
            continue
        game = make_game("ankh", spec.options)
        for seed in range(spec.games):
            for g in game.new_initial_state(seed).god_ids:
                if g:
                    counts[g] += 1
                    player_counts[g].add(game.num_players)
    assert {g: counts[g] for g in GOD_IDS if counts[g] < 30} == {}
    assert all(player_counts[g] == {2, 3, 4, 5} for g in GOD_IDS)


@pytest.mark.parametrize("spec", GAMES[::2], ids=lambda spec: spec.id)
def test_observation_refuses_a_seat_the_game_does_not_have(spec: GameUnderTest) -> None:
    """The kernel contract: ``observation(seat)`` of a seat the game does not have is a
    SeatError, never another seat's view (-1 read as the last seat showed its hidden cards)."""
    import numpy as np  # noqa: PLC0415 - only this test needs it

    from netjer.core.errors import SeatError  # noqa: PLC0415

    game = make_game(spec.name, spec.options)
    state = game.new_initial_state(3)
    players = game.num_players
    for bad in (-1, players, True, False, "0", 0.0, 1.5):
        with pytest.raises(SeatError, match="no seat"):
            state.observation(bad)  # type: ignore[arg-type]
    for seat in range(players):  # whole numbers of either kind are seats
        assert state.observation(np.int64(seat)) == state.observation(seat)  # type: ignore[arg-type]
    assert state.observation(None)["seat"] is None


@pytest.mark.parametrize("spec", GAMES[::2], ids=lambda spec: spec.id)
def test_parse_action_refuses_what_is_not_a_text_with_an_action_syntax_error(spec: GameUnderTest) -> None:
    """``parse_action(5)`` raised AttributeError (``5.strip``) in every game: a number, bytes or
    None given as a notation is an ActionSyntaxError that says a notation is a text."""
    from netjer.core.errors import ActionSyntaxError  # noqa: PLC0415

    game = make_game(spec.name, spec.options)
    for bad in (5, None, b"end", ["end"]):
        with pytest.raises(ActionSyntaxError, match="an action's notation is a text"):
            game.parse_action(bad)  # type: ignore[arg-type]
    first = game.new_initial_state(3).legal_actions()[0]
    assert game.parse_action(str(first)) == first


@pytest.mark.parametrize("spec", GAMES[::2], ids=lambda spec: spec.id)
def test_a_numpy_integer_seed_is_a_seed_and_a_seed_that_is_no_whole_number_is_refused(spec: GameUnderTest) -> None:
    """``new_initial_state(np.int64(3))`` raised OverflowError (the generator's 64-bit mask does
    not fit an int64): NumPy integers are read as the same seed, stored as a Python int (a record
    holds it), and anything but a whole number is a ConfigError."""
    import numpy as np  # noqa: PLC0415 - only this test needs it

    from netjer.core.errors import ConfigError  # noqa: PLC0415

    game = make_game(spec.name, spec.options)
    for wide in (np.int64(3), np.int32(-3), np.int64(2**63 - 1), np.uint64(2**64 - 1)):
        state = game.new_initial_state(wide)  # type: ignore[arg-type]
        assert state == game.new_initial_state(int(wide))
        assert type(state.seed) is int and state.seed == int(wide)
    for bad in (1.5, 3.0, "3", True, None):
        with pytest.raises(ConfigError, match="a game's seed is a whole number"):
            game.new_initial_state(bad)  # type: ignore[arg-type]
