"""A terminal game ended by SIGHUP (the terminal closed) or SIGTERM: the record is whole and
up to date, no temporary file of the atomic save is left beside it, and the exit status says which
signal (`netjer.cli.stop_signals`).  Killed by the default handlers, a game hung up while saving
left ``.NAME.json.XXXX`` beside its record."""

from __future__ import annotations

import os
import signal
import threading
from pathlib import Path

import pytest
from rich.console import Console

from netjer.cli import play as play_module
from netjer.cli.play import TerminalTable
from netjer.cli.stop_signals import Stopped, StopSignals
from netjer.core.record import load_record, save_record
from netjer.games.registry import make_game


def leftovers(folder: Path) -> list[str]:
    """The atomic save's temporary files in ``folder`` (``.NAME.json.XXXX``)."""
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


def a_table(save: Path, ask: object) -> TerminalTable:
    """Aton, a person in seat 0 (answers from ``ask``) against random moves, saved to ``save``."""
    game = make_game("aton")
    console = Console(record=True, width=120, color_system=None, force_terminal=False)
    return TerminalTable(game, game.new_initial_state(7), ["human", "random"], console=console, save=save, ask=ask)  # type: ignore[arg-type]


def test_a_hang_up_at_the_prompt_keeps_the_game_and_exits_129(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    asked = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        if len(asked) == 1:
            return str(table.state.legal_actions()[0])
        os.kill(os.getpid(), signal.SIGHUP)  # the terminal closes while the game waits
        return "quit"  # not reached: the signal's handler raises first

    # the default disposition, whatever this process inherited (under nohup SIGHUP is ignored,
    # and an ignored signal stays ignored: test_a_signal_ignored_before_stays_ignored)
    inherited = signal.signal(signal.SIGHUP, signal.SIG_DFL)
    try:
        table = a_table(save, ask)
        assert table.run() == 128 + signal.SIGHUP
        assert signal.getsignal(signal.SIGHUP) == signal.SIG_DFL  # the handler in place before is back
    finally:
        signal.signal(signal.SIGHUP, inherited)
    assert len(asked) == 2
    record, _ = load_record(save)
    assert len(record.actions) == len(table.state.history) >= 1  # the first action and what followed it
    assert leftovers(tmp_path) == []


def test_a_signal_during_a_save_waits_for_the_save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "game.json"
    saves: list[int] = []

    def save_while_stopped(path: Path, record: object) -> None:
        saves.append(len(record.actions))  # type: ignore[attr-defined]
        os.kill(os.getpid(), signal.SIGTERM)  # arrives in the middle of the save
        save_record(path, record)  # type: ignore[arg-type]

    monkeypatch.setattr(play_module, "save_record", save_while_stopped)
    table = a_table(save, lambda _prompt: str(table.state.legal_actions()[0]))
    assert table.run() == 128 + signal.SIGTERM
    record, _ = load_record(save)
    assert saves[0] == 1 and len(record.actions) == saves[-1]  # the save held the signal back
    assert len(record.actions) == len(table.state.history)
    assert leftovers(tmp_path) == []


def test_held_raises_at_the_end_of_the_block_and_quiet_ignores() -> None:
    before = signal.getsignal(signal.SIGTERM)
    with StopSignals() as stops:
        done = []
        with pytest.raises(Stopped) as stopped, stops.held():
            os.kill(os.getpid(), signal.SIGTERM)
            done.append("the block ran to its end")
        assert done and stopped.value.signum == signal.SIGTERM
        stops.quiet()
        os.kill(os.getpid(), signal.SIGTERM)  # ignored: the caller is leaving
    assert signal.getsignal(signal.SIGTERM) == before


def test_outside_the_main_thread_the_handlers_are_left_alone() -> None:
    before = signal.getsignal(signal.SIGTERM)
    seen: list[object] = []

    def enter() -> None:
        with StopSignals():
            seen.append(signal.getsignal(signal.SIGTERM))

    worker = threading.Thread(target=enter)
    worker.start()
    worker.join()
    assert seen == [before]


def test_a_signal_ignored_before_stays_ignored() -> None:
    before = signal.signal(signal.SIGHUP, signal.SIG_IGN)  # as under nohup
    try:
        with StopSignals():
            assert signal.getsignal(signal.SIGHUP) is signal.SIG_IGN
            os.kill(os.getpid(), signal.SIGHUP)  # nothing happens
        assert signal.getsignal(signal.SIGHUP) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGHUP, before)
