// The lobby's "Rules" button: opens the Rules panel (rules.js) of the game chosen in the form.

import { openRules } from "./rules.js";

const button = document.getElementById("rules-open");
const select = /** @type {HTMLSelectElement | null} */ (document.getElementById("game"));
if (button && select) {
  button.addEventListener("click", () => {
    if (select.value) openRules(select.value);
  });
}
