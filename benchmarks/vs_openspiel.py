"""Our ISMCTS against OpenSpiel's ISMCTSBot driving the same game through the adapter.

Usage::

    python benchmarks/vs_openspiel.py aton [--seconds 0.1] [--games 100] [--positions 20]
    python benchmarks/vs_openspiel.py ankh --players 2      # any game; players if it has the option
    python benchmarks/vs_openspiel.py ankh --players 2 --fixed-iterations 60   # our side only

With ``--fixed-iterations N`` only our search runs, N iterations at each position: the same
work on every machine and load, for instruction counts (``valgrind --tool=cachegrind``, minus
a run with ``N = 0``, which only samples the positions) and CPU time; it prints a digest of
the decisions, equal before and after a change that keeps the search's behaviour.

Two measurements, both at the same wall-clock budget per decision for each side:

1. **Iterations per second.**  ``--positions`` positions are taken from seeded random games
   (spread over the game's length).  On each, our
   :class:`~netjer.agents.ismcts.ISMCTSAgent` and OpenSpiel's ``ISMCTSBot`` search for
   ``--seconds``; the rate is iterations / elapsed.  Printed: each side's mean rate with a
   95% interval over positions (normal approximation), and the ratio of the means.
2. **Head to head.**  ``--games`` games, seats rotated (game *g* puts ours in seat
   ``g % players``), each side choosing with ``--seconds`` per decision.  Printed: our
   score (win 1, draw 1/2, loss 0; in a multi-player game, beating every OpenSpiel seat
   counts as a win) with its Wilson 95% interval (``netjer.sim.stats.wilson_interval``).

Both searchers are single-observer ISMCTS with random playouts, UCB1 with the same
exploration constant (``--c``) and the most-visited root action.  OpenSpiel's bot runs its
own loop (``sample_root_state`` / ``run_simulation``) under a deadline instead of a fixed
simulation count: the only change to it.  Ours searches the kernel state through a
``PlayerView``; OpenSpiel's searches the adapter's states, keyed by information-state
strings, resampled by ``resample_from_infostate``.  Not a test: numbers depend on the
machine.
"""

from __future__ import annotations

import argparse
import hashlib
import math
import platform
import statistics
import time
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from netjer.adapters import openspiel
from netjer.adapters.common import scalar_options
from netjer.adapters.openspiel import NetjerState
from netjer.agents.ismcts import ISMCTSAgent
from netjer.build_info import describe_build
from netjer.core import PlayerView, Rng, State
from netjer.core.stats import wilson_interval
from netjer.games.registry import game_class, make_game


class TimedISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's ISMCTSBot with a time budget per decision instead of a simulation count.

    Args:
        game: the OpenSpiel game.
        seconds: budget per decision.
        uct_c: exploration constant.
        rng: the bot's NumPy generator (rollouts, tie-breaks).
    """

    def __init__(self, game: Any, seconds: float, uct_c: float, rng: np.random.RandomState) -> None:
        evaluator = mcts.RandomRolloutEvaluator(1, rng)
        super().__init__(game, evaluator, uct_c, max_simulations=1, random_state=rng)
        self.seconds = seconds
        self.last_iterations = 0

    def run_search(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            return [(legal[0], 1.0)]
        self.reset()
        self._root_node = self.create_new_node(state)
        deadline = time.perf_counter() + self.seconds * 0.97
        count = 0
        while self._root_node.total_visits <= 0 or time.perf_counter() < deadline:
            self.run_simulation(self.sample_root_state(state))
            count += 1
        self.last_iterations = count
        policy: list[tuple[int, float]] = self.get_final_policy(state, self._root_node)
        return policy


def spiel_state_for(game: Any, kernel: State) -> NetjerState:
    """The adapter state of the same game as ``kernel`` (``game`` has ``seed`` = its seed)."""
    state = game.new_initial_state()
    while state.is_chance_node():
        ((outcome, _),) = state.chance_outcomes()
        state.apply_action(outcome)
    for action in kernel.history:
        state.apply_action(kernel.game.action_to_int(action))
    assert isinstance(state, NetjerState)
    return state


def sample_positions(name: str, options: dict[str, Any], count: int) -> list[State]:
    """``count`` positions with a choice to make, from seeded random games, spread over each game."""
    game = make_game(name, options)
    positions: list[State] = []
    seed = 0
    while len(positions) < count:
        rng = Rng(seed)
        state = game.new_initial_state(1000 + seed)
        states = []
        while not state.is_terminal:
            if len(state.legal_actions()) > 1:
                states.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
        for k in range(3):
            if states and len(positions) < count:
                positions.append(states[(k * len(states)) // 3])
        seed += 1
    return positions


def mean_interval(values: list[float]) -> tuple[float, float, float]:
    """Mean and a normal-approximation 95% interval."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, mean - half, mean + half


def measure_speed(name: str, options: dict[str, Any], positions: int, seconds: float, c: float) -> None:
    ours_rates, theirs_rates = [], []
    for i, kernel in enumerate(sample_positions(name, options, positions)):
        seat = kernel.current_player
        agent = ISMCTSAgent(seed=i, seconds=seconds, exploration=c)
        start = time.perf_counter()
        agent.choose(PlayerView(kernel, seat))
        ours_rates.append(agent.last_iterations / (time.perf_counter() - start))
        game = openspiel.load_game(name, seed=kernel.seed, **options)
        state = spiel_state_for(game, kernel)
        bot = TimedISMCTSBot(game, seconds, c, np.random.RandomState(i))
        start = time.perf_counter()
        bot.step(state)
        theirs_rates.append(bot.last_iterations / (time.perf_counter() - start))
    ours, theirs = mean_interval(ours_rates), mean_interval(theirs_rates)
    print(f"iterations per second over {positions} positions, {seconds:g} s each (mean, 95% interval):")
    print(f"  Netjer ISMCTS      {ours[0]:10.0f}  [{ours[1]:.0f}, {ours[2]:.0f}]")
    print(f"  OpenSpiel ISMCTS   {theirs[0]:10.0f}  [{theirs[1]:.0f}, {theirs[2]:.0f}]")
    ratios = [a / b for a, b in zip(ours_rates, theirs_rates, strict=True) if b > 0]
    ratio = mean_interval([math.log(r) for r in ratios])
    print(
        f"  ratio of means {ours[0] / theirs[0]:.1f}x; per-position geometric mean {math.exp(ratio[0]):.1f}x "
        f"[{math.exp(ratio[1]):.1f}x, {math.exp(ratio[2]):.1f}x]  (goal: >= 3x)"
    )


def fixed_work(name: str, options: dict[str, Any], positions: int, iterations: int, c: float) -> None:
    """Our search alone, ``iterations`` per position, seeded as in :func:`measure_speed`."""
    states = sample_positions(name, options, positions)
    if iterations <= 0:
        print(f"{positions} positions sampled, no search")
        return
    decisions = []
    start = time.process_time()
    for i, kernel in enumerate(states):
        agent = ISMCTSAgent(seed=i, iterations=iterations, seconds=None, exploration=c)
        decisions.append(str(agent.choose(PlayerView(kernel, kernel.current_player))))
    cpu = time.process_time() - start
    digest = hashlib.sha256("\n".join(decisions).encode()).hexdigest()[:16]
    print(f"Netjer ISMCTS, {iterations} iterations at each of {positions} positions: {cpu:.2f} s CPU")
    print(f"  {positions * iterations / cpu:.0f} iterations per CPU second; decisions digest {digest}")


def head_to_head(name: str, options: dict[str, Any], games: int, seconds: float, c: float) -> None:
    n = make_game(name, options).num_players
    score = 0.0
    wins = draws = losses = 0
    start = time.perf_counter()
    for g in range(games):
        ours_seat = g % n
        game = openspiel.load_game(name, seed=50_000 + g // n, **options)  # each deal once per seat
        state = game.new_initial_state()
        while state.is_chance_node():
            ((outcome, _),) = state.chance_outcomes()
            state.apply_action(outcome)
        rng = np.random.RandomState(g)
        agent = ISMCTSAgent(seed=g, seconds=seconds, exploration=c)
        bot = TimedISMCTSBot(game, seconds, c, rng)
        while not state.is_terminal():
            seat = state.current_player()
            if seat == ours_seat:
                kernel = state.kernel_state
                assert kernel is not None
                code = kernel.game.action_to_int(agent.choose(PlayerView(kernel, seat)))
            else:
                code = int(bot.step(state))
            state.apply_action(code)
        returns = state.returns()
        mine = returns[ours_seat]
        best_other = max(r for s, r in enumerate(returns) if s != ours_seat)
        if mine > best_other:
            wins += 1
            score += 1.0
        elif mine == best_other:
            draws += 1
            score += 0.5
        else:
            losses += 1
    low, high = wilson_interval(score, games)
    elapsed = time.perf_counter() - start
    print(f"head to head, {games} games, seats rotated, {seconds:g} s per decision ({elapsed:.0f} s):")
    print(f"  Netjer ISMCTS wins {wins}, draws {draws}, losses {losses} against OpenSpiel's ISMCTSBot")
    print(f"  score {score / games:.1%}  Wilson 95% [{low:.1%}, {high:.1%}]  (goal: >= 60%)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("game", nargs="?", default="aton")
    parser.add_argument("--players", type=int, default=None, help="player count, for games with that option")
    parser.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--seconds", type=float, default=0.1, help="budget per decision for each side")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--c", type=float, default=1.0, help="UCB exploration constant of both searchers")
    parser.add_argument("--skip-speed", action="store_true")
    parser.add_argument("--skip-games", action="store_true")
    parser.add_argument(
        "--fixed-iterations", type=int, default=None, metavar="N", help="only our search, N iterations per position"
    )
    args = parser.parse_args()
    defaults, _ = scalar_options(args.game)
    options: dict[str, Any] = {}
    for text in args.option:
        key, _, value = text.partition("=")
        kind = type(defaults.get(key, ""))  # OpenSpiel parameters are typed
        options[key] = value.lower() in ("1", "true", "yes") if kind is bool else kind(value)
    if args.players is not None:
        if "players" not in game_class(args.game).option_schema().get("properties", {}):
            parser.error(f"{args.game} has no players option")
        options["players"] = args.players
    print(f"{args.game} {options or ''} on Python {platform.python_version()}, {platform.machine()}")
    print(describe_build())
    if args.fixed_iterations is not None:
        fixed_work(args.game, options, args.positions, args.fixed_iterations, args.c)
        return
    if not args.skip_speed:
        measure_speed(args.game, options, args.positions, args.seconds, args.c)
    if not args.skip_games:
        head_to_head(args.game, options, args.games, args.seconds, args.c)


if __name__ == "__main__":
    main()
