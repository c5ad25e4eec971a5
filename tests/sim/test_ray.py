"""The Ray back-end gives the same per-game results as the process pool (issue: scale)."""

from __future__ import annotations

import pytest

from netjer.core.errors import ConfigError
from netjer.sim.tournament import iter_results, run_tasks, schedule

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


@pytest.mark.parametrize(
    ("address", "error"),
    [
        ("auto", ConnectionError("Could not find any running Ray instance.")),
        ("nonsense", ValueError("Invalid address format: nonsense")),
        ("ray://head:10001", ValueError("Ray Client requires pip package `ray[client]`.")),
    ],
)
def test_an_unreachable_ray_cluster_is_a_clear_error(
    monkeypatch: pytest.MonkeyPatch, address: str, error: Exception
) -> None:
    """A cluster that cannot be reached (none running, a malformed address, Ray's client
    missing) is a ConfigError naming the address, not Ray's traceback; nothing is played."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise error

    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", refuse)
    tasks = schedule("aton", ["random"], 2)
    with pytest.raises(ConfigError, match=f"the Ray cluster at '{address}'") as caught:
        list(iter_results(tasks, ray_address=address))
    assert str(error) in str(caught.value)
