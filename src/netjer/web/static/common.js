// Shared helpers: DOM and SVG builders, the JSON API, and where seat tokens are kept.
//
// Tokens live in localStorage under "netjer.tokens.<table>" ({seat: token}) so that a reload,
// a new tab or a browser restart can resume the seat; which seats *this tab* plays is kept in
// sessionStorage under "netjer.tab.<table>". Tokens only travel in URL fragments (never sent
// to the server), the WebSocket hello and the Authorization header.

const SVG_NS = "http://www.w3.org/2000/svg";

function applyAttrs(node, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "on") {
      for (const [event, handler] of Object.entries(value)) node.addEventListener(event, handler);
    } else if (key === "dataset") {
      Object.assign(node.dataset, value);
    } else if (key === "text") {
      node.textContent = String(value);
    } else {
      node.setAttribute(key, value === true ? "" : String(value));
    }
  }
}

function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** An HTML element: el("button", {class: "x", on: {click}}, "text", child...). */
export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  applyAttrs(node, attrs);
  append(node, children);
  return node;
}

/** An SVG element, same calling convention as el(). */
export function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  applyAttrs(node, attrs);
  append(node, children);
  return node;
}

/** Make the SVG texts of `root` marked `data-fit` (the width, in the drawing's units, that a text
 * may take before it meets its neighbour) fit that width; `data-fit-before` names a text of the
 * same drawing (its `data-fit-id`) whose left edge, less 8 units, bounds the room too. A longer
 * translation is drawn narrower (down to `data-fit-min` font units, by default 12), and past that
 * cut with "…", its whole text kept as its tooltip and accessible name. Measured once the drawing
 * is in the page (a text not laid out measures 0 and is left alone). */
export function fitTexts(root) {
  for (const text of root.querySelectorAll("text[data-fit]")) {
    let room = Number(text.dataset.fit);
    const next = text.dataset.fitBefore && root.querySelector(`[data-fit-id="${text.dataset.fitBefore}"]`);
    if (next) room = Math.min(room, next.getBBox().x - 8 - Number(text.getAttribute("x")));
    if (!(room > 0) || text.getComputedTextLength() <= room) continue;
    const size = parseFloat(text.getAttribute("font-size") || getComputedStyle(text).fontSize);
    const least = Number(text.dataset.fitMin || 12);
    text.setAttribute("font-size", String(Math.max(least, Math.floor((size * room) / text.getComputedTextLength() * 10) / 10)));
    if (text.getComputedTextLength() <= room) continue;
    const whole = text.textContent;
    text.setAttribute("aria-label", whole);
    let shown = whole;
    while (shown.length > 1 && text.getComputedTextLength() > room) {
      shown = shown.slice(0, -1).trimEnd();
      text.textContent = `${shown}…`;
    }
    text.append(svg("title", { text: whole }));
  }
}

/** Make an SVG group behave like a button: focusable, Enter/Space activate it, a label. */
export function svgButton(group, label, onActivate, focusKey) {
  group.setAttribute("role", "button");
  group.setAttribute("tabindex", "0");
  group.setAttribute("aria-label", label);
  if (focusKey) group.dataset.focusKey = focusKey;
  group.append(svg("title", { text: label }));
  group.addEventListener("click", (event) => {
    event.preventDefault();
    onActivate();
  });
  group.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onActivate();
    }
  });
  return group;
}

// A redraw replaces the elements a keyboard user may have focused: each such element carries
// a key (``data-focus-key``) naming what it stands for, the same in every drawing; a page reads
// the focused element's key before it redraws and focuses the element with that key after.

/** The focus key of the focused element, or null (read it before a redraw). */
export function focusKey() {
  const active = document.activeElement;
  return active instanceof HTMLElement || active instanceof SVGElement ? active.dataset.focusKey || null : null;
}

/** After a redraw: focus the element of ``root`` whose focus key is ``key`` (none: nothing). */
export function restoreFocus(key, root = document) {
  if (!key) return;
  const again = root.querySelector(`[data-focus-key="${CSS.escape(key)}"]`);
  if ((again instanceof HTMLElement || again instanceof SVGElement) && again !== document.activeElement) again.focus();
}

export class ApiError extends Error {
  constructor(status, payload) {
    super(payload && payload.message ? payload.message : t("request failed ({status})", { status }));
    this.status = status;
    this.payload = payload || {};
  }
}

/** The signed-in session's CSRF token (the readable cookie "netjer_csrf"), or null for a guest. */
export function csrfToken() {
  const found = document.cookie.split("; ").find((c) => c.startsWith("netjer_csrf="));
  return found ? decodeURIComponent(found.slice("netjer_csrf=".length)) : null;
}

/**
 * Call the JSON API; throws ApiError with the server's message on a 4xx/5xx. A signed-in
 * browser's requests that change something carry the session's CSRF token.
 * @param {string} path
 * @param {{method?: string, body?: any, token?: string}} [options] body is sent as JSON
 * @returns {Promise<any>} the response's JSON (null when it has none)
 */
export async function api(path, { method = "GET", body, token } = {}) {
  const headers = { Accept: "application/json" };
  // once the page has its language, the server tells its refusals in it (netjer.server.routes.common.request_language)
  if (languageLoaded) headers["Accept-Language"] = catalogue.language;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const csrf = method === "GET" || method === "HEAD" ? null : csrfToken();
  if (csrf) headers["X-CSRF-Token"] = csrf;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (err) {
    throw new ApiError(0, { message: t("the server cannot be reached; is it running?") });
  }
  let payload = null;
  try {
    payload = await response.json();
  } catch (err) {
    payload = null;
  }
  // every refusal is {"error", "message"}, told in the page's language (netjer.server.routes.errors;
  // FastAPI's {"detail": [...]} is never sent: tests/server/test_error_languages.py)
  if (!response.ok) throw new ApiError(response.status, payload);
  return payload;
}

// ---------- tokens and this tab's seats ----------

function readJson(storage, key, fallback) {
  try {
    const raw = storage.getItem(key);
    return raw ? JSON.parse(raw) : fallback;
  } catch (err) {
    return fallback;
  }
}

function writeJson(storage, key, value) {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch (err) {
    // storage full or disabled (private mode): the page still works until it is reloaded
  }
}

/** Every token this browser holds for a table, as {seat: token}. */
export function loadTokens(tableId) {
  const stored = readJson(localStorage, `netjer.tokens.${tableId}`, {});
  return stored && typeof stored === "object" ? stored : {};
}

/** Every table this browser holds a seat token of, as {table: {seat: token}}. */
export function allTokens() {
  const out = {};
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (key && key.startsWith("netjer.tokens.")) {
        const id = key.slice("netjer.tokens.".length);
        const tokens = loadTokens(id);
        if (id && Object.keys(tokens).length) out[id] = tokens;
      }
    }
  } catch (err) {
    // storage disabled
  }
  return out;
}

/** The creator key of a table this browser created (it may delete the table before play). */
export function loadCreatorKey(tableId) {
  try {
    return localStorage.getItem(`netjer.creator.${tableId}`);
  } catch (err) {
    return null;
  }
}

export function saveCreatorKey(tableId, key) {
  try {
    localStorage.setItem(`netjer.creator.${tableId}`, key);
  } catch (err) {
    // storage disabled
  }
}

/** Forget this browser's tokens of a table (it was deleted, or moved to a rematch). */
export function forgetTokens(tableId) {
  try {
    localStorage.removeItem(`netjer.tokens.${tableId}`);
    localStorage.removeItem(`netjer.creator.${tableId}`);
  } catch (err) {
    // storage disabled
  }
}

/** Seconds as a clock shows them: "4:05", "1:02:03", or for turn deadlines "2 d 3 h", "11 h 59 min". */
export function clockText(seconds, mode) {
  const s = Math.max(0, Math.ceil(seconds));
  if (mode === "turn" && s >= 86400) return `${Math.floor(s / 86400)} d ${Math.floor((s % 86400) / 3600)} h`;
  if (mode === "turn" && s >= 3600) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

export function saveToken(tableId, seat, token) {
  const tokens = loadTokens(tableId);
  tokens[String(seat)] = token;
  writeJson(localStorage, `netjer.tokens.${tableId}`, tokens);
}

/** This tab's choice: {seats: [N, ...]} (several = hot-seat) or {seats: []} (watching). */
export function loadTabChoice(tableId) {
  return readJson(sessionStorage, `netjer.tab.${tableId}`, null);
}

export function saveTabChoice(tableId, choice) {
  writeJson(sessionStorage, `netjer.tab.${tableId}`, choice);
}

/**
 * Read a table page's fragment: "#seat=0&token=T" (one seat, may repeat for several),
 * "#hotseat" (every seat whose token is stored), "#watch", "#replay" (may follow the others),
 * "#seat=0&account" (a seat of the signed-in account, opened on a device without its token).
 */
function safeDecode(text) {
  try {
    return decodeURIComponent(text);
  } catch (err) {
    return null;
  }
}

export function parseFragment(hash) {
  const text = (hash || "").replace(/^#/, "");
  const out = { pairs: [], seat: null, hotseat: false, watch: false, replay: false, account: false };
  let pending = null;
  for (const part of text.split("&")) {
    if (!part) continue;
    const [rawKey, ...rest] = part.split("=");
    const key = safeDecode(rawKey);
    const value = safeDecode(rest.join("="));
    if (key === null || value === null) continue; // a mangled part (e.g. "#%") is ignored
    if (key === "seat") {
      const seat = Number.parseInt(value, 10);
      if (Number.isInteger(seat) && seat >= 0) {
        pending = seat;
        out.seat = seat;
      }
    } else if (key === "token" && pending !== null && value) {
      out.pairs.push({ seat: pending, token: value });
      pending = null;
    } else if (key === "account") {
      out.account = true; // a seat the signed-in account holds: the session cookie is its key
    } else if (key === "hotseat") {
      out.hotseat = true;
    } else if (key === "watch") {
      out.watch = true;
    } else if (key === "replay") {
      out.replay = true;
    }
  }
  return out;
}

/** A seat's display name: "Red", or "Red (Ann)"; the seat's name (the server's English, "Red",
 * "Player 2") in the page's language (a term of the game's catalogue, translateLine). */
export function seatTitle(seatInfo) {
  if (!seatInfo) return "";
  const label = translateLine(seatInfo.label);
  // A level's seat by its level's title in the page's language ("Rojo (ordenador: Principiante)").
  if (seatInfo.kind === "agent") return t("{seat} (computer: {agent})", { seat: label, agent: seatInfo.level ? t(seatInfo.level) : seatInfo.agent });
  // A deleted account's seats keep their games under this name (server/db/accounts.py).
  if (seatInfo.name === "deleted player") return `${label} (${t("deleted player")})`;
  if (seatInfo.name) return `${label} (${seatInfo.name})`;
  return label;
}

/** A game's published title (the server's English: "Ankh: Gods of Egypt") in the page's language
 * ("Ankh: Dioses de Egipto"): a term of the catalogue (Game.title), looked up whole; display
 * only, never an identifier (that is the game's name, "ankh"). */
export function gameTitle(title) {
  const text = String(title ?? "");
  const found = catalogue.messages[text];
  return typeof found === "string" && found ? found : text;
}

// ---------- the player's language (src/netjer/i18n.py) ----------
//
// Every text shown goes through t("English message id", {params}) or tn(singular, plural, n):
// the page loads its catalogue once (loadLanguage) from GET /api/i18n/{languages}, the
// server choosing the first language it has among the lobby's choice (localStorage
// "netjer.lang"), navigator.languages and Accept-Language, else English. A message the
// catalogue lacks is shown in English. Placeholders are written {name}.

const LANGUAGE_KEY = "netjer.lang";
let catalogue = { language: "en", name: "English", plural_tags: ["one", "other"], messages: {} };
let languageLoaded = false; // loadLanguage has chosen the page's language (api then sends it)

function fillIn(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, key) => (Object.hasOwn(params, key) ? String(params[key]) : whole));
}

// A message the page's catalogue lacks is shown in English, and said once on the console (as
// netjer.i18n logs it once on the server's side; `netjer i18n status` counts what is left).
const missingSaid = new Set();

function sayMissing(msgid) {
  if (catalogue.language === "en" || missingSaid.has(msgid)) return;
  missingSaid.add(msgid);
  console.info(`netjer: no ${catalogue.language} translation of ${JSON.stringify(msgid)}: shown in English`);
}

/** The message ``msgid`` in the page's language, its {placeholders} filled from ``params``. */
export function t(msgid, params) {
  const found = catalogue.messages[msgid];
  if (typeof found !== "string") sayMissing(msgid);
  return fillIn(typeof found === "string" ? found : msgid, params);
}

/** The message ``msgid`` as it is meant in ``context`` (a text whose English is also another
 * message's: "S" the start space, "S" south), in the page's language, filled from ``params``. */
export function tc(context, msgid, params) {
  const key = `${context}\u0004${msgid}`;
  const found = catalogue.messages[key];
  if (typeof found !== "string") sayMissing(key);
  return fillIn(typeof found === "string" ? found : msgid, params);
}

/** The form of ``singular``/``plural`` for the count ``n`` ({n} is filled with it). */
export function tn(singular, plural, n, params) {
  const forms = catalogue.messages[singular];
  let text = n === 1 ? singular : plural;
  if (!Array.isArray(forms)) sayMissing(singular);
  if (Array.isArray(forms)) {
    let index = -1;
    try {
      index = catalogue.plural_tags.indexOf(new Intl.PluralRules(catalogue.language).select(n));
    } catch (err) {
      index = -1;
    }
    text = forms[index >= 0 && index < forms.length ? index : forms.length - 1];
  }
  return fillIn(text, { n: formatNumber(n), ...(params || {}) });
}

/** ``value`` (a count, a rating) in the page's language's number format: its digit grouping
 * and decimal sign (Intl.NumberFormat; ``options`` as it takes them). */
export function formatNumber(value, options = {}) {
  try {
    return new Intl.NumberFormat(catalogue.language, options).format(value);
  } catch (err) {
    return String(value);
  }
}

/** ``fraction`` (0.42) as a percentage in the page's language ("42%", "42 %"), ``digits`` decimals. */
export function formatPercent(fraction, digits = 0) {
  return formatNumber(fraction, { style: "percent", minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** A change or a signed rating ("+12", "−7") in the page's number format, with a true minus sign. */
export function formatSigned(value) {
  const shown = formatNumber(Math.abs(value), { maximumFractionDigits: 0 });
  return `${value >= 0 ? "+" : "−"}${shown}`;
}

// A line the server sends already in English words (an engine's log line, a result) is put into
// the page's language by reading it back to the catalogue message it was made from, as
// netjer.i18n_lines.LineReader does (tests/test_i18n_lines.py checks every log line of seeded
// games that way): a message's {placeholders} hold a name or another message (read in turn), a
// value with no letter or space ("4,3", "12"), or a list of those joined by ", "; {n}, a plural's
// count, holds only a value. Only the messages of the common catalogue and of the line's game
// are read (setLineGame, or translateLine's game), so that one game's words never read another
// game's line; among the ways to read a line, the message with the most fixed text wins. A line
// that is not read whole is put into the page's language as far as its messages recognise it
// (the most of the line first), and a line no message matches stays as it is.
let lineGame = null;
const readers = new Map();
let linePatterns = null;
const LIST_SEPARATOR = ", ";

/** The game whose lines this page shows ("ankh"): its catalogue and the common one read them. */
export function setLineGame(game) {
  lineGame = game || null;
}

function escapeRegex(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// catalogue.domains: message id -> the catalogues holding it ("Seth" is Ankh's and Nile's).
function domainAllowed(msgid, game) {
  const domains = catalogue.domains ? catalogue.domains[msgid] : undefined;
  return !domains || !game || domains.includes("common") || domains.includes(game);
}

function splitTemplate(text) {
  const parts = [];
  const names = [];
  for (const piece of text.split(/(\{\w+\})/)) {
    const m = /^\{(\w+)\}$/.exec(piece);
    if (m) {
      parts.push(null);
      names.push(m[1]);
    } else if (piece) {
      parts.push(piece);
    }
  }
  return { parts, names, fixed: parts.reduce((sum, p) => sum + (p === null ? 0 : p.length), 0) };
}

function readerFor(game) {
  const key = game || "";
  if (readers.has(key)) return readers.get(key);
  const exact = new Map();
  const patterns = [];
  const add = (english, msgid, plural) => {
    const split = splitTemplate(english);
    if (!split.names.length) {
      if (!exact.has(english)) exact.set(english, { msgid, plural });
    } else {
      patterns.push({ msgid, plural, english, ...split });
    }
  };
  for (const msgid of Object.keys(catalogue.domains || {})) {
    if (!domainAllowed(msgid, game)) continue;
    const plural = catalogue.all_plurals ? catalogue.all_plurals[msgid] : undefined;
    add(msgid, msgid, plural || null);
    if (plural) add(plural, msgid, plural);
  }
  patterns.sort((a, b) => b.fixed - a.fixed);
  const reader = { exact, patterns, memo: new Map() };
  readers.set(key, reader);
  return reader;
}

function isValue(text) {
  return text.length > 0 && !/\s/u.test(text) && (!/\p{L}/u.test(text) || /\d/u.test(text)) && text[0] !== "," && !text.endsWith(",");
}

function readText(reader, text) {
  if (reader.memo.has(text)) return reader.memo.get(text);
  reader.memo.set(text, null);
  let found = null;
  const hit = reader.exact.get(text);
  if (hit) found = { text, msgid: hit.msgid, plural: hit.plural, params: {} };
  else if (isValue(text)) found = { text, msgid: null };
  else {
    for (const p of reader.patterns) {
      const values = matchParts(reader, p, text, 0, 0, 0);
      if (values) {
        const params = {};
        p.names.forEach((name, i) => { params[name] = values[i]; });
        found = { text, msgid: p.msgid, plural: p.plural, english: p.english, params };
        break;
      }
    }
    if (!found) found = readList(reader, text);
  }
  reader.memo.set(text, found);
  return found;
}

function readList(reader, text) {
  if (!text.includes(LIST_SEPARATOR)) return null;
  const items = text.split(LIST_SEPARATOR).map((item) => readText(reader, item));
  return items.every(Boolean) ? { text, msgid: null, items } : null;
}

function readValue(reader, text, name) {
  if (!text || text !== text.trim()) return null;
  if (name === "n") return isValue(text) ? { text, msgid: null } : null;
  return readList(reader, text) || readText(reader, text);
}

function matchParts(reader, p, text, i, pos, k) {
  if (i === p.parts.length) return pos === text.length ? [] : null;
  const part = p.parts[i];
  if (part !== null) return text.startsWith(part, pos) ? matchParts(reader, p, text, i + 1, pos + part.length, k) : null;
  const name = p.names[k];
  if (i + 1 === p.parts.length) {
    const value = readValue(reader, text.slice(pos), name);
    return value ? [value] : null;
  }
  const following = p.parts[i + 1];
  for (let end = pos + 1; end < text.length; end += 1) {
    if (following !== null) {
      end = text.indexOf(following, end);
      if (end < 0) break;
    }
    const value = readValue(reader, text.slice(pos, end), name);
    if (!value) continue;
    const rest = matchParts(reader, p, text, i + 1, end, k + 1);
    if (rest) return [value, ...rest];
  }
  return null;
}

function renderReading(reading) {
  if (reading.items) return reading.items.map(renderReading).join(LIST_SEPARATOR);
  if (reading.msgid === null) return reading.text;
  const params = {};
  for (const [name, value] of Object.entries(reading.params || {})) params[name] = renderReading(value);
  if (reading.plural) {
    const n = Number(params.n);
    const count = Number.isFinite(n) && params.n !== undefined ? n : reading.english === reading.plural ? 2 : 1;
    return tn(reading.msgid, reading.plural, count, params);
  }
  return t(reading.msgid, params);
}

function patterns() {
  if (linePatterns) return linePatterns;
  const ids = [];
  for (const [msgid, found] of Object.entries(catalogue.messages)) {
    if (!msgid.includes("{")) continue;
    ids.push([msgid, found, null]);
    if (Array.isArray(found) && catalogue.plurals && catalogue.plurals[msgid]) ids.push([catalogue.plurals[msgid], found, msgid]);
  }
  linePatterns = ids.map(([english, found, singular]) => {
    const names = [];
    const source = english.split(/(\{\w+\})/).map((part) => {
      const m = /^\{(\w+)\}$/.exec(part);
      if (!m) return escapeRegex(part);
      names.push(m[1]);
      return "(.+?)";
    }).join("");
    return { regex: new RegExp(`^${source}$`), names, found, singular, english, fixed: english.replace(/\{\w+\}/g, "").length };
  }).sort((a, b) => b.fixed - a.fixed);
  return linePatterns;
}

/** ``line`` (English words from the server) in the page's language, read back to the messages
 * of the common catalogue and of ``game`` (default: the page's game, setLineGame); else ``line``
 * as far as its messages recognise it. */
export function translateLine(line, game = lineGame) {
  const text = String(line);
  if (catalogue.language === "en") return text;
  const reading = readText(readerFor(game), text);
  if (reading) return renderReading(reading);
  return recognised(text, 0, game)[0];
}

/** [``text`` translated, how many of its characters the messages used recognise]. */
function recognised(text, depth, game) {
  if (depth > 3) return [text, 0];
  const exact = catalogue.messages[text];
  if (typeof exact === "string" && domainAllowed(text, game)) return [exact, text.length];
  let best = [text, 0];
  for (const p of patterns()) {
    if (!domainAllowed(p.singular || p.english, game)) continue;
    const m = p.regex.exec(text);
    if (!m) continue;
    const params = {};
    let covered = p.fixed;
    p.names.forEach((name, i) => {
      const [words, count] = recognised(m[i + 1], depth + 1, game);
      params[name] = words;
      covered += count;
    });
    if (covered <= best[1]) continue;
    if (Array.isArray(p.found)) {
      const n = Number(params.n);
      best = [tn(p.singular || p.english, p.english, Number.isFinite(n) ? n : 2, params), covered];
    } else {
      best = [fillIn(p.found, params), covered];
    }
    if (covered >= text.length) break;
  }
  return best;
}

/** The page's language code ("en", "es"). */
export function language() {
  return catalogue.language;
}

/** The language chosen in the lobby's selector, or null (then the browser's languages). */
export function chosenLanguage() {
  try {
    return localStorage.getItem(LANGUAGE_KEY);
  } catch (err) {
    return null;
  }
}

export function chooseLanguage(code) {
  try {
    if (code) localStorage.setItem(LANGUAGE_KEY, code);
    else localStorage.removeItem(LANGUAGE_KEY);
  } catch (err) {
    // storage disabled: the choice lasts until the page is left
  }
}

/** Translate the texts the HTML page marks: data-i18n (the element's text) and data-i18n-attr
 * (the named attributes), as netjer.i18n.extract_html extracts them. */
export function translatePage(root) {
  for (const node of root.querySelectorAll("[data-i18n]")) {
    if (!node.dataset.i18nId) node.dataset.i18nId = node.textContent.split(/\s+/).filter(Boolean).join(" ");
    node.textContent = t(node.dataset.i18nId);
  }
  for (const node of root.querySelectorAll("[data-i18n-attr]")) {
    for (const name of node.dataset.i18nAttr.split(",").map((s) => s.trim()).filter(Boolean)) {
      const key = `i18n-${name}`;
      if (!node.hasAttribute(`data-${key}`)) node.setAttribute(`data-${key}`, (node.getAttribute(name) || "").split(/\s+/).filter(Boolean).join(" "));
      const id = node.getAttribute(`data-${key}`);
      if (id) node.setAttribute(name, t(id));
    }
  }
}

/** Load the page's catalogue (English if the server cannot be asked) and translate the page. */
export async function loadLanguage() {
  const wanted = [chosenLanguage(), ...(navigator.languages || [navigator.language])].filter(Boolean).slice(0, 16);
  try {
    catalogue = await api(`/api/i18n/${encodeURIComponent(wanted.join(",") || "auto")}`);
    readers.clear();
    linePatterns = null;
  } catch (err) {
    // English: the message ids themselves
  }
  languageLoaded = true;
  document.documentElement.lang = catalogue.language;
  translatePage(document);
  return catalogue.language;
}
