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
from netjer.games.registry import game_class
from netjer.i18n_lines import tell

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


# --- options named as the lobby names them (issue 32) -----------------------------------------

#: The translated rules texts: a reader of these sees the options by their titles in the lobby.
TRANSLATED = [
    pytest.param(game, language, id=f"{game}-{language}")
    for game in GAMES
    for language in languages(f"netjer.games.{game}")
    if language != "en"
]
#: How far before an option's key, given in parentheses, its shown title must stand (a clause).
TITLE_REACH = 200


def shown_options(game: str, language: str) -> dict[str, tuple[str, dict[str, str]]]:
    """Each option of ``game``'s schema: its title and its values' names as the lobby shows them
    in ``language`` (lobby.js ``optionField``: the title, or the key; a value by its "x-titles"
    entry, else with spaces for underscores, each read through the game's catalogue)."""
    shown: dict[str, tuple[str, dict[str, str]]] = {}
    for key, prop in game_class(game).option_schema()["properties"].items():
        titles = prop.get("x-titles", {})
        words = {str(v): titles.get(v, str(v).replace("_", " ")) for v in prop.get("enum", [])}
        values = {v: tell(english, language, ("common", game)) for v, english in words.items()}
        shown[key] = (tell(prop.get("title", key), language, ("common", game)), values)
    return shown


def raw_option_words(text: str, options: dict[str, tuple[str, dict[str, str]]]) -> list[str]:
    """The option keys and ``key=value`` settings ``text`` shows a player without naming the option
    as the lobby does: a key is allowed only alone in parentheses, ``(key)``, ``(key=value)`` or
    ``(-o key=value)``, after the option's shown title (and the value's shown name) in the same
    stretch of text, for a terminal user who types ``-o key=value``."""
    keys = "|".join(sorted(map(re.escape, options), key=len, reverse=True))
    found = []
    for m in re.finditer(rf"(?<![\w-])(?:[a-z0-9_]+=[\w-]+|{keys})(?![\w-])", text):
        setting = m[0]
        key, _, value = setting.partition("=")
        before = text[max(0, m.start() - TITLE_REACH) : m.start()]
        alone = re.search(rf"\((?:-o )?{re.escape(setting)}\)", text[max(0, m.start() - 4) : m.end() + 1])
        if key not in options or not alone:
            found.append(setting)
            continue
        title, values = options[key]
        named = title.casefold() in before.casefold() and (
            not value or value not in values or values[value].casefold() in before.casefold()
        )
        if not named:
            found.append(setting)
    return found


@pytest.mark.parametrize(("game", "language"), TRANSLATED)
def test_translated_rules_texts_name_options_by_their_shown_titles(game: str, language: str) -> None:
    texts = load_texts(f"netjer.games.{game}", language)
    options = shown_options(game, language)
    shown = [(f"overview.{f}", getattr(texts.overview, f)) for f in ("goal", "turn", "win")]
    shown += [(f"{t.id}.{f}", getattr(t, f)) for t in texts.terms for f in ("name", "line", "rule", "web", "terminal")]
    raw = [f"{where}: {words}" for where, text in shown if (words := raw_option_words(text, options))]
    assert raw == [], "option keys or raw values shown to a player:\n" + "\n".join(raw)


def test_the_option_check_finds_what_it_must() -> None:
    options = shown_options("nile", "es")
    assert options["values"][0] == "Valores"
    for raw in (
        "Con la opción owner_sees_drawn=false colocas fichas.",
        "(opción no_fight_limit)",
        "salvo con la opción blocking;",
        "con la opción «Valores» (values=three_each)",  # the value's shown name is missing
        "(no_fight_limit) con la opción «Límite sin lucha»",  # the title comes after
        "(foo=bar)",
    ):
        assert raw_option_words(raw, options), raw
    for named in (
        "con la opción «Límite sin lucha» (no_fight_limit)",
        "con la opción «Valores» en «escalonado (5-4-3-2-1)» (values=triangular)",
        "con la opción «El dueño ve lo que saca» desactivada (owner_sees_drawn=false)",
        "con la opción «Bloqueo» (-o blocking=true)",
    ):
        assert raw_option_words(named, options) == [], named
