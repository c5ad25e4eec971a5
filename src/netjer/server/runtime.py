"""A live table in memory (:class:`TableRuntime`: the game's state, its seats, clocks, chat
and who listens) and what is computed from one: the seats' public facts, the legal actions
as shown, the log's notation, and advancing or undoing a step (also from other processes'
news).  The table manager (:mod:`netjer.server.tables`) owns the runtimes; the routes and
services read them.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from netjer import i18n
from netjer.agents.levels import LEVEL_TITLES, level_of_spec
from netjer.core.action import Action
from netjer.core.errors import NetjerError
from netjer.core.game import Game
from netjer.core.state import State
from netjer.core.undo import UNDO, Transcript, UndoError
from netjer.i18n import N_
from netjer.i18n_lines import tell
from netjer.i18n_sentences import Sentence
from netjer.server.clocks import ClockSettings, ClockState
from netjer.server.retired_seats import plays_on, standings, with_retired
from netjer.server.windows import Choice, Queued, window_plan

log = logging.getLogger("netjer.server")

#: A connected client: called with the table after every change; it sends its own view.
Listener = Callable[["TableRuntime"], Awaitable[None]]
#: The agent that plays for a person whose time ran out.
STANDIN_AGENT = "heuristic"
#: Seconds after its WebSocket closed that a seat still counts as at the table (a page
#: reloading): :func:`netjer.server.table_endings.abandoned`.
PRESENCE_SECONDS = 60.0
#: How a rematch seat kept for the player of an old table's seat is marked (instead of a
#: token's hash): ``reserved:<old table>:<old seat>``.
RESERVED = "reserved:"


class TableError(Exception):
    """A request about a table that cannot be served.

    The sentence is a catalogue message (``common`` domain) with named placeholders, marked
    with ``N_`` where it is raised and filled from ``params``: the answer tells it in the
    request's language (:func:`netjer.server.routes.common.error_response`) and carries the
    message id and the params, so that a page may tell it itself (``t(message_id, params)``).
    A sentence that is not a catalogue message (an engine's parse error) is sent as it is.

    Attributes:
        status: the HTTP status it maps to (403, 404, 409, 422).
        code: a short, stable, machine-readable code (``"stale"``, ``"illegal"``, ...).
        message: the sentence for the player, in English (the message id filled).
        message_id: the catalogue message (English, with ``{placeholders}``).
        params: the placeholders' values (names, numbers, notation: never an English phrase).
        rule: for an illegal move, the rule that forbids it as the engine cites it (in
            English: :attr:`netjer.core.errors.IllegalActionError.rule`); the answer tells it in
            the request's language (:meth:`told_rule`).
    """

    def __init__(self, status: int, code: str, message: str, rule: str | None = None, /, **params: int | str) -> None:
        filled = message.format(**params) if params else message
        super().__init__(filled)
        self.status = status
        self.code = code
        self.message = filled
        self.message_id = message
        self.params: dict[str, int | str] = dict(params)
        self.rule = rule

    #: For an engine's sentence (:meth:`engine`): the game whose messages it is made from.
    game: str | None = None
    #: For another layer's sentence (:meth:`saying`): that sentence, told as it says.
    sentence: Sentence | None = None

    @classmethod
    def engine(cls, status: int, code: str, sentence: str, game: str, rule: str | None = None) -> TableError:
        """A refusal whose sentence an engine wrote (an illegal move's reason, a notation the
        game cannot read) and the rule it cites: made from ``game``'s catalogue messages, told
        by reading them back (:func:`netjer.i18n_lines.tell`)."""
        err = cls(status, code, sentence, rule)
        err.game = game
        return err

    def told(self, language: str) -> str:
        """The sentence in ``language``: its catalogue's message filled, the :class:`Term`
        params told in that language too (English when the catalogue lacks the message,
        :func:`netjer.i18n.gettext`); an engine's sentence read back to its messages."""
        if self.game is not None:
            return tell(self.message, language, ("common", self.game))
        if self.sentence is not None:
            return self.sentence.told(language)
        template = i18n.gettext(self.message_id, language)
        if not self.params:
            return template
        return template.format(**{k: _told(v, language) for k, v in self.params.items()})

    def told_rule(self, language: str) -> str | None:
        """The rule in ``language`` (None if the refusal cites none): an engine's citation, a
        catalogue message of its game, read back and told (:func:`netjer.i18n_lines.tell`), as
        :meth:`told` tells its reason."""
        if self.rule is None or self.game is None:
            return self.rule
        return tell(self.rule, language, ("common", self.game))

    @classmethod
    def saying(cls, status: int, code: str, sentence: Sentence) -> TableError:
        """A refusal saying ``sentence`` (another layer's catalogue message: a game's option
        check, a validation; :func:`netjer.i18n_sentences.sentence_of`)."""
        err = cls(status, code, sentence.message_id, **sentence.params)
        err.message = str(sentence)  # a plural message's English form for its count
        err.args = (err.message,)
        err.sentence = sentence
        return err


def _told(value: int | str, language: str) -> int | str:
    """A :class:`TableError` param in ``language``: a :class:`Term` or a :class:`Sentence`
    told, anything else as it is."""
    if isinstance(value, Sentence):
        return value.told(language)
    return tell(value, language) if isinstance(value, Term) else value


class Term(str):
    """A param of a :class:`TableError` that is a name the catalogues translate (a seat's name,
    a game's title), told in the reader's language (:func:`netjer.i18n_lines.tell`); any other
    param (a table id, a number, a player's chosen name, notation) is shown as it is."""

    __slots__ = ()


@dataclass
class SeatInfo:
    """A seat: who plays it, the hash of its token (human seats) and the account holding it
    (None: a guest's seat), whose sessions may act for it on any device."""

    spec: str
    name: str | None
    token_hash: str | None
    account: int | None = None

    @property
    def is_human(self) -> bool:
        """Whether a person plays this seat."""
        return self.spec == "human"

    @property
    def reserved(self) -> bool:
        """Whether this rematch seat waits for the player of the old table to accept it."""
        return self.token_hash is not None and self.token_hash.startswith(RESERVED)

    @property
    def waiting(self) -> bool:
        """Whether this person's seat has nobody yet (open, or reserved for a rematch)."""
        return self.is_human and (self.token_hash is None or self.reserved)


@dataclass
class Proposal:
    """A draw or an adjournment offered at a table (:mod:`netjer.server.endings`).

    Attributes:
        kind: ``"draw"`` or ``"adjourn"``.
        by: the seat that offered it.
        agreed: the seats that agreed so far (the offerer included).
        version: the table's version when it was offered: a move makes it lapse.
    """

    kind: str
    by: int
    agreed: set[int]
    version: int

    def to_json(self) -> dict[str, Any]:
        """The proposal as the views carry it."""
        return {"kind": self.kind, "by": self.by, "agreed": sorted(self.agreed)}


@dataclass
class TableRuntime:
    """A table in memory.

    Attributes:
        id: the table id.
        game: the game with its options.
        state: the current state (replayed from the stored actions).
        seats: who sits where.
        logs: per viewer (a seat, or ``None`` for spectators), the game so far in words:
            each action as that viewer saw it, then the public events it caused.
        notation: per viewer, the notation of the log lines that tell an action ("pick 7,6"),
            by line index; only where that viewer's words for it are the actor's own (nothing
            hidden from it), so the notation never tells more than the words.
        listeners: connected clients per viewer.
        clock_settings: the time control.
        clock: the clocks (stand-ins and seats that are out included).
        forfeit: the result of a game ended by a seat being out (the state is not terminal).
        chat: the table's chat messages, oldest first (public: every viewer sees them).
        creator_hash: the hash of the creator's key (``None``: nobody may delete it).
        rematch: the id of the rematch offered at the end, if any.
        hints: a seat may ask for the search's preferred action (:mod:`netjer.server.reviews`).
        hint_limit: how many hints each seat may be given (``None``: no limit).
        rated: the game counts for its players' ratings (chosen at creation; :mod:`netjer.server.ratings`).
        hints_at: per seat, the positions (versions) at which it was given a hint counted
            against ``hint_limit`` (read from ``hints_given``; empty at a table without a limit).
        deleted: the creator deleted the table (its last listeners are being told).
        queued: per seat, its choices made ahead of the engine's turn in the current window
            of simultaneous choices, oldest first.
        window: the window of simultaneous choices the state is in (``None``: none) and
            ``window_version``, the version it began at.
        stamps: per seat, how many times its choices in windows changed (a choice made or
            withdrawn): a window move is accepted against its seat's stamp, so that the
            other seats' moves do not make it stale but a repeated one is refused.
        connections: per seat, its open WebSocket connections.
        elsewhere: the other server processes' connections (PostgreSQL): the seats connected
            there and how many pages watch there (:mod:`netjer.server.presence`).
        ai_submitting: the version whose computer move is being submitted (``None``: none),
            so that no second search of that position starts meanwhile.
        absent_since: per person's seat without a connection, since when (its last
            connection closed, its last request, or the table was created or loaded): a
            seat without a connection for its deadline counts as gone.
        ending: how a game ended outside its moves, or by them (:mod:`netjer.server.endings`):
            ``{"how": "resigned" | "time" | "gone" | "aborted" | "agreed" | "rules",
            "seats": [...]}`` (the seats it concerns) and, at a table of three or more,
            ``"retired"``: the seats that had left the game when it ended
            (:mod:`netjer.server.retired_seats`); ``None`` while it goes on.
        proposal: a draw or an adjournment offered at this version and who agreed so far
            (``None``: none stands).
        back: at an adjourned table, the persons' seats that arrived since (a new connection
            or a request, stored as a ``back`` event so that every server process knows):
            when every one has, the game resumes.
        seen: the persons' seats that arrived in this process (a connection, a request).
        socketed: the persons' seats that had a WebSocket connection in this process.
        actors: the seats that have made a decision (an action, or a choice queued ahead):
            a game may be aborted only while some seat has not.
        resigned: the seats that resigned from a game of three or more that goes on without
            them (:mod:`netjer.server.retired_seats`; read back from ``retired`` events).
    """

    id: str
    game: Game
    state: State
    seats: list[SeatInfo]
    logs: dict[int | None, list[str]] = field(default_factory=dict)
    notation: dict[int | None, dict[int, str]] = field(default_factory=dict)
    listeners: dict[int | None, set[Listener]] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    ai_task: asyncio.Task[None] | None = None
    ai_submitting: int | None = None
    clock_settings: ClockSettings = field(default_factory=ClockSettings)
    clock: ClockState = field(default_factory=lambda: ClockState([]))
    forfeit: list[float] | None = None
    chat: list[dict[str, Any]] = field(default_factory=list)
    # The account of a chat line said by a signed-in spectator, by event id (this process's
    # lines only: a mute hides them, netjer.server.moderation).
    chat_accounts: dict[int, int] = field(default_factory=dict)
    # The listeners that asked to be sent a view when someone arrives or leaves (presence).
    presence_listeners: set[Listener] = field(default_factory=set)
    creator_hash: str | None = None
    rematch: str | None = None
    deleted: bool = False
    transcript: Transcript | None = None
    hints: bool = False
    hint_limit: int | None = None
    rated: bool = False
    hints_at: dict[int, set[int]] = field(default_factory=dict)
    queued: dict[int, list[Queued]] = field(default_factory=dict)
    window: Hashable | None = None
    window_version: int = 0
    stamps: dict[int, int] = field(default_factory=dict)
    connections: dict[int, int] = field(default_factory=dict)
    elsewhere: tuple[frozenset[int], int] = (frozenset(), 0)
    absent_since: dict[int, float] = field(default_factory=dict)
    ending: dict[str, Any] | None = None
    proposal: Proposal | None = None
    actors: set[int] = field(default_factory=set)
    back: set[int] = field(default_factory=set)
    seen: set[int] = field(default_factory=set)
    socketed: set[int] = field(default_factory=set)
    resigned: set[int] = field(default_factory=set)
    _plan: tuple[Any, dict[int, Choice] | None] | None = None
    _seen: tuple[State, int, dict[int | None, dict[str, Any]]] | None = None

    def __post_init__(self) -> None:
        self.window = self.state.simultaneous_window()
        self.window_version = self.version

    @property
    def version(self) -> int:
        """The number of entries stored (actions and undos, :mod:`netjer.core.undo`): a move is
        accepted only against the current one."""
        return len(self.transcript.entries) if self.transcript is not None else len(self.state.history)

    @property
    def finished(self) -> bool:
        """Whether the game is over (by its rules, a seat out, resigned, aborted or drawn)."""
        return self.state.is_terminal or self.forfeit is not None or self.ending is not None

    @property
    def how(self) -> dict[str, Any] | None:
        """How the game ended (:attr:`ending`; a game ended by its moves: ``"rules"``), or
        ``None`` while it goes on (or for a table finished before endings were stored)."""
        if self.ending is not None:
            return self.ending
        return self.rules_ending() if self.state.is_terminal else None

    def rules_ending(self) -> dict[str, Any]:
        """The ending of a game ended by its rules, as stored with its result: ``{"how": "rules",
        "seats": []}``, with the seats that left it before (``"retired"``,
        :func:`~netjer.server.retired_seats.with_retired`)."""
        return with_retired({"how": "rules", "seats": []}, self.retired_seats())

    def arrive(self, seat: int) -> None:
        """Note that ``seat``'s person arrived (a new connection, a request): it has been at
        the table (:attr:`seen`).  (At an adjourned table, :meth:`netjer.server.endings.Endings.arrive`
        also notes that it is back.)"""
        self.seen.add(seat)

    @property
    def result(self) -> list[float] | None:
        """The returns of a finished game, one per seat (``None`` while it goes on)."""
        if self.forfeit is not None:
            return self.forfeit
        return self.final_result(self.state) if self.state.is_terminal else None

    def final_result(self, state: State) -> list[float]:
        """The result of the terminal ``state`` at this table: its returns, with the retired
        seats ranked last (:func:`~netjer.server.retired_seats.standings`)."""
        return standings(state.returns(), self.retired_seats(), state)

    def retired(self, seat: int) -> bool:
        """Whether ``seat`` left a game of three or more that goes on without it (it resigned,
        or is out on time): :mod:`netjer.server.retired_seats`."""
        if not plays_on(len(self.seats)):
            return False
        return seat in self.resigned or bool(seat < len(self.clock.out) and self.clock.out[seat])

    def retired_seats(self) -> set[int]:
        """Every retired seat (:meth:`retired`)."""
        return {seat for seat in range(len(self.seats)) if self.retired(seat)}

    def playing(self, seat: int) -> bool:
        """Whether a person plays ``seat`` and has not left the game (resigned, out)."""
        return self.seats[seat].is_human and not self.retired(seat)

    def who(self, seat: int) -> str:
        """A seat in the log's words: the person's name, else the seat's label."""
        return self.seats[seat].name or self.game.seat_name(seat)

    def stood_in(self, seat: int) -> bool:
        """Whether the computer plays this person's seat (or it is out of the game)."""
        return (
            bool(self.clock.standin and self.clock.standin[seat])
            or bool(self.clock.out and self.clock.out[seat])
            or seat in self.resigned
        )

    def computer_plays(self, seat: int) -> bool:
        """Whether seat ``seat``'s decisions are made by a computer (its own or a stand-in)."""
        return not self.seats[seat].is_human or self.stood_in(seat)

    def observation(self, viewer: int | None) -> dict[str, Any]:
        """``state.observation(viewer)``, worked out once per position: the log lines of an
        action (:func:`advance`) and every view sent at its version share it.  Remembered
        until the state changes (an action, an undo, a reload: another state object or
        another history length).  Callers must not change what it returns."""
        state = self.state
        seen = self._seen
        if seen is None or seen[0] is not state or seen[1] != len(state.history):
            seen = self._seen = (state, len(state.history), {})
        observation = seen[2].get(viewer)
        if observation is None:
            observation = seen[2][viewer] = state.observation(viewer)
        return observation

    def queued_actions(self) -> dict[int, list[Action]]:
        """Per seat, the actions of its queued choices (a new dict of new lists)."""
        return {seat: [q.action for q in waiting] for seat, waiting in self.queued.items() if waiting}

    def plan(self) -> dict[int, Choice] | None:
        """:func:`window_plan` of the current state and queued choices (remembered until
        either changes)."""
        key = (self.version, tuple(q.id for seat in sorted(self.queued) for q in self.queued[seat]))
        if self._plan is None or self._plan[0] != key:
            self._plan = (key, window_plan(self.state, self.queued_actions()))
        return self._plan[1]

    def choosers(self, state: State | None = None, queued: Mapping[int, Sequence[Action]] | None = None) -> set[int]:
        """The seats that may act now in ``state`` with ``queued`` choices (default: the
        table's): every seat that must still choose in a window, else the seat to act."""
        if state is None and queued is None:
            plan = self.plan()
            state = self.state
        else:
            state = state if state is not None else self.state
            plan = window_plan(state, queued if queued is not None else self.queued_actions(), observe=False)
        if state.is_terminal or self.forfeit is not None or self.ending is not None:
            return set()
        return set(plan) if plan is not None else {state.current_player}

    def clocked_seats(
        self, state: State | None = None, queued: Mapping[int, Sequence[Action]] | None = None
    ) -> set[int]:
        """The seats whose clocks should run in ``state`` with ``queued`` choices (default:
        the table's): the persons among :meth:`choosers`, once every seat is taken; none if
        the table has no clock."""
        if not self.clock_settings.active or self.forfeit is not None or self.ending is not None:
            return set()
        if self.clock.adjourned:
            return set()  # no clock runs until everyone is back
        if any(s.waiting for s in self.seats):
            return set()  # the clocks start when the last open (or reserved) seat is taken
        return {seat for seat in self.choosers(state, queued) if not self.computer_plays(seat)}

    def track_window(self) -> None:
        """Note the window of simultaneous choices the state is now in (after a change)."""
        window = self.state.simultaneous_window()
        if window != self.window:
            self.window, self.window_version = window, self.version

    def add_line(self, text: str) -> None:
        """Append a public line (a table event) to every viewer's log."""
        for v in self.viewers():
            self.logs.setdefault(v, []).append(text)

    def viewers(self) -> list[int | None]:
        """Every seat, then the spectators (``None``)."""
        return [*range(self.game.num_players), None]


def events_seen(state: State, viewer: int | None) -> list[str]:
    return log_lines(state.observation(viewer))


def log_lines(observation: dict[str, Any]) -> list[str]:
    """The game's log lines in an observation (its ``"log"``; none if it has no list there)."""
    events = observation.get("log", [])
    return [str(e) for e in events] if isinstance(events, list) else []


def chat_entry(event_id: int, seat: int | None, author: str | None, text: str, when: float) -> dict[str, Any]:
    """A chat message as the views carry it: who (a seat, or a spectator with the name they
    gave), the text (to be shown as text, never as markup) and when (seconds since the epoch)."""
    return {"id": event_id, "seat": seat, "name": author, "spectator": seat is None, "text": text, "time": when}


def span_words(seconds: float) -> str:
    """A duration in words for the log: ``"45 s"``, ``"5 min"``, ``"1 h"``, ``"3 days"``."""
    if seconds >= 86400 and seconds % 86400 == 0:
        days = int(seconds // 86400)
        return f"{days} day" if days == 1 else f"{days} days"
    if seconds >= 3600 and seconds % 3600 == 0:
        return f"{int(seconds // 3600)} h"
    if seconds >= 60:
        return f"{round(seconds / 60)} min"
    return f"{round(seconds)} s"


def level_title(game: str, players: int, spec: str) -> str | None:
    """The title (English catalogue message) of the level of ``game`` with ``players`` seats
    that plays ``spec``, or None if no level does (:func:`netjer.agents.levels.level_of_spec`)."""
    level = level_of_spec(game, players, spec)
    return None if level is None else LEVEL_TITLES[level.name]


def seat_entries(rt: TableRuntime) -> list[dict[str, Any]]:
    """The public facts of each seat: label, name, who plays it (a person, a computer and the
    level it is, a
    computer standing in for a person whose time ran out or who left, nobody: out), whether it
    is open, and whether its person ``left`` (no connection for the deadline) rather than ran
    out of time."""
    return [
        {
            "seat": i,
            "label": rt.game.seat_name(i),
            "name": info.name,
            "kind": "human" if info.is_human else "agent",
            "agent": None if info.is_human else info.spec,
            # The level that plays it, as a page names it (its title, a catalogue message the
            # page translates: "Principiante"), where a level of this game and count does.
            "level": None if info.is_human else level_title(rt.game.name, len(rt.seats), info.spec),
            "open": info.is_human and info.token_hash is None,
            "reserved": info.reserved,
            "standin": STANDIN_AGENT if info.is_human and rt.clock.standin and rt.clock.standin[i] else None,
            "out": bool(rt.clock.out and rt.clock.out[i]),
            # Left a game of three or more that goes on: the table makes its least-impact moves.
            "resigned": i in rt.resigned,
            "retired": rt.retired(i),
            # Why the computer stands in (or the seat is out): its person left, or its time ran out.
            "left": bool(i < len(rt.clock.away) and rt.clock.away[i]),
        }
        for i, info in enumerate(rt.seats)
    ]


def legal_entries(game: Game, legal: list[Action]) -> list[dict[str, Any]]:
    """The legal actions as the web table lists them: ``index``, ``text`` (the notation),
    ``meaning`` (what it does, in one line: :meth:`RulesTexts.meaning`, ``""`` if the rules
    texts do not say) and ``term`` (the id of the rules entry that explains it, or None)."""
    try:
        texts = game.rules_texts()
    except NetjerError:  # a game without rules texts still plays
        texts = None
    out: list[dict[str, Any]] = []
    for i, a in enumerate(legal):
        text = str(a)
        term = texts.term_of(text) if texts is not None else None
        meaning = texts.meaning(text) if texts is not None else ""
        out.append({"index": i, "text": text, "meaning": meaning, "term": term.id if term else None})
    return out


def log_notation(runtime: TableRuntime, viewer: int | None, log_from: int = 0) -> list[str | None]:
    """For each of ``viewer``'s log lines from ``log_from`` on, the notation of the action it
    tells, or None (an event, or an action whose words hide something from ``viewer``)."""
    notes = runtime.notation.get(viewer, {})
    return [notes.get(i) for i in range(log_from, len(runtime.logs.get(viewer, [])))]


def advance(runtime: TableRuntime, action: Action) -> None:
    """Apply a legal action to the runtime's state and extend every viewer's log: the action's
    words for that viewer, then the game's new events (the first left out when it tells the
    action in the same words, as Ankh's unlock does)."""
    state = runtime.state
    described = {v: state.describe_action(action, v) for v in runtime.viewers()}
    before = {v: len(log_lines(runtime.observation(v))) for v in runtime.viewers()}
    actor = state.current_player
    runtime.actors.add(actor)
    if runtime.transcript is not None:
        runtime.transcript.apply(action)
    else:
        state.apply(action)
    for v in runtime.viewers():
        if v == actor or described[v] == described[actor]:
            runtime.notation.setdefault(v, {})[len(runtime.logs.get(v, []))] = str(action)
        events = log_lines(runtime.observation(v))[before[v] :]
        if events and events[0].rstrip(".") == described[v].rstrip("."):
            events = events[1:]  # the game's log tells the action in the same words: once is enough
        runtime.logs.setdefault(v, []).append(described[v])
        runtime.logs[v].extend(events)
    runtime.track_window()


#: How the log and the replay tell an undo (English on the server; marked so that the browser's
#: translateLine recognises it).
TAKEN_BACK = N_("Taken back: {words}")
#: Why an undo was refused (the reason is one of netjer.core.undo's, marked too).
CANNOT_UNDO = N_("cannot undo: {reason}")


def undo_last(runtime: TableRuntime) -> None:
    """Undo the last action of the runtime's transcript (its actor's) and tell every viewer, in
    words that say no more than that viewer's words for the action did.

    Raises:
        UndoError: if the undo policy does not allow it.
    """
    transcript = runtime.transcript
    if transcript is None:
        raise UndoError("cannot undo: this table keeps no transcript")
    seat = transcript.last_actor()
    if seat is None:
        raise UndoError("cannot undo: there is nothing to take back")
    before = transcript.state.clone()
    transcript.undo(seat)
    runtime.state = transcript.state
    taken = before.history[-1]
    position = transcript.state
    for v in runtime.viewers():
        words = position.describe_action(taken, v)
        runtime.logs.setdefault(v, []).append(TAKEN_BACK.format(words=words))
    runtime.track_window()


def apply_news(rt: TableRuntime, news: list[dict[str, Any]]) -> bool | None:
    """Apply the actions that news payloads carry (``{"i": first index, "a": [notation, ...],
    "c": clocks JSON, "r": result}``) where they join up with ``rt``'s version.

    Returns:
        True if actions were applied, False if the news brought nothing new, None if it
        cannot be applied (a gap, or no notation carried): read the database instead.
    """
    entries: dict[int, str] = {}
    last: dict[str, Any] = {}
    for item in news:
        actions = item.get("a")
        if not isinstance(actions, list) or not isinstance(item.get("i"), int):
            return None
        for offset, notation in enumerate(actions):
            entries[item["i"] + offset] = str(notation)
        last = item
    if not entries:
        return None
    if max(entries) < rt.version:
        return False
    if any(k not in entries for k in range(rt.version, max(entries) + 1)):
        return None
    for k in range(rt.version, max(entries) + 1):
        if entries[k] == UNDO:
            undo_last(rt)
        else:
            advance(rt, rt.game.parse_action(entries[k]))
    if rt.clock_settings.active and last.get("c"):
        rt.clock = ClockState.from_json(last["c"], rt.clock_settings, len(rt.seats))
    if last.get("r") and not rt.state.is_terminal:
        rt.forfeit = [float(x) for x in last["r"]]
    return True
