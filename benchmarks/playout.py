"""Random-playout speed of a Netjer game beside python-chess, measured in the same run.

Usage::

    python benchmarks/playout.py aton [--seconds 10] [--repeats 3] [--cpu] [-o name=value ...]

Prints decisions per second and games per second for uniformly random playouts
(``legal_actions()`` + ``apply`` per decision), and python-chess random playouts
(``list(board.legal_moves)`` + ``push`` per move, games cut at 300 plies) as the reference,
then the ratio of the two rates.  Both sides draw their actions from the same generator
(``--draws``: ``BufferedRng`` by default, ``Rng`` for the older figures; the same draws either
way, docs/decisions/0029-playout-yardstick-draws.md).  ``--cpu`` times both with the process's CPU clock instead of
the wall clock (on a shared machine, time spent waiting for a core is then left out of both).
Not a test: numbers depend on the machine.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
from collections.abc import Callable

import chess

from netjer.build_info import describe_build
from netjer.core import Rng
from netjer.games.registry import game_names, make_game
from random_games import DRAWS, play_to_the_end


def netjer_playouts(
    name: str,
    options: dict[str, str],
    seconds: float,
    clock: Callable[[], float] = time.perf_counter,
    draws: type[Rng] = Rng,
) -> tuple[int, int, float]:
    """Random playouts of ``name`` for about ``seconds`` of ``clock``, each action drawn by
    ``draws(1).below``; (decisions, games, elapsed)."""
    game = make_game(name, options)
    rng = draws(1)
    decisions = games = 0
    start = clock()
    deadline = start + seconds
    while clock() < deadline:
        decisions += play_to_the_end(game.new_initial_state(games), rng)
        games += 1
    return decisions, games, clock() - start


def chess_playouts(
    seconds: float, max_plies: int = 300, clock: Callable[[], float] = time.perf_counter, draws: type[Rng] = Rng
) -> tuple[int, int, float]:
    """python-chess random playouts for about ``seconds`` of ``clock``, each move drawn by
    ``draws(1).below``; (moves, games, elapsed)."""
    rng = draws(1)
    moves = games = 0
    start = clock()
    deadline = start + seconds
    while clock() < deadline:
        board = chess.Board()
        while board.ply() < max_plies:
            legal = list(board.legal_moves)
            if not legal:
                break
            board.push(legal[rng.below(len(legal))])
            moves += 1
        games += 1
    return moves, games, clock() - start


def main() -> None:
    """Parse the arguments, run both measurements ``--repeats`` times side by side, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", choices=game_names())
    parser.add_argument("--seconds", type=float, default=10.0, help="time per measurement (default 10)")
    parser.add_argument("--repeats", type=int, default=1, help="alternate the two measurements this often (default 1)")
    parser.add_argument("-o", "--option", action="append", default=[], help="game option NAME=VALUE")
    parser.add_argument("--cpu", action="store_true", help="time with the process's CPU clock, not the wall clock")
    parser.add_argument(
        "--draws",
        choices=sorted(DRAWS),
        default="buffered",
        help="the generator both sides draw their random actions from (default buffered; 'rng': the "
        "yardstick of the figures before 7 December 2026)",
    )
    args = parser.parse_args()
    draws = DRAWS[args.draws]
    clock = time.process_time if args.cpu else time.perf_counter
    options = dict(item.split("=", 1) for item in args.option)
    print(f"Python {platform.python_version()} on {platform.machine()}, python-chess {chess.__version__}")
    print(describe_build())
    print(f"draws: {draws.__name__}(1).below on both sides")
    ratios = []
    for _ in range(args.repeats):
        d, g, t = netjer_playouts(args.game, options, args.seconds, clock, draws)
        ours = d / t
        print(f"{args.game}: {ours:,.0f} decisions/s, {g / t:,.1f} games/s, {d / g:.1f} decisions/game ({g} games)")
        m, cg, ct = chess_playouts(args.seconds, clock=clock, draws=draws)
        ref = m / ct
        print(f"python-chess: {ref:,.0f} moves/s, {cg / ct:,.1f} games/s ({cg} games)")
        ratios.append(ours / ref)
        print(f"ratio {args.game} decisions/s / chess moves/s = {ours / ref:.2f}")
    if len(ratios) > 1:
        lo, mid, hi = min(ratios), statistics.median(ratios), max(ratios)
        print(f"ratio over {len(ratios)} repeats: min {lo:.2f} / median {mid:.2f} / max {hi:.2f}")


if __name__ == "__main__":
    main()
