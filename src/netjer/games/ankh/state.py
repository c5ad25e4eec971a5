"""``AnkhState``: a position of Ankh: Gods of Egypt and the kernel contract (DESIGN.md).

The rules live in the chapter modules (see :mod:`netjer.games.ankh.base`); this module
builds the initial position from :func:`netjer.games.ankh.setup.initial_setup`, dispatches
each decision to its rule, and implements ``legal_actions``, ``apply``, ``clone``,
``observation``, ``determinize`` and ``full_state``.

Hidden information (§1, §10.3): a god's Battle card is secret from its choice until all
present gods have chosen (Amun's two cards too, §4.1), and a Plague bid until all bidders
have bid.  Hands are public in effect (every god holds the same seven cards and used cards are
face up), so a seat sees everything else, except what a god power hides (§4.2 Bastet's
face-down cats: each power's ``observe`` and ``resample``).  ``determinize`` re-deals only
those secrets of the other gods.

God powers (§4, :mod:`netjer.games.ankh.gods`): option ``gods`` gives or draws each seat's
god (:mod:`netjer.games.ankh.gods.registry`); their decisions are dispatched to the power
that owns the phase, and their components appear in the observation under ``god_powers``.
"""

from __future__ import annotations

from typing import Any

from netjer.core.action import Action
from netjer.core.rng import Rng
from netjer.core.state import TERMINAL, JsonDict
from netjer.core.texts import load_texts
from netjer.core.words import plural
from netjer.games.ankh.base import (
    ADOPT,
    AIM,
    BID,
    BOARD,
    BUILD,
    CAMEL,
    CARD,
    CLAIM,
    CONT_ACTION_DONE,
    CONT_CONFLICT,
    CONT_END_TURN,
    CONT_EVENT_DONE,
    CONT_START,
    CONT_SUMMON,
    CONT_TURN,
    KEEP,
    MOVE_PICK,
    MOVE_TO,
    MUMMY,
    OBELISK_PICK,
    OBELISK_TO,
    OVER,
    PUSH,
    PYRAMID_PUT,
    SUMMON,
    SWAP,
    TIEBREAK,
    TURN,
    TURN_END,
    UNLOCK,
    WORSHIP,
    phase_name,
)
from netjer.games.ankh.battle import B_APPLY, B_BIDS, B_RESOLVE, C_REGION, STEP_NAMES
from netjer.games.ankh.board import DIRECTION_NAMES
from netjer.games.ankh.cards import CARD_IDS, card_names, hand_of
from netjer.games.ankh.conflict import Conflict
from netjer.games.ankh.events import EVENT_TRACK
from netjer.games.ankh.facets import report_facets
from netjer.games.ankh.gods.base import GOD_IDS, GOD_PHASE_BASE, NUM_GODS, PHASE_OWNER, power
from netjer.games.ankh.gods.registry import choose_gods
from netjer.games.ankh.notation import (
    AIM as AIM_ACTIONS,
)
from netjer.games.ankh.notation import (
    DONE,
    END,
    MAX_BID,
    NOBUILD,
    NOSWAP,
    POWER,
    RANSOM,
    Adopt,
    AdoptPool,
    Aim,
    Bid,
    Build,
    Camel,
    Card,
    Claim,
    Keep,
    Pick,
    Power,
    Push,
    Put,
    PyramidPick,
    Reveal,
    Row,
    Swap,
    To,
    Word,
)
from netjer.games.ankh.notation import (
    TIEBREAK as TIEBREAK_ACT,
)
from netjer.games.ankh.notation import (
    WORSHIP as WORSHIP_ACT,
)
from netjer.games.ankh.pieces import FIGURE_IDS, MONUMENT_IDS, SATET
from netjer.games.ankh.powers import POWER_IDS, free_powers, power_names, unlock_level
from netjer.games.ankh.setup import ACTIONS, initial_setup

#: ``"r,c"`` of every hex and ``"r,c|r,c"`` of every edge (observations are built often).
HEX_NAMES: tuple[str, ...] = tuple(BOARD.hex_name(h) for h in range(BOARD.num_hexes))
EDGE_NAMES: tuple[str, ...] = tuple(BOARD.edge_name(e) for e in range(BOARD.num_edges))

#: Per phase: the rule that governs the decision and what the player is asked.
_PHASE_RULE: dict[int, tuple[str, str]] = {
    TURN: ("Ankh §7.1", "choose an action row ('move', 'summon', 'gain', 'unlock') or 'end'"),
    TURN_END: ("Ankh §4.2 Bastet", "reveal a cat next to one of your figures ('reveal r,c') or 'end' the turn"),
    MOVE_PICK: ("Ankh §7.3 Move Figures", "pick a figure of yours that has not moved ('pick r,c') or 'done'"),
    MOVE_TO: ("Ankh §7.3 Move Figures", "move the picked figure 1-3 spaces to an empty land space ('to r,c')"),
    PUSH: ("Ankh §3 Satet", "push the enemy figure to an empty adjacent land space ('push r,c')"),
    AIM: ("Ankh §3 Giant Scorpion", "aim the Giant Scorpion at two neighbouring sides ('aim N-NE')"),
    SUMMON: ("Ankh §7.3 Summon Figure", "summon a figure from your pool ('put warrior r,c') or 'pyramid r,c'"),
    PYRAMID_PUT: ("Ankh §2.2 Pyramid Attuned", "summon a figure next to the chosen Pyramid ('put warrior r,c')"),
    UNLOCK: ("Ankh §2.1", "choose a power of the level being unlocked ('power <id>')"),
    CLAIM: ("Ankh §6 Control Monument", "choose a Monument adjacent to your figures ('claim r,c')"),
    CAMEL: (
        "Ankh §6 Camel Caravan",
        "lay the next camel of a valid line ('camel r,c|r,c'), or 'done' before the first",
    ),
    KEEP: ("Ankh §6 Camel Caravan", "choose the new region that keeps the old token ('keep r,c')"),
    SWAP: ("Ankh §6 Camel Caravan", "swap a new region's token with another ('swap a b') or 'noswap'"),
    OBELISK_PICK: ("Ankh §2.2 Obelisk Attuned", "pick a figure to relocate ('pick r,c') or 'done'"),
    OBELISK_TO: ("Ankh §2.2 Obelisk Attuned", "move it next to one of your Obelisks here ('to r,c')"),
    CARD: ("Ankh §1, §10.3 step 1", "choose a Battle card from your hand ('card <id>')"),
    BUILD: ("Ankh §1 Build Monument", "build on an empty land space of the region ('build temple r,c') or 'nobuild'"),
    BID: ("Ankh §1 Plague of Locusts", "bid Followers you have ('bid N')"),
    MUMMY: ("Ankh §3 Mummy", "return the Mummy next to your God ('to r,c')"),
    TIEBREAK: ("Ankh §10.3 step 5", "use the tie-breaker ('tiebreak') or not ('notiebreak')"),
    WORSHIP: ("Ankh §2.2 Worshipful", "sacrifice 2 Followers for 1 Devotion ('worship') or not ('noworship')"),
    ADOPT: (
        "Ankh §10.4",
        "keep a Guardian of the minor god that fits a free base ('adopt r,c', 'adopt <kind>') or 'done'",
    ),
}
#: Per (phase name, word): what a decline (or ``end``) says in the log of the game, rather
#: than a bare ``Player 5: done`` (``describe_action``).  Words that do something are
#: narrated by the log of their effect instead.
_WORD_TEXT: dict[tuple[str, str], str] = {
    ("turn", "end"): "ends the turn",
    ("turn-end", "end"): "ends the turn",
    ("move-pick", "done"): "stops moving figures",
    ("camel", "done"): "lays no camels",
    ("swap", "noswap"): "swaps no Conflict Order tokens",
    ("obelisk-pick", "done"): "relocates no more figures (Obelisk Attuned)",
    ("build", "nobuild"): "builds no Monument",
    ("tiebreak", "notiebreak"): "keeps the tie-breaker (does not use it)",
    ("worship", "noworship"): "sacrifices no Followers for Devotion (Worshipful)",
    ("adopt", "done"): "keeps no more of the minor god's Guardians (the others leave the game)",
    ("amun-two-cards", "noamun"): "plays one Battle card in this battle, not two (Amun)",
    ("anubis-trap", "notrap"): "traps no Warrior (Anubis)",
    ("osiris-underworld", "nounderworld"): "places no Underworld token (Osiris)",
    ("osiris-pick", "nounderworld"): "moves no Underworld token (Osiris)",
    ("ra-sun", "nosun"): "makes no figure Radiant (Ra)",
    ("hathor-place", "noplace"): "places no figure (Hathor)",
    ("thoth-guess", "noguess"): "makes no guess (Thoth)",
    ("isis-save", "done"): "saves no more Protected figures (Isis)",
    ("horus-eye", "done"): "puts no more Eyes on regions (Horus)",
}
#: The action rows by their rules names (§7.3).
_ROW_TEXT = {"move": "Move Figures", "summon": "Summon Figure", "gain": "Gain Followers", "unlock": "Unlock Ankh Power"}


def _term_name(kind: str, key: str) -> str:
    """What the rules texts call the card, power or piece ``key`` ("Chariots", "Cat-Mummy"); a
    figure or Monument with its article ("a Warrior", "an Obelisk")."""
    texts = load_texts("netjer.games.ankh")
    found = None
    if kind == "figure":
        found = texts.of_kind("guardian", key)
    elif kind != "monument":
        found = texts.of_kind(kind, key)
    name = found.name if found is not None else key.replace("-", " ").capitalize()
    if kind in ("figure", "monument"):
        return f"{'an' if name[0] in 'AEIOU' else 'a'} {name}"
    return name


#: Which action classes belong to which phases (to tell "wrong moment" from "wrong choice").
_PHASE_TYPES: dict[int, tuple[type, ...]] = {
    TURN: (Row, Word, Reveal),
    TURN_END: (Word, Reveal),
    MOVE_PICK: (Pick, Word),
    MOVE_TO: (To,),
    PUSH: (Push,),
    AIM: (Aim,),
    SUMMON: (Put, PyramidPick, Word),
    PYRAMID_PUT: (Put, Word),
    UNLOCK: (Power,),
    CLAIM: (Claim,),
    CAMEL: (Camel, Word),
    KEEP: (Keep,),
    SWAP: (Swap, Word),
    OBELISK_PICK: (Pick, Word),
    OBELISK_TO: (To,),
    CARD: (Card,),
    BUILD: (Build, Word),
    BID: (Bid,),
    MUMMY: (To,),
    TIEBREAK: (Word,),
    WORSHIP: (Word,),
    ADOPT: (Adopt, AdoptPool, Word),
}


class AnkhState(Conflict):
    """A position of Ankh.  Build one with ``AnkhGame.new_initial_state(seed)``.

    Public attributes are the fields documented in :class:`~netjer.games.ankh.base.AnkhBase`;
    read positions through ``observation(seat)`` outside the engine and its tests.
    """

    def __init__(self, game: Any, seed: int) -> None:
        super().__init__(game, seed)
        opts = game.opts
        setup = initial_setup(
            opts.players,
            opts.scenario,
            self.rng,
            guardians=game.guardian_choices,
            first_player=opts.first_player,
            track_length=opts.track_length,
        )
        n = self.n = opts.players
        self.board = BOARD
        self.second_optional = opts.second_action == "optional"
        self.red_max = opts.red_max
        self.guardian_slots = frozenset(opts.guardian_slots)
        self.merged_combined = opts.merged_powers == "combined"
        self.satet_choose = opts.satet_push == "choose"
        self.tracks = setup.action_tracks
        self.guardian_kind = tuple(FIGURE_IDS.index(s.type.id) for s in setup.guardians)  # type: ignore[assignment]
        self.turn_order = setup.turn_order
        nh = BOARD.num_hexes
        self.fig = [-1] * nh
        self.fown = [-1] * nh
        self.mon = [-1] * nh
        self.mown = [-1] * nh
        self.aim = [-1] * nh
        for p in setup.pieces:
            if p.kind in MONUMENT_IDS:
                self.mon[p.hex] = MONUMENT_IDS.index(p.kind)
                self.mown[p.hex] = -1 if p.seat is None else p.seat
            else:
                self.fig[p.hex] = FIGURE_IDS.index(p.kind)
                self.fown[p.hex] = -1 if p.seat is None else p.seat
        self.regions = setup.regions
        self.token_of_region = list(setup.token_of_region)
        self.token_supply = list(setup.conflict_tokens_in_supply)
        self.camels = setup.camels_in_supply
        self.monument_supply = list(setup.monuments_in_supply)
        self.guardian_supply = [s.miniatures for s in setup.guardians]
        self.dev = list(setup.devotion)
        self.followers = list(setup.followers)
        self.alive = [True] * n
        self.powers = [0] * n
        self.unlocked = [0] * n
        self.ankh_pool = list(setup.ankh_tokens_in_pool)
        self.warriors_pool = list(setup.warriors_in_pool)
        self.gpool = [0] * (3 * n)
        self.used = [0] * n
        self.seat_of_god = list(range(n))
        self.god_of_seat = list(range(n))
        self.asc = list(setup.devotion_stack)
        self.removed_warriors = [0] * n
        self.removed_guardians = [0, 0, 0]
        self.markers = list(setup.action_markers)
        self.event_idx = setup.event_space
        self.conflicts = 0
        self.turn_idx = 0
        self.acts = 0
        self.last_row = -1
        self.pending_event = False
        self.phase = TURN
        self.to_move = setup.first_player
        self.moved = []
        self.sel = -1
        self.push_at = -1
        self.pyr_used = []
        self.pyr_sel = -1
        self.aim_hex = -1
        self.aim_resume = 0
        self.ev_god = -1
        self.camel_line = []
        self.split = None
        self.new_tokens = []
        self.cstep = C_REGION
        self.c_order = []
        self.c_idx = 0
        self.tb_holder = -1
        self.tb_used = False
        self.b_region = -1
        self.b_hexes = ()
        self.b_gods = []
        self.b_card = [-1] * n
        self.b_queue = []
        self.b_kills = [0] * n
        self.b_bidders = []
        self.bid = [-1] * n
        self.plague_queue = []
        self.b_winner = -1
        self.b_nfigs = [0] * n
        self.b_strength = [0] * n
        self.ob_moved = []
        self.ob_active = []
        self.ob_turn = 0
        self.mummy_queue = []
        self.merge_minor = -1
        self.winners = []
        self.end_reason = ""
        self.log = []
        # God powers (§4): each seat's god, drawn after the setup's own draws.
        ids = choose_gods(game.god_choices, self.rng)
        self.god_ids = ids or ("",) * n
        self.underworld_extra = opts.osiris_underworld == "extra"
        self.holder = [-1] * NUM_GODS
        for g, gid in enumerate(ids):
            if gid:
                self.holder[GOD_IDS.index(gid)] = g
        self.tasks = []
        self.cont = CONT_START
        self.reserved = [-1] * nh
        self.n_reserved = 0
        self.badge = [0] * nh
        self.b_forbidden = -1
        self.b_two = [False] * n
        self.b_card2 = [-1] * n
        self.b_victims = []
        self.window_done = False
        self.ransom = False
        self.pdata = [None] * NUM_GODS
        self._refresh_hooks()
        for i, g in enumerate(self.holder):
            if g >= 0:
                self.pdata[i] = power(i).new_data(self, g)
        if any(ids):  # "none,none" gives no god a power: nothing to announce
            names = (f"{self.game.seat_name(g)} {power(GOD_IDS.index(gid)).name}" for g, gid in enumerate(ids) if gid)
            self._log("gods: " + ", ".join(names))
        for hook in self.hk.on_setup:
            hook.on_setup(self)
        self._checkpoint(CONT_START)

    # --- the kernel contract ------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.to_move

    def _legal_actions(self) -> list[Action]:
        p = self.phase
        if p >= GOD_PHASE_BASE:
            return PHASE_OWNER[p].legal(self, self.tasks[0])
        if p == MOVE_PICK:
            return self._move_pick_actions()
        if p == MOVE_TO:
            return self._move_to_actions()
        if p == TURN:
            return self._turn_actions()
        if p == SUMMON:
            return self._summon_actions()
        if p == CARD:
            return self._card_actions()
        if p == BID:
            return self._bid_actions()
        if p == AIM:
            return list(AIM_ACTIONS)
        if p == PUSH:
            return self._push_actions()
        if p == PYRAMID_PUT:
            return self._pyramid_put_actions()
        if p == UNLOCK:
            god = self.god_of_seat[self.to_move]
            return [POWER[x] for x in free_powers(self.powers[god], unlock_level(self.unlocked[god]))]
        if p == CLAIM:
            return self._claim_actions()
        if p == CAMEL:
            return self._camel_actions()
        if p == KEEP:
            return self._keep_actions()
        if p == SWAP:
            return self._swap_actions()
        if p == OBELISK_PICK:
            return self._obelisk_pick_actions()
        if p == OBELISK_TO:
            return self._obelisk_to_actions()
        if p == BUILD:
            return self._build_actions()
        if p == MUMMY:
            return self._mummy_actions()
        if p == TIEBREAK:
            return self._tiebreak_actions()
        if p == WORSHIP:
            return self._worship_actions()
        if p == ADOPT:
            return self._adopt_actions()
        if p == TURN_END:
            return self._turn_end_actions()
        return []

    def _apply(self, action: Action) -> None:
        p = self.phase
        if p >= GOD_PHASE_BASE:
            task = self.tasks.pop(0)
            PHASE_OWNER[p].apply(self, task, action)
            self._after_task()
            return
        if p == MOVE_PICK:
            if action is DONE:
                self._action_done()
            else:
                assert isinstance(action, Pick)
                self.sel = action.hex
                self.phase = MOVE_TO
        elif p == MOVE_TO:
            assert isinstance(action, To)
            self._move_to(action.hex)
        elif p == TURN:
            if action is END:
                self.window_done = True  # 'end' chosen now: no "after the action" choice later
                self._end_turn()
            elif isinstance(action, Row):
                self._take_action(action.row)
            else:
                self._god_turn_action(action)
                self._checkpoint(CONT_TURN)
        elif p == TURN_END:
            if action is END:
                self._pass_turn()
            else:
                self._god_turn_action(action)
                self._checkpoint(CONT_END_TURN)
        elif action is RANSOM:
            self.ransom = True
        elif p == SUMMON:
            if isinstance(action, PyramidPick):
                self.pyr_sel = action.hex
                self.phase = PYRAMID_PUT
            else:
                assert isinstance(action, Put)
                self._put(action.kind, action.hex, extra=False)
        elif p == CARD:
            assert isinstance(action, Card)
            self._choose_card(action.card)
        elif p == BID:
            assert isinstance(action, Bid)
            self._bid(action.amount)
        elif p == AIM:
            assert isinstance(action, Aim)
            self._set_aim(action.side)
        elif p == PUSH:
            assert isinstance(action, Push)
            self._push(action.hex)
        elif p == PYRAMID_PUT:
            assert isinstance(action, Put)
            self._put(action.kind, action.hex, extra=True)
        elif p == UNLOCK:
            assert isinstance(action, Power)
            self._unlock(action.power)
        elif p == CLAIM:
            assert isinstance(action, Claim)
            self._claim(action.hex)
        elif p == CAMEL:
            if action is DONE:
                self._no_camels()
            else:
                assert isinstance(action, Camel)
                self._camel(action.edge)
        elif p == KEEP:
            assert isinstance(action, Keep)
            self._keep(action.hex)
        elif p == SWAP:
            if action is NOSWAP:
                self._no_swap()
            else:
                assert isinstance(action, Swap)
                self._swap(action.a, action.b)
        elif p == OBELISK_PICK:
            if action is DONE:
                self._obelisk_pass()
            else:
                assert isinstance(action, Pick)
                self._obelisk_pick(action.hex)
        elif p == OBELISK_TO:
            assert isinstance(action, To)
            self._obelisk_to(action.hex)
        elif p == BUILD:
            if action is NOBUILD:
                self._no_build()
            else:
                assert isinstance(action, Build)
                self._build(action.kind, action.hex)
        elif p == MUMMY:
            assert isinstance(action, To)
            self._mummy_return(action.hex)
        elif p == TIEBREAK:
            self._tiebreak(action is TIEBREAK_ACT)
        elif p == WORSHIP:
            self._worship(action is WORSHIP_ACT)
        elif p == ADOPT:
            if action is DONE:
                self._finish_adoption()
            elif isinstance(action, Adopt):
                self._adopt(action.hex, -1)
            else:
                assert isinstance(action, AdoptPool)
                self._adopt(-1, action.kind)
        else:  # pragma: no cover - legality was checked by State.apply
            raise AssertionError(f"no decision is pending in phase {phase_name(p)}")

    def _god_turn_action(self, action: Action) -> None:
        """One of the god powers' turn choices (§4.2 Bastet's cats), by the power offering it."""
        god = self.god_of_seat[self.to_move]
        for p in self.hk.turn_actions:
            if action in p.turn_actions(self, god):
                p.on_turn_action(self, god, action)
                return
        raise AssertionError(f"no power offers {action}")  # pragma: no cover - legality checked

    def _resume(self) -> None:
        """Carry on with what the queued decisions interrupted (``cont``)."""
        c = self.cont
        if c == CONT_CONFLICT:
            self._run_conflict()
        elif c == CONT_ACTION_DONE:
            self._action_done()
        elif c == CONT_SUMMON:
            self._continue_summon()
        elif c == CONT_TURN:
            self.to_move = self.turn_order[self.turn_idx]
            self.phase = TURN
        elif c == CONT_END_TURN:
            self._pass_turn()
        elif c == CONT_EVENT_DONE:
            self._event_done()
        else:
            assert c == CONT_START
            self._start_turn()

    def _returns(self) -> list[float]:
        return self._returns_for_seats()

    def _why_illegal(self, action: Action) -> tuple[str, str]:
        p = self.phase
        if p >= GOD_PHASE_BASE:
            owner = PHASE_OWNER[p]
            _, rule, what = owner.PHASES[p]
            return f"Ankh {rule}", owner.why_illegal(self, self.tasks[0], action) or f"the decision now: {what}"
        rule, what = _PHASE_RULE[p]
        if not isinstance(action, _PHASE_TYPES[p]):
            return rule, f"this is not the moment for that: {what}"
        god = self.god_of_seat[self.to_move]
        name = BOARD.hex_name
        if p == TURN:
            if isinstance(action, Row) and self.acts:
                return rule, f"the second action must be on a lower row than '{ACTIONS[self.last_row]}'"
            if action is END and self.acts == 0:
                return rule, "take at least one action before ending the turn"
            if action is END:
                return "Ankh §7.1 (option second_action=mandatory)", "the second action is mandatory in this game"
        if p in (MOVE_PICK, OBELISK_PICK) and isinstance(action, Pick):
            h = action.hex
            if self.fown[h] != god:
                return rule, f"there is no figure of yours on {name(h)}"
            if h in self.moved or h in self.ob_moved:
                return rule, f"the figure on {name(h)} has already moved"
            return rule, f"the figure on {name(h)} has no empty land space to go to"
        if p in (MOVE_TO, OBELISK_TO, MUMMY, PUSH, PYRAMID_PUT, SUMMON) and hasattr(action, "hex"):
            h = action.hex
            if not BOARD.is_land[h] and not (isinstance(action, Put) and FIGURE_IDS[action.kind] == "apep"):
                return "Ankh §8.1", f"{name(h)} is water: no figure may end there (except Apep when summoned)"
            satet = p == MOVE_TO and self.fig[self.sel] == SATET
            if p == MOVE_TO and BOARD.distance(self.sel, h) > 3:
                return rule, f"{name(h)} is more than 3 spaces from {name(self.sel)}"
            if satet and self.fown[h] >= 0 and self.fown[h] != god:
                return "Ankh §3 Satet", f"the figure on {name(h)} has no empty adjacent land space to be pushed to"
            if not self._is_empty(h):
                return "Ankh §8.1", f"{name(h)} is occupied: a space holds one figure or one Monument"
            if isinstance(action, Put) and self._pool_count(god, action.kind) <= 0:
                return rule, f"you have no {FIGURE_IDS[action.kind]} in your pool"
            return rule, f"{name(h)} is not one of the allowed spaces: {what}"
        if p == CARD and isinstance(action, Card):
            return "Ankh §1", f"{CARD_IDS[action.card]} is face up (used) until you play the Cycle of Ma'at"
        if p == BID and isinstance(action, Bid):
            return "Ankh §1 Plague of Locusts", f"you have only {plural(self.followers[god], 'Follower')} to bid"
        if p == CLAIM and isinstance(action, Claim):
            h = action.hex
            if self.mon[h] < 0:
                return rule, f"there is no Monument on {name(h)}"
            if self.mown[h] >= 0 and any(m >= 0 and o < 0 for m, o in zip(self.mon, self.mown, strict=True)):
                return rule, "a Monument of another god may be taken only when no Monument on the board is neutral"
            return rule, f"none of your figures is adjacent to {name(h)} (same region)"
        if p == CAMEL and isinstance(action, Camel):
            return rule, (
                f"{BOARD.edge_name(action.edge)} does not continue a line of up to 6 camels from border to border "
                "that splits one region into two of at least 6 land spaces"
            )
        if p == UNLOCK and isinstance(action, Power):
            return rule, f"the token being moved is of level {unlock_level(self.unlocked[god])}, or you have it already"
        if p == BUILD and isinstance(action, Build):
            return rule, "build on an empty land space of the battle region, with a Monument left in the supply"
        return rule, f"the decision now: {what}"

    # --- copies ------------------------------------------------------------------------------------

    def clone(self) -> AnkhState:
        new = AnkhState.__new__(AnkhState)
        self._copy_base_to(new)
        d = new.__dict__
        d.update(self.__dict__)
        # Rebind every mutable field to a copy; the rest (ints, tuples, RegionMap) is shared.
        new.fig = self.fig[:]
        new.fown = self.fown[:]
        new.mon = self.mon[:]
        new.mown = self.mown[:]
        new.aim = self.aim[:]
        new.token_of_region = self.token_of_region[:]
        new.token_supply = self.token_supply[:]
        new.monument_supply = self.monument_supply[:]
        new.guardian_supply = self.guardian_supply[:]
        new.dev = self.dev[:]
        new.followers = self.followers[:]
        new.alive = self.alive[:]
        new.powers = self.powers[:]
        new.unlocked = self.unlocked[:]
        new.ankh_pool = self.ankh_pool[:]
        new.warriors_pool = self.warriors_pool[:]
        new.gpool = self.gpool[:]
        new.used = self.used[:]
        new.seat_of_god = self.seat_of_god[:]
        new.god_of_seat = self.god_of_seat[:]
        new.asc = self.asc[:]
        new.removed_warriors = self.removed_warriors[:]
        new.removed_guardians = self.removed_guardians[:]
        new.markers = self.markers[:]
        new.moved = self.moved[:]
        new.pyr_used = self.pyr_used[:]
        new.camel_line = self.camel_line[:]
        new.new_tokens = self.new_tokens[:]
        new.c_order = self.c_order[:]
        new.b_gods = self.b_gods[:]
        new.b_card = self.b_card[:]
        new.b_queue = self.b_queue[:]
        new.b_kills = self.b_kills[:]
        new.b_bidders = self.b_bidders[:]
        new.bid = self.bid[:]
        new.plague_queue = self.plague_queue[:]
        new.b_nfigs = self.b_nfigs[:]
        new.b_strength = self.b_strength[:]
        new.ob_moved = self.ob_moved[:]
        new.ob_active = self.ob_active[:]
        new.mummy_queue = self.mummy_queue[:]
        new.holder = self.holder[:]
        new.pdata = [d if d is None else d.copy() for d in self.pdata]
        new.tasks = self.tasks[:]
        new.reserved = self.reserved[:]
        new.badge = self.badge[:]
        new.b_two = self.b_two[:]
        new.b_card2 = self.b_card2[:]
        new.b_victims = self.b_victims[:]
        new.winners = self.winners[:]
        new.log = self.log[:]
        new.rng = self.rng.clone()
        new.history = list(self.history)
        return new

    def _hidden_from(self, seat: int | None) -> list[int]:
        """Gods whose pending secret (card before the reveal, bid before the resolution) is
        hidden from ``seat``: all gods but the one it plays (None: every god)."""
        mine = None if seat is None else self.god_of_seat[seat]
        return [g for g in range(self.n) if g != mine]

    def _resample_hidden(self, seat: int, rng: Rng) -> AnkhState:
        """Re-deal the secrets ``seat`` cannot see (see ``State.determinize``): the other gods'
        chosen but unrevealed Battle cards (uniformly from their hands, which are public) and
        their Plague bids not yet resolved (uniformly from 0 to their Followers)."""
        new = self.clone()
        if self._cards_hidden():
            for g in self._hidden_from(seat):
                if new.b_card[g] >= 0:
                    new.b_card[g] = -1  # so that _allowed_cards does not exclude it
                    new.b_card[g] = first = rng.choice(new._allowed_cards(g))
                    if new.b_card2[g] >= 0:
                        new.b_card2[g] = rng.choice([c for c in new._allowed_cards(g) if c != first])
        elif self.cstep == B_BIDS:
            for g in self._hidden_from(seat):
                if new.bid[g] >= 0:
                    new.bid[g] = rng.below(min(new.followers[g], MAX_BID) + 1)
        mine = self.god_of_seat[seat]
        for i, g in enumerate(self.holder):
            if g >= 0:
                power(i).resample(new, mine, rng)
        return new

    # --- views -----------------------------------------------------------------------------------

    def observation(self, seat: int | None) -> JsonDict:
        """What ``seat`` knows (``None``: a spectator): everything except the other gods'
        unrevealed Battle cards and unresolved Plague bids (it sees that they have chosen)."""
        n = self.n
        name = HEX_NAMES.__getitem__
        mine = None if seat is None else self.god_of_seat[seat]
        gods = []
        for g in range(n):
            info: JsonDict = {
                "god": g,
                "name": self._name(g),
                "seats": [s for s in range(n) if self.god_of_seat[s] == g] if self.alive[g] else [],
                "alive": self.alive[g],
                "devotion": self.dev[g],
                "followers": self.followers[g],
                "powers": power_names(self.powers[g]),
                "unlocked": self.unlocked[g],
                "next_unlock_level": unlock_level(self.unlocked[g]),
                "ankh_pool": self.ankh_pool[g],
                "warriors_pool": self.warriors_pool[g],
                "guardians_pool": {FIGURE_IDS[self.guardian_kind[lvl]]: self.gpool[g * 3 + lvl] for lvl in range(3)},
                "used_cards": card_names(self.used[g]),
                "hand": [CARD_IDS[c] for c in hand_of(self.used[g])],
                "deity": self.god_ids[g] or None,
                "god_powers": [GOD_IDS[i] for i, x in enumerate(self.holder) if x == g],
            }
            gods.append(info)
        pieces = []
        for h in range(BOARD.num_hexes):
            if self.fig[h] >= 0:
                piece: JsonDict = {"hex": name(h), "kind": FIGURE_IDS[self.fig[h]], "owner": self.fown[h]}
                if self.aim[h] >= 0:
                    side = self.aim[h]
                    piece["aim"] = f"{DIRECTION_NAMES[side]}-{DIRECTION_NAMES[(side + 1) % 6]}"
                pieces.append(piece)
            if self.mon[h] >= 0:
                owner = self.mown[h]
                pieces.append(
                    {"hex": name(h), "kind": MONUMENT_IDS[self.mon[h]], "owner": None if owner < 0 else owner}
                )
        regions = self.regions
        obs: JsonDict = {
            "game": "ankh",
            "seat": seat,
            "god": mine,
            "players": n,
            "phase": phase_name(self.phase),
            "to_move": None if self.phase == OVER else self.to_move,
            "turn": {
                "seat": self.turn_order[self.turn_idx],
                "actions_taken": self.acts,
                "last_action": ACTIONS[self.last_row] if self.last_row >= 0 else None,
            },
            "turn_order": list(self.turn_order),
            "action_tracks": [
                {"action": t.action, "marker": m, "start": t.start, "event_space": t.event_space}
                for t, m in zip(self.tracks, self.markers, strict=True)
            ],
            "events_done": self.event_idx,
            "event_track": list(EVENT_TRACK),
            "conflicts_done": self.conflicts,
            "devotion_track": list(self.asc),
            "red_max": self.red_max,
            "guardian_slots": sorted(self.guardian_slots),
            "gods": gods,
            "guardians": [
                {"kind": FIGURE_IDS[k], "level": lvl + 1, "left": self.guardian_supply[lvl]}
                for lvl, k in enumerate(self.guardian_kind)
            ],
            "monument_supply": dict(zip(MONUMENT_IDS, self.monument_supply, strict=True)),
            "camels_in_supply": self.camels,
            "conflict_tokens_in_supply": list(self.token_supply),
            "pieces": pieces,
            "camels": sorted(EDGE_NAMES[e] for e in regions.camels),
            "regions": [
                {
                    "token": self.token_of_region[r],
                    "first_hex": name(regions.regions[r][0]),
                    "land": regions.land_count[r],
                }
                for r in range(regions.num_regions)
            ],
            "pending": self._pending_view(),
            "battle": self._battle_view(mine),
            "god_powers": {
                GOD_IDS[i]: {"holder": g, **power(i).observe(self, mine)} for i, g in enumerate(self.holder) if g >= 0
            },
            "winners": self._winner_seats() if self.phase == OVER else None,
            "end_reason": self.end_reason or None,
            "log": list(self.log),
        }
        return obs

    def _pending_view(self) -> JsonDict:
        """Public details of the decision in progress."""
        name = BOARD.hex_name
        p = self.phase
        out: JsonDict = {}
        if p in (MOVE_PICK, MOVE_TO, PUSH):
            out["moved"] = [name(h) for h in self.moved]
        if p in (MOVE_TO, PUSH, OBELISK_TO):
            out["selected"] = name(self.sel)
        if p == PUSH:
            out["push_from"] = name(self.push_at)
        if p == AIM:
            out["scorpion"] = name(self.aim_hex)
        if p == PYRAMID_PUT:
            out["pyramid"] = name(self.pyr_sel)
        if p in (CAMEL, KEEP):
            out["camel_line"] = [BOARD.edge_name(e) for e in self.camel_line]
        if p == SWAP:
            out["new_tokens"] = list(self.new_tokens)
        if p == UNLOCK:
            god = self.god_of_seat[self.to_move]
            out["level"] = unlock_level(self.unlocked[god])
        if p == MUMMY:
            god, owner = self.mummy_queue[0]
            out["mummy_of"] = owner
            out["next_to_god_of"] = god  # its owner's God, or Seth's (§4.2)
        if p == ADOPT:
            out["minor_god"] = self.merge_minor
        if p >= GOD_PHASE_BASE:
            task = self.tasks[0]
            out.update(PHASE_OWNER[p].pending(self, task))
        if self.ransom:
            out["ransom"] = True
        return out

    def _battle_view(self, mine: int | None) -> JsonDict | None:
        """The Conflict in progress as the god ``mine`` (None: a spectator) sees it."""
        if self.conflicts >= 5 or (self.cstep == C_REGION and not self.c_order) or self.phase == OVER:
            return None
        if self.tb_holder < 0:
            return None
        view: JsonDict = {
            "tiebreaker": self.tb_holder,
            "tiebreaker_used": self.tb_used,
            "regions_left": [self.token_of_region[r] for r in self.c_order[self.c_idx :]],
        }
        if self.cstep == C_REGION:
            return view
        cards: JsonDict = {}
        chosen = []
        hidden = self._cards_hidden()
        for g in self.b_gods:
            c = self.b_card[g]
            if c < 0:
                continue
            chosen.append(g)
            if not hidden or g == mine:
                cards[str(g)] = CARD_IDS[c]
                if self.b_card2[g] >= 0:
                    cards[str(g)] += " + " + CARD_IDS[self.b_card2[g]]
        bids: JsonDict = {}
        bid_made = []
        if self.cstep == B_BIDS:
            for g in range(self.n):
                if self.bid[g] >= 0:
                    bid_made.append(g)
                    if g == mine:
                        bids[str(g)] = self.bid[g]
        view.update(
            {
                "region": self.token_of_region[self.b_region],
                "step": STEP_NAMES[self.cstep],
                "gods": list(self.b_gods),
                "chosen": chosen,
                "cards": cards,
                "bidders": list(self.b_bidders) if self.cstep == B_BIDS else [],
                "bid_made": bid_made,
                "bids": bids,
                "plagues_left": len(self.plague_queue),
                "kills": {str(g): self.b_kills[g] for g in self.b_gods},
                "two_cards": [g for g in self.b_gods if self.b_two[g]],
                "forbidden": CARD_IDS[self.b_forbidden] if self.b_forbidden >= 0 else None,
                "strength": {str(g): self.b_strength[g] for g in self.b_gods} if self.cstep > B_RESOLVE else {},
                "winner": self.b_winner if self.cstep > B_APPLY else None,
            }
        )
        return view

    def full_state(self) -> JsonDict:
        return {
            "seed": self.seed,
            "rng": self.rng.state,
            "history": [str(a) for a in self.history],
            "fig": self.fig,
            "fown": self.fown,
            "mon": self.mon,
            "mown": self.mown,
            "aim": self.aim,
            "camels_on_board": sorted(self.regions.camels),
            "token_of_region": self.token_of_region,
            "token_supply": self.token_supply,
            "camels": self.camels,
            "monument_supply": self.monument_supply,
            "guardian_supply": self.guardian_supply,
            "guardian_kind": list(self.guardian_kind),
            "dev": self.dev,
            "followers": self.followers,
            "alive": self.alive,
            "powers": self.powers,
            "unlocked": self.unlocked,
            "ankh_pool": self.ankh_pool,
            "warriors_pool": self.warriors_pool,
            "gpool": self.gpool,
            "used": self.used,
            "seat_of_god": self.seat_of_god,
            "god_of_seat": self.god_of_seat,
            "asc": self.asc,
            "removed_warriors": self.removed_warriors,
            "removed_guardians": self.removed_guardians,
            "markers": self.markers,
            "event_idx": self.event_idx,
            "conflicts": self.conflicts,
            "turn_idx": self.turn_idx,
            "acts": self.acts,
            "last_row": self.last_row,
            "pending_event": self.pending_event,
            "phase": phase_name(self.phase),
            "to_move": self.to_move,
            "moved": self.moved,
            "sel": self.sel,
            "push_at": self.push_at,
            "pyr_used": self.pyr_used,
            "pyr_sel": self.pyr_sel,
            "aim_hex": self.aim_hex,
            "aim_resume": self.aim_resume,
            "ev_god": self.ev_god,
            "camel_line": self.camel_line,
            "new_tokens": self.new_tokens,
            "cstep": self.cstep,
            "c_order": self.c_order,
            "c_idx": self.c_idx,
            "tb_holder": self.tb_holder,
            "tb_used": self.tb_used,
            "b_region": self.b_region,
            "b_hexes": list(self.b_hexes),
            "b_gods": self.b_gods,
            "b_card": self.b_card,
            "b_queue": self.b_queue,
            "b_kills": self.b_kills,
            "b_bidders": self.b_bidders,
            "bid": self.bid,
            "plague_queue": self.plague_queue,
            "b_winner": self.b_winner,
            "b_nfigs": self.b_nfigs,
            "b_strength": self.b_strength,
            "ob_moved": self.ob_moved,
            "ob_active": self.ob_active,
            "ob_turn": self.ob_turn,
            "mummy_queue": [list(m) for m in self.mummy_queue],
            "merge_minor": self.merge_minor,
            "god_ids": list(self.god_ids),
            "holder": self.holder,
            "god_powers": {GOD_IDS[i]: power(i).full(self) for i, g in enumerate(self.holder) if g >= 0},
            "tasks": [list(t) for t in self.tasks],
            "cont": self.cont,
            "reserved": self.reserved,
            "badge": self.badge,
            "b_forbidden": self.b_forbidden,
            "b_two": self.b_two,
            "b_card2": self.b_card2,
            "b_victims": self.b_victims,
            "window_done": self.window_done,
            "ransom": self.ransom,
            "winners": self.winners,
            "end_reason": self.end_reason,
            "log": self.log,
        }

    def public_scores(self) -> list[float] | None:
        """Each seat's god's Devotion (public)."""
        return [float(self.dev[self.god_of_seat[s]]) for s in range(self.n)]

    def report_facets(self) -> dict[str, list[str]]:
        """Each seat's god, turn position, scenario and Guardians (:mod:`netjer.games.ankh.facets`)."""
        return report_facets(self)

    def describe_action(self, action: Action, viewer: int | None) -> str:
        """Words for ``action`` by the current player; a Battle card or bid is shown only to
        the seats of the god that chose it, and a decline (``done``, ``nobuild``...) is said
        in words."""
        seat = self.to_move
        who = self._name(self.god_of_seat[seat])
        same_god = viewer is not None and self.god_of_seat[viewer] == self.god_of_seat[seat]
        if isinstance(action, Card) and not same_god:
            return f"{who} chooses a Battle card in secret."
        if isinstance(action, Bid) and not same_god:
            return f"{who} bids in secret."
        if self.phase >= GOD_PHASE_BASE and not same_god:
            secret = PHASE_OWNER[self.phase].describe(self, action, viewer)
            if secret is not None:
                return f"{who} {secret}"
        if isinstance(action, Word):
            words = _WORD_TEXT.get((phase_name(self.phase), action.word))
            if words is not None:
                return f"{who} {words}."
        words = self._action_words(action)
        return f"{who} {words}." if words is not None else f"{who}: {action}"

    def _action_words(self, action: Action) -> str | None:
        """The common decisions in words ("moves the figure on 7,6 to 6,6"), named as the rules
        texts name their cards, powers and pieces (``texts/en.toml``); None for the others,
        which the log then gives in notation.  Only called for what the viewer may see."""
        hex_name = self.board.hex_name
        phase = phase_name(self.phase)
        if isinstance(action, Row):
            return f"takes the {_ROW_TEXT[ACTIONS[action.row]]} action"
        if isinstance(action, Pick) and phase == "move-pick":
            return f"picks the figure on {hex_name(action.hex)} to move it"
        if isinstance(action, To) and phase == "move-to" and self.sel >= 0:
            return f"moves the figure on {hex_name(self.sel)} to {hex_name(action.hex)}"
        if isinstance(action, Put) and phase in ("summon", "pyramid-summon"):
            return f"summons {_term_name('figure', FIGURE_IDS[action.kind])} on {hex_name(action.hex)}"
        if isinstance(action, Power) and phase == "unlock":
            return f"unlocks the Ankh power {_term_name('power', POWER_IDS[action.power])}"
        if isinstance(action, Camel):
            return f"lays a camel on the side {self.board.edge_name(action.edge)}"
        if isinstance(action, Swap):
            return f"swaps the Conflict Order tokens {action.a} and {action.b}"
        if isinstance(action, Card):
            return f"chooses the Battle card {_term_name('card', CARD_IDS[action.card])}"
        if isinstance(action, Bid):
            return f"bids {plural(action.amount, 'Follower')}"
        if isinstance(action, Build) and phase == "build":
            return f"builds {_term_name('monument', MONUMENT_IDS[action.kind])} on {hex_name(action.hex)}"
        return None
