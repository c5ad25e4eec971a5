// A guided first game in the browser (issue 30 item 1; docs/tutorials.md). The server works the
// lesson out (GET /api/lessons/{name}); this page shows each step on the game's own board (the
// drawings of the table page) and accepts only the step's decision, played on the board, from
// the list of choices or typed. The lesson comes in the page's language (GET /api/lessons/{name}?lang=,
// English where a lesson is not written in it); the other seats' decisions are the engine's words,
// translated here as the table's log lines are (translateLine).

import * as ankh from "./ankh.js";
import * as aton from "./aton.js";
import { api, el, fitTexts, language, loadLanguage, saveCreatorKey, saveToken, t, translateLine } from "./common.js";
import * as nile from "./nile.js";
import { fitBoard } from "./phone.js";
import { actionButton, decorateTerms, installTermTips, loadRules } from "./rules.js";

const RENDERERS = { aton, nile, ankh };
/** The page's element of this id (any: the page's HTML, not the checker, knows its kind). @type {(id: string) => any} */
const $ = (id) => document.getElementById(id);
const name = (() => {
  const raw = location.pathname.split("/").pop() || "";
  try {
    return decodeURIComponent(raw);
  } catch (err) {
    return raw; // a mangled address: the server will say there is no such lesson
  }
})();
let lesson = null;
let index = 0;

function text(id, value) {
  const node = $(id);
  node.textContent = value || "";
  node.hidden = !value && node.tagName !== "P";
}

function norm(action) {
  return String(action).trim().toLowerCase().split(/\s+/).join(" ");
}

function isNarrow() {
  return $("board-area").clientWidth < 640; // as on the table page
}

/** The step's position as a seat's view, the shape the game's drawing takes (table.js). */
function viewOf(step) {
  const renderer = RENDERERS[lesson.game];
  const seats = lesson.seats.map((s) => ({
    ...s,
    kind: "human",
    label: renderer && renderer.seatLabel ? renderer.seatLabel(step.observation, s.seat, s.label) : s.label,
  }));
  return {
    game: lesson.game,
    title: lesson.title,
    observation: step.observation,
    finished: false,
    result_text: null,
    seats,
    to_move: step.to_move,
    legal: step.legal,
    version: step.number,
  };
}

/** Draw the step's board: its buttons answer the step (only a legal action is drawn as one). */
function drawBoard(step) {
  const renderer = RENDERERS[lesson.game];
  const area = $("board-area");
  const controls = $("board-controls");
  if (!renderer) {
    area.replaceChildren();
    controls.replaceChildren();
    return;
  }
  const deciding = Boolean(step.expect);
  const actions = new Set(deciding ? step.legal.map((a) => a.text) : []);
  const ctx = { table: `lesson-${lesson.name}`, seat: lesson.learner, version: step.number, actions, play: answer, rerender: () => drawBoard(step), narrow: isNarrow() };
  const drawn = renderer.render(viewOf(step), ctx);
  area.replaceChildren(drawn.board);
  fitTexts(area);
  fitBoard(area, ctx.narrow);
  decorateTerms(area, lesson.game);
  controls.replaceChildren(...(drawn.prompt ? [el("p", { class: "prompt" }, drawn.prompt)] : []), ...(deciding ? drawn.controls : []));
}

function showStep() {
  const step = lesson.steps[index];
  $("played").replaceChildren(...step.played.map((words) => el("li", {}, translateLine(words))));
  $("play-area").hidden = false;
  $("step").hidden = false;
  $("step-title").textContent = t("Step {number} of {count}", { number: step.number, count: lesson.steps.length });
  text("say", step.say);
  text("rule", step.rule ? t("Rule: {rule}", { rule: step.rule }) : "");
  $("terms").replaceChildren(...step.terms.map((term) => el("abbr", { title: term.line, tabindex: "0", "data-term": term.id }, term.name)));
  $("hint").textContent = "";
  const deciding = Boolean(step.expect);
  // The style sheet gives buttons a display, which the hidden attribute alone does not beat.
  $("next").style.display = deciding ? "none" : "";
  $("answer-form").style.display = deciding ? "" : "none";
  $("choices-box").style.display = deciding ? "" : "none";
  drawChoices(step);
  $("answer").value = "";
  drawBoard(step);
  (deciding ? $("choices").querySelector("button") || $("answer") : $("next")).focus({ preventScroll: true });
}

/** The step's choices as the table lists the legal actions: each its notation and, under it, what
 * it does in the page's words (bare notation told a learner nothing). */
function drawChoices(step) {
  const active = document.activeElement;
  const focused = active instanceof HTMLElement && $("choices").contains(active) ? active.dataset.action : null;
  $("choices").replaceChildren(...step.legal.map((a) => actionButton(lesson.game, a, { class: "secondary", on: { click: () => answer(a.text) } })));
  const again = focused && [...$("choices").querySelectorAll("button")].find((b) => b.dataset.action === focused);
  if (again) again.focus({ preventScroll: true });
}

function answer(choice) {
  const step = lesson.steps[index];
  if (!step || !step.expect) return;
  if (norm(choice) === norm(step.expect)) {
    advance();
    return;
  }
  const legal = step.choices.some((c) => norm(c) === norm(choice));
  const why = legal ? t("That is allowed, but not the move this lesson is about.") : t("'{action}' is not possible here.", { action: choice });
  $("hint").textContent = `${why} ${step.hint || ""}`.trim();
}

function advance() {
  index += 1;
  if (index < lesson.steps.length) {
    showStep();
    return;
  }
  $("step").hidden = true;
  $("play-area").hidden = true;
  $("played").replaceChildren();
  $("finish").hidden = false;
  $("finish-text").textContent = lesson.finish;
  // the level's name is what `--vs` takes; the usual one has a sentence of its own in each language
  $("play-on").textContent = lesson.level === "beginner" ? t("Play a game against the beginner level") : t("Play a game against the {level} level", { level: lesson.level_title || lesson.level });
  // A lesson from the seed's setup goes on at a table: this game, from where the lesson left it.
  // (the style sheet gives buttons a display, which the hidden attribute alone does not beat)
  $("play-here").hidden = !lesson.handover;
  $("play-here").style.display = lesson.handover ? "" : "none";
  if (lesson.handover) $("play-here").focus();
  try {
    localStorage.setItem("netjer.learned." + lesson.name, "1");
  } catch (err) {
    // private mode: the lobby will offer the lesson again
  }
}

/** Hand the lesson's game over: a table whose record is the lesson so far, the rest against the level. */
async function playHere() {
  $("play-here").disabled = true;
  try {
    const made = await api(`/api/lessons/${encodeURIComponent(lesson.name)}/table`, { method: "POST" });
    saveToken(made.id, made.seat, made.token);
    saveCreatorKey(made.id, made.creator_key);
    location.assign(made.link);
  } catch (err) {
    $("error").textContent = String(err.message || err);
    $("play-here").disabled = false;
  }
}

$("begin").addEventListener("click", () => { $("intro").hidden = true; showStep(); });
$("play-here").addEventListener("click", playHere);
$("next").addEventListener("click", advance);
$("answer-form").addEventListener("submit", (event) => { event.preventDefault(); answer($("answer").value); });
window.addEventListener("resize", () => { if (lesson && !$("step").hidden) drawBoard(lesson.steps[index]); });

(async () => {
  await loadLanguage();
  try {
    const response = await fetch(`/api/lessons/${encodeURIComponent(name)}?lang=${encodeURIComponent(language())}`);
    const body = await response.json();
    if (!response.ok) throw new Error(body.message || t("There is no such lesson."));
    lesson = body;
    document.title = lesson.title;
    $("lesson-title").textContent = lesson.title;
    $("intro-text").textContent = lesson.intro;
    $("intro").hidden = false;
    // the rules texts name the board's terms in their tooltips (as on a table)
    installTermTips(lesson.game);
    // the choices' meanings in the page's language once the rules texts arrive
    loadRules(lesson.game).then(() => { if (!$("step").hidden) drawChoices(lesson.steps[index]); }, () => {});
    $("begin").focus();
  } catch (err) {
    $("error").textContent = String(err.message || err);
  }
})();
