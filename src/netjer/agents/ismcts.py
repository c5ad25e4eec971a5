"""Single-observer information-set MCTS (SO-ISMCTS).

Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree Search", IEEE Transactions
on Computational Intelligence and AI in Games 4(2), 2012, Algorithm 2.  Each iteration
samples a determinization of the searching seat's information set (``view.determinize``),
descends the single tree restricted to the actions legal in that determinization, choosing
by UCB1 with availability counts (a child's exploration term uses how often it was
*available*, not its parent's visits), expands one untried action, plays out to the end
(random or heuristic), and backs up the vector of returns: each node keeps the total for
the seat that chose its action, so every seat maximises its own return (multi-player).

With an opponent model (``opponents="heuristic"``), the other seats' decisions in the tree
follow the model's policy instead of branching over all their legal actions, so every
iteration spends its depth on the searching seat's own choices: MCTS against a fixed
opponent policy.  Sturtevant, "An Analysis of UCT in Multi-Player Games" (2008) studies the
max^n-style tree it replaces, where every seat is searched; Baier & Kaisers, "Guiding
Multiplayer MCTS by Focusing on Yourself" (IEEE CoG 2020), likewise spend the search on the
searcher's own moves and play the opponents by a simple policy.  The model plays on the
search's determinizations, so it only sees what the searching seat's sample gives it.

With a contempt (``contempt=c``), a playout that ends in a draw (every seat's return equal and
not negative) counts ``-c`` for the searching seat instead of the draw's return: the search
prefers a line whose expected return beats ``-c`` to a certain draw.  Chess programs call this
the contempt factor (a draw against a weaker opponent is worth less than its score); here it
keeps the search from settling for a repetition draw against a model it could beat.

The agent never sees the true state: only ``view.legal_actions()`` and determinizations,
which depend on the seat's observation alone (see ``State.determinize``).
"""

from __future__ import annotations

import gc
import math
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from netjer.agents.base import Agent
from netjer.agents.heuristic import BAD_VERSION, VERSIONS, Evaluation, heuristic_evaluation, heuristic_policy
from netjer.agents.value import value_evaluation
from netjer.core.action import Action
from netjer.core.errors import ConfigError
from netjer.core.rng import BufferedRng, Rng
from netjer.core.state import State
from netjer.core.view import PlayerView
from netjer.i18n import N_, join_list
from netjer.i18n_sentences import Sentence

if TYPE_CHECKING:
    from netjer.core.game import Game

#: How often a search tells its ``progress`` callback the iterations done (a power of two: a
#: cheap test; often enough for a line redrawn a few times a second).
PROGRESS_EVERY = 16

#: A playout policy: picks one of ``state.legal_actions()`` (a full, determinized state).
RolloutPolicy = Callable[[State, Rng], Action]


#: Opponent models by name (``opponents=...``): ``heuristic``, the game's heuristic plays every
#: other seat inside the tree; ``mixture``, each iteration draws one of
#: :func:`mixture_models` (measured in docs/levels.md; no level uses it yet).
OPPONENT_MODELS = ("heuristic", "mixture")

#: Cut-off evaluations by name (``evaluate=...``): ``heuristic``, the game's hand-written
#: evaluation; ``value``, its learned value network (docs/decisions/0026-learned-evaluation.md).
EVALUATIONS = ("heuristic", "value")


def mixture_models(game_name: str) -> tuple[RolloutPolicy | None, ...]:
    """The opponent models of ``opponents=mixture`` for ``game_name``, drawn uniformly at each
    iteration: the game's heuristic, Ankh's second heuristic (``version=2``, a different
    player: it weighs the stakes near the top of the Devotion track), and ``None``, no model
    (that iteration searches the other seats' choices by UCB1, as the model-free search does).
    A search that meets every kind of opponent in its playouts does not bet everything on one
    of them (issue 35 item 2: a search that does not assume its opponent).

    Returns:
        A tuple of policies (``policy(state, rng) -> action``) and ``None``.

    Raises:
        ConfigError: if the game has no heuristic.
    """
    models: list[RolloutPolicy | None] = [heuristic_policy(game_name)]
    if game_name == "ankh":
        models.append(heuristic_policy(game_name, version=2))
    models.append(None)
    return tuple(models)


def random_rollout(state: State, rng: Rng) -> Action:
    """Uniformly random playout policy (a search plays it with ``State.play_random``: the same
    draws and actions)."""
    legal = state.legal_actions()
    return legal[rng.below(len(legal))]


class _CollectorPauses:
    """The searches under way in this process that paused the cyclic garbage collector, and
    whether it was on before the first of them: one record for all threads, under a lock."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.count = 0
        self.was_enabled = False


_PAUSES = _CollectorPauses()


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector for a search, then restore it as it was.

    A search allocates a great many short-lived containers (determinized states, legal-action
    lists, tree nodes) that reference counting frees; none of them is in a reference cycle
    (the tree has no parent links, the engines' states none), so the collector's passes over
    them during a search find nothing and cost up to 2% of its time (Ankh, 2 players,
    cachegrind).  Cyclic garbage made meanwhile, if any, waits for the next collection after
    the search.

    Re-entrant and thread-safe: the collector is process-wide, so the pauses are counted
    under a lock.  The first pause to start notes whether the collector was on and turns it
    off; the last one to end (whichever thread or nesting level it is) restores that state,
    so one search ending does not turn the collector on under another still running.
    """
    with _PAUSES.lock:
        if _PAUSES.count == 0:
            _PAUSES.was_enabled = gc.isenabled()
            gc.disable()
        _PAUSES.count += 1
    try:
        yield
    finally:
        with _PAUSES.lock:
            _PAUSES.count -= 1
            if _PAUSES.count == 0 and _PAUSES.was_enabled:
                gc.enable()


class _Node:
    """A tree node: the action that led here and who chose it, with its statistics.

    Nodes hold no link to their parent (an iteration backs up along the path it walked), so a
    tree has no reference cycle and is freed as soon as its search ends.
    """

    __slots__ = ("action", "available", "children", "player", "total", "visits")

    def __init__(self, action: Action | None, player: int) -> None:
        self.action = action
        self.player = player  # the seat that chose ``action`` (-1 at the root)
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0  # sum of ``player``'s returns through this node


class ISMCTSAgent(Agent):
    """SO-ISMCTS with a budget in iterations or seconds per decision (an iterations budget
    may also have a time ceiling).

    Args:
        seed: seed of the agent's generator (determinizations, tie-breaks, playouts).
        iterations: iterations per decision (deterministic for a fixed seed).
        seconds: wall-clock budget per decision; used when ``iterations`` is ``None``.
        max_seconds: a wall-clock ceiling per decision for an ``iterations`` budget: the
            search stops after that many seconds even if it has not run all its iterations
            (a server's guard against a budget that would hold a worker too long).  A search
            that finishes its iterations within the ceiling chooses exactly as without it;
            one cut short depends on the machine's speed.  ``None`` (default): no ceiling.
        exploration: the UCB1 constant ``c`` for returns in [-1, 1] (default 1.0).
        rollout: the playout policy: ``"random"`` (default), ``"heuristic"`` (the game's
            heuristic policy, see :mod:`netjer.agents.heuristic`), or a function.
        max_playout: stop a playout after this many actions and score the position with
            ``evaluate`` (required then); ``None`` plays to the end.
        evaluate: ``evaluate(state) -> list[float]`` estimate of the returns of a
            non-terminal state, used with ``max_playout``; or ``"heuristic"``: the game's
            evaluation offered next to its heuristic policy
            (:func:`netjer.agents.heuristic.heuristic_evaluation`); or ``"value"``: the
            game's learned value network (:func:`netjer.agents.value.value_evaluation`,
            Ankh only; its weights file must exist, see docs/decisions/0026).
        guided: expand the playout policy's choice first (when it is untried) rather than a
            random untried action: with a heuristic playout, the tree's new edges follow the
            heuristic before trying the alternatives, so an iteration does not add one
            random move to its line of play.
        opponents: an opponent model: ``None`` (default) searches every seat's choices by
            UCB1 (each maximising its own return); ``"heuristic"`` (the game's heuristic
            policy) or a policy function plays the other seats' decisions inside the tree,
            which then branches only on the searching seat's own decisions.  Strong when the
            opponents play like the model; a poorer guess of a different opponent.
            ``"mixture"``: each iteration draws one of :func:`mixture_models` (a heuristic,
            another heuristic, or no model), so the search meets several kinds of opponent.
        contempt: from 0 to 1 (default 0: a draw counts its own return): a drawn end of a
            playout (every seat's return equal and at least 0; Ankh's "everyone loses" is not
            a draw) counts ``-contempt`` for the searching seat, the other seats' returns
            unchanged.
        rollout_version: the version of the game's heuristic (one of
            :data:`netjer.agents.heuristic.VERSIONS`; other than 1, Ankh only) that
            ``rollout="heuristic"`` plays out and ``guided`` expands first (default 1).
        opponents_version: the version of the game's heuristic that ``opponents="heuristic"``
            plays the other seats with (default 1).  A strong, costly model (Ankh's version 3,
            about 1 ms a decision) can play the opponents in the tree while a cheap one plays
            the playouts: the tree meets few opponent decisions, a playout hundreds.

    Raises:
        ConfigError: if neither budget is positive, ``max_seconds`` is not positive,
            ``max_playout`` is not positive or lacks ``evaluate``, the rollout or
            evaluation is an unknown name, or a heuristic version is unknown.
    """

    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        *,
        iterations: int | None = None,
        seconds: float | None = 1.0,
        max_seconds: float | None = None,
        exploration: float = 1.0,
        rollout: RolloutPolicy | str = "random",
        max_playout: int | None = None,
        evaluate: Evaluation | str | None = None,
        guided: bool = False,
        opponents: RolloutPolicy | str | None = None,
        contempt: float = 0.0,
        rollout_version: int = 1,
        opponents_version: int = 1,
    ) -> None:
        if iterations is not None and iterations <= 0:
            raise ConfigError(Sentence(N_("ismcts: iterations must be positive, got {value}"), value=str(iterations)))
        if iterations is None and (seconds is None or seconds <= 0):
            raise ConfigError(Sentence(N_("ismcts: give a positive number of iterations or seconds per decision")))
        if max_seconds is not None and not max_seconds > 0:
            message = N_("ismcts: the time ceiling must be positive, got {value}")
            raise ConfigError(Sentence(message, value=str(max_seconds)))
        if isinstance(rollout, str) and rollout not in ("random", "heuristic"):
            message = N_("ismcts: rollout must be 'random' or 'heuristic', got {value}")
            raise ConfigError(Sentence(message, value=repr(rollout)))
        if max_playout is not None and evaluate is None:
            raise ConfigError(Sentence(N_("ismcts: a playout cut-off needs an evaluation function")))
        if max_playout is not None and max_playout <= 0:
            message = N_("ismcts: the playout cut-off must be positive, got {value}")
            raise ConfigError(Sentence(message, value=str(max_playout)))
        if isinstance(opponents, str) and opponents not in OPPONENT_MODELS:
            message = N_("ismcts: the opponent model must be one of {choices}, got {value}")
            raise ConfigError(Sentence(message, choices=join_list(OPPONENT_MODELS), value=repr(opponents)))
        if not 0.0 <= contempt <= 1.0:
            message = N_("ismcts: the contempt must be from 0 to 1, got {value}")
            raise ConfigError(Sentence(message, value=str(contempt)))
        if isinstance(evaluate, str) and evaluate not in EVALUATIONS:
            message = N_("ismcts: evaluate must be 'heuristic', 'value' or a function, got {value}")
            raise ConfigError(Sentence(message, value=repr(evaluate)))
        for version in (rollout_version, opponents_version):
            if version not in VERSIONS:
                raise ConfigError(Sentence(BAD_VERSION, versions=join_list(map(str, VERSIONS)), version=repr(version)))
        # The same draws as Rng(seed), computed in blocks (a playout draws at every step).
        self.rng: Rng = BufferedRng(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.max_seconds = max_seconds
        self.exploration = exploration
        self.rollout = rollout
        self.max_playout = max_playout
        self.evaluate = evaluate
        self.guided = guided
        self.opponents = opponents
        #: With ``opponents="mixture"``, the models drawn from at each iteration (``None``: the
        #: other seats searched by UCB1 in that iteration); resolved by :meth:`prepare`.
        self.mixture: tuple[RolloutPolicy | None, ...] = ()
        self.contempt = contempt
        self.rollout_version = rollout_version
        self.opponents_version = opponents_version
        #: iterations run for the last decision (for benchmarks).
        self.last_iterations = 0
        #: Optional ``progress(done)`` called with the iterations done so far, every
        #: :data:`PROGRESS_EVERY` iterations of a search (a front end's "thinking" line).  It is
        #: told, never asked: it draws nothing from the generator, so decisions are unchanged.
        self.progress: Callable[[int], None] | None = None

    def prepare(self, game: Game) -> None:
        """Resolve the rollout and evaluation names for ``game``.

        Raises:
            ConfigError: if ``game`` has no heuristic (``rollout=heuristic`` or
                ``opponents=heuristic``) or no evaluation (``evaluate="heuristic"``), or
                no value network or its weights file (``evaluate="value"``).
        """
        if self.opponents == "heuristic":
            self.opponents = heuristic_policy(game.name, version=self.opponents_version)
        elif self.opponents == "mixture":
            self.mixture = mixture_models(game.name)
            self.opponents = None
        if self.rollout == "heuristic":
            self.rollout = heuristic_policy(game.name, version=self.rollout_version)
        elif self.rollout == "random":
            self.rollout = random_rollout
        if self.evaluate == "heuristic":
            self.evaluate = heuristic_evaluation(game.name)
        elif self.evaluate == "value":
            # Each agent its own evaluation (its encoder remembers the last observation).
            self.evaluate = value_evaluation(game)

    def choose(self, view: PlayerView) -> Action:
        """Search from ``view``'s information set and return the most visited root action.

        Raises:
            IndexError: if the seat has no legal action.
            ConfigError: if the rollout or evaluation named cannot be found for this game.
        """
        legal = view.legal_actions()
        if not legal:
            raise IndexError("ismcts: no legal action for this seat")
        self.prepare(view.game)
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        root = _Node(None, -1)
        rng = self.rng
        iterations = self.iterations
        seconds = self.seconds if iterations is None else self.max_seconds
        deadline = None
        start = time.perf_counter()
        if seconds is not None:
            # Leave room for the final choice and the caller's bookkeeping.
            deadline = start + seconds * 0.97
        count = 0
        progress = self.progress
        with collector_paused():
            while True:
                if iterations is not None and count >= iterations:
                    break
                if deadline is not None and count > 0:
                    # Stop when the next iteration, as long as the mean one so far, would end
                    # past the deadline: long iterations (deep heuristic playouts) must not
                    # overrun a short budget by most of an iteration.
                    now = time.perf_counter()
                    if now + (now - start) / count >= deadline:
                        break
                self._iterate(root, view.determinize(rng), rng, view.seat)
                count += 1
                if progress is not None and count % PROGRESS_EVERY == 0:
                    progress(count)
        self.last_iterations = count
        best = max(root.children.values(), key=lambda n: (n.visits, n.total))
        assert best.action is not None
        return best.action

    def _iterate(self, root: _Node, state: State, rng: Rng, seat: int) -> None:
        node = root
        path = [root]  # the nodes walked, for the backup
        c = self.exploration
        model = self.opponents
        mixture = self.mixture
        if mixture:
            # One model for the whole iteration: each playout of the tree meets one kind of
            # opponent, and the statistics average over the kinds (a mixture of models).
            model = mixture[rng.below(len(mixture))]
        assert model is None or callable(model)
        # Selection and expansion, restricted to the actions legal in this determinization.
        while not state.is_terminal:
            children = node.children
            player = state.current_player
            if model is not None and player != seat:
                # The opponent model decides; its action is the only edge followed here.
                action = model(state, rng)
                child = children.get(action)
                state.apply(action)
                if child is None:
                    child = _Node(action, player)
                    children[action] = child
                    node = child
                    path.append(child)
                    break
                node = child
                path.append(child)
                continue
            legal = state.legal_actions()
            untried = []
            for a in legal:
                child = children.get(a)
                if child is None:
                    untried.append(a)
                else:
                    child.available += 1
            if untried:
                action = untried[rng.below(len(untried))]
                if self.guided:
                    # The playout policy's own choice first, when it is still untried.
                    rollout = self.rollout
                    assert callable(rollout)
                    preferred = rollout(state, rng)
                    if preferred not in children:
                        action = preferred
                child = _Node(action, state.current_player)
                child.available = 1
                children[action] = child
                state.apply(action)
                node = child
                path.append(child)
                break
            best: _Node | None = None
            best_value = -math.inf
            for a in legal:
                child = children[a]
                value = child.total / child.visits + c * math.sqrt(math.log(child.available) / child.visits)
                if value > best_value:
                    best, best_value = child, value
            assert best is not None and best.action is not None
            state.apply(best.action)
            node = best
            path.append(best)
        # Playout.
        limit = self.max_playout
        rollout = self.rollout
        if rollout is random_rollout:
            state.play_random(rng, limit)  # the same draws, without a call per action
        else:
            assert callable(rollout)
            steps = 0
            while not state.is_terminal and (limit is None or steps < limit):
                state.apply(rollout(state, rng))
                steps += 1
        if state.is_terminal:
            returns = state.returns()
            if self.contempt and min(returns) == max(returns) >= 0:
                returns = list(returns)
                returns[seat] = -self.contempt
        else:
            evaluate = self.evaluate
            assert callable(evaluate)
            returns = evaluate(state)
        # Backpropagation: each node adds the return of the seat that chose its action.
        for walk in path:
            walk.visits += 1
            if walk.player >= 0:
                walk.total += returns[walk.player]
