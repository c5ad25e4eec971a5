"""Game records: the JSON save format, loading with exact fault positions, and replay.

A record holds the game, its rules version, the full options, the seed, the seats (agent
specifications such as ``"human"`` or ``"random"``) and the actions in notation, one per
line.  Replaying it gives the identical state (DESIGN.md, "The kernel contract").  A record
that is malformed or does not replay is refused with the line (and column) at fault and,
for a bad action, its index and text.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, StrictFloat, StrictInt, StrictStr, ValidationError

from netjer import __version__
from netjer.core.action import Action
from netjer.core.errors import ConfigError, NetjerError, RecordError
from netjer.core.game import Game
from netjer.core.state import State

#: The ``format`` field every record carries; bumped if the file layout changes.
RECORD_FORMAT = "netjer-record/1"
#: Larger files are refused unread (a long Ankh game is well under 1 MB).
MAX_RECORD_BYTES = 20_000_000


class _RecordModel(BaseModel):
    """The schema of a record file, checked strictly (no coercion of types)."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["netjer-record/1"]
    game: StrictStr
    rules_version: StrictStr
    options: dict[str, Any]
    seed: StrictInt
    seats: list[StrictStr]
    actions: list[StrictStr]
    result: list[StrictFloat | StrictInt] | None = None
    netjer_version: StrictStr | None = None


@dataclass(frozen=True)
class GameRecord:
    """A finished or unfinished game, as saved to disk.

    Attributes:
        game: the game's short name (``"aton"``).
        rules_version: the game's ``rules_version`` when the record was made.
        options: every option, defaults included.
        seed: the seed of ``new_initial_state``.
        seats: one agent specification per seat, e.g. ``["human", "random"]``.
        actions: the actions in notation, in order.
        result: the returns, once the game is over.
    """

    game: str
    rules_version: str
    options: dict[str, Any]
    seed: int
    seats: list[str]
    actions: list[str] = field(default_factory=list)
    result: list[float] | None = None

    # --- building -----------------------------------------------------------------------

    @classmethod
    def from_state(cls, state: State, seats: Sequence[str]) -> GameRecord:
        """The record of ``state``'s game so far.

        Args:
            state: any state reached from ``new_initial_state(seed)``.
            seats: one agent specification per seat.

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
            actions=[str(a) for a in state.history],
            result=state.returns() if state.is_terminal else None,
        )

    # --- text form ----------------------------------------------------------------------

    def to_json(self) -> str:
        """The record as indented JSON text, one action per line, ending with a newline."""
        data: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "netjer_version": __version__,
            "game": self.game,
            "rules_version": self.rules_version,
            "options": self.options,
            "seed": self.seed,
            "seats": self.seats,
            "result": self.result,
            "actions": self.actions,
        }
        return json.dumps(data, indent=2) + "\n"

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Parse a record's text.

        Raises:
            RecordError: with the line and column of the first fault (bad JSON, a missing
                or unknown field, a value of the wrong type).
        """
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            msg = err.msg.removesuffix(" at").lower()
            raise RecordError(f"not valid JSON ({msg})", line=err.lineno, column=err.colno) from None
        except RecursionError:
            raise RecordError("not a game record: nested too deeply") from None
        try:
            model = _RecordModel.model_validate(data)
        except ValidationError as err:
            first = err.errors()[0]
            loc = tuple(first["loc"])
            where = locate(text, loc)
            if first["type"] == "missing":
                where = locate(text, loc[:-1])
            line, column = where if where else (None, None)
            path = ".".join(str(p) for p in loc) or "(record)"
            raise RecordError(f"{path}: {first['msg']}", line=line, column=column) from None
        return cls(
            game=model.game,
            rules_version=model.rules_version,
            options=model.options,
            seed=model.seed,
            seats=model.seats,
            actions=model.actions,
            result=[float(x) for x in model.result] if model.result is not None else None,
        )

    # --- replay -------------------------------------------------------------------------

    def steps(self, game: Game, text: str | None = None) -> Iterator[tuple[State, Action]]:
        """Replay step by step: yield ``(state before, action)`` for each recorded action.

        The yielded state is the live replay state, advanced after each yield; clone it to
        keep it.

        Args:
            game: a game built from this record's name and options.
            text: the file's text, if the record came from a file, so that errors name the line.

        Raises:
            RecordError: if the record is not for ``game``, or an action does not parse or
                is illegal (with its index, text and line).
        """
        self._check_game(game, text)
        state = game.new_initial_state(self.seed)
        for index, action_text in enumerate(self.actions):
            where = locate(text, ("actions", index)) if text is not None else None
            line, column = where if where else (None, None)
            try:
                action = game.parse_action(action_text)
                if state.is_terminal:
                    raise RecordError(
                        "the game was already over", index=index, action=action_text, line=line, column=column
                    )
                if action not in state.legal_actions():
                    raise state.illegal(action)
            except RecordError:
                raise
            except NetjerError as err:
                raise RecordError(
                    f"does not replay: {err}", index=index, action=action_text, line=line, column=column
                ) from None
            yield state, action
            state.apply(action)
        self._check_result(state, text)

    def replay(self, game: Game, text: str | None = None) -> State:
        """The state after all the recorded actions.

        Raises:
            RecordError: as for :meth:`steps`, and if a recorded result disagrees with the
                replayed one.
        """
        final: State | None = None
        for final, _ in self.steps(game, text):  # noqa: B007 - the live replay state
            pass  # ``steps`` applies each action after yielding it and checks the result at the end
        if final is None:  # a record without actions
            self._check_game(game, text)
            final = game.new_initial_state(self.seed)
            self._check_result(final, text)
        return final

    def _check_game(self, game: Game, text: str | None) -> None:
        def where(key: str) -> tuple[int | None, int | None]:
            pos = locate(text, (key,)) if text is not None else None
            return pos if pos else (None, None)

        if game.name != self.game:
            line, col = where("game")
            raise RecordError(f"record is for {self.game!r}, not {game.name!r}", line=line, column=col)
        if game.rules_version != self.rules_version and self.rules_version not in game.replayable_rules_versions:
            line, col = where("rules_version")
            raise RecordError(
                f"recorded under {game.title} rules version {self.rules_version!r}; "
                f"this Netjer implements {game.rules_version!r}",
                line=line,
                column=col,
            )
        if len(self.seats) != game.num_players:
            line, col = where("seats")
            raise RecordError(
                f"{game.title} with these options has {game.num_players} seats, the record lists {len(self.seats)}",
                line=line,
                column=col,
            )

    def _check_result(self, state: State, text: str | None) -> None:
        if self.result is None:
            return
        pos = locate(text, ("result",)) if text is not None else None
        line, col = pos if pos else (None, None)
        if not state.is_terminal:
            raise RecordError("the record claims a result but the game is not over", line=line, column=col)
        if [float(x) for x in state.returns()] != self.result:
            raise RecordError(
                f"recorded result {self.result} differs from the replayed {state.returns()}",
                line=line,
                column=col,
            )


def load_record(path: str | os.PathLike[str]) -> tuple[GameRecord, str]:
    """Read a record file; return the record and the file's text (for error positions).

    Raises:
        RecordError: if the file cannot be read, is larger than :data:`MAX_RECORD_BYTES`,
            or is malformed.
    """
    target = Path(path)
    try:
        if target.is_dir():
            raise RecordError(f"{os.fspath(path)!r} is a folder, not a record file")
        with target.open("rb") as fh:
            raw = fh.read(MAX_RECORD_BYTES + 1)
        if len(raw) > MAX_RECORD_BYTES:
            raise RecordError(
                f"{os.fspath(path)!r} is larger than {MAX_RECORD_BYTES // 1_000_000} MB: not a game record"
            )
        text = raw.decode("utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise RecordError(f"cannot read {os.fspath(path)!r}: {err}") from None
    return GameRecord.from_json(text), text


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


# --- positions inside JSON text ---------------------------------------------------------

_DECODER = json.JSONDecoder()
_WS = " \t\n\r"


def _skip_ws(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in _WS:
        pos += 1
    return pos


def _offset(text: str, path: Sequence[str | int], pos: int) -> int | None:
    pos = _skip_ws(text, pos)
    if not path:
        return pos
    if pos >= len(text):
        return None
    head, rest = path[0], path[1:]
    if text[pos] == "{" and isinstance(head, str):
        pos = _skip_ws(text, pos + 1)
        while pos < len(text) and text[pos] != "}":
            key, pos = _DECODER.raw_decode(text, pos)
            pos = _skip_ws(text, pos)
            if pos >= len(text) or text[pos] != ":":
                return None
            value_pos = _skip_ws(text, pos + 1)
            if key == head:
                return _offset(text, rest, value_pos)
            _, pos = _DECODER.raw_decode(text, value_pos)
            pos = _skip_ws(text, pos)
            if pos < len(text) and text[pos] == ",":
                pos = _skip_ws(text, pos + 1)
        return None
    if text[pos] == "[" and isinstance(head, int):
        pos = _skip_ws(text, pos + 1)
        index = 0
        while pos < len(text) and text[pos] != "]":
            if index == head:
                return _offset(text, rest, pos)
            _, pos = _DECODER.raw_decode(text, pos)
            pos = _skip_ws(text, pos)
            if pos < len(text) and text[pos] == ",":
                pos = _skip_ws(text, pos + 1)
            index += 1
        return None
    return None


def locate(text: str | None, path: Sequence[str | int]) -> tuple[int, int] | None:
    """The 1-based ``(line, column)`` where the JSON value at ``path`` starts in ``text``.

    Args:
        text: a JSON document (already known to parse).
        path: keys and list indices from the top, e.g. ``("actions", 3)``.

    Returns:
        The position, or ``None`` if the path does not exist or ``text`` is ``None``.
    """
    if text is None:
        return None
    try:
        offset = _offset(text, list(path), 0)
    except (json.JSONDecodeError, IndexError):
        return None
    if offset is None:
        return None
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return line, column
