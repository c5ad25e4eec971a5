"""The command line's own words in Spanish and German (issue 32): a usage error (ours and the
library's: an unknown option, a missing argument, a value of the wrong type, an extra argument)
and ``--help`` of the commands, with ``--lang`` anywhere on the line or ``$NETJER_LANG``, show
none of the English the same command shows in English (the library's sentences, read from that
English run, and the catalogue's, tests/language_check.py); English is unchanged."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from netjer import i18n
from netjer.cli.main import app
from netjer.cli.usage_words import HEADINGS
from tests.language_check import problems

runner = CliRunner()
LANGUAGES = ["es", "de"]
#: Wide enough that no sentence of an error's box or of a help's table wraps.
ENV = {"COLUMNS": "250", "NETJER_LANG": ""}

#: Command lines that are usage errors, by who finds them: the library's parser and our checks.
USAGE_ERRORS = {
    "unknown option": ["simulate", "aton", "--frob"],
    "unknown option, suggestion": ["simulate", "aton", "--game", "3"],
    "not a whole number": ["simulate", "aton", "-n", "abc"],
    "games at least 1": ["simulate", "aton", "-n", "0"],
    "no such ray option": ["simulate", "aton", "--ray"],
    "missing argument": ["simulate"],
    "option without its value": ["simulate", "aton", "--agents"],
    "extra argument": ["levels", "aton", "nile"],
    "unknown command": ["pley"],
    # our own checks of the options' values, before anything runs
    "unknown game": ["simulate", "atom"],
    "unknown game option": ["simulate", "aton", "-o", "layot=1"],
    "unknown agent": ["simulate", "aton", "--agents", "heuristc,random"],
    "workers": ["simulate", "aton", "--workers", "0"],
    "vary twice": ["simulate", "aton", "--vary", "red_max=1,1"],
    "out suffix": ["simulate", "aton", "--out", "results.txt"],
    "seat out of range": ["play", "aton", "--seat", "7=human"],
    "seat twice": ["play", "aton", "--seat", "0=human", "--seat", "0=random"],
    "new with load": ["play", "aton", "--new", "--load", "x.json"],
    "seed not a number": ["play", "aton", "--seed", "abc"],
    "review iterations": ["review", "x.json", "--iterations", "0"],
    "replay seat and omniscient": ["replay", "x.json", "--seat", "1", "--omniscient"],
    "serve port": ["serve", "--port", "0"],
    # the tournament's checks (netjer.sim.tournament)
    "a person in a tournament": ["simulate", "aton", "--agents", "human"],
    "too many agents": ["simulate", "aton", "--agents", "random,random,random"],
    "no start positions": ["simulate", "aton", "--rotate-starts"],
}


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    """``--lang`` sets the process's language: give the next test English back."""
    yield
    i18n.set_language(i18n.DEFAULT_LANGUAGE)


def _run(args: list[str], env: dict[str, str] | None = None) -> tuple[int, str]:
    result = runner.invoke(app, args, env={**ENV, **(env or {})})
    return result.exit_code, result.output


#: What the English run's lines hold besides words: quoted values, options, notation, names;
#: and the punctuation between clauses (each clause is looked for on its own).
QUOTED_OR_TYPED = (
    r"'[^']*'|`[^`]*`|Dioses del Nilo|\S*[-_=<>/\[\]{}0-9]\S*|\b(?:aton|nile|ankh|netjer|simulate|levels)\b|[:;()]"
)


def _sentences(text: str) -> list[str]:
    """The English run's words that a reader must not meet again: each line's text between the
    boxes' borders, cut at the values quoted or typed (``'--games'``, ``aton``), of two words or more."""
    found = []
    for raw in text.splitlines():
        line = re.sub(r"`[^`]*`", " ", raw.strip(" │╭╮╰╯─*"))  # a command as typed, first
        for piece in re.split(QUOTED_OR_TYPED, line):
            words = " ".join(piece.strip(" .,:;()").split())
            # a list of names as typed (levels, agents, languages, files) is no sentence
            if any(len(item.split()) >= 2 for item in words.split(",")):
                found.append(words)
    return found


@pytest.mark.parametrize("case", list(USAGE_ERRORS))
@pytest.mark.parametrize("language", LANGUAGES)
def test_usage_errors_speak_the_readers_language(case: str, language: str) -> None:
    args = USAGE_ERRORS[case]
    code, english = _run(args)
    assert code == 2, english
    code, told = _run([*args, "--lang", language])
    assert code == 2, told
    flat = " ".join(told.split())
    left = [s for s in _sentences(english) if s in flat]
    assert not left, f"English of {case!r} left in {language}: {left}\n{told}"
    # the usage line's argument names (``{game}``) are notation, not placeholders left unfilled
    assert not problems(_without_usage(told), language, ("common",)), told


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_environment_chooses_the_language_of_a_library_error(language: str) -> None:
    code, english = _run(["simulate", "aton", "--frob"])
    code, told = _run(["simulate", "aton", "--frob"], env={"NETJER_LANG": language})
    assert code == 2
    assert "No such option: --frob" in english and "No such option" not in told
    assert "--frob" in told  # the option typed stays as typed


def test_english_errors_are_the_librarys_own() -> None:
    code, out = _run(["simulate", "aton", "--frob"])
    assert code == 2
    assert "Usage: netjer simulate" in out
    assert "Try 'netjer simulate --help' for help." in out
    assert "No such option: --frob" in out and "Error" in out
    code, out = _run(["simulate"])
    assert "Missing argument 'game'." in out
    code, out = _run(["simulate", "aton", "-n", "0"])
    assert "error: --games must be at least 1" in out


def test_spanish_error_words() -> None:
    _code, out = _run(["simulate", "aton", "--frob", "--lang", "es"])
    assert "Uso: netjer simulate" in out and "Prueba 'netjer simulate --help' para ver la ayuda." in out
    assert "No existe la opción --frob" in out
    _code, out = _run(["simulate", "--lang", "de"])
    # the argument is named as the usage line names it, in the reader's words
    assert "Das Argument 'Spiel' fehlt." in out and "Aufruf: netjer simulate [OPTIONEN] {Spiel}" in out
    _code, out = _run(["simulate", "--lang", "es"])
    assert "Falta el argumento 'juego'." in out and "Uso: netjer simulate [OPCIONES] {juego}" in out


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_finished_game_loaded_says_so_in_the_readers_language(tmp_path: Path, language: str) -> None:
    record = tmp_path / "done.json"
    code, out = _run(["play", "nile", "--seat", "0=random", "--seat", "1=random", "--seed", "3", "--save", str(record)])
    assert code == 0, out
    code, english = _run(["play", "--load", str(record)])
    assert code == 0 and "Nothing is left to play" in english
    code, told = _run(["play", "--load", str(record), "--lang", language])
    assert code == 0, told
    ending = told[told.index(str(record)) - 20 :]  # the sentence after the drawing
    assert f"netjer replay {record}" in " ".join(ending.split())
    flat = " ".join(told.split())
    assert not [s for s in _sentences(english[english.index(str(record)) - 20 :]) if s in flat], told
    assert not problems(ending, language, ("common", "nile")), ending


@pytest.mark.parametrize(("language", "title"), [("es", "Ankh: Dioses de Egipto"), ("de", "Ankh: Götter Ägyptens")])
def test_ankh_is_shown_under_its_published_title(language: str, title: str) -> None:
    code, out = _run(["games", "--lang", language])
    assert code == 0, out
    assert f"{title} (ankh)" in out and "Gods of Egypt" not in out
    code, out = _run(["games"])
    assert "Ankh: Gods of Egypt (ankh)" in out  # English, and the game's id, unchanged


#: Every command of ``netjer`` (and the group itself), whose --help a reader may ask for.
COMMANDS = [
    [],
    ["play"],
    ["replay"],
    ["simulate"],
    ["review"],
    ["levels"],
    ["games"],
    ["learn"],
    ["serve"],
    ["audit"],
    ["reports"],
    ["version"],
    ["i18n"],
    ["i18n", "status"],
]


def _without_usage(text: str) -> str:
    """``text`` without its usage line, whose argument names (``{game}``) are notation."""
    return "\n".join(line for line in text.splitlines() if not re.match(r"\s*\S+ netjer\b", line))


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c) or "netjer")
@pytest.mark.parametrize("language", LANGUAGES)
def test_help_speaks_the_readers_language(command: list[str], language: str) -> None:
    code, english = _run([*command, "--help"])
    assert code == 0, english
    for where in (["--lang", language, *command, "--help"], [*command, "--help", "--lang", language]):
        code, told = _run(where)
        assert code == 0, told
        flat = " ".join(told.split())
        left = [s for s in _sentences(_without_usage(english)) if s in flat]
        assert not left, f"English help of {command} left in {language}: {left}\n{told}"
        found = problems(_without_usage(told), language, ("common",))
        assert not [p for p in found if "example.org" not in p], told  # serve's example address is no key
        # the library's headings, in the reader's words
        for heading in HEADINGS.values():
            assert f"─ {heading} ─" not in told or i18n.gettext(heading, language) == heading
        assert "─ " + i18n.gettext("Options", language) + " ─" in told
        assert "[OPTIONS]" not in told and "COMMAND [ARGS]" not in told  # the usage line's words


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c) or "netjer")
def test_english_help_is_unchanged(command: list[str]) -> None:
    code, out = _run([*command, "--help"])
    assert code == 0, out
    assert "Usage: netjer" in out and "─ Options ─" in out and "Show this message and exit." in out


#: A kind of value as the library shows it after an option or argument (``<int>``, ``<list[str]>``),
#: or a placeholder in a help text (``<rp id>``).
KIND = r"<[^<>\s][^<>]*>"
#: A placeholder written in capitals (``SEED``, ``SEAT=AGENT``, ``NAME=V1|V2``, ``GAME-SEED``) or a
#: count less one (``players-1``).
PLACEHOLDER = r"\b[A-Z][A-Z0-9]*(?:[=,|+-][A-Z0-9]+)*\b|\b[a-z]+-1\b"
#: Capitals in the English help that are names, the same in every language, not placeholders.
ACRONYMS = {"CPU", "HTML", "HTTPS", "IP", "JSON", "PNG", "TCP", "TLS", "URL", "UTC"}


def _placeholders(text: str) -> set[str]:
    return {p for p in re.findall(PLACEHOLDER, text) if len(p) > 1 and p not in ACRONYMS}


def _argument_names(help_text: str) -> list[str]:
    """The names of a command's arguments, as its usage line shows them (``{game}``, ``[lesson]``)."""
    usage = next(line for line in help_text.splitlines() if re.match(r"\s*\S+ netjer\b", line))
    return re.findall(r"[{\[]([a-z]+)[}\]]", usage)


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c) or "netjer")
@pytest.mark.parametrize("language", LANGUAGES)
def test_help_names_kinds_and_placeholders_in_the_readers_language(command: list[str], language: str) -> None:
    """The kinds of values (``<int>``), the arguments' names (``{game}``) and the placeholders of
    the help texts (``SEAT=AGENT``) are the reader's words; what is typed stays as typed."""
    _code, english = _run([*command, "--help"])
    code, told = _run([*command, "--help", "--lang", language])
    assert code == 0, told
    kinds = set(re.findall(KIND, english))
    left = sorted(kind for kind in kinds if kind in told)
    assert not left, f"English kinds of value in {language}: {left}\n{told}"
    left = sorted(_placeholders(english) & _placeholders(told))
    assert not left, f"English placeholders in {language}: {left}\n{told}"
    for name in _argument_names(english):
        assert not re.search(rf"[{{\[]{name}[}}\]]", told), f"{{{name}}} in the usage line\n{told}"
        assert not re.search(rf"^│\s*\*?\s+{name}\s", told, flags=re.MULTILINE), f"{name} in the panel\n{told}"
    for option in re.findall(r"--[a-z][a-z-]*", english):
        assert option in told  # an option is typed as it is written
    # an on/off pair's default is no English flag name in a translated bracket ("[Standard: no-step]")
    assert not re.search(r"\[[^\]]*: no-[a-z-]+\]", told), told


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c) or "netjer")
@pytest.mark.parametrize("language", ["en", *LANGUAGES])
def test_a_flag_is_shown_without_a_kind_of_value(command: list[str], language: str) -> None:
    """A flag (``--help``, ``--version``, ``--ws-deflate/--no-ws-deflate``) takes no value: no ``<bool>``."""
    code, out = _run([*command, "--help", "--lang", language])
    assert code == 0, out
    assert "<bool>" not in out and "--help " in out


def test_english_kinds_and_names_are_the_librarys() -> None:
    _code, out = _run(["simulate", "--help"])
    assert "Usage: netjer simulate [OPTIONS] {game}" in out
    assert re.search(r"--games\s+-n\s+<int>", out) and re.search(r"--vary\s+<list\[str\]>", out)
    assert re.search(r"\*\s+game\s+<str>", out)
    _code, out = _run(["simulate", "--help", "--lang", "es"])
    assert "Uso: netjer simulate [OPCIONES] {juego}" in out
    assert re.search(r"--games\s+-n\s+<entero>", out) and re.search(r"--vary\s+<lista>", out)
    assert re.search(r"\*\s+juego\s+<texto>", out)
    _code, out = _run(["reports", "--help", "--lang", "de"])
    assert re.search(r"--limit\s+<Ganzzahl> \[x>=1\]", out)  # the range as the library writes it


def test_english_help_keeps_the_commands_words() -> None:
    _code, out = _run(["--help"])
    assert "Play a game in the terminal against the computer, or watch the computer play." in out
    assert "Language of the texts shown: en, de, es (default: $NETJER_LANG, else English)." in out
    _code, out = _run(["simulate", "--help"])
    assert "Number of games (with --vary, in all). [default: 100]" in out
    assert "The game: aton, nile, ankh. [required]" in out


@pytest.mark.parametrize("args", [["version"], ["--version"]])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_version_line_speaks_the_readers_language(args: list[str], language: str) -> None:
    code, english = _run(args)
    assert code == 0 and english.startswith("netjer ") and "engine: " in english
    code, told = _run([*args, "--lang", language])
    assert code == 0, told
    flat = " ".join(told.split())
    assert not [s for s in _sentences(english) if s in flat], told
    assert "engine:" not in told and not problems(told, language, ("common",)), told


def _bad_records(folder: Path) -> dict[str, Path]:
    """Files that are no record, each refused with its file and position."""
    (folder / "field.json").write_text('{"game": "aton"}', encoding="utf-8")
    (folder / "json.json").write_text('{"game": "aton",', encoding="utf-8")
    (folder / "number.json").write_text('{"format": "netjer-record", "x": 1e999}', encoding="utf-8")
    (folder / "twice.json").write_text('{"game": "aton", "game": "nile"}', encoding="utf-8")
    (folder / "utf16.json").write_bytes('{"game": "aton"}'.encode("utf-16"))
    (folder / "a-folder").mkdir()
    return {p.name: p for p in [*folder.iterdir(), folder / "missing.json"]}


@pytest.mark.parametrize("language", LANGUAGES)
def test_record_errors_speak_the_readers_language(tmp_path: Path, language: str) -> None:
    for name, path in _bad_records(tmp_path).items():
        for command in (["replay", str(path)], ["play", "--load", str(path)]):
            code, english = _run(command)
            assert code == 2 and str(path) in english, english
            code, told = _run([*command, "--lang", language])
            assert code == 2 and str(path) in told, told
            flat = " ".join(told.replace(str(path), "").split())
            left = [s for s in _sentences(english.replace(str(path), "")) if s in flat]
            assert not left, f"English of {name} left in {language}: {left}\n{told}"
            assert not problems(told, language, ("common",)), told


#: How ``replay --step``'s commands 'first' and 'last' are explained: the word as typed, then
#: what it means in words (not a bare "first, last" a reader of another language cannot read).
EXPLAINED_FIRST_LAST = re.compile(r"\bfirst: [^\W\d]+.*\blast: [^\W\d]+", re.S)


@pytest.mark.parametrize("language", LANGUAGES)
def test_replay_step_says_what_first_and_last_mean(tmp_path: Path, language: str) -> None:
    """``replay --help``'s --step and the 'help' typed while stepping explain the commands
    'first' and 'last' (typed as they are) in the reader's language (issue 32)."""
    code, usage = _run(["replay", "--help", "--lang", language])
    assert code == 0, usage
    step_row = " ".join(line.strip(" │") for line in usage[usage.index("--step") :].splitlines()[:6])
    assert EXPLAINED_FIRST_LAST.search(step_row), step_row
    record = tmp_path / "g.json"
    code, out = _run(["play", "nile", "--seat", "0=random", "--seat", "1=random", "--seed", "3", "--save", str(record)])
    assert code == 0, out
    result = runner.invoke(app, ["replay", str(record), "--step", "--lang", language], input="help\nq\n", env=ENV)
    told = result.output[result.output.rindex("first") - 200 :]
    assert result.exit_code == 0 and EXPLAINED_FIRST_LAST.search(told), told
    assert not problems(told.split("\n", 1)[1], language, ("common", "nile")), told


@pytest.mark.parametrize("language", LANGUAGES)
def test_replay_step_prompt_leaves_room_to_type(tmp_path: Path, language: str) -> None:
    """``replay --step``'s prompt is short ("3 de 21 ›"), the keys told once on a line of their own:
    a prompt as wide as an 80-column terminal made what is typed wrap mid-word (issue 32)."""
    record = tmp_path / "g.json"
    code, out = _run(["play", "nile", "--seat", "0=random", "--seat", "1=random", "--seed", "3", "--save", str(record)])
    assert code == 0, out
    result = runner.invoke(app, ["replay", str(record), "--step", "--lang", language], input="\n\nq\n", env=ENV)
    assert result.exit_code == 0, result.output
    prompts = [line[: line.index("›") + 1] for line in result.output.splitlines() if "›" in line]
    assert len(prompts) == 3, result.output
    assert all(len(p.strip()) <= 16 for p in prompts), prompts
