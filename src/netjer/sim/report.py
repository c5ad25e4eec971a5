"""Balance reports: a self-contained HTML page with plots, plus the raw results as JSON and CSV.

Metrics use Ludii's vocabulary (Browne, Stephenson et al., "Ludii metrics"; the Ludii
portal's game-concept metrics), computed from the tournament's games:

* **balance**: 1 − (highest − lowest) seat score, 1 meaning every seat does equally well;
* **seat advantage**: each seat's score (win 1, draw ½) with a Wilson 95% interval — the
  side advantage;
* **first-player advantage**: the score of the seat that made the first decision, with its
  Wilson 95% interval (in games whose first player is drawn at random this differs from
  the seat scores);
* **drawishness**: the share of games without a single winner;
* **decisiveness**: the mean fraction of a game after which its final leader on the public
  score led for good (lower: decided earlier); games without a public score count as 1;
* **lead changes**: mean number of changes of the leader on the public score;
* **game length**: decisions per game (mean, median, range, histogram);
* **facets**: when the game labels its seats (``State.report_facets``: a god, a turn
  position, a start position, a scenario), the score per label with Wilson intervals
  (:mod:`netjer.sim.facets`).

A report also says when its sample cannot be trusted (:func:`sample_warnings`): few distinct
games among those played (a deterministic line-up replays the same game, and the intervals,
which count every game as an independent trial, are then far too narrow), or every seat held
by the same deterministic player (the seat scores then describe one fixed strategy against
itself, not the positions).
"""

from __future__ import annotations

import base64
import csv
import html
import io
import json
import statistics
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from netjer.i18n import N_, _, format_decimal, format_elo_interval, format_number, get_language, ngettext
from netjer.sim.facets import CROSSED, FacetTable, Score, cross_scores, facet_names, facet_tables, first_player_score
from netjer.sim.tournament import GameResult, TournamentSummary, outcome

#: Below this share of distinct games among those played, the report warns.
DISTINCT_SHARE = 0.9


def distinct_games(results: Sequence[GameResult]) -> int:
    """How many different games ``results`` hold (by :attr:`GameResult.fingerprint`; a
    result without one counts as distinct)."""
    return len({r.fingerprint or f"#{r.index}" for r in results})


def deterministic_spec(spec: str) -> bool:
    """Whether the agent ``spec`` plays the same action every time in the same position (it
    says so: a ``deterministic`` attribute, as the heuristic without ``epsilon`` or
    ``temperature``); False for a specification that cannot be built."""
    from netjer.agents.registry import make_agent  # noqa: PLC0415 - the registry imports every agent
    from netjer.core.errors import NetjerError  # noqa: PLC0415

    try:
        return bool(getattr(make_agent(spec), "deterministic", False))
    except NetjerError:
        return False


def sample_warnings(results: Sequence[GameResult], agents: Sequence[str]) -> list[str]:
    """Why the sample may not support its intervals, in words (empty when nothing is wrong).

    Args:
        results: the games.
        agents: the tournament's agent specifications, indexed like ``GameResult.players``.

    Returns:
        One sentence per problem: fewer than :data:`DISTINCT_SHARE` of the games distinct;
        every seat held by the same deterministic agent.
    """
    out = []
    n = len(results)
    distinct = distinct_games(results)
    if n and distinct < DISTINCT_SHARE * n:
        out.append(
            ngettext(
                "only {distinct} distinct games among {n}: a repeated game is not a new trial, so the "
                "intervals (computed for {n} independent game) are too narrow; give the agents some "
                "randomness ({example} or {other}) or use a search agent",
                "only {distinct} distinct games among {n}: a repeated game is not a new trial, so the "
                "intervals (computed for {n} independent games) are too narrow; give the agents some "
                "randomness ({example} or {other}) or use a search agent",
                n,
            ).format(
                distinct=format_number(distinct),
                n=format_number(n),
                example="heuristic:temperature=0.1",
                other="epsilon=0.05",
            )
        )
    used = {agents[p] for r in results for p in r.players} if agents else set()
    if len(used) == 1:
        spec = next(iter(used))
        if deterministic_spec(spec):
            out.append(
                _(
                    "every seat is played by the same deterministic player ({agent}): the seat and facet "
                    "scores describe that one strategy against copies of itself, not the positions' balance"
                ).format(agent=spec)
            )
    return out


#: Each balance metric's name as the HTML report's table shows it (marked for translation; the
#: keys stay as ``results.json`` writes them).
METRIC_NAMES: dict[str, str] = {
    "games": N_("games"),
    "balance": N_("balance"),
    "first_player_score": N_("first player's score"),
    "first_player_low": N_("first player's score, 95% interval's low end"),
    "first_player_high": N_("first player's score, 95% interval's high end"),
    "drawishness": N_("drawishness"),
    "decisiveness": N_("decisiveness"),
    "lead_changes": N_("lead changes"),
    "length_mean": N_("length in decisions, mean"),
    "length_median": N_("length in decisions, median"),
    "length_min": N_("length in decisions, shortest"),
    "length_max": N_("length in decisions, longest"),
}


def balance_metrics(results: Sequence[GameResult]) -> dict[str, float]:
    """The Ludii-style metrics of the module docstring, as numbers.

    Args:
        results: the games.

    Returns:
        Per metric its value: counts (``games``, ``length_min``, ``length_max``) as ints,
        the median length as an int when it is a whole number, the others as floats.

    Raises:
        ValueError: if ``results`` is empty.
    """
    if not results:
        raise ValueError("no games to measure")
    n_seats = len(results[0].returns)
    seat_points = [0.0] * n_seats
    draws = 0
    for r in results:
        kinds = [outcome(r.returns, s) for s in range(n_seats)]
        if "win" not in kinds:
            draws += 1
        for s, kind in enumerate(kinds):
            seat_points[s] += 1.0 if kind == "win" else (0.5 if kind == "draw" else 0.0)
    n = len(results)
    scores = [p / n for p in seat_points]
    lengths = [r.decisions for r in results]
    first = first_player_score(results)
    median = statistics.median(lengths)
    return {
        "games": n,
        "balance": 1.0 - (max(scores) - min(scores)),
        "first_player_score": first.score,
        "first_player_low": first.interval[0],
        "first_player_high": first.interval[1],
        "drawishness": draws / n,
        "decisiveness": statistics.fmean(r.decided_at for r in results),
        "lead_changes": statistics.fmean(r.lead_changes for r in results),
        "length_mean": statistics.fmean(lengths),
        "length_median": int(median) if float(median).is_integer() else float(median),
        "length_min": min(lengths),
        "length_max": max(lengths),
    }


def _png(fig: Any) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100, bbox_inches="tight")
    return base64.b64encode(buf.getvalue()).decode("ascii")


def _plots(
    summary: TournamentSummary,
    results: Sequence[GameResult],
    seat_names: Sequence[str],
    facets: Sequence[FacetTable],
) -> list[tuple[str, str]]:
    """(title, base64 PNG) of each plot: game lengths, scores by seat and by agent, and per
    facet the score by label (seat facets) or the first player's score by label (game facets)."""
    import matplotlib  # noqa: PLC0415 - imported only when a report is written

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    images = []
    fig, ax = plt.subplots(figsize=(6, 3.2))
    ax.hist([r.decisions for r in results], bins=min(30, max(5, len(results) // 5)), color="#b8860b")
    ax.set_xlabel(_("decisions per game"))
    ax.set_ylabel(_("games"))
    ax.set_title(_("Game length"))
    images.append((_("Game length"), _png(fig)))
    plt.close(fig)
    fair = 1.0 / max(1, len(seat_names))

    def bars(
        labels: Sequence[str],
        values: Sequence[float],
        intervals: Sequence[tuple[float, float]],
        title: str,
        reference: float,
    ) -> tuple[str, str]:
        low = [max(0.0, v - lo) for v, (lo, _) in zip(values, intervals, strict=True)]
        high = [max(0.0, hi - v) for v, (_, hi) in zip(values, intervals, strict=True)]
        if len(labels) > 5 or max((len(x) for x in labels), default=0) > 12:
            # Many or long labels (Guardian draws, god names): horizontal bars, labels readable.
            fig, ax = plt.subplots(figsize=(6, 0.8 + 0.35 * len(labels)))
            ax.barh(labels, values, xerr=[low, high], capsize=4, color="#4682b4")
            ax.axvline(reference, color="grey", linestyle="--", linewidth=1)
            ax.set_xlim(0, 1)
            ax.invert_yaxis()
            ax.set_xlabel(_("score (win 1, draw ½)"))
        else:
            fig, ax = plt.subplots(figsize=(6, 3.2))
            ax.bar(labels, values, yerr=[low, high], capsize=6, color="#4682b4")
            ax.axhline(reference, color="grey", linestyle="--", linewidth=1)
            ax.set_ylim(0, 1)
            ax.set_ylabel(_("score (win 1, draw ½)"))
        ax.set_title(title)
        out = _png(fig)
        plt.close(fig)
        return title, out

    images.append(
        bars(
            list(seat_names),
            [s for s, _i in summary.seat_scores],
            [i for _s, i in summary.seat_scores],
            _("Score by seat (95% Wilson intervals)"),
            fair,
        )
    )
    images.append(
        bars(
            [a.name for a in summary.agents],
            [a.score for a in summary.agents],
            [a.score_interval for a in summary.agents],
            _("Score by agent (95% Wilson intervals)"),
            fair,
        )
    )
    for table in facets:
        scores = [row.first_player if table.per_game else row.score for row in table.rows]
        what = (
            _("First player's score by {facet} (95% Wilson intervals)")
            if table.per_game
            else _("Score by {facet} (95% Wilson intervals)")
        )
        images.append(
            bars(
                [_words(row.label) for row in table.rows],
                [sc.score for sc in scores],
                [sc.interval for sc in scores],
                what.format(facet=_words(table.name)),
                fair,
            )
        )
    return images


def _metric_text(value: float) -> str:
    """A metric for the page: an int (a count) as an int, a float with three decimals, in the
    reader's number format (:mod:`netjer.i18n`)."""
    return str(value) if isinstance(value, int) else format_decimal(value, 3)


def _score_cell(score: Score) -> str:
    return _interval(score.score, score.interval)


def _interval(value: float, interval: tuple[float, float], digits: int = 3) -> str:
    """``"0.500 [0.095, 0.905]"`` in the reader's number format."""
    low, high = (format_decimal(v, digits) for v in interval)
    return f"{format_decimal(value, digits)} [{low}, {high}]"


def _words(text: str) -> str:
    """A facet's name or label (English words of the catalogues, or a value as typed) in the
    reader's language (:func:`netjer.i18n_lines.tell`); a text no message reads stays as it is."""
    from netjer.i18n_lines import tell  # noqa: PLC0415 - the catalogues' readers, built when needed

    return tell(text, get_language())


#: A yes-or-no option's value in words.
_YES_NO: dict[bool, str] = {True: N_("yes"), False: N_("no")}
#: The values that leave a choice to chance, in words (issue 32: the report said "Guardianes:
#: draw; Jugador inicial: None"): ``None`` (a first player, a Guardian of a level) and
#: ``"draw"`` (Ankh's gods and Guardians) are drawn at random when the game is set up.
_AT_RANDOM = N_("at random")


def options_words(game: str | None, options: dict[str, Any]) -> str:
    """``options`` as the report's reader reads them: ``"Jugadores: 3; Escenario: Reino Medio"``.

    Each option is named by its title in the game's option schema (``Players``, what the web
    lobby's form shows), a key the schema lacks by its words (``rotate_starts``: "rotate starts");
    a value from a list of choices, a yes-or-no and a list are told in the reader's language as the
    lobby tells them (:func:`netjer.i18n_lines.tell`), a number in the reader's format, anything
    else as typed.  ``game`` is the registry's name (``"ankh"``), ``None`` for no schema."""
    from netjer.games.registry import game_class  # noqa: PLC0415 - the games, loaded when a report is written

    properties: dict[str, Any] = game_class(game).option_schema().get("properties", {}) if game else {}
    domains = ("common", game) if game else ("common",)
    language = get_language()

    def told(text: str) -> str:
        from netjer.i18n_lines import tell  # noqa: PLC0415 - the catalogues' readers, built when needed

        return tell(text, language, domains)

    def value_words(value: Any) -> str:
        if value is None or value == "draw":
            return _(_AT_RANDOM)
        if isinstance(value, bool):
            return _(_YES_NO[value])
        if isinstance(value, int | float):
            return format_number(value)
        if isinstance(value, list | tuple):
            return ", ".join(value_words(v) for v in value)
        return told(str(value).replace("_", " ")) if isinstance(value, str) else str(value)

    pairs = []
    for key, value in options.items():
        title = properties.get(key, {}).get("title") or key.replace("_", " ")
        # Not a catalogue message: a bare "{option}: {value}" would read back ambiguously inside
        # other lines ("Isis wins: Isis attacked…", netjer.i18n_lines); es and de write it alike.
        pairs.append(f"{told(title)}: {value_words(value)}")
    return "; ".join(pairs)


def _facet_html(table: FacetTable) -> str:
    esc = html.escape
    name = _words(table.name)
    if table.per_game:
        agent_names = list(dict.fromkeys(name for row in table.rows for name in row.agents))
        agent_score = _("{agent} score [95% CI]")
        head = "".join(f"<th>{esc(agent_score.format(agent=a))}</th>" for a in agent_names)
        rows = "".join(
            f"<tr><td>{esc(_words(row.label))}</td><td>{format_number(row.games)}</td>"
            f"<td>{format_decimal(row.no_winner, 3)}</td>"
            f"<td>{format_decimal(row.mean_length, 1)}</td><td>{_score_cell(row.first_player)}</td>"
            + "".join(f"<td>{_score_cell(row.agents[a]) if a in row.agents else ''}</td>" for a in agent_names)
            + "</tr>"
            for row in table.rows
        )
        heading = _("By {facet} (the same for every seat of a game)").format(facet=name)
        columns = (_("games"), _("no single winner"), _("mean length"), _("first player score [95% CI]"))
        return (
            f"<h3>{esc(heading)}</h3><table><tr><th>{esc(name)}</th>"
            + "".join(f"<th>{esc(c)}</th>" for c in columns)
            + f"{head}</tr>{rows}</table>"
        )
    rows = "".join(
        f"<tr><td>{esc(_words(row.label))}</td><td>{format_number(row.seats)}</td>"
        f"<td>{row.score.wins}/{row.score.draws}/{row.score.losses}</td><td>{_score_cell(row.score)}</td></tr>"
        for row in table.rows
    )
    columns = (name, _("seats"), _("W/D/L"), _("score [95% CI]"))
    heading = _("By {facet}").format(facet=name)
    return (
        f"<h3>{esc(heading)}</h3><table><tr>" + "".join(f"<th>{esc(c)}</th>" for c in columns) + f"</tr>{rows}</table>"
    )


def cross_html(results: Sequence[GameResult]) -> str:
    """The start position x turn position table (:func:`netjer.sim.facets.cross_scores`), or
    an empty string when there is none."""
    cells = cross_scores(results)
    if cells is None:
        return ""
    esc = html.escape
    rows = list(dict.fromkeys(a for a, _ in cells))
    cols = sorted({b for _, b in cells})

    def cell(a: str, b: str) -> str:
        score = cells.get((a, b))
        return f"<td>{_score_cell(score)} (n={format_number(score.n)})</td>" if score else "<td></td>"

    head = "".join(f"<th>{esc(_words(c))}</th>" for c in cols)
    body = "".join(f"<tr><td>{esc(_words(a))}</td>{''.join(cell(a, b) for b in cols)}</tr>" for a in rows)
    heading = _("By {rows} (rows) and {columns} (columns)").format(rows=_words(CROSSED[0]), columns=_words(CROSSED[1]))
    return f"<h3>{esc(heading)}</h3><table><tr><th></th>{head}</tr>{body}</table>"


def write_report(
    out_dir: Path,
    summary: TournamentSummary,
    results: Sequence[GameResult],
    *,
    title: str,
    seat_names: Sequence[str],
    options: dict[str, Any],
    game: str | None = None,
) -> Path:
    """Write ``index.html`` (plots embedded), ``results.json`` and ``results.csv`` into ``out_dir``.

    The page's words are in the process's language (:mod:`netjer.i18n`); the metrics keep the
    names of their ``results.json`` fields, and the files' data stays as recorded.  ``game`` (the
    registry's name) names the options by their titles (:func:`options_words`).

    Returns:
        The path of ``index.html``.

    Raises:
        ValueError: if there are no results.
        OSError: if ``out_dir`` cannot be written.
    """
    metrics = balance_metrics(results)
    facets = facet_tables(results, [a.name for a in summary.agents])
    warnings = sample_warnings(results, [a.name for a in summary.agents])
    out_dir.mkdir(parents=True, exist_ok=True)
    images = _plots(summary, results, seat_names, facets)
    (out_dir / "results.json").write_text(
        json.dumps(
            {
                "summary": summary.as_dict(),
                "metrics": metrics,
                "facets": [t.as_dict() for t in facets],
                "warnings": warnings,
                "distinct_games": distinct_games(results),
                "options": options,
                "games": [asdict(r) for r in results],
            },
            indent=2,
        ),
        encoding="utf-8",
    )
    write_csv(out_dir / "results.csv", results)
    esc = html.escape
    agent_rows = "".join(
        f"<tr><td>{esc(a.name)}</td><td>{format_number(a.games)}</td><td>{a.wins}/{a.draws}/{a.losses}</td>"
        f"<td>{_interval(a.score, a.score_interval)}</td>"
        f"<td>{format_elo_interval(a.elo, a.elo_interval)}</td></tr>"
        for a in summary.agents
    )
    seat_rows = "".join(
        f"<tr><td>{esc(name)}</td><td>{_interval(score, interval)}</td></tr>"
        for name, (score, interval) in zip(seat_names, summary.seat_scores, strict=True)
    )
    first = first_player_score(results)
    first_words = esc(_("first player (whoever made the first decision)"))
    seat_rows += f"<tr><td>{first_words}</td><td>{_score_cell(first)}</td></tr>"
    metric_rows = "".join(
        f"<tr><td>{esc(_(METRIC_NAMES[k]) if k in METRIC_NAMES else k)}</td><td>{_metric_text(v)}</td></tr>"
        for k, v in metrics.items()
    )
    facet_section = ""
    if facets:
        about = _(
            "Labels the game gives its seats (fair score: {fair}). A facet shared by every seat of a game "
            "compares the first player's score and each agent's score under each label."
        ).format(fair=format_decimal(1 / max(1, len(seat_names)), 3))
        facets_heading = _("Facets")
        facet_section = f"<h2>{esc(facets_heading)}</h2><p>{esc(about)}</p>"
        facet_section += "".join(_facet_html(t) for t in facets) + cross_html(results)
    figures = "".join(f'<img alt="{esc(name)}" src="data:image/png;base64,{img}">' for name, img in images)
    warning_word = esc(_("Warning:"))
    warning_section = "".join(f'<p class="warning"><strong>{warning_word}</strong> {esc(w)}.</p>' for w in warnings)
    played = ngettext(
        "{n} game ({distinct} distinct), seats rotated. Options:",
        "{n} games ({distinct} distinct), seats rotated. Options:",
        summary.games,
    ).format(n=format_number(summary.games), distinct=format_number(distinct_games(results)))
    explained = _(
        "Balance = 1 − (best − worst seat score); first player = the score of the seat that made the first "
        "decision, with its 95% Wilson interval; drawishness = share of games without a single winner; "
        "decisiveness = mean fraction of the game after which the final leader on the public score led for "
        "good; lead changes on the public score; lengths in decisions."
    )

    def head(*columns: str) -> str:
        return "".join(f"<th>{esc(c)}</th>" for c in columns)

    agent_head = head(_("agent"), _("seats played"), _("W/D/L"), _("score [95% CI]"), _("Elo [95% CI]"))
    seat_head = head(_("seat"), _("score [95% CI]"))
    metric_head = head(_("metric"), _("value"))
    agents_heading, seats_heading, metrics_heading = _("Agents"), _("Seats"), _("Balance metrics")
    page = f"""<!doctype html>
<html lang="{esc(get_language())}"><head><meta charset="utf-8"><title>{esc(title)}</title>
<style>body{{font-family:sans-serif;max-width:60em;margin:2em auto}}table{{border-collapse:collapse;margin:1em 0}}
td,th{{border:1px solid #ccc;padding:.3em .6em;text-align:left}}img{{max-width:48%;margin:.5%}}
.warning{{background:#fff3cd;border:1px solid #e0b000;padding:.5em}}</style></head>
<body><h1>{esc(title)}</h1>
<p>{esc(played)}
{esc(options_words(game, options))}</p>
{warning_section}
<h2>{esc(agents_heading)}</h2><table><tr>{agent_head}</tr>{agent_rows}</table>
<h2>{esc(seats_heading)}</h2><table><tr>{seat_head}</tr>{seat_rows}</table>
{facet_section}
<h2>{esc(metrics_heading)}</h2><table><tr>{metric_head}</tr>{metric_rows}</table>
<p>{esc(explained)}</p>
{figures}
</body></html>
"""
    index = out_dir / "index.html"
    index.write_text(page, encoding="utf-8")
    return index


def write_csv(path: Path, results: Sequence[GameResult]) -> None:
    """One row per game: index, seed, players per seat, returns per seat, length, lead changes,
    then each facet's label per seat (``god_seat0``, ...)."""
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        n = len(results[0].returns) if results else 0
        names = facet_names(results)
        writer.writerow(
            [
                "index",
                "seed",
                *(f"player_seat{s}" for s in range(n)),
                *(f"return_seat{s}" for s in range(n)),
                "decisions",
                "lead_changes",
                "decided_at",
                "first_player",
                *(f"{name}_seat{s}" for name in names for s in range(n)),
            ]
        )
        for r in results:
            writer.writerow(
                [
                    r.index,
                    r.seed,
                    *r.players,
                    *r.returns,
                    r.decisions,
                    r.lead_changes,
                    f"{r.decided_at:.4f}",
                    r.first_player,
                    *(label for name in names for label in r.facets.get(name, ("",) * n)),
                ]
            )
