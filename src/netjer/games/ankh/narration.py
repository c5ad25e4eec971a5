"""Ankh's decisions in words: the log line each seat reads for an action (``describe_action``).

Every action kind is told in words, with the gods' names (``AnkhState.god_name``) and the names the
rules texts give the cards, powers and pieces (``texts/en.toml``); the notation stays beside the
line in the table (``TableRuntime.notation``) only for the viewers whose words equal the actor's.

What a viewer may not know is never told (§1, §10.3 step 1, §4.2 Bastet): a Battle card and a
Plague bid are secret to the other gods until revealed, and a cat placed face down shows its
face only to Bastet (her god power's :meth:`~netjer.games.ankh.gods.base.GodPower.describe`).
A viewer seated with the same god as the actor (a team) knows what the actor knows.

Every sentence is an English message id marked for the ``ankh`` catalogue (``netjer.i18n``,
``make i18n``) with ``{placeholders}``, so the browser's ``translateLine`` can read it back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from netjer.core.action import Action
from netjer.games.ankh.cards import CARD_IDS
from netjer.games.ankh.catalogue import translate as _
from netjer.games.ankh.gods.base import BASTET, GOD_PHASE_BASE, PHASE_OWNER, power
from netjer.games.ankh.interned import CAT_IDS
from netjer.games.ankh.notation import (
    Adopt,
    AdoptPool,
    Aim,
    Bid,
    Build,
    Camel,
    Card,
    CatPut,
    Claim,
    Eye,
    Forbid,
    Guess,
    Keep,
    Kill,
    Pick,
    Power,
    Push,
    Put,
    PyramidPick,
    Reveal,
    Row,
    Save,
    Swap,
    To,
    Trap,
    Underworld,
    Word,
)
from netjer.games.ankh.pieces import FIGURE_IDS, MONUMENT_IDS
from netjer.games.ankh.powers import POWER_IDS, unlock_level
from netjer.games.ankh.secrecy import knows_secrets_of
from netjer.games.ankh.setup import ACTIONS
from netjer.games.ankh.terms import direction_words, followers, term_name
from netjer.i18n import N_

if TYPE_CHECKING:
    from netjer.games.ankh.state import AnkhState

#: Per (phase name, word): the sentence of a one-word decision.  A decline (or ``end``) is said
#: rather than a bare ``Player 5: done``; a word that does something says what.
WORD_TEXT: Final[dict[tuple[str, str], str]] = {
    ("turn", "end"): N_("{who} ends the turn."),
    ("turn-end", "end"): N_("{who} ends the turn."),
    ("move-pick", "done"): N_("{who} stops moving figures."),
    ("camel", "done"): N_("{who} lays no camels."),
    ("swap", "noswap"): N_("{who} swaps no Conflict Order tokens."),
    ("obelisk-pick", "done"): N_("{who} relocates no more figures (Obelisk Attuned)."),
    ("build", "nobuild"): N_("{who} builds no Monument."),
    ("tiebreak", "tiebreak"): N_("{who} uses the tie-breaker."),
    ("tiebreak", "notiebreak"): N_("{who} keeps the tie-breaker (does not use it)."),
    ("worship", "worship"): N_("{who} sacrifices Followers for Devotion (Worshipful)."),
    ("worship", "noworship"): N_("{who} sacrifices no Followers for Devotion (Worshipful)."),
    ("adopt", "done"): N_("{who} keeps no more of the minor god's Guardians (the others leave the game)."),
    ("summon", "ransom"): N_("{who} buys back a trapped Warrior from Anubis."),
    ("pyramid-summon", "ransom"): N_("{who} buys back a trapped Warrior from Anubis."),
    ("amun-two-cards", "amun"): N_("{who} plays two Battle cards in this battle (Amun)."),
    ("amun-two-cards", "noamun"): N_("{who} plays one Battle card in this battle, not two (Amun)."),
    ("anubis-trap", "notrap"): N_("{who} traps no Warrior (Anubis)."),
    ("osiris-underworld", "nounderworld"): N_("{who} places no Underworld token (Osiris)."),
    ("osiris-pick", "nounderworld"): N_("{who} moves no Underworld token (Osiris)."),
    ("ra-sun", "sun"): N_("{who} makes the figure just summoned Radiant (Ra)."),
    ("ra-sun", "nosun"): N_("{who} makes no figure Radiant (Ra)."),
    ("hathor-place", "noplace"): N_("{who} places no figure (Hathor)."),
    ("thoth-guess", "noguess"): N_("{who} makes no guess (Thoth)."),
    ("isis-save", "done"): N_("{who} saves no more Protected figures (Isis)."),
    ("horus-eye", "done"): N_("{who} puts no more Eyes on regions (Horus)."),
}

#: The action rows by their rules names (§7.3).
ROW_TEXT: Final = {
    "move": N_("Move Figures"),
    "summon": N_("Summon Figure"),
    "gain": N_("Gain Followers"),
    "unlock": N_("Unlock Ankh Power"),
}

#: Bastet's cats (§4.2) by :data:`netjer.games.ankh.notation.CAT_IDS`.
CAT_TEXT: Final = {"plus1": "+1", "plus3": "+3", "star": N_("star")}  # translated where shown


def unlock_words(who: str, power: int, level: int) -> str:
    """ "Seth unlocks the Ankh power Revered (1 Follower).": the unlock of ``power`` (index into
    ``POWER_IDS``) at ``level`` (its cost in Followers, §2.1), one sentence of the catalogue."""
    return _("{who} unlocks the Ankh power {power} ({followers}).").format(
        who=who, power=term_name("power", POWER_IDS[power]), followers=followers(level)
    )


def describe(st: AnkhState, action: Action, viewer: int | None) -> str:
    """The sentence ``viewer`` (a seat, or None for a spectator) reads for ``action`` by the
    player to move in ``st`` (before it is applied): the secret parts of a Battle card, a bid or
    a face-down cat are left out for the seats of the other gods."""
    seat = st.to_move
    who = st.god_name(st.god_of_seat[seat])
    same_god = knows_secrets_of(st, viewer, st.god_of_seat[seat])
    if isinstance(action, Card) and not same_god:
        return _("{who} chooses a Battle card in secret.").format(who=who)
    if isinstance(action, Bid) and not same_god:
        return _("{who} bids in secret.").format(who=who)
    if isinstance(action, CatPut) and not same_god:  # wherever it is placed from: Bastet's words
        secret = power(BASTET).describe(st, action, viewer)
        if secret is not None:
            return secret
    if st.phase >= GOD_PHASE_BASE and not same_god:
        secret = PHASE_OWNER[st.phase].describe(st, action, viewer)
        if secret is not None:
            return secret
    if isinstance(action, Word):
        template = WORD_TEXT.get((st.decision_name(), action.word))
        if template is not None:
            return _(template).format(who=who)
    words = _sentence(st, action, who)
    if words is not None:
        return words
    return _("{who} decides: {notation}").format(who=who, notation=str(action))


def _sentence(st: AnkhState, action: Action, who: str) -> str | None:
    """The full sentence for what every viewer allowed to know ``action`` reads; None for an
    action this module does not know (then the notation is given)."""
    hex_name = st.board.hex_name
    phase = st.decision_name()
    if isinstance(action, Row):
        return _("{who} takes the {action} action.").format(who=who, action=_(ROW_TEXT[ACTIONS[action.row]]))
    if isinstance(action, Pick):
        if phase == "obelisk-pick":
            return _("{who} picks the figure on {space} to relocate it (Obelisk Attuned).").format(
                who=who, space=hex_name(action.hex)
            )
        if phase == "osiris-pick":
            return _("{who} picks the Underworld token on {space} to move it (Osiris).").format(
                who=who, space=hex_name(action.hex)
            )
        return _("{who} picks the figure on {space} to move it.").format(who=who, space=hex_name(action.hex))
    if isinstance(action, To):
        if phase == "obelisk-to" and st.selected >= 0:
            return _("{who} relocates the figure on {space} to {to} (Obelisk Attuned).").format(
                who=who, space=hex_name(st.selected), to=hex_name(action.hex)
            )
        if phase == "mummy":
            return _("{who} returns the Mummy to {to}.").format(who=who, to=hex_name(action.hex))
        if st.selected >= 0:
            return _("{who} moves the figure on {space} to {to}.").format(
                who=who, space=hex_name(st.selected), to=hex_name(action.hex)
            )
        return _("{who} moves the figure to {to}.").format(who=who, to=hex_name(action.hex))
    if isinstance(action, Push):
        return _("{who} pushes the enemy figure to {to} (Satet).").format(who=who, to=hex_name(action.hex))
    if isinstance(action, Aim):
        return _("{who} aims the Giant Scorpion at its neighbours on the {side} and {other} sides.").format(
            who=who, side=direction_words(action.side), other=direction_words(action.side + 1)
        )
    if isinstance(action, Put):
        figure = term_name("figure", FIGURE_IDS[action.kind])
        if phase == "hathor-place":
            return _("{who} places {figure} on {space} (Hathor).").format(
                who=who, figure=figure, space=hex_name(action.hex)
            )
        return _("{who} summons {figure} on {space}.").format(who=who, figure=figure, space=hex_name(action.hex))
    if isinstance(action, PyramidPick):
        return _("{who} makes an extra summon next to the Pyramid on {space} (Pyramid Attuned).").format(
            who=who, space=hex_name(action.hex)
        )
    if isinstance(action, Power):
        return unlock_words(who, action.power, unlock_level(st.unlocked[st.god_of_seat[st.to_move]]))
    if isinstance(action, Claim):
        return _("{who} puts an Ankh token on the Monument on {space} (Control Monument).").format(
            who=who, space=hex_name(action.hex)
        )
    if isinstance(action, Camel):
        return _("{who} lays a camel on the side {side}.").format(who=who, side=st.board.edge_name(action.edge))
    if isinstance(action, Keep):
        return _("{who} gives the old Conflict Order token to the new region of {space}.").format(
            who=who, space=hex_name(action.hex)
        )
    if isinstance(action, Swap):
        return _("{who} swaps the Conflict Order tokens {a} and {b}.").format(who=who, a=action.a, b=action.b)
    if isinstance(action, Card):
        return _("{who} chooses the Battle card {card}.").format(who=who, card=term_name("card", CARD_IDS[action.card]))
    if isinstance(action, Bid):
        return _("{who} bids {followers}.").format(who=who, followers=followers(action.amount))
    if isinstance(action, Build):
        return _("{who} builds {monument} on {space}.").format(
            who=who, monument=term_name("monument", MONUMENT_IDS[action.kind]), space=hex_name(action.hex)
        )
    if isinstance(action, Adopt):
        return _("{who} keeps the minor god's Guardian on {space}.").format(who=who, space=hex_name(action.hex))
    if isinstance(action, AdoptPool):
        return _("{who} keeps {figure} of the minor god's pool.").format(
            who=who, figure=term_name("figure", FIGURE_IDS[action.kind])
        )
    return _god_sentence(st, action, who)


def _god_sentence(st: AnkhState, action: Action, who: str) -> str | None:
    """The god powers' decisions (§4) in words, for the viewers allowed to know them."""
    hex_name = st.board.hex_name
    if isinstance(action, Trap):
        return _("{who} traps a killed Warrior of {god} (Anubis).").format(who=who, god=st.god_name(action.god))
    if isinstance(action, Save):
        return _("{who} keeps the Protected figure on {space} alive (Isis).").format(
            who=who, space=hex_name(action.hex)
        )
    if isinstance(action, Underworld):
        return _("{who} places an Underworld token on {space} (Osiris).").format(who=who, space=hex_name(action.hex))
    if isinstance(action, CatPut):
        return _("{who} places the {cat} cat face down at {space} (Bastet).").format(
            who=who, cat=_(CAT_TEXT[CAT_IDS[action.cat]]), space=hex_name(action.hex)
        )
    if isinstance(action, Reveal):
        return _("{who} reveals Bastet's cat on {space}.").format(who=who, space=hex_name(action.hex))
    if isinstance(action, Kill):
        return _("{who} gives the figure on {space} to Bastet's star cat, which kills it.").format(
            who=who, space=hex_name(action.hex)
        )
    if isinstance(action, Guess):
        return _("{who} guesses that {god} played {card} (Thoth).").format(
            who=who, god=st.god_name(action.god), card=term_name("card", CARD_IDS[action.card])
        )
    if isinstance(action, Eye):
        return _("{who} puts an Eye on the region of Conflict Order token {token} (Horus).").format(
            who=who, token=action.token
        )
    if isinstance(action, Forbid):
        return _("{who} forbids the Battle card {card} in this battle (Horus).").format(
            who=who, card=term_name("card", CARD_IDS[action.card])
        )
    return None
