"""The 15 soldier tokens of each side: their value sets and how tokens are numbered.

Rules reference: rules/nilo.md.  The seed says each side has 15 numbered soldier tokens,
one of which shows a 2 (SEED S3, S4); it does not give the other values.  The value
distribution is therefore an option (rules/nilo.md §3.2 PROPOSAL), with two named sets,
identical for both sides (a symmetric game), and no special abilities (SEED S13).

Token numbering (internal): the token with code ``side * SIDE_STRIDE + i`` is token ``i``
(0-14) of side ``side``.  Token 0 is the 2 set aside at setup (SEED S4); the values of
tokens 1-14 are dealt at random, so a token's number says nothing about its value.
Observations never show token numbers.
"""

from __future__ import annotations

from collections import Counter
from typing import Final

#: SEED S3: 15 soldier tokens per side.
TOKENS_PER_SIDE: Final = 15
#: Token codes of side ``s`` are ``s * SIDE_STRIDE + i``; ``>> 4`` gives the side back.
SIDE_STRIDE: Final = 16
SIDE_SHIFT: Final = 4
#: SEED S4: the value of the token set aside and put on the central rearguard.
START_VALUE: Final = 2

#: rules/nilo.md §3.2 PROPOSAL: the named value sets (15 values each, at least one 2).
VALUE_SETS: Final[dict[str, tuple[int, ...]]] = {
    # default: values 1-5, three of each
    "three_each": (1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5),
    # alternative: the triangular set 5 x 1, 4 x 2, 3 x 3, 2 x 4, 1 x 5
    "triangular": (1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 4, 4, 5),
}

#: The highest value of any set (sizes the integer action encoding).
MAX_VALUE: Final = max(max(v) for v in VALUE_SETS.values())


def column_values(set_name: str) -> list[int]:
    """The 14 values that start in a side's column: the set minus the 2 put on the board.

    Args:
        set_name: a key of :data:`VALUE_SETS`.

    Returns:
        The values in ascending order (the caller shuffles them, SEED S4).

    Raises:
        KeyError: if ``set_name`` is not a known set.
    """
    values = list(VALUE_SETS[set_name])
    values.remove(START_VALUE)
    return values


def _check_sets() -> None:
    for name, values in VALUE_SETS.items():
        if len(values) != TOKENS_PER_SIDE or START_VALUE not in values or min(values) < 1:
            raise AssertionError(f"value set {name!r} breaks SEED S3/S4: {Counter(values)}")


_check_sets()
