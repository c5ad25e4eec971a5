"""The fields of an Ankh position, declared once, in named groups (issue 15).

Every attribute an :class:`~netjer.games.ankh.state.AnkhState` holds (besides the kernel's
``game``, ``seed``, ``rng``, ``history`` and legality cache) is one :class:`StateField` of
:data:`FIELD_GROUPS`.  From the declaration the engine derives:

* ``clone``: a field is shared (immutable values), shallow-copied (a list of immutable
  items), or copied item by item (the god powers' component objects);
* ``full_state`` (and so equality, ``State.__eq__``): each field under its key, written by its
  ``to_json`` form; a *derived* field (a cache rebuilt from other fields) is not written but
  checked against its derivation by the tests;
* the field list of the documentation (:func:`field_table`, docs/ankh-state.md).

tests/games/ankh/test_fields.py checks that the declaration is complete: every attribute a
state holds is declared, copied, compared and serialised.
"""

from __future__ import annotations

from typing import Final, Literal

from mypy_extensions import mypyc_attr

from netjer.core.fields import StateField, check_declaration
from netjer.core.fields import field_table as group_tables

#: How ``clone`` copies an Ankh field (:data:`netjer.core.fields.CopyMode`, less ``dict``).
CopyMode = Literal["share", "list", "rows", "items", "record"]

#: How ``full_state`` writes an Ankh field: ``value`` (as it is: ints, bools, strings, lists of
#: them), ``list`` (a tuple or list as a list), ``sorted`` (a set as a sorted list), ``rows``
#: (a list of tuples as a list of lists), ``phase`` (a phase code as its name), ``camels``
#: (a region map as its sorted camel edges), ``split`` (a camel line's split as its edges, or
#: None), ``tracks`` (the action tracks as [action, start, event space, spaces]),
#: ``powers`` (the god powers' components, each power's ``full``), ``log`` (the log's lines as
#: text, ``AnkhState.log``), ``record`` (a record's
#: fields as an object, each under its key in its own form: :meth:`Battle.to_json`),
#: ``derived`` (not written: rebuilt from other fields).
JsonForm = Literal[
    "value", "list", "sorted", "rows", "phase", "camels", "split", "tracks", "powers", "record", "log", "derived"
]


def _f(name: str, doc: str, copy: CopyMode = "share", json: JsonForm = "value", key: str = "") -> StateField:
    return StateField(name, doc, copy, json, key)


def _lst(name: str, doc: str, json: JsonForm = "value") -> StateField:
    return StateField(name, doc, "list", json)


#: The Guardian levels (§3): ``guardian_pool`` has a slot per god and level.
GUARDIAN_LEVELS: Final[tuple[int, ...]] = (1, 2, 3)


def pool_index(god: int, level: int) -> int:
    """The index in the state's ``guardian_pool`` of ``god``'s Guardians of ``level`` (1-3, §3).

    The pool is one flat list of ints (cheap to clone), three slots a god in level order."""
    return god * 3 + level - 1


def pool_range(god: int) -> slice:
    """The slice of ``guardian_pool`` holding ``god``'s Guardians of levels 1 to 3 (§3)."""
    return slice(god * 3, god * 3 + 3)


#: The fields of the :class:`Battle` record (the state's ``battle``), written under
#: ``battle`` in ``full_state``.  Lists indexed by god have one entry per god of the game
#: (``n``).  A battle in progress is set up by ``battle.begin_battle``; once it is over,
#: ``end_battle`` clears the region, hexes, gods and cards (so the next Conflict starts
#: clean), and the counts (kills, strengths, figures, bids, winner) stay until the next
#: battle begins.
BATTLE_FIELDS: Final[tuple[StateField, ...]] = (
    _f("region", "the region in battle, -1 none (§10.3)"),
    _f("hexes", "its land hexes and the water hexes touching it (§8.1)", json="list"),
    _lst("gods", "the gods present, in ascending Devotion (§10.3)"),
    _lst("card", "each god's Battle card, -1 none (§1)"),
    _lst("second_card", "each god's second Battle card, -1 none (§4.1 Amun)"),
    _lst("two_cards", "whether each god plays two cards (§4.1 Amun)"),
    _f("forbidden_card", "the card nobody may play in this battle, -1 none (§4.2 Horus)"),
    _lst("queue", "the gods still to decide in this step, in order: cards, builds, bids, Worshipful (§10.3)"),
    _lst("kills", "each god's figures killed since the battle began, for Miracle (§1)"),
    _lst("bidders", "the gods bidding on Plague (§1 Plague of Locusts)"),
    _lst("bids", "each god's Plague bid, -1 none (§1)"),
    _lst("plagues", "the players of the Plague cards left to resolve (§1)"),
    _f("winner", "the battle's winner, -1 none (§10.3 step 5)"),
    _lst("figure_count", "each god's figures in the battle at Resolution (§10.3 step 5, §2.2 Magnanimous)"),
    _lst("strength", "each god's strength at Resolution (§10.3 step 5)"),
    _lst("victims", "figures about to die in Battle Resolution (§4.1 Isis)"),
    _lst("relocated", "hexes of the figures already relocated by Obelisk Attuned (§2.2)"),
    _lst("relocating", "gods with Obelisk Attuned still relocating, ascending Devotion (§2.2)"),
    _f("relocation_turn", "index into relocating of the god to decide (§2.2)"),
)


# Compiled (``make compiled``), a native class; serializable, so that it pickles and ``copy``'s
# ``__new__`` does not call ``__init__`` (as in Python).
@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class Battle:
    """The battle in progress (rules/ankh.md §10.3), a record of the state's ``battle`` field.

    Its fields are :data:`BATTLE_FIELDS` (each one's unit and rule there); ``copy`` and
    ``to_json`` follow that declaration, and tests/games/ankh/test_fields.py checks that they
    cover every field.  A new record (``Battle(n)``) is a battle of no region between no gods,
    with per-god lists of ``n`` entries.

    Args:
        n: the number of gods of the game (2-5).
    """

    __slots__ = tuple(f.name for f in BATTLE_FIELDS)

    region: int
    hexes: tuple[int, ...]
    gods: list[int]
    card: list[int]
    second_card: list[int]
    two_cards: list[bool]
    forbidden_card: int
    queue: list[int]
    kills: list[int]
    bidders: list[int]
    bids: list[int]
    plagues: list[int]
    winner: int
    figure_count: list[int]
    strength: list[int]
    victims: list[int]
    relocated: list[int]
    relocating: list[int]
    relocation_turn: int

    def __init__(self, n: int) -> None:
        self.region = -1
        self.hexes = ()
        self.gods = []
        self.card = [-1] * n
        self.second_card = [-1] * n
        self.two_cards = [False] * n
        self.forbidden_card = -1
        self.queue = []
        self.kills = [0] * n
        self.bidders = []
        self.bids = [-1] * n
        self.plagues = []
        self.winner = -1
        self.figure_count = [0] * n
        self.strength = [0] * n
        self.victims = []
        self.relocated = []
        self.relocating = []
        self.relocation_turn = 0

    def copy(self) -> Battle:
        """An independent copy: the lists copied, the rest (ints, the hexes' tuple) shared.

        Written out field by field rather than looped over the declaration: search clones
        states constantly (the field test checks it copies every field)."""
        new = Battle.__new__(Battle)
        new.region = self.region
        new.hexes = self.hexes
        new.gods = self.gods[:]
        new.card = self.card[:]
        new.second_card = self.second_card[:]
        new.two_cards = self.two_cards[:]
        new.forbidden_card = self.forbidden_card
        new.queue = self.queue[:]
        new.kills = self.kills[:]
        new.bidders = self.bidders[:]
        new.bids = self.bids[:]
        new.plagues = self.plagues[:]
        new.winner = self.winner
        new.figure_count = self.figure_count[:]
        new.strength = self.strength[:]
        new.victims = self.victims[:]
        new.relocated = self.relocated[:]
        new.relocating = self.relocating[:]
        new.relocation_turn = self.relocation_turn
        return new

    def __repr__(self) -> str:
        return f"Battle({self.to_json()!r})"

    def to_json(self) -> dict[str, object]:
        """The fields under their keys (:data:`BATTLE_FIELDS`), in their JSON forms (``value``
        as it is, ``list`` as a new list)."""
        return {
            f.json_key: list(getattr(self, f.name)) if f.json == "list" else getattr(self, f.name)
            for f in BATTLE_FIELDS
        }


#: The fields, group by group (group name, its fields).
FIELD_GROUPS: Final[tuple[tuple[str, tuple[StateField, ...]], ...]] = (
    (
        "game",
        (
            _f("n", "number of gods (= seats at the start), 2-5"),
            _f("second_optional", "option second_action: a second action may be declined (§7.1)"),
            _f("red_max", "option red_max: last space of the red section, 19 or 20 (§5)"),
            _f("guardian_slots", "option guardian_slots: unlocks that give a Guardian (§2.1)", json="sorted"),
            _f("merged_combined", "option merged_powers: a merged god keeps both gods' Ankh powers (§10.4)"),
            _f("satet_choose", "option satet_push: Satet's owner picks the push space (§3)"),
            _f("underworld_extra", "option osiris_underworld: an Underworld summon is extra (§4.1 Osiris)"),
            _f("tracks", "the four action tracks for the player count and track length (§7.2)", json="tracks"),
            _f("guardian_kind", "Guardian figure kind of levels 1, 2, 3 (§3)", json="list"),
            _f("turn_order", "seats in turn order, the first player first (S0 step 4)", json="list"),
            _f("god_ids", "each god's deity id ('' without powers) (§4)", json="list"),
        ),
    ),
    (
        "board",
        (
            _lst("figure", "figure kind on each hex (pieces.GOD ..), -1 empty (§3, §8.1)"),
            _lst("figure_owner", "god owning the figure on each hex, -1 none"),
            _f(
                "figures_by_god",
                "per god, the hexes of its figures, ascending: figure_owner read the other way, kept"
                " up to date by every figure write (the legal-action lists read it, §7.3)",
                copy="rows",
                json="derived",
            ),
            _lst("monument", "Monument kind on each hex (pieces.OBELISK ..), -1 none (§9)"),
            _lst("monument_owner", "god controlling the Monument on each hex, -1 neutral (§9)"),
            _f(
                "monuments_by_god",
                "per god, the hexes of the Monuments it controls, ascending: monument_owner read the other"
                " way, kept up to date by every Monument write (summon spaces, majorities, Resplendent read it,"
                " §7.3, §9, §2.2)",
                copy="rows",
                json="derived",
            ),
            _lst("aim", "a Giant Scorpion's aimed side (0-5) on each hex, -1 none (§3)"),
            _f("regions", "the regions for the camels on the board (§8.1)", json="camels", key="camels_on_board"),
            _lst("token_of_region", "Conflict Order token of each region (§10.1)"),
            _lst("token_supply", "Conflict Order tokens not yet on the board (§6 Camel Caravan)"),
            _f("camels", "camels left in the supply (§6 Camel Caravan)"),
            _lst("monument_supply", "Monuments left in the supply, by kind (§9)"),
            _lst("guardian_supply", "Guardians left in the supply, by level (§3)"),
            _lst("reserved", "god whose figures alone may use each hex, -1 any (§4.1 Osiris)"),
            _f("n_reserved", "how many hexes are reserved (a shortcut for the common case of none)"),
            _lst("badge", "a marker travelling with the figure on each hex, 0 none (§4.1 Ra's Sun token)"),
        ),
    ),
    (
        "god boards",
        (
            _lst("devotion", "each god's Devotion, 0-31 (§5)"),
            _lst("devotion_stack", "the Devotion track: living gods bottom to top, ties in stack order (§5)"),
            _lst("followers", "each god's Followers (§2)"),
            _lst("alive", "whether each god is still in the game (not merged away or forgotten, §10.4, §10.5)"),
            _lst("powers", "each god's unlocked Ankh powers, a bit mask over powers.POWER_IDS (§2.2)"),
            _lst("unlocked", "dashboard tokens each god has used (§2.1)"),
            _lst("ankh_pool", "Ankh tokens left on each god's dashboard pool (§2.1)"),
            _lst("warriors_pool", "Warriors in each god's pool (§7.3)"),
            _lst("guardian_pool", "Guardians in each god's pool, three slots a god: pool_index(god, level) (§3)"),
            _lst("used", "each god's face-up Battle cards, a bit mask over cards.CARD_IDS (§1)"),
            _lst("seat_of_god", "the seat deciding for each god outside its turns (§10.4)"),
            _lst("god_of_seat", "the god each seat plays (§10.4)"),
            _lst("removed_warriors", "each god's Warriors removed from the game (§10.4)"),
            _lst("removed_guardians", "Guardians removed from the game, by level (§10.4)"),
        ),
    ),
    (
        "turn",
        (
            _lst("markers", "each action track's marker space (§7.2)"),
            _f("event_idx", "events done: index of the next event on the event track (§6)"),
            _f("conflicts", "Conflicts done (§10)"),
            _f("turn_idx", "index into turn_order of the seat whose turn it is (§7)"),
            _f("actions_taken", "actions taken this turn, 0-2 (§7.1)"),
            _f("last_row", "row of this turn's last action, -1 none: a second one must be lower (§7.1)"),
            _f("pending_event", "the last action reached its track's event space (§7.2)"),
            _f("phase", "the decision now (phases.PHASE_RULES or a god power's phase)", json="phase"),
            _f("to_move", "the seat to decide"),
            _f("window_done", "the god powers' turn window has been offered this turn (§4)"),
            _f("ransom", "Anubis's ransom is being paid during this summon (§4.1 Anubis)"),
            _lst("tasks", "queued god-power decisions (phase, god, arg) (§4)", json="rows"),
            _lst("resume_stack", "continuation stack: where paused flows go on, innermost last (base.CONT_*)"),
            _f("continuation", "last continuation pushed for queued decisions (base.CONT_*), for the record"),
        ),
    ),
    (
        "action steps",
        (
            _lst("moved", "figures already moved in this Move action, by hex (§7.3)"),
            _f("selected", "the selected figure's or Obelisk's hex, -1 none (§7.3, §10.3 step 1)"),
            _f("push_at", "the hex Satet pushes from, -1 none (§3 Satet)"),
            _lst("pyramids_used", "Pyramids already used for a summon this action (§9 Pyramid Attuned)"),
            _f("pyramid_selected", "the Pyramid chosen to summon next to, -1 none (§9)"),
            _f("aim_hex", "the Giant Scorpion to aim, -1 none (§3)"),
            _f("aim_resume", "last aim continuation pushed, less base.CONT_AIMED_MOVE, for the record"),
            _f("event_god", "the god resolving the current event, -1 none (§6)"),
            _lst("camel_line", "the camel line placed so far, as edges (§6 Camel Caravan)"),
            _f("split", "the regions the complete camel line makes, None before (§6)", json="split"),
            _lst("new_tokens", "the two Conflict Order tokens of the split regions (§6)"),
            _lst("mummy_queue", "Mummies waiting to return: (god beside whose God, owner) (§3 Mummy)", json="rows"),
            _f("merge_minor", "the minor god of the merge in progress, -1 none (§10.4)"),
        ),
    ),
    (
        "conflict",
        (
            _f("conflict_step", "the step of the Conflict (base.C_REGION, base.B_*) (§10.1-§10.3)"),
            _lst("conflict_order", "regions in Conflict Order (§10.1)"),
            _f("conflict_index", "index into conflict_order of the region being resolved (§10.1)"),
            _f("tiebreaker_holder", "the god holding the tie-breaker, -1 none (§10.2)"),
            _f("tiebreaker_used", "the tie-breaker was used in this Conflict (§10.2)"),
        ),
    ),
    (
        "battle",
        (
            _f(
                "battle",
                "the battle in progress, or the last one's counts (§10.3): a Battle record (BATTLE_FIELDS)",
                copy="record",
                json="record",
            ),
        ),
    ),
    (
        "god powers",
        (
            _lst("holder", "the god holding each god power, -1 not in play (§4)"),
            _f(
                "power_data",
                "each god power's components (Anubis's trapped Warriors, Ra's Sun tokens, ...), None not in play",
                copy="items",
                json="powers",
                key="god_powers",
            ),
            _f("hooks", "the hooks of the powers in play, rebuilt from holder", json="derived"),
        ),
    ),
    (
        "result",
        (
            _lst("winners", "the winning gods once the game is over (§10.5, §10.6)"),
            _f("end_reason", "why the game ended"),
            _f(
                "log_lines",
                "the game log: one line per event, in order (note(): a template and fields until read)",
                copy="list",
                json="log",
                key="log",
            ),
        ),
    ),
)

#: Every field, in group order.
FIELDS: Final[tuple[StateField, ...]] = tuple(f for _, group in FIELD_GROUPS for f in group)
#: The kernel's attributes (core.state.State), handled by the kernel.
check_declaration(FIELDS, "Ankh")
check_declaration(BATTLE_FIELDS, "Ankh's Battle")


def field_table() -> str:
    """The field list of the documentation: one Markdown table per group
    (:func:`netjer.core.fields.field_table`), then the :class:`Battle` record's.

    Returns:
        Markdown text, ending with a newline (docs/ankh-state.md includes it verbatim).
    """
    out = [
        group_tables(FIELD_GROUPS).rstrip("\n"),
        "",
        "### battle: the `Battle` record",
        "",
        "The fields of the state's `battle` (`fields.Battle`), under `battle` in `full_state`.",
        "",
        "| field | full_state key | copy | holds |",
        "|---|---|---|---|",
    ]
    out += [f"| `{f.name}` | `battle.{f.json_key}` | {f.copy} | {f.doc} |" for f in BATTLE_FIELDS]
    out.append("")
    return "\n".join(out)
