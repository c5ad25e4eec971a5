"""The Ray back-end gives the same per-game results as the process pool (issue: scale)."""

from __future__ import annotations

import pytest

from netjer.sim.tournament import run_tasks, schedule

ray = pytest.importorskip("ray")


@pytest.mark.slow  # starting a local Ray takes 10-40 s on the 2-core machine
def test_ray_and_process_pool_agree() -> None:
    """Ray in batches (sized automatically, and of 3), Ray one game per task, and the
    process pool give the same per-game results for the same seeds."""
    tasks = schedule("aton", ["heuristic", "ismcts:iterations=8"], 6, seed=5)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        on_ray = run_tasks(tasks, ray_address="local")
        one_by_one = run_tasks(tasks, ray_address="local", batch_size=1)
        in_threes = run_tasks(tasks, ray_address="local", batch_size=3)
    finally:
        ray.shutdown()
    assert on_ray == one_by_one == in_threes == run_tasks(tasks, workers=2)
