"""The Ankh observation's remembered parts (issue 15): never stale, never shared with a caller of
``observation``; shared, unchanged, with a caller of ``shared_observation`` (issue 34)."""

from __future__ import annotations

import copy
import json

import pytest

from netjer.core import Rng
from netjer.games.ankh import state as ankh_state
from netjer.games.ankh.gods.base import BASTET
from netjer.games.ankh.state import AnkhState
from netjer.games.registry import make_game


def _played(players: int, seed: int, decisions: int, gods: str = "draw") -> AnkhState:
    game = make_game("ankh", {"players": players, "gods": gods})
    state = game.new_initial_state(seed)
    rng = Rng(seed)
    for _ in range(decisions):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    assert isinstance(state, AnkhState)
    return state


def test_a_field_written_directly_shows_in_the_next_observation() -> None:
    state = _played(4, 3, 40)
    before = state.observation(0)
    god = 1
    state.devotion[god] += 3  # not through apply: the remembered parts must notice
    h = next(h for h, kind in enumerate(state.figure) if kind >= 0)
    state.figure_owner[h] = (state.figure_owner[h] + 1) % 4
    after = state.observation(0)
    assert after["gods"][god]["devotion"] == before["gods"][god]["devotion"] + 3
    hex_name = state.board.hex_name(h)
    owners = {p["hex"]: p["owner"] for p in after["pieces"] if p["kind"] not in ("obelisk", "temple", "pyramid")}
    assert owners[hex_name] == state.figure_owner[h]
    assert after["pieces"] != before["pieces"]


def test_an_observation_changed_by_its_caller_changes_no_later_one() -> None:
    state = _played(5, 1, 60)
    first = state.observation(2)
    kept = copy.deepcopy(first)
    first["gods"][0]["seats"].append(99)
    first["gods"][0]["hand"].clear()
    first["gods"][1]["guardians_pool"]["x"] = 1
    first["gods"][2]["name"] = "changed"
    first["pieces"][0]["owner"] = 42
    first["pieces"].pop()
    first["regions"][0]["token"] = -5
    first["camels"].append("x")
    assert state.observation(2) == kept
    assert state.observation(2) is not state.observation(2)


def test_alternating_states_and_games_give_each_its_own_view() -> None:
    a = _played(3, 5, 80)
    b = _played(5, 6, 120)
    c = _played(5, 6, 120, gods="none")  # same play: other names, no powers
    views = {id(s): [s.observation(seat) for seat in (None, 0, 1, 2)] for s in (a, b, c)}
    for _ in range(2):
        for s in (c, a, b, a, c):
            assert [s.observation(seat) for seat in (None, 0, 1, 2)] == views[id(s)]
    assert [g["name"] for g in c.observation(None)["gods"]] == [f"Player {i}" for i in range(1, 6)]
    assert a.observation(None)["gods"] != b.observation(None)["gods"][:3]


def test_a_clone_that_moves_on_does_not_change_its_original_view() -> None:
    state = _played(4, 9, 30)
    view = state.observation(1)
    other = state.clone()
    rng = Rng(4)
    while other.observation(1)["pieces"] == view["pieces"] and not other.is_terminal:
        other.apply(rng.choice(other.legal_actions()))
    assert state.observation(1) == view


def test_the_tracks_supplies_regions_and_god_views_follow_fields_written_directly() -> None:
    state = _played(5, 11, 90, gods="ra,bastet,seth,thoth,horus")
    before = state.observation(1)
    state.markers[0] += 1
    state.guardian_supply[0] -= 1
    state.monument_supply[0] -= 1
    state.token_of_region[0] = 9
    h = next(h for h, kind in enumerate(state.figure) if kind >= 0)
    state.badge[h] ^= 1  # Ra's Sun token on (or off) a figure
    cats = state.power_data[BASTET]
    cats.at[0], cats.up[0] = h, True
    after = state.observation(1)
    assert after["action_tracks"][0]["marker"] == before["action_tracks"][0]["marker"] + 1
    assert after["guardians"][0]["left"] == before["guardians"][0]["left"] - 1
    kind = next(iter(before["monument_supply"]))
    assert after["monument_supply"][kind] == before["monument_supply"][kind] - 1
    assert after["regions"][0]["token"] == 9
    name = state.board.hex_name(h)
    assert (name in after["god_powers"]["ra"]["radiant"]) != (name in before["god_powers"]["ra"]["radiant"])
    assert {"cat": "plus1", "at": name} in after["god_powers"]["bastet"]["face_up"]
    after["god_powers"]["bastet"]["face_up"].clear()  # a caller's change reaches no later view
    after["god_powers"]["ra"]["radiant"].append("x")
    again = state.observation(1)
    assert {"cat": "plus1", "at": name} in again["god_powers"]["bastet"]["face_up"]
    assert "x" not in again["god_powers"]["ra"]["radiant"]


def test_games_observed_in_turn_keep_their_parts_and_still_notice_direct_writes() -> None:
    """The parts are remembered per state object (a vector environment's games observed in
    turn), still checked against the fields: a write to one game seen after another game's
    observation shows, and each game's view is what a fresh copy of it shows."""
    states = [_played(3, seed, 30 + seed) for seed in range(4)]
    for state in states:
        state.observation(0)
    first = states[0]
    first.devotion[2] += 1
    first.followers[1] += 2
    h = next(h for h, kind in enumerate(first.figure) if kind >= 0)
    first.figure_owner[h] = (first.figure_owner[h] + 1) % 3
    for state in (*states[1:], first):
        assert state.observation(1) == copy.deepcopy(state).observation(1)
    view = first.observation(0)
    assert view["gods"][2]["devotion"] == first.devotion[2] and view["gods"][1]["followers"] == first.followers[1]
    owners = {p["hex"]: p["owner"] for p in view["pieces"] if p["kind"] not in ("obelisk", "temple", "pyramid")}
    assert owners[first.board.hex_name(h)] == first.figure_owner[h]


def _fresh_observation(state: AnkhState, seat: int | None) -> dict[str, object]:
    """``observation(seat)`` built with nothing remembered (every slot emptied first)."""
    for slot in (ankh_state._GODS, ankh_state._PIECES, ankh_state._TRACKS, ankh_state._SUPPLY, ankh_state._REGIONS):
        slot.by_state.clear()
        slot.last = None
    return state.observation(seat)


def _as_json(obs: dict[str, object]) -> str:
    return json.dumps(obs, sort_keys=True)  # a shared observation's tuples are written as lists


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_shared_observation_is_what_a_fresh_build_shows(players: int) -> None:
    """Games stepped in turn (a vector environment's order), seats and the spectator: the
    shared observation (the engine's remembered parts, not copied) has the value of a build
    from nothing remembered, and of the copied ``observation``; one kept from before is not
    changed by the moves played since (readers keep the parts they saw by reference)."""
    game = make_game("ankh", {"players": players})
    states = [game.new_initial_state(seed) for seed in range(4)]
    rng = Rng(100 + players)
    kept: list[tuple[dict[str, object], str]] = []
    for turn in range(400):
        i = rng.below(len(states))
        state = states[i]
        seat = None if rng.below(6) == 0 else rng.below(players)
        shared = state.shared_observation(seat)
        text = _as_json(shared)
        assert text == _as_json(state.observation(seat))
        if turn % 7 == 0:
            assert text == _as_json(_fresh_observation(state, seat))
        if turn % 50 == 0:
            kept.append((shared, text))
        if state.is_terminal:
            states[i] = game.new_initial_state(rng.below(1 << 30))
        else:
            state.apply(rng.choice(state.legal_actions()))
    assert all(_as_json(obs) == text for obs, text in kept)


def test_an_unchanged_part_is_shared_and_a_changed_one_is_new() -> None:
    state = _played(3, 4, 50)
    first = state.shared_observation(0)
    again = state.shared_observation(1)
    for key in ("gods", "pieces", "camels", "regions", "action_tracks", "guardians", "monument_supply"):
        assert again[key] is first[key], key
    state.devotion[1] += 1
    state.figure_owner[next(h for h, kind in enumerate(state.figure) if kind >= 0)] = 2
    after = state.shared_observation(0)
    assert after["gods"] is not first["gods"] and after["pieces"] is not first["pieces"]
    assert after["gods"][0] is first["gods"][0]  # god 0's row did not change: still shared
    assert after["gods"][1]["devotion"] == first["gods"][1]["devotion"] + 1
    assert after["regions"] is first["regions"]
