"""Ankh: the table of a Battle in progress, every number asked of the engine (issue 33 item 5).

During a Conflict's Battle (rules/ankh.md §10.3) each god present gets a row: its figures in
the region and how many are Guardians, the strength of those figures (the God's with
Resplendent, 0 for a figure next to an enemy Androsphinx), the Battle cards' bonus, Temple
Attuned and the god powers' bonus, and the total so far.  Nothing is computed here: each number
is one of the engine's own queries (:mod:`netjer.games.ankh.rules_queries`, the god powers'
``strength`` hooks), the same the Resolution adds up (:func:`netjer.games.ankh.battle.battle_strength`),
so the table cannot drift from the rules.

Unlike the other drawings this one reads the state, because the queries do; it shows only what
every player knows: while the cards are face down (§1) the card and god-power columns say
``?`` (Bastet's cats count from the reveal), and nothing else in the table is hidden.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text

from netjer.games.ankh.base import C_REGION, OVER
from netjer.games.ankh.cards import CARD_STRENGTH
from netjer.games.ankh.pieces import GOD, WARRIOR
from netjer.games.ankh.rules_queries import (
    controllers,
    figure_strength,
    god_figure_strength,
    temple_attuned_strength,
)
from netjer.games.ankh.secrecy import cards_hidden
from netjer.i18n import _

if TYPE_CHECKING:
    from netjer.games.ankh.state import AnkhState


@dataclass(frozen=True)
class BattleRow:
    """One god's line of the Battle table.

    Attributes:
        god: the god's index.
        figures: figures counting for it in the region (§10.3; Seth's taken ones included).
        guardians: how many of them are Guardians.
        figure_strength: their strength (§3, §2.2 Resplendent, an enemy Androsphinx).
        cards: the Battle cards' bonus (§1), ``None`` while the cards are face down.
        temples: Temple Attuned's bonus (§2.2).
        powers: the god powers' bonus (§4.1 Anubis, §4.2 Bastet), ``None`` while the cards are
            face down.
    """

    god: int
    figures: int
    guardians: int
    figure_strength: int
    cards: int | None
    temples: int
    powers: int | None

    @property
    def total(self) -> int:
        """The strength known so far: no figures, no strength (§1); a face-down part counts 0."""
        if self.figures == 0:
            return 0
        return self.figure_strength + (self.cards or 0) + self.temples + (self.powers or 0)

    @property
    def complete(self) -> bool:
        """Whether every part is known (the cards are face up)."""
        return self.cards is not None and self.powers is not None


def battle_rows(st: AnkhState) -> list[BattleRow]:
    """The rows of the Battle in progress, one per god in it; ``[]`` outside a Battle.

    Args:
        st: the position (read only).
    """
    if (
        st.phase == OVER
        or st.conflicts >= 5
        or st.tiebreaker_holder < 0
        or st.conflict_step == C_REGION
        or st.battle.region < 0
        or not st.battle.gods
    ):  # no Battle in progress (as the observation's battle view, AnkhState._battle_view)
        return []
    b = st.battle
    owners = controllers(st)
    hidden = cards_hidden(st)
    region = st.regions.regions[b.region]
    rows = []
    for g in b.gods:
        mine = [h for h in b.hexes if owners[h] == g]
        god_strength = god_figure_strength(st, g)
        cards = sum(CARD_STRENGTH[c] for c in (b.card[g], b.second_card[g]) if c >= 0)
        powers = sum(p.strength(st, g, owners) for p in st.hooks.strength) if mine else 0
        rows.append(
            BattleRow(
                god=g,
                figures=len(mine),
                guardians=sum(1 for h in mine if st.figure[h] not in (GOD, WARRIOR)),
                figure_strength=sum(figure_strength(st, h, st.figure[h], g, owners, god_strength) for h in mine),
                cards=None if hidden else cards,
                temples=temple_attuned_strength(st, g, region, owners),
                powers=None if hidden else powers,
            )
        )
    return rows


def battle_table(st: AnkhState, names: list[str]) -> Table | None:
    """The Battle table for the terminal (``None`` outside a Battle).

    Args:
        st: the position.
        names: each god's name, by god index (the observation's ``gods[i]["name"]``).
    """
    rows = battle_rows(st)
    if not rows:
        return None
    table = Table(
        title=_("Battle in region {region}").format(region=st.token_of_region[st.battle.region]),
        title_justify="left",
        box=None,
        pad_edge=False,
        padding=(0, 1),
    )
    for header in (_("god"), _("figures"), _("Guardians"), _("figure str."), _("cards"), _("Temples"), _("powers")):
        table.add_column(header, justify="right" if header != _("god") else "left")
    table.add_column(_("total"), justify="right", style="bold")

    def part(value: int | None) -> str:
        return "?" if value is None else f"+{value}" if value else "0"

    for row in rows:
        total = str(row.total) + ("" if row.complete or row.figures == 0 else "+?")
        table.add_row(
            Text(names[row.god]),
            str(row.figures),
            str(row.guardians),
            str(row.figure_strength),
            part(row.cards),
            part(row.temples),
            part(row.powers),
            total,
        )
    return table
