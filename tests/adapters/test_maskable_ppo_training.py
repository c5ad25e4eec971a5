"""The MaskablePPO example (benchmarks/train_maskable_ppo.py) end to end on a tiny budget:
it trains, evaluates, writes its learning curve and saves a policy that plays legal actions.
Needs the ``train`` extra (sb3-contrib and a CPU PyTorch), which CI installs for the slow tests."""

from __future__ import annotations

import argparse
import csv
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "train_maskable_ppo.py"


@pytest.mark.slow
@pytest.mark.parametrize("final", ["best", "both"])
def test_a_tiny_training_run_writes_its_curve_and_a_policy_that_plays(tmp_path: Path, final: str) -> None:
    sb3_contrib = pytest.importorskip("sb3_contrib", reason="the train extra installs sb3-contrib")
    curve, saved = tmp_path / "curve.csv", tmp_path / "policy.zip"
    blocks = "seat,tracks,gods,me,battle,result"
    command = [
        sys.executable, str(SCRIPT), "--cpu-minutes", "0", "--eval-every", "64", "--n-steps", "64",
        "--batch-size", "32", "--n-epochs", "1", "--eval-games", "2", "--final-eval-games", "4",
        "--blocks", blocks, "--net", "16", "--curve", str(curve), "--save", str(saved), "--final-policy", final,
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    with curve.open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    # Before training and after the one round of training on the validation games, then the
    # better of the two policies on other games.
    validation = [(int(r["timesteps"]), r["policy"], int(r["games"])) for r in rows[:2]]
    assert validation == [(0, "latest", 2), (64, "latest", 2)]
    if final == "both":  # the policy training ended with, then the best, on the same new games
        latest = rows.pop(2)
        assert (latest["policy"], latest["timesteps"], latest["games"]) == ("latest", "64", "4")
    assert rows[2]["policy"] == "best" and int(rows[2]["games"]) == 4
    best = max(rows[:2], key=lambda r: int(r["wins"]))  # the first of equals is kept
    assert rows[2]["timesteps"] == best["timesteps"]
    for r in rows:
        assert 0 <= int(r["wins"]) <= int(r["games"])
        assert 0.0 <= float(r["wilson_low"]) <= int(r["wins"]) / int(r["games"]) <= float(r["wilson_high"]) <= 1.0
    assert "greedy wins" in done.stdout

    sys.path.insert(0, str(SCRIPT.parent))
    try:
        from train_maskable_ppo import make_env  # noqa: PLC0415 - the script, found only here
    finally:
        sys.path.remove(str(SCRIPT.parent))
    model = sb3_contrib.MaskablePPO.load(saved)
    env = make_env(argparse.Namespace(blocks=blocks))
    obs, _ = env.reset(seed=3)
    assert obs.shape == model.observation_space.shape
    for _ in range(20):
        mask = env.action_masks()
        action, _ = model.predict(obs, action_masks=mask, deterministic=True)
        assert mask[int(action)]  # the masked policy picks a legal action
        obs, _, terminated, truncated, _ = env.step(int(action))
        if terminated or truncated:
            break
    assert np.isfinite(obs).all()


@pytest.mark.slow
def test_imitation_fits_the_policy_to_the_demonstrators_legal_actions() -> None:
    """``--imitate``: the heuristic's decisions in the learner's seat, each legal under its
    mask, and behaviour cloning makes them likelier under the masked policy than before."""
    sb3_contrib = pytest.importorskip("sb3_contrib", reason="the train extra installs sb3-contrib")
    torch = pytest.importorskip("torch")
    sys.path.insert(0, str(SCRIPT.parent))
    try:
        from train_maskable_ppo import demonstrations, imitate, make_env  # noqa: PLC0415 - the script
    finally:
        sys.path.remove(str(SCRIPT.parent))
    args = argparse.Namespace(blocks="seat,tracks,gods,me,battle,result")
    observations, masks, codes = demonstrations(2, 5, "heuristic", args)
    assert len(observations) == len(masks) == len(codes) > 20
    assert all(mask[code] for mask, code in zip(masks, codes, strict=True))
    model = sb3_contrib.MaskablePPO("MlpPolicy", make_env(args), n_steps=64, policy_kwargs={"net_arch": [16]}, seed=0)

    def mean_log_prob() -> float:
        with torch.no_grad():
            obs = torch.as_tensor(observations)
            _, log_prob, _ = model.policy.evaluate_actions(obs, torch.as_tensor(codes), action_masks=masks)
        return float(log_prob.mean())

    before = mean_log_prob()
    loss = imitate(model, (observations, masks, codes), epochs=30, learning_rate=1e-2, seed=0)
    after = mean_log_prob()
    assert after > before + 0.5
    assert loss == pytest.approx(-after, abs=0.5)  # the last pass's loss is about the fit's
