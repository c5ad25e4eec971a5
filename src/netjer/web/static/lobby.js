// The lobby: games and their options (from each game's JSON Schema), creating a table with
// its seats, the join links to send, the open challenges (GET /api/challenges), the tables
// followed and their turn notices (follows.js), and the live and finished tables.

import { confirmButton, endingWords, retiredWords } from "./endings.js";
import { allowBrowserNotices, browserNoticesOn, followPlayer, following, loadFollows, startNotices, tableFollowButton, unfollowPlayer } from "./follows.js";
import { allTokens, api, chooseLanguage, chosenLanguage, clockText, el, focusKey, formatSigned, forgetTokens, gameTitle, language, loadCreatorKey, loadLanguage, loadTokens, restoreFocus, saveCreatorKey, saveToken, svg, t, tn, translateLine } from "./common.js";

/** The page's element of this id (any: the page's HTML, not the checker, knows its kind). @type {(id: string) => any} */
const $ = (id) => document.getElementById(id);
let games = [];

function showError(message) {
  const box = $("lobby-error");
  if (!message) {
    box.classList.add("hidden");
    box.textContent = "";
    return;
  }
  box.textContent = message;
  box.classList.remove("hidden");
}

function playerName() {
  const name = $("player-name").value.trim();
  return name ? name.slice(0, 40) : null;
}

// ---------- the new-table form ----------

/** A choice's English title: the option's "x-titles" entry (Aton's layout files), else its id
 * with spaces ("out_of_game": "out of game"), the message ids the games mark. */
function choiceTitle(prop, value) {
  const titles = prop["x-titles"] || {};
  return titles[value] ?? String(value).replaceAll("_", " ");
}

function optionField(name, prop, game) {
  const id = `opt-${name}`;
  // The titles, descriptions and values are English message ids of the game's catalogue
  // (e.g. netjer.games.nile.game marks them): shown in the page's language when translated.
  const title = translateLine(prop.title || name, game);
  const help = translateLine(prop.description || "", game);
  let input;
  if (Array.isArray(prop.enum)) {
    input = el("select", { id, name, "data-option": name, "data-type": "enum" }, prop.enum.map((v) => el("option", { value: v, selected: v === prop.default || null }, translateLine(choiceTitle(prop, v), game))));
  } else if (prop.type === "boolean") {
    input = el("input", { id, name, type: "checkbox", "data-option": name, "data-type": "boolean", checked: prop.default === true || null });
    return el("label", { class: "inline", for: id }, input, title, el("span", { class: "option-help" }, help));
  } else if (prop.type === "integer" || prop.type === "number") {
    input = el("input", { id, name, type: "number", step: prop.type === "integer" ? 1 : "any", min: prop.minimum ?? null, max: prop.maximum ?? null, value: prop.default ?? "", "data-option": name, "data-type": prop.type });
  } else {
    input = el("input", { id, name, type: "text", value: prop.default ?? "", "data-option": name, "data-type": "string" });
  }
  return el("label", { for: id }, title, input, el("span", { class: "option-help" }, help));
}

function readOptions() {
  const options = {};
  for (const input of $("options").querySelectorAll("[data-option]")) {
    const name = input.dataset.option;
    const type = input.dataset.type;
    if (type === "boolean") options[name] = input.checked;
    else if (type === "integer") {
      if (input.value !== "") options[name] = Number.parseInt(input.value, 10);
    } else if (type === "number") {
      if (input.value !== "") options[name] = Number(input.value);
    } else if (input.value !== "") options[name] = input.value;
  }
  return options;
}

/** The computer levels of `game` with `n` seats (from /api/games), weakest first. */
function levelsOf(game, n) {
  return (game.levels && game.levels[String(n)]) || [];
}

/** The level every rating is against (Elo 0): the one that plays the game's heuristic. */
function referenceOf(levels) {
  const ref = levels.find((lv) => lv.spec === "heuristic");
  return ref ? t(ref.title) : t("the heuristic player");
}

/**
 * A level's rating in words ("about 350 points stronger than casual", "at least 7 points
 * stronger than strong") and, for the hover, what the figure means: the bootstrap 95% interval,
 * or that a pairing won (lost) in every rating game only bounds the gap (Wilson 95%).
 */
function ratingWords(level, reference) {
  const s = level.shown;
  if (!s) return { text: t("not rated"), title: t("This level has not been rated yet.") };
  if (s.bound) {
    const n = Math.abs(Math.round(s.limit)); // tn writes it in the page's number format
    const above = s.limit >= 0;
    const atLeast = s.bound === "at least";
    const text = atLeast === above
      ? (above ? tn("at least {n} point stronger than {reference}", "at least {n} points stronger than {reference}", n, { reference }) : tn("at least {n} point weaker than {reference}", "at least {n} points weaker than {reference}", n, { reference }))
      : (above ? tn("at most {n} point stronger than {reference}", "at most {n} points stronger than {reference}", n, { reference }) : tn("at most {n} point weaker than {reference}", "at most {n} points weaker than {reference}", n, { reference }));
    return { text, title: t("One of its rating pairings was won or lost in every game ({games} seats rated): such a sample shows only a bound on the gap (Wilson 95%), not a figure.", { games: level.rating.games }) };
  }
  const n = Math.abs(Math.round(s.elo));
  const text = n === 0 ? t("the reference level") : s.elo > 0 ? tn("about {n} point stronger than {reference}", "about {n} points stronger than {reference}", n, { reference }) : tn("about {n} point weaker than {reference}", "about {n} points weaker than {reference}", n, { reference });
  const signed = (x) => formatSigned(Math.round(x));
  const title = Math.round(s.elo) === 0
    ? t("Every rating is in Elo points against this level (0).")
    : t("Elo {elo}: 95% of resampled rating tournaments gave between {low} and {high} ({games} seats rated).", { elo: signed(s.elo), low: signed(s.interval[0]), high: signed(s.interval[1]), games: level.rating.games });
  return { text, title };
}

function seatRow(game, seat, keep) {
  const levels = levelsOf(game, seatCount(game));
  const kinds = [
    ["human", t("You, on this screen (several seats of yours: hot-seat)")],
    ["invite", t("A friend, invited by a link: the first to open it takes the seat, and only they hold its key")],
    ["open", t("A person: open for anyone to join from the lobby")],
    ...levels.map((lv) => {
      const words = ratingWords(lv, referenceOf(levels));
      return [lv.name, t("Computer, {level}: {description} ({rating})", { level: t(lv.title), description: t(lv.plain), rating: words.text }), words.title];
    }),
    ["advanced", t("Computer: an agent specification (advanced)")],
  ];
  const standard = levels.find((lv) => lv.spec === "heuristic") || levels[0];
  const preferred = keep || (seat === 0 ? "human" : standard ? standard.name : "advanced");
  const kind = el("select", { id: `seat-${seat}-kind`, "data-seat-kind": seat }, kinds.map(([v, text, title]) => el("option", { value: v, selected: v === preferred || null, title: title || null }, text)));
  const name = el("input", { id: `seat-${seat}-name`, type: "text", maxlength: 40, placeholder: t("(optional)"), "data-seat-name": seat });
  const limits = game.ai_limits || {};
  const agent = el("input", { id: `seat-${seat}-agent`, type: "text", maxlength: 120, value: "heuristic", "data-seat-agent": seat, placeholder: t("e.g. {example}", { example: "ismcts:iterations=2000" }) });
  const nameLabel = el("label", { for: name.id }, t("Name"), name);
  const agentLabel = el("label", { for: agent.id }, t("Agent specification (at most {iterations} iterations or {seconds} s per move on this server)", { iterations: limits.max_iterations ?? "?", seconds: limits.max_seconds ?? "?" }), agent);
  const sync = () => {
    const v = kind.value;
    nameLabel.classList.toggle("hidden", !(v === "human" || v === "open" || v === "invite"));
    agentLabel.classList.toggle("hidden", v !== "advanced");
  };
  kind.addEventListener("change", sync);
  kind.addEventListener("change", defaultClock);
  if (seat === 0) name.value = $("player-name").value;
  sync();
  return el("div", { class: "seat-row", "data-levels-for": seatCount(game) }, el("span", { class: "seat-label" }, game.seat_names[seat] ? translateLine(game.seat_names[seat], game.name) : t("Seat {n}", { n: seat })), el("label", { for: kind.id }, t("Who plays"), kind), nameLabel, agentLabel);
}

function selectedGame() {
  return games.find((g) => g.name === $("game").value);
}

/** How many seats the form's options give (a "players" option, else the game's default). */
function seatCount(game) {
  const players = document.querySelector('[data-option="players"]');
  const n = players instanceof HTMLInputElement || players instanceof HTMLSelectElement ? Number.parseInt(players.value, 10) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= 8 ? n : game.players;
}

/** Seat rows for the current seat count, keeping the choices already made in kept rows. */
function drawSeats() {
  const game = selectedGame();
  if (!game) return;
  const n = seatCount(game);
  // A kept row whose levels were rated for another seat count is drawn anew, its choice kept.
  const rows = Array.from({ length: n }, (_, i) => {
    const row = $(`seat-${i}-kind`)?.closest(".seat-row");
    if (row && row.dataset.levelsFor === String(n)) return row;
    const fresh = seatRow(game, i, row ? $(`seat-${i}-kind`).value : undefined);
    for (const field of row ? ["name", "agent"] : []) fresh.querySelector(`[data-seat-${field}]`).value = $(`seat-${i}-${field}`).value;
    return fresh;
  });
  $("seats").replaceChildren(...rows);
  defaultClock();
}

// ---------- the games' cards ----------

/** A game's picture for its card: Netjer's own small drawings in style.css's palette. */
function gamePicture(name) {
  const root = svg("svg", { viewBox: "0 0 120 72", class: "game-picture", "aria-hidden": "true" });
  root.append(svg("rect", { width: 120, height: 72, rx: 8, fill: "var(--board)" }));
  if (name === "aton") {
    // a temple's pylon with a pyramid stone and a sun-disc stone
    root.append(svg("path", { d: "M22,66 L28,16 L92,16 L98,66 Z", fill: "var(--temple)", stroke: "var(--board-edge)", "stroke-width": 2 }));
    root.append(svg("rect", { x: 24, y: 9, width: 72, height: 8, rx: 2, fill: "#c9a86a" }));
    [["var(--square-yellow)", 34, 24], ["var(--square-green)", 62, 24], ["var(--square-blue)", 34, 46], ["var(--square-black)", 62, 46]].forEach(([fill, x, y]) => root.append(svg("rect", { x, y, width: 22, height: 18, rx: 3, fill })));
    root.append(svg("polygon", { points: "45,26 53,40 37,40", fill: "var(--seat-0)", stroke: "#fff", "stroke-width": 1.5 }));
    root.append(svg("circle", { cx: 73, cy: 55, r: 7, fill: "var(--seat-1)", stroke: "#fff", "stroke-width": 1.5 }));
  } else if (name === "nile") {
    // two halves with the river between, a square token and a round one
    root.append(svg("rect", { x: 14, y: 8, width: 92, height: 24, rx: 3, fill: "#f4ecd8", stroke: "#8a7757" }));
    root.append(svg("rect", { x: 14, y: 42, width: 92, height: 24, rx: 3, fill: "#3f3832", stroke: "#8a7757" }));
    root.append(svg("rect", { x: 10, y: 33, width: 100, height: 8, rx: 4, fill: "var(--river)" }));
    root.append(svg("circle", { cx: 44, cy: 20, r: 9, fill: "var(--seat-1)", stroke: "#fff", "stroke-width": 1.5 }));
    root.append(svg("rect", { x: 68, y: 46, width: 17, height: 17, rx: 3, fill: "var(--seat-0)", stroke: "#fff", "stroke-width": 1.5 }));
  } else {
    // an ankh over the Nile's land: fertile, desert and water
    root.append(svg("path", { d: "M0,44 Q30,36 60,46 T120,42 V72 H0 Z", fill: "var(--terrain-fertile)" }));
    root.append(svg("path", { d: "M0,56 Q40,50 70,58 T120,54 V72 H0 Z", fill: "var(--terrain-desert)" }));
    root.append(svg("path", { d: "M0,40 Q30,34 60,42 T120,38", fill: "none", stroke: "var(--terrain-water)", "stroke-width": 4 }));
    root.append(svg("ellipse", { cx: 60, cy: 20, rx: 9, ry: 11, fill: "none", stroke: "#b8862b", "stroke-width": 5 }));
    root.append(svg("path", { d: "M44,34 H76 M60,31 V64", stroke: "#b8862b", "stroke-width": 6, "stroke-linecap": "round" }));
  }
  return root;
}

/** "2 players", "2–5 players": from the options' "players" bounds, else the game's default. */
function playerCounts(game) {
  const players = game.options && game.options.properties && game.options.properties.players;
  const low = players && players.minimum ? players.minimum : game.players;
  const high = players && players.maximum ? players.maximum : game.players;
  return low === high ? tn("{n} player", "{n} players", low) : t("{low}–{high} players", { low, high });
}

/** The computer levels a game offers (at its default seat count), weakest first. */
function levelWords(game) {
  const names = levelsOf(game, game.players).map((lv) => t(lv.title));
  return names.length ? t("Computer levels: {levels}", { levels: names.join(", ") }) : "";
}

/** One card per game over the form: its picture, player counts and levels; choosing a card
 * chooses the game of the form's select (which stays, for the keyboard and the tests). */
function drawGameCards() {
  const box = $("game-cards");
  if (!box) return;
  const chosen = $("game").value;
  box.replaceChildren(...games.map((game) => el("button", {
    type: "button", class: "game-card", "data-game-card": game.name, "aria-pressed": game.name === chosen ? "true" : "false",
    on: { click: () => { $("game").value = game.name; $("game").dispatchEvent(new Event("change")); } },
  }, gamePicture(game.name), el("strong", {}, gameTitle(game.title)), el("span", { class: "small" }, playerCounts(game)), el("span", { class: "small muted" }, levelWords(game)))));
}

// ---------- the time control ----------

let clockTouched = false;

/** Until the player chooses, no clock against computers only, real time 10 + 10 against people. */
function defaultClock() {
  const game = selectedGame();
  if (!game) return;
  const n = seatCount(game);
  const people = Array.from({ length: n }, (_, i) => $(`seat-${i}-kind`)?.value).filter((v) => v === "human" || v === "open" || v === "invite").length;
  if (!clockTouched) $("clock-mode").value = people > 1 ? "realtime" : "none";
  syncClock();
}

function syncClock() {
  const mode = $("clock-mode").value;
  // Without a clock, the leaving rule matters only if a player can count as gone.
  const watched = mode !== "none" || $("clock-gone-after").value !== "0";
  for (const node of $("clock-box").querySelectorAll("[data-clock]")) {
    const want = node.dataset.clock;
    const shown = want === "any" ? watched : want === mode;
    node.classList.toggle("hidden", !shown);
  }
}

/** The table's clock as the API takes it (null: none). */
function readClock() {
  const mode = $("clock-mode").value;
  const on_timeout = $("clock-on-timeout").value;
  if (mode === "realtime") {
    const minutes = Number($("clock-minutes").value);
    const increment = Number($("clock-increment").value);
    return { mode, bank: Math.round(minutes * 60), increment: Number.isFinite(increment) ? increment : 0, on_timeout };
  }
  if (mode === "turn") return { mode, per_turn: Number($("clock-per-turn").value), on_timeout };
  const gone = Number($("clock-gone-after").value);
  if (gone > 0) return { mode, gone_after: gone, on_timeout };
  return null;
}

function drawForm() {
  const game = selectedGame();
  if (!game) return;
  const props = (game.options && game.options.properties) || {};
  // the options' words are read with the game's messages (common.js translateLine)
  // an option marked "x-lobby": false (Ankh's start position, set by a lesson's hand-over) is not offered here
  const offered = Object.entries(props).filter(([, prop]) => prop["x-lobby"] !== false);
  $("options").replaceChildren(...offered.map(([name, prop]) => optionField(name, prop, game.name)));
  $("seats").replaceChildren();
  drawSeats();
  const players = document.querySelector('[data-option="players"]');
  if (players) {
    players.addEventListener("input", drawSeats);
    players.addEventListener("change", drawSeats);
  }
}

function readSeats(game) {
  const seats = [];
  for (let i = 0; i < seatCount(game); i += 1) {
    const kind = $(`seat-${i}-kind`).value;
    const name = $(`seat-${i}-name`).value.trim() || null;
    if (kind === "human") seats.push({ type: "human", name });
    else if (kind === "invite") seats.push({ type: "human", invite: true, name });
    else if (kind === "open") seats.push({ type: "human", open: true, name: null });
    else if (kind === "advanced") seats.push({ type: "agent", agent: $(`seat-${i}-agent`).value.trim() });
    else seats.push({ type: "agent", agent: kind }); // a level's name: the server plays its specification
  }
  return seats;
}

/** A number field's value as the browser reads it ("1e3" is 1000, where parseInt reads 1);
 * null when empty; a value that is not a whole number is sent as typed, for the server to
 * refuse with its reason (the form's own checks stop most before that). */
function wholeNumber(input) {
  const typed = input.value.trim();
  if (typed === "") return null;
  return Number.isSafeInteger(input.valueAsNumber) ? input.valueAsNumber : typed;
}

async function createTable(event) {
  event.preventDefault();
  showError(null);
  const game = selectedGame();
  const body = { game: game.name, options: readOptions(), seats: readSeats(game), hints: $("hints").checked };
  const limit = wholeNumber($("hint-limit"));
  if (body.hints && limit !== null) body.hint_limit = limit; // hints per player (none: no limit)
  if (account && $("rated").checked) body.rated = true; // the server says why when it cannot count
  const clock = readClock();
  if (clock && body.rated) clock.on_timeout = "out"; // a rated seat whose time runs out is out (netjer.server.rated_tables)
  if (clock) body.clock = clock;
  const seed = wholeNumber($("seed"));
  if (seed !== null) body.seed = seed;
  $("create").disabled = true;
  let made = false;
  try {
    const created = await api("/api/tables", { method: "POST", body });
    for (const [seat, token] of Object.entries(created.tokens)) saveToken(created.id, seat, token);
    saveCreatorKey(created.id, created.creator_key);
    showCreated(created);
    made = true;
    refreshTables();
  } catch (err) {
    showError(t("The table was not created: {reason}", { reason: err.message }));
  } finally {
    $("create").disabled = false;
  }
  // The disabled button lost the keyboard's focus to the page: it goes to the new table's first
  // link (its box says what was created), or back to the button when nothing was created.
  if (!document.activeElement || document.activeElement === document.body) {
    const next = made ? $("created").querySelector("a[data-play-seat]") || $("created").querySelector("button") : null;
    (next || $("create")).focus();
  }
}

function copyButton(input) {
  return el("button", { type: "button", class: "secondary", on: { click: async () => {
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
    } catch (err) {
      document.execCommand("copy");
    }
  } } }, t("Copy"));
}

/** An invitation's link with its copy button: the first to open it takes the seat. */
function invitationRow(seat, link) {
  const url = new URL(link, window.location.origin).href;
  const input = el("input", { type: "text", readonly: true, value: url, "aria-label": t("invitation link for {seat}", { seat: translateLine(seat.label) }), "data-invite-seat": seat.seat });
  return el("div", {},
    el("strong", {}, `${translateLine(seat.label)}${seat.name ? ` (${seat.name})` : ""}`), " — ", t("invited: the first to open this link takes the seat."),
    el("div", { class: "link-row" }, input, copyButton(input)));
}

/**
 * The level of ``table``'s game and seat count that plays specification ``spec`` (undefined if
 * none does): a computer seat is named by its level ("Computer, Beginner"), by the specification
 * it stores ("random") only where no level plays it.
 */
function levelPlaying(table, spec) {
  const game = games.find((g) => g.name === table.game);
  return game ? levelsOf(game, table.seats.length).find((lv) => lv.spec === spec) : undefined;
}

function showCreated(created) {
  const table = created.table;
  const box = $("created");
  const seatsWithLinks = Object.keys(created.links).map(Number).sort((a, b) => a - b);
  const rows = table.seats.map((s) => {
    const link = created.links[String(s.seat)];
    if (link) {
      const url = new URL(link, window.location.origin).href;
      const input = el("input", { type: "text", readonly: true, value: url, "aria-label": t("join link for {seat}", { seat: translateLine(s.label) }), "data-link-seat": s.seat });
      return el("div", {},
        el("strong", {}, `${translateLine(s.label)}${s.name ? ` (${s.name})` : ""}`),
        el("div", { class: "link-row" }, input, copyButton(input), el("a", { class: "button", href: link, "data-play-seat": s.seat }, t("Play as {seat}", { seat: translateLine(s.label) }))));
    }
    const invitation = (created.invitations || {})[String(s.seat)];
    if (invitation) return invitationRow(s, invitation);
    if (s.open) return el("p", {}, el("strong", {}, translateLine(s.label)), ` — ${t("open: anyone can join it from the lobby.")}`);
    const level = levelPlaying(table, s.agent);
    if (level) return el("p", {}, el("strong", {}, translateLine(s.label)), ` — ${t("Computer, {level}.", { level: t(level.title) })}`);
    return el("p", {}, el("strong", {}, translateLine(s.label)), ` — ${t("computer ({agent}).", { agent: s.agent })}`);
  });
  const extra = [];
  if (seatsWithLinks.length > 1) {
    extra.push(
      el("p", {}, el("a", { class: "button", id: "hotseat", href: `/table/${encodeURIComponent(created.id)}#hotseat` }, t("Hot-seat: play all human seats on this screen"))),
      el("p", { class: "small muted" }, t("Each link is that seat's key: to have a friend play a seat, choose an invitation for it instead, so that only they hold its key.")),
    );
  } else if (seatsWithLinks.length === 1) {
    extra.push(el("p", { class: "small muted" }, t("The link is your seat's key: open it again (or reload the page) to come back to the game.")));
  }
  extra.push(el("p", {}, deleteButton(created.id, t("Delete this table (possible until the first move)"))));
  box.replaceChildren(
    el("div", { class: "notice info" },
      el("h3", {}, t("Table {id} created: {game}", { id: created.id, game: gameTitle(table.title) })),
      ...rows,
      ...extra),
  );
  box.classList.remove("hidden");
  box.dataset.table = created.id;
}

// ---------- the table lists ----------

/** A finished table's result with how it ended ("Red wins · Blue resigned."; an aborted game: no result). */
function resultWords(table) {
  const how = endingWords(table.ending, table.seats);
  const result = translateLine(table.result_text || "", table.game);
  if (!result) return how || t("finished");
  return how ? `${result} · ${how}` : result;
}

/** A computer seat in a table list: its level's name in the page's language, else its specification. */
function agentWords(table, spec) {
  const level = levelPlaying(table, spec);
  return level ? t(level.title) : spec;
}

function seatWords(table) {
  return table.seats
    .map((s) => `${translateLine(s.label, table.game)}: ${s.kind === "agent" ? agentWords(table, s.agent) : s.open ? t("open") : s.name || t("a person")}`)
    .join(" · ");
}

async function joinSeat(table, seat) {
  showError(null);
  try {
    const joined = await api(`/api/tables/${encodeURIComponent(table.id)}/join`, { method: "POST", body: { seat, name: playerName() } });
    saveToken(table.id, seat, joined.token);
    window.location.href = joined.link;
  } catch (err) {
    const reason = err.payload && err.payload.error === "blocked" ? t("a player at this table has blocked you") : translateLine(err.message);
    showError(t("Could not join: {reason}", { reason }));
    refreshTables();
  }
}

function tableItem(table, kind) {
  const mine = loadTokens(table.id);
  const mySeats = Object.keys(mine).map(Number).filter((s) => table.seats[s]);
  const actions = [];
  for (const seat of mySeats) {
    const href = `/table/${encodeURIComponent(table.id)}#seat=${seat}${kind === "finished" ? "&replay" : ""}`;
    actions.push(el("a", { class: "button", href, "data-focus-key": `seat-${table.id}-${seat}` }, kind === "finished" ? t("Replay as {seat}", { seat: translateLine(table.seats[seat].label, table.game) }) : t("Resume as {seat}", { seat: translateLine(table.seats[seat].label, table.game) })));
  }
  if (kind === "live") actions.push(tableFollowButton(table.id, showError));
  if (kind === "finished") actions.push(el("a", { class: "button secondary", href: `/table/${encodeURIComponent(table.id)}#watch&replay`, "data-replay": table.id, "data-focus-key": `replay-${table.id}` }, t("Replay")));
  else actions.push(el("a", { class: "button secondary", href: `/table/${encodeURIComponent(table.id)}#watch`, "data-watch": table.id, "data-focus-key": `watch-${table.id}` }, t("Watch")));
  let detail = kind === "finished" ? resultWords(table) : tn("{n} action played", "{n} actions played", table.version);
  if (table.rated) detail += ` · ${t("rated")}`;
  const retired = retiredWords(table.seats, table.finished);
  if (retired) detail += ` · ${retired}`;
  if (table.hints) detail += ` · ${table.hint_limit ? tn("hints allowed ({n} per player)", "hints allowed ({n} per player)", table.hint_limit) : t("hints allowed")}`;
  return el("li", { "data-table": table.id },
    el("div", { class: "what" }, el("strong", {}, gameTitle(table.title)), " ", el("span", { class: "muted small" }, `#${table.id}`), el("div", { class: "small" }, seatWords(table)), el("div", { class: "small muted" }, detail)),
    ...actions);
}

// ---------- the open challenges ----------

/** A table's time control in a club player's words: "10+5" (minutes + seconds a move), "1 day a turn". */
function clockWords(clock) {
  if (!clock || clock.mode === "none") return t("no clock");
  if (clock.mode === "realtime") return t("{minutes}+{seconds} real time", { minutes: Math.round((clock.bank || 0) / 60), seconds: Math.round(clock.increment || 0) });
  const days = (clock.per_turn || 0) / 86400;
  return days >= 1 ? tn("{n} day a turn", "{n} days a turn", Math.round(days)) : tn("{n} hour a turn", "{n} hours a turn", Math.round((clock.per_turn || 0) / 3600));
}

/** The creator of a challenge, with their rating in its pool ("Seti 1523", "a guest"). */
function creatorWords(challenge) {
  const c = challenge.creator;
  if (!c) return [t("a guest")];
  const rating = c.text ? c.text : ""; // a game without a rating pool: no figure
  return [el("a", { href: `/player/${encodeURIComponent(c.name)}`, "data-creator": c.name }, c.name), " ", el("span", { class: "rating", "data-rating": c.rating ?? "" }, rating)];
}

function challengeItem(c) {
  const seats = c.seats.map((s) => `${translateLine(s.label, c.game)}: ${s.open ? t("open") : s.player || s.name || t("a person")}`).join(" · ");
  const actions = c.seats.filter((s) => s.open).map((s) => el("button", { type: "button", "data-join": `${c.id}:${s.seat}`, "data-focus-key": `join-${c.id}-${s.seat}`, on: { click: () => joinSeat(c, s.seat) } }, t("Join as {seat}", { seat: translateLine(s.label, c.game) })));
  actions.push(el("a", { class: "button secondary", href: `/table/${encodeURIComponent(c.id)}#watch`, "data-watch": c.id, "data-focus-key": `watch-${c.id}` }, t("Watch")));
  return el("li", { "data-table": c.id, "data-challenge": c.id, "data-rated": c.rated ? "yes" : "no" },
    el("div", { class: "what" },
      el("strong", {}, gameTitle(c.title)), " ", el("span", { class: "muted small" }, `#${c.id}`),
      el("div", { class: "small challenge-facts" },
        el("span", {}, tn("{n} player", "{n} players", c.players)), " · ",
        el("span", { "data-clock-words": "" }, clockWords(c.clock)), " · ",
        el("span", { class: c.rated ? "rated" : "casual" }, c.rated ? t("rated") : t("casual")), " · ",
        ...creatorWords(c)),
      el("div", { class: "small muted" }, seats)),
    ...actions);
}

/** The challenges as the filters ask for them. */
async function refreshChallenges() {
  const params = new URLSearchParams();
  if ($("challenge-game").value) params.set("game", $("challenge-game").value);
  if ($("challenge-rated").value) params.set("rated", $("challenge-rated").value);
  params.set("sort", $("challenge-sort").value);
  const found = await api(`/api/challenges?${params}`);
  fill($("open-tables"), found.map(challengeItem), t("No open challenge right now: create a table and leave a seat open."));
}

// ---------- following ----------

/** The "Following" panel: what is followed, with unfollow buttons; the notices draw themselves. */
function drawFollowed() {
  const items = [];
  for (const id of following.tables) {
    items.push(el("li", { "data-followed-table": id }, el("div", { class: "what" }, t("Table {id}", { id })),
      el("a", { class: "button secondary", href: `/table/${encodeURIComponent(id)}#watch` }, t("Watch")),
      tableFollowButton(id, showError)));
  }
  for (const [id, name] of following.players) {
    items.push(el("li", { "data-followed-player": name }, el("div", { class: "what" }, el("a", { href: `/player/${encodeURIComponent(name)}` }, name)),
      el("button", { type: "button", class: "secondary small", "data-unfollow-player": id, on: { click: async () => { await unfollowPlayer(id); drawFollowed(); } } }, t("Unfollow"))));
  }
  fill($("followed"), items, following.signedIn ? t("You follow no one yet: follow a game in play, or a player by name.") : t("You follow no table yet: follow a game in play. Sign in to follow players."));
  $("follow-player-form").classList.toggle("hidden", !following.signedIn);
  $("follow-allow").textContent = browserNoticesOn() ? t("Browser notices on") : t("Browser notices");
  $("follow-allow").setAttribute("aria-pressed", browserNoticesOn() ? "true" : "false");
}

async function wireFollows() {
  // The listeners first: the page says it is ready before the follows are loaded, and a click
  // on "Browser notices" in between was lost (seen in a browser test under load).
  document.addEventListener("netjer:follows", drawFollowed); // a table followed from its list
  $("follow-player-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    showError(null);
    const name = $("follow-player").value.trim();
    if (!name) return;
    try {
      await followPlayer(name);
      $("follow-player").value = "";
    } catch (err) {
      showError(t("Could not follow: {reason}", { reason: err.message }));
    }
    drawFollowed();
  });
  $("follow-allow").addEventListener("click", async () => {
    if (browserNoticesOn()) {
      try { localStorage.setItem("netjer.notify", "no"); } catch (err) { /* storage disabled */ }
    } else if (!(await allowBrowserNotices())) {
      showError(t("The browser did not allow notices for this site (see its site settings); this page still lists them."));
    }
    drawFollowed();
  });
  await loadFollows();
  drawFollowed();
  startNotices();
}

/** Draw a list anew (every 10 s): a focused link or button of it is focused again after. */
function fill(list, items, empty) {
  const key = list.contains(document.activeElement) ? focusKey() : null;
  list.replaceChildren(...(items.length ? items : [el("li", { class: "muted small" }, empty)]));
  restoreFocus(key, list);
}

// ---------- deleting ----------

/** A button deleting a table this browser created, before its first move. */
function deleteButton(tableId, label) {
  const question = t("Delete this table? Its links stop working for every player.");
  return confirmButton(null, label, question, t("Yes, delete"), () => deleteTable(tableId), "danger", { "data-delete": tableId, "data-focus-key": `delete-${tableId}` });
}

async function deleteTable(tableId) {
  showError(null);
  try {
    await api(`/api/tables/${encodeURIComponent(tableId)}`, { method: "DELETE", token: loadCreatorKey(tableId) });
    forgetTokens(tableId);
    if ($("created").dataset.table === tableId) {
      $("created").replaceChildren(el("div", { class: "notice info" }, t("Table {id} was deleted.", { id: tableId })));
      delete $("created").dataset.table;
    }
  } catch (err) {
    showError(t("The table was not deleted: {reason}", { reason: err.message }));
  }
  refreshTables();
}

// ---------- your tables ----------

/** The seats that may act at table summary ``t`` (``choosing``; the seat to move for older servers). */
function actingSeats(t) {
  if (Array.isArray(t.choosing)) return t.choosing;
  return t.to_move === null || t.to_move === undefined ? [] : [t.to_move];
}

/** A table of this browser: whose turn, the time left, and the link to its seat(s). */
function myTableItem(table, seats) {
  const mine = seats.filter((s) => table.seats[s]);
  // Every seat that must still choose may act (simultaneous choices), else the seat to move.
  const mineToAct = mine.filter((s) => actingSeats(table).includes(s) && !table.seats[s].standin && !table.seats[s].retired);
  const myTurn = !table.finished && mineToAct.length > 0;
  const moverSeat = myTurn ? mineToAct[0] : table.to_move;
  const mover = moverSeat === null || moverSeat === undefined ? null : table.seats[moverSeat];
  let turn;
  if (table.finished) turn = resultWords(table);
  else if (table.adjourned) turn = t("Adjourned: it resumes when every player is back");
  else if (myTurn) turn = t("Your turn ({seat})", { seat: translateLine(mover.label, table.game) });
  else if (mover && mover.standin) turn = t("The computer plays for {name}", { name: mover.name || translateLine(mover.label, table.game) });
  else if (mover && mover.open) turn = t("Waiting for a player to join");
  else if (mover) {
    const computer = t("The computer");
    turn = t("{name} to play", { name: mover.kind === "agent" ? computer : mover.name || translateLine(mover.label, table.game) });
  }
  else turn = "";
  let time = null;
  const timed = myTurn && table.clock && table.clock.seats[moverSeat].running ? moverSeat : table.clock ? table.clock.running : null;
  if (!table.finished && table.clock && timed !== null && timed !== undefined) {
    const left = table.clock.seats[timed].left;
    if (left !== null) time = t("{time} left", { time: clockText(left, table.clock.mode) });
  }
  const withoutToken = mine.length === 1 && !loadTokens(table.id)[String(mine[0])];
  const fragment = mine.length > 1 ? "hotseat" : `seat=${mine[0]}${withoutToken ? "&account" : ""}`;
  const label = table.finished ? t("Open") : myTurn ? t("Play") : t("Open");
  return el("li", { "data-my-table": table.id, class: myTurn ? "my-turn" : null },
    el("div", { class: "what" },
      el("strong", {}, gameTitle(table.title)), " ", el("span", { class: "muted small" }, `#${table.id}`),
      el("div", { class: "small" }, t("You: {seats}", { seats: mine.map((s) => translateLine(table.seats[s].label, table.game)).join(", ") })),
      el("div", { class: myTurn ? "small your-turn" : "small", "data-turn": myTurn ? "mine" : "other" }, turn, time ? ` · ${time}` : "")),
    el("a", { class: myTurn ? "button" : "button secondary", href: `/table/${encodeURIComponent(table.id)}#${fragment}`, "data-focus-key": `open-${table.id}` }, label),
    table.version === 0 && loadCreatorKey(table.id) ? deleteButton(table.id, t("Delete")) : null,
    !table.finished && (loadCreatorKey(table.id) || table.created_by_me) && table.seats.some((s) => s.reserved)
      ? el("button", { type: "button", class: "secondary", "data-show-invitations": table.id, "data-focus-key": `invitations-${table.id}`, on: { click: (event) => showInvitations(table.id, event.target.closest("li")) } }, t("Invitations"))
      : null,
    el("button", { type: "button", class: "secondary", "data-forget": table.id, "data-focus-key": `forget-${table.id}`, title: t("Remove it from this list: this browser forgets its seat links (the table itself stays)"), on: { click: () => forgetTable(table.id) } }, t("Forget")));
}

/** The tables whose invitations are shown: shown again when "Your tables" is redrawn. */
const shownInvitations = new Set();

/** The creator's invitations of a table (its creator key, or its signed-in account): each
 * link shown again, with a new link (the old one is refused from then on) and a revocation. */
async function showInvitations(tableId, item) {
  showError(null);
  const key = loadCreatorKey(tableId);
  const base = `/api/tables/${encodeURIComponent(tableId)}/invitations`;
  let box = item.querySelector(".invitations");
  if (!box) {
    box = el("div", { class: "invitations small", "data-invitations": tableId });
    item.append(box);
  }
  const draw = async () => {
    const found = (await api(base, { token: key })).invitations;
    const table = (await api(`/api/tables?ids=${encodeURIComponent(tableId)}`))[0];
    const rows = Object.entries(found).map(([seat, link]) => {
      const label = table && table.seats[Number(seat)] ? table.seats[Number(seat)] : { seat: Number(seat), label: `#${seat}` };
      const row = invitationRow(label, link);
      row.append(
        el("button", { type: "button", class: "secondary", "data-renew": seat, on: { click: async () => { await api(`${base}/${seat}`, { method: "POST", token: key }); await draw(); } } }, t("New link")),
        el("button", { type: "button", class: "danger", "data-revoke": seat, on: { click: async () => { await api(`${base}/${seat}`, { method: "DELETE", token: key }); await draw(); } } }, t("Revoke")));
      return row;
    });
    const waiting = table ? table.seats.filter((s) => s.reserved && !(String(s.seat) in found)) : [];
    for (const s of waiting) {
      rows.push(el("div", {}, el("strong", {}, translateLine(s.label)), " — ", t("no invitation: the seat waits."), " ",
        el("button", { type: "button", class: "secondary", "data-renew": s.seat, on: { click: async () => { await api(`${base}/${s.seat}`, { method: "POST", token: key }); await draw(); } } }, t("New link"))));
    }
    box.replaceChildren(...(rows.length ? rows : [el("p", { class: "muted" }, t("Every invited seat has been taken."))]));
  };
  try {
    shownInvitations.add(tableId);
    await draw();
  } catch (err) {
    showError(t("The invitations could not be shown: {reason}", { reason: err.message }));
  }
}

/** Forget a table's seat links (and creator key) in this browser: it leaves "Your tables". */
function forgetTable(tableId) {
  forgetTokens(tableId);
  refreshTables();
}

/** The signed-in account ({name, id}), or null for a guest; shown in the page's header. */
let account = null;

async function refreshAccount() {
  try {
    const me = await api("/api/account");
    account = me.signed_in ? me : null;
  } catch (err) {
    account = null;
  }
  const link = $("account-link");
  if (link) {
    link.textContent = account ? t("Account: {name}", { name: account.name }) : t("Sign in or sign up");
    document.body.dataset.signedIn = account ? "yes" : "no";
  }
  const rated = $("rated-box"); // a rated game is for signed-in players (netjer.server.ratings)
  if (rated) rated.classList.toggle("hidden", !account);
}

async function refreshMine() {
  const held = allTokens();
  // A signed-in player's tables come from the server, on any device: their seats open with the session.
  const fromAccount = account ? await api("/api/account/tables").catch(() => []) : []; // signed out meanwhile: none
  const accountSeats = {};
  for (const table of fromAccount) {
    accountSeats[table.id] = table.my_seats;
    if (!held[table.id]) held[table.id] = Object.fromEntries(table.my_seats.map((s) => [String(s), null]));
  }
  const ids = Object.keys(held).filter((id) => !accountSeats[id]).slice(0, 50);
  if (!ids.length && !fromAccount.length) {
    fill($("my-tables"), [], t("No table yet: the tables you create or join appear here."));
    return;
  }
  const local = ids.length ? await api(`/api/tables?ids=${ids.map(encodeURIComponent).join(",")}`) : [];
  const tables = [...fromAccount, ...local];
  const mineFirst = (t) => {
    const seats = Object.keys(held[t.id]).map(Number);
    if (t.finished) return 2;
    return seats.some((s) => actingSeats(t).includes(s) && t.seats[s] && !t.seats[s].standin) ? 0 : 1;
  };
  tables.sort((a, b) => mineFirst(a) - mineFirst(b));
  fill($("my-tables"), tables.map((t) => myTableItem(t, Object.keys(held[t.id]).map(Number))), t("None of your tables is on this server."));
  document.body.dataset.myTurns = String(tables.filter((t) => mineFirst(t) === 0).length);
  for (const id of shownInvitations) {
    const item = $("my-tables").querySelector(`li[data-my-table="${CSS.escape(id)}"]`);
    if (item) showInvitations(id, item);
  }
}

async function refreshTables() {
  try {
    await refreshMine();
  } catch (err) {
    showError(t("Your tables could not be listed: {reason}", { reason: err.message }));
  }
  try {
    // Three lists from three queries: many tables of one kind never hide the others.
    const [playing, done] = await Promise.all(
      ["playing", "finished"].map((status) => api(`/api/tables?status=${status}`)),
    );
    await refreshChallenges();
    const live = playing.filter((t) => !t.seats.some((s) => s.open));
    fill($("live-tables"), live.map((t) => tableItem(t, "live")), t("No game in play."));
    fill($("finished-tables"), done.slice(0, 30).map((t) => tableItem(t, "finished")), t("No finished game yet."));
  } catch (err) {
    showError(t("The tables could not be listed: {reason}", { reason: err.message }));
  }
  document.body.dataset.listed = "yes"; // the lists are drawn (after data-ready: they come from the server)
}

// ---------- the language ----------

/** The lobby's language selector: the browser's languages ("auto"), or one chosen and kept. */
async function languageSelector() {
  const select = $("language");
  if (!select) return;
  let listed = [];
  try {
    listed = (await api("/api/i18n")).languages;
  } catch (err) {
    listed = [{ code: "en", name: "English" }];
  }
  const chosen = chosenLanguage();
  select.replaceChildren(
    el("option", { value: "", selected: !chosen || null }, t("Browser's language")),
    ...listed.map((l) => el("option", { value: l.code, selected: chosen === l.code || null, lang: l.code }, l.name)),
  );
  select.dataset.language = language();
  select.addEventListener("change", () => {
    chooseLanguage(select.value);
    window.location.reload();
  });
}

async function main() {
  await loadLanguage();
  await languageSelector();
  await refreshAccount();
  try {
    $("player-name").value = localStorage.getItem("netjer.name") || "";
  } catch (err) {
    // storage disabled
  }
  $("player-name").addEventListener("change", () => {
    try {
      localStorage.setItem("netjer.name", $("player-name").value.trim());
    } catch (err) {
      // storage disabled
    }
  });
  try {
    games = await api("/api/games");
  } catch (err) {
    showError(t("The games could not be loaded: {reason}", { reason: err.message }));
    return;
  }
  $("game").replaceChildren(...games.map((g) => el("option", { value: g.name }, gameTitle(g.title))));
  $("game").addEventListener("change", drawForm);
  $("game").addEventListener("change", drawGameCards);
  drawGameCards();
  $("new-table").addEventListener("submit", createTable);
  const hintLimit = () => { $("hint-limit").disabled = !$("hints").checked; }; // a limit only where hints are allowed
  $("hints").addEventListener("change", hintLimit);
  hintLimit();
  $("refresh").addEventListener("click", refreshTables);
  $("challenge-game").append(...games.map((g) => el("option", { value: g.name }, gameTitle(g.title))));
  for (const id of ["challenge-game", "challenge-rated", "challenge-sort"]) {
    $(id).addEventListener("change", () => refreshChallenges().catch((err) => showError(t("The tables could not be listed: {reason}", { reason: err.message }))));
  }
  $("clock-mode").addEventListener("change", () => {
    clockTouched = true;
    syncClock();
  });
  $("clock-gone-after").addEventListener("change", syncClock);
  drawForm();
  document.body.dataset.ready = "yes";
  await wireFollows();
  await refreshTables();
  setInterval(() => {
    if (document.visibilityState === "visible") {
      refreshTables();
      drawFollowed();
    }
  }, 10000);
}

main();
