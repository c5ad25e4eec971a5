"""Seeded randomness held by a game state.

Why not :class:`random.Random`: a state is cloned thousands of times per second by search,
and ``Random`` carries a 2.5 KB Mersenne-Twister state; and its ``shuffle``/``randrange``
algorithms are not promised to stay the same across Python versions, while a game record
must replay identically everywhere.  SplitMix64 (Steele, Lea & Flood, "Fast splittable
pseudorandom number generators", OOPSLA 2014) has a single 64-bit integer of state, passes
BigCrush, and is fully specified here, so a seed means the same game on every machine.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_TWO64 = 1 << 64
#: ``below``'s rejection limit for each small bound (``_LIMITS[n]`` for ``0 < n < 1024``):
#: agents draw among the legal actions at every decision of a playout, and these two
#: 64-bit operations were a third of a draw.
_LIMITS: tuple[int, ...] = (0, *(_TWO64 - _TWO64 % n for n in range(1, 1024)))


class Rng:
    """A SplitMix64 generator with the few draws games need.

    Args:
        seed: any integer; it is reduced modulo 2**64.
    """

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK

    def next_u64(self) -> int:
        """Return the next raw 64-bit output (an int in ``[0, 2**64)``)."""
        self._state = z = (self._state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Return a uniform integer in ``[0, n)`` by rejection sampling (no modulo bias).

        Raises:
            ValueError: if ``n`` is not positive or above 2**64 (one 64-bit draw could not
                reach it: the rejection limit would be 0 and the loop endless).
        """
        if 0 < n < 1024:
            limit = _LIMITS[n]
        elif n <= 0 or n > _TWO64:
            raise ValueError(f"Rng.below needs a bound from 1 to 2**64, got {n}")
        else:
            limit = _TWO64 - (_TWO64 % n)
        # next_u64, inlined (the same outputs; one call fewer per draw).
        s = self._state
        while True:
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z < limit:
                self._state = s
                return z % n

    def random(self) -> float:
        """Return a float in ``[0.0, 1.0)`` with 53 random bits."""
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        """Return a uniformly chosen element of a non-empty sequence.

        Raises:
            IndexError: if ``seq`` is empty.
        """
        if not seq:
            raise IndexError("Rng.choice from an empty sequence")
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Shuffle ``seq`` in place (Fisher-Yates, from the end)."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def spawn(self) -> Rng:
        """Return a new generator seeded from this one's next output (for independent streams)."""
        return Rng(self.next_u64())

    def clone(self) -> Rng:
        """Return an independent copy in the same state."""
        return Rng(self._state)

    @property
    def state(self) -> int:
        """The whole generator state, one 64-bit integer (JSON-serialisable)."""
        return self._state

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other._state == self._state

    def __hash__(self) -> int:
        return hash(self._state)

    def __repr__(self) -> str:
        return f"Rng(state={self._state:#x})"
