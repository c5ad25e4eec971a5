"""Learning at the terminal: help and help NAME, each choice's meaning, bare numbers, legends, Nile's narration."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from netjer import i18n
from netjer.cli.main import app
from netjer.cli.play import TerminalTable, choice_meaning, numbered_verb
from netjer.core.game import Game
from netjer.core.record import GameRecord, load_record, save_record
from netjer.core.state import State
from netjer.core.undo import Transcript
from netjer.drawings import render_full, renderer_for
from netjer.games.ankh import AnkhGame
from netjer.games.registry import make_game

WIDTH = 200


def table(game: Game, answers: list[str], seats: list[str], *, seed: int = 7) -> tuple[TerminalTable, Console]:
    console = Console(record=True, width=WIDTH, color_system=None, force_terminal=False)
    lines: Iterator[str] = iter(answers)

    def ask(prompt: str) -> str:
        console.print(prompt, end="")
        try:
            line = next(lines)
        except StopIteration:
            raise EOFError from None
        console.print(line)
        return line

    t = TerminalTable(game, game.new_initial_state(seed), seats, console=console, save=None, ask=ask)
    return t, console


@pytest.mark.parametrize(
    ("name", "options", "term", "expected"),
    [
        ("aton", {}, "Cartouche 2", "the lower card acts first"),
        ("nile", {}, "REARGUARD", "an empty rearguard square attacked by the enemy loses"),
        ("ankh", {"players": 2}, "sun", "Ra puts a Sun token on the figure just summoned"),
    ],
)
def test_help_shows_the_overview_and_help_name_an_entry(
    name: str, options: dict[str, object], term: str, expected: str
) -> None:
    game = make_game(name, options)
    seats = ["human"] + ["random"] * (game.num_players - 1)
    t, console = table(game, ["help", f"help {term}", "quit"], seats)
    t.run()
    out = console.export_text()
    overview = game.rules_texts().overview
    assert "Goal:" in out and overview.goal.split()[0] in out and "Winning:" in out
    assert "'help NAME' explains" in out
    assert expected in out and "Source: docs/rules/" in out


def test_a_near_miss_gets_a_suggestion() -> None:
    game = AnkhGame({"players": 2})
    t, console = table(game, ["help chariotz", "help zzzz", "quit"], ["human", "random"])
    t.run()
    out = console.export_text()
    # (a name in the other number is no miss: 'help chariot' finds Chariots, tests/cli/test_terms_terminal.py)
    assert "No rule called 'chariotz' in Ankh: Gods of Egypt. Did you mean 'Chariots'" in out
    assert "No rule called 'zzzz'" in out and "'help' lists the topics" in out


def test_each_choice_is_listed_with_its_meaning() -> None:
    game = AnkhGame({"players": 2})
    t, console = table(game, ["quit"], ["human", "random"])
    t.run()
    out = console.export_text()
    assert "1) move  — Move Figures: each of your figures may move up to 3 spaces" in out
    assert "4) unlock  — Unlock Ankh Power" in out
    texts = game.rules_texts()
    card = game.parse_action("card chariots")
    assert choice_meaning(texts, card) == "Chariots: +3 strength in this Battle."
    assert choice_meaning(texts, game.parse_action("power revered")).startswith("Revered: Level 1")
    assert choice_meaning(texts, game.parse_action("put apep 6,4")).startswith("Apep: Level 2 Guardian")
    assert choice_meaning(texts, game.parse_action("forbid chariots")).startswith("Horus forbids")


def test_aton_bare_number_is_the_card_value_not_the_choice_number() -> None:
    game = make_game("aton")
    for seed in range(50):  # a hand where card value V is not the V-th choice (e.g. 2 3 4: '2' is not 'assign 3')
        state = game.new_initial_state(seed)
        state.apply_text("keep")
        while state.current_player != 0:
            state.apply(state.legal_actions()[0])
        legal = [str(a) for a in state.legal_actions()]
        values = [int(a.split()[1]) for a in legal]
        telling = [v for v in values if v > len(legal) or legal[v - 1] != f"assign {v}"]
        if telling:
            break
    assert telling and numbered_verb(state.legal_actions()) == "assign"
    before = len(state.history)
    console = Console(record=True, width=WIDTH, color_system=None)
    answers = iter([str(telling[0]), "quit"])
    t = TerminalTable(game, state, ["human", "random"], console=console, save=None, ask=lambda _p: next(answers))
    t.run()
    assert str(t.state.history[before]) == f"assign {telling[0]}"
    out = console.export_text()
    assert "Choose: assign" in out and "Type the number itself" in out and "1) assign" not in out


def test_nile_prints_each_move_once_and_the_end_without_you_are() -> None:
    game = make_game("nile")
    t, console = table(game, [], ["random", "random"], seed=3)
    t.run()
    out = console.export_text()
    assert out.count("Seth moves the soldier on b1 to c1.") == 1 and "Seth moves b1 to c1." not in out
    assert "Seth places a 2 face up on c1." in out  # placements are not in the log: told once
    final = out.split("Game over")[1]
    assert "You are" not in final


def test_nile_game_over_from_a_human_seat_shows_the_board_once() -> None:
    game = make_game("nile")
    state: State = game.new_initial_state(3)
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    console = Console(record=True, width=WIDTH, color_system=None)
    console.print(render_full("nile", [state.observation(s) for s in range(2)]))
    out = console.export_text()
    assert out.count("Isis's rearguard") == 1 and "You are" not in out
    record = GameRecord.from_state(state, ["human", "random"])
    assert record.result is not None


@pytest.mark.parametrize("name", ["nile", "ankh"])
def test_screens_carry_a_legend(name: str) -> None:
    game = make_game(name, {"players": 2} if name == "ankh" else {})
    console = Console(record=True, width=WIDTH, color_system=None)
    console.print(renderer_for(name)(game.new_initial_state(2).observation(0), 0))
    out = console.export_text()
    if name == "nile":
        assert "(4) face down, its value known to you" in out and "? value unknown to you" in out
    else:
        assert "# river  * camels" in out and "^ Radiant (Ra's Sun)" in out and "UW Underworld" in out
        assert "M Control Monument" in out and "◇ event space" in out


def test_undo_puts_a_picked_figure_back_and_is_recorded(tmp_path: Path) -> None:
    game = AnkhGame({"players": 2, "gods": "none"})
    save = tmp_path / "g.json"
    console = Console(record=True, width=WIDTH, color_system=None)
    state = game.new_initial_state(7)
    while state.current_player != 0:
        state.apply(state.legal_actions()[0])
    answers = iter(["undo", "move", "pick", "undo", "undo", "undo", "quit"])

    def ask(prompt: str) -> str:
        answer = next(answers)
        if answer == "pick":
            answer = next(str(a) for a in t.state.legal_actions() if str(a).startswith("pick "))
        return answer

    before = state.clone()
    t = TerminalTable(game, state, ["human", "random"], console=console, save=save, ask=ask)
    start = len(state.history)
    t.run()
    out = console.export_text()
    assert "Nothing to undo: there is nothing to take back." in out
    assert "undo  — take back your last decision (move)" in out
    assert "Taken back: pick " in out and "Taken back: move." in out
    assert out.count("Nothing to undo") == 2  # the first prompt, and after both were taken back
    record, _ = load_record(save)
    assert record.actions[start:] == ["move", record.actions[start + 1], "undo", "undo"]
    assert record.replay(game).full_state() == before.full_state() == t.state.full_state()


def test_replay_shows_an_undo_naming_the_decision_only_to_its_seat(tmp_path: Path) -> None:
    game = make_game("aton")
    transcript = Transcript(game.new_initial_state(7))
    transcript.apply(game.parse_action("keep"))
    transcript.undo(0)
    transcript.apply(game.parse_action("keep"))
    save = tmp_path / "g.json"
    save_record(save, GameRecord.from_state(transcript.state, ["human", "random"], transcript.entries))
    red = CliRunner().invoke(app, ["replay", str(save), "--seat", "0"], env={"COLUMNS": "160"})
    blue = CliRunner().invoke(app, ["replay", str(save), "--seat", "1"], env={"COLUMNS": "160"})
    assert red.exit_code == 0 and blue.exit_code == 0, red.output + blue.output
    assert "2. Red takes back keep (undo)." in red.output
    assert "2. Red takes back a decision (undo)." in blue.output and "takes back keep" not in blue.output


def test_a_resumed_game_can_take_back_the_last_decision_saved(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    args = ["play", "ankh", "-o", "players=2", "-o", "gods=none", "--seat", "0=human", "--seat", "1=random"]
    first = CliRunner().invoke(app, [*args, "--seed", "7", "--save", str(save)], input="1\nquit\n")
    assert first.exit_code == 0, first.output
    assert load_record(save)[0].actions[-1] == "move"
    again = CliRunner().invoke(app, ["play", "--load", str(save)], input="undo\nquit\n", env={"COLUMNS": "160"})
    assert again.exit_code == 0 and "Taken back: move." in again.output, again.output[-2000:]
    record, text = load_record(save)
    assert record.actions[-2:] == ["move", "undo"] and json.loads(text)["format"] == "netjer-record/2"


def test_the_reason_nothing_can_be_undone_is_in_the_players_language() -> None:
    i18n.set_language("es")
    try:
        t, console = table(make_game("nile"), [], ["human", "random"], seed=3)
        t.transcript.apply(t.state.legal_actions()[0])  # Seth places
        t.transcript.apply(t.state.legal_actions()[0])  # Isis places: Seth's decision is behind hers
        assert not t.take_back(0)
    finally:
        i18n.set_language("en")
    out = console.export_text()
    assert "Nada que deshacer: la última decisión no fue tuya (otro jugador actuó después)." in out
    assert "the last decision" not in out
