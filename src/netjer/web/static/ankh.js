// Ankh: Gods of Egypt drawn as SVG from one seat's observation (docs/rules/ankh.md,
// src/netjer/drawings/ankh.py and ankh_map.py).
//
// The hex map (flat-topped hexes, odd columns half a hex lower, §8.2) with its terrain, rivers,
// camels and regions (each region's Conflict Order token on one of its spaces); the pieces are
// our own pictures (ankh-art.js: each god's emblem, Warriors, Guardians, Monuments) in their
// seat's colour AND shape, so the board reads without colour; the coordinates only when asked
// for (always in the names). To the right: the action tracks, the event track, the supply (or
// the Conflict in progress) and one board per god; along the bottom the Devotion track. Only
// what the observation holds is drawn: another god's Battle card is a back until the reveal.
// Every element that can change carries a data-key; changedKeys() names those a move changed
// (table.js marks and animates them).
//
// Clicking: an action row on the tracks; a hex to pick a figure, choose its destination, push,
// summon (choose the figure kind in the control bar first when there are several), claim,
// build, keep; a hex side to lay the next camel; a power to unlock; a card of your hand; a
// region token to swap. Everything else (and everything at all) is in the list of legal actions.

import * as art from "./ankh-art.js";
import { el, svg, svgButton, t, tc, tn, translateLine } from "./common.js";
import { tapping } from "./phone.js";
import { loadedRules, meaningIn } from "./rules.js";

// The map (src/netjer/games/ankh/data/map.json; tests/web/test_ankh_map_data.py keeps them equal).
const GRID = [
  ".FFFWWWWWW.",
  "FFFFFFFFFFW",
  "FFFFFFFFFFF",
  "DDFFFFFFFWD",
  "DDDDFFFDDDW",
  "DDWDDFFDDDW",
  "DDWWWFFDDWW",
  "DDDDFFDDWDW",
  "DDDDFFDDDDW",
  "..D.F.D.D..",
];
const RIVERS = [
  "0,1|1,0", "1,0|1,1", "1,1|2,0", "1,1|2,1", "2,1|2,2", "2,2|3,2",
  "2,3|3,2", "2,3|3,3", "3,3|3,4", "3,4|4,4", "3,5|4,4", "3,5|4,5",
  "3,5|4,6", "3,6|4,6", "3,6|3,7", "2,7|3,7", "2,7|3,8", "2,8|3,8",
  "2,8|2,9", "1,9|2,9", "1,9|2,10", "4,5|4,6", "4,5|5,6", "5,5|5,6",
  "5,5|6,5", "5,5|6,6", "6,5|7,4", "7,4|7,5", "7,5|8,4", "8,4|8,5",
  "8,5|9,4",
];

export const title = "Ankh: Gods of Egypt";

// ---------- static board data ----------

const HEXES = []; // {r, c, t: "F"|"D"|"W", name}
const INDEX = new Map(); // "r,c" -> hex number (row-major, as the engine numbers them)
GRID.forEach((row, r) => {
  [...row].forEach((t, c) => {
    if (t === ".") return;
    INDEX.set(`${r},${c}`, HEXES.length);
    HEXES.push({ r, c, t, name: `${r},${c}` });
  });
});
// Neighbour offsets by column parity, directions N, NE, SE, S, SW, NW (board.py _OFFSETS).
const OFFSETS = [
  [[-1, 0], [-1, 1], [0, 1], [1, 0], [0, -1], [-1, -1]],
  [[-1, 0], [0, 1], [1, 1], [1, 0], [1, -1], [0, -1]],
];
const DIRECTIONS = ["N", "NE", "SE", "S", "SW", "NW"];
const NEIGHBOUR = HEXES.map((hx) => OFFSETS[hx.c & 1].map(([dr, dc]) => (INDEX.has(`${hx.r + dr},${hx.c + dc}`) ? INDEX.get(`${hx.r + dr},${hx.c + dc}`) : -1)));
const edgeKey = (a, b) => (a < b ? `${a}|${b}` : `${b}|${a}`);
function parseEdge(text) {
  const [x, y] = text.split("|");
  return [INDEX.get(x.trim()), INDEX.get(y.trim())];
}
const RIVER_KEYS = new Set(RIVERS.map((e) => edgeKey(...parseEdge(e))));

/** The regions for the camels on the board: land hexes flood-filled across unblocked sides,
 * numbered by their lowest hex as the engine does (board.py RegionMap). */
function regionMap(camels) {
  const camelKeys = new Set(camels.map((e) => edgeKey(...parseEdge(e))));
  const regionOf = HEXES.map(() => -1);
  const members = [];
  HEXES.forEach((hx, h) => {
    if (hx.t === "W" || regionOf[h] >= 0) return;
    const id = members.length;
    const list = [h];
    regionOf[h] = id;
    const stack = [h];
    while (stack.length) {
      const x = stack.pop();
      for (const y of NEIGHBOUR[x]) {
        if (y < 0 || HEXES[y].t === "W" || regionOf[y] >= 0) continue;
        const k = edgeKey(x, y);
        if (RIVER_KEYS.has(k) || camelKeys.has(k)) continue;
        regionOf[y] = id;
        list.push(y);
        stack.push(y);
      }
    }
    members.push(list.sort((a, b) => a - b));
  });
  return { regionOf, members, camelKeys };
}

// ---------- looks ----------

// a seat's colour: style.css's --seat-N (light and dark themes), art.SEAT_COLOURS without it
const GOD_FILL = [0, 1, 2, 3, 4].map((s) => art.seatColour(s));
const TERRAIN_FILL = { F: "var(--terrain-fertile, #5b8f32)", D: "var(--terrain-desert, #ead6a0)", W: "var(--terrain-water, #3a78b5)" };
const RIVER_COLOUR = "var(--river, #2f6fa8)";
const TERRAIN_NAME = { F: "fertile", D: "desert", W: "water" };
const terrainWords = () => ({ F: t("fertile"), D: t("desert"), W: t("water") });
const kindNames = () => ({
  god: t("God"), warrior: t("Warrior"), "cat-mummy": t("Cat-Mummy"), satet: t("Satet"), mummy: t("Mummy"), apep: t("Apep"),
  "giant-scorpion": t("Giant Scorpion"), androsphinx: t("Androsphinx"), obelisk: t("Obelisk"), temple: t("Temple"), pyramid: t("Pyramid"),
});
const MONUMENTS = ["obelisk", "temple", "pyramid"];
// The twelve powers in dashboard order (level = index // 4 + 1, games/ankh/powers.py POWER_IDS) and
// the seven Battle cards with the short word printed on a card face (a label, not rules text).
// Their names and meanings come from the rules texts (texts/<lang>.toml, GET /api/games/ankh/rules,
// loaded by table.js, which redraws when they arrive): this page holds no copy of a rule.
const POWER_IDS = ["commanding", "inspiring", "omnipresent", "revered", "resplendent", "obelisk-attuned", "temple-attuned", "pyramid-attuned", "glorious", "magnanimous", "bountiful", "worshipful"];
const CARD_IDS = ["plague", "build", "chariots", "cycle", "drought", "flood", "miracle"];
const cardShort = () => ({ plague: t("Plague"), build: t("Build"), chariots: t("Chariots"), cycle: t("Cycle"), drought: t("Drought"), flood: t("Flood"), miracle: t("Miracle") });
// the rules texts' entry of each card (texts/en.toml): "build" alone is the action word
const CARD_TERM = { build: "build-monument" };
/** The rules texts' entry `termId` ({id, kind, name, line, ...}), or null until the texts have arrived. */
function ruleEntry(termId) {
  const rules = loadedRules("ankh");
  return rules ? rules.terms.find((x) => x.id === termId) || null : null;
}
/** A power's name from the rules texts (its id until they arrive). */
const powerName = (id) => ruleEntry(id)?.name || id;
/** A power's or card's one line from the rules texts ("" until they arrive). */
const ruleLine = (termId) => ruleEntry(termId)?.line || "";
/** A card's "Name: line" from the rules texts (its short word until they arrive). */
const cardMeaning = (id) => meaningIn("ankh", CARD_TERM[id] || id, cardShort()[id] || id);
const rowWords = () => ({ move: t("Move figures"), summon: t("Summon figure"), gain: t("Gain Followers"), unlock: t("Unlock power") });
const TRACK_SPACES = { move: 7, summon: 7, gain: 7, unlock: 6 };
/** The letters on the event track's spaces (a Conflict's with its number), in the page's language. */
const eventShort = () => ({
  // TRANSLATORS: the letter on the event track's start space (where no event is); 1 to 3 letters.
  start: tc("event track", "S"),
  // TRANSLATORS: the letter on an event track space of the Control Monument event; 1 to 3 letters.
  "control-monument": tc("event track", "M"),
  // TRANSLATORS: the letter on an event track space of the Camel Caravan event; 1 to 3 letters.
  "camel-caravan": tc("event track", "K"),
  // TRANSLATORS: the letter on an event track space of a Conflict (its number follows: C1); 1 to 3 letters.
  conflict: tc("event track", "C"),
});
const eventWords = () => ({ "control-monument": t("Control Monument"), "camel-caravan": t("Camel Caravan"), conflict: t("Conflict") });
const wordButtons = () => ({
  end: t("End the turn"),
  done: t("Done"),
  noswap: t("Keep the tokens (no swap)"),
  nobuild: t("Do not build"),
  tiebreak: t("Use the tie-breaker"),
  notiebreak: t("Do not use the tie-breaker"),
  worship: t("Worship: 2 Followers for 1 Devotion"),
  noworship: t("Do not worship"),
  amun: t("Play two Battle cards (Amun)"),
  noamun: t("Play one card"),
  ransom: t("Buy back my Warrior from Anubis (1 Follower)"),
  notrap: t("Trap no Warrior"),
  nounderworld: t("No Underworld token"),
  sun: t("Make it Radiant (Sun token)"),
  nosun: t("No Sun token"),
  noplace: t("Place no figure"),
  noguess: t("Make no guess"),
});
const stepWords = () => ({
  "next-region": t("next region"),
  "obelisk-attuned": t("Obelisk Attuned moves"),
  "battle-start": t("start of the Battle"),
  deal: t("dealing Battle cards"),
  cards: t("choosing Battle cards"),
  reveal: t("revealing Battle cards"),
  build: t("Build Monument"),
  plague: t("Plague of Locusts"),
  "plague-bids": t("Plague bids"),
  majorities: t("Monument majorities"),
  resolution: t("Battle resolution"),
  "resolution-effects": t("after the resolution"),
  "resolution-deaths": t("killing figures"),
  magnanimous: t("Magnanimous"),
  miracle: t("Miracle"),
  "after-battle": t("after the Battle"),
  worshipful: t("Worshipful"),
  "cycle-of-maat": t("Cycle of Ma'at"),
});
const DEVOTION_TOP = 31;
// The smallest text on the board, in drawing units: the wide board is drawn about 0.84 px a
// unit at 1400 px (issue 29: nothing under 11 px), and a phone zooms until it is 12 px (phone.js).
// The board's surfaces and words in the shared palette (style.css; ankh.css gives the dark theme's
// values): the light values are the fallbacks. Cards, event spaces and Devotion spaces keep their
// own colours (pieces, not surfaces).
const PAPER = "var(--ankh-paper, #efe6d2)";
const PANEL = "var(--ankh-panel, #fbf4e4)";
const PANEL_MINE = "var(--ankh-panel-mine, #fffaf0)";
const PANEL_OTHER = "var(--ankh-panel-other, #f8f1e3)";
const ROW = "var(--ankh-row, #f3e7c9)";
const LINE = "var(--ankh-line, #c9b996)";
const INK = "var(--ankh-ink, #3b2a14)";
const MUTED = "var(--ankh-muted, #6b6256)";
const ACCENT = "var(--ankh-accent, #1f5f8b)";
const MIN_FONT = 13.5;
// about how wide a character of MIN_FONT text is, in units
const CHAR_W = 7.9;

/** Squeeze ``node``'s text to ``width`` units when it would be wider (its size stays). */
function fitText(node, width) {
  const size = Number(node.getAttribute("font-size")) || MIN_FONT;
  if (node.textContent.length * CHAR_W * (size / MIN_FONT) > width) {
    node.setAttribute("textLength", width);
    node.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
  return node;
}

/** No text of the board under MIN_FONT (the drawings were laid out for it; this catches a size
 * computed from a piece's radius). */
function raiseSmallText(root) {
  for (const node of root.querySelectorAll("text")) {
    if (Number(node.getAttribute("font-size")) < MIN_FONT && !node.closest("[data-art]")) node.setAttribute("font-size", MIN_FONT);
  }
}

// ---------- the gods' powers (§4; src/netjer/games/ankh/gods/*.py) ----------

// [id, name, what the power does] in the engine's order (gods/base.py GOD_IDS).
const gods = () => [
  ["amun", t("Amun"), t("Once per Conflict, in one Battle, Amun plays two Battle cards (announced before anyone chooses); the token turns up again when the Conflict ends.")],
  ["anubis", t("Anubis"), t("Traps one killed enemy Warrior per killing in 3 slots: +1 strength each for his God figure; an owner buys one back for 1 Follower when summoning.")],
  ["isis", t("Isis"), t("Her figures next to an enemy figure are Protected: in Battle Resolution she may keep them alive.")],
  ["osiris", t("Osiris"), t("After a Battle he lost, an Underworld token on that region: he summons onto it freely; no other god may enter, summon or build there.")],
  ["ra", t("Ra"), t("A figure he summons may take one of 3 Sun tokens (Radiant): +1 Devotion when he dominates or wins a Battle with a Radiant figure there.")],
  ["bastet", t("Bastet"), t("3 cats (+1, +3, star) face down on Monuments in different regions: revealed in her Battles for strength; an opponent may reveal one next to a figure once per turn (the star kills that figure).")],
  ["hathor", t("Hathor"), t("After any effect she sacrificed Followers for, 1 more Follower places a figure from her pool next to her figures or Monuments.")],
  ["thoth", t("Thoth"), t("Before the reveal, 1 Follower from the supply on his scale and a guess at an opponent's card: wrong, that opponent takes the scale; at the end of each Conflict, 1 Devotion per Follower on it.")],
  ["horus", t("Horus"), t("At each Conflict, Eyes on up to 2 regions where a Battle will be; there he forbids a Battle card (not the Cycle of Ma'at) to everyone.")],
  ["seth", t("Seth"), t("During Conflicts, enemy Warriors and Guardians next to his God figure count as his figures.")],
];
const godNames = () => Object.fromEntries(gods().map(([id, name]) => [id, name]));
const godTexts = () => Object.fromEntries(gods().map(([id, , text]) => [id, text]));
// Each god decision (phase): [status words, prompt] (the status reads "Ra (Player 1) <words>");
// `tap`: the prompts said for a touch screen ("Tap…", messages of their own).
const godPhases = (tap = false) => ({
  "amun-two-cards": [t("decides on two Battle cards (Amun)"), t("Amun: play two Battle cards in this Battle (once per Conflict)? You announce it before anyone chooses.")],
  "anubis-trap": [t("may trap a killed Warrior (Anubis)"), t("Anubis: trap one of the Warriors just killed in a free slot (+1 strength each for your God)?")],
  "isis-save": [t("keeps Protected figures alive (Isis)"), (tap ? t("Isis: tap a Protected figure (shield) to keep it alive, one at a time, then Done to let the others die.") : t("Isis: click a Protected figure (shield) to keep it alive, one at a time, then Done to let the others die."))],
  "osiris-underworld": [t("places an Underworld token (Osiris)"), (tap ? t("Osiris: tap an empty space of the region for an Underworld token, or place none.") : t("Osiris: click an empty space of the region for an Underworld token, or place none."))],
  "osiris-pick": [t("moves an Underworld token (Osiris)"), (tap ? t("Osiris: your three Underworld tokens are out; tap the one to move to this region, or move none.") : t("Osiris: your three Underworld tokens are out; click the one to move to this region, or move none."))],
  "ra-sun": [t("may make a figure Radiant (Ra)"), t("Ra: give the figure just summoned (ringed) a Sun token, making it Radiant?")],
  "bastet-cats": [t("places her cats face down (Bastet)"), (tap ? t("Bastet: choose a cat below, then tap a Monument in a region without a cat. The others see only its back.") : t("Bastet: choose a cat below, then click a Monument in a region without a cat. The others see only its back."))],
  "bastet-star": [t("chooses the figure the star cat kills"), (tap ? t("The star cat kills one of your figures next to it: tap which (a God never dies).") : t("The star cat kills one of your figures next to it: click which (a God never dies)."))],
  "hathor-place": [t("may place a figure (Hathor)"), t("Hathor: sacrifice 1 more Follower to place a figure next to your figures or Monuments (choose it below), or place none.")],
  "thoth-guess": [t("may guess a Battle card (Thoth)"), (tap ? t("Thoth: tap a card on an opponent's board to guess it was played (1 Follower from the supply on your scale), or make no guess.") : t("Thoth: click a card on an opponent's board to guess it was played (1 Follower from the supply on your scale), or make no guess."))],
  "horus-eye": [t("puts Eyes on battle regions (Horus)"), (tap ? t("Horus: tap the token of a region where a Battle will be to put an Eye on it, or Done.") : t("Horus: click the token of a region where a Battle will be to put an Eye on it, or Done."))],
  "horus-forbid": [t("forbids a Battle card (Horus)"), (tap ? t("Horus: tap a Battle card on your board: nobody may play it in this Battle (not the Cycle of Ma'at).") : t("Horus: click a Battle card on your board: nobody may play it in this Battle (not the Cycle of Ma'at)."))],
  "turn-end": [t("may reveal a cat of Bastet before the turn ends"), (tap ? t("Tap one of Bastet's face-down cats next to your figures to reveal it, or end the turn.") : t("Click one of Bastet's face-down cats next to your figures to reveal it, or end the turn."))],
});
const CAT_SHORT = { plus1: "+1", plus3: "+3", star: "★" };
const catWords = () => ({ plus1: t("+1 cat"), plus3: t("+3 cat"), star: t("star cat (+0; kills a revealer)") });
const BAND = 24; // the height of a god power's row on a god board
const MIDDLE_H = 106; // the height of the box between the tracks and the god boards

/** A god's name for people: its deity ("Ra") when the game has god powers, else its seat's name. */
function godName(obs, god) {
  const info = obs.gods[god];
  if (!info) return t("Player {n}", { n: god + 1 });
  return info.deity && godNames()[info.deity] ? godNames()[info.deity] : translateLine(info.name);
}

/** "Ra (Player 1)" when the god has a deity, else "Player 1". */
function godTitle(obs, god) {
  const info = obs.gods[god];
  if (!info) return t("Player {n}", { n: god + 1 });
  const name = translateLine(info.name); // "Player 2" in the page's language
  return info.deity && godNames()[info.deity] ? `${godNames()[info.deity]} (${name})` : name;
}

/** A seat's label for the page (table.js): its god's name first, "Ra · Player 1". */
export function seatLabel(obs, seat, label) {
  const info = obs && obs.gods ? obs.gods[seat] : null; // god g starts in seat g
  return info && info.deity && godNames()[info.deity] ? `${godNames()[info.deity]} · ${label}` : label;
}

// What the player has picked (a figure kind to summon, a monument to build, a token to swap),
// kept across re-renders of the same position.
let selection = null;

// Whether the map shows each hex's coordinates (kept for the browser: a player's preference).
const COORDS_KEY = "netjer.ankh.coordinates";
let showCoordinates = (() => {
  try { return window.localStorage.getItem(COORDS_KEY) === "shown"; } catch { return false; }
})();
function rememberCoordinates() {
  try { window.localStorage.setItem(COORDS_KEY, showCoordinates ? "shown" : "hidden"); } catch { /* private mode: this page only */ }
}

function selectionKey(ctx) {
  return { table: ctx.table, seat: ctx.seat, version: ctx.version };
}

// ---------- legal actions ----------

const HEX_VERBS = ["pick", "to", "push", "pyramid", "claim", "keep", "adopt", "save", "underworld", "reveal", "kill"];
const HEX_RE = new RegExp(`^(${HEX_VERBS.join("|")}) (\\d+,\\d+)$`);

function parseLegal(actions) {
  const out = {
    rows: new Set(), words: new Set(), hex: new Map(HEX_VERBS.map((v) => [v, new Map()])),
    put: new Map(), build: new Map(), cat: new Map(), power: new Map(), card: new Map(), camel: new Map(),
    aim: new Map(), swap: new Map(), bid: [], adoptKind: [],
    trap: [], guess: new Map(), eye: new Map(), forbid: new Map(),
  };
  for (const text of actions) {
    let m;
    if (rowWords()[text]) out.rows.add(text);
    else if (wordButtons()[text]) out.words.add(text);
    else if ((m = HEX_RE.exec(text))) out.hex.get(m[1]).set(m[2], text);
    else if ((m = /^(put|build|cat) ([a-z0-9-]+) (\d+,\d+)$/.exec(text))) {
      const table = out[m[1]];
      if (!table.has(m[2])) table.set(m[2], new Map());
      table.get(m[2]).set(m[3], text);
    } else if ((m = /^trap (\d)$/.exec(text))) out.trap.push([Number(m[1]) - 1, text]);
    else if ((m = /^guess (\d) ([a-z-]+)$/.exec(text))) {
      const god = Number(m[1]) - 1;
      if (!out.guess.has(god)) out.guess.set(god, new Map());
      out.guess.get(god).set(m[2], text);
    } else if ((m = /^eye (\d+)$/.exec(text))) out.eye.set(m[1], text);
    else if ((m = /^forbid ([a-z-]+)$/.exec(text))) out.forbid.set(m[1], text);
    else if ((m = /^power ([a-z-]+)$/.exec(text))) out.power.set(m[1], text);
    else if ((m = /^card ([a-z-]+)$/.exec(text))) out.card.set(m[1], text);
    else if ((m = /^camel (\d+,\d+\|\d+,\d+)$/.exec(text))) out.camel.set(edgeKey(...parseEdge(m[1])), text);
    else if ((m = /^aim ([A-Z]+)-([A-Z]+)$/.exec(text))) out.aim.set(DIRECTIONS.indexOf(m[1]), text);
    else if ((m = /^swap (\d+) (\d+)$/.exec(text))) {
      if (!out.swap.has(m[1])) out.swap.set(m[1], new Map());
      out.swap.get(m[1]).set(m[2], text);
    } else if ((m = /^bid (\d+)$/.exec(text))) out.bid.push([Number(m[1]), text]);
    else if ((m = /^adopt ([a-z-]+)$/.exec(text))) out.adoptKind.push([m[1], text]);
  }
  out.bid.sort((a, b) => a[0] - b[0]);
  return out;
}

// ---------- layout ----------

function layout(obs, narrow) {
  const R = 40;
  const S = Math.sqrt(3) * R;
  const mapW = 17 * R;
  const mapH = 10.5 * S;
  const footY = 6 + mapH + 18;
  const gap = 6;
  if (!narrow) {
    const px = 6 + mapW + 10;
    const pw = 1194 - px;
    // the god boards take 408 units; the Devotion track gives up to 30 more, then the board grows
    const boards = godBoards(obs, 408, gap);
    const gh = boards.reduce((sum, b) => sum + b.h, 0) + gap * (boards.length - 1);
    // the middle box (the turn, or a Battle) is MIDDLE_H tall: a Battle's head, its tie-breaker
    // line, each god's card and under it the god's strength (they overprinted each other in 78)
    const devY = 214 + MIDDLE_H + gh + gap;
    const devH = Math.max(118, 854 - devY);
    return {
      W: 1200, H: Math.max(860, devY + devH + 6), R, S, ox: 6, oy: 6, foot: { x: 8, y: footY, w: mapW },
      tracks: { x: px, y: 6, w: pw, h: 196 }, middle: { x: px, y: 208, w: pw, h: MIDDLE_H },
      gods: { x: px, y: 214 + MIDDLE_H, w: pw, h: gh, boards, gap },
      devotion: { x: px, y: devY, w: pw, h: devH, perRow: 16 },
    };
  }
  const W = mapW + 12;
  const pw = W - 12;
  const top = footY + 100;
  const boards = obs.gods.map((info) => ({ h: 140 + BAND * (info.god_powers || []).length, compact: false }));
  const gh = boards.reduce((sum, b) => sum + b.h, 0) + gap * (boards.length - 1);
  return {
    W, H: top + 196 + MIDDLE_H + 6 + gh + 160, R, S, ox: 6, oy: 6, foot: { x: 8, y: footY, w: mapW },
    tracks: { x: 6, y: top, w: pw, h: 196 }, middle: { x: 6, y: top + 202, w: pw, h: MIDDLE_H },
    gods: { x: 6, y: top + 208 + MIDDLE_H, w: pw, h: gh, boards, gap },
    devotion: { x: 6, y: top + 214 + MIDDLE_H + gh, w: pw, h: 148, perRow: 16 },
  };
}

/** Each god board's height and whether it is compact: every board in full when they fit in
 * ``room``, else yours in full and the others compact (a spectator's: all compact). A god
 * power adds a row to its god's board. */
function godBoards(obs, room, gap) {
  const n = obs.gods.length;
  const bands = obs.gods.map((info) => BAND * (info.god_powers || []).length);
  const allBands = bands.reduce((a, b) => a + b, 0);
  const space = room - gap * (n - 1);
  const base = Math.min(168, (space - allBands) / n);
  if (base >= 132) return bands.map((band) => ({ h: base + band, compact: false }));
  const mine = obs.god === null || obs.god === undefined || !obs.gods[obs.god] ? null : obs.god;
  const full = 132;
  const others = n - (mine === null ? 0 : 1);
  const left = space - (mine === null ? 0 : full + bands[mine]) - (allBands - (mine === null ? 0 : bands[mine]));
  const small = Math.max(64, Math.min(full, left / others));
  return bands.map((band, g) => (g === mine ? { h: full + band, compact: false } : { h: small + band, compact: true }));
}

function hexGeometry(L) {
  const { R, S, ox, oy } = L;
  const centers = HEXES.map((hx) => [ox + R + 1.5 * R * hx.c, oy + S / 2 + S * hx.r + (hx.c & 1) * (S / 2)]);
  // corners E, SE, SW, W, NW, NE (board.py _CORNERS); side d runs between SIDE[d] corners
  const CORNER = [[R, 0], [R / 2, S / 2], [-R / 2, S / 2], [-R, 0], [-R / 2, -S / 2], [R / 2, -S / 2]];
  const SIDE = [[4, 5], [5, 0], [0, 1], [1, 2], [2, 3], [3, 4]];
  const corner = (h, k, scale = 1) => [centers[h][0] + CORNER[k][0] * scale, centers[h][1] + CORNER[k][1] * scale];
  const points = (h, scale = 1) => CORNER.map((_, k) => corner(h, k, scale).map((v) => v.toFixed(1)).join(",")).join(" ");
  const side = (h, d, scale = 1) => SIDE[d].map((k) => corner(h, k, scale));
  const edgeSide = (a, b) => side(a, NEIGHBOUR[a].indexOf(b));
  return { centers, corner, points, side, edgeSide, R, S };
}

// ---------- pieces ----------

/** A god's marker (art.seatToken: its seat's shape and colour), with its number when the
 * token is large enough for the number to be read. */
function godShape(god, cx, cy, r, { number = false, ring = null } = {}) {
  const g = svg("g", { class: "god-shape", "data-god": god });
  g.append(art.seatToken(god, cx, cy, 2.3 * r, { ring }));
  // a small token shows its seat by shape and colour alone (the number would be unreadable)
  if (number && r * 1.05 >= MIN_FONT) {
    const size = r * 1.05;
    g.append(svg("text", { x: cx, y: cy + size * 0.36, "text-anchor": "middle", "font-size": size, "font-weight": 800, fill: art.seatInk(god), text: god + 1 }));
  }
  return g;
}

/** A figure on the map: its god's emblem, a Warrior or a Guardian's picture (ankh-art.js), in
 * its seat's colour and shape; named for screen readers and in its tooltip. */
function figure(obs, piece, cx, cy, R, ownerName) {
  const kind = piece.kind;
  const god = piece.owner;
  const guardian = kind !== "god" && kind !== "warrior";
  const g = svg("g", { class: "figure", "data-hex": piece.hex, "data-kind": kind, "data-owner": god, "data-term": guardian ? kind : null, "data-key": figureKey(piece) });
  if (kind === "god") g.append(art.godFigure((obs.gods[god] || {}).deity || null, god, cx, cy, R * 1.3));
  else if (kind === "warrior") g.append(art.warrior(god, cx, cy, R * 0.98));
  else g.append(art.guardian(kind, god, cx, cy, R * 1.12));
  const what = t("{god}'s {kind} on {hex}", { god: ownerName, kind: kindNames()[kind] || kind, hex: piece.hex });
  const name = piece.aim ? t("{what}, aiming {aim}", { what, aim: piece.aim }) : what;
  g.setAttribute("role", "img");
  g.setAttribute("aria-label", name);
  g.append(svg("title", { text: name }));
  return g;
}

function monument(piece, cx, cy, R, ownerName) {
  const kind = piece.kind;
  const owner = piece.owner;
  const g = svg("g", { class: "monument", "data-hex": piece.hex, "data-kind": kind, "data-owner": owner === null ? "" : owner, "data-term": "monument", "data-key": `monument:${piece.hex}` });
  g.append(art.monument(kind, owner, cx, cy - 2, R * 1.2));
  // the controlling god's Ankh token: its shape, colour and number
  if (owner !== null) g.append(godShape(owner, cx + R * 0.55, cy + R * 0.42, 9, { number: true }));
  const name = owner === null ? t("neutral {kind} on {hex}", { kind: kindNames()[kind], hex: piece.hex }) : t("{god}'s {kind} on {hex}", { god: ownerName, kind: kindNames()[kind], hex: piece.hex });
  g.setAttribute("role", "img");
  g.setAttribute("aria-label", name);
  g.append(svg("title", { text: name }));
  return g;
}

// ---------- the map ----------

function drawMap(obs, ctx, legal, L, geo, regions) {
  const g = svg("g", { class: "ankh-map" });
  const { centers } = geo;
  const pending = obs.pending || {};
  const battle = obs.battle;
  const pieceAt = new Map(obs.pieces.map((p) => [p.hex, p]));

  // terrain
  HEXES.forEach((hx, h) => {
    const hg = svg("g", { class: "hex", "data-hex": hx.name, "data-terrain": TERRAIN_NAME[hx.t], "data-key": `hex:${hx.name}`, role: "img", "aria-label": t("{hex}: {terrain}", { hex: hx.name, terrain: terrainWords()[hx.t] }) });
    hg.append(svg("polygon", { points: geo.points(h), fill: TERRAIN_FILL[hx.t], stroke: "#7d6b4c", "stroke-width": 1, "stroke-opacity": 0.55 }));
    if (hx.t === "W") {
      const [cx, cy] = centers[h];
      hg.append(svg("path", { d: `M${cx - 16},${cy + 12} q 8,-6 16,0 t 16,0`, fill: "none", stroke: "#d7ecf8", "stroke-width": 1.6, opacity: 0.8 }));
    }
    if (hx.t === "D") {
      const [cx, cy] = centers[h];
      hg.append(svg("circle", { cx: cx - 14, cy: cy + 16, r: 1.4, fill: "#c9ad66" }));
      hg.append(svg("circle", { cx: cx + 12, cy: cy + 19, r: 1.4, fill: "#c9ad66" }));
    }
    g.append(hg);
  });

  // the region in battle: a red wash and outline
  const battleRegion = battle && battle.region !== undefined ? regions.byToken.get(battle.region) : undefined;
  if (battleRegion !== undefined) {
    const members = new Set(regions.members[battleRegion]);
    for (const h of members) g.append(svg("polygon", { points: geo.points(h), fill: "#e53935", "fill-opacity": 0.13, "pointer-events": "none", "data-battle-hex": HEXES[h].name }));
    for (const h of members) {
      NEIGHBOUR[h].forEach((n, d) => {
        if (n >= 0 && members.has(n)) return;
        const [[x1, y1], [x2, y2]] = geo.side(h, d);
        g.append(svg("line", { x1, y1, x2, y2, stroke: "#b71c1c", "stroke-width": 4, "stroke-linecap": "round", "pointer-events": "none" }));
      });
    }
  }

  // rivers, then camels (laid, and the line being laid)
  for (const key of RIVER_KEYS) {
    const [a, b] = key.split("|").map(Number);
    const [[x1, y1], [x2, y2]] = geo.edgeSide(a, b);
    g.append(svg("line", { x1, y1, x2, y2, stroke: RIVER_COLOUR, "stroke-width": 7, "stroke-linecap": "round", class: "river" }));
  }
  const drawCamel = (a, b, fresh) => {
    const [[x1, y1], [x2, y2]] = geo.edgeSide(a, b);
    const edge = `${HEXES[a].name}|${HEXES[b].name}`;
    const name = t("camels between {a} and {b}", { a: HEXES[a].name, b: HEXES[b].name });
    const cg = svg("g", { class: "camel", "data-edge": edge, "data-fresh": fresh ? "yes" : null, "data-key": `camel:${edge}`, role: "img", "aria-label": name });
    cg.append(svg("line", { x1, y1, x2, y2, stroke: "#3e2a14", "stroke-width": 10, "stroke-linecap": "round" }));
    cg.append(svg("line", { x1, y1, x2, y2, stroke: fresh ? "#ff8f00" : "#c08a4a", "stroke-width": 6, "stroke-linecap": "round", "stroke-dasharray": "7 5" }));
    cg.append(art.camel((x1 + x2) / 2, (y1 + y2) / 2, 22, { fresh }));
    cg.append(svg("title", { text: name }));
    g.append(cg);
  };
  for (const e of obs.camels) drawCamel(...parseEdge(e), false);
  for (const e of pending.camel_line || []) drawCamel(...parseEdge(e), true);

  g.append(drawUnderworld(obs, geo));

  // coordinates: only when asked for (the toggle under the map); always in the names
  if (showCoordinates) {
    HEXES.forEach((hx, h) => {
      const [cx, cy] = centers[h];
      g.append(svg("text", { class: "hex-coord", x: cx, y: cy - geo.S / 2 + 13, "text-anchor": "middle", "font-size": MIN_FONT, "font-weight": 600, fill: hx.t === "W" ? "#ffffff" : "#3b2a14", stroke: hx.t === "W" ? "#1f4f78" : "#fffaf0", "stroke-width": 2.5, "paint-order": "stroke", "pointer-events": "none", "aria-hidden": "true", text: hx.name }));
    });
  }

  // region tokens, on a free space near each region's middle
  const tokenGroup = svg("g", { class: "region-tokens" });
  const swapFrom = selection && selection.kind === "swap" ? selection.value : null;
  const eyes = ((obs.god_powers || {}).horus || {}).eyes_on_regions || [];
  obs.regions.forEach((reg) => {
    const rid = regions.regionOf[INDEX.get(reg.first_hex)];
    const members = regions.members[rid] || [];
    if (!members.length) return;
    const mx = members.reduce((s, h) => s + centers[h][0], 0) / members.length;
    const my = members.reduce((s, h) => s + centers[h][1], 0) / members.length;
    const dist = (h) => (centers[h][0] - mx) ** 2 + (centers[h][1] - my) ** 2;
    const free = members.filter((h) => !pieceAt.has(HEXES[h].name));
    const spot = (free.length ? free : members).reduce((best, h) => (dist(h) < dist(best) ? h : best));
    let [tx, ty] = centers[spot];
    if (!free.length) { tx -= geo.R * 0.55; ty += geo.S * 0.22; }
    else ty += 3;
    const token = String(reg.token);
    const inBattle = battle && battle.region === reg.token;
    const toCome = battle && (battle.regions_left || []).includes(reg.token) && !inBattle;
    const tg = svg("g", { class: "region-token", "data-term": "conflict-order", "data-token": token, "data-region-hex": reg.first_hex, "data-key": `token:${token}` });
    tg.append(art.conflictToken(token, tx, ty, 34, { battle: inBattle, next: toCome }));
    tg.append(svg("circle", { class: "focus-ring", cx: tx, cy: ty, r: 17, fill: "transparent", stroke: "none" }));
    // swapping Conflict Order tokens (Camel Caravan): first a new region's token, then another
    const asFirst = legal.swap.has(token);
    const asSecond = swapFrom !== null && legal.swap.has(swapFrom) && legal.swap.get(swapFrom).has(token);
    if (eyes.includes(reg.token)) {
      const eg = svg("g", { "data-eye-region": token, "pointer-events": "none", "data-key": `eye:${token}`, role: "img" });
      eg.append(eyeIcon(tx + 22, ty - 14, 20, true));
      eg.setAttribute("aria-label", t("An Eye of Horus on region {token}: he forbids a Battle card there", { token }));
      eg.append(svg("title", { text: eg.getAttribute("aria-label") }));
      tokenGroup.append(eg);
    }
    if (legal.eye.has(token)) {
      const action = legal.eye.get(token);
      tg.classList.add("target");
      tg.dataset.action = action;
      tg.append(svg("circle", { class: "target-ring", cx: tx, cy: ty, r: 19, fill: "none", stroke: "#ffb000", "stroke-width": 3 }));
      svgButton(tg, t("Region {token}: put an Eye of Horus on it (forbid a card in its Battle)", { token }), () => ctx.play(action), `ankh-token-${token}`);
    } else if (asSecond) {
      const action = legal.swap.get(swapFrom).get(token);
      tg.classList.add("target");
      tg.dataset.action = action;
      tg.append(svg("circle", { class: "target-ring", cx: tx, cy: ty, r: 19, fill: "none", stroke: "#ffb000", "stroke-width": 3 }));
      svgButton(tg, t("Conflict Order token {token}: swap it with token {other}", { token, other: swapFrom }), () => { selection = null; ctx.play(action); }, `ankh-token-${token}`);
    } else if (asFirst) {
      const selected = swapFrom === token;
      tg.dataset.selectable = "yes";
      if (selected) tg.dataset.selected = "yes";
      tg.append(svg("circle", { class: "target-ring", cx: tx, cy: ty, r: 19, fill: "none", stroke: selected ? "#ff6f00" : "#ffb000", "stroke-width": selected ? 4 : 3 }));
      // a label for every device (a screen reader's, a mouse's hover): "choose", never "click" or "tap"
      svgButton(tg, selected ? t("Conflict Order token {token}: selected; choose the token to swap it with", { token }) : t("Conflict Order token {token}: select it to swap it with another token", { token }), () => {
        selection = selected ? null : { ...selectionKey(ctx), kind: "swap", value: token };
        ctx.rerender();
      }, `ankh-token-${token}`);
    } else {
      // drawn over the clickable spaces, it lets their clicks through
      tg.setAttribute("pointer-events", "none");
      tg.setAttribute("role", "img");
      tg.setAttribute("aria-label", tn("region with Conflict Order token {token}, {n} land space", "region with Conflict Order token {token}, {n} land spaces", reg.land, { token }));
    }
    tokenGroup.append(tg);
  });

  // pieces
  for (const p of obs.pieces) {
    const h = INDEX.get(p.hex);
    const [cx, cy] = centers[h];
    const ownerName = p.owner === null || !obs.gods[p.owner] ? "" : godTitle(obs, p.owner);
    if (MONUMENTS.includes(p.kind)) g.append(monument(p, cx, cy + 3, geo.R, ownerName));
    else {
      g.append(figure(obs, p, cx, cy + 4, geo.R, ownerName));
      if (p.aim) g.append(scorpionAim(p, h, geo));
    }
  }

  g.append(drawPowersOnMap(obs, geo, regions));

  // what this decision has marked: figures already moved, the picked one
  for (const name of pending.moved || []) {
    const [cx, cy] = centers[INDEX.get(name)];
    g.append(svg("text", { x: cx + geo.R * 0.52, y: cy - geo.S * 0.18, "font-size": 14, "font-weight": 800, fill: "#1b5e20", stroke: "#fff", "stroke-width": 3, "paint-order": "stroke", "data-moved": name, "data-term": "move", text: "✓" }));
  }
  for (const key of ["selected", "push_from", "scorpion", "pyramid", "figure"]) {
    if (!pending[key] || !INDEX.has(pending[key])) continue;
    const h = INDEX.get(pending[key]);
    g.append(svg("polygon", { points: geo.points(h, 0.9), fill: "none", stroke: "#ff6f00", "stroke-width": 4, "data-pending": key, "pointer-events": "none" }));
  }

  drawTargets(obs, ctx, legal, geo, regions, g);
  g.append(tokenGroup);
  return g;
}

function scorpionAim(piece, h, geo) {
  const g = svg("g", { class: "aim", "data-aim": piece.aim, "pointer-events": "none" });
  for (const name of piece.aim.split("-")) {
    const d = DIRECTIONS.indexOf(name);
    const [[x1, y1], [x2, y2]] = geo.side(h, d, 0.86);
    g.append(svg("line", { x1, y1, x2, y2, stroke: "#d50000", "stroke-width": 5, "stroke-linecap": "round" }));
  }
  return g;
}

/** The clickable hexes, hex sides and Scorpion corners of this decision. */
function drawTargets(obs, ctx, legal, geo, regions, g) {
  const { centers } = geo;
  const kindSel = summonKind(legal);
  const buildSel = buildKind(legal);
  const catSel = catKind(legal);
  const putTargets = kindSel ? legal.put.get(kindSel) : new Map();
  const buildTargets = buildSel ? legal.build.get(buildSel) : new Map();
  const catTargets = catSel ? legal.cat.get(catSel) : new Map();
  // keep: any space of a new region picks the action naming that region's first space
  const keepByRegion = new Map();
  if (legal.hex.get("keep").size) {
    const after = regionMap([...obs.camels, ...((obs.pending || {}).camel_line || [])]);
    const colours = ["#00bfa5", "#d500f9"];
    [...legal.hex.get("keep")].forEach(([name, action], i) => keepByRegion.set(after.regionOf[INDEX.get(name)], { action, after, colour: colours[i % 2] }));
  }
  const words = {
    pick: (n) => (obs.phase === "osiris-pick" ? t("move the Underworld token on {hex} to this region", { hex: n }) : t("pick the figure on {hex} to move it", { hex: n })),
    to: (n) => (obs.phase === "mummy" ? t("return the Mummy to {hex}", { hex: n }) : t("move it to {hex}", { hex: n })),
    push: (n) => t("push the figure to {hex}", { hex: n }),
    pyramid: (n) => t("summon next to the Pyramid on {hex}", { hex: n }),
    claim: (n) => t("take control of the Monument on {hex}", { hex: n }),
    adopt: (n) => t("keep the Guardian on {hex}", { hex: n }),
    save: (n) => t("keep the Protected figure on {hex} alive (Isis)", { hex: n }),
    underworld: (n) => t("put an Underworld token on {hex} (Osiris)", { hex: n }),
    reveal: (n) => t("reveal Bastet's face-down cat on {hex} (a +1 or +3 goes back to her; the star kills your figure next to it)", { hex: n }),
    kill: (n) => t("the star cat kills your figure on {hex}", { hex: n }),
  };
  HEXES.forEach((hx, h) => {
    const name = hx.name;
    let action = null;
    let label = "";
    let verb = "";
    let colour = "#ffb000";
    for (const v of ["pick", "to", "push", "pyramid", "claim", "adopt", "save", "underworld", "reveal", "kill"]) {
      if (legal.hex.get(v).has(name)) {
        action = legal.hex.get(v).get(name);
        label = words[v](name);
        verb = v;
        break;
      }
    }
    if (!action && putTargets.has(name)) {
      action = putTargets.get(name);
      label = t("summon a {kind} on {hex}", { kind: kindNames()[kindSel], hex: name });
      verb = "put";
    }
    if (!action && catTargets.has(name)) {
      action = catTargets.get(name);
      label = t("place your {cat} face down on {hex}", { cat: catWords()[catSel], hex: name });
      verb = "cat";
    }
    if (!action && buildTargets.has(name)) {
      action = buildTargets.get(name);
      label = t("build a {kind} on {hex}", { kind: kindNames()[buildSel], hex: name });
      verb = "build";
    }
    if (!action && keepByRegion.size && hx.t !== "W") {
      for (const [rid, { action: keep, after, colour: part }] of keepByRegion) {
        if (after.regionOf[h] === rid) {
          action = keep;
          colour = part;
          label = t("this new region keeps the old Conflict Order token");
          verb = "keep";
        }
      }
    }
    if (!action) return;
    const [cx, cy] = centers[h];
    const tg = svg("g", { class: "target hex-target", "data-hex": name, "data-target": verb, "data-action": action });
    if (verb === "pick" || verb === "save") colour = "#ffffff";
    if (verb === "kill") colour = "#d50000";
    tg.append(svg("polygon", { class: "focus-ring", points: geo.points(h, 0.97), fill: "transparent", stroke: "none" }));
    tg.append(svg("polygon", { class: "target-ring", points: geo.points(h, 0.8), fill: verb === "pick" ? "none" : "#fff3c4", "fill-opacity": 0.35, stroke: colour, "stroke-width": 3.5 }));
    if (verb === "put" || verb === "build") tg.append(svg("text", { x: cx, y: cy + 9, "text-anchor": "middle", "font-size": 26, "font-weight": 800, fill: "#b26a00", opacity: 0.8, text: "+" }));
    svgButton(tg, `${name}: ${label}`, () => { selection = null; ctx.play(action); }, `ankh-hex-${name}`);
    g.append(tg);
  });
  // camel edges
  for (const [key, action] of legal.camel) {
    const [a, b] = key.split("|").map(Number);
    const [[x1, y1], [x2, y2]] = geo.edgeSide(a, b);
    const name = `${HEXES[a].name}|${HEXES[b].name}`;
    const eg = svg("g", { class: "target edge-target", "data-edge": name, "data-action": action });
    eg.append(svg("line", { x1, y1, x2, y2, stroke: "transparent", "stroke-width": 16, "stroke-linecap": "round" }));
    eg.append(svg("line", { class: "target-ring focus-ring", x1, y1, x2, y2, stroke: "#ff8f00", "stroke-width": 5, "stroke-linecap": "round" }));
    svgButton(eg, t("lay a camel between {a} and {b}", { a: HEXES[a].name, b: HEXES[b].name }), () => ctx.play(action), `ankh-edge-${name}`);
    g.append(eg);
  }
  // Giant Scorpion: the corner between the two sides it aims at
  const scorpion = (obs.pending || {}).scorpion;
  if (legal.aim.size && scorpion && INDEX.has(scorpion)) {
    const h = INDEX.get(scorpion);
    for (const [d, action] of legal.aim) {
      // sides d and d+1 meet at corner SIDE[d][1]
      const k = [5, 0, 1, 2, 3, 4][d];
      const [x, y] = geo.corner(h, k, 1.0);
      const ag = svg("g", { class: "target aim-target", "data-action": action });
      ag.append(svg("rect", { class: "focus-ring", x: x - 21, y: y - 9, width: 42, height: 18, rx: 9, fill: "#ffebee", stroke: "#d50000", "stroke-width": 2.5 }));
      ag.append(svg("text", { x, y: y + 4, "text-anchor": "middle", "font-size": MIN_FONT, "font-weight": 800, fill: "#b71c1c", text: action.slice(4) }));
      svgButton(ag, t("aim the Giant Scorpion at its {sides} sides", { sides: action.slice(4) }), () => ctx.play(action), `ankh-aim-${d}`);
      g.append(ag);
    }
  }
}

/** The figure kind the summon targets are shown for: the selection, else Warrior, else the first. */
function summonKind(legal) {
  const kinds = [...legal.put.keys()];
  if (!kinds.length) return null;
  if (selection && selection.kind === "summon" && kinds.includes(selection.value)) return selection.value;
  return kinds.includes("warrior") ? "warrior" : kinds[0];
}

function catKind(legal) {
  const kinds = [...legal.cat.keys()];
  if (!kinds.length) return null;
  if (selection && selection.kind === "cat" && kinds.includes(selection.value)) return selection.value;
  return kinds[0];
}

function buildKind(legal) {
  const kinds = [...legal.build.keys()];
  if (!kinds.length) return null;
  if (selection && selection.kind === "build" && kinds.includes(selection.value)) return selection.value;
  return kinds[0];
}

/** ``nodes`` (a label, a counter) inside a group explained by the rules entry ``term``: its tip
 * on hover, focus and long-press (rules.js installTermTips). */
function termed(term, ...nodes) {
  return svg("g", { "data-term": term }, ...nodes);
}

/** Under the map: the key to terrain, rivers, camels and tokens (the pieces are pictures with
 * tooltips), the coordinates toggle, and the supply in words. */
function drawFooter(obs, ctx, L) {
  const g = svg("g", { class: "legend" });
  const { x, y, w } = L.foot;
  const items = [["F", t("fertile")], ["D", t("desert")], ["W", t("water")]];
  let cx = x;
  const text = (tx, ty, words, attrs = {}) => svg("text", { x: tx, y: ty, "font-size": 14, fill: INK, ...attrs, text: words });
  for (const [terrain, words] of items) {
    g.append(termed(TERRAIN_NAME[terrain], svg("rect", { x: cx, y: y - 13, width: 20, height: 16, rx: 2, fill: TERRAIN_FILL[terrain], stroke: "#7d6b4c" }), text(cx + 25, y, words)));
    cx += 36 + words.length * 7.6;
  }
  const river = t("river");
  g.append(termed("river", svg("line", { x1: cx, y1: y - 5, x2: cx + 24, y2: y - 5, stroke: RIVER_COLOUR, "stroke-width": 7, "stroke-linecap": "round" }), text(cx + 30, y, river)));
  cx += Math.max(76, 40 + river.length * 7.6);
  const camels = t("camels");
  g.append(termed("camel-caravan", art.camel(cx + 10, y - 5, 20), text(cx + 24, y, camels)));
  cx += Math.max(88, 34 + camels.length * 7.6);
  g.append(termed("conflict-order", art.conflictToken(3, cx + 10, y - 5, 25), text(cx + 26, y, t("Conflict Order token"))));
  // the coordinates toggle: a switch drawn under the map (the names always hold them)
  const bw = 196;
  const tg = svg("g", { class: "coords-toggle", "data-coordinates": showCoordinates ? "shown" : "hidden", "data-focus-key": "ankh-coordinates" });
  tg.append(svg("rect", { class: "focus-ring", x: x + w - bw, y: y + 12, width: bw, height: 30, rx: 6, fill: showCoordinates ? "#1f5f8b" : PANEL_MINE, stroke: "#1f5f8b", "stroke-width": 1.5 }));
  tg.append(text(x + w - bw / 2, y + 32, showCoordinates ? t("Hide coordinates") : t("Show coordinates"), { "text-anchor": "middle", "font-weight": 600, fill: showCoordinates ? "#ffffff" : ACCENT }));
  svgButton(tg, t("Show the hex coordinates on the map"), () => { showCoordinates = !showCoordinates; rememberCoordinates(); ctx.rerender(); }, "ankh-coordinates");
  tg.setAttribute("role", "switch");
  tg.setAttribute("aria-checked", showCoordinates ? "true" : "false");
  g.append(tg);
  const ms = obs.monument_supply;
  const tokens = obs.conflict_tokens_in_supply.length ? obs.conflict_tokens_in_supply.join(" ") : t("none");
  g.append(termed("supply", text(x, y + 32, t("Supply: {obelisks} Obelisks, {temples} Temples, {pyramids} Pyramids, {camels} camels", {
    obelisks: ms.obelisk, temples: ms.temple, pyramids: ms.pyramid, camels: obs.camels_in_supply,
  }), { "data-supply": "" })));
  g.append(termed("conflict-order", text(x, y + 52, t("Conflict Order tokens in the supply: {tokens}", { tokens }))));
  const guardians = obs.guardians.map((gd) => t("{kind} (level {level}): {left}", { kind: kindNames()[gd.kind], level: gd.level, left: gd.left })).join(", ");
  const line = t("Guardians left: {guardians}", { guardians });
  // a long line keeps its size and goes on over a second row at a word's end (cut to the map's
  // width, a translation lost the last Guardian), "…" only past two rows; the whole in its tooltip
  const perRow = Math.floor(w / 7.4);
  const rows = [""];
  for (const word of line.split(" ")) {
    const last = rows.length - 1;
    if (rows[last] && `${rows[last]} ${word}`.length > perRow) rows.push(word);
    else rows[last] = rows[last] ? `${rows[last]} ${word}` : word;
  }
  if (rows.length > 2) rows.splice(1, rows.length - 1, `${rows.slice(1).join(" ").slice(0, perRow - 1)}…`);
  const gl = text(x, y + 72, "", { "data-guardians-left": "" });
  rows.forEach((row, i) => gl.append(svg("tspan", { x, dy: i ? 18 : 0, text: row })));
  g.append(svg("g", { "data-term": "guardians" }, gl, svg("title", { text: line })));
  return g;
}

// ---------- the central board ----------

function drawTracks(obs, ctx, legal, box) {
  const g = svg("g", { class: "tracks", "data-term": "action-track" });
  const { x, y, w, h } = box;
  g.append(svg("rect", { x, y, width: w, height: h, rx: 8, fill: PANEL, stroke: LINE, "stroke-width": 1.5 }));
  const title = t("Action tracks");
  g.append(termed("action-track", svg("text", { x: x + 10, y: y + 19, "font-size": 14, "font-weight": 700, fill: INK, text: title })));
  // the note gives way to the title (German and Spanish words are longer than the English)
  const noteW = w - 34 - title.length * CHAR_W * (14 / MIN_FONT);
  g.append(termed("turn", fitText(svg("text", { x: x + w - 10, y: y + 19, "text-anchor": "end", "font-size": MIN_FONT, fill: MUTED, text: t("a 2nd action goes on a lower row · ★ fires an event") }), noteW)));
  const turn = obs.turn || {};
  const mover = turn.seat;
  const cell = 32;
  const labelW = 130;
  obs.action_tracks.forEach((track, row) => {
    const ry = y + 28 + row * 29;
    const last = Math.max(TRACK_SPACES[track.action] - 1, track.event_space);
    const rowW = labelW + (last + 1) * cell + 92;
    const rg = svg("g", { class: "track-row", "data-row": track.action, "data-term": track.action });
    rg.append(svg("rect", { class: "focus-ring", x: x + 5, y: ry - 2, width: rowW, height: 28, rx: 5, fill: PANEL, stroke: "none" }));
    rg.append(termed(track.action, fitText(svg("text", { x: x + 10, y: ry + 17, "font-size": MIN_FONT, "font-weight": 600, fill: INK, text: rowWords()[track.action] }), labelW - 16)));
    for (let i = 0; i <= last; i += 1) {
      const cx = x + labelW + i * cell;
      const unused = i < track.start;
      const isEvent = i === track.event_space;
      rg.append(svg("rect", { x: cx, y: ry, width: cell - 3, height: 24, rx: 4, fill: isEvent ? "#f2c14e" : unused ? "#e6dccb" : PANEL_MINE, stroke: "#a08660", "stroke-width": 1 }));
      if (i < 4) {
        // "5P": the short form of where the marker starts with 5 players (in full in its name)
        const full = t("the marker's start with {n} players", { n: 5 - i });
        // TRANSLATORS: on an action track's space: where the marker starts with {n} players; the number and 1 or 2 letters.
        const mark = tc("action track", "{n}P", { n: 5 - i });
        rg.append(svg("g", { role: "img", "aria-label": full, "data-term": "start-space" }, svg("text", { x: cx + (cell - 3) / 2, y: ry + 16, "text-anchor": "middle", "font-size": MIN_FONT, fill: unused ? "#8a8070" : MUTED, text: mark }), svg("title", { text: full })));
      }
      if (isEvent) rg.append(svg("text", { "data-term": "action-track", x: cx + (cell - 3) / 2, y: ry + 17, "text-anchor": "middle", "font-size": 14, "font-weight": 800, fill: "#5b3b00", text: "★" }));
      if (i === track.marker) {
        rg.append(svg("circle", { cx: cx + (cell - 3) / 2, cy: ry + 12, r: 9, fill: "#4e342e", stroke: "#fff", "stroke-width": 2, "data-marker": track.action, "data-key": `marker:${track.action}`, role: "img", "aria-label": t("{row}: the marker on space {n}", { row: rowWords()[track.action], n: track.marker + 1 }) }));
      }
    }
    const left = track.event_space - track.marker;
    const info = left <= 0 ? t("event!") : t("{n} to go", { n: left });
    rg.append(termed("action-track", svg("text", { x: x + labelW + (last + 1) * cell + 6, y: ry + 16, "font-size": MIN_FONT, fill: MUTED, text: info })));
    if (turn.last_action === track.action && turn.actions_taken > 0 && mover !== undefined) {
      // this turn's first action: the mover's mark at the end of the row
      rg.append(godShape(mover, x + labelW + (last + 1) * cell + 74, ry + 12, 7, { number: true }));
    }
    if (legal.rows.has(track.action)) {
      rg.classList.add("target");
      rg.dataset.action = track.action;
      rg.append(svg("rect", { class: "target-ring", x: x + 5, y: ry - 2, width: rowW, height: 28, rx: 5, fill: "none", stroke: "#d48a00", "stroke-width": 2.5 }));
      svgButton(rg, t("{row}: take this action", { row: rowWords()[track.action] }), () => ctx.play(track.action), `ankh-row-${track.action}`);
    }
    g.append(rg);
  });

  // the event track: a start space and the 18 events
  const ey = y + 28 + 4 * 29 + 14;
  const counts = t("Events {events}/18 · Conflicts {conflicts}/5", { events: obs.events_done, conflicts: obs.conflicts_done });
  g.append(termed("event-track", svg("text", { x: x + 10, y: ey, "font-size": MIN_FONT, "font-weight": 700, fill: INK, text: counts })));
  // the legend gives way to the counts (longer in German and Spanish)
  const legendW = w - 30 - counts.length * CHAR_W * 1.05;
  // the legend names the letters the spaces show (eventShort), so that they always agree
  const short = eventShort();
  const legend = t("{monument} Monument · {camels} Camels · {conflict} Conflict", { monument: short["control-monument"], camels: short["camel-caravan"], conflict: short.conflict });
  g.append(termed("event-track", fitText(svg("text", { x: x + w - 10, y: ey, "text-anchor": "end", "font-size": MIN_FONT, fill: MUTED, text: legend }), legendW)));
  const ecell = Math.min(27, (w - 16) / 19);
  let conflictNo = 0;
  const eg = svg("g", { class: "event-track", "data-term": "event-track" });
  for (let i = 0; i <= obs.event_track.length; i += 1) {
    const cx = x + 8 + i * ecell + ecell / 2;
    const cy = ey + 16;
    const kind = i === 0 ? null : obs.event_track[i - 1];
    if (kind === "conflict") conflictNo += 1;
    const done = i > 0 && i <= obs.events_done;
    const next = i === obs.events_done + 1;
    // the start space (no event) is explained by the event track itself
    const sg = svg("g", { class: "event-space", "data-term": kind || "event-track" });
    eg.append(sg);
    const fill = kind === null ? "#b9ad98" : kind === "conflict" ? "#8e2424" : kind === "camel-caravan" ? "#a8733b" : "#4f7a2f";
    const shapeAttrs = { fill, stroke: next ? "#ffb000" : "#3b2a14", "stroke-width": next ? 3 : 1, opacity: done ? 0.35 : 1 };
    const r = ecell / 2 - 1.5;
    if (kind === "conflict") sg.append(svg("rect", { x: cx - r, y: cy - r, width: 2 * r, height: 2 * r, rx: 2, ...shapeAttrs }));
    else sg.append(svg("circle", { cx, cy, r, ...shapeAttrs }));
    const label = kind === null ? short.start : kind === "conflict" ? `${short.conflict}${conflictNo}` : short[kind];
    sg.append(svg("text", { x: cx, y: cy + 4.5, "text-anchor": "middle", "font-size": MIN_FONT, "font-weight": 700, fill: "#fff", opacity: done ? 0.7 : 1, text: label }));
    if (i === obs.events_done) {
      sg.append(svg("path", { d: `M${cx - 6},${cy + r + 9} l6,-7 l6,7 z`, fill: INK, "data-event-marker": i, "data-key": "marker:events", role: "img", "aria-label": tn("{n} event done", "{n} events done", i, { n: i }) }));
    }
    if (kind) sg.append(svg("title", { text: t("Event {n}: {event}", { n: i, event: eventWords()[kind] }) }));
  }
  g.append(eg);
  return g;
}

function drawTurn(obs, box) {
  const g = svg("g", { class: "turn-panel" });
  const { x, y, w, h } = box;
  g.append(svg("rect", { x, y, width: w, height: h, rx: 8, fill: PANEL, stroke: LINE, "stroke-width": 1.5 }));
  const names = obs.gods.map((gd) => godName(obs, gd.god));
  const turn = obs.turn || {};
  if (obs.winners !== null && obs.winners !== undefined) {
    const who = obs.winners.map((s) => seatLabel(obs, s, t("Player {n}", { n: s + 1 }))).join(t(" and "));
    const over = !obs.winners.length ? t("Game over — nobody wins") : tn("Game over — {who} wins", "Game over — {who} win", obs.winners.length, { who });
    g.append(svg("text", { x: x + 10, y: y + 22, "font-size": 14, "font-weight": 700, fill: "#8e2424", text: over }));
    g.append(svg("text", { x: x + 10, y: y + 44, "font-size": MIN_FONT, fill: INK, text: obs.end_reason ? translateLine(obs.end_reason) : "" }));
    return g;
  }
  const seat = turn.seat;
  g.append(godShape(seat, x + 18, y + 17, 9, { number: true }));
  const nth = turn.actions_taken ? t("action {n} taken ({action})", { n: turn.actions_taken, action: rowWords()[turn.last_action] || turn.last_action }) : t("first action");
  const mover = seatLabel(obs, seat, t("Player {n}", { n: seat + 1 }));
  g.append(termed("turn", svg("text", { x: x + 34, y: y + 22, "font-size": 14, "font-weight": 700, fill: INK, text: t("{who}'s turn · {nth}", { who: mover, nth }) })));
  const order = obs.turn_order.map((s) => seatLabel(obs, s, t("Player {n}", { n: s + 1 }))).join(" → ");
  g.append(termed("turn-order", fitText(svg("text", { x: x + 10, y: y + 44, "font-size": MIN_FONT, fill: INK, text: t("Turn order: {order}", { order }) }), w - 20)));
  const actor = obs.to_move === null ? "" : names[obs.to_move] || t("Player {n}", { n: obs.to_move + 1 });
  const phase = obs.to_move === null ? "" : t("{who} {does}", { who: actor, does: phaseWords(obs) });
  // what happens now: narration (the decision's own words are in the turn panel and the prompt)
  g.append(svg("text", { x: x + 10, y: y + 66, "font-size": MIN_FONT, "font-weight": 600, fill: "#1f5f8b", "data-narration": "", text: t("Now: {phase}", { phase }) }));
  return g;
}

function cardFace(x, y, id, { w = 62, h = 22, state = "hand", owner = null, dataset = {} } = {}) {
  // state: hand | used | chosen | back
  // a card's back is explained by the Battle card choice (its face stays hidden)
  const g = svg("g", { class: "card", dataset: { ...dataset }, "data-term": state === "back" ? "card" : CARD_TERM[id] || id });
  if (state === "back") {
    g.dataset.card = "back";
    g.append(svg("rect", { x, y, width: w, height: h, rx: 4, fill: "url(#ankh-back)", stroke: "#2e1d0d", "stroke-width": 1.5 }));
    g.append(svg("text", { x: x + w / 2, y: y + h / 2 + 4, "text-anchor": "middle", "font-size": MIN_FONT, "font-weight": 700, fill: "#f6e7c8", text: "☥ ?" }));
    return g;
  }
  g.dataset.card = "face";
  g.dataset.value = id;
  const fill = state === "used" ? "#e3dccf" : state === "chosen" ? "#ffe08a" : "#fffaf0";
  g.append(svg("rect", { class: "focus-ring", x, y, width: w, height: h, rx: 4, fill, stroke: state === "used" ? "#a89f90" : "#5b4630", "stroke-width": state === "chosen" ? 2.5 : 1.5, "stroke-dasharray": state === "used" ? "3 2" : null }));
  g.append(fitText(svg("text", { x: x + w / 2, y: y + h / 2 + 4, "text-anchor": "middle", "font-size": MIN_FONT, "font-weight": state === "used" ? 400 : 700, fill: state === "used" ? "#7d7467" : "#2a1b0c", text: cardShort()[id] || id }), w - 6));
  if (owner !== null) g.dataset.owner = owner;
  const about = cardMeaning(id);
  g.append(svg("title", { text: state === "used" ? t("{card} (used)", { card: about }) : about }));
  return g;
}

function drawBattle(obs, ctx, box) {
  const b = obs.battle;
  const g = svg("g", { class: "battle", "data-battle-step": b.step || "next-region", "data-battle-region": b.region === undefined ? "" : b.region });
  const { x, y, w, h } = box;
  const names = obs.gods.map((gd) => godName(obs, gd.god));
  g.append(svg("rect", { x, y, width: w, height: h, rx: 8, fill: "#fdecea", stroke: "#b71c1c", "stroke-width": 2 }));
  const left = b.regions_left && b.regions_left.length ? b.regions_left.join(" ") : t("none");
  const head = b.region === undefined
    ? t("Conflict {n} · regions to resolve: {left}", { n: obs.conflicts_done + 1, left })
    : t("Conflict {n} · region {region}: {step}", { n: obs.conflicts_done + 1, region: b.region, step: stepWords()[b.step] || b.step });
  // the head and the tie-breaker on lines of their own: a translated head ran into it on one line
  g.append(svg("text", { x: x + 10, y: y + 19, "font-size": 14, "font-weight": 700, fill: "#7f1010", "data-fit": w - 20, "data-battle-head": "", text: head }));
  const tb = b.tiebreaker_used ? t("tie-breaker: {god} (used)", { god: names[b.tiebreaker] }) : t("tie-breaker: {god}", { god: names[b.tiebreaker] });
  g.append(svg("text", { x: x + 10, y: y + 36, "font-size": MIN_FONT, fill: "#5e1010", "data-fit": w - 20, "data-tiebreaker": "", text: tb }));
  if (b.region === undefined) return g;
  const gods = b.gods || [];
  const slot = Math.min(gods.length <= 3 ? 158 : 124, (w - 16 - (b.forbidden ? 128 : 0)) / Math.max(1, gods.length));
  if (b.forbidden) {
    // Horus's Eye: the card nobody may play in this Battle
    const fx = x + w - 10 - 116;
    const fy = y + 15; // level with the gods' cards
    const fg = svg("g", { "data-forbidden-card": b.forbidden });
    fg.append(cardFace(fx, fy + 47, b.forbidden, { w: 62, h: 22, state: "used" }));
    fg.append(svg("line", { x1: fx + 3, y1: fy + 66, x2: fx + 59, y2: fy + 50, stroke: "#b71c1c", "stroke-width": 3, "stroke-linecap": "round" }));
    fg.append(svg("text", { x: fx + 66, y: fy + 62, "font-size": MIN_FONT, "font-weight": 700, fill: "#7f1010", text: godNames().horus }));
    fg.append(svg("text", { x: fx + 31, y: fy + 42, "text-anchor": "middle", "font-size": MIN_FONT, fill: "#7f1010", text: t("forbidden") }));
    fg.append(svg("title", { text: t("Horus forbids {card} in this Battle", { card: cardShort()[b.forbidden] }) }));
    g.append(fg);
  }
  const thoth = (obs.god_powers || {}).thoth;
  const guess = thoth && thoth.guess ? thoth.guess : null;
  const bastet = (obs.god_powers || {}).bastet;
  gods.forEach((god, i) => {
    const sx = x + 10 + i * slot;
    const sy = y + 42; // under the head and the tie-breaker
    const sg = svg("g", { class: "battle-god", "data-god": god });
    sg.append(godShape(god, sx + 8, sy + 8, 7.5, { number: true }));
    sg.append(svg("text", { x: sx + 20, y: sy + 13, "font-size": MIN_FONT, "font-weight": 700, fill: INK, text: god === obs.god ? t("{god} (you)", { god: names[god] }) : names[god] }));
    const card = (b.cards || {})[String(god)];
    const chosen = (b.chosen || []).includes(god);
    // Amun announcing two cards: two cards, both secret until the reveal
    const two = (b.two_cards || []).includes(god);
    let cw = Math.min(70, slot - 48);
    if (two) {
      cw = Math.min(56, (slot - 40) / 2);
      sg.dataset.twoCards = "yes";
      const faces = card ? card.split(" + ") : chosen ? ["?", "?"] : [];
      faces.forEach((id, k) => {
        const cx = sx + k * (cw + 3);
        sg.append(id === "?" ? cardFace(cx, sy + 20, null, { w: cw, h: 22, state: "back", dataset: { battleCard: god } }) : cardFace(cx, sy + 20, id, { w: cw, h: 22, state: "chosen", owner: god, dataset: { battleCard: god } }));
      });
      if (faces.length < 2) sg.append(svg("text", { x: sx, y: sy + 36, "font-size": MIN_FONT, fill: MUTED, "font-style": "italic", text: b.step === "cards" ? t("2 cards: choosing…") : t("2 cards") }));
      cw = faces.length ? 2 * cw + 3 : 70;
    } else if (card) {
      sg.append(cardFace(sx, sy + 20, card, { w: cw, h: 22, state: "chosen", owner: god, dataset: { battleCard: god } }));
    } else if (chosen) {
      sg.append(cardFace(sx, sy + 20, null, { w: cw, h: 22, state: "back", dataset: { battleCard: god } }));
    } else if (b.step === "cards") {
      sg.append(svg("text", { x: sx, y: sy + 36, "font-size": MIN_FONT, fill: MUTED, "font-style": "italic", text: t("choosing…") }));
    }
    const bits = [];
    if (b.bidders && b.bidders.includes(god)) {
      const own = (b.bids || {})[String(god)];
      bits.push(own !== undefined ? t("bid {n}", { n: own }) : b.bid_made.includes(god) ? t("has bid") : t("bidding…"));
    }
    // the strength and the win as one message ("St. 6" and a hard-coded "wins" read as a puzzle)
    const strength = b.strength ? b.strength[String(god)] : undefined;
    if (strength !== undefined) bits.push(b.winner === god ? t("Strength {n}, wins", { n: strength }) : t("Strength {n}", { n: strength }));
    else if (b.winner === god) bits.push(t("wins the Battle"));
    if (b.kills && b.kills[String(god)]) bits.push(t("lost {n}", { n: b.kills[String(god)] }));
    if (guess && guess.god === god) bits.push(t("Thoth: {card}?", { card: cardShort()[guess.card] || guess.card }));
    if (bastet && bastet.holder === god && (bastet.battle_cats || []).length) bits.push(t("cats {cats}", { cats: bastet.battle_cats.map((c) => CAT_SHORT[c]).join(" ") }));
    // under the card, across the god's slot (beside it, "Stärke 6, gewinnt" ran into the next god)
    if (bits.length) sg.append(svg("text", { x: sx, y: sy + 57, "data-fit": slot - 8, "data-fit-min": 11, "data-battle-bits": god, "font-size": MIN_FONT, "font-weight": b.winner === god ? 800 : 400, fill: b.winner === god ? "#1b5e20" : "#3b2a14", text: bits.join(" ") }));
    g.append(sg);
  });
  return g;
}

// ---------- the gods' boards ----------

/** The compact god board's Powers line, cut to its width ("+2 more") with every power in its title. */
function powersLine(powers, info, x, y, width) {
  const unlocked = t("{n} of 6 unlocked", { n: info.unlocked });
  const tail = ` · ${tn("{n} Ankh token", "{n} Ankh tokens", info.ankh_pool)}`;
  const fits = (text) => text.length * 7.4 <= width; // MIN_FONT text: about 7.4 units a character
  let shown = powers.length;
  const more = (n) => (n < powers.length ? t(" +{n} more", { n: powers.length - n }) : "");
  // with no power's name fitting, the line says only how many are unlocked ("Powers: 5 of 6
  // unlocked"), not "+5 more" beside "5 of 6" (issue 32)
  const line = (n) => (n === 0 && powers.length
    ? t("Powers: {powers}", { powers: unlocked }) + tail
    : t("Powers: {powers}", { powers: powers.length ? powers.slice(0, n).join(", ") : t("none") }) + more(n) + ` · ${unlocked}` + tail);
  while (shown > 0 && !fits(line(shown))) shown -= 1;
  const textEl = svg("text", { x, y, "font-size": MIN_FONT, fill: INK, "data-powers-line": powers.length, "data-term": "unlock", text: line(shown) });
  if (!fits(line(shown))) { textEl.setAttribute("textLength", width); textEl.setAttribute("lengthAdjust", "spacingAndGlyphs"); }
  const g = svg("g", { class: "powers-line" }, textEl);
  g.append(svg("title", { text: line(powers.length) }));
  return g;
}

function drawGod(obs, ctx, legal, info, box, guardianSlots, compact) {
  const { x, y, w, h } = box;
  const god = info.god;
  const mine = obs.god === god;
  const acting = !ctx.over && obs.to_move !== null && info.seats.includes(obs.to_move); // nobody acts once it is over
  // data-own: the phone's "Your hand" shortcut (table.js) scrolls to the viewing seat's god board
  const g = svg("g", { class: "god-board", "data-god": god, "data-compact": compact ? "yes" : "no", "data-term": info.deity || null, "data-own": mine ? "yes" : null });
  g.append(svg("rect", { x, y, width: w, height: h, rx: 8, fill: mine ? PANEL_MINE : PANEL_OTHER, stroke: acting ? GOD_FILL[god] : LINE, "stroke-width": acting ? 3.5 : 1.5 }));
  g.append(godShape(god, x + 15, y + 15, 9, { number: true }));
  const who = [];
  if (mine) who.push(t("you"));
  if (info.seats.length > 1) who.push(t("merged"));
  if (!info.alive) who.push(t("out of the game"));
  if ((ctx.retired || []).some((s) => info.seats.includes(s))) who.push(t("left the game: ranked last"));
  const named = who.length ? `${godName(obs, god)} (${who.join(", ")})` : godName(obs, god);
  const heading = acting ? t("{god} — to act", { god: named }) : named;
  // the heading gives way to the Devotion and Followers at the right (a long "(you, left the
  // game: ranked last)" was drawn over them)
  const scoreWords = t("Devotion {devotion} · Followers {followers}", { devotion: info.devotion, followers: info.followers });
  const headingW = w - 56 - scoreWords.length * CHAR_W * (14 / MIN_FONT);
  const headingText = () => fitText(svg("text", { x: x + 31, y: y + 20, "font-size": 14, "font-weight": 700, fill: INK, text: heading }), headingW);
  g.append(info.deity ? termed(info.deity, headingText()) : headingText());
  g.append(svg("title", { text: `${godTitle(obs, god)}${info.deity ? `: ${godTexts()[info.deity] || ""}` : ""}` }));
  // the god powers it holds (two for a merged god), one row each under the heading
  const held = info.god_powers || [];
  held.forEach((pid, i) => g.append(drawPowerRow(obs, ctx, legal, info, pid, { x: x + 6, y: y + 27 + i * BAND, w: w - 12 })));
  const top = y + BAND * held.length;
  // "Devotion 3 · Followers 2": each part explained by its own entry
  const [devotionWords, followersWords] = t("Devotion {devotion} · Followers {followers}", { devotion: info.devotion, followers: info.followers }).split(" · ");
  g.append(svg("text", { x: x + w - 10, y: y + 20, "text-anchor": "end", "font-size": 14, "font-weight": 700, fill: INK, "data-devotion": god },
    svg("tspan", { "data-term": "devotion", text: devotionWords }), svg("tspan", { "data-term": "followers", text: followersWords === undefined ? "" : ` · ${followersWords}` })));

  const poolWords = [tn("{n} Warrior", "{n} Warriors", info.warriors_pool)];
  for (const [kind, n] of Object.entries(info.guardians_pool)) if (n) poolWords.push(`${n} ${kindNames()[kind]}`);
  const slots = (sx, sy) => {
    for (let i = 0; i < 6; i += 1) {
      const cx = sx + i * 20;
      const used = i < info.unlocked;
      const guardian = guardianSlots.includes(i + 1);
      const slot = svg("g", { "data-slot": `${god}-${i + 1}`, "data-used": used ? "yes" : "no", "data-guardian": guardian ? "yes" : "no" });
      slot.append(art.ankh(cx, sy, 17, { used }));
      // a slot that gives a Guardian: a gold ring round it
      if (guardian) slot.append(svg("circle", { cx, cy: sy, r: 9.5, fill: "none", stroke: "#7b1fa2", "stroke-width": 2.2 }));
      const about = guardianSlots.includes(i + 1)
        ? t("Ankh token {n} (level {level}): uncovering it gives a Guardian", { n: i + 1, level: Math.floor(i / 2) + 1 })
        : t("Ankh token {n} (level {level})", { n: i + 1, level: Math.floor(i / 2) + 1 });
      slot.append(svg("title", { text: used ? t("{token}, used", { token: about }) : about }));
      g.append(slot);
    }
  };

  if (compact) {
    const r1 = top + (held.length ? 37 : 40);
    const names = info.powers.map(powerName);
    g.append(powersLine(names, info, x + 10, r1, w - 20));
    const r2 = r1 + 19;
    if (legal.guess.has(god)) g.append(drawGuessRow(obs, ctx, legal, god, x + 10, r1 + 4, w - 20));
    else {
      const line = tn("Pool: {pool} · {n} card in hand · used: {used}", "Pool: {pool} · {n} cards in hand · used: {used}", info.hand.length, { pool: poolWords.join(", "), used: info.used_cards.map((c) => cardShort()[c]).join(", ") || t("none") });
      g.append(svg("g", { "data-term": "figure" }, fitText(svg("text", { x: x + 10, y: r2, "font-size": MIN_FONT, fill: INK, text: line }), w - 20), svg("title", { text: line })));
    }
    if (!info.alive) g.append(svg("rect", { x, y, width: w, height: h, rx: 8, fill: PAPER, opacity: 0.55, "pointer-events": "none" }));
    return g;
  }

  // left: the dashboard's six Ankh tokens (G: a Guardian icon under it), the pool
  const leftW = 236;
  g.append(termed("unlock", fitText(svg("text", { x: x + 10, y: top + 48, "font-size": MIN_FONT, fill: MUTED, text: t("Unlocks") }), 64)));
  slots(x + 80, top + 44);
  g.append(termed("ankh-token", fitText(svg("text", { x: x + 10, y: top + 71, "font-size": MIN_FONT, fill: INK, text: info.next_unlock_level ? t("{pool} Ankh tokens, next: level {level}", { pool: info.ankh_pool, level: info.next_unlock_level }) : t("{pool} Ankh tokens, all unlocked", { pool: info.ankh_pool }) }), leftW - 16)));
  const poolText = t("Pool: {pool}", { pool: poolWords.join(", ") });
  const poolLine = svg("text", { x: x + 10, y: top + 89, "font-size": MIN_FONT, fill: INK, text: poolText.length <= 30 ? poolText : `${poolText.slice(0, 29)}…` });
  g.append(svg("g", { "data-term": "figure" }, poolLine, svg("title", { text: poolText })));

  // right: the twelve powers, three level columns of four as on the dashboard
  const px = x + leftW;
  const pw = (w - leftW - 6) / 3;
  const ph = 17.5;
  POWER_IDS.forEach((id, i) => {
    const name = powerName(id);
    const level = Math.floor(i / 4);
    const bx = px + level * pw;
    const by = top + 28 + (i % 4) * ph;
    const has = info.powers.includes(id);
    const pg = svg("g", { class: "power", "data-power": id, "data-god": god, "data-unlocked": has ? "yes" : "no", "data-term": id });
    pg.append(svg("rect", { class: "focus-ring", x: bx, y: by, width: pw - 3, height: ph - 2, rx: 3, fill: has ? GOD_FILL[god] : ROW, stroke: has ? "#111" : LINE, "stroke-width": 1 }));
    pg.append(fitText(svg("text", { x: bx + 4, y: by + ph / 2 + 4.5, "font-size": MIN_FONT, "font-weight": has ? 700 : 400, fill: has ? art.seatInk(god) : MUTED, text: name }), pw - 10));
    pg.append(svg("title", { text: meaningIn("ankh", id, name) }));
    if (mine && legal.power.has(id)) {
      const action = legal.power.get(id);
      pg.classList.add("target");
      pg.dataset.action = action;
      pg.append(svg("rect", { class: "target-ring", x: bx - 1, y: by - 1, width: pw - 1, height: ph, rx: 4, fill: "none", stroke: "#d48a00", "stroke-width": 2.5 }));
      svgButton(pg, t("Unlock {power}", { power: meaningIn("ankh", id, name) }), () => ctx.play(action), `ankh-power-${id}`);
    }
    g.append(pg);
  });

  // bottom: the Battle cards: your hand (and used cards); another god's used cards only
  const cy = top + 100;
  const ch = Math.min(34, h - (top - y) - 106);
  const battle = obs.battle || {};
  const chosenMine = mine ? ((battle.cards || {})[String(god)] || "").split(" + ") : [];
  let cx = x + 10;
  if (mine) {
    const cw = (w - 20 - 6 * 3) / 7;
    for (const id of CARD_IDS) {
      const inHand = info.hand.includes(id);
      const state = chosenMine.includes(id) ? "chosen" : inHand ? "hand" : "used";
      const c = cardFace(cx, cy, id, { w: cw, h: ch, state, owner: god, dataset: inHand ? { hand: `${god}-${id}` } : { used: `${god}-${id}` } });
      if (battle.forbidden === id) {
        // Horus's Eye: nobody may play it in this Battle
        c.dataset.forbidden = "yes";
        c.append(svg("line", { x1: cx + 3, y1: cy + ch - 3, x2: cx + cw - 3, y2: cy + 3, stroke: "#b71c1c", "stroke-width": 3, "stroke-linecap": "round", "pointer-events": "none" }));
        c.append(svg("title", { text: t("{card} is forbidden in this Battle (Horus)", { card: cardShort()[id] }) }));
      }
      if (legal.forbid.has(id)) {
        const action = legal.forbid.get(id);
        c.classList.add("target");
        c.dataset.action = action;
        c.append(svg("rect", { class: "target-ring", x: cx - 2, y: cy - 2, width: cw + 4, height: ch + 4, rx: 5, fill: "none", stroke: "#b71c1c", "stroke-width": 2.5 }));
        svgButton(c, t("Forbid {card} in this Battle (Horus): nobody may play it, you included", { card: cardShort()[id] }), () => ctx.play(action), `ankh-forbid-${id}`);
      } else if (legal.card.has(id)) {
        const action = legal.card.get(id);
        c.classList.add("target");
        c.dataset.action = action;
        c.append(svg("rect", { class: "target-ring", x: cx - 2, y: cy - 2, width: cw + 4, height: ch + 4, rx: 5, fill: "none", stroke: "#d48a00", "stroke-width": 2.5 }));
        svgButton(c, t("Battle card {card}: play it in this battle. {text}", { card: cardShort()[id], text: ruleLine(CARD_TERM[id] || id) }), () => ctx.play(action), `ankh-card-${id}`);
      }
      g.append(c);
      cx += cw + 3;
    }
  } else if (legal.guess.has(god)) {
    g.append(drawGuessRow(obs, ctx, legal, god, cx, cy + (ch - 21) / 2, w - 20));
  } else {
    // the words, then the used cards after them: the cards began at a fixed 170 units, over a
    // longer translation ("7 Karten auf der Hand · genutzt:"); the words get what the cards leave
    const words = tn("{n} card in hand · used:", "{n} cards in hand · used:", info.hand.length);
    const used = info.used_cards.length;
    const room = w - 28;
    const wordsW = Math.min(words.length * CHAR_W, Math.max(150, room - Math.max(1, used) * 73));
    const cw = used ? Math.min(70, (room - wordsW) / used - 3) : 70;
    g.append(termed("card", svg("text", { x: cx, y: cy + ch / 2 + 4.5, "font-size": MIN_FONT, fill: MUTED, "data-fit": wordsW, "data-hand-words": god, text: words })));
    cx += wordsW + 8;
    if (!used) g.append(termed("card", svg("text", { x: cx, y: cy + ch / 2 + 4.5, "font-size": MIN_FONT, fill: "#8b8070", "data-fit": x + w - 10 - cx, text: t("none") })));
    for (const id of info.used_cards) {
      g.append(cardFace(cx, cy, id, { w: cw, h: ch, state: "used", owner: god, dataset: { used: `${god}-${id}` } }));
      cx += cw + 3;
    }
  }
  if (!info.alive) g.append(svg("rect", { x, y, width: w, height: h, rx: 8, fill: PAPER, opacity: 0.55, "pointer-events": "none" }));
  return g;
}

// ---------- the gods' powers: on the map ----------

const isBlocked = (a, b, regions) => RIVER_KEYS.has(edgeKey(a, b)) || regions.camelKeys.has(edgeKey(a, b));

/** The regions of hex h: its own for land, every region it touches for water (board.py RegionMap). */
function hexRegions(h, regions) {
  if (HEXES[h].t !== "W") return [regions.regionOf[h]];
  const out = new Set();
  for (const y of NEIGHBOUR[h]) if (y >= 0 && HEXES[y].t !== "W" && !isBlocked(h, y, regions)) out.add(regions.regionOf[y]);
  return [...out];
}

/** The hexes adjacent to h (§8.1: an unblocked side and a region in common). */
function adjacentHexes(h, regions) {
  const mine = hexRegions(h, regions);
  return NEIGHBOUR[h].filter((y) => y >= 0 && !isBlocked(h, y, regions) && hexRegions(y, regions).some((r) => mine.includes(r)));
}

/** Who each figure counts for: its owner, or Seth for the figures he controls in a Conflict. */
function controller(obs) {
  const seth = (obs.god_powers || {}).seth;
  const taken = new Set(seth ? seth.controls : []);
  return (p) => (taken.has(p.hex) ? seth.holder : p.owner);
}

/** Isis's Protected figures: hers (not her God) next to a figure counting for another god. */
function isisProtected(obs, regions) {
  const isis = (obs.god_powers || {}).isis;
  if (!isis) return [];
  if (obs.pending && obs.pending.protected) return obs.pending.protected;
  const owner = controller(obs);
  const figures = new Map(obs.pieces.filter((p) => !MONUMENTS.includes(p.kind)).map((p) => [p.hex, p]));
  const out = [];
  for (const p of figures.values()) {
    if (p.kind === "god" || owner(p) !== isis.holder) continue;
    const near = adjacentHexes(INDEX.get(p.hex), regions).map((y) => figures.get(HEXES[y].name));
    if (near.some((q) => q && owner(q) !== null && owner(q) !== isis.holder)) out.push(p.hex);
  }
  return out.sort();
}

// The gods' components are drawn by ankh-art.js; these place them at the sizes the boards use.
const sunIcon = (cx, cy, r, free) => art.sunToken(cx, cy, 2 * r, { free });
const eyeIcon = (cx, cy, w, free) => art.horusEye(cx, cy, w * 1.15, { free });
const catIcon = (cx, cy, r, face, value) => art.cat(face, value, cx, cy, 2.3 * r);
const shieldIcon = (cx, cy, s, seat) => art.isisShield(seat, cx, cy, 2.3 * s);
const underworldIcon = (cx, cy, r, inSupply) => art.underworldToken(cx, cy, 2.2 * r, { inSupply });
const scaleIcon = (cx, cy, s) => art.thothScale(cx, cy, 2.8 * s);

/** Osiris's Underworld spaces: drawn under the pieces. */
function drawUnderworld(obs, geo) {
  const g = svg("g", { class: "underworld" });
  const osiris = (obs.god_powers || {}).osiris;
  if (!osiris) return g;
  for (const name of osiris.underworld) {
    const h = INDEX.get(name);
    const [cx, cy] = geo.centers[h];
    const ug = svg("g", { "data-underworld": name, "pointer-events": "none", "data-key": `underworld:${name}` });
    ug.append(svg("polygon", { points: geo.points(h, 0.88), fill: "#3c2a4d", "fill-opacity": 0.3, stroke: "#3c2a4d", "stroke-width": 3, "stroke-dasharray": "7 4" }));
    ug.append(art.underworldToken(cx - 10, cy + geo.S * 0.34, 20));
    ug.append(godShape(osiris.holder, cx + 12, cy + geo.S * 0.34, 7, { number: true }));
    ug.append(svg("title", { text: t("{god}'s Underworld on {hex}: only Osiris may enter, summon or build here", { god: godTitle(obs, osiris.holder), hex: name }) }));
    g.append(ug);
  }
  return g;
}

/** Bastet's cats, Ra's Radiant figures, Seth's control and Isis's Protected figures: over the pieces. */
function drawPowersOnMap(obs, geo, regions) {
  const g = svg("g", { class: "god-powers-map", "pointer-events": "none" });
  const powers = obs.god_powers || {};
  const { centers, R, S } = geo;
  const figureAt = new Map(obs.pieces.filter((p) => !MONUMENTS.includes(p.kind)).map((p) => [p.hex, p]));
  const spot = (name) => {
    const [cx, cy] = centers[INDEX.get(name)];
    const p = figureAt.get(name);
    return { cx, cy: cy + 4, r: p && p.kind === "god" ? R * 0.52 : R * 0.44 };
  };
  if (powers.seth) {
    const seth = powers.seth.holder;
    for (const name of powers.seth.controls) {
      const { cx, cy, r } = spot(name);
      const sg = svg("g", { "data-seth-controls": name, "data-key": `seth:${name}` });
      sg.append(svg("circle", { cx, cy, r: r + 5, fill: "none", stroke: "#111", "stroke-width": 3, "stroke-dasharray": "5 3" }));
      sg.append(art.sethControl(seth, cx - r * 0.95, cy + r * 0.85, 17));
      sg.append(svg("title", { text: t("{hex}: counts for {god} during this Conflict (Seth)", { hex: name, god: godTitle(obs, seth) }) }));
      g.append(sg);
    }
  }
  if (powers.ra) {
    for (const name of powers.ra.radiant) {
      const { cx, cy, r } = spot(name);
      const rg = svg("g", { "data-radiant": name, "data-key": `radiant:${name}` });
      rg.append(art.radiant(cx - r * 0.98, cy - r * 0.88, 24));
      rg.append(svg("title", { text: t("{hex}: a Radiant figure (Ra's Sun token)", { hex: name }) }));
      g.append(rg);
    }
  }
  if (powers.isis) {
    for (const name of isisProtected(obs, regions)) {
      const { cx, cy, r } = spot(name);
      const ig = svg("g", { "data-protected": name, "data-key": `protected:${name}` });
      ig.append(shieldIcon(cx + r * 0.98, cy - r * 0.88, 8.5, powers.isis.holder));
      ig.append(svg("title", { text: t("{hex}: Protected by Isis (next to an enemy): she may keep it alive in Battle Resolution", { hex: name }) }));
      g.append(ig);
    }
  }
  if (powers.bastet) {
    const b = powers.bastet;
    const known = new Map(Object.entries(b.cats || {}).filter(([, at]) => INDEX.has(at)).map(([id, at]) => [at, id]));
    const cat = (name, face, value) => {
      const [cx, cy] = centers[INDEX.get(name)];
      const cg = svg("g", { "data-cat-hex": name, "data-cat-face": face === "up" ? "up" : "down", "data-key": `cat:${name}`, "data-term": "bastet" });
      if (value) cg.dataset.catValue = value;
      cg.append(catIcon(cx + R * 0.5, cy - S * 0.08, 11, face, value));
      const words = face === "back" ? t("{hex}: a face-down cat of Bastet (+1, +3 or the star)", { hex: name })
        : face === "known" ? t("{hex}: your {cat}, face down (the others see its back)", { hex: name, cat: catWords()[value] })
          : t("{hex}: Bastet's {cat}, face up", { hex: name, cat: catWords()[value] });
      cg.append(svg("title", { text: words }));
      g.append(cg);
    };
    for (const name of b.face_down_on_board) cat(name, known.has(name) ? "known" : "back", known.get(name) || null);
    for (const c of b.face_up) if (INDEX.has(c.at)) cat(c.at, "up", c.cat);
  }
  return g;
}

// ---------- the gods' powers: on the god boards ----------

/** One row of a god board for the god power ``pid`` held by god ``info.god``. */
function drawPowerRow(obs, ctx, legal, info, pid, box) {
  const { x, y, w } = box;
  const god = info.god;
  const st = (obs.god_powers || {})[pid] || {};
  const h = BAND - 3;
  const mid = y + h / 2;
  const g = svg("g", { class: "god-power", "data-god-power": pid, "data-god": god, "data-term": pid });
  g.append(svg("rect", { x, y, width: w, height: h, rx: 5, fill: ROW, stroke: LINE, "stroke-width": 1 }));
  g.append(svg("title", { text: t("{god}: {text}", { god: godNames()[pid], text: godTexts()[pid] }) }));
  g.append(svg("text", { x: x + 7, y: mid + 4.5, "font-size": MIN_FONT, "font-weight": 800, fill: INK, "letter-spacing": 0.4, text: godNames()[pid].toUpperCase() }));
  let cx = x + 18 + godNames()[pid].length * 10.4;
  const right = x + w - 6;
  const words = (text, attrs = {}) => {
    const room = Math.floor((right - cx) / 7.4);
    if (room < 4) return;
    const shown = text.length <= room ? text : `${text.slice(0, room - 1)}…`;
    g.append(svg("text", { x: cx, y: mid + 4.3, "font-size": MIN_FONT, fill: INK, ...attrs, text: shown }));
    cx += shown.length * 7.4 + 8;
  };
  const icon = (node, width, data = {}) => {
    Object.assign(node.dataset, data);
    g.append(node);
    cx += width;
  };
  const battle = obs.battle || {};
  const names = (list) => (list.length ? list.join(" ") : t("none"));
  switch (pid) {
    case "amun": {
      const up = st.token === "up";
      const tg = svg("g", { "data-amun-token": up ? "up" : "down" });
      tg.append(art.amunToken(cx + 9, mid, 20, { up }));
      icon(tg, 24);
      const two = (battle.two_cards || []).includes(god);
      words(two ? t("plays two Battle cards in this Battle") : up ? t("token up: two cards in one Battle this Conflict") : t("token down until the Conflict ends"));
      break;
    }
    case "anubis": {
      const trapped = st.trapped || [];
      for (let i = 0; i < 3; i += 1) {
        const owner = i < trapped.length ? trapped[i] : null;
        const sg = svg("g", { class: "trap-slot", "data-trap-slot": i, "data-trapped": owner === null ? "" : owner });
        sg.append(svg("rect", { class: "focus-ring", x: cx, y: mid - 9.5, width: 22, height: 19, rx: 3, fill: "#e7dcc4", stroke: "#6b5a3a", "stroke-width": 1.2, "stroke-dasharray": owner === null ? "3 2" : null }));
        if (owner !== null) {
          sg.append(art.trappedWarrior(owner, cx + 11, mid, 18));
          sg.append(svg("title", { text: t("A trapped Warrior of {god}", { god: godTitle(obs, owner) }) }));
          if (owner === obs.god && legal.words.has("ransom")) {
            sg.classList.add("target");
            sg.dataset.action = "ransom";
            sg.append(svg("rect", { class: "target-ring", x: cx - 2, y: mid - 11.5, width: 26, height: 23, rx: 4, fill: "none", stroke: "#d48a00", "stroke-width": 2.5 }));
            svgButton(sg, t("Buy back your Warrior trapped by Anubis (1 Follower to Anubis), then summon it"), () => { selection = null; ctx.play("ransom"); }, `ankh-ransom-${i}`);
          }
        } else {
          sg.append(svg("title", { text: t("An empty slot of Anubis") }));
        }
        icon(sg, 25);
      }
      cx += 4;
      words(t("{n}/3 trapped: +{n} strength for his God", { n: trapped.length }));
      break;
    }
    case "isis": {
      const prot = isisProtected(obs, regionMap(obs.camels));
      icon(shieldIcon(cx + 9, mid, 8, god), 22);
      words(prot.length ? t("Protected now: {hexes}", { hexes: prot.join(" ") }) : t("no figure Protected now (next to an enemy)"), { "data-isis-protected": prot.join(" ") });
      break;
    }
    case "osiris": {
      for (let i = 0; i < 3; i += 1) icon(underworldIcon(cx + 8, mid, 8, i < st.tokens_in_supply), 20, { underworldToken: i < st.tokens_in_supply ? "supply" : "board" });
      cx += 4;
      words(t("Underworld: {hexes} · {n} in supply", { hexes: names(st.underworld || []), n: st.tokens_in_supply }));
      break;
    }
    case "ra": {
      for (let i = 0; i < 3; i += 1) icon(sunIcon(cx + 9, mid, 8.5, i < st.sun_tokens_free), 21, { sunToken: i < st.sun_tokens_free ? "free" : "used" });
      cx += 4;
      words(tn("Radiant: {hexes} · {n} Sun token free", "Radiant: {hexes} · {n} Sun tokens free", st.sun_tokens_free, { hexes: names(st.radiant || []) }));
      break;
    }
    case "bastet": {
      const entries = [];
      if (st.cats) {
        const up = new Set(st.face_up.map((c) => c.cat));
        for (const id of ["plus1", "plus3", "star"]) {
          const at = st.cats[id];
          if (at === undefined || at === "gone") continue;
          entries.push({ face: up.has(id) ? "up" : "known", value: id, where: at === "beside-board" ? "beside" : at });
        }
      } else {
        for (const at of st.face_down_on_board) entries.push({ face: "back", value: null, where: at });
        for (let i = 0; i < st.face_down_beside_board; i += 1) entries.push({ face: "back", value: null, where: "beside" });
        for (const c of st.face_up) entries.push({ face: "up", value: c.cat, where: c.at === "beside-board" ? "beside" : c.at });
      }
      for (const e of entries) {
        const cg = svg("g", { "data-board-cat": e.where, "data-cat-face": e.face === "up" ? "up" : "down" });
        if (e.value) cg.dataset.catValue = e.value;
        cg.append(catIcon(cx + 9, mid, 9.6, e.face, e.value));
        cg.append(svg("text", { x: cx + 22, y: mid + 4.8, "font-size": MIN_FONT, fill: INK, text: e.where }));
        icon(cg, 28 + e.where.length * 7.4);
      }
      const notes = [];
      if (st.out_of_game) notes.push(t("cats out of the game"));
      if (st.revealed_this_turn) notes.push(t("one revealed this turn"));
      if ((st.battle_cats || []).length) notes.push(t("in this Battle: {cats}", { cats: st.battle_cats.map((c) => CAT_SHORT[c]).join(" ") }));
      if (!entries.length && !notes.length) notes.push(t("no cat"));
      if (notes.length) words(notes.join(" · "));
      break;
    }
    case "hathor":
      words(t("after a sacrifice, pays 1 more Follower to place a figure next to hers"));
      break;
    case "thoth": {
      icon(scaleIcon(cx + 10, mid, 7), 26, { scale: st.scale });
      const n = st.scale;
      words(tn("scale: {n} Follower → {n} Devotion at the Conflict's end", "scale: {n} Followers → {n} Devotion at the Conflict's end", n), { "data-scale": n });
      if (st.guess) words(t("guess: {god} played {card}?", { god: godName(obs, st.guess.god), card: cardShort()[st.guess.card] || st.guess.card }), { "font-weight": 700, "data-guess": `${st.guess.god}-${st.guess.card}` });
      break;
    }
    case "horus": {
      for (const token of st.eyes_on_regions || []) {
        const eg = svg("g", { "data-eye": token });
        eg.append(eyeIcon(cx + 10, mid, 19, false));
        eg.append(svg("text", { x: cx + 22, y: mid + 4.3, "font-size": MIN_FONT, "font-weight": 700, fill: "#0d2a4a", text: t("on {token}", { token }) }));
        icon(eg, 50);
      }
      for (let i = 0; i < st.eyes_free; i += 1) icon(eyeIcon(cx + 10, mid, 19, true), 24, { eye: "free" });
      cx += 4;
      words(battle.forbidden ? t("forbids {card} in this Battle", { card: cardShort()[battle.forbidden] || battle.forbidden }) : tn("{n} Eye on his board", "{n} Eyes on his board", st.eyes_free));
      break;
    }
    case "seth":
      words((st.controls || []).length ? t("counts as his in this Conflict: {hexes}", { hexes: st.controls.join(" ") }) : t("takes enemy figures next to his God in Conflicts"));
      break;
    default:
      words(godTexts()[pid] || pid);
  }
  return g;
}

/** The cards of another god that Thoth may guess, as clickable faces (its hand is public). */
function drawGuessRow(obs, ctx, legal, god, x, y, w) {
  const g = svg("g", { class: "guess-row", "data-guess-god": god });
  const cards = legal.guess.get(god);
  g.append(svg("text", { x, y: y + 15, "font-size": MIN_FONT, "font-weight": 700, fill: INK, text: t("Guess:") }));
  const cw = Math.min(62, (w - 52 - 3 * 6) / 7);
  let cx = x + 48;
  for (const [id, action] of cards) {
    const c = cardFace(cx, y, id, { w: cw, h: 21, state: "hand", owner: god, dataset: { guess: `${god}-${id}` } });
    c.classList.add("target");
    c.dataset.action = action;
    c.append(svg("rect", { class: "target-ring", x: cx - 2, y: y - 2, width: cw + 4, height: 25, rx: 5, fill: "none", stroke: "#d48a00", "stroke-width": 2.5 }));
    svgButton(c, t("Guess that {god} played {card} (Thoth): 1 Follower from the supply on your scale", { god: godTitle(obs, god), card: cardShort()[id] }), () => ctx.play(action), `ankh-guess-${god}-${id}`);
    g.append(c);
    cx += cw + 3;
  }
  return g;
}

// ---------- the Devotion track ----------

function drawDevotion(obs, box) {
  const g = svg("g", { class: "devotion-track", "data-term": "devotion" });
  const { x, y, w, h, perRow } = box;
  const redMax = obs.red_max === undefined ? 19 : obs.red_max;
  g.append(svg("rect", { x, y, width: w, height: h, rx: 8, fill: PANEL, stroke: LINE, "stroke-width": 1.5 }));
  g.append(svg("text", { x: x + 10, y: y + 18, "font-size": 14, "font-weight": 700, fill: INK, text: t("Devotion") }));
  g.append(termed("red-section", fitText(svg("text", { x: x + w - 10, y: y + 18, "text-anchor": "end", "font-size": MIN_FONT, fill: MUTED, text: t("red section 0–{max}: forgotten after Conflict 4 · {top} wins at once", { max: redMax, top: DEVOTION_TOP }) }), w - 112)));
  const rows = Math.ceil((DEVOTION_TOP + 1) / perRow);
  const cell = (w - 16) / perRow;
  const rowH = (h - 26) / rows;
  const stackRoom = rowH - 22;
  // the stack order: devotion_track lists the gods from the bottom (lowest) to the top
  const stacks = new Map();
  for (const god of obs.devotion_track) {
    const v = Math.max(0, Math.min(DEVOTION_TOP, obs.gods[god].devotion));
    if (!stacks.has(v)) stacks.set(v, []);
    stacks.get(v).push(god);
  }
  for (let v = 0; v <= DEVOTION_TOP; v += 1) {
    const row = Math.floor(v / perRow);
    const col = v % perRow;
    const cx = x + 8 + col * cell;
    const cy = y + 24 + row * rowH + stackRoom;
    const red = v <= redMax;
    const fill = v === DEVOTION_TOP ? "#f2c14e" : red ? "#e8a49c" : "#a9cce3";
    g.append(svg("rect", { x: cx, y: cy, width: cell - 2, height: 19, rx: 3, fill, stroke: red ? "#9b3b30" : "#3f6f8f", "stroke-width": 1, "data-devotion-space": v }));
    g.append(svg("text", { x: cx + (cell - 2) / 2, y: cy + 14, "text-anchor": "middle", "font-size": MIN_FONT, "font-weight": 600, fill: "#2a1b0c", text: v }));
    const stack = stacks.get(v) || [];
    const tr = Math.min(10, Math.max(7, stackRoom / 6.5));
    const step = Math.min(2 * tr + 1, (stackRoom - tr - 2) / Math.max(1, stack.length - 1));
    stack.forEach((god, i) => {
      const tok = godShape(god, cx + (cell - 2) / 2, cy - tr - 2 - i * step, tr, { number: true });
      tok.dataset.devotionToken = god;
      tok.dataset.key = `devotion:${god}`;
      tok.dataset.stack = i;
      const where = { god: godTitle(obs, god), devotion: obs.gods[god].devotion, n: i + 1 };
      tok.append(svg("title", { text: stack.length > 1 ? t("{god}: Devotion {devotion} ({n} from the bottom of the stack)", where) : t("{god}: Devotion {devotion}", where) }));
      g.append(tok);
    });
  }
  return g;
}

// ---------- status, prompt, controls ----------

function phaseWords(obs) {
  const p = obs.pending || {};
  switch (obs.phase) {
    case "turn": return obs.turn && obs.turn.actions_taken ? t("may take a second action on a lower row") : t("chooses an action");
    case "move-pick": return t("moves figures");
    case "move-to": return t("moves the figure from {hex}", { hex: p.selected });
    case "push": return t("pushes a figure with Satet");
    case "aim": return t("aims the Giant Scorpion");
    case "summon": return t("summons a figure");
    case "pyramid-summon": return t("summons next to the Pyramid on {hex}", { hex: p.pyramid });
    case "unlock": return t("unlocks a level {level} Ankh power", { level: p.level });
    case "claim": return t("takes control of a Monument");
    case "camel": return t("lays a camel caravan");
    case "keep": return t("chooses the region that keeps its token");
    case "swap": return t("may swap Conflict Order tokens");
    case "obelisk-pick": case "obelisk-to": return t("moves figures next to an Obelisk");
    case "card": return t("chooses a Battle card");
    case "build": return t("builds a Monument");
    case "bid": return t("bids Followers for the Plague");
    case "mummy": return t("returns the Mummy");
    case "tiebreak": return t("decides on the tie-breaker");
    case "worship": return t("decides on Worshipful");
    case "adopt": return t("keeps Guardians of the merged god");
    default: return godPhases()[obs.phase] ? godPhases()[obs.phase][0] : t("makes a decision"); // never the phase's id
  }
}

/** The player aid's lines for this position (aid.js): the events and Conflicts done, and the
 * event track's next event. ``view``: the table's view; returns [string] (none when the game is
 * over). The event track is public (Ankh rules, "The Event Track"). */
export function aid(view) {
  const obs = view.observation;
  if (view.finished || obs.phase === "over") return [];
  const lines = [t("Events {events}/18 · Conflicts {conflicts}/5", { events: obs.events_done, conflicts: obs.conflicts_done })];
  const next = obs.event_track[obs.events_done];
  if (next) lines.push(t("Next: event {n}, {event}", { n: obs.events_done + 1, event: eventWords()[next] }));
  return lines;
}

/** The status line: events, Conflicts, who does what. */
export function status(view) {
  const obs = view.observation;
  if (view.finished || obs.phase === "over") {
    const text = view.result_text ? translateLine(view.result_text) : t("The game is over.");
    return obs.end_reason ? t("{result}: {reason}", { result: text, reason: translateLine(obs.end_reason) }) : text;
  }
  const who = obs.to_move === null ? "" : view.seats && view.seats[obs.to_move] ? translateLine(view.seats[obs.to_move].label) : t("Player {n}", { n: obs.to_move + 1 });
  return t("Event {events}/18 · Conflicts {conflicts}/5 · {who} {does}", { events: obs.events_done, conflicts: obs.conflicts_done, who, does: phaseWords(obs) });
}

/** The hint of the decision at hand; `tap`: said for a touch screen ("Tap…", its own message). */
function promptFor(obs, legal, tap) {
  const reveal = legal.hex.get("reveal").size ? (tap ? t(" Or reveal one of Bastet's face-down cats next to your figures (tap it).") : t(" Or reveal one of Bastet's face-down cats next to your figures (click it).")) : "";
  const ransom = legal.words.has("ransom") ? t(" Or buy back your Warrior trapped by Anubis (his board).") : "";
  switch (obs.phase) {
    case "turn":
      return (obs.turn && obs.turn.actions_taken
        ? (tap ? t("Tap a lower row of the action tracks for a second action, or end the turn.") : t("Click a lower row of the action tracks for a second action, or end the turn."))
        : (tap ? t("Tap a row of the action tracks: Move, Summon, Gain Followers or Unlock.") : t("Click a row of the action tracks: Move, Summon, Gain Followers or Unlock."))) + reveal;
    case "move-pick": return (tap ? t("Tap one of your figures (white rings) to move it, or Done.") : t("Click one of your figures (white rings) to move it, or Done."));
    case "move-to": return (tap ? t("Tap where the figure goes (highlighted spaces, up to 3 away).") : t("Click where the figure goes (highlighted spaces, up to 3 away)."));
    case "push": return (tap ? t("Tap where the pushed figure goes.") : t("Click where the pushed figure goes."));
    case "aim": return (tap ? t("Tap a red corner of the Scorpion's space: it aims at the two sides meeting there.") : t("Click a red corner of the Scorpion's space: it aims at the two sides meeting there."));
    case "summon": case "pyramid-summon":
      if (legal.put.size > 1) return (tap ? t("Choose the figure below, then tap a highlighted space.") : t("Choose the figure below, then click a highlighted space.")) + ransom;
      return (legal.hex.get("pyramid").size ? (tap ? t("Tap a highlighted space to summon, or a Pyramid for an extra summon.") : t("Click a highlighted space to summon, or a Pyramid for an extra summon.")) : (tap ? t("Tap a highlighted space to summon the figure.") : t("Click a highlighted space to summon the figure."))) + ransom;
    case "hathor-place":
      return godPhases(tap)[obs.phase][1] + ransom;
    case "unlock": return (tap ? t("Tap a power of your board (highlighted) to unlock it.") : t("Click a power of your board (highlighted) to unlock it."));
    case "claim": return (tap ? t("Tap the Monument to take control of.") : t("Click the Monument to take control of."));
    case "camel": return (tap ? t("Tap a highlighted hex side to lay the next camel.") : t("Click a highlighted hex side to lay the next camel."));
    case "keep": return (tap ? t("Tap a space of the new region that keeps the old Conflict Order token.") : t("Click a space of the new region that keeps the old Conflict Order token."));
    case "swap": return (tap ? t("Tap a new region's token, then the token to swap it with — or keep them.") : t("Click a new region's token, then the token to swap it with — or keep them."));
    case "obelisk-pick": return (tap ? t("Tap a figure to move next to your Obelisk, or Done.") : t("Click a figure to move next to your Obelisk, or Done."));
    case "obelisk-to": return (tap ? t("Tap the space next to your Obelisk.") : t("Click the space next to your Obelisk."));
    case "card": return (tap ? t("Tap a Battle card of your hand (your board) to play it; the others see it only at the reveal.") : t("Click a Battle card of your hand (your board) to play it; the others see it only at the reveal."));
    case "build": return legal.build.size > 1 ? (tap ? t("Choose the Monument below, then tap a space of the region.") : t("Choose the Monument below, then click a space of the region.")) : (tap ? t("Tap a space of the region to build on.") : t("Click a space of the region to build on."));
    case "bid": return t("Bid Followers in secret:");
    case "mummy": return (tap ? t("Tap where the Mummy returns (next to your God).") : t("Click where the Mummy returns (next to your God)."));
    case "tiebreak": return t("The battle is tied: use the tie-breaker token?");
    case "worship": return t("Worshipful: sacrifice 2 Followers for 1 Devotion?");
    case "adopt": return (tap ? t("Tap a Guardian of the minor god to keep it, or choose one from its pool.") : t("Click a Guardian of the minor god to keep it, or choose one from its pool."));
    default: return godPhases(tap)[obs.phase] ? godPhases(tap)[obs.phase][1] : t("Choose from the list of legal actions.");
  }
}

const doneWords = () => ({
  "move-pick": t("Done moving"),
  camel: t("Lay no camels"),
  "obelisk-pick": t("Done (no more figures)"),
  adopt: t("Done (the others leave)"),
  "isis-save": t("Done (the others die)"),
  "horus-eye": t("Done (no more Eyes)"),
});

/** The picture of a figure kind for a button of the control bar (decorative: the words name it). */
function kindPicture(kind, seat) {
  const own = seat === null || seat === undefined ? 0 : seat;
  const piece = kind === "warrior" ? art.warrior(own, 13, 13, 24) : art.guardian(kind, own, 13, 13, 25);
  return svg("svg", { class: "kind-picture", width: 26, height: 26, viewBox: "0 0 26 26", "aria-hidden": "true", focusable: "false" }, piece);
}

function controlsFor(obs, ctx, legal) {
  const controls = [];
  const button = (action, words, cls) => el("button", { class: cls || null, "data-action": action, on: { click: () => { selection = null; ctx.play(action); } } }, words);
  if (legal.put.size > 1) {
    const current = summonKind(legal);
    for (const kind of legal.put.keys()) {
      const chosen = kind === current;
      controls.push(el("button", {
        class: chosen ? null : "secondary", "data-summon-kind": kind, "data-focus-key": `ankh-summon-kind-${kind}`, "aria-pressed": chosen ? "true" : "false",
        on: { click: () => { selection = { ...selectionKey(ctx), kind: "summon", value: kind }; ctx.rerender(); } },
      }, kindPicture(kind, obs.god), kindNames()[kind]));
    }
  }
  if (legal.build.size > 1) {
    const current = buildKind(legal);
    for (const kind of legal.build.keys()) {
      const chosen = kind === current;
      controls.push(el("button", {
        class: chosen ? null : "secondary", "data-build-kind": kind, "data-focus-key": `ankh-build-kind-${kind}`, "aria-pressed": chosen ? "true" : "false",
        on: { click: () => { selection = { ...selectionKey(ctx), kind: "build", value: kind }; ctx.rerender(); } },
      }, kindNames()[kind]));
    }
  }
  if (legal.cat.size > 1) {
    const current = catKind(legal);
    for (const kind of legal.cat.keys()) {
      const chosen = kind === current;
      controls.push(el("button", {
        class: chosen ? null : "secondary", "data-cat-kind": kind, "data-focus-key": `ankh-cat-kind-${kind}`, "aria-pressed": chosen ? "true" : "false",
        on: { click: () => { selection = { ...selectionKey(ctx), kind: "cat", value: kind }; ctx.rerender(); } },
      }, t("The {cat}", { cat: catWords()[kind] })));
    }
  }
  for (const [god, action] of legal.trap) controls.push(button(action, t("Trap a Warrior of {god}", { god: godTitle(obs, god) })));
  for (const [n, action] of legal.bid) controls.push(button(action, t("Bid {n}", { n })));
  // the sides in the page's words (the log's: netjer.games.ankh.terms.AIM_WORDS), "aim NE-SE" as typed
  for (const [, action] of legal.aim) controls.push(button(action, t("Aim {sides}", { sides: translateLine(action.slice(4), "ankh") }), "secondary"));
  for (const [kind, action] of legal.adoptKind) controls.push(button(action, t("Keep a {kind}", { kind: kindNames()[kind] || kind })));
  for (const word of Object.keys(wordButtons())) {
    if (!legal.words.has(word)) continue;
    const words = word === "done" ? doneWords()[obs.phase] || wordButtons().done : wordButtons()[word];
    controls.push(button(word, words, word === "end" || word.startsWith("no") ? "secondary" : null));
  }
  if (selection && selection.kind === "swap") controls.push(el("button", { class: "secondary", "data-focus-key": "ankh-cancel-selection", on: { click: () => { selection = null; ctx.rerender(); } } }, t("Cancel selection")));
  return controls;
}

// ---------- what changed between two views (the last-move marks, table.js) ----------

/** A figure's data-key: a God is one per seat ("figure:2:god"), so the same key follows it from
 * hex to hex (the table slides it); Warriors and Guardians carry no identity in the observation,
 * so theirs names the hex ("figure:2:warrior:4,3"): a moved one fades out and appears. */
function figureKey(piece) {
  return piece.kind === "god" ? `figure:${piece.owner}:god` : `figure:${piece.owner}:${piece.kind}:${piece.hex}`;
}

/** Every data-key of the board drawn for ``obs`` with what it shows, as Map(key -> signature):
 * the hexes (what stands on each), the figures, Monuments, camels, Conflict Order tokens, the
 * gods' marks on the map, and the markers of the tracks. Only what ``obs`` (one seat's
 * observation) holds goes in: a face-down cat's signature is "down" for everyone, even for
 * Bastet, whose view knows its value. */
function boardKeys(obs) {
  const keys = new Map();
  const onHex = new Map();
  const add = (hex, what) => { if (!onHex.has(hex)) onHex.set(hex, []); onHex.get(hex).push(what); };
  for (const p of obs.pieces) {
    if (MONUMENTS.includes(p.kind)) keys.set(`monument:${p.hex}`, `${p.kind}:${p.owner}`);
    else keys.set(figureKey(p), `${p.hex}:${p.aim || ""}`);
    add(p.hex, `${p.kind}:${p.owner}:${p.aim || ""}`);
  }
  for (const e of obs.camels) {
    const [a, b] = parseEdge(e);
    keys.set(`camel:${HEXES[a].name}|${HEXES[b].name}`, "laid");
  }
  for (const reg of obs.regions) keys.set(`token:${reg.token}`, reg.first_hex);
  const powers = obs.god_powers || {};
  if (powers.osiris) for (const hex of powers.osiris.underworld) { keys.set(`underworld:${hex}`, "on"); add(hex, "underworld"); }
  if (powers.ra) for (const hex of powers.ra.radiant) { keys.set(`radiant:${hex}`, "on"); add(hex, "radiant"); }
  if (powers.seth) for (const hex of powers.seth.controls) { keys.set(`seth:${hex}`, "on"); add(hex, "seth"); }
  if (powers.bastet) {
    for (const hex of powers.bastet.face_down_on_board) { keys.set(`cat:${hex}`, "down"); add(hex, "cat:down"); }
    for (const c of powers.bastet.face_up) if (INDEX.has(c.at)) { keys.set(`cat:${c.at}`, `up:${c.cat}`); add(c.at, `cat:up:${c.cat}`); }
  }
  if (powers.horus) for (const token of powers.horus.eyes_on_regions || []) keys.set(`eye:${token}`, "on");
  for (const hx of HEXES) keys.set(`hex:${hx.name}`, (onHex.get(hx.name) || []).sort().join(","));
  for (const track of obs.action_tracks) keys.set(`marker:${track.action}`, String(track.marker));
  keys.set("marker:events", String(obs.events_done));
  for (const info of obs.gods) keys.set(`devotion:${info.god}`, String(info.devotion));
  return keys;
}

/**
 * The data-keys of the board elements that differ between two views of the same seat:
 * added, removed, or showing something else (a figure on another hex, a Monument with another
 * controller, a cat turned face up). ``prevView`` and ``view`` are the table's views
 * ({observation, ...}); a null ``prevView`` changes nothing. Returns a Set of data-keys.
 */
export function changedKeys(prevView, view) {
  const out = new Set();
  if (!prevView || !view || !prevView.observation || !view.observation) return out;
  const before = boardKeys(prevView.observation);
  const after = boardKeys(view.observation);
  for (const [key, what] of after) if (before.get(key) !== what) out.add(key);
  for (const key of before.keys()) if (!after.has(key)) out.add(key);
  return out;
}

// ---------- the whole board ----------

function defs() {
  return svg("defs", {}, art.backPattern());
}

/**
 * Draw the board for ``view``. ctx: {table, seat, version, actions: Set, play(text), rerender(), narrow}.
 * Returns {board, controls, prompt}.
 */
export function render(view, ctx) {
  const obs = view.observation;
  const key = selectionKey(ctx);
  if (selection && (selection.table !== key.table || selection.seat !== key.seat || selection.version !== key.version)) selection = null;
  if (!ctx.actions.size) selection = null;
  const legal = parseLegal(ctx.actions);
  const L = layout(obs, ctx.narrow);
  const geo = hexGeometry(L);
  const regions = regionMap(obs.camels);
  regions.byToken = new Map(obs.regions.map((r) => [r.token, regions.regionOf[INDEX.get(r.first_hex)]]));

  const root = svg("svg", { class: "board ankh", viewBox: `0 0 ${L.W} ${L.H}`, role: "group", "aria-label": t("Ankh board"), "data-layout": ctx.narrow ? "narrow" : "wide", "data-phase": obs.phase });
  root.append(defs());
  root.append(svg("rect", { width: L.W, height: L.H, fill: PAPER }));
  const parts = { map: [drawMap(obs, ctx, legal, L, geo, regions), drawFooter(obs, ctx, L)], gods: [] };
  parts.tracks = [drawTracks(obs, ctx, legal, L.tracks), obs.battle ? drawBattle(obs, ctx, L.middle) : drawTurn(obs, L.middle)];
  // every god's board in full when they fit, else yours in full and the others compact
  let gy = L.gods.y;
  const slots = obs.guardian_slots || [];
  obs.gods.forEach((info, i) => {
    const { h, compact } = L.gods.boards[i];
    parts.gods.push({ info, y: gy, h, g: drawGod(obs, ctx, legal, info, { x: L.gods.x, y: gy, w: L.gods.w, h }, slots, compact) });
    gy += h + L.gods.gap;
  });
  parts.devotion = [drawDevotion(obs, L.devotion)];
  const board = ctx.narrow ? fold(obs, ctx, root, L, parts, legal) : root;
  if (!ctx.narrow) root.append(...parts.map, ...parts.tracks, ...parts.gods.map((p) => p.g), ...parts.devotion);
  nameElements(board);
  raiseSmallText(board);

  let prompt = "";
  let controls = [];
  if (ctx.actions.size) {
    prompt = promptFor(obs, legal, tapping(ctx.narrow));
    controls = controlsFor(obs, ctx, legal);
  }
  return { board, controls, prompt };
}

/** Each keyed board element without a name is named by its tooltip (role img), so that a
 * screen reader has a name for everything a last-move mark can land on. */
function nameElements(root) {
  for (const node of root.querySelectorAll("[data-key]")) {
    if (node.getAttribute("aria-label")) continue;
    const title = [...node.children].find((c) => c.tagName === "title");
    if (!title) continue;
    node.setAttribute("aria-label", title.textContent);
    if (!node.getAttribute("role")) node.setAttribute("role", "img");
  }
}

// ---------- a phone: the map, then the tracks, each god board and Devotion as tabs below it ----------

let foldTab = "tracks";
let tracksShownAt = null; // the position ("table/seat/version") at which the tracks were brought up

/** The narrow layout folded: the map (with its legend) alone in `root`, and below it a tab list
 * whose panels each show one part of the same drawing (its own viewBox onto the layout). When the
 * seat is to choose an action row, the tracks come first, under the prompt that names them (and
 * their tab is selected once for that position; the player may open another). */
function fold(obs, ctx, root, L, parts, legal) {
  const choosingRow = legal.rows.size > 0;
  const position = `${ctx.table}/${ctx.seat}/${ctx.version}`;
  if (choosingRow && tracksShownAt !== position) {
    tracksShownAt = position;
    foldTab = "tracks";
  }
  root.append(...parts.map);
  root.setAttribute("viewBox", `0 0 ${L.W} ${L.tracks.y - 4}`);
  const panel = (key, label, groups, x, y, w, h) => {
    const part = svg("svg", { class: "board ankh ankh-part", viewBox: `${x} ${y} ${w} ${h}`, role: "group", "aria-label": label, "data-part": key });
    part.append(svg("rect", { x, y, width: w, height: h, fill: PAPER }), ...groups);
    return { key, label, part };
  };
  const tabs = [panel("tracks", t("Tracks"), parts.tracks, 0, L.tracks.y - 4, L.W, L.gods.y - L.tracks.y + 2)];
  for (const p of parts.gods) tabs.push(panel(`god-${p.info.god}`, godName(obs, p.info.god), [p.g], 0, p.y - 3, L.W, p.h + 6));
  tabs.push(panel("devotion", t("Devotion"), parts.devotion, 0, L.devotion.y - 3, L.W, L.devotion.h + 6));
  if (!tabs.some((tab) => tab.key === foldTab)) foldTab = "tracks";
  const list = el("div", { class: "fold-tabs", role: "tablist", "aria-label": t("Tracks and god boards") });
  const panels = [];
  for (const tab of tabs) {
    const selected = tab.key === foldTab;
    list.append(el("button", { type: "button", role: "tab", id: `fold-tab-${tab.key}`, "aria-selected": selected ? "true" : "false", "aria-controls": `fold-${tab.key}`, "data-tab": tab.key, "data-focus-key": `fold-tab-${tab.key}`, class: selected ? "selected" : null,
      on: { click: () => { foldTab = tab.key; ctx.rerender(); } } }, tab.label));
    panels.push(el("div", { class: `fold-panel${selected ? "" : " hidden"}`, role: "tabpanel", id: `fold-${tab.key}`, "aria-labelledby": `fold-tab-${tab.key}` }, tab.part));
  }
  const fold = el("div", { class: "ankh-fold", "data-first": choosingRow ? "tracks" : "map" });
  if (choosingRow) fold.append(list, ...panels, root);
  else fold.append(root, list, ...panels);
  return fold;
}

/** Forget the selection (Escape). */
export function clearSelection() {
  const had = selection !== null;
  selection = null;
  return had;
}
