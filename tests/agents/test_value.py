"""The learned evaluation (netjer.agents.value): NumPy inference equals PyTorch's, the search
plays legal moves with it, a missing or foreign weights file is a clear error, and the
self-play positions are what they say."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from netjer.agents import make_agent
from netjer.agents.heuristic import heuristic_evaluation
from netjer.agents.ismcts import ISMCTSAgent
from netjer.agents.value import (
    ARRAYS,
    WEIGHTS,
    ValueNet,
    layout_digest,
    load_weights,
    sparse_entries,
    value_evaluation,
)
from netjer.agents.value.positions import self_play_positions
from netjer.core import ConfigError, PlayerView, Rng
from netjer.core.state import State
from netjer.games.registry import make_game
from netjer.sim.match import play_match
from netjer.tensors.ankh import AnkhEncoder

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "train_value.py"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_value", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _positions(seed: int, every: int = 12) -> list[State]:
    """Positions of a seeded 2-player heuristic game, one after every ``every`` actions."""
    game = make_game("ankh", {"players": 2})
    kept: list[State] = []
    actions = [0]

    def keep(state: State, _seat: int, _action: object) -> None:
        actions[0] += 1
        if actions[0] % every == 0 and not state.is_terminal:
            kept.append(state.clone())

    agents = [make_agent("heuristic", seed), make_agent("heuristic", seed + 1)]
    play_match(game, agents, seed, on_action=keep)
    return kept


def test_the_shipped_weights_load_and_fit_todays_tensor() -> None:
    net = load_weights("ankh")
    encoder = AnkhEncoder(make_game("ankh", {"players": 2}))
    net.check(encoder)  # raises if the layout changed since training
    assert net.w1.shape[0] == encoder.size
    # Small enough to ship in the repository.
    assert WEIGHTS["ankh"].stat().st_size < 4_000_000


def test_numpy_inference_equals_pytorch_on_saved_positions() -> None:
    torch = pytest.importorskip("torch", reason="the train extra installs PyTorch")
    net = load_weights("ankh")
    model = _script().ValueModel.from_net(net)
    game = make_game("ankh", {"players": 2})
    encoder = AnkhEncoder(game)
    hand_written = heuristic_evaluation("ankh")
    positions = _positions(3)
    assert len(positions) > 5
    outputs = []
    for state in positions:
        estimates = hand_written(state)
        for seat in range(2):
            obs = state.observation(seat)
            indices, values = sparse_entries(encoder, obs)
            ours = net.value_sparse(indices, values, estimates[seat])
            with torch.no_grad():
                theirs = float(
                    model(
                        torch.from_numpy(indices),
                        torch.zeros(1, dtype=torch.int64),
                        torch.from_numpy(values),
                        torch.tensor([estimates[seat]], dtype=torch.float32),
                    )[0]
                )
            assert ours == pytest.approx(theirs, abs=1e-5)
            dense = net.value_dense(encoder.encode_array(obs)[None, :], np.float32(estimates[seat]))
            assert float(dense[0]) == pytest.approx(theirs, abs=1e-5)
            assert -1.0 <= ours <= 1.0
            outputs.append(ours)
    assert len(set(outputs)) > len(outputs) // 2  # the positions are told apart


def test_the_evaluation_reads_only_what_each_seat_knows() -> None:
    game = make_game("ankh", {"players": 2})
    evaluate = value_evaluation(game)
    rng = Rng(5)
    for state in _positions(7, every=6):
        values = evaluate(state)
        assert len(values) == 2
        for seat in range(2):
            # A determinization of the seat's information set (other seats' secrets resampled)
            # is worth the same to that seat.
            assert evaluate(state.determinize(seat, rng))[seat] == values[seat]


def test_a_finished_game_is_worth_its_returns() -> None:
    game = make_game("ankh", {"players": 2})
    final = play_match(game, [make_agent("heuristic", 1), make_agent("heuristic", 2)], 11)
    assert value_evaluation(game)(final) == final.returns()


def test_the_search_plays_legal_moves_with_the_value_network() -> None:
    game = make_game("ankh", {"players": 2})
    state = game.new_initial_state(21)
    agents = [make_agent("ismcts:iterations=6,depth=4,eval=value,rollout=heuristic", 1), make_agent("heuristic", 2)]
    for _ in range(40):
        seat = state.current_player
        action = agents[seat].choose(PlayerView(state, seat))
        assert action in state.legal_actions()
        state.apply(action)
    assert isinstance(agents[0], ISMCTSAgent) and callable(agents[0].evaluate)


def test_without_the_weights_file_the_value_search_is_a_clear_error_and_the_others_play(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    missing = tmp_path / "ankh_value.npz"
    monkeypatch.setitem(WEIGHTS, "ankh", missing)
    state = make_game("ankh", {"players": 2}).new_initial_state(4)
    view = PlayerView(state, state.current_player)
    with pytest.raises(ConfigError, match="weights are missing") as err:
        make_agent("ismcts:iterations=4,depth=4,eval=value", 1).choose(view)
    assert str(missing) in str(err.value) and "train_value.py" in str(err.value)
    # The hand-written evaluation needs no file.
    assert make_agent("ismcts:iterations=4,depth=4", 1).choose(view) in state.legal_actions()


def test_weights_of_another_tensor_layout_are_refused(tmp_path: Path) -> None:
    net = load_weights("ankh")
    path = tmp_path / "other.npz"
    arrays = {name: np.array(getattr(net, name)) for name in ARRAYS}
    np.savez(path, size=np.int64(net.size), digest=np.str_("0123456789abcdef"), **arrays)
    with pytest.raises(ConfigError, match="another layout"):
        value_evaluation(make_game("ankh", {"players": 2}), path)
    (tmp_path / "bad.npz").write_bytes(b"not an archive")
    with pytest.raises(ConfigError, match="not a value network"):
        ValueNet.load(tmp_path / "bad.npz")


@pytest.mark.parametrize(
    ("spec", "game", "message"),
    [
        ("ismcts:iterations=4,eval=value", "ankh", "needs depth"),
        ("ismcts:iterations=4,depth=3,eval=value", "nile", "no value network for 'nile'"),
        ("ismcts:iterations=4,depth=3,eval=neural", "ankh", "evaluate must be"),
    ],
)
def test_bad_value_specifications_are_clear_errors(spec: str, game: str, message: str) -> None:
    options = {"players": 2} if game == "ankh" else {}
    state = make_game(game, options).new_initial_state(0)
    with pytest.raises(ConfigError, match=message):
        make_agent(spec, 1).choose(PlayerView(state, state.current_player))


def test_self_play_positions_are_each_seats_tensor_labelled_by_its_result() -> None:
    positions = self_play_positions(games=2, every=10, seed=3)
    assert len(positions) > 0 and len(positions) % 2 == 0  # both seats of every kept position
    assert set(np.unique(positions.games)) == {0, 1}
    assert set(np.unique(positions.targets)) <= {-1.0, 1.0}
    assert np.all(np.abs(positions.baseline) <= 1.0)
    assert positions.offsets[-1] == len(positions.indices) == len(positions.values)
    # The same arguments, the same set.
    again = self_play_positions(games=2, every=10, seed=3)
    assert np.array_equal(again.indices, positions.indices) and np.array_equal(again.targets, positions.targets)
    # Within one game the two seats' labels are opposite (a 2-player game has one winner).
    first = positions.targets[positions.games == 0]
    assert np.all(first[0::2] == -first[1::2])


@pytest.mark.slow
def test_a_tiny_training_run_writes_weights_the_search_plays_with(tmp_path: Path) -> None:
    pytest.importorskip("torch", reason="the train extra installs PyTorch")
    out, curve = tmp_path / "value.npz", tmp_path / "curve.csv"
    command = [
        sys.executable, str(SCRIPT), "--games", "3", "--every", "8", "--epochs", "2", "--hidden", "8,4",
        "--out", str(out), "--curve", str(curve),
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    rows = curve.read_text(encoding="utf-8").splitlines()
    assert rows[0].startswith("epoch,train_mse") and len(rows) == 1 + 3  # epochs 0, 1, 2
    with np.load(out) as archive:
        assert json.loads(str(archive["meta"]))["games"] == 3
        assert archive["w1"].shape == (archive["size"], 8)
        assert float(archive["u"]) != 0.0  # --residual: the hand-written evaluation weighed in
    game = make_game("ankh", {"players": 2})
    assert str(layout_digest(AnkhEncoder(game))) == str(np.load(out)["digest"])
    agent = ISMCTSAgent(0, iterations=4, max_playout=3, evaluate=value_evaluation(game, out), rollout="heuristic")
    state = game.new_initial_state(2)
    for _ in range(10):
        action = agent.choose(PlayerView(state, state.current_player))
        assert action in state.legal_actions()
        state.apply(action)
