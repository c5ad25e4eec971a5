"""The terminal explains every term its screens show (issue 30, item 2): ``help NAME`` finds each
label the drawings print (panel titles, table headers and row labels, "label: value" lines) on
the full, compact and extra screens and the engine panel of seeded positions of every game, in
English and each language the game has rules texts in, and the terminal's own commands (undo,
board, quit, help, Ankh's gods and tracks)."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from netjer import i18n
from netjer.cli.learn import LessonTable
from netjer.cli.play import (
    HELP_CHOICES,
    KIND_WORDS,
    TerminalTable,
    command_term,
    find_topic,
    help_name,
    numbered_example,
)
from netjer.core.errors import NetjerError
from netjer.core.texts import languages, load_texts
from netjer.drawings import Fit, engine_panel_for, renderer_for, view_module
from netjer.games.registry import make_game
from netjer.tutorials.lesson import lesson_languages, lesson_names, load_lesson
from tests.language_check import in_language

GAMES: dict[str, dict[str, Any]] = {"aton": {}, "nile": {}, "ankh": {"players": 3}}
#: Panels that tell what happened (the log), not terms.
NARRATION_PANELS = {"recent events"}
#: A "label: value" at the start of a line of a text or cell.
LABEL = re.compile(r"^\s*([^\W\d][\w' ()→\-]*?)\s*:\s", re.M)


def _plain(x: object) -> str:
    return x.plain if isinstance(x, Text) else x if isinstance(x, str) else ""


def _labels_of_text(x: object) -> list[str]:
    # a Text in italics is the log's last lines (narration)
    if isinstance(x, Text) and "italic" in str(x.style):
        return []
    return [m.group(1) for m in LABEL.finditer(_plain(x))]


def labels(drawing: RenderableType) -> Iterator[str]:
    """Every label ``drawing`` shows: panel and table titles, column headers, a table's first
    column (its row labels) and the "label: value" at the start of a line."""
    if isinstance(drawing, Fit):
        yield from labels(drawing.full)
        yield from labels(drawing.compact)
    elif isinstance(drawing, (Group, Columns)):
        for part in drawing.renderables:
            yield from labels(part)
    elif isinstance(drawing, Padding):
        yield from labels(drawing.renderable)
    elif isinstance(drawing, Panel):
        title = _plain(drawing.title)
        if title in {i18n.gettext(narration) for narration in NARRATION_PANELS}:  # in the screen's language
            return
        if title:
            yield title
        yield from labels(drawing.renderable)
    elif isinstance(drawing, Table):
        if drawing.title:
            yield _plain(drawing.title)
        for i, column in enumerate(drawing.columns):
            if _plain(column.header):
                yield _plain(column.header)
            for cell in column.cells:
                if isinstance(cell, (str, Text)):
                    if i == 0:
                        yield _plain(cell)
                    yield from _labels_of_text(cell)
                else:
                    yield from labels(cell)
    elif isinstance(drawing, (Text, str)):
        yield from _labels_of_text(drawing)
    else:
        raise AssertionError(f"a drawing part the scan does not know: {type(drawing).__name__}")


def _words(label: str) -> str:
    """A label as a player would type it after 'help': without what stands in brackets, marks
    (◀), numbers and "you" (the viewer's own seat, "you: hand ..." on Ankh's compact screen);
    empty for a row of coordinates or square kinds ("a", "G · Y · K"), which 'help symbols'
    explains."""
    label = re.sub(r"\([^)]*\)", " ", label)
    words = [w for w in re.findall(r"[^\W\d_][\w'\-]*", label) if w.lower() != i18n.gettext("you").lower()]
    return " ".join(words) if any(len(w) > 2 for w in words) else ""


def explained(game: str, language: str, label: str) -> bool:
    """Whether ``help`` finds ``label``: itself, without a possessive ("Seth's vanguard"), or
    a seat's god without its player's name ("Tot — Thoth": the god's name in Spanish, then the
    player's)."""
    texts = load_texts(f"netjer.games.{game}", language)
    words = _words(label)
    if not words:
        return True  # a coordinate, a number, a row of symbols ('help symbols')
    tries = [words, re.sub(r"^\S+'s ", "", words), _words(label.split(" — ", maxsplit=1)[0])]
    short = getattr(view_module(game), "short_forms", dict)()
    return any(find_topic(texts, w, ("gods", "tracks"), short=short) is not None for w in tries)


#: A line of a compact screen that lists pieces by short forms: a region's line of Ankh's map
#: summary ("3: Ra God War · Tem1").
REGION_LINE = re.compile(r"^\d+: ")


def compact_short_forms(game: str, obs: dict[str, Any]) -> tuple[set[str], str]:
    """The short forms ``game``'s compact screen shows for ``obs`` (every word of its gods'
    header line and of its region lines, numbers after a label kept: ``Obl3``), and the screen's
    whole text, drawn with room for every part."""
    compact = getattr(view_module(game), "render_compact", None)
    if compact is None:
        return set(), ""
    out = io.StringIO()
    Console(file=out, width=1000, color_system=None).print(compact(obs, 0, 200, 1000))
    lines = out.getvalue().splitlines()
    listing = [line for line in lines if REGION_LINE.match(line)]
    if game == "ankh":
        listing.append(lines[1])  # the gods' header: "Ra* Dev 3 Fol 2 · Isis Dev 1 Fol 0"
    return {w for line in listing for w in re.findall(r"[^\W\d_][\w'\-]*", line)}, out.getvalue()


def _positions(game: str) -> Iterator[Any]:
    g = make_game(game, GAMES[game])
    for seed in (1, 2, 3):
        for steps in (0, 10, 40, 90):
            state = g.new_initial_state(seed)
            rng = random.Random(seed)
            for _ in range(steps):
                if state.is_terminal:
                    break
                state.apply(rng.choice(state.legal_actions()))
            yield state


def screens_labels(game: str) -> set[str]:
    """The labels of every screen of seeded positions of ``game`` seen by seat 0."""
    found: set[str] = set()
    module = view_module(game)
    panel = engine_panel_for(game)
    for state in _positions(game):
        obs = state.observation(0)
        found.update(labels(renderer_for(game)(obs, 0)))
        for draw in getattr(module, "screens", dict)().values():
            found.update(labels(draw(obs, 0)))
        compact = getattr(module, "render_compact", None)
        if compact is not None:
            found.update(labels(compact(obs, 0, 24, 80)))
            found.update(compact_short_forms(game, obs)[0])
        if panel is not None and (drawn := panel(state, 0)) is not None:
            found.update(labels(drawn))
    return found


CASES = [
    pytest.param(game, language, id=f"{game}-{language}")
    for game in GAMES
    for language in languages(f"netjer.games.{game}")
]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "language"), CASES)
def test_help_finds_every_label_the_screens_show(game: str, language: str) -> None:
    with in_language(language):
        shown = screens_labels(game)
        missing = sorted(label for label in shown if not explained(game, language, label))
    assert len(shown) >= 8, shown  # the scan saw the screens' labels
    assert missing == [], f"labels 'help' does not find: {missing}"


def _help(game: str, topic: str) -> str:
    g = make_game(game, GAMES[game])
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    table = TerminalTable(g, g.new_initial_state(1), ["human"] * g.num_players, console=console, save=None)
    table.show_help(topic)
    return out.getvalue()


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize(
    ("topic", "shown"), [("undo", "undo"), ("board", "board"), ("quit", "quit"), ("q", "quit"), ("help", "help")]
)
def test_help_explains_the_terminals_commands(game: str, topic: str, shown: str) -> None:
    text = _help(game, topic)
    assert text.startswith(f"{shown}  (command)"), text
    assert "No rule called" not in text


@pytest.mark.parametrize(
    ("topic", "name"),
    [
        ("guardian", "Guardians"),
        ("board", "board"),
        ("chariot", "Chariots"),
        ("gods", "gods"),
        ("tracks", "tracks"),
        ("5P", "start spaces"),
    ],
)
def test_ankh_help_finds_what_a_newcomer_types(topic: str, name: str) -> None:
    assert _help("ankh", topic).startswith(name)


#: A lesson's "More: help NAME · help NAME" line, in any language: what it tells to type.
LESSON_TOPIC = re.compile(r"help (.+?)(?= · |\s*$)", re.M)
LESSON_CASES = [
    pytest.param(name, language, id=f"{name}-{language}")
    for name in lesson_names()
    for language in lesson_languages(name)
    if language != "en"
]


@pytest.mark.parametrize(("name", "language"), LESSON_CASES)
def test_a_lesson_names_each_topic_as_its_language_shows_it_and_help_finds_it(name: str, language: str) -> None:
    """Each step's "More: help NAME" line of ``netjer learn`` (issue 32) names its topics in the
    lesson's language ('help fase de colocación', not 'help placement-phase'), and typing
    exactly what is shown finds that topic, through the lesson's own 'help' command."""
    with in_language(language):
        out = io.StringIO()
        console = Console(file=out, width=400, color_system=None)
        table = LessonTable(load_lesson(name, language), console=console)
        run = table.run
        shown_names = 0
        while not run.done:
            run.begin_step()
            step = run.step
            console.print(table._panel())
            panel = out.getvalue().split(i18n.gettext("More: {names}").split("{")[0])[-1]
            out.seek(0)
            out.truncate()
            topics = LESSON_TOPIC.findall(panel.splitlines()[0].strip(" │")) if step.terms else []
            assert len(topics) == len(step.terms), panel
            for term_id, topic in zip(step.terms, topics, strict=True):
                term = run.texts.term(term_id)
                assert term.name.startswith(topic), (term_id, topic)  # the name the screens show
                found = run.texts.find(topic)
                assert found is not None and found.id == term_id, (topic, found)
                table._help(topic)
                assert out.getvalue().startswith(term.name), out.getvalue()[:200]
                out.seek(0)
                out.truncate()
                shown_names += term.name.lower() != term_id.replace("-", " ")
            if step.expect is None:
                run.advance()
            else:
                assert run.answer(step.expect).accepted
    assert shown_names > 0  # the lesson has topics whose name differs from their id


#: A typed example in the terminal's help: a word or words in single quotes.
QUOTED = re.compile(r"'([^'\s][^']*)'")


def _typed_examples_are_the_games_own(game: str, text: str) -> list[str]:
    """The quoted examples of ``text`` that are not of ``game``: each must be a terminal command,
    'help NAME' with a NAME that game's help finds, a bare number, or a decision in that game's
    notation."""
    g = make_game(game, GAMES[game])
    texts = g.rules_texts(i18n.get_language())
    foreign = []
    for example in QUOTED.findall(" ".join(text.split())):
        word, _sep, rest = example.partition(" ")
        if command_term(example) is not None or example.isdigit() or (word == "help" and rest.isupper()):
            continue  # a command, a number, or 'help NAME' in capitals: the command's form
        if word == "help" and (command_term(rest) is not None or texts.find(rest) is not None):
            continue
        try:
            g.parse_action(example)
        except NetjerError:
            foreign.append(example)
    return foreign


@pytest.mark.parametrize("language", ["es", "de"])
@pytest.mark.parametrize("game", list(GAMES))
def test_help_gives_examples_of_the_game_being_played(game: str, language: str) -> None:
    """``help`` and ``help help`` at the table give examples typed in the game being played
    ('assign 4' in Aton, none of it in Dioses del Nilo), in the player's language (issue 32)."""
    with in_language(language):
        commands = _help(game, "")
        commands = commands[commands.index(i18n.gettext(HELP_CHOICES)) :]
        assert _typed_examples_are_the_games_own(game, commands) == [], commands
        assert _typed_examples_are_the_games_own(game, _help(game, "help")) == []
        numbered = numbered_example(make_game(game, GAMES[game]))
        assert (numbered is not None and f"'{numbered}'" in " ".join(commands.split())) == (game != "nile")


@pytest.mark.parametrize(("game", "language"), [c for c in CASES if c.values[1] != "en" and c.values[0] != "aton"])
def test_a_screens_legend_names_help_topics_as_the_language_shows_them(game: str, language: str) -> None:
    """Each 'help NAME' a game's screen tells the player to type (its legend's 'help symbols')
    names the topic in the player's language, as the lessons do ('help símbolos'), and help
    finds it (issue 32)."""
    with in_language(language):
        g = make_game(game, GAMES[game])
        texts = g.rules_texts(language)
        out = io.StringIO()
        Console(file=out, width=400, color_system=None).print(
            renderer_for(game)(g.new_initial_state(1).observation(0), 0)
        )
        named = [t for t in re.findall(r"'help ([^']+)'", out.getvalue()) if not t.isupper()]  # not 'help NAME'
        assert named, out.getvalue()  # the legend sends the player to 'help'
        for topic in named:
            term = texts.find(topic)
            assert term is not None, topic
            assert topic == help_name(texts, term.id), (topic, help_name(texts, term.id))


@pytest.mark.parametrize("language", languages("netjer.games.ankh"))
def test_ankhs_compact_screen_explains_its_short_forms_and_help_finds_them(language: str) -> None:
    """Issue 32: Ankh's compact screen ("Anubis* Ver 0 Anh 1", "1: Bastet Got Kri · Obe3") has a
    legend naming each short form it shows and what a region's number and a Monument's number
    mean, and 'help' finds each short form as shown, its Monument's number included."""
    with in_language(language):
        texts = load_texts("netjer.games.ankh", language)
        short = view_module("ankh").short_forms()
        seen: set[str] = set()
        for state in _positions("ankh"):
            forms, screen = compact_short_forms("ankh", state.observation(0))
            for form in forms - {info["name"] for info in state.observation(0)["gods"]}:
                base = re.sub(r"\d+$", "", form)
                assert f"{base} = " in screen, f"{form!r} is not in the legend:\n{screen}"
                assert find_topic(texts, form, short=short) is not None, form
                seen.add(base)
    assert len(seen) >= 6, seen  # the header's two short forms and the map's labels
    if language == "de":  # the tester's screen (issue 32)
        assert {"Ver", "Anh", "Got", "Kri", "Obe"} <= seen


@pytest.mark.parametrize("language", languages("netjer.games.aton"))
def test_help_finds_face_down_as_atons_screens_show_it(language: str) -> None:
    """Issue 32: Aton's screens show a hidden hand and a face-down discard as "4 cards, face
    down" and "4 face down" ("verdeckt", "boca abajo"); 'help' finds that word in the language."""
    with in_language(language):
        hand = i18n.ngettext("{n} card, face down", "{n} cards, face down", 4).format(n=4)
        discard = i18n.gettext("{n} face down").format(n=4)
        words = {hand.split(", ", maxsplit=1)[1], discard.split(" ", maxsplit=1)[1]}
        for word in words:
            text = _help("aton", word)
            assert "No rule called" not in text and "Keine Regel" not in text and "Ninguna" not in text, text
            assert text.startswith(load_texts("netjer.games.aton", language).term("face-down").name), text


@pytest.mark.parametrize("language", ["en", "de", "es"])
@pytest.mark.parametrize(
    ("game", "term_id", "kind"),
    [
        ("aton", "draw-pile", "zone"),
        ("aton", "discard-pile", "zone"),
        ("aton", "hand", "zone"),
        ("aton", "stone", "piece"),
        ("nile", "cemetery", "zone"),
        ("nile", "hourglass", "piece"),
        ("ankh", "figure", "piece"),
        ("ankh", "monument", "piece"),
        ("nile", "soldier", "token"),
    ],
)
def test_help_names_each_entry_by_what_it_is(game: str, term_id: str, kind: str, language: str) -> None:
    """Issue 32: a deck, a pile or the hourglass is no token: 'help' names each entry's kind as
    what it is ("Nachziehstapel (Bereich)", "Sanduhr (Spielmaterial)"), in the language."""
    with in_language(language):
        name = load_texts(f"netjer.games.{game}", language).term(term_id).name
        first = _help(game, help_name(load_texts(f"netjer.games.{game}", language), term_id)).splitlines()[0]
        assert first == f"{name}  ({i18n.gettext(KIND_WORDS[kind])})", first


@pytest.mark.parametrize("language", ["en", "de", "es"])
def test_help_of_the_cartouches_neither_repeats_its_kind_nor_runs_numbers_into_words(language: str) -> None:
    """Issue 32: "Kartuschen (Kartusche)" said its kind twice; "1 Punkte, 2 Reihenfolge" read as
    counts where each cartouche's number is meant ("1: Punkte")."""
    with in_language(language):
        texts = load_texts("netjer.games.aton", language)
        lines = _help("aton", texts.term("cartouches").name).splitlines()
    assert lines[0] == texts.term("cartouches").name, lines[0]
    assert re.search(r"\b1: \w.*\b2: \w.*\b3: \w.*\b4: \w", lines[1]), lines[1]


@pytest.mark.parametrize("language", ["de", "es"])
def test_the_kingdom_of_the_dead_has_one_name_on_every_screen(language: str) -> None:
    """Issue 32: the board's label (the catalogue's "Kingdom of the Dead", which the web table
    and the terminal both show) and the rules texts' entry name the same thing alike."""
    with in_language(language):
        shown = i18n.gettext("Kingdom of the Dead")
        entry = load_texts("netjer.games.aton", language).term("kingdom").name
        assert shown.casefold() == entry.casefold(), (shown, entry)
        assert _help("aton", shown).startswith(entry)
