"""Determinism: the same seed and actions give the same record and state in a fresh process."""

from __future__ import annotations

import json
import subprocess
import sys

from netjer.core import GameRecord, Rng
from netjer.games.aton import AtonGame

SCRIPT = """
import json, sys
from netjer.core import GameRecord, Rng
from netjer.games.aton import AtonGame
state = AtonGame().new_initial_state(int(sys.argv[1]))
rng = Rng(99)
while not state.is_terminal:
    state.apply(rng.choice(state.legal_actions()))
print(json.dumps({"record": GameRecord.from_state(state, ["random", "random"]).to_json(),
                  "state": state.full_state()}, sort_keys=True))
"""


def _play_here(seed: int) -> dict[str, object]:
    state = AtonGame().new_initial_state(seed)
    rng = Rng(99)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    return {"record": GameRecord.from_state(state, ["random", "random"]).to_json(), "state": state.full_state()}


def test_same_seed_and_actions_same_game_in_a_fresh_process() -> None:
    for seed in (0, 12345):
        out = subprocess.run(
            [sys.executable, "-c", SCRIPT, str(seed)], capture_output=True, text=True, check=True
        ).stdout
        there = json.loads(out)
        here = json.loads(json.dumps(_play_here(seed), sort_keys=True))
        assert there == here


def test_different_seeds_deal_different_decks() -> None:
    assert AtonGame().new_initial_state(1).draw != AtonGame().new_initial_state(2).draw
