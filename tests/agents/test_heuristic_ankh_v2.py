"""The Ankh heuristic's version 2 (``heuristic:version=2``, issue 35 item 1): legal with every
god, no empty turn when a useful action exists, contests an imminent winning Domination,
weighs the gods by what is at stake; version 1 stays today's heuristic."""

from __future__ import annotations

import pytest

from netjer.agents import HeuristicAgent
from netjer.agents.heuristic import heuristic_policy
from netjer.agents.heuristic.ankh import Model, StakesModel, make_policy, policy
from netjer.agents.heuristic.ankh_stakes import RED_WEIGHT, TOP_WEIGHT, stake_weights
from netjer.agents.registry import make_agent
from netjer.core import ConfigError, Rng
from netjer.core.state import State
from netjer.games.ankh import AnkhGame, AnkhState
from netjer.games.ankh.base import BID, CARD, TURN
from netjer.games.ankh.notation import ROW
from netjer.games.ankh.position import PositionSpec, build_position
from netjer.games.ankh.rules_queries import fires_event, followers_gain, summonable_kinds, unlockable_powers
from netjer.games.aton import AtonGame
from netjer.sim.match import play_match
from tests.games.ankh.builder import C, hx, legal, play, position

VERSION_2 = make_policy(version=2)
MOVE_ROW, SUMMON_ROW, GAIN_ROW, UNLOCK_ROW = range(4)


def _play_turn(state: AnkhState, choose: object) -> tuple[AnkhState, list[str]]:
    """A clone of ``state`` after the acting god's whole turn played by ``choose`` (stopped
    when another god must decide), and the actions taken."""
    assert callable(choose)
    st = state.clone()
    god = st.god_of_seat[st.to_move]
    rng = Rng(0)
    taken: list[str] = []
    while not st.is_terminal and st.god_of_seat[st.to_move] == god and len(taken) < 40:
        action = choose(st, rng)
        taken.append(str(action))
        st.apply(action)
    return st, taken


def _gods_in_region(state: AnkhState, region: int) -> set[int]:
    fown = state.figure_owner
    return {fown[h] for h in range(len(fown)) if fown[h] >= 0 and region in state.regions.hex_regions[h]}


def _footprint(state: AnkhState) -> tuple[object, ...]:
    """What a turn may change besides the action markers: the board, Followers, powers,
    Devotion, Battle cards, the event track."""
    return (
        list(state.figure),
        list(state.figure_owner),
        list(state.monument),
        list(state.monument_owner),
        list(state.followers),
        list(state.powers),
        list(state.devotion),
        list(state.used),
        state.event_idx,
    )


# --- selection --------------------------------------------------------------------------------------------


def test_version_2_is_opt_in_and_checked() -> None:
    assert heuristic_policy("ankh") is policy  # version 1 stays the default, action for action
    agent = make_agent("heuristic:version=2", seed=1)
    assert isinstance(agent, HeuristicAgent) and agent.version == 2 and agent.deterministic
    assert make_agent("heuristic", seed=1).version == 1  # type: ignore[attr-defined]
    for spec, message in (("heuristic:version=4", "version must be one of"), ("heuristic:version=x", "not a number")):
        with pytest.raises(ConfigError, match=message):
            make_agent(spec)
    with pytest.raises(ConfigError, match="only Ankh"):
        make_agent("heuristic:version=2").prepare(AtonGame())
    with pytest.raises(ValueError, match="version"):
        make_policy(version=0)


# --- legality -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "players", [2, 3, pytest.param(4, marks=pytest.mark.slow), pytest.param(5, marks=pytest.mark.slow)]
)
def test_legal_with_every_god_in_many_games(players: int) -> None:
    # Version 2 against version 1, gods drawn: every god's decisions come up (checked below).
    seen: set[str] = set()
    for seed in range(4):
        state = AnkhGame({"players": players, "gods": "draw"}).new_initial_state(seed)
        rng = Rng(seed)
        while not state.is_terminal:
            choose = VERSION_2 if (state.to_move + seed) % 2 == 0 else policy
            choice = choose(state, rng)
            assert choice in state.legal_actions()
            seen.add(str(state.observation(None)["phase"]))
            state.apply(choice)
    assert any(name in seen for name in ("ra-sun", "bastet-cats", "horus-eye", "thoth-guess", "hathor-place"))


# --- no empty turn ------------------------------------------------------------------------------------------


def _useful_without_event(state: AnkhState) -> list[int]:
    """The rows whose action surely changes something and fires no event (§7.2), as the
    engine answers: Gain Followers that brings some, a Summon with a figure in the pool, an
    Unlock with a power to unlock."""
    god = state.god_of_seat[state.to_move]
    legal = state.legal_actions()
    useful = []
    for row, able in (
        (SUMMON_ROW, bool(summonable_kinds(state, god))),
        (GAIN_ROW, followers_gain(state, god) > 0),
        (UNLOCK_ROW, bool(unlockable_powers(state, god))),
    ):
        if able and ROW[row] in legal and not fires_event(state, row):
            useful.append(row)
    return useful


def test_no_empty_turn_when_a_useful_action_exists_in_many_games() -> None:
    # Every turn version 2 begins in 2- and 3-player games against version 1: a turn that
    # changes nothing and fires no event is taken only when no row surely helps.
    turns = empty = 0
    for players in (2, 3):
        for seed in range(3):
            state = AnkhGame({"players": players, "gods": "draw"}).new_initial_state(100 + seed)
            rng = Rng(seed)
            while not state.is_terminal:
                mine = state.to_move % 2 == 0
                if mine and state.phase == TURN and state.actions_taken == 0:
                    after, taken = _play_turn(state, VERSION_2)
                    turns += 1
                    if _footprint(after) == _footprint(state):
                        empty += 1
                        assert not _useful_without_event(state), (taken, state.history)
                state.apply((VERSION_2 if mine else policy)(state, rng))
    assert turns > 50


def test_no_empty_turn_in_a_quiet_position() -> None:
    # A dominates the West next to its Temple; nothing to win by moving; no power affordable:
    # a Summon or a Gain Followers still helps, so the turn is not spent moving nothing.
    state = position(2, ["A god 5,1", "A temple 6,1", "B god 1,5"], followers=[0, 0])
    assert _useful_without_event(state)
    after, taken = _play_turn(state, VERSION_2)
    assert _footprint(after) != _footprint(state), taken


# --- contesting a winning Domination -----------------------------------------------------------------------

#: Three players; C (28 Devotion) stands alone in the East with a Temple and an Obelisk: at the
#: coming Conflict (the next Move fires it) its two majorities and the Domination take it to 31,
#: the top of the track, and it wins.  A's Warrior on 7,3 can reach the East; A has a Temple
#: in the North where a summon is tempting.
DOMINATION = [
    "A god 5,1",
    "A warrior 7,3",
    "A warrior 4,1",
    "A temple 2,2",
    "B god 1,5",
    "B warrior 2,5",
    "C god 7,6",
    "C temple 8,6",
    "C obelisk 8,7",
]


def test_contests_an_imminent_winning_domination() -> None:
    state = position(3, DOMINATION, devotion=[10, 10, 28], followers=[2, 2, 2], next_event="conflict")
    east = state.regions.region_of[hx("7,6")]
    assert _gods_in_region(state, east) == {C}
    after, taken = _play_turn(state, VERSION_2)
    assert _gods_in_region(after, east) != {C}, taken  # contested: no Domination for C
    assert not after.is_terminal or C not in after.winner_seats()
    # Today's heuristic (version 1) summons in the North and lets C win (issue 35).
    before, taken_v1 = _play_turn(state, policy)
    assert _gods_in_region(before, east) == {C}, taken_v1


def test_stakes_weigh_a_god_about_to_reach_the_top_or_leave_the_red() -> None:
    far = position(3, DOMINATION, devotion=[10, 10, 10])
    near = position(3, DOMINATION, devotion=[10, 10, 28])
    for state in (far, near):
        assert StakesModel(state, 0).conflict == Model(state, 0).conflict  # the same expectations
    assert stake_weights(far, Model(far, 0).conflict) == [1.0, 1.0, 1.0]
    assert stake_weights(near, Model(near, 0).conflict) == [1.0, 1.0, TOP_WEIGHT]
    # Before the 4th Conflict (the one that forgets the red section), a god in the red whose
    # expected gains bring it near the edge weighs more; one far below does not.
    red_max = near.red_max
    forgetting = position(3, DOMINATION, devotion=[red_max - 1, 2, 10], next_event="conflict", conflict_number=4)
    weights = stake_weights(forgetting, Model(forgetting, 0).conflict)
    assert weights == [RED_WEIGHT, 1.0, 1.0]


def test_version_2_plays_whole_games_as_an_agent() -> None:
    game = AnkhGame({"players": 2})
    state: State = play_match(game, [make_agent("heuristic:version=2", seed=0), HeuristicAgent(1)], 3)
    assert state.is_terminal


# --- god powers -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("radiant", "expected"), [((), "sun"), (("4,1",), "nosun")])
def test_ra_spends_a_sun_token_only_where_it_adds_a_bonus(radiant: tuple[str, ...], expected: str) -> None:
    # Ra (A) dominates the West and summons a Warrior there: a Sun token makes it Radiant
    # unless a Radiant figure of his already stands in the West (one bonus a region, §4.1).
    spec = PositionSpec(
        players=2, gods="ra,amun", pieces=("A god 5,1", "A warrior 4,1", "B god 1,5"), ra_radiant=radiant
    )
    state = play(build_position(spec), "summon", "put warrior 6,1")
    assert legal(state) == ["sun", "nosun"]
    assert str(VERSION_2(state, Rng(0))) == expected


# --- hidden information --------------------------------------------------------------------------------


@pytest.mark.slow
def test_decision_independent_of_other_seats_secrets() -> None:
    # As for version 1 (tests/agents/test_heuristic_ankh.py): the same decision on the true
    # state and on a determinization for the acting seat, in every state of a few games
    # (version 2 in every seat), Battle card and bid decisions included.
    secret_decisions = 0
    for seed in range(3):
        players = 2 + seed % 3
        state = AnkhGame({"players": players}).new_initial_state(seed)
        while not state.is_terminal:
            seat = state.current_player
            other = state.determinize(seat, Rng(seed + len(state.history)))
            if state.phase in (CARD, BID) and other.full_state() != state.full_state():
                secret_decisions += 1
            choice = VERSION_2(state, Rng(7))
            assert VERSION_2(other, Rng(7)) == choice, state.history
            state.apply(choice)
    assert secret_decisions > 0  # the test saw decisions with hidden cards or bids
