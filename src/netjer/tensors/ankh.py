"""The declared Ankh observation tensor: named blocks built from ``observation(seat)`` alone.

Ankh's observation (``AnkhState.observation``) is a JSON view of a 101-hex board with up to
5 gods, 10 god powers and a Battle in progress.  :class:`AnkhEncoder` turns it into one flat
``float32`` vector of fixed size, every value in ``[0, 1]``, made of the named blocks below
(``encoder.blocks`` gives each block's offset and shape; ``encoder.names()`` names every
entry).  Nothing is hashed: each entry means one fact.  Sizes do not depend on the number
of players (god slots 0-4; a seat's god is its starting seat, rules/ankh.md §10.4), so one
network can play every player count.

=============  ================  ===========================================================
block          shape             what it describes (observation keys)
=============  ================  ===========================================================
``seat``       (16,)             who is looking: ``seat`` (none = spectator), its ``god``,
                                 ``players`` (2-5)
``board``      (101, 28)         per hex (board order, ``Board.hex_name``): the figure on it
                                 (8 kinds), its god (5), the Monument (3 kinds), its
                                 controller (5 gods or neutral), a Giant Scorpion's aim (6
                                 sides) (``pieces``)
``camels``     (266,)            a Camel on each edge of the board (``camels``)
``regions``    (8, 111)          per region (in the observation's order): its Conflict Order
                                 token (0-8), land hexes / 101, its first hex (``regions``)
``tracks``     (172,)            action tracks, event and Conflict progress, Devotion track
                                 order, turn and turn order, phase (35), seat to move,
                                 supplies, Guardian levels (``action_tracks``,
                                 ``events_done``, ``conflicts_done``, ``devotion_track``,
                                 ``turn``, ``turn_order``, ``phase``, ``to_move``,
                                 ``conflict_tokens_in_supply``, ``camels_in_supply``,
                                 ``monument_supply``, ``guardians``, ``red_max``,
                                 ``guardian_slots``)
``gods``       (5, 69)           each god's board as the seat knows it: alive, Devotion,
                                 Followers, powers (12), unlock level, pools, Guardians in
                                 pool (6 kinds), used and remaining Battle cards (7 + 7), its
                                 deity (10), god powers held (10), seats playing it, "is mine"
                                 (``gods``)
``me``         (87,)             the seat's own god, hand and secrets: its god's row as in
                                 ``gods`` (69), its secret Battle card(s) (7 + 7), its
                                 Plague bid, in the Battle, among the bidders, to move
                                 (``gods``, ``battle``, ``god``, ``to_move``)
``powers``     (10, 6)           each god power (``GOD_IDS`` order): in play, its holder (5)
                                 (``god_powers.*.holder``)
``power_data`` (1056,)           each power's public state, and Bastet's secret cat
                                 positions for Bastet's holder only: Amun's token, Anubis's
                                 trapped gods, Bastet's cats (face down on the board, face
                                 up where, beside the board, battle cats), Horus's eyes,
                                 Osiris's Underworld and tokens, Ra's radiant hexes and Sun
                                 tokens, Seth's controlled figures, Thoth's scale and guess
                                 (``god_powers`` minus holders)
``battle``     (167,)            the Battle in progress: tiebreaker, regions left, region,
                                 step (18), gods in it, who has chosen, the cards the seat
                                 may see (5 x 2 x 7), bidders and bids it may see, Plagues
                                 left, kills, two-card gods, forbidden card, strengths,
                                 winner (``battle``)
``pending``    (1011,)           the decision in progress: hexes moved / selected / pushed
                                 from / aiming / pyramid / chosen figure / protected (7 x
                                 101), the camel line being laid (266), unlock level, minor
                                 god, mummy owners, new tokens, region, ransom (``pending``)
``result``     (6,)              game over, the winners' seats (``winners``,
                                 ``end_reason``)
=============  ================  ===========================================================

Left out: ``game`` (constant), ``event_track`` (constant: the printed track), gods'
``name`` and ``end_reason``'s text (text), and ``log`` (text; its facts are in the blocks).

Hidden information: the tensor is a function of ``observation(seat)``, which shows no seat
another god's unrevealed Battle card or unresolved bid, nor Bastet's cats to anyone but
Bastet's holder; so two states differing only in another seat's secrets give the same tensor.

Speed: the encoder writes only the non-zero entries (a few hundred of the 8,000) through
precomputed index tables, so ``encode_array`` costs a few tens of microseconds on top of
building the observation (``benchmarks/ankh_tensor.py``).

Errors: :class:`~netjer.tensors.encoding.EncodingError` names the path of a key or value the
layout does not declare (a field added to the observation later fails loudly).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from operator import is_, itemgetter
from typing import Any

from netjer.core.game import Game
from netjer.core.state import JsonDict
from netjer.games.ankh.board import DIRECTION_NAMES, load_board
from netjer.games.ankh.cards import CARD_IDS
from netjer.games.ankh.gods.base import GOD_IDS, PHASE_OWNER
from netjer.games.ankh.phases import PHASE_NAMES, STEP_NAMES
from netjer.games.ankh.pieces import FIGURE_IDS, MONUMENT_IDS
from netjer.games.ankh.powers import POWER_IDS
from netjer.tensors.encoding import Encoder, EncodingError, RowWriter

GODS = 5  # god slots (rules/ankh.md: 2-5 players, one god each)
TOKENS = 9  # Conflict Order tokens 1-8 (and 0, never used, kept for safety)
REGIONS = 8  # at most one region per Conflict Order token
ACTIONS = ("move", "summon", "gain", "unlock")
GOD_PHASES = tuple(sorted({owner.PHASES[p][0] for p, owner in PHASE_OWNER.items()}))
PHASES = (*PHASE_NAMES, *GOD_PHASES)
GUARDIANS = FIGURE_IDS[2:]
CATS = ("plus1", "plus3", "star")
AIMS = tuple(f"{DIRECTION_NAMES[d]}-{DIRECTION_NAMES[(d + 1) % 6]}" for d in range(6))
#: every key of the observation; ``None``: left out (constant or text).
TOP_KEYS = frozenset(
    [
        "game",
        "seat",
        "god",
        "players",
        "phase",
        "to_move",
        "turn",
        "turn_order",
        "action_tracks",
        "events_done",
        "event_track",
        "conflicts_done",
        "devotion_track",
        "red_max",
        "guardian_slots",
        "gods",
        "guardians",
        "monument_supply",
        "camels_in_supply",
        "conflict_tokens_in_supply",
        "pieces",
        "camels",
        "regions",
        "pending",
        "battle",
        "god_powers",
        "winners",
        "end_reason",
        "log",
    ]
)
GOD_KEYS = frozenset(
    [
        "god",
        "name",
        "seats",
        "alive",
        "devotion",
        "followers",
        "powers",
        "unlocked",
        "next_unlock_level",
        "ankh_pool",
        "warriors_pool",
        "guardians_pool",
        "used_cards",
        "hand",
        "deity",
        "god_powers",
    ]
)
PENDING_HEXES = ("moved", "selected", "push_from", "scorpion", "pyramid", "figure", "protected")
BATTLE_KEYS = frozenset(
    [
        "tiebreaker",
        "tiebreaker_used",
        "regions_left",
        "region",
        "step",
        "gods",
        "chosen",
        "cards",
        "bidders",
        "bid_made",
        "bids",
        "plagues_left",
        "kills",
        "two_cards",
        "forbidden",
        "strength",
        "winner",
    ]
)
POWER_KEYS: dict[str, frozenset[str]] = {
    "amun": frozenset({"token"}),
    "anubis": frozenset({"trapped"}),
    "isis": frozenset(),
    "osiris": frozenset({"underworld", "tokens_in_supply"}),
    "ra": frozenset({"sun_tokens_free", "radiant"}),
    "bastet": frozenset(
        {
            "face_down_on_board",
            "face_down_beside_board",
            "face_up",
            "out_of_game",
            "revealed_this_turn",
            "battle_cats",
            "cats",
        }
    ),
    "hathor": frozenset(),
    "thoth": frozenset({"scale", "guess"}),
    "horus": frozenset({"eyes_on_regions", "eyes_free"}),
    "seth": frozenset({"controls"}),
}
ROW_CACHE = 4096  # distinct god boards remembered (see AnkhEncoder._god_row)
HEX_F = 28  # per-hex features of the board block
GOD_F = 69  # per-god features of the gods block


@dataclass(frozen=True)
class Block:
    """One named block of the tensor.

    Attributes:
        name: the block's name.
        offset: index of its first entry in the flat tensor.
        shape: its shape (rows, features) or (entries,); entries are row-major.
        doc: what it describes.
        keys: the observation keys it reads (for tests and documentation).
    """

    name: str
    offset: int
    shape: tuple[int, ...]
    doc: str
    keys: tuple[str, ...]

    @property
    def size(self) -> int:
        """Number of entries."""
        n = 1
        for d in self.shape:
            n *= d
        return n

    @property
    def stop(self) -> int:
        """Index after its last entry."""
        return self.offset + self.size


#: A block writer: ``(observation, ones, indices, values)``, appending non-zero entries.
Writer = Callable[[JsonDict, list[int], list[int], list[float]], None]


def _index(values: Any) -> dict[Any, int]:
    return {v: i for i, v in enumerate(values)}


def _bound(x: float, top: float) -> float:
    return x / top if x < top else 1.0


def _count(x: float, scale: float) -> float:
    return x / (x + scale)


class AnkhEncoder(Encoder):
    """The Ankh tensor (see the module docstring for its blocks).

    Args:
        game: an Ankh game (its options do not change the layout).
    """

    kind = "layout"
    low = 0.0
    high = 1.0

    def __init__(self, game: Game) -> None:
        self.game = game
        board = load_board()
        self.num_hexes = nh = board.num_hexes
        self.num_edges = ne = board.num_edges
        self.hex = {board.hex_name(h): h for h in range(nh)}
        self.edge = {board.edge_name(e): e for e in range(ne)}
        self.hex_names = [board.hex_name(h) for h in range(nh)]
        self.edge_names = [board.edge_name(e) for e in range(ne)]
        specs: list[tuple[str, tuple[int, ...], str, tuple[str, ...]]] = [
            ("seat", (16,), "seat (6: none, 0-4), god (6), players (4: 2-5)", ("seat", "god", "players")),
            ("board", (nh, HEX_F), "per hex: figure kind, its god, Monument kind, controller, aim", ("pieces",)),
            ("camels", (ne,), "a Camel on each edge", ("camels",)),
            ("regions", (REGIONS, TOKENS + 1 + nh), "per region: token, land / 101, first hex", ("regions",)),
            ("tracks", (172,), "tracks, turn, phase, supplies", TRACK_KEYS),
            ("gods", (GODS, GOD_F), "each god's board as the seat knows it", ("gods", "god")),
            ("me", (GOD_F + 18,), "the seat's own god, hand and secrets", ("gods", "battle", "god", "to_move")),
            ("powers", (len(GOD_IDS), 1 + GODS), "each god power: in play, holder", ("god_powers",)),
            (
                "power_data",
                (13 + 4 * nh + 3 * (nh + 1) + 3 * (nh + 2) + TOKENS + 3 + GODS + 7,),
                "god powers' state",
                ("god_powers",),
            ),
            ("battle", (167,), "the Battle in progress as the seat sees it", ("battle",)),
            (
                "pending",
                (len(PENDING_HEXES) * nh + ne + 4 + 3 * GODS + 2 * TOKENS + 1,),
                "the decision in progress",
                ("pending",),
            ),
            ("result", (6,), "game over, winners", ("winners", "end_reason")),
        ]
        self.blocks: dict[str, Block] = {}
        at = 0
        for name, shape, doc, keys in specs:
            block = Block(name, at, shape, doc, keys)
            self.blocks[name] = block
            at = block.stop
        self.size = at
        self._tables()

    # --- tables ------------------------------------------------------------------------------

    def _tables(self) -> None:
        b = self.blocks
        self.o_board = b["board"].offset
        self.figure = _index(FIGURE_IDS)
        self.monument = _index(MONUMENT_IDS)
        self.aim = _index(AIMS)
        self.phase = _index(PHASES)
        self.step = _index(STEP_NAMES)
        self.card = _index(CARD_IDS)
        self.power = _index(POWER_IDS)
        self.god_id = _index(GOD_IDS)
        self.guardian = _index(GUARDIANS)
        self.action = _index(ACTIONS)
        self.cat = _index(CATS)
        self._rows: dict[tuple[Any, ...], tuple[tuple[int, ...], tuple[int, ...], tuple[float, ...]]] = {}
        #: whether a changed god board is looked up by content in ``_rows`` (see _god_row)
        self._by_content = True
        self._memory()

    def _memory(self) -> None:
        """The per-stream memory: the last parts each writer saw, the last board per god slot
        (an encoder remembers one stream of observations: a game's, see :meth:`row_writer`)."""
        #: per (offset, god): the last board written there and its entries (see _god_row)
        self._row_last: dict[tuple[int, Any], tuple[JsonDict, list[int], list[int], tuple[float, ...]]] = {}
        # Each writer with the observation keys it reads (None: always written).
        self._writers: tuple[tuple[Writer, tuple[str, ...] | None], ...] = (
            (self._seat, ("seat", "god", "players")),
            (self._board, ("pieces", "camels")),
            (self._regions, ("regions",)),
            (self._tracks, TRACK_MOVES),
            (self._supplies, SUPPLY_KEYS),
            (self._turn, TURN_KEYS),
            (self._gods, ("gods",)),
            (self._mine, ("god",)),
            (self._me, ("gods", "battle", "god", "to_move")),
            (self._powers, ("god_powers",)),
            (self._battle, ("battle",)),
            (self._pending, ("pending",)),
            (self._result, ("winners", "end_reason")),
        )
        #: per writer, the parts of the last observation it wrote and what it wrote
        self._last: list[tuple[list[Any], list[int], list[int], list[float]] | None] = [None] * len(self._writers)

    def _with_own_memory(self) -> AnkhEncoder:
        """An encoder of the same game with its own memory, for one game's row writer: it writes a
        changed god board directly, without the content-keyed cache of boards, which a game's
        stream of boards hardly ever hits (2% of the changed boards in 16 random games: their
        Devotion, Followers and pools rarely come back to an earlier combination), so that
        building and hashing the key only cost (the sampled positions of a search, through
        :meth:`sparse`, do repeat boards)."""
        own = AnkhEncoder(self.game)  # its tables are built again (a fraction of a millisecond)
        own._by_content = False
        return own

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled as its game: the copy builds its tables again and starts with an empty
        memory (a cache), which is how the compiled build's class pickles (mypyc's classes
        are not rebuilt field by field)."""
        return (AnkhEncoder, (self.game,))

    # --- Encoder API -------------------------------------------------------------------------

    def row_writer(self, out: Any) -> RowWriter:
        """An incremental writer of ``out`` (see :class:`AnkhRowWriter`)."""
        return AnkhRowWriter(self, out)

    def sparse(self, obs: JsonDict) -> tuple[list[int], list[int], list[float]]:
        """The non-zero entries of ``obs``'s tensor: ``(ones, indices, values)``.

        Consecutive observations share most of their parts (the board rarely changes
        between two decisions), so each block remembers the parts of the last observation
        it encoded and what it wrote, and writes them again when the new parts are equal.
        The parts are kept by reference: an observation must not be changed after it was
        encoded (encode a changed copy instead; the kernel builds a new observation on
        every call).

        Raises:
            EncodingError: for an undeclared key or value (the message names its path).
        """
        if obs.keys() != TOP_KEYS:
            extra = sorted(set(obs) - TOP_KEYS)
            raise EncodingError(f".{extra[0] if extra else sorted(TOP_KEYS - set(obs))[0]}: not the declared Ankh keys")
        ones: list[int] = []
        idx: list[int] = []
        val: list[float] = []
        last = self._last
        try:
            for k, (write, keys) in enumerate(self._writers):
                if keys is None:
                    write(obs, ones, idx, val)
                    continue
                parts = [obs[key] for key in keys]
                hit = last[k]
                if hit is not None and hit[0] == parts:  # a deep comparison, in C
                    ones += hit[1]
                    idx += hit[2]
                    val += hit[3]
                    continue
                w_ones: list[int] = []
                w_idx: list[int] = []
                w_val: list[float] = []
                write(obs, w_ones, w_idx, w_val)
                last[k] = (parts, w_ones, w_idx, w_val)
                ones += w_ones
                idx += w_idx
                val += w_val
        except (KeyError, TypeError, AttributeError) as err:
            raise EncodingError(f"observation does not fit the Ankh layout: {err!r}") from None
        return ones, idx, val

    def encode(self, obs: JsonDict) -> list[float]:
        ones, idx, val = self.sparse(obs)
        out = [0.0] * self.size
        for i in ones:
            out[i] = 1.0
        for i, v in zip(idx, val, strict=True):
            out[i] = v
        return out

    def encode_array(self, obs: JsonDict) -> Any:
        import numpy as np  # noqa: PLC0415 - numpy comes with the adapters' extras

        ones, idx, val = self.sparse(obs)
        out = np.zeros(self.size, np.float32)
        out[np.array(ones, np.intp)] = 1.0
        out[np.array(idx, np.intp)] = np.array(val, np.float32)
        return out

    def names(self) -> list[str]:
        """``block[row].feature`` for every entry (rows for 2-D blocks)."""
        names: list[str] = []
        for block in self.blocks.values():
            feats = _FEATURES[block.name](self)
            if len(block.shape) == 2:
                rows = block.shape[0]
                row_names = self.hex_names if block.name == "board" else [str(r) for r in range(rows)]
                names += [f"{block.name}[{r}].{c}" for r in row_names for c in feats]
            else:
                names += [f"{block.name}.{f}" for f in feats]
        return names

    # --- block writers (each appends its non-zero entries) ----------------------------------

    def _seat(self, obs: JsonDict, ones: list[int], idx: list[int], val: list[float]) -> None:
        at = self.blocks["seat"].offset
        seat, god = obs["seat"], obs["god"]
        ones.append(at + (0 if seat is None else 1 + _slot(seat, ".seat")))
        ones.append(at + 6 + (0 if god is None else 1 + _slot(god, ".god")))
        players = obs["players"]
        if not 2 <= players <= 5:
            raise EncodingError(f".players: {players!r} is not 2-5")
        ones.append(at + 12 + players - 2)

    def _board(self, obs: JsonDict, ones: list[int], idx: list[int], val: list[float]) -> None:
        base = self.o_board
        hexes, figure, monument, aims = self.hex, self.figure, self.monument, self.aim
        for piece in obs["pieces"]:
            at = base + hexes[piece["hex"]] * HEX_F
            kind = piece["kind"]
            owner = piece["owner"]
            k = figure.get(kind)
            if k is not None:
                ones.append(at + k)
                ones.append(at + 8 + owner)
                aim = piece.get("aim")
                if aim is not None:
                    ones.append(at + 22 + aims[aim])
            else:
                ones.append(at + 13 + monument[kind])
                ones.append(at + 16 + (5 if owner is None else owner))
        at = self.blocks["camels"].offset
        edge = self.edge
        ones.extend([at + edge[e] for e in obs["camels"]])

    def _regions(self, obs: JsonDict, ones: list[int], idx: list[int], val: list[float]) -> None:
        block = self.blocks["regions"]
        width = block.shape[1]
        regions = obs["regions"]
        if len(regions) > REGIONS:
            raise EncodingError(f".regions: {len(regions)} regions, more than {REGIONS}")
        for r, region in enumerate(regions):
            at = block.offset + r * width
            ones.append(at + region["token"])
            idx.append(at + TOKENS)
            val.append(region["land"] / self.num_hexes)
            ones.append(at + TOKENS + 1 + self.hex[region["first_hex"]])

    def _tracks(self, obs: JsonDict, ones: list[int], idx: list[int], val: list[float]) -> None:
        """The parts of the ``tracks`` block that move with the actions: action tracks,
        event and Conflict progress, the Devotion track."""
        at = self.blocks["tracks"].offset
        for t, track in enumerate(obs["action_tracks"]):  # 4 x 7
            a = at + t * 7
            ones.append(a + self.action[track["action"]])
            idx += [a + 4, a + 5, a + 6]
            # spaces 0-6 on the rulebook's tracks, 0-7 with ``track_length=long`` (§7.2)
            val += [_bound(track["marker"], 7), _bound(track["start"], 7), _bound(track["event_space"], 7)]
        a = at + 28
        idx += [a, a + 1]
        val += [obs["events_done"] / 18, obs["conflicts_done"] / 5]
        a = at + 30
        for pos, god in enumerate(obs["devotion_track"]):  # 5 x 5
            ones.append(a + pos * GODS + god)

    def _supplies(self, obs: JsonDict, ones: list[int], idx: list[int], val: list[float]) -> None:
        """The parts of the ``tracks`` block that change a few times a game: turn order,
        supplies, Guardian levels, the options' red section and Guardian slots."""
        at = self.blocks["tracks"].offset
        a = at + 66
        for pos, seat in enumerate(obs["turn_order"]):  # 5 x 5
            ones.append(a + pos * GODS + seat)
        a = at + 132
        ones.extend([a + t for t in obs["conflict_tokens_in_supply"]])  # 9
        idx.append(at + 141)
        val.append(obs["camels_in_supply"] / 30)
        supply = obs["monument_supply"]
        idx += [at + 142, at + 143, at + 144]
        val += [supply["obelisk"] / 10, supply["temple"] / 10, supply["pyramid"] / 10]
        a = at + 145
        for lvl, guardian in enumerate(obs["guardians"]):  # 3 x 7
            ones.append(a + lvl * 7 + self.guardian[guardian["kind"]])
            idx.append(a + lvl * 7 + 6)
            val.append(_count(guardian["left"], 2))
        idx.append(at + 166)
        val.append(_count(obs["red_max"], 19))
        ones.extend([at + 166 + s for s in obs["guardian_slots"] if 1 <= s <= 5])  # 167-171

    def _turn(self, obs: JsonDict, ones: list[int], idx: list[int], val: list[float]) -> None:
        """The parts of the ``tracks`` block that change at almost every decision."""
        at = self.blocks["tracks"].offset
        a = at + 55
        turn = obs["turn"]  # 5 + 1 + 5
        ones.append(a + turn["seat"])
        idx.append(a + 5)
        val.append(turn["actions_taken"] / 2)
        last = turn["last_action"]
        ones.append(a + 6 + (0 if last is None else 1 + self.action[last]))
        a = at + 91
        phase = self.phase.get(obs["phase"])
        if phase is None:
            raise EncodingError(f".phase: {obs['phase']!r} is not an Ankh phase")
        ones.append(a + phase)  # 35
        a = at + 126
        to_move = obs["to_move"]
        ones.append(a + (0 if to_move is None else 1 + to_move))  # 6

    def _gods(self, obs: JsonDict, ones: list[int], idx: list[int], val: list[float]) -> None:
        """Every god's row but its "mine" entry (see :meth:`_mine`), the same for every seat."""
        base = self.blocks["gods"].offset
        for info in obs["gods"]:
            if info.keys() != GOD_KEYS:
                raise EncodingError(f".gods[{info.get('god')}]: not the declared keys ({sorted(info)})")
            self._god_row(info, base + _slot(info["god"], ".gods[].god") * GOD_F, False, ones, idx, val)

    def _mine(self, obs: JsonDict, ones: list[int], idx: list[int], val: list[float]) -> None:
        """The "mine" entry of the seat's god in the ``gods`` block."""
        god = obs["god"]
        if god is not None:
            ones.append(self.blocks["gods"].offset + god * GOD_F + GOD_F - 1)

    def _god_row(self, info: JsonDict, at: int, mine: bool, ones: list[int], idx: list[int], val: list[float]) -> None:
        """One god's board (``GOD_F`` entries from ``at``).  A god's board changes a few
        times a round: the entries written for the last board seen at ``at`` for that god
        are reused while the board is equal, and each distinct board's entries are
        remembered (relative to ``at``)."""
        slot = (at, info["god"])
        last = self._row_last.get(slot)
        if last is None or (last[0] is not info and last[0] != info):  # the same row shared, else a deep comparison
            if not self._by_content:  # a row writer's: written at its offset, not looked up
                w_ones: list[int] = []
                w_idx: list[int] = []
                w_val: list[float] = []
                self._write_god_row(info, mine, w_ones, w_idx, w_val, at)
                last = self._row_last[slot] = (info, w_ones, w_idx, tuple(w_val))
                ones += w_ones
                idx += w_idx
                val += w_val
                return
            key = (
                info["alive"],
                info["devotion"],
                info["followers"],
                tuple(info["powers"]),
                info["unlocked"],
                info["next_unlock_level"],
                info["ankh_pool"],
                info["warriors_pool"],
                tuple(info["guardians_pool"].items()),
                tuple(info["used_cards"]),
                tuple(info["hand"]),
                info["deity"],
                tuple(info["god_powers"]),
                tuple(info["seats"]),
                mine,
            )
            row = self._rows.get(key)
            if row is None:
                r_ones: list[int] = []
                r_idx: list[int] = []
                r_val: list[float] = []
                self._write_god_row(info, mine, r_ones, r_idx, r_val)
                if len(self._rows) >= ROW_CACHE:
                    self._rows.clear()
                row = self._rows[key] = (tuple(r_ones), tuple(r_idx), tuple(r_val))
            last = self._row_last[slot] = (info, [at + i for i in row[0]], [at + i for i in row[1]], row[2])
        ones += last[1]
        idx += last[2]
        val += last[3]

    def _write_god_row(
        self, info: JsonDict, mine: bool, ones: list[int], idx: list[int], val: list[float], at: int = 0
    ) -> None:
        """:meth:`_god_row`'s entries, from offset ``at``."""
        card, power, god_id, guardian = self.card, self.power, self.god_id, self.guardian
        deity = info["deity"]
        ones += [
            *([at] if info["alive"] else ()),
            *[at + 3 + power[p] for p in info["powers"]],  # 12
            at + 16 + info["next_unlock_level"],  # 4
            *[at + 28 + card[c] for c in info["used_cards"]],  # 7
            *[at + 35 + card[c] for c in info["hand"]],  # 7
            at + 42 + (0 if deity is None else 1 + god_id[deity]),  # 11
            *[at + 53 + god_id[p] for p in info["god_powers"]],  # 10
            *[at + 63 + s for s in info["seats"]],  # 5
            *([at + 68] if mine else ()),
        ]
        idx += [at + 1, at + 2, at + 15, at + 20, at + 21]
        val += [
            _bound(info["devotion"], 31),
            _count(info["followers"], 10),
            info["unlocked"] / 6,
            _bound(info["ankh_pool"], 15),
            _bound(info["warriors_pool"], 6),
        ]
        for kind, n in info["guardians_pool"].items():  # 6
            if n:
                idx.append(at + 22 + guardian[kind])
                val.append(_bound(n, 3))

    def _me(self, obs: JsonDict, ones: list[int], idx: list[int], val: list[float]) -> None:
        at = self.blocks["me"].offset
        mine = obs["god"]
        if mine is None:
            return
        info = obs["gods"][mine]
        self._god_row(info, at, True, ones, idx, val)  # GOD_F entries: its board
        at += GOD_F
        card = self.card
        battle = obs["battle"]
        if battle is not None:
            chosen = battle.get("cards", {}).get(str(mine))
            if chosen is not None:
                for k, c in enumerate(chosen.split(" + ")[:2]):
                    ones.append(at + 7 * k + card[c])  # 0-13: its Battle card(s)
            bid = battle.get("bids", {}).get(str(mine))
            if bid is not None:
                idx.append(at + 14)
                val.append(_count(bid, 3))
            if mine in battle.get("gods", ()):
                ones.append(at + 15)
            if mine in battle.get("bidders", ()):
                ones.append(at + 16)
        to_move = obs["to_move"]
        if to_move is not None and to_move in info["seats"]:
            ones.append(at + 17)

    def _powers(self, obs: JsonDict, ones: list[int], idx: list[int], val: list[float]) -> None:
        at = self.blocks["powers"].offset
        data = self.blocks["power_data"].offset
        nh = self.num_hexes
        hexes = self.hex
        for name, view in obs["god_powers"].items():
            p = self.god_id.get(name)
            if p is None or view.keys() - POWER_KEYS[name] != {"holder"}:
                raise EncodingError(f".god_powers.{name}: not a declared power or keys ({sorted(view)})")
            ones.append(at + p * 6)
            ones.append(at + p * 6 + 1 + view["holder"])
            # power_data layout: 0 amun up; 1-5 anubis trapped; 6-8 bastet counts and flag;
            # 9-11 battle cats; 12 horus eyes free; then hex planes (Bastet face down,
            # Osiris Underworld, Ra radiant, Seth controls), Bastet face-up cats (3 x hexes+1),
            # Bastet's own cats (3 x hexes+2), Horus's regions (9), Osiris tokens, Ra's Sun
            # tokens, Thoth scale then guess (god 5, card 7; the scale shares the slot 13+...).
            planes = data + 13
            face_up = planes + 4 * nh
            cats = face_up + 3 * (nh + 1)
            tail = cats + 3 * (nh + 2)
            if name == "amun":
                if view["token"] == "up":
                    ones.append(data)
            elif name == "anubis":  # Warriors of each god in his 3 slots (§4.1), / 3
                trapped = view["trapped"]
                for g in set(trapped):
                    idx.append(data + 1 + g)
                    val.append(trapped.count(g) / 3)
            elif name == "bastet":
                idx += [data + 6, data + 7]
                val += [view["face_down_beside_board"] / 3, view["out_of_game"] / 3]
                if view["revealed_this_turn"]:
                    ones.append(data + 8)
                ones.extend([data + 9 + self.cat[c] for c in view["battle_cats"]])
                ones.extend([planes + hexes[h] for h in view["face_down_on_board"]])
                for up in view["face_up"]:
                    where = up["at"]
                    ones.append(
                        face_up + self.cat[up["cat"]] * (nh + 1) + (nh if where == "beside-board" else hexes[where])
                    )
                for cat, where in view.get("cats", {}).items():
                    spot = nh if where == "beside-board" else nh + 1 if where == "gone" else hexes[where]
                    ones.append(cats + self.cat[cat] * (nh + 2) + spot)
            elif name == "horus":
                idx.append(data + 12)
                val.append(view["eyes_free"] / 2)
                ones.extend([tail + t for t in view["eyes_on_regions"]])
            elif name == "osiris":
                ones.extend([planes + nh + hexes[h] for h in view["underworld"]])
                idx.append(tail + TOKENS)
                val.append(view["tokens_in_supply"] / 3)
            elif name == "ra":
                ones.extend([planes + 2 * nh + hexes[h] for h in view["radiant"]])
                idx.append(tail + TOKENS + 1)
                val.append(view["sun_tokens_free"] / 3)
            elif name == "seth":
                ones.extend([planes + 3 * nh + hexes[h] for h in view["controls"]])
            elif name == "thoth":
                idx.append(tail + TOKENS + 2)
                val.append(_count(view["scale"], 3))
                guess = view["guess"]
                if guess is not None:
                    ones.append(tail + TOKENS + 3 + guess["god"])
                    ones.append(tail + TOKENS + 3 + GODS + self.card[guess["card"]])

    def _battle(self, obs: JsonDict, ones: list[int], idx: list[int], val: list[float]) -> None:
        battle = obs["battle"]
        if battle is None:
            return
        if battle.keys() - BATTLE_KEYS:
            raise EncodingError(f".battle: undeclared keys {sorted(battle.keys() - BATTLE_KEYS)}")
        at = self.blocks["battle"].offset
        card = self.card
        ones.append(at)  # 0 a Battle is in progress
        ones.append(at + 1 + battle["tiebreaker"])  # 1-5
        if battle["tiebreaker_used"]:
            ones.append(at + 6)
        ones.extend([at + 7 + t for t in battle["regions_left"]])  # 7-15
        if "region" not in battle:
            return
        ones.append(at + 16 + battle["region"])  # 16-24
        ones.append(at + 25 + self.step[battle["step"]])  # 25-42
        ones.extend([at + 43 + g for g in battle["gods"]])  # 43-47
        ones.extend([at + 48 + g for g in battle["chosen"]])  # 48-52
        for g, cards in battle["cards"].items():  # 53-122: god x (first, second) x card
            for k, c in enumerate(cards.split(" + ")[:2]):
                ones.append(at + 53 + int(g) * 14 + k * 7 + card[c])
        ones.extend([at + 123 + g for g in battle["bidders"]])  # 123-127
        ones.extend([at + 128 + g for g in battle["bid_made"]])  # 128-132
        for g, bid in battle["bids"].items():  # 133-137
            idx.append(at + 133 + int(g))
            val.append(_count(bid, 3))
        idx.append(at + 138)
        val.append(_count(battle["plagues_left"], 1))
        for g, kills in battle["kills"].items():  # 139-143
            idx.append(at + 139 + int(g))
            val.append(_count(kills, 2))
        ones.extend([at + 144 + g for g in battle["two_cards"]])  # 144-148
        forbidden = battle["forbidden"]
        if forbidden is not None:
            ones.append(at + 149 + card[forbidden])  # 149-155
        for g, strength in battle["strength"].items():  # 156-160
            idx.append(at + 156 + int(g))
            val.append(_count(strength, 5))
        winner = battle["winner"]
        if winner is not None:
            ones.append(at + 161 + 1 + winner)  # 161-166: none (-1), gods 0-4

    def _pending(self, obs: JsonDict, ones: list[int], idx: list[int], val: list[float]) -> None:
        pending = obs["pending"]
        if not pending:
            return
        at = self.blocks["pending"].offset
        nh = self.num_hexes
        hexes = self.hex
        tail = at + len(PENDING_HEXES) * nh + self.num_edges
        for key, value in pending.items():
            if key in _PENDING_PLANE:
                plane = at + _PENDING_PLANE[key] * nh
                if isinstance(value, list):
                    ones.extend([plane + hexes[h] for h in value])
                else:
                    ones.append(plane + hexes[value])
            elif key == "camel_line":
                edges = at + len(PENDING_HEXES) * nh
                ones.extend([edges + self.edge[e] for e in value])
            elif key == "level":
                ones.append(tail + value)  # 0-3
            elif key == "minor_god":
                ones.append(tail + 4 + value)
            elif key == "mummy_of":
                ones.append(tail + 4 + GODS + value)
            elif key == "next_to_god_of":
                ones.append(tail + 4 + 2 * GODS + value)
            elif key == "new_tokens":
                ones.extend([tail + 4 + 3 * GODS + t for t in value])
            elif key == "region":
                ones.append(tail + 4 + 3 * GODS + TOKENS + value)
            elif key == "ransom":
                if value:
                    ones.append(tail + 4 + 3 * GODS + 2 * TOKENS)
            else:
                raise EncodingError(f".pending.{key}: this key is not in the declared layout")

    def _result(self, obs: JsonDict, ones: list[int], idx: list[int], val: list[float]) -> None:
        at = self.blocks["result"].offset
        if obs["end_reason"] is not None or obs["winners"] is not None:
            ones.append(at)
        ones.extend([at + 1 + s for s in obs["winners"] or ()])


class AnkhRowWriter(RowWriter):
    """Keeps a NumPy row equal to the Ankh tensor of one game's observations, writing only the
    blocks whose observation parts changed since the last call.

    A vector environment writes each game's tensor into its row after every step; the game's
    board, gods and supplies rarely change between two decisions of one seat, so most blocks
    are skipped after a deep comparison of their parts (in C), and the others clear their
    previous entries and write their new ones, instead of the whole tensor being rebuilt.
    The writer has its own copy of the encoder's memory (the encoder's is for the stream of
    observations passed to :meth:`AnkhEncoder.encode_array`), so games stepped in turn do not
    evict one another's parts.  The blocks write disjoint entries, which the tests check by
    comparing the row with :meth:`AnkhEncoder.encode_array` over interleaved games.  As with
    :meth:`AnkhEncoder.sparse`, an observation must not be changed after it was written.

    Args:
        encoder: the Ankh encoder.
        out: a ``float32`` array of ``encoder.size`` entries, written only by this writer.
    """

    def __init__(self, encoder: AnkhEncoder, out: Any) -> None:
        super().__init__(encoder, out)
        self.own = encoder._with_own_memory()
        #: the block writers that read only shared parts (compared by identity when shared)
        self._by_identity = frozenset(
            k for k, (_, keys) in enumerate(self.own._writers) if keys is not None and SHARED_KEYS.issuperset(keys)
        )
        #: per block writer, what reads its parts off an observation: a tuple of them (the
        #: key repeated for a block of one key, so that every getter gives a tuple)
        self._getters = [
            None if keys is None else itemgetter(*keys) if len(keys) > 1 else itemgetter(keys[0], keys[0])
            for _, keys in self.own._writers
        ]
        self._forget()

    def _forget(self) -> None:
        writers = len(self.own._writers)
        #: per block writer: the observation parts it last wrote (None: always written)
        self._parts: list[tuple[Any, ...] | None] = [None] * writers
        #: per block writer: the entries it last wrote into the row (ones, indices, values)
        self._written: list[tuple[list[int], list[int], list[float]] | None] = [None] * writers
        self.out[:] = 0.0

    def write(self, obs: JsonDict, shared: bool = False) -> None:
        """Make the row the tensor of ``obs`` (the values of ``encode_array(obs)``).

        Args:
            obs: the observation.
            shared: ``obs`` is a shared observation (``AnkhState.shared_observation``): a block
                that reads only its remembered parts (the board, the regions, the gods) is
                skipped when they are the objects it last saw and written, without a
                comparison, when they are not (an unchanged part stays the same object).
                Otherwise every block's parts are compared with the last ones (deeply, in C).

        Raises:
            EncodingError: for an undeclared key or value (the row is then cleared and the
                next call writes it whole).
        """
        if obs.keys() != TOP_KEYS:
            extra = sorted(set(obs) - TOP_KEYS)
            raise EncodingError(f".{extra[0] if extra else sorted(TOP_KEYS - set(obs))[0]}: not the declared Ankh keys")
        seen, written, by_identity, getters = self._parts, self._written, self._by_identity, self._getters
        zero: list[int] = []
        ones: list[int] = []
        idx: list[int] = []
        val: list[float] = []
        try:
            for k, (write, _) in enumerate(self.own._writers):
                getter = getters[k]
                if getter is not None:
                    parts = getter(obs)
                    before = seen[k]
                    if shared and k in by_identity:
                        if before is not None and all(map(is_, before, parts)):
                            continue
                    elif before == parts:  # a deep comparison, in C (the same objects: at once)
                        continue
                    seen[k] = parts
                w_ones: list[int] = []
                w_idx: list[int] = []
                w_val: list[float] = []
                write(obs, w_ones, w_idx, w_val)
                old = written[k]
                if old is not None:
                    if old[0] == w_ones and old[1] == w_idx and old[2] == w_val:
                        continue  # the same entries (a block written every time that did not change)
                    zero += old[0]
                    zero += old[1]
                written[k] = (w_ones, w_idx, w_val)
                ones += w_ones
                idx += w_idx
                val += w_val
        except (KeyError, TypeError, AttributeError) as err:
            self._forget()
            raise EncodingError(f"observation does not fit the Ankh layout: {err!r}") from None
        except EncodingError:
            self._forget()
            raise
        if zero or ones or idx:
            # Item by item through a memoryview of the row: a write changes about a hundred
            # entries, for which NumPy's fancy indexing costs more in turning the Python lists
            # into index arrays than in writing (a Python float is rounded to float32 as NumPy
            # rounds it).  The view is made here, not kept, so that the writer still pickles.
            row: Any = memoryview(self.out)  # typeshed lets a memoryview take only ints
            for i in zero:
                row[i] = 0.0
            for i in ones:
                row[i] = 1.0
            for i, v in zip(idx, val, strict=True):
                row[i] = v


#: The observation parts ``AnkhState.shared_observation`` shares (remembered by the engine,
#: replaced when they change, never changed).
SHARED_KEYS = frozenset(["gods", "pieces", "camels", "regions", "action_tracks", "guardians", "monument_supply"])
#: the keys of the ``tracks`` block that change at almost every decision (written apart).
TURN_KEYS = ("turn", "phase", "to_move")
#: the keys of the ``tracks`` block that move with the actions (written apart).
TRACK_MOVES = ("action_tracks", "events_done", "conflicts_done", "devotion_track")
#: the observation keys the ``tracks`` block encodes.
TRACK_KEYS = (
    "action_tracks",
    "events_done",
    "conflicts_done",
    "devotion_track",
    "turn",
    "turn_order",
    "phase",
    "to_move",
    "conflict_tokens_in_supply",
    "camels_in_supply",
    "monument_supply",
    "guardians",
    "red_max",
    "guardian_slots",
)
#: the other keys of the ``tracks`` block (they change a few times a game).
SUPPLY_KEYS = tuple(k for k in TRACK_KEYS if k not in TURN_KEYS and k not in TRACK_MOVES)
_PENDING_PLANE = {key: i for i, key in enumerate(PENDING_HEXES)}


def _slot(g: Any, path: str) -> int:
    if type(g) is not int or not 0 <= g < GODS:
        raise EncodingError(f"{path}: {g!r} is not a god or seat 0-4")
    return g


def _board_features(_: AnkhEncoder) -> list[str]:
    return [
        *(f"figure={k}" for k in FIGURE_IDS),
        *(f"figure_god={g}" for g in range(GODS)),
        *(f"monument={k}" for k in MONUMENT_IDS),
        *(f"monument_controller={g}" for g in range(GODS)),
        "monument_controller=neutral",
        *(f"aim={a}" for a in AIMS),
    ]


def _god_features(_: AnkhEncoder) -> list[str]:
    return [
        "alive",
        "devotion",
        "followers",
        *(f"power={p}" for p in POWER_IDS),
        "unlocked",
        *(f"next_unlock_level={k}" for k in range(4)),
        "ankh_pool",
        "warriors_pool",
        *(f"guardians_pool={k}" for k in GUARDIANS),
        *(f"used={c}" for c in CARD_IDS),
        *(f"hand={c}" for c in CARD_IDS),
        "deity=none",
        *(f"deity={d}" for d in GOD_IDS),
        *(f"holds={d}" for d in GOD_IDS),
        *(f"seat={s}" for s in range(GODS)),
        "mine",
    ]


def _power_features(_: AnkhEncoder) -> list[str]:
    return ["in_play", *(f"holder={g}" for g in range(GODS))]


def _region_features(enc: AnkhEncoder) -> list[str]:
    return [*(f"token={t}" for t in range(TOKENS)), "land", *(f"first_hex={h}" for h in enc.hex_names)]


def _seat_features(_: AnkhEncoder) -> list[str]:
    return [
        "seat=none",
        *(f"seat={g}" for g in range(GODS)),
        "god=none",
        *(f"god={g}" for g in range(GODS)),
        *(f"players={n}" for n in range(2, 6)),
    ]


def _gods5(prefix: str) -> list[str]:
    return [f"{prefix}={g}" for g in range(GODS)]


def _track_features(_: AnkhEncoder) -> list[str]:
    names: list[str] = []
    for t in range(4):
        names += [
            *(f"track{t}.action={a}" for a in ACTIONS),
            f"track{t}.marker",
            f"track{t}.start",
            f"track{t}.event_space",
        ]
    names += ["events_done", "conflicts_done"]
    names += [f"devotion_track[{pos}]={g}" for pos in range(GODS) for g in range(GODS)]
    names += [
        *_gods5("turn.seat"),
        "turn.actions_taken",
        "turn.last_action=none",
        *(f"turn.last_action={a}" for a in ACTIONS),
    ]
    names += [f"turn_order[{pos}]={s}" for pos in range(GODS) for s in range(GODS)]
    names += [f"phase={p}" for p in PHASES]
    names += ["to_move=none", *_gods5("to_move")]
    names += [f"conflict_token_in_supply={t}" for t in range(TOKENS)]
    names += ["camels_in_supply", *(f"monument_supply.{m}" for m in MONUMENT_IDS)]
    for lvl in range(3):
        names += [*(f"guardians[{lvl}].kind={k}" for k in GUARDIANS), f"guardians[{lvl}].left"]
    names += ["red_max", *(f"guardian_slot={k}" for k in range(1, 6))]
    return names


def _me_features(enc: AnkhEncoder) -> list[str]:
    return [
        *(f"god.{f}" for f in _god_features(enc)),
        *(f"card={c}" for c in CARD_IDS),
        *(f"second_card={c}" for c in CARD_IDS),
        "bid",
        "in_battle",
        "bidder",
        "to_move",
    ]


def _power_data_features(enc: AnkhEncoder) -> list[str]:
    hexes = enc.hex_names
    names = ["amun.token=up", *_gods5("anubis.trapped"), "bastet.face_down_beside_board", "bastet.out_of_game"]
    names += ["bastet.revealed_this_turn", *(f"bastet.battle_cat={c}" for c in CATS), "horus.eyes_free"]
    for plane in ("bastet.face_down_on_board", "osiris.underworld", "ra.radiant", "seth.controls"):
        names += [f"{plane}={h}" for h in hexes]
    for c in CATS:
        names += [*(f"bastet.face_up.{c}={h}" for h in hexes), f"bastet.face_up.{c}=beside-board"]
    for c in CATS:
        names += [*(f"bastet.cats.{c}={h}" for h in hexes), f"bastet.cats.{c}=beside-board", f"bastet.cats.{c}=gone"]
    names += [f"horus.eyes_on_region={t}" for t in range(TOKENS)]
    names += ["osiris.tokens_in_supply", "ra.sun_tokens_free", "thoth.scale", *_gods5("thoth.guess.god")]
    return names + [f"thoth.guess.card={c}" for c in CARD_IDS]


def _battle_features(_: AnkhEncoder) -> list[str]:
    names = ["in_progress", *_gods5("tiebreaker"), "tiebreaker_used"]
    names += [f"regions_left={t}" for t in range(TOKENS)] + [f"region={t}" for t in range(TOKENS)]
    names += [f"step={s}" for s in STEP_NAMES] + _gods5("gods") + _gods5("chosen")
    names += [f"cards[{g}][{k}]={c}" for g in range(GODS) for k in range(2) for c in CARD_IDS]
    names += _gods5("bidders") + _gods5("bid_made") + _gods5("bids") + ["plagues_left"] + _gods5("kills")
    names += _gods5("two_cards") + [f"forbidden={c}" for c in CARD_IDS] + _gods5("strength")
    return [*names, "winner=none", *_gods5("winner")]


def _pending_features(enc: AnkhEncoder) -> list[str]:
    names = [f"{key}={h}" for key in PENDING_HEXES for h in enc.hex_names]
    names += [f"camel_line={e}" for e in enc.edge_names] + [f"level={k}" for k in range(4)]
    names += _gods5("minor_god") + _gods5("mummy_of") + _gods5("next_to_god_of")
    return [*names, *(f"new_tokens={t}" for t in range(TOKENS)), *(f"region={t}" for t in range(TOKENS)), "ransom"]


def _result_features(_: AnkhEncoder) -> list[str]:
    return ["over", *_gods5("winner_seat")]


_FEATURES: dict[str, Callable[[AnkhEncoder], list[str]]] = {
    "seat": _seat_features,
    "board": _board_features,
    "camels": lambda enc: list(enc.edge_names),
    "regions": _region_features,
    "tracks": _track_features,
    "gods": _god_features,
    "me": _me_features,
    "powers": _power_features,
    "power_data": _power_data_features,
    "battle": _battle_features,
    "pending": _pending_features,
    "result": _result_features,
}
