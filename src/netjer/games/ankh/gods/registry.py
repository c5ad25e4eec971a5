"""Every god power, registered, and the choice of gods at setup (rules/ankh.md §4, S0 step 1).

Importing this module imports the ten god modules, each of which registers its power in
:data:`netjer.games.ankh.gods.base.POWERS`.

Option ``gods`` (:func:`parse_gods`): ``"draw"`` (default: each seat's god drawn at random,
without repeats, from the ten), ``"none"`` (the base game's rules with no god power, as in
issue 4), or one entry per seat in seat order, each a god id, ``"draw"`` or ``"none"`` (that
seat's god has no power), e.g. ``"ra,isis,seth"``, ``"ra,draw,draw"`` or ``"isis,none"``.
Any god may sit in any seat; a god appears at most once.  The draw uses the game's
generator after the setup draws (first player, Guardians), so a seed gives the same setup as
before plus its gods: for each seat in order whose god is ``draw``, ``rng.choice`` of the
gods not yet taken, in code order.
"""

from __future__ import annotations

from typing import Final

from netjer.core.errors import ConfigError
from netjer.core.rng import Rng
from netjer.games.ankh.gods import amun, anubis, bastet, hathor, horus, isis, osiris, ra, seth, thoth
from netjer.games.ankh.gods.base import GOD_IDS, POWERS, GodPower
from netjer.games.ankh.terms import named_ids
from netjer.i18n import N_
from netjer.i18n_sentences import Sentence

#: The god modules, in code order (imported for their registration).
MODULES: Final = (amun, anubis, isis, osiris, ra, bastet, hathor, thoth, horus, seth)

if any(p is None for p in POWERS):  # pragma: no cover - a module failed to register
    raise RuntimeError("every god module must register its power")

#: Each power by id.
BY_ID: Final[dict[str, GodPower]] = {p.id: p for p in POWERS if p is not None}


def parse_gods(text: str, players: int) -> tuple[str | None, ...] | None:
    """Read option ``gods``.

    Returns:
        None for ``"none"`` (no god powers); otherwise one entry per seat: a god id, ``""``
        for no power, or None to draw it.

    Raises:
        ConfigError: for an empty text (as every option refuses one), an unknown god, a god
            given twice, or a list not of ``players`` entries.
    """
    norm = text.replace(" ", "").lower()
    if not norm:
        message = N_("Ankh gods: empty; give 'draw', 'none', or one god per seat ({players}), each one of {gods}")
        raise ConfigError(Sentence(message, players=players, gods=named_ids("god", GOD_IDS)))
    if norm == "none":
        return None
    if norm == "draw":
        return (None,) * players
    parts = norm.split(",")
    if len(parts) != players:
        message = N_(
            "Ankh gods: give one god per seat ({players}), each one of {gods}; or 'draw' / 'none' (got '{text}')"
        )
        raise ConfigError(Sentence(message, players=players, gods=named_ids("god", GOD_IDS), text=text))
    out: list[str | None] = []
    for p in parts:
        if p == "draw":
            out.append(None)
        elif p == "none":
            out.append("")
        elif p in BY_ID:
            if p in out:
                message = N_("Ankh gods: {god} is given twice; each god plays at most once (§4)")
                raise ConfigError(Sentence(message, god=p))
            out.append(p)
        else:
            message = N_("Ankh gods: unknown god '{god}'; the gods are {gods}")
            raise ConfigError(Sentence(message, god=p, gods=named_ids("god", GOD_IDS)))
    return tuple(out)


def choose_gods(choices: tuple[str | None, ...] | None, rng: Rng) -> tuple[str, ...]:
    """The god id of each seat ("" for none): the given ones, the others drawn without
    repeats (see the module doc for the order of the draws)."""
    if choices is None:
        return ()
    taken = {c for c in choices if c is not None}
    out = []
    for c in choices:
        chosen = c
        if chosen is None:
            chosen = rng.choice([g for g in GOD_IDS if g not in taken])
            taken.add(chosen)
        out.append(chosen)
    return tuple(out)
