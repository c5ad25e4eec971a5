"""Rate the computer levels of one game and player count (issue 16, item 3): docs/levels.md.

Usage::

    python benchmarks/levels.py aton --games 10 --workers 2
    python benchmarks/levels.py ankh -o players=4 --games 10 --workers 2
    python benchmarks/levels.py nile --games 200 --pairs all --ray-address auto   # full size, on a cluster

The agents are the random player, the heuristic player and every level of the game
(:mod:`netjer.agents.levels`; a level that plays the heuristic is the same agent as it).  With
``--pairs ladder`` (default) each agent plays ``--games`` games against the next weaker one on
the ladder random < beginner < casual < strong < strongest (seats rotated; in a game of more
seats the stronger sits in one seat and the weaker fills the others); ``--pairs all`` plays
every pair.  Prints, per pairing, the stronger's **pairwise score** against the weaker (per game: the mean
of its pairwise results against the weaker's seats, win 1, draw 0.5) with its Wilson 95%
interval and whether the interval excludes 0.5, then every agent's Elo (the heuristic: 0)
with its bootstrap 95% interval (netjer.sim.stats), the games played and the time taken.
``--pairs pool`` (issue 35, item 4; :mod:`netjer.sim.pool`) adds the pool's anchors (Ankh's
``heuristic:plan=rollout``, model-free ``ismcts`` at the strongest level's iterations) and plays
every pair of levels and anchors, the later in pool order in the single seat; its ratings are the
Bradley-Terry fit of every game by the pool's rule (a win counts against every other seat, a shared
win half, two losing seats are not compared), and it prints each pair's score with a bootstrap
interval.  ``--extra-log FILE`` (pool only, repeatable) adds to the fit the games of another
tournament's log whose every seat is a pool agent (``benchmarks/strength.py`` runs of a level
against an anchor, on their own seeds; :func:`netjer.sim.pool.pool_games`): read, never
appended to, and counted once.  ``--json FILE`` writes it all, with every game's result; ``--ratings`` prints the
``RATINGS`` entries to copy into src/netjer/agents/levels.py.
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict

from netjer.agents.levels import Level, levels_for
from netjer.build_info import describe_build
from netjer.core.errors import ConfigError
from netjer.games.registry import make_game
from netjer.sim.pool import fit_pool, pool_agents, pool_games, pool_pairs, read_games
from netjer.sim.tournament import (
    GameResult,
    head_to_head,
    iter_results,
    play_task,
    read_log,
    result_to_log,
    schedule_pairings,
    summarize,
)


def main() -> None:
    """Run the rating tournament and print it."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("-o", "--option", action="append", default=[], help="game option NAME=VALUE")
    parser.add_argument("--games", type=int, default=10, help="games per pairing")
    parser.add_argument(
        "--games-for",
        action="append",
        default=[],
        metavar="NAME=N",
        help="games of the pairings whose stronger agent (in --pairs pool: the later in pool order) is NAME, e.g. "
        "strongest=8, or of the one pairing of two agents, e.g. strongest,ismcts=6 (later ones override earlier ones)",
    )
    parser.add_argument("--pairs", choices=["ladder", "all", "pool"], default="ladder")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--ray-address", default=None, help="a Ray cluster ('auto', an address, or 'local')")
    parser.add_argument("--seed", type=int, default=2000)
    parser.add_argument("--bootstrap", type=int, default=200, help="bootstrap resamples of the Elo intervals")
    parser.add_argument("--json", default=None, help="write the summary and every game's result here")
    parser.add_argument(
        "--log",
        default=None,
        help="append each finished game here (JSON lines); a game already there (same seed, same agents in the "
        "same seats) is not played again",
    )
    parser.add_argument(
        "--max-seconds",
        type=float,
        default=None,
        help="start no new game after this many seconds (with --workers 1; 0: only summarize the --log): the "
        "pairings' games are interleaved, so each pairing gets its share of what fits",
    )
    parser.add_argument(
        "--extra-log",
        action="append",
        default=[],
        metavar="FILE",
        help="(--pairs pool) also rate the games of this log whose every seat is a pool agent, e.g. a "
        "benchmarks/strength.py run of a level against an anchor; read only, each game counted once",
    )
    parser.add_argument("--ratings", action="store_true", help="print the RATINGS entries for levels.py")
    args = parser.parse_args()
    options = dict(item.split("=", 1) for item in args.option)
    try:
        game = make_game(args.game, options)
        levels = levels_for(game.name, game.num_players)
    except ConfigError as err:
        sys.exit(f"error: {err}")
    if args.pairs == "pool":
        try:
            pool = pool_agents(game.name, game.num_players)
        except ConfigError as err:
            sys.exit(f"error: {err}")
        specs = [a.spec for a in pool]
        names = [a.label for a in pool]
        pairs = pool_pairs(len(pool))
    else:
        specs, names, pairs = _ladder(levels, args.pairs)
    plain = {n.split(" ")[0]: k for k, n in enumerate(names)}
    counts = [args.games] * len(pairs)
    for item in args.games_for:
        name, _, number = item.partition("=")
        chosen = name.split(",")
        if not all(n in plain for n in chosen) or len(chosen) > 2 or not number.isdigit():
            sys.exit(f"error: --games-for {item!r}: give NAME=N or NAME,NAME=N with NAME one of {', '.join(plain)}")
        ks = {plain[n] for n in chosen}
        for p, (a, b) in enumerate(pairs):
            if (len(chosen) == 1 and a in ks) or {a, b} == ks:
                counts[p] = int(number)
    tasks = schedule_pairings(game.name, specs, pairs, counts, options=options, seed=args.seed)
    print(
        f"{game.title}, {game.num_players} players: {len(tasks)} games ({len(pairs)} pairings: "
        + ", ".join(f"{names[a]}-{names[b]} {c}" for (a, b), c in zip(pairs, counts, strict=True))
        + "); agents: "
        + "; ".join(f"{n} = {s}" for n, s in zip(names, specs, strict=True)),
        flush=True,
    )
    if args.extra_log and args.pairs != "pool":
        sys.exit("error: --extra-log adds games to the pool's fit: use it with --pairs pool")
    if args.max_seconds is not None and (args.workers != 1 or args.ray_address):
        sys.exit("error: --max-seconds stops between games of one process: use it with --workers 1 and no Ray")
    # Interleave the pairings: the k-th of a pairing's n games comes at fraction k / n.
    position: dict[tuple[int, ...], int] = {}
    keyed = []
    for task in tasks:
        pair = tuple(sorted(set(task.players)))
        k = position[pair] = position.get(pair, -1) + 1
        keyed.append(((k + 0.5) / counts[pairs.index(_pair_of(pair, pairs))], task.index, task))
    ordered = [t for _, _, t in sorted(keyed, key=lambda x: (x[0], x[1]))]
    try:
        done: dict[int, GameResult] = read_log(args.log, ordered) if args.log else {}
    except ConfigError as err:
        sys.exit(f"error: {err}")
    start, cpu_start = time.perf_counter(), time.process_time()
    pending = [t for t in ordered if t.index not in done]
    seats_of = {t.index: t.seats for t in tasks}
    log_file = open(args.log, "a", encoding="utf-8") if args.log else None  # noqa: SIM115 - closed below
    try:
        if args.max_seconds is not None:  # one process: stop before a game that would start too late
            results_in_turn = (play_task(t) for t in pending if time.perf_counter() - start < args.max_seconds)
        else:
            results_in_turn = iter_results(pending, workers=args.workers, ray_address=args.ray_address)
        for result in results_in_turn:
            done[result.index] = result
            if log_file is not None:
                log_file.write(result_to_log(result, seats_of[result.index]) + "\n")
                log_file.flush()
    finally:
        if log_file is not None:
            log_file.close()
    took = time.perf_counter() - start
    results = sorted(done.values(), key=lambda r: r.index)
    print(f"  {len(results)} of {len(tasks)} games played ({len(tasks) - len(pending)} of them from --log)")
    if args.pairs == "pool":
        cpu = time.process_time() - cpu_start
        rated = [(r.players, r.returns) for r in results]
        counted = {(r.seed, seats_of[r.index]) for r in results}
        for path in args.extra_log:
            try:
                extra, left = pool_games(read_games(path), specs, game.num_players, counted)
            except (ConfigError, OSError) as err:
                sys.exit(f"error: --extra-log {path}: {err}")
            rated += extra
            print(f"  {len(extra)} more games from --extra-log {path} ({left} lines not of this pool or counted)")
        _report_pool(game.name, game.num_players, levels, specs, names, rated, args.bootstrap, args.ratings)
        print(f"  {len(done) - (len(tasks) - len(pending))} games played now in {took:.0f} s, {cpu:.0f} s of CPU")
        return
    summary = summarize(game.name, names, results, bootstrap=args.bootstrap)
    duels = [head_to_head(results, a, b) for a, b in pairs]
    for d in duels:
        lo, hi = d.interval
        verdict = "stronger (interval above 0.5)" if lo > 0.5 else "NOT shown stronger"
        print(
            f"  {names[d.a]} vs {names[d.b]}: {d.wins}/{d.draws}/{d.losses} in {d.games} games, "
            f"pairwise score {d.score:.3f} [95% CI {lo:.3f}, {hi:.3f}]: {verdict}"
        )
    for row in summary.agents:
        lo, hi = row.elo_interval
        print(
            f"  {row.name}: Elo {row.elo:+.0f} [{lo:+.0f}, {hi:+.0f}], {row.games} seats, "
            f"{row.wins}/{row.draws}/{row.losses} W/D/L"
        )
    print(
        f"  {len(results)} games in {took:.0f} s ({args.workers} workers), {summary.mean_decisions:.0f} decisions/game"
    )
    today = datetime.date.today().isoformat()
    if args.ratings:
        for level in levels:
            k = specs.index(level.spec)
            row = summary.agents[k]
            lo, hi = row.elo_interval
            print(
                f'    ("{game.name}", {game.num_players}, "{level.name}"): '
                f'Rating({row.elo:.0f}, ({lo:.0f}, {hi:.0f}), {row.games}, "{today}"),'
            )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(
                {
                    "game": game.name,
                    "players": game.num_players,
                    "options": options,
                    "agents": dict(zip(names, specs, strict=True)),
                    "pairs": [asdict(d) for d in duels],
                    "summary": summary.as_dict(),
                    "seconds": took,
                    "workers": args.workers,
                    "date": today,
                    "games": [r.__dict__ for r in results],
                },
                out,
                indent=1,
            )


def _ladder(levels: Sequence[Level], mode: str) -> tuple[list[str], list[str], list[tuple[int, int]]]:
    """The agents (specifications, names; the heuristic first: the Elo anchor) and pairings
    ``(stronger, weaker)`` of ``--pairs ladder`` or ``all``."""
    specs = ["heuristic", "random"]  # the heuristic first: the Elo anchor (0)
    names = ["heuristic", "random"]
    ladder = [1]  # indices, weakest first
    for level in levels:
        if level.spec in specs:
            k = specs.index(level.spec)
            names[k] = f"{level.name} ({names[k]})"
        else:
            specs.append(level.spec)
            names.append(level.name)
            k = len(specs) - 1
        if k != ladder[-1]:  # a beginner that plays at random is the random player
            ladder.append(k)
    if mode == "all":
        order = ladder + ([0] if 0 not in ladder else [])
        pairs = [(order[j], order[i]) for i in range(len(order)) for j in range(i + 1, len(order))]
    else:
        pairs = [(ladder[i + 1], ladder[i]) for i in range(len(ladder) - 1)]
        if 0 not in ladder:
            pairs.append((0, 1))  # the heuristic against random keeps it on the scale
    return specs, names, pairs


def _report_pool(
    game: str,
    players: int,
    levels: Sequence[Level],
    specs: list[str],
    names: list[str],
    games: Sequence[tuple[Sequence[int], Sequence[float]]],
    bootstrap: int,
    ratings: bool,
) -> None:
    """Print the pool's fit (netjer.sim.pool) of ``games`` (each ``(players, returns)``, pool
    indices): each pair's score, each agent's Elo; with ``ratings``, the ``RATINGS`` and
    ``PAIRINGS`` entries of src/netjer/agents/levels.py (a level that held no seat has none)."""
    if not games:
        print("  no games")
        return
    fit = fit_pool(len(specs), games, anchor=specs.index("heuristic"), bootstrap=bootstrap)
    for d in fit.pairs:
        lo, hi = d.interval
        verdict = "above" if lo > 0.5 else "below" if hi < 0.5 else "not ordered (the interval holds 0.5)"
        print(
            f"  {names[d.a]} vs {names[d.b]}: {d.wins}/{d.draws}/{d.losses} in {d.games} games, "
            f"score {d.score:.3f} [95% CI {lo:.3f}, {hi:.3f}]: {verdict}"
        )
    for k, name in enumerate(names):
        lo, hi = fit.interval[k]
        rated = f"Elo {fit.elo[k]:+.0f} [{lo:+.0f}, {hi:+.0f}]" if fit.seats[k] else "not rated (no games yet)"
        print(f"  {name}: {rated}, {fit.seats[k]} seats")
    if not ratings:
        return
    today = datetime.date.today().isoformat()
    for level in levels:
        k = specs.index(level.spec)
        if not fit.seats[k]:
            continue  # not rated: its figures would be the fit's prior alone
        lo, hi = fit.interval[k]
        print(
            f'    ("{game}", {players}, "{level.name}"): '
            f'Rating({fit.elo[k]:.0f}, ({lo:.0f}, {hi:.0f}), {fit.seats[k]}, "{today}"),'
        )
    reference = next(i for i, level in enumerate(levels) if level.spec == "heuristic")
    scores = {(d.a, d.b): d for d in fit.pairs}
    for i, level in enumerate(levels):
        if i == reference:
            continue
        other = levels[i - 1] if i > reference else levels[i + 1]
        mine, theirs = specs.index(level.spec), specs.index(other.spec)
        d = scores.get((mine, theirs)) or scores.get((theirs, mine))
        if d is None or not d.games:
            continue
        score = d.score if d.a == mine else 1 - d.score
        print(f'    ("{game}", {players}, "{level.name}"): Pairing("{other.name}", {d.games}, {score:.4f}),')


def _pair_of(players: tuple[int, ...], pairs: list[tuple[int, int]]) -> tuple[int, int]:
    """The pairing (stronger, weaker) whose agents are ``players``."""
    return next(p for p in pairs if set(p) == set(players))


if __name__ == "__main__":
    print(describe_build(), file=sys.stderr)  # which engine the figures are of
    main()
