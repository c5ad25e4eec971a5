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

from netjer.games.ankh.board import Board, load_board

#: Decision points (``AnkhState.phase``).
(
    TURN,
    MOVE_PICK,
    MOVE_TO,
    PUSH,
    AIM,
    SUMMON,
    PYRAMID_PUT,
    UNLOCK,
    CLAIM,
    CAMEL,
    KEEP,
    SWAP,
    OBELISK_PICK,
    OBELISK_TO,
    CARD,
    BUILD,
    BID,
    MUMMY,
    TIEBREAK,
    WORSHIP,
    ADOPT,
    OVER,
    TURN_END,
) = range(23)
#: Their names, rules, prompts, legal actions and effects: :data:`netjer.games.ankh.phases.PHASE_RULES`.


#: Steps of a Conflict (``conflict_step``); the ``B_*`` ones are a Battle's.
(
    C_REGION,
    B_OBELISK,
    B_START,
    B_DEAL,
    B_CARDS,
    B_REVEAL,
    B_BUILD,
    B_PLAGUE,
    B_BIDS,
    B_MAJORITY,
    B_RESOLVE,
    B_APPLY,
    B_KILL,
    B_MAGNANIMOUS,
    B_MIRACLE,
    B_AFTER,
    B_WORSHIP,
    B_CYCLE,
) = range(18)
#: Their names, rules and what each does: :data:`netjer.games.ankh.phases.BATTLE_STEPS`.

#: The continuations: what goes on once the decisions a flow paused for are taken, the entries of
#: the continuation stack (``AnkhState.resume_stack``).  The first seven resume once the queued
#: decisions are taken (``AnkhState.ask_queued_then``); the ``CONT_AIMED_*`` ones once a Giant
#: Scorpion placed or moved is aimed (§3: it aims after every placement or move).
(
    CONT_CONFLICT,
    CONT_ACTION_DONE,
    CONT_SUMMON,
    CONT_TURN,
    CONT_END_TURN,
    CONT_EVENT_DONE,
    CONT_START,
    CONT_AIMED_MOVE,
    CONT_AIMED_OBELISK,
    CONT_AIMED_TASK,
) = range(10)
#: Their names, rules and what each runs: :data:`netjer.games.ankh.phases.CONTINUATIONS`.
#: The record keeps the last of each kind pushed, as it did when they were two fields:
#: ``continuation`` (a code below ``CONT_AIMED_MOVE``) and ``aim_resume`` (the aim's code less
#: ``CONT_AIMED_MOVE``: 0 after a move, 1 after an Obelisk's relocation, 2 after a queued aim).

BOARD: Board = load_board()
NUM_HEXES = BOARD.num_hexes
IS_LAND: tuple[bool, ...] = BOARD.is_land
#: Land hexes within movement range 1..3 of each hex (§7.3; water is never a destination).
LAND_WITHIN_3: tuple[tuple[int, ...], ...] = tuple(
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
