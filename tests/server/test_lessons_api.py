"""The guided first games over HTTP: the lessons listed, each worked out with its steps, the page."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient

from netjer.server.app import create_app
from netjer.tutorials.lesson import lesson_names, load_lesson
from netjer.tutorials.runner import LessonRun


def test_the_lessons_are_listed_and_each_is_worked_out_step_by_step() -> None:
    with TestClient(create_app()) as client:
        listed = client.get("/api/lessons").json()
        assert [x["name"] for x in listed] == lesson_names()
        nile = client.get("/api/lessons/nile")
        assert nile.status_code == 200
        body = nile.json()
        lesson = load_lesson("nile")
        assert len(body["steps"]) == len(lesson.steps)
        first, second = body["steps"][:2]
        assert first["expect"] == "place 5 b2"
        assert "place 5 b2" in first["choices"]
        # The position is the learner's observation, drawn by the page as the table draws it.
        shadow = LessonRun(lesson)
        shadow.begin_step()
        mine = {k: v for k, v in shadow.state.observation(shadow.learner).items() if k != "log"}
        assert first["observation"] == json.loads(json.dumps(mine))
        assert body["learner"] == shadow.learner
        assert [s["label"] for s in body["seats"]] == ["Seth", "Isis"]
        assert [entry["text"] for entry in first["legal"]] == first["choices"]
        assert [t["id"] for t in first["terms"]][:1] == ["placement-phase"]
        # Isis's scripted token is told as the learner sees it: its value stays hidden.
        assert second["played"] == ["Isis places a token face down on a4."]
        assert "place 5 a4" not in str(body)
        assert all(not s["choices"] for s in body["steps"] if s["expect"] is None)


def test_an_unknown_lesson_is_a_404_naming_the_lessons_and_the_page_is_served() -> None:
    with TestClient(create_app()) as client:
        missing = client.get("/api/lessons/chess")
        assert missing.status_code == 404
        assert "aton, nile, ankh, pantheon" in missing.text
        page = client.get("/learn/aton")
        assert page.status_code == 200
        assert "/static/lesson.js" in page.text
        assert client.get("/static/lessons-offer.js").status_code == 200
