"""Illegal-action reasons are catalogue messages (issue 28): every reason a game gives is one
message of its domain's catalogue template filled in, never a sentence built from pieces, so
that a translation can say it whole."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from netjer.core import Rng
from netjer.core.errors import IllegalActionError
from netjer.games.registry import make_game

LOCALE = Path(__file__).resolve().parents[2] / "src" / "netjer" / "locale"
GAMES = [
    ("aton", {}),
    ("nile", {}),
    ("ankh", {"players": 3}),
    ("ankh", {"players": 5, "gods": "bastet,hathor,thoth,horus,seth"}),
]


@cache
def message_patterns(domain: str) -> list[re.Pattern[str]]:
    """Each message id (singular and plural) of ``domain``'s template as a regular expression
    whose ``{name}`` placeholders match any text; ids with fewer than 6 letters outside their
    placeholders (``"{who}: {what}"``) left out, as they would match any sentence."""
    with (LOCALE / f"{domain}.pot").open("rb") as f:
        catalog = read_po(f)
    out = []
    for message in catalog:
        for msgid in message.id if isinstance(message.id, tuple) else (message.id,):
            if sum(c.isalpha() for c in re.sub(r"\{\w+\}", "", msgid)) >= 6:
                parts = re.split(r"\{\w+\}", msgid)
                out.append(re.compile(".+".join(re.escape(p) for p in parts), re.DOTALL))
    return out


def reasons(name: str, options: dict[str, object], seed: int) -> list[str]:
    """The reasons given for illegal actions (sampled from the whole action space) at every
    tenth decision of a seeded random game."""
    game = make_game(name, options)
    state = game.new_initial_state(seed)
    rng = Rng(seed)
    out: list[str] = []
    while not state.is_terminal:
        if len(state.history) % 10 == 0:
            legal = {str(a) for a in state.legal_actions()}
            for _ in range(12):
                action = game.int_to_action(rng.below(game.num_distinct_actions))
                if str(action) in legal:
                    continue
                with pytest.raises(IllegalActionError) as refused:
                    state.apply(action)
                out.append(refused.value.reason)
        legal_actions = state.legal_actions()
        state.apply(legal_actions[rng.below(len(legal_actions))])
    return out


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_every_illegal_action_reason_is_one_catalogue_message(name: str, options: dict[str, object]) -> None:
    patterns = message_patterns(name)
    given = [r for seed in (1, 2) for r in reasons(name, options, seed)]
    assert len(given) > 50
    for reason in given:
        assert any(p.fullmatch(reason) for p in patterns), f"not a catalogue message of {name}: {reason!r}"
