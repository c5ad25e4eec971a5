"""The read-only rule queries (ankh.rules_queries) shared by the engine and the heuristic; the powers file."""

from __future__ import annotations

import pytest

from netjer.core.errors import DataFileError
from netjer.games.ankh.pieces import GOD, WARRIOR
from netjer.games.ankh.powers import POWER_IDS, POWER_LEVEL, load_powers, validate_powers
from netjer.games.ankh.rules_queries import (
    build_cost,
    figure_strength,
    god_figure_strength,
    god_figure_strengths,
    in_red,
    majorities_won,
    neutralised,
    unlockable_powers,
)
from tests.games.ankh.builder import hx, position


def test_majority_needs_strictly_more_than_every_other_god_s9() -> None:
    # Two gods: A 2 Obelisks vs B 1 (A wins); Temples 1-1 (nobody); Pyramids B 1 (B wins).
    counts = [2, 1, 0, 1, 1, 1]
    assert majorities_won(counts, 2) == [1, 1]
    assert majorities_won([0, 0, 0, 0, 0, 0], 2) == [0, 0]


def test_resplendent_god_strength_needs_three_of_one_type_s2_2() -> None:
    pieces = ["A god 4,4", "A temple 4,5", "A temple 4,3", "A temple 7,3", "B god 5,1", "B obelisk 2,5"]
    s = position(2, pieces, powers={"A": ["resplendent"], "B": ["resplendent"]})
    assert god_figure_strengths(s) == [3, 1]
    assert [god_figure_strength(s, g) for g in range(2)] == [3, 1]
    s = position(2, pieces[:3] + pieces[4:], powers={"A": ["resplendent"]})
    assert god_figure_strengths(s) == [1, 1]
    assert [god_figure_strength(s, g) for g in range(2)] == [1, 1]
    s = position(2, pieces, powers={"B": ["resplendent"]})  # A's three Temples without the power
    assert god_figure_strengths(s) == [1, 1] == [god_figure_strength(s, g) for g in range(2)]


def test_androsphinx_neutralises_an_enemy_next_to_it_s3() -> None:
    pieces = ["A god 4,4", "A androsphinx 4,3", "B god 5,4", "B warrior 5,3", "B warrior 7,7"]
    s = position(2, pieces)
    owners = s.figure_owner
    assert neutralised(s, hx("5,3"), 1, owners)
    assert not neutralised(s, hx("7,7"), 1, owners)
    assert not neutralised(s, hx("4,4"), 0, owners)  # its own god's figures keep their strength
    assert figure_strength(s, hx("5,3"), WARRIOR, 1, owners, 1) == 0
    assert figure_strength(s, hx("7,7"), WARRIOR, 1, owners, 1) == 1
    assert figure_strength(s, hx("7,7"), GOD, 1, owners, 3) == 3


def test_red_section_build_cost_and_unlock_s5_s1_s2_1() -> None:
    s = position(2, ["A god 4,4", "B god 5,1"], devotion=[19, 20], followers=[0, 2], powers={"B": ["inspiring"]})
    assert [in_red(s, 0), in_red(s, 1)] == [True, False]
    assert [build_cost(s, 0), build_cost(s, 1)] == [3, 0]
    assert unlockable_powers(s, 0) == []  # a level-1 token costs 1 Follower
    assert len(unlockable_powers(s, 1)) == 3  # Inspiring is already unlocked


def test_powers_file_is_read_and_checked_s2_2() -> None:
    # The engine's power levels come from data/powers.json, checked against §2.2 on import.
    assert POWER_LEVEL == (1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3)
    assert [p.id for p in load_powers()] == list(POWER_IDS)
    entries = [{"id": p.id, "name": p.name, "level": p.level} for p in load_powers()]
    with pytest.raises(DataFileError, match=r"Resplendent is a level 2 power \(§2.2\), the file says 3"):
        validate_powers("bad.json", {"powers": [*entries[:4], {**entries[4], "level": 3}, *entries[5:]]})
    with pytest.raises(DataFileError, match="expected the powers commanding"):
        validate_powers("bad.json", {"powers": entries[1:]})
    with pytest.raises(DataFileError, match="level must be 1, 2 or 3"):
        validate_powers("bad.json", {"powers": [{**entries[0], "level": 0}]})
