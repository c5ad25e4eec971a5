"""Ankh's words for the players: action descriptions, log lines, refusals and notation errors
(src/netjer/games/ankh/state.py, notation.py; new-user test of the terminal)."""

from __future__ import annotations

import re

import pytest

from netjer.core import Rng
from netjer.core.errors import ActionSyntaxError
from netjer.games.ankh import AnkhGame
from netjer.games.ankh.notation import Word, parse_action
from tests.games.ankh.builder import play, position

#: Words that decline (or end) something: never described as a bare "Player 5: done".
DECLINES = {"end", "done", "noswap", "nobuild", "notiebreak", "noworship", "noamun", "notrap"}
DECLINES |= {"nounderworld", "nosun", "noplace", "noguess"}


def _random_games() -> list[tuple[list[str], list[str]]]:
    """(descriptions of every decline offered, the final log) of random 5-player games with
    all ten gods."""
    out = []
    for gods in ("amun,anubis,isis,osiris,ra", "bastet,hathor,thoth,horus,seth"):
        s = AnkhGame({"players": 5, "gods": gods}).new_initial_state(4)
        rng = Rng(8)
        words = []
        while not s.is_terminal:
            acts = s.legal_actions()
            for a in acts:
                if isinstance(a, Word) and a.word in DECLINES:
                    words.append(s.describe_action(a, s.current_player))
            s.apply(acts[rng.below(len(acts))])
        out.append((words, list(s.log)))
    return out


def test_every_decline_is_said_in_words() -> None:
    seen = 0
    for words, _ in _random_games():
        for text in words:
            assert not re.fullmatch(r"Player \d: \w+", text), text
            assert text.endswith(".")
            seen += 1
    assert seen > 50
    s = position(2, ["A god 4,4", "B god 6,6"])
    assert s.describe_action(parse_action("move"), 0) == "Player 1 takes the Move Figures action."


def test_the_common_decisions_are_told_in_words_with_the_gods_names() -> None:
    s = position(2, ["A god 4,4", "A warrior 4,5", "B god 6,6"], gods="seth,none")
    assert s.describe_action(parse_action("move"), None) == "Seth takes the Move Figures action."
    play(s, "move")
    assert s.describe_action(parse_action("pick 4,5"), None) == "Seth picks the figure on 4,5 to move it."
    play(s, "pick 4,5")
    to = next(a for a in s.legal_actions() if str(a).startswith("to "))
    assert s.describe_action(to, None) == f"Seth moves the figure on 4,5 to {str(to)[3:]}."
    play(s, str(to))
    assert not any("Player 1" in line for line in s.log)


def test_log_lines_agree_in_number_and_article() -> None:
    for _, log in _random_games():
        text = "\n".join(log)
        assert not re.search(r"\b1 [A-Z]\w*s\b", text), re.findall(r".*\b1 [A-Z]\w*s\b.*", text)
        assert not re.search(r"\ba [aeiou]", text), re.findall(r".*\ba [aeiou].*", text)


def test_unlocking_level_one_costs_1_follower_in_the_log() -> None:
    """The unlock's words (its cost, in the singular) are the action's; the log does not repeat them."""
    s = position(2, ["A god 4,4", "B god 6,6"], followers=[3, 3])
    play(s, "unlock")
    words = s.describe_action(parse_action("power revered"), 0)
    assert words == "Player 1 unlocks the Ankh power Revered (1 Follower)."
    play(s, "power revered")
    assert not any("unlocks" in line for line in s.log)


@pytest.mark.parametrize("text", ["put warrior 9,9", "cat star 9,9", "pick 0,0", "camel 4,1|9,9", "to (9, 9)"])
def test_a_well_formed_action_off_the_map_names_the_space(text: str) -> None:
    with pytest.raises(ActionSyntaxError) as err:
        parse_action(text)
    message = str(err.value)
    assert message.endswith("is not a space of the Ankh map") and "e.g." not in message
    assert message.split(maxsplit=1)[0] in ("9,9", "0,0")


def test_a_camel_between_distant_spaces_is_explained() -> None:
    with pytest.raises(ActionSyntaxError, match="4,1 and 5,5 do not share a side"):
        parse_action("camel 4,1|5,5")
    assert str(parse_action("camel 4,2|4,1")) == "camel 4,1|4,2"  # either order
    with pytest.raises(ActionSyntaxError, match=r"is not an Ankh action; e\.g\."):
        parse_action("zorg 4,1")  # not an action at all: the examples


def test_refusals_do_not_repeat_not_allowed() -> None:
    s = position(2, ["A god 4,4", "B god 6,6"])
    err = s.illegal(parse_action("reveal 4,4"))
    assert err.reason.startswith("the decision now: choose an action row"), err.reason
    s = AnkhGame({"players": 2, "gods": "bastet,none", "first_player": 0}).new_initial_state(1)
    err = s.illegal(parse_action("kill 4,4"))  # a god's decision
    assert err.reason == "the decision now: place a cat face down on a Monument in another region"
    assert err.rule == "Ankh §4.2 Bastet"
