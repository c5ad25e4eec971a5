// The table page: which seats this tab plays, one WebSocket per seat, drawing every view,
// hot-seat covers between seats, errors, and the replay viewer of a finished game.
//
// Only what a view (or a replay step) contains is drawn: a seat's page shows its own
// observation, and in hot-seat mode nothing of any seat is on the page while the cover
// asks to pass the screen.

import { renderAid } from "./aid.js";
import * as ankh from "./ankh.js";
import * as aton from "./aton.js";
import { api, clockText, el, focusKey, formatNumber, formatSigned, fitTexts, forgetTokens, gameTitle, loadCreatorKey, loadLanguage, loadTabChoice, loadTokens, parseFragment, restoreFocus, saveCreatorKey, saveTabChoice, saveToken, seatTitle, setLineGame, t, translateLine } from "./common.js";
import { SeatConnection } from "./connection.js";
import { chatLineActions, mutedLine, presenceMark, showPresence, showWatching } from "./moderation.js";
import { confirmButton, endingControls, endingWords, retiredWords, sendEnding } from "./endings.js";
import * as nile from "./nile.js";
import { animate, DURATION, markChanged, snapshot } from "./marks.js";
import { fitBoard } from "./phone.js";
import * as review from "./review.js";
import { actionButton, decorateTerms, installTermTips, loadRules, openRules } from "./rules.js";

const RENDERERS = { aton, nile, ankh };
const SEAT_MARKS = { aton: ["▲", "●"], nile: ["■", "●"], ankh: ["●", "■", "◆", "⬟", "⬢"] };
// style.css's palette (the review graph draws its lines in these too)
const SEAT_COLOURS = (() => {
  const palette = [0, 1, 2, 3, 4].map((i) => `var(--seat-${i})`);
  return { aton: palette.slice(0, 2), nile: palette.slice(0, 2), ankh: palette };
})();

/** The page's element of this id (any: the page's HTML, not the checker, knows its kind). @type {(id: string) => any} */
const $ = (id) => document.getElementById(id);
const tableId = (() => {
  const raw = window.location.pathname.split("/").filter(Boolean)[1] || "";
  try {
    return decodeURIComponent(raw);
  } catch (err) {
    return raw; // a mangled address: the server will say there is no such table
  }
})();

const state = {
  held: new Map(), // seat -> token, for the seats this tab plays
  conns: new Map(), // seat (or "watch") -> SeatConnection
  views: new Map(), // same keys -> latest whole view
  shown: undefined, // the seat whose view is on the page (null: spectator)
  cover: null, // seat the hot-seat cover is waiting for
  pending: null, // the seat whose move was sent and not yet answered
  errors: [],
  mode: "live",
  replay: null,
  // The focus key of an element a drawing removed (or disabled) while it had the focus: the
  // button of a move on its way, drawn again only at the seat's next turn. Until the keyboard
  // or the mouse goes elsewhere, each drawing looks for it (see renderView).
  lostFocus: null,
  keyboard: false, // whether the player's last input was a key (not a click or a touch)
  // The last decisions on the board (marks.js): per seat (or "watch"), the view its marks are
  // counted from: the one that answered the seat's last decision (a spectator: the view before).
  baselines: new Map(),
  animating: false, // a drawing's animations are running: the next drawing waits for them
  deferred: false, // a drawing was asked for while they ran
  drawn: null, // {version, seat} of the board on the page (animations only between versions)
  targetsShown: "", // the legal targets the phone's board frame was last panned to
  deleted: false, // the creator deleted the table (the server's news): no controls, no clocks
  ratingChanges: null, // a finished rated game's changes (GET .../ratings): null, "asked" or the list
};

const keyOf = (seat) => (seat === null ? "watch" : String(seat));

// ---------- choosing the seats ----------

function fragmentFor(choice, replay) {
  let frag = choice.seats.length === 0 ? "watch" : choice.seats.length > 1 ? "hotseat" : `seat=${choice.seats[0]}`;
  if (choice.account) frag += "&account"; // the signed-in account's seat: a reload opens it again
  if (replay) frag += "&replay";
  return frag;
}

function decideSeats() {
  const frag = parseFragment(window.location.hash);
  // A link's token is kept for this tab at once, and for the browser once the server accepts it.
  const saved = loadTabChoice(tableId);
  const unconfirmed = { ...((saved && saved.unconfirmed) || {}) };
  for (const { seat, token } of frag.pairs) unconfirmed[String(seat)] = token;
  const stored = { ...loadTokens(tableId), ...unconfirmed };
  const storedSeats = Object.keys(stored).map(Number).filter(Number.isInteger).sort((a, b) => a - b);
  let seats = null;
  if (frag.pairs.length) seats = frag.pairs.map((p) => p.seat);
  else if (frag.hotseat) seats = storedSeats;
  else if (frag.watch) seats = [];
  else if (frag.seat !== null && (stored[String(frag.seat)] || frag.account)) seats = [frag.seat];
  else {
    if (saved && Array.isArray(saved.seats) && saved.seats.every((s) => stored[String(s)])) seats = saved.seats;
    else if (storedSeats.length <= 1) seats = storedSeats;
  }
  return { seats, stored, storedSeats, replay: frag.replay, unconfirmed };
}

function start(seats, stored, replay, unconfirmed = {}) {
  const choice = { seats: [...new Set(seats)].sort((a, b) => a - b), unconfirmed };
  choice.account = choice.seats.length === 1 && !stored[String(choice.seats[0])];
  saveTabChoice(tableId, choice);
  // Tokens leave the address bar: a copied URL never carries one.
  window.history.replaceState(null, "", `${window.location.pathname}#${fragmentFor(choice, replay)}`);
  for (const seat of choice.seats) state.held.set(seat, stored[String(seat)]);
  const handlers = { onView, onError, onStatus, onPresence };
  if (choice.seats.length === 0) {
    state.shown = null;
    state.conns.set("watch", new SeatConnection(tableId, null, null, handlers));
  } else {
    if (choice.seats.length === 1) state.shown = choice.seats[0];
    for (const seat of choice.seats) state.conns.set(keyOf(seat), new SeatConnection(tableId, seat, state.held.get(seat), handlers));
  }
  for (const conn of state.conns.values()) conn.connect();
  document.body.dataset.hotseat = choice.seats.length > 1 ? "yes" : "no";
  if (replay) state.openReplayWhenReady = true;
}

async function showChooser(stored, storedSeats) {
  const cover = $("cover");
  let labels = {};
  try {
    const view = await api(`/api/tables/${encodeURIComponent(tableId)}/view`);
    labels = Object.fromEntries(view.seats.map((s) => [s.seat, seatTitle(s)]));
  } catch (err) {
    labels = {};
  }
  const buttons = storedSeats.map((seat) =>
    el("button", { "data-choose": seat, on: { click: () => { hideCover(); start([seat], stored, false); } } }, t("Play as {seat}", { seat: labels[seat] || `#${seat}` })),
  );
  buttons.push(el("button", { "data-choose": "hotseat", on: { click: () => { hideCover(); start(storedSeats, stored, false); } } }, t("Hot-seat: play all these seats on this screen")));
  buttons.push(el("button", { class: "secondary", "data-choose": "watch", on: { click: () => { hideCover(); start([], stored, false); } } }, t("Just watch")));
  cover.replaceChildren(
    el("div", { class: "card" }, el("h2", {}, t("Which seat is this screen for?")), el("p", {}, t("This browser holds the tokens of several seats of this table.")), el("div", { class: "chooser" }, buttons)),
  );
  cover.classList.remove("hidden");
  document.body.dataset.cover = "chooser";
}

function hideCover() {
  $("cover").classList.add("hidden");
  $("cover").replaceChildren();
  document.body.dataset.cover = "";
}

// ---------- connection events ----------

/** The seats' labels as the game names them from the position (Ankh: "Ra · Player 1"). */
function relabel(view) {
  const renderer = RENDERERS[view.game];
  if (!renderer || !renderer.seatLabel || !view.observation || !Array.isArray(view.seats)) return view;
  return { ...view, seats: view.seats.map((s) => ({ ...s, label: translateLine(renderer.seatLabel(view.observation, s.seat, s.label)) })) };
}

/** Someone came or went: the views held learn it, and the marks show it (no redraw). */
function onPresence(conn, presence) {
  for (const view of state.views.values()) view.presence = presence;
  const latest = latestView();
  if (latest) showPresence(latest);
}

function onView(conn, view) {
  if (conn.seat !== null && !state.views.has(keyOf(conn.seat))) confirmToken(conn.seat, conn.token);
  view = relabel(view);
  view.receivedAt = performance.now(); // the clocks count down from here
  const key = keyOf(conn.seat);
  const before = state.views.get(key);
  if (conn.seat === null) state.baselines.set(key, before || view);
  else if (!state.baselines.has(key) || conn.seat === state.pending) state.baselines.set(key, view);
  state.views.set(key, view);
  if (conn.seat === state.pending) state.pending = null;
  watchTurn(conn.seat, view);
  if (state.openReplayWhenReady && view.finished) {
    state.openReplayWhenReady = false;
    openReplay();
    return;
  }
  update();
}

/** The server accepted this seat's token: keep it for the browser (reloads, other tabs). */
function confirmToken(seat, token) {
  saveToken(tableId, seat, token);
  const choice = loadTabChoice(tableId);
  if (choice && choice.unconfirmed && choice.unconfirmed[String(seat)]) {
    delete choice.unconfirmed[String(seat)];
    saveTabChoice(tableId, choice);
  }
}

const errorWords = () => ({
  stale: t("The game moved on before your move arrived, so it was not played. The board now shows the current position."),
  not_your_turn: t("It is not your turn."),
  chosen: t("You have made your choice: the others are still choosing."),
  over: t("The game is over."),
  spectator: t("Spectators cannot move."),
  stood_in: t("The computer plays for you since your time ran out: take your seat back to play."),
  time_out: t("Your time ran out before the move arrived: the computer plays for you now. Take your seat back to play on."),
  not_stood_in: t("You already play this seat."),
  deleted: t("This table was deleted by its creator before the game began. Go back to the lobby."),
  adjourned: t("The game is adjourned: the clocks are stopped. It resumes when every player is back at the table."),
  rate_limited: t("You are sending chat messages too fast: wait a moment, then send it again."),
  blocked: t("A player at this table has blocked you: you cannot chat here."),
});

function onError(conn, message) {
  if (conn.seat === state.pending) state.pending = null;
  if (message.error === "deleted") endControls(); // every open page of a deleted table ends its controls
  // In hot-seat, a refusal may name the hand of the seat that made it: only that seat sees it.
  if (state.held.size > 1 && conn.seat !== state.shown && conn.status === "open") return;
  let text = errorWords()[message.error] || message.message || t("Something went wrong.");
  if (message.error === "illegal") text = t("That move is not allowed: {reason}.", { reason: message.message });
  if (message.error === "bad_token") text = t("This seat's link was not accepted (the token does not match). Ask for a new link, or watch the table from the lobby.");
  if (message.error === "no_table") text = t("There is no such table. It may have been created on another server; go back to the lobby.");
  if (message.error === "no_seat") text = t("This table has no such seat.");
  if (message.error === "no_undo") text = message.message; // told in the page's language by the server
  state.errors = [{ text, rule: message.rule || null, code: message.error }];
  if (!latestView()) {
    renderErrors();
    $("status").textContent = t("Not connected to the table.");
  }
  update();
}

function onStatus() {
  const conns = [...state.conns.values()];
  const worst = conns.find((c) => c.status === "closed") || conns.find((c) => c.status === "waiting") || conns.find((c) => c.status === "connecting") || conns[0];
  const box = $("conn");
  if (!worst) return;
  box.className = `conn ${worst.status}`;
  box.replaceChildren();
  if (worst.status === "open") box.append(t("connected"));
  else if (worst.status === "connecting") box.append(t("connecting…"));
  else if (worst.status === "waiting") {
    const seconds = Math.max(0, Math.round((worst.retryAt - Date.now()) / 100) / 10);
    box.append(`${t("connection lost; retrying in {seconds} s", { seconds })} `, el("button", { class: "secondary", on: { click: () => conns.forEach((c) => c.retryNow()) } }, t("Retry now")));
  } else if (worst.status === "closed") {
    box.append(t("not connected"));
  }
  document.body.dataset.conn = worst.status;
}

window.addEventListener("online", () => state.conns.forEach((c) => c.retryNow()));

// ---------- moves ----------

function play(text) {
  if ((state.pending !== null && state.pending === state.shown) || state.mode !== "live") return;
  const view = state.views.get(keyOf(state.shown));
  if (!view) return;
  const found = view.legal.find((a) => a.text === text);
  if (!found) {
    state.errors = [{ text: t("\"{action}\" is not one of your legal actions right now.", { action: text }) }];
    update();
    return;
  }
  const conn = state.conns.get(keyOf(state.shown));
  if (!conn || !conn.move(view.version, found.index, view.step)) {
    state.errors = [{ text: t("Not connected to the server: the move was not sent. It will reconnect by itself; try again then.") }];
    update();
    return;
  }
  state.pending = state.shown;
  state.errors = [];
  update();
}

// ---------- drawing ----------

function latestView() {
  let best = null;
  for (const view of state.views.values()) if (!best || view.version > best.version) best = view;
  return best;
}

function update() {
  if (state.mode === "replay") return;
  if (state.animating) {
    state.deferred = true; // queued: drawn when the running animations end
    return;
  }
  const latest = latestView();
  if (!latest) return;
  // public facts, for the page's own tests: the game's version and who is to move
  document.body.dataset.latest = String(latest.version);
  if (state.held.size > 1) {
    const toMove = latest.to_move;
    const seats = [...state.held.keys()];
    if (state.shown === undefined && state.cover === null) {
      askToPass(seats.includes(toMove) ? toMove : seats[0]);
    } else if (!latest.finished && seats.includes(toMove) && toMove !== state.shown && state.cover === null) {
      askToPass(toMove);
    }
  }
  if (state.cover !== null) {
    clearTable();
    return;
  }
  const view = state.views.get(keyOf(state.shown));
  if (view) renderView(view);
}

function askToPass(seat) {
  state.cover = seat;
  state.errors = [];
  const latest = latestView();
  const info = latest.seats[seat];
  const name = seatTitle(info);
  const cover = $("cover");
  const ready = el("button", { id: "cover-ready", "data-cover-seat": seat, "data-focus-key": "cover-ready", on: { click: () => {
    // pressed with the keyboard, the button goes with the cover: the focus is looked for as after
    // a move (the seat's first legal action), not left on the page or on the last seat's element
    const key = focusKey();
    state.shown = seat;
    state.cover = null;
    hideCover();
    state.lostFocus = key;
    update();
  } } }, t("I am {seat} — show my view", { seat: translateLine(info.label) }));
  cover.replaceChildren(
    el("div", { class: "card" },
      el("h2", {}, t("Pass the screen to {name}", { name })),
      el("p", {}, t("Hot-seat: the board stays hidden until the next player is at the screen.")),
      ready),
  );
  cover.classList.remove("hidden");
  document.body.dataset.cover = `seat-${seat}`;
  ready.focus();
}

/** Remove every trace of a seat's view from the page (behind the hot-seat cover). */
function clearTable() {
  for (const id of ["board-area", "controls", "legal", "log", "seats", "errors", "you", "chat"]) $(id).replaceChildren();
  $("status").textContent = "";
  $("result").classList.add("hidden");
  $("result").replaceChildren();
  document.body.dataset.shown = "";
  document.body.dataset.myTurn = "no";
  document.body.dataset.version = "";
  document.title = t("Netjer — pass the screen");
  setFavicon(false);
}

function seatMark(game, seat) {
  const marks = SEAT_MARKS[game] || [];
  const colours = SEAT_COLOURS[game] || [];
  return el("span", { class: "seat-mark", style: colours[seat] ? `color:${colours[seat]}` : null, "aria-hidden": "true" }, marks[seat] || "•");
}

/** The seats that may act now: every seat that must still choose in a window of
 * simultaneous choices (Aton's cartouches, Ankh's Battle cards), else the seat to move. */
function choosing(view) {
  if (Array.isArray(view.choosing)) return view.choosing;
  return view.to_move === null || view.to_move === undefined ? [] : [view.to_move];
}

/**
 * A finished rated game's rating changes under its result ("Red (Ann): 1500 → 1516 (+16)"),
 * asked of the server once (they are written in the transaction that finishes the game);
 * null while asked, for an unrated game, or if the server could not say.
 */
function ratingChangeWords(view) {
  if (!view.finished || !view.rated) return null;
  if (state.ratingChanges === null) {
    state.ratingChanges = "asked";
    api(`/api/tables/${encodeURIComponent(tableId)}/ratings`)
      .then((data) => {
        state.ratingChanges = data.changes;
        if (data.changes.length) update();
      })
      .catch(() => {
        state.ratingChanges = []; // the result stands without them; the profile has them too
      });
    return null;
  }
  if (!Array.isArray(state.ratingChanges) || !state.ratingChanges.length) return null;
  return el("div", { id: "rating-changes", class: "small" }, ...state.ratingChanges.map((c) =>
    el("div", { "data-rating-seat": c.seat }, t("{seat}: rating {before} → {after} ({change})", {
      seat: seatTitle(view.seats[c.seat]), before: formatNumber(c.before, { useGrouping: "min2" }), after: formatNumber(c.after, { useGrouping: "min2" }), change: formatSigned(c.after - c.before),
    }))));
}

function renderView(view) {
  setLineGame(view.game); // the log and results are read with this game's messages (common.js)
  const active = document.activeElement;
  const key = focusKey() || (!active || active === document.body ? state.lostFocus : null);
  const renderer = RENDERERS[view.game];
  const seat = state.shown;
  const mine = seat !== null && seat !== undefined ? view.seats[seat] : null;
  const standin = Boolean(mine && (mine.standin || mine.out || mine.retired));
  // No move while the game is adjourned (the server refuses it until everyone is back).
  const myTurn = seat !== null && seat !== undefined && choosing(view).includes(seat) && !view.finished && !standin && !view.adjourned;
  const sending = state.pending !== null && state.pending === seat;
  const actions = new Set(myTurn && !sending ? view.legal.map((a) => a.text) : []);
  // retired: the seats that left a game going on (resigned or out: netjer.server.retired_seats)
  const retiredSeats = view.seats.filter((s) => s.retired).map((s) => s.seat);
  const ctx = { table: tableId, seat, version: view.version, actions, play, rerender: update, narrow: isNarrow(), over: Boolean(view.finished), retired: retiredSeats };

  $("game-title").textContent = gameTitle(view.title);
  const you = $("you");
  you.replaceChildren();
  if (seat === null) you.append(t("Watching (spectator view)"));
  else you.append(seatMark(view.game, seat), ` ${t("You are {seat}", { seat: seatTitle(view.seats[seat]) })}`, state.held.size > 1 ? ` · ${t("hot-seat")}` : "");

  let drawn;
  if (renderer) drawn = renderer.render(view, ctx);
  else drawn = genericRender(view);
  review.markHint(drawn.board, review.hintAction(view, seat));
  const area = $("board-area");
  const moved = !state.drawn || state.drawn.version !== view.version || state.drawn.seat !== seat;
  const before = moved && state.drawn ? snapshot(area) : null;
  area.replaceChildren(drawn.board);
  fitTexts(area);
  fitBoard(area, ctx.narrow);
  const changed = renderer && renderer.changedKeys ? renderer.changedKeys(state.baselines.get(keyOf(seat)), view) : new Set();
  document.body.dataset.marked = String(markChanged(drawn.board, changed));
  if (before) queueAnimations(animate(area, before));
  state.drawn = { version: view.version, seat };
  showTargets(area, myTurn && !sending);

  const statusText = renderer ? renderer.status(view) : view.finished ? translateLine(view.result_text) : gameTitle(view.title);
  const statusBox = $("status");
  statusBox.textContent = statusText;
  const retired = retiredWords(view.seats, view.finished); // who left a game that went on
  if (retired) statusBox.textContent += ` · ${retired}`;
  statusBox.classList.toggle("your-turn", myTurn);
  if (view.adjourned) {
    statusBox.textContent += ` — ${t("Adjourned: it resumes when every player is back")}`;
  } else if (!view.finished && !myTurn && view.window) {
    // simultaneous choices: every seat that must still choose is waited for at once
    const others = choosing(view).map((s) => seatTitle(view.seats[s]));
    if (others.length) statusBox.textContent += ` — waiting for ${others.join(" and ")} to choose`;
  } else if (!view.finished && !myTurn) {
    const mover = view.seats[view.to_move];
    if (mover) {
      if (mover.kind === "agent") statusBox.textContent += ` — ${t("the computer ({agent}) is thinking…", { agent: mover.agent })}`;
      else if (mover.retired) statusBox.textContent += ` — ${t("the table makes {seat}'s least-impact move (left the game)", { seat: seatTitle(mover) })}`;
      else if (mover.standin && mover.left) statusBox.textContent += ` — ${t("the computer plays for {seat} (the player left)", { seat: seatTitle(mover) })}`;
      else if (mover.standin) statusBox.textContent += ` — ${t("the computer plays for {seat} (time ran out)", { seat: seatTitle(mover) })}`;
      else if (mover.open) statusBox.textContent += ` — ${t("waiting for someone to join this seat")}`;
      else statusBox.textContent += ` — ${t("waiting for {seat}", { seat: seatTitle(mover) })}`;
    }
  } else if (myTurn) {
    statusBox.textContent += ` — ${sending ? t("sending…") : t("your turn")}`;
  }

  // a turn notice is for a seat of this page at a game going on (not for a spectator)
  $("notify").classList.toggle("hidden", !mine || Boolean(view.finished));
  const controls = $("controls");
  controls.replaceChildren();
  if (mine && mine.standin && !view.finished) {
    controls.append(el("div", { class: "notice standin-banner", role: "status" },
      el("p", {}, mine.left ? t("You had no connection for too long: the computer plays for you.") : t("Your time ran out: the computer plays for you.")),
      el("button", { id: "take-back", on: { click: takeBack } }, t("Take my seat back"))));
  }
  if (drawn.prompt) controls.append(el("p", { class: "prompt" }, drawn.prompt));
  if (view.queued && view.queued.length && !view.finished) {
    controls.append(el("p", { class: "queued", "data-queued": view.queued.join(",") },
      t("Your choice so far (hidden from the others until everyone has chosen): {choices}.", { choices: view.queued.map((q) => translateLine(q)).join(", ") }),
      view.can_undo ? ` ${t("Undo withdraws the last one.")}` : ""));
  }
  if (view.can_undo && !view.finished) controls.append(undoButton(view, sending));
  // the server's reason why this seat's latest decision cannot be taken back (seat_views.undo_refused)
  else if (view.undo_refused) controls.append(el("p", { class: "muted small", id: "undo-refused" }, t("Nothing to undo: {reason}.", { reason: translateLine(view.undo_refused) })));
  // A hint is searched from the seat's turn in the rules' order: not while it chooses ahead in a window.
  controls.append(...review.hintControls(view, seat, state.held.get(seat), myTurn && !sending && view.to_move === seat, update));
  $("hints-note").textContent = review.hintsNote(view);
  for (const c of drawn.controls) {
    c.disabled = sending;
    // a game's buttons of an action ("Keep my hand", "Done moving") keep the keyboard's focus too
    if (c.dataset.action && !c.dataset.focusKey) c.dataset.focusKey = `control-${c.dataset.action}`;
    controls.append(c);
  }
  // The game's own controls come first; resigning, aborting, offers and deleting the table come
  // last and quiet, as on lichess and Board Game Arena (each asks before it acts).
  const comeBack = () => api(`/api/tables/${encodeURIComponent(tableId)}/view?seat=${seat}`, { token: state.held.get(seat) }).catch((err) => showError(err.message));
  const endings = endingControls(view, seat, (what, body) => sendEnding(tableId, seat, state.held.get(seat), what, body, showError), comeBack);
  // the notices (an offer to answer, an adjournment) stay with the controls; the buttons go below
  // the quick bar, in #endings-slot
  let endingsRow = endings.find((node) => node.id === "endings") || null;
  controls.append(...endings.filter((node) => node !== endingsRow));
  if (view.version === 0 && !view.finished && loadCreatorKey(tableId)) {
    if (!endingsRow) endingsRow = el("div", { class: "endings", id: "endings" });
    endingsRow.append(deleteTableButton());
  }
  $("endings-slot").replaceChildren(...(endingsRow ? [endingsRow] : []));

  const seats = $("seats");
  seats.replaceChildren(
    ...view.seats.map((s) =>
      el("li", { class: choosing(view).includes(s.seat) ? "to-move" : null, "data-seat": s.seat },
        seatMark(view.game, s.seat),
        presenceMark(view, s.seat),
        el("span", {}, seatTitle(s)),
        s.seat === seat ? el("strong", {}, t("(you)")) : null,
        s.open ? el("span", { class: "muted" }, t("(open seat)")) : null,
        s.standin ? el("span", { class: "standin", "data-standin": s.seat }, s.left ? t("(the computer plays: the player left)") : t("(the computer plays: time ran out)")) : null,
        s.resigned ? el("span", { class: "standin", "data-resigned": s.seat }, t("(resigned: ranked last)")) : null,
        s.out ? el("span", { class: "standin" }, s.left ? t("(out: left the game)") : t("(out: time ran out)")) : null,
        choosing(view).includes(s.seat) && !view.finished
          ? el("span", { "aria-label": view.window ? t("choosing") : t("to move") }, `◀ ${view.window ? t("choosing") : t("to move")}`)
          : null,
        view.clock ? el("span", { class: "clock", "data-clock-seat": s.seat }) : null),
    ),
  );
  showWatching(view);
  drawClocks();

  spectatorAndEnd(view, seat, statusBox);
  const legal = $("legal");
  legal.replaceChildren(...(myTurn ? view.legal : []).map((a) => legalButton(a, sending)));
  if (!myTurn) legal.append(el("p", { class: "muted small" }, seat === null ? t("Spectators cannot move.") : t("Not your turn.")));

  const log = $("log");
  const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 30;
  log.replaceChildren(...view.log.map((line, i) => logLine(line, (view.log_notation || [])[i])));
  if (atBottom || log.children.length < 12) log.scrollTop = log.scrollHeight;
  renderChat(view);

  const result = $("result");
  if (view.finished) {
    const obs = view.observation || {};
    const why = obs.win_reason || obs.result || "";
    result.replaceChildren(...[
      el("div", { id: "result-text" }, view.result_text ? translateLine(view.result_text) : t("The game is over."),
        endingWords(view.ending, view.seats) ? el("div", { id: "ending-words", "data-how": view.ending.how }, endingWords(view.ending, view.seats)) : null,
        why && (!view.ending || view.ending.how === "rules") ? el("div", { class: "small" }, translateLine(why)) : null,
        ratingChangeWords(view)),
      el("button", { class: "secondary", id: "open-replay", "data-focus-key": "open-replay", on: { click: openReplay } }, t("Replay this game")),
      seat !== null && seat !== undefined && view.result ? el("button", { class: "secondary", id: "open-review", "data-focus-key": "open-review", title: t("Opens the replay, where you can ask for a review of your decisions"), on: { click: openReplay } }, t("Review my game")) : null,
      rematchControl(view),
    ].filter(Boolean)); // replaceChildren would write a null as the text "null"
    result.classList.remove("hidden");
  } else {
    result.classList.add("hidden");
  }

  if (state.deleted) endControls(); // a later drawing brings no button back
  renderErrors();
  wireRules(view.game, area);
  drawAid(view, renderer);
  wireQuickBar(area);

  const body = document.body.dataset;
  body.version = String(view.version);
  body.toMove = view.to_move === null ? "" : String(view.to_move);
  body.shown = seat === null ? "watch" : String(seat);
  body.myTurn = myTurn && !sending ? "yes" : "no";
  body.finished = view.finished ? "yes" : "no";
  body.game = view.game;
  document.title = `${myTurn ? `● ${t("Your turn")} — ` : ""}${gameTitle(view.title)} — Netjer`;
  setFavicon(myTurn);
  review.markHint($("live"), review.hintAction(view, seat)); // the hint's button in the lists too
  restoreFocus(key);
  let fallback = null;
  if (myTurn && !sending) fallback = legal.querySelector("button[data-action]:not([disabled])");
  else if (view.finished) fallback = $("open-review") || $("open-replay");
  keepLostFocus(key, fallback);
}

/** After a drawing: remember ``key`` when its element could not take the focus back (the page
 * has it). When ``fallback`` is given (the first legal action at the seat's turn, the result's
 * button at the end) and ``key`` is gone for good (the square just played), the focus goes to
 * it, so that the keyboard's next key acts instead of starting again from the page's top. */
function keepLostFocus(key, fallback) {
  const active = document.activeElement;
  state.lostFocus = state.keyboard && key && (!active || active === document.body) ? key : null;
  if (state.lostFocus && fallback) {
    fallback.focus();
    state.lostFocus = null;
  }
}

// ---------- rematch ----------

/** At the end: offer a rematch, take one's seat at the one offered, or go to it. */
function rematchControl(view) {
  const seat = state.shown;
  const id = view.rematch;
  if (id) {
    const held = loadTokens(id);
    if (Object.keys(held).length) {
      const seats = Object.keys(held);
      const fragment = seats.length > 1 ? "hotseat" : `seat=${seats[0]}`;
      return el("a", { class: "button", id: "go-rematch", href: `/table/${encodeURIComponent(id)}#${fragment}` }, t("Go to the rematch"));
    }
    if (seat === null || seat === undefined) return el("a", { class: "button secondary", href: `/table/${encodeURIComponent(id)}#watch` }, t("Watch the rematch"));
    return el("button", { id: "accept-rematch", "data-focus-key": "accept-rematch", on: { click: () => acceptRematch() } }, t("A rematch is offered: take my seat"));
  }
  if (seat === null || seat === undefined) return null;
  return el("button", { id: "offer-rematch", "data-focus-key": "offer-rematch", on: { click: offerRematch } }, t("Rematch (seats rotated)"));
}

async function offerRematch() {
  const seat = state.shown;
  try {
    const made = await api(`/api/tables/${encodeURIComponent(tableId)}/rematch`, { method: "POST", body: { seat }, token: state.held.get(seat) });
    saveToken(made.id, made.seat, made.token);
    saveCreatorKey(made.id, made.creator_key);
    const others = await acceptForOtherSeats(made.id, seat);
    moveTo(made.id, [made.seat, ...others]);
  } catch (err) {
    state.errors = [{ text: t("No rematch: {reason}", { reason: err.message }) }];
    update();
  }
}

async function acceptRematch() {
  try {
    const seats = await acceptForOtherSeats(null, null);
    moveTo(latestView().rematch, seats);
  } catch (err) {
    state.errors = [{ text: t("Could not join the rematch: {reason}", { reason: err.message }) }];
    update();
  }
}

/** Take the rematch seats of this tab's seats (all of them in hot-seat) but ``except``;
 * returns the new seats. */
async function acceptForOtherSeats(newId, except) {
  const seats = [];
  for (const [seat, token] of state.held) {
    if (seat === except) continue;
    const taken = await api(`/api/tables/${encodeURIComponent(tableId)}/rematch/accept`, { method: "POST", body: { seat }, token });
    if (newId !== null && taken.id !== newId) continue;
    saveToken(taken.id, taken.seat, taken.token);
    seats.push(taken.seat);
  }
  return seats;
}

/** This tab's seats move to the rematch table (several: hot-seat there too). */
function moveTo(id, seats) {
  const tokens = loadTokens(id);
  const fragment = seats.map((s) => `seat=${s}&token=${encodeURIComponent(tokens[String(s)])}`).join("&");
  window.location.href = `/table/${encodeURIComponent(id)}#${fragment}`;
}

// ---------- your-turn notices ----------
//
// The tab title and the favicon always say when it is your turn; a browser notice (asked for
// only when the player clicks "Notify me", never on load) and a short sound (can be turned
// off) reach a player looking at another tab.

const turns = new Map(); // seat -> whether it was that seat's turn in its last view
const FAVICON_TURN = "data:image/svg+xml," + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="#c62828"/></svg>');

function readSetting(key, fallback) {
  try {
    return localStorage.getItem(key) || fallback;
  } catch (err) {
    return fallback;
  }
}

function writeSetting(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch (err) {
    // storage disabled: the choice lasts for this page
  }
}

function noticesOn() {
  return readSetting("netjer.notify", "no") === "yes" && "Notification" in window && Notification.permission === "granted";
}

function drawNoticeControls() {
  const on = noticesOn();
  const button = $("notify");
  // only the words change: the bell beside them is table.html's own drawing (an emoji bell was an
  // empty box where no emoji font is installed)
  $("notify-words").textContent = on ? t("Notices on") : t("Notify me on my turn");
  button.setAttribute("aria-pressed", on ? "true" : "false");
  $("sound").checked = readSetting("netjer.sound", "yes") === "yes";
}

async function toggleNotices() {
  if (noticesOn()) {
    writeSetting("netjer.notify", "no");
    drawNoticeControls();
    return;
  }
  if (!("Notification" in window)) {
    state.errors = [{ text: t("This browser cannot show notices; the tab title and the sound still tell you.") }];
    update();
    return;
  }
  let permission = Notification.permission;
  try {
    permission = await Notification.requestPermission();
  } catch (err) {
    permission = Notification.permission;
  }
  if (permission === "granted") writeSetting("netjer.notify", "yes");
  else {
    state.errors = [{ text: t("The browser did not allow notices for this site (see its site settings); the tab title and the sound still tell you.") }];
    update();
  }
  drawNoticeControls();
}

function beep() {
  try {
    const Context = window.AudioContext || /** @type {any} */ (window).webkitAudioContext; // older Safari
    const audio = new Context();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.35);
    tone.onended = () => audio.close();
  } catch (err) {
    // no audio here: the title and the notice remain
  }
}

/** Tell the player when one of this tab's seats gets the turn while the tab is hidden. */
function watchTurn(seat, view) {
  if (seat === null) return;
  const info = view.seats[seat];
  const mine = !view.finished && choosing(view).includes(seat) && !(info && (info.standin || info.out));
  const before = turns.get(seat);
  turns.set(seat, mine);
  if (!mine || before !== false || document.visibilityState !== "hidden") return;
  document.body.dataset.noticed = String(Number(document.body.dataset.noticed || 0) + 1);
  if (readSetting("netjer.sound", "yes") === "yes") beep();
  if (noticesOn()) {
    try {
      const notice = new Notification(`${t("Your turn")} — ${gameTitle(view.title)}`, { body: `${seatTitle(info)} · ${t("table {id}", { id: tableId })}`, tag: `netjer-${tableId}-${seat}` });
      notice.onclick = () => window.focus();
    } catch (err) {
      // a browser that only notifies from a service worker: the title and sound remain
    }
  }
}

function setFavicon(myTurn) {
  const icon = $("favicon");
  const href = myTurn ? FAVICON_TURN : "data:,";
  if (icon.getAttribute("href") !== href) icon.setAttribute("href", href);
}

/** "Skip to your actions": the first legal action (or the game's button of one), else what the
 * page offers instead (the result's buttons, the replay's Forward, the list of legal actions). */
function skipToActions() {
  const candidates = state.mode === "replay"
    ? [$("replay-next"), $("replay-prev")]
    : [$("legal").querySelector("button[data-action]:not([disabled])"), $("controls").querySelector("button:not([disabled])"), $("result").querySelector("button"), $("legal-box").querySelector("summary")];
  for (const target of candidates) {
    if (!target || target.disabled || !target.getClientRects().length) continue;
    target.focus();
    return;
  }
}

function wireNotices() {
  $("notify").addEventListener("click", toggleNotices);
  $("sound").addEventListener("change", (event) => writeSetting("netjer.sound", event.target.checked ? "yes" : "no"));
  drawNoticeControls();
}

// ---------- chat ----------

function hidingSpectators() {
  try {
    return localStorage.getItem("netjer.hideSpectators") === "yes";
  } catch (err) {
    return false;
  }
}

/** The chat, always as text (a message is never markup). */
function renderChat(view) {
  const box = $("chat");
  const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 30;
  const seat = state.shown;
  const hide = seat !== null && seat !== undefined && hidingSpectators();
  const messages = (view.chat || []).filter((m) => !(hide && m.spectator) && !mutedLine(m));
  box.replaceChildren(
    ...messages.map((m) => {
      const spectator = t("A spectator");
      const who = m.spectator ? t("{name} (watching)", { name: m.name || spectator }) : seatTitle(view.seats[m.seat]) || t("Seat {n}", { n: m.seat });
      return el("li", { class: m.spectator ? "spectator" : null, "data-chat": m.id },
        el("strong", {}, `${who}: `), m.text, chatLineActions(view, m, seat, () => renderChat(view)));
    }),
  );
  if (atBottom || box.children.length < 12) box.scrollTop = box.scrollHeight;
  $("hide-spectators-label").classList.toggle("hidden", seat === null || seat === undefined);
  $("hide-spectators").checked = hide;
}

function sendChat(event) {
  event.preventDefault();
  const input = $("chat-text");
  const text = input.value.trim();
  if (!text) return;
  const conn = state.conns.get(keyOf(state.shown === undefined ? null : state.shown)) || [...state.conns.values()][0];
  let name = null;
  if (state.shown === null) {
    try {
      name = (localStorage.getItem("netjer.name") || "").trim().slice(0, 40) || null;
    } catch (err) {
      name = null;
    }
  }
  if (!conn || !conn.say(text, name)) {
    state.errors = [{ text: t("Not connected to the server: the message was not sent.") }];
    update();
    return;
  }
  input.value = "";
}

function wireChat() {
  $("chat-form").addEventListener("submit", sendChat);
  $("hide-spectators").addEventListener("change", (event) => {
    try {
      localStorage.setItem("netjer.hideSpectators", event.target.checked ? "yes" : "no");
    } catch (err) {
      // storage disabled: the choice lasts until the next view
    }
    update();
  });
}

// ---------- clocks ----------

/** Each seat's time left, counted down from the view's arrival (the server's figures). */
function drawClocks() {
  if (state.mode !== "live" || state.cover !== null || state.deleted) return;
  const view = state.views.get(keyOf(state.shown));
  if (!view || !view.clock) return;
  const elapsed = (performance.now() - view.receivedAt) / 1000;
  for (const node of document.querySelectorAll("[data-clock-seat]")) {
    if (!(node instanceof HTMLElement)) continue;
    const seat = Number(node.dataset.clockSeat);
    const info = view.clock.seats[seat];
    if (!info) continue;
    const running = info.running && !view.finished;
    const left = info.left === null ? null : info.left - (running ? elapsed : 0);
    node.textContent = left === null ? "" : `${running ? "⏳ " : ""}${clockText(left, view.clock.mode)}`;
    node.classList.toggle("running", running);
    node.classList.toggle("low", running && left !== null && left < 30);
    if (left !== null) node.dataset.left = String(Math.max(0, Math.round(left)));
  }
}

setInterval(drawClocks, 500);

/** The creator's button: delete this table before its first move (the creator key is kept
 * in this browser by the lobby). The server tells every open page that it is gone. */
function deleteTableButton() {
  return confirmButton("delete-table", t("Delete this table"), t("Delete this table? Its links stop working for every player."), t("Yes, delete"), deleteThisTable, "secondary");
}

/** The table was deleted (the server's news on the WebSocket): this page keeps no button to act,
 * no legal action and no running clock. */
function endControls() {
  state.deleted = true;
  state.pending = null;
  for (const id of ["controls", "legal", "endings-slot"]) { const box = $(id); if (box) box.replaceChildren(); }
  for (const node of document.querySelectorAll("[data-clock-seat]")) { node.textContent = ""; node.classList.remove("running", "low"); }
  document.body.dataset.deleted = "yes";
  document.body.dataset.myTurn = "no";
}

function showError(text) {
  state.errors = [{ text }];
  update();
}

async function deleteThisTable() {
  try {
    await api(`/api/tables/${encodeURIComponent(tableId)}`, { method: "DELETE", token: loadCreatorKey(tableId) });
    forgetTokens(tableId);
  } catch (err) {
    state.errors = [{ text: t("The table was not deleted: {reason}", { reason: err.message }) }];
    update();
  }
}

function takeBack() {
  const conn = state.conns.get(keyOf(state.shown));
  if (!conn || !conn.sendRaw({ type: "takeback" })) {
    state.errors = [{ text: t("Not connected to the server: try again once it reconnects.") }];
    update();
  }
}

/** Take back your last decision (netjer.core.undo: until another seat acted or something was revealed). */
function undoButton(view, sending) {
  return el("button", { type: "button", class: "secondary", id: "undo", "data-undo": "yes", "data-focus-key": "undo", disabled: sending || null, title: t("Take back your last decision"),
    on: { click: () => sendUndo(view) } }, `↶ ${t("Undo")}`);
}

function sendUndo(view) {
  const conn = state.conns.get(keyOf(state.shown));
  if (!conn || !conn.undo(view.version)) {
    state.errors = [{ text: t("Not connected to the server: the undo was not sent.") }];
    update();
    return;
  }
  state.pending = state.shown;
  state.errors = [];
  update();
}

/** A spectator has no legal actions to be shown; at the end the result banner alone tells the result,
 * and a turn panel left with no control to show is marked empty: a wide page hides it (style.css;
 * a phone keeps it for its shortcuts), where it stood as an empty box under the banner. */
function spectatorAndEnd(view, seat, statusBox) {
  const box = $("legal-box");
  if (box) box.closest("section").classList.toggle("hidden", seat === null || seat === undefined || view.finished);
  statusBox.classList.toggle("hidden", Boolean(view.finished));
  const empty = Boolean(view.finished) && !$("controls").childElementCount && !$("endings-slot").childElementCount;
  $("turn-panel").dataset.empty = empty ? "yes" : "no";
}

/** A log line in words; the notation of the action it tells (if any) on hover and beside it. */
function logLine(english, notation) {
  const line = translateLine(english);
  if (!notation) return el("li", {}, line);
  return el("li", { title: t("notation: {notation}", { notation }), "data-notation": notation }, line, " ", el("code", { class: "notation muted" }, notation));
}

/** A legal action's button: its notation and, below, what it does in words (the rules texts). */
function legalButton(a, sending) {
  const view = latestView();
  return actionButton(view ? view.game : "", a, { "data-focus-key": `legal-${a.text}`, disabled: sending || null, on: { click: () => play(a.text) } });
}

/** The Rules button of the header and the tips of the board's terms (rules.js). */
function wireRules(game, area) {
  const button = $("rules-open");
  if (button && button.dataset.game !== game) {
    button.dataset.game = game;
    button.disabled = false;
    button.onclick = () => openRules(game);
    installTermTips(game);
    // the legal actions' meanings in the page's language once its rules texts arrive
    loadRules(game).then(() => update(), () => {});
  }
  decorateTerms(area, game);
}

function renderErrors() {
  $("errors").replaceChildren(
    ...state.errors.map((err, i) =>
      el("div", { class: "error-banner", role: "alert", "data-error": err.code || "" },
        el("div", { class: "text" }, err.text, err.rule ? el("div", { class: "small" }, t("Rule: {rule}", { rule: err.rule })) : null),
        el("button", { class: "secondary", "aria-label": t("dismiss"), on: { click: () => { state.errors.splice(i, 1); renderErrors(); update(); } } }, "✕")),
    ),
  );
}

/** Narrow screens get the boards' portrait arrangement. */
function isNarrow() {
  return $("board-area").clientWidth < 640;
}

let lastNarrow = null;
window.addEventListener("resize", () => {
  const narrow = isNarrow();
  if (narrow === lastNarrow) return;
  lastNarrow = narrow;
  if (state.mode === "replay") renderReplay();
  else update();
});

/** Hold the next drawing until ``started`` (marks.js animations) end: views that arrive
 * meanwhile are drawn, and animated, one after the other. */
function queueAnimations(started) {
  if (!started.length) return;
  state.animating = true;
  const done = () => {
    if (!state.animating) return;
    state.animating = false;
    if (state.deferred) {
      state.deferred = false;
      update();
    }
  };
  Promise.allSettled(started.map((a) => a.finished)).then(done);
  setTimeout(done, DURATION + 200); // an animation the page cancelled never finishes
}

/** On a phone, pan the board's frame to the legal targets when none is in sight (once per set of
 * targets: the player's own panning is left alone). */
function showTargets(area, myTurn) {
  const frame = area.querySelector(".board-pan");
  const targets = frame && myTurn ? [...frame.querySelectorAll('[role="button"]')] : [];
  const signature = targets.map((n) => n.dataset.focusKey || "").join(",");
  if (!targets.length || signature === state.targetsShown) return;
  state.targetsShown = signature;
  const box = frame.getBoundingClientRect();
  const inside = (r) => r.top >= box.top && r.bottom <= box.bottom && r.left >= box.left && r.right <= box.right;
  if (targets.some((n) => inside(n.getBoundingClientRect()))) return;
  const r = targets[0].getBoundingClientRect();
  frame.scrollTop += r.top - box.top - Math.max(8, (box.height - r.height) / 3);
  frame.scrollLeft += r.left - box.left - Math.max(8, (box.width - r.width) / 2);
}

/** The player aid (aid.js) with the game's own lines (its optional aid(view) export). */
function drawAid(view, renderer) {
  let extra = [];
  try {
    extra = renderer && renderer.aid ? renderer.aid(view) || [] : [];
  } catch (err) {
    extra = []; // a game's aid that cannot read this position: the rules' parts still show
  }
  renderAid($("aid"), view.game, extra, () => update());
}

/** The phone's shortcuts under the prompt: to the seat's own part of the board (the element a
 * game marks data-own="yes"), and the player aid. */
function wireQuickBar(area) {
  const own = area.querySelector('[data-own="yes"]');
  const ownButton = $("quick-own");
  ownButton.classList.toggle("hidden", !own);
  ownButton.onclick = () => {
    let target = $("board-area").querySelector('[data-own="yes"]');
    // in a folded board (Ankh's tabs) the seat's own part may sit in a closed tab: open it first
    const panel = target && target.closest('[role="tabpanel"]');
    const tab = panel && panel.classList.contains("hidden") ? document.getElementById(panel.getAttribute("aria-labelledby")) : null;
    if (tab) {
      tab.click(); // the board is drawn again with that tab open
      target = $("board-area").querySelector('[data-own="yes"]');
    }
    const frame = target && target.closest(".board-pan");
    if (!target) return;
    if (frame) {
      const box = frame.getBoundingClientRect();
      const r = target.getBoundingClientRect();
      frame.scrollTop += r.top - box.top - 4;
      frame.scrollLeft += r.left - box.left - 4;
    }
    const top = (frame || target).getBoundingClientRect().top;
    if (top < 0 || top > window.innerHeight * 0.6) window.scrollBy({ top: top - 8 });
  };
}

function wireAidAndHeader() {
  const aidButton = $("quick-aid");
  aidButton.addEventListener("click", () => {
    const open = !document.body.classList.contains("aid-open");
    document.body.classList.toggle("aid-open", open);
    aidButton.setAttribute("aria-expanded", open ? "true" : "false");
    if (open) $("aid-panel").scrollIntoView({ block: "start" });
  });
  const more = $("header-more");
  more.addEventListener("click", () => {
    const open = more.getAttribute("aria-expanded") !== "true";
    more.setAttribute("aria-expanded", open ? "true" : "false");
    document.querySelector("header.top").classList.toggle("open", open);
  });
}

function genericRender(view) {
  const pre = el("pre", { class: "panel", style: "white-space: pre-wrap; overflow:auto; max-height: 70vh" }, JSON.stringify(view.observation, null, 2));
  return { board: pre, controls: [], prompt: t("This game has no board drawing yet: choose from the list of legal actions.") };
}

// Only a keyboard user's lost focus is looked for: a click puts the focus where the player wants
// it, and a mouse or touch player's page must not scroll to an action the focus was moved to.
document.addEventListener("pointerdown", () => {
  state.keyboard = false;
  state.lostFocus = null;
});
document.addEventListener("keydown", () => { state.keyboard = true; }, true);

document.addEventListener("keydown", (event) => {
  if (state.mode === "replay") {
    if (event.target instanceof HTMLInputElement) return; // the slider has its own keys
    const steps = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity };
    if ($("replay-steps").contains(event.target)) Object.assign(steps, { ArrowUp: -1, ArrowDown: 1 }); // the list is vertical
    if (event.key in steps) {
      event.preventDefault();
      stepReplay(steps[event.key]);
    }
    return;
  }
  if (event.key === "Escape") {
    // both games' selections clear, whichever held one
    const cleared = [nile.clearSelection(), ankh.clearSelection()];
    if (cleared.includes(true)) update();
  }
});

// ---------- replay ----------

async function openReplay() {
  const seat = state.shown === undefined ? null : state.shown;
  const token = seat === null ? null : state.held.get(seat);
  const query = seat === null ? "" : `?seat=${seat}`;
  const opener = document.activeElement ? document.activeElement.id : ""; // its button, focused again on closing
  try {
    const data = await api(`/api/tables/${encodeURIComponent(tableId)}/replay${query}`, { token });
    state.mode = "replay";
    state.replay = { data, index: 0, seat, opener };
    state.drawn = null; // the replay's first step is not animated from the live board
    document.body.dataset.mode = "replay";
    $("live").classList.add("hidden");
    $("replay").classList.remove("hidden");
    const labels = relabel({ game: data.table.game, observation: data.steps[data.steps.length - 1].observation, seats: data.table.seats }).seats.map((s) => s.label);
    if (data.table.finished) {
      review.openReview(tableId, seat, token, { goTo: (ply) => { state.replay.index = ply; renderReplay(); }, rerender: renderReplay,
        steps: data.steps.length - 1, undos: data.steps.slice(1).map((s) => Boolean(s.undo)), colours: SEAT_COLOURS[data.table.game], labels });
    }
    renderReplay();
    $("replay-next").focus();
  } catch (err) {
    state.errors = [{ text: t("The replay could not be loaded: {reason}", { reason: err.message }) }];
    update();
  }
}

function closeReplay() {
  review.closeReview();
  const opener = state.replay ? state.replay.opener : "";
  const focused = $("replay").contains(document.activeElement); // hidden with it: the focus would fall to the page
  state.mode = "live";
  state.replay = null;
  state.drawn = null;
  document.body.dataset.mode = "live";
  $("replay").classList.add("hidden");
  $("live").classList.remove("hidden");
  update();
  if (focused) {
    const back = (opener && $(opener)) || $("open-replay");
    if (back) back.focus();
  }
}

function stepReplay(delta) {
  const r = state.replay;
  if (!r) return;
  const last = r.data.steps.length - 1;
  r.index = Math.max(0, Math.min(last, r.index + delta));
  renderReplay();
}

function renderReplay() {
  const r = state.replay;
  const steps = r.data.steps;
  const step = steps[r.index];
  const last = steps.length - 1;
  const table = r.data.table;
  const view = relabel({
    game: table.game,
    title: table.title,
    observation: step.observation,
    finished: r.index === last && table.finished,
    result_text: r.index === last ? table.result_text : null,
    seats: table.seats,
    to_move: step.observation.to_move ?? null,
    legal: [],
    version: step.version,
  });
  setLineGame(table.game);
  const renderer = RENDERERS[table.game];
  const preferred = review.highlightAt(r.index); // a selected decision of a review: its preferred action
  const ctx = { table: tableId, seat: r.seat, version: step.version, actions: preferred, play: () => {}, rerender: renderReplay, narrow: isNarrow(), over: view.finished };
  const drawn = renderer ? renderer.render(view, ctx) : genericRender(view);
  const outlined = preferred.size > 0 && review.markBoard(drawn.board);
  const area = $("board-area");
  const before = state.drawn && state.drawn.version !== step.version ? snapshot(area) : null;
  area.replaceChildren(drawn.board);
  fitTexts(area);
  // the replay's marks: what the step's action changed
  const prev = r.index > 0 ? { observation: steps[r.index - 1].observation } : null;
  const changed = renderer && renderer.changedKeys && prev ? renderer.changedKeys(prev, view) : new Set();
  document.body.dataset.marked = String(markChanged(drawn.board, changed));
  if (before) queueAnimations(animate(area, before));
  state.drawn = { version: step.version, seat: r.seat };
  $("game-title").textContent = gameTitle(table.title);
  $("you").textContent = r.seat === null ? t("Replay (spectator view)") : t("Replay as {seat}", { seat: translateLine(view.seats[r.seat].label) });
  $("replay-pos").textContent = t("Step {index} of {last}", { index: r.index, last });
  $("replay-range").max = String(last);
  $("replay-range").value = String(r.index);
  $("replay-action").textContent = step.action ? `${r.index}. ${translateLine(step.action)}` : t("The start of the game.");
  $("replay-action").classList.toggle("undo", Boolean(step.undo));
  const ended = r.index === last && table.finished ? endingWords(table.ending, table.seats) : "";
  $("replay-status").textContent = [renderer ? renderer.status(view) : "", ended].filter(Boolean).join(" — ");
  $("replay-prev").disabled = r.index === 0;
  $("replay-first").disabled = r.index === 0;
  $("replay-next").disabled = r.index === last;
  $("replay-last").disabled = r.index === last;
  const list = $("replay-steps");
  if (list.dataset.table !== `${tableId}-${r.seat}`) {
    list.dataset.table = `${tableId}-${r.seat}`;
    list.replaceChildren(
      ...steps.slice(1).map((s, i) =>
        el("li", { class: s.undo ? "undo" : null, "data-undo": s.undo ? "yes" : null }, el("a", { href: "#", "data-step": i + 1, on: { click: (e) => { e.preventDefault(); r.index = i + 1; renderReplay(); } } }, translateLine(s.action))),
      ),
    );
  }
  // One Tab stop for the whole list (the current step, else the first): a game's hundred steps
  // were a hundred presses of Tab. The arrows step the replay, and the focus follows the step.
  const hadFocus = list.contains(document.activeElement);
  const links = [...list.querySelectorAll("a")];
  links.forEach((a) => a.toggleAttribute("aria-current", Number(a.dataset.step) === r.index));
  const current = list.querySelector("a[aria-current]");
  const stop = current || links[0];
  links.forEach((a) => a.setAttribute("tabindex", a === stop ? "0" : "-1"));
  if (current) showInList(list, current);
  if (hadFocus && stop && stop !== document.activeElement) stop.focus({ preventScroll: true });
  document.body.dataset.replayStep = String(r.index);
  review.decorate(r.index, outlined);
}

/** Scroll ``list`` (a scrolling box) so that ``item`` is in it; the page stays where it is
 * (scrollIntoView scrolled the page too, and the focused Forward button went out of sight). */
function showInList(list, item) {
  const box = list.getBoundingClientRect();
  const at = item.getBoundingClientRect();
  if (at.top < box.top) list.scrollTop -= box.top - at.top;
  else if (at.bottom > box.bottom) list.scrollTop += at.bottom - box.bottom;
}

function wireReplay() {
  $("replay-first").addEventListener("click", () => stepReplay(-Infinity));
  $("replay-prev").addEventListener("click", () => stepReplay(-1));
  $("replay-next").addEventListener("click", () => stepReplay(1));
  $("replay-last").addEventListener("click", () => stepReplay(Infinity));
  $("replay-range").addEventListener("input", (e) => {
    state.replay.index = Number(e.target.value);
    renderReplay();
  });
  $("replay-close").addEventListener("click", closeReplay);
}

// ---------- start ----------

async function main() {
  await loadLanguage();
  wireReplay();
  wireChat();
  wireNotices();
  wireAidAndHeader();
  $("skip-to-actions").addEventListener("click", skipToActions);
  if (!tableId) {
    $("status").textContent = t("No table in the address.");
    return;
  }
  const { seats, stored, storedSeats, replay, unconfirmed } = decideSeats();
  if (seats === null) showChooser(stored, storedSeats);
  else start(seats, stored, replay, unconfirmed);
  // a new link pasted into this tab: start again from it
  window.addEventListener("hashchange", () => window.location.reload());
  // debugging and tests: drop every socket as a network failure would
  /** @type {any} */ (window).netjer = { state, drop: () => state.conns.forEach((c) => c.drop()) };
}

main();
