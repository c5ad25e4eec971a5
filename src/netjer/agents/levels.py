"""Named computer levels per game and player count (issue 16, item 3).

A level is a fixed agent specification (:mod:`netjer.agents.registry`) with a budget in
**iterations, never seconds**, so a level plays the same on a fast and a slow machine; a
level's name may be given wherever an agent specification is: ``netjer play --vs strong``,
``netjer simulate --agents strongest,heuristic``, a computer seat of the web table (the
lobby offers the levels; its "advanced" field still takes any specification).  What is
stored (a record's seats, a table's seats) is always the specification the level stood for
when the game was made, so an old game replays as it was played if a level changes later.

The levels of a game are ordered, weakest first; each is to beat the one below it (a pairwise score
above 0.5 whose 95% interval excludes 0.5, measured by ``benchmarks/levels.py``; docs/levels.md
says which pairings the small samples measured so far show, and which not yet).  Their measured
ratings (:data:`RATINGS`: Elo against the game's heuristic player, 0, with a bootstrap 95%
interval) come from that benchmark's pool run (``--pairs pool``, issue 35 item 4: the levels
against each other, random moves, the heuristic, Ankh's ``heuristic:plan=rollout`` and
model-free ISMCTS, one fit over every game: :mod:`netjer.sim.pool`) and are copied here by hand
with the run's date; the command (:data:`RATING_RUNS`), the games played and the time taken are
in ``docs/levels.md``.
What is shown of them (:func:`shown_rating`) is a one-sided bound where a ladder pairing
(:data:`PAIRINGS`) was won or lost in every game, since the fit's figure there is set by its
prior, not by the games.  The level names are rungs of each game's own ladder, not one agent or
one strength across games (docs/levels.md, "What the names mean").

Every level's budget is within the web server's default caps
(:data:`netjer.server.ai_service.DEFAULT_MAX_ITERATIONS`; no time budget at all).
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any, Literal

from netjer.agents.registry import known_kinds
from netjer.core.errors import ConfigError
from netjer.core.stats import wilson_interval
from netjer.i18n import N_, _, format_elo, format_elo_interval, join_list
from netjer.i18n_sentences import Sentence


@dataclass(frozen=True)
class Rating:
    """A level's measured strength in one game and player count.

    Attributes:
        elo: Elo rating against the game's heuristic player (``heuristic``: 0).
        interval: bootstrap 95% interval of ``elo`` (percentile, resampling whole games).
        games: seats the level held in the rating tournament (a game in which it filled
            three seats counts three).
        measured: the date of the run (ISO), for ``docs/levels.md``.
    """

    elo: float
    interval: tuple[float, float]
    games: int
    measured: str


@dataclass(frozen=True)
class Pairing:
    """The ladder pairing a level was rated by: its games against the next level toward the
    heuristic (docs/levels.md, "Ordering").

    Attributes:
        against: the other level's name (``strong``: the heuristic, in Nile and Ankh).
        games: games played.
        score: this level's pairwise score against it over those games, in [0, 1] (1: it won
            every game; 0: it lost every game).
    """

    against: str
    games: int
    score: float


@dataclass(frozen=True)
class Shown:
    """A level's rating as it may honestly be shown.

    A pairing won (or lost) in every game has no finite maximum-likelihood Elo gap: the fit's
    virtual drawn game (``prior_draws`` in :func:`netjer.sim.stats.elo_ratings`) sets the
    gap from the game count alone, and the bootstrap interval around it is not a confidence
    interval.  Such a level, and a level rated against one, is shown as a one-sided bound.

    Attributes:
        elo: the point estimate (Elo against the heuristic, 0); ``None`` for a bound.
        interval: its bootstrap 95% interval; ``None`` for a bound.
        bound: ``"at least"`` or ``"at most"``; ``None`` for a point.
        limit: the bound's Elo (``None`` for a point).
    """

    elo: float | None
    interval: tuple[float, float] | None
    bound: Literal["at least", "at most"] | None
    limit: float | None


def elo_of_score(p: float) -> float:
    """The Elo gap that an expected score ``p`` (in (0, 1)) stands for: 400·log10(p / (1 − p)).

    Raises:
        ValueError: if ``p`` is not strictly between 0 and 1 (the gap is infinite).
    """
    if not 0 < p < 1:
        raise ValueError(f"score {p} has no finite Elo gap")
    return 400 * math.log10(p / (1 - p))


def sweep_gap_bound(score: float, games: int) -> float:
    """The one-sided 95% bound of the Elo gap of a pairing from the Wilson interval of its
    score: the lower end's gap if the level scored at least ½, else the upper end's.

    Args:
        score: the level's pairwise score over the games, in [0, 1].
        games: the number of games (at least 1).

    Returns:
        Elo points: at least this much above (score ≥ ½) or at most this much below.

    Raises:
        ValueError: if ``games`` is below 1.
    """
    if games < 1:
        raise ValueError("a bound needs at least one game")
    low, high = wilson_interval(score * games, games)
    return elo_of_score(low if score >= 0.5 else high)


def shown_rating(game: str, players: int, name: str) -> Shown | None:
    """How level ``name`` of ``game`` with ``players`` seats may be shown (``None`` if not
    measured): its point and bootstrap interval, or a bound when its ladder pairing was won or
    lost in every game, or when the level it was rated against is itself shown as a bound.

    A bound adds the pairing's Wilson 95% one-sided gap (:func:`sweep_gap_bound`) to the other
    level's figure on the cautious side: that level's bound, its interval's end, or 0 for the
    heuristic.  (Two 95% bounds added: the combined bound is cautious, not exact.)

    Raises:
        ValueError: if the ladder's bounds point different ways (a level above the heuristic
            rated against one bounded from above): no bound follows.
    """
    rating = RATINGS.get((game, players, name))
    if rating is None:
        return None
    pairing = PAIRINGS.get((game, players, name))
    base = shown_rating(game, players, pairing.against) if pairing is not None else None
    base_bounded = base is not None and base.bound is not None
    if pairing is None or not (pairing.score in (0.0, 1.0) or base_bounded):
        return Shown(rating.elo, rating.interval, None, None)
    up = pairing.score >= 0.5
    gap = sweep_gap_bound(pairing.score, pairing.games)
    if base is None:  # pragma: no cover - every pairing names a rated level (tested)
        raise ValueError(f"{name} is rated against an unrated level")
    if base.limit is not None:
        if (base.bound == "at least") != up:
            raise ValueError(f"{game} {players}: {name}'s bound and {pairing.against}'s point different ways")
        start = base.limit
    elif base.interval is not None:
        start = base.interval[0] if up else base.interval[1]
    else:  # pragma: no cover - a Shown is a point with an interval or a bound
        start = 0.0
    return Shown(None, None, "at least" if up else "at most", start + gap)


def shown_text(shown: Shown | None) -> str:
    """``"+354 [+173, +607]"``, ``"at least +7"``, ``"at most −286"``, ``"0 (the reference)"``
    (the heuristic, which every rating is against) or ``"not measured"``, in the process's
    language (:mod:`netjer.i18n`; the Elo points are whole numbers, written alike in every language)."""
    if shown is None:
        return _("not measured")
    if shown.elo == 0 and shown.interval == (0, 0):
        return _("0 (the reference)")
    if shown.limit is not None:
        elo = format_elo(shown.limit)
        return (_("at least {elo}") if shown.bound == "at least" else _("at most {elo}")).format(elo=elo)
    assert shown.elo is not None and shown.interval is not None
    return format_elo_interval(shown.elo, shown.interval)


@dataclass(frozen=True)
class Level:
    """A named computer level.

    Attributes:
        name: ``"beginner"``, ``"casual"``, ``"strong"`` or ``"strongest"``.
        spec: the agent specification it plays (an iterations budget, never a time).
        description: one line for the lobby and ``--help``: what the agent is (marked for
            translation; ``netjer levels`` translates it where shown).
        plain: one sentence for a player: what it is like to play against, claiming only
            what the ratings in docs/levels.md show (marked for translation; the lobby and
            ``netjer levels`` translate it where shown).
    """

    name: str
    spec: str
    description: str
    plain: str


#: The level names, weakest first.
LEVEL_NAMES: tuple[str, ...] = ("beginner", "casual", "strong", "strongest")

#: Each level's name as a page shows it (marked for translation: a Spanish lobby says
#: "Principiante", not "beginner"); the name itself stays what a specification or ``--vs`` types.
LEVEL_TITLES: dict[str, str] = {
    "beginner": N_("Beginner"),
    "casual": N_("Casual"),
    "strong": N_("Strong"),
    "strongest": N_("Strongest"),
}

#: Random legal moves: a first opponent.
_RANDOM = Level(
    "beginner",
    "random",
    N_("plays a random legal move"),
    N_("Plays a random legal move: anyone who knows the rules can beat it."),
)
#: The heuristic with a random legal move instead, one time in two.
_HALF = "heuristic:epsilon=0.5"
_HALF_DESCRIPTION = N_("the heuristic player, but a random move one time in two")
_HALF_PLAIN = N_(
    "Plays sensibly half the time and at random the other half: its mistakes can be punished "
    "(the strong level beat it in most of its rating games)."
)
#: The game's hand-written heuristic player.
_HEURISTIC = "heuristic"
_HEURISTIC_DESCRIPTION = N_("the game's heuristic player (instant)")
#: The heuristic where it is ``strong`` (Nile, Ankh): there the plain search does not beat it.
_STRONG_PLAIN = N_(
    "Plays at once by sound rules of thumb without looking ahead; it beat the casual level in most of its rating games."
)
#: The search against a model of the heuristic: the other seats' decisions in the tree
#: follow the heuristic, playouts are heuristic (docs/levels.md).
_MODEL = "rollout=heuristic,guided=1,opponents=heuristic"

#: Per game and player count, the levels, weakest first (LEVEL_NAMES, in that order).  The
#: budgets are spread so that each level beats the one below it clearly: in Aton the search
#: beats the heuristic at a few dozen iterations and gains with ten times more; in Dioses del
#: Nilo and Ankh the heuristic is hard to beat without the opponent model, so the heuristic
#: itself is ``strong`` and the model search is ``strongest`` (docs/levels.md).  Nile's
#: ``strongest`` has a contempt for draws (``contempt=0.5``): without it, it drew 13 of 30
#: games against the heuristic, which takes a repetition draw whenever it is losing.
LEVELS: dict[tuple[str, int], tuple[Level, ...]] = {
    ("aton", 2): (
        _RANDOM,
        Level(
            "casual",
            _HEURISTIC,
            _HEURISTIC_DESCRIPTION,
            N_("Plays at once by rules of thumb without looking ahead; the searching levels beat it in most games."),
        ),
        Level(
            "strong",
            "ismcts:iterations=200",
            N_("information-set search, 200 iterations per move"),
            N_("Looks a few moves ahead: it beat the casual level in 11 of its 12 rating games."),
        ),
        Level(
            "strongest",
            "ismcts:iterations=2000",
            N_("information-set search, 2,000 iterations per move"),
            N_("Looks ten times further ahead than strong: it won all 10 of its rating games against it."),
        ),
    ),
    ("nile", 2): (
        _RANDOM,
        Level("casual", _HALF, _HALF_DESCRIPTION, _HALF_PLAIN),
        Level("strong", _HEURISTIC, _HEURISTIC_DESCRIPTION, _STRONG_PLAIN),
        Level(
            "strongest",
            f"ismcts:iterations=600,depth=6,{_MODEL},contempt=0.5",
            N_("search against a model of the heuristic, 600 iterations per move, playing for the win over a draw"),
            N_(
                "Looks ahead expecting you to play like the strong level, and plays for a win over a draw: "
                "it won 86 of 100 games against strong and lost none."
            ),
        ),
    ),
}
#: Ankh's ``strongest`` searches 100 iterations a decision with two players (0.41 s of CPU a
#: decision on average in the compiled build, under issue 35's 0.5 s), which beat the 50-iteration
#: search it replaced (decision 0027); with three to five players it stays at 50 (0.27 s at four
#: players): a larger budget there has not been measured against it.
_ANKH_STRONGEST_ITERATIONS = {2: 100, 3: 50, 4: 50, 5: 50}
_ANKH_STRONGEST_DESCRIPTIONS = {
    100: N_("search against a model of the heuristic, 100 iterations per move"),
    50: N_("search against a model of the heuristic, 50 iterations per move"),
}
for _players in (2, 3, 4, 5):
    _iterations = _ANKH_STRONGEST_ITERATIONS[_players]
    LEVELS[("ankh", _players)] = (
        _RANDOM,
        Level("casual", _HALF, _HALF_DESCRIPTION, _HALF_PLAIN),
        Level("strong", _HEURISTIC, _HEURISTIC_DESCRIPTION, _STRONG_PLAIN),
        Level(
            "strongest",
            f"ismcts:iterations={_iterations},depth=40,{_MODEL}",
            _ANKH_STRONGEST_DESCRIPTIONS[_iterations],
            N_("Looks ahead expecting its opponents to play like the strong level: it beats strong in most games."),
        ),
    )

#: The game counts of the pool runs (``--pairs pool``, issue 35 item 4; docs/levels.md, "Rated
#: against a pool") beside the ladder's pairings as they were first played: 12 games a pairing,
#: 6 against random moves (4 for the strongest level) and 6 for the strongest level's others.
_POOL = (
    "--pairs pool --games 12 --games-for casual,beginner=20 --games-for strong,casual=20 "
    "--games-for strong,beginner=6 --games-for ismcts,beginner=6 --games-for strongest=6 "
    "--games-for strongest,beginner=4"
)
_ANKH_POOL = f"{_POOL} --games-for rollout,beginner=6"

#: The run of ``benchmarks/levels.py`` that measured each game and player count's
#: :data:`RATINGS` and :data:`PAIRINGS`, with its committed game log (``benchmarks/logs``, one JSON
#: line per game; a later run with larger counts appends to it and plays only the missing games).
#: Run again with ``--max-seconds 0 --workers 1 --ratings`` it plays no game and prints the same
#: ratings: every figure is reproducible from its log (tests/agents/test_rating_logs.py).  Where
#: the pool run stopped short of a count (``--max-seconds``), the log holds fewer games of that
#: pairing and the ratings are of those (docs/levels.md says how many).
RATING_RUNS: dict[tuple[str, int], str] = {
    ("aton", 2): "aton --pairs pool --games 6 --games-for casual,beginner=20 --games-for strong,casual=12 "
    "--games-for strongest,casual=6 --games-for strongest,beginner=4 --games-for strongest,strong=10 "
    "--log benchmarks/logs/aton.log",
    # the rollout anchor (Nile's heuristic:plan=rollout since issue 35) against random moves: 6, as in Ankh
    # the 100 games of the 600-iteration strongest against the rollout anchor: issue 35's goal run
    ("nile", 2): f"nile --seed 1000 {_POOL} --games-for rollout,beginner=6 --games-for strongest,strong=100 "
    "--log benchmarks/logs/nile.log --extra-log benchmarks/logs/nile_rollout/N600_vs_rollout_s39000.log",
    # the 100 games of the 100-iteration strongest against the rollout anchor are issue 35's goal
    # run (docs/balance.md, "Twice the iterations"), on their own seeds: read, never appended to
    ("ankh", 2): f"ankh -o players=2 {_ANKH_POOL} --games-for strongest,strong=20 --games-for strongest,ismcts=20 "
    "--log benchmarks/logs/ankh2.log "
    "--extra-log benchmarks/logs/strongest_v4/B100_2p_vs_rollout_s37100.log "
    "--extra-log benchmarks/logs/strongest_v4/B100_2p_vs_rollout_s37150.log",
    ("ankh", 3): f"ankh -o players=3 --seed 1000 {_ANKH_POOL} --games-for strongest,strong=10 "
    "--log benchmarks/logs/ankh3.log",
    # the 50 games of strongest against strong are those of the --seed 1000 strength run (docs/levels.md)
    ("ankh", 4): f"ankh -o players=4 --seed 1000 {_ANKH_POOL} --games-for strongest,strong=50 "
    "--log benchmarks/logs/ankh4.log",
    ("ankh", 5): f"ankh -o players=5 --seed 1000 {_ANKH_POOL} --games-for strongest,strong=10 "
    "--log benchmarks/logs/ankh5.log",
}

#: Measured ratings per (game, players, level name); a level missing here was not measured.
#: Written from ``benchmarks/levels.py`` (docs/levels.md; the runs: :data:`RATING_RUNS`).
RATINGS: dict[tuple[str, int, str], Rating] = {
    # RATING_RUNS[("aton", 2)]
    ("aton", 2, "beginner"): Rating(-370, (-510, -244), 28, "2026-12-06"),
    ("aton", 2, "casual"): Rating(0, (0, 0), 37, "2026-12-06"),
    ("aton", 2, "strong"): Rating(176, (36, 364), 27, "2026-12-06"),
    ("aton", 2, "strongest"): Rating(537, (419, 704), 18, "2026-12-06"),
    # RATING_RUNS[("nile", 2)]
    ("nile", 2, "beginner"): Rating(-602, (-735, -479), 42, "2026-12-07"),
    ("nile", 2, "casual"): Rating(-400, (-448, -327), 70, "2026-12-07"),
    ("nile", 2, "strong"): Rating(0, (0, 0), 150, "2026-12-07"),
    ("nile", 2, "strongest"): Rating(397, (351, 465), 222, "2026-12-07"),
    # RATING_RUNS[("ankh", 2)]
    ("ankh", 2, "beginner"): Rating(-682, (-790, -579), 42, "2026-12-07"),
    ("ankh", 2, "casual"): Rating(-291, (-395, -204), 70, "2026-12-07"),
    ("ankh", 2, "strong"): Rating(0, (0, 0), 70, "2026-12-07"),
    ("ankh", 2, "strongest"): Rating(236, (138, 341), 156, "2026-12-07"),
    # RATING_RUNS[("ankh", 3)]
    ("ankh", 3, "beginner"): Rating(-663, (-967, -556), 48, "2026-12-06"),
    ("ankh", 3, "casual"): Rating(-339, (-514, -290), 70, "2026-12-06"),
    ("ankh", 3, "strong"): Rating(0, (0, 0), 49, "2026-12-06"),
    ("ankh", 3, "strongest"): Rating(257, (132, 498), 14, "2026-12-06"),
    # RATING_RUNS[("ankh", 4)]
    ("ankh", 4, "beginner"): Rating(-638, (-923, -516), 72, "2026-12-06"),
    ("ankh", 4, "casual"): Rating(-374, (-575, -278), 95, "2026-12-06"),
    ("ankh", 4, "strong"): Rating(0, (0, 0), 183, "2026-12-06"),
    ("ankh", 4, "strongest"): Rating(381, (296, 497), 54, "2026-12-06"),
    # RATING_RUNS[("ankh", 5)]
    ("ankh", 5, "beginner"): Rating(-746, (-1049, -607), 92, "2026-12-06"),
    ("ankh", 5, "casual"): Rating(-457, (-700, -357), 112, "2026-12-06"),
    ("ankh", 5, "strong"): Rating(0, (0, 0), 69, "2026-12-06"),
    ("ankh", 5, "strongest"): Rating(445, (352, 701), 12, "2026-12-06"),
}


#: Per (game, players, level name), the ladder pairing it was rated by (docs/levels.md,
#: "Ordering"), from this level's side; the heuristic (Elo 0) has none.
PAIRINGS: dict[tuple[str, int, str], Pairing] = {
    ("aton", 2, "beginner"): Pairing("casual", 20, 0.0000),
    ("aton", 2, "strong"): Pairing("casual", 12, 0.9167),
    ("aton", 2, "strongest"): Pairing("strong", 10, 1.0000),
    ("nile", 2, "beginner"): Pairing("casual", 20, 0.1500),
    ("nile", 2, "casual"): Pairing("strong", 20, 0.0000),
    ("nile", 2, "strongest"): Pairing("strong", 100, 0.9300),
    ("ankh", 2, "beginner"): Pairing("casual", 20, 0.0000),
    ("ankh", 2, "casual"): Pairing("strong", 20, 0.0000),
    ("ankh", 2, "strongest"): Pairing("strong", 20, 1.0000),
    ("ankh", 3, "beginner"): Pairing("casual", 20, 0.0769),
    ("ankh", 3, "casual"): Pairing("strong", 20, 0.0250),
    ("ankh", 3, "strongest"): Pairing("strong", 10, 0.9211),
    ("ankh", 4, "beginner"): Pairing("casual", 20, 0.1429),
    ("ankh", 4, "casual"): Pairing("strong", 20, 0.0556),
    ("ankh", 4, "strongest"): Pairing("strong", 50, 0.9143),
    ("ankh", 5, "beginner"): Pairing("casual", 20, 0.1429),
    ("ankh", 5, "casual"): Pairing("strong", 20, 0.0270),
    ("ankh", 5, "strongest"): Pairing("strong", 10, 0.9750),
}


def levels_for(game: str, players: int) -> tuple[Level, ...]:
    """The levels of ``game`` with ``players`` seats, weakest first.

    Raises:
        ConfigError: if the game and player count have no levels.
    """
    try:
        return LEVELS[(game, players)]
    except KeyError:
        message = N_("there are no computer levels for {game} with {players} players")
        raise ConfigError(Sentence(message, game=repr(game), players=players)) from None


def find_level(game: str, players: int, name: str) -> Level | None:
    """The level called ``name`` (any case, surrounding spaces ignored) of ``game`` with
    ``players`` seats; ``None`` if ``name`` is not a level name at all (an agent
    specification, say).

    Raises:
        ConfigError: if ``name`` is a level name but this game and player count have no
            levels.
    """
    key = name.strip().lower()
    if key not in LEVEL_NAMES:
        return None
    for level in levels_for(game, players):
        if level.name == key:
            return level
    return None  # pragma: no cover - every table of LEVELS holds every name (tested)


def resolve_agent(text: str, game: str, players: int) -> str:
    """The agent specification that ``text`` stands for: a level's specification if it
    names a level, else ``text`` itself (an agent specification, checked by whoever builds
    it).

    Args:
        text: a level name (``"strong"``) or an agent specification (``"ismcts:iterations=50"``).
        game: the game's registry name.
        players: its number of seats.

    Raises:
        ConfigError: if ``text`` is a single word that is neither a level nor an agent kind
            (the message lists the levels and the agents), or names a level of a game
            without levels.
    """
    level = find_level(game, players, text)
    if level is not None:
        return level.spec
    word = text.strip().lower()
    if word and ":" not in word and word not in known_kinds():
        names = [lv.name for lv in LEVELS.get((game, players), ())]
        kinds = join_list(known_kinds())
        if names:
            message = N_(
                "unknown agent '{text}': choose a level ({levels}) or an agent "
                "({kinds}; with parameters, e.g. ismcts:iterations=500)"
            )
            raise ConfigError(Sentence(message, text=text.strip(), levels=join_list(names), kinds=kinds))
        message = N_(
            "unknown agent '{text}': choose a level (none for this game) or an agent "
            "({kinds}; with parameters, e.g. ismcts:iterations=500)"
        )
        raise ConfigError(Sentence(message, text=text.strip(), kinds=kinds))
    return text


def level_of_spec(game: str, players: int, spec: str) -> Level | None:
    """The level of ``game`` with ``players`` seats whose specification is ``spec`` (for
    showing a stored seat by its level's name); ``None`` if none is."""
    for level in LEVELS.get((game, players), ()):
        if level.spec == spec:
            return level
    return None


def levels_json(game: str, players: int) -> list[dict[str, Any]]:
    """The levels of ``game`` with ``players`` seats as the web lobby shows them: name, spec,
    description, plain, ``title`` (the name as a page shows it, marked for translation:
    :data:`LEVEL_TITLES`), ``rating`` (``None`` if not measured; else ``elo``, ``interval``,
    ``games``, ``measured``: the fit's figures) and ``shown`` (``None`` if not measured; else
    :class:`Shown`'s fields: what may honestly be shown, a point or a bound).  Empty if the
    game has no levels for that count."""
    out = []
    for level in LEVELS.get((game, players), ()):
        rating = RATINGS.get((game, players, level.name))
        shown = shown_rating(game, players, level.name)
        out.append(
            {
                **asdict(level),
                "title": LEVEL_TITLES[level.name],
                "rating": asdict(rating) if rating is not None else None,
                "shown": asdict(shown) if shown is not None else None,
            }
        )
    return out
