"""The rules texts (texts/<lang>.toml) are the one source of what a Battle card or an Ankh power
does: the web page (ankh.js) looks each one up by the engine's id, and powers.json and cards.json
keep only the engine's data (ids, levels, strengths, the names their load errors use)."""

from __future__ import annotations

import pytest

from netjer.core.texts import languages, load_texts
from netjer.games.ankh.cards import CARD_IDS, load_cards
from netjer.games.ankh.powers import POWER_IDS, load_powers
from netjer.i18n import gettext

#: the card whose rules entry is not its id ("build" is also the action word): ankh.js's CARD_TERM
CARD_TERM = {"build": "build-monument"}


@pytest.mark.parametrize("language", languages("netjer.games.ankh"))
def test_every_card_and_power_the_engine_knows_has_its_entry_by_id(language: str) -> None:
    texts = load_texts("netjer.games.ankh", language)
    by_id = {term.id: term for term in texts.terms}
    for card in CARD_IDS:
        term = by_id.get(CARD_TERM.get(card, card))
        assert term is not None and term.kind == "card" and term.line, f"{language}: Battle card {card}"
    for power in POWER_IDS:
        term = by_id.get(power)
        assert term is not None and term.kind == "power" and term.line, f"{language}: power {power}"


def test_the_powers_file_names_are_the_rules_texts_names() -> None:
    texts = load_texts("netjer.games.ankh")
    assert [p.name for p in load_powers()] == [texts.term(p).name for p in POWER_IDS]


def test_the_cards_file_names_are_the_rules_texts_names() -> None:
    texts = load_texts("netjer.games.ankh")
    assert [c.name for c in load_cards()] == [texts.term(CARD_TERM.get(c, c)).name for c in CARD_IDS]


@pytest.mark.parametrize(("language", "abbreviation"), [("es", "2J"), ("de", "2S")])
def test_start_spaces_write_player_counts_in_the_language(language: str, abbreviation: str) -> None:
    """The start spaces' player counts (§7.2) are display, not notation: abbreviated in the
    reader's language ("2J" for dos jugadores, "2S" for zwei Spieler), still found as typed ("2p")."""
    texts = load_texts("netjer.games.ankh", language)
    term = texts.term("start-space")
    shown = " ".join((term.name, term.line, term.rule, gettext("start spaces (5P 4P 3P 2P)", language)))
    assert abbreviation in shown and not any(f"{n}P" in shown for n in range(2, 6)), shown
    assert texts.find("2p") is term and texts.find(abbreviation) is term
