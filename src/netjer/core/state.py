"""``State``: a game position, mutable and cheap to clone.

The contract (DESIGN.md): ``current_player``, ``legal_actions()``, ``apply(action)``,
``is_terminal``, ``returns()``, ``observation(seat)``, ``determinize(seat, rng)``,
``clone()`` and ``history``.  ``apply`` refuses an action not in ``legal_actions()`` with an
:class:`IllegalActionError` naming the rule, and leaves the state untouched.
"""

from __future__ import annotations

import json
import operator
from abc import abstractmethod
from collections.abc import Hashable, Mapping
from typing import TYPE_CHECKING, Any, Final, SupportsIndex

from mypy_extensions import mypyc_attr

from netjer.core.action import Action
from netjer.core.errors import GameNotOverError, IllegalActionError, SeatError
from netjer.core.integers import seat_number, whole_number
from netjer.core.rng import Rng
from netjer.i18n import N_, _

if TYPE_CHECKING:
    from netjer.core.game import Game

#: ``current_player`` of a finished game (the value OpenSpiel uses).
TERMINAL: Final = -4

#: A JSON-serialisable mapping, as returned by ``observation`` and ``full_state``.
JsonDict = dict[str, Any]


# Compiled (``make compiled``), a native class, so that a compiled game's state (Ankh's) can be
# one too; its subclasses may be plain Python classes (Aton's, Nile's, the tests' games), and its
# instances pickle and copy as in Python (serializable: ``__new__`` does not call ``__init__``).
# Not an ``abc.ABC``: compiled, every native subclass of an ABC shares ``ABC``'s own
# ``isinstance`` cache, and an Aton state was then taken for an Ankh state; ``__init_subclass__``
# makes the check ABC made.  Unhashable (mutable): defining ``__eq__`` without ``__hash__`` does
# that in both builds; an explicit ``__hash__ = None`` became a pickled attribute when compiled.
@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class State:  # noqa: PLW1641 - unhashable on purpose, see above
    """A position of a game.

    Subclasses implement the abstract methods; the base class provides the legality check,
    history and comparison.  All randomness after setup comes from ``self.rng``.

    Attributes:
        game: the :class:`~netjer.core.game.Game` this state belongs to.
        seed: the seed the game was started with.
        rng: the state's own generator (part of the hidden state: see ``determinize``).
        history: the actions applied since the initial state, in order.
    """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Refuse a game's state class that leaves out a method of the contract (one marked
        ``@abstractmethod`` here), when the class is defined.

        Raises:
            TypeError: naming the class and the methods it lacks.
        """
        super().__init_subclass__(**kwargs)
        missing = [name for name in CONTRACT if getattr(cls, name) is getattr(State, name)]
        if missing:
            raise TypeError(f"{cls.__name__} does not implement {', '.join(missing)} of the State contract")

    def __init__(self, game: Game, seed: int) -> None:
        """Set the kernel's fields (a game's state class calls this from its own ``__init__``).

        Raises:
            TypeError: for ``State`` itself, which implements no game (as ``abc.ABC`` refused
                it before ``State`` was a native class).
        """
        if type(self) is State:
            raise TypeError(
                "State is the kernel's contract, not a game: make a game's state with game.new_initial_state(seed)"
            )
        self.game = game
        self.seed = seed
        self.rng = Rng(seed)
        self.history: list[Action] = []
        self._legal: list[Action] | None = None

    # --- the contract -------------------------------------------------------------------

    @property
    @abstractmethod
    def current_player(self) -> int:
        """The seat to act (``0 .. num_players-1``), or :data:`TERMINAL`."""

    @property
    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.current_player == TERMINAL

    def legal_actions(self) -> list[Action]:
        """The actions the current player may take, in a fixed order; empty iff terminal.

        The list is a fresh copy; the actions are shared, immutable objects.
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_actions()
        return list(legal)

    def apply(self, action: Action) -> None:
        """Play ``action`` for the current player.

        Raises:
            IllegalActionError: if ``action`` is not in ``legal_actions()``; the message
                names the rule that forbids it, and the state is unchanged.
        """
        legal = self._legal
        if legal is None:
            legal = self._legal_actions()
        # The actions are interned, so an action taken from ``legal_actions()`` is found by
        # identity; ``in`` alone would call the dataclass's ``__eq__`` (Python code) on every
        # action before it.  An equal but distinct action (parsed, unpickled) goes to ``in``.
        for candidate in legal:
            if candidate is action:
                break
        else:
            if action not in legal:
                self._legal = legal
                raise self.illegal(action)
        self._legal = None
        self._apply(action)
        self.history.append(action)

    def play_random(self, rng: Rng, limit: SupportsIndex | None = None) -> int:
        """Play uniformly random legal actions until the game ends or ``limit`` actions were
        played (a search's random playout); return how many were played.

        Each action is ``legal[rng.below(len(legal))]`` of ``legal_actions()``: the same draws,
        the same actions and the same state after as ``state.apply(rng.choice(
        state.legal_actions()))`` repeated, without the copy of the list and the legality
        check (the action is taken from the list).  The history records them as ``apply`` does.

        Args:
            rng: the player's generator (not the state's); advanced by one draw per action.
            limit: at most this many actions (a Python or NumPy integer: compiled, an ``int``
                annotation refused NumPy's); ``None``: to the end of the game.

        Raises:
            TypeError: for a ``limit`` that is not a whole number, or an ``rng`` that is not an
                :class:`~netjer.core.rng.Rng`.
        """
        if not isinstance(rng, Rng):
            raise TypeError(f"play_random draws from a netjer.core.rng.Rng, got {type(rng).__name__}")
        below = rng.below
        history = self.history
        legal_actions = self._legal_actions
        apply = self._apply
        stop = None if limit is None else operator.index(limit)
        played = 0
        while not self.is_terminal and (stop is None or played < stop):
            legal = self._legal
            if legal is None:
                legal = legal_actions()
            action = legal[below(len(legal))]
            self._legal = None  # as apply: a game's _apply may fill the cache for the next state
            apply(action)
            history.append(action)
            played += 1
        return played

    def apply_text(self, text: Any) -> Action:
        """Parse ``text`` in the game's notation and apply it; return the action.

        Args:
            text: the action's notation.  Typed ``Any`` so that a non-text reaches the game's
                ``parse_action``, which refuses it with an ``ActionSyntaxError``: compiled
                (``make compiled``), a ``str`` annotation made it a bare ``TypeError``.

        Raises:
            ActionSyntaxError: if the text is not an action of the game, or not a text.
            IllegalActionError: if it is not legal now.
        """
        action = self.game.parse_action(text)
        self.apply(action)
        return action

    def returns(self) -> list[float]:
        """One float per seat (win 1, loss -1, draw 0 unless a game says otherwise).

        Raises:
            GameNotOverError: if the game is not over: returns are defined only at the end.
        """
        if not self.is_terminal:
            raise GameNotOverError("returns() is defined only once the game is over")
        return self._returns()

    @abstractmethod
    def observation(self, seat: int | None) -> JsonDict:
        """Everything seat ``seat`` may know, as JSON-serialisable data.

        ``seat=None`` gives the public (spectator) view.  This is the single source of every
        per-seat view: UIs, logs, agents and adapters read nothing else.
        """

    def shared_observation(self, seat: int | None) -> JsonDict:
        """:meth:`observation` for a reader that only reads it (the research adapters' tensor
        writers): the same value, but a game may hand out parts it remembers between calls
        (Ankh: ``AnkhState.shared_observation``) instead of copies, so the caller must not
        change it, and a part that is the same object as one seen before is unchanged.  This
        default is ``observation(seat)`` itself.
        """
        return self.observation(seat)

    def check_seat(self, seat: object) -> int | None:
        """Refuse a seat the game does not have, before a view is built for it (a game's
        ``observation`` calls this first: an index of -1 would otherwise read as the last
        seat and show that seat's hidden cards).

        Args:
            seat: ``None`` (a spectator) or a seat number ``0 .. num_players - 1``: a Python
                or NumPy integer; ``bool`` is refused.

        Returns:
            The seat as a Python ``int`` (a NumPy integer converted); ``None`` for a spectator.

        Raises:
            SeatError: naming the seat and the seats there are.
        """
        if seat is None:
            return None
        players = self.game.num_players
        if seat.__class__ is int and 0 <= seat < players:
            return seat  # the common case, without a call
        number = whole_number(seat)
        if number is None:
            raise SeatError(f"no seat {seat!r}: a seat is a whole number 0 to {players - 1}, or None (a spectator)")
        return seat_number(number, players)

    def simultaneous_window(self) -> Hashable | None:
        """The *window* of simultaneous choices this state is in, or ``None`` outside one.

        At the table some choices are made by several seats at once and in secret (Aton's
        exchange decision and cartouches, Ankh's Battle cards and Plague bids); the engine
        takes them one seat at a time (DESIGN.md, "The kernel contract").  A game declares
        such a run of decisions by returning the same hashable value for every state of it
        (a different one for the next run), so that front ends may let every seat of the
        window choose at once and apply the choices in the engine's order: the web server
        (:mod:`netjer.server.tables`) and the PettingZoo Parallel environment do.

        A game returning a window promises that, within it, a seat's legal actions and
        ``observation(seat)`` do not depend on what the other seats chose (only on *that*
        they chose).  The default is ``None``: no window, every choice is taken in turn.
        """
        return None

    def window_observation(self, seat: int, before: Mapping[int, State]) -> JsonDict:
        """``observation(seat)`` at ``seat``'s decision in a window of simultaneous choices,
        showing the other seats' choices only where they were really made.

        A front end that lets every seat of a window choose at once reaches ``seat``'s
        decision in a probe copy of the state (``self``) in which the seats ahead of it in
        the engine's order took their real choices (made or queued) and then *placeholders*
        for the ones they have not made yet (:func:`netjer.server.windows.window_plan`, the
        PettingZoo Parallel environment).  ``before[p]``, for each such seat ``p``, is the
        probe just before ``p``'s first placeholder: ``p``'s real choices applied, none of its
        placeholders.  A game whose observation shows *that* a seat has chosen (a face-down
        card) overrides this to take those parts of the view from ``before[p]``; the default
        is ``observation(seat)`` of ``self`` (right for a game whose views do not show it).

        Args:
            seat: the seat choosing now (``self.current_player``).
            before: seat -> probe state just before that seat's first placeholder (never
                ``seat`` itself); empty when no seat ahead took a placeholder.

        Returns:
            The observation, in the shape of :meth:`observation`.
        """
        return self.observation(seat)

    def determinize(self, seat: SupportsIndex, rng: Rng) -> State:
        """A full state consistent with ``observation(seat)``, hidden information re-sampled.

        Used by information-set MCTS (Cowling, Powley & Whitehouse 2012).  The result depends
        only on what ``seat`` knows and on ``rng``: two states with the same
        ``observation(seat)`` give identical determinizations for the same ``rng`` state
        (the conformance suite checks it), so a searcher cannot learn hidden facts from it.
        To that end the result's own generator and seed are drawn from ``rng`` (future
        shuffles are unknown too), and its ``history`` is empty: the true history holds
        other seats' secret choices.  A determinization is a position to search, not a game
        to record.

        Args:
            seat: the seat whose information set is sampled (a Python or NumPy integer).
            rng: the searcher's generator; advanced by the call.

        Returns:
            A new, independent state.

        Raises:
            SeatError: for a seat the game does not have (-1 is not the last seat), or
                ``None``: a spectator has no information set to sample.
            TypeError: if ``rng`` is not an :class:`~netjer.core.rng.Rng`.
        """
        number = self.check_seat(seat)
        if number is None:
            raise SeatError("determinize samples a seat's information set: give a seat, not None (a spectator)")
        if not isinstance(rng, Rng):
            raise TypeError(f"determinize draws from a netjer.core.rng.Rng, got {type(rng).__name__}")
        new = self._resample_hidden(number, rng)
        new.rng = rng.spawn()
        new.seed = new.rng.state
        new.history = []
        new._legal = None
        return new

    @abstractmethod
    def _resample_hidden(self, seat: int, rng: Rng) -> State:
        """A clone with everything ``seat`` cannot see re-dealt from ``rng``.

        ``seat`` is a Python ``int`` of the game's seats: ``determinize`` has checked and
        converted it.

        Must be canonical: draw from pools in a fixed order (e.g. sorted) so that the result
        depends only on ``observation(seat)`` and ``rng``, not on the true hidden values.
        """

    @abstractmethod
    def clone(self) -> State:
        """An independent copy (history and generator included)."""

    @abstractmethod
    def full_state(self) -> JsonDict:
        """The complete state including hidden information, JSON-serialisable.

        For equality, debugging and omniscient replays; never shown to a seat.
        """

    def public_scores(self) -> list[float] | None:
        """The public running score of each seat, if the game keeps one (Aton's points).

        Used by reports for lead changes (Ludii's vocabulary); ``None`` if the game has no
        running score.
        """
        return None

    def report_facets(self) -> dict[str, list[str]]:
        """Labels of the seats for balance reports, by facet, e.g. ``{"god": ["Ra", "Isis"],
        "scenario": ["old-kingdom", "old-kingdom"]}``: one label per seat.

        Read from the initial state of each game of a tournament (``netjer.sim.facets``
        tabulates win rates per label).  The default is no facet.
        """
        return {}

    # --- for subclasses -----------------------------------------------------------------

    @abstractmethod
    def _legal_actions(self) -> list[Action]:
        """Compute the legal actions (empty when terminal)."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Apply a legal action (already checked)."""

    @abstractmethod
    def _returns(self) -> list[float]:
        """Returns of a terminal state."""

    @abstractmethod
    def _why_illegal(self, action: Action) -> tuple[str, str]:
        """For an action not in ``legal_actions()``: ``(rule, reason)`` for the player: the rule
        a catalogue message of the game's domain left in English (``N_``-marked; told in the
        reader's language where it is shown: :func:`netjer.i18n_lines.tell`), the reason already
        in the process's language."""

    def _copy_base_to(self, other: State) -> None:
        """Copy the base-class fields into a new instance made by ``clone``."""
        other.game = self.game
        other.seed = self.seed
        other.rng = self.rng.clone()
        other.history = list(self.history)
        other._legal = self._legal

    # --- conveniences -------------------------------------------------------------------

    def illegal(self, action: Action) -> IllegalActionError:
        """The error ``apply(action)`` raises for an action that is not legal now."""
        legal = [str(a) for a in self.legal_actions()]
        if self.is_terminal:
            return IllegalActionError(str(action), N_("game over"), _("the game is over; no action is legal"), [])
        rule, reason = self._why_illegal(action)
        return IllegalActionError(str(action), rule, reason, legal)

    def describe_action(self, action: Action, viewer: int | None) -> str:
        """Words for ``action``, about to be played by the current player, as ``viewer`` sees it.

        Games override this to hide secret choices from other seats; the default is the
        notation, prefixed by the actor.
        """
        return f"{self.game.seat_name(self.current_player)}: {action}"

    def __getstate__(self) -> dict[str, Any]:
        """The attributes, by name, for ``pickle`` and ``copy``: the instance's ``__dict__`` (a
        Python class), then, in the compiled build (``make compiled``), the attributes a native
        class keeps in its slots (mypyc lists each class's own in ``__mypyc_attrs__``).  Written
        here because mypyc's own ``__getstate__`` left out a Python subclass's ``__dict__``.

        Returns:
            attribute name -> value, for :meth:`__setstate__`.
        """
        own = getattr(self, "__dict__", None)
        state: dict[str, Any] = dict(own) if own else {}
        for klass in type(self).__mro__:
            for name in klass.__dict__.get("__mypyc_attrs__", ()):
                if not name.startswith("__") and hasattr(self, name):
                    state[name] = getattr(self, name)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Set the attributes of :meth:`__getstate__` on a state made without ``__init__``."""
        for name, value in state.items():
            setattr(self, name, value)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State) or type(other) is not type(self):
            return NotImplemented
        return self.full_state() == other.full_state()

    def __str__(self) -> str:
        return json.dumps(self.full_state(), sort_keys=True)


#: The methods and properties of the contract a game's state class must define (those marked
#: ``@abstractmethod`` above; tests/core/test_state_contract.py checks the two agree), checked by
#: ``State.__init_subclass__``.  Written out: compiled, the markers are not visible at run time.
CONTRACT: Final[tuple[str, ...]] = (
    "current_player",
    "observation",
    "_resample_hidden",
    "clone",
    "full_state",
    "_legal_actions",
    "_apply",
    "_returns",
    "_why_illegal",
)
