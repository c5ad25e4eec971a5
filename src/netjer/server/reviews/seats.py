"""Whose decisions a review covers, and what another seat may see of a seat's review
(:mod:`netjer.server.reviews`, "Stand-ins" and "Visibility"): each is worked out by replaying
the table's game from its seed."""

from __future__ import annotations

from typing import Any

from netjer.core.record import StandIn, standin_plies
from netjer.core.state import State
from netjer.server.runtime import TableRuntime


def decisions_of(state: State, history: list[Any], seat: int) -> list[int]:
    """The plies (indices into ``history`` played from ``state``) at which ``seat`` decided."""
    return [ply for ply, actor in enumerate(actors_of(state, history)) if actor == seat]


def actors_of(state: State, history: list[Any]) -> list[int]:
    """The seat that decided each ply of ``history`` played from ``state`` (not changed)."""
    position = state.clone()
    actors = []
    for action in history:
        actors.append(position.current_player)
        position.apply(action)
    return actors


def table_standin_plies(rt: TableRuntime, standins: list[StandIn]) -> set[int]:
    """The plies of ``rt``'s history whose decision the computer took, standing in (blocking:
    a replay when there are stand-ins)."""
    if not standins:
        return set()
    entries = rt.transcript.entries if rt.transcript is not None else [str(a) for a in rt.state.history]
    actors = actors_of(rt.game.new_initial_state(rt.state.seed), rt.state.history)
    return standin_plies(entries, standins, actors)


def review_for_viewer(rt: TableRuntime, data: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    """A seat's review as ``viewer`` (another seat, or ``None``: a spectator) may see it: each
    decision's words are the viewer's own for the action in that position, and its notation
    (``action``, ``preferred``) is ``None`` where those words differ from the seat's.  The
    number of legal actions the seat had (``choices``, ``forced``) is ``None``: it depends on
    what the seat held (in Dioses del Nilo, the soldiers in its hand), not told to others."""
    out = dict(data)
    by_ply = {d["ply"]: d for d in data["decisions"]}
    position = rt.game.new_initial_state(rt.state.seed)
    decisions = []
    for ply, action in enumerate(rt.state.history):
        mine = by_ply.get(ply)
        if mine is not None:
            d = dict(mine)
            d["choices"] = d["forced"] = None
            seat = position.current_player
            for words_key, notation_key in (("description", "action"), ("preferred_description", "preferred")):
                chosen = position.game.parse_action(mine[notation_key])
                theirs = position.describe_action(chosen, viewer)
                d[words_key] = theirs
                if theirs != position.describe_action(chosen, seat):
                    d[notation_key] = None
            decisions.append(d)
        position.apply(action)
    out["decisions"] = decisions
    return out
