// The lobby offers the guided first games (GET /api/lessons; docs/tutorials.md) to a first-time
// visitor: a browser that holds no table's seat link and has finished no lesson. The titles come
// in the page's language (the server negotiates it as it does the catalogue).
"use strict";

(function () {
  function firstVisit() {
    try {
      for (let i = 0; i < localStorage.length; i += 1) {
        const key = localStorage.key(i) || "";
        if (key.startsWith("netjer.tokens.") || key.startsWith("netjer.learned.")) return false;
      }
      return true;
    } catch (e) {
      return true; // no storage: every visit is a first one
    }
  }

  /** The lobby's language choice, then the browser's languages (as common.js loadLanguage asks). */
  function wanted() {
    let chosen = null;
    try {
      chosen = localStorage.getItem("netjer.lang");
    } catch (e) {
      // no storage: the browser's languages
    }
    return [chosen, ...(navigator.languages || [navigator.language])].filter(Boolean).slice(0, 16).join(",");
  }

  // A returning visitor sees the offer when the address asks for it (/learn redirects to /#learn).
  const asked = window.location.hash === "#learn";
  if (!firstVisit() && !asked) return;
  fetch(`/api/lessons?lang=${encodeURIComponent(wanted())}`)
    .then((response) => (response.ok ? response.json() : []))
    .then((lessons) => {
      const list = document.getElementById("lessons");
      const panel = document.getElementById("learn-panel");
      if (!list || !panel || !lessons.length) return;
      list.replaceChildren(...lessons.map((lesson) => {
        const li = document.createElement("li");
        const a = document.createElement("a");
        a.href = `/learn/${encodeURIComponent(lesson.name)}`;
        a.textContent = lesson.title;
        li.append(a, ` (${lesson.minutes} min)`);
        return li;
      }));
      panel.classList.remove("hidden");
      if (asked) panel.scrollIntoView();
    })
    .catch(() => { /* the lobby works without the offer */ });
})();
