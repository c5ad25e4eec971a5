"""The declared Ankh tensor (netjer.adapters.ankh_tensor): its blocks, what they hold, and what they hide."""

from __future__ import annotations

import json
import pickle
from typing import Any

import numpy as np
import pytest

from netjer.adapters.ankh_tensor import TRACK_KEYS, AnkhEncoder
from netjer.adapters.encoding import EncodingError, encoder_for
from netjer.core import Rng
from netjer.core.state import State
from netjer.games.ankh.gods.base import GOD_IDS as GOD_NAMES
from netjer.games.registry import make_game


def _mine(obs: dict[str, Any]) -> Any:
    """What the ``me`` block describes: the seat's god's board and its own secret choices."""
    god = obs["god"]
    if god is None:
        return None
    info = {k: v for k, v in obs["gods"][god].items() if k != "name"}
    battle = obs["battle"] or {}
    secret = (
        battle.get("cards", {}).get(str(god)),
        battle.get("bids", {}).get(str(god)),
        god in battle.get("gods", ()),
        god in battle.get("bidders", ()),
    )
    return info, secret, obs["to_move"] is not None and obs["to_move"] in info["seats"]


#: block -> the part of the observation it describes (for the "changes when, and only
#: when" property); text fields (names, the log, end_reason's words) are left out.
SOURCES = {
    "seat": lambda o: (o["seat"], o["god"], o["players"]),
    "board": lambda o: sorted(json.dumps(p, sort_keys=True) for p in o["pieces"]),
    "camels": lambda o: sorted(o["camels"]),
    "regions": lambda o: o["regions"],
    "tracks": lambda o: [o[k] for k in TRACK_KEYS],
    "gods": lambda o: ([{k: v for k, v in g.items() if k != "name"} for g in o["gods"]], o["god"]),
    "me": _mine,
    "powers": lambda o: {name: view["holder"] for name, view in o["god_powers"].items()},
    # a power's data that encodes as zeros (0, none, an empty list, Amun's token down) says
    # nothing the ``powers`` block (in play or not) does not already say
    "power_data": lambda o: {
        (name, k): sorted(v) if k == "trapped" else v
        for name, view in o["god_powers"].items()
        for k, v in view.items()
        if k != "holder" and v not in ([], 0, None, "down")
    },
    "battle": lambda o: o["battle"],
    "pending": lambda o: {k: v for k, v in o["pending"].items() if v != []},  # an empty list says nothing
    "result": lambda o: (o["winners"], o["end_reason"] is not None),
}


def _positions(players: int, seeds: range, every: int = 1) -> list[State]:
    """Positions of random games (every ``every``-th decision), for every seed."""
    game = make_game("ankh", {"players": players})
    out = []
    for seed in seeds:
        state = game.new_initial_state(seed)
        rng = Rng(seed)
        k = 0
        while not state.is_terminal:
            if k % every == 0:
                out.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
            k += 1
        out.append(state)
    return out


def test_blocks_tile_the_tensor_and_are_named() -> None:
    encoder = encoder_for(make_game("ankh", {"players": 5}))
    assert isinstance(encoder, AnkhEncoder)
    at = 0
    for block in encoder.blocks.values():
        assert block.offset == at
        at = block.stop
    assert at == encoder.size == len(encoder.names())
    assert encoder.blocks["board"].shape == (101, 28)
    assert encoder.blocks["camels"].shape == (266,)
    assert encoder.blocks["gods"].shape == (5, 69)
    assert set(SOURCES) == set(encoder.blocks)
    # the size does not depend on the player count
    assert encoder_for(make_game("ankh", {"players": 2})).size == encoder.size


def _check_blocks(players: int, seeds: range) -> None:
    game = make_game("ankh", {"players": players})
    encoder = encoder_for(game)
    assert isinstance(encoder, AnkhEncoder)
    previous: dict[int | None, tuple[Any, np.ndarray]] = {}
    changed = dict.fromkeys(encoder.blocks, 0)
    for state in _positions(players, seeds):
        for seat in (*range(players), None):
            obs = state.observation(seat)
            tensor = encoder.encode_array(obs)
            assert tensor.shape == (encoder.size,) and tensor.dtype == np.float32
            assert float(tensor.min()) >= 0.0 and float(tensor.max()) <= 1.0
            assert np.array_equal(tensor, np.asarray(encoder.encode(obs), np.float32))
            if seat in previous:
                old_obs, old = previous[seat]
                for name, block in encoder.blocks.items():
                    source_moved = SOURCES[name](obs) != SOURCES[name](old_obs)
                    block_moved = not np.array_equal(tensor[block.offset : block.stop], old[block.offset : block.stop])
                    assert block_moved == source_moved, (name, seat, obs["phase"])
                    changed[name] += block_moved
            previous[seat] = (obs, tensor)
    # every block but the seat's own identity moves during a game
    assert all(changed[name] for name in encoder.blocks if name != "seat"), changed


def test_blocks_change_when_and_only_when_what_they_describe_changes() -> None:
    """Along random 2- and 3-player games, each block moves exactly when its part of the
    observation does (so nothing is lost and nothing leaks in from elsewhere)."""
    _check_blocks(2, range(1))
    _check_blocks(3, range(1))


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_blocks_change_when_and_only_when_many(players: int) -> None:
    _check_blocks(players, range(2, 8))


def _secret_pairs(players: int, seeds: range) -> int:
    """Positions where a god chooses a Battle card or a bid in secret: after two different
    choices, every other seat's (and the spectator's) tensor is the same, while the
    chooser's own tensor tells them apart.  Returns how many pairs were checked."""
    game = make_game("ankh", {"players": players})
    encoder = encoder_for(game)
    checked = 0
    for state in _positions(players, seeds):
        if state.is_terminal or state.observation(None)["phase"] not in ("card", "bid"):
            continue
        actor = state.current_player
        actions = state.legal_actions()
        if len(actions) < 2:
            continue
        a, b = state.clone(), state.clone()
        a.apply(actions[0])
        b.apply(actions[-1])
        if a.observation(None) != b.observation(None):
            continue  # the choice was the last one, and everything was revealed
        mine = state.observation(actor)["god"]
        for seat in (*range(players), None):
            same_god = seat is not None and a.observation(seat)["god"] == mine
            ta, tb = encoder.encode(a.observation(seat)), encoder.encode(b.observation(seat))
            if same_god:
                assert ta != tb  # the seat sees its own secret
            else:
                assert ta == tb, (seat, actor)
        checked += 1
    return checked


def test_the_tensor_hides_other_seats_secret_choices() -> None:
    assert _secret_pairs(3, range(3)) > 0


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4, 5])
def test_the_tensor_hides_other_seats_secret_choices_many(players: int) -> None:
    assert _secret_pairs(players, range(6)) > 0


def test_undeclared_keys_and_values_fail_loudly() -> None:
    encoder = encoder_for(make_game("ankh"))
    obs = make_game("ankh").new_initial_state(0).observation(0)
    with pytest.raises(EncodingError, match="not the declared Ankh keys"):
        encoder.encode({**obs, "new_field": 1})
    with pytest.raises(EncodingError, match="phase"):
        encoder.encode({**obs, "phase": "teatime"})
    with pytest.raises(EncodingError, match=r"pending\.wish"):
        encoder.encode({**obs, "pending": {"wish": 1}})
    with pytest.raises(EncodingError):
        encoder.encode({**obs, "pieces": [{"hex": "99,99", "kind": "warrior", "owner": 0}]})


def test_remembered_blocks_match_a_fresh_encoding() -> None:
    """The encoder reuses a block when its part of the observation is unchanged: along a
    game, seats interleaved, it gives what an encoder with nothing remembered gives."""
    game = make_game("ankh", {"players": 3})
    encoder = encoder_for(game)
    for state in _positions(3, range(1), every=2):
        for seat in (0, None, 2, 1):
            obs = state.observation(seat)
            assert encoder.encode(obs) == encoder_for(game).encode(obs)


def _expected_names(obs: dict[str, Any]) -> list[str]:
    """Names of entries that must be set (non-zero) for ``obs``, read off the observation."""
    names = [f"seat.seat={'none' if obs['seat'] is None else obs['seat']}", f"tracks.phase={obs['phase']}"]
    names.append(f"tracks.to_move={'none' if obs['to_move'] is None else obs['to_move']}")
    for piece in obs["pieces"]:
        kind = piece["kind"]
        column = "monument" if kind in ("obelisk", "temple", "pyramid") else "figure"
        names.append(f"board[{piece['hex']}].{column}={kind}")
        if "aim" in piece:
            names.append(f"board[{piece['hex']}].aim={piece['aim']}")
    names += [f"camels.{e}" for e in obs["camels"]]
    for info in obs["gods"]:
        g = info["god"]
        names += [f"gods[{g}].hand={c}" for c in info["hand"]] + [f"gods[{g}].power={p}" for p in info["powers"]]
        names += [f"gods[{g}].holds={p}" for p in info["god_powers"]]
    for key, value in obs["pending"].items():
        if key in ("moved", "selected", "push_from", "scorpion", "pyramid", "figure", "protected"):
            names += [f"pending.{key}={h}" for h in (value if isinstance(value, list) else [value])]
        elif key == "camel_line":
            names += [f"pending.camel_line={e}" for e in value]
        elif key in ("minor_god", "mummy_of", "next_to_god_of", "region"):
            names.append(f"pending.{key}={value}")
    powers = obs["god_powers"]
    for name, view in powers.items():
        names.append(f"powers[{GOD_NAMES.index(name)}].holder={view['holder']}")
    names += [f"power_data.ra.radiant={h}" for h in powers.get("ra", {}).get("radiant", [])]
    names += [f"power_data.seth.controls={h}" for h in powers.get("seth", {}).get("controls", [])]
    names += [f"power_data.osiris.underworld={h}" for h in powers.get("osiris", {}).get("underworld", [])]
    names += [f"power_data.horus.eyes_on_region={t}" for t in powers.get("horus", {}).get("eyes_on_regions", [])]
    for cat, where in powers.get("bastet", {}).get("cats", {}).items():
        names.append(f"power_data.bastet.cats.{cat}={where}")
    battle = obs["battle"]
    if battle is not None and "step" in battle:
        names += [f"battle.step={battle['step']}", f"battle.region={battle['region']}"]
        names += [f"battle.gods={g}" for g in battle["gods"]] + [f"battle.chosen={g}" for g in battle["chosen"]]
        for g, cards in battle["cards"].items():
            names += [f"battle.cards[{g}][{k}]={c}" for k, c in enumerate(cards.split(" + "))]
        if obs["god"] is not None and str(obs["god"]) in battle["cards"]:
            names.append(f"me.card={battle['cards'][str(obs['god'])].split(' + ')[0]}")
    return names


def test_entry_names_match_what_is_written() -> None:
    """``names()`` names the entries the encoder writes: along random games, every fact read
    off the observation is set under its name."""
    encoder = encoder_for(make_game("ankh", {"players": 3}))
    names = encoder.names()
    where = {n: i for i, n in enumerate(names)}
    assert len(where) == len(names)  # names are unique
    for state in _positions(3, range(2), every=3):
        for seat in (0, 2, None):
            obs = state.observation(seat)
            tensor = encoder.encode(obs)
            for name in _expected_names(obs):
                assert tensor[where[name]] > 0, name


def _check_row_writers(players: int, seeds: range, decisions: int, shared: bool = False) -> int:
    """Games of ``players`` stepped in turn (a vector environment's order), each with its own
    row writer, the seat looking chosen at random (a spectator too) and a game that ends
    replaced by a new one: after every write the row equals a fresh encoder's tensor of the
    same observation (``shared``: the writers read ``shared_observation``, the engine's
    remembered parts uncopied, as the vector environment does; the reference encodes
    ``observation``).  Returns how many rows were compared."""
    game = make_game("ankh", {"players": players})
    encoder = encoder_for(game)
    rows = np.zeros((len(seeds), encoder.size), np.float32)
    writers = [encoder.row_writer(rows[i]) for i in range(len(seeds))]
    states = [game.new_initial_state(seed) for seed in seeds]
    rng = Rng(players)
    reference = AnkhEncoder(game)
    compared = 0
    for _ in range(decisions):
        i = rng.below(len(states))
        state = states[i]
        seat = None if rng.below(8) == 0 else state.current_player if rng.below(2) else rng.below(players)
        if state.is_terminal:
            seat = rng.below(players)
        obs = state.shared_observation(seat) if shared else state.observation(seat)
        writers[i].write(obs, shared=shared)
        encoder.encode_array(state.observation(None))  # the shared encoder's own stream, interleaved
        want = np.asarray(reference.encode(state.observation(seat) if shared else obs), np.float32)
        assert np.array_equal(rows[i], want), (players, compared, np.flatnonzero(rows[i] != want)[:10])
        compared += 1
        if state.is_terminal:
            states[i] = game.new_initial_state(rng.below(1 << 30))
        else:
            state.apply(rng.choice(state.legal_actions()))
    return compared


def test_row_writers_of_games_stepped_in_turn_equal_the_whole_tensor() -> None:
    """The incremental row writer (vector environments) writes the values of ``encode``."""
    assert _check_row_writers(2, range(5), 500) == 500
    assert _check_row_writers(4, range(3), 250) == 250


def test_row_writers_of_shared_observations_equal_the_whole_tensor() -> None:
    """Fed the engine's shared parts (a vector environment's path), the writers skip an
    unchanged block by identity and still write the values of ``encode``."""
    assert _check_row_writers(2, range(5), 600, shared=True) == 600
    assert _check_row_writers(5, range(3), 300, shared=True) == 300


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_row_writers_equal_the_whole_tensor_many(players: int) -> None:
    assert _check_row_writers(players, range(10, 18), 12000) == 12000
    assert _check_row_writers(players, range(20, 28), 12000, shared=True) == 12000


def test_a_row_writer_refuses_a_bad_observation_and_then_writes_whole_rows() -> None:
    game = make_game("ankh", {"players": 3})
    encoder = encoder_for(game)
    row = np.zeros(encoder.size, np.float32)
    writer = encoder.row_writer(row)
    state = game.new_initial_state(3)
    writer.write(state.observation(0))
    bad = state.observation(1)
    bad["pending"] = {"no_such_key": 1}
    with pytest.raises(EncodingError, match="no_such_key"):
        writer.write(bad)
    good = state.observation(1)
    writer.write(good)
    assert np.array_equal(row, encoder.encode_array(good))
    with pytest.raises(ValueError, match=f"{encoder.size} entries"):
        encoder.row_writer(np.zeros(5, np.float32))


def test_an_encoder_pickles_as_its_game_and_encodes_the_same() -> None:
    """An encoder pickles (the environments holding one do) as a new encoder of its game, in the
    Python and the compiled build alike, and the copy writes the same tensors."""
    game = make_game("ankh", {"players": 3})
    encoder = encoder_for(game)
    state = game.new_initial_state(4)
    rng = Rng(4)
    for _ in range(40):
        state.apply(rng.choice(state.legal_actions()))
    before = encoder.encode_array(state.observation(1))
    copy = pickle.loads(pickle.dumps(encoder))
    assert isinstance(copy, AnkhEncoder) and copy.size == encoder.size
    assert np.array_equal(copy.encode_array(state.observation(1)), before)
    assert np.array_equal(copy.encode_array(state.observation(2)), encoder.encode_array(state.observation(2)))
