// Endings besides the rules' victory (netjer.server.endings): a seat's buttons to resign, abort,
// offer a draw, propose to adjourn and answer the others' offer; how a game ended in words (the
// table's result, the lobby's finished tables, the replay); and the confirmation asked in the
// page before anything that cannot be undone (resigning, aborting, deleting a table).

import { api, el, seatTitle, t } from "./common.js";

/** How ``ending`` (a view's or a table summary's ``{how, seats}``) ended the game, in words
 * ("Nut resigned."), or "" when nothing is to be added (a game going on, or ended by its
 * rules: the game's own reason is shown). ``seats`` are the view's seat entries. */
export function endingWords(ending, seats) {
  if (!ending) return "";
  const names = (ending.seats || []).map((s) => (seats && seats[s] ? seatTitle(seats[s]) : String(s))).join(t(" and "));
  switch (ending.how) {
    case "resigned": return t("{seat} resigned.", { seat: names });
    case "time": return t("{seat} ran out of time.", { seat: names });
    case "gone": return t("{seat} left the game (no connection).", { seat: names });
    case "aborted": return t("The game was aborted: no result is recorded.");
    case "agreed": return t("Drawn by agreement.");
    default: return "";
  }
}

/** Who left a game of three or more that went on without them (the seats ``retired``:
 * resigned, or out on time; netjer.server.retired_seats), in words, or "" if nobody did. */
export function retiredWords(seats, finished) {
  const gone = (seats || []).filter((s) => s.retired).map((s) => seatTitle(s));
  if (!gone.length) return "";
  const names = gone.join(t(" and "));
  return finished ? t("{seats} left the game and ranked last.", { seats: names }) : t("{seats} left the game: it goes on without them.", { seats: names });
}

/** Ask in the page before ``action`` (nothing is done until the player confirms): the button
 * ``label`` becomes a question with "Yes, …" and "No" (not "Cancel": in German both the
 * answer and an abort read "Abbrechen"). ``id`` names the button (tests, focus;
 * the confirmation is ``{id}-yes``); ``attrs`` are more attributes of the first button (and,
 * each suffixed ``-yes``, of the confirmation). */
export function confirmButton(id, label, question, yes, action, className = "danger", attrs = {}) {
  const box = el("span", { class: "confirm", id: id ? `${id}-box` : null });
  const ask = el("button", { type: "button", class: className, id: id || null, "data-focus-key": attrs["data-focus-key"] || id, ...attrs }, label);
  const yesAttrs = Object.fromEntries(Object.entries(attrs).filter(([k]) => k !== "data-focus-key").map(([k, v]) => [`${k}-yes`, v]));
  const showAsk = () => box.replaceChildren(ask);
  ask.addEventListener("click", () => {
    const confirm = el("button", { type: "button", class: "danger", id: id ? `${id}-yes` : null, ...yesAttrs, "data-focus-key": `${attrs["data-focus-key"] || id}-yes`, on: { click: () => { box.replaceChildren(); action(); } } }, yes);
    const cancel = el("button", { type: "button", class: "secondary", id: `${id}-no`, on: { click: showAsk } }, t("No"));
    box.replaceChildren(el("span", { class: "question", role: "alert" }, question), " ", confirm, " ", cancel);
    confirm.focus();
  });
  showAsk();
  return box;
}

/** The seat's endings controls for ``view`` (none for a spectator or once it is over).
 * ``send(path, body)`` posts to the table's endings routes with the seat's token;
 * ``comeBack()`` tells the server this seat's player is back at an adjourned table. */
export function endingControls(view, seat, send, comeBack) {
  if (seat === null || seat === undefined || view.finished) return [];
  const mine = view.seats[seat];
  if (!mine || mine.kind !== "human") return [];
  if (mine.retired) {
    // This seat resigned (or is out) and the others play on: nothing left to do but watch.
    return [el("p", { class: "notice info", id: "retired-note", role: "status" },
      t("You have left this game: it goes on without you, and you are ranked last. The table makes your seat's least-impact moves."))];
  }
  const out = [];
  const proposal = view.proposal;
  if (view.adjourned) {
    const back = (view.adjourned.back || []).includes(seat);
    out.push(el("div", { class: "notice info adjourned", role: "status", id: "adjourned-note" },
      el("p", {}, t("The game is adjourned: the clocks are stopped. It resumes when every player is back at the table.")),
      back
        ? el("p", { class: "small" }, t("You are back: waiting for the others."))
        : el("button", { type: "button", id: "i-am-back", "data-focus-key": "i-am-back", on: { click: comeBack } }, t("I am back"))));
  }
  if (proposal) {
    const by = seatTitle(view.seats[proposal.by]);
    const what = proposal.kind === "draw" ? t("{seat} offers a draw.", { seat: by }) : t("{seat} proposes to adjourn the game.", { seat: by });
    if (proposal.agreed.includes(seat)) {
      out.push(el("p", { class: "notice info", id: "offer-waiting", role: "status" }, what, " ", t("Waiting for the others to answer.")));
    } else {
      out.push(el("div", { class: "notice info offer", id: "offer", role: "alert" },
        el("p", {}, what),
        el("button", { type: "button", id: "accept-offer", "data-focus-key": "accept-offer", on: { click: () => send("answer", { accept: true }) } }, t("Accept")),
        " ",
        el("button", { type: "button", class: "secondary", id: "decline-offer", on: { click: () => send("answer", { accept: false }) } }, t("Decline"))));
    }
  }
  const row = el("div", { class: "endings", id: "endings" });
  if (view.can_abort) {
    row.append(confirmButton("abort", t("Abort the game"), t("Abort this game? No result is recorded."), t("Yes, abort"), () => send("abort", {}), "secondary"));
  }
  const question = view.seats.length > 2 ? t("Resign this game? You are ranked last; the others play on.") : t("Resign this game? You lose it.");
  row.append(confirmButton("resign", t("Resign"), question, t("Yes, resign"), () => send("resign", {}), "secondary"));
  if (!proposal && !view.adjourned) {
    if (view.draw_allowed) {
      row.append(el("button", { type: "button", class: "secondary", id: "offer-draw", on: { click: () => send("offer", { kind: "draw" }) } }, t("Offer a draw")));
    }
    if (view.clock) {
      row.append(el("button", { type: "button", class: "secondary", id: "offer-adjourn", title: t("The clocks stop until every player is back"), on: { click: () => send("offer", { kind: "adjourn" }) } }, t("Propose to adjourn")));
    }
  }
  out.push(row);
  return out;
}

/** The endings' refusals (netjer.server.endings) in the page's language, by their code. */
const refusals = () => ({
  over: t("The game is over."),
  too_late: t("Every seat has made a decision: the game can no longer be aborted (you may resign)."),
  no_offer: t("No offer stands any more: a move makes an offer lapse."),
  offered: t("An offer stands: answer it first."),
  no_draw: t("This game cannot end in a draw by agreement here."),
  adjourned: t("The game is adjourned: the clocks are stopped. It resumes when every player is back at the table."),
  resigned: t("You have left this game: it goes on without you."),
});

/** Post an endings request for ``seat`` of ``tableId`` with its token; the new view arrives by
 * the WebSocket. Errors go to ``onError`` (a sentence for the player). */
export async function sendEnding(tableId, seat, token, what, body, onError) {
  try {
    await api(`/api/tables/${encodeURIComponent(tableId)}/${what}`, { method: "POST", token, body: { seat, ...body } });
  } catch (err) {
    onError((err.payload && refusals()[err.payload.error]) || err.message);
  }
}
