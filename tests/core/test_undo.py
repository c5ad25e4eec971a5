"""Undo (netjer.core.undo): the policy on random games of every game, exact rebuilds, views, records with undos."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from netjer.core.action import Action
from netjer.core.errors import ActionSyntaxError, RecordError
from netjer.core.game import Game
from netjer.core.record import RECORD_FORMAT, RECORD_FORMAT_UNDO, GameRecord
from netjer.core.rng import Rng
from netjer.core.state import State
from netjer.core.undo import UNDO, Transcript, UndoError, is_undo_barrier
from netjer.games.registry import make_game

GAMES: dict[str, dict[str, Any]] = {
    "aton": {},
    "nile": {},
    "ankh": {"players": 2, "gods": "draw"},
}
SAMPLES = 2  # determinizations per seat in the information oracle


def views(state: State) -> list[dict[str, Any]]:
    return [state.observation(s) for s in range(state.game.num_players)] + [state.observation(None)]


def reveals(before: State, action: Action, after: State, rng: Rng) -> bool:
    """The oracle, independent of the games' declarations: ``action`` drew chance, or some seat's
    view after it differs between the true position and a position re-dealt from what that seat
    knew before it (so the action showed that seat something hidden)."""
    if before.rng.state != after.rng.state:
        return True
    for seat in range(before.game.num_players):
        truth = after.observation(seat)
        for _ in range(SAMPLES):
            world = before.determinize(seat, rng)
            if action not in world.legal_actions():
                continue  # a world where the actor could not have chosen it
            world.apply(action)
            if world.observation(seat) != truth:
                return True
    return False


def play(game: Game, seed: int, steps: int, undo_rate: float) -> None:
    """Play ``steps`` random actions through a Transcript, undoing now and then, checking the policy."""
    rng = Rng(seed)
    transcript = Transcript(game.new_initial_state(seed))
    # full_state and views after each action of the current seat's run, keyed by history length
    positions: dict[int, tuple[dict[str, Any], list[dict[str, Any]]]] = {}
    # per history index: the actor of the action there and whether it was a barrier
    marks: dict[int, tuple[int, bool]] = {}

    def floor() -> int:
        """The undo floor worked out from scratch: the end of the last action by another seat
        than the last actor, or of the last barrier (what Transcript.undo_floor keeps up)."""
        length = len(transcript.state.history)
        if not length:
            return 0
        last = marks[length - 1][0]
        return max((i + 1 for i in range(length) if marks[i][0] != last or marks[i][1]), default=0)

    undos = 0
    for _ in range(steps):
        state = transcript.state
        if state.is_terminal:
            break
        actor = state.current_player
        before = state.clone()
        positions[len(state.history)] = (before.full_state(), views(before))
        action = rng.choice(state.legal_actions())
        transcript.apply(action)
        after = transcript.state.clone()
        marks[len(state.history) - 1] = (actor, is_undo_barrier(before, action, after))
        assert transcript.undo_floor() == floor()
        # Another seat can never undo; the actor only when the action revealed nothing.
        for seat in range(game.num_players):
            if seat != actor:
                assert not transcript.can_undo(seat)
        if transcript.can_undo(actor):
            assert not reveals(before, action, after, rng), f"undo offered after {action} at {len(state.history)}"
        else:
            assert (
                transcript.state.is_terminal
                or game.undo_barrier(before, action, after)
                or (before.rng.state != after.rng.state)
            )
        # Sometimes undo, step by step, then play the same decision again.
        while transcript.can_undo(actor) and rng.random() < undo_rate:
            length = len(transcript.state.history)
            expected = transcript.state.history[-1]
            kept = transcript.undo_floor()
            taken_back = transcript.undo(actor)
            undos += 1
            full, seen = positions[length - 1]
            assert transcript.state.full_state() == full  # identical position, generator included
            assert views(transcript.state) == seen  # nobody sees anything new
            assert taken_back == expected
            assert transcript.undo_floor() == kept  # an undo never lowers the floor
        while len(transcript.state.history) < len(after.history):
            redo = after.history[len(transcript.state.history)]
            transcript.apply(redo)
            assert transcript.undo_floor() == floor()
        assert transcript.state.full_state() == after.full_state()  # replaying the same decisions
    record = GameRecord.from_state(transcript.state, ["human"] * game.num_players, transcript.entries)
    assert record.actions.count(UNDO) == undos
    text = record.to_json()
    assert json.loads(text)["format"] == (RECORD_FORMAT_UNDO if undos else RECORD_FORMAT)
    replayed = GameRecord.from_json(text).replay(game, text)
    assert replayed.full_state() == transcript.state.full_state()
    assert GameRecord.from_json(text).transcript(game, text).state.full_state() == transcript.state.full_state()


@pytest.mark.parametrize("name", list(GAMES))
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), steps=st.integers(1, 60), undo_rate=st.sampled_from([0.3, 0.9]))
def test_undo_policy_on_random_games(name: str, seed: int, steps: int, undo_rate: float) -> None:
    play(make_game(name, GAMES[name]), seed, steps, undo_rate)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(GAMES))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), steps=st.integers(50, 400))
def test_undo_policy_on_long_random_games(name: str, seed: int, steps: int) -> None:
    play(make_game(name, GAMES[name]), seed, steps, 0.5)


def test_aton_a_card_can_be_taken_back_but_not_after_the_reveal() -> None:
    game = make_game("aton")
    t = Transcript(game.new_initial_state(7))
    t.apply(game.parse_action("keep"))
    assert t.can_undo(0)  # Blue has not decided yet: Red's secret 'keep' can be changed
    while t.state.current_player != 0:
        t.apply(t.state.legal_actions()[0])
    first = t.state.legal_actions()[0]
    t.apply(first)
    assert t.can_undo(0) and not t.can_undo(1)
    assert t.undo(0) == first and t.entries[-1] == UNDO
    t.apply(t.state.legal_actions()[-1])
    while t.state.current_player == 0:
        t.apply(t.state.legal_actions()[0])
    while t.state.observation(None)["phase"] == "assign":  # Blue assigns; the last card reveals all
        t.apply(t.state.legal_actions()[0])
    assert not t.can_undo(1) and not t.can_undo(0)


def test_aton_exchange_draws_cards_and_cannot_be_taken_back() -> None:
    game = make_game("aton")
    t = Transcript(game.new_initial_state(7))
    t.apply(game.parse_action("exchange"))
    assert t.why_not_undo(0) == "hidden information was revealed or chance was drawn since your last decision"
    with pytest.raises(UndoError, match="cannot undo: hidden information"):
        t.undo(0)


def test_ankh_a_picked_figure_can_be_put_back() -> None:
    game = make_game("ankh", {"players": 2, "gods": "none"})
    t = Transcript(game.new_initial_state(7))
    seat = t.state.current_player
    t.apply(game.parse_action("move"))
    pick = next(a for a in t.state.legal_actions() if str(a).startswith("pick "))
    t.apply(pick)
    assert any(str(a).startswith("to ") for a in t.state.legal_actions())
    assert t.undo(seat) == pick
    assert not any(str(a).startswith("to ") for a in t.state.legal_actions())
    assert pick in t.state.legal_actions()  # picking again is offered: the figure was put back
    assert t.undo(seat) == game.parse_action("move")
    assert t.state.history == [] and t.why_not_undo(seat) == "there is nothing to take back"


def test_nile_face_down_placement_can_be_taken_back_until_isis_acts_face_up_cannot() -> None:
    game = make_game("nile")
    t = Transcript(game.new_initial_state(3))
    down = next(a for a in t.state.legal_actions() if str(a).endswith(" down"))
    t.apply(down)
    assert t.state.current_player == 1 and t.can_undo(0)  # Isis learnt nothing: Seth may take it back
    assert t.undo(0) == down
    up = next(a for a in t.state.legal_actions() if not str(a).endswith(" down"))
    t.apply(up)
    assert not t.can_undo(0)  # Isis has seen the token's value
    t = Transcript(game.new_initial_state(3))
    t.apply(down)
    t.apply(t.state.legal_actions()[0])
    assert not t.can_undo(0) and t.why_not_undo(0) == "the last decision was not yours (another player acted since)"


def test_record_with_an_illegal_undo_is_refused() -> None:
    game = make_game("aton")
    state = game.new_initial_state(7)
    record = GameRecord.from_state(state, ["human", "human"], ["exchange", UNDO])
    text = record.to_json()
    with pytest.raises(RecordError, match="cannot undo: hidden information was revealed"):
        GameRecord.from_json(text).replay(game, text)


def test_old_records_still_load() -> None:
    game = make_game("aton")
    state = game.new_initial_state(5)
    for _ in range(10):
        state.apply(state.legal_actions()[0])
    text = GameRecord.from_state(state, ["random", "random"]).to_json()
    assert '"format": "netjer-record/1"' in text and UNDO not in json.loads(text)["actions"]
    assert GameRecord.from_json(text).replay(game, text).full_state() == state.full_state()


@pytest.mark.parametrize("name", list(GAMES))
def test_undo_is_no_action_of_any_game(name: str) -> None:
    game = make_game(name, GAMES[name])
    with pytest.raises(ActionSyntaxError):
        game.parse_action(UNDO)
