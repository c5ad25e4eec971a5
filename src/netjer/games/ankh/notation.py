"""Ankh's actions: one small decision each, with a text notation and a fixed integer code.

Every compound choice of rules/ankh.md is decomposed (DESIGN.md): Move Figures is
``pick``/``to``/…/``done``, a camel line is laid edge by edge, a Battle card or a Plague bid
is one seat's secret decision at a time.  Hexes are written ``row,col`` and edges
``row,col|row,col`` (rules/ankh.md §8.2 coordinates, :mod:`netjer.games.ankh.board`).

=========================  =====================================================  =========
notation                   decision                                               rule
=========================  =====================================================  =========
``move`` ``summon``        take that action row (first or second action of the    §7.1
``gain`` ``unlock``        turn; the second on a lower row)
``end``                    stop after the first action (option second_action)     §7.1
``pick 4,5``               choose a figure to move / to relocate (Obelisk          §7.3, §2.2
                           Attuned)
``to 5,6``                 where it goes (also: where a killed Mummy returns)     §7.3, §3
``done``                   stop moving / pass (Obelisk Attuned)                   §7.3, §2.2
``push 6,6``               where a figure pushed by Satet goes                    §3
``aim N-NE``               a Giant Scorpion aims at its two neighbours on these   §3
                           sides
``put warrior 5,6``        summon that figure there                               §7.3
``pyramid 8,1``            Pyramid Attuned: an extra summon next to this Pyramid  §2.2
``power revered``          the power the unlocked Ankh token covers               §2.1
``claim 5,4``              Control Monument: the Monument to control              §6
``camel 4,1|4,2``          Camel Caravan: the next camel of the line              §6
``keep 3,1``               the new region holding this hex keeps the old token    §6
``swap 2 5`` ``noswap``    swap two Conflict Order tokens, or not                 §6
``card chariots``          the Battle card chosen (secret until the reveal)       §1, §10.3
``bid 3``                  Plague of Locusts bid (secret until all have bid)      §1
``build temple 5,4``       Build Monument: type and space; ``nobuild`` to decline  §1
``tiebreak``               use the tie-breaker token, or ``notiebreak``           §10.3
``worship``                Worshipful: 2 Followers for 1 Devotion, or             §2.2
                           ``noworship``
``adopt 5,4``              merge: the major god keeps the minor god's Guardian    §10.4
``adopt mummy``            on that space / one of that kind from its pool;
                           ``done`` lets the rest leave
``amun`` ``noamun``        Amun plays two Battle cards in this battle, or not     §4.1 Amun
``trap 2`` ``notrap``      Anubis traps a killed Warrior of player 2, or none     §4.1 Anubis
``ransom``                 the Warrior summoned next is one's own trapped by      §4.1 Anubis
                           Anubis (1 Follower to Anubis)
``save 4,4`` ``done``      Isis keeps her protected figure there alive            §4.1 Isis
``underworld 5,4``         Osiris places (or moves) an Underworld token there;    §4.1 Osiris
                           ``nounderworld`` not
``sun`` ``nosun``          Ra makes the figure just summoned Radiant, or not      §4.1 Ra
``cat plus3 4,4``          Bastet places that cat face down there (secret kind)   §4.2 Bastet
``reveal 4,4``             reveal Bastet's face-down cat there (an opponent)      §4.2 Bastet
``kill 4,5``               the star cat kills the revealing figure there          §4.2 Bastet
``put warrior 5,6``        also: Hathor's placement; ``noplace`` to decline       §4.2 Hathor
``guess 2 chariots``       Thoth guesses player 2's card; ``noguess``             §4.2 Thoth
``eye 3`` ``done``         Horus puts an Eye on the region of token 3             §4.2 Horus
``forbid chariots``        Horus forbids that card in this battle                 §4.2 Horus
``end``                    also: end the turn after its last action (turn-end)    §4.2 Bastet
=========================  =====================================================  =========

Actions are interned: one object per distinct action, built here once, compared by identity
(fast membership tests on the hot path).  Use the tables (``PICK[h]``) or
:func:`parse_action`; never construct an action class directly.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar

from netjer.core.action import Action
from netjer.core.errors import ActionSyntaxError
from netjer.core.game import read_action_text
from netjer.games.ankh.board import DIRECTION_NAMES, load_board
from netjer.games.ankh.cards import CARD_IDS, NUM_CARDS
from netjer.games.ankh.pieces import FIGURE_IDS, MONUMENT_IDS, NUM_FIGURE_KINDS, NUM_MONUMENT_KINDS, SUMMONABLE
from netjer.games.ankh.powers import NUM_POWERS, POWER_IDS
from netjer.games.ankh.scenarios import CONFLICT_ORDER_TOKENS
from netjer.games.ankh.setup import ACTIONS
from netjer.games.ankh.terms import direction_words
from netjer.i18n import N_
from netjer.i18n_sentences import Sentence

BOARD = load_board()
NUM_HEXES = BOARD.num_hexes
NUM_EDGES = BOARD.num_edges
#: Plague bids are encoded 0..MAX_BID (a larger Follower count can still bid at most this).
MAX_BID = 99
#: §4.2 Bastet's three cat tokens: +1, +3 and the star (+0).
CAT_IDS = ("plus1", "plus3", "star")


def _code(action: Action) -> int:
    return CODES[action]


def _by_code(code: int) -> Action:
    return ALL_ACTIONS[code]


@dataclass(frozen=True, eq=False, slots=True)
class AnkhAction(Action):
    """Base of Ankh's actions: identity equality (they are interned), pickled by code."""

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        return (_by_code, (_code(self),))


@dataclass(frozen=True, eq=False, slots=True)
class Row(AnkhAction):
    """Take the action of ``row`` (0 Move, 1 Summon, 2 Gain Followers, 3 Unlock; §7.1)."""

    row: int

    def __str__(self) -> str:
        return ACTIONS[self.row]


@dataclass(frozen=True, eq=False, slots=True)
class Word(AnkhAction):
    """A decision named by one word: ``end``, ``done``, ``noswap``, ``nobuild``, ``tiebreak``,
    ``notiebreak``, ``worship``, ``noworship``."""

    word: str

    def __str__(self) -> str:
        return self.word


@dataclass(frozen=True, eq=False, slots=True)
class HexAction(AnkhAction):
    """An action naming one hex; subclasses fix the verb."""

    VERB: ClassVar[str] = ""
    hex: int

    def __str__(self) -> str:
        return f"{self.VERB} {BOARD.hex_name(self.hex)}"


@dataclass(frozen=True, eq=False, slots=True)
class Pick(HexAction):
    """Choose the figure on ``hex`` to move (§7.3) or relocate (Obelisk Attuned, §2.2)."""

    VERB: ClassVar[str] = "pick"


@dataclass(frozen=True, eq=False, slots=True)
class To(HexAction):
    """Move the chosen figure to ``hex`` (§7.3); also a returning Mummy's space (§3)."""

    VERB: ClassVar[str] = "to"


@dataclass(frozen=True, eq=False, slots=True)
class Push(HexAction):
    """Satet pushes the enemy figure to ``hex`` (§3)."""

    VERB: ClassVar[str] = "push"


@dataclass(frozen=True, eq=False, slots=True)
class PyramidPick(HexAction):
    """Pyramid Attuned: make an extra summon next to the Pyramid on ``hex`` (§2.2)."""

    VERB: ClassVar[str] = "pyramid"


@dataclass(frozen=True, eq=False, slots=True)
class Claim(HexAction):
    """Control Monument: put an Ankh token on the Monument on ``hex`` (§6)."""

    VERB: ClassVar[str] = "claim"


@dataclass(frozen=True, eq=False, slots=True)
class Keep(HexAction):
    """Camel Caravan: the new region holding ``hex`` keeps the old Conflict Order token (§6)."""

    VERB: ClassVar[str] = "keep"


@dataclass(frozen=True, eq=False, slots=True)
class Adopt(HexAction):
    """Merge: the major god keeps the minor god's Guardian on ``hex`` (§10.4)."""

    VERB: ClassVar[str] = "adopt"


@dataclass(frozen=True, eq=False, slots=True)
class AdoptPool(AnkhAction):
    """Merge: the major god keeps one Guardian of ``kind`` from the minor god's pool (§10.4)."""

    kind: int

    def __str__(self) -> str:
        return f"adopt {FIGURE_IDS[self.kind]}"


@dataclass(frozen=True, eq=False, slots=True)
class Put(AnkhAction):
    """Summon a figure of ``kind`` (a Warrior or Guardian kind) onto ``hex`` (§7.3)."""

    kind: int
    hex: int

    def __str__(self) -> str:
        return f"put {FIGURE_IDS[self.kind]} {BOARD.hex_name(self.hex)}"


@dataclass(frozen=True, eq=False, slots=True)
class Aim(AnkhAction):
    """A Giant Scorpion aims at its neighbours on sides ``side`` and ``side + 1`` (§3)."""

    side: int

    def __str__(self) -> str:
        return f"aim {DIRECTION_NAMES[self.side]}-{DIRECTION_NAMES[(self.side + 1) % 6]}"


@dataclass(frozen=True, eq=False, slots=True)
class Power(AnkhAction):
    """Unlock Ankh Power ``power`` (§2.1)."""

    power: int

    def __str__(self) -> str:
        return f"power {POWER_IDS[self.power]}"


@dataclass(frozen=True, eq=False, slots=True)
class Camel(AnkhAction):
    """Lay the next camel of a Camel Caravan line on ``edge`` (§6)."""

    edge: int

    def __str__(self) -> str:
        return f"camel {BOARD.edge_name(self.edge)}"


@dataclass(frozen=True, eq=False, slots=True)
class Swap(AnkhAction):
    """Swap Conflict Order tokens ``a`` (a new region's) and ``b`` (another on the board) (§6)."""

    a: int
    b: int

    def __str__(self) -> str:
        return f"swap {self.a} {self.b}"


@dataclass(frozen=True, eq=False, slots=True)
class Card(AnkhAction):
    """Choose Battle card ``card`` (index into CARD_IDS), secretly (§1, §10.3 step 1)."""

    card: int

    def __str__(self) -> str:
        return f"card {CARD_IDS[self.card]}"


@dataclass(frozen=True, eq=False, slots=True)
class Bid(AnkhAction):
    """Bid ``amount`` Followers on a Plague of Locusts, secretly (§1)."""

    amount: int

    def __str__(self) -> str:
        return f"bid {self.amount}"


@dataclass(frozen=True, eq=False, slots=True)
class Build(AnkhAction):
    """Build Monument: a Monument of ``kind`` on ``hex`` (§1, §10.3 step 2)."""

    kind: int
    hex: int

    def __str__(self) -> str:
        return f"build {MONUMENT_IDS[self.kind]} {BOARD.hex_name(self.hex)}"


@dataclass(frozen=True, eq=False, slots=True)
class Trap(AnkhAction):
    """Anubis traps a killed Warrior of god ``god`` (§4.1 Anubis); written with the player
    number (``trap 2`` is god 1)."""

    god: int

    def __str__(self) -> str:
        return f"trap {self.god + 1}"


@dataclass(frozen=True, eq=False, slots=True)
class Save(HexAction):
    """Isis keeps her Protected figure on ``hex`` alive in Battle Resolution (§4.1 Isis)."""

    VERB: ClassVar[str] = "save"


@dataclass(frozen=True, eq=False, slots=True)
class Underworld(HexAction):
    """Osiris places an Underworld token on ``hex`` (§4.1 Osiris)."""

    VERB: ClassVar[str] = "underworld"


@dataclass(frozen=True, eq=False, slots=True)
class CatPut(AnkhAction):
    """Bastet places cat ``cat`` (index into CAT_IDS) face down on ``hex`` (§4.2 Bastet)."""

    cat: int
    hex: int

    def __str__(self) -> str:
        return f"cat {CAT_IDS[self.cat]} {BOARD.hex_name(self.hex)}"


@dataclass(frozen=True, eq=False, slots=True)
class Reveal(HexAction):
    """An opponent of Bastet reveals her face-down cat on ``hex`` (§4.2 Bastet)."""

    VERB: ClassVar[str] = "reveal"


@dataclass(frozen=True, eq=False, slots=True)
class Kill(HexAction):
    """The star cat kills the revealing player's figure on ``hex`` (§4.2 Bastet)."""

    VERB: ClassVar[str] = "kill"


@dataclass(frozen=True, eq=False, slots=True)
class Guess(AnkhAction):
    """Thoth guesses that god ``god`` played card ``card`` (§4.2 Thoth); written with the
    player number."""

    god: int
    card: int

    def __str__(self) -> str:
        return f"guess {self.god + 1} {CARD_IDS[self.card]}"


@dataclass(frozen=True, eq=False, slots=True)
class Eye(AnkhAction):
    """Horus puts an Eye token on the region of Conflict Order token ``token`` (§4.2 Horus)."""

    token: int

    def __str__(self) -> str:
        return f"eye {self.token}"


@dataclass(frozen=True, eq=False, slots=True)
class Forbid(AnkhAction):
    """Horus forbids card ``card`` in this battle (§4.2 Horus)."""

    card: int

    def __str__(self) -> str:
        return f"forbid {CARD_IDS[self.card]}"


# --- the interned actions -------------------------------------------------------------------

ROW: tuple[Row, ...] = tuple(Row(r) for r in range(4))
MOVE, SUMMON, GAIN, UNLOCK = ROW
END = Word("end")
DONE = Word("done")
NOSWAP = Word("noswap")
NOBUILD = Word("nobuild")
TIEBREAK = Word("tiebreak")
NOTIEBREAK = Word("notiebreak")
WORSHIP = Word("worship")
NOWORSHIP = Word("noworship")
WORDS = (END, DONE, NOSWAP, NOBUILD, TIEBREAK, NOTIEBREAK, WORSHIP, NOWORSHIP)
PICK: tuple[Pick, ...] = tuple(Pick(h) for h in range(NUM_HEXES))
TO: tuple[To, ...] = tuple(To(h) for h in range(NUM_HEXES))
PUSH: tuple[Push, ...] = tuple(Push(h) for h in range(NUM_HEXES))
PYRAMID_PICK: tuple[PyramidPick, ...] = tuple(PyramidPick(h) for h in range(NUM_HEXES))
CLAIM: tuple[Claim, ...] = tuple(Claim(h) for h in range(NUM_HEXES))
KEEP: tuple[Keep, ...] = tuple(Keep(h) for h in range(NUM_HEXES))
#: PUT[kind][hex]; kind 0 (God) is never summoned and has no actions (an empty tuple).
PUT: tuple[tuple[Put, ...], ...] = tuple(
    tuple(Put(k, h) for h in range(NUM_HEXES)) if k in SUMMONABLE else () for k in range(NUM_FIGURE_KINDS)
)
AIM: tuple[Aim, ...] = tuple(Aim(d) for d in range(6))
POWER: tuple[Power, ...] = tuple(Power(p) for p in range(NUM_POWERS))
CAMEL: tuple[Camel, ...] = tuple(Camel(e) for e in range(NUM_EDGES))
_T = CONFLICT_ORDER_TOKENS
#: SWAP[a][b] for tokens 1..8 (index 0 unused, a != b).
SWAP: tuple[tuple[Swap | None, ...], ...] = tuple(
    tuple(Swap(a, b) if a and b and a != b else None for b in range(_T + 1)) for a in range(_T + 1)
)
CARD: tuple[Card, ...] = tuple(Card(c) for c in range(NUM_CARDS))
BID: tuple[Bid, ...] = tuple(Bid(n) for n in range(MAX_BID + 1))
BUILD: tuple[tuple[Build, ...], ...] = tuple(
    tuple(Build(k, h) for h in range(NUM_HEXES)) for k in range(NUM_MONUMENT_KINDS)
)
ADOPT: tuple[Adopt, ...] = tuple(Adopt(h) for h in range(NUM_HEXES))
#: ADOPT_POOL[kind] for the six Guardian kinds (kinds 0-1, God and Warrior, are None).
ADOPT_POOL: tuple[AdoptPool | None, ...] = tuple(AdoptPool(k) if k >= 2 else None for k in range(NUM_FIGURE_KINDS))

# God powers (§4): words, then one table per action class.
AMUN = Word("amun")
NOAMUN = Word("noamun")
NOTRAP = Word("notrap")
RANSOM = Word("ransom")
NOUNDERWORLD = Word("nounderworld")
SUN = Word("sun")
NOSUN = Word("nosun")
NOPLACE = Word("noplace")
NOGUESS = Word("noguess")
GOD_WORDS = (AMUN, NOAMUN, NOTRAP, RANSOM, NOUNDERWORLD, SUN, NOSUN, NOPLACE, NOGUESS)
MAX_GODS = 5
TRAP: tuple[Trap, ...] = tuple(Trap(g) for g in range(MAX_GODS))
SAVE: tuple[Save, ...] = tuple(Save(h) for h in range(NUM_HEXES))
UNDERWORLD: tuple[Underworld, ...] = tuple(Underworld(h) for h in range(NUM_HEXES))
CAT_PUT: tuple[tuple[CatPut, ...], ...] = tuple(
    tuple(CatPut(c, h) for h in range(NUM_HEXES)) for c in range(len(CAT_IDS))
)
REVEAL: tuple[Reveal, ...] = tuple(Reveal(h) for h in range(NUM_HEXES))
KILL: tuple[Kill, ...] = tuple(Kill(h) for h in range(NUM_HEXES))
GUESS: tuple[tuple[Guess, ...], ...] = tuple(tuple(Guess(g, c) for c in range(NUM_CARDS)) for g in range(MAX_GODS))
EYE: tuple[Eye | None, ...] = tuple(Eye(t) if t else None for t in range(_T + 1))
FORBID: tuple[Forbid, ...] = tuple(Forbid(c) for c in range(NUM_CARDS))

#: Every action, indexed by its integer code (blocks in the order of this tuple).
ALL_ACTIONS: tuple[Action, ...] = (
    *ROW,
    *WORDS,
    *PICK,
    *TO,
    *PUSH,
    *(a for k in SUMMONABLE for a in PUT[k]),
    *PYRAMID_PICK,
    *AIM,
    *POWER,
    *CLAIM,
    *CAMEL,
    *KEEP,
    *(s for row in SWAP for s in row if s is not None),
    *CARD,
    *BID,
    *(b for row in BUILD for b in row),
    *ADOPT,
    *(a for a in ADOPT_POOL if a is not None),
    # god powers (§4), appended so that the codes above never change
    *GOD_WORDS,
    *TRAP,
    *SAVE,
    *UNDERWORLD,
    *(a for row in CAT_PUT for a in row),
    *REVEAL,
    *KILL,
    *(a for row in GUESS for a in row),
    *(e for e in EYE if e is not None),
    *FORBID,
)
CODES: dict[Action, int] = {a: i for i, a in enumerate(ALL_ACTIONS)}
BY_TEXT: dict[str, Action] = {str(a).lower(): a for a in ALL_ACTIONS}

_SPACES = re.compile(r"\s+")
_HEX_SPACES = re.compile(r"(\d+)\s*,\s*(\d+)")
_HEX = re.compile(r"\d+,\d+")
#: Every notation with its hexes written ``#``: a text of one of these shapes is a well-formed
#: action, refused only for the spaces it names.
_SHAPES = frozenset(_HEX.sub("#", t) for t in BY_TEXT)


#: Typed examples of every kind of Ankh action, notation as typed (never translated).
_EXAMPLES = (
    "'move', 'summon', 'gain', 'unlock', 'end', 'pick 4,5', "
    "'to 5,6', 'done', 'put warrior 5,6', 'power revered', 'claim 5,4', 'camel 4,1|4,2', 'keep 3,1', "
    "'swap 2 5', 'noswap', 'card chariots', 'bid 3', 'build temple 5,4', 'nobuild', 'tiebreak', 'worship', "
    "'amun', 'trap 2', 'ransom', 'save 4,4', 'underworld 5,4', 'sun', 'cat star 4,4', 'reveal 4,4', "
    "'kill 4,5', 'noplace', 'guess 2 chariots', 'eye 3', 'forbid chariots'"
)


def _aim_in_notation(norm: str) -> str:
    """``norm`` (lowercase) with an aim's directions as the reader's language shows them (German
    ``aim no-so``, Spanish ``aim so-no``: :func:`netjer.games.ankh.terms.direction_words`)
    written as the notation's (``aim ne-se``, ``aim sw-nw``); other texts unchanged.  A
    direction the language shows wins over the English letters, which are read too (no
    language shows one of them for another side)."""
    if not norm.startswith("aim "):
        return norm
    shown: dict[str, str] = {}
    for side in range(6):
        shown[DIRECTION_NAMES[side].lower()] = DIRECTION_NAMES[side].lower()
    for side in range(6):
        shown[direction_words(side).lower()] = DIRECTION_NAMES[side].lower()
    return "aim " + "-".join(shown.get(part, part) for part in norm[4:].split("-"))


def parse_action(text: str) -> Action:
    """Read an action in Ankh notation (case, extra spaces and ``(r,c)`` parentheses ignored);
    an aim's directions may be typed as the reader's language shows them (``aim NO-SO`` in
    German for ``aim NE-SE``, :func:`_aim_in_notation`).

    Raises:
        ActionSyntaxError: if the text is not an Ankh action, or not a text at all.
    """
    norm = _SPACES.sub(" ", read_action_text(text, "Ankh").strip().lower().replace("(", "").replace(")", ""))
    norm = _HEX_SPACES.sub(r"\1,\2", norm)
    norm = re.sub(r"\s*\|\s*", "|", norm)
    norm = _aim_in_notation(re.sub(r"\s*-\s*", "-", norm) if norm.startswith("aim ") else norm)
    action = BY_TEXT.get(norm)
    if action is not None:
        return action
    if _HEX.sub("#", norm) in _SHAPES:  # well-formed: say which space is wrong, in one line
        for written in _HEX.findall(norm):
            try:
                BOARD.parse_hex(written)
            except ValueError:
                raise ActionSyntaxError(Sentence(N_("{space} is not a space of the Ankh map"), space=written)) from None
        if norm.startswith("camel "):
            try:  # an edge may be written with its hexes in either order
                action = CAMEL[BOARD.parse_edge(norm[6:])]
            except ValueError:
                first, _bar, second = norm[6:].partition("|")
                said = N_(
                    "{text}: {first} and {second} do not share a side; a camel lies between two neighbouring spaces"
                )
                raise ActionSyntaxError(Sentence(said, text=repr(text), first=first, second=second)) from None
    if action is None:
        raise ActionSyntaxError(
            Sentence(N_("{text} is not an Ankh action; e.g. {examples}"), text=repr(text), examples=_EXAMPLES)
        )
    return action
