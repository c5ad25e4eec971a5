"""Which Ankh actions no undo may cross (netjer.core.undo; rules/ankh.md §1, §4.2, §10.3).

Read from the notation only, so that it holds whatever the state's fields are called.  The
secrets of Ankh are the Battle cards and Plague bids until they are revealed (§1, §10.3),
Bastet's face-down cats (§4.2) and Thoth's guess, which is checked against a hidden card
(§4.2); every other decision (an action row, moving figure by figure, summoning, unlocking,
the events' choices, the god powers' public choices) is public and deterministic.  So an
action is a barrier when it is a secret decision of a battle (the last one of a round of
secret choices reveals them all; Netjer treats every Battle card, bid and guess as a barrier,
which is safe and costs little: the next decision is usually another seat's) or when it
reveals a cat.  Bastet's own placement of her cats reveals nothing: she may take it back.
Chance is checked by the kernel for every game.
"""

from __future__ import annotations

from netjer.core.action import Action
from netjer.core.state import State
from netjer.games.ankh.secrecy import SECRET_WORDS, is_secret_action

__all__ = ["SECRET_WORDS", "undo_barrier"]


def undo_barrier(before: State, action: Action, after: State) -> bool:
    """True if ``action`` is a secret choice or reveals a secret (see the module doc)."""
    return is_secret_action(action)
