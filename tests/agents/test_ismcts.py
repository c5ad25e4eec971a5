"""ISMCTS (netjer.agents.ismcts): legal, deterministic, blind to hidden information."""

from __future__ import annotations

import gc
import threading
import time

import pytest

from netjer.agents import ISMCTSAgent, make_agent
from netjer.agents.heuristic import POLICIES, heuristic_policy
from netjer.agents.ismcts import collector_paused, mixture_models
from netjer.core import ConfigError, PlayerView, Rng, State
from netjer.core.action import Action
from netjer.games.aton import AtonGame, AtonState
from netjer.games.aton.actions import ASSIGN
from netjer.games.registry import make_game
from netjer.sim.tournament import schedule
from tests.games.aton.builder import give_hand, position


def _midgame(seed: int, moves: int) -> AtonState:
    state = AtonGame().new_initial_state(seed)
    rng = Rng(seed)
    for _ in range(moves):
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(
    ("games", "iterations"),
    [pytest.param(1, 4, id="short"), pytest.param(3, 15, id="full", marks=pytest.mark.slow)],
)
def test_returns_legal_actions_through_whole_games(games: int, iterations: int) -> None:
    for seed in range(games):
        state = AtonGame().new_initial_state(seed)
        agents = [
            ISMCTSAgent(seed, iterations=iterations),
            ISMCTSAgent(seed + 1, iterations=iterations, rollout="heuristic"),
        ]
        while not state.is_terminal:
            seat = state.current_player
            action = agents[seat].choose(PlayerView(state, seat))
            assert action in state.legal_actions()
            state.apply(action)


def test_same_seed_same_decision() -> None:
    state = _midgame(4, 20)
    seat = state.current_player
    a = ISMCTSAgent(9, iterations=200).choose(PlayerView(state, seat))
    b = ISMCTSAgent(9, iterations=200).choose(PlayerView(state, seat))
    assert a == b


def test_a_time_ceiling_stops_an_iterations_budget_early() -> None:
    state = _midgame(4, 20)
    seat = state.current_player
    agent = ISMCTSAgent(9, iterations=10**9, max_seconds=0.02)
    t0 = time.perf_counter()
    action = agent.choose(PlayerView(state, seat))
    assert time.perf_counter() - t0 < 5
    assert action in state.legal_actions() and 0 < agent.last_iterations < 10**9


def test_long_iterations_do_not_overrun_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    # A fake clock: every playout step costs 30 ms of "time", so one iteration is long
    # against a 0.1 s budget; the search must stop before an iteration would overrun it.
    clock = [100.0]
    monkeypatch.setattr("netjer.agents.ismcts.time.perf_counter", lambda: clock[0])

    def slow(st: State, rng: Rng) -> Action:
        clock[0] += 0.03
        legal = st.legal_actions()
        return legal[rng.below(len(legal))]

    state = _midgame(4, 20)
    agent = ISMCTSAgent(9, seconds=0.1, rollout=slow, max_playout=1, evaluate=lambda st: [0.0, 0.0])
    start = clock[0]
    agent.choose(PlayerView(state, state.current_player))
    assert agent.last_iterations >= 1
    assert clock[0] - start <= 0.1 * 1.10


def test_a_ceiling_not_reached_changes_nothing() -> None:
    state = _midgame(4, 20)
    seat = state.current_player
    plain = ISMCTSAgent(9, iterations=200)
    capped = ISMCTSAgent(9, iterations=200, max_seconds=60.0)
    assert plain.choose(PlayerView(state, seat)) == capped.choose(PlayerView(state, seat))
    assert plain.last_iterations == capped.last_iterations == 200
    with pytest.raises(ConfigError, match="ceiling must be positive"):
        ISMCTSAgent(1, iterations=10, max_seconds=0)


def test_decision_does_not_depend_on_hidden_information() -> None:
    # Two states with the same observation for the searching seat but different hidden
    # cards (the opponent's hand and face-down cartouches, the piles' order, the seed).
    for moves in (3, 5, 20, 37):
        state = _midgame(11, moves)
        seat = state.current_player
        other = state.determinize(seat, Rng(123))
        assert other.observation(seat) == state.observation(seat)
        assert other.full_state() != state.full_state()
        a = ISMCTSAgent(5, iterations=150).choose(PlayerView(state, seat))
        b = ISMCTSAgent(5, iterations=150).choose(PlayerView(other, seat))
        assert a == b


def test_finds_the_winning_cartouche_1() -> None:
    # Red has 36 points; a 4 on cartouche 1 against Blue's known 1 wins at once, and ISMCTS
    # sees it (Blue's cartouche is face down, but Blue holds only 1s in every determinization
    # because Blue's whole deck is 1s here).
    state = position(scores=(36, 0))
    state.draw[1] = [1] * len(state.draw[1])
    give_hand(state, 0, (4, 2, 2, 2))
    state.hand[1] = [1, 1, 1, 1]
    action = ISMCTSAgent(1, iterations=400).choose(PlayerView(state, 0))
    assert action == ASSIGN[4]


def test_single_legal_action_is_returned_without_search() -> None:
    agent = ISMCTSAgent(1, iterations=50)
    state = position()  # a hand of four equal cards leaves one legal assignment
    give_hand(state, 0, (3, 3, 3, 3))
    assert agent.choose(PlayerView(state, 0)) == ASSIGN[3]
    assert agent.last_iterations == 0


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:iterations=0", "must be a positive"),
        ("ismcts:time=nan", "finite"),
        ("ismcts:time=inf", "finite"),
        ("ismcts:time=fast", "not a number"),
        ("ismcts:rollout=smart", "rollout must be"),
        ("ismcts:depth=0", "must be a positive"),
        ("ismcts:depth=deep", "not a number"),
        ("ismcts:width=3", "no parameter 'width'"),
    ],
)
def test_bad_ismcts_specs(spec: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        make_agent(spec)


def test_spec_builds_the_budget() -> None:
    agent = make_agent("ismcts:iterations=40,c=0.5,rollout=heuristic", seed=3)
    assert isinstance(agent, ISMCTSAgent)
    assert agent.iterations == 40 and agent.exploration == 0.5 and agent.rollout == "heuristic"
    timed = make_agent("ismcts:time=0.25")
    assert isinstance(timed, ISMCTSAgent) and timed.iterations is None and timed.seconds == 0.25


def test_depth_cuts_playouts_with_the_games_evaluation() -> None:
    agent = make_agent("ismcts:iterations=30,rollout=heuristic,depth=12")
    assert isinstance(agent, ISMCTSAgent)
    assert agent.max_playout == 12 and agent.evaluate == "heuristic"
    calls: list[int] = []

    def evaluate(state: State) -> list[float]:
        calls.append(len(state.history))
        return [0.0] * state.game.num_players

    searcher = ISMCTSAgent(2, iterations=30, max_playout=1, evaluate=evaluate)
    state = _midgame(3, 4)
    assert searcher.choose(PlayerView(state, state.current_player)) in state.legal_actions()
    assert calls  # playouts were cut and scored by the evaluation


def test_a_game_without_evaluation_is_refused_up_front() -> None:
    agent = make_agent("ismcts:iterations=5,depth=10")
    with pytest.raises(ConfigError, match="no evaluation function"):
        agent.prepare(AtonGame())
    with pytest.raises(ConfigError, match="no evaluation function"):
        schedule("aton", ["ismcts:iterations=5,depth=10", "random"], 2)
    with pytest.raises(ConfigError, match="evaluate must be"):
        ISMCTSAgent(1, iterations=5, max_playout=3, evaluate="oracle")
    with pytest.raises(ConfigError, match="cut-off must be positive"):
        ISMCTSAgent(1, iterations=5, max_playout=0, evaluate="heuristic")


def test_a_game_without_heuristic_is_refused_up_front(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(POLICIES, "nile", raising=False)
    with pytest.raises(ConfigError, match="no heuristic"):
        schedule("nile", ["heuristic", "random"], 2)
    with pytest.raises(ConfigError, match="no heuristic"):
        schedule("nile", ["ismcts:iterations=5,rollout=heuristic", "random"], 2)


def test_guided_expansion_tries_the_playout_policys_choice_first() -> None:
    state = _midgame(6, 9)
    seat = state.current_player
    legal = state.legal_actions()
    assert len(legal) > 2

    def last(st: State, rng: Rng) -> Action:
        return st.legal_actions()[-1]

    # One iteration expands one root child: the policy's choice when guided.
    guided = ISMCTSAgent(4, iterations=1, rollout=last, guided=True)
    assert guided.choose(PlayerView(state, seat)) == legal[-1]
    picks = {ISMCTSAgent(k, iterations=1, rollout=last).choose(PlayerView(state, seat)) for k in range(12)}
    assert len(picks) > 1  # unguided, the first expansion is a random untried action
    spec_agent = make_agent("ismcts:iterations=5,guided=1")
    assert isinstance(spec_agent, ISMCTSAgent) and spec_agent.guided
    with pytest.raises(ConfigError, match="guided must be 0 or 1"):
        make_agent("ismcts:guided=maybe")


def test_an_opponent_model_plays_the_other_seats_in_the_tree() -> None:
    state = _midgame(8, 11)
    seat = state.current_player
    asked: list[int] = []

    def first(st: State, rng: Rng) -> Action:
        asked.append(st.current_player)
        return st.legal_actions()[0]

    agent = ISMCTSAgent(5, iterations=60, opponents=first)
    chosen = agent.choose(PlayerView(state, seat))
    assert chosen in state.legal_actions()
    # The model decided for the other seat inside the tree, and never for the searcher.
    assert asked and set(asked) == {1 - seat}
    again = ISMCTSAgent(5, iterations=60, opponents=first)
    assert again.choose(PlayerView(state, seat)) == chosen
    spec_agent = make_agent("ismcts:iterations=5,opponents=heuristic")
    assert isinstance(spec_agent, ISMCTSAgent) and spec_agent.opponents == "heuristic"
    spec_agent.prepare(AtonGame())
    assert callable(spec_agent.opponents)
    with pytest.raises(ConfigError, match="opponent model must be one of heuristic, mixture"):
        make_agent("ismcts:opponents=random")


def test_a_mixture_of_opponent_models_draws_a_model_per_iteration() -> None:
    """``opponents=mixture`` (issue 35 item 2): each iteration meets one of several kinds of
    opponent: here a model that always takes the first legal action, one that always takes
    the last, and no model (the other seat searched by UCB1)."""
    state = _midgame(8, 11)
    seat = state.current_player
    asked: dict[str, int] = {"first": 0, "last": 0}

    def first(st: State, rng: Rng) -> Action:
        asked["first"] += 1
        return st.legal_actions()[0]

    def last(st: State, rng: Rng) -> Action:
        asked["last"] += 1
        return st.legal_actions()[-1]

    agent = ISMCTSAgent(5, iterations=120)
    agent.prepare(AtonGame())
    agent.mixture = (first, last, None)
    chosen = agent.choose(PlayerView(state, seat))
    assert chosen in state.legal_actions()
    assert asked["first"] > 0 and asked["last"] > 0  # both models played in the tree
    again = ISMCTSAgent(5, iterations=120)
    again.prepare(AtonGame())
    again.mixture = (first, last, None)
    assert again.choose(PlayerView(state, seat)) == chosen  # still a function of the seed
    spec_agent = make_agent("ismcts:iterations=5,opponents=mixture")
    assert isinstance(spec_agent, ISMCTSAgent)
    spec_agent.prepare(AtonGame())
    assert spec_agent.opponents is None and len(spec_agent.mixture) == 2 and spec_agent.mixture[-1] is None
    assert len(mixture_models("ankh")) == 3  # Ankh adds its second heuristic


#: A Dioses del Nilo game (seed 1001) in which Seth, to move, can only save himself by
#: repeating the position a third time (``move b1 a1``: a draw, rules/nilo.md §3.8); every
#: other move loses to the heuristic's reply.
_NILE_REPEAT = (
    "place 4 a1 down",
    "place 5 a3",
    "place 5 b2",
    "place 2 c3",
    "move b1 c1",
    "attack c3 c1",
    "attack b2 b4",
    "move a3 b3",
    "move a1 b1",
    "move b3 a3",
    "move b1 a1",
    "move a3 b3",
    "move a1 b1",
    "move b3 a3",
)


def test_contempt_counts_a_drawn_playout_against_the_searcher() -> None:
    from netjer.agents.ismcts import _Node  # noqa: PLC0415 - the tree's statistics
    from netjer.games.registry import make_game  # noqa: PLC0415

    game = make_game("nile", {})
    state = game.new_initial_state(1001)
    for text in _NILE_REPEAT:
        state.apply(next(a for a in state.legal_actions() if str(a) == text))
    draw = next(a for a in state.legal_actions() if str(a) == "move b1 a1")
    seat = state.current_player
    means = {}
    for contempt in (0.0, 0.5):
        agent = ISMCTSAgent(0, iterations=60, rollout="heuristic", opponents="heuristic", contempt=contempt)
        agent.prepare(game)
        root = _Node(None, -1)
        rng = Rng(0)
        view = PlayerView(state, seat)
        for _ in range(60):
            agent._iterate(root, view.determinize(rng), rng, seat)
        child = root.children[draw]
        means[contempt] = child.total / child.visits
    assert means == {0.0: 0.0, 0.5: -0.5}  # the draw ends every line through it
    spec_agent = make_agent("ismcts:iterations=5,contempt=0.25")
    assert isinstance(spec_agent, ISMCTSAgent) and spec_agent.contempt == 0.25
    assert isinstance(make_agent("ismcts:iterations=5"), ISMCTSAgent)
    for bad, message in (("1.5", "from 0 to 1"), ("-0.1", "from 0 to 1"), ("much", "not a number")):
        with pytest.raises(ConfigError, match=message):
            make_agent(f"ismcts:iterations=5,contempt={bad}")
    with pytest.raises(ConfigError, match="contempt must be from 0 to 1"):
        ISMCTSAgent(1, iterations=5, contempt=2.0)


def test_the_collector_is_paused_during_a_search_and_restored() -> None:
    # The cyclic garbage collector is off while the search runs, back as it was after; the
    # tree (no parent links) leaves no cyclic garbage behind.
    state = _midgame(4, 20)
    seen: list[bool] = []

    def rollout(s: State, rng: Rng) -> Action:
        seen.append(gc.isenabled())
        return rng.choice(s.legal_actions())

    assert gc.isenabled()
    gc.collect()
    ISMCTSAgent(3, iterations=20, rollout=rollout).choose(PlayerView(state, state.current_player))
    assert seen and not any(seen) and gc.isenabled()
    assert gc.collect() == 0
    gc.disable()
    try:
        ISMCTSAgent(3, iterations=5).choose(PlayerView(state, state.current_player))
        assert not gc.isenabled()  # left off by the caller: left off
    finally:
        gc.enable()


def test_the_collector_stays_paused_until_the_last_of_several_searching_threads_ends() -> None:
    """Two threads' searches overlap, the first to start ends first: the collector stays off
    for the other (it came back on under it before), and is on again once that one ends."""
    entered = [threading.Event(), threading.Event()]
    leave = [threading.Event(), threading.Event()]
    left = [threading.Event(), threading.Event()]
    errors: list[BaseException] = []

    def search(i: int) -> None:
        try:
            with collector_paused():
                entered[i].set()
                assert leave[i].wait(30), "the test never let the search end"
        except BaseException as err:  # seen by the main thread
            errors.append(err)
        finally:
            left[i].set()

    threads = [threading.Thread(target=search, args=(i,), daemon=True) for i in (0, 1)]
    assert gc.isenabled()
    try:
        threads[0].start()
        assert entered[0].wait(30)
        assert not gc.isenabled()
        threads[1].start()
        assert entered[1].wait(30)
        leave[0].set()  # the first search (which found the collector on) ends
        assert left[0].wait(30)
        assert not gc.isenabled(), "the collector came back on while a search still ran"
        leave[1].set()
        assert left[1].wait(30)
        assert gc.isenabled()
    finally:
        for event in leave:
            event.set()
        for thread in threads:
            thread.join(30)
        gc.enable()
    assert not errors


def test_nested_collector_pauses_restore_the_state_found_by_the_outermost() -> None:
    """Nested pauses (one also ending by an error) keep the collector off until the outermost
    ends; a collector the caller had turned off is left off."""
    assert gc.isenabled()
    with collector_paused():
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
        with pytest.raises(ValueError, match="search failed"), collector_paused():
            raise ValueError("search failed")
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            with collector_paused():
                pass
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_the_playouts_and_the_opponent_model_play_the_heuristic_version_asked() -> None:
    """``rollout_version`` and ``opponents_version`` (issue 35): Ankh's heuristic of that version
    plays the playouts (and the guided expansion) or the other seats in the tree; the default,
    1, is today's heuristic itself (the pinned searches)."""
    game = make_game("ankh", {"players": "2"})
    agent = make_agent("ismcts:iterations=4,rollout=heuristic,opponents=heuristic,rollout_version=3")
    assert isinstance(agent, ISMCTSAgent) and (agent.rollout_version, agent.opponents_version) == (3, 1)
    agent.prepare(game)
    assert agent.opponents is heuristic_policy("ankh")
    rollout = agent.rollout
    assert callable(rollout)
    version_3, version_1 = heuristic_policy("ankh", version=3), heuristic_policy("ankh")
    state = game.new_initial_state(12)
    differ = 0
    for k in range(60):
        if state.is_terminal:
            break
        assert rollout(state, Rng(k)) == version_3(state, Rng(k))
        differ += version_1(state, Rng(k)) != version_3(state, Rng(k))
        state.apply(version_1(state, Rng(k)))
    assert differ > 0  # the two versions are told apart on these positions
    model = ISMCTSAgent(
        3,
        iterations=12,
        rollout="heuristic",
        opponents="heuristic",
        opponents_version=3,
        max_playout=6,
        evaluate="heuristic",
    )
    assert model.choose(PlayerView(state, state.current_player)) in state.legal_actions()
    with pytest.raises(ConfigError, match="version must be one of 1, 2"):
        make_agent("ismcts:opponents=heuristic,opponents_version=4")
    with pytest.raises(ConfigError, match="no temperature, plan or version"):
        make_agent("ismcts:iterations=3,rollout=heuristic,rollout_version=2").prepare(AtonGame())
