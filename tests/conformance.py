"""The generic conformance suite every game must pass (DESIGN.md; like OpenSpiel's random
simulation test and pgx's ``api_test``).

``check_random_game`` plays one seeded random game to the end and asserts the kernel
contract at every step.  ``tests/test_conformance.py`` runs it over many seeds for each game
listed there; a new game plugs in with one line in that list.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import pytest

from netjer.core import (
    GameNotOverError,
    GameRecord,
    IllegalActionError,
    Rng,
    State,
)
from netjer.games.registry import make_game, replay_record


@dataclass(frozen=True)
class GameUnderTest:
    """A game and options for the conformance suite.

    Attributes:
        name: registry name.
        options: game options.
        games: how many seeded random games the default run plays.
        max_length: a bound on the number of decisions; a longer game fails the test.
        all_actions_every: every this many steps, every legal action is applied to a clone.
    """

    name: str
    options: dict[str, Any] = field(default_factory=dict)
    games: int = 200
    max_length: int = 5000
    all_actions_every: int = 1

    @property
    def id(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in sorted(self.options.items()))
        return f"{self.name}[{opts}]" if opts else self.name


def _snapshot(state: State) -> str:
    return json.dumps(state.full_state(), sort_keys=True)


def check_random_game(spec: GameUnderTest, seed: int) -> State:
    """Play game ``seed`` with uniformly random actions, checking the contract at each step.

    Returns the final state.
    """
    game = make_game(spec.name, spec.options)
    rng = Rng(seed * 7919 + 1)
    state = game.new_initial_state(seed)
    n = game.num_players
    codes = range(game.num_distinct_actions)
    steps = 0
    while True:
        legal = state.legal_actions()
        # Observations: JSON-serialisable, and independent of what the seat cannot see.
        for seat in [*range(n), None]:
            obs = state.observation(seat)
            json.dumps(obs)
        for seat in range(n):
            obs = state.observation(seat)
            for _ in range(2):
                det = state.determinize(seat, rng)
                assert det.observation(seat) == obs, f"observation({seat}) changed under determinize"
                assert det.current_player == state.current_player
                assert det.history == []
                if state.current_player == seat:
                    assert det.legal_actions() == legal, "a seat's legal actions changed under determinize"
            # A determinization depends only on what the seat knows: from another state of
            # the same information set (``det``), the same generator gives the same result.
            probe = rng.clone()
            from_true = state.determinize(seat, probe.clone())
            from_other = det.determinize(seat, probe.clone())
            assert _snapshot(from_true) == _snapshot(from_other), f"determinize({seat}) leaks hidden information"
        if state.is_terminal:
            assert legal == []
            returns = state.returns()
            assert len(returns) == n and all(isinstance(r, float) for r in returns)
            break
        with pytest.raises(GameNotOverError):
            state.returns()
        assert legal, "legal_actions() is empty before the end"
        assert 0 <= state.current_player < n
        assert steps < spec.max_length, f"game {seed} is longer than {spec.max_length} decisions"
        before = _snapshot(state)
        # Notation and integer codes round-trip.
        for a in legal:
            assert game.parse_action(str(a)) == a
            assert game.int_to_action(game.action_to_int(a)) == a
        # A sampled illegal action raises and leaves the state as it was.
        legal_codes = {game.action_to_int(a) for a in legal}
        bad_code = -1
        for _ in range(64):  # almost every code is illegal: sample, then fall back to a scan
            c = rng.below(len(codes))
            if c not in legal_codes:
                bad_code = c
                break
        else:
            illegal = [c for c in codes if c not in legal_codes]
            bad_code = rng.choice(illegal) if illegal else -1
        if bad_code >= 0:
            bad = game.int_to_action(bad_code)
            with pytest.raises(IllegalActionError) as err:
                state.apply(bad)
            assert err.value.rule and err.value.reason
            assert _snapshot(state) == before, "a refused action changed the state"
        # Every legal action applies (on clones); clones are independent of the original.
        if steps % spec.all_actions_every == 0:
            for a in legal:
                child = state.clone()
                child.apply(a)
            assert _snapshot(state) == before, "applying to a clone changed the original"
        action = rng.choice(legal)
        state.apply(action)
        steps += 1
    # The record replays to the identical state, through its JSON text.
    record = GameRecord.from_state(state, ["random"] * n)
    text = record.to_json()
    replayed = replay_record(GameRecord.from_json(text), text)
    assert replayed.full_state() == state.full_state()
    return state
