"""Whole numbers given from outside the engine: seeds, seats and action codes.

Callers pass Python integers, NumPy integers (OpenSpiel, PettingZoo and NumPy-based
research code) and, by mistake, ``True``, ``1.5``, ``"3"`` or ``None``.  This module is the
one place that decides which of these is a whole number, so that a seed, a seat and an
action code accept and refuse the same values; each caller words its own error.
"""

from __future__ import annotations

import operator

from netjer.core.errors import SeatError


def whole_number(value: object) -> int | None:
    """``value`` as a Python ``int`` if it is a whole number, else ``None``.

    Args:
        value: anything.  A Python ``int``, a NumPy integer or any object with
            ``__index__`` is a whole number; ``bool`` is not (``True`` is no seat, seed or
            action code, though Python counts it as 1), nor is a float, a text or ``None``.

    Returns:
        The number as an ``int`` (a NumPy integer converted), or ``None`` if ``value`` is not
        a whole number.  Never raises.
    """
    if value.__class__ is int:
        return value  # the common case, without a call
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def seat_number(seat: object, players: int) -> int:
    """``seat`` as an ``int`` in ``0 .. players - 1``, or a :class:`SeatError`.

    Args:
        seat: a seat given from outside (a Python or NumPy integer).
        players: how many seats the game has.

    Returns:
        The seat as a Python ``int``.

    Raises:
        SeatError: for a value that is not a whole number (``True``, ``"0"``, ``None``) or is
            out of range (``-1`` is not the last seat), naming the seats there are.
    """
    number = whole_number(seat)
    if number is None:
        raise SeatError(f"no seat {seat!r}: a seat is a whole number 0 to {players - 1}")
    if not 0 <= number < players:
        raise SeatError(f"no seat {seat}: the seats are 0 to {players - 1}")
    return number
