"""The temple layout: which kind of square is where, loaded from a data file and validated.

Rules reference: rules/aton.md §2.  Only the multiset of square kinds per temple has a
rule effect (§2.1, INFERRED: no adjacency rule exists in Aton); the order in the file is the
3 x 4 grid as printed, used for drawing only.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Final

from netjer.core.errors import DataFileError
from netjer.i18n import N_

#: Square kinds, in the order used for action codes: yellow, green, black, blue, bonus +1, bonus +2.
KINDS: Final[tuple[str, ...]] = ("Y", "G", "K", "B", "+1", "+2")
#: Their names, English message ids of the ``aton`` catalogue (translated where shown).
KIND_NAMES: Final[dict[str, str]] = {
    "Y": N_("yellow"),
    "G": N_("green"),
    "K": N_("black"),
    "B": N_("blue"),
    "+1": N_("bonus +1"),
    "+2": N_("bonus +2"),
}
YELLOW: Final = 0
GREEN: Final = 1
BLACK: Final = 2
BLUE: Final = 3
BONUS1: Final = 4
BONUS2: Final = 5
NUM_KINDS: Final = len(KINDS)
NUM_TEMPLES: Final = 4
SQUARES_PER_TEMPLE: Final = 12


@dataclass(frozen=True)
class TempleLayout:
    """A validated board layout.

    Attributes:
        name: the layout's name (the data file's stem).
        source: where the layout comes from.
        squares: for each of the 4 temples, the 12 square kinds (indices into :data:`KINDS`)
            in grid order.
        slots: for temple ``t`` and kind ``k``, ``slots[t * 6 + k]`` is the tuple of board
            square indices (``t * 12 + i``) of that kind, in grid order.
        kind_totals: for each kind, its squares on the whole board (``count(kind)``), derived
            from ``slots`` once: the state's test for an instant win (rules/aton.md §6) reads
            it after every turn.
    """

    name: str
    source: str
    squares: tuple[tuple[int, ...], ...]
    slots: tuple[tuple[int, ...], ...]
    kind_totals: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        totals = tuple(sum(len(self.slots[t * NUM_KINDS + k]) for t in range(NUM_TEMPLES)) for k in range(NUM_KINDS))
        object.__setattr__(self, "kind_totals", totals)  # a frozen dataclass's derived field

    def kind_of(self, square: int) -> int:
        """Kind index of board square ``square`` (0..47)."""
        return self.squares[square // SQUARES_PER_TEMPLE][square % SQUARES_PER_TEMPLE]

    def count(self, kind: int, temple: int | None = None) -> int:
        """Number of squares of ``kind`` in ``temple`` (0-based), or on the whole board."""
        temples = range(NUM_TEMPLES) if temple is None else (temple,)
        return sum(len(self.slots[t * NUM_KINDS + kind]) for t in temples)


def validate_layout(name: str, data: object) -> TempleLayout:
    """Check a layout's data against rules/aton.md §2.1 and build it.

    Args:
        name: the layout's name, for messages.
        data: the parsed JSON: ``{"source": str, "temples": [{"squares": [kind, ...]}, ...]}``.

    Returns:
        The validated :class:`TempleLayout`.

    Raises:
        DataFileError: naming the invariant that does not hold: 4 temples of 12 squares
            (§2.1 FACT×8), kinds among Y/G/K/B/+1/+2, exactly one blue per temple, yellow
            and green 3-4, black 2-3 and bonus 1-2 per temple (HALL, KLEIN), 10 black squares
            on the board (J2).
    """

    def fail(msg: str) -> DataFileError:
        return DataFileError(f"Aton temple layout {name!r}: {msg}")

    if not isinstance(data, dict) or not isinstance(data.get("temples"), list):
        raise fail("expected an object with a 'temples' list")
    temples = data["temples"]
    if len(temples) != NUM_TEMPLES:
        raise fail(f"expected {NUM_TEMPLES} temples, found {len(temples)}")
    squares: list[tuple[int, ...]] = []
    for t, temple in enumerate(temples, start=1):
        if not isinstance(temple, dict) or not isinstance(temple.get("squares"), list):
            raise fail(f"temple {t}: expected an object with a 'squares' list")
        kinds = temple["squares"]
        if len(kinds) != SQUARES_PER_TEMPLE:
            raise fail(f"temple {t} has {len(kinds)} squares, every temple has {SQUARES_PER_TEMPLE} (§2.1)")
        for k in kinds:
            if k not in KINDS:
                raise fail(f"temple {t}: unknown square kind {k!r} (expected one of {', '.join(KINDS)})")
        c: Counter[str] = Counter(kinds)
        checks = [
            ("blue", c["B"], 1, 1),
            ("yellow", c["Y"], 3, 4),
            ("green", c["G"], 3, 4),
            ("black", c["K"], 2, 3),
            ("bonus", c["+1"] + c["+2"], 1, 2),
        ]
        for label, n, lo, hi in checks:
            if not lo <= n <= hi:
                expect = str(lo) if lo == hi else f"{lo} to {hi}"
                raise fail(f"temple {t} has {n} {label} squares, expected {expect} (§2.1)")
        squares.append(tuple(KINDS.index(k) for k in kinds))
    black = sum(row.count(BLACK) for row in squares)
    if black != 10:
        raise fail(f"the board has {black} black squares, expected 10 (§2.1, J2)")
    slots = tuple(
        tuple(t * SQUARES_PER_TEMPLE + i for i, kind in enumerate(squares[t]) if kind == k)
        for t in range(NUM_TEMPLES)
        for k in range(NUM_KINDS)
    )
    source = data.get("source", "")
    return TempleLayout(name=name, source=str(source), squares=tuple(squares), slots=slots)


def available_layouts() -> list[str]:
    """Names of the layout data files shipped with Netjer."""
    root = resources.files("netjer.games.aton") / "data"
    return sorted(p.name[:-5] for p in root.iterdir() if p.name.endswith(".json"))


@cache
def load_layout(name: str) -> TempleLayout:
    """Load and validate the shipped layout ``name`` (cached).

    Raises:
        DataFileError: if there is no such layout, the file is not JSON, or it fails
            :func:`validate_layout`.
    """
    if name not in available_layouts():
        raise DataFileError(f"no Aton temple layout {name!r}; available: {', '.join(available_layouts())}")
    path = resources.files("netjer.games.aton") / "data" / f"{name}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as err:
        raise DataFileError(f"Aton temple layout {name!r}: line {err.lineno}: {err.msg}") from None
    return validate_layout(name, data)
