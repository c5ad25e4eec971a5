"""The codes every Ankh rules module shares: decision points (``phase``), Conflict steps
(``conflict_step``), continuations, and the board.

The position is one class, :class:`netjer.games.ankh.state.AnkhState` (the kernel's ``State``
and nothing between); the rules are modules named after the rulebook's chapters, whose
functions take the state explicitly: :mod:`~netjer.games.ankh.devotion` (§5),
:mod:`~netjer.games.ankh.guardians` (§3), :mod:`~netjer.games.ankh.actions` (§7: turn, tracks,
the four actions), :mod:`~netjer.games.ankh.events` (§6), :mod:`~netjer.games.ankh.battle`
(§10.3, §1), :mod:`~netjer.games.ankh.merge` (§10.4), :mod:`~netjer.games.ankh.victory`
(§10.5, §10.6), :mod:`~netjer.games.ankh.conflict` (§10.1, §10.2); the read-only rule queries
that the heuristic also calls are :mod:`~netjer.games.ankh.rules_queries`.  A rule that hands
control on (an action reaching the end of its track fires an event; a decision inside a
Conflict resumes it) calls the other chapter's function when that chapter is below it, and
asks the state when it is above (``AnkhState.fire_event``, ``run_conflict``,
``run_battle_step``: a chapter imports only those below it, no import loop); the phase tables
(:mod:`~netjer.games.ankh.phases`) say which function answers each decision.

God powers (rules/ankh.md §4; :mod:`netjer.games.ankh.gods`): ``holder[i]`` is the god that
holds power ``i`` (-1: not in play), ``power_data[i]`` its components, ``hooks`` the hooks of the
powers in play.  A power's decision is a *task* ``(phase, god, arg)`` in ``tasks``: when a
flow reaches a point where the rules let queued decisions happen it calls
:meth:`AnkhState.ask_queued_then` with what to do afterwards (one of the ``CONT_*``, pushed on the
continuation stack ``resume_stack``); the engine asks each task's god in turn
(:meth:`AnkhState.ask_next_task`) and then resumes (:meth:`AnkhState.resume` pops the stack).
A Giant Scorpion's aim is a decision of its own between two steps of a flow: the step to go on
with is pushed on the same stack (``CONT_AIMED_*``).  Inside a Conflict the loop drains the
queue before every step (docs/ankh-engine-flow.md).
Engine data the powers may set: ``reserved`` (spaces only one god's figures may use, §4.1
Osiris), ``badge`` (a marker travelling with a figure, §4.1 Ra's Sun token), and in the
battle record (``battle``, :class:`netjer.games.ankh.fields.Battle`) ``forbidden_card`` (a
card nobody may play in this battle, §4.2 Horus), ``two_cards`` (gods playing two cards in
this battle, §4.1 Amun), ``victims`` (the figures about to die in Battle Resolution, §4.1 Isis).
During a Conflict a figure counts for the god ``rules_queries.controllers(st)[h]`` (its owner,
unless §4.2 Seth controls it).

Gods and seats: god ``g`` is the god that seat ``g`` started with.  After a merge (§10.4)
the minor god's seat plays for the major god: ``god_of_seat[s]`` is the god seat ``s`` plays,
``seat_of_god[g]`` the seat that takes god ``g``'s decisions outside its own turns (the
major god's player decides for a merged god, §10.4).
"""

from __future__ import annotations

from typing import Final

from netjer.games.ankh.board import Board, load_board

#: Decision points (``AnkhState.phase``).
TURN: Final = 0
MOVE_PICK: Final = 1
MOVE_TO: Final = 2
PUSH: Final = 3
AIM: Final = 4
SUMMON: Final = 5
PYRAMID_PUT: Final = 6
UNLOCK: Final = 7
CLAIM: Final = 8
CAMEL: Final = 9
KEEP: Final = 10
SWAP: Final = 11
OBELISK_PICK: Final = 12
OBELISK_TO: Final = 13
CARD: Final = 14
BUILD: Final = 15
BID: Final = 16
MUMMY: Final = 17
TIEBREAK: Final = 18
WORSHIP: Final = 19
ADOPT: Final = 20
OVER: Final = 21
TURN_END: Final = 22
#: Their names, rules, prompts, legal actions and effects: :data:`netjer.games.ankh.phases.PHASE_RULES`.


#: Steps of a Conflict (``conflict_step``); the ``B_*`` ones are a Battle's.
C_REGION: Final = 0
B_OBELISK: Final = 1
B_START: Final = 2
B_DEAL: Final = 3
B_CARDS: Final = 4
B_REVEAL: Final = 5
B_BUILD: Final = 6
B_PLAGUE: Final = 7
B_BIDS: Final = 8
B_MAJORITY: Final = 9
B_RESOLVE: Final = 10
B_APPLY: Final = 11
B_KILL: Final = 12
B_MAGNANIMOUS: Final = 13
B_MIRACLE: Final = 14
B_AFTER: Final = 15
B_WORSHIP: Final = 16
B_CYCLE: Final = 17
#: Their names, rules and what each does: :data:`netjer.games.ankh.phases.BATTLE_STEPS`.

#: The continuations: what goes on once the decisions a flow paused for are taken, the entries of
#: the continuation stack (``AnkhState.resume_stack``).  The first seven resume once the queued
#: decisions are taken (``AnkhState.ask_queued_then``); the ``CONT_AIMED_*`` ones once a Giant
#: Scorpion placed or moved is aimed (§3: it aims after every placement or move).
CONT_CONFLICT: Final = 0
CONT_ACTION_DONE: Final = 1
CONT_SUMMON: Final = 2
CONT_TURN: Final = 3
CONT_END_TURN: Final = 4
CONT_EVENT_DONE: Final = 5
CONT_START: Final = 6
CONT_AIMED_MOVE: Final = 7
CONT_AIMED_OBELISK: Final = 8
CONT_AIMED_TASK: Final = 9
#: Their names, rules and what each runs: :data:`netjer.games.ankh.phases.CONTINUATIONS`.
#: The record keeps the last of each kind pushed, as it did when they were two fields:
#: ``continuation`` (a code below ``CONT_AIMED_MOVE``) and ``aim_resume`` (the aim's code less
#: ``CONT_AIMED_MOVE``: 0 after a move, 1 after an Obelisk's relocation, 2 after a queued aim).

BOARD: Final[Board] = load_board()
NUM_HEXES: Final = BOARD.num_hexes
IS_LAND: Final[tuple[bool, ...]] = BOARD.is_land
#: Land hexes within movement range 1..3 of each hex (§7.3; water is never a destination).
LAND_WITHIN_3: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(x for x in BOARD.within(h, 3) if IS_LAND[x]) for h in range(NUM_HEXES)
)


def hexes_holding(values: list[int], value: int) -> list[int]:
    """The indices ``h`` (ascending) where ``values[h] == value``: e.g. the hexes of a god's
    figures, ``hexes_holding(st.figure_owner, god)``.  Counted and found by the list's own
    ``count`` and ``index`` (a god holds a handful of the 101 hexes), not by a Python loop
    over every hex."""
    out = []
    h = -1
    index = values.index
    for _ in range(values.count(value)):
        h = index(value, h + 1)
        out.append(h)
    return out


def hexes_by_value(values: list[int], n: int) -> list[list[int]]:
    """For each ``v`` of ``0 .. n-1``, the indices ``h`` (ascending) where ``values[h] == v``:
    ``[hexes_holding(values, v) for v in range(n)]`` in one pass over ``values`` (compiled, a
    loop over native ints, several times cheaper than ``n`` scans by ``count`` and ``index``,
    which compare Python objects; issue 34).  Other values (-1: nobody) are skipped."""
    out: list[list[int]] = [[] for _ in range(n)]
    for h in range(len(values)):
        v = values[h]
        if 0 <= v < n:
            out[v].append(h)
    return out
