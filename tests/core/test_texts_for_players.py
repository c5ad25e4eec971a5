"""Rules texts written for players (issue 30, item 3): what both front ends show (an entry's
name, line and rule, the overview) names no front end's controls; what to click is in ``web``,
shown by the browser only, and what to type in ``terminal``, shown by the terminal only; every
action says both.  For every game, in English and in each language it has rules texts in."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from netjer.cli.play import term_text
from netjer.core.texts import RulesTexts, languages, load_texts

GAMES = ("aton", "nile", "ankh")
CASES = [
    pytest.param(game, language, id=f"{game}-{language}")
    for game in GAMES
    for language in languages(f"netjer.games.{game}")
]
#: The terminal's own commands and notation words that are no action of their own.
COMMAND_WORDS = {"help", "undo", "board", "quit", "down"}


def notation(texts: RulesTexts) -> re.Pattern[str]:
    """What a text for both front ends must not hold: a quoted decision or command ('place 4 a2',
    'done', 'help NAME'), a decision in brackets as an example ("(move a2 b2)"), or an order to
    type ("Type '...", "Escribe '...", "Tippe '...")."""
    words = {t.id for t in texts.terms if t.kind == "action"} | COMMAND_WORDS
    # the declining words are aliases of their action's entry ('noswap' of swap)
    words |= {a for t in texts.terms if t.kind == "action" for a in t.aliases if re.fullmatch(r"no[a-z]+", a)}
    verbs = "|".join(sorted(map(re.escape, words), key=len, reverse=True))
    return re.compile(rf"'(?:{verbs})(?:\s[^']*)?'|\((?:{verbs})\s[^)]*\)|\b(?:[Tt]ype|[Ee]scribe|[Tt]ippe) '")


@pytest.mark.parametrize(("game", "language"), CASES)
def test_the_shared_texts_name_no_command_to_type(game: str, language: str) -> None:
    texts = load_texts(f"netjer.games.{game}", language)
    found = notation(texts)
    shared = [(f"overview.{f}", getattr(texts.overview, f)) for f in ("goal", "turn", "win")]
    shared += [(f"{t.id}.{f}", getattr(t, f)) for t in texts.terms for f in ("name", "line", "rule", "web")]
    typed = [f"{where}: {m[0]!r}" for where, text in shared if (m := found.search(text))]
    assert typed == [], "terminal notation in texts the browser shows too:\n" + "\n".join(typed)


@pytest.mark.parametrize(("game", "language"), CASES)
def test_every_action_says_what_to_click_and_what_to_type(game: str, language: str) -> None:
    texts = load_texts(f"netjer.games.{game}", language)
    actions = [t for t in texts.terms if t.kind == "action"]
    assert actions
    assert [t.id for t in actions if not t.web] == []
    assert [t.id for t in actions if "'" not in t.terminal] == []  # a command to type, quoted


def test_the_pattern_finds_what_it_must() -> None:
    found = notation(load_texts("netjer.games.nile"))
    for typed in (
        "'place 4 a2' puts",
        "(move a2 b2)",
        "Type 'end'.",
        "Tippe 'end'.",
        "after an 'end'",
        "'help NAME' explains",
    ):
        assert found.search(typed), typed
    assert found.search("Click End turn.") is None and found.search("your opponent's 'soldiers'") is None


def test_the_browser_gets_the_web_words_and_the_terminal_its_own() -> None:
    texts = load_texts("netjer.games.nile")
    entry = next(t for t in texts.as_json()["terms"] if t["id"] == "place")  # type: ignore[attr-defined]
    assert entry["web"] == texts.term("place").web and "terminal" not in entry
    out = io.StringIO()
    Console(file=out, width=200, color_system=None).print(term_text(texts.term("place")))
    shown = out.getvalue()
    assert texts.term("place").terminal in shown and texts.term("place").web not in shown
    assert "Source: docs/rules/nilo.md" in shown
