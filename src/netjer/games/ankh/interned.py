"""The notation's interned actions, bound once as module constants of the compiled engine.

:mod:`netjer.games.ankh.notation` defines the action classes and their interned instances, and
stays a Python module in the compiled build (``make compiled``; the Makefile says why).  A
compiled module that imports a table from it reads the name from its own module dictionary at
every use (a string-keyed lookup, about 130 machine instructions, charged per element of a
comprehension such as ``[TO[x] for x in spaces]``): the legal-action lists and the log paid
about 1,700 instructions a decision for them (issue 34).  Bound here as ``Final`` names, which
the compiled engine's modules import, each is a C static read instead.  The objects are the
notation's own (``interned.TO is notation.TO``): the same actions, compared by identity.
"""

from __future__ import annotations

from typing import Final

from netjer.games.ankh import notation
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

# Turn actions and words.
ROW: Final[tuple[Row, ...]] = notation.ROW
END: Final[Word] = notation.END
DONE: Final[Word] = notation.DONE
NOSWAP: Final[Word] = notation.NOSWAP
NOBUILD: Final[Word] = notation.NOBUILD
TIEBREAK: Final[Word] = notation.TIEBREAK
NOTIEBREAK: Final[Word] = notation.NOTIEBREAK
WORSHIP: Final[Word] = notation.WORSHIP
NOWORSHIP: Final[Word] = notation.NOWORSHIP
# Tables indexed by hex, kind, direction, power, edge, token, card or bid.
PICK: Final[tuple[Pick, ...]] = notation.PICK
TO: Final[tuple[To, ...]] = notation.TO
PUSH: Final[tuple[Push, ...]] = notation.PUSH
PYRAMID_PICK: Final[tuple[PyramidPick, ...]] = notation.PYRAMID_PICK
CLAIM: Final[tuple[Claim, ...]] = notation.CLAIM
KEEP: Final[tuple[Keep, ...]] = notation.KEEP
PUT: Final[tuple[tuple[Put, ...], ...]] = notation.PUT
AIM: Final[tuple[Aim, ...]] = notation.AIM
POWER: Final[tuple[Power, ...]] = notation.POWER
CAMEL: Final[tuple[Camel, ...]] = notation.CAMEL
SWAP: Final[tuple[tuple[Swap | None, ...], ...]] = notation.SWAP
CARD: Final[tuple[Card, ...]] = notation.CARD
BID: Final[tuple[Bid, ...]] = notation.BID
BUILD: Final[tuple[tuple[Build, ...], ...]] = notation.BUILD
ADOPT: Final[tuple[Adopt, ...]] = notation.ADOPT
ADOPT_POOL: Final[tuple[AdoptPool | None, ...]] = notation.ADOPT_POOL
# God powers' words and tables (§4).
AMUN: Final[Word] = notation.AMUN
NOAMUN: Final[Word] = notation.NOAMUN
NOTRAP: Final[Word] = notation.NOTRAP
RANSOM: Final[Word] = notation.RANSOM
NOUNDERWORLD: Final[Word] = notation.NOUNDERWORLD
SUN: Final[Word] = notation.SUN
NOSUN: Final[Word] = notation.NOSUN
NOPLACE: Final[Word] = notation.NOPLACE
NOGUESS: Final[Word] = notation.NOGUESS
TRAP: Final[tuple[Trap, ...]] = notation.TRAP
SAVE: Final[tuple[Save, ...]] = notation.SAVE
UNDERWORLD: Final[tuple[Underworld, ...]] = notation.UNDERWORLD
CAT_PUT: Final[tuple[tuple[CatPut, ...], ...]] = notation.CAT_PUT
REVEAL: Final[tuple[Reveal, ...]] = notation.REVEAL
KILL: Final[tuple[Kill, ...]] = notation.KILL
GUESS: Final[tuple[tuple[Guess, ...], ...]] = notation.GUESS
EYE: Final[tuple[Eye | None, ...]] = notation.EYE
FORBID: Final[tuple[Forbid, ...]] = notation.FORBID
# Plain values.
MAX_BID: Final[int] = notation.MAX_BID
CAT_IDS: Final[tuple[str, ...]] = notation.CAT_IDS
