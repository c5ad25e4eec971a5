"""The API's error answers: every refusal as ``{"error": code, "message": ..., "rule": ...}``
(:func:`install_error_handlers`), a malformed body described without echoing it
(:func:`problem`)."""

from __future__ import annotations

from collections.abc import Mapping
from http import HTTPStatus
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.routing import APIRoute
from starlette.exceptions import HTTPException as StarletteHTTPException

from netjer.core.json_reasons import json_reason as known_json_reason
from netjer.core.validation_messages import problem_sentence
from netjer.i18n import N_, join_list
from netjer.i18n_sentences import Sentence, one_after_another
from netjer.server.limits import RateLimited
from netjer.server.routes.common import (
    DB_RETRY_SECONDS,
    DB_UNAVAILABLE,
    db_unavailable,
    error_response,
    request_language,
)
from netjer.server.routes.models import SEAT_TYPES
from netjer.server.routes.pages import WEB
from netjer.server.runtime import TableError


def _json_position(text: Any, pos: int) -> Sentence:
    """``line L, column C`` of character ``pos`` of ``text`` (``character N`` if no text)."""
    if not isinstance(text, str) or not 0 <= pos <= len(text):
        return Sentence(N_("character {position}"), position=pos)
    line = text.count("\n", 0, pos) + 1
    column = pos - text.rfind("\n", 0, pos)
    return Sentence(N_("line {line}, column {column}"), line=line, column=column)


#: A reason of the parser's that :data:`netjer.core.json_reasons.JSON_REASONS` does not know.
MALFORMED_JSON = N_("the JSON is malformed")


def json_reason(said: str) -> Sentence:
    """The JSON parser's reason ``said`` as a catalogue sentence
    (:func:`netjer.core.json_reasons.json_reason`), else :data:`MALFORMED_JSON`."""
    return known_json_reason(said) or Sentence(MALFORMED_JSON)


#: A field that is not one of a seat's, by the seat's type (the article agrees with the type).
NOT_A_SEAT_FIELD = {
    "agent": N_("{field}: not a field of an agent seat (its fields: {fields})"),
    "human": N_("{field}: not a field of a human seat (its fields: {fields})"),
}


def problem(error: Mapping[str, Any], body: Any) -> Sentence:
    """One validation error as a catalogue sentence (told in the request's language), naming
    where it is but never echoing the input (it may not even be encodable: NaN, lone
    surrogates); the error types are :func:`netjer.core.validation_messages.problem_sentence`'s.

    Args:
        error: an entry of ``RequestValidationError.errors()``.
        body: the request's body as FastAPI kept it (the text, for malformed JSON).
    """
    kind = error.get("type")
    loc = list(error.get("loc", ()))
    if loc[:1] == ["body"]:
        loc = loc[1:]
    if kind == "json_invalid":
        pos = loc[0] if loc and isinstance(loc[0], int) else -1
        reason = json_reason(str((error.get("ctx") or {}).get("error", "")))
        message = N_("the body is not valid JSON ({where}): {reason}")
        return Sentence(message, where=_json_position(body, pos), reason=reason)
    # A seat's errors are located under its type ("seats", 1, "agent", "open"): name the
    # field ("seats.1.open") and say which kind of seat refuses it.
    seat_type = None
    if len(loc) >= 4 and loc[0] == "seats" and isinstance(loc[1], int) and loc[2] in SEAT_TYPES:
        seat_type = str(loc.pop(2))
    where = ".".join(str(p) for p in loc)
    if not where:
        if kind == "missing":
            return Sentence(N_("the request needs a JSON body"))
        return problem_sentence(error, "(body)")
    if kind == "extra_forbidden":
        if seat_type is not None:
            fields = join_list(SEAT_TYPES[seat_type].model_fields)
            return Sentence(NOT_A_SEAT_FIELD[seat_type], field=where, fields=fields)
        return Sentence(N_("{field}: not an accepted field"), field=where)
    if kind == "missing" and seat_type == "agent" and loc[-1] == "agent":
        message = N_("{field}: missing: an agent seat needs an agent spec, such as 'random' or 'ismcts:time=1'")
        return Sentence(message, field=where)
    if kind == "seat_type":
        return Sentence(N_("{field}: a seat's type must be 'human' or 'agent'"), field=where)
    return problem_sentence(error, where)


#: A body FastAPI could not read at all (its one 400: "There was an error parsing the body").
UNREADABLE_BODY = N_("the request's body could not be read (it is not UTF-8 text, or a form is broken)")

#: Other refusals of the libraries under the routes (Starlette's static files: 401 for a file the
#: server may not read), said with HTTP's reason phrase, in our words by status.
HTTP_REFUSALS = {
    HTTPStatus.UNAUTHORIZED: N_("this address needs permission the request does not have"),
    HTTPStatus.FORBIDDEN: N_("this address is forbidden"),
    HTTPStatus.NOT_ACCEPTABLE: N_("the answer cannot be given in a form the request accepts"),
    HTTPStatus.REQUEST_TIMEOUT: N_("the request took too long to arrive"),
    HTTPStatus.CONFLICT: N_("the request conflicts with the present state: reload and try again"),
    HTTPStatus.GONE: N_("there is nothing at this address any more"),
    HTTPStatus.LENGTH_REQUIRED: N_("the request must say its body's length"),
    HTTPStatus.REQUEST_ENTITY_TOO_LARGE: N_("the request's body is too large"),
    HTTPStatus.REQUEST_URI_TOO_LONG: N_("the address is too long"),
    HTTPStatus.UNSUPPORTED_MEDIA_TYPE: N_("the request's body is of a kind this address does not accept"),
    HTTPStatus.REQUESTED_RANGE_NOT_SATISFIABLE: N_("the part of the file asked for is not in it"),
    HTTPStatus.TOO_MANY_REQUESTS: N_("too many requests: wait a moment and try again"),
    HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE: N_("the request's headers are too large"),
}
#: A refusal with HTTP's reason phrase whose status :data:`HTTP_REFUSALS` does not list.
HTTP_REFUSED = N_("the request was refused (HTTP {status})")


def http_refusal(err: StarletteHTTPException) -> TableError:
    """A library's refusal other than routing's 400/404/405 as the API's error: its status's
    sentence (:data:`HTTP_REFUSALS`, :data:`HTTP_REFUSED`) when it says HTTP's reason phrase only
    (Starlette's default), else its own words (a detail some code of ours gave, passed on)."""
    try:
        phrase = HTTPStatus(err.status_code).phrase
    except ValueError:
        phrase = None
    if err.detail != phrase:
        return TableError(err.status_code, "http_error", str(err.detail))
    status = HTTPStatus(err.status_code)
    if status in HTTP_REFUSALS:
        return TableError(err.status_code, "http_error", HTTP_REFUSALS[status])
    return TableError(err.status_code, "http_error", HTTP_REFUSED, status=err.status_code)


def allowed_methods(request: Request, refusal: StarletteHTTPException) -> list[str]:
    """The methods served at ``request``'s address: those of every route whose path matches
    (a path may have several: ``GET`` and ``POST /api/tables``), else the ``Allow`` of the
    ``refusal`` (a mounted app's, the static files'); ``HEAD`` wherever ``GET`` is
    (:class:`~netjer.server.middleware.HeadAsGet`), and ``OPTIONS``."""
    path = request.url.path
    methods: set[str] = set()
    for route in request.app.routes:
        if isinstance(route, APIRoute) and route.methods and route.path_regex.match(path):
            methods |= route.methods
    if not methods:
        methods = {m.strip() for m in (refusal.headers or {}).get("Allow", "").split(",") if m.strip()}
    if "GET" in methods:
        methods.add("HEAD")
    methods.add("OPTIONS")
    order = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
    return sorted(methods, key=lambda m: (order.index(m) if m in order else len(order), m))


#: The address prefixes of programs (the API, the socket, the static files): they get JSON.
PROGRAM_PATHS = ("/api/", "/ws", "/static/")


def wants_a_page(request: Request) -> bool:
    """Whether ``request`` is a browser opening an address (a GET or HEAD that accepts HTML,
    outside the API and the static files): a mistyped link gets the "page not found" page in
    the reader's language, not the API's JSON."""
    if request.method not in ("GET", "HEAD") or request.url.path.startswith(PROGRAM_PATHS):
        return False
    return "text/html" in request.headers.get("accept", "")


def install_error_handlers(app: FastAPI) -> None:
    """Answer ``app``'s refusals in the API's format: malformed requests (422), routing's own
    404/405/400 (``OPTIONS``, which no route serves, answered 204 with the address's
    ``Allow``), :class:`TableError`, rate limits (429 with ``Retry-After``) and the database
    being unavailable (503 with ``Retry-After``)."""

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, err: RequestValidationError) -> JSONResponse:
        problems = one_after_another([problem(e, err.body) for e in err.errors()[:10]])
        told = problems.told(request_language(request))
        return JSONResponse(status_code=422, content={"error": "bad_request", "message": told})

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, err: StarletteHTTPException) -> Response:
        # Routing's own refusals (no such address, a method it does not accept) in the
        # API's error format rather than FastAPI's {"detail": ...}.
        if err.status_code == 404:
            if wants_a_page(request):  # a person at a browser, not a program: a page, not JSON
                return FileResponse(WEB / "notfound.html", status_code=404)
            refusal = TableError(404, "not_found", N_("there is nothing at this address"))
        elif err.status_code == 405:
            if request.method == "OPTIONS":
                return Response(status_code=204, headers={"Allow": ", ".join(allowed_methods(request, err))})
            asked = str(request.scope.get("netjer.method", request.method))
            if asked.isalpha() and len(asked) <= 10:
                refusal = TableError(
                    405, "method_not_allowed", N_("this address does not accept {method}"), method=asked
                )
            else:
                refusal = TableError(405, "method_not_allowed", N_("this address does not accept that method"))
            allowed = [m.strip() for m in (err.headers or {}).get("Allow", "").split(",") if m.strip()]
            if "GET" in allowed and "HEAD" not in allowed:  # HeadAsGet answers HEAD there too
                return error_response(refusal, {**(err.headers or {}), "Allow": ", ".join([*allowed, "HEAD"])}, request)
        elif err.status_code == 400:  # a body FastAPI could not read (not UTF-8, a broken form)
            refusal = TableError(400, "bad_request", UNREADABLE_BODY)
        else:
            refusal = http_refusal(err)
        return error_response(refusal, err.headers, request)

    @app.exception_handler(TableError)
    async def _table_error(request: Request, err: TableError) -> JSONResponse:
        return error_response(err, request=request)

    @app.exception_handler(RateLimited)
    async def _rate_limited(request: Request, err: RateLimited) -> JSONResponse:
        refusal = TableError(429, "rate_limited", err.message_id, **err.params)
        return error_response(refusal, {"Retry-After": str(err.retry_after)}, request)

    async def _db_down(request: Request, err: Exception) -> JSONResponse:
        return error_response(db_unavailable(err), {"Retry-After": str(DB_RETRY_SECONDS)}, request)

    for failure in DB_UNAVAILABLE:
        app.add_exception_handler(failure, _db_down)
