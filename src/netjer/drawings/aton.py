"""Aton drawn for the terminal, from an observation only (docs/rules/aton.md §1-2 for the parts)."""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from netjer.drawings import keep_within
from netjer.i18n import N_, _, ngettext

SEAT_STYLES = ("bold red", "bold blue")
KIND_STYLES = {
    "Y": "black on yellow",
    "G": "black on green",
    "K": "white on grey23",
    "B": "white on blue",
    "+1": "black on dark_orange",
    "+2": "black on dark_orange",
}
#: The phases of a round (the observation's ``phase``, rules/aton.md §4) as the status line says them.
PHASE_WORDS = {
    "exchange": N_("card exchange"),
    "assign": N_("cartouches"),
    "remove": N_("removing stones"),
    "place": N_("placing stones"),
    "over": N_("game over"),
}
STONES = ("▲", "●")
STONE_COLOURS = ("red1", "blue1")
KIND_LABELS = {"Y": "Y ", "G": "G ", "K": "K ", "B": "B ", "+1": "+1", "+2": "+2"}


def _face_down(n: int) -> str:
    """A hand of ``n`` cards the reader may not see (``"4 cards, face down"``), its plural told."""
    return ngettext("{n} card, face down", "{n} cards, face down", n).format(n=n)


def _square(square: dict[str, Any]) -> Text:
    """One square: its kind, and the stone on it (Red ▲, Blue ●: shape and colour differ)."""
    kind = square["kind"]
    owner = square["owner"]
    style = KIND_STYLES[kind]
    background = style.split(" on ")[1]
    text = Text(KIND_LABELS[kind], style=style)
    if owner is None:
        text.append(" · ", style=style)
    else:
        text.append(f" {STONES[owner]} ", style=f"bold {STONE_COLOURS[owner]} on {background}")
    return text


def _temple(index: int, squares: list[dict[str, Any]], allowed: int | None) -> Panel:
    grid = Table.grid(padding=(0, 1))
    for _column in range(4):
        grid.add_column()
    for row in range(3):
        grid.add_row(*(_square(squares[row * 4 + col]) for col in range(4)))
    counts = [sum(1 for s in squares if s["owner"] == p) for p in (0, 1)]
    subtitle = Text.assemble((f"{counts[0]}", SEAT_STYLES[0]), " : ", (f"{counts[1]}", SEAT_STYLES[1]))
    style = "bold green" if allowed is not None and index < allowed else "dim"
    return Panel(grid, title=_("Temple {n}").format(n=index + 1), subtitle=subtitle, border_style=style)


def _card(value: Any) -> Text:
    if value is None:
        return Text("[ ]", style="dim")
    if value == "hidden":
        return Text("[?]", style="bold magenta")
    return Text(f"[{value}]", style="bold")


def _player(obs: dict[str, Any], p: int, seat: int | None) -> Panel:
    info = obs["players"][p]
    lines = Table.grid(padding=(0, 1))
    lines.add_column(style="dim")
    lines.add_column()
    cart = Text()
    for i, v in enumerate(info["cartouches"]):
        cart.append(f"{i + 1}:")
        cart.append_text(_card(v))
        cart.append(" ")
    lines.add_row(_("cartouches"), cart)
    if "hand" in info:
        lines.add_row(_("hand"), Text(" ".join(str(v) for v in info["hand"]) or "-", style="bold"))
    else:
        lines.add_row(_("hand"), Text(_face_down(info["hand_count"])))
    lines.add_row(_("score"), Text(str(info["score"]), style="bold"))
    lines.add_row(
        _("stones"), _("{supply} in supply, {dead} in the Kingdom").format(supply=info["supply"], dead=info["kingdom"])
    )
    pile = ngettext("{n} card", "{n} cards", info["draw_count"]).format(n=info["draw_count"])
    if info["draw_bottom"]:
        pile += ", " + _("known at the bottom: {cards}").format(cards=" ".join(map(str, info["draw_bottom"])))
    lines.add_row(_("draw pile"), pile)
    parts = [" ".join(map(str, sorted(info["discard"])))] if info["discard"] else []
    if info["face_down_discard_count"]:
        hidden = info.get("face_down_discard")
        if hidden is not None:
            parts.append(_("face down: {cards}").format(cards=" ".join(map(str, hidden))))
        else:
            parts.append(_("{n} face down").format(n=info["face_down_discard_count"]))
    discard = " + ".join(parts) or "-"
    lines.add_row(_("discard"), discard)
    # the counter is the row's subject, so an adjective agrees with it ("ficha ... usada")
    lines.add_row(_("exchange counter"), _("available") if info["exchange_counter"] else _("used"))
    you = " " + _("(you)") if p == seat else ""
    active = " ◀" if obs["to_move"] == p else ""
    return Panel(lines, title=Text(f"{info['name']}{you}{active}", style=SEAT_STYLES[p]), border_style=SEAT_STYLES[p])


def _status(obs: dict[str, Any]) -> Text:
    """The status line: round, phase, scores, stones in the Kingdom, who acts."""
    names = [p["name"] for p in obs["players"]]
    kingdom = sum(p["kingdom"] for p in obs["players"])
    status = Text.assemble(
        (_("Round {round}").format(round=obs["round"]), "bold"),
        " · " + (_(PHASE_WORDS[obs["phase"]]) if obs["phase"] in PHASE_WORDS else str(obs["phase"])) + " · ",
        (f"{names[0]} {obs['players'][0]['score']}", SEAT_STYLES[0]),
        " – ",
        (f"{names[1]} {obs['players'][1]['score']}", SEAT_STYLES[1]),
        " · " + _("Kingdom {n}/8").format(n=kingdom),
    )
    if obs["to_move"] is not None:
        status.append(" · " + _("{name} to act").format(name=names[obs["to_move"]]))
    return status


def _tasks(obs: dict[str, Any], seat: int | None) -> list[Text]:
    """The stones left to remove or to place in this decision, if any (a line each)."""
    names = [p["name"] for p in obs["players"]]
    tasks = []
    if obs["removals_left"]:
        victim = obs["removal_victim"]
        only_first = obs["allowed_temples"] == 1  # "temples 1-1" reads as a mistake
        if victim == seat:
            words = (
                _("Stones to remove: {n} of your own, from temple 1.")
                if only_first
                else _("Stones to remove: {n} of your own, from temples 1-{last}.")
            )
        else:
            words = (
                _("Stones to remove: {n} of {name}'s, from temple 1.")
                if only_first
                else _("Stones to remove: {n} of {name}'s, from temples 1-{last}.")
            )
        tasks.append(
            Text(words.format(n=obs["removals_left"], name=names[victim], last=obs["allowed_temples"]), style="bold")
        )
    if obs["placements_left"]:
        tasks.append(
            Text(
                (
                    _("Stones to place: {n}, in temple 1.")
                    if obs["allowed_temples"] == 1
                    else _("Stones to place: {n}, in temples 1-{last}.")
                ).format(n=obs["placements_left"], last=obs["allowed_temples"]),
                style="bold",
            )
        )
    return tasks


def render(obs: dict[str, Any], seat: int | None) -> RenderableType:
    """Draw an Aton observation: status line, the four temples, the Kingdom, both players.

    Args:
        obs: ``AtonState.observation(seat)``.
        seat: the seat the observation belongs to (``None`` for a spectator).
    """
    temples = Columns(
        [_temple(t, squares, obs["allowed_temples"]) for t, squares in enumerate(obs["board"])], equal=True
    )
    names = [p["name"] for p in obs["players"]]
    legend = Text.assemble(
        ("▲", f"bold {STONE_COLOURS[0]}"),
        f" {names[0]}  ",
        ("●", f"bold {STONE_COLOURS[1]}"),
        f" {names[1]}  · "
        + _("Y yellow, G green, K black, B blue, +1/+2 bonus · under each temple: {first} : {second}").format(
            first=names[0], second=names[1]
        ),
        style="dim",
    )
    parts: list[RenderableType] = [_status(obs), temples, legend, *_tasks(obs, seat)]
    parts.append(Columns([_player(obs, 0, seat), _player(obs, 1, seat)]))
    return Group(*parts)


def render_omniscient(observations: list[dict[str, Any]]) -> RenderableType:
    """Draw the whole game: the board once, each player from their own observation."""
    merged = dict(observations[0])
    merged["players"] = [observations[p]["players"][p] for p in range(len(observations))]
    return render(merged, None)


def _small_square(square: dict[str, Any]) -> Text:
    """One square in three cells: its kind, then its stone (``▲``/``●``) or ``·``."""
    kind = square["kind"]
    owner = square["owner"]
    style = KIND_STYLES[kind]
    text = Text(kind, style=style)
    if owner is None:
        text.append("·" if len(kind) == 2 else " ·", style=style)
    else:
        background = style.split(" on ")[1]
        text.append(
            ("" if len(kind) == 2 else " ") + STONES[owner], style=f"bold {STONE_COLOURS[owner]} on {background}"
        )
    return text


def _temples_row(obs: dict[str, Any]) -> Table:
    """The four temples side by side without frames: a heading with each temple's stone counts
    (green when stones may go there now), then its three rows of four squares."""
    grid = Table.grid(padding=(0, 3))
    for _temple_index in obs["board"]:
        grid.add_column()
    headings = []
    for t, squares in enumerate(obs["board"]):
        counts = [sum(1 for s in squares if s["owner"] == p) for p in (0, 1)]
        allowed = obs["allowed_temples"] is not None and t < obs["allowed_temples"]
        headings.append(
            Text.assemble(
                (_("Temple {n}").format(n=t + 1), "bold green" if allowed else "dim"),
                " ",
                (str(counts[0]), SEAT_STYLES[0]),
                ":",
                (str(counts[1]), SEAT_STYLES[1]),
            )
        )
    grid.add_row(*headings)
    for row in range(3):
        grid.add_row(*(Text(" ").join(_small_square(sq[row * 4 + col]) for col in range(4)) for sq in obs["board"]))
    return grid


def _player_line(obs: dict[str, Any], p: int, seat: int | None) -> Text:
    """One player in two lines: cartouches and hand, then stones, draw pile and exchange."""
    info = obs["players"][p]
    you = " " + _("(you)") if p == seat else ""
    active = " ◀" if obs["to_move"] == p else ""
    line = Text(f"{info['name']}{you}{active}: ", style=SEAT_STYLES[p])
    for i, v in enumerate(info["cartouches"]):
        line.append(f"{i + 1}:")
        line.append_text(_card(v))
        line.append(" ")
    if "hand" in info:
        line.append("· " + _("hand") + " ")
        line.append(" ".join(str(v) for v in info["hand"]) or "-", style="bold")
    else:
        line.append("· " + _("hand") + " " + _face_down(info["hand_count"]))
    line.append(
        "\n  "
        + _("stones")
        + ": "
        + _("{supply} in supply, {dead} in the Kingdom").format(supply=info["supply"], dead=info["kingdom"])
        + " · "
        + _("draw pile")
        + " "
        + str(info["draw_count"])
        + " · "
        + (_("exchange available") if info["exchange_counter"] else _("exchange used")),
        style="dim",
    )
    return line


def render_compact(obs: dict[str, Any], seat: int | None, height: int, width: int) -> RenderableType:
    """Aton in at most ``height`` lines (a terminal too short for :func:`render`): the status,
    the four temples unframed, the stones to place or remove, each player in a line or two
    (the viewer's own hand first), and that ``board`` shows the full screen (discards, the known
    bottom of the draw piles, the legend).

    Args:
        obs: ``AtonState.observation(seat)``.
        seat: the viewer (``None``: a spectator).
        height: the lines available (the caller keeps room for the choices and the prompt).
        width: the terminal's columns.

    Returns:
        A Rich group of the parts that fit, the status line always.
    """
    tasks = _tasks(obs, seat)
    names = [p["name"] for p in obs["players"]]
    hint = Text.assemble(
        ("▲", f"bold {STONE_COLOURS[0]}"),
        f" {names[0]} ",
        ("●", f"bold {STONE_COLOURS[1]}"),
        f" {names[1]} · " + _("'board': the full screen (discards, draw piles, legend) · 'help'"),
        style="dim",
    )
    order = [seat, 1 - seat] if seat in (0, 1) else [0, 1]
    parts: list[tuple[int, RenderableType | None]] = [
        (0, _status(obs)),
        (1, _temples_row(obs)),
        (2, Group(*tasks) if tasks else None),
        (3, _player_line(obs, order[0], seat)),
        (4, _player_line(obs, order[1], seat)),
        (5, hint),
    ]
    return keep_within(parts, height, width)
