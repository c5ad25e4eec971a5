// The Rules panel and the board's term tips, from the game's rules texts
// (GET /api/games/<game>/rules: src/netjer/games/<game>/texts/en.toml via netjer.core.texts).
//
// openRules(game, termId) shows a dialog with the game's overview and every entry, searchable;
// installTermTips(game) makes every element carrying data-term="<entry id>" explain itself:
// hovering, focusing or long-pressing it shows the entry's one line with a link to the full
// entry; "?" on a focused term opens that entry. All data goes in as text (textContent), never
// as markup.

import { el, language, t, tn } from "./common.js";

const cache = new Map(); // game -> Promise of the rules JSON
const loaded = new Map(); // game -> the rules JSON, once it has arrived

/** The game's rules texts if they have arrived (loadRules), else null. */
export function loadedRules(game) {
  return loaded.get(game) || null;
}

/** The one-line meaning of a legal action in the page's language, from its rules entry ``termId``
 * (as netjer.core.texts.RulesTexts.meaning words it: "Name: line" for a card, power or Guardian),
 * or ``fallback`` (the server's English words) until the texts have arrived. */
export function meaningIn(game, termId, fallback) {
  const rules = loadedRules(game);
  const term = rules && termId ? rules.terms.find((x) => x.id === termId) : null;
  if (!term) return fallback;
  return ["card", "power", "guardian"].includes(term.kind) ? `${term.name}: ${term.line}` : term.line;
}

/** A legal action ``a`` ({text, meaning, term}, as a seat's view and a lesson list it) as a
 * button: its notation and, under it, what it does in the page's words (meaningIn); ``attrs``
 * are the button's other attributes (its click). The table's list and a lesson's choices. */
export function actionButton(game, a, attrs) {
  const meaning = meaningIn(game, a.term, a.meaning);
  const label = meaning ? `${a.text}: ${meaning}` : a.text;
  return el("button", { type: "button", "data-action": a.text, "aria-label": label, title: label, ...attrs },
    el("span", { class: "legal-text" }, a.text),
    meaning ? el("span", { class: "legal-meaning" }, meaning) : null);
}

/** The game's rules texts (cached per page): {overview, terms: [{id, kind, name, line, rule, source, aliases, web}]}. */
export function loadRules(game) {
  if (!cache.has(game)) {
    // the page's language when the game has texts in it (404 otherwise), else English
    const get = (lang) => fetch(`/api/games/${encodeURIComponent(game)}/rules?lang=${encodeURIComponent(lang)}`, { headers: { Accept: "application/json" } });
    const p = get(language()).then((r) => (r.status === 404 && language() !== "en" ? get("en") : r)).then((r) => {
      if (!r.ok) throw new Error(t("no rules texts for {game} ({status})", { game, status: r.status }));
      return r.json();
    });
    p.then((rules) => loaded.set(game, rules), () => cache.delete(game));
    cache.set(game, p);
  }
  return cache.get(game);
}

const loose = (text) => String(text).toLowerCase().replace(/[^a-z0-9]/g, "");

/** The entry `key` names: an id, then a shown name or an alias (case and punctuation ignored). */
export function findTerm(rules, key) {
  if (!rules || !key) return null;
  const exact = rules.terms.find((t) => t.id === key);
  if (exact) return exact;
  const k = loose(key);
  return rules.terms.find((t) => [t.id, t.name, ...(t.aliases || [])].some((n) => loose(n) === k)) || null;
}

/** Entries whose name, aliases, line or rule contain every word of `query` (names first). */
export function searchTerms(rules, query) {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return rules.terms;
  const scored = [];
  for (const t of rules.terms) {
    const title = [t.name, t.id, ...(t.aliases || [])].join(" ").toLowerCase();
    const body = `${t.line} ${t.rule}`.toLowerCase();
    if (!words.every((w) => title.includes(w) || body.includes(w))) continue;
    scored.push([words.every((w) => title.includes(w)) ? 0 : 1, t]);
  }
  scored.sort((a, b) => a[0] - b[0]);
  return scored.map(([, t]) => t);
}

// ---------- the panel ----------

let dialog = null;
let returnFocus = null;

/** An entry's kind in words. */
function kindWord(kind) {
  const words = {
    action: t("action"), event: t("event"), card: t("card"), power: t("power"), guardian: t("Guardian"), god: t("god"),
    cartouche: t("cartouche"), square: t("square"), token: t("token"), piece: t("piece"), zone: t("zone"),
    track: t("track"), concept: t("concept"), symbol: t("symbol"),
  };
  return words[kind] || kind;
}

function entryNode(term) {
  return el("article", { class: "rule-entry", id: `rule-${term.id}`, "data-term-entry": term.id, tabindex: "-1" },
    el("h3", {}, term.name, " ", el("span", { class: "muted small" }, `(${kindWord(term.kind)})`)),
    el("p", { class: "rule-line" }, term.line),
    el("p", { class: "rule-text" }, term.rule),
    // what to click here (the terminal's words stay in the terminal)
    term.web ? el("p", { class: "rule-how" }, term.web) : null,
    // where it comes from, for the curious: shown with the panel's "Show the sources"
    el("p", { class: "rule-source muted small" }, t("Source: {source}", { source: term.source })));
}

/** The panel is modal: Tab past its last control goes to its first, Shift+Tab before its first
 * to its last (the keyboard left it for the page behind, where Escape no longer closed it). */
function keepTabInside(event) {
  const focusable = [...dialog.querySelectorAll("button, input, summary, a[href], [tabindex='0']")].filter((n) => !n.disabled && n.getClientRects().length);
  if (!focusable.length) return;
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  const active = document.activeElement;
  if (event.shiftKey && (active === first || first.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_PRECEDING)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || last.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING)) {
    event.preventDefault();
    first.focus();
  }
}

function closeRules() {
  if (!dialog) return;
  dialog.classList.add("hidden");
  if (returnFocus && document.contains(returnFocus)) returnFocus.focus();
  returnFocus = null;
}

/** Open the Rules panel of `game`, scrolled to the entry `termId` when given. */
export async function openRules(game, termId = null) {
  hideTip();
  returnFocus = document.activeElement;
  if (!dialog) {
    dialog = el("div", { id: "rules", class: "rules-dialog hidden", role: "dialog", "aria-modal": "true", "aria-labelledby": "rules-title" });
    dialog.addEventListener("keydown", (e) => {
      if (e.key === "Escape") {
        e.stopPropagation();
        closeRules();
      } else if (e.key === "Tab") {
        keepTabInside(e);
      }
    });
    dialog.addEventListener("click", (e) => { if (e.target === dialog) closeRules(); });
    document.body.append(dialog);
  }
  dialog.classList.remove("hidden");
  dialog.replaceChildren(el("div", { class: "rules-box" }, el("p", {}, t("Loading the rules…"))));
  let rules;
  try {
    rules = await loadRules(game);
  } catch (err) {
    dialog.replaceChildren(el("div", { class: "rules-box" }, el("p", { role: "alert" }, String(err.message)),
      el("button", { type: "button", on: { click: closeRules } }, t("Close"))));
    return;
  }
  const o = rules.overview;
  const list = el("div", { class: "rules-entries", id: "rules-entries" });
  const count = el("p", { class: "muted small", "aria-live": "polite", id: "rules-count" });
  const search = el("input", { type: "search", id: "rules-search", placeholder: t("Search the rules"), title: t("Search: a card, a power, an action…"), "aria-label": t("Search the rules"), autocomplete: "off" });
  const show = () => {
    const found = searchTerms(rules, search.value);
    list.replaceChildren(...found.map(entryNode));
    count.textContent = search.value.trim() ? tn("{n} entry found", "{n} entries found", found.length) : tn("{n} entry", "{n} entries", found.length);
  };
  search.addEventListener("input", show);
  const overview = el("details", { class: "rules-overview", open: termId ? null : true },
    el("summary", {}, t("How to play")),
    el("h3", {}, t("Goal")), el("p", {}, o.goal),
    el("h3", {}, t("A turn")), el("p", {}, o.turn),
    el("h3", {}, t("How to win")), el("p", {}, o.win),
    el("p", { class: "rule-source muted small" }, t("Source: {source}", { source: o.source })));
  const close = el("button", { type: "button", class: "secondary", id: "rules-close", on: { click: closeRules } }, t("Close"));
  // the rules' sources (sections of docs/rules/) stay out of the texts: one switch shows them all
  const box = el("div", { class: "rules-box" });
  const sources = el("input", { type: "checkbox", id: "rules-sources", on: { change: () => box.classList.toggle("show-sources", sources.checked) } });
  box.append(el("div", { class: "rules-head" }, el("h2", { id: "rules-title" }, t("Rules: {game}", { game: o.title })), close),
    overview, search, el("div", { class: "rules-tools" }, count, el("label", { class: "inline small muted", for: "rules-sources" }, sources, " ", t("Show the sources"))), list);
  dialog.replaceChildren(box);
  show();
  const wanted = termId ? findTerm(rules, termId) : null;
  const target = wanted ? dialog.querySelector(`[data-term-entry="${CSS.escape(wanted.id)}"]`) : null;
  if (target) {
    target.classList.add("rule-target");
    target.scrollIntoView({ block: "start" });
    target.focus();
  } else {
    search.focus();
  }
}

// ---------- tips on the board ----------

let tip = null;
let tipFor = null;
let hideTimer = null;

function hideTip() {
  clearTimeout(hideTimer);
  if (tip) tip.classList.add("hidden");
  if (tipFor) tipFor.removeAttribute("aria-describedby");
  tipFor = null;
}

async function showTip(game, target) {
  clearTimeout(hideTimer);
  let rules;
  try {
    rules = await loadRules(game);
  } catch {
    return;
  }
  const term = findTerm(rules, target.dataset.term);
  if (!term || !document.contains(target)) return;
  if (!tip) {
    tip = el("div", { id: "term-tip", class: "term-tip hidden", role: "tooltip" });
    tip.addEventListener("mouseenter", () => clearTimeout(hideTimer));
    tip.addEventListener("mouseleave", () => { hideTimer = setTimeout(hideTip, 300); });
    document.body.append(tip);
  }
  tip.replaceChildren(
    el("strong", {}, term.name), " ", el("span", {}, term.line), " ",
    el("a", { href: `#rule-${term.id}`, class: "tip-link", "data-tip-term": term.id, on: { click: (e) => { e.preventDefault(); openRules(game, term.id); } } }, t("Full rule")),
    el("span", { class: "muted small" }, ` ${t("(? key)")}`));
  tip.classList.remove("hidden");
  tipFor = target;
  target.setAttribute("aria-describedby", "term-tip");
  const box = target.getBoundingClientRect();
  const width = Math.min(320, document.documentElement.clientWidth - 16);
  tip.style.maxWidth = `${width}px`;
  const left = Math.max(8, Math.min(box.left + window.scrollX, window.scrollX + document.documentElement.clientWidth - width - 8));
  tip.style.left = `${left}px`;
  tip.style.top = `${box.bottom + window.scrollY + 6}px`;
}

/** Make every [data-term] element of the page explain itself (once per page). */
export function installTermTips(game) {
  if (document.body.dataset.termTips) return;
  document.body.dataset.termTips = game;
  // a term is marked on HTML and on SVG (the boards): either has a dataset
  const termOf = (node) => (node instanceof Element ? /** @type {HTMLElement | SVGElement | null} */ (node.closest("[data-term]")) : null);
  document.addEventListener("mouseover", (e) => {
    const t = termOf(e.target);
    if (t && t !== tipFor) showTip(game, t);
  });
  document.addEventListener("mouseout", (e) => {
    const t = termOf(e.target);
    if (t && !(e.relatedTarget instanceof Node && t.contains(e.relatedTarget))) hideTimer = setTimeout(hideTip, 300);
  });
  document.addEventListener("focusin", (e) => {
    const t = termOf(e.target);
    if (t) showTip(game, t);
    else if (!(tip && tip.contains(e.target))) hideTip();
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape") hideTip();
    const t = termOf(e.target);
    if (t && e.key === "?") { e.preventDefault(); openRules(game, t.dataset.term); }
  });
  // a long press (touch screens): the browser's context menu event
  document.addEventListener("contextmenu", (e) => {
    const t = termOf(e.target);
    if (t) { e.preventDefault(); showTip(game, t); }
  });
}

/** Make the [data-term] elements under `root` reachable from the keyboard and named. */
export function decorateTerms(root, game = null) {
  const rules = game ? loadedRules(game) : null;
  for (const node of root.querySelectorAll("[data-term]")) {
    if (!node.hasAttribute("tabindex")) node.setAttribute("tabindex", "0");
    // a term holding buttons or other terms is a group (an img's children are hidden from screen readers)
    if (node instanceof SVGElement && !node.hasAttribute("role")) node.setAttribute("role", node.querySelector('[role="button"], [data-term]') ? "group" : "img");
    if (!node.hasAttribute("aria-label")) {
      // its own title only: a title further in is a square's or a button's (an Aton temple was
      // named after its first square's action)
      const title = node.querySelector(":scope > title");
      // without a title (a token, a temple, a cartouche) the entry's name: focusable, it had no name at all
      const term = title ? null : findTerm(rules, node.dataset.term);
      if (title || term) node.setAttribute("aria-label", title ? title.textContent : term.name);
    }
  }
}

/** A "Rules" button that opens the panel of `game`. */
export function rulesButton(game, label = null) {
  return el("button", { type: "button", class: "secondary rules-button", "data-rules": game, on: { click: () => openRules(game) } }, label || t("Rules"));
}
