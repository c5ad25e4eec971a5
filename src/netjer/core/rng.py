"""Seeded randomness held by a game state.

Why not :class:`random.Random`: a state is cloned thousands of times per second by search,
and ``Random`` carries a 2.5 KB Mersenne-Twister state; and its ``shuffle``/``randrange``
algorithms are not promised to stay the same across Python versions, while a game record
must replay identically everywhere.  SplitMix64 (Steele, Lea & Flood, "Fast splittable
pseudorandom number generators", OOPSLA 2014) has a single 64-bit integer of state, passes
BigCrush, and is fully specified here, so a seed means the same game on every machine.
"""

from __future__ import annotations

from collections.abc import Callable, MutableSequence, Sequence
from functools import cache
from typing import Any, TypeVar

from netjer.core.integers import whole_number

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
        seed: any whole number (a Python or NumPy integer); it is reduced modulo 2**64.

    Raises:
        TypeError: for a seed that is not a whole number (``True``, ``1.5``, ``"3"``).
    """

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        if seed.__class__ is not int:  # a NumPy integer's ``& _MASK`` overflowed
            number = whole_number(seed)
            if number is None:
                raise TypeError(f"a generator's seed is a whole number, got {seed!r}")
            seed = number
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


#: The first and the largest block of :class:`BufferedRng` (outputs computed at once).
_FIRST_BLOCK = 64
_MAX_BLOCK = 4096


def _block_python(state: int, count: int) -> list[int]:
    """The next ``count`` outputs from generator state ``state``, one by one."""
    outputs = []
    for _ in range(count):
        state = (state + _GOLDEN) & _MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        outputs.append(z ^ (z >> 31))
    return outputs


def _block_numpy(np: Any) -> Callable[[int, int], list[int]]:
    """:func:`_block_python` on NumPy's unsigned 64-bit arrays, whose arithmetic wraps modulo
    2**64 as SplitMix64's does: the same outputs, computed many times faster."""
    u64 = np.uint64
    golden, m1, m2 = u64(_GOLDEN), u64(0xBF58476D1CE4E5B9), u64(0x94D049BB133111EB)
    s30, s27, s31 = u64(30), u64(27), u64(31)
    steps = {n: np.arange(1, n + 1, dtype=u64) * golden for n in (1 << k for k in range(6, 13))}

    def block(state: int, count: int) -> list[int]:
        k = steps.get(count)
        if k is None:  # pragma: no cover - blocks are powers of two from 64 to 4096
            k = np.arange(1, count + 1, dtype=u64) * golden
        states = k + u64(state)
        z = states ^ (states >> s30)
        z *= m1
        z ^= z >> s27
        z *= m2
        z ^= z >> s31
        result: list[int] = z.tolist()
        return result

    return block


@cache
def _block_function() -> Callable[[int, int], list[int]]:
    """The function computing a block of outputs: NumPy's if it can be imported (chosen once)."""
    try:
        import numpy  # noqa: PLC0415 - an optional speed-up, imported when first needed
    except ImportError:  # pragma: no cover - NumPy comes with matplotlib
        return _block_python
    return _block_numpy(numpy)


class BufferedRng(Rng):
    """:class:`Rng` with its outputs computed ahead in blocks: the same outputs in the same
    order, and the same ``state`` at every moment, as ``Rng(seed)``; only cheaper per draw.

    For agents, which draw at every step of a search's playouts (a draw of :class:`Rng` costs
    about 6,500 machine instructions in Python's integers; here a few hundred, the block being
    computed with NumPy's 64-bit arithmetic when NumPy is installed).  Game states keep
    :class:`Rng` (``spawn`` returns one: a determinization's generator, for instance), so
    records replay as they always did.  SplitMix64's state is a counter, so the *k*-th output
    from a state is a function of that state and *k* alone, and a block of them can be
    computed at once.

    The generator's state is the one after the last output handed out (``_state`` reads it
    from the block; setting it starts a new block there), so every method of :class:`Rng`
    keeps its meaning.  Blocks start at 64 outputs and double up to 4,096.

    Args:
        seed: as :class:`Rng`'s (a Python or NumPy integer; reduced modulo 2**64).
    """

    # _outputs: the block's outputs from the state _start, then a sentinel above every
    # rejection limit; _next: how many of them were handed out (the index of the next).
    __slots__ = ("_block_size", "_next", "_outputs", "_start")

    def __init__(self, seed: int) -> None:
        super().__init__(seed)  # sets _state: an empty block at that state
        self._block_size = _FIRST_BLOCK

    @property
    def _state(self) -> int:
        return (self._start + self._next * _GOLDEN) & _MASK

    @_state.setter
    def _state(self, value: int) -> None:
        self._start = value
        self._outputs = [_TWO64]
        self._next = 0

    def _refill(self) -> None:
        """Compute the next block from the current state; the next output is at index 0."""
        start = self._state
        size = self._block_size
        if size < _MAX_BLOCK:
            self._block_size = size * 2
        outputs = _block_function()(start, size)
        outputs.append(_TWO64)
        self._start = start
        self._outputs = outputs
        self._next = 0

    def next_u64(self) -> int:
        """Return the next raw 64-bit output (an int in ``[0, 2**64)``), as :class:`Rng`."""
        i = self._next
        if i == len(self._outputs) - 1:
            self._refill()
            i = 0
        self._next = i + 1
        return self._outputs[i]

    def below(self, n: int) -> int:
        """Return a uniform integer in ``[0, n)``: the same draw as :meth:`Rng.below`.

        Raises:
            ValueError: if ``n`` is not positive or above 2**64.
        """
        limit = _LIMITS[n] if 0 < n < 1024 else _limit(n)
        i = self._next
        z = self._outputs[i]
        if z < limit:  # never the sentinel at the block's end
            self._next = i + 1
            return z % n
        while True:  # the block is used up, or (rarely) a rejection
            if i == len(self._outputs) - 1:
                self._refill()
                i = 0
            z = self._outputs[i]
            i += 1
            self._next = i
            if z < limit:
                return z % n

    def clone(self) -> BufferedRng:
        """Return an independent copy in the same state (a :class:`BufferedRng`)."""
        return BufferedRng(self._state)

    def __reduce__(self) -> tuple[type[BufferedRng], tuple[int]]:
        # Pickled as its state alone (the block is recomputed where it is unpickled).
        return (BufferedRng, (self._state,))


def _limit(n: int) -> int:
    """``Rng.below``'s rejection limit for a bound of 1024 or more.

    Raises:
        ValueError: if ``n`` is not positive or above 2**64.
    """
    if n <= 0 or n > _TWO64:
        raise ValueError(f"Rng.below needs a bound from 1 to 2**64, got {n}")
    return _TWO64 - (_TWO64 % n)
