"""God choice at setup (rules/ankh.md §4, S0 step 1; issue 5): option ``gods`` gives or draws
each seat's god, any god in any seat, no repeats; the draw comes after the setup's draws."""

from __future__ import annotations

import pytest

from netjer.core import ConfigError, IllegalActionError
from netjer.games.ankh import AnkhGame
from netjer.games.ankh.gods.base import GOD_IDS
from netjer.games.ankh.gods.isis import SAVE_PHASE
from tests.games.ankh.builder import play
from tests.games.ankh.gods.helpers import battle


def test_gods_given_per_seat_any_god_in_any_seat_s4() -> None:
    for players in (2, 3, 4, 5):
        for start in range(10):
            gods = [GOD_IDS[(start + 3 * i) % 10] for i in range(players)]
            s = AnkhGame({"players": players, "gods": ",".join(gods)}).new_initial_state(1)
            assert list(s.god_ids) == gods
            assert all(s.holder[GOD_IDS.index(g)] == seat for seat, g in enumerate(gods))


def test_drawn_gods_never_repeat_and_follow_the_seed_s4() -> None:
    game = AnkhGame({"players": 5})
    seen = set()
    for seed in range(40):
        ids = game.new_initial_state(seed).god_ids
        assert len(set(ids)) == 5 and set(ids) <= set(GOD_IDS)
        assert game.new_initial_state(seed).god_ids == ids
        seen.update(ids)
    assert seen == set(GOD_IDS)


def test_the_draw_leaves_the_rest_of_the_setup_unchanged_s0() -> None:
    for seed in range(10):
        with_gods = AnkhGame({"players": 4}).new_initial_state(seed)
        without = AnkhGame({"players": 4, "gods": "none"}).new_initial_state(seed)
        assert with_gods.turn_order == without.turn_order and with_gods.guardian_kind == without.guardian_kind


def test_partly_given_partly_drawn_and_powerless_seats_s4() -> None:
    s = AnkhGame({"players": 3, "gods": "seth,draw,none"}).new_initial_state(4)
    assert s.god_ids[0] == "seth" and s.god_ids[1] not in ("seth", "") and s.god_ids[2] == ""
    assert AnkhGame({"players": 2, "gods": "none"}).new_initial_state(1).god_ids == ("", "")


@pytest.mark.parametrize("gods", ["ra,ra", "ra", "ra,zeus", "ra,isis,seth"])
def test_bad_god_choices_are_refused(gods: str) -> None:
    with pytest.raises(ConfigError, match="gods"):
        AnkhGame({"players": 2, "gods": gods})


def test_gods_none_for_every_seat_announce_nothing() -> None:
    s = AnkhGame({"players": 2, "gods": "none,none"}).new_initial_state(1)
    assert not any(line.startswith("gods:") for line in s.log)
    s = AnkhGame({"players": 2, "gods": "ra,none"}).new_initial_state(1)
    assert "gods: Player 1 Ra" in s.log


@pytest.mark.parametrize("gods", ["", "  "])
def test_an_empty_gods_option_is_refused_like_every_empty_option(gods: str) -> None:
    with pytest.raises(ConfigError, match="Ankh gods: empty; give 'draw', 'none'"):
        AnkhGame({"players": 2, "gods": gods})
    with pytest.raises(ConfigError):
        AnkhGame({"players": 2, "scenario": ""})  # as the other options do


def test_observation_names_each_seats_god_and_powers_s4() -> None:
    s = AnkhGame({"players": 2, "gods": "isis,thoth"}).new_initial_state(1)
    obs = s.observation(None)
    assert [g["deity"] for g in obs["gods"]] == ["isis", "thoth"]
    assert [g["god_powers"] for g in obs["gods"]] == [["isis"], ["thoth"]]
    assert set(obs["god_powers"]) == {"isis", "thoth"}


def test_a_god_decision_refused_names_its_rule() -> None:
    s = battle(2, ["A god 2,5", "A warrior 4,4", "B god 4,3", "B warrior 5,3"], "isis,none")
    play(s, "card miracle", "card chariots")
    assert s.phase == SAVE_PHASE
    with pytest.raises(IllegalActionError) as err:
        s.apply_text("save 5,3")
    assert "§4.1 Isis" in err.value.rule


def test_rules_version_3_with_god_powers() -> None:
    # Version 2 added the god powers; version 3 (issue 15 item 4) the combined merged powers,
    # and still replays version 2's records (tests/games/ankh/test_merged_powers.py).
    assert AnkhGame({}).rules_version == "3"
    assert "2" in AnkhGame.replayable_rules_versions and "1" not in AnkhGame.replayable_rules_versions
    assert AnkhGame({}).opts.gods == "draw"
