// Boards on a phone (issue 14): in a narrow window the SVG board is drawn large enough that its
// smallest text is at least 12 px and its smallest button at least 40 px, inside a frame that
// pans (scroll, or drag with a finger) and zooms (the − / + / Fit buttons). The page itself never
// scrolls sideways. Wide windows keep the board fitted to its column.

import { el, t } from "./common.js";

export const MIN_TEXT = 12; // px
export const MIN_TAP = 40; // px

/** Whether the player taps rather than clicks: a phone's layout (`narrow`) or a touch screen as
 * the main pointer. The boards' hints then say "Tap…" (their own catalogue messages: a
 * translation is chosen whole, never rewritten word by word). */
export function tapping(narrow) {
  return Boolean(narrow) || window.matchMedia("(pointer: coarse)").matches;
}

let zoom = 1; // the player's zoom, on top of the legible scale (Fit: 0)
const scroll = {}; // per drawing ("map", "tracks", "god-2"...): where it was panned to

/** The factor by which the board, as drawn now, must grow for its text and buttons to be legible. */
function legibleScale(board) {
  let k = 1;
  for (const t of board.querySelectorAll("text")) {
    if (!t.textContent.trim()) continue;
    const ctm = t.getScreenCTM();
    const size = parseFloat(getComputedStyle(t).fontSize) * (ctm ? Math.hypot(ctm.a, ctm.b) : 1);
    if (size > 0) k = Math.max(k, MIN_TEXT / size);
  }
  for (const b of board.querySelectorAll('[role="button"]')) {
    const r = b.getBoundingClientRect();
    const side = Math.min(r.width, r.height);
    if (side > 0) k = Math.max(k, MIN_TAP / side);
  }
  return k;
}

/** Put each board drawing of `area` (the map, and the open panel of a folded board) in a
 * pan-and-zoom frame when `narrow`; keeps the pan and zoom across redraws. */
export function fitBoard(area, narrow) {
  if (!narrow) return;
  const base = area.clientWidth - 2; // inside the frame's border: a fitted board does not pan
  if (base <= 0) return;
  const boards = [...area.querySelectorAll("svg.board")].filter((b) => !b.closest(".hidden"));
  const frames = [];
  for (const board of boards) {
    const key = board.dataset.part || "map";
    board.style.width = `${base}px`;
    const k = legibleScale(board);
    const frame = el("div", { class: "board-pan", tabindex: "0", role: "region", "aria-label": t("{board} (scroll or drag to pan)", { board: board.getAttribute("aria-label") || t("Board") }), "data-frame": key });
    board.replaceWith(frame);
    frame.append(board);
    const saved = scroll[key] || { left: 0, top: 0 };
    frames.push({ frame, board, k, saved });
    frame.addEventListener("scroll", () => { scroll[key] = { left: frame.scrollLeft, top: frame.scrollTop }; });
    // Chromium pans to a focused term only when none of it is in sight: a square at the frame's
    // edge was focused by Tab with a sliver of it showing. A keyboard user's focus is panned to.
    frame.addEventListener("focusin", (event) => {
      if (event.target !== frame && event.target.matches(":focus-visible")) event.target.scrollIntoView({ block: "nearest", inline: "nearest" });
    });
  }
  if (!frames.length) return;
  const apply = () => {
    for (const { frame, board, k } of frames) {
      const factor = zoom === 0 ? 1 : k * zoom;
      board.style.width = `${Math.round(base * factor)}px`;
      frame.dataset.zoom = zoom === 0 ? "fit" : String(zoom);
      frame.dataset.scale = factor.toFixed(2);
    }
  };
  const setZoom = (z) => {
    zoom = z;
    apply();
  };
  const bar = el("div", { class: "zoom-bar", role: "group", "aria-label": t("Zoom the board") },
    el("button", { type: "button", class: "secondary", "data-zoom": "out", "aria-label": t("Zoom out"), on: { click: () => setZoom(zoom === 0 ? 0 : zoom <= 1 ? 0 : zoom / 1.5) } }, "−"),
    el("button", { type: "button", class: "secondary", "data-zoom": "in", "aria-label": t("Zoom in"), on: { click: () => setZoom(zoom === 0 ? 1 : Math.min(zoom * 1.5, 4)) } }, "+"),
    el("button", { type: "button", class: "secondary", "data-zoom": "fit", on: { click: () => setZoom(zoom === 0 ? 1 : 0) } }, t("Fit / Read")),
    el("span", { class: "small muted" }, t("drag to pan")));
  frames[0].frame.before(bar);
  apply();
  for (const { frame, saved } of frames) {
    frame.scrollLeft = saved.left;
    frame.scrollTop = saved.top;
  }
}
