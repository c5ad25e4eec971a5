"""The guided first games in the browser (issue 30 item 1; docs/tutorials.md): each lesson with
every step worked out on the server, so that the page plays it without a session.

``GET /api/lessons`` lists the lessons; ``GET /api/lessons/{name}`` gives one lesson, each step
with what the other seats did (in the game's words from the learner's seat, never their
notation, which may name a hidden token), the learner's observation (drawn by the page with
the table's own drawings, so the lesson looks like the game it teaches), the learner's choices
and the one accepted.  ``GET /learn/{name}`` is the page.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from fastapi import APIRouter
from fastapi.responses import FileResponse

from netjer.core.errors import NetjerError
from netjer.server.routes.pages import WEB
from netjer.server.runtime import TableError, legal_entries
from netjer.tutorials.lesson import LESSONS, load_lesson
from netjer.tutorials.runner import LessonRun

router = APIRouter()


def _observation(run: LessonRun) -> dict[str, Any]:
    """The learner's observation as a seat's view carries it (without the log: the page shows
    what the other seats did as the step's ``played`` words)."""
    return {key: value for key, value in run.state.observation(run.learner).items() if key != "log"}


@cache
def lesson_json(name: str) -> dict[str, Any]:
    """The lesson ``name`` played through, as the page needs it.

    Returns:
        ``name``, ``game``, ``title``, ``minutes``, ``intro``, ``finish``, ``level``,
        ``learner`` (the learner's seat), ``seats`` (each ``{"seat", "label"}``) and ``steps``:
        each with ``number``, ``played`` (words), ``observation`` (the learner's, as a seat's
        view carries it), ``to_move``, ``say``, ``rule``, ``terms`` (each ``{"id", "name",
        "line"}`` from the rules texts), ``picture``, ``expect``, ``hint``, ``choices`` (the
        legal actions in notation; empty for a step that only explains) and ``legal`` (the same
        as a seat's view lists them: ``index``, ``text``, ``meaning``, ``term``).

    Raises:
        NetjerError: for an unknown lesson (ConfigError) or a lesson the engine refuses.
    """
    lesson = load_lesson(name)
    run = LessonRun(lesson)
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
                "say": step.say,
                "rule": step.rule,
                "terms": terms,
                "picture": step.picture,
                "expect": step.expect,
                "hint": step.hint,
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
        "game": lesson.game,
        "title": lesson.title,
        "minutes": lesson.minutes,
        "level": lesson.level,
        "intro": lesson.intro,
        "finish": lesson.finish,
        "learner": run.learner,
        "seats": [{"seat": i, "label": run.game.seat_name(i)} for i in range(run.game.num_players)],
        "steps": steps,
    }


@router.get("/api/lessons")
async def lessons() -> list[dict[str, Any]]:
    """Every lesson: ``name``, ``game``, ``title``, ``minutes``."""
    out = []
    for name in LESSONS:
        lesson = load_lesson(name)
        out.append({"name": name, "game": lesson.game, "title": lesson.title, "minutes": lesson.minutes})
    return out


@router.get("/api/lessons/{name}")
async def lesson(name: str) -> dict[str, Any]:
    """One lesson worked out (:func:`lesson_json`); an unknown name is a 404 naming the lessons."""
    if name not in LESSONS:
        raise TableError(404, "no_lesson", f"no lesson called {name!r}; lessons: {', '.join(LESSONS)}")
    try:
        return lesson_json(name)
    except NetjerError as err:  # pragma: no cover - the fast lesson tests replay every lesson
        raise TableError(500, "bad_lesson", str(err)) from None


@router.get("/learn/{name}", include_in_schema=False)
async def lesson_page(name: str) -> FileResponse:
    """The lesson's page (it reads the lesson's name from the address)."""
    return FileResponse(WEB / "lesson.html")
