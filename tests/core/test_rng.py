"""The seeded generator (netjer.core.rng): SplitMix64, reproducible everywhere."""

from __future__ import annotations

import pickle
from collections import Counter

import pytest

from netjer.core import Rng
from netjer.core import rng as rng_module
from netjer.core.rng import BufferedRng


def test_splitmix64_reference_output() -> None:
    # Reference values of SplitMix64 from seed 0 (Vigna's splitmix64.c).
    rng = Rng(0)
    assert rng.next_u64() == 0xE220A8397B1DCDAF
    assert rng.next_u64() == 0x6E789E6AA1B965F4


def test_clone_continues_identically_and_independently() -> None:
    a = Rng(42)
    a.next_u64()
    b = a.clone()
    assert [a.below(100) for _ in range(5)] == [b.below(100) for _ in range(5)]
    a.next_u64()
    assert a != b


def test_below_is_uniform_enough_and_in_range() -> None:
    rng = Rng(7)
    counts = Counter(rng.below(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(9_000 < n < 11_000 for n in counts.values())


def _below_by_definition(rng: Rng, n: int) -> int:
    limit = (1 << 64) - (1 << 64) % n  # rejection sampling over next_u64, no modulo bias
    while True:
        r = rng.next_u64()
        if r < limit:
            return r % n


@pytest.mark.parametrize("bounds", [range(1, 1100), [3 << 62, (1 << 63) + 1, (1 << 64) - 1, 1 << 64]])
def test_below_draws_what_its_definition_draws(bounds: range | list[int]) -> None:
    # below is next_u64 inlined with a table of limits: the same draws and the same state
    # after (game records replay through it); the large bounds reject about half the draws.
    fast, slow = Rng(11), Rng(11)
    for n in bounds:
        for _ in range(3):
            assert fast.below(n) == _below_by_definition(slow, n)
        assert fast == slow


def test_shuffle_is_a_permutation() -> None:
    items = list(range(50))
    Rng(3).shuffle(items)
    assert sorted(items) == list(range(50)) and items != list(range(50))


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="from 1 to 2"):
        Rng(1).below(0)
    with pytest.raises(ValueError, match="from 1 to 2"):  # one 64-bit draw cannot reach it
        Rng(1).below(2**64 + 1)
    assert 0 <= Rng(1).below(2**64) < 2**64
    with pytest.raises(IndexError):
        Rng(1).choice([])


def test_random_float_range() -> None:
    rng = Rng(5)
    values = [rng.random() for _ in range(1000)]
    assert all(0.0 <= v < 1.0 for v in values)


@pytest.mark.parametrize("seed", [0, 11, (1 << 64) - 1, -5, 12345678901234567890])
def test_buffered_rng_draws_what_rng_draws(seed: int) -> None:
    # Every draw, mixed, across several blocks (64, 128, 256, ... outputs), with rejections
    # (bounds near 2**64 reject about half the outputs): the same values and state throughout.
    plain, buffered = Rng(seed), BufferedRng(seed)
    bounds = [*range(1, 40), 1023, 1024, 1025, 3 << 62, (1 << 63) + 1, 1 << 64]
    for i in range(1500):
        n = bounds[i % len(bounds)]
        assert buffered.below(n) == plain.below(n)
        if i % 7 == 0:
            assert buffered.next_u64() == plain.next_u64()
        if i % 11 == 0:
            assert buffered.random() == plain.random()
        if i % 13 == 0:
            items_a, items_b = list(range(9)), list(range(9))
            plain.shuffle(items_a)
            buffered.shuffle(items_b)
            assert items_a == items_b and plain.choice(items_a) == buffered.choice(items_b)
        assert buffered.state == plain.state and buffered == plain and hash(buffered) == hash(plain)
    assert buffered.spawn().state == plain.spawn().state


def test_buffered_rng_copies_and_state_changes() -> None:
    a = BufferedRng(3)
    a.below(10)
    b = a.clone()
    assert (
        isinstance(b, BufferedRng) and b == a and [a.below(50) for _ in range(200)] == [b.below(50) for _ in range(200)]
    )
    c = pickle.loads(pickle.dumps(a))
    assert isinstance(c, BufferedRng) and c == a and c.below(1000) == a.below(1000)
    assert type(a.spawn()) is Rng  # a determinization's generator is a plain one
    a._state = 42  # setting the state (as Rng.__init__ does) starts a new block there
    reference = Rng(42)
    assert [a.below(7) for _ in range(100)] == [reference.below(7) for _ in range(100)]
    with pytest.raises(ValueError, match="from 1 to 2"):
        a.below(0)
    with pytest.raises(ValueError, match="from 1 to 2"):
        a.below(-3)


def test_numpy_and_python_blocks_agree() -> None:
    numpy = pytest.importorskip("numpy")
    block = rng_module._block_numpy(numpy)
    for state in (0, 1, (1 << 64) - 1, 0x9E3779B97F4A7C15 * 5 % (1 << 64)):
        for count in (64, 4096, 10):
            assert block(state, count) == rng_module._block_python(state, count)
