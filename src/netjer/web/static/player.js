// A player's profile (GET /api/players/{name}, netjer.server.routes.players): the ratings per
// pool (a provisional one marked "?"), an SVG line graph of each pool's rating after every rated
// game, and the finished games with their replays and published reviews. Public, as lichess's
// profiles are; the computer levels' Elo is another scale and is said so on the page.

import { api, el, formatNumber, formatSigned, gameTitle, loadLanguage, seatTitle, svg, t, translateLine } from "./common.js";
import { endingWords, retiredWords } from "./endings.js";

/** The page's element of this id (any: the page's HTML, not the checker, knows its kind). @type {(id: string) => any} */
const $ = (id) => document.getElementById(id);

/** A rating pool's name in the player's language (netjer.server.ratings.POOLS). */
function poolName(pool) {
  switch (pool) {
    case "aton": return "Aton"; // the games' titles are names: never translated
    case "nile": return "Dioses del Nilo";
    case "ankh-2": return t("Ankh, 2 players");
    case "ankh-3-5": return t("Ankh, 3 to 5 players");
    default: return pool;
  }
}

/** The pools' line colours (one per pool, as POOLS orders them). */
const COLOURS = { aton: "#b8860b", nile: "#1f6fb2", "ankh-2": "#8b2252", "ankh-3-5": "#2e8b57" };

function ratingsTable(ratings) {
  if (!ratings.length) return el("p", { class: "muted" }, t("No rated game yet."));
  return el("table", { class: "ratings" },
    el("thead", {}, el("tr", {}, el("th", {}, t("Game")), el("th", {}, t("Rating")), el("th", {}, t("Deviation")), el("th", {}, t("Rated games")))),
    el("tbody", {}, ...ratings.map((r) => el("tr", { "data-pool": r.pool },
      el("td", {}, poolName(r.pool)),
      el("td", { class: "rating", title: r.provisional ? t("Provisional: the deviation is still high") : null }, `${formatNumber(r.rating, { useGrouping: "min2" })}${r.provisional ? "?" : ""}`),
      el("td", {}, `± ${formatNumber(r.deviation)}`),
      el("td", {}, String(r.games))))));
}

/** The rating history as one SVG line per pool: the x axis counts the rated games (all pools
 * together, oldest first), the y axis is the shown rating. */
function historyGraph(history) {
  if (!history.length) return el("p", { class: "muted" }, t("No rated game yet."));
  const width = 600, height = 220, pad = 40;
  const values = history.flatMap((c) => [c.before, c.after]);
  const low = Math.min(...values) - 20, high = Math.max(...values) + 20;
  const x = (i) => pad + ((width - 2 * pad) * (i + 1)) / history.length;
  const y = (v) => height - pad - ((height - 2 * pad) * (v - low)) / (high - low);
  const lines = [];
  for (const pool of Object.keys(COLOURS)) {
    const points = [];
    history.forEach((c, i) => {
      if (c.pool !== pool) return;
      if (!points.length) points.push(`${pad},${y(c.before)}`);
      points.push(`${x(i)},${y(c.after)}`);
    });
    if (points.length) {
      lines.push(svg("polyline", { points: points.join(" "), fill: "none", stroke: COLOURS[pool], "stroke-width": 2, "data-pool": pool },
        svg("title", {}, poolName(pool))));
    }
  }
  const label = (v) => svg("text", { x: 4, y: y(v) + 4, "font-size": 11, fill: "currentColor" }, String(Math.round(v)));
  const axis = (v) => svg("line", { x1: pad, x2: width - pad, y1: y(v), y2: y(v), stroke: "#999", "stroke-dasharray": "3 3" });
  const legend = [...new Set(history.map((c) => c.pool))].map((pool) =>
    el("span", { class: "legend", style: `color: ${COLOURS[pool] || "inherit"}` }, `— ${poolName(pool)} `));
  return el("figure", {},
    svg("svg", { viewBox: `0 0 ${width} ${height}`, width: "100%", role: "img", "aria-label": t("Rating after each rated game"), id: "history-graph" },
      axis(low + 20), axis(high - 20), label(low + 20), label(high - 20), ...lines),
    el("figcaption", { class: "small muted" }, t("Rating after each rated game"), " ", ...legend));
}

function gameRow(game) {
  const how = endingWords(game.ending, game.seats);
  const retired = retiredWords(game.seats, true); // who left a game of three or more that went on
  const result = translateLine(game.result_text || "", game.game);
  // A seat an account held links to that player's profile.
  const seats = game.seats.flatMap((s, i) => [i ? " · " : "", s.player
    ? el("a", { href: `/player/${encodeURIComponent(s.player)}`, "data-player": s.player }, seatTitle(s))
    : seatTitle(s)]);
  const change = game.rating_change;
  const delta = change ? change.after - change.before : 0;
  const signed = formatSigned(delta);
  return el("li", { "data-table": game.id },
    el("strong", {}, gameTitle(game.title)), " ",
    el("span", { class: "muted small" }, new Date(game.created_at).toLocaleDateString()), " · ",
    ...seats, " · ", [result, how, retired].filter(Boolean).join(" · "),
    game.rated ? el("span", { class: "rated" }, " · ", change ? t("rated: {before} → {after} ({delta})", { before: change.before, after: change.after, delta: signed }) : t("rated")) : null,
    " ",
    el("a", { class: "button secondary", href: game.replay }, t("Replay")),
    game.reviews.length ? el("span", { class: "small" }, " ", t("Published reviews: {seats}", { seats: game.reviews.map((s) => seatTitle(game.seats[s])).join(t(" and ")) })) : null);
}

async function main() {
  await loadLanguage();
  const name = decodeURIComponent(window.location.pathname.split("/").pop() || "");
  try {
    const profile = await api(`/api/players/${encodeURIComponent(name)}`);
    document.title = t("Netjer — {name}", { name: profile.name });
    $("player-name").textContent = profile.name;
    $("ratings").replaceChildren(ratingsTable(profile.ratings));
    $("history").replaceChildren(historyGraph(profile.history));
    $("games").replaceChildren(profile.games.length
      ? el("ul", { class: "games" }, ...profile.games.map(gameRow))
      : el("p", { class: "muted" }, t("No finished game yet.")));
    $("player").classList.remove("hidden");
  } catch (err) {
    $("player-error").textContent = t("Refused: {reason}", { reason: err.message });
    $("player-error").classList.remove("hidden");
  }
  document.body.dataset.ready = "yes";
}

main();
