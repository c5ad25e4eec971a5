"""The Ray back-end gives the same per-game results as the process pool (issue: scale)."""

from __future__ import annotations

import pytest

from netjer.sim.tournament import run_tasks, schedule

ray = pytest.importorskip("ray")


def test_ray_and_process_pool_agree() -> None:
    tasks = schedule("aton", ["heuristic", "ismcts:iterations=8"], 6, seed=5)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        on_ray = run_tasks(tasks, ray_address="local")
    finally:
        ray.shutdown()
    assert on_ray == run_tasks(tasks, workers=2)
