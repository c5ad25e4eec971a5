"""Actions: immutable values with a stable text notation.

Each game defines its actions as frozen, slotted dataclasses deriving from :class:`Action`;
``str(action)`` is the notation and the game's ``parse_action`` reads it back.  Each game
also fixes an integer encoding (``Game.action_to_int`` / ``Game.int_to_action``) used by
the RL adapters and by the conformance suite to sample illegal actions.

Games intern their actions (one object per distinct action, built once), so
``legal_actions()`` returns references and legality checks hit Python's identity fast path.
"""

from __future__ import annotations


class Action:
    """Base class of every game's actions.

    Subclasses must be immutable and hashable, and must define ``__str__`` as the action's
    notation, which ``Game.parse_action`` accepts back.
    """

    __slots__ = ()
