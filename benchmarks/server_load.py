"""Load on the web table: many tables played over WebSockets at once, on loopback.

Usage::

    python benchmarks/server_load.py [--tables 200] [--game aton] [--echo-clients 20] [--online]
    python benchmarks/server_load.py --fairness [--ai-workers N] [--cap 10] [--hostile 3] [--repeats 3]
    python benchmarks/server_load.py --postgres [--tables 200] [--repeats 3] [--spread seat|table]

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

``--postgres`` compares one server process with two on one PostgreSQL (issue 20): a
throw-away PostgreSQL cluster is started (Debian's ``postgresql`` binaries), and ``--repeats``
times the same load is played against one ``netjer serve`` and then against two (fresh
processes each time, the same database).  With two, ``--spread seat`` (the default) connects
the two seats of each table to different processes, so every move reaches the other seat
through PostgreSQL's LISTEN/NOTIFY (the hard case, as a round-robin proxy would often do);
``--spread table`` puts both seats of a table on one process (a proxy sticky per table).  The
echo clients are spread over the processes too.  Prints, per repeat and as min / median /
max, moves/s, move p99, echo p99 and their ratio, the speed-up of two processes over one
(goal >= 1.6x) and the load average of the machine before and after.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
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


async def load(
    ports: list[int], tables: int, game: str, echo_clients: int, chat_every: int = 0, spread: str = "seat"
) -> dict[str, float]:
    """Create the tables (through the first server), play them all with the seats spread
    over the servers at ``ports`` (``spread``: ``seat`` or ``table``, see the module's
    text); return moves, seconds, moves/s, the p50/p99 of the moves' and the echo's
    round-trips (ms), refused moves and failed clients."""
    base = f"http://127.0.0.1:{ports[0]}"
    urls = [f"ws://127.0.0.1:{port}" for port in ports]
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
    echoes = [asyncio.create_task(echo_client(urls[i % len(urls)], stop, echo_rtts)) for i in range(echo_clients)]

    def url_of(k: int, seat: int) -> str:
        return urls[(k + seat) % len(urls)] if spread == "seat" else urls[k % len(urls)]

    t0 = time.perf_counter()
    players = [
        player(url_of(k, seat), t["id"], seat, t["tokens"][str(seat)], random.Random(k * 2 + seat), rtts, errors,
               chat_every)
        for k, t in enumerate(created)
        for seat in (0, 1)
    ]  # fmt: skip
    results = await asyncio.gather(*players, return_exceptions=True)
    elapsed = time.perf_counter() - t0
    stop.set()
    await asyncio.gather(*echoes, return_exceptions=True)
    failures = [r for r in results if isinstance(r, BaseException)]
    for f in failures[:5]:
        print("  ", repr(f))
    moves = sum(r for r in results if isinstance(r, int))
    return {
        "moves": moves,
        "seconds": elapsed,
        "moves_s": moves / elapsed,
        "p50": 1000 * statistics.median(rtts),
        "p99": 1000 * percentile(rtts, 0.99),
        "echo50": 1000 * statistics.median(echo_rtts),
        "echo99": 1000 * percentile(echo_rtts, 0.99),
        "refused": len(errors),
        "failed": len(failures),
    }


async def run(port: int, tables: int, game: str, echo_clients: int, chat_every: int = 0) -> None:
    """Create the tables, play them all, print the figures (``chat_every`` > 0: the online
    run, with clocks and chat)."""
    figures = await load([port], tables, game, echo_clients, chat_every)
    moves, elapsed = int(figures["moves"]), figures["seconds"]
    online = f", clocks on and a chat message every {chat_every} moves" if chat_every else ""
    print(f"{tables} tables of {game}, {2 * tables} WebSocket players, {echo_clients} echo clients, loopback{online}")
    print(f"moves: {moves} in {elapsed:.1f} s = {moves / elapsed:,.0f} moves/s")
    print(f"move round-trip: p50 {figures['p50']:.1f} ms, p99 {figures['p99']:.1f} ms")
    print(f"echo round-trip: p50 {figures['echo50']:.1f} ms, p99 {figures['echo99']:.1f} ms")
    print(f"ratio of p99s (move / echo): {figures['p99'] / figures['echo99']:.2f}")
    print(f"errors: {figures['refused']:.0f} refused moves, {figures['failed']:.0f} failed clients")


def _spread3(values: list[float], fmt: str = ".0f") -> str:
    return f"{min(values):{fmt}} / {statistics.median(values):{fmt}} / {max(values):{fmt}}"


def scale_out(tables: int, game: str, echo_clients: int, repeats: int, spread: str) -> None:
    """One server process against two on one PostgreSQL (see the module's text)."""
    from netjer.server.process import postgres_bin, temporary_postgres  # noqa: PLC0415

    bindir = postgres_bin()
    if bindir is None:
        raise SystemExit("PostgreSQL is not installed (Debian: apt-get install postgresql)")
    loads = [os.getloadavg()[0]]
    rows: dict[int, list[dict[str, float]]] = {1: [], 2: []}
    with temporary_postgres(bindir) as db:
        for repeat in range(repeats):
            for count in (1, 2):
                ports = [free_port() for _ in range(count)]
                with contextlib.ExitStack() as stack:
                    for port in ports:
                        stack.enter_context(running_server(db, port, ai_workers=0))
                    figures = asyncio.run(load(ports, tables, game, echo_clients, spread=spread))
                rows[count].append(figures)
                print(
                    f"repeat {repeat + 1}, {count} process(es): {figures['moves_s']:,.0f} moves/s, move p99 "
                    f"{figures['p99']:.1f} ms, echo p99 {figures['echo99']:.1f} ms "
                    f"(ratio {figures['p99'] / figures['echo99']:.2f}), {figures['refused']:.0f} refused, "
                    f"{figures['failed']:.0f} failed",
                    flush=True,
                )
                loads.append(os.getloadavg()[0])
    print(
        f"{tables} tables of {game}, {2 * tables} WebSocket players, {echo_clients} echo clients, PostgreSQL, "
        f"spread per {spread}; load average (1 min) during the runs: {min(loads):.1f} to {max(loads):.1f}"
    )
    for count, figures in rows.items():
        print(
            f"{count} process(es), min / median / max: moves/s {_spread3([f['moves_s'] for f in figures])}; "
            f"move p99 {_spread3([f['p99'] for f in figures], '.1f')} ms; "
            f"p99 ratio to echo {_spread3([f['p99'] / f['echo99'] for f in figures], '.2f')}"
        )
    speedups = [two["moves_s"] / one["moves_s"] for one, two in zip(rows[1], rows[2], strict=True)]
    print(f"two processes / one (moves/s, per repeat) min / median / max: {_spread3(speedups, '.2f')} (goal >= 1.6)")


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
    parser.add_argument("--postgres", action="store_true", help="one server process against two on PostgreSQL")
    parser.add_argument("--spread", choices=("seat", "table"), default="seat", help="with --postgres: see above")
    args = parser.parse_args()
    if args.postgres:
        scale_out(args.tables, args.game, args.echo_clients, args.repeats, args.spread)
        return
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
