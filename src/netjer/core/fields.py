"""A game state's fields, declared once: the one state pattern of the three games (issue 28).

Each game lists every attribute its state holds (besides the kernel's ``game``, ``seed``,
``rng``, ``history`` and legality cache) as a :class:`StateField` in named groups:
``games/ankh/fields.py``, ``games/aton/fields.py``, ``games/nile/fields.py``.  From that one
declaration:

* ``full_state`` (and so equality, ``State.__eq__``, and the seeded digests) writes each field
  under its key in its JSON form (:func:`write_fields`; Ankh writes its own loop, with forms of
  its own, over the same declaration);
* ``clone`` is written out by hand, field by field, for speed (search clones states
  constantly), and each game's tests check it against the declaration: every declared field
  copied in its ``copy`` mode, none forgotten (:func:`held_attributes` lists what a state holds);
* the documentation's field list is :func:`field_table` (docs/<game>-state.md includes it
  verbatim, and a test keeps it in step).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

#: How ``clone`` copies a field: ``share`` (immutable values: int, bool, str, tuple,
#: frozenset, or objects the state never changes), ``list`` (a new list of the same immutable
#: items), ``rows`` (a new list of copies of its lists of immutable items), ``items`` (a new
#: list of each item's ``copy()``, ``None`` kept), ``record`` (the record's own ``copy()``),
#: ``dict`` (a new dict of the same immutable keys and values).
CopyMode = Literal["share", "list", "rows", "items", "record", "dict"]

#: The JSON forms no game writes: ``derived`` (a cache rebuilt from other fields) and ``game``
#: (fixed by the game's options when the state is made, so equal in every state of one game).
NOT_WRITTEN: frozenset[str] = frozenset({"derived", "game"})

#: The kernel's attributes, held by every state and declared by the kernel, not by a game.
KERNEL_ATTRIBUTES: frozenset[str] = frozenset({"game", "seed", "rng", "history", "_legal"})


@dataclass(frozen=True)
class StateField:
    """One attribute of a game's state.

    Attributes:
        name: the attribute's name.
        doc: what it holds, with its unit or index and the rule it serves.
        copy: how ``clone`` copies it (:data:`CopyMode`).
        json: how ``full_state`` writes it: ``value`` (as it is), one of :data:`NOT_WRITTEN`, or
            a form of the game's own (Ankh: ``phase``, ``camels``, ...; Aton: ``phase``).
        key: its key in ``full_state`` (default: ``name``).
    """

    name: str
    doc: str
    copy: CopyMode = "share"
    json: str = "value"
    key: str = ""

    @property
    def json_key(self) -> str:
        """The key of this field in ``full_state``."""
        return self.key or self.name


def check_declaration(fields: Sequence[StateField], game: str) -> None:
    """Refuse a declaration that names a field, or a ``full_state`` key, twice.

    Args:
        fields: every field of one state (or record).
        game: the game's name, for the message.

    Raises:
        RuntimeError: a name or key declared twice (a programming error, raised on import).
    """
    names = [f.name for f in fields]
    keys = [f.json_key for f in fields if f.json not in NOT_WRITTEN]
    for what, seen in (("field", names), ("full_state key", keys)):
        doubles = sorted({x for x in seen if seen.count(x) > 1})
        if doubles:
            raise RuntimeError(f"{game}: state {what}(s) declared twice: {', '.join(doubles)}")


def write_fields(
    state: object, fields: Sequence[StateField], forms: Mapping[str, Callable[[Any], Any]] | None = None
) -> dict[str, Any]:
    """Each written field of ``state`` under its key, in declaration order.

    Args:
        state: a game state holding every field of ``fields``.
        fields: its declaration.
        forms: the converters of the game's own JSON forms, by form name (``value`` is written
            as it is and needs none).

    Returns:
        A new dict: ``{field.json_key: value}`` for every field whose form is not in
        :data:`NOT_WRITTEN`.  Lists are the state's own (``full_state``'s callers copy or
        serialise; they never mutate).

    Raises:
        KeyError: a field's form has no converter in ``forms`` (a programming error, caught by
            the game's field tests).
    """
    out: dict[str, Any] = {}
    for f in fields:
        if f.json in NOT_WRITTEN:
            continue
        value = getattr(state, f.name)
        out[f.json_key] = value if f.json == "value" else (forms or {})[f.json](value)
    return out


def held_attributes(obj: object) -> set[str]:
    """The instance attributes ``obj`` holds, for the field tests.

    Its ``__dict__`` (the Python build, or a Python subclass of a compiled class), and the
    attributes set in the native slots that its class and bases declare in the compiled build
    (``make compiled``; mypyc lists each class's own in ``__mypyc_attrs__``).

    Args:
        obj: a state or record.

    Returns:
        The names of its set attributes.
    """
    names = {n for klass in type(obj).__mro__ for n in getattr(klass, "__mypyc_attrs__", ()) if not n.startswith("__")}
    held = {n for n in names if hasattr(obj, n)}
    return held | set(vars(obj)) if hasattr(obj, "__dict__") else held


def field_table(groups: Sequence[tuple[str, Sequence[StateField]]]) -> str:
    """The field list of a game's state documentation: one Markdown table per group.

    Args:
        groups: ``(group title, fields)`` pairs, in the order the documentation shows them.

    Returns:
        Markdown text ending with a newline, which docs/<game>-state.md includes verbatim.
    """
    out: list[str] = []
    for group, fields in groups:
        out += [f"### {group}", "", "| field | full_state key | copy | holds |", "|---|---|---|---|"]
        for f in fields:
            key = f"({f.json})" if f.json in NOT_WRITTEN else f"`{f.json_key}`"
            out.append(f"| `{f.name}` | {key} | {f.copy} | {f.doc} |")
        out.append("")
    return "\n".join(out)
