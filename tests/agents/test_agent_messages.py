"""The computer players' refusals in the reader's language (issue 32): every check of an agent
specification or of a search's settings raises a catalogue sentence (:class:`Sentence`), whose
English ``str()`` logs and the API keep, told whole in Spanish and German."""

from __future__ import annotations

import ast
import pickle
from collections.abc import Callable
from pathlib import Path

import pytest

from netjer import i18n
from netjer.agents import RandomAgent, make_agent
from netjer.agents.heuristic import HeuristicAgent
from netjer.agents.ismcts import ISMCTSAgent
from netjer.agents.levels import levels_for, resolve_agent
from netjer.agents.review import _make_search, review_decision
from netjer.core import ConfigError
from netjer.core.engine_lines import EngineLine
from netjer.core.errors import IllegalActionError
from netjer.games.registry import make_game
from netjer.i18n_sentences import Sentence, sentence_of, told_error
from netjer.sim.match import play_match
from netjer.sim.tournament import schedule
from tests.language_check import problems

AGENTS = Path(__file__).resolve().parents[2] / "src" / "netjer" / "agents"


def _is_sentence(arg: ast.expr) -> bool:
    """Whether ``arg`` is ``Sentence(...)`` (a catalogue message filled where it is raised)."""
    return isinstance(arg, ast.Call) and isinstance(arg.func, ast.Name) and arg.func.id == "Sentence"


def test_every_refusal_of_the_agents_is_a_catalogue_sentence() -> None:
    unmarked = []
    for path in sorted(AGENTS.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "ConfigError"):
                continue
            if not node.args or not _is_sentence(node.args[0]):
                unmarked.append(f"{path.relative_to(AGENTS)}:{node.lineno}: {ast.unparse(node)}")
    assert not unmarked, "agent refusals that are not catalogue sentences:\n" + "\n".join(unmarked)


#: Each refusal, and the English sentence the logs and the API's English answers keep.
REFUSALS: list[tuple[Callable[[], object], str]] = [
    (
        lambda: make_agent("ismcts:opponents=nobody"),
        "ismcts: the opponent model must be one of heuristic, mixture, got 'nobody'",
    ),
    (lambda: make_agent("ismcts:rollout=smart"), "ismcts: rollout must be 'random' or 'heuristic', got 'smart'"),
    (lambda: make_agent("ismcts:contempt=2"), "agent 'ismcts': contempt must be a number from 0 to 1, got 2"),
    (lambda: ISMCTSAgent(iterations=0), "ismcts: iterations must be positive, got 0"),
    (lambda: ISMCTSAgent(seconds=None), "ismcts: give a positive number of iterations or seconds per decision"),
    (lambda: ISMCTSAgent(max_seconds=0), "ismcts: the time ceiling must be positive, got 0"),
    (lambda: ISMCTSAgent(max_playout=5), "ismcts: a playout cut-off needs an evaluation function"),
    (lambda: ISMCTSAgent(contempt=1.5), "ismcts: the contempt must be from 0 to 1, got 1.5"),
    (lambda: ISMCTSAgent(evaluate="deep"), "ismcts: evaluate must be 'heuristic', 'value' or a function, got 'deep'"),
    (lambda: make_agent("heuristic:temperature=warm"), "agent 'heuristic': temperature='warm' is not a number"),
    (
        lambda: make_agent("heuristic:temperature=-1"),
        "agent 'heuristic': temperature must be a finite number >= 0, got -1",
    ),
    (lambda: HeuristicAgent(epsilon=2), "heuristic: epsilon must be between 0 and 1, got 2"),
    (lambda: HeuristicAgent(temperature=-1), "heuristic: temperature must be 0 or more, got -1"),
    (lambda: make_agent("human"), "a human seat is played through a front end (terminal or web), not built here"),
    (lambda: levels_for("aton", 3), "there are no computer levels for 'aton' with 3 players"),
    (lambda: resolve_agent("genius", "aton", 2), "unknown agent 'genius': choose a level"),
    (lambda: _make_search(make_game("aton"), 0, 1.0, "random", None, None), "iterations must be positive, got 0"),
    (lambda: _make_search(make_game("aton"), 5, 1.0, "random", None, 0), "the playout depth must be positive, got 0"),
    (lambda: _make_search(make_game("aton"), 5, 1.0, "random", "x", None), "the opponent model must be none or"),
    # netjer simulate --agents: the tournament's checks of its agents
    (lambda: schedule("aton", [], 2), "name at least one agent"),
    (lambda: schedule("aton", ["random"] * 3, 2), "Aton has 2 seats; 3 agents were named"),
    (lambda: schedule("ankh", ["human"], 2), "a tournament is played by computer agents only"),
    (lambda: schedule("aton", ["random", "ismcts:contempt=x"], 2), "agent 'ismcts': contempt='x' is not a number"),
    (lambda: schedule("aton", ["random"], 2, rotate_starts=True), "Aton has no start positions to rotate"),
    (lambda: play_match(make_game("aton"), [RandomAgent(0)], 0), "Aton needs 2 agents, got 1"),
]


@pytest.mark.parametrize(("refused", "english"), REFUSALS)
@pytest.mark.parametrize("language", ["es", "de"])
def test_an_agent_refusal_is_told_whole_in_the_language_asked(
    refused: Callable[[], object], english: str, language: str
) -> None:
    with pytest.raises(ConfigError) as err:
        refused()
    assert str(err.value).startswith(english)  # the English text logs and the API keep
    sentence = sentence_of(err.value)
    assert isinstance(err.value.args[0], Sentence), "raised with English text, not a catalogue sentence"
    told = sentence.told(language)
    assert told != str(sentence)
    assert not problems(told, language, ("common",)), told


def test_an_illegal_decision_given_to_a_review_is_refused_with_the_engines_reason_told() -> None:
    state = make_game("aton").new_initial_state(7)
    illegal = make_game("aton").parse_action("place 1Y")
    assert illegal not in state.legal_actions()
    reason = state.illegal(illegal)
    assert isinstance(reason, IllegalActionError)
    with pytest.raises(ConfigError) as err:
        review_decision(state, illegal, iterations=5)
    assert str(err.value) == f"place 1Y is illegal there: {reason.reason}"
    told = sentence_of(err.value).told("es")
    assert told.startswith("place 1Y no es legal en esa posición: ") and told != str(err.value)
    assert not problems(told, "es", ("common", "aton")), told


def test_a_front_end_prints_an_agent_refusal_in_its_language() -> None:
    with pytest.raises(ConfigError) as err:
        make_agent("ismcts:opponents=x")
    assert told_error(err.value) == str(err.value)  # the process speaks English
    i18n.set_language("de")
    try:
        assert told_error(err.value) == sentence_of(err.value).told("de") != str(err.value)
        assert told_error(err.value, "es") == sentence_of(err.value).told("es")
        assert told_error(ValueError("plain words")) == "plain words"  # a text of no catalogue, as it is
    finally:
        i18n.set_language(i18n.DEFAULT_LANGUAGE)


def test_a_refusal_keeps_its_sentence_across_a_worker_process() -> None:
    # a hint's search runs in a worker (netjer.server.ai_service): its refusal comes back pickled
    state = make_game("aton").new_initial_state(7)
    with pytest.raises(ConfigError) as err:
        review_decision(state, make_game("aton").parse_action("place 1Y"), iterations=5)
    back = pickle.loads(pickle.dumps(err.value))
    assert str(back) == str(err.value)
    assert sentence_of(back).told("de") == sentence_of(err.value).told("de") != str(err.value)
    assert isinstance(sentence_of(back).params["reason"], EngineLine)
