"""Bastet, Cats of Bubastis (rules/ankh.md §4.2; S1, the primary source; cases.md 16).

Components: 3 cat tokens — +1, +3 and the star (+0).  After setup, and again after each
Conflict event, Bastet takes back every cat (face-down ones included) and places them face
down, each on a space with a Monument, each in a different region; with fewer than 3 such
regions she places as many as she can and keeps the rest face down beside her board.

* Battle: when Bastet takes part in a Battle in a region holding a face-down cat, she reveals
  it with her card and adds its value to her strength (the star is +0).  A cat stays face down
  until such a battle, or until an opponent returns it to her (cases.md 16: a battle she is
  not in leaves it face down).
* Opponents: once per turn, before or after an action, an opponent may reveal a face-down
  cat adjacent to one of their figures.  The +1 or +3 goes back to Bastet, face up beside her
  board (out of play until the next placement).  The star kills the figure through which it
  was revealed — the opponent chooses among their adjacent figures; Gods never die — and then
  Bastet takes back every cat and places them again.
* If Bastet is forgotten, the cats leave the game.

Decisions: ``cat <kind> r,c`` (phase ``bastet-cats``: Bastet places each cat, as many as
possible, in an order and on spaces of her choice); ``reveal r,c`` (an opponent's turn
choice, hooks ``turn_actions``/``on_turn_action``; also in the ``turn-end`` decision after a
turn's last action); ``kill r,c`` (phase ``bastet-star``: which adjacent figure the star kills).

Hidden information: the opponents see where the face-down cats are, not which is which;
Bastet sees her own cats (she places each token herself, face down: S1 gives no shuffle, so
the values are hidden from the other players only — our reading of "face down").  The log
and the observation never name a face-down cat, nor do the words for her placements
(``describe``) except to her own seats (a placement is not logged: its words say it, once);
``determinize`` deals the face-down cats' values again among their places for an opponent.

Rulings (docs/rules-coverage-ankh.md):

* A cat revealed in a battle stays face up on its space until the next placement (it cannot be
  revealed again); the value counts like the card's, only if Bastet has figures there at
  Resolution.
* A Giant Scorpion destroying a Monument that carries a cat leaves the cat on the empty space
  until the end-of-Conflict placement (rulings table); so does a merge destroying the
  Monument.  After a Camel Caravan, a region holding two cats keeps both.
* "Once per turn" is per player turn (a merged god's two players each have theirs); Bastet's
  own god never reveals her cats.  The placement is mandatory while a cat can be placed.
* The end-of-Conflict placement comes after the merge and the forgotten gods; a merged god
  holding Bastet's power keeps the cats (its major god's player places them).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Final

from netjer.core.action import Action
from netjer.core.rng import Rng
from netjer.games.ankh import guardians
from netjer.games.ankh.catalogue import translate as _
from netjer.games.ankh.gods.base import BASTET, GodPower, Task, god_phase, register
from netjer.games.ankh.interned import CAT_IDS, CAT_PUT, KILL, REVEAL
from netjer.games.ankh.notation import CatPut, Kill, Reveal
from netjer.games.ankh.pieces import GOD
from netjer.i18n import N_, join_list

if TYPE_CHECKING:
    from netjer.core.state import JsonDict
    from netjer.games.ankh.state import AnkhState

PLACE_PHASE: Final = god_phase(BASTET, 0)
STAR_PHASE: Final = god_phase(BASTET, 1)
PLUS1: Final = 0
PLUS3: Final = 1
STAR: Final = 2
#: Strength each cat adds in Bastet's battle (the star +0).
CAT_VALUE: Final = (1, 3, 0)
#: Where a cat is when not on the board: beside Bastet's board, or out of the game.
HAND, GONE = -1, -2
CAT_NAMES: Final = ("+1", "+3", N_("star"))  # translated where shown


@dataclass(slots=True)
class BastetData:
    """Each cat's place (a hex, :data:`HAND` or :data:`GONE`) and whether it is face up;
    whether an opponent revealed a cat this turn; the cats revealed in the current battle."""

    at: list[int] = field(default_factory=lambda: [HAND, HAND, HAND])
    up: list[bool] = field(default_factory=lambda: [False, False, False])
    used_turn: bool = False
    battle_cats: list[int] = field(default_factory=list)

    def copy(self) -> BastetData:
        return BastetData(self.at[:], self.up[:], self.used_turn, self.battle_cats[:])


class BastetPower(GodPower):
    """Bastet's cats (§4.2)."""

    id: ClassVar[str] = "bastet"
    name: ClassVar[str] = "Bastet"
    summary: ClassVar[str] = (
        "3 face-down cats (+1, +3, star) on Monuments in different regions: revealed in her battles for strength; "
        "an opponent may reveal one once per turn — the star kills (S1)."
    )
    PHASES: ClassVar[dict[int, tuple[str, str, str]]] = {
        PLACE_PHASE: (
            "bastet-cats",
            N_("Ankh §4.2 Bastet"),
            N_("place a cat face down on a Monument in another region"),
        ),
        STAR_PHASE: (
            "bastet-star",
            N_("Ankh §4.2 Bastet"),
            N_("choose your figure next to the star that it kills ('kill r,c')"),
        ),
    }
    #: The last view built for a viewer not holding Bastet (first) and for one holding her
    #: (second), each with the values it was built from (the cats' places and faces, whether
    #: one was revealed this turn, the battle's cats).
    _seen: tuple[tuple[tuple[Any, ...], JsonDict] | None, tuple[tuple[Any, ...], JsonDict] | None] = (None, None)

    def data(self, st: AnkhState) -> BastetData:
        d = st.power_data[BASTET]
        assert isinstance(d, BastetData)
        return d

    def new_data(self, st: AnkhState, god: int) -> BastetData:
        return BastetData()

    def cat_on(self, st: AnkhState, h: int) -> int:
        """The cat on ``h``, or -1."""
        at = self.data(st).at
        return at.index(h) if h in at else -1

    # --- placement ----------------------------------------------------------------------------

    def take_back(self, st: AnkhState) -> None:
        """Bastet takes back every cat still in the game, face down, and will place them."""
        d = self.data(st)
        for c in range(3):
            if d.at[c] != GONE:
                d.at[c] = HAND
                d.up[c] = False
        st.queue_task(PLACE_PHASE, self.holder(st))

    def on_setup(self, st: AnkhState) -> None:
        self.take_back(st)

    def on_conflict_end(self, st: AnkhState) -> None:
        self.take_back(st)

    def spaces(self, st: AnkhState) -> list[int]:
        """Monument spaces in regions that hold no cat yet."""
        region_of = st.regions.region_of
        # A bit per region holding a cat (compiled: native ints, no set; issue 34).  Cats and
        # Monuments stand on land, in a region (the water's -1 is kept apart all the same).
        taken = 0
        water = False
        for h in self.data(st).at:
            if h >= 0:
                r = region_of[h]
                if r >= 0:
                    taken |= 1 << r
                else:
                    water = True
        mon = st.monument
        spaces = []
        for h in range(len(mon)):
            if mon[h] >= 0:
                r = region_of[h]
                if (not taken >> r & 1) if r >= 0 else not water:
                    spaces.append(h)
        return spaces

    def legal(self, st: AnkhState, task: Task) -> list[Action]:
        if task[0] == STAR_PHASE:
            revealer, star = task[1], task[2]
            return [KILL[x] for x in st.regions.adjacent[star] if st.figure_owner[x] == revealer]
        d = self.data(st)
        cats = [c for c in range(3) if d.at[c] == HAND and not d.up[c]]
        if not cats:
            return []
        spaces = self.spaces(st)
        return [CAT_PUT[c][h] for c in cats for h in spaces]

    def apply(self, st: AnkhState, task: Task, action: Action) -> None:
        if isinstance(action, CatPut):
            self.data(st).at[action.cat] = action.hex  # not logged: ``describe`` words it for every seat
            st.queue_task(PLACE_PHASE, task[1], front=True)
        elif isinstance(action, Kill):
            self.star_kills(st, action.hex)

    def describe(self, st: AnkhState, action: Action, viewer: int | None) -> str | None:
        if isinstance(action, CatPut):
            who = st.god_name(st.god_of_seat[st.to_move])
            return _("{who} places a cat face down at {space} (Bastet).").format(
                who=who, space=st.board.hex_name(action.hex)
            )
        return None

    def why_illegal(self, st: AnkhState, task: Task, action: Action) -> str | None:
        if task[0] != PLACE_PHASE or not isinstance(action, CatPut):
            return None
        d = self.data(st)
        name = st.board.hex_name
        # The cats by their notation ids ("plus1", "star"), "star" a term of the catalogue.
        left = [_(CAT_IDS[c]) for c in range(3) if d.at[c] == HAND and not d.up[c]]
        to_place = (
            _("the cats left to place: {cats}").format(cats=join_list(left)) if left else _("every cat is placed")
        )
        cat = _(CAT_IDS[action.cat])
        if d.at[action.cat] == GONE:
            return _("the {cat} cat is out of the game; {to_place}").format(cat=cat, to_place=to_place)
        if d.at[action.cat] >= 0:
            return _("the {cat} cat is already placed, at {hex}; {to_place}").format(
                cat=cat, hex=name(d.at[action.cat]), to_place=to_place
            )
        if d.up[action.cat]:
            return _("the {cat} cat is face up beside your board until the next placement; {to_place}").format(
                cat=cat, to_place=to_place
            )
        h = action.hex
        if st.monument[h] < 0:
            return _("there is no Monument on {hex}: a cat goes on a Monument; {to_place}").format(
                hex=name(h), to_place=to_place
            )
        return _("the region of {hex} already holds a cat: one cat per region; {to_place}").format(
            hex=name(h), to_place=to_place
        )

    # --- battles ----------------------------------------------------------------------------------

    def on_battle_start(self, st: AnkhState) -> None:
        self.data(st).battle_cats = []

    def on_reveal(self, st: AnkhState) -> None:
        bastet = self.holder(st)
        if bastet not in st.battle.gods:
            return
        d = self.data(st)
        region_of = st.regions.region_of
        for c in range(3):
            h = d.at[c]
            if h >= 0 and not d.up[c] and region_of[h] == st.battle.region:
                d.up[c] = True
                d.battle_cats.append(c)
                st.note(
                    _("  {bastet} reveals the {cat} cat at {space} (Bastet)"),
                    bastet=st.god_name(bastet),
                    cat=_(CAT_NAMES[c]),
                    space=st.board.hex_name(h),
                )

    def strength(self, st: AnkhState, god: int, owners: list[int]) -> int:
        if god != self.holder(st):
            return 0
        return sum(CAT_VALUE[c] for c in self.data(st).battle_cats)

    # --- opponents reveal a cat ---------------------------------------------------------------------

    def on_turn_start(self, st: AnkhState) -> None:
        self.data(st).used_turn = False

    def turn_actions(self, st: AnkhState, god: int) -> list[Action]:
        d = st.power_data[BASTET]  # self.data(st), without its call and check: asked at every turn
        assert isinstance(d, BastetData)
        at = d.at
        if d.used_turn or god == st.holder[BASTET] or (at[0] < 0 and at[1] < 0 and at[2] < 0):
            return []
        owners = st.figure_owner
        adjacent = st.regions.adjacent
        up = d.up
        spaces = []
        for c in range(3):  # a face-down cat next to a figure of god's
            h = at[c]
            if h >= 0 and not up[c]:
                # Plain loops (compiled: native reads; a ``map`` of a bound method, with
                # ``max`` above, called back into Python for each neighbour: issue 34).
                for x in adjacent[h]:
                    if owners[x] == god:
                        spaces.append(h)
                        break
        return [REVEAL[h] for h in sorted(spaces)]

    def on_turn_action(self, st: AnkhState, god: int, action: Action) -> None:
        assert isinstance(action, Reveal)
        d = self.data(st)
        d.used_turn = True
        h = action.hex
        c = self.cat_on(st, h)
        if c != STAR:
            d.at[c] = HAND
            d.up[c] = True
            # The reveal is the action's words (narration.describe); the log adds which cat it was.
            st.note(
                _("  the cat at {space} is the {cat} cat: it goes back to Bastet, face up"),
                cat=_(CAT_NAMES[c]),
                space=st.board.hex_name(h),
            )
            return
        d.up[c] = True
        st.note(_("  the cat at {space} is the star cat"), space=st.board.hex_name(h))
        figures = [x for x in st.regions.adjacent[h] if st.figure_owner[x] == god]
        if len(figures) > 1:
            st.queue_task(STAR_PHASE, god, h)
        else:
            self.star_kills(st, figures[0])

    def star_kills(self, st: AnkhState, x: int) -> None:
        """The star kills the revealing figure on ``x`` (a God never dies), then Bastet takes
        back every cat and places them again."""
        if st.figure[x] != GOD:
            cats = guardians.kill(st, [x], _("Bastet's star cat"))
            guardians.cat_mummy_losses(st, cats)
        else:
            st.note(_("  the star spares the God at {space}: Gods never die"), space=st.board.hex_name(x))
        self.take_back(st)

    # --- forgotten, views -----------------------------------------------------------------------------

    def on_forgotten(self, st: AnkhState, god: int) -> None:
        if self.holder(st) < 0:
            d = self.data(st)
            d.at = [GONE, GONE, GONE]
            d.up = [False, False, False]

    def observe(self, st: AnkhState, viewer: int | None) -> JsonDict:
        d = self.data(st)
        holds = viewer is not None and viewer == self.holder(st)
        key = (*d.at, *d.up, d.used_turn, *d.battle_cats)
        seen = self._seen[holds]  # (key, view) of the last view built for such a viewer
        if seen is None or seen[0] != key:
            seen = (key, self._view(st, d, viewer))
            self._seen = (seen, self._seen[1]) if not holds else (self._seen[0], seen)  # replaced whole
        view = seen[1]
        out = view.copy()
        out["face_down_on_board"] = view["face_down_on_board"][:]
        out["face_up"] = [x.copy() for x in view["face_up"]]
        out["battle_cats"] = view["battle_cats"][:]
        if "cats" in view:
            out["cats"] = view["cats"].copy()
        return out

    def _view(self, st: AnkhState, d: BastetData, viewer: int | None) -> JsonDict:
        """The view :meth:`observe` returns copies of, built from the cats' places."""
        name = st.board.hex_name
        down_board: list[int] = []
        beside = gone = 0
        face_up = []
        for c, (at, up) in enumerate(zip(d.at, d.up, strict=True)):
            if at == GONE:
                gone += 1
            elif up:
                face_up.append({"cat": CAT_IDS[c], "at": name(at) if at >= 0 else "beside-board"})
            elif at >= 0:
                down_board.append(at)
            elif at == HAND:
                beside += 1
        out: JsonDict = {
            "face_down_on_board": [name(h) for h in sorted(down_board)],
            "face_down_beside_board": beside,
            "face_up": face_up,
            "out_of_game": gone,
            "revealed_this_turn": d.used_turn,
            "battle_cats": [CAT_IDS[c] for c in d.battle_cats],
        }
        if viewer is not None and viewer == self.holder(st):
            out["cats"] = {
                CAT_IDS[c]: ("gone" if at == GONE else "beside-board" if at == HAND else name(at))
                for c, at in enumerate(d.at)
            }
        return out

    def full(self, st: AnkhState) -> JsonDict:
        d = self.data(st)
        return {"at": d.at[:], "up": d.up[:], "used_turn": d.used_turn, "battle_cats": d.battle_cats[:]}

    def resample(self, st: AnkhState, viewer: int, rng: Rng) -> None:
        if viewer == self.holder(st):
            return
        d = self.data(st)
        hidden = [c for c in range(3) if d.at[c] != GONE and not d.up[c]]
        places = sorted(d.at[c] for c in hidden)
        rng.shuffle(hidden)
        for c, h in zip(hidden, places, strict=True):
            d.at[c] = h


POWER: Final = register(BastetPower())
