// The follows on the pages other than the lobby (which draws its own "Following" panel): a
// table page gets a Follow button in its header's extras, a player's profile a Follow button
// by the name (signed in, another player's), and both the corner box of turn notices.

import { api, loadLanguage } from "./common.js";
import { following, loadFollows, playerFollowButton, startNotices, tableFollowButton } from "./follows.js";

function say(message) {
  const box = document.getElementById("player-error") || document.getElementById("errors");
  if (box) {
    box.textContent = message;
    box.classList.remove("hidden");
  }
}

async function main() {
  await loadLanguage();
  await loadFollows();
  const path = window.location.pathname;
  const table = path.match(/^\/table\/([^/]+)$/);
  if (table) {
    const extra = document.getElementById("header-extra");
    if (extra) extra.prepend(tableFollowButton(decodeURIComponent(table[1]), say));
  }
  const player = path.match(/^\/player\/([^/]+)$/);
  if (player && following.signedIn) {
    const name = decodeURIComponent(player[1]);
    const me = await api("/api/account").catch(() => null);
    const slot = document.getElementById("player-name");
    if (slot && me && me.name && me.name.toLowerCase() !== name.toLowerCase()) {
      const known = [...following.players.entries()].find(([, n]) => n.toLowerCase() === name.toLowerCase());
      slot.after(playerFollowButton(name, known ? known[0] : null, say));
    }
  }
  startNotices();
  document.body.dataset.follows = "ready";
}

main();
