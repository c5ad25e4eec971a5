"""Balance by facet (netjer.sim.facets): the states' labels, their tables, reports and CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from netjer.cli.main import app
from netjer.core import ConfigError
from netjer.core.stats import wilson_interval
from netjer.games.ankh import AnkhGame
from netjer.games.aton import AtonGame
from netjer.sim.facets import Score, facet_tables, first_player_score
from netjer.sim.report import balance_metrics, write_report
from netjer.sim.tournament import GameResult, outcome, play_task, run_tasks, schedule, summarize


def _result(
    returns: tuple[float, ...], facets: dict[str, tuple[str, ...]], first: int = 0, players: tuple[int, ...] = ()
) -> GameResult:
    return GameResult(
        index=0,
        seed=0,
        players=players or (0,) * len(returns),
        returns=returns,
        decisions=100,
        lead_changes=0,
        decided_at=1.0,
        first_player=first,
        facets=facets,
    )


# --- the states' labels ----------------------------------------------------------------------------


def test_kernel_default_is_no_facet() -> None:
    assert AtonGame().new_initial_state(1).report_facets() == {}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_ankh_labels_every_seat(players: int) -> None:
    state = AnkhGame({"players": players, "scenario": "old-kingdom", "guardians": "satet,apep,draw"}).new_initial_state(
        7
    )
    facets = state.report_facets()
    assert set(facets) == {"god", "turn position", "start position", "scenario", "guardians"}
    assert all(len(labels) == players for labels in facets.values())
    # every seat is labelled by its god's power (drawn, no repeats), not by the seat's name
    powers = state.observation(None)["god_powers"]
    holders = {info["holder"]: gid for gid, info in powers.items()}
    assert [label.lower() for label in facets["god"]] == [holders[s] for s in range(players)]
    assert len(set(facets["god"])) == players
    # the first player (§7.1, drawn at setup) is first in the public turn order; the first
    # decision may be another god's (Bastet places her cats before the first turn, §4.2)
    order = state.observation(None)["turn_order"]
    assert [facets["turn position"][s] for s in order] == ["1st", "2nd", "3rd", "4th", "5th"][:players]
    assert sorted(facets["turn position"]) == ["1st", "2nd", "3rd", "4th", "5th"][:players]
    assert facets["scenario"] == ["old-kingdom"] * players
    assert len(set(facets["guardians"])) == 1 and facets["guardians"][0].startswith("satet/apep/")


def test_ankh_god_facet_names_the_chosen_gods() -> None:
    state = AnkhGame({"players": 3, "gods": "ra,bastet,seth"}).new_initial_state(2)
    assert state.report_facets()["god"] == ["Ra", "Bastet", "Seth"]
    drawn = AnkhGame({"players": 3, "gods": "draw,isis,draw"}).new_initial_state(5).report_facets()["god"]
    assert drawn[1] == "Isis" and not any(label.startswith("Player") for label in drawn)


def test_ankh_god_facet_without_gods_names_the_seats() -> None:
    game = AnkhGame({"players": 3, "gods": "none"})
    assert game.new_initial_state(2).report_facets()["god"] == [game.seat_name(s) for s in range(3)]


def test_play_task_records_the_initial_states_facets() -> None:
    task = schedule("ankh", ["random"], 1, options={"players": 3}, seed=4)[0]
    result = play_task(task)
    assert result.facets == {
        k: tuple(v) for k, v in AnkhGame({"players": 3}).new_initial_state(4).report_facets().items()
    }
    assert play_task(schedule("aton", ["random"], 1)[0]).facets == {}


# --- tables ------------------------------------------------------------------------------------------


def test_seat_facet_counts_and_wilson_intervals() -> None:
    results = [
        _result((1.0, -1.0), {"god": ("Ra", "Isis")}),
        _result((-1.0, 1.0), {"god": ("Isis", "Ra")}),
        _result((1.0, -1.0), {"god": ("Isis", "Ra")}),
        _result((0.0, 0.0), {"god": ("Ra", "Isis")}),
    ]
    (table,) = facet_tables(results)
    assert table.name == "god" and not table.per_game
    isis, ra = table.rows
    assert (ra.label, ra.seats, ra.games) == ("Ra", 4, 4)
    assert (ra.score.wins, ra.score.draws, ra.score.losses) == (2, 1, 1)
    assert ra.score.score == pytest.approx(2.5 / 4)
    assert ra.score.interval == wilson_interval(2.5, 4)
    assert (isis.score.wins, isis.score.draws, isis.score.losses) == (1, 1, 2)


def test_game_facet_gives_first_player_and_agent_scores() -> None:
    results = [
        _result((1.0, -1.0), {"scenario": ("a", "a")}, first=0, players=(0, 1)),
        _result((1.0, -1.0), {"scenario": ("a", "a")}, first=1, players=(1, 0)),
        _result((-1.0, -1.0), {"scenario": ("b", "b")}, first=0, players=(0, 1)),
    ]
    (table,) = facet_tables(results, ["ismcts", "heuristic"])
    assert table.per_game
    a, b = table.rows
    assert (a.games, a.seats, a.no_winner) == (2, 4, 0.0)
    assert (a.first_player.wins, a.first_player.losses) == (1, 1)
    assert list(a.agents) == ["ismcts", "heuristic"]
    assert (a.agents["ismcts"].wins, a.agents["heuristic"].wins) == (1, 1)
    # Everyone lost game 3 (Ankh: every god forgotten): a loss for every seat, no winner.
    assert b.no_winner == 1.0 and b.first_player.losses == 1 and b.agents["ismcts"].losses == 1


def test_results_without_a_facet_are_left_out_of_its_table() -> None:
    results = [_result((1.0, -1.0), {"god": ("Ra", "Isis")}), _result((1.0, -1.0), {})]
    (table,) = facet_tables(results)
    assert sum(row.seats for row in table.rows) == 2


def test_first_player_score_and_everyone_loses() -> None:
    results = [_result((1.0, -1.0), {}, first=1), _result((-1.0, 1.0), {}, first=1), _result((0.0, 0.0), {}, first=0)]
    first = first_player_score(results)
    assert (first.wins, first.draws, first.losses) == (1, 1, 1)
    assert outcome([-1.0, -1.0, -1.0], 0) == "loss"
    assert outcome([0.0, 0.0], 0) == "draw"
    assert Score().interval == (0.0, 1.0)


# --- schedules with variants, reports, the command --------------------------------------------------


def test_variants_are_played_in_blocks_of_one_rotation() -> None:
    variants = [{"scenario": "middle-kingdom"}, {"scenario": "old-kingdom"}]
    tasks = schedule("ankh", ["heuristic", "random"], 8, options={"players": 2}, variants=variants)
    assert [t.options["scenario"] for t in tasks] == ["middle-kingdom"] * 2 + ["old-kingdom"] * 2 + [
        "middle-kingdom"
    ] * 2 + ["old-kingdom"] * 2
    assert [t.players for t in tasks[:4]] == [(0, 1), (1, 0), (0, 1), (1, 0)]
    with pytest.raises(ConfigError, match="same number of seats"):
        schedule("ankh", ["random"], 2, variants=[{"players": 2}, {"players": 3}])


def test_variants_share_the_games_evenly() -> None:
    draw, cont = {"equal_40_tie": "draw"}, {"equal_40_tie": "continue"}
    # 2 games, 2 variants, 2 seats: one game each (block sizes once left the second out)
    two = schedule("aton", ["heuristic", "random"], 2, variants=[draw, cont])
    assert [t.options["equal_40_tie"] for t in two] == ["draw", "continue"]
    # 4 games, 2 variants, 3 seats: 2 + 2 (not 3 + 1), each rotating its own seats
    variants = [{"scenario": "middle-kingdom"}, {"scenario": "old-kingdom"}]
    four = schedule("ankh", ["heuristic", "random"], 4, options={"players": 3}, variants=variants)
    scenarios = [t.options["scenario"] for t in four]
    assert scenarios == ["middle-kingdom", "middle-kingdom", "old-kingdom", "old-kingdom"]
    assert [t.players for t in four] == [(0, 1, 1), (1, 0, 1)] * 2
    assert [t.seed for t in four] == [0, 1, 2, 3] and [t.index for t in four] == [0, 1, 2, 3]
    # 7 games, 3 variants: 3 + 2 + 2
    three = schedule("aton", ["random"], 7, variants=[draw, cont, {"equal_40_tie": "draw", "reveal": "all_at_once"}])
    assert [t.facets.get("reveal") for t in three].count("all_at_once") == 2
    assert [t.facets["equal_40_tie"] for t in three].count("continue") == 2
    with pytest.raises(ConfigError, match="at least 2 games"):
        schedule("aton", ["random"], 1, variants=[draw, cont])


def test_varied_options_label_every_game() -> None:
    variants = [{"equal_40_tie": "draw"}, {"equal_40_tie": "continue"}]
    tasks = schedule("aton", ["random"], 2, variants=variants)
    assert [t.facets for t in tasks] == [{"equal_40_tie": "draw"}, {"equal_40_tie": "continue"}]
    assert play_task(tasks[1]).facets == {"equal_40_tie": ("continue", "continue")}
    assert schedule("aton", ["random"], 1)[0].facets == {}
    # Ankh labels its games with the scenario already: no second facet of the same name
    scenarios = [{"scenario": "middle-kingdom"}, {"scenario": "old-kingdom"}]
    assert all(t.facets == {} for t in schedule("ankh", ["random"], 2, options={"players": 2}, variants=scenarios))
    # ... but its guardians facet gives the types drawn, so the varied value gets its own facet
    guardians = [{"guardians": "draw"}, {"guardians": "satet,apep,draw"}]
    tasks = schedule("ankh", ["random"], 2, options={"players": 2}, variants=guardians)
    assert [t.facets for t in tasks] == [{"guardians (varied)": "draw"}, {"guardians (varied)": "satet,apep,draw"}]


def test_report_shows_facets_and_first_player(tmp_path: Path) -> None:
    variants = [{"scenario": "middle-kingdom"}, {"scenario": "old-kingdom"}]
    agents = ["heuristic:epsilon=0.05", "random"]
    results = run_tasks(schedule("ankh", agents, 8, options={"players": 2}, variants=variants))
    summary = summarize("ankh", agents, results, bootstrap=10)
    index = write_report(tmp_path, summary, results, title="Ankh", seat_names=["P1", "P2"], options={})
    page = index.read_text()
    for text in ("By god", "By turn position", "By scenario", "old-kingdom", "first player score", "first player"):
        assert text in page
    assert page.count("data:image/png;base64,") == 3 + 5  # length, seats, agents + one per facet
    data = json.loads((tmp_path / "results.json").read_text())
    assert {t["name"] for t in data["facets"]} == {"god", "turn position", "start position", "scenario", "guardians"}
    assert data["games"][0]["facets"]["scenario"] == ["middle-kingdom", "middle-kingdom"]
    header = (tmp_path / "results.csv").read_text().splitlines()[0]
    assert "god_seat0" in header and "scenario_seat1" in header
    metrics = balance_metrics(results)
    assert metrics["first_player_low"] <= metrics["first_player_score"] <= metrics["first_player_high"]


def test_report_without_facets_has_no_facet_section(tmp_path: Path) -> None:
    results = run_tasks(schedule("aton", ["random"], 2))
    summary = summarize("aton", ["random"], results, bootstrap=5)
    page = write_report(tmp_path, summary, results, title="Aton", seat_names=["Red", "Blue"], options={}).read_text()
    assert "Facets" not in page and page.count("data:image/png;base64,") == 3


def test_simulate_prints_facets_and_varies_options(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app,
        [
            "simulate",
            "ankh",
            "--agents",
            "heuristic,random",
            "-o",
            "players=2",
            "--vary",
            "scenario=middle-kingdom,old-kingdom",
            "--games",
            "4",
            "--report",
            str(tmp_path / "rep"),
        ],
        env={"COLUMNS": "200"},
    )
    assert result.exit_code == 0, result.output
    for text in ("first player: score", "By god", "By turn position", "By scenario"):
        assert text in result.output
    data = json.loads((tmp_path / "rep" / "results.json").read_text())
    assert data["options"]["variants"] == [{"scenario": "middle-kingdom"}, {"scenario": "old-kingdom"}]
    (scenarios,) = [t for t in data["facets"] if t["name"] == "scenario"]
    assert [row["label"] for row in scenarios["rows"]] == ["middle-kingdom", "old-kingdom"]
    bad = CliRunner().invoke(app, ["simulate", "ankh", "--vary", "scenario"])
    assert bad.exit_code != 0 and "name=value1,value2" in bad.output


def test_heuristic_epsilon_parameter() -> None:
    result = play_task(schedule("ankh", ["heuristic:epsilon=1", "heuristic"], 1, options={"players": 2})[0])
    assert len(result.returns) == 2
    with pytest.raises(ConfigError, match="from 0 to 1"):
        schedule("ankh", ["heuristic:epsilon=2"], 1)
