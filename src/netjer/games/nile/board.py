"""The board of Dioses del Nilo: squares, halves, adjacency and attack lines.

Rules reference: rules/nilo.md §3.1 [PROPOSAL] (the seed gives no dimensions).  The board
has ``columns`` columns (odd, default 3: a, b, c) and 4 rows:

====  ==========================  ==========
row   what                        side
====  ==========================  ==========
1     Seth's rearguard            Seth (0)
2     Seth's vanguard             Seth (0)
3     Isis's vanguard             Isis (1)
4     Isis's rearguard            Isis (1)
====  ==========================  ==========

Squares are numbered ``row_index * columns + column`` (``a1`` = 0) and named like chess
squares (``b4`` = column b, row 4).  SEED S2: each half is a vanguard plus a rearguard;
the black half is Seth's, the white half Isis's.  The central rearguard (SEED S4) is the
middle column of each rearguard row, hence an odd number of columns.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final

SETH: Final = 0
ISIS: Final = 1
ROWS: Final = 4
#: Column letters; at most 9 columns.
LETTERS: Final = "abcdefghi"
MIN_COLUMNS: Final = 3
MAX_COLUMNS: Final = len(LETTERS)


@dataclass(frozen=True)
class Geometry:
    """Precomputed tables for a board of ``columns`` columns (build with :func:`geometry`).

    Attributes:
        columns: number of columns.
        size: number of squares (``4 * columns``).
        names: square names by index (``"a1"`` ...).
        index: square index by name.
        side: owner side (0 Seth, 1 Isis) of each square's half.
        vanguard: whether each square is a vanguard square.
        own: each side's squares, rearguard first, in column order.
        rear: each side's rearguard squares.
        van: each side's vanguard squares.
        central_rear: each side's central rearguard square (SEED S4).
        neighbors: for each square, the orthogonally adjacent squares of the same half
            (rules/nilo.md §3.5: moves never leave the own half).
        attack_lines: for each square, the squares a soldier there may attack, as
            ``(target, blocker)`` pairs: ``blocker`` is the square that must be empty under
            the ``blocking`` option, or -1 (SEED S10, rules/nilo.md §3.6).
    """

    columns: int
    size: int
    names: tuple[str, ...]
    index: dict[str, int]
    side: tuple[int, ...]
    vanguard: tuple[bool, ...]
    own: tuple[tuple[int, ...], tuple[int, ...]]
    rear: tuple[tuple[int, ...], tuple[int, ...]]
    van: tuple[tuple[int, ...], tuple[int, ...]]
    central_rear: tuple[int, int]
    neighbors: tuple[tuple[int, ...], ...]
    attack_lines: tuple[tuple[tuple[int, int], ...], ...]

    def square(self, row: int, col: int) -> int:
        """The index of the square in row index ``row`` (0-3) and column ``col`` (0-based)."""
        return row * self.columns + col

    def col_of(self, sq: int) -> int:
        """Column index (0-based) of square ``sq``."""
        return sq % self.columns


@cache
def geometry(columns: int) -> Geometry:
    """The board tables for ``columns`` columns (cached).

    Raises:
        ValueError: if ``columns`` is even or outside 3-9 (rules/nilo.md §3.1: a central
            rearguard square needs an odd number of columns).
    """
    if not (MIN_COLUMNS <= columns <= MAX_COLUMNS) or columns % 2 == 0:
        raise ValueError(f"columns must be odd and {MIN_COLUMNS}-{MAX_COLUMNS}, got {columns}")
    c = columns
    size = ROWS * c
    names = tuple(f"{LETTERS[sq % c]}{sq // c + 1}" for sq in range(size))
    rows_of_side = ((0, 1), (3, 2))  # (rearguard row, vanguard row) per side
    side = tuple(SETH if sq // c < 2 else ISIS for sq in range(size))
    vanguard = tuple(sq // c in (1, 2) for sq in range(size))
    rear = tuple(tuple(r * c + x for x in range(c)) for r, _ in rows_of_side)
    van = tuple(tuple(v * c + x for x in range(c)) for _, v in rows_of_side)
    own = (rear[0] + van[0], rear[1] + van[1])

    neighbors = []
    for sq in range(size):
        r, x = divmod(sq, c)
        near = []
        for dr, dx in ((0, -1), (0, 1), (-1, 0), (1, 0)):
            r2, x2 = r + dr, x + dx
            if 0 <= r2 < ROWS and 0 <= x2 < c and side[r2 * c + x2] == side[sq]:
                near.append(r2 * c + x2)
        neighbors.append(tuple(sorted(near)))

    lines: list[tuple[tuple[int, int], ...]] = []
    for sq in range(size):
        s, x = side[sq], sq % c
        enemy_van = van[1 - s][x]
        if vanguard[sq]:
            # SEED S10: a vanguard soldier attacks the enemy vanguard and rearguard squares
            # straight ahead; blocking (option) needs the enemy vanguard square empty.
            lines.append(((enemy_van, -1), (rear[1 - s][x], enemy_van)))
        else:
            # SEED S10: a rearguard soldier attacks only the enemy vanguard square ahead;
            # blocking (option) needs its own vanguard square empty.
            lines.append(((enemy_van, van[s][x]),))
    return Geometry(
        columns=c,
        size=size,
        names=names,
        index={n: i for i, n in enumerate(names)},
        side=side,
        vanguard=vanguard,
        own=own,
        rear=(rear[0], rear[1]),
        van=(van[0], van[1]),
        central_rear=(rear[0][c // 2], rear[1][c // 2]),
        neighbors=tuple(neighbors),
        attack_lines=tuple(lines),
    )
