"""The engine's decision points, one :class:`PhaseRule` record each (rules/ankh.md §7, §6, §10).

``AnkhState.phase`` is one of the ``base`` phase codes (``TURN``, ``MOVE_PICK``... ``TURN_END``)
or a god power's phase (``>= GOD_PHASE_BASE``, :mod:`netjer.games.ankh.gods.base`, whose
``PHASES`` tables are the model of this one).  :data:`PHASE_RULES` holds, per engine phase in
code order, everything the kernel contract needs of it: its name (observations, logs, full
state), the rule that governs the decision, what the player is asked, which action classes
belong to it (to tell "wrong moment" from "wrong choice"), its legal actions, how an action is
applied and why an action is illegal.  ``AnkhState.legal_actions``, ``apply`` and the
``IllegalActionError`` reasons dispatch through this one table.

The steps of a Conflict (``AnkhState.conflict_step``, rules/ankh.md §10.1-10.3) are a second
table of the same kind, :data:`BATTLE_STEPS`: per step its name, rule and ``run``, which the
Conflict loop calls until a step waits for a decision (one of the phases above).

The ``legal`` and ``apply`` entries call the rules of the chapter modules (``actions`` §7,
``events`` §6, ``battle`` §10.3, ``merge`` §10.4, ``conflict`` §10.1-2) on the state they
are given; the ``why_illegal`` entries return ``(rule, reason)`` for an action of the phase's
classes that is not legal now, or ``None`` for the generic reason
(``the decision now: <prompt>``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from netjer.core.action import Action
from netjer.core.state import JsonDict
from netjer.games.ankh import actions, battle, conflict, events, guardians, merge
from netjer.games.ankh.base import (
    ADOPT,
    AIM,
    B_AFTER,
    B_APPLY,
    B_BIDS,
    B_BUILD,
    B_CARDS,
    B_CYCLE,
    B_DEAL,
    B_KILL,
    B_MAGNANIMOUS,
    B_MAJORITY,
    B_MIRACLE,
    B_OBELISK,
    B_PLAGUE,
    B_RESOLVE,
    B_REVEAL,
    B_START,
    B_WORSHIP,
    BID,
    BUILD,
    C_REGION,
    CAMEL,
    CARD,
    CLAIM,
    CONT_ACTION_DONE,
    CONT_AIMED_MOVE,
    CONT_AIMED_OBELISK,
    CONT_AIMED_TASK,
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
)
from netjer.games.ankh.cards import CARD_IDS
from netjer.games.ankh.catalogue import ngettext
from netjer.games.ankh.catalogue import translate as _
from netjer.games.ankh.gods.base import GOD_PHASE_BASE, PHASE_OWNER
from netjer.games.ankh.interned import AIM as AIM_ACTIONS
from netjer.games.ankh.interned import DONE, END, NOBUILD, NOSWAP, POWER, RANSOM
from netjer.games.ankh.interned import TIEBREAK as TIEBREAK_ACT
from netjer.games.ankh.interned import WORSHIP as WORSHIP_ACT
from netjer.games.ankh.notation import (
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
from netjer.games.ankh.pieces import FIGURE_IDS, SATET
from netjer.games.ankh.powers import free_powers, unlock_level
from netjer.games.ankh.setup import ACTIONS
from netjer.games.ankh.terms import piece_word
from netjer.i18n import N_

if TYPE_CHECKING:
    from netjer.games.ankh.state import AnkhState

#: ``why_illegal(state, action, phase_rule)``: ``(rule, reason)``, or None for the generic one.
WhyIllegal = Callable[["AnkhState", Action, "PhaseRule"], "tuple[str, str] | None"]


def _generic(st: AnkhState, action: Action, pr: PhaseRule) -> tuple[str, str] | None:
    return None


def _no_pending(st: AnkhState) -> JsonDict:
    return {}


@dataclass(frozen=True, slots=True)
class PhaseRule:
    """One engine decision point.

    Attributes:
        phase: its code (``AnkhState.phase``; the record's index in :data:`PHASE_RULES`).
        name: its name in observations, logs and the full state (``"move-pick"``).
        rule: the rule that governs the decision (``"Ankh §7.3 Move Figures"``): a catalogue
            message left in English (``N_``), told in the reader's language where a refusal
            shows it (:func:`netjer.i18n_lines.tell`).
        prompt: what the player is asked, with the notation of the answers.
        types: the action classes that belong to the phase.
        legal: ``legal(state)``: the legal actions, in the engine's order.
        apply: ``apply(state, action)``: play a legal action of the phase.
        why_illegal: ``why_illegal(state, action, self)`` for an action of ``types`` that
            is not legal: ``(rule, reason)``, or None for ``the decision now: <prompt>``.
        pending: ``pending(state)``: the public details of the decision in progress (a new
            dict; the observation's ``pending``).
    """

    phase: int
    name: str
    rule: str
    prompt: str
    types: tuple[type, ...]
    legal: Callable[[AnkhState], list[Action]]
    apply: Callable[[AnkhState, Action], None]
    why_illegal: WhyIllegal = _generic
    pending: Callable[[AnkhState], JsonDict] = _no_pending


# --- legal actions and effects that are not one method call -------------------------------------


def _unlock_actions(st: AnkhState) -> list[Action]:
    god = st.god_of_seat[st.to_move]
    return [POWER[x] for x in free_powers(st.powers[god], unlock_level(st.unlocked[god]))]


def _apply_move_pick(st: AnkhState, action: Action) -> None:
    if action is DONE:
        actions.action_done(st)
    else:
        assert isinstance(action, Pick)
        st.selected = action.hex
        st.phase = MOVE_TO


def _apply_turn(st: AnkhState, action: Action) -> None:
    if action is END:
        st.window_done = True  # 'end' chosen now: no "after the action" choice later
        actions.end_turn(st)
    elif isinstance(action, Row):
        actions.take_action(st, action.row)
    else:
        st.apply_god_turn_action(action)
        st.ask_queued_then(CONT_TURN)


def _apply_turn_end(st: AnkhState, action: Action) -> None:
    if action is END:
        actions.pass_turn(st)
    else:
        st.apply_god_turn_action(action)
        st.ask_queued_then(CONT_END_TURN)


def _apply_aim(st: AnkhState, action: Action) -> None:
    """Aim the Giant Scorpion, then go on where it was placed or moved from (§3: the
    continuation its placement pushed, a ``CONT_AIMED_*``)."""
    assert isinstance(action, Aim)
    actions.set_aim(st, action.side)
    st.resume()


def _apply_summon(st: AnkhState, action: Action) -> None:
    if action is RANSOM:  # §4.1 Anubis: buy back a trapped Warrior, then place it
        st.ransom = True
    elif isinstance(action, PyramidPick):
        st.pyramid_selected = action.hex
        st.phase = PYRAMID_PUT
    else:
        assert isinstance(action, Put)
        actions.put(st, action.kind, action.hex, extra=False)


def _apply_pyramid_put(st: AnkhState, action: Action) -> None:
    if action is RANSOM:
        st.ransom = True
    else:
        assert isinstance(action, Put)
        actions.put(st, action.kind, action.hex, extra=True)


def _apply_camel(st: AnkhState, action: Action) -> None:
    if action is DONE:
        events.no_camels(st)
    else:
        assert isinstance(action, Camel)
        events.camel(st, action.edge)


def _apply_swap(st: AnkhState, action: Action) -> None:
    if action is NOSWAP:
        events.no_swap(st)
    else:
        assert isinstance(action, Swap)
        events.swap(st, action.a, action.b)


def _apply_obelisk_pick(st: AnkhState, action: Action) -> None:
    if action is DONE:
        battle.obelisk_pass(st)
    else:
        assert isinstance(action, Pick)
        battle.obelisk_pick(st, action.hex)


def _apply_build(st: AnkhState, action: Action) -> None:
    if action is NOBUILD:
        battle.no_build(st)
    else:
        assert isinstance(action, Build)
        battle.build(st, action.kind, action.hex)


def _apply_adopt(st: AnkhState, action: Action) -> None:
    """Keep a Guardian of the minor god, or stop; once the merge is over the Conflict's end
    goes on (§10.4, then the end-of-Conflict effects: ``conflict._conflict_closed``)."""
    if action is DONE:
        merge.finish_adoption(st)
        over = True
    elif isinstance(action, Adopt):
        over = merge.adopt(st, action.hex, -1)
    else:
        assert isinstance(action, AdoptPool)
        over = merge.adopt(st, -1, action.kind)
    if over:
        conflict.conflict_closed(st)


def _hex_of(action: Action) -> int:
    h = getattr(action, "hex")  # noqa: B009 - the phase's classes all carry a hex
    assert isinstance(h, int)
    return h


def _apply_to(rule: Callable[[AnkhState, int], None]) -> Callable[[AnkhState, Action], None]:
    """``apply`` of a phase whose one answer is ``to r,c`` (or ``push r,c``...): ``rule(st, hex)``."""

    def apply(st: AnkhState, action: Action) -> None:
        rule(st, _hex_of(action))

    return apply


def _game_over(st: AnkhState, action: Action) -> None:  # pragma: no cover - nothing is legal
    raise AssertionError("no decision is pending: the game is over")


# --- the public details of the decision in progress ---------------------------------------------


def _moved(st: AnkhState) -> list[str]:
    return [st.board.hex_name(h) for h in st.moved]


def _pending_unlock(st: AnkhState) -> JsonDict:
    return {"level": unlock_level(st.unlocked[st.god_of_seat[st.to_move]])}


def _pending_mummy(st: AnkhState) -> JsonDict:
    god, owner = st.mummy_queue[0]
    return {"mummy_of": owner, "next_to_god_of": god}  # its owner's God, or Seth's (§4.2)


def _pending_camels(st: AnkhState) -> JsonDict:
    return {"camel_line": [st.board.edge_name(e) for e in st.camel_line]}


# --- why an action is illegal ------------------------------------------------------------------


def _why_turn(st: AnkhState, action: Action, pr: PhaseRule) -> tuple[str, str] | None:
    if isinstance(action, Row) and st.actions_taken:
        return pr.rule, _("the second action must be on a lower row than '{row}'").format(row=ACTIONS[st.last_row])
    if action is END and st.actions_taken == 0:
        return pr.rule, _("take at least one action before ending the turn")
    if action is END:
        return N_("Ankh §7.1 (option second_action=mandatory)"), _("the second action is mandatory in this game")
    return None


def _why_pick(st: AnkhState, action: Action, pr: PhaseRule) -> tuple[str, str] | None:
    if not isinstance(action, Pick):
        return None
    h, name = action.hex, st.board.hex_name
    if st.figure_owner[h] != st.god_of_seat[st.to_move]:
        return pr.rule, _("there is no figure of yours on {hex}").format(hex=name(h))
    if h in st.moved or h in st.battle.relocated:
        return pr.rule, _("the figure on {hex} has already moved").format(hex=name(h))
    return pr.rule, _("the figure on {hex} has no empty land space to go to").format(hex=name(h))


def _why_space(st: AnkhState, action: Action, pr: PhaseRule) -> tuple[str, str] | None:
    """A figure placed or moved to a space that is not allowed (§8.1, §7.3, §3 Satet)."""
    if not hasattr(action, "hex"):
        return None
    p, rule, board = pr.phase, pr.rule, st.board
    god = st.god_of_seat[st.to_move]
    name = board.hex_name
    h = _hex_of(action)
    if not board.is_land[h] and not (isinstance(action, Put) and FIGURE_IDS[action.kind] == "apep"):
        return N_("Ankh §8.1"), _("{hex} is water: no figure may end there (except Apep when summoned)").format(
            hex=name(h)
        )
    satet = p == MOVE_TO and st.figure[st.selected] == SATET
    if p == MOVE_TO and board.distance(st.selected, h) > 3:
        return rule, _("{hex} is more than 3 spaces from {start}").format(hex=name(h), start=name(st.selected))
    if satet and st.figure_owner[h] >= 0 and st.figure_owner[h] != god:
        return N_("Ankh §3 Satet"), _("the figure on {hex} has no empty adjacent land space to be pushed to").format(
            hex=name(h)
        )
    if not st.hex_is_empty(h):
        return N_("Ankh §8.1"), _("{hex} is occupied: a space holds one figure or one Monument").format(hex=name(h))
    if isinstance(action, Put) and guardians.pool_count(st, god, action.kind) <= 0:
        return rule, _("you have no {guardian} in your pool").format(guardian=piece_word(FIGURE_IDS[action.kind]))
    return rule, _("{hex} is not one of the allowed spaces: {prompt}").format(hex=name(h), prompt=_(pr.prompt))


def _why_card(st: AnkhState, action: Action, pr: PhaseRule) -> tuple[str, str] | None:
    assert isinstance(action, Card)
    return N_("Ankh §1"), _("{card} is face up (used) until you play the Cycle of Ma'at").format(
        card=CARD_IDS[action.card]
    )


def _why_bid(st: AnkhState, action: Action, pr: PhaseRule) -> tuple[str, str] | None:
    god = st.god_of_seat[st.to_move]
    return N_("Ankh §1 Plague of Locusts"), ngettext(
        "you have only {count} Follower to bid", "you have only {count} Followers to bid", st.followers[god]
    ).format(count=st.followers[god])


def _why_claim(st: AnkhState, action: Action, pr: PhaseRule) -> tuple[str, str] | None:
    assert isinstance(action, Claim)
    h, name = action.hex, st.board.hex_name
    if st.monument[h] < 0:
        return pr.rule, _("there is no Monument on {hex}").format(hex=name(h))
    if st.monument_owner[h] >= 0 and any(m >= 0 and o < 0 for m, o in zip(st.monument, st.monument_owner, strict=True)):
        return pr.rule, _("a Monument of another god may be taken only when no Monument on the board is neutral")
    return pr.rule, _("none of your figures is adjacent to {hex} (same region)").format(hex=name(h))


def _why_camel(st: AnkhState, action: Action, pr: PhaseRule) -> tuple[str, str] | None:
    if not isinstance(action, Camel):
        return None
    return pr.rule, _(
        "{edge} does not continue a line of up to 6 camels from border to border "
        "that splits one region into two of at least 6 land spaces"
    ).format(edge=st.board.edge_name(action.edge))


def _why_unlock(st: AnkhState, action: Action, pr: PhaseRule) -> tuple[str, str] | None:
    god = st.god_of_seat[st.to_move]
    return pr.rule, _("the token being moved is of level {level}, or you have it already").format(
        level=unlock_level(st.unlocked[god])
    )


def _why_build(st: AnkhState, action: Action, pr: PhaseRule) -> tuple[str, str] | None:
    if not isinstance(action, Build):
        return None
    return pr.rule, _("build on an empty land space of the battle region, with a Monument left in the supply")


# --- the table -----------------------------------------------------------------------------------

#: Every engine phase, indexed by its code.
PHASE_RULES: Final[tuple[PhaseRule, ...]] = (
    PhaseRule(
        TURN,
        "turn",
        N_("Ankh §7.1"),
        N_("choose an action row ('move', 'summon', 'gain', 'unlock') or 'end'"),
        (Row, Word, Reveal),
        lambda st: actions.turn_actions(st),
        _apply_turn,
        _why_turn,
    ),
    PhaseRule(
        MOVE_PICK,
        "move-pick",
        N_("Ankh §7.3 Move Figures"),
        N_("pick a figure of yours that has not moved ('pick r,c') or 'done'"),
        (Pick, Word),
        lambda st: actions.move_pick_actions(st),
        _apply_move_pick,
        _why_pick,
        pending=lambda st: {"moved": _moved(st)},
    ),
    PhaseRule(
        MOVE_TO,
        "move-to",
        N_("Ankh §7.3 Move Figures"),
        N_("move the picked figure 1-3 spaces to an empty land space ('to r,c')"),
        (To,),
        lambda st: actions.move_to_actions(st),
        _apply_to(lambda st, h: actions.move_to(st, h)),
        _why_space,
        pending=lambda st: {"moved": _moved(st), "selected": st.board.hex_name(st.selected)},
    ),
    PhaseRule(
        PUSH,
        "push",
        N_("Ankh §3 Satet"),
        N_("push the enemy figure to an empty adjacent land space ('push r,c')"),
        (Push,),
        lambda st: actions.push_actions(st),
        _apply_to(lambda st, h: actions.push(st, h)),
        _why_space,
        pending=lambda st: {
            "moved": _moved(st),
            "selected": st.board.hex_name(st.selected),
            "push_from": st.board.hex_name(st.push_at),
        },
    ),
    PhaseRule(
        AIM,
        "aim",
        N_("Ankh §3 Giant Scorpion"),
        N_("aim the Giant Scorpion at two neighbouring sides ('aim N-NE')"),
        (Aim,),
        lambda st: list(AIM_ACTIONS),
        _apply_aim,
        pending=lambda st: {"scorpion": st.board.hex_name(st.aim_hex)},
    ),
    PhaseRule(
        SUMMON,
        "summon",
        N_("Ankh §7.3 Summon Figure"),
        N_("summon a figure from your pool ('put warrior r,c') or 'pyramid r,c'"),
        (Put, PyramidPick, Word),
        lambda st: actions.summon_actions(st),
        _apply_summon,
        _why_space,
    ),
    PhaseRule(
        PYRAMID_PUT,
        "pyramid-summon",
        N_("Ankh §2.2 Pyramid Attuned"),
        N_("summon a figure next to the chosen Pyramid ('put warrior r,c')"),
        (Put, Word),
        lambda st: actions.pyramid_put_actions(st),
        _apply_pyramid_put,
        _why_space,
        pending=lambda st: {"pyramid": st.board.hex_name(st.pyramid_selected)},
    ),
    PhaseRule(
        UNLOCK,
        "unlock",
        N_("Ankh §2.1"),
        N_("choose a power of the level being unlocked ('power <id>')"),
        (Power,),
        _unlock_actions,
        lambda st, a: actions.unlock(st, a.power) if isinstance(a, Power) else None,
        _why_unlock,
        pending=_pending_unlock,
    ),
    PhaseRule(
        CLAIM,
        "claim",
        N_("Ankh §6 Control Monument"),
        N_("choose a Monument adjacent to your figures ('claim r,c')"),
        (Claim,),
        lambda st: events.claim_actions(st),
        _apply_to(lambda st, h: events.claim(st, h)),
        _why_claim,
    ),
    PhaseRule(
        CAMEL,
        "camel",
        N_("Ankh §6 Camel Caravan"),
        N_("lay the next camel of a valid line ('camel r,c|r,c'), or 'done' before the first"),
        (Camel, Word),
        lambda st: events.camel_actions(st),
        _apply_camel,
        _why_camel,
        pending=_pending_camels,
    ),
    PhaseRule(
        KEEP,
        "keep",
        N_("Ankh §6 Camel Caravan"),
        N_("choose the new region that keeps the old token ('keep r,c')"),
        (Keep,),
        lambda st: events.keep_actions(st),
        _apply_to(lambda st, h: events.keep(st, h)),
        pending=_pending_camels,
    ),
    PhaseRule(
        SWAP,
        "swap",
        N_("Ankh §6 Camel Caravan"),
        N_("swap a new region's token with another ('swap a b') or 'noswap'"),
        (Swap, Word),
        lambda st: events.swap_actions(st),
        _apply_swap,
        pending=lambda st: {"new_tokens": list(st.new_tokens)},
    ),
    PhaseRule(
        OBELISK_PICK,
        "obelisk-pick",
        N_("Ankh §2.2 Obelisk Attuned"),
        N_("pick a figure to relocate ('pick r,c') or 'done'"),
        (Pick, Word),
        lambda st: battle.obelisk_pick_actions(st),
        _apply_obelisk_pick,
        _why_pick,
    ),
    PhaseRule(
        OBELISK_TO,
        "obelisk-to",
        N_("Ankh §2.2 Obelisk Attuned"),
        N_("move it next to one of your Obelisks here ('to r,c')"),
        (To,),
        lambda st: battle.obelisk_to_actions(st),
        _apply_to(lambda st, h: battle.obelisk_to(st, h)),
        _why_space,
        pending=lambda st: {"selected": st.board.hex_name(st.selected)},
    ),
    PhaseRule(
        CARD,
        "card",
        N_("Ankh §1, §10.3 step 1"),
        N_("choose a Battle card from your hand ('card <id>')"),
        (Card,),
        lambda st: battle.card_actions(st),
        lambda st, a: battle.choose_card(st, a.card) if isinstance(a, Card) else None,
        _why_card,
    ),
    PhaseRule(
        BUILD,
        "build",
        N_("Ankh §1 Build Monument"),
        N_("build on an empty land space of the region ('build temple r,c') or 'nobuild'"),
        (Build, Word),
        lambda st: battle.build_actions(st),
        _apply_build,
        _why_build,
    ),
    PhaseRule(
        BID,
        "bid",
        N_("Ankh §1 Plague of Locusts"),
        N_("bid Followers you have ('bid N')"),
        (Bid,),
        lambda st: battle.bid_actions(st),
        lambda st, a: battle.bid(st, a.amount) if isinstance(a, Bid) else None,
        _why_bid,
    ),
    PhaseRule(
        MUMMY,
        "mummy",
        N_("Ankh §3 Mummy"),
        N_("return the Mummy next to your God ('to r,c')"),
        (To,),
        lambda st: conflict.mummy_actions(st),
        _apply_to(lambda st, h: conflict.mummy_return(st, h)),
        _why_space,
        pending=_pending_mummy,
    ),
    PhaseRule(
        TIEBREAK,
        "tiebreak",
        N_("Ankh §10.3 step 5"),
        N_("use the tie-breaker ('tiebreak') or not ('notiebreak')"),
        (Word,),
        lambda st: battle.tiebreak_actions(st),
        lambda st, a: battle.tiebreak(st, a is TIEBREAK_ACT),
    ),
    PhaseRule(
        WORSHIP,
        "worship",
        N_("Ankh §2.2 Worshipful"),
        N_("sacrifice 2 Followers for 1 Devotion ('worship') or not ('noworship')"),
        (Word,),
        lambda st: battle.worship_actions(st),
        lambda st, a: battle.worship(st, a is WORSHIP_ACT),
    ),
    PhaseRule(
        ADOPT,
        "adopt",
        N_("Ankh §10.4"),
        N_("keep a Guardian of the minor god that fits a free base ('adopt r,c', 'adopt <kind>') or 'done'"),
        (Adopt, AdoptPool, Word),
        lambda st: merge.adopt_actions(st),
        _apply_adopt,
        pending=lambda st: {"minor_god": st.merge_minor},
    ),
    PhaseRule(OVER, "over", N_("Ankh §10.6"), "the game is over", (), lambda st: [], _game_over),
    PhaseRule(
        TURN_END,
        "turn-end",
        N_("Ankh §4.2 Bastet"),
        N_("reveal a cat next to one of your figures ('reveal r,c') or 'end' the turn"),
        (Word, Reveal),
        lambda st: actions.turn_end_actions(st),
        _apply_turn_end,
    ),
)
assert all(r.phase == i for i, r in enumerate(PHASE_RULES)), "PHASE_RULES must be in phase-code order"

#: The name of each engine phase, by code (observations, the tensor adapter).
PHASE_NAMES: Final[tuple[str, ...]] = tuple(r.name for r in PHASE_RULES)


def phase_name(p: int) -> str:
    """The name of decision point ``p`` (an engine phase or a god power's)."""
    if p < GOD_PHASE_BASE:
        return PHASE_RULES[p].name
    return PHASE_OWNER[p].PHASES[p][0]


@dataclass(frozen=True, slots=True)
class BattleStep:
    """One step of a Conflict (``AnkhState.conflict_step``).

    Attributes:
        step: its code (the ``battle`` module's ``C_REGION``, ``B_*``; the record's index in
            :data:`BATTLE_STEPS`).
        name: its name in observations (``"plague-bids"``).
        rule: the rule it carries out.
        run: ``run(state)``: carry the step out, moving ``conflict_step`` on; True if it now
            waits for a decision (``phase`` set), False to go on.
    """

    step: int
    name: str
    rule: str
    run: Callable[[AnkhState], bool]


def _next_region(st: AnkhState) -> bool:  # pragma: no cover - the Conflict loop does it
    raise AssertionError("the next region is chosen by the Conflict loop (conflict._run_conflict)")


#: Every step of a Conflict, indexed by its code.
BATTLE_STEPS: Final[tuple[BattleStep, ...]] = (
    BattleStep(C_REGION, "next-region", "Ankh §10.1 point 3, §10.2", _next_region),
    BattleStep(
        B_OBELISK, "obelisk-attuned", "Ankh §10.3 step 0, §2.2 Obelisk Attuned", lambda st: battle.obelisk_step(st)
    ),
    BattleStep(B_START, "battle-start", "Ankh §10.3 step 0", lambda st: battle.start_step(st)),
    BattleStep(B_DEAL, "deal", "Ankh §10.3 step 1", lambda st: battle.deal_step(st)),
    BattleStep(B_CARDS, "cards", "Ankh §10.3 step 1", lambda st: battle.cards_step(st)),
    BattleStep(B_REVEAL, "reveal", "Ankh §10.3 step 1", lambda st: battle.reveal_step(st)),
    BattleStep(B_BUILD, "build", "Ankh §10.3 step 2, §1 Build Monument", lambda st: battle.build_step(st)),
    BattleStep(B_PLAGUE, "plague", "Ankh §10.3 step 3, §1 Plague of Locusts", lambda st: battle.plague_step(st)),
    BattleStep(B_BIDS, "plague-bids", "Ankh §10.3 step 3, §1 Plague of Locusts", lambda st: battle.bids_step(st)),
    BattleStep(B_MAJORITY, "majorities", "Ankh §10.3 step 4, §9", lambda st: battle.majority_step(st)),
    BattleStep(B_RESOLVE, "resolution", "Ankh §10.3 step 5", lambda st: battle.resolve_step(st)),
    BattleStep(B_APPLY, "resolution-effects", "Ankh §10.3 step 5", lambda st: battle.apply_step(st)),
    BattleStep(B_KILL, "resolution-deaths", "Ankh §10.3 step 5", lambda st: battle.kill_step(st)),
    BattleStep(
        B_MAGNANIMOUS, "magnanimous", "Ankh §10.3 step 6, §2.2 Magnanimous", lambda st: battle.magnanimous_step(st)
    ),
    BattleStep(B_MIRACLE, "miracle", "Ankh §10.3 step 6, §1 Miracle", lambda st: battle.miracle_step(st)),
    BattleStep(B_AFTER, "after-battle", "Ankh §10.3 step 6, §4.1 Osiris", lambda st: battle.after_step(st)),
    BattleStep(B_WORSHIP, "worshipful", "Ankh §10.3 step 6, §2.2 Worshipful", lambda st: battle.worship_step(st)),
    BattleStep(B_CYCLE, "cycle-of-maat", "Ankh §10.3 step 6, §1 Cycle of Ma'at", lambda st: battle.cycle_step(st)),
)
assert all(b.step == i for i, b in enumerate(BATTLE_STEPS)), "BATTLE_STEPS must be in step-code order"

#: The name of each Conflict step, by code (observations, the tensor adapter).
STEP_NAMES: Final[tuple[str, ...]] = tuple(b.name for b in BATTLE_STEPS)


# --- the continuations: what goes on once the decisions a flow paused for are taken -----------


@dataclass(frozen=True, slots=True)
class Continuation:
    """One entry of the continuation stack (``AnkhState.resume_stack``): where a flow paused
    for decisions goes on.  A flow pushes it (``AnkhState.ask_queued_then`` before the queued
    decisions, ``actions.ask_aim`` before a Giant Scorpion's aim) and the engine pops and runs
    it once those decisions are taken (``AnkhState.resume``).

    Attributes:
        code: its code (``base.CONT_*``; the record's index in :data:`CONTINUATIONS`).
        name: what it is called (docs/ankh-engine-flow.md).
        rule: the rule saying where the flow goes on.
        run: ``run(state)``: go on with the flow (it may set the next decision, push another
            continuation, or pop the next one).
    """

    code: int
    name: str
    rule: str
    run: Callable[[AnkhState], None]


def _resume_turn(st: AnkhState) -> None:
    """Back to the player whose turn it is, to choose their next action (§7.1)."""
    st.to_move = st.turn_order[st.turn_idx]
    st.phase = TURN


#: Every continuation, indexed by its code (rules/ankh.md §4: a god power's decision is taken at
#: the point the rules name, then the interrupted flow goes on; §3: a Giant Scorpion aims after
#: each placement or move, then the flow goes on).
CONTINUATIONS: Final[tuple[Continuation, ...]] = (
    Continuation(CONT_CONFLICT, "conflict", "Ankh §10.1", lambda st: conflict.run_conflict(st)),
    Continuation(CONT_ACTION_DONE, "action-done", "Ankh §7.1, §7.2", lambda st: actions.action_done(st)),
    Continuation(CONT_SUMMON, "summon", "Ankh §7.3, §2.2", lambda st: actions.continue_summon(st)),
    Continuation(CONT_TURN, "turn", "Ankh §7.1", _resume_turn),
    Continuation(CONT_END_TURN, "end-turn", "Ankh §7.1", lambda st: actions.pass_turn(st)),
    Continuation(CONT_EVENT_DONE, "event-done", "Ankh §6, §7.2", lambda st: actions.event_done(st)),
    Continuation(CONT_START, "start", "Ankh §7 (the first turn)", lambda st: actions.start_turn(st)),
    Continuation(CONT_AIMED_MOVE, "aimed-move", "Ankh §3 Giant Scorpion, §7.3", lambda st: actions.continue_move(st)),
    Continuation(
        CONT_AIMED_OBELISK,
        "aimed-obelisk",
        "Ankh §3 Giant Scorpion, §2.2 Obelisk Attuned",
        lambda st: battle.obelisk_moved(st),  # the next god relocates
    ),
    Continuation(CONT_AIMED_TASK, "aimed-task", "Ankh §3 Giant Scorpion, §4", lambda st: st.next_task_or_resume()),
)
assert all(c.code == i for i, c in enumerate(CONTINUATIONS)), "CONTINUATIONS must be in code order"
