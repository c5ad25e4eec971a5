"""The seeded generator (netjer.core.rng): SplitMix64, reproducible everywhere."""

from __future__ import annotations

from collections import Counter

import pytest

from netjer.core import Rng


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
