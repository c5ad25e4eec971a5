"""Undo, with one policy for every game (DESIGN.md, after Board Game Arena).

A seat may take back its own decisions, one at a time and newest first, until the point where
hidden information was revealed to anyone, chance was drawn, or another seat acted.  Nothing
else can be undone, and a finished game cannot be undone.  Computer players never undo: the
front ends (terminal, web table) offer undo to human seats only.

How the kernel knows the point: each action of the record has an actor (the state's
``current_player`` before it) and is an *undo barrier* when it drew chance (the state's seeded
generator moved) or when the game declares that it revealed hidden information
(:meth:`netjer.core.game.Game.undo_barrier`, which each game implements from its notation and
its observations; its default, ``True``, makes nothing undoable).  The *undo floor* is the
number of actions that must stay: the end of the last action by another seat or of the last
barrier.  ``undo`` goes back one action, never below the floor, by replaying the record: from
a copy of the position at the start of the current seat's run of actions, the actions up to
the one taken back.  The record itself only grows: an undo is appended to it as the entry
:data:`UNDO` (:class:`netjer.core.record.GameRecord`), so a replay shows it and nothing is lost.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from netjer.core.action import Action
from netjer.core.errors import NetjerError
from netjer.core.state import State
from netjer.i18n import N_

#: The record entry of an undo (no game's notation may use this word).
UNDO: Final = "undo"


class UndoError(NetjerError, ValueError):
    """An undo the policy does not allow (the message says why)."""


def is_undo_barrier(before: State, action: Action, after: State) -> bool:
    """True if ``action``, taking ``before`` to ``after``, drew chance (the seeded generator
    moved) or revealed hidden information to any seat (the game's own declaration)."""
    return before.rng.state != after.rng.state or after.game.undo_barrier(before, action, after)


class Transcript:
    """A game in play with its append-only list of entries (actions and undos) and its undo floor.

    Args:
        state: the position to play on (usually a new initial state); the transcript owns it.
        entries: the entries that led to ``state`` when it is not a new game (its history's
            notation by default).

    Attributes:
        state: the current position; replaced (not mutated) by :meth:`undo`.
        entries: every action in notation and every :data:`UNDO`, in order.
    """

    def __init__(self, state: State, entries: Iterable[str] | None = None) -> None:
        self.state = state
        self.entries: list[str] = list(entries) if entries is not None else [str(a) for a in state.history]
        #: actor of each action of ``state.history`` (known only for the actions applied here)
        self._actors: list[int | None] = [None] * len(state.history)
        # The current seat's run of actions: where it starts and the position there.
        self._run_start = len(state.history)
        self._run_state: State = state.clone()
        self._floor: int | None = len(state.history)
        # How far the current run has been searched for barriers (undo_floor): the position
        # after its first ``_scanned - _run_start`` actions (None: not begun) and the floor
        # they set.  Each action is searched once, however often the floor is asked for.
        self._scanned = len(state.history)
        self._scan_state: State | None = None
        self._scan_floor = len(state.history)

    # --- playing --------------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Play ``action`` for the current player and append it to the entries.

        Only a copy of the position is kept when the acting seat changes; whether an action
        was a barrier is worked out when an undo is asked for (:meth:`undo_floor`).

        Raises:
            IllegalActionError: as :meth:`State.apply` (nothing changes).
        """
        seat = self.state.current_player
        if not self._actors or self._actors[-1] != seat:
            if action not in self.state.legal_actions():
                raise self.state.illegal(action)
            self._run_start = len(self.state.history)
            self._run_state = self.state.clone()
            self._scan_state = None
        self.state.apply(action)
        self._actors.append(seat)
        self.entries.append(str(action))
        self._floor = None

    # --- the policy -----------------------------------------------------------------------

    def undo_floor(self) -> int:
        """How many actions of the history must stay: the end of the last action by another
        seat or the last barrier (a number from 0 to ``len(state.history)``)."""
        if self._floor is None:
            history = self.state.history
            if self._scan_state is None or self._scanned > len(history):  # a new run, or after an undo
                self._scan_state = self._run_state.clone()
                self._scanned = self._scan_floor = self._run_start
            position = self._scan_state
            for index in range(self._scanned, len(history)):
                action = history[index]
                before = position.clone()
                position.apply(action)
                if is_undo_barrier(before, action, position):
                    self._scan_floor = index + 1
            self._scanned = len(history)
            self._floor = self._scan_floor
        return self._floor

    def last_actor(self) -> int | None:
        """The seat that took the last action of the history, if it was taken here."""
        return self._actors[-1] if self._actors else None

    def can_undo(self, seat: int) -> bool:
        """True if ``seat`` may take back the last action now (see the module doc)."""
        return self.why_not_undo(seat) is None

    def why_not_undo(self, seat: int) -> str | None:
        """Why ``seat`` may not undo now, in English words for the player (marked for translation:
        the front ends show it through ``netjer.i18n``), or ``None`` if it may."""
        history = self.state.history
        if not history or self.last_actor() is None:
            return N_("there is nothing to take back")
        if self.state.is_terminal:
            return N_("the game is over")
        if self.last_actor() != seat:
            return N_("the last decision was not yours (another player acted since)")
        if self.undo_floor() >= len(history):
            return N_("hidden information was revealed or chance was drawn since your last decision")
        return None

    def undo(self, seat: int) -> Action:
        """Take back ``seat``'s last action: the position before it, and :data:`UNDO` appended
        to the entries.

        Returns:
            The action taken back.

        Raises:
            UndoError: if the policy does not allow it (the message says why).
        """
        reason = self.why_not_undo(seat)
        if reason is not None:
            raise UndoError(f"cannot undo: {reason}")
        history = self.state.history
        taken_back = history[-1]
        floor = self.undo_floor()
        position = self._run_state.clone()
        for action in history[self._run_start : len(history) - 1]:
            position.apply(action)
        self.state = position
        del self._actors[-1]
        self._floor = floor
        self._scan_state = None  # it went past the new end: searched again from the run's start
        self.entries.append(UNDO)
        return taken_back
