"""Load on the web table: many tables played over WebSockets at once, on loopback.

Usage::

    python benchmarks/server_load.py [--tables 200] [--game aton] [--echo-clients 20] [--online]
    python benchmarks/server_load.py --fairness [--ai-workers N] [--cap 10] [--hostile 3] [--repeats 3]
    python benchmarks/server_load.py --postgres [--tables 200] [--repeats 3] [--spread seat|table]
    (any of them: [--client-processes N] [--no-deflate])

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

Every load also reports the **CPU seconds per applied move** of each party, read from
``/proc`` at the start and the end of the play: the server process(es) with their children,
PostgreSQL (its postmaster and every backend, ended ones included), the load generator, and
what the rest of the machine used meanwhile; and the ceiling they imply (the cores / the total
CPU per move).  Then the echo clients run alone for a few seconds, which prices one echo, so
that the echo's share of the CPU per move is told apart.  With ``--postgres`` it also prints
the most two processes can gain over one: one process runs on one core at most, so when it
fills it the gain is at most cores x (its server CPU per move) / (total CPU per move with two).

The load generator runs on uvloop when it is installed (``NETJER_CLIENT_LOOP=asyncio``: asyncio's
own loop) and reads only the head of each view (:func:`glance`); ``--client-processes N``
spreads the players over N processes, started before the clock starts.  The clients offer
permessage-deflate as browsers do; ``--no-deflate`` has them not offer it (what
``netjer serve --no-ws-deflate`` gives).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Coroutine
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import parse_qs, urlsplit

import httpx
import websockets

from netjer.build_info import describe_build
from netjer.server.process import free_port, running_server

T = TypeVar("T")
#: The WebSocket extension the clients offer: permessage-deflate, as browsers do (the server
#: then compresses every view), unless ``NETJER_CLIENT_DEFLATE=0`` (``--no-deflate``).
COMPRESSION = None if os.environ.get("NETJER_CLIENT_DEFLATE", "1") == "0" else "deflate"
#: Clock ticks per second of the CPU times in ``/proc``.
TICKS = os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def cpu_of_pids(pids: set[int]) -> float:
    """CPU seconds (user + system) used so far by the processes ``pids`` and by those of their
    children that have ended and been waited for (``/proc/<pid>/stat``; a process that has
    gone counts 0)."""
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat", encoding="ascii") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except (FileNotFoundError, ProcessLookupError):
            continue
        total += sum(int(x) for x in fields[11:15])  # utime, stime, cutime, cstime
    return total / TICKS


def process_tree(root: int) -> set[int]:
    """``root`` and every live process descending from it (``/proc``)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (FileNotFoundError, ProcessLookupError, ValueError):
            continue
        children.setdefault(ppid, []).append(int(entry))
    tree, todo = set(), [root]
    while todo:
        pid = todo.pop()
        tree.add(pid)
        todo.extend(children.get(pid, []))
    return tree


def machine_busy() -> float:
    """CPU seconds the whole machine has been busy so far, all cores together (``/proc/stat``:
    every column but idle and iowait)."""
    with open("/proc/stat", encoding="ascii") as f:
        fields = [int(x) for x in f.readline().split()[1:9]]
    return (sum(fields) - fields[3] - fields[4]) / TICKS


def postmaster_pid(url: str) -> int:
    """The process id of the PostgreSQL server of a :func:`temporary_postgres` URL (its
    ``host`` folder holds ``data/postmaster.pid``)."""
    folder = parse_qs(urlsplit(url).query)["host"][0]
    return int((Path(folder) / "data" / "postmaster.pid").read_text().split()[0])


@dataclass
class Parties:
    """The processes whose CPU time a run shares out: the server processes and PostgreSQL
    (the load generator measures its own)."""

    servers: list[int]
    postmaster: int | None = None

    def snapshot(self) -> dict[str, Any]:
        """CPU seconds used so far by each server process (with its children), by PostgreSQL
        (its postmaster and every backend, ended ones included) and by the whole machine."""
        return {
            "servers": [cpu_of_pids(process_tree(pid)) for pid in self.servers],
            "postgres": cpu_of_pids(process_tree(self.postmaster)) if self.postmaster else 0.0,
            "machine": machine_busy(),
        }


@dataclass
class Job:
    """One seat to play: the server's WebSocket URL, the table, the seat, its token and the
    seed of its random moves."""

    url: str
    table: str
    seat: int
    token: str
    seed: int


#: The head of a view as the server sends it (Starlette's ``send_json``: compact JSON, the
#: fields in the order ``TableManager.view`` builds them): its version, seat to move and end.
VIEW_HEAD = re.compile(r'\{"type":"view",.*?"version":(\d+),"to_move":(null|\d+),.*?"finished":(true|false),')


def glance(text: str) -> tuple[int, int | None, bool, int] | None:
    """A view's version, seat to move, whether the game is finished and its number of legal
    actions, read without parsing the whole view (its observation is most of it: a full
    ``json.loads`` was about a sixth of the load generator's CPU); ``None`` if ``text`` is not
    a view laid out as expected (the caller then parses it).  Quoted text inside JSON strings
    has its quotes escaped, so the keys looked for cannot be met inside a string."""
    head = VIEW_HEAD.match(text)
    if head is None:
        return None
    start = text.rfind('"legal":[')
    end = text.find('],"log_from":', start) if start >= 0 else -1
    if end < 0:
        return None
    to_move = None if head[2] == "null" else int(head[2])
    return int(head[1]), to_move, head[3] == "true", text.count('{"index":', start, end)


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
    async with websockets.connect(f"{url}/ws/tables/{table}", max_size=2**24, compression=COMPRESSION) as ws:
        await ws.send(json.dumps({"type": "hello", "seat": seat, "token": token}))
        sent_at: float | None = None
        sent_version = -1
        while True:
            text = await ws.recv()
            seen = glance(text) if isinstance(text, str) else None
            if seen is None:
                message = json.loads(text)
                if message["type"] == "error":
                    errors.append(message["message"])
                    continue
                if message["type"] != "view":
                    continue
                seen = (message["version"], message["to_move"], message["finished"], len(message["legal"]))
            version, to_move, finished, legal = seen
            if sent_at is not None and version > sent_version:
                rtts.append(time.perf_counter() - sent_at)
                sent_at = None
            if finished:
                return moves
            if to_move == seat and legal and sent_at is None:
                if chat_every and moves % chat_every == chat_every - 1:
                    await ws.send(json.dumps({"type": "chat", "text": f"move {moves + 1} coming: good luck!"}))
                choice = rng.randrange(legal)
                sent_version = version
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "move", "version": sent_version, "index": choice}))
                moves += 1


async def echo_client(url: str, stop: asyncio.Event, rtts: list[float]) -> None:
    """Measure echo round-trips until ``stop`` is set, pacing like a player."""
    async with websockets.connect(f"{url}/ws/echo", compression=COMPRESSION) as ws:
        payload = json.dumps({"type": "ping", "pad": "x" * 200})
        while not stop.is_set():
            t0 = time.perf_counter()
            await ws.send(payload)
            await ws.recv()
            rtts.append(time.perf_counter() - t0)
            await asyncio.sleep(0.01)


async def drive(jobs: list[Job], echo_urls: list[str], chat_every: int) -> dict[str, Any]:
    """Play ``jobs`` to the end while one echo client per URL of ``echo_urls`` measures the
    echo; return the moves made, both round-trips' lists (seconds), the refusals and the
    clients that failed."""
    rtts: list[float] = []
    echo_rtts: list[float] = []
    errors: list[str] = []
    stop = asyncio.Event()
    echoes = [asyncio.create_task(echo_client(url, stop, echo_rtts)) for url in echo_urls]
    players = [
        player(job.url, job.table, job.seat, job.token, random.Random(job.seed), rtts, errors, chat_every)
        for job in jobs
    ]
    results = await asyncio.gather(*players, return_exceptions=True)
    stop.set()
    await asyncio.gather(*echoes, return_exceptions=True)
    return {
        "moves": sum(r for r in results if isinstance(r, int)),
        "rtts": rtts,
        "echo_rtts": echo_rtts,
        "errors": errors,
        "failures": [repr(r) for r in results if isinstance(r, BaseException)],
    }


def run_loop(main: Coroutine[Any, Any, T]) -> T:
    """Run ``main`` on uvloop's event loop if it is installed (cheaper per message than
    asyncio's), unless ``NETJER_CLIENT_LOOP`` is ``asyncio``."""
    if os.environ.get("NETJER_CLIENT_LOOP", "uvloop") != "asyncio":
        try:
            import uvloop  # noqa: PLC0415

            return uvloop.run(main)
        except ImportError:
            pass
    return asyncio.run(main)


def own_cpu() -> float:
    """CPU seconds (user + system) this process has used so far."""
    times = os.times()
    return times.user + times.system


def run_clients(jobs: list[Job], echo_urls: list[str], chat_every: int) -> dict[str, Any]:
    """:func:`drive` in this process, on uvloop's event loop (installed with uvicorn's
    ``standard`` extra; ``NETJER_CLIENT_LOOP=asyncio`` or its absence: asyncio's own); with
    the CPU seconds it took (``"cpu"``)."""
    before = own_cpu()
    out = run_loop(drive(jobs, echo_urls, chat_every))
    out["cpu"] = own_cpu() - before
    return out


def client_process(jobs: list[Job], echo_urls: list[str], chat_every: int, go: Any, pipe: Any) -> None:
    """A load generator process: says it is ready, waits for ``go``, plays, sends the figures."""
    pipe.send("ready")
    go.wait()
    pipe.send(run_clients(jobs, echo_urls, chat_every))


def play_all(
    jobs: list[Job], echo_urls: list[str], chat_every: int, processes: int, parties: Parties
) -> tuple[dict[str, Any], float, dict[str, Any], dict[str, Any]]:
    """Play every job, in this process or spread over ``processes`` load generator processes
    (started and ready before the clock starts); return the merged figures, the wall seconds
    and the parties' CPU snapshots before and after."""
    if processes <= 1:
        before = parties.snapshot()
        t0 = time.perf_counter()
        out = run_clients(jobs, echo_urls, chat_every)
        elapsed = time.perf_counter() - t0
        return out, elapsed, before, parties.snapshot()
    context = multiprocessing.get_context("spawn")
    go = context.Event()
    pipes, procs = [], []
    for k in range(processes):
        mine, theirs = context.Pipe()
        args = (jobs[k::processes], echo_urls[k::processes], chat_every, go, theirs)
        proc = context.Process(target=client_process, args=args, daemon=True)
        proc.start()
        pipes.append(mine)
        procs.append(proc)
    for pipe in pipes:
        pipe.recv()  # ready: imported and waiting
    before = parties.snapshot()
    t0 = time.perf_counter()
    go.set()
    outs = [pipe.recv() for pipe in pipes]
    elapsed = time.perf_counter() - t0
    after = parties.snapshot()
    for proc in procs:
        proc.join()
    merged: dict[str, Any] = {"moves": 0, "rtts": [], "echo_rtts": [], "errors": [], "failures": [], "cpu": 0.0}
    for out in outs:
        for key, value in out.items():
            merged[key] += value
    return merged, elapsed, before, after


async def create_tables(base: str, tables: int, game: str, clocks: bool) -> list[dict[str, Any]]:
    """Create ``tables`` tables of two human seats through the server at ``base`` (with
    ``clocks``, a real-time clock of 1 hour + 10 s); their JSON (id, tokens)."""
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        created = []
        for i in range(tables):
            body: dict[str, object] = {"game": game, "seed": i, "seats": [{"type": "human"}, {"type": "human"}]}
            if clocks:
                body["clock"] = {"mode": "realtime", "bank": 3600, "increment": 10}
            r = await http.post("/api/tables", json=body)
            r.raise_for_status()
            created.append(r.json())
        return created


def load(
    ports: list[int],
    tables: int,
    game: str,
    echo_clients: int,
    parties: Parties,
    chat_every: int = 0,
    spread: str = "seat",
    client_processes: int = 1,
) -> dict[str, Any]:
    """Create the tables (through the first server), play them all with the seats spread
    over the servers at ``ports`` (``spread``: ``seat`` or ``table``, see the module's
    text); return moves, seconds, moves/s, the p50/p99 of the moves' and the echo's
    round-trips (ms), refused moves and failed clients, and the CPU seconds of each party
    during the play: ``server`` (all server processes), ``servers`` (each), ``postgres``,
    ``clients`` (the load generator's processes), ``machine`` (the whole machine)."""
    created = asyncio.run(create_tables(f"http://127.0.0.1:{ports[0]}", tables, game, bool(chat_every)))
    urls = [f"ws://127.0.0.1:{port}" for port in ports]

    def url_of(k: int, seat: int) -> str:
        return urls[(k + seat) % len(urls)] if spread == "seat" else urls[k % len(urls)]

    jobs = [
        Job(url_of(k, seat), t["id"], seat, t["tokens"][str(seat)], k * 2 + seat)
        for k, t in enumerate(created)
        for seat in (0, 1)
    ]
    echo_urls = [urls[i % len(urls)] for i in range(echo_clients)]
    out, elapsed, before, after = play_all(jobs, echo_urls, chat_every, client_processes, parties)
    for failure in out["failures"][:5]:
        print("  ", failure)
    moves = out["moves"]
    servers = [b - a for a, b in zip(before["servers"], after["servers"], strict=True)]
    echo_cost = echo_alone(echo_urls, parties) if echo_urls else {"server": 0.0, "clients": 0.0}
    return {
        "moves": moves,
        "seconds": elapsed,
        "moves_s": moves / elapsed,
        "p50": 1000 * statistics.median(out["rtts"]),
        "p99": 1000 * percentile(out["rtts"], 0.99),
        "echo50": 1000 * statistics.median(out["echo_rtts"]),
        "echo99": 1000 * percentile(out["echo_rtts"], 0.99),
        "echoes": len(out["echo_rtts"]),
        "refused": len(out["errors"]),
        "failed": len(out["failures"]),
        "servers": servers,
        "server": sum(servers),
        "postgres": after["postgres"] - before["postgres"],
        "clients": out["cpu"],
        "machine": after["machine"] - before["machine"],
        "echo_cost": echo_cost,
    }


#: Seconds the echo clients run alone after a load, to price one echo (:func:`echo_alone`).
ECHO_ALONE_SECONDS = 3.0


def echo_alone(echo_urls: list[str], parties: Parties) -> dict[str, float]:
    """The CPU seconds of one echo round-trip for the servers and for the load generator,
    measured with the echo clients running alone for :data:`ECHO_ALONE_SECONDS` (in this
    process) right after the load: what the echo adds to a run's CPU per move can then be
    told apart from the moves' own.  An idle server wakes up for every message, so this
    prices an echo at most at what it costs under load."""

    async def echo_for(seconds: float) -> list[float]:
        rtts: list[float] = []
        stop = asyncio.Event()
        tasks = [asyncio.create_task(echo_client(url, stop, rtts)) for url in echo_urls]
        await asyncio.sleep(seconds)
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        return rtts

    before, mine = parties.snapshot(), own_cpu()
    rtts = run_loop(echo_for(ECHO_ALONE_SECONDS))
    after, mine = parties.snapshot(), own_cpu() - mine
    count = max(1, len(rtts))
    return {"server": (sum(after["servers"]) - sum(before["servers"])) / count, "clients": mine / count}


#: The parties of a run, as printed: key in :func:`load`'s figures, name.
PARTIES = (("server", "server(s)"), ("postgres", "PostgreSQL"), ("clients", "load generator"))


def cpu_lines(figures: dict[str, Any]) -> list[str]:
    """The CPU figures of one run in words: ms of CPU per applied move per party, the
    ceiling they imply on this machine, and what the rest of the machine used meanwhile."""
    moves = max(1, figures["moves"])
    cores = os.cpu_count() or 1
    ours = sum(figures[key] for key, _ in PARTIES)
    per_move = {key: 1000 * figures[key] / moves for key, _ in PARTIES}
    each = " + ".join(f"{1000 * s / moves:.2f}" for s in figures["servers"])
    parts = ", ".join(f"{name} {per_move[key]:.2f}" for key, name in PARTIES)
    ceiling = cores / (ours / moves)
    others = max(0.0, figures["machine"] - ours) / figures["seconds"]
    echo = figures["echo_cost"]
    echo_ms = {key: 1000 * echo.get(key, 0.0) * figures["echoes"] / moves for key, _ in PARTIES}
    alone = sum(max(0.0, per_move[key] - echo_ms[key]) for key, _ in PARTIES)
    return [
        f"CPU per applied move (ms): {parts} (servers: {each}); total {1000 * ours / moves:.2f}",
        f"of which the echo's ({figures['echoes'] / moves:.2f} echoes per move, priced alone at "
        f"{1e6 * echo['server']:.0f} us of server and {1e6 * echo['clients']:.0f} us of client CPU each): at most "
        f"{echo_ms['server']:.2f} + {echo_ms['clients']:.2f}; the moves alone at least {alone:.2f} ms, "
        f"a ceiling of {cores / (alone / 1000):,.0f} moves/s",
        f"ceiling on {cores} cores: {ceiling:,.0f} moves/s (measured {figures['moves_s']:,.0f}: "
        f"{figures['moves_s'] / ceiling:.0%} of it); echo messages per move {figures['echoes'] / moves:.2f}; "
        f"other processes on the machine used {others:.2f} cores meanwhile",
    ]


def run(
    port: int, pid: int, tables: int, game: str, echo_clients: int, chat_every: int = 0, client_processes: int = 1
) -> None:
    """Create the tables, play them all, print the figures (``chat_every`` > 0: the online
    run, with clocks and chat)."""
    figures = load([port], tables, game, echo_clients, Parties([pid]), chat_every, client_processes=client_processes)
    moves, elapsed = int(figures["moves"]), figures["seconds"]
    online = f", clocks on and a chat message every {chat_every} moves" if chat_every else ""
    print(f"{tables} tables of {game}, {2 * tables} WebSocket players, {echo_clients} echo clients, loopback{online}")
    print(f"moves: {moves} in {elapsed:.1f} s = {moves / elapsed:,.0f} moves/s")
    print(f"move round-trip: p50 {figures['p50']:.1f} ms, p99 {figures['p99']:.1f} ms")
    print(f"echo round-trip: p50 {figures['echo50']:.1f} ms, p99 {figures['echo99']:.1f} ms")
    print(f"ratio of p99s (move / echo): {figures['p99'] / figures['echo99']:.2f}")
    print(f"errors: {figures['refused']:.0f} refused moves, {figures['failed']:.0f} failed clients")
    for line in cpu_lines(figures):
        print(line)


def _spread3(values: list[float], fmt: str = ".0f") -> str:
    return f"{min(values):{fmt}} / {statistics.median(values):{fmt}} / {max(values):{fmt}}"


def scale_out(tables: int, game: str, echo_clients: int, repeats: int, spread: str, client_processes: int) -> None:
    """One server process against two on one PostgreSQL (see the module's text)."""
    from netjer.server.process import postgres_bin, temporary_postgres  # noqa: PLC0415

    bindir = postgres_bin()
    if bindir is None:
        raise SystemExit("PostgreSQL is not installed (Debian: apt-get install postgresql)")
    loads = [os.getloadavg()[0]]
    rows: dict[int, list[dict[str, Any]]] = {1: [], 2: []}
    with temporary_postgres(bindir) as db:
        postmaster = postmaster_pid(db)
        for repeat in range(repeats):
            for count in (1, 2):
                ports = [free_port() for _ in range(count)]
                with contextlib.ExitStack() as stack:
                    procs = [stack.enter_context(running_server(db, port, ai_workers=0)) for port in ports]
                    parties = Parties([proc.pid for proc in procs], postmaster)
                    figures = load(
                        ports, tables, game, echo_clients, parties, spread=spread, client_processes=client_processes
                    )
                rows[count].append(figures)
                print(
                    f"repeat {repeat + 1}, {count} process(es): {figures['moves_s']:,.0f} moves/s, move p99 "
                    f"{figures['p99']:.1f} ms, echo p99 {figures['echo99']:.1f} ms "
                    f"(ratio {figures['p99'] / figures['echo99']:.2f}), {figures['refused']:.0f} refused, "
                    f"{figures['failed']:.0f} failed",
                    flush=True,
                )
                for line in cpu_lines(figures):
                    print("  " + line, flush=True)
                loads.append(os.getloadavg()[0])
    print(
        f"{tables} tables of {game}, {2 * tables} WebSocket players, {echo_clients} echo clients, PostgreSQL, "
        f"spread per {spread}, {client_processes} load generator process(es); load average (1 min) during the "
        f"runs: {min(loads):.1f} to {max(loads):.1f}"
    )
    for count, runs in rows.items():
        print(
            f"{count} process(es), min / median / max: moves/s {_spread3([f['moves_s'] for f in runs])}; "
            f"move p99 {_spread3([f['p99'] for f in runs], '.1f')} ms; "
            f"p99 ratio to echo {_spread3([f['p99'] / f['echo99'] for f in runs], '.2f')}"
        )
        for key, name in PARTIES:
            per_move = [1000 * f[key] / f["moves"] for f in runs]
            print(f"  CPU ms per move, {name}: {_spread3(per_move, '.3f')}")
        totals = [sum(f[key] for key, _ in PARTIES) / f["moves"] for f in runs]
        ceilings = [(os.cpu_count() or 1) / t for t in totals]
        print(f"  ceiling (cores / total CPU per move), moves/s: {_spread3(ceilings)}")
    speedups = [two["moves_s"] / one["moves_s"] for one, two in zip(rows[1], rows[2], strict=True)]
    print(f"two processes / one (moves/s, per repeat) min / median / max: {_spread3(speedups, '.2f')} (goal >= 1.6)")
    cores = os.cpu_count() or 1
    bounds = [cores / (sum(two[key] for key, _ in PARTIES) / two["moves"]) / one["moves_s"] for one, two in
              zip(rows[1], rows[2], strict=True)]  # fmt: skip
    ideal = [cores * one["server"] / one["moves"] / (sum(two[key] for key, _ in PARTIES) / two["moves"]) for one, two
             in zip(rows[1], rows[2], strict=True)]  # fmt: skip
    busy = [one["server"] / one["seconds"] for one in rows[1]]
    print(
        f"the most two processes can gain over one here, per repeat: (two's ceiling) / (one's measured moves/s) "
        f"{_spread3(bounds, '.2f')}; if one process used its whole core, cores x (server CPU per move, one process)"
        f" / (total CPU per move, two): {_spread3(ideal, '.2f')} (the one server process used "
        f"{_spread3(busy, '.2f')} cores)"
    )


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
    parser.add_argument(
        "--client-processes", type=int, default=1, help="load generator processes (the players spread over them)"
    )
    parser.add_argument(
        "--no-deflate", action="store_true", help="clients do not offer permessage-deflate (nothing compressed)"
    )
    args = parser.parse_args()
    if args.no_deflate:
        os.environ["NETJER_CLIENT_DEFLATE"] = "0"  # read by the load generator processes too
        global COMPRESSION  # noqa: PLW0603
        COMPRESSION = None
    if args.postgres:
        scale_out(args.tables, args.game, args.echo_clients, args.repeats, args.spread, args.client_processes)
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
        running_server(Path(tmp) / "load.db", port, ai_workers=0, options=options) as proc,
    ):
        chat_every = args.chat_every if args.online else 0
        run(port, proc.pid, args.tables, args.game, args.echo_clients, chat_every, args.client_processes)


if __name__ == "__main__":
    print(describe_build(), file=sys.stderr)  # which engine the figures are of
    main()
