"""Computer levels (netjer.agents.levels): the table's shape and caps, names resolved to agent
specifications in the CLI, simulate, the server's table creation and /api/games, clear errors
for unknown levels; the ordering of adjacent levels on small seeded tournaments (slow)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from netjer.agents.levels import (
    LEVEL_NAMES,
    LEVEL_TITLES,
    LEVELS,
    RATINGS,
    find_level,
    level_of_spec,
    levels_for,
    levels_json,
    resolve_agent,
)
from netjer.agents.registry import make_agent, parse_agent_spec
from netjer.cli.main import app
from netjer.core.errors import ConfigError
from netjer.games.registry import make_game
from netjer.server.ai_service import DEFAULT_MAX_ITERATIONS
from netjer.server.app import create_app
from netjer.sim.tournament import head_to_head, run_tasks, schedule_pairings

MEASURED = [("aton", 2), ("nile", 2), ("ankh", 2), ("ankh", 4)]


@pytest.mark.parametrize(("game", "players"), sorted(LEVELS))
def test_every_level_is_a_valid_agent_within_the_default_caps(game: str, players: int) -> None:
    levels = levels_for(game, players)
    assert tuple(level.name for level in levels) == LEVEL_NAMES
    assert len({level.spec for level in levels}) == len(levels)  # four different players
    g = make_game(game, {"players": players} if game == "ankh" else {})
    for level in levels:
        spec = parse_agent_spec(level.spec)
        assert "time" not in spec.params  # an iterations budget: the same on any machine
        if spec.kind == "ismcts":
            assert 0 < int(spec.params["iterations"]) <= DEFAULT_MAX_ITERATIONS
        make_agent(spec).prepare(g)
        assert level_of_spec(game, players, level.spec) == level


#: Levels of a measured count that no rating tournament has reached yet (docs/levels.md).
UNRATED: set[tuple[str, int, str]] = set()


def test_every_measured_count_has_a_rating_per_level() -> None:
    for game, players in MEASURED:
        for level in levels_for(game, players):
            if (game, players, level.name) in UNRATED:
                continue
            rating = RATINGS[(game, players, level.name)]
            assert rating.interval[0] <= rating.elo <= rating.interval[1] and rating.games > 0
    for key in RATINGS:
        assert find_level(key[0], key[1], key[2]) is not None


def test_a_level_name_resolves_to_its_spec_and_anything_else_is_left_to_the_registry() -> None:
    strongest = levels_for("aton", 2)[-1]
    assert resolve_agent(" Strongest ", "aton", 2) == strongest.spec
    assert resolve_agent("ismcts:iterations=7", "aton", 2) == "ismcts:iterations=7"
    assert resolve_agent("human", "aton", 2) == "human"
    assert find_level("aton", 2, "heuristic") is None


def test_an_unknown_level_is_refused_with_the_levels_listed() -> None:
    with pytest.raises(
        ConfigError, match=r"unknown agent 'expert': choose a level \(beginner, casual, strong, strongest\)"
    ):
        resolve_agent("expert", "nile", 2)
    with pytest.raises(ConfigError, match="no computer levels for 'aton' with 3 players"):
        resolve_agent("strong", "aton", 3)


def test_levels_json_carries_the_ratings() -> None:
    rows = levels_json("aton", 2)
    assert [r["name"] for r in rows] == list(LEVEL_NAMES)
    assert all(r["rating"] is None or set(r["rating"]) == {"elo", "interval", "games", "measured"} for r in rows)
    assert levels_json("aton", 3) == []


@pytest.mark.parametrize("language", ["es", "de"])
def test_a_level_is_shown_by_its_title_in_the_pages_language(language: str) -> None:
    """The lobby names a level by its title, translated (a Spanish page says "Principiante"),
    while the name a specification or ``--vs`` types stays the English word."""
    from netjer.i18n import gettext  # noqa: PLC0415

    for game, players in sorted(LEVELS):
        rows = levels_json(game, players)
        assert [r["title"] for r in rows] == [LEVEL_TITLES[name] for name in LEVEL_NAMES]
        shown = [gettext(r["title"], language) for r in rows]
        assert len(set(shown)) == len(rows)  # four different words
        assert all(word not in LEVEL_NAMES and word not in LEVEL_TITLES.values() for word in shown)


# --- the command line --------------------------------------------------------------------------------


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args), env={"COLUMNS": "200"})
    return result.exit_code, result.output


def test_play_vs_a_level_seats_it_and_saves_its_spec(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    code, out = _run("play", "nile", "--seat", "0=beginner", "--vs", "casual", "--seed", "3", "--save", str(save))
    assert code == 0, out
    import json  # noqa: PLC0415

    record = json.loads(save.read_text(encoding="utf-8"))
    assert record["seats"] == [levels_for("nile", 2)[0].spec, levels_for("nile", 2)[1].spec]


def test_play_refuses_an_unknown_level_and_a_human_vs() -> None:
    code, out = _run("play", "aton", "--vs", "grandmaster")
    assert code == 2 and "unknown agent 'grandmaster': choose a level (beginner, casual, strong, strongest)" in out
    code, out = _run("play", "aton", "--vs", "human")
    assert code == 2 and "--vs names the computer" in out


def test_simulate_takes_level_names_and_says_what_they_play() -> None:
    code, out = _run("simulate", "aton", "--agents", "casual,beginner", "-n", "2")
    assert code == 0, out
    assert "level casual = heuristic" in out and "level beginner = random" in out
    code, out = _run("simulate", "aton", "--agents", "wizard,random", "-n", "2")
    assert code == 2 and "unknown agent 'wizard'" in out


def test_levels_command_lists_every_game() -> None:
    code, out = _run("levels")
    assert code == 0
    assert all(
        title in out for title in ("Aton, 2 players", "Dioses del Nilo, 2 players", "Ankh: Gods of Egypt, 4 players")
    )
    code, out = _run("levels", "chess")
    assert code == 2 and "unknown game" in out


# --- the server --------------------------------------------------------------------------------------


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    application = create_app(f"sqlite:///{tmp_path / 'netjer.db'}", ai_workers=0)
    with TestClient(application, raise_server_exceptions=False) as c:
        yield c


def test_api_games_lists_the_levels_per_player_count(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert list(games["aton"]["levels"]) == ["2"]
    assert list(games["ankh"]["levels"]) == ["2", "3", "4", "5"]
    assert [lv["name"] for lv in games["nile"]["levels"]["2"]] == list(LEVEL_NAMES)


def test_api_games_leaves_out_the_levels_over_the_servers_cap(tmp_path: Path) -> None:
    application = create_app(f"sqlite:///{tmp_path / 'n.db'}", ai_workers=0, max_ai_iterations=500)
    with TestClient(application) as c:
        aton = next(g for g in c.get("/api/games").json() if g["name"] == "aton")
    assert [lv["name"] for lv in aton["levels"]["2"]] == ["beginner", "casual", "strong"]


def test_a_table_takes_a_level_name_and_stores_its_spec(client: TestClient) -> None:
    body: dict[str, Any] = {
        "game": "nile",
        "seed": 1,
        "seats": [{"type": "human"}, {"type": "agent", "agent": "strong"}],
    }
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    tables = client.get("/api/tables").json()
    seat = next(t for t in tables if t["id"] == r.json()["id"])["seats"][1]
    assert seat["agent"] == levels_for("nile", 2)[2].spec and seat["name"] == "Computer (strong)"
    view = client.get(f"/api/tables/{r.json()['id']}/view").json()
    assert [s["level"] for s in view["seats"]] == [None, LEVEL_TITLES["strong"]]  # the page translates it


def test_a_computer_seat_no_level_plays_has_no_level_title(client: TestClient) -> None:
    body = {"game": "nile", "seed": 1, "seats": [{"type": "human"}, {"type": "agent", "agent": "ismcts:iterations=7"}]}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    view = client.get(f"/api/tables/{r.json()['id']}/view").json()
    assert view["seats"][1]["agent"] == "ismcts:iterations=7" and view["seats"][1]["level"] is None


def test_a_table_refuses_an_unknown_level_with_the_levels_listed(client: TestClient) -> None:
    body = {"game": "aton", "seats": [{"type": "human"}, {"type": "agent", "agent": "master"}]}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 422
    assert re.search(
        r"unknown agent 'master': choose a level \(beginner, casual, strong, strongest\)", r.json()["message"]
    )


# --- the ordering (slow) ------------------------------------------------------------------------------

#: Adjacent levels whose games are cheap enough for a test (the budgeted searches are rated by
#: benchmarks/levels.py, docs/levels.md): (game, players, weaker, stronger, games).
ORDERED = [
    ("aton", 2, "beginner", "casual", 8),
    ("aton", 2, "casual", "strong", 6),
    ("nile", 2, "beginner", "casual", 6),
    ("nile", 2, "casual", "strong", 6),
    ("ankh", 2, "beginner", "casual", 6),
    ("ankh", 2, "casual", "strong", 6),
    ("ankh", 4, "casual", "strong", 6),
]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players", "weaker", "stronger", "games"), ORDERED)
def test_each_level_beats_the_one_below(game: str, players: int, weaker: str, stronger: str, games: int) -> None:
    options = {"players": players} if game == "ankh" else {}
    tasks = schedule_pairings(game, [weaker, stronger], [(1, 0)], games, options=options, seed=2000)
    duel = head_to_head(run_tasks(tasks), 1, 0)
    assert duel.games == games
    assert duel.score > 0.5 and duel.interval[0] > 0.5, duel
