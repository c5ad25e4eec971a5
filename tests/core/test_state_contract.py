"""The kernel's State contract: every method of it defined, and a state an instance of its own game's class only."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

from netjer.build_info import compiled_modules
from netjer.core import Rng
from netjer.core.errors import ActionSyntaxError, SeatError
from netjer.core.state import CONTRACT, State
from netjer.games.ankh import AnkhGame, AnkhState
from netjer.games.aton import AtonGame, AtonState
from netjer.games.nile import NileGame, NileState


@pytest.mark.skipif(bool(compiled_modules()), reason="compiled, the @abstractmethod markers are not visible")
def test_the_contract_is_the_methods_marked_abstract() -> None:
    marked = {name for name, value in vars(State).items() if getattr(value, "__isabstractmethod__", False)}
    assert marked == set(CONTRACT)


def test_the_contract_names_the_methods_every_game_defines() -> None:
    assert {"current_player", "clone", "full_state", "observation", "_legal_actions", "_apply"} <= set(CONTRACT)
    for cls in (AnkhState, AtonState, NileState):
        for name in CONTRACT:
            assert getattr(cls, name) is not getattr(State, name), (cls.__name__, name)


def test_a_state_class_that_leaves_out_a_method_of_the_contract_is_refused() -> None:
    with pytest.raises(TypeError, match=r"Partial does not implement .*_returns.* of the State contract"):

        class Partial(AtonState):
            _returns = State._returns  # type: ignore[assignment]


def test_the_kernels_state_itself_is_not_made() -> None:
    """``State`` is no game: as ``abc.ABC`` refused it before it was a native class, its
    ``__init__`` does (compiled, the ABC check is gone)."""
    with pytest.raises(TypeError, match="not a game"):
        State(AtonGame(), 1)


def test_a_state_is_an_instance_of_its_own_games_class_only() -> None:
    """In the compiled build a native state class must not answer ``isinstance`` for another
    game's state (an ABC's shared cache once made an Aton state pass for an Ankh state)."""
    for s in states():
        assert isinstance(s, State)
    for _ in range(2):  # twice: the second time answered from any cache the first one filled
        assert [isinstance(s, AnkhState) for s in states()] == [True, False, False]
        assert [isinstance(s, AtonState) for s in states()] == [False, True, False]
        assert [isinstance(s, NileState) for s in states()] == [False, False, True]


def states() -> list[State]:
    return [AnkhGame().new_initial_state(1), AtonGame().new_initial_state(1), NileGame().new_initial_state(1)]


def test_a_state_is_mutable_and_so_not_hashable() -> None:
    for s in states():
        with pytest.raises(TypeError, match="unhashable"):
            hash(s)


def test_determinize_reads_numpy_seats_and_refuses_a_seat_the_game_does_not_have() -> None:
    """-1 once read as the last seat: that seat's information set, not an error."""
    for s in states():
        assert s.determinize(np.int64(1), Rng(5)) == s.determinize(1, Rng(5))
        for bad in (-1, s.game.num_players, True, "0"):
            with pytest.raises(SeatError, match="no seat"):
                s.determinize(bad, Rng(5))  # type: ignore[arg-type]


def test_a_state_pickles_and_copies_with_every_attribute_and_plays_on_identically() -> None:
    """Pickling goes through ``State.__getstate__`` in both builds (compiled, mypyc's own left
    out a Python subclass's attributes: an Aton state came back empty)."""
    for s in states():
        rng = Rng(2)
        for _ in range(12):
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
        for copied in (pickle.loads(pickle.dumps(s)), copy.deepcopy(s)):
            assert type(copied) is type(s) and copied == s and copied.history == s.history
            original = s.clone()
            copied.play_random(Rng(3), limit=40)
            original.play_random(Rng(3), limit=40)
            assert copied == original and copied.history == original.history


def test_apply_text_refuses_a_non_text_with_the_games_syntax_error_in_both_builds() -> None:
    """Compiled, ``apply_text(text: str)`` once raised a bare ``TypeError`` ("str object
    expected; got int") before the game's ``parse_action`` could say what is wrong."""
    for s in states():
        before = s.full_state()
        for bad in (5, None, b"end", ["end"]):
            with pytest.raises(ActionSyntaxError, match="notation is a text"):
                s.apply_text(bad)
        assert s.full_state() == before


def test_play_random_takes_a_numpy_limit_in_both_builds() -> None:
    """Compiled, ``limit: int | None`` once refused ``numpy.int64(3)`` ("int or None object
    expected"), which the Python build took."""
    for s in states():
        a, b = s.clone(), s.clone()
        assert a.play_random(Rng(4), limit=np.int64(3)) == b.play_random(Rng(4), limit=3) == 3
        assert a == b and a.history == b.history
        with pytest.raises(TypeError):
            s.clone().play_random(Rng(4), limit="3")  # type: ignore[arg-type]


def test_int_to_action_reads_numpy_codes_and_refuses_a_non_integer_with_a_value_error() -> None:
    """A text once met a bare ``TypeError`` from the range comparison."""
    for s in states():
        game = s.game
        action = s.legal_actions()[0]
        assert game.int_to_action(np.int64(game.action_to_int(action))) == action
        for bad in (-1, game.num_distinct_actions, "3", 2.0, True, None):
            with pytest.raises(ValueError, match=r"action codes are 0\.\."):
                game.int_to_action(bad)  # type: ignore[arg-type]
