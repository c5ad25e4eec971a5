"""Fixed-size tensors built from ``observation(seat)`` only.

The RL adapters need a tensor of one fixed shape per game (and options), but an observation
is JSON whose lists change length (hands, discards, the log).  An :class:`Encoder` maps an
observation to a flat ``float32`` vector of ``encoder.size`` numbers, every one in
``[encoder.low, encoder.high]``.  Because it is given nothing but the JSON observation, a
tensor cannot contain anything the seat may not know.

Two kinds of encoder:

* **Declared layouts** (:data:`LAYOUTS`): a small table per game saying, key by key, how each
  field of the observation is encoded (one-hot, bounded number, histogram, fixed-length
  sequence, or skipped because it is text).  Every key of the observation must be declared,
  so a field added to a game's observation later fails loudly instead of vanishing from the
  tensor.  Values are in ``[0, 1]``.  Aton and Dioses del Nilo have one.
* **Hashed flattening** (:class:`HashedEncoder`), the generic fallback for a game without a
  layout (a new game, until it gets one): every leaf of the JSON is turned into a feature
  named by its path (and, for text, its value) and added into one of ``size`` buckets chosen
  by a stable hash, with a hashed sign (the "hashing trick", Weinberger et al., "Feature
  Hashing for Large Scale Multitask Learning", ICML 2009); the result goes through ``tanh``
  so it lies in ``[-1, 1]``.  Collisions lose some information; it is a baseline, not a
  substitute for a layout.

Declared layouts use these pieces:

=====================  ============================================================  =======
piece                  encodes                                                       size
=====================  ============================================================  =======
``Skip()``             nothing (text, constants)                                     0
``OneHot(choices)``    a value among ``choices`` (``None`` may be one)               len
``Bounded(top)``       a number in ``[0, top]`` as ``x / top``; ``None`` as 0         1
``Counter(scale)``     an unbounded count ``x >= 0`` as ``x / (x + scale)``           1
``Flag()``             a boolean (``None`` as false)                                 1
``Histogram(v, top)``  a list of values from ``v``: how many of each, ``/ top``       len(v)
``Seq(item, n)``       a list of at most ``n`` items, position by position            n*item
``Obj({key: piece})``  a dict; a missing key or ``None`` encodes as zeros             sum
=====================  ============================================================  =======

Errors: encoding raises :class:`EncodingError` (a ``ValueError``) naming the path of the
offending value when an observation does not fit its layout (an undeclared key, a value not
among the choices, a list longer than declared, a number beyond its bound).
"""

from __future__ import annotations

import hashlib
import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from netjer.core.game import Game
from netjer.core.state import JsonDict


class EncodingError(ValueError):
    """An observation does not fit the encoder's declared layout (the message names the path)."""


class Piece(ABC):
    """One field's encoding: ``size`` numbers written at an offset of the output."""

    size: int

    @abstractmethod
    def write(self, value: Any, out: list[float], at: int, path: str) -> None:
        """Write ``value``'s encoding into ``out[at : at + size]`` (which holds zeros).

        Raises:
            EncodingError: if ``value`` does not fit (message names ``path``).
        """

    def names(self, path: str) -> list[str]:
        """A name for each of the ``size`` numbers (for documentation and debugging)."""
        return [path] * self.size


class Skip(Piece):
    """A field left out of the tensor (free text, or a constant of the game's options)."""

    size = 0

    def write(self, value: Any, out: list[float], at: int, path: str) -> None:
        return


class OneHot(Piece):
    """A value among fixed ``choices``: a 1 at its index.

    Args:
        choices: the accepted values, hashable (``None`` allowed).
    """

    def __init__(self, choices: Sequence[Any]) -> None:
        self.choices = tuple(choices)
        self.index = {_key(c): i for i, c in enumerate(self.choices)}
        self.size = len(self.choices)

    def write(self, value: Any, out: list[float], at: int, path: str) -> None:
        i = self.index.get(_key(value))
        if i is None:
            raise EncodingError(f"{path}: {value!r} is not one of {list(self.choices)!r}")
        out[at + i] = 1.0

    def names(self, path: str) -> list[str]:
        return [f"{path}={c}" for c in self.choices]


class Bounded(Piece):
    """A number in ``[0, top]``, encoded as ``x / top``; ``None`` encodes as 0.

    Args:
        top: the largest value the field can take (a proven bound of the rules).
    """

    size = 1

    def __init__(self, top: float) -> None:
        self.top = float(top)

    def write(self, value: Any, out: list[float], at: int, path: str) -> None:
        if value is None:
            return
        x = float(value)
        if not 0.0 <= x <= self.top:
            raise EncodingError(f"{path}: {value!r} is outside the declared range [0, {self.top:g}]")
        out[at] = x / self.top


class Counter(Piece):
    """An unbounded count ``x >= 0`` (a round number, a score), encoded as ``x / (x + scale)``.

    Strictly increasing, so no information is lost, and always in ``[0, 1)``.

    Args:
        scale: the count that encodes as 0.5.
    """

    size = 1

    def __init__(self, scale: float) -> None:
        self.scale = float(scale)

    def write(self, value: Any, out: list[float], at: int, path: str) -> None:
        if value is None:
            return
        x = float(value)
        if x < 0:
            raise EncodingError(f"{path}: {value!r} is negative; a Counter encodes counts")
        out[at] = x / (x + self.scale)


class Flag(Piece):
    """A boolean: 1 for true; false and ``None`` give 0."""

    size = 1

    def write(self, value: Any, out: list[float], at: int, path: str) -> None:
        if value is None or value is False:
            return
        if value is not True:
            raise EncodingError(f"{path}: {value!r} is not a boolean")
        out[at] = 1.0


class Histogram(Piece):
    """A list of values from ``values`` (order irrelevant): how many of each, divided by ``top``.

    Args:
        values: the values the items can take.
        top: the most items of one value the list can hold.
    """

    def __init__(self, values: Sequence[Any], top: int) -> None:
        self.values = tuple(values)
        self.index = {_key(v): i for i, v in enumerate(self.values)}
        self.top = top
        self.size = len(self.values)

    def write(self, value: Any, out: list[float], at: int, path: str) -> None:
        if value is None:
            return
        if not isinstance(value, list):
            raise EncodingError(f"{path}: expected a list, got {value!r}")
        counts = [0] * self.size
        for item in value:
            i = self.index.get(_key(item))
            if i is None:
                raise EncodingError(f"{path}: {item!r} is not one of {list(self.values)!r}")
            counts[i] += 1
        for i, n in enumerate(counts):
            if n > self.top:
                raise EncodingError(f"{path}: {n} items of {self.values[i]!r}, more than the declared {self.top}")
            out[at + i] = n / self.top

    def names(self, path: str) -> list[str]:
        return [f"{path}#{v}" for v in self.values]


class Seq(Piece):
    """A list of at most ``length`` items, each encoded by ``item`` at its position.

    Positions past the end of a shorter list (or a ``None`` list) stay zero.

    Args:
        item: the encoding of one element.
        length: the longest list the field can hold (a proven bound of the rules).
    """

    def __init__(self, item: Piece, length: int) -> None:
        self.item = item
        self.length = length
        self.size = item.size * length

    def write(self, value: Any, out: list[float], at: int, path: str) -> None:
        if value is None:
            return
        if not isinstance(value, list):
            raise EncodingError(f"{path}: expected a list, got {value!r}")
        if len(value) > self.length:
            raise EncodingError(f"{path}: {len(value)} items, more than the declared {self.length}")
        step = self.item.size
        for i, v in enumerate(value):
            self.item.write(v, out, at + i * step, f"{path}[{i}]")

    def names(self, path: str) -> list[str]:
        return [n for i in range(self.length) for n in self.item.names(f"{path}[{i}]")]


class Obj(Piece):
    """A dict with declared keys; a missing key (or a ``None`` dict) encodes as zeros.

    Args:
        fields: each key's encoding, in tensor order.

    Raises (when writing):
        EncodingError: for a key that is not declared.
    """

    def __init__(self, fields: Mapping[str, Piece]) -> None:
        self.fields = dict(fields)
        self.offsets: dict[str, int] = {}
        size = 0
        for key, piece in self.fields.items():
            self.offsets[key] = size
            size += piece.size
        self.size = size

    def write(self, value: Any, out: list[float], at: int, path: str) -> None:
        if value is None:
            return
        if not isinstance(value, dict):
            raise EncodingError(f"{path}: expected an object, got {value!r}")
        fields, offsets = self.fields, self.offsets
        for key, v in value.items():
            piece = fields.get(key)
            if piece is None:
                raise EncodingError(f"{path}.{key}: this key is not in the declared layout")
            if piece.size:
                piece.write(v, out, at + offsets[key], f"{path}.{key}")

    def names(self, path: str) -> list[str]:
        return [n for key, piece in self.fields.items() for n in piece.names(f"{path}.{key}" if path else key)]


def _key(value: Any) -> Any:
    """A hashable key telling ``True`` from ``1`` (Python's ``True == 1``)."""
    return (type(value) is bool, value)


class Encoder(ABC):
    """Maps an observation (JSON) to a flat vector of ``size`` floats in ``[low, high]``."""

    size: int
    low: float
    high: float
    #: ``"layout"`` or ``"hashed"``.
    kind: str

    @abstractmethod
    def encode(self, obs: JsonDict) -> list[float]:
        """The tensor of ``obs`` (a fresh list of ``size`` floats).

        Raises:
            EncodingError: if ``obs`` does not fit a declared layout.
        """

    def encode_array(self, obs: JsonDict) -> Any:
        """The tensor of ``obs`` as a NumPy ``float32`` array (needs NumPy, which the
        adapters' extras bring).

        Raises:
            EncodingError: as :meth:`encode`.
        """
        import numpy as np  # noqa: PLC0415 - numpy is an extra, not a core dependency

        return np.asarray(self.encode(obs), dtype=np.float32)

    def names(self) -> list[str]:
        """A name for each number of the tensor."""
        return [f"h{i}" for i in range(self.size)]

    def row_writer(self, out: Any) -> RowWriter:
        """A writer that keeps ``out`` (a NumPy ``float32`` array of ``size``, e.g. a row of a
        vector environment's batch) equal to the tensor of the observations it is given, one
        game's in turn: the same values as :meth:`encode_array`.  Encoders that can, write
        only what changed since the last observation (see :class:`RowWriter`)."""
        return RowWriter(self, out)


class RowWriter:
    """Keeps one NumPy row equal to the tensor of the latest observation (the plain version:
    encodes the whole tensor each time).

    Args:
        encoder: the encoder.
        out: a ``float32`` array of ``encoder.size`` entries; only this writer may write it
            (an incremental writer assumes it still holds what it wrote last).
    """

    def __init__(self, encoder: Encoder, out: Any) -> None:
        if getattr(out, "shape", None) != (encoder.size,):
            raise ValueError(f"the row must be an array of {encoder.size} entries, got {getattr(out, 'shape', out)!r}")
        self.encoder = encoder
        self.out = out

    def write(self, obs: JsonDict, shared: bool = False) -> None:
        """Make the row the tensor of ``obs``.

        Args:
            obs: the observation.
            shared: whether ``obs`` is a shared observation (``State.shared_observation``),
                whose remembered parts an incremental writer may compare by identity alone.

        Raises:
            EncodingError: as :meth:`Encoder.encode`.
        """
        self.out[:] = self.encoder.encode_array(obs)


class LayoutEncoder(Encoder):
    """An encoder from a declared layout; values in ``[0, 1]``."""

    kind = "layout"
    low = 0.0
    high = 1.0

    def __init__(self, layout: Obj) -> None:
        self.layout = layout
        self.size = layout.size

    def encode(self, obs: JsonDict) -> list[float]:
        out = [0.0] * self.size
        self.layout.write(obs, out, 0, "")
        return out

    def names(self) -> list[str]:
        return self.layout.names("")


class HashedEncoder(Encoder):
    """Generic fallback: signed feature hashing of every JSON leaf, squashed by ``tanh``.

    A leaf at path ``p`` (keys and list indices, e.g. ``players.0.hand.2``) gives one
    feature: a number ``x`` gives feature ``p`` with weight ``x / (1 + |x|)``; a boolean, a
    string or ``None`` gives feature ``p=value`` with weight 1.  A feature adds its weight,
    times a hashed sign, into bucket ``blake2b(feature) mod size``.  Values lie in ``[-1, 1]``.

    Args:
        size: number of buckets (the tensor's length).
    """

    kind = "hashed"
    low = -1.0
    high = 1.0

    def __init__(self, size: int = 2048) -> None:
        self.size = size
        self._cache: dict[str, tuple[int, float]] = {}

    def _bucket(self, feature: str) -> tuple[int, float]:
        hit = self._cache.get(feature)
        if hit is None:
            digest = hashlib.blake2b(feature.encode("utf-8"), digest_size=8).digest()
            n = int.from_bytes(digest, "little")
            hit = (n >> 1) % self.size, (1.0 if n & 1 else -1.0)
            if len(self._cache) < 200_000:
                self._cache[feature] = hit
        return hit

    def encode(self, obs: JsonDict) -> list[float]:
        out = [0.0] * self.size
        stack: list[tuple[str, Any]] = [("", obs)]
        while stack:
            path, value = stack.pop()
            if isinstance(value, dict):
                stack.extend((f"{path}.{k}", v) for k, v in value.items())
            elif isinstance(value, list):
                stack.extend((f"{path}.{i}", v) for i, v in enumerate(value))
            elif isinstance(value, bool) or value is None or isinstance(value, str):
                i, sign = self._bucket(f"{path}={value}")
                out[i] += sign
            else:
                x = float(value)
                i, sign = self._bucket(path)
                out[i] += sign * x / (1.0 + abs(x))
        return [math.tanh(v) for v in out]


# --- declared layouts ------------------------------------------------------------------------

_SEAT2 = OneHot([None, 0, 1])
_WINNER2 = OneHot([None, "draw", 0, 1])


def _aton_layout(game: Game) -> Obj:
    """Aton (rules/aton.md).  Bounds: 29 stones and 36 cards (9 of each value) per player;
    a hand of 4; the Kingdom holds at most a player's 29 stones; cartouche 2 removes at most
    2; cartouche 4 places at most 4."""
    from netjer.games.aton.layout import KINDS  # noqa: PLC0415 - only for this layout

    card = [1, 2, 3, 4]
    player = Obj(
        {
            "name": Skip(),
            "score": Counter(40),  # the game is won at 40
            "supply": Bounded(29),
            "kingdom": Bounded(29),
            "exchange_counter": Flag(),
            "draw_count": Bounded(36),
            "draw_bottom": Seq(OneHot(card), 36),  # bottom first: the order they will be drawn in
            "discard": Histogram(card, 9),
            "face_down_discard_count": Bounded(36),
            "hand_count": Bounded(4),
            "cartouches": Seq(OneHot([None, "hidden", *card]), 4),
            "revealed": Bounded(4),
            "hand": Histogram(card, 4),
            "face_down_discard": Histogram(card, 9),
            "exchange_decision": OneHot([None, False, True]),
        }
    )
    square = Obj({"kind": OneHot(KINDS), "owner": _SEAT2})
    return Obj(
        {
            "game": Skip(),
            "seat": _SEAT2,
            "round": Counter(10),
            "phase": OneHot(["exchange", "assign", "remove", "place", "over"]),
            "to_move": _SEAT2,
            "players": Seq(player, 2),
            "board": Seq(Seq(square, 12), 4),
            "order": Seq(OneHot([0, 1]), 2),
            "removals_left": Bounded(2),
            "removal_victim": _SEAT2,
            "placements_left": Bounded(4),
            "allowed_temples": OneHot([None, 1, 2, 3, 4]),
            "winner": _WINNER2,
            "win_reason": Skip(),
            "log": Skip(),  # text; its facts are in the fields above
        }
    )


def _nile_layout(game: Game) -> Obj:
    """Dioses del Nilo (rules/nilo.md).  Bounds: 15 tokens per side (values 1-5, at most 5
    of a value with ``values=triangular``), so a column, a hand or a cemetery holds at most
    15, a hand at most the 2 drawn per placement phase; the board has ``4 x columns`` squares."""
    from netjer.games.nile.soldiers import MAX_VALUE, TOKENS_PER_SIDE  # noqa: PLC0415
    from netjer.games.nile.state import DRAW_COUNT  # noqa: PLC0415

    columns = int(game.options_dict()["columns"])
    values = list(range(1, MAX_VALUE + 1))
    token = OneHot([None, *values])  # None: a value this seat does not know
    cell = Obj({"owner": OneHot([0, 1]), "value": token, "face_up": Flag()})
    side = Obj(
        {
            "name": Skip(),
            "column": Seq(token, TOKENS_PER_SIDE),  # next to be drawn first
            "hand": Seq(token, DRAW_COUNT),  # a placement phase draws at most 2 (SEED S7)
            "hand_face_up": Seq(Flag(), DRAW_COUNT),
            "cemetery": Histogram(values, TOKENS_PER_SIDE),
            "on_board": Bounded(TOKENS_PER_SIDE),
        }
    )
    return Obj(
        {
            "game": Skip(),
            "title": Skip(),
            "seat": _SEAT2,
            "columns": Skip(),  # an option: constant for the game
            "square_names": Skip(),
            "board": Seq(Seq(cell, columns), 4),
            "players": Seq(side, 2),
            "phase": OneHot(["placement", "combat", "final_action", "over"]),
            "round": Counter(5),
            "to_move": _SEAT2,
            "hourglass": OneHot([0, 1]),
            "ended_by": _SEAT2,
            "quiet": Counter(20),
            "no_fight_limit": Skip(),  # an option
            "repetitions": Counter(2),
            "repetition_limit": Skip(),  # an option
            "winner": _WINNER2,
            "result": Skip(),
            "events": Skip(),  # text
            "log": Skip(),  # text
        }
    )


#: Declared layouts: game name -> function of the game (options may change sizes).
LAYOUTS: dict[str, Callable[[Game], Obj]] = {
    "aton": _aton_layout,
    "nile": _nile_layout,
}


def _ankh_encoder(game: Game) -> Encoder:
    from netjer.tensors.ankh import AnkhEncoder  # noqa: PLC0415 - imports this module

    return AnkhEncoder(game)


#: Games whose tensor is a hand-written encoder with named blocks rather than a table.
ENCODERS: dict[str, Callable[[Game], Encoder]] = {
    "ankh": _ankh_encoder,  # netjer.tensors.ankh
}


def encoder_for(game: Game) -> Encoder:
    """The tensor encoder of ``game``: its own encoder (:data:`ENCODERS`), its declared
    layout (:data:`LAYOUTS`), or the hashed fallback."""
    own = ENCODERS.get(game.name)
    if own is not None:
        return own(game)
    layout = LAYOUTS.get(game.name)
    if layout is None:
        return HashedEncoder()
    return LayoutEncoder(layout(game))
