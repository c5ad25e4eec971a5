"""The Ankh terminal view (src/netjer/drawings/ankh.py) and `netjer play ankh`."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from netjer import i18n
from netjer.cli.main import app
from netjer.core import Rng, load_record
from netjer.drawings import render_full, renderer_for
from netjer.drawings.ankh import pending_text, phase_words, power_text
from netjer.games.ankh import AnkhGame
from netjer.games.ankh.gods import anubis, bastet, osiris, ra
from netjer.games.ankh.phases import phase_name
from tests.games.ankh.builder import play, position, start_conflict

runner = CliRunner()


def _text(obs: dict[str, object], seat: int | None) -> str:
    console = Console(width=160, record=True, color_system=None)
    console.print(renderer_for("ankh")(obs, seat))
    return console.export_text()


def test_view_draws_the_map_pieces_tracks_and_gods() -> None:
    s = position(3, ["A god 5,1", "B warrior 6,6", "- temple 5,4", "C obelisk 2,5"], devotion=[3, 0, 7])
    text = _text(s.observation(0), 0)
    for label in ("God1", "War2", "Tem", "Obl3", "Central board", "Devotion (bottom → top)", "Player 1 (you)"):
        assert label in text
    assert "Player 3 7" in text


def test_view_hides_another_seats_unrevealed_card_s1() -> None:
    s = start_conflict(position(2, ["A god 4,4", "B god 5,4"], next_event="conflict"))
    play(s, "card chariots")
    assert "Player 1: Chariots" in _text(s.observation(0), 0)
    other = _text(s.observation(1), 1)
    assert "Player 1: a card, face down" in other and "Player 1: Chariots" not in other


def test_view_draws_every_position_of_random_games() -> None:
    for players in (2, 5):
        s = AnkhGame({"players": players}).new_initial_state(players)
        rng = Rng(1)
        step = 0
        while not s.is_terminal:
            if step % 25 == 0:
                _text(s.observation(s.current_player), s.current_player)
            acts = s.legal_actions()
            s.apply(acts[rng.below(len(acts))])
            step += 1
        assert "Everyone loses" in _text(s.observation(None), None) or "wins" in _text(s.observation(None), None)


@pytest.mark.slow
def test_play_ankh_in_the_terminal_to_the_end(tmp_path: Path) -> None:
    save = tmp_path / "ankh.json"
    args = ["play", "ankh", "-o", "players=3", "-o", "scenario=middle-kingdom", "--seat", "0=human"]
    args += ["--seat", "1=random", "--seat", "2=random", "--seed", "3", "--save", str(save)]
    result = runner.invoke(app, args, input="1\n" * 3000, env={"COLUMNS": "140"})
    assert "Traceback" not in result.output and result.exit_code == 0
    assert "Game over" in result.output
    record, _ = load_record(save)
    assert record.result is not None and record.options["players"] == 3


def test_view_shows_every_god_power_state_issue5() -> None:
    pieces = ["A god 4,4", "A warrior 4,5", "B god 6,6", "C god 2,5", "D god 8,3", "E god 1,7"]
    pieces += ["- temple 5,4", "- obelisk 7,7"]
    s = position(5, pieces, gods="ra,osiris,bastet,anubis,thoth")
    s.badge[s.board.parse_hex("4,5")] = ra.SUN
    osiris.POWER.add(s, s.board.parse_hex("8,5"))
    bastet.POWER.data(s).at = [s.board.parse_hex("5,4"), s.board.parse_hex("7,7"), bastet.HAND]
    anubis.POWER.data(s).slots = [0]
    mine = _text(s.observation(2), 2)
    for text in (
        "─ Ra ◀ ─",  # one name per seat (issue 33): the god's, in the panel's title too
        "─ Bastet (you) ─",
        "War1^",
        "UW",
        "Tem+1",
        "Obl+3",
        "yours: plus1 5,4",
        "1/3 trapped: Ra",
        "Underworld: 8,5",
        "2 Sun tokens free",
        "scale 0",
    ):
        assert text in mine, text
    theirs = _text(s.observation(0), 0)
    assert "Tem?" in theirs and "Obl?" in theirs and "yours" not in theirs and "Tem+1" not in theirs


@pytest.mark.parametrize("every", [pytest.param(41, id="sample"), pytest.param(7, id="full", marks=pytest.mark.slow)])
def test_view_draws_random_games_with_every_god_issue5(every: int) -> None:
    for gods in ("amun,anubis,isis,osiris,ra", "bastet,hathor,thoth,horus,seth"):
        s = AnkhGame({"players": 5, "gods": gods}).new_initial_state(2)
        rng = Rng(3)
        step = 0
        while not s.is_terminal:
            if step % every == 0:
                _text(s.observation(s.current_player), s.current_player)
            acts = s.legal_actions()
            s.apply(acts[rng.below(len(acts))])
            step += 1


def _omniscient(s: object) -> str:
    console = Console(width=160, record=True, color_system=None)
    console.print(render_full("ankh", [s.observation(p) for p in range(s.n)]))  # type: ignore[attr-defined]
    return console.export_text()


def test_omniscient_view_shows_bastets_cats_whatever_her_seat() -> None:
    s = position(3, ["A god 4,4", "B god 6,6", "C god 2,5", "- temple 5,4", "- obelisk 7,7"], gods="ra,bastet,none")
    bastet.POWER.data(s).at = [s.board.parse_hex("5,4"), s.board.parse_hex("7,7"), bastet.HAND]
    assert "Tem?" in _text(s.observation(0), 0)  # seat 0 is not Bastet's: hidden
    text = _omniscient(s)
    assert "Tem+1" in text and "Obl+3" in text and "Tem?" not in text
    assert "cats: plus1 5,4, plus3 7,7, star beside-board" in text and "yours" not in text


def test_omniscient_view_shows_every_chosen_card_before_the_reveal() -> None:
    s = start_conflict(position(3, ["A god 4,4", "B god 5,4", "C god 4,5"], next_event="conflict"))
    play(s, "card chariots", "card flood")
    assert "Player 2: a card, face down" in _text(s.observation(0), 0)
    text = _omniscient(s)
    assert "Player 1: Chariots" in text and "Player 2: Flood" in text


def test_the_decision_in_progress_is_in_words() -> None:
    s = position(2, ["A god 4,4", "A warrior 4,5", "A warrior 2,5", "B god 6,6"])
    play(s, "move", "pick 4,5", "to 3,6", "pick 2,5")
    text = _text(s.observation(0), 0)
    assert "now: moved 3,6; selected 2,5" in text
    assert pending_text({"moved": ["0,1", "0,2"], "selected": "1,5"}, []) == "moved 0,1 and 0,2; selected 1,5"
    assert pending_text({"moved": []}, []) == "no figure moved yet"
    assert pending_text({"mummy_of": 1, "next_to_god_of": 0}, ["Ann", "Bob"]) == (
        "the Mummy of Bob; returns next to the God of Ann"
    )
    assert "[" not in pending_text({"camel_line": ["4,1|4,2", "4,2|5,2"], "new_tokens": [4, 5]}, [])


def test_god_panels_agree_in_number() -> None:
    obs = {"gods": [{"name": "Player 1"}]}
    assert power_text("horus", {"eyes_free": 1, "eyes_on_regions": [5]}, obs) == "1 Eye free; on region 5"
    assert power_text("horus", {"eyes_free": 0, "eyes_on_regions": [5, 6]}, obs) == "0 Eyes free; on regions 5 6"
    assert power_text("horus", {"eyes_free": 2, "eyes_on_regions": []}, obs) == "2 Eyes free; none on a region"
    assert power_text("ra", {"sun_tokens_free": 1, "radiant": []}, obs).startswith("1 Sun token free;")


def test_every_decision_point_has_status_words_in_terminal_and_browser() -> None:
    """The status line names what the god to act does, never a phase's id (issue 32): every
    engine phase but the end has its words in the terminal (PHASE_WORDS or a worded case of
    phase_words) and a case in the browser's phaseWords/godPhases (static/ankh.js)."""

    def named(p: int) -> str | None:
        try:
            return phase_name(p)
        except (KeyError, IndexError):
            return None

    script = (Path(__file__).resolve().parents[2] / "src/netjer/web/static/ankh.js").read_text(encoding="utf-8")
    phases = {name for p in range(256) if (name := named(p)) is not None} - {"over"}
    assert len(phases) > 30
    for phase in sorted(phases):
        obs = {"phase": phase, "pending": {"selected": "4,3", "pyramid": "2,2", "level": 2}, "turn": {}}
        words = phase_words(obs)
        assert words not in ("makes a decision", phase), phase
        assert f'case "{phase}"' in script or f'"{phase}": [' in script, phase


def test_the_spanish_status_line_says_what_the_god_does() -> None:
    s = position(2, ["A god 4,4", "B god 5,4"])
    i18n.set_language("es")
    try:
        text = _text(s.observation(0), 0)
    finally:
        i18n.set_language("en")
    assert "elige una acción" in text and "turn" not in text.split("\n")[0]


@pytest.mark.parametrize(
    ("language", "hand", "used", "powers", "chosen"),
    [
        (
            "es",
            "Plaga de langostas, Construir Monumento, Carros, Ciclo de Maat, Sequía, Crecida",
            "Milagro",
            "Venerado",
            "Jugador 1: Carros",
        ),
        (
            "de",
            "Heuschreckenplage, Monument bauen, Streitwagen, Zyklus der Maat, Dürre, Flut",
            "Wunder",
            "Verehrt",
            "Spieler 1: Streitwagen",
        ),
    ],
)
def test_a_gods_panel_names_its_cards_and_powers_in_the_players_language(
    language: str, hand: str, used: str, powers: str, chosen: str
) -> None:
    start = position(
        2, ["A god 4,4", "B god 5,4"], powers={"A": ["revered"]}, used={"A": ["miracle"]}, next_event="conflict"
    )
    s = start_conflict(start)
    play(s, "card chariots")
    i18n.set_language(language)
    try:
        text = _omniscient(s)
    finally:
        i18n.set_language("en")
    assert hand in text and powers in text and used in text and chosen in text
    for typed in ("plague build", "chariots", "revered", "miracle"):
        assert typed not in text
