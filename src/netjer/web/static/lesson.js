// A guided first game in the browser (issue 30 item 1; docs/tutorials.md). The server works the
// lesson out (GET /api/lessons/{name}); this page shows each step and accepts only its decision.
"use strict";

(function () {
  const name = decodeURIComponent(location.pathname.split("/").pop() || "");
  /** The page's element of this id (any: the page's HTML, not the checker, knows its kind). @type {(id: string) => any} */
  const $ = (id) => document.getElementById(id);
  let lesson = null;
  let index = 0;

  function text(id, value) {
    const el = $(id);
    el.textContent = value || "";
    el.hidden = !value && el.tagName !== "P";
  }

  function norm(action) {
    return action.trim().toLowerCase().split(/\s+/).join(" ");
  }

  function showStep() {
    const step = lesson.steps[index];
    $("played").replaceChildren(...step.played.map((words) => {
      const li = document.createElement("li");
      li.textContent = words;
      return li;
    }));
    $("board").textContent = step.board;
    $("board").hidden = false;
    $("step").hidden = false;
    $("step-title").textContent = `Step ${step.number} of ${lesson.steps.length}`;
    text("say", step.say);
    text("rule", step.rule ? `Rule: ${step.rule}` : "");
    $("terms").replaceChildren(...step.terms.map((term) => {
      const abbr = document.createElement("abbr");
      abbr.title = term.line;
      abbr.tabIndex = 0;
      abbr.textContent = term.name;
      return abbr;
    }));
    $("hint").textContent = "";
    const deciding = Boolean(step.expect);
    // The style sheet gives buttons a display, which the hidden attribute alone does not beat.
    $("next").style.display = deciding ? "none" : "";
    $("answer-form").style.display = deciding ? "" : "none";
    $("choices").replaceChildren(...step.choices.map((choice) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "secondary";
      button.textContent = choice;
      button.addEventListener("click", () => answer(choice));
      return button;
    }));
    $("answer").value = "";
    (deciding ? $("choices").querySelector("button") || $("answer") : $("next")).focus();
  }

  function answer(choice) {
    const step = lesson.steps[index];
    if (norm(choice) === norm(step.expect)) {
      advance();
      return;
    }
    const legal = step.choices.some((c) => norm(c) === norm(choice));
    const why = legal ? "That is allowed, but not the move this lesson is about." : `'${choice}' is not possible here.`;
    $("hint").textContent = `${why} ${step.hint}`;
  }

  function advance() {
    index += 1;
    if (index < lesson.steps.length) {
      showStep();
      return;
    }
    $("step").hidden = true;
    $("played").replaceChildren();
    $("finish").hidden = false;
    $("finish-text").textContent = lesson.finish;
    $("play-on").textContent = `Play a game of ${lesson.title.replace(/^Your first game of /, "")} against the ${lesson.level} level`;
    try { localStorage.setItem("netjer.learned." + lesson.name, "1"); } catch (e) { /* private mode */ }
  }

  $("begin").addEventListener("click", () => { $("intro").hidden = true; showStep(); });
  $("next").addEventListener("click", advance);
  $("answer-form").addEventListener("submit", (event) => { event.preventDefault(); answer($("answer").value); });

  fetch(`/api/lessons/${encodeURIComponent(name)}`)
    .then((response) => response.json().then((body) => ({ ok: response.ok, body })))
    .then(({ ok, body }) => {
      if (!ok) throw new Error(body.message || "no such lesson");
      lesson = body;
      document.title = lesson.title;
      $("lesson-title").textContent = lesson.title;
      $("intro-text").textContent = lesson.intro;
      $("intro").hidden = false;
      $("begin").focus();
    })
    .catch((err) => { $("error").textContent = String(err.message || err); });
})();
