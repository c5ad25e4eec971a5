// The account page: sign up and sign in (a guest; by password or passkey), or the signed-in
// player's account: sign out (here or everywhere), passkeys, change the password, export the
// games, delete the account.
// The session lives in cookies the server sets (netjer_session: HttpOnly; netjer_csrf: sent
// back by api() as the X-CSRF-Token header).

import { api, el, loadLanguage, t } from "./common.js";
import { markByName, showMarks } from "./moderation.js";
import { addPasskey, passkeysAvailable, showPasskeys, signInWithPasskey } from "./passkeys.js";

/** The page's element of this id (any: the page's HTML, not the checker, knows its kind). @type {(id: string) => any} */
const $ = (id) => document.getElementById(id);

function say(box, message) {
  for (const id of ["account-error", "account-done"]) $(id).classList.add("hidden");
  if (!message) return;
  $(box).textContent = message;
  $(box).classList.remove("hidden");
}

async function show() {
  const me = await api("/api/account");
  $("signed-out").classList.toggle("hidden", me.signed_in);
  $("signed-in").classList.toggle("hidden", !me.signed_in);
  if (me.signed_in) $("me-title").replaceChildren(el("span", {}, t("Signed in as {name}", { name: me.name })));
  if (me.signed_in) await showMarks();
  if (me.signed_in) await showPasskeys((err) => say("account-error", t("Refused: {reason}", { reason: err.message })));
  const usable = passkeysAvailable();
  $("passkey-signin").classList.toggle("hidden", !usable);
  $("passkey-form").classList.toggle("hidden", !usable);
  $("passkeys-unavailable").classList.toggle("hidden", usable);
  if (me.signed_in) $("profile-link").href = `/player/${encodeURIComponent(me.name)}`;
  document.body.dataset.signedIn = me.signed_in ? "yes" : "no";
  document.body.dataset.ready = "yes";
}

/** Send a form's request; on success say ``done`` and show the page anew, else the server's reason. */
function handle(formId, request, done) {
  $(formId).addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await request();
      $(formId).reset();
      say("account-done", done);
    } catch (err) {
      say("account-error", t("Refused: {reason}", { reason: err.message }));
    }
    await show();
  });
}

async function main() {
  await loadLanguage();
  const credentials = (prefix) => ({ name: $(`${prefix}-name`).value.trim(), password: $(`${prefix}-password`).value });
  handle("signup-form", () => api("/api/account/signup", { method: "POST", body: credentials("signup") }), t("Welcome: your account is made and you are signed in."));
  handle("signin-form", () => api("/api/account/signin", { method: "POST", body: credentials("signin") }), t("You are signed in."));
  handle("password-form", () => api("/api/account/password", { method: "POST", body: { old: $("old-password").value, new: $("new-password").value } }), t("Your password is changed; other devices are signed out."));
  handle("delete-form", () => api("/api/account", { method: "DELETE", body: { password: $("delete-password").value } }), t("Your account is deleted. Your games stay."));
  handle("passkey-form", () => addPasskey($("passkey-name").value.trim()), t("Your passkey is added: it signs you in on this site from now on."));
  $("signin-passkey").addEventListener("click", async () => {
    try {
      await signInWithPasskey($("signin-name").value.trim());
      say("account-done", t("You are signed in."));
    } catch (err) {
      say("account-error", t("Refused: {reason}", { reason: err.message }));
    }
    await show();
  });
  /** @type {Array<[string, boolean]>} */
  const signouts = [["signout", false], ["signout-everywhere", true]];
  for (const [id, everywhere] of signouts) {
    $(id).addEventListener("click", async () => {
      try {
        await api("/api/account/signout", { method: "POST", body: { everywhere } });
        say("account-done", everywhere ? t("Every device is signed out.") : t("You are signed out."));
      } catch (err) {
        say("account-error", t("Refused: {reason}", { reason: err.message }));
      }
      await show();
    });
  }
  $("mark-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const kind = event.submitter && event.submitter.dataset.kind === "block" ? "block" : "mute";
    try {
      await markByName(kind, $("mark-name").value.trim());
      $("mark-form").reset();
      say("account-done", kind === "block" ? t("The player is blocked.") : t("The player is muted."));
    } catch (err) {
      say("account-error", t("Refused: {reason}", { reason: err.message }));
    }
    await show();
  });
  await show();
}

main();
