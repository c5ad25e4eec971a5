// ESLint over the web table's scripts (make test; docs/decisions/0022-javascript-checks.md).
// ESLint's recommended rules (they find bugs: undefined names, unreachable code, duplicate keys,
// unused variables...), no style rules: the layout stays each file's own.
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["src/netjer/web/static/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser },
    },
    rules: {
      // `catch (err) { ... }` that ignores err is how the scripts say "any failure": allowed.
      // Callbacks keep a shared signature (an emblem's (ink, bg)) even where one ignores a part.
      "no-unused-vars": ["error", { caughtErrors: "none", args: "none" }],
      // `let x = fallback; try { x = ... } catch { x = fallback; }` states the fallback twice on
      // purpose: kept.
      "no-useless-assignment": "off",
    },
  },
  {
    // Loaded with a plain <script> tag, not as modules.
    files: ["src/netjer/web/static/lessons-offer.js"],
    languageOptions: { sourceType: "script" },
  },
];
