"""Simultaneous choices at a web table: who must still choose in a window, and what.

A game declares its windows (:meth:`netjer.core.state.State.simultaneous_window`); the engine
still takes their choices one seat at a time.  The table (:mod:`netjer.server.tables`) lets
every seat of a window choose at once: a choice made before the engine reaches its seat is
*queued* and applied when it gets there.  :func:`window_plan` tells, from the state and the
queued choices, which seats must still choose, with the legal actions and observation of each
one's decision.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from netjer.core.action import Action
from netjer.core.state import JsonDict, State


@dataclass
class Choice:
    """A decision a seat must make now in a window of simultaneous choices.

    Attributes:
        legal: its legal actions.
        observation: what it sees at that decision (``window_observation(seat, ...)`` of a
            probe: see :func:`window_plan`).
    """

    legal: list[Action]
    observation: JsonDict


@dataclass
class Queued:
    """A seat's choice made ahead of the engine's turn: its row id in ``pending_choices``
    and the action."""

    id: int
    action: Action


def window_plan(state: State, queued: Mapping[int, Sequence[Action]], observe: bool = True) -> dict[int, Choice] | None:
    """Who must still choose in the window of simultaneous choices ``state`` is in, and what.

    The engine takes a window's choices one seat at a time; ``queued`` holds, per seat, the
    choices it made ahead of its turn.  A probe copy of the state takes each seat's queued
    choices when the engine reaches it, and a placeholder (its first legal action) for each
    decision nobody has made yet; the first decision found for a seat without queued choices
    left is the one it must make now.  The game promises (``simultaneous_window``) that a
    seat's legal actions and observation there do not depend on what the others chose (only
    on *that* they chose), so the others' real choices do not show in it; the probe is never
    read past the window's end (where choices are revealed).  Nor do the placeholders: a
    seat's observation is the game's :meth:`~netjer.core.state.State.window_observation`,
    which shows a seat ahead as having chosen only where it really did (its queued choices
    as "has chosen", never their value), from the probe just before its first placeholder.  The same
    way as the PettingZoo Parallel environment (:mod:`netjer.adapters.pettingzoo`).

    Args:
        observe: read each seat's observation (``False``: only who must choose and their
            legal actions; the observations are left empty, for the clocks).

    Returns:
        ``seat -> Choice`` for every seat that must still choose (computer seats included),
        or ``None`` outside a window.

    Raises:
        IllegalActionError: if a queued choice is not legal when the engine reaches it (the
            game broke its promise, or ``queued`` was not checked).
    """
    window = state.simultaneous_window()
    if window is None:
        return None
    probe = state.clone()
    queues = {seat: list(actions) for seat, actions in queued.items()}
    plan: dict[int, Choice] = {}
    before: dict[int, State] = {}  # seat -> the probe just before its first placeholder
    while not probe.is_terminal and probe.simultaneous_window() == window:
        seat = probe.current_player
        waiting = queues.get(seat)
        if waiting:
            probe.apply(waiting.pop(0))
            continue
        legal = probe.legal_actions()
        if seat not in plan:
            plan[seat] = Choice(legal, probe.window_observation(seat, dict(before)) if observe else {})
            if observe:
                before[seat] = probe.clone()
        probe.apply(legal[0])  # a placeholder for a choice not made yet
    return plan
