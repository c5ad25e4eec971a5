"""The games' observation tensors for the research adapters, at their first import path.

They live in :mod:`netjer.tensors.encoding` (a layer under both the adapters and the agents:
the learned evaluation reads the Ankh tensor too); this module offers the same objects.
"""

from __future__ import annotations

from netjer.tensors.encoding import (
    ENCODERS,
    LAYOUTS,
    Bounded,
    Counter,
    Encoder,
    EncodingError,
    Flag,
    HashedEncoder,
    Histogram,
    LayoutEncoder,
    Obj,
    OneHot,
    Piece,
    RowWriter,
    Seq,
    Skip,
    encoder_for,
)

__all__ = [
    "ENCODERS",
    "LAYOUTS",
    "Bounded",
    "Counter",
    "Encoder",
    "EncodingError",
    "Flag",
    "HashedEncoder",
    "Histogram",
    "LayoutEncoder",
    "Obj",
    "OneHot",
    "Piece",
    "RowWriter",
    "Seq",
    "Skip",
    "encoder_for",
]
