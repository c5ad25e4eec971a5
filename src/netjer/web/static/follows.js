// Following tables and players, and their turn notices (issue 31 item 5; the server's rules:
// netjer.server.follows). A signed-in player's follows live in their account; a guest's
// browser keeps the tables it follows in localStorage and names them when it asks for notices.
// Every open Netjer page asks GET /api/notices every 15 s while it is visible, shows the notices
// in a small area (the lobby's "Following" panel, else a corner of the page), and tells a new one
// by the browser's Notification API when the player allowed it (the table page's "Notify me on
// my turn" setting, netjer.notify, is the same).

import { api, el, gameTitle, loadTokens, t, translateLine } from "./common.js";

const GUEST_KEY = "netjer.follows";
const TOLD_KEY = "netjer.noticed";
const HIDDEN_KEY = "netjer.notices-hidden";
const POLL_MS = 15000;

/** What this browser follows: signed in or not, the tables' ids, the players (id -> name). */
export const following = { signedIn: false, tables: new Set(), players: new Map(), loaded: false };

function readList(storage, key) {
  try {
    const found = JSON.parse(storage.getItem(key) || "[]");
    return Array.isArray(found) ? found.map(String) : [];
  } catch (err) {
    return [];
  }
}

function writeList(storage, key, list, keep = 200) {
  try {
    storage.setItem(key, JSON.stringify(list.slice(-keep)));
  } catch (err) {
    // storage disabled: the notices are told again, nothing worse
  }
}

/** Read what is followed: the account's follows, or (a guest) this browser's tables. */
export async function loadFollows() {
  try {
    // a guest asks nothing of the account routes (a 401 would be an error in the page's console)
    const me = await api("/api/account");
    if (!me.signed_in) throw new Error("a guest");
    const found = await api("/api/account/follows");
    following.signedIn = true;
    following.tables = new Set(found.tables.map((x) => x.id));
    following.players = new Map(found.players.map((p) => [p.id, p.name]));
  } catch (err) {
    following.signedIn = false;
    following.tables = new Set(readList(localStorage, GUEST_KEY));
    following.players = new Map();
  }
  following.loaded = true;
  return following;
}

function adopt(found) {
  following.tables = new Set(found.tables.map((x) => x.id));
  following.players = new Map(found.players.map((p) => [p.id, p.name]));
}

/** Follow or unfollow a table (the account's, else this browser's list). */
export async function toggleTable(tableId) {
  const on = !following.tables.has(tableId);
  if (following.signedIn) {
    adopt(on
      ? await api("/api/account/follows", { method: "PUT", body: { table: tableId } })
      : await api(`/api/account/follows/table/${encodeURIComponent(tableId)}`, { method: "DELETE" }));
  } else {
    const list = readList(localStorage, GUEST_KEY).filter((x) => x !== tableId);
    if (on) list.push(tableId);
    writeList(localStorage, GUEST_KEY, list, 50);
    following.tables = new Set(list);
  }
  document.dispatchEvent(new CustomEvent("netjer:follows"));
  pollNotices();
  return on;
}

/** Follow the player named ``name`` (signed in only). */
export async function followPlayer(name) {
  adopt(await api("/api/account/follows", { method: "PUT", body: { name } }));
  pollNotices();
}

/** Stop following the player of account ``id``. */
export async function unfollowPlayer(id) {
  adopt(await api(`/api/account/follows/player/${encodeURIComponent(id)}`, { method: "DELETE" }));
  pollNotices();
}

/** A button following a table or unfollowing it (aria-pressed says which); ``onError`` is told why it failed. */
export function tableFollowButton(tableId, onError) {
  const button = el("button", { type: "button", class: "secondary small", "data-follow-table": tableId, "data-focus-key": `follow-${tableId}` });
  const draw = () => {
    const on = following.tables.has(tableId);
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.textContent = on ? t("Following") : t("Follow");
    button.title = on ? t("Stop being told of the turns at this table") : t("Be told when it is a player's turn at this table");
  };
  button.addEventListener("click", async () => {
    try {
      await toggleTable(tableId);
    } catch (err) {
      if (onError) onError(t("Could not follow: {reason}", { reason: err.message }));
    }
    draw();
  });
  draw();
  return button;
}

/** A player's follow button (their profile page): follow them to be told of their turns. */
export function playerFollowButton(name, id, onError) {
  const button = el("button", { type: "button", class: "secondary", "data-follow-player": name });
  const draw = () => {
    const on = id !== null && following.players.has(id);
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.textContent = on ? t("Following") : t("Follow");
    button.title = t("Be told when it is {name}'s turn, and when {name} sits at a new table", { name });
  };
  button.addEventListener("click", async () => {
    try {
      if (id !== null && following.players.has(id)) await unfollowPlayer(id);
      else await followPlayer(name);
      const found = [...following.players.entries()].find(([, n]) => n === name);
      if (found) id = found[0];
    } catch (err) {
      if (onError) onError(t("Could not follow: {reason}", { reason: err.message }));
    }
    draw();
  });
  draw();
  return button;
}

// ---------- the notices ----------

/** A notice in words: whose turn, at which game and table. */
export function noticeWords(n) {
  const seat = translateLine(n.label, n.game);
  const who = n.player || n.name || seat;
  if (n.kind === "new_table") return t("{name} sits at a new table: {game} (table {id})", { name: who, game: gameTitle(n.title), id: n.table });
  // a seat whose player has no name is named by the seat alone ("Red to play", not "Red (Red)")
  if (who === seat) return t("{seat} to play: {game}, table {id}", { seat, game: gameTitle(n.title), id: n.table });
  return t("{name} to play ({seat}): {game}, table {id}", { name: who, seat, game: gameTitle(n.title), id: n.table });
}

/** Where a notice leads: this browser's seat at that table if it holds it, else watching. */
function noticeLink(n) {
  const mine = loadTokens(n.table);
  const seat = String(n.seat) in mine ? `seat=${n.seat}` : "watch";
  return `/table/${encodeURIComponent(n.table)}#${seat}`;
}

/** Whether the browser may show a notice now (the player allowed it: the table page's setting too). */
export function browserNoticesOn() {
  let wanted = "no";
  try {
    wanted = localStorage.getItem("netjer.notify") || "no";
  } catch (err) {
    // storage disabled
  }
  return wanted === "yes" && "Notification" in window && Notification.permission === "granted";
}

/** Ask the browser for notices (the permission, then the shared setting on); whether they are on. */
export async function allowBrowserNotices() {
  if (!("Notification" in window)) return false;
  let permission = Notification.permission;
  if (permission === "default") permission = await Notification.requestPermission();
  const on = permission === "granted";
  try {
    localStorage.setItem("netjer.notify", on ? "yes" : "no");
  } catch (err) {
    // storage disabled
  }
  return on;
}

/** The current page's table (a table page): its notices are the page's own business. */
function pageTable() {
  const found = window.location.pathname.match(/^\/table\/([^/]+)$/);
  return found ? decodeURIComponent(found[1]) : null;
}

/** The notices' area: the page's #follow-notices, else a small corner box made for it. */
function area() {
  let box = document.getElementById("follow-notices");
  if (!box) {
    box = el("aside", { id: "follow-notices", class: "follow-notices corner", role: "status", "aria-live": "polite", "aria-label": t("Turn notices") });
    document.body.append(box);
  }
  return box;
}

let polling = null;
export let lastNotices = [];

/** Ask for the notices due, draw them, and tell the new ones. */
export async function pollNotices() {
  if (!following.loaded) await loadFollows();
  const guest = following.signedIn ? [] : [...following.tables];
  let found;
  try {
    found = (await api(`/api/notices${guest.length ? `?tables=${guest.map(encodeURIComponent).join(",")}` : ""}`)).notices;
  } catch (err) {
    return; // the server away for a moment: asked again at the next turn of the poll
  }
  const here = pageTable();
  const hidden = new Set(readList(sessionStorage, HIDDEN_KEY));
  lastNotices = found.filter((n) => n.table !== here);
  const shown = lastNotices.filter((n) => !hidden.has(n.key));
  const box = area();
  const corner = box.classList.contains("corner");
  box.replaceChildren(...shown.map((n) => el("p", { class: "follow-notice", "data-notice": n.key, "data-notice-kind": n.kind },
    el("a", { href: noticeLink(n) }, noticeWords(n)),
    el("button", { type: "button", class: "link small", "aria-label": t("Hide this notice"), title: t("Hide this notice"), on: { click: () => {
      writeList(sessionStorage, HIDDEN_KEY, [...readList(sessionStorage, HIDDEN_KEY), n.key]);
      pollNotices();
    } } }, "×"))));
  if (!corner && !shown.length) box.append(el("p", { class: "muted small" }, t("Nothing to tell: no followed player must act now.")));
  box.classList.toggle("hidden", corner && !shown.length);
  const told = readList(localStorage, TOLD_KEY);
  const fresh = lastNotices.filter((n) => !told.includes(n.key));
  if (fresh.length) {
    writeList(localStorage, TOLD_KEY, [...told, ...fresh.map((n) => n.key)]);
    document.body.dataset.followTold = String(Number(document.body.dataset.followTold || 0) + fresh.length);
    if (browserNoticesOn()) {
      for (const n of fresh.slice(0, 3)) {
        try {
          const notice = new Notification(t("Netjer: a followed turn"), { body: noticeWords(n), tag: `netjer-follow-${n.key}` });
          notice.onclick = () => { window.focus(); window.location.href = noticeLink(n); };
        } catch (err) {
          // some browsers allow notices only from a service worker: the area still says it
        }
      }
    }
  }
  document.body.dataset.notices = String(shown.length);
}

/** Poll the notices now and every 15 s while the page is visible. */
export function startNotices() {
  if (polling !== null) return;
  pollNotices();
  polling = setInterval(() => {
    if (document.visibilityState === "visible") pollNotices();
  }, POLL_MS);
}
