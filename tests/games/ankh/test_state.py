"""The kernel contract for Ankh: options, notation and codes, observation and determinization
(rules/ankh.md §1 hidden cards and bids), clone, records."""

from __future__ import annotations

import pickle

import pytest

from netjer.core import ConfigError, GameRecord, Rng
from netjer.core.errors import ActionSyntaxError, IllegalActionError
from netjer.games.ankh import AnkhGame
from netjer.games.ankh import notation as nt
from netjer.games.registry import make_game, replay_record
from tests.games.ankh.builder import A, B, legal, play, position, start_conflict


def test_registered_as_ankh_with_players_and_scenario_options() -> None:
    game = make_game("ankh", {"players": "4", "scenario": "old-kingdom"})
    assert isinstance(game, AnkhGame) and game.num_players == 4
    assert game.options_dict()["second_action"] == "optional"
    assert game.options_dict()["guardian_slots"] == [2, 4, 5]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 6}, "players"),
        ({"scenario": "new-kingdom"}, "scenario"),
        ({"red_max": 18}, "red_max"),
        ({"guardian_slots": "2,2,7"}, "guardian_slots"),
        ({"guardians": "satet,apep"}, "three"),
        ({"guardians": "apep,draw,draw"}, "level 1"),
        ({"first_player": 3, "players": 2}, "first_player"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_bad_options_are_refused_with_a_clear_message(options: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        AnkhGame(options)


def test_guardian_slots_option_parses_a_comma_list_rulings_table() -> None:
    assert AnkhGame({"guardian_slots": "6, 2,4"}).opts.guardian_slots == (2, 4, 6)


def test_every_action_has_a_code_and_a_notation_that_parse_back() -> None:
    game = AnkhGame({})
    assert game.num_distinct_actions == len(nt.ALL_ACTIONS) == len(set(map(str, nt.ALL_ACTIONS)))
    for code, action in enumerate(nt.ALL_ACTIONS):
        assert game.action_to_int(action) == code
        assert game.int_to_action(code) is action
        assert game.parse_action(str(action)) is action
        assert pickle.loads(pickle.dumps(action)) is action


def test_notation_is_forgiving_about_case_spaces_and_parentheses() -> None:
    assert nt.parse_action("  Put  Warrior (5, 6) ") is nt.PUT[1][nt.BOARD.parse_hex("5,6")]
    assert nt.parse_action("camel 4,2 | 4,1") is nt.parse_action("camel 4,1|4,2")
    assert nt.parse_action("AIM n-ne") is nt.AIM[0]
    with pytest.raises(ActionSyntaxError):
        nt.parse_action("summon a god")
    with pytest.raises(ValueError, match=r"0\.\.2952"):
        AnkhGame({}).int_to_action(5000)


def test_illegal_actions_name_the_rule() -> None:
    s = position(2, ["A god 5,1", "A warrior 4,1", "B god 6,6"])
    with pytest.raises(IllegalActionError) as err:
        s.apply_text("card chariots")
    assert err.value.rule == "Ankh §7.1" and "not the moment" in err.value.reason
    play(s, "move", "pick 4,1")
    with pytest.raises(IllegalActionError) as err:
        s.apply_text("to 5,1")
    assert "occupied" in err.value.reason
    with pytest.raises(IllegalActionError) as err:
        s.apply_text("to 6,6")
    assert "more than 3 spaces" in err.value.reason
    with pytest.raises(IllegalActionError) as err:
        s.apply_text("to 6,2")
    assert "water" in err.value.reason


def test_observation_hides_only_pending_cards_and_bids_s1() -> None:
    s = start_conflict(position(2, ["A god 4,4", "B god 5,4"], followers=[3, 3], next_event="conflict"))
    play(s, "card plague")
    for seat in (A, B, None):
        obs = s.observation(seat)
        assert obs["gods"][A]["hand"] == obs["gods"][B]["hand"]  # hands are public (nothing used yet)
        assert (obs["battle"]["cards"] == {"0": "plague"}) == (seat == A)
    play(s, "card chariots")
    assert s.observation(B)["battle"]["cards"] == {"0": "plague", "1": "chariots"}  # revealed
    assert s.observation(B)["gods"][A]["used_cards"] == ["plague"]


def test_determinize_resamples_only_hidden_choices_s1() -> None:
    s = start_conflict(position(2, ["A god 4,4", "B god 5,4"], next_event="conflict", used={"A": ["chariots"]}))
    play(s, "card plague")
    seen = set()
    rng = Rng(5)
    for _ in range(40):
        det = s.determinize(B, rng)
        assert det.observation(B) == s.observation(B)
        seen.add(det.battle.card[A])
        assert det.figure == s.figure and det.devotion == s.devotion
    assert len(seen) > 3 and 2 not in seen  # any card of A's hand, never the used Chariots
    own = s.determinize(A, Rng(1))
    assert own.battle.card[A] == s.battle.card[A]


def test_clone_is_independent_and_equal() -> None:
    s = position(2, ["A god 5,1", "A warrior 4,1", "B god 6,6"])
    c = s.clone()
    assert c == s
    play(c, "move", "pick 4,1", "to 4,2")
    assert c != s and s.figure != c.figure and s.history == []


def test_a_record_replays_to_the_same_state() -> None:
    game = AnkhGame({"players": 3})
    s = game.new_initial_state(11)
    rng = Rng(3)
    while not s.is_terminal:
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])
    record = GameRecord.from_state(s, ["random"] * 3)
    replayed = replay_record(GameRecord.from_json(record.to_json()))
    assert replayed.full_state() == s.full_state()


def test_same_seed_same_game() -> None:
    game = AnkhGame({"players": 4})
    a, b = game.new_initial_state(9), game.new_initial_state(9)
    assert a == b and a.god_ids == b.god_ids
    base = AnkhGame({"players": 4, "gods": "none"}).new_initial_state(9)
    assert legal(base) == ["move", "summon", "gain", "unlock"]


def test_every_refused_action_in_every_phase_names_a_rule_and_a_reason() -> None:
    game = AnkhGame({"players": 3, "guardians": "satet,apep,giant-scorpion"})
    rng = Rng(7)
    phases_seen = set()
    for seed in range(6):
        s = game.new_initial_state(seed)
        while not s.is_terminal:
            legal_now = s.legal_actions()
            if s.phase not in phases_seen:
                phases_seen.add(s.phase)
                for action in nt.ALL_ACTIONS:
                    if action not in legal_now:
                        rule, reason = s._why_illegal(action)
                        assert rule.startswith("Ankh") and reason
            s.apply(legal_now[rng.below(len(legal_now))])
    assert len(phases_seen) >= 12
