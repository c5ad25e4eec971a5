"""The bodies the API accepts: tables, seats, clocks, moves, chat and the WebSocket's messages.

Every request model is strict (``strict=True``): a JSON value of the field's own type only,
as the page and the CLI send them, else 422 with the field and the type expected.  Lax mode
read ``"seed": true`` as seed 1 and a seat given as ``true`` or ``"0"`` as seat 1 or 0.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    StrictBool,
    StrictInt,
    StringConstraints,
    Tag,
)

from netjer.core.validation_messages import FieldProblem
from netjer.i18n import N_
from netjer.server.chat import MAX_CHAT_CHARS
from netjer.server.clocks import GONE_AFTER, MAX_BANK, MAX_INCREMENT, MIN_BANK, TURN_DEADLINES, ClockSettings
from netjer.server.runtime import TableError

#: Characters refused in names and texts: controls and the bidirectional overrides that
#: could make one name look like another.
_FORBIDDEN = re.compile("[\x00-\x1f\x7f\u202a-\u202e\u2066-\u2069]")


def _clean(value: str | None) -> str | None:
    if value is None:
        return None
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise FieldProblem(N_("{field}: not valid text (lone surrogate)")) from None
    if _FORBIDDEN.search(value):
        raise FieldProblem(N_("{field}: control or text-direction characters are not allowed"))
    return value


#: A short text from a client: valid UTF-8, no control or direction-override characters.
CleanStr = Annotated[str, AfterValidator(_clean)]
# Clean texts of bounded length.  The length is checked on the string itself, before the
# cleaning (a ``Field(max_length=...)`` on an optional ``CleanStr`` would count "items").
NameStr = Annotated[str, StringConstraints(max_length=40), AfterValidator(_clean)]
AgentStr = Annotated[str, StringConstraints(max_length=120), AfterValidator(_clean)]
TextStr = Annotated[str, StringConstraints(max_length=200), AfterValidator(_clean)]
ChatStr = Annotated[str, StringConstraints(max_length=MAX_CHAT_CHARS), AfterValidator(_clean)]


class HumanSeat(BaseModel):
    """A person's seat of a new table: ``open``, anyone may join it from the lobby; ``invite``,
    whoever opens its invitation link first takes it (:mod:`netjer.server.invitations`);
    neither, the creator plays it (its token is the creator's; several: hot-seat)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    type: Literal["human"]
    name: NameStr | None = None
    open: bool = False
    invite: bool = False


class AgentSeat(BaseModel):
    """A computer's seat of a new table, played by ``agent`` (``"random"``, ``"ismcts:time=1"``)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    type: Literal["agent"]
    name: NameStr | None = None
    agent: AgentStr


#: The seat models by their ``type``.
SEAT_TYPES: dict[str, type[BaseModel]] = {"human": HumanSeat, "agent": AgentSeat}


def _seat_type(value: Any) -> Any:
    """The ``type`` of a seat, whether given as JSON data or as a model."""
    return value.get("type") if isinstance(value, dict) else getattr(value, "type", None)


#: A seat of a new table: its ``type`` says which fields it takes (others are refused).
SeatRequest = Annotated[
    Annotated[HumanSeat, Tag("human")] | Annotated[AgentSeat, Tag("agent")],
    Discriminator(
        _seat_type, custom_error_type="seat_type", custom_error_message="a seat's type must be 'human' or 'agent'"
    ),
]


class ClockRequest(BaseModel):
    """A table's time control (seconds): ``none``; ``realtime`` with a ``bank`` per seat and
    an ``increment`` per turn; or ``turn`` with a deadline ``per_turn`` (1 h, 12 h, 1 day,
    3 days).  ``on_timeout``: ``computer`` (it plays for the seat until its person takes it
    back) or ``out`` (the seat loses; at three or more seats the others play on:
    :mod:`netjer.server.retired_seats`; a rated table's setting).  ``gone_after`` (mode ``none``
    only): seconds without a connection after which the seat to act counts as gone (0, 300,
    3600 or 86400; 0: never); with a clock, its deadline decides that."""

    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)
    mode: Literal["none", "realtime", "turn"] = "none"
    bank: float | None = Field(None, ge=MIN_BANK, le=MAX_BANK)
    increment: float | None = Field(None, ge=0, le=MAX_INCREMENT)
    per_turn: Literal[TURN_DEADLINES] | None = None  # type: ignore[valid-type]
    on_timeout: Literal["computer", "out"] = "computer"
    gone_after: Literal[GONE_AFTER] = 0  # type: ignore[valid-type]

    def settings(self) -> ClockSettings:
        """The clock settings asked for.

        Raises:
            TableError: 422 when a field is missing for the mode or given for another mode.
        """
        if self.mode != "none" and self.gone_after:
            message = N_("clock: gone_after is for tables without a clock (with a clock, its deadline applies)")
            raise TableError(422, "bad_clock", message)
        if self.mode == "realtime":
            if self.bank is None or self.per_turn is not None:
                raise TableError(422, "bad_clock", N_("clock: a real-time clock needs a bank (and no per_turn)"))
            increment = self.increment or 0.0
            return ClockSettings("realtime", bank=self.bank, increment=increment, on_timeout=self.on_timeout)
        if self.mode == "turn":
            if self.per_turn is None or self.bank is not None or self.increment is not None:
                message = N_("clock: a turn-based clock needs per_turn (and no bank or increment)")
                raise TableError(422, "bad_clock", message)
            return ClockSettings("turn", per_turn=float(self.per_turn), on_timeout=self.on_timeout)
        if self.bank is not None or self.increment is not None or self.per_turn is not None:
            raise TableError(422, "bad_clock", N_("clock: mode 'none' takes no bank, increment or per_turn"))
        return ClockSettings(on_timeout=self.on_timeout, gone_after=float(self.gone_after))


#: The most hints per seat a table may set (``hint_limit``).
MAX_HINT_LIMIT = 1000


class CreateTable(BaseModel):
    """A new table: game, options, optional seed, one entry per seat, the time control,
    whether a seat may ask for a hint (:mod:`netjer.server.reviews`) and how many hints each
    seat may be given in the game (``hint_limit``: none, no limit; only with ``hints``), and
    whether the game is ``rated`` (:func:`netjer.server.routes.lobby.refuse_unrated`)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    game: CleanStr = Field(max_length=32)
    options: dict[str, Any] = Field(default_factory=dict, max_length=40)
    seed: int | None = Field(None, ge=0, lt=2**62)
    seats: list[SeatRequest] = Field(min_length=1, max_length=8)
    clock: ClockRequest | None = None
    # JSON true/false and a JSON integer, as the lobby sends them ("hints": "yes" and
    # "hint_limit": true were read as True and 1; strict before the whole model was).
    hints: StrictBool = False
    hint_limit: StrictInt | None = Field(None, ge=1, le=MAX_HINT_LIMIT)
    # The game counts for its players' ratings (netjer.server.ratings; the lobby checks when it may).
    rated: StrictBool = False


class JoinRequest(BaseModel):
    """Claim open seat ``seat`` under ``name``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    seat: int
    name: NameStr | None = None


class MoveRequest(BaseModel):
    """A move: the notation (``action``) or the index into the legal actions shown (``index``);
    in a window of simultaneous choices, the view's ``step`` too (the others' choices then do
    not make the move stale)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    seat: int
    version: int
    action: TextStr | None = None
    index: int | None = None
    step: int | None = None


class SeatRequestBody(BaseModel):
    """A request about one's own seat (taking it back from the computer)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    seat: int


class OfferRequest(BaseModel):
    """A seat offers a draw or proposes to adjourn the game (:mod:`netjer.server.endings`)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    seat: int
    kind: Literal["draw", "adjourn"]


class AnswerRequest(BaseModel):
    """A seat accepts (``true``) or declines (``false``) the draw or adjournment offered."""

    model_config = ConfigDict(extra="forbid", strict=True)
    seat: int
    accept: bool


class ChatRequest(BaseModel):
    """A chat message: from ``seat`` (with its token) or, with ``seat`` null, a spectator who
    may give a ``name``.  Same character rules as names; 1 to 500 characters."""

    model_config = ConfigDict(extra="forbid", strict=True)
    seat: int | None = None
    text: ChatStr
    name: NameStr | None = None


class WsChat(BaseModel):
    """A chat message over the WebSocket (``name``: a spectator's chosen name)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    type: Literal["chat"]
    text: ChatStr
    name: NameStr | None = None


class WsHello(BaseModel):
    """First WebSocket message: which seat (``None``: spectator), its token, and whether
    arrivals and departures are told (``presence``)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    type: Literal["hello"]
    seat: int | None = None
    token: TextStr | None = None
    # Send a ``{"type": "presence", "presence": {...}}`` message when someone arrives or
    # leaves; without it, presence travels only with the views the table's changes send.
    presence: bool = False


class UndoRequest(BaseModel):
    """Take back the seat's last decision (:mod:`netjer.core.undo`), seen at ``version``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    type: Literal["undo"] = "undo"
    seat: int | None = Field(None, ge=0, lt=8)
    version: int


class WsMove(BaseModel):
    """A move over the WebSocket."""

    model_config = ConfigDict(extra="forbid", strict=True)
    type: Literal["move"]
    version: int
    action: TextStr | None = None
    index: int | None = None
    step: int | None = None


class WsTakeBack(BaseModel):
    """Take one's seat back from the computer over the WebSocket."""

    model_config = ConfigDict(extra="forbid", strict=True)
    type: Literal["takeback"]
