"""Load on the web table: many tables played over WebSockets at once, on loopback.

Usage::

    python benchmarks/server_load.py [--tables 200] [--game aton] [--echo-clients 20] [--online]
    python benchmarks/server_load.py --fairness [--ai-workers N] [--cap 10] [--hostile 3] [--repeats 3]

Starts ``netjer serve`` as a subprocess on a free port with a fresh SQLite file, creates
``--tables`` tables with two human seats each, and connects two WebSocket clients per table
that play uniformly random legal moves until every game ends.  The round-trip of a move is
the time from sending it to receiving the view with the new version.  In the same run,
``--echo-clients`` clients measure the round-trip of a bare WebSocket echo on the same
server (``/ws/echo``) as the reference.  Prints moves/s, p50/p99 of both round-trips, their
ratio (goal: move p99 within 3x the echo's p99) and the number of errors.

``--online`` turns on what a group playing online uses: every table has a real-time clock
(1 hour + 10 s a turn, so none runs out), whose time left every view carries and the server's
ticker watches, and each player says something in the chat every ``--chat-every`` moves (each
message is stored and sent to both seats as a view).  These players chat far faster than people
(a message every few seconds), so the server's chat limit is raised to 600 a minute for this
run: the limiter still counts every message.

``--fairness`` measures the fair AI service instead (issue 20): a server with ``--ai-workers``
workers (default: the cores) and ``--max-ai-seconds`` ``--cap``; ``--hostile`` tables whose
every seat is ``ismcts:time=<cap>`` (the largest budget allowed) keep the workers busy; then,
``--repeats`` times, a new table whose first seat is ``ismcts:time=0.1`` is created and the
time until its first move is stored (from the POST to the move seen by polling every 20 ms).
The same 0.1 s move on the idle server, before the hostile tables start, is the reference.
Prints min / median / max and the worst against the goal (within 2x the cap of one search).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

import httpx
import websockets

from netjer.server.process import free_port, running_server


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def player(
    url: str,
    table: str,
    seat: int,
    token: str,
    rng: random.Random,
    rtts: list[float],
    errors: list[str],
    chat_every: int = 0,
) -> int:
    """Play one seat of one table to the end (with ``chat_every``, saying something in the
    chat before every ``chat_every``-th move); return the number of moves it made."""
    moves = 0
    async with websockets.connect(f"{url}/ws/tables/{table}", max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "hello", "seat": seat, "token": token}))
        sent_at: float | None = None
        sent_version = -1
        while True:
            message = json.loads(await ws.recv())
            if message["type"] == "error":
                errors.append(message["message"])
                continue
            if message["type"] != "view":
                continue
            if sent_at is not None and message["version"] > sent_version:
                rtts.append(time.perf_counter() - sent_at)
                sent_at = None
            if message["finished"]:
                return moves
            if message["to_move"] == seat and message["legal"] and sent_at is None:
                if chat_every and moves % chat_every == chat_every - 1:
                    await ws.send(json.dumps({"type": "chat", "text": f"move {moves + 1} coming: good luck!"}))
                choice = rng.randrange(len(message["legal"]))
                sent_version = message["version"]
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "move", "version": sent_version, "index": choice}))
                moves += 1


async def echo_client(url: str, stop: asyncio.Event, rtts: list[float]) -> None:
    """Measure echo round-trips until ``stop`` is set, pacing like a player."""
    async with websockets.connect(f"{url}/ws/echo") as ws:
        payload = json.dumps({"type": "ping", "pad": "x" * 200})
        while not stop.is_set():
            t0 = time.perf_counter()
            await ws.send(payload)
            await ws.recv()
            rtts.append(time.perf_counter() - t0)
            await asyncio.sleep(0.01)


async def run(port: int, tables: int, game: str, echo_clients: int, chat_every: int = 0) -> None:
    """Create the tables, play them all, print the figures (``chat_every`` > 0: the online
    run, with clocks and chat)."""
    base = f"http://127.0.0.1:{port}"
    url = f"ws://127.0.0.1:{port}"
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        created = []
        for i in range(tables):
            body: dict[str, object] = {"game": game, "seed": i, "seats": [{"type": "human"}, {"type": "human"}]}
            if chat_every:
                body["clock"] = {"mode": "realtime", "bank": 3600, "increment": 10}
            r = await http.post("/api/tables", json=body)
            r.raise_for_status()
            created.append(r.json())
    rtts: list[float] = []
    echo_rtts: list[float] = []
    errors: list[str] = []
    stop = asyncio.Event()
    echoes = [asyncio.create_task(echo_client(url, stop, echo_rtts)) for _ in range(echo_clients)]
    t0 = time.perf_counter()
    players = [
        player(url, t["id"], seat, t["tokens"][str(seat)], random.Random(k * 2 + seat), rtts, errors, chat_every)
        for k, t in enumerate(created)
        for seat in (0, 1)
    ]
    results = await asyncio.gather(*players, return_exceptions=True)
    elapsed = time.perf_counter() - t0
    stop.set()
    await asyncio.gather(*echoes, return_exceptions=True)
    failures = [r for r in results if isinstance(r, BaseException)]
    moves = sum(r for r in results if isinstance(r, int))
    online = f", clocks on and a chat message every {chat_every} moves" if chat_every else ""
    print(f"{tables} tables of {game}, {2 * tables} WebSocket players, {echo_clients} echo clients, loopback{online}")
    print(f"moves: {moves} in {elapsed:.1f} s = {moves / elapsed:,.0f} moves/s")
    print(f"move round-trip: p50 {1000 * statistics.median(rtts):.1f} ms, p99 {1000 * percentile(rtts, 0.99):.1f} ms")
    echo50, echo99 = 1000 * statistics.median(echo_rtts), 1000 * percentile(echo_rtts, 0.99)
    print(f"echo round-trip: p50 {echo50:.1f} ms, p99 {echo99:.1f} ms")
    print(f"ratio of p99s (move / echo): {percentile(rtts, 0.99) / percentile(echo_rtts, 0.99):.2f}")
    print(f"errors: {len(errors)} refused moves, {len(failures)} failed clients")
    for f in failures[:5]:
        print("  ", repr(f))


async def first_move_seconds(http: httpx.AsyncClient, seed: int) -> float:
    """Create a table whose first seat thinks 0.1 s; the seconds until its first move."""
    seats = [{"type": "agent", "agent": "ismcts:time=0.1"}, {"type": "human"}]
    t0 = time.perf_counter()
    r = await http.post("/api/tables", json={"game": "aton", "seed": seed, "seats": seats})
    r.raise_for_status()
    table = r.json()["id"]
    while (await http.get(f"/api/tables/{table}/view")).json()["version"] == 0:
        await asyncio.sleep(0.02)
    return time.perf_counter() - t0


async def fairness(port: int, cap: float, hostile: int, repeats: int) -> None:
    """The fairness figure (see the module's text)."""
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=60) as http:
        idle = [await first_move_seconds(http, 1000 + k) for k in range(repeats)]
        seats = [{"type": "agent", "agent": f"ismcts:time={cap:g}"}] * 2
        for k in range(hostile):
            r = await http.post("/api/tables", json={"game": "aton", "seed": k, "seats": seats})
            r.raise_for_status()
        await asyncio.sleep(cap / 2)  # every worker is mid-search
        loaded = []
        for k in range(repeats):
            loaded.append(await first_move_seconds(http, 2000 + k))
            await asyncio.sleep(cap * (k + 1) / (repeats + 1))  # another phase of the searches
        health = (await http.get("/api/health")).json()
    print(f"{hostile} tables at the cap ({cap:g} s, every seat), {health['ai']['workers']} AI workers")
    for name, values in (("idle server", idle), ("with the hostile tables", loaded)):
        print(
            f"a 0.1 s seat's first move, {name}: min {min(values):.2f} / median {statistics.median(values):.2f}"
            f" / max {max(values):.2f} s"
        )
    print(f"worst / cap: {max(loaded) / cap:.2f} (goal <= 2)")


def main() -> None:
    """Start the server, run the load (or the fairness figure), stop the server."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--game", default="aton")
    parser.add_argument("--echo-clients", type=int, default=20)
    parser.add_argument("--online", action="store_true", help="clocks on every table and chat messages")
    parser.add_argument("--chat-every", type=int, default=10, help="with --online: a chat message every N moves")
    parser.add_argument("--fairness", action="store_true", help="measure the fair AI service instead")
    parser.add_argument("--ai-workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--cap", type=float, default=10.0, help="the server's --max-ai-seconds")
    parser.add_argument("--hostile", type=int, default=3, help="tables searching at the cap")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    port = free_port()
    if args.fairness:
        options = ["--max-ai-seconds", str(args.cap)]
        with (
            tempfile.TemporaryDirectory() as tmp,
            running_server(Path(tmp) / "fair.db", port, ai_workers=args.ai_workers, options=options),
        ):
            asyncio.run(fairness(port, args.cap, args.hostile, args.repeats))
        return
    options = ["--chat-rate", "600/min"] if args.online else []
    with (
        tempfile.TemporaryDirectory() as tmp,
        running_server(Path(tmp) / "load.db", port, ai_workers=0, options=options),
    ):
        asyncio.run(run(port, args.tables, args.game, args.echo_clients, args.chat_every if args.online else 0))


if __name__ == "__main__":
    main()
