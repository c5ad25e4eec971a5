// Moderation on the pages (issue 31 items 5 and 6): who is at the table (presence, from the
// server's sockets), a chat line's mute and report buttons for a signed-in player, and the
// account page's list of muted and blocked players with their undo.

import { api, el, t, tn } from "./common.js";

/** The signed-in player (null: a guest), asked once per page. @type {Promise<any> | null} */
let me = null;
/** The seats whose lines this page stopped showing since it muted their player. */
const mutedSeats = new Set();

/** Who is signed in on this page (``{signed_in, name, id}``). */
export function whoAmI() {
  if (me === null) me = api("/api/account").catch(() => ({ signed_in: false }));
  return me;
}

/** A seat's mark of presence: whether a page of its player is connected now. */
export function presenceMark(view, seat) {
  const seats = view.presence && Array.isArray(view.presence.seats) ? view.presence.seats : null;
  if (!seats || seat >= seats.length || view.seats[seat].kind !== "human") return null;
  const here = Boolean(seats[seat]);
  const words = here ? t("connected") : t("not connected");
  return el("span", { class: here ? "presence here" : "presence away", title: words, "aria-label": words, "data-presence": here ? "here" : "away", "data-presence-seat": seat }, here ? "●" : "○");
}

/** Show a view's presence on the seats drawn already (a ``presence`` message: no redraw). */
export function showPresence(view) {
  for (const mark of document.querySelectorAll("[data-presence-seat]")) {
    const seat = Number(mark.getAttribute("data-presence-seat"));
    const fresh = presenceMark(view, seat);
    if (fresh) mark.replaceWith(fresh);
  }
  showWatching(view);
}

/** How many pages watch the table, in a line after the seats (none when nobody watches). */
export function showWatching(view) {
  const seats = document.getElementById("seats");
  if (!seats) return;
  let line = document.getElementById("watching");
  if (!line) {
    line = el("p", { id: "watching", class: "small muted" });
    seats.after(line);
  }
  const count = view.presence ? view.presence.watching || 0 : 0;
  line.textContent = tn("{n} spectator is watching", "{n} spectators are watching", count);
  line.classList.toggle("hidden", count === 0);
}

/** Whether a chat line is one this page muted (the server leaves out the next ones). */
export function mutedLine(m) {
  return !m.spectator && mutedSeats.has(m.seat);
}

/** A chat line's buttons for a signed-in player: mute its seat's player, report it. */
export function chatLineActions(view, m, seat, onMuted) {
  const box = el("span", { class: "chat-actions" });
  whoAmI().then((who) => {
    if (!who || !who.signed_in || (!m.spectator && m.seat === seat)) return;
    const report = el("button", { type: "button", class: "link small", "data-report": m.id }, t("Report"));
    report.addEventListener("click", async () => {
      try {
        await api(`/api/tables/${view.table}/chat/${m.id}/report`, { method: "POST" });
        report.replaceWith(el("span", { class: "small muted" }, t("Reported")));
      } catch (err) {
        report.title = err.message;
      }
    });
    const mute = m.spectator ? null : el("button", { type: "button", class: "link small", "data-mute": m.seat }, t("Mute"));
    if (mute) {
      mute.addEventListener("click", async () => {
        try {
          await api("/api/account/marks/mute", { method: "PUT", body: { table: view.table, seat: m.seat } });
          mutedSeats.add(m.seat);
          onMuted();
        } catch (err) {
          mute.title = err.message;
          mute.disabled = true;
        }
      });
    }
    box.append(...[mute, report].filter(Boolean));
  });
  return box;
}

/** The account page's lists of muted and blocked players, each with its undo. */
export async function showMarks() {
  const marks = await api("/api/account/marks");
  for (const kind of ["mute", "block"]) {
    const list = document.getElementById(`${kind}-list`);
    if (!list) continue;
    const people = marks[kind] || [];
    list.replaceChildren(
      ...people.map((p) => {
        const undo = el("button", { type: "button", class: "secondary small", "data-unmark": `${kind}:${p.id}` }, kind === "mute" ? t("Unmute") : t("Unblock"));
        undo.addEventListener("click", async () => {
          await api(`/api/account/marks/${kind}/${p.id}`, { method: "DELETE" });
          await showMarks();
        });
        return el("li", {}, el("span", {}, p.name || t("deleted player")), " ", undo);
      }),
    );
    if (!people.length) list.replaceChildren(el("li", { class: "muted small" }, kind === "mute" ? t("You mute nobody.") : t("You block nobody.")));
  }
}

/** Mute or block a player by name (the account page's form). */
export function markByName(kind, name) {
  return api(`/api/account/marks/${kind}`, { method: "PUT", body: { name } });
}
