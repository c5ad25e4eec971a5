// The player aid beside the board (issue 29): a turn's structure, what each action and phase
// does, how scoring and the end work, from the same rules texts as the Rules panel (rules.js:
// GET /api/games/<game>/rules, src/netjer/games/<game>/texts/<language>.toml), and the position's
// own lines a game module may add (an optional ``aid(view) -> [string]`` export; Ankh: the event
// track's next event and the Conflict count). Always shown on a wide screen; on a phone the
// "Player aid" button opens it (table.js).

import { el, t } from "./common.js";
import { loadedRules, loadRules } from "./rules.js";

/** The entries of ``kind`` in the rules texts: [{id, name, line}]. */
function entries(rules, kind) {
  return rules.terms.filter((term) => term.kind === kind);
}

/** A list of entries: each its name and one line; folded when it is long. */
function entryList(title, terms, open) {
  if (!terms.length) return null;
  const list = el("dl", { class: "aid-list" }, ...terms.map((term) => [el("dt", { "data-aid-term": term.id }, term.name), el("dd", {}, term.line)]));
  return el("details", { class: "aid-part", open: open || null }, el("summary", {}, title), list);
}

/** Fill ``box`` with the aid of ``game`` for ``view`` (``extra``: the game's own lines, or []).
 * The rules texts are loaded once per page; until they arrive, only the game's lines show. */
export function renderAid(box, game, extra, redraw) {
  const rules = loadedRules(game);
  if (!rules) {
    loadRules(game).then(redraw, () => {});
  }
  const parts = [];
  if (extra && extra.length) {
    parts.push(el("section", { class: "aid-now", "aria-label": t("Now") }, el("h3", {}, t("Now")), el("ul", {}, ...extra.map((line) => el("li", {}, line)))));
  }
  if (rules) {
    const overview = rules.overview || {};
    if (overview.turn) parts.push(el("h3", {}, t("A turn")), el("p", { "data-aid": "turn" }, overview.turn));
    const phases = entries(rules, "concept").filter((term) => /phase|round|action/i.test(`${term.id} ${term.name}`));
    parts.push(entryList(t("Phases"), phases, true));
    parts.push(entryList(t("The cartouches"), entries(rules, "cartouche"), true));
    const actions = entries(rules, "action");
    parts.push(entryList(t("What each action does"), actions, actions.length <= 8));
    parts.push(entryList(t("Events"), entries(rules, "event"), entries(rules, "event").length <= 4));
    if (overview.win) parts.push(el("h3", {}, t("Scoring and the end")), el("p", { "data-aid": "end" }, overview.win));
  }
  const key = JSON.stringify([game, Boolean(rules), extra || []]);
  if (box.dataset.drawn === key) return; // unchanged: the reader's open parts and scroll stay
  box.dataset.drawn = key;
  const open = new Set([...box.querySelectorAll("details[open] > summary")].map((s) => s.textContent));
  box.replaceChildren(...parts.filter(Boolean));
  for (const details of box.querySelectorAll("details")) if (open.has(details.querySelector("summary").textContent)) details.open = true;
}
