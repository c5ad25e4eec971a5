"""The server's refusals in the reader's language (issue 32): every refusal's sentence is a
catalogue message marked where it is raised, translated into Spanish and German with the same
placeholders, and a request in Spanish (``Accept-Language``, ``?lang=``, the WebSocket's
``?lang=``) is refused in Spanish, an engine's illegal-move reason included."""

from __future__ import annotations

import ast
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from netjer import i18n
from netjer.server.app import create_app
from netjer.server.runtime import TableError, Term
from tests.server.sockets import receive_json

SERVER = Path(__file__).resolve().parents[2] / "src" / "netjer" / "server"
#: The exceptions whose sentence a player reads (their third, or second, argument).
REFUSALS = {"TableError": 2, "AccountError": 2, "RateLimited": 1, "WeakPassword": 0, "_refused": 1}
#: Where each refusal's code is (the passkey service's ``_refused(code, message)`` helper too).
CODES = {"TableError": 1, "AccountError": 1, "_refused": 0}
#: Parameters that hold a marked message by convention (their callers pass ``N_("...")``).
MARKED_PARAMETERS = {"refusal"}
#: Codes whose sentence is another layer's words, passed on (a library's or a game's
#: option check, which the lobby's forms never trigger): allowed as ``str(err)``.
PASSED_ON = {"bad_review", "bad_hint", "bad_clock", "bad_table", "bad_lesson", "no_rules", "bad_request", "http_error"}


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


def test_every_refusal_is_a_marked_catalogue_message() -> None:
    marked = _marked_constants()
    unmarked = []
    for file, line, code, arg in _refusals():
        if _is_marked(arg) or (isinstance(arg, ast.Name) and arg.id in marked):
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
    assert english["error"] == spanish["error"] == "illegal" and english["rule"] == spanish["rule"]
    assert spanish["message"] and spanish["message"] != english["message"]
    assert spanish["message"] == TableError.engine(422, "illegal", english["message"], "aton").told("es")
    with client.websocket_connect(f"/ws/tables/{table}?lang=es") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": token})
        view = receive_json(ws, "the first view")
        ws.send_json({"type": "move", "version": view["version"] + 5, "index": 0})
        err = receive_json(ws, "the refusal of a stale move")
        assert err["error"] == "stale" and err["message"].startswith("la partida ha avanzado"), err


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
