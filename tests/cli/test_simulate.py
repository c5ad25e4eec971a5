"""`netjer simulate`: --vary (shares, facets, separators, conflicts) and the checks made
before the first game (output paths, workers)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from netjer.cli.main import _parse_variants, app
from netjer.core import ConfigError
from netjer.sim import tournament
from netjer.sim.report import balance_metrics, write_report
from netjer.sim.tournament import run_tasks, schedule, summarize


def _simulate(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["simulate", *args], env={"COLUMNS": "200"})
    return result.exit_code, result.output


@pytest.fixture
def no_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail the test if any game is played."""

    def fail(*_: object, **__: object) -> None:
        raise AssertionError("a game was played before the options were refused")

    monkeypatch.setattr(tournament, "run_tasks", fail)


# --- --vary ------------------------------------------------------------------------------------------


def test_vary_splits_on_bars_when_values_hold_commas() -> None:
    assert _parse_variants(["gods=ra,isis|seth,bastet"]) == [{"gods": "ra,isis"}, {"gods": "seth,bastet"}]
    assert _parse_variants(["scenario=a, b", "players=2|3"]) == [
        {"scenario": "a", "players": "2"},
        {"scenario": "a", "players": "3"},
        {"scenario": "b", "players": "2"},
        {"scenario": "b", "players": "3"},
    ]
    assert _parse_variants([]) == []


@pytest.mark.parametrize(
    ("items", "fixed", "message"),
    [
        (["scenario=a,,b"], {}, "empty value"),
        (["scenario=a,b,"], {}, "empty value"),
        (["gods=ra|"], {}, "empty value"),
        (["scenario="], {}, "name=value1,value2"),
        (["scenario=a,a"], {}, "'a' twice"),
        (["scenario=a", "scenario=b"], {}, "option scenario twice"),
        (["scenario=a,b"], {"scenario": "c"}, "both fixed with -o and varied"),
    ],
)
def test_bad_vary_is_refused(items: list[str], fixed: dict[str, str], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        _parse_variants(items, fixed=fixed)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--vary", "scenario=middle-kingdom", "-o", "scenario=old-kingdom"], "both fixed with -o and varied"),
        (["--vary", "scenario=middle-kingdom", "--vary", "scenario=old-kingdom"], "twice"),
        (["--vary", "scenario=middle-kingdom,,old-kingdom"], "empty value"),
        (["--vary", "scenario=middle-kingdom,old-kingdom", "--games", "1"], "at least 2 games"),
    ],
)
def test_simulate_refuses_bad_vary_before_playing(no_games: None, args: list[str], message: str) -> None:
    code, output = _simulate("ankh", "-o", "players=2", *args)
    assert code == 2 and message in output and "Traceback" not in output


def test_an_out_file_the_system_refuses_is_refused_before_playing(no_games: None) -> None:
    """``/sys`` passes the folder permission test (as root) but refuses a new file: the real
    open of the check finds it before the games, not after them."""
    if not Path("/sys").is_dir():
        pytest.skip("no /sys here")
    code, output = _simulate("aton", "--games", "2", "--out", "/sys/netjer-results.json")
    flat = " ".join(output.split())
    assert code == 2 and "cannot write /sys/netjer-results.json: permission denied" in flat, flat


@pytest.mark.parametrize(
    ("report", "message"),
    [
        ("/sys/netjer-report", "--report /sys/netjer-report: cannot write in /sys: permission denied"),
        ("/sys", "--report /sys: cannot write in /sys: permission denied"),
        ("/proc/netjer-report", "--report /proc/netjer-report: cannot write in /proc:"),
    ],
)
def test_a_report_folder_the_system_refuses_is_refused_before_playing(
    no_games: None, report: str, message: str
) -> None:
    """``os.access`` says yes to root for ``/sys`` and ``/proc``, which take no new file: the report
    folder (or the nearest existing one, for a folder still to be made) is probed with a real
    temporary file before the games, so the refusal is one line and exit 2, not a traceback after them."""
    top = Path("/", Path(report).parts[1])
    if not top.is_dir():
        pytest.skip(f"no {top} here")
    code, output = _simulate("aton", "--games", "2", "--report", report)
    flat = " ".join(output.split())
    assert code == 2 and message in flat and "Traceback" not in flat, flat
    assert "━" not in output  # no progress bar drawn


def test_every_varied_value_gets_games(tmp_path: Path) -> None:
    # 2 games over 2 values: one each (the second was never played before)
    out = tmp_path / "r.json"
    code, output = _simulate("aton", "--vary", "equal_40_tie=draw,continue", "--games", "2", "--out", str(out))
    assert code == 0, output
    games = json.loads(out.read_text())["games"]
    assert [g["facets"]["equal_40_tie"][0] for g in games] == ["draw", "continue"]


def test_a_varied_option_is_a_facet_everywhere(tmp_path: Path) -> None:
    report, out = tmp_path / "rep", tmp_path / "r.csv"
    code, output = _simulate(
        "aton", "--vary", "equal_40_tie=draw,continue", "--games", "4", "--report", str(report), "--out", str(out)
    )
    assert code == 0, output
    assert "By equal_40_tie" in output and "continue" in output
    assert "By equal_40_tie" in (report / "index.html").read_text()
    data = json.loads((report / "results.json").read_text())
    (table,) = [t for t in data["facets"] if t["name"] == "equal_40_tie"]
    assert [(row["label"], row["games"]) for row in table["rows"]] == [("continue", 2), ("draw", 2)]
    rows = list(csv.DictReader(out.open()))
    assert [r["equal_40_tie_seat0"] for r in rows] == ["draw", "draw", "continue", "continue"]


def test_vary_values_with_commas(tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    code, output = _simulate(
        "ankh",
        "-o",
        "players=2",
        "--agents",
        "heuristic",
        "--vary",
        "gods=ra,isis|seth,bastet",
        "--games",
        "2",
        "--out",
        str(out),
    )
    assert code == 0, output
    games = json.loads(out.read_text())["games"]
    assert [g["facets"]["god"] for g in games] == [["Ra", "Isis"], ["Seth", "Bastet"]]
    assert [g["facets"]["gods"][0] for g in games] == ["ra,isis", "seth,bastet"]


def test_help_documents_vary() -> None:
    code, output = _simulate("--help")
    text = " ".join(output.split())
    assert code == 0 and "NAME=V1|V2" in text and "shared evenly" in text


# --- checks before the first game --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--out", "/nonexistent/dir/x.csv"], "does not exist"),
        (["--out", "{tmp}/x.txt"], "ending in .json or .csv"),
        (["--out", "{tmp}"], "ending in .json or .csv"),
        (["--out", "{tmp}/folder.json"], "is a folder"),
        (["--report", "{tmp}/file.txt"], "is a file"),
        (["--report", "{tmp}/file.txt/sub"], "cannot be made"),
        (["--workers", "0"], "--workers must be at least 1"),
    ],
)
def test_bad_outputs_are_refused_before_playing(no_games: None, tmp_path: Path, args: list[str], message: str) -> None:
    (tmp_path / "file.txt").write_text("x")
    (tmp_path / "folder.json").mkdir()
    code, output = _simulate("aton", "--games", "2", *(a.replace("{tmp}", str(tmp_path)) for a in args))
    assert code == 2 and message in output and "Traceback" not in output
    assert "━" not in output  # no progress bar drawn


# --- metrics -----------------------------------------------------------------------------------------


def test_counts_are_printed_as_integers(tmp_path: Path) -> None:
    results = run_tasks(schedule("aton", ["random"], 2))
    metrics = balance_metrics(results)
    assert all(isinstance(metrics[k], int) for k in ("games", "length_min", "length_max"))
    assert metrics["games"] == 2 and isinstance(metrics["balance"], float)
    summary = summarize("aton", ["random"], results, bootstrap=5)
    page = write_report(tmp_path, summary, results, title="Aton", seat_names=["Red", "Blue"], options={}).read_text()
    assert "<td>games</td><td>2</td>" in page
    assert f"<td>length in decisions, shortest</td><td>{min(r.decisions for r in results)}</td>" in page
    assert "<td>balance</td><td>" in page and ".000</td>" in page


def test_an_unreachable_ray_cluster_is_said_before_any_progress_bar(monkeypatch: pytest.MonkeyPatch) -> None:
    """`--ray-address` is connected to before the progress bar is drawn: an unreachable
    cluster is one error line, exit 2, with no bar and no game played."""
    from netjer.cli import main as cli  # noqa: PLC0415

    def refuse(address: str) -> None:
        raise ConfigError(f"the Ray cluster at {address!r} cannot be reached")

    def no_bar() -> None:
        raise AssertionError("the progress bar was drawn before the cluster was reached")

    monkeypatch.setattr(tournament, "connect_ray", refuse)
    monkeypatch.setattr(cli, "_progress_bar", no_bar)
    code, output = _simulate("aton", "--agents", "random", "--games", "2", "--ray-address", "auto")
    assert code == 2, output
    assert "the Ray cluster at 'auto' cannot be reached" in output
