"""The data of an Ankh position and the helpers every rules module shares.

:class:`AnkhBase` declares every field of the state as flat lists of ints (the hot path reads
and copies nothing else) and the small queries used everywhere: emptiness, regions,
presence, turn order, logging.  The rules are layered on top of it, one module per rulebook
chapter, each a class extending the previous one:

``base`` → ``devotion`` (§5) → ``guardians`` (§3) → ``actions`` (§7: turn, tracks, the four
actions) → ``events`` (§6) → ``battle`` (§10.3, §1) → ``merge`` (§10.4) → ``victory``
(§10.5, §10.6) → ``conflict`` (§10.1, §10.2) → ``state`` (the kernel contract).

A lower layer that must hand control to a higher one (an action reaching the end of its
track fires an event; a decision inside a Conflict resumes it) calls a hook declared here and
implemented above.

God powers (rules/ankh.md §4; :mod:`netjer.games.ankh.gods`): ``holder[i]`` is the god that
holds power ``i`` (-1: not in play), ``power_data[i]`` its components, ``hooks`` the hooks of the
powers in play.  A power's decision is a *task* ``(phase, god, arg)`` in ``tasks``: when a
flow reaches a point where the rules let queued decisions happen it calls
:meth:`AnkhBase._checkpoint` with what to do afterwards (``continuation``, one of the ``CONT_*``); the
engine asks each task's god in turn (:meth:`AnkhBase._drain`) and then resumes.  Inside a
Conflict the loop drains the queue before every step.  Engine data the powers may set:
``reserved`` (spaces only one god's figures may use, §4.1 Osiris), ``badge`` (a marker
travelling with a figure, §4.1 Ra's Sun token), ``b_forbidden`` (a card nobody may play in
this battle, §4.2 Horus), ``b_two`` (gods playing two cards in this battle, §4.1 Amun),
``b_victims`` (the figures about to die in Battle Resolution, §4.1 Isis).  During a
Conflict a figure counts for the god ``rules_queries.controllers(st)[h]`` (its owner, unless §4.2 Seth
controls it).

Gods and seats: god ``g`` is the god that seat ``g`` started with.  After a merge (§10.4)
the minor god's seat plays for the major god: ``god_of_seat[s]`` is the god seat ``s`` plays,
``seat_of_god[g]`` the seat that takes god ``g``'s decisions outside its own turns (the
major god's player decides for a merged god, §10.4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from netjer.core.state import State
from netjer.games.ankh.board import Board, RegionMap, Split, load_board
from netjer.games.ankh.gods.base import PHASE_OWNER, Hooks, Task, hooks_for
from netjer.games.ankh.rules_queries import controllers
from netjer.games.ankh.setup import ActionTrack

if TYPE_CHECKING:
    from netjer.games.ankh.state import AnkhState

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

#: What resumes once the queued decisions are taken (``AnkhState.continuation``).
(
    CONT_CONFLICT,
    CONT_ACTION_DONE,
    CONT_SUMMON,
    CONT_TURN,
    CONT_END_TURN,
    CONT_EVENT_DONE,
    CONT_START,
) = range(7)

#: Where an ``aim`` decision returns to (§3 Giant Scorpion: it aims after every placement or move).
AIM_AFTER_MOVE, AIM_AFTER_OBELISK, AIM_AFTER_TASK = range(3)

BOARD: Board = load_board()
NUM_HEXES = BOARD.num_hexes
IS_LAND: tuple[bool, ...] = BOARD.is_land
#: Land hexes within movement range 1..3 of each hex (§7.3; water is never a destination).
LAND_WITHIN_3: tuple[tuple[int, ...], ...] = tuple(
    tuple(x for x in BOARD.within(h, 3) if IS_LAND[x]) for h in range(NUM_HEXES)
)


class AnkhBase(State):
    """Fields of an Ankh position (see the module doc); not instantiated directly.

    The fields are declared, with what each holds, in :mod:`netjer.games.ankh.fields` (groups
    game, board, god boards, turn, action steps, conflict, battle, god powers, result), from
    which ``clone`` and ``full_state`` are derived; the annotations below give their types.
    """

    #: The map (§8.2), the same for every game: a class attribute, not a field of the state.
    board: ClassVar[Board] = BOARD
    # static for the game
    n: int
    second_optional: bool
    red_max: int
    guardian_slots: frozenset[int]
    merged_combined: bool
    satet_choose: bool
    tracks: tuple[ActionTrack, ...]
    guardian_kind: tuple[int, int, int]
    turn_order: tuple[int, ...]
    # board
    figure: list[int]
    figure_owner: list[int]
    monument: list[int]
    monument_owner: list[int]
    aim: list[int]
    regions: RegionMap
    token_of_region: list[int]
    token_supply: list[int]
    camels: int
    monument_supply: list[int]
    guardian_supply: list[int]
    # gods
    devotion: list[int]
    followers: list[int]
    alive: list[bool]
    powers: list[int]
    unlocked: list[int]
    ankh_pool: list[int]
    warriors_pool: list[int]
    guardian_pool: list[int]
    used: list[int]
    seat_of_god: list[int]
    god_of_seat: list[int]
    devotion_stack: list[int]
    removed_warriors: list[int]
    removed_guardians: list[int]
    # tracks, events, turn
    markers: list[int]
    event_idx: int
    conflicts: int
    turn_idx: int
    actions_taken: int
    last_row: int
    pending_event: bool
    phase: int
    to_move: int
    # sub-decisions of actions and events
    moved: list[int]
    selected: int
    push_at: int
    pyr_used: list[int]
    pyr_sel: int
    aim_hex: int
    aim_resume: int
    ev_god: int
    camel_line: list[int]
    split: Split | None
    new_tokens: list[int]
    # conflict and battle
    conflict_step: int
    c_order: list[int]
    c_idx: int
    tb_holder: int
    tb_used: bool
    b_region: int
    b_hexes: tuple[int, ...]
    b_gods: list[int]
    b_card: list[int]
    b_queue: list[int]
    b_kills: list[int]
    b_bidders: list[int]
    bid: list[int]
    plague_queue: list[int]
    b_winner: int
    b_nfigs: list[int]
    b_strength: list[int]
    ob_moved: list[int]
    ob_active: list[int]
    ob_turn: int
    mummy_queue: list[tuple[int, int]]
    merge_minor: int
    # god powers (rules/ankh.md §4; see the module doc)
    god_ids: tuple[str, ...]
    underworld_extra: bool
    holder: list[int]
    power_data: list[Any]
    hooks: Hooks
    tasks: list[Task]
    continuation: int
    reserved: list[int]
    n_reserved: int
    badge: list[int]
    b_forbidden: int
    b_two: list[bool]
    b_card2: list[int]
    b_victims: list[int]
    window_done: bool
    ransom: bool
    # result
    winners: list[int]
    end_reason: str
    log: list[str]

    # --- hooks implemented by higher layers -------------------------------------------------

    def _resume(self) -> None:
        """Carry on with ``continuation`` once no decision is queued; implemented in ``state``."""
        raise NotImplementedError

    # --- god powers' decisions and hooks ----------------------------------------------------

    @property
    def _me(self) -> AnkhState:
        """This state as the full class, to hand to god powers' hooks."""
        return self  # type: ignore[return-value]

    def _refresh_hooks(self) -> None:
        """Rebuild ``hooks`` from ``holder`` (after setup, a merge, a forgotten god)."""
        self.hooks = hooks_for(tuple(i for i, g in enumerate(self.holder) if g >= 0))

    def _queue(self, phase: int, god: int, arg: int = 0, front: bool = False) -> None:
        """Queue a decision of ``god`` (a god power's task, or the engine's ``AIM``)."""
        if front:
            self.tasks.insert(0, (phase, god, arg))
        else:
            self.tasks.append((phase, god, arg))

    def _drain(self) -> bool:
        """Ask the next queued decision (a Mummy's return first, §3); False when none is left.

        A task whose decision no longer exists is dropped (``GodPower.ready``)."""
        from netjer.games.ankh import conflict  # noqa: PLC0415  (conflict imports this module)

        while True:
            if self.mummy_queue:
                if conflict.mummy_step(self):
                    return True
                continue
            if not self.tasks:
                return False
            phase, god, arg = self.tasks[0]
            if phase == AIM:
                self.tasks.pop(0)
                if self.figure[arg] < 0:  # pragma: no cover - a Scorpion is aimed at once
                    continue
                self.aim_hex = arg
                self.aim_resume = AIM_AFTER_TASK
                self.aim[arg] = -1
            elif not self.alive[god] or not PHASE_OWNER[phase].ready(self._me, self.tasks[0]):
                self.tasks.pop(0)
                continue
            self.phase = phase
            self.to_move = self.seat_of_god[god]
            return True

    def _after_task(self) -> None:
        """After a queued decision: the next one, or resume (``continuation``)."""
        if self.over:
            return
        if not self._drain():
            self._resume()

    def _checkpoint(self, cont: int) -> None:
        """The flow reached a point where queued decisions are taken; then ``continuation``."""
        self.continuation = cont
        if self.over:
            return
        if not self._drain():
            self._resume()

    def _can_stand(self, h: int, god: int) -> bool:
        """Whether a figure of ``god`` may end a move or be placed on ``h``: an empty land
        space not reserved for another god (§7.3, §8.1; §4.1 Osiris's Underworld)."""
        if not IS_LAND[h] or self.figure[h] >= 0 or self.monument[h] >= 0:
            return False
        r = self.reserved[h]
        return r < 0 or r == god

    # --- small queries ----------------------------------------------------------------------

    def _name(self, god: int) -> str:
        """A player-facing name of god ``god``: the name of its god power ("Seth", §4), or its
        starting seat's name ("Player 3") when it has none (``gods=none``)."""
        ids = getattr(self, "god_ids", ())
        gid = ids[god] if 0 <= god < len(ids) else ""
        if gid:
            from netjer.games.ankh.gods.base import GOD_IDS, power  # noqa: PLC0415  (gods import this module)

            return power(GOD_IDS.index(gid)).name
        return self.game.seat_name(god)

    def _log(self, text: str) -> None:
        self.log.append(text)

    def _is_empty(self, h: int) -> bool:
        """Whether hex ``h`` holds no piece (§8.1: one figure or one Monument per space)."""
        return self.figure[h] < 0 and self.monument[h] < 0

    def _is_free_land(self, h: int) -> bool:
        """Whether ``h`` is an empty land space (a legal end of a move or summon, §7.3)."""
        return IS_LAND[h] and self.figure[h] < 0 and self.monument[h] < 0

    def _region_hexes(self, r: int) -> tuple[int, ...]:
        """The land hexes of region ``r`` and the water hexes touching it (§8.1)."""
        regions = self.regions
        hr = regions.hex_regions
        return regions.regions[r] + tuple(w for w in self.board.water if r in hr[w])

    def _present(self, hexes: tuple[int, ...]) -> list[int]:
        """The gods with at least one figure on ``hexes`` (a region's presence, §10.1 step 3;
        during a Conflict by who the figures count for, §4.2 Seth), in ascending Devotion order."""
        fown = controllers(self)
        seen = {fown[h] for h in hexes if fown[h] >= 0}
        return [g for g in self.devotion_stack if g in seen]

    def _ascending(self, gods: list[int] | set[int]) -> list[int]:
        """``gods`` in ascending Devotion order (§5: lowest space first, bottom of a stack first)."""
        return [g for g in self.devotion_stack if g in gods]

    def _figures_of(self, god: int) -> list[int]:
        """Hexes of god ``god``'s figures on the board, ascending."""
        return [h for h, o in enumerate(self.figure_owner) if o == god]

    def _living_gods(self) -> list[int]:
        """The gods still in the game, in seat order."""
        return [g for g in range(self.n) if self.alive[g]]

    def _winner_seats(self) -> list[int]:
        """Seats that share in the win: every seat playing a winning god (§10.4: both players
        of a merged god win)."""
        return [s for s in range(self.n) if self.god_of_seat[s] in self.winners]

    def _finish(self, winners: list[int], reason: str) -> None:
        """End the game: ``winners`` are gods (may be empty: everyone loses, §10.5)."""
        self.winners = sorted(winners)
        self.end_reason = reason
        self.phase = OVER
        self._log(reason)

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        return self.phase == OVER
