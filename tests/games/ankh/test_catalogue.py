"""The compiled engine's catalogue lookups (games/ankh/catalogue.py) answer as netjer.i18n does,
in English and after the terminal chose another language; ``terms.followers`` keeps one answer
per language; the words of a log line put together when it is read (``Phrase``, ``PhraseList``)
read as the words formatted at once, and pickle with a state's log."""

from __future__ import annotations

import pickle
from collections.abc import Iterator
from typing import Any

import pytest

from netjer import i18n
from netjer.core import Rng
from netjer.games.ankh import catalogue
from netjer.games.ankh.catalogue import Phrase, PhraseList
from netjer.games.ankh.terms import followers
from netjer.games.registry import make_game


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


def test_phrases_read_as_the_words_formatted_at_once() -> None:
    card = Phrase("{god} plays {card}", god="Ra", card="Chariots")
    flood = Phrase("{god} plays {card} (+{followers})", god="Isis", card="Flood", followers="2 Followers")
    cards = PhraseList([card, flood, "Amun"])
    assert str(card) == "{god} plays {card}".format(god="Ra", card="Chariots")
    template = "  the Battle cards are revealed: {cards}"  # as AnkhState.log formats a line
    line = template.format(cards=cards)
    assert line == "  the Battle cards are revealed: Ra plays Chariots, Isis plays Flood (+2 Followers), Amun"
    assert f"({Phrase('{n} Monument majorities', n=2)})" == "(2 Monument majorities)"
    copy = pickle.loads(pickle.dumps(cards))
    assert copy is not cards and copy == cards and str(copy) == str(cards)
    assert Phrase("{n}", n=1) != Phrase("{n}", n=2) and PhraseList(["a"]) != PhraseList(["b"])
    assert hash(Phrase("{n}", n=1)) == hash(Phrase("{n}", n=1))


def _battle_game(players: int) -> Any:
    """A random game played until its log holds a phrase not read yet (a Battle was fought)."""
    state = make_game("ankh", {"players": str(players)}).new_initial_state(3)
    rng = Rng(5)
    while not state.is_terminal:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        kept = [v for line in state.log_lines if not isinstance(line, str) for v in line[1].values()]
        if any(isinstance(v, (Phrase, PhraseList)) for v in kept):
            return state
    raise AssertionError("no Battle in the game")  # pragma: no cover - the seed is fixed


@pytest.mark.parametrize("players", [2, 4])
def test_a_log_with_phrases_pickles_and_reads_as_text(players: int) -> None:
    state: Any = _battle_game(players)
    i, (template, fields) = next(
        (i, line)
        for i, line in enumerate(state.log_lines)
        if not isinstance(line, str) and any(isinstance(v, (Phrase, PhraseList)) for v in line[1].values())
    )
    copy = pickle.loads(pickle.dumps(state))
    clone = state.clone()
    log = state.log
    assert copy.log == log and clone.log == log
    assert log[i] == template.format(**{k: str(v) for k, v in fields.items()})
    assert all(isinstance(line, str) and "Phrase" not in line for line in log)
