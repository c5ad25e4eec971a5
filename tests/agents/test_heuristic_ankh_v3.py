"""The Ankh heuristic's version 3 (``heuristic:version=3``, issue 35 item 1): no action that
changes nothing while another does, contests an imminent winning Domination, legal with
every one of the ten gods; versions 1 and 2 play as before."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from netjer.agents import HeuristicAgent
from netjer.agents.heuristic import heuristic_policy
from netjer.agents.heuristic.ankh import ConflictModel, Style, changes_something, conflict_owners, make_policy, policy
from netjer.agents.registry import make_agent
from netjer.core import ConfigError, Rng
from netjer.core.action import Action
from netjer.core.state import State
from netjer.games.ankh import AnkhGame, AnkhState
from netjer.games.ankh.base import CARD, TURN
from netjer.games.ankh.notation import END, Row
from netjer.games.ankh.position import PositionSpec, build_position
from netjer.games.ankh.rules_queries import fires_event, in_red
from netjer.sim.match import play_match
from tests.agents.test_heuristic_ankh_v2 import DOMINATION, _gods_in_region, _play_turn
from tests.games.ankh.builder import C, hx, position

VERSION_2, VERSION_3 = make_policy(version=2), make_policy(version=3)
STYLE_2, STYLE_3 = Style(version=2), Style(version=3)
Choose = Callable[[State, Rng], Action]

#: The ten gods (rules/ankh.md §4: Amun, Anubis, Isis, Osiris, Ra; the Pantheon's Bastet,
#: Hathor, Thoth, Horus, Seth), two a game.
GOD_PAIRS = ("amun,anubis", "isis,osiris", "ra,bastet", "hathor,thoth", "horus,seth")


# --- selection --------------------------------------------------------------------------------------------


def test_version_3_is_opt_in_and_checked() -> None:
    assert heuristic_policy("ankh") is policy  # version 1 stays the default, action for action
    agent = make_agent("heuristic:version=3", seed=1)
    assert isinstance(agent, HeuristicAgent) and agent.version == 3 and agent.deterministic
    with pytest.raises(ConfigError, match="version must be one of"):
        make_agent("heuristic:version=4")
    with pytest.raises(ValueError, match="version"):
        make_policy(version=4)


def test_version_3_plays_whole_games_as_an_agent() -> None:
    agents = [make_agent("heuristic:version=3", seed=0), HeuristicAgent(1)]
    state: State = play_match(AnkhGame({"players": 2}), agents, 5)
    assert state.is_terminal


# --- legality with every god ------------------------------------------------------------------------------


@pytest.mark.parametrize("gods", GOD_PAIRS)
def test_legal_in_every_state_with_every_god(gods: str) -> None:
    # Two games a pair of gods, version 3 in each seat in turn against version 2: every one of
    # the ten gods' decisions comes up in the seat of version 3 (checked below).
    seen: set[str] = set()
    for seed in range(2):
        state = AnkhGame({"players": 2, "gods": gods}).new_initial_state(seed)
        rng = Rng(seed)
        while not state.is_terminal:
            choose = VERSION_3 if state.to_move == seed % 2 else VERSION_2
            choice = choose(state, rng)
            assert choice in state.legal_actions(), (gods, state.history)
            if choose is VERSION_3:
                seen.add(str(state.observation(None)["phase"]))
            state.apply(choice)
    assert len(seen) > 5


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5])
def test_legal_in_every_state_of_many_games(players: int) -> None:
    for seed in range(3):
        state = AnkhGame({"players": players, "gods": "draw"}).new_initial_state(seed)
        rng = Rng(seed)
        while not state.is_terminal:
            choose = VERSION_3 if (state.to_move + seed) % 2 == 0 else policy
            choice = choose(state, rng)
            assert choice in state.legal_actions(), state.history
            state.apply(choice)


# --- no action that changes nothing -----------------------------------------------------------------------


def _avoidable_empty(state: AnkhState, action: Action, style: Style) -> bool:
    """Whether ``action`` (a turn's action) changes nothing while another legal one does (or
    ``end`` is there), as the engine plays them out (:func:`changes_something`)."""
    if not isinstance(action, Row) or changes_something(state, action, style):
        return False
    return any(b == END or (b != action and changes_something(state, b, style)) for b in state.legal_actions())


def _first_avoidable_empty(players: int, seed: int, choose: Choose, style: Style) -> AnkhState | None:
    """The first position of a game (``choose`` in the even seats, version 1 in the odd ones,
    gods drawn) where ``choose`` takes an action that changes nothing while another does."""
    state = AnkhGame({"players": players, "gods": "draw"}).new_initial_state(300 + seed)
    rng = Rng(seed)
    while not state.is_terminal:
        mine = state.to_move % 2 == 0
        action = (choose if mine else policy)(state, rng)
        if mine and state.phase == TURN and _avoidable_empty(state, action, style):
            return state
        state.apply(action)
    return None


def test_no_action_that_changes_nothing_where_version_2_takes_one() -> None:
    # 3 players, seed 301: version 2 takes Move Figures and moves nothing while Gain Followers
    # would bring Followers (issue 35's empty turns); version 3 there takes an action that does.
    state = _first_avoidable_empty(3, 1, VERSION_2, STYLE_2)
    assert state is not None
    choice = VERSION_3(state, Rng(1))
    assert choice == END or changes_something(state, choice, STYLE_3), choice


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_action_that_changes_nothing_in_many_games(players: int) -> None:
    for seed in range(4):
        assert _first_avoidable_empty(players, seed, VERSION_3, STYLE_3) is None, (players, seed)


def test_an_action_that_moves_nothing_changes_nothing() -> None:
    # A alone next to its Temple: a Move Figures finished by version 3 moves nothing (no move
    # gains), a Summon places a figure.
    state = position(2, ["A god 5,1", "A temple 6,1", "B god 1,5"], followers=[0, 0])
    legal = {str(a): a for a in state.legal_actions()}
    assert not changes_something(state, legal["move"], STYLE_3)
    assert changes_something(state, legal["summon"], STYLE_3)
    _, taken = _play_turn(state, VERSION_3)
    assert taken[0] != "move", taken


# --- contesting a winning Domination -----------------------------------------------------------------------


@pytest.mark.parametrize(("devotion", "extra"), [(28, ()), (27, ("C pyramid 8,5",))])
@pytest.mark.parametrize("move_marker", [None, 3])
def test_contests_an_imminent_winning_domination(
    devotion: int, extra: tuple[str, ...], move_marker: int | None
) -> None:
    # C stands alone in the East with two (at 28 Devotion) or three (at 27: the case,
    # Temple, Obelisk and Pyramid) Monument majorities: the coming Conflict takes it to the top
    # of the track (31).  A's Move fires that Conflict (no marker given), or the next god's
    # does (the Move marker further back): either way version 3 sends a figure into the East.
    spec = PositionSpec(
        players=3,
        pieces=(*DOMINATION, *extra),
        devotion=(10, 10, devotion),
        followers=(2, 2, 2),
        next_event="conflict",
        markers={} if move_marker is None else {"move": move_marker},
    )
    state = build_position(spec)
    assert fires_event(state, 0) == (move_marker is None)
    east = state.regions.region_of[hx("7,6")]
    assert _gods_in_region(state, east) == {C}
    after, taken = _play_turn(state, VERSION_3)
    assert _gods_in_region(after, east) != {C}, taken
    before, taken_v1 = _play_turn(state, policy)
    assert _gods_in_region(before, east) == {C}, taken_v1  # today's heuristic lets C dominate


def test_contests_a_domination_that_would_lift_a_rival_out_of_the_red() -> None:
    # Before the 4th Conflict (the one that forgets the gods in the red, §10.5), C stands in
    # the red 2 below its edge, alone in the East with two majorities: its Domination would
    # lift it out.  A's Move fires that Conflict: version 3 sends a figure into the East,
    # today's heuristic summons in the North.
    def fourth_conflict(devotion: tuple[int, int, int] | None = None) -> AnkhState:
        spec = PositionSpec(
            players=3,
            pieces=DOMINATION,
            devotion=devotion,
            followers=(2, 2, 2),
            next_event="conflict",
            conflict_number=4,
        )
        return build_position(spec)

    edge = fourth_conflict().red_max
    state = fourth_conflict((edge + 6, edge + 5, edge - 2))
    assert [in_red(state, o) for o in range(3)] == [False, False, True]
    east = state.regions.region_of[hx("7,6")]
    after, taken = _play_turn(state, VERSION_3)
    assert _gods_in_region(after, east) != {C}, taken
    before, taken_v1 = _play_turn(state, policy)
    assert _gods_in_region(before, east) == {C}, taken_v1


# --- god powers ---------------------------------------------------------------------------------------------


def test_seth_moves_his_god_next_to_enemy_figures() -> None:
    # Seth (A) in the West beside B's two Warriors and Temple: moving his God next to them
    # makes one count for him in the coming Conflict (§4.2 Seth, the engine's control hook);
    # version 2 values his God as any figure and leaves it where it stands.
    pieces = ("A god 5,1", "A warrior 4,1", "B god 1,5", "B warrior 7,3", "B warrior 7,4", "B temple 8,4")
    state = build_position(PositionSpec(players=2, gods="seth,ra", pieces=pieces, followers=(0, 0)))
    assert conflict_owners(state) == state.figure_owner  # nothing next to Seth's God yet

    def taken_by_seth(choose: Choose) -> int:
        after, _ = _play_turn(state, choose)
        owners = conflict_owners(after)
        return sum(1 for h, o in enumerate(owners) if o != after.figure_owner[h])

    assert taken_by_seth(VERSION_3) >= 1
    assert taken_by_seth(VERSION_2) == 0
    # The version 3 Model counts those figures for Seth: it expects more of the Conflict.
    after, _ = _play_turn(state, VERSION_3)
    assert ConflictModel(after, 0).conflict[0] > ConflictModel(state, 0).conflict[0]


# --- hidden information --------------------------------------------------------------------------------


@pytest.mark.slow
def test_decision_independent_of_other_seats_secrets() -> None:
    # The same decision on the true state and on a determinization for the acting seat
    # (Battle card and bid decisions included): its rollouts read only what it knows.
    secret_decisions = 0
    for seed in range(2):
        state = AnkhGame({"players": 2 + seed}).new_initial_state(seed)
        while not state.is_terminal:
            seat = state.current_player
            other = state.determinize(seat, Rng(seed + len(state.history)))
            if state.phase == CARD and other.full_state() != state.full_state():
                secret_decisions += 1
            choice = VERSION_3(state, Rng(7))
            assert VERSION_3(other, Rng(7)) == choice, state.history
            state.apply(choice)
    assert secret_decisions > 0
