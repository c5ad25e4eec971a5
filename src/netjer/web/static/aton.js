// Aton drawn as SVG from one seat's observation (docs/rules/aton.md §1-2, src/netjer/drawings/aton.py).
//
// Netjer's own drawings (issue 29): each temple is a pylon gateway, Red's stones are pyramids
// (triangles) and Blue's are sun discs (circles), so shape tells them apart as well as the
// seat colour; each square kind has its colour, a glyph and its letter (Y, G, K, B, +1, +2), so
// the board reads without colour. The cartouches are drawn as cartouches (an oval ring tied at
// its foot). Every colour is a custom property of style.css (light and dark themes).
//
// Clicking a highlighted square plays "place TK"/"remove TK" (squares of one kind in one temple
// are interchangeable, so the action names temple and kind); clicking a hand card plays "assign V".
//
// data-key names what an element stands for, the same in every drawing (table.js marks and
// animates the changed ones): "sq-T-I" a square, "stone-T-I" the stone on it, "score-P" a score
// marker, "kingdom-N" the Nth stone of the Kingdom of the Dead, "cartouche-P-I" a cartouche's card.
// None names a hidden card's value.

import { el, svg, svgButton, t, tn, translateLine } from "./common.js";
import { tapping } from "./phone.js";

// Two arrangements of the same pieces: wide (temples in a row) and narrow (2 x 2, stacked), the
// narrow one drawn at a phone's width so that its text (13 units) and buttons (40 units) are
// legible without zooming.
const LAYOUTS = {
  wide: {
    W: 960, H: 644, trackX: 70, trackY: 30, cell: 21, labelEvery: 5, marker: 9, font: 12, small: 11, pitch: 52, sq: 46,
    templeW: 222, templeH: 214, temple: (t) => ({ x: 22 + t * 238, y: 84 }),
    kingdomY: 314, kingdomX: 120, slot: 46, orderAt: [570, 342], wordsAt: [120, 378],
    player: (p) => ({ x: 12 + p * 474, y: 390 }), playerW: 462, playerH: 242,
    // labelMin: the least font size fitTexts may give a card's words (a phone's stays legible)
    card: { w: 50, h: 66 }, labelMin: 9, cartAt: [14, 78], cartPitch: 58, handAt: [246, 78], handPitch: 51, pileY: 182,
  },
  narrow: {
    W: 372, H: 1370, trackX: 62, trackY: 30, cell: 7.3, labelEvery: 10, marker: 7, font: 13, small: 13, pitch: 42, sq: 40,
    templeW: 178, templeH: 190, temple: (t) => ({ x: 8 + (t % 2) * 186, y: 72 + Math.floor(t / 2) * 198 }),
    kingdomY: 470, kingdomX: 8, slot: 45, orderAt: [8, 570], wordsAt: [8, 552],
    player: (p) => ({ x: 8, y: 582 + p * 392 }), playerW: 356, playerH: 384,
    // the cartouches across the panel's width, wider than the hand's cards: their role under
    // each ("Reihenfolge") and a face-down card's "verdeckt" ran together or were clipped at 56
    card: { w: 46, h: 62 }, labelMin: 13, cartW: 68, cartAt: [12, 80], cartPitch: 82, handAt: [12, 208], handPitch: 56, pileY: 288,
  },
};
const KIND_FILL = { Y: "var(--square-yellow)", G: "var(--square-green)", K: "var(--square-black)", B: "var(--square-blue)", "+1": "var(--square-bonus)", "+2": "var(--square-bonus)" };
const KIND_INK = { Y: "#4a3b00", G: "#102f0e", K: "#ffffff", B: "#0b2a55", "+1": "#3d1f00", "+2": "#3d1f00" };
const kindName = () => ({ Y: t("yellow"), G: t("green"), K: t("black"), B: t("blue"), "+1": t("bonus +1"), "+2": t("bonus +2") });
const STONE_FILL = ["var(--seat-0)", "var(--seat-1)"];
const STONE_SHAPE = ["triangle", "circle"];
// the rules texts' entry of each square kind (texts/en.toml)
const SQUARE_TERM = { Y: "yellow", G: "green", K: "black", B: "blue", "+1": "bonus", "+2": "bonus" };
const cartoucheRole = () => [t("score"), t("order"), t("temples"), t("stones")];

export const title = "Aton";

/** A stone: Red's a pyramid (a triangle with a lit face), Blue's a sun disc (a circle with a ring);
 * named after its seat ("Red stone"), since a screen reader cannot see its shape. */
function stone(cx, cy, owner, size = 14, key = null, name = "") {
  const fill = STONE_FILL[owner];
  const g = svg("g", { class: `stone stone-${owner}`, "data-stone": owner, "data-key": key, role: "img", "aria-label": t("{name} stone", { name }) });
  if (STONE_SHAPE[owner] === "triangle") {
    const top = `${cx},${cy - size}`;
    const right = `${cx + size * 1.05},${cy + size * 0.8}`;
    const left = `${cx - size * 1.05},${cy + size * 0.8}`;
    g.append(svg("polygon", { points: `${top} ${right} ${left}`, fill: "none", stroke: "#111", "stroke-width": 5, "stroke-linejoin": "round" }));
    g.append(svg("polygon", { points: `${top} ${right} ${left}`, fill, stroke: "#fff", "stroke-width": 2, "stroke-linejoin": "round" }));
    g.append(svg("polygon", { points: `${top} ${right} ${cx + size * 0.15},${cy + size * 0.8}`, fill: "#000", opacity: 0.18 }));
  } else {
    g.append(svg("circle", { cx, cy, r: size * 0.9, fill: "none", stroke: "#111", "stroke-width": 5 }));
    g.append(svg("circle", { cx, cy, r: size * 0.9, fill, stroke: "#fff", "stroke-width": 2 }));
    g.append(svg("circle", { cx, cy, r: size * 0.45, fill: "none", stroke: "#fff", "stroke-width": 1.5, opacity: 0.75 }));
  }
  return g;
}

/** The glyph of a square kind, drawn in its corner: a sun (yellow), a papyrus stem (green), a
 * scarab's back (black), water (blue); bonus squares carry their number instead. */
function kindGlyph(kind, x, y, s) {
  const ink = KIND_INK[kind];
  switch (kind) {
    case "Y":
      return svg("g", { opacity: 0.55 }, svg("circle", { cx: x, cy: y, r: s * 0.3, fill: "none", stroke: ink, "stroke-width": 1.5 }),
        svg("path", { d: [0, 1, 2, 3, 4, 5, 6, 7].map((i) => { const a = (i * Math.PI) / 4; return `M${x + Math.cos(a) * s * 0.42},${y + Math.sin(a) * s * 0.42} L${x + Math.cos(a) * s * 0.58},${y + Math.sin(a) * s * 0.58}`; }).join(" "), stroke: ink, "stroke-width": 1.5 }));
    case "G":
      return svg("path", { opacity: 0.5, d: `M${x},${y + s * 0.55} L${x},${y - s * 0.2} M${x},${y - s * 0.2} l${-s * 0.35},${-s * 0.3} M${x},${y - s * 0.2} l${s * 0.35},${-s * 0.3} M${x},${y - s * 0.2} l0,${-s * 0.38}`, stroke: ink, "stroke-width": 2, fill: "none", "stroke-linecap": "round" });
    case "K":
      return svg("g", { opacity: 0.45 }, svg("ellipse", { cx: x, cy: y + s * 0.1, rx: s * 0.32, ry: s * 0.42, fill: "none", stroke: ink, "stroke-width": 1.5 }),
        svg("path", { d: `M${x},${y - s * 0.32} L${x},${y + s * 0.52} M${x - s * 0.32},${y - s * 0.1} L${x + s * 0.32},${y - s * 0.1}`, stroke: ink, "stroke-width": 1.2 }));
    case "B":
      return svg("path", { opacity: 0.55, d: `M${x - s * 0.5},${y - s * 0.15} q${s * 0.125},-${s * 0.15} ${s * 0.25},0 t${s * 0.25},0 t${s * 0.25},0 t${s * 0.25},0 M${x - s * 0.5},${y + s * 0.2} q${s * 0.125},-${s * 0.15} ${s * 0.25},0 t${s * 0.25},0 t${s * 0.25},0 t${s * 0.25},0`, stroke: ink, "stroke-width": 1.6, fill: "none" });
    default:
      return null;
  }
}

function defs() {
  const back = svg(
    "pattern",
    { id: "aton-back", width: 12, height: 12, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
    svg("rect", { width: 12, height: 12, fill: "var(--card-back)" }),
    svg("rect", { width: 4, height: 12, fill: "#7a5230" }),
  );
  return svg("defs", {}, back);
}

/** The eye on a card's back: every back is alike, so it says nothing of the card. */
function cardBackEye(w, h) {
  const cx = w / 2;
  const cy = h / 2;
  const r = Math.min(w, h) * 0.22;
  return svg("g", {},
    svg("rect", { x: cx - r * 1.5, y: cy - r * 1.1, width: r * 3, height: r * 2.2, rx: r, fill: "var(--card-back)", stroke: "var(--card-back-line)", "stroke-width": 1.2 }),
    svg("path", { d: `M${cx - r * 1.2},${cy} Q${cx},${cy - r} ${cx + r * 1.2},${cy} Q${cx},${cy + r} ${cx - r * 1.2},${cy} Z`, fill: "none", stroke: "var(--card-back-line)", "stroke-width": 1.4 }),
    svg("circle", { cx, cy, r: r * 0.35, fill: "var(--card-back-line)" }));
}

/**
 * A card: a number face, a back ("hidden"), or an empty slot (null).
 * @param {number} x
 * @param {number} y
 * @param {number | "hidden" | null} value
 * @param {{w?: number, h?: number, label?: string, labelSize?: number, labelRoom?: number, labelMin?: number, highlight?: boolean,
 *   dataset?: Object<string, string>, faceDown?: boolean, key?: string | null}} [options]
 */
function card(x, y, value, { w = 50, h = 70, label, labelSize = 12, labelRoom = 0, labelMin = 12, highlight = false, dataset, faceDown = false, key = null } = {}) {
  const g = svg("g", { class: "card", transform: `translate(${x},${y})`, dataset, "data-key": key, role: "img" });
  // its name says what a seat may see: a back names no value, an own face-down card its value
  if (value === null || value === undefined) g.setAttribute("aria-label", t("empty card space"));
  else if (value === "hidden") g.setAttribute("aria-label", t("a face-down card"));
  else g.setAttribute("aria-label", faceDown ? t("card {value}, face down", { value }) : t("card {value}", { value }));
  if (value === null || value === undefined) {
    g.append(svg("rect", { width: w, height: h, rx: 6, fill: "#efe6d2", stroke: highlight ? "#d48a00" : "var(--line)", "stroke-width": highlight ? 3 : 1.5, "stroke-dasharray": "5 4" }));
    g.dataset.card = "empty";
  } else if (value === "hidden") {
    g.append(svg("rect", { width: w, height: h, rx: 6, fill: "url(#aton-back)", stroke: "#2e1d0d", "stroke-width": 2 }));
    g.append(svg("rect", { x: 5, y: 6, width: w - 10, height: h - 12, rx: 4, fill: "none", stroke: "var(--card-back-line)", "stroke-width": 1.5 }));
    if (w >= 40) g.append(cardBackEye(w, h));
    g.dataset.card = "back";
  } else {
    g.append(svg("rect", { class: "focus-ring", width: w, height: h, rx: 6, fill: "var(--card)", stroke: "#5b4630", "stroke-width": 2 }));
    // a face: the value large, and as many small pyramids as it counts
    g.append(svg("text", { x: w / 2, y: h / 2 + 8, "text-anchor": "middle", "font-size": Math.round(h * 0.46), "font-weight": 700, fill: "var(--card-ink)", text: value }));
    for (let i = 0; i < Number(value); i += 1) {
      const px = w / 2 + (i - (Number(value) - 1) / 2) * 9;
      g.append(svg("path", { d: `M${px - 3.5},${h - 8} l3.5,-6 l3.5,6 z`, fill: "#b8862b" }));
    }
    g.dataset.card = "face";
    g.dataset.value = String(value);
    if (faceDown) {
      // Your own card, still face down on the table: only you see its value.
      g.append(svg("rect", { x: 2, y: 2, width: w - 4, height: 17, rx: 3, fill: "#6b4f2a" }));
      g.append(svg("text", { x: w / 2, y: 15, "text-anchor": "middle", "font-size": labelSize, fill: "#fffaf0", "data-fit": w - 6, "data-fit-min": labelMin, text: t("hidden") }));
      g.dataset.faceDown = "true";
    }
  }
  // labelRoom: the width up to the next card's label (fitTexts draws a longer one narrower)
  if (label) g.append(svg("text", { class: "card-label", x: w / 2, y: h + labelSize + 8, "text-anchor": "middle", "font-size": labelSize, fill: "#5a4e3e", "data-fit": labelRoom || null, "data-fit-min": labelMin, text: label }));
  return g;
}

/** A cartouche: the oval ring, tied by a bar at its foot, around the card slot. */
function cartoucheRing(x, y, w, h) {
  return svg("g", { class: "cartouche-ring", "aria-hidden": "true" },
    svg("rect", { x: x - 3, y: y - 3, width: w + 6, height: h + 6, rx: Math.min(18, (w + 6) / 2), fill: "none", stroke: "#b8862b", "stroke-width": 2.5 }),
    svg("rect", { x: x - 1, y: y + h + 4, width: w + 2, height: 4, rx: 2, fill: "#b8862b" }));
}

function scoreTrack(obs, L) {
  const g = svg("g", { class: "score-track", "aria-label": t("score track"), "data-term": "scoring" });
  const x0 = L.trackX;
  const cell = L.cell;
  const y = L.trackY;
  g.append(svg("text", { class: "score-label", x: 8, y: y + 15, "font-size": L.font + 2, "font-weight": 700, fill: "var(--ink)", "data-fit": L.trackX - 12, text: t("Score") }));
  for (let i = 0; i <= 40; i += 1) {
    const fill = i === 40 ? "#e9d28c" : i % 5 === 0 ? "#efe3c8" : "#faf4e6";
    g.append(svg("rect", { x: x0 + i * cell, y, width: cell - 0.6, height: 20, fill, stroke: "#c9b996", "stroke-width": 0.8 }));
  }
  // the numbers over every space (on a phone a number is wider than its space: the next space
  // drawn after it covered half of it)
  for (let i = 0; i <= 40; i += L.labelEvery) {
    g.append(svg("text", { class: "score-number", x: x0 + i * cell + cell / 2, y: y + 15, "text-anchor": "middle", "font-size": L.font - 1, fill: "#5a4e3e", text: i }));
  }
  obs.players.forEach((p, seat) => {
    const at = Math.min(40, Math.max(0, p.score));
    const cx = x0 + at * cell + cell / 2;
    const cy = seat === 0 ? y - 13 : y + 33;
    g.append(stone(cx, cy, seat, L.marker, `score-${seat}`, translateLine(obs.players[seat].name)));
    if (p.score > 40) g.append(svg("text", { x: cx + 12, y: cy + 4, "font-size": L.font, fill: "var(--ink)", text: p.score }));
  });
  return g;
}

/** A temple drawn as a pylon: two towers with a cornice over the gateway of its 12 squares. */
function pylon(x, y, w, h) {
  const g = svg("g", { class: "pylon", "aria-hidden": "true" });
  g.append(svg("path", { d: `M${x},${y + h} L${x + 6},${y + 8} L${x + w - 6},${y + 8} L${x + w},${y + h} Z`, fill: "var(--temple)", stroke: "var(--board-edge)", "stroke-width": 2 }));
  g.append(svg("rect", { x: x + 2, y: y, width: w - 4, height: 10, rx: 2, fill: "#c9a86a", stroke: "var(--board-edge)", "stroke-width": 1.5 }));
  for (let i = 1; i < 12; i += 1) g.append(svg("line", { x1: x + 2 + (i * (w - 4)) / 12, y1: y + 1, x2: x + 2 + (i * (w - 4)) / 12, y2: y + 9, stroke: "#a08660", "stroke-width": 1 }));
  return g;
}

function temple(obs, index, ctx, actions, L) {
  const { x, y } = L.temple(index);
  const allowed = obs.allowed_temples;
  const outOfReach = allowed !== null && allowed !== undefined && index >= allowed;
  const g = svg("g", { class: "temple", "data-temple": index + 1, "data-term": "temple", "aria-label": t("Temple {n}", { n: index + 1 }) });
  g.append(pylon(x, y, L.templeW, L.templeH));
  g.append(termed("temple", svg("text", { x: x + 10, y: y + 28, "font-size": L.font + 2, "font-weight": 700, fill: "var(--ink)", text: t("Temple {n}", { n: index + 1 }) })));
  const margin = (L.templeW - (3 * L.pitch + L.sq)) / 2;
  const squares = obs.board[index];
  const counts = [0, 0];
  squares.forEach((square, i) => {
    const sx = x + margin + (i % 4) * L.pitch;
    const sy = y + 36 + Math.floor(i / 4) * L.pitch;
    const SQ = L.sq;
    const kind = square.kind;
    const owner = square.owner;
    if (owner !== null) counts[owner] += 1;
    const sg = svg("g", { class: "square", "data-key": `sq-${index + 1}-${i}`, "data-temple": index + 1, "data-square": i, "data-kind": kind, "data-owner": owner === null ? "" : owner, "data-term": SQUARE_TERM[kind] });
    sg.append(svg("rect", { class: "focus-ring", x: sx, y: sy, width: SQ, height: SQ, rx: 5, fill: KIND_FILL[kind], stroke: "#5a4630", "stroke-width": 1.5 }));
    const bonus = kind === "+1" || kind === "+2";
    if (bonus && owner === null) {
      sg.append(svg("text", { x: sx + SQ / 2, y: sy + SQ / 2 + 7, "text-anchor": "middle", "font-size": 20, "font-weight": 700, fill: KIND_INK[kind], text: kind }));
    } else {
      if (owner === null) sg.append(kindGlyph(kind, sx + SQ / 2, sy + SQ / 2 + 3, SQ * 0.6));
      sg.append(svg("text", { x: sx + 3, y: sy + L.small + 1, "font-size": L.small, "font-weight": 700, fill: KIND_INK[kind], text: kind }));
    }
    if (owner !== null) sg.append(stone(sx + SQ / 2, sy + SQ / 2 + 3, owner, SQ * 0.3, `stone-${index + 1}-${i}`, translateLine(obs.players[owner].name)));
    let action = null;
    let words = "";
    if (owner === null && actions.has(`place ${index + 1}${kind}`)) {
      action = `place ${index + 1}${kind}`;
      words = t("place a stone here");
    } else if (owner !== null && owner === obs.removal_victim && actions.has(`remove ${index + 1}${kind}`)) {
      action = `remove ${index + 1}${kind}`;
      words = owner === ctx.seat ? t("remove your own stone from here") : t("remove this stone");
    }
    if (action) {
      sg.classList.add("target");
      sg.dataset.action = action;
      sg.append(svg("rect", { class: "target-ring", x: sx + 3, y: sy + 3, width: SQ - 6, height: SQ - 6, rx: 4, fill: "none", stroke: "#fff7d1", "stroke-width": 3 }));
      svgButton(sg, t("Temple {n}, {kind} square: {words}", { n: index + 1, kind: kindName()[kind], words }), () => ctx.play(action), `aton-${index}-${i}`);
    } else {
      const who = owner === null ? t("empty") : t("{name} stone", { name: translateLine(obs.players[owner].name) });
      sg.setAttribute("aria-label", t("Temple {n}, {kind} square, {who}", { n: index + 1, kind: kindName()[kind], who }));
    }
    g.append(sg);
  });
  if (outOfReach) {
    g.append(svg("rect", { x, y, width: L.templeW, height: L.templeH, rx: 8, fill: "var(--paper)", opacity: 0.55, "pointer-events": "none" }));
    // across the dimmed squares, not beside the heading: "außer Reichweite" overprinted "Tempel 2"
    g.append(termed("cartouche-3", svg("text", { class: "out-of-reach", x: x + L.templeW / 2, y: y + 36 + 1.5 * L.pitch + L.sq / 2 + 5, "font-size": L.font + 1, "font-weight": 700, fill: "#6b3b00", stroke: "var(--paper)", "stroke-width": 4, "paint-order": "stroke", "stroke-linejoin": "round", "text-anchor": "middle", "data-fit": L.templeW - 16, text: t("out of reach") })));
  }
  const cy = y + 36 + 3 * L.pitch + 8;
  const mid = x + L.templeW / 2;
  g.append(termed("temple-count",
    stone(mid - 36, cy + 2, 0, 7, null, translateLine(obs.players[0].name)),
    svg("text", { x: mid - 26, y: cy + 7, "font-size": 14, "font-weight": 700, fill: "var(--ink)", "data-count": `temple-${index + 1}-0`, text: counts[0] }),
    svg("text", { x: mid - 2, y: cy + 7, "font-size": 14, fill: "var(--ink)", text: ":" }),
    stone(mid + 16, cy + 2, 1, 7, null, translateLine(obs.players[1].name)),
    svg("text", { x: mid + 26, y: cy + 7, "font-size": 14, "font-weight": 700, fill: "var(--ink)", "data-count": `temple-${index + 1}-1`, text: counts[1] })));
  return g;
}

function kingdom(obs, L, narrow) {
  const y = L.kingdomY;
  const g = svg("g", { class: "kingdom", "aria-label": t("Kingdom of the Dead"), "data-term": "kingdom" });
  let slotY = y + 2;
  if (narrow) {
    g.append(svg("text", { x: 8, y: y + 14, "font-size": L.font + 2, "font-weight": 700, fill: "var(--ink)", text: t("Kingdom of the Dead") }));
    slotY = y + 22;
  } else {
    g.append(svg("text", { x: 12, y: y + 18, "font-size": 15, "font-weight": 700, fill: "var(--ink)", text: t("Kingdom of") }));
    g.append(svg("text", { x: 12, y: y + 36, "font-size": 15, "font-weight": 700, fill: "var(--ink)", text: t("the Dead") }));
  }
  const stones = [];
  obs.players.forEach((p, seat) => {
    for (let i = 0; i < p.kingdom; i += 1) stones.push(seat);
  });
  for (let i = 0; i < 8; i += 1) {
    const x = L.kingdomX + i * L.slot;
    g.append(svg("rect", { x, y: slotY, width: 40, height: 40, rx: 20, fill: "var(--dead)", stroke: "#221a29", "stroke-width": 2 }));
    g.append(svg("text", { x: x + 20, y: slotY + 25, "text-anchor": "middle", "font-size": L.small, fill: "var(--dead-ink)", text: i + 1 }));
    if (i < stones.length) g.append(stone(x + 20, slotY + 22, stones[i], 11, `kingdom-${i}`, translateLine(obs.players[stones[i]].name)));
  }
  const extra = stones.length - 8;
  if (extra > 0) g.append(svg("text", { x: L.kingdomX + 8 * L.slot - 2, y: slotY + 26, "font-size": 15, "font-weight": 700, fill: "var(--ink)", text: `+${extra}` }));
  const names = obs.players.map((p) => translateLine(p.name));
  const counts = `${names[0]} ${obs.players[0].kingdom} · ${names[1]} ${obs.players[1].kingdom}`;
  const rule = t("the temples score when a round ends with 8 or more");
  const [wx, wy] = L.wordsAt;
  if (narrow) {
    g.append(svg("text", { x: wx, y: wy, "font-size": L.font, fill: "var(--muted)", "data-kingdom": stones.length, text: `${counts} · ${rule}`.length > 48 ? counts : `${counts} · ${rule}` }));
  } else {
    g.append(svg("text", { x: wx, y: wy, "font-size": L.font, fill: "var(--muted)", "data-kingdom": stones.length, text: `${counts} · ${rule}` }));
  }
  if (obs.order) {
    const order = t("This round: {first} acts first, then {second}.", { first: names[obs.order[0]], second: names[obs.order[1]] });
    g.append(svg("text", { x: L.orderAt[0], y: L.orderAt[1], "font-size": L.font + 1, fill: "var(--ink)", text: order }));
  }
  return g;
}

/** "1×2 3×1 4×3": how many cards of each value (a long pile stays short to read). */
function countByValue(values) {
  const counts = new Map();
  for (const v of values) counts.set(v, (counts.get(v) || 0) + 1);
  return [...counts.keys()].sort().map((v) => `${v}×${counts.get(v)}`).join(" ");
}

/** countByValue's short form in words, for its tooltip and accessible name. */
function countInWords(values) {
  const counts = new Map();
  for (const v of values) counts.set(v, (counts.get(v) || 0) + 1);
  return [...counts.keys()].sort().map((v) => tn("{n} card of value {value}", "{n} cards of value {value}", counts.get(v), { value: v })).join(", ");
}

/** ``nodes`` (a label, a counter) inside a group explained by the rules entry ``term``: its tip
 * on hover, focus and long-press (rules.js installTermTips). */
function termed(term, ...nodes) {
  return svg("g", { "data-term": term }, ...nodes);
}

/** A text in short form with its full form as tooltip and accessible name. */
function shortText(attrs, short, full) {
  return svg("text", { ...attrs, "aria-label": full, text: short }, svg("title", { text: full }));
}

function nextCartouche(cartouches) {
  const i = cartouches.findIndex((v) => v === null);
  return i < 0 ? 4 : i;
}

function player(obs, p, ctx, actions, L, narrow) {
  const info = obs.players[p];
  const { x, y } = L.player(p);
  const W = L.playerW;
  const mine = ctx.seat === p;
  const g = svg("g", { class: "player", "data-player": p, "data-own": mine ? "yes" : null, "aria-label": mine ? t("Your cartouches and hand") : null });
  const acting = !ctx.over && obs.to_move === p; // nobody acts once the game is over (a resignation, a timeout)
  g.append(svg("rect", { x, y, width: W, height: L.playerH, rx: 10, fill: "var(--card)", stroke: acting ? STONE_FILL[p] : "#c9b996", "stroke-width": acting ? 4 : 2 }));
  g.append(stone(x + 22, y + 24, p, 11, null, translateLine(info.name)));
  const heading = `${translateLine(info.name)}${mine ? ` ${t("(you)")}` : ""}${acting ? ` — ${t("to act")}` : ""}`;
  g.append(termed(p === 0 ? "red-player" : "blue-player", svg("text", { class: "seat-heading", x: x + 42, y: y + 30, "font-size": 17, "font-weight": 700, fill: "#2a1b0c", "data-fit": W - 54, "data-fit-before": `score-${p}`, "data-fit-min": L.small, text: heading })));
  g.append(termed("points", svg("text", { x: x + W - 12, y: y + 31, "text-anchor": "end", "font-size": 22, "font-weight": 800, fill: "var(--card-ink)", "data-score": p, "data-fit-id": `score-${p}`, text: tn("{n} point", "{n} points", info.score) })));

  // cartouches
  const [cx0, cy0] = L.cartAt;
  const { h: ch } = L.card;
  const cw = L.cartW || L.card.w;
  g.append(termed("cartouches", svg("text", { x: x + cx0, y: y + cy0 - 24, "font-size": L.small + 1, fill: "#5a4e3e", text: t("Cartouches") })));
  const next = nextCartouche(info.cartouches);
  const assigning = obs.phase === "assign" && obs.to_move === p;
  info.cartouches.forEach((v, i) => {
    const faceDown = mine && v !== null && v !== "hidden" && i >= (info.revealed ?? 4);
    const at = x + cx0 + i * L.cartPitch;
    g.append(cartoucheRing(at, y + cy0, cw, ch));
    const label = cartoucheRole()[i];
    const c = card(at, y + cy0, v, { w: cw, h: ch, label, labelSize: L.small, labelRoom: L.cartPitch - 4, labelMin: L.labelMin, highlight: assigning && i === next, dataset: { cartouche: `${p}-${i + 1}`, term: `cartouche-${i + 1}` }, faceDown, key: `cartouche-${p}-${i + 1}` });
    c.append(svg("text", { x: cw / 2, y: -8, "text-anchor": "middle", "font-size": L.small, "font-weight": 700, fill: "#8a6420", text: i + 1 }));
    c.setAttribute("aria-label", t("Cartouche {n} ({role}): {card}", { n: i + 1, role: label, card: c.getAttribute("aria-label") }));
    g.append(c);
  });

  // hand
  const [hx0, hy0] = L.handAt;
  const hx = x + hx0;
  g.append(termed("hand", svg("text", { x: hx, y: y + hy0 - 24, "font-size": L.small + 1, fill: "#5a4e3e", text: mine || info.hand ? t("Hand") : t("Hand ({n}, face down)", { n: info.hand_count }) })));
  const hand = info.hand ? info.hand : Array(info.hand_count).fill("hidden");
  hand.slice(0, 4).forEach((v, i) => {
    const c = card(hx + i * L.handPitch, y + hy0, v, { w: L.card.w, h: ch, labelSize: L.small, dataset: { hand: `${p}-${i}`, term: "hand" } });
    const action = `assign ${v}`;
    if (v !== "hidden" && actions.has(action)) {
      c.classList.add("target");
      c.dataset.action = action;
      c.append(svg("rect", { class: "target-ring", x: -3, y: -3, width: cw + 6, height: ch + 6, rx: 8, fill: "none", stroke: "#d48a00", "stroke-width": 3 }));
      svgButton(c, t("Card {value}: put it on cartouche {n}", { value: v, n: next + 1 }), () => ctx.play(action), `aton-hand-${i}`);
    }
    g.append(c);
  });
  if (hand.length === 0) g.append(termed("hand", svg("text", { x: hx, y: y + hy0 + 30, "font-size": L.font + 1, fill: "#6b6256", text: t("(empty)") })));

  // piles, counters, stones
  const by = y + L.pileY;
  g.append(termed("draw-pile", card(x + 14, by, "hidden", { w: 26, h: 36 }),
    svg("text", { x: x + 46, y: by + 15, "font-size": 13, fill: "var(--card-ink)", "data-draw": p, text: t("draw {n}", { n: info.draw_count }) })));
  if (info.draw_bottom && info.draw_bottom.length) {
    g.append(termed("draw-bottom", svg("text", { x: x + 46, y: by + 31, "font-size": L.small, fill: "#5a4e3e", text: t("bottom: {cards}", { cards: info.draw_bottom.join(" ") }) })));
  }
  const none = t("none");
  const discard = t("discard: {cards}", { cards: info.discard.length ? countByValue(info.discard) : none });
  let faceDown = "";
  if (info.face_down_discard_count) {
    faceDown = info.face_down_discard
      ? t("discarded face down: {cards}", { cards: countByValue(info.face_down_discard) })
      : tn("discarded face down: {n} card", "discarded face down: {n} cards", info.face_down_discard_count);
  }
  const [tx, ty, step] = narrow ? [14, 56, 18] : [150, 4, 16];
  const size = narrow ? L.font : 12;
  const discardWords = t("discard: {cards}", { cards: info.discard.length ? countInWords(info.discard) : none });
  g.append(termed("discard-pile", shortText({ x: x + tx, y: by + ty, "font-size": size, fill: "var(--card-ink)", "data-discard": p }, discard, discardWords)));
  if (faceDown) {
    const full = info.face_down_discard ? t("discarded face down: {cards}", { cards: countInWords(info.face_down_discard) }) : faceDown;
    g.append(termed("face-down-discard", shortText({ x: x + tx, y: by + ty + step, "font-size": size, fill: "var(--card-ink)", "data-face-down-discard": p }, faceDown, full)));
  }
  g.append(termed("stone", svg("text", { x: x + tx, y: by + ty + 2 * step, "font-size": size, fill: "var(--card-ink)", text: t("stones: {supply} in supply, {dead} dead", { supply: info.supply, dead: info.kingdom }) })));
  const ex = svg("g", { class: "exchange-counter", "data-exchange": info.exchange_counter ? "available" : "used", "data-term": "exchange" });
  const ecx = x + W - 32;
  const ecy = by + 18;
  ex.append(svg("circle", { class: "focus-ring", cx: ecx, cy: ecy, r: 20, fill: info.exchange_counter ? "#ffffff" : "#ddd5c6", stroke: "#5b4630", "stroke-width": 2 }));
  ex.append(svg("path", { d: `M${ecx - 9},${ecy - 3} h15 l-4,-4 M${ecx + 9},${ecy + 3} h-15 l4,4`, fill: "none", stroke: info.exchange_counter ? "#1f5f8b" : "#9a8f80", "stroke-width": 2 }));
  if (!info.exchange_counter) ex.append(svg("line", { x1: ecx - 13, y1: ecy + 13, x2: ecx + 13, y2: ecy - 13, stroke: "#9b1c1c", "stroke-width": 2.5 }));
  ex.append(svg("text", { x: ecx, y: ecy + 20 + L.small + 2, "text-anchor": "middle", "font-size": L.small, fill: "#5a4e3e", text: info.exchange_counter ? t("exchange") : t("used") }));
  if (actions.has("exchange") && obs.to_move === p) {
    ex.dataset.action = "exchange";
    svgButton(ex, t("Use the exchange counter: discard your 4 cards and draw 4 new ones"), () => ctx.play("exchange"), "aton-exchange");
  } else {
    ex.setAttribute("aria-label", info.exchange_counter ? t("exchange counter available") : t("exchange counter used"));
  }
  g.append(ex);
  return g;
}

/** The status line: round, phase and who does what. */
export function status(view) {
  const obs = view.observation;
  if (view.finished || obs.phase === "over") return view.result_text ? translateLine(view.result_text) : t("The game is over.");
  const names = obs.players.map((p) => translateLine(p.name));
  const who = obs.to_move === null ? "" : names[obs.to_move];
  // one temple is "temple 1", not "temples 1–1"
  const temples = !obs.allowed_temples ? "" : obs.allowed_temples === 1 ? t("temple 1") : t("temples 1–{n}", { n: obs.allowed_temples });
  switch (obs.phase) {
    case "exchange":
      return t("Round {round} · {who} decides whether to use the exchange counter", { round: obs.round, who });
    case "assign":
      return t("Round {round} · {who} puts a card on cartouche {n}", { round: obs.round, who, n: nextCartouche(obs.players[obs.to_move].cartouches) + 1 });
    case "remove":
      return obs.removal_victim === obs.to_move
        ? tn("Round {round} · {who} removes {n} of their own stones ({temples})", "Round {round} · {who} removes {n} of their own stones ({temples})", obs.removals_left, { round: obs.round, who, temples })
        : tn("Round {round} · {who} removes {n} of {victim}'s stones ({temples})", "Round {round} · {who} removes {n} of {victim}'s stones ({temples})", obs.removals_left, { round: obs.round, who, victim: names[obs.removal_victim], temples });
    case "place":
      return tn("Round {round} · {who} places {n} stone ({temples})", "Round {round} · {who} places {n} stones ({temples})", obs.placements_left, { round: obs.round, who, temples });
    default:
      return `${t("Round {round}", { round: obs.round })} · ${obs.phase}`;
  }
}

/**
 * The data-keys of what changed from ``prev`` to ``view`` (two views, or replay steps shaped like
 * them, of the same seat): squares whose stone came or went (with the stone), score markers that
 * moved, stones that entered the Kingdom of the Dead, cartouches whose card was laid or turned up.
 * Only what both observations show is compared, so nothing hidden is told.
 * Returns a Set of data-key strings (empty when either view is missing).
 */
export function changedKeys(prev, view) {
  const keys = new Set();
  const a = prev && prev.observation;
  const b = view && view.observation;
  if (!a || !b || !a.board || !b.board) return keys;
  b.board.forEach((squares, ti) => squares.forEach((square, i) => {
    const before = a.board[ti] && a.board[ti][i];
    if (before && before.owner !== square.owner) {
      keys.add(`sq-${ti + 1}-${i}`);
      keys.add(`stone-${ti + 1}-${i}`);
    }
  }));
  b.players.forEach((p, seat) => {
    const q = a.players[seat];
    if (!q) return;
    if (q.score !== p.score) keys.add(`score-${seat}`);
    p.cartouches.forEach((v, i) => {
      if (q.cartouches[i] !== v && v !== null) keys.add(`cartouche-${seat}-${i + 1}`);
    });
  });
  const dead = (o) => o.players.reduce((n, p) => n + p.kingdom, 0);
  for (let i = dead(a); i < Math.min(dead(b), 8); i += 1) keys.add(`kingdom-${i}`);
  return keys;
}

/**
 * Draw the board for ``view`` (a server view or a replay step shaped like one).
 * ctx: {seat, actions: Set of legal action texts (empty when not this seat's turn), play(text)}.
 * Returns {board: SVGElement, controls: Element[], prompt: string}.
 */
export function render(view, ctx) {
  const obs = view.observation;
  const actions = ctx.actions;
  const narrow = Boolean(ctx.narrow);
  const L = narrow ? LAYOUTS.narrow : LAYOUTS.wide;
  const root = svg("svg", { class: "board aton", viewBox: `0 0 ${L.W} ${L.H}`, role: "group", "aria-label": t("Aton board"), "data-layout": narrow ? "narrow" : "wide" });
  root.append(defs());
  root.append(svg("rect", { width: L.W, height: L.H, fill: "var(--board)" }));
  root.append(scoreTrack(obs, L));
  for (let i = 0; i < 4; i += 1) root.append(temple(obs, i, ctx, actions, L));
  root.append(kingdom(obs, L, narrow));
  root.append(player(obs, 0, ctx, actions, L, narrow));
  root.append(player(obs, 1, ctx, actions, L, narrow));

  const controls = [];
  let prompt = "";
  const tap = tapping(ctx.narrow);
  if (actions.size) {
    switch (obs.phase) {
      case "exchange":
        prompt = t("Keep your four cards, or use the exchange counter (once per game) to draw four new ones.");
        if (actions.has("keep")) controls.push(el("button", { "data-action": "keep", on: { click: () => ctx.play("keep") } }, t("Keep my hand")));
        if (actions.has("exchange")) controls.push(el("button", { class: "secondary", "data-action": "exchange", on: { click: () => ctx.play("exchange") } }, t("Exchange all 4 cards")));
        break;
      case "assign":
        prompt = tap
          ? t("Tap a card of your hand to put it on cartouche {n}.", { n: nextCartouche(obs.players[ctx.seat].cartouches) + 1 })
          : t("Click a card of your hand to put it on cartouche {n}.", { n: nextCartouche(obs.players[ctx.seat].cartouches) + 1 });
        break;
      case "remove":
        prompt = tap
          ? tn("Tap a highlighted stone to remove it ({n} left).", "Tap a highlighted stone to remove it ({n} left).", obs.removals_left)
          : tn("Click a highlighted stone to remove it ({n} left).", "Click a highlighted stone to remove it ({n} left).", obs.removals_left);
        break;
      case "place":
        prompt = tap
          ? tn("Tap a highlighted square to place a stone ({n} left).", "Tap a highlighted square to place a stone ({n} left).", obs.placements_left)
          : tn("Click a highlighted square to place a stone ({n} left).", "Click a highlighted square to place a stone ({n} left).", obs.placements_left);
        break;
      default:
        break;
    }
  }
  return { board: root, controls, prompt };
}
