// Ankh's pieces, drawn for Netjer (issue 29): every picture the Ankh board uses, in one place.
//
// Our own drawings, not the publisher's: simple silhouettes and emblems made of a few paths,
// each drawn in a 100 × 100 box centred on (0, 0) and placed with translate + scale, so that
// one function draws a piece at any size. Every function returns an SVG <g> carrying
// data-art="<kind>" (tests/web/test_ankh_art_browser.py checks that the board uses every kind
// in ART_KINDS). Nothing is fetched: the pictures are these paths.
//
// Colours: a seat's colour is the page's custom property --seat-N (style.css, both themes)
// with the colour below as its fallback; a figure also has its seat's SHAPE (circle, square,
// diamond, pentagon, hexagon) so that the seats stay apart without colour.

import { svg } from "./common.js";

/** The seats' fallback colours and the ink drawn on them (style.css's --seat-N and --seat-ink-N
 * win when defined: the same light-theme values, chosen to stay apart under protanopia and
 * deuteranopia). */
export const SEAT_COLOURS = ["#d55e00", "#0072b2", "#2ba37f", "#f0c419", "#333333"];
export const SEAT_INKS = ["#ffffff", "#ffffff", "#ffffff", "#1f1a14", "#ffffff"];
/** The seats' shapes, so that a seat reads without colour. */
export const SEAT_SHAPES = ["circle", "square", "diamond", "pentagon", "hexagon"];

/** The CSS colour of seat ``seat`` (0-4): its custom property with the fallback. */
export function seatColour(seat) {
  const s = ((seat % 5) + 5) % 5;
  return `var(--seat-${s}, ${SEAT_COLOURS[s]})`;
}

/** The CSS colour of what is drawn on seat ``seat``'s colour (an emblem, a number). */
export function seatInk(seat) {
  const s = ((seat % 5) + 5) % 5;
  return `var(--seat-ink-${s}, ${SEAT_INKS[s]})`;
}

/** The Ankh deities that have a figure of their own (gods/base.py GOD_IDS), and "none" for a
 * game without god powers (the Ankh sign). */
export const DEITIES = ["amun", "anubis", "isis", "osiris", "ra", "bastet", "hathor", "thoth", "horus", "seth"];
export const GUARDIANS = ["cat-mummy", "satet", "mummy", "apep", "giant-scorpion", "androsphinx"];
export const MONUMENT_KINDS = ["obelisk", "temple", "pyramid"];

/** Every kind of picture this module draws (the values of data-art). */
export const ART_KINDS = [
  ...DEITIES.map((d) => `god-${d}`), "god-none", "warrior", ...GUARDIANS.map((k) => `guardian-${k}`),
  ...MONUMENT_KINDS.map((k) => `monument-${k}`), "camel", "conflict-token", "cat-up", "cat-down",
  "horus-eye", "underworld-token", "sun-token", "radiant", "thoth-scale", "trapped-warrior", "amun-token",
  "isis-shield", "seth-control", "ankh", "seat-token",
];

const INK = "#1d140b";
const LIGHT = "#fffaf0";
const GOLD = "#e0b040";
const BACK = "#5b3a1e";

/** A group drawn in the 100-unit box, placed at (cx, cy) with diameter ``size``. */
function placed(kind, cx, cy, size, attrs = {}) {
  const k = size / 100;
  return svg("g", { "data-art": kind, transform: `translate(${cx.toFixed(1)} ${cy.toFixed(1)}) scale(${k.toFixed(4)})`, ...attrs });
}

const path = (d, attrs) => svg("path", { d, "stroke-linejoin": "round", "stroke-linecap": "round", ...attrs });

/** The outline of a seat's shape of radius r (in box units) as an SVG element. */
function seatShape(seat, r, attrs) {
  const shape = SEAT_SHAPES[((seat % 5) + 5) % 5];
  const poly = (n, start, rr) => Array.from({ length: n }, (_, i) => {
    const a = start + (i * 2 * Math.PI) / n;
    return `${(rr * Math.cos(a)).toFixed(1)},${(rr * Math.sin(a)).toFixed(1)}`;
  }).join(" ");
  switch (shape) {
    case "square": return svg("rect", { x: -r * 0.88, y: -r * 0.88, width: r * 1.76, height: r * 1.76, rx: r * 0.22, ...attrs });
    case "diamond": return svg("polygon", { points: poly(4, -Math.PI / 2, r * 1.2), ...attrs });
    case "pentagon": return svg("polygon", { points: poly(5, -Math.PI / 2, r * 1.1), ...attrs });
    case "hexagon": return svg("polygon", { points: poly(6, 0, r * 1.04), ...attrs });
    default: return svg("circle", { r, ...attrs });
  }
}

// ---------- the gods ----------

// Each god's emblem, light on its seat's colour, inside the 100 box (about ±38).
const EMBLEMS = {
  // Ra: the sun disc with the cobra coiled at its foot
  ra: (ink, bg) => [
    svg("circle", { cy: -6, r: 21, fill: ink }),
    path("M-24,24 Q-10,34 4,26 Q14,20 22,26 M16,26 Q22,10 14,2", { fill: "none", stroke: ink, "stroke-width": 6 }),
  ],
  // Anubis: the jackal's tall pointed ears over a long narrow muzzle
  anubis: (ink, bg) => [
    path("M-24,-40 L-10,-12 L10,-12 L24,-40 L28,0 L12,14 L6,38 L-6,38 L-12,14 L-28,0 Z", { fill: ink }),
    svg("circle", { cx: -10, cy: -2, r: 3.5, fill: bg }), svg("circle", { cx: 10, cy: -2, r: 3.5, fill: bg }),
  ],
  // Isis: the throne she wears as her crown (a seat with a high back)
  isis: (ink, bg) => [
    path("M-24,38 L-24,-36 L-4,-36 L-4,8 L26,8 L26,38 Z", { fill: ink }),
    path("M-16,-28 L-16,30 M-4,18 L18,18", { fill: "none", stroke: bg, "stroke-width": 3, opacity: 0.5 }),
  ],
  // Osiris: the atef, a tall white crown between two feathers, on ram's horns
  osiris: (ink, bg) => [
    path("M-10,26 Q-14,-4 -6,-28 Q0,-44 6,-28 Q14,-4 10,26 Z", { fill: ink }),
    path("M-14,26 Q-30,-4 -22,-34 Q-14,-6 -12,26 Z M14,26 Q30,-4 22,-34 Q14,-6 12,26 Z", { fill: ink }),
    path("M-34,36 Q-20,22 0,30 Q20,22 34,36", { fill: "none", stroke: ink, "stroke-width": 6 }),
  ],
  // Amun: two tall plumes on a flat cap
  amun: (ink, bg) => [
    path("M-14,22 L-12,-44 Q-6,-48 -3,-42 L-2,22 Z M14,22 L12,-44 Q6,-48 3,-42 L2,22 Z", { fill: ink }),
    svg("rect", { x: -22, y: 22, width: 44, height: 14, rx: 3, fill: ink }),
  ],
  // Bastet: a cat's round face with short pointed ears
  bastet: (ink, bg) => [
    path("M-30,-36 L-14,-16 L14,-16 L30,-36 L32,4 Q30,34 0,36 Q-30,34 -32,4 Z", { fill: ink }),
    svg("ellipse", { cx: -11, cy: 2, rx: 4, ry: 6, fill: bg }), svg("ellipse", { cx: 11, cy: 2, rx: 4, ry: 6, fill: bg }),
    path("M-5,16 L0,21 L5,16 M-30,14 L-12,18 M30,14 L12,18", { fill: "none", stroke: bg, "stroke-width": 2.5 }),
  ],
  // Hathor: cow's horns holding the sun disc
  hathor: (ink, bg) => [
    svg("circle", { cy: -2, r: 16, fill: ink }),
    path("M0,30 Q-36,26 -34,-6 Q-33,-26 -20,-38 M0,30 Q36,26 34,-6 Q33,-26 20,-38", { fill: "none", stroke: ink, "stroke-width": 8 }),
  ],
  // Thoth: the ibis's small head and long curved beak
  thoth: (ink, bg) => [
    path("M8,38 L8,2 Q4,-34 20,-34 Q36,-34 32,-10 L22,38 Z", { fill: ink }),
    path("M10,-22 Q-20,-20 -36,22", { fill: "none", stroke: ink, "stroke-width": 7 }),
    svg("circle", { cx: 20, cy: -22, r: 3.5, fill: bg }),
  ],
  // Horus: the falcon's head with its hooked beak and the marking under the eye
  horus: (ink, bg) => [
    path("M22,38 L22,-2 Q22,-36 -6,-36 Q-26,-36 -32,-16 L-40,-6 Q-30,-10 -26,-4 L-12,-2 L-14,38 Z", { fill: ink }),
    svg("circle", { cx: -4, cy: -18, r: 4.5, fill: bg }),
    path("M-4,-12 L-8,8 M-2,-18 L12,-18", { fill: "none", stroke: bg, "stroke-width": 3.5 }),
  ],
  // Seth: the Set-animal's two flat-topped ears over a long curved snout
  seth: (ink, bg) => [
    path("M-14,-16 L-16,-36 L-26,-38 L-24,-44 L-6,-42 L-6,-16 Z M14,-16 L16,-36 L26,-38 L24,-44 L6,-42 L6,-16 Z", { fill: ink }),
    path("M-18,-16 L18,-16 Q24,0 12,10 Q4,20 -8,38 L-20,34 Q-10,16 -16,6 Q-24,-4 -18,-16 Z", { fill: ink }),
    svg("circle", { cx: 4, cy: -4, r: 3.5, fill: bg }),
  ],
  // a god without a deity (a game without god powers): the Ankh sign
  none: (ink) => ankhPaths(ink, 1),
};

function ankhPaths(fill, k) {
  return [
    svg("ellipse", { cy: -20 * k, rx: 13 * k, ry: 17 * k, fill: "none", stroke: fill, "stroke-width": 8 * k }),
    svg("rect", { x: -28 * k, y: -4 * k, width: 56 * k, height: 9 * k, rx: 2 * k, fill }),
    svg("rect", { x: -5 * k, y: -4 * k, width: 10 * k, height: 44 * k, rx: 2 * k, fill }),
  ];
}

/** A god's figure: a gold-rimmed token of its seat's shape and colour with the deity's emblem
 * (``deity`` one of DEITIES, or null for a game without god powers). */
export function godFigure(deity, seat, cx, cy, size, { ring = null } = {}) {
  const key = EMBLEMS[deity] ? deity : "none";
  const g = placed(`god-${key}`, cx, cy, size);
  g.append(svg("circle", { r: 50, fill: GOLD, stroke: "#6b4f10", "stroke-width": 3 }));
  g.append(seatShape(seat, 40, { fill: seatColour(seat), stroke: ring || INK, "stroke-width": ring ? 6 : 3 }));
  g.append(...EMBLEMS[key](seatInk(seat), seatColour(seat)));
  return g;
}

// ---------- Warriors and Guardians ----------

const WARRIOR = (ink) => [
  svg("circle", { cx: -4, cy: -24, r: 9, fill: ink }),
  path("M-16,-12 L8,-12 L12,14 L4,14 L6,38 L-6,38 L-6,18 L-12,38 L-22,38 L-14,14 L-20,14 Z", { fill: ink }),
  path("M22,-40 L22,38", { stroke: ink, "stroke-width": 5 }),
  path("M22,-46 L27,-34 L17,-34 Z", { fill: ink, stroke: ink, "stroke-width": 2 }),
];

/** A Warrior: its seat's shape and colour with a spearman on it. */
export function warrior(seat, cx, cy, size, { ring = null } = {}) {
  const g = placed("warrior", cx, cy, size);
  g.append(seatShape(seat, 44, { fill: seatColour(seat), stroke: ring || INK, "stroke-width": ring ? 7 : 4 }));
  g.append(...WARRIOR(seatInk(seat)));
  return g;
}

const GUARDIAN_EMBLEMS = {
  // a cat sitting, wrapped in bands
  "cat-mummy": (ink, bg) => [
    path("M-8,-38 L-2,-26 L8,-26 L14,-38 L16,-18 Q18,-4 10,0 Q24,14 20,38 L-20,38 Q-22,10 -6,-2 Q-14,-10 -10,-22 Z", { fill: ink }),
    path("M-16,14 L18,10 M-18,26 L20,22", { stroke: bg, "stroke-width": 3, opacity: 0.55 }),
  ],
  // Satet: the tall white crown between long antelope horns
  satet: (ink, bg) => [
    path("M-10,36 Q-14,0 -6,-26 Q0,-42 6,-26 Q14,0 10,36 Z", { fill: ink }),
    path("M-8,18 Q-34,4 -30,-36 M8,18 Q34,4 30,-36", { fill: "none", stroke: ink, "stroke-width": 6 }),
  ],
  // a wrapped mummy, upright
  mummy: (ink, bg) => [
    path("M0,-42 Q16,-42 16,-24 Q20,10 12,38 L-12,38 Q-20,10 -16,-24 Q-16,-42 0,-42 Z", { fill: ink }),
    path("M-15,-16 L15,-10 M-17,0 L17,6 M-16,16 L16,22 M-13,30 L13,34", { stroke: bg, "stroke-width": 3, opacity: 0.55 }),
  ],
  // Apep: the great serpent in coils
  apep: (ink, bg) => [
    path("M-34,30 Q-20,10 -4,24 Q12,38 22,18 Q30,0 10,-6 Q-12,-12 -2,-28 Q6,-40 22,-34", { fill: "none", stroke: ink, "stroke-width": 10 }),
    svg("circle", { cx: 24, cy: -34, r: 8, fill: ink }),
  ],
  // a scorpion: claws ahead, the tail curled over its back
  "giant-scorpion": (ink, bg) => [
    svg("ellipse", { cy: 8, rx: 12, ry: 20, fill: ink }),
    path("M0,26 Q2,40 18,36 Q34,30 30,8 Q26,-6 20,-4", { fill: "none", stroke: ink, "stroke-width": 6 }),
    path("M-8,-10 L-22,-26 L-30,-24 M-22,-26 L-20,-38 M8,-10 L22,-26 L30,-24 M22,-26 L20,-38 M-11,6 L-28,2 M-11,16 L-28,18 M11,6 L28,2 M11,16 L28,18", { fill: "none", stroke: ink, "stroke-width": 4.5 }),
  ],
  // the androsphinx: a lion lying down with a man's head in the striped headcloth
  androsphinx: (ink, bg) => [
    path("M-40,30 L-40,16 Q-30,4 -4,6 L24,6 L30,-16 Q20,-14 16,-2 Z", { fill: ink }),
    path("M14,-2 Q12,-32 26,-34 Q40,-32 38,-2 L42,14 L30,10 L24,16 Z", { fill: ink }),
    path("M-40,30 L38,30 L38,20 L-40,20 Z", { fill: ink }),
    path("M18,-20 L34,-20 M18,-10 L36,-10", { stroke: bg, "stroke-width": 3, opacity: 0.55 }),
  ],
};

/** A Guardian: its seat's shape and colour, a gold ring, and the creature's picture. */
export function guardian(kind, seat, cx, cy, size, { ring = null } = {}) {
  const g = placed(`guardian-${kind}`, cx, cy, size);
  // a Guardian's gold rim follows its seat's shape (a God's gold is a full disc behind it)
  g.append(seatShape(seat, 44, { fill: seatColour(seat), stroke: INK, "stroke-width": 14 }));
  g.append(seatShape(seat, 44, { fill: seatColour(seat), stroke: ring || GOLD, "stroke-width": 7 }));
  g.append(...(GUARDIAN_EMBLEMS[kind] || GUARDIAN_EMBLEMS.mummy)(seatInk(seat), seatColour(seat)));
  return g;
}

/** A small picture of a Guardian kind alone (the pool, the control bar): dark on the page. */
export function guardianIcon(kind, cx, cy, size) {
  const g = placed(`guardian-${kind}`, cx, cy, size);
  g.append(svg("circle", { r: 48, fill: "#6b4f10" }));
  g.append(...(GUARDIAN_EMBLEMS[kind] || GUARDIAN_EMBLEMS.mummy)(LIGHT, "#6b4f10"));
  return g;
}

// ---------- Monuments ----------

const MONUMENT_SHAPES = {
  obelisk: (fill, ink) => [
    path("M-12,-30 L0,-46 L12,-30 L16,40 L-16,40 Z", { fill, stroke: INK, "stroke-width": 3.5 }),
    path("M-12,-30 L12,-30 M-2,-14 L-2,28", { fill: "none", stroke: ink, "stroke-width": 2.5, opacity: 0.6 }),
  ],
  temple: (fill, ink) => [
    path("M-44,40 L-38,-26 L-8,-26 L-8,40 Z M44,40 L38,-26 L8,-26 L8,40 Z", { fill, stroke: INK, "stroke-width": 3.5 }),
    path("M-10,-14 L10,-14 L10,40 L-10,40 Z", { fill, stroke: INK, "stroke-width": 3.5 }),
    path("M-36,-14 L-12,-14 M12,-14 L36,-14 M-4,40 L-4,8 L4,8 L4,40", { fill: "none", stroke: ink, "stroke-width": 3, opacity: 0.7 }),
  ],
  pyramid: (fill, ink) => [
    path("M0,-40 L48,38 L-48,38 Z", { fill, stroke: INK, "stroke-width": 3.5 }),
    path("M0,-40 L12,38 L48,38 Z", { fill: ink, opacity: 0.25 }),
  ],
};

/** A Monument (``kind`` obelisk, temple or pyramid): stone when neutral, else its controller's
 * colour (``owner`` a seat or null). */
export function monument(kind, owner, cx, cy, size) {
  const g = placed(`monument-${kind}`, cx, cy, size);
  const fill = owner === null || owner === undefined ? "#e9dcc0" : seatColour(owner);
  const ink = owner === null || owner === undefined ? "#6b5a3a" : LIGHT;
  g.append(...MONUMENT_SHAPES[kind](fill, ink));
  return g;
}

/** A god's small token (its seat's shape and colour): a controller's mark, a seat on a track. */
export function seatToken(seat, cx, cy, size, { ring = null } = {}) {
  const g = placed("seat-token", cx, cy, size);
  g.append(seatShape(seat, 40, { fill: seatColour(seat), stroke: ring || LIGHT, "stroke-width": ring ? 10 : 8, "paint-order": "stroke" }));
  g.append(seatShape(seat, 46, { fill: "none", stroke: INK, "stroke-width": 6 }));
  return g;
}

// ---------- camels, Conflict Order tokens ----------

/** A camel (a caravan's mark on a hex side). */
export function camel(cx, cy, size, { fresh = false } = {}) {
  const g = placed("camel", cx, cy, size);
  const fill = fresh ? "#ff8f00" : "#8a5a2b";
  g.append(svg("circle", { r: 46, fill: "#f3e2bd", stroke: INK, "stroke-width": 4 }));
  g.append(path("M-30,6 Q-30,-12 -14,-12 Q-8,-30 4,-18 Q10,-10 16,-12 L22,-30 L34,-30 L36,-22 L28,-22 L24,0 Q22,12 14,12 L14,32 L8,32 L8,14 L-10,14 L-12,32 L-18,32 L-18,12 Q-26,12 -30,6 Z", { fill, stroke: INK, "stroke-width": 2.5 }));
  return g;
}

/** A Conflict Order token with its number; ``battle`` fills it red for the region in battle. */
export function conflictToken(n, cx, cy, size, { battle = false, next = false } = {}) {
  const g = placed("conflict-token", cx, cy, size);
  g.append(svg("circle", { r: 48, fill: battle ? "#b71c1c" : "#fff3d0", stroke: next ? "#e65100" : INK, "stroke-width": next ? 9 : 5 }));
  g.append(svg("circle", { r: 38, fill: "none", stroke: battle ? "#ffd7d0" : "#b08a3e", "stroke-width": 3 }));
  g.append(svg("text", { y: 20, "text-anchor": "middle", "font-size": 58, "font-weight": 800, fill: battle ? "#fff" : INK, text: String(n) }));
  return g;
}

// ---------- the gods' components ----------

const CAT_VALUE = { plus1: "+1", plus3: "+3", star: "★" };

/** One of Bastet's cats: ``face`` "up" (its value shown), "known" (face down, seen by Bastet
 * alone: the value in a dashed outline) or "back" (face down: no value anywhere). */
export function cat(face, value, cx, cy, size) {
  const up = face === "up";
  const g = placed(up ? "cat-up" : "cat-down", cx, cy, size);
  const d = "M-42,40 L-42,-16 L-30,-46 L-12,-24 L12,-24 L30,-46 L42,-16 L42,40 Z";
  const fill = face === "back" ? "url(#ankh-back)" : face === "known" ? "#fde9b8" : LIGHT;
  g.append(path(d, { fill, stroke: INK, "stroke-width": 5, "stroke-dasharray": face === "known" ? "10 5" : null }));
  if (face === "back") {
    // the back: a question mark, the same on every cat
    g.append(svg("text", { y: 28, "text-anchor": "middle", "font-size": 62, "font-weight": 800, fill: "#f6e7c8", text: "?" }));
  } else {
    g.append(svg("text", { y: 28, "text-anchor": "middle", "font-size": 62, "font-weight": 800, fill: INK, text: CAT_VALUE[value] || "?" }));
  }
  return g;
}

/** An Eye of Horus (the wedjat): ``free`` on his board, else placed on a region. */
export function horusEye(cx, cy, size, { free = true } = {}) {
  const g = placed("horus-eye", cx, cy, size);
  g.append(svg("circle", { r: 48, fill: free ? "#e3f2fd" : LIGHT, stroke: "#0d2a4a", "stroke-width": 4, "stroke-dasharray": free ? null : "8 5" }));
  g.append(path("M-36,-4 Q0,-30 36,-4 Q0,18 -36,-4 Z", { fill: LIGHT, stroke: "#0d2a4a", "stroke-width": 5 }));
  g.append(svg("circle", { cy: -6, r: 9, fill: "#0d2a4a" }));
  g.append(path("M-34,-22 Q0,-40 36,-20", { fill: "none", stroke: "#0d2a4a", "stroke-width": 6 }));
  g.append(path("M-6,10 L-12,34 M8,8 Q20,30 32,22 Q36,16 30,14", { fill: "none", stroke: "#0d2a4a", "stroke-width": 5 }));
  return g;
}

/** An Underworld token of Osiris: the star in a circle (the Duat); ``inSupply`` solid, else an outline. */
export function underworldToken(cx, cy, size, { inSupply = true } = {}) {
  const g = placed("underworld-token", cx, cy, size);
  const fg = inSupply ? "#e5d4ff" : "#3c2a4d";
  g.append(svg("circle", { r: 46, fill: inSupply ? "#3c2a4d" : LIGHT, stroke: "#3c2a4d", "stroke-width": 5, "stroke-dasharray": inSupply ? null : "9 6" }));
  const star = Array.from({ length: 10 }, (_, i) => {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const r = i % 2 ? 12 : 30;
    return `${(r * Math.cos(a)).toFixed(1)},${(r * Math.sin(a)).toFixed(1)}`;
  }).join(" ");
  g.append(svg("polygon", { points: star, fill: fg }));
  return g;
}

function sunRays(r) {
  return Array.from({ length: 16 }, (_, i) => {
    const a = (i * Math.PI) / 8 - Math.PI / 2;
    const rr = i % 2 ? r * 0.62 : r;
    return `${(rr * Math.cos(a)).toFixed(1)},${(rr * Math.sin(a)).toFixed(1)}`;
  }).join(" ");
}

/** One of Ra's Sun tokens: ``free`` (on his board) gold, else an outline (its figure is Radiant). */
export function sunToken(cx, cy, size, { free = true } = {}) {
  const g = placed("sun-token", cx, cy, size);
  g.append(svg("polygon", { points: sunRays(48), fill: free ? "#f9c80e" : LIGHT, stroke: free ? "#6b4a00" : "#a08660", "stroke-width": 4, "stroke-dasharray": free ? null : "6 4" }));
  if (free) g.append(svg("circle", { r: 17, fill: "#fff3c4", stroke: "#6b4a00", "stroke-width": 3 }));
  return g;
}

/** Ra's Radiant mark on a figure: a Sun token with a glowing halo. */
export function radiant(cx, cy, size) {
  const g = placed("radiant", cx, cy, size);
  g.append(svg("circle", { r: 50, fill: "#fff3c4", opacity: 0.85 }));
  g.append(svg("polygon", { points: sunRays(46), fill: "#f9c80e", stroke: "#6b4a00", "stroke-width": 4 }));
  g.append(svg("circle", { r: 15, fill: "#c62828", stroke: "#6b4a00", "stroke-width": 3 }));
  return g;
}

/** Thoth's scale (a balance). */
export function thothScale(cx, cy, size) {
  const g = placed("thoth-scale", cx, cy, size, { fill: "none", stroke: INK, "stroke-width": 5, "stroke-linecap": "round" });
  g.append(path("M0,-40 L0,38 M-22,38 L22,38 M-40,-26 L40,-26"));
  g.append(path("M-46,6 Q-36,24 -26,6 Z M26,6 Q36,24 46,6 Z", { fill: "#e9d8a6" }));
  g.append(path("M-40,-26 L-46,6 M-40,-26 L-26,6 M40,-26 L26,6 M40,-26 L46,6", { "stroke-width": 3 }));
  return g;
}

/** A Warrior of seat ``seat`` trapped by Anubis: the Warrior behind bars. */
export function trappedWarrior(seat, cx, cy, size) {
  const g = placed("trapped-warrior", cx, cy, size);
  g.append(seatShape(seat, 44, { fill: seatColour(seat), stroke: INK, "stroke-width": 4 }));
  g.append(...WARRIOR(seatInk(seat)));
  g.append(path("M-28,-44 L-28,44 M-10,-48 L-10,48 M10,-48 L10,48 M28,-44 L28,44", { stroke: INK, "stroke-width": 6 }));
  return g;
}

/** Amun's token: ``up`` (two plumes, two cards in one Battle of this Conflict) or down (its back). */
export function amunToken(cx, cy, size, { up = true } = {}) {
  const g = placed("amun-token", cx, cy, size, { "data-face": up ? "up" : "down" });
  g.append(svg("circle", { r: 48, fill: up ? "#f2c14e" : "url(#ankh-back)", stroke: INK, "stroke-width": 5 }));
  if (up) {
    g.append(path("M-12,20 L-10,-36 Q-5,-40 -2,-36 L-1,20 Z M12,20 L10,-36 Q5,-40 2,-36 L1,20 Z", { fill: INK }));
    g.append(svg("rect", { x: -18, y: 20, width: 36, height: 10, rx: 2, fill: INK }));
  }
  return g;
}

/** Isis's mark on a Protected figure: a shield in her colour with the Ankh. */
export function isisShield(seat, cx, cy, size) {
  const g = placed("isis-shield", cx, cy, size);
  g.append(path("M-40,-42 L40,-42 L40,0 Q40,32 0,48 Q-40,32 -40,0 Z", { fill: seatColour(seat), stroke: INK, "stroke-width": 5 }));
  g.append(...ankhPaths(LIGHT, 0.62));
  return g;
}

/** Seth's mark on a figure he controls in this Conflict: his ears on a dashed ring. */
export function sethControl(seat, cx, cy, size) {
  const g = placed("seth-control", cx, cy, size);
  g.append(svg("circle", { r: 46, fill: seatColour(seat), stroke: INK, "stroke-width": 4 }));
  g.append(...EMBLEMS.seth(seatInk(seat), seatColour(seat)).map((node) => { node.setAttribute("transform", "scale(0.8)"); return node; }));
  return g;
}

/** The Ankh sign (an Ankh token of a god's dashboard): ``used`` shows it faded. */
export function ankh(cx, cy, size, { used = false, fill = "#f2c14e" } = {}) {
  const g = placed("ankh", cx, cy, size, { opacity: used ? 0.35 : 1 });
  g.append(svg("circle", { r: 48, fill, stroke: "#6b4f10", "stroke-width": 4 }));
  g.append(...ankhPaths("#5b3b00", 0.72));
  return g;
}

/** The pattern of a face-down piece or card (fill="url(#ankh-back)"): put once in the SVG's defs. */
export function backPattern() {
  return svg("pattern", { id: "ankh-back", width: 8, height: 8, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
    svg("rect", { width: 8, height: 8, fill: BACK }),
    svg("rect", { width: 3, height: 8, fill: "#7a5230" }));
}

/** Every piece side by side with its kind's name: a sheet for reviewers (and the art test). */
export function gallery() {
  const cell = 130;
  const perRow = 6;
  const root = svg("svg", { class: "ankh-gallery", viewBox: `0 0 ${perRow * cell} ${Math.ceil(ART_KINDS.length / perRow) * cell}`, role: "img", "aria-label": "Ankh pieces" });
  root.append(svg("defs", {}, backPattern()));
  ART_KINDS.forEach((kind, i) => {
    const cx = (i % perRow) * cell + cell / 2;
    const cy = Math.floor(i / perRow) * cell + cell / 2 - 8;
    const seat = i % 5;
    let piece;
    if (kind.startsWith("god-")) piece = godFigure(kind.slice(4), seat, cx, cy, 56);
    else if (kind.startsWith("guardian-")) piece = guardian(kind.slice(9), seat, cx, cy, 52);
    else if (kind.startsWith("monument-")) piece = monument(kind.slice(9), i % 2 ? seat : null, cx, cy, 56);
    else {
      piece = {
        warrior: () => warrior(seat, cx, cy, 48), camel: () => camel(cx, cy, 48), "conflict-token": () => conflictToken(3, cx, cy, 48),
        "cat-up": () => cat("up", "plus3", cx, cy, 48), "cat-down": () => cat("back", null, cx, cy, 48), "horus-eye": () => horusEye(cx, cy, 48),
        "underworld-token": () => underworldToken(cx, cy, 48), "sun-token": () => sunToken(cx, cy, 48), radiant: () => radiant(cx, cy, 48),
        "thoth-scale": () => thothScale(cx, cy, 48), "trapped-warrior": () => trappedWarrior(seat, cx, cy, 48), "amun-token": () => amunToken(cx, cy, 48),
        "isis-shield": () => isisShield(seat, cx, cy, 48), "seth-control": () => sethControl(seat, cx, cy, 48), ankh: () => ankh(cx, cy, 48),
        "seat-token": () => seatToken(seat, cx, cy, 40),
      }[kind]();
    }
    root.append(piece, svg("text", { x: cx, y: cy + 40, "text-anchor": "middle", "font-size": 11, fill: INK, text: kind }));
  });
  return root;
}
