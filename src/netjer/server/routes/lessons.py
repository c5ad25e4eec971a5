"""The guided first games in the browser (issue 30 item 1; docs/tutorials.md): each lesson with
every step worked out on the server, so that the page plays it without a session.

``GET /api/lessons`` lists the lessons; ``GET /api/lessons/{name}`` gives one lesson, each step
with what the other seats did (in the game's words from the learner's seat, never their
notation, which may name a hidden token), the learner's observation (drawn by the page with
the table's own drawings, so the lesson looks like the game it teaches), the learner's choices
and the one accepted.  ``GET /learn/{name}`` is the page.

Both answer in the page's language: ``?lang=`` (the page's catalogue language), else the
request's ``Accept-Language``, negotiated among the catalogues' languages as the lobby does
(:func:`netjer.i18n.negotiate`); a lesson not written in that language is the English one, and
``language`` in the answer says which it is (issue 32).
"""

from __future__ import annotations

import logging
import secrets
from functools import cache
from typing import Annotated, Any

from fastapi import APIRouter, Header, Query, Request, Response
from fastapi.responses import FileResponse, RedirectResponse

from netjer import i18n
from netjer.agents.levels import LEVEL_TITLES
from netjer.core.errors import NetjerError
from netjer.games.registry import make_game
from netjer.i18n import N_, join_list
from netjer.server.db import hash_token
from netjer.server.limits import RateLimited
from netjer.server.routes.common import Manager, Settings, seat_link
from netjer.server.routes.pages import WEB
from netjer.server.runtime import TableError, legal_entries
from netjer.tutorials.lesson import LESSONS, load_lesson
from netjer.tutorials.runner import LessonRun

log = logging.getLogger("netjer.server")

router = APIRouter()


def _observation(run: LessonRun) -> dict[str, Any]:
    """The learner's observation as a seat's view carries it (without the log: the page shows
    what the other seats did as the step's ``played`` words)."""
    return {key: value for key, value in run.state.observation(run.learner).items() if key != "log"}


#: The query parameter and header that choose the language (as GET /api/i18n/{wanted} takes them).
Lang = Annotated[
    str | None,
    Query(max_length=200, description="the page's language (es, es-ES), or several comma-separated, best first"),
]
AcceptLanguage = Annotated[str | None, Header(max_length=500)]
#: The most languages ``lang`` may list.
MAX_LANGUAGES = 16


def page_language(lang: str | None, accept_language: str | None) -> str:
    """The language to answer in: the first of ``lang``'s comma-separated tags that has
    catalogues, else the first of the ``Accept-Language`` header's, else English
    (:func:`netjer.i18n.negotiate`, as ``GET /api/i18n/{wanted}`` chooses)."""
    wanted = [tag for tag in (lang or "").split(",") if tag and tag != "auto"][:MAX_LANGUAGES]
    return i18n.negotiate([*wanted, *i18n.parse_accept_language(accept_language)])


@cache
def lesson_json(name: str, language: str = i18n.DEFAULT_LANGUAGE) -> dict[str, Any]:
    """The lesson ``name`` in ``language`` (else in English) played through, as the page needs it;
    cached by name and language (a lesson is the same game every time).

    Returns:
        ``name``, ``language`` (the language of the texts: ``"en"`` for a lesson not written
        in the one asked for), ``game``, ``title``, ``minutes``, ``intro``, ``finish`` (in the
        browser's words: :meth:`~netjer.tutorials.lesson.Lesson.finish_in`), ``level`` (with
        ``level_title``: its name as a page shows it, in ``language``),
        ``learner`` (the learner's seat), ``seats`` (each ``{"seat", "label"}``) and ``steps``:
        each with ``number``, ``played`` (words), ``observation`` (the learner's, as a seat's
        view carries it), ``to_move``, ``say``, ``rule``, ``terms`` (each ``{"id", "name",
        "line"}`` from the rules texts, in the lesson's language when the game has them),
        ``expect``, ``hint`` (``say``, ``rule`` and ``hint`` in the browser's words, naming
        what to click: :meth:`~netjer.tutorials.lesson.Step.hint_in`), ``choices`` (the legal
        actions in notation; empty for a step that only explains) and ``legal`` (the same as a seat's view lists them:
        ``index``, ``text``, ``meaning``, ``term``); ``handover``: whether the game goes on
        at a table after the last step (every lesson's does: an Ankh lesson's record names its
        start position, option ``start``).

    Raises:
        NetjerError: for an unknown lesson (ConfigError) or a lesson the engine refuses.
    """
    lesson = load_lesson(name, language)
    run = LessonRun(lesson, front="web")
    steps: list[dict[str, Any]] = []
    while not run.done:
        played = [p.words for p in run.begin_step()]
        step = run.step
        terms = []
        for key in step.terms:
            term = run.texts.find(key)
            if term is not None:
                terms.append({"id": term.id, "name": term.name, "line": term.line})
        legal = run.state.legal_actions() if step.expect else []
        steps.append(
            {
                "number": step.number,
                "played": played,
                "observation": _observation(run),
                "to_move": None if run.state.is_terminal else run.state.current_player,
                "say": step.say_in("web"),
                "rule": step.rule_in("web"),
                "terms": terms,
                "expect": step.expect,
                "hint": step.hint_in("web"),
                "choices": [str(a) for a in legal],
                "legal": legal_entries(run.game, legal),
            }
        )
        if step.expect is None:
            run.advance()
        else:
            run.answer(step.expect)
    return {
        "name": lesson.name,
        "language": lesson.language,
        "game": lesson.game,
        "title": lesson.title,
        "minutes": lesson.minutes,
        "level": lesson.level,
        "level_title": i18n.gettext(LEVEL_TITLES.get(lesson.level, lesson.level), language),
        "intro": lesson.intro_in("web"),
        "finish": lesson.finish_in("web"),
        "learner": run.learner,
        "seats": [{"seat": i, "label": run.game.seat_name(i)} for i in range(run.game.num_players)],
        "steps": steps,
        "handover": True,
    }


@cache
def lesson_opening(name: str) -> tuple[str, ...]:
    """The actions of the lesson ``name`` played through (notation), from its first position
    (its seed's setup, or the start position its options name): the opening of the table it is
    handed over at (the same in every language).

    Raises:
        NetjerError: for an unknown lesson or a lesson the engine refuses.
    """
    run = LessonRun(load_lesson(name))
    while not run.done:
        run.begin_step()
        if run.step.expect is None:
            run.advance()
        else:
            run.answer(run.step.expect)
    return tuple(str(action) for action in run.state.history)


@router.get("/api/lessons")
async def lessons(
    response: Response, lang: Lang = None, accept_language: AcceptLanguage = None
) -> list[dict[str, Any]]:
    """Every lesson in the page's language (:func:`page_language`): ``name``, ``language``,
    ``game``, ``title``, ``minutes``."""
    language = page_language(lang, accept_language)
    response.headers["Vary"] = "Accept-Language"
    out = []
    for name in LESSONS:
        lesson = load_lesson(name, language)
        out.append(
            {
                "name": name,
                "language": lesson.language,
                "game": lesson.game,
                "title": lesson.title,
                "minutes": lesson.minutes,
            }
        )
    return out


#: What a player is told of a lesson whose file the engine refuses (an author's fault, which
#: the server's log names in the author's words: the player can do nothing about it).
BROKEN_LESSON = N_("the lesson '{name}' cannot be shown: its file has a fault (the server's log says which)")


def broken_lesson(name: str, err: NetjerError) -> TableError:
    """The 500 ``bad_lesson`` refusal of lesson ``name``, whose file ``err`` found at fault;
    ``err``'s own words are logged (first line, no traceback) for the lesson's author."""
    log.error("lesson %s refused: %s", name, str(err).splitlines()[0][:300] if str(err) else type(err).__name__)
    return TableError(500, "bad_lesson", BROKEN_LESSON, name=name)


@router.get("/api/lessons/{name}")
async def lesson(
    name: str, response: Response, lang: Lang = None, accept_language: AcceptLanguage = None
) -> dict[str, Any]:
    """One lesson worked out (:func:`lesson_json`) in the page's language (:func:`page_language`);
    an unknown name is a 404 naming the lessons."""
    if name not in LESSONS:
        raise TableError(
            404, "no_lesson", N_("no lesson called '{name}'; lessons: {lessons}"), name=name, lessons=join_list(LESSONS)
        )
    try:
        body = lesson_json(name, page_language(lang, accept_language))
    except NetjerError as err:  # pragma: no cover - the fast lesson tests replay every lesson
        raise broken_lesson(name, err) from None
    response.headers["Vary"] = "Accept-Language"  # the answer depends on it
    return body


@router.get("/learn", include_in_schema=False)
async def lessons_page() -> RedirectResponse:
    """The lessons are offered in the lobby: ``/learn`` opens it with the offer shown
    (``#learn``: lessons-offer.js shows it to a returning visitor too)."""
    return RedirectResponse("/#learn", status_code=307)


@router.get("/learn/{name}", include_in_schema=False)
async def lesson_page(name: str) -> FileResponse:
    """The lesson's page (it reads the lesson's name from the address)."""
    return FileResponse(WEB / "lesson.html")


@router.post("/api/lessons/{name}/table", status_code=201)
async def play_on(name: str, request: Request, manager: Manager, settings: Settings) -> dict[str, Any]:
    """The hand-over (issue 30 item 1): a table whose record starts with the lesson's game as
    it was played, the learner's seat a person's and every other seat the lesson's level, so
    that the learner finishes the game on their own.

    Returns:
        ``id``, ``seat`` (the learner's), ``token`` and ``link`` of that seat, ``creator_key``.

    Raises:
        TableError: 404 for an unknown lesson; 429 when this address creates tables too
            fast (the lobby's limit).
    """
    if name not in LESSONS:
        raise TableError(
            404, "no_lesson", N_("no lesson called '{name}'; lessons: {lessons}"), name=name, lessons=join_list(LESSONS)
        )
    lesson = load_lesson(name)
    client = request.client.host if request.client else "unknown"
    limiter = settings.create_limiter
    if limiter is not None and (wait := limiter.take(client)) > 0:
        raise RateLimited(
            wait,
            N_("too many new tables from your address (at most {n} tables a minute); try again later"),
            n=f"{limiter.per_minute:g}",
        )
    game = make_game(lesson.game, lesson.options)  # an Ankh lesson's options name its start position
    players = game.num_players
    seats: list[dict[str, Any]] = [
        {"type": "human"} if seat == lesson.learner else {"type": "agent", "agent": lesson.level}
        for seat in range(players)
    ]
    creator_key = secrets.token_urlsafe(24)
    rt, tokens = await manager.create(
        lesson.game, game.options_dict(), lesson.seed, seats, creator_hash=hash_token(creator_key),
        opening=list(lesson_opening(name)),
    )  # fmt: skip
    token = tokens[lesson.learner]
    return {
        "id": rt.id,
        "seat": lesson.learner,
        "token": token,
        "link": seat_link(rt.id, lesson.learner, token),
        "creator_key": creator_key,
    }
