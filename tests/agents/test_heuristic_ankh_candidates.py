"""The Ankh heuristic weighs exactly the engine's legal summons and moves (issue 28, item 1).

On seeded positions of games with each of the ten gods (and Satet, Apep and the Giant
Scorpion as Guardians in every other game, both Satet push options), the heuristic's
candidate summons (:func:`summon_candidates`) and moves (:func:`move_candidates`) are
compared with what the engine offers: the ``put`` actions onto land after taking the Summon
Figure row (Apep onto Water is not weighed, see :func:`summon_candidates`), and the ``pick``
actions after taking the Move Figures row with each picked figure's ``to`` actions.
Osiris's Underworld spaces (reserved for him, §4.1) and Satet's pushes (§3) are counted, so
that the test fails if the positions never reach them.
"""

from __future__ import annotations

import pytest

from netjer.agents.heuristic.ankh import move_candidates, policy, summon_candidates
from netjer.core import Rng
from netjer.games.ankh import AnkhGame, AnkhState
from netjer.games.ankh.base import IS_LAND, MOVE_PICK, SUMMON, TURN
from netjer.games.ankh.gods.base import GOD_IDS
from netjer.games.ankh.notation import ROW, Pick, Put, To

MOVE_ROW, SUMMON_ROW = 0, 1
#: Seeded games per god, and the share of random decisions among the heuristic's (varied
#: positions, with enough Followers spent on unlocks that Guardians come into play).
GAMES, RANDOM_SHARE = 3, 0.3


def _engine_summons(state: AnkhState) -> set[tuple[int, int]]:
    """(kind, hex) of every ``put`` onto land the engine offers once the Summon Figure row is
    taken (Apep onto Water, §3, is left out of the heuristic's candidates on purpose)."""
    st = state.clone()
    st.apply(ROW[SUMMON_ROW])
    if st.phase != SUMMON:
        return set()
    return {(a.kind, a.hex) for a in st.legal_actions() if isinstance(a, Put) and IS_LAND[a.hex]}


def _engine_moves(state: AnkhState) -> dict[int, list[int]]:
    """Each figure the engine lets the player pick in ``state`` (phase MOVE_PICK), with the
    spaces it may then go to."""
    out = {}
    for pick in state.legal_actions():
        if isinstance(pick, Pick):
            st = state.clone()
            st.apply(pick)
            out[pick.hex] = sorted(a.hex for a in st.legal_actions() if isinstance(a, To))
    return out


def _check(state: AnkhState, seen: dict[str, int]) -> None:
    god = state.god_of_seat[state.to_move]
    if state.phase == TURN and state.actions_taken == 0:
        summons = set(summon_candidates(state, god))
        assert summons == _engine_summons(state), state.history
        if state.n_reserved:
            seen["reserved"] += 1
        moving = state.clone()
        moving.apply(ROW[MOVE_ROW])
        engine = _engine_moves(moving) if moving.phase == MOVE_PICK else {}
    elif state.phase == MOVE_PICK:  # mid-action: the figures already moved are left out
        moving, engine = state, _engine_moves(state)
    else:
        return
    assert dict(move_candidates(moving, god)) == engine, state.history
    fown = moving.figure_owner
    seen["pushes"] += sum(1 for dests in engine.values() for b in dests if fown[b] >= 0)
    seen["positions"] += 1


@pytest.mark.slow
@pytest.mark.parametrize("god", GOD_IDS)
def test_candidate_summons_and_moves_are_the_engines_legal_ones(god: str) -> None:
    seen = {"positions": 0, "reserved": 0, "pushes": 0}
    for seed in range(GAMES):
        options = {
            "players": 3,
            "gods": f"{god},draw,draw",
            "guardians": "satet,apep,giant-scorpion" if seed % 2 == 0 else "draw",
            "satet_push": ("choose", "opposite")[seed // 2 % 2],
        }
        state = AnkhGame(options).new_initial_state(seed)
        rng = Rng(seed)
        while not state.is_terminal:
            _check(state, seen)
            legal = state.legal_actions()
            state.apply(rng.choice(legal) if rng.random() < RANDOM_SHARE else policy(state, rng))
    assert seen["positions"] >= 100, seen
    if god == "osiris":
        assert seen["reserved"] > 0, seen  # his Underworld tokens were on the board
    assert seen["pushes"] > 0, seen  # a Satet could push an enemy figure
