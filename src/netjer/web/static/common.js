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

export class ApiError extends Error {
  constructor(status, payload) {
    super(payload && payload.message ? payload.message : `request failed (${status})`);
    this.status = status;
    this.payload = payload || {};
  }
}

/** Call the JSON API; throws ApiError with the server's message on a 4xx/5xx. */
export async function api(path, { method = "GET", body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (err) {
    throw new ApiError(0, { message: "the server cannot be reached; is it running?" });
  }
  let payload = null;
  try {
    payload = await response.json();
  } catch (err) {
    payload = null;
  }
  if (!response.ok) {
    if (payload && Array.isArray(payload.detail)) {
      const first = payload.detail[0] || {};
      payload = { message: `${(first.loc || []).join(".")}: ${first.msg || "invalid request"}` };
    }
    throw new ApiError(response.status, payload);
  }
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
 * "#hotseat" (every seat whose token is stored), "#watch", "#replay" (may follow the others).
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
  const out = { pairs: [], seat: null, hotseat: false, watch: false, replay: false };
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

/** A seat's display name: "Red", or "Red (Ann)". */
export function seatTitle(seatInfo) {
  if (!seatInfo) return "";
  if (seatInfo.kind === "agent") return `${seatInfo.label} (computer: ${seatInfo.agent})`;
  if (seatInfo.name) return `${seatInfo.label} (${seatInfo.name})`;
  return seatInfo.label;
}
