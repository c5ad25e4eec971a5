""" "Did you mean": the one suggestion helper of the terminal (issue 33 item 3).

A mistyped action (``kep``), game (``atom``), agent (``heuristc``), level (``strnog``), game
option (``layot``) or command gets the nearest known names, found by :mod:`difflib`'s ratio
(:func:`difflib.get_close_matches`), case and surrounding spaces ignored.  A name may also be
found by other words for it (``aliases``: an action's verb in the reader's language, Spanish
``invocar`` for Ankh's ``summon``), the name itself being suggested.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping

from netjer.i18n import _

#: How alike a name must be to be suggested (difflib's ratio, 0 to 1; its own default is 0.6).
CUTOFF = 0.6


def close_names(word: str, names: Iterable[str], limit: int = 3, aliases: Mapping[str, str] | None = None) -> list[str]:
    """The names nearest ``word``, best first, at most ``limit`` (none alike enough: ``[]``).

    Args:
        word: what was typed.
        names: the names it may have meant (their own spelling is returned).
        limit: the most names returned.
        aliases: other words for some names, each with the name it stands for
            (``{"invocar": "summon"}``): a word near ``word`` suggests its name; a word that
            is also a name stays that name.
    """
    by_key: dict[str, str] = {}
    for name in names:
        by_key.setdefault(name.strip().lower(), name)
    for alias, name in (aliases or {}).items():
        by_key.setdefault(alias.strip().lower(), name)
    close = difflib.get_close_matches(word.strip().lower(), list(by_key), n=len(by_key), cutoff=CUTOFF)
    return list(dict.fromkeys(by_key[c] for c in close))[:limit]


def did_you_mean(word: str, names: Iterable[str], limit: int = 3, aliases: Mapping[str, str] | None = None) -> str:
    """``"did you mean 'keep'?"`` (or ``'a' or 'b'``) for the names nearest ``word`` (or to
    one of their ``aliases``: :func:`close_names`); ``""`` if none is alike enough.  Lower
    case, to follow a message's ``;``."""
    close = close_names(word, names, limit, aliases)
    if not close:
        return ""
    return _("did you mean {names}?").format(names=_(" or ").join(repr(c) for c in close))
