"""Crash safety: SIGKILL the server mid-game, restart it, find every acknowledged move.

The server runs as a real subprocess (`netjer serve`) on a free port with a SQLite file.
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from netjer.core import Rng
from netjer.server.process import free_port, kill_server, running_server


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_sigkill_loses_no_acknowledged_move_and_computer_seats_resume(tmp_path: Path) -> None:
    db = tmp_path / "netjer.db"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    acknowledged: list[str] = []
    with running_server(db, port) as proc:
        seats: list[dict[str, Any]] = [{"type": "human"}, {"type": "human"}]
        duel = httpx.post(f"{base}/api/tables", json={"game": "aton", "seed": 3, "seats": seats}).json()
        vs_ai = httpx.post(
            f"{base}/api/tables",
            json={"game": "nile", "seed": 4, "seats": [{"type": "agent", "agent": "random"}, {"type": "human"}]},
        ).json()
        rng = Rng(1)
        for _ in range(40):
            view = httpx.get(f"{base}/api/tables/{duel['id']}/view").json()
            seat = view["to_move"]
            token = duel["tokens"][str(seat)]
            mine = httpx.get(f"{base}/api/tables/{duel['id']}/view", params={"seat": seat}, headers=_auth(token)).json()
            choice = rng.below(len(mine["legal"]))
            r = httpx.post(
                f"{base}/api/tables/{duel['id']}/moves",
                json={"seat": seat, "version": mine["version"], "index": choice},
                headers=_auth(token),
            )
            assert r.status_code == 200
            acknowledged.append(mine["legal"][choice]["text"])
        kill_server(proc)
    with running_server(db, port):
        view = httpx.get(f"{base}/api/tables/{duel['id']}/view").json()
        assert view["version"] == len(acknowledged)
        replay = httpx.get(f"{base}/api/tables/{duel['id']}/replay").json()
        assert len(replay["steps"]) == len(acknowledged) + 1
        # The computer seat whose turn it was plays on after the restart.
        deadline = time.monotonic() + 30
        while True:
            nile = httpx.get(f"{base}/api/tables/{vs_ai['id']}/view").json()
            if nile["to_move"] == 1:
                break
            assert time.monotonic() < deadline, "the computer seat did not resume"
            time.sleep(0.05)
        assert nile["version"] >= 1


def test_ctrl_c_while_computers_search_stops_quietly(tmp_path: Path) -> None:
    # A terminal's Ctrl-C sends SIGINT to the whole process group, search workers included:
    # the server stops within its grace period, prints no traceback, and the moves the
    # computers made before are all there after a restart.
    db = tmp_path / "netjer.db"
    log = tmp_path / "server.log"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    seats = [{"type": "agent", "agent": "ismcts:time=0.3"}, {"type": "agent", "agent": "ismcts:time=0.3"}]
    with log.open("wb") as out, running_server(db, port, output=out) as proc:
        table = httpx.post(f"{base}/api/tables", json={"game": "aton", "seed": 5, "seats": seats}).json()
        deadline = time.monotonic() + 30
        while httpx.get(f"{base}/api/tables/{table['id']}/view").json()["version"] < 2:
            assert time.monotonic() < deadline, "the computers did not play"
            time.sleep(0.1)
        os.killpg(proc.pid, signal.SIGINT)  # searching right now: the budget is 0.3 s a move
        proc.wait(timeout=20)
    text = log.read_text(errors="replace")
    assert "Traceback" not in text and "KeyboardInterrupt" not in text, text
    with running_server(db, port):
        view = httpx.get(f"{base}/api/tables/{table['id']}/view").json()
        assert view["version"] >= 2


@pytest.mark.slow
def test_a_clock_runs_through_a_sigkill_and_the_computer_stands_in_after_the_restart(tmp_path: Path) -> None:
    # A 10-second bank: the server is SIGKILLed while it runs and restarted; the clock has
    # neither been reset nor paused, it runs out, the heuristic plays for the seat (legal
    # moves: the server checks each), the person takes the seat back, and all of it is
    # still there after another crash.
    db = tmp_path / "netjer.db"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    bank = 10.0
    seats = [{"type": "human", "name": "Seth"}, {"type": "human", "name": "Nut"}]
    with running_server(db, port, ai_workers=0) as proc:
        clock = {"mode": "realtime", "bank": bank, "increment": 0}
        table = httpx.post(f"{base}/api/tables", json={"game": "aton", "seed": 2, "seats": seats, "clock": clock})
        created = time.monotonic()
        table.raise_for_status()
        data = table.json()
        first = data["table"]["to_move"]
        name = ["Seth", "Nut"][first]
        # Aton opens with a simultaneous choice (keep or exchange), where both seats' clocks run:
        # the other seat makes its choice now, so that only the first seat's time runs out (with
        # both banks running out together, both computers played the game to its end, under load
        # before the takeback below: CI of 7 December)
        other = 1 - first
        theirs = _auth(data["tokens"][str(other)])
        mine = httpx.get(f"{base}/api/tables/{data['id']}/view", params={"seat": other}, headers=theirs).json()
        keep = next(i for i, a in enumerate(mine["legal"]) if a["text"] == "keep")
        move = {"seat": other, "version": mine["version"], "index": keep}
        moved = httpx.post(f"{base}/api/tables/{data['id']}/moves", json=move, headers=theirs)
        assert moved.status_code == 200, moved.text
        time.sleep(1.0)
        kill_server(proc)
    with running_server(db, port, ai_workers=0) as proc:
        asked = time.monotonic()
        view = httpx.get(f"{base}/api/tables/{data['id']}/view").json()
        left = view["clock"]["seats"][first]["left"]
        # Not reset (the time before and during the outage counts), except for the short
        # grace a restart gives (a quarter of this bank).
        assert left <= max(bank / 4, bank - (asked - created)) + 0.01
        assert view["seats"][first]["standin"] is None or left == 0
        deadline = time.monotonic() + 60
        while view["seats"][first]["standin"] != "heuristic" or view["to_move"] == first:
            assert time.monotonic() < deadline, "the computer did not take the seat over"
            time.sleep(0.1)
            view = httpx.get(f"{base}/api/tables/{data['id']}/view").json()
        assert view["version"] > 0
        assert f"{name}'s time ran out: the computer (heuristic) plays for {name}." in view["log"]
        token = data["tokens"][str(first)]
        back = httpx.post(f"{base}/api/tables/{data['id']}/takeback", json={"seat": first}, headers=_auth(token))
        assert back.status_code == 200, back.text
        kill_server(proc)
    with running_server(db, port, ai_workers=0):
        view = httpx.get(f"{base}/api/tables/{data['id']}/view").json()
        assert view["seats"][first]["standin"] is None
        assert view["log"].count(f"{name}'s time ran out: the computer (heuristic) plays for {name}.") == 1
        assert f"{name} is back and plays again." in view["log"]
