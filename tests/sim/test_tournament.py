"""Tournaments (netjer.sim.tournament): scheduling, determinism, back-ends, reports."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from netjer.cli.main import app
from netjer.core import ConfigError
from netjer.sim.report import balance_metrics, write_report
from netjer.sim.tournament import (
    GameResult,
    batch_size_for,
    batches,
    head_to_head,
    iter_results,
    outcome,
    play_batch,
    play_task,
    read_log,
    result_to_log,
    run_tasks,
    schedule,
    schedule_pairings,
    summarize,
)


def test_seats_rotate_and_extra_seats_take_the_last_agent() -> None:
    tasks = schedule("aton", ["heuristic", "random"], 4, seed=10)
    assert [t.players for t in tasks] == [(0, 1), (1, 0), (0, 1), (1, 0)]
    assert [t.seed for t in tasks] == [10, 11, 12, 13]
    assert schedule("aton", ["random"], 1)[0].seats == ("random", "random")


@pytest.mark.parametrize(
    ("agents", "message"),
    [(["a", "b", "c"], "has 2 seats"), (["human"], "computer agents only"), (["ismcts:time=x"], "not a number")],
)
def test_bad_tournaments(agents: list[str], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        schedule("aton", agents, 2)


def test_play_task_is_a_pure_function_of_its_task() -> None:
    task = schedule("aton", ["heuristic", "random"], 1, seed=3)[0]
    assert play_task(task) == play_task(task)


def test_process_pool_gives_the_same_results_as_one_process() -> None:
    tasks = schedule("aton", ["heuristic", "ismcts:iterations=3"], 6, seed=1)
    assert run_tasks(tasks, workers=2) == run_tasks(tasks, workers=1)


def test_batched_and_unbatched_runs_give_identical_results() -> None:
    """The same seeds give the same per-game results one game per task, in batches of any
    size, sized automatically, and in this process."""
    tasks = schedule("aton", ["random", "heuristic"], 9, seed=4)
    here = run_tasks(tasks, workers=1)
    assert [r.index for r in here] == list(range(9))
    assert run_tasks(tasks, workers=2, batch_size=1) == here
    assert run_tasks(tasks, workers=2, batch_size=4) == here
    assert run_tasks(tasks, workers=2) == here
    assert play_batch(tasks[2:5]) == here[2:5]


def test_results_stream_back_once_each() -> None:
    tasks = schedule("aton", ["random"], 7, seed=2)
    seen = [r.index for r in iter_results(tasks, workers=2, batch_size=3)]
    assert sorted(seen) == list(range(7))


def test_batches_are_sized_to_the_games_length() -> None:
    # cheap games: many per batch, but at least 16 batches per worker
    assert batch_size_for(0.002, 400, 2) == 12
    assert batch_size_for(0.0001, 100_000, 2) == 500  # 0.05 s of play
    assert batch_size_for(5.0, 400, 2) == 1  # long games go one by one
    assert batch_size_for(0.01, 3, 2) == 1
    assert [len(b) for b in batches(schedule("aton", ["random"], 7), 3)] == [3, 3, 1]
    # guided: at most half the games left per worker, so the last batches are small
    guided = [len(b) for b in batches(schedule("aton", ["random"], 100), 12, workers=2)]
    assert sum(guided) == 100 and guided[0] == 12 and guided == sorted(guided, reverse=True)
    assert guided[-3:] == [1, 1, 1]
    with pytest.raises(ConfigError, match="batch size"):
        run_tasks(schedule("aton", ["random"], 2), workers=2, batch_size=0)


def test_summary_counts_and_intervals() -> None:
    tasks = schedule("aton", ["heuristic", "random"], 20, seed=0)
    results = run_tasks(tasks)
    summary = summarize("aton", ["heuristic", "random"], results, bootstrap=50)
    h, r = summary.agents
    assert h.games == r.games == 20
    assert h.wins == r.losses and h.losses == r.wins and h.draws == r.draws
    assert h.score_interval[0] <= h.score <= h.score_interval[1]
    assert h.elo == 0.0 and r.elo < 0
    assert sum(s for s, _ in summary.seat_scores) == pytest.approx(1.0)


def test_outcome() -> None:
    assert outcome([1.0, -1.0], 0) == "win"
    assert outcome([0.0, 0.0], 1) == "draw"
    assert outcome([1.0, 1.0, -1.0], 2) == "loss"


def test_report_files(tmp_path: Path) -> None:
    tasks = schedule("aton", ["heuristic", "random"], 8, seed=0)
    results = run_tasks(tasks)
    summary = summarize("aton", ["heuristic", "random"], results, bootstrap=20)
    index = write_report(tmp_path, summary, results, title="t", seat_names=["Red", "Blue"], options={})
    page = index.read_text()
    assert "data:image/png;base64," in page and "Balance metrics" in page
    data = json.loads((tmp_path / "results.json").read_text())
    assert len(data["games"]) == 8
    assert (tmp_path / "results.csv").read_text().count("\n") == 9
    metrics = balance_metrics(results)
    assert 0 <= metrics["balance"] <= 1 and metrics["length_min"] <= metrics["length_mean"] <= metrics["length_max"]


def test_simulate_command(tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    result = CliRunner().invoke(
        app,
        ["simulate", "aton", "--agents", "ismcts:iterations=5,c=0.7,random", "--games", "4", "--out", str(out)],
        env={"COLUMNS": "150"},
    )
    assert result.exit_code == 0, result.output
    assert "ismcts:iterations=5,c=0.7" in result.output and "Elo" in result.output
    assert len(json.loads(out.read_text())["games"]) == 4
    bad = CliRunner().invoke(app, ["simulate", "aton", "--agents", "gnugo"])
    assert bad.exit_code == 2 and "unknown agent" in bad.output


# --- pairings (the levels' ladder, benchmarks/levels.py) --------------------------------------------


def test_pairings_name_the_agents_of_the_whole_list_and_resolve_levels() -> None:
    agents = ["heuristic", "random", "strong"]
    tasks = schedule_pairings("ankh", agents, [(2, 0), (0, 1)], [2, 3], options={"players": 4}, seed=5)
    assert [t.index for t in tasks] == list(range(5))
    assert [t.players for t in tasks[:2]] == [(2, 0, 0, 0), (0, 2, 0, 0)]  # the stronger in one seat, rotated
    assert [t.players for t in tasks[2:]] == [(0, 1, 1, 1), (1, 0, 1, 1), (1, 1, 0, 1)]
    assert tasks[0].seats[0] == "heuristic"  # Ankh's level 'strong' is the heuristic
    assert [t.seed for t in tasks] == [5, 6, 5, 6, 7]


@pytest.mark.parametrize(
    ("pairs", "games", "message"),
    [([], 2, "at least one pairing"), ([(0, 0)], 2, "two different agents"), ([(0, 1)], [1, 2], "one per pairing")],
)
def test_bad_pairings_are_refused(pairs: list[tuple[int, int]], games: int | list[int], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        schedule_pairings("aton", ["heuristic", "random"], pairs, games)


def _result(players: tuple[int, ...], returns: tuple[float, ...]) -> GameResult:
    return GameResult(0, 0, players, returns, 10, 0, 1.0, 0)


def test_head_to_head_scores_each_game_by_its_pairwise_results() -> None:
    two = [_result((0, 1), (1, -1)), _result((1, 0), (1, -1)), _result((0, 1), (0, 0)), _result((0, 2), (1, -1))]
    duel = head_to_head(two, 0, 1)
    assert (duel.games, duel.wins, duel.draws, duel.losses) == (3, 1, 1, 1) and duel.score == 0.5
    # four seats: a beside three b; a win counts 1, another's win 1/3 (a loss to it, draws with the rest)
    four = [_result((0, 1, 1, 1), (1, -1, -1, -1)), _result((1, 0, 1, 1), (1, -1, -1, -1))]
    duel = head_to_head(four, 0, 1)
    assert duel.score == pytest.approx((1 + 1 / 3) / 2) and (duel.wins, duel.losses) == (1, 1)
    assert duel.interval[0] < duel.score < duel.interval[1]
    assert head_to_head(four, 0, 2).games == 0


# --- game logs (benchmarks/levels.py and strength.py resume from them) ----------------------------------


def test_a_logged_game_is_read_back_for_the_same_task_only(tmp_path: Path) -> None:
    tasks = schedule("aton", ["heuristic", "random"], 3, seed=40)
    played = [play_task(t) for t in tasks[:2]]
    log = tmp_path / "games.log"
    log.write_text("".join(result_to_log(r, tasks[r.index].seats) + "\n" for r in played) + "\n")
    assert read_log(str(log), tasks) == {0: played[0], 1: played[1]}
    # the same seeds with other agents (or the seats swapped) are other games: none counts
    swapped = schedule("aton", ["random", "heuristic"], 3, seed=40)
    assert read_log(str(log), swapped) == {}
    # another tournament holding the same game (seed 41, same seats) takes it at its own index
    other = schedule("aton", ["heuristic", "random"], 1, seed=41)
    other = [replace(other[0], seats=tasks[1].seats, players=(1, 0), index=0)]
    assert read_log(str(log), other)[0].index == 0
    assert read_log(str(tmp_path / "missing.log"), tasks) == {}


def test_a_damaged_log_is_refused_with_its_line(tmp_path: Path) -> None:
    tasks = schedule("aton", ["heuristic", "random"], 1, seed=40)
    log = tmp_path / "games.log"
    log.write_text(result_to_log(play_task(tasks[0]), tasks[0].seats) + "\n{not json\n")
    with pytest.raises(ConfigError, match="line 2"):
        read_log(str(log), tasks)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: schedule("aton", ["random"], "10"), "games must be a whole number"),
        (lambda: schedule("aton", ["random"], 0), "games must be at least 1, got 0"),
        (lambda: schedule("aton", ["random"], 2.5), "games must be a whole number"),
        (lambda: schedule("aton", ["random"], 2, seed="5"), "seed must be a whole number"),
        (lambda: schedule("aton", "random", 2), "a list of agent specifications"),
        (lambda: iter_results([], workers="2"), "workers must be a whole number"),
        (lambda: iter_results([], batch_size="3"), "batch size must be a whole number"),
    ],
    ids=["games-str", "games-0", "games-float", "seed-str", "agents-str", "workers-str", "batch-str"],
)
def test_the_tournament_api_refuses_wrong_types_clearly(call: object, message: str) -> None:
    """Strings for numbers and a string for the agent list are ConfigErrors naming the
    argument (they were a TypeError from a comparison, or "6 agents were named" for
    ``"random"``); no game is played."""
    with pytest.raises(ConfigError, match=message):
        result = call()  # type: ignore[operator]
        list(result)
