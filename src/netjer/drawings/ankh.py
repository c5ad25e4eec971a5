"""Ankh: Gods of Egypt drawn for the terminal, from an observation only (rules/ankh.md).

The map (:mod:`netjer.drawings.ankh_map`) with every piece in its god's colour and each
region's Conflict Order token; below it the central board (action tracks, event track,
Devotion track), one panel per god (Devotion, Followers, pools, powers, Battle cards, its god
and the state of its god power), the battle in progress, the decision being taken and the end
of the log.  Only what the viewing seat may know is in the observation, so nothing hidden can
be drawn.

God powers on the map (rules/ankh.md §4): a Radiant figure's label ends in ``^`` (Ra's Sun
token; ``*`` is kept for camel edges, so each mark means one thing), an empty Underworld space
shows ``UW`` (Osiris), a Bastet cat adds ``?`` to its space when face down (its value,
``+1``/``+3``/``st``, when face up or when the viewer is Bastet).  :data:`PIECE_LEGEND` below the
map explains every label and mark.

The omniscient drawing (:func:`render_omniscient`, for ``netjer replay --omniscient`` and the
end of a game) merges every seat's observation: each god's own secrets (its Battle card and
Plague bid before they are revealed, Bastet's face-down cats) come from that god's seats.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from netjer.core.state import State
from netjer.core.words import join_words
from netjer.drawings import Fit, keep_within
from netjer.drawings.ankh_battle import battle_table
from netjer.drawings.ankh_map import LEGEND, MAP_WIDTH, SEAT_STYLES, draw_map, draw_region_list
from netjer.games.ankh.board import Board, RegionMap, load_board
from netjer.games.ankh.game import AnkhGame
from netjer.games.ankh.pieces import FIGURE_IDS, MONUMENT_IDS
from netjer.games.ankh.secrecy import SECRET_BATTLE_PARTS
from netjer.games.ankh.state import AnkhState
from netjer.games.ankh.terms import bare_name, piece_word
from netjer.i18n import N_, Nc_, _, join_list, ngettext, pgettext

#: Short labels of the pieces on the map (up to 7 characters with the god's number), in English: each
#: is a message in the context "map label" (:func:`label_of` gives the reader's).
LABELS = {
    # TRANSLATORS: a piece's label on the terminal's map, 3 letters (a player number follows: God1).
    "god": Nc_("map label", "God"),
    # TRANSLATORS: a piece's label on the terminal's map, 3 letters (a player number follows: War1).
    "warrior": Nc_("map label", "War"),
    # TRANSLATORS: the Cat-Mummy's label on the terminal's map, 3 letters.
    "cat-mummy": Nc_("map label", "Cat"),
    # TRANSLATORS: Satet's label on the terminal's map, 3 letters.
    "satet": Nc_("map label", "Sat"),
    # TRANSLATORS: the Mummy's label on the terminal's map, 3 letters.
    "mummy": Nc_("map label", "Mum"),
    # TRANSLATORS: Apep's label on the terminal's map, at most 4 letters.
    "apep": Nc_("map label", "Apep"),
    # TRANSLATORS: the Giant Scorpion's label on the terminal's map, 3 letters (its aim's letter follows).
    "giant-scorpion": Nc_("map label", "Scp"),
    # TRANSLATORS: the Androsphinx's label on the terminal's map, 3 letters.
    "androsphinx": Nc_("map label", "Sph"),
    # TRANSLATORS: an Obelisk's label on the terminal's map, 3 letters.
    "obelisk": Nc_("map label", "Obl"),
    # TRANSLATORS: a Temple's label on the terminal's map, 3 letters.
    "temple": Nc_("map label", "Tem"),
    # TRANSLATORS: a Pyramid's label on the terminal's map, 3 letters.
    "pyramid": Nc_("map label", "Pyr"),
}
#: An empty Underworld space of Osiris on the map (rules/ankh.md §4).
# TRANSLATORS: an empty Underworld space on the terminal's map, 2 letters.
UNDERWORLD_LABEL = Nc_("map label", "UW")
#: A Bastet cat's value on the map: +1, +3 or the star.
# TRANSLATORS: Bastet's star cat on the terminal's map, 2 letters, after a piece's label (Tem2st).
STAR_MARK = Nc_("map label", "st")


def label_of(kind: str) -> str:
    """The map's label of a piece of ``kind`` (a key of :data:`LABELS`) in the process's language."""
    return pgettext("map label", LABELS[kind])


#: The compact screen's short forms of a god's Devotion and Followers (its header line).
# TRANSLATORS: Devotion on the compact screen's header, about 3 letters (Dev 4).
DEVOTION_SHORT = Nc_("compact header", "Dev")
# TRANSLATORS: Followers on the compact screen's header, about 3 letters (Fol 3).
FOLLOWERS_SHORT = Nc_("compact header", "Fol")
#: The term of the rules texts each short form of the compact screen stands for
#: (:func:`short_forms`): the map's labels and the header's Devotion and Followers.
SHORT_FORM_TERMS = {
    "god": "figure",
    "warrior": "figure",
    "cat-mummy": "cat-mummy",
    "satet": "satet",
    "mummy": "mummy",
    "apep": "apep",
    "giant-scorpion": "giant-scorpion",
    "androsphinx": "androsphinx",
    "obelisk": "monument",
    "temple": "monument",
    "pyramid": "monument",
}
#: The compact screen's legend (issue 32): ``{meanings}`` is each short form shown with its
#: name (``Dev = Devotion, War = Warrior``); ``{region}`` an example of a region's number as
#: the region lines begin; ``{monument}{owner}`` an example of a Monument's label with its
#: controller's number (``Tem2``: the second god of the header line).
COMPACT_LEGEND = N_(
    "{meanings} · * you · {region}: region with Conflict Order token {region} · "
    "{monument}{owner}: controlled by god {owner} of the line above"
)

LOG_LINES = 12
#: The mark after a Radiant figure's label (Ra's Sun token, rules/ankh.md §4.1).
RADIANT_MARK = "^"
#: What the labels and marks on the map mean (the map's own legend explains terrain and edges):
#: ``{figures}`` and ``{monuments}`` list each label with the piece's name (:func:`piece_legend`).
PIECE_LEGEND = N_(
    "Figures (+ player number): {figures}  Monuments (+ number: its controller): {monuments}\n"
    "^ Radiant (Ra's Sun)  {underworld} Underworld (Osiris)  cat on a space: ? face down, +1 +3 {star} (star)  "
    "{scorpion}'s last letter: where it aims  ·  'help symbols', 'help NAME' explain more"
)
#: One label of the map and the name it stands for: ``War = Warrior``.
LABEL_MEANING = N_("{label} = {name}")


def piece_legend() -> str:
    """:data:`PIECE_LEGEND` in the reader's language, each label of :data:`LABELS` followed by
    the name of its figure or Monument in that language (``Gue = Guerrero``: the labels are the
    reader's too, :func:`label_of`), so that every label on the map is explained."""

    def meanings(kind: str, keys: tuple[str, ...]) -> str:
        return join_list(_(LABEL_MEANING).format(label=label_of(k), name=bare_name(kind, k)) for k in keys)

    return _(PIECE_LEGEND).format(
        figures=meanings("figure", FIGURE_IDS),
        monuments=meanings("monument", MONUMENT_IDS),
        underworld=pgettext("map label", UNDERWORLD_LABEL),
        star=pgettext("map label", STAR_MARK),
        scorpion=label_of("giant-scorpion"),
    )


def short_forms() -> dict[str, str]:
    """Every short form the compact screen shows (:func:`render_compact`), in the reader's
    language, with the id of the rules texts' entry that explains it (``{"War": "figure",
    "Dev": "devotion"}``): what ``help War`` finds at the terminal.  A Monument's label is
    shown with its controller's number (``Tem2``); the caller strips the number."""
    forms = {label_of(kind): term for kind, term in SHORT_FORM_TERMS.items()}
    forms[pgettext("compact header", DEVOTION_SHORT)] = "devotion"
    forms[pgettext("compact header", FOLLOWERS_SHORT)] = "followers"
    return forms


def compact_legend(kinds: set[str]) -> Text:
    """The compact screen's legend line (:data:`COMPACT_LEGEND`): Devotion's and Followers'
    short forms, then the map label of each piece kind in ``kinds`` (those on the screen), each
    with its name, and what a region's number and a Monument's number mean."""
    meanings = [
        _(LABEL_MEANING).format(label=pgettext("compact header", DEVOTION_SHORT), name=_("Devotion")),
        _(LABEL_MEANING).format(label=pgettext("compact header", FOLLOWERS_SHORT), name=_("Followers")),
    ]
    for kind in LABELS:
        if kind in kinds:
            group = "monument" if kind in MONUMENT_IDS else "figure"
            meanings.append(_(LABEL_MEANING).format(label=label_of(kind), name=bare_name(group, kind)))
    return Text(
        _(COMPACT_LEGEND).format(meanings=join_list(meanings), region=1, monument=label_of("temple"), owner=2),
        style="dim",
    )


@cache
def _regions(camels: tuple[str, ...]) -> RegionMap:
    board = load_board()
    return board.regions_with_camels(board.parse_edge(e) for e in camels)


def _style(god: int | None) -> str:
    return "bold" if god is None else SEAT_STYLES[god % len(SEAT_STYLES)]


def map_view(obs: dict[str, Any]) -> Fit:
    """The map with the pieces and the regions' Conflict Order tokens: the hex drawing, or on a
    console narrower than it (:data:`~netjer.drawings.ankh_map.MAP_WIDTH`) the same map as a
    list of regions (:func:`~netjer.drawings.ankh_map.draw_region_list`)."""
    board: Board = load_board()
    regions = _regions(tuple(obs["camels"]))
    labels = {regions.region_of[board.parse_hex(r["first_hex"])]: str(r["token"]) for r in obs["regions"]}
    pieces: dict[int | str, str] = {}
    owners: dict[int | str, int] = {}
    for p in obs["pieces"]:
        owner = p["owner"]
        label = label_of(p["kind"]) + ("" if owner is None else str(owner + 1))
        if "aim" in p:
            label = f"{label}{p['aim'][0]}"
        pieces[p["hex"]] = label
        if owner is not None:
            owners[p["hex"]] = owner
    powers = obs.get("god_powers", {})
    for h in powers.get("ra", {}).get("radiant", []):
        pieces[h] = pieces.get(h, "") + RADIANT_MARK
    osiris = powers.get("osiris")
    if osiris:
        for h in osiris["underworld"]:
            if h not in pieces:
                pieces[h] = pgettext("map label", UNDERWORLD_LABEL)
                owners[h] = osiris["holder"]
    bastet = powers.get("bastet")
    if bastet:
        short = {"plus1": "+1", "plus3": "+3", "star": pgettext("map label", STAR_MARK)}
        marks = {h: "?" for h in bastet["face_down_on_board"]}
        marks.update({c["at"]: short[c["cat"]] for c in bastet["face_up"] if c["at"] != "beside-board"})
        marks.update({h: short[c] for c, h in bastet.get("cats", {}).items() if h in marks})
        for h, mark in marks.items():
            pieces[h] = pieces.get(h, label_of("cat-mummy")) + mark
    full = draw_map(board, regions=regions, region_labels=labels, pieces=pieces, owners=owners)
    full.append(piece_legend(), "dim")
    compact = draw_region_list(board, regions=regions, region_labels=labels, pieces=pieces, owners=owners)
    compact.append(_(LEGEND) + "\n", "dim")
    compact.append(piece_legend(), "dim")
    return Fit(full, compact, need=MAP_WIDTH)


def _tracks(obs: dict[str, Any]) -> Table:
    table = Table(title=_("Central board"), show_header=True, header_style="bold", box=None, padding=(0, 1))
    table.add_column(_("action"))
    table.add_column(_("track"))
    for t in obs["action_tracks"]:
        cells = []
        for space in range(t["start"], t["event_space"] + 1):
            mark = "●" if space == t["marker"] else ("◇" if space == t["event_space"] else "·")
            cells.append(mark)
        row = _(TRACK_WORDS[t["action"]]) if t["action"] in TRACK_WORDS else t["action"]
        table.add_row(row, " ".join(cells) + "   " + _("({n} to the event)").format(n=t["event_space"] - t["marker"]))
    done = obs["events_done"]
    track = obs["event_track"]
    # the event track's letters in the reader's language, the same as the web table's (ankh.js)
    short = {event: pgettext("event track", letter) for event, letter in EVENT_LETTERS.items()}
    events = Text()
    for i, e in enumerate(track):
        style = "dim" if i < done else ("bold reverse" if i == done else "")
        events.append(short[e], style)
        events.append(" ")
    table.add_row(_("events"), events)
    legend = _(
        "● marker  ◇ event space  · space   {monument} Control Monument  {camels} Camel Caravan  {conflict} Conflict"
    ).format(monument=short["control-monument"], camels=short["camel-caravan"], conflict=short["conflict"])
    table.add_row("", Text(legend, style="dim"))
    return table


#: The action tracks' rows by name, as the web table names them (ankh.js rowWords).
TRACK_WORDS: dict[str, str] = {
    "move": N_("Move figures"),
    "summon": N_("Summon figure"),
    "gain": N_("Gain Followers"),
    "unlock": N_("Unlock power"),
}
#: The letter of each event on the event track (context "event track", as the web table's).
EVENT_LETTERS: dict[str, str] = {
    "control-monument": Nc_("event track", "M"),
    "camel-caravan": Nc_("event track", "K"),
    "conflict": Nc_("event track", "C"),
}


def _devotion(obs: dict[str, Any]) -> Text:
    out = Text(_("Devotion (bottom → top): "))
    for g in obs["devotion_track"]:
        info = obs["gods"][g]
        out.append(f"{info['name']} {info['devotion']}", _style(g))
        out.append("  ")
    return out


def _god(obs: dict[str, Any], info: dict[str, Any], seat: int | None) -> Panel:
    g = info["god"]
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="dim")
    grid.add_column()
    grid.add_row(_("Devotion"), Text(str(info["devotion"]), style="bold"))
    grid.add_row(_("Followers"), str(info["followers"]))
    n = info["warriors_pool"]
    pools = [ngettext("{n} Warrior", "{n} Warriors", n).format(n=n)]
    # A Guardian kind by its word ("1 cat-mummy"): one message for every kind, its count before it.
    pools += [_("{n} {piece}").format(n=n, piece=piece_word(k)) for k, n in info["guardians_pool"].items() if n]
    grid.add_row(_("pool"), join_list(pools))
    grid.add_row(
        _("Ankh tokens"),
        _("{pool} in pool, {unlocked}/6 unlocked").format(pool=info["ankh_pool"], unlocked=info["unlocked"]),
    )
    grid.add_row(_("powers"), power_names(info["powers"]) or "-")
    grid.add_row(_("hand"), card_names(info["hand"]))
    # TRANSLATORS: the Battle cards a god has played (face up), a row label: "used" agrees with "cards".
    grid.add_row(pgettext("battle cards", "used"), card_names(info["used_cards"]) or "-")
    for pid in info.get("god_powers", []):
        state = obs["god_powers"].get(pid, {})
        grid.add_row(bare_name("god", pid), power_text(pid, state, obs))  # "Amón", not the id
    seats = info["seats"]
    who = []
    if seat is not None and seat in seats:
        who.append(_("you"))
    if len(seats) > 1:
        who.append(_("merged"))
    if not info["alive"]:
        who.append(_("out of the game"))
    active = " ◀" if obs["to_move"] is not None and obs["to_move"] in seats else ""
    # One name per seat everywhere (issue 33): the god's name, as the log, the header and the prompt say it.
    name = info["name"]
    # The god behind the seat, named in the reader's language ("Amón", never the id "Amun"),
    # where the seat's name is not already that god's.
    god = bare_name("god", info["deity"]) if info.get("deity") else ""
    deity = f" — {god}" if god and god != name else ""
    title = Text(f"{name}{deity}{' (' + ', '.join(who) + ')' if who else ''}{active}", style=_style(g))
    return Panel(grid, title=title, border_style=_style(g))


#: The observation's words for where a cat of Bastet is, and the cat "star", as the English panel
#: shows them, told in the reader's language; a space's name ("4,5") and a cat's notation
#: ("plus1") are shown as they are.
STATE_WORDS = {
    "beside-board": N_("beside-board"),
    "gone": N_("gone"),
    "star": N_("star"),
}


def _state_word(word: str) -> str:
    return _(STATE_WORDS[word]) if word in STATE_WORDS else word


#: What each god power's components are called in a god's panel (rules/ankh.md §4).
POWER_WORDS = {
    "amun": N_("two Battle cards once per Conflict"),
    "anubis": N_("traps killed enemy Warriors"),
    "isis": N_("Protected figures next to enemies"),
    "osiris": N_("Underworld tokens"),
    "ra": N_("Sun tokens"),
    "bastet": N_("cats"),
    "hathor": N_("pays 1 more Follower after a sacrifice to place a figure"),
    "thoth": N_("the scale and the guess"),
    "horus": N_("Eyes"),
    "seth": N_("takes enemy figures next to his God in Conflicts"),
}


def card_names(cards: list[str]) -> str:
    """Battle cards by the names the rules texts give them, in the process's language
    (``["build", "flood"]`` → ``"Build Monument, Flood"``; ``"Monument bauen, Flut"`` in
    German), as a list placeholder: the notation's card words are what the player types, the
    legal actions show them (rules/ankh.md §1)."""
    return join_list(bare_name("card", card) for card in cards)


def power_names(powers: list[str]) -> str:
    """Ankh powers by their names in the process's language (``["revered"]`` → ``"Revered"``,
    ``"Verehrt"``), as a list placeholder (rules/ankh.md §2.2)."""
    return join_list(bare_name("power", power) for power in powers)


def power_text(pid: str, state: dict[str, Any], obs: dict[str, Any]) -> str:
    """One line for a god power's state, from its part of the observation."""
    names = [g["name"] for g in obs["gods"]]
    if pid == "amun":
        token = _("token up ({words})") if state["token"] == "up" else _("token down ({words})")
        return token.format(words=_(POWER_WORDS[pid]))
    if pid == "anubis":
        if not state["trapped"]:
            return _("{n}/3 trapped: none").format(n=0)
        trapped = ", ".join(names[g] for g in state["trapped"])
        return _("{n}/3 trapped: {gods}").format(n=len(state["trapped"]), gods=trapped)
    if pid == "osiris":
        return _("Underworld: {spaces}; {n} in supply").format(
            spaces=" ".join(state["underworld"]) or "-", n=state["tokens_in_supply"]
        )
    if pid == "ra":
        free = state["sun_tokens_free"]
        return ngettext("{n} Sun token free; Radiant: {spaces}", "{n} Sun tokens free; Radiant: {spaces}", free).format(
            n=free, spaces=" ".join(state["radiant"]) or "-"
        )
    if pid == "bastet":
        parts = [_("face down: {spaces}").format(spaces=" ".join(state["face_down_on_board"]) or "-")]
        if state["face_down_beside_board"]:
            parts.append(_("{n} face down beside her board").format(n=state["face_down_beside_board"]))
        for c in state["face_up"]:
            parts.append(_("{cat} face up ({space})").format(cat=_state_word(c["cat"]), space=_state_word(c["at"])))
        if "cats" in state:  # the viewer's own cats, or every cat in an omniscient view
            whose = _("yours") if obs["god"] == state["holder"] else _("cats")
            parts.append(
                f"{whose}: " + ", ".join(f"{_state_word(c)} {_state_word(h)}" for c, h in state["cats"].items())
            )
        if state["out_of_game"]:
            parts.append(_("out of the game"))
        return "; ".join(parts)
    if pid == "thoth":
        guess = state["guess"]
        text = _("scale {n}").format(n=state["scale"])
        return text + (
            "; " + _("guess: {god} {card}").format(god=names[guess["god"]], card=card_names([guess["card"]]))
            if guess
            else ""
        )
    if pid == "horus":
        on = state["eyes_on_regions"]
        regions = " ".join(map(str, on))
        where = ngettext("on region {regions}", "on regions {regions}", len(on)) if on else _("none on a region")
        free = state["eyes_free"]
        return ngettext("{n} Eye free; {where}", "{n} Eyes free; {where}", free).format(
            n=free, where=where.format(regions=regions)
        )
    if pid == "seth":
        return _("controls: {spaces}").format(spaces=" ".join(state["controls"]) or "-")
    return _(POWER_WORDS[pid]) if pid in POWER_WORDS else ""


def _battle(obs: dict[str, Any]) -> Text | None:
    b = obs["battle"]
    if b is None:
        return None
    names = [g["name"] for g in obs["gods"]]
    out = Text(_("Conflict: tie-breaker {god}").format(god=names[b["tiebreaker"]]), style="bold")
    out.append(" " + _("(used)") if b["tiebreaker_used"] else "")
    out.append("; " + _("regions to come: {regions}").format(regions=" ".join(map(str, b["regions_left"])) or "-"))
    if "region" in b:
        out.append(
            "\n" + _("Battle in region {region} ({step}): ").format(region=b["region"], step=step_words(b["step"]))
        )
        out.append(", ".join(names[g] for g in b["gods"]))
        if b.get("forbidden"):
            out.append("\n  " + _("forbidden by Horus: {card}").format(card=card_names([b["forbidden"]])))
        for g in b.get("two_cards", []):
            out.append("\n  " + _("{god} plays two cards (Amun)").format(god=names[g]))
        for g in b["gods"]:
            card = b["cards"].get(str(g))
            if card is not None:
                out.append(f"\n  {names[g]}: {card_names([card])}")
            elif g in b["chosen"]:
                out.append("\n  " + _("{god}: a card, face down").format(god=names[g]))
        if b["bidders"]:
            made = ", ".join(names[g] for g in b["bid_made"]) or _("nobody yet")
            out.append("\n  " + _("Plague bids made: {gods}").format(gods=made))
            if len(b["bids"]) == 1 and int(next(iter(b["bids"]))) == obs["god"]:
                out.append(" " + _("(your bid: {n})").format(n=next(iter(b["bids"].values()))))
            elif b["bids"]:  # an omniscient view: every bid made
                bids = ", ".join(f"{names[int(g)]} {n}" for g, n in b["bids"].items())
                out.append(" " + _("(bids: {bids})").format(bids=bids))
        if b["strength"]:
            strength = ", ".join(f"{names[int(g)]} {v}" for g, v in b["strength"].items())
            out.append("\n  " + _("strength: {values}").format(values=strength))
    return out


def render(obs: dict[str, Any], seat: int | None) -> RenderableType:
    """Draw an Ankh observation.

    Args:
        obs: ``AnkhState.observation(seat)``.
        seat: the seat the observation belongs to (``None`` for a spectator).
    """
    names = [g["name"] for g in obs["gods"]]
    status = Text.assemble(
        (AnkhGame.shown_title(), "bold"),
        "  ·  "
        + _("{n} players  ·  events {events}/18  ·  Conflicts {conflicts}/5").format(
            n=obs["players"], events=obs["events_done"], conflicts=obs["conflicts_done"]
        ),
    )
    if obs["to_move"] is not None:
        status.append("  ·  " + _("{who} {does}").format(who=names[obs["to_move"]], does=phase_words(obs)))
    parts: list[RenderableType] = [status, map_view(obs), _tracks(obs), _devotion(obs)]
    parts.append(Columns([_god(obs, info, seat) for info in obs["gods"]]))
    battle = _battle(obs)
    if battle is not None:
        parts.append(battle)
    if obs["pending"]:
        parts.append(Text(_("now: {decision}").format(decision=pending_text(obs["pending"], names)), style="bold"))
    log = obs["log"][-LOG_LINES:]
    if log:
        parts.append(Panel(Text("\n".join(log)), title=_("recent events"), border_style="dim"))
    if obs["winners"] is not None:
        if len(obs["winners"]) == 1:
            verdict = _("{seat} wins").format(seat=names[obs["winners"][0]])
        elif obs["winners"]:
            verdict = _("{seats} win").format(seats=_(" and ").join(names[s] for s in obs["winners"]))
        else:
            verdict = _("Everyone loses")
        parts.append(Text(f"{verdict}: {obs['end_reason']}", style="bold reverse"))
    return Group(*parts)


#: What the god to act is doing at each decision point (``AnkhState.phase``'s names,
#: :func:`netjer.games.ankh.phases.phase_name`), the status line's "{who} {does}": the browser's
#: words (``phaseWords`` and ``godPhases`` of static/ankh.js), the same catalogue messages.
#: Each step of a Conflict (the observation's ``battle.step``, ``phases.STEP_NAMES``; rules/ankh.md
#: §10.3) as the Battle line names it; the browser's ``stepWords`` (static/ankh.js) says the same.
STEP_WORDS = {
    "next-region": N_("next region"),
    "obelisk-attuned": N_("Obelisk Attuned moves"),
    "battle-start": N_("start of the Battle"),
    "deal": N_("dealing Battle cards"),
    "cards": N_("choosing Battle cards"),
    "reveal": N_("revealing Battle cards"),
    "build": N_("Build Monument"),
    "plague": N_("Plague of Locusts"),
    "plague-bids": N_("Plague bids"),
    "majorities": N_("Monument majorities"),
    "resolution": N_("Battle resolution"),
    "resolution-effects": N_("after the resolution"),
    "resolution-deaths": N_("killing figures"),
    "magnanimous": N_("Magnanimous"),
    "miracle": N_("Miracle"),
    "after-battle": N_("after the Battle"),
    "worshipful": N_("Worshipful"),
    "cycle-of-maat": N_("Cycle of Ma'at"),
}


def step_words(step: str) -> str:
    """The Conflict step ``step`` (``"plague-bids"``) in the reader's language (:data:`STEP_WORDS`);
    a step the table lacks by its id."""
    return _(STEP_WORDS[step]) if step in STEP_WORDS else step


PHASE_WORDS = {
    "move-pick": N_("moves figures"),
    "push": N_("pushes a figure with Satet"),
    "aim": N_("aims the Giant Scorpion"),
    "summon": N_("summons a figure"),
    "claim": N_("takes control of a Monument"),
    "camel": N_("lays a camel caravan"),
    "keep": N_("chooses the region that keeps its token"),
    "swap": N_("may swap Conflict Order tokens"),
    "obelisk-pick": N_("moves figures next to an Obelisk"),
    "obelisk-to": N_("moves figures next to an Obelisk"),
    "card": N_("chooses a Battle card"),
    "build": N_("builds a Monument"),
    "bid": N_("bids Followers for the Plague"),
    "mummy": N_("returns the Mummy"),
    "tiebreak": N_("decides on the tie-breaker"),
    "worship": N_("decides on Worshipful"),
    "adopt": N_("keeps Guardians of the merged god"),
    "amun-two-cards": N_("decides on two Battle cards (Amun)"),
    "anubis-trap": N_("may trap a killed Warrior (Anubis)"),
    "isis-save": N_("keeps Protected figures alive (Isis)"),
    "osiris-underworld": N_("places an Underworld token (Osiris)"),
    "osiris-pick": N_("moves an Underworld token (Osiris)"),
    "ra-sun": N_("may make a figure Radiant (Ra)"),
    "bastet-cats": N_("places her cats face down (Bastet)"),
    "bastet-star": N_("chooses the figure the star cat kills"),
    "hathor-place": N_("may place a figure (Hathor)"),
    "thoth-guess": N_("may guess a Battle card (Thoth)"),
    "horus-eye": N_("puts Eyes on battle regions (Horus)"),
    "horus-forbid": N_("forbids a Battle card (Horus)"),
    "turn-end": N_("may reveal a cat of Bastet before the turn ends"),
}


def phase_words(obs: dict[str, Any]) -> str:
    """What the god to act does now, in the reader's language ("moves the figure from 4,3"):
    the status line's words for ``obs["phase"]`` (:data:`PHASE_WORDS`; a decision with a place
    or a level names it). A phase this table lacks is named by the generic "decides" words,
    never by its id."""
    phase = obs["phase"]
    pending = obs.get("pending") or {}
    turn = obs.get("turn") or {}
    if phase == "turn":
        if turn.get("actions_taken"):
            return _("may take a second action on a lower row")
        return _("chooses an action")
    if phase == "move-to":
        return _("moves the figure from {hex}").format(hex=pending.get("selected", "?"))
    if phase == "pyramid-summon":
        return _("summons next to the Pyramid on {hex}").format(hex=pending.get("pyramid", "?"))
    if phase == "unlock":
        return _("unlocks a level {level} Ankh power").format(level=pending.get("level", "?"))
    if phase in PHASE_WORDS:
        return _(PHASE_WORDS[phase])
    return _("makes a decision")


def seat_label(obs: dict[str, Any], seat: int) -> str | None:
    """The name of ``seat`` on every line of the terminal: its god's (``Ra``, or ``Player 2``
    without god powers), merged seats sharing it; ``None`` if no god has the seat."""
    for info in obs["gods"]:
        if seat in info["seats"]:
            return str(info["name"])
    return None


def engine_panel(state: State, seat: int | None) -> RenderableType | None:
    """The Battle in progress as a table of strengths asked of the engine
    (:mod:`netjer.drawings.ankh_battle`), or ``None`` outside a Battle."""
    if not isinstance(state, AnkhState):
        return None
    names = [g["name"] for g in state.observation(seat)["gods"]]
    return battle_table(state, names)


def pending_text(pending: dict[str, Any], names: list[str]) -> str:
    """The decision in progress (``observation["pending"]``) in words, e.g. ``moved 0,1 and
    0,2; selected 1,5``."""

    def spaces(value: Any) -> str:
        return join_words([str(v) for v in value], _("and")) if isinstance(value, list) else str(value)

    words: dict[str, Callable[[Any], str]] = {
        "moved": lambda v: _("moved {spaces}").format(spaces=spaces(v)) if v else _("no figure moved yet"),
        "selected": lambda v: _("selected {space}").format(space=v),
        "push_from": lambda v: _("pushing the figure on {space}").format(space=v),
        "scorpion": lambda v: _("the Giant Scorpion on {space} takes aim").format(space=v),
        "pyramid": lambda v: _("summoning next to the Pyramid on {space}").format(space=v),
        "camel_line": lambda v: (
            _("camels laid along {spaces}").format(spaces=spaces(v)) if v else _("no camel laid yet")
        ),
        "new_tokens": lambda v: _("the new regions' tokens {tokens}").format(tokens=spaces(v)),
        "level": lambda v: _("unlocking a level {n} power").format(n=v),
        "mummy_of": lambda v: _("the Mummy of {god}").format(god=names[v]),
        "next_to_god_of": lambda v: _("returns next to the God of {god}").format(god=names[v]),
        "minor_god": lambda v: _("keeping Guardians of {god}, merged").format(god=names[v]),
        "protected": lambda v: _("Protected figures on {spaces}").format(spaces=spaces(v)),
        "region": lambda v: _("region {n}").format(n=v),
        "figure": lambda v: _("the figure just summoned on {space}").format(space=v),
        "ransom": lambda v: _("summoning the Warrior that Anubis holds"),
    }
    return "; ".join(words[k](v) if k in words else f"{k.replace('_', ' ')} {spaces(v)}" for k, v in pending.items())


def render_omniscient(observations: list[dict[str, Any]]) -> RenderableType:
    """Draw the game once for everyone, every secret shown: :func:`merge_observations`."""
    return render(merge_observations(observations), None)


def merge_observations(observations: list[dict[str, Any]]) -> dict[str, Any]:
    """One observation holding what every seat knows (``observations[s]`` is seat ``s``'s).

    Public facts are the same in every observation; each god's secrets are taken from its own
    seats: its chosen Battle card (and Plague bid) before they are revealed, and the parts of
    a god power that only its holder sees (Bastet's face-down cats).
    """
    merged = dict(observations[0])
    merged["seat"] = None
    merged["god"] = None
    powers = {pid: dict(state) for pid, state in merged["god_powers"].items()}
    battle = dict(merged["battle"]) if merged["battle"] is not None else None
    if battle is not None and "cards" in battle:
        for part in SECRET_BATTLE_PARTS:
            battle[part] = dict(battle[part])
    for obs in observations:
        for pid, state in obs["god_powers"].items():
            if state["holder"] == obs["god"]:
                powers[pid].update(state)
        theirs = obs["battle"]
        if battle is not None and theirs is not None and "cards" in battle:
            for part in SECRET_BATTLE_PARTS:
                battle[part].update(theirs.get(part, {}))
    merged["god_powers"] = powers
    merged["battle"] = battle
    return merged


# --- the compact screen (issue 33 item 5): a whole decision in a terminal of 24 lines ---------


def region_summary(obs: dict[str, Any]) -> Text:
    """The map in a few lines: per region (by its Conflict Order token) the figures of each god
    and the Monuments on it (``3: Ra God War War · Isis War · Tem1 Obl``); empty regions are
    named together on one line."""
    board: Board = load_board()
    regions = _regions(tuple(obs["camels"]))
    names = [g["name"] for g in obs["gods"]]
    token_of = {regions.region_of[board.parse_hex(r["first_hex"])]: r["token"] for r in obs["regions"]}
    figures: dict[int, dict[int, list[str]]] = {}
    monuments: dict[int, list[str]] = {}
    for p in obs["pieces"]:
        h = board.parse_hex(p["hex"])
        if regions.region_of[h] < 0:  # water: no region of its own
            continue
        r = regions.region_of[h]
        label = label_of(p["kind"])
        if p["kind"] in ("obelisk", "temple", "pyramid"):
            monuments.setdefault(r, []).append(label + ("" if p["owner"] is None else str(p["owner"] + 1)))
        elif p["owner"] is not None:
            figures.setdefault(r, {}).setdefault(p["owner"], []).append(label)
    out = Text()
    empty = []
    for r in sorted(token_of, key=lambda r: token_of[r]):
        if r not in figures and r not in monuments:
            empty.append(str(token_of[r]))
            continue
        if out:
            out.append("\n")
        out.append(f"{token_of[r]}:", "bold")
        for god, labels in sorted(figures.get(r, {}).items()):
            out.append(" ")
            out.append(f"{names[god]} {' '.join(labels)}", _style(god))
            out.append(" ·")
        if r in monuments:
            out.append(" " + " ".join(monuments[r]), "dim")
    if empty:
        out.append(("\n" if out else "") + _("no pieces: regions {regions}").format(regions=" ".join(empty)), "dim")
    return out


def render_compact(obs: dict[str, Any], seat: int | None, height: int, width: int) -> RenderableType:
    """The position in at most ``height`` lines (when the full drawing does not fit the
    terminal): the status, each god's Devotion and Followers, the viewer's hand, the Battle in
    progress, the decision, the map as a region summary when room is left, the last events, and
    which command shows the rest (``board``, ``gods``, ``tracks``).

    Args:
        obs: ``AnkhState.observation(seat)``.
        seat: the viewer.
        height: the lines available (the caller keeps room for the choices and the prompt).
        width: the terminal's columns.
    """
    names = [g["name"] for g in obs["gods"]]
    head = Text.assemble(
        ("Ankh", "bold"),
        " · "
        + _("events {events}/18 · Conflicts {conflicts}/5").format(
            events=obs["events_done"], conflicts=obs["conflicts_done"]
        ),
    )
    if obs["to_move"] is not None:
        head.append(" · " + _("to act: {god}").format(god=names[obs["to_move"]]))
    gods = Text()
    for info in obs["gods"]:
        if gods:
            gods.append(" · ")
        is_you = seat is not None and seat in info["seats"]
        gods.append(
            # TRANSLATORS: the compact header per god: Devotion's and Followers' short forms, each before its number
            _("{god} {devotion_short} {devotion} {followers_short} {followers}").format(
                god=f"{info['name']}{'*' if is_you else ''}",
                devotion_short=pgettext("compact header", DEVOTION_SHORT),
                devotion=info["devotion"],
                followers_short=pgettext("compact header", FOLLOWERS_SHORT),
                followers=info["followers"],
            ),
            _style(info["god"]),
        )
    mine = next((info for info in obs["gods"] if seat is not None and seat in info["seats"]), None)
    you = (
        Text(
            _("you: hand {hand} · pool {pool} Warriors · powers {powers}").format(
                hand=card_names(mine["hand"]) or "-",
                pool=mine["warriors_pool"],
                powers=power_names(mine["powers"]) or "-",
            ),
            style="dim",
        )
        if mine is not None
        else None
    )
    battle = _battle(obs)
    now = (
        Text(_("now: {decision}").format(decision=pending_text(obs["pending"], names)), style="bold")
        if obs["pending"]
        else None
    )
    hint = Text(_("'board': the map and everything · 'gods': god boards · 'tracks': tracks · 'help'"), style="dim")
    log = Text("\n".join(obs["log"][-3:]), style="italic") if obs["log"] else None
    # Each part in the order of the screen, and its rank: the parts ranked first are kept when the
    # terminal is short (the decision before the map, the map before the last events).
    parts: list[tuple[int, RenderableType | None]] = [
        (0, head),
        (4, gods),
        (6, region_summary(obs)),
        (7, compact_legend({p["kind"] for p in obs["pieces"]})),
        (5, you),
        (2, battle),
        (1, now),
        (8, log),
        (3, hint),
    ]
    return keep_within(parts, height, width)


def screens() -> dict[str, Callable[[dict[str, Any], int | None], RenderableType]]:
    """The parts of the full drawing one command away from the compact screen."""
    return {
        "gods": lambda obs, seat: Columns([_god(obs, info, seat) for info in obs["gods"]]),
        "tracks": lambda obs, seat: Group(_tracks(obs), _devotion(obs)),
    }
