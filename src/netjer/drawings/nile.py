"""Terminal drawing of Dioses del Nilo, from one seat's observation only.

The board is drawn from the seat's side of the table: its own half at the bottom and, for
Isis, the columns mirrored as she sees them across the table (a spectator sees Seth's
side).  Seth's tokens are purple and Isis's green (the seed's two colours; which god has
which is cosmetic, rules/nilo.md §6.11).  A token reads ``4`` face up, ``(4)`` when face down
but known to this seat (its owner, with ``owner_sees_drawn``), ``?`` when unknown; :data:`LEGEND`
under the board says so on the screen.

:func:`render_omniscient` (the end of a game, ``netjer replay --omniscient``) draws the board
once from both observations, each token from its owner's, with no "You are" line.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from netjer.drawings import Fit, keep_within
from netjer.games.nile.state import reason_text
from netjer.i18n import N_, _

STYLE = ("bold magenta", "bold green")
ROW_NAMES = (N_("Seth's rearguard"), N_("Seth's vanguard"), N_("Isis's vanguard"), N_("Isis's rearguard"))
#: The log tells only what no action's words tell: the terminal prints each action's words, then the log's new lines.
LOG_NARRATES_ACTIONS = False
#: Every mark of the drawing, shown under it.
LEGEND = N_(
    "4 face up · (4) face down, its value known to you · ? value unknown to you · \u00b7 empty square · "
    "⌛ hourglass: who acts · purple Seth, green Isis · 'help symbols', 'help NAME' explain more"
)
PHASES = {
    "placement": N_("placement phase"),
    "combat": N_("combat phase"),
    "final_action": N_("last action after an 'end'"),
    "over": N_("game over"),
}


def _token(cell: dict[str, Any] | None) -> Text:
    if cell is None:
        return Text("·", style="dim")
    style = STYLE[cell["owner"]]
    value = cell["value"]
    if value is None:
        return Text("?", style=style)
    if not cell["face_up"]:
        return Text(f"({value})", style=f"{style} dim")
    return Text(str(value), style=style)


def _tokens(values: list[int | None], face_up: list[bool] | None = None) -> str:
    if not values:
        return "—"
    words = []
    for i, v in enumerate(values):
        word = "?" if v is None else str(v)
        if face_up is not None and v is not None and not face_up[i]:
            word = f"({word})"
        words.append(word)
    return " ".join(words)


def render(obs: dict[str, Any], seat: int | None) -> RenderableType:
    """Draw ``obs`` (``NileState.observation(seat)``) for ``seat`` (``None``: a spectator).

    Returns:
        A Rich renderable: a heading, the board with square names, each side's column,
        hand and cemetery.
    """
    names = obs["players"][0]["name"], obs["players"][1]["name"]
    cols = obs["columns"]
    flip = seat == 1
    rows = [0, 1, 2, 3] if flip else [3, 2, 1, 0]  # top to bottom
    order = list(range(cols))[::-1] if flip else list(range(cols))
    letters = [obs["square_names"][0][c][0] for c in order]

    heading = _heading(obs, seat)
    counters = _counters(obs)
    # The events of the last action are printed by the front end from the log, not here.
    legend = Text(_(LEGEND), style="dim")
    full = Group(_board(obs, rows, order, letters, True), Text(""), _sides(obs, names))
    compact = Group(_board(obs, rows, order, letters, False), _row_key(rows), Text(""), _sides_compact(obs, names))
    return Group(heading, Text(""), Fit(full, compact), counters, legend)


def _heading(obs: dict[str, Any], seat: int | None) -> Text:
    """The round, the phase, who acts and holds the hourglass (or the result), and on a second
    line which god the viewer is (none for ``seat`` ``None``)."""
    names = obs["players"][0]["name"], obs["players"][1]["name"]
    to_move = obs["to_move"]
    phase = _(PHASES[obs["phase"]]) if obs["phase"] in PHASES else obs["phase"]
    heading = Text(_("Dioses del Nilo — round {round}, {phase}").format(round=obs["round"], phase=phase))
    if obs["winner"] is not None:
        result = _("a draw") if obs["winner"] == "draw" else _("{god} wins").format(god=names[obs["winner"]])
        heading.append(f" — {result}", style="bold")
        if obs["result"]:
            heading.append(f" ({reason_text(obs['result'])})")
    elif to_move is not None:
        heading.append(" — ")
        heading.append(_("{god} to act").format(god=names[to_move]), style=STYLE[to_move])
        heading.append("  ⌛ " + _("hourglass: {god}").format(god=names[obs["hourglass"]]))
    if seat is not None:
        heading.append("\n" + _("You are {god}.").format(god=names[seat]), style=STYLE[seat])
    return heading


def _counters(obs: dict[str, Any]) -> Text:
    """The counters that end a game: combat actions without a fight, repetitions of this position."""
    counters = Text(
        _("Combat actions without a fight: {n}/{limit}").format(n=obs["quiet"], limit=obs["no_fight_limit"]),
        style="dim",
    )
    if obs["repetition_limit"] and obs["phase"] in ("combat", "final_action"):
        counters.append(
            "   " + _("this position: {n}/{limit}").format(n=obs["repetitions"], limit=obs["repetition_limit"])
        )
    return counters


def render_compact(obs: dict[str, Any], seat: int | None, height: int, width: int) -> RenderableType:
    """Dioses del Nilo in at most ``height`` lines (a terminal too short for :func:`render`):
    the heading on one line, the board, each side's column, hand and cemetery, the counters,
    and that ``board`` shows the full screen with the legend of its marks.

    Args:
        obs: ``NileState.observation(seat)``.
        seat: the viewer (``None``: a spectator).
        height: the lines available (the caller keeps room for the choices and the prompt).
        width: the terminal's columns.

    Returns:
        A Rich group of the parts that fit, the heading always.
    """
    names = obs["players"][0]["name"], obs["players"][1]["name"]
    you = " (" + _("you") + ")"  # beside the viewer's side rather than on a line of its own
    labels = (names[0] + (you if seat == 0 else ""), names[1] + (you if seat == 1 else ""))
    flip = seat == 1
    rows = [0, 1, 2, 3] if flip else [3, 2, 1, 0]
    order = list(range(obs["columns"]))[::-1] if flip else list(range(obs["columns"]))
    letters = [obs["square_names"][0][c][0] for c in order]
    board = Fit(
        _board(obs, rows, order, letters, True), Group(_board(obs, rows, order, letters, False), _row_key(rows))
    )
    hint = Text(_("(4) face down, known to you · ? unknown to you · 'board': all, with the legend"), style="dim")
    parts: list[tuple[int, RenderableType | None]] = [
        (0, _heading(obs, None)),
        (1, board),
        (2, Fit(_sides(obs, labels), _sides_compact(obs, labels))),
        (4, _counters(obs)),
        (3, hint),
    ]
    return keep_within(parts, height, width)


def _board(obs: dict[str, Any], rows: list[int], order: list[int], letters: list[str], row_names: bool) -> Table:
    """The board: a row's number on its left and, in the full drawing, its name on its right."""
    board = Table(box=None, show_header=True, pad_edge=False, padding=(0, 1) if row_names else (0, 0))
    board.add_column("", justify="right", style="dim")
    for letter in letters:
        board.add_column(letter, justify="center", min_width=3 if row_names else 4)
    if row_names:
        board.add_column("", style="dim")
    for i, r in enumerate(rows):
        names = [_(ROW_NAMES[r])] if row_names else []
        board.add_row(str(r + 1), *[_token(obs["board"][r][c]) for c in order], *names)
        if i == 1:
            board.add_row("", *["─" * 3 for _ in order], *([""] if row_names else []), style="dim")
    return board


def _row_key(rows: list[int]) -> Text:
    """The compact board's row names, below it (top to bottom, as drawn), one a line."""
    return Text("\n".join(f"{r + 1} {_(ROW_NAMES[r])}" for r in rows), style="dim")


def _sides(obs: dict[str, Any], names: tuple[str, str]) -> Table:
    """Each side's column, hand and cemetery, one row each."""
    sides = Table(box=None, show_header=True, pad_edge=False, padding=(0, 2))
    for title in ("", _("column (next → last)"), _("hand"), _("cemetery")):
        sides.add_column(title, style="" if title else None)
    for s in (0, 1):
        p = obs["players"][s]
        sides.add_row(
            Text(names[s], style=STYLE[s]),
            f"{len(p['column'])}: {_tokens(p['column'])}",
            _tokens(p["hand"], p.get("hand_face_up")),
            _tokens(p["cemetery"]),
        )
    return sides


def _sides_compact(obs: dict[str, Any], names: tuple[str, str]) -> Group:
    """The same as :func:`_sides`, each side stacked on its own lines (narrow consoles)."""
    blocks: list[RenderableType] = []
    for s in (0, 1):
        p = obs["players"][s]
        grid = Table.grid(padding=(0, 1))
        grid.add_column(style="dim", no_wrap=True)
        grid.add_column()
        grid.add_row(_("column (next → last)"), f"{len(p['column'])}: {_tokens(p['column'])}")
        grid.add_row(_("hand"), _tokens(p["hand"], p.get("hand_face_up")))
        grid.add_row(_("cemetery"), _tokens(p["cemetery"]))
        blocks += [Text(names[s], style=STYLE[s]), grid]
    return Group(*blocks)


def render_omniscient(observations: list[dict[str, Any]]) -> RenderableType:
    """Draw the whole position once (the end of a game, an omniscient replay): each square and
    each side's column and hand as its owner knows them, seen from Seth's side, without a
    "You are" line.

    Args:
        observations: ``observation(seat)`` of seats 0 (Seth) and 1 (Isis).
    """
    merged = dict(observations[0])
    merged["board"] = [
        [observations[cell["owner"]]["board"][r][c] if cell is not None else None for c, cell in enumerate(row)]
        for r, row in enumerate(observations[0]["board"])
    ]
    merged["players"] = [observations[s]["players"][s] for s in range(len(observations))]
    return render(merged, None)
