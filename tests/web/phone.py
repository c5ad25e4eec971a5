"""Measurements of a page as a phone shows it (390 x 844): horizontal overflow, tap targets, text sizes."""

from __future__ import annotations

from typing import Any

PHONE = {"width": 390, "height": 844}
MIN_TAP = 40  # px, WCAG 2.5.5's 44 px target less the usual tolerance; the issue asks 40
MIN_TEXT = 12  # px

#: In the page: the page's overflow, the visible clickable elements smaller than MIN_TAP, and
#: the visible texts rendered smaller than MIN_TEXT (SVG text measured by its drawn height).
MEASURE = """([minTap, minText]) => {
  const doc = document.documentElement;
  const visible = (e) => {
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    const s = getComputedStyle(e);
    return s.visibility !== "hidden" && s.display !== "none" && !e.closest(".hidden, [hidden]");
  };
  const label = (e) => `${e.tagName.toLowerCase()}#${e.id || ""}` +
    `.${(e.getAttribute("class") || "").replace(/ /g, ".")}` +
    `[${e.getAttribute("aria-label") || e.textContent.trim().slice(0, 30)}]`;
  const small = [];
  const clickable = 'button, a[href], select, input, summary, [role="button"], [role="tab"]';
  for (const e of document.querySelectorAll(clickable)) {
    if (!visible(e)) continue;
    const r = e.getBoundingClientRect();
    const size = `${Math.round(r.width)}x${Math.round(r.height)}`;
    if (r.width < minTap - 0.5 || r.height < minTap - 0.5) small.push(`${label(e)} ${size}`);
  }
  const tiny = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const e = n.parentElement;
    if (!n.textContent.trim() || !e || !visible(e) || e.closest("title, script, style")) continue;
    let px;
    if (e instanceof SVGElement) {
      const ctm = e.getScreenCTM();
      const size = parseFloat(getComputedStyle(e).fontSize);
      px = ctm ? size * Math.hypot(ctm.a, ctm.b) : size;
    } else {
      px = parseFloat(getComputedStyle(e).fontSize);
    }
    if (px < minText - 0.05) tiny.push(`${label(e)} ${px.toFixed(1)}px`);
  }
  return { scrollWidth: doc.scrollWidth, width: window.innerWidth, small, tiny };
}"""


def measure(page: Any) -> dict[str, Any]:
    """The page's overflow and its too-small tap targets and texts (see MEASURE)."""
    result: dict[str, Any] = page.evaluate(MEASURE, [MIN_TAP, MIN_TEXT])
    return result
