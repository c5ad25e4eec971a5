// Aton drawn as SVG from one seat's observation (docs/rules/aton.md §1-2, src/netjer/drawings/aton.py).
//
// Red's stones are triangles and Blue's are circles (shape and colour differ); every square
// carries its kind's letter (Y, G, K, B, +1, +2) so the board reads without colour. Clicking a
// highlighted square plays "place TK"/"remove TK" (squares of one kind in one temple are
// interchangeable, so the action names temple and kind); clicking a hand card plays "assign V".

import { el, svg, svgButton, t, tn, translateLine } from "./common.js";

// Two arrangements of the same pieces: wide (temples in a row) and narrow (2 x 2, stacked).
const LAYOUTS = {
  wide: {
    W: 960, H: 620, trackX: 70, cell: 21, labelEvery: 5, marker: 9,
    temple: (t) => ({ x: 22 + t * 238, y: 80 }),
    kingdomY: 305, orderAt: [560, 331], wordsX: 110,
    player: (p) => ({ x: 12 + p * 474, y: 378 }),
  },
  narrow: {
    W: 480, H: 1112, trackX: 62, cell: 10, labelEvery: 10, marker: 6,
    temple: (t) => ({ x: 22 + (t % 2) * 238, y: 80 + Math.floor(t / 2) * 216 }),
    kingdomY: 518, orderAt: [12, 598], wordsX: 12,
    player: (p) => ({ x: 12, y: 614 + p * 246 }),
  },
};
const SQ = 46;
const PITCH = 52;
const KIND_FILL = { Y: "#f2cf4a", G: "#6dbb63", K: "#3a3a3a", B: "#7fb0ec", "+1": "#e08a3c", "+2": "#e08a3c" };
const KIND_INK = { Y: "#4a3b00", G: "#143d12", K: "#ffffff", B: "#0b2a55", "+1": "#3d1f00", "+2": "#3d1f00" };
const kindName = () => ({ Y: t("yellow"), G: t("green"), K: t("black"), B: t("blue"), "+1": t("bonus +1"), "+2": t("bonus +2") });
const STONE_FILL = ["#c62828", "#0d47a1"];
const STONE_SHAPE = ["triangle", "circle"];
// the rules texts' entry of each square kind (texts/en.toml)
const SQUARE_TERM = { Y: "yellow", G: "green", K: "black", B: "blue", "+1": "bonus", "+2": "bonus" };
const cartoucheRole = () => [t("score"), t("order"), t("temples"), t("stones")];

export const title = "Aton";

function stone(cx, cy, owner, size = 14) {
  const fill = STONE_FILL[owner];
  const g = svg("g", { class: `stone stone-${owner}`, "data-stone": owner });
  if (STONE_SHAPE[owner] === "triangle") {
    const pts = `${cx},${cy - size} ${cx + size * 1.05},${cy + size * 0.8} ${cx - size * 1.05},${cy + size * 0.8}`;
    g.append(svg("polygon", { points: pts, fill: "none", stroke: "#111", "stroke-width": 5, "stroke-linejoin": "round" }));
    g.append(svg("polygon", { points: pts, fill, stroke: "#fff", "stroke-width": 2, "stroke-linejoin": "round" }));
  } else {
    g.append(svg("circle", { cx, cy, r: size * 0.9, fill: "none", stroke: "#111", "stroke-width": 5 }));
    g.append(svg("circle", { cx, cy, r: size * 0.9, fill, stroke: "#fff", "stroke-width": 2 }));
  }
  return g;
}

function defs() {
  const pattern = svg(
    "pattern",
    { id: "aton-back", width: 10, height: 10, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
    svg("rect", { width: 10, height: 10, fill: "#5b3a1e" }),
    svg("rect", { width: 4, height: 10, fill: "#7a5230" }),
  );
  return svg("defs", {}, pattern);
}

/** A card: a number face, a back ("hidden"), or an empty slot (null). */
function card(x, y, value, { w = 50, h = 70, label, highlight = false, dataset, faceDown = false } = {}) {
  const g = svg("g", { class: "card", transform: `translate(${x},${y})`, dataset });
  if (value === null || value === undefined) {
    g.append(svg("rect", { width: w, height: h, rx: 6, fill: "#f3ecdf", stroke: highlight ? "#d48a00" : "#b8aa92", "stroke-width": highlight ? 3 : 1.5, "stroke-dasharray": "5 4" }));
    g.dataset.card = "empty";
  } else if (value === "hidden") {
    g.append(svg("rect", { width: w, height: h, rx: 6, fill: "url(#aton-back)", stroke: "#2e1d0d", "stroke-width": 2 }));
    g.append(svg("rect", { x: 8, y: 10, width: w - 16, height: h - 20, rx: 4, fill: "none", stroke: "#e8c98f", "stroke-width": 1.5 }));
    g.dataset.card = "back";
  } else {
    g.append(svg("rect", { class: "focus-ring", width: w, height: h, rx: 6, fill: "#fffaf0", stroke: "#5b4630", "stroke-width": 2 }));
    g.append(svg("text", { x: w / 2, y: h / 2 + 12, "text-anchor": "middle", "font-size": 34, "font-weight": 700, fill: "#2a1b0c", text: value }));
    g.append(svg("text", { x: 6, y: 15, "font-size": 12, fill: "#5b4630", text: value }));
    g.dataset.card = "face";
    g.dataset.value = String(value);
    if (faceDown) {
      // Your own card, still face down on the table: only you see its value.
      g.append(svg("rect", { x: 3, y: h - 17, width: w - 6, height: 13, rx: 3, fill: "#6b4f2a" }));
      g.append(svg("text", { x: w / 2, y: h - 7, "text-anchor": "middle", "font-size": 9, fill: "#fffaf0", text: t("face down") }));
      g.dataset.faceDown = "true";
    }
  }
  if (label) g.append(svg("text", { x: w / 2, y: h + 14, "text-anchor": "middle", "font-size": 11, fill: "#6b6256", text: label }));
  return g;
}

function scoreTrack(obs, L) {
  const g = svg("g", { class: "score-track", "aria-label": t("score track"), "data-term": "scoring" });
  const x0 = L.trackX;
  const cell = L.cell;
  g.append(svg("text", { x: 12, y: 41, "font-size": 15, "font-weight": 700, text: t("Score") }));
  for (let i = 0; i <= 40; i += 1) {
    const fill = i === 40 ? "#e9d28c" : i % 5 === 0 ? "#efe3c8" : "#faf4e6";
    g.append(svg("rect", { x: x0 + i * cell, y: 27, width: cell - 1, height: 20, fill, stroke: "#c9b996" }));
    if (i % L.labelEvery === 0) g.append(svg("text", { x: x0 + i * cell + cell / 2 - 0.5, y: 41, "text-anchor": "middle", "font-size": 10, fill: "#6b6256", text: i }));
  }
  obs.players.forEach((p, seat) => {
    const at = Math.min(40, Math.max(0, p.score));
    const cx = x0 + at * cell + cell / 2;
    const cy = seat === 0 ? 15 : 60;
    g.append(stone(cx, cy, seat, L.marker));
    if (p.score > 40) g.append(svg("text", { x: cx + 12, y: cy + 4, "font-size": 11, text: p.score }));
  });
  return g;
}

function temple(obs, index, ctx, actions, L) {
  const { x, y } = L.temple(index);
  const allowed = obs.allowed_temples;
  const outOfReach = allowed !== null && allowed !== undefined && index >= allowed;
  const g = svg("g", { class: "temple", "data-temple": index + 1, "data-term": "temple", "aria-label": t("Temple {n}", { n: index + 1 }) });
  g.append(svg("rect", { x: x - 10, y, width: 4 * PITCH + 14, height: 206, rx: 8, fill: "#e9dcc2", stroke: "#a08660", "stroke-width": 2 }));
  g.append(svg("text", { x: x + 2, y: y + 20, "font-size": 15, "font-weight": 700, fill: "#3b2a14", text: t("Temple {n}", { n: index + 1 }) }));
  const squares = obs.board[index];
  const counts = [0, 0];
  squares.forEach((square, i) => {
    const sx = x + (i % 4) * PITCH;
    const sy = y + 30 + Math.floor(i / 4) * PITCH;
    const kind = square.kind;
    const owner = square.owner;
    if (owner !== null) counts[owner] += 1;
    const sg = svg("g", { class: "square", "data-temple": index + 1, "data-square": i, "data-kind": kind, "data-owner": owner === null ? "" : owner, "data-term": SQUARE_TERM[kind] });
    sg.append(svg("rect", { class: "focus-ring", x: sx, y: sy, width: SQ, height: SQ, rx: 5, fill: KIND_FILL[kind], stroke: "#5a4630", "stroke-width": 1.5 }));
    const bonus = kind === "+1" || kind === "+2";
    if (bonus && owner === null) {
      sg.append(svg("text", { x: sx + SQ / 2, y: sy + SQ / 2 + 7, "text-anchor": "middle", "font-size": 20, "font-weight": 700, fill: KIND_INK[kind], text: kind }));
    } else {
      sg.append(svg("text", { x: sx + 4, y: sy + 13, "font-size": 11, "font-weight": 700, fill: KIND_INK[kind], text: kind }));
    }
    if (owner !== null) sg.append(stone(sx + SQ / 2, sy + SQ / 2 + 3, owner));
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
      const who = owner === null ? t("empty") : t("{name} stone", { name: obs.players[owner].name });
      sg.setAttribute("aria-label", t("Temple {n}, {kind} square, {who}", { n: index + 1, kind: kindName()[kind], who }));
    }
    g.append(sg);
  });
  if (outOfReach) {
    g.append(svg("rect", { x: x - 10, y, width: 4 * PITCH + 14, height: 206, rx: 8, fill: "#f6f1e7", opacity: 0.55, "pointer-events": "none" }));
    g.append(svg("text", { x: x + 106, y: y + 20, "font-size": 11, fill: "#6b3b00", "text-anchor": "start", text: t("out of reach") }));
  }
  const cy = y + 30 + 3 * PITCH + 10;
  g.append(stone(x + 70, cy + 2, 0, 7));
  g.append(svg("text", { x: x + 82, y: cy + 7, "font-size": 14, "font-weight": 700, "data-count": `temple-${index + 1}-0`, text: counts[0] }));
  g.append(svg("text", { x: x + 103, y: cy + 7, "font-size": 14, fill: "#6b6256", text: ":" }));
  g.append(stone(x + 122, cy + 2, 1, 7));
  g.append(svg("text", { x: x + 134, y: cy + 7, "font-size": 14, "font-weight": 700, "data-count": `temple-${index + 1}-1`, text: counts[1] }));
  return g;
}

function kingdom(obs, L) {
  const y = L.kingdomY;
  const g = svg("g", { class: "kingdom", "aria-label": t("Kingdom of the Dead"), "data-term": "kingdom" });
  g.append(svg("text", { x: 12, y: y + 18, "font-size": 15, "font-weight": 700, text: t("Kingdom of") }));
  g.append(svg("text", { x: 12, y: y + 36, "font-size": 15, "font-weight": 700, text: t("the Dead") }));
  const stones = [];
  obs.players.forEach((p, seat) => {
    for (let i = 0; i < p.kingdom; i += 1) stones.push(seat);
  });
  for (let i = 0; i < 8; i += 1) {
    const x = 110 + i * 46;
    g.append(svg("rect", { x, y: y + 2, width: 40, height: 40, rx: 20, fill: "#4a3f55", stroke: "#221a29", "stroke-width": 2 }));
    g.append(svg("text", { x: x + 20, y: y + 26, "text-anchor": "middle", "font-size": 11, fill: "#9d92a8", text: i + 1 }));
    if (i < stones.length) g.append(stone(x + 20, y + 24, stones[i], 11));
  }
  const extra = stones.length - 8;
  if (extra > 0) g.append(svg("text", { x: 480, y: y + 28, "font-size": 15, "font-weight": 700, text: `+${extra}` }));
  const names = obs.players.map((p) => p.name);
  const words = `${names[0]} ${obs.players[0].kingdom} · ${names[1]} ${obs.players[1].kingdom} · ${t("the temples score when a round ends with 8 or more")}`;
  g.append(svg("text", { x: L.wordsX, y: y + 60, "font-size": 12, fill: "#6b6256", "data-kingdom": stones.length, text: words }));
  if (obs.order) {
    const order = t("This round: {first} acts first, then {second}.", { first: names[obs.order[0]], second: names[obs.order[1]] });
    g.append(svg("text", { x: L.orderAt[0], y: L.orderAt[1], "font-size": 13, fill: "#3b2a14", text: order }));
  }
  return g;
}

/** "1×2 3×1 4×3": how many cards of each value (a long pile stays short to read). */
function countByValue(values) {
  const counts = new Map();
  for (const v of values) counts.set(v, (counts.get(v) || 0) + 1);
  return [...counts.keys()].sort().map((v) => `${v}×${counts.get(v)}`).join(" ");
}

function nextCartouche(cartouches) {
  const i = cartouches.findIndex((v) => v === null);
  return i < 0 ? 4 : i;
}

function player(obs, p, ctx, actions, L) {
  const info = obs.players[p];
  const { x, y } = L.player(p);
  const mine = ctx.seat === p;
  const g = svg("g", { class: "player", "data-player": p });
  const acting = obs.to_move === p;
  g.append(svg("rect", { x, y, width: 462, height: 232, rx: 10, fill: "#fffaf0", stroke: acting ? STONE_FILL[p] : "#c9b996", "stroke-width": acting ? 4 : 2 }));
  g.append(stone(x + 22, y + 24, p, 11));
  const heading = `${info.name}${mine ? ` ${t("(you)")}` : ""}${acting ? ` — ${t("to act")}` : ""}`;
  g.append(svg("text", { x: x + 42, y: y + 30, "font-size": 17, "font-weight": 700, fill: STONE_FILL[p], text: heading }));
  g.append(svg("text", { x: x + 450, y: y + 31, "text-anchor": "end", "font-size": 22, "font-weight": 800, "data-score": p, text: t("{n} pts", { n: info.score }) }));

  // cartouches
  g.append(svg("text", { x: x + 14, y: y + 56, "font-size": 12, fill: "#6b6256", text: t("Cartouches") }));
  const next = nextCartouche(info.cartouches);
  const assigning = obs.phase === "assign" && obs.to_move === p;
  info.cartouches.forEach((v, i) => {
    const faceDown = mine && v !== null && v !== "hidden" && i >= (info.revealed ?? 4);
    g.append(card(x + 14 + i * 56, y + 62, v, { label: `${i + 1} ${cartoucheRole()[i]}`, highlight: assigning && i === next, dataset: { cartouche: `${p}-${i + 1}`, term: `cartouche-${i + 1}` }, faceDown }));
  });

  // hand
  const hx = x + 246;
  g.append(svg("text", { x: hx, y: y + 56, "font-size": 12, fill: "#6b6256", text: mine || info.hand ? t("Hand") : t("Hand ({n}, face down)", { n: info.hand_count }) }));
  const hand = info.hand ? info.hand : Array(info.hand_count).fill("hidden");
  hand.slice(0, 4).forEach((v, i) => {
    const c = card(hx + i * 54, y + 62, v, { dataset: { hand: `${p}-${i}` } });
    const action = `assign ${v}`;
    if (v !== "hidden" && actions.has(action)) {
      c.classList.add("target");
      c.dataset.action = action;
      c.append(svg("rect", { class: "target-ring", x: -3, y: -3, width: 56, height: 76, rx: 8, fill: "none", stroke: "#d48a00", "stroke-width": 3 }));
      svgButton(c, t("Card {value}: put it on cartouche {n}", { value: v, n: next + 1 }), () => ctx.play(action), `aton-hand-${i}`);
    }
    g.append(c);
  });
  if (hand.length === 0) g.append(svg("text", { x: hx, y: y + 100, "font-size": 13, fill: "#8b8070", text: t("(empty)") }));

  // piles, counters, stones
  const by = y + 168;
  g.append(card(x + 14, by, "hidden", { w: 26, h: 36 }));
  g.append(svg("text", { x: x + 46, y: by + 15, "font-size": 13, "data-draw": p, text: t("draw {n}", { n: info.draw_count }) }));
  if (info.draw_bottom && info.draw_bottom.length) {
    g.append(svg("text", { x: x + 46, y: by + 31, "font-size": 11, fill: "#6b6256", text: t("bottom: {cards}", { cards: info.draw_bottom.join(" ") }) }));
  }
  const none = t("none");
  const discard = t("discard: {cards}", { cards: info.discard.length ? countByValue(info.discard) : none });
  let faceDown = "";
  if (info.face_down_discard_count) {
    faceDown = info.face_down_discard
      ? t("discarded face down: {cards}", { cards: countByValue(info.face_down_discard) })
      : tn("discarded face down: {n} card", "discarded face down: {n} cards", info.face_down_discard_count);
  }
  g.append(svg("text", { x: x + 150, y: by + 4, "font-size": 12, "data-discard": p, text: discard }));
  if (faceDown) g.append(svg("text", { x: x + 150, y: by + 20, "font-size": 12, "data-face-down-discard": p, text: faceDown }));
  g.append(svg("text", { x: x + 150, y: by + 36, "font-size": 12, text: t("stones: {supply} in supply, {dead} dead", { supply: info.supply, dead: info.kingdom }) }));
  const ex = svg("g", { class: "exchange-counter", "data-exchange": info.exchange_counter ? "available" : "used", "data-term": "exchange" });
  const ecx = x + 430;
  const ecy = by + 18;
  ex.append(svg("circle", { class: "focus-ring", cx: ecx, cy: ecy, r: 16, fill: info.exchange_counter ? "#ffffff" : "#ddd5c6", stroke: "#5b4630", "stroke-width": 2 }));
  ex.append(svg("path", { d: `M${ecx - 8},${ecy - 3} h14 l-4,-4 M${ecx + 8},${ecy + 3} h-14 l4,4`, fill: "none", stroke: info.exchange_counter ? "#1f5f8b" : "#9a8f80", "stroke-width": 2 }));
  if (!info.exchange_counter) ex.append(svg("line", { x1: ecx - 12, y1: ecy + 12, x2: ecx + 12, y2: ecy - 12, stroke: "#9b1c1c", "stroke-width": 2.5 }));
  ex.append(svg("text", { x: ecx, y: ecy + 30, "text-anchor": "middle", "font-size": 10, fill: "#6b6256", text: info.exchange_counter ? t("exchange") : t("used") }));
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
  const names = obs.players.map((p) => p.name);
  const who = obs.to_move === null ? "" : names[obs.to_move];
  const temples = obs.allowed_temples ? t("temples 1–{n}", { n: obs.allowed_temples }) : "";
  switch (obs.phase) {
    case "exchange":
      return t("Round {round} · {who} decides whether to use the exchange counter", { round: obs.round, who });
    case "assign":
      return t("Round {round} · {who} puts a card on cartouche {n}", { round: obs.round, who, n: nextCartouche(obs.players[obs.to_move].cartouches) + 1 });
    case "remove":
      return obs.removal_victim === obs.to_move
        ? t("Round {round} · {who} removes {n} of their own stones ({temples})", { round: obs.round, who, n: obs.removals_left, temples })
        : t("Round {round} · {who} removes {n} of {victim}'s stones ({temples})", { round: obs.round, who, n: obs.removals_left, victim: names[obs.removal_victim], temples });
    case "place":
      return tn("Round {round} · {who} places {n} stone ({temples})", "Round {round} · {who} places {n} stones ({temples})", obs.placements_left, { round: obs.round, who, temples });
    default:
      return `${t("Round {round}", { round: obs.round })} · ${obs.phase}`;
  }
}

/**
 * Draw the board for ``view`` (a server view or a replay step shaped like one).
 * ctx: {seat, actions: Set of legal action texts (empty when not this seat's turn), play(text)}.
 * Returns {board: SVGElement, controls: Element[], prompt: string}.
 */
export function render(view, ctx) {
  const obs = view.observation;
  const actions = ctx.actions;
  const L = ctx.narrow ? LAYOUTS.narrow : LAYOUTS.wide;
  const root = svg("svg", { class: "board aton", viewBox: `0 0 ${L.W} ${L.H}`, role: "group", "aria-label": t("Aton board"), "data-layout": ctx.narrow ? "narrow" : "wide" });
  root.append(defs());
  root.append(svg("rect", { width: L.W, height: L.H, fill: "#f7efdd" }));
  root.append(scoreTrack(obs, L));
  for (let t = 0; t < 4; t += 1) root.append(temple(obs, t, ctx, actions, L));
  root.append(kingdom(obs, L));
  root.append(player(obs, 0, ctx, actions, L));
  root.append(player(obs, 1, ctx, actions, L));

  const controls = [];
  let prompt = "";
  if (actions.size) {
    switch (obs.phase) {
      case "exchange":
        prompt = t("Keep your four cards, or use the exchange counter (once per game) to draw four new ones.");
        if (actions.has("keep")) controls.push(el("button", { "data-action": "keep", on: { click: () => ctx.play("keep") } }, t("Keep my hand")));
        if (actions.has("exchange")) controls.push(el("button", { class: "secondary", "data-action": "exchange", on: { click: () => ctx.play("exchange") } }, t("Exchange all 4 cards")));
        break;
      case "assign":
        prompt = t("Click a card of your hand to put it on cartouche {n}.", { n: nextCartouche(obs.players[ctx.seat].cartouches) + 1 });
        break;
      case "remove":
        prompt = t("Click a highlighted stone to remove it ({n} left).", { n: obs.removals_left });
        break;
      case "place":
        prompt = t("Click a highlighted square to place a stone ({n} left).", { n: obs.placements_left });
        break;
      default:
        break;
    }
  }
  return { board: root, controls, prompt };
}
