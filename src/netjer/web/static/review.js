// The review of a finished game in the replay viewer, and the hint at the table (issue 16;
// server: src/netjer/server/reviews.py, method: docs/review.md).
//
// A seat asks for a review of its own decisions; its progress arrives on the reviews'
// WebSocket; the finished review is drawn as a graph of each shown seat's estimated chance to
// win over the game (SVG drawn here, every label a text node), with the marked decisions as
// focusable points and as a list of buttons.  Selecting a marked decision moves the replay to
// the position before it and shows the action the search preferred, in words and, where the
// game's board draws that action, highlighted on the board.  Everything shown comes from the
// server's answer for this viewer (another seat's review only once that seat published it).
// The panel is drawn anew at every message of the reviews' socket: each focusable element
// carries a focus key (common.js), and the focus returns to the element with the same key (the
// same decision, the same control), so a keyboard user's next key still acts.
// Decisions the computer took for a seat whose time ran out (``standin``) are drawn apart: a
// grey band on the graph, hollow marks, "by the computer" in the lists, and never counted in
// the seat's marks.
// A decision is numbered, placed on the graph and shown on the board at its step of the replay
// (``stepOf``): an undo and the action it took back are steps too, so after an undo a
// decision's step is later than its index in the game as it ended (``ply``, the server's key).
// The terminal's ``netjer replay`` and ``netjer review`` number the decisions the same way.

import { api, el, focusKey, formatNumber, formatPercent, language, restoreFocus, svg, svgButton, t, tn, translateLine } from "./common.js";

export const MARK_SIGN = { inaccuracy: "?!", mistake: "?", blunder: "??" };
const MARK_COLOUR = { inaccuracy: "#9a7400", mistake: "#c05000", blunder: "#b71c1c" };
const GRAPH = { W: 320, H: 200, left: 44, right: 8, top: 10, bottom: 30 }; // about the side panel's width: text stays legible

const rs = {
  open: false,
  tableId: null,
  seat: null,
  token: null,
  data: null, // the server's {reviews: [...], iterations, max_iterations, ...}
  socket: null,
  selected: null, // {seat, ply} of the decision selected
  index: 0, // the replay's step
  outlined: false, // whether the board drawn at that step outlines the preferred action
  iterations: null, // the iterations per search typed, kept across redraws (null: the server's default)
  hooks: null, // {goTo(step), rerender(), steps, undos, colours, labels}
  entries: [], // the replay's step (less one) of each action of the game as it ended
  error: null,
  sending: false,
};

/** The page's element of this id (any: the page's HTML, not the checker, knows its kind). @type {(id: string) => any} */
const $ = (id) => document.getElementById(id);
const percent = (v) => formatPercent(v); // the page's number format ("42 %" in German)

/** A mark's name in the page's language ("inaccuracy", "mistake", "blunder"). */
export function markName(mark) {
  const names = { inaccuracy: t("inaccuracy"), mistake: t("mistake"), blunder: t("blunder") };
  return names[mark] || mark;
}

/** "{mark}" or, for the computer's decision standing in for the seat, "{mark}, by the computer". */
function markTitle(d) {
  return d.standin ? t("{mark}, played by the computer standing in", { mark: markName(d.mark) }) : markName(d.mark);
}

/** "N iterations per search", in the page's language. */
function perSearch(n) {
  return tn("{n} iteration per search", "{n} iterations per search", n);
}

// ---------- opening, closing, the server ----------

/** Open the review panel of the replay: ``hooks`` = {goTo(step), rerender(), steps: number of
 * the replay's steps after the start, undos: whether each of those steps is an undo, colours, labels}. */
export function openReview(tableId, seat, token, hooks) {
  closeReview();
  Object.assign(rs, { open: true, tableId, seat, token, hooks, data: null, selected: null, error: null, sending: false, index: 0, outlined: false, iterations: null,
    entries: entryOfPlies(hooks.undos || []) });
  $("review-panel").classList.remove("hidden");
  drawPanel();
  connect();
}

export function closeReview() {
  rs.open = false;
  if (rs.socket) {
    rs.socket.onclose = null;
    rs.socket.close();
  }
  rs.socket = null;
  rs.selected = null;
  const panel = $("review-panel");
  if (panel) panel.classList.add("hidden");
}

function connect() {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${window.location.host}/ws/tables/${encodeURIComponent(rs.tableId)}/reviews?lang=${encodeURIComponent(language())}`);
  rs.socket = socket;
  socket.onopen = () => socket.send(JSON.stringify({ type: "hello", seat: rs.seat, token: rs.token }));
  socket.onmessage = (event) => {
    let message;
    try {
      message = JSON.parse(event.data);
    } catch (err) {
      return;
    }
    if (message.type === "reviews") {
      rs.data = message;
      rs.error = null;
      redraw();
    } else if (message.type === "error") {
      rs.error = message.message || t("The reviews could not be loaded.");
      drawPanel();
    }
  };
  socket.onclose = (event) => {
    // a refusal (4xxx: no such table, a wrong token) is final; a lost connection is tried again
    if (event.code >= 4000 && event.code < 5000) return;
    if (rs.open && rs.socket === socket) setTimeout(() => rs.open && rs.socket === socket && connect(), 2000);
  };
}

async function requestReview() {
  const input = $("review-iterations");
  // The number typed, read as the browser reads it ("1e3" is 1000, not parseInt's 1); a value
  // that is not a whole number goes to the server as typed, which refuses it with its reason.
  const iterations = Number.isInteger(input.valueAsNumber) ? input.valueAsNumber : input.value.trim() || null;
  if (rs.sending) return; // the button says so (aria-disabled) but keeps the focus: see OWN
  rs.sending = true;
  rs.error = null;
  drawPanel();
  try {
    await api(`/api/tables/${encodeURIComponent(rs.tableId)}/reviews`, { method: "POST", body: { seat: rs.seat, iterations }, token: rs.token });
  } catch (err) {
    rs.error = t("No review: {reason}", { reason: err.message });
  }
  rs.sending = false;
  drawPanel();
}

async function publish() {
  try {
    rs.data = { ...rs.data, ...(await api(`/api/tables/${encodeURIComponent(rs.tableId)}/reviews/publish`, { method: "POST", body: { seat: rs.seat }, token: rs.token })) };
  } catch (err) {
    rs.error = t("Not published: {reason}", { reason: err.message });
  }
  drawPanel();
}

// ---------- what the replay asks ----------

/** For each action of the game as it ended, the index of the replay's entry that played it
 * (``undos[i]``: entry i is an undo, which takes back the last action standing; the action
 * played next takes its place). The same as ``entry_of_plies`` in netjer/core/record.py. */
export function entryOfPlies(undos) {
  const played = [];
  undos.forEach((undo, i) => {
    if (undo) played.pop();
    else played.push(i);
  });
  return played;
}

/** The replay's step that shows the position before decision ``ply`` (the decision's number
 * less one): its entry's index, undos counted. */
function stepOf(ply) {
  return ply < rs.entries.length ? rs.entries[ply] : ply;
}

function doneReviews() {
  return ((rs.data && rs.data.reviews) || []).filter((e) => e.status === "done" && e.review);
}

function selectedDecision() {
  if (!rs.selected) return null;
  const entry = doneReviews().find((e) => e.seat === rs.selected.seat);
  return entry ? entry.review.decisions.find((d) => d.ply === rs.selected.ply) || null : null;
}

/** The actions the board should draw as targets at replay step ``index``: the preferred
 * action of the selected decision when the replay shows the position before it. */
export function highlightAt(index) {
  const d = selectedDecision();
  return d && stepOf(d.ply) === index && d.preferred && d.preferred !== d.action ? new Set([d.preferred]) : new Set();
}

/** After the board is drawn with highlightAt()'s actions as targets: make them highlights,
 * not buttons (nothing is played in a replay); returns whether one was drawn. */
export function markBoard(board, className = "review-preferred") {
  let drawn = false;
  for (const node of board.querySelectorAll("[data-action]")) {
    node.removeAttribute("role");
    node.removeAttribute("tabindex");
    node.classList.add(className);
    const title = node.querySelector("title");
    if (title) title.remove();
    node.setAttribute("aria-label", className === "hint" ? t("the hint's action") : t("the action the search preferred"));
    drawn = true;
  }
  return drawn;
}

/** The mark of each reviewed decision, by the replay's step that plays it (its number less
 * one), for the replay's list of actions. */
export function marksByStep() {
  const out = new Map();
  for (const entry of doneReviews()) for (const d of entry.review.decisions) if (d.mark) out.set(stepOf(d.ply), { ...d, seat: entry.seat });
  return out;
}

function select(seat, ply) {
  rs.selected = { seat, ply };
  rs.hooks.goTo(stepOf(ply)); // redraws the replay, which calls decorate()
  const detail = $("review-detail");
  if (detail) detail.focus({ preventScroll: true }); // screen readers hear the detail; the board stays in view
}

/** Called after each replay drawing: the graph's cursor, the list's marks, the selection. */
export function decorate(index, boardHighlighted) {
  if (!rs.open) return;
  rs.index = index;
  rs.outlined = boardHighlighted;
  const cursor = document.querySelector("#review-graph [data-cursor]");
  if (cursor) {
    const x = xOf(index);
    cursor.setAttribute("x1", String(x));
    cursor.setAttribute("x2", String(x));
  }
  const marks = marksByStep();
  for (const link of document.querySelectorAll("#replay-steps a[data-step]")) {
    if (!(link instanceof HTMLElement)) continue;
    const old = link.parentElement.querySelector(".review-mark");
    if (old) old.remove();
    const d = marks.get(Number(link.dataset.step) - 1);
    if (d) link.after(" ", el("span", { class: `review-mark ${d.mark}${d.standin ? " standin" : ""}`, "data-mark": d.mark, "data-standin": d.standin ? "yes" : null, title: markTitle(d), "aria-label": markTitle(d) }, MARK_SIGN[d.mark]));
  }
  drawDetail(index, boardHighlighted);
}

function redraw() {
  drawPanel();
  if (rs.hooks) rs.hooks.rerender();
}

// ---------- drawing ----------

function label(seat) {
  const given = rs.hooks && rs.hooks.labels && rs.hooks.labels[seat];
  return given ? translateLine(given) : t("Seat {n}", { n: seat }); // "Red" in the page's language
}

function colour(seat) {
  return (rs.hooks && rs.hooks.colours && rs.hooks.colours[seat]) || "#444";
}

function drawPanel() {
  const box = $("review-body");
  if (!box || !rs.open) return;
  const key = focusKey();
  const parts = [];
  const data = rs.data;
  if (rs.error) parts.push(el("p", { class: "notice error", role: "alert" }, rs.error));
  if (!data) {
    parts.push(el("p", { class: "muted small" }, t("Loading the reviews…")));
    box.replaceChildren(...parts);
    restoreFocus(key, box);
    return;
  }
  const own = rs.seat === null ? null : data.reviews.find((e) => e.seat === rs.seat);
  if (rs.seat !== null) parts.push(ownControls(data, own));
  const done = doneReviews();
  if (done.length) {
    parts.push(graph(done));
    parts.push(legend(done));
    parts.push(markedList(done));
    // the same live region across redraws: a new one, filled again, could be read out again at
    // every message (a review's progress sends one per decision reviewed)
    parts.push($("review-detail") || el("div", { id: "review-detail", class: "review-detail", tabindex: "-1", "aria-live": "polite", "data-focus-key": "review-detail" }));
  } else if (rs.seat === null || (own && own.status === "done")) {
    parts.push(el("p", { class: "muted small" }, t("No review has been published at this table.")));
  } else if (!own) {
    parts.push(el("p", { class: "muted small" }, t("Other seats' reviews appear here once they publish them.")));
  }
  box.replaceChildren(...parts);
  drawDetail(rs.index, rs.outlined);
  restoreFocus(key, box);
  document.body.dataset.review = own ? own.status : done.length ? "published" : "none";
}

// The seat's own review passes through states (a request, its progress, a publish button, a line
// saying it is published), each drawn as another element.  They share one focus key, so that the
// keyboard's focus follows the review from one to the next instead of falling to the page (a
// disabled button cannot hold it either: the request button is aria-disabled while it sends).
const OWN = "review-own";

function ownControls(data, own) {
  if (!data.reviewable) return el("p", { class: "muted small" }, data.finished ? t("This game ended before its rules' end (a resignation, a timeout or an agreement): it cannot be reviewed.") : t("A game can be reviewed once it is over."));
  if (!own || own.status === "failed") {
    const input = el("input", { id: "review-iterations", "data-focus-key": "review-iterations", type: "number", min: 1, max: data.max_iterations, step: 1, value: rs.iterations ?? data.iterations, on: { input: (e) => { rs.iterations = e.target.value; } } });
    return el("div", { class: "review-request" },
      own && own.error ? el("p", { class: "notice error" }, own.error) : null,
      el("p", { class: "small" }, t("The search judges each of your decisions from what you knew then: your estimated chance to win before and after it, and the action it preferred.")),
      el("label", { for: "review-iterations" }, t("Iterations per search (at most {max} on this server; more is steadier and slower)", { max: formatNumber(data.max_iterations) }), input),
      el("button", { id: "review-request", "data-focus-key": OWN, type: "button", "aria-disabled": rs.sending ? "true" : null, on: { click: requestReview } }, t("Review my decisions")));
  }
  const budget = perSearch(own.iterations);
  if (own.status === "running") {
    const progress = tn("{done} of {n} decision reviewed ({budget})", "{done} of {n} decisions reviewed ({budget})", own.total, { done: own.done, budget });
    return el("div", { class: "review-progress", role: "status", tabindex: "-1", "data-focus-key": OWN },
      el("progress", { id: "review-progress", max: own.total || 1, value: own.done, "aria-label": t("review progress") }),
      el("span", { class: "small", "data-progress": `${own.done}/${own.total}` }, " ", progress));
  }
  if (own.published) return el("p", { class: "small", "data-published": "yes", tabindex: "-1", "data-focus-key": OWN }, t("Your review ({budget}) is published: everyone at this table can see it.", { budget }));
  return el("p", { class: "small" }, t("Your review ({budget}) is visible to you only.", { budget }), " ",
    el("button", { id: "review-publish", "data-focus-key": OWN, type: "button", class: "secondary", on: { click: publish } }, t("Publish it to the table")));
}

function actionsCount() {
  return Math.max(1, (rs.hooks && rs.hooks.steps) || 1);
}

function xOf(ply) {
  return GRAPH.left + (ply / actionsCount()) * (GRAPH.W - GRAPH.left - GRAPH.right);
}

function yOf(value) {
  return GRAPH.top + (1 - value) * (GRAPH.H - GRAPH.top - GRAPH.bottom);
}

function graph(done) {
  const root = svg("svg", { id: "review-graph", class: "review-graph", viewBox: `0 0 ${GRAPH.W} ${GRAPH.H}`, role: "group", "aria-label": t("Estimated chance to win over the game") });
  root.append(svg("rect", { x: GRAPH.left, y: GRAPH.top, width: GRAPH.W - GRAPH.left - GRAPH.right, height: GRAPH.H - GRAPH.top - GRAPH.bottom, fill: "#fffdf8", stroke: "#d9cfbd" }));
  for (const v of [0, 0.25, 0.5, 0.75, 1]) {
    root.append(svg("line", { x1: GRAPH.left, x2: GRAPH.W - GRAPH.right, y1: yOf(v), y2: yOf(v), stroke: v === 0.5 ? "#8a8070" : "#ece4d4", "stroke-dasharray": v === 0.5 ? "4 3" : null }));
    root.append(svg("text", { x: GRAPH.left - 6, y: yOf(v) + 4, "text-anchor": "end", "font-size": 12, fill: "#6b6256", text: percent(v) }));
  }
  const n = actionsCount();
  const stepX = n > 100 ? 50 : n > 40 ? 20 : 10;
  for (let p = 0; p <= n; p += stepX) root.append(svg("text", { x: xOf(p), y: GRAPH.H - GRAPH.bottom + 14, "text-anchor": "middle", "font-size": 12, fill: "#6b6256", text: p }));
  root.append(svg("text", { x: (GRAPH.left + GRAPH.W) / 2, y: GRAPH.H - 4, "text-anchor": "middle", "font-size": 12, fill: "#6b6256", text: t("steps of the replay") }));
  for (const entry of done) {
    // the computer's decisions for the seat (its time ran out): a grey band under the lines
    for (const d of entry.review.decisions) {
      const at = stepOf(d.ply);
      if (d.standin) root.append(svg("rect", { class: "review-standin", "data-standin-ply": d.ply, x: xOf(at), y: GRAPH.top, width: Math.max(1, xOf(at + 1) - xOf(at)), height: GRAPH.H - GRAPH.top - GRAPH.bottom, fill: "#8a8070", "fill-opacity": 0.18 }));
    }
  }
  root.append(svg("line", { "data-cursor": "yes", x1: xOf(rs.index), x2: xOf(rs.index), y1: GRAPH.top, y2: GRAPH.H - GRAPH.bottom, stroke: "#1f5f8b", "stroke-width": 1.5 }));
  for (const entry of done) {
    const points = [];
    for (const d of entry.review.decisions) points.push(`${xOf(stepOf(d.ply))},${yOf(d.before)}`, `${xOf(stepOf(d.ply) + 1)},${yOf(d.after)}`);
    root.append(svg("polyline", { points: points.join(" "), fill: "none", stroke: colour(entry.seat), "stroke-width": 2, "data-review-line": entry.seat }));
    for (const d of entry.review.decisions) {
      if (!d.mark) continue;
      const g = svg("g", { class: "review-point", "data-mark": d.mark, "data-ply": d.ply, "data-seat": entry.seat, "data-standin": d.standin ? "yes" : null });
      const x = xOf(stepOf(d.ply) + 1);
      g.append(svg("circle", { cx: x, cy: yOf(d.after), r: 20, fill: "transparent" })); // a tap target of 40 px on a phone
      // the computer's decision: a hollow point in the mark's colour (not the seat's mark)
      const dot = d.standin ? { fill: "#fff", stroke: MARK_COLOUR[d.mark], "stroke-width": 2 } : { fill: MARK_COLOUR[d.mark], stroke: "#fff", "stroke-width": 1.5 };
      g.append(svg("circle", { class: "focus-ring", cx: x, cy: yOf(d.after), r: 5, ...dot }));
      const name = t("Move {move}, {seat}: {mark}, {before} to {after}", { move: stepOf(d.ply) + 1, seat: label(entry.seat), mark: markTitle(d), before: percent(d.before), after: percent(d.after) });
      svgButton(g, name, () => select(entry.seat, d.ply), `review-point-${entry.seat}-${d.ply}`);
      root.append(g);
    }
  }
  return el("div", { class: "review-graph-box" }, root);
}

function legend(done) {
  const anyStandin = done.some((e) => e.review.decisions.some((d) => d.standin));
  return el("ul", { class: "review-legend small" },
    ...done.map((e) => {
      // the seat's own decisions and marks; the computer's (standing in) are told apart
      const own = e.review.decisions.filter((d) => !d.standin);
      const stood = e.review.decisions.length - own.length;
      return el("li", { "data-review-count": e.seat }, el("span", { class: "swatch", style: `background:${colour(e.seat)}` }),
        tn("{seat}: {n} decision, {marked} marked", "{seat}: {n} decisions, {marked} marked", own.length, { seat: label(e.seat), marked: own.filter((d) => d.mark).length }),
        stood ? ["; ", tn("{n} by the computer standing in (not counted)", "{n} by the computer standing in (not counted)", stood)] : null);
    }),
    ...Object.entries(MARK_SIGN).map(([mark, sign]) => el("li", {}, el("span", { class: `review-mark ${mark}` }, sign), " ", t("{mark}: a loss of at least {loss}", { mark: markName(mark), loss: percent((rs.data.thresholds || {})[mark] || 0) }))),
    anyStandin ? el("li", {}, el("span", { class: "swatch review-standin-swatch" }), t("grey: the computer played for the seat (its time had run out); hollow marks are the computer's")) : null);
}

function markedList(done) {
  const items = [];
  for (const entry of done) {
    for (const d of entry.review.decisions) {
      if (!d.mark) continue;
      items.push(el("li", {},
        el("button", { type: "button", class: "secondary review-pick", "data-focus-key": `review-pick-${entry.seat}-${d.ply}`, "data-review-ply": d.ply, "data-review-seat": entry.seat, "data-standin": d.standin ? "yes" : null, on: { click: () => select(entry.seat, d.ply) } },
          el("span", { class: `review-mark ${d.mark}${d.standin ? " standin" : ""}`, title: markTitle(d) }, MARK_SIGN[d.mark]),
          " ", d.standin
            ? t("Move {move} · {seat} (the computer) · {before} → {after}", { move: stepOf(d.ply) + 1, seat: label(entry.seat), before: percent(d.before), after: percent(d.after) })
            : t("Move {move} · {seat} · {before} → {after}", { move: stepOf(d.ply) + 1, seat: label(entry.seat), before: percent(d.before), after: percent(d.after) }))));
    }
  }
  if (!items.length) return el("p", { class: "small muted" }, t("No decision is marked."));
  return el("div", {}, el("h3", {}, t("Marked decisions")), el("ol", { class: "review-list" }, ...items));
}

function drawDetail(index, boardHighlighted) {
  const box = $("review-detail");
  if (!box) return;
  const key = focusKey();
  const d = selectedDecision();
  if (!d) {
    fillDetail(box, [el("p", { class: "small muted" }, t("Select a marked decision (in the graph or the list) to see what the search preferred."))]);
    return;
  }
  const who = label(rs.selected.seat);
  const lines = [
    el("p", {}, el("strong", {}, t("Move {move}, {seat}:", { move: stepOf(d.ply) + 1, seat: who })), " ", el("span", { class: `review-mark ${d.mark}${d.standin ? " standin" : ""}` }, `${MARK_SIGN[d.mark]} ${markName(d.mark)}`)),
    d.standin ? el("p", { class: "small notice", "data-review-standin": "" }, t("The computer played this decision for {seat}, whose time had run out: it does not count in {seat}'s marks.", { seat: who })) : null,
    el("p", {}, t("Played:"), " ", el("span", { "data-review-played": "" }, translateLine(d.description)), " ", t("(estimated chance to win {chance})", { chance: percent(d.after) })),
    el("p", {}, t("The search preferred:"), " ", el("strong", { "data-review-preferred": d.preferred || "" }, translateLine(d.preferred_description)), ` (${percent(d.before)})`),
    d.preferred && d.preferred !== d.action ? el("p", { class: "small", "data-review-loss": "" }, lossSentence(d)) : null,
  ];
  if (index !== stepOf(d.ply)) lines.push(el("p", { class: "small" }, el("button", { type: "button", class: "secondary", "data-focus-key": "review-before", on: { click: () => rs.hooks.goTo(stepOf(d.ply)) } }, t("Show the position before it"))));
  else if (boardHighlighted) lines.push(el("p", { class: "small muted" }, t("The board shows the position before this decision; the preferred action is outlined.")));
  else lines.push(el("p", { class: "small muted" }, t("The board shows the position before this decision.")));
  fillDetail(box, lines.filter(Boolean)); // replaceChildren would write a null as the text "null"
  restoreFocus(key, box);
}

/** The loss in words, with its measured standard error when the decision was searched again
 * (docs/review.md, "Marks outside the noise"). */
function lossSentence(d) {
  if (d.error === null || d.error === undefined) return t("A loss of {loss} of the chance to win.", { loss: percent(d.loss) });
  return t("A loss of {loss} of the chance to win (± {error}: searched again with {n} iterations per search).", { loss: percent(d.loss), error: percent(d.error), n: d.searched });
}

/** Put ``lines`` in the detail (a live region) unless it shows them already: a screen reader
 * reads a live region's every change out, and the panel is drawn again at each message. */
function fillDetail(box, lines) {
  const drawn = lines.map((n) => n.outerHTML).join("");
  if (box.dataset.drawn === drawn) return;
  box.dataset.drawn = drawn;
  box.replaceChildren(...lines);
}

// ---------- hints ----------

const hint = { shown: null, error: null, busy: false };

/** The hint's button and answer for the seat to act, at a table that allows hints. The seat's
 * view says how many hints it has left (``hints_left``, null without a limit) and whether this
 * position's hint was given (``hint_given``: asked again, the same answer, not counted), so the
 * button is disabled when none are left, after a reload too. */
export function hintControls(view, seat, token, myTurn, onChange) {
  if (!view.hints || view.finished || seat === null || seat === undefined) return [];
  const current = hint.shown && hint.shown.seat === seat && hint.shown.version === view.version ? hint.shown : null;
  const parts = [];
  const left = view.hints_left;
  const spent = !current && left === 0 && !view.hint_given;
  if (myTurn) {
    parts.push(el("button", { id: "hint", type: "button", class: "secondary", disabled: hint.busy || spent || null, on: { click: () => askHint(view, seat, token, onChange) } }, hint.busy ? t("Thinking…") : ["💡 ", t("Hint")]));
    if (!current && typeof left === "number" && !hint.error) {
      parts.push(el("span", { class: "small muted", "data-hints-left": left }, " ", tn("{n} hint left.", "{n} hints left.", left),
        view.hint_given ? [" ", t("This position's hint is shown again without counting.")] : null));
    }
  }
  if (current) {
    parts.push(el("p", { class: "notice info hint-answer", role: "status", "data-hint": current.action },
      t("The search suggests:"), " ", el("strong", {}, translateLine(current.description)), " ",
      tn("(estimated chance to win {chance}, {n} iteration)", "(estimated chance to win {chance}, {n} iterations)", current.iterations, { chance: percent(current.estimate) }),
      current.left !== null && current.left !== undefined ? [" ", el("span", { "data-hints-left": current.left }, tn("{n} hint left.", "{n} hints left.", current.left))] : null));
  } else if (hint.error && myTurn) {
    parts.push(el("p", { class: "notice error", role: "alert" }, hint.error));
  }
  return parts;
}

/** The hint's action at this position, for the board to outline (empty when none). */
export function hintAction(view, seat) {
  const h = hint.shown;
  return h && h.seat === seat && h.version === view.version ? h.action : null;
}

/** Outline the hint's action in ``root`` (the board: the element it draws for the action, if
 * any; the page's lists: the action's button). */
export function markHint(board, action) {
  if (!action) return;
  for (const node of board.querySelectorAll("[data-action]")) {
    if (node.dataset.action === action) node.classList.add("hint");
  }
}

async function askHint(view, seat, token, onChange) {
  hint.busy = true;
  hint.error = null;
  onChange();
  try {
    hint.shown = await api(`/api/tables/${encodeURIComponent(view.table)}/hint`, { method: "POST", body: { seat }, token });
  } catch (err) {
    hint.error = t("No hint: {reason}", { reason: err.message }); // no_hints_left: the view that follows disables the button
  }
  hint.busy = false;
  onChange();
}

/** The table's hint setting in words (shown to everyone). */
export function hintsNote(view) {
  if (!view.hints) return t("Hints are off at this table.");
  return view.hint_limit ? tn("Hints are allowed at this table: {n} per player.", "Hints are allowed at this table: {n} per player.", view.hint_limit) : t("Hints are allowed at this table.");
}
