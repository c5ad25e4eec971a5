"""The compiled engine's catalogue lookups (games/ankh/catalogue.py) answer as netjer.i18n does,
in English and after the terminal chose another language; ``terms.followers`` keeps one answer
per language."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from netjer import i18n
from netjer.games.ankh import catalogue
from netjer.games.ankh.terms import followers


@pytest.fixture
def spanish() -> Iterator[None]:
    i18n.set_language("es")
    try:
        yield
    finally:
        i18n.set_language(i18n.DEFAULT_LANGUAGE)


def test_english_messages_are_their_own_translation() -> None:
    assert catalogue.language() == "en"
    assert catalogue.translate("Bastet's star cat") == "Bastet's star cat"
    assert catalogue.ngettext("{n} Follower", "{n} Followers", 1) == "{n} Follower"
    assert catalogue.ngettext("{n} Follower", "{n} Followers", 3) == "{n} Followers"
    assert followers(1) == "1 Follower"
    assert followers(3) == "3 Followers"


@pytest.mark.usefixtures("spanish")
def test_the_process_language_is_followed_after_set_language() -> None:
    assert catalogue.language() == "es"
    assert catalogue.translate("Bastet's star cat") == "el gato estrella de Bastet"
    for message in ("Bastet's star cat", "Player {n}", "gods: {gods}"):
        assert catalogue.translate(message) == i18n._(message)
    assert catalogue.ngettext("{n} Follower", "{n} Followers", 3) == "{n} Seguidores"
    assert catalogue.ngettext("{n} Follower", "{n} Followers", 1) == i18n.ngettext("{n} Follower", "{n} Followers", 1)


def test_followers_are_kept_per_language() -> None:
    assert followers(2) == "2 Followers"
    i18n.set_language("es")
    try:
        assert followers(2) == "2 Seguidores"
    finally:
        i18n.set_language(i18n.DEFAULT_LANGUAGE)
    assert followers(2) == "2 Followers"
