"""Balance by *facet*: win rates per god, per scenario, per turn position, ... with intervals.

A game state may label its seats for reports (``State.report_facets()``, recorded at the
start of each game in :attr:`GameResult.facets`): ``{"god": ["Ra", "Isis"], "scenario":
["old-kingdom", "old-kingdom"]}``; a tournament that varies an option adds its value as a facet
named after the option (:attr:`GameTask.facets`).  Nothing here knows any game: every facet is
tabulated the same way, by the kind of label it turns out to be.

* A **seat facet** labels seats differently within a game (a god, a turn position): its
  table gives, per label, the seats that carried it, their wins, draws and losses, and their
  score (win 1, draw ½) with a Wilson 95% interval.  A fair label scores about 1 / seats.
* A **game facet** gives every seat of a game the same label (a scenario, a Guardian
  draw): every label would score 1 / seats by construction, so its table gives, per label,
  the games, the share without a single winner, the mean length, the first player's score
  (the first-player advantage under that label) and, with several agents, each agent's
  score — all with Wilson 95% intervals.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from netjer.core.stats import wilson_interval
from netjer.sim.tournament import GameResult, outcome

Interval = tuple[float, float]


@dataclass
class Score:
    """A score (win 1, draw ½, loss 0) over ``n`` trials, with its Wilson 95% interval."""

    n: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0

    def add(self, kind: str) -> None:
        """Count one outcome (``"win"``, ``"draw"`` or ``"loss"``)."""
        self.n += 1
        if kind == "win":
            self.wins += 1
        elif kind == "draw":
            self.draws += 1
        else:
            self.losses += 1

    @property
    def points(self) -> float:
        """Wins plus half the draws."""
        return self.wins + 0.5 * self.draws

    @property
    def score(self) -> float:
        """Points per trial (NaN without trials)."""
        return self.points / self.n if self.n else float("nan")

    @property
    def interval(self) -> Interval:
        """Wilson 95% interval of :attr:`score`."""
        return wilson_interval(self.points, self.n)

    def as_dict(self) -> dict[str, Any]:
        """JSON-serialisable form, score and interval included."""
        return {**asdict(self), "score": self.score, "interval": list(self.interval)}


@dataclass
class FacetRow:
    """One label of a facet.

    Attributes:
        label: the label.
        games: games in which some seat carried it.
        seats: seat results with this label (seat facet: the rows' trials).
        score: the score of those seats (seat facets).
        first_player: the first player's score in those games (game facets).
        agents: per agent name, its score in those games (game facets, several agents).
        no_winner: share of those games without a single winner.
        mean_length: mean decisions per game.
    """

    label: str
    games: int = 0
    seats: int = 0
    score: Score = field(default_factory=Score)
    first_player: Score = field(default_factory=Score)
    agents: dict[str, Score] = field(default_factory=dict)
    no_winner: float = 0.0
    mean_length: float = 0.0


@dataclass
class FacetTable:
    """The rows of one facet, labels sorted.

    Attributes:
        name: the facet (``"god"``).
        per_game: True for a game facet (one label per game), False for a seat facet.
        rows: one per label.
    """

    name: str
    per_game: bool
    rows: list[FacetRow]

    def as_dict(self) -> dict[str, Any]:
        """JSON-serialisable form."""
        return {
            "name": self.name,
            "per_game": self.per_game,
            "rows": [
                {
                    "label": r.label,
                    "games": r.games,
                    "seats": r.seats,
                    "score": r.score.as_dict(),
                    "first_player": r.first_player.as_dict(),
                    "agents": {k: v.as_dict() for k, v in r.agents.items()},
                    "no_winner": r.no_winner,
                    "mean_length": r.mean_length,
                }
                for r in self.rows
            ],
        }


def facet_names(results: Sequence[GameResult]) -> list[str]:
    """Every facet some result carries, in order of first appearance."""
    names: dict[str, None] = {}
    for r in results:
        for name in r.facets:
            names.setdefault(name)
    return list(names)


def facet_tables(results: Sequence[GameResult], agents: Sequence[str] = ()) -> list[FacetTable]:
    """One :class:`FacetTable` per facet found in ``results`` (see the module docstring).

    Args:
        results: the games; a result without a facet is left out of that facet's table.
        agents: the tournament's agent names, indexed like ``GameResult.players``; with two
            or more, game facets also give each agent's score per label.
    """
    tables = []
    for name in facet_names(results):
        games = [r for r in results if name in r.facets]
        per_game = all(len(set(r.facets[name])) == 1 for r in games)
        rows: dict[str, FacetRow] = {}
        lengths: dict[str, list[int]] = {}
        no_winner: dict[str, int] = {}
        for r in games:
            labels = r.facets[name]
            kinds = [outcome(r.returns, s) for s in range(len(r.returns))]
            for label in dict.fromkeys(labels):
                row = rows.get(label)
                if row is None:
                    row = rows[label] = FacetRow(label)
                    if len(agents) > 1:  # columns in the tournament's agent order
                        row.agents = {name: Score() for name in dict.fromkeys(agents)}
                row.games += 1
                lengths.setdefault(label, []).append(r.decisions)
                no_winner[label] = no_winner.get(label, 0) + ("win" not in kinds)
                row.first_player.add(kinds[r.first_player])
                if len(agents) > 1:
                    for s, player in enumerate(r.players):
                        row.agents.setdefault(agents[player], Score()).add(kinds[s])
            for s, label in enumerate(labels):
                row = rows[label]
                row.seats += 1
                row.score.add(kinds[s])
        for label, row in rows.items():
            row.no_winner = no_winner[label] / row.games
            row.mean_length = statistics.fmean(lengths[label])
        tables.append(FacetTable(name, per_game, [rows[label] for label in sorted(rows)]))
    return tables


def first_player_score(results: Sequence[GameResult]) -> Score:
    """The score of the seat that made each game's first decision (first-player advantage)."""
    score = Score()
    for r in results:
        score.add(outcome(r.returns, r.first_player))
    return score


#: Seat facets shown crossed in a report when both exist and differ somewhere (Ankh's start
#: positions rotated over the turn positions: ``--rotate-starts``).
CROSSED = ("start position", "turn position")


def cross_scores(
    results: Sequence[GameResult], rows: str = CROSSED[0], cols: str = CROSSED[1]
) -> dict[tuple[str, str], Score] | None:
    """The score of the seats labelled ``(row label, column label)`` by two seat facets.

    Args:
        results: the games.
        rows, cols: two facet names.

    Returns:
        Per pair of labels its :class:`Score`; ``None`` when a result lacks either facet or
        the two facets label every seat alike (nothing to tell apart).
    """
    if not results or any(rows not in r.facets or cols not in r.facets for r in results):
        return None
    pairs = {(a, b) for r in results for a, b in zip(r.facets[rows], r.facets[cols], strict=True)}
    if len({a for a, _ in pairs}) == len(pairs):  # each row label always with the same column label
        return None
    table: dict[tuple[str, str], Score] = {}
    for r in results:
        for s, (a, b) in enumerate(zip(r.facets[rows], r.facets[cols], strict=True)):
            table.setdefault((a, b), Score()).add(outcome(r.returns, s))
    return dict(sorted(table.items()))
