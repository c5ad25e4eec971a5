// An invitation's page (/invite/<table>#seat=N&code=C): it claims the seat at once (the first
// to open the link takes it), keeps the seat's new token in this browser only, and opens the
// table. The code never reaches a server's log: it travels in the fragment, then in the body.

import { api, loadLanguage, parseFragment, saveToken, t } from "./common.js";

async function main() {
  await loadLanguage();
  const status = document.getElementById("invite-status");
  const tableId = decodeURIComponent(window.location.pathname.split("/").pop() || "");
  const params = new URLSearchParams(window.location.hash.replace(/^#/, ""));
  const seat = parseFragment(window.location.hash).seat;
  const code = params.get("code");
  window.history.replaceState(null, "", window.location.pathname); // the code leaves the address bar
  if (seat === null || !code) {
    status.textContent = t("This invitation link is incomplete: ask for it again.");
    document.body.dataset.claimed = "no";
    return;
  }
  let name = null;
  try {
    name = localStorage.getItem("netjer.name") || null;
  } catch (err) {
    name = null;
  }
  try {
    const me = await api("/api/account");
    if (me.signed_in) name = me.name;
    const taken = await api(`/api/tables/${encodeURIComponent(tableId)}/claim`, { method: "POST", body: { seat, code, name } });
    saveToken(tableId, taken.seat, taken.token);
    document.body.dataset.claimed = "yes";
    window.location.replace(taken.link);
  } catch (err) {
    status.textContent = t("The seat could not be taken: {reason}", { reason: err.message });
    document.body.dataset.claimed = "no";
  }
}

main();
