"""The generic conformance suite every game must pass (DESIGN.md; like OpenSpiel's random
simulation test and pgx's ``api_test``).

``check_random_game`` plays one seeded random game to the end and asserts the kernel
contract: the cheap checks at every step, the costly ones (observations and determinizations
of every seat, notation round trips, a refused illegal action, every legal action applied to a
clone) at every step of the full sweep, or at a sample of steps when given a ``sampler``.
``tests/test_conformance.py`` runs it over many seeds for each game listed there; a new game
plugs in with one line in that list.
"""

from __future__ import annotations

import json
import random
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
        all_actions_every: every this many steps, every legal action is applied to a clone
            (in the full sweep; a sampled run applies them at every sampled step).
        sample_games: how many of the ``games`` seeds the sampled default run plays.
    """

    name: str
    options: dict[str, Any] = field(default_factory=dict)
    games: int = 200
    max_length: int = 5000
    all_actions_every: int = 1
    sample_games: int = 2

    @property
    def id(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in sorted(self.options.items()))
        return f"{self.name}[{opts}]" if opts else self.name


def _snapshot(state: State) -> str:
    return json.dumps(state.full_state(), sort_keys=True)


def check_random_game(
    spec: GameUnderTest, seed: int, sampler: random.Random | None = None, rate: float = 0.25
) -> State:
    """Play game ``seed`` with uniformly random actions, checking the contract.

    Args:
        spec: the game and options.
        seed: the game's seed (the random player's generator is derived from it).
        sampler: ``None`` for the full sweep (every check at every step); otherwise the costly
            checks run at a step with probability ``rate``, drawn from ``sampler`` (which does
            not touch the game or the random player: the same seed plays the same game).
        rate: the share of steps given the costly checks when sampling, in (0, 1].

    Returns the final state.
    """
    game = make_game(spec.name, spec.options)
    rng = Rng(seed * 7919 + 1)
    # The full sweep draws its checks from the player's generator (as it always has); a sampled
    # run draws them from another one, so its game does not depend on which steps are checked.
    check_rng = rng if sampler is None else Rng(seed * 7919 + 2)
    state = game.new_initial_state(seed)
    n = game.num_players
    steps = 0
    while True:
        legal = state.legal_actions()
        if sampler is None or sampler.random() < rate or state.is_terminal:
            _check_views(state, legal, check_rng)
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
        if sampler is None or sampler.random() < rate:
            every_action = sampler is not None or steps % spec.all_actions_every == 0
            _check_actions(state, legal, check_rng, every_action)
        state.apply(rng.choice(legal))
        steps += 1
    if sampler is not None:
        # The game's only draws were rng.choice(legal): State.play_random (a search's playout)
        # plays the same game from the same generator, in two parts (the second from a state
        # whose legal actions are cached).
        again, again_rng, half = game.new_initial_state(seed), Rng(seed * 7919 + 1), steps // 2
        assert again.play_random(again_rng, half) == half
        again.legal_actions()
        assert again.play_random(again_rng) == steps - half and again.play_random(again_rng) == 0
        assert again.history == state.history and _snapshot(again) == _snapshot(state)
    # The record replays to the identical state, through its JSON text.
    record = GameRecord.from_state(state, ["random"] * n)
    text = record.to_json()
    replayed = replay_record(GameRecord.from_json(text), text)
    assert replayed.full_state() == state.full_state()
    return state


def _check_views(state: State, legal: list[Any], rng: Rng) -> None:
    """Observations are JSON and survive determinization; determinize reads nothing hidden."""
    n = state.game.num_players
    for seat in [*range(n), None]:
        json.dumps(state.observation(seat))
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


def _check_actions(state: State, legal: list[Any], rng: Rng, every_action: bool) -> None:
    """Notation and codes round-trip; an illegal action is refused without a trace; every legal
    action applies to a clone (when ``every_action``) without touching the original."""
    game = state.game
    before = _snapshot(state)
    for a in legal:
        assert game.parse_action(str(a)) == a
        assert game.int_to_action(game.action_to_int(a)) == a
    legal_codes = {game.action_to_int(a) for a in legal}
    bad_code = -1
    for _ in range(64):  # almost every code is illegal: sample, then fall back to a scan
        c = rng.below(game.num_distinct_actions)
        if c not in legal_codes:
            bad_code = c
            break
    else:
        illegal = [c for c in range(game.num_distinct_actions) if c not in legal_codes]
        bad_code = rng.choice(illegal) if illegal else -1
    if bad_code >= 0:
        with pytest.raises(IllegalActionError) as err:
            state.apply(game.int_to_action(bad_code))
        assert err.value.rule and err.value.reason
        assert _snapshot(state) == before, "a refused action changed the state"
    if every_action:
        for a in legal:
            state.clone().apply(a)
        assert _snapshot(state) == before, "applying to a clone changed the original"
