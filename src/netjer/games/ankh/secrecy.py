"""What a seat may see in Ankh: the one module that decides it (rules/ankh.md §1, §4.2, §10.3).

The secrets of Ankh are a god's chosen Battle card(s) until all are revealed together (§1,
§10.3 step 1; Amun's second card, §4.1), its Plague bid until the bids are resolved (§1),
Bastet's face-down cats (their faces, §4.2) and Thoth's guess, checked against a hidden card
(§4.2).  A seat knows the secrets of the god it plays (both seats of a merged god, §10.4); a
spectator (``None``) knows none.  Everything else is public: hands (every god holds the same
seven cards, used cards lie face up), the board, the tracks.

The engine asks here: the observation and the determinization (:mod:`~netjer.games.ankh.state`),
the narration (:mod:`~netjer.games.ankh.narration`) and the undo (:mod:`~netjer.games.ankh.undo`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from netjer.core.action import Action
from netjer.games.ankh.base import B_BIDS, B_CARDS, B_REVEAL

if TYPE_CHECKING:
    from netjer.games.ankh.state import AnkhState

#: The first words of the actions that choose or reveal something hidden (a Battle card, a
#: bid, Thoth's guess or its refusal, a cat turned face up).
SECRET_WORDS: Final = frozenset({"card", "bid", "guess", "noguess", "reveal"})

#: The parts of an observation's ``battle`` that hold a god's secret under its number (``"0"``):
#: its chosen card(s) and its Plague bid, in the observations of its own seats only until
#: revealed (``AnkhState.observation``; the terminal's merged view, :mod:`netjer.drawings.ankh`).
SECRET_BATTLE_PARTS: Final[tuple[str, ...]] = ("cards", "bids")


def knows_secrets_of(st: AnkhState, seat: int | None, god: int) -> bool:
    """Whether ``seat`` (None: a spectator) may see the secrets of god ``god``: only the seats
    playing that god may."""
    return seat is not None and st.god_of_seat[seat] == god


def hidden_gods(st: AnkhState, seat: int | None) -> list[int]:
    """The gods whose secrets ``seat`` may not see: every god but the one it plays (None:
    every god), in god order."""
    mine = None if seat is None else st.god_of_seat[seat]
    return [g for g in range(st.n) if g != mine]


def cards_hidden(st: AnkhState) -> bool:
    """Whether the Battle's chosen cards are still face down (§1, §10.3 step 1)."""
    return st.conflict_step in (B_CARDS, B_REVEAL)


def bids_hidden(st: AnkhState) -> bool:
    """Whether the Plague bids are still secret (§1: the bids are made in secret, then
    revealed together)."""
    return st.conflict_step == B_BIDS


def is_secret_action(action: Action) -> bool:
    """Whether ``action`` chooses or reveals something hidden (:data:`SECRET_WORDS`), read from
    its notation only."""
    return str(action).split(" ", 1)[0] in SECRET_WORDS
