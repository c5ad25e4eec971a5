"""The server's refusals in the reader's language (issue 32): every refusal's sentence is a
catalogue message marked where it is raised, translated into Spanish and German with the same
placeholders, and a request in Spanish (``Accept-Language``, ``?lang=``, the WebSocket's
``?lang=``) is refused in Spanish, an engine's illegal-move reason included."""

from __future__ import annotations

import ast
import json
import re
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.exceptions import HTTPException as StarletteHTTPException

from netjer import i18n
from netjer.agents.review import NO_ADVICE
from netjer.core.errors import ConfigError
from netjer.core.validation_messages import field_path, problem_sentence
from netjer.games.registry import make_game
from netjer.i18n_lines import tell
from netjer.i18n_sentences import Sentence, sentence_of
from netjer.server.app import create_app
from netjer.server.clocks import ClockSettings
from netjer.server.middleware import MAX_BODY_BYTES
from netjer.server.ratings import RatingError, pool_of
from netjer.server.routes.errors import http_refusal
from netjer.server.routes.lessons import broken_lesson
from netjer.server.routes.seats import MOVE_HELP, UNDO_HELP
from netjer.server.runtime import TableError, Term
from netjer.server.sockets import BINARY_REFUSED, HELLO_HELP
from tests.illegal_moves import ILLEGAL_MOVES, IllegalMove
from tests.language_check import english_in, problems
from tests.server.sockets import receive_json

SERVER = Path(__file__).resolve().parents[2] / "src" / "netjer" / "server"
#: The exceptions whose sentence a player reads (their third, or second, argument).
REFUSALS = {"TableError": 2, "AccountError": 2, "RateLimited": 1, "WeakPassword": 0, "_refused": 1}
#: Where each refusal's code is (the passkey service's ``_refused(code, message)`` helper too).
CODES = {"TableError": 1, "AccountError": 1, "_refused": 0}
#: Parameters that hold a marked message by convention (their callers pass ``N_("...")``).
MARKED_PARAMETERS = {"refusal"}
#: Codes whose sentence is another layer's words, passed on (a library's status other than
#: 400, 404 and 405, which no page's request meets): allowed as ``str(err)``.
PASSED_ON = {"http_error"}


def _refusals() -> Iterator[tuple[str, int, str, ast.expr]]:
    """Every refusal raised in the server's code: (file, line, code or '', its sentence's argument)."""
    for path in sorted(SERVER.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else None
            if name not in REFUSALS or len(node.args) <= REFUSALS[name]:
                continue
            code = node.args[CODES[name]] if name in CODES else None
            code_text = code.value if isinstance(code, ast.Constant) and isinstance(code.value, str) else ""
            yield path.name, node.lineno, code_text, node.args[REFUSALS[name]]


def _marked_constants() -> set[str]:
    """The names (constants and local variables) assigned an ``N_("...")`` message in the server."""
    names: set[str] = set()
    for path in SERVER.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Assign) and _is_marked(node.value):
                names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return names


def _is_marked(expr: ast.expr) -> bool:
    return isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id == "N_"


def _marked_tables() -> set[str]:
    """The names of the server's dict constants whose every value is an ``N_("...")`` message
    (a refusal may say ``TABLE[key]``)."""
    names: set[str] = set()
    for path in SERVER.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict)):
                continue
            if node.value.values and all(_is_marked(v) for v in node.value.values):
                names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return names


def test_every_refusal_is_a_marked_catalogue_message() -> None:
    marked, tables = _marked_constants(), _marked_tables()
    unmarked = []
    for file, line, code, arg in _refusals():
        if _is_marked(arg) or (isinstance(arg, ast.Name) and arg.id in marked):
            continue
        if isinstance(arg, ast.Subscript) and isinstance(arg.value, ast.Name) and arg.value.id in tables:
            continue
        if isinstance(arg, ast.Attribute) and arg.attr == "message_id":  # passed on, marked where raised
            continue
        if isinstance(arg, ast.Name) and arg.id in MARKED_PARAMETERS:
            continue
        passed_on = isinstance(arg, ast.Call) and isinstance(arg.func, ast.Name) and arg.func.id == "str"
        if passed_on and code in PASSED_ON:
            continue
        unmarked.append(f"{file}:{line} ({code or '?'}): {ast.unparse(arg)}")
    assert not unmarked, "refusals whose sentence is not a catalogue message:\n" + "\n".join(unmarked)


def _server_messages() -> list[str]:
    """Every ``N_`` message of the server's code."""
    found = []
    for path in SERVER.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if _is_marked(node) and isinstance(node, ast.Call) and isinstance(node.args[0], ast.Constant):
                found.append(str(node.args[0].value))
    return sorted(set(found))


def _placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("language", ["es", "de"])
def test_every_server_message_has_its_translation_with_the_same_placeholders(language: str) -> None:
    messages = _server_messages()
    assert len(messages) > 80  # the scan found the refusals
    missing, mismatched = [], []
    for message in messages:
        told = i18n.gettext(message, language)
        if told == message:
            missing.append(message)
        elif _placeholders(told) != _placeholders(message):
            mismatched.append(f"{message!r} -> {told!r}")
    assert not missing, f"no {language} translation of: {missing}"
    assert not mismatched, mismatched


def test_a_refusal_tells_its_message_and_names_in_the_language_asked() -> None:
    err = TableError(409, "not_your_turn", "it is {player}'s turn", player=Term("Player 2"))
    assert err.message == "it is Player 2's turn"  # the API's English sentence, as before
    assert err.told("es") == "es el turno de Jugador 2"
    assert err.told("de") == "Spieler 2 ist am Zug"
    table = TableError(404, "no_table", "there is no table '{table}'", table="Player 2")
    assert table.told("es") == "no existe la mesa 'Player 2'"  # a plain value is never translated


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'netjer.db'}", ai_workers=0)
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c


def _table(client: TestClient) -> dict[str, Any]:
    seats = [{"type": "human", "name": "Ann"}, {"type": "agent", "agent": "random"}]
    r = client.post("/api/tables", json={"game": "aton", "seed": 7, "seats": seats})
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def test_a_browser_opening_an_address_with_no_page_gets_a_page(client: TestClient) -> None:
    """A mistyped link in a browser (a GET that accepts HTML) gets the "page not found" page, whose
    words the page translates (tests/web/test_pages_in_language_browser.py); a program asking
    the same address, or any address of the API, gets the API's JSON."""
    browser = {"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"}
    page = client.get("/nonexistent-page", headers=browser)
    assert page.status_code == 404 and page.headers["content-type"].startswith("text/html")
    assert "There is no page at this address" in page.text and 'href="/"' in page.text
    program = client.get("/nonexistent-page", headers={"Accept": "application/json"})
    assert program.status_code == 404 and program.json()["error"] == "not_found"
    for address in ("/api/nothing", "/static/nothing.js"):
        assert client.get(address, headers=browser).json()["error"] == "not_found"
    assert client.post("/nonexistent-page", headers=browser).status_code in (404, 405)


def test_a_spanish_request_gets_spanish_reasons_in_the_same_shape(client: TestClient) -> None:
    english = client.get("/api/nothing").json()
    spanish = client.get("/api/nothing", headers={"Accept-Language": "es-ES,es;q=0.9"}).json()
    german = client.get("/api/nothing", params={"lang": "de"}, headers={"Accept-Language": "es"}).json()
    assert english == {"error": "not_found", "message": "there is nothing at this address", "rule": None}
    assert spanish == {"error": "not_found", "message": "no hay nada en esta dirección", "rule": None}
    assert german["message"] == "unter dieser Adresse gibt es nichts"  # ?lang= goes first
    gone = client.get("/api/tables/nosuch/view", params={"seat": 0}, headers={"Accept-Language": "es"})
    assert (gone.status_code, gone.json()["error"]) == (404, "no_table")
    assert gone.json()["message"] == "no existe la mesa 'nosuch'"


def test_an_illegal_move_is_refused_in_spanish_by_http_and_websocket(client: TestClient) -> None:
    data = _table(client)
    table, token = data["id"], data["tokens"]["0"]
    auth = {"Authorization": f"Bearer {token}"}
    move = {"seat": 0, "version": 0, "action": "place 1Y"}
    english = client.post(f"/api/tables/{table}/moves", json=move, headers=auth).json()
    spanish = client.post(f"/api/tables/{table}/moves", json=move, headers={**auth, "Accept-Language": "es"}).json()
    assert english["error"] == spanish["error"] == "illegal"
    assert english["rule"] == "Aton rules §4 step B: the exchange counter"  # as the engine cites it
    assert spanish["rule"] == "Reglas de Aton §4 paso B: la ficha de intercambio"
    assert spanish["message"] and spanish["message"] != english["message"]
    assert spanish["message"] == TableError.engine(422, "illegal", english["message"], "aton").told("es")
    with client.websocket_connect(f"/ws/tables/{table}?lang=es") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": token})
        view = receive_json(ws, "the first view")
        ws.send_json({"type": "move", "version": view["version"] + 5, "index": 0})
        err = receive_json(ws, "the refusal of a stale move")
        assert err["error"] == "stale" and err["message"].startswith("la partida ha avanzado"), err


@pytest.mark.parametrize("language", ["es", "de"])
def test_a_move_the_game_cannot_read_is_refused_whole_in_the_language_asked(client: TestClient, language: str) -> None:
    """The most common refusal (issue 32): a notation that is no action of the game, told as
    the game's catalogue message with the typed text and the notation's forms as typed."""
    data = _table(client)
    table, token = data["id"], data["tokens"]["0"]
    move = {"seat": 0, "version": 0, "action": "xyz"}
    asked = {"Authorization": f"Bearer {token}", "Accept-Language": language}
    english = client.post(f"/api/tables/{table}/moves", json=move, headers={"Authorization": f"Bearer {token}"})
    told = client.post(f"/api/tables/{table}/moves", json=move, headers=asked)
    assert english.status_code == told.status_code == 422
    assert english.json()["error"] == told.json()["error"] == "bad_move"
    said = told.json()["message"]
    assert english.json()["message"].startswith("'xyz' is not an Aton action")
    assert said.startswith("'xyz' ") and "'assign 1'" in said  # the typed text and the notation as typed
    assert said == i18n.gettext(english_id_of_aton_parse_error(), language).format(text="'xyz'")


def english_id_of_aton_parse_error() -> str:
    """The catalogue message Aton's notation parser refuses an unknown word with."""
    try:
        make_game("aton").parse_action("xyz")
    except ValueError as err:
        return sentence_of(err).message_id
    raise AssertionError("'xyz' parsed as an Aton action")


#: A section of the rules a refusal cites: ``§4``, ``§10.3``, a source key ``S7``.
SECTION = re.compile(r"§[\d.]*\d|\bS\d+\b")


def _play_until_refused(client: TestClient, move: IllegalMove, headers: dict[str, str]) -> dict[str, Any]:
    """``move``'s game at a new table of two people, its legal moves played, then its illegal
    one sent by HTTP with ``headers``: the refusal."""
    seats = [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}]
    made = client.post(
        "/api/tables", json={"game": move.game, "seed": move.seed, "seats": seats, "options": move.options}
    )
    assert made.status_code == 201, made.text
    table, tokens = made.json()["id"], made.json()["tokens"]
    state = make_game(move.game, move.options).new_initial_state(move.seed)
    for version, text in enumerate([*move.before, move.illegal]):
        seat = state.to_move
        body = {"seat": seat, "version": version, "action": text}
        auth = {"Authorization": f"Bearer {tokens[str(seat)]}", **headers}
        answer = client.post(f"/api/tables/{table}/moves", json=body, headers=auth)
        if text == move.illegal:
            assert answer.status_code == 422, answer.text
            refused: dict[str, Any] = answer.json()
            return refused
        assert answer.status_code == 200, answer.text
        state.apply(state.game.parse_action(text))
    raise AssertionError("unreachable")


@pytest.mark.parametrize("language", ["es", "de"])
@pytest.mark.parametrize("move", ILLEGAL_MOVES, ids=[m.game for m in ILLEGAL_MOVES])
def test_an_illegal_moves_rule_is_told_in_the_language_asked(
    client: TestClient, move: IllegalMove, language: str
) -> None:
    cited = move.refusal().rule  # the engine's citation, in English
    assert english_in(cited, language, move.domains), "the check would see this rule in English"
    english = _play_until_refused(client, move, {})
    told = _play_until_refused(client, move, {"Accept-Language": language})
    assert english["rule"] == cited  # an English reader's answer is as it was
    assert told["rule"] == tell(cited, language, move.domains) != cited
    assert SECTION.findall(told["rule"]) == SECTION.findall(cited)  # the sections stay as they are
    assert problems(f"{told['message']} ({told['rule']})", language, move.domains) == []


def test_the_refusals_of_the_social_routes_and_the_passkeys_are_told_in_spanish(client: TestClient) -> None:
    es = {"Accept-Language": "es"}
    no_game = client.get("/api/challenges", params={"game": "chess"}, headers=es)
    assert (no_game.status_code, no_game.json()["error"]) == (422, "no_game")
    assert no_game.json()["message"].startswith("no existe el juego 'chess'; juegos: ")
    assert "aton" in no_game.json()["message"]
    guest = client.get("/api/account/follows", headers=es)
    assert (guest.status_code, guest.json()["error"]) == (401, "signed_out")
    assert guest.json()["message"].startswith("entra primero: ")
    malformed = client.post("/api/account/passkeys/signin", json={"credential": {"id": 3}}, headers=es)
    assert (malformed.status_code, malformed.json()["error"]) == (422, "bad_passkey_response")
    assert malformed.json()["message"].startswith("la respuesta de la llave de acceso está mal formada: ")


SEATS = [{"type": "human", "name": "Ann"}, {"type": "agent", "agent": "random"}]


@pytest.mark.parametrize(
    ("body", "english", "spanish", "german"),
    [
        (
            {"game": "aton", "seats": [{"type": "human", "name": "x" * 41, "colour": 1}, SEATS[1]]},
            "seats.0.name: String should have at most 40 characters; "
            "seats.0.colour: not a field of a human seat (its fields: type, name, open, invite)",
            "seats.0.name: el texto debe tener como mucho 40 caracteres; "
            "seats.0.colour: no es un campo de un asiento de persona (sus campos: type, name, open, invite)",
            "seats.0.name: der Text darf höchstens 40 Zeichen haben; "
            "seats.0.colour: kein Feld eines Platzes für eine Person (seine Felder: type, name, open, invite)",
        ),
        (
            {"game": "aton", "seats": SEATS, "seed": "7", "clock": {"mode": "fast"}},
            "seed: Input should be a valid integer; clock.mode: Input should be one of 'none', 'realtime', 'turn'",
            "seed: el valor debe ser un número entero; clock.mode: el valor debe ser uno de 'none', 'realtime', 'turn'",
            "seed: der Wert muss eine ganze Zahl sein; "
            "clock.mode: der Wert muss einer von 'none', 'realtime', 'turn' sein",
        ),
        (
            {"seats": SEATS},
            "game: Field required",
            "game: campo obligatorio",
            "game: Pflichtfeld fehlt",
        ),
        (
            {"game": "aton", "seats": [{"type": "human", "name": "A\u202eB"}, SEATS[1]]},
            "seats.0.name: control or text-direction characters are not allowed",
            "seats.0.name: no se admiten caracteres de control ni de dirección del texto",
            "seats.0.name: Steuer- und Textrichtungszeichen sind nicht erlaubt",
        ),
    ],
)
def test_a_malformed_request_is_refused_in_the_language_asked(
    client: TestClient, body: dict[str, Any], english: str, spanish: str, german: str
) -> None:
    for language, expected in (("en", english), ("es", spanish), ("de", german)):
        r = client.post("/api/tables", json=body, headers={"Accept-Language": language})
        assert (r.status_code, r.json()) == (422, {"error": "bad_request", "message": expected})


def test_malformed_json_is_located_in_the_language_asked(client: TestClient) -> None:
    body = b'{\n "game": "aton",\n secret}'
    headers = {"Content-Type": "application/json", "Accept-Language": "de"}
    r = client.post("/api/tables", content=body, headers=headers)
    assert r.status_code == 422 and r.json()["message"].startswith(
        "der Inhalt ist kein gültiges JSON (Zeile 3, Spalte 2): "
    )
    r = client.post("/api/tables", content=b"", headers={**headers, "Accept-Language": "es"})
    assert r.json()["message"] == "la petición necesita un cuerpo JSON"


def test_a_games_option_check_is_refused_in_the_language_asked(client: TestClient) -> None:
    body = {"game": "aton", "seats": SEATS, "options": {"colour": "green"}}
    english = client.post("/api/tables", json=body).json()
    spanish = client.post("/api/tables", json=body, headers={"Accept-Language": "es"}).json()
    assert english == {
        "error": "bad_table",
        "message": "Aton: bad option: colour: Extra inputs are not permitted",
        "rule": None,
    }
    assert spanish["message"] == "Aton: opción no válida: colour: no se admiten campos de más"
    three = client.post("/api/tables", json={"game": "aton", "seats": [*SEATS, SEATS[1]]}, params={"lang": "de"})
    assert three.json() == {
        "error": "bad_table",
        "message": "Aton hat mit diesen Optionen 2 Plätze, nicht 3",
        "rule": None,
    }


def test_clock_rating_and_rules_checks_are_told_in_the_language_asked() -> None:
    try:
        ClockSettings("realtime", bank=1.0).check(2)
    except ValueError as err:
        clock = TableError.saying(422, "bad_clock", sentence_of(err))
    assert clock.message == "a real-time bank must be 5 to 10800 seconds, got 1"
    assert clock.told("es") == "el tiempo de un reloj en tiempo real debe ser de 5 a 10800 segundos, no 1"
    with pytest.raises(RatingError) as refused:
        pool_of("ankh", 6)
    rating = TableError.saying(422, "not_rated", sentence_of(refused.value))
    assert rating.told("de") == "es gibt keine Wertung für ankh mit 6 Spielern"
    with pytest.raises(ConfigError) as missing:
        make_game("aton").rules_texts("fr")
    rules = TableError.saying(404, "no_rules", sentence_of(missing.value))
    assert rules.told("es").startswith("no hay textos de reglas de aton en el idioma 'fr'; disponibles: ")


def test_a_plural_validation_message_takes_the_form_of_its_count() -> None:
    one = problem_sentence({"type": "string_too_short", "ctx": {"min_length": 1}}, "name")
    many = problem_sentence({"type": "string_too_short", "ctx": {"min_length": 3}}, "name")
    assert (str(one), str(many)) == (
        "name: String should have at least 1 character",
        "name: String should have at least 3 characters",
    )
    assert one.told("es") == "name: el texto debe tener al menos 1 carácter"
    assert many.told("es") == "name: el texto debe tener al menos 3 caracteres"
    unknown = problem_sentence({"type": "uuid_parsing"}, "id")
    assert unknown.told("de") == "id: der Wert wird nicht angenommen (uuid_parsing)"


def test_an_ankh_option_check_is_refused_in_the_language_asked(client: TestClient) -> None:
    seats = [{"type": "human"}, {"type": "human"}]
    body = {"game": "ankh", "seats": seats, "options": {"players": 2, "gods": "ra,ra"}}
    english = client.post("/api/tables", json=body).json()
    german = client.post("/api/tables", json=body, headers={"Accept-Language": "de"}).json()
    assert english["error"] == german["error"] == "bad_table"
    assert english["message"] == "Ankh gods: ra is given twice; each god plays at most once (§4)"
    assert german["message"] == "Ankh-Götter: ra ist doppelt angegeben; jeder Gott spielt höchstens einmal (§4)"


def test_an_agent_spec_is_refused_in_the_language_asked(client: TestClient) -> None:
    seats = [{"type": "human"}, {"type": "agent", "agent": "ismcts:time=1,time=2"}]
    spanish = client.post("/api/tables", json={"game": "aton", "seats": seats}, headers={"Accept-Language": "es"})
    assert spanish.json() == {
        "error": "bad_table",
        "message": "agente 'ismcts': el parámetro 'time' aparece dos veces",
        "rule": None,
    }


@pytest.mark.parametrize(
    "agent",
    [
        "ismcts:opponents=nobody",
        "ismcts:rollout=smart",
        "ismcts:contempt=2",
        "ismcts:iterations=0",
        "ismcts:depth=x",
        "heuristic:temperature=warm",
        "heuristic:temperature=-1",
        "heuristic:plan=deep",
        "genius",
        "ismcts:speed=1",
    ],
)
def test_a_bad_computer_seat_is_refused_whole_in_spanish_and_german(client: TestClient, agent: str) -> None:
    body = {"game": "aton", "seats": [SEATS[0], {"type": "agent", "agent": agent}]}
    english = client.post("/api/tables", json=body).json()
    assert english["error"] == "bad_table"
    for language in ("es", "de"):
        told = client.post("/api/tables", json=body, headers={"Accept-Language": language}).json()
        assert told["error"] == "bad_table" and told["message"] != english["message"], told
        assert not problems(told["message"], language, ("common",)), told["message"]


@pytest.mark.parametrize(
    ("body", "english_reason"),
    [
        (b'{\n "game": "aton",\n secret}', "Expecting property name enclosed in double quotes"),
        (b'{"game": }', "Expecting value"),
        (b'{"game" "aton"}', "Expecting ':' delimiter"),
        (b'{"game": "aton" "seed": 1}', "Expecting ',' delimiter"),
        (b'{"game": "aton"} and more', "Extra data"),
        (b'{"game": "aton', "Unterminated string starting at"),
        (b'{"game": "at\\qon"}', "Invalid \\escape"),
    ],
)
def test_the_json_parsers_reason_is_told_in_the_language_asked(
    client: TestClient, body: bytes, english_reason: str
) -> None:
    headers = {"Content-Type": "application/json"}
    english = client.post("/api/tables", content=body, headers=headers).json()
    assert english["error"] == "bad_request" and english["message"].endswith(english_reason)
    for language in ("es", "de"):
        told = client.post("/api/tables", content=body, headers={**headers, "Accept-Language": language}).json()
        assert english_reason not in told["message"], told
        assert told["message"].endswith(i18n.gettext(english_reason, language))
        assert not problems(told["message"], language, ("common",)), told


def test_a_body_that_is_not_utf8_is_refused_in_the_language_asked(client: TestClient) -> None:
    body = b'{"game": "\xff\xfe"}'
    headers = {"Content-Type": "application/json", "Accept-Language": "de"}
    r = client.post("/api/tables", content=body, headers=headers)
    assert (r.status_code, r.json()["error"]) == (400, "bad_request")
    assert r.json()["message"].startswith("der Inhalt der Anfrage konnte nicht gelesen werden")


@pytest.mark.parametrize("language", ["es", "de"])
def test_the_websockets_help_for_a_bad_message_is_told_in_the_language_asked(client: TestClient, language: str) -> None:
    data = _table(client)
    table, token = data["id"], data["tokens"]["0"]
    told: list[str] = []
    with client.websocket_connect(f"/ws/tables/{table}?lang={language}") as ws:
        ws.send_text("hello?")
        told.append(receive_json(ws, "the refusal of a malformed hello")["message"])
    with client.websocket_connect(f"/ws/tables/{table}?lang={language}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": token})
        receive_json(ws, "the first view")
        for frame, what in (({"type": "move", "versions": 3}, "move"), ({"type": "undo"}, "undo"), ("{", "json")):
            ws.send_text(frame if isinstance(frame, str) else json.dumps(frame))
            err = receive_json(ws, f"the refusal of a malformed {what}")
            assert err["type"] == "error" and err["error"] == "bad_request", err
            told.append(err["message"])
        ws.send_bytes(b"\x00")
        told.append(receive_json(ws, "the refusal of a binary message")["message"])
    with client.websocket_connect(f"/ws/tables/{table}/reviews?lang={language}") as ws:
        ws.send_text("{}")
        told.append(receive_json(ws, "the refusal of a malformed review hello")["message"])
    english = [HELLO_HELP, MOVE_HELP, UNDO_HELP, MOVE_HELP, Sentence(BINARY_REFUSED), HELLO_HELP]
    assert told == [sentence.told(language) for sentence in english]
    for message, sentence in zip(told, english, strict=True):
        assert message != str(sentence) and not problems(message, language, ("common",)), message
    assert '{"type": "hello", "seat": N, "token": "..."}' in told[0]  # the protocol's notation, as it is


@pytest.mark.parametrize("language", ["es", "de"])
def test_a_review_or_a_lesson_the_server_refuses_is_told_in_the_language_asked(
    client: TestClient, language: str
) -> None:
    data = _table(client)
    auth = {"Authorization": f"Bearer {data['tokens']['0']}", "Accept-Language": language}
    english = client.post(
        f"/api/tables/{data['id']}/reviews", json={"seat": 0, "depth": 5}, headers={**auth, "Accept-Language": "en"}
    )
    told = client.post(f"/api/tables/{data['id']}/reviews", json={"seat": 0, "depth": 5}, headers=auth)
    assert (told.status_code, told.json()["error"]) == (422, "bad_review")  # Aton has no heuristic evaluation
    assert english.json()["message"] == "the 'aton' heuristic offers no evaluation function for cut-off playouts"
    assert told.json()["message"] != english.json()["message"]
    assert not problems(told.json()["message"], language, ("common",)), told.json()
    lesson = broken_lesson("first-steps", ConfigError("step 3: play: 'x' is not legal here"))
    assert (lesson.status, lesson.code) == (500, "bad_lesson")
    assert "step 3" not in lesson.told(language) and not problems(lesson.told(language), language, ("common",))
    hint = TableError.saying(422, "bad_hint", sentence_of(ConfigError(Sentence(NO_ADVICE))))
    assert hint.told(language) == i18n.gettext(NO_ADVICE, language) != NO_ADVICE


def _socket_messages() -> Iterator[tuple[str, int, ast.expr]]:
    """Every ``"message"`` of a dict literal in the server's code (a WebSocket's error messages)."""
    for path in sorted(SERVER.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Dict):
                for key, value in zip(node.keys, node.values, strict=True):
                    if isinstance(key, ast.Constant) and key.value == "message":
                        yield path.name, node.lineno, value


def test_every_socket_message_is_told_in_the_readers_language() -> None:
    """A WebSocket's error message is never an English text written in place: it is a sentence
    told in the connection's language (``.told(language)``, ``i18n.gettext``, ``error_body``)."""
    english = []
    for file, line, value in _socket_messages():
        if isinstance(value, (ast.Constant, ast.JoinedStr)) or (isinstance(value, ast.Name) and value.id.isupper()):
            english.append(f"{file}:{line}: {ast.unparse(value)}")
    assert not english, "socket messages written in English:\n" + "\n".join(english)


def test_a_body_over_the_limit_is_refused_in_the_language_asked(client: TestClient) -> None:
    body = b'{"padding": "' + b"x" * (MAX_BODY_BYTES + 10) + b'"}'
    english = client.post("/api/tables", content=body, headers={"Content-Type": "application/json"})
    assert (english.status_code, english.json()) == (
        413,
        {"error": "too_large", "message": f"request bodies are limited to {MAX_BODY_BYTES} bytes"},
    )
    spanish = client.post(
        "/api/tables", content=body, headers={"Content-Type": "application/json", "Accept-Language": "es"}
    )
    assert spanish.json()["message"] == f"el cuerpo de una petición tiene como mucho {MAX_BODY_BYTES} bytes"


def test_the_ankh_title_is_its_published_one_in_spanish_and_german(client: TestClient) -> None:
    published = {"en": "Ankh: Gods of Egypt", "es": "Ankh: Dioses de Egipto", "de": "Ankh: Götter Ägyptens"}
    for language, title in published.items():
        assert i18n.gettext(make_game("ankh").title, language) == title
        if language != "en":  # the pages' catalogue, which their gameTitle() reads
            assert client.get(f"/api/i18n/{language}").json()["messages"]["Ankh: Gods of Egypt"] == title
    assert client.get("/api/games").json()[0]["name"] in ("aton", "nile", "ankh")  # ids stay as they are
    body = {"game": "ankh", "seats": [{"type": "human"}] * 2, "options": {"players": 2, "colour": 1}}
    german = client.post("/api/tables", json=body, headers={"Accept-Language": "de"}).json()
    assert german["message"].startswith("Ankh: Götter Ägyptens: "), german
    three = client.post("/api/tables", json={**body, "options": {"players": 3}}, headers={"Accept-Language": "es"})
    assert three.json()["message"].startswith("Ankh: Dioses de Egipto "), three.json()


THREE_SEATS = [{"type": "human"}, {"type": "agent", "agent": "random"}, {"type": "agent", "agent": "random"}]


@pytest.mark.parametrize(
    ("options", "english", "spanish", "german"),
    [
        (
            {"guardian_slots": ["x", 4]},
            "Ankh: Gods of Egypt: bad option: Guardian Slots (option guardian_slots), item 1: "
            "Input should be a valid integer",
            "Ankh: Dioses de Egipto: opción no válida: Casillas de Guardián (opción guardian_slots), elemento 1: "
            "el valor debe ser un número entero",
            "Ankh: Götter Ägyptens: ungültige Option: Wächterplätze (Option guardian_slots), Element 1: "
            "der Wert muss eine ganze Zahl sein",
        ),
        (
            {"guardian_slots": [2, 4, 9]},
            "Ankh: Gods of Egypt: bad option: Guardian Slots (option guardian_slots): "
            "give distinct unlock numbers from 1 to 6, e.g. 2,4,5",
            "Ankh: Dioses de Egipto: opción no válida: Casillas de Guardián (opción guardian_slots): "
            "da números de desbloqueo distintos del 1 al 6, por ejemplo 2,4,5",
            "Ankh: Götter Ägyptens: ungültige Option: Wächterplätze (Option guardian_slots): "
            "gib verschiedene Freischaltnummern von 1 bis 6 an, z. B. 2,4,5",
        ),
    ],
)
def test_an_option_is_named_by_its_title_and_an_item_counted_from_one(
    client: TestClient, options: dict[str, Any], english: str, spanish: str, german: str
) -> None:
    """The lobby shows an option by its title in the reader's language: a refusal names it so,
    with the name a program sends, and an item of a list by its position from 1 (not Pydantic's
    ``guardian_slots.0``)."""
    body = {"game": "ankh", "seats": THREE_SEATS, "options": options}
    for language, expected in (("en", english), ("es", spanish), ("de", german)):
        r = client.post("/api/tables", json=body, headers={"Accept-Language": language})
        assert (r.status_code, r.json()["error"], r.json()["message"]) == (422, "bad_table", expected)


def test_a_field_without_a_title_is_named_as_sent_and_the_whole_options_in_words() -> None:
    assert field_path(["colour"], {"players": "Players"}) == "colour"
    whole = field_path([])
    assert isinstance(whole, Sentence) and whole.told("es") == "(opciones)"
    nested = field_path(["values", 2, "int"], {"values": "Values"})
    assert isinstance(nested, Sentence) and str(nested) == "Values (option values), item 3, field int"
    assert nested.told("de") == "Werte (Option values), Element 3, Feld int"


def test_a_librarys_refusal_with_only_https_reason_phrase_is_told_in_the_readers_language() -> None:
    """Starlette's static files refuse a file the server may not read with a bare 401
    ("Unauthorized"): the page reads our sentence for the status, in its language; a status we
    have no sentence for is named by its number; a detail some code of ours gave is passed on."""
    unreadable = http_refusal(StarletteHTTPException(401))
    assert unreadable.message == "this address needs permission the request does not have"
    assert unreadable.told("es") == "esta dirección necesita un permiso que la petición no tiene"
    assert unreadable.told("de") == "diese Adresse braucht eine Berechtigung, die die Anfrage nicht hat"
    teapot = http_refusal(StarletteHTTPException(418))
    assert (teapot.told("es"), teapot.told("de")) == (
        "la petición fue rechazada (HTTP 418)",
        "die Anfrage wurde abgelehnt (HTTP 418)",
    )
    assert http_refusal(StarletteHTTPException(409, detail="a reason of ours")).told("de") == "a reason of ours"


#: Requests each library under the routes refuses in its own way: FastAPI's validation of a body,
#: a query and a path parameter, a body that is no JSON or no text, routing's 404 and 405, the
#: body limit, and a route's own refusal.
MALFORMED = [
    ("POST", "/api/tables", {"json": {"game": "aton", "seats": "two"}}),
    ("POST", "/api/tables", {"json": {"game": "aton", "seats": [{"type": "robot"}]}}),
    ("POST", "/api/tables", {"content": b"{not json", "headers": {"Content-Type": "application/json"}}),
    ("POST", "/api/tables", {"content": b"\xff\xfe", "headers": {"Content-Type": "application/json"}}),
    ("POST", "/api/tables", {}),
    ("GET", "/api/tables/nosuch/view?seat=abc", {}),
    ("GET", "/api/games/nosuch/rules", {}),
    ("GET", "/api/nothing-here", {}),
    ("DELETE", "/api/games", {}),
    ("POST", "/api/tables", {"content": b"[" * (MAX_BODY_BYTES + 1), "headers": {"Content-Type": "application/json"}}),
]


MALFORMED_IDS = ["bad field", "bad seat", "not json", "not text", "no body", "bad query", "no game", "no address"]


@pytest.mark.parametrize(("method", "path", "sent"), MALFORMED, ids=[*MALFORMED_IDS, "no method", "too large"])
def test_every_refusal_has_the_api_shape_never_fastapis_detail(
    client: TestClient, method: str, path: str, sent: dict[str, Any]
) -> None:
    """A refusal is ``{"error", "message"}`` in the reader's language, whatever layer refuses:
    FastAPI's ``{"detail": [...]}`` never reaches a page (so the page's ``api()`` reads only
    ``message``, static/common.js)."""
    headers = {"Accept-Language": "es", **sent.get("headers", {})}
    answer = client.request(method, path, headers=headers, **{k: v for k, v in sent.items() if k != "headers"})
    assert 400 <= answer.status_code < 500, (answer.status_code, answer.text)
    body = answer.json()
    assert "detail" not in body, body
    assert isinstance(body.get("error"), str) and isinstance(body.get("message"), str), body
    assert not english_in(body["message"], "es", ("common",)), body
