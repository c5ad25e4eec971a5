"""Small helpers for the sentences the games write (logs, descriptions, refusals).

``plural(1, "Follower")`` is ``"1 Follower"``, ``plural(3, "Follower")`` ``"3 Followers"``;
``article("obelisk")`` is ``"an obelisk"``; ``join_words(["a", "b", "c"])`` is ``"a, b and c"``.
"""

from __future__ import annotations

from collections.abc import Sequence


def plural_of(noun: str) -> str:
    """The regular English plural of ``noun`` (``mummy`` -> ``mummies``, ``sphinx`` -> ``sphinxes``)."""
    if noun.endswith("y") and noun[-2:-1] not in ("a", "e", "i", "o", "u", ""):
        return noun[:-1] + "ies"
    if noun.endswith(("s", "x", "z", "ch", "sh")):
        return noun + "es"
    return noun + "s"


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """``count`` and ``noun``, in the plural unless ``count`` is 1 (``nouns``: an irregular plural)."""
    return f"{count} {noun if count == 1 else nouns or plural_of(noun)}"


def article(noun: str) -> str:
    """``noun`` with its indefinite article: ``"an obelisk"``, ``"a temple"``, ``"an 8"``."""
    first = noun[:1].lower()
    if first.isdigit():
        number = noun.split(maxsplit=1)[0]
        vowel = number.startswith("8") or number in ("11", "18")  # "an 8", "an 11", "an 18"
    else:
        vowel = first in ("a", "e", "i", "o", "u")
    return f"{'an' if vowel else 'a'} {noun}"


def join_words(items: Sequence[str], last: str = "and") -> str:
    """``["a"]`` -> ``"a"``, ``["a", "b", "c"]`` -> ``"a, b and c"`` (``last``: the final conjunction)."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"
