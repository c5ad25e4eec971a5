"""Balance studies (issue 16, item 5): start positions apart from turn positions, fingerprints and sample warnings."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from netjer.cli.main import app
from netjer.core import ConfigError
from netjer.games.ankh import AnkhGame
from netjer.games.ankh.scenarios import load_scenario
from netjer.sim.facets import cross_scores
from netjer.sim.report import cross_html, deterministic_spec, distinct_games, sample_warnings, write_report
from netjer.sim.tournament import GameResult, play_task, run_tasks, schedule, summarize


def _result(index: int, fingerprint: str, players: tuple[int, ...] = (0, 0)) -> GameResult:
    return GameResult(
        index=index,
        seed=index,
        players=players,
        returns=(1.0, -1.0),
        decisions=10,
        lead_changes=0,
        decided_at=1.0,
        first_player=0,
        fingerprint=fingerprint,
    )


def _start_of(state: object, players: int, scenario: str = "middle-kingdom") -> dict[int, int]:
    """Seat -> scenario player number, read from where each scenario God stands."""
    scen = load_scenario(scenario, players)
    gods = {p.player: p.hex for p in scen.pieces if p.kind == "god"}
    return {state.figure_owner[h]: k for k, h in gods.items()}  # type: ignore[attr-defined]


# --- start positions --------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_start_position_is_the_turn_position_by_the_rules(players: int) -> None:
    state = AnkhGame({"players": players}).new_initial_state(11)
    facets = state.report_facets()
    start = _start_of(state, players)
    for seat in range(players):
        assert facets["start position"][seat] == f"#{start[seat]}"
        assert facets["turn position"][seat][0] == str(start[seat])  # "1st" for #1, ...


@pytest.mark.parametrize("rotation", [1, 2, 3])
def test_start_rotation_seats_the_scenario_players_apart_from_the_turn_order(rotation: int) -> None:
    state = AnkhGame({"players": 4, "start_rotation": rotation}).new_initial_state(11)
    facets = state.report_facets()
    start = _start_of(state, 4)
    order = list(state.turn_order)
    for seat in range(4):
        assert facets["start position"][seat] == f"#{start[seat]}"  # the label follows the pieces
        assert (order.index(seat) - (start[seat] - 1)) % 4 == rotation
    # the turn order, the Devotion stack and everything else drawn stay as without rotation
    plain = AnkhGame({"players": 4}).new_initial_state(11)
    assert state.turn_order == plain.turn_order and state.guardian_kind == plain.guardian_kind


def test_start_rotation_must_be_below_the_player_count() -> None:
    with pytest.raises(ConfigError, match="start_rotation"):
        AnkhGame({"players": 3, "start_rotation": 3})


def test_rotate_starts_pairs_every_start_with_every_turn_position_equally() -> None:
    tasks = schedule("ankh", ["random"], 32, options={"players": 4}, rotate_starts=True)
    assert [t.options["start_rotation"] for t in tasks[:8]] == [0, 0, 0, 0, 1, 1, 1, 1]
    assert tasks[0].facets == {"start_rotation": "0"}
    pairs: Counter[tuple[str, str]] = Counter()
    for t in tasks:
        facets = AnkhGame(t.options).new_initial_state(t.seed).report_facets()
        pairs.update(zip(facets["turn position"], facets["start position"], strict=True))
    assert len(pairs) == 16 and set(pairs.values()) == {8}


def test_rotate_starts_needs_start_positions_and_is_not_given_twice() -> None:
    with pytest.raises(ConfigError, match="no start positions"):
        schedule("aton", ["random"], 4, rotate_starts=True)
    with pytest.raises(ConfigError, match="do not give it as well"):
        schedule("ankh", ["random"], 4, options={"players": 2, "start_rotation": 1}, rotate_starts=True)
    varied = schedule(
        "ankh", ["random"], 8, options={"players": 2}, variants=[{"scenario": "old-kingdom"}], rotate_starts=True
    )
    assert {(t.options["scenario"], t.options["start_rotation"]) for t in varied} == {
        ("old-kingdom", 0),
        ("old-kingdom", 1),
    }


# --- distinct games and warnings -------------------------------------------------------------------------


def test_fingerprint_tells_the_same_game_from_another() -> None:
    task = schedule("ankh", ["random"], 2, options={"players": 2}, seed=3)
    a, b = play_task(task[0]), play_task(task[1])
    assert a.fingerprint == play_task(task[0]).fingerprint and len(a.fingerprint) == 16
    assert a.fingerprint != b.fingerprint
    assert distinct_games([a, b, play_task(task[0])]) == 2


def test_warns_about_few_distinct_games() -> None:
    repeated = [_result(i, "same" if i < 8 else f"g{i}") for i in range(10)]
    (warning,) = sample_warnings(repeated, ["random"])
    assert "only 3 distinct games among 10" in warning
    assert sample_warnings([_result(i, f"g{i}") for i in range(10)], ["random"]) == []
    assert distinct_games([_result(0, ""), _result(1, "")]) == 2  # results saved before fingerprints


def test_warns_when_every_seat_is_the_same_deterministic_player() -> None:
    results = [_result(i, f"g{i}") for i in range(4)]
    (warning,) = sample_warnings(results, ["heuristic"])
    assert "same deterministic player (heuristic)" in warning
    for spec in ("heuristic:temperature=0.1", "heuristic:epsilon=0.05", "random", "ismcts:iterations=10"):
        assert sample_warnings(results, [spec]) == [], spec
    # two different players, even deterministic ones, are not one strategy against itself
    mixed = [_result(i, f"g{i}", players=(0, 1)) for i in range(4)]
    assert sample_warnings(mixed, ["heuristic", "heuristic:plan=reply"]) == []
    assert deterministic_spec("heuristic:plan=reply") and not deterministic_spec("not-an-agent")


def test_report_and_simulate_show_start_positions_and_warnings(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app,
        [
            "simulate",
            "ankh",
            "--agents",
            "heuristic",
            "-o",
            "players=2",
            "-o",
            "gods=none",
            "--games",
            "4",
            "--rotate-starts",
            "--report",
            str(tmp_path / "rep"),
        ],
        env={"COLUMNS": "200"},
    )
    assert result.exit_code == 0, result.output
    assert "By start position" in result.output and "By turn position" in result.output
    assert "warning: every seat is played by the same deterministic player" in " ".join(result.output.split())
    data = json.loads((tmp_path / "rep" / "results.json").read_text())
    assert data["options"]["rotate_starts"] is True
    assert any("deterministic" in w for w in data["warnings"]) and data["distinct_games"] <= 4
    (starts,) = [t for t in data["facets"] if t["name"] == "start position"]
    assert [row["label"] for row in starts["rows"]] == ["#1", "#2"]
    page = (tmp_path / "rep" / "index.html").read_text()
    assert 'class="warning"' in page
    bad = CliRunner().invoke(app, ["simulate", "aton", "--rotate-starts", "--games", "2"])
    assert bad.exit_code == 2 and "no start positions" in bad.output


def test_report_without_problems_has_no_warning(tmp_path: Path) -> None:
    results = run_tasks(schedule("aton", ["random"], 3))
    summary = summarize("aton", ["random"], results, bootstrap=5)
    page = write_report(tmp_path, summary, results, title="Aton", seat_names=["Red", "Blue"], options={}).read_text()
    assert 'class="warning"' not in page and "(3 distinct)" in page


def test_start_and_turn_positions_crossed_only_when_they_differ() -> None:
    def game(turns: tuple[str, ...], starts: tuple[str, ...]) -> GameResult:
        result = _result(0, "g")
        return GameResult(**{**result.__dict__, "facets": {"turn position": turns, "start position": starts}})

    same = [game(("1st", "2nd"), ("#1", "#2")), game(("2nd", "1st"), ("#2", "#1"))]
    assert cross_scores(same) is None and cross_html(same) == ""
    rotated = [*same, game(("1st", "2nd"), ("#2", "#1"))]
    cells = cross_scores(rotated)
    assert cells is not None and set(cells) == {("#1", "1st"), ("#2", "2nd"), ("#1", "2nd"), ("#2", "1st")}
    assert (cells[("#1", "1st")].wins, cells[("#1", "1st")].n) == (1, 2)  # seat 0 won every game
    assert (cells[("#2", "1st")].wins, cells[("#1", "2nd")].losses) == (1, 1)
    assert "By start position (rows) and turn position (columns)" in cross_html(rotated)
