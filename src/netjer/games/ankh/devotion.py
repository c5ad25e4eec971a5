"""The Devotion track (rules/ankh.md §5): spaces 0-31, stacks, ascending order, Bountiful,
the immediate win at 31.

``AnkhState.devotion[g]`` is god ``g``'s space and ``AnkhState.devotion_stack`` the living gods from the
bottom of the track to the top: lowest space first and, within a stack, the bottom token
first (§5, P ``devotionAscending``).  Every "in ascending Devotion order" of the rules reads
``devotion_stack``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from netjer.games.ankh.catalogue import Words
from netjer.games.ankh.catalogue import translate as _
from netjer.games.ankh.powers import BOUNTIFUL
from netjer.games.ankh.rules_queries import in_red

if TYPE_CHECKING:
    from netjer.games.ankh.state import AnkhState

#: §5: the top space; reaching it wins at once (rulings table).
DEVOTION_MAX: Final = 31


def place_token(st: AnkhState, god: int, space: int) -> None:
    """Move ``god``'s token to ``space``: a token arriving on a space goes on top of its
    stack (§5, P ``changeDevotion``, H ``gainDevotion``)."""
    st.devotion[god] = space
    asc = st.devotion_stack
    asc.remove(god)
    dev = st.devotion
    i = len(asc)
    while i > 0 and dev[asc[i - 1]] > space:
        i -= 1
    asc.insert(i, god)


def gain(st: AnkhState, god: int, amount: int, why: Words) -> bool:
    """One *instance* of Devotion gain (§5, §2.2 Bountiful).

    Bountiful adds 1 to the instance while the token is in the red section (checked
    before moving, so also on the last red space).  The token stops at 31, and reaching
    31 wins the game at once, even in the middle of a Conflict (§5, §10.6).

    Args:
        god: the god gaining.
        amount: Devotion gained before Bountiful; nothing happens if it is not positive
            (no gain, no instance).
        why: words for the log.

    Returns:
        True if the game is now over.
    """
    if amount <= 0 or st.over:
        return st.over
    if st.powers[god] >> BOUNTIFUL & 1 and in_red(st, god):
        amount += 1
    space = min(DEVOTION_MAX, st.devotion[god] + amount)
    place_token(st, god, space)
    st.note(
        _("{god} gains {amount} Devotion ({why}): now {space}"),
        god=st.god_name(god),
        amount=amount,
        why=why,
        space=space,
    )
    if space >= DEVOTION_MAX:
        st.end_game(
            [god], _("{god} reaches Devotion {devotion} and wins").format(god=st.god_name(god), devotion=DEVOTION_MAX)
        )
        return True
    return False


def lose(st: AnkhState, god: int, amount: int, why: Words) -> None:
    """Lose Devotion; never below 0 (§5, J ``Math.max(0, …)``).  A token that moves
    arrives on top of its new stack; one that cannot move stays where it is."""
    space = max(0, st.devotion[god] - amount)
    if space != st.devotion[god]:
        place_token(st, god, space)
        st.note(
            _("{god} loses {amount} Devotion ({why}): now {space}"),
            god=st.god_name(god),
            amount=amount,
            why=why,
            space=space,
        )
