"""Corrupted records of every game through `netjer replay` and `play --load`: status 2, file named, no traceback."""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from netjer.cli.main import app
from netjer.core import GameRecord, Rng
from netjer.core.record import MAX_RECORD_BYTES
from netjer.games.registry import make_game

#: The saved games the corpus is made from: one finished game of each game.
GAMES: dict[str, tuple[dict[str, Any], int]] = {
    "aton": ({}, 11),
    "nile": ({}, 12),
    "ankh": ({"players": 4}, 13),
}
#: Generous: a loaded machine starts the interpreter in 1-2 s; the quadratic loader took
#: 30 s for 1 MB of padding and minutes for 20 MB.  Not a benchmark: a hang detector.
TIMEOUT = 30.0
COMMANDS: dict[str, list[str]] = {"replay": ["replay"], "load": ["play", "--load"]}


@functools.cache
def saved_game(name: str) -> GameRecord:
    """A finished game of ``name`` played by seeded random choices, as ``play --save`` writes it."""
    options, seed = GAMES[name]
    state = make_game(name, options).new_initial_state(seed)
    rng = Rng(seed)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    return GameRecord.from_state(state, ["random"] * state.game.num_players)


@dataclass(frozen=True)
class Corruption:
    """One corrupted record: its bytes, or a kind of file that is not a record at all.

    ``kind`` is ``"file"`` (write ``pad`` bytes of ``pad_byte``, then ``data``), ``"fifo"``,
    ``"folder"``, ``"missing"`` or ``"device"``; ``status`` is the exit status expected (2, or
    0 for a record that is only padded); ``hangs`` marks the ones that could block or crawl
    in an in-process run.
    """

    name: str
    data: bytes = b""
    kind: str = "file"
    status: int = 2
    hangs: bool = False
    pad: int = 0
    pad_byte: bytes = b" "


def _edit(record: GameRecord, change: Callable[[dict[str, Any]], None]) -> bytes:
    data = json.loads(record.to_json())
    change(data)
    return json.dumps(data, indent=2).encode()


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data[key] = value

    return change


def _replace_raw(text: str, old: str, new: str) -> bytes:
    assert old in text, old
    return text.replace(old, new, 1).encode()


def _illegal_at(record: GameRecord, index: int) -> str:
    """An action text of this game, legal somewhere in it but not at ``index``."""
    game = make_game(record.game, record.options)
    state = game.new_initial_state(record.seed)
    for text in record.actions[:index]:
        state.apply_text(text)
    legal = {str(a) for a in state.legal_actions()}
    return next(t for t in record.actions if t not in legal)


@functools.cache
def corruptions(game: str) -> list[Corruption]:
    """Every corruption of the saved game of ``game``, in a fixed order (seeded)."""
    record = saved_game(game)
    text = record.to_json()
    raw = text.encode()
    rng = Rng(len(raw))
    first_option = next(iter(record.options))
    out: list[Corruption] = []
    add = out.append

    # Truncations and byte flips (0xff is never UTF-8; a structural character made a letter
    # is never JSON).
    for cut in (1, len(raw) // 3, len(raw) // 2, len(raw) - 3):
        add(Corruption(f"truncated at {cut}", raw[:cut]))
    for _ in range(3):
        at = rng.below(len(raw))
        add(Corruption(f"byte {at} made 0xff", raw[:at] + b"\xff" + raw[at + 1 :]))
    structural = [i for i, b in enumerate(raw) if b in b'{}[]:,"']
    for _ in range(3):
        at = structural[rng.below(len(structural))]
        add(Corruption(f"byte {at} made x", raw[:at] + b"x" + raw[at + 1 :]))

    # Changed and impossible actions.
    index = 1 + rng.below(len(record.actions) - 1)
    wrong = _illegal_at(record, index)
    add(Corruption(f"action {index} illegal", _edit(record, lambda d: d["actions"].__setitem__(index, wrong))))
    add(Corruption("action unknown", _edit(record, lambda d: d["actions"].__setitem__(index, "fly 9"))))
    add(Corruption("action empty", _edit(record, lambda d: d["actions"].__setitem__(0, ""))))
    add(Corruption("action NUL", _edit(record, lambda d: d["actions"].__setitem__(0, "keep\u0000"))))
    add(Corruption("action a number", _edit(record, lambda d: d["actions"].__setitem__(0, 7))))
    add(Corruption("action 10k long", _edit(record, lambda d: d["actions"].__setitem__(0, "pick " + "9" * 10_000))))
    add(Corruption("action lone surrogate", _replace_raw(text, json.dumps(record.actions[0]), '"\\udfff"')))
    add(Corruption("actions not a list", _edit(record, _set("actions", "keep"))))
    add(Corruption("action after the end", _edit(record, lambda d: d["actions"].append(d["actions"][-1]))))
    add(Corruption("actions missing", _edit(record, lambda d: d.pop("actions"))))

    # Seeds and option values: huge, out of range, not integers.
    for label, literal in (
        ("5000 digits", "9" * 5000),
        ("-5000 digits", "-" + "9" * 5000),
        ("2**64", str(2**64)),
        ("1e999", "1e999"),
        ("NaN", "NaN"),
        ("Infinity", "Infinity"),
        ("1.5", "1.5"),
        ("string", '"seven"'),
        ("true", "true"),
        ("null", "null"),
        ("deep list", "[" * 50_000 + "]" * 50_000),
    ):
        add(Corruption(f"seed {label}", _replace_raw(text, f'"seed": {record.seed}', f'"seed": {literal}')))
        if label in ("5000 digits", "1e999", "NaN", "deep list", "string"):
            value = json.dumps(record.options[first_option])
            old = f'"{first_option}": {value}'
            add(Corruption(f"option {label}", _replace_raw(text, old, f'"{first_option}": {literal}')))
    add(Corruption("option unknown", _edit(record, lambda d: d["options"].__setitem__("cheat", 1))))
    add(Corruption("options a list", _edit(record, _set("options", []))))

    # Keys given twice.
    add(Corruption("seed twice", _replace_raw(text, f'"seed": {record.seed}', f'"seed": {record.seed}, "seed": 7')))
    add(Corruption("game twice", _replace_raw(text, f'"game": "{game}"', f'"game": "{game}", "game": "{game}"')))
    value = json.dumps(record.options[first_option])
    add(
        Corruption(
            "option twice",
            _replace_raw(text, f'"{first_option}": {value}', f'"{first_option}": {value}, "{first_option}": {value}'),
        )
    )

    # The other fields.
    add(Corruption("game unknown", _edit(record, _set("game", "chess"))))
    add(Corruption("game 10k long", _edit(record, _set("game", "a" * 10_000))))
    add(Corruption("rules version", _edit(record, _set("rules_version", "0"))))
    add(Corruption("format", _edit(record, _set("format", "netjer-record/99"))))
    add(Corruption("seats one short", _edit(record, lambda d: d["seats"].pop())))
    add(Corruption("seat unknown agent", _edit(record, lambda d: d["seats"].__setitem__(0, "zorg"))))
    add(Corruption("seat terminal escape", _edit(record, lambda d: d["seats"].__setitem__(0, "\u001b[31mred"))))
    add(Corruption("seat agent parameters", _edit(record, lambda d: d["seats"].__setitem__(0, "ismcts:time=1e999"))))
    add(Corruption("result false", _edit(record, _set("result", [0.5] * len(record.seats)))))
    add(Corruption("result words", _edit(record, _set("result", "win"))))
    add(Corruption("unknown field", _edit(record, _set("cheat", True))))

    # Other encodings.
    for encoding in ("utf-16", "utf-16-le", "utf-32", "latin-1", "cp1252"):
        accented = _edit(record, lambda d: d["seats"].__setitem__(0, "humané")).decode()
        add(Corruption(f"encoded {encoding}", accented.encode(encoding)))

    # Not records at all.
    for label, content in (
        ("empty", b""),
        ("white space", b" \n\t\r\n"),
        ("null", b"null"),
        ("a list", b"[]"),
        ("a string", b'"netjer"'),
        ("nested a million deep", b"[" * 1_000_000),
        ("objects nested deep", b'{"a":' * 200_000),
        ("binary", bytes(range(256)) * 64),
    ):
        add(Corruption(label, content))

    # Padding: just under the limit loads (fast); with a bad last action it is refused at the
    # right line; one byte over the limit is refused unread.
    room = MAX_RECORD_BYTES - len(raw)
    add(Corruption("padded under the limit", raw, status=0, hangs=True, pad=room))
    bad_end = _edit(record, lambda d: d["actions"].__setitem__(-1, "fly 9"))
    padded = MAX_RECORD_BYTES - len(bad_end)
    add(Corruption("padded, bad last action", bad_end, hangs=True, pad=padded, pad_byte=b"\n"))
    add(Corruption("one byte over the limit", raw, hangs=True, pad=room + 1))
    add(Corruption("a FIFO", kind="fifo", hangs=True))
    add(Corruption("a folder", kind="folder"))
    add(Corruption("missing", kind="missing"))
    add(Corruption("a device", kind="device", hangs=True))
    return out


def _materialise(case: Corruption, folder: Path) -> Path | None:
    """The path of ``case`` on disk (``None``: not possible on this system)."""
    path = folder / "game.json"
    if case.kind == "file":
        with path.open("wb") as fh:
            fh.write(case.pad_byte * case.pad)
            fh.write(case.data)
    elif case.kind == "fifo":
        if not hasattr(os, "mkfifo"):
            return None
        os.mkfifo(path)
    elif case.kind == "folder":
        path.mkdir()
    elif case.kind == "device":
        return Path(os.devnull) if Path(os.devnull).exists() and not Path(os.devnull).is_file() else None
    return path


def _check(case: Corruption, path: Path, status: int, output: str) -> None:
    where = f"{case.name}: {output[-2000:]}"
    assert status == case.status, where
    assert "Traceback" not in output, where
    if case.status == 2:
        assert output.startswith(f"error: {path}: "), where
        assert len(output.splitlines()) == 1, where  # one line, whatever the bytes


def _run_real(command: str, case: Corruption, folder: Path) -> None:
    """``case`` through the installed command in a new interpreter, with a time limit."""
    path = _materialise(case, folder)
    if path is None:
        pytest.skip(f"{case.kind} is not available here")
    args = [sys.executable, "-m", "netjer", *COMMANDS[command], str(path)]
    env = {**os.environ, "COLUMNS": "200", "NO_COLOR": "1"}
    try:
        done = subprocess.run(
            args, input=b"quit\n", capture_output=True, timeout=TIMEOUT, env=env, cwd=folder, check=False
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"{case.name}: `netjer {' '.join(COMMANDS[command])}` still running after {TIMEOUT:.0f} s")
    stderr = done.stderr.decode("utf-8", errors="replace")
    output = stderr if case.status == 2 else stderr + done.stdout.decode("utf-8", errors="replace")
    _check(case, path, done.returncode, output)
    if case.status == 2:
        assert done.stdout == b"", case.name  # refused before anything is shown


def _run_in_process(command: str, case: Corruption, folder: Path) -> None:
    """``case`` through the same command run in this process (fast; no hang-prone cases)."""
    assert not case.hangs
    path = _materialise(case, folder)
    assert path is not None
    result = CliRunner().invoke(app, [*COMMANDS[command], str(path)], input="quit\n", env={"COLUMNS": "200"})
    assert result.exception is None or isinstance(result.exception, SystemExit), (case.name, result.exception)
    _check(case, path, result.exit_code, result.output)


# --- the full corpus, through real processes (slow) -------------------------------------

_ALL = [(game, case) for game in GAMES for case in corruptions(game)]


@pytest.mark.slow
@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize(("game", "case"), _ALL, ids=[f"{g}-{c.name}" for g, c in _ALL])
def test_every_corruption_is_refused_by_the_real_command(
    command: str, game: str, case: Corruption, tmp_path: Path
) -> None:
    _run_real(command, case, tmp_path)


# --- the fast variant -------------------------------------------------------------------

#: One of each kind of corruption (every game makes them in the same order), taken from the
#: games in turn, run in this process...
_REPRESENTATIVE = [
    (game, case)
    for turn, game in enumerate(GAMES)
    for number, case in enumerate(corruptions(game))
    if number % len(GAMES) == turn and not case.hangs
]
#: ... and the ones that hung or crawled, through real processes.
_HANG_PRONE = ["padded under the limit", "padded, bad last action", "a FIFO"]


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize(("game", "case"), _REPRESENTATIVE, ids=[f"{g}-{c.name}" for g, c in _REPRESENTATIVE])
def test_representative_corruptions_are_refused(command: str, game: str, case: Corruption, tmp_path: Path) -> None:
    _run_in_process(command, case, tmp_path)


@pytest.mark.parametrize("name", _HANG_PRONE)
def test_padded_records_and_fifos_do_not_hang_the_real_command(name: str, tmp_path: Path) -> None:
    game = list(GAMES)[_HANG_PRONE.index(name) % len(GAMES)]
    case = next(c for c in corruptions(game) if c.name == name)
    _run_real("replay" if name != "padded under the limit" else "load", case, tmp_path)


def test_a_huge_seed_through_the_real_command_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    case = next(c for c in corruptions("ankh") if c.name == "seed 5000 digits")
    _run_real("load", case, tmp_path)


def test_the_corpus_covers_every_game_and_kind() -> None:
    names = {c.name for c in corruptions("aton")}
    assert {"a FIFO", "a folder", "padded under the limit", "seed twice", "encoded utf-16"} <= names
    assert {g for g, _ in _REPRESENTATIVE} == set(GAMES)
    assert len(_REPRESENTATIVE) <= 80
