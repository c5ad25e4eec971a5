"""The guided first games over HTTP: the lessons listed, each worked out with its steps, the page."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from netjer.core.record import GameRecord
from netjer.games.registry import make_game, replay_record
from netjer.server.app import create_app
from netjer.server.routes.lessons import lesson_opening
from netjer.tutorials.lesson import lesson_names, load_lesson
from netjer.tutorials.runner import LessonRun


def _unlogged(observation: dict[str, Any]) -> dict[str, Any]:
    """An observation without its log, as JSON carries it."""
    return {k: v for k, v in json.loads(json.dumps(observation)).items() if k != "log"}


def _line(game: str, language: str, term: str) -> str:
    """A rules entry's one line in ``language``."""
    return make_game(game).rules_texts(language).term(term).line


def test_the_lessons_are_listed_and_each_is_worked_out_step_by_step(db: str) -> None:
    with TestClient(create_app(db, ai_workers=0)) as client:
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


def test_an_unknown_lesson_is_a_404_naming_the_lessons_and_the_page_is_served(db: str) -> None:
    with TestClient(create_app(db, ai_workers=0)) as client:
        missing = client.get("/api/lessons/chess")
        assert missing.status_code == 404
        assert "aton, nile, ankh, pantheon" in missing.text
        page = client.get("/learn/aton")
        assert page.status_code == 200
        assert "/static/lesson.js" in page.text
        assert client.get("/static/lessons-offer.js").status_code == 200
        listed = client.get("/learn", follow_redirects=False)  # the lobby, its offer shown
        assert (listed.status_code, listed.headers["location"]) == (307, "/#learn")


def test_a_lesson_comes_in_the_pages_language_by_lang_or_accept_language(db: str) -> None:
    spanish = load_lesson("nile", "es")
    with TestClient(create_app(db, ai_workers=0)) as client:
        by_query = client.get("/api/lessons/nile?lang=es")
        assert by_query.status_code == 200
        body = by_query.json()
        assert body["language"] == "es"
        assert body["title"] == spanish.title == "Tu primera partida de Dioses del Nilo"
        assert body["intro"] == spanish.intro_in("web")
        assert [s["say"] for s in body["steps"]] == [s.say_in("web") for s in spanish.steps]
        # the browser's hint says what to click, not what the terminal types
        clicked = "Pulsa el 5 de tu mano y luego la casilla b2 (en tu vanguardia va boca arriba)."
        assert body["steps"][0]["hint"] == clicked
        assert [s["hint"] for s in body["steps"]] == [s.hint_in("web") for s in spanish.steps]
        assert (body["level"], body["level_title"]) == ("beginner", "Principiante")  # the page's word, not --vs's
        assert [s["rule"] for s in body["steps"]] == [s.rule_in("web") for s in spanish.steps]
        assert body["steps"][0]["expect"] == "place 5 b2"  # the notation stays as typed
        # the terms' names and lines come from the game's Spanish rules texts
        assert body["steps"][0]["terms"][0] == {
            "id": "placement-phase",
            "name": "fase de colocación",
            "line": _line("nile", "es", "placement-phase"),
        }
        assert by_query.headers["vary"] == "Accept-Language"
        by_header = client.get("/api/lessons/nile", headers={"Accept-Language": "es-ES,es;q=0.9,en;q=0.5"})
        assert by_header.json() == body
        # the page's choice beats the browser's header; a language without catalogues is ignored
        assert client.get("/api/lessons/nile?lang=en", headers={"Accept-Language": "es"}).json()["language"] == "en"
        assert client.get("/api/lessons/nile?lang=xx", headers={"Accept-Language": "es"}).json()["language"] == "es"
        english = client.get("/api/lessons/nile").json()
        assert english["language"] == "en"
        assert english["steps"][0]["say"] == load_lesson("nile").steps[0].say
        # the steps are the same game in both languages
        for mine, theirs in zip(body["steps"], english["steps"], strict=True):
            assert (mine["expect"], mine["choices"], mine["observation"]) == (
                theirs["expect"],
                theirs["choices"],
                theirs["observation"],
            )


def test_every_lesson_is_listed_and_served_in_spanish(db: str) -> None:
    with TestClient(create_app(db, ai_workers=0)) as client:
        listed = client.get("/api/lessons?lang=es").json()
        assert [(x["name"], x["language"]) for x in listed] == [(name, "es") for name in lesson_names()]
        assert [x["title"] for x in listed] == [load_lesson(name, "es").title for name in lesson_names()]
        for name in lesson_names():
            body = client.get(f"/api/lessons/{name}", headers={"Accept-Language": "es"}).json()
            assert body["language"] == "es"
            assert body["finish"] == load_lesson(name, "es").finish_in("web")


@pytest.mark.parametrize("name", lesson_names())
def test_every_lesson_is_handed_over_at_a_table_whose_record_replays_it(db: str, name: str) -> None:
    """Aton's and Nile's from their seeds' setups, Ankh's from the start positions their options
    name: the table's position is the lesson's end, its record replays to it."""
    with TestClient(create_app(db, ai_workers=0)) as client:
        made = client.post(f"/api/lessons/{name}/table")
        assert made.status_code == 201, made.text
        body = made.json()
        lesson = load_lesson(name)
        assert body["seat"] == lesson.learner
        assert body["link"] == f"/table/{body['id']}#seat={body['seat']}&token={body['token']}"
        opening = lesson_opening(name)
        auth = {"Authorization": f"Bearer {body['token']}"}
        view = client.get(f"/api/tables/{body['id']}/view", params={"seat": body["seat"]}, headers=auth).json()
        # the table's record is the lesson as it was played: the same position as the lesson's end
        shadow = LessonRun(lesson)
        while not shadow.done:
            shadow.begin_step()
            if shadow.step.expect is None:
                shadow.advance()
            else:
                shadow.answer(shadow.step.expect)
        assert len(opening) == len(shadow.state.history)
        seats = view["seats"]
        assert [s["kind"] for s in seats] == ["human" if s["seat"] == lesson.learner else "agent" for s in seats]
        # its replay shows the lesson's first position, then each of its decisions, to its end
        # (and the computer's next decision when the lesson ends on its turn, as Ankh's does)
        steps = client.get(f"/api/tables/{body['id']}/replay", params={"seat": body["seat"]}, headers=auth)
        assert steps.status_code == 200, steps.text
        shown = steps.json()["steps"]
        assert len(shown) >= len(opening) + 1
        first = LessonRun(lesson).state.observation(lesson.learner)
        assert _unlogged(shown[0]["observation"]) == _unlogged(first)
        assert _unlogged(shown[len(opening)]["observation"]) == _unlogged(shadow.state.observation(lesson.learner))
        if shadow.state.current_player == lesson.learner:
            assert view["version"] == len(opening)
    # the stored table replays from its row (the start its options name, its seed, its actions)
    with TestClient(create_app(db, ai_workers=0)) as client:
        again = client.get(f"/api/tables/{body['id']}/replay", params={"seat": body["seat"]}, headers=auth).json()
        assert _unlogged(again["steps"][len(opening)]["observation"]) == _unlogged(shown[len(opening)]["observation"])
    # and so does a record file of the game (the terminal's, `netjer replay`)
    text = GameRecord.from_state(shadow.state, shadow.handover_seats()).to_json()
    record = GameRecord.from_json(text)
    assert record.options.get("start") == lesson.options.get("start")
    assert replay_record(record, text).full_state() == shadow.state.full_state()


def test_an_unknown_lesson_has_no_table(db: str) -> None:
    with TestClient(create_app(db, ai_workers=0)) as client:
        assert client.post("/api/lessons/chess/table").status_code == 404


def test_a_table_naming_an_unknown_start_position_is_refused_with_the_known_ones(db: str) -> None:
    seats = [{"type": "human"}, {"type": "agent", "agent": "random"}]
    with TestClient(create_app(db, ai_workers=0)) as client:
        body = {"game": "ankh", "seed": 3, "seats": seats, "options": {"start": "first-game-0"}}
        refused = client.post("/api/tables", json=body)
        assert refused.status_code == 422, refused.text
        assert "no start position called 'first-game-0'; start positions: first-game-1" in refused.json()["message"]
        made = client.post("/api/tables", json={**body, "options": {"start": "first-game-1"}})
        assert made.status_code == 201, made.text
