"""How much a review's loss varies with the search's seed (docs/review.md, "How much noise").

Usage::

    python benchmarks/review_noise.py aton 1 28,59,2 [--samples 8] [--iterations 200,800]

Plays the game dealt from the seed between two heuristic players, then at each given ply
searches the played action and the action the review's first search prefers
(:mod:`netjer.agents.review`: the same searches, ``then=`` the action) with ``--samples``
independent seeds at each budget, and prints the mean loss and its standard deviation over
the seeds, and that of the "before" estimate.  Budgets are iterations, so the figures do not
depend on the machine's speed (the seconds printed do).  Not a test.
"""

from __future__ import annotations

import argparse
import statistics
import time

from netjer.agents.registry import make_agent
from netjer.agents.review import _make_search, _search_rng
from netjer.core.rng import BufferedRng, Rng
from netjer.games.registry import game_names, make_game
from netjer.sim.match import play_match


def main() -> None:
    """Parse the command line and print one line per ply and budget."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=game_names())
    parser.add_argument("seed", type=int, help="the game's seed (heuristic players)")
    parser.add_argument("plies", help="the decisions to measure: comma-separated indices in the game")
    parser.add_argument("--samples", type=int, default=8, help="search seeds per budget")
    parser.add_argument("--iterations", default="200,800", help="comma-separated budgets")
    args = parser.parse_args()
    game = make_game(args.game, {})
    final = play_match(game, [make_agent("heuristic", seed=i) for i in range(game.num_players)], args.seed)
    state = game.new_initial_state(args.seed)
    positions = []
    for action in final.history:
        positions.append(state.clone())
        state.apply(action)
    for ply in (int(p) for p in args.plies.split(",")):
        position, action = positions[ply], final.history[ply]
        seat = position.current_player
        search = _make_search(game, 200, 1.0, "random", None, None)
        _, preferred = search.estimate(position, seat, _search_rng(0, seat, ply, 0))
        assert preferred is not None
        for iterations in (int(n) for n in args.iterations.split(",")):
            search.iterations = iterations
            started = time.perf_counter()
            losses, befores = [], []
            for k in range(args.samples):
                after, _ = search.estimate(position, seat, BufferedRng(Rng(10_000 + k).next_u64()), then=action)
                before, _ = search.estimate(position, seat, BufferedRng(Rng(20_000 + k).next_u64()), then=preferred)
                losses.append(before - after)
                befores.append(before)
            print(
                f"{args.game} seed {args.seed} ply {ply} ({action}; search: {preferred}), {iterations} iterations: "
                f"loss {statistics.fmean(losses):.3f} sd {statistics.stdev(losses):.3f}; "
                f"before sd {statistics.stdev(befores):.3f} ({time.perf_counter() - started:.0f} s)",
                flush=True,
            )


if __name__ == "__main__":
    main()
