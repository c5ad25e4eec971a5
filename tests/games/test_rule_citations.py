"""The rules an engine cites when it refuses a move are catalogue messages (issue 32): each is
one message of its game's domain, in English as the engine words it, translated into Spanish
and German where no English sentence of the catalogues is left (tests/language_check.py).

The refusals are met by playing seeded games and trying, at every decision, actions that were
legal at other decisions (so every kind of decision refuses every kind of action)."""

from __future__ import annotations

from typing import Any

import pytest

from netjer import i18n
from netjer.core import Rng
from netjer.core.action import Action
from netjer.games.registry import make_game
from netjer.i18n_lines import LineReader, tell
from tests.language_check import english_in

#: (game, options): every game, Ankh with every god.
GAMES: list[tuple[str, dict[str, Any]]] = [
    ("aton", {}),
    ("nile", {}),
    ("nile", {"blocking": True, "owner_sees_drawn": False}),
    ("ankh", {"players": 2, "gods": "none"}),
    ("ankh", {"players": 3, "gods": "amun,anubis,isis"}),
    ("ankh", {"players": 4, "gods": "osiris,ra,bastet,hathor"}),
    ("ankh", {"players": 3, "gods": "thoth,horus,seth"}),
]
#: Actions tried at each decision (the latest ones met elsewhere), and decisions per game.
TRIED, PLIES = 40, 200


def _cited(game: str, options: dict[str, Any]) -> set[str]:
    """The rules cited by the refusals met in a seeded game of ``game``."""
    state = make_game(game, options).new_initial_state(5)
    rng, seen, cited = Rng(5), dict[Action, None](), set()
    for _ply in range(PLIES):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        seen.update(dict.fromkeys(legal))
        for action in list(seen)[-TRIED:]:
            if action not in legal:
                cited.add(state.illegal(action).rule)
        state.apply(rng.choice(legal))
    if state.is_terminal:  # a move after the end
        cited.add(state.illegal(next(iter(seen))).rule)
    return cited


@pytest.mark.parametrize(
    ("game", "options"), GAMES, ids=[f"{g}-{o.get('gods', 'options' if o else '')}" for g, o in GAMES]
)
def test_every_rule_a_refusal_cites_is_a_translated_catalogue_message(game: str, options: dict[str, Any]) -> None:
    cited = _cited(game, options)
    assert len(cited) >= 4, cited  # the games met refusals of several kinds
    domains = ("common", game)
    reader = LineReader(i18n.DEFAULT_LANGUAGE, domains)
    for rule in sorted(cited):
        reading = reader.read(rule)
        assert reading is not None and reading.msgid == rule, f"{rule!r} is no message of {domains}"
        for language in ("es", "de"):
            assert rule in i18n.translated_ids(language), f"no {language} translation of {rule!r}"
            told = tell(rule, language, domains)
            assert not english_in(told, language, domains), f"{rule!r} told in {language}: {told!r}"
