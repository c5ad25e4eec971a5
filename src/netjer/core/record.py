"""Game records: the JSON save format, loading with exact fault positions, and replay.

A record holds the game, its rules version, the full options, the seed, the seats (agent
specifications such as ``"human"`` or ``"random"``) and the actions in notation, one per
line.  Replaying it gives the identical state (DESIGN.md, "The kernel contract").  A record
that is malformed or does not replay is refused with the line (and column) at fault and,
for a bad action, its index and text.

Loading is linear in the file's size and number of actions: the text is parsed once, and a
line and column are worked out only for the one error that is reported.  Whatever its bytes,
a file is either loaded or refused with a :class:`~netjer.core.errors.RecordError`: a file
that is not a regular one (folder, FIFO, device) or is over :data:`MAX_RECORD_BYTES` is
refused before it is read; text that is not UTF-8 with the line of the first bad byte; a key
given twice, an integer literal longer than a 64-bit value's 20 digits, ``NaN`` and
``Infinity``, and strings that are not valid Unicode (lone surrogates) with their position.
"""

from __future__ import annotations

import codecs
import errno
import itertools
import json
import math
import os
import re
import stat
import tempfile
from collections.abc import Generator, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal, TypedDict, TypeVar

from pydantic import BaseModel, ConfigDict, Field, StrictFloat, StrictInt, StrictStr, ValidationError

from netjer import __version__
from netjer.core.action import Action
from netjer.core.errors import ConfigError, NetjerError, RecordError
from netjer.core.game import Game
from netjer.core.json_reasons import json_reason
from netjer.core.state import State
from netjer.core.undo import UNDO, Transcript, UndoError
from netjer.core.validation_messages import problem_sentence
from netjer.i18n import N_
from netjer.i18n_sentences import Sentence, sentence_of

#: The ``format`` field every record carries; bumped if the file layout changes.
RECORD_FORMAT = "netjer-record/1"
#: The format of a record whose actions include an undo (older Netjers cannot replay it).
RECORD_FORMAT_UNDO = "netjer-record/2"
#: Larger files are refused unread (a long Ankh game is well under 1 MB).
MAX_RECORD_BYTES = 20_000_000
#: Seeds are 64-bit values (:class:`~netjer.core.rng.Rng` keeps a seed modulo 2**64); both the
#: signed and the unsigned reading are accepted, so every record saved so far still loads.
SEED_MIN = -(2**63)
SEED_LIMIT = 2**64
#: The most digits of an integer anywhere in a record: a 64-bit value has at most 20.  Longer
#: literals are refused while parsing, before Python converts them (which is quadratic and,
#: past 4,300 digits, an error).
MAX_INT_DIGITS = 20
#: The longest action notation accepted (the longest of any game is under 30 characters).
MAX_ACTION_CHARS = 100
#: The longest seat (agent specification) accepted, as in the server's lobby.
MAX_SEAT_CHARS = 120

_Seed = Annotated[StrictInt, Field(ge=SEED_MIN, lt=SEED_LIMIT)]
_Seat = Annotated[StrictStr, Field(max_length=MAX_SEAT_CHARS)]
_ActionText = Annotated[StrictStr, Field(max_length=MAX_ACTION_CHARS)]
_Short = Annotated[StrictStr, Field(max_length=200)]
_Count = Annotated[StrictInt, Field(ge=0, lt=SEED_LIMIT)]


class _StandInModel(BaseModel):
    """The schema of one ``standins`` item: ``{"seat", "start", "end"}`` (``end`` may be null)."""

    model_config = ConfigDict(extra="forbid")

    seat: _Count
    start: _Count
    end: _Count | None = None


class _RecordModel(BaseModel):
    """The schema of a record file, checked strictly (no coercion of types)."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["netjer-record/1", "netjer-record/2"]
    game: _Short
    rules_version: _Short
    options: dict[str, Any]
    seed: _Seed
    seats: list[_Seat]
    actions: list[_ActionText]
    result: list[StrictFloat | StrictInt] | None = None
    netjer_version: _Short | None = None
    standins: list[_StandInModel] = []


@dataclass(frozen=True)
class StandIn:
    """A stretch of a game in which the computer took a seat's decisions for its person (at the
    web table, when the person's time ran out, until they took the seat back).

    Attributes:
        seat: the seat.
        start: the number of entries of the record (actions and undos) when the computer began
            to stand in: the seat's decisions at entry ``start`` and later were the computer's.
        end: the number of entries when the person took the seat back (their decisions from
            entry ``end`` on are their own again); ``None``: the computer played to the end.
    """

    seat: int
    start: int
    end: int | None = None

    def covers(self, seat: int, entry: int) -> bool:
        """Whether the decision of ``seat`` at entry index ``entry`` was the computer's."""
        return seat == self.seat and self.start <= entry and (self.end is None or entry < self.end)

    def to_dict(self) -> dict[str, int | None]:
        """``{"seat", "start", "end"}`` (the record's JSON)."""
        return {"seat": self.seat, "start": self.start, "end": self.end}


def entry_of_plies(entries: Sequence[str]) -> list[int]:
    """For each action of the history the entries lead to (undos taken into account), the index
    of the entry that played it: an undo takes back the last action standing, and the action
    played next takes its place."""
    played: list[int] = []
    for index, entry in enumerate(entries):
        if entry == UNDO:
            if played:
                played.pop()
        else:
            played.append(index)
    return played


def standin_plies(entries: Sequence[str], standins: Sequence[StandIn], actors: Sequence[int]) -> set[int]:
    """The plies of the final history whose decision the computer took, standing in for its seat.

    Args:
        entries: the record's entries (actions in notation and :data:`~netjer.core.undo.UNDO`).
        standins: the stretches in which the computer stood in (:class:`StandIn`).
        actors: the seat that decided each ply of the final history (``current_player``
            before it).

    Returns:
        The indices into the final history (0 = its first action) decided by a stand-in.
    """
    if not standins:
        return set()
    return {
        ply
        for ply, entry in enumerate(entry_of_plies(entries))
        if ply < len(actors) and any(s.covers(actors[ply], entry) for s in standins)
    }


@dataclass(frozen=True)
class GameRecord:
    """A finished or unfinished game, as saved to disk.

    Attributes:
        game: the game's short name (``"aton"``).
        rules_version: the game's ``rules_version`` when the record was made.
        options: every option, defaults included.
        seed: the seed of ``new_initial_state``.
        seats: one agent specification per seat, e.g. ``["human", "random"]``.
        actions: the actions in notation, in order, and :data:`~netjer.core.undo.UNDO` for
            each undo (it takes back the action before it that is still standing).
        result: the returns, once the game is over.
        standins: the stretches in which the computer took a seat's decisions for its person
            (:class:`StandIn`, in entry indices; a web table's timeouts), none by default.
            Written only when there are some; a review marks those decisions apart
            (docs/review.md).
    """

    game: str
    rules_version: str
    options: dict[str, Any]
    seed: int
    seats: list[str]
    actions: list[str] = field(default_factory=list)
    result: list[float] | None = None
    standins: list[StandIn] = field(default_factory=list)

    # --- building -----------------------------------------------------------------------

    @classmethod
    def from_state(
        cls,
        state: State,
        seats: Sequence[str],
        entries: Sequence[str] | None = None,
        standins: Sequence[StandIn] = (),
    ) -> GameRecord:
        """The record of ``state``'s game so far.

        Args:
            state: any state reached from ``new_initial_state(seed)``.
            seats: one agent specification per seat.
            entries: the full list of entries when undos were made (a
                :class:`~netjer.core.undo.Transcript`'s ``entries``); default: the history.
            standins: the stretches in which the computer stood in for a seat.

        Raises:
            ConfigError: if ``seats`` does not have one entry per seat.
        """
        game = state.game
        if len(seats) != game.num_players:
            raise ConfigError(f"{game.title} needs {game.num_players} seats, got {len(seats)}")
        return cls(
            game=game.name,
            rules_version=game.rules_version,
            options=game.options_dict(),
            seed=state.seed,
            seats=list(seats),
            actions=list(entries) if entries is not None else [str(a) for a in state.history],
            result=state.returns() if state.is_terminal else None,
            standins=list(standins),
        )

    @property
    def has_undo(self) -> bool:
        """True if the record holds an undo."""
        return UNDO in self.actions

    # --- text form ----------------------------------------------------------------------

    def to_json(self) -> str:
        """The record as indented JSON text, one action per line, ending with a newline."""
        data: dict[str, Any] = {
            "format": RECORD_FORMAT_UNDO if self.has_undo else RECORD_FORMAT,
            "netjer_version": __version__,
            "game": self.game,
            "rules_version": self.rules_version,
            "options": self.options,
            "seed": self.seed,
            "seats": self.seats,
            "result": self.result,
            "actions": self.actions,
        }
        if self.standins:  # only then: every other record's text stays as it was
            data["standins"] = [s.to_dict() for s in self.standins]
        return json.dumps(data, indent=2) + "\n"

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Parse a record's text, in time linear in its length.

        Raises:
            RecordError: with the line and column of the first fault (bad JSON, a key given
                twice, an integer of more than :data:`MAX_INT_DIGITS` digits, ``NaN`` or
                ``Infinity``, a string that is not valid Unicode, a missing or unknown field,
                a value of the wrong type or out of range, such as a seed that is not a
                64-bit value).
        """
        data = _parse(text)
        try:
            model = _RecordModel.model_validate(data)
        except ValidationError as err:
            first = err.errors(include_url=False, include_input=False)[0]
            loc = tuple(first["loc"])
            # The value at fault, or the nearest one around it that is in the text (a missing
            # field's object; a union's member, such as "result.0.float", is no JSON path).
            where = None
            for depth in range(len(loc) - (first["type"] == "missing"), -1, -1):
                where = locate(text, loc[:depth])
                if where is not None:
                    break
            line, column = where if where else (None, None)
            path = ".".join(str(p) for p in loc) or "(record)"
            # A schema's class name means nothing to a reader of the file: say what is wanted.
            if first["type"] == "model_type":
                message = Sentence(N_("{field}: should be a JSON object"), field=path)
            else:
                message = problem_sentence(first, path)
            raise RecordError(message, line=line, column=column) from None
        return cls(
            game=model.game,
            rules_version=model.rules_version,
            options=model.options,
            seed=model.seed,
            seats=model.seats,
            actions=model.actions,
            result=[float(x) for x in model.result] if model.result is not None else None,
            standins=[StandIn(s.seat, s.start, s.end) for s in model.standins],
        )

    # --- replay -------------------------------------------------------------------------

    def steps(self, game: Game, text: str | None = None) -> Iterator[tuple[State, Action]]:
        """Replay step by step: yield ``(state before, action)`` for each recorded action.

        The yielded state is the live replay state, advanced after each yield; clone it to
        keep it.  An undo yields nothing: the replay goes back to the position before the
        action it takes back (a new live state; see :meth:`entries` to see undos).

        Args:
            game: a game built from this record's name and options.
            text: the file's text, if the record came from a file, so that errors name the line.

        Raises:
            RecordError: if the record is not for ``game``, or an action does not parse or
                is illegal, or an undo is not allowed (with its index, text and line).
        """
        for state, entry in self.entries(game, text):
            if entry is not None:
                yield state, entry

    def entries(self, game: Game, text: str | None = None) -> Iterator[tuple[State, Action | None]]:
        """Replay entry by entry: yield ``(state before, action)`` for an action and
        ``(state before, None)`` for an undo (the state is the one the undo is applied to).

        Raises:
            RecordError: as :meth:`steps`.
        """
        yield from self._walk(game, text)

    def _walk(
        self, game: Game, text: str | None, *, keep_transcript: bool = False
    ) -> Generator[tuple[State, Action | None], None, tuple[State, Transcript | None]]:
        """Replay entry by entry (see :meth:`entries`); return the final state and, when the
        record holds undos or ``keep_transcript``, the :class:`Transcript` that replayed it."""
        self._check_game(game, text)
        state = game.new_initial_state(self.seed)
        transcript = Transcript(state) if self.has_undo or keep_transcript else None
        for index, action_text in enumerate(self.actions):
            # The position is worked out only for the action that fails (linear loading).
            if transcript is not None and action_text == UNDO:
                yield transcript.state, None
                seat = transcript.last_actor()
                try:
                    transcript.undo(seat if seat is not None else -1)
                except UndoError as err:
                    raise RecordError(
                        Sentence(_NO_REPLAY, reason=sentence_of(err)),
                        index=index,
                        action=action_text,
                        **_at(text, ("actions", index)),
                    ) from None
                state = transcript.state
                continue
            try:
                action = game.parse_action(action_text)
                if state.is_terminal:
                    raise RecordError(
                        Sentence(N_("the game was already over")),
                        index=index,
                        action=action_text,
                        **_at(text, ("actions", index)),
                    )
                if action not in state.legal_actions():
                    raise state.illegal(action)
            except RecordError:
                raise
            except NetjerError as err:
                raise RecordError(
                    Sentence(_NO_REPLAY, reason=sentence_of(err)),
                    index=index,
                    action=action_text,
                    **_at(text, ("actions", index)),
                ) from None
            yield state, action
            if transcript is not None:
                transcript.apply(action)
                state = transcript.state
            else:
                state.apply(action)
        self._check_result(state, text)
        return state, transcript

    def replay(self, game: Game, text: str | None = None) -> State:
        """The state after all the recorded actions (and undos).

        Raises:
            RecordError: as for :meth:`steps`, and if a recorded result disagrees with the
                replayed one.
        """
        return _finish(self._walk(game, text))[0]

    def transcript(self, game: Game, text: str | None = None) -> Transcript:
        """The record replayed into a :class:`~netjer.core.undo.Transcript`, to play on with
        undo (a resumed game): its entries are this record's actions and undos.

        Raises:
            RecordError: as for :meth:`replay`.
        """
        transcript = _finish(self._walk(game, text, keep_transcript=True))[1]
        assert transcript is not None  # keep_transcript
        return transcript

    def _check_game(self, game: Game, text: str | None) -> None:
        if game.name != self.game:
            raise RecordError(
                Sentence(N_("record is for {recorded}, not {given}"), recorded=repr(self.game), given=repr(game.name)),
                **_at(text, ("game",)),
            )
        if game.rules_version != self.rules_version and self.rules_version not in game.replayable_rules_versions:
            raise RecordError(
                Sentence(
                    N_("recorded under {title} rules version {recorded}; this Netjer implements {current}"),
                    title=Sentence(game.title),
                    recorded=repr(self.rules_version),
                    current=repr(game.rules_version),
                ),
                **_at(text, ("rules_version",)),
            )
        if len(self.seats) != game.num_players:
            raise RecordError(
                Sentence(
                    N_("{title} with these options has {seats} seats, the record lists {listed}"),
                    title=Sentence(game.title),
                    seats=game.num_players,
                    listed=len(self.seats),
                ),
                **_at(text, ("seats",)),
            )
        entries = len(self.actions)
        for i, s in enumerate(self.standins):
            if s.seat >= game.num_players:
                fault = Sentence(
                    N_("seat {seat}: {title} with these options has seats 0 to {last}"),
                    seat=s.seat,
                    title=Sentence(game.title),
                    last=game.num_players - 1,
                )
            elif s.start > entries or (s.end is not None and s.end > entries):
                fault = (
                    Sentence(
                        N_("entry {start} to the end is past the record's {entries} entries"),
                        start=s.start,
                        entries=entries,
                    )
                    if s.end is None
                    else Sentence(
                        N_("entry {start} to entry {end} is past the record's {entries} entries"),
                        start=s.start,
                        end=s.end,
                        entries=entries,
                    )
                )
            elif s.end is not None and s.end < s.start:
                fault = Sentence(N_("it ends (entry {end}) before it starts (entry {start})"), end=s.end, start=s.start)
            else:
                continue
            raise RecordError(Sentence(_STANDIN, index=i, fault=fault), **_at(text, ("standins", i)))
        # One seat's stretches must not overlap (their union was counted): the server's never do,
        # a stretch begins only after the last one ended (netjer.server.review_store.standins_of).
        for seat in sorted({s.seat for s in self.standins}):
            ordered = sorted((s.start, i) for i, s in enumerate(self.standins) if s.seat == seat)
            for (_, j), (_, i) in itertools.pairwise(ordered):
                earlier, later = self.standins[j], self.standins[i]
                if earlier.end is None or earlier.end > later.start:
                    fault = (
                        Sentence(
                            N_("it overlaps standins.{other} (seat {seat}, entry {start} to the end)"),
                            other=j,
                            seat=seat,
                            start=earlier.start,
                        )
                        if earlier.end is None
                        else Sentence(
                            N_("it overlaps standins.{other} (seat {seat}, entry {start} to entry {end})"),
                            other=j,
                            seat=seat,
                            start=earlier.start,
                            end=earlier.end,
                        )
                    )
                    raise RecordError(Sentence(_STANDIN, index=i, fault=fault), **_at(text, ("standins", i)))

    def standin_plies(self, game: Game, text: str | None = None) -> set[int]:
        """The plies of the replayed history whose decision the computer took, standing in
        (see :func:`standin_plies`); empty when the record has no ``standins``.

        Raises:
            RecordError: as :meth:`steps`.
        """
        if not self.standins:
            return set()
        actors: list[int] = []  # the seat of each action standing (an undo takes one back)
        for state, action in self.entries(game, text):
            if action is None:
                actors.pop()
            else:
                actors.append(state.current_player)
        return standin_plies(self.actions, self.standins, actors)

    def _check_result(self, state: State, text: str | None) -> None:
        if self.result is None:
            return
        if not state.is_terminal:
            raise RecordError(
                Sentence(N_("the record claims a result but the game is not over")), **_at(text, ("result",))
            )
        if [float(x) for x in state.returns()] != self.result:
            raise RecordError(
                Sentence(
                    N_("recorded result {recorded} differs from the replayed {replayed}"),
                    recorded=str(self.result),
                    replayed=str(state.returns()),
                ),
                **_at(text, ("result",)),
            )


def load_record(path: str | os.PathLike[str]) -> tuple[GameRecord, str]:
    """Read a record file; return the record and the file's text (for error positions).

    The file's kind and size are checked before a byte is read, so a folder, a named pipe
    (which would block the reader forever) or a device is refused at once.

    Raises:
        RecordError: naming the file (its ``file`` attribute), if the file cannot be read,
            is not a regular file, is larger than :data:`MAX_RECORD_BYTES`, is not UTF-8
            (with the line and column of the first bad byte), or is malformed (see
            :meth:`GameRecord.from_json`).
    """
    name = os.fspath(path)
    name = name if isinstance(name, str) else os.fsdecode(name)
    try:
        try:
            _check_kind(os.stat(path))
            # O_NONBLOCK: a file swapped for a FIFO after the check still cannot block the open.
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
            with os.fdopen(fd, "rb") as fh:
                _check_kind(os.fstat(fh.fileno()))
                raw = fh.read(MAX_RECORD_BYTES + 1)
        except OSError as err:
            known = _OS_REASONS.get(err.errno or 0)
            reason = Sentence(known) if known else str(err.strerror or err)
            raise RecordError(Sentence(N_("cannot read the file: {reason}"), reason=reason)) from None
        if len(raw) > MAX_RECORD_BYTES:
            raise RecordError(_TOO_LARGE)
        text = _decode(raw)
        return GameRecord.from_json(text), text
    except RecordError as err:
        raise err.in_file(name) from None


_TOO_LARGE = Sentence(N_("larger than {megabytes} MB: not a game record"), megabytes=MAX_RECORD_BYTES // 1_000_000)
#: The system's reasons a file cannot be read that a reader meets most (the C library's words,
#: ``strerror``), as catalogue messages; another reason is shown in the system's words.
_OS_REASONS = {
    errno.ENOENT: N_("No such file or directory"),
    errno.EACCES: N_("Permission denied"),
    errno.EPERM: N_("Operation not permitted"),
}
#: An action that does not replay, and why (the engine's sentence).
_NO_REPLAY = N_("does not replay: {reason}")
#: A stand-in stretch of the record refused: which, and why.
_STANDIN = N_("standins.{index}: {fault}")


def _check_kind(info: os.stat_result) -> None:
    """Refuse anything but a regular file of at most :data:`MAX_RECORD_BYTES`."""
    mode = info.st_mode
    if stat.S_ISDIR(mode):
        raise RecordError(Sentence(N_("a folder, not a record file")))
    if not stat.S_ISREG(mode):
        kind = (
            N_("a named pipe (FIFO), not a record file")
            if stat.S_ISFIFO(mode)
            else N_("a device, not a record file")
            if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
            else N_("a socket, not a record file")
            if stat.S_ISSOCK(mode)
            else N_("not a regular file, not a record file")
        )
        raise RecordError(Sentence(kind))
    if info.st_size > MAX_RECORD_BYTES:
        raise RecordError(_TOO_LARGE)


def _decode(raw: bytes) -> str:
    """The file's bytes as text (UTF-8; a leading byte-order mark is allowed).

    Raises:
        RecordError: at the line and column of the first byte that is not UTF-8.
    """
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        bad = err.start
        line_start = raw.rfind(b"\n", 0, bad) + 1
        column = len(raw[line_start:bad].decode("utf-8", errors="replace")) + 1
        byte = raw[bad : bad + 1].hex()
        utf16 = raw[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)
        raise RecordError(
            Sentence(
                N_("not UTF-8 text: byte 0x{byte} cannot start or continue a character (it looks like UTF-16)")
                if utf16
                else N_("not UTF-8 text: byte 0x{byte} cannot start or continue a character"),
                byte=byte,
            ),
            line=raw.count(b"\n", 0, bad) + 1,
            column=column,
        ) from None


def save_record(path: str | os.PathLike[str], record: GameRecord) -> None:
    """Write ``record`` atomically: a crash leaves either the old file or the new one.

    The file keeps the permissions of the one it replaces (a new file gets the usual
    ``0o666`` minus the umask).

    Raises:
        OSError: if the folder does not exist or is not writable.
    """
    target = Path(path)
    folder = target.parent
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=folder)
    try:
        try:
            mode = target.stat().st_mode & 0o777
        except FileNotFoundError:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(tmp, mode)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(record.to_json())
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


# --- parsing ----------------------------------------------------------------------------


class _Refused(Exception):
    """Raised by the JSON parser's hooks: ``reason`` and the token (or key) at fault."""

    def __init__(self, reason: str, token: str, *, key: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.token = token
        self.key = key


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """``object_pairs_hook``: an object, refusing a key given twice (JSON leaves it open)."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Refused(Sentence(N_("the key {key} is given twice"), key=repr(key)), key, key=True)
            seen.add(key)
    return obj


def _int(token: str) -> int:
    """``parse_int``: refuse a literal longer than any 64-bit value before converting it."""
    if len(token) - token.startswith("-") > MAX_INT_DIGITS:
        raise _Refused(
            Sentence(
                N_("an integer of {digits} digits (at most {most})"),
                digits=len(token) - token.startswith("-"),
                most=MAX_INT_DIGITS,
            ),
            token,
        )
    return int(token)


def _float(token: str) -> float:
    """``parse_float``: refuse a number too large for a float (it would become infinity)."""
    value = float(token)
    if not math.isfinite(value):
        raise _Refused(Sentence(N_("a number out of range")), token)
    return value


def _constant(token: str) -> Any:
    """``parse_constant``: ``NaN`` and ``Infinity`` are not JSON, though Python writes them."""
    raise _Refused(Sentence(N_("{token} is not a JSON number"), token=token), token)


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _parse(text: str) -> Any:
    """The JSON data of ``text``, refusing what a record never holds (see :func:`load_record`).

    Raises:
        RecordError: with the position of the fault.
    """
    try:
        data = json.loads(text, object_pairs_hook=_pairs, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except json.JSONDecodeError as err:
        reason = json_reason(err.msg) or err.msg  # the json module's words, told where known
        raise RecordError(
            Sentence(N_("not valid JSON ({reason})"), reason=reason), line=err.lineno, column=err.colno
        ) from None
    except RecursionError:
        depth, offset = _DEEP, _deep_offset(text)
        where = _line_column(text, offset) if offset is not None else (None, None)
        raise RecordError(
            Sentence(N_("not a game record: nested more than {depth} levels deep"), depth=depth),
            line=where[0],
            column=where[1],
        ) from None
    except _Refused as err:
        offset = _refused_offset(text, err)
        where = _line_column(text, offset) if offset is not None else (None, None)
        raise RecordError(
            Sentence(N_("not a game record: {reason}"), reason=err.reason), line=where[0], column=where[1]
        ) from None
    # Strings decoded from \ud800-style escapes may be lone surrogates, which no file or
    # terminal can show: refuse them (the search runs only if such an escape is there).
    if _SURROGATE_ESCAPE.search(text):
        path = _bad_string(data)
        if path is not None:
            raise RecordError(
                Sentence(N_("not a game record: a string with a lone surrogate (\\ud800-\\udfff)")), **_at(text, path)
            )
    return data


def _bad_string(data: Any) -> tuple[str | int, ...] | None:
    """The path of the first string (key or value) in ``data`` that is not valid Unicode."""
    stack: list[tuple[tuple[str | int, ...], Any]] = [((), data)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, str):
            if not _encodable(value):
                return path
        elif isinstance(value, dict):
            for key, item in reversed(value.items()):
                if not _encodable(key):
                    return path
                stack.append(((*path, key), item))
        elif isinstance(value, list):
            stack.extend(((*path, i), item) for i, item in reversed(list(enumerate(value))))
    return None


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


# --- positions inside JSON text ---------------------------------------------------------

#: One JSON token after optional white space: a string, a punctuation mark, or a bare word
#: (number, ``true``, ``false``, ``null``, or anything else the parser would refuse).
_TOKEN = re.compile(r'[ \t\n\r]*(?:("[^"\\]*(?:\\.[^"\\]*)*")|([][{}:,])|([^][{}:," \t\n\r]+))', re.DOTALL)
#: Nesting depth reported for a record the parser found too deep (a record's is at most 3).
_DEEP = 100


class _Frame:
    """An open array or object while walking JSON text."""

    __slots__ = ("is_object", "key", "keys")

    def __init__(self, is_object: bool) -> None:
        self.is_object = is_object
        self.key: str | int = 0  # the current key, or the current index of an array
        self.keys: set[str] = set()


def _walk(text: str) -> Iterator[tuple[str, int, str, list[_Frame]]]:
    """Walk JSON text once, without recursion, in time linear in its length.

    Yields:
        ``("value", offset, token, frames)`` where each value starts (``token`` is its first
        token: ``{``, ``[``, a string or a bare word), ``("duplicate", offset, key, frames)``
        where a key repeats one of its object's.  ``frames`` are the open containers, live:
        ``tuple(f.key for f in frames)`` is the path of the value.  The walk stops at the
        end of the document or at the first thing that is not JSON.
    """
    frames: list[_Frame] = []
    expect = "value"  # value | value-or-close | key | key-or-close | colon | after
    pos = 0
    while True:
        match = _TOKEN.match(text, pos)
        if match is None:
            return
        kind = match.lastindex
        offset = match.start(kind or 0)
        token = match.group(kind or 0)
        pos = match.end()
        if expect in ("value", "value-or-close"):
            if token == "]" and expect == "value-or-close":
                frames.pop()
                expect = "after"
            elif kind == 2 and token not in "[{":
                return
            else:
                yield "value", offset, token, frames
                if token in ("[", "{"):
                    frames.append(_Frame(token == "{"))
                    expect = "key-or-close" if token == "{" else "value-or-close"
                else:
                    expect = "after"
        elif expect in ("key", "key-or-close"):
            if token == "}" and expect == "key-or-close":
                frames.pop()
                expect = "after"
            elif kind == 1:
                try:
                    key = json.loads(token)
                except ValueError:
                    return
                top = frames[-1]
                if key in top.keys:
                    yield "duplicate", offset, key, frames
                top.keys.add(key)
                top.key = key
                expect = "colon"
            else:
                return
        elif expect == "colon":
            if token != ":":
                return
            expect = "value"
        else:  # after a value
            if not frames:
                return
            top = frames[-1]
            if token == ",":
                if top.is_object:
                    expect = "key"
                else:
                    assert isinstance(top.key, int)
                    top.key += 1
                    expect = "value"
            elif token == ("}" if top.is_object else "]"):
                frames.pop()
                expect = "after"
            else:
                return


def _refused_offset(text: str, err: _Refused) -> int | None:
    """Where the token a parser hook refused is: the first duplicate key, or the first bare
    word equal to the refused number (the parser reads in text order, so it is that one)."""
    for event, offset, token, _ in _walk(text):
        if err.key and event == "duplicate":
            return offset
        if not err.key and event == "value" and _same_number(token, err.token):
            return offset
    return None


def _same_number(word: str, number: str) -> bool:
    """Whether the bare word ``word`` starts with the number the parser read as ``number``
    (it reads ``123`` of ``123x`` before refusing the ``x``)."""
    if not word.startswith(number):
        return False
    rest = word[len(number) : len(number) + 1]
    return not rest or rest not in "0123456789.eE+-"


def _deep_offset(text: str) -> int | None:
    """Where the nesting first goes deeper than :data:`_DEEP` levels."""
    for _, offset, _, frames in _walk(text):
        if len(frames) >= _DEEP:
            return offset
    return None


def _line_column(text: str, offset: int) -> tuple[int, int]:
    """The 1-based line and column of character ``offset`` of ``text``."""
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return line, column


def locate(text: str | None, path: Sequence[str | int]) -> tuple[int, int] | None:
    """The 1-based ``(line, column)`` where the JSON value at ``path`` starts in ``text``.

    One pass over the text, linear in its length: call it for the error being reported,
    not for every value.

    Args:
        text: a JSON document (already known to parse).
        path: keys and list indices from the top, e.g. ``("actions", 3)``.

    Returns:
        The position, or ``None`` if the path does not exist or ``text`` is ``None``.
    """
    if text is None:
        return None
    target = tuple(path)
    depth = len(target)
    for event, offset, _, frames in _walk(text):
        if event == "value" and len(frames) == depth and tuple(f.key for f in frames) == target:
            return _line_column(text, offset)
    return None


class _Where(TypedDict):
    line: int | None
    column: int | None


_Done = TypeVar("_Done")


def _finish(walk: Generator[Any, None, _Done]) -> _Done:
    """Run a generator to its end and return what it returns."""
    while True:
        try:
            next(walk)
        except StopIteration as done:
            result: _Done = done.value
            return result


def _at(text: str | None, path: Sequence[str | int]) -> _Where:
    """``line=..., column=...`` keyword arguments of a :class:`RecordError` for ``path``."""
    where = locate(text, path)
    return {"line": where[0], "column": where[1]} if where else {"line": None, "column": None}
