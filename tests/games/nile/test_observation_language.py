"""The observation's log is told in the process's language, also for events already told in
another one (the engine remembers the texts it has told per language)."""

from __future__ import annotations

import random

from netjer import i18n
from netjer.games.registry import make_game


def test_the_log_follows_a_change_of_language_for_the_same_events() -> None:
    state = make_game("nile").new_initial_state(5)
    rng = random.Random(5)
    for _ in range(12):
        state.apply(rng.choice(state.legal_actions()))
    english = state.observation(0)["log"]
    i18n.set_language("es")
    spanish = state.observation(0)["log"]
    i18n.set_language(i18n.DEFAULT_LANGUAGE)
    again = state.observation(0)["log"]
    assert english and len(spanish) == len(english)
    assert spanish != english  # told again in Spanish, not the English texts remembered
    assert again == english
