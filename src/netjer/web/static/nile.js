// Dioses del Nilo drawn as SVG from one seat's observation (docs/rules/nilo.md,
// src/netjer/drawings/nile.py).
//
// The board is drawn from the seat's side: its own rearguard at the bottom (Isis sees the
// columns mirrored, as across a real table; a spectator sits on Seth's side). Seth's tokens
// are squares in the first seat colour, Isis's circles in the second (style.css's palette);
// every token is Netjer's own drawing: a face-up token shows its value over its god's sign
// (Seth's was-sceptre, Isis's throne), a face-down one an eye on a striped back that is the same
// for every value. The rearguard squares are walled (crenellated), the river runs between the
// vanguards, and each side's column (its draw pile) stands on a plinth. A face-down token shows
// its value only when the
// observation holds it (its owner, with owner_sees_drawn) and is marked "down"; otherwise its
// back. Placement: click a hand token, then a highlighted square (face up / face down asked
// when both are legal). Combat: click your soldier, then a square to move to or to attack.
//
// data-key (table.js marks and animates by it): "sq-a1" a square, "tok-N" a token on the board,
// N a number this page gives the token when it first sees it and keeps while the token moves
// (a move is a square of one side emptied and another filled in the same step), so a face-down
// token slides face down and no key tells a value.

import { el, svg, svgButton, t, translateLine } from "./common.js";
import { tapping } from "./phone.js";

const SIDE_FILL = ["var(--seat-0)", "var(--seat-1)"];
const SIDE_INK = ["var(--seat-ink-0)", "var(--seat-ink-1)"];
const rowNames = () => [t("Seth's rearguard"), t("Seth's vanguard"), t("Isis's vanguard"), t("Isis's rearguard")];
const phaseWords = () => ({ placement: t("placement"), combat: t("combat"), final_action: t("last action"), over: t("game over") });

export const title = "Dioses del Nilo";

// What the player has picked on the board, kept across re-renders of the same position.
let selection = null;

function defs() {
  const d = svg("defs");
  [0, 1].forEach((s) => {
    d.append(
      svg(
        "pattern",
        { id: `nile-back-${s}`, width: 8, height: 8, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
        svg("rect", { width: 8, height: 8, fill: SIDE_FILL[s] }),
        svg("rect", { width: 3, height: 8, fill: "#ffffff", opacity: 0.35 }),
      ),
    );
  });
  return d;
}

function parseLegal(actions) {
  const out = { place: new Map(), moves: new Map(), attacks: new Map(), end: false, decline: false };
  for (const text of actions) {
    let m = /^place (\?|\d+) ([a-z]\d+)( down)?$/.exec(text);
    if (m) {
      if (!out.place.has(m[1])) out.place.set(m[1], new Map());
      const squares = out.place.get(m[1]);
      const faces = squares.get(m[2]) || { up: false, down: false };
      faces[m[3] ? "down" : "up"] = true;
      squares.set(m[2], faces);
      continue;
    }
    m = /^(move|attack) ([a-z]\d+) ([a-z]\d+)$/.exec(text);
    if (m) {
      const table = m[1] === "move" ? out.moves : out.attacks;
      if (!table.has(m[2])) table.set(m[2], []);
      table.get(m[2]).push(m[3]);
      continue;
    }
    if (text === "end") out.end = true;
    if (text === "decline") out.decline = true;
  }
  return out;
}

/** A god's sign, drawn faintly behind a face-up value: Seth's was-sceptre (a forked staff with
 * an animal head), Isis's throne (a seat with a high back). */
function godSign(owner, cx, cy, size) {
  const k = size / 46;
  if (owner === 0) {
    return svg("path", { d: `M${cx - 9 * k},${cy + 16 * k} l3,-4 l0,-20 M${cx - 6 * k},${cy - 8 * k} l4,-7 l5,2`, fill: "none", stroke: "#ffffff", "stroke-width": 2, opacity: 0.35, "stroke-linecap": "round" });
  }
  return svg("path", { d: `M${cx - 12 * k},${cy + 14 * k} h8 v-8 h10 v8 M${cx - 4 * k},${cy - 2 * k} v-14 h5 v14`, fill: "none", stroke: "#ffffff", "stroke-width": 2, opacity: 0.35 });
}

/**
 * A token: face up value, face down known value ("down"), or back (an eye, the same for every value).
 * @param {number} cx
 * @param {number} cy
 * @param {number} size
 * @param {any} cell the observation's cell
 * @param {{dataset?: Object<string, string>, downLabel?: boolean, labelSize?: number,
 *   labelFill?: string, key?: string | null}} [options]
 */
function token(cx, cy, size, cell, { dataset, downLabel = true, labelSize = 11, labelFill = "var(--ink)", key = null } = {}) {
  const owner = cell.owner;
  const g = svg("g", { class: "token", "data-key": key, dataset: { owner: String(owner), face: cell.face_up ? "up" : "down", term: cell.face_up ? "face-up" : "face-down", ...(dataset || {}) } });
  const half = size / 2;
  const known = cell.value !== null && cell.value !== undefined;
  const fill = known && cell.face_up ? SIDE_FILL[owner] : `url(#nile-back-${owner})`;
  const stroke = cell.face_up ? "#ffffff" : "#f4e4a6";
  const dash = cell.face_up ? null : "5 3";
  if (owner === 0) {
    g.append(svg("rect", { class: "focus-ring", x: cx - half, y: cy - half, width: size, height: size, rx: size * 0.14, fill, stroke, "stroke-width": 2.5, "stroke-dasharray": dash }));
  } else {
    g.append(svg("circle", { class: "focus-ring", cx, cy, r: half, fill, stroke, "stroke-width": 2.5, "stroke-dasharray": dash }));
  }
  if (known) {
    g.dataset.value = String(cell.value);
    if (cell.face_up && size >= 36) g.append(godSign(owner, cx, cy, size));
    if (!cell.face_up) g.append(svg("circle", { cx, cy: cy + size * 0.02, r: size * 0.34, fill: SIDE_FILL[owner] }));
    g.append(svg("text", { x: cx, y: cy + size * 0.17, "text-anchor": "middle", "font-size": size * 0.5, "font-weight": 800, fill: SIDE_INK[owner], text: cell.value }));
  } else {
    const r = size * 0.2;
    g.append(svg("path", { d: `M${cx - r * 1.6},${cy} Q${cx},${cy - r * 1.5} ${cx + r * 1.6},${cy} Q${cx},${cy + r * 1.5} ${cx - r * 1.6},${cy} Z`, fill: "#fdf6e3", stroke: "#2a1b0c", "stroke-width": 1.2 }));
    g.append(svg("circle", { cx, cy, r: r * 0.6, fill: "#2a1b0c" }));
  }
  if (known && !cell.face_up && downLabel) g.append(svg("text", { x: cx, y: cy + half + labelSize + 1, "text-anchor": "middle", "font-size": labelSize, "font-weight": 700, fill: labelFill, class: "down-label", text: t("down") }));
  return g;
}

// ---------- which token is which (data-key), kept across drawings ----------

const tokens = { context: "", names: new Map(), next: 1 }; // square name -> {id, owner}

/** Give each token on ``obs``'s board a number that follows it when it moves (see the header). */
function trackTokens(obs, ctx) {
  const context = `${ctx.table}|${ctx.seat}`;
  if (tokens.context !== context) {
    tokens.context = context;
    tokens.names = new Map();
  }
  const now = new Map();
  obs.board.forEach((row, r) => row.forEach((cell, c) => { if (cell) now.set(obs.square_names[r][c], cell.owner); }));
  const before = tokens.names;
  const next = new Map();
  for (const owner of [0, 1]) {
    const stayed = [...now].filter(([name, o]) => o === owner && before.has(name) && before.get(name).owner === owner).map(([name]) => name);
    const arrived = [...now].filter(([name, o]) => o === owner && !stayed.includes(name)).map(([name]) => name);
    const left = [...before].filter(([name, info]) => info.owner === owner && now.get(name) !== owner).map(([name]) => name);
    for (const name of stayed) next.set(name, before.get(name));
    if (arrived.length === 1 && left.length === 1) next.set(arrived[0], before.get(left[0]));
    else for (const name of arrived) next.set(name, { id: tokens.next++, owner });
  }
  tokens.names = next;
  return (name) => (next.has(name) ? `tok-${next.get(name).id}` : null);
}

/** ``node`` (a label, a counter) inside a group explained by the rules entry ``term``: its tip
 * on hover, focus and long-press (rules.js installTermTips). */
function termed(term, ...nodes) {
  return svg("g", { "data-term": term }, ...nodes);
}

function hourglass(x, y) {
  return svg(
    "g",
    { class: "hourglass", "aria-label": t("hourglass"), "data-term": "hourglass" },
    svg("path", { d: `M${x - 9},${y - 13} h18 l-9,13 l9,13 h-18 l9,-13 z`, fill: "#e8c16a", stroke: "#5b4630", "stroke-width": 2 }),
  );
}

/** Where everything goes: wide (board left, panels right) or narrow (panels under the board,
 * drawn at a phone's width: text of 13 units, buttons of 40 units or more, no zoom needed). */
function layout(obs, narrow) {
  const cols = obs.columns;
  if (!narrow) {
    const sq = Math.min(100, Math.floor(400 / cols));
    const bx = 172; // room for the row labels in every language ("Retaguardia de Isis")
    const px = bx + cols * sq + 30;
    return { W: 960, H: 520, sq, bx, band: 0, font: 12, small: 11, panels: [[px, 14], [px, 254]], panelW: 960 - px - 12, panelH: 226, mini: 26, miniPitch: 30 };
  }
  const W = 372;
  const sq = Math.max(40, Math.min(84, Math.floor((W - 16) / cols)));
  const band = 20;
  const boardBottom = 34 + 4 * (sq + band) + 22;
  const top = boardBottom + 12;
  const panelH = 350;
  return { W, H: top + 2 * (panelH + 8) + 48, sq, bx: Math.round((W - cols * sq) / 2), band, font: 13, small: 13, panels: [[8, top], [8, top + panelH + 8]], panelW: W - 16, panelH, mini: 32, miniPitch: 36 };
}

function boardGeometry(obs, seat, L) {
  const cols = obs.columns;
  const sq = L.sq;
  const flip = seat === 1;
  const rows = flip ? [0, 1, 2, 3] : [3, 2, 1, 0]; // top to bottom
  const order = [...Array(cols).keys()];
  if (flip) order.reverse();
  const bx = L.bx;
  const by = 34;
  const river = 22;
  const band = L.band;
  const pos = (r, c) => {
    const di = rows.indexOf(r);
    const dc = order.indexOf(c);
    return { x: bx + dc * sq, y: by + band + di * (sq + band) + (di >= 2 ? river : 0) };
  };
  return { cols, sq, rows, order, bx, by, river, band, pos };
}

function drawBoard(obs, ctx, legal, g, L) {
  const geo = boardGeometry(obs, ctx.seat, L);
  const { sq, rows, order, bx, by, river, band, pos, cols } = geo;
  const me = ctx.seat;
  const keyOf = trackTokens(obs, ctx);
  const sel = selection;
  const placeTargets = sel && sel.kind === "hand" ? legal.place.get(sel.value) || new Map() : new Map();
  const moveTargets = sel && sel.kind === "soldier" ? legal.moves.get(sel.square) || [] : [];
  const attackTargets = sel && sel.kind === "soldier" ? legal.attacks.get(sel.square) || [] : [];

  // column letters and row labels
  order.forEach((c, dc) => {
    const letter = obs.square_names[0][c][0];
    g.append(termed("coordinates", svg("text", { x: bx + dc * sq + sq / 2, y: by - 10, "text-anchor": "middle", "font-size": 14, "font-weight": 700, fill: "var(--ink)", text: letter })));
    if (!band) g.append(termed("coordinates", svg("text", { x: bx + dc * sq + sq / 2, y: by + 4 * sq + river + 18, "text-anchor": "middle", "font-size": 14, "font-weight": 700, fill: "var(--ink)", text: letter })));
  });
  rows.forEach((r) => {
    const { y } = pos(r, order[0]);
    const rowTerm = r === 0 || r === 3 ? "rearguard" : "vanguard";
    if (band) {
      // narrow: the row's name on a line above it
      g.append(termed(rowTerm, svg("text", { x: bx, y: y - 5, "font-size": L.font, "font-weight": 600, fill: "var(--ink)", text: `${rowNames()[r]} · ${t("row {n}", { n: r + 1 })}` })));
    } else {
      g.append(termed(rowTerm,
        svg("text", { x: bx - 12, y: y + sq / 2 - 2, "text-anchor": "end", "font-size": 13, "font-weight": 600, fill: "var(--ink)", text: rowNames()[r] }),
        svg("text", { x: bx - 12, y: y + sq / 2 + 14, "text-anchor": "end", "font-size": 11, fill: "var(--muted)", text: t("row {n}", { n: r + 1 }) })));
    }
  });
  // the river between the halves
  const ry = by + 2 * band + 2 * sq;
  g.append(svg("rect", { class: "river", x: bx - 6, y: ry + 2, width: cols * sq + 12, height: river - 4, rx: 6, fill: "var(--river)" }));
  const wave = ` t ${sq / 2},0`.repeat(cols * 2 - 1);
  g.append(svg("path", { d: `M${bx},${ry + river / 2} q ${sq / 4},-5 ${sq / 2},0${wave}`, fill: "none", stroke: "#d9ecfb", "stroke-width": 2 }));

  const central = Math.floor(cols / 2);
  for (const r of rows) {
    for (const c of order) {
      const { x, y } = pos(r, c);
      const name = obs.square_names[r][c];
      const cell = obs.board[r][c];
      const sethHalf = r <= 1;
      const rear = r === 0 || r === 3;
      const fill = sethHalf ? (rear ? "#2f2a26" : "#3f3832") : rear ? "#e6d9b8" : "#f4ecd8";
      const ink = sethHalf ? "#e4dccf" : "#4f4538";
      const sg = svg("g", { class: "square", "data-key": `sq-${name}`, "data-square": name, "data-occupied": cell ? "yes" : "no", "data-term": rear ? (c === central ? "central-rearguard" : "rearguard") : "vanguard" });
      sg.append(svg("rect", { class: "focus-ring", x: x + 1, y: y + 1, width: sq - 2, height: sq - 2, rx: 4, fill, stroke: "#8a7757", "stroke-width": 1.5 }));
      if (rear) {
        // a rearguard square is walled: merlons along the board's outer edge
        const edge = rows.indexOf(r) === 0 ? y + 1 : y + sq - 5;
        for (let m = 0; m < 4; m += 1) sg.append(svg("rect", { x: x + 4 + m * ((sq - 12) / 3), y: edge, width: 4, height: 4, fill: ink, opacity: 0.5, "aria-hidden": "true" }));
      }
      sg.append(svg("text", { x: x + 5, y: y + L.small + 4, "font-size": L.small, fill: ink, text: name }));
      if (rear && c === central) sg.append(svg("circle", { cx: x + sq - 9, cy: y + 11, r: 3.5, fill: "none", stroke: ink, "stroke-width": 1.5 }));
      const tokenSize = sq * (band ? 0.56 : 0.6);
      if (cell) sg.append(token(x + sq / 2, y + sq / 2 + (band ? 0 : 2), tokenSize, cell, { dataset: { square: name }, labelSize: L.small, labelFill: ink, key: keyOf(name) }));

      let action = null;
      let label = "";
      let choose = null;
      if (placeTargets.has(name)) {
        const faces = placeTargets.get(name);
        action = "choose";
        label = sel.value === "?" ? t("{square}: place the unseen token here", { square: name }) : t("{square}: place the {value} here", { square: name, value: sel.value });
        sg.dataset.target = "place";
        sg.dataset.faces = [faces.up ? "up" : "", faces.down ? "down" : ""].filter(Boolean).join(" ");
        choose = () => {
          if (faces.up && faces.down) {
            selection = { ...sel, square: name };
            ctx.rerender();
          } else {
            selection = null;
            ctx.play(`place ${sel.value} ${name}${faces.down ? " down" : ""}`);
          }
        };
      } else if (moveTargets.includes(name)) {
        action = `move ${sel.square} ${name}`;
        label = t("{square}: move the soldier from {from} here", { square: name, from: sel.square });
        sg.dataset.target = "move";
      } else if (attackTargets.includes(name)) {
        action = `attack ${sel.square} ${name}`;
        label = cell ? t("{square}: attack this soldier with the one on {from}", { square: name, from: sel.square }) : t("{square}: attack the undefended rearguard with the soldier on {from} (wins)", { square: name, from: sel.square });
        sg.dataset.target = "attack";
      } else if (cell && cell.owner === me && (legal.moves.has(name) || legal.attacks.has(name))) {
        action = "select";
        const what = cell.value === null ? t("your face-down soldier") : t("your {value}", { value: cell.value });
        label = sel && sel.square === name ? t("{square}: selected {what}", { square: name, what }) : t("{square}: select {what}", { square: name, what });
        sg.dataset.selectable = "yes";
      }
      if (sel && sel.kind === "soldier" && sel.square === name) {
        sg.append(svg("rect", { x: x + 3, y: y + 3, width: sq - 6, height: sq - 6, rx: 4, fill: "none", stroke: "#ffb000", "stroke-width": 4 }));
        sg.dataset.selected = "yes";
      }
      if (sel && sel.kind === "hand" && sel.square === name) {
        sg.append(svg("rect", { x: x + 3, y: y + 3, width: sq - 6, height: sq - 6, rx: 4, fill: "none", stroke: "#ffb000", "stroke-width": 4 }));
      }
      if (action === "select" && !sg.dataset.selected) {
        // a soldier that can act: a thin ring, so that "click one of your soldiers" shows which
        sg.append(svg("rect", { class: "select-ring", x: x + 4, y: y + 4, width: sq - 8, height: sq - 8, rx: 5, fill: "none", stroke: "#ffb000", "stroke-width": 2, "aria-hidden": "true" }));
      }
      if (action) {
        if (action !== "select") {
          const colour = sg.dataset.target === "attack" ? "#e53935" : "#ffb000";
          sg.classList.add("target");
          sg.append(svg("rect", { class: "target-ring", x: x + 6, y: y + 6, width: sq - 12, height: sq - 12, rx: 4, fill: "none", stroke: colour, "stroke-width": 3 }));
          if (sg.dataset.target === "attack") {
            const cx = x + sq - 14;
            const cy = y + sq - 14;
            sg.append(svg("path", { d: `M${cx - 7},${cy - 7} L${cx + 7},${cy + 7} M${cx + 7},${cy - 7} L${cx - 7},${cy + 7}`, stroke: colour, "stroke-width": 3 }));
          }
        }
        if (action !== "choose" && action !== "select") sg.dataset.action = action;
        svgButton(
          sg,
          label,
          () => {
            if (action === "choose") {
              choose();
            } else if (action === "select") {
              selection = sel && sel.square === name ? null : { ...selectionKey(ctx), kind: "soldier", square: name };
              ctx.rerender();
            } else {
              selection = null;
              ctx.play(action);
            }
          },
          `nile-sq-${name}`,
        );
      } else {
        const who = !cell ? t("empty") : cell.value === null ? t("{god}'s face-down token", { god: obs.players[cell.owner].name }) : t("{god}'s {value}", { god: obs.players[cell.owner].name, value: cell.value });
        sg.setAttribute("aria-label", `${name}, ${rowNames()[r]}: ${who}`);
      }
      g.append(sg);
    }
  }
  return geo;
}

function selectionKey(ctx) {
  return { table: ctx.table, seat: ctx.seat, version: ctx.version };
}

/** A hand token's label (its screen reader's name and hover title): one message each, in words
 * for every device ("choose", never "click" or "tap"). @param {string} key its value, "?" unseen */
function handTokenLabel(key, selected) {
  if (key === "?") return selected ? t("Hand token (not seen): selected; choose a highlighted square") : t("Hand token (not seen): select it to place it");
  return selected ? t("Hand token {value}: selected; choose a highlighted square", { value: key }) : t("Hand token {value}: select it to place it", { value: key });
}

/** A plinth under a row of small tokens: the side's column (its draw pile) or its cemetery. */
function plinth(x, y, width, height) {
  return svg("g", { "aria-hidden": "true" },
    svg("rect", { x, y, width, height, rx: 3, fill: "#d8c7a0", stroke: "#a08660", "stroke-width": 1 }),
    svg("rect", { x: x - 3, y: y + height - 4, width: width + 6, height: 5, rx: 2, fill: "#b89c68" }));
}

/**
 * One seat's side panel, its top-left corner at [x, y].
 * @param {any} obs @param {number} s the seat @param {number[]} corner [x, y] @param {number} width
 * @param {any} ctx @param {any} legal @param {any} L the layout
 */
function sidePanel(obs, s, [x, y], width, ctx, legal, L) {
  const p = obs.players[s];
  const mine = ctx.seat === s;
  const g = svg("g", { class: "side-panel", "data-side": s, "data-own": mine ? "yes" : null });
  const acting = !ctx.over && obs.to_move === s; // nobody acts once the game is over (a resignation, a timeout)
  const narrow = Boolean(L.band);
  g.append(svg("rect", { x, y, width, height: L.panelH, rx: 10, fill: "var(--card)", stroke: acting ? SIDE_FILL[s] : "#c9b996", "stroke-width": acting ? 4 : 2 }));
  g.append(s === 0
    ? svg("rect", { x: x + 12, y: y + 14, width: 20, height: 20, rx: 3, fill: SIDE_FILL[s], stroke: "#fff", "stroke-width": 2 })
    : svg("circle", { cx: x + 22, cy: y + 24, r: 10, fill: SIDE_FILL[s], stroke: "#fff", "stroke-width": 2 }));
  g.append(termed(s === 0 ? "seth" : "isis", svg("text", { class: "seat-heading", x: x + 42, y: y + 30, "font-size": 17, "font-weight": 700, fill: "#2a1b0c", "data-fit": width - 42 - 44, "data-fit-before": `hourglass-${s}`, "data-fit-min": L.small + 1, text: `${p.name}${mine ? ` ${t("(you)")}` : ""}${acting ? ` — ${t("to act")}` : ""}` })));
  if (obs.hourglass === s && obs.to_move !== null) {
    g.append(hourglass(x + width - 22, y + 24));
    if (!narrow) g.append(termed("hourglass", svg("text", { x: x + width - 38, y: y + 30, "text-anchor": "end", "font-size": L.small, fill: "#5a4e3e", "data-fit-id": `hourglass-${s}`, text: t("hourglass") })));
  }
  const label = (lx, ly, text, extra = {}) => svg("text", { x: lx, y: ly, "font-size": L.font, fill: "#5a4e3e", text, ...extra });

  // hand
  g.append(termed("hand", label(x + 14, y + 58, t("Hand"))));
  if (!p.hand.length) g.append(termed("hand", svg("text", { x: x + 14, y: y + 84, "font-size": 13, fill: "#8b8070", text: t("(empty)") })));
  p.hand.forEach((v, i) => {
    const cell = { owner: s, value: v, face_up: p.hand_face_up[i] };
    const cx = x + 38 + i * 56;
    const cy = y + 90;
    const tg = token(cx, cy, 46, cell, { dataset: { hand: `${s}-${i}` }, downLabel: false });
    const key = v === null ? "?" : String(v);
    if (mine && legal.place.has(key)) {
      const selected = selection && selection.kind === "hand" && selection.value === key && selection.index === i;
      tg.classList.add("target");
      tg.dataset.handValue = key;
      if (selected) {
        tg.dataset.selected = "yes";
        tg.append(svg("rect", { x: cx - 28, y: cy - 28, width: 56, height: 56, rx: 8, fill: "none", stroke: "#ffb000", "stroke-width": 4 }));
      }
      svgButton(
        tg,
        handTokenLabel(key, selected),
        () => {
          selection = selected ? null : { ...selectionKey(ctx), kind: "hand", value: key, index: i };
          ctx.rerender();
        },
        `nile-hand-${i}`,
      );
    }
    g.append(tg);
  });

  // column, cemetery: rows of small tokens on plinths
  const mini = L.mini;
  const pitch = L.miniPitch;
  const [colX, colY] = narrow ? [14, 140] : [150, 58];
  const perRow = Math.max(4, Math.floor((width - colX - 12) / pitch));
  g.append(termed("column", label(x + colX, y + colY, t("Column: {n} (next drawn on the left)", { n: p.column.length }))));
  const shown = p.column.slice(0, 2 * perRow);
  const column = svg("g", { class: "column", "data-term": shown.length ? null : "column" });
  if (shown.length) column.append(plinth(x + colX - 2, y + colY + 8, Math.min(shown.length, perRow) * pitch, Math.ceil(shown.length / perRow) * pitch + 4));
  shown.forEach((v, i) => {
    column.append(token(x + colX + mini / 2 + (i % perRow) * pitch, y + colY + 10 + mini / 2 + Math.floor(i / perRow) * pitch, mini, { owner: s, value: v, face_up: v !== null }, { dataset: { column: `${s}-${i}` } }));
  });
  g.append(column);
  if (p.column.length > shown.length) g.append(termed("column", label(x + width - 14, y + colY, `+${p.column.length - shown.length}`, { "text-anchor": "end" })));
  const [cemX, cemY] = narrow ? [14, 236] : [14, 152];
  const cemPerRow = Math.max(4, Math.floor((width - cemX - 12) / pitch));
  g.append(termed("cemetery", label(x + cemX, y + cemY, t("Cemetery: {n}", { n: p.cemetery.length }))));
  const dead = p.cemetery.slice(0, narrow ? 2 * cemPerRow : cemPerRow);
  dead.forEach((v, i) => {
    g.append(token(x + cemX + mini / 2 + (i % cemPerRow) * pitch, y + cemY + 10 + mini / 2 + Math.floor(i / cemPerRow) * pitch, mini, { owner: s, value: v, face_up: true }, { dataset: { cemetery: `${s}-${i}` } }));
  });
  g.append(termed("soldier", label(x + 14, y + L.panelH - 10, t("on the board: {n}", { n: p.on_board }))));
  return g;
}

/** The status line: round, phase and who acts. */
export function status(view) {
  const obs = view.observation;
  const names = obs.players.map((p) => translateLine(p.name));
  if (view.finished || obs.phase === "over") {
    return view.result_text ? translateLine(view.result_text) : obs.result ? t("Game over: {result}", { result: translateLine(obs.result) }) : t("The game is over.");
  }
  const who = obs.to_move === null ? "" : names[obs.to_move];
  if (obs.phase === "placement") return t("Round {round} · placement · {who} places a token", { round: obs.round, who });
  if (obs.phase === "combat") return t("Round {round} · combat · {who} acts", { round: obs.round, who });
  if (obs.phase === "final_action") {
    const ender = obs.ended_by === null || obs.ended_by === undefined ? "" : ` ${t("({god} ended the turn)", { god: names[obs.ended_by] })}`;
    return `${t("Round {round} · {who} has one last action", { round: obs.round, who })}${ender}`;
  }
  return `${t("Round {round}", { round: obs.round })} · ${phaseWords()[obs.phase] || obs.phase}`;
}

/**
 * Draw the board for ``view``. ctx: {table, seat, version, actions: Set, play(text), rerender()}.
 * Returns {board, controls, prompt}.
 */
export function render(view, ctx) {
  const obs = view.observation;
  const key = selectionKey(ctx);
  if (selection && (selection.table !== key.table || selection.seat !== key.seat || selection.version !== key.version)) {
    selection = null;
  }
  if (!ctx.actions.size) selection = null;
  const legal = parseLegal(ctx.actions);
  const L = layout(obs, ctx.narrow);
  const { W, H } = L;
  const root = svg("svg", { class: "board nile", viewBox: `0 0 ${W} ${H}`, role: "group", "aria-label": t("Dioses del Nilo board"), "data-layout": ctx.narrow ? "narrow" : "wide" });
  root.append(defs());
  root.append(svg("rect", { width: W, height: H, fill: "var(--board)" }));
  const boardGroup = svg("g", { class: "nile-board" });
  drawBoard(obs, ctx, legal, boardGroup, L);
  root.append(boardGroup);
  const bottom = ctx.seat === 1 ? 1 : 0;
  root.append(sidePanel(obs, 1 - bottom, L.panels[0], L.panelW, ctx, legal, L));
  root.append(sidePanel(obs, bottom, L.panels[1], L.panelW, ctx, legal, L));
  // the draw counters, each explained by its entry; then the last events (narration, not a term)
  const counters = [["no-fight-count", t("combat actions without a fight: {n}/{limit}", { n: obs.quiet, limit: obs.no_fight_limit })]];
  if (obs.repetition_limit && (obs.phase === "combat" || obs.phase === "final_action")) {
    counters.push(["repetition-count", t("this position: {n}/{limit}", { n: obs.repetitions, limit: obs.repetition_limit })]);
  }
  const lines = ctx.narrow ? counters.map((c) => [c]) : [counters];
  if (obs.events && obs.events.length) {
    lines.push([[null, t("Last: {events}", { events: obs.events.map((e) => translateLine(e)).join(" ") }).slice(0, ctx.narrow ? 46 : 140)]]);
  }
  lines.forEach((parts, i) => {
    const last = i === lines.length - 1 && obs.events && obs.events.length;
    const text = svg("text", { x: 12, y: H - 10 - (lines.length - 1 - i) * 17, "font-size": L.font, fill: last ? "var(--ink)" : "var(--muted)", "data-events": last ? "" : null, "data-narration": last ? "" : null });
    parts.forEach(([term, words], j) => text.append(svg("tspan", { "data-term": term, text: j ? ` · ${words}` : words })));
    root.append(text);
  });

  const controls = [];
  let prompt = "";
  const tap = tapping(ctx.narrow);
  if (ctx.actions.size) {
    const sel = selection;
    if (obs.phase === "placement") {
      if (sel && sel.kind === "hand" && sel.square) {
        prompt = sel.value === "?" ? t("Place the unseen token on {square}:", { square: sel.square }) : t("Place the {value} on {square}:", { value: sel.value, square: sel.square });
        controls.push(el("button", { "data-action": `place ${sel.value} ${sel.square}`, on: { click: () => { selection = null; ctx.play(`place ${sel.value} ${sel.square}`); } } }, t("Face up")));
        controls.push(el("button", { "data-action": `place ${sel.value} ${sel.square} down`, on: { click: () => { selection = null; ctx.play(`place ${sel.value} ${sel.square} down`); } } }, t("Face down")));
        controls.push(el("button", { class: "secondary", on: { click: () => { selection = { ...sel, square: undefined }; ctx.rerender(); } } }, t("Cancel")));
      } else if (sel && sel.kind === "hand") {
        prompt = tap
          ? t("Tap a highlighted square of your half (face down is possible only in your rearguard).")
          : t("Click a highlighted square of your half (face down is possible only in your rearguard).");
      } else {
        prompt = tap ? t("Tap a token of your hand, then a square of your half.") : t("Click a token of your hand, then a square of your half.");
      }
    } else {
      if (sel && sel.kind === "soldier") {
        prompt = tap
          ? t("Soldier on {square}: tap a square to move to (yellow) or to attack (red ✕).", { square: sel.square })
          : t("Soldier on {square}: click a square to move to (yellow) or to attack (red ✕).", { square: sel.square });
      } else {
        prompt = tap ? t("Tap one of your soldiers to move or attack with it.") : t("Click one of your soldiers to move or attack with it.");
      }
      if (sel) controls.push(el("button", { class: "secondary", on: { click: () => { selection = null; ctx.rerender(); } } }, t("Cancel selection")));
      if (legal.end) controls.push(el("button", { "data-action": "end", on: { click: () => ctx.play("end") } }, t("End turn")));
      if (legal.decline) controls.push(el("button", { "data-action": "decline", on: { click: () => ctx.play("decline") } }, t("Decline the last action")));
    }
  }
  return { board: root, controls, prompt };
}

/** Forget the selection (Escape). */
export function clearSelection() {
  const had = selection !== null;
  selection = null;
  return had;
}

/**
 * The data-keys of the squares that changed from ``prev`` to ``view`` (two views of one seat, or
 * replay steps): a token came, went, turned face up or changed hands. A face-down token's value
 * is compared only as each view shows it, so nothing hidden is told. Returns a Set of "sq-a1" keys.
 */
export function changedKeys(prev, view) {
  const keys = new Set();
  const a = prev && prev.observation;
  const b = view && view.observation;
  if (!a || !b || !a.board || !b.board || a.columns !== b.columns) return keys;
  const same = (x, y) => (!x && !y) || (x && y && x.owner === y.owner && x.face_up === y.face_up && x.value === y.value);
  b.board.forEach((row, r) => row.forEach((cell, c) => {
    if (!same(a.board[r][c], cell)) keys.add(`sq-${b.square_names[r][c]}`);
  }));
  return keys;
}
