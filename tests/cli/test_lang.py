"""The terminal in the player's language: --lang es for Dioses del Nilo, $NETJER_LANG, and a refused language."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from netjer import i18n
from netjer.cli.main import app

ENV = {"COLUMNS": "200", "NETJER_LANG": ""}


def _play(tmp_path: Path, *options: str, answers: str, env: dict[str, str] | None = None) -> str:
    args = ["play", "nile", "--seat", "0=human", "--seat", "1=random", "--seed", "3"]
    result = CliRunner().invoke(
        app, [*args, "--save", str(tmp_path / "g.json"), *options], input=answers, env=env or ENV
    )
    assert result.exit_code == 0, result.output
    return result.output


def test_lang_es_plays_dioses_del_nilo_in_spanish(tmp_path: Path) -> None:
    out = _play(tmp_path, "--lang", "es", answers="help\nhelp retaguardia\nhelp rearguard\n1\nquit\n")
    # the screen, the choices and the prompt
    assert "Nueva partida de Dioses del Nilo, semilla 3." in out
    assert "Dioses del Nilo — ronda 1, fase de colocación" in out
    assert "Retaguardia de Seth" in out and "Eres Seth." in out
    assert "Acciones legales:" in out and "Seth, tu acción:" in out
    assert "Pon una ficha de tu mano" in out  # a choice's meaning, from texts/es.toml
    assert "4 boca arriba · (4) boca abajo" in out  # the legend
    # help: the overview and an entry found by its Spanish and its English name
    assert "Objetivo:" in out and "Isis y Seth resuelven" in out and "Escribe el número de una opción" in out
    assert out.count("Tu fila trasera: una casilla de retaguardia vacía") == 2
    # the engine's narration and the end
    assert "Seth coloca un" in out
    assert "Has salido de la partida." in out
    for english in ("Legal actions", "your action", "Goal:", "placement phase", "Left the game"):
        assert english not in out
    assert i18n.get_language() == "es"  # the language stays set until the next command...


def test_the_next_command_is_english_again(tmp_path: Path) -> None:
    _play(tmp_path, "--lang", "es", answers="quit\n")
    out = _play(tmp_path, "--new", answers="quit\n")  # ...which sets it anew
    assert "Legal actions:" in out and "Acciones" not in out


def test_netjer_lang_in_the_environment_and_before_the_command(tmp_path: Path) -> None:
    assert "Acciones legales:" in _play(tmp_path, answers="quit\n", env={**ENV, "NETJER_LANG": "es_ES.UTF-8"})
    result = CliRunner().invoke(
        app,
        ["--lang", "es", "play", "nile", "--seat", "0=random", "--seat", "1=random", "--seed", "3"],
        env=ENV,
    )
    assert result.exit_code == 0, result.output
    assert "Gana" in result.output or "Empate" in result.output  # the result, in Spanish


def test_an_unknown_language_is_refused_in_one_line(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["play", "nile", "--lang", "xx"], env=ENV)
    assert result.exit_code == 2
    assert "no translation into 'xx'; languages: en, de, es" in result.output
    assert "Traceback" not in result.output


def test_lang_es_explains_a_refused_nile_move_in_spanish(tmp_path: Path) -> None:
    """A move the rules forbid is refused in the player's language (the rule cited as written):
    'end' in the placement phase, SEED S7."""
    out = _play(tmp_path, "--lang", "es", answers="end\nquit\n")
    assert "es la fase de colocación: coloca una ficha ('place 4 a2')" in out
    assert "it is the placement phase" not in out


def test_lang_de_plays_dioses_del_nilo_in_german(tmp_path: Path) -> None:
    """German is a catalogue away (issue 32 item 3): the screen, the prompt and the engine's
    narration come from locale/de, the choices' meanings and help from texts/de.toml."""
    out = _play(tmp_path, "--lang", "de", answers="help\nhelp Nachhut\nhelp rearguard\n1\nquit\n")
    assert "Neue Partie Dioses del Nilo, Seed 3." in out
    assert "Dioses del Nilo — Runde 1, Einsetzphase" in out
    assert "Nachhut von Seth" in out and "Du bist Seth." in out
    assert "Legale Aktionen:" in out and "Seth, deine Aktion:" in out
    assert "Lege ein Plättchen aus deiner Hand" in out  # a choice's meaning, from texts/de.toml
    # help: the overview and an entry found by its German and its English name
    assert "Isis und Seth tragen ihren Streit" in out
    assert out.count("Deine hintere Reihe: ein leeres Nachhut-Feld") == 2
    assert "Seth legt eine 1 offen auf a1." in out  # the engine's narration
    assert "Du hast die Partie verlassen." in out
    for english in ("Legal actions", "your action", "Goal:", "placement phase", "Left the game", "rearguard"):
        assert english not in out
    assert i18n.get_language() == "de"
