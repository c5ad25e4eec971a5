"""The `netjer` command: play, replay, games; bad input never gives a traceback."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from netjer.cli.main import app
from netjer.core import load_record

runner = CliRunner()


def _play(args: list[str], answers: str) -> tuple[int, str]:
    result = runner.invoke(app, ["play", *args], input=answers, env={"COLUMNS": "140"})
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_human_plays_a_whole_game_by_numbers(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    code, out = _play(
        ["aton", "--seat", "0=human", "--seat", "1=random", "--seed", "7", "--save", str(save)], "1\n2\n3\n4\n" * 400
    )
    assert code == 0
    assert "Game over" in out and ("wins" in out or "Draw" in out)
    record, _ = load_record(save)
    assert record.result is not None and record.seats == ["human", "random"]


def test_illegal_and_unparsable_input_is_explained_and_the_game_goes_on(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    code, out = _play(
        ["aton", "--seat", "0=human", "--seed", "7", "--save", str(save)],
        "place 1Y\nassign 9\n7\nkeep\nquit\n",
    )
    assert code == 0
    assert "Not allowed: this is not the moment for that" in out and "Aton rules §4 step B" in out
    assert "is not an Aton action" in out
    assert "There is no choice 7" in out
    assert "Legal actions" in out and "1) keep" in out
    record, _ = load_record(save)
    assert record.actions[0] == "keep"  # the legal action was played, nothing else


def test_quit_saves_and_load_resumes(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    _play(["aton", "--seat", "0=human", "--seed", "3", "--save", str(save)], "keep\n1\n2\nquit\n")
    first, _ = load_record(save)
    assert first.result is None and len(first.actions) >= 2
    code, out = _play(["aton", "--load", str(save)], "1\n2\n3\n4\nquit\n")
    assert code == 0 and "Resuming Aton (seed 3)" in out
    second, _ = load_record(save)
    assert second.actions[: len(first.actions)] == first.actions
    assert len(second.actions) > len(first.actions)


def test_save_file_with_unfinished_game_is_resumed_not_overwritten(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    _play(["aton", "--seat", "0=human", "--seed", "3", "--save", str(save)], "keep\nquit\n")
    before, _ = load_record(save)
    _, out = _play(["aton", "--seat", "0=human", "--save", str(save)], "quit\n")
    assert "Resuming" in out
    after, _ = load_record(save)
    assert after.seed == before.seed == 3
    # Flags that contradict the saved game are refused, not ignored.
    code, out = _play(["aton", "--seat", "0=human", "--seed", "99", "--save", str(save)], "quit\n")
    assert code == 2 and "its seed is 3, not 99" in out
    code, out = _play(["aton", "--load", str(save), "-o", "equal_40_tie=continue"], "quit\n")
    assert code == 2 and "its option equal_40_tie is 'draw'" in out
    # --new keeps the old game aside.
    _play(["aton", "--seat", "0=human", "--seed", "99", "--save", str(save), "--new"], "quit\n")
    kept = [p for p in tmp_path.iterdir() if p.name != "g.json"]
    assert len(kept) == 1 and load_record(kept[0])[0].seed == 3


def test_computer_against_computer(tmp_path: Path) -> None:
    code, out = _play(["aton", "--seed", "5"], "")
    assert code == 0 and "Game over" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["chess"], "unknown game 'chess'"),
        (["aton", "--seat", "5=human"], "seats are numbered 0 to 1"),
        (["aton", "--seat", "x=human"], "seat must be a number"),
        (["aton", "--seat", "human"], "SEAT=AGENT"),
        (["aton", "--seat", "1=alphago"], "unknown agent 'alphago'"),
        (["aton", "-o", "reveal=never"], "reveal"),
        (["aton", "-o", "nonsense"], "name=value"),
        (["aton", "--seat", "0=human", "--seat", "0=random"], "given twice"),
        (["aton", "--seat", "1=ismcts:time=1,time=2"], "parameter 'time' given twice"),
        (["aton", "-o", "reveal=now", "-o", "reveal=later"], "--option 'reveal' given twice"),
        (["aton", "--seed", str(2**64)], "--seed must be a 64-bit value"),
    ],
)
def test_bad_arguments_are_usage_errors(args: list[str], message: str) -> None:
    code, out = _play(args, "")
    assert code == 2
    assert message in out


def test_bad_save_file_is_refused_with_the_line(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    save.write_text('{\n  "format": "netjer-record/1",\n  "game": aton\n}\n')
    code, out = _play(["aton", "--load", str(save)], "")
    assert code == 2 and "line 3" in out


def test_replay_views(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    _play(["aton", "--seed", "11", "--save", str(save)], "")
    result = runner.invoke(app, ["replay", str(save), "--seat", "1"], env={"COLUMNS": "140"})
    assert result.exit_code == 0, result.output
    assert "Red puts a card face down on cartouche 1." in result.output
    assert "Final position" in result.output
    full = runner.invoke(app, ["replay", str(save), "--omniscient"], env={"COLUMNS": "140"})
    assert full.exit_code == 0
    assert "Red puts a card face down" not in full.output  # every value is shown


def test_replay_of_a_tampered_record_names_the_action_and_line(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    _play(["aton", "--seed", "11", "--save", str(save)], "")
    data = json.loads(save.read_text())
    data["actions"][4] = "place 4+2"
    data["result"] = None
    save.write_text(json.dumps(data, indent=2))
    result = runner.invoke(app, ["replay", str(save)])
    assert result.exit_code == 2
    assert "action 5 'place 4+2'" in result.output and "line" in result.output
    assert "Traceback" not in result.output


def test_games_lists_options() -> None:
    result = runner.invoke(app, ["games"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert "equal_40_tie" in result.output and "Aton" in result.output


def test_markup_like_input_is_shown_literally(tmp_path: Path) -> None:
    code, out = _play(
        ["aton", "--seat", "0=human", "--seed", "1", "--save", str(tmp_path / "g.json")], "[/]\n[bold]x\nquit\n"
    )
    assert code == 0 and "'[/]' is not an Aton action" in out and "'[bold]x'" in out
    code, out = _play(["[/]"], "")
    assert code == 2 and "unknown game '[/]'" in out


@pytest.mark.parametrize("answer", ["²", "١", "9" * 5000, "-1", "0"])
def test_odd_numbers_at_the_prompt_are_refused(tmp_path: Path, answer: str) -> None:
    code, _out = _play(
        ["aton", "--seat", "0=human", "--seed", "1", "--save", str(tmp_path / "g.json")], f"{answer}\nquit\n"
    )
    assert code == 0
    record, _ = load_record(tmp_path / "g.json")
    assert record.actions == []  # nothing was played


def test_hot_seat_handover_can_quit_and_shows_nothing_of_the_other_hand(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    code, out = _play(
        ["aton", "--seat", "0=human", "--seat", "1=human", "--seed", "7", "--save", str(save)], "keep\nquit\n"
    )
    assert code == 0 and "Pass the keyboard to Blue" in out
    assert out.count("(you)") == 1  # only Red's view was drawn
    assert load_record(save)[0].actions == ["keep"]


def test_unwritable_save_path_is_refused_before_play(tmp_path: Path) -> None:
    code, out = _play(["aton", "--seat", "0=human", "--save", str(tmp_path / "no" / "g.json")], "keep\n")
    assert code == 2 and "does not exist" in out
    folder = tmp_path / "dir.json"
    folder.mkdir()
    code, out = _play(["aton", "--seat", "0=human", "--save", str(folder)], "keep\n")
    assert code == 2 and "is a folder" in out


def test_a_save_path_the_system_refuses_is_refused_before_play() -> None:
    """``/sys`` passes the folder permission test (as root) but refuses a new file."""
    if not Path("/sys").is_dir():
        pytest.skip("no /sys here")
    code, out = _play(["aton", "--seat", "0=human", "--save", "/sys/netjer-game.json"], "keep\n")
    flat = " ".join(out.split())
    assert code == 2 and "cannot save to /sys/netjer-game.json: permission denied" in flat, flat


def test_the_write_probes_leave_files_as_they_were_and_give_the_systems_refusal(tmp_path: Path) -> None:
    """The checks of output paths open for real (``os.access`` says yes to root everywhere): the
    append probe leaves an existing file's bytes, the new-file probe leaves nothing in the folder,
    and both raise the system's OSError where it refuses (``/proc/version``, ``/sys``)."""
    from netjer.cli.main import _probe_append, _probe_new_file  # noqa: PLC0415

    kept = tmp_path / "kept.json"
    kept.write_bytes(b"{}")
    _probe_append(kept)
    assert kept.read_bytes() == b"{}"
    _probe_new_file(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.json"]
    if Path("/proc/version").is_file():
        with pytest.raises(OSError):
            _probe_append(Path("/proc/version"))
    if Path("/sys").is_dir():
        with pytest.raises(PermissionError):
            _probe_new_file(Path("/sys"))


def test_a_human_game_without_save_is_saved_by_default(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out = _play(["aton", "--seat", "0=human", "--seed", "42"], "keep\nquit\n")
    assert code == 0 and "aton-42.json" in out
    assert load_record(tmp_path / "aton-42.json")[0].actions[0] == "keep"


def test_bad_flags_do_not_touch_files(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    _play(["aton", "--seat", "0=human", "--seed", "3", "--save", str(save)], "keep\nquit\n")
    code, out = _play(["aton", "--save", str(save), "--new", "--seat", "0=god"], "")
    assert code == 2 and "unknown agent 'god'" in out
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]
    code, out = _play(["aton", "--load", str(save), "--new"], "")
    assert code == 2 and "cannot be combined" in out


def test_corrupt_save_names_the_file_and_the_way_out(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    save.write_text('{"format": "netjer-rec')
    code, out = _play(["aton", "--seat", "0=human", "--save", str(save)], "")
    assert code == 2 and str(save) in out and "--new" in out and "line 1" in out


def test_replay_refuses_seat_with_omniscient_and_checks_the_record_first(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    _play(["aton", "--seed", "11", "--save", str(save)], "")
    result = runner.invoke(app, ["replay", str(save), "--seat", "1", "--omniscient"])
    assert result.exit_code == 2 and "either --seat or --omniscient" in result.output
    data = json.loads(save.read_text())
    data["actions"][4] = "assign 9"
    save.write_text(json.dumps(data, indent=2))
    result = runner.invoke(app, ["replay", str(save)])
    assert result.exit_code == 2 and "action 5 'assign 9'" in result.output
    assert "   1. " not in result.output  # nothing of the game is listed before the error


def test_replay_step_stops_on_q(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    _play(["aton", "--seed", "11", "--save", str(save)], "")
    result = runner.invoke(app, ["replay", str(save), "--step"], input="\nq\n", env={"COLUMNS": "140"})
    assert result.exit_code == 0
    assert "   2. " in result.output and "   3. " not in result.output


def _finished_aton(tmp_path: Path) -> Path:
    save = tmp_path / "g.json"
    _play(["aton", "--seed", "11", "--save", str(save)], "")
    return save


def test_replay_and_load_refuse_an_unknown_agent_with_the_same_message(tmp_path: Path) -> None:
    save = _finished_aton(tmp_path)
    data = json.loads(save.read_text())
    data["seats"] = ["human", "zorg"]
    data["actions"], data["result"] = data["actions"][:3], None
    save.write_text(json.dumps(data, indent=2))
    replayed = runner.invoke(app, ["replay", str(save)])
    code, loaded = _play(["--load", str(save)], "quit\n")
    assert replayed.exit_code == code == 2
    message = replayed.output.splitlines()[0]
    assert message.startswith(f"error: {save}: line ") and "seat 1: unknown agent 'zorg'; choose one of" in message
    assert loaded.splitlines()[0] == message


def test_every_replay_error_names_the_file(tmp_path: Path) -> None:
    save = _finished_aton(tmp_path)
    data = json.loads(save.read_text())
    data["actions"][4] = "assign 9"
    save.write_text(json.dumps(data, indent=2))
    for args in (["replay", str(save)], ["play", "--load", str(save)]):
        result = runner.invoke(app, args, input="quit\n")
        assert result.exit_code == 2 and result.output.startswith(f"error: {save}: line "), result.output
        assert "action 5 'assign 9'" in result.output
    data["options"] = {"reveal": "never"}
    save.write_text(json.dumps(data, indent=2))
    result = runner.invoke(app, ["replay", str(save)])
    assert result.exit_code == 2 and result.output.startswith(f"error: {save}: line "), result.output


def test_loading_a_finished_game_shows_its_result_instead_of_resuming(tmp_path: Path) -> None:
    save = _finished_aton(tmp_path)
    before = save.read_text()
    code, out = _play(["--load", str(save)], "")
    assert code == 0 and "Resuming" not in out and "Final position" in out
    squeezed = "".join(out.split())  # the console folds a long path across lines
    assert "".join(f"The game in {save} is finished".split()) in squeezed and ("wins" in out or "Draw" in out)
    assert "netjer replay" in " ".join(out.split())
    code, out = _play(["--load", str(save), "--seed", "99"], "")  # not "holds an unfinished game"
    assert code == 0 and "is finished" in out and "unfinished" not in out
    assert save.read_text() == before


def test_ankh_refusals_are_one_line_and_say_not_allowed_once(tmp_path: Path) -> None:
    args = ["ankh", "-o", "players=2", "-o", "gods=none", "-o", "first_player=0", "--seat", "0=human"]
    code, out = _play([*args, "--seed", "1", "--save", str(tmp_path / "a.json")], "put warrior 9,9\nreveal 4,4\nquit\n")
    assert code == 0
    assert "9,9 is not a space of the Ankh map" in out and "is not an Ankh action" not in out
    assert "Not allowed: the decision now: choose an action row" in out
    assert "not allowed now" not in out.lower().replace("not allowed: the", "")


def test_ankh_replay_tells_each_cat_placement_once(tmp_path: Path) -> None:
    from netjer.core.record import GameRecord, save_record  # noqa: PLC0415
    from netjer.games.ankh import AnkhGame  # noqa: PLC0415

    state = AnkhGame({"players": 2, "gods": "none,bastet", "first_player": 0}).new_initial_state(3)
    while len(state.history) < 3:  # Bastet (seat 1) places her three cats
        state.apply(state.legal_actions()[0])
    save = tmp_path / "a.json"
    save_record(save, GameRecord.from_state(state, ["random", "random"]))
    seen = runner.invoke(app, ["replay", str(save), "--seat", "0"], env={"COLUMNS": "160"})
    assert seen.exit_code == 0, seen.output
    assert seen.output.count("places a cat face down at") == 3 and "(Bastet)." in seen.output
    full = runner.invoke(app, ["replay", str(save), "--omniscient"], env={"COLUMNS": "160"})
    assert full.exit_code == 0 and full.output.count(" cat face down at ") == 3  # which cat: in words
    last = full.output.split("Last recorded position")[1]
    assert "cats: plus1 " in full.output and not re.search(r"(Tem|Obl|Pyr|Cat)\?", last)
