"""What a god power is to the engine: components, decisions and hooks (rules/ankh.md §4).

Every god module defines one :class:`GodPower` subclass and registers one instance of it.
A power

* declares its **components** (tokens, slots, the scale, cats...) as a small data object
  made by :meth:`GodPower.new_data`; the state keeps it in ``AnkhState.power_data[power.index]``
  and copies it with the state (``copy()``);
* declares its **decisions**: phases (numbered ``GOD_PHASE_BASE + 4 * index + k``) and the
  actions they offer (:mod:`netjer.games.ankh.notation`).  A decision is always a *task*
  ``(phase, god, arg)`` that the power queues (``st.queue_task``); the engine asks the god's
  seat when the flow reaches a point where the rules allow it, and after the decision it
  resumes what was interrupted.  Applying a decision consumes its task; a power that needs
  another decision for the same effect queues a task again (``front=True``);
* overrides **hooks**: the engine calls, at each moment the rules name, the hook of every
  power in play (held by a god still in the game) whose class overrides it.  Hooks change the
  state's data and queue tasks; they never drive the flow (the engine does).

The moments (the hook names): setup (``on_setup``), a turn (``on_turn_start``,
``turn_actions``/``on_turn_action``), summon (``summon_spaces``, ``on_summon_put``,
``can_ransom``/``on_ransom``, ``on_summoned``), kill (``on_killed``), sacrifice (``on_sacrifice``), control during a
Conflict (``control``), start of a Conflict (``on_conflict_start``), battle start
(``on_battle_start``), card choice (``before_reveal``), reveal (``on_reveal``), strength
(``strength``), Devotion for a domination or a battle won (``gain_bonus``), Battle Resolution
(``on_resolution``), after the battle (``after_battle``), end of a Conflict
(``on_conflict_scoring`` before merge and forgotten gods, ``on_conflict_end`` after them),
merge (``on_merge``) and forgotten (``on_forgotten``).

Engine data that powers may set (explicit, documented in :mod:`netjer.games.ankh.base`):
``reserved`` (spaces only one god may use: Osiris's Underworld), ``badge`` (a marker that
travels with a figure: Ra's Sun token), and in the battle record ``battle.forbidden_card`` (a
card nobody may play in this battle: Horus), ``battle.two_cards`` (a god plays two cards in
this battle: Amun), ``battle.victims`` (the figures about to die in Battle Resolution: Isis).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar, Final, Protocol

from mypy_extensions import mypyc_attr

from netjer.core.action import Action
from netjer.core.rng import Rng

if TYPE_CHECKING:
    from netjer.core.state import JsonDict
    from netjer.games.ankh.state import AnkhState

#: The ten gods in code order (rules/ankh.md §4.1 base game, then §4.2 Pantheon).
GOD_IDS: Final[tuple[str, ...]] = (
    "amun",
    "anubis",
    "isis",
    "osiris",
    "ra",
    "bastet",
    "hathor",
    "thoth",
    "horus",
    "seth",
)
AMUN: Final = 0
ANUBIS: Final = 1
ISIS: Final = 2
OSIRIS: Final = 3
RA: Final = 4
BASTET: Final = 5
HATHOR: Final = 6
THOTH: Final = 7
HORUS: Final = 8
SETH: Final = 9
NUM_GODS: Final = 10
#: God phases are numbered from here, 4 per god (engine phases are below).
GOD_PHASE_BASE: Final = 32
PHASES_PER_GOD: Final = 4

#: A queued decision: (phase, god, argument).
Task = tuple[int, int, int]
#: A figure just killed: (hex, kind, owner, controller) — the controller differs from the
#: owner only for a figure Seth controls (§4.2 Seth).
Dead = tuple[int, int, int, int]


def god_phase(index: int, k: int) -> int:
    """The number of decision ``k`` (0-3) of the god of ``index``."""
    return GOD_PHASE_BASE + PHASES_PER_GOD * index + k


class PowerData(Protocol):
    """A power's components in a state: copied with the state."""

    def copy(self) -> Any:  # pragma: no cover - protocol
        """An independent copy."""


#: Hook names, in the order of the module doc.
HOOK_NAMES: Final[tuple[str, ...]] = (
    "on_setup",
    "on_turn_start",
    "turn_actions",
    "summon_spaces",
    "can_ransom",
    "on_summoned",
    "on_killed",
    "on_sacrifice",
    "control",
    "on_conflict_start",
    "on_battle_start",
    "before_reveal",
    "on_reveal",
    "strength",
    "gain_bonus",
    "on_resolution",
    "after_battle",
    "on_conflict_scoring",
    "on_conflict_end",
    "on_merge",
    "on_forgotten",
)


class GodPower:
    """A god's power.  Subclasses set the class attributes and override the hooks they use."""

    #: code name (``"isis"``), printed name, one-line summary with its sources.
    id: ClassVar[str] = ""
    name: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    #: phase -> (name, rule, what is asked) of each decision of this power: the rule and the question
    #: catalogue messages left in English (``N_``), told where shown.
    PHASES: ClassVar[dict[int, tuple[str, str, str]]] = {}
    #: per hook name, a priority among powers (lower first; default 0, then code order).
    PRIORITY: ClassVar[dict[str, int]] = {}

    def __init__(self) -> None:
        #: The power's code (its position in :data:`GOD_IDS`), set once per power object: a
        #: plain attribute (compiled: a slot) read at every ``holder`` question, where a
        #: ``functools.cached_property`` went through the instance's dict from compiled code.
        self.index: int = GOD_IDS.index(self.id)

    def holder(self, st: AnkhState) -> int:
        """The god that holds this power (-1: not in the game, or forgotten)."""
        return st.holder[self.index]

    # --- components -----------------------------------------------------------------------

    def new_data(self, st: AnkhState, god: int) -> PowerData | None:
        """This power's components at the start of a game in which ``god`` has it."""
        return None

    # --- decisions --------------------------------------------------------------------------

    def legal(self, st: AnkhState, task: Task) -> list[Action]:
        """The choices of ``task`` (the one at the head of the queue)."""
        raise NotImplementedError

    def apply(self, st: AnkhState, task: Task, action: Action) -> None:
        """Carry out ``action`` for ``task`` (already taken off the queue)."""
        raise NotImplementedError

    def pending(self, st: AnkhState, task: Task) -> JsonDict:
        """Public details of ``task`` while it is being decided (``observation["pending"]``)."""
        return {}

    def describe(self, st: AnkhState, action: Action, viewer: int | None) -> str | None:
        """The whole log sentence for ``action`` (by the player to move) when it must hide
        something from ``viewer`` (a seat of another god, or a spectator: only those ask); None:
        ``viewer`` may read the actor's own words (:mod:`netjer.games.ankh.narration`)."""
        return None

    def why_illegal(self, st: AnkhState, task: Task, action: Action) -> str | None:
        """Why ``action`` is not a choice of ``task`` (asked only of an illegal action), for the
        player deciding; None: the engine says what the decision asks (the phase's words)."""
        return None

    # --- hooks (the engine calls only those a subclass overrides) ----------------------------

    def on_setup(self, st: AnkhState) -> None:
        """After the initial position is built (before the first turn)."""

    def on_turn_start(self, st: AnkhState) -> None:
        """At the start of every turn."""

    def turn_actions(self, st: AnkhState, god: int) -> list[Action]:
        """Extra choices of the god ``god`` whose turn it is, before or after an action."""
        return []

    def on_turn_action(self, st: AnkhState, god: int, action: Action) -> None:
        """Carry out one of :meth:`turn_actions`."""
        raise NotImplementedError

    def summon_spaces(self, st: AnkhState, god: int) -> list[int]:
        """Extra spaces where ``god`` may summon in its Summon action now."""
        return []

    def on_summon_put(self, st: AnkhState, god: int, h: int) -> bool:
        """A summon onto ``h`` (one of :meth:`summon_spaces`); True if it was an extra summon
        after which the Summon action continues."""
        return False

    def can_ransom(self, st: AnkhState, god: int) -> bool:
        """Whether ``god`` may summon a Warrior of its own that this power holds instead of
        one from its pool."""
        return False

    def on_ransom(self, st: AnkhState, god: int) -> None:
        """``god`` summons its Warrior held by this power (pay what is due)."""
        raise NotImplementedError

    def on_summoned(self, st: AnkhState, god: int, h: int) -> None:
        """A figure of ``god`` was just placed on ``h`` from its pool (a summon)."""

    def on_killed(self, st: AnkhState, dead: list[Dead]) -> None:
        """Figures were killed together (already off the board, in their owners' pools)."""

    def on_sacrifice(self, st: AnkhState, god: int, amount: int) -> None:
        """``god`` has fully resolved an effect for which it sacrificed ``amount`` Followers."""

    def control(self, st: AnkhState, owners: list[int]) -> list[int]:
        """During a Conflict: who each figure counts for (``owners`` is not to be modified)."""
        return owners

    def on_conflict_start(self, st: AnkhState) -> None:
        """Start of a Conflict, after Omnipresent and the Giant Scorpions."""

    def on_battle_start(self, st: AnkhState) -> None:
        """Start of a Battle, after Obelisk Attuned, before the cards are chosen."""

    def before_reveal(self, st: AnkhState) -> None:
        """Every card of the battle is chosen, none is revealed yet."""

    def on_reveal(self, st: AnkhState) -> None:
        """The cards of the battle were just revealed (Flood already paid)."""

    def strength(self, st: AnkhState, god: int, owners: list[int]) -> int:
        """Extra strength of ``god`` in Battle Resolution (it has figures in the region)."""
        return 0

    def gain_bonus(self, st: AnkhState, god: int, hexes: tuple[int, ...], owners: list[int]) -> int:
        """Extra Devotion for ``god`` dominating the region of ``hexes`` or winning a battle there."""
        return 0

    def on_resolution(self, st: AnkhState) -> None:
        """Battle Resolution: ``st.battle.victims`` are about to die."""

    def after_battle(self, st: AnkhState) -> None:
        """After the battle, between Miracle and Worshipful (rulings table)."""

    def on_conflict_scoring(self, st: AnkhState) -> None:
        """End of a Conflict, before every other effect (merge, forgotten gods...)."""

    def on_conflict_end(self, st: AnkhState) -> None:
        """End of a Conflict, after the merge or the forgotten gods."""

    def on_merge(self, st: AnkhState, major: int, minor: int) -> None:
        """The minor god has just merged into the major god (its powers now the major's)."""

    def on_forgotten(self, st: AnkhState, god: int) -> None:
        """``god`` has just been forgotten (its powers are already out of the game)."""

    # --- views ---------------------------------------------------------------------------------

    def observe(self, st: AnkhState, viewer: int | None) -> JsonDict:
        """What the god ``viewer`` (None: a spectator) knows of this power's components."""
        return {}

    def full(self, st: AnkhState) -> JsonDict:
        """Every component, hidden ones included (``full_state``)."""
        return self.observe(st, None)

    def resample(self, st: AnkhState, viewer: int, rng: Rng) -> None:
        """Re-deal in ``st`` (a clone) what the god ``viewer`` cannot see, canonically."""


#: Every registered power by index (filled as the god modules are imported).
POWERS: Final[list[GodPower | None]] = [None] * NUM_GODS
#: phase -> the power that owns it.
PHASE_OWNER: Final[dict[int, GodPower]] = {}


def register(power: GodPower) -> GodPower:
    """Register a god's power (called once by each god module)."""
    POWERS[power.index] = power
    for phase in power.PHASES:
        PHASE_OWNER[phase] = power
    return power


def power(index: int) -> GodPower:
    """The registered power of ``index``."""
    p = POWERS[index]
    if p is None:  # pragma: no cover - the registry imports every god
        raise LookupError(f"the god {GOD_IDS[index]} is not registered")
    return p


def _overriding(held: tuple[int, ...], name: str) -> tuple[GodPower, ...]:
    """The powers of ``held`` (indices into ``POWERS``) whose class overrides hook ``name``, in
    calling order (the hook's ``PRIORITY``, then the power's index)."""
    default = getattr(GodPower, name)
    found = [p for i in held if (p := POWERS[i]) is not None and getattr(type(p), name) is not default]
    found.sort(key=lambda p: (p.PRIORITY.get(name, 0), p.index))
    return tuple(found)


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)  # compiled: native, and it pickles (Makefile)
class Hooks:
    """For each hook name, the powers in play that override it, in calling order."""

    __slots__ = HOOK_NAMES

    def __init__(self, held: tuple[int, ...]) -> None:
        for name in HOOK_NAMES:
            setattr(self, name, _overriding(held, name))

    # Each hook's powers (set in ``__init__``).
    on_setup: tuple[GodPower, ...]
    on_turn_start: tuple[GodPower, ...]
    turn_actions: tuple[GodPower, ...]
    summon_spaces: tuple[GodPower, ...]
    can_ransom: tuple[GodPower, ...]
    on_summoned: tuple[GodPower, ...]
    on_killed: tuple[GodPower, ...]
    on_sacrifice: tuple[GodPower, ...]
    control: tuple[GodPower, ...]
    on_conflict_start: tuple[GodPower, ...]
    on_battle_start: tuple[GodPower, ...]
    before_reveal: tuple[GodPower, ...]
    on_reveal: tuple[GodPower, ...]
    strength: tuple[GodPower, ...]
    gain_bonus: tuple[GodPower, ...]
    on_resolution: tuple[GodPower, ...]
    after_battle: tuple[GodPower, ...]
    on_conflict_scoring: tuple[GodPower, ...]
    on_conflict_end: tuple[GodPower, ...]
    on_merge: tuple[GodPower, ...]
    on_forgotten: tuple[GodPower, ...]


@cache
def hooks_for(held: tuple[int, ...]) -> Hooks:
    """The hooks of the powers ``held`` (power indices, sorted); shared, never modified."""
    return Hooks(held)
