"""The `netjer review` command: a finished game's review end to end, and its refusals of bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from netjer.cli.main import app
from netjer.core.record import GameRecord, save_record
from tests.agents.test_review import short_record

runner = CliRunner()


def _review(args: list[str]) -> tuple[int, str]:
    result = runner.invoke(app, ["review", *args], env={"COLUMNS": "160"})
    assert "Traceback" not in result.output
    return result.exit_code, result.output


@pytest.fixture
def finished(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    save_record(path, short_record())
    return path


def test_review_writes_table_graph_and_json(finished: Path, tmp_path: Path) -> None:
    png, out = tmp_path / "graph.png", tmp_path / "review.json"
    code, text = _review(
        [str(finished), "--seat", "0", "--iterations", "10", "--seed", "2", "--png", str(png), "--json", str(out)]
    )
    assert code == 0, text
    assert "marked decisions" in text or "No decision marked" in text
    assert "Graph written" in text and "Review written" in text
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    data = json.loads(out.read_text(encoding="utf-8"))
    record = short_record()
    assert data["seats"] == [0] and data["iterations"] == 10 and data["seed"] == 2
    assert [d["action"] for d in data["decisions"]] == [record.actions[d["ply"]] for d in data["decisions"]]
    assert data["decisions"] and all(0 <= d["before"] <= 1 and 0 <= d["after"] <= 1 for d in data["decisions"])
    # The same command gives the same review.
    again = tmp_path / "again.json"
    _review([str(finished), "--seat", "0", "--iterations", "10", "--seed", "2", "--json", str(again)])
    assert json.loads(again.read_text(encoding="utf-8")) == data


def test_review_of_every_seat_by_default(finished: Path, tmp_path: Path) -> None:
    out = tmp_path / "review.json"
    code, text = _review([str(finished), "--iterations", "4", "--json", str(out)])
    assert code == 0, text
    assert json.loads(out.read_text(encoding="utf-8"))["seats"] == [0, 1]
    assert "Seth" in text and "Isis" in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seat", "2"], "--seat must be 0 to 1"),
        (["--seat", "-1"], "--seat must be 0 to 1"),
        (["--iterations", "0"], "--iterations must be positive"),
        (["--iterations", "-5"], "--iterations must be positive"),
        (["--png", "no/such/folder/g.png"], "does not exist"),
        (["--depth", "0"], "--depth must be positive"),
    ],
)
def test_bad_options_exit_2_with_a_message(finished: Path, args: list[str], message: str) -> None:
    code, text = _review([str(finished), *args])
    assert code == 2 and "error:" in text and message in text


def test_missing_file_exits_2(tmp_path: Path) -> None:
    code, text = _review([str(tmp_path / "nothing.json")])
    assert code == 2 and "error:" in text and "nothing.json" in text


def test_unfinished_game_exits_2(tmp_path: Path) -> None:
    record = short_record()
    path = tmp_path / "unfinished.json"
    save_record(
        path,
        GameRecord(record.game, record.rules_version, record.options, record.seed, record.seats, record.actions[:-1]),
    )
    code, text = _review([str(path), "--iterations", "4"])
    assert code == 2 and "not finished" in text


def test_a_record_with_standins_shows_the_computers_decisions_apart(tmp_path: Path) -> None:
    from netjer.core.record import StandIn  # noqa: PLC0415

    record = short_record()
    path, out = tmp_path / "stood.json", tmp_path / "review.json"
    save_record(path, GameRecord(**{**record.__dict__, "standins": [StandIn(1, 0)]}))  # seat 1 all along
    code, text = _review([str(path), "--iterations", "6", "--json", str(out)])
    assert code == 0, text
    decisions = json.loads(out.read_text(encoding="utf-8"))["decisions"]
    ones = [d for d in decisions if d["seat"] == 1]
    assert ones and all(d["standin"] for d in ones) and not any(d["standin"] for d in decisions if d["seat"] == 0)
    assert f"Isis: 0 decisions (and {len(ones)} taken by the computer standing in, not counted), 0 inaccuracy" in text
    assert ("(computer standing in)" in text) == any(d["mark"] for d in ones)


@pytest.mark.parametrize(
    ("cut", "message"),
    [
        (None, "cannot read the file"),  # missing
        (0, "not valid JSON"),  # empty
        (200, "not valid JSON"),  # truncated mid-file
        (-2, "not valid JSON"),  # the closing brace lost
    ],
)
def test_a_missing_empty_or_truncated_record_exits_2_naming_the_line(
    finished: Path, tmp_path: Path, cut: int | None, message: str
) -> None:
    path = tmp_path / "cut.json"
    if cut is not None:
        path.write_bytes(finished.read_bytes()[:cut])
    code, text = _review([str(path), "--iterations", "2"])
    assert code == 2 and f"error: {path}" in text.replace("\n", "") and message in text
    if cut:
        assert "line " in text


@pytest.mark.parametrize(
    ("standins", "message"),
    [
        ('"oops"', r"standins: Input should be a valid list"),
        ("[1]", r"standins\.0: should be a JSON object"),  # once "instance of _StandInModel"
        ('[{"seat": 0}]', r"standins\.0\.start: Field required"),
        ('[{"seat": "0", "start": 0}]', r"standins\.0\.seat: Input should be a valid integer"),
        ('[{"seat": 0, "start": 1.5}]', r"standins\.0\.start: Input should be a valid integer"),
        ('[{"seat": 0, "start": 0, "end": null, "x": 1}]', r"standins\.0\.x: Extra inputs"),
        ('[{"seat": 2, "start": 0}]', r"standins\.0: seat 2: Dioses del Nilo with these options has seats 0 to 1"),
        ('[{"seat": 0, "start": 5, "end": 2}]', r"standins\.0: it ends \(entry 2\) before it starts \(entry 5\)"),
        ('[{"seat": 0, "start": 99999}]', r"standins\.0: entry 99999 to the end is past the record's \d+ entries"),
        # an end past the record was taken before (and counted every later decision the computer's)
        ('[{"seat": 0, "start": 1, "end": 99999}]', r"standins\.0: entry 1 to entry 99999 is past the record's"),
        # one seat's stretches overlapping were accepted (their union counted)
        (
            '[{"seat": 0, "start": 1, "end": 4}, {"seat": 0, "start": 3}]',
            r"standins\.1: it overlaps standins\.0 \(seat 0, entry 1 to entry 4\)",
        ),
        (
            '[{"seat": 1, "start": 2}, {"seat": 1, "start": 0, "end": 5}]',
            r"standins\.0: it overlaps standins\.1 \(seat 1, entry 0 to entry 5\)",
        ),
        (
            '[{"seat": 0, "start": 2}, {"seat": 0, "start": 4, "end": 5}]',
            r"standins\.1: it overlaps standins\.0 \(seat 0, entry 2 to the end\)",
        ),
    ],
)
def test_a_malformed_standins_field_exits_2_naming_its_line(
    finished: Path, tmp_path: Path, standins: str, message: str
) -> None:
    import re  # noqa: PLC0415

    original = finished.read_text(encoding="utf-8")
    line = original[: original.index('"actions"')].count("\n") + 1
    path = tmp_path / "stood.json"
    path.write_text(original.replace('"actions"', f'"standins": {standins},\n  "actions"'), encoding="utf-8")
    code, text = _review([str(path), "--iterations", "2"])
    flat = " ".join(text.split())
    assert code == 2 and re.search(message, flat), flat
    assert f"line {line}," in flat and "_StandInModel" not in flat


@pytest.mark.parametrize("flag", ["--json", "--png"])
def test_an_output_that_is_the_record_itself_is_refused(finished: Path, flag: str) -> None:
    """``--json game.json`` wrote the review over the game's record (and ``--png`` a graph)."""
    before = finished.read_bytes()
    code, text = _review([str(finished), "--iterations", "2", flag, str(finished)])
    assert code == 2 and "is the record being reviewed" in text
    assert finished.read_bytes() == before


@pytest.mark.parametrize("flag", ["--json", "--png"])
def test_a_folder_or_a_refused_file_as_output_is_refused_before_the_review(
    finished: Path, tmp_path: Path, flag: str
) -> None:
    folder = tmp_path / "out.json"
    folder.mkdir()
    code, text = _review([str(finished), "--iterations", "2", flag, str(folder)])
    flat = " ".join(text.split())
    assert code == 2 and f"{flag} " in flat and "is a folder; give a file name" in flat, flat
    if Path("/sys").is_dir():  # the folder passes the permission test (as root); a new file is refused
        code, text = _review([str(finished), "--iterations", "2", flag, "/sys/netjer-review.json"])
        flat = " ".join(text.split())
        assert code == 2 and "cannot write /sys/netjer-review.json: permission denied" in flat, flat


def test_the_graph_and_the_review_in_one_file_are_refused(finished: Path, tmp_path: Path) -> None:
    out = tmp_path / "both.out"
    code, text = _review([str(finished), "--iterations", "2", "--json", str(out), "--png", str(out)])
    assert code == 2 and "--png and --json are the same file" in text and not out.exists()


@pytest.mark.parametrize("flag", ["--json", "--png"])
def test_an_output_that_cannot_be_written_is_refused_before_the_review(
    finished: Path, tmp_path: Path, flag: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--json /proc/version`` passed the folder and permission checks (as root) and failed
    only once the whole review was computed; a new output is not left behind by the check."""
    import netjer.agents.review as review_module  # noqa: PLC0415

    def never(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the review was computed")

    monkeypatch.setattr(review_module, "review_record", never)
    target = Path("/proc/version")
    if not target.exists():
        pytest.skip("no /proc/version here")
    code, text = _review([str(finished), "--iterations", "2", flag, str(target)])
    flat = " ".join(text.split())
    assert code == 2 and "cannot write /proc/version" in flat, flat
    fresh = tmp_path / "new.json"
    code, text = _review([str(finished), "--iterations", "2", flag, str(fresh), "--seat", "9"])
    assert code == 2 and "--seat must be" in text and not fresh.exists()  # checked, then removed


def test_a_review_interrupted_with_ctrl_c_says_so_and_exits_130(
    finished: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import netjer.agents.review as review_module  # noqa: PLC0415

    def interrupted(*_args: object, **_kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(review_module, "review_record", interrupted)
    out = tmp_path / "review.json"
    code, text = _review([str(finished), "--iterations", "2", "--json", str(out)])
    flat = " ".join(text.split())
    assert code == 130 and "interrupted: the review was stopped before it was finished" in flat, flat
    assert "nothing was written" in flat and "review.json" in flat and not out.exists()


def _record_with_undos(seed: int = 5) -> GameRecord:
    """A random Aton game in which the last seat to act sometimes takes its decision back."""
    from netjer.core.rng import Rng  # noqa: PLC0415
    from netjer.core.undo import UNDO, Transcript  # noqa: PLC0415
    from netjer.games.registry import make_game  # noqa: PLC0415

    g = make_game("aton", {})
    rng = Rng(seed)
    transcript = Transcript(g.new_initial_state(seed))
    while not transcript.state.is_terminal:
        actor = transcript.last_actor()
        if actor is not None and transcript.can_undo(actor) and rng.below(3) == 0:
            transcript.undo(actor)
        else:
            legal = transcript.state.legal_actions()
            transcript.apply(legal[rng.below(len(legal))])
    assert transcript.entries.count(UNDO) >= 2
    return GameRecord.from_state(transcript.state, ["human", "human"], transcript.entries)


def test_review_and_replay_give_every_decision_the_same_number(tmp_path: Path) -> None:
    """In a game with undos, each reviewed decision's number is the line of `netjer replay`
    that tells it (the replay numbers undos and the actions they took back too)."""
    import re  # noqa: PLC0415

    path, out = tmp_path / "undos.json", tmp_path / "review.json"
    record = _record_with_undos()
    save_record(path, record)
    code, text = _review([str(path), "--iterations", "2", "--json", str(out)])
    assert code == 0, text
    decisions = json.loads(out.read_text(encoding="utf-8"))["decisions"]
    replayed = runner.invoke(app, ["replay", str(path), "--omniscient"], env={"COLUMNS": "400"})
    assert replayed.exit_code == 0, replayed.output
    lines = dict(re.findall(r"^\s*(\d+)\. (.*?)\s*$", replayed.output, flags=re.MULTILINE))
    numbers = [d["entry"] + 1 if d["entry"] is not None else d["ply"] + 1 for d in decisions]
    assert any(n != d["ply"] + 1 for n, d in zip(numbers, decisions, strict=True))  # the undos shift them
    for number, d in zip(numbers, decisions, strict=True):
        assert lines[str(number)] == d["description"], number
        assert record.actions[number - 1] == d["action"]
    for d in decisions:  # the table shows a marked decision by that number
        if d["mark"]:
            assert re.search(rf"Move {(d['entry'] if d['entry'] is not None else d['ply']) + 1}, ", text)
