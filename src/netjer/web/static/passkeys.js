// Passkeys on the account page (issue 31 item 1): the signed-in player's passkeys listed,
// added and removed, and signing in with one (any of the site's passkeys, or a named
// account's). The server speaks WebAuthn's JSON forms (base64url for every byte string);
// the browser's API takes and gives ArrayBuffers: the conversions are here, written out
// rather than left to PublicKeyCredential.parseCreationOptionsFromJSON, which older
// browsers lack.

import { api, el, t } from "./common.js";

/** Whether this browser can use passkeys at all (a secure page with WebAuthn). */
export function passkeysAvailable() {
  return typeof window.PublicKeyCredential === "function" && window.isSecureContext && Boolean(navigator.credentials);
}

function fromBase64url(text) {
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0)).buffer;
}

function toBase64url(buffer) {
  let text = "";
  for (const byte of new Uint8Array(buffer)) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function descriptors(list) {
  return (list || []).map((c) => ({ ...c, id: fromBase64url(c.id) }));
}

/** The answer of navigator.credentials.create() or get() in WebAuthn's JSON form. */
function credentialJson(credential) {
  const r = credential.response;
  const response = { clientDataJSON: toBase64url(r.clientDataJSON) };
  if (r.attestationObject) {
    response.attestationObject = toBase64url(r.attestationObject);
    response.transports = typeof r.getTransports === "function" ? r.getTransports() : [];
  } else {
    response.authenticatorData = toBase64url(r.authenticatorData);
    response.signature = toBase64url(r.signature);
    if (r.userHandle) response.userHandle = toBase64url(r.userHandle);
  }
  return {
    id: credential.id,
    rawId: toBase64url(credential.rawId),
    type: credential.type,
    response,
    clientExtensionResults: credential.getClientExtensionResults ? credential.getClientExtensionResults() : {},
    authenticatorAttachment: credential.authenticatorAttachment || undefined,
  };
}

/** Why the browser's passkey prompt ended without a passkey, in words for the player. */
export function browserRefusal(err) {
  if (err && err.name === "NotAllowedError") return t("no passkey was chosen (or the time ran out)");
  if (err && err.name === "InvalidStateError") return t("this device holds a passkey of this account already");
  // a page opened at an address the server's passkeys are not for (http://127.0.0.1 when they are localhost's)
  if (err && err.name === "SecurityError") {
    return location.hostname === "127.0.0.1"
      ? t("passkeys work at the server's own name ({rp}), not at this address", { rp: "localhost" })
      : t("passkeys work at the server's own domain name, not at this address");
  }
  if (err && err.name === "AbortError") return t("the passkey prompt was cancelled");
  if (err && err.name === "NotSupportedError") return t("this browser or device cannot make a passkey of the kind this server asks for");
  if (err && err.name === "ConstraintError") return t("this device cannot check that it is you (set up a PIN, a fingerprint or a face first)");
  // another of the browser's errors: its own words are English whatever the page's language;
  // the console keeps them for whoever looks into it
  console.info("netjer: the passkey prompt ended:", err);
  return t("the browser could not use a passkey ({name})", { name: err && err.name ? err.name : "Error" });
}

/** Make a passkey on this device and register it under ``name``. */
export async function addPasskey(name) {
  const options = await api("/api/account/passkeys/register/options", { method: "POST", body: {} });
  const publicKey = {
    ...options,
    challenge: fromBase64url(options.challenge),
    user: { ...options.user, id: fromBase64url(options.user.id) },
    excludeCredentials: descriptors(options.excludeCredentials),
  };
  let credential;
  try {
    credential = await navigator.credentials.create({ publicKey });
  } catch (err) {
    throw new Error(browserRefusal(err), { cause: err });
  }
  return api("/api/account/passkeys/register", { method: "POST", body: { name, credential: credentialJson(credential) } });
}

/** Sign in with a passkey: the named account's (``name``), or any of the site's. */
export async function signInWithPasskey(name) {
  const options = await api("/api/account/passkeys/signin/options", { method: "POST", body: name ? { name } : {} });
  const publicKey = { ...options, challenge: fromBase64url(options.challenge), allowCredentials: descriptors(options.allowCredentials) };
  let credential;
  try {
    credential = await navigator.credentials.get({ publicKey });
  } catch (err) {
    throw new Error(browserRefusal(err), { cause: err });
  }
  return api("/api/account/passkeys/signin", { method: "POST", body: { credential: credentialJson(credential) } });
}

function shortDate(iso) {
  return iso ? new Date(iso).toLocaleDateString(document.documentElement.lang || undefined) : "";
}

/** List the account's passkeys in ``#passkey-list``, each with its remove button. */
export async function showPasskeys(onError) {
  const list = document.getElementById("passkey-list");
  if (!list) return;
  const keys = await api("/api/account/passkeys");
  list.replaceChildren(
    ...keys.map((k) => {
      const remove = el("button", { type: "button", class: "secondary small", "data-remove-passkey": k.id }, t("Remove"));
      remove.addEventListener("click", async () => {
        try {
          await api(`/api/account/passkeys/${k.id}`, { method: "DELETE" });
        } catch (err) {
          onError(err);
        }
        await showPasskeys(onError);
      });
      const used = k.last_used_at ? t("last used {date}", { date: shortDate(k.last_used_at) }) : t("not used yet");
      const when = el("span", { class: "muted small" }, `${t("added {date}", { date: shortDate(k.created_at) })} · ${used}`);
      return el("li", { "data-passkey": k.name }, el("strong", {}, k.name), " ", when, " ", remove);
    }),
  );
  if (!keys.length) list.replaceChildren(el("li", { class: "muted small" }, t("You have no passkey yet.")));
}
