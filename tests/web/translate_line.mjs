// tests/web/test_translate_line.py: common.js translateLine outside a browser. Reads {catalogue, lines,
// game, module} JSON on stdin (module: common.js as a file URL) and prints the translated lines as JSON.
import { readFileSync } from "node:fs";
const input = JSON.parse(readFileSync(0, "utf-8"));
globalThis.navigator = { languages: [input.catalogue.language] };
globalThis.localStorage = { getItem: () => null, setItem: () => {}, removeItem: () => {} };
globalThis.document = { documentElement: {}, querySelectorAll: () => [] };
globalThis.fetch = async () => ({ ok: true, status: 200, json: async () => input.catalogue });
const common = await import(input.module);
await common.loadLanguage();
const out = input.lines.map((line) => common.translateLine(line, input.game));
process.stdout.write(JSON.stringify(out));
