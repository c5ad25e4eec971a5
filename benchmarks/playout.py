"""Random-playout speed of a Netjer game, against python-chess in the same run.

Usage: ``python benchmarks/playout.py GAME [--seconds S] [--options JSON]``, e.g.
``python benchmarks/playout.py nile``.  Prints decisions/s and games/s of uniformly random
playouts through the kernel contract (``legal_actions`` + ``apply``), python-chess's random
playout moves/s, and the ratio.  A measurement, never part of the pass/fail tests.
"""

from __future__ import annotations

import argparse
import json
import random
import time

from netjer.core import Rng
from netjer.games.registry import make_game


def netjer_playouts(name: str, options: dict[str, object], seconds: float) -> tuple[int, int, float]:
    """Random games of ``name`` for about ``seconds``; returns (decisions, games, elapsed)."""
    game = make_game(name, options)
    rng = Rng(12345)
    decisions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state(games)
        while not state.is_terminal:
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
            decisions += 1
        games += 1
    return decisions, games, time.perf_counter() - start


def chess_playouts(seconds: float) -> tuple[int, int, float] | None:
    """Random chess games with python-chess; None if it is not installed."""
    try:
        import chess  # noqa: PLC0415 - optional dependency
    except ImportError:
        return None
    rnd = random.Random(12345)
    moves = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        board = chess.Board()
        while not board.is_game_over():
            board.push(rnd.choice(list(board.legal_moves)))
            moves += 1
        games += 1
    return moves, games, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--options", default="{}", help="game options as JSON")
    args = parser.parse_args()
    decisions, games, elapsed = netjer_playouts(args.game, json.loads(args.options), args.seconds)
    dps = decisions / elapsed
    print(f"{args.game}: {dps:,.0f} decisions/s, {games / elapsed:,.1f} games/s "
          f"({games} games, {decisions / games:.1f} decisions per game)")
    measured = chess_playouts(args.seconds)
    if measured is None:
        print("python-chess is not installed: no comparison")
        return
    moves, cgames, celapsed = measured
    mps = moves / celapsed
    print(f"python-chess: {mps:,.0f} moves/s, {cgames / celapsed:,.1f} games/s")
    print(f"ratio {args.game} decisions/s : chess moves/s = {dps / mps:.2f}")


if __name__ == "__main__":
    main()
