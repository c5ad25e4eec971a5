"""The notation a message shows as an example keeps its verbs (``'place <temple><kind>'``: the
notation stays as typed) but names the part the player fills in the reader's language (issue 32:
German showed ``'place <temple><kind>'``, Spanish ``'place <templo><tipo>'``)."""

from __future__ import annotations

import re

import pytest

from netjer import i18n

#: A part of a notation the player fills: ``<temple>``, ``<rp id>``.
FILLED = re.compile(r"<([a-z][a-z ]*)>")
#: Parts named by an identifier that is the same in every language (a card's or a power's id,
#: a token, a WebAuthn relying party's id).
SAME_IN_EVERY_LANGUAGE = {"id", "token", "rp id"}


@pytest.mark.parametrize("language", ["es", "de"])
def test_the_parts_of_a_notation_the_player_fills_are_named_in_the_readers_language(language: str) -> None:
    kept, checked = [], 0
    for domain in i18n.DOMAINS:
        for message in i18n.catalog(language, domain) or ():
            english = " ".join(message.id) if isinstance(message.id, (tuple, list)) else str(message.id)
            told = " ".join(message.string) if isinstance(message.string, (tuple, list)) else str(message.string)
            parts = set(FILLED.findall(english)) - SAME_IN_EVERY_LANGUAGE
            checked += len(parts)
            kept += [f"{domain}: {told!r}" for part in sorted(parts) if f"<{part}>" in told]
    assert checked >= 4  # <temple>, <kind> and <square> were found
    assert not kept, kept
