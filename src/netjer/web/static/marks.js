// The last decisions shown on the board (issue 29): the elements that changed since the viewing
// seat's last decision are marked, and a drawing that follows another is animated from it.
//
// A game's drawing gives every piece and place a ``data-key`` naming what it stands for, the same
// in every drawing (never a hidden value), and its module may export
// ``changedKeys(prevView, view) -> Set`` of the keys that changed. markChanged() outlines those
// elements (class "last-move", in style.css's --mark). animate() compares a drawing with the one
// it replaces: an element whose key is in both at another place slides there, a new one appears,
// one that is gone fades where it was; each in at most 400 ms, none under prefers-reduced-motion.

import { svg } from "./common.js";

export const DURATION = 360; // ms, every animation (the issue allows 400)

/** Whether the player asked their system for less motion. */
export function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Outline the elements of ``board`` (a drawn SVG in the page) whose data-key is in ``keys``;
 * returns how many. An element inside a marked one gets the class but not a second outline. */
export function markChanged(board, keys) {
  if (!board || !keys || !keys.size) return 0;
  let marked = 0;
  for (const node of board.querySelectorAll("[data-key]")) {
    if (!keys.has(node.dataset.key)) continue;
    node.classList.add("last-move");
    marked += 1;
    if (node.parentElement && node.parentElement.closest(".last-move")) continue;
    let box;
    try {
      box = node.getBBox();
    } catch (err) {
      continue; // not drawn (display: none): the class alone
    }
    node.append(svg("rect", { class: "mark-ring", x: box.x - 3, y: box.y - 3, width: box.width + 6, height: box.height + 6, rx: 6, "aria-hidden": "true" }));
  }
  return marked;
}

/** Where each keyed element of the board in ``area`` is now, to animate the next drawing from:
 * {root, viewBox, map: key -> {rect (screen), node, matrix (its parent's user space in the root's)}}. */
export function snapshot(area) {
  const map = new Map();
  const root = area.querySelector("svg.board");
  if (!root) return { root: null, viewBox: null, map };
  const rootMatrix = root.getScreenCTM();
  for (const node of root.querySelectorAll("[data-key]")) {
    const rect = node.getBoundingClientRect();
    if (!rect.width && !rect.height) continue;
    const parent = node.parentNode && node.parentNode.getScreenCTM ? node.parentNode.getScreenCTM() : null;
    const matrix = rootMatrix && parent ? rootMatrix.inverse().multiply(parent) : null;
    map.set(node.dataset.key, { rect, node, matrix });
  }
  return { root, viewBox: root.getAttribute("viewBox"), map };
}

/** Animate the board now in ``area`` from ``before`` (a snapshot of the drawing it replaced, of
 * the same layout); returns the animations started (none under prefers-reduced-motion). */
export function animate(area, before) {
  const root = area.querySelector("svg.board");
  if (!root || !before || !before.root || !before.map.size || reducedMotion()) return [];
  if (root.getAttribute("viewBox") !== before.viewBox) return []; // another layout: nothing to follow
  const started = [];
  const seen = new Set();
  const timing = { duration: DURATION, easing: "ease-out" };
  for (const node of root.querySelectorAll("[data-key]")) {
    const key = node.dataset.key;
    seen.add(key);
    const old = before.map.get(key);
    const rect = node.getBoundingClientRect();
    if (!old) {
      started.push(node.animate([{ opacity: 0 }, { opacity: 1 }], timing));
      continue;
    }
    const dx = old.rect.left - rect.left;
    const dy = old.rect.top - rect.top;
    if (Math.hypot(dx, dy) < 1 || node.hasAttribute("transform")) continue;
    const m = node.parentNode.getScreenCTM();
    const scale = m ? Math.hypot(m.a, m.b) || 1 : 1;
    started.push(node.animate([{ transform: `translate(${dx / scale}px, ${dy / scale}px)` }, { transform: "translate(0px, 0px)" }], timing));
  }
  for (const [key, old] of before.map) {
    if (seen.has(key) || !old.matrix || (old.node.parentElement && old.node.parentElement.closest("[data-key]"))) continue;
    // gone: a silent copy of what the page showed fades where it was
    const copy = old.node.cloneNode(true);
    for (const n of [copy, ...copy.querySelectorAll("*")]) {
      for (const attr of ["role", "tabindex", "aria-label", "data-key", "data-action", "data-focus-key", "id"]) n.removeAttribute(attr);
    }
    copy.querySelectorAll("title").forEach((n) => n.remove());
    const { a, b, c, d, e, f } = old.matrix;
    const ghost = svg("g", { class: "leaving", transform: `matrix(${a} ${b} ${c} ${d} ${e} ${f})`, "aria-hidden": "true", "pointer-events": "none" }, copy);
    root.append(ghost);
    const fade = ghost.animate([{ opacity: 1 }, { opacity: 0 }], { ...timing, fill: "forwards" });
    fade.finished.then(() => ghost.remove(), () => ghost.remove());
    started.push(fade);
  }
  document.body.dataset.animations = String(Number(document.body.dataset.animations || 0) + started.length);
  return started;
}
