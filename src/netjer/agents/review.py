"""Review of a finished game: the search's estimate of each decision, from the seat's own view.

For a seat, at each of its decisions in a game record, the review runs the information-set
search of :mod:`netjer.agents.ismcts` (SO-ISMCTS, Cowling, Powley & Whitehouse 2012) from that
seat's :class:`~netjer.core.view.PlayerView` of the position before the decision (its
observation; every hidden part of the position re-sampled by ``view.determinize``):

1. a search of the position picks the action the search prefers (its most visited one);
2. a search of the recorded action: each determinization plays it first, then the search
   goes on; its estimate is **after**, the chance to win once that action was chosen;
3. when the preferred action is another one, the same search of the preferred action gives
   **before**, the chance to win with the best action the search found.  (The first
   search's own estimate of the action it picked is not used: the most visited of several
   noisy means is biased upwards, which would inflate every loss at small budgets.)  When
   the recorded action is the preferred one, before = after.

It reports ``before``, ``after``, ``loss = before - after`` and the preferred action; a
*forced* decision (a single legal action) gets only search 2, and its loss is 0.  "After" is
judged with what the seat knew when it decided: what the action revealed (a reveal of
cartouches, a draw) is re-sampled too, so bad luck is not counted as a mistake.

**The estimate.**  A game's returns are in [-1, 1] (win 1, loss -1, draw 0; see
``State.returns``).  The review maps a return ``r`` to ``(r + 1) / 2``: a win counts 1, a
draw 0.5 and a loss 0, so an estimate is the expected result on a [0, 1] scale: the chance
to win when draws are impossible, the chance to win plus half the chance of a draw
otherwise.  The estimate of an action is the seat's mean mapped return over the
determinizations where the action ends the game (exact) and, for the others, over the
iterations that went on through the most visited next action, whoever takes it: every seat
in the tree chooses by UCB1 for its own return, so this is the seat's value under everyone's
best play the search found.

**Marks.**  A decision is marked when its loss, rounded to two decimals as every front end
shows it, reaches a threshold (:data:`THRESHOLDS`, on the [0, 1] scale): ``inaccuracy`` 0.10,
``mistake`` 0.20, ``blunder`` 0.30, the most severe reached (the scale of chess sites'
win-percentage marks).  The preferred action is never marked.  A search's estimate is not a
mean of independent results (the tree steers its iterations), so its error is measured, not
bounded: one loss at 200 iterations varies by up to about 0.085 (standard deviation) over
search seeds (``benchmarks/review_noise.py``, docs/review.md).  So a decision whose first loss
is near a threshold is searched again (:func:`_research`): :data:`REPEATS` independent searches
of each action, at the budget and then at twice, four times ... as many iterations, until the
loss's measured standard error is under :data:`TARGET_ERROR`; its mark is decided on their mean.

**Determinism.**  Budgets are iterations, never seconds.  Search ``part`` of decision
``ply`` of ``seat`` uses a generator seeded from ``(seed, seat, ply, part)`` alone (a search
again, from its round and sample too: :func:`_refine_rng`), so a
review depends on the record, the seed, the iterations and the search settings only: the
same on every machine, the same twice, and the same whether one seat or all are reviewed.

**Hidden information.**  Every search starts from ``PlayerView(state, seat)``, whose
determinizations depend only on ``observation(seat)`` (the conformance suite checks it), and
the recorded action is the seat's own.  Two positions that differ only in what the seat
cannot see therefore give identical estimates (``tests/agents/test_review.py`` checks it).

**Opponent model.**  By default (``opponents=None``) the search assumes nothing about how the
other seats play: every seat's choices in the tree are searched, each seat maximising its
own return.  ``opponents="heuristic"`` makes the other seats follow the game's heuristic
inside the tree (as ``ismcts:opponents=heuristic`` does in play): sharper estimates when the
opponents were that heuristic, biased ones when they were people, so a review of a game
against people should keep the default.  The playout policy (``rollout``) is random by
default; ``"heuristic"`` plays the playouts of every seat by the heuristic, with the same
caveat.  ``depth=N`` cuts each playout after N actions and scores the position with the game's
heuristic evaluation (Ankh and Dioses del Nilo offer one): a judgement of the position, not of
how anyone plays, and much faster in Ankh's long games.

The result, :class:`Review`, is JSON-serialisable (:meth:`Review.to_dict`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from netjer.agents.ismcts import ISMCTSAgent, _Node
from netjer.core.action import Action
from netjer.core.engine_lines import EngineLine
from netjer.core.errors import ConfigError
from netjer.core.game import Game
from netjer.core.record import GameRecord, entry_of_plies
from netjer.core.rng import BufferedRng, Rng
from netjer.core.state import State
from netjer.core.view import PlayerView
from netjer.i18n import N_, _, format_decimal, format_number, ngettext
from netjer.i18n_sentences import Sentence

#: The marks, mildest first, with the smallest loss (on the [0, 1] scale) that earns each.
#: The names are English data (a review's JSON), marked for the catalogues and told where shown.
THRESHOLDS: dict[str, float] = {N_("inaccuracy"): 0.10, N_("mistake"): 0.20, N_("blunder"): 0.30}
#: Iterations per search when none are given.
DEFAULT_ITERATIONS = 200
#: The version of the review's method, stored with every review (bumped if estimates change).
#: 2: decisions near a threshold are searched again until their loss's measured standard error
#: is under :data:`TARGET_ERROR`; marks are decided on the loss rounded to two decimals.
REVIEW_VERSION = 2
#: The standard error of a loss (measured over independent searches) under which a decision
#: near a threshold is marked: searched again with more iterations until it is reached.
TARGET_ERROR = 0.03
#: Independent searches of each of the two actions per round of a re-search.
REPEATS = 4
#: The most iterations per search a re-search goes to, as a multiple of the review's budget.
MAX_FACTOR = 8

#: ``progress(done, total)``: called after each reviewed decision.
Progress = Callable[[int, int], None]


def win_chance(value: float) -> float:
    """Map a return in [-1, 1] (win 1, draw 0, loss -1) to [0, 1] (win 1, draw 0.5, loss 0)."""
    return (value + 1.0) / 2.0


def mark_for(loss: float, thresholds: dict[str, float] | None = None) -> str | None:
    """The mark a loss earns: the most severe threshold its figure rounded to two decimals
    reaches (the figure every front end shows: 0.197, shown "+0.20", earns the mark of 0.20),
    or ``None``.

    Args:
        loss: before - after, on the [0, 1] scale.
        thresholds: name -> smallest loss (default :data:`THRESHOLDS`).
    """
    shown = round(loss, 2)
    earned: str | None = None
    best = -math.inf
    for name, limit in (thresholds or THRESHOLDS).items():
        if shown >= round(limit, 2) > best:
            earned, best = name, limit
    return earned


@dataclass(frozen=True)
class ReviewedDecision:
    """One decision of one seat, as the review judged it.

    Attributes:
        seat: the seat that decided.
        ply: the decision's index in the record's actions (0 = the first action).
        action: the recorded action, in notation.
        description: the recorded action as that seat saw it (``State.describe_action``).
        preferred: the action the search preferred, in notation (the recorded one when forced).
        preferred_description: the preferred action described for that seat.
        before: the estimated chance to win before the decision, which is the preferred
            action's estimate ([0, 1]).
        after: the estimated chance to win after the recorded action ([0, 1]).
        loss: ``before - after`` (negative when the action did better than the search thought).
        mark: ``"inaccuracy"``, ``"mistake"``, ``"blunder"`` or ``None``.
        forced: the seat had a single legal action.
        choices: how many legal actions the seat had.
        standin: the computer took this decision, standing in for the seat's person (their
            time had run out at the web table): judged like the others, shown apart, and left
            out of the seat's marks (:meth:`Review.marked`, :meth:`Review.worst`).
        entry: the index of the record's entry that played the decision, undos counted (an
            undo and the action it took back are entries too: ``netjer replay`` and the web
            table's replay number their steps so); ``None``: the same as ``ply`` (no undo
            before it, or a review made without the record's entries).
        error: the standard error of ``loss`` measured over :data:`REPEATS` independent
            searches of each action, for a decision searched again because its first loss
            was near a threshold; ``None`` when it was not.
        searched: the iterations per search behind ``before`` and ``after`` (more than the
            review's budget for a decision searched again); ``None``: the review's budget.
    """

    seat: int
    ply: int
    action: str
    description: str
    preferred: str
    preferred_description: str
    before: float
    after: float
    loss: float
    mark: str | None
    forced: bool
    choices: int
    standin: bool = False
    entry: int | None = None
    error: float | None = None
    searched: int | None = None

    @property
    def number(self) -> int:
        """The decision's number as the replays show it (1 = the record's first entry)."""
        return (self.ply if self.entry is None else self.entry) + 1

    def sentence(self, seat_name: str) -> str:
        """What the review found at this decision, in a sentence for a player in the process's
        language (:mod:`netjer.i18n`), e.g. 'Move 11, Red: a blunder. The search preferred "Red
        places a stone on a green square of temple 4" (estimated chance to win 1.00) to the move
        played, "Red places a stone on a black square of temple 1" (0.28): a loss of 0.72
        (± 0.01: searched again with 160 iterations per search).'

        A decision searched again (its first loss near a threshold, :func:`_research`) says so
        with the iterations it was searched again with (``searched``: a multiple of the review's
        budget), lest they be read as the budget the review's title states.

        Args:
            seat_name: the seat's name (``Game.seat_name``), in the reader's language.
        """
        who = _("{seat} (the computer standing in)").format(seat=seat_name) if self.standin else seat_name
        verdict = _VERDICTS.get(self.mark or "", N_("Move {move}, {seat}: no mark."))
        head = _(verdict).format(move=self.number, seat=who)
        played = self.description.rstrip(". ")
        if self.preferred == self.action:
            rest = _('The search preferred the move played, "{played}" ({after}).').format(
                played=played, after=format_decimal(self.after, 2)
            )
            return f"{head} {rest}"
        values = {
            "preferred": self.preferred_description.rstrip(". "),
            "before": format_decimal(self.before, 2),
            "played": played,
            "after": format_decimal(self.after, 2),
            "loss": format_decimal(self.loss, 2),
        }
        if self.error is None:
            rest = _(
                'The search preferred "{preferred}" (estimated chance to win {before}) to the move played, '
                '"{played}" ({after}): a loss of {loss}.'
            ).format(**values)
        else:
            rest = ngettext(
                'The search preferred "{preferred}" (estimated chance to win {before}) to the move played, '
                '"{played}" ({after}): a loss of {loss} (± {error}: searched again with {n} iteration per search).',
                'The search preferred "{preferred}" (estimated chance to win {before}) to the move played, '
                '"{played}" ({after}): a loss of {loss} (± {error}: searched again with {n} iterations per search).',
                self.searched or 0,
            ).format(**values, error=format_decimal(self.error, 2), n=self.searched)
        return f"{head} {rest}"


#: The head of a marked decision's sentence, per mark (a whole sentence each: the article and
#: the mark's gender differ by language).
_VERDICTS = {
    "inaccuracy": N_("Move {move}, {seat}: an inaccuracy."),
    "mistake": N_("Move {move}, {seat}: a mistake."),
    "blunder": N_("Move {move}, {seat}: a blunder."),
}


@dataclass
class Review:
    """A finished game's review.

    Attributes:
        game, rules_version, record_seed: which game was reviewed (the record's fields).
        seats: the seats reviewed, in order.
        iterations: iterations per search.
        seed: the review's seed.
        exploration, rollout, opponents, depth: the search's settings (``opponents``
            ``None``: no opponent model; ``depth`` ``None``: playouts to the end; see the
            module's docstring).
        thresholds: the marks' thresholds used.
        result: the game's final returns mapped to [0, 1], one per seat.
        decisions: every reviewed decision, in the order of the game (then of seats).
        version: :data:`REVIEW_VERSION`.
    """

    game: str
    rules_version: str
    record_seed: int
    seats: list[int]
    iterations: int
    seed: int
    exploration: float
    rollout: str
    opponents: str | None
    thresholds: dict[str, float]
    result: list[float]
    decisions: list[ReviewedDecision] = field(default_factory=list)
    depth: int | None = None
    version: int = REVIEW_VERSION

    def of_seat(self, seat: int) -> list[ReviewedDecision]:
        """The decisions of ``seat``, in order (the stand-in's included)."""
        return [d for d in self.decisions if d.seat == seat]

    def marked(self, seat: int | None = None, *, standin: bool = False) -> list[ReviewedDecision]:
        """The marked decisions (of ``seat``, or of every seat), in order: the seats' own, or
        with ``standin`` those the computer took standing in for them."""
        return [
            d
            for d in self.decisions
            if d.mark is not None and d.standin == standin and (seat is None or d.seat == seat)
        ]

    def worst(self, seat: int) -> ReviewedDecision | None:
        """The decision of ``seat`` with the largest loss (the earliest on a tie), or ``None``;
        the seat's own decisions only (not the stand-in's)."""
        mine = [d for d in self.of_seat(seat) if not d.standin]
        return max(mine, key=lambda d: (d.loss, -d.ply)) if mine else None

    def to_dict(self) -> dict[str, Any]:
        """The review as JSON-serialisable data (plain dicts, lists, numbers, strings)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Review:
        """The review written by :meth:`to_dict`.

        Raises:
            KeyError, TypeError: if ``data`` lacks a field or has an unknown one.
        """
        fields = dict(data)
        fields["decisions"] = [ReviewedDecision(**d) for d in data["decisions"]]
        return cls(**fields)


class _Search(ISMCTSAgent):
    """The ISMCTS of play, run for a fixed number of iterations from one seat's view, whoever
    is to act, keeping the seat's mean return at the root."""

    def estimate(self, state: State, seat: int, rng: Rng, then: Action | None = None) -> tuple[float, Action | None]:
        """Search ``PlayerView(state, seat)`` (``seat`` to act); return the estimate for ``seat``
        ([0, 1]) and the action preferred.

        Without ``then``, the estimate of the position is ``seat``'s mean mapped return over
        the iterations through its most visited first action, which is the action preferred.
        With ``then``, every determinization plays ``then`` first and the search goes on from
        there: the estimate of ``then`` from what ``seat`` knew before playing it, ``seat``'s
        mean mapped return through the most visited next action (whoever takes it), a
        determinization that ``then`` ends counting with its exact return.

        The tree's nodes keep the return of the seat that chose their action, so ``seat``'s
        own returns per first action are added up here (the root keeps ``seat``'s total and
        each iteration goes through exactly one first action).
        """
        view = PlayerView(state, seat)
        root = _Node(None, seat)  # the root adds up ``seat``'s returns
        seat_total: dict[Action, float] = {}
        seen: dict[Action, int] = {}
        ended, ended_total = 0, 0.0
        assert self.iterations is not None
        for _iteration in range(self.iterations):
            sample = view.determinize(rng)
            if then is not None:
                sample.apply(then)
                if sample.is_terminal:
                    ended += 1
                    ended_total += win_chance(sample.returns()[seat])
                    continue
            total = root.total
            self._iterate(root, sample, rng, seat)
            for action, child in root.children.items():
                if child.visits != seen.get(action, 0):
                    seen[action] = child.visits
                    seat_total[action] = seat_total.get(action, 0.0) + root.total - total
                    break
        if not root.children:  # ``then`` ended every determinization
            return ended_total / ended, then
        best = max(root.children.values(), key=lambda n: (n.visits, n.total))
        assert best.action is not None
        searched = self.iterations - ended
        value = win_chance(seat_total[best.action] / best.visits)
        return (ended_total + value * searched) / self.iterations, best.action if then is None else then


def _search_rng(seed: int, seat: int, ply: int, part: int) -> Rng:
    """The generator of search ``part`` (0: choose, 1: the played action, 2: the preferred one)
    of decision ``ply`` of ``seat``: a function of the four alone."""
    return BufferedRng(Rng(((seed * 1_000_003 + seat) * 1_000_003 + ply) * 3 + part).next_u64())


#: A hint asked of a game that is over (:func:`suggest`).
NO_ADVICE = N_("the game is over: there is no decision to advise on")


def _make_search(
    game: Game, iterations: int, exploration: float, rollout: str, opponents: str | None, depth: int | None
) -> _Search:
    """The review's search for ``game``, its settings checked.

    Raises:
        ConfigError: if ``iterations`` or ``depth`` is not positive, a setting is unknown, or
            the game has no heuristic evaluation for ``depth``.
    """
    if depth is not None and depth <= 0:
        raise ConfigError(Sentence(N_("the playout depth must be positive, got {value}"), value=depth))
    if iterations <= 0:
        raise ConfigError(Sentence(N_("iterations must be positive, got {value}"), value=iterations))
    if opponents not in (None, "heuristic"):
        message = N_("the opponent model must be none or 'heuristic', got {value}")
        raise ConfigError(Sentence(message, value=repr(opponents)))
    search = _Search(
        iterations=iterations,
        exploration=exploration,
        rollout=rollout,
        opponents=opponents,
        max_playout=depth,
        evaluate="heuristic" if depth is not None else None,
    )
    search.prepare(game)
    return search


def _refine_rng(seed: int, seat: int, ply: int, factor: int, sample: int, which: int) -> Rng:
    """The generator of a re-search: sample ``sample`` at ``factor`` times the budget of the
    played (``which`` 0) or the preferred (1) action of decision ``ply`` of ``seat``."""
    mixed = Rng(seed).next_u64() ^ Rng((seat << 48) ^ (ply << 24) ^ (factor << 8) ^ (sample << 1) ^ which).next_u64()
    return BufferedRng(Rng(mixed ^ 0x5EA5C4).next_u64())


def _near(loss: float, marks: dict[str, float], margin: float) -> bool:
    """Whether ``loss`` is within ``margin`` of a threshold, so that noise could change its mark."""
    return any(abs(loss - limit) < margin for limit in marks.values())


#: The standard deviation of one loss at 200 iterations per search, the largest measured over
#: search seeds (docs/review.md, "How much noise": 0.045 to 0.072 in Aton, 0.084 in Dioses del Nilo).
NOISE_AT_200 = 0.085


def _margin(iterations: int) -> float:
    """How far from a threshold a first loss at ``iterations`` per search may land by noise:
    three of its standard deviations, :data:`NOISE_AT_200` at 200 iterations, shrinking as the
    fourth root of the iterations (measured: from 200 to 800 iterations it shrank by a quarter,
    not by half as independent results would)."""
    return 3 * NOISE_AT_200 * math.sqrt(math.sqrt(200 / iterations))


def _research(
    search: _Search,
    state: State,
    action: Action,
    preferred: Action,
    ply: int,
    seed: int,
    first: tuple[float, float],
) -> tuple[float, float, float, int]:
    """Search ``action`` and ``preferred`` again, :data:`REPEATS` times each with independent
    generators, doubling the iterations per search from the budget until the loss's measured
    standard error (the spread of the paired losses over the square root of their number) is
    under :data:`TARGET_ERROR` or the iterations reach :data:`MAX_FACTOR` times the budget.

    Args:
        first: the first ``(before, after)``, at the budget: one of the samples of the first
            round.

    Returns:
        ``(before, after, standard error of the loss, iterations per search)``: the means of
        the last round.
    """
    budget = search.iterations
    assert budget is not None
    seat = state.current_player
    factor = 1
    try:
        while True:
            pairs = [first] if factor == 1 else []
            search.iterations = budget * factor
            for sample in range(len(pairs), REPEATS):
                rngs = [_refine_rng(seed, seat, ply, factor, sample, which) for which in (0, 1)]
                after, _ = search.estimate(state, seat, rngs[0], then=action)
                before, _ = search.estimate(state, seat, rngs[1], then=preferred)
                pairs.append((before, after))
            losses = [b - a for b, a in pairs]
            mean = math.fsum(losses) / len(losses)
            spread = math.sqrt(sum((x - mean) ** 2 for x in losses) / (len(losses) - 1))
            error = spread / math.sqrt(len(losses))
            if error < TARGET_ERROR or factor >= MAX_FACTOR:
                # math.fsum: a mean of equal figures is that figure (no -3e-17 below a 0)
                before = math.fsum(b for b, _ in pairs) / len(pairs)
                after = math.fsum(a for _, a in pairs) / len(pairs)
                return min(1.0, max(0.0, before)), min(1.0, max(0.0, after)), error, budget * factor
            factor *= 2
    finally:
        search.iterations = budget


def _judge(
    search: _Search,
    state: State,
    action: Action,
    ply: int,
    seed: int,
    marks: dict[str, float],
    standin: bool = False,
    research: bool = True,
) -> ReviewedDecision:
    """Review ``action`` of the seat to act in ``state`` (not changed), decision ``ply``
    (``standin``: taken by the computer standing in for the seat; ``research``: search again a
    decision whose loss is near a threshold, :func:`_research`)."""
    seat = state.current_player
    legal = state.legal_actions()
    after, _ = search.estimate(state, seat, _search_rng(seed, seat, ply, 1), then=action)
    preferred: Action | None = action
    if len(legal) > 1:
        _, preferred = search.estimate(state, seat, _search_rng(seed, seat, ply, 0))
    assert preferred is not None
    before = after
    error: float | None = None
    searched: int | None = None
    if preferred != action:
        # The preferred action is estimated afresh, exactly as the played one: the first
        # search's own estimate of the action it picked is biased upwards (the most visited
        # of several noisy means), which would inflate every loss at small budgets.
        before, _ = search.estimate(state, seat, _search_rng(seed, seat, ply, 2), then=preferred)
        assert search.iterations is not None
        if research and _near(before - after, marks, _margin(search.iterations)):
            before, after, error, searched = _research(search, state, action, preferred, ply, seed, (before, after))
    loss = before - after
    return ReviewedDecision(
        seat=seat,
        ply=ply,
        action=str(action),
        description=state.describe_action(action, seat),
        preferred=str(preferred),
        preferred_description=state.describe_action(preferred, seat),
        before=before,
        after=after,
        loss=loss,
        mark=None if preferred == action else mark_for(loss, marks),
        forced=len(legal) == 1,
        choices=len(legal),
        standin=standin,
        error=error,
        searched=searched,
    )


def review_decision(
    state: State,
    action: Action,
    *,
    ply: int | None = None,
    iterations: int = DEFAULT_ITERATIONS,
    seed: int = 0,
    exploration: float = 1.0,
    rollout: str = "random",
    opponents: str | None = None,
    depth: int | None = None,
    thresholds: dict[str, float] | None = None,
    standin: bool = False,
    research: bool = True,
) -> ReviewedDecision:
    """Review one decision: ``action`` of the seat to act in ``state`` (``state`` unchanged).

    The searches see ``PlayerView(state, seat)`` only, so two states with the same
    observation for that seat give the same result.  Same arguments as
    :func:`review_states`; ``ply`` (default ``len(state.history)``) numbers the decision and
    seeds its searches; ``standin`` says the computer took it, standing in for the seat
    (:attr:`ReviewedDecision.standin`: the estimates are the same); ``research=False`` keeps
    the first searches' figures even near a threshold.

    Raises:
        ConfigError: if the game is over, ``action`` is illegal, or a setting is refused.
    """
    if state.is_terminal:
        raise ConfigError(Sentence(N_("the game is over: there is no decision to review")))
    if action not in state.legal_actions():
        reason = EngineLine(state.illegal(action).reason, state.game.name)
        raise ConfigError(Sentence(N_("{action} is illegal there: {reason}"), action=str(action), reason=reason))
    search = _make_search(state.game, iterations, exploration, rollout, opponents, depth)
    marks = dict(THRESHOLDS if thresholds is None else thresholds)
    number = len(state.history) if ply is None else ply
    return _judge(search, state, action, number, seed, marks, standin, research)


def suggest(
    state: State,
    *,
    iterations: int = DEFAULT_ITERATIONS,
    seed: int = 0,
    exploration: float = 1.0,
    depth: int | None = None,
) -> tuple[Action, float]:
    """A hint: the action the search prefers for the seat to act in ``state``, from its own view.

    One search (search 1 of a review, :func:`review_decision`) of ``PlayerView(state,
    seat)``: the same tree policy as the ``ismcts`` player, no opponent model, random
    playouts (cut after ``depth`` actions and scored by the heuristic evaluation if given).
    The estimate is that search's own value of the action it picked, the seat's estimated
    chance to win ([0, 1]): at small budgets it is a little optimistic (the most visited of
    several noisy means), which a hint accepts to save the second search a review makes.

    Args:
        state: the position (not changed); the seat to act is the one advised.
        iterations: iterations of the search (positive).
        seed: seeds the search (same state, seed and iterations: same hint).
        exploration: the UCB1 constant.
        depth: cut playouts after this many actions (``None``: to the end).

    Returns:
        The action preferred and its estimate.

    Raises:
        ConfigError: if the game is over, or a setting is refused (see :func:`review_states`).
    """
    if state.is_terminal:
        raise ConfigError(Sentence(NO_ADVICE))
    search = _make_search(state.game, iterations, exploration, "random", None, depth)
    estimate, preferred = search.estimate(state, state.current_player, Rng(Rng(seed).next_u64()))
    assert preferred is not None
    return preferred, estimate


def review_states(
    start: State,
    actions: Iterable[Action],
    *,
    seats: Iterable[int] | None = None,
    iterations: int = DEFAULT_ITERATIONS,
    seed: int = 0,
    exploration: float = 1.0,
    rollout: str = "random",
    opponents: str | None = None,
    depth: int | None = None,
    thresholds: dict[str, float] | None = None,
    progress: Progress | None = None,
    record_seed: int | None = None,
    standin: Iterable[int] = (),
    entries: Sequence[int] | None = None,
    research: bool = True,
) -> Review:
    """Review the decisions of ``seats`` in the game from ``start`` through ``actions``.

    ``start`` is not changed (the review plays a clone).  The ply of a decision counts the
    actions from ``start``.

    Args:
        start: the first position (usually ``game.new_initial_state(seed)``).
        actions: the actions played from ``start``, in order; the last one must end the game.
        seats: the seats to review (default every seat).
        iterations: iterations per search (positive).
        seed: the review's seed (see "Determinism" in the module's docstring).
        exploration: the UCB1 constant of the search.
        rollout: the playout policy, ``"random"`` or ``"heuristic"``.
        opponents: ``None`` (no opponent model, the default) or ``"heuristic"``.
        depth: cut each playout after this many actions and score it with the game's
            heuristic evaluation (``ismcts:depth=N``; Ankh's long games need it); ``None``
            (default) plays to the end.
        thresholds: name -> smallest loss for that mark (default :data:`THRESHOLDS`).
        progress: called as ``progress(done, total)`` after each reviewed decision.
        record_seed: the game's seed, stored in the review (default ``start.seed``).
        standin: the plies whose decision the computer took, standing in for the seat's
            person (:meth:`~netjer.core.record.GameRecord.standin_plies`): judged alike,
            flagged :attr:`ReviewedDecision.standin`, left out of the seat's marks.
        entries: for each action, the index of the record entry that played it (undos
            counted: :func:`~netjer.core.record.entry_of_plies`), stored as
            :attr:`ReviewedDecision.entry`; default: none (the ply numbers the decision).
        research: search again, with more iterations, a decision whose loss is near a
            threshold until its standard error is under :data:`TARGET_ERROR` (default);
            ``False``: the first searches decide.

    Returns:
        The :class:`Review`.

    Raises:
        ConfigError: if ``iterations`` is not positive, a seat is out of range, the search's
            settings are unknown, an action is illegal where it is played, or the actions do
            not end the game.
    """
    game = start.game
    chosen = sorted(set(range(game.num_players) if seats is None else seats))
    for seat in chosen:
        if not 0 <= seat < game.num_players:
            message = N_("seat {seat} is not a seat of this game: seats are 0 to {last}")
            raise ConfigError(Sentence(message, seat=seat, last=game.num_players - 1))
    marks = dict(THRESHOLDS if thresholds is None else thresholds)
    search = _make_search(game, iterations, exploration, rollout, opponents, depth)

    # Replay first: refuse a bad or unfinished game before any search.
    positions: list[State] = []
    state = start.clone()
    played = list(actions)
    for ply, action in enumerate(played):
        if state.is_terminal:
            message = N_("action {number} ({action}) comes after the end of the game")
            raise ConfigError(Sentence(message, number=ply + 1, action=str(action)))
        if action not in state.legal_actions():
            message = N_("action {number} ({action}) is illegal there: {reason}")
            reason = EngineLine(state.illegal(action).reason, game.name)
            raise ConfigError(Sentence(message, number=ply + 1, action=str(action), reason=reason))
        positions.append(state.clone())
        state.apply(action)
    if not state.is_terminal:
        raise ConfigError(Sentence(N_("the game is not finished: only a finished game can be reviewed")))
    positions.append(state)
    result = [win_chance(r) for r in state.returns()]

    todo = [ply for ply in range(len(played)) if positions[ply].current_player in chosen]
    stood_in = set(standin)
    decisions: list[ReviewedDecision] = []
    for done, ply in enumerate(todo, start=1):
        decision = _judge(search, positions[ply], played[ply], ply, seed, marks, ply in stood_in, research)
        if entries is not None and entries[ply] != ply:
            decision = replace(decision, entry=entries[ply])
        decisions.append(decision)
        if progress is not None:
            progress(done, len(todo))
    return Review(
        game=game.name,
        rules_version=game.rules_version,
        record_seed=start.seed if record_seed is None else record_seed,
        seats=chosen,
        iterations=iterations,
        seed=seed,
        exploration=exploration,
        rollout=rollout,
        opponents=opponents,
        depth=depth,
        thresholds=marks,
        result=result,
        decisions=decisions,
    )


def review_record(
    record: GameRecord,
    game: Game,
    *,
    seats: Iterable[int] | None = None,
    iterations: int = DEFAULT_ITERATIONS,
    seed: int = 0,
    exploration: float = 1.0,
    rollout: str = "random",
    opponents: str | None = None,
    depth: int | None = None,
    thresholds: dict[str, float] | None = None,
    progress: Progress | None = None,
    research: bool = True,
) -> Review:
    """Review a finished game record (see :func:`review_states` for the arguments).

    The decisions reviewed are those of the game as it ended (an action taken back by an undo
    is not one); each is numbered by its entry in the record (:attr:`ReviewedDecision.number`),
    as ``netjer replay`` and the web table's replay number it.  A record with ``standins`` (the
    computer stood in for a seat's person) has those decisions flagged and left out of the
    seat's marks.

    Args:
        record: the record; it must replay to a finished game.
        game: the record's game (``netjer.games.registry.game_for_record``).

    Raises:
        RecordError: if the record does not replay (with the failing action).
        ConfigError: as :func:`review_states`; if the record's game is not finished.
    """
    actions = list(record.replay(game).history)
    return review_states(
        game.new_initial_state(record.seed),
        actions,
        seats=seats,
        iterations=iterations,
        seed=seed,
        exploration=exploration,
        rollout=rollout,
        opponents=opponents,
        depth=depth,
        thresholds=thresholds,
        progress=progress,
        record_seed=record.seed,
        standin=record.standin_plies(game),
        entries=entry_of_plies(record.actions),
        research=research,
    )


def count_decisions(record: GameRecord, game: Game, seats: Iterable[int] | None = None) -> int:
    """How many decisions of ``seats`` (default all) the record holds (a progress bar's total).

    Raises:
        RecordError: if the record does not replay.
    """
    chosen = set(range(game.num_players) if seats is None else seats)
    state = game.new_initial_state(record.seed)
    count = 0
    for action in record.replay(game).history:  # the game as it ended (undone actions are not decisions)
        count += state.current_player in chosen
        state.apply(action)
    return count


def plot_review(review: Review, path: str, *, title: str | None = None, seat_names: list[str] | None = None) -> None:
    """Write the graph of every reviewed seat's estimate over the game as a PNG.

    Each seat's line joins its estimates before and after each of its decisions, against the
    decisions' numbers (:attr:`ReviewedDecision.number`: the replay's, undos counted); marked
    decisions are drawn as larger points in the mark's colour.  Decisions the computer took
    standing in for a seat are on a grey band, their marks hollow.  Uses matplotlib's Agg backend (no display needed).

    Args:
        review: the review to draw.
        path: the PNG file to write.
        title: the graph's title (default: the game and the budget).
        seat_names: a name per seat of the game (default "seat N").

    The graph's words are in the process's language (:mod:`netjer.i18n`).

    Raises:
        OSError: if the file cannot be written.
    """
    import matplotlib  # noqa: PLC0415 - imported only when a graph is drawn

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415
    from matplotlib.ticker import FuncFormatter, MaxNLocator  # noqa: PLC0415

    colours = {"inaccuracy": "#e6b800", "mistake": "#e67300", "blunder": "#cc0000"}
    fig, ax = plt.subplots(figsize=(9, 4.5), dpi=100)
    try:
        for seat in review.seats:
            name = seat_names[seat] if seat_names and seat < len(seat_names) else _("seat {n}").format(n=seat)
            xs: list[float] = []
            ys: list[float] = []
            for d in review.of_seat(seat):
                xs += [d.number - 1, d.number]
                ys += [d.before, d.after]
            (line,) = ax.plot(xs, ys, linewidth=1.2, label=name)
            for d in review.marked(seat):
                assert d.mark is not None
                ax.plot([d.number], [d.after], "o", color=colours.get(d.mark, line.get_color()), markersize=7)
            for d in review.of_seat(seat):
                if d.standin:  # the computer's decision: a grey band, its mark hollow
                    ax.axvspan(d.number - 1, d.number, color="grey", alpha=0.15, linewidth=0)
            for d in review.marked(seat, standin=True):
                assert d.mark is not None
                colour = colours.get(d.mark, line.get_color())
                ax.plot([d.number], [d.after], "o", markerfacecolor="none", markeredgecolor=colour, markersize=7)
        for mark, colour in colours.items():
            if any(d.mark == mark for d in review.decisions):
                ax.plot([], [], "o", color=colour, label=_(mark))
        if any(d.standin for d in review.decisions):
            ax.axvspan(0, 0, color="grey", alpha=0.15, label=_("computer standing in (hollow: its marks)"))
        ax.axhline(0.5, color="grey", linewidth=0.6, linestyle=":")
        ax.set_ylim(-0.02, 1.02)
        # The axes' numbers as the reader writes them (0,5 in Spanish and German).
        # A move is a whole number: no tick between two moves ("2,5 jugada", issue 32).
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _pos: format_number(v)))
        ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _pos: format_decimal(v, 1)))
        ax.set_xlabel(_("move (as numbered by the replay, undos included)"))
        ax.set_ylabel(_("estimated chance to win"))
        default_title = ngettext(
            "{game}: review at {n} iteration per search",
            "{game}: review at {n} iterations per search",
            review.iterations,
        )
        ax.set_title(title or default_title.format(game=review.game, n=review.iterations))
        ax.legend(loc="best", fontsize="small")
        fig.tight_layout()
        fig.savefig(path, format="png")
    finally:
        plt.close(fig)
